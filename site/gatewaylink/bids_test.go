package gatewaylink

import (
	"context"
	"errors"
	"math/big"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/petagrid/petagrid/gateway/auction"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/plugins"
)

// announcement is an auction for jobA, worth 2 Compute Hours here, with a budget of 10 DPS.
func announcement(phase string) protocol.Auction {
	now := time.Now().UTC().Truncate(time.Second)
	return protocol.Auction{ID: "a-aaaaaaaaaaaaaaaa", Job: jobA, Phase: phase, CommitBy: now.Add(30 * time.Second), RevealBy: now.Add(time.Minute), StartBy: now.Add(time.Hour),
		WorstCaseComputeHoursMilli: 2000, MaxCostWei: "10000000000000000000", PerformanceGrade: "B", ReliabilityGrade: 2, EnergyGrade: "Y",
		Steps: []protocol.AuctionStep{{Step: "train", Partition: "gpu", Nodes: 1, CPUsPerNode: 8, GPUsPerNode: 2, ArrayTasks: 1, TimeSeconds: 3600, ComputeHoursMilli: 2000}}}
}

// TestBidsAreSealedSignedAndRevealed: the site commits to its price at the announced grades
// with a signature the gateway can check, then reveals what opens the commitment; it sends
// a commitment whose answer was lost again as it was, and declines an auction whose budget
// its price exceeds.
func TestBidsAreSealedSignedAndRevealed(t *testing.T) {
	j, _ := openJournal(t)
	e := newEnv(t, j, nil, nil)
	ctx := ctxT(t)
	b := e.link.poll.bids
	// Grade B costs 3 DPS, × 0.9 at reliability 2: 2.7 DPS a Compute Hour.
	b.prices = protocol.Prices{PerComputeHour: "2500000000000000000", PerComputeHourByGrade: map[string]string{"B": "3000000000000000000"},
		ReliabilityFactorBps: map[string]uint32{"2": 9000}}
	// The site's clock: the reveal goes only once it says the commitments are closed.
	clock := time.Now().UTC()
	b.now = func() time.Time { return clock }
	lost := true
	e.gw.bid = func(n int, req protocol.BidRequest) (int, string) {
		if req.Commit != nil && lost {
			lost = false
			return http.StatusBadGateway, `{"error":"answer lost"}`
		}
		return http.StatusOK, `{"auction":"a-aaaaaaaaaaaaaaaa","status":"ok"}`
	}
	e.gw.poll = pollAnswer(t, protocol.PollResponse{Status: StatusApproved, Protocol: protocol.Version, Auctions: []protocol.Auction{announcement(protocol.PhaseCommit)}})
	for range 2 {
		if _, err := e.link.poll.once(ctx); err != nil {
			t.Fatal(err)
		}
	}
	// A gateway that asks for the reveal before the commitments close is not answered.
	e.gw.poll = pollAnswer(t, protocol.PollResponse{Status: StatusApproved, Protocol: protocol.Version, Auctions: []protocol.Auction{announcement(protocol.PhaseReveal)}})
	if _, err := e.link.poll.once(ctx); err != nil {
		t.Fatal(err)
	}
	if n := len(sentBids(e)); n != 2 {
		t.Fatalf("%d bid requests after an early reveal request, want the 2 commitments", n)
	}
	clock = clock.Add(31 * time.Second)
	if _, err := e.link.poll.once(ctx); err != nil {
		t.Fatal(err)
	}
	bids := sentBids(e)
	if len(bids) != 3 || bids[0].Commit == nil || bids[1].Commit == nil || bids[2].Reveal == nil || *bids[0].Commit != *bids[1].Commit {
		t.Fatalf("bids: %+v", bids)
	}
	c, rv := bids[1].Commit, bids[2].Reveal
	commitment, err := auction.ParseHex32(c.Commitment)
	if err != nil {
		t.Fatal(err)
	}
	if err := auction.VerifyCommit(gatewayAudience, c.Auction, "alpha-site", commitment, c.Signature, crypto.PubkeyToAddress(e.key.PublicKey)); err != nil {
		t.Fatalf("the commitment's signature: %v", err)
	}
	if rv.PricePerComputeHour != "2700000000000000000" {
		t.Errorf("bid %s wei, want the schedule's 2.7 DPS at B2Y", rv.PricePerComputeHour)
	}
	price, _ := protocol.ParseWei(rv.PricePerComputeHour)
	salt, _ := auction.ParseHex32(rv.Salt)
	if err := auction.CheckReveal(rv.Auction, "alpha-site", commitment, price, rv.EarliestStartUnix, salt); err != nil {
		t.Fatalf("the reveal does not open the commitment: %v", err)
	}
	if len(b.sealed) != 0 {
		t.Errorf("a revealed bid is still kept: %v", b.sealed)
	}

	// A budget of 5 DPS buys at most 2.5 DPS a Compute Hour for 2 Compute Hours: declined.
	poor := announcement(protocol.PhaseCommit)
	poor.ID, poor.MaxCostWei = "a-bbbbbbbbbbbbbbbb", "5000000000000000000"
	b.take(ctx, []protocol.Auction{poor})
	last := lastBid(e)
	if last.Decline == nil || last.Decline.Auction != poor.ID || !strings.Contains(last.Decline.Reason, "over its budget") {
		t.Fatalf("over the budget: %+v", last)
	}
	// A reveal asked of a bid this process never sealed is not sent.
	n := len(sentBids(e))
	orphan := announcement(protocol.PhaseReveal)
	orphan.ID = "a-cccccccccccccccc"
	b.take(ctx, []protocol.Auction{orphan})
	if len(sentBids(e)) != n {
		t.Fatal("a reveal without a sealed bid was sent")
	}
	// A malformed announcement is refused.
	bad := announcement(protocol.PhaseCommit)
	bad.MaxCostWei = "-1"
	b.take(ctx, []protocol.Auction{bad})
	if len(sentBids(e)) != n {
		t.Fatal("a malformed announcement was bid in")
	}
	// A commitment the gateway refuses for good (409: the window closed) is forgotten, and so
	// is every sealed bid once its reveal window is over.
	e.gw.bid = func(int, protocol.BidRequest) (int, string) { return http.StatusConflict, `{"error":"late"}` }
	closed := announcement(protocol.PhaseCommit)
	closed.ID = "a-ffffffffffffffff"
	b.take(ctx, []protocol.Auction{closed})
	if _, kept := b.sealed[closed.ID]; kept {
		t.Error("a bid the gateway refused for good is still kept")
	}
	e.gw.bid = nil
	kept := announcement(protocol.PhaseCommit)
	kept.ID, kept.RevealBy = "a-gggggggggggggggg", clock.Add(time.Minute)
	kept.CommitBy = clock.Add(30 * time.Second)
	b.take(ctx, []protocol.Auction{kept})
	if _, ok := b.sealed[kept.ID]; !ok {
		t.Fatal("a committed bid was not kept for its reveal")
	}
	clock = clock.Add(2 * time.Minute)
	b.take(ctx, []protocol.Auction{bad})
	if len(b.sealed) != 0 {
		t.Errorf("bids past their reveal window are still kept: %v", b.sealed)
	}
}

