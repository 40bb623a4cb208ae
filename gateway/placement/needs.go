package placement

import (
	"errors"
	"fmt"
	"math"

	"github.com/petagrid/petagrid/internal/sanitize"
	"github.com/petagrid/petagrid/workflows"
)

// StepNeed is what one step of a workflow asks of one node, in the terms sbatch will be given
// for it (workflows.Compile renders each step as its own Slurm job). Every figure is per node
// and, where Slurm leaves room, the larger reading: placement must never send a job to a site
// whose nodes cannot hold it, and a worst-case cost must not be under-estimated.
type StepNeed struct {
	Step    string `json:"step"`
	Finally bool   `json:"finally,omitempty"`
	// Nodes is --nodes, or the fewest nodes --ntasks and --ntasks-per-node imply (default 1).
	Nodes int `json:"nodes"`
	// CPUsPerNode is tasks on the busiest node × --cpus-per-task.
	CPUsPerNode int `json:"cpusPerNode"`
	// MemoryMiBPerNode is --mem, or --mem-per-cpu × CPUs, or --mem-per-gpu × GPUs of one
	// node; 0 when the workflow gives none (Slurm's default then fits any node).
	MemoryMiBPerNode int64 `json:"memoryMiBPerNode,omitempty"`
	// GPUsPerNode and GPUType are the GRES one node must carry ("" for any type).
	GPUsPerNode int    `json:"gpusPerNode,omitempty"`
	GPUType     string `json:"gpuType,omitempty"`
	// TimeSeconds is the step's whole wall-time limit as Slurm will hold it: every attempt
	// (each rounded up to a minute, as srun --time is), the retry backoff, or the step's
	// timeout when it has one; rounded up to a whole minute. 0 when the workflow gives no time:
	// the site's default then applies, bounded by the partition's limit. The site adds its
	// own setup time (staging, image pull), which the gateway does not know.
	TimeSeconds int64 `json:"timeSeconds,omitempty"`
	// Attempts is 1 + the retry limit; it scales an assumed time when TimeSeconds is 0.
	Attempts int `json:"attempts"`
	// ArrayTasks is the number of array tasks (matrix combinations), 1 for a plain job.
	// Every task asks for the resources above.
	ArrayTasks int `json:"arrayTasks"`
}

// Bounds a parsed workflow never exceeds (workflows' parser enforces them); NeedsOf checks
// them again because a Workflow can be built by hand, and they keep the arithmetic small.
const (
	maxCount      = 1 << 20 // nodes, tasks, tasksPerNode, cpusPerTask, gpusPerTask
	maxGPUs       = 1 << 16
	maxNeeds      = 2 * workflows.MaxSteps
	maxExcludeOps = 10_000_000 // matrix combinations × exclude entries worth checking exactly
)

// NeedsOf lists what every step of wf (steps, then finally steps) asks of a site: the
// workflow's resources with the step's own over them, as workflows.Compile merges them (the
// memory fields and the GPU fields are replaced as groups).
func NeedsOf(wf *workflows.Workflow) ([]StepNeed, error) {
	if wf == nil {
		return nil, errors.New("placement: no workflow")
	}
	if len(wf.Steps) > workflows.MaxSteps || len(wf.Finally) > workflows.MaxSteps {
		return nil, fmt.Errorf("placement: workflow %s has more than %d steps", clip(wf.Name), workflows.MaxSteps)
	}
	if len(wf.Steps)+len(wf.Finally) == 0 {
		return nil, fmt.Errorf("placement: workflow %s has no steps", clip(wf.Name))
	}
	needs := make([]StepNeed, 0, len(wf.Steps)+len(wf.Finally))
	seen := make(map[string]bool, cap(needs))
	add := func(steps []*workflows.Step, finally bool) error {
		for i, s := range steps {
			if s == nil {
				return fmt.Errorf("placement: workflow %s: step %d is missing", clip(wf.Name), i+1)
			}
			if seen[s.Name] {
				return fmt.Errorf("placement: workflow %s: step name %q is used twice", clip(wf.Name), clip(s.Name))
			}
			seen[s.Name] = true
			n, err := stepNeed(wf.Resources, s)
			if err != nil {
				return fmt.Errorf("placement: workflow %s: step %q: %w", clip(wf.Name), clip(s.Name), err)
			}
			n.Finally = finally
			needs = append(needs, n)
		}
		return nil
	}
	if err := add(wf.Steps, false); err != nil {
		return nil, err
	}
	if err := add(wf.Finally, true); err != nil {
		return nil, err
	}
	return needs, nil
}

