package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	ethcommon "github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/math"

	"github.com/petagrid/petagrid/gateway"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/pocp"
	"github.com/petagrid/petagrid/site/client"
	"github.com/petagrid/petagrid/site/journal"
	"github.com/petagrid/petagrid/slurmbridge"
	"github.com/petagrid/petagrid/test/browser"
	"github.com/petagrid/petagrid/test/gatewaytest"
	"github.com/petagrid/petagrid/tokenomics"
)

// gridWorkflow asks for one GPU of a type ("" for any) and prints a marker.
func gridWorkflow(name, gpuType string) string {
	typ := ""
	if gpuType != "" {
		typ = ", gpuType: " + gpuType
	}
	return fmt.Sprintf(`version: 1
name: %s
resources: {gpus: 1%s, time: 5m, mem: 256M}
steps:
  - name: work
    run: {command: [sh, -c, 'echo grid-%s-ran; sleep 10']}
`, name, typ, name)
}

// gridSite starts a site daemon on one test cluster, connected to the gateway.
func gridSite(t *testing.T, g *gatewaytest.Grid, name, confVar, gpuType, catalogModel, priceDPS string) (*siteDaemon, string) {
	t.Helper()
	keyFile := filepath.Join(t.TempDir(), name+".key")
	if _, err := reqsign.GenerateKeyFile(keyFile); err != nil {
		t.Fatal(err)
	}
	extra := fmt.Sprintf(`pocp:
  genesis: %q
  period: %s
  minCoverage: 0.5
  hardware:
    gpuModels: {%s: %s}
grid:
  url: %s
  key: %s
  pollWait: 5s
  retryMax: 2s
  updateInterval: 1s
  pricePerComputeHourWei: %q
  localUser: pgalice
`, g.Config.Epochs.Genesis, g.Config.Epochs.Period, gpuType, catalogModel, g.URL, keyFile, tokenomics.MustAmount(priceDPS).String())
	s := startSite(t, siteOptions{confVar: confVar, name: name, gpuTypes: "{" + gpuType + ": gpu}", extra: extra})
	return s, keyFile
}

