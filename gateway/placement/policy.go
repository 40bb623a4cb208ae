package placement

import (
	"cmp"
	"context"
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// Default is the built-in policy: cost, then grades, then load, then name (see the package
// comment). Its scores count down from len(feasible) for the best site to 1 for the last.
type Default struct{}

// Rank orders a copy of feasible; the slice given is left as it is.
func (Default) Rank(ctx context.Context, _ Request, feasible []Candidate) ([]Candidate, error) {
	if ctx != nil && ctx.Err() != nil {
		return nil, fmt.Errorf("default policy: %w", ctx.Err())
	}
	out := append([]Candidate(nil), feasible...)
	slices.SortStableFunc(out, func(a, b Candidate) int { return compareCandidates(&a, &b) })
	for i := range out {
		out[i].Score = float64(len(out) - i)
	}
	return out, nil
}

// compareCandidates is negative when a goes before b.
func compareCandidates(a, b *Candidate) int {
	if c := compareCost(a, b); c != 0 {
		return c
	}
	if c := cmp.Compare(performanceRank(a.PerformanceGrade), performanceRank(b.PerformanceGrade)); c != 0 {
		return c
	}
	if c := cmp.Compare(reliabilityRank(a.ReliabilityGrade), reliabilityRank(b.ReliabilityGrade)); c != 0 {
		return c
	}
	if c := cmp.Compare(energyRank(a.EnergyGrade), energyRank(b.EnergyGrade)); c != 0 {
		return c
	}
	if c := compareLoad(a, b); c != 0 {
		return c
	}
	if c := cmp.Compare(b.IdleNodes, a.IdleNodes); c != 0 {
		return c
	}
	return strings.Compare(a.Site, b.Site)
}

// compareCost orders costs, a missing cost last.
func compareCost(a, b *Candidate) int {
	switch {
	case a.CostWei == nil && b.CostWei == nil:
		return 0
	case a.CostWei == nil:
		return 1
	case b.CostWei == nil:
		return -1
	}
	return a.CostWei.Cmp(b.CostWei)
}

// unknownGrade sorts after every known grade.
const unknownGrade = 4

func energyRank(g string) int {
	switch g {
	case "X":
		return 0
	case "Y":
		return 1
	case "Z":
		return 2
	}
	return unknownGrade
}

func performanceRank(g string) int {
	switch g {
	case "A":
		return 0
	case "B":
		return 1
	case "C":
		return 2
	case "D":
		return 3
	}
	return unknownGrade
}

func reliabilityRank(g int) int {
	if g >= 1 && g <= 4 {
		return g - 1
	}
	return unknownGrade
}

// compareLoad orders queued jobs per available node, exactly (cross-multiplied in 128
// bits); a site with no available node has the highest load, however few jobs it queues.
func compareLoad(a, b *Candidate) int {
	qa, qb := uint64(max(a.QueuedJobs, 0)), uint64(max(b.QueuedJobs, 0))
	na, nb := uint64(max(a.AvailableNodes, 0)), uint64(max(b.AvailableNodes, 0))
	switch {
	case na == 0 && nb == 0:
		return cmpUint(qa, qb)
	case na == 0:
		return 1
	case nb == 0:
		return -1
	}
	hi1, lo1 := bits.Mul64(qa, nb)
	hi2, lo2 := bits.Mul64(qb, na)
	if c := cmpUint(hi1, hi2); c != 0 {
		return c
	}
	return cmpUint(lo1, lo2)
}

func cmpUint(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
