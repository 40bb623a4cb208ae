package challenge

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

// testSpec is a valid spec of this order and these counts.
func testSpec(order, products, openings int) Spec {
	var nonce Hash
	for i := range nonce {
		nonce[i] = byte(i + 1)
	}
	issued := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	return Spec{Version: SpecVersion, Nonce: nonce, Order: order, Products: products, Openings: openings,
		IssuedAt: issued, Deadline: issued.Add(time.Hour)}
}

// naiveMultiply is the textbook triple loop in int64, the reference for the kernel.
func naiveMultiply(n int, a, b []int8) []int32 {
	c := make([]int32, n*n)
	for i := range n {
		for j := range n {
			var s int64
			for k := range n {
				s += int64(a[i*n+k]) * int64(b[k*n+j])
			}
			c[i*n+j] = int32(s)
		}
	}
	return c
}

func packForTest(t testing.TB, n int, b []int8) []quad {
	bq, err := packB(context.Background(), n, func(k, j0 int, dst *[quadColumns]int8) {
		copy(dst[:], b[k*n+j0:])
	})
	if err != nil {
		t.Fatal(err)
	}
	return bq
}

func TestComputeMatchesNaive(t *testing.T) {
	for _, n := range []int{256, 320} {
		spec := testSpec(n, 2, 16)
		for p := range spec.Products {
			c, err := Compute(context.Background(), spec, p)
			if err != nil {
				t.Fatal(err)
			}
			a, b, err := GenerateMatrices(context.Background(), spec, p)
			if err != nil {
				t.Fatal(err)
			}
			want := naiveMultiply(n, a, b)
			for i := range want {
				if c[i] != want[i] {
					t.Fatalf("order %d product %d: C[%d][%d] = %d, naive %d", n, p, i/n, i%n, c[i], want[i])
				}
			}
		}
	}
}

// The extremes: every entry ±8 with the same sign fills a lane to its largest sum (kBlock·64
// per block) and C to 64·N; mixed signs exercise the carries between lanes.
func TestKernelExtremes(t *testing.T) {
	n := 320
	rng := rand.New(rand.NewPCG(1, 2))
	cases := map[string]func(i int) (int8, int8){
		"all +8":        func(int) (int8, int8) { return 8, 8 },
		"-8 by +8":      func(int) (int8, int8) { return -8, 8 },
		"all -8":        func(int) (int8, int8) { return -8, -8 },
		"random ±8":     func(int) (int8, int8) { return int8(8 - 16*rng.IntN(2)), int8(8 - 16*rng.IntN(2)) },
		"random [-8,8]": func(int) (int8, int8) { return int8(rng.IntN(17) - 8), int8(rng.IntN(17) - 8) },
	}
	for name, gen := range cases {
		a, b := make([]int8, n*n), make([]int8, n*n)
		for i := range a {
			a[i], b[i] = gen(i)
		}
		c := make([]int32, n*n)
		if err := multiply(context.Background(), n, a, packForTest(t, n, b), c); err != nil {
			t.Fatal(err)
		}
		want := naiveMultiply(n, a, b)
		for i := range want {
			if c[i] != want[i] {
				t.Fatalf("%s: C[%d][%d] = %d, naive %d", name, i/n, i%n, c[i], want[i])
			}
		}
	}
}

// checkCountingContext counts the checks of ctx.Err() and answers Canceled from check
// cancelAfter+1 on (never when cancelAfter < 0): how often Compute looks, and how soon it
// stops, counted rather than timed, so a slow or loaded machine changes nothing.
type checkCountingContext struct {
	context.Context
	checks      atomic.Int64
	cancelAfter int64
}

func (c *checkCountingContext) Err() error {
	if n := c.checks.Add(1); c.cancelAfter >= 0 && n > c.cancelAfter {
		return context.Canceled
	}
	return nil
}

func TestComputeStopsWhenCancelled(t *testing.T) {
	spec := testSpec(512, 1, 16)
	// Uncancelled, Compute looks at ctx at least once per panel of the multiply.
	full := &checkCountingContext{Context: context.Background(), cancelAfter: -1}
	if _, err := Compute(full, spec, 0); err != nil {
		t.Fatal(err)
	}
	quads := spec.Order / quadColumns
	panels := int64(spec.Order / rowBlock * ((quads + quadBlock - 1) / quadBlock))
	if full.checks.Load() < panels {
		t.Fatalf("Compute checked ctx %d times for %d panels", full.checks.Load(), panels)
	}
	// Cancelled half way, each goroutine stops at its next check: no more than one more
	// check each, and the final one.
	for _, after := range []int64{0, full.checks.Load() / 2} {
		half := &checkCountingContext{Context: context.Background(), cancelAfter: after}
		if _, err := Compute(half, spec, 0); !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled after %d checks: err = %v, want context.Canceled", after, err)
		}
		if extra := half.checks.Load() - after; extra > int64(2*runtime.GOMAXPROCS(0)+2) {
			t.Fatalf("cancelled after %d checks, Compute checked %d more times before it stopped", after, extra)
		}
	}
}

func TestComputeRefusesBadInput(t *testing.T) {
	spec := testSpec(256, 2, 16)
	for _, p := range []int{-1, 2} {
		if _, err := Compute(context.Background(), spec, p); err == nil {
			t.Fatalf("product %d accepted", p)
		}
	}
	bad := spec
	bad.Order = 100
	if _, err := Compute(context.Background(), bad, 0); err == nil {
		t.Fatal("order 100 accepted")
	}
}
