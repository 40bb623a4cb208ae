package tokenomics

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
)

var genesis = time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC)

func addr(i int) common.Address { return common.BigToAddress(big.NewInt(int64(0x1000 + i))) }

func closeAt(k uint64) time.Time {
	return genesis.Add(time.Duration(k+1) * PeriodSeconds * time.Second)
}

// TestWhitepaperExample is §3.3 on the real 15-day calendar: the grid has 100 PFLOPS on
// 1 January 2023; over the 15 days to 16 January 2023, 00:00 UTC, it loses 1 PFLOPS, and the
// supply is rebalanced from 100 to 99 GFL. Genesis is 17 December 2022, so that the example's
// 15 days are epoch 1 and epoch 0 (ending on 1 January) put the initial 100 GFL in place.
// (contracts.TestWhitepaperExampleOnChain runs the same through the contract.)
func TestWhitepaperExample(t *testing.T) {
	dec17 := time.Date(2022, 12, 17, 0, 0, 0, 0, time.UTC)
	p := DefaultParams(dec17)
	jan1, jan16 := time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2023, 1, 16, 0, 0, 0, 0, time.UTC)
	if _, end := p.EpochBounds(0); end != jan1.Unix() {
		t.Fatalf("epoch 0 ends %s, want 1 January 2023", time.Unix(end, 0).UTC())
	}
	if start, end := p.EpochBounds(1); start != jan1.Unix() || end != jan16.Unix() {
		t.Fatalf("epoch 1 is [%s, %s), want [1 January, 16 January 2023)", time.Unix(start, 0).UTC(), time.Unix(end, 0).UTC())
	}
	s := NewState(dec17, MustAmount("1000"))
	s, r0, err := CloseEpoch(p, s, EpochInput{Epoch: 0, Medians: map[common.Address]*big.Int{addr(0): MustAmount("100")}})
	if err != nil {
		t.Fatal(err)
	}
	if r0.Minted.Cmp(MustAmount("100")) != 0 || s.Supply.Cmp(MustAmount("100")) != 0 {
		t.Fatalf("1 January: minted %s, supply %s", FormatAmount(r0.Minted), FormatAmount(s.Supply))
	}
	s, r1, err := CloseEpoch(p, s, EpochInput{Epoch: 1, Medians: map[common.Address]*big.Int{addr(0): MustAmount("99")}})
	if err != nil {
		t.Fatal(err)
	}
	if r1.Burned.Cmp(MustAmount("1")) != 0 || r1.Minted.Sign() != 0 || FormatAmount(s.Supply) != "99" {
		t.Fatalf("16 January: burned %s, minted %s, supply %s; want 1, 0, 99", FormatAmount(r1.Burned), FormatAmount(r1.Minted), FormatAmount(s.Supply))
	}
}

// TestRewardRate: 1000 GFL held earns 20 % × 1/100 / 2^n DPS: 2, 1, 0.5, 0.25 at n = 0..3.
func TestRewardRate(t *testing.T) {
	for n, want := range []string{"2", "1", "0.5", "0.25"} {
		p := DefaultParams(genesis)
		s := NewState(genesis, MustAmount("1000000"))
		s.Era = uint64(n)
		_, r, err := CloseEpoch(p, s, EpochInput{Epoch: 0, Medians: map[common.Address]*big.Int{addr(1): MustAmount("1000")}})
		if err != nil {
			t.Fatal(err)
		}
		if got := FormatAmount(r.RewardsTotal); got != want {
			t.Errorf("era %d: reward %s DPS, want %s", n, got, want)
		}
	}
	// Multiply before divide: 999 wei of GFL earn floor(999 × 2000 / 1,000,000) = 1 wei, not 0.
	p := DefaultParams(genesis)
	_, r, _ := CloseEpoch(p, NewState(genesis, MustAmount("1")), EpochInput{Epoch: 0, Medians: map[common.Address]*big.Int{addr(1): big.NewInt(999)}})
	if r.RewardsTotal.Int64() != 1 {
		t.Errorf("999 wei GFL: reward %s wei, want 1", r.RewardsTotal)
	}
	// From MaxEra on nothing is paid and the era stops.
	s := NewState(genesis, MustAmount("1000"))
	s.Era = p.MaxEra
	s2, r, _ := CloseEpoch(p, s, EpochInput{Epoch: 0, Medians: map[common.Address]*big.Int{addr(1): MustAmount("1000000")}})
	if r.RewardsTotal.Sign() != 0 || s2.Era != p.MaxEra {
		t.Errorf("at max era: reward %s, era %d", r.RewardsTotal, s2.Era)
	}
}

