package site

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/petagrid/petagrid/internal/backoff"
	"github.com/petagrid/petagrid/internal/sanitize"
	"github.com/petagrid/petagrid/pocp/challenge"
	"github.com/petagrid/petagrid/site/journal"
)

// maxChallengeDetail bounds what the journal keeps of a reason (the gateway's among them).
const maxChallengeDetail = 4000

// follow watches a submitted challenge's job every interval until its answer is posted, the
// job ends without one, or the deadline passes (the job is then cancelled).
func (r *ChallengeRunner) follow(ctx context.Context, c journal.Challenge) {
	log := r.log.WithField("challenge", c.ID).WithField("jobId", c.JobID)
	spec, err := challenge.ParseSpec(c.Spec)
	if err != nil {
		r.expireOrFail(ctx, c, journal.ChallengeFailed, "the journaled spec: "+err.Error())
		return
	}
	acct, err := r.mapper.Account(c.LocalUser)
	if err != nil {
		r.expireOrFail(ctx, c, journal.ChallengeFailed, err.Error())
		return
	}
	slurmErrs := 0
	// pending is the job's state at the last look, where it had not started: the expiry
	// says why, for the site's admin (its journal and its log).
	var pending *challengeJobPending
	for {
		now := r.now()
		if !now.Before(c.Deadline) {
			detail := "no answer before the deadline"
			if pending != nil {
				detail += "; its job had not started (" + pending.String() + ")"
			}
			r.expireOrFail(ctx, c, journal.ChallengeExpired, detail)
			return
		}
		answer, err := r.readAnswer(c, spec, acct.UID)
		switch {
		case err == nil:
			r.post(ctx, c, answer)
			return
		case !errors.Is(err, fs.ErrNotExist):
			r.expireOrFail(ctx, c, journal.ChallengeFailed, "its answer is unusable: "+err.Error())
			return
		}
		job, err := r.jobState(ctx, c.JobID)
		switch {
		case err != nil:
			// Slurm unreachable: the answer file is still looked at, and the deadline
			// still ends the challenge.
			if slurmErrs++; slurmErrs == 1 || slurmErrs%60 == 0 {
				log.WithError(err).Warn("could not read the challenge job's state from Slurm; will look again")
			}
		case job.ended:
			// The job writes its answer before it exits: look once more, in case it did so
			// between the two reads.
			if answer, err := r.readAnswer(c, spec, acct.UID); err == nil {
				r.post(ctx, c, answer)
				return
			}
			r.end(ctx, c, journal.ChallengeFailed, "", fmt.Sprintf("its job %d ended (%s) without an answer", c.JobID, job.how))
			return
		default:
			slurmErrs = 0
			// Said once per reason, not every interval.
			if job.pending != nil && perJobLimit(job.pending.reason) && (pending == nil || pending.reason != job.pending.reason) {
				log.WithField("slurmReason", job.pending.reason).Warn("Slurm holds the challenge's job for a per-job limit that keeps it from ever starting: the challenge will be missed. Let the pool account's association and QOS hold the challenge's nodes in one job (admin guide, 6.6)")
			}
			pending = job.pending
		}
		if backoff.Sleep(ctx, min(r.interval, c.Deadline.Sub(now))) != nil {
			return
		}
	}
}

// challengeJob is what the controller says of a challenge's job: ended, and how (a
// terminal state, or gone from the controller: it ended longer ago than MinJobAge); or not
// yet started, and why.
type challengeJob struct {
	ended   bool
	how     string
	pending *challengeJobPending
}

// challengeJobPending is a job that has not started, with Slurm's reason (squeue's, bounded
// and escaped: Slurm output is not trusted into logs and the journal).
type challengeJobPending struct {
	reason string
}

func (p *challengeJobPending) String() string {
	if p.reason == "" || p.reason == "None" {
		return "pending"
	}
	return "pending: " + p.reason
}

// maxSlurmReason bounds the pending reason kept of squeue's answer (Slurm's reasons are
// names of some 30 characters).
const maxSlurmReason = 100

// jobState reads the challenge job's state from the controller. A heterogeneous job is
// read by its first component, whose id is the job's.
func (r *ChallengeRunner) jobState(ctx context.Context, jobID uint32) (challengeJob, error) {
	states, err := r.slurm.JobStates(ctx, []uint32{jobID})
	if err != nil {
		return challengeJob{}, err
	}
	for _, s := range states {
		if s.ID != jobID {
			continue
		}
		job := challengeJob{ended: s.State.Terminal(), how: string(s.State)}
		if s.State.Pending() {
			job.pending = &challengeJobPending{reason: sanitize.Escape(s.Reason, maxSlurmReason)}
		}
		return job, nil
	}
	return challengeJob{ended: true, how: "no longer in the controller"}, nil
}

