package contracts

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"fmt"
	"math/big"
	"sort"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/petagrid/petagrid/tokenomics"
)

// Median is what one provider's rebalance carries: its accepted report's median in GFL wei,
// or 0 without one (its GFL is burned). The contract turns it into the provider's target
// (× its environmental factor) after checking the registry admits the provider with at
// least that capacity (× tolerance).
type Median struct {
	Provider common.Address
	GFL      *big.Int
}

// EpochSettlement is what closing one epoch on chain takes: tokenomics.CloseEpoch computes it.
type EpochSettlement struct {
	Epoch uint64
	// InputsRoot commits to the accepted reports the medians came from.
	InputsRoot common.Hash
	// Replenishment is the DPS escrows delivered since the last close (PendingReplenishment
	// when the gateway computed the epoch): tokenomics' DPSSpent. The open refuses another.
	Replenishment *big.Int
	// Medians cover every current holder and every provider with an accepted report.
	Medians []Median
	// RewardsRoot is the root of every provider's cumulative rewards after this epoch, and
	// RewardsTotal this epoch's rewards.
	RewardsRoot  common.Hash
	RewardsTotal *big.Int
}

// MaxBatch is the Settlement contract's bound on providers per rebalance call.
const MaxBatch = 200

// Settled is what settling an epoch cost, when it closed, and what the chain recorded: the
// summary of an epoch reports these, not what the gateway computed beforehand.
type Settled struct {
	// ClosedAt is the close's block time.
	ClosedAt time.Time
	// RewardEra and Rewards are the close's EpochCommitted event; EraAfter the era after it,
	// and HalvingReason its HalvingAdvanced event's ("" without one: "time" or "threshold").
	RewardEra     uint64
	Rewards       *big.Int
	EraAfter      uint64
	HalvingReason string
	// Recovered says the close was found on chain after the gateway stopped before recording
	// it: its figures come from the chain's state, not from the close's events.
	Recovered bool `json:",omitempty"`
	// Gas of each transaction: the open (0 when resumed), each rebalance batch with its size,
	// and the close.
	OpenGas      uint64
	RebalanceGas []BatchGas
	CloseGas     uint64
}

// BatchGas is one rebalance transaction.
type BatchGas struct {
	Providers int
	Gas       uint64
}

