// Package placement decides which site a grid job goes to. It is pure: no I/O, no clock, no
// global state; the gateway gives it the job's needs and the sites' live inventories.
//
// A decision has two halves. Feasible applies the hard constraints, each with a precise
// reason when it fails: the site is online, carries the labels the job requires, has a price,
// every step fits one node shape of some partition (GPUs per node of the right type, CPUs,
// memory, node count) within that partition's time limit, and the job's worst-case cost is
// within the researcher's budget. A Policy then orders the feasible sites; a plugin may
// implement it, so Place checks that what comes back is exactly the feasible set, reordered.
//
// Worst-case cost. For each step and partition, Slurm may give the step any node shape that
// fits, so the step is costed on the fitting shape with the most computing power per unit
// requested: nodes × (GPUs requested / GPUs of the node, or CPUs requested / CPUs of the node
// for a step without GPUs) × node MegaFLOPS / ReferenceMegaFLOPS × hours × array tasks gives
// Compute Hours, × the site's price per Compute Hour gives wei. Each step goes to the
// fitting partition where that is cheapest (the default partition, then the name, breaking
// ties). Hours are the step's whole time limit, or the partition's limit when the step gives
// none, or Request.DefaultTimeSeconds per attempt when neither does. Each step's figures are
// rounded up (to the wei, to the thousandth of a Compute Hour) before they are added.
// The chosen partitions are a placement's advice: today the site's profile picks each step's
// partition (protocol.Assignment carries none), so the cost is the worst case only where the
// site's routing agrees with the cheapest fitting partition.
//
// Default ordering (Default.Rank), each key deciding only when the ones before tie:
//  1. estimated worst-case cost, cheapest first;
//  2. performance grade, A before B before C before D, unknown last;
//  3. reliability grade, 1 before 2 before 3 before 4, unknown last;
//  4. energy grade, X before Y before Z, unknown last;
//  5. load: queued jobs per available node of the node shapes the job would use, lowest
//     first (no available node counts as the highest load); then more idle nodes first;
//  6. site name, so equal sites always come out in the same order.
package placement

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/petagrid/petagrid/gateway/protocol"
)

// Site is what placement knows of one approved site.
type Site struct {
	Name string
	// Inventory is the registered shapes with live Available and Idle counts.
	Inventory protocol.Inventory
	// PricePerComputeHourWei is what the site charges per Compute Hour, in DPS wei; nil when
	// the site has not set one (it then gets no work).
	PricePerComputeHourWei *big.Int
	Labels                 map[string]string
	// PerformanceGrade is "A" (best) to "D"; ReliabilityGrade 1 (best) to 4. "" and 0 are
	// unknown, as is anything else.
	PerformanceGrade string
	ReliabilityGrade int
	// EnergyGrade is "X" (best) to "Z"; "" is unknown.
	EnergyGrade string
	// PriceBasis says how the price was reached from the site's schedule by grade, for the
	// placement's message ("" for a site that posts one price).
	PriceBasis string
	// QueuedJobs counts jobs assigned to the site and not yet running.
	QueuedJobs int
	Online     bool
}

// Request is one job to place.
type Request struct {
	Job   string
	Needs []StepNeed
	// MaxCostWei is the researcher's budget in DPS wei; nil places without a cost cap (an
	// estimate, for example).
	MaxCostWei *big.Int
	// ReferenceMegaFLOPS is the index of the Compute Hour reference system
	// (tokenomics.Catalog.ReferenceScore().PerDeviceMegaFLOPS): one Compute Hour is that
	// system for one hour.
	ReferenceMegaFLOPS uint64
	// RequireLabels must all be on a site, with these values.
	RequireLabels map[string]string
	// MinGrades is the worst grade of each kind a site may have (the workflow's
	// placement.grades); the zero value accepts every site.
	MinGrades GradeFloor
	// DefaultTimeSeconds is the time of one attempt assumed for a step that gives no time on
	// a partition without a limit; 0 makes such a partition unusable for such a step, since
	// its cost has no bound.
	DefaultTimeSeconds int64
}

