package gateway

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/placement"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/internal/strictyaml"
	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/tokenomics"
	"github.com/petagrid/petagrid/workflows"
)

// submissionSigningSlack is how much of a signed submission's validity may pass between its
// signing and its arrival (the CLI locks the escrow in between).
const submissionSigningSlack = 30 * time.Minute

// submissionTTL is how long a signed submission must stay valid: as long as a job may wait
// for a site, and an hour for its delivery, within what sites accept.
func (g *Gateway) submissionTTL() time.Duration {
	return min(g.cfg.Placement.MaxQueueTime+time.Hour, reqsign.MaxSubmissionTTL)
}

// submissionsInfo is the signed submissions' part of GET /v1/info.
func (g *Gateway) submissionsInfo() *gatewayapi.SubmissionsInfo {
	return &gatewayapi.SubmissionsInfo{Format: reqsign.SubmissionVersion, TTLSeconds: int64(g.submissionTTL() / time.Second), Protocol: protocol.Version}
}

// checkSubmission checks a submission's signature, when it has one, before anything is
// recorded: it must be the researcher's, made for this gateway and exactly this request, and
// stay valid as long as the job may wait for a site (a site refuses it after its expiry).
func (g *Gateway) checkSubmission(req *gatewayapi.SubmitRequest, researcher common.Address, maxCost *big.Int) error {
	if req.Submission == nil {
		return nil
	}
	content := reqsign.SubmissionContent{Audience: g.cfg.Name, Workflow: []byte(req.Workflow), FileName: req.FileName, Params: req.Params,
		IdempotencyKey: req.IdempotencyKey, MaxCostWei: maxCost}
	signer, err := reqsign.VerifySubmission(req.Submission, content, reqsign.SubmissionCheck{Now: g.now})
	if err != nil {
		return fmt.Errorf("submission: %w", err)
	}
	if signer != researcher {
		return fmt.Errorf("submission: it is signed by %s, the request by %s", signer.Hex(), researcher.Hex())
	}
	if left, need := req.Submission.ExpiresAt().Sub(g.now()), g.submissionTTL()-submissionSigningSlack; left < need {
		return fmt.Errorf("submission: it expires in %s, but a job may wait %s for a site here: sign it for %s (GET /v1/info: submissions.ttlSeconds)",
			left.Round(time.Second), need.Round(time.Second), g.submissionTTL())
	}
	return nil
}

// assignmentOf is a job as its site receives it.
func assignmentOf(j gatewayapi.Job) protocol.Assignment {
	return protocol.Assignment{Job: j.ID, Researcher: j.Researcher, Workflow: string(j.Source), FileName: j.SourceName, Params: j.Params,
		MaxCostWei: j.MaxCostWei, Submission: j.Submission}
}

// checkSubmitRequest checks a submission's fields and fills in the default file name.
func checkSubmitRequest(req *gatewayapi.SubmitRequest) error {
	if strings.TrimSpace(req.Workflow) == "" {
		return errors.New("workflow is empty: send the workflow YAML in the workflow field")
	}
	if req.FileName == "" {
		req.FileName = "workflow.yaml"
	}
	if !fileNamePattern.MatchString(req.FileName) {
		return fmt.Errorf("fileName %q: a base name of letters, digits and . _ @ + -", truncate(req.FileName, 60))
	}
	if err := gatewayapi.CheckIdempotencyKey(req.IdempotencyKey); err != nil {
		return err
	}
	if len(req.Params) > 1000 {
		return errors.New("more than 1000 params")
	}
	max, err := protocol.ParseWei(req.MaxCostWei)
	if err != nil || max.Sign() == 0 {
		return fmt.Errorf("maxCostWei: the budget in DPS wei, more than 0 (%v)", err)
	}
	return nil
}

// newJobID is a job id in the site's run id form ("r-" and 16 base32 characters), so the
// site journals the job under the same id.
func newJobID() (string, error) {
	var b [10]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("job id: %w", err)
	}
	return "r-" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:])), nil
}

