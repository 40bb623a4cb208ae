package gateway

import (
	"context"
	"crypto/ecdsa"
	"crypto/rand"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/placement"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/pocp"
	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/tokenomics"
)

// These tests build the gateway's parts alone, on a state of their own and without a chain:
// each part needs only what it is given.

// testWorkflow asks for 2 A100s for 30 minutes.
const testWorkflow = `version: 1
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

// testClock is a clock tests move by hand.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func quietLog() logrus.FieldLogger {
	log := logrus.New()
	log.SetOutput(io.Discard)
	return log
}

func openTestStore(t *testing.T, clock *testClock) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "gateway.db"))
	if err != nil {
		t.Fatal(err)
	}
	st.SetClock(clock.Now)
	t.Cleanup(func() { st.Close() })
	return st
}

// testRegistration is a site of one node of four A100s at 1 DPS per Compute Hour.
func testRegistration(t *testing.T, name string) protocol.Registration {
	t.Helper()
	cat, err := tokenomics.LoadEmbeddedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	node := 4 * cat.ReferenceScore().PerDeviceMegaFLOPS
	inv := protocol.Inventory{
		Partitions: []protocol.Partition{{Name: "gpu", Default: true, MaxTimeSeconds: 86400, Shapes: []protocol.NodeShape{
			{Nodes: 1, Available: 1, Idle: 1, CPUs: 64, MemoryMiB: 512 << 10, GPUs: 4, GPUType: "a100", GPUModel: "A100-SXM4-80GB", MegaFLOPS: node}}}},
		CapacityMegaFLOPS: node, GPUs: 4, CatalogSHA256: cat.SHA256Hex(),
	}
	return protocol.Registration{Site: name, Inventory: inv, Prices: protocol.Prices{PerComputeHour: tokenomics.MustAmount("1").String()}}
}

// addSite registers a site under a new key and gives it status ("" leaves it pending).
func addSite(t *testing.T, st *store.Store, name, status string) gatewayapi.Site {
	t.Helper()
	ctx := context.Background()
	key, _ := crypto.GenerateKey()
	s, _, err := st.Register(ctx, crypto.PubkeyToAddress(key.PublicKey).Hex(), testRegistration(t, name))
	if err != nil {
		t.Fatal(err)
	}
	if status != "" {
		if s, err = st.SetSiteStatus(ctx, name, status, "test"); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func addJob(t *testing.T, st *store.Store, key string) gatewayapi.Job {
	t.Helper()
	j, err := st.CreateJob(context.Background(), gatewayapi.Job{ID: newTestJobID(t), Researcher: common.Address{1}.Hex(), IdempotencyKey: key,
		EscrowID: "0x" + strings.Repeat(key[:2], 32), SourceName: "train.yaml", Source: []byte(testWorkflow), MaxCostWei: tokenomics.MustAmount("10").String()})
	if err != nil {
		t.Fatal(err)
	}
	return j
}

func newTestJobID(t *testing.T) string {
	t.Helper()
	id, err := newJobID()
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func newTestPlacer(t *testing.T, st *store.Store, clock *testClock, m *metrics) *placer {
	cat, err := tokenomics.LoadEmbeddedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	return &placer{store: st, policy: placement.Default{}, cfg: Config{}.WithDefaults().Placement, offlineAfter: time.Minute,
		referenceMegaFLOPS: cat.ReferenceScore().PerDeviceMegaFLOPS, catalog: cat, wake: newWakeups(), cancels: newCancelTracker(), log: quietLog(), now: clock.Now, metrics: m, random: rand.Reader}
}

// TestPlacerAlone: the placer places a job on a site that polls, lets one wait while none
// does, ends a cancelled one and abandons one that waited too long; the metrics count each
// outcome and show the queues.
func TestPlacerAlone(t *testing.T) {
	ctx := context.Background()
	clock := &testClock{now: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)}
	st := openTestStore(t, clock)
	m := newMetrics(st, clock.Now, time.Minute)
	p := newTestPlacer(t, st, clock, m)
	addSite(t, st, "only", store.SiteApproved)
	clock.Advance(2 * time.Minute)

	// The site has not polled for longer than offlineAfter: the job waits, and says why.
	waiting := addJob(t, st, "waiting-job-key-0001")
	p.Place(ctx, waiting)
	if j, _ := st.Job(ctx, waiting.ID); j.State != store.Queued || j.Placement == "" {
		t.Fatalf("job with no site online: %s (%q)", j.State, j.Placement)
	}
	if err := testutil.GatherAndCompare(m.registry, strings.NewReader(`
