package pocp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"time"
)

// MaxSlotRuns bounds a slot series: 15 days of one-minute slots whose power changes every
// slot is 21,600 runs; a series longer than this is refused before it is expanded.
const MaxSlotRuns = 1 << 16

// MaxSeriesSlots bounds the slots a series expands to: 15 days of five-second slots.
const MaxSeriesSlots = 1 << 18

// SlotRun is a run of consecutive covered slots of one length and one computing power: the
// series a report's median was computed from, sent beside the report so that the gateway
// can count the time it could not verify as missing and compute the median again.
type SlotRun struct {
	// StartUnix is the first slot's start, Unix seconds (UTC).
	StartUnix int64 `json:"start"`
	// SlotSeconds is each slot's length; Count how many follow each other without a gap.
	SlotSeconds    int64  `json:"slotSeconds"`
	Count          int64  `json:"count"`
	PowerMegaFLOPS uint64 `json:"powerMegaFlops"`
}

// RunsFromSlots folds slots (in any order) into runs: consecutive slots of the same length
// and power become one run.
func RunsFromSlots(slots []Slot) []SlotRun {
	sorted := append([]Slot(nil), slots...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Start.Before(sorted[j].Start) })
	var runs []SlotRun
	for _, s := range sorted {
		if n := len(runs); n > 0 {
			last := &runs[n-1]
			if last.SlotSeconds == s.Seconds && last.PowerMegaFLOPS == s.PowerMegaFLOPS && last.StartUnix+last.Count*last.SlotSeconds == s.Start.Unix() {
				last.Count++
				continue
			}
		}
		runs = append(runs, SlotRun{StartUnix: s.Start.Unix(), SlotSeconds: s.Seconds, Count: 1, PowerMegaFLOPS: s.PowerMegaFLOPS})
	}
	return runs
}

// Interval is a half-open span of time [Start, End), UTC.
type Interval struct {
	Start, End time.Time
}

// SummariseRuns computes the period's power summary from a series, leaving out every slot
// that overlaps one of the excluded intervals (those slots count as missing, as a slot
// nobody observed does). It refuses a series that is too long, off the grid, outside the
// period or overlapping itself, before anything is expanded.
func SummariseRuns(start, end time.Time, slotSeconds int64, runs []SlotRun, excluded []Interval) (PowerSummary, error) {
	return summariseRuns(start, end, slotSeconds, runs, excluded, false)
}

// SummariseRunsAtZero is SummariseRuns with the slots overlapping the intervals counted at
// zero power instead of left out: the median and mean a site has when the time it could not
// prove counts as power it did not make available. It is never above the summary of the
// whole series, whatever the slots' order.
func SummariseRunsAtZero(start, end time.Time, slotSeconds int64, runs []SlotRun, zeroed []Interval) (PowerSummary, error) {
	return summariseRuns(start, end, slotSeconds, runs, zeroed, true)
}

func summariseRuns(start, end time.Time, slotSeconds int64, runs []SlotRun, excluded []Interval, zero bool) (PowerSummary, error) {
	if len(runs) > MaxSlotRuns {
		return PowerSummary{}, fmt.Errorf("pocp: a series of %d runs, more than %d", len(runs), MaxSlotRuns)
	}
	period := int64(end.Sub(start) / time.Second)
	if period <= 0 || slotSeconds <= 0 || period%slotSeconds != 0 {
		return PowerSummary{}, fmt.Errorf("pocp: period of %d s does not hold whole %d s slots", period, slotSeconds)
	}
	startUnix, endUnix := start.Unix(), end.Unix()
	// Bound every run by the period before multiplying, so that no sum can overflow and
	// the expansion below is at most one slot per grid slot.
	var total, count int64
	for i, r := range runs {
		if r.SlotSeconds <= 0 || r.SlotSeconds > period || r.Count <= 0 || r.Count > period/r.SlotSeconds {
			return PowerSummary{}, fmt.Errorf("pocp: run %d: %d slots of %d s do not fit the %d s period", i, r.Count, r.SlotSeconds, period)
		}
		if r.StartUnix < startUnix || r.StartUnix > endUnix || r.Count*r.SlotSeconds > endUnix-r.StartUnix {
			return PowerSummary{}, fmt.Errorf("pocp: run %d (%d × %d s from %d) is not inside the period %d – %d", i, r.Count, r.SlotSeconds, r.StartUnix, startUnix, endUnix)
		}
		// The grid is checked here and not only by SummarisePower: a run left out whole by
		// the excluded intervals never reaches it.
		if (r.StartUnix-startUnix)%slotSeconds != 0 || r.SlotSeconds%slotSeconds != 0 {
			return PowerSummary{}, fmt.Errorf("pocp: run %d (%d s slots from %d) is off the %d s grid", i, r.SlotSeconds, r.StartUnix, slotSeconds)
		}
		total += r.Count * r.SlotSeconds
		count += r.Count
		if total > period {
			return PowerSummary{}, fmt.Errorf("pocp: the series covers more than the %d s period", period)
		}
		if count > MaxSeriesSlots {
			return PowerSummary{}, fmt.Errorf("pocp: the series holds more than %d slots", MaxSeriesSlots)
		}
	}
	// Overlaps too: SummarisePower sees only the slots left in, so runs overlapping inside
	// an excluded interval would otherwise pass.
	order := make([]int, len(runs))
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool { return runs[order[a]].StartUnix < runs[order[b]].StartUnix })
	for k := 1; k < len(order); k++ {
		prev, r := runs[order[k-1]], runs[order[k]]
		if r.StartUnix < prev.StartUnix+prev.Count*prev.SlotSeconds {
			return PowerSummary{}, fmt.Errorf("pocp: runs %d and %d overlap at %d", order[k-1], order[k], r.StartUnix)
		}
	}
	ex := mergeIntervals(excluded)
	slots := make([]Slot, 0, count)
	for _, r := range runs {
		for k := range r.Count {
			s0 := r.StartUnix + k*r.SlotSeconds
			power := r.PowerMegaFLOPS
			if overlapsAny(ex, s0, s0+r.SlotSeconds) {
				if !zero {
					continue
				}
				power = 0
			}
			slots = append(slots, Slot{Start: time.Unix(s0, 0).UTC(), Seconds: r.SlotSeconds, PowerMegaFLOPS: power})
		}
	}
	return SummarisePower(start, end, slotSeconds, slots)
}

