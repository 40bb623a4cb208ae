// Package nvmldouble is a TEST DOUBLE for NVML: a machine with eight NVIDIA A100 GPUs that
// tests script instead of a real driver (no machine here has one). It is built on go-nvml's
// moq mocks (mock/dgxa100), and only test code may import it.
//
// What it adds to the bare mocks:
//   - every NVML function a telemetry sampler calls is simulated, on the library and on each
//     device, so no moq "method is nil" panic can happen;
//   - per-device readings (power, energy counter, utilisation, memory used, clocks,
//     temperature) are scripted by the test, and any reading can be made to fail with any
//     nvml.Return for its next N calls (ERROR_GPU_IS_LOST, ERROR_NOT_SUPPORTED, …);
//   - Init can be made to fail (ERROR_LIBRARY_NOT_FOUND, …). The real library then kills the
//     process (a dynamic-linker abort, exit 127) on the next NVML call, so the double fails
//     the test (testing.TB.Errorf) when anything but Init is called after a failed Init, or
//     before Init, or after Shutdown. Functions the double does not simulate fail the test
//     too, with their name, instead of panicking;
//   - every call is counted, per machine and per device, so a test can check what was asked.
//
// The layout is deliberate: NVML index, PCI bus id and minor number give three different
// orders (index 2 is GPU 1 by minor number, GPU 0 by PCI bus id and GPU 2 by NVML index).
// A real NVML enumerates devices in PCI bus order; the double does not, so that a test can
// tell the three index orders apart.
package nvmldouble

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/NVIDIA/go-nvml/pkg/nvml"
	"github.com/NVIDIA/go-nvml/pkg/nvml/mock/dgxa100"
)

// Names of the simulated NVML functions, as counted by Calls and accepted by FailNext.
const (
	Init                      = "Init"
	Shutdown                  = "Shutdown"
	DeviceGetCount            = "DeviceGetCount"
	DeviceGetHandleByIndex    = "DeviceGetHandleByIndex"
	SystemGetDriverVersion    = "SystemGetDriverVersion"
	GetUUID                   = "GetUUID"
	GetName                   = "GetName"
	GetSerial                 = "GetSerial"
	GetPciInfo                = "GetPciInfo"
	GetMinorNumber            = "GetMinorNumber"
	GetIndex                  = "GetIndex"
	GetMemoryInfo             = "GetMemoryInfo"
	GetNumGpuCores            = "GetNumGpuCores"
	GetMaxClockInfo           = "GetMaxClockInfo"
	GetPowerManagementLimit   = "GetPowerManagementLimit"
	GetPowerUsage             = "GetPowerUsage"
	GetTotalEnergyConsumption = "GetTotalEnergyConsumption"
	GetUtilizationRates       = "GetUtilizationRates"
	GetClockInfo              = "GetClockInfo"
	GetTemperature            = "GetTemperature"
)

// deviceFuncs are the device functions the double simulates (and FailNext accepts).
var deviceFuncs = map[string]bool{
	GetUUID: true, GetName: true, GetSerial: true, GetPciInfo: true, GetMinorNumber: true, GetIndex: true,
	GetMemoryInfo: true, GetNumGpuCores: true, GetMaxClockInfo: true, GetPowerManagementLimit: true,
	GetPowerUsage: true, GetTotalEnergyConsumption: true, GetUtilizationRates: true,
	GetClockInfo: true, GetTemperature: true,
}

// libraryFuncs are the library-level functions the double simulates.
var libraryFuncs = map[string]bool{
	Init: true, Shutdown: true, DeviceGetCount: true, DeviceGetHandleByIndex: true, SystemGetDriverVersion: true,
}

// layout gives each NVML index its PCI bus (DGX A100 buses) and minor number so that the
// NVML, PCI and minor orders all differ.
var layout = [8]struct {
	bus   uint32
	minor int
}{
	{0x47, 0}, {0x07, 2}, {0x0F, 1}, {0x4E, 3}, {0x87, 5}, {0x90, 4}, {0xB7, 6}, {0xBD, 7},
}

type libState int

const (
	stateNew libState = iota
	stateReady
	stateInitFailed
	stateShutdown
)

func (s libState) String() string {
	switch s {
	case stateNew:
		return "before Init"
	case stateInitFailed:
		return "after a failed Init (the real library would kill the process)"
	case stateShutdown:
		return "after Shutdown"
	}
	return "ready"
}

