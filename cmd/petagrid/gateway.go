package main

import (
	"context"
	"crypto/ecdsa"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/urfave/cli/v2"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/gateway"
	gwclient "github.com/petagrid/petagrid/gateway/client"
	"github.com/petagrid/petagrid/gateway/client/relaychain"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/internal/reqsign"
	siteclient "github.com/petagrid/petagrid/site/client"
	"github.com/petagrid/petagrid/site/siteapi"
	"github.com/petagrid/petagrid/tokenomics"
)

// gatewayFlags are the options of every command that talks to a gateway.
func gatewayFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "gateway", Usage: "the grid gateway, `URL` http(s)://host:port", EnvVars: []string{"PETAGRID_GATEWAY"}},
		&cli.StringFlag{Name: "key", Usage: "key `FILE` that signs the requests (default: $PETAGRID_KEY, else <user config dir>/petagrid/key)", EnvVars: []string{reqsign.KeyEnv}},
		&cli.DurationFlag{Name: "timeout", Value: 2 * time.Minute, Usage: "give up on the gateway after this long (0: never)"},
		&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Value: "table", Usage: "table or json"},
	}
}

// loadKeyFlag reads the --key file (or the default one); a missing file's error ends with
// hint, a line that says how to get a key.
func loadKeyFlag(c *cli.Context, hint string) (*ecdsa.PrivateKey, error) {
	path := c.String("key")
	var err error
	if path == "" {
		if path, err = reqsign.DefaultKeyPath(); err != nil {
			return nil, err
		}
	}
	key, err := reqsign.LoadKeyFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w\n%s", err, hint)
	}
	return key, err
}

const createKeyHint = "create a key with `petagrid keys new`"

// Whether a gateway command reads only the gateway's public routes (see newGatewayClient).
const (
	publicRoutes = true
	keyRequired  = false
)

// newGatewayClient builds the printer and the gateway client from the flags. A public client
// is for commands that read only the gateway's public routes (info, summary, epoch list):
// without --key and without a default key file, it signs with a throwaway key, so that
// anyone can look at the grid without creating an identity.
func (e *env) newGatewayClient(c *cli.Context, public bool) (*gwclient.Client, *printer, error) {
	out, err := newPrinter(e.stdout, c.String("output"))
	if err != nil {
		return nil, nil, err
	}
	target := c.String("gateway")
	if target == "" {
		return nil, nil, usagef("--gateway URL is required (or set PETAGRID_GATEWAY)")
	}
	if c.Duration("timeout") < 0 {
		return nil, nil, usagef("--timeout must not be negative")
	}
	key, err := loadKeyFlag(c, createKeyHint)
	if public && c.String("key") == "" && errors.Is(err, fs.ErrNotExist) {
		key, err = crypto.GenerateKey()
	}
	if err != nil {
		return nil, nil, err
	}
	cl, err := gwclient.New(target, key, relaychain.Dial, siteclient.WithUserAgent("petagrid/"+version), siteclient.WithRetryFor(0))
	if err != nil {
		return nil, nil, usageError{err}
	}
	return cl, out, nil
}

func gatewayCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "gateway",
		Usage: "run and operate the grid gateway: providers, epochs, funding",
		Subcommands: []*cli.Command{
			gatewayServeCommand(e),
			{
				Name:  "info",
				Usage: "show the gateway's name, chain and contracts",
				Flags: gatewayFlags(),
				Action: showFromGateway(e, publicRoutes, (*gwclient.Client).GatewayInfo, func(out *printer, info gatewayapi.Info) error {
					return out.table([]string{"GATEWAY", "CHAIN", "CHAIN ID", "SETTLEMENT", "ESCROW", "EPOCH LENGTH"}, [][]string{{info.Audience, info.Chain.Kind, info.Chain.ChainID,
						info.Chain.Contracts.Settlement.Hex(), info.Chain.Contracts.Escrow.Hex(), (time.Duration(info.Epochs.PeriodSeconds) * time.Second).String()}})
				}),
			},
			gatewaySummaryCommand(e),
			gatewayProvidersCommand(e),
			gatewayEpochCommand(e),
			gatewayProposalsCommand(e),
			gatewayFundCommand(e),
			gatewayChallengesCommand(e),
		},
	}
}

func gatewayServeCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "serve",
		Usage: "run the grid gateway (API, placement, site connections, PoCP intake, epoch settlement, dashboard) until SIGINT or SIGTERM; configured by the gateway section of --config",
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usagef("gateway serve takes no arguments")
			}
			if e.config.Gateway == nil {
				return usagef("gateway serve needs a configuration file with a gateway section (--config; see examples/gateway/gateway.yaml)")
			}
			g, err := gateway.New(c.Context, *e.config.Gateway, gateway.Options{Log: e.log, Version: version})
			if err != nil {
				return err
			}
			defer g.Close()
			info := g.Info()
			e.log.WithField("version", version).WithField("chainId", info.Chain.ChainID).WithField("settlement", info.Chain.Contracts.Settlement.Hex()).Info("gateway starting")
			return g.Run(c.Context)
		},
	}
}

func gatewayProvidersCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "providers",
		Usage: "list, approve, suspend and propose sites (operators)",
		Subcommands: []*cli.Command{
			{
				Name:  "list",
				Usage: "list the registered sites",
				Flags: gatewayFlags(),
				Action: showFromGateway(e, keyRequired, (*gwclient.Client).Providers, func(out *printer, list []gatewayapi.ProviderView) error {
					var rows [][]string
					for _, p := range list {
						operator := p.Operator
						if operator == "" {
							operator = "-"
						}
						rows = append(rows, []string{p.Name, p.Status, onlineWord(p.Online), p.Address, operator, tokenomics.FormatPFLOPS(p.Registration.Inventory.CapacityMegaFLOPS),
							strconv.Itoa(p.Registration.Inventory.GPUs), cell(p.Grades), tokenomics.FormatAmountText(p.PricePerComputeHourWei), tokenomics.FormatAmountText(p.GFLWei),
							strconv.Itoa(p.Accepted), p.RegistrationDigest.Hex()})
					}
					// REGISTRATION stays last: scripts read it as the last field.
					return out.table([]string{"SITE", "STATUS", "ONLINE", "KEY", "OPERATOR", "CAPACITY PFLOPS", "GPUS", "GRADES", "DPS/CH", "GFL", "REPORTS", "REGISTRATION"}, rows)
				}),
			},
			providerStatusCommand(e, "approve", true),
			providerStatusCommand(e, "suspend", false),
			{
				Name:      "propose",
				Usage:     "put a pending site's registration to the GFL holders' vote (operators; grids deployed with gateway.economy.governance)",
				ArgsUsage: "SITE",
				Flags: append(gatewayFlags(), &cli.StringFlag{Name: "registration", Usage: "the REGISTRATION digest `0x…` that `providers list` showed: the vote is on that registration"},
					&cli.StringFlag{Name: "reason", Usage: "why, for the log"}),
				Action: func(c *cli.Context) error {
					if c.NArg() != 1 {
						return usagef("propose needs one SITE name")
					}
					reviewed, err := registrationFlag(c)
					if err != nil {
						return err
					}
					return e.callGateway(c, keyRequired, func(ctx context.Context, cl *gwclient.Client, out *printer) error {
						p, err := cl.ProposeProvider(ctx, c.Args().First(), reviewed, c.String("reason"))
						if err != nil {
							return err
						}
						return out.message(p, "proposal %d puts %s to the vote until %s (petagrid provider vote %d for|against|abstain)", p.ID, cell(c.Args().First()), p.VoteEnd.Format(time.RFC3339), p.ID)
					})
				},
			},
		},
	}
}

// registrationFlag reads --registration: the digest of the registration an operator reviewed.
func registrationFlag(c *cli.Context) (common.Hash, error) {
	d := c.String("registration")
	if d == "" {
		return common.Hash{}, usagef("%s names the registration reviewed: --registration DIGEST, from the REGISTRATION column of `petagrid gateway providers list`", c.Command.Name)
	}
	if _, err := hex.DecodeString(strings.TrimPrefix(d, "0x")); err != nil || len(d) != 66 || !strings.HasPrefix(d, "0x") {
		return common.Hash{}, usagef("--registration %q: a digest, 0x and 64 hex digits", truncateText(d, 80))
	}
	return common.HexToHash(d), nil
}

func gatewayProposalsCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "proposals",
		Usage: "admission proposals: list and show them (anyone), veto one during the operator's transition (operators)",
		Subcommands: []*cli.Command{
			{
				Name:  "list",
				Usage: "list the newest proposals, with their tallies and each candidate's record",
				Flags: append(gatewayFlags(), &cli.IntFlag{Name: "limit", Value: 20, Usage: "how many (at most 100)"}),
				Action: func(c *cli.Context) error {
					if n := c.Int("limit"); n < 1 || n > 100 {
						return usagef("--limit %d: 1 to 100", n)
					}
					list := func(cl *gwclient.Client, ctx context.Context) ([]gatewayapi.ProposalView, error) {
						return cl.Proposals(ctx, c.Int("limit"))
					}
					return showFromGateway(e, publicRoutes, list, printProposals)(c)
				},
			},
			{
				Name:      "show",
				Usage:     "show one proposal",
				ArgsUsage: "ID",
				Flags:     gatewayFlags(),
				Action: func(c *cli.Context) error {
					id, err := proposalArg(c)
					if err != nil {
						return err
					}
					show := func(cl *gwclient.Client, ctx context.Context) (gatewayapi.ProposalView, error) {
						return cl.Proposal(ctx, id)
					}
					return showFromGateway(e, publicRoutes, show, func(out *printer, p gatewayapi.ProposalView) error {
						return printProposals(out, []gatewayapi.ProposalView{p})
					})(c)
				},
			},
			{
				Name:      "veto",
				Usage:     "reject a proposal not yet executed, until the operator's transition ends (operators)",
				ArgsUsage: "ID",
				Flags:     append(gatewayFlags(), &cli.StringFlag{Name: "reason", Usage: "why, for the log"}),
				Action: func(c *cli.Context) error {
					id, err := proposalArg(c)
					if err != nil {
						return err
					}
					return e.callGateway(c, keyRequired, func(ctx context.Context, cl *gwclient.Client, out *printer) error {
						p, err := cl.VetoProposal(ctx, id, c.String("reason"))
						if err != nil {
							return err
						}
						return out.message(p, "proposal %d is %s", p.ID, p.State)
					})
				},
			},
		},
	}
}

// proposalArg reads the one argument: a proposal id.
func proposalArg(c *cli.Context) (uint64, error) {
	if c.NArg() != 1 {
		return 0, usagef("%s needs one proposal ID", c.Command.Name)
	}
	id, err := strconv.ParseUint(c.Args().First(), 10, 64)
	if err != nil || id == 0 {
		return 0, usagef("%q: a proposal ID is a number from 1", cell(c.Args().First()))
	}
	return id, nil
}

func printProposals(out *printer, list []gatewayapi.ProposalView) error {
	var rows [][]string
	for _, p := range list {
		site, status, challenges, stake := "-", "-", "-", "-"
		if r := p.Record; r != nil {
			site, status = cell(r.Site), r.Status
			if !r.CurrentRegistration {
				status += " (registers another since)"
			}
			challenges = fmt.Sprintf("%d/%d passed", r.Challenges.Passed, r.Challenges.Passed+r.Challenges.Failed+r.Challenges.Missed)
			if r.SharedDevices > 0 {
				challenges += fmt.Sprintf(", %d shared GPUs", r.SharedDevices)
			}
			stake = tokenomics.FormatAmountText(r.StakeBondedWei)
		}
		amount := tokenomics.FormatAmountText
		rows = append(rows, []string{strconv.FormatUint(p.ID, 10), p.State, site, status, p.Provider.Hex(), tokenomics.FormatPFLOPS(p.CapacityMegaFLOPS), strconv.FormatUint(uint64(p.GPUs), 10),
			amount(p.ForWei), amount(p.AgainstWei), amount(p.AbstainWei), amount(p.QuorumWei), p.VoteEnd.Format(time.RFC3339), challenges, stake, p.Registration.Hex()})
	}
	return out.table([]string{"ID", "STATE", "SITE", "SITE STATUS", "KEY", "CAPACITY PFLOPS", "GPUS", "FOR GFL", "AGAINST GFL", "ABSTAIN GFL", "QUORUM GFL", "VOTE ENDS",
		"CHALLENGES", "STAKE DPS", "REGISTRATION"}, rows)
}

func gatewayEpochCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "epoch",
		Usage: "list and close settlement epochs",
		Subcommands: []*cli.Command{
			{
				Name:  "list",
				Usage: "list the settled epochs",
				Flags: gatewayFlags(),
				Action: showFromGateway(e, publicRoutes, (*gwclient.Client).Epochs, func(out *printer, list []gatewayapi.EpochSummary) error {
					var rows [][]string
					for _, s := range list {
						rows = append(rows, epochRow(s))
					}
					return out.table(epochHeader, rows)
				}),
			},
			{
				Name:  "close",
				Usage: "settle the next epoch on chain now that it has ended: GFL rebalanced to the accepted medians, DPS rewards committed (operators)",
				Flags: append(gatewayFlags(), &cli.Int64Flag{Name: "epoch", Value: -1, Usage: "the epoch expected to close (refused if another is next)"}),
				Action: func(c *cli.Context) error {
					var want *uint64
					if n := c.Int64("epoch"); n >= 0 {
						u := uint64(n)
						want = &u
					}
					closeEpoch := func(cl *gwclient.Client, ctx context.Context) (gatewayapi.EpochSummary, error) {
						return cl.CloseEpoch(ctx, want)
					}
					return showFromGateway(e, keyRequired, closeEpoch, func(out *printer, s gatewayapi.EpochSummary) error {
						return out.table(epochHeader, [][]string{epochRow(s)})
					})(c)
				},
			},
		},
	}
}

func gatewayFundCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "fund",
		Usage:     "send DPS and gas money from the treasury to an account (operators; test grids and onboarding)",
		ArgsUsage: "ADDRESS",
		Flags:     append(gatewayFlags(), &cli.StringFlag{Name: "dps", Usage: "DPS to send"}, &cli.StringFlag{Name: "eth", Usage: "ETH (gas money) to send"}),
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 || !common.IsHexAddress(c.Args().First()) {
				return usagef("fund needs one ADDRESS (0x and 40 hex digits)")
			}
			if c.String("dps") == "" && c.String("eth") == "" {
				return usagef("give --dps and/or --eth")
			}
			return e.callGateway(c, keyRequired, func(ctx context.Context, cl *gwclient.Client, out *printer) error {
				to := common.HexToAddress(c.Args().First())
				if err := cl.Fund(ctx, to, c.String("dps"), c.String("eth")); err != nil {
					return err
				}
				return out.message(map[string]string{"account": to.Hex(), "dps": c.String("dps"), "eth": c.String("eth")}, "funded %s", to.Hex())
			})
		},
	}
}

// callGateway makes the client from the flags (public: see newGatewayClient) and runs
// call with a context bounded by --timeout.
func (e *env) callGateway(c *cli.Context, public bool, call func(context.Context, *gwclient.Client, *printer) error) error {
	cl, out, err := e.newGatewayClient(c, public)
	if err != nil {
		return err
	}
	ctx, cancel := callCtx(c, c.Context)
	defer cancel()
	return call(ctx, cl, out)
}

// showFromGateway is the action of a command that fetches one thing from the gateway and
// prints it: as JSON with -o json, else with table.
func showFromGateway[T any](e *env, public bool, fetch func(*gwclient.Client, context.Context) (T, error), table func(*printer, T) error) cli.ActionFunc {
	return func(c *cli.Context) error {
		return e.callGateway(c, public, func(ctx context.Context, cl *gwclient.Client, out *printer) error {
			v, err := fetch(cl, ctx)
			if err != nil {
				return err
			}
			if out.json {
				return out.encode(v)
			}
			return table(out, v)
		})
	}
}

