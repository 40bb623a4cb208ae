package contracts

import (
	"crypto/ecdsa"
	"errors"
	"math/big"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/petagrid/petagrid/tokenomics"
)

// votingPeriod is longer than an epoch, so that a rebalance can happen during a vote.
const votingPeriod = 20 * day

// newGovernedWorld is newWorld with admission by vote: a 20-day vote, a 40 % quorum, a simple
// majority, and a transition of transitionDays from genesis.
func newGovernedWorld(t *testing.T, providers int, transitionDays int) *world {
	t.Helper()
	return newWorldWith(t, providers, tokenomics.MustAmount("50"), tokenomics.MustAmount("1000"), func(p *Params) {
		p.Governance = GovernanceParams{Enabled: true, VotingPeriodSeconds: uint64(votingPeriod / time.Second), QuorumBps: 4_000, ThresholdBps: 5_000,
			TransitionEnd: p.Genesis.Add(time.Duration(transitionDays) * day)}
	})
}

// fundedKey is a new key with gas money: a candidate, or a provider's new key.
func (w *world) fundedKey() *ecdsa.PrivateKey {
	w.t.Helper()
	k := key(w.t)
	w.ok(w.d.Chain.SendETH(w.ctx, w.deployer, addrOf(k), big.NewInt(1e18)))
	return k
}

func registrationOf(a common.Address) common.Hash {
	return crypto.Keccak256Hash(a[:], []byte("candidate"))
}

func (w *world) proposal(id uint64) Proposal {
	w.t.Helper()
	p, err := w.d.ProposalByID(w.ctx, id)
	w.ok(err)
	return p
}

func gfl(s string) *big.Int { return tokenomics.MustAmount(s) }

// TestAdmissionByVote walks a candidate through a vote: who may propose, weights at the
// snapshot even after a rebalance, one vote each, the quorum and threshold, execution into
// the registry, and a raise of an admitted capacity.
func TestAdmissionByVote(t *testing.T) {
	w := newGovernedWorld(t, 3, 100)
	p0, p1, p2 := w.providers[0], w.providers[1], w.providers[2]
	state := tokenomics.NewState(w.params.Genesis, tokenomics.MustAmount("1000"))
	state = w.settle(state, 0, map[common.Address]*big.Int{addrOf(p0): gfl("3"), addrOf(p1): gfl("2"), addrOf(p2): gfl("1")}, new(big.Int))

	cand := w.fundedKey()
	adm := Admission{CapacityMegaFLOPS: 2_000_000_000, GPUs: 16, Registration: registrationOf(addrOf(cand))}
	_, err := w.d.Propose(w.ctx, p0, addrOf(cand), adm)
	wantRevert(t, err, "NotProposer")
	_, err = w.d.Propose(w.ctx, cand, addrOf(cand), Admission{CapacityMegaFLOPS: 1, GPUs: 1})
	if err == nil {
		t.Fatal("a proposal without a registration digest was sent")
	}
	_, err = w.d.Propose(w.ctx, cand, addrOf(cand), Admission{GPUs: 1, Registration: registrationOf(addrOf(cand))})
	wantRevert(t, err, "ZeroCapacity")
	_, err = w.d.Propose(w.ctx, w.gateway, addrOf(p0), Admission{CapacityMegaFLOPS: testCapacityMegaFLOPS, GPUs: 8, Registration: registrationOf(addrOf(p0))})
	wantRevert(t, err, "AlreadyAdmitted")
	id, err := w.d.Propose(w.ctx, cand, addrOf(cand), adm)
	w.ok(err)
	if id != 1 {
		t.Fatalf("first proposal id %d", id)
	}
	_, err = w.d.Propose(w.ctx, w.gateway, addrOf(cand), adm)
	wantRevert(t, err, "ProposalOpen")

	vote := func(k *ecdsa.PrivateKey, s Support, want string) {
		t.Helper()
		got, err := w.d.CastVote(w.ctx, k, id, s)
		w.ok(err)
		if got.Cmp(gfl(want)) != 0 {
			t.Errorf("%s voted %s with %s GFL, want %s (its balance at the snapshot)", addrOf(k).Hex(), s, tokenomics.FormatAmount(got), want)
		}
	}
	vote(p0, VoteFor, "3")
	_, err = w.d.CastVote(w.ctx, p0, id, VoteAgainst)
	wantRevert(t, err, "AlreadyVoted")
	_, err = w.d.CastVote(w.ctx, cand, id, VoteFor)
	wantRevert(t, err, "NoVotingPower")
	// An epoch closes during the vote: p1 rises to 5 GFL and p0 falls, but the vote weighs
	// the balances the proposal's snapshot holds.
	state = w.settle(state, 1, map[common.Address]*big.Int{addrOf(p0): gfl("0.5"), addrOf(p1): gfl("5"), addrOf(p2): gfl("1")}, new(big.Int))
	if b, _ := w.d.GFLBalance(w.ctx, addrOf(p1)); b.Cmp(gfl("5")) != 0 {
		t.Fatalf("p1 holds %s GFL after the rebalance", tokenomics.FormatAmount(b))
	}
	vote(p1, VoteAgainst, "2")
	vote(p2, VoteAbstain, "1")
	p := w.proposal(id)
	if p.State != ProposalActive || p.ForWei.Cmp(gfl("3")) != 0 || p.AgainstWei.Cmp(gfl("2")) != 0 || p.AbstainWei.Cmp(gfl("1")) != 0 {
		t.Fatalf("proposal during the vote: %+v", p)
	}
	// 40 % of the snapshot's 6 GFL.
	if p.QuorumWei.Cmp(gfl("2.4")) != 0 {
		t.Errorf("quorum %s GFL, want 2.4", tokenomics.FormatAmount(p.QuorumWei))
	}
	wantRevert(t, w.d.ExecuteProposal(w.ctx, p2, id), "NotSucceeded")
	w.ok(w.sim.AdjustTime(votingPeriod - period + time.Second))
	if p := w.proposal(id); p.State != ProposalSucceeded {
		t.Fatalf("after the vote: %s", p.State)
	}
	// Anyone executes: the registry admits the registration voted on.
	w.ok(w.d.ExecuteProposal(w.ctx, p2, id))
	on, err := w.d.Provider(w.ctx, addrOf(cand))
	w.ok(err)
	if on.Status != ProviderAdmitted || on.CapacityMegaFLOPS != adm.CapacityMegaFLOPS || on.GPUs != adm.GPUs || on.Registration != adm.Registration {
		t.Fatalf("the candidate in the registry: %+v", on)
	}
	wantRevert(t, w.d.ExecuteProposal(w.ctx, p2, id), "NotSucceeded")
	if p := w.proposal(id); p.State != ProposalExecuted {
		t.Fatalf("after execution: %s", p.State)
	}

	// A raise of the admitted capacity goes to a vote too; the operator lowers alone.
	raise := Admission{CapacityMegaFLOPS: 3_000_000_000, GPUs: 24, Registration: crypto.Keccak256Hash([]byte("raise"))}
	id, err = w.d.Propose(w.ctx, w.gateway, addrOf(cand), raise)
	w.ok(err)
	vote(p0, VoteFor, "0.5")
	vote(p1, VoteFor, "5")
	w.ok(w.sim.AdjustTime(votingPeriod + time.Second))
	w.ok(w.d.ExecuteProposal(w.ctx, cand, id))
	if on, _ := w.d.Provider(w.ctx, addrOf(cand)); on.CapacityMegaFLOPS != raise.CapacityMegaFLOPS || on.Registration != raise.Registration {
		t.Fatalf("after the raise: %+v", on)
	}
	_ = state
}

