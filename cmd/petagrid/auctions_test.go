package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/site/siteapi"
)

// A decided auction shows its winner and price, and every invited site's part; an open one
// its windows; what the gateway sends is shown escaped.
func TestPrintAuction(t *testing.T) {
	var stdout bytes.Buffer
	e := &env{stdout: &stdout}
	t0 := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	at := func(d time.Duration) *time.Time { v := t0.Add(d); return &v }
	a := &siteapi.Auction{ID: "a-aaaaaaaaaaaaaaaa", State: gatewayapi.AuctionDecided, OpenedAt: t0, CommitBy: t0.Add(30 * time.Second), RevealBy: t0.Add(time.Minute),
		Winner: "site-c", PriceWei: "250000000000000000", Bids: []siteapi.AuctionBid{
			{Site: "site-a", WorstCaseComputeHoursMilli: 1500, ChallengesPassed: 3, ChallengesFailed: 1, CommittedAt: at(time.Second), RevealedAt: at(40 * time.Second), PriceWei: "300000000000000000", Outcome: "lost"},
			{Site: "site-b", WorstCaseComputeHoursMilli: 1500, CommittedAt: at(time.Second), Outcome: "never revealed"},
			{Site: "site-c", WorstCaseComputeHoursMilli: 1000, CommittedAt: at(time.Second), RevealedAt: at(40 * time.Second), PriceWei: "250000000000000000", Outcome: "won",
				Refusal: "the reveal does not open the commitment\x1b[2J"},
			{Site: "site-d", WorstCaseComputeHoursMilli: 1000, DeclinedAt: at(time.Second), Decline: "too busy", Outcome: "declined: too busy"},
		}}
	if err := printAuction(e, &printer{w: &stdout}, a); err != nil {
		t.Fatal(err)
	}
	out := stdout.String()
	for _, want := range []string{"Auction a-aaaaaaaaaaaaaaaa (opened 2026-11-27T12:00:00Z): site-c won at 0.25 DPS a Compute Hour", "WORST CASE CH",
		"site-a  1.500          3/4                revealed   0.3", "site-b  1.500          0/0                committed", "never revealed", "declined: too busy", `\x1b[2J`} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "\x1b") {
		t.Errorf("an escape sequence reached the terminal:\n%q", out)
	}
	stdout.Reset()
	a.State, a.Winner, a.PriceWei = gatewayapi.AuctionOpen, "", ""
	if err := printAuction(e, &printer{w: &stdout}, a); err != nil || !strings.Contains(stdout.String(), "open: commitments until 2026-11-27T12:00:30Z, reveals until 2026-11-27T12:01:00Z") {
		t.Fatalf("an open auction: %v\n%s", err, stdout.String())
	}
}
