package contracts

import (
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/petagrid/petagrid/contracts/rewardtree"
	"github.com/petagrid/petagrid/tokenomics"
)

func (w *world) tx(k *ecdsa.PrivateKey, c *bind.BoundContract, data []byte) error {
	_, err := w.d.Chain.transact(w.ctx, k, c, data)
	return err
}

func (w *world) ok(err error) {
	w.t.Helper()
	if err != nil {
		w.t.Fatal(err)
	}
}

func TestGFLRevertPaths(t *testing.T) {
	w := newWorld(t, 3)
	a, b, c := w.providers[0], w.providers[1], w.providers[2]
	g := w.d.GFL
	w.ok(w.sim.AdjustTime(period))
	_, err := w.d.SettleEpoch(w.ctx, w.gateway, EpochSettlement{Epoch: 0, Medians: []Median{{addrOf(a), tokenomics.MustAmount("5")}}, RewardsRoot: common.Hash{9}, RewardsTotal: tokenomics.MustAmount("0.01")}, 1)
	w.ok(err)
	wantRevert(t, w.tx(a, w.d.gfl, g.PackApprove(addrOf(b), big.NewInt(1))), "ApprovalDisabled")
	wantRevert(t, w.tx(b, w.d.gfl, g.PackTransferFrom(addrOf(a), addrOf(b), big.NewInt(1))), "ApprovalDisabled")
	wantRevert(t, w.tx(a, w.d.gfl, g.PackTransfer(addrOf(b), big.NewInt(1))), "NonTransferable")
	wantRevert(t, w.tx(w.deployer, w.d.gfl, g.PackRebalanceTo(addrOf(a), big.NewInt(1))), "AccessControlUnauthorizedAccount")
	wantRevert(t, w.tx(w.gateway, w.d.gfl, g.PackMigrate(addrOf(a), addrOf(b))), "AccessControlUnauthorizedAccount")
	holders := func() uint32 {
		n, err := bind.Call(w.d.gfl, callOpts(w.ctx), g.PackHolders(), g.UnpackHolders)
		w.ok(err)
		return n
	}
	if holders() != 1 {
		t.Fatalf("%d holders, want 1", holders())
	}
	// Migration, through Settlement, between epochs.
	wantRevert(t, w.d.MigrateGFL(w.ctx, w.deployer, addrOf(a), addrOf(c)), "AccessControlUnauthorizedAccount")
	wantRevert(t, w.d.MigrateGFL(w.ctx, w.gateway, addrOf(a), addrOf(a)), "InvalidMigration")
	wantRevert(t, w.d.MigrateGFL(w.ctx, w.gateway, addrOf(a), common.Address{}), "InvalidMigration")
	w.ok(w.d.MigrateGFL(w.ctx, w.gateway, addrOf(a), addrOf(c)))
	if bal, _ := w.d.GFLBalance(w.ctx, addrOf(c)); tokenomics.FormatAmount(bal) != "5" {
		t.Errorf("migrated balance %s", tokenomics.FormatAmount(bal))
	}
	if bal, _ := w.d.GFLBalance(w.ctx, addrOf(a)); bal.Sign() != 0 || holders() != 1 {
		t.Errorf("old key keeps %s; %d holders", bal, holders())
	}
	// Not while an epoch is open: its holder count must not change under it.
	w.ok(w.sim.AdjustTime(period))
	w.ok(w.tx(w.gateway, w.d.settlement, w.d.Settlement.PackOpenEpoch(1, [32]byte{}, 2, new(big.Int))))
	wantRevert(t, w.d.MigrateGFL(w.ctx, w.gateway, addrOf(c), addrOf(b)), "EpochAlreadyOpen")
	// A new key that already holds GFL is refused.
	w.ok(w.tx(w.gateway, w.d.settlement, w.d.Settlement.PackRebalance(sortedAddrs(addrOf(b), addrOf(c)), []*big.Int{big.NewInt(1), big.NewInt(1)})))
	w.ok(w.tx(w.gateway, w.d.settlement, w.d.Settlement.PackCloseEpoch([32]byte{9}, big.NewInt(0))))
	wantRevert(t, w.d.MigrateGFL(w.ctx, w.gateway, addrOf(c), addrOf(b)), "InvalidMigration")
	if holders() != 2 {
		t.Errorf("%d holders, want 2", holders())
	}
	// Paused: no rebalance.
	wantRevert(t, w.tx(a, w.d.gfl, g.PackPause()), "AccessControlUnauthorizedAccount")
	w.ok(w.tx(w.deployer, w.d.gfl, g.PackPause()))
	w.ok(w.sim.AdjustTime(period))
	w.ok(w.tx(w.gateway, w.d.settlement, w.d.Settlement.PackOpenEpoch(2, [32]byte{}, 2, new(big.Int))))
	wantRevert(t, w.tx(w.gateway, w.d.settlement, w.d.Settlement.PackRebalance(sortedAddrs(addrOf(b), addrOf(c)), []*big.Int{big.NewInt(1), big.NewInt(1)})), "EnforcedPause")
	w.ok(w.tx(w.deployer, w.d.gfl, g.PackUnpause()))
	w.ok(w.tx(w.gateway, w.d.settlement, w.d.Settlement.PackRebalance(sortedAddrs(addrOf(b), addrOf(c)), []*big.Int{big.NewInt(1), big.NewInt(1)})))
}

