package placement

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/tokenomics"
	"github.com/petagrid/petagrid/workflows"
)

func parse(t *testing.T, yaml string) *workflows.Workflow {
	t.Helper()
	wf, err := workflows.Parse("test.yaml", []byte(yaml))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return wf
}

const needsDemo = `
version: 1
name: needs-demo
resources:
  cpusPerTask: 2
  mem: 4G
  time: 1h
steps:
  - name: train
    resources:
      nodes: 2
      tasksPerNode: 4
      cpusPerTask: 8
      gpus: 8
      gpuType: h100
      memPerGpu: 32G
    retry:
      limit: 2
      backoff: 10s
    run:
      command: [train]
  - name: prep
    resources:
      tasks: 4
    run:
      command: [prep]
  - name: stats
    resources:
      tasks: 8
      tasksPerNode: 4
      memPerCpu: 1G
    run:
      command: [stats]
  - name: sweep
    matrix:
      lr: ["1", "2", "3"]
      batch: [a, b]
      exclude:
        - {lr: "3", batch: b}
      include:
        - {lr: "9", batch: z}
    resources:
      tasks: 2
      gpusPerTask: 1
      memPerGpu: 10G
      time: 90s
    run:
      command: [sweep, "${{ matrix.lr }}", "${{ matrix.batch }}"]
  - name: seeds
    for:
      var: seed
      range: {from: 1, to: 5}
    timeout: 2h
    resources:
      time: 30m
      gpus: 3
      nodes: 2
    run:
      command: [seed]
finally:
  - name: cleanup
    run:
      command: [cleanup]
`

func TestNeedsOf(t *testing.T) {
	wf := parse(t, needsDemo)
	got, err := NeedsOf(wf)
	if err != nil {
		t.Fatal(err)
	}
	want := []StepNeed{
		// 2 nodes × 4 tasks × 8 CPUs; --gpus=h100:8 over 2 nodes; 32 GiB per GPU; three
		// attempts of 1h and two 10 s backoffs, rounded up to a minute.
		{Step: "train", Nodes: 2, CPUsPerNode: 32, MemoryMiBPerNode: 4 * 32 * 1024, GPUsPerNode: 4, GPUType: "h100", TimeSeconds: 3*3600 + 60, Attempts: 3, ArrayTasks: 1},
		// 4 tasks with no node count: all on one node (the conservative reading); workflow mem.
		{Step: "prep", Nodes: 1, CPUsPerNode: 8, MemoryMiBPerNode: 4096, TimeSeconds: 3600, Attempts: 1, ArrayTasks: 1},
		// 8 tasks at most 4 per node: 2 nodes; mem per CPU replaces the workflow's mem.
		{Step: "stats", Nodes: 2, CPUsPerNode: 8, MemoryMiBPerNode: 8 * 1024, TimeSeconds: 3600, Attempts: 1, ArrayTasks: 1},
		// 2 tasks × 1 GPU, 10 GiB per GPU; 90 s rounds up to 2 minutes; 3×2 − 1 + 1 tasks.
		{Step: "sweep", Nodes: 1, CPUsPerNode: 4, MemoryMiBPerNode: 2 * 10 * 1024, GPUsPerNode: 2, TimeSeconds: 120, Attempts: 1, ArrayTasks: 6},
		// --gpus=3 over 2 nodes: 2 on the busiest; the timeout caps the step; for over 5 values.
		{Step: "seeds", Nodes: 2, CPUsPerNode: 2, MemoryMiBPerNode: 4096, GPUsPerNode: 2, TimeSeconds: 7200, Attempts: 1, ArrayTasks: 5},
		{Step: "cleanup", Finally: true, Nodes: 1, CPUsPerNode: 2, MemoryMiBPerNode: 4096, TimeSeconds: 3600, Attempts: 1, ArrayTasks: 1},
	}
	if !reflect.DeepEqual(got, want) {
		for i := range max(len(got), len(want)) {
			var g, w StepNeed
			if i < len(got) {
				g = got[i]
			}
			if i < len(want) {
				w = want[i]
			}
			if g != w {
				t.Errorf("need %d:\n got %+v\nwant %+v", i, g, w)
			}
		}
	}
}

// TestNeedsMatchCompiledJobs compiles the workflow as a site would (with no setup time, which
// the gateway does not know) and checks that every job's --time and array size are what the
// needs say.
func TestNeedsMatchCompiledJobs(t *testing.T) {
	wf := parse(t, needsDemo)
	needs, err := NeedsOf(wf)
	if err != nil {
		t.Fatal(err)
	}
	profile, err := workflows.LoadProfile("site.yaml", []byte("setupTime: 0s\n"))
	if err != nil {
		t.Fatal(err)
	}
	plan, err := workflows.Compile(wf, profile, workflows.CompileOptions{RunID: "t1"})
	if err != nil {
		t.Fatal(err)
	}
	byStep := map[string]StepNeed{}
	for _, n := range needs {
		byStep[n.Step] = n
	}
	if len(plan.Jobs) != len(needs) {
		t.Fatalf("%d jobs for %d needs", len(plan.Jobs), len(needs))
	}
	for _, job := range plan.Jobs {
		n := byStep[job.Step]
		mins := n.TimeSeconds / 60
		directive := fmt.Sprintf("#SBATCH --time=%d-%02d:%02d:00\n", mins/1440, mins/60%24, mins%60)
		if !strings.Contains(string(job.Request.Script), directive) {
			t.Errorf("step %s: script lacks %q", job.Step, directive)
		}
		if want := n.ArrayTasks; job.ArraySize != want && !(want == 1 && job.ArraySize == 0) {
			t.Errorf("step %s: array of %d, needs say %d", job.Step, job.ArraySize, want)
		}
	}
}