// CheckSeries checks that the series reproduces the report's signed figures: slots
// covered, coverage, median, mean and maximum. A series that does not is not the one the
// median came from.
func CheckSeries(r *Report, runs []SlotRun) error {
	sum, err := SummariseRuns(r.PeriodStart, r.PeriodEnd, int64(r.SlotSeconds), runs, nil)
	if err != nil {
		return err
	}
	type pair struct {
		name        string
		series, rep uint64
	}
	for _, p := range []pair{
		{"slotsCovered", uint64(sum.SlotsCovered), uint64(r.SlotsCovered)},
		{"coveragePpm", sum.CoveragePPM, uint64(r.CoveragePPM)},
		{"medianMegaFlops", sum.MedianMegaFLOPS, r.MedianMegaFLOPS},
		{"meanMegaFlops", sum.MeanMegaFLOPS, r.MeanMegaFLOPS},
		{"maxMegaFlops", sum.MaxMegaFLOPS, r.MaxMegaFLOPS},
	} {
		if p.series != p.rep {
			return fmt.Errorf("pocp: the slot series gives %s %d, the report %d", p.name, p.series, p.rep)
		}
	}
	return nil
}

// mergeIntervals sorts intervals and joins those that overlap or touch; empty ones go. An
// interval is widened to whole seconds (start down, end up): cutting a fraction off its end
// would let the slot it reaches into count as verified.
func mergeIntervals(in []Interval) [][2]int64 {
	var out [][2]int64
	for _, iv := range in {
		if iv.End.After(iv.Start) {
			end := iv.End.Unix()
			if iv.End.Nanosecond() != 0 {
				end++
			}
			out = append(out, [2]int64{iv.Start.Unix(), end})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	merged := out[:0]
	for _, iv := range out {
		if n := len(merged); n > 0 && iv[0] <= merged[n-1][1] {
			merged[n-1][1] = max(merged[n-1][1], iv[1])
			continue
		}
		merged = append(merged, iv)
	}
	return merged
}

// overlapsAny reports whether [a, b) overlaps one of the merged, sorted intervals.
func overlapsAny(merged [][2]int64, a, b int64) bool {
	i := sort.Search(len(merged), func(i int) bool { return merged[i][1] > a })
	return i < len(merged) && merged[i][0] < b
}

// DecodeRuns reads a JSON array of runs strictly (known fields only), one run at a time,
// refusing the array as soon as it holds more than MaxSlotRuns: a body of empty objects
// cannot make it hold more than that many.
func DecodeRuns(data []byte) ([]SlotRun, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	tok, err := dec.Token()
	if err != nil {
		return nil, fmt.Errorf("pocp: slot series: %w", err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '[' {
		return nil, errors.New("pocp: slot series: not a JSON array")
	}
	runs := []SlotRun{}
	for dec.More() {
		if len(runs) == MaxSlotRuns {
			return nil, fmt.Errorf("pocp: slot series: more than %d runs", MaxSlotRuns)
		}
		var r SlotRun
		if err := dec.Decode(&r); err != nil {
			return nil, fmt.Errorf("pocp: slot series: run %d: %w", len(runs), err)
		}
		runs = append(runs, r)
	}
	if _, err := dec.Token(); err != nil {
		return nil, fmt.Errorf("pocp: slot series: %w", err)
	}
	if _, err := dec.Token(); err == nil {
		return nil, errors.New("pocp: slot series: data after the array")
	}
	return runs, nil
}