func sortedAddrs(a, b common.Address) []common.Address {
	if string(b[:]) < string(a[:]) {
		a, b = b, a
	}
	return []common.Address{a, b}
}

func TestSettlementRevertPaths(t *testing.T) {
	w := newWorld(t, 3)
	s := w.d.Settlement
	a, b := addrOf(w.providers[0]), addrOf(w.providers[1])
	lo, hi := a, b
	if string(hi[:]) < string(lo[:]) {
		lo, hi = hi, lo
	}
	// Epoch 0 is not over before a day has passed.
	wantRevert(t, w.tx(w.gateway, w.d.settlement, s.PackOpenEpoch(0, [32]byte{}, 2, new(big.Int))), "EpochNotOver")
	w.ok(w.sim.AdjustTime(period))
	wantRevert(t, w.tx(w.deployer, w.d.settlement, s.PackOpenEpoch(0, [32]byte{}, 2, new(big.Int))), "AccessControlUnauthorizedAccount")
	wantRevert(t, w.tx(w.gateway, w.d.settlement, s.PackOpenEpoch(1, [32]byte{}, 2, new(big.Int))), "EpochOutOfOrder")
	wantRevert(t, w.tx(w.gateway, w.d.settlement, s.PackRebalance([]common.Address{lo}, []*big.Int{big.NewInt(1)})), "NoEpochOpen")
	wantRevert(t, w.tx(w.gateway, w.d.settlement, s.PackCloseEpoch([32]byte{9}, big.NewInt(0))), "NoEpochOpen")
	w.ok(w.tx(w.gateway, w.d.settlement, s.PackOpenEpoch(0, [32]byte{1}, 2, new(big.Int))))
	wantRevert(t, w.tx(w.gateway, w.d.settlement, s.PackOpenEpoch(0, [32]byte{}, 2, new(big.Int))), "EpochAlreadyOpen")
	one := tokenomics.MustAmount("1")
	wantRevert(t, w.tx(w.gateway, w.d.settlement, s.PackRebalance([]common.Address{lo, hi}, []*big.Int{one})), "LengthMismatch")
	wantRevert(t, w.tx(w.gateway, w.d.settlement, s.PackRebalance([]common.Address{hi, lo}, []*big.Int{one, one})), "NotAscending")
	wantRevert(t, w.tx(w.gateway, w.d.settlement, s.PackRebalance([]common.Address{lo, lo}, []*big.Int{one, one})), "NotAscending")
	wantRevert(t, w.tx(w.gateway, w.d.settlement, s.PackRebalance([]common.Address{{}}, []*big.Int{one})), "NotAscending")
	big201 := make([]common.Address, 201)
	amt201 := make([]*big.Int, 201)
	for i := range big201 {
		big201[i] = common.BigToAddress(big.NewInt(int64(i + 1)))
		amt201[i] = one
	}
	wantRevert(t, w.tx(w.gateway, w.d.settlement, s.PackRebalance(big201, amt201)), "BatchTooLarge")
	w.ok(w.tx(w.gateway, w.d.settlement, s.PackRebalance([]common.Address{lo}, []*big.Int{one})))
	// The same provider again, in a later batch: refused.
	wantRevert(t, w.tx(w.gateway, w.d.settlement, s.PackRebalance([]common.Address{lo}, []*big.Int{one})), "NotAscending")
	wantRevert(t, w.tx(w.gateway, w.d.settlement, s.PackCloseEpoch([32]byte{9}, big.NewInt(0))), "Unfinished")
	w.ok(w.tx(w.gateway, w.d.settlement, s.PackRebalance([]common.Address{hi}, []*big.Int{one})))
	c := common.BigToAddress(new(big.Int).Lsh(big.NewInt(1), 159))
	wantRevert(t, w.tx(w.gateway, w.d.settlement, s.PackRebalance([]common.Address{c}, []*big.Int{one})), "TooManyProviders")
	// Rewards: 2 GFL earn 0.004 DPS; anything else is refused while the pool can pay.
	wantRevert(t, w.tx(w.gateway, w.d.settlement, s.PackCloseEpoch([32]byte{9}, tokenomics.MustAmount("0.005"))), "RewardsMismatch")
	wantRevert(t, w.tx(w.gateway, w.d.settlement, s.PackCloseEpoch([32]byte{}, tokenomics.MustAmount("0.004"))), "ZeroRoot")
	// The pool is fixed while an epoch is open.
	wantRevert(t, w.d.FundPool(w.ctx, w.deployer, big.NewInt(1)), "EpochAlreadyOpen")
	w.ok(w.tx(w.gateway, w.d.settlement, s.PackCloseEpoch([32]byte{9}, tokenomics.MustAmount("0.004"))))

	// Epoch 1 leaves out a holder: refused at close.
	w.ok(w.sim.AdjustTime(period))
	w.ok(w.tx(w.gateway, w.d.settlement, s.PackOpenEpoch(1, [32]byte{}, 1, new(big.Int))))
	w.ok(w.tx(w.gateway, w.d.settlement, s.PackRebalance([]common.Address{lo}, []*big.Int{one})))
	wantRevert(t, w.tx(w.gateway, w.d.settlement, s.PackCloseEpoch([32]byte{9}, tokenomics.MustAmount("0.002"))), "HoldersMissing")

	// Paused: nothing settles and nothing is claimed.
	wantRevert(t, w.tx(w.gateway, w.d.settlement, s.PackPause()), "AccessControlUnauthorizedAccount")
	w.ok(w.tx(w.deployer, w.d.settlement, s.PackPause()))
	wantRevert(t, w.tx(w.gateway, w.d.settlement, s.PackRebalance([]common.Address{hi}, []*big.Int{one})), "EnforcedPause")
	wantRevert(t, w.tx(w.gateway, w.d.settlement, s.PackClaim(lo, big.NewInt(1), nil)), "EnforcedPause")
	w.ok(w.tx(w.deployer, w.d.settlement, s.PackUnpause()))
	// Only the escrow replenishes.
	wantRevert(t, w.tx(w.gateway, w.d.settlement, s.PackReplenish(big.NewInt(1))), "AccessControlUnauthorizedAccount")
}