// Machine is the simulated NVML library of one machine. It implements nvml.Interface; pass
// it where production code takes one. Safe for concurrent use.
type Machine struct {
	*dgxa100.Server
	// GPUs are the devices, GPUs[i] at NVML index i. Identity fields (UUID, PciBusID, Minor,
	// Name) may be changed before the code under test discovers them.
	GPUs []*GPU

	tb         testing.TB
	mu         sync.Mutex
	state      libState
	initRefs   int
	failInit   nvml.Return
	calls      map[string]int
	driverFail nvml.Return
}

// GPU is one simulated device. Its scripted readings are set with the Set* methods.
type GPU struct {
	*dgxa100.Device
	m *Machine

	// Guarded by m.mu.
	powerMilliwatts      uint32
	energyMillijoules    uint64
	utilization          nvml.Utilization
	memoryUsedBytes      uint64
	smClockMHz           uint32
	maxSMClockMHz        uint32
	temperatureCelsius   uint32
	cores                int
	powerLimitMilliwatts uint32
	faults               map[string]*fault
	calls                map[string]int
	memoryTotalBytes     uint64
}

type fault struct {
	ret       nvml.Return
	remaining int // < 0: until cleared
}

// New returns a machine with eight idle A100 GPUs whose every function is simulated. tb
// receives an Errorf for each call the real library would not survive.
func New(tb testing.TB) *Machine {
	srv := dgxa100.New()
	m := &Machine{Server: srv, tb: tb, calls: map[string]int{}}
	for i := range srv.Devices {
		d := srv.Devices[i].(*dgxa100.Device)
		// Deterministic identities make failures readable; dgxa100 draws random UUIDs.
		d.UUID = fmt.Sprintf("GPU-00000000-0000-4000-8000-%012d", i)
		d.PciBusID = fmt.Sprintf("00000000:%02X:00.0", layout[i].bus)
		d.Minor = layout[i].minor
		d.Name = "NVIDIA A100-SXM4-40GB"
		g := &GPU{
			Device:               d,
			m:                    m,
			powerMilliwatts:      uint32(55_000 + 1_000*i),
			energyMillijoules:    uint64(1_000_000_000 * (i + 1)),
			smClockMHz:           210,
			maxSMClockMHz:        1410,
			temperatureCelsius:   uint32(30 + i),
			cores:                6912,
			powerLimitMilliwatts: 400_000,
			faults:               map[string]*fault{},
			calls:                map[string]int{},
			memoryTotalBytes:     d.MemoryInfo.Total,
		}
		g.simulate()
		m.GPUs = append(m.GPUs, g)
	}
	m.simulate()
	return m
}

// FailInit makes every later Init return ret (SUCCESS restores it).
func (m *Machine) FailInit(ret nvml.Return) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.failInit = ret
}

// FailDriverVersion makes SystemGetDriverVersion return ret (SUCCESS restores it).
func (m *Machine) FailDriverVersion(ret nvml.Return) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.driverFail = ret
}

// Calls returns how many times the named function was called, on the library or on any
// device.
func (m *Machine) Calls(name string) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.calls[name]
}

// TotalCalls returns the number of calls of every kind.
func (m *Machine) TotalCalls() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := 0
	for _, c := range m.calls {
		n += c
	}
	return n
}

// CallCounts returns a copy of the per-function call counts.
func (m *Machine) CallCounts() map[string]int {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make(map[string]int, len(m.calls))
	for k, v := range m.calls {
		out[k] = v
	}
	return out
}

// Initialised reports whether NVML is initialised (Init succeeded more often than Shutdown
// was called).
func (m *Machine) Initialised() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.state == stateReady
}

// enter counts a call and reports whether the library is in a state to answer it. Callers
// hold no lock.
func (m *Machine) enter(g *GPU, name string) bool {
	m.mu.Lock()
	m.calls[name]++
	if g != nil {
		g.calls[name]++
	}
	state := m.state
	m.mu.Unlock()
	if state != stateReady {
		m.tb.Helper()
		m.tb.Errorf("nvmldouble: %s called %s", name, state)
		return false
	}
	return true
}

