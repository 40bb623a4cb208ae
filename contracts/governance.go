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
)

// Bounds of AdmissionGovernor.sol's constructor.
const (
	MinVotingPeriod = time.Minute
	MaxVotingPeriod = 90 * 24 * time.Hour
	// MinThresholdBps is a simple majority: For must exceed half of For + Against.
	MinThresholdBps = 5_000
	MaxThresholdBps = 9_999
	MaxQuorumBps    = 10_000
)

// GovernanceParams are AdmissionGovernor.sol's constants, fixed at deployment.
type GovernanceParams struct {
	// Enabled deploys the governor; off, the operator admits every provider.
	Enabled bool
	// VotingPeriodSeconds is how long a proposal is open to votes; a passed proposal may be
	// executed for as long again.
	VotingPeriodSeconds uint64
	// QuorumBps: For + Abstain must reach this share of the GFL supply at the proposal's
	// snapshot. ThresholdBps: For must exceed this share of For + Against.
	QuorumBps, ThresholdBps uint16
	// TransitionEnd (UTC): until then the operator still admits alone and may veto any
	// proposal not yet executed; after it only votes admit, and nobody vetoes.
	TransitionEnd time.Time
}

// Validate refuses what the governor's constructor would refuse.
func (g GovernanceParams) Validate() error {
	if !g.Enabled {
		return nil
	}
	period := time.Duration(g.VotingPeriodSeconds) * time.Second
	switch {
	case g.VotingPeriodSeconds > uint64(MaxVotingPeriod/time.Second) || period < MinVotingPeriod:
		return fmt.Errorf("governance: voting period %ds: must be in %s..%s", g.VotingPeriodSeconds, MinVotingPeriod, MaxVotingPeriod)
	case g.QuorumBps == 0 || g.QuorumBps > MaxQuorumBps:
		return fmt.Errorf("governance: quorum %d bp: must be in 1..%d", g.QuorumBps, MaxQuorumBps)
	case g.ThresholdBps < MinThresholdBps || g.ThresholdBps > MaxThresholdBps:
		return fmt.Errorf("governance: threshold %d bp: must be in %d..%d (For must exceed that share of For + Against)", g.ThresholdBps, MinThresholdBps, MaxThresholdBps)
	case g.TransitionEnd.Unix() < 0:
		return fmt.Errorf("governance: the transition's end is before 1970")
	}
	return nil
}

// Equal compares the settings that are fixed at deployment (the transition's end to the second).
func (g GovernanceParams) Equal(o GovernanceParams) bool {
	if !g.Enabled || !o.Enabled {
		return g.Enabled == o.Enabled
	}
	return g.VotingPeriodSeconds == o.VotingPeriodSeconds && g.QuorumBps == o.QuorumBps && g.ThresholdBps == o.ThresholdBps && g.TransitionEnd.Unix() == o.TransitionEnd.Unix()
}

func (g GovernanceParams) String() string {
	if !g.Enabled {
		return "disabled"
	}
	return fmt.Sprintf("voting period %s, quorum %d bp, threshold %d bp, transition until %s", time.Duration(g.VotingPeriodSeconds)*time.Second, g.QuorumBps, g.ThresholdBps, g.TransitionEnd.UTC().Format(time.RFC3339))
}

// ErrNoGovernor: the deployment has no admission governor (admission is the operator's).
var ErrNoGovernor = errors.New("the contracts were deployed without an admission governor: the operator admits providers (gateway.economy.governance)")

// Support is a vote's side.
type Support uint8

// The sides of AdmissionGovernor.sol.
const (
	VoteAgainst Support = 0
	VoteFor     Support = 1
	VoteAbstain Support = 2
)

func (s Support) String() string {
	switch s {
	case VoteAgainst:
		return "against"
	case VoteFor:
		return "for"
	case VoteAbstain:
		return "abstain"
	}
	return fmt.Sprintf("support %d", uint8(s))
}

// ParseSupport reads "for", "against" or "abstain".
func ParseSupport(s string) (Support, error) {
	switch s {
	case "for":
		return VoteFor, nil
	case "against":
		return VoteAgainst, nil
	case "abstain":
		return VoteAbstain, nil
	}
	return 0, fmt.Errorf("%q: a vote is for, against or abstain", s)
}

