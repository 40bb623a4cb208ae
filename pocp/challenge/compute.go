package challenge

import (
	"context"
	"fmt"
)

// The CPU kernel multiplies four entries at once in one 64-bit integer multiply: a word
// holds four consecutive entries of a row of B in 16-bit lanes (b0 + b1·2^16 + b2·2^32 +
// b3·2^48, as a signed integer), and a·word is a·b0 + a·b1·2^16 + … exactly. Summed over
// k, each lane holds Σ a·b for its column as long as that sum stays within a signed 16-bit
// lane: |Σ| ≤ kBlock·64 = 16,384 < 2^15. After each block of kBlock terms the lanes are
// split off exactly (each lane sign-extended, the carry it borrowed from the lane above
// given back) and added to C in int32. Go does not vectorise, and a core has one integer
// multiplier, so four multiply-adds per multiply is what makes a scalar kernel fast.
const (
	lanes    = 4
	laneBits = 16
	// kStep is the terms one call of the micro-kernel sums: a fixed-size array lets the
	// compiler drop every bounds check and keep the loop in registers.
	kStep = 64
	// kBlock is the terms summed in lanes before they are split off: at most 511 so that
	// 511·64 < 2^15, and a multiple of kStep (the last block of a row may be shorter).
	kBlock = 256
	// rowBlock is the rows of C one goroutine computes at a time (the unit of parallel
	// work); quadBlock is the quads (16 columns each) whose packed panel of B (kBlock ×
	// quadBlock × 32 bytes = 128 KiB) stays in a core's L2 cache while the row block's
	// rows pass over it.
	rowBlock  = 64
	quadBlock = 16
	// quadColumns is the columns of one quad: four words of four lanes.
	quadColumns = 4 * lanes
)

// Compute is product p of the challenge, C = A·B, row-major as int32: A and B generated
// from the product's key, multiplied by a blocked kernel over row blocks on up to
// runtime.GOMAXPROCS goroutines. It stops promptly (within one panel, tens of
// milliseconds) when ctx is done. It needs N²·(1 + 2 + 4) bytes (A as int8, B packed,
// C): 7 GiB at the largest order, 32,768 (which the gateway sizes only GPU nodes for; the
// GPU kernel computes there), 1.8 GiB at 16,384.
func Compute(ctx context.Context, spec Spec, product int) ([]int32, error) {
	if err := checkProduct(spec, product); err != nil {
		return nil, err
	}
	n := spec.Order
	key := ProductKey(spec.Nonce, uint32(product))
	a := make([]int8, n*n)
	err := parallelFor(ctx, n, 16, func(lo, hi int) {
		key.fill(tagA, uint64(lo)*uint64(n), a[lo*n:hi*n])
	})
	if err != nil {
		return nil, fmt.Errorf("challenge: computing product %d: generating A: %w", product, err)
	}
	bq, err := packB(ctx, n, func(k, j0 int, dst *[quadColumns]int8) {
		key.fill(tagB, uint64(k)*uint64(n)+uint64(j0), dst[:])
	})
	if err != nil {
		return nil, fmt.Errorf("challenge: computing product %d: generating B: %w", product, err)
	}
	c := make([]int32, n*n)
	if err := multiply(ctx, n, a, bq, c); err != nil {
		return nil, fmt.Errorf("challenge: computing product %d: %w", product, err)
	}
	return c, nil
}

// packWord packs four entries into 16-bit lanes.
func packWord(b0, b1, b2, b3 int8) int64 {
	return int64(b0) + int64(b1)<<16 + int64(b2)<<32 + int64(b3)<<48
}

// splitWord undoes the packing of a sum of packed words: each lane sign-extended, the
// carry it borrowed from the lane above given back.
func splitWord(t int64) (s0, s1, s2, s3 int32) {
	l0 := int64(int16(t))
	t = (t - l0) >> laneBits
	l1 := int64(int16(t))
	t = (t - l1) >> laneBits
	l2 := int64(int16(t))
	t = (t - l2) >> laneBits
	return int32(l0), int32(l1), int32(l2), int32(t)
}

// quad is sixteen consecutive entries of a row of B, packed in four words.
type quad [4]int64