// TestNoAdmissionWithoutQuorumOrMajority: too few votes, a tie, and a proposal left
// unexecuted past its window all fail to admit.
func TestNoAdmissionWithoutQuorumOrMajority(t *testing.T) {
	w := newGovernedWorld(t, 3, 100)
	p0, p1, p2 := w.providers[0], w.providers[1], w.providers[2]
	state := tokenomics.NewState(w.params.Genesis, tokenomics.MustAmount("1000"))
	w.settle(state, 0, map[common.Address]*big.Int{addrOf(p0): gfl("1"), addrOf(p1): gfl("4"), addrOf(p2): gfl("5")}, new(big.Int))
	run := func(name string, votes map[*ecdsa.PrivateKey]Support, wait time.Duration, want ProposalState) {
		t.Helper()
		cand := w.fundedKey()
		id, err := w.d.Propose(w.ctx, cand, addrOf(cand), Admission{CapacityMegaFLOPS: 1_000_000, GPUs: 1, Registration: registrationOf(addrOf(cand))})
		w.ok(err)
		for k, s := range votes {
			_, err := w.d.CastVote(w.ctx, k, id, s)
			w.ok(err)
		}
		w.ok(w.sim.AdjustTime(wait))
		if got := w.proposal(id).State; got != want {
			t.Errorf("%s: %s, want %s", name, got, want)
		}
		if want != ProposalSucceeded {
			wantRevert(t, w.d.ExecuteProposal(w.ctx, cand, id), "NotSucceeded")
			if on, _ := w.d.Provider(w.ctx, addrOf(cand)); on.Status != ProviderUnknown {
				t.Errorf("%s: the candidate was admitted", name)
			}
		}
	}
	// Quorum is 4 GFL of 10: 1 For + 0 Abstain falls short although nobody is against.
	run("below quorum", map[*ecdsa.PrivateKey]Support{p0: VoteFor}, votingPeriod, ProposalDefeated)
	// 4 Abstain + 1 For meets the quorum, and For has all the For + Against.
	run("quorum with abstentions", map[*ecdsa.PrivateKey]Support{p0: VoteFor, p1: VoteAbstain}, votingPeriod, ProposalSucceeded)
	// 5 For against 5 Against is no majority.
	run("tie", map[*ecdsa.PrivateKey]Support{p0: VoteFor, p1: VoteFor, p2: VoteAgainst}, votingPeriod, ProposalDefeated)
	// Abstentions alone never admit.
	run("abstentions only", map[*ecdsa.PrivateKey]Support{p2: VoteAbstain, p1: VoteAbstain}, votingPeriod, ProposalDefeated)
	// Passed but never executed within a second voting period.
	run("expired", map[*ecdsa.PrivateKey]Support{p2: VoteFor}, 2*votingPeriod, ProposalExpired)
}