func providerStatusCommand(e *env, name string, approve bool) *cli.Command {
	flags := append(gatewayFlags(), &cli.StringFlag{Name: "reason", Usage: "why, kept with the site's status"})
	usage := name + " a site (operators): in the gateway and in the chain's provider registry"
	if approve {
		flags = append(flags, &cli.StringFlag{Name: "registration", Usage: "the REGISTRATION digest `0x…` that `providers list` showed: the approval admits that registration, and is refused if the site registered another since"},
			&cli.StringFlag{Name: "operator", Usage: "who runs the site (`NAME`: lowercase letters, digits, -): replicas of a job never go to two sites of one operator; kept when omitted"})
		usage += "; name the registration reviewed with --registration"
	}
	return &cli.Command{
		Name:      name,
		Usage:     usage,
		ArgsUsage: "SITE",
		Flags:     flags,
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usagef("%s needs one SITE name", name)
			}
			var reviewed common.Hash
			if approve {
				var err error
				if reviewed, err = registrationFlag(c); err != nil {
					return err
				}
			}
			return e.callGateway(c, keyRequired, func(ctx context.Context, cl *gwclient.Client, out *printer) error {
				var s gatewayapi.Site
				var err error
				if approve {
					s, err = cl.Approve(ctx, c.Args().First(), gatewayapi.StatusRequest{Reason: c.String("reason"), Registration: reviewed.Hex(), Operator: c.String("operator")})
				} else {
					s, err = cl.SuspendProvider(ctx, c.Args().First(), c.String("reason"))
				}
				if err != nil {
					return err
				}
				return out.message(s, "site %s is %s", cell(s.Name), s.Status)
			})
		},
	}
}

var epochHeader = []string{"EPOCH", "CLOSED", "PROVIDERS", "Σ MEDIAN PFLOPS", "MINTED GFL", "BURNED GFL", "SUPPLY GFL", "REWARDS DPS", "ERA", "HALVING"}

func epochRow(s gatewayapi.EpochSummary) []string {
	var total uint64
	for _, m := range s.Medians {
		total += m
	}
	closed := "-"
	if s.ClosedAt != nil {
		closed = s.ClosedAt.UTC().Format(time.RFC3339)
	}
	halving := "-"
	if s.Halving {
		halving = "yes"
	}
	amount := tokenomics.FormatAmountText
	return []string{strconv.FormatUint(s.Epoch, 10), closed, strconv.Itoa(len(s.Medians)), tokenomics.FormatPFLOPS(total), amount(s.MintedWei), amount(s.BurnedWei),
		amount(s.SupplyAfterWei), amount(s.RewardsTotalWei), strconv.FormatUint(s.EraAfter, 10), halving}
}

func providerCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "provider",
		Usage: "a site's rewards and stake: claim rewards, bond, unbond and withdraw DPS (signed with the site's key)",
		Subcommands: []*cli.Command{
			{
				Name:   "stake-status",
				Usage:  "show the key's bonded, unbonding and slashed DPS",
				Flags:  gatewayFlags(),
				Action: showFromGateway(e, keyRequired, func(cl *gwclient.Client, ctx context.Context) (gwclient.Stake, error) { return cl.StakeStatus(ctx) }, printStake),
			},
			{
				Name:      "stake",
				Usage:     "bond DPS as the stake the gateway asks per PFLOPS of approved capacity, through the gateway's relay",
				ArgsUsage: "DPS",
				Flags:     gatewayFlags(),
				Action: stakeAction(e, func(ctx context.Context, cl *gwclient.Client, amount *big.Int) (gwclient.Stake, error) {
					return cl.Stake(ctx, amount)
				}),
			},
			{
				Name:      "unbond",
				Usage:     "start unbonding DPS of the stake (what the approved capacity needs stays bonded); it stays slashable until it can be withdrawn",
				ArgsUsage: "DPS",
				Flags:     gatewayFlags(),
				Action: stakeAction(e, func(ctx context.Context, cl *gwclient.Client, amount *big.Int) (gwclient.Stake, error) {
					return cl.Unbond(ctx, amount)
				}),
			},
			{
				Name:      "vote",
				Usage:     "vote on an admission proposal with the key's GFL at the proposal's snapshot, through the gateway's relay",
				ArgsUsage: "ID for|against|abstain",
				Flags:     gatewayFlags(),
				Action: func(c *cli.Context) error {
					if c.NArg() != 2 {
						return usagef("vote needs a proposal ID and for, against or abstain")
					}
					id, err := strconv.ParseUint(c.Args().Get(0), 10, 64)
					if err != nil || id == 0 {
						return usagef("%q: a proposal ID is a number from 1", cell(c.Args().Get(0)))
					}
					support, err := contracts.ParseSupport(c.Args().Get(1))
					if err != nil {
						return usagef("%q: a vote is for, against or abstain", cell(c.Args().Get(1)))
					}
					return e.callGateway(c, keyRequired, func(ctx context.Context, cl *gwclient.Client, out *printer) error {
						weight, err := cl.Vote(ctx, id, uint8(support))
						if err != nil {
							return err
						}
						return out.message(map[string]string{"proposal": strconv.FormatUint(id, 10), "support": support.String(), "weightWei": weight.String(), "voter": cl.Address().Hex()},
							"voted %s proposal %d with %s GFL", support, id, tokenomics.FormatAmount(weight))
					})
				},
			},
			{
				Name:  "withdraw",
				Usage: "withdraw the unbonded stake once the unbonding period has passed",
				Flags: gatewayFlags(),
				Action: func(c *cli.Context) error {
					return e.callGateway(c, keyRequired, func(ctx context.Context, cl *gwclient.Client, out *printer) error {
						got, err := cl.WithdrawStake(ctx)
						if err != nil {
							return err
						}
						return out.message(map[string]string{"account": cl.Address().Hex(), "withdrawnWei": got.String()},
							"withdrew %s DPS of stake to %s", tokenomics.FormatAmount(got), cl.Address().Hex())
					})
				},
			},
			{
				Name:  "rewards",
				Usage: "show the key's cumulative, claimed and claimable DPS rewards",
				Flags: gatewayFlags(),
				Action: showFromGateway(e, keyRequired, func(cl *gwclient.Client, ctx context.Context) (gatewayapi.RewardProof, error) {
					return cl.RewardProof(ctx, cl.Address())
				}, func(out *printer, p gatewayapi.RewardProof) error {
					return out.table([]string{"ACCOUNT", "EPOCH", "CUMULATIVE DPS", "CLAIMED DPS", "CLAIMABLE DPS"}, [][]string{{p.Account, strconv.FormatUint(p.Epoch, 10),
						tokenomics.FormatAmountText(p.CumulativeWei), tokenomics.FormatAmountText(p.ClaimedWei),
						tokenomics.FormatAmountText(p.ClaimableWei)}})
				}),
			},
			{
				Name:  "claim",
				Usage: "claim the key's DPS rewards on chain, through the gateway's relay (the gateway's Merkle proof is checked first)",
				Flags: gatewayFlags(),
				Action: func(c *cli.Context) error {
					return e.callGateway(c, keyRequired, func(ctx context.Context, cl *gwclient.Client, out *printer) error {
						got, p, err := cl.Claim(ctx)
						if err != nil {
							return err
						}
						return out.message(map[string]string{"account": p.Account, "claimedWei": got.String(), "cumulativeWei": p.CumulativeWei},
							"claimed %s DPS for %s (cumulative rewards %s DPS up to epoch %d)", tokenomics.FormatAmount(got), p.Account, tokenomics.FormatAmountText(p.CumulativeWei), p.Epoch)
					})
				},
			},
		},
	}
}

// stakeAction runs a stake change of the DPS amount given as the one argument and prints
// the stake after it.
func stakeAction(e *env, change func(context.Context, *gwclient.Client, *big.Int) (gwclient.Stake, error)) cli.ActionFunc {
	return func(c *cli.Context) error {
		if c.NArg() != 1 {
			return usagef("%s needs one amount of DPS (e.g. 1000 or 0.5)", c.Command.Name)
		}
		amount, err := tokenomics.ParseAmount(c.Args().First())
		if err != nil || amount.Sign() <= 0 {
			return usagef("%q: a positive amount of DPS (e.g. 1000 or 0.5)", cell(c.Args().First()))
		}
		return e.callGateway(c, keyRequired, func(ctx context.Context, cl *gwclient.Client, out *printer) error {
			s, err := change(ctx, cl, amount)
			if err != nil {
				return err
			}
			if out.json {
				return out.encode(s)
			}
			return printStake(out, s)
		})
	}
}

