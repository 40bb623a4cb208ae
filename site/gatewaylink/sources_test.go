package gatewaylink

import (
	"context"
	"errors"
	"math/big"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/petagrid/petagrid/accounting/store"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/pocp"
	"github.com/petagrid/petagrid/site/pocpreport"
	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/site/siteapi"
	"github.com/petagrid/petagrid/slurmbridge"
	"github.com/petagrid/petagrid/tokenomics"
)

type fakeSlurm struct {
	nodes []slurmbridge.Node
	parts []slurmbridge.Partition
}

func (f *fakeSlurm) Nodes(context.Context) ([]slurmbridge.Node, error)           { return f.nodes, nil }
func (f *fakeSlurm) Partitions(context.Context) ([]slurmbridge.Partition, error) { return f.parts, nil }

func testHardware(t *testing.T) pocpreport.Hardware {
	t.Helper()
	cfg, err := pocpreport.Config{Hardware: pocpreport.Hardware{GPUModels: map[string]string{"a100": "A100-SXM4-80GB"}, CPU: "EPYC-7763", ThreadsPerCore: 2}}.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	return cfg.Hardware
}

func TestInventoryFromSlurm(t *testing.T) {
	cat, err := tokenomics.LoadEmbeddedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	hw := testHardware(t)
	a100 := []slurmbridge.GRES{{Name: "gpu", Type: "a100", Count: 4}}
	day, sixteen := int64(1440), int64(16)
	slurm := &fakeSlurm{
		nodes: []slurmbridge.Node{
			{Name: "g1", State: "IDLE", CPUs: 64, RealMemoryMiB: 512000, GRES: a100, Partitions: []string{"gpu"}},
			{Name: "g2", State: "MIXED", CPUs: 64, RealMemoryMiB: 512000, GRES: a100, Partitions: []string{"gpu", "all"}},
			{Name: "g3", State: "IDLE", Flags: []string{"DRAIN"}, CPUs: 64, RealMemoryMiB: 512000, GRES: a100, Partitions: []string{"gpu"}},
			{Name: "f1", State: "FUTURE", Partitions: []string{"gpu"}},
			{Name: "c1", State: "ALLOCATED", CPUs: 128, RealMemoryMiB: 256000, Partitions: []string{"cpu", "all"}},
			{Name: "x1", State: "IDLE", CPUs: 8, RealMemoryMiB: 1000, Partitions: []string{"other"}},
		},
		parts: []slurmbridge.Partition{{Name: "all", Default: true}, {Name: "gpu", MaxTimeMinutes: &day, MaxNodes: &sixteen}, {Name: "cpu"}, {Name: "other"}},
	}
	src := &slurmInventory{slurm: slurm, catalog: cat, hardware: hw, partitions: []string{"gpu", "cpu"}, now: time.Now}
	inv, err := src.Inventory(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	scorer, _ := pocpreport.NewScorer(cat, hw, nil)
	gpuNode, _ := scorer.NodeIndex("g1", 64, "a100:4")
	cpuNode, _ := scorer.NodeIndex("c1", 128, "")
	if gpuNode == 0 || cpuNode == 0 {
		t.Fatal("the catalog scored nothing")
	}
	if len(inv.Partitions) != 2 || inv.Partitions[0].Name != "gpu" || !inv.Partitions[0].Default || inv.Partitions[0].MaxTimeSeconds != 86400 || inv.Partitions[0].MaxNodes != 16 ||
		inv.Partitions[1].Default || inv.Partitions[1].MaxNodes != 0 {
		t.Fatalf("partitions: %+v", inv.Partitions)
	}
	gpu := inv.Partitions[0].Shapes
	want := protocol.NodeShape{Nodes: 3, Available: 2, Idle: 1, CPUs: 64, MemoryMiB: 512000, GPUs: 4, GPUType: "a100", GPUModel: "A100-SXM4-80GB", MegaFLOPS: gpuNode}
	if len(gpu) != 1 || gpu[0] != want {
		t.Fatalf("gpu shapes: %+v, want %+v", gpu, want)
	}
	cpu := inv.Partitions[1].Shapes
	if len(cpu) != 1 || cpu[0] != (protocol.NodeShape{Nodes: 1, Available: 1, CPUs: 128, MemoryMiB: 256000, MegaFLOPS: cpuNode}) {
		t.Fatalf("cpu shapes: %+v", cpu)
	}
	if inv.CapacityMegaFLOPS != 3*gpuNode+cpuNode || inv.GPUs != 12 || inv.CatalogSHA256 != cat.SHA256Hex() {
		t.Fatalf("totals: %d MFLOPS (want %d), %d GPUs", inv.CapacityMegaFLOPS, 3*gpuNode+cpuNode, inv.GPUs)
	}

	// Every partition, with Slurm's default, when the site names none; a node in two of them
	// counts once in the capacity.
	src.partitions = nil
	if inv, err = src.Inventory(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(inv.Partitions) != 4 || !inv.Partitions[0].Default || inv.Partitions[0].Name != "all" {
		t.Fatalf("every partition: %+v", inv.Partitions)
	}
	x1, _ := scorer.NodeIndex("x1", 8, "")
	if inv.CapacityMegaFLOPS != 3*gpuNode+cpuNode+x1 {
		t.Fatalf("capacity counts a node twice: %d", inv.CapacityMegaFLOPS)
	}

	src.partitions = []string{"gpu", "nope"}
	if _, err := src.Inventory(context.Background()); err == nil || !strings.Contains(err.Error(), "nope") {
		t.Fatalf("unknown grid partition: %v", err)
	}
	src.partitions = []string{"gpu"}
	slurm.nodes = append(slurm.nodes, slurmbridge.Node{Name: "g9", State: "IDLE", CPUs: 64, GRES: []slurmbridge.GRES{{Name: "gpu", Type: "mystery", Count: 1}}, Partitions: []string{"gpu"}})
	if _, err := src.Inventory(context.Background()); err == nil || !strings.Contains(err.Error(), "gpuModels") {
		t.Fatalf("unknown GPU type: %v", err)
	}
}

// openStoreAndCatalog is an empty accounting store, closed at the test's end, and the
// built-in catalog.
func openStoreAndCatalog(t *testing.T) (*store.Store, *tokenomics.Catalog) {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "acct.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	cat, err := tokenomics.LoadEmbeddedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	return st, cat
}

func TestUsageFromAccounting(t *testing.T) {
	ctx := context.Background()
	st, cat := openStoreAndCatalog(t)
	hw := testHardware(t)
	u := &accountingUsage{store: st, catalog: cat, hardware: hw, cluster: &clusterName{name: "alpha"}, log: quietLog()}
	t0 := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	ended := t0.Add(2 * time.Hour)
	run := siteapi.Run{ID: jobA, LocalUser: "alice", State: runstate.Completed, CreatedAt: t0, EndedAt: &ended,
		Steps: []siteapi.Step{{Name: "train", JobID: 100}, {Name: "sweep", JobID: 200, ArraySize: 2}, {Name: "never"}}}

	// Before the harvest has read past the run's end, there is no usage yet.
	if got, err := u.Usage(ctx, run); got != nil || err != nil {
		t.Fatalf("before the harvest: %+v %v", got, err)
	}

	task := func(i uint32) *uint32 { return &i }
	rec := func(id, array uint32, taskID *uint32, user string, cpus, gpus int64, start time.Time, secs int64) slurmbridge.AccountingRecord {
		tres := []slurmbridge.TRES{{Type: "cpu", Count: cpus}}
		if gpus > 0 {
			tres = append(tres, slurmbridge.TRES{Type: "gres", Name: "gpu", Count: gpus})
		}
		return slurmbridge.AccountingRecord{Cluster: "alpha", JobID: id, ArrayJobID: array, ArrayTaskID: taskID, User: user, Account: "a", Partition: "gpu",
			State: slurmbridge.StateCompleted, SubmitTime: t0.Add(time.Minute), StartTime: start, EndTime: start.Add(time.Duration(secs) * time.Second),
			ElapsedSeconds: secs, AllocTRES: tres}
	}
	recs := []slurmbridge.AccountingRecord{
		rec(100, 0, nil, "alice", 8, 2, t0.Add(2*time.Minute), 600),
		rec(201, 200, task(0), "alice", 4, 0, t0.Add(20*time.Minute), 300),
		rec(202, 200, task(1), "alice", 4, 0, t0.Add(20*time.Minute), 300),
		rec(300, 0, nil, "alice", 64, 4, t0.Add(time.Minute), 3600), // not the run's
		rec(100, 0, nil, "bob", 64, 4, t0.Add(time.Minute), 3600),   // another account's run of id 100
	}
	recs[4].SubmitTime = t0.Add(3 * time.Minute)
	w := store.Window{Cluster: "alpha", Start: t0.Add(-time.Hour), End: ended.Add(time.Minute), Kind: "overlap", StartedAt: ended, HarvesterVersion: "test"}
	if _, err := st.CommitWindow(ctx, w, recs); err != nil {
		t.Fatal(err)
	}
	var slots []store.NodeSlot
	for m := 0; m < 60; m++ {
		at := ended.Add(time.Duration(m-60) * time.Minute)
		slots = append(slots, store.NodeSlot{Cluster: "alpha", SlotStart: at, SlotSeconds: 60, Node: "g1", SampledAt: at, State: "MIXED", Available: true,
			CPUs: 64, GPUs: 4, GPUTypes: "a100:4", SlurmRelease: "23.11.1"})
	}
	if _, err := st.RecordNodeSlots(ctx, "test", slots); err != nil {
		t.Fatal(err)
	}
	key := store.JobKey{Cluster: "alpha", JobID: 100, SubmitTime: t0.Add(time.Minute)}
	gpus := []store.GPU{{UUID: "GPU-1", Node: "g1", Name: "NVIDIA A100-SXM4-80GB"}}
	e := int64(1000)
	samples := []store.GPUSample{{UUID: "GPU-1", Node: "g1", SampledAt: t0.Add(5 * time.Minute), EnergyDeltaMillijoules: &e, DeltaSource: store.DeltaCounter}}
	if err := st.RecordGPUSamples(ctx, "test", gpus, samples, nil, []store.GPUJobUsage{{Job: key, UUID: "GPU-1", EnergyMillijoules: 123456, GPUMilliseconds: 1000, Samples: 1}}); err != nil {
		t.Fatal(err)
	}

	got, err := u.Usage(ctx, run)
	if err != nil || got == nil {
		t.Fatalf("usage: %+v %v", got, err)
	}
	scorer, _ := pocpreport.NewScorer(cat, hw, nil)
	if _, err := scorer.NodeIndex("g1", 64, "a100:4"); err != nil {
		t.Fatal(err)
	}
	p100, _ := scorer.JobPowerMegaFLOPS(8, 2)
	pTask, _ := scorer.JobPowerMegaFLOPS(4, 0)
	sum := new(big.Int).SetUint64(p100*600 + pTask*300*2)
	wantCH, _ := tokenomics.ComputeHoursMilli(sum.Uint64(), cat.ReferenceScore().PerDeviceMegaFLOPS, 1)
	want := protocol.Usage{SlurmJobs: []uint32{100, 200}, ElapsedSeconds: 1200, CPUSeconds: 8*600 + 4*300*2, GPUSeconds: 2 * 600,
		ComputeHoursMilli: int64(wantCH), EnergyMillijoules: 123456}
	if got.ElapsedSeconds != want.ElapsedSeconds || got.CPUSeconds != want.CPUSeconds || got.GPUSeconds != want.GPUSeconds ||
		got.ComputeHoursMilli != want.ComputeHoursMilli || got.EnergyMillijoules != want.EnergyMillijoules || len(got.SlurmJobs) != 2 {
		t.Fatalf("usage %+v, want %+v", *got, want)
	}
	if wantCH == 0 || p100 <= pTask {
		t.Fatalf("the scoring is degenerate: %d mCH, job powers %d %d", wantCH, p100, pTask)
	}
	if err := (protocol.Updates{Jobs: []protocol.JobUpdate{{Job: jobA, State: runstate.Completed, Usage: got}}}).Validate(); err != nil {
		t.Fatal(err)
	}

	// A run that never reached Slurm used nothing, at once.
	none := siteapi.Run{ID: jobB, State: runstate.SubmitFailed, CreatedAt: t0, EndedAt: &ended}
	if got, err := u.Usage(ctx, none); err != nil || got == nil || got.SlurmJobs == nil || got.ElapsedSeconds != 0 {
		t.Fatalf("never submitted: %+v %v", got, err)
	}

	// A job accounting has not returned is waited for, for a while.
	run.Steps = append(run.Steps, siteapi.Step{Name: "late", JobID: 555})
	if got, err := u.Usage(ctx, run); got != nil || err != nil {
		t.Fatalf("a job missing: %+v %v", got, err)
	}
	w2 := store.Window{Cluster: "alpha", Start: ended, End: ended.Add(2 * time.Hour), Kind: "overlap", StartedAt: ended.Add(2 * time.Hour), HarvesterVersion: "test"}
	if _, err := st.CommitWindow(ctx, w2, nil); err != nil {
		t.Fatal(err)
	}
	if got, err := u.Usage(ctx, run); err != nil || got == nil || got.ElapsedSeconds != 1200 {
		t.Fatalf("long after the end, with a job missing: %+v %v", got, err)
	}
}

func TestStoreReportsSignWhatPocpReportBuilds(t *testing.T) {
	ctx := context.Background()
	st, cat := openStoreAndCatalog(t)
	cfg, err := pocpreport.Config{Genesis: "2026-01-01T00:00:00Z", Period: time.Hour,
		Hardware: pocpreport.Hardware{GPUModels: map[string]string{"a100": "A100-SXM4-80GB"}}}.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	start, _, _ := cfg.Calendar.Period(5)
	var slots []store.NodeSlot
	for m := 0; m < 60; m++ {
		at := start.Add(time.Duration(m) * time.Minute)
		slots = append(slots, store.NodeSlot{Cluster: "alpha", SlotStart: at, SlotSeconds: 60, Node: "g1", SampledAt: at, State: "IDLE", Available: true,
			CPUs: 8, GPUs: 2, GPUTypes: "a100:2", SlurmRelease: "23.11.1"})
	}
	if _, err := st.RecordNodeSlots(ctx, "test", slots); err != nil {
		t.Fatal(err)
	}
	key, _ := crypto.GenerateKey()
	r := &storeReports{store: st, catalog: cat, cfg: cfg, cluster: &clusterName{name: "alpha"}, slotSeconds: 60, key: key}
	// Signed in the domain the gateway announces, not the configuration's default.
	domain := pocp.Domain{ChainID: big.NewInt(31337), VerifyingContract: common.HexToAddress("0x00000000000000000000000000000000005e771e")}
	sr, err := r.Report(ctx, "alpha", 5, domain)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := pocp.Decode(sr.data)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rep.Verify(cfg.Domain); err == nil {
		t.Fatal("the report verifies in the configuration's default domain too")
	}
	signer, err := rep.Verify(domain)
	if err != nil || signer != crypto.PubkeyToAddress(key.PublicKey) {
		t.Fatalf("signature: %s %v", signer.Hex(), err)
	}
	want, wantSum, err := pocpreport.Build(ctx, st, cat, cfg, "alpha", 5, 60)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Epoch != 5 || rep.MedianMegaFLOPS != want.MedianMegaFLOPS || rep.SlotsCovered != 60 {
		t.Fatalf("report: %+v", rep)
	}
	// The series goes with the report it came from.
	if !reflect.DeepEqual(sr.runs, wantSum.Runs) || len(sr.runs) != 1 || pocp.CheckSeries(rep, sr.runs) != nil {
		t.Fatalf("series %+v, want %+v", sr.runs, wantSum.Runs)
	}
	if _, err := r.Report(ctx, "alpha", 6, domain); !errors.Is(err, errNoObservations) {
		t.Fatalf("a period with nothing observed: %v", err)
	}
}

// The registration names the grid nodes' GPUs NVML reported in the last week, sorted, no
// more per node than Slurm counts there, and leaves out what the protocol cannot carry.
func TestGridDevices(t *testing.T) {
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	gpu := func(node, uuid, bus string, seen time.Duration) store.GPUStatus {
		return store.GPUStatus{GPU: store.GPU{Node: node, UUID: uuid, PCIBusID: bus}, LastSeen: now.Add(-seen)}
	}
	got := gridDevices([]store.GPUStatus{
		gpu("g2", "GPU-bbbbbbbb-0000-4000-8000-000000000002", "00000000:07:00.0", time.Hour),
		gpu("g1", "GPU-aaaaaaaa-0000-4000-8000-000000000009", "00000000:0A:00.0", time.Minute),
		gpu("g1", "GPU-aaaaaaaa-0000-4000-8000-000000000001", "", 6*24*time.Hour),
		gpu("g1", "GPU-aaaaaaaa-0000-4000-8000-000000000003", "", 8*24*time.Hour),   // pulled a week ago
		gpu("x1", "GPU-cccccccc-0000-4000-8000-000000000001", "", time.Minute),      // not a grid node
		gpu("g2", "GPU-1", "", time.Minute),                                         // not an NVML UUID
		gpu("g2", "GPU-dddddddd-0000-4000-8000-000000000001", "07:00", time.Minute), // malformed bus id
		gpu("g2", "GPU-eeeeeeee-0000-4000-8000-000000000001", "", time.Minute),      // more than Slurm counts on g2
	}, map[string]int{"g1": 4, "g2": 1}, now)
	want := []protocol.DeviceIdentity{
		{Node: "g1", UUID: "GPU-aaaaaaaa-0000-4000-8000-000000000001"},
		{Node: "g1", UUID: "GPU-aaaaaaaa-0000-4000-8000-000000000009", PCIBusID: "00000000:0A:00.0"},
		{Node: "g2", UUID: "GPU-bbbbbbbb-0000-4000-8000-000000000002", PCIBusID: "00000000:07:00.0"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("devices:\n got %+v\nwant %+v", got, want)
	}
	inv := protocol.Inventory{Devices: got, GPUs: 5}
	if err := inv.Validate(); err != nil && strings.Contains(err.Error(), "device") {
		t.Fatalf("the devices do not validate: %v", err)
	}
}