func TestEpochsAreSequential(t *testing.T) {
	p := DefaultParams(genesis)
	s := NewState(genesis, MustAmount("10"))
	if _, _, err := CloseEpoch(p, s, EpochInput{Epoch: 1}); err == nil || !strings.Contains(err.Error(), "next epoch to close is 0") {
		t.Errorf("out of order: %v", err)
	}
	s1, _, err := CloseEpoch(p, s, EpochInput{Epoch: 0})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := CloseEpoch(p, s1, EpochInput{Epoch: 0}); err == nil {
		t.Error("replayed epoch accepted")
	}
	// The input state is never modified.
	if s.NextEpoch != 0 {
		t.Error("CloseEpoch modified its input")
	}
	if _, _, err := CloseEpoch(p, s1, EpochInput{Epoch: 1, Medians: map[common.Address]*big.Int{addr(1): big.NewInt(-1)}}); err == nil {
		t.Error("negative median accepted")
	}
	huge := new(big.Int).Lsh(big.NewInt(1), 256)
	if _, _, err := CloseEpoch(p, s1, EpochInput{Epoch: 1, Medians: map[common.Address]*big.Int{addr(1): huge}}); err == nil {
		t.Error("a median beyond 256 bits accepted")
	}
}

func TestHalvingByTimeAndThreshold(t *testing.T) {
	p := DefaultParams(genesis)
	// Small grid: the year passes first. 24 periods are 360 days; the 25th close is day 375.
	s := NewState(genesis, MustAmount("1000"))
	for k := uint64(0); k < 25; k++ {
		var r EpochResult
		var err error
		s, r, err = CloseEpoch(p, s, EpochInput{Epoch: k, Medians: map[common.Address]*big.Int{addr(1): MustAmount("1")}})
		if err != nil {
			t.Fatal(err)
		}
		if k < 24 && r.HalvingReason != "" {
			t.Fatalf("halving at period %d (day %d)", k, (k+1)*15)
		}
		if k == 24 && (r.HalvingReason != HalvingTime || s.Era != 1 || s.EraStart != genesis.Add(365*24*time.Hour).Unix()) {
			t.Fatalf("period 24: reason %q era %d", r.HalvingReason, s.Era)
		}
	}
	// Big grid: the threshold (2,500 GFL per era) is crossed at the 3rd close of 1,000 GFL.
	s = NewState(genesis, MustAmount("1000"))
	for k := uint64(0); k < 3; k++ {
		var r EpochResult
		s, r, _ = CloseEpoch(p, s, EpochInput{Epoch: k, Medians: map[common.Address]*big.Int{addr(1): MustAmount("1000")}})
		if want := map[uint64]string{2: HalvingThreshold}[k]; r.HalvingReason != want {
			t.Fatalf("period %d: halving %q, want %q", k, r.HalvingReason, want)
		}
	}
	// The next era's threshold is doubled (5,000): five more closes of 1,000 GFL.
	for k := uint64(3); k < 8; k++ {
		var r EpochResult
		s, r, _ = CloseEpoch(p, s, EpochInput{Epoch: k, Medians: map[common.Address]*big.Int{addr(1): MustAmount("1000")}})
		if want := map[uint64]string{7: HalvingThreshold}[k]; r.HalvingReason != want {
			t.Fatalf("period %d: halving %q, want %q (era %d)", k, r.HalvingReason, want, s.Era)
		}
	}
	if s.Era != 2 {
		t.Fatalf("era %d, want 2", s.Era)
	}
}

// TestReplenishmentUnits: spending 1 DPS returns it to the pool and takes its GFL equivalent
// (1 / R = 100 GFL) off the cumulative counts, never below zero.
func TestReplenishmentUnits(t *testing.T) {
	p := DefaultParams(genesis)
	s := NewState(genesis, MustAmount("5"))
	s.EraCumulativeGFL = MustAmount("150")
	s.CumulativeGFL = MustAmount("150")
	s2, r, err := CloseEpoch(p, s, EpochInput{Epoch: 0, DPSSpent: MustAmount("1")})
	if err != nil {
		t.Fatal(err)
	}
	if FormatAmount(r.ReplenishedGFL) != "100" || FormatAmount(s2.EraCumulativeGFL) != "50" || FormatAmount(s2.PoolDPS) != "6" {
		t.Errorf("replenished %s GFL, era count %s, pool %s; want 100, 50, 6", FormatAmount(r.ReplenishedGFL), FormatAmount(s2.EraCumulativeGFL), FormatAmount(s2.PoolDPS))
	}
	s3, _, _ := CloseEpoch(p, s2, EpochInput{Epoch: 1, DPSSpent: MustAmount("3")})
	if s3.EraCumulativeGFL.Sign() != 0 || s3.CumulativeGFL.Sign() != 0 {
		t.Errorf("counts went to %s / %s, want 0 (saturating)", s3.EraCumulativeGFL, s3.CumulativeGFL)
	}
}

