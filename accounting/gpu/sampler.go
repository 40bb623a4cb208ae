package gpu

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/NVIDIA/go-nvml/pkg/nvml"
	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/accounting/store"
	"github.com/petagrid/petagrid/internal/logging"
)

// ErrUnavailable is wrapped by Start's error when NVML cannot be initialised (no driver, no
// permission…): the node runs without GPU telemetry.
var ErrUnavailable = errors.New("NVIDIA GPU telemetry unavailable")

// errNotStarted: the sampler was used without a successful Start (or after Close).
var errNotStarted = errors.New("GPU sampler is not started (Start failed or was not called)")

// Sink receives the sampled rounds; *store.Store is one.
type Sink interface {
	RecordGPUSamples(ctx context.Context, harvesterVersion string, gpus []store.GPU, samples []store.GPUSample, allocs []store.GPUAllocation, usage []store.GPUJobUsage) error
	LastGPUSample(ctx context.Context, uuid string) (store.GPUSample, bool, error)
}

var _ Sink = (*store.Store)(nil)

// Readings past these are sentinels or garbage, not measurements. The counters are unsigned
// and NVML (like DCGM) reports "no value" as all ones.
const (
	// No single GPU draws 10 kW (GB200 is about 1.2 kW).
	maxPlausiblePowerMilliwatts = 10_000_000
	maxPlausibleTemperature     = 200 // °C
	maxPlausibleClockMHz        = 10_000
)

// Sampler samples the GPUs of one node and attributes their energy to Slurm jobs. Start it,
// then call Run (or SampleOnce with explicit times). Safe for concurrent use: rounds are
// serialised.
type Sampler struct {
	cfg                      Config
	gapThresholdMilliseconds int64
	lib                      nvml.Interface
	sink                     Sink
	allocs                   AllocationSource
	log                      logrus.FieldLogger

	mu sync.Mutex
	// initialised: NVML Init succeeded and Shutdown has not been called. Only then may NVML
	// be called (after a failed Init any call kills the process).
	initialised bool
	devices     []*device
	// bySlurmIndex[i] is the GPU Slurm calls index i on this node (nil entries: none). nil
	// when the order cannot be trusted (orderProblem says why): then nothing is attributed.
	bySlurmIndex []*device
	orderProblem string
	warned       map[string]struct{}
}

// device is one GPU being sampled.
type device struct {
	handle nvml.Device
	info   store.GPU
	// prev is the baseline of the next sample; nil before the first one.
	prev *baseline
	// failing maps each reading that failed last time to its error, so that a persistent
	// failure is logged when it starts and when it ends, not every round.
	failing map[string]string
}

// NewSampler returns a sampler of the GPUs lib sees. allocs may be nil (no Slurm): samples are
// then recorded without attribution. log may be nil (nothing is logged then).
func NewSampler(cfg Config, lib nvml.Interface, sink Sink, allocs AllocationSource, log logrus.FieldLogger) (*Sampler, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if lib == nil {
		return nil, errors.New("GPU sampler: no NVML library")
	}
	if sink == nil {
		return nil, errors.New("GPU sampler: no sink for the samples")
	}
	log = logging.OrDiscard(log)
	return &Sampler{
		cfg:                      cfg,
		gapThresholdMilliseconds: cfg.gapThresholdMilliseconds(),
		lib:                      lib,
		sink:                     sink,
		allocs:                   allocs,
		log:                      log.WithFields(logrus.Fields{"component": "gpu-sampler", "node": cfg.Node}),
		warned:                   map[string]struct{}{},
	}, nil
}

