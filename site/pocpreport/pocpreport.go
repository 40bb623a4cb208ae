// Package pocpreport builds a site's PoCP report for one period from its accounting store:
// node availability slots scored with the hardware catalog, NVML samples folded in one
// streaming pass, and the harvested jobs.
package pocpreport

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"fmt"
	"math/big"
	"math/bits"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/petagrid/petagrid/accounting/store"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/pocp"
	"github.com/petagrid/petagrid/tokenomics"
)

// Config is the `pocp:` section of the site configuration.
type Config struct {
	// Genesis is the UTC start of period 0 (default 2023-01-01T00:00:00Z, the whitepaper's).
	Genesis string `yaml:"genesis"`
	// Period is the period length (default 360h, 15 days). The gateway uses the same.
	Period time.Duration `yaml:"period"`
	// MinCoverage flags reports below this share of observed slots (default 0.9).
	MinCoverage float64 `yaml:"minCoverage"`
	// Catalog is a hardware catalog YAML (default: the one built in).
	Catalog string `yaml:"catalog"`
	// ChainID and VerifyingContract are the EIP-712 domain reports are signed in; they
	// must match the gateway's settlement contract (defaults: 1337 and the zero address).
	ChainID           int64  `yaml:"chainId"`
	VerifyingContract string `yaml:"verifyingContract"`
	// Hardware maps what Slurm reports to catalog models.
	Hardware Hardware `yaml:"hardware"`
}

// Hardware says what the grid nodes are made of.
type Hardware struct {
	// GPUModels maps a Slurm GRES type (the "a100" of gres/gpu:a100; "gpu" for untyped GPUs)
	// to a catalog model. Without an entry the NVML name of the node's GPUs is used, then
	// the GRES type itself as a catalog name.
	GPUModels map[string]string `yaml:"gpuModels"`
	// CPU is the catalog model of the nodes' CPUs; empty leaves CPUs out of the index.
	CPU string `yaml:"cpu"`
	// ThreadsPerCore turns Slurm's CPU count into cores (default 1).
	ThreadsPerCore int `yaml:"threadsPerCore"`
	// Interconnect and Adapters give each node's RDMA bandwidth (default none, 1 adapter).
	Interconnect string `yaml:"interconnect"`
	Adapters     int    `yaml:"adapters"`
	// Measured holds audit results per catalog model; they override catalog figures.
	Measured map[string]tokenomics.Measured `yaml:"measured"`
}

// Resolved is a checked configuration.
type Resolved struct {
	Calendar       pocp.Calendar
	MinCoveragePPM uint64
	Domain         pocp.Domain
	Hardware       Hardware
}

// Resolve applies defaults and checks the section.
func (c Config) Resolve() (Resolved, error) {
	genesis := pocp.DefaultGenesis
	if c.Genesis != "" {
		t, err := time.Parse(time.RFC3339, c.Genesis)
		if err != nil {
			return Resolved{}, fmt.Errorf("pocp.genesis: %w", err)
		}
		genesis = t.UTC()
	}
	period := c.Period
	if period == 0 {
		period = pocp.DefaultPeriodSeconds * time.Second
	}
	if period%time.Second != 0 {
		return Resolved{}, fmt.Errorf("pocp.period %s is not whole seconds", period)
	}
	cal, err := pocp.NewCalendar(genesis, int64(period/time.Second))
	if err != nil {
		return Resolved{}, err
	}
	minCov := c.MinCoverage
	if minCov == 0 {
		minCov = 0.9
	}
	if !(minCov > 0 && minCov <= 1) {
		return Resolved{}, fmt.Errorf("pocp.minCoverage %g must be in (0, 1]", minCov)
	}
	chain := c.ChainID
	if chain == 0 {
		chain = 1337
	}
	if chain < 0 {
		return Resolved{}, fmt.Errorf("pocp.chainId %d is negative", chain)
	}
	var contract common.Address
	if c.VerifyingContract != "" {
		if !common.IsHexAddress(c.VerifyingContract) {
			return Resolved{}, fmt.Errorf("pocp.verifyingContract %q is not an address", c.VerifyingContract)
		}
		contract = common.HexToAddress(c.VerifyingContract)
	}
	hw := c.Hardware
	if hw.ThreadsPerCore == 0 {
		hw.ThreadsPerCore = 1
	}
	if hw.ThreadsPerCore < 0 || hw.ThreadsPerCore > 8 {
		return Resolved{}, fmt.Errorf("pocp.hardware.threadsPerCore %d must be in 1..8", hw.ThreadsPerCore)
	}
	if hw.Interconnect == "" {
		hw.Interconnect = "none"
	}
	if hw.Adapters == 0 {
		hw.Adapters = 1
	}
	if hw.Adapters < 0 || hw.Adapters > 64 {
		return Resolved{}, fmt.Errorf("pocp.hardware.adapters %d must be in 1..64", hw.Adapters)
	}
	return Resolved{Calendar: cal, MinCoveragePPM: uint64(minCov * 1e6), Domain: pocp.Domain{ChainID: big.NewInt(chain), VerifyingContract: contract}, Hardware: hw}, nil
}

