package site

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/slurmbridge"
	"github.com/petagrid/petagrid/test/fakeslurm"
)

// pipelineWorkflow: a step, an array of three after it, a report after the array, and a
// finally step.
const pipelineWorkflow = `version: 1
name: pipeline
resources: {time: 10m}
steps:
  - name: prep
    run: {command: [echo, prep]}
  - name: sweep
    needs: prep
    matrix: {x: [a, b, c]}
    run: {command: [echo, "${{ matrix.x }}"]}
  - name: report
    needs: sweep
    run: {command: [echo, report]}
finally:
  - name: cleanup
    run: {command: [echo, cleanup]}
`

// twoStepWorkflow: b after a.
const twoStepWorkflow = `version: 1
name: two
resources: {time: 10m}
steps:
  - name: a
    run: {command: [echo, a]}
  - name: b
    needs: a
    run: {command: [echo, b]}
`

func TestExecutorSubmitsTheRenderedPlan(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		slurm := fakeslurm.New(t, fakeslurm.Options{})
		s := startLoopSite(t, slurm, t.TempDir(), nil)
		r := s.run(s.accept(pipelineWorkflow).ID)
		if r.State != runstate.Submitted || len(r.Steps) != 4 {
			t.Fatalf("run %s: %+v", r.State, r.Steps)
		}
		ids := map[string]uint32{}
		for _, st := range r.Steps {
			if st.JobID == 0 || st.Tag != r.ID+"."+st.Name || !slices.Equal(slurm.JobsTagged(st.Tag), []uint32{st.JobID}) {
				t.Fatalf("step %+v: jobs tagged %v", st, slurm.JobsTagged(st.Tag))
			}
			ids[st.Name] = st.JobID
		}
		// The dependencies name the jobs just submitted; the matrix is one array.
		dep := func(name string) string { return slurm.Request(ids[name]).Dependency }
		id := func(name string) string { return strconv.FormatUint(uint64(ids[name]), 10) }
		if dep("prep") != "" || dep("sweep") != "afterok:"+id("prep") || dep("report") != "afterok:"+id("sweep") ||
			!strings.HasPrefix(dep("cleanup"), "afterany:") || slurm.Request(ids["sweep"]).Array != "0-2" {
			t.Fatalf("dependencies: prep %q sweep %q report %q cleanup %q", dep("prep"), dep("sweep"), dep("report"), dep("cleanup"))
		}
		jobs, err := slurm.ListJobs(context.Background(), slurmbridge.JobQuery{IDs: []uint32{ids["sweep"]}})
		if err != nil || len(jobs) != 1 || jobs[0].User != "me" || jobs[0].ArrayTasks != "0-2" || jobs[0].Reason != "Dependency" {
			t.Fatalf("the array in the queue: %+v %v", jobs, err)
		}
		// The scripts were written into the workspace before submission.
		if _, err := os.Stat(filepath.Join(r.Workspace, ".petagrid")); err != nil {
			t.Fatalf("workspace: %v", err)
		}
		if got := len(slurm.Calls("sbatch")); got != 4 {
			t.Fatalf("%d submissions for 4 steps", got)
		}
	})
}

func TestExecutorAdoptsJobsSubmittedBeforeACrash(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		slurm := fakeslurm.New(t, fakeslurm.Options{})
		dir := t.TempDir()
		// The first daemon renders the run and submits step a, then dies before journaling
		// the job id; someone else has planted a job under step b's tag.
		first := openLoopSite(t, slurm, dir, nil)
		ctx := t.Context()
		accepted := first.accept(twoStepWorkflow)
		if err := first.d.executor.render(ctx, accepted); err != nil {
			t.Fatal(err)
		}
		r, err := first.d.journal.Get(ctx, accepted.ID)
		if err != nil || r.State != runstate.Submitting {
			t.Fatalf("rendered run: %s %v", r.State, err)
		}
		tagA, tagB := step(t, r, "a").Tag, step(t, r, "b").Tag
		lost := slurmbridge.SubmitRequest{Script: []byte("#!/bin/sh\n#SBATCH --time=10\ntrue\n"), Tag: tagA, WorkDir: "/tmp"}
		res, err := slurm.As("me").Submit(ctx, lost)
		if err != nil {
			t.Fatal(err)
		}
		planted := lost
		planted.Tag = tagB
		if _, err := slurm.As("mallory").Submit(ctx, planted); err != nil {
			t.Fatal(err)
		}
		first.stop()

		second := startLoopSite(t, slurm, dir, nil)
		r = second.run(accepted.ID)
		if r.State != runstate.Submitted || step(t, r, "a").JobID != res.JobID {
			t.Fatalf("after the restart: %s %+v", r.State, r.Steps)
		}
		// a was adopted, not submitted again; b was submitted after it; mallory's job was
		// left alone.
		if got := slurm.JobsTagged(tagA); len(got) != 1 {
			t.Fatalf("tag a names jobs %v", got)
		}
		b := step(t, r, "b").JobID
		if got := slurm.JobsTagged(tagB); len(got) != 2 || got[1] != b || slurm.Request(b).Dependency != "afterok:"+strconv.FormatUint(uint64(res.JobID), 10) {
			t.Fatalf("tag b names jobs %v; ours %d depends on %q", got, b, slurm.Request(b).Dependency)
		}
		if second.logged("adopted a job submitted before") != 1 {
			t.Fatal("the adoption was not logged")
		}
	})
}

