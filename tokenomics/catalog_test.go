package tokenomics

import (
	"flag"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

func embedded(t testing.TB) *Catalog {
	t.Helper()
	c, err := LoadEmbeddedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the golden file (run with -update after checking why):\n--- got\n%s", path, got)
	}
}

func TestEmbeddedCatalogCoversTheIssuesHardware(t *testing.T) {
	c := embedded(t)
	for _, name := range []string{"A100-SXM", "A100-PCIE", "H100-SXM", "H100-PCIE", "H200", "L40S", "RTX-3090", "RTX-4090", "MI250", "MI250X", "MI300X", "NVIDIA A100-SXM4-80GB", "nvidia h100 80gb hbm3"} {
		d, err := c.Device(name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if d.Kind != KindGPU || d.Source == "" || d.Precision == "" {
			t.Errorf("%s: kind %s, source %q, precision %q", name, d.Kind, d.Source, d.Precision)
		}
	}
	for _, d := range c.Devices {
		if strings.Contains(strings.ToLower(d.Precision), "sparse") && !strings.Contains(d.Precision, "dense") {
			t.Errorf("%s: figures must be dense, precision says %q", d.ID, d.Precision)
		}
	}
	if c.ReferenceDevice() == nil || c.ReferenceDevice().ID != "A100-SXM4-80GB" {
		t.Fatalf("reference = %v", c.ReferenceDevice())
	}
}

// TestCPUFiguresAreDerived checks cores × clock × FLOPs/cycle (EPYC 7763: 64 × 2.45 × 16).
func TestCPUFiguresAreDerived(t *testing.T) {
	c := embedded(t)
	d, err := c.Device("EPYC-7763")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := d.PeakTFLOPS(FactorFP64), big.NewRat(25088, 10000); got.Cmp(want) != 0 {
		t.Errorf("EPYC-7763 FP64 = %s TFLOPS, want 2.5088", got.FloatString(4))
	}
	if got := d.PeakTFLOPS(FactorFP32); got.Cmp(big.NewRat(50176, 10000)) != 0 {
		t.Errorf("FP32 = %s", got.FloatString(4))
	}
	// A device without tensor units runs tensor work on FP32.
	if got := d.PeakTFLOPS(FactorFP16Tensor); got.Cmp(d.PeakTFLOPS(FactorFP32)) != 0 {
		t.Errorf("FP16 tensor fall-back = %s", got.FloatString(4))
	}
	// FP64 uses the tensor figure where it is higher (A100: 19.5 > 9.7).
	a100, _ := c.Device("A100-SXM4-80GB")
	if got := a100.PeakTFLOPS(FactorFP64); got.Cmp(big.NewRat(195, 10)) != 0 {
		t.Errorf("A100 FP64 = %s, want the tensor 19.5", got.FloatString(2))
	}
}

// TestIndexGolden pins every device's W_i and corrected FLOPS: a change to the catalog or
// the formulas shows up here first.
func TestIndexGolden(t *testing.T) {
	c := embedded(t)
	rows, err := c.Table()
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "catalog %s reference %s = %d MFLOPS\n", c.Version, c.Reference, c.ReferenceScore().PerDeviceMegaFLOPS)
	for _, w := range c.WorkloadIDs() {
		fmt.Fprintf(&b, "FLOPS_avg %s = %s TFLOPS\n", w, c.FLOPSAvg(w).FloatString(6))
	}
	for _, r := range rows {
		fmt.Fprintf(&b, "%-15s", r.Device.ID)
		for _, w := range r.Score.Workloads {
			fmt.Fprintf(&b, " %s W=%s TF=%d", w.Workload, w.Adjustment.FloatString(6), w.CorrectedMegaFLOPS)
		}
		g := c.DeviceGrades(r.Score)
		fmt.Fprintf(&b, " index=%d grades=%s%s\n", r.Score.PerDeviceMegaFLOPS, g.Performance, g.Energy)
	}
	golden(t, "index.golden", b.String())
}

// TestCalibration: the catalog's average GPU is credited with FLOPS_avg exactly, per
// workload (the normalisation of equation 1 documented in docs/tokenomics.md).
func TestCalibration(t *testing.T) {
	c := embedded(t)
	for _, w := range c.WorkloadIDs() {
		sum, n := new(big.Rat), int64(0)
		for _, d := range c.Devices {
			if d.Kind != KindGPU {
				continue
			}
			s, err := c.Score(DeviceSpec{Model: d.ID})
			if err != nil {
				t.Fatal(err)
			}
			v, _ := s.Corrected(w)
			sum.Add(sum, v)
			n++
		}
		mean := sum.Quo(sum, big.NewRat(n, 1))
		if mean.Cmp(c.FLOPSAvg(w)) != 0 {
			t.Errorf("%s: mean corrected %s != FLOPS_avg %s", w, mean.FloatString(9), c.FLOPSAvg(w).FloatString(9))
		}
	}
}