// TestGovernanceSnapshotsAndMigration: a migrated balance votes once (the new key had nothing
// at the snapshot), and a provider admitted after a proposal has no weight in it.
func TestGovernanceSnapshotsAndMigration(t *testing.T) {
	w := newGovernedWorld(t, 2, 100)
	p0, p1 := w.providers[0], w.providers[1]
	state := tokenomics.NewState(w.params.Genesis, tokenomics.MustAmount("1000"))
	w.settle(state, 0, map[common.Address]*big.Int{addrOf(p0): gfl("3"), addrOf(p1): gfl("1")}, new(big.Int))
	cand := w.fundedKey()
	id, err := w.d.Propose(w.ctx, cand, addrOf(cand), Admission{CapacityMegaFLOPS: 1_000_000, GPUs: 1, Registration: registrationOf(addrOf(cand))})
	w.ok(err)
	// p0 lost its key: its 3 GFL move to a new one after the snapshot.
	fresh := w.fundedKey()
	w.admit(testCapacityMegaFLOPS, addrOf(fresh))
	w.ok(w.d.MigrateGFL(w.ctx, w.gateway, addrOf(p0), addrOf(fresh)))
	_, err = w.d.CastVote(w.ctx, fresh, id, VoteFor)
	wantRevert(t, err, "NoVotingPower")
	got, err := w.d.CastVote(w.ctx, p0, id, VoteFor)
	w.ok(err)
	if got.Cmp(gfl("3")) != 0 {
		t.Errorf("the old key votes %s GFL, want its 3 at the snapshot", tokenomics.FormatAmount(got))
	}
	if b, _ := w.d.GFLBalanceAt(w.ctx, addrOf(fresh), w.proposal(id).SnapshotID); b.Sign() != 0 {
		t.Errorf("the new key held %s GFL at the snapshot", b)
	}
	if s, _ := w.d.GFLSupplyAt(w.ctx, w.proposal(id).SnapshotID); s.Cmp(gfl("4")) != 0 {
		t.Errorf("supply at the snapshot %s", s)
	}
	// Snapshots that were never taken are refused, not read as zero.
	if _, err := w.d.GFLSupplyAt(w.ctx, 0); err == nil {
		t.Error("snapshot 0 read")
	}
	if _, err := w.d.GFLSupplyAt(w.ctx, 99); err == nil {
		t.Error("a future snapshot read")
	}
}

// TestOperatorTransition: during the transition the operator admits alone and vetoes; after
// it, only votes admit or raise, nobody vetoes, and the operator still suspends and lowers.
func TestOperatorTransition(t *testing.T) {
	w := newGovernedWorld(t, 2, 30)
	p0, p1 := w.providers[0], w.providers[1]
	state := tokenomics.NewState(w.params.Genesis, tokenomics.MustAmount("1000"))
	w.settle(state, 0, map[common.Address]*big.Int{addrOf(p0): gfl("3"), addrOf(p1): gfl("1")}, new(big.Int))
	if ok, err := w.d.OperatorAdmits(w.ctx); err != nil || !ok {
		t.Fatalf("during the transition the operator admits: %v %v", ok, err)
	}
	direct := common.BigToAddress(big.NewInt(0xd1))
	w.ok(w.d.AdmitProvider(w.ctx, w.deployer, direct, Admission{CapacityMegaFLOPS: 5, GPUs: 1, Registration: registrationOf(direct)}))

	cand := w.fundedKey()
	id, err := w.d.Propose(w.ctx, cand, addrOf(cand), Admission{CapacityMegaFLOPS: 1_000_000, GPUs: 1, Registration: registrationOf(addrOf(cand))})
	w.ok(err)
	wantRevert(t, w.d.VetoProposal(w.ctx, w.gateway, id), "AccessControlUnauthorizedAccount")
	w.ok(w.d.VetoProposal(w.ctx, w.deployer, id))
	if s := w.proposal(id).State; s != ProposalVetoed {
		t.Fatalf("after the veto: %s", s)
	}
	_, err = w.d.CastVote(w.ctx, p0, id, VoteFor)
	wantRevert(t, err, "NotActive")

	// The transition ends (genesis + 30 days; the epoch above moved the clock 15).
	w.ok(w.sim.AdjustTime(16 * day))
	if ok, _ := w.d.OperatorAdmits(w.ctx); ok {
		t.Fatal("the operator still admits after the transition")
	}
	late := common.BigToAddress(big.NewInt(0xd2))
	wantRevert(t, w.d.AdmitProvider(w.ctx, w.deployer, late, Admission{CapacityMegaFLOPS: 5, GPUs: 1, Registration: registrationOf(late)}), "AdmissionByVoteOnly")
	wantRevert(t, w.d.AdmitProvider(w.ctx, w.deployer, direct, Admission{CapacityMegaFLOPS: 6, GPUs: 1, Registration: registrationOf(direct)}), "AdmissionByVoteOnly")
	w.ok(w.d.AdmitProvider(w.ctx, w.deployer, direct, Admission{CapacityMegaFLOPS: 4, GPUs: 1, Registration: registrationOf(direct)}))
	w.ok(w.d.SuspendProvider(w.ctx, w.deployer, direct))

	id, err = w.d.Propose(w.ctx, cand, addrOf(cand), Admission{CapacityMegaFLOPS: 1_000_000, GPUs: 1, Registration: registrationOf(addrOf(cand))})
	w.ok(err)
	wantRevert(t, w.d.VetoProposal(w.ctx, w.deployer, id), "TransitionOver")
	_, err = w.d.CastVote(w.ctx, p0, id, VoteFor)
	w.ok(err)
	w.ok(w.sim.AdjustTime(votingPeriod))
	w.ok(w.d.ExecuteProposal(w.ctx, p1, id))
	if on, _ := w.d.Provider(w.ctx, addrOf(cand)); on.Status != ProviderAdmitted {
		t.Fatalf("after the vote: %+v", on)
	}
	// A suspended provider is not put to a vote: reinstatement is the operator's.
	_, err = w.d.Propose(w.ctx, w.gateway, direct, Admission{CapacityMegaFLOPS: 7, GPUs: 1, Registration: registrationOf(direct)})
	wantRevert(t, err, "NotAdmissible")
}

