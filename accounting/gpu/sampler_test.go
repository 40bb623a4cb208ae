package gpu

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/NVIDIA/go-nvml/pkg/nvml"
	logtest "github.com/sirupsen/logrus/hooks/test"

	"github.com/petagrid/petagrid/accounting/store"
	nvmldouble "github.com/petagrid/petagrid/test/doubles/nvml"
)

func watts(w uint32) func(int) uint32 { return func(int) uint32 { return w * 1000 } }

func TestStartDiscoversEightGPUsAndStoresThem(t *testing.T) {
	h := newHarness(t, testConfig())
	devs := h.s.Devices()
	if len(devs) != 8 {
		t.Fatalf("discovered %d GPUs, want 8", len(devs))
	}
	seen := map[string]bool{}
	for i, d := range devs {
		g := h.m.GPUs[i]
		minor := g.Minor
		want := store.GPU{
			UUID: g.UUID, Node: testNode, Name: "NVIDIA A100-SXM4-40GB", PCIBusID: g.PciBusID,
			MinorNumber: &minor, NVMLIndex: i, MemoryTotalBytes: ptr(int64(42949672960)), Cores: ptr(6912),
			MaxSMClockMHz: ptr(1410), PowerLimitMilliwatts: ptr(int64(400_000)), DriverVersion: "550.54.15",
		}
		if !reflect.DeepEqual(d, want) {
			t.Errorf("GPU %d:\n got %+v\nwant %+v", i, d, want)
		}
		for _, key := range []string{"uuid:" + d.UUID, "bus:" + d.PCIBusID, "minor:" + string(rune('0'+*d.MinorNumber))} {
			if seen[key] {
				t.Errorf("GPU %d: %s is not distinct", i, key)
			}
			seen[key] = true
		}
	}
	if devs[0].PCIBusID != "00000000:47:00.0" {
		t.Errorf("bus id of GPU 0 = %q, want NVML's form 00000000:47:00.0", devs[0].PCIBusID)
	}

	h.sample(at(0))
	stored, err := h.st.GPUs(h.ctx, t0, at(1))
	if err != nil {
		t.Fatal(err)
	}
	if len(stored) != 8 {
		t.Fatalf("store holds %d GPUs, want 8", len(stored))
	}
	byUUID := map[string]store.GPUStatus{}
	for _, g := range stored {
		byUUID[g.UUID] = g
	}
	for i, d := range devs {
		g, ok := byUUID[d.UUID]
		if !ok {
			t.Fatalf("GPU %s not stored", d.UUID)
		}
		if !reflect.DeepEqual(g.GPU, d) {
			t.Errorf("stored GPU %d:\n got %+v\nwant %+v", i, g.GPU, d)
		}
		if g.LastSample == nil || g.LastSample.DeltaSource != store.DeltaFirst || g.LastSample.EnergyDeltaMillijoules != nil {
			t.Errorf("GPU %d first sample = %+v, want DeltaFirst without delta", i, g.LastSample)
		}
		if c := g.LastSample.EnergyCounterMillijoules; c == nil || uint64(*c) != h.m.GPUs[i].Energy() {
			t.Errorf("GPU %d counter = %v, want %d", i, deref(c), h.m.GPUs[i].Energy())
		}
		if !g.LastSample.SampledAt.Equal(t0) || len(g.LastSample.Errors) != 0 {
			t.Errorf("GPU %d sample at %s errors %v", i, g.LastSample.SampledAt, g.LastSample.Errors)
		}
	}
	for name, want := range map[string]int{nvmldouble.Init: 1, nvmldouble.DeviceGetCount: 1, nvmldouble.GetUUID: 8, nvmldouble.GetPowerUsage: 8, nvmldouble.GetTotalEnergyConsumption: 8, nvmldouble.Shutdown: 0} {
		if got := h.m.Calls(name); got != want {
			t.Errorf("%s called %d times, want %d", name, got, want)
		}
	}
}

