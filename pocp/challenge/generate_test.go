package challenge

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// The golden values pin the generator, the kernel and the tree for the nonce 01 02 … 20
// (testSpec's), so that another implementation (a GPU job) can be checked against them.
// They were also computed by an independent twenty-line Python transcription of the
// package comment's definitions (hashlib, plain integer arithmetic), which agreed.
func TestGolden(t *testing.T) {
	spec := testSpec(256, 2, 16)
	type golden struct {
		word0, word1 uint64
		entries      []int8 // A[0][0], A[0][1], A[5][7], A[255][255], then the same of B
		a3           []int8 // A[3][0 … 15]
		b9           []int8 // B[0 … 15][9]
		c            []int32
		root         string
	}
	want := []golden{{
		word0: 0x9fa44e0d0f4d83e9, word1: 0x5ead41ceb06df80d,
		entries: []int8{2, -8, -1, -5, -4, 6, -2, 3},
		a3:      []int8{-1, -5, -5, 5, -2, 5, 2, 1, 2, 1, 6, -1, 3, -7, -6, -3},
		b9:      []int8{0, -8, 1, 4, 5, -1, 8, 2, 3, -7, 3, -6, 1, -6, 2, -2},
		c:       []int32{51, -41, 839}, // C[0][0], C[255][255], C[17][200]
		root:    "4a74855b7c40da4b79be68c83fe6802eb7f11734fdb6fc3a7ce46c08885aae2c",
	}, {
		word0: 0x46bd396102622f80, word1: 0x858ac57b9d20380e,
		entries: []int8{7, -7, 8, 7, 1, 3, -8, 8},
		a3:      []int8{-2, -2, 6, -2, -5, 1, 4, -4, -4, -7, -2, 1, -5, -7, 5, 1},
		b9:      []int8{0, 0, 1, -5, 7, -7, 0, 1, 0, -5, -8, -6, -6, 4, -7, -4},
		c:       []int32{-97, 279, 353},
		root:    "8e30bc983412d94230e43c073f469b0af251517a1b6f8f31e0ebaa41fb7fbbef",
	}}
	for p, w := range want {
		k := ProductKey(spec.Nonce, uint32(p))
		if k.Word0 != w.word0 || k.Word1 != w.word1 {
			t.Fatalf("product %d: key %#x %#x, want %#x %#x", p, k.Word0, k.Word1, w.word0, w.word1)
		}
		got := []int8{k.EntryA(256, 0, 0), k.EntryA(256, 0, 1), k.EntryA(256, 5, 7), k.EntryA(256, 255, 255),
			k.EntryB(256, 0, 0), k.EntryB(256, 0, 1), k.EntryB(256, 5, 7), k.EntryB(256, 255, 255)}
		if !slices.Equal(got, w.entries) {
			t.Fatalf("product %d: entries %v, want %v", p, got, w.entries)
		}
		var a3, b9 []int8
		for j := range 16 {
			a3 = append(a3, k.EntryA(256, 3, j))
			b9 = append(b9, k.EntryB(256, j, 9))
		}
		if !slices.Equal(a3, w.a3) || !slices.Equal(b9, w.b9) {
			t.Fatalf("product %d: A[3][0:16] %v, B[0:16][9] %v", p, a3, b9)
		}
		c, err := Compute(context.Background(), spec, p)
		if err != nil {
			t.Fatal(err)
		}
		if got := []int32{c[0], c[255*256+255], c[17*256+200]}; !slices.Equal(got, w.c) {
			t.Fatalf("product %d: C entries %v, want %v", p, got, w.c)
		}
		tree, err := Commit(context.Background(), spec, p, c)
		if err != nil {
			t.Fatal(err)
		}
		if tree.Root().String() != w.root {
			t.Fatalf("product %d: root %s, want %s", p, tree.Root(), w.root)
		}
	}
	// Order 320: 1,600 chunks, a tree of depth 11 padded with empty leaves.
	spec = testSpec(320, 1, 16)
	c, err := Compute(context.Background(), spec, 0)
	if err != nil {
		t.Fatal(err)
	}
	tree, err := Commit(context.Background(), spec, 0, c)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := tree.Root().String(), "e39cb9ab908a1343dd848fb7d4353be02dcbc93d547f3e4d7cba45b985d8c95a"; got != want {
		t.Fatalf("order 320: root %s, want %s", got, want)
	}
}

