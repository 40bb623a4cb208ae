package gatewaylink

import (
	"context"
	"fmt"
	"math/bits"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/petagrid/petagrid/accounting"
	"github.com/petagrid/petagrid/accounting/store"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/site/pocpreport"
	"github.com/petagrid/petagrid/slurmbridge"
	"github.com/petagrid/petagrid/tokenomics"
)

// nodeSource is what the inventory reads from Slurm (the daemon's slurmbridge).
type nodeSource interface {
	Nodes(ctx context.Context) ([]slurmbridge.Node, error)
	Partitions(ctx context.Context) ([]slurmbridge.Partition, error)
}

// slurmInventory reads the grid partitions from Slurm and scores their nodes as PoCP does.
type slurmInventory struct {
	slurm nodeSource
	// store gives the names NVML reported for each node's GPUs and their power limits; nil:
	// none.
	store    *store.Store
	catalog  *tokenomics.Catalog
	hardware pocpreport.Hardware
	// partitions are the grid partitions (the first is the default); empty: every partition
	// Slurm has.
	partitions []string
	now        func() time.Time
}

// shapeOf groups identical nodes of a partition.
type shapeOf struct {
	cpus      int64
	memoryMiB int64
	gpus      int64
	gpuType   string
	gpuModel  string
	megaFLOPS uint64
}

// Inventory is the grid partitions' node shapes with their live counts (two scontrol calls).
func (s *slurmInventory) Inventory(ctx context.Context) (protocol.Inventory, error) {
	parts, err := s.slurm.Partitions(ctx)
	if err != nil {
		return protocol.Inventory{}, err
	}
	nodes, err := s.slurm.Nodes(ctx)
	if err != nil {
		return protocol.Inventory{}, err
	}
	gpus, scorer, err := s.gpuScorer(ctx)
	if err != nil {
		return protocol.Inventory{}, err
	}
	chosen, err := s.gridPartitions(parts)
	if err != nil {
		return protocol.Inventory{}, err
	}
	members := map[string][]slurmbridge.Node{}
	for _, n := range nodes {
		for _, p := range n.Partitions {
			members[p] = append(members[p], n)
		}
	}
	t := inventoryTally{scorer: scorer, inv: protocol.Inventory{CatalogSHA256: s.catalog.SHA256Hex()}, counted: map[string]bool{}, gpusOf: map[string]int{}}
	for _, p := range chosen {
		if err := t.addPartition(p, members[p.Name]); err != nil {
			return protocol.Inventory{}, err
		}
	}
	inv := t.inv
	for _, g := range gpus {
		if t.counted[g.Node] && g.PowerLimitMilliwatts != nil && *g.PowerLimitMilliwatts > 0 {
			inv.PowerLimitMilliwatts += uint64(*g.PowerLimitMilliwatts)
		}
	}
	inv.Devices = gridDevices(gpus, t.gpusOf, s.now())
	if err := inv.Validate(); err != nil {
		return protocol.Inventory{}, fmt.Errorf("the inventory read from Slurm does not fit the protocol:\n%w", err)
	}
	return inv, nil
}

// gpuScorer reads the GPUs NVML reported (nothing without a store) and scores nodes with
// their names.
func (s *slurmInventory) gpuScorer(ctx context.Context) ([]store.GPUStatus, *pocpreport.Scorer, error) {
	var gpus []store.GPUStatus
	nvml := map[string][]string{}
	if s.store != nil {
		// A window of no time: the names and limits, not the energy sums.
		now := s.now()
		var err error
		if gpus, err = s.store.GPUs(ctx, now, now); err != nil {
			return nil, nil, err
		}
		for _, g := range gpus {
			nvml[g.Node] = append(nvml[g.Node], g.Name)
		}
	}
	scorer, err := pocpreport.NewScorer(s.catalog, s.hardware, nvml)
	if err != nil {
		return nil, nil, err
	}
	return gpus, scorer, nil
}

