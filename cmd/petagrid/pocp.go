package main

import (
	"crypto/ecdsa"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/urfave/cli/v2"

	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/pocp"
	"github.com/petagrid/petagrid/site/pocpreport"
	"github.com/petagrid/petagrid/tokenomics"
)

// pocpCommand builds, signs and verifies Proof-of-Compute-Power reports.
func pocpCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "pocp",
		Usage: "Proof-of-Compute-Power reports: the median computing power a site made available over a 15-day period",
		Subcommands: []*cli.Command{
			{
				Name:  "report",
				Usage: "build the report of a period from the accounting store, optionally signed with the site key",
				Flags: append([]cli.Flag{
					&cli.Int64Flag{Name: "period", Value: -1, Usage: "period number (0 starts at pocp.genesis; default: the last closed period)"},
					&cli.StringFlag{Name: "cluster", Usage: "cluster (default: the store's only cluster)"},
					&cli.StringFlag{Name: "sign", Usage: "site key file to sign with (EIP-712); unsigned without"},
					&cli.StringFlag{Name: "out", Usage: "write the report JSON here (default: standard output)"},
					&cli.BoolFlag{Name: "with-series", Usage: "write the report with the slot series its median came from: the body a protocol 3 gateway takes on " + protocol.PathReports},
					catalogFlag(),
				}, storeFlags()[0]),
				Action: e.pocpReport,
			},
			{
				Name:      "verify",
				Usage:     "check a report's signature (and, given a registration, the gateway's plausibility rules)",
				ArgsUsage: "REPORT.json",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "signer", Usage: "the site address the report must be signed by"},
					&cli.StringFlag{Name: "capacity", Usage: "registered capacity in PFLOPS: apply the plausibility rules"},
					&cli.UintFlag{Name: "gpus", Usage: "registered GPUs (with --capacity)"},
					catalogFlag(),
				},
				Action: e.pocpVerify,
			},
		},
	}
}

func (e *env) pocpReport(c *cli.Context) error {
	if c.NArg() > 0 {
		return usagef("pocp report takes no arguments")
	}
	cfg, err := e.config.PoCP.Resolve()
	if err != nil {
		return err
	}
	var epoch uint64
	if p := c.Int64("period"); p < -1 {
		return usagef("--period %d: period numbers start at 0", p)
	} else if p >= 0 {
		epoch = uint64(p)
		_, end, err := cfg.Calendar.Period(epoch)
		if err != nil {
			return usageError{err}
		}
		if end.After(time.Now()) {
			e.log.WithField("period", epoch).Warn("the period has not ended: the report covers only what has been observed so far")
		}
	} else {
		n, ok := cfg.Calendar.LastClosed(time.Now())
		if !ok {
			return usagef("no period has ended since genesis %s: pass --period", cfg.Calendar.Genesis.Format(time.RFC3339))
		}
		epoch = n
	}
	var key *ecdsa.PrivateKey
	if path := c.String("sign"); path != "" {
		k, err := reqsign.LoadKeyFile(path)
		if err != nil {
			return fmt.Errorf("--sign: %w", err)
		}
		key = k
	}
	cat, err := e.loadCatalog(c)
	if err != nil {
		return err
	}
	acct, err := e.accountingConfig(c)
	if err != nil {
		return err
	}
	st, cluster, _, err := e.openClusterStore(c)
	if err != nil {
		return err
	}
	defer st.Close()
	rep, sum, err := pocpreport.Build(c.Context, st, cat, cfg, cluster, epoch, int64(acct.Nodes.Slot/time.Second))
	if err != nil {
		return fmt.Errorf("pocp report for period %d: %w", epoch, err)
	}
	data, err := pocpreport.SignAndEncode(rep, cfg, key)
	if err != nil {
		return err
	}
	if c.Bool("with-series") {
		// A gateway of protocol 3 counts a report without its series for nothing in a
		// period with time it could not verify; one submitted by hand needs it too.
		if data, err = pocpreport.EncodeSubmission(data, sum.Runs); err != nil {
			return fmt.Errorf("--with-series: %w", err)
		}
	}
	e.log.WithFields(map[string]any{
		"period": epoch, "start": rep.PeriodStart.Format(time.RFC3339), "end": rep.PeriodEnd.Format(time.RFC3339),
		"medianPflops": tokenomics.FormatAmount(pocp.GFLWei(rep.MedianMegaFLOPS)), "coveragePercent": float64(rep.CoveragePPM) / 1e4,
		"slotsCovered": sum.Power.SlotsCovered, "slotsTotal": sum.Power.SlotsTotal, "lowCoverage": rep.LowCoverage, "signed": key != nil,
	}).Info("PoCP report built")
	rel := sum.Reliability
	fields := map[string]any{"uptimePercent": float64(rel.UptimePPM) / 1e4, "grade": rel.Grade, "failures": rel.Failures, "repairs": rel.Repairs}
	if rel.MTBFSeconds != nil {
		fields["mtbf"] = (time.Duration(*rel.MTBFSeconds) * time.Second).String()
	}
	if rel.MTTRSeconds != nil {
		fields["mttr"] = (time.Duration(*rel.MTTRSeconds) * time.Second).String()
	}
	e.log.WithFields(fields).Info("reliability of the grid nodes over the period")
	if path := c.String("out"); path != "" {
		return writeFileAtomic(path, data)
	}
	_, err = e.stdout.Write(data)
	return err
}

