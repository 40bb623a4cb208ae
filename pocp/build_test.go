package pocp

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func i64(v int64) *int64 { return &v }

func TestGPUAggregator(t *testing.T) {
	start := DefaultGenesis
	end := start.Add(time.Hour)
	a, err := NewGPUAggregator(start, end, 60)
	if err != nil {
		t.Fatal(err)
	}
	// Two GPUs sampled every 10 s for the hour; g1 at 300 W, g2 at 100 W, then 500 W for
	// the last 20 minutes. g2 misses minute 5 entirely.
	for s := int64(0); s < 3600; s += 10 {
		at := start.Add(time.Duration(s) * time.Second)
		if err := a.Add(GPUSample{UUID: "g1", At: at, PowerMilliwatts: i64(300_000), EnergyDeltaMillijoules: i64(3_000_000), DeltaSource: "counter"}); err != nil {
			t.Fatal(err)
		}
		if s/60 == 5 {
			continue
		}
		p := int64(100_000)
		if s >= 2400 {
			p = 500_000
		}
		src := "counter"
		if s == 1000 {
			src = "counter_reset"
		}
		if err := a.Add(GPUSample{UUID: "g2", At: at, PowerMilliwatts: i64(p), EnergyDeltaMillijoules: i64(p * 10), DeltaSource: src}); err != nil {
			t.Fatal(err)
		}
	}
	// Outside the period: ignored.
	_ = a.Add(GPUSample{UUID: "g1", At: end, PowerMilliwatts: i64(1), EnergyDeltaMillijoules: i64(1 << 40), DeltaSource: "counter"})
	if err := a.Add(GPUSample{UUID: "g1", At: start, PowerMilliwatts: i64(1)}); err == nil || !strings.Contains(err.Error(), "out of order") {
		t.Errorf("out-of-order sample: %v", err)
	}
	s := a.Finish()
	// Slots with both GPUs: 59; 39 at 400 W and 20 at 800 W → median 400 W.
	if s.GPUs != 2 || s.PowerSlotsCovered != 59 || s.MedianPowerMilliwatts != 400_000 {
		t.Errorf("%+v", s)
	}
	wantEnergy := uint64(360*3_000_000) + uint64(234*1_000_000+120*5_000_000)
	if s.EnergyMillijoules != wantEnergy || s.EstimatedMillijoules != 1_000_000 {
		t.Errorf("energy %d (want %d), estimated %d", s.EnergyMillijoules, wantEnergy, s.EstimatedMillijoules)
	}
}

