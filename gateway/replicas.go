package gateway

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"
	"sort"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/site/runstate"
)

// Replicated execution (a workflow's verify: {replicas, quorum}): the submission becomes one
// job per replica, each placed on a site of its own named operator that speaks protocol 4.
// Each site reports the digest of the outputs a succeeded replica declared
// (workflows.OutputsDigest). Once every replica has ended with its cost known, or at the
// group's deadline (when the replicas still going are stopped and abstain), the group is
// decided:
//
//   - a digest that at least quorum replicas reported wins (quorum is a strict majority, so
//     at most one can). Replicas that succeeded with another digest dissent, and those that
//     succeeded without showing one withhold: the providers of both are slashed on chain
//     (Staking's LostReplicaVote). Replicas that did not succeed abstain;
//   - without a winner nobody is slashed: the gateway cannot tell a liar from a workflow
//     that is not as deterministic as declared.
//
// A replica that ends without a vote may be run again (verify.reruns) on a site of an
// operator new to the group, while the group votes, before its rerun_by, and while no
// digest has reached the quorum (store.RerunsDue); the group waits for such a rerun.
//
// The researcher pays for every replica and rerun, whatever its vote: providers are paid
// from the reward pool by their proven power, not per job, so leaving a dissent unbilled
// would only refund the researcher, who would then profit from a replica outvoted. The
// group's one escrow, locked for the whole budget, is settled for the sum once the group is
// decided; each replica and rerun was placed and billed within budget / (replicas + reruns).

// replicaBudget is what one replica of j may cost: its submission's budget shared equally
// among the replicas and the reruns it may need (the whole budget for a job that is not
// replicated), so that the sum of all of them never exceeds the escrow.
func replicaBudget(j gatewayapi.Job) (*big.Int, error) {
	budget, err := protocol.ParseWei(j.MaxCostWei)
	if err != nil {
		return nil, err
	}
	if j.Replica != nil && j.Replica.Replicas > 1 {
		budget.Quo(budget, big.NewInt(int64(j.Replica.Replicas+max(j.Replica.Reruns, 0))))
	}
	return budget, nil
}

// replicaLabel places a replicated job in its group for the dashboard: "replica 2 of 3" or,
// for a rerun, "rerun 1 of 2 for r-…", then its vote once the group is decided.
func replicaLabel(r gatewayapi.Replica) string {
	label := fmt.Sprintf("replica %d of %d", r.Index+1, r.Replicas)
	if r.Replaces != "" {
		label = fmt.Sprintf("rerun %d of %d for %s", r.Index-r.Replicas+1, r.Reruns, r.Replaces)
	}
	if r.Vote != "" {
		label += " · " + r.Vote
	}
	return label
}

// replicaProtocol is the first site protocol that reports outputs digests.
const replicaProtocol = 4

// decideVote decides a group from its members' outcomes (pure: see the comment at the top).
// A member without a cost (still going at the group's deadline) costs nothing.
func decideVote(members []gatewayapi.ReplicaMember, quorum int) (store.GroupDecision, error) {
	d := store.GroupDecision{State: gatewayapi.GroupNoQuorum, Votes: make(map[string]string, len(members))}
	counts := map[string]int{}
	for _, m := range members {
		if voted(m) {
			counts[m.OutputsSHA256]++
		}
	}
	for digest, n := range counts {
		if n >= quorum {
			d.State, d.OutputsSHA256 = gatewayapi.GroupAgreed, digest
		}
	}
	agreed := d.State == gatewayapi.GroupAgreed
	cost := new(big.Int)
	for _, m := range members {
		succeeded := m.State == string(runstate.Completed)
		vote := gatewayapi.VoteAbstained
		switch {
		case voted(m) && !agreed:
			vote = gatewayapi.VoteUndecided
		case voted(m) && m.OutputsSHA256 == d.OutputsSHA256:
			vote = gatewayapi.VoteMajority
		case voted(m):
			vote = gatewayapi.VoteDissent
		case succeeded && agreed:
			vote = gatewayapi.VoteWithheld
		}
		d.Votes[m.Job] = vote
		if m.CostWei == "" {
			continue
		}
		c, err := protocol.ParseWei(m.CostWei)
		if err != nil {
			return d, fmt.Errorf("replica %s: cost: %w", m.Job, err)
		}
		cost.Add(cost, c)
	}
	d.CostWei = cost.String()
	return d, nil
}

// voted: a replica votes with its digest when it succeeded and its site reported one.
func voted(m gatewayapi.ReplicaMember) bool {
	return m.State == string(runstate.Completed) && m.OutputsSHA256 != ""
}

// replicaEvidence keys a dissent's slash on chain: one per replica job, whatever is retried.
func replicaEvidence(group, job string) common.Hash {
	h := sha256.New()
	h.Write([]byte("petagrid replica vote\x00"))
	for _, s := range []string{group, job} {
		var n [8]byte
		binary.BigEndian.PutUint64(n[:], uint64(len(s)))
		h.Write(n[:])
		h.Write([]byte(s))
	}
	return common.BytesToHash(h.Sum(nil))
}

// replicaVoter runs again the replicas that ended without a vote, decides replica groups and
// slashes their dissents.
type replicaVoter struct {
	store   *store.Store
	slasher stakeSlasher
	// place places a rerun as soon as it is made (the placer's Place).
	place   func(ctx context.Context, j gatewayapi.Job)
	log     logrus.FieldLogger
	metrics *metrics
	now     func() time.Time
}

