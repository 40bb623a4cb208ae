package placement

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/workflows"
)

// benchWorkflow is a typical three-step job: CPU preprocessing, a GPU training step on a
// named GPU type, and a GPU evaluation sweep of any type.
const benchWorkflow = `
version: 1
name: bench
resources:
  time: 2h
steps:
  - name: prep
    resources: {tasks: 4, cpusPerTask: 4, memPerCpu: 2G}
    run: {command: [prep]}
  - name: train
    needs: prep
    resources: {tasks: 4, cpusPerTask: 8, gpus: 4, gpuType: a100, memPerGpu: 40G}
    run: {command: [train]}
  - name: eval
    needs: train
    for: {var: seed, range: {from: 1, to: 8}}
    resources: {gpus: 1, mem: 16G, time: 20m}
    run: {command: [eval]}
`

// benchSites makes n sites of 2 to 4 partitions: a CPU partition and GPU partitions of
// mixed models, with live counts and prices that vary.
func benchSites(n int) []Site {
	rng := rand.New(rand.NewPCG(1, 2))
	models := []struct {
		gpuType   string
		megaFLOPS uint64 // per GPU
	}{{"a100", 1000}, {"h100", 2500}, {"v100", 400}, {"l40s", 900}, {"mi250", 1200}}
	sites := make([]Site, n)
	for i := range sites {
		parts := []protocol.Partition{{Name: "cpu", Default: true, MaxTimeSeconds: 86400,
			Shapes: []protocol.NodeShape{{Nodes: 64, Available: 60, Idle: rng.IntN(60), CPUs: 128, MemoryMiB: 512 << 10, MegaFLOPS: 300}}}}
		for g := range 1 + rng.IntN(3) {
			m := models[rng.IntN(len(models))]
			gpus := []int{2, 4, 8}[rng.IntN(3)]
			nodes := 4 + rng.IntN(28)
			avail := rng.IntN(nodes + 1)
			p := protocol.Partition{Name: fmt.Sprintf("gpu%d", g), MaxTimeSeconds: int64([]int{0, 4 * 3600, 48 * 3600}[rng.IntN(3)]),
				Shapes: []protocol.NodeShape{{Nodes: nodes, Available: avail, Idle: rng.IntN(avail + 1), CPUs: 64, MemoryMiB: 1 << 20,
					GPUs: gpus, GPUType: m.gpuType, GPUModel: m.gpuType + "-sxm", MegaFLOPS: m.megaFLOPS*uint64(gpus) + 200}}}
			if rng.IntN(2) == 0 {
				// A second, older shape in the same partition.
				p.Shapes = append(p.Shapes, protocol.NodeShape{Nodes: 8, Available: 8, Idle: 2, CPUs: 32, MemoryMiB: 256 << 10,
					GPUs: gpus / 2, GPUType: m.gpuType, MegaFLOPS: m.megaFLOPS*uint64(gpus/2)/2 + 100})
			}
			parts = append(parts, p)
		}
		sites[i] = Site{
			Name:                   fmt.Sprintf("site-%03d", i),
			Inventory:              protocol.Inventory{Partitions: parts},
			PricePerComputeHourWei: new(big.Int).Mul(big.NewInt(int64(50+rng.IntN(200))), big.NewInt(1e16)),
			Labels:                 map[string]string{"region": []string{"eu", "us"}[rng.IntN(2)]},
			PerformanceGrade:       []string{"A", "B", "C", "D", ""}[rng.IntN(5)],
			ReliabilityGrade:       rng.IntN(5),
			QueuedJobs:             rng.IntN(20),
			Online:                 rng.IntN(20) > 0,
		}
	}
	return sites
}

func BenchmarkPlace100Sites(b *testing.B) {
	wf, err := workflows.Parse("bench.yaml", []byte(benchWorkflow))
	if err != nil {
		b.Fatal(err)
	}
	needs, err := NeedsOf(wf)
	if err != nil {
		b.Fatal(err)
	}
	req := Request{Job: "r-aaaaaaaaaaaaaaaa", Needs: needs, MaxCostWei: new(big.Int).Mul(big.NewInt(500), big.NewInt(1e18)),
		ReferenceMegaFLOPS: 1000, DefaultTimeSeconds: 3600}
	sites := benchSites(100)
	ctx := context.Background()
	d, err := Place(ctx, Default{}, req, sites)
	if err != nil {
		b.Fatal(err)
	}
	if len(d.Ranked) < 10 || len(d.Rejections) < 10 {
		b.Fatalf("the benchmark should see both outcomes: %d feasible, %d rejected", len(d.Ranked), len(d.Rejections))
	}
	b.Logf("%d feasible, %d rejected; e.g. %s: %q", len(d.Ranked), len(d.Rejections), d.Rejections[0].Site, d.Rejections[0].Reasons)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := Place(ctx, Default{}, req, sites); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "decisions/s")
}
