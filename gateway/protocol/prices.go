package protocol

import (
	"errors"
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strings"
)

// Prices by grade (Compute Hours paper §7.3). The paper grades a resource on performance
// (A to D against the reference), reliability (1 to 4 from uptime) and energy efficiency (X to
// Z), and lets price points differ by grade so that providers reach for better grades; it
// gives no formula. A site therefore posts a schedule, and the gateway prices each job at the
// grades it has proven for the site (from its accepted reports), never at grades the site
// claims: the row of its performance grade, times the factors of its reliability and energy
// grades. A grade the gateway has not proven, or one the schedule leaves out, takes the base
// price and a factor of 1.

// Grade keys of a price schedule.
var (
	PerformanceGrades = []string{"A", "B", "C", "D"}
	ReliabilityGrades = []string{"1", "2", "3", "4"}
	EnergyGrades      = []string{"X", "Y", "Z"}
)

// Bounds of a price schedule's factors, in basis points of the row's price: at most × 2,
// as the gateway's environmental factors (tokenomics.MaxFactorBps), and at least 1 bp.
const (
	PriceFactorOneBps = 10_000
	MaxPriceFactorBps = 20_000
)

// maxPriceWei bounds the price any schedule can give (below 10^40 wei: what ParseWei reads
// back, so that the price a job was placed at can always be billed).
var maxPriceWei = new(big.Int).Sub(new(big.Int).Exp(big.NewInt(10), big.NewInt(40), nil), big.NewInt(1))

// Validate checks a price schedule: a base price in wei, rows only for grades A to D,
// factors only for reliability grades 1 to 4 and energy grades X to Z, each factor in 1 to
// MaxPriceFactorBps, and no combination of them above what ParseWei reads.
func (p Prices) Validate() error {
	var errs []error
	base, err := ParseWei(p.PerComputeHour)
	if err != nil {
		errs = append(errs, fmt.Errorf("prices.perComputeHourWei: %w", err))
	}
	if len(p.PerComputeHourByGrade) > len(PerformanceGrades) {
		// Refused whole: a hostile map of many keys would otherwise give an error each.
		return fmt.Errorf("prices.perComputeHourWeiByGrade: %d grades, at most %d (%s)", len(p.PerComputeHourByGrade), len(PerformanceGrades), strings.Join(PerformanceGrades, ", "))
	}
	maxRow := base
	for _, k := range slices.Sorted(maps.Keys(p.PerComputeHourByGrade)) {
		if !slices.Contains(PerformanceGrades, k) {
			errs = append(errs, fmt.Errorf("prices.perComputeHourWeiByGrade: %q is no performance grade (A, B, C or D)", clip(k)))
			continue
		}
		row, err := ParseWei(p.PerComputeHourByGrade[k])
		if err != nil {
			errs = append(errs, fmt.Errorf("prices.perComputeHourWeiByGrade.%s: %w", k, err))
			continue
		}
		if maxRow == nil || row.Cmp(maxRow) > 0 {
			maxRow = row
		}
	}
	maxReliability, err := checkFactors("reliabilityFactorBps", p.ReliabilityFactorBps, ReliabilityGrades)
	errs = append(errs, err)
	maxEnergy, err := checkFactors("energyFactorBps", p.EnergyFactorBps, EnergyGrades)
	errs = append(errs, err)
	if err := errors.Join(errs...); err != nil {
		return err
	}
	if top := applyFactors(maxRow, maxReliability, maxEnergy); top.Cmp(maxPriceWei) > 0 {
		return fmt.Errorf("prices: the dearest grade's price with its factors, %s wei, is above 10^40 wei", top)
	}
	return nil
}

// checkFactors checks one map of factors, returning the largest (at least 1 × for a grade
// the map leaves out).
func checkFactors(name string, factors map[string]uint32, grades []string) (uint32, error) {
	if len(factors) > len(grades) {
		return 0, fmt.Errorf("prices.%s: %d grades, at most %d (%s)", name, len(factors), len(grades), strings.Join(grades, ", "))
	}
	var errs []error
	largest := uint32(PriceFactorOneBps)
	for _, k := range slices.Sorted(maps.Keys(factors)) {
		v := factors[k]
		switch {
		case !slices.Contains(grades, k):
			errs = append(errs, fmt.Errorf("prices.%s: %q is not one of %s", name, clip(k), strings.Join(grades, ", ")))
		case v == 0 || v > MaxPriceFactorBps:
			errs = append(errs, fmt.Errorf("prices.%s.%s: %d bps, want 1 to %d (× 2)", name, k, v, MaxPriceFactorBps))
		default:
			largest = max(largest, v)
		}
	}
	return largest, errors.Join(errs...)
}