func TestBuildAndPlausibility(t *testing.T) {
	cal, _ := NewCalendar(DefaultGenesis, 3600) // one-hour periods for the test
	start, end, _ := cal.Period(2)
	var nodes []NodeObservation
	for m := 0; m < 60; m++ {
		if m >= 50 {
			break // the last 10 minutes were not observed
		}
		at := start.Add(time.Duration(m) * time.Minute)
		nodes = append(nodes,
			NodeObservation{Node: "n1", SlotStart: at, SlotSeconds: 60, Available: true, PowerMegaFLOPS: 1_000_000},
			NodeObservation{Node: "n2", SlotStart: at, SlotSeconds: 60, Available: m%10 != 0, PowerMegaFLOPS: 3_000_000},
		)
	}
	// An observation of the previous period is ignored.
	nodes = append(nodes, NodeObservation{Node: "n1", SlotStart: start.Add(-time.Minute), SlotSeconds: 60, Available: true, PowerMegaFLOPS: 99})
	jobs := []JobUsage{
		{Start: start.Add(-30 * time.Minute), End: start.Add(30 * time.Minute), GPUs: 2, PowerMegaFLOPS: 500_000}, // half in the period
		{Start: start.Add(10 * time.Minute), End: start.Add(20 * time.Minute), GPUs: 1, PowerMegaFLOPS: 250_000},
		{Start: end, End: end.Add(time.Hour), GPUs: 4, PowerMegaFLOPS: 1},                                // next period
		{Start: start.Add(5 * time.Minute), End: start.Add(5 * time.Minute), GPUs: 1, PowerMegaFLOPS: 1}, // never ran
	}
	in := BuildInput{Calendar: cal, Epoch: 2, Cluster: "alpha", SlotSeconds: 60, Nodes: nodes, Jobs: jobs,
		GPU: GPUSummary{GPUs: 4, EnergyMillijoules: 1_000_000_000, MedianPowerMilliwatts: 1_600_000, PowerSlotsCovered: 50}, ReferenceMegaFLOPS: 250_000, MinCoveragePPM: 900_000}
	r, ps, err := Build(in)
	if err != nil {
		t.Fatal(err)
	}
	// 45 slots at 4 TFLOPS, 5 at 1 TFLOPS: median 4,000,000 MFLOPS; 50 of 60 slots.
	if r.MedianMegaFLOPS != 4_000_000 || r.MaxMegaFLOPS != 4_000_000 || r.CapacityMegaFLOPS != 4_000_000 || r.SlotsCovered != 50 || r.SlotsTotal != 60 || r.CoveragePPM != 833_333 || !r.LowCoverage {
		t.Fatalf("report %+v", r)
	}
	if r.MeanMegaFLOPS != (45*4_000_000+5*1_000_000)/50 {
		t.Errorf("mean %d", r.MeanMegaFLOPS)
	}
	// Jobs: two ran in the period; 2 GPUs × 30 min + 1 × 10 min = 4,200 GPU-seconds;
	// CH = (500,000 × 1800 + 250,000 × 600) / 250,000 / 3600 = 1.1666 CH.
	if r.JobsRun != 2 || r.GPUSeconds != 4200 || r.ComputeHoursMilli != 1166 {
		t.Errorf("jobs %d, GPU-s %d, mCH %d", r.JobsRun, r.GPUSeconds, r.ComputeHoursMilli)
	}
	if r.AvailableComputeHoursMilli != ps.AvailableMegaFLOPSSeconds*1000/(250_000*3600) || r.EfficiencyMegaFLOPSPerWatt != 2500 {
		t.Errorf("available mCH %d, efficiency %d", r.AvailableComputeHoursMilli, r.EfficiencyMegaFLOPSPerWatt)
	}

	reg := Registration{CapacityMegaFLOPS: 4_000_000, GPUs: 4, PowerLimitMilliwatts: 4 * 400_000, ReferenceMegaFLOPS: 250_000}
	pol := DefaultPolicy()
	pol.MinCoveragePPM = 800_000
	rules := func(r *Report, reg Registration, acct *AccountingView) string {
		var names []string
		for _, v := range CheckPlausibility(r, reg, cal, pol, acct) {
			names = append(names, v.Rule)
		}
		return strings.Join(names, ",")
	}
	if got := rules(r, reg, &AccountingView{JobsRun: 2, GPUSeconds: 4100}); got != "" {
		t.Fatalf("a good report violates %s", got)
	}
	over := *r
	over.MedianMegaFLOPS, over.MaxMegaFLOPS, over.CapacityMegaFLOPS = 5_000_000, 5_000_000, 5_000_000
	over.GFL = nil
	if got := rules(&over, reg, nil); got != "shape" {
		t.Errorf("inconsistent gfl: %s", got)
	}
	over2, _, _ := Build(BuildInput{Calendar: cal, Epoch: 2, Cluster: "alpha", SlotSeconds: 60, ReferenceMegaFLOPS: 1,
		Nodes: []NodeObservation{{Node: "n", SlotStart: start, SlotSeconds: 60, Available: true, PowerMegaFLOPS: 9_000_000}}})
	reg2 := reg
	if got := rules(over2, reg2, nil); !strings.Contains(got, "coverage") || !strings.Contains(got, "capacity") {
		t.Errorf("over capacity and low coverage: %s", got)
	}
	wrongEpoch := *r
	wrongEpoch.Epoch = 3
	if got := rules(&wrongEpoch, reg, nil); got != "epoch" {
		t.Errorf("wrong epoch: %s", got)
	}
	if got := rules(r, reg, &AccountingView{JobsRun: 9, GPUSeconds: 9000}); got != "accounting,accounting" {
		t.Errorf("disagreeing accounting: %s", got)
	}
	tooHot := *r
	tooHot.EnergyMillijoules = 4 * 400_000 * 3600 * 2
	if got := rules(&tooHot, reg, nil); got != "energy" {
		t.Errorf("energy above the power limit: %s", got)
	}
	lessGPUs := reg
	lessGPUs.GPUs = 1
	if got := rules(r, lessGPUs, nil); got != "inventory,gpu-hours" {
		t.Errorf("GPU-hours over inventory: %s", got)
	}
	// 4 TFLOPS for an hour is 16 CH at a 0.25 TFLOPS reference, 16.8 with the 5 % tolerance.
	busy := *r
	busy.ComputeHoursMilli = 16_801
	if got := rules(&busy, reg, nil); got != "compute-hours" {
		t.Errorf("CH beyond capacity: %s", got)
	}
	busy.ComputeHoursMilli = 16_000
	if got := rules(&busy, reg, nil); got != "" {
		t.Errorf("CH at capacity: %s", got)
	}
	otherCatalog := reg
	otherCatalog.CatalogSHA256[0] = 1
	if got := rules(r, otherCatalog, nil); got != "catalog" {
		t.Errorf("catalog: %s", got)
	}
	dup := append(nodes, nodes[0])
	if _, _, err := Build(BuildInput{Calendar: cal, Epoch: 2, Cluster: "alpha", SlotSeconds: 60, Nodes: dup, ReferenceMegaFLOPS: 1}); err == nil {
		t.Error("a node observed twice in a slot accepted")
	}
}

