package tokenomics

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
)

const day = 24 * 3600

// TestHalvingAnchoredToGenesis: on a grid too small for the threshold, era n begins with the
// epoch in which genesis + n years falls, so ten years hold ten halvings. Before the schedule
// was anchored, each era restarted at the closing epoch's close: 15-day epochs put a halving
// every 375 days, nine in ten years, later still when settlement was late.
func TestHalvingAnchoredToGenesis(t *testing.T) {
	p := DefaultParams(genesis)
	s := NewState(genesis, MustAmount("1000000"))
	year := int64(365 * day)
	var halvings []uint64
	for k := uint64(0); ; k++ {
		start, end := p.EpochBounds(k)
		if start >= genesis.Unix()+10*year {
			break
		}
		var r EpochResult
		var err error
		s, r, err = CloseEpoch(p, s, EpochInput{Epoch: k, Medians: map[common.Address]*big.Int{addr(1): MustAmount("1")}})
		if err != nil {
			t.Fatal(err)
		}
		// After the close of the epoch ending at or after genesis + n years, the era is n.
		if want := uint64((end - genesis.Unix()) / year); s.Era != want {
			t.Fatalf("after epoch %d (ends day %d): era %d, want %d", k, (end-genesis.Unix())/day, s.Era, want)
		}
		if r.HalvingReason != "" {
			if r.HalvingReason != HalvingTime {
				t.Fatalf("epoch %d: halving by %s on a grid of 1 GFL", k, r.HalvingReason)
			}
			n := uint64(len(halvings)) + 1
			anniversary := genesis.Unix() + int64(n)*year
			if !(start < anniversary && anniversary <= end) {
				t.Fatalf("halving %d at epoch %d [day %d, day %d): year %d is not inside it", n, k, (start-genesis.Unix())/day, (end-genesis.Unix())/day, n)
			}
			if s.EraStart != anniversary {
				t.Fatalf("era %d starts at %d, want genesis + %d years (%d)", s.Era, s.EraStart, n, anniversary)
			}
			halvings = append(halvings, k)
		}
	}
	if len(halvings) != 10 {
		t.Fatalf("%d halvings in 10 years (at epochs %v), want 10", len(halvings), halvings)
	}
}

// TestRewardSplitAtEraBoundary: the epoch in which an anniversary falls pays the time before
// it at the old era's rate and the time after it at the new one.
func TestRewardSplitAtEraBoundary(t *testing.T) {
	p := DefaultParams(genesis)
	balance := MustAmount("1500")
	s := NewState(genesis, MustAmount("1000000"))
	s.Balances[addr(1)] = clone(balance)
	s.Supply = clone(balance)
	s.NextEpoch = 24 // [day 360, day 375): the first anniversary is day 365
	_, r, err := CloseEpoch(p, s, EpochInput{Epoch: 24, Medians: map[common.Address]*big.Int{addr(1): balance}})
	if err != nil {
		t.Fatal(err)
	}
	// 1500 GFL earn 3 DPS per 15 days at era 0: 5 days at era 0 (1 DPS) + 10 at era 1 (1 DPS).
	if got := FormatAmount(r.RewardsTotal); got != "2" || r.RewardEra != 0 || r.EraAfter != 1 || r.EraBoundary != genesis.Unix()+365*day {
		t.Fatalf("epoch 24: reward %s DPS (want 2), era %d → %d, boundary %d", got, r.RewardEra, r.EraAfter, r.EraBoundary)
	}
}

// TestRewardsPerUnitOfTime: the whitepaper's 20 % × GFL × R / 2^n is per 15 days. Fifteen
// 1-day epochs pay what one 15-day epoch pays; before, each close paid the 15-day rate, so
// 1-day epochs paid 15 times the whitepaper's.
func TestRewardsPerUnitOfTime(t *testing.T) {
	medians := map[common.Address]*big.Int{addr(1): MustAmount("1500")}
	fifteen := DefaultParams(genesis)
	_, r15, err := CloseEpoch(fifteen, NewState(genesis, MustAmount("1000")), EpochInput{Epoch: 0, Medians: medians})
	if err != nil {
		t.Fatal(err)
	}
	if got := FormatAmount(r15.RewardsTotal); got != "3" {
		t.Fatalf("1500 GFL for 15 days: %s DPS, want 3", got)
	}
	daily := DefaultParams(genesis)
	daily.PeriodSeconds = day
	s := NewState(genesis, MustAmount("1000"))
	total := new(big.Int)
	for k := uint64(0); k < 15; k++ {
		var r EpochResult
		s, r, err = CloseEpoch(daily, s, EpochInput{Epoch: k, Medians: medians})
		if err != nil {
			t.Fatal(err)
		}
		if got := FormatAmount(r.RewardsTotal); got != "0.2" {
			t.Fatalf("1500 GFL for a day: %s DPS, want 0.2", got)
		}
		total.Add(total, r.RewardsTotal)
	}
	if total.Cmp(r15.RewardsTotal) != 0 {
		t.Errorf("fifteen 1-day epochs paid %s, one 15-day epoch %s", FormatAmount(total), FormatAmount(r15.RewardsTotal))
	}
	// The cumulative count toward the threshold is per 15 days too.
	if s.CumulativeGFL.Cmp(MustAmount("1500")) != 0 {
		t.Errorf("fifteen 1-day epochs of 1500 GFL counted %s GFL, want 1500 (one 15-day period)", FormatAmount(s.CumulativeGFL))
	}
}

