package tokenomics

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/petagrid/petagrid/internal/strictyaml"
	"gopkg.in/yaml.v3"
)

//go:embed catalog.yaml
var embeddedCatalog []byte

// EmbeddedCatalogYAML returns the catalog shipped with this build.
func EmbeddedCatalogYAML() []byte { return append([]byte(nil), embeddedCatalog...) }

// Device kinds.
const (
	KindGPU = "gpu"
	KindCPU = "cpu"
)

// Factor names: the performance factors of whitepaper §6.3.1.
const (
	FactorFP64            = "fp64"
	FactorFP32            = "fp32"
	FactorTF32Tensor      = "tf32Tensor"
	FactorFP16Tensor      = "fp16Tensor"
	FactorMemoryBandwidth = "memoryBandwidth"
	FactorMemoryCapacity  = "memoryCapacity"
	FactorRDMA            = "rdma"
)

// Factors lists every factor in the order tables print them.
var factorNames = []string{FactorFP64, FactorFP32, FactorTF32Tensor, FactorFP16Tensor, FactorMemoryBandwidth, FactorMemoryCapacity, FactorRDMA}

// FactorNames returns the performance factors in display order.
func FactorNames() []string { return append([]string(nil), factorNames...) }

// flopsFactors are the factors that are FLOPS figures (a workload's headline is one of them).
var flopsFactors = map[string]bool{FactorFP64: true, FactorFP32: true, FactorTF32Tensor: true, FactorFP16Tensor: true}

// Device is one catalog row: a GPU, or one CPU socket.
type Device struct {
	ID      string   `yaml:"id" json:"id"`
	Kind    string   `yaml:"kind" json:"kind"`
	Vendor  string   `yaml:"vendor" json:"vendor"`
	Aliases []string `yaml:"aliases" json:"aliases,omitempty"`
	// GPU figures.
	FP64TFLOPS       Decimal `yaml:"fp64TFLOPS" json:"fp64TFLOPS"`
	FP64TensorTFLOPS Decimal `yaml:"fp64TensorTFLOPS" json:"fp64TensorTFLOPS"`
	FP32TFLOPS       Decimal `yaml:"fp32TFLOPS" json:"fp32TFLOPS"`
	TF32TensorTFLOPS Decimal `yaml:"tf32TensorTFLOPS" json:"tf32TensorTFLOPS"`
	FP16TensorTFLOPS Decimal `yaml:"fp16TensorTFLOPS" json:"fp16TensorTFLOPS"`
	MemoryGB         Decimal `yaml:"memoryGB" json:"memoryGB"`
	// CPU figures (per socket): FP64 = cores × baseClockGHz × fp64FlopsPerCycle.
	Cores             int     `yaml:"cores" json:"cores,omitempty"`
	BaseClockGHz      Decimal `yaml:"baseClockGHz" json:"baseClockGHz"`
	FP64FlopsPerCycle int     `yaml:"fp64FlopsPerCycle" json:"fp64FlopsPerCycle,omitempty"`
	// Both.
	MemoryBandwidthGBps Decimal `yaml:"memoryBandwidthGBps" json:"memoryBandwidthGBps"`
	BoardPowerWatts     Decimal `yaml:"boardPowerWatts" json:"boardPowerWatts"`
	Precision           string  `yaml:"precision" json:"precision"`
	Source              string  `yaml:"source" json:"source"`

	metrics metrics
	// unitMegaFLOPS is the index of one device without RDMA, computed once by derive: what
	// grading a site's efficiency needs at every placement.
	unitMegaFLOPS uint64
}

// Interconnect is an RDMA-capable (or not) network adapter type.
type Interconnect struct {
	ID     string  `yaml:"id" json:"id"`
	Gbps   Decimal `yaml:"gbps" json:"gbps"`
	Source string  `yaml:"source" json:"source"`
}

// Workload is a workload category with the weights of its performance factors.
type Workload struct {
	ID       string             `yaml:"id" json:"id"`
	Headline string             `yaml:"headline" json:"headline"`
	Weights  map[string]Decimal `yaml:"weights" json:"weights"`
}

// Catalog is the parsed hardware catalog with everything the index derives from it
// (factor maxima, FLOPS_avg per workload, the calibration of equation 1).
type Catalog struct {
	Version       string             `yaml:"version" json:"version"`
	Reference     string             `yaml:"reference" json:"reference"`
	Interconnects []Interconnect     `yaml:"interconnects" json:"interconnects"`
	Devices       []Device           `yaml:"devices" json:"devices"`
	Workloads     []Workload         `yaml:"workloads" json:"workloads"`
	Mix           map[string]Decimal `yaml:"mix" json:"mix"`

	sha256    [32]byte
	maxima    metrics
	flopsAvg  map[string]*big.Rat // per workload: mean headline FLOPS (TFLOPS) over the catalog's GPUs
	meanW     map[string]*big.Rat // per workload: mean W_i over the catalog's GPUs (RDMA 0)
	byName    map[string][]int
	reference *Device
	refScore  Score
}

