package contracts

import (
	"math/big"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/petagrid/petagrid/contracts/rewardtree"
	"github.com/petagrid/petagrid/pocp"
	"github.com/petagrid/petagrid/tokenomics"
)

// TestWhitepaperExampleOnChain is whitepaper §3.3 on the real calendar and the contract: the
// grid has 100 PFLOPS on 1 January 2023; over the 15 days to 16 January 2023, 00:00 UTC, it
// loses 1 PFLOPS, and the supply is rebalanced from 100 to 99 GFL. Genesis is 17 December
// 2022, so that the example's 15 days are epoch 1 of the 15-day calendar, and epoch 0, which
// ends on 1 January, put the initial 100 GFL on chain.
func TestWhitepaperExampleOnChain(t *testing.T) {
	genesis := time.Date(2022, 12, 17, 0, 0, 0, 0, time.UTC)
	cal, err := pocp.NewCalendar(genesis, pocp.DefaultPeriodSeconds)
	if err != nil {
		t.Fatal(err)
	}
	jan1, jan16 := time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2023, 1, 16, 0, 0, 0, 0, time.UTC)
	if start, end, _ := cal.Period(1); !start.Equal(jan1) || !end.Equal(jan16) {
		t.Fatalf("epoch 1 is [%s, %s), want [1 January, 16 January 2023)", start, end)
	}
	w := newWorldWith(t, 1, tokenomics.MustAmount("2500"), tokenomics.MustAmount("1000"), func(p *Params) {
		p.Genesis, p.PeriodSeconds, p.EraSeconds = genesis, pocp.DefaultPeriodSeconds, 365*24*3600
	})
	site := addrOf(w.providers[0])
	state := tokenomics.NewState(genesis, tokenomics.MustAmount("1000"))
	// The chain's clock is long past both epochs: closing them needs no waiting.
	state = w.settleAfter(state, 0, map[common.Address]*big.Int{site: tokenomics.MustAmount("100")}, nil, time.Second)
	if supply, _ := w.d.GFLSupply(w.ctx); tokenomics.FormatAmount(supply) != "100" {
		t.Fatalf("on 1 January 2023: %s GFL on chain, want 100", tokenomics.FormatAmount(supply))
	}
	state = w.settleAfter(state, 1, map[common.Address]*big.Int{site: tokenomics.MustAmount("99")}, nil, time.Second)
	supply, err := w.d.GFLSupply(w.ctx)
	if err != nil {
		t.Fatal(err)
	}
	if tokenomics.FormatAmount(supply) != "99" || tokenomics.FormatAmount(state.Supply) != "99" {
		t.Fatalf("on 16 January 2023: %s GFL on chain, %s in tokenomics; want 99", tokenomics.FormatAmount(supply), tokenomics.FormatAmount(state.Supply))
	}
}

