package contracts

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/petagrid/petagrid/contracts/bindings"
	"github.com/petagrid/petagrid/tokenomics"
)

// Params are the settlement's constants, fixed at deployment.
type Params struct {
	// Genesis is the UTC start of epoch 0; PeriodSeconds an epoch's length.
	Genesis       time.Time
	PeriodSeconds uint64
	// EraSeconds and EraThresholdGFL (wei) drive the halving: era n begins at genesis +
	// n × EraSeconds, or earlier when the era's cumulative GFL reaches threshold × 2^era
	// (tokenomics.Params).
	EraSeconds      uint64
	EraThresholdGFL *big.Int
	// CapacityTolerancePPM bounds every rebalance: a provider's median may exceed the
	// capacity the registry admitted it with by at most this (1,050,000 = 5 %), the gateway's
	// report rule (pocp.Policy.CapacityTolerancePPM), enforced on chain too.
	CapacityTolerancePPM uint32
	// EnvironmentalFactors allows per-provider environmental factors (whitepaper §5.6.1)
	// to be set on chain; off, every provider's target is its median.
	EnvironmentalFactors bool
	// DPSSupply is the fixed DPS supply, minted to the deployer (the treasury).
	DPSSupply *big.Int
	// ReclaimAfterSeconds: an escrow the gateway never settled goes back to the researcher
	// after this long.
	ReclaimAfterSeconds uint64
	// Staking: the stake a provider bonds per PFLOPS of admitted capacity, how long unbonding
	// takes, and the fraction slashed for each reason. The zero StakingParams is no stake
	// required, with DefaultStaking's period and fractions.
	Staking StakingParams
	// Governance is admission by vote (AdmissionGovernor); the zero value is none: the
	// operator admits every provider, as before.
	Governance GovernanceParams
}

// Bounds of Settlement.sol's constructor on the capacity tolerance: 0 % to 100 % over.
const (
	MinCapacityTolerancePPM = 1_000_000
	MaxCapacityTolerancePPM = 2_000_000
)

// Validate refuses parameters the contracts would refuse at deployment or choke on later.
func (p Params) Validate() error {
	if p.Genesis.IsZero() || p.Genesis.Unix() < 0 {
		return fmt.Errorf("deploy: genesis is not set")
	}
	if p.EraThresholdGFL == nil || p.DPSSupply == nil {
		return fmt.Errorf("deploy: era threshold and DPS supply are required")
	}
	if err := p.TokenomicsParams().Validate(); err != nil {
		return fmt.Errorf("deploy: %w", err)
	}
	switch {
	case p.DPSSupply.Sign() <= 0 || p.DPSSupply.Cmp(tokenomics.MaxAmount()) > 0:
		return fmt.Errorf("deploy: DPS supply must be in 1..2^120 − 1 wei")
	case p.ReclaimAfterSeconds == 0 || p.ReclaimAfterSeconds > 365*24*3600:
		return fmt.Errorf("deploy: escrow reclaim timeout must be in 1 s..365 days")
	case p.CapacityTolerancePPM < MinCapacityTolerancePPM || p.CapacityTolerancePPM > MaxCapacityTolerancePPM:
		return fmt.Errorf("deploy: capacity tolerance %d ppm: must be in %d..%d (0 %% to 100 %% over)", p.CapacityTolerancePPM, MinCapacityTolerancePPM, MaxCapacityTolerancePPM)
	}
	if err := p.Staking.WithDefaults().Validate(p.PeriodSeconds); err != nil {
		return fmt.Errorf("deploy: %w", err)
	}
	if err := p.Governance.Validate(); err != nil {
		return fmt.Errorf("deploy: %w", err)
	}
	return nil
}

// TokenomicsParams are the tokenomics rules these contracts compute: the reward share, R and
// the era cap are constants of Settlement.sol (tokenomics.DefaultParams' values); the
// calendar, the era length and the threshold are the deployment's. Environmental factors
// live on chain, per provider: EnvironmentalFactors reads them.
func (p Params) TokenomicsParams() tokenomics.Params {
	t := tokenomics.DefaultParams(p.Genesis)
	t.PeriodSeconds = p.PeriodSeconds
	t.EraSeconds = p.EraSeconds
	if p.EraThresholdGFL != nil {
		t.EraThresholdGFL = new(big.Int).Set(p.EraThresholdGFL)
	}
	return t
}

// Addresses of a deployment.
type Addresses struct {
	GFL        common.Address `json:"gfl"`
	DPS        common.Address `json:"dps"`
	Registry   common.Address `json:"registry"`
	Settlement common.Address `json:"settlement"`
	Escrow     common.Address `json:"escrow"`
	Staking    common.Address `json:"staking"`
	// Governor is the admission governor; zero when admission is the operator's alone.
	Governor common.Address `json:"governor,omitempty"`
}

// Deployment is a deployed contract set bound to a chain.
type Deployment struct {
	Chain     *Chain
	Addresses Addresses

	GFL        *bindings.GFL
	DPS        *bindings.DPS
	Registry   *bindings.ProviderRegistry
	Settlement *bindings.Settlement
	Escrow     *bindings.JobEscrow
	Staking    *bindings.Staking
	Governor   *bindings.AdmissionGovernor

	gfl, dps, registry, settlement, escrow, staking, governor *bind.BoundContract
}

