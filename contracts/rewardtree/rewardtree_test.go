package rewardtree

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
)

func leaves(n int) []Leaf {
	out := make([]Leaf, n)
	for i := range out {
		out[i] = Leaf{Account: common.BigToAddress(big.NewInt(int64(i + 1))), Cumulative: big.NewInt(int64(1000 * (i + 1)))}
	}
	return out
}

// Every account's proof verifies against the root with its own amount, and with no other
// amount or account; the root does not depend on the leaves' order.
func TestProofsVerify(t *testing.T) {
	for _, n := range []int{1, 2, 3, 5, 8} {
		ls := leaves(n)
		tree, err := New(ls)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range ls {
			proof, amount, err := tree.Proof(l.Account)
			if err != nil || amount.Cmp(l.Cumulative) != 0 {
				t.Fatalf("%d leaves: proof of %s: %v %v", n, l.Account.Hex(), amount, err)
			}
			if !Verify(tree.Root(), l.Account, l.Cumulative, proof) {
				t.Errorf("%d leaves: the proof of %s does not verify", n, l.Account.Hex())
			}
			if Verify(tree.Root(), l.Account, new(big.Int).Add(l.Cumulative, big.NewInt(1)), proof) {
				t.Errorf("%d leaves: a higher amount verifies for %s", n, l.Account.Hex())
			}
			if Verify(tree.Root(), common.Address{0xff}, l.Cumulative, proof) {
				t.Errorf("%d leaves: another account verifies with %s's proof", n, l.Account.Hex())
			}
		}
		reversed := make([]Leaf, n)
		for i, l := range ls {
			reversed[n-1-i] = l
		}
		if other, err := New(reversed); err != nil || other.Root() != tree.Root() {
			t.Errorf("%d leaves: the root depends on the order (%v)", n, err)
		}
	}
}

// A tree is refused without leaves, with an account twice or with an amount out of range.
func TestRefusesBadLeaves(t *testing.T) {
	a := common.Address{1}
	for name, ls := range map[string][]Leaf{
		"none":      nil,
		"twice":     {{a, big.NewInt(1)}, {a, big.NewInt(2)}},
		"negative":  {{a, big.NewInt(-1)}},
		"nil":       {{a, nil}},
		"too large": {{a, new(big.Int).Lsh(big.NewInt(1), 256)}},
	} {
		if _, err := New(ls); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	tree, _ := New(leaves(2))
	if _, _, err := tree.Proof(common.Address{0xee}); err == nil {
		t.Error("a proof for an account without a leaf")
	}
}