// SettleEpoch opens the epoch, rebalances in batches of at most batch providers (in ascending
// address order, as the contract requires) and closes it. It resumes a settlement a crash
// interrupted: an epoch already open is not opened again, and providers up to the last one the
// chain rebalanced are skipped. A transaction the crashed process left in the node's pool is
// mined before the chain's progress is read (AwaitPool), so that it is not sent twice.
func (d *Deployment) SettleEpoch(ctx context.Context, gateway *ecdsa.PrivateKey, s EpochSettlement, batch int) (Settled, error) {
	var out Settled
	if batch <= 0 || batch > MaxBatch {
		return out, fmt.Errorf("settle epoch %d: batch %d: must be in 1..%d", s.Epoch, batch, MaxBatch)
	}
	if len(s.Medians) > 1<<32-1 {
		return out, fmt.Errorf("settle epoch %d: %d providers", s.Epoch, len(s.Medians))
	}
	if _, err := d.Chain.AwaitPool(ctx, crypto.PubkeyToAddress(gateway.PublicKey)); err != nil {
		return out, fmt.Errorf("settle epoch %d: %w", s.Epoch, err)
	}
	targets := append([]Median(nil), s.Medians...)
	sort.Slice(targets, func(i, j int) bool { return bytes.Compare(targets[i].Provider[:], targets[j].Provider[:]) < 0 })
	cur, err := bind.Call(d.settlement, callOpts(ctx), d.Settlement.PackCurrent(), d.Settlement.UnpackCurrent)
	if err != nil {
		return out, fmt.Errorf("settle epoch %d: reading the open epoch: %w", s.Epoch, err)
	}
	switch {
	case cur.Open && cur.Epoch != s.Epoch:
		return out, fmt.Errorf("settle epoch %d: epoch %d is open on chain", s.Epoch, cur.Epoch)
	case cur.Open && int(cur.Providers) != len(targets):
		return out, fmt.Errorf("settle epoch %d: the open epoch declared %d providers, this settlement has %d", s.Epoch, cur.Providers, len(targets))
	case !cur.Open:
		spent := s.Replenishment
		if spent == nil {
			spent = new(big.Int)
		}
		r, err := d.Chain.transact(ctx, gateway, d.settlement, d.Settlement.PackOpenEpoch(s.Epoch, s.InputsRoot, uint32(len(targets)), spent))
		if err != nil {
			return out, fmt.Errorf("settle epoch %d: open: %w", s.Epoch, err)
		}
		out.OpenGas = r.GasUsed
	}
	// Providers go in ascending address order; a resumed settlement continues after the last
	// one the chain recorded.
	var pending []Median
	for _, t := range targets {
		if cur.Open && bytes.Compare(t.Provider[:], cur.LastProvider[:]) <= 0 {
			continue
		}
		pending = append(pending, t)
	}
	for start := 0; start < len(pending); start += batch {
		end := min(start+batch, len(pending))
		addrs := make([]common.Address, 0, end-start)
		amounts := make([]*big.Int, 0, end-start)
		for _, t := range pending[start:end] {
			addrs = append(addrs, t.Provider)
			amounts = append(amounts, t.GFL)
		}
		r, err := d.Chain.transact(ctx, gateway, d.settlement, d.Settlement.PackRebalance(addrs, amounts))
		if err != nil {
			return out, fmt.Errorf("settle epoch %d: rebalance providers %d–%d: %w", s.Epoch, start, end-1, err)
		}
		out.RebalanceGas = append(out.RebalanceGas, BatchGas{Providers: len(addrs), Gas: r.GasUsed})
	}
	r, err := d.Chain.transact(ctx, gateway, d.settlement, d.Settlement.PackCloseEpoch(s.RewardsRoot, s.RewardsTotal))
	if err != nil {
		return out, fmt.Errorf("settle epoch %d: close: %w", s.Epoch, err)
	}
	out.CloseGas = r.GasUsed
	h, err := d.Chain.backend.HeaderByNumber(ctx, r.BlockNumber)
	if err != nil {
		return out, fmt.Errorf("settle epoch %d: block of the close: %w", s.Epoch, err)
	}
	out.ClosedAt = time.Unix(int64(h.Time), 0).UTC()
	if err := d.readClose(r, s.Epoch, &out); err != nil {
		return out, fmt.Errorf("settle epoch %d: %w", s.Epoch, err)
	}
	return out, nil
}

// readClose fills what the close transaction recorded, from its events: the chain is the
// truth, whatever the gateway computed before sending.
func (d *Deployment) readClose(r *types.Receipt, epoch uint64, out *Settled) error {
	committed := false
	for _, l := range r.Logs {
		if l.Address != d.Addresses.Settlement {
			continue
		}
		if ev, err := d.Settlement.UnpackEpochCommittedEvent(l); err == nil {
			if ev.Epoch != epoch {
				return fmt.Errorf("the close committed epoch %d", ev.Epoch)
			}
			out.RewardEra, out.Rewards, committed = ev.RewardEra, ev.Rewards, true
			out.EraAfter = max(out.EraAfter, ev.RewardEra)
		} else if ev, err := d.Settlement.UnpackHalvingAdvancedEvent(l); err == nil {
			out.EraAfter = ev.Era
			out.HalvingReason = halvingReasonName(ev.Reason)
		}
	}
	if !committed {
		return fmt.Errorf("the close transaction carries no EpochCommitted event")
	}
	return nil
}

// halvingReasonName names HalvingAdvanced's reason: 0 is the calendar, 1 the threshold.
func halvingReasonName(reason uint8) string {
	if reason == 1 {
		return tokenomics.HalvingThreshold
	}
	return tokenomics.HalvingTime
}

