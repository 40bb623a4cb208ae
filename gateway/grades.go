package gateway

import (
	"math/big"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/tokenomics"
)

// siteGrade is a site's grades, as placement, pricing and the dashboard use them: "" (0 for
// reliability) where unknown.
type siteGrade struct {
	performance string
	reliability int
	energy      string
}

// String is the grades as the Compute Hours paper writes them ("B2X"), "?" for each unknown.
func (g siteGrade) String() string {
	perf, rel, energy := g.performance, "?", g.energy
	if perf == "" {
		perf = "?"
	}
	if g.reliability >= 1 && g.reliability <= 4 {
		rel = string(rune('0' + g.reliability))
	}
	if energy == "" {
		energy = "?"
	}
	return perf + rel + energy
}

// siteGrades are each site's grades. Performance and reliability are those of its latest
// accepted report: performance per GPU against the reference, and reliability from the
// uptime the report proves (its nodes' availability over the period, unobserved time
// counted as not up: Compute Hours paper §7.3), not from how much of the period the site's
// sampler covered. Energy is graded from the catalog's figures of the GPUs it registered
// (siteEnergyGrade).
func siteGrades(sites []gatewayapi.Site, latest []store.Report, cat *tokenomics.Catalog) map[string]siteGrade {
	referenceMegaFLOPS := cat.ReferenceScore().PerDeviceMegaFLOPS
	gpus := make(map[string]int, len(sites))
	out := make(map[string]siteGrade, len(sites))
	for _, s := range sites {
		gpus[s.Name] = s.Registration.Inventory.GPUs
		if e := siteEnergyGrade(s, cat); e != "" {
			out[s.Name] = siteGrade{energy: e}
		}
	}
	for _, r := range latest {
		gr := out[r.Site]
		if n := gpus[r.Site]; n > 0 && referenceMegaFLOPS > 0 {
			gr.performance = tokenomics.PerformanceGrade(r.MedianMFLOPS/uint64(n), referenceMegaFLOPS)
		}
		gr.reliability = int(tokenomics.ReliabilityGrade(uint64(r.UptimePPM))[0] - '0')
		out[r.Site] = gr
	}
	return out
}

// siteEnergyGrade grades a site's registered GPUs' efficiency from the catalog: their index
// FLOPS over their board power, summed over every GPU, against the reference device's. It
// is "" for a site without GPUs, or with a GPU model the catalog does not know.
//
// Why the catalog and not the power the site measures: the median power a report carries is
// the draw of mostly idle boards, which says nothing of FLOPS per watt under load, and a
// site could lower it (or its power limit) without a new approval. The registered models
// are what challenges check by name and time.
func siteEnergyGrade(s gatewayapi.Site, cat *tokenomics.Catalog) string {
	megaFLOPS, devices := new(big.Int), new(big.Int)
	watts := new(big.Rat)
	for _, p := range s.Registration.Inventory.Partitions {
		for _, sh := range p.Shapes {
			if sh.GPUs <= 0 || sh.Nodes <= 0 {
				continue
			}
			unitMegaFLOPS, unitWatts, err := cat.UnitFigures(sh.GPUModel)
			if err != nil || unitWatts == nil {
				return ""
			}
			count := new(big.Int).Mul(big.NewInt(int64(sh.Nodes)), big.NewInt(int64(sh.GPUs)))
			devices.Add(devices, count)
			megaFLOPS.Add(megaFLOPS, new(big.Int).Mul(new(big.Int).SetUint64(unitMegaFLOPS), count))
			watts.Add(watts, new(big.Rat).Mul(unitWatts, new(big.Rat).SetInt(count)))
		}
	}
	if devices.Sign() == 0 {
		return ""
	}
	// Per GPU on average (the same ratio as the sums', within uint64 for any inventory).
	perDevice := new(big.Int).Quo(megaFLOPS, devices)
	watts.Quo(watts, new(big.Rat).SetInt(devices))
	ref := cat.ReferenceScore()
	grade := tokenomics.EnergyGrade(perDevice.Uint64(), watts, ref.PerDeviceMegaFLOPS, ref.BoardPowerWatts)
	if grade == "?" {
		return ""
	}
	return grade
}