// Start initialises NVML and discovers the GPUs. When NVML cannot be initialised it calls
// nothing else and returns an error wrapping ErrUnavailable (and the nvml.Return) whose
// message is one sentence for the operator. For each GPU it loads the newest stored sample,
// so that a restarted sampler continues the energy counter instead of losing an interval.
func (s *Sampler) Start(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.initialised {
		return errors.New("GPU sampler is already started")
	}
	if ret := s.lib.Init(); ret != nvml.SUCCESS {
		return unavailable(ret)
	}
	s.initialised = true
	if err := s.discover(); err != nil {
		if shutErr := s.shutdownLocked(); shutErr != nil {
			s.log.WithError(shutErr).Warn("NVML shutdown after a failed discovery")
		}
		return err
	}
	s.continueCounters(ctx)
	s.log.WithFields(logrus.Fields{"gpus": len(s.devices), "indexOrder": s.cfg.IndexOrder}).Info("GPU sampler started")
	return nil
}

// unavailableError is Start's error when Init fails: one sentence, and both ErrUnavailable
// and the nvml.Return for errors.Is.
type unavailableError struct {
	sentence string
	code     nvml.Return
}

func (e *unavailableError) Error() string   { return e.sentence }
func (e *unavailableError) Unwrap() []error { return []error{ErrUnavailable, e.code} }

func unavailable(ret nvml.Return) error {
	var why string
	switch ret {
	case nvml.ERROR_LIBRARY_NOT_FOUND:
		why = "no NVIDIA driver (libnvidia-ml.so.1 not found)"
	case nvml.ERROR_DRIVER_NOT_LOADED:
		why = "NVIDIA driver not loaded (libnvidia-ml.so.1 found no running kernel module)"
	case nvml.ERROR_NO_PERMISSION:
		why = "no permission to use the NVIDIA driver (NVML refused access to the device files)"
	case nvml.ERROR_LIB_RM_VERSION_MISMATCH:
		why = "NVIDIA kernel driver and libnvidia-ml.so.1 versions differ (reload the driver or reboot)"
	default:
		// Return.Error() is safe here: without the library it is Go's own table, with it
		// nvmlErrorString, which NVML allows before a successful Init.
		why = "NVML initialisation failed (" + strings.Join(strings.Fields(ret.Error()), " ") + ")"
	}
	return &unavailableError{sentence: why + ": running without GPU telemetry", code: ret}
}

// discover lists the GPUs and their identity, and works out Slurm's index order.
func (s *Sampler) discover() error {
	count, ret := s.lib.DeviceGetCount()
	if ret != nvml.SUCCESS {
		return fmt.Errorf("counting NVIDIA GPUs: %w", ret)
	}
	driver, ret := s.lib.SystemGetDriverVersion()
	if ret != nvml.SUCCESS {
		s.logReadingFailure(s.log, "driver version", ret)
		driver = ""
	}
	devices := make([]*device, 0, count)
	for i := range count {
		log := s.log.WithField("nvmlIndex", i)
		h, ret := s.lib.DeviceGetHandleByIndex(i)
		if ret != nvml.SUCCESS {
			log.Warnf("skipping GPU: no NVML handle: %s", ret.Error())
			continue
		}
		uuid, ret := h.GetUUID()
		if ret != nvml.SUCCESS || uuid == "" {
			// Without its UUID a GPU's samples could not be keyed: skip it.
			log.Warnf("skipping GPU: no UUID: %s", ret.Error())
			continue
		}
		log = log.WithField("gpu", uuid)
		info := store.GPU{UUID: uuid, Node: s.cfg.Node, NVMLIndex: i, DriverVersion: driver}
		if name, ret := h.GetName(); ret == nvml.SUCCESS {
			info.Name = name
		} else {
			s.logReadingFailure(log, "name", ret)
		}
		if pci, ret := h.GetPciInfo(); ret == nvml.SUCCESS {
			info.PCIBusID = busID(pci)
		} else {
			s.logReadingFailure(log, "PCI bus id", ret)
		}
		if minor, ret := h.GetMinorNumber(); ret == nvml.SUCCESS {
			info.MinorNumber = &minor
		} else {
			s.logReadingFailure(log, "minor number", ret)
		}
		if mem, ret := h.GetMemoryInfo(); ret == nvml.SUCCESS && mem.Total <= math.MaxInt64 {
			total := int64(mem.Total)
			info.MemoryTotalBytes = &total
		} else {
			s.logReadingFailure(log, "memory size", ret)
		}
		if cores, ret := h.GetNumGpuCores(); ret == nvml.SUCCESS {
			info.Cores = &cores
		} else {
			s.logReadingFailure(log, "core count", ret)
		}
		if clock, ret := h.GetMaxClockInfo(nvml.CLOCK_SM); ret == nvml.SUCCESS && clock <= maxPlausibleClockMHz {
			mhz := int(clock)
			info.MaxSMClockMHz = &mhz
		} else {
			s.logReadingFailure(log, "maximum SM clock", ret)
		}
		if limit, ret := h.GetPowerManagementLimit(); ret == nvml.SUCCESS && limit <= maxPlausiblePowerMilliwatts {
			mw := int64(limit)
			info.PowerLimitMilliwatts = &mw
		} else {
			s.logReadingFailure(log, "power limit", ret)
		}
		devices = append(devices, &device{handle: h, info: info, failing: map[string]string{}})
	}
	if count == 0 {
		s.log.Warn("NVML sees no GPU on this node")
	}
	s.devices = devices
	s.bySlurmIndex, s.orderProblem = slurmOrder(devices, s.cfg.IndexOrder, count)
	if s.orderProblem != "" {
		s.log.Warnf("GPU usage will not be attributed to jobs: %s", s.orderProblem)
	}
	return nil
}

