package nvmldouble

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/NVIDIA/go-nvml/pkg/nvml"
)

// recordingTB keeps the failures the double reports instead of failing this test.
type recordingTB struct {
	testing.TB
	mu     sync.Mutex
	errors []string
}

func (r *recordingTB) Helper() {}

func (r *recordingTB) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func (r *recordingTB) failures() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return strings.Join(r.errors, "\n")
}

func TestCallsAfterFailedInitFailTheTest(t *testing.T) {
	tb := &recordingTB{TB: t}
	m := New(tb)
	m.FailInit(nvml.ERROR_LIBRARY_NOT_FOUND)
	if ret := m.Init(); ret != nvml.ERROR_LIBRARY_NOT_FOUND {
		t.Fatalf("Init = %v", ret)
	}
	if tb.failures() != "" {
		t.Fatalf("a failed Init alone reported: %s", tb.failures())
	}
	m.DeviceGetCount()
	m.GPUs[0].GetPowerUsage()
	m.SystemGetNVMLVersion() // simulated by dgxa100, guarded by the double
	m.GPUs[1].GetSerial()    // simulated by nobody
	m.Shutdown()
	got := tb.failures()
	for _, want := range []string{
		"DeviceGetCount called after a failed Init",
		"GetPowerUsage called after a failed Init",
		"SystemGetNVMLVersion called after a failed Init",
		"GetSerial called after a failed Init",
		"Shutdown called after a failed Init",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("failures lack %q:\n%s", want, got)
		}
	}
	if m.Calls(Init) != 1 || m.Calls(DeviceGetCount) != 1 || m.GPUs[0].Calls(GetPowerUsage) != 1 || m.TotalCalls() != 6 {
		t.Errorf("call counts: %v", m.CallCounts())
	}
}

func TestCallsBeforeInitAndAfterShutdownFailTheTest(t *testing.T) {
	tb := &recordingTB{TB: t}
	m := New(tb)
	m.DeviceGetCount()
	if !strings.Contains(tb.failures(), "DeviceGetCount called before Init") {
		t.Errorf("call before Init not reported: %q", tb.failures())
	}
	tb.errors = nil
	if m.Init() != nvml.SUCCESS || !m.Initialised() {
		t.Fatal("Init failed")
	}
	if m.Shutdown() != nvml.SUCCESS || m.Initialised() {
		t.Fatal("Shutdown failed")
	}
	if tb.failures() != "" {
		t.Fatalf("Init then Shutdown reported: %s", tb.failures())
	}
	m.GPUs[0].GetUUID()
	if !strings.Contains(tb.failures(), "GetUUID called after Shutdown") {
		t.Errorf("call after Shutdown not reported: %q", tb.failures())
	}
}

func TestUnsimulatedFunctionFailsTheTestWithoutPanic(t *testing.T) {
	tb := &recordingTB{TB: t}
	m := New(tb)
	m.Init()
	serial, ret := m.GPUs[2].GetVbiosVersion()
	if serial != "" || ret != nvml.ERROR_NOT_SUPPORTED {
		t.Errorf("GetVbiosVersion = %q, %v", serial, ret)
	}
	if !strings.Contains(tb.failures(), "Device.GetVbiosVersion is not simulated") {
		t.Errorf("unsimulated call not reported: %q", tb.failures())
	}
	// What dgxa100 simulates keeps working.
	tb.errors = nil
	if v, ret := m.SystemGetNVMLVersion(); ret != nvml.SUCCESS || v == "" {
		t.Errorf("SystemGetNVMLVersion = %q, %v", v, ret)
	}
	if arch, ret := m.GPUs[0].GetArchitecture(); ret != nvml.SUCCESS || arch != nvml.DEVICE_ARCH_AMPERE {
		t.Errorf("GetArchitecture = %v, %v", arch, ret)
	}
	if tb.failures() != "" {
		t.Errorf("simulated calls reported: %s", tb.failures())
	}
}