func stepNeed(job workflows.Resources, s *workflows.Step) (StepNeed, error) {
	r := mergeResources(job, s.Resources)
	if err := checkResources(r); err != nil {
		return StepNeed{}, err
	}
	n := StepNeed{Step: s.Name, Nodes: 1, Attempts: 1, ArrayTasks: 1}

	// Nodes: --ntasks-per-node is a maximum, so T tasks need at least ⌈T/K⌉ nodes. Without
	// --nodes Slurm may spread tasks over more nodes than that; assuming it does not is the
	// conservative reading (every task's CPUs and GPUs on as few nodes as possible).
	switch {
	case r.Nodes.Set:
		n.Nodes = r.Nodes.Value
	case r.Tasks.Set && r.TasksPerNode.Set:
		n.Nodes = ceilDiv(r.Tasks.Value, r.TasksPerNode.Value)
	}
	// Tasks on the busiest node: --ntasks-per-node when given (even when fewer tasks would
	// do), else the tasks spread evenly, rounded up; Slurm's default is one task per node.
	tasksPerNode := 1
	switch {
	case r.TasksPerNode.Set:
		tasksPerNode = r.TasksPerNode.Value
	case r.Tasks.Set:
		tasksPerNode = ceilDiv(r.Tasks.Value, n.Nodes)
	}
	cpusPerTask := 1
	if r.CPUsPerTask.Set {
		cpusPerTask = r.CPUsPerTask.Value
	}
	n.CPUsPerNode = satMulInt(tasksPerNode, cpusPerTask)

	// GPUs: --gpus-per-task follows the tasks; --gpus is the job's total, and the node that
	// gets the most holds ⌈gpus/nodes⌉ of them. Requiring that many on every node (all a
	// step's nodes come from one shape here) is the conservative reading.
	switch {
	case r.GPUsPerTask.Set:
		n.GPUsPerNode = satMulInt(tasksPerNode, r.GPUsPerTask.Value)
	case r.GPUs.Set && r.GPUs.Value > 0:
		n.GPUsPerNode = ceilDiv(r.GPUs.Value, n.Nodes)
	}
	if n.GPUsPerNode > 0 && r.GPUType.Set {
		n.GPUType = r.GPUType.Value
	}

	// Memory: --mem is per node; the per-CPU and per-GPU forms scale with the node's share.
	switch {
	case r.MemMiB.Set:
		n.MemoryMiBPerNode = r.MemMiB.Value
	case r.MemPerCPUMiB.Set:
		n.MemoryMiBPerNode = satMul64(r.MemPerCPUMiB.Value, int64(n.CPUsPerNode))
	case r.MemPerGPUMiB.Set:
		n.MemoryMiBPerNode = satMul64(r.MemPerGPUMiB.Value, int64(n.GPUsPerNode))
	}

	// Time, as workflows.Compile computes the job's --time, less the site's setup time.
	var backoffSeconds int64
	if s.Retry != nil {
		if s.Retry.Limit < 0 || s.Retry.Limit > workflows.MaxRetries {
			return StepNeed{}, fmt.Errorf("retry limit %d is outside 0..%d", s.Retry.Limit, workflows.MaxRetries)
		}
		n.Attempts += s.Retry.Limit
		var err error
		if backoffSeconds, err = totalBackoffSeconds(s.Retry); err != nil {
			return StepNeed{}, err
		}
	}
	switch {
	case s.TimeoutSeconds.Set:
		if s.TimeoutSeconds.Value <= 0 || s.TimeoutSeconds.Value > workflows.MaxDurationSeconds {
			return StepNeed{}, fmt.Errorf("timeout of %d s is outside 1 s..366 days", s.TimeoutSeconds.Value)
		}
		n.TimeSeconds = s.TimeoutSeconds.Value
	case r.TimeSeconds.Set:
		n.TimeSeconds = satMul64(ceilMinute(r.TimeSeconds.Value), int64(n.Attempts)) + backoffSeconds
	}
	n.TimeSeconds = ceilMinute(n.TimeSeconds)

	if s.Matrix != nil {
		tasks, err := arrayTasks(s.Matrix)
		if err != nil {
			return StepNeed{}, err
		}
		n.ArrayTasks = tasks
	}
	return n, nil
}

