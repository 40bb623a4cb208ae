package slurmbridge

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestJobNodeLimitAsksSacctmgr: JobNodeLimit's three sacctmgr questions, argv by argv, with
// the names it learns from one answer in the next question, and the limit Slurm's
// precedence gives from the answers (through the slurm-command double, which answers each
// call in turn). Names that could not be Slurm's are refused before any command runs.
func TestJobNodeLimitAsksSacctmgr(t *testing.T) {
	ctx := context.Background()
	b, d := newDouble(t, "scontrol", "sacctmgr")
	d.set("scontrol", "stdout", "Configuration data as of 2026-11-27T08:00:00\nClusterName             = multi\nControlMachine          = head\n")
	d.set("sacctmgr", "stdout.1", "research\n")
	d.set("sacctmgr", "stdout.2", "|node=3|normal,job1|job1\ngpu|node=1|gpuqos|gpuqos\n")
	d.set("sacctmgr", "stdout.3", "job1|node=1|\npart|node=2|\n")
	got, err := b.JobNodeLimit(ctx, "pgalice", Partition{Name: "cpu", QOS: "part"})
	want := PerJobNodeLimit{Nodes: 2, From: "qos part", QOS: "job1", PartitionQOS: "part"}
	if err != nil || got != want {
		t.Fatalf("JobNodeLimit: %+v %v, want %+v", got, err, want)
	}
	for i, argv := range []string{
		"-nP show user where name=pgalice cluster=multi format=DefaultAccount",
		"-nP show assoc where cluster=multi user=pgalice account=research format=Partition,MaxTRES,QOS,DefaultQOS",
		"-nP show qos where name=job1,part format=Name,MaxTRES,Flags",
	} {
		if got := strings.Join(strings.Fields(d.get("sacctmgr", "argv."+strconv.Itoa(i+1))), " "); got != argv {
			t.Errorf("sacctmgr call %d: %q, want %q", i+1, got, argv)
		}
	}
	if calls := strings.TrimSpace(d.get("sacctmgr", "calls")); calls != "3" {
		t.Errorf("sacctmgr ran %s times, want 3", calls)
	}

	// Without a partition QOS, only the job's is asked for; the gpu partition's association
	// line (matched without case) gives its QOS and limit.
	b, d = newDouble(t, "scontrol", "sacctmgr")
	d.set("scontrol", "stdout", "ClusterName = multi\n")
	d.set("sacctmgr", "stdout.1", "research\n")
	d.set("sacctmgr", "stdout.2", "|node=3|normal|normal\ngpu|node=1|gpuqos|gpuqos\n")
	d.set("sacctmgr", "stdout.3", "gpuqos||\n")
	got, err = b.JobNodeLimit(ctx, "pgalice", Partition{Name: "GPU"})
	if want := (PerJobNodeLimit{Nodes: 1, From: "association", QOS: "gpuqos"}); err != nil || got != want {
		t.Fatalf("JobNodeLimit without a partition QOS: %+v %v, want %+v", got, err, want)
	}
	if got := strings.Join(strings.Fields(d.get("sacctmgr", "argv.3")), " "); got != "-nP show qos where name=gpuqos format=Name,MaxTRES,Flags" {
		t.Errorf("the QOS question: %q", got)
	}

	// An answer that is not sacctmgr's: a parse error, no third question.
	b, d = newDouble(t, "scontrol", "sacctmgr")
	d.set("scontrol", "stdout", "ClusterName = multi\n")
	d.set("sacctmgr", "stdout.1", "research\n")
	d.set("sacctmgr", "stdout.2", "<html>\n")
	var parseErr *ParseError
	if _, err := b.JobNodeLimit(ctx, "pgalice", Partition{Name: "cpu"}); !errors.As(err, &parseErr) {
		t.Errorf("a garbled association: %v", err)
	}
	if calls := strings.TrimSpace(d.get("sacctmgr", "calls")); calls != "2" {
		t.Errorf("sacctmgr ran %s times after a garbled answer, want 2", calls)
	}

	// A partition QOS in slurm.conf's capitals is asked for in sacctmgr's lower case; one
	// whose name could not be Slurm's never reaches the argv, and the other limits apply.
	for _, c := range []struct {
		qos, asked string
		want       PerJobNodeLimit
	}{
		{"GpuPart", "name=normal,gpupart", PerJobNodeLimit{Nodes: 2, From: "qos gpupart", QOS: "normal", PartitionQOS: "gpupart"}},
		{"part,normal", "name=normal", PerJobNodeLimit{Nodes: 3, From: "association", QOS: "normal"}},
		{"bad qos", "name=normal", PerJobNodeLimit{Nodes: 3, From: "association", QOS: "normal"}},
	} {
		b, d = newDouble(t, "scontrol", "sacctmgr")
		d.set("scontrol", "stdout", "ClusterName = multi\n")
		d.set("sacctmgr", "stdout.1", "research\n")
		d.set("sacctmgr", "stdout.2", "|node=3|normal|normal\n")
		d.set("sacctmgr", "stdout.3", "gpupart|node=2|\nnormal||\n")
		if c.asked == "name=normal" {
			d.set("sacctmgr", "stdout.3", "normal||\n")
		}
		got, err := b.JobNodeLimit(ctx, "pgalice", Partition{Name: "gpu", QOS: c.qos})
		if err != nil || got != c.want {
			t.Errorf("partition QOS %q: %+v %v, want %+v", c.qos, got, err, c.want)
		}
		if argv := d.get("sacctmgr", "argv.3"); !strings.Contains(argv, "\n"+c.asked+"\n") {
			t.Errorf("partition QOS %q: asked %q, want %s", c.qos, argv, c.asked)
		}
	}

	// A user name that could not be Slurm's is refused before anything runs.
	b, d = newDouble(t, "scontrol", "sacctmgr")
	for _, user := range []string{"pg alice", "pgalice,root", ""} {
		if _, err := b.JobNodeLimit(ctx, user, Partition{Name: "cpu"}); err == nil {
			t.Errorf("user %q: no error", user)
		}
	}
	for _, command := range []string{"sacctmgr", "scontrol"} {
		if _, err := os.Stat(filepath.Join(d.dir, command+".calls")); !os.IsNotExist(err) {
			t.Errorf("%s ran for a bad name: %v", command, err)
		}
	}
}
