package fakeslurm_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"testing/synctest"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/slurmbridge"
	"github.com/petagrid/petagrid/test/fakeslurm"
	"github.com/petagrid/petagrid/workflows"
)

// The fake stands in for the bridge wherever the bridge's submitting side is consumed.
var _ workflows.Submitter = (*fakeslurm.Slurm)(nil)

func script(directives ...string) []byte {
	s := "#!/bin/bash\n"
	for _, d := range directives {
		s += "#SBATCH " + d + "\n"
	}
	return []byte(s + "echo hi\n")
}

func request(tag string, directives ...string) slurmbridge.SubmitRequest {
	return slurmbridge.SubmitRequest{Script: script(directives...), Tag: tag, WorkDir: "/work", Comment: "run " + tag}
}

func submit(t *testing.T, s *fakeslurm.Slurm, req slurmbridge.SubmitRequest) uint32 {
	t.Helper()
	res, err := s.Submit(context.Background(), req)
	if err != nil {
		t.Fatalf("submit %s: %v", req.Tag, err)
	}
	return res.JobID
}

func states(t *testing.T, s *fakeslurm.Slurm, id uint32) []slurmbridge.JobStatus {
	t.Helper()
	st, err := s.JobStates(context.Background(), []uint32{id})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func records(t *testing.T, s *fakeslurm.Slurm, q slurmbridge.AccountingQuery) []slurmbridge.AccountingRecord {
	t.Helper()
	if q.Start.IsZero() {
		q.Start, q.End = time.Now().Add(-24*time.Hour), time.Now().Add(time.Hour)
	}
	recs, err := s.Accounting(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

func TestJobLifecycle(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := fakeslurm.New(t, fakeslurm.Options{User: "alice"})
		id := submit(t, s, request("r-1.a", "--time=0-00:10:00", "--cpus-per-task=2", "--mem=1G"))
		if id != 100 {
			t.Fatalf("first job id %d", id)
		}
		jobs, err := s.ListJobs(context.Background(), slurmbridge.JobQuery{Names: []string{"r-1.a"}})
		if err != nil || len(jobs) != 1 || jobs[0].ID != id || jobs[0].User != "alice" || jobs[0].Comment != "run r-1.a" ||
			jobs[0].State != slurmbridge.StatePending || jobs[0].Partition != "cpu" || *jobs[0].TimeLimitMinutes != 10 {
			t.Fatalf("queued job: %+v %v", jobs, err)
		}
		time.Sleep(time.Minute)
		s.Start(id)
		if st := states(t, s, id); len(st) != 1 || st[0].State != slurmbridge.StateRunning || st[0].Nodes != "node1" {
			t.Fatalf("running: %+v", st)
		}
		time.Sleep(2 * time.Minute)
		s.Complete(id)
		recs := records(t, s, slurmbridge.AccountingQuery{JobIDs: []uint32{id}})
		if len(recs) != 1 || recs[0].State != slurmbridge.StateCompleted || recs[0].ElapsedSeconds != 120 || recs[0].Exit == nil ||
			recs[0].Exit.Code != 0 || slurmbridge.GPUs(recs[0].AllocTRES) != 0 || len(recs[0].Steps) != 2 || recs[0].Name != "r-1.a" {
			t.Fatalf("record: %+v", recs)
		}
		if cpu, _ := slurmbridge.TRESCount(recs[0].AllocTRES, "cpu"); cpu != 2 {
			t.Errorf("allocated %d CPUs, want 2", cpu)
		}
		// The controller forgets the job MinJobAge after it ended; sacct keeps it.
		time.Sleep(299 * time.Second)
		if len(states(t, s, id)) != 1 {
			t.Fatal("forgotten too early")
		}
		time.Sleep(time.Second)
		if len(states(t, s, id)) != 0 {
			t.Fatal("the controller still lists the job after MinJobAge")
		}
		if err := s.Cancel(context.Background(), id, ""); !errors.Is(err, slurmbridge.ErrJobNotFound) {
			t.Fatalf("cancel of a forgotten job: %v", err)
		}
		if len(records(t, s, slurmbridge.AccountingQuery{JobIDs: []uint32{id}})) != 1 {
			t.Fatal("sacct lost the job")
		}
	})
}

func TestTimeLimitEndsTheJob(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := fakeslurm.New(t, fakeslurm.Options{})
		id := submit(t, s, request("t", "--time=5"))
		s.Start(id)
		started := time.Now()
		time.Sleep(time.Hour)
		recs := records(t, s, slurmbridge.AccountingQuery{JobIDs: []uint32{id}})
		if len(recs) != 1 || recs[0].State != slurmbridge.StateTimeout || !recs[0].EndTime.Equal(started.Add(5*time.Minute)) {
			t.Fatalf("%+v", recs)
		}
	})
}

