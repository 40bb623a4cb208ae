package gateway

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/store"
)

// ErrAdmissionByVote refuses an operator's approval once the governor's transition is over:
// the site is put to the vote instead.
var ErrAdmissionByVote = errors.New("admission is by vote")

// ErrNoGovernance refuses governance requests on a grid deployed without a governor.
var ErrNoGovernance = errors.New("this grid was deployed without admission by vote (gateway.economy.governance)")

// ErrProposal is a proposal the governor refuses (one open already, the candidate already
// admitted or suspended, a state that allows no veto).
var ErrProposal = errors.New("proposal refused")

// Bounds of what one request or one pass reads from the governor.
const (
	// MaxProposalsListed is the newest proposals a list shows.
	MaxProposalsListed = 100
	// maxProposalsFollowed is how many open proposals one pass of the follower reads.
	maxProposalsFollowed = 100
	// admissionsInterval is how often the follower looks at the votes.
	admissionsInterval = 5 * time.Second
)

// Propose puts a pending site's registration to the GFL holders' vote, with the checks an
// approval makes first (the registration reviewed is the current one, no device another site
// holds, the stake its capacity needs): a passed proposal must be executable.
func (r *registry) Propose(ctx context.Context, name string, reviewed common.Hash, op common.Address) (gatewayapi.ProposalView, error) {
	if r.deploy.Addresses.Governor == (common.Address{}) {
		return gatewayapi.ProposalView{}, ErrNoGovernance
	}
	r.siteMu.Lock()
	defer r.siteMu.Unlock()
	s, err := r.store.Site(ctx, name)
	if err != nil {
		return gatewayapi.ProposalView{}, err
	}
	if s.Status != store.SitePending {
		return gatewayapi.ProposalView{}, fmt.Errorf("%w: %s is %s; only a pending site (new, or registering more than it was approved with) is put to the vote", ErrProposal, name, s.Status)
	}
	current := common.Hash(s.Registration.Digest())
	if reviewed != current {
		return gatewayapi.ProposalView{}, fmt.Errorf("%w: %s now registers %d MFLOPS and %d GPUs (digest %s), not the registration %s: list the providers and review it again",
			ErrRegistrationChanged, name, s.Registration.Inventory.CapacityMegaFLOPS, s.Registration.Inventory.GPUs, current.Hex(), reviewed.Hex())
	}
	inv := s.Registration.Inventory
	addr := common.HexToAddress(s.Address)
	if err := r.checkDevices(ctx, name); err != nil {
		return gatewayapi.ProposalView{}, err
	}
	if err := r.checkStake(ctx, name, addr, inv.CapacityMegaFLOPS); err != nil {
		return gatewayapi.ProposalView{}, err
	}
	id, err := r.deploy.Propose(ctx, r.key, addr, contracts.Admission{CapacityMegaFLOPS: inv.CapacityMegaFLOPS, GPUs: uint32(inv.GPUs), Registration: current})
	r.metrics.observeChain(chainRegistry, err)
	if err != nil {
		return gatewayapi.ProposalView{}, governorRefusal(err)
	}
	r.log.WithField("site", name).WithField("proposal", id).WithField("operator", op.Hex()).WithField("registration", current.Hex()).Info("site put to the GFL holders' vote")
	return r.Proposal(ctx, id)
}

// governorRefusal names a governor's revert as a refusal of the request.
func governorRefusal(err error) error {
	var revert *contracts.RevertError
	if errors.As(err, &revert) {
		switch revert.Name {
		case "ProposalOpen":
			return fmt.Errorf("%w: the site has a proposal open to votes or waiting to be executed (petagrid gateway proposals list)", ErrProposal)
		case "AlreadyAdmitted":
			return fmt.Errorf("%w: the site is admitted with at least that capacity: approve it", ErrProposal)
		case "NotAdmissible":
			return fmt.Errorf("%w: the site is suspended in the registry: reinstating it is the operator's decision", ErrProposal)
		case "InsufficientStake":
			return fmt.Errorf("%w: the stake no longer covers the capacity", ErrInsufficientStake)
		case "TransitionOver":
			return fmt.Errorf("%w: the operator's transition is over, and with it the veto", ErrProposal)
		case "NotActive", "NotSucceeded":
			return fmt.Errorf("%w: %v", ErrProposal, err)
		}
	}
	return err
}