// Validate checks a request before any site is looked at.
func (r Request) Validate() error {
	var errs []error
	if len(r.Needs) == 0 || len(r.Needs) > maxNeeds {
		errs = append(errs, fmt.Errorf("a job has 1 to %d steps, this one %d", maxNeeds, len(r.Needs)))
	}
	if r.ReferenceMegaFLOPS == 0 {
		errs = append(errs, errors.New("the reference performance (ReferenceMegaFLOPS) is 0"))
	}
	if r.MaxCostWei != nil && r.MaxCostWei.Sign() < 0 {
		errs = append(errs, fmt.Errorf("the budget is negative (%s wei)", r.MaxCostWei))
	}
	if r.DefaultTimeSeconds < 0 {
		errs = append(errs, fmt.Errorf("the default time is negative (%d s)", r.DefaultTimeSeconds))
	}
	if err := r.MinGrades.validate(); err != nil {
		errs = append(errs, err)
	}
	seen := make(map[string]bool, len(r.Needs))
	for _, n := range r.Needs {
		if seen[n.Step] {
			errs = append(errs, fmt.Errorf("step %q is listed twice", clip(n.Step)))
		}
		seen[n.Step] = true
		if err := n.validate(); err != nil {
			errs = append(errs, fmt.Errorf("step %q: %w", clip(n.Step), err))
		}
		if len(errs) > 10 {
			break
		}
	}
	return errors.Join(errs...)
}

func (n StepNeed) validate() error {
	switch {
	case n.Nodes < 1:
		return fmt.Errorf("%d nodes", n.Nodes)
	case n.CPUsPerNode < 1:
		return fmt.Errorf("%d CPUs per node (at least 1)", n.CPUsPerNode)
	case n.MemoryMiBPerNode < 0:
		return fmt.Errorf("%d MiB per node", n.MemoryMiBPerNode)
	case n.GPUsPerNode < 0:
		return fmt.Errorf("%d GPUs per node", n.GPUsPerNode)
	case n.GPUType != "" && n.GPUsPerNode == 0:
		return fmt.Errorf("GPU type %q without GPUs", clip(n.GPUType))
	case n.TimeSeconds < 0:
		return fmt.Errorf("time of %d s", n.TimeSeconds)
	case n.Attempts < 1:
		return fmt.Errorf("%d attempts (at least 1)", n.Attempts)
	case n.ArrayTasks < 1:
		return fmt.Errorf("%d array tasks (at least 1)", n.ArrayTasks)
	}
	return nil
}

// Candidate is a site that can run the job, as estimated there. It holds plain figures so
// that a plugin can receive and return it.
type Candidate struct {
	Site string `json:"site"`
	// Partitions is the partition chosen for each step, in the order of Request.Needs.
	Partitions []StepPartition `json:"partitions"`
	// Steps are each step's worst-case figures on its chosen partition, in the same order:
	// what CostWei and ComputeHoursMilli add up.
	Steps []StepCost `json:"steps,omitempty"`
	// CostWei is the worst-case cost in DPS wei; ComputeHoursMilli the worst-case Compute
	// Hours × 1000 (saturating at the largest uint64).
	CostWei           *big.Int `json:"costWei"`
	ComputeHoursMilli uint64   `json:"computeHoursMilli"`
	PerformanceGrade  string   `json:"performanceGrade,omitempty"`
	ReliabilityGrade  int      `json:"reliabilityGrade,omitempty"`
	EnergyGrade       string   `json:"energyGrade,omitempty"`
	QueuedJobs        int      `json:"queuedJobs"`
	// AvailableNodes and IdleNodes count the nodes of the shapes the job's steps fit on, in
	// the chosen partitions (each shape once).
	AvailableNodes int `json:"availableNodes"`
	IdleNodes      int `json:"idleNodes"`
	// Score is the policy's, higher is better; informational, the order is what counts.
	Score float64 `json:"score"`
}

// StepPartition is where one step runs.
type StepPartition struct {
	Step      string `json:"step"`
	Partition string `json:"partition"`
}

// StepCost is one step's worst case at a site: the gateway bounds what a site may bill for
// the step by it.
type StepCost struct {
	Step string `json:"step"`
	// TimeSeconds is the wall time the step was costed for: its time limit (every attempt),
	// the partition's limit, or the default time per attempt.
	TimeSeconds int64 `json:"timeSeconds"`
	// ComputeHoursMilli is the step's Compute Hours × 1000 over TimeSeconds, every array task
	// included, rounded up (saturating at the largest uint64).
	ComputeHoursMilli uint64 `json:"computeHoursMilli"`
}

func (c Candidate) clone() Candidate {
	out := c
	out.Partitions = append([]StepPartition(nil), c.Partitions...)
	out.Steps = append([]StepCost(nil), c.Steps...)
	if c.CostWei != nil {
		out.CostWei = new(big.Int).Set(c.CostWei)
	}
	return out
}

// Rejection says why a site cannot run the job.
type Rejection struct {
	Site    string   `json:"site"`
	Reasons []string `json:"reasons"`
}

// Policy orders the feasible sites, best first. It must return every candidate it was given,
// each once; Place refuses anything else. Only the order and the scores are taken from it:
// the figures placement computed stay the host's.
type Policy interface {
	Rank(ctx context.Context, req Request, feasible []Candidate) ([]Candidate, error)
}

// Decision is where a job goes and why.
type Decision struct {
	Chosen     Candidate
	Ranked     []Candidate
	Rejections []Rejection
}