func TestNeedsOfDefaults(t *testing.T) {
	wf := parse(t, `
version: 1
name: bare
steps:
  - name: only
    run:
      command: [hostname]
  - name: gpu
    resources:
      gpus: 2
      gpuType: a100
    retry:
      limit: 1
    run:
      command: [nvidia-smi]
`)
	got, err := NeedsOf(wf)
	if err != nil {
		t.Fatal(err)
	}
	want := []StepNeed{
		{Step: "only", Nodes: 1, CPUsPerNode: 1, Attempts: 1, ArrayTasks: 1},
		{Step: "gpu", Nodes: 1, CPUsPerNode: 1, GPUsPerNode: 2, GPUType: "a100", Attempts: 2, ArrayTasks: 1},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}

func TestNeedsOfRefusesHandBuiltNonsense(t *testing.T) {
	if _, err := NeedsOf(nil); err == nil {
		t.Error("nil workflow accepted")
	}
	if _, err := NeedsOf(&workflows.Workflow{Name: "empty"}); err == nil {
		t.Error("workflow without steps accepted")
	}
	bad := &workflows.Workflow{Name: "bad", Steps: []*workflows.Step{{Name: "s", Resources: workflows.Resources{Nodes: workflows.Opt[int]{Value: -3, Set: true}}}}}
	if _, err := NeedsOf(bad); err == nil || !strings.Contains(err.Error(), "nodes") {
		t.Errorf("negative nodes: %v", err)
	}
	nilStep := &workflows.Workflow{Name: "nil", Steps: []*workflows.Step{nil}}
	if _, err := NeedsOf(nilStep); err == nil {
		t.Error("nil step accepted")
	}
	allExcluded := &workflows.Workflow{Name: "x", Steps: []*workflows.Step{{Name: "s", Matrix: &workflows.Matrix{
		Axes:    []workflows.Axis{{Name: "a", Values: []string{"1"}}},
		Exclude: []workflows.Combination{{Values: map[string]string{"a": "1"}}},
	}}}}
	if _, err := NeedsOf(allExcluded); err == nil {
		t.Error("a matrix with no combination left accepted")
	}
	badBackoff := &workflows.Workflow{Name: "b", Steps: []*workflows.Step{{Name: "s", Retry: &workflows.Retry{Limit: 2, Backoff: workflows.Backoff{Factor: math.NaN(), MaxSeconds: 10}}}}}
	if _, err := NeedsOf(badBackoff); err == nil {
		t.Error("NaN backoff factor accepted")
	}
}

// The reference system of these tests does 1000 MFLOPS; a node's MegaFLOPS / 1000 is how
// many reference systems it is worth.
const refMF = 1000

func dps(s string) *big.Int { return tokenomics.MustAmount(s) }

func shape(nodes, gpus int, gpuType string, cpus int, memMiB int64, megaFLOPS uint64) protocol.NodeShape {
	return protocol.NodeShape{Nodes: nodes, Available: nodes, Idle: nodes, CPUs: cpus, MemoryMiB: memMiB, GPUs: gpus, GPUType: gpuType, MegaFLOPS: megaFLOPS}
}

func partition(name string, maxTimeSeconds int64, shapes ...protocol.NodeShape) protocol.Partition {
	return protocol.Partition{Name: name, MaxTimeSeconds: maxTimeSeconds, Shapes: shapes}
}

func newSite(name string, price string, parts ...protocol.Partition) Site {
	return Site{Name: name, Online: true, PricePerComputeHourWei: dps(price), Labels: map[string]string{"region": "eu"},
		Inventory: protocol.Inventory{Partitions: parts}}
}

var trainNeed = StepNeed{Step: "train", Nodes: 1, CPUsPerNode: 8, MemoryMiBPerNode: 65536, GPUsPerNode: 4, GPUType: "h100", TimeSeconds: 7200, Attempts: 1, ArrayTasks: 1}

// h100Node is worth 16 reference systems: 2 per GPU.
func h100Node(nodes int) protocol.NodeShape { return shape(nodes, 8, "h100", 64, 512*1024, 16*refMF) }

func TestFeasibleReasons(t *testing.T) {
	req := Request{Job: "r-aaaaaaaaaaaaaaaa", Needs: []StepNeed{trainNeed}, MaxCostWei: dps("20.5"), ReferenceMegaFLOPS: refMF,
		RequireLabels: map[string]string{"region": "eu"}}
	offline := newSite("offline", "1", partition("gpu", 0, h100Node(2)))
	offline.Online = false
	wrongLabel := newSite("us", "1", partition("gpu", 0, h100Node(2)))
	wrongLabel.Labels = map[string]string{"region": "us"}
	noLabel := newSite("nolabel", "1", partition("gpu", 0, h100Node(2)))
	noLabel.Labels = nil
	noPrice := newSite("noprice", "1", partition("gpu", 0, h100Node(2)))
	noPrice.PricePerComputeHourWei = nil
	sites := []Site{
		newSite("a100", "1", partition("gpu", 0, shape(4, 2, "a100", 64, 256*1024, 4*refMF)), partition("cpu", 0, shape(10, 0, "", 128, 512*1024, 2*refMF))),
		newSite("small-h100", "1", partition("gpu", 0, shape(4, 2, "H100", 64, 256*1024, 4*refMF))),
		newSite("short", "1", partition("gpu", 3600, h100Node(2))),
		newSite("lowmem", "1", partition("gpu", 0, shape(4, 8, "h100", 64, 32*1024, 16*refMF))),
		newSite("fewcpus", "1", partition("gpu", 0, shape(4, 8, "h100", 4, 512*1024, 16*refMF))),
		offline, wrongLabel, noLabel, noPrice,
		// 4 of 8 GPUs = 8 reference systems × 2 h = 16 CH; × 1.5 DPS = 24 DPS.
		newSite("pricey", "1.5", partition("gpu", 0, h100Node(2))),
		newSite("ok", "1", partition("gpu", 0, h100Node(2))),
	}
	cands, rejections := Feasible(req, sites)
	want := map[string][]string{
		"a100":       {`step "train": needs 4 GPUs of type h100 per node; largest match on partition gpu is 2 × a100; partition cpu has no GPUs`},
		"small-h100": {`step "train": needs 4 GPUs of type h100 per node; largest match on partition gpu is 2 × H100`},
		"short":      {`step "train": needs 2h of wall time; partition gpu allows at most 1h`},
		"lowmem":     {`step "train": needs 65536 MiB of memory per node; largest match on partition gpu has 32768 MiB`},
		"fewcpus":    {`step "train": needs 8 CPUs per node; largest match on partition gpu has 4 CPUs`},
		"offline":    {"offline"},
		"us":         {`label region is "us", the job requires "eu"`},
		"nolabel":    {"lacks the required label region=eu"},
		"noprice":    {"no price per Compute Hour"},
		"pricey":     {"worst-case cost 24 DPS exceeds the budget of 20.5 DPS"},
	}
	got := map[string][]string{}
	for _, r := range rejections {
		got[r.Site] = r.Reasons
	}
	if !reflect.DeepEqual(got, want) {
		for name := range want {
			if !reflect.DeepEqual(got[name], want[name]) {
				t.Errorf("%s:\n got %q\nwant %q", name, got[name], want[name])
			}
		}
		for name := range got {
			if _, ok := want[name]; !ok {
				t.Errorf("%s rejected unexpectedly: %q", name, got[name])
			}
		}
	}
	if len(cands) != 1 || cands[0].Site != "ok" {
		t.Fatalf("candidates %+v, want only ok", cands)
	}
	c := cands[0]
	if c.CostWei.Cmp(dps("16")) != 0 || c.ComputeHoursMilli != 16000 {
		t.Errorf("ok costs %s DPS, %d mCH; want 16 DPS, 16000 mCH", tokenomics.FormatAmount(c.CostWei), c.ComputeHoursMilli)
	}
	if !reflect.DeepEqual(c.Partitions, []StepPartition{{Step: "train", Partition: "gpu"}}) || c.AvailableNodes != 2 || c.IdleNodes != 2 {
		t.Errorf("candidate %+v", c)
	}
}

func TestFeasibleManyReasonsAtOnce(t *testing.T) {
	req := Request{Job: "j", Needs: []StepNeed{trainNeed}, ReferenceMegaFLOPS: refMF, RequireLabels: map[string]string{"tier": "1"}}
	s := newSite("bad", "1", partition("gpu", 0, shape(1, 1, "a100", 8, 1024, refMF)))
	s.Online = false
	_, rejections := Feasible(req, []Site{s})
	want := []string{"offline", "lacks the required label tier=1",
		`step "train": needs 4 GPUs of type h100 per node; largest match on partition gpu is 1 × a100`}
	if len(rejections) != 1 || !reflect.DeepEqual(rejections[0].Reasons, want) {
		t.Errorf("got %+v\nwant %q", rejections, want)
	}
}

func TestGPUTypeMatchesModelCaseInsensitively(t *testing.T) {
	need := StepNeed{Step: "s", Nodes: 1, CPUsPerNode: 1, GPUsPerNode: 1, GPUType: "a100-sxm4-80gb", TimeSeconds: 3600, Attempts: 1, ArrayTasks: 1}
	sh := shape(1, 4, "a100", 32, 1024, 4*refMF)
	sh.GPUModel = "A100-SXM4-80GB"
	cands, rej := Feasible(Request{Needs: []StepNeed{need}, ReferenceMegaFLOPS: refMF}, []Site{newSite("s", "1", partition("gpu", 0, sh))})
	if len(cands) != 1 {
		t.Fatalf("model name not matched: %+v", rej)
	}
	// One of four GPUs of a node worth 4 reference systems, for an hour: 1 CH.
	if cands[0].ComputeHoursMilli != 1000 || cands[0].CostWei.Cmp(dps("1")) != 0 {
		t.Errorf("got %d mCH, %s DPS", cands[0].ComputeHoursMilli, tokenomics.FormatAmount(cands[0].CostWei))
	}
}

// TestCostIsWorstCaseOnCheapestPartition: within a partition the step is costed on the
// dearest fitting shape (Slurm chooses the nodes); across partitions the cheapest wins.
func TestCostIsWorstCaseOnCheapestPartition(t *testing.T) {
	need := StepNeed{Step: "s", Nodes: 2, CPUsPerNode: 16, TimeSeconds: 1800, Attempts: 1, ArrayTasks: 3}
	site := newSite("s", "2",
		// 32-CPU nodes worth 2 or 4 reference systems: worst case 16/32 × 4 = 2 per node.
		partition("mixed", 0, shape(4, 0, "", 32, 1024, 2*refMF), shape(4, 0, "", 32, 1024, 4*refMF), shape(8, 0, "", 8, 1024, 100*refMF)),
		// 64-CPU nodes worth 4: 16/64 × 4 = 1 per node: cheaper.
		partition("big", 0, shape(2, 0, "", 64, 1024, 4*refMF)),
	)
	site.Inventory.Partitions[0].Default = true
	cands, rej := Feasible(Request{Needs: []StepNeed{need}, ReferenceMegaFLOPS: refMF}, []Site{site})
	if len(cands) != 1 {
		t.Fatalf("rejected: %+v", rej)
	}
	c := cands[0]
	// 2 nodes × 1 × 0.5 h × 3 tasks = 3 CH, × 2 DPS.
	if c.Partitions[0].Partition != "big" || c.ComputeHoursMilli != 3000 || c.CostWei.Cmp(dps("6")) != 0 {
		t.Errorf("got %+v (%s DPS)", c, tokenomics.FormatAmount(c.CostWei))
	}
	// Without the cheaper partition, the dearer shape of "mixed" sets the cost: 2 × 2 × 0.5 × 3 = 6 CH.
	site.Inventory.Partitions = site.Inventory.Partitions[:1]
	cands, _ = Feasible(Request{Needs: []StepNeed{need}, ReferenceMegaFLOPS: refMF}, []Site{site})
	if len(cands) != 1 || cands[0].ComputeHoursMilli != 6000 || cands[0].AvailableNodes != 8 {
		t.Errorf("got %+v", cands)
	}
}

// TestStepCostsAddUp: each step's worst case comes with the candidate, costed for the time
// it was costed at (its limit, or the partition's), and the steps add up to the job's.
func TestStepCostsAddUp(t *testing.T) {
	gpu := StepNeed{Step: "gpu", Nodes: 1, CPUsPerNode: 1, GPUsPerNode: 1, TimeSeconds: 3600, Attempts: 1, ArrayTasks: 2}
	cpu := StepNeed{Step: "cpu", Nodes: 1, CPUsPerNode: 16, Attempts: 1, ArrayTasks: 1}
	// Nodes of 4 GPUs and 64 CPUs worth 4 reference systems; the partition allows 2 h.
	site := newSite("s", "1", partition("p", 7200, shape(2, 4, "a100", 64, 1024, 4*refMF)))
	cands, rej := Feasible(Request{Needs: []StepNeed{gpu, cpu}, ReferenceMegaFLOPS: refMF}, []Site{site})
	if len(cands) != 1 {
		t.Fatalf("rejected: %+v", rej)
	}
	// gpu: 1/4 × 4 × 1 h × 2 tasks = 2 CH; cpu: 16/64 × 4 × 2 h (the partition's limit) = 2 CH.
	want := []StepCost{{Step: "gpu", TimeSeconds: 3600, ComputeHoursMilli: 2000}, {Step: "cpu", TimeSeconds: 7200, ComputeHoursMilli: 2000}}
	c := cands[0]
	if !reflect.DeepEqual(c.Steps, want) || c.ComputeHoursMilli != 4000 {
		t.Fatalf("steps %+v (job %d mCH), want %+v and 4000", c.Steps, c.ComputeHoursMilli, want)
	}
}

func TestTimeWhenTheStepGivesNone(t *testing.T) {
	need := StepNeed{Step: "s", Nodes: 1, CPUsPerNode: 4, Attempts: 2, ArrayTasks: 1}
	node := shape(1, 0, "", 4, 1024, refMF)
	req := Request{Needs: []StepNeed{need}, ReferenceMegaFLOPS: refMF}
	// The partition's limit bounds the step: 3 h.
	cands, _ := Feasible(req, []Site{newSite("limited", "1", partition("p", 3*3600, node))})
	if len(cands) != 1 || cands[0].ComputeHoursMilli != 3000 {
		t.Errorf("partition limit: %+v", cands)
	}
	// No limit and no default: unbounded, so the partition is not usable.
	_, rej := Feasible(req, []Site{newSite("open", "1", partition("p", 0, node))})
	if len(rej) != 1 || !strings.Contains(rej[0].Reasons[0], "gives no time; partition p has no time limit") {
		t.Errorf("unbounded: %+v", rej)
	}
	// A default time per attempt: 2 attempts × 30 min = 1 CH.
	req.DefaultTimeSeconds = 1800
	cands, _ = Feasible(req, []Site{newSite("open", "1", partition("p", 0, node))})
	if len(cands) != 1 || cands[0].ComputeHoursMilli != 1000 {
		t.Errorf("default time: %+v", cands)
	}
}

// TestComputeHoursAgreeWithTokenomics costs a step on the catalog's own reference system.
func TestComputeHoursAgreeWithTokenomics(t *testing.T) {
	cat, err := tokenomics.LoadEmbeddedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	ref := cat.ReferenceScore().PerDeviceMegaFLOPS
	need := StepNeed{Step: "s", Nodes: 1, CPUsPerNode: 1, GPUsPerNode: 2, TimeSeconds: 5400, Attempts: 1, ArrayTasks: 1}
	// A node of 4 reference GPUs; the step holds 2 of them for 1.5 h.
	cands, rej := Feasible(Request{Needs: []StepNeed{need}, ReferenceMegaFLOPS: ref},
		[]Site{newSite("s", "0.1", partition("gpu", 0, shape(1, 4, "a100", 64, 1024, 4*ref)))})
	if len(cands) != 1 {
		t.Fatalf("rejected: %+v", rej)
	}
	want, err := tokenomics.ComputeHoursMilli(2*ref, ref, 5400)
	if err != nil {
		t.Fatal(err)
	}
	if cands[0].ComputeHoursMilli != want || want != 3000 || cands[0].CostWei.Cmp(dps("0.3")) != 0 {
		t.Errorf("got %d mCH, %s DPS; tokenomics says %d mCH", cands[0].ComputeHoursMilli, tokenomics.FormatAmount(cands[0].CostWei), want)
	}
}

func TestDefaultRankingOrder(t *testing.T) {
	c := func(name string, cost int64, perf string, rel, queued, available, idle int) Candidate {
		return Candidate{Site: name, CostWei: big.NewInt(cost), PerformanceGrade: perf, ReliabilityGrade: rel, QueuedJobs: queued, AvailableNodes: available, IdleNodes: idle}
	}
	given := []Candidate{
		c("base", 10, "B", 1, 4, 2, 0),
		c("cheapest", 5, "D", 4, 100, 0, 0),
		c("grade-a", 10, "A", 0, 9, 1, 0),
		c("perf-unknown", 10, "", 1, 0, 9, 9),
		c("perf-bogus", 10, "Z", 1, 0, 9, 9),
		c("rel-2", 10, "B", 2, 0, 9, 9),
		c("less-loaded", 10, "B", 1, 1, 2, 0),
		c("idle-b", 10, "B", 1, 1, 2, 2),
		c("idle-a", 10, "B", 1, 1, 2, 2),
		c("no-nodes", 10, "B", 1, 0, 0, 0),
		c("no-cost", 0, "A", 1, 0, 9, 9),
		// Energy decides after reliability, before load: X, then Z, then unknown.
		c("energy-x", 10, "B", 1, 9, 1, 0),
		c("energy-z", 10, "B", 1, 0, 9, 9),
	}
	given[len(given)-3].CostWei = nil
	given[len(given)-2].EnergyGrade, given[len(given)-1].EnergyGrade = "X", "Z"
	before := append([]Candidate(nil), given...)
	ranked, err := Default{}.Rank(context.Background(), Request{}, given)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, r := range ranked {
		names = append(names, r.Site)
	}
	want := []string{"cheapest", "grade-a", "energy-x", "energy-z", "idle-a", "idle-b", "less-loaded", "base", "no-nodes", "rel-2", "perf-bogus", "perf-unknown", "no-cost"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("order\n got %v\nwant %v", names, want)
	}
	if ranked[0].Score <= ranked[1].Score || ranked[len(ranked)-1].Score != 1 {
		t.Errorf("scores do not fall with rank: %v, %v … %v", ranked[0].Score, ranked[1].Score, ranked[len(ranked)-1].Score)
	}
	if !reflect.DeepEqual(given, before) {
		t.Error("Rank reordered or changed its input")
	}
}

func TestPlaceChoosesCheapestThenRanksAll(t *testing.T) {
	req := Request{Job: "j", Needs: []StepNeed{trainNeed}, MaxCostWei: dps("100"), ReferenceMegaFLOPS: refMF}
	sites := []Site{
		newSite("dear", "3", partition("gpu", 0, h100Node(2))),
		newSite("cheap", "1", partition("gpu", 0, h100Node(2))),
		newSite("mid-graded", "2", partition("gpu", 0, h100Node(2))),
		newSite("mid-ungraded", "2", partition("gpu", 0, h100Node(2))),
		newSite("a100-only", "0.01", partition("gpu", 0, shape(2, 8, "a100", 64, 1<<20, 8*refMF))),
	}
	sites[2].PerformanceGrade = "B"
	d, err := Place(context.Background(), nil, req, sites)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range d.Ranked {
		names = append(names, c.Site)
	}
	if d.Chosen.Site != "cheap" || !reflect.DeepEqual(names, []string{"cheap", "mid-graded", "mid-ungraded", "dear"}) {
		t.Errorf("chose %s, ranked %v", d.Chosen.Site, names)
	}
	if len(d.Rejections) != 1 || d.Rejections[0].Site != "a100-only" {
		t.Errorf("rejections %+v", d.Rejections)
	}
}

type policyFunc func(ctx context.Context, req Request, feasible []Candidate) ([]Candidate, error)

func (f policyFunc) Rank(ctx context.Context, req Request, feasible []Candidate) ([]Candidate, error) {
	return f(ctx, req, feasible)
}

func TestPlaceRefusesBogusRankings(t *testing.T) {
	req := Request{Job: "j", Needs: []StepNeed{trainNeed}, ReferenceMegaFLOPS: refMF}
	sites := []Site{newSite("one", "1", partition("gpu", 0, h100Node(2))), newSite("two", "2", partition("gpu", 0, h100Node(2)))}
	cases := map[string]policyFunc{
		"unknown site": func(_ context.Context, _ Request, f []Candidate) ([]Candidate, error) {
			return append(f, Candidate{Site: "elsewhere"}), nil
		},
		"duplicate": func(_ context.Context, _ Request, f []Candidate) ([]Candidate, error) {
			return []Candidate{f[0], f[0]}, nil
		},
		"dropped": func(_ context.Context, _ Request, f []Candidate) ([]Candidate, error) { return f[1:], nil },
		"empty":   func(context.Context, Request, []Candidate) ([]Candidate, error) { return nil, nil },
		"NaN score": func(_ context.Context, _ Request, f []Candidate) ([]Candidate, error) {
			f[0].Score = math.NaN()
			return f, nil
		},
		"error": func(context.Context, Request, []Candidate) ([]Candidate, error) {
			return nil, errors.New("plugin down")
		},
		"panic": func(context.Context, Request, []Candidate) ([]Candidate, error) { panic("plugin bug") },
	}
	for name, p := range cases {
		t.Run(name, func(t *testing.T) {
			d, err := Place(context.Background(), p, req, sites)
			if err == nil {
				t.Fatalf("accepted: %+v", d)
			}
			var nf *NoFitError
			if errors.As(err, &nf) {
				t.Errorf("a bad policy is not a lack of sites: %v", err)
			}
		})
	}

	// A policy that reorders and tampers with the figures: the order and the score are
	// taken, the figures are the host's.
	tamper := policyFunc(func(_ context.Context, r Request, f []Candidate) ([]Candidate, error) {
		f[0], f[1] = f[1], f[0]
		for i := range f {
			f[i].CostWei.SetInt64(0)
			f[i].Partitions[0].Partition = "forged"
			f[i].ComputeHoursMilli = 0
			f[i].Score = float64(i)
		}
		r.MaxCostWei.SetInt64(1)
		r.Needs[0].Nodes = 99
		return f, nil
	})
	req.MaxCostWei = dps("100")
	d, err := Place(context.Background(), tamper, req, sites)
	if err != nil {
		t.Fatal(err)
	}
	if d.Chosen.Site != "two" || d.Chosen.CostWei.Cmp(dps("32")) != 0 || d.Chosen.Partitions[0].Partition != "gpu" || d.Chosen.ComputeHoursMilli != 16000 || d.Ranked[1].Score != 1 {
		t.Errorf("tampered decision: %+v", d)
	}
	if req.MaxCostWei.Cmp(dps("100")) != 0 || req.Needs[0].Nodes != 1 {
		t.Error("the policy changed the caller's request")
	}
}

func TestPlaceHonoursContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req := Request{Job: "j", Needs: []StepNeed{trainNeed}, ReferenceMegaFLOPS: refMF}
	_, err := Place(ctx, nil, req, []Site{newSite("one", "1", partition("gpu", 0, h100Node(2)))})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("got %v", err)
	}
}