// Proposal reads one proposal with the candidate's record at this gateway.
func (r *registry) Proposal(ctx context.Context, id uint64) (gatewayapi.ProposalView, error) {
	if r.deploy.Addresses.Governor == (common.Address{}) {
		return gatewayapi.ProposalView{}, ErrNoGovernance
	}
	count, err := r.deploy.ProposalCount(ctx)
	r.metrics.observeChain(chainRead, err)
	if err != nil {
		return gatewayapi.ProposalView{}, err
	}
	if id == 0 || id > count {
		return gatewayapi.ProposalView{}, fmt.Errorf("no proposal %d (there are %d): %w", id, count, store.ErrNotFound)
	}
	p, err := r.deploy.ProposalByID(ctx, id)
	r.metrics.observeChain(chainRead, err)
	if err != nil {
		return gatewayapi.ProposalView{}, err
	}
	return r.proposalView(ctx, p), nil
}

// Proposals lists the newest proposals (limit, at most MaxProposalsListed), newest first.
func (r *registry) Proposals(ctx context.Context, limit int) ([]gatewayapi.ProposalView, error) {
	limit = min(max(limit, 1), MaxProposalsListed)
	if r.deploy.Addresses.Governor == (common.Address{}) {
		return nil, ErrNoGovernance
	}
	count, err := r.deploy.ProposalCount(ctx)
	r.metrics.observeChain(chainRead, err)
	if err != nil {
		return nil, err
	}
	out := []gatewayapi.ProposalView{}
	for id := count; id >= 1 && len(out) < limit; id-- {
		p, err := r.deploy.ProposalByID(ctx, id)
		r.metrics.observeChain(chainRead, err)
		if err != nil {
			return nil, err
		}
		out = append(out, r.proposalView(ctx, p))
	}
	return out, nil
}

// proposalView is a proposal with what voters weigh: the site behind the key, whether the
// proposal is still its registration, its stake, the devices it shares with admitted sites
// and its challenges (all the gateway's; a read that fails leaves its part out).
func (r *registry) proposalView(ctx context.Context, p contracts.Proposal) gatewayapi.ProposalView {
	v := gatewayapi.ProposalView{ID: p.ID, Provider: p.Provider, Proposer: p.Proposer, CapacityMegaFLOPS: p.Admission.CapacityMegaFLOPS, GPUs: p.Admission.GPUs,
		Registration: p.Admission.Registration, State: p.State.String(), Snapshot: p.SnapshotID, VoteEnd: p.VoteEnd, ExecutableBy: p.ExecutableBy,
		ForWei: p.ForWei.String(), AgainstWei: p.AgainstWei.String(), AbstainWei: p.AbstainWei.String(), QuorumWei: p.QuorumWei.String()}
	s, err := r.store.SiteByAddress(ctx, p.Provider.Hex())
	if err != nil {
		return v
	}
	rec := &gatewayapi.CandidateRecord{Site: s.Name, Status: s.Status, CurrentRegistration: common.Hash(s.Registration.Digest()) == p.Admission.Registration}
	if shared, err := r.store.SharedDevicesOf(ctx, s.Name); err == nil && shared != nil {
		rec.SharedDevices = shared.Count
	}
	if stake, err := r.deploy.StakeOf(ctx, p.Provider); err == nil {
		rec.StakeBondedWei = stake.BondedWei.String()
	}
	if tallies, err := r.store.ChallengeTallies(ctx, time.Unix(0, 0).UTC(), r.now()); err == nil {
		rec.Challenges = tallies[s.Name]
	}
	if reps, err := r.store.Reports(ctx, -1, s.Name); err == nil {
		rec.AcceptedReports = len(reps)
	}
	v.Record = rec
	return v
}