// TestProposalNeedsStake: a candidate without the stake its capacity needs cannot be put to
// the vote (a passed proposal must be executable).
func TestProposalNeedsStake(t *testing.T) {
	w := newWorldWith(t, 0, tokenomics.MustAmount("50"), tokenomics.MustAmount("1000"), func(p *Params) {
		p.Staking = StakingParams{StakePerPetaFLOPSWei: gfl("100")}
		p.Governance = GovernanceParams{Enabled: true, VotingPeriodSeconds: 3600, QuorumBps: 1, ThresholdBps: 5_000, TransitionEnd: p.Genesis}
	})
	cand := w.fundedKey()
	_, err := w.d.Propose(w.ctx, cand, addrOf(cand), Admission{CapacityMegaFLOPS: 1_000_000_000, GPUs: 1, Registration: registrationOf(addrOf(cand))})
	wantRevert(t, err, "InsufficientStake")
}

func TestGovernanceParams(t *testing.T) {
	now := time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC)
	good := GovernanceParams{Enabled: true, VotingPeriodSeconds: 3600, QuorumBps: 2_000, ThresholdBps: 5_000, TransitionEnd: now}
	if err := good.Validate(); err != nil {
		t.Fatal(err)
	}
	for name, mod := range map[string]func(*GovernanceParams){
		"short vote":     func(g *GovernanceParams) { g.VotingPeriodSeconds = 59 },
		"long vote":      func(g *GovernanceParams) { g.VotingPeriodSeconds = uint64(MaxVotingPeriod/time.Second) + 1 },
		"huge vote":      func(g *GovernanceParams) { g.VotingPeriodSeconds = 1 << 63 },
		"no quorum":      func(g *GovernanceParams) { g.QuorumBps = 0 },
		"quorum > 100 %": func(g *GovernanceParams) { g.QuorumBps = 10_001 },
		"minority":       func(g *GovernanceParams) { g.ThresholdBps = 4_999 },
		"unanimity+":     func(g *GovernanceParams) { g.ThresholdBps = 10_000 },
	} {
		g := good
		mod(&g)
		if g.Validate() == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if (GovernanceParams{VotingPeriodSeconds: 1}).Validate() != nil {
		t.Error("disabled governance is checked")
	}
}

// A deployment without a governor says so, and the operator admits as before.
func TestNoGovernor(t *testing.T) {
	w := newWorld(t, 0)
	if _, err := w.d.Propose(w.ctx, w.gateway, common.Address{1}, Admission{Registration: common.Hash{1}}); !errors.Is(err, ErrNoGovernor) {
		t.Errorf("propose without a governor: %v", err)
	}
	if ok, err := w.d.OperatorAdmits(w.ctx); err != nil || !ok {
		t.Errorf("without a governor the operator admits: %v %v", ok, err)
	}
	if g, err := w.d.GovernanceSettings(w.ctx); err != nil || g.Enabled {
		t.Errorf("settings without a governor: %+v %v", g, err)
	}
}

// FuzzGovernanceInvariants drives the governor with a byte string read as operations (an
// epoch's rebalance, a proposal, a vote, time passing, an execution, a veto) and checks after
// each, on chain against a model: every holder votes at most once per proposal; its weight is
// its GFL when the proposal opened, however the epochs rebalanced it since; the tallies are the
// sums of those weights; the quorum's base is the supply at the snapshot; a proposal passes
// only with For > 0, For + Abstain at the quorum and For above the threshold; only a passed
// proposal executes, once, and only an executed one's candidate is admitted.
func FuzzGovernanceInvariants(f *testing.F) {
	f.Add([]byte{2, 4, 0x15, 0x26, 0x3a, 0xfa, 0x0c, 0x0d})
	f.Add([]byte{3, 0, 0x45, 0x56, 0x67, 0x1f, 0x4a, 0x5a, 0x0c, 0x0e})
	f.Add([]byte{2, 0x14, 0x24, 0x34, 0x02, 0x07, 0x17, 0x27, 0xfb, 0x0c})
	f.Fuzz(checkGovernanceInvariants)
}