// OnChainState is the economy as the Settlement contract holds it (tokenomics.State's fields).
type OnChainState struct {
	NextEpoch          uint64
	Era                uint64
	EraStart           uint64
	EraCumulativeGFL   *big.Int
	CumulativeGFL      *big.Int
	CumulativeGFLGross *big.Int
	Pool               *big.Int
	Emitted            *big.Int
	Supply             *big.Int
}

// State reads the economy from the chain.
func (d *Deployment) State(ctx context.Context) (OnChainState, error) {
	var s OnChainState
	var err error
	read := func(what string, f func() error) {
		if err == nil {
			if e := f(); e != nil {
				err = fmt.Errorf("reading %s: %w", what, e)
			}
		}
	}
	o := callOpts(ctx)
	st := d.Settlement
	read("nextEpoch", func() (e error) {
		s.NextEpoch, e = bind.Call(d.settlement, o, st.PackNextEpoch(), st.UnpackNextEpoch)
		return
	})
	read("era", func() (e error) { s.Era, e = bind.Call(d.settlement, o, st.PackEra(), st.UnpackEra); return })
	read("eraStart", func() (e error) {
		s.EraStart, e = bind.Call(d.settlement, o, st.PackEraStart(), st.UnpackEraStart)
		return
	})
	read("eraCumulativeGfl", func() (e error) {
		s.EraCumulativeGFL, e = bind.Call(d.settlement, o, st.PackEraCumulativeGfl(), st.UnpackEraCumulativeGfl)
		return
	})
	read("cumulativeGfl", func() (e error) {
		s.CumulativeGFL, e = bind.Call(d.settlement, o, st.PackCumulativeGfl(), st.UnpackCumulativeGfl)
		return
	})
	read("cumulativeGflGross", func() (e error) {
		s.CumulativeGFLGross, e = bind.Call(d.settlement, o, st.PackCumulativeGflGross(), st.UnpackCumulativeGflGross)
		return
	})
	read("pool", func() (e error) { s.Pool, e = bind.Call(d.settlement, o, st.PackPool(), st.UnpackPool); return })
	read("emitted", func() (e error) {
		s.Emitted, e = bind.Call(d.settlement, o, st.PackEmitted(), st.UnpackEmitted)
		return
	})
	read("supply", func() (e error) { s.Supply, e = d.GFLSupply(ctx); return })
	return s, err
}

// Claim pays an account its rewards up to its cumulative amount in the newest root.
func (d *Deployment) Claim(ctx context.Context, sender *ecdsa.PrivateKey, account common.Address, cumulative *big.Int, proof [][32]byte) (uint64, error) {
	r, err := d.Chain.transact(ctx, sender, d.settlement, d.Settlement.PackClaim(account, cumulative, proof))
	if err != nil {
		return 0, err
	}
	return r.GasUsed, nil
}

// LockEscrow approves and locks up to maxAmount DPS for a job.
func (d *Deployment) LockEscrow(ctx context.Context, researcher *ecdsa.PrivateKey, jobID [32]byte, maxAmount *big.Int) error {
	if _, err := d.Chain.transact(ctx, researcher, d.dps, d.DPS.PackApprove(d.Addresses.Escrow, maxAmount)); err != nil {
		return fmt.Errorf("approving the escrow: %w", err)
	}
	_, err := d.Chain.transact(ctx, researcher, d.escrow, d.Escrow.PackLock(jobID, maxAmount))
	return err
}

// SettleEscrow charges a researcher's job its cost (into the reward pool) and refunds the rest.
func (d *Deployment) SettleEscrow(ctx context.Context, gateway *ecdsa.PrivateKey, researcher common.Address, jobID [32]byte, cost *big.Int) error {
	_, err := d.Chain.transact(ctx, gateway, d.escrow, d.Escrow.PackSettle(researcher, jobID, cost))
	return err
}

// PendingReplenishment is the DPS escrows delivered since the last close: the next epoch's
// replenishment.
func (d *Deployment) PendingReplenishment(ctx context.Context) (*big.Int, error) {
	return bind.Call(d.settlement, callOpts(ctx), d.Settlement.PackPendingReplenishment(), d.Settlement.UnpackPendingReplenishment)
}

