package gateway

import (
	"context"
	"crypto/ecdsa"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/tokenomics"
	"github.com/petagrid/petagrid/workflows"
)

// siteOf is a registered site of one shape of nodes × GPUs of a catalog model (or none).
func siteOf(t *testing.T, name, model string, nodes, gpus int) gatewayapi.Site {
	t.Helper()
	inv := protocol.Inventory{Partitions: []protocol.Partition{{Name: "gpu", Shapes: []protocol.NodeShape{{Nodes: nodes, CPUs: 64, MemoryMiB: 1 << 19, GPUs: gpus, GPUType: "x", GPUModel: model}}}}, GPUs: nodes * gpus}
	return gatewayapi.Site{Name: name, Registration: protocol.Registration{Site: name, Inventory: inv}}
}

// TestSiteEnergyGradeFromTheCatalog: a site's energy grade is its registered GPUs' catalog
// FLOPS per watt against the reference's (an A100-SXM4-80GB): the reference itself is Y,
// an H100 SXM X; a site without GPUs, or with a model the catalog does not know, has none.
func TestSiteEnergyGradeFromTheCatalog(t *testing.T) {
	cat, err := tokenomics.LoadEmbeddedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		site gatewayapi.Site
		want string
	}{
		{siteOf(t, "a100", "A100-SXM4-80GB", 4, 4), "Y"},
		{siteOf(t, "h100", "H100-SXM5-80GB", 2, 8), "X"},
		{siteOf(t, "cpu", "", 8, 0), ""},
		{siteOf(t, "unknown", "Z9000", 1, 4), ""},
	} {
		if got := siteEnergyGrade(c.site, cat); got != c.want {
			t.Errorf("%s: %q, want %q", c.site.Name, got, c.want)
		}
	}
	// A mix is graded on the whole: the H100s alone are X (2.26 times the index for 1.75
	// times the power: 1.29 times the efficiency), but 1 node of A100s beside 3 of H100s is
	// 1.247 times the reference's efficiency, just under X: Y.
	mixed := siteOf(t, "mixed", "A100-SXM4-80GB", 1, 4)
	mixed.Registration.Inventory.Partitions[0].Shapes = append(mixed.Registration.Inventory.Partitions[0].Shapes,
		protocol.NodeShape{Nodes: 3, CPUs: 64, MemoryMiB: 1 << 19, GPUs: 4, GPUType: "h", GPUModel: "H100-SXM5-80GB"})
	if got := siteEnergyGrade(mixed, cat); got != "Y" {
		t.Errorf("a mixed site: %q, want Y", got)
	}
}

// addPricedSite registers an approved, online site of one node of four A100s with prices.
func addPricedSite(t *testing.T, st *store.Store, name string, prices protocol.Prices) *ecdsa.PrivateKey {
	t.Helper()
	ctx := context.Background()
	key, _ := crypto.GenerateKey()
	reg := testRegistration(t, name)
	reg.Prices = prices
	if _, _, err := st.Register(ctx, crypto.PubkeyToAddress(key.PublicKey).Hex(), reg); err != nil {
		t.Fatal(err)
	}
	if _, err := st.SetSiteStatus(ctx, name, store.SiteApproved, "test"); err != nil {
		t.Fatal(err)
	}
	if err := st.Seen(ctx, name, nil); err != nil {
		t.Fatal(err)
	}
	return key
}

