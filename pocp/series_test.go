package pocp

import (
	"encoding/binary"
	"math"
	"math/rand"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestRunsFromSlots: consecutive slots of one length and power fold into a run; a gap, a
// change of power or of slot length starts a new one, whatever order the slots come in.
func TestRunsFromSlots(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	at := func(s int64) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	slots := []Slot{
		{Start: at(0), Seconds: 60, PowerMegaFLOPS: 10},
		{Start: at(60), Seconds: 60, PowerMegaFLOPS: 10},
		{Start: at(120), Seconds: 60, PowerMegaFLOPS: 20}, // the power changes
		{Start: at(180), Seconds: 60, PowerMegaFLOPS: 20},
		// 240 was not observed: a gap
		{Start: at(300), Seconds: 60, PowerMegaFLOPS: 20},
		{Start: at(360), Seconds: 120, PowerMegaFLOPS: 20}, // the slot length changes
		{Start: at(480), Seconds: 120, PowerMegaFLOPS: 20},
		{Start: at(600), Seconds: 60, PowerMegaFLOPS: 0, CapacityMegaFLOPS: 50}, // observed, nothing available
	}
	u := t0.Unix()
	want := []SlotRun{
		{StartUnix: u, SlotSeconds: 60, Count: 2, PowerMegaFLOPS: 10},
		{StartUnix: u + 120, SlotSeconds: 60, Count: 2, PowerMegaFLOPS: 20},
		{StartUnix: u + 300, SlotSeconds: 60, Count: 1, PowerMegaFLOPS: 20},
		{StartUnix: u + 360, SlotSeconds: 120, Count: 2, PowerMegaFLOPS: 20},
		{StartUnix: u + 600, SlotSeconds: 60, Count: 1, PowerMegaFLOPS: 0},
	}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 20; i++ {
		shuffled := append([]Slot(nil), slots...)
		rng.Shuffle(len(shuffled), func(a, b int) { shuffled[a], shuffled[b] = shuffled[b], shuffled[a] })
		if got := RunsFromSlots(shuffled); !reflect.DeepEqual(got, want) {
			t.Fatalf("runs of %v:\n got %+v\nwant %+v", shuffled, got, want)
		}
	}
	if got := RunsFromSlots(nil); len(got) != 0 {
		t.Fatalf("no slots: %+v", got)
	}
	// The input is not reordered.
	in := []Slot{slots[1], slots[0]}
	RunsFromSlots(in)
	if !in[0].Start.Equal(at(60)) {
		t.Fatal("RunsFromSlots sorted its input in place")
	}
}

// randomSeries is a period of n grid slots of grid seconds with some slots observed, some of
// them twice the grid long, their power from a few values (so that runs form).
func randomSeries(rng *rand.Rand, start time.Time, n int, grid int64) []Slot {
	powers := []uint64{0, 1_000_000, 1_000_000, 3_000_000, 7_000_000, math.MaxUint32}
	var slots []Slot
	for i := 0; i < n; {
		if rng.Intn(6) == 0 {
			i++ // not observed
			continue
		}
		mult := int64(1)
		if i+1 < n && rng.Intn(8) == 0 {
			mult = 2
		}
		slots = append(slots, Slot{Start: start.Add(time.Duration(int64(i)*grid) * time.Second), Seconds: mult * grid, PowerMegaFLOPS: powers[rng.Intn(len(powers))]})
		i += int(mult)
	}
	return slots
}

// expand is the reference expansion of runs into slots, with those overlapping an excluded
// interval (compared as times, to the nanosecond) left out.
func expand(runs []SlotRun, excluded []Interval) []Slot {
	var out []Slot
	for _, r := range runs {
		for k := int64(0); k < r.Count; k++ {
			s := time.Unix(r.StartUnix+k*r.SlotSeconds, 0).UTC()
			e := s.Add(time.Duration(r.SlotSeconds) * time.Second)
			hit := false
			for _, iv := range excluded {
				hit = hit || (iv.Start.Before(e) && iv.End.After(s) && iv.End.After(iv.Start))
			}
			if !hit {
				out = append(out, Slot{Start: s, Seconds: r.SlotSeconds, PowerMegaFLOPS: r.PowerMegaFLOPS})
			}
		}
	}
	return out
}

// TestSummariseRunsMatchesSummarisePower is a property test: the runs of a random series
// give what SummarisePower gives on the series' slots, and with excluded intervals what it
// gives on the slots that overlap none of them.
func TestSummariseRunsMatchesSummarisePower(t *testing.T) {
	rng := rand.New(rand.NewSource(42))
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for iter := 0; iter < 400; iter++ {
		grid := []int64{1, 5, 60, 300}[rng.Intn(4)]
		n := 1 + rng.Intn(300)
		end := start.Add(time.Duration(int64(n)*grid) * time.Second)
		slots := randomSeries(rng, start, n, grid)
		runs := RunsFromSlots(slots)
		if back := expand(runs, nil); len(back) != len(slots) || (len(slots) > 0 && !reflect.DeepEqual(back, slots)) {
			t.Fatalf("iteration %d: the runs do not expand back to the slots", iter)
		}
		want, err := SummarisePower(start, end, grid, slots)
		if err != nil {
			t.Fatalf("iteration %d: %v", iter, err)
		}
		got, err := SummariseRuns(start, end, grid, runs, nil)
		if err != nil || got != want {
			t.Fatalf("iteration %d: SummariseRuns %+v %v, SummarisePower %+v", iter, got, err, want)
		}

		// Random excluded intervals, some not on whole seconds, some empty or reversed.
		var excluded []Interval
		for k := rng.Intn(4); k > 0; k-- {
			s := start.Add(time.Duration(rng.Int63n(int64(n)*grid*int64(time.Second) + 1)))
			if rng.Intn(2) == 0 {
				s = s.Truncate(time.Duration(grid) * time.Second)
			}
			e := s.Add(time.Duration(rng.Int63n(4*grid*int64(time.Second))) - time.Duration(grid)*time.Second/2)
			excluded = append(excluded, Interval{Start: s, End: e})
		}
		kept := expand(runs, excluded)
		want, err = SummarisePower(start, end, grid, kept)
		if err != nil {
			t.Fatalf("iteration %d: %v", iter, err)
		}
		got, err = SummariseRuns(start, end, grid, runs, excluded)
		if err != nil || got != want {
			t.Fatalf("iteration %d, excluded %v: SummariseRuns %+v %v, want %+v", iter, excluded, got, err, want)
		}
	}
}

// TestSummariseRunsExcludesOverlappingSlots: exactly the slots an interval overlaps go; an
// interval that ends where a slot starts, or starts where it ends, leaves it in; a fraction
// of a second is enough to overlap.
func TestSummariseRunsExcludesOverlappingSlots(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	end := start.Add(10 * time.Minute)
	at := func(d time.Duration) time.Time { return start.Add(d) }
	// Ten one-minute slots, slot i with power i+1 (so each slot is told apart by the max).
	var runs []SlotRun
	for i := int64(0); i < 10; i++ {
		runs = append(runs, SlotRun{StartUnix: start.Unix() + 60*i, SlotSeconds: 60, Count: 1, PowerMegaFLOPS: uint64(i + 1)})
	}
	covered := func(ex ...Interval) int64 {
		t.Helper()
		s, err := SummariseRuns(start, end, 60, runs, ex)
		if err != nil {
			t.Fatal(err)
		}
		return s.SlotsCovered
	}
	cases := []struct {
		name string
		ex   []Interval
		want int64
	}{
		{"none", nil, 10},
		{"ends exactly at slot 1's start", []Interval{{at(-time.Minute), at(time.Minute)}}, 9},
		{"starts exactly at slot 2's end", []Interval{{at(3 * time.Minute), at(3*time.Minute + time.Second)}}, 9},
		{"one second inside slot 5", []Interval{{at(5*time.Minute + 30*time.Second), at(5*time.Minute + 31*time.Second)}}, 9},
		{"a nanosecond into slot 3", []Interval{{at(2*time.Minute + 30*time.Second), at(3*time.Minute + time.Nanosecond)}}, 8},
		{"under a second inside slot 7", []Interval{{at(7*time.Minute + 100*time.Millisecond), at(7*time.Minute + 700*time.Millisecond)}}, 9},
		{"exactly slots 4 and 5", []Interval{{at(4 * time.Minute), at(6 * time.Minute)}}, 8},
		{"empty", []Interval{{at(4 * time.Minute), at(4 * time.Minute)}}, 10},
		{"reversed", []Interval{{at(6 * time.Minute), at(4 * time.Minute)}}, 10},
		{"overlapping intervals", []Interval{{at(time.Minute), at(3 * time.Minute)}, {at(2 * time.Minute), at(4 * time.Minute)}}, 7},
		{"beyond the period", []Interval{{at(-time.Hour), at(time.Hour)}}, 0},
	}
	for _, c := range cases {
		if got := covered(c.ex...); got != c.want {
			t.Errorf("%s: %d slots covered, want %d", c.name, got, c.want)
		}
	}
	// Which slot went, not only how many: excluding the last slot lowers the max.
	s, err := SummariseRuns(start, end, 60, runs, []Interval{{at(9*time.Minute + 59*time.Second), end}})
	if err != nil || s.MaxMegaFLOPS != 9 || s.SlotsCovered != 9 {
		t.Fatalf("the last slot excluded: %+v %v", s, err)
	}
	// A coarse slot goes whole when any part of it is excluded.
	coarse := []SlotRun{{StartUnix: start.Unix(), SlotSeconds: 300, Count: 2, PowerMegaFLOPS: 1}}
	s, err = SummariseRuns(start, end, 60, coarse, []Interval{{at(4 * time.Minute), at(4*time.Minute + time.Second)}})
	if err != nil || s.SlotsCovered != 5 {
		t.Fatalf("a coarse slot partly excluded: %+v %v", s, err)
	}
}

// allocated is how many bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestSummariseRunsRefusesHostileSeries: a series the gateway receives is refused, before
// it is expanded, when its runs do not fit the period, overlap, leave the grid or are too
// many; numbers chosen to overflow do neither panic nor allocate.
func TestSummariseRunsRefusesHostileSeries(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	end := start.Add(time.Hour)
	u, eu := start.Unix(), end.Unix()
	all := []Interval{{start, end}} // excluding everything must not hide a broken series
	cases := []struct {
		name  string
		runs  []SlotRun
		ex    []Interval
		error string
	}{
		{"count 0", []SlotRun{{StartUnix: u, SlotSeconds: 60, Count: 0}}, nil, "do not fit"},
		{"count negative", []SlotRun{{StartUnix: u, SlotSeconds: 60, Count: -1}}, nil, "do not fit"},
		{"seconds 0", []SlotRun{{StartUnix: u, SlotSeconds: 0, Count: 1}}, nil, "do not fit"},
		{"seconds negative", []SlotRun{{StartUnix: u, SlotSeconds: -60, Count: 1}}, nil, "do not fit"},
		{"count × seconds over the period", []SlotRun{{StartUnix: u, SlotSeconds: 60, Count: 61}}, nil, "do not fit"},
		{"count 1<<62", []SlotRun{{StartUnix: u, SlotSeconds: 60, Count: 1 << 62}}, nil, "do not fit"},
		{"count max", []SlotRun{{StartUnix: u, SlotSeconds: 60, Count: math.MaxInt64}}, nil, "do not fit"},
		{"seconds 1<<62", []SlotRun{{StartUnix: u, SlotSeconds: 1 << 62, Count: 1}}, nil, "do not fit"},
		{"seconds × count wraps", []SlotRun{{StartUnix: u, SlotSeconds: 1 << 32, Count: 1 << 32}}, nil, "do not fit"},
		{"before the period", []SlotRun{{StartUnix: u - 60, SlotSeconds: 60, Count: 1}}, nil, "not inside"},
		{"past the period's end", []SlotRun{{StartUnix: eu - 60, SlotSeconds: 60, Count: 2}}, nil, "not inside"},
		{"at the period's end", []SlotRun{{StartUnix: eu, SlotSeconds: 60, Count: 1}}, nil, "not inside"},
		{"start min int64", []SlotRun{{StartUnix: math.MinInt64, SlotSeconds: 60, Count: 1}}, nil, "not inside"},
		{"start max int64", []SlotRun{{StartUnix: math.MaxInt64, SlotSeconds: 60, Count: 1}}, nil, "not inside"},
		{"off the grid", []SlotRun{{StartUnix: u + 30, SlotSeconds: 60, Count: 1}}, nil, "off the"},
		{"finer than the grid", []SlotRun{{StartUnix: u, SlotSeconds: 30, Count: 2}}, nil, "off the"},
		{"off the grid, excluded", []SlotRun{{StartUnix: u + 30, SlotSeconds: 60, Count: 1}}, all, "off the"},
		{"overlapping runs", []SlotRun{{StartUnix: u, SlotSeconds: 60, Count: 10}, {StartUnix: u + 300, SlotSeconds: 60, Count: 10}}, nil, "overlap"},
		{"overlapping runs, unsorted", []SlotRun{{StartUnix: u + 300, SlotSeconds: 60, Count: 10}, {StartUnix: u, SlotSeconds: 60, Count: 10}}, nil, "overlap"},
		{"overlapping runs, excluded", []SlotRun{{StartUnix: u, SlotSeconds: 60, Count: 10}, {StartUnix: u + 300, SlotSeconds: 60, Count: 10}}, all, "overlap"},
		{"the same run twice", []SlotRun{{StartUnix: u, SlotSeconds: 60, Count: 1}, {StartUnix: u, SlotSeconds: 60, Count: 1}}, all, "overlap"},
		{"a coarse run over a fine one", []SlotRun{{StartUnix: u, SlotSeconds: 600, Count: 1}, {StartUnix: u + 540, SlotSeconds: 60, Count: 1}}, nil, "overlap"},
		{"power × time overflows", []SlotRun{{StartUnix: u, SlotSeconds: 60, Count: 60, PowerMegaFLOPS: math.MaxUint64}}, nil, "overflows"},
	}
	for _, c := range cases {
		var err error
		n := allocated(func() { _, err = SummariseRuns(start, end, 60, c.runs, c.ex) })
		if err == nil || !strings.Contains(err.Error(), c.error) {
			t.Errorf("%s: %v, want an error saying %q", c.name, err, c.error)
		}
		if n > 64<<10 {
			t.Errorf("%s: %d bytes allocated", c.name, n)
		}
	}

	// Too many runs: refused before anything else is looked at.
	many := make([]SlotRun, MaxSlotRuns+1)
	for i := range many {
		many[i] = SlotRun{StartUnix: u, SlotSeconds: 1, Count: 1}
	}
	var err error
	if n := allocated(func() { _, err = SummariseRuns(start, start.Add(100*time.Hour), 1, many, nil) }); err == nil || !strings.Contains(err.Error(), "runs") || n > 4<<10 {
		t.Errorf("%d runs: %v (%d bytes allocated)", len(many), err, n)
	}
	// Too many slots: a period long enough to hold them, one run of them all.
	long := start.Add(2 * MaxSeriesSlots * time.Second)
	huge := []SlotRun{{StartUnix: u, SlotSeconds: 1, Count: MaxSeriesSlots + 1}}
	if n := allocated(func() { _, err = SummariseRuns(start, long, 1, huge, nil) }); err == nil || !strings.Contains(err.Error(), "slots") || n > 4<<10 {
		t.Errorf("%d slots: %v (%d bytes allocated)", MaxSeriesSlots+1, err, n)
	}
	// Split into runs, still too many.
	split := []SlotRun{{StartUnix: u, SlotSeconds: 1, Count: MaxSeriesSlots}, {StartUnix: u + MaxSeriesSlots, SlotSeconds: 1, Count: 1}}
	if _, err := SummariseRuns(start, long, 1, split, nil); err == nil || !strings.Contains(err.Error(), "slots") {
		t.Errorf("%d slots in two runs: %v", MaxSeriesSlots+1, err)
	}
	// MaxSeriesSlots exactly is taken.
	if s, err := SummariseRuns(start, long, 1, split[:1], nil); err != nil || s.SlotsCovered != MaxSeriesSlots {
		t.Errorf("%d slots: %+v %v", MaxSeriesSlots, s, err)
	}
	// A period that holds no whole slots.
	if _, err := SummariseRuns(start, start.Add(90*time.Second), 60, nil, nil); err == nil {
		t.Error("a 90 s period of 60 s slots was taken")
	}
	if _, err := SummariseRuns(end, start, 60, nil, nil); err == nil {
		t.Error("a period ending before it starts was taken")
	}
}

// checkedReport is a report built by Build from two nodes over an hour, and the series its
// median came from.
func checkedReport(t *testing.T) (*Report, []SlotRun) {
	t.Helper()
	cal, _ := NewCalendar(DefaultGenesis, 3600)
	start, end, _ := cal.Period(3)
	var nodes []NodeObservation
	for m := 0; m < 60; m++ {
		if m >= 45 && m < 50 {
			continue // not observed
		}
		at := start.Add(time.Duration(m) * time.Minute)
		nodes = append(nodes,
			NodeObservation{Node: "n1", SlotStart: at, SlotSeconds: 60, Available: m < 30 || m >= 40, PowerMegaFLOPS: 1_000_000},
			NodeObservation{Node: "n2", SlotStart: at, SlotSeconds: 60, Available: m%7 != 0, PowerMegaFLOPS: 3_000_000},
		)
	}
	rep, _, err := Build(BuildInput{Calendar: cal, Epoch: 3, Cluster: "alpha", SlotSeconds: 60, Nodes: nodes, ReferenceMegaFLOPS: 250_000, MinCoveragePPM: 900_000})
	if err != nil {
		t.Fatal(err)
	}
	slots, err := SlotsFromNodes(nodes, start, end)
	if err != nil {
		t.Fatal(err)
	}
	return rep, RunsFromSlots(slots)
}

// TestCheckSeries: the series of a report Build made reproduces it; the same series with
// one run's power changed, or a run dropped, does not.
func TestCheckSeries(t *testing.T) {
	rep, runs := checkedReport(t)
	if err := CheckSeries(rep, runs); err != nil {
		t.Fatalf("the report's own series: %v", err)
	}
	if len(runs) < 5 {
		t.Fatalf("the series is too simple to test with: %+v", runs)
	}
	for i := range runs {
		changed := append([]SlotRun(nil), runs...)
		changed[i].PowerMegaFLOPS = rep.MaxMegaFLOPS + 1
		if err := CheckSeries(rep, changed); err == nil {
			t.Errorf("run %d raised above the maximum: accepted", i)
		}
		dropped := append(append([]SlotRun(nil), runs[:i]...), runs[i+1:]...)
		if err := CheckSeries(rep, dropped); err == nil || !strings.Contains(err.Error(), "slotsCovered") {
			t.Errorf("run %d dropped: %v", i, err)
		}
	}
	// Under the maximum, a change still shows: the longest run at zero lowers the mean.
	longest := 0
	for i, r := range runs {
		if r.Count*int64(r.PowerMegaFLOPS) > runs[longest].Count*int64(runs[longest].PowerMegaFLOPS) {
			longest = i
		}
	}
	lowered := append([]SlotRun(nil), runs...)
	lowered[longest].PowerMegaFLOPS = 0
	if err := CheckSeries(rep, lowered); err == nil {
		t.Errorf("run %d at zero: accepted", longest)
	}
	// A hostile series is an error, not a panic.
	if err := CheckSeries(rep, []SlotRun{{StartUnix: rep.PeriodStart.Unix(), SlotSeconds: 60, Count: 1 << 62}}); err == nil {
		t.Error("a run of 1<<62 slots was accepted")
	}
}

// FuzzSummariseRuns: whatever series arrives, SummariseRuns neither panics nor allocates
// beyond what MaxSeriesSlots slots need, and what it accepts agrees with SummarisePower on
// the expanded series. Inputs are bounded (period ≤ 65,535 slots of ≤ 3,600 s); hostile
// numbers (negative and 1<<62 counts, huge powers, off-grid starts) come from mode bits.
func FuzzSummariseRuns(f *testing.F) {
	run := func(mode byte, slot, count uint16, mult byte, power uint16) []byte {
		b := []byte{mode, 0, 0, 0, 0, mult, 0, 0}
		binary.LittleEndian.PutUint16(b[1:], slot)
		binary.LittleEndian.PutUint16(b[3:], count)
		binary.LittleEndian.PutUint16(b[6:], power)
		return b
	}
	cat := func(parts ...[]byte) []byte {
		var out []byte
		for _, p := range parts {
			out = append(out, p...)
		}
		return out
	}
	f.Add(uint16(60), uint16(60), cat(run(0, 0, 10, 1, 5), run(0, 10, 20, 1, 7), run(0, 40, 10, 2, 5)), []byte{0, 1, 30, 0})
	f.Add(uint16(5), uint16(1000), cat(run(4, 0, 1, 1, 1)), []byte(nil))
	f.Add(uint16(60), uint16(10), cat(run(2, 0, 3, 1, 1), run(8, 3, 3, 1, 9)), []byte{0, 0, 200, 0})
	f.Add(uint16(1), uint16(65535), cat(run(0, 0, 65535, 1, 1)), []byte(nil))
	f.Add(uint16(60), uint16(60), cat(run(1|6<<1, 0, 1, 1, 1), run(16, 1, 3, 7, 2)), []byte{0, 0, 255, 255})
	f.Fuzz(func(t *testing.T, grid, slotsInPeriod uint16, runData, exData []byte) {
		slotSeconds := int64(max(grid%3601, 1))
		n := int64(max(slotsInPeriod, 1))
		start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		end := start.Add(time.Duration(n*slotSeconds) * time.Second)
		var runs []SlotRun
		for len(runData) >= 8 && len(runs) <= MaxSlotRuns+1 {
			b := runData[:8]
			runData = runData[8:]
			mode := b[0]
			r := SlotRun{
				StartUnix:      start.Unix() + int64(binary.LittleEndian.Uint16(b[1:]))*slotSeconds,
				SlotSeconds:    int64(max(b[5], 1)) * slotSeconds,
				Count:          int64(binary.LittleEndian.Uint16(b[3:])),
				PowerMegaFLOPS: uint64(binary.LittleEndian.Uint16(b[6:])) * 1_000_000,
			}
			if mode&1 != 0 {
				r.StartUnix += int64(mode >> 1) // off the grid (or, mode ≥ 32, far off)
			}
			if mode&2 != 0 {
				r.Count = -r.Count
			}
			if mode&4 != 0 {
				r.Count = 1<<62 - r.Count
			}
			if mode&8 != 0 {
				r.PowerMegaFLOPS = math.MaxUint64 - r.PowerMegaFLOPS
			}
			if mode&16 != 0 {
				r.SlotSeconds = int64(b[5]) // any length, on the grid or not
			}
			runs = append(runs, r)
		}
		var excluded []Interval
		for len(exData) >= 4 && len(excluded) < 64 {
			s := start.Add(time.Duration(binary.LittleEndian.Uint16(exData)) * time.Duration(slotSeconds) * time.Second / 4)
			e := s.Add(time.Duration(int16(binary.LittleEndian.Uint16(exData[2:]))) * time.Duration(slotSeconds) * time.Second / 8)
			excluded = append(excluded, Interval{Start: s, End: e})
			exData = exData[4:]
		}
		var sum PowerSummary
		var err error
		n0 := allocated(func() { sum, err = SummariseRuns(start, end, slotSeconds, runs, excluded) })
		// Expanded slots (64 bytes), SummarisePower's sorted copy and its median's values
		// and scratch, the runs' order, the merged intervals, and some slack.
		limit := uint64(MaxSeriesSlots)*(64+64+16+8) + uint64(len(runs))*8 + 1<<20
		if n0 > limit {
			t.Fatalf("%d runs: %d bytes allocated, more than %d", len(runs), n0, limit)
		}
		if err != nil {
			return
		}
		if sum.SlotsCovered > MaxSeriesSlots || sum.CoveredSeconds > n*slotSeconds {
			t.Fatalf("accepted %+v", sum)
		}
		want, werr := SummarisePower(start, end, slotSeconds, expand(runs, excluded))
		if werr != nil || want != sum {
			t.Fatalf("SummariseRuns %+v, SummarisePower of the expansion %+v %v", sum, want, werr)
		}
	})
}

// DecodeRuns stops at MaxSlotRuns however small each run's JSON, and reads strictly.
func TestDecodeRunsIsBounded(t *testing.T) {
	flood := []byte("[" + strings.Repeat("{},", MaxSlotRuns) + "{}]")
	if _, err := DecodeRuns(flood); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Fatalf("%d empty runs: %v", MaxSlotRuns+1, err)
	}
	exact := []byte("[" + strings.Repeat(`{"start":0,"slotSeconds":60,"count":1,"powerMegaFlops":1},`, MaxSlotRuns-1) + `{"start":0,"slotSeconds":60,"count":1,"powerMegaFlops":1}]`)
	if runs, err := DecodeRuns(exact); err != nil || len(runs) != MaxSlotRuns {
		t.Fatalf("%d runs: %d %v", MaxSlotRuns, len(runs), err)
	}
	for name, bad := range map[string]string{
		"unknown field": `[{"start":0,"extra":1}]`,
		"not an array":  `{"start":0}`,
		"trailing data": `[] []`,
		"unterminated":  `[{"start":0}`,
		"a string":      `["x"]`,
	} {
		if _, err := DecodeRuns([]byte(bad)); err == nil {
			t.Errorf("%s: %s decoded", name, bad)
		}
	}
	if runs, err := DecodeRuns([]byte(" [ ] ")); err != nil || len(runs) != 0 {
		t.Fatalf("an empty series: %v %v", runs, err)
	}
}