// Scorer gives each node shape its index, once.
type Scorer struct {
	cat      *tokenomics.Catalog
	hw       Hardware
	nvml     map[string][]string // node → NVML GPU names
	cache    map[string]uint64
	perGPU   map[string]uint64 // catalog model → one GPU's index on a node of that shape
	cpuModel string
	core     *uint64 // one core's index, once computed
}

// NewScorer prepares scoring; nvmlNames maps node → names NVML gave its GPUs.
func NewScorer(cat *tokenomics.Catalog, hw Hardware, nvmlNames map[string][]string) (*Scorer, error) {
	s := &Scorer{cat: cat, hw: hw, nvml: nvmlNames, cache: map[string]uint64{}, perGPU: map[string]uint64{}}
	if _, err := cat.Interconnect(hw.Interconnect); err != nil {
		return nil, fmt.Errorf("pocp.hardware.interconnect: %w", err)
	}
	if hw.CPU != "" {
		d, err := cat.Device(hw.CPU)
		if err != nil {
			return nil, fmt.Errorf("pocp.hardware.cpu: %w", err)
		}
		if d.Kind != tokenomics.KindCPU {
			return nil, fmt.Errorf("pocp.hardware.cpu: %s is a %s", d.ID, d.Kind)
		}
		s.cpuModel = d.ID
	}
	for t, m := range hw.GPUModels {
		if _, err := cat.Device(m); err != nil {
			return nil, fmt.Errorf("pocp.hardware.gpuModels[%s]: %w", t, err)
		}
	}
	// Audit results are looked up by catalog id: a misspelt or aliased key would otherwise
	// be ignored without a word.
	for m := range hw.Measured {
		d, err := cat.Device(m)
		if err != nil {
			return nil, fmt.Errorf("pocp.hardware.measured[%s]: %w", m, err)
		}
		if d.ID != m {
			return nil, fmt.Errorf("pocp.hardware.measured[%s]: write the catalog id %s", m, d.ID)
		}
	}
	return s, nil
}

// GPUModel resolves a GRES type on a node to a catalog model: pocp.hardware.gpuModels,
// then the name NVML gave the node's GPUs, then the type itself as a catalog name.
func (s *Scorer) GPUModel(node, gresType string) (string, error) {
	if m, ok := s.hw.GPUModels[gresType]; ok {
		d, err := s.cat.Device(m)
		if err != nil {
			return "", err
		}
		return d.ID, nil
	}
	if names := s.nvml[node]; len(names) > 0 {
		first := names[0]
		same := true
		for _, n := range names {
			same = same && n == first
		}
		if d, err := s.cat.Device(first); same && err == nil && d.Kind == tokenomics.KindGPU {
			return d.ID, nil
		}
	}
	if d, err := s.cat.Device(gresType); err == nil && d.Kind == tokenomics.KindGPU {
		return d.ID, nil
	}
	return "", fmt.Errorf("node %s: GPU type %q is not a catalog model; map it in pocp.hardware.gpuModels (known: %s)", node, gresType, strings.Join(s.cat.DeviceIDs(), ", "))
}

