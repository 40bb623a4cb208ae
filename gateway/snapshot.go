package gateway

import (
	"context"
	"encoding/json"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/gateway/dashboard"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/pocp"
	"github.com/petagrid/petagrid/tokenomics"
)

// dashboardSource gathers what the dashboard shows from the state and the chain.
type dashboardSource struct {
	store    *store.Store
	deploy   *contracts.Deployment
	chain    *contracts.Chain
	calendar pocp.Calendar
	params   contracts.Params
	// gateway is the gateway's name, chainMode its gateway.chain.mode.
	gateway, chainMode string
	// offlineAfter: a site silent this long is shown offline; grace is the wait after an
	// epoch's end before it is closed.
	offlineAfter, grace time.Duration
	// referenceMegaFLOPS is the catalog's reference device; catalog grades the sites for
	// their prices.
	referenceMegaFLOPS uint64
	catalog            *tokenomics.Catalog
	now                func() time.Time
	metrics            *metrics
	// proposals reads the newest admission proposals (nil: no governor).
	proposals func(ctx context.Context, limit int) ([]gatewayapi.ProposalView, error)
}

// dashboardProposals is how many proposals the dashboard shows.
const dashboardProposals = 20

// Snapshot gathers what the dashboard shows from the state and the chain.
func (g *Gateway) Snapshot(ctx context.Context) (dashboard.Snapshot, error) {
	return g.dashboard.Snapshot(ctx)
}

// Snapshot gathers what the dashboard shows.
func (d *dashboardSource) Snapshot(ctx context.Context) (dashboard.Snapshot, error) {
	snap := dashboard.Snapshot{Gateway: d.gateway, GeneratedAt: d.now()}
	var err error
	if snap.Chain, snap.Economy, err = d.chainAndEconomy(ctx); err != nil {
		return snap, err
	}
	var claimable *big.Int
	if snap.Providers, claimable, err = d.providers(ctx); err != nil {
		return snap, err
	}
	snap.Economy.DPSClaimableWei = claimable.String()
	if snap.Epochs, err = d.epochs(ctx); err != nil {
		return snap, err
	}
	if snap.Jobs, err = d.jobs(ctx); err != nil {
		return snap, err
	}
	if snap.JobCounts, err = d.store.CountJobs(ctx); err != nil {
		return snap, err
	}
	if d.proposals != nil {
		views, err := d.proposals(ctx, dashboardProposals)
		if err != nil {
			return snap, err
		}
		snap.Proposals = make([]dashboard.Proposal, 0, len(views))
		for _, v := range views {
			p := dashboard.Proposal{ID: v.ID, Provider: v.Provider.Hex(), State: v.State, CapacityMegaFLOPS: v.CapacityMegaFLOPS, GPUs: v.GPUs, VoteEnd: v.VoteEnd,
				ForWei: v.ForWei, AgainstWei: v.AgainstWei, AbstainWei: v.AbstainWei, QuorumWei: v.QuorumWei}
			if r := v.Record; r != nil {
				p.Site, p.SharedDevices, p.StakeBondedWei = r.Site, r.SharedDevices, r.StakeBondedWei
				p.ChallengesPassed = r.Challenges.Passed
				p.ChallengesDecided = r.Challenges.Passed + r.Challenges.Failed + r.Challenges.Missed
			}
			snap.Proposals = append(snap.Proposals, p)
		}
	}
	return snap, nil
}

