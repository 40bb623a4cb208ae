package challenge

import (
	"context"
	"errors"
	"math/rand/v2"
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

func TestComputeStopsWhenCancelled(t *testing.T) {
	spec := testSpec(2048, 1, 16)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	_, err := Compute(ctx, spec, 0)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("a cancelled Compute took %s", d)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start = time.Now()
	_, err = Compute(ctx, spec, 0)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want context.DeadlineExceeded", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("Compute ran %s after a 50 ms deadline", d)
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