// NodeIndex is the index of a node with cpus Slurm CPUs and GPUs "type:n,…".
func (s *Scorer) NodeIndex(node string, cpus int64, gpuTypes string) (uint64, error) {
	key := node + "\x00" + strconv.FormatInt(cpus, 10) + "\x00" + gpuTypes
	if v, ok := s.cache[key]; ok {
		return v, nil
	}
	var total uint64
	counts, err := parseGPUTypes(gpuTypes)
	if err != nil {
		return 0, fmt.Errorf("node %s: %w", node, err)
	}
	var gpus int64
	for _, c := range counts {
		gpus += c.n
	}
	ic, _ := s.cat.Interconnect(s.hw.Interconnect)
	for _, c := range counts {
		model, err := s.GPUModel(node, c.typ)
		if err != nil {
			return 0, err
		}
		sc, err := s.score(tokenomics.DeviceSpec{Model: model, Count: big.NewRat(c.n, 1), RDMAGbpsPerDevice: new(big.Rat).Mul(ic.Gbps.Rat(), big.NewRat(int64(s.hw.Adapters), gpus))})
		if err != nil {
			return 0, fmt.Errorf("node %s: %w", node, err)
		}
		if total, err = addMega(total, sc.TotalMegaFLOPS); err != nil {
			return 0, fmt.Errorf("node %s: %w", node, err)
		}
		s.perGPU[model] = sc.PerDeviceMegaFLOPS
	}
	if s.cpuModel != "" && cpus > 0 {
		spec, err := s.cat.CPUSpec(s.cpuModel, cpus/int64(s.hw.ThreadsPerCore))
		if err != nil {
			return 0, err
		}
		sc, err := s.score(spec)
		if err != nil {
			return 0, fmt.Errorf("node %s: %w", node, err)
		}
		if total, err = addMega(total, sc.TotalMegaFLOPS); err != nil {
			return 0, fmt.Errorf("node %s: %w", node, err)
		}
	}
	s.cache[key] = total
	return total, nil
}

// CPUCoreIndex is one core's index (0 without a CPU model).
func (s *Scorer) CPUCoreIndex() (uint64, error) {
	if s.core != nil {
		return *s.core, nil
	}
	if s.cpuModel == "" {
		return 0, nil
	}
	spec, err := s.cat.CPUSpec(s.cpuModel, 1)
	if err != nil {
		return 0, err
	}
	sc, err := s.score(spec)
	if err != nil {
		return 0, err
	}
	s.core = &sc.TotalMegaFLOPS
	return sc.TotalMegaFLOPS, nil
}

// JobPowerMegaFLOPS is the index of what a job was allocated, as reports count a job's
// Compute Hours: its GPUs at the highest per-GPU index among the nodes scored so far
// (NodeIndex) — with one GPU model per cluster, the usual case, that is the model; with
// several it is an upper bound, which the gateway's "jobs ≤ available" rule still bounds —
// and its cores (Slurm CPUs / pocp.hardware.threadsPerCore) at one core's index.
func (s *Scorer) JobPowerMegaFLOPS(allocCPUs, allocGPUs int64) (uint64, error) {
	cores := allocCPUs / int64(max(s.hw.ThreadsPerCore, 1))
	if allocGPUs < 0 || cores < 0 {
		return 0, fmt.Errorf("negative allocation (%d GPUs, %d CPUs)", allocGPUs, allocCPUs)
	}
	coreIndex, err := s.CPUCoreIndex()
	if err != nil {
		return 0, err
	}
	gpuPart, err := mulMega(uint64(allocGPUs), typicalGPUIndex(s))
	if err != nil {
		return 0, err
	}
	cpuPart, err := mulMega(uint64(cores), coreIndex)
	if err != nil {
		return 0, err
	}
	return addMega(gpuPart, cpuPart)
}

// score scores a spec with the site's audit results for its model, so that nodes and jobs
// are scored alike.
func (s *Scorer) score(spec tokenomics.DeviceSpec) (tokenomics.Score, error) {
	if ms, ok := s.hw.Measured[spec.Model]; ok {
		spec.Measured = &ms
	}
	return s.cat.Score(spec)
}

type gpuCount struct {
	typ string
	n   int64
}

// parseGPUTypes reads the node sampler's "a100:4,v100:2" (untyped GPUs under "gpu").
func parseGPUTypes(s string) ([]gpuCount, error) {
	if s == "" {
		return nil, nil
	}
	var out []gpuCount
	for _, part := range strings.Split(s, ",") {
		typ, n, ok := strings.Cut(part, ":")
		v, err := strconv.ParseInt(n, 10, 64)
		if !ok || typ == "" || err != nil || v < 0 || v > 1024 {
			return nil, fmt.Errorf("GPU types %q: %q is not type:count", s, part)
		}
		if v > 0 {
			out = append(out, gpuCount{typ, v})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].typ < out[j].typ })
	return out, nil
}

