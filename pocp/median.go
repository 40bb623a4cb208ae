package pocp

import (
	"math/bits"
	"slices"
)

// WeightedValue is one value and the time it stood for.
type WeightedValue struct {
	Value  uint64
	Weight int64
}

// MedianOf returns the lower median of values: the element at rank ⌈n/2⌉ in sorted order
// (for an even count, the smaller of the two middle values). Lower, because a median that
// mints tokens must never be rounded up, and because it is always a value that was observed.
// values is reordered in place. O(n) expected, O(n log n) worst case.
func MedianOf(values []uint64) (uint64, bool) {
	if len(values) == 0 {
		return 0, false
	}
	k := (len(values) - 1) / 2
	return selectKth(values, k), true
}

// selectKth returns the k-th smallest (0-based) element, reordering a. It is a quickselect with
// a median-of-three pivot and three-way partition (availability series repeat a few values
// many times); after 2·log2(n) rounds without converging it sorts the rest, so crafted input
// cannot make it quadratic.
func selectKth(a []uint64, k int) uint64 {
	lo, hi := 0, len(a) // the answer is in a[lo:hi]
	budget := 2 * bits.Len(uint(len(a)))
	for hi-lo > 16 {
		if budget == 0 {
			slices.Sort(a[lo:hi])
			return a[k]
		}
		budget--
		mid := lo + (hi-lo)/2
		p := median3(a[lo], a[mid], a[hi-1])
		// Dutch flag: a[lo:lt] < p, a[lt:i] == p, a[gt:hi] > p.
		lt, i, gt := lo, lo, hi
		for i < gt {
			switch v := a[i]; {
			case v < p:
				a[lt], a[i] = a[i], a[lt]
				lt++
				i++
			case v > p:
				gt--
				a[gt], a[i] = a[i], a[gt]
			default:
				i++
			}
		}
		switch {
		case k < lt:
			hi = lt
		case k >= gt:
			lo = gt
		default:
			return p
		}
	}
	slices.Sort(a[lo:hi])
	return a[k]
}

func median3(x, y, z uint64) uint64 {
	if x > y {
		x, y = y, x
	}
	if y > z {
		y = z
	}
	if x > y {
		return x
	}
	return y
}

// WeightedMedian is the time-weighted lower median: the smallest value v such that the
// values ≤ v stand for at least half the total weight. Samples with weight ≤ 0 are ignored.
// samples is reordered in place. With equal weights it equals MedianOf.
func WeightedMedian(samples []WeightedValue) (uint64, bool) {
	// Drop non-positive weights; check whether all weights are equal (the slot grid's case).
	n := 0
	var total int64
	equal := true
	for _, s := range samples {
		if s.Weight <= 0 {
			continue
		}
		if n > 0 && s.Weight != samples[0].Weight {
			equal = false
		}
		samples[n] = s
		n++
		total += s.Weight
	}
	samples = samples[:n]
	if n == 0 {
		return 0, false
	}
	if equal {
		// Select on the bare values: half the memory traffic of the pairs.
		vals := make([]uint64, n)
		for i, s := range samples {
			vals[i] = s.Value
		}
		return MedianOf(vals)
	}
	// Weighted quickselect: find the smallest v with 2·W(≤ v) ≥ total.
	lo, hi := 0, n
	var below int64 // weight of everything known to be < a[lo:hi]
	budget := 2 * bits.Len(uint(n))
	for hi-lo > 16 && budget > 0 {
		budget--
		a := samples
		mid := lo + (hi-lo)/2
		p := median3(a[lo].Value, a[mid].Value, a[hi-1].Value)
		lt, i, gt := lo, lo, hi
		var wLess, wEq int64
		for i < gt {
			switch v := a[i].Value; {
			case v < p:
				wLess += a[i].Weight
				a[lt], a[i] = a[i], a[lt]
				lt++
				i++
			case v > p:
				gt--
				a[gt], a[i] = a[i], a[gt]
			default:
				wEq += a[i].Weight
				i++
			}
		}
		switch {
		case 2*(below+wLess) >= total:
			hi = lt
		case 2*(below+wLess+wEq) >= total:
			return p, true
		default:
			below += wLess + wEq
			lo = gt
		}
	}
	rest := samples[lo:hi]
	slices.SortFunc(rest, func(x, y WeightedValue) int {
		switch {
		case x.Value < y.Value:
			return -1
		case x.Value > y.Value:
			return 1
		}
		return 0
	})
	cum := below
	for _, s := range rest {
		cum += s.Weight
		if 2*cum >= total {
			return s.Value, true
		}
	}
	return rest[len(rest)-1].Value, true
}