// Unverified slots at zero power never raise the median above the whole series', wherever
// the site put its low slots: half the time at 10 and half at 1000 reports a median of 10,
// and leaving the first tenth out would give 1000, but counting it at zero gives at most 10.
func TestSummariseRunsAtZeroNeverRaisesTheMedian(t *testing.T) {
	start := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
	end := start.Add(1000 * time.Second)
	runs := []SlotRun{{StartUnix: start.Unix(), SlotSeconds: 10, Count: 50, PowerMegaFLOPS: 10}, {StartUnix: start.Unix() + 500, SlotSeconds: 10, Count: 50, PowerMegaFLOPS: 1000}}
	whole, err := SummariseRuns(start, end, 10, runs, nil)
	if err != nil || whole.MedianMegaFLOPS != 10 {
		t.Fatalf("whole: %+v %v", whole, err)
	}
	unverified := []Interval{{Start: start, End: start.Add(100 * time.Second)}}
	left, err := SummariseRuns(start, end, 10, runs, unverified)
	if err != nil || left.MedianMegaFLOPS != 1000 {
		t.Fatalf("with the slots left out the median rises (the reason to count them at zero): %+v %v", left, err)
	}
	zero, err := SummariseRunsAtZero(start, end, 10, runs, unverified)
	if err != nil || zero.MedianMegaFLOPS > whole.MedianMegaFLOPS || zero.CoveragePPM != whole.CoveragePPM {
		t.Fatalf("at zero: %+v %v", zero, err)
	}
	rng := rand.New(rand.NewSource(34))
	for range 300 {
		var rs []SlotRun
		at := start.Unix()
		for at < end.Unix() {
			n := int64(1 + rng.Intn(10))
			if at+10*n > end.Unix() {
				n = (end.Unix() - at) / 10
			}
			if rng.Intn(4) > 0 {
				rs = append(rs, SlotRun{StartUnix: at, SlotSeconds: 10, Count: n, PowerMegaFLOPS: uint64(rng.Intn(1000))})
			}
			at += 10 * n
		}
		var ivs []Interval
		for range rng.Intn(4) {
			a := start.Add(time.Duration(rng.Intn(1000)) * time.Second)
			ivs = append(ivs, Interval{Start: a, End: a.Add(time.Duration(rng.Intn(300)) * time.Second)})
		}
		w, err1 := SummariseRuns(start, end, 10, rs, nil)
		z, err2 := SummariseRunsAtZero(start, end, 10, rs, ivs)
		if err1 != nil || err2 != nil || z.MedianMegaFLOPS > w.MedianMegaFLOPS || z.MeanMegaFLOPS > w.MeanMegaFLOPS || z.CoveragePPM != w.CoveragePPM {
			t.Fatalf("series %+v, zeroed %v: whole %+v, at zero %+v (%v %v)", rs, ivs, w, z, err1, err2)
		}
	}
}
