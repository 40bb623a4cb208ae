package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/contracts/rewardtree"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/tokenomics"
)

// ErrEpochNotOver is returned when the next epoch to settle has not ended by the chain's
// clock.
var ErrEpochNotOver = errors.New("the epoch has not ended yet")

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
}

type medianRecord struct {
	Provider common.Address `json:"provider"`
	GFL      string         `json:"medianGflWei"`
}

// economyState reads the economy from the chain (the contracts are the truth) and completes
// it with what only the gateway keeps: each provider's cumulative rewards.
func (g *Gateway) economyState(ctx context.Context) (*tokenomics.State, error) {
	oc, err := g.deploy.State(ctx)
	if err != nil {
		return nil, err
	}
	st := &tokenomics.State{NextEpoch: oc.NextEpoch, Era: oc.Era, EraStart: int64(oc.EraStart), EraCumulativeGFL: oc.EraCumulativeGFL,
		CumulativeGFL: oc.CumulativeGFL, CumulativeGFLGross: oc.CumulativeGFLGross, Supply: oc.Supply, PoolDPS: oc.Pool, EmittedDPS: oc.Emitted,
		Balances: map[common.Address]*big.Int{}, Rewards: map[common.Address]*big.Int{}}
	sites, err := g.store.Sites(ctx)
	if err != nil {
		return nil, err
	}
	sum := new(big.Int)
	for _, s := range sites {
		a := common.HexToAddress(s.Address)
		bal, err := g.deploy.GFLBalance(ctx, a)
		if err != nil {
			return nil, err
		}
		if bal.Sign() > 0 {
			st.Balances[a] = bal
			sum.Add(sum, bal)
		}
	}
	holders, err := g.deploy.GFLHolders(ctx)
	if err != nil {
		return nil, err
	}
	if int(holders) != len(st.Balances) || sum.Cmp(oc.Supply) != 0 {
		return nil, fmt.Errorf("GFL on chain (%d holders, supply %s) is not all held by the registered sites (%d holders, %s): the chain holds GFL this gateway did not mint",
			holders, oc.Supply, len(st.Balances), sum)
	}
	if e, ok, err := g.store.LatestSettled(ctx); err != nil {
		return nil, err
	} else if oc.NextEpoch > 0 && (!ok || e.Epoch != oc.NextEpoch-1) {
		// Cumulative rewards come from the previous epoch's record: without it, every later
		// root would drop rewards already committed.
		return nil, fmt.Errorf("the chain's last settled epoch is %d but the state's is not: refusing to compute rewards without it", oc.NextEpoch-1)
	} else if ok {
		var cum map[string]string
		if err := json.Unmarshal([]byte(e.Rewards), &cum); err != nil {
			return nil, fmt.Errorf("epoch %d rewards: %w", e.Epoch, err)
		}
		for a, v := range cum {
			n, ok := new(big.Int).SetString(v, 10)
			if !ok {
				return nil, fmt.Errorf("epoch %d rewards of %s: %q", e.Epoch, a, v)
			}
			st.Rewards[common.HexToAddress(a)] = n
		}
	}
	return st, nil
}

