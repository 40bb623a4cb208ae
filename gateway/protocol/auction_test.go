package protocol

import (
	"strings"
	"testing"
	"time"
)

func TestAuctionValidate(t *testing.T) {
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	good := Auction{ID: "a-aaaaaaaaaaaaaaaa", Job: "r-aaaaaaaaaaaaaaaa", Phase: PhaseCommit, CommitBy: now, RevealBy: now.Add(time.Second), MaxCostWei: "1",
		Steps: []AuctionStep{{Step: "s", Partition: "gpu", Nodes: 1, CPUsPerNode: 1}}}
	if err := good.Validate(); err != nil {
		t.Fatal(err)
	}
	for name, mutate := range map[string]func(*Auction){
		"bad id":          func(a *Auction) { a.ID = "a-" },
		"bad job":         func(a *Auction) { a.Job = "../x" },
		"bad phase":       func(a *Auction) { a.Phase = "bid" },
		"windows reverse": func(a *Auction) { a.RevealBy = a.CommitBy },
		"budget":          func(a *Auction) { a.MaxCostWei = "-1" },
		"many steps": func(a *Auction) {
			for len(a.Steps) <= MaxAuctionSteps {
				a.Steps = append(a.Steps, a.Steps[0])
			}
		},
		"bad partition":  func(a *Auction) { a.Steps[0].Partition = "a b" },
		"negative nodes": func(a *Auction) { a.Steps[0].Nodes = -1 },
		"long step":      func(a *Auction) { a.Steps[0].Step = strings.Repeat("s", 65) },
	} {
		a := good
		a.Steps = append([]AuctionStep(nil), good.Steps...)
		mutate(&a)
		if err := a.Validate(); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestBidRequestValidate(t *testing.T) {
	hex64 := "0x" + strings.Repeat("ab", 32)
	sig := "0x" + strings.Repeat("cd", 65)
	for name, c := range map[string]struct {
		req BidRequest
		ok  bool
	}{
		"commit":          {BidRequest{Commit: &BidCommit{Auction: "a-aaaaaaaaaaaaaaaa", Commitment: hex64, Signature: sig}}, true},
		"reveal":          {BidRequest{Reveal: &BidReveal{Auction: "a-aaaaaaaaaaaaaaaa", PricePerComputeHour: "5", EarliestStartUnix: 1, Salt: hex64}}, true},
		"decline":         {BidRequest{Decline: &BidDecline{Auction: "a-aaaaaaaaaaaaaaaa", Reason: "busy"}}, true},
		"nothing":         {BidRequest{}, false},
		"two parts":       {BidRequest{Commit: &BidCommit{Auction: "a-aaaaaaaaaaaaaaaa", Commitment: hex64, Signature: sig}, Decline: &BidDecline{Auction: "a-aaaaaaaaaaaaaaaa"}}, false},
		"upper-case hex":  {BidRequest{Commit: &BidCommit{Auction: "a-aaaaaaaaaaaaaaaa", Commitment: strings.ToUpper(hex64), Signature: sig}}, false},
		"short signature": {BidRequest{Commit: &BidCommit{Auction: "a-aaaaaaaaaaaaaaaa", Commitment: hex64, Signature: sig[:60]}}, false},
		"bad auction":     {BidRequest{Commit: &BidCommit{Auction: "x", Commitment: hex64, Signature: sig}}, false},
		"price in DPS":    {BidRequest{Reveal: &BidReveal{Auction: "a-aaaaaaaaaaaaaaaa", PricePerComputeHour: "2.5", Salt: hex64}}, false},
		"huge price":      {BidRequest{Reveal: &BidReveal{Auction: "a-aaaaaaaaaaaaaaaa", PricePerComputeHour: strings.Repeat("9", 41), Salt: hex64}}, false},
		"negative start":  {BidRequest{Reveal: &BidReveal{Auction: "a-aaaaaaaaaaaaaaaa", PricePerComputeHour: "1", EarliestStartUnix: -1, Salt: hex64}}, false},
		"start past 9999": {BidRequest{Reveal: &BidReveal{Auction: "a-aaaaaaaaaaaaaaaa", PricePerComputeHour: "1", EarliestStartUnix: MaxEarliestStartUnix + 1, Salt: hex64}}, false},
		"short salt":      {BidRequest{Reveal: &BidReveal{Auction: "a-aaaaaaaaaaaaaaaa", PricePerComputeHour: "1", Salt: "0x12"}}, false},
		"long decline":    {BidRequest{Decline: &BidDecline{Auction: "a-aaaaaaaaaaaaaaaa", Reason: strings.Repeat("x", MaxDeclineReason+1)}}, false},
		"decline, bad id": {BidRequest{Decline: &BidDecline{Auction: "a-AAAAAAAAAAAAAAAA"}}, false},
	} {
		if err := c.req.Validate(); (err == nil) != c.ok {
			t.Errorf("%s: %v", name, err)
		}
	}
}