// TestReplenishmentMustBeExpected: an escrow settled after the gateway computed an epoch
// makes the open refuse, instead of the chain and tokenomics silently disagreeing.
func TestReplenishmentMustBeExpected(t *testing.T) {
	w := newWorld(t, 1)
	r := w.providers[0]
	w.ok(w.d.TransferDPS(w.ctx, w.deployer, addrOf(r), tokenomics.MustAmount("5")))
	job := crypto.Keccak256Hash([]byte("late"))
	w.ok(w.d.LockEscrow(w.ctx, r, job, tokenomics.MustAmount("2")))
	w.ok(w.d.SettleEscrow(w.ctx, w.gateway, addrOf(r), job, tokenomics.MustAmount("1")))
	w.ok(w.sim.AdjustTime(period))
	_, err := w.d.SettleEpoch(w.ctx, w.gateway, EpochSettlement{Epoch: 0, RewardsRoot: common.Hash{9}, RewardsTotal: new(big.Int)}, 1)
	wantRevert(t, errors.Unwrap(err), "ReplenishmentMismatch")
	pending, err := w.d.PendingReplenishment(w.ctx)
	w.ok(err)
	_, err = w.d.SettleEpoch(w.ctx, w.gateway, EpochSettlement{Epoch: 0, Replenishment: pending, RewardsRoot: common.Hash{9}, RewardsTotal: new(big.Int)}, 1)
	w.ok(err)
}

