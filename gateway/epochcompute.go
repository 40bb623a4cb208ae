package gateway

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"sort"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/contracts/rewardtree"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/pocp"
	"github.com/petagrid/petagrid/tokenomics"
)

// epochInputs are the accepted reports an epoch's settlement counts.
type epochInputs struct {
	// medians are the approved providers' medians in GFL wei; mediansBySite the same in
	// MFLOPS by site name.
	medians       map[common.Address]*big.Int
	mediansBySite map[string]uint64
	// verification is what the challenges left verified of each report.
	verification map[string]gatewayapi.Verification
	// root commits to every report counted; reports is how many were accepted in all (the
	// store refuses the computation if another arrives meanwhile).
	root    common.Hash
	reports int
}

// compute computes an epoch's settlement from the accepted reports and the chain's economy,
// and records it.
func (c *epochCloser) compute(ctx context.Context, epoch uint64) (store.Epoch, error) {
	if err := c.checkEnded(ctx, epoch); err != nil {
		return store.Epoch{}, err
	}
	// The verified medians need every challenge of the epoch decided: one still open could
	// otherwise be ignored by its site, whose time would stay verified.
	_, end, err := c.calendar.Period(epoch)
	if err != nil {
		return store.Epoch{}, err
	}
	if n, latest, err := c.store.UndecidedIssuedBefore(ctx, end); err != nil {
		return store.Epoch{}, err
	} else if n > 0 {
		return store.Epoch{}, fmt.Errorf("%w: %d compute challenges issued up to its end are undecided (their last deadline is %s; an answer being checked is given up %s after it)", ErrEpochNotOver, n, latest.Format(time.RFC3339), stuckAfter)
	}
	in, err := c.inputs(ctx, epoch)
	if err != nil {
		return store.Epoch{}, err
	}
	before, err := c.economyState(ctx)
	if err != nil {
		return store.Epoch{}, err
	}
	spent, err := c.deploy.PendingReplenishment(ctx)
	c.metrics.observeChain(chainRead, err)
	if err != nil {
		return store.Epoch{}, err
	}
	rebalance := contracts.MediansForClose(before, in.medians)
	params, err := c.epochParams(ctx, rebalance)
	if err != nil {
		return store.Epoch{}, err
	}
	after, result, err := tokenomics.CloseEpoch(params, before, tokenomics.EpochInput{Epoch: epoch, Medians: in.medians, DPSSpent: spent})
	if err != nil {
		return store.Epoch{}, fmt.Errorf("epoch %d: %w", epoch, err)
	}
	// Each root replaces the last: it carries every provider's cumulative rewards so far.
	var leaves []rewardtree.Leaf
	cumulative := map[string]string{}
	for a, v := range after.Rewards {
		leaves = append(leaves, rewardtree.Leaf{Account: a, Cumulative: v})
		cumulative[a.Hex()] = v.String()
	}
	tree, err := rewardTree(leaves, c.treasury)
	if err != nil {
		return store.Epoch{}, err
	}
	s := settlementRecord{Epoch: epoch, InputsRoot: in.root, Replenishment: spent.String(), RewardsRoot: tree.Root(), RewardsTotal: result.RewardsTotal.String(),
		Medians: in.mediansBySite, EraBefore: before.Era, Verification: in.verification}
	s.setRebalance(rebalance, params.EnvironmentalFactorBps)
	settlementJSON, _ := json.Marshal(s)
	resultJSON, err := json.Marshal(result)
	if err != nil {
		return store.Epoch{}, err
	}
	rewardsJSON, _ := json.Marshal(cumulative)
	return c.store.SaveComputedEpoch(ctx, store.Epoch{Epoch: epoch, Settlement: string(settlementJSON), Result: string(resultJSON), Rewards: string(rewardsJSON)}, in.reports)
}

// checkEnded is ErrEpochNotOver until the epoch has ended by the chain's clock.
func (c *epochCloser) checkEnded(ctx context.Context, epoch uint64) error {
	_, end, err := c.calendar.Period(epoch)
	if err != nil {
		return err
	}
	chainNow, err := c.chain.Now(ctx)
	c.metrics.observeChain(chainRead, err)
	if err != nil {
		return err
	}
	if chainNow.Before(end) {
		return fmt.Errorf("%w: epoch %d ends %s (chain time %s)", ErrEpochNotOver, epoch, end.Format(time.RFC3339), chainNow.Format(time.RFC3339))
	}
	return nil
}

