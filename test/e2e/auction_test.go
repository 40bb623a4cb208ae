package e2e

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"math/big"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/petagrid/petagrid/gateway"
	"github.com/petagrid/petagrid/gateway/auction"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/test/gatewaytest"
	"github.com/petagrid/petagrid/tokenomics"
)

// TestAuctionOnTheTestClusters: a researcher's workflow asks for a sealed-bid auction. The
// gateway announces it to the two site daemons, one on each test cluster, and to two site
// doubles that misbehave. The daemons commit to their bids (their configured prices:
// north 2 DPS, south 1 DPS a Compute Hour), signed with their site keys, and reveal them
// after the bidding window. One double sends a commitment signed by another key, refused,
// then a commitment after the window, ignored; the other commits to a far lower bid and
// never reveals it, which counts for nothing. south wins, runs the job on the second
// cluster, and the escrow settles at its bid; `petagrid status` shows the auction. It uses
// both clusters: test/run-tests runs it in the grid half.
func TestAuctionOnTheTestClusters(t *testing.T) {
	testBridge(t)
	clusterBridge(t, "PETAGRID_TEST_SLURM_CONF_B", "test/cluster/cluster up --name siteb --gpu-type h100")
	if os.Geteuid() != 0 {
		t.Skip("the site daemons run as root (mapped mode)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	bin := siteBinary(t)
	dir := t.TempDir()
	g := gatewaytest.StartGrid(t, func(c *gateway.Config) { c.Sites.OfflineAfter = 30 * time.Second })
	gridSite(t, g, "north", "PETAGRID_TEST_SLURM_CONF", "fake", "A100-SXM4-80GB", "2")
	gridSite(t, g, "south", "PETAGRID_TEST_SLURM_CONF_B", "h100", "H100-SXM5-80GB", "1")
	op, res := g.Client(g.Operator), g.Client(g.Researcher)
	opKey, resKey := filepath.Join(g.Dir, "operator.key"), filepath.Join(g.Dir, "researcher.key")
	cli := gatewayCLI(t, bin, dir, g.URL)
	gatewaytest.WaitFor(t, "both daemons registered, speaking protocol 9", time.Minute, func() (bool, error) {
		list, err := op.Providers(ctx)
		n := 0
		for _, p := range list {
			if p.Protocol >= protocol.Version {
				n++
			}
		}
		return n == 2, err
	})
	// The doubles speak the protocol by hand: a site that cheats need not run the daemon.
	late, silent := g.NewSite("rogue-late"), g.NewSite("rogue-silent")
	for _, d := range []*gatewaytest.Site{late, silent} {
		d.Protocol = protocol.Version
		d.Register(gatewaytest.Inventory(t, "a100", 4, 1, 1_000_000), tokenomics.MustAmount("5").String())
	}
	listed, err := op.Providers(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range listed {
		cli("gateway", "providers", "approve", p.Name, "--registration", p.RegistrationDigest.Hex(), "--key", opKey)
	}
	cli("gateway", "fund", res.Address().Hex(), "--dps", "1000", "--eth", "1", "--key", opKey)

	file := filepath.Join(dir, "auction.yaml")
	if err := os.WriteFile(file, []byte(gridWorkflow("auctioned", "")+"placement: {mode: auction, window: 10s}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	late.Poll(1)
	silent.Poll(1)
	var view struct {
		ID string `json:"id"`
	}
	out := cli("submit", "--key", resKey, "--known-sites", filepath.Join(dir, "known_sites.json"), "--max-cost", "30", "-o", "json", file)
	if err := json.Unmarshal([]byte(out), &view); err != nil || view.ID == "" {
		t.Fatalf("submit: %q %v", out, err)
	}
	var announced protocol.Auction
	gatewaytest.WaitFor(t, "the auction's announcement", time.Minute, func() (bool, error) {
		resp := silent.Poll(1)
		for _, a := range resp.Auctions {
			if a.Job == view.ID && a.Phase == protocol.PhaseCommit {
				announced = a
				return true, nil
			}
		}
		return false, nil
	})
	bid := func(s *gatewaytest.Site, req protocol.BidRequest) int {
		body, _ := json.Marshal(req)
		var out map[string]any
		return s.Post(protocol.PathBids, body, nil, &out)
	}
	seal := func(key *ecdsa.PrivateKey, site string, price *big.Int) auction.Sealed {
		s, err := auction.Seal(key, "grid-test", announced.ID, site, price, time.Now().Unix())
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	// A commitment signed by another key than the site's is refused.
	other, _ := crypto.GenerateKey()
	forged := seal(other, "rogue-late", big.NewInt(1))
	if code := bid(late, protocol.BidRequest{Commit: &protocol.BidCommit{Auction: announced.ID, Commitment: auction.Hex32(forged.Commitment), Signature: forged.Signature}}); code != http.StatusUnprocessableEntity {
		t.Fatalf("a forged commitment: %d, want 422", code)
	}
	// The silent double commits to 1 wei a Compute Hour and never reveals.
	sealed := seal(silent.Key, "rogue-silent", big.NewInt(1))
	if code := bid(silent, protocol.BidRequest{Commit: &protocol.BidCommit{Auction: announced.ID, Commitment: auction.Hex32(sealed.Commitment), Signature: sealed.Signature}}); code != http.StatusOK {
		t.Fatalf("the silent double's commitment: %d", code)
	}
	// After the bidding window, the late double's commitment is refused and recorded.
	time.Sleep(time.Until(announced.CommitBy.Add(1500 * time.Millisecond)))
	lateBid := seal(late.Key, "rogue-late", big.NewInt(1))
	if code := bid(late, protocol.BidRequest{Commit: &protocol.BidCommit{Auction: announced.ID, Commitment: auction.Hex32(lateBid.Commitment), Signature: lateBid.Signature}}); code != http.StatusConflict {
		t.Fatalf("a late commitment: %d, want 409", code)
	}

	var final gatewayapi.Job
	gatewaytest.WaitFor(t, "the auction decided, the job run on its winner and its escrow settled", 3*time.Minute, func() (bool, error) {
		j, err := res.Job(ctx, view.ID)
		final = j
		return err == nil && j.EscrowState == store.EscrowSettled, err
	})
	if final.Site != "south" || final.State != "completed" || final.PriceWei != tokenomics.MustAmount("1").String() {
		t.Fatalf("the job: on %q, %s, at %s wei a Compute Hour; want completed on south at its bid of 1 DPS (%s)", final.Site, final.State, final.PriceWei, final.Placement)
	}
	if len(final.Auctions) != 1 {
		t.Fatalf("auctions: %+v", final.Auctions)
	}
	a := final.Auctions[0]
	outcomes := map[string]gatewayapi.AuctionBid{}
	for _, b := range a.Bids {
		outcomes[b.Site] = b
	}
	if a.State != gatewayapi.AuctionDecided || a.Winner != "south" || len(a.Bids) != 4 {
		t.Fatalf("the auction: %+v", a)
	}
	if b := outcomes["south"]; b.Outcome != auction.OutcomeWon || b.PriceWei != tokenomics.MustAmount("1").String() {
		t.Errorf("south: %+v", b)
	}
	if b := outcomes["north"]; b.Outcome != auction.OutcomeLost || b.PriceWei != tokenomics.MustAmount("2").String() {
		t.Errorf("north: %+v", b)
	}
	if b := outcomes["rogue-silent"]; b.Outcome != auction.OutcomeUnrevealed || b.PriceWei != "" {
		t.Errorf("the silent double: %+v", b)
	}
	if b := outcomes["rogue-late"]; b.Outcome != auction.OutcomeNoBid || !strings.Contains(b.Refusal, "late commitment") {
		t.Errorf("the late double: %+v", b)
	}
	// The job is billed at the winning bid: its cost is its Compute Hours at 1 DPS.
	cost, err := protocol.ParseWei(final.CostWei)
	if err != nil || final.Usage == nil || cost.Cmp(new(big.Int).Quo(new(big.Int).Mul(big.NewInt(final.Usage.ComputeHoursMilli), tokenomics.MustAmount("1")), big.NewInt(1000))) != 0 {
		t.Errorf("cost %s for %+v at 1 DPS a Compute Hour", final.CostWei, final.Usage)
	}
	status := cli("status", view.ID, "--key", resKey, "--known-sites", filepath.Join(dir, "known_sites.json"))
	for _, want := range []string{"Auction " + a.ID, "south won at 1 DPS a Compute Hour", "never revealed", "late commitment"} {
		if !strings.Contains(status, want) {
			t.Errorf("petagrid status lacks %q:\n%s", want, status)
		}
	}
}
