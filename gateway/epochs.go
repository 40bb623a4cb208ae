package gateway

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/contracts/rewardtree"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/tokenomics"
)

// settlementRecord is what the gateway computed for an epoch, kept before the first
// transaction so that a crash mid-settlement resumes with exactly the same figures.
type settlementRecord struct {
	Epoch         uint64      `json:"epoch"`
	InputsRoot    common.Hash `json:"inputsRoot"`
	Replenishment string      `json:"replenishmentWei"`
	// Rebalance is what the rebalance carries: every holder and reporter with its median in
	// GFL wei (0 without an accepted report); the contract applies the factors.
	Rebalance    []medianRecord    `json:"rebalance"`
	RewardsRoot  common.Hash       `json:"rewardsRoot"`
	RewardsTotal string            `json:"rewardsTotalWei"`
	Medians      map[string]uint64 `json:"mediansMegaFlops"`
	EraBefore    uint64            `json:"eraBefore"`
	// EnvironmentalFactorsBps are the factors on chain when the epoch was computed.
	EnvironmentalFactorsBps map[string]uint64 `json:"environmentalFactorsBps,omitempty"`
	// Verification is, for each site with a report, what its challenges left verified.
	Verification map[string]gatewayapi.Verification `json:"verification,omitempty"`
}

type medianRecord struct {
	Provider common.Address `json:"provider"`
	GFL      string         `json:"medianGflWei"`
}

// setRebalance records what the rebalance carries, and the environmental factors on chain
// when the epoch was computed.
func (s *settlementRecord) setRebalance(rebalance []contracts.Median, factorsBps map[common.Address]uint64) {
	for _, m := range rebalance {
		s.Rebalance = append(s.Rebalance, medianRecord{Provider: m.Provider, GFL: m.GFL.String()})
	}
	for a, bps := range factorsBps {
		if s.EnvironmentalFactorsBps == nil {
			s.EnvironmentalFactorsBps = map[string]uint64{}
		}
		s.EnvironmentalFactorsBps[a.Hex()] = bps
	}
}

func decodeResult(e store.Epoch) (tokenomics.EpochResult, error) {
	var r tokenomics.EpochResult
	if err := json.Unmarshal([]byte(e.Result), &r); err != nil {
		return r, fmt.Errorf("epoch %d result: %w", e.Epoch, err)
	}
	return r, nil
}

// summarise is a recorded epoch as the API shows it.
func summarise(e store.Epoch) (gatewayapi.EpochSummary, error) {
	var s settlementRecord
	if err := json.Unmarshal([]byte(e.Settlement), &s); err != nil {
		return gatewayapi.EpochSummary{}, fmt.Errorf("epoch %d settlement record: %w", e.Epoch, err)
	}
	r, err := decodeResult(e)
	if err != nil {
		return gatewayapi.EpochSummary{}, err
	}
	out := gatewayapi.EpochSummary{Epoch: e.Epoch, Status: e.Status, ClosedAt: e.ClosedAt, Medians: s.Medians, Verification: s.Verification, RewardEra: r.RewardEra, EraAfter: r.EraAfter, Gas: e.Gas,
		Rewards: map[string]string{}}
	str := func(v *big.Int) string {
		if v == nil {
			return "0"
		}
		return v.String()
	}
	out.MintedWei, out.BurnedWei, out.SupplyAfterWei, out.ReplenishedWei, out.RewardsTotalWei = str(r.Minted), str(r.Burned), str(r.SupplyAfter), str(r.Replenished), str(r.RewardsTotal)
	for _, rw := range r.Rewards {
		out.Rewards[rw.Provider.Hex()] = str(rw.Amount)
	}
	out.Halving, out.HalvingReason = r.HalvingReason != "", r.HalvingReason
	if e.Status == store.EpochSettled {
		// Settled: the era is what the chain recorded, not what was computed before.
		var chain contracts.Settled
		if err := json.Unmarshal([]byte(e.Gas), &chain); err != nil {
			return gatewayapi.EpochSummary{}, fmt.Errorf("epoch %d: the chain's record: %w", e.Epoch, err)
		}
		out.RewardEra, out.EraAfter = chain.RewardEra, chain.EraAfter
		out.Halving, out.HalvingReason = chain.EraAfter > s.EraBefore, chain.HalvingReason
		if chain.Rewards != nil {
			out.RewardsTotalWei = chain.Rewards.String()
		}
	}
	return out, nil
}

