package challenge

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkCompute is one product of each order with the CPU kernel (generation of A and
// B included), reported in GMAC/s: N³ int8 multiply-adds per op.
func BenchmarkCompute(b *testing.B) {
	for _, n := range []int{256, 512, 1024} {
		b.Run(fmt.Sprintf("order=%d", n), func(b *testing.B) {
			spec := testSpec(n, 1, 64)
			for b.Loop() {
				if _, err := Compute(context.Background(), spec, 0); err != nil {
					b.Fatal(err)
				}
			}
			macs := float64(n) * float64(n) * float64(n)
			b.ReportMetric(macs*float64(b.N)/b.Elapsed().Seconds()/1e9, "GMAC/s")
		})
	}
}

// BenchmarkMultiply is the kernel alone on matrices already generated and packed, and
// the baseline it is measured against: the plain i-k-j loop in int32 on one goroutine
// (run with -cpu 1 to compare them core for core).
func BenchmarkMultiply(b *testing.B) {
	n := 1024
	spec := testSpec(n, 1, 64)
	a, bm, err := GenerateMatrices(context.Background(), spec, 0)
	if err != nil {
		b.Fatal(err)
	}
	c := make([]int32, n*n)
	gmacs := func(b *testing.B) {
		b.ReportMetric(float64(n)*float64(n)*float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GMAC/s")
	}
	b.Run("kernel", func(b *testing.B) {
		bq := packForTest(b, n, bm)
		for b.Loop() {
			clear(c)
			if err := multiply(context.Background(), n, a, bq, c); err != nil {
				b.Fatal(err)
			}
		}
		gmacs(b)
	})
	b.Run("ikj-baseline", func(b *testing.B) {
		for b.Loop() {
			clear(c)
			for i := range n {
				out := c[i*n : (i+1)*n]
				for k, x := range a[i*n : (i+1)*n] {
					v := int32(x)
					for j, y := range bm[k*n : (k+1)*n] {
						out[j] += v * int32(y)
					}
				}
			}
		}
		gmacs(b)
	})
}

// BenchmarkCommit hashes one product of order 1,024 (16,384 chunks) into its tree.
func BenchmarkCommit(b *testing.B) {
	spec := testSpec(1024, 1, 64)
	c, err := Compute(context.Background(), spec, 0)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(c)) * 4)
	for b.Loop() {
		if _, err := Commit(context.Background(), spec, 0, c); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkVerify is the gateway's side: parsing and verifying an honest answer to one
// product of order 1,024, with the fewest, a typical and the most openings.
func BenchmarkVerify(b *testing.B) {
	for _, openings := range []int{MinOpenings, 64, MaxOpenings} {
		b.Run(fmt.Sprintf("order=1024/openings=%d", openings), func(b *testing.B) {
			spec := testSpec(1024, 1, openings)
			ans, _, _ := prove(b, spec)
			data, err := ans.Encode()
			if err != nil {
				b.Fatal(err)
			}
			var res Result
			for b.Loop() {
				a, err := ParseAnswer(data, spec)
				if err != nil {
					b.Fatal(err)
				}
				if res, err = Verify(context.Background(), spec, a, inTime(spec)); err != nil {
					b.Fatal(err)
				}
			}
			work := float64(spec.WorkOperations())
			b.ReportMetric(float64(res.Operations)/work*100, "%ops-of-compute")
			b.ReportMetric(float64(res.GeneratedEntries), "entries-generated/op")
		})
	}
}