// Deploy deploys every contract with the deployer as admin and treasury, gives the gateway
// address the gateway roles of Settlement, JobEscrow and Staking and the pauser address the
// pauser roles, and wires them: Settlement alone mints and burns GFL, JobEscrow alone
// replenishes Settlement's pool, and the registry admits only providers Staking says are
// staked enough. With governance, the admission governor is deployed too: it may take GFL
// snapshots and admit in the registry, the gateway may propose and the deployer may veto.
func Deploy(ctx context.Context, c *Chain, deployer *ecdsa.PrivateKey, gateway, pauser common.Address, p Params) (*Deployment, error) {
	admin := crypto.PubkeyToAddress(deployer.PublicKey)
	if err := p.Validate(); err != nil {
		return nil, err
	}
	d := newDeployment(c, Addresses{})
	staking := p.Staking.WithDefaults()
	var err error
	step := func(what string, f func() error) {
		if err == nil {
			if e := f(); e != nil {
				err = fmt.Errorf("deploy: %s: %w", what, e)
			}
		}
	}
	step("DPS", func() (e error) {
		d.Addresses.DPS, e = c.deploy(ctx, deployer, bindings.DPSMetaData.Bin, d.DPS.PackConstructor(admin, p.DPSSupply))
		return
	})
	// GFL starts with the deployer as gateway; the role moves to Settlement below.
	step("GFL", func() (e error) {
		d.Addresses.GFL, e = c.deploy(ctx, deployer, bindings.GFLMetaData.Bin, d.GFL.PackConstructor(admin, admin, pauser))
		return
	})
	step("ProviderRegistry", func() (e error) {
		d.Addresses.Registry, e = c.deploy(ctx, deployer, bindings.ProviderRegistryMetaData.Bin, d.Registry.PackConstructor(admin))
		return
	})
	step("Settlement", func() (e error) {
		d.Addresses.Settlement, e = c.deploy(ctx, deployer, bindings.SettlementMetaData.Bin, d.Settlement.PackConstructor(bindings.SettlementParams{
			Admin: admin, Gateway: gateway, Pauser: pauser, Gfl: d.Addresses.GFL, Dps: d.Addresses.DPS, Registry: d.Addresses.Registry,
			Genesis: uint64(p.Genesis.Unix()), PeriodSeconds: p.PeriodSeconds, EraSeconds: p.EraSeconds, EraThresholdGfl: p.EraThresholdGFL,
			CapacityTolerancePpm: p.CapacityTolerancePPM, EnvironmentalFactors: p.EnvironmentalFactors}))
		return
	})
	step("JobEscrow", func() (e error) {
		d.Addresses.Escrow, e = c.deploy(ctx, deployer, bindings.JobEscrowMetaData.Bin, d.Escrow.PackConstructor(admin, gateway, d.Addresses.DPS, d.Addresses.Settlement, p.ReclaimAfterSeconds))
		return
	})
	step("Staking", func() (e error) {
		d.Addresses.Staking, e = c.deploy(ctx, deployer, bindings.StakingMetaData.Bin, d.Staking.PackConstructor(admin, gateway, d.Addresses.DPS, d.Addresses.Registry,
			d.Addresses.Settlement, staking.StakePerPetaFLOPSWei, staking.UnbondingSeconds, staking.slashBps()))
		return
	})
	if err != nil {
		return nil, err
	}
	d.bindAll()
	gatewayRole := crypto.Keccak256Hash([]byte("GATEWAY_ROLE"))
	escrowRole := crypto.Keccak256Hash([]byte("ESCROW_ROLE"))
	funderRole := crypto.Keccak256Hash([]byte("FUNDER_ROLE"))
	step("GFL: Settlement becomes the gateway", func() error {
		_, e := c.transact(ctx, deployer, d.gfl, d.GFL.PackGrantRole(gatewayRole, d.Addresses.Settlement))
		return e
	})
	step("GFL: the deployer stops being the gateway", func() error {
		_, e := c.transact(ctx, deployer, d.gfl, d.GFL.PackRevokeRole(gatewayRole, admin))
		return e
	})
	step("Settlement: JobEscrow may replenish", func() error {
		_, e := c.transact(ctx, deployer, d.settlement, d.Settlement.PackGrantRole(escrowRole, d.Addresses.Escrow))
		return e
	})
	step("Settlement: Staking may pay slashed stakes into the pool", func() error {
		_, e := c.transact(ctx, deployer, d.settlement, d.Settlement.PackGrantRole(funderRole, d.Addresses.Staking))
		return e
	})
	step("ProviderRegistry: admissions ask Staking", func() error {
		_, e := c.transact(ctx, deployer, d.registry, d.Registry.PackSetStaking(d.Addresses.Staking))
		return e
	})
	if g := p.Governance; g.Enabled && err == nil {
		step("AdmissionGovernor", func() (e error) {
			d.Addresses.Governor, e = c.deploy(ctx, deployer, bindings.AdmissionGovernorMetaData.Bin, d.Governor.PackConstructor(admin, gateway, d.Addresses.GFL, d.Addresses.Registry,
				g.VotingPeriodSeconds, g.QuorumBps, g.ThresholdBps, uint64(g.TransitionEnd.Unix())))
			return
		})
		d.bindAll()
		step("GFL: the governor takes snapshots", func() error {
			_, e := c.transact(ctx, deployer, d.gfl, d.GFL.PackGrantRole(crypto.Keccak256Hash([]byte("SNAPSHOT_ROLE")), d.Addresses.Governor))
			return e
		})
		step("ProviderRegistry: the governor admits by vote", func() error {
			_, e := c.transact(ctx, deployer, d.registry, d.Registry.PackSetGovernor(d.Addresses.Governor))
			return e
		})
	}
	if err != nil {
		return nil, err
	}
	return d, nil
}