// ProposalState is where a proposal stands (AdmissionGovernor.sol's State).
type ProposalState uint8

// The states of AdmissionGovernor.sol.
const (
	ProposalNone ProposalState = iota
	ProposalActive
	ProposalDefeated
	ProposalSucceeded
	ProposalExecuted
	ProposalVetoed
	ProposalExpired
)

func (s ProposalState) String() string {
	switch s {
	case ProposalNone:
		return "none"
	case ProposalActive:
		return "active"
	case ProposalDefeated:
		return "defeated"
	case ProposalSucceeded:
		return "succeeded"
	case ProposalExecuted:
		return "executed"
	case ProposalVetoed:
		return "vetoed"
	case ProposalExpired:
		return "expired"
	}
	return fmt.Sprintf("state %d", uint8(s))
}

// Proposal is an admission proposal as the governor holds it.
type Proposal struct {
	ID           uint64
	Provider     common.Address
	Proposer     common.Address
	Admission    Admission
	SnapshotID   uint32
	VoteEnd      time.Time
	State        ProposalState
	ForWei       *big.Int
	AgainstWei   *big.Int
	AbstainWei   *big.Int
	QuorumWei    *big.Int
	ExecutableBy time.Time
}

// HasGovernor says whether the deployment admits providers by vote (an admission governor).
func (d *Deployment) HasGovernor() bool { return d.Addresses.Governor != (common.Address{}) }

func (d *Deployment) requireGovernor() error {
	if !d.HasGovernor() {
		return ErrNoGovernor
	}
	return nil
}

// GovernanceSettings reads the governor's constants (Enabled false without a governor).
func (d *Deployment) GovernanceSettings(ctx context.Context) (GovernanceParams, error) {
	if d.requireGovernor() != nil {
		return GovernanceParams{}, nil
	}
	var g GovernanceParams
	r := settingsReader{contract: "AdmissionGovernor"}
	r.read("voting period", func() (e error) {
		g.VotingPeriodSeconds, e = bind.Call(d.governor, callOpts(ctx), d.Governor.PackVotingPeriod(), d.Governor.UnpackVotingPeriod)
		return
	})
	r.read("quorum", func() (e error) {
		g.QuorumBps, e = bind.Call(d.governor, callOpts(ctx), d.Governor.PackQuorumBps(), d.Governor.UnpackQuorumBps)
		return
	})
	r.read("threshold", func() (e error) {
		g.ThresholdBps, e = bind.Call(d.governor, callOpts(ctx), d.Governor.PackThresholdBps(), d.Governor.UnpackThresholdBps)
		return
	})
	r.read("transition", func() error {
		end, e := bind.Call(d.governor, callOpts(ctx), d.Governor.PackTransitionEnd(), d.Governor.UnpackTransitionEnd)
		g.TransitionEnd = time.Unix(int64(min(end, 1<<62)), 0).UTC()
		return e
	})
	g.Enabled = r.err == nil
	return g, r.err
}

// OperatorAdmits says whether the registry still takes the operator's admissions: no
// governor, or its transition lasts.
func (d *Deployment) OperatorAdmits(ctx context.Context) (bool, error) {
	ok, err := bind.Call(d.registry, callOpts(ctx), d.Registry.PackOperatorAdmits(), d.Registry.UnpackOperatorAdmits)
	if err != nil {
		return false, fmt.Errorf("reading whether the operator admits: %w", err)
	}
	return ok, nil
}

