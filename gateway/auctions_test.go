package gateway_test

import (
	"context"
	"encoding/json"
	"math/big"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/petagrid/petagrid/gateway/auction"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/test/gatewaytest"
	"github.com/petagrid/petagrid/tokenomics"
)

// auctionWorkflow is gpuWorkflow in auction mode, with the shortest bidding window.
const auctionWorkflow = gpuWorkflow + "placement: {mode: auction, window: 5s}\n"

// bidder is a site double that bids as a site daemon does.
type bidder struct {
	site   *gatewaytest.Site
	sealed map[string]auction.Sealed
}

// commit seals a bid of price wei a Compute Hour for the auction and posts its commitment;
// it returns the answer's status code.
func (b *bidder) commit(t *testing.T, a protocol.Auction, priceWei *big.Int, start time.Time) int {
	t.Helper()
	s, err := auction.Seal(b.site.Key, "grid-test", a.ID, b.site.Name, priceWei, start.Unix())
	if err != nil {
		t.Fatal(err)
	}
	b.sealed[a.ID] = s
	return b.post(t, protocol.BidRequest{Commit: &protocol.BidCommit{Auction: a.ID, Commitment: auction.Hex32(s.Commitment), Signature: s.Signature}})
}

// reveal posts the bid sealed for the auction.
func (b *bidder) reveal(t *testing.T, id string) int {
	t.Helper()
	s := b.sealed[id]
	return b.post(t, protocol.BidRequest{Reveal: &protocol.BidReveal{Auction: id, PricePerComputeHour: s.PriceWei.String(), EarliestStartUnix: s.EarliestStartUnix, Salt: auction.Hex32(s.Salt)}})
}

func (b *bidder) post(t *testing.T, req protocol.BidRequest) int {
	t.Helper()
	body, _ := json.Marshal(req)
	var out map[string]any
	return b.site.Post(protocol.PathBids, body, nil, &out)
}

// auctionOf is the one auction of a poll answer.
func auctionOf(t *testing.T, resp protocol.PollResponse, phase string) protocol.Auction {
	t.Helper()
	if len(resp.Auctions) != 1 || resp.Auctions[0].Phase != phase {
		t.Fatalf("want one auction to %s, got %+v", phase, resp.Auctions)
	}
	if err := resp.Auctions[0].Validate(); err != nil {
		t.Fatalf("the announcement: %v", err)
	}
	return resp.Auctions[0]
}

