package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"

	"github.com/urfave/cli/v2"

	"github.com/petagrid/petagrid/accounting"
	"github.com/petagrid/petagrid/plugins"
	"github.com/petagrid/petagrid/site"
	"github.com/petagrid/petagrid/site/gatewaylink"
)

// siteCommand runs the site daemon.
func siteCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "site",
		Usage: "run the site daemon beside the Slurm controller",
		Subcommands: []*cli.Command{
			{
				Name:  "serve",
				Usage: "run the site daemon (journal, submission, tracking, API, metrics, accounting) until SIGINT or SIGTERM; configured by the slurm, site, accounting, pocp and grid sections of --config",
				Action: func(c *cli.Context) error {
					if c.NArg() > 0 {
						return usagef("site serve takes no arguments")
					}
					ctx := c.Context
					filters, telemetry, bidPolicy, closePlugins, err := startSitePlugins(ctx, e)
					if err != nil {
						return err
					}
					defer closePlugins()
					d, err := site.New(ctx, e.config.Site, site.Options{Slurm: e.config.Slurm, Log: e.log, Version: version, Accounting: &e.config.Accounting,
						SubmitFilters: filters, Telemetry: telemetry})
					if err != nil {
						return err
					}
					defer d.Close()
					var link *gatewaylink.Link
					if e.config.Grid != nil {
						// Only a configuration error stops the daemon here: the gateway being
						// unreachable is the link's business, retried while the daemon runs.
						opts := gatewaylink.Options{Log: e.log, Version: version, Accounting: e.config.Accounting, PoCP: e.config.PoCP}
						if bidPolicy != nil {
							opts.BidPolicy = bidPolicy
						}
						link, err = gatewaylink.New(*e.config.Grid, d, opts)
						if err != nil {
							return err
						}
					}
					e.log.WithField("version", version).Info("site daemon starting")
					runCtx, stop := context.WithCancel(ctx)
					defer stop()
					var linkDone sync.WaitGroup
					if link != nil {
						linkDone.Add(1)
						go func() {
							defer linkDone.Done()
							_ = link.Run(runCtx)
						}()
					}
					err = d.Run(runCtx)
					stop()
					linkDone.Wait()
					if err != nil && !(errors.Is(err, context.Canceled) && ctx.Err() != nil) {
						return err
					}
					e.log.Info("site daemon stopped")
					return nil
				},
			},
			{
				// The daemon runs this as a mapped user (runuser or sudo) so that a run's
				// workspace is written by the account the jobs run as.
				Name:   "write-workspace",
				Usage:  "write a run's workspace from the JSON request on stdin, as the user this runs as (run by the daemon)",
				Hidden: true,
				Action: func(c *cli.Context) error {
					if c.NArg() > 0 {
						return usagef("site write-workspace takes no arguments")
					}
					return site.ServeWorkspaceWriter(os.Stdin, os.Stdout)
				},
			},
		},
	}
}

// startSitePlugins starts the configured submit filters, telemetry sources and bid policy. A
// plugin that cannot start (missing, another checksum or protocol) stops the daemon at
// start: an admin who configured a filter expects it to judge every run. Once running, a
// telemetry source that fails only loses its readings; a filter that fails blocks the runs
// it cannot judge; a bid policy that fails sends no bid (the gateway asks again).
func startSitePlugins(ctx context.Context, e *env) ([]site.SubmitFilter, []accounting.TelemetrySource, *plugins.Plugin, func(), error) {
	cfg := e.config.Plugins
	if err := cfg.Validate(plugins.KindSubmitFilter, plugins.KindTelemetry, plugins.KindBidPolicy); err != nil {
		return nil, nil, nil, nil, fmt.Errorf("plugins:\n%w", err)
	}
	if err := checkBidPolicy(cfg, e.config.Grid); err != nil {
		return nil, nil, nil, nil, err
	}
	var started []*plugins.Plugin
	closeAll := func() {
		for _, p := range started {
			p.Close()
		}
	}
	var filters []site.SubmitFilter
	var telemetry []accounting.TelemetrySource
	var bidPolicy *plugins.Plugin
	for _, pc := range cfg.Plugins {
		p, err := plugins.Start(ctx, cfg.Dir, pc, e.log)
		if err != nil {
			closeAll()
			return nil, nil, nil, nil, fmt.Errorf("plugins: %w", err)
		}
		started = append(started, p)
		switch pc.Kind {
		case plugins.KindSubmitFilter:
			filters = append(filters, p)
		case plugins.KindTelemetry:
			telemetry = append(telemetry, p)
		case plugins.KindBidPolicy:
			bidPolicy = p
		}
	}
	return filters, telemetry, bidPolicy, closeAll, nil
}

// checkBidPolicy checks that the bid-policy plugins and grid.bidding.policy agree: at most
// one bid policy, named there (a policy nothing uses is a mistake worth saying at start).
func checkBidPolicy(cfg plugins.Config, grid *gatewaylink.Config) error {
	var policies []string
	for _, pc := range cfg.Plugins {
		if pc.Kind == plugins.KindBidPolicy {
			policies = append(policies, pc.Name)
		}
	}
	named := ""
	if grid != nil {
		named = grid.Bidding.Policy
	}
	switch {
	case len(policies) > 1:
		return fmt.Errorf("plugins: %d bid-policy plugins (%v); a site bids with one", len(policies), policies)
	case len(policies) == 1 && named != policies[0]:
		return fmt.Errorf("plugins: the bid-policy plugin %s is not the one grid.bidding.policy names (%q): name it there, or drop it", policies[0], named)
	case len(policies) == 0 && named != "":
		return fmt.Errorf("grid.bidding.policy %q: no bid-policy plugin of that name in plugins.plugins", named)
	}
	return nil
}