// inventoryTally adds the grid partitions up into an inventory: each partition's node
// shapes, and each node's capacity and GPUs once however many grid partitions it is in.
type inventoryTally struct {
	scorer *pocpreport.Scorer
	inv    protocol.Inventory
	// counted are the nodes in the capacity so far, and gpusOf their GPUs as Slurm counts
	// them.
	counted map[string]bool
	gpusOf  map[string]int
}

// addPartition adds partition p with its member nodes.
func (t *inventoryTally) addPartition(p slurmbridge.Partition, nodes []slurmbridge.Node) error {
	shapes := map[shapeOf]*protocol.NodeShape{}
	for _, n := range nodes {
		if n.CPUs < 1 {
			continue // a FUTURE node or one Slurm knows nothing of yet
		}
		key, err := nodeShapeKey(t.scorer, n)
		if err != nil {
			return err
		}
		sh := shapes[key]
		if sh == nil {
			sh = &protocol.NodeShape{CPUs: int(key.cpus), MemoryMiB: key.memoryMiB, GPUs: int(key.gpus), GPUType: key.gpuType, GPUModel: key.gpuModel, MegaFLOPS: key.megaFLOPS}
			shapes[key] = sh
		}
		sh.Nodes++
		if accounting.Available(n) {
			sh.Available++
			if n.State == "IDLE" {
				sh.Idle++
			}
		}
		if err := t.countOnce(n.Name, key); err != nil {
			return err
		}
	}
	part := protocol.Partition{Name: p.Name, Default: p.Default}
	if p.MaxTimeMinutes != nil && *p.MaxTimeMinutes > 0 {
		part.MaxTimeSeconds = *p.MaxTimeMinutes * 60
	}
	if p.MaxNodes != nil && *p.MaxNodes > 0 {
		part.MaxNodes = int(min(*p.MaxNodes, 1_000_000))
	}
	for _, sh := range shapes {
		part.Shapes = append(part.Shapes, *sh)
	}
	sort.Slice(part.Shapes, func(i, j int) bool { return lessShape(part.Shapes[i], part.Shapes[j]) })
	t.inv.Partitions = append(t.inv.Partitions, part)
	return nil
}

// countOnce adds a node's capacity and GPUs to the inventory's, unless they are in already.
func (t *inventoryTally) countOnce(node string, key shapeOf) error {
	if t.counted[node] {
		return nil
	}
	t.counted[node] = true
	t.gpusOf[node] = int(key.gpus)
	sum, carry := bits.Add64(t.inv.CapacityMegaFLOPS, key.megaFLOPS, 0)
	if carry != 0 {
		return fmt.Errorf("the grid's capacity is beyond 64 bits of MFLOPS")
	}
	t.inv.CapacityMegaFLOPS = sum
	t.inv.GPUs += int(key.gpus)
	return nil
}

// nodeShapeKey is a node's shape, scored as PoCP scores it.
func nodeShapeKey(scorer *pocpreport.Scorer, n slurmbridge.Node) (shapeOf, error) {
	total, types, only := gresGPUs(n.GRES)
	mega, err := scorer.NodeIndex(n.Name, n.CPUs, types)
	if err != nil {
		return shapeOf{}, err
	}
	key := shapeOf{cpus: n.CPUs, memoryMiB: max(n.RealMemoryMiB, 0), gpus: total, megaFLOPS: mega}
	if only != "" {
		if key.gpuModel, err = scorer.GPUModel(n.Name, only); err != nil {
			return shapeOf{}, err
		}
		if only != "gpu" {
			key.gpuType = only
		}
	}
	return key, nil
}

