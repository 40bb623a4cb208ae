package e2e

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/petagrid/petagrid/site/client"
	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/site/siteapi"
	"github.com/petagrid/petagrid/slurmbridge"
)

// TestBenchSite is `make bench-site`: it measures, in one run on the test cluster,
//  1. 200 jobs through the site API (signed requests, journal, rendering, runuser, sbatch)
//     against a plain sbatch loop of the same number of jobs: the ratio of wall times
//     (goal ≤ 1.2);
//  2. slurmctld RPCs per tracker interval (sdiag, the daemon's user) with 10 and with 1,000
//     tracked jobs (goal: the same).
//
// It only runs when PETAGRID_BENCH_SITE=1: it takes minutes and fills the test cluster.
func TestBenchSite(t *testing.T) {
	if os.Getenv("PETAGRID_BENCH_SITE") != "1" {
		t.Skip("set PETAGRID_BENCH_SITE=1 (make bench-site)")
	}
	b := testBridge(t)
	ctx := siteContext(t, 20*time.Minute)
	const jobs = 200
	report := func(format string, args ...any) { fmt.Printf("bench-site: "+format+"\n", args...) }

	// Each round: a plain sbatch loop (one process per job, as a researcher would write it),
	// then 200 jobs through the site API with each way of becoming the researcher. Every
	// measurement starts on an idle cluster (the previous jobs have all ended), and the
	// rounds repeat so that the medians, not one noisy run, are compared.
	const rounds = 5
	script := []byte("#!/bin/sh\ntrue\n")
	methods := []string{"runuser", "setuid"}
	daemons := map[string]*siteDaemon{}
	for _, m := range methods {
		daemons[m] = startSite(t, siteOptions{trackerInterval: "1s", workers: 4, runAs: m})
	}
	// On this machine the jobs would run on the same two cores as slurmctld and the
	// submitters; on a real site they run on compute nodes. The node is drained while a
	// measurement runs (sbatch still accepts jobs; they wait) and resumed after, so both
	// sides are measured without their own jobs competing for the CPU.
	nodes, err := b.Nodes(ctx)
	if err != nil || len(nodes) == 0 {
		t.Fatalf("nodes: %v", err)
	}
	node := nodes[0].Name
	drain := func(on bool) { setDrain(ctx, t, node, on, true) }
	defer setDrain(ctx, t, node, false, false)
	times := map[string][]float64{}
	for round := 0; round < rounds; round++ {
		tag := uniqueTag(t)
		drain(true)
		start := time.Now()
		for i := 0; i < jobs; i++ {
			cmd := exec.CommandContext(ctx, "sbatch", "--parsable", "--job-name="+tag, "--partition=cpu", "--account=research", "--mem=64M", "--time=5", "--chdir=/tmp", "--output=/dev/null")
			cmd.Env = append(os.Environ(), "SLURM_CONF="+os.Getenv("PETAGRID_TEST_SLURM_CONF"))
			cmd.Stdin = bytes.NewReader(script)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("sbatch: %v %s", err, out)
			}
		}
		times["sbatch"] = append(times["sbatch"], time.Since(start).Seconds())
		drain(false)
		waitTagDone(ctx, t, b, tag)
		for _, m := range methods {
			s := daemons[m]
			alice := s.client("pgalice")
			wf := workflowYAML("bench", "true")
			drain(true)
			start := time.Now()
			ids := make([]string, 0, jobs)
			for i := 0; i < jobs; i++ {
				v, _, err := alice.Submit(ctx, siteapi.SubmitRequest{Workflow: wf})
				if err != nil {
					t.Fatal(err)
				}
				ids = append(ids, v.ID)
			}
			waitSubmitted(ctx, t, s.admin(), jobs*(round+1))
			times[m] = append(times[m], time.Since(start).Seconds())
			drain(false)
			waitRuns(ctx, t, alice, ids)
		}
	}
	baseline := median(times["sbatch"])
	report("plain sbatch loop: %d jobs, median %.2f s over %d rounds %v", jobs, baseline, rounds, rounded(times["sbatch"]))
	for _, m := range methods {
		ratios := make([]float64, rounds)
		for i := range ratios {
			ratios[i] = times[m][i] / times["sbatch"][i]
		}
		report("site API (runAs %s): %d jobs in Slurm, median %.2f s %v; per-round ratios to the sbatch loop %v, median %.2f (goal ≤ 1.2)",
			m, jobs, median(times[m]), rounded(times[m]), rounded(ratios), median(ratios))
	}
	daemons["runuser"].stop()
	s := daemons["setuid"]
	alice := s.client("pgalice")

	// Tracker load with 10 and with 1,000 tracked jobs (the node runs 16 at a time; the rest
	// wait, which is what a busy site looks like).
	long := workflowYAML("tracked", "sleep 900")
	var tracked []string
	defer func() {
		cancel := exec.Command("scancel", "-u", "pgalice")
		cancel.Env = append(os.Environ(), "SLURM_CONF="+os.Getenv("PETAGRID_TEST_SLURM_CONF"))
		cancel.Run()
	}()
	for _, n := range []int{10, 1000} {
		for len(tracked) < n {
			v, _, err := alice.Submit(ctx, siteapi.SubmitRequest{Workflow: long})
			if err != nil {
				t.Fatal(err)
			}
			tracked = append(tracked, v.ID)
		}
		waitSubmitted(ctx, t, s.admin(), rounds*jobs+n)
		time.Sleep(3 * time.Second) // let the tracker settle into its rhythm
		perInterval, byType := rpcsPerInterval(ctx, t, b, 15*time.Second, time.Second)
		report("tracked jobs %4d: %.2f slurmctld RPCs per 1 s tracker interval by the daemon (%s)", n, perInterval, byType)
	}
}

