package site

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/petagrid/petagrid/internal/backoff"
	"github.com/petagrid/petagrid/site/journal"
	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/site/siteapi"
	"github.com/petagrid/petagrid/slurmbridge"
	"github.com/petagrid/petagrid/workflows"
)

// cancelRetry is how often the tracker repeats a cancellation Slurm has not carried out.
const cancelRetry = 30 * time.Second

// tracker follows the jobs of submitted runs in Slurm, journals their steps' states, settles
// each run's outcome and carries out cancellations.
type tracker struct {
	loopDeps
	cfg TrackerConfig
	// workspaceRoot is where runs' workspaces are, read for a completed run's outputs digest.
	workspaceRoot string

	// wakeup asks for a poll before the interval is up (a new submission, a cancellation).
	wakeup chan struct{}

	pollMu   sync.Mutex
	lastPoll time.Time // when Slurm last answered a poll

	mu        sync.Mutex
	cancelled map[string]time.Time // when the tracker last asked Slurm to cancel a run's jobs

	// restarts finds the jobs a restarted controller lost (its own lock guards it: the API's
	// cancellations ask it which job ids to trust). checkNow, the tracker goroutine's only, asks for a look at the controller's boot time at the next round: a
	// tracked job vanished from the controller and from accounting.
	restarts *restartWatch
	checkNow bool
	// resubmit hands a run whose lost steps need a job again to the executor.
	resubmit func(runID string)
}

func newTracker(deps loopDeps, cfg TrackerConfig, workspaceRoot string) *tracker {
	return &tracker{loopDeps: deps, cfg: cfg, workspaceRoot: workspaceRoot, wakeup: make(chan struct{}, 1), cancelled: map[string]time.Time{},
		restarts: newRestartWatch(cfg.Interval)}
}

// wake asks for a poll now; the tracker still never polls more often than its interval.
func (tr *tracker) wake() {
	select {
	case tr.wakeup <- struct{}{}:
	default:
	}
}

// run polls Slurm once per interval for every tracked job until ctx ends: one squeue for all
// of them (slurmbridge.JobStates), and one sacct for those that ended or that the controller
// has forgotten (MinJobAge). While Slurm does not answer, the wait doubles up to MaxBackoff.
func (tr *tracker) run(ctx context.Context) {
	wait := tr.cfg.Interval
	retry := backoff.Exponential{Initial: 2 * tr.cfg.Interval, Max: tr.cfg.MaxBackoff}
	tr.metrics.trackerBackoff.Set(wait.Seconds())
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-timer.C:
		case <-tr.wakeup:
			// A new submission or a cancellation: poll now, but never more often than the
			// interval allows.
			if since := time.Since(tr.lastPollTime()); since < tr.cfg.Interval {
				timer.Reset(tr.cfg.Interval - since)
				continue
			}
		}
		err := tr.poll(ctx)
		switch {
		case ctx.Err() != nil:
			return
		case err != nil:
			wait = retry.Next()
			tr.log.WithError(err).WithField("retryInSeconds", wait.Seconds()).Warn("tracker: Slurm did not answer; backing off")
		default:
			retry.Reset()
			wait = tr.cfg.Interval
		}
		tr.metrics.trackerBackoff.Set(wait.Seconds())
		tr.updateLag()
		if !timer.Stop() {
			select {
			case <-timer.C:
			default:
			}
		}
		timer.Reset(wait)
	}
}

func (tr *tracker) lastPollTime() time.Time {
	tr.pollMu.Lock()
	defer tr.pollMu.Unlock()
	return tr.lastPoll
}

// updateLag sets the tracker-lag gauge: how stale the daemon's view of its jobs is.
func (tr *tracker) updateLag() {
	tr.pollMu.Lock()
	last := tr.lastPoll
	tr.pollMu.Unlock()
	if last.IsZero() {
		return
	}
	tr.metrics.trackerLag.Set(time.Since(last).Seconds())
}