func TestDiscoveryToleratesFailingReadings(t *testing.T) {
	h := newHarness(t, testConfig(), func(m *nvmldouble.Machine) {
		m.GPUs[1].FailNext(nvmldouble.GetNumGpuCores, nvml.ERROR_NOT_SUPPORTED, 1)
		m.GPUs[2].FailNext(nvmldouble.GetPowerManagementLimit, nvml.ERROR_UNKNOWN, 1)
		m.GPUs[7].FailNext(nvmldouble.GetUUID, nvml.ERROR_GPU_IS_LOST, 1)
		m.FailDriverVersion(nvml.ERROR_UNKNOWN)
	})
	devs := h.s.Devices()
	if len(devs) != 7 {
		t.Fatalf("discovered %d GPUs, want 7 (GPU 7 has no UUID)", len(devs))
	}
	if devs[1].Cores != nil || devs[2].PowerLimitMilliwatts != nil || devs[0].DriverVersion != "" {
		t.Errorf("failed readings not left empty: %+v %+v", devs[1], devs[2])
	}
	if devs[1].Name == "" || devs[2].Cores == nil {
		t.Errorf("other readings lost: %+v %+v", devs[1], devs[2])
	}
	w := h.warnings()
	if strings.Contains(w, "core count") {
		t.Errorf("NOT_SUPPORTED core count logged as a warning:\n%s", w)
	}
	for _, want := range []string{"power limit unknown", "skipping GPU: no UUID", "1 of 8 GPUs could not be identified"} {
		if !strings.Contains(w, want) {
			t.Errorf("warnings lack %q:\n%s", want, w)
		}
	}
	// The minor order of the remaining GPUs is not Slurm's: nothing may be attributed.
	h.allocs.set(alloc(1, 0, 1, 2))
	h.sample(at(0))
	h.consumeAll(watts(200))
	h.sample(at(10))
	if u := h.usage(); len(u) != 0 {
		t.Errorf("attributed with an unreliable index order: %v", u)
	}
}

func TestDiscoveryUsesLegacyBusIDWhenNeeded(t *testing.T) {
	var p nvml.PciInfo
	copy(p.BusIdLegacy[:], "0000:07:00.0\x00junk")
	if got := busID(p); got != "0000:07:00.0" {
		t.Errorf("busID = %q", got)
	}
	copy(p.BusId[:], "00000000:07:00.0")
	if got := busID(p); got != "00000000:07:00.0" {
		t.Errorf("busID = %q", got)
	}
}

func TestEnergyIntegralAcrossCounterReset(t *testing.T) {
	h := newHarness(t, testConfig())
	g := h.m.GPUs[0]
	h.sample(at(0))
	var want int64
	g.Consume(300_000, 10_000) // 3,000,000 mJ
	want += 3_000_000
	h.sample(at(10))
	g.Consume(320_000, 10_000) // 3,200,000 mJ
	want += 3_200_000
	h.sample(at(20))
	// Driver reload: the counter restarts low; power now 280 W. The estimate is the mean of
	// 320 W and 280 W over 10 s.
	g.ResetEnergy(500_000)
	g.SetPower(280_000)
	want += 3_000_000
	h.sample(at(30))
	g.Consume(301_000, 10_000) // 3,010,000 mJ, from the new counter
	want += 3_010_000
	h.sample(at(40))
	// 7 ms more than the interval: the estimate rounds to the millijoule.
	g.ResetEnergy(0)
	g.SetPower(301_001)
	want += (301_000*10_007 + 301_001*10_007 + 1000) / 2000
	h.sample(at(50).Add(7 * time.Millisecond))

	smps := h.samples(g.UUID)
	if len(smps) != 6 {
		t.Fatalf("%d samples, want 6", len(smps))
	}
	var sum int64
	for _, s := range smps {
		if s.EnergyDeltaMillijoules != nil {
			sum += *s.EnergyDeltaMillijoules
		}
	}
	if sum != want {
		t.Errorf("sum of deltas = %d mJ, want %d", sum, want)
	}
	wantSources := []string{store.DeltaFirst, store.DeltaCounter, store.DeltaCounter, store.DeltaCounterReset, store.DeltaCounter, store.DeltaCounterReset}
	for i, s := range smps {
		if s.DeltaSource != wantSources[i] {
			t.Errorf("sample %d source %s, want %s", i, s.DeltaSource, wantSources[i])
		}
	}
	reset := smps[3]
	if deref(reset.EnergyDeltaMillijoules) != int64(3_000_000) || deref(reset.IntervalMilliseconds) != int64(10_000) || deref(reset.EnergyCounterMillijoules) != int64(500_000) {
		t.Errorf("reset sample = delta %v interval %v counter %v", deref(reset.EnergyDeltaMillijoules), deref(reset.IntervalMilliseconds), deref(reset.EnergyCounterMillijoules))
	}
	stored, err := h.st.GPUs(h.ctx, t0, at(60))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range stored {
		if s.UUID == g.UUID && s.EnergyMillijoules != want {
			t.Errorf("GPU total = %d, want %d", s.EnergyMillijoules, want)
		}
	}
}