// Veto rejects a proposal during the operator's transition.
func (r *registry) Veto(ctx context.Context, id uint64, reason string, op common.Address) (gatewayapi.ProposalView, error) {
	if r.deploy.Addresses.Governor == (common.Address{}) {
		return gatewayapi.ProposalView{}, ErrNoGovernance
	}
	err := r.deploy.VetoProposal(ctx, r.key, id)
	r.metrics.observeChain(chainRegistry, err)
	if err != nil {
		return gatewayapi.ProposalView{}, governorRefusal(err)
	}
	r.log.WithField("proposal", id).WithField("operator", op.Hex()).WithField("reason", reason).Info("proposal vetoed")
	return r.Proposal(ctx, id)
}

// admissionFollower executes the proposals the holders passed and approves, in the gateway's
// state, the pending sites the registry admitted by vote. Anyone may execute a passed
// proposal; the gateway does so at once, paying the gas, so that a vote's outcome does not
// wait for someone to care.
type admissionFollower struct {
	reg *registry
	// from is the lowest proposal id that may still change: every one below is final.
	from uint64
	// failed is the last error executing each proposal, logged once rather than at every
	// pass (a vote the operator's own admission made moot fails until it expires).
	failed map[uint64]string
}

// Run follows the votes until ctx ends (nothing to do without a governor).
func (f *admissionFollower) Run(ctx context.Context) {
	if f.reg.deploy.Addresses.Governor == (common.Address{}) {
		return
	}
	t := time.NewTicker(admissionsInterval)
	defer t.Stop()
	for {
		f.pass(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// pass executes passed proposals, then approves the sites they admitted.
func (f *admissionFollower) pass(ctx context.Context) {
	r := f.reg
	count, err := r.deploy.ProposalCount(ctx)
	r.metrics.observeChain(chainRead, err)
	if err != nil {
		r.log.WithError(err).Warn("reading the admission proposals")
		return
	}
	if f.from == 0 {
		f.from = 1
	}
	final := true
	for id := f.from; id <= count && id < f.from+maxProposalsFollowed; id++ {
		p, err := r.deploy.ProposalByID(ctx, id)
		r.metrics.observeChain(chainRead, err)
		if err != nil {
			r.log.WithError(err).WithField("proposal", id).Warn("reading an admission proposal")
			return
		}
		if p.State == contracts.ProposalSucceeded {
			err := r.deploy.ExecuteProposal(ctx, r.key, id)
			r.metrics.observeChain(chainRegistry, err)
			if err != nil {
				if f.failed == nil {
					f.failed = map[uint64]string{}
				}
				if f.failed[id] != err.Error() {
					f.failed[id] = err.Error()
					r.log.WithError(governorRefusal(err)).WithField("proposal", id).WithField("provider", p.Provider.Hex()).
						Warn("executing a proposal the holders passed (retried until it expires; anyone may execute it)")
				}
			} else {
				delete(f.failed, id)
				r.log.WithField("proposal", id).WithField("provider", p.Provider.Hex()).Info("proposal passed by the GFL holders executed: the provider is admitted")
				p.State = contracts.ProposalExecuted
			}
		}
		switch p.State {
		case contracts.ProposalActive, contracts.ProposalSucceeded:
			final = false
		default:
			delete(f.failed, id)
			if final {
				f.from = id + 1
			}
		}
	}
	f.approveAdmitted(ctx)
}

// approveAdmitted approves the pending sites whose current registration the registry admitted
// (by a vote: the operator's own approvals go through SetStatus), with the checks an approval
// makes. A site that registered something else since stays pending.
func (f *admissionFollower) approveAdmitted(ctx context.Context) {
	r := f.reg
	sites, err := r.store.Sites(ctx)
	if err != nil {
		r.log.WithError(err).Warn("listing the sites to follow the votes")
		return
	}
	for _, s := range sites {
		if s.Status != store.SitePending || ctx.Err() != nil {
			continue
		}
		on, err := r.deploy.Provider(ctx, common.HexToAddress(s.Address))
		r.metrics.observeChain(chainRead, err)
		digest := common.Hash(s.Registration.Digest())
		if err != nil || on.Status != contracts.ProviderAdmitted || on.Registration != digest {
			continue
		}
		if _, err := r.SetStatus(ctx, s.Name, store.SiteApproved, "admitted by the GFL holders' vote", "", digest, common.Address{}); err != nil {
			r.log.WithError(err).WithField("site", s.Name).Warn("the registry admitted the site by vote, but the gateway does not approve it yet (retried)")
		}
	}
}