// TestSealedBidAuction runs an auction among four sites at the gateway: the lowest revealed
// price wins and becomes the job's price, while a late commitment, a forged one, an
// unrevealed bid, a reveal that does not open its commitment and a bid over the budget
// count for nothing; the record shows every part, and no price before the decision.
func TestSealedBidAuction(t *testing.T) {
	g := gatewaytest.StartGrid(t)
	ctx := context.Background()
	op, res := g.Client(g.Operator), g.Client(g.Researcher)
	sites := approvedSites(t, g, 1, "site-a", "site-b", "site-c", "site-d", "site-old")
	bidders := map[string]*bidder{}
	for _, s := range sites[:4] {
		s.Protocol = protocol.Version
		bidders[s.Name] = &bidder{site: s, sealed: map[string]auction.Sealed{}}
	}
	sites[4].Protocol = 8
	for _, s := range sites {
		s.Poll(1)
	}
	if err := op.Fund(ctx, res.Address(), "100", "1"); err != nil {
		t.Fatal(err)
	}
	job, _, err := res.Submit(ctx, gatewayapi.SubmitRequest{Workflow: auctionWorkflow, MaxCostWei: tokenomics.MustAmount("5").String()})
	if err != nil {
		t.Fatal(err)
	}
	var announced protocol.Auction
	gatewaytest.WaitFor(t, "the auction's announcement", 10*time.Second, func() (bool, error) {
		resp := sites[0].Poll(1)
		if len(resp.Auctions) == 0 {
			return false, nil
		}
		announced = auctionOf(t, resp, protocol.PhaseCommit)
		return true, nil
	})
	if announced.Job != job.ID || announced.WorstCaseComputeHoursMilli == 0 || len(announced.Steps) != 1 || announced.Steps[0].GPUsPerNode != 2 ||
		announced.MaxCostWei != tokenomics.MustAmount("5").String() || announced.RevealBy.Sub(announced.CommitBy) != 5*time.Second {
		t.Fatalf("announcement: %+v", announced)
	}
	if resp := sites[4].Poll(1); len(resp.Auctions) != 0 {
		t.Fatalf("a site of protocol 8 was invited: %+v", resp.Auctions)
	}
	chm := new(big.Int).SetUint64(announced.WorstCaseComputeHoursMilli)
	// The budget buys at most 5 DPS × 1000 / chm a Compute Hour.
	maxPrice := new(big.Int).Quo(new(big.Int).Mul(tokenomics.MustAmount("5"), big.NewInt(1000)), chm)
	now := g.Now()
	for name, price := range map[string]*big.Int{
		"site-a": tokenomics.MustAmount("0.3"),
		"site-b": tokenomics.MustAmount("0.2"), // lowest, never revealed
		"site-c": tokenomics.MustAmount("0.25"),
		"site-d": new(big.Int).Add(maxPrice, big.NewInt(1)), // over the budget
	} {
		a := auctionOf(t, bidders[name].site.Poll(1), protocol.PhaseCommit)
		if code := bidders[name].commit(t, a, price, now); code != http.StatusOK {
			t.Fatalf("%s's commitment: %d", name, code)
		}
	}
	// The same commitment again is a retry; another is refused.
	if code := bidders["site-a"].post(t, protocol.BidRequest{Commit: &protocol.BidCommit{Auction: announced.ID,
		Commitment: auction.Hex32(bidders["site-a"].sealed[announced.ID].Commitment), Signature: bidders["site-a"].sealed[announced.ID].Signature}}); code != http.StatusOK {
		t.Fatalf("a commitment sent again: %d", code)
	}
	// A forged commitment: signed by another key than site-c's (the request itself is
	// signed by site-c, as a relay or a rogue daemon process could).
	otherKey, _ := crypto.GenerateKey()
	forged, _ := auction.Seal(otherKey, "grid-test", announced.ID, "site-c", big.NewInt(1), now.Unix())
	if code := bidders["site-c"].post(t, protocol.BidRequest{Commit: &protocol.BidCommit{Auction: announced.ID, Commitment: auction.Hex32(forged.Commitment), Signature: forged.Signature}}); code != http.StatusUnprocessableEntity {
		t.Fatalf("a forged commitment: %d, want 422", code)
	}
	// A site that was not invited (its protocol is too old) cannot bid.
	old := &bidder{site: sites[4], sealed: map[string]auction.Sealed{}}
	if code := old.commit(t, announced, big.NewInt(1), now); code != http.StatusNotFound {
		t.Fatalf("an uninvited site's commitment: %d, want 404", code)
	}
	// No reveal before the commitments close: it would tell the gateway a bid early.
	if code := bidders["site-a"].reveal(t, announced.ID); code != http.StatusConflict {
		t.Fatalf("an early reveal: %d, want 409", code)
	}
	// While the auction is open its record shows no price.
	view, err := res.Job(ctx, job.ID)
	if err != nil || len(view.Auctions) != 1 || view.Auctions[0].State != gatewayapi.AuctionOpen || len(view.Auctions[0].Bids) != 4 {
		t.Fatalf("the open auction's record: %+v %v", view.Auctions, err)
	}
	for _, b := range view.Auctions[0].Bids {
		if b.PriceWei != "" || b.Salt != "" {
			t.Fatalf("an open auction shows a bid: %+v", b)
		}
	}

	g.AdvanceClock(6 * time.Second)
	// Another commitment of site-d's is refused (a late first one:
	// TestAuctionWithoutQualifiedBid).
	again := &bidder{site: sites[3], sealed: map[string]auction.Sealed{}}
	if code := again.commit(t, announced, big.NewInt(1), now); code != http.StatusConflict {
		t.Fatalf("a second commitment: %d, want 409", code)
	}
	// site-a reveals; site-c reveals a bid other than the one it sealed, then its own; site-d
	// reveals its bid over the budget; site-b never reveals.
	if code := bidders["site-a"].reveal(t, auctionOf(t, sites[0].Poll(1), protocol.PhaseReveal).ID); code != http.StatusOK {
		t.Fatalf("site-a's reveal: %d", code)
	}
	cheat := bidders["site-c"].sealed[announced.ID]
	if code := bidders["site-c"].post(t, protocol.BidRequest{Reveal: &protocol.BidReveal{Auction: announced.ID, PricePerComputeHour: "1", EarliestStartUnix: cheat.EarliestStartUnix,
		Salt: auction.Hex32(cheat.Salt)}}); code != http.StatusUnprocessableEntity {
		t.Fatalf("a reveal of another price: %d, want 422", code)
	}
	if code := bidders["site-c"].reveal(t, announced.ID); code != http.StatusOK {
		t.Fatalf("site-c's reveal: %d", code)
	}
	if code := bidders["site-d"].reveal(t, announced.ID); code != http.StatusOK {
		t.Fatalf("site-d's reveal: %d", code)
	}
	// site-b has not revealed: the auction waits for the end of the reveal window, and its
	// record still shows no price.
	view, err = res.Job(ctx, job.ID)
	if err != nil || len(view.Auctions) != 1 {
		t.Fatalf("the auction's record during the reveals: %+v %v", view.Auctions, err)
	}
	revealed := 0
	for _, b := range view.Auctions[0].Bids {
		if b.RevealedAt != nil {
			revealed++
		}
		if b.PriceWei != "" || b.Salt != "" || b.EarliestStart != nil {
			t.Fatalf("a revealed bid shows before the decision: %+v", b)
		}
	}
	if view.Auctions[0].State == gatewayapi.AuctionOpen && revealed != 3 {
		t.Fatalf("%d bids revealed, want 3", revealed)
	}
	g.AdvanceClock(5 * time.Second)
	var placed gatewayapi.Job
	gatewaytest.WaitFor(t, "the auction's decision", 10*time.Second, func() (bool, error) {
		j, err := res.Job(ctx, job.ID)
		placed = j
		return j.Site != "", err
	})
	if placed.Site != "site-c" || placed.PriceWei != tokenomics.MustAmount("0.25").String() || !strings.Contains(placed.Placement, "won auction "+announced.ID) {
		t.Fatalf("placed %s at %s: %s", placed.Site, placed.PriceWei, placed.Placement)
	}
	a := placed.Auctions[0]
	if a.State != gatewayapi.AuctionDecided || a.Winner != "site-c" || a.PriceWei != placed.PriceWei {
		t.Fatalf("the decided auction: %+v", a)
	}
	want := map[string]string{"site-a": auction.OutcomeLost, "site-b": auction.OutcomeUnrevealed, "site-c": auction.OutcomeWon, "site-d": auction.OutcomeOverBudget}
	for _, b := range a.Bids {
		if b.Outcome != want[b.Site] {
			t.Errorf("%s: outcome %q, want %q", b.Site, b.Outcome, want[b.Site])
		}
		if b.Site == "site-c" {
			if b.PriceWei != placed.PriceWei || b.Salt == "" || b.Commitment == "" || !strings.Contains(b.Refusal, "the reveal does not open the commitment") {
				t.Errorf("the winner's record: %+v", b)
			}
			// Anyone can check the record: the signature is site-c's over the commitment,
			// which the revealed bid opens.
			c, _ := auction.ParseHex32(b.Commitment)
			salt, _ := auction.ParseHex32(b.Salt)
			price, _ := protocol.ParseWei(b.PriceWei)
			if err := auction.VerifyCommit("grid-test", a.ID, "site-c", c, b.Signature, sites[2].Addr()); err != nil {
				t.Errorf("the record's signature: %v", err)
			}
			if err := auction.CheckReveal(a.ID, "site-c", c, price, b.EarliestStart.Unix(), salt); err != nil {
				t.Errorf("the record's reveal: %v", err)
			}
		}
	}
	// The assignment goes to the winner at its price.
	resp := sites[2].Poll(1)
	if len(resp.Assignments) != 1 || resp.Assignments[0].Job != job.ID {
		t.Fatalf("the winner's assignment: %+v", resp.Assignments)
	}
	// A decided auction takes nothing more.
	if code := bidders["site-b"].reveal(t, announced.ID); code != http.StatusConflict {
		t.Fatalf("a reveal after the decision: %d, want 409", code)
	}
}

