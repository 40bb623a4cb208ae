package contracts

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"

	"github.com/petagrid/petagrid/tokenomics"
)

// SlashReason is why the gateway slashes a provider (Staking.sol's Reason).
type SlashReason uint8

const (
	// SlashFailedChallenge: a challenge answered wrongly, late, or not at all.
	SlashFailedChallenge SlashReason = iota
	// SlashDuplicateIdentity: a device identity that another site reports too.
	SlashDuplicateIdentity
	// SlashLostReplicaVote: a replica whose output manifest the majority outvoted.
	SlashLostReplicaVote
	slashReasons
)

func (r SlashReason) String() string {
	switch r {
	case SlashFailedChallenge:
		return "failed challenge"
	case SlashDuplicateIdentity:
		return "duplicate identity"
	case SlashLostReplicaVote:
		return "lost replica vote"
	}
	return fmt.Sprintf("reason %d", uint8(r))
}

// Bounds of Staking.sol's constructor.
const (
	maxSlashBps            = 10_000
	maxUnbondingSeconds    = 366 * 24 * 3600
	megaFLOPSPerPetaFLOPS  = 1_000_000_000
	defaultUnbondingPeriod = 30 * 24 * time.Hour
)

// StakingParams are Staking.sol's constants, fixed at deployment.
type StakingParams struct {
	// StakePerPetaFLOPSWei is the DPS (wei) a provider keeps bonded per PFLOPS of admitted
	// capacity; nil or 0: admission needs no stake.
	StakePerPetaFLOPSWei *big.Int
	// UnbondingSeconds is how long unbonding DPS stays slashable before it can be
	// withdrawn; at least two epochs, so that a stake unbonded at an epoch's start is still
	// there at the close (after the grace) that slashes for that epoch.
	UnbondingSeconds uint64
	// Fractions slashed of everything a provider has staked, in basis points, per reason.
	FailedChallengeBps, DuplicateIdentityBps, LostReplicaVoteBps uint16
}

// DefaultStaking is the deployment default: no stake required, 30 days' unbonding, and 10 %
// slashed for a failed challenge or a lost replica vote, 50 % for a duplicated device (which
// is never an accident: the same GPU UUID cannot sit in two sites).
func DefaultStaking() StakingParams {
	return StakingParams{StakePerPetaFLOPSWei: new(big.Int), UnbondingSeconds: uint64(defaultUnbondingPeriod / time.Second),
		FailedChallengeBps: 1_000, DuplicateIdentityBps: 5_000, LostReplicaVoteBps: 1_000}
}

// WithDefaults fills what is unset from DefaultStaking.
func (s StakingParams) WithDefaults() StakingParams {
	def := DefaultStaking()
	if s.StakePerPetaFLOPSWei == nil {
		s.StakePerPetaFLOPSWei = def.StakePerPetaFLOPSWei
	}
	if s.UnbondingSeconds == 0 {
		s.UnbondingSeconds = def.UnbondingSeconds
	}
	if s.FailedChallengeBps == 0 {
		s.FailedChallengeBps = def.FailedChallengeBps
	}
	if s.DuplicateIdentityBps == 0 {
		s.DuplicateIdentityBps = def.DuplicateIdentityBps
	}
	if s.LostReplicaVoteBps == 0 {
		s.LostReplicaVoteBps = def.LostReplicaVoteBps
	}
	return s
}

// Validate refuses what Staking.sol's constructor refuses, and an unbonding period shorter
// than two epochs.
func (s StakingParams) Validate(periodSeconds uint64) error {
	if s.StakePerPetaFLOPSWei == nil || s.StakePerPetaFLOPSWei.Sign() < 0 || s.StakePerPetaFLOPSWei.Cmp(tokenomics.MaxAmount()) > 0 {
		return errors.New("staking: the stake per PFLOPS must be in 0..2^120 − 1 wei")
	}
	if s.UnbondingSeconds == 0 || s.UnbondingSeconds > maxUnbondingSeconds {
		return fmt.Errorf("staking: unbonding period of %d s: must be in 1 s..366 days", s.UnbondingSeconds)
	}
	if s.UnbondingSeconds < 2*periodSeconds {
		return fmt.Errorf("staking: unbonding period of %d s is shorter than two epochs (%d s): a stake could leave before the close that slashes for its epoch", s.UnbondingSeconds, 2*periodSeconds)
	}
	for r, bps := range s.slashBps() {
		if bps == 0 || bps > maxSlashBps {
			return fmt.Errorf("staking: slash fraction for %s of %d bps: must be in 1..10000", SlashReason(r), bps)
		}
	}
	return nil
}

func (s StakingParams) slashBps() [3]uint16 {
	return [3]uint16{s.FailedChallengeBps, s.DuplicateIdentityBps, s.LostReplicaVoteBps}
}