func TestFactorsNormalisedAndWeightsBounded(t *testing.T) {
	c := embedded(t)
	one := big.NewRat(1, 1)
	for _, d := range c.Devices {
		s, err := c.Score(DeviceSpec{Model: d.ID, RDMAGbpsPerDevice: big.NewRat(400, 1)})
		if err != nil {
			t.Fatal(err)
		}
		for k, f := range s.Factors {
			if f.Sign() < 0 || f.Cmp(one) > 0 {
				t.Errorf("%s factor %s = %s, outside [0,1]", d.ID, k, f.FloatString(4))
			}
		}
		for _, w := range s.Workloads {
			if w.Adjustment.Sign() < 0 || w.Adjustment.Cmp(one) > 0 {
				t.Errorf("%s W_%s = %s, outside [0,1]", d.ID, w.Workload, w.Adjustment.FloatString(4))
			}
		}
	}
	// The fastest device on every factor scores W = 1 with the fastest interconnect.
	s, _ := c.Score(DeviceSpec{Model: "MI300X", RDMAGbpsPerDevice: big.NewRat(400, 1)})
	for _, w := range s.Workloads {
		if w.Adjustment.Cmp(one) != 0 {
			t.Errorf("MI300X W_%s = %s, want 1", w.Workload, w.Adjustment.FloatString(4))
		}
	}
}

func TestScoreCountRDMAAndMeasured(t *testing.T) {
	c := embedded(t)
	one, err := c.Score(DeviceSpec{Model: "H100-SXM"})
	if err != nil {
		t.Fatal(err)
	}
	eight, _ := c.Score(DeviceSpec{Model: "H100-SXM", Count: big.NewRat(8, 1)})
	if eight.TotalMegaFLOPS != toMegaFLOPS(new(big.Rat).Mul(one.PerDeviceTFLOPS(), big.NewRat(8, 1))) || eight.PerDeviceMegaFLOPS != one.PerDeviceMegaFLOPS {
		t.Errorf("8 devices: total %d, per device %d (one: %d)", eight.TotalMegaFLOPS, eight.PerDeviceMegaFLOPS, one.PerDeviceMegaFLOPS)
	}
	ib, _ := c.Score(DeviceSpec{Model: "H100-SXM", RDMAGbpsPerDevice: big.NewRat(400, 1)})
	if ib.PerDeviceMegaFLOPS <= one.PerDeviceMegaFLOPS {
		t.Errorf("RDMA did not raise the index: %d vs %d", ib.PerDeviceMegaFLOPS, one.PerDeviceMegaFLOPS)
	}
	inf1, _ := one.Corrected("inference")
	inf2, _ := ib.Corrected("inference")
	if inf1.Cmp(inf2) != 0 {
		t.Errorf("inference has no RDMA weight, yet changed: %s vs %s", inf1.FloatString(3), inf2.FloatString(3))
	}
	// An audit below the peak lowers the index; above the peak is refused.
	slow, err := c.Score(DeviceSpec{Model: "H100-SXM", Measured: &Measured{FP16TensorTFLOPS: MustDecimal("700"), MemoryBandwidthGBps: MustDecimal("3000")}})
	if err != nil {
		t.Fatal(err)
	}
	if slow.PerDeviceMegaFLOPS >= one.PerDeviceMegaFLOPS {
		t.Errorf("measured figures below peak did not lower the index: %d vs %d", slow.PerDeviceMegaFLOPS, one.PerDeviceMegaFLOPS)
	}
	if _, err := c.Score(DeviceSpec{Model: "H100-SXM", Measured: &Measured{FP64TFLOPS: MustDecimal("90")}}); err == nil || !strings.Contains(err.Error(), "exceeds the catalog's peak") {
		t.Errorf("measured FP64 above peak: err = %v", err)
	}
	if _, err := c.Score(DeviceSpec{Model: "H100-SXM", Count: big.NewRat(-1, 1)}); err == nil {
		t.Error("negative count accepted")
	}
	if _, err := c.Device("A100"); err == nil {
		t.Error("unknown name accepted")
	}
	// A CPU's cores are a fraction of its socket.
	spec, err := c.CPUSpec("EPYC-7763", 32)
	if err != nil {
		t.Fatal(err)
	}
	half, _ := c.Score(spec)
	full, _ := c.Score(DeviceSpec{Model: "EPYC-7763"})
	if half.TotalMegaFLOPS != toMegaFLOPS(new(big.Rat).Quo(full.PerDeviceTFLOPS(), big.NewRat(2, 1))) {
		t.Errorf("32 of 64 cores: %d, full socket %d", half.TotalMegaFLOPS, full.TotalMegaFLOPS)
	}
	if _, err := c.CPUSpec("H100-SXM", 4); err == nil {
		t.Error("a GPU accepted as a CPU")
	}
}