// TestRebalanceOnlyAdmittedWithinCapacity: the chain mints GFL only to providers the registry
// admits, and at most their admitted capacity × tolerance. Before, rebalance minted to any
// address whatever the registry said.
func TestRebalanceOnlyAdmittedWithinCapacity(t *testing.T) {
	w := newWorld(t, 0)
	admitted, stranger, suspended := addrOf(key(t)), addrOf(key(t)), addrOf(key(t))
	const capacity = 10_000_000_000 // 10 GFL
	w.admit(capacity, admitted, suspended)
	w.ok(w.tx(w.deployer, w.d.registry, w.d.Registry.PackSuspend(suspended)))
	limit := new(big.Int).Mul(tokenomics.GFLFromMegaFLOPS(capacity), big.NewInt(1_050_000))
	limit.Quo(limit, big.NewInt(1_000_000)) // 10.5 GFL
	s := w.d.Settlement
	w.ok(w.sim.AdjustTime(period))
	w.ok(w.tx(w.gateway, w.d.settlement, s.PackOpenEpoch(0, [32]byte{}, 3, new(big.Int))))
	wantRevert(t, w.tx(w.gateway, w.d.settlement, s.PackRebalance([]common.Address{stranger}, []*big.Int{big.NewInt(1)})), "NotAdmitted")
	wantRevert(t, w.tx(w.gateway, w.d.settlement, s.PackRebalance([]common.Address{suspended}, []*big.Int{big.NewInt(1)})), "NotAdmitted")
	over := new(big.Int).Add(limit, big.NewInt(1))
	wantRevert(t, w.tx(w.gateway, w.d.settlement, s.PackRebalance([]common.Address{admitted}, []*big.Int{over})), "ExceedsCapacity")
	// Exactly capacity × tolerance passes; a median of 0 (no report) needs no admission.
	ordered := []common.Address{admitted, stranger, suspended}
	medians := map[common.Address]*big.Int{admitted: limit, stranger: new(big.Int), suspended: new(big.Int)}
	sortAddresses(ordered)
	var amounts []*big.Int
	for _, a := range ordered {
		amounts = append(amounts, medians[a])
	}
	w.ok(w.tx(w.gateway, w.d.settlement, s.PackRebalance(ordered, amounts)))
	if bal, _ := w.d.GFLBalance(w.ctx, admitted); bal.Cmp(limit) != 0 {
		t.Errorf("admitted provider holds %s, want %s (capacity × tolerance)", bal, limit)
	}
}

func sortAddresses(a []common.Address) {
	for i := range a {
		for j := i + 1; j < len(a); j++ {
			if string(a[j][:]) < string(a[i][:]) {
				a[i], a[j] = a[j], a[i]
			}
		}
	}
}

// TestEnvironmentalFactorsOnChain: off unless the deployment says so; on, the chain rebalances
// to median × factor and tokenomics, given the chain's factors, computes the same epoch.
func TestEnvironmentalFactorsOnChain(t *testing.T) {
	off := newWorld(t, 1)
	wantRevert(t, off.d.SetEnvironmentalFactor(off.ctx, off.gateway, addrOf(off.providers[0]), 11_000), "EnvironmentalFactorsDisabled")

	w := newWorldWith(t, 2, tokenomics.MustAmount("50"), tokenomics.MustAmount("1000"), func(p *Params) { p.EnvironmentalFactors = true })
	green, plain := addrOf(w.providers[0]), addrOf(w.providers[1])
	wantRevert(t, w.d.SetEnvironmentalFactor(w.ctx, w.deployer, green, 11_000), "AccessControlUnauthorizedAccount")
	wantRevert(t, w.d.SetEnvironmentalFactor(w.ctx, w.gateway, green, 0), "InvalidFactor")
	wantRevert(t, w.d.SetEnvironmentalFactor(w.ctx, w.gateway, green, 20_001), "InvalidFactor")
	w.ok(w.d.SetEnvironmentalFactor(w.ctx, w.gateway, green, 11_000))
	w.ok(w.d.SetEnvironmentalFactor(w.ctx, w.gateway, plain, 10_000))
	factors, err := w.d.EnvironmentalFactors(w.ctx, []common.Address{green, plain})
	if err != nil || len(factors) != 1 || factors[green] != 11_000 {
		t.Fatalf("factors on chain: %v %v (want only %s at 11000)", factors, err, green.Hex())
	}
	p := w.tokenomicsParams()
	p.EnvironmentalFactorBps = factors
	w.paramsOverride = &p
	// settle compares every figure of the chain's close with tokenomics' under these factors.
	w.settle(tokenomics.NewState(w.params.Genesis, tokenomics.MustAmount("1000")), 0, map[common.Address]*big.Int{green: tokenomics.MustAmount("5"), plain: tokenomics.MustAmount("5")}, nil)
	if bal, _ := w.d.GFLBalance(w.ctx, green); tokenomics.FormatAmount(bal) != "5.5" {
		t.Errorf("a median of 5 GFL × 1.1: %s GFL on chain, want 5.5", tokenomics.FormatAmount(bal))
	}
	// Not while an epoch is open: the epoch's targets must not change under it.
	w.ok(w.sim.AdjustTime(period))
	w.ok(w.tx(w.gateway, w.d.settlement, w.d.Settlement.PackOpenEpoch(1, [32]byte{}, 2, new(big.Int))))
	wantRevert(t, w.d.SetEnvironmentalFactor(w.ctx, w.gateway, green, 12_000), "EpochAlreadyOpen")
}