// inputs gathers the epoch's accepted reports of sites still approved (a site suspended
// since does not count).
func (c *epochCloser) inputs(ctx context.Context, epoch uint64) (epochInputs, error) {
	reports, err := c.store.Reports(ctx, int64(epoch), "")
	if err != nil {
		return epochInputs{}, err
	}
	in := epochInputs{medians: map[common.Address]*big.Int{}, mediansBySite: map[string]uint64{}, verification: map[string]gatewayapi.Verification{}, reports: len(reports)}
	var lines []string
	for _, r := range reports {
		site, err := c.store.Site(ctx, r.Site)
		if err != nil {
			return epochInputs{}, err
		}
		if site.Status != store.SiteApproved {
			continue // suspended since: its report does not count
		}
		v, err := c.verify(ctx, site, r, epoch)
		if err != nil {
			return epochInputs{}, err
		}
		in.verification[r.Site] = v
		in.medians[common.HexToAddress(site.Address)] = tokenomics.GFLFromMegaFLOPS(v.VerifiedMegaFLOPS)
		in.mediansBySite[r.Site] = v.VerifiedMegaFLOPS
		lines = append(lines, fmt.Sprintf("%s %d %s", strings.ToLower(site.Address), r.Epoch, r.Digest))
	}
	sort.Strings(lines)
	in.root = crypto.Keccak256Hash([]byte(strings.Join(lines, "\n")))
	return in, nil
}

// verify is the report's median with what challenges did not verify taken out: the time
// they left unverified (verifyTime), then the share of the site's capacity that is its
// GPUs' where no challenge timed them (verifyGPUs).
func (c *epochCloser) verify(ctx context.Context, site gatewayapi.Site, r store.Report, epoch uint64) (gatewayapi.Verification, error) {
	start, end, err := c.calendar.Period(epoch)
	if err != nil {
		return gatewayapi.Verification{}, err
	}
	v, err := c.verifyTime(ctx, r, epoch, start, end)
	if err != nil {
		return v, err
	}
	return c.verifyGPUs(ctx, site, v, start, end)
}

// verifyGPUs scales the verified median by the share of the site's registered capacity that
// challenges could time: the GPUs of a shape not credited with a passed challenge sized for
// them are left out (challenger.gpuCredit). Only a grid that issues challenges
// does so; without them nothing is timed, and the reports count as reported.
func (c *epochCloser) verifyGPUs(ctx context.Context, site gatewayapi.Site, v gatewayapi.Verification, start, end time.Time) (gatewayapi.Verification, error) {
	if c.gpuCredit == nil {
		return v, nil
	}
	// untimed is at most capacity, both MFLOPS of the registered capacity.
	untimed, capacity, err := c.gpuCredit(ctx, site, start, end)
	if err != nil {
		return v, err
	}
	if untimed.Sign() <= 0 || capacity.Sign() <= 0 {
		return v, nil
	}
	if untimed.Cmp(capacity) > 0 {
		untimed = capacity
	}
	timed := new(big.Int).Sub(capacity, untimed)
	scaled := new(big.Int).Mul(new(big.Int).SetUint64(v.VerifiedMegaFLOPS), timed)
	v.VerifiedMegaFLOPS = scaled.Quo(scaled, capacity).Uint64()
	v.UntimedGPUMegaFLOPS = untimed.Uint64()
	why := fmt.Sprintf("GPUs worth %d of the %d MFLOPS registered were not timed by a challenge that passed (the site's challenge jobs do not run the GPU kernel, or no challenge reached them since the last epoch, or the last failed): the median scaled by the timed share",
		v.UntimedGPUMegaFLOPS, capacity)
	if v.Reason != "" {
		why = v.Reason + "; " + why
	}
	v.Reason = why
	return v, nil
}

