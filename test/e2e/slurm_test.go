// Package e2e holds PetaGrid's end-to-end tests. They run against the real single-node Slurm
// test cluster started by test/cluster/cluster (make test starts it and exports its
// SLURM_CONF as PETAGRID_TEST_SLURM_CONF).
package e2e

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/slurmbridge"
)

// testBridge is a bridge to the first test cluster.
func testBridge(t *testing.T) *slurmbridge.Bridge {
	t.Helper()
	return clusterBridge(t, "PETAGRID_TEST_SLURM_CONF", "test/cluster/cluster up")
}

// clusterBridge is a bridge to the test cluster whose slurm.conf is in confVar. Without it the
// test is skipped, unless make test asked for the clusters (PETAGRID_REQUIRE_CLUSTER): then a
// missing cluster fails the run instead of being skipped without anyone noticing.
func clusterBridge(t *testing.T, confVar, startWith string) *slurmbridge.Bridge {
	t.Helper()
	conf := os.Getenv(confVar)
	if conf == "" {
		if os.Getenv("PETAGRID_REQUIRE_CLUSTER") != "" {
			t.Fatalf("%s is not set: start the cluster with %s", confVar, startWith)
		}
		t.Skipf("no test cluster: run `make test`, or set %s after %s", confVar, startWith)
	}
	log := logrus.New()
	log.SetLevel(logrus.WarnLevel)
	b, err := slurmbridge.New(slurmbridge.Config{Conf: conf}, log)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func testContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func uniqueTag(t *testing.T) string {
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		t.Fatal(err)
	}
	return "e2e-" + hex.EncodeToString(b[:])
}

func submit(t *testing.T, b *slurmbridge.Bridge, req slurmbridge.SubmitRequest) uint32 {
	t.Helper()
	if req.Tag == "" {
		req.Tag = uniqueTag(t)
	}
	if req.WorkDir == "" {
		req.WorkDir = t.TempDir()
	}
	res, err := b.Submit(testContext(t), req)
	if err != nil {
		t.Fatalf("submit: %v", err)
	}
	t.Cleanup(func() { _ = b.Cancel(context.Background(), res.JobID, "") })
	return res.JobID
}

func script(body string) []byte { return []byte("#!/bin/sh\n" + body + "\n") }

// accountingRecord polls slurmdbd until the job's final record arrives (slurmctld sends it
// asynchronously, usually within a second). The run is identified by id and submit time, as
// the controller reports them: a cluster whose state was reset reuses job ids.
func accountingRecord(t *testing.T, b *slurmbridge.Bridge, id uint32, format slurmbridge.AccountingFormat) slurmbridge.AccountingRecord {
	t.Helper()
	ctx := testContext(t)
	jobs, err := b.ListJobs(ctx, slurmbridge.JobQuery{IDs: []uint32{id}})
	if err != nil || len(jobs) == 0 {
		t.Fatalf("job %d is not in the controller: %v", id, err)
	}
	submitted := jobs[0].SubmitTime
	for {
		recs, err := b.Accounting(ctx, slurmbridge.AccountingQuery{
			Start: time.Now().Add(-time.Hour), End: time.Now().Add(time.Minute), JobIDs: []uint32{id}, Format: format,
		})
		if err != nil {
			t.Fatalf("accounting for job %d: %v", id, err)
		}
		for _, r := range recs {
			if r.JobID == id && r.SubmitTime.Equal(submitted) && r.State.Terminal() && !r.EndTime.IsZero() && !r.Incomplete {
				return r
			}
		}
		select {
		case <-ctx.Done():
			t.Fatalf("no final accounting record for job %d (got %+v)", id, recs)
		case <-time.After(300 * time.Millisecond):
		}
	}
}

func waitFor(t *testing.T, b *slurmbridge.Bridge, id uint32) []slurmbridge.Job {
	t.Helper()
	jobs, err := b.WaitForJob(testContext(t), id, 200*time.Millisecond)
	if err != nil {
		t.Fatalf("waiting for job %d: %v", id, err)
	}
	return jobs
}