func (m *Machine) simulate() {
	s := m.Server
	s.InitFunc = func() nvml.Return {
		m.mu.Lock()
		defer m.mu.Unlock()
		m.calls[Init]++
		if m.failInit != nvml.SUCCESS {
			m.state = stateInitFailed
			return m.failInit
		}
		m.state = stateReady
		m.initRefs++
		return nvml.SUCCESS
	}
	s.ShutdownFunc = func() nvml.Return {
		m.mu.Lock()
		m.calls[Shutdown]++
		state := m.state
		if state == stateReady {
			m.initRefs--
			if m.initRefs == 0 {
				m.state = stateShutdown
			}
		}
		m.mu.Unlock()
		if state != stateReady {
			m.tb.Errorf("nvmldouble: Shutdown called %s", state)
			return nvml.ERROR_UNINITIALIZED
		}
		return nvml.SUCCESS
	}
	s.DeviceGetCountFunc = func() (int, nvml.Return) {
		if !m.enter(nil, DeviceGetCount) {
			return 0, nvml.ERROR_UNINITIALIZED
		}
		return len(m.GPUs), nvml.SUCCESS
	}
	s.DeviceGetHandleByIndexFunc = func(index int) (nvml.Device, nvml.Return) {
		if !m.enter(nil, DeviceGetHandleByIndex) {
			return nil, nvml.ERROR_UNINITIALIZED
		}
		if index < 0 || index >= len(m.GPUs) {
			return nil, nvml.ERROR_INVALID_ARGUMENT
		}
		return m.GPUs[index], nvml.SUCCESS
	}
	s.SystemGetDriverVersionFunc = func() (string, nvml.Return) {
		if !m.enter(nil, SystemGetDriverVersion) {
			return "", nvml.ERROR_UNINITIALIZED
		}
		m.mu.Lock()
		ret := m.driverFail
		m.mu.Unlock()
		if ret != nvml.SUCCESS {
			return "", ret
		}
		return s.DriverVersion, nvml.SUCCESS
	}
	guardRest(m, nil, reflect.ValueOf(&s.Interface).Elem(), "nvml", libraryFuncs)
	guardRest(m, nil, reflect.ValueOf(&s.ExtendedInterface).Elem(), "nvml", nil)
}

// guardRest wraps every other XxxFunc field of a moq mock so that a call is counted, fails
// the test when the library is not initialised, and fails the test (instead of a moq panic)
// when the double does not simulate it; functions dgxa100 already implements keep working.
func guardRest(m *Machine, g *GPU, mockStruct reflect.Value, owner string, simulated map[string]bool) {
	returnType := reflect.TypeOf(nvml.SUCCESS)
	t := mockStruct.Type()
	for i := 0; i < t.NumField(); i++ {
		field := t.Field(i)
		name, ok := strings.CutSuffix(field.Name, "Func")
		if !ok || !field.IsExported() || field.Type.Kind() != reflect.Func || simulated[name] {
			continue
		}
		fnType := field.Type
		orig := reflect.ValueOf(mockStruct.Field(i).Interface())
		mockStruct.Field(i).Set(reflect.MakeFunc(fnType, func(args []reflect.Value) []reflect.Value {
			if m.enter(g, name) && !orig.IsNil() {
				if fnType.IsVariadic() {
					return orig.CallSlice(args)
				}
				return orig.Call(args)
			}
			if orig.IsNil() {
				m.tb.Errorf("nvmldouble: %s.%s is not simulated by the double", owner, name)
			}
			out := make([]reflect.Value, fnType.NumOut())
			for j := range out {
				out[j] = reflect.Zero(fnType.Out(j))
				if fnType.Out(j) == returnType {
					out[j] = reflect.ValueOf(nvml.ERROR_NOT_SUPPORTED)
				}
			}
			return out
		}))
	}
}

// SetPower sets the power reading (GetPowerUsage), in milliwatts.
func (g *GPU) SetPower(powerMilliwatts uint32) {
	g.with(func() { g.powerMilliwatts = powerMilliwatts })
}

// SetEnergy sets the cumulative energy counter (GetTotalEnergyConsumption), in millijoules.
func (g *GPU) SetEnergy(energyMillijoules uint64) {
	g.with(func() { g.energyMillijoules = energyMillijoules })
}

// AddEnergy advances the energy counter by energyMillijoules.
func (g *GPU) AddEnergy(energyMillijoules uint64) {
	g.with(func() { g.energyMillijoules += energyMillijoules })
}

