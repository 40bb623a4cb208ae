package placement

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"strings"

	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/tokenomics"
)

// maxPartitionReasons bounds how many partitions one step's rejection describes.
const maxPartitionReasons = 4

var (
	secondsPerHour = big.NewInt(3600)
	milli          = big.NewInt(1000)
	one            = big.NewInt(1)
)

// Feasible splits sites into those that can run the job and those that cannot, in the order
// given, each rejection with every reason that applies. An invalid request rejects every
// site with the request's fault.
func Feasible(req Request, sites []Site) (cands []Candidate, rejections []Rejection) {
	if err := req.Validate(); err != nil {
		reason := "invalid request: " + strings.ReplaceAll(err.Error(), "\n", "; ")
		for _, s := range sites {
			rejections = append(rejections, Rejection{Site: s.Name, Reasons: []string{reason}})
		}
		return nil, rejections
	}
	e := newEvaluator(req)
	seen := make(map[string]bool, len(sites))
	for i := range sites {
		s := &sites[i]
		if seen[s.Name] {
			rejections = append(rejections, Rejection{Site: s.Name, Reasons: []string{"the site is listed twice; only its first entry is considered"}})
			continue
		}
		seen[s.Name] = true
		c, reasons := e.evaluate(s)
		if len(reasons) > 0 {
			rejections = append(rejections, Rejection{Site: s.Name, Reasons: reasons})
			continue
		}
		cands = append(cands, c)
	}
	return cands, rejections
}

// evaluator holds what one Feasible call reuses from site to site.
type evaluator struct {
	req       Request
	labelKeys []string
	ref       big.Int
	// choice is, per step, the partition and worst-case shape chosen at the current site;
	// stepCH the step's worst-case Compute Hours × 1000 there.
	choice []choice
	stepCH []uint64
	// Scratch numbers.
	x, y, num, den, q, r big.Int
	marks                []bool
	diagnoses            []diagnosis
	text                 []byte
}

type choice struct {
	partition, shape int
	timeSeconds      int64
}

func newEvaluator(req Request) *evaluator {
	e := &evaluator{req: req, labelKeys: protocol.SortedLabels(req.RequireLabels), choice: make([]choice, len(req.Needs)), stepCH: make([]uint64, len(req.Needs))}
	e.ref.SetUint64(req.ReferenceMegaFLOPS)
	return e
}

func (e *evaluator) evaluate(s *Site) (Candidate, []string) {
	var reasons []string
	if s.Name == "" {
		reasons = append(reasons, "the site has no name")
	}
	if !s.Online {
		reasons = append(reasons, "offline")
	}
	for _, k := range e.labelKeys {
		want := e.req.RequireLabels[k]
		switch got, ok := s.Labels[k]; {
		case !ok:
			reasons = append(reasons, fmt.Sprintf("lacks the required label %s=%s", clip(k), clip(want)))
		case got != want:
			reasons = append(reasons, fmt.Sprintf("label %s is %q, the job requires %q", clip(k), clip(got), clip(want)))
		}
	}
	reasons = append(reasons, e.req.MinGrades.refusals(s)...)
	price := s.PricePerComputeHourWei
	switch {
	case price == nil:
		reasons = append(reasons, "no price per Compute Hour")
	case price.Sign() < 0:
		reasons = append(reasons, "a negative price per Compute Hour")
	}
	parts := s.Inventory.Partitions
	if len(parts) == 0 {
		return Candidate{}, append(reasons, "no grid partitions in its inventory")
	}
	// The registration was validated; a live inventory that outgrew the protocol's bounds is
	// not worth the work of looking through.
	shapes := 0
	for i := range parts {
		shapes += len(parts[i].Shapes)
	}
	if len(parts) > protocol.MaxPartitions || shapes > protocol.MaxShapes {
		return Candidate{}, append(reasons, fmt.Sprintf("its inventory has %d partitions and %d node shapes, more than the protocol allows (%d, %d)",
			len(parts), shapes, protocol.MaxPartitions, protocol.MaxShapes))
	}
	allFit := true
	for i := range e.req.Needs {
		if !e.choose(i, parts) {
			allFit = false
			reasons = append(reasons, e.explain(&e.req.Needs[i], parts))
		}
	}
	if !allFit || price == nil || price.Sign() < 0 {
		return Candidate{}, reasons
	}

	cost, chMilli := new(big.Int), new(big.Int)
	for i := range e.req.Needs {
		e.stepCH[i] = e.stepCost(i, parts, price, cost, chMilli)
	}
	if budget := e.req.MaxCostWei; budget != nil && cost.Cmp(budget) > 0 {
		reasons = append(reasons, fmt.Sprintf("worst-case cost %s DPS exceeds the budget of %s DPS", tokenomics.FormatAmount(cost), tokenomics.FormatAmount(budget)))
	}
	if len(reasons) > 0 {
		return Candidate{}, reasons
	}
	c := Candidate{
		Site:              s.Name,
		Partitions:        make([]StepPartition, len(e.req.Needs)),
		Steps:             make([]StepCost, len(e.req.Needs)),
		CostWei:           cost,
		ComputeHoursMilli: math.MaxUint64,
		PerformanceGrade:  s.PerformanceGrade,
		ReliabilityGrade:  s.ReliabilityGrade,
		EnergyGrade:       s.EnergyGrade,
		QueuedJobs:        s.QueuedJobs,
	}
	if chMilli.IsUint64() {
		c.ComputeHoursMilli = chMilli.Uint64()
	}
	for i, n := range e.req.Needs {
		c.Partitions[i] = StepPartition{Step: n.Step, Partition: parts[e.choice[i].partition].Name}
		c.Steps[i] = StepCost{Step: n.Step, TimeSeconds: e.choice[i].timeSeconds, ComputeHoursMilli: e.stepCH[i]}
	}
	c.AvailableNodes, c.IdleNodes = e.capacity(parts)
	return c, nil
}