func TestJobCompletesWithAccountingRecord(t *testing.T) {
	b := testBridge(t)
	dir := t.TempDir()
	tag := uniqueTag(t)
	id := submit(t, b, slurmbridge.SubmitRequest{Script: script("echo hello from $SLURM_JOB_NAME; srun true"), Tag: tag, WorkDir: dir})
	jobs := waitFor(t, b, id)
	if len(jobs) != 1 || jobs[0].State != slurmbridge.StateCompleted || jobs[0].Exit == nil || *jobs[0].Exit != (slurmbridge.ExitStatus{}) {
		t.Fatalf("final state %+v", jobs)
	}
	if jobs[0].Name != tag || jobs[0].WorkDir != dir {
		t.Errorf("job name %q workdir %q, want tag %q and %q", jobs[0].Name, jobs[0].WorkDir, tag, dir)
	}
	out, err := os.ReadFile(filepath.Join(dir, "slurm-"+itoa(id)+".out"))
	if err != nil || strings.TrimSpace(string(out)) != "hello from "+tag {
		t.Errorf("job output %q, %v", out, err)
	}
	rec := accountingRecord(t, b, id, slurmbridge.FormatAuto)
	if rec.State != slurmbridge.StateCompleted || rec.Exit == nil || rec.Exit.Code != 0 || rec.Name != tag {
		t.Errorf("accounting record %+v", rec)
	}
	if rec.StartTime.Before(rec.SubmitTime) || rec.EndTime.Before(rec.StartTime) || rec.EndTime.Location() != time.UTC {
		t.Errorf("times submit %s start %s end %s", rec.SubmitTime, rec.StartTime, rec.EndTime)
	}
	var stepIDs []string
	for _, s := range rec.Steps {
		stepIDs = append(stepIDs, s.ID)
	}
	if strings.Join(stepIDs, ",") != "batch,0" {
		t.Errorf("steps %v, want batch,0", stepIDs)
	}
	if cpus, _ := slurmbridge.TRESCount(rec.AllocTRES, "cpu"); cpus < 1 {
		t.Errorf("allocated TRES %v", rec.AllocTRES)
	}
	if rec.Provenance.SlurmRelease == "" || len(rec.Provenance.RawSHA256) != 64 {
		t.Errorf("provenance %+v", rec.Provenance)
	}
	found, err := b.FindByTag(testContext(t), tag, time.Now().Add(-time.Hour))
	if err != nil || len(found) != 1 || found[0] != id {
		t.Errorf("FindByTag(%s) = %v, %v; want [%d]", tag, found, err, id)
	}
}

func TestFailingJobReportsExitCode(t *testing.T) {
	b := testBridge(t)
	id := submit(t, b, slurmbridge.SubmitRequest{Script: script("exit 7")})
	jobs := waitFor(t, b, id)
	if jobs[0].State != slurmbridge.StateFailed || jobs[0].Exit == nil || *jobs[0].Exit != (slurmbridge.ExitStatus{Code: 7}) {
		t.Fatalf("controller view %+v exit %+v", jobs[0].State, jobs[0].Exit)
	}
	// Both accounting paths must report exit 7 (22.05's JSON alone would say 0).
	for _, format := range []slurmbridge.AccountingFormat{slurmbridge.FormatAuto, slurmbridge.FormatParsable} {
		rec := accountingRecord(t, b, id, format)
		if rec.State != slurmbridge.StateFailed || rec.Exit == nil || *rec.Exit != (slurmbridge.ExitStatus{Code: 7}) {
			t.Errorf("%q accounting: state %s exit %+v", format, rec.State, rec.Exit)
		}
	}
}

