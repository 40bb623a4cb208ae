package gateway

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/store"
)

// stateReader is what the state collector reads from the gateway's state.
type stateReader interface {
	CountJobs(ctx context.Context) (map[string]int, error)
	Sites(ctx context.Context) ([]gatewayapi.Site, error)
}

// stateCollector reads the queue depth and the sites' presence from the state at scrape
// time, so that the series are right after a restart without any bookkeeping. Only approved
// sites have a presence series: anyone may register a pending site, an operator admits it,
// so the series follow what operators admitted.
type stateCollector struct {
	state        stateReader
	now          func() time.Time
	offlineAfter time.Duration
	waiting      *prometheus.Desc
	online       *prometheus.Desc
}

func newStateCollector(state stateReader, now func() time.Time, offlineAfter time.Duration) *stateCollector {
	return &stateCollector{state: state, now: now, offlineAfter: offlineAfter,
		waiting: prometheus.NewDesc("petagrid_gateway_jobs_waiting",
			"Jobs waiting at the gateway, by stage: placement (queued for a site) or delivery (placed, not yet taken by the site).", []string{"stage"}, nil),
		online: prometheus.NewDesc("petagrid_gateway_site_online",
			"1 when an approved site polled within gateway.sites.offlineAfter, else 0.", []string{"site"}, nil)}
}

func (c *stateCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- c.waiting
	ch <- c.online
}

func (c *stateCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if counts, err := c.state.CountJobs(ctx); err != nil {
		ch <- prometheus.NewInvalidMetric(c.waiting, err)
	} else {
		ch <- prometheus.MustNewConstMetric(c.waiting, prometheus.GaugeValue, float64(counts[string(store.Queued)]), "placement")
		ch <- prometheus.MustNewConstMetric(c.waiting, prometheus.GaugeValue, float64(counts[string(store.Assigned)]), "delivery")
	}
	sites, err := c.state.Sites(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(c.online, err)
		return
	}
	now := c.now()
	for _, s := range sites {
		if s.Status != store.SiteApproved {
			continue
		}
		online := 0.0
		if now.Sub(s.LastSeen) < c.offlineAfter {
			online = 1
		}
		ch <- prometheus.MustNewConstMetric(c.online, prometheus.GaugeValue, online, s.Name)
	}
}
