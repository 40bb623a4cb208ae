package gateway

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/pocp"
	"github.com/petagrid/petagrid/tokenomics"
)

// ErrEpochNotOver is returned when the next epoch to settle has not ended by the chain's
// clock.
var ErrEpochNotOver = errors.New("the epoch has not ended yet")

// epochCloser settles epochs on chain: GFL rebalanced to the accepted reports' medians, DPS
// rewards committed as a cumulative Merkle root, the halving era advanced by the contract.
// Each settlement is computed and recorded before its first transaction, so that a crash
// resumes it with the same figures.
type epochCloser struct {
	store    *store.Store
	deploy   *contracts.Deployment
	chain    *contracts.Chain
	key      *ecdsa.PrivateKey
	calendar pocp.Calendar
	params   contracts.Params
	cfg      EpochsConfig
	// factorsBps are the environmental factors the configuration gives sites by name, in
	// basis points; nil when the contracts were deployed without them.
	factorsBps map[string]uint64
	// treasury is the gateway's address: the one leaf of a rewards tree before any rewards.
	treasury common.Address
	lock     *epochLock
	// gpuCredit is the part of a site's registered capacity that is GPUs no challenge timed,
	// and the capacity (challenger.gpuCredit); nil where the grid issues no challenges.
	gpuCredit func(ctx context.Context, site gatewayapi.Site, start, end time.Time) (untimed, capacity *big.Int, err error)
	log       logrus.FieldLogger
	metrics   *metrics
}

// Run settles each epoch once it ended (by the chain's clock) and the grace for late reports
// passed, until ctx ends; nothing when automatic closes are off.
func (c *epochCloser) Run(ctx context.Context) {
	if !*c.cfg.AutoClose {
		return
	}
	interval := min(10*time.Second, max(time.Second, c.cfg.Period/10))
	every(ctx, interval, nil, func(ctx context.Context) {
		for ctx.Err() == nil {
			if !c.closeDue(ctx) {
				return
			}
		}
	})
}

// closeDue settles the next epoch if it is due; true when it did (the one after may be due
// too).
func (c *epochCloser) closeDue(ctx context.Context) bool {
	oc, err := c.deploy.State(ctx)
	c.metrics.observeChain(chainRead, err)
	if err != nil {
		c.log.WithError(err).Warn("epoch closer: reading the chain")
		return false
	}
	_, end, err := c.calendar.Period(oc.NextEpoch)
	if err != nil {
		return false
	}
	now, err := c.chain.Now(ctx)
	c.metrics.observeChain(chainRead, err)
	if err != nil || now.Before(end.Add(c.cfg.Grace)) {
		return false
	}
	if _, err := c.Close(ctx, &oc.NextEpoch); err != nil {
		if ctx.Err() == nil {
			c.log.WithField("epoch", oc.NextEpoch).WithError(err).Warn("epoch closer: settling (will retry)")
		}
		return false
	}
	return true
}

// Close settles the next epoch on chain. want, when set, must be that epoch (an epoch
// already settled answers with its summary). A settlement a crash interrupted is resumed
// with the figures computed before it started.
func (c *epochCloser) Close(ctx context.Context, want *uint64) (gatewayapi.EpochSummary, error) {
	c.lock.lock()
	defer c.lock.unlock()
	began := time.Now()
	sum, outcome, err := c.close(ctx, want)
	c.metrics.epochClose(outcome, time.Since(began))
	return sum, err
}

// maxPoolWait bounds how long a close waits for the gateway's transactions left in the
// node's pool: one that never gets mined (priced too low) fails the close, with the error in
// the log and the metrics, rather than holding the epoch lock forever.
const maxPoolWait = 5 * time.Minute