// TestAuctionWithoutQualifiedBid: a late commitment and no other bid fail the auction; the
// job waits and a new auction opens a window later.
func TestAuctionWithoutQualifiedBid(t *testing.T) {
	g := gatewaytest.StartGrid(t)
	ctx := context.Background()
	op, res := g.Client(g.Operator), g.Client(g.Researcher)
	site := approvedSites(t, g, 1, "site-e")[0]
	site.Protocol = protocol.Version
	site.Poll(1)
	if err := op.Fund(ctx, res.Address(), "100", "1"); err != nil {
		t.Fatal(err)
	}
	job, _, err := res.Submit(ctx, gatewayapi.SubmitRequest{Workflow: auctionWorkflow, MaxCostWei: tokenomics.MustAmount("5").String()})
	if err != nil {
		t.Fatal(err)
	}
	var first protocol.Auction
	gatewaytest.WaitFor(t, "the auction", 10*time.Second, func() (bool, error) {
		resp := site.Poll(1)
		if len(resp.Auctions) == 1 {
			first = resp.Auctions[0]
		}
		return len(resp.Auctions) == 1, nil
	})
	// An auction just sent does not end the site's next poll at once (a site whose bid
	// failed would otherwise poll in a loop); it comes with the poll's end.
	started := time.Now()
	if resp := site.Poll(2); len(resp.Auctions) != 1 || resp.Auctions[0].ID != first.ID || time.Since(started) < 1500*time.Millisecond {
		t.Fatalf("the poll after the announcement: %+v after %s, want the auction again at the poll's end", resp.Auctions, time.Since(started))
	}
	g.AdvanceClock(6 * time.Second)
	if resp := site.Poll(1); len(resp.Auctions) != 0 {
		t.Fatalf("an auction offered after its bidding window to a site that did not commit: %+v", resp.Auctions)
	}
	b := &bidder{site: site, sealed: map[string]auction.Sealed{}}
	if code := b.commit(t, first, big.NewInt(1), g.Now()); code != http.StatusConflict {
		t.Fatalf("a late commitment: %d, want 409", code)
	}
	gatewaytest.WaitFor(t, "the failed auction", 10*time.Second, func() (bool, error) {
		j, err := res.Job(ctx, job.ID)
		return err == nil && len(j.Auctions) == 1 && j.Auctions[0].State == gatewayapi.AuctionFailed, err
	})
	j, _ := res.Job(ctx, job.ID)
	if j.State != "queued" || !strings.Contains(j.Placement, "no bid qualified: site-e (no bid)") || !strings.Contains(j.Auctions[0].Bids[0].Refusal, "late commitment") {
		t.Fatalf("after a failed auction: %s %q %+v", j.State, j.Placement, j.Auctions[0].Bids)
	}
	g.AdvanceClock(6 * time.Second)
	gatewaytest.WaitFor(t, "the next auction", 10*time.Second, func() (bool, error) {
		resp := site.Poll(1)
		return len(resp.Auctions) == 1 && resp.Auctions[0].ID != first.ID, nil
	})
	// Cancelling the job closes its open auction.
	if _, err := res.Cancel(ctx, job.ID); err != nil {
		t.Fatal(err)
	}
	j, _ = res.Job(ctx, job.ID)
	if len(j.Auctions) != 2 || j.Auctions[0].State != gatewayapi.AuctionFailed || !strings.Contains(j.Auctions[0].Note, "cancelled") {
		t.Fatalf("a cancelled job's auction: %+v", j.Auctions)
	}
	if resp := site.Poll(1); len(resp.Auctions) != 0 {
		t.Fatalf("a cancelled job's auction is still offered: %+v", resp.Auctions)
	}
}

