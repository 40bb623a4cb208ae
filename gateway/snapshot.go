package gateway

import (
	"context"
	"encoding/json"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/petagrid/petagrid/gateway/dashboard"
	"github.com/petagrid/petagrid/gateway/store"
)

// Snapshot gathers what the dashboard shows from the state and the chain.
func (g *Gateway) Snapshot(ctx context.Context) (dashboard.Snapshot, error) {
	snap := dashboard.Snapshot{Gateway: g.cfg.Name, GeneratedAt: g.now()}
	head, err := g.chain.Backend().HeaderByNumber(ctx, nil)
	if err != nil {
		return snap, err
	}
	snap.Chain = dashboard.ChainInfo{Kind: g.cfg.Chain.Mode, ChainID: g.chain.ChainID().Uint64(), Block: head.Number.Uint64(),
		BlockTime: time.Unix(int64(head.Time), 0).UTC(), Settlement: g.deploy.Addresses.Settlement.Hex()}
	oc, err := g.deploy.State(ctx)
	if err != nil {
		return snap, err
	}
	_, nextEnd, _ := g.calendar.Period(oc.NextEpoch)
	threshold := new(big.Int).Lsh(g.params.EraThresholdGFL, uint(min(oc.Era, 64)))
	snap.Economy = dashboard.Economy{Era: oc.Era, NextEpoch: oc.NextEpoch, EpochSeconds: g.params.PeriodSeconds, Genesis: g.params.Genesis,
		NextCloseAt: nextEnd.Add(g.cfg.Epochs.Grace), GFLSupplyWei: oc.Supply.String(), DPSEmittedWei: oc.Emitted.String(), PoolWei: oc.Pool.String(),
		EraCumulativeGFLWei: oc.EraCumulativeGFL.String(), EraThresholdGFLWei: threshold.String()}

	cumulative := map[common.Address]*big.Int{}
	if e, ok, err := g.store.LatestSettled(ctx); err != nil {
		return snap, err
	} else if ok {
		var cum map[string]string
		if json.Unmarshal([]byte(e.Rewards), &cum) == nil {
			for a, v := range cum {
				if n, ok := new(big.Int).SetString(v, 10); ok {
					cumulative[common.HexToAddress(a)] = n
				}
			}
		}
	}
	claimableTotal := new(big.Int)
	sites, err := g.store.Sites(ctx)
	if err != nil {
		return snap, err
	}
	latest, err := g.store.LatestReports(ctx)
	if err != nil {
		return snap, err
	}
	byLatest := map[string]store.Report{}
	for _, r := range latest {
		byLatest[r.Site] = r
	}
	grades := g.siteGrades(sites, latest)
	for _, s := range sites {
		addr := common.HexToAddress(s.Address)
		p := dashboard.Provider{Site: s.Name, Address: s.Address, Status: s.Status, Online: g.now().Sub(s.LastSeen) < g.cfg.Sites.OfflineAfter, LastSeen: s.LastSeen,
			CapacityMegaFLOPS: s.Registration.Inventory.CapacityMegaFLOPS, GPUs: s.Registration.Inventory.GPUs, PricePerComputeHourWei: s.Registration.Prices.PerComputeHour,
			GFLWei: "0", DPSClaimableWei: "0", PerformanceGrade: grades[s.Name].performance, ReliabilityGrade: grades[s.Name].reliability}
		for _, part := range s.Registration.Inventory.Partitions {
			for _, sh := range part.Shapes {
				p.Nodes += sh.Nodes
			}
		}
		if r, ok := byLatest[s.Name]; ok {
			ep := r.Epoch
			p.LastReportEpoch, p.LastMedianMegaFLOPS, p.LastCoveragePPM, p.LastUptimePPM = &ep, r.MedianMFLOPS, r.CoveragePPM, r.UptimePPM
		}
		if bal, err := g.deploy.GFLBalance(ctx, addr); err == nil {
			p.GFLWei = bal.String()
		}
		if cum, ok := cumulative[addr]; ok {
			if claimed, err := g.deploy.Claimed(ctx, addr); err == nil {
				c := new(big.Int).Sub(cum, claimed)
				p.DPSClaimableWei = c.String()
				claimableTotal.Add(claimableTotal, c)
			}
		}
		snap.Providers = append(snap.Providers, p)
	}
	snap.Economy.DPSClaimableWei = claimableTotal.String()

	epochs, err := g.store.Epochs(ctx, 100)
	if err != nil {
		return snap, err
	}
	for _, e := range epochs {
		if e.Status != store.EpochSettled {
			continue
		}
		sum, err := summarise(e)
		if err != nil {
			return snap, err
		}
		de := dashboard.Epoch{Epoch: e.Epoch, MintedWei: sum.MintedWei, BurnedWei: sum.BurnedWei, RewardsWei: sum.RewardsTotalWei, SupplyAfterWei: sum.SupplyAfterWei,
			Era: sum.EraAfter, Providers: len(sum.Medians)}
		if e.ClosedAt != nil {
			de.ClosedAt = *e.ClosedAt
		}
		for _, m := range sum.Medians {
			de.MedianMegaFLOPS += m
		}
		if sum.Halving {
			de.HalvingReason = "era advanced"
		}
		snap.Epochs = append(snap.Epochs, de)
	}
	jobs, err := g.store.Jobs(ctx, store.JobFilter{Limit: 50})
	if err != nil {
		return snap, err
	}
	for _, j := range jobs {
		dj := dashboard.Job{ID: j.ID, Site: j.Site, Researcher: j.Researcher, State: string(j.State), CreatedAt: j.CreatedAt, CostWei: j.CostWei, MaxCostWei: j.MaxCostWei}
		if u := j.Usage; u != nil {
			dj.ElapsedSeconds, dj.CPUSeconds, dj.GPUSeconds, dj.ComputeHoursMilli = u.ElapsedSeconds, u.CPUSeconds, u.GPUSeconds, u.ComputeHoursMilli
		}
		snap.Jobs = append(snap.Jobs, dj)
	}
	if snap.JobCounts, err = g.store.CountJobs(ctx); err != nil {
		return snap, err
	}
	return snap, nil
}