func TestAttributionToConcurrentAndSharedJobs(t *testing.T) {
	h := newHarness(t, testConfig()) // minor order: index 0,1,2,3 = NVML 0,2,1,3
	uuid := func(nvmlIndex int) string { return h.m.GPUs[nvmlIndex].UUID }
	const jobA, jobB, jobC, jobD, jobElsewhere = 101, 102, 103, 104, 105
	h.allocs.set(
		alloc(jobA, 0, 1), alloc(jobB, 2), alloc(jobD, 3), alloc(jobC, 3),
		Allocation{Job: jobKey(jobElsewhere), Node: "gpu-node-2", SlurmIndices: []int{0}},
	)
	round := func(seconds int) {
		t.Helper()
		h.consumeAll(func(i int) uint32 { return uint32(100_000 + 10_000*i) }) // 1,000,000 + 100,000·i mJ
		h.m.GPUs[3].AddEnergy(1)                                               // an odd delta on the shared GPU
		h.sample(at(seconds))
	}
	h.sample(at(0))
	round(10)
	if got := h.sink.allocs[1]; len(got) != 5 {
		t.Errorf("allocation rows at t1 = %+v, want 5", got)
	} else {
		want := map[store.GPUAllocation]bool{
			{Job: jobKey(jobA), Node: testNode, SlurmIndex: 0, UUID: uuid(0), SeenAt: at(10)}: true,
			{Job: jobKey(jobA), Node: testNode, SlurmIndex: 1, UUID: uuid(2), SeenAt: at(10)}: true,
			{Job: jobKey(jobB), Node: testNode, SlurmIndex: 2, UUID: uuid(1), SeenAt: at(10)}: true,
			{Job: jobKey(jobC), Node: testNode, SlurmIndex: 3, UUID: uuid(3), SeenAt: at(10)}: true,
			{Job: jobKey(jobD), Node: testNode, SlurmIndex: 3, UUID: uuid(3), SeenAt: at(10)}: true,
		}
		for _, a := range got {
			if !want[a] {
				t.Errorf("unexpected allocation row %+v", a)
			}
		}
	}
	// Job B ends between t1 and t2: it still gets that interval, then nothing.
	h.allocs.set(alloc(jobA, 0, 1), alloc(jobC, 3), alloc(jobD, 3))
	round(20)
	round(30)

	u := h.usage()
	if _, ok := u[jobElsewhere]; ok {
		t.Errorf("job of another node attributed: %+v", u[jobElsewhere])
	}
	check := func(job uint32, gpu string, energy, gpuMs, samples, shared int64) {
		t.Helper()
		got := u[job][gpu]
		want := store.GPUJobUsage{Job: jobKey(job), UUID: gpu, EnergyMillijoules: energy, GPUMilliseconds: gpuMs, Samples: samples, SharedSamples: shared}
		if got != want {
			t.Errorf("job %d on %s:\n got %+v\nwant %+v", job, gpu, got, want)
		}
	}
	check(jobA, uuid(0), 3*1_000_000, 30_000, 3, 0)
	check(jobA, uuid(2), 3*1_200_000, 30_000, 3, 0)
	check(jobB, uuid(1), 2*1_100_000, 20_000, 2, 0)
	// 1,300,001 mJ per interval on the shared GPU: C (lower job id) gets the odd millijoule.
	check(jobC, uuid(3), 3*650_001, 15_000, 3, 3)
	check(jobD, uuid(3), 3*650_000, 15_000, 3, 3)
	if len(u[jobA]) != 2 || len(u[jobB]) != 1 || len(u[jobC]) != 1 || len(u[jobD]) != 1 {
		t.Errorf("unexpected usage rows: %+v", u)
	}
	// The shared GPU's energy is split exactly.
	var gpu3 int64
	for _, s := range h.samples(uuid(3)) {
		if s.EnergyDeltaMillijoules != nil {
			gpu3 += *s.EnergyDeltaMillijoules
		}
	}
	if gpu3 != u[jobC][uuid(3)].EnergyMillijoules+u[jobD][uuid(3)].EnergyMillijoules {
		t.Errorf("shared GPU energy %d ≠ sum of shares", gpu3)
	}
	if h.allocs.calls != 4 {
		t.Errorf("allocation source asked %d times for 4 rounds", h.allocs.calls)
	}
}

