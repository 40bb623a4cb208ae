package gatewaylink

import (
	"errors"
	"fmt"
	"math/big"
	"net"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/internal/sanitize"
)

// Config is the `grid:` section of the site configuration (`gateway:` configures the gateway
// itself): where the grid gateway is and what the site tells it. Every field is documented
// in docs/site-gateway.md.
type Config struct {
	// URL is the gateway's base URL, https://host[:port]; http:// only on loopback (a local
	// proxy or a test gateway): requests are signed, not encrypted, and whoever answers is
	// trusted with assignments, log requests and the chain it announces.
	URL string `yaml:"url"`
	// Key is the site key file (`petagrid keys new`), which signs every request and every
	// PoCP report; its address is the site's identity at the gateway.
	Key string `yaml:"key"`
	// Audience is the gateway's name that requests are signed for; empty: the "audience"
	// the gateway announces on GET /v1/info.
	Audience string `yaml:"audience"`
	// PollWait is how long the gateway may hold a poll when it has nothing to send
	// (default 25s, at most 60s).
	PollWait time.Duration `yaml:"pollWait"`
	// RetryMax caps the wait between attempts while the gateway is unreachable (default
	// 30s); it is also the poll pace while the site is pending or suspended.
	RetryMax time.Duration `yaml:"retryMax"`
	// UpdateInterval is how often run states go to the gateway (default 5s).
	UpdateInterval time.Duration `yaml:"updateInterval"`
	// PricePerComputeHourWei is what the site charges per Compute Hour, in DPS wei
	// (decimal digits). Required.
	PricePerComputeHourWei string `yaml:"pricePerComputeHourWei"`
	// PricesByGrade optionally prices the site by the grades the gateway holds for it
	// (Compute Hours paper §7.3): a price per performance grade, and factors by reliability
	// and energy grade. PricePerComputeHourWei stays the price where it sets none. Sent to
	// gateways of protocol 7 and later.
	PricesByGrade *GradePrices `yaml:"pricesByGrade"`
	// Bidding is how the site bids in the gateway's sealed-bid auctions (protocol 9).
	Bidding Bidding `yaml:"bidding"`
	// Labels describe the site to placement and to researchers (e.g. region: eu-west).
	Labels map[string]string `yaml:"labels"`
	// ReportPoCP sends each closed period's signed PoCP report (default true).
	ReportPoCP *bool `yaml:"reportPoCP"`
	// LocalUser is, in mapped mode, the grid's pool account: grid jobs run as it when the
	// researcher's key is not in site.users.researchers, or their signed submission did not
	// come with the job; it must be in site.users.allowedLocalUsers. Empty: such assignments
	// are refused.
	LocalUser string `yaml:"localUser"`
}

// Defaults and bounds.
const (
	DefaultPollWait       = protocol.DefaultPollWait
	DefaultRetryMax       = 30 * time.Second
	DefaultUpdateInterval = 5 * time.Second
)

