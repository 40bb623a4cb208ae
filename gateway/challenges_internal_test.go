package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/pocp"
	"github.com/petagrid/petagrid/pocp/challenge"
	"github.com/petagrid/petagrid/tokenomics"
)

// testChallenger is a challenger over a fresh store with a clock and a seeded random
// source the test drives; its epochs are an hour from genesis.
func testChallenger(t *testing.T, genesis time.Time) (*challenger, *store.Store, *time.Time) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "gateway.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	cat, err := tokenomics.LoadEmbeddedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	cal, err := pocp.NewCalendar(genesis, 3600)
	if err != nil {
		t.Fatal(err)
	}
	now := genesis
	cfg := Config{}.WithDefaults().Challenges
	cfg.Enabled, cfg.PerEpoch, cfg.MinOrder, cfg.Allowance, cfg.CapacityBudget, cfg.FractionOfPeak = true, 5, 256, 2*time.Second, 0.5, 0.5
	log := logrus.New()
	log.SetLevel(logrus.PanicLevel)
	c := &challenger{store: st, catalog: cat, calendar: cal, cfg: cfg, wake: newWakeups(), log: log, now: func() time.Time { return now },
		random: rand.NewChaCha8([32]byte{7}), plans: map[string]*sitePlan{}}
	st.SetClock(func() time.Time { return now })
	return c, st, &now
}

func registerCPUSite(t *testing.T, st *store.Store, name, address, status string) {
	t.Helper()
	ctx := context.Background()
	cat, _ := tokenomics.LoadEmbeddedCatalog()
	inv := protocol.Inventory{Partitions: []protocol.Partition{{Name: "cpu", Shapes: []protocol.NodeShape{{Nodes: 2, Available: 2, Idle: 2, CPUs: 2, MegaFLOPS: 200}}}},
		CapacityMegaFLOPS: 400, CatalogSHA256: cat.SHA256Hex()}
	if _, _, err := st.Register(ctx, address, protocol.Registration{Site: name, Inventory: inv, Prices: protocol.Prices{PerComputeHour: "1"}}); err != nil {
		t.Fatal(err)
	}
	if status != store.SitePending {
		if _, err := st.SetSiteStatus(ctx, name, status, "test"); err != nil {
			t.Fatal(err)
		}
	}
}

// TestDrawnChallengesCoverEachEpoch: each approved site receives the configured number of
// challenges per epoch, at drawn times inside it, never two undecided at once; pending and
// suspended sites receive none.
func TestDrawnChallengesCoverEachEpoch(t *testing.T) {
	genesis := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
	c, st, now := testChallenger(t, genesis)
	ctx := context.Background()
	registerCPUSite(t, st, "a", "0x00000000000000000000000000000000000000aa", store.SiteApproved)
	registerCPUSite(t, st, "b", "0x00000000000000000000000000000000000000bb", store.SiteApproved)
	registerCPUSite(t, st, "p", "0x00000000000000000000000000000000000000cc", store.SitePending)
	registerCPUSite(t, st, "s", "0x00000000000000000000000000000000000000dd", store.SiteSuspended)
	issuedAt := map[string][]time.Time{}
	for epoch := range 2 {
		start := genesis.Add(time.Duration(epoch) * time.Hour)
		for s := start; s.Before(start.Add(time.Hour)); s = s.Add(10 * time.Second) {
			*now = s
			if err := c.issueDue(ctx); err != nil {
				t.Fatal(err)
			}
			// Each site answers at once (the decision is what lets the next one out).
			for _, site := range []string{"a", "b", "p", "s"} {
				list, err := st.ChallengesOf(ctx, site, genesis, genesis.Add(3*time.Hour), 100)
				if err != nil {
					t.Fatal(err)
				}
				undecided := 0
				for _, ch := range list {
					if ch.State == store.ChallengeIssued {
						undecided++
						issuedAt[site] = append(issuedAt[site], ch.IssuedAt)
						if err := st.DecideChallenge(ctx, ch.ID, store.Decision{State: store.ChallengePassed, ReceivedAt: now}, *now); err != nil {
							t.Fatal(err)
						}
					}
				}
				if undecided > 1 {
					t.Fatalf("%s: %d undecided challenges at once", site, undecided)
				}
			}
		}
	}
	for _, site := range []string{"a", "b"} {
		got := issuedAt[site]
		if len(got) != 2*c.cfg.PerEpoch {
			t.Fatalf("site %s received %d challenges over two epochs, want %d", site, len(got), 2*c.cfg.PerEpoch)
		}
		perEpoch := map[int]int{}
		for _, at := range got {
			perEpoch[int(at.Sub(genesis)/time.Hour)]++
		}
		if perEpoch[0] != c.cfg.PerEpoch || perEpoch[1] != c.cfg.PerEpoch {
			t.Fatalf("site %s: challenges per epoch %v", site, perEpoch)
		}
	}
	if len(issuedAt["p"])+len(issuedAt["s"]) != 0 {
		t.Fatalf("pending or suspended sites were challenged: %v", issuedAt)
	}
	// The two sites' times are drawn apart: the same schedule for both would let one site
	// learn the other's.
	same := 0
	for i := range issuedAt["a"] {
		if issuedAt["a"][i].Equal(issuedAt["b"][i]) {
			same++
		}
	}
	if same == len(issuedAt["a"]) {
		t.Fatalf("both sites were challenged at the same times: %v", issuedAt["a"])
	}
}

