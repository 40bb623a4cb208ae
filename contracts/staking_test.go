package contracts

import (
	"crypto/ecdsa"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/petagrid/petagrid/tokenomics"
)

// stakePerPetaFLOPS makes testCapacityMegaFLOPS (1,000 PFLOPS) need 1,000 DPS bonded.
var stakePerPetaFLOPS = tokenomics.MustAmount("1")

func withStake(p *Params) {
	p.Staking = StakingParams{StakePerPetaFLOPSWei: stakePerPetaFLOPS, UnbondingSeconds: uint64(2 * period / time.Second)}
}

// newStakingWorld is a world whose providers hold 5,000 DPS each and are not admitted yet.
func newStakingWorld(t *testing.T, providers int) *world {
	t.Helper()
	w := newWorldWith(t, 0, tokenomics.MustAmount("50"), tokenomics.MustAmount("1000"), withStake)
	w.params.Staking = w.params.Staking.WithDefaults() // as deployed
	for i := 0; i < providers; i++ {
		k := key(t)
		w.providers = append(w.providers, k)
		w.ok(w.sim.SendETH(w.ctx, w.deployer, addrOf(k), tokenomics.MustAmount("10")))
		w.ok(w.d.TransferDPS(w.ctx, w.deployer, addrOf(k), tokenomics.MustAmount("5000")))
	}
	return w
}

func (w *world) stakeOf(p *ecdsa.PrivateKey) Stake {
	w.t.Helper()
	s, err := w.d.StakeOf(w.ctx, addrOf(p))
	if err != nil {
		w.t.Fatal(err)
	}
	return s
}

func admission(capacity uint64, tag string) Admission {
	return Admission{CapacityMegaFLOPS: capacity, GPUs: 8, Registration: crypto.Keccak256Hash([]byte(tag))}
}

