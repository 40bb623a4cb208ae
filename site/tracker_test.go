package site

import (
	"context"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/slurmbridge"
	"github.com/petagrid/petagrid/test/fakeslurm"
)

func TestTrackerFollowsStepsToTheirOutcome(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		slurm := fakeslurm.New(t, fakeslurm.Options{})
		s := startLoopSite(t, slurm, t.TempDir(), nil)
		id := s.accept(twoStepWorkflow).ID
		r := s.run(id)
		a, b := step(t, r, "a").JobID, step(t, r, "b").JobID
		s.sleep(5 * time.Second)
		r = s.run(id)
		if st := step(t, r, "b"); r.State != runstate.Submitted || step(t, r, "a").State != runstate.StepPending || st.State != runstate.StepPending || st.Reason != "Dependency" {
			t.Fatalf("queued: %s %+v", r.State, r.Steps)
		}
		slurm.Start(a)
		started := time.Now().UTC()
		s.sleep(5 * time.Second)
		r = s.run(id)
		if st := step(t, r, "a"); r.State != runstate.Running || st.State != runstate.StepRunning || st.StartedAt == nil || !st.StartedAt.Equal(started) {
			t.Fatalf("running: %s %+v", r.State, st)
		}
		s.sleep(time.Minute)
		slurm.Complete(a)
		slurm.Start(b)
		s.sleep(5 * time.Second)
		r = s.run(id)
		if st := step(t, r, "a"); st.State != runstate.StepCompleted || st.ExitCode == nil || *st.ExitCode != 0 || st.EndedAt == nil || step(t, r, "b").State != runstate.StepRunning {
			t.Fatalf("a done, b running: %+v", r.Steps)
		}
		slurm.Fail(b, 3)
		s.sleep(5 * time.Second)
		r = s.run(id)
		if st := step(t, r, "b"); r.State != runstate.Failed || st.State != runstate.StepFailed || *st.ExitCode != 3 || !strings.Contains(r.Error, "step b: failed (exit code 3)") {
			t.Fatalf("b failed: %s %q %+v", r.State, r.Error, st)
		}
		// One squeue per interval for all the run's jobs, none once it is over.
		polls := slurm.Calls("JobStates")
		for _, g := range gaps(polls) {
			if g != 5*time.Second {
				t.Fatalf("polls %v apart", gaps(polls))
			}
		}
		s.sleep(time.Minute)
		if n := len(slurm.Calls("JobStates")); n != len(polls) {
			t.Fatalf("%d more polls after the run ended", n-len(polls))
		}
	})
}

func TestTrackerArrayWorstTaskAndSkips(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		slurm := fakeslurm.New(t, fakeslurm.Options{})
		s := startLoopSite(t, slurm, t.TempDir(), nil)
		id := s.accept(pipelineWorkflow).ID
		r := s.run(id)
		prep, sweep, cleanup := step(t, r, "prep").JobID, step(t, r, "sweep").JobID, step(t, r, "cleanup").JobID
		slurm.Start(prep)
		slurm.Complete(prep)
		slurm.Start(sweep, 0, 1)
		s.sleep(5 * time.Second)
		if st := step(t, s.run(id), "sweep"); st.State != runstate.StepRunning {
			t.Fatalf("array with two tasks running: %+v", st)
		}
		slurm.Complete(sweep, 0)
		slurm.Fail(sweep, 4, 1)
		s.sleep(5 * time.Second)
		// One task still waits: the array is not over.
		if st := step(t, s.run(id), "sweep"); st.State.Terminal() {
			t.Fatalf("array with a task pending: %+v", st)
		}
		slurm.Start(sweep, 2)
		slurm.Complete(sweep, 2)
		// report can never run now (--kill-on-invalid-dep cancels it); cleanup may.
		slurm.Start(cleanup)
		slurm.Complete(cleanup)
		s.sleep(5 * time.Second)
		r = s.run(id)
		sw := step(t, r, "sweep")
		if sw.State != runstate.StepFailed || *sw.ExitCode != 4 || step(t, r, "report").State != runstate.StepSkipped || step(t, r, "cleanup").State != runstate.StepCompleted {
			t.Fatalf("steps: %+v", r.Steps)
		}
		if r.State != runstate.Failed || !strings.HasPrefix(r.Error, "step sweep: failed (exit code 4)") {
			t.Fatalf("%s %q", r.State, r.Error)
		}
	})
}

