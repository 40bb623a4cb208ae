package pocp

import (
	"fmt"
	"time"
)

// Energy delta sources, as the NVML sampler stores them (accounting/store).
const (
	deltaCounter      = "counter"
	deltaCounterReset = "counter_reset"
	deltaPower        = "power"
	deltaGap          = "gap"
)

// GPUSample is the part of an NVML sample a report needs.
type GPUSample struct {
	UUID                   string
	At                     time.Time
	PowerMilliwatts        *int64
	EnergyDeltaMillijoules *int64
	// IntervalMilliseconds is the time since the GPU's previous sample: the span the energy
	// delta covers.
	IntervalMilliseconds *int64
	DeltaSource          string
}

// EnergyLookahead is how far past a period's end samples must be fed to the aggregator: the
// first samples after the end carry deltas that began inside the period. A sampler paused
// across the end for longer than this loses that part of the energy.
const EnergyLookahead = time.Hour

// GPUSummary is GPU board energy and power draw over a period (NVML: the boards only, not
// CPUs, memory, network or cooling).
type GPUSummary struct {
	GPUs int `json:"gpus"`
	// EnergyMillijoules is Σ energy deltas over the period; EstimatedMillijoules the part
	// estimated from power (counter reset, no counter). A delta whose interval straddles a
	// period bound counts in proportion to its part inside (a gap delta, the counter
	// difference across a pause of the sampler, can span days).
	EnergyMillijoules    uint64 `json:"energyMillijoules"`
	EstimatedMillijoules uint64 `json:"estimatedMillijoules"`
	// MedianPowerMilliwatts is the lower median over the power slots of Σ per-GPU mean
	// power; a slot counts only when every GPU that reported power in the period reported
	// in it.
	MedianPowerMilliwatts uint64 `json:"medianPowerMilliwatts"`
	MeanPowerMilliwatts   uint64 `json:"meanPowerMilliwatts"`
	PowerSlotsCovered     int64  `json:"powerSlotsCovered"`
	SamplesUsed           int64  `json:"samplesUsed"`
}

// GPUAggregator folds NVML samples into per-slot power and energy totals in one pass. Its
// memory is one accumulator per slot plus one per GPU, whatever the number of samples.
// Samples must come in time order per GPU (the store returns them so).
type GPUAggregator struct {
	start, end  time.Time
	slotSeconds int64
	// per slot: Σ over GPUs of the GPU's mean power in the slot, and how many GPUs.
	slotPowerMw []uint64
	slotGPUs    []uint16
	gpus        map[string]*gpuSlotAcc
	energy      uint64
	estimated   uint64
	samples     int64
}

type gpuSlotAcc struct {
	slot     int // slot being accumulated, -1 before the first power sample
	sumMw    uint64
	count    uint64
	seen     bool
	inPeriod bool // sampled inside the period (not only in the lookahead)
	powered  bool // reported power at least once in the period
	lastUnix int64
}

// NewGPUAggregator prepares a period of whole slots.
func NewGPUAggregator(start, end time.Time, slotSeconds int64) (*GPUAggregator, error) {
	period := int64(end.Sub(start) / time.Second)
	if slotSeconds <= 0 || period <= 0 || period%slotSeconds != 0 {
		return nil, fmt.Errorf("pocp: a %d s period does not hold whole %d s slots", period, slotSeconds)
	}
	n := period / slotSeconds
	if n > 10_000_000 {
		return nil, fmt.Errorf("pocp: %d slots in one period is too many", n)
	}
	return &GPUAggregator{start: start, end: end, slotSeconds: slotSeconds, slotPowerMw: make([]uint64, n), slotGPUs: make([]uint16, n), gpus: map[string]*gpuSlotAcc{}}, nil
}