// verifyTime is the report's median with the time the site's challenges left unverified
// counted at zero power: computed again from the report's slot series with those slots at
// zero. It is never above the reported median, wherever the site put its slots. The
// verified coverage (the share of the period observed and verified) is recorded; a report
// without a series (an older site) counts for nothing when any time is unverified, since
// which slots to count at zero cannot be told.
func (c *epochCloser) verifyTime(ctx context.Context, r store.Report, epoch uint64, start, end time.Time) (gatewayapi.Verification, error) {
	v := gatewayapi.Verification{ReportedMegaFLOPS: r.MedianMFLOPS, VerifiedMegaFLOPS: r.MedianMFLOPS, VerifiedCoveragePPM: uint64(r.CoveragePPM)}
	spans, tally, err := unverifiedSpans(ctx, c.store, r.Site, start, end)
	if err != nil {
		return v, err
	}
	v.Challenges = tally
	for _, s := range spans {
		v.UnverifiedSeconds += int64(s.End.Sub(s.Start) / time.Second)
	}
	if len(spans) == 0 {
		return v, nil
	}
	if r.Series == "" {
		v.VerifiedMegaFLOPS, v.VerifiedCoveragePPM = 0, 0
		v.Reason = "time is unverified and the report came without its slot series"
		return v, nil
	}
	runs, err := pocp.DecodeRuns([]byte(r.Series))
	if err != nil {
		return v, fmt.Errorf("the stored slot series of %s's report for epoch %d: %w", r.Site, epoch, err)
	}
	rep, err := pocp.Decode([]byte(r.JSON))
	if err != nil {
		return v, fmt.Errorf("the stored report of %s for epoch %d: %w", r.Site, epoch, err)
	}
	atZero, err := pocp.SummariseRunsAtZero(start, end, int64(rep.SlotSeconds), runs, spans)
	if err != nil {
		return v, fmt.Errorf("the stored slot series of %s's report for epoch %d: %w", r.Site, epoch, err)
	}
	verified, err := pocp.SummariseRuns(start, end, int64(rep.SlotSeconds), runs, spans)
	if err != nil {
		return v, fmt.Errorf("the stored slot series of %s's report for epoch %d: %w", r.Site, epoch, err)
	}
	// The median at zero power alone would not move while at least half the time is
	// verified; the verified share of the period scales it too, so that every unverified
	// hour costs its share, whatever the series says (slots absent from it included).
	period := int64(end.Sub(start) / time.Second)
	scaled := mulDivUint64(r.MedianMFLOPS, uint64(max(period-v.UnverifiedSeconds, 0)), uint64(period))
	v.VerifiedMegaFLOPS, v.VerifiedCoveragePPM = min(atZero.MedianMegaFLOPS, scaled, r.MedianMFLOPS), verified.CoveragePPM
	v.Reason = fmt.Sprintf("%d s unverified by %d failed, %d missed and %d skipped challenges: counted at zero power, the median scaled by the verified share", v.UnverifiedSeconds, tally.Failed, tally.Missed, tally.Skipped)
	return v, nil
}

// rewardTree is the Merkle tree of cumulative rewards. With no rewards yet, a leaf worth
// nothing for the treasury keeps the root non-zero, as the contract asks.
func rewardTree(leaves []rewardtree.Leaf, treasury common.Address) (*rewardtree.Tree, error) {
	if len(leaves) == 0 {
		leaves = append(leaves, rewardtree.Leaf{Account: treasury, Cumulative: new(big.Int)})
	}
	return rewardtree.New(leaves)
}

// economyState reads the economy from the chain (the contracts are the truth) and completes
// it with what only the gateway keeps: each provider's cumulative rewards.
func (c *epochCloser) economyState(ctx context.Context) (*tokenomics.State, error) {
	oc, err := c.deploy.State(ctx)
	c.metrics.observeChain(chainRead, err)
	if err != nil {
		return nil, err
	}
	st := &tokenomics.State{NextEpoch: oc.NextEpoch, Era: oc.Era, EraStart: int64(oc.EraStart), EraCumulativeGFL: oc.EraCumulativeGFL,
		CumulativeGFL: oc.CumulativeGFL, CumulativeGFLGross: oc.CumulativeGFLGross, Supply: oc.Supply, PoolDPS: oc.Pool, EmittedDPS: oc.Emitted}
	if st.Balances, err = c.gflBalances(ctx, oc.Supply); err != nil {
		return nil, err
	}
	if st.Rewards, err = c.cumulativeRewards(ctx, oc.NextEpoch); err != nil {
		return nil, err
	}
	return st, nil
}

