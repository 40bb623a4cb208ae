package pocp

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// refWeightedMedian is the definition, by brute force: the smallest v with 2·W(≤ v) ≥ W.
func refWeightedMedian(s []WeightedValue) (uint64, bool) {
	var total int64
	var vals []uint64
	for _, x := range s {
		if x.Weight > 0 {
			total += x.Weight
			vals = append(vals, x.Value)
		}
	}
	if total == 0 {
		return 0, false
	}
	slices.Sort(vals)
	for _, v := range vals {
		var w int64
		for _, x := range s {
			if x.Weight > 0 && x.Value <= v {
				w += x.Weight
			}
		}
		if 2*w >= total {
			return v, true
		}
	}
	panic("unreachable")
}

func TestMedianOfMatchesSorting(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	shapes := map[string]func(i, n int) uint64{
		"random":     func(i, n int) uint64 { return rng.Uint64() },
		"few values": func(i, n int) uint64 { return uint64(rng.IntN(4)) * 1000 },
		"sorted":     func(i, n int) uint64 { return uint64(i) },
		"reversed":   func(i, n int) uint64 { return uint64(n - i) },
		"equal":      func(i, n int) uint64 { return 7 },
		"organ pipe": func(i, n int) uint64 { return uint64(min(i, n-i)) },
	}
	for name, gen := range shapes {
		for _, n := range []int{1, 2, 3, 4, 15, 16, 17, 100, 1001, 21600} {
			vals := make([]uint64, n)
			for i := range vals {
				vals[i] = gen(i, n)
			}
			sorted := slices.Clone(vals)
			slices.Sort(sorted)
			got, ok := MedianOf(slices.Clone(vals))
			if !ok || got != sorted[(n-1)/2] {
				t.Errorf("%s n=%d: median %d, want %d", name, n, got, sorted[(n-1)/2])
			}
		}
	}
	if _, ok := MedianOf(nil); ok {
		t.Error("median of nothing")
	}
}

// TestWeightedMedianProperties: matches the definition; invariant to order; equal weights
// give MedianOf; splitting a sample in two of the same value changes nothing.
func TestWeightedMedianProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for run := 0; run < 500; run++ {
		n := 1 + rng.IntN(200)
		s := make([]WeightedValue, n)
		for i := range s {
			s[i] = WeightedValue{Value: uint64(rng.IntN(50)), Weight: int64(rng.IntN(120)) - 10}
		}
		want, wok := refWeightedMedian(s)
		got, ok := WeightedMedian(slices.Clone(s))
		if ok != wok || got != want {
			t.Fatalf("run %d: %d,%v want %d,%v", run, got, ok, want, wok)
		}
		perm := slices.Clone(s)
		rng.Shuffle(len(perm), func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
		if g, _ := WeightedMedian(perm); g != want {
			t.Fatalf("run %d: order changed the median: %d vs %d", run, g, want)
		}
		var split []WeightedValue
		for _, x := range s {
			if x.Weight > 1 {
				split = append(split, WeightedValue{x.Value, x.Weight / 2}, WeightedValue{x.Value, x.Weight - x.Weight/2})
			} else {
				split = append(split, x)
			}
		}
		if g, _ := WeightedMedian(split); g != want {
			t.Fatalf("run %d: splitting samples changed the median: %d vs %d", run, g, want)
		}
	}
	// Large weighted input goes through the quickselect, not only the final sort.
	big := make([]WeightedValue, 50_000)
	for i := range big {
		big[i] = WeightedValue{Value: uint64(rng.IntN(1000)), Weight: 1 + int64(rng.IntN(5))}
	}
	want, _ := refWeightedMedianFast(big)
	if got, _ := WeightedMedian(slices.Clone(big)); got != want {
		t.Errorf("50k weighted: %d, want %d", got, want)
	}
	eq := make([]WeightedValue, 1001)
	vals := make([]uint64, 1001)
	for i := range eq {
		eq[i] = WeightedValue{Value: uint64(rng.IntN(1 << 20)), Weight: 60}
		vals[i] = eq[i].Value
	}
	a, _ := WeightedMedian(eq)
	b, _ := MedianOf(vals)
	if a != b {
		t.Errorf("equal weights: %d vs MedianOf %d", a, b)
	}
}

func refWeightedMedianFast(s []WeightedValue) (uint64, bool) {
	c := slices.Clone(s)
	slices.SortFunc(c, func(x, y WeightedValue) int {
		if x.Value < y.Value {
			return -1
		} else if x.Value > y.Value {
			return 1
		}
		return 0
	})
	var total, cum int64
	for _, x := range c {
		total += x.Weight
	}
	for _, x := range c {
		cum += x.Weight
		if 2*cum >= total {
			return x.Value, true
		}
	}
	return 0, false
}