func (e *env) pocpVerify(c *cli.Context) error {
	if c.NArg() != 1 {
		return usagef("pocp verify takes one report file (- for standard input)")
	}
	var (
		data []byte
		err  error
	)
	in := io.Reader(os.Stdin)
	if name := c.Args().First(); name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	// Decode refuses more than MaxReportBytes; reading one byte more lets it say so
	// without reading an arbitrarily large file.
	data, err = io.ReadAll(io.LimitReader(in, pocp.MaxReportBytes+1))
	if err != nil {
		return err
	}
	rep, err := pocp.Decode(data)
	if err != nil {
		return err
	}
	cfg, err := e.config.PoCP.Resolve()
	if err != nil {
		return err
	}
	signer, err := rep.Verify(cfg.Domain)
	if err != nil {
		return err
	}
	if s := c.String("signer"); s != "" {
		if !common.IsHexAddress(s) {
			return usagef("--signer %q is not an address", s)
		}
		if common.HexToAddress(s) != signer {
			return fmt.Errorf("report is signed by %s, not %s", signer.Hex(), common.HexToAddress(s).Hex())
		}
	}
	fmt.Fprintf(e.stdout, "signature OK: period %d (%s – %s) of cluster %s, signed by %s\n", rep.Epoch,
		rep.PeriodStart.Format(time.RFC3339), rep.PeriodEnd.Format(time.RFC3339), rep.Cluster, signer.Hex())
	fmt.Fprintf(e.stdout, "median computing power %s PFLOPS (the GFL it claims), coverage %.2f %%%s, GPU energy %.3f kWh, jobs %d, Compute Hours %.3f\n",
		tokenomics.FormatAmount(pocp.GFLWei(rep.MedianMegaFLOPS)),
		float64(rep.CoveragePPM)/1e4, map[bool]string{true: " (LOW)", false: ""}[rep.LowCoverage],
		float64(rep.EnergyMillijoules)/3.6e9, rep.JobsRun, float64(rep.ComputeHoursMilli)/1000)
	if s := c.String("capacity"); s != "" {
		capWei, err := tokenomics.ParseAmount(s)
		if err != nil {
			return usagef("--capacity: %v", err)
		}
		cat, err := e.loadCatalog(c)
		if err != nil {
			return err
		}
		mflops := capWei.Div(capWei, tokenomics.GFLFromMegaFLOPS(1))
		if !mflops.IsUint64() {
			return usagef("--capacity %s PFLOPS is beyond what a report can hold", s)
		}
		if c.Uint("gpus") > 1<<32-1 {
			return usagef("--gpus %d is beyond what a report can hold", c.Uint("gpus"))
		}
		reg := pocp.Registration{Site: signer, CapacityMegaFLOPS: mflops.Uint64(), GPUs: uint32(c.Uint("gpus")), CatalogSHA256: cat.SHA256(), ReferenceMegaFLOPS: cat.ReferenceScore().PerDeviceMegaFLOPS}
		violations := pocp.CheckPlausibility(rep, reg, cfg.Calendar, pocp.DefaultPolicy(), nil)
		if len(violations) > 0 {
			for _, v := range violations {
				fmt.Fprintf(e.stdout, "REJECT %s\n", v)
			}
			return fmt.Errorf("report fails %d plausibility rule(s)", len(violations))
		}
		fmt.Fprintln(e.stdout, "plausibility OK")
	}
	return nil
}