// Consume simulates the GPU drawing powerMilliwatts for intervalMilliseconds: the power
// reading becomes powerMilliwatts and the counter advances by power × interval.
func (g *GPU) Consume(powerMilliwatts uint32, intervalMilliseconds int64) {
	g.with(func() {
		g.powerMilliwatts = powerMilliwatts
		g.energyMillijoules += uint64(powerMilliwatts) * uint64(intervalMilliseconds) / 1000
	})
}

// ResetEnergy simulates a driver reload: the counter starts again from energyMillijoules.
func (g *GPU) ResetEnergy(energyMillijoules uint64) { g.SetEnergy(energyMillijoules) }

// Energy returns the current counter, in millijoules.
func (g *GPU) Energy() uint64 {
	g.m.mu.Lock()
	defer g.m.mu.Unlock()
	return g.energyMillijoules
}

// SetUtilization sets GetUtilizationRates' answer, in percent.
func (g *GPU) SetUtilization(gpuPercent, memoryPercent uint32) {
	g.with(func() { g.utilization = nvml.Utilization{Gpu: gpuPercent, Memory: memoryPercent} })
}

// SetMemoryUsed sets the used framebuffer memory (GetMemoryInfo), in bytes.
func (g *GPU) SetMemoryUsed(bytes uint64) { g.with(func() { g.memoryUsedBytes = bytes }) }

// SetSMClock sets the current SM clock (GetClockInfo(CLOCK_SM)), in MHz.
func (g *GPU) SetSMClock(mhz uint32) { g.with(func() { g.smClockMHz = mhz }) }

// SetTemperature sets the GPU temperature (GetTemperature(TEMPERATURE_GPU)), in °C; any
// value, sentinels included, is returned as set.
func (g *GPU) SetTemperature(celsius uint32) { g.with(func() { g.temperatureCelsius = celsius }) }

// FailNext makes the next n calls of the named device function return ret (n < 0: every
// call until ClearFaults). The name is one of this package's constants.
func (g *GPU) FailNext(name string, ret nvml.Return, n int) {
	if !deviceFuncs[name] {
		g.m.tb.Fatalf("nvmldouble: FailNext(%q): not a simulated device function", name)
	}
	g.with(func() { g.faults[name] = &fault{ret: ret, remaining: n} })
}

// FailAll makes the next n calls of every simulated device function return ret (a lost GPU:
// ERROR_GPU_IS_LOST).
func (g *GPU) FailAll(ret nvml.Return, n int) {
	for name := range deviceFuncs {
		g.FailNext(name, ret, n)
	}
}

// ClearFaults removes every injected failure of this device.
func (g *GPU) ClearFaults() { g.with(func() { clear(g.faults) }) }

// Calls returns how many times the named function was called on this device.
func (g *GPU) Calls(name string) int {
	g.m.mu.Lock()
	defer g.m.mu.Unlock()
	return g.calls[name]
}

func (g *GPU) with(f func()) {
	g.m.mu.Lock()
	defer g.m.mu.Unlock()
	f()
}

// call counts a device call and returns the Return it must give: UNINITIALIZED when the
// library is not usable (the test has failed already), an injected fault, or SUCCESS.
func (g *GPU) call(name string) nvml.Return {
	if !g.m.enter(g, name) {
		return nvml.ERROR_UNINITIALIZED
	}
	g.m.mu.Lock()
	defer g.m.mu.Unlock()
	if f := g.faults[name]; f != nil && f.remaining != 0 {
		if f.remaining > 0 {
			f.remaining--
		}
		return f.ret
	}
	return nvml.SUCCESS
}

// read runs get under the machine lock when the call succeeds.
func read[T any](g *GPU, name string, get func() T) (T, nvml.Return) {
	var zero T
	if ret := g.call(name); ret != nvml.SUCCESS {
		return zero, ret
	}
	g.m.mu.Lock()
	defer g.m.mu.Unlock()
	return get(), nvml.SUCCESS
}