// trackedStep is a step whose job is not known to be over.
type trackedStep struct {
	run  *siteapi.Run
	step siteapi.Step
}

// poll is one tracker round.
func (tr *tracker) poll(ctx context.Context) error {
	runs, err := tr.journal.Active(ctx)
	if err != nil {
		return err
	}
	var tracked []trackedStep
	var ids []uint32
	for i := range runs {
		r := &runs[i]
		if r.State != runstate.Submitted && r.State != runstate.Running {
			continue
		}
		for _, s := range r.Steps {
			if s.JobID != 0 && !s.State.Terminal() {
				tracked = append(tracked, trackedStep{run: r, step: s})
				ids = append(ids, s.JobID)
			}
		}
	}
	tr.metrics.trackedJobs.Set(float64(len(ids)))
	changed := 0
	if len(ids) > 0 {
		if changed, err = tr.refresh(ctx, tracked, ids); err != nil {
			return err
		}
	} else {
		tr.markPolled()
	}
	tr.metrics.trackerPolls.Inc()
	// Runs whose steps have all ended get their outcome; cancellations are carried out. The
	// journal is read again only if this round changed a step.
	if changed > 0 {
		if runs, err = tr.journal.Active(ctx); err != nil {
			return err
		}
	}
	for i := range runs {
		// A cancelled run's go too: the executor closes its planned steps instead of submitting
		// them, and the run can end.
		if tr.resubmit != nil && (runs[i].State == runstate.Submitted || runs[i].State == runstate.Running) && hasStepsToSubmit(runs[i]) {
			tr.resubmit(runs[i].ID)
		}
		tr.settle(ctx, &runs[i])
	}
	return nil
}

// refresh asks Slurm about the tracked jobs and journals what changed; it returns how many
// steps it updated.
func (tr *tracker) refresh(ctx context.Context, tracked []trackedStep, ids []uint32) (int, error) {
	statuses, err := tr.slurm.JobStates(ctx, ids)
	if err != nil {
		return 0, fmt.Errorf("squeue: %w", err)
	}
	tr.markPolled()
	// The controller answered: has it restarted since the jobs were submitted? (Asked after
	// squeue, so that an unreachable controller costs one failed command per round, and
	// before its answer is applied, which after a restart may be about other jobs.)
	byJob := map[uint32][]slurmbridge.JobStatus{}
	for _, s := range statuses {
		id := slurmbridge.MasterJobID(s.ID, s.ArrayJobID, s.HetJobID)
		byJob[id] = append(byJob[id], s)
	}
	newer := tr.restarts.newerJobs(tracked, byJob)
	lost, err := tr.checkRestarts(ctx, tracked, tr.checkNow || len(newer) > 0)
	if err != nil {
		return 0, err
	}
	tr.checkNow = false
	tr.restarts.cleared(newer)
	gone := map[stepJob]bool{}
	if len(lost) > 0 {
		if err := tr.forgetLost(ctx, lost); err != nil {
			return 0, err
		}
		for _, t := range lost {
			gone[keyOf(t)] = true
		}
	}
	var updates []journal.StepUpdate
	var ended []trackedStep
	for _, t := range tracked {
		if gone[keyOf(t)] {
			continue
		}
		if !tr.restarts.trusted(t) {
			// Its job id may name another job since the controller's restart: what squeue
			// says about it is not the step's. Accounting settles a job only it still knows.
			if tr.restarts.settledByAccounting(t) {
				ended = append(ended, t)
			}
			continue
		}
		seen := byJob[t.step.JobID]
		u, over := fromQueue(t, seen)
		if over {
			// The controller's reason for an ended job is kept: slurmdbd may not have
			// DependencyNeverSatisfied, which tells a skip from a cancellation.
			for _, st := range seen {
				if strings.Contains(st.Reason, "Dependency") {
					t.step.Reason = st.Reason
				}
			}
			ended = append(ended, t)
			continue
		}
		if u.State != t.step.State || u.Reason != t.step.Reason || u.SlurmState != t.step.SlurmState {
			updates = append(updates, u)
		}
	}
	if len(ended) > 0 {
		more, err := tr.fromAccounting(ctx, ended)
		if err != nil {
			// The squeue findings still stand; the ended jobs are read again next round.
			if jerr := tr.journal.UpdateSteps(ctx, updates); jerr != nil {
				return 0, jerr
			}
			return 0, fmt.Errorf("sacct: %w", err)
		}
		updates = append(updates, more...)
	}
	return len(updates) + len(lost), tr.journal.UpdateSteps(ctx, updates)
}

