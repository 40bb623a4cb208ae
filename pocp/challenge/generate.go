package challenge

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math/bits"
)

// MaxEntry bounds the matrices' entries: every entry of A and B is in [-MaxEntry, MaxEntry].
const MaxEntry = 8

// keyDomain separates product keys from every other SHA-256 input of the protocol.
const keyDomain = "petagrid-challenge-v1"

// Matrix tags, XORed into the mixer's input above the index bits (an index is below 2^28),
// so that A and B of one product never share a mixer input.
const (
	tagA uint64 = 0x41 << 56 // 'A'
	tagB uint64 = 0x42 << 56 // 'B'
)

// The splitmix64 finaliser's multipliers (Stafford's "Mix13").
const (
	mixMul1 = 0xbf58476d1ce4e5b9
	mixMul2 = 0x94d049bb133111eb
)

// Key is one product's generator key: SHA-256("petagrid-challenge-v1" ‖ nonce ‖ uint32
// product, big-endian); Word0 is bytes 0–7 and Word1 bytes 8–15, each read big-endian.
type Key struct {
	Word0, Word1 uint64
}

// ProductKey is the key of product p of the challenge with this nonce.
func ProductKey(nonce Hash, product uint32) Key {
	var buf [len(keyDomain) + len(nonce) + 4]byte
	n := copy(buf[:], keyDomain)
	n += copy(buf[n:], nonce[:])
	binary.BigEndian.PutUint32(buf[n:], product)
	h := sha256.Sum256(buf[:])
	return Key{Word0: binary.BigEndian.Uint64(h[0:8]), Word1: binary.BigEndian.Uint64(h[8:16])}
}

// entry is the generator: the splitmix64 finaliser of (Word0 ⊕ tag ⊕ index) + Word1,
// reduced to [-8, 8] by the high word of a 64 × 64-bit product with 17 (Lemire's
// multiply-shift). The finaliser is a bijection of 64-bit words, so distinct inputs give
// distinct words; the reduction maps each of the 17 values to ⌊2^64/17⌋ or ⌈2^64/17⌉
// words, a relative bias below 2^-59, far below anything a test or an attacker can use.
func (k Key) entry(tag, index uint64) int8 {
	return mixReduce((k.Word0 ^ tag ^ index) + k.Word1)
}

// mixReduce is the finaliser and the reduction.
func mixReduce(z uint64) int8 {
	z = (z ^ z>>30) * mixMul1
	z = (z ^ z>>27) * mixMul2
	z ^= z >> 31
	hi, _ := bits.Mul64(z, 2*MaxEntry+1)
	return int8(hi) - MaxEntry
}

// fill writes the entries at indices start, start+1, … into dst: the loop every bulk
// generation runs, with the key and tag combined once.
func (k Key) fill(tag, start uint64, dst []int8) {
	x, y := k.Word0^tag, k.Word1
	for i := range dst {
		dst[i] = mixReduce((x ^ (start + uint64(i))) + y)
	}
}

// EntryA is A[i][j] of a product of this order (index i·order + j). Any i and j give a
// value; only 0 ≤ i, j < order are the matrix.
func (k Key) EntryA(order, i, j int) int8 { return k.entry(tagA, uint64(i)*uint64(order)+uint64(j)) }

// EntryB is B[i][j], as EntryA.
func (k Key) EntryB(order, i, j int) int8 { return k.entry(tagB, uint64(i)*uint64(order)+uint64(j)) }

// GenerateMatrices makes A and B of one product, row-major, as int8: what a GPU job
// uploads. It is parallel over rows and stops when ctx is done.
func GenerateMatrices(ctx context.Context, spec Spec, product int) (a, b []int8, err error) {
	if err := checkProduct(spec, product); err != nil {
		return nil, nil, err
	}
	n := spec.Order
	key := ProductKey(spec.Nonce, uint32(product))
	a = make([]int8, n*n)
	b = make([]int8, n*n)
	err = parallelFor(ctx, n, 16, func(lo, hi int) {
		key.fill(tagA, uint64(lo)*uint64(n), a[lo*n:hi*n])
		key.fill(tagB, uint64(lo)*uint64(n), b[lo*n:hi*n])
	})
	if err != nil {
		return nil, nil, fmt.Errorf("challenge: generating product %d: %w", product, err)
	}
	return a, b, nil
}

// checkProduct validates the spec and a product index.
func checkProduct(spec Spec, product int) error {
	if err := spec.Validate(); err != nil {
		return err
	}
	if product < 0 || product >= spec.Products {
		return fmt.Errorf("challenge: product %d: the spec has products 0 to %d", product, spec.Products-1)
	}
	return nil
}