// TestAmountBoundsOnChain: the contracts refuse amounts above 2^120 − 1 wei, as tokenomics
// does; at the bound they work.
func TestAmountBoundsOnChain(t *testing.T) {
	max := tokenomics.MaxAmount()
	over := new(big.Int).Add(max, big.NewInt(1))
	if err := (Params{Genesis: time.Now(), PeriodSeconds: 3600, EraSeconds: 3600, EraThresholdGFL: big.NewInt(1), DPSSupply: over, ReclaimAfterSeconds: 1, CapacityTolerancePPM: 1_000_000}).Validate(); err == nil {
		t.Error("a DPS supply of 2^120 wei accepted")
	}
	w := newWorldWith(t, 1, tokenomics.MustAmount("50"), tokenomics.MustAmount("1000"), func(p *Params) { p.DPSSupply = max })
	researcher := w.providers[0]
	all, err := w.d.DPSBalance(w.ctx, addrOf(w.deployer))
	w.ok(err)
	w.ok(w.d.TransferDPS(w.ctx, w.deployer, addrOf(researcher), all))
	job := crypto.Keccak256Hash([]byte("at the bound"))
	err = w.d.LockEscrow(w.ctx, researcher, job, over)
	wantRevert(t, err, "AmountTooLarge")
	// The pool holds 1,000 DPS: funding it past the bound is refused.
	w.ok(w.d.TransferDPS(w.ctx, researcher, addrOf(w.deployer), tokenomics.MustAmount("1")))
	wantRevert(t, w.d.FundPool(w.ctx, w.deployer, new(big.Int).Sub(max, tokenomics.MustAmount("999.999999999999999999"))), "AmountTooLarge")
	w.ok(w.d.FundPool(w.ctx, w.deployer, tokenomics.MustAmount("1")))
	rest, err := w.d.DPSBalance(w.ctx, addrOf(researcher))
	w.ok(err)
	w.ok(w.d.LockEscrow(w.ctx, researcher, job, rest)) // all but 1,001 DPS of 2^120 − 1 wei
	w.ok(w.d.SettleEscrow(w.ctx, w.gateway, addrOf(researcher), job, new(big.Int)))
}