// markPolled records that Slurm answered (or that there was nothing to ask).
func (tr *tracker) markPolled() {
	tr.pollMu.Lock()
	tr.lastPoll = time.Now()
	tr.pollMu.Unlock()
}

// fromQueue reads a step's state from squeue. over is true when the job has ended or the
// controller no longer lists it (or some of its array tasks): accounting has the last word
// then, with exit codes squeue does not print.
func fromQueue(t trackedStep, seen []slurmbridge.JobStatus) (journal.StepUpdate, bool) {
	u := journal.StepUpdate{RunID: t.run.ID, Step: t.step.Name}
	if len(seen) == 0 {
		return u, true
	}
	active, pending := false, false
	var started *time.Time
	reason := ""
	slurmState := ""
	for _, s := range seen {
		switch {
		case s.State.Pending():
			pending = true
			if reason == "" {
				reason = s.Reason
			}
			if slurmState == "" {
				slurmState = string(s.State)
			}
		case !s.State.Terminal():
			active = true
			slurmState = string(s.State)
			if !s.StartTime.IsZero() && (started == nil || s.StartTime.Before(*started)) {
				st := s.StartTime.UTC()
				started = &st
			}
		}
	}
	switch {
	case active:
		u.State, u.SlurmState, u.StartedAt = runstate.StepRunning, slurmState, started
	case pending:
		u.State, u.SlurmState, u.Reason = runstate.StepPending, slurmState, reason
	default:
		// Every task squeue shows has ended; tasks that ended earlier may be gone from it.
		return u, true
	}
	return u, false
}

// fromAccounting reads how ended jobs ended: one sacct for all of them. A job sacct does
// not know yet (slurmdbd lags the controller) stays as it is until the next round.
func (tr *tracker) fromAccounting(ctx context.Context, ended []trackedStep) ([]journal.StepUpdate, error) {
	ids := make([]uint32, len(ended))
	since := time.Now()
	for i, t := range ended {
		ids[i] = t.step.JobID
		if t.step.SubmittedAt != nil && t.step.SubmittedAt.Before(since) {
			since = *t.step.SubmittedAt
		}
		if t.run.CreatedAt.Before(since) {
			since = t.run.CreatedAt
		}
	}
	records, err := tr.slurm.Accounting(ctx, slurmbridge.AccountingQuery{Start: since.Add(-time.Minute), End: time.Now().Add(time.Minute), JobIDs: ids})
	if err != nil {
		return nil, err
	}
	byJob := map[uint32][]slurmbridge.AccountingRecord{}
	for _, r := range records {
		if r.Incomplete {
			continue
		}
		if r.UnknownState {
			// The run stays unfinished in the journal until this build understands the
			// state: say so every round rather than wait in silence.
			tr.log.WithField("job", r.JobID).WithField("state", string(r.State)).
				Error("slurmdbd reports a job state this petagrid does not know; the step stays unfinished: upgrade petagrid or report the state")
		}
		id := slurmbridge.MasterJobID(r.JobID, r.ArrayJobID, r.HetJobID)
		byJob[id] = append(byJob[id], r)
	}
	var out []journal.StepUpdate
	for _, t := range ended {
		// Only the records under the step's tag, of the run's account, are its job's: after
		// a controller restart its id may have been handed to another job, and tags are
		// visible to every user.
		var own []slurmbridge.AccountingRecord
		for _, r := range byJob[t.step.JobID] {
			if r.Name == t.step.Tag && (t.run.LocalUser == "" || r.User == t.run.LocalUser) {
				own = append(own, r)
			}
		}
		if u, ok := fromRecords(t, own); ok {
			out = append(out, u)
		} else if len(own) == 0 {
			// Neither the controller nor accounting knows the job: it may be one a
			// restarted controller lost (restartWatch).
			tr.checkNow = true
		}
	}
	return out, nil
}