func (g *Gateway) submitJob(w http.ResponseWriter, r *http.Request, researcher common.Address, body []byte) {
	var req gatewayapi.SubmitRequest
	if err := decodeStrict(body, &req, "a submission (workflow, fileName, params, idempotencyKey, maxCostWei, submission)"); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if err := checkSubmitRequest(&req); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	maxCost, _ := protocol.ParseWei(req.MaxCostWei)
	if err := g.checkSubmission(&req, researcher, maxCost); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	ctx := r.Context()
	// A retry of a submission the gateway already took answers with that job.
	if existing, err := g.store.JobByKey(ctx, researcher.Hex(), req.IdempotencyKey); err == nil {
		writeJSON(w, http.StatusOK, existing)
		return
	} else if !errors.Is(err, store.ErrNotFound) {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	escrowID := contracts.EscrowJobID(req.IdempotencyKey)
	esc, err := g.deploy.EscrowOf(ctx, researcher, escrowID)
	if err != nil {
		writeError(w, http.StatusBadGateway, "reading the escrow from the chain: "+err.Error())
		return
	}
	switch {
	case esc.Status == contracts.EscrowNone:
		writeError(w, http.StatusPaymentRequired, fmt.Sprintf("no escrow is locked for this submission: lock %s DPS in JobEscrow %s under job id 0x%x first (petagrid submit --gateway does it for you)",
			tokenomics.FormatAmount(maxCost), g.deploy.Addresses.Escrow.Hex(), escrowID))
		return
	case esc.Status != contracts.EscrowLocked:
		writeError(w, http.StatusPaymentRequired, fmt.Sprintf("the escrow under job id 0x%x was already settled or reclaimed: submit with a new idempotency key and a new escrow", escrowID))
		return
	case esc.MaxAmount.Cmp(maxCost) < 0:
		writeError(w, http.StatusPaymentRequired, fmt.Sprintf("the escrow holds %s DPS, less than the budget of %s DPS", tokenomics.FormatAmount(esc.MaxAmount), tokenomics.FormatAmount(maxCost)))
		return
	}
	// From here on the escrow is locked for this submission: a workflow refused now (its
	// errors, or no approved site could ever run it) is recorded all the same, ended at no
	// cost, so that its escrow is refunded by the settler like any other, and a concurrent
	// submission under the same key finds it (one escrow, one job, whatever the order).
	var refusal, workflowName string
	var details []string
	var needs []placement.StepNeed
	wf, err := workflows.Parse(req.FileName, []byte(req.Workflow))
	if err == nil {
		workflowName = wf.Name
		needs, err = placement.NeedsOf(wf)
		if err != nil {
			refusal = "the workflow's resources: " + err.Error()
		}
	} else {
		var yamlErrs strictyaml.Errors
		if errors.As(err, &yamlErrs) {
			for _, e := range yamlErrs {
				details = append(details, e.Error())
			}
			refusal = fmt.Sprintf("the workflow has %d error(s)", len(details))
		} else {
			refusal = err.Error()
		}
	}
	if refusal == "" {
		sites, err := g.candidateSites(ctx, nil, true)
		if err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
		preq := g.placementRequest("new job", needs, maxCost)
		if cands, rejections := placement.Feasible(preq, sites); len(cands) == 0 {
			refusal = (&placement.NoFitError{Rejections: rejections}).Error()
		}
	}
	// The escrow must stay locked long enough for the job to wait its turn and run: a
	// researcher could otherwise reclaim it once the work is done.
	if refusal == "" {
		if left, need, err := g.escrowTimeLeft(ctx, esc, needs); err != nil {
			writeError(w, http.StatusBadGateway, err.Error())
			return
		} else if left < need {
			refusal = fmt.Sprintf("the escrow becomes reclaimable in %s, less than the %s this job may wait and run: lock a new escrow", left.Round(time.Second), need.Round(time.Second))
		}
	}
	id, err := newJobID()
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	job, err := g.store.CreateJob(ctx, gatewayapi.Job{ID: id, Researcher: researcher.Hex(), IdempotencyKey: req.IdempotencyKey, EscrowID: "0x" + hex.EncodeToString(escrowID[:]),
		Workflow: workflowName, SourceName: req.FileName, Source: []byte(req.Workflow), Params: req.Params, MaxCostWei: maxCost.String(), Submission: req.Submission})
	if errors.Is(err, store.ErrDuplicate) {
		writeJSON(w, http.StatusOK, job)
		return
	}
	if err != nil {
		writeError(w, http.StatusConflict, err.Error())
		return
	}
	if refusal != "" {
		stored := refusal
		if len(details) > 0 {
			stored += ": " + strings.Join(details, "; ")
		}
		if err := g.store.Abandon(ctx, id, "refused at submission: "+truncate(stored, 4000)); err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
		g.log.WithField("job", id).WithField("researcher", researcher.Hex()).WithField("reason", truncate(stored, 500)).Info("job refused at submission; its escrow is refunded")
		writeError(w, http.StatusUnprocessableEntity, refusal, details...)
		return
	}
	g.log.WithField("job", id).WithField("researcher", researcher.Hex()).WithField("workflow", workflowName).WithField("maxCost", tokenomics.FormatAmount(maxCost)).
		WithField("signedSubmission", req.Submission != nil).Info("job accepted")
	g.placeOne(ctx, job)
	if j, err := g.store.Job(ctx, id); err == nil {
		job = j
	}
	writeJSON(w, http.StatusCreated, job)
}

// lookupJob returns a job the researcher may see; someone else's is "not found", so that
// ids cannot be probed.
// escrowTimeLeft is how long the escrow stays locked (before its researcher may reclaim it),
// and how long the job may need: the longest queueing allowed plus every step's time limit
// (the placement default for a step without one) and an hour for the sites' own setup.
func (g *Gateway) escrowTimeLeft(ctx context.Context, esc contracts.EscrowOnChain, needs []placement.StepNeed) (left, need time.Duration, err error) {
	now, err := g.chain.Now(ctx)
	if err != nil {
		return 0, 0, fmt.Errorf("reading the chain's time: %w", err)
	}
	reclaimable := time.Unix(int64(esc.LockedAt), 0).Add(time.Duration(g.params.ReclaimAfterSeconds) * time.Second)
	need = g.cfg.Placement.MaxQueueTime + time.Hour
	for _, n := range needs {
		step := time.Duration(n.TimeSeconds) * time.Second
		if step <= 0 {
			step = g.cfg.Placement.DefaultTime
		}
		need += step * time.Duration(max(n.Attempts, 1))
	}
	return reclaimable.Sub(now), need, nil
}

func (g *Gateway) lookupJob(w http.ResponseWriter, r *http.Request, researcher common.Address) (gatewayapi.Job, bool) {
	id := r.PathValue("id")
	if !jobIDPattern.MatchString(id) {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("%q is not a job id (r- followed by 16 characters)", truncate(id, 40)))
		return gatewayapi.Job{}, false
	}
	j, err := g.store.Job(r.Context(), id)
	if errors.Is(err, store.ErrNotFound) || err == nil && !strings.EqualFold(j.Researcher, researcher.Hex()) && !g.res.operators[researcher] {
		writeError(w, http.StatusNotFound, "no job "+id)
		return gatewayapi.Job{}, false
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return gatewayapi.Job{}, false
	}
	return j, true
}

