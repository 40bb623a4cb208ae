package fakeslurm

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/petagrid/petagrid/slurmbridge"
)

// node is a compute node and what runs on it.
type node struct {
	info      slurmbridge.Node // as configured (or as the test last set its state)
	gpus      []gpu            // in Slurm's index order
	allocCPUs int64
	allocMem  int64
	gpuUsed   map[int]bool // by index
}

type gpu struct {
	typ   string
	index int
}

// allocation is what one run holds on one node.
type allocation struct {
	node string
	cpus int64
	mem  int64
	gpus []gpu
}

// unusableFlags take a node out of scheduling.
var unusableFlags = map[string]bool{"DRAIN": true, "DRAINING": true, "DRAINED": true, "NOT_RESPONDING": true,
	"FAIL": true, "POWERED_DOWN": true, "POWER_DOWN": true, "MAINTENANCE": true, "REBOOT_ISSUED": true}

// schedulableStates are the base states a node runs jobs in; the fake derives which of
// them a node is in from what runs on it.
var schedulableStates = map[string]bool{"": true, "IDLE": true, "MIXED": true, "ALLOCATED": true}

func (c *cluster) setNodes(nodes []slurmbridge.Node, partitions []slurmbridge.Partition) {
	c.t.Helper()
	seen := map[string]bool{}
	for _, n := range nodes {
		if n.Name == "" || seen[n.Name] {
			c.t.Fatalf("fakeslurm: node names must be unique and not empty (%q)", n.Name)
		}
		seen[n.Name] = true
		nd := &node{info: n, gpuUsed: map[int]bool{}}
		nd.info.Partitions = slices.Clone(n.Partitions)
		nd.info.Flags = slices.Clone(n.Flags)
		nd.info.GRES = slices.Clone(n.GRES)
		next := 0
		for _, g := range n.GRES {
			if g.Name != "gpu" {
				continue
			}
			if len(g.Indices) > 0 && int64(len(g.Indices)) != g.Count {
				c.t.Fatalf("fakeslurm: node %s: %d GPU indices for %d GPUs", n.Name, len(g.Indices), g.Count)
			}
			for k := 0; k < int(g.Count); k++ {
				idx := next
				if len(g.Indices) > 0 {
					idx = g.Indices[k]
				}
				nd.gpus = append(nd.gpus, gpu{typ: g.Type, index: idx})
				next = idx + 1
			}
		}
		c.nodes = append(c.nodes, nd)
	}
	if partitions != nil {
		c.partitions = slices.Clone(partitions)
		for _, n := range c.nodes {
			for _, p := range n.info.Partitions {
				if !slices.ContainsFunc(c.partitions, func(q slurmbridge.Partition) bool { return q.Name == p }) {
					c.t.Fatalf("fakeslurm: node %s is in partition %s, which Options.Partitions does not describe", n.info.Name, p)
				}
			}
		}
		return
	}
	for _, n := range c.nodes {
		for _, p := range n.info.Partitions {
			if !slices.ContainsFunc(c.partitions, func(q slurmbridge.Partition) bool { return q.Name == p }) {
				c.partitions = append(c.partitions, slurmbridge.Partition{Name: p, State: "UP", Default: len(c.partitions) == 0})
			}
		}
	}
}

// partition returns the named partition, or the default one for "".
func (c *cluster) partition(name string) (slurmbridge.Partition, bool) {
	for _, p := range c.partitions {
		if name == "" && p.Default || name != "" && p.Name == name {
			return p, true
		}
	}
	if name == "" && len(c.partitions) > 0 {
		return c.partitions[0], true
	}
	return slurmbridge.Partition{}, false
}

func (c *cluster) nodesOf(partition string) []*node {
	var out []*node
	for _, n := range c.nodes {
		if slices.Contains(n.info.Partitions, partition) {
			out = append(out, n)
		}
	}
	return out
}

// gpusOf returns the node's GPUs of a type ("" for any), free ones only if free is set.
func (n *node) gpusOf(typ string, free bool) []gpu {
	var out []gpu
	for _, g := range n.gpus {
		if (typ == "" || g.typ == typ) && (!free || !n.gpuUsed[g.index]) {
			out = append(out, g)
		}
	}
	return out
}

// fits says why no set of the partition's nodes could ever hold a job ("" if some could),
// with Slurm's message.
func (c *cluster) fits(partition string, need resources) string {
	nodes := c.nodesOf(partition)
	if need.gpusPerNode > 0 && need.gpuType != "" && !slices.ContainsFunc(nodes, func(n *node) bool { return len(n.gpusOf(need.gpuType, false)) > 0 }) {
		return "Invalid generic resource (gres) specification"
	}
	big := 0
	for _, n := range nodes {
		if n.info.CPUs >= need.cpusPerNode && n.info.RealMemoryMiB >= need.memPerNode && int64(len(n.gpusOf(need.gpuType, false))) >= need.gpusPerNode {
			big++
		}
	}
	if big < need.nodes {
		return "Requested node configuration is not available"
	}
	return ""
}

// usable: the node takes new work.
func (n *node) usable() bool {
	if !schedulableStates[strings.ToUpper(n.info.State)] {
		return false
	}
	for _, f := range n.info.Flags {
		if unusableFlags[strings.ToUpper(f)] {
			return false
		}
	}
	return true
}