// close is Close under the lock; outcome is its class in the metrics.
func (c *epochCloser) close(ctx context.Context, want *uint64) (sum gatewayapi.EpochSummary, outcome string, err error) {
	// A transaction that a gateway killed mid-settlement left in the node's pool is mined
	// before the chain is read: until then the chain shows less than was sent (an epoch still
	// open that a close in the pool ends), and the settlement would resume from there.
	poolCtx, cancel := context.WithTimeout(ctx, maxPoolWait)
	held, err := c.chain.AwaitPool(poolCtx, crypto.PubkeyToAddress(c.key.PublicKey))
	cancel()
	c.metrics.observeChain(chainRead, err)
	if err != nil {
		return gatewayapi.EpochSummary{}, closeFailed, err
	}
	if held > 0 {
		c.log.WithField("transactions", held).Warn("epoch close: waited for the gateway's transactions left in the node's pool (sent before a restart)")
	}
	oc, err := c.deploy.State(ctx)
	c.metrics.observeChain(chainRead, err)
	if err != nil {
		return gatewayapi.EpochSummary{}, closeFailed, err
	}
	next := oc.NextEpoch
	if err := c.Reconcile(ctx, next); err != nil {
		return gatewayapi.EpochSummary{}, closeFailed, err
	}
	if want != nil && *want < next {
		sum, err := c.Summary(ctx, *want)
		if err != nil {
			return sum, closeFailed, err
		}
		return sum, closeAlreadySettled, nil
	}
	if want != nil && *want > next {
		return gatewayapi.EpochSummary{}, closeFailed, fmt.Errorf("epoch %d cannot be settled before epoch %d", *want, next)
	}
	log := c.log.WithField("epoch", next)
	rec, err := c.settlementOf(ctx, next, log)
	if errors.Is(err, ErrEpochNotOver) {
		return gatewayapi.EpochSummary{}, closeNotOver, err
	}
	if err != nil {
		return gatewayapi.EpochSummary{}, closeFailed, err
	}
	if sum, err = c.settle(ctx, rec, log); err != nil {
		return sum, closeFailed, err
	}
	c.paySlashedStakes(ctx, log)
	return sum, closeSettled, nil
}

// paySlashedStakes moves the DPS slashed since the last close into the reward pool, under
// the epoch lock: between settlements, when the pool takes funds and before the next epoch
// is computed from it. A failure is logged; the next close pays it.
func (c *epochCloser) paySlashedStakes(ctx context.Context, log logrus.FieldLogger) {
	err := c.deploy.PaySlashedToPool(ctx, c.key)
	c.metrics.observeChain(chainStaking, err)
	if err != nil {
		log.WithError(err).Warn("paying slashed stakes into the reward pool (retried after the next close)")
	}
}

// settlementOf is the epoch's recorded settlement: the one a crash interrupted, or a new
// one computed now.
func (c *epochCloser) settlementOf(ctx context.Context, next uint64, log logrus.FieldLogger) (store.Epoch, error) {
	rec, err := c.store.Epoch(ctx, next)
	switch {
	case err == nil && rec.Status == store.EpochComputed:
		log.Info("resuming an interrupted epoch settlement")
		return rec, nil
	case err == nil:
		return store.Epoch{}, fmt.Errorf("epoch %d is recorded as settled but the chain's next epoch is %d: the state does not belong to this chain", next, next)
	case errors.Is(err, store.ErrNotFound):
		rec, err = c.compute(ctx, next)
		if errors.Is(err, store.ErrReportsChanged) {
			rec, err = c.compute(ctx, next) // a report arrived meanwhile: count it
		}
		return rec, err
	default:
		return store.Epoch{}, err
	}
}

// settle sends a recorded settlement to the chain (which resumes where a crash left it),
// and records the chain's close.
func (c *epochCloser) settle(ctx context.Context, rec store.Epoch, log logrus.FieldLogger) (gatewayapi.EpochSummary, error) {
	es, err := decodeSettlement(rec)
	if err != nil {
		return gatewayapi.EpochSummary{}, err
	}
	settled, err := c.deploy.SettleEpoch(ctx, c.key, es, c.cfg.Batch)
	c.metrics.observeChain(chainSettleEpoch, err)
	if err != nil {
		return gatewayapi.EpochSummary{}, err
	}
	if computed, err := decodeResult(rec); err == nil && (computed.EraAfter != settled.EraAfter || computed.HalvingReason != settled.HalvingReason) {
		// The computation does not depend on when the close happens, so this is a bug to
		// report, not a state to hide: the summary shows what the chain recorded.
		log.WithField("computedEra", computed.EraAfter).WithField("chainEra", settled.EraAfter).Error("the chain closed the epoch into another era than computed")
	}
	gas, _ := json.Marshal(settled)
	if err := c.store.MarkEpochSettled(ctx, rec.Epoch, settled.ClosedAt, string(gas)); err != nil {
		return gatewayapi.EpochSummary{}, err
	}
	sum, err := c.Summary(ctx, rec.Epoch)
	if err == nil {
		log.WithField("providers", len(es.Medians)).WithField("rewards", tokenomics.FormatAmount(es.RewardsTotal)).WithField("era", sum.EraAfter).Info("epoch settled on chain")
	}
	return sum, err
}