// TestCappedRewardsMatchTokenomics is a property test of the capped pro-rata path: random
// grids whose pool is smaller than the rewards due, random epoch lengths, escrows replenishing
// the pool between closes; every close is compared with tokenomics to the wei (balances,
// supply, pool, emitted, cumulative counts, era), and so are the per-provider rewards that
// the claims then pay.
func TestCappedRewardsMatchTokenomics(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 9))
	capped, runs := 0, 6
	for run := 0; run < runs; run++ {
		periodSeconds := []uint64{3600, 86_400, tokenomics.PeriodSeconds}[run%3]
		pool := new(big.Int).SetUint64(rng.Uint64N(5_000_000_000_000_000)) // up to 0.005 DPS
		w := newWorldWith(t, 4, tokenomics.MustAmount("40"), pool, func(p *Params) {
			p.PeriodSeconds, p.EraSeconds = periodSeconds, periodSeconds*uint64(3+rng.IntN(5))
		})
		researcher := w.providers[3]
		w.ok(w.d.TransferDPS(w.ctx, w.deployer, addrOf(researcher), tokenomics.MustAmount("10")))
		state := tokenomics.NewState(w.params.Genesis, pool)
		for k := uint64(0); k < 8; k++ {
			medians := map[common.Address]*big.Int{}
			for _, p := range w.providers[:3] {
				if rng.IntN(6) == 0 {
					continue
				}
				medians[addrOf(p)] = new(big.Int).Mul(big.NewInt(1+rng.Int64N(40_000_000_000)), big.NewInt(1_000_000_000)) // up to 40 GFL, to the MFLOPS
			}
			spent := new(big.Int)
			if rng.IntN(3) == 0 {
				job := crypto.Keccak256Hash([]byte{byte(run), byte(k)})
				cost := new(big.Int).SetUint64(rng.Uint64N(3_000_000_000_000_000))
				w.ok(w.d.LockEscrow(w.ctx, researcher, job, tokenomics.MustAmount("1")))
				w.ok(w.d.SettleEscrow(w.ctx, w.gateway, addrOf(researcher), job, cost))
				spent = cost
			}
			// A close is late by a random delay: nothing may depend on it.
			late := time.Duration(periodSeconds)*time.Second + time.Duration(rng.IntN(3600))*time.Second
			_, res, err := tokenomics.CloseEpoch(w.tokenomicsParams(), state, tokenomics.EpochInput{Epoch: k, Medians: medians, DPSSpent: spent})
			w.ok(err)
			if res.RewardsCapped {
				capped++
			}
			state = w.settleAfter(state, k, medians, spent, late)
		}
		// Every provider claims its cumulative rewards: the tree pays exactly tokenomics'.
		leaves := []rewardtree.Leaf{{Account: common.Address{}, Cumulative: new(big.Int)}}
		for a, v := range state.Rewards {
			leaves = append(leaves, rewardtree.Leaf{Account: a, Cumulative: v})
		}
		tree, err := rewardtree.New(leaves)
		w.ok(err)
		for a, v := range state.Rewards {
			proof, amount, err := tree.Proof(a)
			w.ok(err)
			before, _ := w.d.DPSBalance(w.ctx, a)
			if _, err := w.d.Claim(w.ctx, w.gateway, a, amount, proof); err != nil {
				t.Fatalf("run %d: claim of %s: %v", run, a.Hex(), err)
			}
			after, _ := w.d.DPSBalance(w.ctx, a)
			if got := new(big.Int).Sub(after, before); got.Cmp(v) != 0 {
				t.Errorf("run %d: %s was paid %s wei, tokenomics owes %s", run, a.Hex(), got, v)
			}
		}
	}
	if capped < runs {
		t.Fatalf("only %d capped closes in %d runs: the pro-rata path is not exercised", capped, runs)
	}
	t.Logf("%d of %d closes took the capped pro-rata path", capped, runs*8)
}

// TestHalvingAnchoredOnChain: with closes ever later (each waits a day and up to a day more:
// the last is 15 days late), the chain's era follows the calendar (era n from the epoch in
// which genesis + n eras falls), as tokenomics does. Before, each era restarted at its
// closing block, and late closes pushed every later halving back.
func TestHalvingAnchoredOnChain(t *testing.T) {
	w := newWorldWith(t, 1, tokenomics.MustAmount("1000000"), tokenomics.MustAmount("1000"), func(p *Params) {
		p.PeriodSeconds, p.EraSeconds = 86_400, 7*86_400+3600 // eras do not fall on epoch bounds
	})
	site := addrOf(w.providers[0])
	state := tokenomics.NewState(w.params.Genesis, tokenomics.MustAmount("1000"))
	halvings := 0
	for k := uint64(0); k < 30; k++ {
		late := day + time.Duration(k%3)*day/2
		before := state.Era
		state = w.settleAfter(state, k, map[common.Address]*big.Int{site: tokenomics.MustAmount("1")}, nil, late)
		end := int64(k+1) * 86_400
		if want := uint64(end / (7*86_400 + 3600)); state.Era != want {
			t.Fatalf("after epoch %d: era %d, want %d", k, state.Era, want)
		}
		if state.Era > before {
			halvings++
		}
	}
	if halvings != 4 {
		t.Errorf("%d halvings in 30 days of 7-day eras, want 4", halvings)
	}
}