// retriedOnNodeFailure is resubmitted by Slurm after a node failure (--requeue).
const retriedOnNodeFailure = `version: 1
name: requeue
resources: {time: 10m}
steps:
  - name: solo
    retry: {limit: 1, on: [NODE_FAIL]}
    run: {command: [echo, solo]}
`

func TestTrackerLastRunOfARequeuedJobCounts(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		slurm := fakeslurm.New(t, fakeslurm.Options{})
		s := startLoopSite(t, slurm, t.TempDir(), nil)
		id := s.accept(retriedOnNodeFailure).ID
		job := step(t, s.run(id), "solo").JobID
		slurm.Start(job)
		s.sleep(5 * time.Second)
		slurm.NodeFail(job)
		s.sleep(5 * time.Second)
		// Back in the queue under the same id: pending again, not failed.
		if r := s.run(id); step(t, r, "solo").State != runstate.StepPending || r.State.Terminal() {
			t.Fatalf("requeued: %s %+v", r.State, r.Steps)
		}
		slurm.Start(job)
		restarted := time.Now().UTC()
		s.sleep(time.Minute)
		slurm.Complete(job)
		s.sleep(5 * time.Second)
		r := s.run(id)
		st := step(t, r, "solo")
		// sacct holds the NODE_FAIL run and the completed one; the later decides.
		if r.State != runstate.Completed || st.State != runstate.StepCompleted || !st.StartedAt.Equal(restarted) {
			t.Fatalf("%s %+v", r.State, st)
		}
		recs, err := slurm.Accounting(context.Background(), slurmbridge.AccountingQuery{Start: restarted.Add(-time.Hour), End: time.Now(), JobIDs: []uint32{job}})
		if err != nil || len(recs) != 2 || recs[0].State != slurmbridge.StateNodeFail {
			t.Fatalf("sacct: %+v %v", recs, err)
		}
	})
}

func TestTrackerNodeFailureWithoutRequeueEndsTheRun(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		slurm := fakeslurm.New(t, fakeslurm.Options{})
		s := startLoopSite(t, slurm, t.TempDir(), nil)
		id := s.accept(twoStepWorkflow).ID
		a := step(t, s.run(id), "a").JobID
		slurm.Start(a)
		slurm.NodeFail(a)
		s.sleep(5 * time.Second)
		if r := s.run(id); r.State != runstate.NodeFail || step(t, r, "b").State != runstate.StepSkipped {
			t.Fatalf("%s %+v", r.State, r.Steps)
		}
	})
}

// TestTrackerReadsEndedJobsFromAccounting: a job that ended and that the controller has
// forgotten is read from sacct; while slurmdbd has not received it yet, the step stays as
// it was and is asked about again every round.
func TestTrackerReadsEndedJobsFromAccounting(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		slurm := fakeslurm.New(t, fakeslurm.Options{})
		s := startLoopSite(t, slurm, t.TempDir(), nil)
		id := s.accept(twoStepWorkflow).ID
		r := s.run(id)
		a, b := step(t, r, "a").JobID, step(t, r, "b").JobID
		slurm.Start(a)
		s.sleep(5 * time.Second)
		slurm.Complete(a)
		slurm.Forget(a)
		slurm.LagAccounting(a, true)
		sacctBefore := len(slurm.Calls("sacct"))
		s.sleep(15 * time.Second)
		if st := step(t, s.run(id), "a"); st.State != runstate.StepRunning {
			t.Fatalf("a settled without a record: %+v", st)
		}
		if n := len(slurm.Calls("sacct")) - sacctBefore; n != 3 {
			t.Fatalf("%d sacct queries in three rounds", n)
		}
		slurm.LagAccounting(a, false)
		s.sleep(5 * time.Second)
		if st := step(t, s.run(id), "a"); st.State != runstate.StepCompleted || *st.ExitCode != 0 {
			t.Fatalf("a: %+v", st)
		}
		slurm.Start(b)
		slurm.Complete(b)
		s.sleep(5 * time.Second)
		if r := s.run(id); r.State != runstate.Completed {
			t.Fatalf("%s %+v", r.State, r.Steps)
		}
	})
}