// CloseEpoch settles the next epoch on chain: GFL rebalanced to the accepted medians, DPS
// rewards committed as a cumulative Merkle root, the halving era advanced by the contract.
// want, when set, must be that epoch (an epoch already settled answers with its summary).
// A settlement a crash interrupted is resumed with the figures computed before it started.
func (g *Gateway) CloseEpoch(ctx context.Context, want *uint64) (gatewayapi.EpochSummary, error) {
	g.epochMu.Lock()
	defer g.epochMu.Unlock()
	oc, err := g.deploy.State(ctx)
	if err != nil {
		return gatewayapi.EpochSummary{}, err
	}
	next := oc.NextEpoch
	if err := g.reconcileEpochs(ctx, next); err != nil {
		return gatewayapi.EpochSummary{}, err
	}
	if want != nil && *want < next {
		return g.EpochSummary(ctx, *want)
	}
	if want != nil && *want > next {
		return gatewayapi.EpochSummary{}, fmt.Errorf("epoch %d cannot be settled before epoch %d", *want, next)
	}
	log := g.log.WithField("epoch", next)
	rec, err := g.store.Epoch(ctx, next)
	switch {
	case err == nil && rec.Status == store.EpochComputed:
		log.Info("resuming an interrupted epoch settlement")
	case err == nil:
		return gatewayapi.EpochSummary{}, fmt.Errorf("epoch %d is recorded as settled but the chain's next epoch is %d: the state does not belong to this chain", next, next)
	case errors.Is(err, store.ErrNotFound):
		rec, err = g.computeEpoch(ctx, next)
		if errors.Is(err, store.ErrReportsChanged) {
			rec, err = g.computeEpoch(ctx, next) // a report arrived meanwhile: count it
		}
		if err != nil {
			return gatewayapi.EpochSummary{}, err
		}
	default:
		return gatewayapi.EpochSummary{}, err
	}
	var s settlementRecord
	if err := json.Unmarshal([]byte(rec.Settlement), &s); err != nil {
		return gatewayapi.EpochSummary{}, fmt.Errorf("epoch %d settlement record: %w", next, err)
	}
	es := contracts.EpochSettlement{Epoch: s.Epoch, InputsRoot: s.InputsRoot, RewardsRoot: s.RewardsRoot}
	var ok1, ok2 bool
	es.Replenishment, ok1 = new(big.Int).SetString(s.Replenishment, 10)
	es.RewardsTotal, ok2 = new(big.Int).SetString(s.RewardsTotal, 10)
	if !ok1 || !ok2 {
		return gatewayapi.EpochSummary{}, fmt.Errorf("epoch %d settlement record has malformed amounts", next)
	}
	for _, m := range s.Rebalance {
		v, ok := new(big.Int).SetString(m.GFL, 10)
		if !ok {
			return gatewayapi.EpochSummary{}, fmt.Errorf("epoch %d settlement record: malformed median of %s", next, m.Provider.Hex())
		}
		es.Medians = append(es.Medians, contracts.Median{Provider: m.Provider, GFL: v})
	}
	settled, err := g.deploy.SettleEpoch(ctx, g.key, es, g.cfg.Epochs.Batch)
	if err != nil {
		return gatewayapi.EpochSummary{}, err
	}
	if computed, err := decodeResult(rec); err == nil && (computed.EraAfter != settled.EraAfter || computed.HalvingReason != settled.HalvingReason) {
		// The computation does not depend on when the close happens, so this is a bug to
		// report, not a state to hide: the summary shows what the chain recorded.
		log.WithField("computedEra", computed.EraAfter).WithField("chainEra", settled.EraAfter).Error("the chain closed the epoch into another era than computed")
	}
	gas, _ := json.Marshal(settled)
	if err := g.store.MarkEpochSettled(ctx, next, settled.ClosedAt, string(gas)); err != nil {
		return gatewayapi.EpochSummary{}, err
	}
	sum, err := g.EpochSummary(ctx, next)
	if err == nil {
		log.WithField("providers", len(es.Medians)).WithField("rewards", tokenomics.FormatAmount(es.RewardsTotal)).WithField("era", sum.EraAfter).Info("epoch settled on chain")
	}
	return sum, err
}