func TestRefusals(t *testing.T) {
	s := fakeslurm.New(t, fakeslurm.Options{Nodes: []slurmbridge.Node{
		{Name: "g1", State: "IDLE", CPUs: 16, RealMemoryMiB: 65536, Partitions: []string{"gpu"}, GRES: []slurmbridge.GRES{{Name: "gpu", Type: "a100", Count: 4}}},
	}, Partitions: []slurmbridge.Partition{{Name: "gpu", Default: true, MaxTimeMinutes: ptr(int64(60))}}})
	ctx := context.Background()
	badPartition := request("a", "--time=5")
	badPartition.Partition = "nope"
	badDependency := request("b", "--time=5")
	badDependency.Dependency = "afterok:9999"
	for _, c := range []struct {
		name   string
		req    slurmbridge.SubmitRequest
		reason error
	}{
		{"unknown partition", badPartition, slurmbridge.ErrInvalidPartition},
		{"dependency on an unknown job", badDependency, slurmbridge.ErrInvalidDependency},
		{"over the partition's time limit", request("c", "--time=2:00:00"), slurmbridge.ErrInvalidTimeLimit},
		{"more GPUs than a node has", request("d", "--time=5", "--gpus=8"), slurmbridge.ErrUnavailableConfig},
		{"a GPU type nobody has", request("e", "--time=5", "--gpus=h100:1"), slurmbridge.ErrInvalidGRES},
	} {
		_, err := s.Submit(ctx, c.req)
		var refusal *slurmbridge.RefusalError
		if !errors.As(err, &refusal) || !errors.Is(err, c.reason) || errors.Is(err, slurmbridge.ErrSubmitOutcomeUnknown) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	// The request is checked as the bridge checks it, before sbatch.
	if _, err := s.Submit(ctx, slurmbridge.SubmitRequest{Script: []byte("echo"), Tag: "x", WorkDir: "/w"}); err == nil || len(s.Calls("sbatch")) != 5 {
		t.Errorf("a script without #! was sent: %v", err)
	}
	s.RefuseSubmissions(func(req slurmbridge.SubmitRequest) *slurmbridge.RefusalError {
		return &slurmbridge.RefusalError{Reason: slurmbridge.ErrQOSLimit, Message: "Job violates accounting/QOS policy (job submit limit, user's size and/or time limits)"}
	})
	if _, err := s.Submit(ctx, request("f", "--time=5")); !errors.Is(err, slurmbridge.ErrQOSLimit) {
		t.Errorf("refused by the test: %v", err)
	}
	s.RefuseSubmissions(nil)
	id := submit(t, s, request("g", "--time=5", "--gpus=a100:2"))
	s.Start(id)
	jobs, _ := s.ListJobs(ctx, slurmbridge.JobQuery{IDs: []uint32{id}})
	if len(jobs) != 1 || len(jobs[0].GRES) != 1 || !slices.Equal(jobs[0].GRES[0].GRES[0].Indices, []int{0, 1}) {
		t.Fatalf("GPU indices: %+v", jobs)
	}
	nodes, err := s.Nodes(ctx)
	if err != nil || nodes[0].State != "MIXED" || nodes[0].AllocCPUs != 1 || nodes[0].GRESUsed[0].Count != 2 {
		t.Fatalf("node: %+v %v", nodes, err)
	}
}

func ptr[T any](v T) *T { return &v }

func TestOutagesAndLostAnswers(t *testing.T) {
	s := fakeslurm.New(t, fakeslurm.Options{User: "alice"})
	ctx := context.Background()
	id := submit(t, s, request("a"))
	s.ControllerDown()
	_, err := s.Submit(ctx, request("b"))
	if !errors.Is(err, slurmbridge.ErrSubmitOutcomeUnknown) || !errors.Is(err, slurmbridge.ErrControllerUnreachable) {
		t.Fatalf("submit during an outage: %v", err)
	}
	if _, err := s.JobStates(ctx, []uint32{id}); !errors.Is(err, slurmbridge.ErrControllerUnreachable) {
		t.Fatalf("squeue during an outage: %v", err)
	}
	if err := s.Cancel(ctx, id, ""); !errors.Is(err, slurmbridge.ErrControllerUnreachable) {
		t.Fatalf("scancel during an outage: %v", err)
	}
	if _, err := s.Nodes(ctx); !errors.Is(err, slurmbridge.ErrControllerUnreachable) {
		t.Fatalf("nodes during an outage: %v", err)
	}
	// slurmdbd answers while the controller is down.
	if len(records(t, s, slurmbridge.AccountingQuery{})) != 1 {
		t.Fatal("sacct during a controller outage")
	}
	s.ControllerUp()
	s.AccountingDown()
	if _, err := s.Accounting(ctx, slurmbridge.AccountingQuery{Start: time.Now().Add(-time.Hour), End: time.Now()}); !errors.Is(err, slurmbridge.ErrAccountingUnreachable) {
		t.Fatalf("sacct during a slurmdbd outage: %v", err)
	}
	s.AccountingUp()
	s.LoseSubmitAnswers(1)
	_, err = s.Submit(ctx, request("c"))
	if !errors.Is(err, slurmbridge.ErrSubmitOutcomeUnknown) || !errors.Is(err, slurmbridge.ErrTimeout) {
		t.Fatalf("lost answer: %v", err)
	}
	found, err := s.FindByTag(ctx, "c", time.Now().Add(-time.Minute))
	if err != nil || len(found) != 1 || !slices.Equal(s.JobsTagged("c"), found) {
		t.Fatalf("the job whose answer was lost: %v %v", found, err)
	}
	// Another account's job with the tag is not this account's.
	if found, _ := s.As("mallory").FindByTag(ctx, "c", time.Now().Add(-time.Minute)); len(found) != 0 {
		t.Fatalf("mallory found alice's job: %v", found)
	}
	var refusal *slurmbridge.RefusalError
	if err := s.As("mallory").Cancel(ctx, id, ""); !errors.As(err, &refusal) || !errors.Is(err, slurmbridge.ErrPermissionDenied) {
		t.Fatalf("mallory cancelled alice's job: %v", err)
	}
	if err := s.Cancel(ctx, id, ""); err != nil {
		t.Fatal(err)
	}
	if err := s.Cancel(ctx, id, ""); !errors.Is(err, slurmbridge.ErrJobFinished) {
		t.Fatalf("second cancel: %v", err)
	}
	if err := s.Cancel(ctx, 4242, ""); !errors.Is(err, slurmbridge.ErrJobNotFound) {
		t.Fatalf("cancel of an unknown job: %v", err)
	}
}

func TestArraysRequeuesAndDependencies(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := fakeslurm.New(t, fakeslurm.Options{})
		ctx := context.Background()
		arr := request("arr", "--time=10")
		arr.Array = "0-3%2"
		a := submit(t, s, arr)
		after := request("after", "--time=10", "--kill-on-invalid-dep=yes")
		after.Dependency = "afterok:" + itoa(a)
		b := submit(t, s, after)
		handler := request("handler", "--time=10", "--kill-on-invalid-dep=yes")
		handler.Dependency = "afternotok:" + itoa(a)
		h := submit(t, s, handler)
		if st := states(t, s, b); len(st) != 1 || st[0].Reason != "Dependency" {
			t.Fatalf("dependent: %+v", st)
		}
		s.Start(a) // the throttle lets two tasks start
		if st := states(t, s, a); len(st) != 4 || st[0].State != slurmbridge.StateRunning || st[2].State != slurmbridge.StatePending || st[2].ID != a {
			t.Fatalf("array: %+v", st)
		}
		time.Sleep(time.Minute)
		s.Complete(a, 0)
		s.Fail(a, 3, 1)
		s.Start(a, 2, 3)
		time.Sleep(time.Minute)
		s.Requeue(a, 3)
		s.Start(a, 3)
		time.Sleep(time.Minute)
		s.Complete(a)
		// afterok can never be satisfied: --kill-on-invalid-dep cancels the job; the handler
		// may start.
		if st := states(t, s, b); len(st) != 1 || st[0].State != slurmbridge.StateCancelled || st[0].Reason != "DependencyNeverSatisfied" {
			t.Fatalf("dependent after a failure: %+v", st)
		}
		s.Start(h)
		recs := records(t, s, slurmbridge.AccountingQuery{JobIDs: []uint32{a}})
		byTask := map[uint32][]slurmbridge.AccountingRecord{}
		ids := map[uint32]bool{}
		for _, r := range recs {
			if r.ArrayJobID != a || r.ArrayTaskID == nil {
				t.Fatalf("array record %+v", r)
			}
			byTask[*r.ArrayTaskID] = append(byTask[*r.ArrayTaskID], r)
			ids[r.JobID] = true
		}
		if len(byTask) != 4 || len(byTask[3]) != 2 || byTask[3][0].State != slurmbridge.StateRequeued || byTask[3][1].State != slurmbridge.StateCompleted ||
			!byTask[3][1].SubmitTime.After(byTask[3][0].SubmitTime) || byTask[1][0].Exit.Code != 3 {
			t.Fatalf("array records: %+v", byTask)
		}
		// Every task has its own id; the last to leave the pending record has the array's.
		if len(ids) != 4 || !ids[a] || byTask[3][0].JobID != a {
			t.Fatalf("task ids %v (array %d)", ids, a)
		}
		skipped := records(t, s, slurmbridge.AccountingQuery{JobIDs: []uint32{b}})
		if len(skipped) != 1 || skipped[0].State != slurmbridge.StateCancelled || !skipped[0].StartTime.IsZero() || skipped[0].Reason != "DependencyNeverSatisfied" {
			t.Fatalf("skipped job's record: %+v", skipped)
		}
		// A pending array cancelled as a whole stays one record.
		arr2 := request("arr2")
		arr2.Array = "0-9"
		c := submit(t, s, arr2)
		s.Start(c, 0)
		if err := s.Cancel(ctx, c, ""); err != nil {
			t.Fatal(err)
		}
		recs = records(t, s, slurmbridge.AccountingQuery{JobIDs: []uint32{c}})
		if len(recs) != 2 || recs[0].ArrayTaskID != nil || recs[0].State != slurmbridge.StateCancelled || recs[1].Exit.Signal != 15 {
			t.Fatalf("cancelled array: %+v", recs)
		}
		// A node failure requeues a job unless it said --no-requeue.
		n := submit(t, s, request("n", "--no-requeue"))
		s.Start(n)
		s.NodeFail(n)
		if st := states(t, s, n); st[0].State != slurmbridge.StateNodeFail {
			t.Fatalf("no-requeue job after a node failure: %+v", st)
		}
	})
}

