package site

import (
	"context"
	"errors"
	"fmt"
	"path"
	"sync"
	"time"

	"github.com/petagrid/petagrid/internal/backoff"
	"github.com/petagrid/petagrid/site/journal"
	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/site/siteapi"
	"github.com/petagrid/petagrid/slurmbridge"
	"github.com/petagrid/petagrid/workflows"
)

// executor renders and submits runs: its workers take runs off a queue and move each through
// accepted → rendered → submitting → submitted, adopting jobs a crash or an unanswered
// submission left in Slurm and retrying while Slurm does not answer.
type executor struct {
	loopDeps
	cfg SubmitConfig
	// gridPartitions are the only partitions grid work may use (none: any).
	gridPartitions []string
	profile        *workflows.SiteProfile
	filters        []SubmitFilter
	// wakeTracker asks the tracker to poll now: a run was submitted, or a run failed with
	// jobs it had submitted.
	wakeTracker func()

	queue  chan string
	mu     sync.Mutex
	queued map[string]bool
}

// executorOptions are what the executor needs besides the loops' shared dependencies.
type executorOptions struct {
	submit         SubmitConfig
	gridPartitions []string
	profile        *workflows.SiteProfile
	filters        []SubmitFilter
	wakeTracker    func()
	// queueSize bounds the runs waiting for a worker.
	queueSize int
}

func newExecutor(deps loopDeps, opts executorOptions) *executor {
	return &executor{loopDeps: deps, cfg: opts.submit, gridPartitions: opts.gridPartitions, profile: opts.profile,
		filters: opts.filters, wakeTracker: opts.wakeTracker, queue: make(chan string, opts.queueSize), queued: map[string]bool{}}
}

// run runs the workers until ctx ends.
func (e *executor) run(ctx context.Context) {
	var wg sync.WaitGroup
	for i := 0; i < e.cfg.Workers; i++ {
		wg.Go(func() { e.worker(ctx) })
	}
	wg.Wait()
}

// resume queues every run the journal says is not yet in Slurm's hands.
func (e *executor) resume(ctx context.Context) error {
	runs, err := e.journal.Active(ctx)
	if err != nil {
		return err
	}
	n := 0
	for _, r := range runs {
		switch r.State {
		case runstate.Accepted, runstate.Rendered, runstate.Submitting:
			e.enqueue(r.ID)
			n++
		}
	}
	if len(runs) > 0 {
		e.log.WithField("active", len(runs)).WithField("toSubmit", n).Info("resuming runs from the journal")
	}
	return nil
}

// enqueue hands a run to the workers once, however often it is asked.
func (e *executor) enqueue(runID string) {
	e.mu.Lock()
	if e.queued[runID] {
		e.mu.Unlock()
		return
	}
	e.queued[runID] = true
	e.mu.Unlock()
	e.queue <- runID
}

func (e *executor) dequeued(runID string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	delete(e.queued, runID)
}

// worker takes runs off the queue and moves each as far as it can go: rendered, submitted.
func (e *executor) worker(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case runID := <-e.queue:
			e.advanceRun(ctx, runID)
			e.dequeued(runID)
		}
	}
}

// advanceRun drives one run through accepted → rendered → submitting → submitted. Each
// transition is committed before the action that follows it, so that a crash anywhere
// leaves a journal that says what may have happened: a run found in "submitting" after a
// restart has its jobs looked up by tag before anything is submitted again.
func (e *executor) advanceRun(ctx context.Context, runID string) {
	log := e.log.WithField("run", runID)
	// resumed: the run was taken up from the journal, not accepted by this process just
	// now, so a submission may already have reached Slurm before a crash.
	resumed := true
	attempt := 0 // submission attempts that Slurm left unanswered
	retry := backoff.Exponential{Initial: time.Second, Max: min(e.cfg.RetryMax, maxSubmitRetryWait)}
	for {
		if ctx.Err() != nil {
			return
		}
		run, err := e.journal.Get(ctx, runID)
		if err != nil {
			log.WithError(err).Error("reading run from the journal")
			return
		}
		switch run.State {
		case runstate.Accepted:
			if run.CancelRequested {
				e.finish(ctx, run, runstate.Cancelled, "cancelled before submission")
				return
			}
			if err := e.render(ctx, run); err != nil {
				log.WithError(err).Warn("run could not be rendered")
				e.finish(ctx, run, runstate.SubmitFailed, err.Error())
				return
			}
			resumed = false
		case runstate.Rendered:
			// Journals written by a build that committed "rendered" on its own.
			if run.CancelRequested {
				e.finish(ctx, run, runstate.Cancelled, "cancelled before submission")
				return
			}
			if err := e.journal.Advance(ctx, runID, runstate.Rendered, runstate.Submitting, ""); err != nil {
				log.WithError(err).Error("journal")
				return
			}
		case runstate.Submitting, runstate.Submitted, runstate.Running:
			// A submitted run comes back here only for steps whose job a restarted
			// controller lost (tracker.restarts): they are submitted again, after a lookup
			// by tag, while the rest of the run goes on.
			if run.State != runstate.Submitting && !hasStepsToSubmit(run) {
				return
			}
			err := e.submit(ctx, run, resumed || attempt > 0)
			attempt++
			if err == nil {
				if run.State == runstate.Submitting {
					e.metrics.submitLatency.Observe(time.Since(run.CreatedAt).Seconds())
				}
				e.wakeTracker()
				return
			}
			if !transient(err) {
				log.WithError(err).Warn("submission refused")
				e.abandon(ctx, run, err)
				return
			}
			wait := retry.Next()
			log.WithError(err).WithField("retryInSeconds", wait.Seconds()).Warn("Slurm did not answer the submission; will look the jobs up by tag and go on")
			if backoff.Sleep(ctx, wait) != nil {
				return
			}
		default:
			return
		}
	}
}

