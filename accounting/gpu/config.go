package gpu

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// ErrInvalidConfig is wrapped by Validate's errors.
var ErrInvalidConfig = errors.New("invalid GPU sampler configuration")

// Index orders: how Slurm's GPU index on a node maps to a physical GPU.
const (
	// IndexOrderMinor: index i is the i-th GPU in ascending minor number (/dev/nvidiaN), the
	// order of gres.conf File=/dev/nvidia[0-N].
	IndexOrderMinor = "minor"
	// IndexOrderPCI: index i is the i-th GPU in ascending PCI bus id, the order Slurm's
	// AutoDetect=nvml gives.
	IndexOrderPCI = "pci"
	// IndexOrderNVML: index i is the GPU with NVML index i.
	IndexOrderNVML = "nvml"
)

// Defaults applied by WithDefaults.
const (
	DefaultInterval   = 10 * time.Second
	DefaultIndexOrder = IndexOrderMinor
	DefaultGapFactor  = 3
)

// minInterval: NVML refreshes power and energy every 20–100 ms, so sampling faster only
// repeats readings and loads the driver.
const minInterval = 100 * time.Millisecond

// Config configures a Sampler.
type Config struct {
	// Node is this node's name as Slurm knows it; only allocations on it are attributed.
	Node string
	// Cluster is the Slurm cluster of the node; allocations of other clusters are ignored.
	Cluster string
	// Interval between samples (default 10 s).
	Interval time.Duration
	// IndexOrder maps Slurm GPU indices to GPUs: "minor" (default), "pci" or "nvml".
	IndexOrder string
	// GapFactor: an interval longer than GapFactor × Interval is a gap, attributed to no job
	// (default 3).
	GapFactor float64
	// HarvesterVersion is stored with every sample as its provenance.
	HarvesterVersion string
}

// WithDefaults returns c with its zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	if c.Interval == 0 {
		c.Interval = DefaultInterval
	}
	if c.IndexOrder == "" {
		c.IndexOrder = DefaultIndexOrder
	}
	if c.GapFactor == 0 {
		c.GapFactor = DefaultGapFactor
	}
	return c
}

// Validate reports every problem of c (after WithDefaults) at once.
func (c Config) Validate() error {
	var problems []string
	if c.Node == "" {
		problems = append(problems, "node name is empty")
	}
	if c.Cluster == "" {
		problems = append(problems, "cluster name is empty")
	}
	if c.Interval < minInterval {
		problems = append(problems, fmt.Sprintf("interval %s is shorter than %s (NVML does not refresh faster)", c.Interval, minInterval))
	}
	switch c.IndexOrder {
	case IndexOrderMinor, IndexOrderPCI, IndexOrderNVML:
	default:
		problems = append(problems, fmt.Sprintf("index order %q is not %q, %q or %q", c.IndexOrder, IndexOrderMinor, IndexOrderPCI, IndexOrderNVML))
	}
	// A threshold at or below one interval would make ordinary jitter a gap. (The negated
	// comparison also rejects NaN.)
	if !(c.GapFactor > 1) {
		problems = append(problems, fmt.Sprintf("gap factor %g must be greater than 1", c.GapFactor))
	}
	if c.HarvesterVersion == "" {
		problems = append(problems, "harvester version is empty (it is stored as the provenance of every sample)")
	}
	if len(problems) > 0 {
		return fmt.Errorf("%w: %s", ErrInvalidConfig, strings.Join(problems, "; "))
	}
	return nil
}

// gapThresholdMilliseconds is the longest interval that is not a gap.
func (c Config) gapThresholdMilliseconds() int64 {
	return int64(c.GapFactor * float64(c.Interval.Milliseconds()))
}