// reconcileEpochs records as settled an epoch the chain closed but the state still has as
// computed: the gateway stopped between the close transaction and its record. The chain's
// rewards root must be the one recorded, or the state is not this chain's.
func (g *Gateway) reconcileEpochs(ctx context.Context, next uint64) error {
	if next == 0 {
		return nil
	}
	e, err := g.store.Epoch(ctx, next-1)
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("the chain has settled epoch %d, which this state never computed: the state does not belong to this chain", next-1)
	}
	if err != nil || e.Status == store.EpochSettled {
		return err
	}
	var s settlementRecord
	if err := json.Unmarshal([]byte(e.Settlement), &s); err != nil {
		return fmt.Errorf("epoch %d settlement record: %w", e.Epoch, err)
	}
	root, err := g.deploy.RewardsRoot(ctx)
	if err != nil {
		return err
	}
	if root != s.RewardsRoot {
		return fmt.Errorf("epoch %d is closed on chain with rewards root %s, but the state computed %s: the state does not belong to this chain", e.Epoch, root.Hex(), s.RewardsRoot.Hex())
	}
	now, err := g.chain.Now(ctx)
	if err != nil {
		return err
	}
	g.log.WithField("epoch", e.Epoch).Warn("the chain closed this epoch but the gateway stopped before recording it: recorded now")
	// The close's events are not at hand: the chain's era now is the one after this, the
	// latest close, and the computation's reward era does not depend on when it ran.
	oc, err := g.deploy.State(ctx)
	if err != nil {
		return err
	}
	computed, err := decodeResult(e)
	if err != nil {
		return err
	}
	// Without the events, why the era advanced is the computation's reason (the two agree:
	// nothing depends on when the close happened).
	rec := contracts.Settled{ClosedAt: now, RewardEra: computed.RewardEra, EraAfter: oc.Era, Recovered: true}
	if oc.Era > s.EraBefore {
		rec.HalvingReason = computed.HalvingReason
	}
	data, _ := json.Marshal(rec)
	return g.store.MarkEpochSettled(ctx, e.Epoch, now, string(data))
}

func decodeResult(e store.Epoch) (tokenomics.EpochResult, error) {
	var r tokenomics.EpochResult
	if err := json.Unmarshal([]byte(e.Result), &r); err != nil {
		return r, fmt.Errorf("epoch %d result: %w", e.Epoch, err)
	}
	return r, nil
}

// computeEpoch computes an epoch's settlement from the accepted reports and the chain's
// economy, and records it.
func (g *Gateway) computeEpoch(ctx context.Context, epoch uint64) (store.Epoch, error) {
	_, end, err := g.calendar.Period(epoch)
	if err != nil {
		return store.Epoch{}, err
	}
	chainNow, err := g.chain.Now(ctx)
	if err != nil {
		return store.Epoch{}, err
	}
	if chainNow.Before(end) {
		return store.Epoch{}, fmt.Errorf("%w: epoch %d ends %s (chain time %s)", ErrEpochNotOver, epoch, end.Format(time.RFC3339), chainNow.Format(time.RFC3339))
	}
	reports, err := g.store.Reports(ctx, int64(epoch), "")
	if err != nil {
		return store.Epoch{}, err
	}
	medians := map[common.Address]*big.Int{}
	mediansBySite := map[string]uint64{}
	var inputs []string
	for _, r := range reports {
		site, err := g.store.Site(ctx, r.Site)
		if err != nil {
			return store.Epoch{}, err
		}
		if site.Status != store.SiteApproved {
			continue // suspended since: its report does not count
		}
		medians[common.HexToAddress(site.Address)] = tokenomics.GFLFromMegaFLOPS(r.MedianMFLOPS)
		mediansBySite[r.Site] = r.MedianMFLOPS
		inputs = append(inputs, fmt.Sprintf("%s %d %s", strings.ToLower(site.Address), r.Epoch, r.Digest))
	}
	sort.Strings(inputs)
	inputsRoot := crypto.Keccak256Hash([]byte(strings.Join(inputs, "\n")))
	before, err := g.economyState(ctx)
	if err != nil {
		return store.Epoch{}, err
	}
	spent, err := g.deploy.PendingReplenishment(ctx)
	if err != nil {
		return store.Epoch{}, err
	}
	rebalance := contracts.MediansForClose(before, medians)
	params, err := g.epochParams(ctx, rebalance)
	if err != nil {
		return store.Epoch{}, err
	}
	after, result, err := tokenomics.CloseEpoch(params, before, tokenomics.EpochInput{Epoch: epoch, Medians: medians, DPSSpent: spent})
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
	if len(leaves) == 0 {
		// No rewards yet: a leaf worth nothing keeps the root non-zero, as the contract asks.
		leaves = append(leaves, rewardtree.Leaf{Account: g.address, Cumulative: new(big.Int)})
	}
	tree, err := rewardtree.New(leaves)
	if err != nil {
		return store.Epoch{}, err
	}
	s := settlementRecord{Epoch: epoch, InputsRoot: inputsRoot, Replenishment: spent.String(), RewardsRoot: tree.Root(), RewardsTotal: result.RewardsTotal.String(),
		Medians: mediansBySite, EraBefore: before.Era}
	for _, m := range rebalance {
		s.Rebalance = append(s.Rebalance, medianRecord{Provider: m.Provider, GFL: m.GFL.String()})
	}
	for a, bps := range params.EnvironmentalFactorBps {
		if s.EnvironmentalFactorsBps == nil {
			s.EnvironmentalFactorsBps = map[string]uint64{}
		}
		s.EnvironmentalFactorsBps[a.Hex()] = bps
	}
	settlementJSON, _ := json.Marshal(s)
	resultJSON, err := json.Marshal(result)
	if err != nil {
		return store.Epoch{}, err
	}
	rewardsJSON, _ := json.Marshal(cumulative)
	return g.store.SaveComputedEpoch(ctx, store.Epoch{Epoch: epoch, Settlement: string(settlementJSON), Result: string(resultJSON), Rewards: string(rewardsJSON)}, len(reports))
}