// logReadingFailure logs a failed identity reading: NOT_SUPPORTED is what older GPUs say,
// not a fault, so it is only debug.
func (s *Sampler) logReadingFailure(log logrus.FieldLogger, what string, ret nvml.Return) {
	if ret == nvml.ERROR_NOT_SUPPORTED {
		log.Debugf("%s not supported by this GPU", what)
		return
	}
	if ret == nvml.SUCCESS {
		log.Warnf("%s: implausible value, ignored", what)
		return
	}
	log.Warnf("%s unknown: %s", what, ret.Error())
}

// busID is the PCI bus id NVML gives, as it gives it: the 8-digit-domain form when present,
// else the legacy 4-digit one. The arrays are C strings.
func busID(p nvml.PciInfo) string {
	if id := cString(p.BusId[:]); id != "" {
		return id
	}
	return cString(p.BusIdLegacy[:])
}

func cString(b []uint8) string {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		b = b[:i]
	}
	return strings.TrimSpace(string(b))
}

// slurmOrder returns the GPU at each Slurm index, or a reason why the order cannot be
// trusted. enumerated is how many GPUs NVML listed: when some could not be identified, the
// rank of the others in minor or PCI order is not Slurm's, and guessing would credit one
// job's energy to another.
func slurmOrder(devices []*device, order string, enumerated int) ([]*device, string) {
	if order == IndexOrderNVML {
		out := make([]*device, enumerated)
		for _, d := range devices {
			out[d.info.NVMLIndex] = d
		}
		return out, ""
	}
	if len(devices) < enumerated {
		return nil, fmt.Sprintf("%d of %d GPUs could not be identified, so the %s order of the others is not Slurm's", enumerated-len(devices), enumerated, order)
	}
	out := slices.Clone(devices)
	for _, d := range out {
		if order == IndexOrderMinor && d.info.MinorNumber == nil {
			return nil, fmt.Sprintf("the minor number of GPU %s is unknown, so the minor order is unknown", d.info.UUID)
		}
		if order == IndexOrderPCI && d.info.PCIBusID == "" {
			return nil, fmt.Sprintf("the PCI bus id of GPU %s is unknown, so the PCI order is unknown", d.info.UUID)
		}
	}
	slices.SortStableFunc(out, func(a, b *device) int {
		if order == IndexOrderMinor {
			return *a.info.MinorNumber - *b.info.MinorNumber
		}
		// Bus ids are fixed-width hex; case differs between NVML releases.
		return strings.Compare(strings.ToLower(a.info.PCIBusID), strings.ToLower(b.info.PCIBusID))
	})
	return out, ""
}

