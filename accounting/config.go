// Package accounting turns what Slurm and the GPUs report into figures PoCP and billing can
// trust: a sacct harvester with overlapping windows, a node-availability sampler on a fixed
// slot grid, and (through accounting/gpu) NVML telemetry attributed to jobs — all stored in
// the SQLite store of accounting/store with their provenance.
package accounting

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/petagrid/petagrid/slurmbridge"
)

// Config is the accounting section of the configuration file. Every field is documented in
// docs/admin-guide.md; zero values take the defaults below.
type Config struct {
	// Store is the SQLite accounting database.
	Store string `yaml:"store"`
	// Cluster overrides the cluster name (default: slurm.conf's ClusterName, asked of
	// scontrol).
	Cluster string        `yaml:"cluster"`
	Harvest HarvestConfig `yaml:"harvest"`
	Nodes   NodesConfig   `yaml:"nodes"`
	GPUs    GPUsConfig    `yaml:"gpus"`
}

// HarvestConfig paces the sacct harvester.
type HarvestConfig struct {
	// Disabled turns the harvester off in the site daemon.
	Disabled bool `yaml:"disabled"`
	// Interval between two harvest cycles once caught up (default 5m).
	Interval time.Duration `yaml:"interval"`
	// Overlap is how far back every cycle re-reads (default 6h). Running jobs are re-read
	// anyway (sacct returns every job that overlaps the window); the overlap catches records
	// that reach slurmdbd late, such as those slurmctld queued while slurmdbd was down. Make
	// it longer than the longest slurmdbd outage you expect.
	Overlap time.Duration `yaml:"overlap"`
	// Chunk is the width of one backfill query (default 24h): one bounded query per cycle,
	// below slurmdbd's MaxQueryTimeRange. It is halved automatically when slurmdbd refuses a
	// window as too wide or its answer is too large.
	Chunk time.Duration `yaml:"chunk"`
	// InitialBackfill is how far back a new store starts (default 720h, 30 days).
	InitialBackfill time.Duration `yaml:"initialBackfill"`
	// Format is how sacct is read: "parsable" (the default; -P with a random delimiter per
	// query and JobName last) or "json". -P is complete on every release in one query and is
	// 15-30 times smaller than the JSON, which on 22.05 also needs a second -P query for exit
	// codes and step usage; JSON is there for sites that prefer Slurm's own structure.
	Format string `yaml:"format"`
	// MaxBackoff caps the wait after failed cycles (default 10m).
	MaxBackoff time.Duration `yaml:"maxBackoff"`
}

// NodesConfig paces the node-availability sampler.
type NodesConfig struct {
	// Disabled turns the sampler off in the site daemon.
	Disabled bool `yaml:"disabled"`
	// Slot is the slot width (default 1m): every slot, each grid node's state is recorded.
	Slot time.Duration `yaml:"slot"`
	// Partitions limits the sampled nodes to those in these partitions (default: the site's
	// grid partitions; empty there too: every node).
	Partitions []string `yaml:"partitions"`
}

// GPUsConfig configures NVML telemetry on the machine the daemon runs on.
type GPUsConfig struct {
	// Mode is "auto" (the default: sample if NVML loads, otherwise log one line and go on),
	// "on" (fail if NVML does not load) or "off".
	Mode string `yaml:"mode"`
	// Interval between samples (default 10s).
	Interval time.Duration `yaml:"interval"`
	// Node is this machine's Slurm node name (default: the short host name).
	Node string `yaml:"node"`
	// IndexOrder maps Slurm's GPU indices to NVML devices: "minor" (the default; gres.conf
	// File=/dev/nvidia[0-N] order), "pci" (PCI bus id order, as AutoDetect=nvml) or "nvml".
	IndexOrder string `yaml:"indexOrder"`
}

