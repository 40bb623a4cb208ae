package gatewaylink

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/internal/backoff"
	"github.com/petagrid/petagrid/site/journal"
	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/site/siteapi"
)

// maxUpdatesBody keeps one updates message to a few MiB; more runs go in the next.
const maxUpdatesBody = 4 << 20

// outputsProtocol is the first gateway protocol that takes a site's version in its polls
// and a succeeded job's outputs digest in its update (protocol.JobUpdate.OutputsSHA256).
// Older gateways decode requests strictly and would refuse both.
const outputsProtocol = 4

// usageSource says what a terminal run used.
type usageSource interface {
	// Usage returns nil (and no error) while the run's Slurm jobs are not harvested yet.
	Usage(ctx context.Context, run siteapi.Run) (*protocol.Usage, error)
}

// updater is the update loop: it sends the assignments' answers, the gateway's runs' states
// and steps, and a terminal run's usage (from sacct, through the accounting store) until the
// gateway acknowledges them.
type updater struct {
	client       *client
	journal      *journal.Journal
	usage        usageSource
	answers      *answerBook
	wake         <-chan struct{}
	interval     time.Duration
	log          logrus.FieldLogger
	maxAckAnswer int64

	// protocol is the gateway's protocol version (the poll loop's), which decides whether a
	// completed run's update carries its outputs digest.
	protocol *gatewayProtocol

	// usageErrs is the last usage error logged per run, so that a run whose usage cannot be
	// computed is logged once per new error, not every interval. Owned by the update loop.
	usageErrs map[string]string
}

// loop sends updates every interval, at once when woken.
func (u *updater) loop(ctx context.Context, bo *backoff.Exponential) {
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-timer.C:
		case <-u.wake:
		}
		next := u.interval
		if err := u.send(ctx); err != nil {
			if ctx.Err() != nil {
				return
			}
			next = max(bo.Next(), next)
			logFailure(u.log, err, "sending run updates to the gateway", next)
		} else {
			bo.Reset()
		}
		if !timer.Stop() {
			select {
			case <-timer.C:
			default:
			}
		}
		timer.Reset(next)
	}
}

// pendingJob is a job update and what its acknowledgement will record.
type pendingJob struct {
	update protocol.JobUpdate
	ack    journal.GatewayAck
}

// updateBatch is one updates message.
type updateBatch struct {
	msg     protocol.Updates
	answers map[string]answer
	jobs    []pendingJob
}

// send sends the answers and job updates the gateway has not acknowledged, and records its
// acknowledgements.
func (u *updater) send(ctx context.Context) error {
	answers := u.answers.snapshot()
	runs, err := u.journal.OpenGatewayRuns(ctx)
	if err != nil {
		return err
	}
	var jobs []pendingJob
	for _, r := range runs {
		if !fromGateway(r.Run) {
			continue
		}
		if pj, ok := u.jobUpdate(ctx, r); ok {
			jobs = append(jobs, pj)
		}
	}
	for _, b := range batches(answers, jobs) {
		if err := b.msg.Validate(); err != nil {
			return fmt.Errorf("updates message does not fit the protocol: %w", err)
		}
		var resp protocol.UpdatesResponse
		if _, err := u.client.postJSON(ctx, protocol.PathUpdates, b.msg, &resp, requestTimeout, u.maxAckAnswer); err != nil {
			return err
		}
		if err := u.applyAcks(ctx, b, resp.Acked); err != nil {
			return err
		}
	}
	return nil
}