// TestGovernanceInvariantsRandom runs the fuzz body over random operation strings (`go test
// -fuzz` instruments the whole EVM and runs few executions a minute).
func TestGovernanceInvariantsRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 19))
	for run := 0; run < 24; run++ {
		ops := make([]byte, 20+rng.IntN(20))
		for i := range ops {
			ops[i] = byte(rng.IntN(256))
		}
		t.Run("", func(t *testing.T) { checkGovernanceInvariants(t, ops) })
	}
}

type modelProposal struct {
	id        uint64
	candidate common.Address
	// raise: the candidate is an admitted provider, to be raised to capacity.
	raise    bool
	capacity uint64
	snapshot map[common.Address]*big.Int
	supply   *big.Int
	voted    map[common.Address]bool
	tally    [3]*big.Int // against, for, abstain
	executed bool
}

// passed is the contract's rule with quorum 30 % and threshold 60 %.
func (m *modelProposal) passed() bool {
	against, forVotes, abstain := m.tally[0], m.tally[1], m.tally[2]
	if forVotes.Sign() == 0 {
		return false
	}
	quorum := new(big.Int).Mul(new(big.Int).Add(forVotes, abstain), big.NewInt(10_000))
	if quorum.Cmp(new(big.Int).Mul(m.supply, big.NewInt(3_000))) < 0 {
		return false
	}
	lhs := new(big.Int).Mul(forVotes, big.NewInt(10_000))
	return lhs.Cmp(new(big.Int).Mul(new(big.Int).Add(forVotes, against), big.NewInt(6_000))) > 0
}

// openProposalOf is the id of a proposal of provider still active or waiting to be executed (0:
// none), as the chain says.
func openProposalOf(w *world, props []*modelProposal, provider common.Address) uint64 {
	for _, m := range props {
		if m.candidate != provider {
			continue
		}
		if s := w.proposal(m.id).State; s == ProposalActive || s == ProposalSucceeded {
			return m.id
		}
	}
	return 0
}

// transitionDays: the operator's transition ends within reach of a run's clock (epochs move it
// 15 days, time operations up to 24), so that vetoes meet both sides of it.
const transitionDays = 60

