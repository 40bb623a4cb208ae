package tokenomics

import (
	"errors"
	"math"
	"math/big"
	"strings"
	"testing"
)

func TestGPUSpecSharesTheAdapters(t *testing.T) {
	c := embedded(t)
	// Two 400 Gb/s adapters for eight GPUs: 100 Gb/s each.
	spec, err := c.GPUSpec("H100-SXM", 8, "IB-NDR", 2)
	if err != nil {
		t.Fatal(err)
	}
	if spec.Model != "H100-SXM" || spec.Count.Cmp(big.NewRat(8, 1)) != 0 || spec.RDMAGbpsPerDevice.Cmp(big.NewRat(100, 1)) != 0 {
		t.Errorf("spec %s × %s, %s Gb/s per GPU", spec.Count, spec.Model, spec.RDMAGbpsPerDevice)
	}
	if spec, err := c.GPUSpec("H100-SXM", 4, "none", 1); err != nil || spec.RDMAGbpsPerDevice.Sign() != 0 {
		t.Errorf("no interconnect: %v, %v", spec.RDMAGbpsPerDevice, err)
	}
	if _, err := c.GPUSpec("H100-SXM", 1, "smoke-signals", 1); err == nil || !strings.Contains(err.Error(), "unknown interconnect") {
		t.Errorf("unknown interconnect: %v", err)
	}
	for _, bad := range []struct{ count, adapters int64 }{{0, 1}, {-1, 1}, {1, -1}} {
		if _, err := c.GPUSpec("H100-SXM", bad.count, "none", bad.adapters); err == nil {
			t.Errorf("%d GPUs, %d adapters accepted", bad.count, bad.adapters)
		}
	}
}

func TestScoreNodeAddsItsParts(t *testing.T) {
	c := embedded(t)
	gpus, err := c.GPUSpec("H100-SXM", 8, "ib-ndr", 8)
	if err != nil {
		t.Fatal(err)
	}
	cpus, err := c.CPUSpec("EPYC-7763", 64)
	if err != nil {
		t.Fatal(err)
	}
	n, err := c.ScoreNode(gpus, cpus)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := c.Score(gpus)
	p, _ := c.Score(cpus)
	if len(n.Parts) != 2 || n.Parts[0].Model != g.Model || n.Parts[1].Model != p.Model {
		t.Fatalf("parts %+v", n.Parts)
	}
	if n.TotalMegaFLOPS != g.TotalMegaFLOPS+p.TotalMegaFLOPS || n.ReferenceMegaFLOPS != c.ReferenceScore().PerDeviceMegaFLOPS {
		t.Errorf("total %d, reference %d", n.TotalMegaFLOPS, n.ReferenceMegaFLOPS)
	}
	want, _ := ComputeHoursMilli(n.TotalMegaFLOPS, n.ReferenceMegaFLOPS, 9000)
	if got, err := n.ComputeHoursMilli(9000); err != nil || got != want {
		t.Errorf("Compute Hours: %d mCH, %v; want %d", got, err, want)
	}
	cost := MustAmount("0.01")
	if got := n.Payment(cost, 9000); got.Cmp(Payment(cost, n.TotalMegaFLOPS, 9000)) != 0 {
		t.Errorf("payment %s", FormatAmount(got))
	}
	// The reference system for one hour is one Compute Hour.
	ref, _ := c.ScoreNode(DeviceSpec{Model: c.Reference})
	if ch, err := ref.ComputeHoursMilli(3600); err != nil || ch != 1000 {
		t.Errorf("reference for 1 h: %d mCH, %v", ch, err)
	}
}

func TestScoreNodeRefusesWhatUint64CannotHold(t *testing.T) {
	c := embedded(t)
	// One part too large on its own is capped at the largest uint64, which is refused too.
	huge := DeviceSpec{Model: "H100-SXM", Count: big.NewRat(1<<62, 1)}
	if _, err := c.ScoreNode(huge); !errors.Is(err, ErrNodeIndexOverflow) {
		t.Errorf("one huge part: %v", err)
	}
	// Two parts that fit alone but not together.
	one, _ := c.Score(DeviceSpec{Model: "H100-SXM"})
	half := DeviceSpec{Model: "H100-SXM", Count: big.NewRat(int64(math.MaxUint64/2/one.PerDeviceMegaFLOPS)+1, 1)}
	if _, err := c.ScoreNode(half); err != nil {
		t.Fatalf("half the range: %v", err)
	}
	if _, err := c.ScoreNode(half, half); !errors.Is(err, ErrNodeIndexOverflow) || err.Error() != "the node's index does not fit in 64 bits of MFLOPS" {
		t.Errorf("two halves: %v", err)
	}
	if _, err := c.ScoreNode(DeviceSpec{Model: "A100"}); err == nil || !strings.Contains(err.Error(), "not in hardware catalog") {
		t.Errorf("unknown model: %v", err)
	}
}

func TestHoursToSeconds(t *testing.T) {
	for hours, want := range map[float64]uint64{
		1: 3600, 2.5: 9000, 360: 1_296_000, 1.0 / 7200: 0, 0.0004: 1, 0: 0, -1: 0,
		math.NaN(): 0, math.Inf(1): math.MaxUint64, 1e300: math.MaxUint64,
	} {
		if got := HoursToSeconds(hours); got != want {
			t.Errorf("%g h = %d s, want %d", hours, got, want)
		}
	}
}