// TestGridTwoClusters is the grid on one machine: two independent Slurm clusters (GPUs of
// type fake on one, h100 on the other), a site daemon beside each connected out to one
// gateway on the embedded chain. Workflows land on the cluster that has the GPUs they ask
// for; escrows are settled from sacct's usage; logs are relayed; a killed site's queued work
// is placed on the other; the sites' own PoCP reports are accepted while forged, replayed and
// over-claiming ones are refused; the epoch's close gives each site GFL equal to its median
// (the node's index from the catalog); a halving is crossed by moving the chain's time; a
// provider claims; the dashboard renders in Chromium.
func TestGridTwoClusters(t *testing.T) {
	bridgeA := testBridge(t)
	bridgeB := clusterBridge(t, "PETAGRID_TEST_SLURM_CONF_B", "test/cluster/cluster up --name siteb --gpu-type h100")
	if os.Geteuid() != 0 {
		t.Skip("the site daemons run as root (mapped mode)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	// One-minute epochs starting at the next minute: the daemons observe epoch 0 whole.
	genesis := time.Now().UTC().Truncate(time.Minute).Add(time.Minute)
	g := gatewaytest.StartGrid(t, func(c *gateway.Config) {
		c.Epochs.Genesis = genesis.Format(time.RFC3339)
		c.Epochs.Period = time.Minute
		c.Economy.EraLength = time.Hour
		c.Sites.OfflineAfter = 10 * time.Second
		c.PoCP.MinCoverage = 0.5
	})
	_, keyA := gridSite(t, g, "site-a", "PETAGRID_TEST_SLURM_CONF", "fake", "A100-SXM4-80GB", "3")
	siteB, _ := gridSite(t, g, "site-b", "PETAGRID_TEST_SLURM_CONF_B", "h100", "H100-SXM5-80GB", "1")
	op, res := g.Client(g.Operator), g.Client(g.Researcher)

	// Both sites register themselves; the operator approves them.
	gatewaytest.WaitFor(t, "both sites registered", time.Minute, func() (bool, error) {
		list, err := op.Providers(ctx)
		return len(list) == 2, err
	})
	for _, s := range []string{"site-a", "site-b"} {
		if _, err := op.SetProviderStatus(ctx, s, true, "e2e"); err != nil {
			t.Fatal(err)
		}
	}
	if err := op.Fund(ctx, res.Address(), "10000", "1"); err != nil {
		t.Fatal(err)
	}
	cat, _ := tokenomics.LoadEmbeddedCatalog()
	score := func(model string) uint64 {
		s, err := cat.Score(tokenomics.DeviceSpec{Model: model, Count: big.NewRat(4, 1)})
		if err != nil {
			t.Fatal(err)
		}
		return s.TotalMegaFLOPS
	}
	nodeA, nodeB := score("A100-SXM4-80GB"), score("H100-SXM5-80GB")
	providers, err := op.Providers(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range providers {
		want := map[string]uint64{"site-a": nodeA, "site-b": nodeB}[p.Name]
		if p.Registration.Inventory.CapacityMegaFLOPS != want || p.Registration.Inventory.GPUs != 4 {
			t.Fatalf("%s registered %d MFLOPS and %d GPUs, want %d (4 GPUs by the catalog)", p.Name, p.Registration.Inventory.CapacityMegaFLOPS, p.Registration.Inventory.GPUs, want)
		}
	}

	// Workflows land on the cluster that has the GPUs they ask for.
	submit := func(name, gpuType, budget string) store.Job {
		t.Helper()
		j, _, err := res.Submit(ctx, gateway.SubmitRequest{Workflow: gridWorkflow(name, gpuType), FileName: name + ".yaml", MaxCostWei: tokenomics.MustAmount(budget).String()})
		if err != nil {
			t.Fatalf("submitting %s: %v", name, err)
		}
		return j
	}
	onH100, onFake := submit("h", "h100", "100"), submit("f", "fake", "100")
	if onH100.Site != "site-b" || onFake.Site != "site-a" {
		t.Fatalf("placement: the h100 job went to %q, the fake-GPU job to %q", onH100.Site, onFake.Site)
	}
	done := func(id string) store.Job {
		t.Helper()
		var j store.Job
		gatewaytest.WaitFor(t, "job "+id+" settled", 3*time.Minute, func() (bool, error) {
			var err error
			j, err = res.Job(ctx, id)
			return err == nil && j.EscrowState == store.EscrowSettled, err
		})
		return j
	}
	for _, c := range []struct {
		id     string
		bridge *slurmbridge.Bridge
		price  string
	}{{onH100.ID, bridgeB, "1"}, {onFake.ID, bridgeA, "3"}} {
		j := done(c.id)
		if j.State != journal.Completed || j.Usage == nil || len(j.Usage.SlurmJobs) != 1 {
			t.Fatalf("job %s: %s, usage %+v", j.ID, j.State, j.Usage)
		}
		// The usage is sacct's: elapsed and GPUs of the Slurm job on its own cluster.
		recs, err := c.bridge.Accounting(ctx, slurmbridge.AccountingQuery{JobIDs: j.Usage.SlurmJobs, Start: time.Now().Add(-time.Hour), End: time.Now().Add(time.Minute)})
		if err != nil || len(recs) != 1 {
			t.Fatalf("sacct of job %v: %v %v", j.Usage.SlurmJobs, recs, err)
		}
		elapsed := recs[0].ElapsedSeconds
		if j.Usage.ElapsedSeconds != elapsed || j.Usage.GPUSeconds != elapsed {
			t.Fatalf("job %s usage %+v, sacct says %d s on 1 GPU", j.ID, j.Usage, elapsed)
		}
		// Cost = Compute Hours × the site's price, charged from the escrow; the rest refunded.
		want := new(big.Int).Mul(tokenomics.MustAmount(c.price), big.NewInt(j.Usage.ComputeHoursMilli))
		want.Quo(want, big.NewInt(1000))
		if j.CostWei != want.String() || j.Usage.ComputeHoursMilli == 0 {
			t.Fatalf("job %s cost %s for %d mCH at %s DPS, want %s", j.ID, j.CostWei, j.Usage.ComputeHoursMilli, c.price, want)
		}
	}
	if pending, _ := g.Gateway.Deployment().PendingReplenishment(ctx); pending.Sign() == 0 {
		t.Fatal("the escrows' costs did not reach the reward pool")
	}
	// Logs are relayed from the site that ran the job.
	sc, err := client.New(g.URL, g.Researcher)
	if err != nil {
		t.Fatal(err)
	}
	var logs strings.Builder
	if err := sc.Logs(ctx, onH100.ID, client.LogOptions{Task: -1}, &logs); err != nil || !strings.Contains(logs.String(), "grid-h-ran") {
		t.Fatalf("relayed logs: %q %v", logs.String(), err)
	}

	// A site killed with work assigned: the work goes to the other site.
	siteB.kill()
	// It fits both; site-b is cheaper per GPU-hour (its H100 is worth more Compute Hours, at a
	// third of the price) and still looks online.
	moved := submit("m", "", "100")
	if moved.Site != "site-b" {
		t.Fatalf("the any-GPU job went to %q, want the cheaper site-b", moved.Site)
	}
	gatewaytest.WaitFor(t, "the killed site's job placed on site-a", time.Minute, func() (bool, error) {
		j, err := res.Job(ctx, moved.ID)
		return j.Site == "site-a", err
	})
	if j := done(moved.ID); j.State != journal.Completed || j.Placements != 2 {
		t.Fatalf("re-placed job: %s after %d placements", j.State, j.Placements)
	}
	siteB.start()

	// Both sites report epoch 0 themselves, a minute after it ends.
	gatewaytest.WaitFor(t, "both sites' reports for epoch 0", 4*time.Minute, func() (bool, error) {
		reps, err := g.Gateway.Store().Reports(ctx, 0, "")
		return len(reps) == 2, err
	})
	reps, _ := g.Gateway.Store().Reports(ctx, 0, "")
	medians := map[string]uint64{}
	for _, r := range reps {
		medians[r.Site] = r.MedianMFLOPS
	}
	if medians["site-a"] != nodeA || medians["site-b"] != nodeB {
		t.Fatalf("medians %v, want the nodes' index %d and %d (every slot available)", medians, nodeA, nodeB)
	}
	// Forged, replayed and over-claiming reports are refused.
	keyOfA, err := reqsign.LoadKeyFile(keyA)
	if err != nil {
		t.Fatal(err)
	}
	a := &gatewaytest.Site{T: t, Name: "site-a", Key: keyOfA, URL: g.URL}
	var accepted pocp.Report
	for _, r := range reps {
		if r.Site == "site-a" {
			if err := json.Unmarshal([]byte(r.JSON), &accepted); err != nil {
				t.Fatal(err)
			}
		}
	}
	if code, _ := a.SendReport(&accepted); code != http.StatusOK {
		t.Fatalf("the accepted report sent again: %d", code)
	}
	forged := accepted
	if err := forged.Sign(g.Gateway.Domain(), g.Researcher); err != nil {
		t.Fatal(err)
	}
	if code, ans := a.SendReport(&forged); code != http.StatusForbidden {
		t.Fatalf("a report signed by another key: %d %+v", code, ans)
	}
	replayed := accepted
	replayed.MedianMegaFLOPS--
	gfl := math.HexOrDecimal256(*pocp.GFLWei(replayed.MedianMegaFLOPS))
	replayed.GFL = &gfl
	if err := replayed.Sign(g.Gateway.Domain(), keyOfA); err != nil {
		t.Fatal(err)
	}
	if code, ans := a.SendReport(&replayed); code != http.StatusConflict {
		t.Fatalf("a second report for epoch 0: %d %+v", code, ans)
	}

	// Epoch 0 closes: each site holds GFL equal to its median.
	sum, err := op.CloseEpoch(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	d := g.Gateway.Deployment()
	for name, addr := range map[string]string{"site-a": providerAddr(t, providers, "site-a"), "site-b": providerAddr(t, providers, "site-b")} {
		bal, err := d.GFLBalance(ctx, ethcommon.HexToAddress(addr))
		want := tokenomics.GFLFromMegaFLOPS(medians[name])
		if err != nil || bal.Cmp(want) != 0 {
			t.Fatalf("%s holds %v GFL wei, want its median %s", name, bal, want)
		}
	}
	// Rewards: 20 % of the GFL held × R (1/100) at era 0.
	total := tokenomics.GFLFromMegaFLOPS(nodeA + nodeB)
	wantRewards := new(big.Int).Quo(new(big.Int).Mul(tokenomics.GFLFromMegaFLOPS(nodeA), big.NewInt(2000)), big.NewInt(1_000_000))
	wantRewards.Add(wantRewards, new(big.Int).Quo(new(big.Int).Mul(tokenomics.GFLFromMegaFLOPS(nodeB), big.NewInt(2000)), big.NewInt(1_000_000)))
	if sum.SupplyAfterWei != total.String() || sum.RewardsTotalWei != wantRewards.String() {
		t.Fatalf("epoch 0: supply %s rewards %s, want %s and %s", sum.SupplyAfterWei, sum.RewardsTotalWei, total, wantRewards)
	}
	got, _, err := g.Client(keyOfA).Claim(ctx)
	if err != nil || got.Sign() <= 0 {
		t.Fatalf("site-a's claim: %v %v", got, err)
	}

	// A halving crossed by moving the chain's time past the one-hour era.
	if err := g.Gateway.DevChain().AdjustTime(time.Hour); err != nil {
		t.Fatal(err)
	}
	over := gatewaytest.Report(t, g, a, 30, 3*nodeA, 1, 0) // epoch 30 is over by the chain's clock
	if code, ans := a.SendReport(over); code != http.StatusUnprocessableEntity || !strings.Contains(strings.Join(ans.Reasons, " "), "capacity") {
		t.Fatalf("an over-claiming report: %d %+v", code, ans)
	}
	s1, err := op.CloseEpoch(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s1.Epoch != 1 || !s1.Halving || s1.EraAfter != 1 {
		t.Fatalf("epoch 1 after an hour: %+v", s1)
	}

	// The dashboard, as a browser renders it.
	browser.Require(t)
	dom, err := browser.DumpDOM(ctx, g.URL+"/")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"site-a", "site-b", "grid-test"} {
		if !strings.Contains(dom, want) {
			t.Errorf("the dashboard does not show %q", want)
		}
	}
	shot := filepath.Join(t.TempDir(), "dashboard.png")
	if err := browser.Screenshot(ctx, g.URL+"/", shot, 1400, 2000); err != nil {
		t.Fatal(err)
	}
	if err := browser.CheckPNG(shot, 1400, 2000); err != nil {
		t.Fatal(err)
	}
	if dir := os.Getenv("PETAGRID_SCREENSHOT_DIR"); dir != "" {
		if data, err := os.ReadFile(shot); err == nil {
			_ = os.MkdirAll(dir, 0o755)
			_ = os.WriteFile(filepath.Join(dir, "grid-dashboard.png"), data, 0o644)
		}
	}
}

func providerAddr(t *testing.T, list []gateway.ProviderView, name string) string {
	t.Helper()
	for _, p := range list {
		if p.Name == name {
			return p.Address
		}
	}
	t.Fatalf("no provider %s", name)
	return ""
}
