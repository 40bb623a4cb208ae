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
func (r *registry) Propose(ctx context.Context, name string, reviewed common.Hash, reason string, op common.Address) (gatewayapi.ProposalView, error) {
	if !r.deploy.HasGovernor() {
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
	current, err := reviewedRegistration(s, reviewed)
	if err != nil {
		return gatewayapi.ProposalView{}, err
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
	r.log.WithField("site", name).WithField("proposal", id).WithField("operator", op.Hex()).WithField("registration", current.Hex()).WithField("reason", reason).
		Info("site put to the GFL holders' vote")
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
	if err := r.proposalExists(ctx, id); err != nil {
		return gatewayapi.ProposalView{}, err
	}
	views, err := r.proposalViews(ctx, []uint64{id})
	if err != nil {
		return gatewayapi.ProposalView{}, err
	}
	return views[0], nil
}

// proposalExists is store.ErrNotFound for an id the governor never gave (ErrNoGovernance
// without a governor).
func (r *registry) proposalExists(ctx context.Context, id uint64) error {
	if !r.deploy.HasGovernor() {
		return ErrNoGovernance
	}
	count, err := r.deploy.ProposalCount(ctx)
	r.metrics.observeChain(chainRead, err)
	if err != nil {
		return err
	}
	if id == 0 || id > count {
		return fmt.Errorf("no proposal %d (there are %d): %w", id, count, store.ErrNotFound)
	}
	return nil
}

// Proposals lists the newest proposals (limit, at most MaxProposalsListed), newest first.
func (r *registry) Proposals(ctx context.Context, limit int) ([]gatewayapi.ProposalView, error) {
	if !r.deploy.HasGovernor() {
		return nil, ErrNoGovernance
	}
	limit = min(max(limit, 1), MaxProposalsListed)
	count, err := r.deploy.ProposalCount(ctx)
	r.metrics.observeChain(chainRead, err)
	if err != nil {
		return nil, err
	}
	var ids []uint64
	for id := count; id >= 1 && len(ids) < limit; id-- {
		ids = append(ids, id)
	}
	return r.proposalViews(ctx, ids)
}

// proposalViews reads proposals with what voters weigh: the site behind the key, whether the
// proposal is still its registration, its stake, the devices it shares with admitted sites,
// its accepted reports and its challenges (all the gateway's; a read of the record that fails
// leaves its part out). The challenge tallies are read once for all.
func (r *registry) proposalViews(ctx context.Context, ids []uint64) ([]gatewayapi.ProposalView, error) {
	ps, err := r.deploy.ProposalsByID(ctx, ids)
	r.metrics.observeChain(chainRead, err)
	if err != nil {
		return nil, err
	}
	tallies, err := r.store.ChallengeTallies(ctx, time.Unix(0, 0).UTC(), r.now())
	if err != nil {
		tallies = nil
	}
	out := make([]gatewayapi.ProposalView, 0, len(ps))
	for _, p := range ps {
		out = append(out, r.proposalView(ctx, p, tallies))
	}
	return out, nil
}

func (r *registry) proposalView(ctx context.Context, p contracts.Proposal, tallies map[string]gatewayapi.ChallengeTally) gatewayapi.ProposalView {
	v := gatewayapi.ProposalView{ID: p.ID, Provider: p.Provider, Proposer: p.Proposer, CapacityMegaFLOPS: p.Admission.CapacityMegaFLOPS, GPUs: p.Admission.GPUs,
		Registration: p.Admission.Registration, State: p.State.String(), Snapshot: p.SnapshotID, VoteEnd: p.VoteEnd, ExecutableBy: p.ExecutableBy,
		ForWei: p.ForWei.String(), AgainstWei: p.AgainstWei.String(), AbstainWei: p.AbstainWei.String(), QuorumWei: p.QuorumWei.String()}
	s, err := r.store.SiteByAddress(ctx, p.Provider.Hex())
	if err != nil {
		return v
	}
	rec := &gatewayapi.CandidateRecord{Site: s.Name, Status: s.Status, CurrentRegistration: isRegistration(s, p.Admission), Challenges: tallies[s.Name]}
	if shared, err := r.store.SharedDevicesOf(ctx, s.Name); err == nil && shared != nil {
		rec.SharedDevices = shared.Count
	}
	stake, err := r.deploy.StakeOf(ctx, p.Provider)
	r.metrics.observeChain(chainRead, err)
	if err == nil {
		rec.StakeBondedWei = stake.BondedWei.String()
	}
	if n, err := r.store.CountReports(ctx, s.Name); err == nil {
		rec.AcceptedReports = n
	}
	v.Record = rec
	return v
}

// isRegistration says whether an admission is the site's current registration: its digest,
// and the capacity and GPUs the registry would hold (a candidate proposing itself names
// them apart from the digest).
func isRegistration(s gatewayapi.Site, a contracts.Admission) bool {
	inv := s.Registration.Inventory
	return common.Hash(s.Registration.Digest()) == a.Registration && inv.CapacityMegaFLOPS == a.CapacityMegaFLOPS && uint64(inv.GPUs) == uint64(a.GPUs)
}

// Veto rejects a proposal during the operator's transition.
func (r *registry) Veto(ctx context.Context, id uint64, reason string, op common.Address) (gatewayapi.ProposalView, error) {
	if err := r.proposalExists(ctx, id); err != nil {
		return gatewayapi.ProposalView{}, err
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
// wait for someone to care. Each pass reads a bounded number of proposals: up to
// maxProposalsFollowed of those still open, and as many new ones.
type admissionFollower struct {
	reg *registry
	// scanned is the highest proposal id read at least once; open are the ids read that
	// were still active or waiting to be executed, oldest first.
	scanned uint64
	open    []uint64
	// admitted are the providers of executed proposals (with the proposal), whose sites the
	// gateway approves once their registration is the one voted on.
	admitted map[common.Address]uint64
	// logged is the last problem logged per proposal or site, so that one that lasts is
	// logged once rather than at every pass.
	logged map[string]string
}

// Run follows the votes until ctx ends (nothing to do without a governor).
func (f *admissionFollower) Run(ctx context.Context) {
	if !f.reg.deploy.HasGovernor() {
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

// logOnce logs msg for key unless the same problem was the last logged for it; an empty
// problem clears it.
func (f *admissionFollower) logOnce(key, problem string, log func()) {
	if f.logged == nil {
		f.logged = map[string]string{}
	}
	if problem == "" {
		delete(f.logged, key)
		return
	}
	if f.logged[key] != problem {
		f.logged[key] = problem
		log()
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
	batch := f.open[:min(len(f.open), maxProposalsFollowed)]
	rest := f.open[len(batch):]
	to := min(count, f.scanned+maxProposalsFollowed)
	ids := append([]uint64(nil), batch...)
	for id := f.scanned + 1; id <= to; id++ {
		ids = append(ids, id)
	}
	ps, err := r.deploy.ProposalsByID(ctx, ids)
	r.metrics.observeChain(chainRead, err)
	if err != nil {
		r.log.WithError(err).Warn("reading the admission proposals")
		return
	}
	f.scanned = max(f.scanned, to)
	var open []uint64
	for _, p := range ps {
		if p.State == contracts.ProposalSucceeded {
			f.execute(ctx, &p)
		}
		switch p.State {
		case contracts.ProposalActive, contracts.ProposalSucceeded:
			open = append(open, p.ID)
		case contracts.ProposalExecuted:
			if f.admitted == nil {
				f.admitted = map[common.Address]uint64{}
			}
			f.admitted[p.Provider] = p.ID
			f.logOnce(fmt.Sprint("proposal ", p.ID), "", nil)
		default:
			f.logOnce(fmt.Sprint("proposal ", p.ID), "", nil)
		}
	}
	// Those not read this pass go after those read: each open proposal is read in turn.
	f.open = append(append([]uint64(nil), rest...), open...)
	f.approveAdmitted(ctx)
}

// execute executes a passed proposal (p.State becomes executed when it is).
func (f *admissionFollower) execute(ctx context.Context, p *contracts.Proposal) {
	r := f.reg
	err := r.deploy.ExecuteProposal(ctx, r.key, p.ID)
	r.metrics.observeChain(chainRegistry, err)
	if err != nil {
		// A vote the operator's own admission or suspension made moot fails until it expires.
		f.logOnce(fmt.Sprint("proposal ", p.ID), err.Error(), func() {
			r.log.WithError(governorRefusal(err)).WithField("proposal", p.ID).WithField("provider", p.Provider.Hex()).
				Warn("executing a proposal the holders passed (retried until it expires; anyone may execute it)")
		})
		return
	}
	r.log.WithField("proposal", p.ID).WithField("provider", p.Provider.Hex()).Info("proposal passed by the GFL holders executed: the provider is admitted")
	p.State = contracts.ProposalExecuted
}

// approveAdmitted approves the pending sites of executed proposals once the registry admits
// their current registration (its digest, capacity and GPUs), with the checks an approval
// makes. A site that registered something else since stays pending, and is approved if it
// registers the admitted registration again; a site no longer pending is done with.
func (f *admissionFollower) approveAdmitted(ctx context.Context) {
	r := f.reg
	for addr, id := range f.admitted {
		if ctx.Err() != nil {
			return
		}
		s, err := r.store.SiteByAddress(ctx, addr.Hex())
		if err != nil || s.Status != store.SitePending {
			if err == nil || errors.Is(err, store.ErrNotFound) {
				delete(f.admitted, addr)
			}
			continue
		}
		key := "site " + s.Name
		on, err := r.deploy.Provider(ctx, addr)
		r.metrics.observeChain(chainRead, err)
		if err != nil {
			continue
		}
		if on.Status != contracts.ProviderAdmitted || !isRegistration(s, contracts.Admission{CapacityMegaFLOPS: on.CapacityMegaFLOPS, GPUs: on.GPUs, Registration: on.Registration}) {
			f.logOnce(key, "registers another", func() {
				r.log.WithField("site", s.Name).WithField("proposal", id).WithField("admitted", on.Registration.Hex()).
					Warn("the GFL holders admitted the site, but it now registers something else: it stays pending until it registers what was admitted, or is proposed again")
			})
			continue
		}
		digest := common.Hash(s.Registration.Digest())
		if _, err := r.SetStatus(ctx, s.Name, store.SiteApproved, fmt.Sprintf("admitted by the GFL holders' vote (proposal %d)", id), "", digest, common.Address{}); err != nil {
			f.logOnce(key, err.Error(), func() {
				r.log.WithError(err).WithField("site", s.Name).WithField("proposal", id).Warn("the registry admitted the site by vote, but the gateway does not approve it yet (retried)")
			})
			continue
		}
		f.logOnce(key, "", nil)
		delete(f.admitted, addr)
	}
}