func (g *Gateway) listJobs(w http.ResponseWriter, r *http.Request, researcher common.Address, _ []byte) {
	q := r.URL.Query()
	f := store.JobFilter{Researcher: researcher.Hex()}
	if g.res.operators[researcher] && q.Get("all") == "1" {
		f.Researcher = ""
	}
	n, err := queryInt(r, "limit", 100, 1, 10000)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	f.Limit = n
	if v := q.Get("before"); v != "" {
		if !jobIDPattern.MatchString(v) {
			writeError(w, http.StatusBadRequest, "before: a job id")
			return
		}
		f.Before = v
	}
	for _, s := range q["state"] {
		st := runstate.State(s)
		known := st == store.Queued || st == store.Assigned || st == store.Unknown
		for _, k := range runstate.All() {
			known = known || k == st
		}
		if !known {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("state %q is not a job state", truncate(s, 40)))
			return
		}
		f.States = append(f.States, st)
	}
	jobs, err := g.store.Jobs(r.Context(), f)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	if jobs == nil {
		jobs = []gatewayapi.Job{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"runs": jobs})
}

func (g *Gateway) getJob(w http.ResponseWriter, r *http.Request, researcher common.Address, _ []byte) {
	if j, ok := g.lookupJob(w, r, researcher); ok {
		writeJSON(w, http.StatusOK, j)
	}
}