// fromRecords derives a step's final state from its accounting records: the latest run of
// every task (a requeued job has one record per run), the worst task deciding for an array.
func fromRecords(t trackedStep, records []slurmbridge.AccountingRecord) (journal.StepUpdate, bool) {
	u := journal.StepUpdate{RunID: t.run.ID, Step: t.step.Name}
	latest := latestPerTask(records)
	want := 1
	if t.step.ArraySize > 0 {
		want = t.step.ArraySize
		// A record without a task id stands for the tasks that never started ("1234_[3-9]"):
		// pending while they wait, terminal when Slurm cancelled them (a skip, a cancel),
		// in which case it closes the tasks that have no record of their own.
		if whole, ok := latest[-1]; ok {
			delete(latest, -1)
			if whole.State.Terminal() && len(latest) < want {
				latest[-1] = whole
				want = len(latest)
			}
		}
	}
	if len(latest) < want {
		return u, false
	}
	tasks := make([]int64, 0, len(latest))
	for k := range latest {
		tasks = append(tasks, k)
	}
	sort.Slice(tasks, func(i, j int) bool { return tasks[i] < tasks[j] })
	var worst *slurmbridge.AccountingRecord
	var started, endedAt time.Time
	for _, k := range tasks {
		r := latest[k]
		if r.State == slurmbridge.StateCancelled && r.StartTime.IsZero() && (r.Reason == "" || r.Reason == "None") &&
			strings.Contains(t.step.Reason, "DependencyNeverSatisfied") {
			// slurmdbd's record lacks the reason the controller gave (see refresh).
			r.Reason = t.step.Reason
		}
		if !r.State.Terminal() {
			return u, false
		}
		if !r.StartTime.IsZero() && (started.IsZero() || r.StartTime.Before(started)) {
			started = r.StartTime
		}
		if r.EndTime.After(endedAt) {
			endedAt = r.EndTime
		}
		if worst == nil || severity(stepStateOf(r)) > severity(stepStateOf(*worst)) {
			rc := r
			worst = &rc
		}
	}
	u.State = stepStateOf(*worst)
	u.SlurmState = string(worst.State)
	// sacct keeps the last pending reason ("Dependency") on jobs that then ran: it only
	// says something about jobs that did not complete.
	if u.State != runstate.StepCompleted {
		u.Reason = worst.Reason
	}
	// A job that never started (skipped, cancelled while pending) has no exit code.
	if worst.Exit != nil && !worst.StartTime.IsZero() {
		code, sig := worst.Exit.Code, worst.Exit.Signal
		u.ExitCode, u.ExitSignal = &code, &sig
	}
	if !started.IsZero() {
		st := started.UTC()
		u.StartedAt = &st
	}
	if !endedAt.IsZero() {
		en := endedAt.UTC()
		u.EndedAt = &en
	}
	return u, true
}

// latestPerTask is the latest run of every task (-1: the job, or an array's tasks that never
// started) among a job's accounting records: a requeued job has one record per run.
func latestPerTask(records []slurmbridge.AccountingRecord) map[int64]slurmbridge.AccountingRecord {
	latest := map[int64]slurmbridge.AccountingRecord{}
	for _, r := range records {
		task := int64(-1)
		if r.ArrayTaskID != nil {
			task = int64(*r.ArrayTaskID)
		}
		if cur, ok := latest[task]; !ok || r.SubmitTime.After(cur.SubmitTime) || r.SubmitTime.Equal(cur.SubmitTime) && r.StartTime.After(cur.StartTime) {
			latest[task] = r
		}
	}
	return latest
}