// place finds room for one run of j on the first nodes of its partition that have it, and
// takes it.
func (c *cluster) place(j *job) ([]allocation, bool) {
	var chosen []*node
	for _, n := range c.nodesOf(j.partition) {
		if len(chosen) == j.need.nodes {
			break
		}
		if n.usable() && n.info.CPUs-n.allocCPUs >= j.need.cpusPerNode && n.info.RealMemoryMiB-n.allocMem >= j.need.memPerNode &&
			int64(len(n.gpusOf(j.need.gpuType, true))) >= j.need.gpusPerNode {
			chosen = append(chosen, n)
		}
	}
	if len(chosen) < j.need.nodes {
		return nil, false
	}
	out := make([]allocation, 0, len(chosen))
	for _, n := range chosen {
		a := allocation{node: n.info.Name, cpus: j.need.cpusPerNode, mem: j.need.memPerNode}
		a.gpus = n.gpusOf(j.need.gpuType, true)[:j.need.gpusPerNode]
		for _, g := range a.gpus {
			n.gpuUsed[g.index] = true
		}
		n.allocCPUs += a.cpus
		n.allocMem += a.mem
		out = append(out, a)
	}
	return out, true
}

// release frees what a run held (its allocation stays on the run, for the records).
func (c *cluster) release(r *run) {
	for _, a := range r.alloc {
		for _, n := range c.nodes {
			if n.info.Name != a.node {
				continue
			}
			n.allocCPUs -= a.cpus
			n.allocMem -= a.mem
			for _, g := range a.gpus {
				delete(n.gpuUsed, g.index)
			}
		}
	}
}

// view is the node as slurmctld reports it now.
func (n *node) view() slurmbridge.Node {
	v := n.info
	v.Flags = slices.Clone(n.info.Flags)
	v.Partitions = slices.Clone(n.info.Partitions)
	v.GRES = slices.Clone(n.info.GRES)
	v.AllocCPUs, v.AllocMemoryMiB = n.allocCPUs, n.allocMem
	if schedulableStates[strings.ToUpper(v.State)] {
		switch {
		case n.allocCPUs == 0:
			v.State = "IDLE"
		case n.allocCPUs >= n.info.CPUs:
			v.State = "ALLOCATED"
		default:
			v.State = "MIXED"
		}
	}
	var types []string
	for _, g := range n.gpus {
		if !slices.Contains(types, g.typ) {
			types = append(types, g.typ)
		}
	}
	for _, typ := range types {
		used := slurmbridge.GRES{Name: "gpu", Type: typ}
		for _, g := range n.gpus {
			if g.typ == typ && n.gpuUsed[g.index] {
				used.Count++
				used.Indices = append(used.Indices, g.index)
			}
		}
		v.GRESUsed = append(v.GRESUsed, used)
	}
	return v
}

// SetNodeState sets a node's base state (IDLE, MIXED and ALLOCATED all mean "up": which of
// them is derived from what runs on it; DOWN, FUTURE… are kept), its flags (DRAIN,
// NOT_RESPONDING, …) and its reason. A node that is not up or carries such a flag takes no
// new jobs.
func (s *Slurm) SetNodeState(name, state string, flags []string, reason string) {
	s.c.t.Helper()
	s.c.mu.Lock()
	defer s.c.mu.Unlock()
	for _, n := range s.c.nodes {
		if n.info.Name == name {
			n.info.State, n.info.Flags, n.info.Reason = strings.ToUpper(state), slices.Clone(flags), reason
			return
		}
	}
	s.c.t.Fatalf("fakeslurm: no node %s", name)
}

// nodesCommand is the command the bridge lists nodes with on this release.
func (s *Slurm) nodesCommand() string {
	if s.c.opts.Release.AtLeast(23, 2) {
		return "scontrol"
	}
	return "sinfo"
}

// Nodes is slurmbridge.Bridge.Nodes: every node, with what is allocated on it.
func (s *Slurm) Nodes(ctx context.Context) ([]slurmbridge.Node, error) {
	command := s.nodesCommand()
	now, err := s.controllerCall(ctx, command)
	if err != nil {
		s.record(command, "Nodes", now, err)
		return nil, fmt.Errorf("listing nodes: %w", err)
	}
	out := make([]slurmbridge.Node, len(s.c.nodes))
	for i, n := range s.c.nodes {
		out[i] = n.view()
	}
	s.c.mu.Unlock()
	s.record(command, "Nodes", now, nil)
	return out, nil
}

// Partitions is slurmbridge.Bridge.Partitions.
func (s *Slurm) Partitions(ctx context.Context) ([]slurmbridge.Partition, error) {
	now, err := s.controllerCall(ctx, "scontrol")
	if err != nil {
		s.record("scontrol", "Partitions", now, err)
		return nil, fmt.Errorf("listing partitions: %w", err)
	}
	out := make([]slurmbridge.Partition, len(s.c.partitions))
	for i, p := range s.c.partitions {
		var names []string
		var cpus int64
		for _, n := range s.c.nodesOf(p.Name) {
			names = append(names, n.info.Name)
			cpus += n.info.CPUs
		}
		if p.Nodes == "" {
			p.Nodes = strings.Join(names, ",")
		}
		if p.TotalNodes == 0 {
			p.TotalNodes = int64(len(names))
		}
		if p.TotalCPUs == 0 {
			p.TotalCPUs = cpus
		}
		p.TRES = slices.Clone(p.TRES)
		out[i] = p
	}
	s.c.mu.Unlock()
	s.record("scontrol", "Partitions", now, nil)
	return out, nil
}