func (g *Gateway) cancelJob(w http.ResponseWriter, r *http.Request, researcher common.Address, _ []byte) {
	j, ok := g.lookupJob(w, r, researcher)
	if !ok {
		return
	}
	if store.Terminal(j.State) {
		writeError(w, http.StatusConflict, fmt.Sprintf("job %s has already ended (%s)", j.ID, j.State))
		return
	}
	j, err := g.store.RequestCancel(r.Context(), j.ID)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	g.log.WithField("job", j.ID).WithField("by", researcher.Hex()).Info("cancel requested")
	if j.Site != "" {
		g.wakeSite(j.Site)
	}
	writeJSON(w, http.StatusAccepted, j)
}

// placementRequest is a job's placement question.
func (g *Gateway) placementRequest(job string, needs []placement.StepNeed, maxCost *big.Int) placement.Request {
	return placement.Request{Job: job, Needs: needs, MaxCostWei: maxCost, ReferenceMegaFLOPS: g.catalog.ReferenceScore().PerDeviceMegaFLOPS,
		DefaultTimeSeconds: int64(g.cfg.Placement.DefaultTime / time.Second)}
}

// candidateSites are the approved sites a job may go to, as placement sees them. With
// anyTime, every approved site counts as online with all its nodes available (the question
// "could this ever run"); otherwise only sites polling now, with their live inventory.
func (g *Gateway) candidateSites(ctx context.Context, exclude map[string]string, anyTime bool) ([]placement.Site, error) {
	all, err := g.store.Sites(ctx)
	if err != nil {
		return nil, err
	}
	queued, err := g.store.AssignedCounts(ctx)
	if err != nil {
		return nil, err
	}
	latest, err := g.store.LatestReports(ctx)
	if err != nil {
		return nil, err
	}
	grades := g.siteGrades(all, latest)
	now := g.now()
	var out []placement.Site
	for _, s := range all {
		if s.Status != store.SiteApproved {
			continue
		}
		if _, ok := exclude[s.Name]; ok {
			continue
		}
		price, err := protocol.ParseWei(s.Registration.Prices.PerComputeHour)
		if err != nil {
			continue
		}
		inv := s.Live
		online := now.Sub(s.LastSeen) < g.cfg.Sites.OfflineAfter
		if anyTime {
			inv = s.Registration.Inventory
			online = true
			inv.Partitions = append([]protocol.Partition(nil), inv.Partitions...)
			for i := range inv.Partitions {
				shapes := append([]protocol.NodeShape(nil), inv.Partitions[i].Shapes...)
				for k := range shapes {
					shapes[k].Available, shapes[k].Idle = shapes[k].Nodes, shapes[k].Nodes
				}
				inv.Partitions[i].Shapes = shapes
			}
		}
		gr := grades[s.Name]
		out = append(out, placement.Site{Name: s.Name, Inventory: inv, PricePerComputeHourWei: price, Labels: s.Registration.Labels,
			PerformanceGrade: gr.performance, ReliabilityGrade: gr.reliability, QueuedJobs: queued[s.Name], Online: online})
	}
	return out, nil
}

type siteGrade struct {
	performance string
	reliability int
}

// siteGrades are the grades of each site's latest accepted report: performance per GPU
// against the reference, and reliability from the uptime the report proves (its nodes'
// availability over the period, unobserved time counted as not up: Compute Hours paper §7.3),
// not from how much of the period the site's sampler covered.
func (g *Gateway) siteGrades(sites []gatewayapi.Site, latest []store.Report) map[string]siteGrade {
	gpus := make(map[string]int, len(sites))
	for _, s := range sites {
		gpus[s.Name] = s.Registration.Inventory.GPUs
	}
	ref := g.catalog.ReferenceScore().PerDeviceMegaFLOPS
	out := map[string]siteGrade{}
	for _, r := range latest {
		gr := siteGrade{}
		if n := gpus[r.Site]; n > 0 && ref > 0 {
			gr.performance = tokenomics.PerformanceGrade(r.MedianMFLOPS/uint64(n), ref)
		}
		gr.reliability = int(tokenomics.ReliabilityGrade(uint64(r.UptimePPM))[0] - '0')
		out[r.Site] = gr
	}
	return out
}