// TestTrackerBacksOffWhileSlurmIsUnreachable: the wait between polls doubles from the
// interval up to maxBackoff while the controller (or slurmdbd) does not answer, and is the
// interval again once it does.
func TestTrackerBacksOffWhileSlurmIsUnreachable(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		slurm := fakeslurm.New(t, fakeslurm.Options{})
		s := startLoopSite(t, slurm, t.TempDir(), func(c *Config) { c.Tracker.MaxBackoff = time.Minute })
		id := s.accept(twoStepWorkflow).ID
		a := step(t, s.run(id), "a").JobID
		slurm.Start(a)
		s.sleep(5 * time.Second)
		before := len(slurm.Calls("JobStates"))
		slurm.ControllerDown()
		s.sleep(4 * time.Minute)
		if got := s.metric("petagrid_site_tracker_backoff_seconds"); got != 60 {
			t.Fatalf("backoff gauge %v during the outage", got)
		}
		if got := s.metric("petagrid_site_slurm_command_errors_total", "command=squeue", "kind=unreachable"); got == 0 {
			t.Fatal("no unreachable squeue counted")
		}
		slurm.ControllerUp()
		s.sleep(20 * time.Second)
		// slurmdbd down: squeue answers that a ended, sacct does not answer, and the tracker
		// backs off again.
		slurm.Complete(a)
		slurm.AccountingDown()
		s.sleep(3 * time.Minute)
		slurm.AccountingUp()
		s.sleep(time.Minute)
		polls := slurm.Calls("JobStates")[before-1:]
		// From the last poll before the outage (at 5 s): 5 s to the first that fails, then
		// 10, 20, 40, 60, 60, 60 s until the controller answers (at 260 s); 5 s twice; 10, 20,
		// 40, 60, 60 s while sacct fails; then every 5 s.
		var got []time.Duration
		for _, g := range gaps(polls) {
			if len(got) == 0 || got[len(got)-1] != g || g != 5*time.Second {
				got = append(got, g)
			}
		}
		want := seconds(5, 10, 20, 40, 60, 60, 60, 5, 10, 20, 40, 60, 60, 5)
		if !slices.Equal(got, want) {
			t.Fatalf("waits between polls %v, want %v (runs of 5 s folded)", got, want)
		}
		if r := s.run(id); step(t, r, "a").State != runstate.StepCompleted {
			t.Fatalf("after the outages: %+v", r.Steps)
		}
		if got := s.metric("petagrid_site_tracker_backoff_seconds"); got != 5 {
			t.Fatalf("backoff gauge %v after the outage", got)
		}
	})
}

