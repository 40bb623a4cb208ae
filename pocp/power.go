package pocp

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"
	"sort"
	"time"
)

// NodeObservation is one grid node in one slot, as the node sampler stored it, with the
// computing power the node contributes when it is available (its index, in MFLOPS).
type NodeObservation struct {
	Node           string
	SlotStart      time.Time
	SlotSeconds    int64
	Available      bool
	PowerMegaFLOPS uint64
}

// Slot is the site's computing power made available in one observed slot.
type Slot struct {
	Start   time.Time
	Seconds int64
	// PowerMegaFLOPS is Σ index of the nodes available in the slot.
	PowerMegaFLOPS uint64
	// CapacityMegaFLOPS is Σ index of every node observed in the slot, available or not.
	CapacityMegaFLOPS uint64
	Nodes             int
	AvailableNodes    int
}

// SlotsFromNodes sums node observations into slots. Observations outside [start, end) are
// ignored; a node observed twice in one slot is an error (the store keeps one row per node
// and slot, so this means the input was assembled wrongly).
func SlotsFromNodes(obs []NodeObservation, start, end time.Time) ([]Slot, error) {
	bySlot := map[int64]*Slot{}
	type nodeSlot struct {
		unix int64
		node string
	}
	seen := map[nodeSlot]bool{}
	for _, o := range obs {
		if o.SlotSeconds <= 0 {
			return nil, fmt.Errorf("pocp: node %s slot %s has length %d s", o.Node, o.SlotStart.UTC().Format(time.RFC3339), o.SlotSeconds)
		}
		slotEnd := o.SlotStart.Add(time.Duration(o.SlotSeconds) * time.Second)
		if o.SlotStart.Before(start) || slotEnd.After(end) {
			continue
		}
		u := o.SlotStart.Unix()
		id := nodeSlot{u, o.Node}
		if seen[id] {
			return nil, fmt.Errorf("pocp: node %s observed twice in slot %s", o.Node, o.SlotStart.UTC().Format(time.RFC3339))
		}
		seen[id] = true
		s := bySlot[u]
		if s == nil {
			s = &Slot{Start: o.SlotStart.UTC(), Seconds: o.SlotSeconds}
			bySlot[u] = s
		}
		if s.Seconds != o.SlotSeconds {
			return nil, fmt.Errorf("pocp: slot %s has nodes with lengths %d s and %d s", o.SlotStart.UTC().Format(time.RFC3339), s.Seconds, o.SlotSeconds)
		}
		s.Nodes++
		s.CapacityMegaFLOPS += o.PowerMegaFLOPS
		if o.Available {
			s.AvailableNodes++
			s.PowerMegaFLOPS += o.PowerMegaFLOPS
		}
	}
	out := make([]Slot, 0, len(bySlot))
	for _, s := range bySlot {
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Start.Before(out[j].Start) })
	return out, nil
}

// PowerSummary is the computing power of a site over one period.
type PowerSummary struct {
	PeriodSeconds  int64 `json:"periodSeconds"`
	SlotSeconds    int64 `json:"slotSeconds"`
	SlotsTotal     int64 `json:"slotsTotal"`
	SlotsCovered   int64 `json:"slotsCovered"`
	CoveredSeconds int64 `json:"coveredSeconds"`
	// CoveragePPM is covered / period time in parts per million, rounded down.
	CoveragePPM uint64 `json:"coveragePpm"`
	// MedianMegaFLOPS is the time-weighted lower median over covered slots only: a slot
	// nobody observed is missing, never counted as zero.
	MedianMegaFLOPS uint64 `json:"medianMegaFlops"`
	// MeanMegaFLOPS is the time-weighted mean over covered slots, rounded down.
	MeanMegaFLOPS     uint64 `json:"meanMegaFlops"`
	MaxMegaFLOPS      uint64 `json:"maxMegaFlops"`
	CapacityMegaFLOPS uint64 `json:"capacityMegaFlops"`
	// AvailableMegaFLOPSSeconds is Σ power × slot time: the Compute Hours made available.
	AvailableMegaFLOPSSeconds uint64 `json:"availableMegaFlopsSeconds"`
}

