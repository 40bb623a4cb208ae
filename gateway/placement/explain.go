package placement

import (
	"strconv"

	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/workflows"
)

// shortfall is the first requirement of a step that no node shape of a partition meets, in
// the order they are checked. A later shortfall means the partition came closer.
type shortfall int

const (
	shortNoShape shortfall = iota
	shortNoGPUs
	shortGPUType
	shortGPUCount
	shortCPUs
	shortMemory
	shortNodes
	shortNone
)

// diagnosis is what one partition lacks for one step.
type diagnosis struct {
	partition *protocol.Partition
	shapes    shortfall
	// best is the shape that comes closest on the requirement that fails.
	best   *protocol.NodeShape
	timeOK bool
}

// diagnose checks the shapes of p stage by stage (GPUs present, GPU type, GPU count, CPUs,
// memory, nodes), each stage among the shapes that passed the ones before, keeping the
// largest shape of the failing stage to say what the partition has instead.
func (e *evaluator) diagnose(n *StepNeed, p *protocol.Partition) diagnosis {
	_, timeOK := e.stepTime(n, p)
	d := diagnosis{partition: p, timeOK: timeOK}
	largest := func(pass func(*protocol.NodeShape) bool, size func(*protocol.NodeShape) int64) *protocol.NodeShape {
		var best *protocol.NodeShape
		for i := range p.Shapes {
			sh := &p.Shapes[i]
			if usable(sh) && pass(sh) && (best == nil || size(sh) > size(best)) {
				best = sh
			}
		}
		return best
	}
	all := func(*protocol.NodeShape) bool { return true }
	gpus := func(sh *protocol.NodeShape) int64 { return int64(sh.GPUs) }
	if largest(all, gpus) == nil {
		d.shapes = shortNoShape
		return d
	}
	gpuOK := all
	if n.GPUsPerNode > 0 {
		withGPUs := largest(func(sh *protocol.NodeShape) bool { return sh.GPUs > 0 }, gpus)
		if withGPUs == nil {
			d.shapes = shortNoGPUs
			return d
		}
		typed := largest(func(sh *protocol.NodeShape) bool { return sh.GPUs > 0 && gpuTypeMatches(n.GPUType, sh) }, gpus)
		if typed == nil {
			d.shapes, d.best = shortGPUType, withGPUs
			return d
		}
		if typed.GPUs < n.GPUsPerNode {
			d.shapes, d.best = shortGPUCount, typed
			return d
		}
		gpuOK = func(sh *protocol.NodeShape) bool { return sh.GPUs >= n.GPUsPerNode && gpuTypeMatches(n.GPUType, sh) }
	}
	cpus := largest(gpuOK, func(sh *protocol.NodeShape) int64 { return int64(sh.CPUs) })
	if cpus.CPUs < n.CPUsPerNode {
		d.shapes, d.best = shortCPUs, cpus
		return d
	}
	cpuOK := func(sh *protocol.NodeShape) bool { return gpuOK(sh) && sh.CPUs >= n.CPUsPerNode }
	mem := largest(cpuOK, func(sh *protocol.NodeShape) int64 { return sh.MemoryMiB })
	if mem.MemoryMiB < n.MemoryMiBPerNode {
		d.shapes, d.best = shortMemory, mem
		return d
	}
	memOK := func(sh *protocol.NodeShape) bool { return cpuOK(sh) && sh.MemoryMiB >= n.MemoryMiBPerNode }
	nodes := largest(memOK, func(sh *protocol.NodeShape) int64 { return int64(sh.Nodes) })
	if nodes.Nodes < n.Nodes {
		d.shapes, d.best = shortNodes, nodes
		return d
	}
	d.shapes = shortNone
	return d
}