// TestAuctionRefusals: a workflow in auction mode is refused when no site can bid, and its
// refusal names the sites too old to.
func TestAuctionRefusals(t *testing.T) {
	g := gatewaytest.StartGrid(t)
	ctx := context.Background()
	op, res := g.Client(g.Operator), g.Client(g.Researcher)
	site := approvedSites(t, g, 1, "site-f")[0]
	site.Protocol = 8
	site.Poll(1)
	if err := op.Fund(ctx, res.Address(), "100", "1"); err != nil {
		t.Fatal(err)
	}
	_, _, err := res.Submit(ctx, gatewayapi.SubmitRequest{Workflow: auctionWorkflow, MaxCostWei: tokenomics.MustAmount("5").String()})
	if err == nil || !strings.Contains(err.Error(), "1 approved site(s) speak a protocol older than 9, which cannot bid in the auction") {
		t.Fatalf("an auction no site can bid in: %v", err)
	}
	// A protocol 8 parser refuses placement.mode, even posted.
	_, _, err = res.Submit(ctx, gatewayapi.SubmitRequest{Workflow: gpuWorkflow + "placement: {mode: posted}\n", MaxCostWei: tokenomics.MustAmount("5").String()})
	if err == nil || !strings.Contains(err.Error(), "which cannot read the workflow's placement mode") {
		t.Fatalf("placement.mode for a site of protocol 8: %v", err)
	}
	// Only an approved site bids.
	pending := g.NewSite("site-pending")
	pending.Register(gatewaytest.Inventory(t, "a100", 4, 1, referenceNode()), "1")
	b := &bidder{site: pending, sealed: map[string]auction.Sealed{}}
	if code := b.post(t, protocol.BidRequest{Decline: &protocol.BidDecline{Auction: "a-aaaaaaaaaaaaaaaa", Reason: "x"}}); code != http.StatusForbidden {
		t.Fatalf("a pending site's bid: %d, want 403", code)
	}
}

