package main

import (
	"fmt"
	"math/big"
	"strconv"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/petagrid/petagrid/gateway/dashboard"
)

// gatewaySummaryCommand prints the grid at a glance from the gateway's public dashboard data:
// what an operator checks after an epoch, and what `make demo` ends with.
func gatewaySummaryCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "summary",
		Usage: "the grid at a glance: providers with their medians and coverage, GFL and DPS, the era, epochs and the latest jobs with their usage",
		Flags: gatewayFlags(),
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usagef("summary takes no arguments")
			}
			cl, out, err := e.publicGatewayClient(c)
			if err != nil {
				return err
			}
			ctx, cancel := callCtx(c, c.Context)
			defer cancel()
			snap, err := cl.Dashboard(ctx)
			if err != nil {
				return err
			}
			if out.json {
				return out.encode(snap)
			}
			return printSummary(out, snap)
		},
	}
}

func printSummary(out *printer, s dashboard.Snapshot) error {
	w := out.w
	eco := s.Economy
	fmt.Fprintf(w, "Gateway %s — %s chain %d at block %d (%s)\n", cell(s.Gateway), cell(s.Chain.Kind), s.Chain.ChainID, s.Chain.Block, utcTime(s.Chain.BlockTime))
	fmt.Fprintf(w, "GFL supply %s · DPS emitted %s · claimable %s · in the reward pool %s\n",
		weiText(eco.GFLSupplyWei), weiText(eco.DPSEmittedWei), weiText(eco.DPSClaimableWei), weiText(eco.PoolWei))
	fmt.Fprintf(w, "Halving era %d: %s of %s GFL toward the next halving · next epoch %d closes at %s (epochs of %s)\n",
		eco.Era, weiText(eco.EraCumulativeGFLWei), weiText(eco.EraThresholdGFLWei), eco.NextEpoch, utcTime(eco.NextCloseAt),
		(time.Duration(eco.EpochSeconds) * time.Second).String())

	fmt.Fprintln(w, "\nProviders")
	var rows [][]string
	for _, p := range s.Providers {
		median, coverage, epoch := "-", "-", "-"
		if p.LastReportEpoch != nil {
			median = pflops(p.LastMedianMegaFLOPS)
			coverage = strconv.FormatFloat(float64(p.LastCoveragePPM)/1e4, 'f', 2, 64) + " %"
			epoch = strconv.FormatUint(*p.LastReportEpoch, 10)
		}
		price, _ := new(big.Int).SetString(p.PricePerComputeHourWei, 10)
		rows = append(rows, []string{p.Site, p.Status, onlineWord(p.Online), pflops(p.CapacityMegaFLOPS), strconv.Itoa(p.GPUs), amount(price),
			epoch, median, coverage, weiText(p.GFLWei), weiText(p.DPSClaimableWei)})
	}
	if err := out.table([]string{"SITE", "STATUS", "ONLINE", "CAPACITY PFLOPS", "GPUS", "DPS/CH", "LAST REPORT", "MEDIAN PFLOPS", "COVERAGE", "GFL", "CLAIMABLE DPS"}, rows); err != nil {
		return err
	}

	fmt.Fprintln(w, "\nSettled epochs")
	rows = rows[:0]
	for _, ep := range s.Epochs {
		halving := "-"
		if ep.HalvingReason != "" {
			halving = ep.HalvingReason
		}
		rows = append(rows, []string{strconv.FormatUint(ep.Epoch, 10), utcTime(ep.ClosedAt), strconv.Itoa(ep.Providers), pflops(ep.MedianMegaFLOPS),
			weiText(ep.MintedWei), weiText(ep.BurnedWei), weiText(ep.SupplyAfterWei), weiText(ep.RewardsWei), strconv.FormatUint(ep.Era, 10), halving})
	}
	if len(rows) == 0 {
		fmt.Fprintln(w, "none yet")
	} else if err := out.table([]string{"EPOCH", "CLOSED", "PROVIDERS", "Σ MEDIAN PFLOPS", "MINTED GFL", "BURNED GFL", "SUPPLY GFL", "REWARDS DPS", "ERA", "HALVING"}, rows); err != nil {
		return err
	}

	fmt.Fprintln(w, "\nJobs (latest first)")
	rows = rows[:0]
	for _, j := range s.Jobs {
		rows = append(rows, []string{j.ID, j.Site, j.State, strconv.FormatInt(j.ElapsedSeconds, 10), thousandths(j.GPUSeconds, 3600), thousandths(j.ComputeHoursMilli, 1000),
			weiText(j.CostWei), weiText(j.MaxCostWei)})
	}
	if len(rows) == 0 {
		fmt.Fprintln(w, "none yet")
		return nil
	}
	return out.table([]string{"JOB", "SITE", "STATE", "ELAPSED S", "GPU HOURS", "COMPUTE HOURS", "COST DPS", "BUDGET DPS"}, rows)
}

// thousandths shows n/per with three decimals: GPU seconds as GPU hours, milli-Compute Hours
// as Compute Hours.
func thousandths(n, per int64) string {
	if per <= 0 {
		return "-"
	}
	return new(big.Rat).SetFrac64(n, per).FloatString(3)
}
