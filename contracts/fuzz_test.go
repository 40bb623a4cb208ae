package contracts

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/petagrid/petagrid/contracts/rewardtree"
	"github.com/petagrid/petagrid/tokenomics"
)

// FuzzSettlementInvariants drives the contracts with a byte string read as operations (a
// settled epoch with random medians and missing reports, an escrow settled or left, a claim),
// and checks after each one, on chain: Σ GFL balances = total supply; the era never
// decreases; rewards committed never exceed what funded and replenished the pool; claims
// never exceed rewards committed; and every figure equals tokenomics.CloseEpoch's.
func FuzzSettlementInvariants(f *testing.F) {
	f.Add([]byte{0, 1, 2, 0, 0, 3, 0, 1, 0, 0})
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{1, 1, 0, 2, 0, 3, 3, 0, 250, 0, 17, 0})
	f.Fuzz(checkInvariants)
}

// TestSettlementInvariantsRandom runs the fuzz body over random operation strings: `go test
// -fuzz` instruments go-ethereum's whole EVM and runs a handful of executions a minute, so
// the breadth comes from here.
func TestSettlementInvariantsRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 13))
	for run := 0; run < 12; run++ {
		ops := make([]byte, 8+rng.IntN(12))
		for i := range ops {
			ops[i] = byte(rng.IntN(256))
		}
		t.Run(fmt.Sprint(run), func(t *testing.T) { checkInvariants(t, ops) })
	}
}

func checkInvariants(t *testing.T, ops []byte) {
	if len(ops) > 24 {
		ops = ops[:24]
	}
	w := newWorld(t, 3)
	providers := []common.Address{addrOf(w.providers[0]), addrOf(w.providers[1]), common.BigToAddress(big.NewInt(0xbeef))}
	w.admit(testCapacityMegaFLOPS, providers[2])
	researcher := w.providers[2]
	w.ok(w.d.TransferDPS(w.ctx, w.deployer, addrOf(researcher), tokenomics.MustAmount("1000")))
	state := tokenomics.NewState(w.params.Genesis, tokenomics.MustAmount("1000"))
	funded := tokenomics.MustAmount("1000")
	spentSince := new(big.Int)
	var epoch uint64
	lastEra := uint64(0)
	claimedTotal := new(big.Int)
	var tree *rewardtree.Tree
	for i, op := range ops {
		switch op % 4 {
		case 0, 1: // settle an epoch; op's bits choose who reports and how much
			medians := map[common.Address]*big.Int{}
			for j, p := range providers {
				if (op>>(2+j))&1 == 1 && i > 0 {
					continue
				}
				medians[p] = new(big.Int).Mul(tokenomics.MustAmount("0.5"), big.NewInt(int64(1+int(op)*(j+1)%97)))
			}
			state = w.settle(state, epoch, medians, spentSince)
			epoch++
			spentSince = new(big.Int)
			leaves := []rewardtree.Leaf{{Account: common.Address{}, Cumulative: new(big.Int)}}
			for a, v := range state.Rewards {
				leaves = append(leaves, rewardtree.Leaf{Account: a, Cumulative: v})
			}
			var err error
			if tree, err = rewardtree.New(leaves); err != nil {
				t.Fatal(err)
			}
		case 2: // a job: locked, then settled at a cost up to its maximum
			job := crypto.Keccak256Hash([]byte{byte(i), op})
			maxAmount := tokenomics.MustAmount("3")
			cost := new(big.Int).Div(new(big.Int).Mul(maxAmount, big.NewInt(int64(op))), big.NewInt(255))
			w.ok(w.d.LockEscrow(w.ctx, researcher, job, maxAmount))
			w.ok(w.d.SettleEscrow(w.ctx, w.gateway, addrOf(researcher), job, cost))
			spentSince.Add(spentSince, cost)
			funded.Add(funded, cost)
		case 3: // the providers with rewards claim them
			if tree == nil {
				continue
			}
			for a, v := range state.Rewards {
				proof, amount, err := tree.Proof(a)
				if err != nil || amount.Cmp(v) != 0 {
					t.Fatal(err)
				}
				already, err := callClaimed(w, a)
				if err != nil {
					t.Fatal(err)
				}
				if amount.Cmp(already) <= 0 {
					continue
				}
				if _, err := w.d.Claim(w.ctx, w.gateway, a, amount, proof); err != nil {
					t.Fatalf("claim: %v", err)
				}
				claimedTotal.Add(claimedTotal, new(big.Int).Sub(amount, already))
			}
		}
		// Invariants, on chain.
		supply, err := w.d.GFLSupply(w.ctx)
		if err != nil {
			t.Fatal(err)
		}
		sum := new(big.Int)
		for _, p := range providers {
			b, _ := w.d.GFLBalance(w.ctx, p)
			sum.Add(sum, b)
		}
		if sum.Cmp(supply) != 0 {
			t.Fatalf("op %d: Σ GFL balances %s != total supply %s", i, sum, supply)
		}
		st, err := w.d.State(w.ctx)
		if err != nil {
			t.Fatal(err)
		}
		if st.Era < lastEra {
			t.Fatalf("op %d: era went back from %d to %d", i, lastEra, st.Era)
		}
		lastEra = st.Era
		if st.Emitted.Cmp(funded) > 0 {
			t.Fatalf("op %d: %s DPS of rewards committed, only %s funded and replenished", i, st.Emitted, funded)
		}
		if claimedTotal.Cmp(st.Emitted) > 0 {
			t.Fatalf("op %d: %s claimed of %s committed", i, claimedTotal, st.Emitted)
		}
	}
}

func callClaimed(w *world, a common.Address) (*big.Int, error) {
	return bind.Call(w.d.settlement, callOpts(w.ctx), w.d.Settlement.PackClaimed(a), w.d.Settlement.UnpackClaimed)
}
