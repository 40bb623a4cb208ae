// Package rewardtree is the Merkle tree of providers' cumulative DPS rewards that the
// Settlement contract commits at each epoch close and checks claims against: the gateway
// builds it and serves proofs, a provider's client verifies its proof before sending a claim.
// It is pure (hashing only), so clients need no chain bindings for it.
package rewardtree

import (
	"bytes"
	"fmt"
	"math/big"
	"sort"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// Leaf is one account's cumulative reward: what the newest root lets it have claimed in
// all, over every epoch so far.
type Leaf struct {
	Account    common.Address
	Cumulative *big.Int
}

// Tree is a Merkle tree of cumulative rewards in OpenZeppelin's standard encoding: a
// leaf is keccak256(keccak256(abi.encode(account, cumulative))) and inner nodes hash their
// two children in ascending order, which is what MerkleProof.verify expects on chain.
type Tree struct {
	leaves []Leaf
	hashes [][]common.Hash // levels[0] = sorted leaf hashes … levels[n] = root
	index  map[common.Address]int
}

// LeafHash is the on-chain leaf of an account and its cumulative amount.
func LeafHash(account common.Address, cumulative *big.Int) common.Hash {
	enc := make([]byte, 64)
	copy(enc[12:32], account[:])
	cumulative.FillBytes(enc[32:64])
	inner := crypto.Keccak256(enc)
	return common.BytesToHash(crypto.Keccak256(inner))
}

// New builds the tree; accounts must be unique and amounts fit in 256 bits.
func New(leaves []Leaf) (*Tree, error) {
	if len(leaves) == 0 {
		return nil, fmt.Errorf("reward tree: no leaves")
	}
	t := &Tree{index: map[common.Address]int{}}
	type hashed struct {
		h    common.Hash
		leaf Leaf
	}
	hs := make([]hashed, 0, len(leaves))
	for _, l := range leaves {
		if l.Cumulative == nil || l.Cumulative.Sign() < 0 || l.Cumulative.BitLen() > 256 {
			return nil, fmt.Errorf("reward tree: amount of %s out of range", l.Account.Hex())
		}
		if _, dup := t.index[l.Account]; dup {
			return nil, fmt.Errorf("reward tree: %s appears twice", l.Account.Hex())
		}
		t.index[l.Account] = -1
		hs = append(hs, hashed{LeafHash(l.Account, l.Cumulative), l})
	}
	// Sorted leaves make the tree, and so the root, independent of input order.
	sort.Slice(hs, func(i, j int) bool { return bytes.Compare(hs[i].h[:], hs[j].h[:]) < 0 })
	level := make([]common.Hash, len(hs))
	for i, x := range hs {
		level[i] = x.h
		t.leaves = append(t.leaves, x.leaf)
		t.index[x.leaf.Account] = i
	}
	t.hashes = append(t.hashes, level)
	for len(level) > 1 {
		next := make([]common.Hash, 0, (len(level)+1)/2)
		for i := 0; i < len(level); i += 2 {
			if i+1 == len(level) {
				next = append(next, level[i]) // an odd node goes up unchanged
				continue
			}
			next = append(next, hashPair(level[i], level[i+1]))
		}
		t.hashes = append(t.hashes, next)
		level = next
	}
	return t, nil
}

func hashPair(a, b common.Hash) common.Hash {
	if bytes.Compare(a[:], b[:]) > 0 {
		a, b = b, a
	}
	return common.BytesToHash(crypto.Keccak256(a[:], b[:]))
}

// Root is the tree's root, committed on chain at epoch close.
func (t *Tree) Root() common.Hash { return t.hashes[len(t.hashes)-1][0] }

// Proof returns the proof of an account's leaf and its cumulative amount.
func (t *Tree) Proof(account common.Address) ([][32]byte, *big.Int, error) {
	i, ok := t.index[account]
	if !ok {
		return nil, nil, fmt.Errorf("reward tree: %s has no leaf", account.Hex())
	}
	amount := new(big.Int).Set(t.leaves[i].Cumulative)
	var proof [][32]byte
	for _, level := range t.hashes[:len(t.hashes)-1] {
		sibling := i ^ 1
		if sibling < len(level) {
			proof = append(proof, level[sibling])
		}
		i /= 2
	}
	return proof, amount, nil
}

// Verify checks a proof as MerkleProof.verify does on chain.
func Verify(root common.Hash, account common.Address, cumulative *big.Int, proof [][32]byte) bool {
	h := LeafHash(account, cumulative)
	for _, p := range proof {
		h = hashPair(h, p)
	}
	return h == root
}