// continueCounters loads each GPU's newest stored sample as its baseline. How old it is
// matters only at the first round: within the gap threshold the counter simply continues
// (DeltaCounter); beyond it the round is a gap, kept for the GPU's total and attributed to
// no job. A store that cannot answer costs one interval (DeltaFirst), not the start.
func (s *Sampler) continueCounters(ctx context.Context) {
	for _, d := range s.devices {
		last, ok, err := s.sink.LastGPUSample(ctx, d.info.UUID)
		if err != nil {
			s.log.WithField("gpu", d.info.UUID).WithError(err).Warn("cannot continue the energy counter from the store; the first sample will have no delta")
			continue
		}
		if ok {
			d.prev = &baseline{at: last.SampledAt.UTC(), energyCounterMillijoules: last.EnergyCounterMillijoules, powerMilliwatts: last.PowerMilliwatts}
		}
	}
}

// Devices returns the GPUs found by Start, in NVML order.
func (s *Sampler) Devices() []store.GPU {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]store.GPU, len(s.devices))
	for i, d := range s.devices {
		out[i] = d.info
	}
	return out
}

// SampleOnce takes one round at time now (UTC, to the millisecond): it reads every GPU,
// asks the allocation source once which jobs hold them, applies the delta and attribution
// rules, and records everything in one sink call. A failed reading is recorded in the
// sample's Errors and never stops the round. The baselines move on only when the sink has
// stored the round, so a failed write loses no energy: the next round's delta covers it.
func (s *Sampler) SampleOnce(ctx context.Context, now time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.initialised {
		return errNotStarted
	}
	now = now.UTC().Truncate(time.Millisecond)

	samples := make([]store.GPUSample, 0, len(s.devices))
	sampled := make([]*device, 0, len(s.devices))
	var stale []string
	for _, d := range s.devices {
		if d.prev != nil && !now.After(d.prev.at) {
			// The clock stepped back (or the round is repeated): a sample here would not be
			// newer than the baseline. Keep the baseline; a later round covers the energy.
			stale = append(stale, d.info.UUID)
			continue
		}
		smp := s.read(d, now)
		smp.DeltaSource, smp.EnergyDeltaMillijoules, smp.IntervalMilliseconds =
			energyDelta(d.prev, now, smp.EnergyCounterMillijoules, smp.PowerMilliwatts, s.gapThresholdMilliseconds)
		samples = append(samples, smp)
		sampled = append(sampled, d)
	}

	holdersNow, allocRows, allocsKnown := s.currentHolders(ctx, now)
	var usage []store.GPUJobUsage
	for i, d := range sampled {
		smp := &samples[i]
		if !allocsKnown || !attributable(smp.DeltaSource) || smp.EnergyDeltaMillijoules == nil {
			continue
		}
		holders := holdersNow[d.info.UUID]
		if len(holders) == 0 && d.prev != nil {
			holders = d.prev.holders // the jobs ended during the interval
		}
		usage = append(usage, splitUsage(d.info.UUID, holders, *smp.EnergyDeltaMillijoules, *smp.IntervalMilliseconds)...)
	}

	if len(samples) > 0 || len(allocRows) > 0 {
		gpus := make([]store.GPU, len(s.devices))
		for i, d := range s.devices {
			gpus[i] = d.info
		}
		if err := s.sink.RecordGPUSamples(ctx, s.cfg.HarvesterVersion, gpus, samples, allocRows, usage); err != nil {
			return fmt.Errorf("recording GPU samples of %s at %s: %w", s.cfg.Node, now.Format(time.RFC3339Nano), err)
		}
	}
	for i, d := range sampled {
		next := &baseline{at: now, energyCounterMillijoules: samples[i].EnergyCounterMillijoules, powerMilliwatts: samples[i].PowerMilliwatts}
		if allocsKnown {
			next.holders = holdersNow[d.info.UUID]
			if next.holders == nil {
				next.holders = []store.JobKey{}
			}
		}
		d.prev = next
	}
	if len(stale) > 0 {
		return fmt.Errorf("GPU round at %s skipped %d GPU(s) (%s): not after their previous sample (clock stepped back?)",
			now.Format(time.RFC3339Nano), len(stale), strings.Join(stale, ", "))
	}
	return nil
}

