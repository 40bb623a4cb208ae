package challenge

import (
	"fmt"
	"math"
)

// PassProbabilityBound is f^openings: the most a site whose committed chunks are right in
// a fraction f of all chunks (and anything elsewhere) can hope to pass with, for one
// commitment. 0 for f ≤ 0, 1 for f ≥ 1.
func PassProbabilityBound(fractionCorrect float64, openings int) float64 {
	switch {
	case !(fractionCorrect > 0) || openings < 0:
		return 0
	case fractionCorrect >= 1:
		return 1
	}
	return math.Pow(fractionCorrect, float64(openings))
}

// maxProbabilityOpenings bounds PassProbability's loop, far above MaxOpenings.
const maxProbabilityOpenings = 1 << 20

// PassProbability is the exact chance that openings distinct chunks drawn uniformly from
// total all fall among the correct ones: C(correct, k)/C(total, k) = Π_{i<k} (correct −
// i)/(total − i), which is at most (correct/total)^k, since each factor is.
func PassProbability(correct, total uint64, openings int) (float64, error) {
	if total == 0 || correct > total || openings < 0 || uint64(openings) > total || openings > maxProbabilityOpenings {
		return 0, fmt.Errorf("challenge: pass probability of %d openings with %d of %d chunks correct: want 0 ≤ correct ≤ total, 0 ≤ openings ≤ min(total, %d)",
			openings, correct, total, maxProbabilityOpenings)
	}
	p := 1.0
	for i := range uint64(openings) {
		if correct <= i {
			return 0, nil
		}
		p *= float64(correct-i) / float64(total-i)
	}
	return p, nil
}

// OpeningsFor is the fewest openings that hold the pass probability of a site right in a
// fraction f of chunks to 2^-securityBits or less: ⌈securityBits / −log2 f⌉, at least
// MinOpenings. It fails when more than MaxOpenings would be needed.
func OpeningsFor(fractionCorrect float64, securityBits int) (int, error) {
	if !(fractionCorrect > 0) || fractionCorrect >= 1 || securityBits < 1 || securityBits > 256 {
		return 0, fmt.Errorf("challenge: openings for fraction %g and %d bits: the fraction must be in (0, 1) and the bits from 1 to 256", fractionCorrect, securityBits)
	}
	k := math.Ceil(float64(securityBits) / -math.Log2(fractionCorrect))
	if k > MaxOpenings {
		return 0, fmt.Errorf("challenge: %g openings are needed for 2^-%d at fraction %g, more than %d", k, securityBits, fractionCorrect, MaxOpenings)
	}
	return max(int(k), MinOpenings), nil
}