func TestCancel(t *testing.T) {
	b := testBridge(t)
	ctx := testContext(t)
	id := submit(t, b, slurmbridge.SubmitRequest{Script: script("sleep 300")})
	for {
		jobs, err := b.ListJobs(ctx, slurmbridge.JobQuery{IDs: []uint32{id}})
		if err != nil {
			t.Fatal(err)
		}
		if len(jobs) == 1 && jobs[0].State == slurmbridge.StateRunning {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	if err := b.Cancel(ctx, id, ""); err != nil {
		t.Fatalf("cancel: %v", err)
	}
	jobs := waitFor(t, b, id)
	if jobs[0].State != slurmbridge.StateCancelled {
		t.Errorf("state after cancel %s", jobs[0].State)
	}
	if err := b.Cancel(ctx, id, ""); !errors.Is(err, slurmbridge.ErrJobFinished) {
		t.Errorf("cancelling a cancelled job gave %v", err)
	}
	if err := b.Cancel(ctx, 3999999999, ""); !errors.Is(err, slurmbridge.ErrJobNotFound) {
		t.Errorf("cancelling an unknown job gave %v", err)
	}
	if rec := accountingRecord(t, b, id, slurmbridge.FormatAuto); rec.State != slurmbridge.StateCancelled {
		t.Errorf("accounting state %s", rec.State)
	}
}

func TestArrayJob(t *testing.T) {
	b := testBridge(t)
	id := submit(t, b, slurmbridge.SubmitRequest{Script: script("exit $SLURM_ARRAY_TASK_ID"), Array: "0-3%2"})
	jobs := waitFor(t, b, id)
	if len(jobs) != 4 {
		t.Fatalf("%d array records, want 4: %+v", len(jobs), jobs)
	}
	seen := map[uint32]bool{}
	for _, j := range jobs {
		if j.ArrayJobID != id || j.ArrayTaskID == nil {
			t.Fatalf("record %+v is not a task of array %d", j, id)
		}
		task := *j.ArrayTaskID
		seen[task] = true
		want := slurmbridge.StateCompleted
		if task != 0 {
			want = slurmbridge.StateFailed
		}
		if j.State != want || j.Exit == nil || j.Exit.Code != int(task) {
			t.Errorf("task %d: %s exit %+v", task, j.State, j.Exit)
		}
	}
	if len(seen) != 4 {
		t.Errorf("tasks %v", seen)
	}
}

func TestAfterokDependency(t *testing.T) {
	b := testBridge(t)
	ctx := testContext(t)
	// The first job runs until the test has looked at the second, however slow the machine
	// (two minutes at most, so that a failed test leaves no job behind).
	release := filepath.Join(t.TempDir(), "release")
	first := submit(t, b, slurmbridge.SubmitRequest{Script: script("i=0; while [ ! -e '" + release + "' ] && [ $i -lt 600 ]; do sleep 0.2; i=$((i+1)); done")})
	t.Cleanup(func() { _ = b.Cancel(context.Background(), first, "") })
	second := submit(t, b, slurmbridge.SubmitRequest{Script: script("true"), Dependency: "afterok:" + itoa(first)})
	jobs, err := b.ListJobs(ctx, slurmbridge.JobQuery{IDs: []uint32{second}})
	if err != nil || len(jobs) != 1 {
		t.Fatalf("%v %v", jobs, err)
	}
	if jobs[0].State != slurmbridge.StatePending || jobs[0].Reason != "Dependency" {
		t.Errorf("dependent job while the first runs: %s (%s)", jobs[0].State, jobs[0].Reason)
	}
	if err := os.WriteFile(release, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	firstDone := waitFor(t, b, first)[0]
	secondDone := waitFor(t, b, second)[0]
	if secondDone.State != slurmbridge.StateCompleted || secondDone.StartTime.Before(firstDone.EndTime) {
		t.Errorf("dependent job %s started %s, first ended %s", secondDone.State, secondDone.StartTime, firstDone.EndTime)
	}
}

func TestInventoryShowsFakeGPUs(t *testing.T) {
	b := testBridge(t)
	ctx := testContext(t)
	nodes, err := b.Nodes(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(nodes) != 1 {
		t.Fatalf("%d nodes", len(nodes))
	}
	n := nodes[0]
	if len(n.GRES) != 1 || n.GRES[0].Name != "gpu" || n.GRES[0].Type != "fake" || n.GRES[0].Count != 4 {
		t.Errorf("node GRES %+v", n.GRES)
	}
	if slurmbridge.GPUs(n.TRES) != 4 || n.CPUs != 16 || strings.Join(n.Partitions, ",") != "cpu,gpu" {
		t.Errorf("node %+v", n)
	}
	parts, err := b.Partitions(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(parts) != 2 || parts[0].Name != "cpu" || !parts[0].Default || parts[1].Name != "gpu" || parts[1].State != "UP" {
		t.Errorf("partitions %+v", parts)
	}
}

func TestGPUJobGetsDeviceIndices(t *testing.T) {
	b := testBridge(t)
	ctx := testContext(t)
	dir := t.TempDir()
	id := submit(t, b, slurmbridge.SubmitRequest{
		Script: script(`echo "$SLURM_JOB_GPUS" > gpus.txt; sleep 20`), WorkDir: dir,
		Partition: "gpu", Options: []string{"--gres=gpu:fake:2"},
	})
	var job slurmbridge.Job
	for {
		var err error
		if job, err = b.JobDetail(ctx, id); err != nil {
			t.Fatal(err)
		}
		if job.State == slurmbridge.StateRunning {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	if len(job.GRES) != 1 || len(job.GRES[0].GRES) != 1 {
		t.Fatalf("GRES detail %+v", job.GRES)
	}
	g := job.GRES[0].GRES[0]
	if g.Type != "fake" || g.Count != 2 || len(g.Indices) != 2 || g.Indices[0] == g.Indices[1] || g.Indices[1] > 3 {
		t.Errorf("GPU allocation %+v", g)
	}
	if slurmbridge.GPUs(job.AllocTRES) != 2 {
		t.Errorf("allocated TRES %v", job.AllocTRES)
	}
	// The indices the bridge parsed are the ones Slurm gave the job itself.
	want := strconv.Itoa(g.Indices[0]) + "," + strconv.Itoa(g.Indices[1])
	var got string
	for ctx.Err() == nil {
		data, _ := os.ReadFile(filepath.Join(dir, "gpus.txt"))
		if got = strings.TrimSpace(string(data)); got != "" {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if got != want {
		t.Errorf("the job saw SLURM_JOB_GPUS=%q, the bridge parsed indices %q (the harness needs mknod for its fake GPU devices)", got, want)
	}
	if _, err := b.JobDetail(ctx, 3999999999); !errors.Is(err, slurmbridge.ErrJobNotFound) {
		t.Errorf("detail of an unknown job gave %v", err)
	}
}

func TestSlurmRefusalsAreTyped(t *testing.T) {
	b := testBridge(t)
	cases := map[string]struct {
		req  slurmbridge.SubmitRequest
		want error
	}{
		"partition": {slurmbridge.SubmitRequest{Partition: "nope"}, slurmbridge.ErrInvalidPartition},
		"account":   {slurmbridge.SubmitRequest{Account: "nope"}, slurmbridge.ErrInvalidAccount},
		"qos limit": {slurmbridge.SubmitRequest{QOS: "tiny", Options: []string{"--cpus-per-task=2"}}, slurmbridge.ErrQOSLimit},
		"qos":       {slurmbridge.SubmitRequest{QOS: "nope"}, slurmbridge.ErrInvalidQOS},
		"gres":      {slurmbridge.SubmitRequest{Partition: "gpu", Options: []string{"--gres=gpu:fake:9"}}, slurmbridge.ErrUnavailableConfig},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			req := c.req
			req.Script, req.Tag, req.WorkDir = script("true"), uniqueTag(t), t.TempDir()
			res, err := b.Submit(testContext(t), req)
			var refusal *slurmbridge.RefusalError
			if !errors.Is(err, c.want) || !errors.As(err, &refusal) || refusal.Message == "" {
				t.Fatalf("got %+v, %v; want a refusal %v with Slurm's message", res, err, c.want)
			}
		})
	}
}

// Names Slurm users can give their jobs outside PetaGrid must not confuse the bridge.
func TestHostileJobNamesFromOtherSubmitters(t *testing.T) {
	b := testBridge(t)
	name := "a|b \"c\" 'd'\nnext ünï"
	cmd := exec.Command("sbatch", "--parsable", "--job-name="+name, "--chdir="+t.TempDir(), "--wrap=exit 2")
	cmd.Env = append(os.Environ(), "SLURM_CONF="+os.Getenv("PETAGRID_TEST_SLURM_CONF"))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("sbatch: %v", err)
	}
	id64, err := strconv.ParseUint(strings.TrimSpace(string(out)), 10, 32)
	if err != nil {
		t.Fatal(err)
	}
	id := uint32(id64)
	t.Cleanup(func() { _ = b.Cancel(context.Background(), id, "") })
	jobs := waitFor(t, b, id)
	if jobs[0].Name != name || jobs[0].Exit == nil || jobs[0].Exit.Code != 2 {
		t.Errorf("squeue view: name %q exit %+v", jobs[0].Name, jobs[0].Exit)
	}
	// slurmdbd stores double quotes as backquotes; everything else must survive both formats.
	stored := strings.ReplaceAll(name, `"`, "`")
	for _, format := range []slurmbridge.AccountingFormat{slurmbridge.FormatAuto, slurmbridge.FormatParsable} {
		rec := accountingRecord(t, b, id, format)
		if rec.Name != stored || rec.Exit == nil || rec.Exit.Code != 2 {
			t.Errorf("%q accounting: name %q exit %+v", format, rec.Name, rec.Exit)
		}
	}
}

// Polling the state of any number of jobs costs slurmctld one job-table RPC, with either method.
// Text-mode squeue (JobStates) also loads the partition table, once per poll.
func TestOneControllerRPCPerPoll(t *testing.T) {
	b := testBridge(t)
	ctx := testContext(t)
	ids := []uint32{
		submit(t, b, slurmbridge.SubmitRequest{Script: script("true"), Hold: true}),
		submit(t, b, slurmbridge.SubmitRequest{Script: script("true"), Hold: true, Array: "0-2"}),
	}
	polls := map[string]func() (int, error){
		"ListJobs": func() (int, error) {
			jobs, err := b.ListJobs(ctx, slurmbridge.JobQuery{IDs: ids})
			return len(jobs), err
		},
		"JobStates": func() (int, error) {
			states, err := b.JobStates(ctx, ids)
			return len(states), err
		},
	}
	// Jobs of earlier tests that are still starting or ending send slurmctld their own RPCs
	// (batch completion, epilog complete): measure only once every job left is held, as
	// this test's own are.
	quiet := func() bool {
		for _, line := range strings.Split(strings.TrimSpace(slurmCmd(t, "squeue", "-h", "-o", "%T %r")), "\n") {
			if line != "" && line != "PENDING JobHeldUser" && line != "PENDING JobHeldAdmin" {
				return false
			}
		}
		return true
	}
	for deadline := time.Now().Add(time.Minute); !quiet(); time.Sleep(200 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("other jobs still queued or running: %s", slurmCmd(t, "squeue"))
		}
	}
	for name, poll := range polls {
		before, err := b.ControllerStats(ctx)
		if err != nil {
			t.Fatal(err)
		}
		const count = 5
		for i := 0; i < count; i++ {
			n, err := poll()
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			// ListJobs shows the pending array as one record; JobStates expands its tasks.
			if want := map[string]int{"ListJobs": 2, "JobStates": 4}[name]; n != want {
				t.Errorf("%s saw %d records, want %d", name, n, want)
			}
		}
		after, err := b.ControllerStats(ctx)
		if err != nil {
			t.Fatal(err)
		}
		delta := after.RPCsSince(before)
		delete(delta, "REQUEST_STATS_INFO") // sdiag itself
		if got := delta["REQUEST_JOB_INFO"] + delta["REQUEST_JOB_INFO_SINGLE"]; got != count {
			t.Errorf("%s: %v RPCs for %d polls, want exactly %d job-info RPCs", name, delta, count, count)
		}
		delete(delta, "REQUEST_JOB_INFO")
		delete(delta, "REQUEST_JOB_INFO_SINGLE")
		if name == "JobStates" && delta["REQUEST_PARTITION_INFO"] <= count {
			delete(delta, "REQUEST_PARTITION_INFO")
		}
		if len(delta) != 0 {
			t.Errorf("%s: unexpected RPCs %v", name, delta)
		}
	}
}

func TestJobStatesFollowsAJob(t *testing.T) {
	b := testBridge(t)
	ctx := testContext(t)
	id := submit(t, b, slurmbridge.SubmitRequest{Script: script("exit 4"), Array: "0-1"})
	waitFor(t, b, id)
	states, err := b.JobStates(ctx, []uint32{id, 3999999999})
	if err != nil {
		t.Fatal(err)
	}
	if len(states) != 2 {
		t.Fatalf("states %+v", states)
	}
	for _, s := range states {
		if s.ArrayJobID != id || s.ArrayTaskID == nil || s.State != slurmbridge.StateFailed || s.EndTime.Before(s.StartTime) || s.Nodes == "" {
			t.Errorf("state %+v", s)
		}
	}
	if states, err := b.JobStates(ctx, []uint32{3999999999}); err != nil || len(states) != 0 {
		t.Errorf("an unknown job alone gave %+v, %v", states, err)
	}
}

func itoa(v uint32) string { return strconv.FormatUint(uint64(v), 10) }
