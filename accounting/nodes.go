package accounting

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/accounting/store"
	"github.com/petagrid/petagrid/slurmbridge"
)

// NodeLister is the part of slurmbridge the node sampler uses.
type NodeLister interface {
	Nodes(ctx context.Context) ([]slurmbridge.Node, error)
	Release(ctx context.Context) (slurmbridge.Release, error)
}

// NodeSampler records, once per slot, each grid node's state and what is allocated on it:
// the input PoCP turns into computing power per slot.
type NodeSampler struct {
	bridge     NodeLister
	store      *store.Store
	cluster    string
	slot       time.Duration
	partitions map[string]bool
	version    string
	log        logrus.FieldLogger
	now        func() time.Time
	metrics    *Metrics
}

// NewNodeSampler samples the nodes of the given partitions (all nodes when empty).
func NewNodeSampler(bridge NodeLister, st *store.Store, cluster string, slot time.Duration, partitions []string, version string, log logrus.FieldLogger, metrics *Metrics) *NodeSampler {
	set := map[string]bool{}
	for _, p := range partitions {
		set[p] = true
	}
	return &NodeSampler{bridge: bridge, store: st, cluster: cluster, slot: slot, partitions: set, version: version,
		log: log.WithField("component", "node-sampler"), now: func() time.Time { return time.Now().UTC() }, metrics: metrics}
}

// unavailableFlags take a node out of service for new work, whatever its base state.
var unavailableFlags = map[string]bool{
	"DRAIN": true, "DRAINING": true, "DRAINED": true, "NOT_RESPONDING": true, "FAIL": true, "FAILING": true,
	"POWERED_DOWN": true, "POWER_DOWN": true, "POWERING_DOWN": true, "POWERING_UP": true, "MAINTENANCE": true,
	"REBOOT_ISSUED": true, "INVALID_REG": true, "NO_RESPOND": true,
}

// Available reports whether a node can take new work: its base state is IDLE, MIXED or
// ALLOCATED and no flag takes it out of service (drain, not responding, powered down,
// maintenance, …). A draining node still running jobs is not available, but what it has
// allocated is still recorded in its slot.
func Available(n slurmbridge.Node) bool {
	switch n.State {
	case "IDLE", "MIXED", "ALLOCATED":
	default:
		return false
	}
	for _, f := range n.Flags {
		if unavailableFlags[strings.ToUpper(f)] {
			return false
		}
	}
	return true
}

// gpuCounts sums the GPUs in a GRES list and names them by type ("a100:4,gpu:2").
func gpuCounts(list []slurmbridge.GRES) (int64, string) {
	var total int64
	types := map[string]int64{}
	for _, g := range list {
		if g.Name != "gpu" {
			continue
		}
		total += g.Count
		t := g.Type
		if t == "" {
			t = "gpu"
		}
		types[t] += g.Count
	}
	var parts []string
	for t, n := range types {
		parts = append(parts, t+":"+strconv.FormatInt(n, 10))
	}
	sort.Strings(parts)
	return total, strings.Join(parts, ",")
}

// SlotStart returns the start of the slot holding t.
func (s *NodeSampler) SlotStart(t time.Time) time.Time { return t.UTC().Truncate(s.slot) }

// SampleSlot records the slot holding now. It returns how many node rows were new.
func (s *NodeSampler) SampleSlot(ctx context.Context, now time.Time) (int, error) {
	release, err := s.bridge.Release(ctx)
	if err != nil {
		return 0, fmt.Errorf("node availability: %w", err)
	}
	nodes, err := s.bridge.Nodes(ctx)
	if err != nil {
		return 0, fmt.Errorf("node availability: %w", err)
	}
	slot := s.SlotStart(now)
	var rows []store.NodeSlot
	for _, n := range nodes {
		if len(s.partitions) > 0 && !s.inGrid(n) {
			continue
		}
		gpus, types := gpuCounts(n.GRES)
		allocGPUs, _ := gpuCounts(n.GRESUsed)
		rows = append(rows, store.NodeSlot{
			Cluster: s.cluster, SlotStart: slot, SlotSeconds: int64(s.slot / time.Second), Node: n.Name, SampledAt: now.UTC(),
			State: n.State, Flags: n.Flags, Available: Available(n), Reason: n.Reason, Partitions: n.Partitions,
			CPUs: n.CPUs, AllocCPUs: n.AllocCPUs, MemoryMiB: n.RealMemoryMiB, AllocMemoryMiB: n.AllocMemoryMiB,
			GPUs: gpus, AllocGPUs: allocGPUs, GPUTypes: types, SlurmRelease: release.String(),
		})
	}
	return s.store.RecordNodeSlots(ctx, s.version, rows)
}

func (s *NodeSampler) inGrid(n slurmbridge.Node) bool {
	for _, p := range n.Partitions {
		if s.partitions[p] {
			return true
		}
	}
	return false
}

// Run samples every slot until ctx ends. A slot whose sample fails is retried while the slot
// lasts; if it never succeeds, the slot stays unobserved, which PoCP counts as missing
// coverage, never as a down node.
func (s *NodeSampler) Run(ctx context.Context) error {
	for {
		now := s.now()
		slot := s.SlotStart(now)
		n, err := s.SampleSlot(ctx, now)
		s.metrics.slots(n, err)
		next := slot.Add(s.slot)
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			s.log.WithError(err).Warn("could not read node states for this slot")
			if retry := s.now().Add(5 * time.Second); retry.Before(next) {
				next = retry
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Until(next)):
		}
	}
}
