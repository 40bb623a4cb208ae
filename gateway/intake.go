package gateway

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/placement"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/internal/strictyaml"
	"github.com/petagrid/petagrid/tokenomics"
	"github.com/petagrid/petagrid/workflows"
)

// replicaSettleTime is what a replicated job's escrow must stay locked beyond its group's
// deadline: for the gateway to decide the group and settle the escrow.
const replicaSettleTime = 30 * time.Minute

// rerunDeliveryMargin is how long before a signed submission expires its group's last
// rerun may be made: time for a site to poll and accept it.
const rerunDeliveryMargin = 30 * time.Minute

// submissionSigningSlack is how much of a signed submission's validity may pass between its
// signing and its arrival (the CLI locks the escrow in between).
const submissionSigningSlack = 30 * time.Minute

// intake takes researchers' submissions: each is checked against its escrow on chain and
// recorded as a job (a refused one is ended at once, so that its escrow is refunded), then
// handed to the placer.
type intake struct {
	store  *store.Store
	deploy *contracts.Deployment
	chain  *contracts.Chain
	placer *placer
	// audience is the gateway's name: signed submissions are made for it.
	audience string
	cfg      PlacementConfig
	// reclaimAfter is how long after its lock a researcher may reclaim an escrow.
	reclaimAfter time.Duration
	log          logrus.FieldLogger
	now          func() time.Time
	metrics      *metrics
}

// Submit takes a submission: a retry answers with the job already taken (200); a new one is
// recorded (201) and placed at once if a site can take it. A refusal is a *requestError;
// one refused after its escrow was found locked is recorded all the same.
func (in *intake) Submit(ctx context.Context, researcher common.Address, req *gatewayapi.SubmitRequest) (gatewayapi.Job, int, error) {
	if err := checkSubmitRequest(req); err != nil {
		return gatewayapi.Job{}, 0, refuseRequest(http.StatusBadRequest, err.Error())
	}
	maxCost, _ := protocol.ParseWei(req.MaxCostWei)
	if err := in.checkSignature(req, researcher, maxCost); err != nil {
		return gatewayapi.Job{}, 0, refuseRequest(http.StatusBadRequest, err.Error())
	}
	// A retry of a submission the gateway already took answers with that job.
	if existing, err := in.store.JobByKey(ctx, researcher.Hex(), req.IdempotencyKey); err == nil {
		hideUndecidedDigest(&existing)
		return existing, http.StatusOK, nil
	} else if !errors.Is(err, store.ErrNotFound) {
		return gatewayapi.Job{}, 0, refuseRequest(http.StatusInternalServerError, err.Error())
	}
	esc, escrowID, err := in.lockedEscrow(ctx, researcher, req.IdempotencyKey, maxCost)
	if err != nil {
		return gatewayapi.Job{}, 0, err
	}
	// From here on the escrow is locked for this submission: a workflow refused now (its
	// errors, or no approved site could ever run it) is recorded all the same, ended at no
	// cost, so that its escrow is refunded by the settler like any other, and a concurrent
	// submission under the same key finds it (one escrow, one job, whatever the order).
	verdict, err := in.judge(ctx, req, esc, maxCost)
	if err != nil {
		return gatewayapi.Job{}, 0, err
	}
	return in.record(ctx, researcher, req, escrowID, maxCost, verdict)
}

// TTL is how long a signed submission must stay valid: as long as a job may wait for a
// site, and an hour for its delivery, within what sites accept.
func (in *intake) TTL() time.Duration {
	return min(in.cfg.MaxQueueTime+time.Hour, reqsign.MaxSubmissionTTL)
}

// gatewayapi.Info is the signed submissions' part of GET /v1/info.
func (in *intake) Info() *gatewayapi.SubmissionsInfo {
	return &gatewayapi.SubmissionsInfo{Format: reqsign.SubmissionVersion, TTLSeconds: int64(in.TTL() / time.Second), Protocol: protocol.Version}
}

// checkSignature checks a submission's signature, when it has one, before anything is
// recorded: it must be the researcher's, made for this gateway and exactly this request, and
// stay valid as long as the job may wait for a site (a site refuses it after its expiry).
func (in *intake) checkSignature(req *gatewayapi.SubmitRequest, researcher common.Address, maxCost *big.Int) error {
	if req.Submission == nil {
		return nil
	}
	content := reqsign.SubmissionContent{Audience: in.audience, Workflow: []byte(req.Workflow), FileName: req.FileName, Params: req.Params,
		IdempotencyKey: req.IdempotencyKey, MaxCostWei: maxCost}
	signer, err := reqsign.VerifySubmission(req.Submission, content, reqsign.SubmissionCheck{Now: in.now})
	if err != nil {
		return fmt.Errorf("submission: %w", err)
	}
	if signer != researcher {
		return fmt.Errorf("submission: it is signed by %s, the request by %s", signer.Hex(), researcher.Hex())
	}
	if left, need := req.Submission.ExpiresAt().Sub(in.now()), in.TTL()-submissionSigningSlack; left < need {
		return fmt.Errorf("submission: it expires in %s, but a job may wait %s for a site here: sign it for %s (GET /v1/info: submissions.ttlSeconds)",
			left.Round(time.Second), need.Round(time.Second), in.TTL())
	}
	return nil
}