// SummarisePower computes median, coverage and the rest over [start, end) with nominal slots
// of slotSeconds. Slots must lie inside the period, on the grid, and not overlap.
func SummarisePower(start, end time.Time, slotSeconds int64, slots []Slot) (PowerSummary, error) {
	period := int64(end.Sub(start) / time.Second)
	if period <= 0 || slotSeconds <= 0 || period%slotSeconds != 0 {
		return PowerSummary{}, fmt.Errorf("pocp: period of %d s does not hold whole %d s slots", period, slotSeconds)
	}
	sum := PowerSummary{PeriodSeconds: period, SlotSeconds: slotSeconds, SlotsTotal: period / slotSeconds}
	// Slots usually arrive in order (the store returns them so): sort only when they do not.
	sorted := slots
	byStart := func(a, b Slot) int { return cmp.Compare(a.Start.Unix(), b.Start.Unix()) }
	if !slices.IsSortedFunc(sorted, byStart) {
		sorted = slices.Clone(slots)
		slices.SortFunc(sorted, byStart)
	}
	values := make([]WeightedValue, 0, len(sorted))
	startUnix, endUnix := start.Unix(), end.Unix()
	var accHi, accLo uint64 // Σ power × seconds in 128 bits
	var prevEnd int64
	for i, s := range sorted {
		sStart := s.Start.Unix()
		if s.Seconds <= 0 || s.Seconds > period {
			return PowerSummary{}, fmt.Errorf("pocp: slot %s has length %d s, outside 1 s..the period", s.Start.UTC().Format(time.RFC3339), s.Seconds)
		}
		sEnd := sStart + s.Seconds
		if sStart < startUnix || sEnd > endUnix || s.Start.Nanosecond() != 0 {
			return PowerSummary{}, fmt.Errorf("pocp: slot %s (%d s) is not inside the period %s – %s", s.Start.UTC().Format(time.RFC3339), s.Seconds, start.UTC().Format(time.RFC3339), end.UTC().Format(time.RFC3339))
		}
		// A slot may be coarser than the grid (the sampler's slot was longer for a while),
		// never finer or off the grid: then it would cover a grid slot only in part.
		if (sStart-startUnix)%slotSeconds != 0 || s.Seconds%slotSeconds != 0 {
			return PowerSummary{}, fmt.Errorf("pocp: slot %s (%d s) is off the %d s grid", s.Start.UTC().Format(time.RFC3339), s.Seconds, slotSeconds)
		}
		if i > 0 && sStart < prevEnd {
			return PowerSummary{}, fmt.Errorf("pocp: slots overlap at %s", s.Start.UTC().Format(time.RFC3339))
		}
		prevEnd = sEnd
		values = append(values, WeightedValue{Value: s.PowerMegaFLOPS, Weight: s.Seconds})
		sum.CoveredSeconds += s.Seconds
		sum.SlotsCovered += s.Seconds / slotSeconds
		hi, lo := bits.Mul64(s.PowerMegaFLOPS, uint64(s.Seconds))
		var carry uint64
		accLo, carry = bits.Add64(accLo, lo, 0)
		accHi, _ = bits.Add64(accHi, hi, carry)
		if s.PowerMegaFLOPS > sum.MaxMegaFLOPS {
			sum.MaxMegaFLOPS = s.PowerMegaFLOPS
		}
		if s.CapacityMegaFLOPS > sum.CapacityMegaFLOPS {
			sum.CapacityMegaFLOPS = s.CapacityMegaFLOPS
		}
	}
	if accHi != 0 {
		return PowerSummary{}, fmt.Errorf("pocp: computing power × time overflows 64 bits (MFLOPS·s); the figures are not plausible")
	}
	sum.CoveragePPM = uint64(sum.CoveredSeconds) * 1_000_000 / uint64(period)
	sum.AvailableMegaFLOPSSeconds = accLo
	if sum.CoveredSeconds > 0 {
		sum.MeanMegaFLOPS = accLo / uint64(sum.CoveredSeconds)
		sum.MedianMegaFLOPS, _ = WeightedMedian(values)
	}
	return sum, nil
}
