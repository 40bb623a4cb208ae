package main

import (
	"context"
	"errors"
	"os"
	"sync"

	"github.com/urfave/cli/v2"

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
					d, err := site.New(ctx, e.config.Site, site.Options{Slurm: e.config.Slurm, Log: e.log, Version: version, Accounting: &e.config.Accounting})
					if err != nil {
						return err
					}
					defer d.Close()
					var link *gatewaylink.Link
					if e.config.Grid != nil {
						// Only a configuration error stops the daemon here: the gateway being
						// unreachable is the link's business, retried while the daemon runs.
						link, err = gatewaylink.New(*e.config.Grid, d, gatewaylink.Options{Log: e.log, Version: version,
							Accounting: e.config.Accounting, PoCP: e.config.PoCP})
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