// choose picks step i's partition: among those where it fits, the one where its worst-case
// cost is lowest. It reports whether the step fits anywhere.
func (e *evaluator) choose(i int, parts []protocol.Partition) bool {
	n := &e.req.Needs[i]
	best := choice{partition: -1}
	for pi := range parts {
		p := &parts[pi]
		t, ok := e.stepTime(n, p)
		if !ok {
			continue
		}
		worst := -1
		for si := range p.Shapes {
			sh := &p.Shapes[si]
			if !usable(sh) || !fits(n, sh) {
				continue
			}
			if worst < 0 || perUnitMore(n, sh, &p.Shapes[worst]) {
				worst = si
			}
		}
		if worst < 0 {
			continue
		}
		c := choice{partition: pi, shape: worst, timeSeconds: t}
		if best.partition < 0 || e.cheaper(n, parts, c, best) {
			best = c
		}
	}
	e.choice[i] = best
	return best.partition >= 0
}

// stepTime is the time step n is costed for on p, and whether it may run there at all.
func (e *evaluator) stepTime(n *StepNeed, p *protocol.Partition) (int64, bool) {
	switch {
	case p.MaxTimeSeconds < 0:
		return 0, false
	case n.TimeSeconds > 0:
		return n.TimeSeconds, p.MaxTimeSeconds == 0 || n.TimeSeconds <= p.MaxTimeSeconds
	case p.MaxTimeSeconds > 0:
		return p.MaxTimeSeconds, true
	case e.req.DefaultTimeSeconds > 0:
		return satMul64(e.req.DefaultTimeSeconds, int64(n.Attempts)), true
	}
	return 0, false
}

// usable rejects node shapes no honest inventory has (protocol.Inventory.Validate's bounds).
func usable(sh *protocol.NodeShape) bool {
	return sh.Nodes >= 1 && sh.CPUs >= 1 && sh.MemoryMiB >= 0 && sh.GPUs >= 0 && sh.MegaFLOPS > 0 &&
		sh.Available >= 0 && sh.Available <= sh.Nodes && sh.Idle >= 0 && sh.Idle <= sh.Available
}

func fits(n *StepNeed, sh *protocol.NodeShape) bool {
	if sh.Nodes < n.Nodes || sh.CPUs < n.CPUsPerNode || sh.MemoryMiB < n.MemoryMiBPerNode || sh.GPUs < n.GPUsPerNode {
		return false
	}
	return n.GPUsPerNode == 0 || gpuTypeMatches(n.GPUType, sh)
}

func gpuTypeMatches(want string, sh *protocol.NodeShape) bool {
	return want == "" || strings.EqualFold(want, sh.GPUType) || strings.EqualFold(want, sh.GPUModel)
}

// units is what a step's share of a node is measured in: GPUs when it asks for GPUs,
// else CPUs.
func units(n *StepNeed, sh *protocol.NodeShape) (requested, ofNode uint64) {
	if n.GPUsPerNode > 0 {
		return uint64(n.GPUsPerNode), uint64(sh.GPUs)
	}
	return uint64(n.CPUsPerNode), uint64(sh.CPUs)
}

// perUnitMore reports whether a gives more computing power per unit (GPU or CPU) than b:
// the shape where a share of the node costs the most.
func perUnitMore(n *StepNeed, a, b *protocol.NodeShape) bool {
	_, ua := units(n, a)
	_, ub := units(n, b)
	hi1, lo1 := bits.Mul64(a.MegaFLOPS, ub)
	hi2, lo2 := bits.Mul64(b.MegaFLOPS, ua)
	return hi1 > hi2 || hi1 == hi2 && lo1 > lo2
}

