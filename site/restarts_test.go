package site

import (
	"context"
	"testing"
	"testing/synctest"
	"time"

	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/slurmbridge"
	"github.com/petagrid/petagrid/test/fakeslurm"
)

// TestTrackerResubmitsJobsARestartedControllerLost: slurmctld is killed after saving its
// state with run a's job in it but not run b's, and comes back. b's job is gone from the
// controller and from accounting, and its id goes to the next submission, another account's
// job. The tracker must neither take that job for b's (its state, its cancellation) nor wait
// forever: b's step is submitted again under its tag, and both runs complete, each with one
// job of its own.
func TestTrackerResubmitsJobsARestartedControllerLost(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		slurm := fakeslurm.New(t, fakeslurm.Options{})
		s := startLoopSite(t, slurm, t.TempDir(), func(c *Config) { c.Tracker.Interval = time.Second })
		a := s.accept(oneStepWorkflow).ID
		s.sleep(2 * time.Second)
		savedAt := time.Now()
		s.sleep(2 * time.Second)
		b := s.accept(oneStepWorkflow).ID
		// The controller dies a few seconds after b's submission, and another account's
		// submission reaches it the moment it is back, before the tracker's next round.
		s.sleep(4 * time.Second)
		jobA, stepB := step(t, s.run(a), "main").JobID, step(t, s.run(b), "main")
		if jobA == 0 || stepB.JobID == 0 {
			t.Fatalf("not submitted: %d %d", jobA, stepB.JobID)
		}
		slurm.Start(jobA)
		slurm.CrashController(savedAt)
		// Another account's job gets b's old id and runs: were it taken for b's, b would
		// complete with its outcome.
		other := reuseLostID(t, slurm, stepB.JobID)
		s.sleep(2 * time.Second)
		if st := step(t, s.run(b), "main"); st.State != runstate.StepPending || st.StartedAt != nil {
			t.Fatalf("b's step took another job's state: %+v", st)
		}
		slurm.Complete(other)
		// Its end must not end b either (TestTrackerEndsACancelledRunWhoseJobWasLost checks
		// that a cancellation of b does not reach it).
		s.sleep(3 * time.Second)
		if got := s.run(b); got.State.Terminal() || step(t, got, "main").State == runstate.StepCompleted {
			t.Fatalf("b took another job's outcome: %s %+v", got.State, got.Steps)
		}

		s.sleep(20 * time.Second)
		again := step(t, s.run(b), "main")
		if again.JobID == 0 || again.JobID == stepB.JobID {
			t.Fatalf("b's step after the grace: %+v", again)
		}
		if tagged := slurm.JobsTagged(stepB.Tag); len(tagged) != 1 || tagged[0] != again.JobID {
			t.Fatalf("jobs tagged %s: %v, want only the resubmission %d", stepB.Tag, tagged, again.JobID)
		}
		if s.logged("a job was lost by the restarted slurmctld") != 1 || s.metric("petagrid_site_lost_jobs_total") != 1 {
			t.Fatalf("the loss was not reported once: %d logs, metric %v", s.logged("a job was lost by the restarted slurmctld"), s.metric("petagrid_site_lost_jobs_total"))
		}
		slurm.Complete(jobA)
		slurm.Start(again.JobID)
		slurm.Complete(again.JobID)
		s.sleep(5 * time.Second)
		for _, id := range []string{a, b} {
			if r := s.run(id); r.State != runstate.Completed {
				t.Fatalf("run %s: %s %+v", id, r.State, r.Steps)
			}
		}
		if got := step(t, s.run(a), "main").JobID; got != jobA {
			t.Fatalf("a's job %d became %d: a job the controller kept was submitted again", jobA, got)
		}
	})
}

// TestTrackerEndsACancelledRunWhoseJobWasLost: run b is cancelled while the tracker still
// looks for its job, which a restarted controller lost and whose id now names another
// account's running job. The cancellation must not reach that job; once b's job is taken for
// lost, nothing is submitted again and the run ends cancelled rather than wait for ever.
func TestTrackerEndsACancelledRunWhoseJobWasLost(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		slurm := fakeslurm.New(t, fakeslurm.Options{})
		s := startLoopSite(t, slurm, t.TempDir(), func(c *Config) { c.Tracker.Interval = time.Second })
		savedAt := time.Now()
		s.sleep(2 * time.Second)
		b := s.accept(oneStepWorkflow).ID
		s.sleep(4 * time.Second)
		stepB := step(t, s.run(b), "main")
		if stepB.JobID == 0 {
			t.Fatalf("not submitted: %+v", stepB)
		}
		slurm.CrashController(savedAt)
		other := reuseLostID(t, slurm, stepB.JobID)
		s.sleep(2 * time.Second)
		if _, err := s.d.RequestCancel(t.Context(), b); err != nil {
			t.Fatal(err)
		}
		s.sleep(30 * time.Second)
		if signals := slurm.Signals(other); len(signals) != 0 {
			t.Fatalf("b's cancellation reached another account's job: %v", signals)
		}
		if r := s.run(b); r.State != runstate.Cancelled {
			t.Fatalf("b after its job was lost and it was cancelled: %s %+v", r.State, r.Steps)
		}
		if tagged := slurm.JobsTagged(stepB.Tag); len(tagged) != 0 {
			t.Fatalf("a cancelled run's lost step was submitted again: %v", tagged)
		}
	})
}

// reuseLostID submits another account's job to a controller that has just lost job lost and
// starts it; the controller must hand it the lost job's id, which it returns.
func reuseLostID(t *testing.T, slurm *fakeslurm.Slurm, lost uint32) uint32 {
	t.Helper()
	other, err := slurm.As("mallory").Submit(context.Background(), slurmbridge.SubmitRequest{Tag: "mallory-job", Partition: "cpu",
		Script: []byte("#!/bin/sh\ntrue\n"), WorkDir: "/tmp"})
	if err != nil {
		t.Fatal(err)
	}
	if other.JobID != lost {
		t.Fatalf("the restarted controller handed out %d, want the lost job's id %d", other.JobID, lost)
	}
	slurm.Start(other.JobID)
	return other.JobID
}
