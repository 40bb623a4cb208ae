package gateway_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"io"
	"math/big"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/gateway"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/plugins"
	"github.com/petagrid/petagrid/pocp"
	siteclient "github.com/petagrid/petagrid/site/client"
	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/site/siteapi"
	"github.com/petagrid/petagrid/test/gatewaytest"
	"github.com/petagrid/petagrid/tokenomics"

	_ "github.com/mattn/go-sqlite3" // to simulate a crash in the state
)

// gpuWorkflow asks for 2 A100s for 30 minutes.
const gpuWorkflow = `version: 1
name: train
resources:
  gpus: 2
  gpuType: a100
  time: 30m
steps:
  - name: train
    run:
      image: docker://ghcr.io/example/train@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef
      command: ["python", "train.py"]
`

// TestGatewayEndToEnd walks a job and an epoch through the gateway with protocol-level site
// doubles: registration and approval, escrow, placement, assignment, usage and settlement,
// log relay, PoCP intake (forged, replayed, over-claiming), epoch settlement with GFL equal to
// the medians, a claim, a halving by chain time, and a restart that keeps everything.
func TestGatewayEndToEnd(t *testing.T) {
	// Hour-long epochs and two-hour eras: era 1 begins with the close of epoch 1.
	metricsAddr := freeAddress(t)
	g := gatewaytest.StartGrid(t, func(c *gateway.Config) {
		c.Economy.EraLength = 2 * time.Hour
		c.Metrics.Listen = metricsAddr
	})
	ctx := context.Background()
	op, res := g.Client(g.Operator), g.Client(g.Researcher)
	cat, _ := tokenomics.LoadEmbeddedCatalog()
	a100 := cat.ReferenceScore().PerDeviceMegaFLOPS // one node of 4 reference GPUs scores 4×
	nodeMFLOPS := 4 * a100

	siteA := &gatewaytest.Site{T: t, Name: "site-a", Key: gatewaytest.NewKey(t, filepath.Join(g.Dir, "a.key")), URL: g.URL}
	if code := siteA.Register(gatewaytest.Inventory(t, "a100", 4, 2, nodeMFLOPS), tokenomics.MustAmount("1500").String()); code != http.StatusCreated {
		t.Fatalf("registration: %d", code)
	}
	if p := siteA.Poll(1); p.Status != store.SitePending || len(p.Assignments) > 0 {
		t.Fatalf("a pending site's poll: %+v", p)
	}

	// No escrow, no job: the answer says what to do.
	_, _, err := res.Submit(ctx, gatewayapi.SubmitRequest{Workflow: gpuWorkflow, MaxCostWei: tokenomics.MustAmount("5").String()})
	if err == nil || !strings.Contains(err.Error(), "less than the budget") {
		t.Fatalf("submission without DPS: %v", err)
	}
	// A researcher is not an operator.
	if _, err := res.ApproveProvider(ctx, "site-a", common.Hash{1}, ""); err == nil || !strings.Contains(err.Error(), "not a gateway operator") {
		t.Fatalf("a researcher approved a site: %v", err)
	}
	if err := op.Fund(ctx, res.Address(), "5000", "1"); err != nil {
		t.Fatal(err)
	}
	// With no approved site, a workflow cannot run anywhere: refused with the reason.
	if _, _, err := res.Submit(ctx, gatewayapi.SubmitRequest{Workflow: gpuWorkflow, MaxCostWei: tokenomics.MustAmount("5").String()}); err == nil || !strings.Contains(err.Error(), "no site") {
		t.Fatalf("submission with no approved site: %v", err)
	}
	if s, err := gatewaytest.ApproveListed(ctx, op, "site-a", "audited"); err != nil || s.Status != store.SiteApproved {
		t.Fatalf("approval: %+v %v", s, err)
	}
	d := g.Gateway.Deployment()
	if p, err := d.Provider(ctx, siteA.Addr()); err != nil || p.Status != 1 || p.CapacityMegaFLOPS != 2*nodeMFLOPS {
		t.Fatalf("registry after approval: %+v %v", p, err)
	}

	// A workflow asking for GPUs nobody has is refused with the site's reason.
	h100 := strings.Replace(gpuWorkflow, "gpuType: a100", "gpuType: h100", 1)
	if _, _, err := res.Submit(ctx, gatewayapi.SubmitRequest{Workflow: h100, MaxCostWei: tokenomics.MustAmount("5").String()}); err == nil || !strings.Contains(err.Error(), "site-a") || !strings.Contains(err.Error(), "h100") {
		t.Fatalf("h100 workflow: %v", err)
	}
	// A YAML error comes back with file:line:col.
	if _, _, err := res.Submit(ctx, gatewayapi.SubmitRequest{Workflow: "version: 1\nname: x\nsteps: [}", FileName: "bad.yaml", MaxCostWei: "1000"}); err == nil || !regexp.MustCompile(`bad\.yaml:[0-9]+:[0-9]+: `).MatchString(err.Error()) {
		t.Fatalf("bad YAML: %v", err)
	}
	// The same at the gateway itself, once an escrow is locked: refused, recorded, refunded.
	badKey := "bad-yaml-submission-0001"
	if err := d.LockEscrow(ctx, g.Researcher, contracts.EscrowJobID(badKey), big.NewInt(1000)); err != nil {
		t.Fatal(err)
	}
	badBody, _ := json.Marshal(gatewayapi.SubmitRequest{Workflow: "version: 1\nname: x\nsteps: [}", FileName: "bad.yaml", IdempotencyKey: badKey, MaxCostWei: "1000"})
	var apiErr *siteclient.APIError
	if _, err := res.Call(ctx, http.MethodPost, "/v1/jobs", nil, badBody, &struct{}{}, http.StatusCreated); !errors.As(err, &apiErr) || apiErr.Status != 422 ||
		len(apiErr.Details) == 0 || !regexp.MustCompile(`^bad\.yaml:[0-9]+:[0-9]+: `).MatchString(apiErr.Details[0]) {
		t.Fatalf("bad YAML at the gateway: %v", err)
	}

	// The refused submissions are recorded, ended at no cost, and their escrows refunded.
	gatewaytest.WaitFor(t, "refused submissions refunded", 20*time.Second, func() (bool, error) {
		jobs, err := g.Gateway.Store().Jobs(ctx, store.JobFilter{Researcher: res.Address().Hex()})
		for _, j := range jobs {
			if j.State != runstate.SubmitFailed || j.CostWei != "0" || !strings.Contains(j.Error, "refused at submission") {
				t.Fatalf("refused submission recorded as %+v", j)
			}
			if j.EscrowState != store.EscrowSettled {
				return false, err
			}
		}
		return len(jobs) == 3, err
	})
	balBefore, _ := d.DPSBalance(ctx, res.Address())
	if balBefore.Cmp(tokenomics.MustAmount("5000")) != 0 {
		t.Fatalf("researcher holds %s after the refunds, want all 5000 DPS back", balBefore)
	}
	budget := tokenomics.MustAmount("2000") // the worst case: 30 min of half a node, 1 Compute Hour
	job, created, err := res.Submit(ctx, gatewayapi.SubmitRequest{Workflow: gpuWorkflow, FileName: "train.yaml", MaxCostWei: budget.String()})
	if err != nil || !created {
		t.Fatalf("submission: %v", err)
	}
	if job.State != store.Assigned || job.Site != "site-a" {
		t.Fatalf("job after submission: %s on %q (%s)", job.State, job.Site, job.Placement)
	}
	if bal, _ := d.DPSBalance(ctx, res.Address()); new(big.Int).Sub(balBefore, bal).Cmp(budget) != 0 {
		t.Fatalf("escrow locked %s, want %s", new(big.Int).Sub(balBefore, bal), budget)
	}

	p := siteA.Poll(5)
	if len(p.Assignments) != 1 || p.Assignments[0].Job != job.ID || p.Assignments[0].Workflow != gpuWorkflow || !strings.EqualFold(p.Assignments[0].Researcher, res.Address().Hex()) {
		t.Fatalf("assignment: %+v", p)
	}
	// Another site's key cannot speak for site-a.
	intruder := &gatewaytest.Site{T: t, Name: "site-a", Key: gatewaytest.NewKey(t, filepath.Join(g.Dir, "x.key")), URL: g.URL}
	if code := intruder.Register(gatewaytest.Inventory(t, "a100", 4, 2, nodeMFLOPS), "1"); code != http.StatusConflict {
		t.Fatalf("a second key registering site-a: %d", code)
	}
	exit0 := 0
	started := *job.AssignedAt
	ack := siteA.Update(protocol.Updates{Accepted: []string{job.ID}, Jobs: []protocol.JobUpdate{{Job: job.ID, State: runstate.Running,
		Steps: []siteapi.Step{{Name: "train", State: runstate.StepRunning, JobID: 41, StartedAt: &started}}}}})
	if len(ack.Acked) != 2 {
		t.Fatalf("acks: %+v", ack)
	}
	if j, _ := res.Job(ctx, job.ID); j.State != runstate.Running || len(j.Steps) != 1 || j.Steps[0].JobID != 41 {
		t.Fatalf("job while running: %+v", j)
	}

	// Logs are relayed from the site: the researcher's request reaches the site in a poll.
	logs := make(chan string, 1)
	go func() {
		sc, _ := siteclient.New(g.URL, g.Researcher)
		var b strings.Builder
		err := sc.Logs(ctx, job.ID, siteclient.LogOptions{Task: -1}, &b)
		if err != nil {
			logs <- "error: " + err.Error()
			return
		}
		logs <- b.String()
	}()
	var lr protocol.LogRequest
	gatewaytest.WaitFor(t, "a log request", 10*time.Second, func() (bool, error) {
		p := siteA.Poll(1)
		if len(p.LogRequests) > 0 {
			lr = p.LogRequests[0]
		}
		return len(p.LogRequests) > 0, nil
	})
	if lr.Job != job.ID || lr.Offset != 0 {
		t.Fatalf("log request: %+v", lr)
	}
	if code := siteA.Post(protocol.PathLogs+lr.ID, []byte("epoch 1 loss 0.5\n"), map[string]string{"PetaGrid-Log-EOF": "1"}, nil); code != http.StatusNoContent {
		t.Fatalf("log answer: %d", code)
	}
	if got := <-logs; got != "epoch 1 loss 0.5\n" {
		t.Fatalf("relayed logs: %q", got)
	}

	// The job ends with sacct's usage, 30 s after its placement by the gateway's clock: 0.002
	// Compute Hours at 1,500 DPS each = 3 DPS. (The gateway bills no more than the step's
	// share of the worst case for the 10 s it ran: 2 reference GPUs × 10 s = 0.0056 Compute
	// Hours; TestSettlementIsBoundedByTheJobsOwnFigures checks the bounds.)
	ended := started.Add(10 * time.Second)
	g.AdvanceClock(30 * time.Second)
	siteA.Update(protocol.Updates{Jobs: []protocol.JobUpdate{{Job: job.ID, State: runstate.Completed,
		Steps: []siteapi.Step{{Name: "train", State: runstate.StepCompleted, JobID: 41, ExitCode: &exit0, StartedAt: &started, EndedAt: &ended}},
		Usage: &protocol.Usage{SlurmJobs: []uint32{41}, ElapsedSeconds: 10, CPUSeconds: 10, GPUSeconds: 20, ComputeHoursMilli: 2}}}})
	var final gatewayapi.Job
	gatewaytest.WaitFor(t, "the escrow settled", 20*time.Second, func() (bool, error) {
		j, err := res.Job(ctx, job.ID)
		final = j
		return j.EscrowState == store.EscrowSettled, err
	})
	if final.State != runstate.Completed || final.CostWei != tokenomics.MustAmount("3").String() || final.Billing == nil || len(final.Billing.Caps) > 0 {
		t.Fatalf("settled job: %s cost %s, billing %+v", final.State, final.CostWei, final.Billing)
	}
	if bal, _ := d.DPSBalance(ctx, res.Address()); new(big.Int).Sub(balBefore, bal).Cmp(tokenomics.MustAmount("3")) != 0 {
		t.Fatalf("researcher paid %s, want 3 DPS", new(big.Int).Sub(balBefore, bal))
	}
	if pending, _ := d.PendingReplenishment(ctx); pending.Cmp(tokenomics.MustAmount("3")) != 0 {
		t.Fatalf("pending replenishment %s, want 3 DPS", pending)
	}

	// PoCP intake. Epoch 0 has not ended yet.
	good := gatewaytest.Report(t, g, siteA, 0, nodeMFLOPS, 2, 1)
	if code, ans := siteA.SendReport(good); code != http.StatusUnprocessableEntity || !strings.Contains(strings.Join(ans.Reasons, ";"), "has not ended") {
		t.Fatalf("early report: %d %+v", code, ans)
	}
	_, end0, _ := pocp.Calendar{Genesis: g.Genesis, PeriodSeconds: 3600}.Period(0)
	now, _ := g.Gateway.Deployment().Chain.Now(ctx)
	if err := g.Gateway.DevChain().AdjustTime(end0.Sub(now) + 2*time.Second); err != nil {
		t.Fatal(err)
	}
	// Forged: signed by a key that is not site-a's.
	forged := gatewaytest.Report(t, g, siteA, 0, nodeMFLOPS, 2, 1)
	if err := forged.Sign(g.Gateway.Domain(), intruder.Key); err != nil {
		t.Fatal(err)
	}
	if code, ans := siteA.SendReport(forged); code != http.StatusForbidden || !strings.Contains(strings.Join(ans.Reasons, ";"), "signed by") {
		t.Fatalf("forged report: %d %+v", code, ans)
	}
	// Tampered after signing.
	tampered := gatewaytest.Report(t, g, siteA, 0, nodeMFLOPS, 2, 1)
	tampered.MedianMegaFLOPS++
	if code, _ := siteA.SendReport(tampered); code != http.StatusUnprocessableEntity && code != http.StatusForbidden && code != http.StatusBadRequest {
		t.Fatalf("tampered report accepted: %d", code)
	}
	// Over-claiming: twice the registered capacity.
	over := gatewaytest.Report(t, g, siteA, 0, 2*nodeMFLOPS, 2, 1)
	if code, ans := siteA.SendReport(over); code != http.StatusUnprocessableEntity || !strings.Contains(strings.Join(ans.Reasons, ";"), "capacity") {
		t.Fatalf("over-claiming report: %d %+v", code, ans)
	}
	// Fewer jobs than the grid jobs the site ran for the gateway: inconsistent.
	hiding := gatewaytest.Report(t, g, siteA, 0, nodeMFLOPS, 2, 0)
	if code, ans := siteA.SendReport(hiding); code != http.StatusUnprocessableEntity || !strings.Contains(strings.Join(ans.Reasons, ";"), "accounting") {
		t.Fatalf("report hiding jobs: %d %+v", code, ans)
	}
	if code, ans := siteA.SendReport(good); code != http.StatusCreated || !ans.Accepted {
		t.Fatalf("good report: %d %+v", code, ans)
	}
	// The same report again is fine (idempotent); a different one for the same epoch is a replay.
	if code, _ := siteA.SendReport(good); code != http.StatusOK {
		t.Fatalf("resent report: %d", code)
	}
	other := gatewaytest.Report(t, g, siteA, 0, nodeMFLOPS-1, 2, 1)
	if code, ans := siteA.SendReport(other); code != http.StatusConflict {
		t.Fatalf("second report for the epoch: %d %+v", code, ans)
	}

	// Close epoch 0: GFL equals the median, rewards = 20 % × GFL × R per 15 days, for the hour
	// the epoch lasted.
	sum, err := op.CloseEpoch(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	wantGFL := tokenomics.GFLFromMegaFLOPS(good.MedianMegaFLOPS)
	if bal, _ := d.GFLBalance(ctx, siteA.Addr()); bal.Cmp(wantGFL) != 0 {
		t.Fatalf("GFL of site-a %s, want the median %s", bal, wantGFL)
	}
	wantReward := new(big.Int).Div(new(big.Int).Mul(wantGFL, big.NewInt(2000*3600)), big.NewInt(10000*100*tokenomics.PeriodSeconds))
	if sum.Epoch != 0 || sum.RewardsTotalWei != wantReward.String() || sum.ReplenishedWei != tokenomics.MustAmount("3").String() {
		t.Fatalf("epoch 0 summary: %+v (want rewards %s)", sum, wantReward)
	}
	// Closing it again answers with the same summary; epoch 1 is not over.
	zero := uint64(0)
	if again, err := op.CloseEpoch(ctx, &zero); err != nil || again.RewardsTotalWei != sum.RewardsTotalWei {
		t.Fatalf("closing epoch 0 again: %+v %v", again, err)
	}
	if _, err := op.CloseEpoch(ctx, nil); err == nil || !strings.Contains(err.Error(), "has not ended") {
		t.Fatalf("closing epoch 1 early: %v", err)
	}
	// The provider claims through the relay.
	siteCl := g.Client(siteA.Key)
	got, proof, err := siteCl.Claim(ctx)
	if err != nil || got.Cmp(wantReward) != 0 || proof.Epoch != 0 {
		t.Fatalf("claim: %v %v %+v", got, err, proof)
	}
	if again, _, err := siteCl.Claim(ctx); err != nil || again.Sign() != 0 {
		t.Fatalf("second claim: %v %v", again, err)
	}

	// A halving by time: era 1 begins at genesis + 2 h, the end of epoch 1; move the chain
	// past it and close epoch 1 (no report: site-a's GFL is burned).
	if err := g.Gateway.DevChain().AdjustTime(3 * time.Hour); err != nil {
		t.Fatal(err)
	}
	s1, err := op.CloseEpoch(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !s1.Halving || s1.EraAfter != 1 || s1.HalvingReason != tokenomics.HalvingTime {
		t.Fatalf("epoch 1 did not halve: %+v", s1)
	}
	if bal, _ := d.GFLBalance(ctx, siteA.Addr()); bal.Sign() != 0 {
		t.Fatalf("GFL of a site without a report: %s", bal)
	}
	if st, _ := d.State(ctx); st.Era != 1 || st.NextEpoch != 2 {
		t.Fatalf("chain state after the halving: %+v", st)
	}

	// The dashboard's data reflect it all.
	snap, err := g.Gateway.Snapshot(ctx)
	if err != nil || snap.Economy.Era != 1 || len(snap.Providers) != 1 || len(snap.Epochs) != 2 || snap.JobCounts["completed"] != 1 {
		t.Fatalf("snapshot: %+v %v", snap, err)
	}

	// The metrics listener counted it all.
	metrics := scrape(t, "http://"+metricsAddr+"/metrics")
	for _, series := range []string{
		`petagrid_gateway_placements_total{outcome="placed"} 1`,
		`petagrid_gateway_reports_total{outcome="accepted"} 1`,
		`petagrid_gateway_reports_total{outcome="resent"} 1`,
		`petagrid_gateway_reports_total{outcome="implausible"} 2`,
		`petagrid_gateway_reports_total{outcome="epoch"} 2`,
		`petagrid_gateway_epoch_closes_total{outcome="settled"} 2`,
		`petagrid_gateway_epoch_closes_total{outcome="already_settled"} 1`,
		`petagrid_gateway_epoch_closes_total{outcome="not_over"} 1`,
		`petagrid_gateway_epoch_close_duration_seconds_count 2`,
		`petagrid_gateway_jobs_waiting{stage="placement"} 0`,
		`petagrid_gateway_site_online{site="site-a"} `,
		`petagrid_gateway_chain_errors_total{operation="settle_epoch"} 0`,
	} {
		if !strings.Contains(metrics, "\n"+series) {
			t.Errorf("metrics lack %s", series)
		}
	}
	if code := scrapeStatus(t, "http://"+metricsAddr+"/healthz"); code != http.StatusOK {
		t.Errorf("/healthz on the metrics listener: %d", code)
	}

	// A restart keeps the deployment, the jobs and the epochs.
	addrs := d.Addresses
	g.Stop()
	// A crash between the chain's close of epoch 1 and its record: the state still has it as
	// computed. The next start must find the close on chain and record it.
	db, err := sql.Open("sqlite3", g.Config.State)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE epochs SET status = 'computed', settled_at = NULL WHERE epoch = 1`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	g.Start()
	if e, err := g.Gateway.Store().Epoch(ctx, 1); err != nil || e.Status != store.EpochSettled {
		t.Fatalf("epoch 1 after a crash before its record: %+v %v", e, err)
	}
	if p, err := g.Client(siteA.Key).RewardProof(ctx, siteA.Addr()); err != nil || p.Epoch != 1 {
		t.Fatalf("reward proof after the recovered epoch: %+v %v", p, err)
	}
	if g.Gateway.Deployment().Addresses != addrs {
		t.Fatalf("contracts after restart: %+v, want %+v", g.Gateway.Deployment().Addresses, addrs)
	}
	if j, err := g.Client(g.Researcher).Job(ctx, job.ID); err != nil || j.State != runstate.Completed || j.EscrowState != store.EscrowSettled {
		t.Fatalf("job after restart: %+v %v", j, err)
	}
	if st, _ := g.Gateway.Deployment().State(ctx); st.Era != 1 || st.NextEpoch != 2 {
		t.Fatalf("chain after restart: %+v", st)
	}
	if eps, err := g.Client(g.Operator).Epochs(ctx); err != nil || len(eps) != 2 {
		t.Fatalf("epochs after restart: %+v %v", eps, err)
	}
}

// TestSilentSiteWorkIsReplaced: a site that stops polling loses its unsubmitted work to
// another site; its running work becomes unknown until it reports again; when it returns it
// is told to cancel its stale copy.
func TestSilentSiteWorkIsReplaced(t *testing.T) {
	// Silent for 15 s: long enough that cheap, which polled before the submissions, is still
	// online when they are placed after their escrows' chain transactions (seconds under
	// -race on a loaded machine); short enough to wait for.
	g := gatewaytest.StartGrid(t, func(c *gateway.Config) { c.Sites.OfflineAfter = 15 * time.Second })
	ctx := context.Background()
	op, res := g.Client(g.Operator), g.Client(g.Researcher)
	cat, _ := tokenomics.LoadEmbeddedCatalog()
	node := 4 * cat.ReferenceScore().PerDeviceMegaFLOPS
	cheap := &gatewaytest.Site{T: t, Name: "cheap", Key: gatewaytest.NewKey(t, filepath.Join(g.Dir, "cheap.key")), URL: g.URL}
	dear := &gatewaytest.Site{T: t, Name: "dear", Key: gatewaytest.NewKey(t, filepath.Join(g.Dir, "dear.key")), URL: g.URL}
	cheap.Register(gatewaytest.Inventory(t, "a100", 4, 1, node), tokenomics.MustAmount("1").String())
	dear.Register(gatewaytest.Inventory(t, "a100", 4, 1, node), tokenomics.MustAmount("2").String())
	for _, s := range []string{"cheap", "dear"} {
		if _, err := gatewaytest.ApproveListed(ctx, op, s, ""); err != nil {
			t.Fatal(err)
		}
	}
	if err := op.Fund(ctx, res.Address(), "100", "1"); err != nil {
		t.Fatal(err)
	}
	cheap.Poll(1)
	dear.Poll(1)
	submit := func() gatewayapi.Job {
		j, _, err := res.Submit(ctx, gatewayapi.SubmitRequest{Workflow: gpuWorkflow, MaxCostWei: tokenomics.MustAmount("10").String()})
		if err != nil {
			t.Fatal(err)
		}
		return j
	}
	running, queued := submit(), submit()
	if running.Site != "cheap" || queued.Site != "cheap" {
		t.Fatalf("placement by price: %s %s", running.Site, queued.Site)
	}
	p := cheap.Poll(5)
	if len(p.Assignments) != 2 {
		t.Fatalf("assignments: %+v", p)
	}
	cheap.Update(protocol.Updates{Accepted: []string{running.ID, queued.ID}, Jobs: []protocol.JobUpdate{{Job: running.ID, State: runstate.Running}}})
	// cheap goes silent; dear keeps polling.
	gatewaytest.WaitFor(t, "the queued job moved to dear", 90*time.Second, func() (bool, error) {
		for _, a := range dear.Poll(1).Assignments {
			if a.Job == queued.ID {
				return true, nil
			}
		}
		return false, nil
	})
	j, _ := res.Job(ctx, running.ID)
	if j.State != store.Unknown || j.Site != "cheap" {
		t.Fatalf("running job of the silent site: %s on %s", j.State, j.Site)
	}
	if j, _ := res.Job(ctx, queued.ID); j.Site != "dear" || j.Placements != 2 {
		t.Fatalf("re-placed job: %+v", j)
	}
	// cheap returns: its running job is known again, and it is told to cancel its copy of the
	// job that went to dear.
	cheap.Update(protocol.Updates{Jobs: []protocol.JobUpdate{{Job: running.ID, State: runstate.Running}, {Job: queued.ID, State: runstate.Rendered}}})
	if j, _ := res.Job(ctx, running.ID); j.State != runstate.Running {
		t.Fatalf("job of the returned site: %s", j.State)
	}
	back := cheap.Poll(1)
	if len(back.Cancels) != 1 || back.Cancels[0] != queued.ID {
		t.Fatalf("cancels for the returned site: %+v", back)
	}
	cheap.Update(protocol.Updates{Jobs: []protocol.JobUpdate{{Job: queued.ID, State: runstate.Cancelled}}})
	if again := cheap.Poll(1); len(again.Cancels) != 0 {
		t.Fatalf("cancel repeated after the copy ended: %+v", again)
	}
	// The researcher cancels the running job: the site is told.
	sc, _ := siteclient.New(g.URL, g.Researcher)
	if _, err := sc.Cancel(ctx, running.ID); err != nil {
		t.Fatal(err)
	}
	if c := cheap.Poll(1); len(c.Cancels) != 1 || c.Cancels[0] != running.ID {
		t.Fatalf("researcher's cancel: %+v", c)
	}
	// Suspending dear sends its unsubmitted job back to the queue.
	if _, err := op.SuspendProvider(ctx, "dear", "maintenance"); err != nil {
		t.Fatal(err)
	}
	if j, _ := res.Job(ctx, queued.ID); j.State != store.Queued && j.Site == "dear" {
		t.Fatalf("job of a suspended site: %+v", j)
	}
}

// TestApprovalCoversCapacity: an approved site that registers more capacity than it was
// approved with is pending again (its reports, and so its GFL, are bounded by what an
// operator approved); less capacity is taken as is.
func TestApprovalCoversCapacity(t *testing.T) {
	g := gatewaytest.StartGrid(t)
	ctx := context.Background()
	op := g.Client(g.Operator)
	cat, _ := tokenomics.LoadEmbeddedCatalog()
	node := 4 * cat.ReferenceScore().PerDeviceMegaFLOPS
	site := &gatewaytest.Site{T: t, Name: "grower", Key: gatewaytest.NewKey(t, filepath.Join(g.Dir, "grower.key")), URL: g.URL}
	site.Register(gatewaytest.Inventory(t, "a100", 4, 2, node), "1")
	if _, err := gatewaytest.ApproveListed(ctx, op, "grower", ""); err != nil {
		t.Fatal(err)
	}
	// Claiming more than the shapes hold is refused outright.
	inflated := gatewaytest.Inventory(t, "a100", 4, 2, node)
	inflated.CapacityMegaFLOPS *= 10
	if code := site.Register(inflated, "1"); code != http.StatusUnprocessableEntity {
		t.Fatalf("capacity beyond the node shapes: %d", code)
	}
	// More nodes: back to pending, the registry keeps the approved capacity.
	if code := site.Register(gatewaytest.Inventory(t, "a100", 4, 4, node), "1"); code != http.StatusOK {
		t.Fatalf("re-registration: %d", code)
	}
	list, _ := op.Providers(ctx)
	if len(list) != 1 || list[0].Status != store.SitePending || !strings.Contains(list[0].StatusReason, "approval again") {
		t.Fatalf("a site that grew: %+v", list)
	}
	if p, _ := g.Gateway.Deployment().Provider(ctx, site.Addr()); p.CapacityMegaFLOPS != 2*node {
		t.Fatalf("registry capacity %d, want the approved %d", p.CapacityMegaFLOPS, 2*node)
	}
	if _, err := gatewaytest.ApproveListed(ctx, op, "grower", "audited again"); err != nil {
		t.Fatal(err)
	}
	if p, _ := g.Gateway.Deployment().Provider(ctx, site.Addr()); p.CapacityMegaFLOPS != 4*node {
		t.Fatalf("registry capacity after approval %d, want %d", p.CapacityMegaFLOPS, 4*node)
	}
	// Fewer nodes: still approved, the registry follows.
	site.Register(gatewaytest.Inventory(t, "a100", 4, 1, node), "1")
	list, _ = op.Providers(ctx)
	if list[0].Status != store.SiteApproved {
		t.Fatalf("a site that shrank: %s", list[0].Status)
	}
	if p, _ := g.Gateway.Deployment().Provider(ctx, site.Addr()); p.CapacityMegaFLOPS != node {
		t.Fatalf("registry capacity after shrinking %d, want %d", p.CapacityMegaFLOPS, node)
	}
}

// TestCancelledJobRefusedBySiteEnds: a job cancelled while assigned, then refused by its
// site, ends cancelled at no cost instead of waiting in the queue.
func TestCancelledJobRefusedBySiteEnds(t *testing.T) {
	g := gatewaytest.StartGrid(t)
	ctx := context.Background()
	op, res := g.Client(g.Operator), g.Client(g.Researcher)
	cat, _ := tokenomics.LoadEmbeddedCatalog()
	site := &gatewaytest.Site{T: t, Name: "only", Key: gatewaytest.NewKey(t, filepath.Join(g.Dir, "only.key")), URL: g.URL}
	site.Register(gatewaytest.Inventory(t, "a100", 4, 1, 4*cat.ReferenceScore().PerDeviceMegaFLOPS), tokenomics.MustAmount("1").String())
	if _, err := gatewaytest.ApproveListed(ctx, op, "only", ""); err != nil {
		t.Fatal(err)
	}
	if err := op.Fund(ctx, res.Address(), "100", "1"); err != nil {
		t.Fatal(err)
	}
	site.Poll(1)
	j, _, err := res.Submit(ctx, gatewayapi.SubmitRequest{Workflow: gpuWorkflow, MaxCostWei: tokenomics.MustAmount("10").String()})
	if err != nil || j.State != store.Assigned {
		t.Fatalf("submission: %+v %v", j, err)
	}
	sc, _ := siteclient.New(g.URL, g.Researcher)
	if _, err := sc.Cancel(ctx, j.ID); err != nil {
		t.Fatal(err)
	}
	site.Update(protocol.Updates{Refused: []protocol.Refusal{{Job: j.ID, Reason: "no such account"}}})
	gatewaytest.WaitFor(t, "the cancelled job ended and refunded", 20*time.Second, func() (bool, error) {
		j, err = res.Job(ctx, j.ID)
		return j.State == runstate.Cancelled && j.EscrowState == store.EscrowSettled, err
	})
	if j.CostWei != "0" {
		t.Fatalf("cancelled job cost %s", j.CostWei)
	}
	if bal, _ := g.Gateway.Deployment().DPSBalance(ctx, res.Address()); bal.Cmp(tokenomics.MustAmount("100")) != 0 {
		t.Fatalf("researcher holds %s, want the 100 DPS back", bal)
	}
}

// TestPlacementPlugin: a placement plugin ranks the sites (here a test double that reverses
// the built-in order); when it hangs, the built-in policy places the job and nothing waits
// for the plugin longer than its timeout.
func TestPlacementPlugin(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "misbehaving")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/petagrid/petagrid/test/doubles/plugin-misbehaving").CombinedOutput(); err != nil {
		t.Fatalf("building the plugin double: %v\n%s", err, out)
	}
	// The host refuses a group- or world-writable plugin; go build follows the umask.
	if err := os.Chmod(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	found, err := plugins.Discover(dir)
	if err != nil || len(found) != 1 {
		t.Fatalf("discover: %+v %v", found, err)
	}
	for _, mode := range []string{"reverse", "hang", "nan"} {
		t.Run(mode, func(t *testing.T) {
			// A short timeout only where the plugin is meant to hang: an answering plugin's call
			// must not be cut short by a loaded machine, or its answer would go unheard.
			timeout := 10 * time.Second
			if mode == "hang" {
				timeout = 300 * time.Millisecond
			}
			g := gatewaytest.StartGrid(t, func(c *gateway.Config) {
				c.Plugins = plugins.Config{Dir: dir, Plugins: []plugins.PluginConfig{{Name: "misbehaving", Kind: plugins.KindPlacement,
					SHA256: found[0].SHA256, Timeout: timeout, Args: []string{"--mode=" + mode}}}}
				c.Placement.Policy = "misbehaving"
			})
			ctx := context.Background()
			op, res := g.Client(g.Operator), g.Client(g.Researcher)
			cat, _ := tokenomics.LoadEmbeddedCatalog()
			node := 4 * cat.ReferenceScore().PerDeviceMegaFLOPS
			for _, s := range []struct{ name, price string }{{"cheap", "1"}, {"dear", "2"}} {
				site := &gatewaytest.Site{T: t, Name: s.name, Key: gatewaytest.NewKey(t, filepath.Join(g.Dir, s.name+".key")), URL: g.URL}
				site.Register(gatewaytest.Inventory(t, "a100", 4, 1, node), tokenomics.MustAmount(s.price).String())
				if _, err := gatewaytest.ApproveListed(ctx, op, s.name, ""); err != nil {
					t.Fatal(err)
				}
				site.Poll(1)
			}
			if err := op.Fund(ctx, res.Address(), "100", "1"); err != nil {
				t.Fatal(err)
			}
			j, _, err := res.Submit(ctx, gatewayapi.SubmitRequest{Workflow: gpuWorkflow, MaxCostWei: tokenomics.MustAmount("10").String()})
			if err != nil {
				t.Fatal(err)
			}
			want := map[string]string{"reverse": "dear", "hang": "cheap", "nan": "cheap"}[mode]
			if j.Site != want {
				t.Fatalf("with the plugin in mode %s the job went to %q, want %q", mode, j.Site, want)
			}
		})
	}
}

// freeAddress is a loopback address with a port free now (for a listener the gateway opens
// itself).
func freeAddress(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// scrape is the text a GET of url answers (200 only).
func scrape(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %v", url, resp.StatusCode, err)
	}
	return string(body)
}

func scrapeStatus(t *testing.T, url string) int {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}