// sentBids are the bid requests the fake gateway received.
func sentBids(e *testEnv) []protocol.BidRequest {
	e.gw.mu.Lock()
	defer e.gw.mu.Unlock()
	return append([]protocol.BidRequest(nil), e.gw.bids...)
}

func lastBid(e *testEnv) protocol.BidRequest {
	all := sentBids(e)
	if len(all) == 0 {
		return protocol.BidRequest{}
	}
	return all[len(all)-1]
}

// policyDouble is a bid policy double: it records the question and answers as set.
type policyDouble struct {
	asked []plugins.BidQuery
	bid   plugins.BidOffer
	err   error
}

func (p *policyDouble) Bid(_ context.Context, q plugins.BidQuery) (plugins.BidOffer, error) {
	p.asked = append(p.asked, q)
	return p.bid, p.err
}

// TestBidPolicyDecidesWithinTheFloor: a bid policy is asked with the configured price, the
// floor and the site's load; its bid is raised to the floor; its error sends nothing; a
// disabled site bids in nothing.
func TestBidPolicyDecidesWithinTheFloor(t *testing.T) {
	j, _ := openJournal(t)
	e := newEnv(t, j, nil, nil)
	ctx := ctxT(t)
	b := e.link.poll.bids
	if _, err := e.link.poll.inventory.get(ctx); err != nil {
		t.Fatal(err)
	}
	acceptGatewayRun(t, j, jobB)
	policy := &policyDouble{bid: plugins.BidOffer{Bid: true, PriceWei: big.NewInt(5), EarliestStart: time.Now().Add(10 * time.Minute), Reason: "cheap"}}
	b.policy, b.floorWei = policy, big.NewInt(1000)
	a := announcement(protocol.PhaseCommit)
	b.take(ctx, []protocol.Auction{a})
	if len(policy.asked) != 1 {
		t.Fatalf("policy asked %d times", len(policy.asked))
	}
	q := policy.asked[0]
	if q.DefaultPriceWei.String() != "2500000000000000000" || q.FloorPriceWei.Int64() != 1000 || q.ActiveRuns != 1 || q.IdleNodes != 1 || q.AvailableNodes != 3 || q.Auction != a.ID ||
		q.MaxCostWei.String() != a.MaxCostWei || len(q.Steps) != 1 || q.Steps[0].GPUsPerNode != 2 {
		t.Errorf("the question: %+v", q)
	}
	sealed := b.sealed[a.ID]
	if sealed.PriceWei.Int64() != 1000 || sealed.EarliestStartUnix != policy.bid.EarliestStart.Unix() {
		t.Errorf("sealed %s wei from %d, want the floor and the policy's start", sealed.PriceWei, sealed.EarliestStartUnix)
	}
	// A policy's error sends nothing (the gateway asks again in the next poll).
	n := len(sentBids(e))
	policy.err = errors.New("broken")
	other := announcement(protocol.PhaseCommit)
	other.ID = "a-dddddddddddddddd"
	b.take(ctx, []protocol.Auction{other})
	if len(sentBids(e)) != n {
		t.Fatal("a bid was sent although the policy failed")
	}
	// A policy that bids nothing declines.
	policy.err, policy.bid = nil, plugins.BidOffer{Reason: "too busy"}
	b.take(ctx, []protocol.Auction{other})
	if last := lastBid(e); last.Decline == nil || last.Decline.Reason != "too busy" {
		t.Fatalf("the policy's no: %+v", last)
	}
	// A site with bidding disabled declines without asking its policy.
	b.disabled = true
	asked := len(policy.asked)
	third := announcement(protocol.PhaseCommit)
	third.ID = "a-eeeeeeeeeeeeeeee"
	b.take(ctx, []protocol.Auction{third})
	if last := lastBid(e); last.Decline == nil || last.Decline.Auction != third.ID || !strings.Contains(last.Decline.Reason, "disabled") || len(policy.asked) != asked {
		t.Fatalf("a disabled site: %+v (policy asked %d times)", last, len(policy.asked)-asked)
	}
	if len(b.sealed) != 1 {
		t.Errorf("sealed bids: %v, want the first one only", b.sealed)
	}
}