// perJobLimit reports whether a pending reason is one of Slurm's per-job limits (the
// partition's MaxNodes or MaxTime, a QOS's or an association's MaxTRESPerJob and the like:
// PartitionNodeLimit, QOSMaxNodePerJobLimit, AssocMaxNodePerJobLimit, …). The job never
// starts under it until an admin changes the limit.
func perJobLimit(reason string) bool {
	return reason == "PartitionNodeLimit" || reason == "PartitionTimeLimit" || strings.Contains(reason, "PerJob")
}

// readAnswer reads the challenge's answer file, bounded by what an answer to spec can take,
// and checks its shape: garbage is never sent to the gateway. The file is opened beneath the
// workspace root without following links, and only if the job's account owns it, since the
// daemon may read as root in a directory the account controls.
func (r *ChallengeRunner) readAnswer(c journal.Challenge, spec challenge.Spec, owner uint32) ([]byte, error) {
	f, err := openLog(r.workspaceRoot, c.Workspace, challengeAnswerFile, owner)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	limit := challenge.MaxAnswerBytes(spec)
	data, err := io.ReadAll(io.LimitReader(f, int64(limit)+1))
	if err != nil {
		return nil, fmt.Errorf("reading the answer: %w", err)
	}
	if len(data) > limit {
		return nil, fmt.Errorf("the answer is over the %d bytes an answer to this challenge can take", limit)
	}
	if _, err := challenge.ParseAnswers(data, spec); err != nil {
		return nil, err
	}
	return data, nil
}

// post sends the answer and journals the gateway's word on it.
func (r *ChallengeRunner) post(ctx context.Context, c journal.Challenge, answer []byte) {
	log := r.log.WithField("challenge", c.ID)
	res, err := r.answerer.PostChallengeAnswer(ctx, c.ID, answer, c.Deadline)
	switch {
	case err == nil:
		// The gateway's word, kept to the outcomes it has: the journal's outcomes are a
		// metric's label, which a hostile gateway must not multiply.
		outcome := res.Outcome
		if outcome != "passed" && outcome != "failed" {
			outcome = "unknown"
		}
		reasons := sanitize.Escape(strings.Join(res.Reasons, "; "), maxChallengeDetail)
		r.end(ctx, c, journal.ChallengeAnswered, outcome, reasons)
		log.WithField("outcome", outcome).WithField("reasons", reasons).Info("challenge answered; the gateway's verdict is journaled")
	case errors.Is(err, ErrChallengeAnswered):
		r.end(ctx, c, journal.ChallengeAnswered, "already-answered", sanitize.Escape(err.Error(), maxChallengeDetail))
	case errors.Is(err, ErrChallengeAnswerRefused):
		r.end(ctx, c, journal.ChallengeAnswered, "refused", sanitize.Escape(err.Error(), maxChallengeDetail))
	case ctx.Err() != nil:
		// The daemon is stopping: the answer is still in its file, and is posted after the
		// restart if the deadline allows.
	case !r.now().Before(c.Deadline):
		r.end(ctx, c, journal.ChallengeExpired, "", sanitize.Escape("the answer could not be posted before the deadline: "+err.Error(), maxChallengeDetail))
	default:
		r.end(ctx, c, journal.ChallengeFailed, "", sanitize.Escape("posting the answer: "+err.Error(), maxChallengeDetail))
	}
}

// expireOrFail ends a challenge that will have no answer, cancelling its job if it runs.
func (r *ChallengeRunner) expireOrFail(ctx context.Context, c journal.Challenge, to journal.ChallengeState, detail string) {
	if c.JobID != 0 {
		if b, err := r.mapper.Submitter(c.LocalUser); err == nil {
			r.cancel(ctx, b, c.ID, c.JobID)
		}
	}
	r.end(ctx, c, to, "", detail)
}

// end journals a challenge's final state.
func (r *ChallengeRunner) end(ctx context.Context, c journal.Challenge, to journal.ChallengeState, outcome, detail string) {
	log := r.log.WithField("challenge", c.ID).WithField("state", to)
	if err := r.journal.EndChallenge(context.WithoutCancel(ctx), c.ID, to, outcome, detail); err != nil {
		log.WithError(err).Error("journaling the challenge's end")
		return
	}
	if to != journal.ChallengeAnswered {
		log.WithField("reason", detail).Warn("compute challenge not answered")
	}
}