// maxSubmitRetryWait is where the doubling of the wait between submission attempts stops
// (1, 2, 4 … 1024 s), whatever site.submit.retryMax allows.
const maxSubmitRetryWait = 1024 * time.Second

// transient errors leave the outcome open: Slurm was unreachable, slow, or answered
// nothing readable, or the daemon is stopping.
func transient(err error) bool {
	var lookup *lookupError
	var journalErr *journalError
	return errors.As(err, &lookup) || errors.As(err, &journalErr) || errors.Is(err, slurmbridge.ErrControllerUnreachable) || errors.Is(err, slurmbridge.ErrAccountingUnreachable) || errors.Is(err, slurmbridge.ErrTimeout) ||
		errors.Is(err, slurmbridge.ErrSubmitOutcomeUnknown) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// ambiguousTagError: the run's account holds two jobs with one tag, which the daemon never
// submits; it refuses to guess and fails the run (its journaled jobs are cancelled).
type ambiguousTagError struct {
	tag  string
	jobs int
}

func (e *ambiguousTagError) Error() string {
	return fmt.Sprintf("tag %s names %d jobs of the run's account; refusing to guess which is this run's", e.tag, e.jobs)
}

// journalError is a journal write that failed around a submission: retried (the job is
// then found by its tag), never taken for a refusal by Slurm.
type journalError struct{ err error }

func (e *journalError) Error() string { return e.err.Error() }
func (e *journalError) Unwrap() error { return e.err }

// lookupError is a failed search for earlier submissions by tag.
type lookupError struct{ err error }

func (e *lookupError) Error() string {
	return "looking up earlier submissions by tag: " + e.err.Error()
}
func (e *lookupError) Unwrap() error { return e.err }

// compile turns a journaled run into its plan. It is deterministic (same source, params,
// profile and run id give the same plan), which is why the journal keeps the source rather
// than the rendered scripts.
func (e *executor) compile(run siteapi.Run) (*workflows.Plan, string, error) {
	wf, err := workflows.Parse(run.SourceName, run.Source)
	if err != nil {
		return nil, "", err
	}
	userDir := path.Join(e.profile.WorkspaceRoot, run.LocalUser)
	plan, err := workflows.Compile(wf, e.profile, workflows.CompileOptions{RunID: run.ID, Workspace: path.Join(userDir, run.ID), Params: run.Params})
	if err != nil {
		return nil, "", err
	}
	if err := e.checkPartitions(plan); err != nil {
		return nil, "", err
	}
	return plan, userDir, nil
}

// checkPartitions keeps grid work on the grid partitions: a job without a partition gets the
// first one, a job on any other is refused.
func (e *executor) checkPartitions(plan *workflows.Plan) error {
	if len(e.gridPartitions) == 0 {
		return nil
	}
	for _, job := range plan.Jobs {
		if job.Request.Partition == "" {
			job.Request.Partition = e.gridPartitions[0]
			continue
		}
		ok := false
		for _, p := range e.gridPartitions {
			ok = ok || p == job.Request.Partition
		}
		if !ok {
			return fmt.Errorf("step %s asks for partition %s, which is not one of this site's grid partitions (%v)", job.Step, job.Request.Partition, e.gridPartitions)
		}
	}
	return nil
}

// render writes the workspace as the run's account, then journals the steps.
func (e *executor) render(ctx context.Context, run siteapi.Run) error {
	plan, userDir, err := e.compile(run)
	if err != nil {
		return err
	}
	acct, err := e.mapper.Account(run.LocalUser)
	if err != nil {
		return err
	}
	if err := e.mapper.WriteWorkspace(ctx, acct, userDir, plan); err != nil {
		return err
	}
	steps := make([]siteapi.Step, len(plan.Jobs))
	for i, job := range plan.Jobs {
		steps[i] = siteapi.Step{Name: job.Step, Position: i, Tag: job.Request.Tag, Finally: job.Finally, ArraySize: job.ArraySize,
			Stdout: job.Stdout, Stderr: job.Stderr}
	}
	return e.journal.Render(ctx, run.ID, plan.Workspace, steps)
}

// submit submits the steps that have no job yet. With lookup set (a resumed run, or a retry
// after an unanswered submission), it first asks Slurm for jobs carrying the steps' tags and
// adopts them, so that nothing is submitted twice.
func (e *executor) submit(ctx context.Context, run siteapi.Run, lookup bool) error {
	plan, _, err := e.compile(run)
	if err != nil {
		return fmt.Errorf("%w (the workflow compiled when it was accepted; has the site profile changed?)", err)
	}
	known := map[string]uint32{}
	var missing []siteapi.Step
	for _, s := range run.Steps {
		if s.JobID != 0 {
			known[s.Name] = s.JobID
		} else {
			missing = append(missing, s)
		}
	}
	if lookup && len(missing) > 0 {
		adopted, err := e.adopt(ctx, run, missing, known)
		if err != nil || adopted {
			return err
		}
	}
	if run.CancelRequested {
		return e.submitNothingMore(ctx, run, known)
	}
	// Submit filters judge the jobs just before they reach Slurm (compile is deterministic, but
	// a filter's answer need not be: it is asked again on every submission attempt).
	if err := e.applyFilters(ctx, runForFilter{id: run.ID, researcher: run.Researcher, localUser: run.LocalUser, sourceName: run.SourceName, source: run.Source}, plan); err != nil {
		return err
	}
	b, err := e.mapper.Submitter(run.LocalUser)
	if err != nil {
		return err
	}
	done := false // the run has reached Submitted
	_, err = workflows.SubmitPlan(ctx, b, plan, workflows.SubmitOptions{
		Known:       known,
		KeepOnError: true,
		Submitted: func(step string, jobID uint32) error {
			last, err := e.journal.RecordJob(context.WithoutCancel(ctx), run.ID, step, jobID, "")
			done = done || last
			if err != nil {
				return &journalError{err: err}
			}
			return nil
		},
	})
	if err != nil || done || run.State != runstate.Submitting {
		return err
	}
	// Every step was adopted (nothing left to submit): the run moves on here.
	return e.journal.Advance(ctx, run.ID, runstate.Submitting, runstate.Submitted, "")
}

// hasStepsToSubmit is true when a step of the run has no job and is still planned: a step
// whose job a restarted controller lost.
func hasStepsToSubmit(run siteapi.Run) bool {
	for _, s := range run.Steps {
		if s.JobID == 0 && s.State == runstate.StepPlanned {
			return true
		}
	}
	return false
}

// adopt looks the steps that have no job up by tag and journals the jobs it finds, adding
// them to known; done is true when that took the run to Submitted.
func (e *executor) adopt(ctx context.Context, run siteapi.Run, missing []siteapi.Step, known map[string]uint32) (done bool, err error) {
	found, err := e.findByTags(ctx, run, missing)
	var ambiguous *ambiguousTagError
	if errors.As(err, &ambiguous) {
		return false, err
	}
	if err != nil {
		// Without the answer nothing may be submitted, but nothing is lost either: a
		// failed lookup is always retried, never taken for a refusal.
		return false, &lookupError{err: err}
	}
	for _, s := range missing {
		if id, ok := found[s.Tag]; ok {
			last, err := e.journal.RecordJob(ctx, run.ID, s.Name, id, "(adopted: found by tag after a restart or an unanswered submission)")
			if err != nil {
				return false, err
			}
			done = done || last
			known[s.Name] = id
			e.log.WithField("run", run.ID).WithField("step", s.Name).WithField("jobId", id).Info("adopted a job submitted before")
		}
	}
	return done, nil
}

// submitNothingMore ends the submission of a run whose cancellation was requested: the steps
// without a job are closed and the run moves on to Submitted; the tracker cancels what exists.
func (e *executor) submitNothingMore(ctx context.Context, run siteapi.Run, known map[string]uint32) error {
	var updates []journal.StepUpdate
	now := time.Now().UTC()
	for _, s := range run.Steps {
		if _, ok := known[s.Name]; !ok {
			updates = append(updates, journal.StepUpdate{RunID: run.ID, Step: s.Name, State: runstate.StepCancelled, Reason: "cancelled before submission", EndedAt: &now})
		}
	}
	if err := e.journal.UpdateSteps(ctx, updates); err != nil {
		return err
	}
	if run.State != runstate.Submitting {
		return nil // a run resubmitting lost steps is already past submission
	}
	return e.journal.Advance(ctx, run.ID, runstate.Submitting, runstate.Submitted, "cancel requested during submission")
}

// findByTags asks Slurm (the controller, then the accounting database) for jobs named with
// the steps' tags: one squeue and one sacct for the whole run.
func (e *executor) findByTags(ctx context.Context, run siteapi.Run, steps []siteapi.Step) (map[string]uint32, error) {
	tags := make([]string, len(steps))
	byTag := map[string]bool{}
	for i, s := range steps {
		tags[i] = s.Tag
		byTag[s.Tag] = true
	}
	found := map[string]map[uint32]bool{}
	add := func(name string, id uint32) {
		if !byTag[name] {
			return
		}
		if found[name] == nil {
			found[name] = map[uint32]bool{}
		}
		found[name][id] = true
	}
	// Tags are visible to everyone in squeue: only jobs of the run's own account count, or
	// anyone could plant a job under a tag and have it adopted.
	jobs, err := e.slurm.ListJobs(ctx, slurmbridge.JobQuery{Names: tags})
	if err != nil {
		return nil, err
	}
	for _, j := range jobs {
		if j.User == run.LocalUser {
			add(j.Name, slurmbridge.MasterJobID(j.ID, j.ArrayJobID, j.HetJobID))
		}
	}
	records, err := e.slurm.Accounting(ctx, slurmbridge.AccountingQuery{Start: run.CreatedAt.Add(-time.Minute), End: time.Now().Add(time.Minute), Names: tags, Users: []string{run.LocalUser}})
	if err != nil {
		return nil, err
	}
	for _, r := range records {
		// A job that has not ended is in the controller's list above; a record that never
		// ended of a job the controller does not list is a runaway, left by a controller that
		// lost the job (restartWatch), which must not be adopted again.
		if r.State.Terminal() {
			add(r.Name, slurmbridge.MasterJobID(r.JobID, r.ArrayJobID, r.HetJobID))
		}
	}
	out := map[string]uint32{}
	for tag, ids := range found {
		if len(ids) > 1 {
			return nil, &ambiguousTagError{tag: tag, jobs: len(ids)}
		}
		for id := range ids {
			out[tag] = id
		}
	}
	return out, nil
}

// abandon ends a run whose submission Slurm refused: the jobs it did submit are cancelled
// (a half-submitted workflow would wait on steps that never come) and the run is failed
// with Slurm's reason.
func (e *executor) abandon(ctx context.Context, run siteapi.Run, cause error) {
	log := e.log.WithField("run", run.ID)
	fresh, err := e.journal.Get(ctx, run.ID)
	if err == nil {
		run = fresh
	}
	if b, err := e.mapper.Submitter(run.LocalUser); err == nil {
		for _, s := range run.Steps {
			if s.JobID == 0 {
				continue
			}
			if err := b.Cancel(ctx, s.JobID, ""); err != nil && !errors.Is(err, slurmbridge.ErrJobFinished) && !errors.Is(err, slurmbridge.ErrJobNotFound) {
				log.WithError(err).WithField("jobId", s.JobID).Warn("cancelling a job of a failed submission")
			}
		}
	}
	e.finish(ctx, run, runstate.SubmitFailed, "submission failed: "+cause.Error())
}

// finish moves a run that never reached Slurm (or only partly) to a terminal state, closing
// its unsubmitted steps.
func (e *executor) finish(ctx context.Context, run siteapi.Run, outcome runstate.State, detail string) {
	var updates []journal.StepUpdate
	now := time.Now().UTC()
	for _, s := range run.Steps {
		if !s.State.Terminal() {
			updates = append(updates, journal.StepUpdate{RunID: run.ID, Step: s.Name, State: runstate.StepCancelled, Reason: detail, EndedAt: &now})
		}
	}
	if err := e.journal.UpdateSteps(ctx, updates); err != nil {
		e.log.WithField("run", run.ID).WithError(err).Error("journal")
	}
	if err := e.journal.Advance(ctx, run.ID, run.State, outcome, detail); err != nil {
		e.log.WithField("run", run.ID).WithError(err).Error("journal")
	}
	if outcome == runstate.SubmitFailed {
		// Jobs it did submit were cancelled; the tracker records how they ended.
		e.wakeTracker()
	}
}