// chainAndEconomy are the chain's head and the economy's figures.
func (d *dashboardSource) chainAndEconomy(ctx context.Context) (dashboard.ChainInfo, dashboard.Economy, error) {
	head, err := d.chain.Backend().HeaderByNumber(ctx, nil)
	d.metrics.observeChain(chainRead, err)
	if err != nil {
		return dashboard.ChainInfo{}, dashboard.Economy{}, err
	}
	info := dashboard.ChainInfo{Kind: d.chainMode, ChainID: d.chain.ChainID().Uint64(), Block: head.Number.Uint64(),
		BlockTime: time.Unix(int64(head.Time), 0).UTC(), Settlement: d.deploy.Addresses.Settlement.Hex()}
	oc, err := d.deploy.State(ctx)
	d.metrics.observeChain(chainRead, err)
	if err != nil {
		return info, dashboard.Economy{}, err
	}
	_, nextEnd, _ := d.calendar.Period(oc.NextEpoch)
	threshold := new(big.Int).Lsh(d.params.EraThresholdGFL, uint(min(oc.Era, 64)))
	econ := dashboard.Economy{Era: oc.Era, NextEpoch: oc.NextEpoch, EpochSeconds: d.params.PeriodSeconds, Genesis: d.params.Genesis,
		NextCloseAt: nextEnd.Add(d.grace), GFLSupplyWei: oc.Supply.String(), DPSEmittedWei: oc.Emitted.String(), PoolWei: oc.Pool.String(),
		EraCumulativeGFLWei: oc.EraCumulativeGFL.String(), EraThresholdGFLWei: threshold.String()}
	slashed, err := d.deploy.SlashedTotals(ctx)
	d.metrics.observeChain(chainRead, err)
	if err == nil {
		econ.SlashedWei = slashed.SlashedWei.String()
	}
	return info, econ, nil
}

// providers are the sites with their latest report, GFL and claimable DPS, and the
// DPS claimable in all.
func (d *dashboardSource) providers(ctx context.Context) ([]dashboard.Provider, *big.Int, error) {
	cumulative, err := d.latestCumulativeRewards(ctx)
	if err != nil {
		return nil, nil, err
	}
	sites, err := d.store.Sites(ctx)
	if err != nil {
		return nil, nil, err
	}
	latest, err := d.store.LatestReports(ctx)
	if err != nil {
		return nil, nil, err
	}
	byLatest := map[string]store.Report{}
	for _, r := range latest {
		byLatest[r.Site] = r
	}
	shared, err := d.store.SharedDevices(ctx)
	if err != nil {
		return nil, nil, err
	}
	// The challenges of the epoch under way (none before genesis).
	var tallies map[string]gatewayapi.ChallengeTally
	if epoch, ok := d.calendar.PeriodAt(d.now()); ok {
		start, end, err := d.calendar.Period(epoch)
		if err != nil {
			return nil, nil, err
		}
		if tallies, err = d.store.ChallengeTallies(ctx, start, end); err != nil {
			return nil, nil, err
		}
	}
	quotes := quoteSites(sites, latest, d.catalog)
	claimableTotal := new(big.Int)
	var out []dashboard.Provider
	for _, s := range sites {
		p := d.provider(s, quotes[s.Name])
		if sh := shared[s.Name]; sh != nil {
			p.SharedDevices, p.SharesDevicesWith = sh.Count, sh.Sites
		}
		if t, ok := tallies[s.Name]; ok {
			p.Challenges = &dashboard.ChallengeCounts{Issued: t.Issued - t.Skipped, Passed: t.Passed, Failed: t.Failed, Missed: t.Missed, Skipped: t.Skipped}
		}
		if r, ok := byLatest[s.Name]; ok {
			ep := r.Epoch
			p.LastReportEpoch, p.LastMedianMegaFLOPS, p.LastCoveragePPM, p.LastUptimePPM = &ep, r.MedianMFLOPS, r.CoveragePPM, r.UptimePPM
		}
		addr := common.HexToAddress(s.Address)
		bal, err := d.deploy.GFLBalance(ctx, addr)
		d.metrics.observeChain(chainRead, err)
		if err == nil {
			p.GFLWei = bal.String()
		}
		st, err := d.deploy.StakeOf(ctx, addr)
		d.metrics.observeChain(chainRead, err)
		if err == nil {
			p.StakeBondedWei, p.StakeSlashedWei = st.BondedWei.String(), st.SlashedWei.String()
		}
		if cum, ok := cumulative[addr]; ok {
			claimed, err := d.deploy.Claimed(ctx, addr)
			d.metrics.observeChain(chainRead, err)
			if err == nil {
				c := new(big.Int).Sub(cum, claimed)
				p.DPSClaimableWei = c.String()
				claimableTotal.Add(claimableTotal, c)
			}
		}
		out = append(out, p)
	}
	return out, claimableTotal, nil
}