# HELP petagrid_gateway_jobs_waiting Jobs waiting at the gateway, by stage: placement (queued for a site) or delivery (placed, not yet taken by the site).
# TYPE petagrid_gateway_jobs_waiting gauge
petagrid_gateway_jobs_waiting{stage="delivery"} 0
petagrid_gateway_jobs_waiting{stage="placement"} 1
# HELP petagrid_gateway_site_online 1 when an approved site polled within gateway.sites.offlineAfter, else 0.
# TYPE petagrid_gateway_site_online gauge
petagrid_gateway_site_online{site="only"} 0
`), "petagrid_gateway_jobs_waiting", "petagrid_gateway_site_online"); err != nil {
		t.Fatal(err)
	}

	// Once it polls, the job goes there and waits for delivery.
	if err := st.Seen(ctx, "only", nil); err != nil {
		t.Fatal(err)
	}
	waiting, _ = st.Job(ctx, waiting.ID)
	p.Place(ctx, waiting)
	if j, _ := st.Job(ctx, waiting.ID); j.State != store.Assigned || j.Site != "only" || j.WorstCase == nil {
		t.Fatalf("job with a site online: %s on %q", j.State, j.Site)
	}
	assignments, cancels, err := p.Route(ctx, "only", true, time.Second)
	if err != nil || len(assignments) != 1 || assignments[0].Job != waiting.ID || len(cancels) != 0 {
		t.Fatalf("the site's poll: %+v %v %v", assignments, cancels, err)
	}

	// A job cancelled while its site had it, back in the queue, ends.
	cancelled := addJob(t, st, "cancelled-job-key-01")
	cancelled.CancelRequested = true
	p.Place(ctx, cancelled)
	if j, _ := st.Job(ctx, cancelled.ID); j.State != runstate.Cancelled {
		t.Fatalf("cancelled job: %s", j.State)
	}
	// A job no site took for longer than placement.maxQueueTime ends.
	stale := addJob(t, st, "stale-job-key-000001")
	clock.Advance(p.cfg.MaxQueueTime + time.Minute)
	p.Place(ctx, stale)
	if j, _ := st.Job(ctx, stale.ID); j.State != runstate.SubmitFailed {
		t.Fatalf("job past its queue time: %s", j.State)
	}

	for outcome, want := range map[string]float64{placementNoSite: 1, placementPlaced: 1, placementCancelled: 1, placementAbandoned: 1, placementError: 0} {
		if got := testutil.ToFloat64(m.placements.WithLabelValues(outcome)); got != want {
			t.Errorf("placements{outcome=%q} = %v, want %v", outcome, got, want)
		}
	}
	if err := testutil.GatherAndCompare(m.registry, strings.NewReader(`
# HELP petagrid_gateway_jobs_waiting Jobs waiting at the gateway, by stage: placement (queued for a site) or delivery (placed, not yet taken by the site).
# TYPE petagrid_gateway_jobs_waiting gauge
petagrid_gateway_jobs_waiting{stage="delivery"} 1
petagrid_gateway_jobs_waiting{stage="placement"} 0
`), "petagrid_gateway_jobs_waiting"); err != nil {
		t.Fatal(err)
	}
}

// fakeState is a stateReader with fixed answers.
type fakeState struct {
	counts map[string]int
	sites  []gatewayapi.Site
}

func (f fakeState) CountJobs(context.Context) (map[string]int, error) { return f.counts, nil }
func (f fakeState) Sites(context.Context) ([]gatewayapi.Site, error)  { return f.sites, nil }

// TestSiteOnlineFollowsAdmittedSites: only approved sites have a presence series, so that
// registrations (which anyone may send) add no series; a site silent for offlineAfter is 0.
func TestSiteOnlineFollowsAdmittedSites(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	state := fakeState{counts: map[string]int{"queued": 3, "assigned": 2, "running": 7}, sites: []gatewayapi.Site{
		{Name: "polling", Status: store.SiteApproved, LastSeen: now.Add(-10 * time.Second)},
		{Name: "silent", Status: store.SiteApproved, LastSeen: now.Add(-2 * time.Minute)},
		{Name: "newcomer", Status: store.SitePending, LastSeen: now},
		{Name: "benched", Status: store.SiteSuspended, LastSeen: now},
	}}
	c := newStateCollector(state, func() time.Time { return now }, time.Minute)
	if err := testutil.CollectAndCompare(c, strings.NewReader(`