// gridPartitions picks the configured grid partitions, in order (the first is the
// default), or every partition Slurm has.
func (s *slurmInventory) gridPartitions(parts []slurmbridge.Partition) ([]slurmbridge.Partition, error) {
	if len(s.partitions) == 0 {
		if len(parts) == 0 {
			return nil, fmt.Errorf("Slurm lists no partitions")
		}
		if len(parts) > protocol.MaxPartitions {
			return nil, fmt.Errorf("Slurm has %d partitions, more than a registration holds (%d): name the grid's in site.gridPartitions", len(parts), protocol.MaxPartitions)
		}
		return parts, nil
	}
	byName := map[string]slurmbridge.Partition{}
	for _, p := range parts {
		byName[p.Name] = p
	}
	var out []slurmbridge.Partition
	for i, name := range s.partitions {
		p, ok := byName[name]
		if !ok {
			return nil, fmt.Errorf("site.gridPartitions names %s, which Slurm does not have", name)
		}
		p.Default = i == 0
		out = append(out, p)
	}
	return out, nil
}

// gresGPUs sums a node's GPUs and writes them as the node sampler does ("a100:4,gpu:2",
// untyped GPUs under "gpu"); only is the type when there is exactly one.
func gresGPUs(list []slurmbridge.GRES) (total int64, types, only string) {
	byType := map[string]int64{}
	for _, g := range list {
		if g.Name != "gpu" || g.Count <= 0 {
			continue
		}
		t := g.Type
		if t == "" {
			t = "gpu"
		}
		byType[t] += g.Count
		total += g.Count
	}
	var parts []string
	for t, n := range byType {
		parts = append(parts, t+":"+strconv.FormatInt(n, 10))
		only = t
	}
	if len(byType) != 1 {
		only = ""
	}
	sort.Strings(parts)
	return total, strings.Join(parts, ","), only
}

func lessShape(a, b protocol.NodeShape) bool {
	switch {
	case a.CPUs != b.CPUs:
		return a.CPUs < b.CPUs
	case a.MemoryMiB != b.MemoryMiB:
		return a.MemoryMiB < b.MemoryMiB
	case a.GPUs != b.GPUs:
		return a.GPUs < b.GPUs
	case a.GPUType != b.GPUType:
		return a.GPUType < b.GPUType
	case a.GPUModel != b.GPUModel:
		return a.GPUModel < b.GPUModel
	}
	return a.MegaFLOPS < b.MegaFLOPS
}

// clusterName is accounting.cluster, or Slurm's ClusterName asked once.
type clusterName struct {
	name  string
	slurm interface {
		ClusterName(ctx context.Context) (string, error)
	}
	mu sync.Mutex
}

func (c *clusterName) get(ctx context.Context) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.name != "" {
		return c.name, nil
	}
	name, err := c.slurm.ClusterName(ctx)
	if err != nil {
		return "", err
	}
	c.name = name
	return name, nil
}

// deviceFreshness is how recently a GPU must have reported to be named in the registration:
// a board pulled from a node stops reporting and leaves the list after a week, rather than
// staying bound to this site for good.
const deviceFreshness = 7 * 24 * time.Hour

// gridDevices are the grid nodes' GPUs NVML reported within deviceFreshness, in node and
// UUID order (the registration's digest depends on it), as the protocol names them: at most
// as many per node as Slurm counts there (gpusOf), so that the registration never names more
// devices than GPUs. A GPU whose identity the protocol cannot carry is left out rather than
// failing the whole registration.
func gridDevices(gpus []store.GPUStatus, gpusOf map[string]int, now time.Time) []protocol.DeviceIdentity {
	var out []protocol.DeviceIdentity
	for _, g := range gpus {
		if gpusOf[g.Node] <= 0 || now.Sub(g.LastSeen) > deviceFreshness {
			continue
		}
		d := protocol.DeviceIdentity{Node: g.Node, UUID: g.UUID, PCIBusID: g.PCIBusID}
		if !protocol.ValidDevice(d) {
			continue
		}
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Node != out[j].Node {
			return out[i].Node < out[j].Node
		}
		return out[i].UUID < out[j].UUID
	})
	kept := out[:0]
	perNode := map[string]int{}
	for _, d := range out {
		if perNode[d.Node] < gpusOf[d.Node] && len(kept) < protocol.MaxDevices {
			perNode[d.Node]++
			kept = append(kept, d)
		}
	}
	return kept
}