// metrics are a device's raw figures, one per factor, in the factor's unit (TFLOPS, GB/s,
// GB, Gb/s). A nil entry means "not applicable" and counts as 0.
type metrics map[string]*big.Rat

// LoadEmbeddedCatalog parses the catalog shipped with this build.
func LoadEmbeddedCatalog() (*Catalog, error) {
	return LoadCatalog("catalog.yaml (embedded)", embeddedCatalog)
}

// LoadCatalog parses and validates a catalog; file names the source in errors, which carry
// file:line:col.
func LoadCatalog(file string, data []byte) (*Catalog, error) {
	var c Catalog
	if err := strictyaml.Unmarshal(file, data, &c); err != nil {
		return nil, err
	}
	root, err := strictyaml.Load(file, data)
	if err != nil {
		return nil, err
	}
	if root == nil {
		return nil, fmt.Errorf("%s: the catalog is empty", file)
	}
	v := &catalogValidator{file: file, root: root}
	v.check(&c)
	if len(v.errs) > 0 {
		return nil, v.errs
	}
	c.sha256 = sha256.Sum256(data)
	c.derive()
	if c.refScore.PerDeviceMegaFLOPS == 0 {
		m := valueNode(root, "reference")
		return nil, strictyaml.Errors{{File: file, Line: m.Line, Column: m.Column, Msg: fmt.Sprintf("reference %s scores 0 MFLOPS under these weights and mix: Compute Hours would divide by zero", c.Reference)}}
	}
	return &c, nil
}

// SHA256 is the hash of the catalog's bytes: reports name the catalog they were built with.
func (c *Catalog) SHA256() [32]byte { return c.sha256 }

// SHA256Hex is SHA256 in hex.
func (c *Catalog) SHA256Hex() string { return hex.EncodeToString(c.sha256[:]) }

// Device finds a device by id or alias, case-insensitively. A name that matches several
// rows is an error naming them, never a guess.
func (c *Catalog) Device(name string) (*Device, error) {
	idx := c.byName[normaliseName(name)]
	switch len(idx) {
	case 0:
		return nil, fmt.Errorf("%q is not in hardware catalog %s (known: %s)", name, c.Version, strings.Join(c.DeviceIDs(), ", "))
	case 1:
		return &c.Devices[idx[0]], nil
	default:
		ids := make([]string, len(idx))
		for i, j := range idx {
			ids[i] = c.Devices[j].ID
		}
		return nil, fmt.Errorf("%q matches several rows of hardware catalog %s (%s): name one", name, c.Version, strings.Join(ids, ", "))
	}
}

// DeviceIDs lists the catalog's device ids in catalog order.
func (c *Catalog) DeviceIDs() []string {
	ids := make([]string, len(c.Devices))
	for i := range c.Devices {
		ids[i] = c.Devices[i].ID
	}
	return ids
}

// Interconnect finds an interconnect by id.
func (c *Catalog) Interconnect(id string) (*Interconnect, error) {
	for i := range c.Interconnects {
		if strings.EqualFold(c.Interconnects[i].ID, id) {
			return &c.Interconnects[i], nil
		}
	}
	ids := make([]string, len(c.Interconnects))
	for i := range c.Interconnects {
		ids[i] = c.Interconnects[i].ID
	}
	return nil, fmt.Errorf("unknown interconnect %q (known: %s)", id, strings.Join(ids, ", "))
}

// Workload finds a workload by id.
func (c *Catalog) Workload(id string) (*Workload, bool) {
	for i := range c.Workloads {
		if c.Workloads[i].ID == id {
			return &c.Workloads[i], true
		}
	}
	return nil, false
}

// ReferenceDevice is the Compute Hours reference system.
func (c *Catalog) ReferenceDevice() *Device { return c.reference }

// ReferenceScore is the index of the reference system (one reference device, no RDMA).
func (c *Catalog) ReferenceScore() Score { return c.refScore }

// normaliseName folds case and the separators people and tools disagree on ("H100 SXM",
// "h100-sxm", "H100_SXM").
func normaliseName(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	return strings.NewReplacer(" ", "-", "_", "-").Replace(s)
}