// Propose puts a provider's admission (or a raise of its capacity) to the vote, signed by key
// (the provider's own, or the gateway's), and returns the proposal's id.
func (d *Deployment) Propose(ctx context.Context, key *ecdsa.PrivateKey, provider common.Address, a Admission) (uint64, error) {
	if err := d.requireGovernor(); err != nil {
		return 0, err
	}
	if a.Registration == (common.Hash{}) {
		return 0, fmt.Errorf("proposing %s: no registration digest", provider.Hex())
	}
	rec, err := d.Chain.transact(ctx, key, d.governor, d.Governor.PackPropose(provider, a.CapacityMegaFLOPS, a.GPUs, a.Registration))
	if err != nil {
		return 0, fmt.Errorf("proposing %s: %w", provider.Hex(), err)
	}
	for _, l := range rec.Logs {
		if l.Address != d.Addresses.Governor {
			continue
		}
		if ev, err := d.Governor.UnpackProposalCreatedEvent(l); err == nil && ev.Id.IsUint64() {
			return ev.Id.Uint64(), nil
		}
	}
	return 0, fmt.Errorf("proposing %s: the receipt of %s has no ProposalCreated event", provider.Hex(), rec.TxHash.Hex())
}

// CastVote votes on a proposal with key's GFL at its snapshot, and returns the weight counted.
func (d *Deployment) CastVote(ctx context.Context, key *ecdsa.PrivateKey, id uint64, support Support) (*big.Int, error) {
	if err := d.requireGovernor(); err != nil {
		return nil, err
	}
	if support > VoteAbstain {
		return nil, fmt.Errorf("voting on proposal %d: %s is not a side", id, support)
	}
	rec, err := d.Chain.transact(ctx, key, d.governor, d.Governor.PackCastVote(new(big.Int).SetUint64(id), uint8(support)))
	if err != nil {
		return nil, fmt.Errorf("voting on proposal %d: %w", id, err)
	}
	for _, l := range rec.Logs {
		if l.Address != d.Addresses.Governor {
			continue
		}
		if ev, err := d.Governor.UnpackVoteCastEvent(l); err == nil {
			return ev.Weight, nil
		}
	}
	return nil, fmt.Errorf("voting on proposal %d: the receipt of %s has no VoteCast event", id, rec.TxHash.Hex())
}

// ExecuteProposal admits the provider of a passed proposal (anyone's key may send it).
func (d *Deployment) ExecuteProposal(ctx context.Context, key *ecdsa.PrivateKey, id uint64) error {
	if err := d.requireGovernor(); err != nil {
		return err
	}
	if _, err := d.Chain.transact(ctx, key, d.governor, d.Governor.PackExecute(new(big.Int).SetUint64(id))); err != nil {
		return fmt.Errorf("executing proposal %d: %w", id, err)
	}
	return nil
}

// VetoProposal rejects a proposal during the transition (the deployer's key: the veto role).
func (d *Deployment) VetoProposal(ctx context.Context, key *ecdsa.PrivateKey, id uint64) error {
	if err := d.requireGovernor(); err != nil {
		return err
	}
	if _, err := d.Chain.transact(ctx, key, d.governor, d.Governor.PackVeto(new(big.Int).SetUint64(id))); err != nil {
		return fmt.Errorf("vetoing proposal %d: %w", id, err)
	}
	return nil
}

// ProposalCount is the number of proposals ever made (their ids are 1..count).
func (d *Deployment) ProposalCount(ctx context.Context) (uint64, error) {
	if err := d.requireGovernor(); err != nil {
		return 0, err
	}
	n, err := bind.Call(d.governor, callOpts(ctx), d.Governor.PackProposalCount(), d.Governor.UnpackProposalCount)
	if err != nil {
		return 0, fmt.Errorf("reading the number of proposals: %w", err)
	}
	if !n.IsUint64() {
		return 0, fmt.Errorf("the governor counts %s proposals", n)
	}
	return n.Uint64(), nil
}

// ProposalByID reads one proposal, with its state and the votes its quorum needs.
func (d *Deployment) ProposalByID(ctx context.Context, id uint64) (Proposal, error) {
	ps, err := d.ProposalsByID(ctx, []uint64{id})
	if err != nil {
		return Proposal{}, err
	}
	return ps[0], nil
}

