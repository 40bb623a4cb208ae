// Package relaychain gives a gateway client (package client) the settlement chain behind the
// gateway's JSON-RPC relay, bound with the contracts package: escrow locks for submissions,
// reward claims and providers' stakes. It is kept apart from the client so that only programs that lock or claim
// link the chain bindings.
package relaychain

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/gateway/client"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
)

// Dial connects to the relay at rpcURL and binds the contracts the gateway announces,
// refusing a relay whose chain is not the announced one. It is a client.ChainDialer.
func Dial(ctx context.Context, rpcURL string, announced gatewayapi.ChainInfo) (client.Chain, error) {
	chain, err := contracts.Dial(ctx, rpcURL, 0)
	if err != nil {
		return nil, fmt.Errorf("the gateway's chain relay: %w", err)
	}
	if chain.ChainID().String() != announced.ChainID {
		return nil, fmt.Errorf("the relay's chain is %s, the gateway announces %s", chain.ChainID(), announced.ChainID)
	}
	return deployment{contracts.Attach(chain, contracts.Addresses(announced.Contracts))}, nil
}

// deployment adapts the bound contracts to what the client asks of them.
type deployment struct {
	d *contracts.Deployment
}

func (d deployment) EscrowExists(ctx context.Context, researcher common.Address, idempotencyKey string) (bool, error) {
	esc, err := d.d.EscrowOf(ctx, researcher, contracts.EscrowJobID(idempotencyKey))
	if err != nil {
		return false, err
	}
	return esc.Status != contracts.EscrowNone, nil
}

func (d deployment) DPSBalance(ctx context.Context, account common.Address) (*big.Int, error) {
	return d.d.DPSBalance(ctx, account)
}

func (d deployment) LockEscrow(ctx context.Context, key *ecdsa.PrivateKey, idempotencyKey string, amount *big.Int) error {
	return d.d.LockEscrow(ctx, key, contracts.EscrowJobID(idempotencyKey), amount)
}

func (d deployment) Claim(ctx context.Context, key *ecdsa.PrivateKey, account common.Address, cumulative *big.Int, proof [][32]byte) error {
	_, err := d.d.Claim(ctx, key, account, cumulative, proof)
	return err
}

func (d deployment) StakeOf(ctx context.Context, provider common.Address) (client.Stake, error) {
	s, err := d.d.StakeOf(ctx, provider)
	return client.Stake{BondedWei: s.BondedWei, UnbondingWei: s.UnbondingWei, UnbondsAt: s.UnbondsAt, SlashedWei: s.SlashedWei}, err
}

func (d deployment) Stake(ctx context.Context, key *ecdsa.PrivateKey, amount *big.Int) error {
	return d.d.StakeProvider(ctx, key, amount)
}

func (d deployment) RequestUnbond(ctx context.Context, key *ecdsa.PrivateKey, amount *big.Int) error {
	return d.d.RequestUnbond(ctx, key, amount)
}

func (d deployment) WithdrawStake(ctx context.Context, key *ecdsa.PrivateKey) error {
	return d.d.WithdrawStake(ctx, key)
}

func (d deployment) CastVote(ctx context.Context, key *ecdsa.PrivateKey, proposal uint64, support uint8) (*big.Int, error) {
	return d.d.CastVote(ctx, key, proposal, contracts.Support(support))
}