func TestExecutorRefusesToGuessBetweenTwoJobsWithOneTag(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		slurm := fakeslurm.New(t, fakeslurm.Options{})
		dir := t.TempDir()
		first := openLoopSite(t, slurm, dir, nil)
		ctx := t.Context()
		accepted := first.accept(twoStepWorkflow)
		if err := first.d.executor.render(ctx, accepted); err != nil {
			t.Fatal(err)
		}
		r, _ := first.d.journal.Get(ctx, accepted.ID)
		twin := slurmbridge.SubmitRequest{Script: []byte("#!/bin/sh\ntrue\n"), Tag: step(t, r, "a").Tag, WorkDir: "/tmp"}
		for range 2 {
			if _, err := slurm.As("me").Submit(ctx, twin); err != nil {
				t.Fatal(err)
			}
		}
		first.stop()
		second := startLoopSite(t, slurm, dir, nil)
		r = second.run(accepted.ID)
		if r.State != runstate.SubmitFailed || !strings.Contains(r.Error, "refusing to guess") {
			t.Fatalf("%s: %s", r.State, r.Error)
		}
		if len(slurm.JobsTagged(step(t, r, "b").Tag)) != 0 {
			t.Fatal("b was submitted after a's jobs could not be told apart")
		}
	})
}

// TestExecutorRetriesWithBackoffAndAdopts: sbatch's answer is lost and the controller goes
// down at that moment, so the job cannot be looked up either. The executor retries with a
// doubling wait capped at retryMax, finds the job by its tag once Slurm answers, and
// submits nothing twice.
func TestExecutorRetriesWithBackoffAndAdopts(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		slurm := fakeslurm.New(t, fakeslurm.Options{})
		slurm.LoseSubmitAnswers(1)
		slurm.AfterCommand(func(c fakeslurm.Call) {
			if c.Command == "sbatch" {
				slurm.ControllerDown()
				slurm.AfterCommand(nil)
			}
		})
		s := startLoopSite(t, slurm, t.TempDir(), func(c *Config) { c.Submit.RetryMax = 5 * time.Second })
		start := time.Now()
		id := s.accept(twoStepWorkflow).ID
		s.sleep(30 * time.Second)
		if r := s.run(id); r.State != runstate.Submitting {
			t.Fatalf("during the outage: %s", r.State)
		}
		slurm.ControllerUp()
		s.sleep(5 * time.Second)
		r := s.run(id)
		if r.State != runstate.Submitted {
			t.Fatalf("after the outage: %s %s", r.State, r.Error)
		}
		for _, st := range r.Steps {
			if got := slurm.JobsTagged(st.Tag); len(got) != 1 || got[0] != st.JobID {
				t.Fatalf("step %s: jobs %v, journal %d", st.Name, got, st.JobID)
			}
		}
		// One sbatch for a, looked up twice by tag at once (squeue first), then attempts 1,
		// 2, 4, 5, 5 … s apart: at 1, 3, 7, 12 … 27 s into the outage, which ends at 30 s,
		// and at 32 s, which adopts a; b is submitted after it.
		lookups := slurm.Calls("ListJobs")
		if !lookups[0].At.Equal(start) || !lookups[1].At.Equal(start) {
			t.Fatalf("first lookups at %s and %s", lookups[0].At.Sub(start), lookups[1].At.Sub(start))
		}
		want := seconds(1, 2, 4, 5, 5, 5, 5, 5)
		if got := gaps(lookups[1:]); !slices.Equal(got, want) {
			t.Fatalf("waits between attempts %v, want %v", got, want)
		}
		if n := len(slurm.Calls("sbatch")); n != 2 {
			t.Fatalf("%d submissions for two steps", n)
		}
	})
}

func TestExecutorRefusalFailsTheRun(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		slurm := fakeslurm.New(t, fakeslurm.Options{})
		slurm.RefuseSubmissions(func(req slurmbridge.SubmitRequest) *slurmbridge.RefusalError {
			if strings.HasSuffix(req.Tag, ".b") {
				return &slurmbridge.RefusalError{Reason: slurmbridge.ErrQOSLimit, Message: "Job violates accounting/QOS policy (job submit limit, user's size and/or time limits)"}
			}
			return nil
		})
		s := startLoopSite(t, slurm, t.TempDir(), nil)
		r := s.run(s.accept(twoStepWorkflow).ID)
		if r.State != runstate.SubmitFailed || !strings.Contains(r.Error, "submission failed") || !strings.Contains(r.Error, "QOS policy") {
			t.Fatalf("%s: %q", r.State, r.Error)
		}
		// The job already submitted is cancelled rather than left waiting for b.
		a := step(t, r, "a")
		st, err := slurm.JobStates(context.Background(), []uint32{a.JobID})
		if err != nil || len(st) != 1 || st[0].State != slurmbridge.StateCancelled {
			t.Fatalf("a's job: %+v %v", st, err)
		}
		if b := step(t, r, "b"); b.JobID != 0 || b.State != runstate.StepCancelled {
			t.Fatalf("b: %+v", b)
		}
		// Refused once, not retried.
		if n := len(slurm.Calls("sbatch")); n != 2 {
			t.Fatalf("%d submissions", n)
		}
	})
}

func TestExecutorCancelBeforeSubmission(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		slurm := fakeslurm.New(t, fakeslurm.Options{})
		s := openLoopSite(t, slurm, t.TempDir(), nil)
		run := s.accept(twoStepWorkflow)
		if _, err := s.d.RequestCancel(t.Context(), run.ID); err != nil {
			t.Fatal(err)
		}
		s.start()
		if r := s.run(run.ID); r.State != runstate.Cancelled || len(slurm.Calls("sbatch")) != 0 {
			t.Fatalf("%s, %d submissions", r.State, len(slurm.Calls("sbatch")))
		}
	})
}
