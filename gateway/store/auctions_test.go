package store

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
)

// TestAuctionWindows: the bidding window is [opened, commitBy) and the reveal window
// [commitBy, revealBy), to the nanosecond, for what the store accepts and what it asks the
// sites to do; a decline closes the site's part, a commitment forbids a decline; a decision
// made from bids that changed since is refused; a cancelled job's open auction closes.
func TestAuctionWindows(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "gateway.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	job, err := s.CreateJob(ctx, gatewayapi.Job{ID: "r-aaaaaaaaaaaaaaaa", Researcher: "0xaa", IdempotencyKey: "key-0123456789abcdef", EscrowID: "0x01",
		Workflow: "w", SourceName: "w.yaml", Source: []byte("version: 1"), MaxCostWei: "1000"})
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	a := gatewayapi.Auction{ID: "a-aaaaaaaaaaaaaaaa", Job: job.ID, OpenedAt: t0, CommitBy: t0.Add(10 * time.Second), RevealBy: t0.Add(20 * time.Second),
		StartBy: t0.Add(time.Hour), MaxCostWei: "1000"}
	invite := func(site string) Invitation {
		return Invitation{Site: site, WorstCaseComputeHoursMilli: 1 << 63, ChallengesPassed: 3, ChallengesFailed: 1, Announcement: `{"id":"` + a.ID + `"}`}
	}
	if err := s.OpenAuction(ctx, a, []Invitation{invite("alpha"), invite("beta"), invite("gamma")}); err != nil {
		t.Fatal(err)
	}
	second := a
	second.ID = "a-bbbbbbbbbbbbbbbb"
	if err := s.OpenAuction(ctx, second, nil); err == nil {
		t.Fatal("a second open auction for the job")
	}
	toAct := func(site string, at time.Time) string {
		t.Helper()
		due, err := s.AuctionsToAct(ctx, site, at, 16)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case len(due) == 0:
			return "nothing"
		case due[0].Commit:
			return "commit"
		}
		return "reveal"
	}
	justBefore := func(tm time.Time) time.Time { return tm.Add(-time.Nanosecond) }
	if got := toAct("alpha", justBefore(a.CommitBy)); got != "commit" {
		t.Errorf("just before commitBy: %s", got)
	}
	if got := toAct("alpha", a.CommitBy); got != "nothing" {
		t.Errorf("at commitBy, without a commitment: %s", got)
	}
	if err := s.CommitBid(ctx, a.ID, "alpha", "0xc1", "0xs1", a.CommitBy); !errors.Is(err, ErrAuctionClosed) {
		t.Fatalf("a commitment at commitBy: %v", err)
	}
	if err := s.CommitBid(ctx, a.ID, "alpha", "0xc1", "0xs1", justBefore(a.CommitBy)); err != nil {
		t.Fatal(err)
	}
	if err := s.CommitBid(ctx, a.ID, "alpha", "0xc1", "0xs1", a.RevealBy); err != nil {
		t.Fatalf("the same commitment again (a lost answer): %v", err)
	}
	if err := s.CommitBid(ctx, a.ID, "alpha", "0xc2", "0xs2", t0); !errors.Is(err, ErrBidConflict) {
		t.Fatalf("another commitment: %v", err)
	}
	if err := s.DeclineBid(ctx, a.ID, "alpha", "busy", t0); !errors.Is(err, ErrBidConflict) {
		t.Fatalf("a decline after a commitment: %v", err)
	}
	if err := s.DeclineBid(ctx, a.ID, "beta", "busy", t0); err != nil {
		t.Fatal(err)
	}
	if err := s.CommitBid(ctx, a.ID, "beta", "0xc3", "0xs3", t0); !errors.Is(err, ErrBidConflict) {
		t.Fatalf("a commitment after a decline: %v", err)
	}
	if got := toAct("beta", t0); got != "nothing" {
		t.Errorf("a declined site is asked to %s", got)
	}
	if got := toAct("alpha", justBefore(a.CommitBy)); got != "nothing" {
		t.Errorf("a committed site before commitBy is asked to %s", got)
	}
	if got := toAct("alpha", a.CommitBy); got != "reveal" {
		t.Errorf("at commitBy: %s", got)
	}
	if got := toAct("alpha", a.RevealBy); got != "nothing" {
		t.Errorf("at revealBy: %s", got)
	}
	if err := s.RevealBid(ctx, a.ID, "alpha", "0xc1", "5", t0, "0xsalt", justBefore(a.CommitBy)); !errors.Is(err, ErrAuctionClosed) {
		t.Fatalf("a reveal before commitBy: %v", err)
	}
	if err := s.RevealBid(ctx, a.ID, "alpha", "0xc1", "5", t0, "0xsalt", a.RevealBy); !errors.Is(err, ErrAuctionClosed) {
		t.Fatalf("a reveal at revealBy: %v", err)
	}
	if err := s.RevealBid(ctx, a.ID, "alpha", "0xother", "5", t0, "0xsalt", a.CommitBy); !errors.Is(err, ErrBidConflict) {
		t.Fatalf("a reveal of another commitment: %v", err)
	}
	// What the placer read before the reveal.
	all, err := s.JobAuctions(ctx, job.ID, 10)
	if err != nil || len(all) != 1 || len(all[0].Bids) != 3 || all[0].Bids[0].WorstCaseComputeHoursMilli != 1<<63 || all[0].Bids[0].ChallengesPassed != 3 || all[0].Bids[0].ChallengesFailed != 1 {
		t.Fatalf("the auction: %+v %v", all, err)
	}
	seen := CountBids(all[0])
	if err := s.RevealBid(ctx, a.ID, "alpha", "0xc1", "5", t0, "0xsalt", justBefore(a.RevealBy)); err != nil {
		t.Fatal(err)
	}
	if err := s.DecideAuction(ctx, a.ID, seen, map[string]string{"alpha": "won"}, nil, "stale"); !errors.Is(err, ErrAuctionChanged) {
		t.Fatalf("a decision from stale bids: %v", err)
	}
	if _, err := s.BidOf(ctx, a.ID, "delta"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("an uninvited site's bid: %v", err)
	}
	// Cancelling the queued job closes its open auction, and nobody is asked to bid.
	if _, err := s.RequestCancel(ctx, job.ID); err != nil {
		t.Fatal(err)
	}
	all, err = s.JobAuctions(ctx, job.ID, 10)
	if err != nil || all[0].State != gatewayapi.AuctionFailed || all[0].Note == "" || all[0].DecidedAt == nil {
		t.Fatalf("after the cancel: %+v %v", all, err)
	}
	if got := toAct("gamma", t0); got != "nothing" {
		t.Errorf("a cancelled job's auction asks gamma to %s", got)
	}
	if err := s.DecideAuction(ctx, a.ID, CountBids(all[0]), nil, nil, "late"); !errors.Is(err, ErrAuctionClosed) {
		t.Fatalf("deciding a closed auction: %v", err)
	}
	var announcements int
	if err := s.db.QueryRow(`SELECT COUNT(*) FROM bids WHERE announcement != ''`).Scan(&announcements); err != nil || announcements != 0 {
		t.Errorf("%d announcements kept after the auction closed (%v)", announcements, err)
	}
}
