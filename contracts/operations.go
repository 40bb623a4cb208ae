package contracts

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// Provider statuses in ProviderRegistry.
const (
	ProviderUnknown   uint8 = 0
	ProviderAdmitted  uint8 = 1
	ProviderSuspended uint8 = 2
)

// ProviderOnChain is a provider as ProviderRegistry holds it.
type ProviderOnChain struct {
	Status            uint8
	CapacityMegaFLOPS uint64
	GPUs              uint32
	// Registration is the digest of the registration the operator approved.
	Registration common.Hash
}

// Provider reads a provider's registry entry.
func (d *Deployment) Provider(ctx context.Context, provider common.Address) (ProviderOnChain, error) {
	p, err := bind.Call(d.registry, callOpts(ctx), d.Registry.PackProviderOf(provider), d.Registry.UnpackProviderOf)
	if err != nil {
		return ProviderOnChain{}, fmt.Errorf("reading provider %s: %w", provider.Hex(), err)
	}
	return ProviderOnChain{Status: p.Status, CapacityMegaFLOPS: p.CapacityMegaFlops, GPUs: p.Gpus, Registration: p.Registration}, nil
}

// Admission is what an operator approved: a provider's capacity and GPUs, and the digest of
// the registration they came from.
type Admission struct {
	CapacityMegaFLOPS uint64
	GPUs              uint32
	Registration      common.Hash
}

// AdmitProvider brings the registry in line with an operator's approval: it admits a new
// provider, reinstates a suspended one and updates a changed admission. Each step is skipped
// when the chain already says so, so a retried approval sends nothing twice.
func (d *Deployment) AdmitProvider(ctx context.Context, admin *ecdsa.PrivateKey, provider common.Address, a Admission) error {
	if a.Registration == (common.Hash{}) {
		return fmt.Errorf("admitting %s: no registration digest", provider.Hex())
	}
	p, err := d.Provider(ctx, provider)
	if err != nil {
		return err
	}
	switch p.Status {
	case ProviderUnknown:
		_, err = d.Chain.transact(ctx, admin, d.registry, d.Registry.PackAdmit(provider, a.CapacityMegaFLOPS, a.GPUs, a.Registration))
		return err
	}
	// A suspended provider is updated before it is reinstated: reinstatement asks Staking
	// whether the stake covers the capacity it will be admitted with, not the old one.
	if p.CapacityMegaFLOPS != a.CapacityMegaFLOPS || p.GPUs != a.GPUs || p.Registration != a.Registration {
		if _, err = d.Chain.transact(ctx, admin, d.registry, d.Registry.PackUpdate(provider, a.CapacityMegaFLOPS, a.GPUs, a.Registration)); err != nil {
			return err
		}
	}
	if p.Status == ProviderSuspended {
		_, err = d.Chain.transact(ctx, admin, d.registry, d.Registry.PackReinstate(provider))
	}
	return err
}

// SuspendProvider suspends an admitted provider (nothing to do for one that is not).
func (d *Deployment) SuspendProvider(ctx context.Context, admin *ecdsa.PrivateKey, provider common.Address) error {
	p, err := d.Provider(ctx, provider)
	if err != nil {
		return err
	}
	if p.Status != ProviderAdmitted {
		return nil
	}
	_, err = d.Chain.transact(ctx, admin, d.registry, d.Registry.PackSuspend(provider))
	return err
}

// Escrow statuses in JobEscrow.
const (
	EscrowNone      uint8 = 0
	EscrowLocked    uint8 = 1
	EscrowSettled   uint8 = 2
	EscrowReclaimed uint8 = 3
)

// EscrowOnChain is one job's escrow.
type EscrowOnChain struct {
	Researcher common.Address
	Status     uint8
	LockedAt   uint64
	MaxAmount  *big.Int
	Cost       *big.Int
}

// EscrowOf reads the escrow of (researcher, jobID).
func (d *Deployment) EscrowOf(ctx context.Context, researcher common.Address, jobID [32]byte) (EscrowOnChain, error) {
	e, err := bind.Call(d.escrow, callOpts(ctx), d.Escrow.PackEscrow(researcher, jobID), d.Escrow.UnpackEscrow)
	if err != nil {
		return EscrowOnChain{}, fmt.Errorf("reading escrow %x of %s: %w", jobID, researcher.Hex(), err)
	}
	return EscrowOnChain{Researcher: e.Researcher, Status: e.Status, LockedAt: e.LockedAt, MaxAmount: e.MaxAmount, Cost: e.Cost}, nil
}

// Claimed is what an account has claimed of its rewards so far.
func (d *Deployment) Claimed(ctx context.Context, account common.Address) (*big.Int, error) {
	v, err := bind.Call(d.settlement, callOpts(ctx), d.Settlement.PackClaimed(account), d.Settlement.UnpackClaimed)
	if err != nil {
		return nil, fmt.Errorf("reading claimed rewards of %s: %w", account.Hex(), err)
	}
	return v, nil
}

// RewardsRoot is the newest committed rewards root.
func (d *Deployment) RewardsRoot(ctx context.Context) (common.Hash, error) {
	v, err := bind.Call(d.settlement, callOpts(ctx), d.Settlement.PackRewardsRoot(), d.Settlement.UnpackRewardsRoot)
	if err != nil {
		return common.Hash{}, fmt.Errorf("reading the rewards root: %w", err)
	}
	return v, nil
}

// GFLHolders is how many accounts hold GFL (the contract counts them).
func (d *Deployment) GFLHolders(ctx context.Context) (uint32, error) {
	v, err := bind.Call(d.gfl, callOpts(ctx), d.GFL.PackHolders(), d.GFL.UnpackHolders)
	if err != nil {
		return 0, fmt.Errorf("reading GFL holders: %w", err)
	}
	return v, nil
}

// EscrowJobID is the escrow id of a grid job: the researcher's idempotency key hashed, so
// the researcher can lock the escrow before the gateway has seen the job, and a retried
// submission finds the same escrow.
func EscrowJobID(idempotencyKey string) [32]byte {
	return crypto.Keccak256Hash([]byte("petagrid-job-escrow-v1\n" + idempotencyKey))
}

// BalanceAt is an account's ETH balance (gas money).
func (c *Chain) BalanceAt(ctx context.Context, account common.Address) (*big.Int, error) {
	b, ok := c.backend.(interface {
		BalanceAt(context.Context, common.Address, *big.Int) (*big.Int, error)
	})
	if !ok {
		return nil, fmt.Errorf("this chain backend cannot read balances")
	}
	v, err := b.BalanceAt(ctx, account, nil)
	if err != nil {
		return nil, fmt.Errorf("balance of %s: %w", account.Hex(), err)
	}
	return v, nil
}
