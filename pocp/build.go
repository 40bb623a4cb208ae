package pocp

import (
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/math"
)

// JobUsage is one job run's allocation, for jobs run, GPU-hours and Compute Hours.
type JobUsage struct {
	Start, End time.Time
	GPUs       uint64
	// PowerMegaFLOPS is the index of what the job was allocated (its GPUs and CPUs).
	PowerMegaFLOPS uint64
}

// BuildInput is everything a report is made from.
type BuildInput struct {
	Calendar    Calendar
	Epoch       uint64
	Cluster     string
	SlotSeconds int64
	Nodes       []NodeObservation
	GPU         GPUSummary
	Jobs        []JobUsage
	// ReferenceMegaFLOPS is the index of the Compute Hours reference system.
	ReferenceMegaFLOPS uint64
	CatalogSHA256      [32]byte
	// MinCoveragePPM flags the report as low coverage below it.
	MinCoveragePPM uint64
}

// Build assembles an unsigned report.
func Build(in BuildInput) (*Report, PowerSummary, error) {
	if err := in.Calendar.CheckSlotGrid(in.SlotSeconds); err != nil {
		return nil, PowerSummary{}, err
	}
	if in.ReferenceMegaFLOPS == 0 {
		return nil, PowerSummary{}, fmt.Errorf("pocp: the reference performance is 0")
	}
	start, end, err := in.Calendar.Period(in.Epoch)
	if err != nil {
		return nil, PowerSummary{}, err
	}
	slots, err := SlotsFromNodes(in.Nodes, start, end)
	if err != nil {
		return nil, PowerSummary{}, err
	}
	ps, err := SummarisePower(start, end, in.SlotSeconds, slots)
	if err != nil {
		return nil, PowerSummary{}, err
	}
	avail, err := MeasureAvailability(in.Nodes, start, end)
	if err != nil {
		return nil, PowerSummary{}, err
	}
	if ps.SlotsTotal > 1<<32-1 || in.SlotSeconds > 1<<32-1 {
		return nil, PowerSummary{}, fmt.Errorf("pocp: %d slots of %d s do not fit the report", ps.SlotsTotal, in.SlotSeconds)
	}
	r := &Report{
		Version:                    ReportVersion,
		Cluster:                    in.Cluster,
		Epoch:                      in.Epoch,
		PeriodStart:                start.UTC(),
		PeriodEnd:                  end.UTC(),
		SlotSeconds:                uint32(in.SlotSeconds),
		SlotsTotal:                 uint32(ps.SlotsTotal),
		SlotsCovered:               uint32(ps.SlotsCovered),
		CoveragePPM:                uint32(ps.CoveragePPM),
		LowCoverage:                ps.CoveragePPM < in.MinCoveragePPM,
		MedianMegaFLOPS:            ps.MedianMegaFLOPS,
		MeanMegaFLOPS:              ps.MeanMegaFLOPS,
		MaxMegaFLOPS:               ps.MaxMegaFLOPS,
		CapacityMegaFLOPS:          ps.CapacityMegaFLOPS,
		EnergyMillijoules:          in.GPU.EnergyMillijoules,
		EstimatedEnergyMillijoules: in.GPU.EstimatedMillijoules,
		MedianPowerMilliwatts:      in.GPU.MedianPowerMilliwatts,
		PowerSlotsCovered:          uint32(in.GPU.PowerSlotsCovered),
		GPUs:                       uint32(in.GPU.GPUs),
		CatalogSHA256:              common.Hash(in.CatalogSHA256),
		NodeSecondsObserved:        avail.ObservedSeconds,
		NodeSecondsUp:              avail.UpSeconds,
		NodeFailures:               avail.Failures,
		NodeRepairs:                avail.Repairs,
	}
	gfl := math.HexOrDecimal256(*GFLWei(ps.MedianMegaFLOPS))
	r.GFL = &gfl
	if in.GPU.MedianPowerMilliwatts > 0 {
		r.EfficiencyMegaFLOPSPerWatt = mulDiv(ps.MedianMegaFLOPS, 1000, in.GPU.MedianPowerMilliwatts)
	}
	available, err := computeHoursMilli(new(big.Int).SetUint64(ps.AvailableMegaFLOPSSeconds), in.ReferenceMegaFLOPS)
	if err != nil {
		return nil, PowerSummary{}, err
	}
	r.AvailableComputeHoursMilli = available
	// Jobs: a run counts in the period it overlaps; its GPU time and Compute Hours are
	// clipped to the period.
	var jobs uint64
	chNum, gpuSeconds := new(big.Int), new(big.Int)
	for _, j := range in.Jobs {
		from, to := j.Start.Unix(), j.End.Unix()
		if j.Start.IsZero() || to <= from {
			continue
		}
		from, to = max(from, start.Unix()), min(to, end.Unix())
		if to <= from {
			continue
		}
		secs := new(big.Int).SetInt64(to - from)
		jobs++
		gpuSeconds.Add(gpuSeconds, new(big.Int).Mul(new(big.Int).SetUint64(j.GPUs), secs))
		chNum.Add(chNum, new(big.Int).Mul(new(big.Int).SetUint64(j.PowerMegaFLOPS), secs))
	}
	if jobs > 1<<32-1 || !gpuSeconds.IsUint64() {
		return nil, PowerSummary{}, fmt.Errorf("pocp: %d jobs with %s GPU-seconds do not fit the report", jobs, gpuSeconds)
	}
	r.JobsRun = uint32(jobs)
	r.GPUSeconds = gpuSeconds.Uint64()
	if r.ComputeHoursMilli, err = computeHoursMilli(chNum, in.ReferenceMegaFLOPS); err != nil {
		return nil, PowerSummary{}, err
	}
	if err := r.Validate(); err != nil {
		return nil, PowerSummary{}, err
	}
	return r, ps, nil
}

// mulDiv is a × b / c rounded down, exact for any uint64 inputs (c > 0); saturates.
func mulDiv(a, b, c uint64) uint64 {
	v := new(big.Int).Mul(new(big.Int).SetUint64(a), new(big.Int).SetUint64(b))
	v.Quo(v, new(big.Int).SetUint64(c))
	if !v.IsUint64() {
		return ^uint64(0)
	}
	return v.Uint64()
}

// computeHoursMilli is megaFLOPSSeconds × 1000 / (reference × 3600), exact, rounded down.
func computeHoursMilli(megaFLOPSSeconds *big.Int, referenceMegaFLOPS uint64) (uint64, error) {
	if referenceMegaFLOPS == 0 {
		return 0, fmt.Errorf("pocp: the reference performance is 0")
	}
	v := new(big.Int).Mul(megaFLOPSSeconds, big.NewInt(1000))
	v.Quo(v, new(big.Int).Mul(new(big.Int).SetUint64(referenceMegaFLOPS), big.NewInt(3600)))
	if !v.IsUint64() {
		return 0, fmt.Errorf("pocp: %s mCH do not fit the report", v)
	}
	return v.Uint64(), nil
}