// read takes one GPU's readings. Each failure or implausible value leaves its field nil and
// adds "reading: why" to Errors.
func (s *Sampler) read(d *device, now time.Time) store.GPUSample {
	smp := store.GPUSample{UUID: d.info.UUID, Node: s.cfg.Node, SampledAt: now}
	h := d.handle
	var failed map[string]string
	fail := func(reading string, why string) {
		smp.Errors = append(smp.Errors, reading+": "+why)
		if failed == nil {
			failed = map[string]string{}
		}
		failed[reading] = why
	}

	if p, ret := h.GetPowerUsage(); ret != nvml.SUCCESS {
		fail("power", ret.Error())
	} else if p > maxPlausiblePowerMilliwatts {
		fail("power", fmt.Sprintf("implausible reading %d mW", p))
	} else {
		smp.PowerMilliwatts = ptr(int64(p))
	}

	if e, ret := h.GetTotalEnergyConsumption(); ret != nvml.SUCCESS {
		fail("energy", ret.Error())
	} else if e > math.MaxInt64 {
		fail("energy", fmt.Sprintf("implausible counter %d mJ", e))
	} else {
		smp.EnergyCounterMillijoules = ptr(int64(e))
	}

	if u, ret := h.GetUtilizationRates(); ret != nvml.SUCCESS {
		fail("utilization", ret.Error())
	} else if u.Gpu > 100 || u.Memory > 100 {
		fail("utilization", fmt.Sprintf("implausible reading gpu %d%% memory %d%%", u.Gpu, u.Memory))
	} else {
		smp.UtilizationGPUPercent, smp.UtilizationMemoryPercent = ptr(int(u.Gpu)), ptr(int(u.Memory))
	}

	if m, ret := h.GetMemoryInfo(); ret != nvml.SUCCESS {
		fail("memory", ret.Error())
	} else if m.Used > math.MaxInt64 || (m.Total > 0 && m.Used > m.Total) {
		fail("memory", fmt.Sprintf("implausible reading %d bytes used of %d", m.Used, m.Total))
	} else {
		smp.MemoryUsedBytes = ptr(int64(m.Used))
	}

	if c, ret := h.GetClockInfo(nvml.CLOCK_SM); ret != nvml.SUCCESS {
		fail("sm_clock", ret.Error())
	} else if c > maxPlausibleClockMHz {
		fail("sm_clock", fmt.Sprintf("implausible reading %d MHz", c))
	} else {
		smp.SMClockMHz = ptr(int(c))
	}

	if t, ret := h.GetTemperature(nvml.TEMPERATURE_GPU); ret != nvml.SUCCESS {
		fail("temperature", ret.Error())
	} else if t > maxPlausibleTemperature {
		fail("temperature", fmt.Sprintf("implausible reading %d °C", t))
	} else {
		smp.TemperatureCelsius = ptr(int(t))
	}

	s.noteFailures(d, failed)
	return smp
}

// noteFailures logs a reading when it starts failing (or fails differently) and when it
// recovers, so that a GPU lost for days does not flood the log.
func (s *Sampler) noteFailures(d *device, failed map[string]string) {
	if len(failed) == 0 && len(d.failing) == 0 {
		return
	}
	log := s.log.WithField("gpu", d.info.UUID)
	for reading, why := range failed {
		if d.failing[reading] != why {
			log.WithField("reading", reading).Warnf("GPU reading failed: %s", why)
			d.failing[reading] = why
		}
	}
	for reading := range d.failing {
		if _, still := failed[reading]; !still {
			log.WithField("reading", reading).Info("GPU reading works again")
			delete(d.failing, reading)
		}
	}
}

