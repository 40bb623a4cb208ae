package challenge

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"
)

// A GPU node of four A100s (312 TFLOPS of dense BF16 each) in a site of 64 such nodes,
// challenged 24 times in a 15-day epoch.
var gpuNode = PlanInput{NodeFLOPS: 4 * 312e12, SiteFLOPS: 64 * 4 * 312e12, FractionOfPeak: 0.25, Allowance: 2 * time.Minute,
	EpochSeconds: 15 * 86400, ChallengesPerEpoch: 24}

func TestPlanFitsTheBudgets(t *testing.T) {
	for name, in := range map[string]PlanInput{
		"GPU node":                 gpuNode,
		"CPU node (this kernel)":   {NodeFLOPS: 24e9, SiteFLOPS: 100 * 24e9, FractionOfPeak: 0.25, Allowance: time.Minute, EpochSeconds: 15 * 86400, ChallengesPerEpoch: 24},
		"an 8-GPU 16 PFLOPS node":  {NodeFLOPS: 16e15, SiteFLOPS: 32 * 16e15, FractionOfPeak: 0.25, Allowance: 15 * time.Second, EpochSeconds: 15 * 86400, ChallengesPerEpoch: 24},
		"one node, daily epochs":   {NodeFLOPS: 4 * 312e12, SiteFLOPS: 4 * 312e12, FractionOfPeak: 0.25, Allowance: 30 * time.Second, EpochSeconds: 86400, ChallengesPerEpoch: 1},
		"more openings, separated": {NodeFLOPS: 4 * 312e12, SiteFLOPS: 8 * 4 * 312e12, FractionOfPeak: 0.1, Allowance: time.Minute, EpochSeconds: 15 * 86400, ChallengesPerEpoch: 48, Openings: 422, Separation: 10},
	} {
		p, err := PlanChallenge(in)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		separation := in.Separation
		if separation == 0 {
			separation = DefaultSeparation
		}
		spec := Spec{Version: SpecVersion, Nonce: Hash{1}, Order: p.Order, Products: p.Products, Openings: p.Openings,
			IssuedAt: time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)}
		deadline, err := Deadline(spec.IssuedAt, p.WorkOperations, in.NodeFLOPS, in.FractionOfPeak, in.Allowance)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		spec.Deadline = deadline
		switch {
		case spec.Validate() != nil:
			t.Errorf("%s: the plan is no valid spec: %v", name, spec.Validate())
		case p.Order < MinPlannedOrder:
			t.Errorf("%s: order %d below %d", name, p.Order, MinPlannedOrder)
		case p.ComputeTime.Seconds() < separation*in.Allowance.Seconds():
			t.Errorf("%s: compute term %s under %g × the allowance %s", name, p.ComputeTime, separation, in.Allowance)
		case p.VerifyShare > VerifyBudget || p.CapacityShare > CapacityBudget:
			t.Errorf("%s: verification %.4f%%, capacity %.4f%%", name, 100*p.VerifyShare, 100*p.CapacityShare)
		case deadline.Sub(spec.IssuedAt)-p.Window > time.Second || deadline.Sub(spec.IssuedAt) < p.Window:
			t.Errorf("%s: the deadline gives %s, the plan's window is %s", name, deadline.Sub(spec.IssuedAt), p.Window)
		}
		// One product fewer would not separate: the plan takes the fewest.
		if p.Products > 1 {
			fewer := float64(WorkOperations(p.Order, p.Products-1)) / (in.NodeFLOPS * in.FractionOfPeak)
			if fewer >= separation*in.Allowance.Seconds() {
				t.Errorf("%s: %d products where %d reach the separation", name, p.Products, p.Products-1)
			}
		}
	}
}

func TestPlanCapacityShareIsTheEpochsChallenges(t *testing.T) {
	p, err := PlanChallenge(gpuNode)
	if err != nil {
		t.Fatal(err)
	}
	want := 24 * p.Window.Seconds() / 64 / (15 * 86400)
	if math.Abs(p.CapacityShare-want) > 1e-12 {
		t.Fatalf("capacity share %g, want %g", p.CapacityShare, want)
	}
	// Four times as many challenges hold four times as much.
	more := gpuNode
	more.ChallengesPerEpoch *= 4
	q, err := PlanChallenge(more)
	if err != nil || math.Abs(q.CapacityShare-4*p.CapacityShare) > 1e-12 {
		t.Fatalf("96 challenges: %+v %v", q, err)
	}
}

