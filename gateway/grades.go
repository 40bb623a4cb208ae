package gateway

import (
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/tokenomics"
)

// siteGrade is a site's grades, as placement and the dashboard show them.
type siteGrade struct {
	performance string
	reliability int
}

// siteGrades are the grades of each site's latest accepted report: performance per GPU
// against the reference, and reliability from the uptime the report proves (its nodes'
// availability over the period, unobserved time counted as not up: Compute Hours paper §7.3),
// not from how much of the period the site's sampler covered.
func siteGrades(sites []gatewayapi.Site, latest []store.Report, referenceMegaFLOPS uint64) map[string]siteGrade {
	gpus := make(map[string]int, len(sites))
	for _, s := range sites {
		gpus[s.Name] = s.Registration.Inventory.GPUs
	}
	out := map[string]siteGrade{}
	for _, r := range latest {
		gr := siteGrade{}
		if n := gpus[r.Site]; n > 0 && referenceMegaFLOPS > 0 {
			gr.performance = tokenomics.PerformanceGrade(r.MedianMFLOPS/uint64(n), referenceMegaFLOPS)
		}
		gr.reliability = int(tokenomics.ReliabilityGrade(uint64(r.UptimePPM))[0] - '0')
		out[r.Site] = gr
	}
	return out
}