// rawMetrics derives the factor figures of a device from its catalog row.
func (d *Device) rawMetrics() metrics {
	m := metrics{}
	set := func(k string, v Decimal) {
		if v.IsSet() {
			m[k] = v.Rat()
		}
	}
	if d.Kind == KindCPU {
		fp64 := new(big.Rat).Mul(big.NewRat(int64(d.Cores)*int64(d.FP64FlopsPerCycle), 1000), d.BaseClockGHz.Rat())
		m[FactorFP64] = fp64
		m[FactorFP32] = new(big.Rat).Mul(fp64, big.NewRat(2, 1))
	} else {
		fp64 := d.FP64TFLOPS.Rat()
		// HPL-type FP64 work runs on FP64 tensor (matrix) units where a device has them.
		if d.FP64TensorTFLOPS.IsSet() && d.FP64TensorTFLOPS.Rat().Cmp(fp64) > 0 {
			fp64 = d.FP64TensorTFLOPS.Rat()
		}
		m[FactorFP64] = fp64
		set(FactorFP32, d.FP32TFLOPS)
		set(FactorTF32Tensor, d.TF32TensorTFLOPS)
		set(FactorFP16Tensor, d.FP16TensorTFLOPS)
		set(FactorMemoryCapacity, d.MemoryGB)
	}
	// A device without a tensor path runs that work on its FP32 units.
	if m[FactorTF32Tensor] == nil {
		m[FactorTF32Tensor] = new(big.Rat).Set(m[FactorFP32])
	}
	if m[FactorFP16Tensor] == nil {
		m[FactorFP16Tensor] = new(big.Rat).Set(m[FactorFP32])
	}
	set(FactorMemoryBandwidth, d.MemoryBandwidthGBps)
	return m
}

// PeakTFLOPS returns the device's catalog figure for one FLOPS factor (after the FP64-tensor
// and FP32 fall-backs the index applies).
func (d *Device) PeakTFLOPS(factor string) *big.Rat {
	if v := d.metrics[factor]; v != nil {
		return new(big.Rat).Set(v)
	}
	return new(big.Rat)
}

// derive computes what every score needs once: factor maxima, FLOPS_avg and mean W_i.
func (c *Catalog) derive() {
	c.byName = map[string][]int{}
	c.maxima = metrics{}
	for i := range c.Devices {
		d := &c.Devices[i]
		d.metrics = d.rawMetrics()
		for k, v := range d.metrics {
			if c.maxima[k] == nil || v.Cmp(c.maxima[k]) > 0 {
				c.maxima[k] = new(big.Rat).Set(v)
			}
		}
		names := append([]string{d.ID}, d.Aliases...)
		seen := map[string]bool{}
		for _, n := range names {
			key := normaliseName(n)
			if !seen[key] {
				seen[key] = true
				c.byName[key] = append(c.byName[key], i)
			}
		}
	}
	for _, ic := range c.Interconnects {
		if c.maxima[FactorRDMA] == nil || ic.Gbps.Rat().Cmp(c.maxima[FactorRDMA]) > 0 {
			c.maxima[FactorRDMA] = ic.Gbps.Rat()
		}
	}
	c.flopsAvg = map[string]*big.Rat{}
	c.meanW = map[string]*big.Rat{}
	gpus := 0
	for i := range c.Devices {
		if c.Devices[i].Kind == KindGPU {
			gpus++
		}
	}
	for _, w := range c.Workloads {
		sumFLOPS, sumW := new(big.Rat), new(big.Rat)
		for i := range c.Devices {
			d := &c.Devices[i]
			if d.Kind != KindGPU {
				continue
			}
			sumFLOPS.Add(sumFLOPS, d.metrics[w.Headline])
			sumW.Add(sumW, c.adjustment(w, d.metrics, nil))
		}
		c.flopsAvg[w.ID] = new(big.Rat).Quo(sumFLOPS, big.NewRat(int64(gpus), 1))
		c.meanW[w.ID] = new(big.Rat).Quo(sumW, big.NewRat(int64(gpus), 1))
	}
	for i := range c.Devices {
		if c.Devices[i].ID == c.Reference {
			c.reference = &c.Devices[i]
		}
	}
	// The reference was validated to exist; LoadCatalog checks that it scores above 0.
	c.refScore, _ = c.Score(DeviceSpec{Model: c.Reference, Count: big.NewRat(1, 1)})
	for i := range c.Devices {
		if s, err := c.Score(DeviceSpec{Model: c.Devices[i].ID}); err == nil {
			c.Devices[i].unitMegaFLOPS = s.PerDeviceMegaFLOPS
		}
	}
}