// Summary is what a report is built from, beside the report: the power series' summary, the
// series itself and the site's reliability over the period (uptime, MTBF, MTTR and grade from
// node availability).
type Summary struct {
	Power pocp.PowerSummary
	// Runs is the slot series Power was computed from, folded into runs: what a protocol 3
	// gateway needs beside the report to leave out the time it could not verify.
	Runs        []pocp.SlotRun
	Reliability tokenomics.Reliability
}

// NVMLNames maps each node to the names NVML gave its GPUs, from the store's GPU inventory
// (the energy figures of [since, until) are not needed here).
func NVMLNames(ctx context.Context, st *store.Store, since, until time.Time) (map[string][]string, error) {
	gpus, err := st.GPUs(ctx, since, until)
	if err != nil {
		return nil, err
	}
	names := map[string][]string{}
	for _, g := range gpus {
		names[g.Node] = append(names[g.Node], g.Name)
	}
	return names, nil
}

// SignAndEncode signs a report with the site key in the configuration's EIP-712 domain (key
// nil: left unsigned) and encodes it: what `petagrid pocp report --sign` writes and what the
// site sends the gateway.
func SignAndEncode(rep *pocp.Report, cfg Resolved, key *ecdsa.PrivateKey) ([]byte, error) {
	if key != nil {
		if err := rep.Sign(cfg.Domain, key); err != nil {
			return nil, err
		}
	}
	return rep.Encode()
}

// EncodeSubmission is a signed report's JSON with the slot series its median was computed
// from, as a protocol 3 gateway takes it on POST protocol.PathReports
// (protocol.ReportSubmission): what the site sends such a gateway and what
// `petagrid pocp report --with-series` writes. It refuses what the gateway would: more than
// pocp.MaxSlotRuns runs, a series that does not give the report's figures (pocp.CheckSeries),
// a body over protocol.MaxReportSubmissionBytes.
func EncodeSubmission(report []byte, runs []pocp.SlotRun) ([]byte, error) {
	if len(runs) > pocp.MaxSlotRuns {
		return nil, fmt.Errorf("the slot series has %d runs, more than the %d a gateway takes", len(runs), pocp.MaxSlotRuns)
	}
	rep, err := pocp.Decode(report)
	if err != nil {
		return nil, fmt.Errorf("the report does not decode: %w", err)
	}
	if err := pocp.CheckSeries(rep, runs); err != nil {
		return nil, fmt.Errorf("the slot series does not reproduce the report: %w", err)
	}
	if runs == nil {
		runs = []pocp.SlotRun{} // "slots": [], not null
	}
	slots, err := json.Marshal(runs)
	if err != nil {
		return nil, fmt.Errorf("encoding the slot series: %w", err)
	}
	body, err := json.Marshal(protocol.ReportSubmission{Report: json.RawMessage(report), Slots: slots})
	if err != nil {
		return nil, fmt.Errorf("encoding the report with its slot series: %w", err)
	}
	if len(body) > protocol.MaxReportSubmissionBytes {
		return nil, fmt.Errorf("the report with its slot series is %d bytes, more than the %d a gateway takes", len(body), protocol.MaxReportSubmissionBytes)
	}
	return body, nil
}