func TestScriptedReadingsAndFaults(t *testing.T) {
	m := New(t)
	if m.Init() != nvml.SUCCESS {
		t.Fatal("Init")
	}
	d, ret := m.DeviceGetHandleByIndex(3)
	if ret != nvml.SUCCESS {
		t.Fatal(ret)
	}
	g := m.GPUs[3]
	g.SetEnergy(1_000)
	g.Consume(250_000, 4_000)
	g.SetUtilization(97, 40)
	g.SetMemoryUsed(1 << 30)
	g.SetSMClock(1_350)
	g.SetTemperature(71)
	if p, _ := d.GetPowerUsage(); p != 250_000 {
		t.Errorf("power %d", p)
	}
	if e, _ := d.GetTotalEnergyConsumption(); e != 1_001_000 {
		t.Errorf("energy %d", e)
	}
	if u, _ := d.GetUtilizationRates(); u.Gpu != 97 || u.Memory != 40 {
		t.Errorf("utilization %+v", u)
	}
	if mem, _ := d.GetMemoryInfo(); mem.Used != 1<<30 || mem.Total != 42949672960 || mem.Free != mem.Total-mem.Used {
		t.Errorf("memory %+v", mem)
	}
	if c, _ := d.GetClockInfo(nvml.CLOCK_SM); c != 1_350 {
		t.Errorf("SM clock %d", c)
	}
	if _, ret := d.GetClockInfo(nvml.CLOCK_MEM); ret != nvml.ERROR_NOT_SUPPORTED {
		t.Errorf("memory clock: %v", ret)
	}
	if c, _ := d.GetTemperature(nvml.TEMPERATURE_GPU); c != 71 {
		t.Errorf("temperature %d", c)
	}
	g.ResetEnergy(0)
	if e, _ := d.GetTotalEnergyConsumption(); e != 0 {
		t.Errorf("energy after reset %d", e)
	}

	g.FailNext(GetPowerUsage, nvml.ERROR_GPU_IS_LOST, 2)
	for i, want := range []nvml.Return{nvml.ERROR_GPU_IS_LOST, nvml.ERROR_GPU_IS_LOST, nvml.SUCCESS} {
		if _, ret := d.GetPowerUsage(); ret != want {
			t.Errorf("power call %d: %v, want %v", i, ret, want)
		}
	}
	g.FailAll(nvml.ERROR_NOT_SUPPORTED, -1)
	for range 3 {
		if _, ret := d.GetTemperature(nvml.TEMPERATURE_GPU); ret != nvml.ERROR_NOT_SUPPORTED {
			t.Errorf("temperature with a permanent fault: %v", ret)
		}
	}
	g.ClearFaults()
	if _, ret := d.GetUUID(); ret != nvml.SUCCESS {
		t.Errorf("UUID after ClearFaults: %v", ret)
	}
	if g.Calls(GetPowerUsage) != 4 || m.Calls(GetPowerUsage) != 4 || m.GPUs[0].Calls(GetPowerUsage) != 0 {
		t.Errorf("call counts: %v", m.CallCounts())
	}
}

func TestLayoutHasDistinctAndDifferentlyOrderedIdentities(t *testing.T) {
	m := New(t)
	m.Init()
	uuids, buses, minors := map[string]bool{}, map[string]bool{}, map[int]bool{}
	type gpu struct {
		index int
		bus   string
		minor int
	}
	var gpus []gpu
	for i := range m.GPUs {
		d, _ := m.DeviceGetHandleByIndex(i)
		uuid, _ := d.GetUUID()
		pci, _ := d.GetPciInfo()
		minor, _ := d.GetMinorNumber()
		bus := string(pci.BusId[:strings.IndexByte(string(pci.BusId[:]), 0)])
		uuids[uuid], buses[bus], minors[minor] = true, true, true
		gpus = append(gpus, gpu{i, bus, minor})
		if legacy := string(pci.BusIdLegacy[:12]); legacy != bus[4:] {
			t.Errorf("GPU %d legacy bus id %q for %q", i, legacy, bus)
		}
	}
	if len(uuids) != 8 || len(buses) != 8 || len(minors) != 8 {
		t.Fatalf("identities not distinct: %v %v %v", uuids, buses, minors)
	}
	order := func(less func(a, b gpu) bool) []int {
		s := slices.Clone(gpus)
		sort.Slice(s, func(i, j int) bool { return less(s[i], s[j]) })
		var idx []int
		for _, g := range s {
			idx = append(idx, g.index)
		}
		return idx
	}
	byMinor := order(func(a, b gpu) bool { return a.minor < b.minor })
	byPCI := order(func(a, b gpu) bool { return a.bus < b.bus })
	if slices.Equal(byMinor, byPCI) || slices.Equal(byPCI, []int{0, 1, 2, 3, 4, 5, 6, 7}) {
		t.Errorf("orders do not differ: minor %v pci %v", byMinor, byPCI)
	}
	// The package comment's example: index 2.
	if byMinor[2] != 1 || byPCI[2] != 0 {
		t.Errorf("index 2: minor → %d, pci → %d", byMinor[2], byPCI[2])
	}
}