// TestPoolCapsRewardsOnChain: with a pool smaller than the rate owes, the close accepts at
// most the pool, as tokenomics scales rewards down.
func TestPoolCapsRewardsOnChain(t *testing.T) {
	w := newWorld(t, 0)
	s := w.d.Settlement
	a := addrOf(key(t))
	w.admit(1_000_000_000_000_000, a) // 1,000,000 GFL
	w.ok(w.sim.AdjustTime(period))
	w.ok(w.tx(w.gateway, w.d.settlement, s.PackOpenEpoch(0, [32]byte{}, 1, new(big.Int))))
	// 1,000,000 GFL owe 2,000 DPS; the pool holds 1,000.
	w.ok(w.tx(w.gateway, w.d.settlement, s.PackRebalance([]common.Address{a}, []*big.Int{tokenomics.MustAmount("1000000")})))
	wantRevert(t, w.tx(w.gateway, w.d.settlement, s.PackCloseEpoch([32]byte{9}, tokenomics.MustAmount("1000.000000000000000001"))), "RewardsExceedPool")
	w.ok(w.tx(w.gateway, w.d.settlement, s.PackCloseEpoch([32]byte{9}, tokenomics.MustAmount("1000"))))
	st, _ := w.d.State(w.ctx)
	if st.Pool.Sign() != 0 || tokenomics.FormatAmount(st.Emitted) != "1000" {
		t.Errorf("pool %s, emitted %s", st.Pool, st.Emitted)
	}
	// A root granting more than was ever committed cannot be claimed.
	tree, _ := rewardtree.New([]rewardtree.Leaf{{Account: a, Cumulative: tokenomics.MustAmount("1500")}, {Account: common.Address{1}, Cumulative: big.NewInt(0)}})
	w.ok(w.sim.AdjustTime(period))
	w.ok(w.tx(w.gateway, w.d.settlement, s.PackOpenEpoch(1, [32]byte{}, 1, new(big.Int))))
	w.ok(w.tx(w.gateway, w.d.settlement, s.PackRebalance([]common.Address{a}, []*big.Int{new(big.Int)})))
	w.ok(w.tx(w.gateway, w.d.settlement, s.PackCloseEpoch(tree.Root(), new(big.Int))))
	proof, amount, _ := tree.Proof(a)
	_, err := w.d.Claim(w.ctx, w.gateway, a, amount, proof)
	wantRevert(t, err, "RewardsExceedPool")
}

