package main

import (
	"cmp"
	"context"
	"strconv"
	"time"

	"github.com/urfave/cli/v2"

	gwclient "github.com/petagrid/petagrid/gateway/client"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/tokenomics"
)

// gatewayChallengesCommand lists the compute challenges and issues one on request.
func gatewayChallengesCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "challenges",
		Usage: "the compute challenges that check the sites' claimed power (operators)",
		Subcommands: []*cli.Command{
			{
				Name:  "list",
				Usage: "list the newest challenges: when issued, the deadline, the outcome and the slash",
				Flags: append(gatewayFlags(),
					&cli.StringFlag{Name: "site", Usage: "only this `SITE`'s"},
					&cli.IntFlag{Name: "limit", Value: 50, Usage: "at most this many (1-1000)"}),
				Action: func(c *cli.Context) error {
					site, limit := c.String("site"), c.Int("limit")
					if site != "" && !protocol.ValidSiteName(site) {
						return usagef("--site %q is not a site name", truncateText(site, 80))
					}
					if limit < 1 || limit > 1000 {
						return usagef("--limit %d: from 1 to 1000", limit)
					}
					list := func(cl *gwclient.Client, ctx context.Context) ([]gatewayapi.Challenge, error) {
						return cl.Challenges(ctx, site, limit)
					}
					return showFromGateway(e, keyRequired, list, func(out *printer, list []gatewayapi.Challenge) error {
						var rows [][]string
						for _, ch := range list {
							rows = append(rows, challengeRow(ch))
						}
						return out.table(challengeHeader, rows)
					})(c)
				},
			},
			{
				Name:      "issue",
				Usage:     "issue a site a challenge now (it reaches the site unannounced, with its next poll)",
				ArgsUsage: "SITE",
				Flags:     gatewayFlags(),
				Action: func(c *cli.Context) error {
					if c.NArg() != 1 || !protocol.ValidSiteName(c.Args().First()) {
						return usagef("challenges issue needs one SITE name")
					}
					issue := func(cl *gwclient.Client, ctx context.Context) (gatewayapi.Challenge, error) {
						return cl.ChallengeProvider(ctx, c.Args().First())
					}
					return showFromGateway(e, keyRequired, issue, func(out *printer, ch gatewayapi.Challenge) error {
						return out.table(challengeHeader, [][]string{challengeRow(ch)})
					})(c)
				},
			},
		},
	}
}

var challengeHeader = []string{"CHALLENGE", "SITE", "PARTITION", "NODES", "TIMED", "ISSUED", "DEADLINE", "WORK GOP", "STATE", "SLASH", "REASONS"}

func challengeRow(ch gatewayapi.Challenge) []string {
	slash := "-"
	if ch.Slash != "" {
		slash = ch.Slash
		if ch.SlashedWei != "" {
			slash += " " + tokenomics.FormatAmountText(ch.SlashedWei) + " DPS"
		}
	}
	reasons := "-"
	if ch.Reasons != "" {
		reasons = truncateText(ch.Reasons, 120)
	}
	// The work of all the nodes together.
	work := ch.Spec.WorkOperations() * uint64(ch.Spec.NodeCount())
	// TIMED is what the deadline was sized for: the node's GPUs or its CPU part.
	timed := cmp.Or(ch.Kernel, "-")
	return []string{ch.ID, cell(ch.Site), ch.Partition, strconv.Itoa(ch.Spec.NodeCount()), timed, ch.IssuedAt.UTC().Format(time.RFC3339), ch.Deadline.UTC().Format(time.RFC3339),
		strconv.FormatUint(work/1_000_000_000, 10), ch.State, slash, cell(reasons)}
}