// jobUpdate is a run's update, if the gateway has not acknowledged it as it stands.
func (u *updater) jobUpdate(ctx context.Context, r journal.GatewayRun) (pendingJob, bool) {
	steps := r.Steps
	if len(steps) > protocol.MaxSteps {
		steps = nil
	}
	hash := stepsHash(steps)
	pj := pendingJob{
		update: protocol.JobUpdate{Job: r.ID, State: r.State, Error: clipUTF8(r.Error, maxErrorLen), Steps: steps},
		ack:    journal.GatewayAck{State: r.State, StepsSHA256: hash},
	}
	changed := r.Ack == nil || r.Ack.State != r.State || r.Ack.StepsSHA256 != hash
	// The digest is journaled in the same commit as the run's completion (journal.Complete),
	// so every update that says Completed carries it, and the gateway's acknowledgement of
	// that state covers it: it never changes afterwards, so it needs no place in the ack.
	// What goes without it is never sent again for it: a run completed before this build
	// (none journaled), or one a gateway older than version 4 acknowledged, which cannot
	// have placed it as a replica (it places replicas only on sites that said they speak 4).
	// Until a poll answer has said the gateway's version, the update waits: sent without the
	// digest and acknowledged with the usage, the run would be reported without it for good.
	if r.State == runstate.Completed && r.OutputsSHA256 != "" {
		switch version := u.protocol.get(); {
		case version == 0:
			return pendingJob{}, false
		case version >= outputsProtocol:
			pj.update.OutputsSHA256 = r.OutputsSHA256
		}
	}
	if r.State.Terminal() {
		usage, err := u.usage.Usage(ctx, r.Run)
		u.noteUsageError(r.ID, err)
		if err == nil && usage != nil {
			pj.update.Usage, pj.ack.Usage = usage, true
			changed = true
		}
	}
	return pj, changed
}

func (u *updater) noteUsageError(runID string, err error) {
	if err == nil {
		delete(u.usageErrs, runID)
		return
	}
	if u.usageErrs[runID] == err.Error() {
		return
	}
	u.usageErrs[runID] = err.Error()
	u.log.WithField("run", runID).WithError(err).Warn("the run's usage cannot be computed yet; its outcome goes to the gateway without it")
}

// stepsHash identifies steps as they are sent.
func stepsHash(steps []siteapi.Step) string {
	data, _ := json.Marshal(steps)
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// batches splits answers and job updates into messages within the protocol's bounds.
func batches(answers map[string]answer, jobs []pendingJob) []updateBatch {
	var out []updateBatch
	cur := updateBatch{answers: map[string]answer{}}
	size, steps := 0, 0
	flush := func() {
		if len(cur.answers) > 0 || len(cur.jobs) > 0 {
			out = append(out, cur)
		}
		cur = updateBatch{answers: map[string]answer{}}
		size, steps = 0, 0
	}
	for _, job := range slices.Sorted(maps.Keys(answers)) {
		if len(cur.answers) == protocol.MaxAssignments*10 {
			flush()
		}
		a := answers[job]
		cur.answers[job] = a
		if a.refused {
			cur.msg.Refused = append(cur.msg.Refused, protocol.Refusal{Job: job, Reason: a.reason})
			size += len(a.reason) + 64
		} else {
			cur.msg.Accepted = append(cur.msg.Accepted, job)
			size += 24
		}
	}
	for _, pj := range jobs {
		data, _ := json.Marshal(pj.update)
		if len(cur.jobs) == protocol.MaxUpdates || steps+len(pj.update.Steps) > protocol.MaxSteps || size+len(data) > maxUpdatesBody && size > 0 {
			flush()
		}
		cur.jobs = append(cur.jobs, pj)
		cur.msg.Jobs = append(cur.msg.Jobs, pj.update)
		size += len(data)
		steps += len(pj.update.Steps)
	}
	flush()
	return out
}

// applyAcks records what the gateway acknowledged of one message. Ids the message did not
// carry are ignored.
func (u *updater) applyAcks(ctx context.Context, b updateBatch, acked []string) error {
	if len(acked) > len(b.answers)+len(b.jobs) {
		return &answerError{What: "POST " + protocol.PathUpdates, Err: fmt.Errorf("%d acknowledgements for a message of %d answers and %d jobs", len(acked), len(b.answers), len(b.jobs))}
	}
	set := make(map[string]bool, len(acked))
	for _, id := range acked {
		set[id] = true
	}
	u.answers.forget(b.answers, set)
	for _, pj := range b.jobs {
		if !set[pj.update.Job] {
			continue
		}
		reported, err := u.journal.AckGateway(ctx, pj.update.Job, pj.ack)
		if err != nil {
			return err
		}
		if reported {
			u.log.WithField("run", pj.update.Job).WithField("outcome", pj.update.State).Info("run reported to the gateway with its usage")
		}
	}
	return nil
}