func TestGPUEnergyAcrossPeriodBounds(t *testing.T) {
	start := DefaultGenesis
	end := start.Add(time.Hour)
	a, _ := NewGPUAggregator(start, end, 60)
	day := int64(24 * 3600 * 1000)
	ten := int64(10_000)
	// The sampler was paused for a day and resumed 10 minutes into the period: of the
	// day-long gap delta, only its last 10 minutes belong to this period.
	must := func(s GPUSample) {
		t.Helper()
		if err := a.Add(s); err != nil {
			t.Fatal(err)
		}
	}
	must(GPUSample{UUID: "a", At: start.Add(10 * time.Minute), PowerMilliwatts: i64(100_000), EnergyDeltaMillijoules: i64(8_640_000_000), IntervalMilliseconds: &day, DeltaSource: "gap"})
	// The first sample after the end: half of its 10 s interval is inside.
	must(GPUSample{UUID: "a", At: end.Add(5 * time.Second), PowerMilliwatts: i64(100_000), EnergyDeltaMillijoules: i64(1_000_000), IntervalMilliseconds: &ten, DeltaSource: "counter"})
	// A GPU seen only after the end is not this period's.
	must(GPUSample{UUID: "late", At: end.Add(time.Minute), PowerMilliwatts: i64(1), EnergyDeltaMillijoules: i64(1), IntervalMilliseconds: &ten, DeltaSource: "counter"})
	s := a.Finish()
	if want := uint64(8_640_000_000/144 + 500_000); s.EnergyMillijoules != want || s.GPUs != 1 {
		t.Errorf("energy %d mJ (want %d), %d GPUs", s.EnergyMillijoules, want, s.GPUs)
	}

	// GPU b reports power in the first half, c in the second: no slot has every GPU, so
	// no power slot is covered (rather than a median of half the draw).
	b, _ := NewGPUAggregator(start, end, 60)
	for m := 0; m < 60; m++ {
		uuid := "b"
		if m >= 30 {
			uuid = "c"
		}
		if err := b.Add(GPUSample{UUID: uuid, At: start.Add(time.Duration(m) * time.Minute), PowerMilliwatts: i64(300_000)}); err != nil {
			t.Fatal(err)
		}
	}
	if s := b.Finish(); s.PowerSlotsCovered != 0 || s.MedianPowerMilliwatts != 0 || s.GPUs != 2 {
		t.Errorf("disjoint GPUs: %+v", s)
	}
	// A GPU's first sample without power still orders its later samples.
	c, _ := NewGPUAggregator(start, end, 60)
	_ = c.Add(GPUSample{UUID: "d", At: start.Add(time.Minute)})
	if err := c.Add(GPUSample{UUID: "d", At: start}); err == nil {
		t.Error("out-of-order samples accepted before the first power reading")
	}
}