// MediansForClose lists what an epoch's rebalance must carry: every provider that holds GFL
// before the close or reported, with its accepted median (0 without a report: the contract
// burns its balance, as tokenomics does unless KeepWithoutReport, which the contracts do not
// offer), in ascending address order.
func MediansForClose(before *tokenomics.State, medians map[common.Address]*big.Int) []Median {
	seen := map[common.Address]bool{}
	var out []Median
	add := func(a common.Address) {
		if seen[a] {
			return
		}
		seen[a] = true
		v := new(big.Int)
		if m := medians[a]; m != nil {
			v.Set(m)
		}
		out = append(out, Median{Provider: a, GFL: v})
	}
	for a := range before.Balances {
		add(a)
	}
	for a := range medians {
		add(a)
	}
	sort.Slice(out, func(i, j int) bool { return bytes.Compare(out[i].Provider[:], out[j].Provider[:]) < 0 })
	return out
}

// EpochInProgress says whether an epoch is open on chain (opened, not yet closed), and which.
func (d *Deployment) EpochInProgress(ctx context.Context) (bool, uint64, error) {
	cur, err := bind.Call(d.settlement, callOpts(ctx), d.Settlement.PackCurrent(), d.Settlement.UnpackCurrent)
	if err != nil {
		return false, 0, fmt.Errorf("reading the open epoch: %w", err)
	}
	return cur.Open, cur.Epoch, nil
}

// EnvironmentalFactors reads the providers' environmental factors from the chain, in basis
// points, for tokenomics.Params.EnvironmentalFactorBps: only those set (× 1 is left out).
func (d *Deployment) EnvironmentalFactors(ctx context.Context, providers []common.Address) (map[common.Address]uint64, error) {
	out := map[common.Address]uint64{}
	for _, a := range providers {
		bps, err := bind.Call(d.settlement, callOpts(ctx), d.Settlement.PackEnvironmentalFactorBps(a), d.Settlement.UnpackEnvironmentalFactorBps)
		if err != nil {
			return nil, fmt.Errorf("reading the environmental factor of %s: %w", a.Hex(), err)
		}
		if bps != 0 {
			out[a] = uint64(bps)
		}
	}
	return out, nil
}

// SetEnvironmentalFactor sets a provider's environmental factor (basis points, 1..20000;
// 10000 = × 1) between epochs, on a deployment made with environmental factors on.
func (d *Deployment) SetEnvironmentalFactor(ctx context.Context, gateway *ecdsa.PrivateKey, provider common.Address, bps uint32) error {
	_, err := d.Chain.transact(ctx, gateway, d.settlement, d.Settlement.PackSetEnvironmentalFactor(provider, bps))
	if err != nil {
		return fmt.Errorf("setting the environmental factor of %s: %w", provider.Hex(), err)
	}
	return nil
}

// EnvironmentalFactorsEnabled says whether the deployment allows environmental factors.
func (d *Deployment) EnvironmentalFactorsEnabled(ctx context.Context) (bool, error) {
	return bind.Call(d.settlement, callOpts(ctx), d.Settlement.PackEnvironmentalFactors(), d.Settlement.UnpackEnvironmentalFactors)
}

// CapacityTolerancePPM is the deployment's capacity tolerance.
func (d *Deployment) CapacityTolerancePPM(ctx context.Context) (uint32, error) {
	return bind.Call(d.settlement, callOpts(ctx), d.Settlement.PackCapacityTolerancePpm(), d.Settlement.UnpackCapacityTolerancePpm)
}

// ReclaimEscrow takes back an escrow the gateway never settled.
func (d *Deployment) ReclaimEscrow(ctx context.Context, researcher *ecdsa.PrivateKey, jobID [32]byte) error {
	_, err := d.Chain.transact(ctx, researcher, d.escrow, d.Escrow.PackReclaim(jobID))
	return err
}