func TestPlanRefusesWhatCannotFit(t *testing.T) {
	// A single-node site challenged hourly with ten-minute windows holds a sixth of itself.
	in := PlanInput{NodeFLOPS: 1e15, SiteFLOPS: 1e15, FractionOfPeak: 0.25, Allowance: 2 * time.Minute, EpochSeconds: 86400, ChallengesPerEpoch: 24}
	if _, err := PlanChallenge(in); !errors.Is(err, ErrOverBudget) {
		t.Fatalf("hourly challenges of a one-node site: %v", err)
	}
	// A node so slow that one product of the smallest order outlasts a day.
	slow := PlanInput{NodeFLOPS: 1e6, SiteFLOPS: 1e6, FractionOfPeak: 0.25, Allowance: time.Second, EpochSeconds: 86400, ChallengesPerEpoch: 1}
	if _, err := PlanChallenge(slow); err == nil {
		t.Fatal("a 1 MFLOPS node got a plan")
	}
	// The largest challenge keeps a 128 PFLOPS node busy for 72 s at a quarter of its rate:
	// not four one-minute allowances.
	fast := PlanInput{NodeFLOPS: 128e15, SiteFLOPS: 128e15, FractionOfPeak: 0.25, Allowance: time.Minute, EpochSeconds: 15 * 86400, ChallengesPerEpoch: 1}
	if _, err := PlanChallenge(fast); err == nil || !strings.Contains(err.Error(), "cannot be told from one 80% as fast") {
		t.Fatalf("a node too fast for the largest challenge: %v", err)
	}
	for name, bad := range map[string]func(*PlanInput){
		"no node rate":         func(p *PlanInput) { p.NodeFLOPS = 0 },
		"NaN rate":             func(p *PlanInput) { p.NodeFLOPS = math.NaN() },
		"node above the site":  func(p *PlanInput) { p.SiteFLOPS = p.NodeFLOPS / 2 },
		"fraction over 1":      func(p *PlanInput) { p.FractionOfPeak = 1.5 },
		"no allowance":         func(p *PlanInput) { p.Allowance = 0 },
		"no challenges":        func(p *PlanInput) { p.ChallengesPerEpoch = 0 },
		"too few openings":     func(p *PlanInput) { p.Openings = 8 },
		"separation below one": func(p *PlanInput) { p.Separation = 0.5 },
	} {
		in := gpuNode
		bad(&in)
		if _, err := PlanChallenge(in); err == nil {
			t.Errorf("%s: planned", name)
		}
	}
}

// cpuNode is a CPU node of 2 TFLOPS in a site of 100, challenged 24 times an epoch.
var cpuNode = PlanInput{NodeFLOPS: 2e12, SiteFLOPS: 100 * 2e12, FractionOfPeak: 0.25, Allowance: time.Minute,
	EpochSeconds: 15 * 86400, ChallengesPerEpoch: 24}

func TestPlanHoldsSeveralNodes(t *testing.T) {
	one, err := PlanChallenge(cpuNode)
	if err != nil || one.Nodes != 1 {
		t.Fatalf("one node by default: %+v %v", one, err)
	}
	in := cpuNode
	in.Nodes = 48
	p, err := PlanChallenge(in)
	if err != nil {
		t.Fatal(err)
	}
	// Each node's part is the one-node plan's work in larger products (48 × 874 products of
	// order 4,096 would pass MaxProducts: 110 of 8,192 instead, a whole product more than
	// an eighth); the capacity held grows with the nodes.
	if p.Nodes != 48 || p.Order != 2*one.Order || p.Products != (one.Products+7)/8 || p.Window-one.Window > 2*time.Second ||
		math.Abs(p.CapacityShare/(48*one.CapacityShare)-1) > 0.01 || p.CapacityShare > CapacityBudget {
		t.Fatalf("48 nodes: %+v (one node: %+v)", p, one)
	}
	spec := Spec{Version: SpecVersion, Nonce: Hash{1}, Order: p.Order, Products: p.Products, Openings: p.Openings, Nodes: p.Nodes,
		IssuedAt: time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC), Deadline: time.Date(2026, 11, 26, 1, 0, 0, 0, time.UTC)}
	if err := spec.Validate(); err != nil {
		t.Fatalf("the plan is no valid spec: %v", err)
	}
	// A budget that holds only so many nodes gets that many, never none, and products of
	// the order those nodes need (ten nodes of 874 products fit at order 4,096).
	in.CapacityShareLimit = 10.5 * p.CapacityShare / 48
	if p, err := PlanChallenge(in); err != nil || p.Nodes != 10 || p.Order != one.Order {
		t.Fatalf("a budget of 10.5 nodes: %+v %v", p, err)
	}
	// The totals bound the nodes too: 1,024 openings a part leave room for four parts, and
	// GPU nodes of 2,129 products each at the largest order (17,026 at order 16,384, which
	// would hold one) for fifteen.
	if p, err := PlanChallenge(PlanInput{NodeFLOPS: gpuNode.NodeFLOPS, SiteFLOPS: gpuNode.SiteFLOPS, FractionOfPeak: gpuNode.FractionOfPeak,
		Allowance: gpuNode.Allowance, EpochSeconds: gpuNode.EpochSeconds, ChallengesPerEpoch: gpuNode.ChallengesPerEpoch, Nodes: MaxNodes}); err != nil ||
		p.Order != MaxOrder || p.Products != 2129 || p.Nodes != MaxProducts/2129 {
		t.Fatalf("GPU nodes: %+v %v", p, err)
	}
	in = cpuNode
	in.Nodes, in.Openings, in.ChallengesPerEpoch = MaxNodes, MaxOpenings, 1
	if p, err := PlanChallenge(in); err != nil || p.Nodes != MaxTotalOpenings/MaxOpenings {
		t.Fatalf("1,024 openings a part: %+v %v", p, err)
	}
	for _, n := range []int{-1, MaxNodes + 1} {
		in := cpuNode
		in.Nodes = n
		if _, err := PlanChallenge(in); err == nil {
			t.Fatalf("%d nodes planned", n)
		}
	}
}
