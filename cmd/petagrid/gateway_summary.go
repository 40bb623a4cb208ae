package main

import (
	"fmt"
	"strconv"
	"time"

	"github.com/urfave/cli/v2"

	gwclient "github.com/petagrid/petagrid/gateway/client"
	"github.com/petagrid/petagrid/gateway/dashboard"
	"github.com/petagrid/petagrid/tokenomics"
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
			return showFromGateway(e, publicRoutes, (*gwclient.Client).Dashboard, printSummary)(c)
		},
	}
}

func printSummary(out *printer, s dashboard.Snapshot) error {
	w := out.w
	eco := s.Economy
	amount, pflops := tokenomics.FormatAmountText, tokenomics.FormatPFLOPS
	fmt.Fprintf(w, "Gateway %s — %s chain %d at block %d (%s)\n", cell(s.Gateway), cell(s.Chain.Kind), s.Chain.ChainID, s.Chain.Block, utcTime(s.Chain.BlockTime))
	fmt.Fprintf(w, "GFL supply %s · DPS emitted %s · claimable %s · in the reward pool %s\n",
		amount(eco.GFLSupplyWei), amount(eco.DPSEmittedWei), amount(eco.DPSClaimableWei), amount(eco.PoolWei))
	fmt.Fprintf(w, "Halving era %d: %s of %s GFL toward the next halving · next epoch %d closes at %s (epochs of %s)\n",
		eco.Era, amount(eco.EraCumulativeGFLWei), amount(eco.EraThresholdGFLWei), eco.NextEpoch, utcTime(eco.NextCloseAt),
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
		rows = append(rows, []string{p.Site, p.Status, onlineWord(p.Online), pflops(p.CapacityMegaFLOPS), strconv.Itoa(p.GPUs),
			cell(dashboard.FormatGrades(p.PerformanceGrade, p.ReliabilityGrade, p.EnergyGrade)), amount(p.PricePerComputeHourWei),
			epoch, median, coverage, amount(p.GFLWei), amount(p.DPSClaimableWei)})
	}
	if err := out.table([]string{"SITE", "STATUS", "ONLINE", "CAPACITY PFLOPS", "GPUS", "GRADES", "DPS/CH", "LAST REPORT", "MEDIAN PFLOPS", "COVERAGE", "GFL", "CLAIMABLE DPS"}, rows); err != nil {
		return err
	}

	if s.Proposals != nil {
		fmt.Fprintln(w, "\nAdmission proposals (GFL holders vote; the gateway executes a passed vote)")
		rows = rows[:0]
		for _, p := range s.Proposals {
			rows = append(rows, []string{strconv.FormatUint(p.ID, 10), cell(p.State), cell(p.Site), pflops(p.CapacityMegaFLOPS), amount(p.ForWei), amount(p.AgainstWei),
				amount(p.AbstainWei), amount(p.QuorumWei), utcTime(p.VoteEnd)})
		}
		if len(rows) == 0 {
			fmt.Fprintln(w, "none yet")
		} else if err := out.table([]string{"ID", "STATE", "SITE", "CAPACITY PFLOPS", "FOR GFL", "AGAINST GFL", "ABSTAIN GFL", "QUORUM GFL", "VOTE ENDS"}, rows); err != nil {
			return err
		}
	}

	fmt.Fprintln(w, "\nSettled epochs")
	rows = rows[:0]
	for _, ep := range s.Epochs {
		halving := "-"
		if ep.HalvingReason != "" {
			halving = ep.HalvingReason
		}
		rows = append(rows, []string{strconv.FormatUint(ep.Epoch, 10), utcTime(ep.ClosedAt), strconv.Itoa(ep.Providers), pflops(ep.MedianMegaFLOPS),
			amount(ep.MintedWei), amount(ep.BurnedWei), amount(ep.SupplyAfterWei), amount(ep.RewardsWei), strconv.FormatUint(ep.Era, 10), halving})
	}
	if len(rows) == 0 {
		fmt.Fprintln(w, "none yet")
	} else if err := out.table(epochHeader, rows); err != nil {
		return err
	}

	fmt.Fprintln(w, "\nJobs (latest first)")
	rows = rows[:0]
	for _, j := range s.Jobs {
		rows = append(rows, []string{j.ID, j.Site, j.State, strconv.FormatInt(j.ElapsedSeconds, 10), tokenomics.FormatHours(j.GPUSeconds), tokenomics.FormatComputeHours(j.ComputeHoursMilli),
			amount(j.CostWei), amount(j.MaxCostWei)})
	}
	if len(rows) == 0 {
		fmt.Fprintln(w, "none yet")
		return nil
	}
	return out.table([]string{"JOB", "SITE", "STATE", "ELAPSED S", "GPU HOURS", "COMPUTE HOURS", "COST DPS", "BUDGET DPS"}, rows)
}