func TestAdmissionNeedsStake(t *testing.T) {
	w := newStakingWorld(t, 1)
	p := w.providers[0]
	required, err := w.d.RequiredStake(w.ctx, testCapacityMegaFLOPS)
	if err != nil || tokenomics.FormatAmount(required) != "1000" {
		t.Fatalf("required stake for 1,000 PFLOPS: %v %v, want 1000 DPS", required, err)
	}
	if got := w.params.Staking.RequiredStake(testCapacityMegaFLOPS); got.Cmp(required) != 0 {
		t.Fatalf("Go computes %s, the chain %s", got, required)
	}
	if one, _ := w.d.RequiredStake(w.ctx, 1); one.Cmp(big.NewInt(1e9)) != 0 || w.params.Staking.RequiredStake(1).Cmp(big.NewInt(1e9)) != 0 {
		t.Fatalf("required stake for 1 MFLOPS: chain %s, Go %s, want 10^9 wei", one, w.params.Staking.RequiredStake(1))
	}
	// Rounded up, as on chain: at 1 wei per PFLOPS, one MFLOPS needs one wei, not nothing.
	if got := (StakingParams{StakePerPetaFLOPSWei: big.NewInt(1)}).RequiredStake(1); got.Cmp(big.NewInt(1)) != 0 {
		t.Fatalf("1 MFLOPS at 1 wei per PFLOPS: %s wei, want 1", got)
	}
	wantRevert(t, w.d.AdmitProvider(w.ctx, w.deployer, addrOf(p), admission(testCapacityMegaFLOPS, "a")), "InsufficientStake")
	w.ok(w.d.StakeProvider(w.ctx, p, tokenomics.MustAmount("999.999999999999999999")))
	wantRevert(t, w.d.AdmitProvider(w.ctx, w.deployer, addrOf(p), admission(testCapacityMegaFLOPS, "a")), "InsufficientStake")
	w.ok(w.d.StakeProvider(w.ctx, p, big.NewInt(1)))
	w.ok(w.d.AdmitProvider(w.ctx, w.deployer, addrOf(p), admission(testCapacityMegaFLOPS, "a")))

	// The admitted capacity's stake stays bonded; more capacity needs more stake.
	wantRevert(t, w.d.RequestUnbond(w.ctx, p, big.NewInt(1)), "StakeStillNeeded")
	wantRevert(t, w.d.AdmitProvider(w.ctx, w.deployer, addrOf(p), admission(2*testCapacityMegaFLOPS, "b")), "InsufficientStake")
	w.ok(w.d.StakeProvider(w.ctx, p, tokenomics.MustAmount("1500")))
	w.ok(w.d.AdmitProvider(w.ctx, w.deployer, addrOf(p), admission(2*testCapacityMegaFLOPS, "b")))
	w.ok(w.d.RequestUnbond(w.ctx, p, tokenomics.MustAmount("500")))
	wantRevert(t, w.d.RequestUnbond(w.ctx, p, big.NewInt(1)), "StakeStillNeeded")

	// Unbonding waits the whole period, and a second request restarts it.
	wantRevert(t, w.d.WithdrawStake(w.ctx, p), "StillUnbonding")
	w.ok(w.sim.AdjustTime(period))
	w.ok(w.d.SuspendProvider(w.ctx, w.deployer, addrOf(p)))
	// Suspended (for fraud, say), its stake stays: what the registered capacity needs.
	wantRevert(t, w.d.RequestUnbond(w.ctx, p, big.NewInt(1)), "StakeStillNeeded")
	// Leaving, the operator takes its capacity to 0, and all of it may unbond.
	if _, err := w.d.Chain.transact(w.ctx, w.deployer, w.d.registry, w.d.Registry.PackUpdate(addrOf(p), 0, 0, crypto.Keccak256Hash([]byte("gone")))); err != nil {
		t.Fatal(err)
	}
	w.ok(w.d.RequestUnbond(w.ctx, p, tokenomics.MustAmount("2000")))
	w.ok(w.sim.AdjustTime(period + time.Hour))
	wantRevert(t, w.d.WithdrawStake(w.ctx, p), "StillUnbonding")
	// Reinstating needs the stake again.
	wantRevert(t, w.d.AdmitProvider(w.ctx, w.deployer, addrOf(p), admission(2*testCapacityMegaFLOPS, "b")), "InsufficientStake")
	w.ok(w.sim.AdjustTime(period))
	before, _ := w.d.DPSBalance(w.ctx, addrOf(p))
	w.ok(w.d.WithdrawStake(w.ctx, p))
	after, _ := w.d.DPSBalance(w.ctx, addrOf(p))
	if got := new(big.Int).Sub(after, before); tokenomics.FormatAmount(got) != "2500" {
		t.Fatalf("withdrew %s DPS, want 2500", tokenomics.FormatAmount(got))
	}
	if s := w.stakeOf(p); s.BondedWei.Sign() != 0 || s.UnbondingWei.Sign() != 0 || !s.UnbondsAt.IsZero() {
		t.Fatalf("after withdrawing everything: %+v", s)
	}
	wantRevert(t, w.d.WithdrawStake(w.ctx, p), "NothingUnbonding")
	// Reinstated at a smaller capacity, the stake for that capacity is enough: the update
	// comes first.
	w.ok(w.d.StakeProvider(w.ctx, p, tokenomics.MustAmount("500")))
	w.ok(w.d.AdmitProvider(w.ctx, w.deployer, addrOf(p), admission(testCapacityMegaFLOPS/2, "c")))
	if pr, err := w.d.Provider(w.ctx, addrOf(p)); err != nil || pr.Status != ProviderAdmitted || pr.CapacityMegaFLOPS != testCapacityMegaFLOPS/2 {
		t.Fatalf("after reinstatement: %+v %v", pr, err)
	}
}