// TestUnverifiedSpans: a failure leaves the time from the last pass before it to the next
// pass after it unverified; failures in a row make one span; a failure before the period
// that no pass followed leaves the period's start unverified.
func TestUnverifiedSpans(t *testing.T) {
	genesis := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
	_, st, now := testChallenger(t, genesis)
	ctx := context.Background()
	registerCPUSite(t, st, "a", "0x00000000000000000000000000000000000000aa", store.SiteApproved)
	record := challengeRecorder(t, st, now, genesis, "a")
	// Epoch 0 (minutes 0-60): pass at 5, fail at 10, miss at 20, pass at 30, fail at 50.
	// Epoch 1: pass at 70, pending at 80.
	record(5, store.ChallengePassed)
	record(10, store.ChallengeFailed)
	record(20, store.ChallengeMissed)
	record(30, store.ChallengePassed)
	record(50, store.ChallengeFailed)
	record(70, store.ChallengePassed)
	record(80, store.ChallengeIssued)
	at := func(min, sec int) time.Time {
		return genesis.Add(time.Duration(min)*time.Minute + time.Duration(sec)*time.Second)
	}
	spans, tally, err := unverifiedSpans(ctx, st, "a", genesis, genesis.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	want := []pocp.Interval{{Start: at(5, 30), End: at(30, 30)}, {Start: at(30, 30), End: at(60, 0)}}
	if len(spans) != len(want) || !spans[0].Start.Equal(want[0].Start) || !spans[0].End.Equal(want[0].End) || !spans[1].Start.Equal(want[1].Start) || !spans[1].End.Equal(want[1].End) {
		t.Fatalf("epoch 0 spans %v, want %v", spans, want)
	}
	if tally != (gatewayapi.ChallengeTally{Issued: 5, Passed: 2, Failed: 2, Missed: 1}) {
		t.Fatalf("epoch 0 tally %+v", tally)
	}
	// Epoch 1 starts unverified: the failure at 50 lasts until the pass at 70.
	spans, tally, err = unverifiedSpans(ctx, st, "a", genesis.Add(time.Hour), genesis.Add(2*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if len(spans) != 1 || !spans[0].Start.Equal(at(60, 0)) || !spans[0].End.Equal(at(70, 30)) {
		t.Fatalf("epoch 1 spans %v, want [60:00, 70:30)", spans)
	}
	if tally != (gatewayapi.ChallengeTally{Issued: 2, Passed: 1, Pending: 1}) {
		t.Fatalf("epoch 1 tally %+v", tally)
	}
}

// TestSkippedChallengeFollowsUp: a drawn time at which the site claims no node available
// issues nothing and slashes nothing, but is recorded as skipped, leaves the time unverified
// and draws another challenge within recheckWithin.
func TestSkippedChallengeFollowsUp(t *testing.T) {
	genesis := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
	c, st, now := testChallenger(t, genesis)
	ctx := context.Background()
	registerCPUSite(t, st, "a", "0x00000000000000000000000000000000000000aa", store.SiteApproved)
	c.cfg.PerEpoch = 1
	// The site's polls claim every node down.
	down := protocol.Inventory{Partitions: []protocol.Partition{{Name: "cpu", Shapes: []protocol.NodeShape{{Nodes: 2, Available: 0, CPUs: 2, MegaFLOPS: 200}}}}, CapacityMegaFLOPS: 400}
	if err := st.Seen(ctx, "a", &down); err != nil {
		t.Fatal(err)
	}
	var skippedAt time.Time
	for s := genesis; s.Before(genesis.Add(time.Hour)) && skippedAt.IsZero(); s = s.Add(10 * time.Second) {
		*now = s
		if err := c.issueDue(ctx); err != nil {
			t.Fatal(err)
		}
		list, err := st.ChallengesOf(ctx, "a", genesis, genesis.Add(time.Hour), 10)
		if err != nil {
			t.Fatal(err)
		}
		for _, ch := range list {
			if ch.State != store.ChallengeSkipped || ch.Slash != "" {
				t.Fatalf("with no node available: %+v", ch)
			}
			skippedAt = ch.IssuedAt
		}
	}
	if skippedAt.IsZero() {
		t.Fatal("the drawn time never came")
	}
	plan := c.plans["a"]
	if len(plan.times) != 1 || !plan.times[0].After(skippedAt) || plan.times[0].After(skippedAt.Add(c.recheckWithin())) {
		t.Fatalf("follow-up %v after a skip at %s (within %s)", plan.times, skippedAt, c.recheckWithin())
	}
	spans, tally, err := unverifiedSpans(ctx, st, "a", genesis, genesis.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if tally.Skipped != 1 || len(spans) != 1 || !spans[0].Start.Equal(genesis) || !spans[0].End.Equal(genesis.Add(time.Hour)) {
		t.Fatalf("after a skip: spans %v, tally %+v", spans, tally)
	}
}

// TestSweepVoidsWhatTheSiteCouldNotAnswer: past its deadline, a challenge due while the
// gateway was down is void (no slash, no unverified time); one the site never polled to
// receive is skipped (unverified, not slashed); one it received and left is missed and
// slashed, suspended since or not (suspension must not void a site's own misses).
func TestSweepVoidsWhatTheSiteCouldNotAnswer(t *testing.T) {
	genesis := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
	c, st, now := testChallenger(t, genesis)
	ctx := context.Background()
	for i, name := range []string{"undelivered", "downtime", "suspended", "silent"} {
		registerCPUSite(t, st, name, fmt.Sprintf("0x00000000000000000000000000000000000000%02x", i+1), store.SiteApproved)
	}
	issued := map[string]gatewayapi.Challenge{}
	issue := func(name string, at time.Time, deliver bool) {
		t.Helper()
		*now = at
		site, err := st.Site(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		ch, err := c.issue(ctx, site, at)
		if err != nil {
			t.Fatal(err)
		}
		issued[name] = ch
		if deliver {
			if got, err := st.DeliverChallenges(ctx, name, at, redeliverAfter, 10); err != nil || len(got) != 1 {
				t.Fatalf("delivering to %s: %v %v", name, got, err)
			}
		}
	}
	// The downtime site's challenge falls due before the gateway (re)starts; the others
	// after it.
	issue("downtime", genesis.Add(time.Minute), true)
	c.startedAt = issued["downtime"].Deadline.Add(time.Second)
	later := c.startedAt.Add(time.Minute)
	issue("undelivered", later, false)
	issue("suspended", later, true)
	issue("silent", later, true)
	if _, err := st.SetSiteStatus(ctx, "suspended", store.SiteSuspended, "test"); err != nil {
		t.Fatal(err)
	}
	*now = later.Add(time.Hour)
	if err := c.sweepMissed(ctx); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"undelivered": store.ChallengeSkipped, "downtime": store.ChallengeVoid, "suspended": store.ChallengeMissed, "silent": store.ChallengeMissed}
	for name, state := range want {
		ch, err := st.Challenge(ctx, issued[name].ID)
		if err != nil {
			t.Fatal(err)
		}
		wantSlash := ""
		if state == store.ChallengeMissed {
			wantSlash = store.SlashDue
		}
		if ch.State != state || ch.Slash != wantSlash {
			t.Errorf("%s: %s (slash %q, %s), want %s (slash %q)", name, ch.State, ch.Slash, ch.Reasons, state, wantSlash)
		}
	}
	spans, _, err := unverifiedSpans(ctx, st, "downtime", genesis, genesis.Add(time.Hour))
	if err != nil || len(spans) != 0 {
		t.Fatalf("a void challenge left time unverified: %v %v", spans, err)
	}
	// Not polling gains nothing: the undelivered challenge leaves the time unverified.
	if spans, _, err := unverifiedSpans(ctx, st, "undelivered", genesis, genesis.Add(2*time.Hour)); err != nil || len(spans) != 1 {
		t.Fatalf("an undelivered challenge: spans %v %v", spans, err)
	}
}

// TestVerifiedMedianScalesWithTheVerifiedShare: a quarter hour unverified in an hour at a
// constant 1000 MFLOPS leaves the median at zero power unmoved (most slots are verified),
// but the verified share scales it to 750.
func TestVerifiedMedianScalesWithTheVerifiedShare(t *testing.T) {
	genesis := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
	c, st, now := testChallenger(t, genesis)
	ctx := context.Background()
	registerCPUSite(t, st, "a", "0x00000000000000000000000000000000000000aa", store.SiteApproved)
	var obs []pocp.NodeObservation
	for m := range 60 {
		obs = append(obs, pocp.NodeObservation{Node: "n1", SlotStart: genesis.Add(time.Duration(m) * time.Minute), SlotSeconds: 60, Available: true, PowerMegaFLOPS: 1000})
	}
	rep, _, err := pocp.Build(pocp.BuildInput{Calendar: c.calendar, Epoch: 0, Cluster: "a", SlotSeconds: 60, Nodes: obs, ReferenceMegaFLOPS: c.catalog.ReferenceScore().PerDeviceMegaFLOPS, CatalogSHA256: c.catalog.SHA256()})
	if err != nil {
		t.Fatal(err)
	}
	body, _ := rep.Encode()
	series, _ := json.Marshal([]pocp.SlotRun{{StartUnix: genesis.Unix(), SlotSeconds: 60, Count: 60, PowerMegaFLOPS: 1000}})
	if _, err := st.AcceptReport(ctx, store.Report{Site: "a", Epoch: 0, Digest: "d", MedianMFLOPS: rep.MedianMegaFLOPS, CoveragePPM: rep.CoveragePPM, JSON: string(body), Series: string(series)}); err != nil {
		t.Fatal(err)
	}
	record := challengeRecorder(t, st, now, genesis, "a")
	record(10, store.ChallengePassed)
	record(20, store.ChallengeFailed)
	record(25, store.ChallengePassed)
	closer := &epochCloser{store: st, calendar: c.calendar}
	reports, err := st.Reports(ctx, 0, "a")
	if err != nil || len(reports) != 1 {
		t.Fatalf("reports: %v %v", reports, err)
	}
	site, err := st.Site(ctx, "a")
	if err != nil {
		t.Fatal(err)
	}
	v, err := closer.verify(ctx, site, reports[0], 0)
	if err != nil {
		t.Fatal(err)
	}
	if v.ReportedMegaFLOPS != 1000 || v.UnverifiedSeconds != 900 || v.VerifiedMegaFLOPS != 750 || v.Challenges.Failed != 1 || v.Challenges.Passed != 2 {
		t.Fatalf("verification %+v: want 900 s unverified and 1000 scaled to 750", v)
	}
}

// challengeRecorder records challenges of site issued atMinute after genesis and decided 30 s
// later as state (left undecided when state is issued), moving the driven clock along.
func challengeRecorder(t *testing.T, st *store.Store, now *time.Time, genesis time.Time, site string) func(atMinute int, state string) {
	n := 0
	return func(atMinute int, state string) {
		t.Helper()
		ctx := context.Background()
		n++
		issued := genesis.Add(time.Duration(atMinute) * time.Minute)
		var nonce challenge.Hash
		nonce[0], nonce[1] = byte(n), 1
		spec := challenge.Spec{Version: challenge.SpecVersion, Nonce: nonce, Order: 256, Products: 1, Openings: 16, IssuedAt: issued, Deadline: issued.Add(time.Minute)}
		id := fmt.Sprintf("c-%saaaaaaaaaaaaaa", string(rune('a'+n/26))+string(rune('a'+n%26)))
		if err := st.IssueChallenge(ctx, gatewayapi.Challenge{ID: id, Site: site, Partition: "cpu", Spec: spec, Shape: "{}"}); err != nil {
			t.Fatal(err)
		}
		if state == store.ChallengeIssued {
			return
		}
		received := issued.Add(30 * time.Second)
		d := store.Decision{State: state}
		if state == store.ChallengePassed || state == store.ChallengeFailed {
			d.ReceivedAt = &received
		}
		*now = received
		if err := st.DecideChallenge(ctx, id, d, received); err != nil {
			t.Fatal(err)
		}
	}
}

// The weakest GPU a challenge's job may show is that of the weakest registered shape of
// its partition that Slurm could place the job on (same GPU type, as many GPUs and CPUs):
// in a partition of A100 80GB and 40GB nodes of one GRES type, a job sized for an 80GB
// node may land on a 40GB one.
func TestGPUFloorIsTheWeakestShapeTheJobCouldLandOn(t *testing.T) {
	c, _, _ := testChallenger(t, time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC))
	a80 := protocol.NodeShape{Nodes: 2, CPUs: 64, GPUs: 4, GPUType: "a100", GPUModel: "A100-SXM4-80GB", MegaFLOPS: 1}
	a40 := protocol.NodeShape{Nodes: 2, CPUs: 64, GPUs: 4, GPUType: "a100", GPUModel: "A100-SXM4-40GB", MegaFLOPS: 1}
	small := protocol.NodeShape{Nodes: 2, CPUs: 8, GPUs: 4, GPUType: "a100", GPUModel: "RTX3090", MegaFLOPS: 1}
	other := protocol.NodeShape{Nodes: 2, CPUs: 64, GPUs: 4, GPUType: "rtx", GPUModel: "RTX3090", MegaFLOPS: 1}
	site := gatewayapi.Site{Registration: protocol.Registration{Inventory: protocol.Inventory{Partitions: []protocol.Partition{
		{Name: "gpu", Shapes: []protocol.NodeShape{a80, a40, small, other}},
		{Name: "big", Shapes: []protocol.NodeShape{{Nodes: 1, CPUs: 64, GPUs: 4, GPUType: "a100", GPUModel: "RTX3090"}}},
	}}}}
	a40Score, _, ok := c.gpuScore("NVIDIA A100-SXM4-40GB")
	if !ok {
		t.Fatal("the catalog does not know the A100 40GB by its NVML name")
	}
	// RTX3090 nodes have too few CPUs, another type, or another partition: not counted.
	if floor, model := c.gpuFloor(site, "gpu", a80); floor != a40Score || model != "A100-SXM4-40GB" {
		t.Fatalf("floor %d %s, want the A100 40GB's %d", floor, model, a40Score)
	}
	if floor, _ := c.gpuFloor(site, "gpu", protocol.NodeShape{CPUs: 64}); floor != 0 {
		t.Fatalf("a job that asks for no GPU has no GPU claim to hold: floor %d", floor)
	}
	// Without a type, a job of four GPUs lands on any node of four: the RTX3090 shape too.
	rtx, _, _ := c.gpuScore("RTX3090")
	if floor, model := c.gpuFloor(site, "gpu", protocol.NodeShape{CPUs: 64, GPUs: 4}); floor != rtx || model != "RTX-3090" {
		t.Fatalf("an untyped job: floor %d %s, want the RTX 3090's %d", floor, model, rtx)
	}
}

// registerGPUSite registers an approved site of four nodes of four A100 80GB and 5 TFLOPS
// of CPU each, all idle; it returns a node's index and the GPUs' part of it.
func registerGPUSite(t *testing.T, c *challenger, st *store.Store, name, address string) (nodeMegaFLOPS, gpuMegaFLOPS uint64) {
	t.Helper()
	ctx := context.Background()
	score, err := c.catalog.Score(tokenomics.DeviceSpec{Model: "A100-SXM4-80GB", Count: big.NewRat(4, 1)})
	if err != nil {
		t.Fatal(err)
	}
	node := score.TotalMegaFLOPS + 5_000_000
	inv := protocol.Inventory{Partitions: []protocol.Partition{{Name: "gpu", Shapes: []protocol.NodeShape{
		{Nodes: 4, Available: 4, Idle: 4, CPUs: 64, GPUs: 4, GPUType: "a100", GPUModel: "A100-SXM4-80GB", MegaFLOPS: node}}}},
		CapacityMegaFLOPS: 4 * node, GPUs: 16, CatalogSHA256: c.catalog.SHA256Hex()}
	if _, _, err := st.Register(ctx, address, protocol.Registration{Site: name, Inventory: inv, Prices: protocol.Prices{PerComputeHour: "1"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.SetSiteStatus(ctx, name, store.SiteApproved, "test"); err != nil {
		t.Fatal(err)
	}
	return node, score.TotalMegaFLOPS
}

// sayGPUKernel records a poll of the site at this protocol saying (or not) that its
// challenge jobs run the GPU kernel.
func sayGPUKernel(t *testing.T, st *store.Store, name string, version int, gpuKernel bool) {
	t.Helper()
	ctx := context.Background()
	site, err := st.Site(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.SetSiteProtocol(ctx, name, version); err != nil {
		t.Fatal(err)
	}
	live := site.Registration.Inventory
	live.Devices, live.GPUKernel = nil, gpuKernel
	st.SetSeenInterval(0)
	if err := st.Seen(ctx, name, &live); err != nil {
		t.Fatal(err)
	}
}

// A GPU node is timed on its GPUs where its site's challenge jobs run the GPU kernel (by
// protocol 6 and its polls): the deadline follows from the GPUs' tensor rate at
// gpuFractionOfPeak. Elsewhere, and for a site of an older protocol that says so, the
// CPU part of the node's index is timed, as before the GPU kernel.
func TestGPUNodesAreTimedWhereTheSiteRunsTheGPUKernel(t *testing.T) {
	genesis := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
	c, st, now := testChallenger(t, genesis)
	ctx := context.Background()
	*now = genesis.Add(time.Minute)
	node, gpu := registerGPUSite(t, c, st, "g", "0x00000000000000000000000000000000000000aa")
	a100, err := c.catalog.Device("A100-SXM4-80GB")
	if err != nil {
		t.Fatal(err)
	}
	tensorTFLOPS, _ := a100.FP16TensorTFLOPS.Rat().Float64()
	// window is the compute term a challenge's deadline gives a node, without the allowance.
	window := func(ch gatewayapi.Challenge) float64 {
		return ch.Spec.Deadline.Sub(ch.Spec.IssuedAt).Seconds() - c.cfg.Allowance.Seconds()
	}
	for _, tc := range []struct {
		name      string
		version   int
		gpuKernel bool
		kernel    string
		rate      float64
		fraction  float64
	}{
		// (A site's recorded protocol never goes down: the older one comes first.)
		{"an older protocol", 5, true, protocol.TimedCPU, float64(node-gpu) * 1e6, c.cfg.FractionOfPeak},
		{"no GPU kernel", 6, false, protocol.TimedCPU, float64(node-gpu) * 1e6, c.cfg.FractionOfPeak},
		// The GPUs at their rate, the CPU part at its own fraction, on one deadline.
		{"the GPU kernel", 6, true, protocol.TimedGPU, 4*tensorTFLOPS*1e12 + float64(node-gpu)*1e6*c.cfg.FractionOfPeak/c.cfg.GPUFractionOfPeak, c.cfg.GPUFractionOfPeak},
	} {
		sayGPUKernel(t, st, "g", tc.version, tc.gpuKernel)
		ch, err := c.IssueNow(ctx, "g")
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if ch.Kernel != tc.kernel {
			t.Fatalf("%s: kernel %q, want %q", tc.name, ch.Kernel, tc.kernel)
		}
		// The compute term is the work at the rate × fraction, rounded up to whole seconds
		// (and one more for the deadline's).
		want := float64(ch.Spec.WorkOperations()) / (tc.rate * tc.fraction)
		if got := window(ch); got < want || got > want+2 {
			t.Fatalf("%s: %d products of order %d: compute term %.1f s, want %.1f s (%.3g FLOPS × %g)", tc.name, ch.Spec.Products, ch.Spec.Order, got, want, tc.rate, tc.fraction)
		}
		if err := st.DecideChallenge(ctx, ch.ID, store.Decision{State: store.ChallengeVoid}, *now); err != nil {
			t.Fatal(err)
		}
		*now = now.Add(time.Minute)
	}
}

// Where the grid issues challenges, a site's GPUs count in its verified median only once a
// challenge sized for them passed on their shape (in each partition that lists it): never
// for a site that does not run the GPU kernel, nor for a shape no challenge reached, nor
// after its last GPU challenge failed. A node listed in two partitions counts once, and the
// registered capacity is the denominator, so that shapes registered beyond it dilute
// nothing. Draws go to GPU shapes not yet timed every other time.
func TestUntimedGPUsAreLeftOutOfTheVerifiedMedian(t *testing.T) {
	genesis := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
	c, st, now := testChallenger(t, genesis)
	ctx := context.Background()
	*now = genesis.Add(time.Minute)
	gpu, err := c.gpuIndex(protocol.NodeShape{GPUs: 4, GPUModel: "A100-SXM4-80GB", MegaFLOPS: 1 << 50})
	if err != nil {
		t.Fatal(err)
	}
	node := gpu + 5_000_000
	// The same four GPU nodes in two partitions, 40 CPU nodes, and a shape of a million
	// nodes claimed beyond the capacity, never idle (never drawn).
	gpuShape := protocol.NodeShape{Nodes: 4, Available: 4, Idle: 4, CPUs: 64, GPUs: 4, GPUType: "a100", GPUModel: "A100-SXM4-80GB", MegaFLOPS: node}
	cpuShape := protocol.NodeShape{Nodes: 40, Available: 40, Idle: 0, CPUs: 64, MegaFLOPS: 5_000_000}
	diluting := protocol.NodeShape{Nodes: 1_000_000, Available: 1_000_000, CPUs: 64, MegaFLOPS: 1 << 40}
	capacity := 4*node + 40*5_000_000
	inv := protocol.Inventory{Partitions: []protocol.Partition{
		{Name: "gpu", Shapes: []protocol.NodeShape{gpuShape}},
		{Name: "gpulong", Shapes: []protocol.NodeShape{gpuShape}},
		{Name: "cpu", Shapes: []protocol.NodeShape{cpuShape, diluting}},
	}, CapacityMegaFLOPS: capacity, GPUs: 16, CatalogSHA256: c.catalog.SHA256Hex()}
	if _, _, err := st.Register(ctx, "0x00000000000000000000000000000000000000aa", protocol.Registration{Site: "g", Inventory: inv, Prices: protocol.Prices{PerComputeHour: "1"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.SetSiteStatus(ctx, "g", store.SiteApproved, "test"); err != nil {
		t.Fatal(err)
	}
	start, end := genesis, genesis.Add(time.Hour)
	credit := func() (untimed uint64) {
		t.Helper()
		u, all, err := c.gpuCredit(ctx, mustSite(t, st, "g"), start, end)
		if err != nil {
			t.Fatal(err)
		}
		if all.Uint64() != capacity {
			t.Fatalf("denominator %s, want the registered capacity %d", all, capacity)
		}
		return u.Uint64()
	}
	sayGPUKernel(t, st, "g", 6, false)
	if u := credit(); u != 4*gpu {
		t.Fatalf("a site without the GPU kernel: %d untimed, want its four GPU nodes' GPUs once, %d", u, 4*gpu)
	}
	sayGPUKernel(t, st, "g", 6, true)
	if u := credit(); u != 4*gpu {
		t.Fatalf("a site that says the GPU kernel but was not timed yet: %d untimed, want %d", u, 4*gpu)
	}
	// Challenges pass in one partition, then in both: only then are the GPUs credited.
	timedIn := map[string]bool{}
	for range 8 {
		ch, err := c.IssueNow(ctx, "g")
		if err != nil || ch.Kernel != protocol.TimedGPU {
			t.Fatalf("a challenge of the GPU shapes: %+v %v", ch, err)
		}
		received := now.Add(10 * time.Second)
		*now = received
		if err := st.DecideChallenge(ctx, ch.ID, store.Decision{State: store.ChallengePassed, ReceivedAt: &received}, received); err != nil {
			t.Fatal(err)
		}
		timedIn[ch.Partition] = true
		want := 4 * gpu
		if len(timedIn) == 2 {
			want = 0
		}
		if u := credit(); u != want {
			t.Fatalf("after passes in %v: %d untimed, want %d", timedIn, u, want)
		}
		if len(timedIn) == 2 {
			break
		}
	}
	if len(timedIn) != 2 {
		t.Fatalf("eight draws reached only %v", timedIn)
	}
	// The next epoch keeps the credit of the last; a failed GPU challenge takes its
	// shape's away.
	start, end = end, end.Add(time.Hour)
	*now = start.Add(time.Minute)
	if u := credit(); u != 0 {
		t.Fatalf("the next epoch: %d untimed, want the last epoch's passes to stand", u)
	}
	ch, err := c.IssueNow(ctx, "g")
	if err != nil || ch.Kernel != protocol.TimedGPU {
		t.Fatalf("%+v %v", ch, err)
	}
	if err := st.DecideChallenge(ctx, ch.ID, store.Decision{State: store.ChallengeFailed, ReceivedAt: now}, *now); err != nil {
		t.Fatal(err)
	}
	if u := credit(); u != 4*gpu {
		t.Fatalf("after a failed GPU challenge in %s: %d untimed, want %d", ch.Partition, u, 4*gpu)
	}
	// A site that stops running the GPU kernel loses the credit.
	sayGPUKernel(t, st, "g", 6, false)
	*now = now.Add(time.Minute)
	if u := credit(); u != 4*gpu {
		t.Fatalf("a site that stopped running the GPU kernel: %d untimed", u)
	}

	// The closer scales the verified median by the timed share of the capacity.
	closer := &epochCloser{store: st, calendar: c.calendar, gpuCredit: c.gpuCredit}
	v, err := closer.verifyGPUs(ctx, mustSite(t, st, "g"), gatewayapi.Verification{ReportedMegaFLOPS: 3 * node, VerifiedMegaFLOPS: 3 * node}, start, end)
	if err != nil {
		t.Fatal(err)
	}
	wantVerified := new(big.Int).Mul(big.NewInt(int64(3*node)), big.NewInt(int64(capacity-4*gpu)))
	wantVerified.Quo(wantVerified, big.NewInt(int64(capacity)))
	if v.VerifiedMegaFLOPS != wantVerified.Uint64() || v.UntimedGPUMegaFLOPS != 4*gpu || !strings.Contains(v.Reason, "not timed") {
		t.Fatalf("verification %+v: want %s MFLOPS verified, %d untimed", v, wantVerified, 4*gpu)
	}
	// Without challenges, nothing is timed and nothing is taken out.
	closer.gpuCredit = nil
	if v, err := closer.verifyGPUs(ctx, mustSite(t, st, "g"), gatewayapi.Verification{VerifiedMegaFLOPS: 3 * node}, start, end); err != nil || v.VerifiedMegaFLOPS != 3*node {
		t.Fatalf("a grid without challenges: %+v %v", v, err)
	}
}

// GPU shapes nothing can time are scored out whole: one whose GPU model is not named (a
// node of mixed GPUs), or that the catalog does not know; such shapes are never drawn, and
// the close does not fail on them.
func TestGPUShapesNothingCanTimeAreScoredOutWhole(t *testing.T) {
	genesis := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
	c, st, _ := testChallenger(t, genesis)
	ctx := context.Background()
	unnamed := protocol.NodeShape{Nodes: 2, Available: 2, Idle: 2, CPUs: 64, GPUs: 4, GPUType: "mixed", MegaFLOPS: 1_000_000}
	unknown := protocol.NodeShape{Nodes: 3, Available: 3, Idle: 3, CPUs: 64, GPUs: 4, GPUType: "x", GPUModel: "NoSuchGPU-9000", MegaFLOPS: 2_000_000}
	inv := protocol.Inventory{Partitions: []protocol.Partition{{Name: "gpu", Shapes: []protocol.NodeShape{unnamed, unknown}}},
		CapacityMegaFLOPS: 2*1_000_000 + 3*2_000_000, GPUs: 20, CatalogSHA256: c.catalog.SHA256Hex()}
	if _, _, err := st.Register(ctx, "0x00000000000000000000000000000000000000aa", protocol.Registration{Site: "g", Inventory: inv, Prices: protocol.Prices{PerComputeHour: "1"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.SetSiteStatus(ctx, "g", store.SiteApproved, "test"); err != nil {
		t.Fatal(err)
	}
	sayGPUKernel(t, st, "g", 6, true)
	u, capacity, err := c.gpuCredit(ctx, mustSite(t, st, "g"), genesis, genesis.Add(time.Hour))
	if err != nil || u.Cmp(capacity) != 0 {
		t.Fatalf("untimed %v of %v (%v): want all of it", u, capacity, err)
	}
	if _, err := c.IssueNow(ctx, "g"); !errors.Is(err, errNothingAvailable) {
		t.Fatalf("a site of shapes nothing can time was challenged: %v", err)
	}
}

// GPUs the GPU kernel cannot time (not NVIDIA's) are sized on their node's CPU part even
// at a site that runs the GPU kernel, and never credited; a power-capped shape (an index
// below its GPUs' catalog index) is timed at the rate its index says.
func TestOnlyNVIDIAGPUsAreTimedAtTheirIndexedRate(t *testing.T) {
	genesis := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
	c, _, _ := testChallenger(t, genesis)
	site := gatewayapi.Site{Protocol: 6, Live: protocol.Inventory{GPUKernel: true}}
	amd := protocol.NodeShape{Nodes: 1, CPUs: 64, GPUs: 4, GPUModel: "MI250X", MegaFLOPS: 1 << 40}
	if rate := c.gpuRate(site, amd); rate != 0 {
		t.Fatalf("AMD GPUs: rate %g, want none", rate)
	}
	full := protocol.NodeShape{Nodes: 1, CPUs: 64, GPUs: 4, GPUModel: "A100-SXM4-80GB", MegaFLOPS: 1 << 40}
	uncapped := c.gpuRate(site, full)
	if uncapped == 0 {
		t.Fatal("A100s: no rate")
	}
	index, err := c.gpuIndex(full)
	if err != nil {
		t.Fatal(err)
	}
	capped := full
	capped.MegaFLOPS = index / 2
	if rate := c.gpuRate(site, capped); math.Abs(rate-uncapped/2) > uncapped*1e-9 {
		t.Fatalf("A100s indexed at half their catalog index: rate %g, want %g", rate, uncapped/2)
	}
}

func mustSite(t *testing.T, st *store.Store, name string) gatewayapi.Site {
	t.Helper()
	site, err := st.Site(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	return site
}