// waitSubmitted waits until n runs of the journal have all their jobs in Slurm.
func waitSubmitted(ctx context.Context, t *testing.T, c *client.Client, n int) {
	t.Helper()
	for {
		runs, err := c.List(ctx, client.ListOptions{All: true, Limit: 10000})
		if err != nil {
			t.Fatal(err)
		}
		done := 0
		for _, r := range runs {
			switch r.State {
			case runstate.Accepted, runstate.Rendered, runstate.Submitting:
			default:
				done++
			}
		}
		if done >= n {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("only %d of %d runs submitted", done, n)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// rpcsPerInterval counts the RPCs root (the daemon's user; nothing else runs as root
// meanwhile) makes to slurmctld over window, per tracker interval.
func rpcsPerInterval(ctx context.Context, t *testing.T, b *slurmbridge.Bridge, window, interval time.Duration) (float64, string) {
	t.Helper()
	before, err := b.ControllerStats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(window)
	after, err := b.ControllerStats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	rootRPCs := after.RPCByUser["root"].Count - before.RPCByUser["root"].Count - 1 // the second sdiag
	delta := after.RPCsSince(before)
	delete(delta, "REQUEST_STATS_INFO")
	var parts []string
	for name, n := range delta {
		parts = append(parts, fmt.Sprintf("%s=%d", name, n))
	}
	sort.Strings(parts)
	return float64(rootRPCs) / (window.Seconds() / interval.Seconds()), "all users over the window: " + strings.Join(parts, " ")
}

func median(v []float64) float64 {
	c := append([]float64{}, v...)
	sort.Float64s(c)
	return c[len(c)/2]
}

func rounded(v []float64) []string {
	out := make([]string, len(v))
	for i, x := range v {
		out[i] = fmt.Sprintf("%.2f", x)
	}
	return out
}

// waitTagDone waits until no job named tag is left in the controller.
func waitTagDone(ctx context.Context, t *testing.T, b *slurmbridge.Bridge, tag string) {
	t.Helper()
	for {
		jobs, err := b.ListJobs(ctx, slurmbridge.JobQuery{Names: []string{tag}})
		if err != nil {
			t.Fatal(err)
		}
		live := 0
		for _, j := range jobs {
			if !j.State.Terminal() {
				live++
			}
		}
		if live == 0 {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("%d jobs of %s still live", live, tag)
		case <-time.After(500 * time.Millisecond):
		}
	}
}

// setDrain drains the node (jobs are accepted but wait) or resumes it.
func setDrain(ctx context.Context, t *testing.T, node string, on, must bool) {
	args := []string{"update", "NodeName=" + node, "State=RESUME"}
	if on {
		args = []string{"update", "NodeName=" + node, "State=DRAIN", "Reason=bench-site"}
	}
	cmd := exec.CommandContext(ctx, "scontrol", args...)
	cmd.Env = append(os.Environ(), "SLURM_CONF="+os.Getenv("PETAGRID_TEST_SLURM_CONF"))
	if out, err := cmd.CombinedOutput(); err != nil && must {
		t.Fatalf("scontrol %v: %v %s", args, err, out)
	}
}