// lockedEscrow reads the submission's escrow on chain: it must be locked, for at least the
// budget; otherwise the refusal says what to do.
func (in *intake) lockedEscrow(ctx context.Context, researcher common.Address, key string, maxCost *big.Int) (contracts.EscrowOnChain, [32]byte, error) {
	escrowID := contracts.EscrowJobID(key)
	esc, err := in.deploy.EscrowOf(ctx, researcher, escrowID)
	in.metrics.observeChain(chainRead, err)
	if err != nil {
		return esc, escrowID, refuseRequest(http.StatusBadGateway, "reading the escrow from the chain: "+err.Error())
	}
	switch {
	case esc.Status == contracts.EscrowNone:
		return esc, escrowID, refuseRequest(http.StatusPaymentRequired, fmt.Sprintf("no escrow is locked for this submission: lock %s DPS in JobEscrow %s under job id 0x%x first (petagrid submit --gateway does it for you)",
			tokenomics.FormatAmount(maxCost), in.deploy.Addresses.Escrow.Hex(), escrowID))
	case esc.Status != contracts.EscrowLocked:
		return esc, escrowID, refuseRequest(http.StatusPaymentRequired, fmt.Sprintf("the escrow under job id 0x%x was already settled or reclaimed: submit with a new idempotency key and a new escrow", escrowID))
	case esc.MaxAmount.Cmp(maxCost) < 0:
		return esc, escrowID, refuseRequest(http.StatusPaymentRequired, fmt.Sprintf("the escrow holds %s DPS, less than the budget of %s DPS", tokenomics.FormatAmount(esc.MaxAmount), tokenomics.FormatAmount(maxCost)))
	}
	return esc, escrowID, nil
}

// submissionVerdict is what the gateway makes of a submission whose escrow is locked.
type submissionVerdict struct {
	// workflow is the workflow's name ("" when it does not parse).
	workflow string
	// replicas, quorum and reruns are the workflow's verify (replicas 0: not replicated),
	// rerunBy until when a replica that ended without a vote may be run again, decideBy
	// when its group is decided at the latest.
	replicas, quorum, reruns int
	rerunBy, decideBy        time.Time
	// refusal says why the job is refused ("" when it is taken), details the workflow's
	// errors one by one.
	refusal string
	details []string
}

// judge decides whether the job is taken: its workflow must read, some approved site must
// be able to run it, and the escrow must stay locked long enough for it to wait its turn
// and run. err is the gateway's own failure.
func (in *intake) judge(ctx context.Context, req *gatewayapi.SubmitRequest, esc contracts.EscrowOnChain, maxCost *big.Int) (submissionVerdict, error) {
	v, ask := readSubmittedWorkflow(req)
	if v.refusal == "" {
		refusal, err := in.placer.Refusal(ctx, ask, maxCost, v.replicas, v.reruns)
		if err != nil {
			return v, refuseRequest(http.StatusInternalServerError, err.Error())
		}
		v.refusal = refusal
	}
	// The escrow must stay locked long enough for the job to wait its turn and run: a
	// researcher could otherwise reclaim it once the work is done.
	if v.refusal == "" {
		left, need, err := in.escrowTimeLeft(ctx, esc, ask.needs)
		if err != nil {
			return v, refuseRequest(http.StatusBadGateway, err.Error())
		}
		if v.replicas > 1 {
			// A group is decided by the time its replicas may wait and run, and then needs
			// time to settle before the escrow becomes reclaimable.
			v.decideBy = in.now().Add(need)
			// A rerun started within the queueing window has the rest, every step's time
			// limit and the sites' setup, to run before the group is decided.
			v.rerunBy = in.now().Add(min(in.cfg.MaxQueueTime, need))
			if req.Submission != nil {
				// A site refuses a signed submission past its expiry: a rerun must reach its
				// site well before.
				v.rerunBy = earlier(v.rerunBy, req.Submission.ExpiresAt().Add(-rerunDeliveryMargin))
			}
			need += replicaSettleTime
		}
		if left < need {
			v.refusal = fmt.Sprintf("the escrow becomes reclaimable in %s, less than the %s this job may wait and run: lock a new escrow", left.Round(time.Second), need.Round(time.Second))
		}
	}
	return v, nil
}