// EpochSummary describes a recorded epoch.
func (g *Gateway) EpochSummary(ctx context.Context, epoch uint64) (gatewayapi.EpochSummary, error) {
	e, err := g.store.Epoch(ctx, epoch)
	if err != nil {
		return gatewayapi.EpochSummary{}, err
	}
	return summarise(e)
}

func summarise(e store.Epoch) (gatewayapi.EpochSummary, error) {
	var s settlementRecord
	if err := json.Unmarshal([]byte(e.Settlement), &s); err != nil {
		return gatewayapi.EpochSummary{}, fmt.Errorf("epoch %d settlement record: %w", e.Epoch, err)
	}
	r, err := decodeResult(e)
	if err != nil {
		return gatewayapi.EpochSummary{}, err
	}
	out := gatewayapi.EpochSummary{Epoch: e.Epoch, Status: e.Status, ClosedAt: e.ClosedAt, Medians: s.Medians, RewardEra: r.RewardEra, EraAfter: r.EraAfter, Gas: e.Gas,
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

// epochParams are the tokenomics parameters of an epoch: the deployment's, with the
// environmental factors the chain holds for the providers the rebalance carries (after
// bringing them in line with the configuration, between epochs).
func (g *Gateway) epochParams(ctx context.Context, rebalance []contracts.Median) (tokenomics.Params, error) {
	p := g.params.TokenomicsParams()
	if !g.cfg.Economy.EnvironmentalFactors.Enabled {
		return p, nil
	}
	providers := make([]common.Address, 0, len(rebalance))
	for _, m := range rebalance {
		providers = append(providers, m.Provider)
	}
	if err := g.syncEnvironmentalFactors(ctx, providers); err != nil {
		return p, err
	}
	factors, err := g.deploy.EnvironmentalFactors(ctx, providers)
	if err != nil {
		return p, err
	}
	p.EnvironmentalFactorBps = factors
	return p, nil
}

// syncEnvironmentalFactors sets on chain the factor the configuration gives each provider's
// site (× 1 for a site it does not name), where the chain holds another. Only between
// epochs: the contract refuses while one is open, and computeEpoch runs before the open.
func (g *Gateway) syncEnvironmentalFactors(ctx context.Context, providers []common.Address) error {
	onChain, err := g.deploy.EnvironmentalFactors(ctx, providers)
	if err != nil {
		return err
	}
	for _, a := range providers {
		want := uint64(10_000)
		if site, err := g.store.SiteByAddress(ctx, a.Hex()); err == nil {
			if bps, ok := g.res.environmentalFactorsBps[site.Name]; ok {
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
		if err := g.deploy.SetEnvironmentalFactor(ctx, g.key, a, uint32(want)); err != nil {
			return err
		}
		g.log.WithField("provider", a.Hex()).WithField("factorBps", want).Info("environmental factor set on chain")
	}
	return nil
}

func (g *Gateway) closeEpochHandler(w http.ResponseWriter, r *http.Request, op common.Address, body []byte) {
	var req struct {
		Epoch *uint64 `json:"epoch,omitempty"`
	}
	if len(body) > 0 {
		if err := decodeStrict(body, &req, "an epoch close ({\"epoch\": N} or {})"); err != nil {
			writeError(w, http.StatusBadRequest, err.Error())
			return
		}
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), 10*time.Minute)
	defer cancel()
	sum, err := g.CloseEpoch(ctx, req.Epoch)
	if errors.Is(err, ErrEpochNotOver) {
		writeError(w, http.StatusConflict, err.Error())
		return
	}
	if err != nil {
		writeError(w, http.StatusBadGateway, "settling the epoch: "+err.Error())
		return
	}
	g.log.WithField("epoch", sum.Epoch).WithField("operator", op.Hex()).Info("epoch closed by an operator")
	writeJSON(w, http.StatusOK, sum)
}

func (g *Gateway) listEpochs(w http.ResponseWriter, r *http.Request) {
	n, err := queryInt(r, "limit", 50, 1, 1000)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	list, err := g.store.Epochs(r.Context(), n)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	out := []gatewayapi.EpochSummary{}
	for _, e := range list {
		s, err := summarise(e)
		if err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
		out = append(out, s)
	}
	writeJSON(w, http.StatusOK, map[string]any{"epochs": out})
}

func (g *Gateway) rewardProof(w http.ResponseWriter, r *http.Request) {
	a := r.PathValue("address")
	if !isHexAddress(a) {
		writeError(w, http.StatusBadRequest, "an address (0x and 40 hex digits)")
		return
	}
	p, err := g.RewardProof(r.Context(), common.HexToAddress(a))
	if errors.Is(err, store.ErrNotFound) {
		writeError(w, http.StatusNotFound, err.Error())
		return
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, p)
}

// RewardProof builds an account's claim from the newest settled epoch.
func (g *Gateway) RewardProof(ctx context.Context, account common.Address) (gatewayapi.RewardProof, error) {
	e, ok, err := g.store.LatestSettled(ctx)
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
	if len(leaves) == 0 {
		leaves = append(leaves, rewardtree.Leaf{Account: g.address, Cumulative: new(big.Int)})
	}
	tree, err := rewardtree.New(leaves)
	if err != nil {
		return gatewayapi.RewardProof{}, err
	}
	onChain, err := g.deploy.RewardsRoot(ctx)
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
	claimed, err := g.deploy.Claimed(ctx, account)
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

// epochCloser settles each epoch once it ended (by the chain's clock) and the grace for late
// reports passed.
func (g *Gateway) epochCloser(ctx context.Context) {
	if !*g.cfg.Epochs.AutoClose {
		return
	}
	interval := min(10*time.Second, max(time.Second, g.cfg.Epochs.Period/10))
	every(ctx, interval, nil, func(ctx context.Context) {
		for ctx.Err() == nil {
			oc, err := g.deploy.State(ctx)
			if err != nil {
				g.log.WithError(err).Warn("epoch closer: reading the chain")
				return
			}
			_, end, err := g.calendar.Period(oc.NextEpoch)
			if err != nil {
				return
			}
			now, err := g.chain.Now(ctx)
			if err != nil || now.Before(end.Add(g.cfg.Epochs.Grace)) {
				return
			}
			if _, err := g.CloseEpoch(ctx, &oc.NextEpoch); err != nil {
				if ctx.Err() == nil {
					g.log.WithField("epoch", oc.NextEpoch).WithError(err).Warn("epoch closer: settling (will retry)")
				}
				return
			}
		}
	})
}
