package pocp

import (
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
)

// Policy is how strict the gateway is with reports.
type Policy struct {
	// MinCoveragePPM: reports below it are refused (the site's own flag is informative).
	MinCoveragePPM uint64
	// CapacityTolerancePPM: how far above its registered capacity a site may report
	// (1,050,000 = 5 % above, for inventory changes between registrations).
	CapacityTolerancePPM uint64
	// AccountingTolerancePPM: how far the report's GPU-hours and jobs may differ from the
	// gateway's own records of the site's usage reports.
	AccountingTolerancePPM uint64
}

// DefaultPolicy: 90 % coverage, 5 % over capacity, 5 % disagreement with accounting.
func DefaultPolicy() Policy {
	return Policy{MinCoveragePPM: 900_000, CapacityTolerancePPM: 1_050_000, AccountingTolerancePPM: 50_000}
}

// Registration is what the gateway knows of a site.
type Registration struct {
	Site common.Address
	// CapacityMegaFLOPS is the registered inventory's index at full availability.
	CapacityMegaFLOPS uint64
	GPUs              uint32
	// PowerLimitMilliwatts is Σ GPU power limits (0: unknown, the energy rule is skipped).
	PowerLimitMilliwatts uint64
	// CatalogSHA256 is the catalog the gateway scores with, and ReferenceMegaFLOPS its
	// Compute Hours reference (0: the Compute Hours rule is skipped).
	CatalogSHA256      [32]byte
	ReferenceMegaFLOPS uint64
}

// AccountingView is the gateway's own record of the site's usage in the period.
type AccountingView struct {
	JobsRun    uint64
	GPUSeconds uint64
}

// Violation is one broken rule.
type Violation struct {
	Rule    string `json:"rule"`
	Message string `json:"message"`
}

func (v Violation) String() string { return v.Rule + ": " + v.Message }