func TestNoFitError(t *testing.T) {
	req := Request{Job: "r-abc", Needs: []StepNeed{trainNeed}, ReferenceMegaFLOPS: refMF}
	_, err := Place(context.Background(), nil, req, nil)
	var nf *NoFitError
	if !errors.As(err, &nf) || err.Error() != "no site can run job r-abc: no site is approved and online" {
		t.Errorf("no sites: %v", err)
	}
	off := newSite("site-a", "1", partition("gpu", 0, h100Node(2)))
	off.Online = false
	noPrice := newSite("site-b", "1", partition("gpu", 3600, h100Node(2)))
	noPrice.PricePerComputeHourWei = nil
	d, err := Place(context.Background(), nil, req, []Site{off, noPrice})
	want := "no site can run job r-abc:\n" +
		"  site-a: offline\n" +
		`  site-b: no price per Compute Hour; step "train": needs 2h of wall time; partition gpu allows at most 1h`
	if !errors.As(err, &nf) || err.Error() != want || len(nf.Rejections) != 2 || len(d.Rejections) != 2 {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

func TestInvalidRequest(t *testing.T) {
	sites := []Site{newSite("one", "1", partition("gpu", 0, h100Node(2)))}
	bad := []Request{
		{Job: "no needs", ReferenceMegaFLOPS: refMF},
		{Job: "no reference", Needs: []StepNeed{trainNeed}},
		{Job: "negative budget", Needs: []StepNeed{trainNeed}, ReferenceMegaFLOPS: refMF, MaxCostWei: big.NewInt(-1)},
		{Job: "twice", Needs: []StepNeed{trainNeed, trainNeed}, ReferenceMegaFLOPS: refMF},
		{Job: "zero cpus", Needs: []StepNeed{{Step: "s", Nodes: 1, Attempts: 1, ArrayTasks: 1}}, ReferenceMegaFLOPS: refMF},
	}
	for _, req := range bad {
		_, err := Place(context.Background(), nil, req, sites)
		var nf *NoFitError
		if err == nil || errors.As(err, &nf) {
			t.Errorf("%s: got %v", req.Job, err)
		}
		cands, rej := Feasible(req, sites)
		if len(cands) != 0 || len(rej) != 1 || !strings.HasPrefix(rej[0].Reasons[0], "invalid request: ") {
			t.Errorf("%s: Feasible gave %+v %+v", req.Job, cands, rej)
		}
	}
}

func cloneSites(sites []Site) []Site {
	if sites == nil {
		return nil
	}
	out := make([]Site, len(sites))
	for i, s := range sites {
		out[i] = s
		if s.PricePerComputeHourWei != nil {
			out[i].PricePerComputeHourWei = new(big.Int).Set(s.PricePerComputeHourWei)
		}
		if s.Labels != nil {
			out[i].Labels = map[string]string{}
			for k, v := range s.Labels {
				out[i].Labels[k] = v
			}
		}
		out[i].Inventory.Partitions = append([]protocol.Partition(nil), s.Inventory.Partitions...)
		for j, p := range s.Inventory.Partitions {
			out[i].Inventory.Partitions[j].Shapes = append([]protocol.NodeShape(nil), p.Shapes...)
		}
	}
	return out
}

func TestInputsNotMutated(t *testing.T) {
	req := Request{Job: "j", Needs: []StepNeed{trainNeed, {Step: "cpu", Nodes: 1, CPUsPerNode: 2, TimeSeconds: 60, Attempts: 1, ArrayTasks: 1}},
		MaxCostWei: dps("1000"), ReferenceMegaFLOPS: refMF, RequireLabels: map[string]string{"region": "eu"}}
	sites := []Site{
		newSite("b", "1", partition("gpu", 0, h100Node(2)), partition("cpu", 0, shape(3, 0, "", 16, 1024, refMF))),
		newSite("a", "1", partition("gpu", 0, h100Node(2))),
		newSite("c", "0.5", partition("gpu", 3600, h100Node(2))),
	}
	sitesBefore := cloneSites(sites)
	reqBefore := req.clone()
	d, err := Place(context.Background(), nil, req, sites)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(sites, sitesBefore) || !reflect.DeepEqual(req, reqBefore) {
		t.Fatal("Place changed its inputs")
	}
	// Results share nothing with the inputs or with each other.
	d.Chosen.CostWei.SetInt64(12345)
	for _, c := range d.Ranked {
		c.CostWei.Add(c.CostWei, big.NewInt(7))
	}
	if !reflect.DeepEqual(sites, sitesBefore) || !reflect.DeepEqual(req, reqBefore) {
		t.Fatal("results alias the inputs")
	}
	if d.Ranked[0].CostWei.Cmp(big.NewInt(12345+7)) == 0 {
		t.Error("Chosen aliases Ranked[0]")
	}
}

// randomSite makes inventories that are sometimes nonsense: placement must neither panic nor
// place on them.
func randomSite(rng *rand.Rand, name string) Site {
	types := []string{"a100", "h100", "H100", "v100", "mi250", ""}
	pick := func(n int) int { return rng.IntN(n) }
	wild := func(normal int) int {
		switch pick(40) {
		case 0:
			return -normal
		case 1:
			return 0
		case 2:
			return math.MaxInt32
		}
		return normal
	}
	s := Site{Name: name, Online: pick(10) > 0, PerformanceGrade: []string{"A", "B", "C", "D", "", "?"}[pick(6)], ReliabilityGrade: pick(6) - 1,
		QueuedJobs: wild(pick(20)), Labels: map[string]string{}}
	if pick(4) > 0 {
		s.Labels["region"] = []string{"eu", "us"}[pick(2)]
	}
	switch pick(20) {
	case 0:
	case 1:
		s.PricePerComputeHourWei = big.NewInt(-5)
	default:
		s.PricePerComputeHourWei = new(big.Int).Mul(big.NewInt(int64(pick(5000))), big.NewInt(1e15))
	}
	for p := range pick(5) {
		part := protocol.Partition{Name: fmt.Sprintf("p%d", p), Default: p == 0, MaxTimeSeconds: int64([]int{0, 3600, 7200, 86400, -1}[pick(5)])}
		for range 1 + pick(4) {
			gpus := []int{0, 0, 1, 2, 4, 8}[pick(6)]
			sh := protocol.NodeShape{Nodes: wild(1 + pick(16)), CPUs: wild(8 << pick(5)), MemoryMiB: int64(wild(1024 << pick(10))), GPUs: wild(gpus),
				MegaFLOPS: uint64(pick(100_000))}
			if pick(50) == 0 {
				sh.MegaFLOPS = math.MaxUint64
			}
			if gpus > 0 {
				sh.GPUType = types[pick(len(types))]
				if pick(3) == 0 {
					sh.GPUModel = strings.ToUpper(types[pick(len(types))]) + "-SXM"
				}
			}
			sh.Available = max(0, min(sh.Nodes, pick(20)-2))
			sh.Idle = pick(sh.Available + 2)
			part.Shapes = append(part.Shapes, sh)
		}
		s.Inventory.Partitions = append(s.Inventory.Partitions, part)
	}
	return s
}

func randomNeeds(rng *rand.Rand) []StepNeed {
	pick := func(n int) int { return rng.IntN(n) }
	var needs []StepNeed
	for i := range 1 + pick(4) {
		n := StepNeed{Step: fmt.Sprintf("s%d", i), Nodes: 1 + pick(3), CPUsPerNode: 1 << pick(7), MemoryMiBPerNode: int64(pick(4) * 4096),
			TimeSeconds: int64([]int{0, 60, 3600, 10_000, 100_000}[pick(5)]), Attempts: 1 + pick(3), ArrayTasks: 1 + pick(10)}
		if pick(2) == 0 {
			n.GPUsPerNode = 1 << pick(4)
			n.GPUType = []string{"", "a100", "h100", "A100-SXM", "v100"}[pick(5)]
		}
		needs = append(needs, n)
	}
	return needs
}

// checkCandidate re-derives, independently and in exact rationals, that c is a site where
// every step fits its chosen partition and what its worst-case cost is.
func checkCandidate(t *testing.T, req Request, s Site, c Candidate) {
	t.Helper()
	if !s.Online || s.PricePerComputeHourWei == nil || s.PricePerComputeHourWei.Sign() < 0 {
		t.Fatalf("%s: offline or unpriced but feasible", s.Name)
	}
	for k, v := range req.RequireLabels {
		if s.Labels[k] != v {
			t.Fatalf("%s: label %s missing but feasible", s.Name, k)
		}
	}
	if len(c.Partitions) != len(req.Needs) {
		t.Fatalf("%s: %d partitions for %d steps", s.Name, len(c.Partitions), len(req.Needs))
	}
	cost, ch := new(big.Int), new(big.Int)
	for i, n := range req.Needs {
		var p *protocol.Partition
		for j := range s.Inventory.Partitions {
			if s.Inventory.Partitions[j].Name == c.Partitions[i].Partition {
				p = &s.Inventory.Partitions[j]
			}
		}
		if p == nil || c.Partitions[i].Step != n.Step {
			t.Fatalf("%s: step %s placed on unknown partition %+v", s.Name, n.Step, c.Partitions[i])
		}
		seconds := n.TimeSeconds
		switch {
		case p.MaxTimeSeconds < 0:
			t.Fatalf("%s: negative time limit accepted", s.Name)
		case seconds > 0 && p.MaxTimeSeconds > 0 && seconds > p.MaxTimeSeconds:
			t.Fatalf("%s: step %s needs %d s, partition allows %d", s.Name, n.Step, seconds, p.MaxTimeSeconds)
		case seconds == 0 && p.MaxTimeSeconds > 0:
			seconds = p.MaxTimeSeconds
		case seconds == 0:
			seconds = req.DefaultTimeSeconds * int64(n.Attempts)
		}
		var worst *big.Rat
		for _, sh := range p.Shapes {
			ok := sh.Nodes >= n.Nodes && sh.CPUs >= n.CPUsPerNode && sh.MemoryMiB >= n.MemoryMiBPerNode && sh.GPUs >= n.GPUsPerNode &&
				sh.MegaFLOPS > 0 && sh.Available >= 0 && sh.Available <= sh.Nodes && sh.Idle >= 0 && sh.Idle <= sh.Available
			if n.GPUsPerNode > 0 && n.GPUType != "" && !strings.EqualFold(n.GPUType, sh.GPUType) && !strings.EqualFold(n.GPUType, sh.GPUModel) {
				ok = false
			}
			if !ok {
				continue
			}
			share := big.NewRat(int64(n.CPUsPerNode), int64(sh.CPUs))
			if n.GPUsPerNode > 0 {
				share = big.NewRat(int64(n.GPUsPerNode), int64(sh.GPUs))
			}
			v := new(big.Rat).Mul(share, new(big.Rat).SetInt(new(big.Int).SetUint64(sh.MegaFLOPS)))
			if worst == nil || v.Cmp(worst) > 0 {
				worst = v
			}
		}
		if worst == nil {
			t.Fatalf("%s: step %s fits no shape of partition %s", s.Name, n.Step, p.Name)
		}
		// CH = nodes × share × MF / ref × seconds / 3600 × tasks
		chRat := new(big.Rat).Mul(worst, big.NewRat(int64(n.Nodes)*seconds*int64(n.ArrayTasks), 3600))
		chRat.Quo(chRat, new(big.Rat).SetInt(new(big.Int).SetUint64(req.ReferenceMegaFLOPS)))
		ceil := func(r *big.Rat) *big.Int {
			q, m := new(big.Int).QuoRem(r.Num(), r.Denom(), new(big.Int))
			if m.Sign() > 0 {
				q.Add(q, big.NewInt(1))
			}
			return q
		}
		cost.Add(cost, ceil(new(big.Rat).Mul(chRat, new(big.Rat).SetInt(s.PricePerComputeHourWei))))
		ch.Add(ch, ceil(new(big.Rat).Mul(chRat, big.NewRat(1000, 1))))
	}
	if cost.Cmp(c.CostWei) != 0 {
		t.Fatalf("%s: cost %s, recomputed %s", s.Name, c.CostWei, cost)
	}
	if want := uint64(math.MaxUint64); ch.IsUint64() {
		want = ch.Uint64()
		if c.ComputeHoursMilli != want {
			t.Fatalf("%s: %d mCH, recomputed %s", s.Name, c.ComputeHoursMilli, ch)
		}
	}
	if req.MaxCostWei != nil && cost.Cmp(req.MaxCostWei) > 0 {
		t.Fatalf("%s: cost %s over budget %s", s.Name, cost, req.MaxCostWei)
	}
}

// independent decides, by brute force in exact rationals, whether s can run the job and at
// what worst-case cost: each step on the partition where its dearest fitting shape costs
// least.
func independent(req Request, s Site) (ok bool, cost, chMilli *big.Int) {
	if !s.Online || s.Name == "" || s.PricePerComputeHourWei == nil || s.PricePerComputeHourWei.Sign() < 0 ||
		len(s.Inventory.Partitions) == 0 || len(s.Inventory.Partitions) > protocol.MaxPartitions {
		return false, nil, nil
	}
	for k, v := range req.RequireLabels {
		if got, has := s.Labels[k]; !has || got != v {
			return false, nil, nil
		}
	}
	ceil := func(r *big.Rat) *big.Int {
		q, m := new(big.Int).QuoRem(r.Num(), r.Denom(), new(big.Int))
		if m.Sign() > 0 {
			q.Add(q, big.NewInt(1))
		}
		return q
	}
	cost, chMilli = new(big.Int), new(big.Int)
	for _, n := range req.Needs {
		var cheapest *big.Rat
		for _, p := range s.Inventory.Partitions {
			seconds := n.TimeSeconds
			switch {
			case p.MaxTimeSeconds < 0 || seconds > 0 && p.MaxTimeSeconds > 0 && seconds > p.MaxTimeSeconds:
				continue
			case seconds == 0 && p.MaxTimeSeconds > 0:
				seconds = p.MaxTimeSeconds
			case seconds == 0:
				seconds = req.DefaultTimeSeconds * int64(n.Attempts)
			}
			if seconds == 0 {
				continue
			}
			var worst *big.Rat
			for _, sh := range p.Shapes {
				fit := sh.Nodes >= n.Nodes && sh.CPUs >= n.CPUsPerNode && sh.MemoryMiB >= n.MemoryMiBPerNode && sh.GPUs >= n.GPUsPerNode &&
					sh.MegaFLOPS > 0 && sh.Available >= 0 && sh.Available <= sh.Nodes && sh.Idle >= 0 && sh.Idle <= sh.Available
				if n.GPUsPerNode > 0 && n.GPUType != "" && !strings.EqualFold(n.GPUType, sh.GPUType) && !strings.EqualFold(n.GPUType, sh.GPUModel) {
					fit = false
				}
				if !fit {
					continue
				}
				share := big.NewRat(int64(n.CPUsPerNode), int64(sh.CPUs))
				if n.GPUsPerNode > 0 {
					share = big.NewRat(int64(n.GPUsPerNode), int64(sh.GPUs))
				}
				v := new(big.Rat).Mul(share, new(big.Rat).SetInt(new(big.Int).SetUint64(sh.MegaFLOPS)))
				if worst == nil || v.Cmp(worst) > 0 {
					worst = v
				}
			}
			if worst == nil {
				continue
			}
			// CH = nodes × share × MF / ref × seconds / 3600 × tasks
			ch := new(big.Rat).Mul(worst, big.NewRat(int64(n.Nodes)*seconds*int64(n.ArrayTasks), 3600))
			ch.Quo(ch, new(big.Rat).SetInt(new(big.Int).SetUint64(req.ReferenceMegaFLOPS)))
			if cheapest == nil || ch.Cmp(cheapest) < 0 {
				cheapest = ch
			}
		}
		if cheapest == nil {
			return false, nil, nil
		}
		cost.Add(cost, ceil(new(big.Rat).Mul(cheapest, new(big.Rat).SetInt(s.PricePerComputeHourWei))))
		chMilli.Add(chMilli, ceil(new(big.Rat).Mul(cheapest, big.NewRat(1000, 1))))
	}
	if req.MaxCostWei != nil && cost.Cmp(req.MaxCostWei) > 0 {
		return false, nil, nil
	}
	return true, cost, chMilli
}

func TestRandomPlacementsProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(20240601, 7))
	iterations := 3000
	if testing.Short() {
		iterations = 300
	}
	placed := 0
	for it := range iterations {
		var sites []Site
		for i := range rng.IntN(12) {
			sites = append(sites, randomSite(rng, fmt.Sprintf("site-%d", i)))
		}
		req := Request{Job: fmt.Sprintf("job-%d", it), Needs: randomNeeds(rng), ReferenceMegaFLOPS: uint64(1 + rng.IntN(50_000)),
			DefaultTimeSeconds: int64([]int{0, 600, 3600}[rng.IntN(3)])}
		if rng.IntN(3) > 0 {
			req.MaxCostWei = new(big.Int).Mul(big.NewInt(int64(rng.IntN(1_000_000))), big.NewInt(1e15))
		}
		if rng.IntN(3) == 0 {
			req.RequireLabels = map[string]string{"region": "eu"}
		}
		sitesBefore := cloneSites(sites)

		cands, rejections := Feasible(req, sites)
		if len(cands)+len(rejections) != len(sites) {
			t.Fatalf("iteration %d: %d candidates + %d rejections for %d sites", it, len(cands), len(rejections), len(sites))
		}
		bySite := map[string]Site{}
		for _, s := range sites {
			bySite[s.Name] = s
		}
		byCandidate := map[string]Candidate{}
		for _, c := range cands {
			checkCandidate(t, req, bySite[c.Site], c)
			byCandidate[c.Site] = c
		}
		for _, s := range sites {
			ok, cost, ch := independent(req, s)
			c, feasible := byCandidate[s.Name]
			if ok != feasible {
				t.Fatalf("iteration %d: %s feasible %v, brute force says %v (cost %v, budget %v)", it, s.Name, feasible, ok, cost, req.MaxCostWei)
			}
			if ok && (c.CostWei.Cmp(cost) != 0 || ch.IsUint64() && ch.Uint64() != c.ComputeHoursMilli) {
				t.Fatalf("iteration %d: %s costs %s wei and %d mCH, brute force %s and %s", it, s.Name, c.CostWei, c.ComputeHoursMilli, cost, ch)
			}
		}
		for _, r := range rejections {
			if len(r.Reasons) == 0 {
				t.Fatalf("iteration %d: %s rejected without a reason", it, r.Site)
			}
		}

		d, err := Place(context.Background(), Default{}, req, sites)
		switch {
		case len(cands) == 0:
			var nf *NoFitError
			if !errors.As(err, &nf) || len(nf.Rejections) != len(sites) {
				t.Fatalf("iteration %d: nothing feasible but got %v", it, err)
			}
		case err != nil:
			t.Fatalf("iteration %d: %v", it, err)
		default:
			placed++
			checkCandidate(t, req, bySite[d.Chosen.Site], d.Chosen)
			if len(d.Ranked) != len(cands) || d.Ranked[0].Site != d.Chosen.Site {
				t.Fatalf("iteration %d: ranked %d of %d, chosen %s", it, len(d.Ranked), len(cands), d.Chosen.Site)
			}
			for i := 1; i < len(d.Ranked); i++ {
				if d.Ranked[i-1].CostWei.Cmp(d.Ranked[i].CostWei) > 0 {
					t.Fatalf("iteration %d: ranking not by cost at %d", it, i)
				}
			}
		}
		if !reflect.DeepEqual(sites, sitesBefore) {
			t.Fatalf("iteration %d: sites changed", it)
		}
	}
	t.Logf("placed %d of %d", placed, iterations)
	// The generator must exercise both outcomes, or the property says little.
	if placed < iterations/10 || placed > iterations*9/10 {
		t.Errorf("placed %d of %d jobs; the generator is lopsided", placed, iterations)
	}
}