// Defaults.
const (
	DefaultStore           = "/var/lib/petagrid/site/accounting.db"
	DefaultHarvestInterval = 5 * time.Minute
	DefaultOverlap         = 6 * time.Hour
	DefaultChunk           = 24 * time.Hour
	DefaultInitialBackfill = 30 * 24 * time.Hour
	DefaultMaxBackoff      = 10 * time.Minute
	DefaultSlot            = time.Minute
	DefaultGPUInterval     = 10 * time.Second
)

// WithDefaults fills unset fields.
func (c Config) WithDefaults() Config {
	if c.Store == "" {
		c.Store = DefaultStore
	}
	h := &c.Harvest
	if h.Interval == 0 {
		h.Interval = DefaultHarvestInterval
	}
	if h.Overlap == 0 {
		h.Overlap = DefaultOverlap
	}
	if h.Chunk == 0 {
		h.Chunk = DefaultChunk
	}
	if h.InitialBackfill == 0 {
		h.InitialBackfill = DefaultInitialBackfill
	}
	if h.Format == "" {
		h.Format = "parsable"
	}
	if h.MaxBackoff == 0 {
		h.MaxBackoff = DefaultMaxBackoff
	}
	if c.Nodes.Slot == 0 {
		c.Nodes.Slot = DefaultSlot
	}
	if c.GPUs.Mode == "" {
		c.GPUs.Mode = "auto"
	}
	if c.GPUs.Interval == 0 {
		c.GPUs.Interval = DefaultGPUInterval
	}
	if c.GPUs.IndexOrder == "" {
		c.GPUs.IndexOrder = "minor"
	}
	if c.GPUs.Node == "" {
		if host, err := os.Hostname(); err == nil {
			c.GPUs.Node, _, _ = strings.Cut(host, ".")
		}
	}
	return c
}

// Validate reports every problem at once.
func (c Config) Validate() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if c.Store == "" {
		bad("accounting.store: empty")
	}
	h := c.Harvest
	if h.Interval < time.Second {
		bad("accounting.harvest.interval: %s is below 1s", h.Interval)
	}
	if h.Overlap < h.Interval {
		bad("accounting.harvest.overlap: %s is shorter than the interval %s, which would leave gaps between cycles", h.Overlap, h.Interval)
	}
	if h.Chunk < time.Minute {
		bad("accounting.harvest.chunk: %s is below 1m", h.Chunk)
	}
	if h.InitialBackfill < 0 {
		bad("accounting.harvest.initialBackfill: negative")
	}
	if h.MaxBackoff < time.Second {
		bad("accounting.harvest.maxBackoff: %s is below 1s", h.MaxBackoff)
	}
	if _, err := sacctFormat(h.Format); err != nil {
		bad("accounting.harvest.format: %v", err)
	}
	if c.Nodes.Slot < 10*time.Second || (24*time.Hour)%c.Nodes.Slot != 0 {
		bad("accounting.nodes.slot: %s must be at least 10s and divide a day, so that slots align to UTC midnight", c.Nodes.Slot)
	}
	for _, p := range c.Nodes.Partitions {
		if p == "" || strings.ContainsAny(p, ", \n") {
			bad("accounting.nodes.partitions: bad partition name %q", p)
		}
	}
	switch c.GPUs.Mode {
	case "auto", "on", "off":
	default:
		bad("accounting.gpus.mode: %q is not auto, on or off", c.GPUs.Mode)
	}
	if c.GPUs.Interval < 100*time.Millisecond {
		bad("accounting.gpus.interval: %s is below 100ms", c.GPUs.Interval)
	}
	switch c.GPUs.IndexOrder {
	case "minor", "pci", "nvml":
	default:
		bad("accounting.gpus.indexOrder: %q is not minor, pci or nvml", c.GPUs.IndexOrder)
	}
	return errors.Join(errs...)
}

func sacctFormat(s string) (slurmbridge.AccountingFormat, error) {
	switch s {
	case "", "parsable":
		return slurmbridge.FormatParsable, nil
	case "json":
		return slurmbridge.FormatJSON, nil
	}
	return "", fmt.Errorf("%q is not parsable or json", s)
}