func checkGovernanceInvariants(t *testing.T, ops []byte) {
	if len(ops) > 40 {
		ops = ops[:40]
	}
	w := newWorldWith(t, 4, tokenomics.MustAmount("50"), tokenomics.MustAmount("1000"), func(p *Params) {
		p.Governance = GovernanceParams{Enabled: true, VotingPeriodSeconds: uint64(votingPeriod / time.Second), QuorumBps: 3_000, ThresholdBps: 6_000,
			TransitionEnd: p.Genesis.Add(transitionDays * day)}
	})
	transitionEnds := w.params.Governance.TransitionEnd
	// capacities are the registry's admitted capacities the model expects, by provider.
	capacities := map[common.Address]uint64{}
	var voters []common.Address
	for _, k := range w.providers {
		voters = append(voters, addrOf(k))
		capacities[addrOf(k)] = testCapacityMegaFLOPS
	}
	state := tokenomics.NewState(w.params.Genesis, tokenomics.MustAmount("1000"))
	// Three holders start with 1, 2 and 3 GFL, so that the first proposals have voters; the
	// fourth holds nothing until an epoch gives it some.
	state = w.settle(state, 0, map[common.Address]*big.Int{voters[0]: gfl("1"), voters[1]: gfl("2"), voters[2]: gfl("3")}, new(big.Int))
	epoch := uint64(1)
	var props []*modelProposal
	counted, executed, vetoed, raises, lateVetoes := 0, 0, 0, 0, 0
	defer func() {
		var states []string
		for _, m := range props {
			states = append(states, w.proposal(m.id).State.String())
		}
		t.Logf("%d proposals (%d raises), %d votes counted, %d executed, %d vetoed, %d vetoes after the transition; at the end %v",
			len(props), raises, counted, executed, vetoed, lateVetoes, states)
	}()
	for i, op := range ops {
		// op's low four bits choose the operation (votes and executions most often), the high
		// four its arguments.
		kind, rest := [16]int{0, 0, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 4, 4, 4, 5}[op%16], int(op/16)
		switch kind {
		case 0: // an epoch closes: every provider is rebalanced to a median of op's choosing
			medians := map[common.Address]*big.Int{}
			for j, v := range voters {
				medians[v] = new(big.Int).Mul(tokenomics.MustAmount("0.25"), big.NewInt(int64((rest*(j+3)+j)%13)))
			}
			state = w.settle(state, epoch, medians, new(big.Int))
			epoch++
		case 1: // the gateway proposes a new candidate, or (rest odd) a raise of a holder's capacity
			m := &modelProposal{candidate: common.BigToAddress(big.NewInt(int64(0x1000 + i))), capacity: 1_000, snapshot: map[common.Address]*big.Int{}, supply: new(big.Int),
				voted: map[common.Address]bool{}, tally: [3]*big.Int{new(big.Int), new(big.Int), new(big.Int)}}
			if rest%2 == 1 {
				m.raise, m.candidate = true, voters[(rest/2)%len(voters)]
				m.capacity = capacities[m.candidate] + uint64(1+rest)*1_000
			}
			for _, v := range voters {
				b, err := w.d.GFLBalance(w.ctx, v)
				w.ok(err)
				m.snapshot[v] = b
				m.supply.Add(m.supply, b)
			}
			id, err := w.d.Propose(w.ctx, w.gateway, m.candidate, Admission{CapacityMegaFLOPS: m.capacity, GPUs: 1, Registration: registrationOf(m.candidate)})
			if open := openProposalOf(w, props, m.candidate); open != 0 {
				wantRevert(t, err, "ProposalOpen")
				continue
			}
			w.ok(err)
			m.id = id
			props = append(props, m)
			if m.raise {
				raises++
			}
		case 2: // a holder votes
			if len(props) == 0 {
				continue
			}
			m := props[len(props)-1-(rest/12)%len(props)]
			if rest%3 != 0 {
				// Mostly on the newest proposal still open to votes.
				for j := len(props) - 1; j >= 0; j-- {
					if w.proposal(props[j].id).State == ProposalActive {
						m = props[j]
						break
					}
				}
			}
			voter := w.providers[rest%4]
			// For half the time, so that votes pass often enough to be executed.
			support := [4]Support{VoteFor, VoteFor, VoteAgainst, VoteAbstain}[(rest/4)%4]
			before := w.proposal(m.id).State
			weight, err := w.d.CastVote(w.ctx, voter, m.id, support)
			a := addrOf(voter)
			switch {
			case before != ProposalActive:
				wantRevert(t, err, "NotActive")
			case m.voted[a]:
				wantRevert(t, err, "AlreadyVoted")
			case m.snapshot[a].Sign() == 0:
				wantRevert(t, err, "NoVotingPower")
			default:
				w.ok(err)
				if weight.Cmp(m.snapshot[a]) != 0 {
					t.Fatalf("op %d: %s voted with %s, its balance at the snapshot was %s", i, a.Hex(), weight, m.snapshot[a])
				}
				m.voted[a] = true
				m.tally[support].Add(m.tally[support], weight)
				counted++
			}
		case 3: // time passes
			w.ok(w.sim.AdjustTime(time.Duration(rest%8+1) * 3 * day))
		case 4: // anyone executes
			if len(props) == 0 {
				continue
			}
			m := props[len(props)-1-rest%len(props)]
			p := w.proposal(m.id)
			if p.State == ProposalActive && rest%2 == 0 {
				// The vote ends first, then anyone executes.
				now, err := w.sim.Now(w.ctx)
				w.ok(err)
				w.ok(w.sim.AdjustTime(p.VoteEnd.Sub(now) + time.Minute))
			}
			before := w.proposal(m.id).State
			err := w.d.ExecuteProposal(w.ctx, w.providers[0], m.id)
			switch {
			case before != ProposalSucceeded:
				wantRevert(t, err, "NotSucceeded")
			case m.raise && capacities[m.candidate] >= m.capacity:
				// A later raise to more was executed first: a vote never lowers.
				wantRevert(t, err, "AlreadyAdmitted")
			default:
				w.ok(err)
				m.executed = true
				capacities[m.candidate] = m.capacity
				executed++
			}
		case 5: // the operator vetoes (one time in four; otherwise half a vote passes)
			if len(props) == 0 {
				continue
			}
			if rest%4 != 0 {
				w.ok(w.sim.AdjustTime(votingPeriod / 2))
				continue
			}
			m := props[len(props)-1-(rest/4)%len(props)]
			before := w.proposal(m.id).State
			now, err := w.sim.Now(w.ctx)
			w.ok(err)
			err = w.d.VetoProposal(w.ctx, w.deployer, m.id)
			switch {
			case now.Sub(transitionEnds).Abs() < time.Hour:
				// At the transition's end, whichever side of it the veto's block falls.
			case !now.Before(transitionEnds):
				wantRevert(t, err, "TransitionOver")
				lateVetoes++
			case before == ProposalActive || before == ProposalSucceeded:
				w.ok(err)
				vetoed++
			default:
				wantRevert(t, err, "NotActive")
			}
		}
		// Invariants, on chain.
		for _, m := range props {
			p := w.proposal(m.id)
			if p.AgainstWei.Cmp(m.tally[0]) != 0 || p.ForWei.Cmp(m.tally[1]) != 0 || p.AbstainWei.Cmp(m.tally[2]) != 0 {
				t.Fatalf("op %d: proposal %d tallies %s/%s/%s, votes weigh %v", i, m.id, p.ForWei, p.AgainstWei, p.AbstainWei, m.tally)
			}
			supply, err := w.d.GFLSupplyAt(w.ctx, p.SnapshotID)
			w.ok(err)
			if supply.Cmp(m.supply) != 0 {
				t.Fatalf("op %d: proposal %d's snapshot supply %s, was %s", i, m.id, supply, m.supply)
			}
			for _, v := range voters {
				b, err := w.d.GFLBalanceAt(w.ctx, v, p.SnapshotID)
				w.ok(err)
				voted, err := w.d.HasVoted(w.ctx, m.id, v)
				w.ok(err)
				if b.Cmp(m.snapshot[v]) != 0 || voted != m.voted[v] {
					t.Fatalf("op %d: proposal %d: %s held %s at the snapshot (was %s), voted %v (model %v)", i, m.id, v.Hex(), b, m.snapshot[v], voted, m.voted[v])
				}
			}
			switch p.State {
			case ProposalSucceeded, ProposalExpired, ProposalExecuted:
				if !m.passed() {
					t.Fatalf("op %d: proposal %d is %s without quorum and majority: %v of %s", i, m.id, p.State, m.tally, m.supply)
				}
			case ProposalDefeated:
				if m.passed() {
					t.Fatalf("op %d: proposal %d defeated with %v of %s", i, m.id, m.tally, m.supply)
				}
			}
			if (p.State == ProposalExecuted) != m.executed {
				t.Fatalf("op %d: proposal %d is %s, executed in the model: %v", i, m.id, p.State, m.executed)
			}
			on, err := w.d.Provider(w.ctx, m.candidate)
			w.ok(err)
			switch {
			case m.raise && on.CapacityMegaFLOPS != capacities[m.candidate]:
				t.Fatalf("op %d: provider %s has capacity %d in the registry, the executed votes %d", i, m.candidate.Hex(), on.CapacityMegaFLOPS, capacities[m.candidate])
			case !m.raise && (on.Status == ProviderAdmitted) != m.executed:
				t.Fatalf("op %d: candidate of proposal %d has registry status %d, executed %v", i, m.id, on.Status, m.executed)
			}
		}
	}
}

