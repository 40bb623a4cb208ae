package auction

import (
	"fmt"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
)

func TestSealVerifyAndReveal(t *testing.T) {
	key, _ := crypto.GenerateKey()
	other, _ := crypto.GenerateKey()
	signer := crypto.PubkeyToAddress(key.PublicKey)
	price := big.NewInt(2_500_000_000_000_000_000 / 1000)
	s, err := Seal(key, "grid", "a-aaaaaaaaaaaaaaaa", "site-a", price, 1_700_000_000)
	if err != nil {
		t.Fatal(err)
	}
	if err := VerifyCommit("grid", "a-aaaaaaaaaaaaaaaa", "site-a", s.Commitment, s.Signature, signer); err != nil {
		t.Fatalf("the site's own commitment: %v", err)
	}
	// The signature binds the gateway, the auction, the site and the commitment.
	for name, check := range map[string]func() error{
		"another key": func() error {
			return VerifyCommit("grid", "a-aaaaaaaaaaaaaaaa", "site-a", s.Commitment, s.Signature, crypto.PubkeyToAddress(other.PublicKey))
		},
		"another gateway": func() error {
			return VerifyCommit("grid2", "a-aaaaaaaaaaaaaaaa", "site-a", s.Commitment, s.Signature, signer)
		},
		"another auction": func() error {
			return VerifyCommit("grid", "a-bbbbbbbbbbbbbbbb", "site-a", s.Commitment, s.Signature, signer)
		},
		"another site": func() error {
			return VerifyCommit("grid", "a-aaaaaaaaaaaaaaaa", "site-b", s.Commitment, s.Signature, signer)
		},
		"another commitment": func() error {
			c := s.Commitment
			c[0] ^= 1
			return VerifyCommit("grid", "a-aaaaaaaaaaaaaaaa", "site-a", c, s.Signature, signer)
		},
		"a malformed signature": func() error {
			return VerifyCommit("grid", "a-aaaaaaaaaaaaaaaa", "site-a", s.Commitment, s.Signature[:20], signer)
		},
	} {
		if err := check(); err == nil || !strings.Contains(err.Error(), ErrForged.Error()) {
			t.Errorf("%s: %v, want a forged bid", name, err)
		}
	}
	if err := CheckReveal("a-aaaaaaaaaaaaaaaa", "site-a", s.Commitment, price, 1_700_000_000, s.Salt); err != nil {
		t.Fatalf("the true reveal: %v", err)
	}
	salt := s.Salt
	salt[31] ^= 1
	for name, err := range map[string]error{
		"another price":   CheckReveal("a-aaaaaaaaaaaaaaaa", "site-a", s.Commitment, new(big.Int).Add(price, big.NewInt(1)), 1_700_000_000, s.Salt),
		"another start":   CheckReveal("a-aaaaaaaaaaaaaaaa", "site-a", s.Commitment, price, 1_700_000_001, s.Salt),
		"another salt":    CheckReveal("a-aaaaaaaaaaaaaaaa", "site-a", s.Commitment, price, 1_700_000_000, salt),
		"another site":    CheckReveal("a-aaaaaaaaaaaaaaaa", "site-b", s.Commitment, price, 1_700_000_000, s.Salt),
		"another auction": CheckReveal("a-bbbbbbbbbbbbbbbb", "site-a", s.Commitment, price, 1_700_000_000, s.Salt),
	} {
		if err != ErrMismatch {
			t.Errorf("%s: %v, want a mismatch", name, err)
		}
	}
	if _, err := Commitment("a", "b", big.NewInt(-1), 0, salt); err == nil {
		t.Error("a negative price was sealed")
	}
	if _, err := Commitment("a", "b", big.NewInt(1), -1, salt); err == nil {
		t.Error("a negative start was sealed")
	}
	if got, err := ParseHex32(Hex32(s.Commitment)); err != nil || got != s.Commitment {
		t.Errorf("hex round trip: %v", err)
	}
	for _, bad := range []string{"", "0x12", strings.Repeat("0", 66), "0x" + strings.Repeat("g", 64)} {
		if _, err := ParseHex32(bad); err == nil {
			t.Errorf("ParseHex32(%q) passed", bad)
		}
	}
}

