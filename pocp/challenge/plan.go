package challenge

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"time"
)

// Budgets of the challenge scheme: what a challenge may cost the gateway to check and the
// site to answer.
const (
	// VerifyBudget is the most of a challenge's work its verification may cost, in
	// operations: 1 %.
	VerifyBudget = 0.01
	// CapacityBudget is the most of a site's capacity its challenges may hold over an
	// epoch: 2 %.
	CapacityBudget = 0.02
	// MinPlannedOrder is the smallest order Plan issues: below it, generating the entries a
	// check recomputes costs more than 1 % of the CPU kernel's time (make bench-challenge).
	MinPlannedOrder = 4096
	// DefaultSeparation is how many times the allowance the compute term of a deadline is
	// made at least: with a compute term k × the allowance, a site must reach at least
	// k/(k+1) of the claimed rate × the fraction to answer in time.
	DefaultSeparation = 4
)

// PlanInput is what the gateway knows when it sizes a challenge for one node.
type PlanInput struct {
	// NodeFLOPS is the challenged node's claimed rate on this arithmetic (int8-exact
	// entries, int32 results: see the package comment), SiteFLOPS the whole site's.
	NodeFLOPS, SiteFLOPS float64
	// FractionOfPeak is the deadline's conservative fraction of the claimed rate, in (0, 1].
	FractionOfPeak float64
	// Allowance covers the job's start and what is not arithmetic (Deadline).
	Allowance time.Duration
	// EpochSeconds and ChallengesPerEpoch: how often the site is challenged.
	EpochSeconds       int64
	ChallengesPerEpoch int
	// Openings per answer (OpeningsFor); 0 means 64.
	Openings int
	// Separation: the compute term at least this many allowances (0: DefaultSeparation).
	Separation float64
	// MinOrder is the smallest order planned, a power of two (0: MinPlannedOrder). Only a
	// test grid, whose nodes are a few cores, goes lower: the verification's share grows
	// above VerifyBudget there, and the plan says so rather than refusing.
	MinOrder int
	// CapacityShareLimit replaces CapacityBudget as the most of the site the epoch's
	// challenges may hold (0: CapacityBudget); test grids with minutes-long epochs raise it.
	CapacityShareLimit float64
	// Nodes is how many nodes of this rate the challenge should hold at once (0: one). The
	// plan holds fewer when the capacity budget, MaxNodes, MaxProducts or MaxTotalOpenings
	// allow no more (Plan.Nodes).
	Nodes int
}

// Plan is a challenge sized for one node, with what it costs against the budgets.
type Plan struct {
	// Order, Products and Openings are each node's; Nodes how many nodes hold the
	// challenge at once, each computing its own part (Spec.PartSpec).
	Order, Products, Openings, Nodes int
	// WorkOperations is one node's work; ComputeTime what the deadline gives it at the
	// claimed rate × the fraction, and Window that plus the allowance (the most the nodes
	// are held).
	WorkOperations uint64
	ComputeTime    time.Duration
	Window         time.Duration
	// VerifyShare is the verification's operations over the work (at most VerifyBudget).
	VerifyShare float64
	// CapacityShare is what the epoch's challenges hold of the site's capacity: challenges
	// × nodes × node rate × window / (site rate × epoch), at most CapacityBudget.
	CapacityShare float64
	// CommittedBytes is the results the site hashes into its commitment (4 bytes an entry),
	// and HashBytesPerSecond the rate it must hash them at to finish within ComputeTime.
	// The deadline counts arithmetic only: a node that cannot hash this fast (a GPU node
	// hashing on its CPU) is limited by its hashing, not its FLOPS.
	CommittedBytes     uint64
	HashBytesPerSecond float64
}

// ErrOverBudget is a site that cannot be challenged as often as asked within the capacity
// budget: fewer challenges per epoch, or a shorter allowance, would fit.
var ErrOverBudget = errors.New("challenges over the capacity budget")

