package gatewaylink

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/site"
	"github.com/petagrid/petagrid/site/journal"
	"github.com/petagrid/petagrid/site/siteapi"
)

// acceptor journals what the gateway asks for (the site daemon).
type acceptor interface {
	AcceptAssignment(ctx context.Context, a site.AssignedRun) (siteapi.Run, error)
	RequestCancel(ctx context.Context, runID string) (siteapi.Run, error)
}

// intake takes what a poll answer asks of the site: it journals assignments (or refuses
// them), leaving each outcome in answers for the update loop, and passes cancellations on.
type intake struct {
	client    *client
	journal   *journal.Journal
	acceptor  acceptor
	answers   *answerBook
	localUser string
	log       logrus.FieldLogger
	now       func() time.Time
}

// accept journals one assignment; it reports whether there is an answer to send.
func (in *intake) accept(ctx context.Context, a protocol.Assignment) bool {
	if !protocol.ValidJobID(a.Job) {
		in.log.WithField("job", clean(a.Job, 40)).Warn("the gateway assigned a job with an invalid id; ignored")
		return false
	}
	log := in.log.WithField("job", a.Job)
	if !strings.HasPrefix(a.Researcher, "0x") || !common.IsHexAddress(a.Researcher) {
		in.answers.set(a.Job, answer{refused: true, reason: fmt.Sprintf("researcher %q is not an address (0x and 40 hex digits)", clean(a.Researcher, 60))})
		log.Warn("assignment refused: its researcher is not an address")
		return true
	}
	run := site.AssignedRun{Job: a.Job, Researcher: common.HexToAddress(a.Researcher), LocalUser: in.localUser,
		Workflow: a.Workflow, FileName: a.FileName, Params: a.Params}
	// An assignment journaled before is answered from the journal (AcceptAssignment): its
	// signature was checked, and its nonce spent, the first time.
	if _, err := in.journal.Get(ctx, a.Job); err != nil && !errors.Is(err, journal.ErrNotFound) {
		log.WithError(err).Error("assignment could not be looked up in the journal; it will be when the gateway sends it again")
		return false
	} else if err != nil {
		signed, refusal, err := in.authenticate(ctx, a, run.Researcher)
		if err != nil {
			log.WithError(err).Error("assignment could not be checked; it will be when the gateway sends it again")
			return false
		}
		if refusal != "" {
			in.answers.set(a.Job, answer{refused: true, reason: clipUTF8(refusal, maxErrorLen)})
			log.WithField("researcher", run.Researcher.Hex()).WithField("reason", refusal).Warn("assignment refused: its signed submission is not for this job")
			return true
		}
		run.Signed = signed
	}
	_, err := in.acceptor.AcceptAssignment(ctx, run)
	var refused *site.RefusedError
	switch {
	case errors.As(err, &refused):
		reason := clipUTF8(refused.Error(), maxErrorLen)
		in.answers.set(a.Job, answer{refused: true, reason: reason})
		log.WithField("reason", clean(refused.Reason, 300)).Info("assignment refused")
	case err != nil:
		// Not an answer: the gateway sends the assignment again until it has one.
		log.WithError(err).Error("assignment could not be journaled; it will be taken when the gateway sends it again")
		return false
	default:
		in.answers.set(a.Job, answer{})
		log.WithField("researcher", a.Researcher).Info("assignment accepted")
	}
	return true
}