func TestIndexOrderMapsSlurmIndicesToUUIDs(t *testing.T) {
	// Which NVML index Slurm's index i names, from the double's layout.
	cases := map[string][8]int{
		IndexOrderMinor: {0, 2, 1, 3, 5, 4, 6, 7},
		IndexOrderPCI:   {1, 2, 0, 3, 4, 5, 6, 7},
		IndexOrderNVML:  {0, 1, 2, 3, 4, 5, 6, 7},
	}
	for order, want := range cases {
		t.Run(order, func(t *testing.T) {
			cfg := testConfig()
			cfg.IndexOrder = order
			h := newHarness(t, cfg)
			var allocs []Allocation
			for i := range 8 {
				allocs = append(allocs, alloc(uint32(200+i), i))
			}
			allocs = append(allocs, alloc(299, 9)) // no GPU 9 on this node
			h.allocs.set(allocs...)
			h.sample(at(0))
			h.consumeAll(watts(100))
			h.sample(at(10))
			u := h.usage()
			for i := range 8 {
				wantUUID := h.m.GPUs[want[i]].UUID
				if len(u[uint32(200+i)]) != 1 || u[uint32(200+i)][wantUUID].Samples != 1 {
					t.Errorf("index %d: usage %+v, want GPU %s", i, u[uint32(200+i)], wantUUID)
				}
			}
			if _, ok := u[299]; ok {
				t.Errorf("index 9 attributed: %+v", u[299])
			}
			if !strings.Contains(h.warnings(), "GPU index 9, which is no GPU of this node") {
				t.Errorf("no warning for index 9:\n%s", h.warnings())
			}
		})
	}
}

