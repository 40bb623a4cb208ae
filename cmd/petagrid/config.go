package main

import (
	"fmt"
	"os"

	"github.com/petagrid/petagrid/accounting"
	"github.com/petagrid/petagrid/gateway"
	"github.com/petagrid/petagrid/internal/strictyaml"
	"github.com/petagrid/petagrid/plugins"
	"github.com/petagrid/petagrid/site"
	"github.com/petagrid/petagrid/site/gatewaylink"
	"github.com/petagrid/petagrid/site/pocpreport"
	"github.com/petagrid/petagrid/slurmbridge"
)

// fileConfig is the --config file. Each section belongs to the package that uses it; later
// sections (gateway, …) are added beside these.
type fileConfig struct {
	Slurm slurmbridge.Config `yaml:"slurm"`
	// Site is checked by `site serve` (site.New), where its defaults apply: the client
	// commands only read site.api.socket from it.
	Site site.Config `yaml:"site"`
	// Accounting is used by `site serve` (harvester, node and GPU samplers) and by the
	// `accounting` commands.
	Accounting accounting.Config `yaml:"accounting"`
	// PoCP is used by the `pocp` and `index` commands (and the site's reports).
	PoCP pocpreport.Config `yaml:"pocp"`
	// Grid, when present, connects `site serve` out to the grid gateway (site side).
	Grid *gatewaylink.Config `yaml:"grid"`
	// Gateway configures `gateway serve` (the grid gateway itself).
	Gateway *gateway.Config `yaml:"gateway"`
	// Plugins are the site daemon's plugins (submit filters, telemetry sources); the gateway's
	// are in gateway.plugins.
	Plugins plugins.Config `yaml:"plugins"`
}

// loadConfig reads path strictly (unknown keys and wrong types are errors with file:line:col).
// No path means the embedded defaults.
func loadConfig(path string) (fileConfig, error) {
	var cfg fileConfig
	if path == "" {
		return cfg, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return cfg, fmt.Errorf("reading configuration: %w", err)
	}
	if err := strictyaml.Unmarshal(path, data, &cfg); err != nil {
		return cfg, fmt.Errorf("configuration:\n%w", err)
	}
	if err := cfg.Slurm.Validate(); err != nil {
		return cfg, fmt.Errorf("configuration %s: %w", path, err)
	}
	return cfg, nil
}
