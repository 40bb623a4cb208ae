package tokenomics

import (
	"errors"
	"fmt"
	"math/big"
	"sort"
)

// megaPerTera converts TFLOPS to MFLOPS, the integer unit of every stored index figure
// (1 PFLOPS = 10^9 MFLOPS, so a uint64 holds 1.8 × 10^10 PFLOPS).
var megaPerTera = big.NewRat(1_000_000, 1)

// DeviceSpec asks for the index of Count devices of one catalog model.
type DeviceSpec struct {
	// Model is a catalog id or alias.
	Model string
	// Count is the number of GPUs, or of CPU sockets (fractional when a node exposes only
	// part of a socket: cores / cores per socket).
	Count *big.Rat
	// RDMAGbpsPerDevice is the RDMA bandwidth each device can use (adapters × line rate /
	// devices); nil or 0 for none.
	RDMAGbpsPerDevice *big.Rat
	// Measured overrides catalog figures with audit results (whitepaper §6.3.2: "integrate
	// benchmark results and empirical data").
	Measured *Measured
}

// Measured holds audit results for one device; unset figures keep the catalog's.
type Measured struct {
	FP64TFLOPS          Decimal `yaml:"fp64TFLOPS" json:"fp64TFLOPS"`
	FP32TFLOPS          Decimal `yaml:"fp32TFLOPS" json:"fp32TFLOPS"`
	TF32TensorTFLOPS    Decimal `yaml:"tf32TensorTFLOPS" json:"tf32TensorTFLOPS"`
	FP16TensorTFLOPS    Decimal `yaml:"fp16TensorTFLOPS" json:"fp16TensorTFLOPS"`
	MemoryBandwidthGBps Decimal `yaml:"memoryBandwidthGBps" json:"memoryBandwidthGBps"`
	// MemoryGB is the memory a device can use; for a CPU socket it is the node's memory per
	// socket, which the catalog cannot know.
	MemoryGB Decimal `yaml:"memoryGB" json:"memoryGB"`
	// Source says which audit produced the figures (benchmark, date, report id).
	Source string `yaml:"source" json:"source"`
}

// WorkloadScore is equation (1)–(2) for one workload and one device.
type WorkloadScore struct {
	Workload string `json:"workload"`
	// Adjustment is W_i, the weighted sum of normalised factors.
	Adjustment *big.Rat `json:"-"`
	// CorrectedMegaFLOPS is FLOPS_corrected,i for one device, rounded down.
	CorrectedMegaFLOPS uint64 `json:"correctedMegaFlops"`
	corrected          *big.Rat
}

// Score is the computational power index of DeviceSpec.Count devices.
type Score struct {
	Model string   `json:"model"`
	Kind  string   `json:"kind"`
	Count *big.Rat `json:"-"`
	// Factors are the device's normalised performance factors, in [0, 1] for catalog figures.
	Factors   map[string]*big.Rat `json:"-"`
	Workloads []WorkloadScore     `json:"workloads"`
	// PerDeviceMegaFLOPS is the mix-weighted corrected FLOPS of one device.
	PerDeviceMegaFLOPS uint64 `json:"perDeviceMegaFlops"`
	// TotalMegaFLOPS is PerDevice × Count, computed exactly then rounded down.
	TotalMegaFLOPS uint64 `json:"totalMegaFlops"`
	// BoardPowerWatts is the catalog's board power of one device.
	BoardPowerWatts *big.Rat `json:"-"`
	perDevice       *big.Rat // TFLOPS, exact
}

// Score computes the index of a device spec. Equation (1) of whitepaper §6.2 is
// FLOPS_corrected,i = FLOPS_avg × W_i; here FLOPS_avg is the catalog's mean headline FLOPS for
// workload i and W_i is divided by its catalog mean, so that the catalog's average
// accelerator is credited with exactly the average FLOPS (without this, max-normalised
// factors make every device, the fastest included, worth less than the average).
func (c *Catalog) Score(spec DeviceSpec) (Score, error) {
	d, err := c.Device(spec.Model)
	if err != nil {
		return Score{}, err
	}
	count := spec.Count
	if count == nil {
		count = big.NewRat(1, 1)
	}
	if count.Sign() < 0 {
		return Score{}, fmt.Errorf("%s: device count %s is negative", d.ID, count.FloatString(3))
	}
	m, err := applyMeasured(d, spec.Measured)
	if err != nil {
		return Score{}, err
	}
	rdma := spec.RDMAGbpsPerDevice
	if rdma != nil && rdma.Sign() < 0 {
		return Score{}, fmt.Errorf("%s: RDMA bandwidth %s Gb/s is negative", d.ID, rdma.FloatString(3))
	}
	s := Score{Model: d.ID, Kind: d.Kind, Count: new(big.Rat).Set(count), Factors: c.factors(m, rdma), BoardPowerWatts: d.BoardPowerWatts.Rat()}
	mixed := new(big.Rat)
	for _, w := range c.Workloads {
		adj := c.adjustment(w, m, rdma)
		corrected := new(big.Rat)
		if c.meanW[w.ID] != nil && c.meanW[w.ID].Sign() > 0 {
			corrected.Mul(c.flopsAvg[w.ID], adj)
			corrected.Quo(corrected, c.meanW[w.ID])
		}
		s.Workloads = append(s.Workloads, WorkloadScore{
			Workload:           w.ID,
			Adjustment:         adj,
			CorrectedMegaFLOPS: toMegaFLOPS(corrected),
			corrected:          corrected,
		})
		if share, ok := c.Mix[w.ID]; ok {
			mixed.Add(mixed, new(big.Rat).Mul(share.Rat(), corrected))
		}
	}
	s.perDevice = mixed
	s.PerDeviceMegaFLOPS = toMegaFLOPS(mixed)
	s.TotalMegaFLOPS = toMegaFLOPS(new(big.Rat).Mul(mixed, count))
	return s, nil
}