// TestJobsArePricedAtTheGradesTheGatewayHolds: a site that posts prices by grade is priced
// at the grades the gateway holds for it, never at a grade it claims: the base price until a
// report proves its grades, then its grade row times its factors; the placement says how.
// A cheaper base price does not win placement for a site whose proven grade is dearer, and
// the price a job was placed at is the one its bill uses later (the job's price).
func TestJobsArePricedAtTheGradesTheGatewayHolds(t *testing.T) {
	ctx := context.Background()
	clock := &testClock{now: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)}
	st := openTestStore(t, clock)
	p := newTestPlacer(t, st, clock, nil)
	const dps = "000000000000000000"
	// graded: 1 DPS a Compute Hour by default; at grade C (what 4 A100s earning their index
	// prove) 3 DPS, −10 % at reliability 1; energy Y (A100s) × 1.
	addPricedSite(t, st, "graded", protocol.Prices{PerComputeHour: "1" + dps, PerComputeHourByGrade: map[string]string{"C": "3" + dps, "A": "9" + dps},
		ReliabilityFactorBps: map[string]uint32{"1": 9_000}, EnergyFactorBps: map[string]uint32{"X": 15_000}})
	addPricedSite(t, st, "flat", protocol.Prices{PerComputeHour: "2" + dps})
	// cheap-c: 5 DPS until it proves grade C, then 0.5.
	addPricedSite(t, st, "cheap-c", protocol.Prices{PerComputeHour: "5" + dps, PerComputeHourByGrade: map[string]string{"C": "5" + dps[1:]}})

	// No report yet: graded's base price, 1 DPS, is the cheaper.
	first := addJob(t, st, "first-job-key-000001")
	p.Place(ctx, first)
	j, _ := st.Job(ctx, first.ID)
	if j.Site != "graded" || j.PriceWei != "1"+dps || !strings.Contains(j.Placement, "1 DPS a Compute Hour: base price at grades ??Y") {
		t.Fatalf("before any report: on %s at %s (%s)", j.Site, j.PriceWei, j.Placement)
	}

	// A report proves grade C (the median of its 4 GPUs at the reference's index) and
	// reliability 1: 3 DPS × 0.9 = 2.7 DPS, dearer than flat's 2.
	cat, _ := tokenomics.LoadEmbeddedCatalog()
	ref := cat.ReferenceScore().PerDeviceMegaFLOPS
	if _, err := st.AcceptReport(ctx, store.Report{Site: "graded", Epoch: 0, Digest: "d", MedianMFLOPS: 4 * ref, CoveragePPM: 1_000_000, UptimePPM: 1_000_000, JSON: "{}"}); err != nil {
		t.Fatal(err)
	}
	second := addJob(t, st, "second-job-key-00001")
	p.Place(ctx, second)
	if j, _ = st.Job(ctx, second.ID); j.Site != "flat" || j.PriceWei != "2"+dps {
		t.Fatalf("after the report: on %s at %s (%s)", j.Site, j.PriceWei, j.Placement)
	}
	quotes := quoteSites(mustSites(t, st), mustLatest(t, st), cat)
	if q := quotes["graded"]; q.priceWei.String() != "27"+dps[1:] || q.basis.String() != "grade C price × 0.9 (reliability) at grades C1Y" || q.grade.String() != "C1Y" {
		t.Fatalf("graded's quote: %v %q %s", q.priceWei, q.basis, q.grade)
	}
	// cheap-c proves grade C: at 0.5 DPS it takes the next job, placed (and escrowed) at the
	// graded price, not its base price: the worst case is the job's one Compute Hour × 0.5.
	if _, err := st.AcceptReport(ctx, store.Report{Site: "cheap-c", Epoch: 0, Digest: "d", MedianMFLOPS: 4 * ref, CoveragePPM: 1_000_000, UptimePPM: 1_000_000, JSON: "{}"}); err != nil {
		t.Fatal(err)
	}
	third := addJob(t, st, "third-job-key-000001")
	p.Place(ctx, third)
	if j, _ = st.Job(ctx, third.ID); j.Site != "cheap-c" || j.PriceWei != "5"+dps[1:] || j.WorstCase == nil || j.WorstCase.CostWei != "5"+dps[1:] ||
		!strings.Contains(j.Placement, "0.5 DPS a Compute Hour: grade C price at grades C1Y") {
		t.Fatalf("at cheap-c's graded price: on %s at %s, worst case %+v (%s)", j.Site, j.PriceWei, j.WorstCase, j.Placement)
	}
	// The first job keeps the price it was placed at.
	if j, _ = st.Job(ctx, first.ID); j.PriceWei != "1"+dps {
		t.Fatalf("the first job's price changed to %s", j.PriceWei)
	}
}