// CloseEpoch settles the next epoch on chain: GFL rebalanced to the accepted medians, DPS
// rewards committed as a cumulative Merkle root, the halving era advanced by the contract.
// want, when set, must be that epoch (an epoch already settled answers with its summary).
// A settlement a crash interrupted is resumed with the figures computed before it started.
func (g *Gateway) CloseEpoch(ctx context.Context, want *uint64) (gatewayapi.EpochSummary, error) {
	return g.closer.Close(ctx, want)
}

// gatewayapi.EpochSummary describes a recorded epoch.
func (g *Gateway) EpochSummary(ctx context.Context, epoch uint64) (gatewayapi.EpochSummary, error) {
	return g.closer.Summary(ctx, epoch)
}

// gatewayapi.RewardProof builds an account's claim from the newest settled epoch.
func (g *Gateway) RewardProof(ctx context.Context, account common.Address) (gatewayapi.RewardProof, error) {
	return g.closer.RewardProof(ctx, account)
}

// gatewayapi.RewardProof builds an account's claim from the newest settled epoch.
func (c *epochCloser) RewardProof(ctx context.Context, account common.Address) (gatewayapi.RewardProof, error) {
	e, ok, err := c.store.LatestSettled(ctx)
	if err != nil {
		return gatewayapi.RewardProof{}, err
	}
	if !ok {
		return gatewayapi.RewardProof{}, fmt.Errorf("no epoch is settled yet: %w", store.ErrNotFound)
	}
	var cum map[string]string
	if err := json.Unmarshal([]byte(e.Rewards), &cum); err != nil {
		return gatewayapi.RewardProof{}, fmt.Errorf("epoch %d rewards: %w", e.Epoch, err)
	}
	var leaves []rewardtree.Leaf
	for a, v := range cum {
		n, _ := new(big.Int).SetString(v, 10)
		leaves = append(leaves, rewardtree.Leaf{Account: common.HexToAddress(a), Cumulative: n})
	}
	tree, err := rewardTree(leaves, c.treasury)
	if err != nil {
		return gatewayapi.RewardProof{}, err
	}
	onChain, err := c.deploy.RewardsRoot(ctx)
	c.metrics.observeChain(chainRead, err)
	if err != nil {
		return gatewayapi.RewardProof{}, err
	}
	if onChain != tree.Root() {
		return gatewayapi.RewardProof{}, fmt.Errorf("the chain's rewards root %s is not epoch %d's %s: an epoch is being settled, try again shortly", onChain.Hex(), e.Epoch, tree.Root().Hex())
	}
	proof, cumulative, err := tree.Proof(account)
	if err != nil {
		return gatewayapi.RewardProof{}, fmt.Errorf("%s has no rewards: %w", account.Hex(), store.ErrNotFound)
	}
	claimed, err := c.deploy.Claimed(ctx, account)
	c.metrics.observeChain(chainRead, err)
	if err != nil {
		return gatewayapi.RewardProof{}, err
	}
	out := gatewayapi.RewardProof{Account: account.Hex(), Epoch: e.Epoch, Root: tree.Root(), CumulativeWei: cumulative.String(), ClaimedWei: claimed.String(),
		ClaimableWei: new(big.Int).Sub(cumulative, claimed).String()}
	for _, p := range proof {
		out.Proof = append(out.Proof, hexutil.Bytes(p[:]))
	}
	return out, nil
}