func TestAmbiguousAlias(t *testing.T) {
	data := strings.Replace(string(EmbeddedCatalogYAML()), `aliases: ["A100-SXM-40GB"`, `aliases: ["A100-SXM", "A100-SXM-40GB"`, 1)
	c, err := LoadCatalog("amb.yaml", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Device("a100-sxm"); err == nil || !strings.Contains(err.Error(), "matches several rows") {
		t.Errorf("ambiguous alias: err = %v", err)
	}
}

func TestBadCatalogs(t *testing.T) {
	base := string(EmbeddedCatalogYAML())
	cases := []struct {
		name, from, to, want string
	}{
		{"weights", "weights: {fp16Tensor: 0.5, memoryBandwidth: 0.3", "weights: {fp16Tensor: 0.6, memoryBandwidth: 0.3", "workload inference: weights sum to 1.100000, not 1"},
		{"unknown factor", "weights: {fp32: 0.6,", "weights: {fp23: 0.6,", `unknown factor "fp23"`},
		{"mix", "mix: {training: 0.4,", "mix: {training: 0.5,", "mix: shares sum to 1.100000, not 1"},
		{"duplicate", "- id: A100-SXM4-40GB", "- id: A100-SXM4-80GB", `device id "A100-SXM4-80GB" appears twice`},
		{"source", "source: NVIDIA L40S datasheet; FP32 = 18176 CUDA cores x 2 x 2.52 GHz = 91.6", "source: \"\"", "device L40S has no source"},
		{"cpu flops", "    cores: 64\n", "    cores: 64\n    fp64TFLOPS: 3\n", "its FLOPS are derived"},
		{"negative", "fp32TFLOPS: 91.6", "fp32TFLOPS: -91.6", "expected a non-negative decimal number"},
		{"reference", "reference: A100-SXM4-80GB", "reference: A100", `reference "A100" is not a device`},
		{"cpu reference", "reference: A100-SXM4-80GB", "reference: epyc-9654", `reference "epyc-9654" must be a gpu`},
		{"unknown key", "    boardPowerWatts: 350\n", "    boardPowerWatt: 350\n", "boardPowerWatt"},
		{"headline", "headline: fp32", "headline: memoryBandwidth", "headline must be one of"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if !strings.Contains(base, tc.from) {
				t.Fatalf("fixture text %q not in the catalog", tc.from)
			}
			_, err := LoadCatalog("bad.yaml", []byte(strings.Replace(base, tc.from, tc.to, 1)))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want %q", err, tc.want)
			}
			if !strings.Contains(err.Error(), "bad.yaml:") {
				t.Errorf("error without file:line:col: %v", err)
			}
		})
	}
	// Weights on RDMA alone: the reference (no RDMA) would score 0 and CH divide by zero.
	rdmaOnly := regexp.MustCompile(`weights: \{[^}]*\}`).ReplaceAllString(base, "weights: {rdma: 1}")
	if _, err := LoadCatalog("rdma.yaml", []byte(rdmaOnly)); err == nil || !strings.Contains(err.Error(), "scores 0 MFLOPS") {
		t.Errorf("zero reference: %v", err)
	}
	// The reference may be written in any case; it resolves to its row.
	c, err := LoadCatalog("case.yaml", []byte(strings.Replace(base, "reference: A100-SXM4-80GB", "reference: a100-sxm4-80gb", 1)))
	if err != nil || c.ReferenceDevice() == nil || c.Reference != "A100-SXM4-80GB" {
		t.Errorf("lower-case reference: %v", err)
	}
	if _, err := LoadCatalog("empty.yaml", nil); err == nil {
		t.Error("empty catalog accepted")
	}
}

func TestPayment(t *testing.T) {
	// 1 PFLOPS for 1 hour at 2 DPS per PFLOPS-hour = 2 DPS; 15 days = 720 DPS.
	cost := MustAmount("2")
	if got := Payment(cost, 1_000_000_000, 3600); got.Cmp(MustAmount("2")) != 0 {
		t.Errorf("payment = %s", FormatAmount(got))
	}
	if got := Payment(cost, 1_000_000_000, 15*24*3600); got.Cmp(MustAmount("720")) != 0 {
		t.Errorf("payment = %s", FormatAmount(got))
	}
	// Rounded down: 1 MFLOPS for 1 s at 1 wei per PFLOPS-hour is 0.
	if got := Payment(big.NewInt(1), 1, 1); got.Sign() != 0 {
		t.Errorf("payment = %s wei, want 0", got)
	}
}

// UnitFigures, computed once at load, are what Score gives one device without RDMA.
func TestUnitFiguresAreTheScores(t *testing.T) {
	cat, err := LoadEmbeddedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	rows, err := cat.Table()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		mf, watts, err := cat.UnitFigures(r.Device.ID)
		if err != nil || mf == 0 || mf != r.Score.PerDeviceMegaFLOPS || watts.Cmp(r.Score.BoardPowerWatts) != 0 {
			t.Errorf("%s: %d MFLOPS, %v W (%v); Score: %d, %v", r.Device.ID, mf, watts, err, r.Score.PerDeviceMegaFLOPS, r.Score.BoardPowerWatts)
		}
	}
	if _, _, err := cat.UnitFigures("Z9000"); err == nil {
		t.Error("a model the catalog does not know")
	}
}
