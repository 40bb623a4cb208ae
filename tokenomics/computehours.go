package tokenomics

import (
	"fmt"
	"math/big"
	"time"
)

// ComputeHoursMilli is equation (1) of the Compute Hours paper §7, in thousandths of a CH:
// CH = performance / reference performance × operational hours, rounded down.
func ComputeHoursMilli(performanceMegaFLOPS, referenceMegaFLOPS uint64, durationSeconds uint64) (uint64, error) {
	if referenceMegaFLOPS == 0 {
		return 0, fmt.Errorf("compute hours: the reference performance is 0")
	}
	v := new(big.Int).Mul(new(big.Int).SetUint64(performanceMegaFLOPS), new(big.Int).SetUint64(durationSeconds))
	v.Mul(v, big.NewInt(1000))
	v.Quo(v, new(big.Int).Mul(new(big.Int).SetUint64(referenceMegaFLOPS), big.NewInt(3600)))
	if !v.IsUint64() {
		return 0, fmt.Errorf("compute hours: %s mCH overflows", v)
	}
	return v.Uint64(), nil
}

// Performance grades (Compute Hours paper §7.3) against the reference system. The paper
// names the tiers but not their bounds; these are ours, documented in docs/tokenomics.md:
// A at ≥ 2× the reference ("significantly above"), B at ≥ 1.25×, C at ≥ 0.8× ("close to"),
// D below.
var (
	gradeABound = big.NewRat(2, 1)
	gradeBBound = big.NewRat(5, 4)
	gradeCBound = big.NewRat(4, 5)
)

// PerformanceGrade grades one unit of performance against one unit of the reference.
func PerformanceGrade(performanceMegaFLOPS, referenceMegaFLOPS uint64) string {
	if referenceMegaFLOPS == 0 {
		return "?"
	}
	r := new(big.Rat).SetFrac(new(big.Int).SetUint64(performanceMegaFLOPS), new(big.Int).SetUint64(referenceMegaFLOPS))
	switch {
	case r.Cmp(gradeABound) >= 0:
		return "A"
	case r.Cmp(gradeBBound) >= 0:
		return "B"
	case r.Cmp(gradeCBound) >= 0:
		return "C"
	default:
		return "D"
	}
}

// ReliabilityGrade grades uptime (available time / observed time, in parts per million) by
// the paper's bounds: 1 above 99.9 %, 2 from 99.0 to 99.9, 3 from 95.0 to 99.0, 4 below 95.0.
// Exactly 99.9 % is grade 2 (grade 1 is "exceeding 99.9 %"); exactly 99.0 % is grade 2 and
// exactly 95.0 % grade 3 (each range includes its lower bound).
func ReliabilityGrade(uptimePPM uint64) string {
	switch {
	case uptimePPM > 999_000:
		return "1"
	case uptimePPM >= 990_000:
		return "2"
	case uptimePPM >= 950_000:
		return "3"
	default:
		return "4"
	}
}

// EnergyGrade grades efficiency (index FLOPS per watt) against the reference system's, with
// the same relative bounds as performance: X at ≥ 1.25× the reference's FLOPS per watt,
// Y at ≥ 0.8×, Z below. The paper leaves the bounds open; relative bounds keep the grade
// meaningful as the catalog and the reference change.
func EnergyGrade(megaFLOPS uint64, watts *big.Rat, refMegaFLOPS uint64, refWatts *big.Rat) string {
	if watts == nil || watts.Sign() <= 0 || refWatts == nil || refWatts.Sign() <= 0 || refMegaFLOPS == 0 {
		return "?"
	}
	eff := new(big.Rat).Quo(new(big.Rat).SetInt(new(big.Int).SetUint64(megaFLOPS)), watts)
	refEff := new(big.Rat).Quo(new(big.Rat).SetInt(new(big.Int).SetUint64(refMegaFLOPS)), refWatts)
	r := new(big.Rat).Quo(eff, refEff)
	switch {
	case r.Cmp(gradeBBound) >= 0:
		return "X"
	case r.Cmp(gradeCBound) >= 0:
		return "Y"
	default:
		return "Z"
	}
}