func TestSlashing(t *testing.T) {
	w := newStakingWorld(t, 2)
	p, other := w.providers[0], w.providers[1]
	w.ok(w.d.StakeProvider(w.ctx, p, tokenomics.MustAmount("2000")))
	w.ok(w.d.AdmitProvider(w.ctx, w.deployer, addrOf(p), admission(testCapacityMegaFLOPS, "a")))
	w.ok(w.d.RequestUnbond(w.ctx, p, tokenomics.MustAmount("400")))

	evidence := crypto.Keccak256Hash([]byte("challenge 1"))
	// Only the gateway slashes, and only with evidence, each piece once.
	_, err := w.d.Slash(w.ctx, w.deployer, addrOf(p), SlashFailedChallenge, evidence)
	wantRevert(t, err, "AccessControlUnauthorizedAccount")
	_, err = w.d.Slash(w.ctx, other, addrOf(p), SlashFailedChallenge, evidence)
	wantRevert(t, err, "AccessControlUnauthorizedAccount")
	_, err = w.d.Slash(w.ctx, w.gateway, addrOf(p), SlashFailedChallenge, common.Hash{})
	wantRevert(t, err, "ZeroEvidence")
	_, err = w.d.Slash(w.ctx, w.gateway, addrOf(other), SlashFailedChallenge, evidence)
	wantRevert(t, err, "NothingToSlash")
	if _, err := w.d.Slash(w.ctx, w.gateway, addrOf(p), slashReasons, evidence); err == nil {
		t.Fatal("an unknown reason was sent")
	}

	// 10 % of 2,000 DPS for a failed challenge: 200, all from the 400 unbonding.
	amount, err := w.d.Slash(w.ctx, w.gateway, addrOf(p), SlashFailedChallenge, evidence)
	if err != nil || tokenomics.FormatAmount(amount) != "200" {
		t.Fatalf("failed challenge slashed %v DPS (%v), want 200", amount, err)
	}
	_, err = w.d.Slash(w.ctx, w.gateway, addrOf(p), SlashFailedChallenge, evidence)
	wantRevert(t, err, "EvidenceUsed")
	s := w.stakeOf(p)
	if tokenomics.FormatAmount(s.BondedWei) != "1600" || tokenomics.FormatAmount(s.UnbondingWei) != "200" || tokenomics.FormatAmount(s.SlashedWei) != "200" {
		t.Fatalf("after the first slash: bonded %s, unbonding %s, slashed %s; want 1600, 200, 200",
			tokenomics.FormatAmount(s.BondedWei), tokenomics.FormatAmount(s.UnbondingWei), tokenomics.FormatAmount(s.SlashedWei))
	}
	// 50 % of 1,800 for a duplicated device: 900, the 200 unbonding then 700 bonded.
	amount, err = w.d.Slash(w.ctx, w.gateway, addrOf(p), SlashDuplicateIdentity, crypto.Keccak256Hash([]byte("gpu uuid")))
	if err != nil || tokenomics.FormatAmount(amount) != "900" {
		t.Fatalf("duplicate identity slashed %v DPS (%v), want 900", amount, err)
	}
	s = w.stakeOf(p)
	if tokenomics.FormatAmount(s.BondedWei) != "900" || s.UnbondingWei.Sign() != 0 || !s.UnbondsAt.IsZero() || tokenomics.FormatAmount(s.SlashedWei) != "1100" {
		t.Fatalf("after the second slash: %+v", s)
	}
	// Under-staked now: the provider cannot unbond any of it, and a reinstatement would
	// need a top-up.
	wantRevert(t, w.d.RequestUnbond(w.ctx, p, big.NewInt(1)), "StakeStillNeeded")

	// The slashed DPS goes to the reward pool.
	poolBefore, err := w.d.State(w.ctx)
	if err != nil {
		t.Fatal(err)
	}
	// Only the gateway pays it, between settlements; nobody else funds the pool either.
	wantRevert(t, w.d.PaySlashedToPool(w.ctx, other), "AccessControlUnauthorizedAccount")
	wantRevert(t, w.d.FundPool(w.ctx, other, big.NewInt(1)), "AccessControlUnauthorizedAccount")
	w.ok(w.d.PaySlashedToPool(w.ctx, w.gateway))
	poolAfter, err := w.d.State(w.ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got := new(big.Int).Sub(poolAfter.Pool, poolBefore.Pool); tokenomics.FormatAmount(got) != "1100" {
		t.Fatalf("the pool grew by %s DPS, want 1100", tokenomics.FormatAmount(got))
	}
	totals, err := w.d.SlashedTotals(w.ctx)
	if err != nil || tokenomics.FormatAmount(totals.SlashedWei) != "1100" || tokenomics.FormatAmount(totals.PaidToPoolWei) != "1100" || totals.PendingWei.Sign() != 0 {
		t.Fatalf("totals: %+v %v", totals, err)
	}
	w.ok(w.d.PaySlashedToPool(w.ctx, w.gateway)) // nothing pending: nothing sent
}

func TestStakingParamsValidate(t *testing.T) {
	good := DefaultStaking()
	if err := good.Validate(uint64(period / time.Second)); err != nil {
		t.Fatal(err)
	}
	for name, mod := range map[string]func(*StakingParams){
		"negative stake":       func(s *StakingParams) { s.StakePerPetaFLOPSWei = big.NewInt(-1) },
		"stake over the bound": func(s *StakingParams) { s.StakePerPetaFLOPSWei = new(big.Int).Lsh(big.NewInt(1), 120) },
		"unbonding shorter":    func(s *StakingParams) { s.UnbondingSeconds = uint64(2*period/time.Second) - 1 },
		"unbonding too long":   func(s *StakingParams) { s.UnbondingSeconds = maxUnbondingSeconds + 1 },
		"zero fraction":        func(s *StakingParams) { s.LostReplicaVoteBps = 0 },
		"fraction over 100 %":  func(s *StakingParams) { s.FailedChallengeBps = 10_001 },
	} {
		s := DefaultStaking()
		mod(&s)
		if err := s.Validate(uint64(period / time.Second)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// TestStakingInvariantsRandom drives Staking with random operations from three providers
// (stake, unbond, withdraw, slash, pay to the pool, time passing) against a model in Go, and
// checks after each one: every stake equals the model's to the wei; the contract's DPS equals
// all bonded and unbonding stake plus what waits for the pool; nobody's slashed total exceeds
// what it ever staked; a withdrawal before the unbonding period ends always reverts; and the
// bonded stake of an admitted provider never falls below its requirement by its own doing.
func TestStakingInvariantsRandom(t *testing.T) {
	done := map[string]int{}
	for run := uint64(0); run < 4; run++ {
		t.Run(fmt.Sprint(run), func(t *testing.T) { checkStakingInvariants(t, rand.New(rand.NewPCG(run, 29)), 40, done) })
	}
	// The runs must reach what they check, not only the refusals.
	for _, what := range []string{"stake", "admit", "unbond", "unbond refused", "withdraw", "withdraw refused", "slash", "pay"} {
		if done[what] == 0 {
			t.Errorf("no run did %q: %v", what, done)
		}
	}
}

type stakeModel struct {
	bonded, unbonding, slashed, staked *big.Int
	unbondsAt                          int64
}

func checkStakingInvariants(t *testing.T, rng *rand.Rand, steps int, done map[string]int) {
	w := newStakingWorld(t, 3)
	models := make([]*stakeModel, len(w.providers))
	for i := range models {
		models[i] = &stakeModel{bonded: new(big.Int), unbonding: new(big.Int), slashed: new(big.Int), staked: new(big.Int)}
	}
	capacity := uint64(testCapacityMegaFLOPS / 4) // 250 DPS required
	required := w.params.Staking.RequiredStake(capacity)
	admitted := make([]bool, len(w.providers))
	pending := new(big.Int)
	evidence := 0
	for step := 0; step < steps; step++ {
		i := rng.IntN(len(w.providers))
		p, m := w.providers[i], models[i]
		now, err := w.sim.Now(w.ctx)
		if err != nil {
			t.Fatal(err)
		}
		amount := new(big.Int).Mul(big.NewInt(int64(1+rng.IntN(400))), tokenomics.MustAmount("1"))
		what := rng.IntN(7)
		switch what {
		case 0: // stake, and get admitted once covered
			if err := w.d.StakeProvider(w.ctx, p, amount); err != nil {
				t.Fatalf("step %d: staking %s: %v", step, amount, err)
			}
			m.bonded.Add(m.bonded, amount)
			m.staked.Add(m.staked, amount)
			done["stake"]++
			if !admitted[i] && m.bonded.Cmp(required) >= 0 {
				w.ok(w.d.AdmitProvider(w.ctx, w.deployer, addrOf(p), admission(capacity, fmt.Sprint(i))))
				admitted[i] = true
				done["admit"]++
			}
		case 1: // unbond: refused exactly when it would leave less than needed
			need := new(big.Int)
			if admitted[i] {
				need = required
			}
			err := w.d.RequestUnbond(w.ctx, p, amount)
			left := new(big.Int).Sub(m.bonded, amount)
			switch {
			case amount.Cmp(m.bonded) > 0:
				wantRevert(t, err, "InsufficientBonded")
				done["unbond refused"]++
			case left.Cmp(need) < 0:
				wantRevert(t, err, "StakeStillNeeded")
				done["unbond refused"]++
			case err != nil:
				t.Fatalf("step %d: unbonding %s: %v", step, amount, err)
			default:
				m.bonded.Sub(m.bonded, amount)
				m.unbonding.Add(m.unbonding, amount)
				done["unbond"]++
				// The period runs from the block that took the request: the head now.
				mined, err := w.sim.Now(w.ctx)
				if err != nil {
					t.Fatal(err)
				}
				m.unbondsAt = mined.Unix() + int64(w.params.Staking.UnbondingSeconds)
			}
		case 2: // withdraw: only after the period
			err := w.d.WithdrawStake(w.ctx, p)
			// The withdrawal runs in a block dated at or shortly after the head: within a
			// minute of the period's end either answer is right.
			early, late := now.Unix()+60 < m.unbondsAt, now.Unix() >= m.unbondsAt
			switch {
			case m.unbonding.Sign() == 0:
				wantRevert(t, err, "NothingUnbonding")
			case early || (!late && err != nil):
				wantRevert(t, err, "StillUnbonding")
				done["withdraw refused"]++
			case err != nil:
				t.Fatalf("step %d: withdrawing after the period: %v", step, err)
			default:
				m.unbonding.SetInt64(0)
				m.unbondsAt = 0
				done["withdraw"]++
			}
		case 3: // slash for a random reason
			reason := SlashReason(rng.IntN(int(slashReasons)))
			evidence++
			got, err := w.d.Slash(w.ctx, w.gateway, addrOf(p), reason, crypto.Keccak256Hash([]byte(fmt.Sprint(evidence))))
			total := new(big.Int).Add(m.bonded, m.unbonding)
			if total.Sign() == 0 {
				wantRevert(t, err, "NothingToSlash")
				break
			}
			if err != nil {
				t.Fatalf("step %d: slashing: %v", step, err)
			}
			bps := w.params.Staking.slashBps()[reason]
			want := new(big.Int).Quo(new(big.Int).Mul(total, big.NewInt(int64(bps))), big.NewInt(maxSlashBps))
			if got.Cmp(want) != 0 {
				t.Fatalf("step %d: slashed %s for %s, want %s", step, got, reason, want)
			}
			fromUnbonding := new(big.Int).Set(want)
			if fromUnbonding.Cmp(m.unbonding) > 0 {
				fromUnbonding.Set(m.unbonding)
			}
			m.unbonding.Sub(m.unbonding, fromUnbonding)
			m.bonded.Sub(m.bonded, new(big.Int).Sub(want, fromUnbonding))
			if m.unbonding.Sign() == 0 {
				m.unbondsAt = 0
			}
			m.slashed.Add(m.slashed, want)
			pending.Add(pending, want)
			done["slash"]++
		case 4: // pay the slashed DPS into the pool
			w.ok(w.d.PaySlashedToPool(w.ctx, w.gateway))
			pending.SetInt64(0)
			done["pay"]++
		default: // time passes: up to an unbonding period and a half
			w.ok(w.sim.AdjustTime(time.Duration(1+rng.IntN(int(3*w.params.Staking.UnbondingSeconds/2))) * time.Second))
		}
		held, err := w.d.DPSBalance(w.ctx, w.d.Addresses.Staking)
		if err != nil {
			t.Fatal(err)
		}
		sum := new(big.Int).Set(pending)
		for j, mj := range models {
			s := w.stakeOf(w.providers[j])
			var at int64
			if !s.UnbondsAt.IsZero() {
				at = s.UnbondsAt.Unix()
			}
			if s.BondedWei.Cmp(mj.bonded) != 0 || s.UnbondingWei.Cmp(mj.unbonding) != 0 || s.SlashedWei.Cmp(mj.slashed) != 0 || at != mj.unbondsAt {
				t.Fatalf("step %d (op %d): provider %d on chain %+v; model bonded %s unbonding %s slashed %s unbonds at %d",
					step, what, j, s, mj.bonded, mj.unbonding, mj.slashed, mj.unbondsAt)
			}
			if s.SlashedWei.Cmp(mj.staked) > 0 {
				t.Fatalf("step %d: provider %d slashed %s of %s ever staked", step, j, s.SlashedWei, mj.staked)
			}
			sum.Add(sum, mj.bonded).Add(sum, mj.unbonding)
		}
		if held.Cmp(sum) != 0 {
			t.Fatalf("step %d: Staking holds %s DPS, stakes and pending slashes come to %s", step, held, sum)
		}
	}
}

// FuzzStakingInvariants is TestStakingInvariantsRandom's check over fuzzed operation streams.
func FuzzStakingInvariants(f *testing.F) {
	f.Add(uint64(1), uint64(2))
	f.Add(uint64(7), uint64(99))
	f.Fuzz(func(t *testing.T, a, b uint64) {
		checkStakingInvariants(t, rand.New(rand.NewPCG(a, b)), 24, map[string]int{})
	})
}

// TestStakingGas logs what staking costs a provider and the gateway (docs/benchmarks.md),
// and fails when an operation grows past its bound.
func TestStakingGas(t *testing.T) {
	w := newStakingWorld(t, 1)
	p := w.providers[0]
	gas := func(what string, key *ecdsa.PrivateKey, contract *bind.BoundContract, data []byte, bound uint64) uint64 {
		t.Helper()
		r, err := w.d.Chain.transact(w.ctx, key, contract, data)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if r.GasUsed > bound {
			t.Errorf("%s used %d gas, over its bound of %d", what, r.GasUsed, bound)
		}
		return r.GasUsed
	}
	amount := tokenomics.MustAmount("3000")
	if _, err := w.d.Chain.transact(w.ctx, p, w.d.dps, w.d.DPS.PackApprove(w.d.Addresses.Staking, amount)); err != nil {
		t.Fatal(err)
	}
	first := gas("first stake", p, w.d.staking, w.d.Staking.PackStake(tokenomics.MustAmount("2000")), 100_000)
	next := gas("next stake", p, w.d.staking, w.d.Staking.PackStake(tokenomics.MustAmount("1000")), 60_000)
	reg := crypto.Keccak256Hash([]byte("registration"))
	admit := gas("admission with the stake check", w.deployer, w.d.registry, w.d.Registry.PackAdmit(addrOf(p), testCapacityMegaFLOPS, 8, reg), 150_000)
	unbond := gas("unbond request", p, w.d.staking, w.d.Staking.PackRequestUnbond(tokenomics.MustAmount("1000")), 100_000)
	slash := gas("slash", w.gateway, w.d.staking, w.d.Staking.PackSlash(addrOf(p), uint8(SlashFailedChallenge), crypto.Keccak256Hash([]byte("e"))), 150_000)
	pay := gas("payment of slashed DPS to the pool", w.gateway, w.d.staking, w.d.Staking.PackPayToPool(), 120_000)
	w.ok(w.sim.AdjustTime(time.Duration(w.params.Staking.UnbondingSeconds) * time.Second))
	withdraw := gas("withdrawal", p, w.d.staking, w.d.Staking.PackWithdraw(), 60_000)
	t.Logf("staking gas: stake first %d, next %d; admission with the stake check %d; unbond request %d; withdrawal %d; slash %d; payment to the pool %d",
		first, next, admit, unbond, withdraw, slash, pay)
}