// TestGapsAreNotZeros: removing slots (a sampler outage) changes coverage, and the median
// is the median of what was observed; it is never pulled down as zeros would.
func TestGapsAreNotZeros(t *testing.T) {
	start := DefaultGenesis
	end := start.Add(DefaultPeriodSeconds * time.Second)
	var all, holes []Slot
	for i := 0; i < DefaultPeriodSeconds/60; i++ {
		s := Slot{Start: start.Add(time.Duration(i) * time.Minute), Seconds: 60, PowerMegaFLOPS: 1000 + uint64(i%7)}
		all = append(all, s)
		if i%3 != 0 { // a third of the slots missing
			holes = append(holes, s)
		}
	}
	full, err := SummarisePower(start, end, 60, all)
	if err != nil {
		t.Fatal(err)
	}
	gappy, err := SummarisePower(start, end, 60, holes)
	if err != nil {
		t.Fatal(err)
	}
	if full.CoveragePPM != 1_000_000 || full.SlotsCovered != 21600 {
		t.Errorf("full: %+v", full)
	}
	if gappy.SlotsCovered != 14400 || gappy.CoveredSeconds != 14400*60 || gappy.CoveragePPM != 666_666 {
		t.Errorf("coverage of 2/3: %d slots, %d s, %d ppm", gappy.SlotsCovered, gappy.CoveredSeconds, gappy.CoveragePPM)
	}
	vals := make([]uint64, len(holes))
	for i, s := range holes {
		vals[i] = s.PowerMegaFLOPS
	}
	want, _ := MedianOf(vals)
	if gappy.MedianMegaFLOPS != want || gappy.MedianMegaFLOPS < 1000 {
		t.Errorf("median with gaps %d, want %d", gappy.MedianMegaFLOPS, want)
	}
	// Inserting the missing slots back in a different order changes nothing but coverage.
	shuffled := slices.Clone(all)
	rand.New(rand.NewPCG(9, 9)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	again, _ := SummarisePower(start, end, 60, shuffled)
	if again != full {
		t.Errorf("slot order changed the summary")
	}
	none, _ := SummarisePower(start, end, 60, nil)
	if none.CoveragePPM != 0 || none.MedianMegaFLOPS != 0 || none.SlotsTotal != 21600 {
		t.Errorf("nothing observed: %+v", none)
	}
}

func TestSummariseRefusesBadSlots(t *testing.T) {
	start := DefaultGenesis
	end := start.Add(time.Hour)
	for name, slots := range map[string][]Slot{
		"outside":  {{Start: start.Add(-time.Minute), Seconds: 60}},
		"past end": {{Start: end.Add(-30 * time.Second), Seconds: 60}},
		"off grid": {{Start: start.Add(30 * time.Second), Seconds: 60}},
		"finer":    {{Start: start, Seconds: 30}},
		"overlap":  {{Start: start, Seconds: 120}, {Start: start.Add(time.Minute), Seconds: 60}},
	} {
		if _, err := SummarisePower(start, end, 60, slots); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	// A coarser slot (5 min while the grid is 1 min) covers 5 grid slots.
	s, err := SummarisePower(start, end, 60, []Slot{{Start: start, Seconds: 300, PowerMegaFLOPS: 5}})
	if err != nil || s.SlotsCovered != 5 || s.CoveredSeconds != 300 {
		t.Errorf("coarse slot: %+v %v", s, err)
	}
	if _, err := SummarisePower(start, end, 7, nil); err == nil {
		t.Error("a period that is not whole slots accepted")
	}
	// Power × time beyond 64 bits is refused, not wrapped.
	if _, err := SummarisePower(start, end, 60, []Slot{{Start: start, Seconds: 3600, PowerMegaFLOPS: 1 << 62}}); err == nil {
		t.Error("overflow accepted")
	}
}

func TestCalendar(t *testing.T) {
	c, err := NewCalendar(DefaultGenesis, DefaultPeriodSeconds)
	if err != nil {
		t.Fatal(err)
	}
	s, e, _ := c.Period(0)
	if !s.Equal(time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC)) || !e.Equal(time.Date(2023, 1, 16, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("period 0 = %s – %s", s, e)
	}
	if n, ok := c.PeriodAt(time.Date(2023, 1, 16, 0, 0, 0, 0, time.UTC)); !ok || n != 1 {
		t.Errorf("16 Jan 00:00 is in period %d", n)
	}
	if n, ok := c.PeriodAt(time.Date(2023, 1, 15, 23, 59, 59, 0, time.UTC)); !ok || n != 0 {
		t.Errorf("15 Jan 23:59:59 is in period %d", n)
	}
	if _, ok := c.PeriodAt(time.Date(2022, 12, 31, 0, 0, 0, 0, time.UTC)); ok {
		t.Error("a time before genesis has a period")
	}
	if n, ok := c.LastClosed(time.Date(2023, 2, 1, 0, 0, 0, 0, time.UTC)); !ok || n != 1 {
		t.Errorf("last closed on 1 Feb = %d", n)
	}
	if _, ok := c.LastClosed(time.Date(2023, 1, 5, 0, 0, 0, 0, time.UTC)); ok {
		t.Error("a period closed before the first ended")
	}
	if err := c.CheckSlotGrid(60); err != nil {
		t.Error(err)
	}
	if err := c.CheckSlotGrid(7); err == nil {
		t.Error("7 s slots accepted for a 15-day period")
	}
	off, _ := NewCalendar(DefaultGenesis.Add(30*time.Second), DefaultPeriodSeconds)
	if err := off.CheckSlotGrid(60); err == nil {
		t.Error("a genesis off the slot grid accepted")
	}
	// A period number so large that nanosecond arithmetic would wrap to another period's
	// dates is refused, as is the last one past year 9999.
	if _, _, err := c.Period(5 + 1<<48); err == nil {
		t.Error("period 5 + 2^48 accepted")
	}
	if _, _, err := c.Period(c.MaxPeriod()); err != nil {
		t.Errorf("the last period: %v", err)
	}
	if _, _, err := c.Period(c.MaxPeriod() + 1); err == nil {
		t.Error("a period past year 9999 accepted")
	}
	if s, _, _ := c.Period(8000); s.Year() != 2351 {
		t.Errorf("period 8000 starts in %d", s.Year())
	}
	if _, err := NewCalendar(time.Time{}, 60); err == nil {
		t.Error("zero genesis accepted")
	}
	if _, err := NewCalendar(DefaultGenesis, 0); err == nil {
		t.Error("zero period accepted")
	}
}