# HELP petagrid_gateway_jobs_waiting Jobs waiting at the gateway, by stage: placement (queued for a site) or delivery (placed, not yet taken by the site).
# TYPE petagrid_gateway_jobs_waiting gauge
petagrid_gateway_jobs_waiting{stage="delivery"} 2
petagrid_gateway_jobs_waiting{stage="placement"} 3
# HELP petagrid_gateway_site_online 1 when an approved site polled within gateway.sites.offlineAfter, else 0.
# TYPE petagrid_gateway_site_online gauge
petagrid_gateway_site_online{site="polling"} 1
petagrid_gateway_site_online{site="silent"} 0
`)); err != nil {
		t.Fatal(err)
	}
}

// TestSettlerAloneRefusesReports: reports refused before anything is read from the chain
// (malformed, signed by another key, from a site not approved) are recorded with their
// reasons and counted by class.
func TestSettlerAloneRefusesReports(t *testing.T) {
	ctx := context.Background()
	clock := &testClock{now: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)}
	st := openTestStore(t, clock)
	m := newMetrics(st, clock.Now, time.Minute)
	cat, err := tokenomics.LoadEmbeddedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	cal, err := pocp.NewCalendar(time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC), 3600)
	if err != nil {
		t.Fatal(err)
	}
	domain := pocp.Domain{ChainID: common.Big1, VerifyingContract: common.Address{0xaa}}
	s := &settler{store: st, calendar: cal, catalog: cat, policy: reportPolicy(Config{}.WithDefaults().PoCP, capacityTolerancePPM(0.05)),
		domain: domain, log: quietLog(), now: clock.Now, metrics: m}

	siteKey, _ := crypto.GenerateKey()
	pending, _, err := st.Register(ctx, crypto.PubkeyToAddress(siteKey.PublicKey).Hex(), testRegistration(t, "pending"))
	if err != nil {
		t.Fatal(err)
	}
	build := func(signer *ecdsa.PrivateKey) []byte {
		start, end, _ := cal.Period(0)
		var obs []pocp.NodeObservation
		for at := start; at.Before(end); at = at.Add(time.Minute) {
			obs = append(obs, pocp.NodeObservation{Node: "n0", SlotStart: at, SlotSeconds: 60, Available: true, PowerMegaFLOPS: 1000})
		}
		r, _, err := pocp.Build(pocp.BuildInput{Calendar: cal, Epoch: 0, Cluster: "pending", SlotSeconds: 60, Nodes: obs,
			ReferenceMegaFLOPS: cat.ReferenceScore().PerDeviceMegaFLOPS, CatalogSHA256: cat.SHA256(), MinCoveragePPM: 500_000})
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Sign(domain, signer); err != nil {
			t.Fatal(err)
		}
		body, err := r.Encode()
		if err != nil {
			t.Fatal(err)
		}
		return body
	}
	otherKey, _ := crypto.GenerateKey()
	for _, c := range []struct {
		what    string
		body    []byte
		code    int
		outcome string
		reason  string
	}{
		{"malformed", []byte("{"), http.StatusBadRequest, reportMalformed, "decoding"},
		{"another key's", build(otherKey), http.StatusForbidden, reportSignature, "signed by"},
		{"a pending site's", build(siteKey), http.StatusForbidden, reportNotApproved, "not approved"},
	} {
		ans, code, err := s.IntakeReport(ctx, pending, c.body)
		if err != nil || code != c.code || ans.Accepted || !strings.Contains(strings.Join(ans.Reasons, ";"), c.reason) {
			t.Errorf("%s report: %d %+v %v", c.what, code, ans, err)
		}
		if got := testutil.ToFloat64(m.reports.WithLabelValues(c.outcome)); got != 1 {
			t.Errorf("%s report: reports{outcome=%q} = %v, want 1", c.what, c.outcome, got)
		}
	}
	if rej, err := st.Rejections(ctx, 10); err != nil || len(rej) != 3 {
		t.Fatalf("recorded refusals: %+v %v", rej, err)
	}
	if got := testutil.ToFloat64(m.reports.WithLabelValues(reportAccepted)); got != 0 {
		t.Errorf("reports{outcome=accepted} = %v", got)
	}
}

// TestRegistrationDoesNotWaitForAClose: while an epoch close holds the epoch lock, an
// approved site's registration is recorded at once, and the provider registry (the chain) is
// left alone: the registry built here has no chain at all.
func TestRegistrationDoesNotWaitForAClose(t *testing.T) {
	ctx := context.Background()
	clock := &testClock{now: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)}
	st := openTestStore(t, clock)
	lock := &epochLock{store: st}
	cat, err := tokenomics.LoadEmbeddedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	r := &registry{store: st, lock: lock, wake: newWakeups(), log: quietLog(), now: clock.Now, offlineAfter: time.Minute, catalog: cat}
	key, _ := crypto.GenerateKey()
	signer := crypto.PubkeyToAddress(key.PublicKey)
	reg := testRegistration(t, "steady")
	if _, created, err := r.Register(ctx, signer, reg); err != nil || !created {
		t.Fatalf("first registration: %v %v", created, err)
	}
	if _, err := st.SetSiteStatus(ctx, "steady", store.SiteApproved, "test"); err != nil {
		t.Fatal(err)
	}
	lock.lock() // an epoch close in progress
	defer lock.unlock()
	done := make(chan error, 1)
	go func() {
		_, _, err := r.Register(ctx, signer, reg)
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a registration waited for the epoch close")
	}
	if s, _ := st.Site(ctx, "steady"); s.Status != store.SiteApproved {
		t.Fatalf("site after re-registering: %s", s.Status)
	}
}

// TestMetricsAreOptional: a part built without metrics counts nothing and does not fail.
func TestMetricsAreOptional(t *testing.T) {
	var m *metrics
	m.placement(placementPlaced)
	m.report(reportAccepted)
	m.epochClose(closeSettled, time.Second)
	m.observeChain(chainRead, context.DeadlineExceeded)
}

// TestMetricsListenIsOptional: the metrics listener is off unless an address is given, and
// a malformed address is a configuration error.
func TestMetricsListenIsOptional(t *testing.T) {
	for listen, bad := range map[string]bool{"": false, "-": false, "127.0.0.1:9662": false, ":9662": false, "127.0.0.1": true, "nonsense": true} {
		c := Config{Metrics: MetricsConfig{Listen: listen}}.WithDefaults()
		err := c.Validate() // other fields are missing: only the metrics' problem matters here
		if got := err != nil && strings.Contains(err.Error(), "gateway.metrics.listen"); got != bad {
			t.Errorf("metrics.listen %q: %v", listen, err)
		}
		if c.Metrics.enabled() != (listen != "" && listen != "-") {
			t.Errorf("metrics.listen %q: enabled %v", listen, c.Metrics.enabled())
		}
	}
}

// TestLateRerunIsAbandoned: a rerun that finds no site waits within rerunPlacementGrace of
// its group's rerun_by, and is abandoned after it, at no cost.
func TestLateRerunIsAbandoned(t *testing.T) {
	ctx := context.Background()
	clock := &testClock{now: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)}
	st := openTestStore(t, clock)
	p := newTestPlacer(t, st, clock, nil)
	for _, name := range []string{"alpha", "beta"} {
		addSite(t, st, name, "")
		if _, err := st.SetSiteStatusOperated(ctx, name, store.SiteApproved, "test", "uni-"+name); err != nil {
			t.Fatal(err)
		}
	}
	ids := []string{newTestJobID(t), newTestJobID(t)}
	first := gatewayapi.Job{ID: ids[0], Researcher: common.Address{1}.Hex(), IdempotencyKey: "replicated-key-00001", EscrowID: "0x" + strings.Repeat("ab", 32),
		SourceName: "train.yaml", Source: []byte(testWorkflow), MaxCostWei: tokenomics.MustAmount("30").String()}
	rerunBy := clock.Now().Add(2 * time.Hour)
	if _, err := st.CreateReplicatedJob(ctx, first, ids, store.ReplicaPlan{Quorum: 2, Reruns: 1, RerunBy: rerunBy, DecideBy: clock.Now().Add(5 * time.Hour)}); err != nil {
		t.Fatal(err)
	}
	for i, site := range []string{"alpha", "beta"} {
		if err := st.Assign(ctx, ids[i], site, "placed", "1", gatewayapi.WorstCase{CostWei: "1"}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := st.ApplyUpdate(ctx, "alpha", protocol.JobUpdate{Job: ids[0], State: runstate.Failed, Usage: &protocol.Usage{}},
		func(gatewayapi.Job, protocol.Usage) (store.Bill, error) { return store.Bill{CostWei: "1"}, nil }); err != nil {
		t.Fatal(err)
	}
	clock.Advance(110 * time.Minute)
	rerun, err := st.CreateRerun(ctx, ids[0], newTestJobID(t))
	if err != nil {
		t.Fatal(err)
	}
	// No operator new to the group: the rerun waits, within the grace.
	clock.Advance(10*time.Minute + rerunPlacementGrace - time.Minute)
	p.Place(ctx, rerun)
	if j, _ := st.Job(ctx, rerun.ID); j.State != store.Queued {
		t.Fatalf("the rerun within the grace: %s (%s)", j.State, j.Error)
	}
	clock.Advance(2 * time.Minute)
	p.Place(ctx, rerun)
	if j, _ := st.Job(ctx, rerun.ID); j.State != runstate.SubmitFailed || j.CostWei != "0" || !strings.Contains(j.Error, "the rerun of "+ids[0]+" found no site within 15m0s") {
		t.Fatalf("the rerun past the grace: %s %q (%s)", j.State, j.CostWei, j.Error)
	}
}