func TestDuplicateSiteNames(t *testing.T) {
	req := Request{Needs: []StepNeed{trainNeed}, ReferenceMegaFLOPS: refMF}
	s := newSite("twin", "1", partition("gpu", 0, h100Node(2)))
	cands, rej := Feasible(req, []Site{s, s})
	if len(cands) != 1 || len(rej) != 1 || !strings.Contains(rej[0].Reasons[0], "listed twice") {
		t.Errorf("got %+v %+v", cands, rej)
	}
}

func TestCmpProductsAgreesWithBigInt(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	word := func() uint64 {
		switch rng.IntN(4) {
		case 0:
			return math.MaxUint64 - uint64(rng.IntN(3))
		case 1:
			return uint64(rng.IntN(5))
		}
		return rng.Uint64() >> rng.IntN(64)
	}
	for range 20_000 {
		a := [3]uint64{word(), word(), word()}
		b := [3]uint64{word(), word(), word()}
		if rng.IntN(5) == 0 {
			b = [3]uint64{a[1], a[2], a[0]}
		}
		x := new(big.Int).SetUint64(a[0])
		x.Mul(x, new(big.Int).SetUint64(a[1])).Mul(x, new(big.Int).SetUint64(a[2]))
		y := new(big.Int).SetUint64(b[0])
		y.Mul(y, new(big.Int).SetUint64(b[1])).Mul(y, new(big.Int).SetUint64(b[2]))
		if got, want := cmpProducts(a[0], a[1], a[2], b[0], b[1], b[2]), x.Cmp(y); got != want {
			t.Fatalf("%v vs %v: got %d, want %d", a, b, got, want)
		}
	}
}