var (
	audiencePattern  = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,199}$`)
	localUserPattern = regexp.MustCompile(`^[a-z_][a-z0-9_.-]{0,31}$`)
	labelKeyPattern  = regexp.MustCompile(`^[a-z0-9][a-z0-9._/-]{0,62}$`)
)

// WithDefaults fills zero fields.
func (c Config) WithDefaults() Config {
	if c.PollWait == 0 {
		c.PollWait = DefaultPollWait
	}
	if c.RetryMax == 0 {
		c.RetryMax = DefaultRetryMax
	}
	if c.UpdateInterval == 0 {
		c.UpdateInterval = DefaultUpdateInterval
	}
	if c.ReportPoCP == nil {
		yes := true
		c.ReportPoCP = &yes
	}
	return c
}

// Reports says whether closed periods' PoCP reports are sent (the default).
func (c Config) Reports() bool { return c.ReportPoCP == nil || *c.ReportPoCP }

// Validate checks the section on its own; New checks it against the site (user mapping,
// accounting) too.
func (c Config) Validate() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if c.URL == "" {
		bad("grid.url is required (https://host[:port] of the grid gateway)")
	} else if u, err := url.Parse(c.URL); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		bad("grid.url %q: use https://host[:port]", clip(c.URL, 100))
	} else if (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		bad("grid.url %q: give the gateway's base URL only, with no path, query or user", clip(c.URL, 100))
	} else if u.Scheme == "http" && !loopback(u.Hostname()) {
		bad("grid.url %q: http:// is refused except on loopback (127.0.0.0/8, ::1, localhost): anyone on the path could read the traffic and forge the gateway's answers; use https://", clip(c.URL, 100))
	}
	if c.Key == "" {
		bad("grid.key is required: the site key file (create one with `petagrid keys new --file /etc/petagrid/site.key`)")
	} else if !filepath.IsAbs(c.Key) {
		bad("grid.key %q must be an absolute path", clip(c.Key, 100))
	}
	if c.Audience != "" && !audiencePattern.MatchString(c.Audience) {
		bad("grid.audience %q: the gateway's name, 1-200 characters from A-Z a-z 0-9 . _ : / @ + -", clip(c.Audience, 60))
	}
	if c.PollWait < time.Second || c.PollWait > protocol.MaxPollWait {
		bad("grid.pollWait %s: between 1s and %s", c.PollWait, protocol.MaxPollWait)
	}
	if c.RetryMax < time.Second || c.RetryMax > time.Hour {
		bad("grid.retryMax %s: between 1s and 1h", c.RetryMax)
	}
	if c.UpdateInterval < 100*time.Millisecond || c.UpdateInterval > 10*time.Minute {
		bad("grid.updateInterval %s: between 100ms and 10m", c.UpdateInterval)
	}
	if c.PricePerComputeHourWei == "" {
		bad("grid.pricePerComputeHourWei is required: what the site charges per Compute Hour, in DPS wei (decimal digits; 1 DPS = 10^18 wei)")
	} else if _, err := protocol.ParseWei(c.PricePerComputeHourWei); err != nil {
		bad("grid.pricePerComputeHourWei: %v", err)
	} else if err := c.Prices().Validate(); err != nil {
		bad("grid.pricesByGrade: %v", err)
	}
	if c.Bidding.FloorPerComputeHourWei != "" {
		if _, err := protocol.ParseWei(c.Bidding.FloorPerComputeHourWei); err != nil {
			bad("grid.bidding.floorPerComputeHourWei: %v", err)
		}
	}
	if c.Bidding.Policy != "" && c.Bidding.Disabled {
		bad("grid.bidding.policy %q is set and grid.bidding.disabled too: a site that bids in no auction needs no bid policy", clip(c.Bidding.Policy, 60))
	}
	if len(c.Labels) > protocol.MaxLabels {
		bad("grid.labels: at most %d", protocol.MaxLabels)
	}
	for _, k := range protocol.SortedLabels(c.Labels) {
		if !labelKeyPattern.MatchString(k) {
			bad("grid.labels: key %q: 1-63 characters from a-z 0-9 . _ / -, starting with a letter or digit", clip(k, 60))
		}
		if len(c.Labels[k]) > 128 {
			bad("grid.labels.%s: at most 128 bytes", k)
		}
	}
	if c.LocalUser != "" && !localUserPattern.MatchString(c.LocalUser) {
		bad("grid.localUser %q is not a valid user name", clip(c.LocalUser, 40))
	} else if c.LocalUser == "root" {
		bad("grid.localUser root is refused: jobs are never submitted as root")
	}
	return errors.Join(errs...)
}

// clip shortens a value quoted back in a message.
func clip(s string, n int) string { return sanitize.Clip(s, n) }

// loopback reports whether host names this machine: localhost or a loopback address
// (127.0.0.0/8, ::1).
func loopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// GradePrices is grid.pricesByGrade: the site's prices by grade (protocol.Prices).
type GradePrices struct {
	// PerComputeHourWei is the price per Compute Hour at a performance grade (A to D), in
	// DPS wei.
	PerComputeHourWei map[string]string `yaml:"perComputeHourWei"`
	// ReliabilityFactorBps (grades 1 to 4) and EnergyFactorBps (X to Z) multiply the price
	// at those grades, in basis points: 10000 is × 1, from 1 to 20000.
	ReliabilityFactorBps map[string]uint32 `yaml:"reliabilityFactorBps"`
	EnergyFactorBps      map[string]uint32 `yaml:"energyFactorBps"`
}

// Prices is what the site registers: its base price, and its prices by grade if any.
func (c Config) Prices() protocol.Prices {
	p := protocol.Prices{PerComputeHour: c.PricePerComputeHourWei}
	if g := c.PricesByGrade; g != nil {
		p.PerComputeHourByGrade, p.ReliabilityFactorBps, p.EnergyFactorBps = g.PerComputeHourWei, g.ReliabilityFactorBps, g.EnergyFactorBps
	}
	return p
}

// Bidding is grid.bidding: how the site bids in the gateway's sealed-bid auctions (the jobs of
// workflows in placement mode auction). By default the site bids its prices (the schedule
// by grade at the grades the gateway holds, or the base price), never below the floor.
type Bidding struct {
	// Disabled: the site bids in no auction (it still takes jobs at its posted prices).
	Disabled bool `yaml:"disabled"`
	// FloorPerComputeHourWei is the least the site bids per Compute Hour, in DPS wei
	// (empty: 0); a policy's lower bid is raised to it.
	FloorPerComputeHourWei string `yaml:"floorPerComputeHourWei"`
	// Policy names the bid-policy plugin (plugins.plugins, kind bid-policy) that decides the
	// bids instead of the prices (empty: none).
	Policy string `yaml:"policy"`
}

// floorWei is the floor as an amount (0 when unset); the configuration was validated.
func (b Bidding) floorWei() *big.Int {
	if b.FloorPerComputeHourWei == "" {
		return new(big.Int)
	}
	v, err := protocol.ParseWei(b.FloorPerComputeHourWei)
	if err != nil {
		return new(big.Int)
	}
	return v
}