func TestNVMLErrorsMidRun(t *testing.T) {
	cfg := testConfig()
	cfg.IndexOrder = IndexOrderNVML
	h := newHarness(t, cfg)
	h.allocs.set(alloc(1, 0, 1, 2, 3, 4, 5, 6, 7))
	h.sample(at(0))
	h.consumeAll(watts(200))
	h.sample(at(10))

	h.m.GPUs[3].FailNext(nvmldouble.GetPowerUsage, nvml.ERROR_UNKNOWN, 1)
	h.m.GPUs[4].FailNext(nvmldouble.GetPowerUsage, nvml.ERROR_NOT_SUPPORTED, 1)
	h.m.GPUs[4].FailNext(nvmldouble.GetTotalEnergyConsumption, nvml.ERROR_NOT_SUPPORTED, 1)
	h.m.GPUs[5].FailAll(nvml.ERROR_GPU_IS_LOST, -1)
	h.m.GPUs[6].SetTemperature(0xFFFFFFFF)
	h.consumeAll(watts(200))
	h.sample(at(20))
	h.consumeAll(watts(200))
	h.sample(at(30)) // GPU 5 still lost, GPU 4 back
	h.m.GPUs[5].ClearFaults()
	h.consumeAll(watts(200))
	h.sample(at(40))

	smp := func(gpu, round int) store.GPUSample { return h.samples(h.m.GPUs[gpu].UUID)[round] }
	if s := smp(3, 2); s.PowerMilliwatts != nil || s.DeltaSource != store.DeltaCounter || !reflect.DeepEqual(s.Errors, []string{"power: ERROR_UNKNOWN"}) {
		t.Errorf("GPU 3 with failed power: %+v", s)
	}
	if s := smp(4, 2); s.DeltaSource != store.DeltaNone || s.EnergyDeltaMillijoules != nil || len(s.Errors) != 2 {
		t.Errorf("GPU 4 without power nor counter: %+v", s)
	}
	if s := smp(4, 3); s.DeltaSource != store.DeltaPower || deref(s.EnergyDeltaMillijoules) != int64(2_000_000) {
		t.Errorf("GPU 4 after recovery: %+v (want a power estimate)", s)
	}
	for _, round := range []int{2, 3} {
		s := smp(5, round)
		if s.DeltaSource != store.DeltaNone || s.PowerMilliwatts != nil || s.EnergyCounterMillijoules != nil || len(s.Errors) != 6 {
			t.Errorf("lost GPU 5 round %d: %+v", round, s)
		}
		for _, e := range s.Errors {
			if !strings.HasSuffix(e, ": ERROR_GPU_IS_LOST") {
				t.Errorf("lost GPU error %q", e)
			}
		}
	}
	if s := smp(6, 2); s.TemperatureCelsius != nil || !reflect.DeepEqual(s.Errors, []string{"temperature: implausible reading 4294967295 °C"}) || s.DeltaSource != store.DeltaCounter {
		t.Errorf("GPU 6 with sentinel temperature: %+v", s)
	}
	for _, gpu := range []int{0, 1, 2, 7} {
		for round, s := range h.samples(h.m.GPUs[gpu].UUID)[1:] {
			if len(s.Errors) != 0 || s.DeltaSource != store.DeltaCounter || deref(s.EnergyDeltaMillijoules) != int64(2_000_000) {
				t.Errorf("healthy GPU %d round %d affected: %+v", gpu, round+1, s)
			}
		}
	}

	u := h.usage()[1]
	want := map[int][2]int64{ // energy, GPU ms
		0: {8_000_000, 40_000}, 1: {8_000_000, 40_000}, 2: {8_000_000, 40_000}, 3: {8_000_000, 40_000},
		4: {6_000_000, 30_000}, // nothing for the round without a delta
		5: {4_000_000, 20_000}, // nothing while lost
		6: {8_000_000, 40_000}, 7: {8_000_000, 40_000},
	}
	for gpu, w := range want {
		got := u[h.m.GPUs[gpu].UUID]
		if got.EnergyMillijoules != w[0] || got.GPUMilliseconds != w[1] {
			t.Errorf("GPU %d usage %+v, want %d mJ %d ms", gpu, got, w[0], w[1])
		}
	}
	// A failure lasting two rounds is logged once, and its end once.
	var lostLogs, recovered int
	for _, e := range h.logs.AllEntries() {
		if e.Data["gpu"] == h.m.GPUs[5].UUID && e.Data["reading"] == "power" {
			if strings.Contains(e.Message, "failed") {
				lostLogs++
			} else {
				recovered++
			}
		}
	}
	if lostLogs != 1 || recovered != 1 {
		t.Errorf("GPU 5 power failure logged %d times, recovery %d times; want 1 and 1", lostLogs, recovered)
	}
}