// placer places queued jobs on sites.
func (g *Gateway) placer(ctx context.Context) {
	every(ctx, 2*time.Second, g.placeWake, func(ctx context.Context) {
		jobs, err := g.store.QueuedJobs(ctx, 200)
		if err != nil {
			if ctx.Err() == nil {
				g.log.WithError(err).Warn("placer: listing queued jobs")
			}
			return
		}
		for _, j := range jobs {
			if ctx.Err() != nil {
				return
			}
			g.placeOne(ctx, j)
		}
	})
}

// placeOne tries to place a queued job now.
func (g *Gateway) placeOne(ctx context.Context, j gatewayapi.Job) {
	log := g.log.WithField("job", j.ID)
	if j.State != store.Queued {
		return
	}
	if j.CancelRequested {
		// Cancelled while a site had it, then back in the queue: it ends here, at no cost.
		if _, err := g.store.RequestCancel(ctx, j.ID); err != nil {
			log.WithError(err).Warn("ending a cancelled job")
		}
		return
	}
	if g.now().Sub(j.CreatedAt) > g.cfg.Placement.MaxQueueTime || j.Placements >= g.cfg.Placement.MaxPlacements {
		reason := fmt.Sprintf("no site took the job after %d placement(s) in %s: %s", j.Placements, g.now().Sub(j.CreatedAt).Round(time.Second), j.Placement)
		if err := g.store.Abandon(ctx, j.ID, reason); err != nil {
			log.WithError(err).Warn("abandoning a job")
		}
		log.WithField("reason", reason).Warn("job abandoned")
		return
	}
	wf, err := workflows.Parse(j.SourceName, j.Source)
	if err != nil {
		_ = g.store.Abandon(ctx, j.ID, "the workflow no longer parses: "+err.Error())
		return
	}
	needs, err := placement.NeedsOf(wf)
	if err != nil {
		_ = g.store.Abandon(ctx, j.ID, "the workflow's resources: "+err.Error())
		return
	}
	exclude, err := g.store.Exclusions(ctx, j.ID)
	if err != nil {
		log.WithError(err).Warn("placer")
		return
	}
	sites, err := g.candidateSites(ctx, exclude, false)
	if err != nil {
		log.WithError(err).Warn("placer")
		return
	}
	maxCost, _ := protocol.ParseWei(j.MaxCostWei)
	decision, err := placement.Place(ctx, g.policy, g.placementRequest(j.ID, needs, maxCost), sites)
	if err != nil {
		msg := err.Error()
		if len(exclude) > 0 {
			var ex []string
			for s, why := range exclude {
				ex = append(ex, s+" ("+why+")")
			}
			msg += "; excluded: " + strings.Join(ex, ", ")
		}
		if msg != j.Placement {
			log.WithField("why", msg).Info("job waits for a site")
		}
		if err := g.store.NotePlacement(ctx, j.ID, msg); err != nil {
			log.WithError(err).Warn("placer")
		}
		return
	}
	c := decision.Chosen
	var price string
	for _, s := range sites {
		if s.Name == c.Site {
			price = s.PricePerComputeHourWei.String()
		}
	}
	worst, err := worstCaseOf(c, needs)
	if err != nil {
		log.WithError(err).Error("placer: the placement's worst case does not fit the job")
		return
	}
	why := fmt.Sprintf("placed on %s (worst-case %s DPS, %d of %d feasible sites)", c.Site, tokenomics.FormatAmount(c.CostWei), 1, len(decision.Ranked))
	if err := g.store.Assign(ctx, j.ID, c.Site, why, price, worst); err != nil {
		log.WithError(err).Warn("placer: assigning")
		return
	}
	log.WithField("site", c.Site).WithField("worstCaseCost", tokenomics.FormatAmount(c.CostWei)).Info("job placed")
	g.wakeSite(c.Site)
}