func itoa(id uint32) string { return strconv.FormatUint(uint64(id), 10) }

// TestErrorsMatchTheBridge runs the real bridge against a stand-in command that prints what
// Slurm prints, and checks that the fake's error for the same failure reads and classifies
// the same.
func TestErrorsMatchTheBridge(t *testing.T) {
	double, err := filepath.Abs(filepath.Join("..", "doubles", "slurm-command"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, c := range []string{"sbatch", "squeue", "scancel", "sacct", "sinfo"} {
		if err := os.Symlink(double, filepath.Join(dir, c)); err != nil {
			t.Fatal(err)
		}
	}
	set := func(command, kind, content string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, command+"."+kind), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	set("sinfo", "stdout", "slurm 23.11.10\n")
	log := logrus.New()
	log.SetLevel(logrus.PanicLevel)
	bridge, err := slurmbridge.New(slurmbridge.Config{BinDir: dir}, log)
	if err != nil {
		t.Fatal(err)
	}
	s := fakeslurm.New(t, fakeslurm.Options{User: "alice"})
	ctx := context.Background()
	same := func(what string, fake, real error) {
		t.Helper()
		if fake == nil || real == nil || fake.Error() != real.Error() {
			t.Errorf("%s:\n fake: %v\n real: %v", what, fake, real)
		}
		sentinels := []error{slurmbridge.ErrControllerUnreachable, slurmbridge.ErrAccountingUnreachable, slurmbridge.ErrSubmitOutcomeUnknown,
			slurmbridge.ErrJobNotFound, slurmbridge.ErrJobFinished, slurmbridge.ErrTimeout}
		for _, sentinel := range sentinels {
			if errors.Is(fake, sentinel) != errors.Is(real, sentinel) {
				t.Errorf("%s: errors.Is(%v): fake %v, real %v", what, sentinel, errors.Is(fake, sentinel), errors.Is(real, sentinel))
			}
		}
		var fr, rr *slurmbridge.RefusalError
		if errors.As(fake, &fr) != errors.As(real, &rr) || fr != nil && rr != nil && fr.Reason != rr.Reason {
			t.Errorf("%s: refusal: fake %+v, real %+v", what, fr, rr)
		}
	}

	// Refusals: what Slurm prints for each refusal the fake makes.
	refused := func(req slurmbridge.SubmitRequest) {
		t.Helper()
		_, fake := s.Submit(ctx, req)
		var refusal *slurmbridge.RefusalError
		if !errors.As(fake, &refusal) {
			t.Fatalf("%s was not refused: %v", req.Tag, fake)
		}
		set("sbatch", "mode", "exit:1")
		set("sbatch", "stderr", "sbatch: error: Batch job submission failed: "+refusal.Message+"\n")
		_, real := bridge.Submit(ctx, req)
		same("refusal of "+req.Tag, fake, real)
	}
	badPartition := request("part")
	badPartition.Partition = "nope"
	refused(badPartition)
	badDependency := request("dep")
	badDependency.Dependency = "afterok:9999"
	refused(badDependency)
	refused(request("mem", "--mem=1T"))
	refused(request("gres", "--gpus=h100:1"))

	// The controller unreachable.
	s.ControllerDown()
	set("sbatch", "stderr", "sbatch: error: Unable to contact slurm controller (connect failure)\n")
	_, fake := s.Submit(ctx, request("down"))
	_, real := bridge.Submit(ctx, request("down"))
	same("sbatch during an outage", fake, real)
	set("squeue", "mode", "exit:1")
	set("squeue", "stderr", "squeue: error: Unable to contact slurm controller (connect failure)\n")
	_, fake = s.JobStates(ctx, []uint32{1})
	_, real = bridge.JobStates(ctx, []uint32{1})
	same("squeue during an outage", fake, real)
	_, fake = s.ListJobs(ctx, slurmbridge.JobQuery{})
	_, real = bridge.ListJobs(ctx, slurmbridge.JobQuery{})
	same("squeue --json during an outage", fake, real)
	set("scancel", "mode", "exit:1")
	set("scancel", "stderr", "scancel: error: Unable to contact slurm controller (connect failure)\n")
	same("scancel during an outage", s.Cancel(ctx, 7, ""), bridge.Cancel(ctx, 7, ""))
	s.ControllerUp()

	// scancel's answers.
	set("scancel", "stderr", "scancel: error: Kill job error on job id 4242: Invalid job id specified\n")
	same("scancel of an unknown job", s.Cancel(ctx, 4242, ""), bridge.Cancel(ctx, 4242, ""))
	id := submit(t, s, request("done"))
	s.Start(id)
	s.Complete(id)
	set("scancel", "mode", "ok")
	set("scancel", "stderr", "scancel: error: Kill job error on job id "+itoa(id)+": Job/step already completing or completed\n")
	same("scancel of an ended job", s.Cancel(ctx, id, ""), bridge.Cancel(ctx, id, ""))
	other := submit(t, s.As("bob"), request("bobs"))
	set("scancel", "stderr", "scancel: error: Kill job error on job id "+itoa(other)+": Access/permission denied\n")
	same("scancel of another's job", s.Cancel(ctx, other, ""), bridge.Cancel(ctx, other, ""))

	// slurmdbd unreachable.
	s.AccountingDown()
	set("sacct", "mode", "exit:1")
	set("sacct", "stderr", "sacct: error: Problem talking to the database: Connection refused\n")
	q := slurmbridge.AccountingQuery{Start: time.Now().Add(-time.Hour), End: time.Now()}
	_, fake = s.Accounting(ctx, q)
	_, real = bridge.Accounting(ctx, q)
	same("sacct during a slurmdbd outage", fake, real)
}

// TestNeverEligibleJobsAreInNoWindow: a job cancelled while held never became eligible, so a
// window query finds it only when it names the job.
func TestNeverEligibleJobsAreInNoWindow(t *testing.T) {
	s := fakeslurm.New(t, fakeslurm.Options{})
	held := request("held")
	held.Hold = true
	id := submit(t, s, held)
	if st := states(t, s, id); st[0].Reason != "JobHeldUser" {
		t.Fatalf("held: %+v", st)
	}
	if err := s.Cancel(context.Background(), id, ""); err != nil {
		t.Fatal(err)
	}
	if recs := records(t, s, slurmbridge.AccountingQuery{}); len(recs) != 0 {
		t.Fatalf("a window query found %+v", recs)
	}
	if recs := records(t, s, slurmbridge.AccountingQuery{JobIDs: []uint32{id}}); len(recs) != 1 || recs[0].State != slurmbridge.StateCancelled {
		t.Fatalf("a query naming the job found %+v", recs)
	}
}

// TestJobOverItsPartitionsNodeLimitNeverStarts: a plain job of more nodes than its
// partition's MaxNodes is queued, as Slurm queues it (EnforcePartLimits=NO), and waits with
// the reason PartitionNodeLimit; one within the limit does not.
func TestJobOverItsPartitionsNodeLimitNeverStarts(t *testing.T) {
	one := int64(1)
	s := fakeslurm.New(t, fakeslurm.Options{
		Nodes: []slurmbridge.Node{
			{Name: "node1", State: "IDLE", CPUs: 4, RealMemoryMiB: 8192, Partitions: []string{"cpu"}},
			{Name: "node2", State: "IDLE", CPUs: 4, RealMemoryMiB: 8192, Partitions: []string{"cpu"}},
		},
		Partitions: []slurmbridge.Partition{{Name: "cpu", Default: true, MaxNodes: &one}},
	})
	over := submit(t, s, request("over", "--nodes=2"))
	if st := states(t, s, over); len(st) != 1 || st[0].State != slurmbridge.StatePending || st[0].Reason != "PartitionNodeLimit" {
		t.Fatalf("over the limit: %+v", st)
	}
	within := submit(t, s, request("within", "--nodes=1"))
	if st := states(t, s, within); len(st) != 1 || st[0].State != slurmbridge.StatePending || st[0].Reason != "" {
		t.Fatalf("within the limit: %+v", st)
	}
	s.Start(within)
	if st := states(t, s, within); st[0].State != slurmbridge.StateRunning {
		t.Fatalf("within the limit, started: %+v", st)
	}
	if st := states(t, s, over); st[0].Reason != "PartitionNodeLimit" {
		t.Fatalf("over the limit, later: %+v", st)
	}

	// Held, then released: the limit holds it still.
	held := request("held", "--nodes=2")
	held.Hold = true
	heldID := submit(t, s, held)
	if st := states(t, s, heldID); st[0].Reason != "JobHeldUser" {
		t.Fatalf("held over the limit: %+v", st)
	}
	s.Unhold(heldID)
	if st := states(t, s, heldID); st[0].State != slurmbridge.StatePending || st[0].Reason != "PartitionNodeLimit" {
		t.Fatalf("released over the limit: %+v", st)
	}

	// Waiting on a dependency, then free of it: the limit holds it still.
	after := request("after", "--nodes=2")
	after.Dependency = "afterok:" + itoa(within)
	afterID := submit(t, s, after)
	if st := states(t, s, afterID); st[0].Reason != "Dependency" {
		t.Fatalf("over the limit, waiting on its dependency: %+v", st)
	}
	s.Complete(within)
	if st := states(t, s, afterID); st[0].State != slurmbridge.StatePending || st[0].Reason != "PartitionNodeLimit" {
		t.Fatalf("over the limit, its dependency satisfied: %+v", st)
	}
}

// A plain job over the per-job node limit of its QOS or association waits for ever with
// Slurm's reason for it; a heterogeneous job whose components keep to the limit starts;
// under DenyOnLimit both are refused at submission, the heterogeneous one by its sum.
func TestJobOverAQOSOrAssociationLimit(t *testing.T) {
	nodes := []slurmbridge.Node{
		{Name: "node1", State: "IDLE", CPUs: 4, RealMemoryMiB: 8192, Partitions: []string{"cpu"}},
		{Name: "node2", State: "IDLE", CPUs: 4, RealMemoryMiB: 8192, Partitions: []string{"cpu"}},
	}
	for _, c := range []struct {
		limit  slurmbridge.PerJobNodeLimit
		reason string
	}{
		{slurmbridge.PerJobNodeLimit{Nodes: 1, From: "qos q1", QOS: "q1"}, "QOSMaxNodePerJobLimit"},
		{slurmbridge.PerJobNodeLimit{Nodes: 1, From: "association", QOS: "normal"}, "AssocMaxNodePerJobLimit"},
	} {
		s := fakeslurm.New(t, fakeslurm.Options{Nodes: nodes, JobNodeLimit: c.limit})
		if got, err := s.JobNodeLimit(context.Background(), "me", slurmbridge.Partition{Name: "cpu"}); err != nil || got != c.limit {
			t.Fatalf("JobNodeLimit: %+v %v", got, err)
		}
		over := submit(t, s, request("over", "--nodes=2"))
		if st := states(t, s, over); len(st) != 1 || st[0].State != slurmbridge.StatePending || st[0].Reason != c.reason {
			t.Fatalf("%s: over the limit: %+v", c.limit.From, st)
		}
		het := request("het", "--nodes=1")
		het.HetComponents = [][]string{{"--nodes=1"}}
		hetID := submit(t, s, het)
		s.Start(hetID)
		if st := states(t, s, hetID); st[0].State != slurmbridge.StateRunning {
			t.Fatalf("%s: components within the limit: %+v", c.limit.From, st)
		}
	}
	deny := slurmbridge.PerJobNodeLimit{Nodes: 1, From: "qos d", QOS: "d", DenyOnLimit: true}
	s := fakeslurm.New(t, fakeslurm.Options{Nodes: nodes, JobNodeLimit: deny})
	het := request("het", "--nodes=1")
	het.HetComponents = [][]string{{"--nodes=1"}}
	for _, req := range []slurmbridge.SubmitRequest{request("over", "--nodes=2"), het} {
		if _, err := s.Submit(context.Background(), req); !errors.Is(err, slurmbridge.ErrQOSLimit) {
			t.Fatalf("under DenyOnLimit, %s: %v", req.Tag, err)
		}
	}
	s.AccountingDown()
	if _, err := s.JobNodeLimit(context.Background(), "me", slurmbridge.Partition{Name: "cpu"}); err == nil {
		t.Fatal("the limit read with accounting down")
	}
}
