package main

import (
	"context"
	"crypto/ecdsa"
	"encoding/hex"
	"encoding/json"
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

// loadKeyFlag reads the --key file (or the default one).
func loadKeyFlag(c *cli.Context) (*ecdsa.PrivateKey, error) {
	path := c.String("key")
	var err error
	if path == "" {
		if path, err = reqsign.DefaultKeyPath(); err != nil {
			return nil, err
		}
	}
	key, err := reqsign.LoadKeyFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w\ncreate a key with `petagrid keys new`", err)
	}
	return key, err
}

// gatewayClient builds the printer and the gateway client from the flags.
func (e *env) gatewayClient(c *cli.Context) (*gwclient.Client, *printer, error) {
	return e.newGatewayClient(c, false)
}

// publicGatewayClient is gatewayClient for commands that read only the gateway's public
// routes (info, summary, epoch list): without --key and without a default key file, it signs
// with a throwaway key, so that anyone can look at the grid without creating an identity.
func (e *env) publicGatewayClient(c *cli.Context) (*gwclient.Client, *printer, error) {
	return e.newGatewayClient(c, true)
}

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
	key, err := loadKeyFlag(c)
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
			{
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
			},
			{
				Name:  "info",
				Usage: "show the gateway's name, chain and contracts",
				Flags: gatewayFlags(),
				Action: func(c *cli.Context) error {
					cl, out, err := e.publicGatewayClient(c)
					if err != nil {
						return err
					}
					ctx, cancel := callCtx(c, c.Context)
					defer cancel()
					info, err := cl.GatewayInfo(ctx)
					if err != nil {
						return err
					}
					if out.json {
						return out.encode(info)
					}
					return out.table([]string{"GATEWAY", "CHAIN", "CHAIN ID", "SETTLEMENT", "ESCROW", "EPOCH LENGTH"}, [][]string{{info.Audience, info.Chain.Kind, info.Chain.ChainID,
						info.Chain.Contracts.Settlement.Hex(), info.Chain.Contracts.Escrow.Hex(), (time.Duration(info.Epochs.PeriodSeconds) * time.Second).String()}})
				},
			},
			gatewaySummaryCommand(e),
			{
				Name:  "providers",
				Usage: "list, approve and suspend sites (operators)",
				Subcommands: []*cli.Command{
					{
						Name:  "list",
						Usage: "list the registered sites",
						Flags: gatewayFlags(),
						Action: func(c *cli.Context) error {
							cl, out, err := e.gatewayClient(c)
							if err != nil {
								return err
							}
							ctx, cancel := callCtx(c, c.Context)
							defer cancel()
							list, err := cl.Providers(ctx)
							if err != nil {
								return err
							}
							if out.json {
								return out.encode(list)
							}
							var rows [][]string
							for _, p := range list {
								price, _ := new(big.Int).SetString(p.Registration.Prices.PerComputeHour, 10)
								gfl, _ := new(big.Int).SetString(p.GFLWei, 10)
								rows = append(rows, []string{p.Name, p.Status, onlineWord(p.Online), p.Address, pflops(p.Registration.Inventory.CapacityMegaFLOPS),
									strconv.Itoa(p.Registration.Inventory.GPUs), amount(price), amount(gfl), strconv.Itoa(p.Accepted), p.RegistrationDigest.Hex()})
							}
							return out.table([]string{"SITE", "STATUS", "ONLINE", "KEY", "CAPACITY PFLOPS", "GPUS", "DPS/CH", "GFL", "REPORTS", "REGISTRATION"}, rows)
						},
					},
					providerStatusCommand(e, "approve", true),
					providerStatusCommand(e, "suspend", false),
				},
			},
			{
				Name:  "epoch",
				Usage: "list and close settlement epochs",
				Subcommands: []*cli.Command{
					{
						Name:  "list",
						Usage: "list the settled epochs",
						Flags: gatewayFlags(),
						Action: func(c *cli.Context) error {
							cl, out, err := e.publicGatewayClient(c)
							if err != nil {
								return err
							}
							ctx, cancel := callCtx(c, c.Context)
							defer cancel()
							list, err := cl.Epochs(ctx)
							if err != nil {
								return err
							}
							if out.json {
								return out.encode(list)
							}
							var rows [][]string
							for _, s := range list {
								rows = append(rows, epochRow(s))
							}
							return out.table(epochHeader, rows)
						},
					},
					{
						Name:  "close",
						Usage: "settle the next epoch on chain now that it has ended: GFL rebalanced to the accepted medians, DPS rewards committed (operators)",
						Flags: append(gatewayFlags(), &cli.Int64Flag{Name: "epoch", Value: -1, Usage: "the epoch expected to close (refused if another is next)"}),
						Action: func(c *cli.Context) error {
							cl, out, err := e.gatewayClient(c)
							if err != nil {
								return err
							}
							var want *uint64
							if n := c.Int64("epoch"); n >= 0 {
								u := uint64(n)
								want = &u
							}
							ctx, cancel := callCtx(c, c.Context)
							defer cancel()
							s, err := cl.CloseEpoch(ctx, want)
							if err != nil {
								return err
							}
							if out.json {
								return out.encode(s)
							}
							return out.table(epochHeader, [][]string{epochRow(s)})
						},
					},
				},
			},
			{
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
					cl, out, err := e.gatewayClient(c)
					if err != nil {
						return err
					}
					ctx, cancel := callCtx(c, c.Context)
					defer cancel()
					to := common.HexToAddress(c.Args().First())
					if err := cl.Fund(ctx, to, c.String("dps"), c.String("eth")); err != nil {
						return err
					}
					return out.message(map[string]string{"account": to.Hex(), "dps": c.String("dps"), "eth": c.String("eth")}, "funded %s", to.Hex())
				},
			},
		},
	}
}

