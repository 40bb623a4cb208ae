package main

import (
	"crypto/rand"
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
					kernelFlag(),
				},
				Action: func(c *cli.Context) error {
					if c.NArg() > 0 {
						return usagef("challenge run takes no arguments")
					}
					opts, err := runOptions(e, c, c.String("cpuinfo"))
					if err != nil {
						return err
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
					ans, err := challengerun.Run(c.Context, partSpec, opts)
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
			{
				Name: "selftest",
				Usage: "answer a challenge made up here, verify it and print the rate: how an admin checks that a node's kernel works " +
					"(the GPU kernel's libraries, say) and how fast, before the gateway's challenges count on it",
				Flags: []cli.Flag{
					kernelFlag(),
					&cli.IntFlag{Name: "order", Value: 1024, Usage: "the matrices' order `N` (a multiple of 64, 256 to 32768)"},
					&cli.IntFlag{Name: "products", Value: 4, Usage: "how many products (`COUNT`)"},
					&cli.IntFlag{Name: "openings", Value: 64, Usage: "how many chunks are opened (`COUNT`)"},
					&cli.DurationFlag{Name: "timeout", Value: 30 * time.Minute, Usage: "give up after `DURATION`"},
				},
				Action: func(c *cli.Context) error {
					if c.NArg() > 0 {
						return usagef("challenge selftest takes no arguments")
					}
					opts, err := runOptions(e, c, "/proc/cpuinfo")
					if err != nil {
						return err
					}
					now := time.Now().UTC().Truncate(time.Second)
					spec := challenge.Spec{Version: challenge.SpecVersion, Order: c.Int("order"), Products: c.Int("products"), Openings: c.Int("openings"),
						IssuedAt: now, Deadline: now.Add(max(c.Duration("timeout"), time.Second).Truncate(time.Second))}
					if _, err := rand.Read(spec.Nonce[:]); err != nil {
						return err
					}
					if err := spec.Validate(); err != nil {
						return usagef("%v", err)
					}
					started := time.Now()
					ans, err := challengerun.Run(c.Context, spec, opts)
					if err != nil {
						return err
					}
					took := time.Since(started)
					res, err := challenge.Verify(c.Context, spec, ans, time.Now().UTC().Truncate(time.Second))
					if err != nil {
						return fmt.Errorf("the answer made here fails verification: %w", err)
					}
					work := spec.WorkOperations()
					fmt.Fprintf(e.stdout, "selftest passed: %d products of order %d (%d operations) answered in %s, %.3f TOPS with the commitment and openings; %d entries verified; %d devices named\n",
						spec.Products, spec.Order, work, took.Round(time.Millisecond), float64(work)/took.Seconds()/1e12, res.EntriesChecked, len(ans.Devices))
					return nil
				},
			},
		},
	}
}

// kernelFlag is --kernel of the commands that answer a challenge.
func kernelFlag() cli.Flag {
	return &cli.StringFlag{Name: "kernel", Value: challengerun.KernelAuto,
		Usage: "where the products are computed (`KERNEL`): auto (the GPUs where CUDA's driver, NVRTC and cuBLAS load, else the CPU), gpu or cpu"}
}

// runOptions are a challenge run's options from --kernel, the CPU model read from cpuinfo,
// and notes (which kernel ran, and why) on standard error.
func runOptions(e *env, c *cli.Context, cpuinfo string) (challengerun.Options, error) {
	if err := challengerun.CheckKernel(c.String("kernel")); err != nil {
		return challengerun.Options{}, usagef("--%v", err)
	}
	return challengerun.Options{
		Devices: challengerun.LocalDevices(cpuinfo, nil),
		Kernel:  c.String("kernel"),
		Notes:   func(format string, args ...any) { fmt.Fprintf(e.stderr, format+"\n", args...) },
	}, nil
}