// UnitFigures are one device's index (no RDMA, as Table scores it) and board power, from
// figures computed when the catalog was loaded: for callers on a hot path, where Score's
// exact arithmetic would be repeated for the same device.
func (c *Catalog) UnitFigures(model string) (megaFLOPS uint64, boardPowerWatts *big.Rat, err error) {
	d, err := c.Device(model)
	if err != nil {
		return 0, nil, err
	}
	return d.unitMegaFLOPS, d.BoardPowerWatts.Rat(), nil
}

// factors normalises raw figures by the catalog maxima (whitepaper §6.3.1); rdmaGbps is the
// RDMA bandwidth available to one device, nil for none.
func (c *Catalog) factors(m metrics, rdmaGbps *big.Rat) map[string]*big.Rat {
	out := make(map[string]*big.Rat, len(factorNames))
	for _, k := range factorNames {
		v := m[k]
		if k == FactorRDMA {
			v = rdmaGbps
		}
		if v == nil || c.maxima[k] == nil || c.maxima[k].Sign() == 0 {
			out[k] = new(big.Rat)
			continue
		}
		out[k] = new(big.Rat).Quo(v, c.maxima[k])
	}
	return out
}

// adjustment is W_i of equation (2): Σ weight × normalised factor.
func (c *Catalog) adjustment(w Workload, m metrics, rdmaGbps *big.Rat) *big.Rat {
	f := c.factors(m, rdmaGbps)
	sum := new(big.Rat)
	for k, weight := range w.Weights {
		sum.Add(sum, new(big.Rat).Mul(weight.Rat(), f[k]))
	}
	return sum
}

// catalogValidator checks what strict decoding cannot: required figures per kind, unique
// ids, weights summing to 1, a reference that exists.
type catalogValidator struct {
	file string
	root *yaml.Node
	errs strictyaml.Errors
}

func (v *catalogValidator) failAt(line, col int, format string, args ...any) {
	v.errs = append(v.errs, &strictyaml.Error{File: v.file, Line: line, Column: col, Msg: fmt.Sprintf(format, args...)})
}

// node finds the value node of key in a mapping node, or the mapping itself.
func valueNode(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return n
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return n
}

func (v *catalogValidator) listItem(key string, i int) *yaml.Node {
	list := valueNode(v.root, key)
	if list != nil && list.Kind == yaml.SequenceNode && i < len(list.Content) {
		return list.Content[i]
	}
	return v.root
}

