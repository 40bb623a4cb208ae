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
	// last is the job's state at the last look: where it had not started, the expiry says
	// why, for the site's admin (its journal and its log).
	var last challengeJob
	// warned holds the limits already logged, so that each is said once per challenge.
	warned := map[string]bool{}
	for {
		now := r.now()
		if !now.Before(c.Deadline) {
			detail := "no answer before the deadline"
			if last.pending {
				detail += "; its job had not started (" + last.pendingString() + ")"
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
			if hint := limitHint(job.reason); job.pending && hint != "" && !warned[job.reason] && len(warned) < maxLimitWarnings {
				warned[job.reason] = true
				log.WithField("slurmReason", job.reason).Warn("Slurm holds the challenge's job for a per-job limit: unless it changes before the deadline, the challenge will be missed. " + hint + " (admin guide, 6.6)")
			}
			last = job
		}
		if backoff.Sleep(ctx, min(r.interval, c.Deadline.Sub(now))) != nil {
			return
		}
	}
}

// challengeJob is what the controller says of a challenge's job: ended, and how (a
// terminal state, or gone from the controller: it ended longer ago than MinJobAge); or
// pending, and Slurm's reason (squeue's, bounded and escaped: Slurm output is not trusted
// into logs and the journal).
type challengeJob struct {
	ended   bool
	how     string
	pending bool
	reason  string
}

func (j challengeJob) pendingString() string {
	if j.reason == "" {
		return "pending"
	}
	return "pending: " + j.reason
}

// maxSlurmReason bounds the pending reason kept of squeue's answer (Slurm's reasons are
// names of some 30 characters); maxLimitWarnings, the distinct limits one challenge logs.
const (
	maxSlurmReason   = 100
	maxLimitWarnings = 8
)

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
		job := challengeJob{ended: s.State.Terminal(), how: string(s.State), pending: s.State.Pending()}
		if job.pending {
			job.reason = sanitize.Escape(s.Reason, maxSlurmReason)
		}
		return job, nil
	}
	return challengeJob{ended: true, how: "no longer in the controller"}, nil
}

// limitHint is what the site's admin can do when a pending reason is one of Slurm's
// per-job limits, which hold a job until the limit or the nodes change; "" for any other
// reason. PartitionNodeLimit also stands for required nodes that are down or drained.
func limitHint(reason string) string {
	switch {
	case reason == "PartitionNodeLimit":
		return "Check the partition's MaxNodes and MinNodes against the challenge's nodes (and site.challenges.heterogeneous), and whether its nodes are down or drained"
	case reason == "PartitionTimeLimit":
		return "Check the partition's MaxTime against the challenge's deadline"
	case strings.HasPrefix(reason, "QOS") && strings.Contains(reason, "PerJob"):
		return "Let the QOS of the pool account's challenge jobs, and the partition's QOS where it has one (QoS= in scontrol show partition), hold the challenge's nodes in one job (sacctmgr show qos)"
	case strings.HasPrefix(reason, "Assoc") && strings.Contains(reason, "PerJob"):
		return "Let the pool account's association (sacctmgr show assoc) hold the challenge's nodes in one job"
	}
	return ""
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