// TestGovernanceGas measures, with the governor deployed and 400 providers rebalanced in
// batches of 200, what GFL's snapshots add to a rebalance (goal ≤ 40,000 a provider, as in
// TestGasReport): an epoch with no snapshot ever taken, the first epoch after a proposal
// (each balance is recorded once), and the epochs after it with no new proposal. And the
// governor's own transactions, each against a bound.
func TestGovernanceGas(t *testing.T) {
	if raceDetector {
		t.Skip("gas runs without -race: make test-gas (part of make test)")
	}
	w := newGovernedWorld(t, 0, 3650)
	w.settleBatch = MaxBatch
	const n = 2 * MaxBatch
	addrs := make([]common.Address, n)
	for i := range addrs {
		addrs[i] = common.BigToAddress(big.NewInt(int64(0x10000 + i)))
	}
	w.admit(testCapacityMegaFLOPS, addrs...)
	state := tokenomics.NewState(w.params.Genesis, tokenomics.MustAmount("1000"))
	epoch := uint64(0)
	var voter *ecdsa.PrivateKey
	settle := func(base int64) uint64 {
		t.Helper()
		medians := map[common.Address]*big.Int{}
		for i, a := range addrs {
			medians[a] = new(big.Int).Mul(tokenomics.MustAmount("0.001"), big.NewInt(base+int64(i%7)))
		}
		if voter != nil {
			// The voter holds most of the supply, so that its vote alone passes.
			medians[addrOf(voter)] = tokenomics.MustAmount("100")
		}
		state = w.settle(state, epoch, medians, new(big.Int))
		epoch++
		var worst uint64
		for _, b := range w.lastSettled.RebalanceGas {
			if b.Providers == MaxBatch {
				worst = max(worst, b.Gas/uint64(b.Providers))
			}
		}
		return worst
	}
	newHolder := settle(1)
	noSnapshot := settle(2)
	cand := w.fundedKey()
	gasOf := func(f func() error) uint64 {
		t.Helper()
		before, err := w.sim.Backend.Client().HeaderByNumber(w.ctx, nil)
		w.ok(err)
		w.ok(f())
		after, err := w.sim.Backend.Client().HeaderByNumber(w.ctx, nil)
		w.ok(err)
		if after.Number.Uint64() != before.Number.Uint64()+1 {
			t.Fatalf("expected one block, got %d", after.Number.Uint64()-before.Number.Uint64())
		}
		return after.GasUsed
	}
	var id uint64
	proposeGas := gasOf(func() (err error) {
		id, err = w.d.Propose(w.ctx, cand, addrOf(cand), Admission{CapacityMegaFLOPS: 1_000, GPUs: 1, Registration: registrationOf(addrOf(cand))})
		return
	})
	afterSnapshot := settle(3)
	steady := settle(4)
	// A holder votes: the provider keys above are bare addresses, so a voter is admitted and
	// rebalanced too, before a second proposal.
	voter = w.fundedKey()
	w.admit(testCapacityMegaFLOPS, addrOf(voter))
	addrs = append(addrs, addrOf(voter))
	settle(5)
	cand2 := w.fundedKey()
	w.ok(w.sim.AdjustTime(votingPeriod))
	proposeGas2 := gasOf(func() (err error) {
		id, err = w.d.Propose(w.ctx, cand2, addrOf(cand2), Admission{CapacityMegaFLOPS: 1_000, GPUs: 1, Registration: registrationOf(addrOf(cand2))})
		return
	})
	voteGas := gasOf(func() error { _, err := w.d.CastVote(w.ctx, voter, id, VoteFor); return err })
	w.ok(w.sim.AdjustTime(votingPeriod))
	executeGas := gasOf(func() error { return w.d.ExecuteProposal(w.ctx, voter, id) })
	t.Logf("governance gas (%d providers, batches of %d): rebalance per provider: new holder %d, existing with no snapshot ever %d, first epoch after a proposal %d, later epochs %d; propose %d (first) / %d, vote %d, execute (admission with its stake check) %d",
		n, MaxBatch, newHolder, noSnapshot, afterSnapshot, steady, proposeGas, proposeGas2, voteGas, executeGas)
	if steady > 40_000 || noSnapshot > 40_000 || newHolder > 40_000 {
		t.Errorf("rebalance per provider %d (new holder) / %d (no snapshot) / %d (after snapshots) gas, goal ≤ 40,000", newHolder, noSnapshot, steady)
	}
	for name, g := range map[string][2]uint64{"propose": {proposeGas, 250_000}, "vote": {voteGas, 100_000}, "execute": {executeGas, 200_000}} {
		if g[0] > g[1] {
			t.Errorf("%s: %d gas, bound %d", name, g[0], g[1])
		}
	}
}