func (v *catalogValidator) check(c *Catalog) {
	if strings.TrimSpace(c.Version) == "" {
		v.failAt(v.root.Line, v.root.Column, "version is required")
	}
	if len(c.Devices) == 0 {
		v.failAt(v.root.Line, v.root.Column, "devices: the catalog lists no device")
	}
	ids := map[string]bool{}
	gpus := 0
	for i := range c.Devices {
		d := &c.Devices[i]
		n := v.listItem("devices", i)
		at := func(key string) (int, int) { m := valueNode(n, key); return m.Line, m.Column }
		if d.ID == "" {
			l, col := at("id")
			v.failAt(l, col, "device %d has no id", i+1)
			continue
		}
		if ids[normaliseName(d.ID)] {
			l, col := at("id")
			v.failAt(l, col, "device id %q appears twice", d.ID)
		}
		ids[normaliseName(d.ID)] = true
		if strings.TrimSpace(d.Source) == "" {
			l, col := at("id")
			v.failAt(l, col, "device %s has no source: every figure must say where it comes from", d.ID)
		}
		if strings.TrimSpace(d.Precision) == "" {
			l, col := at("id")
			v.failAt(l, col, "device %s does not state the precision of its figures", d.ID)
		}
		require := func(key string, dec Decimal) {
			if !dec.IsSet() || dec.Rat().Sign() <= 0 {
				l, col := at(key)
				v.failAt(l, col, "device %s: %s is required and must be > 0", d.ID, key)
			}
		}
		switch d.Kind {
		case KindGPU:
			gpus++
			require("fp64TFLOPS", d.FP64TFLOPS)
			require("fp32TFLOPS", d.FP32TFLOPS)
			require("fp16TensorTFLOPS", d.FP16TensorTFLOPS)
			require("memoryGB", d.MemoryGB)
			if d.Cores != 0 || d.FP64FlopsPerCycle != 0 || d.BaseClockGHz.IsSet() {
				l, col := at("id")
				v.failAt(l, col, "device %s is a gpu: cores, baseClockGHz and fp64FlopsPerCycle are CPU figures", d.ID)
			}
		case KindCPU:
			if d.Cores <= 0 || d.FP64FlopsPerCycle <= 0 {
				l, col := at("cores")
				v.failAt(l, col, "device %s: a cpu needs cores > 0 and fp64FlopsPerCycle > 0", d.ID)
			}
			require("baseClockGHz", d.BaseClockGHz)
			if d.FP64TFLOPS.IsSet() || d.FP32TFLOPS.IsSet() || d.FP16TensorTFLOPS.IsSet() || d.TF32TensorTFLOPS.IsSet() {
				l, col := at("id")
				v.failAt(l, col, "device %s is a cpu: its FLOPS are derived from cores x clock x FLOPs per cycle, not written", d.ID)
			}
		default:
			l, col := at("kind")
			v.failAt(l, col, "device %s: kind must be gpu or cpu, got %q", d.ID, d.Kind)
		}
		require("memoryBandwidthGBps", d.MemoryBandwidthGBps)
		require("boardPowerWatts", d.BoardPowerWatts)
	}
	if gpus == 0 && len(c.Devices) > 0 {
		v.failAt(v.root.Line, v.root.Column, "the catalog lists no gpu: FLOPS_avg is an average over accelerators")
	}
	// Aliases may not point at two rows by accident: an alias equal to another row's id.
	for i := range c.Devices {
		for _, a := range c.Devices[i].Aliases {
			if ids[normaliseName(a)] && normaliseName(a) != normaliseName(c.Devices[i].ID) {
				n := v.listItem("devices", i)
				m := valueNode(n, "aliases")
				v.failAt(m.Line, m.Column, "alias %q of %s is another device's id", a, c.Devices[i].ID)
			}
		}
	}
	refFound := false
	for i := range c.Devices {
		if c.Reference != "" && normaliseName(c.Devices[i].ID) == normaliseName(c.Reference) {
			refFound = true
			if c.Devices[i].Kind != KindGPU {
				m := valueNode(v.root, "reference")
				v.failAt(m.Line, m.Column, "reference %q must be a gpu", c.Reference)
			}
			// From here on the reference is the row's own id, whatever case it was written in.
			c.Reference = c.Devices[i].ID
		}
	}
	if !refFound {
		m := valueNode(v.root, "reference")
		v.failAt(m.Line, m.Column, "reference %q is not a device of this catalog", c.Reference)
	}
	icIDs := map[string]bool{}
	for i, ic := range c.Interconnects {
		n := v.listItem("interconnects", i)
		if ic.ID == "" || icIDs[ic.ID] {
			v.failAt(n.Line, n.Column, "interconnect %d: id missing or repeated", i+1)
		}
		icIDs[ic.ID] = true
		if !ic.Gbps.IsSet() {
			v.failAt(n.Line, n.Column, "interconnect %s: gbps is required", ic.ID)
		}
	}
	wIDs := map[string]bool{}
	one := big.NewRat(1, 1)
	for i, w := range c.Workloads {
		n := v.listItem("workloads", i)
		if w.ID == "" || wIDs[w.ID] {
			v.failAt(n.Line, n.Column, "workload %d: id missing or repeated", i+1)
		}
		wIDs[w.ID] = true
		if !flopsFactors[w.Headline] {
			m := valueNode(n, "headline")
			v.failAt(m.Line, m.Column, "workload %s: headline must be one of fp64, fp32, tf32Tensor, fp16Tensor, got %q", w.ID, w.Headline)
		}
		sum := new(big.Rat)
		keys := make([]string, 0, len(w.Weights))
		for k := range w.Weights {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if !contains(factorNames, k) {
				m := valueNode(n, "weights")
				v.failAt(m.Line, m.Column, "workload %s: unknown factor %q%s", w.ID, k, strictyaml.Suggest(k, factorNames))
			}
			sum.Add(sum, w.Weights[k].Rat())
		}
		if sum.Cmp(one) != 0 {
			m := valueNode(n, "weights")
			v.failAt(m.Line, m.Column, "workload %s: weights sum to %s, not 1", w.ID, sum.FloatString(6))
		}
	}
	if len(c.Workloads) == 0 {
		v.failAt(v.root.Line, v.root.Column, "workloads: the catalog lists no workload")
	}
	mixSum := new(big.Rat)
	mixNode := valueNode(v.root, "mix")
	for k, share := range c.Mix {
		if !wIDs[k] {
			v.failAt(mixNode.Line, mixNode.Column, "mix: %q is not a workload of this catalog", k)
		}
		mixSum.Add(mixSum, share.Rat())
	}
	if mixSum.Cmp(one) != 0 {
		v.failAt(mixNode.Line, mixNode.Column, "mix: shares sum to %s, not 1", mixSum.FloatString(6))
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