// gflBalances are the registered sites' GFL on chain, which must be all of it: the chain
// holds no GFL this gateway did not mint.
func (c *epochCloser) gflBalances(ctx context.Context, supply *big.Int) (map[common.Address]*big.Int, error) {
	sites, err := c.store.Sites(ctx)
	if err != nil {
		return nil, err
	}
	balances := map[common.Address]*big.Int{}
	sum := new(big.Int)
	for _, s := range sites {
		a := common.HexToAddress(s.Address)
		bal, err := c.deploy.GFLBalance(ctx, a)
		c.metrics.observeChain(chainRead, err)
		if err != nil {
			return nil, err
		}
		if bal.Sign() > 0 {
			balances[a] = bal
			sum.Add(sum, bal)
		}
	}
	holders, err := c.deploy.GFLHolders(ctx)
	c.metrics.observeChain(chainRead, err)
	if err != nil {
		return nil, err
	}
	if int(holders) != len(balances) || sum.Cmp(supply) != 0 {
		return nil, fmt.Errorf("GFL on chain (%d holders, supply %s) is not all held by the registered sites (%d holders, %s): the chain holds GFL this gateway did not mint",
			holders, supply, len(balances), sum)
	}
	return balances, nil
}

// cumulativeRewards are each provider's rewards up to the last settled epoch, from its
// record: without it, every later root would drop rewards already committed.
func (c *epochCloser) cumulativeRewards(ctx context.Context, next uint64) (map[common.Address]*big.Int, error) {
	out := map[common.Address]*big.Int{}
	e, ok, err := c.store.LatestSettled(ctx)
	if err != nil {
		return nil, err
	}
	if next > 0 && (!ok || e.Epoch != next-1) {
		return nil, fmt.Errorf("the chain's last settled epoch is %d but the state's is not: refusing to compute rewards without it", next-1)
	}
	if !ok {
		return out, nil
	}
	var cum map[string]string
	if err := json.Unmarshal([]byte(e.Rewards), &cum); err != nil {
		return nil, fmt.Errorf("epoch %d rewards: %w", e.Epoch, err)
	}
	for a, v := range cum {
		n, ok := new(big.Int).SetString(v, 10)
		if !ok {
			return nil, fmt.Errorf("epoch %d rewards of %s: %q", e.Epoch, a, v)
		}
		out[common.HexToAddress(a)] = n
	}
	return out, nil
}

// epochParams are the tokenomics parameters of an epoch: the deployment's, with the
// environmental factors the chain holds for the providers the rebalance carries (after
// bringing them in line with the configuration, between epochs).
func (c *epochCloser) epochParams(ctx context.Context, rebalance []contracts.Median) (tokenomics.Params, error) {
	p := c.params.TokenomicsParams()
	if !c.params.EnvironmentalFactors {
		return p, nil
	}
	providers := make([]common.Address, 0, len(rebalance))
	for _, m := range rebalance {
		providers = append(providers, m.Provider)
	}
	if err := c.syncEnvironmentalFactors(ctx, providers); err != nil {
		return p, err
	}
	factors, err := c.deploy.EnvironmentalFactors(ctx, providers)
	c.metrics.observeChain(chainRead, err)
	if err != nil {
		return p, err
	}
	p.EnvironmentalFactorBps = factors
	return p, nil
}

// syncEnvironmentalFactors sets on chain the factor the configuration gives each provider's
// site (× 1 for a site it does not name), where the chain holds another. Only between
// epochs: the contract refuses while one is open, and compute runs before the open.
func (c *epochCloser) syncEnvironmentalFactors(ctx context.Context, providers []common.Address) error {
	onChain, err := c.deploy.EnvironmentalFactors(ctx, providers)
	c.metrics.observeChain(chainRead, err)
	if err != nil {
		return err
	}
	for _, a := range providers {
		want := uint64(10_000)
		if site, err := c.store.SiteByAddress(ctx, a.Hex()); err == nil {
			if bps, ok := c.factorsBps[site.Name]; ok {
				want = bps
			}
		}
		have, set := onChain[a]
		if !set {
			have = 10_000
		}
		if have == want {
			continue
		}
		err := c.deploy.SetEnvironmentalFactor(ctx, c.key, a, uint32(want))
		c.metrics.observeChain(chainSettleEpoch, err)
		if err != nil {
			return err
		}
		c.log.WithField("provider", a.Hex()).WithField("factorBps", want).Info("environmental factor set on chain")
	}
	return nil
}

// mulDivUint64 is a × b / c rounded down, without overflow (c > 0).
func mulDivUint64(a, b, c uint64) uint64 {
	return new(big.Int).Div(new(big.Int).Mul(new(big.Int).SetUint64(a), new(big.Int).SetUint64(b)), new(big.Int).SetUint64(c)).Uint64()
}