// stepStateOf maps Slurm's terminal state. A job Slurm cancelled because its dependency can
// never be satisfied was skipped by design (a failure handler after a success).
func stepStateOf(r slurmbridge.AccountingRecord) runstate.StepState {
	switch r.State {
	case slurmbridge.StateCompleted:
		return runstate.StepCompleted
	case slurmbridge.StateCancelled:
		if strings.Contains(r.Reason, "Dependency") {
			return runstate.StepSkipped
		}
		return runstate.StepCancelled
	case slurmbridge.StateTimeout:
		return runstate.StepTimeout
	case slurmbridge.StateNodeFail:
		return runstate.StepNodeFail
	case slurmbridge.StateOutOfMemory:
		return runstate.StepOutOfMemory
	case slurmbridge.StatePreempted:
		return runstate.StepPreempted
	case slurmbridge.StateBootFail:
		return runstate.StepBootFail
	case slurmbridge.StateDeadline:
		return runstate.StepDeadline
	}
	return runstate.StepFailed
}

func severity(s runstate.StepState) int {
	switch s {
	case runstate.StepCompleted:
		return 0
	case runstate.StepSkipped:
		return 1
	case runstate.StepCancelled:
		return 2
	}
	return 3
}

// settle moves a tracked run to Running or to its outcome, and carries out a requested
// cancellation.
func (tr *tracker) settle(ctx context.Context, run *siteapi.Run) {
	if run.State != runstate.Submitted && run.State != runstate.Running {
		return
	}
	log := tr.log.WithField("run", run.ID)
	allOver, anyRunning := true, false
	for _, s := range run.Steps {
		allOver = allOver && s.State.Terminal()
		anyRunning = anyRunning || s.State == runstate.StepRunning
	}
	if run.CancelRequested && !allOver {
		tr.cancelJobs(ctx, run)
	}
	if !allOver {
		if anyRunning && run.State == runstate.Submitted {
			if err := tr.journal.Advance(ctx, run.ID, runstate.Submitted, runstate.Running, ""); err != nil {
				log.WithError(err).Error("journal")
			}
		}
		return
	}
	outcome, detail := outcomeOf(run)
	var err error
	digest := ""
	if outcome == runstate.Completed {
		var note string
		digest, note = tr.outputsDigest(ctx, run)
		if ctx.Err() != nil {
			// Stopping: the run is settled at the next start, digest and all.
			return
		}
		if digest == "" && tr.replicated(ctx, run) {
			// A replica exists to be compared: completed without a digest, the gateway
			// would count it as withholding its outputs and slash the provider. It failed.
			outcome, detail = runstate.Failed, "a replica of a replicated workflow must show its outputs digest ("+note+")"
			err = tr.journal.Advance(ctx, run.ID, run.State, outcome, detail)
		} else {
			err = tr.journal.Complete(ctx, run.ID, run.State, digest, note)
		}
	} else {
		err = tr.journal.Advance(ctx, run.ID, run.State, outcome, detail)
	}
	if err != nil {
		log.WithError(err).Error("journal")
		return
	}
	tr.mu.Lock()
	delete(tr.cancelled, run.ID)
	tr.mu.Unlock()
	if digest != "" {
		log = log.WithField("outputsSha256", digest)
	}
	log.WithField("outcome", outcome).Info("run ended")
}

// outputsDigest is a completed run's outputs digest, or "" and a note for its history that
// says why there is none. A digest that cannot be computed does not fail the run, which
// succeeded, unless the run is a replica (the caller's rule).
func (tr *tracker) outputsDigest(ctx context.Context, run *siteapi.Run) (digest, note string) {
	log := tr.log.WithField("run", run.ID)
	acct, err := tr.mapper.Account(run.LocalUser)
	if err == nil {
		digest, err = outputsDigest(ctx, tr.workspaceRoot, run, acct.UID)
	}
	switch {
	case err == nil:
		return digest, ""
	case ctx.Err() != nil:
		return "", ""
	case errors.Is(err, workflows.ErrNoOutputs):
		log.Debug("the run declared no outputs: it has no outputs digest")
		return "", "no outputs digest: " + err.Error()
	}
	log.WithError(err).Warn("the completed run's outputs digest cannot be computed; it goes without one")
	return "", "no outputs digest: " + err.Error()
}