func TestTrackerCancelsAtTheResearchersRequest(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		slurm := fakeslurm.New(t, fakeslurm.Options{})
		s := startLoopSite(t, slurm, t.TempDir(), nil)
		id := s.accept(twoStepWorkflow).ID
		a := step(t, s.run(id), "a").JobID
		slurm.Start(a)
		s.sleep(5 * time.Second)
		if _, err := s.d.RequestCancel(t.Context(), id); err != nil {
			t.Fatal(err)
		}
		s.sleep(10 * time.Second)
		r := s.run(id)
		// b is cancelled by the tracker, or skipped by Slurm first (a's cancellation leaves its
		// dependency unsatisfiable): either way it never runs.
		if b := step(t, r, "b").State; r.State != runstate.Cancelled || step(t, r, "a").State != runstate.StepCancelled || b != runstate.StepCancelled && b != runstate.StepSkipped {
			t.Fatalf("%s %+v", r.State, r.Steps)
		}
		if calls := slurm.Calls("scancel"); len(calls) != 2 || calls[0].User != "me" {
			t.Fatalf("scancel calls: %+v", calls)
		}
	})
}

func TestTrackerTimeLimit(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		slurm := fakeslurm.New(t, fakeslurm.Options{})
		s := startLoopSite(t, slurm, t.TempDir(), nil)
		id := s.accept(twoStepWorkflow).ID
		a := step(t, s.run(id), "a").JobID
		jobs, err := slurm.ListJobs(context.Background(), slurmbridge.JobQuery{IDs: []uint32{a}})
		if err != nil || len(jobs) != 1 || jobs[0].TimeLimitMinutes == nil {
			t.Fatalf("%+v %v", jobs, err)
		}
		slurm.Start(a)
		s.sleep(time.Duration(*jobs[0].TimeLimitMinutes)*time.Minute + 5*time.Second)
		r := s.run(id)
		if r.State != runstate.Timeout || step(t, r, "a").State != runstate.StepTimeout || step(t, r, "b").State != runstate.StepSkipped {
			t.Fatalf("%s %+v", r.State, r.Steps)
		}
	})
}

const oneStepWorkflow = `version: 1
name: one
resources: {time: 10m}
steps:
  - name: main
    run: {command: [echo, main]}
`

// TestLoopsSurviveAControllerOutage: the controller goes away while six runs' jobs run and
// three more runs arrive; the jobs end during the outage. Nothing is lost: the new runs wait
// and are submitted once Slurm answers, and every run reaches its outcome.
func TestLoopsSurviveAControllerOutage(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		slurm := fakeslurm.New(t, fakeslurm.Options{})
		s := startLoopSite(t, slurm, t.TempDir(), func(c *Config) { c.Tracker.Interval = time.Second })
		var ids []string
		for range 6 {
			ids = append(ids, s.accept(oneStepWorkflow).ID)
		}
		s.sleep(time.Second)
		for _, id := range ids {
			slurm.Start(step(t, s.run(id), "main").JobID)
		}
		s.sleep(2 * time.Second)
		slurm.ControllerDown()
		for range 3 {
			ids = append(ids, s.accept(oneStepWorkflow).ID)
		}
		for _, id := range ids[:6] {
			slurm.Complete(step(t, s.run(id), "main").JobID)
		}
		s.sleep(30 * time.Second)
		for i, id := range ids {
			want := runstate.Running
			if i >= 6 {
				want = runstate.Submitting
			}
			if r := s.run(id); r.State != want {
				t.Fatalf("run %d during the outage: %s, want %s", i, r.State, want)
			}
		}
		if s.metric("petagrid_site_slurm_command_errors_total", "command=squeue", "kind=unreachable") == 0 ||
			s.metric("petagrid_site_slurm_command_errors_total", "command=sbatch", "kind=unreachable") == 0 {
			t.Fatal("the outage's failed commands were not counted")
		}
		slurm.ControllerUp()
		s.sleep(time.Minute)
		for _, id := range ids[6:] {
			job := step(t, s.run(id), "main").JobID
			slurm.Start(job)
			slurm.Complete(job)
		}
		s.sleep(time.Minute)
		for i, id := range ids {
			r := s.run(id)
			if r.State != runstate.Completed || len(slurm.JobsTagged(step(t, r, "main").Tag)) != 1 {
				t.Fatalf("run %d after the outage: %s %+v", i, r.State, r.Steps)
			}
		}
	})
}