// RequiredStake is the bonded DPS (wei) a capacity needs under these parameters, rounded
// up as Staking.requiredStake rounds.
func (s StakingParams) RequiredStake(capacityMegaFLOPS uint64) *big.Int {
	per := s.StakePerPetaFLOPSWei
	if per == nil {
		per = new(big.Int)
	}
	v := new(big.Int).Mul(new(big.Int).SetUint64(capacityMegaFLOPS), per)
	v.Add(v, big.NewInt(megaFLOPSPerPetaFLOPS-1))
	return v.Quo(v, big.NewInt(megaFLOPSPerPetaFLOPS))
}

// Stake is a provider's stake as Staking holds it.
type Stake struct {
	BondedWei    *big.Int
	UnbondingWei *big.Int
	// UnbondsAt is when the unbonding DPS may be withdrawn (zero: nothing unbonding).
	UnbondsAt  time.Time
	SlashedWei *big.Int
}

// StakeOf reads a provider's stake.
func (d *Deployment) StakeOf(ctx context.Context, provider common.Address) (Stake, error) {
	s, err := bind.Call(d.staking, callOpts(ctx), d.Staking.PackStakeOf(provider), d.Staking.UnpackStakeOf)
	if err != nil {
		return Stake{}, fmt.Errorf("stake of %s: %w", provider.Hex(), err)
	}
	out := Stake{BondedWei: s.Bonded, UnbondingWei: s.Unbonding, SlashedWei: s.Slashed}
	if s.UnbondsAt != 0 {
		out.UnbondsAt = time.Unix(int64(s.UnbondsAt), 0).UTC()
	}
	return out, nil
}

// RequiredStake reads the bonded DPS (wei) the deployed Staking asks for a capacity.
func (d *Deployment) RequiredStake(ctx context.Context, capacityMegaFLOPS uint64) (*big.Int, error) {
	return bind.Call(d.staking, callOpts(ctx), d.Staking.PackRequiredStake(capacityMegaFLOPS), d.Staking.UnpackRequiredStake)
}

// StakeProvider approves and bonds amount DPS from the provider's key.
func (d *Deployment) StakeProvider(ctx context.Context, provider *ecdsa.PrivateKey, amount *big.Int) error {
	if _, err := d.Chain.transact(ctx, provider, d.dps, d.DPS.PackApprove(d.Addresses.Staking, amount)); err != nil {
		return fmt.Errorf("approving the stake: %w", err)
	}
	if _, err := d.Chain.transact(ctx, provider, d.staking, d.Staking.PackStake(amount)); err != nil {
		return fmt.Errorf("staking: %w", err)
	}
	return nil
}

// RequestUnbond starts unbonding amount of the provider's bonded DPS.
func (d *Deployment) RequestUnbond(ctx context.Context, provider *ecdsa.PrivateKey, amount *big.Int) error {
	_, err := d.Chain.transact(ctx, provider, d.staking, d.Staking.PackRequestUnbond(amount))
	return err
}

// WithdrawStake withdraws the provider's unbonded DPS once the period has passed.
func (d *Deployment) WithdrawStake(ctx context.Context, provider *ecdsa.PrivateKey) error {
	_, err := d.Chain.transact(ctx, provider, d.staking, d.Staking.PackWithdraw())
	return err
}

// Slash slashes a provider for a reason, once per piece of evidence (the digest of what
// proves it: a challenge's answer, a vote), and returns the DPS (wei) slashed.
func (d *Deployment) Slash(ctx context.Context, gateway *ecdsa.PrivateKey, provider common.Address, reason SlashReason, evidence common.Hash) (*big.Int, error) {
	if reason >= slashReasons {
		return nil, fmt.Errorf("slashing %s: unknown reason %d", provider.Hex(), reason)
	}
	r, err := d.Chain.transact(ctx, gateway, d.staking, d.Staking.PackSlash(provider, uint8(reason), evidence))
	if err != nil {
		return nil, fmt.Errorf("slashing %s for %s: %w", provider.Hex(), reason, err)
	}
	for _, l := range r.Logs {
		if ev, err := d.Staking.UnpackSlashedEvent(l); err == nil {
			return ev.Amount, nil
		}
	}
	return nil, fmt.Errorf("slashing %s: the receipt has no Slashed event", provider.Hex())
}

// EvidenceUsed says whether evidence has slashed the provider already: a slash whose
// transaction's fate the gateway did not learn is checked here before it is sent again.
func (d *Deployment) EvidenceUsed(ctx context.Context, provider common.Address, evidence common.Hash) (bool, error) {
	used, err := bind.Call(d.staking, callOpts(ctx), d.Staking.PackEvidenceUsed(provider, evidence), d.Staking.UnpackEvidenceUsed)
	if err != nil {
		return false, fmt.Errorf("evidence %s against %s: %w", evidence.Hex(), provider.Hex(), err)
	}
	return used, nil
}