// readSubmittedWorkflow parses the submitted workflow and what its steps need; a workflow
// that does not parse, or whose resources cannot be read, is refused with its errors.
func readSubmittedWorkflow(req *gatewayapi.SubmitRequest) (submissionVerdict, jobAsk) {
	var v submissionVerdict
	wf, err := workflows.Parse(req.FileName, []byte(req.Workflow))
	if err != nil {
		var yamlErrs strictyaml.Errors
		if !errors.As(err, &yamlErrs) {
			v.refusal = err.Error()
			return v, jobAsk{}
		}
		for _, e := range yamlErrs {
			v.details = append(v.details, e.Error())
		}
		v.refusal = fmt.Sprintf("the workflow has %d error(s)", len(v.details))
		return v, jobAsk{}
	}
	v.workflow = wf.Name
	if wf.Verify != nil {
		v.replicas, v.quorum, v.reruns = wf.Verify.Replicas, wf.Verify.Quorum, wf.Verify.Reruns
	}
	ask, err := askOf(wf)
	if err != nil {
		v.refusal = "the workflow's resources: " + err.Error()
	}
	return v, ask
}

// escrowTimeLeft is how long the escrow stays locked (before its researcher may reclaim it),
// and how long the job may need: the longest queueing allowed plus every step's time limit
// (the placement default for a step without one) and an hour for the sites' own setup.
func (in *intake) escrowTimeLeft(ctx context.Context, esc contracts.EscrowOnChain, needs []placement.StepNeed) (left, need time.Duration, err error) {
	now, err := in.chain.Now(ctx)
	in.metrics.observeChain(chainRead, err)
	if err != nil {
		return 0, 0, fmt.Errorf("reading the chain's time: %w", err)
	}
	// An idle chain's latest block can be well behind the clock, and the next block, in
	// which a reclaim would be mined, will not be: the later of the two counts.
	now = later(now, in.now())
	reclaimable := time.Unix(int64(esc.LockedAt), 0).Add(in.reclaimAfter)
	need = in.cfg.MaxQueueTime + time.Hour
	for _, n := range needs {
		step := time.Duration(n.TimeSeconds) * time.Second
		if step <= 0 {
			step = in.cfg.DefaultTime
		}
		need += step * time.Duration(max(n.Attempts, 1))
	}
	return reclaimable.Sub(now), need, nil
}

// record records the job under its escrow: a refused one ended at once (its escrow is
// refunded), an accepted one placed now if a site can take it.
func (in *intake) record(ctx context.Context, researcher common.Address, req *gatewayapi.SubmitRequest, escrowID [32]byte, maxCost *big.Int, v submissionVerdict) (gatewayapi.Job, int, error) {
	ids := make([]string, max(v.replicas, 1))
	for i := range ids {
		var err error
		if ids[i], err = newJobID(); err != nil {
			return gatewayapi.Job{}, 0, refuseRequest(http.StatusInternalServerError, err.Error())
		}
	}
	id := ids[0]
	first := gatewayapi.Job{ID: id, Researcher: researcher.Hex(), IdempotencyKey: req.IdempotencyKey, EscrowID: "0x" + hex.EncodeToString(escrowID[:]),
		Workflow: v.workflow, SourceName: req.FileName, Source: []byte(req.Workflow), Params: req.Params, MaxCostWei: maxCost.String(), Submission: req.Submission}
	var job gatewayapi.Job
	var err error
	// A refused replicated submission is recorded as one job: there is nothing to vote on.
	if len(ids) > 1 && v.refusal == "" {
		job, err = in.store.CreateReplicatedJob(ctx, first, ids, store.ReplicaPlan{Quorum: v.quorum, Reruns: v.reruns, RerunBy: v.rerunBy, DecideBy: v.decideBy})
	} else {
		job, err = in.store.CreateJob(ctx, first)
	}
	if errors.Is(err, store.ErrDuplicate) {
		return job, http.StatusOK, nil
	}
	if err != nil {
		return gatewayapi.Job{}, 0, refuseRequest(http.StatusConflict, err.Error())
	}
	if v.refusal != "" {
		stored := v.refusal
		if len(v.details) > 0 {
			stored += ": " + strings.Join(v.details, "; ")
		}
		if err := in.store.Abandon(ctx, id, "refused at submission: "+truncate(stored, 4000)); err != nil {
			return gatewayapi.Job{}, 0, refuseRequest(http.StatusInternalServerError, err.Error())
		}
		in.log.WithField("job", id).WithField("researcher", researcher.Hex()).WithField("reason", truncate(stored, 500)).Info("job refused at submission; its escrow is refunded")
		return gatewayapi.Job{}, 0, refuseRequest(http.StatusUnprocessableEntity, v.refusal, v.details...)
	}
	in.log.WithField("job", id).WithField("researcher", researcher.Hex()).WithField("workflow", v.workflow).WithField("maxCost", tokenomics.FormatAmount(maxCost)).
		WithField("signedSubmission", req.Submission != nil).WithField("replicas", len(ids)).Info("job accepted")
	for _, replica := range ids {
		if j, err := in.store.Job(ctx, replica); err == nil {
			in.placer.Place(ctx, j)
		}
	}
	if j, err := in.store.Job(ctx, id); err == nil {
		job = j
	}
	return job, http.StatusCreated, nil
}