// currentHolders asks the allocation source which jobs hold this node's GPUs now. It
// returns the jobs per GPU UUID, the allocation rows to record, and false when the source
// failed (then nothing is known, and nothing must be attributed).
func (s *Sampler) currentHolders(ctx context.Context, now time.Time) (map[string][]store.JobKey, []store.GPUAllocation, bool) {
	if s.allocs == nil {
		return nil, nil, false
	}
	allocs, err := s.allocs.GPUAllocations(ctx)
	if err != nil {
		s.log.WithError(err).Warn("cannot read GPU allocations: this round's samples are recorded without attribution")
		return nil, nil, false
	}
	holders := map[string][]store.JobKey{}
	var rows []store.GPUAllocation
	for _, a := range allocs {
		if a.Node != s.cfg.Node {
			continue
		}
		if a.Job.Cluster != s.cfg.Cluster {
			s.warnOnce("cluster:"+a.Job.String(), "ignoring GPU allocation of job %s: not of cluster %s", a.Job, s.cfg.Cluster)
			continue
		}
		if len(a.SlurmIndices) == 0 {
			s.warnOnce("noidx:"+a.Job.String(), "job %s holds GPUs on this node but Slurm gave no device index: not attributed", a.Job)
			continue
		}
		if s.bySlurmIndex == nil {
			s.warnOnce("order:"+a.Job.String(), "job %s holds GPUs on this node but %s: not attributed", a.Job, s.orderProblem)
			continue
		}
		for _, idx := range a.SlurmIndices {
			if idx < 0 || idx >= len(s.bySlurmIndex) || s.bySlurmIndex[idx] == nil {
				s.warnOnce(fmt.Sprintf("idx:%s:%d", a.Job, idx), "job %s holds GPU index %d, which is no GPU of this node: skipped", a.Job, idx)
				continue
			}
			uuid := s.bySlurmIndex[idx].info.UUID
			if slices.Contains(holders[uuid], a.Job) {
				continue
			}
			holders[uuid] = append(holders[uuid], a.Job)
			rows = append(rows, store.GPUAllocation{Job: a.Job, Node: s.cfg.Node, SlurmIndex: idx, UUID: uuid, SeenAt: now})
		}
	}
	return holders, rows, true
}

// maxWarned bounds the memory of warnings already given: a long-running sampler sees
// unbounded jobs, and repeating a warning once in a while is harmless.
const maxWarned = 1024

// warnOnce logs a warning the first time key is seen.
func (s *Sampler) warnOnce(key, format string, args ...any) {
	if _, done := s.warned[key]; done {
		return
	}
	if len(s.warned) >= maxWarned {
		clear(s.warned)
	}
	s.warned[key] = struct{}{}
	s.log.Warnf(format, args...)
}

// Run samples every cfg.Interval until ctx is done, then shuts NVML down. A failed round
// is logged and the next one comes as usual. It returns nil when stopped by ctx.
func (s *Sampler) Run(ctx context.Context) error {
	s.mu.Lock()
	started := s.initialised
	s.mu.Unlock()
	if !started {
		return errNotStarted
	}
	ticker := time.NewTicker(s.cfg.Interval)
	defer ticker.Stop()
	// The first round sets the baselines without waiting one interval.
	s.sampleLogged(ctx, time.Now())
	for {
		select {
		case <-ctx.Done():
			return s.Close()
		case <-ticker.C:
			// time.Now, not the tick's time: a delayed tick still reads the GPUs now.
			s.sampleLogged(ctx, time.Now())
		}
	}
}

func (s *Sampler) sampleLogged(ctx context.Context, now time.Time) {
	if err := s.SampleOnce(ctx, now); err != nil && ctx.Err() == nil {
		s.log.WithError(err).Warn("GPU sampling round failed")
	}
}

// Close shuts NVML down if Start initialised it; it is safe to call more than once. After
// a failed Start there is nothing to shut down, and nothing is called.
func (s *Sampler) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.shutdownLocked()
}

func (s *Sampler) shutdownLocked() error {
	if !s.initialised {
		return nil
	}
	s.initialised = false
	if ret := s.lib.Shutdown(); ret != nvml.SUCCESS {
		return fmt.Errorf("shutting NVML down: %w", ret)
	}
	return nil
}

func ptr[T any](v T) *T { return &v }