// PriceBasis says how a price was reached: the grades that applied and what each set.
type PriceBasis struct {
	// Grades are the grades the price was taken at, such as "B2X"; "" where none is proven.
	Grades string `json:"grades"`
	// Row is the performance grade whose row applied, "" for the base price.
	Row string `json:"row,omitempty"`
	// ReliabilityFactorBps and EnergyFactorBps are the factors applied (10,000: × 1).
	ReliabilityFactorBps uint32 `json:"reliabilityFactorBps"`
	EnergyFactorBps      uint32 `json:"energyFactorBps"`
}

// String is the basis in a few words, for placement messages.
func (b PriceBasis) String() string {
	row := "base price"
	if b.Row != "" {
		row = "grade " + b.Row + " price"
	}
	s := row
	if b.ReliabilityFactorBps != PriceFactorOneBps {
		s += fmt.Sprintf(" × %s (reliability)", bpsFactor(b.ReliabilityFactorBps))
	}
	if b.EnergyFactorBps != PriceFactorOneBps {
		s += fmt.Sprintf(" × %s (energy)", bpsFactor(b.EnergyFactorBps))
	}
	if b.Grades != "" {
		s += " at grades " + b.Grades
	}
	return s
}

// ForGrades is the price per Compute Hour at the grades given (performance "A" to "D",
// reliability 1 to 4, energy "X" to "Z"; anything else is unknown): the row of the
// performance grade, or the base price, times the reliability and energy factors, rounded
// down to the wei (the researcher's favour, by less than one wei). The schedule must have
// passed Validate.
func (p Prices) ForGrades(performance string, reliability int, energy string) (*big.Int, PriceBasis, error) {
	basis := PriceBasis{ReliabilityFactorBps: PriceFactorOneBps, EnergyFactorBps: PriceFactorOneBps}
	rel := ""
	if reliability >= 1 && reliability <= 4 {
		rel = fmt.Sprint(reliability)
	}
	for _, g := range []struct {
		grade string
		known []string
	}{{performance, PerformanceGrades}, {rel, ReliabilityGrades}, {energy, EnergyGrades}} {
		if slices.Contains(g.known, g.grade) {
			basis.Grades += g.grade
		} else {
			basis.Grades += "?"
		}
	}
	if basis.Grades == "???" {
		basis.Grades = ""
	}
	price, err := ParseWei(p.PerComputeHour)
	if err != nil {
		return nil, PriceBasis{}, fmt.Errorf("the base price: %w", err)
	}
	if row, ok := p.PerComputeHourByGrade[performance]; ok && slices.Contains(PerformanceGrades, performance) {
		if price, err = ParseWei(row); err != nil {
			return nil, PriceBasis{}, fmt.Errorf("the price of grade %s: %w", performance, err)
		}
		basis.Row = performance
	}
	if f, ok := p.ReliabilityFactorBps[rel]; ok && rel != "" {
		basis.ReliabilityFactorBps = f
	}
	if f, ok := p.EnergyFactorBps[energy]; ok && slices.Contains(EnergyGrades, energy) {
		basis.EnergyFactorBps = f
	}
	for _, f := range []uint32{basis.ReliabilityFactorBps, basis.EnergyFactorBps} {
		if f == 0 || f > MaxPriceFactorBps {
			return nil, PriceBasis{}, fmt.Errorf("a factor of %d bps, outside 1 to %d", f, MaxPriceFactorBps)
		}
	}
	out := applyFactors(price, basis.ReliabilityFactorBps, basis.EnergyFactorBps)
	if out.Cmp(maxPriceWei) > 0 {
		return nil, PriceBasis{}, fmt.Errorf("the price at grades %s, %s wei, is above 10^40 wei", basis.Grades, out)
	}
	return out, basis, nil
}

// HasGradePrices says whether the schedule sets anything beyond the base price.
func (p Prices) HasGradePrices() bool {
	return len(p.PerComputeHourByGrade) > 0 || len(p.ReliabilityFactorBps) > 0 || len(p.EnergyFactorBps) > 0
}

// applyFactors is ⌊price × reliability × energy / 10^8⌋ (factors in basis points).
func applyFactors(price *big.Int, reliabilityBps, energyBps uint32) *big.Int {
	if price == nil {
		return new(big.Int)
	}
	out := new(big.Int).Mul(price, big.NewInt(int64(reliabilityBps)))
	out.Mul(out, big.NewInt(int64(energyBps)))
	return out.Quo(out, big.NewInt(PriceFactorOneBps*PriceFactorOneBps))
}

// bpsFactor writes basis points as a factor: 9500 as "0.95".
func bpsFactor(bps uint32) string {
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%d.%04d", bps/PriceFactorOneBps, bps%PriceFactorOneBps), "0"), ".")
}