// PaySlashedToPool moves the slashed DPS into the reward pool, signed by the gateway, between
// settlements (the pool refuses funds while one is open). Nothing pending is not an error.
func (d *Deployment) PaySlashedToPool(ctx context.Context, gateway *ecdsa.PrivateKey) error {
	pending, err := bind.Call(d.staking, callOpts(ctx), d.Staking.PackPendingToPool(), d.Staking.UnpackPendingToPool)
	if err != nil {
		return fmt.Errorf("slashed DPS pending: %w", err)
	}
	if pending.Sign() == 0 {
		return nil
	}
	_, err = d.Chain.transact(ctx, gateway, d.staking, d.Staking.PackPayToPool())
	return err
}

// SlashedTotals are Staking's running totals: slashed, paid into the pool, and pending.
type SlashedTotals struct {
	SlashedWei, PaidToPoolWei, PendingWei *big.Int
}

// SlashedTotals reads Staking's running totals.
func (d *Deployment) SlashedTotals(ctx context.Context) (SlashedTotals, error) {
	var t SlashedTotals
	var err error
	if t.SlashedWei, err = bind.Call(d.staking, callOpts(ctx), d.Staking.PackSlashedTotal(), d.Staking.UnpackSlashedTotal); err != nil {
		return t, fmt.Errorf("slashed total: %w", err)
	}
	if t.PaidToPoolWei, err = bind.Call(d.staking, callOpts(ctx), d.Staking.PackPaidToPool(), d.Staking.UnpackPaidToPool); err != nil {
		return t, fmt.Errorf("paid to the pool: %w", err)
	}
	if t.PendingWei, err = bind.Call(d.staking, callOpts(ctx), d.Staking.PackPendingToPool(), d.Staking.UnpackPendingToPool); err != nil {
		return t, fmt.Errorf("slashed DPS pending: %w", err)
	}
	return t, nil
}

// StakingSettings reads the parameters the deployed Staking holds.
func (d *Deployment) StakingSettings(ctx context.Context) (StakingParams, error) {
	var s StakingParams
	r := settingsReader{contract: "Staking"}
	r.read("stake per PFLOPS", func() (e error) {
		s.StakePerPetaFLOPSWei, e = bind.Call(d.staking, callOpts(ctx), d.Staking.PackStakePerPetaFlops(), d.Staking.UnpackStakePerPetaFlops)
		return
	})
	r.read("unbonding period", func() (e error) {
		s.UnbondingSeconds, e = bind.Call(d.staking, callOpts(ctx), d.Staking.PackUnbondingSeconds(), d.Staking.UnpackUnbondingSeconds)
		return
	})
	r.read("slash fractions", func() (e error) {
		if s.FailedChallengeBps, e = bind.Call(d.staking, callOpts(ctx), d.Staking.PackFailedChallengeBps(), d.Staking.UnpackFailedChallengeBps); e != nil {
			return e
		}
		if s.DuplicateIdentityBps, e = bind.Call(d.staking, callOpts(ctx), d.Staking.PackDuplicateIdentityBps(), d.Staking.UnpackDuplicateIdentityBps); e != nil {
			return e
		}
		s.LostReplicaVoteBps, e = bind.Call(d.staking, callOpts(ctx), d.Staking.PackLostReplicaVoteBps(), d.Staking.UnpackLostReplicaVoteBps)
		return e
	})
	return s, r.err
}

// settingsReader reads a contract's settings one after the other, stopping at the first
// failure, which names the setting.
type settingsReader struct {
	contract string
	err      error
}

func (r *settingsReader) read(what string, f func() error) {
	if r.err == nil {
		if err := f(); err != nil {
			r.err = fmt.Errorf("reading %s's %s: %w", r.contract, what, err)
		}
	}
}

// Equal says whether two parameter sets are the same.
func (s StakingParams) Equal(o StakingParams) bool {
	a, b := s.WithDefaults(), o.WithDefaults()
	return a.StakePerPetaFLOPSWei.Cmp(b.StakePerPetaFLOPSWei) == 0 && a.UnbondingSeconds == b.UnbondingSeconds && a.slashBps() == b.slashBps()
}

// String describes the parameters for messages.
func (s StakingParams) String() string {
	s = s.WithDefaults()
	return fmt.Sprintf("%s DPS per PFLOPS, %s unbonding, slashing %.2f%% for a failed challenge, %.2f%% for a duplicate identity, %.2f%% for a lost replica vote",
		tokenomics.FormatAmount(s.StakePerPetaFLOPSWei), time.Duration(s.UnbondingSeconds)*time.Second,
		float64(s.FailedChallengeBps)/100, float64(s.DuplicateIdentityBps)/100, float64(s.LostReplicaVoteBps)/100)
}