// PlanChallenge sizes a challenge for one node: the order MinPlannedOrder (MaxOrder for a
// node too fast for it, larger when the nodes asked for would pass MaxProducts in all), and
// the fewest products whose compute term reaches the separation times the allowance. It
// refuses a plan whose verification or capacity share for one node is over its budget,
// saying by how much, and holds as many of the nodes asked for as the budgets allow.
func PlanChallenge(in PlanInput) (Plan, error) {
	if err := in.check(); err != nil {
		return Plan{}, err
	}
	openings := in.Openings
	if openings == 0 {
		openings = 64
	}
	separation := in.Separation
	if separation == 0 {
		separation = DefaultSeparation
	}
	rate := in.NodeFLOPS * in.FractionOfPeak
	wantSeconds := separation * in.Allowance.Seconds()
	p := Plan{Order: MinPlannedOrder, Openings: openings}
	if in.MinOrder != 0 {
		p.Order = in.MinOrder
	}
	// A product of the smallest order takes under the separation's compute time on most
	// nodes; a very fast node gets larger products before it gets more of them.
	for p.Order < MaxOrder && float64(WorkOperations(p.Order, MaxProducts))/rate < wantSeconds {
		p.Order *= 2
	}
	productsAt := func(order int) int {
		// Clamped as a float: the ratio of a fast node to a small product can pass an int.
		return int(min(max(math.Ceil(wantSeconds*rate/float64(WorkOperations(order, 1))), 1), MaxProducts))
	}
	p.Products = productsAt(p.Order)
	// Several nodes share MaxProducts: larger products before fewer nodes (each doubling
	// of the order takes an eighth as many).
	for p.Order < MaxOrder && max(in.Nodes, 1)*p.Products > MaxProducts {
		p.Order *= 2
		p.Products = productsAt(p.Order)
	}
	p.WorkOperations = WorkOperations(p.Order, p.Products)
	computeSeconds := float64(p.WorkOperations) / rate
	if computeSeconds > MaxComputeSeconds {
		return Plan{}, fmt.Errorf("challenge plan: %d products of order %d take %.0f s at %g FLOPS × %g, more than %d s", p.Products, p.Order, computeSeconds, in.NodeFLOPS, in.FractionOfPeak, MaxComputeSeconds)
	}
	if computeSeconds < wantSeconds {
		return Plan{}, fmt.Errorf("challenge plan: the largest challenge (%d products of order %d) takes %.0f s at %g FLOPS × %g, under %g × the %s allowance: such a node cannot be told from one %.0f%% as fast; shorten the allowance",
			p.Products, p.Order, computeSeconds, in.NodeFLOPS, in.FractionOfPeak, separation, in.Allowance, 100*separation/(separation+1))
	}
	p.ComputeTime = time.Duration(math.Ceil(computeSeconds * float64(time.Second)))
	p.Window = p.ComputeTime + in.Allowance
	p.CommittedBytes = uint64(p.Products) * uint64(p.Order) * uint64(p.Order) * 4
	p.HashBytesPerSecond = float64(p.CommittedBytes) / computeSeconds
	p.VerifyShare = float64(VerifyOperations(p.Order, openings)) / float64(p.WorkOperations)
	perNode := float64(in.ChallengesPerEpoch) * in.NodeFLOPS * p.Window.Seconds() / (in.SiteFLOPS * float64(in.EpochSeconds))
	p.CapacityShare = perNode
	if p.VerifyShare > VerifyBudget && (in.MinOrder == 0 || in.MinOrder >= MinPlannedOrder) {
		return Plan{}, fmt.Errorf("challenge plan: verifying %d openings of order %d costs %.3f%% of the work, over the %.0f%% budget", openings, p.Order, 100*p.VerifyShare, 100*VerifyBudget)
	}
	limit := CapacityBudget
	if in.CapacityShareLimit != 0 {
		limit = in.CapacityShareLimit
	}
	if perNode > limit {
		return Plan{}, fmt.Errorf("%w: %d challenges of %s on a node of %g FLOPS hold %.2f%% of a site of %g FLOPS over %d s, over %.0f%%",
			ErrOverBudget, in.ChallengesPerEpoch, p.Window.Round(time.Second), in.NodeFLOPS, 100*perNode, in.SiteFLOPS, in.EpochSeconds, 100*limit)
	}
	// As many of the nodes asked for as every bound allows; one always fits by now.
	p.Nodes = min(max(in.Nodes, 1), MaxNodes, MaxProducts/p.Products, MaxTotalOpenings/p.Openings, int(limit/perNode))
	p.Nodes = max(p.Nodes, 1)
	if p.Nodes < in.Nodes && p.Order > cmp.Or(in.MinOrder, MinPlannedOrder) {
		// The order was raised for more nodes than the plan holds: plan again for those
		// it holds, whose products may need no larger order.
		fewer := in
		fewer.Nodes = p.Nodes
		return PlanChallenge(fewer)
	}
	p.CapacityShare = float64(p.Nodes) * perNode
	return p, nil
}

// VerifyOperations is what checking an answer costs in the work's unit: 2 × 64·N
// multiply-adds per opened chunk (Result.Operations).
func VerifyOperations(order, openings int) uint64 {
	return uint64(openings) * 2 * ChunkEntries * uint64(order)
}

func (in PlanInput) check() error {
	switch {
	case !(in.NodeFLOPS > 0) || in.NodeFLOPS > MaxClaimedFLOPS || !(in.SiteFLOPS >= in.NodeFLOPS) || in.SiteFLOPS > MaxClaimedFLOPS:
		return fmt.Errorf("challenge plan: node %g and site %g FLOPS: the node's must be above 0 and at most the site's, at most %g", in.NodeFLOPS, in.SiteFLOPS, MaxClaimedFLOPS)
	case !(in.FractionOfPeak > 0) || in.FractionOfPeak > 1:
		return fmt.Errorf("challenge plan: fraction of peak %g must be in (0, 1]", in.FractionOfPeak)
	case in.Allowance <= 0 || in.Allowance > MaxAllowance:
		return fmt.Errorf("challenge plan: allowance %s must be above 0 and at most %s", in.Allowance, MaxAllowance)
	case in.EpochSeconds <= 0 || in.ChallengesPerEpoch < 1:
		return fmt.Errorf("challenge plan: %d challenges per %d-second epoch", in.ChallengesPerEpoch, in.EpochSeconds)
	case in.Openings != 0 && (in.Openings < MinOpenings || in.Openings > MaxOpenings):
		return fmt.Errorf("challenge plan: %d openings, outside %d..%d", in.Openings, MinOpenings, MaxOpenings)
	case in.MinOrder != 0 && (in.MinOrder < MinOrder || in.MinOrder > MaxOrder || in.MinOrder&(in.MinOrder-1) != 0):
		return fmt.Errorf("challenge plan: minimum order %d is not a power of two from %d to %d", in.MinOrder, MinOrder, MaxOrder)
	case in.CapacityShareLimit != 0 && !(in.CapacityShareLimit > 0 && in.CapacityShareLimit <= 1):
		return fmt.Errorf("challenge plan: capacity share limit %g, outside (0, 1]", in.CapacityShareLimit)
	case in.Nodes < 0 || in.Nodes > MaxNodes:
		return fmt.Errorf("challenge plan: %d nodes, outside 0..%d", in.Nodes, MaxNodes)
	case in.Separation != 0 && !(in.Separation >= 1 && in.Separation <= 100):
		return fmt.Errorf("challenge plan: separation %g, outside 1..100", in.Separation)
	}
	return nil
}