// TestAuctionDecidedOnceEveryBidIsIn: once the commitments are closed and every site that
// committed has revealed, the auction is decided without waiting for the reveal window's
// end; a site that declined is out of it.
func TestAuctionDecidedOnceEveryBidIsIn(t *testing.T) {
	g := gatewaytest.StartGrid(t)
	ctx := context.Background()
	op, res := g.Client(g.Operator), g.Client(g.Researcher)
	sites := approvedSites(t, g, 1, "site-g", "site-h", "site-i")
	for _, s := range sites {
		s.Protocol = protocol.Version
		s.Poll(1)
	}
	if err := op.Fund(ctx, res.Address(), "100", "1"); err != nil {
		t.Fatal(err)
	}
	window := gpuWorkflow + "placement: {mode: auction, window: 20s}\n"
	job, _, err := res.Submit(ctx, gatewayapi.SubmitRequest{Workflow: window, MaxCostWei: tokenomics.MustAmount("5").String()})
	if err != nil {
		t.Fatal(err)
	}
	var announced protocol.Auction
	gatewaytest.WaitFor(t, "the auction", 10*time.Second, func() (bool, error) {
		resp := sites[0].Poll(1)
		if len(resp.Auctions) == 1 {
			announced = resp.Auctions[0]
		}
		return len(resp.Auctions) == 1, nil
	})
	g1, g2 := &bidder{site: sites[0], sealed: map[string]auction.Sealed{}}, &bidder{site: sites[1], sealed: map[string]auction.Sealed{}}
	if g1.commit(t, announced, tokenomics.MustAmount("0.4"), g.Now()) != http.StatusOK || g2.commit(t, announced, tokenomics.MustAmount("0.3"), g.Now()) != http.StatusOK {
		t.Fatal("commitments refused")
	}
	declined := &bidder{site: sites[2], sealed: map[string]auction.Sealed{}}
	if code := declined.post(t, protocol.BidRequest{Decline: &protocol.BidDecline{Auction: announced.ID, Reason: "no idle node"}}); code != http.StatusOK {
		t.Fatalf("a decline: %d", code)
	}
	if resp := sites[2].Poll(1); len(resp.Auctions) != 0 {
		t.Fatalf("a declined auction is announced again: %+v", resp.Auctions)
	}
	if code := declined.commit(t, announced, big.NewInt(1), g.Now()); code != http.StatusConflict {
		t.Fatalf("a commitment after a decline: %d, want 409", code)
	}
	g.AdvanceClock(announced.CommitBy.Sub(g.Now()) + time.Second)
	// The sites keep polling (an offline winner would not be placed).
	for _, s := range sites {
		s.Poll(1)
	}
	if g1.reveal(t, announced.ID) != http.StatusOK || g2.reveal(t, announced.ID) != http.StatusOK {
		t.Fatal("reveals refused")
	}
	var j gatewayapi.Job
	gatewaytest.WaitFor(t, "the decision", 10*time.Second, func() (bool, error) {
		var err error
		j, err = res.Job(ctx, job.ID)
		return err == nil && j.Site != "", err
	})
	a := j.Auctions[0]
	if j.Site != "site-h" || a.DecidedAt == nil || !a.DecidedAt.Before(a.RevealBy) {
		t.Fatalf("decided %v on %s, want site-h before the reveal window's end %s", a.DecidedAt, j.Site, a.RevealBy)
	}
	for _, b := range a.Bids {
		if b.Site == "site-i" && (b.Outcome != auction.OutcomeDeclined+": no idle node" || b.Decline != "no idle node") {
			t.Errorf("the declined bid: %+v", b)
		}
	}
}