func TestDecide(t *testing.T) {
	t0 := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	commitBy, revealBy := t0.Add(30*time.Second), t0.Add(60*time.Second)
	bid := func(site string, price int64, grade string, rel int) Bid {
		return Bid{Site: site, WorstCaseComputeHoursMilli: 2000, PerformanceGrade: grade, ReliabilityGrade: rel,
			CommittedAt: t0.Add(time.Second), RevealedAt: commitBy.Add(time.Second), PriceWei: big.NewInt(price), EarliestStart: t0}
	}
	late := bid("late", 1, "A", 1)
	late.CommittedAt = commitBy.Add(time.Second)
	unrevealed := bid("unrevealed", 1, "A", 1)
	unrevealed.RevealedAt, unrevealed.PriceWei = time.Time{}, nil
	lateReveal := bid("late-reveal", 1, "A", 1)
	lateReveal.RevealedAt = revealBy.Add(time.Second)
	slow := bid("slow", 1, "A", 1)
	slow.EarliestStart = t0.Add(2 * time.Hour)
	noBid := Bid{Site: "silent", WorstCaseComputeHoursMilli: 2000}
	// Between B2 sites, the challenge record: 9 of 10 passed beats 3 of 4, which beats none.
	proven := bid("tie-f", 30, "B", 2)
	proven.ChallengesPassed, proven.ChallengesFailed = 9, 1
	fair := bid("tie-g", 30, "B", 2)
	fair.ChallengesPassed, fair.ChallengesFailed = 3, 1
	earlier := bid("tie-d", 30, "B", 2)
	earlier.EarliestStart = t0.Add(-time.Minute)
	a := Auction{CommitBy: commitBy, RevealBy: revealBy, StartBy: t0.Add(time.Hour), MaxCostWei: big.NewInt(100),
		Bids: []Bid{
			bid("expensive", 51, "A", 1), // 51 × 2 = 102 > 100
			bid("tie-c", 30, "B", 2),
			bid("tie-a", 30, "B", 1),
			bid("tie-b", 30, "", 0),
			bid("tie-e", 30, "A", 0),
			earlier, proven, fair,
			bid("cheap", 40, "D", 4),
			late, unrevealed, lateReveal, slow, noBid,
		}}
	res := Decide(a)
	var order []string
	for _, r := range res.Ranked {
		order = append(order, r.Site)
	}
	// 30 wei at A, then B with reliability 1, then B2 (the better challenge record, then the
	// earlier start), then no grade; then 40.
	if got, want := strings.Join(order, " "), "tie-e tie-a tie-f tie-g tie-d tie-c tie-b cheap"; got != want {
		t.Errorf("ranked %s, want %s", got, want)
	}
	if res.Ranked[0].CostWei.Int64() != 60 {
		t.Errorf("winner's cost %s, want 60", res.Ranked[0].CostWei)
	}
	want := map[string]string{"expensive": OutcomeOverBudget, "late": OutcomeLate, "unrevealed": OutcomeUnrevealed, "late-reveal": OutcomeLateReveal,
		"slow": OutcomeStartsLate, "silent": OutcomeNoBid}
	if fmt.Sprint(res.Disqualified) != fmt.Sprint(want) {
		t.Errorf("disqualified %v, want %v", res.Disqualified, want)
	}
	// A bid exactly at the window's ends still counts; exactly the budget qualifies.
	edge := bid("edge", 50, "C", 3)
	edge.CommittedAt, edge.RevealedAt = commitBy, revealBy
	if res := Decide(Auction{CommitBy: commitBy, RevealBy: revealBy, MaxCostWei: big.NewInt(100), Bids: []Bid{edge}}); len(res.Ranked) != 1 {
		t.Errorf("a bid on the windows' ends at the budget: %v", res.Disqualified)
	}
	if res := Decide(Auction{CommitBy: commitBy, RevealBy: revealBy}); len(res.Ranked) != 0 || len(res.Disqualified) != 0 {
		t.Errorf("no bids: %+v", res)
	}
}

func TestCostWeiRoundsUp(t *testing.T) {
	for _, c := range []struct {
		price int64
		chm   uint64
		want  int64
	}{{1000, 1, 1}, {1, 1, 1}, {1, 1000, 1}, {1, 1001, 2}, {0, 5000, 0}, {7, 0, 0}, {3, 2000, 6}} {
		if got := CostWei(big.NewInt(c.price), c.chm); got.Int64() != c.want {
			t.Errorf("CostWei(%d, %d) = %s, want %d", c.price, c.chm, got, c.want)
		}
	}
}

// bids100 is an auction of 100 sites that all revealed, every fourth over the budget.
func bids100() Auction {
	t0 := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	a := Auction{CommitBy: t0.Add(30 * time.Second), RevealBy: t0.Add(time.Minute), StartBy: t0.Add(time.Hour), MaxCostWei: new(big.Int).Mul(big.NewInt(10), big.NewInt(1e18))}
	for i := range 100 {
		price := new(big.Int).Mul(big.NewInt(int64(1+i%7)), big.NewInt(1e17))
		if i%4 == 0 {
			price.Mul(price, big.NewInt(100))
		}
		a.Bids = append(a.Bids, Bid{Site: fmt.Sprintf("site-%03d", i), WorstCaseComputeHoursMilli: 8000 + uint64(i), PerformanceGrade: string(rune('A' + i%4)),
			ReliabilityGrade: 1 + i%4, CommittedAt: t0.Add(time.Second), RevealedAt: t0.Add(40 * time.Second), PriceWei: price, EarliestStart: t0.Add(time.Duration(i) * time.Second)})
	}
	return a
}

// BenchmarkAuctionDecide100 is the decision of an auction of 100 bidding sites: qualify and
// rank (docs/benchmarks.md).
func BenchmarkAuctionDecide100(b *testing.B) {
	a := bids100()
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		if res := Decide(a); len(res.Ranked) != 75 {
			b.Fatalf("%d ranked", len(res.Ranked))
		}
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "decisions/s")
}

// BenchmarkAuctionVerify100 checks 100 commitments' signatures and their reveals: what the
// gateway does for the bids of 100 sites as they arrive.
func BenchmarkAuctionVerify100(b *testing.B) {
	type signed struct {
		site   string
		sealed Sealed
		addr   [20]byte
	}
	var all []signed
	for i := range 100 {
		key, _ := crypto.GenerateKey()
		site := fmt.Sprintf("site-%03d", i)
		s, err := Seal(key, "grid", "a-aaaaaaaaaaaaaaaa", site, big.NewInt(int64(1e15)+int64(i)), 1_700_000_000)
		if err != nil {
			b.Fatal(err)
		}
		all = append(all, signed{site, s, crypto.PubkeyToAddress(key.PublicKey)})
	}
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n++
		for _, s := range all {
			if err := VerifyCommit("grid", "a-aaaaaaaaaaaaaaaa", s.site, s.sealed.Commitment, s.sealed.Signature, s.addr); err != nil {
				b.Fatal(err)
			}
			if err := CheckReveal("a-aaaaaaaaaaaaaaaa", s.site, s.sealed.Commitment, s.sealed.PriceWei, s.sealed.EarliestStartUnix, s.sealed.Salt); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(n*len(all))/b.Elapsed().Seconds(), "bids/s")
}
