package contracts

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"math/big"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/petagrid/petagrid/contracts/rewardtree"
	"github.com/petagrid/petagrid/tokenomics"
)

const day = 24 * time.Hour

// period is the test worlds' epoch: the whitepaper's 15 days, so that rewards are its rate per
// epoch (other lengths are tested where they matter: they pay in proportion).
const period = 15 * day

// testCapacityMegaFLOPS is what newWorld admits each provider with: 10^12 MFLOPS (1,000 GFL),
// far above the medians the tests settle.
const testCapacityMegaFLOPS = 1_000_000_000_000

type world struct {
	t         *testing.T
	ctx       context.Context
	sim       *Simulated
	d         *Deployment
	deployer  *ecdsa.PrivateKey
	gateway   *ecdsa.PrivateKey
	providers []*ecdsa.PrivateKey
	params    Params
	// paramsOverride replaces the tokenomics parameters the deployment implies (environmental
	// factors read from the chain).
	paramsOverride *tokenomics.Params
	// settleBatch is the rebalance batch settle uses (0: 2, to exercise many batches);
	// lastSettled is what the latest settle recorded, with its gas.
	settleBatch int
	lastSettled Settled
}

func key(t testing.TB) *ecdsa.PrivateKey {
	t.Helper()
	k, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func addrOf(k *ecdsa.PrivateKey) common.Address { return crypto.PubkeyToAddress(k.PublicKey) }

// newWorld deploys everything on a fresh simulated chain with 15-day epochs starting at the
// chain's genesis, a ten-epoch era and a 50 GFL era threshold, funds the pool with 1,000 DPS,
// and admits each provider key in the registry.
func newWorld(t *testing.T, providers int) *world {
	return newWorldWithThreshold(t, providers, tokenomics.MustAmount("50"))
}

func newWorldWithThreshold(t *testing.T, providers int, threshold *big.Int) *world {
	t.Helper()
	return newWorldWith(t, providers, threshold, tokenomics.MustAmount("1000"))
}

// newWorldWith is newWorld with a threshold, a reward pool and changes to the parameters.
func newWorldWith(t *testing.T, providers int, threshold, pool *big.Int, mods ...func(*Params)) *world {
	t.Helper()
	w := &world{t: t, ctx: context.Background(), deployer: key(t), gateway: key(t)}
	funded := []common.Address{addrOf(w.deployer), addrOf(w.gateway)}
	for i := 0; i < providers; i++ {
		k := key(t)
		w.providers = append(w.providers, k)
		funded = append(funded, addrOf(k))
	}
	w.sim = NewSimulated(funded...)
	t.Cleanup(func() { w.sim.Close() })
	// The simulated genesis block is dated 1970; the first mined block carries the clock's time.
	w.sim.Backend.Commit()
	now, err := w.sim.Now(w.ctx)
	if err != nil {
		t.Fatal(err)
	}
	w.params = Params{Genesis: now, PeriodSeconds: uint64(period / time.Second), EraSeconds: uint64(10 * period / time.Second),
		EraThresholdGFL: threshold, DPSSupply: tokenomics.MustAmount("210000000"), ReclaimAfterSeconds: 3600, CapacityTolerancePPM: 1_050_000}
	for _, mod := range mods {
		mod(&w.params)
	}
	w.d, err = Deploy(w.ctx, w.sim.Chain, w.deployer, addrOf(w.gateway), addrOf(w.deployer), w.params)
	if err != nil {
		t.Fatal(err)
	}
	if pool != nil && pool.Sign() > 0 {
		if err := w.d.FundPool(w.ctx, w.deployer, pool); err != nil {
			t.Fatal(err)
		}
	}
	var addrs []common.Address
	for _, k := range w.providers {
		addrs = append(addrs, addrOf(k))
	}
	w.admit(testCapacityMegaFLOPS, addrs...)
	return w
}

// admit admits providers in the registry with a capacity, many transactions to a block (a
// gas report admits 10,000), and checks each is admitted.
func (w *world) admit(capacityMegaFLOPS uint64, providers ...common.Address) {
	t := w.t
	t.Helper()
	// Every earlier transaction was mined (transact waits): the head's nonce is the next one.
	nonce, err := w.sim.Backend.Client().NonceAt(w.ctx, addrOf(w.deployer), nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range providers {
		opts := bind.NewKeyedTransactor(w.deployer, SimulatedChainID)
		opts.Context, opts.Nonce, opts.GasLimit = w.ctx, new(big.Int).SetUint64(nonce), 200_000
		nonce++
		reg := crypto.Keccak256Hash(a[:], []byte("registration"))
		tx, err := bind.Transact(w.d.registry, opts, w.d.Registry.PackAdmit(a, capacityMegaFLOPS, 8, reg))
		if err != nil {
			t.Fatalf("admitting %s: %v", a.Hex(), err)
		}
		// One sender's transactions are mined in nonce order: once a batch's last is in, all
		// are (wait mines until it is, even when the pool promotes it after a block sealed).
		if i%250 == 249 || i == len(providers)-1 {
			if _, err := w.d.Chain.wait(w.ctx, tx); err != nil {
				t.Fatalf("admitting %s: %v", a.Hex(), err)
			}
		}
	}
	for _, a := range providers {
		p, err := w.d.Provider(w.ctx, a)
		if err != nil || p.Status != ProviderAdmitted || p.CapacityMegaFLOPS != capacityMegaFLOPS {
			t.Fatalf("provider %s after admission: %+v %v", a.Hex(), p, err)
		}
	}
}

func (w *world) tokenomicsParams() tokenomics.Params {
	if w.paramsOverride != nil {
		return *w.paramsOverride
	}
	return w.params.TokenomicsParams()
}

func wantRevert(t *testing.T, err error, name string) {
	t.Helper()
	var re *RevertError
	if !errors.As(err, &re) || re.Name != name {
		t.Fatalf("want revert %s, got %v", name, err)
	}
}

// settle closes epoch k on chain and in tokenomics from the same inputs and returns the new
// tokenomics state, checking the two agree to the wei.
func (w *world) settle(state *tokenomics.State, k uint64, medians map[common.Address]*big.Int, spent *big.Int) *tokenomics.State {
	t := w.t
	t.Helper()
	return w.settleAfter(state, k, medians, spent, time.Duration(w.params.PeriodSeconds)*time.Second)
}

// settleAfter is settle after moving the chain's clock by wait: a late close must change
// nothing, the calendar is the clock.
func (w *world) settleAfter(state *tokenomics.State, k uint64, medians map[common.Address]*big.Int, spent *big.Int, wait time.Duration) *tokenomics.State {
	t := w.t
	t.Helper()
	if err := w.sim.AdjustTime(wait); err != nil {
		t.Fatal(err)
	}
	p := w.tokenomicsParams()
	// Nothing depends on when the close happens: compute it first, for the root.
	next, res, err := tokenomics.CloseEpoch(p, state, tokenomics.EpochInput{Epoch: k, Medians: medians, DPSSpent: spent})
	if err != nil {
		t.Fatal(err)
	}
	leaves := []rewardtree.Leaf{{Account: common.Address{}, Cumulative: new(big.Int)}}
	cum := map[common.Address]*big.Int{}
	for a, v := range state.Rewards {
		cum[a] = new(big.Int).Set(v)
	}
	for _, r := range res.Rewards {
		cum[r.Provider] = r.Cumulative
	}
	for a, v := range cum {
		leaves = append(leaves, rewardtree.Leaf{Account: a, Cumulative: v})
	}
	tree, err := rewardtree.New(leaves)
	if err != nil {
		t.Fatal(err)
	}
	batch := w.settleBatch
	if batch == 0 {
		batch = 2
	}
	settled, err := w.d.SettleEpoch(w.ctx, w.gateway, EpochSettlement{Epoch: k, Medians: MediansForClose(state, medians), Replenishment: spent, RewardsRoot: tree.Root(), RewardsTotal: res.RewardsTotal}, batch)
	if err != nil {
		t.Fatalf("epoch %d: %v", k, err)
	}
	w.lastSettled = settled
	if settled.RewardEra != res.RewardEra || settled.EraAfter != res.EraAfter || settled.HalvingReason != res.HalvingReason || settled.Rewards.Cmp(res.RewardsTotal) != 0 {
		t.Errorf("epoch %d: the chain recorded reward era %d, era after %d, halving %q, rewards %s; tokenomics %d, %d, %q, %s",
			k, settled.RewardEra, settled.EraAfter, settled.HalvingReason, settled.Rewards, res.RewardEra, res.EraAfter, res.HalvingReason, res.RewardsTotal)
	}
	chain, err := w.d.State(w.ctx)
	if err != nil {
		t.Fatal(err)
	}
	check := func(what string, got, want *big.Int) {
		t.Helper()
		if got.Cmp(want) != 0 {
			t.Errorf("epoch %d %s: chain %s, tokenomics %s", k, what, got, want)
		}
	}
	check("supply", chain.Supply, next.Supply)
	check("pool", chain.Pool, next.PoolDPS)
	check("emitted", chain.Emitted, next.EmittedDPS)
	check("era cumulative GFL", chain.EraCumulativeGFL, next.EraCumulativeGFL)
	check("cumulative GFL", chain.CumulativeGFL, next.CumulativeGFL)
	check("cumulative GFL gross", chain.CumulativeGFLGross, next.CumulativeGFLGross)
	if chain.Era != next.Era || chain.NextEpoch != next.NextEpoch || int64(chain.EraStart) != next.EraStart {
		t.Errorf("epoch %d: chain era %d start %d next %d; tokenomics %d %d %d (halving %q)", k, chain.Era, chain.EraStart, chain.NextEpoch, next.Era, next.EraStart, next.NextEpoch, res.HalvingReason)
	}
	for a, want := range next.Balances {
		got, err := w.d.GFLBalance(w.ctx, a)
		if err != nil {
			t.Fatal(err)
		}
		check("balance of "+a.Hex(), got, want)
	}
	return next
}

func TestGFLIsSoulboundAndGatewayOnly(t *testing.T) {
	w := newWorld(t, 2)
	a, b := w.providers[0], w.providers[1]
	state := tokenomics.NewState(w.params.Genesis, tokenomics.MustAmount("1000"))
	w.settle(state, 0, map[common.Address]*big.Int{addrOf(a): tokenomics.MustAmount("100")}, nil)
	wantRevert(t, w.d.TransferGFL(w.ctx, a, addrOf(b), big.NewInt(1)), "NonTransferable")
	wantRevert(t, w.d.RebalanceGFL(w.ctx, w.deployer, addrOf(b), big.NewInt(1)), "AccessControlUnauthorizedAccount")
	wantRevert(t, w.d.RebalanceGFL(w.ctx, w.gateway, addrOf(b), big.NewInt(1)), "AccessControlUnauthorizedAccount")
	// Replaying epoch 0, or skipping to 2, is refused with a typed error.
	_, err := w.d.SettleEpoch(w.ctx, w.gateway, EpochSettlement{Epoch: 0, RewardsRoot: common.Hash{9}, RewardsTotal: new(big.Int)}, 1)
	wantRevert(t, errors.Unwrap(err), "EpochOutOfOrder")
	_, err = w.d.SettleEpoch(w.ctx, w.gateway, EpochSettlement{Epoch: 2, RewardsRoot: common.Hash{9}, RewardsTotal: new(big.Int)}, 1)
	wantRevert(t, errors.Unwrap(err), "EpochOutOfOrder")
}

// TestEpochsMatchTokenomics runs twenty epochs of a random grid on chain and through
// tokenomics.CloseEpoch, with escrow settlements replenishing the pool, and compares every
// figure after every close; then every provider claims its cumulative rewards.
func TestEpochsMatchTokenomics(t *testing.T) {
	w := newWorld(t, 3)
	rng := rand.New(rand.NewPCG(7, 7))
	researcher := w.providers[2] // has ETH; give it DPS to spend
	if err := w.d.TransferDPS(w.ctx, w.deployer, addrOf(researcher), tokenomics.MustAmount("100")); err != nil {
		t.Fatal(err)
	}
	state := tokenomics.NewState(w.params.Genesis, tokenomics.MustAmount("1000"))
	halvings := 0
	for k := uint64(0); k < 20; k++ {
		medians := map[common.Address]*big.Int{}
		for i, p := range w.providers[:2] {
			if rng.IntN(5) == 0 && k > 0 {
				continue // no report: burned
			}
			medians[addrOf(p)] = new(big.Int).Mul(tokenomics.MustAmount("0.001"), big.NewInt(int64(1000+rng.IntN(9000)*(i+1))))
		}
		spent := new(big.Int)
		if k%3 == 1 {
			job := crypto.Keccak256Hash([]byte{byte(k)})
			cost := tokenomics.MustAmount("0.5")
			if err := w.d.LockEscrow(w.ctx, researcher, job, tokenomics.MustAmount("2")); err != nil {
				t.Fatal(err)
			}
			if err := w.d.SettleEscrow(w.ctx, w.gateway, addrOf(researcher), job, cost); err != nil {
				t.Fatal(err)
			}
			spent = cost
		}
		before := state.Era
		state = w.settle(state, k, medians, spent)
		if state.Era > before {
			halvings++
		}
	}
	if halvings == 0 {
		t.Error("no halving in twenty epochs: the era path is untested")
	}
	// Claims: the newest root pays each provider its cumulative rewards, once.
	leaves := []rewardtree.Leaf{{Account: common.Address{}, Cumulative: new(big.Int)}}
	for a, v := range state.Rewards {
		leaves = append(leaves, rewardtree.Leaf{Account: a, Cumulative: v})
	}
	tree, _ := rewardtree.New(leaves)
	for a, v := range state.Rewards {
		proof, amount, err := tree.Proof(a)
		if err != nil || amount.Cmp(v) != 0 {
			t.Fatal(err)
		}
		before, _ := w.d.DPSBalance(w.ctx, a)
		if _, err := w.d.Claim(w.ctx, w.gateway, a, amount, proof); err != nil {
			t.Fatalf("claim of %s: %v", a.Hex(), err)
		}
		after, _ := w.d.DPSBalance(w.ctx, a)
		if new(big.Int).Sub(after, before).Cmp(v) != 0 {
			t.Errorf("%s received %s, owed %s", a.Hex(), new(big.Int).Sub(after, before), v)
		}
		_, err = w.d.Claim(w.ctx, w.gateway, a, amount, proof)
		wantRevert(t, err, "NothingToClaim")
		_, err = w.d.Claim(w.ctx, w.gateway, a, new(big.Int).Add(amount, big.NewInt(1)), proof)
		wantRevert(t, err, "InvalidProof")
	}
}

func TestEscrow(t *testing.T) {
	w := newWorld(t, 1)
	r := w.providers[0]
	if err := w.d.TransferDPS(w.ctx, w.deployer, addrOf(r), tokenomics.MustAmount("10")); err != nil {
		t.Fatal(err)
	}
	job := crypto.Keccak256Hash([]byte("job-1"))
	if err := w.d.LockEscrow(w.ctx, r, job, tokenomics.MustAmount("4")); err != nil {
		t.Fatal(err)
	}
	wantRevert(t, w.d.SettleEscrow(w.ctx, w.gateway, addrOf(r), job, tokenomics.MustAmount("4.000000000000000001")), "OverSettled")
	wantRevert(t, w.d.SettleEscrow(w.ctx, w.deployer, addrOf(r), job, big.NewInt(1)), "AccessControlUnauthorizedAccount")
	// Another researcher's escrow under the same job id is not this one.
	wantRevert(t, w.d.SettleEscrow(w.ctx, w.gateway, addrOf(w.deployer), job, big.NewInt(1)), "UnknownEscrow")
	wantRevert(t, w.d.ReclaimEscrow(w.ctx, w.deployer, job), "UnknownEscrow")
	wantRevert(t, w.d.ReclaimEscrow(w.ctx, r, job), "TooEarly")
	if err := w.d.SettleEscrow(w.ctx, w.gateway, addrOf(r), job, tokenomics.MustAmount("1.5")); err != nil {
		t.Fatal(err)
	}
	if bal, _ := w.d.DPSBalance(w.ctx, addrOf(r)); tokenomics.FormatAmount(bal) != "8.5" {
		t.Errorf("researcher holds %s DPS after a 1.5 DPS job, want 8.5", tokenomics.FormatAmount(bal))
	}
	wantRevert(t, w.d.SettleEscrow(w.ctx, w.gateway, addrOf(r), job, big.NewInt(1)), "NotLocked")
	// An escrow the gateway never settles comes back after the timeout.
	job2 := crypto.Keccak256Hash([]byte("job-2"))
	if err := w.d.LockEscrow(w.ctx, r, job2, tokenomics.MustAmount("3")); err != nil {
		t.Fatal(err)
	}
	if err := w.sim.AdjustTime(2 * time.Hour); err != nil {
		t.Fatal(err)
	}
	if err := w.d.ReclaimEscrow(w.ctx, r, job2); err != nil {
		t.Fatal(err)
	}
	if bal, _ := w.d.DPSBalance(w.ctx, addrOf(r)); tokenomics.FormatAmount(bal) != "8.5" {
		t.Errorf("after reclaiming: %s DPS, want 8.5", tokenomics.FormatAmount(bal))
	}
	wantRevert(t, w.d.ReclaimEscrow(w.ctx, r, job2), "NotLocked")
}

// A researcher's lock estimated while another escrow holds DPS, then mined after that escrow
// settled, costs more than its estimate: the escrow contract's empty balance slot is written
// from zero. Sent with the bare estimate it ran out of gas; the margin covers it.
func TestGasMarginCoversStateChangedAfterEstimate(t *testing.T) {
	w := newWorld(t, 2)
	first, second := w.providers[0], w.providers[1]
	for _, r := range []*ecdsa.PrivateKey{first, second} {
		if err := w.d.TransferDPS(w.ctx, w.deployer, addrOf(r), tokenomics.MustAmount("10")); err != nil {
			t.Fatal(err)
		}
	}
	held := crypto.Keccak256Hash([]byte("held"))
	if err := w.d.LockEscrow(w.ctx, first, held, tokenomics.MustAmount("4")); err != nil {
		t.Fatal(err)
	}
	amount := tokenomics.MustAmount("3")
	if _, err := w.d.Chain.transact(w.ctx, second, w.d.dps, w.d.DPS.PackApprove(w.d.Addresses.Escrow, amount)); err != nil {
		t.Fatal(err)
	}
	escrow := w.d.Addresses.Escrow
	lock := w.d.Escrow.PackLock(crypto.Keccak256Hash([]byte("next")), amount)
	estimate, err := w.sim.Backend.Client().EstimateGas(w.ctx, ethereum.CallMsg{From: addrOf(second), To: &escrow, Data: lock})
	if err != nil {
		t.Fatal(err)
	}
	limit, err := w.d.Chain.gasLimit(w.ctx, addrOf(second), &escrow, lock)
	if err != nil {
		t.Fatal(err)
	}
	// The other escrow settles in between: the escrow contract holds no DPS any more.
	if err := w.d.SettleEscrow(w.ctx, w.gateway, addrOf(first), held, big.NewInt(0)); err != nil {
		t.Fatal(err)
	}
	r, err := w.d.Chain.transact(w.ctx, second, w.d.escrow, lock)
	if err != nil {
		t.Fatalf("lock after the state changed: %v", err)
	}
	if r.GasUsed <= estimate {
		t.Fatalf("the lock used %d gas, within the earlier estimate %d: this test no longer shows a state change that costs gas", r.GasUsed, estimate)
	}
	if r.GasUsed > limit {
		t.Fatalf("the lock used %d gas, more than the margin computed before the change allowed (%d)", r.GasUsed, limit)
	}
}