// Build reads period epoch of cluster from the store and assembles the unsigned report.
func Build(ctx context.Context, st *store.Store, cat *tokenomics.Catalog, cfg Resolved, cluster string, epoch uint64, slotSeconds int64) (*pocp.Report, Summary, error) {
	start, end, err := cfg.Calendar.Period(epoch)
	if err != nil {
		return nil, Summary{}, err
	}
	nvml, err := NVMLNames(ctx, st, start, end)
	if err != nil {
		return nil, Summary{}, err
	}
	scorer, err := NewScorer(cat, cfg.Hardware, nvml)
	if err != nil {
		return nil, Summary{}, err
	}
	slots, err := st.NodeSlots(ctx, cluster, start, end)
	if err != nil {
		return nil, Summary{}, err
	}
	avail := make([]tokenomics.AvailabilityObservation, 0, len(slots))
	obs := make([]pocp.NodeObservation, 0, len(slots))
	for _, n := range slots {
		avail = append(avail, tokenomics.AvailabilityObservation{Node: n.Node, SlotStart: n.SlotStart, SlotSeconds: n.SlotSeconds, Available: n.Available})
		idx, err := scorer.NodeIndex(n.Node, n.CPUs, n.GPUTypes)
		if err != nil {
			return nil, Summary{}, err
		}
		obs = append(obs, pocp.NodeObservation{Node: n.Node, SlotStart: n.SlotStart, SlotSeconds: n.SlotSeconds, Available: n.Available, PowerMegaFLOPS: idx})
	}
	agg, err := pocp.NewGPUAggregator(start, end, slotSeconds)
	if err != nil {
		return nil, Summary{}, err
	}
	// Samples just after the end carry energy deltas that began inside the period.
	err = st.EachGPUSample(ctx, start, end.Add(pocp.EnergyLookahead), func(s store.GPUSample) error {
		return agg.Add(pocp.GPUSample{UUID: s.UUID, At: s.SampledAt, PowerMilliwatts: s.PowerMilliwatts, EnergyDeltaMillijoules: s.EnergyDeltaMillijoules,
			IntervalMilliseconds: s.IntervalMilliseconds, DeltaSource: s.DeltaSource})
	})
	if err != nil {
		return nil, Summary{}, err
	}
	jobs, err := st.Jobs(ctx, store.JobFilter{Cluster: cluster, Since: start, Until: end})
	if err != nil {
		return nil, Summary{}, err
	}
	if _, err := scorer.CPUCoreIndex(); err != nil {
		return nil, Summary{}, err
	}
	usage := make([]pocp.JobUsage, 0, len(jobs))
	for _, j := range jobs {
		if j.StartTime.IsZero() {
			continue
		}
		endAt := j.EndTime
		if endAt.IsZero() {
			endAt = end
		}
		power, err := scorer.JobPowerMegaFLOPS(j.AllocCPUs, j.AllocGPUs)
		if err != nil {
			return nil, Summary{}, fmt.Errorf("job %s: %w", j.Key, err)
		}
		usage = append(usage, pocp.JobUsage{Start: j.StartTime, End: endAt, GPUs: uint64(j.AllocGPUs), PowerMegaFLOPS: power})
	}
	// The store returns slots by time; reliability follows each node through time.
	sort.SliceStable(avail, func(i, j int) bool { return avail[i].Node < avail[j].Node })
	rel, err := tokenomics.MeasureReliability(avail)
	if err != nil {
		return nil, Summary{}, err
	}
	ref := cat.ReferenceScore()
	rep, ps, err := pocp.Build(pocp.BuildInput{
		Calendar: cfg.Calendar, Epoch: epoch, Cluster: cluster, SlotSeconds: slotSeconds, Nodes: obs,
		GPU: agg.Finish(), Jobs: usage, ReferenceMegaFLOPS: ref.PerDeviceMegaFLOPS, CatalogSHA256: cat.SHA256(),
		MinCoveragePPM: cfg.MinCoveragePPM,
	})
	if err != nil {
		return nil, Summary{}, err
	}
	// pocp.Build sums the same observations into slots without returning them; summing them
	// again here keeps its signature, which the gateway's tests build reports with.
	powerSlots, err := pocp.SlotsFromNodes(obs, start, end)
	if err != nil {
		return nil, Summary{}, err
	}
	return rep, Summary{Power: ps, Runs: pocp.RunsFromSlots(powerSlots), Reliability: rel}, nil
}

func typicalGPUIndex(s *Scorer) uint64 {
	var best uint64
	for _, v := range s.perGPU {
		if v > best {
			best = v
		}
	}
	return best
}

// addMega and mulMega refuse an index that does not fit in 64 bits (hostile Slurm figures, or
// a saturated score), instead of wrapping round to a small one.
func addMega(a, b uint64) (uint64, error) {
	sum, carry := bits.Add64(a, b, 0)
	if carry != 0 || a == ^uint64(0) || b == ^uint64(0) {
		return 0, fmt.Errorf("computing power beyond 64 bits of MFLOPS")
	}
	return sum, nil
}

func mulMega(a, b uint64) (uint64, error) {
	hi, lo := bits.Mul64(a, b)
	if hi != 0 {
		return 0, fmt.Errorf("computing power beyond 64 bits of MFLOPS")
	}
	return lo, nil
}