// Consecutive periods share out every delta that straddles their bound: their energies add
// up to the sum of the deltas to the millijoule, whatever the sampling phase and the
// remainders of the split.
func TestGPUEnergyConservedAcrossPeriods(t *testing.T) {
	const periods = 3
	var aggs [periods]*GPUAggregator
	for i := range aggs {
		start := DefaultGenesis.Add(time.Duration(i) * time.Minute)
		a, err := NewGPUAggregator(start, start.Add(time.Minute), 10)
		if err != nil {
			t.Fatal(err)
		}
		aggs[i] = a
	}
	var total uint64
	// Eight GPUs sampled every 247 ms (so that samples straddle the bounds at odd phases),
	// each sample's delta an odd number of millijoules that no split divides evenly.
	intervalMs := int64(247)
	for g := 0; g < 8; g++ {
		uuid := fmt.Sprintf("gpu-%d", g)
		for at := DefaultGenesis.Add(time.Duration(intervalMs+int64(g)*31) * time.Millisecond); at.Before(DefaultGenesis.Add(periods * time.Minute)); at = at.Add(time.Duration(intervalMs) * time.Millisecond) {
			delta := int64(24_691 + 2*g + int(at.UnixMilli()%7)*2)
			total += uint64(delta)
			for _, a := range aggs {
				if err := a.Add(GPUSample{UUID: uuid, At: at, PowerMilliwatts: i64(100_000), EnergyDeltaMillijoules: &delta, IntervalMilliseconds: &intervalMs, DeltaSource: "counter"}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	// A gap delta (the sampler paused) over (20 s, 170 s]: split three ways, the middle
	// period holding the whole of its part.
	gapMs, gapDelta := int64(150_000), int64(1_000_003)
	total += uint64(gapDelta)
	for _, a := range aggs {
		if err := a.Add(GPUSample{UUID: "paused", At: DefaultGenesis.Add(170 * time.Second), EnergyDeltaMillijoules: &gapDelta, IntervalMilliseconds: &gapMs, DeltaSource: "gap"}); err != nil {
			t.Fatal(err)
		}
	}
	var sum uint64
	for _, a := range aggs {
		sum += a.Finish().EnergyMillijoules
	}
	if sum != total {
		t.Errorf("the periods count %d mJ, the samples %d mJ", sum, total)
	}
}

func TestHostileFiguresDoNotPanic(t *testing.T) {
	cal, _ := NewCalendar(DefaultGenesis, 3600)
	start, _, _ := cal.Period(0)
	in := BuildInput{Calendar: cal, Epoch: 0, Cluster: "x", SlotSeconds: 60, ReferenceMegaFLOPS: 1 << 60,
		Nodes: []NodeObservation{{Node: "n", SlotStart: start, SlotSeconds: 60, Available: true, PowerMegaFLOPS: 5}},
		Jobs:  []JobUsage{{Start: start, End: start.Add(time.Minute), GPUs: 1 << 62, PowerMegaFLOPS: 1 << 62}}}
	if _, _, err := Build(in); err == nil || !strings.Contains(err.Error(), "do not fit") {
		t.Errorf("GPU-seconds beyond 64 bits: %v", err)
	}
	in.Jobs = nil
	r, _, err := Build(in)
	if err != nil || r.AvailableComputeHoursMilli != 0 {
		t.Fatalf("a huge reference: %v", err)
	}
	in.Epoch = 1 << 50
	if _, _, err := Build(in); err == nil {
		t.Error("an unrepresentable epoch accepted")
	}
	// A report for epoch 5 + 2^48 with epoch 5's dates is refused by the gateway's rules.
	five, _, _ := Build(BuildInput{Calendar: cal, Epoch: 5, Cluster: "x", SlotSeconds: 60, ReferenceMegaFLOPS: 1})
	five.Epoch += 1 << 48
	reg := Registration{CapacityMegaFLOPS: 1, GPUs: 1, ReferenceMegaFLOPS: 1 << 62}
	var rules []string
	for _, v := range CheckPlausibility(five, reg, cal, DefaultPolicy(), nil) {
		rules = append(rules, v.Rule)
	}
	if len(rules) == 0 || rules[0] != "epoch" {
		t.Errorf("a wrapped epoch: %v", rules)
	}
}