func providerStatusCommand(e *env, name string, approve bool) *cli.Command {
	flags := append(gatewayFlags(), &cli.StringFlag{Name: "reason", Usage: "why, kept with the site's status"})
	usage := name + " a site (operators): in the gateway and in the chain's provider registry"
	if approve {
		flags = append(flags, &cli.StringFlag{Name: "registration", Usage: "the REGISTRATION digest `0x…` that `providers list` showed: the approval admits that registration, and is refused if the site registered another since"})
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
				d := c.String("registration")
				if d == "" {
					return usagef("approve names the registration reviewed: --registration DIGEST, from the REGISTRATION column of `petagrid gateway providers list`")
				}
				if _, err := hex.DecodeString(strings.TrimPrefix(d, "0x")); err != nil || len(d) != 66 || !strings.HasPrefix(d, "0x") {
					return usagef("--registration %q: a digest, 0x and 64 hex digits", truncateText(d, 80))
				}
				reviewed = common.HexToHash(d)
			}
			cl, out, err := e.gatewayClient(c)
			if err != nil {
				return err
			}
			ctx, cancel := callCtx(c, c.Context)
			defer cancel()
			var s gatewayapi.Site
			if approve {
				s, err = cl.ApproveProvider(ctx, c.Args().First(), reviewed, c.String("reason"))
			} else {
				s, err = cl.SuspendProvider(ctx, c.Args().First(), c.String("reason"))
			}
			if err != nil {
				return err
			}
			return out.message(s, "site %s is %s", cell(s.Name), s.Status)
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
	return []string{strconv.FormatUint(s.Epoch, 10), closed, strconv.Itoa(len(s.Medians)), pflops(total), weiText(s.MintedWei), weiText(s.BurnedWei),
		weiText(s.SupplyAfterWei), weiText(s.RewardsTotalWei), strconv.FormatUint(s.EraAfter, 10), halving}
}

func providerCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "provider",
		Usage: "a site's rewards: see what is claimable and claim it (signed with the site's key)",
		Subcommands: []*cli.Command{
			{
				Name:  "rewards",
				Usage: "show the key's cumulative, claimed and claimable DPS rewards",
				Flags: gatewayFlags(),
				Action: func(c *cli.Context) error {
					cl, out, err := e.gatewayClient(c)
					if err != nil {
						return err
					}
					ctx, cancel := callCtx(c, c.Context)
					defer cancel()
					p, err := cl.RewardProof(ctx, cl.Address())
					if err != nil {
						return err
					}
					if out.json {
						return out.encode(p)
					}
					return out.table([]string{"ACCOUNT", "EPOCH", "CUMULATIVE DPS", "CLAIMED DPS", "CLAIMABLE DPS"}, [][]string{{p.Account, strconv.FormatUint(p.Epoch, 10),
						weiText(p.CumulativeWei), weiText(p.ClaimedWei), weiText(p.ClaimableWei)}})
				},
			},
			{
				Name:  "claim",
				Usage: "claim the key's DPS rewards on chain, through the gateway's relay (the gateway's Merkle proof is checked first)",
				Flags: gatewayFlags(),
				Action: func(c *cli.Context) error {
					cl, out, err := e.gatewayClient(c)
					if err != nil {
						return err
					}
					ctx, cancel := callCtx(c, c.Context)
					defer cancel()
					got, p, err := cl.Claim(ctx)
					if err != nil {
						return err
					}
					return out.message(map[string]string{"account": p.Account, "claimedWei": got.String(), "cumulativeWei": p.CumulativeWei},
						"claimed %s DPS for %s (cumulative rewards %s DPS up to epoch %d)", amount(got), p.Account, weiText(p.CumulativeWei), p.Epoch)
				},
			},
		},
	}
}

func onlineWord(b bool) string {
	if b {
		return "online"
	}
	return "offline"
}

// pflops shows megaFLOPS as PFLOPS (1 PFLOPS = 10^9 MFLOPS).
func pflops(megaFLOPS uint64) string {
	return strings.TrimRight(strings.TrimRight(new(big.Rat).SetFrac(new(big.Int).SetUint64(megaFLOPS), big.NewInt(1e9)).FloatString(3), "0"), ".")
}

func amount(wei *big.Int) string {
	if wei == nil {
		return "-"
	}
	return tokenomics.FormatAmount(wei)
}

func weiText(s string) string {
	v, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return "-"
	}
	return amount(v)
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
	key, err := loadKeyFlag(c)
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
	fmt.Fprintf(e.stderr, "job %s: %s DPS locked in escrow %s; %s\n", cell(job.ID), amount(maxCost), cell(job.EscrowID), cell(job.Placement))
	if !job.SignedSubmission {
		// The sites run a job in the researcher's own account only on their signature.
		fmt.Fprintf(e.stderr, "note: the gateway forwards no signed submission for job %s: a site runs it as its grid pool account, not as your own\n", cell(job.ID))
	}
	// The gateway's job is a run with extra fields: read it as one.
	data, _ := json.Marshal(job)
	var view siteapi.RunView
	if err := json.Unmarshal(data, &view); err != nil {
		return siteapi.RunView{}, false, err
	}
	return view, created, nil
}