// TestExecutionAfterTheOperatorActed: during the transition the operator may admit or suspend
// a candidate while its vote runs; executing the passed vote then neither lowers the
// admission nor reinstates the suspended provider.
func TestExecutionAfterTheOperatorActed(t *testing.T) {
	w := newGovernedWorld(t, 1, 100)
	p0 := w.providers[0]
	state := tokenomics.NewState(w.params.Genesis, tokenomics.MustAmount("1000"))
	w.settle(state, 0, map[common.Address]*big.Int{addrOf(p0): gfl("3")}, new(big.Int))
	passed := func(cand common.Address, capacity uint64) uint64 {
		t.Helper()
		id, err := w.d.Propose(w.ctx, w.gateway, cand, Admission{CapacityMegaFLOPS: capacity, GPUs: 1, Registration: registrationOf(cand)})
		w.ok(err)
		_, err = w.d.CastVote(w.ctx, p0, id, VoteFor)
		w.ok(err)
		return id
	}
	admitted := common.BigToAddress(big.NewInt(0xa1))
	id1 := passed(admitted, 1_000)
	w.ok(w.d.AdmitProvider(w.ctx, w.deployer, admitted, Admission{CapacityMegaFLOPS: 5_000, GPUs: 2, Registration: crypto.Keccak256Hash([]byte("operator's"))}))
	suspended := common.BigToAddress(big.NewInt(0xa2))
	id2 := passed(suspended, 1_000)
	w.ok(w.d.AdmitProvider(w.ctx, w.deployer, suspended, Admission{CapacityMegaFLOPS: 500, GPUs: 1, Registration: registrationOf(suspended)}))
	w.ok(w.d.SuspendProvider(w.ctx, w.deployer, suspended))
	w.ok(w.sim.AdjustTime(votingPeriod + time.Second))
	wantRevert(t, w.d.ExecuteProposal(w.ctx, p0, id1), "AlreadyAdmitted")
	if on, _ := w.d.Provider(w.ctx, admitted); on.CapacityMegaFLOPS != 5_000 {
		t.Errorf("the vote lowered an admission: %+v", on)
	}
	wantRevert(t, w.d.ExecuteProposal(w.ctx, p0, id2), "NotAdmissible")
	if on, _ := w.d.Provider(w.ctx, suspended); on.Status != ProviderSuspended {
		t.Errorf("the vote reinstated a suspended provider: %+v", on)
	}
}

// TestGovernanceAccessControl: only the governor takes snapshots, the registry's governor is
// set once by its admin, and a stranger neither lowers nor raises an admission.
func TestGovernanceAccessControl(t *testing.T) {
	w := newGovernedWorld(t, 1, 100)
	stranger := w.fundedKey()
	p0 := addrOf(w.providers[0])
	wantRevert(t, w.tx(w.deployer, w.d.gfl, w.d.GFL.PackSnapshot()), "AccessControlUnauthorizedAccount")
	wantRevert(t, w.tx(stranger, w.d.gfl, w.d.GFL.PackSnapshot()), "AccessControlUnauthorizedAccount")
	wantRevert(t, w.tx(w.deployer, w.d.registry, w.d.Registry.PackSetGovernor(addrOf(stranger))), "GovernorAlreadySet")
	wantRevert(t, w.tx(stranger, w.d.registry, w.d.Registry.PackSetGovernor(addrOf(stranger))), "AccessControlUnauthorizedAccount")
	for _, capacity := range []uint64{1, testCapacityMegaFLOPS + 1} {
		wantRevert(t, w.tx(stranger, w.d.registry, w.d.Registry.PackUpdate(p0, capacity, 8, registrationOf(p0))), "AccessControlUnauthorizedAccount")
	}
	wantRevert(t, w.tx(stranger, w.d.registry, w.d.Registry.PackAdmit(addrOf(stranger), 1, 1, registrationOf(p0))), "AccessControlUnauthorizedAccount")
	wantRevert(t, w.tx(stranger, w.d.governor, w.d.Governor.PackVeto(big.NewInt(1))), "AccessControlUnauthorizedAccount")
	if on, _ := w.d.Provider(w.ctx, p0); on.CapacityMegaFLOPS != testCapacityMegaFLOPS {
		t.Fatalf("a stranger changed an admission: %+v", on)
	}
}
