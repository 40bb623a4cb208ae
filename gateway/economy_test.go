package gateway_test

import (
	"context"
	"database/sql"
	"fmt"
	"math/big"
	"net/http"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/gateway"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/pocp"
	"github.com/petagrid/petagrid/test/gatewaytest"
	"github.com/petagrid/petagrid/tokenomics"
)

// endEpoch moves the chain's clock past the end of epoch.
func endEpoch(t *testing.T, g *gatewaytest.Grid, epoch uint64) {
	t.Helper()
	ctx := context.Background()
	_, end, err := pocp.Calendar{Genesis: g.Genesis, PeriodSeconds: int64(g.Config.Epochs.Period / time.Second)}.Period(epoch)
	if err != nil {
		t.Fatal(err)
	}
	now, err := g.Gateway.Deployment().Chain.Now(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if now.Before(end) {
		if err := g.Gateway.DevChain().AdjustTime(end.Sub(now) + 2*time.Second); err != nil {
			t.Fatal(err)
		}
	}
}

// referenceNode is the computing power index of a node of four reference GPUs.
func referenceNode() uint64 {
	cat, _ := tokenomics.LoadEmbeddedCatalog()
	return 4 * cat.ReferenceScore().PerDeviceMegaFLOPS
}

// approvedSites registers sites of nodes reference nodes each, and approves them as an
// operator does.
func approvedSites(t *testing.T, g *gatewaytest.Grid, nodes int, names ...string) []*gatewaytest.Site {
	t.Helper()
	var out []*gatewaytest.Site
	for _, name := range names {
		s := g.NewSite(name)
		s.Register(gatewaytest.Inventory(t, "a100", 4, nodes, referenceNode()), "1")
		if _, err := gatewaytest.ApproveListed(context.Background(), g.Client(g.Operator), name, ""); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

// TestApprovalNamesTheRegistration: an operator reviews a pending site's registration, the site
// then re-registers with four times the capacity, and the operator's approval of what was
// reviewed must not admit the new one. Before, the approval admitted whatever was registered
// when it arrived.
func TestApprovalNamesTheRegistration(t *testing.T) {
	g := gatewaytest.StartGrid(t)
	ctx := context.Background()
	op := g.Client(g.Operator)
	node := referenceNode()
	site := g.NewSite("swapper")
	site.Register(gatewaytest.Inventory(t, "a100", 4, 1, node), "1")
	list, err := op.Providers(ctx)
	if err != nil || len(list) != 1 {
		t.Fatalf("providers: %+v %v", list, err)
	}
	reviewed := list[0].RegistrationDigest
	if reviewed == (common.Hash{}) || reviewed != common.Hash(list[0].Registration.Digest()) {
		t.Fatalf("the listed digest %s is not the registration's", reviewed.Hex())
	}
	// Between the review and the click, the site registers four nodes.
	if code := site.Register(gatewaytest.Inventory(t, "a100", 4, 4, node), "1"); code != http.StatusOK {
		t.Fatalf("re-registration: %d", code)
	}
	_, err = op.ApproveProvider(ctx, "swapper", reviewed, "reviewed one node")
	if err == nil || !strings.Contains(err.Error(), "review it again") || !strings.Contains(err.Error(), "409") {
		t.Fatalf("approving a registration the site no longer has: %v", err)
	}
	if p, err := g.Gateway.Deployment().Provider(ctx, site.Addr()); err != nil || p.Status != contracts.ProviderUnknown {
		t.Fatalf("the registry admitted the site anyway: %+v %v", p, err)
	}
	// An approval without a registration is refused outright.
	if _, err := op.ApproveProvider(ctx, "swapper", common.Hash{}, ""); err == nil {
		t.Fatal("an approval naming no registration was accepted")
	}
	// The operator reviews the new registration and approves it: the chain admits exactly it.
	list, _ = op.Providers(ctx)
	if _, err := op.ApproveProvider(ctx, "swapper", list[0].RegistrationDigest, "reviewed four nodes"); err != nil {
		t.Fatal(err)
	}
	p, err := g.Gateway.Deployment().Provider(ctx, site.Addr())
	if err != nil || p.Status != contracts.ProviderAdmitted || p.CapacityMegaFLOPS != 4*node || p.Registration != list[0].RegistrationDigest {
		t.Fatalf("registry: %+v %v (want 4 nodes' capacity and digest %s)", p, err, list[0].RegistrationDigest.Hex())
	}
	if list, _ = op.Providers(ctx); list[0].Admitted != list[0].RegistrationDigest {
		t.Errorf("the list shows admitted %s, registered %s", list[0].Admitted.Hex(), list[0].RegistrationDigest.Hex())
	}
}

// TestRegistrationDigestIgnoresLiveCounts: nodes going idle or busy change no digest; a node
// more does.
func TestRegistrationDigestIgnoresLiveCounts(t *testing.T) {
	inv := gatewaytest.Inventory(t, "a100", 4, 2, 1000)
	reg := protocol.Registration{Site: "s", Inventory: inv}
	busy := reg
	busy.Inventory.Partitions = append([]protocol.Partition(nil), inv.Partitions...)
	busy.Inventory.Partitions[0].Shapes = append([]protocol.NodeShape(nil), inv.Partitions[0].Shapes...)
	busy.Inventory.Partitions[0].Shapes[0].Idle = 0
	busy.Inventory.Partitions[0].Shapes[0].Available = 1
	if reg.Digest() != busy.Digest() {
		t.Error("a live count changed the digest")
	}
	bigger := protocol.Registration{Site: "s", Inventory: gatewaytest.Inventory(t, "a100", 4, 3, 1000)}
	if reg.Digest() == bigger.Digest() {
		t.Error("a node more left the digest unchanged")
	}
	if other := (protocol.Registration{Site: "t", Inventory: inv}); other.Digest() == reg.Digest() {
		t.Error("another site's registration has the same digest")
	}
}

// TestReliabilityGradeFromNodeUptime: two fully sampled sites, one whose nodes are down one
// slot in ten. Before, both graded 1 (the grade read the sampler's coverage); now the flaky
// one proves 90 % uptime and grades 4, the steady one 1.
func TestReliabilityGradeFromNodeUptime(t *testing.T) {
	g := gatewaytest.StartGrid(t)
	ctx := context.Background()
	node := referenceNode()
	sites := approvedSites(t, g, 2, "steady", "flaky")
	steady, flaky := sites[0], sites[1]
	endEpoch(t, g, 0)
	if code, ans := steady.SendReport(gatewaytest.Report(t, g, steady, 0, node, 2, 0)); code != http.StatusCreated {
		t.Fatalf("steady report: %d %+v", code, ans)
	}
	down := func(n, slot int) bool { return (slot+n*5)%10 == 0 } // 10 %, never both nodes at once
	report := gatewaytest.ReportDown(t, g, flaky, 0, node, 2, 0, down)
	if report.CoveragePPM != 1_000_000 || report.ProvenUptimePPM() != 900_000 {
		t.Fatalf("the flaky report: coverage %d ppm, proven uptime %d ppm; want 1000000 and 900000", report.CoveragePPM, report.ProvenUptimePPM())
	}
	if code, ans := flaky.SendReport(report); code != http.StatusCreated {
		t.Fatalf("flaky report: %d %+v", code, ans)
	}
	snap, err := g.Gateway.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	grades := map[string]int{}
	for _, p := range snap.Providers {
		grades[p.Site] = p.ReliabilityGrade
	}
	if grades["steady"] != 1 || grades["flaky"] != 4 {
		t.Fatalf("reliability grades %v, want steady 1 and flaky 4", grades)
	}
}

// TestEpochSummaryFromChain: a settled epoch's era and halving are what the chain recorded.
// The test corrupts the gateway's own computation of the epoch: before, the summary showed
// it; now it shows the chain's record.
func TestEpochSummaryFromChain(t *testing.T) {
	g := gatewaytest.StartGrid(t, func(c *gateway.Config) { c.Economy.EraLength = time.Hour })
	ctx := context.Background()
	op := g.Client(g.Operator)
	endEpoch(t, g, 0)
	sum, err := op.CloseEpoch(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !sum.Halving || sum.EraAfter != 1 || sum.HalvingReason != tokenomics.HalvingTime || sum.RewardEra != 0 {
		t.Fatalf("epoch 0 of one-hour eras: %+v", sum)
	}
	st, _ := g.Gateway.Deployment().State(ctx)
	if st.Era != sum.EraAfter {
		t.Fatalf("chain era %d, summary %d", st.Era, sum.EraAfter)
	}
	g.Stop()
	db, err := sql.Open("sqlite3", g.Config.State)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE epochs SET result = json_set(result, '$.eraAfter', 7, '$.halvingReason', 'threshold') WHERE epoch = 0`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	g.Start()
	eps, err := g.Client(g.Operator).Epochs(ctx)
	if err != nil || len(eps) != 1 {
		t.Fatalf("epochs: %+v %v", eps, err)
	}
	if eps[0].EraAfter != 1 || eps[0].HalvingReason != tokenomics.HalvingTime {
		t.Fatalf("the summary shows era %d by %q, the chain recorded era 1 by time", eps[0].EraAfter, eps[0].HalvingReason)
	}
}

// TestEnvironmentalFactorsFromConfiguration: factors are off by default and cannot be given
// without enabling them; enabled at deployment, the configuration's factor reaches the chain
// and a site's GFL is its median × its factor, as tokenomics computes it.
func TestEnvironmentalFactorsFromConfiguration(t *testing.T) {
	base := gatewaytest.StartGrid(t).Config
	bad := base
	bad.Economy.EnvironmentalFactors.Sites = map[string]string{"green": "1.1"}
	if err := bad.WithDefaults().Validate(); err == nil || !strings.Contains(err.Error(), "enabled: true") {
		t.Fatalf("factors without enabling them: %v", err)
	}
	for _, v := range []string{"0", "2.0001", "1.12345", "-1", "1e0", "x"} {
		bad.Economy.EnvironmentalFactors = gateway.EnvironmentalFactorsConfig{Enabled: true, Sites: map[string]string{"green": v}}
		if err := bad.WithDefaults().Validate(); err == nil {
			t.Errorf("factor %q accepted", v)
		}
	}

	g := gatewaytest.StartGrid(t, func(c *gateway.Config) {
		c.Economy.EnvironmentalFactors = gateway.EnvironmentalFactorsConfig{Enabled: true, Sites: map[string]string{"green": "1.1"}}
	})
	ctx := context.Background()
	op := g.Client(g.Operator)
	node := referenceNode()
	sites := approvedSites(t, g, 1, "green", "plain")
	green, plain := sites[0], sites[1]
	endEpoch(t, g, 0)
	for _, s := range []*gatewaytest.Site{green, plain} {
		if code, ans := s.SendReport(gatewaytest.Report(t, g, s, 0, node, 1, 0)); code != http.StatusCreated {
			t.Fatalf("%s report: %d %+v", s.Name, code, ans)
		}
	}
	if _, err := op.CloseEpoch(ctx, nil); err != nil {
		t.Fatal(err)
	}
	median := tokenomics.GFLFromMegaFLOPS(node)
	want := map[string]*big.Int{"green": new(big.Int).Div(new(big.Int).Mul(median, big.NewInt(11_000)), big.NewInt(10_000)), "plain": median}
	for _, s := range []*gatewaytest.Site{green, plain} {
		bal, err := g.Gateway.Deployment().GFLBalance(ctx, s.Addr())
		if err != nil || bal.Cmp(want[s.Name]) != 0 {
			t.Errorf("GFL of %s: %s, want %s (%v)", s.Name, bal, want[s.Name], err)
		}
	}
	// Enabled is fixed at deployment: a restart that turns it off is refused.
	g.Stop()
	off := g.Config
	off.Economy.EnvironmentalFactors = gateway.EnvironmentalFactorsConfig{}
	if _, err := gateway.New(ctx, off, gateway.Options{}); err == nil || !strings.Contains(err.Error(), "environmental factors") {
		t.Fatalf("restart with environmental factors off: %v", err)
	}
}

// TestRegistryWaitsForAnInterruptedSettlement: while an epoch's settlement is recorded but
// not sent (a close a crash interrupted), the provider registry does not change: an
// approval or a suspension is refused with 409, and a site registering less capacity keeps
// the capacity the registry admitted, since the recorded medians were checked against it.
func TestRegistryWaitsForAnInterruptedSettlement(t *testing.T) {
	g := gatewaytest.StartGrid(t)
	ctx := context.Background()
	op := g.Client(g.Operator)
	node := referenceNode()
	site := approvedSites(t, g, 2, "steady")[0]
	pending := g.NewSite("newcomer")
	pending.Register(gatewaytest.Inventory(t, "a100", 4, 1, node), "1")
	g.Stop()
	db, err := sql.Open("sqlite3", g.Config.State)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO epochs(epoch, status, settlement, result, rewards, computed_at) VALUES (0, 'computed', '{}', '{}', '{}', 0)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	g.Start()
	op, site.URL = g.Client(g.Operator), g.URL
	if _, err := op.SuspendProvider(ctx, "steady", "maintenance"); err == nil || !strings.Contains(err.Error(), "409") || !strings.Contains(err.Error(), "settlement is in progress") {
		t.Fatalf("suspension during a settlement: %v", err)
	}
	if _, err := gatewaytest.ApproveListed(ctx, op, "newcomer", ""); err == nil || !strings.Contains(err.Error(), "409") {
		t.Fatalf("approval during a settlement: %v", err)
	}
	if code := site.Register(gatewaytest.Inventory(t, "a100", 4, 1, node), "1"); code != http.StatusOK {
		t.Fatalf("re-registration during a settlement: %d", code)
	}
	if p, err := g.Gateway.Deployment().Provider(ctx, site.Addr()); err != nil || p.Status != contracts.ProviderAdmitted || p.CapacityMegaFLOPS != 2*node {
		t.Fatalf("registry during a settlement: %+v %v (want the admitted %d MFLOPS)", p, err, 2*node)
	}
}

// TestApprovalNeedsStake: with a stake per PFLOPS configured, an approval waits for the
// provider's bonded stake (409, saying what is missing), the site stakes through the
// gateway's relay, and the approval then admits it; the staking parameters are checked when
// read and cannot change after deployment.
func TestApprovalNeedsStake(t *testing.T) {
	for name, mod := range map[string]func(*gateway.StakingConfig){
		"unbonding shorter than two epochs": func(s *gateway.StakingConfig) { s.Unbonding = 2*time.Hour - time.Second },
		"fraction below 0.0001":             func(s *gateway.StakingConfig) { s.SlashFractions.FailedChallenge = 0.00001 },
		"fraction over 1":                   func(s *gateway.StakingConfig) { s.SlashFractions.DuplicateIdentity = 1.5 },
		"negative stake":                    func(s *gateway.StakingConfig) { s.PerPetaFLOPS = "-1" },
		"not an amount":                     func(s *gateway.StakingConfig) { s.PerPetaFLOPS = "lots" },
	} {
		c := gateway.Config{Epochs: gateway.EpochsConfig{Period: time.Hour}}
		mod(&c.Economy.Staking)
		if err := c.WithDefaults().Validate(); err == nil || !strings.Contains(err.Error(), "gateway.economy.staking") {
			t.Errorf("%s: %v", name, err)
		}
	}

	g := gatewaytest.StartGrid(t, func(c *gateway.Config) {
		c.Economy.Staking = gateway.StakingConfig{PerPetaFLOPS: "100", Unbonding: 2 * time.Hour}
	})
	ctx := context.Background()
	op := g.Client(g.Operator)
	node := referenceNode()
	site := g.NewSite("staked")
	site.Register(gatewaytest.Inventory(t, "a100", 4, 1, node), "1")
	required, err := g.Gateway.Deployment().RequiredStake(ctx, node)
	if err != nil || required.Sign() <= 0 {
		t.Fatalf("required stake: %v %v", required, err)
	}
	_, err = gatewaytest.ApproveListed(ctx, op, "staked", "")
	if err == nil || !strings.Contains(err.Error(), "409") || !strings.Contains(err.Error(), "0 DPS bonded") || !strings.Contains(err.Error(), tokenomics.FormatAmount(required)) {
		t.Fatalf("approval without stake: %v", err)
	}
	if err := op.Fund(ctx, site.Addr(), "1000", "1"); err != nil {
		t.Fatal(err)
	}
	provider := g.Client(site.Key)
	short := new(big.Int).Sub(required, big.NewInt(1))
	if s, err := provider.Stake(ctx, short); err != nil || s.BondedWei.Cmp(short) != 0 {
		t.Fatalf("staking %s: %+v %v", short, s, err)
	}
	if _, err := gatewaytest.ApproveListed(ctx, op, "staked", ""); err == nil || !strings.Contains(err.Error(), "409") {
		t.Fatalf("approval one wei short: %v", err)
	}
	if _, err := provider.Stake(ctx, big.NewInt(1)); err != nil {
		t.Fatal(err)
	}
	if s, err := gatewaytest.ApproveListed(ctx, op, "staked", ""); err != nil || s.Status != store.SiteApproved {
		t.Fatalf("approval with the stake: %+v %v", s, err)
	}
	// What the approved capacity needs stays bonded.
	if _, err := provider.Unbond(ctx, big.NewInt(1)); err == nil || !strings.Contains(err.Error(), "StakeStillNeeded") {
		t.Fatalf("unbonding the needed stake: %v", err)
	}
	// A slash (the gateway's, for a failed challenge) reaches the reward pool with the next
	// close.
	gatewayKey, err := reqsign.LoadKeyFile(filepath.Join(g.Dir, "gateway.key"))
	if err != nil {
		t.Fatal(err)
	}
	d := g.Gateway.Deployment()
	slashed, err := d.Slash(ctx, gatewayKey, site.Addr(), contracts.SlashFailedChallenge, common.HexToHash("0xc4a11e96e"))
	if err != nil || slashed.Sign() <= 0 {
		t.Fatalf("slashing: %v %v", slashed, err)
	}
	if totals, err := d.SlashedTotals(ctx); err != nil || totals.PendingWei.Cmp(slashed) != 0 {
		t.Fatalf("before the close: %+v %v", totals, err)
	}
	endEpoch(t, g, 0)
	if _, err := op.CloseEpoch(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if totals, err := d.SlashedTotals(ctx); err != nil || totals.PendingWei.Sign() != 0 || totals.PaidToPoolWei.Cmp(slashed) != 0 {
		t.Fatalf("after the close: %+v %v (slashed %s)", totals, err, slashed)
	}
	// The dashboard shows the stake, what was slashed from it, and the grid's total.
	snap, err := op.Dashboard(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if snap.Economy.SlashedWei != slashed.String() || len(snap.Providers) != 1 || snap.Providers[0].StakeSlashedWei != slashed.String() ||
		snap.Providers[0].StakeBondedWei != new(big.Int).Sub(required, slashed).String() {
		t.Fatalf("dashboard: economy slashed %s, providers %+v (slashed %s of %s)", snap.Economy.SlashedWei, snap.Providers, slashed, required)
	}
	// The staking parameters are fixed at deployment.
	g.Stop()
	changed := g.Config
	changed.Economy.Staking.PerPetaFLOPS = "50"
	if _, err := gateway.New(ctx, changed, gateway.Options{}); err == nil || !strings.Contains(err.Error(), "staking") {
		t.Fatalf("restart with another stake per PFLOPS: %v", err)
	}
}

// TestSharedDevicesBlockApproval: the first site admitted with a GPU holds it. A site that
// registers it later is flagged (provider list, dashboard) and not approved; it cannot block
// the holder, pending or not; an approved site that swaps in a held GPU is pending again;
// and a UUID has one spelling.
func TestSharedDevicesBlockApproval(t *testing.T) {
	g := gatewaytest.StartGrid(t)
	ctx := context.Background()
	op := g.Client(g.Operator)
	node := referenceNode()
	uuid := func(i int) string { return fmt.Sprintf("GPU-5ea7e000-0000-4000-8000-%012d", i) }
	inventory := func(s *gatewaytest.Site, uuids ...string) protocol.Inventory {
		inv := gatewaytest.Inventory(t, "a100", 4, 1, node)
		for _, u := range uuids {
			inv.Devices = append(inv.Devices, protocol.DeviceIdentity{Node: s.Name + "-n1", UUID: u})
		}
		return inv
	}
	register := func(s *gatewaytest.Site, ids ...int) {
		t.Helper()
		var uuids []string
		for _, i := range ids {
			uuids = append(uuids, uuid(i))
		}
		if code := s.Register(inventory(s, uuids...), "1"); code != http.StatusCreated && code != http.StatusOK {
			t.Fatalf("%s registration: %d", s.Name, code)
		}
	}
	honest, copier := g.NewSite("honest"), g.NewSite("copier")
	register(honest, 1, 2, 3, 4)
	register(copier, 4, 5, 6, 7)
	// A pending site naming another's GPU cannot block it: the first approved holds them.
	if s, err := gatewaytest.ApproveListed(ctx, op, "honest", ""); err != nil || s.Status != store.SiteApproved {
		t.Fatalf("approving the first holder: %+v %v", s, err)
	}
	refused := func(what string) {
		t.Helper()
		_, err := gatewaytest.ApproveListed(ctx, op, "copier", "")
		if err == nil || !strings.Contains(err.Error(), "409") || !strings.Contains(err.Error(), "registers 1 GPUs that honest registered first") ||
			!strings.Contains(err.Error(), strings.ToUpper(uuid(4))[:12]) && !strings.Contains(err.Error(), strings.ToUpper(uuid(1))[:12]) {
			t.Fatalf("%s: %v", what, err)
		}
	}
	refused("approving a site with a held GPU")
	list, err := op.Providers(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range list {
		switch {
		case p.Name == "honest" && p.SharedDevices != nil:
			t.Errorf("the holder is flagged: %+v", p.SharedDevices)
		case p.Name == "copier" && (p.SharedDevices == nil || p.SharedDevices.Count != 1 || !reflect.DeepEqual(p.SharedDevices.Sites, []string{"honest"}) ||
			p.SharedDevices.FirstUUID != strings.ToUpper(uuid(4))):
			t.Errorf("copier lists %+v", p.SharedDevices)
		}
	}
	snap, err := op.Dashboard(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range snap.Providers {
		if want := map[string]int{"copier": 1}[p.Site]; p.SharedDevices != want {
			t.Errorf("dashboard: %s shares %d devices with %v, want %d", p.Site, p.SharedDevices, p.SharesDevicesWith, want)
		}
	}
	// Its own GPUs only: approved.
	register(copier, 5, 6, 7, 8)
	if s, err := gatewaytest.ApproveListed(ctx, op, "copier", ""); err != nil || s.Status != store.SiteApproved {
		t.Fatalf("approving copier with its own GPUs: %+v %v", s, err)
	}
	// Approved, it swaps in a held GPU: pending again, and refused.
	register(copier, 1, 6, 7, 8)
	if s, err := g.Gateway.Store().Site(ctx, "copier"); err != nil || s.Status != store.SitePending || !strings.Contains(s.StatusReason, "1 GPUs it was not approved with") {
		t.Fatalf("an approved site that swapped in a held GPU: %+v %v", s, err)
	}
	refused("re-approving after the swap")
	// One spelling per UUID, and no more devices than GPUs.
	for name, inv := range map[string]protocol.Inventory{
		"dashes removed": inventory(copier, strings.ReplaceAll(uuid(1), "-", "")),
		"trailing dash":  inventory(copier, uuid(1)+"-"),
		"five for four":  inventory(copier, uuid(11), uuid(12), uuid(13), uuid(14), uuid(15)),
	} {
		if code := copier.Register(inv, "1"); code != http.StatusUnprocessableEntity {
			t.Errorf("%s: registration answered %d", name, code)
		}
	}
}
