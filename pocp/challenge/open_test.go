package challenge

import (
	"cmp"
	"math"
	"slices"
	"testing"
)

func TestDrawOpenings(t *testing.T) {
	spec := testSpec(320, 3, 1024)
	var commitment Hash
	commitment[0] = 7
	pos, err := DrawOpenings(spec, commitment)
	if err != nil {
		t.Fatal(err)
	}
	if len(pos) != spec.Openings {
		t.Fatalf("%d positions", len(pos))
	}
	if !slices.IsSortedFunc(pos, func(a, b Position) int {
		return cmp.Or(cmp.Compare(a.Product, b.Product), cmp.Compare(a.Chunk, b.Chunk))
	}) {
		t.Fatal("positions are not sorted")
	}
	products := map[uint32]int{}
	for i, p := range pos {
		if i > 0 && p == pos[i-1] {
			t.Fatalf("position %v drawn twice", p)
		}
		if int(p.Product) >= spec.Products || p.Chunk >= spec.ChunksPerProduct() {
			t.Fatalf("position %v out of range", p)
		}
		products[p.Product]++
	}
	if len(products) != 3 {
		t.Fatalf("openings per product %v", products)
	}
	again, err := DrawOpenings(spec, commitment)
	if err != nil || !slices.Equal(again, pos) {
		t.Fatalf("a second draw differs (%v)", err)
	}
	commitment[31] ^= 1
	other, err := DrawOpenings(spec, commitment)
	if err != nil || slices.Equal(other, pos) {
		t.Fatalf("another commitment draws the same chunks (%v)", err)
	}
	spec.Nonce[0] ^= 1
	third, err := DrawOpenings(spec, commitment)
	if err != nil || slices.Equal(third, other) {
		t.Fatalf("another nonce draws the same chunks (%v)", err)
	}
	// As many openings as chunks: every chunk, once.
	all := testSpec(256, 1, 1024)
	pos, err = DrawOpenings(all, commitment)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pos {
		if p.Chunk != uint64(i) {
			t.Fatalf("drawing every chunk: position %d is %v", i, p)
		}
	}
}

// Every chunk is drawn about equally often: 2,000 draws of 16 of 1,024 chunks, each chunk
// expected 31.25 times; a chi-square test with 1,023 degrees of freedom (mean 1,023,
// standard deviation 45; 1,250 is five of them above).
func TestDrawOpeningsIsUniform(t *testing.T) {
	spec := testSpec(256, 1, 16)
	counts := make([]int, spec.ChunksPerProduct())
	const trials = 2000
	var commitment Hash
	for i := range trials {
		commitment[0], commitment[1] = byte(i), byte(i>>8)
		pos, err := DrawOpenings(spec, commitment)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range pos {
			counts[p.Chunk]++
		}
	}
	expected := float64(trials*spec.Openings) / float64(len(counts))
	chi2 := 0.0
	for _, c := range counts {
		d := float64(c) - expected
		chi2 += d * d / expected
	}
	if chi2 > 1250 {
		t.Fatalf("chi-square %.0f over %d chunks", chi2, len(counts))
	}
}

// The detection bound, numerically: a site whose committed chunks are right in a fraction
// f of all chunks passes when every drawn chunk is a right one. Over 20,000 commitments
// (the site's tries, each a new draw), the share that would pass matches the exact
// hypergeometric probability and stays below f^openings.
func TestDetectionProbability(t *testing.T) {
	spec := testSpec(256, 1, 16)
	total := spec.ChunksPerProduct()
	correct := total * 9 / 10 // chunks 0 … 920 are right, the rest are not
	exact, err := PassProbability(correct, total, spec.Openings)
	if err != nil {
		t.Fatal(err)
	}
	f := float64(correct) / float64(total)
	bound := PassProbabilityBound(f, spec.Openings)
	if !(exact <= bound) || bound > 0.19 || exact < 0.15 {
		t.Fatalf("exact %g, bound %g", exact, bound)
	}
	const trials = 20_000
	passed := 0
	var commitment Hash
	for i := range trials {
		commitment[0], commitment[1], commitment[2] = byte(i), byte(i>>8), 0xd7
		pos, err := DrawOpenings(spec, commitment)
		if err != nil {
			t.Fatal(err)
		}
		if slices.IndexFunc(pos, func(p Position) bool { return p.Chunk >= correct }) < 0 {
			passed++
		}
	}
	rate := float64(passed) / trials
	sigma := math.Sqrt(exact * (1 - exact) / trials)
	if math.Abs(rate-exact) > 5*sigma || rate > bound+5*sigma {
		t.Fatalf("passed %d of %d (%.4f); exact %.4f ± %.4f, bound %.4f", passed, trials, rate, exact, sigma, bound)
	}
	// The bound's arithmetic at the spec's extremes.
	if p := PassProbabilityBound(0.5, MinOpenings); math.Abs(p-1.0/65536) > 1e-18 {
		t.Fatalf("0.5^16 = %g", p)
	}
	if p, _ := PassProbability(512, 1024, 1024); p != 0 {
		t.Fatalf("half right, every chunk opened: %g", p)
	}
	if p, _ := PassProbability(1024, 1024, 16); p != 1 {
		t.Fatalf("all right: %g", p)
	}
	if _, err := PassProbability(5, 4, 1); err == nil {
		t.Fatal("5 right of 4 accepted")
	}
}

func TestOpeningsFor(t *testing.T) {
	for _, tc := range []struct {
		f    float64
		bits int
		want int
	}{{0.5, 64, 64}, {0.5, 8, MinOpenings}, {0.9, 64, 422}, {0.75, 128, 309}} {
		got, err := OpeningsFor(tc.f, tc.bits)
		if err != nil || got != tc.want {
			t.Fatalf("OpeningsFor(%g, %d) = %d, %v; want %d", tc.f, tc.bits, got, err, tc.want)
		}
		if got > MinOpenings && PassProbabilityBound(tc.f, got) > math.Pow(2, -float64(tc.bits)) {
			t.Fatalf("OpeningsFor(%g, %d) = %d is not enough", tc.f, tc.bits, got)
		}
	}
	for _, f := range []float64{0, 1, -0.5, math.NaN(), 0.99} {
		if _, err := OpeningsFor(f, 64); err == nil {
			t.Fatalf("fraction %g accepted", f)
		}
	}
}