// Add folds one sample in. Feed it the samples of [start, end + EnergyLookahead): those
// after the end count only for the part of their energy delta inside the period; others are
// skipped. A sample older than the GPU's previous one is an error.
func (a *GPUAggregator) Add(s GPUSample) error {
	if s.At.Before(a.start) || !s.At.Before(a.end.Add(EnergyLookahead)) {
		return nil
	}
	g := a.gpus[s.UUID]
	if g == nil {
		if len(a.gpus) >= 65_535 {
			return fmt.Errorf("pocp: more than 65535 GPUs in one report")
		}
		g = &gpuSlotAcc{slot: -1}
		a.gpus[s.UUID] = g
	}
	unix := s.At.UnixMilli()
	if g.seen && unix < g.lastUnix {
		return fmt.Errorf("pocp: GPU %s samples out of order at %s", s.UUID, s.At.UTC().Format(time.RFC3339Nano))
	}
	g.seen = true
	g.lastUnix = unix
	if s.EnergyDeltaMillijoules != nil && *s.EnergyDeltaMillijoules > 0 {
		delta := a.insidePeriod(uint64(*s.EnergyDeltaMillijoules), unix, s.IntervalMilliseconds)
		switch s.DeltaSource {
		case deltaCounter, deltaGap:
			a.energy += delta
		case deltaCounterReset, deltaPower:
			a.energy += delta
			a.estimated += delta
		}
	}
	if !s.At.Before(a.end) {
		return nil // past the end: only its energy counted
	}
	a.samples++
	g.inPeriod = true
	if s.PowerMilliwatts == nil || *s.PowerMilliwatts < 0 {
		return nil
	}
	g.powered = true
	slot := int(int64(s.At.Sub(a.start)/time.Second) / a.slotSeconds)
	if slot != g.slot {
		a.flush(g)
		g.slot = slot
	}
	g.sumMw += uint64(*s.PowerMilliwatts)
	g.count++
	return nil
}

// insidePeriod returns the part of a delta over (at − interval, at] that lies inside the
// period, assuming an even draw over the interval. Without an interval the delta counts
// whole when at is inside the period.
//
// The part is a difference of cumulative shares, ⌊delta × (inTo − from) / interval⌋ −
// ⌊delta × (inFrom − from) / interval⌋, rather than one share rounded down: adjacent
// periods then split a straddling delta into parts that add up to it exactly (rounding each
// part down lost up to a millijoule per GPU at every period bound).
func (a *GPUAggregator) insidePeriod(delta uint64, atMs int64, intervalMs *int64) uint64 {
	startMs, endMs := a.start.UnixMilli(), a.end.UnixMilli()
	if intervalMs == nil || *intervalMs <= 0 {
		if atMs < endMs {
			return delta
		}
		return 0
	}
	from, to := atMs-*intervalMs, atMs
	inFrom, inTo := max(from, startMs), min(to, endMs)
	if inTo <= inFrom {
		return 0
	}
	if inFrom == from && inTo == to {
		return delta
	}
	interval := uint64(*intervalMs)
	return mulDiv(delta, uint64(inTo-from), interval) - mulDiv(delta, uint64(inFrom-from), interval)
}

func (a *GPUAggregator) flush(g *gpuSlotAcc) {
	if g.slot >= 0 && g.count > 0 {
		a.slotPowerMw[g.slot] += g.sumMw / g.count
		a.slotGPUs[g.slot]++
	}
	g.sumMw, g.count = 0, 0
}

// Finish closes every GPU's last slot and summarises.
func (a *GPUAggregator) Finish() GPUSummary {
	for _, g := range a.gpus {
		a.flush(g)
		g.slot = -1
	}
	sum := GPUSummary{EnergyMillijoules: a.energy, EstimatedMillijoules: a.estimated, SamplesUsed: a.samples}
	var want uint16
	for _, g := range a.gpus {
		if g.powered {
			want++
		}
		if g.inPeriod {
			sum.GPUs++
		}
	}
	if want == 0 {
		return sum
	}
	vals := make([]uint64, 0, len(a.slotPowerMw))
	var total uint64
	for i, p := range a.slotPowerMw {
		if a.slotGPUs[i] == want {
			vals = append(vals, p)
			total += p
		}
	}
	sum.PowerSlotsCovered = int64(len(vals))
	if len(vals) == 0 {
		return sum // no slot where every GPU reported: no power figure, never a partial one
	}
	sum.MeanPowerMilliwatts = total / uint64(len(vals))
	sum.MedianPowerMilliwatts, _ = MedianOf(vals)
	return sum
}