func TestPoolCapsRewards(t *testing.T) {
	p := DefaultParams(genesis)
	s := NewState(genesis, big.NewInt(1000)) // 1000 wei in the pool
	medians := map[common.Address]*big.Int{addr(1): MustAmount("700"), addr(2): MustAmount("300"), addr(3): MustAmount("1")}
	s2, r, err := CloseEpoch(p, s, EpochInput{Epoch: 0, Medians: medians})
	if err != nil {
		t.Fatal(err)
	}
	if !r.RewardsCapped || r.RewardsTotal.Cmp(big.NewInt(1000)) > 0 || s2.PoolDPS.Sign() < 0 {
		t.Fatalf("capped %v, paid %s of 1000 wei, pool %s", r.RewardsCapped, r.RewardsTotal, s2.PoolDPS)
	}
	// 700:300:1 of 1000 wei, rounded down: 699 + 299 + 0, and 2 wei of dust stay.
	if r.Rewards[0].Amount.Int64() != 699 || r.Rewards[1].Amount.Int64() != 299 || s2.PoolDPS.Int64() != 2 {
		t.Errorf("rewards %v, pool %s", r.Rewards, s2.PoolDPS)
	}
}

func TestMissingReportBurnsUnlessKept(t *testing.T) {
	p := DefaultParams(genesis)
	s := NewState(genesis, MustAmount("10"))
	s, _, _ = CloseEpoch(p, s, EpochInput{Epoch: 0, Medians: map[common.Address]*big.Int{addr(1): MustAmount("5"), addr(2): MustAmount("7")}})
	burnt, r, _ := CloseEpoch(p, s, EpochInput{Epoch: 1, Medians: map[common.Address]*big.Int{addr(1): MustAmount("5")}})
	if _, held := burnt.Balances[addr(2)]; held || FormatAmount(r.Burned) != "7" {
		t.Errorf("silent provider kept %v, burned %s", burnt.Balances[addr(2)], FormatAmount(r.Burned))
	}
	p.KeepWithoutReport = true
	kept, _, _ := CloseEpoch(p, s, EpochInput{Epoch: 1, Medians: map[common.Address]*big.Int{addr(1): MustAmount("5")}})
	if FormatAmount(kept.Balances[addr(2)]) != "7" {
		t.Errorf("kept balance %s", FormatAmount(kept.Balances[addr(2)]))
	}
	p.KeepWithoutReport = false
	p.EnvironmentalFactorBps = map[common.Address]uint64{addr(1): 11_000}
	env, _, _ := CloseEpoch(p, s, EpochInput{Epoch: 1, Medians: map[common.Address]*big.Int{addr(1): MustAmount("5")}})
	if FormatAmount(env.Balances[addr(1)]) != "5.5" {
		t.Errorf("environmental factor 1.1: %s", FormatAmount(env.Balances[addr(1)]))
	}
}

