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

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/gateway"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/pocp"
	"github.com/petagrid/petagrid/site/client"
	"github.com/petagrid/petagrid/site/runstate"
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

// gridSite starts a site daemon on one test cluster, connected to the gateway. Its nodes are
// scored as EPYC 7763 cores and catalogModel GPUs.
func gridSite(t *testing.T, g *gatewaytest.Grid, name, confVar, gpuType, catalogModel, priceDPS string) (*siteDaemon, string) {
	t.Helper()
	return gridSiteWith(t, g, name, confVar, gpuType, catalogModel, priceDPS, "")
}

// gridSiteWith is gridSite with siteExtra in the site section, and the options configure
// changes.
func gridSiteWith(t *testing.T, g *gatewaytest.Grid, name, confVar, gpuType, catalogModel, priceDPS, siteExtra string, configure ...func(*siteOptions)) (*siteDaemon, string) {
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
    cpu: %s
    gpuModels: {%s: %s}
grid:
  url: %s
  key: %s
  pollWait: 5s
  retryMax: 2s
  updateInterval: 1s
  pricePerComputeHourWei: %q
  localUser: pgalice
`, g.Config.Epochs.Genesis, g.Config.Epochs.Period, gridCPUModel, gpuType, catalogModel, g.URL, keyFile, tokenomics.MustAmount(priceDPS).String())
	opts := siteOptions{confVar: confVar, name: name, gpuTypes: "{" + gpuType + ": gpu}", extra: extra, siteExtra: siteExtra}
	for _, c := range configure {
		c(&opts)
	}
	s := startSite(t, opts)
	return s, keyFile
}

// gridCPUModel is the CPU the grid test's sites declare.
const gridCPUModel = "EPYC-7763"

// pipelineWorkflow is a two-step pipeline: a CPU step, then a step on two GPUs of a type.
func pipelineWorkflow(gpuType string) string {
	return fmt.Sprintf(`version: 1
name: pipeline
resources: {time: 5m, mem: 256M}
steps:
  - name: prep
    resources: {cpusPerTask: 2}
    run: {command: [sh, -c, 'echo prepared; sleep 3']}
  - name: train
    needs: prep
    resources: {gpus: 2, gpuType: %s, cpusPerTask: 2}
    run: {command: [sh, -c, 'echo grid-h-ran; sleep 8']}
`, gpuType)
}

// whitepaper holds the figures the test checks against, computed here from the catalog's
// device indices (whitepaper §3) with the papers' formulas rather than with the code under
// test: Compute Hours (Compute Hours paper §7), GFL = median PFLOPS (whitepaper §3.4, §4),
// DPS rewards = 20 %% of the GFL held × R per 15 days, R = 1/100 in era 0 (whitepaper §5.6),
// for the minute an epoch lasts.
type whitepaper struct {
	t             *testing.T
	cat           *tokenomics.Catalog
	referenceMega *big.Int // the reference system's per-device index
	coreMega      *big.Int // one CPU core's index
}

func newWhitepaper(t *testing.T) whitepaper {
	cat, err := tokenomics.LoadEmbeddedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	w := whitepaper{t: t, cat: cat, referenceMega: new(big.Int).SetUint64(cat.ReferenceScore().PerDeviceMegaFLOPS)}
	w.coreMega = new(big.Int).SetUint64(w.cpuScore(1))
	// The catalog's indices are the one input taken from the code; pinned here, so that a
	// change to the catalog or the index formula shows up as such rather than moving every
	// expected figure along with it.
	for _, c := range []struct {
		what      string
		got, want uint64
	}{
		{"the reference's index", cat.ReferenceScore().PerDeviceMegaFLOPS, 234_975_830},
		{"one H100-SXM5-80GB of four", w.score(tokenomics.DeviceSpec{Model: "H100-SXM5-80GB", Count: big.NewRat(4, 1)}).PerDeviceMegaFLOPS, 531_940_371},
		{"one EPYC-7763 core", w.cpuScore(1), 164_184},
	} {
		if c.got != c.want {
			t.Fatalf("%s is %d MFLOPS in the catalog, the test pins %d", c.what, c.got, c.want)
		}
	}
	return w
}

func (w whitepaper) score(spec tokenomics.DeviceSpec) tokenomics.Score {
	s, err := w.cat.Score(spec)
	if err != nil {
		w.t.Fatal(err)
	}
	return s
}

func (w whitepaper) cpuScore(cores int64) uint64 {
	spec, err := w.cat.CPUSpec(gridCPUModel, cores)
	if err != nil {
		w.t.Fatal(err)
	}
	return w.score(spec).TotalMegaFLOPS
}

// nodeIndex is a test node's computing power: its four GPUs and its cores (one per Slurm CPU).
func (w whitepaper) nodeIndex(model string, cpus int64) uint64 {
	return w.score(tokenomics.DeviceSpec{Model: model, Count: big.NewRat(4, 1)}).TotalMegaFLOPS + w.cpuScore(cpus)
}

// computeHoursMilli: Σ (GPUs × a GPU's index + cores × a core's index) × seconds, over the
// reference's index × 3600, in thousandths, rounded down once.
func (w whitepaper) computeHoursMilli(model string, recs []slurmbridge.AccountingRecord) int64 {
	perGPU := new(big.Int).SetUint64(w.score(tokenomics.DeviceSpec{Model: model, Count: big.NewRat(4, 1)}).PerDeviceMegaFLOPS)
	sum := new(big.Int)
	for _, r := range recs {
		power := new(big.Int).Mul(big.NewInt(slurmbridge.GPUs(r.AllocTRES)), perGPU)
		power.Add(power, new(big.Int).Mul(big.NewInt(tresCPUs(r.AllocTRES)), w.coreMega))
		sum.Add(sum, power.Mul(power, big.NewInt(r.ElapsedSeconds)))
	}
	sum.Mul(sum, big.NewInt(1000))
	return sum.Quo(sum, new(big.Int).Mul(w.referenceMega, big.NewInt(3600))).Int64()
}

// gflWei: 1 GFL = 1 PFLOPS = 10^9 MFLOPS, with 18 decimals.
func gflWei(megaFLOPS uint64) *big.Int {
	return new(big.Int).Mul(new(big.Int).SetUint64(megaFLOPS), big.NewInt(1_000_000_000))
}

// rewardWei: 20 % of the GFL held × R = 1/100 (era 0) per 15 days, for a one-minute epoch.
func rewardWei(megaFLOPS uint64) *big.Int {
	r := new(big.Int).Mul(gflWei(megaFLOPS), big.NewInt(20*60))
	return r.Quo(r, big.NewInt(100*100*15*24*3600))
}

func tresCPUs(list []slurmbridge.TRES) int64 {
	for _, t := range list {
		if t.Type == "cpu" {
			return t.Count
		}
	}
	return 0
}

// TestGridWholePath walks the grid's whole path on one machine and checks the figures at
// every step against Slurm's own accounting and the papers' formulas: two independent Slurm
// clusters (GPUs of type fake on one, h100 on the other), a site daemon beside each connected
// out to one gateway on the embedded chain, the researcher and the operator on the command
// line.
//
//  1. YAML: the researcher submits workflow files with `petagrid submit --gateway --max-cost`;
//     the budget leaves her DPS balance for escrow.
//  2. Placement: each lands on the cluster that has the GPUs it asks for.
//  3. sbatch: each step is a Slurm job on that cluster, named after the run and step, run as
//     the grid's local account, on the partition and with the GPUs the step asked for.
//  4. Accounting: the usage the site reports is sacct's (elapsed, CPU- and GPU-seconds), its
//     Compute Hours the formula's, its cost Compute Hours × the site's price; the researcher
//     gets the rest back, the reward pool gets the cost.
//  5. PoCP: both sites' signed reports of epoch 0: signed by the site's key, median = the
//     node's index, GFL = median; forged, replayed and over-claiming reports are refused.
//  6. Settlement: `petagrid gateway epoch close` mints each site GFL equal to its median and
//     commits rewards of 20 % × GFL × R per 15 days, for the epoch's minute.
//  7. Claim: `petagrid provider claim` pays site-a exactly its reward, once.
//
// On the way: logs relayed, a killed site's queued work placed on the other, a halving
// crossed by moving the chain's time, the dashboard rendered in Chromium.
func TestGridWholePath(t *testing.T) {
	bridgeA := testBridge(t)
	bridgeB := clusterBridge(t, "PETAGRID_TEST_SLURM_CONF_B", "test/cluster/cluster up --name siteb --gpu-type h100")
	if os.Geteuid() != 0 {
		t.Skip("the site daemons run as root (mapped mode)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	bin := siteBinary(t)
	dir := t.TempDir()
	// One-minute epochs starting at the next minute: the daemons observe epoch 0 whole.
	genesis := time.Now().UTC().Truncate(time.Minute).Add(time.Minute)
	g := gatewaytest.StartGrid(t, func(c *gateway.Config) {
		c.Epochs.Genesis = genesis.Format(time.RFC3339)
		c.Epochs.Period = time.Minute
		// Two-minute eras: era 1 begins with the close of epoch 1.
		c.Economy.EraLength = 2 * time.Minute
		c.Sites.OfflineAfter = 10 * time.Second
		c.PoCP.MinCoverage = 0.5
	})
	_, keyA := gridSite(t, g, "site-a", "PETAGRID_TEST_SLURM_CONF", "fake", "A100-SXM4-80GB", "3")
	// site-b prices by grade: 1 DPS a Compute Hour, × 1.2 at energy grade X, which its H100s
	// have by the catalog (protocol 7: it registers the schedule once the gateway says so).
	siteB, _ := gridSiteWith(t, g, "site-b", "PETAGRID_TEST_SLURM_CONF_B", "h100", "H100-SXM5-80GB", "1", "", func(o *siteOptions) {
		o.extra += "  pricesByGrade:\n    energyFactorBps: {X: 12000}\n"
	})
	op, res := g.Client(g.Operator), g.Client(g.Researcher)
	opKey, resKey := filepath.Join(g.Dir, "operator.key"), filepath.Join(g.Dir, "researcher.key")
	cli := gatewayCLI(t, bin, dir, g.URL)
	wp := newWhitepaper(t)

	// Both sites register themselves with their inventory; the operator approves them.
	gatewaytest.WaitFor(t, "both sites registered", time.Minute, func() (bool, error) {
		list, err := op.Providers(ctx)
		return len(list) == 2, err
	})
	listed, err := op.Providers(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range listed {
		cli("gateway", "providers", "approve", p.Name, "--registration", p.RegistrationDigest.Hex(), "--key", opKey)
	}
	// site-b's schedule arrives with its second registration, after its first poll; the
	// gateway prices it at the grades it holds: energy X, nothing reported yet.
	gatewaytest.WaitFor(t, "site-b priced by grade", time.Minute, func() (bool, error) {
		list, err := op.Providers(ctx)
		for _, p := range list {
			if p.Name == "site-b" && p.PriceBasis != "" {
				if p.Grades != "??X" || p.PricePerComputeHourWei != tokenomics.MustAmount("1.2").String() || p.PriceBasis != "base price × 1.2 (energy) at grades ??X" {
					return false, fmt.Errorf("site-b: grades %s, %s wei a Compute Hour (%s)", p.Grades, p.PricePerComputeHourWei, p.PriceBasis)
				}
				return p.Status == store.SiteApproved, nil
			}
		}
		return false, err
	})
	if out := cli("gateway", "providers", "list", "--key", opKey); !strings.Contains(out, "??X") || !strings.Contains(out, "1.2") {
		t.Fatalf("providers list lacks site-b's grades and price:\n%s", out)
	}
	cli("gateway", "fund", res.Address().Hex(), "--dps", "10000", "--eth", "1", "--key", opKey)
	nodeCPUs := func(b *slurmbridge.Bridge) int64 {
		nodes, err := b.Nodes(ctx)
		if err != nil || len(nodes) != 1 {
			t.Fatalf("the test cluster's node: %v %v", nodes, err)
		}
		return nodes[0].CPUs
	}
	nodeA, nodeB := wp.nodeIndex("A100-SXM4-80GB", nodeCPUs(bridgeA)), wp.nodeIndex("H100-SXM5-80GB", nodeCPUs(bridgeB))
	providers, err := op.Providers(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range providers {
		want := map[string]uint64{"site-a": nodeA, "site-b": nodeB}[p.Name]
		if p.Registration.Inventory.CapacityMegaFLOPS != want || p.Registration.Inventory.GPUs != 4 {
			t.Fatalf("%s registered %d MFLOPS and %d GPUs, want %d (4 GPUs and the node's cores by the catalog)", p.Name, p.Registration.Inventory.CapacityMegaFLOPS, p.Registration.Inventory.GPUs, want)
		}
	}
	d := g.Gateway.Deployment()
	balanceBefore, err := d.DPSBalance(ctx, res.Address())
	if err != nil {
		t.Fatal(err)
	}
	poolBefore, err := d.PendingReplenishment(ctx)
	if err != nil {
		t.Fatal(err)
	}

	// 1-2. YAML files submitted on the command line land on the cluster with their GPUs.
	known := filepath.Join(dir, "known_sites.json")
	submit := func(name, workflow, budget string) gatewayapi.Job {
		t.Helper()
		file := filepath.Join(dir, name+".yaml")
		if err := os.WriteFile(file, []byte(workflow), 0o644); err != nil {
			t.Fatal(err)
		}
		var view struct {
			ID string `json:"id"`
		}
		if err := json.Unmarshal([]byte(cli("submit", "--key", resKey, "--known-sites", known, "--max-cost", budget, "-o", "json", file)), &view); err != nil || view.ID == "" {
			t.Fatalf("submit %s: %q %v", name, view.ID, err)
		}
		j, err := res.Job(ctx, view.ID)
		if err != nil {
			t.Fatal(err)
		}
		// The CLI signed the submission, so the sites run the job on the researcher's own
		// authority (here as grid.localUser, the sites not knowing her key).
		if !j.SignedSubmission {
			t.Fatalf("job %s reached the gateway without the researcher's signed submission", j.ID)
		}
		// The budget is in escrow on chain, under the researcher and the job's escrow id.
		esc, err := d.EscrowOf(ctx, res.Address(), ethcommon.HexToHash(j.EscrowID))
		if err != nil || esc.Status == contracts.EscrowNone || esc.MaxAmount.Cmp(tokenomics.MustAmount(budget)) != 0 {
			t.Fatalf("job %s's escrow %s: %+v %v, want %s DPS locked", j.ID, j.EscrowID, esc, err, budget)
		}
		return j
	}
	onH100, onFake := submit("h", pipelineWorkflow("h100"), "100"), submit("f", gridWorkflow("f", "fake"), "100")
	if onH100.Site != "site-b" || onFake.Site != "site-a" {
		t.Fatalf("placement: the h100 job went to %q, the fake-GPU job to %q", onH100.Site, onFake.Site)
	}
	done := func(id string) gatewayapi.Job {
		t.Helper()
		var j gatewayapi.Job
		gatewaytest.WaitFor(t, "job "+id+" settled", 3*time.Minute, func() (bool, error) {
			var err error
			j, err = res.Job(ctx, id)
			return err == nil && j.EscrowState == store.EscrowSettled, err
		})
		return j
	}
	totalCost := new(big.Int)
	for _, c := range []struct {
		id, model string
		bridge    *slurmbridge.Bridge
		price     string
		steps     map[string][2]int64 // step → partition GPUs, CPUs
	}{
		{onH100.ID, "H100-SXM5-80GB", bridgeB, "1.2", map[string][2]int64{"prep": {0, 2}, "train": {2, 2}}},
		{onFake.ID, "A100-SXM4-80GB", bridgeA, "3", map[string][2]int64{"work": {1, 1}}},
	} {
		j := done(c.id)
		if j.State != runstate.Completed || j.Usage == nil || len(j.Steps) != len(c.steps) {
			t.Fatalf("job %s: %s, usage %+v, %d steps", j.ID, j.State, j.Usage, len(j.Steps))
		}
		// 3. Every step is a Slurm job on the site's cluster, as sacct records it.
		var ids []uint32
		for _, s := range j.Steps {
			ids = append(ids, s.JobID)
		}
		recs, err := c.bridge.Accounting(ctx, slurmbridge.AccountingQuery{JobIDs: ids, Start: time.Now().Add(-time.Hour), End: time.Now().Add(time.Minute)})
		if err != nil || len(recs) != len(ids) {
			t.Fatalf("sacct of jobs %v: %v %v", ids, recs, err)
		}
		var elapsed, cpuSeconds, gpuSeconds int64
		for _, r := range recs {
			step, ok := strings.CutPrefix(r.Name, j.ID+".")
			want, known := c.steps[step]
			if !ok || !known || r.User != "pgalice" || r.State != "COMPLETED" {
				t.Fatalf("Slurm job %d: %q by %s, %s", r.JobID, r.Name, r.User, r.State)
			}
			partition := "cpu"
			if want[0] > 0 {
				partition = "gpu"
			}
			if slurmbridge.GPUs(r.AllocTRES) != want[0] || tresCPUs(r.AllocTRES) != want[1] || r.Partition != partition {
				t.Fatalf("step %s ran with %d GPUs and %d CPUs on %s, the workflow asked for %d and %d (partition %s)", step, slurmbridge.GPUs(r.AllocTRES), tresCPUs(r.AllocTRES), r.Partition, want[0], want[1], partition)
			}
			elapsed += r.ElapsedSeconds
			cpuSeconds += tresCPUs(r.AllocTRES) * r.ElapsedSeconds
			gpuSeconds += slurmbridge.GPUs(r.AllocTRES) * r.ElapsedSeconds
		}
		// 4. The usage is sacct's; its Compute Hours the formula's; its cost CH × price.
		u := j.Usage
		if u.ElapsedSeconds != elapsed || u.CPUSeconds != cpuSeconds || u.GPUSeconds != gpuSeconds || gpuSeconds == 0 {
			t.Fatalf("job %s usage %+v, sacct says %d s elapsed, %d CPU-s, %d GPU-s", j.ID, u, elapsed, cpuSeconds, gpuSeconds)
		}
		if want := wp.computeHoursMilli(c.model, recs); u.ComputeHoursMilli != want || want == 0 {
			t.Fatalf("job %s: %d mCH reported, the formula gives %d", j.ID, u.ComputeHoursMilli, want)
		}
		cost := new(big.Int).Mul(tokenomics.MustAmount(c.price), big.NewInt(u.ComputeHoursMilli))
		cost.Quo(cost, big.NewInt(1000))
		if j.CostWei != cost.String() {
			t.Fatalf("job %s cost %s for %d mCH at %s DPS, want %s", j.ID, j.CostWei, u.ComputeHoursMilli, c.price, cost)
		}
		totalCost.Add(totalCost, cost)
	}
	// The escrows paid the costs into the reward pool and gave the researcher the rest back.
	if after, err := d.DPSBalance(ctx, res.Address()); err != nil || new(big.Int).Sub(balanceBefore, after).Cmp(totalCost) != 0 {
		t.Fatalf("the researcher paid %v, the jobs cost %s", new(big.Int).Sub(balanceBefore, after), totalCost)
	}
	if pool, err := d.PendingReplenishment(ctx); err != nil || new(big.Int).Sub(pool, poolBefore).Cmp(totalCost) != 0 {
		t.Fatalf("the reward pool's pending replenishment grew by %v, the jobs cost %s", new(big.Int).Sub(pool, poolBefore), totalCost)
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
	// 5. Each report is signed by its site's key in the gateway's domain, and claims GFL
	// equal to its median in PFLOPS.
	keyOfA, err := reqsign.LoadKeyFile(keyA)
	if err != nil {
		t.Fatal(err)
	}
	var accepted pocp.Report
	for _, r := range reps {
		var rep pocp.Report
		if err := json.Unmarshal([]byte(r.JSON), &rep); err != nil {
			t.Fatal(err)
		}
		signer, err := rep.Verify(g.Gateway.Domain())
		if err != nil || signer.Hex() != providerAddr(t, providers, r.Site) {
			t.Fatalf("%s's report signed by %s (%v), its key is %s", r.Site, signer.Hex(), err, providerAddr(t, providers, r.Site))
		}
		if rep.GFL == nil || (*big.Int)(rep.GFL).Cmp(gflWei(rep.MedianMegaFLOPS)) != 0 || rep.Epoch != 0 || rep.CoveragePPM < 500_000 {
			t.Fatalf("%s's report: epoch %d, GFL %v for a median of %d MFLOPS, coverage %d ppm", r.Site, rep.Epoch, rep.GFL, rep.MedianMegaFLOPS, rep.CoveragePPM)
		}
		if r.Site == "site-a" {
			accepted = rep
		}
	}
	// Forged, replayed and over-claiming reports are refused.
	a := &gatewaytest.Site{T: t, Name: "site-a", Key: keyOfA, URL: g.URL}
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

	// A site killed with work assigned: the work goes to the other site. (Only now, after
	// epoch 0's reports: a site down during the epoch would rightly miss the slots it did
	// not observe, and the medians above assume every slot.)
	siteB.kill()
	// It fits both; site-b is cheaper per GPU-hour (its H100 is worth 2.26 Compute Hours an
	// hour, at 1.2 DPS each against site-a's 3 for one) and still looks online.
	moved := submit("m", gridWorkflow("m", ""), "100")
	if moved.Site != "site-b" {
		t.Fatalf("the any-GPU job went to %q, want the cheaper site-b", moved.Site)
	}
	gatewaytest.WaitFor(t, "the killed site's job placed on site-a", time.Minute, func() (bool, error) {
		j, err := res.Job(ctx, moved.ID)
		return j.Site == "site-a", err
	})
	if j := done(moved.ID); j.State != runstate.Completed || j.Placements != 2 {
		t.Fatalf("re-placed job: %s after %d placements", j.State, j.Placements)
	}
	siteB.start()

	// 6. The operator closes epoch 0: each site holds GFL equal to its median, and the
	// rewards are 20 % of the GFL held × R.
	var sum gatewayapi.EpochSummary
	if err := json.Unmarshal([]byte(cli("gateway", "epoch", "close", "--epoch", "0", "--key", opKey, "-o", "json")), &sum); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"site-a", "site-b"} {
		bal, err := d.GFLBalance(ctx, ethcommon.HexToAddress(providerAddr(t, providers, name)))
		if err != nil || bal.Cmp(gflWei(medians[name])) != 0 {
			t.Fatalf("%s holds %v GFL wei, want its median %s", name, bal, gflWei(medians[name]))
		}
	}
	total := gflWei(nodeA + nodeB)
	wantRewards := new(big.Int).Add(rewardWei(nodeA), rewardWei(nodeB))
	if sum.Epoch != 0 || sum.SupplyAfterWei != total.String() || sum.RewardsTotalWei != wantRewards.String() {
		t.Fatalf("epoch %d: supply %s rewards %s, want %s and %s", sum.Epoch, sum.SupplyAfterWei, sum.RewardsTotalWei, total, wantRewards)
	}
	// 7. site-a claims on the command line: exactly its reward, once.
	addrA := ethcommon.HexToAddress(providerAddr(t, providers, "site-a"))
	dpsBefore, err := d.DPSBalance(ctx, addrA)
	if err != nil {
		t.Fatal(err)
	}
	var claim struct {
		ClaimedWei string `json:"claimedWei"`
	}
	if err := json.Unmarshal([]byte(cli("provider", "claim", "--key", keyA, "-o", "json")), &claim); err != nil || claim.ClaimedWei != rewardWei(nodeA).String() {
		t.Fatalf("site-a claimed %q (%v), its reward is %s", claim.ClaimedWei, err, rewardWei(nodeA))
	}
	if err := json.Unmarshal([]byte(cli("provider", "claim", "--key", keyA, "-o", "json")), &claim); err != nil || claim.ClaimedWei != "0" {
		t.Fatalf("a second claim got %q (%v)", claim.ClaimedWei, err)
	}
	if after, err := d.DPSBalance(ctx, addrA); err != nil || new(big.Int).Sub(after, dpsBefore).Cmp(rewardWei(nodeA)) != 0 {
		t.Fatalf("site-a's DPS balance grew by %v, its reward is %s", new(big.Int).Sub(after, dpsBefore), rewardWei(nodeA))
	}

	// A halving crossed by moving the chain's time past the end of epoch 1, genesis + one era.
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
	if s1.Epoch != 1 || !s1.Halving || s1.EraAfter != 1 || s1.HalvingReason != tokenomics.HalvingTime {
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

func providerAddr(t *testing.T, list []gatewayapi.ProviderView, name string) string {
	t.Helper()
	for _, p := range list {
		if p.Name == name {
			return p.Address
		}
	}
	t.Fatalf("no provider %s", name)
	return ""
}