// replicaBatch bounds the groups decided and the slashes sent in one round.
const replicaBatch = 50

// usageGrace is how long past its deadline a group waits for the usage of a replica that
// has ended without it (sites send usage once Slurm's accounting has it), so that the
// replica is billed. Well within replicaSettleTime.
const usageGrace = 10 * time.Minute

// rerunPlacementGrace is how long past its group's rerun_by a rerun may still wait for a
// site: well within rerunDeliveryMargin, so that a site still accepts the researcher's
// signature, and within the hour kept for the sites' setup before the group's deadline.
const rerunPlacementGrace = 15 * time.Minute

// Run decides and slashes every few seconds until ctx ends.
func (v *replicaVoter) Run(ctx context.Context) {
	every(ctx, 3*time.Second, nil, v.step)
}

func (v *replicaVoter) step(ctx context.Context) {
	// Reruns first: a group whose last replica has just failed would otherwise be decided
	// without the rerun that could still reach its quorum.
	v.rerunDue(ctx)
	groups, err := v.store.GroupsToDecide(ctx, v.now(), usageGrace, replicaBatch)
	if err != nil {
		if ctx.Err() == nil {
			v.log.WithError(err).Warn("replica votes: listing the groups to decide")
		}
		return
	}
	for _, g := range groups {
		if err := v.decide(ctx, g); err != nil && ctx.Err() == nil {
			v.log.WithError(err).WithField("group", g).Warn("replica votes: deciding (retried)")
		}
	}
	v.slashDue(ctx)
}

// rerunDue runs again, each on a site of an operator new to its group, the replicas that
// ended without a vote and that their groups may still run again.
func (v *replicaVoter) rerunDue(ctx context.Context) {
	due, err := v.store.RerunsDue(ctx, v.now(), replicaBatch)
	if err != nil {
		if ctx.Err() == nil {
			v.log.WithError(err).Warn("replica reruns: listing the replicas to run again")
		}
		return
	}
	for _, replaced := range due {
		if err := v.rerun(ctx, replaced); err != nil && ctx.Err() == nil {
			v.log.WithError(err).WithField("replaces", replaced).Warn("replica reruns: running a replica again (retried)")
		}
	}
}

func (v *replicaVoter) rerun(ctx context.Context, replaced string) error {
	id, err := newJobID()
	if err != nil {
		return err
	}
	j, err := v.store.CreateRerun(ctx, replaced, id)
	if errors.Is(err, store.ErrNoRerun) {
		// Decided, cancelled or out of reruns since it was listed: nothing to do.
		v.log.WithField("replaces", replaced).WithError(err).Debug("replica reruns: not run again")
		return nil
	}
	if err != nil {
		return err
	}
	v.metrics.replicaRerun()
	group := ""
	if j.Replica != nil {
		group = j.Replica.Group
	}
	v.log.WithFields(logrus.Fields{"job": j.ID, "replaces": replaced, "group": group}).Info("a replica ended without a vote; it is run again on a site of another operator")
	v.place(ctx, j)
	return nil
}

// decide decides one group whose replicas have all ended.
func (v *replicaVoter) decide(ctx context.Context, group string) error {
	d, decided, err := v.store.DecideGroup(ctx, group, decideVote)
	if err != nil || !decided {
		return err
	}
	var dissents []string
	for job, vote := range d.Votes {
		if vote == gatewayapi.VoteDissent || vote == gatewayapi.VoteWithheld {
			dissents = append(dissents, job)
		}
	}
	sort.Strings(dissents)
	v.metrics.replicaGroup(d.State, len(dissents))
	log := v.log.WithFields(logrus.Fields{"group": group, "state": d.State, "costWei": d.CostWei})
	if d.State == gatewayapi.GroupAgreed {
		log = log.WithField("outputsSha256", d.OutputsSHA256)
	}
	if len(dissents) > 0 {
		log.WithField("dissents", dissents).Warn("replica group decided: the providers of replicas outvoted by the quorum, or that withheld their outputs' digest, are slashed")
	} else {
		log.Info("replica group decided")
	}
	return nil
}

// slashDue sends the slashes the groups' dissents owe.
func (v *replicaVoter) slashDue(ctx context.Context) {
	jobs, err := v.store.ReplicaSlashesDue(ctx, replicaBatch)
	if err != nil {
		if ctx.Err() == nil {
			v.log.WithError(err).Warn("replica votes: reading the slashes due")
		}
		return
	}
	for _, j := range jobs {
		if err := v.slash(ctx, j); err != nil && ctx.Err() == nil {
			v.log.WithError(err).WithFields(logrus.Fields{"site": j.Site, "job": j.ID}).Warn("replica votes: slashing (retried)")
		}
	}
}

func (v *replicaVoter) slash(ctx context.Context, j gatewayapi.Job) error {
	if j.Replica == nil {
		return fmt.Errorf("job %s owes a replica slash but is no replica", j.ID)
	}
	site, err := v.store.Site(ctx, j.Site)
	if err != nil {
		return err
	}
	log := v.log.WithFields(logrus.Fields{"site": j.Site, "job": j.ID, "group": j.Replica.Group})
	state, amount, err := slashProvider(ctx, v.slasher, log, site, contracts.SlashLostReplicaVote, replicaEvidence(j.Replica.Group, j.ID))
	if err != nil {
		return err
	}
	return v.store.SetReplicaSlash(ctx, j.ID, state, amount)
}