// TestEngineProperties runs random economies and checks the invariants after every close:
// Σ balances = supply; the era never decreases; rewards never exceed the pool and the pool
// accounts for every wei; minted − burned = Δ supply.
func TestEngineProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	for run := 0; run < 200; run++ {
		p := DefaultParams(genesis)
		p.EraThresholdGFL = new(big.Int).Mul(MustAmount("1"), big.NewInt(int64(1+rng.IntN(5000))))
		p.KeepWithoutReport = rng.IntN(2) == 0
		// Any epoch length: rewards and counts scale with it, eras are at least one epoch.
		p.PeriodSeconds = []uint64{3600, 86_400, PeriodSeconds, 40 * 86_400}[rng.IntN(4)]
		p.EraSeconds = p.PeriodSeconds * uint64(1+rng.IntN(30))
		s := NewState(genesis, new(big.Int).Mul(MustAmount("0.001"), big.NewInt(int64(rng.IntN(100_000)))))
		providers := 1 + rng.IntN(20)
		for k := uint64(0); k < 60; k++ {
			medians := map[common.Address]*big.Int{}
			for i := 0; i < providers; i++ {
				if rng.IntN(10) == 0 {
					continue // no report this epoch
				}
				medians[addr(i)] = randBelow(rng, MustAmount("5"))
			}
			spent := randBelow(rng, MustAmount("3"))
			poolBefore := clone(s.PoolDPS)
			eraBefore := s.Era
			next, r, err := CloseEpoch(p, s, EpochInput{Epoch: k, Medians: medians, DPSSpent: spent})
			if err != nil {
				t.Fatal(err)
			}
			if next.SumBalances().Cmp(next.Supply) != 0 {
				t.Fatalf("run %d epoch %d: Σ balances %s != supply %s", run, k, next.SumBalances(), next.Supply)
			}
			if d := new(big.Int).Sub(next.Supply, s.Supply); d.Cmp(new(big.Int).Sub(r.Minted, r.Burned)) != 0 {
				t.Fatalf("run %d epoch %d: Δsupply %s != minted − burned", run, k, d)
			}
			if next.Era < eraBefore || next.Era > eraBefore+1 {
				t.Fatalf("run %d epoch %d: era %d → %d", run, k, eraBefore, next.Era)
			}
			available := new(big.Int).Add(poolBefore, spent)
			if r.RewardsTotal.Cmp(available) > 0 || next.PoolDPS.Sign() < 0 {
				t.Fatalf("run %d epoch %d: paid %s from a pool of %s", run, k, r.RewardsTotal, available)
			}
			if new(big.Int).Add(next.PoolDPS, r.RewardsTotal).Cmp(available) != 0 {
				t.Fatalf("run %d epoch %d: pool does not account for every wei", run, k)
			}
			sum := new(big.Int)
			for _, rw := range r.Rewards {
				sum.Add(sum, rw.Amount)
			}
			if sum.Cmp(r.RewardsTotal) != 0 {
				t.Fatalf("run %d epoch %d: Σ rewards %s != total %s", run, k, sum, r.RewardsTotal)
			}
			s = next
		}
	}
}

// randBelow is a random integer in [0, max) (max < 2^63 wei here).
func randBelow(rng *rand.Rand, max *big.Int) *big.Int {
	return new(big.Int).SetUint64(rng.Uint64N(max.Uint64()))
}

// TestSimulationGolden pins the first periods of the default simulation and its halvings.
func TestSimulationGolden(t *testing.T) {
	rows, err := DefaultSimulation().Run()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 244 {
		t.Fatalf("%d periods until 10 years have passed, want 244", len(rows))
	}
	var b strings.Builder
	for _, r := range rows {
		if r.Period < 12 || r.Halving != "" {
			fmt.Fprintf(&b, "%3d %s supply=%s cum=%s gross=%s reward=%s emitted=%s spent=%s pool=%s era=%d/%d %s\n", r.Period, r.CloseTime.Format("2006-01-02"),
				FormatAmount(r.SupplyGFL), FormatAmount(r.CumulativeGFL), FormatAmount(r.CumulativeGFLGross), FormatAmount(r.RewardsDPS),
				FormatAmount(r.EmittedDPS), FormatAmount(r.SpentDPS), FormatAmount(r.PoolDPS), r.RewardEra, r.Era, r.Halving)
		}
	}
	golden(t, "simulation.golden", b.String())
	// With replenishment the first halving comes about a year in; without, months earlier.
	none := DefaultSimulation()
	none.UsagePPM = 0
	rowsNone, err := none.Run()
	if err != nil {
		t.Fatal(err)
	}
	first := func(rs []SimulationRow) float64 {
		for _, r := range rs {
			if r.Halving != "" {
				return r.Years
			}
		}
		return -1
	}
	if with, without := first(rows), first(rowsNone); !(with > 0.95 && with <= 1.0 && without < 0.9) {
		t.Errorf("first halving at %.2f years with replenishment, %.2f without", with, without)
	}
}

func TestAmounts(t *testing.T) {
	for _, s := range []string{"0", "1", "99", "0.25", "1.000000000000000001", "123456789.5"} {
		v, err := ParseAmount(s)
		if err != nil {
			t.Fatal(err)
		}
		if FormatAmount(v) != s {
			t.Errorf("%s → %s", s, FormatAmount(v))
		}
	}
	for _, s := range []string{"", "-1", "1e3", "0.1234567890123456789", "abc", "1.", ".5"} {
		if _, err := ParseAmount(s); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
	if GFLFromMegaFLOPS(1_000_000_000).Cmp(MustAmount("1")) != 0 {
		t.Error("10^9 MFLOPS is not 1 GFL")
	}
}