// CheckPlausibility applies the gateway's rules to a report whose signature has been
// verified. No violation means the report may be accepted.
func CheckPlausibility(r *Report, reg Registration, cal Calendar, pol Policy, acct *AccountingView) []Violation {
	var out []Violation
	add := func(rule, format string, args ...any) {
		out = append(out, Violation{Rule: rule, Message: fmt.Sprintf(format, args...)})
	}
	if err := r.Validate(); err != nil {
		add("shape", "%v", err)
		return out
	}
	if r.Site != reg.Site {
		add("registration", "report is from %s, registration is for %s", r.Site.Hex(), reg.Site.Hex())
	}
	start, end, err := cal.Period(r.Epoch)
	if err != nil {
		add("epoch", "%v", err)
		return out
	}
	if !r.PeriodStart.Equal(start) || !r.PeriodEnd.Equal(end) {
		add("epoch", "epoch %d is %s – %s, the report says %s – %s", r.Epoch, start.Format("2006-01-02T15:04:05Z"), end.Format("2006-01-02T15:04:05Z"), r.PeriodStart.Format("2006-01-02T15:04:05Z"), r.PeriodEnd.Format("2006-01-02T15:04:05Z"))
	}
	period := uint64(end.Sub(start).Seconds())
	if r.SlotSeconds == 0 || uint64(r.SlotsTotal)*uint64(r.SlotSeconds) != period {
		add("slots", "%d slots of %d s do not make the %d s period", r.SlotsTotal, r.SlotSeconds, period)
	} else if want := uint64(r.SlotsCovered) * uint64(r.SlotSeconds) * 1_000_000 / period; want != uint64(r.CoveragePPM) {
		add("coverage", "%d of %d slots is %d ppm, the report says %d", r.SlotsCovered, r.SlotsTotal, want, r.CoveragePPM)
	}
	if uint64(r.CoveragePPM) < pol.MinCoveragePPM {
		add("coverage", "coverage %.2f %% is below the required %.2f %%", float64(r.CoveragePPM)/1e4, float64(pol.MinCoveragePPM)/1e4)
	}
	if r.CatalogSHA256 != common.Hash(reg.CatalogSHA256) {
		add("catalog", "report scored with catalog %s, the gateway uses %s", r.CatalogSHA256.Hex(), common.Hash(reg.CatalogSHA256).Hex())
	}
	limit := mulDiv(reg.CapacityMegaFLOPS, pol.CapacityTolerancePPM, 1_000_000)
	if r.MedianMegaFLOPS > limit {
		add("capacity", "median %d MFLOPS exceeds the registered capacity %d MFLOPS × tolerance (%d)", r.MedianMegaFLOPS, reg.CapacityMegaFLOPS, limit)
	}
	if r.MaxMegaFLOPS > limit {
		add("capacity", "peak slot %d MFLOPS exceeds the registered capacity × tolerance (%d)", r.MaxMegaFLOPS, limit)
	}
	if r.CapacityMegaFLOPS > limit {
		add("capacity", "inventory %d MFLOPS exceeds the registered capacity × tolerance (%d)", r.CapacityMegaFLOPS, limit)
	}
	if r.MedianMegaFLOPS > r.MaxMegaFLOPS || r.MeanMegaFLOPS > r.MaxMegaFLOPS || r.MaxMegaFLOPS > r.CapacityMegaFLOPS {
		add("consistency", "median %d, mean %d, max %d and capacity %d MFLOPS are out of order", r.MedianMegaFLOPS, r.MeanMegaFLOPS, r.MaxMegaFLOPS, r.CapacityMegaFLOPS)
	}
	if r.GPUs > reg.GPUs {
		add("inventory", "%d GPUs reported, %d registered", r.GPUs, reg.GPUs)
	}
	if maxGPU := uint64(reg.GPUs) * period; r.GPUSeconds > maxGPU {
		add("gpu-hours", "%d GPU-seconds exceed %d GPUs × the period (%d)", r.GPUSeconds, reg.GPUs, maxGPU)
	}
	// Jobs cannot have used more than the whole capacity for the whole period. (Not "more
	// than was made available": jobs also run in slots nobody observed, and on nodes that
	// are draining, which the grid does not count as available.)
	if reg.ReferenceMegaFLOPS > 0 {
		maxCH := new(big.Int).Mul(new(big.Int).SetUint64(reg.CapacityMegaFLOPS), new(big.Int).SetUint64(period))
		// × tolerance (ppm) × 1000 mCH per CH / 10^6 ppm = × tolerance / 1000.
		maxCH.Mul(maxCH, new(big.Int).SetUint64(pol.CapacityTolerancePPM))
		maxCH.Quo(maxCH, big.NewInt(1000))
		maxCH.Quo(maxCH, new(big.Int).Mul(new(big.Int).SetUint64(reg.ReferenceMegaFLOPS), big.NewInt(3600)))
		if new(big.Int).SetUint64(r.ComputeHoursMilli).Cmp(maxCH) > 0 {
			add("compute-hours", "jobs used %d mCH, more than the registered capacity can deliver in the period (%s mCH)", r.ComputeHoursMilli, maxCH)
		}
		if new(big.Int).SetUint64(r.AvailableComputeHoursMilli).Cmp(maxCH) > 0 {
			add("compute-hours", "%d mCH made available, more than the registered capacity can deliver in the period (%s mCH)", r.AvailableComputeHoursMilli, maxCH)
		}
	}
	if reg.PowerLimitMilliwatts > 0 {
		// Energy cannot exceed every board at its power limit for the whole period.
		maxEnergy := new(big.Int).Mul(new(big.Int).SetUint64(reg.PowerLimitMilliwatts), new(big.Int).SetUint64(period))
		if new(big.Int).SetUint64(r.EnergyMillijoules).Cmp(maxEnergy) > 0 {
			add("energy", "%d mJ exceed the boards' power limit over the period (%s mJ)", r.EnergyMillijoules, maxEnergy)
		}
		if r.MedianPowerMilliwatts > reg.PowerLimitMilliwatts {
			add("energy", "median power %d mW exceeds the boards' power limit %d mW", r.MedianPowerMilliwatts, reg.PowerLimitMilliwatts)
		}
	}
	if r.MedianPowerMilliwatts > 0 {
		if want := mulDiv(r.MedianMegaFLOPS, 1000, r.MedianPowerMilliwatts); want != r.EfficiencyMegaFLOPSPerWatt {
			add("consistency", "efficiency %d MFLOPS/W is not median / power (%d)", r.EfficiencyMegaFLOPSPerWatt, want)
		}
	}
	if acct != nil {
		if !within(r.GPUSeconds, acct.GPUSeconds, pol.AccountingTolerancePPM) {
			add("accounting", "%d GPU-seconds reported, the gateway's usage records say %d", r.GPUSeconds, acct.GPUSeconds)
		}
		if !within(uint64(r.JobsRun), acct.JobsRun, pol.AccountingTolerancePPM) {
			add("accounting", "%d jobs reported, the gateway's usage records say %d", r.JobsRun, acct.JobsRun)
		}
	}
	return out
}

// within reports |a − b| ≤ tolerance × max(a, b) (both 0 is within).
func within(a, b, tolerancePPM uint64) bool {
	hi, lo := a, b
	if lo > hi {
		hi, lo = lo, hi
	}
	return hi-lo <= mulDiv(hi, tolerancePPM, 1_000_000)
}
