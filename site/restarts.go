package site

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/petagrid/petagrid/slurmbridge"
)

// restartWatch finds the jobs a restarted slurmctld lost.
//
// slurmctld writes its job state to StateSaveLocation some seconds behind its changes. Killed
// (power loss, OOM killer, SIGKILL) in between, it comes back without the jobs submitted
// since its last save: slurmd kills what of them ran as orphans, their records die with the
// controller's queue to slurmdbd, and their ids are handed out again from the lowest, to
// whoever submits next. Measured on Slurm 22.05: killed six seconds after 100 submissions,
// the controller came back knowing one of them (docs/reliability.md). So after a restart a
// job id in the journal may name nothing, or another job.
//
// The tracker therefore reads the controller's boot time; every step submitted before it is
// suspect until its job is found again by tag and id: in the controller (then squeue is to be
// trusted for it again), or in accounting (then accounting settles it). Until then the
// tracker takes nothing squeue says about its job id, and cancels nothing by it. A step found
// nowhere for the grace (or only as a runaway record in accounting: started, never ended)
// lost its job: the job is taken off the step, which the executor submits again under the
// same tag.
type restartWatch struct {
	// checkEvery is how often the boot time is read while nothing looks lost.
	checkEvery time.Duration
	// grace is how long a suspect step's job may be missing everywhere before it counts as
	// lost: slurmdbd may still be receiving the restarted controller's records.
	grace time.Duration

	// mu guards boot and steps: the API's cancellations ask trusted from their own
	// goroutines.
	mu        sync.Mutex
	checkedAt time.Time
	boot      time.Time
	// steps are the suspect and cleared steps of the current boot.
	steps map[stepJob]*suspect
	// newerSeen are the submit times squeue gave tracked jobs that were later than their
	// steps' submissions, already checked against the current boot (a requeued job has a
	// new one): each costs one look at the boot time, not one per round.
	newerSeen map[stepJob]time.Time
}

// newerSubmitSlack is how much later than the journal's record of a submission squeue's
// submit time for the job may be before it suggests another job with the same id: the
// record follows sbatch's answer, which follows the submission, but the controller's clock
// may run a little ahead of the daemon's.
const newerSubmitSlack = 2 * time.Second

// newerJobs returns the tracked steps whose job id squeue lists with a submit time later
// than the step's submission (and not yet checked against the current boot): another job
// with the same id, after a controller restart, or the step's job requeued.
func (w *restartWatch) newerJobs(tracked []trackedStep, byJob map[uint32][]slurmbridge.JobStatus) map[stepJob]time.Time {
	w.mu.Lock()
	defer w.mu.Unlock()
	var out map[stepJob]time.Time
	for _, t := range tracked {
		if t.step.SubmittedAt == nil {
			continue
		}
		for _, st := range byJob[t.step.JobID] {
			if !st.SubmitTime.After(t.step.SubmittedAt.Add(newerSubmitSlack)) || w.newerSeen[keyOf(t)].Equal(st.SubmitTime) {
				continue
			}
			if out == nil {
				out = map[stepJob]time.Time{}
			}
			out[keyOf(t)] = st.SubmitTime
		}
	}
	return out
}

// cleared records that the boot time was read after squeue gave these submit times.
func (w *restartWatch) cleared(newer map[stepJob]time.Time) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for k, at := range newer {
		w.newerSeen[k] = at
	}
}

// stepJob is a step and the job the journal gives it.
type stepJob struct {
	run, step string
	job       uint32
}

type suspect struct {
	// inController: the restarted controller lists the job under its tag; squeue is to be
	// trusted for it.
	inController bool
	// inAccounting: only accounting knows the job under its tag: it settles the step.
	inAccounting bool
	// missingSince is when the job was first found nowhere (zero while it was found).
	missingSince time.Time
}

func newRestartWatch(interval time.Duration) *restartWatch {
	return &restartWatch{checkEvery: min(max(10*interval, 10*time.Second), time.Minute), grace: max(3*interval, 10*time.Second),
		steps: map[stepJob]*suspect{}, newerSeen: map[stepJob]time.Time{}}
}

func keyOf(t trackedStep) stepJob {
	return stepJob{run: t.run.ID, step: t.step.Name, job: t.step.JobID}
}

// submittedBefore is true when the step's job was submitted before the controller's boot
// (the journal and BOOT_TIME both keep whole seconds: the same second counts as before).
func submittedBefore(t trackedStep, boot time.Time) bool {
	return !boot.IsZero() && t.step.SubmittedAt != nil && !t.step.SubmittedAt.After(boot)
}

// trusted is false for a step whose job id may name another job: submitted before the
// controller's restart, and not found again in the controller by tag.
func (w *restartWatch) trusted(t trackedStep) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !submittedBefore(t, w.boot) {
		return true
	}
	s, ok := w.steps[keyOf(t)]
	return ok && s.inController
}

// settledByAccounting is true for a step only accounting knows since the restart.
func (w *restartWatch) settledByAccounting(t trackedStep) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	s, ok := w.steps[keyOf(t)]
	return submittedBefore(t, w.boot) && ok && s.inAccounting && !s.inController
}

