package gateway

import (
	"math/big"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/tokenomics"
)

// siteQuote is what a site charges per Compute Hour for a job placed now: its price at the
// grades the gateway holds for it, and how that price was reached.
type siteQuote struct {
	grade siteGrade
	// priceWei is nil when the site's prices do not read (they were validated at
	// registration, so only a damaged store holds such): it gets no work.
	priceWei *big.Int
	basis    protocol.PriceBasis
}

// quoteSites prices each site at its grades (siteGrades): the row of its price schedule
// for its performance grade, times the factors for its reliability and energy grades
// (protocol.Prices.ForGrades). The grades are the gateway's, from the site's accepted
// reports and the catalog, never the site's word; a site that posts one price is charged
// that price at any grade. Placement, the provider list and the dashboard all take prices
// from here, so that what an operator sees is what a job is placed at.
func quoteSites(sites []gatewayapi.Site, latest []store.Report, cat *tokenomics.Catalog) map[string]siteQuote {
	grades := siteGrades(sites, latest, cat)
	out := make(map[string]siteQuote, len(sites))
	for _, s := range sites {
		gr := grades[s.Name]
		price, basis, _ := s.Registration.Prices.ForGrades(gr.performance, gr.reliability, gr.energy)
		out[s.Name] = siteQuote{grade: gr, priceWei: price, basis: basis}
	}
	return out
}