// provider is a site as the dashboard shows it, before its report and balances.
func (d *dashboardSource) provider(s gatewayapi.Site, quote siteQuote) dashboard.Provider {
	price := s.Registration.Prices.PerComputeHour
	if quote.priceWei != nil {
		price = quote.priceWei.String()
	}
	p := dashboard.Provider{Site: s.Name, Address: s.Address, Status: s.Status, Online: d.now().Sub(s.LastSeen) < d.offlineAfter, LastSeen: s.LastSeen,
		CapacityMegaFLOPS: s.Registration.Inventory.CapacityMegaFLOPS, GPUs: s.Registration.Inventory.GPUs, PricePerComputeHourWei: price,
		GFLWei: "0", DPSClaimableWei: "0", PerformanceGrade: quote.grade.performance, ReliabilityGrade: quote.grade.reliability, EnergyGrade: quote.grade.energy}
	if s.Registration.Prices.HasGradePrices() {
		p.PriceBasis = quote.basis.String()
	}
	for _, part := range s.Registration.Inventory.Partitions {
		for _, sh := range part.Shapes {
			p.Nodes += sh.Nodes
		}
	}
	return p
}

// latestCumulativeRewards are each provider's cumulative rewards in the newest settled
// epoch (none before the first; a malformed record shows none).
func (d *dashboardSource) latestCumulativeRewards(ctx context.Context) (map[common.Address]*big.Int, error) {
	cumulative := map[common.Address]*big.Int{}
	e, ok, err := d.store.LatestSettled(ctx)
	if err != nil || !ok {
		return cumulative, err
	}
	var cum map[string]string
	if json.Unmarshal([]byte(e.Rewards), &cum) == nil {
		for a, v := range cum {
			if n, ok := new(big.Int).SetString(v, 10); ok {
				cumulative[common.HexToAddress(a)] = n
			}
		}
	}
	return cumulative, nil
}

// epochs are the settled epochs among the latest hundred.
func (d *dashboardSource) epochs(ctx context.Context) ([]dashboard.Epoch, error) {
	epochs, err := d.store.Epochs(ctx, 100)
	if err != nil {
		return nil, err
	}
	var out []dashboard.Epoch
	for _, e := range epochs {
		if e.Status != store.EpochSettled {
			continue
		}
		sum, err := summarise(e)
		if err != nil {
			return nil, err
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
		out = append(out, de)
	}
	return out, nil
}

// jobs are the latest fifty jobs with their usage and cost.
func (d *dashboardSource) jobs(ctx context.Context) ([]dashboard.Job, error) {
	jobs, err := d.store.Jobs(ctx, store.JobFilter{Limit: 50})
	if err != nil {
		return nil, err
	}
	var out []dashboard.Job
	for _, j := range jobs {
		dj := dashboard.Job{ID: j.ID, Site: j.Site, Researcher: j.Researcher, State: string(j.State), CreatedAt: j.CreatedAt, CostWei: j.CostWei, MaxCostWei: j.MaxCostWei}
		if r := j.Replica; r != nil {
			dj.Replica = replicaLabel(*r)
			dj.Dissent = r.Vote == gatewayapi.VoteDissent || r.Vote == gatewayapi.VoteWithheld
		}
		if u := j.Usage; u != nil {
			dj.ElapsedSeconds, dj.CPUSeconds, dj.GPUSeconds, dj.ComputeHoursMilli = u.ElapsedSeconds, u.CPUSeconds, u.GPUSeconds, u.ComputeHoursMilli
		}
		out = append(out, dj)
	}
	return out, nil
}