func mustSites(t *testing.T, st *store.Store) []gatewayapi.Site {
	t.Helper()
	sites, err := st.Sites(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return sites
}

func mustLatest(t *testing.T, st *store.Store) []store.Report {
	t.Helper()
	latest, err := st.LatestReports(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return latest
}

// TestGradeFloorAtPlacement: a workflow's placement.grades keeps a job off the sites below
// it, and off those not yet graded, even when they are cheaper; a floor no site meets is
// refused at submission, saying why for each site.
func TestGradeFloorAtPlacement(t *testing.T) {
	ctx := context.Background()
	clock := &testClock{now: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)}
	st := openTestStore(t, clock)
	p := newTestPlacer(t, st, clock, nil)
	const dps = "000000000000000000"
	addPricedSite(t, st, "graded", protocol.Prices{PerComputeHour: "2" + dps})
	addPricedSite(t, st, "cheap", protocol.Prices{PerComputeHour: "1" + dps})
	// old is cheapest and graded like graded, but speaks protocol 7: its workflow parser
	// would refuse the placement mapping.
	addPricedSite(t, st, "old", protocol.Prices{PerComputeHour: "1" + dps[1:]})
	for name, version := range map[string]int{"graded": workflowPlacementProtocol, "cheap": workflowPlacementProtocol, "old": workflowPlacementProtocol - 1} {
		if err := st.SetSiteProtocol(ctx, name, version); err != nil {
			t.Fatal(err)
		}
	}
	cat, _ := tokenomics.LoadEmbeddedCatalog()
	// graded proves C1Y (4 A100s earning their index); cheap has no report yet.
	for _, name := range []string{"graded", "old"} {
		if _, err := st.AcceptReport(ctx, store.Report{Site: name, Epoch: 0, Digest: "d", MedianMFLOPS: 4 * cat.ReferenceScore().PerDeviceMegaFLOPS,
			CoveragePPM: 1_000_000, UptimePPM: 1_000_000, JSON: "{}"}); err != nil {
			t.Fatal(err)
		}
	}
	floored := func(key, grades string) gatewayapi.Job {
		t.Helper()
		j, err := st.CreateJob(ctx, gatewayapi.Job{ID: newTestJobID(t), Researcher: common.Address{1}.Hex(), IdempotencyKey: key,
			EscrowID: "0x" + strings.Repeat(key[:2], 32), SourceName: "train.yaml", Source: []byte(testWorkflow + "placement: {grades: " + grades + "}\n"),
			MaxCostWei: tokenomics.MustAmount("10").String()})
		if err != nil {
			t.Fatal(err)
		}
		return j
	}
	j := floored("c1-floor-job-key-0001", "{performance: C, reliability: 1}")
	p.Place(ctx, j)
	if j, _ = st.Job(ctx, j.ID); j.Site != "graded" {
		t.Fatalf("with a floor of C1: on %q (%s), want the graded site though two others are cheaper", j.Site, j.Placement)
	}
	free := addJob(t, st, "no-floor-job-key-0001")
	p.Place(ctx, free)
	if free, _ = st.Job(ctx, free.ID); free.Site != "old" {
		t.Fatalf("without a placement mapping: on %q, want the cheapest site, whatever its protocol", free.Site)
	}
	wf, err := workflows.Parse("train.yaml", []byte(testWorkflow+"placement: {grades: {performance: A}}\n"))
	if err != nil {
		t.Fatal(err)
	}
	ask, _ := askOf(wf)
	refusal, err := p.Refusal(ctx, ask, tokenomics.MustAmount("10"), 0, 0)
	if err != nil || !strings.Contains(refusal, "performance grade C is below the required A") || !strings.Contains(refusal, "no proven performance grade yet (the job requires A or better)") ||
		!strings.Contains(refusal, "1 approved site(s) speak a protocol older than 8, which cannot read the workflow's placement") {
		t.Fatalf("a floor no site meets: %q %v", refusal, err)
	}
}
