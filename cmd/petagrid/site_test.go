package main

import (
	"strings"
	"testing"

	"github.com/petagrid/petagrid/plugins"
	"github.com/petagrid/petagrid/site/gatewaylink"
)

// TestCheckBidPolicy: one bid-policy plugin at most, and only the one grid.bidding.policy
// names.
func TestCheckBidPolicy(t *testing.T) {
	policy := func(names ...string) plugins.Config {
		c := plugins.Config{Dir: "/opt/plugins", Plugins: []plugins.PluginConfig{{Name: "filter", Kind: plugins.KindSubmitFilter}}}
		for _, n := range names {
			c.Plugins = append(c.Plugins, plugins.PluginConfig{Name: n, Kind: plugins.KindBidPolicy})
		}
		return c
	}
	grid := func(named string) *gatewaylink.Config {
		return &gatewaylink.Config{Bidding: gatewaylink.Bidding{Policy: named}}
	}
	for _, c := range []struct {
		name string
		cfg  plugins.Config
		grid *gatewaylink.Config
		want string
	}{
		{"none", policy(), grid(""), ""},
		{"no grid", policy(), nil, ""},
		{"named", policy("queue-bid"), grid("queue-bid"), ""},
		{"two", policy("a", "b"), grid("a"), "2 bid-policy plugins"},
		{"not named", policy("queue-bid"), grid(""), "not the one grid.bidding.policy names"},
		{"another named", policy("queue-bid"), grid("other"), "not the one grid.bidding.policy names"},
		{"without a grid", policy("queue-bid"), nil, "not the one grid.bidding.policy names"},
		{"named, not configured", policy(), grid("queue-bid"), "no bid-policy plugin of that name"},
	} {
		err := checkBidPolicy(c.cfg, c.grid)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}