// checkRestarts reads the controller's boot time when due (or when force is set: a tracked job
// vanished), looks the suspect steps up by tag, and returns the steps whose job is lost.
func (tr *tracker) checkRestarts(ctx context.Context, tracked []trackedStep, force bool) ([]trackedStep, error) {
	w := tr.restarts
	now := time.Now()
	if force || now.Sub(w.checkedAt) >= w.checkEvery {
		boot, err := tr.slurm.ControllerBootTime(ctx)
		if err != nil {
			return nil, err
		}
		w.checkedAt = now
		w.mu.Lock()
		if !boot.Equal(w.boot) {
			if !w.boot.IsZero() {
				tr.log.WithField("bootTime", boot.Format(time.RFC3339)).Warn("slurmctld restarted: checking the jobs submitted before, which it may have lost")
			}
			w.boot = boot
			w.steps = map[stepJob]*suspect{}
		}
		w.mu.Unlock()
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	var open []trackedStep
	live := map[stepJob]bool{}
	all := map[stepJob]bool{}
	for _, t := range tracked {
		all[keyOf(t)] = true
		if !submittedBefore(t, w.boot) {
			continue
		}
		k := keyOf(t)
		live[k] = true
		if s, ok := w.steps[k]; !ok || (!s.inController && !s.inAccounting) {
			open = append(open, t)
		}
	}
	for k := range w.steps {
		if !live[k] {
			delete(w.steps, k)
		}
	}
	for k := range w.newerSeen {
		if !all[k] {
			delete(w.newerSeen, k)
		}
	}
	if len(open) == 0 {
		return nil, nil
	}
	boot := w.boot
	w.mu.Unlock()
	lost, err := tr.lookUpSuspects(ctx, open, boot, now)
	w.mu.Lock()
	return lost, err
}

// lookUpSuspects asks the controller, then accounting, for the suspect steps' jobs by tag:
// one squeue and one sacct for all of them.
func (tr *tracker) lookUpSuspects(ctx context.Context, open []trackedStep, boot, now time.Time) ([]trackedStep, error) {
	w := tr.restarts
	tags := make([]string, len(open))
	since := now
	for i, t := range open {
		tags[i] = t.step.Tag
		if t.step.SubmittedAt.Before(since) {
			since = *t.step.SubmittedAt
		}
	}
	// ended: a terminal record of the job that slurmdbd has not completed yet (replaying
	// after an outage): the job existed and ended, so it is not lost, but the step waits for
	// the complete record before it settles.
	type found struct{ controller, accounting, ended bool }
	byKey := map[stepJob]*found{}
	want := map[string]stepJob{}
	users := map[string]string{}
	for _, t := range open {
		k := keyOf(t)
		byKey[k] = &found{}
		want[t.step.Tag] = k
		users[t.step.Tag] = t.run.LocalUser
	}
	jobs, err := tr.slurm.ListJobs(ctx, slurmbridge.JobQuery{Names: tags})
	if err != nil {
		return nil, fmt.Errorf("looking up jobs after a controller restart: %w", err)
	}
	for _, j := range jobs {
		k, ok := want[j.Name]
		// Tags are visible to everyone: only the run's own account's job counts.
		if ok && j.User == users[j.Name] && slurmbridge.MasterJobID(j.ID, j.ArrayJobID, j.HetJobID) == k.job {
			byKey[k].controller = true
		}
	}
	// slurmdbd often shares the controller's host and may come back later: while it does
	// not answer, the steps the controller does not list are neither settled nor counted
	// towards lost, and the rest of the round goes on.
	records, accountingErr := tr.slurm.Accounting(ctx, slurmbridge.AccountingQuery{Start: since.Add(-time.Minute), End: now.Add(time.Minute), Names: tags})
	if accountingErr != nil {
		tr.log.WithError(accountingErr).Warn("looking up jobs after a controller restart: accounting did not answer; asking again next round")
	}
	for _, r := range records {
		k, ok := want[r.Name]
		// A record that never ended, of a job the restarted controller does not list, is a
		// runaway (`sacctmgr show runawayjobs`): the job's start reached slurmdbd, its end
		// never will. It does not settle the step.
		if !ok || r.User != users[r.Name] || slurmbridge.MasterJobID(r.JobID, r.ArrayJobID, r.HetJobID) != k.job || !r.State.Terminal() {
			continue
		}
		if r.Incomplete {
			byKey[k].ended = true
		} else {
			byKey[k].accounting = true
		}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.boot.Equal(boot) {
		return nil, nil // the controller restarted again meanwhile: the next round looks again
	}
	var lost []trackedStep
	for _, t := range open {
		k := keyOf(t)
		s := w.steps[k]
		if s == nil {
			s = &suspect{}
			w.steps[k] = s
		}
		f := byKey[k]
		s.inController, s.inAccounting = f.controller, f.accounting
		switch {
		case f.controller || f.accounting || f.ended:
			s.missingSince = time.Time{}
		case accountingErr != nil:
			// Unknown: the clock does not start or run on without accounting's answer.
		case s.missingSince.IsZero():
			s.missingSince = now
		case now.Sub(s.missingSince) >= w.grace:
			lost = append(lost, t)
		}
	}
	return lost, nil
}

// forgetLost takes the lost jobs off their steps, which the executor submits again.
func (tr *tracker) forgetLost(ctx context.Context, lost []trackedStep) error {
	byRun := map[string]map[string]uint32{}
	for _, t := range lost {
		if byRun[t.run.ID] == nil {
			byRun[t.run.ID] = map[string]uint32{}
		}
		byRun[t.run.ID][t.step.Name] = t.step.JobID
	}
	detail := fmt.Sprintf("lost by slurmctld, which restarted at %s without it (neither the controller nor accounting knows its job under the step's tag as ended): submitted again", tr.restarts.boot.Format(time.RFC3339))
	for runID, steps := range byRun {
		changed, err := tr.journal.ForgetLostJobs(ctx, runID, steps, detail)
		if err != nil {
			return err
		}
		for _, step := range changed {
			tr.log.WithField("run", runID).WithField("step", step).WithField("jobId", steps[step]).Warn("a job was lost by the restarted slurmctld; submitting it again")
			tr.metrics.lostJobs.Inc()
		}
	}
	return nil
}
