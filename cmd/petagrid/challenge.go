package main

import (
	"fmt"
	"os"
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
				Name: "run",
				Usage: "answer a challenge on this node: compute its products, commit, open the drawn chunks, name the devices (the site's challenge job runs this); " +
					"for a challenge of several nodes, this node's part (its task rank in the step, or --part) into --parts",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "spec", Required: true, Usage: "the challenge spec `FILE` the gateway issued"},
					&cli.StringFlag{Name: "out", Usage: "write the answer here (`FILE`, replaced atomically): a one-node challenge"},
					&cli.StringFlag{Name: "parts", Usage: "write this node's part into `DIR` (shared by the nodes): a challenge of several nodes"},
					&cli.IntFlag{Name: "part", Value: -1, Usage: "the part `N` to compute (default: SLURM_PROCID, the task's rank)"},
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
					nodes := spec.NodeCount()
					switch {
					case nodes == 1 && (c.String("out") == "" || c.IsSet("parts") || c.IsSet("part")):
						return usagef("a one-node challenge is answered with --out FILE (not --parts or --part)")
					case nodes > 1 && (c.String("parts") == "" || c.IsSet("out")):
						return usagef("a challenge of %d nodes is answered part by part: --parts DIR (not --out), then challenge combine", nodes)
					}
					part := 0
					if nodes > 1 {
						if part = c.Int("part"); !c.IsSet("part") {
							if part, err = challengerun.PartFromEnv(os.Getenv, spec); err != nil {
								return err
							}
						}
					}
					partSpec, err := spec.PartSpec(part)
					if err != nil {
						return usagef("--part: %v", err)
					}
					started := time.Now()
					ans, err := challengerun.Run(c.Context, partSpec, challengerun.Options{Devices: challengerun.LocalDevices(c.String("cpuinfo"), nil)})
					if err != nil {
						return err
					}
					if nodes == 1 {
						err = challengerun.WriteAnswer(c.String("out"), ans)
					} else {
						err = challengerun.WritePart(c.String("parts"), part, ans)
					}
					if err != nil {
						return err
					}
					what := "challenge answered"
					if nodes > 1 {
						what = fmt.Sprintf("challenge part %d of %d answered", part, nodes)
					}
					fmt.Fprintf(e.stderr, "%s: %d products of order %d, %d chunks opened, %d devices, in %s\n",
						what, spec.Products, spec.Order, len(ans.Openings), len(ans.Devices), time.Since(started).Round(time.Millisecond))
					return nil
				},
			},
			{
				Name:  "combine",
				Usage: "join the parts of a challenge of several nodes into its answer (the challenge job runs this once every node's part is written)",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "spec", Required: true, Usage: "the challenge spec `FILE`"},
					&cli.StringFlag{Name: "parts", Required: true, Usage: "the `DIR` the parts were written into"},
					&cli.StringFlag{Name: "out", Required: true, Usage: "write the answer here (`FILE`, replaced atomically)"},
				},
				Action: func(c *cli.Context) error {
					if c.NArg() > 0 {
						return usagef("challenge combine takes no arguments")
					}
					spec, err := challengerun.ReadSpec(c.String("spec"))
					if err != nil {
						return err
					}
					ans, err := challengerun.Combine(spec, c.String("parts"))
					if err != nil {
						return err
					}
					if err := challengerun.WriteNodesAnswer(c.String("out"), ans); err != nil {
						return err
					}
					fmt.Fprintf(e.stderr, "challenge answered: %d parts combined\n", len(ans.Parts))
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
					parts, err := challengerun.ReadAnswers(c.String("answer"), spec)
					if err != nil {
						return err
					}
					res, err := challenge.VerifyNodes(c.Context, spec, parts, received)
					if err != nil {
						return err
					}
					work := spec.WorkOperations() * uint64(spec.NodeCount())
					fmt.Fprintf(e.stdout, "answer verified: %d chunks opened, %d entries checked against their true values (%d operations, %.4f%% of the challenge's %d)\n",
						res.Openings, res.EntriesChecked, res.Operations, 100*float64(res.Operations)/float64(work), work)
					return nil
				},
			},
		},
	}
}