// packB lays B out for the kernel: for each quad of columns, its N rows in order:
// bq[q·N + k] packs B[k][16·q …+15], which fill gives for (k, 16·q). The kernel then reads
// one contiguous stream per quad.
func packB(ctx context.Context, n int, fill func(k, j0 int, dst *[quadColumns]int8)) ([]quad, error) {
	quads := n / quadColumns
	bq := make([]quad, n*quads)
	err := parallelFor(ctx, quads, 2, func(lo, hi int) {
		var row [quadColumns]int8
		for q := lo; q < hi; q++ {
			out := bq[q*n : (q+1)*n]
			for k := range out {
				fill(k, q*quadColumns, &row)
				out[k] = packQuad(&row)
			}
		}
	})
	return bq, err
}

// packQuad packs sixteen entries into a quad.
func packQuad(e *[quadColumns]int8) quad {
	return quad{
		packWord(e[0], e[1], e[2], e[3]),
		packWord(e[4], e[5], e[6], e[7]),
		packWord(e[8], e[9], e[10], e[11]),
		packWord(e[12], e[13], e[14], e[15]),
	}
}

// multiply adds A·B to c (zeroed by the caller): a row-major N×N int8 with entries in
// [-8, 8], bq from packB. Row blocks are handed out to the goroutines; each checks ctx
// before every panel (rowBlock × quadBlock·16 × N multiply-adds, a few tens of
// milliseconds at the largest order).
func multiply(ctx context.Context, n int, a []int8, bq []quad, c []int32) error {
	if n%rowBlock != 0 || n%kStep != 0 || len(a) != n*n || len(bq) != n*n/quadColumns || len(c) != n*n {
		return fmt.Errorf("challenge: multiply: order %d with %d, %d and %d entries", n, len(a), len(bq), len(c))
	}
	quads := n / quadColumns
	return parallelFor(ctx, n/rowBlock, 1, func(lo, hi int) {
		for rb := lo; rb < hi; rb++ {
			for q0 := 0; q0 < quads; q0 += quadBlock {
				if ctx.Err() != nil {
					return
				}
				q1 := min(q0+quadBlock, quads)
				for k0 := 0; k0 < n; k0 += kBlock {
					k1 := min(k0+kBlock, n)
					for i := rb * rowBlock; i < (rb+1)*rowBlock; i++ {
						row := a[i*n : (i+1)*n]
						out := c[i*n : (i+1)*n]
						for q := q0; q < q1; q++ {
							var acc quad
							col := bq[q*n : (q+1)*n]
							for k := k0; k < k1; k += kStep {
								kernel1x4(&acc, (*[kStep]int8)(row[k:k+kStep]), (*[kStep]quad)(col[k:k+kStep]))
							}
							addQuad((*[quadColumns]int32)(out[q*quadColumns:(q+1)*quadColumns]), &acc)
						}
					}
				}
			}
		}
	})
}

// addQuad adds a quad of packed sums (16 columns) to a row segment of C.
func addQuad(dst *[quadColumns]int32, acc *quad) {
	for w, t := range acc {
		s0, s1, s2, s3 := splitWord(t)
		dst[lanes*w] += s0
		dst[lanes*w+1] += s1
		dst[lanes*w+2] += s2
		dst[lanes*w+3] += s3
	}
}

// kernel1x4 is the register tile: one row of A against a quad of B for kStep terms, four
// accumulators of four lanes: 16 multiply-adds per k in four 64-bit multiplies. Tiles of
// more rows or more words were measured slower: Go's register allocator then spills
// accumulators to the stack inside the loop.
func kernel1x4(acc *quad, a *[kStep]int8, b *[kStep]quad) {
	c0, c1, c2, c3 := acc[0], acc[1], acc[2], acc[3]
	for k := 0; k < kStep; k += 2 {
		v, x := int64(a[k]), int64(a[k+1])
		w, u := &b[k], &b[k+1]
		c0 += v*w[0] + x*u[0]
		c1 += v*w[1] + x*u[1]
		c2 += v*w[2] + x*u[2]
		c3 += v*w[3] + x*u[3]
	}
	*acc = quad{c0, c1, c2, c3}
}