// Attach binds an existing deployment.
func Attach(c *Chain, a Addresses) *Deployment {
	d := newDeployment(c, a)
	d.bindAll()
	return d
}

func newDeployment(c *Chain, a Addresses) *Deployment {
	return &Deployment{Chain: c, Addresses: a, GFL: bindings.NewGFL(), DPS: bindings.NewDPS(), Registry: bindings.NewProviderRegistry(),
		Settlement: bindings.NewSettlement(), Escrow: bindings.NewJobEscrow(), Staking: bindings.NewStaking(), Governor: bindings.NewAdmissionGovernor()}
}

func (d *Deployment) bindAll() {
	b := d.Chain.backend
	d.gfl = d.GFL.Instance(b, d.Addresses.GFL)
	d.dps = d.DPS.Instance(b, d.Addresses.DPS)
	d.registry = d.Registry.Instance(b, d.Addresses.Registry)
	d.settlement = d.Settlement.Instance(b, d.Addresses.Settlement)
	d.escrow = d.Escrow.Instance(b, d.Addresses.Escrow)
	d.staking = d.Staking.Instance(b, d.Addresses.Staking)
	d.governor = d.Governor.Instance(b, d.Addresses.Governor)
}

func callOpts(ctx context.Context) *bind.CallOpts { return &bind.CallOpts{Context: ctx} }

// GFLBalance is a provider's GFL in wei.
func (d *Deployment) GFLBalance(ctx context.Context, a common.Address) (*big.Int, error) {
	return bind.Call(d.gfl, callOpts(ctx), d.GFL.PackBalanceOf(a), d.GFL.UnpackBalanceOf)
}

// GFLSupply is the total GFL in wei.
func (d *Deployment) GFLSupply(ctx context.Context) (*big.Int, error) {
	return bind.Call(d.gfl, callOpts(ctx), d.GFL.PackTotalSupply(), d.GFL.UnpackTotalSupply)
}

// DPSBalance is an account's DPS in wei.
func (d *Deployment) DPSBalance(ctx context.Context, a common.Address) (*big.Int, error) {
	return bind.Call(d.dps, callOpts(ctx), d.DPS.PackBalanceOf(a), d.DPS.UnpackBalanceOf)
}

// TransferGFL tries a holder-to-holder GFL transfer (it always reverts: GFL is soulbound).
func (d *Deployment) TransferGFL(ctx context.Context, from *ecdsa.PrivateKey, to common.Address, amount *big.Int) error {
	_, err := d.Chain.transact(ctx, from, d.gfl, d.GFL.PackTransfer(to, amount))
	return err
}

// RebalanceGFL calls GFL.rebalanceTo directly (only Settlement may; anyone else gets a revert).
func (d *Deployment) RebalanceGFL(ctx context.Context, from *ecdsa.PrivateKey, to common.Address, amount *big.Int) error {
	_, err := d.Chain.transact(ctx, from, d.gfl, d.GFL.PackRebalanceTo(to, amount))
	return err
}

// MigrateGFL moves a provider's GFL to a new key through Settlement, between epochs.
func (d *Deployment) MigrateGFL(ctx context.Context, gateway *ecdsa.PrivateKey, from, to common.Address) error {
	_, err := d.Chain.transact(ctx, gateway, d.settlement, d.Settlement.PackMigrate(from, to))
	return err
}

// TransferDPS sends DPS.
func (d *Deployment) TransferDPS(ctx context.Context, from *ecdsa.PrivateKey, to common.Address, amount *big.Int) error {
	_, err := d.Chain.transact(ctx, from, d.dps, d.DPS.PackTransfer(to, amount))
	return err
}

// FundPool approves and moves DPS from the treasury into the reward pool.
func (d *Deployment) FundPool(ctx context.Context, treasury *ecdsa.PrivateKey, amount *big.Int) error {
	if _, err := d.Chain.transact(ctx, treasury, d.dps, d.DPS.PackApprove(d.Addresses.Settlement, amount)); err != nil {
		return fmt.Errorf("approving the pool: %w", err)
	}
	if _, err := d.Chain.transact(ctx, treasury, d.settlement, d.Settlement.PackFund(amount)); err != nil {
		return fmt.Errorf("funding the pool: %w", err)
	}
	return nil
}