// replicated reports whether the run's workflow asks for replicated execution (verify):
// only the grid gateway replicates, but the site sees the field in the workflow it runs.
// (The tracker's runs come without their source: it is read here, for the rare run that
// completed without a digest.)
func (tr *tracker) replicated(ctx context.Context, run *siteapi.Run) bool {
	full, err := tr.journal.Get(ctx, run.ID)
	if err != nil {
		tr.log.WithField("run", run.ID).WithError(err).Warn("reading the run's workflow")
		return false
	}
	wf, err := workflows.Parse(full.SourceName, full.Source)
	return err == nil && wf.Verify != nil
}

// outcomeOf is a run's terminal state: cancelled if the researcher asked, else the state of
// the first step (in plan order) that did not complete, else completed.
func outcomeOf(run *siteapi.Run) (runstate.State, string) {
	if run.CancelRequested {
		return runstate.Cancelled, "cancelled at the researcher's request"
	}
	for _, s := range run.Steps {
		switch s.State {
		case runstate.StepCompleted, runstate.StepSkipped:
			continue
		}
		detail := fmt.Sprintf("step %s: %s", s.Name, s.State)
		if s.ExitCode != nil {
			detail += fmt.Sprintf(" (exit code %d", *s.ExitCode)
			if s.ExitSignal != nil && *s.ExitSignal != 0 {
				detail += fmt.Sprintf(", signal %d", *s.ExitSignal)
			}
			detail += ")"
		}
		if s.Reason != "" && s.Reason != "None" {
			detail += ": " + s.Reason
		}
		switch s.State {
		case runstate.StepCancelled:
			return runstate.Cancelled, detail
		case runstate.StepTimeout:
			return runstate.Timeout, detail
		case runstate.StepNodeFail:
			return runstate.NodeFail, detail
		case runstate.StepOutOfMemory:
			return runstate.OutOfMemory, detail
		case runstate.StepPreempted:
			return runstate.Preempted, detail
		case runstate.StepBootFail:
			return runstate.BootFail, detail
		case runstate.StepDeadline:
			return runstate.Deadline, detail
		}
		return runstate.Failed, detail
	}
	return runstate.Completed, ""
}

// cancelJobs asks Slurm, as the run's account, to cancel the run's live jobs; it repeats
// every cancelRetry until they have ended (and once more after a restart).
func (tr *tracker) cancelJobs(ctx context.Context, run *siteapi.Run) {
	tr.mu.Lock()
	last, done := tr.cancelled[run.ID]
	if done && time.Since(last) < cancelRetry {
		tr.mu.Unlock()
		return
	}
	tr.cancelled[run.ID] = time.Now()
	tr.mu.Unlock()
	b, err := tr.mapper.Submitter(run.LocalUser)
	if err != nil {
		tr.log.WithField("run", run.ID).WithError(err).Error("cannot cancel")
		return
	}
	for _, s := range run.Steps {
		if s.JobID == 0 || s.State.Terminal() {
			continue
		}
		if !tr.restarts.trusted(trackedStep{run: run, step: s}) {
			continue // its id may name another job since the controller's restart
		}
		err := b.Cancel(ctx, s.JobID, "")
		if err != nil && !errors.Is(err, slurmbridge.ErrJobFinished) && !errors.Is(err, slurmbridge.ErrJobNotFound) {
			tr.log.WithField("run", run.ID).WithField("jobId", s.JobID).WithError(err).Warn("cancel failed; will retry")
		}
	}
	tr.wake()
}