// Grades are the three grades of a compute resource.
type Grades struct {
	Performance string `json:"performance"`
	Reliability string `json:"reliability,omitempty"`
	Energy      string `json:"energy"`
}

func (g Grades) String() string {
	rel := g.Reliability
	if rel == "" {
		rel = "-"
	}
	return g.Performance + rel + g.Energy
}

// DeviceGrades grades one device of a score against the catalog's reference (performance and
// energy); reliability needs availability history and is left empty.
func (c *Catalog) DeviceGrades(s Score) Grades {
	ref := c.refScore
	return Grades{
		Performance: PerformanceGrade(s.PerDeviceMegaFLOPS, ref.PerDeviceMegaFLOPS),
		Energy:      EnergyGrade(s.PerDeviceMegaFLOPS, s.BoardPowerWatts, ref.PerDeviceMegaFLOPS, ref.BoardPowerWatts),
	}
}

// AvailabilityObservation is one node in one slot: observed, and available or not. Slots
// that were not observed have no observation: they count neither as up nor as down.
type AvailabilityObservation struct {
	Node        string
	SlotStart   time.Time
	SlotSeconds int64
	Available   bool
}

// Reliability summarises availability history.
type Reliability struct {
	ObservedSeconds int64 `json:"observedSeconds"`
	UpSeconds       int64 `json:"upSeconds"`
	// UptimePPM is up / observed in parts per million (0 with nothing observed).
	UptimePPM uint64 `json:"uptimePpm"`
	// Failures counts available → unavailable transitions; Repairs the reverse.
	Failures int64 `json:"failures"`
	Repairs  int64 `json:"repairs"`
	// MTBFSeconds is up time per failure and MTTRSeconds down time per repair; nil when
	// there was no failure (or no repair) to divide by.
	MTBFSeconds *int64 `json:"mtbfSeconds,omitempty"`
	MTTRSeconds *int64 `json:"mttrSeconds,omitempty"`
	Grade       string `json:"grade"`
}

// MeasureReliability computes uptime, MTBF and MTTR from per-node observations, which must
// be sorted by node then slot. A gap in observations does not break a run: a node seen up,
// then not observed, then down counts one failure, and the unobserved time counts nowhere.
func MeasureReliability(obs []AvailabilityObservation) (Reliability, error) {
	var r Reliability
	var downSeconds int64
	for i, o := range obs {
		if o.SlotSeconds <= 0 {
			return Reliability{}, fmt.Errorf("reliability: node %s slot %s has length %d s", o.Node, o.SlotStart.UTC().Format(time.RFC3339), o.SlotSeconds)
		}
		if i > 0 && obs[i-1].Node == o.Node {
			prev := obs[i-1]
			if !o.SlotStart.After(prev.SlotStart) {
				return Reliability{}, fmt.Errorf("reliability: node %s observations out of order at %s", o.Node, o.SlotStart.UTC().Format(time.RFC3339))
			}
			switch {
			case prev.Available && !o.Available:
				r.Failures++
			case !prev.Available && o.Available:
				r.Repairs++
			}
		}
		r.ObservedSeconds += o.SlotSeconds
		if o.Available {
			r.UpSeconds += o.SlotSeconds
		} else {
			downSeconds += o.SlotSeconds
		}
	}
	if r.ObservedSeconds > 0 {
		r.UptimePPM = uint64(r.UpSeconds) * 1_000_000 / uint64(r.ObservedSeconds)
		r.Grade = ReliabilityGrade(r.UptimePPM)
	}
	if r.Failures > 0 {
		v := r.UpSeconds / r.Failures
		r.MTBFSeconds = &v
	}
	if r.Repairs > 0 {
		v := downSeconds / r.Repairs
		r.MTTRSeconds = &v
	}
	return r, nil
}