// authenticate checks the researcher's signed submission that came with an assignment, with
// the real signature code (reqsign): who may run in a researcher's account is the
// researcher's to say, not the gateway's.
//
//   - No submission, or one whose signature does not verify (malformed, not the claimed
//     signer's): nothing is known of who submitted the job. signed is nil and the job goes to
//     the pool account.
//   - A genuine signature that is not for this job (another workflow, file name, parameter
//     set, budget or gateway, another researcher than the one named, or no longer valid):
//     someone is reusing a researcher's signature. refusal says why, and the site refuses the
//     job.
//   - A genuine signature for exactly this job: signed carries its nonce, which the journal
//     spends with the run (a second run with it is a replay, refused).
//
// err is the site's own trouble (the gateway's name unknown): no answer now.
func (in *intake) authenticate(ctx context.Context, a protocol.Assignment, named common.Address) (signed *site.SignedSubmission, refusal string, err error) {
	log := in.log.WithField("job", a.Job).WithField("researcher", named.Hex())
	if a.Submission == nil {
		log.Info("assignment without its researcher's signed submission: it runs as the grid's pool account")
		return nil, "", nil
	}
	audience, err := in.client.signingAudience(ctx)
	if err != nil {
		return nil, "", fmt.Errorf("the gateway's name, which signed submissions are for: %w", err)
	}
	fileName := a.FileName
	if fileName == "" {
		fileName = "workflow.yaml" // as the site names it (site.AcceptAssignment)
	}
	budget, _ := protocol.ParseWei(a.MaxCostWei) // nil (no budget) matches no submission
	// The idempotency key is the gateway's to check against the escrow: the site sees no
	// escrow, so the submission's own key stands.
	content := reqsign.SubmissionContent{Audience: audience, Workflow: []byte(a.Workflow), FileName: fileName, Params: a.Params,
		IdempotencyKey: a.Submission.IdempotencyKey, MaxCostWei: budget}
	signer, err := reqsign.VerifySubmission(a.Submission, content, reqsign.SubmissionCheck{Now: in.now})
	switch {
	case errors.Is(err, reqsign.ErrMalformed), errors.Is(err, reqsign.ErrBadSignature), errors.Is(err, reqsign.ErrUnsigned):
		log.WithError(err).Warn("the assignment's signed submission does not verify: it runs as the grid's pool account")
		return nil, "", nil
	case err != nil:
		return nil, clean(err.Error(), maxErrorLen), nil
	case signer != named:
		return nil, fmt.Sprintf("the signed submission is %s's, but the gateway names %s", signer.Hex(), named.Hex()), nil
	}
	return &site.SignedSubmission{Nonce: a.Submission.Nonce, Expires: a.Submission.ExpiresAt().Add(reqsign.DefaultClockSkew)}, "", nil
}

// cancel passes a cancellation on to the daemon, for runs the gateway assigned only.
func (in *intake) cancel(ctx context.Context, id string) {
	if !protocol.ValidJobID(id) {
		in.log.WithField("job", clean(id, 40)).Warn("the gateway asked to cancel an invalid job id; ignored")
		return
	}
	log := in.log.WithField("job", id)
	run, err := in.journal.Get(ctx, id)
	if errors.Is(err, journal.ErrNotFound) {
		log.Info("the gateway asked to cancel a job this site does not have; ignored")
		return
	}
	if err != nil {
		log.WithError(err).Error("cancel: reading the journal")
		return
	}
	if !fromGateway(run) {
		log.Warn("the gateway asked to cancel a run it did not assign; ignored")
		return
	}
	// The gateway may repeat a cancellation until it sees the run end.
	if run.CancelRequested || run.State.Terminal() {
		return
	}
	if _, err := in.acceptor.RequestCancel(ctx, id); err != nil {
		log.WithError(err).Error("cancel could not be journaled; it will be when the gateway asks again")
	}
}

// answer is an assignment's outcome waiting for the gateway's acknowledgement.
type answer struct {
	refused bool
	reason  string
}

// answerBook holds the assignments' outcomes until the gateway acknowledges them: the poll
// loop writes them, the update loop sends them and forgets those acknowledged.
type answerBook struct {
	mu    sync.Mutex
	byJob map[string]answer
}

func (b *answerBook) set(job string, a answer) {
	b.mu.Lock()
	b.byJob[job] = a
	b.mu.Unlock()
}

// snapshot is a copy of the answers waiting.
func (b *answerBook) snapshot() map[string]answer {
	b.mu.Lock()
	defer b.mu.Unlock()
	return maps.Clone(b.byJob)
}

// forget removes the answers sent that the gateway acknowledged, unless an answer changed
// since it was sent.
func (b *answerBook) forget(sent map[string]answer, acked map[string]bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for job, a := range sent {
		if acked[job] && b.byJob[job] == a {
			delete(b.byJob, job)
		}
	}
}