// Entries stay in [-8, 8] and take each of the 17 values about equally often: a
// chi-square test over each whole 512 × 512 matrix (16 degrees of freedom; 60 is beyond
// the 0.9999 quantile, about 45); and the random access agrees with the whole matrices.
func TestEntriesInRangeAndUniform(t *testing.T) {
	spec := testSpec(512, 1, 16)
	a, b, err := GenerateMatrices(context.Background(), spec, 0)
	if err != nil {
		t.Fatal(err)
	}
	for name, m := range map[string][]int8{"A": a, "B": b} {
		var hist [2*MaxEntry + 1]int
		for i, v := range m {
			if v < -MaxEntry || v > MaxEntry {
				t.Fatalf("%s: entry %d is %d", name, i, v)
			}
			hist[v+MaxEntry]++
		}
		expected := float64(len(m)) / float64(len(hist))
		chi2 := 0.0
		for _, h := range hist {
			d := float64(h) - expected
			chi2 += d * d / expected
		}
		if chi2 > 60 {
			t.Fatalf("%s: histogram %v: chi-square %.1f", name, hist, chi2)
		}
	}
	key := ProductKey(spec.Nonce, 0)
	rng := rand.New(rand.NewPCG(3, 4))
	for range 1000 {
		i, j := rng.IntN(512), rng.IntN(512)
		if key.EntryA(512, i, j) != a[i*512+j] || key.EntryB(512, i, j) != b[i*512+j] {
			t.Fatalf("random access to (%d, %d) disagrees with the generated matrices", i, j)
		}
	}
	if slices.Equal(a, b) {
		t.Fatal("A equals B")
	}
}

// The bound that lets a GPU be checked exactly: with |entries| ≤ 8 and N ≤ 32,768 every
// partial sum of a row-by-column product is at most 64·32,768 = 2^21 in magnitude, below
// 2^24, so float32 represents every partial sum exactly and any summation order gives the
// int32 result. Checked on the extreme row and column (all products 64 or -64, so the sum
// reaches ±2^21), on alternating signs, and on a generated row and column of the largest
// order, each summed in float32 forwards, backwards, pairwise and in a random order.
func TestFloat32AccumulationIsExact(t *testing.T) {
	const n = MaxOrder
	rng := rand.New(rand.NewPCG(5, 6))
	key := ProductKey(testSpec(n, 1, 16).Nonce, 0)
	cases := map[string]func(k int) (int8, int8){
		"all +8·+8":   func(int) (int8, int8) { return 8, 8 },
		"all -8·+8":   func(int) (int8, int8) { return -8, 8 },
		"alternating": func(k int) (int8, int8) { return int8(8 - 16*(k%2)), 8 },
		"half then":   func(k int) (int8, int8) { return int8(8 - 16*(k/(n/2))), -8 },
		"random ±8":   func(int) (int8, int8) { return int8(8 - 16*rng.IntN(2)), int8(8 - 16*rng.IntN(2)) },
		"generated":   func(k int) (int8, int8) { return key.EntryA(n, 77, k), key.EntryB(n, k, 4242) },
	}
	for name, gen := range cases {
		terms := make([]int32, n)
		var exact int64
		for k := range terms {
			a, b := gen(k)
			terms[k] = int32(a) * int32(b)
			exact += int64(terms[k])
		}
		orders := map[string]func() float32{
			"forwards": func() float32 {
				var s float32
				for _, v := range terms {
					s += float32(v)
				}
				return s
			},
			"backwards": func() float32 {
				var s float32
				for k := len(terms) - 1; k >= 0; k-- {
					s += float32(terms[k])
				}
				return s
			},
			"pairwise": func() float32 { return pairwise(terms) },
			"shuffled": func() float32 {
				perm := rng.Perm(len(terms))
				var s float32
				for _, k := range perm {
					s += float32(terms[k])
				}
				return s
			},
			// Tiled like a GPU kernel: 32 partial sums of strided terms, then combined.
			"strided": func() float32 {
				var part [32]float32
				for k, v := range terms {
					part[k%32] += float32(v)
				}
				var s float32
				for _, p := range part {
					s += p
				}
				return s
			},
		}
		for oname, sum := range orders {
			if got := sum(); int64(got) != exact || float32(int32(got)) != got {
				t.Fatalf("%s, %s: float32 sum %v, exact %d", name, oname, got, exact)
			}
		}
		if name == "all +8·+8" && exact != 1<<21 {
			t.Fatalf("the extreme sum is %d, want 2^21", exact)
		}
	}
	// The control: past 2^24 float32 loses units, and the check above would see it.
	terms := append([]int32{1 << 24}, slices.Repeat([]int32{1}, 1000)...)
	var s float32
	for _, v := range terms {
		s += float32(v)
	}
	if int64(s) == 1<<24+1000 {
		t.Fatal("float32 summed past 2^24 exactly: the check cannot tell")
	}
}

func pairwise(v []int32) float32 {
	if len(v) == 1 {
		return float32(v[0])
	}
	return pairwise(v[:len(v)/2]) + pairwise(v[len(v)/2:])
}