// cheaper reports whether choice a costs step n less than b. Within one site the nodes, the
// share requested, the array tasks and the price are the same, so cost follows
// MegaFLOPS × time / units of the node. Ties go to the default partition, then the name.
func (e *evaluator) cheaper(n *StepNeed, parts []protocol.Partition, a, b choice) bool {
	sa, sb := &parts[a.partition].Shapes[a.shape], &parts[b.partition].Shapes[b.shape]
	_, ua := units(n, sa)
	_, ub := units(n, sb)
	if c := cmpProducts(sa.MegaFLOPS, uint64(a.timeSeconds), ub, sb.MegaFLOPS, uint64(b.timeSeconds), ua); c != 0 {
		return c < 0
	}
	pa, pb := &parts[a.partition], &parts[b.partition]
	if pa.Default != pb.Default {
		return pa.Default
	}
	return pa.Name < pb.Name
}

// cmpProducts compares a1×a2×a3 with b1×b2×b3 exactly: three 64-bit factors fit 192 bits.
func cmpProducts(a1, a2, a3, b1, b2, b3 uint64) int {
	x2, x1, x0 := mul192(a1, a2, a3)
	y2, y1, y0 := mul192(b1, b2, b3)
	for _, w := range [...][2]uint64{{x2, y2}, {x1, y1}, {x0, y0}} {
		if c := cmpUint(w[0], w[1]); c != 0 {
			return c
		}
	}
	return 0
}

// mul192 is a×b×c as three 64-bit words, most significant first.
func mul192(a, b, c uint64) (w2, w1, w0 uint64) {
	hi, lo := bits.Mul64(a, b)
	carry, w0 := bits.Mul64(lo, c)
	w2, w1 = bits.Mul64(hi, c)
	var k uint64
	w1, k = bits.Add64(w1, carry, 0)
	return w2 + k, w1, w0
}

// stepCost adds step i's worst-case cost and Compute Hours on its chosen partition, each
// rounded up, and returns the step's Compute Hours × 1000 (saturating):
//
//	CH = nodes × requested/ofNode × MegaFLOPS/ReferenceMegaFLOPS × seconds/3600 × array tasks
func (e *evaluator) stepCost(i int, parts []protocol.Partition, price, cost, chMilli *big.Int) uint64 {
	n, c := &e.req.Needs[i], e.choice[i]
	sh := &parts[c.partition].Shapes[c.shape]
	req, ofNode := units(n, sh)
	e.num.SetInt64(int64(n.Nodes))
	e.num.Mul(&e.num, e.q.SetUint64(req))
	e.num.Mul(&e.num, e.q.SetUint64(sh.MegaFLOPS))
	e.num.Mul(&e.num, e.q.SetInt64(c.timeSeconds))
	e.num.Mul(&e.num, e.q.SetInt64(int64(n.ArrayTasks)))
	e.den.SetUint64(ofNode)
	e.den.Mul(&e.den, secondsPerHour)
	e.den.Mul(&e.den, &e.ref)
	cost.Add(cost, e.ceilQuo(e.x.Mul(&e.num, price), &e.den))
	step := e.ceilQuo(e.x.Mul(&e.num, milli), &e.den)
	chMilli.Add(chMilli, step)
	if !step.IsUint64() {
		return math.MaxUint64
	}
	return step.Uint64()
}

// ceilQuo is ⌈a/b⌉ for a ≥ 0, b > 0, in e.y.
func (e *evaluator) ceilQuo(a, b *big.Int) *big.Int {
	e.y.QuoRem(a, b, &e.r)
	if e.r.Sign() > 0 {
		e.y.Add(&e.y, one)
	}
	return &e.y
}

// capacity counts the available and idle nodes of every shape some step fits on in its
// chosen partition, each shape once.
func (e *evaluator) capacity(parts []protocol.Partition) (available, idle int) {
	offsets := make([]int, len(parts)+1)
	for i := range parts {
		offsets[i+1] = offsets[i] + len(parts[i].Shapes)
	}
	total := offsets[len(parts)]
	if cap(e.marks) < total {
		e.marks = make([]bool, total)
	}
	marks := e.marks[:total]
	clear(marks)
	for i := range e.req.Needs {
		n := &e.req.Needs[i]
		pi := e.choice[i].partition
		for si := range parts[pi].Shapes {
			sh := &parts[pi].Shapes[si]
			if m := &marks[offsets[pi]+si]; !*m && usable(sh) && fits(n, sh) {
				*m = true
				available = satAdd(available, sh.Available)
				idle = satAdd(idle, sh.Idle)
			}
		}
	}
	return available, idle
}

func satAdd(a, b int) int {
	if a > math.MaxInt-b {
		return math.MaxInt
	}
	return a + b
}