func (g *GPU) simulate() {
	d := &g.Device.Device
	d.GetUUIDFunc = func() (string, nvml.Return) {
		return read(g, GetUUID, func() string { return g.UUID })
	}
	d.GetNameFunc = func() (string, nvml.Return) {
		return read(g, GetName, func() string { return g.Name })
	}
	d.GetSerialFunc = func() (string, nvml.Return) {
		// A board serial as NVIDIA prints them (13 digits), one per NVML index.
		return read(g, GetSerial, func() string { return fmt.Sprintf("1560221%06d", g.Index) })
	}
	d.GetPciInfoFunc = func() (nvml.PciInfo, nvml.Return) {
		return read(g, GetPciInfo, g.pciInfo)
	}
	d.GetMinorNumberFunc = func() (int, nvml.Return) {
		return read(g, GetMinorNumber, func() int { return g.Minor })
	}
	d.GetIndexFunc = func() (int, nvml.Return) {
		return read(g, GetIndex, func() int { return g.Index })
	}
	d.GetMemoryInfoFunc = func() (nvml.Memory, nvml.Return) {
		return read(g, GetMemoryInfo, func() nvml.Memory {
			total := g.memoryTotalBytes
			free := uint64(0)
			if g.memoryUsedBytes < total {
				free = total - g.memoryUsedBytes
			}
			return nvml.Memory{Total: total, Used: g.memoryUsedBytes, Free: free}
		})
	}
	d.GetNumGpuCoresFunc = func() (int, nvml.Return) {
		return read(g, GetNumGpuCores, func() int { return g.cores })
	}
	d.GetMaxClockInfoFunc = func(clock nvml.ClockType) (uint32, nvml.Return) {
		if clock != nvml.CLOCK_SM {
			return 0, unsupported(g.call(GetMaxClockInfo))
		}
		return read(g, GetMaxClockInfo, func() uint32 { return g.maxSMClockMHz })
	}
	d.GetPowerManagementLimitFunc = func() (uint32, nvml.Return) {
		return read(g, GetPowerManagementLimit, func() uint32 { return g.powerLimitMilliwatts })
	}
	d.GetPowerUsageFunc = func() (uint32, nvml.Return) {
		return read(g, GetPowerUsage, func() uint32 { return g.powerMilliwatts })
	}
	d.GetTotalEnergyConsumptionFunc = func() (uint64, nvml.Return) {
		return read(g, GetTotalEnergyConsumption, func() uint64 { return g.energyMillijoules })
	}
	d.GetUtilizationRatesFunc = func() (nvml.Utilization, nvml.Return) {
		return read(g, GetUtilizationRates, func() nvml.Utilization { return g.utilization })
	}
	d.GetClockInfoFunc = func(clock nvml.ClockType) (uint32, nvml.Return) {
		if clock != nvml.CLOCK_SM {
			return 0, unsupported(g.call(GetClockInfo))
		}
		return read(g, GetClockInfo, func() uint32 { return g.smClockMHz })
	}
	d.GetTemperatureFunc = func(sensor nvml.TemperatureSensors) (uint32, nvml.Return) {
		if sensor != nvml.TEMPERATURE_GPU {
			return 0, unsupported(g.call(GetTemperature))
		}
		return read(g, GetTemperature, func() uint32 { return g.temperatureCelsius })
	}
	guardRest(g.m, g, reflect.ValueOf(d).Elem(), "Device", deviceFuncs)
}

// unsupported is the answer for a clock or sensor the double does not simulate: an injected
// fault wins, as it would on a lost GPU.
func unsupported(ret nvml.Return) nvml.Return {
	if ret != nvml.SUCCESS {
		return ret
	}
	return nvml.ERROR_NOT_SUPPORTED
}

// pciInfo fills PciInfo as NVML does: the bus id string in BusId (and the 4-digit-domain
// form in BusIdLegacy), NUL-terminated, and the numeric domain, bus and device.
func (g *GPU) pciInfo() nvml.PciInfo {
	var domain, bus, dev, fn uint32
	fmt.Sscanf(g.PciBusID, "%x:%x:%x.%x", &domain, &bus, &dev, &fn)
	p := nvml.PciInfo{Domain: domain, Bus: bus, Device: dev, PciDeviceId: 0x20B010DE}
	copy(p.BusId[:len(p.BusId)-1], g.PciBusID)
	copy(p.BusIdLegacy[:len(p.BusIdLegacy)-1], fmt.Sprintf("%04X:%02X:%02X.%X", domain, bus, dev, fn))
	return p
}

// Compile-time checks that the double is what production code takes.
var (
	_ nvml.Interface = (*Machine)(nil)
	_ nvml.Device    = (*GPU)(nil)
)