// NoFitError is returned by Place when no site can run the job.
type NoFitError struct {
	Job        string
	Rejections []Rejection
}

// maxErrorSites bounds the sites Error lists; Rejections holds them all.
const maxErrorSites = 50

// Error gives one line per site.
func (e *NoFitError) Error() string {
	job := "the job"
	if e.Job != "" {
		job = "job " + clip(e.Job)
	}
	if len(e.Rejections) == 0 {
		return "no site can run " + job + ": no site is approved and online"
	}
	var b strings.Builder
	b.WriteString("no site can run " + job + ":")
	for i, r := range e.Rejections {
		if i == maxErrorSites {
			fmt.Fprintf(&b, "\n  … and %d more sites", len(e.Rejections)-i)
			break
		}
		b.WriteString("\n  " + clip(r.Site) + ": " + strings.Join(r.Reasons, "; "))
	}
	return b.String()
}

// Place finds the feasible sites, has p rank them (nil p is Default) and checks the ranking.
// With no feasible site the error is a *NoFitError.
func Place(ctx context.Context, p Policy, req Request, sites []Site) (Decision, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	if err := req.Validate(); err != nil {
		return Decision{}, fmt.Errorf("placement: job %s: invalid request: %w", clip(req.Job), err)
	}
	if p == nil {
		p = Default{}
	}
	cands, rejections := Feasible(req, sites)
	if len(cands) == 0 {
		return Decision{Rejections: rejections}, &NoFitError{Job: req.Job, Rejections: rejections}
	}
	if err := ctx.Err(); err != nil {
		return Decision{Rejections: rejections}, fmt.Errorf("placement: job %s: %w", clip(req.Job), err)
	}
	given := make([]Candidate, len(cands))
	for i, c := range cands {
		given[i] = c.clone()
	}
	ranked, err := rank(ctx, p, req.clone(), given)
	if err != nil {
		return Decision{Rejections: rejections}, fmt.Errorf("placement: job %s: policy %T: %w", clip(req.Job), p, err)
	}
	ordered, err := checkRanking(cands, ranked)
	if err != nil {
		return Decision{Rejections: rejections}, fmt.Errorf("placement: job %s: policy %T returned a bad ranking: %w", clip(req.Job), p, err)
	}
	return Decision{Chosen: ordered[0].clone(), Ranked: ordered, Rejections: rejections}, nil
}

// rank calls the policy, turning a panic into an error: a policy is plugin code.
func rank(ctx context.Context, p Policy, req Request, cands []Candidate) (out []Candidate, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("panic: %v", r)
		}
	}()
	return p.Rank(ctx, req, cands)
}

// checkRanking accepts a ranking only when it is a permutation of the feasible set, and
// rebuilds it from the host's own candidates (which it takes over) so that a policy cannot
// alter costs or partitions.
func checkRanking(feasible, ranked []Candidate) ([]Candidate, error) {
	index := make(map[string]int, len(feasible))
	for i, c := range feasible {
		index[c.Site] = i
	}
	used := make([]bool, len(feasible))
	out := make([]Candidate, 0, len(feasible))
	for _, r := range ranked {
		i, ok := index[r.Site]
		switch {
		case !ok:
			return nil, fmt.Errorf("site %q was not a feasible candidate", clip(r.Site))
		case used[i]:
			return nil, fmt.Errorf("site %q is ranked twice", clip(r.Site))
		case math.IsNaN(r.Score) || math.IsInf(r.Score, 0):
			return nil, fmt.Errorf("site %q has the score %v", clip(r.Site), r.Score)
		}
		used[i] = true
		c := feasible[i] // Feasible's own: the policy was given copies
		c.Score = r.Score
		out = append(out, c)
	}
	if len(out) != len(feasible) {
		var missing []string
		for i, u := range used {
			if !u {
				missing = append(missing, feasible[i].Site)
				if len(missing) == 5 {
					break
				}
			}
		}
		more := ""
		if len(feasible)-len(out) > len(missing) {
			more = ", …"
		}
		return nil, fmt.Errorf("%d of %d feasible sites are missing (%s%s)", len(feasible)-len(out), len(feasible), strings.Join(missing, ", "), more)
	}
	return out, nil
}

// clone copies what a policy could change through the request's references.
func (r Request) clone() Request {
	out := r
	out.Needs = append([]StepNeed(nil), r.Needs...)
	if r.MaxCostWei != nil {
		out.MaxCostWei = new(big.Int).Set(r.MaxCostWei)
	}
	if r.RequireLabels != nil {
		out.RequireLabels = make(map[string]string, len(r.RequireLabels))
		for k, v := range r.RequireLabels {
			out.RequireLabels[k] = v
		}
	}
	return out
}