// ProposalsByID reads proposals, with their states and the votes their quorums need (the
// voting period, which fixes when each may no longer be executed, is read once).
func (d *Deployment) ProposalsByID(ctx context.Context, ids []uint64) ([]Proposal, error) {
	if err := d.requireGovernor(); err != nil {
		return nil, err
	}
	period, err := bind.Call(d.governor, callOpts(ctx), d.Governor.PackVotingPeriod(), d.Governor.UnpackVotingPeriod)
	if err != nil {
		return nil, fmt.Errorf("reading the voting period: %w", err)
	}
	out := make([]Proposal, 0, len(ids))
	for _, id := range ids {
		p, err := d.proposalAt(ctx, id, period)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

func (d *Deployment) proposalAt(ctx context.Context, id, periodSeconds uint64) (Proposal, error) {
	bid := new(big.Int).SetUint64(id)
	out, err := bind.Call(d.governor, callOpts(ctx), d.Governor.PackProposalOf(bid), d.Governor.UnpackProposalOf)
	if err != nil {
		return Proposal{}, fmt.Errorf("reading proposal %d: %w", id, err)
	}
	quorum, err := bind.Call(d.governor, callOpts(ctx), d.Governor.PackQuorumOf(bid), d.Governor.UnpackQuorumOf)
	if err != nil {
		return Proposal{}, fmt.Errorf("reading proposal %d's quorum: %w", id, err)
	}
	p := out.P
	end := time.Unix(int64(min(p.VoteEnd, 1<<62)), 0).UTC()
	return Proposal{
		ID: id, Provider: p.Provider, Proposer: p.Proposer,
		Admission:  Admission{CapacityMegaFLOPS: p.CapacityMegaFlops, GPUs: p.Gpus, Registration: p.Registration},
		SnapshotID: p.SnapshotId, VoteEnd: end, State: ProposalState(out.S),
		ForWei: p.ForVotes, AgainstWei: p.AgainstVotes, AbstainWei: p.AbstainVotes, QuorumWei: quorum,
		ExecutableBy: end.Add(time.Duration(min(periodSeconds, uint64(MaxVotingPeriod/time.Second))) * time.Second),
	}, nil
}

// LatestProposalOf is the id of a provider's latest proposal (0: none).
func (d *Deployment) LatestProposalOf(ctx context.Context, provider common.Address) (uint64, error) {
	if err := d.requireGovernor(); err != nil {
		return 0, err
	}
	n, err := bind.Call(d.governor, callOpts(ctx), d.Governor.PackLatestProposalOf(provider), d.Governor.UnpackLatestProposalOf)
	if err != nil {
		return 0, fmt.Errorf("reading %s's latest proposal: %w", provider.Hex(), err)
	}
	if !n.IsUint64() {
		return 0, fmt.Errorf("the governor names proposal %s", n)
	}
	return n.Uint64(), nil
}

// HasVoted says whether voter has voted on a proposal.
func (d *Deployment) HasVoted(ctx context.Context, id uint64, voter common.Address) (bool, error) {
	if err := d.requireGovernor(); err != nil {
		return false, err
	}
	ok, err := bind.Call(d.governor, callOpts(ctx), d.Governor.PackHasVoted(new(big.Int).SetUint64(id), voter), d.Governor.UnpackHasVoted)
	if err != nil {
		return false, fmt.Errorf("reading whether %s voted on proposal %d: %w", voter.Hex(), id, err)
	}
	return ok, nil
}

// GFLBalanceAt is an account's GFL at a snapshot: its voting weight on the proposals that
// opened it.
func (d *Deployment) GFLBalanceAt(ctx context.Context, account common.Address, snapshot uint32) (*big.Int, error) {
	b, err := bind.Call(d.gfl, callOpts(ctx), d.GFL.PackBalanceOfAt(account, snapshot), d.GFL.UnpackBalanceOfAt)
	if err != nil {
		return nil, fmt.Errorf("reading %s's GFL at snapshot %d: %w", account.Hex(), snapshot, err)
	}
	return b, nil
}

// GFLSupplyAt is the GFL supply at a snapshot: the base of its proposals' quorum.
func (d *Deployment) GFLSupplyAt(ctx context.Context, snapshot uint32) (*big.Int, error) {
	b, err := bind.Call(d.gfl, callOpts(ctx), d.GFL.PackTotalSupplyAt(snapshot), d.GFL.UnpackTotalSupplyAt)
	if err != nil {
		return nil, fmt.Errorf("reading the GFL supply at snapshot %d: %w", snapshot, err)
	}
	return b, nil
}