// mergeResources is workflows' merge (unexported there): step fields over the workflow's,
// the memory fields and the GPU fields replaced as groups.
func mergeResources(job, step workflows.Resources) workflows.Resources {
	r := job
	for _, f := range []struct{ dst, src *workflows.Opt[int] }{
		{&r.Nodes, &step.Nodes}, {&r.Tasks, &step.Tasks}, {&r.TasksPerNode, &step.TasksPerNode}, {&r.CPUsPerTask, &step.CPUsPerTask},
	} {
		if f.src.Set {
			*f.dst = *f.src
		}
	}
	if step.MemMiB.Set || step.MemPerCPUMiB.Set || step.MemPerGPUMiB.Set {
		r.MemMiB, r.MemPerCPUMiB, r.MemPerGPUMiB = step.MemMiB, step.MemPerCPUMiB, step.MemPerGPUMiB
	}
	if step.GPUs.Set || step.GPUType.Set || step.GPUsPerTask.Set {
		r.GPUs, r.GPUType, r.GPUsPerTask = step.GPUs, step.GPUType, step.GPUsPerTask
	}
	if step.TimeSeconds.Set {
		r.TimeSeconds = step.TimeSeconds
	}
	return r
}

// checkResources bounds every figure as the parser does, so a hand-built workflow cannot
// make a step need a negative or absurd amount.
func checkResources(r workflows.Resources) error {
	var errs []error
	for _, f := range []struct {
		name string
		v    workflows.Opt[int]
		min  int
		max  int
	}{
		{"nodes", r.Nodes, 1, maxCount}, {"tasks", r.Tasks, 1, maxCount}, {"tasksPerNode", r.TasksPerNode, 1, maxCount},
		{"cpusPerTask", r.CPUsPerTask, 1, maxCount}, {"gpusPerTask", r.GPUsPerTask, 1, maxCount}, {"gpus", r.GPUs, 0, maxGPUs},
	} {
		if f.v.Set && (f.v.Value < f.min || f.v.Value > f.max) {
			errs = append(errs, fmt.Errorf("resources.%s: %d is outside %d..%d", f.name, f.v.Value, f.min, f.max))
		}
	}
	for _, f := range []struct {
		name string
		v    workflows.Opt[int64]
	}{{"mem", r.MemMiB}, {"memPerCpu", r.MemPerCPUMiB}, {"memPerGpu", r.MemPerGPUMiB}} {
		if f.v.Set && (f.v.Value < 1 || f.v.Value > workflows.MaxMemoryMiB) {
			errs = append(errs, fmt.Errorf("resources.%s: %d MiB is outside 1..%d", f.name, f.v.Value, int64(workflows.MaxMemoryMiB)))
		}
	}
	if r.TimeSeconds.Set && (r.TimeSeconds.Value < 1 || r.TimeSeconds.Value > workflows.MaxDurationSeconds) {
		errs = append(errs, fmt.Errorf("resources.time: %d s is outside 1 s..366 days", r.TimeSeconds.Value))
	}
	if r.GPUType.Set && (r.GPUType.Value == "" || len(r.GPUType.Value) > 64) {
		errs = append(errs, errors.New("resources.gpuType: must be a GRES type name of 1-64 characters"))
	}
	return errors.Join(errs...)
}

