package main

import (
	"fmt"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/petagrid/petagrid/pocp/challenge"
	"github.com/petagrid/petagrid/site/challengerun"
)

func challengeCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "challenge",
		Usage: "compute challenges: the gateway's unannounced checks that a site has the power it reports",
		Subcommands: []*cli.Command{
			{
				Name:  "run",
				Usage: "answer a challenge on this node: compute its products, commit, open the drawn chunks, name the devices (the site's challenge job runs this)",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "spec", Required: true, Usage: "the challenge spec `FILE` the gateway issued"},
					&cli.StringFlag{Name: "out", Required: true, Usage: "write the answer here (`FILE`, replaced atomically)"},
					&cli.StringFlag{Name: "cpuinfo", Value: "/proc/cpuinfo", Usage: "where the CPU model is read (`FILE`)"},
				},
				Action: func(c *cli.Context) error {
					if c.NArg() > 0 {
						return usagef("challenge run takes no arguments")
					}
					spec, err := challengerun.ReadSpec(c.String("spec"))
					if err != nil {
						return err
					}
					started := time.Now()
					ans, err := challengerun.Run(c.Context, spec, challengerun.Options{Devices: challengerun.LocalDevices(c.String("cpuinfo"), nil)})
					if err != nil {
						return err
					}
					if err := challengerun.WriteAnswer(c.String("out"), ans); err != nil {
						return err
					}
					fmt.Fprintf(e.stderr, "challenge answered: %d products of order %d, %d chunks opened, %d devices, in %s\n",
						spec.Products, spec.Order, len(ans.Openings), len(ans.Devices), time.Since(started).Round(time.Millisecond))
					return nil
				},
			},
			{
				Name:  "verify",
				Usage: "check an answer against its spec as the gateway does: nonce, deadline, paths and every opened entry",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "spec", Required: true, Usage: "the challenge spec `FILE`"},
					&cli.StringFlag{Name: "answer", Required: true, Usage: "the answer `FILE`"},
					&cli.StringFlag{Name: "received", Usage: "when the answer arrived, RFC 3339 (default: now)"},
				},
				Action: func(c *cli.Context) error {
					if c.NArg() > 0 {
						return usagef("challenge verify takes no arguments")
					}
					spec, err := challengerun.ReadSpec(c.String("spec"))
					if err != nil {
						return err
					}
					received := time.Now().UTC()
					if v := c.String("received"); v != "" {
						if received, err = time.Parse(time.RFC3339, v); err != nil {
							return usagef("--received %q: RFC 3339, e.g. 2026-11-26T12:00:00Z", cell(v))
						}
					}
					ans, err := challengerun.ReadAnswer(c.String("answer"), spec)
					if err != nil {
						return err
					}
					res, err := challenge.Verify(c.Context, spec, ans, received)
					if err != nil {
						return err
					}
					fmt.Fprintf(e.stdout, "answer verified: %d chunks opened, %d entries checked against their true values (%d operations, %.4f%% of the challenge's %d)\n",
						res.Openings, res.EntriesChecked, res.Operations, 100*float64(res.Operations)/float64(spec.WorkOperations()), spec.WorkOperations())
					return nil
				},
			},
		},
	}
}