func printStake(out *printer, s gwclient.Stake) error {
	unbonds := "-"
	if !s.UnbondsAt.IsZero() {
		unbonds = s.UnbondsAt.UTC().Format(time.RFC3339)
	}
	return out.table([]string{"BONDED DPS", "UNBONDING DPS", "WITHDRAWABLE FROM", "SLASHED DPS"}, [][]string{{
		tokenomics.FormatAmount(s.BondedWei), tokenomics.FormatAmount(s.UnbondingWei), unbonds, tokenomics.FormatAmount(s.SlashedWei)}})
}

func onlineWord(b bool) string {
	if b {
		return "online"
	}
	return "offline"
}

// submitToGateway locks --max-cost in escrow and submits through the gateway; the answer is
// read as a run, as a site's would be. Requests are signed for audience (the gateway's name
// from --audience or known_sites) when it is set.
func (e *env) submitToGateway(c *cli.Context, ctx context.Context, audience string, req gatewayapi.SubmitRequest) (siteapi.RunView, bool, error) {
	if c.String("max-cost") == "" {
		return siteapi.RunView{}, false, usagef("--gateway needs --max-cost DPS: the budget locked in escrow for the job")
	}
	maxCost, err := tokenomics.ParseAmount(c.String("max-cost"))
	if err != nil || maxCost.Sign() <= 0 {
		return siteapi.RunView{}, false, usagef("--max-cost %q: a positive amount of DPS (e.g. 25 or 0.5)", c.String("max-cost"))
	}
	req.MaxCostWei = maxCost.String()
	if req.IdempotencyKey != "" {
		if err := gatewayapi.CheckIdempotencyKey(req.IdempotencyKey); err != nil {
			return siteapi.RunView{}, false, usagef("--idempotency-key: the gateway takes 16-128 characters from A-Z a-z 0-9 . _ : -")
		}
	}
	key, err := loadKeyFlag(c, createKeyHint)
	if err != nil {
		return siteapi.RunView{}, false, err
	}
	gc, err := gwclient.New(c.String("gateway"), key, relaychain.Dial, siteclient.WithUserAgent("petagrid/"+version), siteclient.WithRetryFor(0), siteclient.WithAudience(audience))
	if err != nil {
		return siteapi.RunView{}, false, usageError{err}
	}
	defer gc.Close()
	job, created, err := gc.Submit(ctx, req)
	if err != nil {
		return siteapi.RunView{}, false, err
	}
	fmt.Fprintf(e.stderr, "job %s: %s DPS locked in escrow %s; %s\n", cell(job.ID), tokenomics.FormatAmount(maxCost), cell(job.EscrowID), cell(job.Placement))
	if !job.SignedSubmission {
		// The sites run a job in the researcher's own account only on their signature.
		fmt.Fprintf(e.stderr, "note: the gateway forwards no signed submission for job %s: a site runs it as its grid pool account, not as your own\n", cell(job.ID))
	}
	return runOfJob(job), created, nil
}

// runOfJob reads the gateway's job as a site's run: the fields they share (the job's own,
// such as its escrow and placement, have no place in a run).
func runOfJob(job gatewayapi.Job) siteapi.RunView {
	return siteapi.RunView{Run: siteapi.Run{
		ID: job.ID, Researcher: job.Researcher, IdempotencyKey: job.IdempotencyKey, Workflow: job.Workflow,
		SourceName: job.SourceName, Params: job.Params, State: job.State, Error: job.Error,
		CancelRequested: job.CancelRequested, CreatedAt: job.CreatedAt, UpdatedAt: job.UpdatedAt,
		EndedAt: job.EndedAt, Steps: job.Steps,
	}, ReplicaGroup: job.ReplicaGroup, Auctions: job.Auctions}
}