// totalBackoffSeconds sums the sleeps between attempts as the job script takes them
// (InitialSeconds × Factor^(n-1), capped at MaxSeconds), refusing figures the parser would.
func totalBackoffSeconds(r *workflows.Retry) (int64, error) {
	b := r.Backoff
	if b.InitialSeconds < 0 || b.MaxSeconds < 0 || b.MaxSeconds > workflows.MaxBackoffSeconds ||
		math.IsNaN(b.Factor) || math.IsInf(b.Factor, 0) || b.Factor < 0 {
		return 0, fmt.Errorf("retry backoff (initial %d s, factor %v, max %d s) is out of bounds", b.InitialSeconds, b.Factor, b.MaxSeconds)
	}
	var total int64
	delay := float64(b.InitialSeconds)
	for range r.Limit {
		d := b.MaxSeconds
		if delay < float64(b.MaxSeconds) {
			d = int64(delay)
		}
		total += d
		delay *= b.Factor
	}
	return total, nil
}

// arrayTasks counts a matrix's combinations as workflows expands it: the product of the
// axes less the excluded ones, plus the included ones.
func arrayTasks(m *workflows.Matrix) (int, error) {
	product := int64(0)
	if len(m.Axes) > 0 {
		product = 1
		for _, a := range m.Axes {
			product *= int64(len(a.Values))
			if product > workflows.MaxMatrixElements {
				return 0, fmt.Errorf("matrix expands to more than %d combinations", workflows.MaxMatrixElements)
			}
		}
	}
	count := product
	// Excluding is exact up to a bound on the work; past it every combination counts, which
	// over-estimates the cost and never the other way round.
	if product > 0 && len(m.Exclude) > 0 && product*int64(len(m.Exclude)) <= maxExcludeOps {
		count -= excludedCombinations(m, product)
	}
	count += int64(len(m.Include))
	if count > workflows.MaxMatrixElements {
		return 0, fmt.Errorf("matrix expands to more than %d combinations", workflows.MaxMatrixElements)
	}
	if count == 0 {
		return 0, errors.New("matrix excludes every combination")
	}
	return int(count), nil
}

// excludedCombinations counts the combinations of the axes' product that an exclude entry
// matches: an entry matches when every axis it names has the combination's value.
func excludedCombinations(m *workflows.Matrix, product int64) int64 {
	idx := make([]int, len(m.Axes))
	var excluded int64
	for range product {
		for _, ex := range m.Exclude {
			if len(ex.Values) == 0 {
				continue
			}
			match := true
			for i, a := range m.Axes {
				if v, ok := ex.Values[a.Name]; ok && v != a.Values[idx[i]] {
					match = false
					break
				}
			}
			if match {
				excluded++
				break
			}
		}
		for i := len(idx) - 1; i >= 0; i-- {
			idx[i]++
			if idx[i] < len(m.Axes[i].Values) {
				break
			}
			idx[i] = 0
		}
	}
	return excluded
}

func ceilDiv(a, b int) int {
	if b <= 0 {
		return a
	}
	return (a + b - 1) / b
}

// ceilMinute rounds up to whole minutes: Slurm keeps time limits in minutes.
func ceilMinute(secs int64) int64 {
	if secs <= 0 {
		return 0
	}
	if secs > math.MaxInt64-59 {
		return math.MaxInt64 / 60 * 60
	}
	return (secs + 59) / 60 * 60
}

// satMul64 multiplies non-negative figures, saturating instead of wrapping: a figure that
// large fits no node, which is the right answer.
func satMul64(a, b int64) int64 {
	if a <= 0 || b <= 0 {
		return 0
	}
	if a > math.MaxInt64/b {
		return math.MaxInt64
	}
	return a * b
}

func satMulInt(a, b int) int {
	v := satMul64(int64(a), int64(b))
	if v > math.MaxInt {
		return math.MaxInt
	}
	return int(v)
}

// clip shortens a value quoted back in a message or an explanation.
func clip(s string) string { return sanitize.Clip(s, 60) }
