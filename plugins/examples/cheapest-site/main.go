// Command cheapest-site is an example placement plugin: it ranks the sites that can run a job
// by their worst-case cost alone, cheapest first (the built-in policy also weighs grades and
// load). Build it into the gateway's plugin directory and pin its checksum:
//
//	go build -o /var/lib/petagrid/plugins/cheapest-site ./plugins/examples/cheapest-site
//	petagrid plugins list --dir /var/lib/petagrid/plugins
package main

import (
	"context"
	"fmt"
	"math/big"
	"sort"

	"github.com/petagrid/petagrid/plugins"
	"github.com/petagrid/petagrid/plugins/proto/pluginv1"
)

type cheapest struct{}

// Rank orders by cost, then by site name so that equal costs rank the same way every time.
func (cheapest) Rank(_ context.Context, req *pluginv1.RankRequest) (*pluginv1.RankResponse, error) {
	type site struct {
		name string
		cost *big.Int
	}
	sites := make([]site, 0, len(req.GetCandidates()))
	for _, c := range req.GetCandidates() {
		cost, ok := new(big.Int).SetString(c.GetCostWei(), 10)
		if !ok || cost.Sign() < 0 {
			return nil, fmt.Errorf("candidate %q: cost %q is not an amount in wei", c.GetSite(), c.GetCostWei())
		}
		sites = append(sites, site{c.GetSite(), cost})
	}
	sort.SliceStable(sites, func(i, j int) bool {
		if c := sites[i].cost.Cmp(sites[j].cost); c != 0 {
			return c < 0
		}
		return sites[i].name < sites[j].name
	})
	out := &pluginv1.RankResponse{}
	for _, s := range sites {
		out.Sites = append(out.Sites, s.name)
	}
	return out, nil
}

func main() {
	plugins.Serve(plugins.ServeOpts{Name: "cheapest-site", Placement: cheapest{}})
}
