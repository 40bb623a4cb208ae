package gateway_test

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/gateway"
	gwclient "github.com/petagrid/petagrid/gateway/client"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/pocp"
	siteclient "github.com/petagrid/petagrid/site/client"
	"github.com/petagrid/petagrid/site/journal"
	"github.com/petagrid/petagrid/tokenomics"
)

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

// testGrid is a gateway on an embedded chain with keys for an operator and a researcher.
type testGrid struct {
	t          *testing.T
	dir        string
	cfg        gateway.Config
	gw         *gateway.Gateway
	url        string
	cancel     context.CancelFunc
	done       chan error
	operator   *ecdsa.PrivateKey
	researcher *ecdsa.PrivateKey
	genesis    time.Time
}

func newKey(t *testing.T, path string) *ecdsa.PrivateKey {
	t.Helper()
	if _, err := reqsign.GenerateKeyFile(path); err != nil {
		t.Fatal(err)
	}
	k, err := reqsign.LoadKeyFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func startGrid(t *testing.T) *testGrid {
	t.Helper()
	dir := t.TempDir()
	g := &testGrid{t: t, dir: dir, genesis: time.Now().UTC().Truncate(time.Hour)}
	newKey(t, filepath.Join(dir, "gateway.key"))
	g.operator = newKey(t, filepath.Join(dir, "operator.key"))
	g.researcher = newKey(t, filepath.Join(dir, "researcher.key"))
	fundApproved := true
	g.cfg = gateway.Config{Name: "grid-test", Listen: "127.0.0.1:0", State: filepath.Join(dir, "state", "gateway.db"), Key: filepath.Join(dir, "gateway.key"),
		Operators: []string{crypto.PubkeyToAddress(g.operator.PublicKey).Hex()},
		Economy:   gateway.EconomyConfig{EraLength: 3 * time.Hour, EraThresholdGFL: "1000000", RewardPool: "1000000"},
		Epochs:    gateway.EpochsConfig{Genesis: g.genesis.Format(time.RFC3339), Period: time.Hour},
		Sites:     gateway.SitesConfig{OfflineAfter: 5 * time.Second, FundApproved: &fundApproved},
		PoCP:      gateway.PoCPConfig{MinCoverage: 0.5}}
	off := false
	g.cfg.Epochs.AutoClose = &off
	g.start()
	return g
}

func (g *testGrid) start() {
	t := g.t
	log := logrus.New()
	log.SetOutput(io.Discard)
	if testing.Verbose() {
		log.SetOutput(&testWriter{t})
	}
	gw, err := gateway.New(context.Background(), g.cfg, gateway.Options{Log: log, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	g.gw, g.url, g.cancel, g.done = gw, "http://"+l.Addr().String(), cancel, make(chan error, 1)
	go func() { g.done <- gw.Serve(ctx, l) }()
	t.Cleanup(g.stop)
}

func (g *testGrid) stop() {
	if g.cancel == nil {
		return
	}
	g.cancel()
	if err := <-g.done; err != nil {
		g.t.Errorf("gateway: %v", err)
	}
	if err := g.gw.Close(); err != nil {
		g.t.Errorf("closing the gateway: %v", err)
	}
	g.cancel = nil
}

type testWriter struct{ t *testing.T }

func (w *testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

func (g *testGrid) client(key *ecdsa.PrivateKey) *gwclient.Client {
	g.t.Helper()
	c, err := gwclient.New(g.url, key, siteclient.WithRetryFor(0))
	if err != nil {
		g.t.Fatal(err)
	}
	return c
}

// fakeSite is a test double of a site daemon's gateway link: it speaks the protocol with a
// real site key and checks what the gateway answers. (The real link is tested against the
// real gateway in test/e2e.)
type fakeSite struct {
	t    *testing.T
	name string
	key  *ecdsa.PrivateKey
	url  string
}

func (s *fakeSite) addr() common.Address { return crypto.PubkeyToAddress(s.key.PublicKey) }

func (s *fakeSite) post(path string, body []byte, hdr map[string]string, out any) int {
	s.t.Helper()
	req, err := http.NewRequest(http.MethodPost, s.url+path, bytes.NewReader(body))
	if err != nil {
		s.t.Fatal(err)
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	if err := reqsign.Sign(req, body, s.key, "grid-test", time.Now(), time.Minute); err != nil {
		s.t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil && len(data) > 0 {
		if err := json.Unmarshal(data, out); err != nil {
			s.t.Fatalf("%s answered %d %s: %v", path, resp.StatusCode, data, err)
		}
	}
	return resp.StatusCode
}

func (s *fakeSite) register(inv protocol.Inventory, priceWei string) int {
	body, _ := json.Marshal(protocol.Registration{Site: s.name, Inventory: inv, Prices: protocol.Prices{PerComputeHour: priceWei}})
	var out map[string]any
	return s.post(protocol.PathRegister, body, nil, &out)
}

func (s *fakeSite) poll(wait int) protocol.PollResponse {
	s.t.Helper()
	body, _ := json.Marshal(protocol.PollRequest{WaitSeconds: wait})
	var out protocol.PollResponse
	if code := s.post(protocol.PathPoll, body, nil, &out); code != http.StatusOK {
		s.t.Fatalf("poll: %d", code)
	}
	return out
}

func (s *fakeSite) update(u protocol.Updates) protocol.UpdatesResponse {
	s.t.Helper()
	body, _ := json.Marshal(u)
	var out protocol.UpdatesResponse
	if code := s.post(protocol.PathUpdates, body, nil, &out); code != http.StatusOK {
		s.t.Fatalf("updates: %d", code)
	}
	return out
}

func (s *fakeSite) report(r *pocp.Report) (int, gateway.ReportAnswer) {
	body, _ := json.Marshal(r)
	var ans gateway.ReportAnswer
	code := s.post(protocol.PathReports, body, nil, &ans)
	return code, ans
}

func inventory(t *testing.T, gpuType string, gpusPerNode, nodes int, megaFLOPSPerNode uint64) protocol.Inventory {
	cat, err := tokenomics.LoadEmbeddedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	return protocol.Inventory{
		Partitions: []protocol.Partition{{Name: "gpu", Default: true, MaxTimeSeconds: 86400, Shapes: []protocol.NodeShape{
			{Nodes: nodes, Available: nodes, Idle: nodes, CPUs: 64, MemoryMiB: 512 << 10, GPUs: gpusPerNode, GPUType: gpuType, GPUModel: "A100-SXM4-80GB", MegaFLOPS: megaFLOPSPerNode}}}},
		CapacityMegaFLOPS: megaFLOPSPerNode * uint64(nodes), GPUs: gpusPerNode * nodes, CatalogSHA256: cat.SHA256Hex(),
	}
}

// siteReport builds a site's report for an epoch: every node available in every slot.
func siteReport(t *testing.T, g *testGrid, site *fakeSite, epoch uint64, megaFLOPSPerNode uint64, nodes int, jobs uint64) *pocp.Report {
	t.Helper()
	cal, err := pocp.NewCalendar(g.genesis, 3600)
	if err != nil {
		t.Fatal(err)
	}
	start, end, _ := cal.Period(epoch)
	var obs []pocp.NodeObservation
	for n := 0; n < nodes; n++ {
		for s := start; s.Before(end); s = s.Add(time.Minute) {
			obs = append(obs, pocp.NodeObservation{Node: fmt.Sprintf("n%d", n), SlotStart: s, SlotSeconds: 60, Available: true, PowerMegaFLOPS: megaFLOPSPerNode})
		}
	}
	cat, _ := tokenomics.LoadEmbeddedCatalog()
	var jobUsage []pocp.JobUsage
	for i := uint64(0); i < jobs; i++ {
		jobUsage = append(jobUsage, pocp.JobUsage{Start: start.Add(time.Minute), End: start.Add(11 * time.Minute), GPUs: 2, PowerMegaFLOPS: megaFLOPSPerNode / 4})
	}
	r, _, err := pocp.Build(pocp.BuildInput{Calendar: cal, Epoch: epoch, Cluster: site.name, SlotSeconds: 60, Nodes: obs, Jobs: jobUsage,
		ReferenceMegaFLOPS: cat.ReferenceScore().PerDeviceMegaFLOPS, CatalogSHA256: cat.SHA256(), MinCoveragePPM: 500_000})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Sign(g.gw.Domain(), site.key); err != nil {
		t.Fatal(err)
	}
	return r
}

func waitFor(t *testing.T, what string, timeout time.Duration, cond func() (bool, error)) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		ok, err := cond()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %s waiting for %s", timeout, what)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestGatewayEndToEnd walks a job and an epoch through the gateway with protocol-level site
// doubles: registration and approval, escrow, placement, assignment, usage and settlement,
// log relay, PoCP intake (forged, replayed, over-claiming), epoch settlement with GFL equal to
// the medians, a claim, a halving by chain time, and a restart that keeps everything.
func TestGatewayEndToEnd(t *testing.T) {
	g := startGrid(t)
	ctx := context.Background()
	op, res := g.client(g.operator), g.client(g.researcher)
	cat, _ := tokenomics.LoadEmbeddedCatalog()
	a100 := cat.ReferenceScore().PerDeviceMegaFLOPS // one node of 4 reference GPUs scores 4×
	nodeMFLOPS := 4 * a100

	siteA := &fakeSite{t: t, name: "site-a", key: newKey(t, filepath.Join(g.dir, "a.key")), url: g.url}
	if code := siteA.register(inventory(t, "a100", 4, 2, nodeMFLOPS), tokenomics.MustAmount("1500").String()); code != http.StatusCreated {
		t.Fatalf("registration: %d", code)
	}
	if p := siteA.poll(1); p.Status != store.SitePending || len(p.Assignments) > 0 {
		t.Fatalf("a pending site's poll: %+v", p)
	}

	// No escrow, no job: the answer says what to do.
	_, _, err := res.Submit(ctx, gateway.SubmitRequest{Workflow: gpuWorkflow, MaxCostWei: tokenomics.MustAmount("5").String()})
	if err == nil || !strings.Contains(err.Error(), "less than the budget") {
		t.Fatalf("submission without DPS: %v", err)
	}
	// A researcher is not an operator.
	if _, err := res.SetProviderStatus(ctx, "site-a", true, ""); err == nil || !strings.Contains(err.Error(), "not a gateway operator") {
		t.Fatalf("a researcher approved a site: %v", err)
	}
	if err := op.Fund(ctx, res.Address(), "5000", "1"); err != nil {
		t.Fatal(err)
	}
	// With no approved site, a workflow cannot run anywhere: refused with the reason.
	if _, _, err := res.Submit(ctx, gateway.SubmitRequest{Workflow: gpuWorkflow, MaxCostWei: tokenomics.MustAmount("5").String()}); err == nil || !strings.Contains(err.Error(), "no site") {
		t.Fatalf("submission with no approved site: %v", err)
	}
	if s, err := op.SetProviderStatus(ctx, "site-a", true, "audited"); err != nil || s.Status != store.SiteApproved {
		t.Fatalf("approval: %+v %v", s, err)
	}
	d := g.gw.Deployment()
	if p, err := d.Provider(ctx, siteA.addr()); err != nil || p.Status != 1 || p.CapacityMegaFLOPS != 2*nodeMFLOPS {
		t.Fatalf("registry after approval: %+v %v", p, err)
	}

	// A workflow asking for GPUs nobody has is refused with the site's reason.
	h100 := strings.Replace(gpuWorkflow, "gpuType: a100", "gpuType: h100", 1)
	if _, _, err := res.Submit(ctx, gateway.SubmitRequest{Workflow: h100, MaxCostWei: tokenomics.MustAmount("5").String()}); err == nil || !strings.Contains(err.Error(), "site-a") || !strings.Contains(err.Error(), "h100") {
		t.Fatalf("h100 workflow: %v", err)
	}
	// A YAML error comes back with file:line:col.
	if _, _, err := res.Submit(ctx, gateway.SubmitRequest{Workflow: "version: 1\nname: x\nsteps: [}", FileName: "bad.yaml", MaxCostWei: "1000"}); err == nil || !regexp.MustCompile(`bad\.yaml:[0-9]+:[0-9]+: `).MatchString(err.Error()) {
		t.Fatalf("bad YAML: %v", err)
	}

	balBefore, _ := d.DPSBalance(ctx, res.Address())
	budget := tokenomics.MustAmount("2000") // the worst case: 30 min of half a node, 1 Compute Hour
	job, created, err := res.Submit(ctx, gateway.SubmitRequest{Workflow: gpuWorkflow, FileName: "train.yaml", MaxCostWei: budget.String()})
	if err != nil || !created {
		t.Fatalf("submission: %v", err)
	}
	if job.State != store.Assigned || job.Site != "site-a" {
		t.Fatalf("job after submission: %s on %q (%s)", job.State, job.Site, job.Placement)
	}
	if bal, _ := d.DPSBalance(ctx, res.Address()); new(big.Int).Sub(balBefore, bal).Cmp(budget) != 0 {
		t.Fatalf("escrow locked %s, want %s", new(big.Int).Sub(balBefore, bal), budget)
	}

	p := siteA.poll(5)
	if len(p.Assignments) != 1 || p.Assignments[0].Job != job.ID || p.Assignments[0].Workflow != gpuWorkflow || !strings.EqualFold(p.Assignments[0].Researcher, res.Address().Hex()) {
		t.Fatalf("assignment: %+v", p)
	}
	// Another site's key cannot speak for site-a.
	intruder := &fakeSite{t: t, name: "site-a", key: newKey(t, filepath.Join(g.dir, "x.key")), url: g.url}
	if code := intruder.register(inventory(t, "a100", 4, 2, nodeMFLOPS), "1"); code != http.StatusConflict {
		t.Fatalf("a second key registering site-a: %d", code)
	}
	exit0 := 0
	started := time.Now().UTC()
	ack := siteA.update(protocol.Updates{Accepted: []string{job.ID}, Jobs: []protocol.JobUpdate{{Job: job.ID, State: journal.Running,
		Steps: []journal.Step{{Name: "train", State: journal.StepRunning, JobID: 41, StartedAt: &started}}}}})
	if len(ack.Acked) != 2 {
		t.Fatalf("acks: %+v", ack)
	}
	if j, _ := res.Job(ctx, job.ID); j.State != journal.Running || len(j.Steps) != 1 || j.Steps[0].JobID != 41 {
		t.Fatalf("job while running: %+v", j)
	}

	// Logs are relayed from the site: the researcher's request reaches the site in a poll.
	logs := make(chan string, 1)
	go func() {
		sc, _ := siteclient.New(g.url, g.researcher)
		var b strings.Builder
		err := sc.Logs(ctx, job.ID, siteclient.LogOptions{Task: -1}, &b)
		if err != nil {
			logs <- "error: " + err.Error()
			return
		}
		logs <- b.String()
	}()
	var lr protocol.LogRequest
	waitFor(t, "a log request", 10*time.Second, func() (bool, error) {
		p := siteA.poll(1)
		if len(p.LogRequests) > 0 {
			lr = p.LogRequests[0]
		}
		return len(p.LogRequests) > 0, nil
	})
	if lr.Job != job.ID || lr.Offset != 0 {
		t.Fatalf("log request: %+v", lr)
	}
	if code := siteA.post(protocol.PathLogs+lr.ID, []byte("epoch 1 loss 0.5\n"), map[string]string{"PetaGrid-Log-EOF": "1"}, nil); code != http.StatusNoContent {
		t.Fatalf("log answer: %d", code)
	}
	if got := <-logs; got != "epoch 1 loss 0.5\n" {
		t.Fatalf("relayed logs: %q", got)
	}

	// The job ends with sacct's usage: 0.002 Compute Hours at 1,500 DPS each = 3 DPS. (The
	// gateway bills no more Compute Hours than the site's capacity could deliver since the
	// job was placed, about a second here: 8 reference GPUs × 1 s = 0.0022 Compute Hours.)
	ended := started.Add(time.Second)
	siteA.update(protocol.Updates{Jobs: []protocol.JobUpdate{{Job: job.ID, State: journal.Completed,
		Steps: []journal.Step{{Name: "train", State: journal.StepCompleted, JobID: 41, ExitCode: &exit0, StartedAt: &started, EndedAt: &ended}},
		Usage: &protocol.Usage{SlurmJobs: []uint32{41}, ElapsedSeconds: 600, CPUSeconds: 9600, GPUSeconds: 1200, ComputeHoursMilli: 2}}}})
	var final store.Job
	waitFor(t, "the escrow settled", 20*time.Second, func() (bool, error) {
		j, err := res.Job(ctx, job.ID)
		final = j
		return j.EscrowState == store.EscrowSettled, err
	})
	if final.State != journal.Completed || final.CostWei != tokenomics.MustAmount("3").String() {
		t.Fatalf("settled job: %s cost %s", final.State, final.CostWei)
	}
	if bal, _ := d.DPSBalance(ctx, res.Address()); new(big.Int).Sub(balBefore, bal).Cmp(tokenomics.MustAmount("3")) != 0 {
		t.Fatalf("researcher paid %s, want 3 DPS", new(big.Int).Sub(balBefore, bal))
	}
	if pending, _ := d.PendingReplenishment(ctx); pending.Cmp(tokenomics.MustAmount("3")) != 0 {
		t.Fatalf("pending replenishment %s, want 3 DPS", pending)
	}

	// PoCP intake. Epoch 0 has not ended yet.
	good := siteReport(t, g, siteA, 0, nodeMFLOPS, 2, 1)
	if code, ans := siteA.report(good); code != http.StatusUnprocessableEntity || !strings.Contains(strings.Join(ans.Reasons, ";"), "has not ended") {
		t.Fatalf("early report: %d %+v", code, ans)
	}
	_, end0, _ := pocp.Calendar{Genesis: g.genesis, PeriodSeconds: 3600}.Period(0)
	now, _ := g.gw.Deployment().Chain.Now(ctx)
	if err := g.gw.DevChain().AdjustTime(end0.Sub(now) + 2*time.Second); err != nil {
		t.Fatal(err)
	}
	// Forged: signed by a key that is not site-a's.
	forged := siteReport(t, g, siteA, 0, nodeMFLOPS, 2, 1)
	if err := forged.Sign(g.gw.Domain(), intruder.key); err != nil {
		t.Fatal(err)
	}
	if code, ans := siteA.report(forged); code != http.StatusForbidden || !strings.Contains(strings.Join(ans.Reasons, ";"), "signed by") {
		t.Fatalf("forged report: %d %+v", code, ans)
	}
	// Tampered after signing.
	tampered := siteReport(t, g, siteA, 0, nodeMFLOPS, 2, 1)
	tampered.MedianMegaFLOPS++
	if code, _ := siteA.report(tampered); code != http.StatusUnprocessableEntity && code != http.StatusForbidden && code != http.StatusBadRequest {
		t.Fatalf("tampered report accepted: %d", code)
	}
	// Over-claiming: twice the registered capacity.
	over := siteReport(t, g, siteA, 0, 2*nodeMFLOPS, 2, 1)
	if code, ans := siteA.report(over); code != http.StatusUnprocessableEntity || !strings.Contains(strings.Join(ans.Reasons, ";"), "capacity") {
		t.Fatalf("over-claiming report: %d %+v", code, ans)
	}
	// Fewer jobs than the grid jobs the site ran for the gateway: inconsistent.
	hiding := siteReport(t, g, siteA, 0, nodeMFLOPS, 2, 0)
	if code, ans := siteA.report(hiding); code != http.StatusUnprocessableEntity || !strings.Contains(strings.Join(ans.Reasons, ";"), "accounting") {
		t.Fatalf("report hiding jobs: %d %+v", code, ans)
	}
	if code, ans := siteA.report(good); code != http.StatusCreated || !ans.Accepted {
		t.Fatalf("good report: %d %+v", code, ans)
	}
	// The same report again is fine (idempotent); a different one for the same epoch is a replay.
	if code, _ := siteA.report(good); code != http.StatusOK {
		t.Fatalf("resent report: %d", code)
	}
	other := siteReport(t, g, siteA, 0, nodeMFLOPS-1, 2, 1)
	if code, ans := siteA.report(other); code != http.StatusConflict {
		t.Fatalf("second report for the epoch: %d %+v", code, ans)
	}

	// Close epoch 0: GFL equals the median, rewards = 20 % × GFL × R.
	sum, err := op.CloseEpoch(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	wantGFL := tokenomics.GFLFromMegaFLOPS(good.MedianMegaFLOPS)
	if bal, _ := d.GFLBalance(ctx, siteA.addr()); bal.Cmp(wantGFL) != 0 {
		t.Fatalf("GFL of site-a %s, want the median %s", bal, wantGFL)
	}
	wantReward := new(big.Int).Div(new(big.Int).Mul(wantGFL, big.NewInt(2000)), big.NewInt(10000*100))
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
	siteCl := g.client(siteA.key)
	got, proof, err := siteCl.Claim(ctx)
	if err != nil || got.Cmp(wantReward) != 0 || proof.Epoch != 0 {
		t.Fatalf("claim: %v %v %+v", got, err, proof)
	}
	if again, _, err := siteCl.Claim(ctx); err != nil || again.Sign() != 0 {
		t.Fatalf("second claim: %v %v", again, err)
	}

	// A halving by time: the era is 3 h long; move the chain past it and close epochs 1 and 2
	// (no report for them: site-a's GFL is burned).
	if err := g.gw.DevChain().AdjustTime(3 * time.Hour); err != nil {
		t.Fatal(err)
	}
	s1, err := op.CloseEpoch(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !s1.Halving || s1.EraAfter != 1 {
		t.Fatalf("epoch 1 did not halve: %+v", s1)
	}
	if bal, _ := d.GFLBalance(ctx, siteA.addr()); bal.Sign() != 0 {
		t.Fatalf("GFL of a site without a report: %s", bal)
	}
	if st, _ := d.State(ctx); st.Era != 1 || st.NextEpoch != 2 {
		t.Fatalf("chain state after the halving: %+v", st)
	}

	// The dashboard's data reflect it all.
	snap, err := g.gw.Snapshot(ctx)
	if err != nil || snap.Economy.Era != 1 || len(snap.Providers) != 1 || len(snap.Epochs) != 2 || snap.JobCounts["completed"] != 1 {
		t.Fatalf("snapshot: %+v %v", snap, err)
	}

	// A restart keeps the deployment, the jobs and the epochs.
	addrs := d.Addresses
	g.stop()
	g.start()
	if g.gw.Deployment().Addresses != addrs {
		t.Fatalf("contracts after restart: %+v, want %+v", g.gw.Deployment().Addresses, addrs)
	}
	if j, err := g.client(g.researcher).Job(ctx, job.ID); err != nil || j.State != journal.Completed || j.EscrowState != store.EscrowSettled {
		t.Fatalf("job after restart: %+v %v", j, err)
	}
	if st, _ := g.gw.Deployment().State(ctx); st.Era != 1 || st.NextEpoch != 2 {
		t.Fatalf("chain after restart: %+v", st)
	}
	if eps, err := g.client(g.operator).Epochs(ctx); err != nil || len(eps) != 2 {
		t.Fatalf("epochs after restart: %+v %v", eps, err)
	}
}

// TestSilentSiteWorkIsReplaced: a site that stops polling loses its unsubmitted work to
// another site; its running work becomes unknown until it reports again; when it returns it
// is told to cancel its stale copy.
func TestSilentSiteWorkIsReplaced(t *testing.T) {
	g := startGrid(t)
	ctx := context.Background()
	op, res := g.client(g.operator), g.client(g.researcher)
	cat, _ := tokenomics.LoadEmbeddedCatalog()
	node := 4 * cat.ReferenceScore().PerDeviceMegaFLOPS
	cheap := &fakeSite{t: t, name: "cheap", key: newKey(t, filepath.Join(g.dir, "cheap.key")), url: g.url}
	dear := &fakeSite{t: t, name: "dear", key: newKey(t, filepath.Join(g.dir, "dear.key")), url: g.url}
	cheap.register(inventory(t, "a100", 4, 1, node), tokenomics.MustAmount("1").String())
	dear.register(inventory(t, "a100", 4, 1, node), tokenomics.MustAmount("2").String())
	for _, s := range []string{"cheap", "dear"} {
		if _, err := op.SetProviderStatus(ctx, s, true, ""); err != nil {
			t.Fatal(err)
		}
	}
	if err := op.Fund(ctx, res.Address(), "100", "1"); err != nil {
		t.Fatal(err)
	}
	cheap.poll(1)
	dear.poll(1)
	submit := func() store.Job {
		j, _, err := res.Submit(ctx, gateway.SubmitRequest{Workflow: gpuWorkflow, MaxCostWei: tokenomics.MustAmount("10").String()})
		if err != nil {
			t.Fatal(err)
		}
		return j
	}
	running, queued := submit(), submit()
	if running.Site != "cheap" || queued.Site != "cheap" {
		t.Fatalf("placement by price: %s %s", running.Site, queued.Site)
	}
	p := cheap.poll(5)
	if len(p.Assignments) != 2 {
		t.Fatalf("assignments: %+v", p)
	}
	cheap.update(protocol.Updates{Accepted: []string{running.ID, queued.ID}, Jobs: []protocol.JobUpdate{{Job: running.ID, State: journal.Running}}})
	// cheap goes silent; dear keeps polling.
	waitFor(t, "the queued job moved to dear", 30*time.Second, func() (bool, error) {
		for _, a := range dear.poll(1).Assignments {
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
	cheap.update(protocol.Updates{Jobs: []protocol.JobUpdate{{Job: running.ID, State: journal.Running}, {Job: queued.ID, State: journal.Rendered}}})
	if j, _ := res.Job(ctx, running.ID); j.State != journal.Running {
		t.Fatalf("job of the returned site: %s", j.State)
	}
	back := cheap.poll(1)
	if len(back.Cancels) != 1 || back.Cancels[0] != queued.ID {
		t.Fatalf("cancels for the returned site: %+v", back)
	}
	cheap.update(protocol.Updates{Jobs: []protocol.JobUpdate{{Job: queued.ID, State: journal.Cancelled}}})
	if again := cheap.poll(1); len(again.Cancels) != 0 {
		t.Fatalf("cancel repeated after the copy ended: %+v", again)
	}
	// The researcher cancels the running job: the site is told.
	sc, _ := siteclient.New(g.url, g.researcher)
	if _, err := sc.Cancel(ctx, running.ID); err != nil {
		t.Fatal(err)
	}
	if c := cheap.poll(1); len(c.Cancels) != 1 || c.Cancels[0] != running.ID {
		t.Fatalf("researcher's cancel: %+v", c)
	}
	// Suspending dear sends its unsubmitted job back to the queue.
	if _, err := op.SetProviderStatus(ctx, "dear", false, "maintenance"); err != nil {
		t.Fatal(err)
	}
	if j, _ := res.Job(ctx, queued.ID); j.State != store.Queued && j.Site == "dear" {
		t.Fatalf("job of a suspended site: %+v", j)
	}
}