func TestStartWhenInitFails(t *testing.T) {
	cases := []struct {
		ret  nvml.Return
		want string
	}{
		{nvml.ERROR_LIBRARY_NOT_FOUND, "no NVIDIA driver (libnvidia-ml.so.1 not found): running without GPU telemetry"},
		{nvml.ERROR_DRIVER_NOT_LOADED, "NVIDIA driver not loaded (libnvidia-ml.so.1 found no running kernel module): running without GPU telemetry"},
		{nvml.ERROR_NO_PERMISSION, "no permission to use the NVIDIA driver (NVML refused access to the device files): running without GPU telemetry"},
		{nvml.ERROR_UNKNOWN, "NVML initialisation failed (ERROR_UNKNOWN): running without GPU telemetry"},
	}
	for _, c := range cases {
		t.Run(c.ret.Error(), func(t *testing.T) {
			m := nvmldouble.New(t)
			m.FailInit(c.ret)
			s, err := NewSampler(testConfig(), m, openStore(t), &fakeAllocations{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			err = s.Start(context.Background())
			if !errors.Is(err, ErrUnavailable) || !errors.Is(err, c.ret) {
				t.Fatalf("Start error %v: want ErrUnavailable and %s", err, c.ret.Error())
			}
			if err.Error() != c.want || strings.Contains(err.Error(), "\n") {
				t.Errorf("message %q, want %q", err.Error(), c.want)
			}
			// Nothing else may reach NVML: not a round, not Run, not Close.
			if err := s.SampleOnce(context.Background(), at(0)); err == nil {
				t.Error("SampleOnce after a failed Start succeeded")
			}
			if err := s.Run(context.Background()); err == nil {
				t.Error("Run after a failed Start succeeded")
			}
			if err := s.Close(); err != nil {
				t.Errorf("Close: %v", err)
			}
			if calls := m.CallCounts(); m.TotalCalls() != 1 || calls[nvmldouble.Init] != 1 {
				t.Errorf("NVML calls after a failed Init: %v", calls)
			}
			if len(s.Devices()) != 0 {
				t.Errorf("Devices after a failed Start: %v", s.Devices())
			}
		})
	}
}

func TestGapIsNotAttributed(t *testing.T) {
	cfg := testConfig() // gap threshold 3 × 10 s
	cfg.IndexOrder = IndexOrderNVML
	h := newHarness(t, cfg)
	g := h.m.GPUs[0]
	h.allocs.set(alloc(1, 0))
	h.sample(at(0))
	g.Consume(200_000, 10_000)
	h.sample(at(10))
	g.Consume(200_000, 40_000) // the sampler was stalled for 40 s
	h.sample(at(50))
	g.Consume(200_000, 10_000)
	h.sample(at(60))
	g.Consume(200_000, 30_000) // exactly the threshold: not a gap
	h.sample(at(90))

	smps := h.samples(g.UUID)
	gap := smps[2]
	if gap.DeltaSource != store.DeltaGap || deref(gap.EnergyDeltaMillijoules) != int64(8_000_000) || deref(gap.IntervalMilliseconds) != int64(40_000) {
		t.Errorf("gap sample: %+v", gap)
	}
	if smps[4].DeltaSource != store.DeltaCounter {
		t.Errorf("interval of exactly GapFactor × Interval: %s, want counter", smps[4].DeltaSource)
	}
	got := h.usage()[1][g.UUID]
	if got.EnergyMillijoules != 2_000_000+2_000_000+6_000_000 || got.GPUMilliseconds != 50_000 || got.Samples != 3 {
		t.Errorf("usage across a gap: %+v", got)
	}
	stored, err := h.st.GPUs(h.ctx, t0, at(100))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range stored {
		if s.UUID == g.UUID && s.EnergyMillijoules != 18_000_000 {
			t.Errorf("GPU total %d, want 18,000,000 (the gap counts for the GPU)", s.EnergyMillijoules)
		}
	}
}

func TestRestartContinuesTheCounter(t *testing.T) {
	cfg := testConfig()
	cfg.IndexOrder = IndexOrderNVML
	h := newHarness(t, cfg)
	g := h.m.GPUs[0]
	h.allocs.set(alloc(1, 0))
	h.sample(at(0))
	g.Consume(200_000, 10_000)
	h.sample(at(10))
	if err := h.s.Close(); err != nil {
		t.Fatal(err)
	}
	if h.m.Initialised() || h.m.Calls(nvmldouble.Shutdown) != 1 {
		t.Fatal("Close did not shut NVML down")
	}

	// A new process: its first round continues the stored counter.
	h.s = h.newSampler(cfg)
	if err := h.s.Start(h.ctx); err != nil {
		t.Fatal(err)
	}
	g.Consume(250_000, 10_000)
	h.sample(at(20))
	first := h.samples(g.UUID)[2]
	if first.DeltaSource != store.DeltaCounter || deref(first.EnergyDeltaMillijoules) != int64(2_500_000) || deref(first.IntervalMilliseconds) != int64(10_000) {
		t.Errorf("first round after restart: %+v", first)
	}
	if got := h.usage()[1][g.UUID]; got.EnergyMillijoules != 4_500_000 || got.Samples != 2 {
		t.Errorf("usage across restart: %+v", got)
	}

	// Restarted after a long stop: the stored sample is too old, the interval is a gap.
	h.s.Close()
	h.s = h.newSampler(cfg)
	if err := h.s.Start(h.ctx); err != nil {
		t.Fatal(err)
	}
	g.Consume(200_000, 300_000)
	h.sample(at(320))
	late := h.samples(g.UUID)[3]
	if late.DeltaSource != store.DeltaGap || deref(late.EnergyDeltaMillijoules) != int64(60_000_000) {
		t.Errorf("first round after a long stop: %+v", late)
	}
	if got := h.usage()[1][g.UUID]; got.EnergyMillijoules != 4_500_000 {
		t.Errorf("gap after restart attributed: %+v", got)
	}
}

func TestAllocationSourceFailureRecordsWithoutAttribution(t *testing.T) {
	cfg := testConfig()
	cfg.IndexOrder = IndexOrderNVML
	h := newHarness(t, cfg)
	g := h.m.GPUs[0]
	h.allocs.set(alloc(1, 0))
	h.sample(at(0))
	h.allocs.fail(errors.New("slurmctld unreachable"))
	g.Consume(200_000, 10_000)
	h.sample(at(10))
	if s := h.samples(g.UUID); len(s) != 2 || s[1].DeltaSource != store.DeltaCounter {
		t.Fatalf("samples not recorded when allocations fail: %+v", s)
	}
	if len(h.usage()) != 0 || len(h.sink.allocs[1]) != 0 {
		t.Errorf("attributed without allocations: %+v", h.usage())
	}
	if !strings.Contains(h.warnings(), "cannot read GPU allocations") {
		t.Errorf("no warning:\n%s", h.warnings())
	}
	h.allocs.set(alloc(1, 0))
	g.Consume(200_000, 10_000)
	h.sample(at(20))
	if got := h.usage()[1][g.UUID]; got.EnergyMillijoules != 2_000_000 || got.Samples != 1 {
		t.Errorf("usage after recovery: %+v", got)
	}
}

func TestSinkFailureLosesNoEnergy(t *testing.T) {
	cfg := testConfig()
	cfg.IndexOrder = IndexOrderNVML
	h := newHarness(t, cfg)
	g := h.m.GPUs[0]
	h.allocs.set(alloc(1, 0))
	h.sample(at(0))
	g.Consume(200_000, 10_000)
	h.sink.failNext = 1
	if err := h.s.SampleOnce(h.ctx, at(10)); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("SampleOnce with a failing sink: %v", err)
	}
	g.Consume(200_000, 10_000)
	h.sample(at(20))
	s := h.samples(g.UUID)
	if len(s) != 2 || deref(s[1].EnergyDeltaMillijoules) != int64(4_000_000) || deref(s[1].IntervalMilliseconds) != int64(20_000) {
		t.Errorf("round after a failed write: %+v", s)
	}
	if got := h.usage()[1][g.UUID]; got.EnergyMillijoules != 4_000_000 || got.GPUMilliseconds != 20_000 {
		t.Errorf("usage after a failed write: %+v", got)
	}
}

func TestRoundNotAfterPreviousIsSkipped(t *testing.T) {
	h := newHarness(t, testConfig())
	h.sample(at(10))
	err := h.s.SampleOnce(h.ctx, at(5))
	if err == nil || !strings.Contains(err.Error(), "not after their previous sample") {
		t.Fatalf("SampleOnce back in time: %v", err)
	}
	h.consumeAll(watts(100))
	h.sample(at(20))
	s := h.samples(h.m.GPUs[0].UUID)
	if len(s) != 2 || s[1].DeltaSource != store.DeltaCounter || deref(s[1].IntervalMilliseconds) != int64(10_000) {
		t.Errorf("samples: %+v", s)
	}
}

func TestSamplerLifecycle(t *testing.T) {
	m := nvmldouble.New(t)
	st := openStore(t)
	log, _ := logtest.NewNullLogger()
	s, err := NewSampler(testConfig(), m, st, nil, log)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SampleOnce(context.Background(), at(0)); err == nil {
		t.Error("SampleOnce before Start succeeded")
	}
	if m.TotalCalls() != 0 {
		t.Errorf("NVML called before Start: %v", m.CallCounts())
	}
	if err := s.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := s.Start(context.Background()); err == nil {
		t.Error("second Start succeeded")
	}
	// No allocation source: samples without attribution.
	if err := s.SampleOnce(context.Background(), at(0)); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil || m.Calls(nvmldouble.Shutdown) != 1 {
		t.Errorf("second Close: %v, %d Shutdown calls", err, m.Calls(nvmldouble.Shutdown))
	}
	if _, err := NewSampler(Config{}, m, st, nil, nil); !errors.Is(err, ErrInvalidConfig) {
		t.Errorf("NewSampler with an empty config: %v", err)
	}
}

func TestRunSamplesUntilCancelledThenShutsDown(t *testing.T) {
	cfg := testConfig()
	cfg.Interval = minInterval
	h := newHarness(t, cfg)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The first round fails (logged, the loop goes on); the second stops the run.
	h.sink.failNext = 1
	h.sink.after = func(round int) {
		if round == 2 {
			cancel()
		}
	}
	done := make(chan error, 1)
	go func() { done <- h.s.Run(ctx) }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not stop")
	}
	if h.sink.rounds != 2 {
		t.Errorf("%d rounds, want 2", h.sink.rounds)
	}
	if h.m.Initialised() || h.m.Calls(nvmldouble.Shutdown) != 1 {
		t.Errorf("NVML not shut down after Run: %v", h.m.CallCounts())
	}
	if !strings.Contains(h.warnings(), "GPU sampling round failed") {
		t.Errorf("failed round not logged:\n%s", h.warnings())
	}
	for _, e := range h.logs.AllEntries() {
		if e.Data["component"] != "gpu-sampler" {
			t.Errorf("log entry without component: %v %q", e.Data, e.Message)
		}
	}
}