func TestRegistry(t *testing.T) {
	w := newWorld(t, 0)
	r := w.d.Registry
	a, b := addrOf(key(t)), addrOf(key(t))
	regA, regB := common.Hash{0xa}, common.Hash{0xb}
	wantRevert(t, w.tx(w.gateway, w.d.registry, r.PackAdmit(a, 1000, 8, regA)), "AccessControlUnauthorizedAccount")
	wantRevert(t, w.tx(w.deployer, w.d.registry, r.PackAdmit(common.Address{}, 1, 1, regA)), "ZeroAddress")
	// An admission names the registration the operator reviewed.
	wantRevert(t, w.tx(w.deployer, w.d.registry, r.PackAdmit(a, 1, 1, common.Hash{})), "ZeroRegistration")
	w.ok(w.tx(w.deployer, w.d.registry, r.PackAdmit(a, 4_800_000_000, 8, regA)))
	wantRevert(t, w.tx(w.deployer, w.d.registry, r.PackAdmit(a, 1, 1, regA)), "AlreadyAdmitted")
	wantRevert(t, w.tx(w.deployer, w.d.registry, r.PackUpdate(b, 1, 1, regB)), "UnknownProvider")
	wantRevert(t, w.tx(w.deployer, w.d.registry, r.PackUpdate(a, 1, 1, common.Hash{})), "ZeroRegistration")
	wantRevert(t, w.tx(w.deployer, w.d.registry, r.PackSuspend(b)), "NotAdmitted")
	regA2 := common.Hash{0xa, 2}
	w.ok(w.tx(w.deployer, w.d.registry, r.PackUpdate(a, 5_000_000_000, 8, regA2)))
	capacity := func(p common.Address) uint64 {
		c, err := bind.Call(w.d.registry, callOpts(w.ctx), r.PackAdmittedCapacity(p), r.UnpackAdmittedCapacity)
		w.ok(err)
		return c
	}
	if capacity(a) != 5_000_000_000 || capacity(b) != 0 {
		t.Errorf("admitted capacities %d, %d; want 5e9, 0", capacity(a), capacity(b))
	}
	w.ok(w.tx(w.deployer, w.d.registry, r.PackSuspend(a)))
	admitted, err := bind.Call(w.d.registry, callOpts(w.ctx), r.PackIsAdmitted(a), r.UnpackIsAdmitted)
	if err != nil || admitted || capacity(a) != 0 {
		t.Errorf("suspended provider admitted: %v %v, capacity %d", admitted, err, capacity(a))
	}
	wantRevert(t, w.tx(w.deployer, w.d.registry, r.PackSuspend(a)), "NotAdmitted")
	w.ok(w.tx(w.deployer, w.d.registry, r.PackReinstate(a)))
	w.ok(w.tx(w.deployer, w.d.registry, r.PackAdmit(b, 1, 1, regB)))
	page, err := bind.Call(w.d.registry, callOpts(w.ctx), r.PackPage(big.NewInt(1), big.NewInt(10)), r.UnpackPage)
	if err != nil || len(page) != 1 || page[0] != b {
		t.Errorf("page: %v %v", page, err)
	}
	p, err := w.d.Provider(w.ctx, a)
	if err != nil || p.CapacityMegaFLOPS != 5_000_000_000 || p.Status != ProviderAdmitted || p.Registration != regA2 {
		t.Errorf("provider %+v %v", p, err)
	}
}

// fiveProvidersAfterAnEpoch admits five providers whose medians are 1 to 5 GFL, in
// ascending address order, and moves the chain past epoch 0.
func (w *world) fiveProvidersAfterAnEpoch() []Median {
	var targets []Median
	for i := 1; i <= 5; i++ {
		targets = append(targets, Median{Provider: common.BigToAddress(big.NewInt(int64(i))), GFL: tokenomics.MustAmount(fmt.Sprint(i))})
		w.admit(testCapacityMegaFLOPS, targets[i-1].Provider)
	}
	w.ok(w.sim.AdjustTime(period))
	return targets
}