// decodeSettlement reads a recorded settlement into the transactions' terms.
func decodeSettlement(rec store.Epoch) (contracts.EpochSettlement, error) {
	var s settlementRecord
	if err := json.Unmarshal([]byte(rec.Settlement), &s); err != nil {
		return contracts.EpochSettlement{}, fmt.Errorf("epoch %d settlement record: %w", rec.Epoch, err)
	}
	es := contracts.EpochSettlement{Epoch: s.Epoch, InputsRoot: s.InputsRoot, RewardsRoot: s.RewardsRoot}
	var ok1, ok2 bool
	es.Replenishment, ok1 = new(big.Int).SetString(s.Replenishment, 10)
	es.RewardsTotal, ok2 = new(big.Int).SetString(s.RewardsTotal, 10)
	if !ok1 || !ok2 {
		return contracts.EpochSettlement{}, fmt.Errorf("epoch %d settlement record has malformed amounts", rec.Epoch)
	}
	for _, m := range s.Rebalance {
		v, ok := new(big.Int).SetString(m.GFL, 10)
		if !ok {
			return contracts.EpochSettlement{}, fmt.Errorf("epoch %d settlement record: malformed median of %s", rec.Epoch, m.Provider.Hex())
		}
		es.Medians = append(es.Medians, contracts.Median{Provider: m.Provider, GFL: v})
	}
	return es, nil
}

// Reconcile records as settled an epoch the chain closed but the state still has as
// computed: the gateway stopped between the close transaction and its record. The chain's
// rewards root must be the one recorded, or the state is not this chain's. next is the
// chain's next epoch.
func (c *epochCloser) Reconcile(ctx context.Context, next uint64) error {
	if next == 0 {
		return nil
	}
	e, err := c.store.Epoch(ctx, next-1)
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
	root, err := c.deploy.RewardsRoot(ctx)
	c.metrics.observeChain(chainRead, err)
	if err != nil {
		return err
	}
	if root != s.RewardsRoot {
		return fmt.Errorf("epoch %d is closed on chain with rewards root %s, but the state computed %s: the state does not belong to this chain", e.Epoch, root.Hex(), s.RewardsRoot.Hex())
	}
	return c.recordRecovered(ctx, e, s)
}

// recordRecovered records a close the chain made but the state missed.
func (c *epochCloser) recordRecovered(ctx context.Context, e store.Epoch, s settlementRecord) error {
	now, err := c.chain.Now(ctx)
	c.metrics.observeChain(chainRead, err)
	if err != nil {
		return err
	}
	c.log.WithField("epoch", e.Epoch).Warn("the chain closed this epoch but the gateway stopped before recording it: recorded now")
	// The close's events are not at hand: the chain's era now is the one after this, the
	// latest close, and the computation's reward era does not depend on when it ran.
	oc, err := c.deploy.State(ctx)
	c.metrics.observeChain(chainRead, err)
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
	return c.store.MarkEpochSettled(ctx, e.Epoch, now, string(data))
}

// Summary describes a recorded epoch.
func (c *epochCloser) Summary(ctx context.Context, epoch uint64) (gatewayapi.EpochSummary, error) {
	e, err := c.store.Epoch(ctx, epoch)
	if err != nil {
		return gatewayapi.EpochSummary{}, err
	}
	return summarise(e)
}