// explain says why step n fits no partition: for each partition (those that come closest
// first, at most maxPartitionReasons), what the step needs and what the partition has
// instead. What the step needs is said once for partitions that fall short on the same
// requirement: `step "train": needs 4 GPUs of type h100 per node; largest match on partition
// gpu is 2 × a100; partition cpu has no GPUs`.
func (e *evaluator) explain(n *StepNeed, parts []protocol.Partition) string {
	ds := e.diagnoses[:0]
	for i := range parts {
		ds = append(ds, e.diagnose(n, &parts[i]))
	}
	e.diagnoses = ds
	// Insertion sort: stable, and partitions are few.
	for i := 1; i < len(ds); i++ {
		for j := i; j > 0 && ds[j].shapes > ds[j-1].shapes; j-- {
			ds[j], ds[j-1] = ds[j-1], ds[j]
		}
	}
	w := reasonWriter{buf: e.text[:0]}
	w.str(`step `)
	w.buf = strconv.AppendQuote(w.buf, clip(n.Step))
	w.str(": ")
	lastNeed := -1
	for k := range ds {
		if k == maxPartitionReasons {
			w.str("; and ")
			w.int(int64(len(ds) - k))
			w.str(" more partitions")
			break
		}
		if k > 0 {
			w.str("; ")
		}
		lastNeed = w.partition(n, &ds[k], lastNeed)
	}
	e.text = w.buf
	return string(w.buf)
}

// reasonWriter builds reasons without fmt: rejections are common and placement is hot.
type reasonWriter struct{ buf []byte }

func (w *reasonWriter) str(parts ...string) {
	for _, s := range parts {
		w.buf = append(w.buf, s...)
	}
}
func (w *reasonWriter) int(v int64) { w.buf = strconv.AppendInt(w.buf, v, 10) }

// partition writes what step n needs (unless it is the need written just before) and what
// partition d lacks. It returns the need written, as a key.
func (w *reasonWriter) partition(n *StepNeed, d *diagnosis, lastNeed int) int {
	name := clip(d.partition.Name)
	need := func(key int, write func()) {
		if key != lastNeed {
			write()
			w.str("; ")
		}
		lastNeed = key
	}
	const timeNeed, noTimeNeed = -2, -3
	switch {
	case d.partition.MaxTimeSeconds < 0:
		w.str("partition ", name, " has a negative time limit")
		return lastNeed
	case !d.timeOK && n.TimeSeconds > 0:
		need(timeNeed, func() { w.str("needs ", workflows.FormatDuration(n.TimeSeconds), " of wall time") })
		w.str("partition ", name, " allows at most ", workflows.FormatDuration(d.partition.MaxTimeSeconds))
		return lastNeed
	case !d.timeOK:
		need(noTimeNeed, func() { w.str("gives no time") })
		w.str("partition ", name, " has no time limit and no default time is set, so the cost has no bound")
		return lastNeed
	}
	gpuNeed := func() {
		w.str("needs ")
		w.int(int64(n.GPUsPerNode))
		if n.GPUType != "" {
			w.str(" GPUs of type ", clip(n.GPUType), " per node")
		} else {
			w.str(" GPUs per node")
		}
	}
	// The GPU shortfalls all say the same need, so they share a key.
	switch d.shapes {
	case shortNoShape:
		w.str("partition ", name, " has no usable node shape")
	case shortNoGPUs:
		need(int(shortGPUType), gpuNeed)
		w.str("partition ", name, " has no GPUs")
	case shortGPUType, shortGPUCount:
		need(int(shortGPUType), gpuNeed)
		w.str("largest match on partition ", name, " is ")
		w.int(int64(d.best.GPUs))
		w.str(" × ", gpuKind(d.best))
	case shortCPUs:
		need(int(shortCPUs), func() { w.str("needs "); w.int(int64(n.CPUsPerNode)); w.str(" CPUs per node") })
		w.str("largest match on partition ", name, " has ")
		w.int(int64(d.best.CPUs))
		w.str(" CPUs")
	case shortMemory:
		need(int(shortMemory), func() { w.str("needs "); w.int(n.MemoryMiBPerNode); w.str(" MiB of memory per node") })
		w.str("largest match on partition ", name, " has ")
		w.int(d.best.MemoryMiB)
		w.str(" MiB")
	case shortNodes:
		need(int(shortNodes), func() { w.str("needs "); w.int(int64(n.Nodes)); w.str(" nodes") })
		w.str("partition ", name, " has at most ")
		w.int(int64(d.best.Nodes))
		w.str(" matching nodes of one shape")
	default:
		// Unreachable: the step fits this partition, yet explain was called.
		w.str("partition ", name, " fits")
	}
	return lastNeed
}

func gpuKind(sh *protocol.NodeShape) string {
	switch {
	case sh.GPUType != "":
		return clip(sh.GPUType)
	case sh.GPUModel != "":
		return clip(sh.GPUModel)
	}
	return "untyped GPU"
}
