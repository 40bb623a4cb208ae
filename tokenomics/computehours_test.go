package tokenomics

import (
	"math/big"
	"testing"
	"time"
)

func TestComputeHours(t *testing.T) {
	c := embedded(t)
	ref := c.ReferenceScore().PerDeviceMegaFLOPS
	// The reference system for one hour is exactly one Compute Hour.
	if ch, err := ComputeHoursMilli(ref, ref, 3600); err != nil || ch != 1000 {
		t.Fatalf("reference for 1 h = %d mCH, %v", ch, err)
	}
	// Twice the reference for 30 minutes is one CH (paper §7.1's example, inverted).
	if ch, _ := ComputeHoursMilli(2*ref, ref, 1800); ch != 1000 {
		t.Errorf("2× reference for 30 min = %d mCH", ch)
	}
	if _, err := ComputeHoursMilli(1, 0, 1); err == nil {
		t.Error("zero reference accepted")
	}
}

func TestGradeBounds(t *testing.T) {
	for _, tc := range []struct {
		perf uint64
		want string
	}{{200, "A"}, {199, "B"}, {125, "B"}, {124, "C"}, {80, "C"}, {79, "D"}, {0, "D"}} {
		if got := PerformanceGrade(tc.perf, 100); got != tc.want {
			t.Errorf("performance %d%% of reference: %s, want %s", tc.perf, got, tc.want)
		}
	}
	for _, tc := range []struct {
		ppm  uint64
		want string
	}{{1_000_000, "1"}, {999_001, "1"}, {999_000, "2"}, {990_000, "2"}, {989_999, "3"}, {950_000, "3"}, {949_999, "4"}, {0, "4"}} {
		if got := ReliabilityGrade(tc.ppm); got != tc.want {
			t.Errorf("uptime %d ppm: grade %s, want %s", tc.ppm, got, tc.want)
		}
	}
	w := big.NewRat(100, 1)
	if g := EnergyGrade(125, w, 100, w); g != "X" {
		t.Errorf("1.25× efficiency: %s", g)
	}
	if g := EnergyGrade(80, w, 100, w); g != "Y" {
		t.Errorf("0.8× efficiency: %s", g)
	}
	if g := EnergyGrade(79, w, 100, w); g != "Z" {
		t.Errorf("0.79× efficiency: %s", g)
	}
	c := embedded(t)
	h100, _ := c.Score(DeviceSpec{Model: "H100-SXM"})
	rtx, _ := c.Score(DeviceSpec{Model: "RTX-3090"})
	if g := c.DeviceGrades(h100); g.Performance != "A" {
		t.Errorf("H100 SXM grades %v", g)
	}
	if g := c.DeviceGrades(rtx); g.Performance != "D" || g.Energy != "Z" {
		t.Errorf("RTX 3090 grades %v", g)
	}
}

func TestMeasureReliability(t *testing.T) {
	t0 := time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC)
	slot := func(node string, i int, up bool) AvailabilityObservation {
		return AvailabilityObservation{Node: node, SlotStart: t0.Add(time.Duration(i) * time.Minute), SlotSeconds: 60, Available: up}
	}
	obs := []AvailabilityObservation{
		// n1: up 3, (slots 3–4 unobserved), down 2, up 5 → one failure, one repair.
		slot("n1", 0, true), slot("n1", 1, true), slot("n1", 2, true),
		slot("n1", 5, false), slot("n1", 6, false),
		slot("n1", 7, true), slot("n1", 8, true), slot("n1", 9, true), slot("n1", 10, true), slot("n1", 11, true),
		// n2: always up; its first slot follows n1's last, which is no transition.
		slot("n2", 0, true), slot("n2", 1, true),
	}
	r, err := MeasureReliability(obs)
	if err != nil {
		t.Fatal(err)
	}
	if r.ObservedSeconds != 12*60 || r.UpSeconds != 10*60 || r.Failures != 1 || r.Repairs != 1 {
		t.Fatalf("%+v", r)
	}
	if *r.MTBFSeconds != 600 || *r.MTTRSeconds != 120 || r.UptimePPM != 833_333 || r.Grade != "4" {
		t.Errorf("MTBF %d MTTR %d uptime %d grade %s", *r.MTBFSeconds, *r.MTTRSeconds, r.UptimePPM, r.Grade)
	}
	if _, err := MeasureReliability([]AvailabilityObservation{slot("n", 1, true), slot("n", 0, true)}); err == nil {
		t.Error("out-of-order observations accepted")
	}
	empty, _ := MeasureReliability(nil)
	if empty.MTBFSeconds != nil || empty.Grade != "" {
		t.Errorf("no observations: %+v", empty)
	}
}