// TestSettlementResumes: a gateway that crashed after opening the epoch and rebalancing one
// batch settles the rest when it runs again, and the result is the same.
func TestSettlementResumes(t *testing.T) {
	w := newWorld(t, 0)
	s := w.d.Settlement
	targets := w.fiveProvidersAfterAnEpoch()
	// The crash: open, and the first two providers.
	w.ok(w.tx(w.gateway, w.d.settlement, s.PackOpenEpoch(0, [32]byte{}, 5, new(big.Int))))
	w.ok(w.tx(w.gateway, w.d.settlement, s.PackRebalance([]common.Address{targets[0].Provider, targets[1].Provider}, []*big.Int{targets[0].GFL, targets[1].GFL})))
	settled, err := w.d.SettleEpoch(w.ctx, w.gateway, EpochSettlement{Epoch: 0, Medians: targets, RewardsRoot: common.Hash{9}, RewardsTotal: tokenomics.MustAmount("0.03")}, 2)
	w.ok(err)
	if settled.OpenGas != 0 || len(settled.RebalanceGas) != 2 {
		t.Errorf("resumed settlement: open gas %d, %d batches (want no open, 3 providers in 2 batches)", settled.OpenGas, len(settled.RebalanceGas))
	}
	if supply, _ := w.d.GFLSupply(w.ctx); tokenomics.FormatAmount(supply) != "15" {
		t.Errorf("supply %s, want 15", tokenomics.FormatAmount(supply))
	}
}

// TestSettlementResumesWithBatchInPool: a gateway that died after sending a rebalance batch,
// before the node mined it, left the batch in the pool. The resumed settlement must not read
// the chain's progress before that batch is mined: it would send the batch again, the copy
// would revert on chain (its providers are no longer ascending), and the close would fail.
func TestSettlementResumesWithBatchInPool(t *testing.T) {
	w := newWorld(t, 0)
	s := w.d.Settlement
	targets := w.fiveProvidersAfterAnEpoch()
	// The crash: open and the first batch mined, the second sent and still in the pool.
	w.ok(w.tx(w.gateway, w.d.settlement, s.PackOpenEpoch(0, [32]byte{}, 5, new(big.Int))))
	w.ok(w.tx(w.gateway, w.d.settlement, s.PackRebalance([]common.Address{targets[0].Provider, targets[1].Provider}, []*big.Int{targets[0].GFL, targets[1].GFL})))
	opts := bind.NewKeyedTransactor(w.gateway, SimulatedChainID)
	opts.Context, opts.GasLimit = w.ctx, 1_000_000
	if _, err := bind.Transact(w.d.settlement, opts, s.PackRebalance([]common.Address{targets[2].Provider, targets[3].Provider}, []*big.Int{targets[2].GFL, targets[3].GFL})); err != nil {
		t.Fatal(err)
	}
	client := w.sim.Backend.Client()
	before, err := client.NonceAt(w.ctx, addrOf(w.gateway), nil)
	w.ok(err)
	settled, err := w.d.SettleEpoch(w.ctx, w.gateway, EpochSettlement{Epoch: 0, Medians: targets, RewardsRoot: common.Hash{9}, RewardsTotal: tokenomics.MustAmount("0.03")}, 2)
	w.ok(err)
	if settled.OpenGas != 0 || len(settled.RebalanceGas) != 1 || settled.RebalanceGas[0].Providers != 1 {
		t.Errorf("resumed settlement: open gas %d, batches %+v (want no open, the last provider in one batch)", settled.OpenGas, settled.RebalanceGas)
	}
	// The batch in the pool, the last batch and the close: nothing sent twice.
	after, err := client.NonceAt(w.ctx, addrOf(w.gateway), nil)
	w.ok(err)
	if after-before != 3 {
		t.Errorf("the resumed settlement took %d transactions, want 3", after-before)
	}
	if supply, _ := w.d.GFLSupply(w.ctx); tokenomics.FormatAmount(supply) != "15" {
		t.Errorf("supply %s, want 15", tokenomics.FormatAmount(supply))
	}
}