func TestExplainBoundsPartitionsAndInventories(t *testing.T) {
	req := Request{Needs: []StepNeed{trainNeed}, ReferenceMegaFLOPS: refMF}
	var parts []protocol.Partition
	for i := range 6 {
		parts = append(parts, partition(fmt.Sprintf("cpu%d", i), 0, shape(1, 0, "", 8, 1024, refMF)))
	}
	_, rej := Feasible(req, []Site{newSite("wide", "1", parts...)})
	want := `step "train": needs 4 GPUs of type h100 per node; partition cpu0 has no GPUs; partition cpu1 has no GPUs; partition cpu2 has no GPUs; partition cpu3 has no GPUs; and 2 more partitions`
	if len(rej) != 1 || len(rej[0].Reasons) != 1 || rej[0].Reasons[0] != want {
		t.Errorf("got %q\nwant %q", rej, want)
	}
	huge := newSite("huge", "1")
	for i := range protocol.MaxPartitions + 1 {
		huge.Inventory.Partitions = append(huge.Inventory.Partitions, partition(fmt.Sprintf("p%d", i), 0, h100Node(1)))
	}
	_, rej = Feasible(req, []Site{huge})
	if len(rej) != 1 || !strings.Contains(rej[0].Reasons[0], "more than the protocol allows") {
		t.Errorf("oversized inventory: %+v", rej)
	}
}