// CPUSpec is the spec of `cores` cores of a CPU model (a fraction of a socket or several).
func (c *Catalog) CPUSpec(model string, cores int64) (DeviceSpec, error) {
	d, err := c.Device(model)
	if err != nil {
		return DeviceSpec{}, err
	}
	if d.Kind != KindCPU {
		return DeviceSpec{}, fmt.Errorf("%s is a %s, not a cpu", d.ID, d.Kind)
	}
	if cores < 0 {
		return DeviceSpec{}, fmt.Errorf("%s: %d cores", d.ID, cores)
	}
	return DeviceSpec{Model: d.ID, Count: big.NewRat(cores, int64(d.Cores))}, nil
}

// Corrected returns FLOPS_corrected for one workload of one device (exact, TFLOPS).
func (s Score) Corrected(workload string) (*big.Rat, bool) {
	for _, w := range s.Workloads {
		if w.Workload == workload {
			return new(big.Rat).Set(w.corrected), true
		}
	}
	return nil, false
}

// PerDeviceTFLOPS is the exact mix-weighted index of one device.
func (s Score) PerDeviceTFLOPS() *big.Rat { return new(big.Rat).Set(s.perDevice) }

// FactorFloat is a factor for display.
func (s Score) FactorFloat(k string) float64 {
	if v := s.Factors[k]; v != nil {
		return ratFloat(v)
	}
	return 0
}

func toMegaFLOPS(tflops *big.Rat) uint64 {
	v := ratFloor(new(big.Rat).Mul(tflops, megaPerTera))
	if !v.IsUint64() {
		return ^uint64(0)
	}
	return v.Uint64()
}

// applyMeasured overlays audit figures on the catalog's. A measured figure above the
// catalog's peak is refused: a peak is an upper bound no benchmark can beat, so such a figure
// is a mistake or a lie.
func applyMeasured(d *Device, ms *Measured) (metrics, error) {
	m := metrics{}
	for k, v := range d.metrics {
		m[k] = new(big.Rat).Set(v)
	}
	if ms == nil {
		return m, nil
	}
	var errs []error
	over := func(factor, name string, dec Decimal, capped bool) {
		if !dec.IsSet() {
			return
		}
		v := dec.Rat()
		if capped && m[factor] != nil && v.Cmp(m[factor]) > 0 {
			errs = append(errs, fmt.Errorf("%s: measured %s %s exceeds the catalog's peak %s", d.ID, name, dec, new(Decimal).setRat(m[factor])))
			return
		}
		m[factor] = v
	}
	over(FactorFP64, "fp64TFLOPS", ms.FP64TFLOPS, true)
	over(FactorFP32, "fp32TFLOPS", ms.FP32TFLOPS, true)
	over(FactorTF32Tensor, "tf32TensorTFLOPS", ms.TF32TensorTFLOPS, true)
	over(FactorFP16Tensor, "fp16TensorTFLOPS", ms.FP16TensorTFLOPS, true)
	over(FactorMemoryBandwidth, "memoryBandwidthGBps", ms.MemoryBandwidthGBps, true)
	over(FactorMemoryCapacity, "memoryGB", ms.MemoryGB, d.Kind == KindGPU)
	return m, errors.Join(errs...)
}

func (d *Decimal) setRat(r *big.Rat) Decimal {
	d.r.Set(r)
	d.set = true
	return *d
}

// Payment is equation (3): P_i = C × FLOPS_corrected,i × T, with C in DPS wei per PFLOPS per
// hour, FLOPS in MFLOPS and T in seconds; rounded down, as the contracts do.
func Payment(costWeiPerPFLOPSHour *big.Int, correctedMegaFLOPS uint64, durationSeconds uint64) *big.Int {
	p := new(big.Int).Mul(costWeiPerPFLOPSHour, new(big.Int).SetUint64(correctedMegaFLOPS))
	p.Mul(p, new(big.Int).SetUint64(durationSeconds))
	return p.Quo(p, big.NewInt(1_000_000_000*3600))
}

// IndexRow is one device of `index show`.
type IndexRow struct {
	Device *Device
	Score  Score
}

// Table scores one of every catalog device (no RDMA), in catalog order.
func (c *Catalog) Table() ([]IndexRow, error) {
	rows := make([]IndexRow, 0, len(c.Devices))
	for i := range c.Devices {
		s, err := c.Score(DeviceSpec{Model: c.Devices[i].ID, Count: big.NewRat(1, 1)})
		if err != nil {
			return nil, err
		}
		rows = append(rows, IndexRow{Device: &c.Devices[i], Score: s})
	}
	return rows, nil
}

// WorkloadIDs lists the workloads in catalog order.
func (c *Catalog) WorkloadIDs() []string {
	ids := make([]string, len(c.Workloads))
	for i, w := range c.Workloads {
		ids[i] = w.ID
	}
	return ids
}

// FLOPSAvg returns FLOPS_avg for a workload (TFLOPS, exact).
func (c *Catalog) FLOPSAvg(workload string) *big.Rat {
	if v := c.flopsAvg[workload]; v != nil {
		return new(big.Rat).Set(v)
	}
	return new(big.Rat)
}

// MixShares returns the demand mix, sorted by workload id.
func (c *Catalog) MixShares() [][2]string {
	keys := make([]string, 0, len(c.Mix))
	for k := range c.Mix {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([][2]string, len(keys))
	for i, k := range keys {
		out[i] = [2]string{k, c.Mix[k].String()}
	}
	return out
}
