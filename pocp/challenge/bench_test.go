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

// BenchmarkMultiply is the kernel alone on matrices already generated and packed.
func BenchmarkMultiply(b *testing.B) {
	n := 1024
	spec := testSpec(n, 1, 64)
	a, bm, err := GenerateMatrices(context.Background(), spec, 0)
	if err != nil {
		b.Fatal(err)
	}
	bq := packForTest(b, n, bm)
	c := make([]int32, n*n)
	for b.Loop() {
		clear(c)
		if err := multiply(context.Background(), n, a, bq, c); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n)*float64(n)*float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GMAC/s")
}