// TestAmountBounds: Go refuses exactly what the contracts refuse: amounts above 2^120 − 1 wei.
func TestAmountBounds(t *testing.T) {
	max := MaxAmount()
	if max.BitLen() != 120 || new(big.Int).Add(max, big.NewInt(1)).BitLen() != 121 {
		t.Fatalf("MaxAmount %s is not 2^120 − 1", max)
	}
	whole := new(big.Int).Quo(max, weiPerToken)
	if _, err := ParseAmount(FormatAmount(max)); err != nil {
		t.Errorf("the largest amount refused: %v", err)
	}
	over := new(big.Int).Add(max, big.NewInt(1))
	if _, err := ParseAmount(FormatAmount(over)); err == nil {
		t.Errorf("2^120 wei (%s) accepted", FormatAmount(over))
	}
	if _, err := ParseAmount(new(big.Int).Add(whole, big.NewInt(1)).String()); err == nil {
		t.Error("a whole amount above the bound accepted")
	}
	p := DefaultParams(genesis)
	if _, _, err := CloseEpoch(p, NewState(genesis, MustAmount("1")), EpochInput{Epoch: 0, Medians: map[common.Address]*big.Int{addr(1): max}}); err != nil {
		t.Errorf("a median of 2^120 − 1 wei refused: %v", err)
	}
	if _, _, err := CloseEpoch(p, NewState(genesis, MustAmount("1")), EpochInput{Epoch: 0, Medians: map[common.Address]*big.Int{addr(1): over}}); err == nil {
		t.Error("a median of 2^120 wei accepted")
	}
	// Two providers at the bound: the supply would not fit.
	if _, _, err := CloseEpoch(p, NewState(genesis, MustAmount("1")), EpochInput{Epoch: 0, Medians: map[common.Address]*big.Int{addr(1): max, addr(2): big.NewInt(1)}}); err == nil {
		t.Error("a supply above 2^120 − 1 wei accepted")
	}
	if _, _, err := CloseEpoch(p, NewState(genesis, MustAmount("1")), EpochInput{Epoch: 0, DPSSpent: over}); err == nil {
		t.Error("DPS spent of 2^120 wei accepted")
	}
}

// TestParamsBounds: the contracts' parameter bounds.
func TestParamsBounds(t *testing.T) {
	for name, mod := range map[string]func(*Params){
		"era shorter than a period": func(p *Params) { p.EraSeconds = p.PeriodSeconds - 1 },
		"period over 366 days":      func(p *Params) { p.PeriodSeconds = MaxPeriodSeconds + 1; p.EraSeconds = MaxEraSeconds },
		"era over 100 × 366 days":   func(p *Params) { p.EraSeconds = MaxEraSeconds + 1 },
		"factor 0":                  func(p *Params) { p.EnvironmentalFactorBps = map[common.Address]uint64{addr(1): 0} },
		"factor over × 2":           func(p *Params) { p.EnvironmentalFactorBps = map[common.Address]uint64{addr(1): 20_001} },
		"threshold over the bound":  func(p *Params) { p.EraThresholdGFL = new(big.Int).Lsh(big.NewInt(1), 120) },
	} {
		p := DefaultParams(genesis)
		mod(&p)
		if err := p.Validate(); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	p := DefaultParams(genesis)
	p.PeriodSeconds, p.EraSeconds = MaxPeriodSeconds, MaxPeriodSeconds
	if err := p.Validate(); err != nil {
		t.Errorf("366-day periods and eras refused: %v", err)
	}
}
