package pocpreport

import (
	"bytes"
	"context"
	"encoding/json"
	"math/big"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/petagrid/petagrid/accounting/store"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/pocp"
	"github.com/petagrid/petagrid/slurmbridge"
	"github.com/petagrid/petagrid/tokenomics"
)

func i64(v int64) *int64 { return &v }

// TestBuildFromStore fills a real accounting store with an hour of one node (4 CPUs, two
// A100s named by NVML), its GPU samples and one job, and checks the report against figures
// worked out by hand from the catalog.
func TestBuildFromStore(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "acct.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	cfg, err := Config{Genesis: "2026-01-01T00:00:00Z", Period: time.Hour, Hardware: Hardware{CPU: "EPYC-7763", ThreadsPerCore: 2}}.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	cat, err := tokenomics.LoadEmbeddedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	start, end, _ := cfg.Calendar.Period(5)
	var slots []store.NodeSlot
	for m := 0; m < 60; m++ {
		at := start.Add(time.Duration(m) * time.Minute)
		if m == 30 {
			continue // the sampler missed a slot
		}
		slots = append(slots, store.NodeSlot{Cluster: "alpha", SlotStart: at, SlotSeconds: 60, Node: "gpu1", SampledAt: at, State: "IDLE",
			Available: m >= 10, CPUs: 8, GPUs: 2, GPUTypes: "a100:2", SlurmRelease: "22.05.8"})
	}
	if _, err := st.RecordNodeSlots(ctx, "test", slots); err != nil {
		t.Fatal(err)
	}
	gpus := []store.GPU{{UUID: "GPU-a", Node: "gpu1", Name: "NVIDIA A100-SXM4-80GB"}, {UUID: "GPU-b", Node: "gpu1", Name: "NVIDIA A100-SXM4-80GB", NVMLIndex: 1}}
	for s := 0; s < 3600; s += 10 {
		at := start.Add(time.Duration(s) * time.Second)
		samples := []store.GPUSample{
			{UUID: "GPU-a", Node: "gpu1", SampledAt: at, PowerMilliwatts: i64(200_000), EnergyDeltaMillijoules: i64(2_000_000), DeltaSource: store.DeltaCounter},
			{UUID: "GPU-b", Node: "gpu1", SampledAt: at, PowerMilliwatts: i64(100_000), EnergyDeltaMillijoules: i64(1_000_000), DeltaSource: store.DeltaCounter},
		}
		if err := st.RecordGPUSamples(ctx, "test", gpus, samples, nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	job := slurmbridge.AccountingRecord{Cluster: "alpha", JobID: 7, Name: "train", User: "u", Account: "a", Partition: "p", State: slurmbridge.StateCompleted,
		SubmitTime: start, StartTime: start.Add(20 * time.Minute), EndTime: start.Add(50 * time.Minute), ElapsedSeconds: 1800,
		AllocTRES: []slurmbridge.TRES{{Type: "cpu", Count: 4}, {Type: "gres", Name: "gpu", Count: 1}}}
	if _, err := st.UpsertJobs(ctx, []slurmbridge.AccountingRecord{job}, "test"); err != nil {
		t.Fatal(err)
	}

	rep, sum, err := Build(ctx, st, cat, cfg, "alpha", 5, 60)
	ps := sum.Power
	if err != nil {
		t.Fatal(err)
	}
	a100, _ := cat.Score(tokenomics.DeviceSpec{Model: "A100-SXM4-80GB"})
	cpuSpec, _ := cat.CPUSpec("EPYC-7763", 4) // 8 Slurm CPUs, 2 threads per core
	cpu, _ := cat.Score(cpuSpec)
	two, _ := cat.Score(tokenomics.DeviceSpec{Model: "A100-SXM4-80GB", Count: ratOf(2)})
	node := two.TotalMegaFLOPS + cpu.TotalMegaFLOPS
	// 59 observed slots, 49 of them available: the median is the node's index.
	if rep.SlotsCovered != 59 || rep.CoveragePPM != 983_333 || rep.MedianMegaFLOPS != node || rep.CapacityMegaFLOPS != node || ps.SlotsTotal != 60 {
		t.Fatalf("report %+v (node %d MFLOPS)", rep, node)
	}
	if rep.GPUs != 2 || rep.MedianPowerMilliwatts != 300_000 || rep.EnergyMillijoules != 360*3_000_000 {
		t.Errorf("GPU figures: %d GPUs, %d mW, %d mJ", rep.GPUs, rep.MedianPowerMilliwatts, rep.EnergyMillijoules)
	}
	// The job: 1 GPU and 2 cores for 30 minutes.
	coreIdx, _ := cat.CPUSpec("EPYC-7763", 1)
	core, _ := cat.Score(coreIdx)
	wantCH := (a100.PerDeviceMegaFLOPS + 2*core.TotalMegaFLOPS) * 1800 * 1000 / (cat.ReferenceScore().PerDeviceMegaFLOPS * 3600)
	if rep.JobsRun != 1 || rep.GPUSeconds != 1800 || rep.ComputeHoursMilli != wantCH {
		t.Errorf("jobs %d, GPU-s %d, mCH %d (want %d)", rep.JobsRun, rep.GPUSeconds, rep.ComputeHoursMilli, wantCH)
	}
	// Reliability: 49 of 59 observed minutes up, one repair (down → up), no failure.
	if r := sum.Reliability; r.ObservedSeconds != 59*60 || r.UpSeconds != 49*60 || r.Failures != 0 || r.Repairs != 1 || r.Grade != "4" || r.MTBFSeconds != nil || *r.MTTRSeconds != 600 {
		t.Errorf("reliability %+v", r)
	}
	if rep.CatalogSHA256 != cat.SHA256() {
		t.Error("catalog hash missing")
	}
	// The series the median came from: ten minutes observed down, twenty up, the missed
	// slot, twenty-nine up.
	u := start.Unix()
	wantRuns := []pocp.SlotRun{
		{StartUnix: u, SlotSeconds: 60, Count: 10, PowerMegaFLOPS: 0},
		{StartUnix: u + 600, SlotSeconds: 60, Count: 20, PowerMegaFLOPS: node},
		{StartUnix: u + 1860, SlotSeconds: 60, Count: 29, PowerMegaFLOPS: node},
	}
	if !reflect.DeepEqual(sum.Runs, wantRuns) {
		t.Errorf("runs %+v, want %+v", sum.Runs, wantRuns)
	}
	if err := pocp.CheckSeries(rep, sum.Runs); err != nil {
		t.Errorf("the report's own series: %v", err)
	}
	key, _ := crypto.GenerateKey()
	if err := rep.Sign(cfg.Domain, key); err != nil {
		t.Fatal(err)
	}
	data, _ := rep.Encode()
	back, err := pocp.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := back.Verify(cfg.Domain); err != nil {
		t.Fatal(err)
	}
	_ = end

	// An unknown GPU type with no NVML name and no mapping is a clear error.
	slots[0].Node, slots[0].GPUTypes = "mystery", "x9000:4"
	if _, err := st.RecordNodeSlots(ctx, "test", slots[:1]); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Build(ctx, st, cat, cfg, "alpha", 5, 60); err == nil || !strings.Contains(err.Error(), `GPU type "x9000" is not a catalog model; map it in pocp.hardware.gpuModels`) {
		t.Errorf("unknown GPU type: %v", err)
	}
	// Mapped, it scores.
	cfg.Hardware.GPUModels = map[string]string{"x9000": "H100-SXM"}
	if _, _, err := Build(ctx, st, cat, cfg, "alpha", 5, 60); err != nil {
		t.Errorf("mapped GPU type: %v", err)
	}
}

func TestResolveRefusesBadConfig(t *testing.T) {
	for name, c := range map[string]Config{
		"genesis":  {Genesis: "yesterday"},
		"period":   {Period: 1500 * time.Millisecond},
		"coverage": {MinCoverage: 1.5},
		"contract": {VerifyingContract: "0x12"},
		"threads":  {Hardware: Hardware{ThreadsPerCore: 9}},
		"adapters": {Hardware: Hardware{Adapters: -1}},
		"negchain": {ChainID: -5},
	} {
		if _, err := c.Resolve(); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	r, err := Config{}.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	if !r.Calendar.Genesis.Equal(pocp.DefaultGenesis) || r.Calendar.PeriodSeconds != pocp.DefaultPeriodSeconds || r.MinCoveragePPM != 900_000 || r.Domain.ChainID.Int64() != 1337 {
		t.Errorf("defaults: %+v", r)
	}
	cat, _ := tokenomics.LoadEmbeddedCatalog()
	if _, err := NewScorer(cat, Hardware{CPU: "H100-SXM", Interconnect: "none", Adapters: 1, ThreadsPerCore: 1}, nil); err == nil {
		t.Error("a GPU as the CPU model accepted")
	}
	if _, err := NewScorer(cat, Hardware{Interconnect: "carrier-pigeon", Adapters: 1, ThreadsPerCore: 1}, nil); err == nil {
		t.Error("unknown interconnect accepted")
	}
	for _, key := range []string{"H100", "h100-sxm"} {
		hw := Hardware{Interconnect: "none", Adapters: 1, ThreadsPerCore: 1, Measured: map[string]tokenomics.Measured{key: {FP64TFLOPS: tokenomics.MustDecimal("50")}}}
		if _, err := NewScorer(cat, hw, nil); err == nil || !strings.Contains(err.Error(), "pocp.hardware.measured["+key+"]") {
			t.Errorf("measured key %q: %v", key, err)
		}
	}
	// Audit results apply to jobs' cores as to nodes': a slower measured CPU lowers both.
	hw := Hardware{CPU: "EPYC-7763", Interconnect: "none", Adapters: 1, ThreadsPerCore: 1,
		Measured: map[string]tokenomics.Measured{"EPYC-7763": {FP64TFLOPS: tokenomics.MustDecimal("1")}}}
	audited, err := NewScorer(cat, hw, nil)
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := NewScorer(cat, Hardware{CPU: "EPYC-7763", Interconnect: "none", Adapters: 1, ThreadsPerCore: 1}, nil)
	a, _ := audited.CPUCoreIndex()
	b, _ := plain.CPUCoreIndex()
	if a >= b {
		t.Errorf("measured CPU core index %d, catalog %d: the audit was not applied", a, b)
	}
}

func ratOf(n int64) *big.Rat { return big.NewRat(n, 1) }

// TestEncodeSubmission: a report goes with its series as protocol.ReportSubmission; a series
// that does not give the report's figures, or one longer than a gateway takes, is refused.
func TestEncodeSubmission(t *testing.T) {
	cal, err := pocp.NewCalendar(pocp.DefaultGenesis, 3600)
	if err != nil {
		t.Fatal(err)
	}
	start, _, _ := cal.Period(1)
	var nodes []pocp.NodeObservation
	for m := 0; m < 60; m++ {
		nodes = append(nodes, pocp.NodeObservation{Node: "n1", SlotStart: start.Add(time.Duration(m) * time.Minute), SlotSeconds: 60, Available: m%3 != 0, PowerMegaFLOPS: 2_000_000})
	}
	rep, _, err := pocp.Build(pocp.BuildInput{Calendar: cal, Epoch: 1, Cluster: "alpha", SlotSeconds: 60, Nodes: nodes, ReferenceMegaFLOPS: 250_000})
	if err != nil {
		t.Fatal(err)
	}
	key, _ := crypto.GenerateKey()
	data, err := SignAndEncode(rep, Resolved{Domain: pocp.Domain{ChainID: big.NewInt(1337)}}, key)
	if err != nil {
		t.Fatal(err)
	}
	slots, err := pocp.SlotsFromNodes(nodes, start, start.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	runs := pocp.RunsFromSlots(slots)
	body, err := EncodeSubmission(data, runs)
	if err != nil {
		t.Fatal(err)
	}
	var sub protocol.ReportSubmission
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&sub); err != nil {
		t.Fatal(err)
	}
	back, err := pocp.Decode(sub.Report)
	if err != nil {
		t.Fatal(err)
	}
	if signer, err := back.Verify(pocp.Domain{ChainID: big.NewInt(1337)}); err != nil || signer != crypto.PubkeyToAddress(key.PublicKey) {
		t.Fatalf("the submitted report's signature: %s %v", signer.Hex(), err)
	}
	got, err := pocp.DecodeRuns(sub.Slots)
	if err != nil || !reflect.DeepEqual(got, runs) || len(runs) != 40 {
		t.Fatalf("slots %s (%v), want the %d runs %+v", sub.Slots, err, len(runs), runs)
	}
	if err := pocp.CheckSeries(back, got); err != nil {
		t.Fatal(err)
	}

	changed := append([]pocp.SlotRun(nil), runs...)
	changed[5].PowerMegaFLOPS++
	changed[7].PowerMegaFLOPS = 0
	if _, err := EncodeSubmission(data, changed); err == nil || !strings.Contains(err.Error(), "does not reproduce") {
		t.Errorf("a changed series: %v", err)
	}
	tooMany := make([]pocp.SlotRun, pocp.MaxSlotRuns+1)
	if _, err := EncodeSubmission(data, tooMany); err == nil || !strings.Contains(err.Error(), "runs, more than") {
		t.Errorf("%d runs: %v", len(tooMany), err)
	}
	if _, err := EncodeSubmission([]byte("{"), runs); err == nil {
		t.Error("a report that does not decode was encoded")
	}
}
