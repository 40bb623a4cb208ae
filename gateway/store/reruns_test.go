package store

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/site/runstate"
)

// rerunStore is replicatedStore with two reruns, its three replicas placed on alpha, beta
// and gamma; finish ends one of the group's jobs as its site reports it.
func rerunStore(t *testing.T, reruns int) (s *Store, ids []string, finish func(id, site string, state runstate.State, outputs, cost string)) {
	t.Helper()
	now := time.Now()
	s, _, ids = replicatedStoreWith(t, ReplicaPlan{Quorum: 2, Reruns: reruns, RerunBy: now.Add(30 * time.Minute), DecideBy: now.Add(time.Hour)})
	placeReplicas(t, s, ids)
	finish = func(id, site string, state runstate.State, outputs, cost string) {
		t.Helper()
		var usage *protocol.Usage
		if cost != "" {
			usage = &protocol.Usage{}
		}
		if _, err := s.ApplyUpdate(context.Background(), site, protocol.JobUpdate{Job: id, State: state, OutputsSHA256: outputs, Usage: usage},
			func(gatewayapi.Job, protocol.Usage) (Bill, error) { return Bill{CostWei: cost}, nil }); err != nil {
			t.Fatal(err)
		}
	}
	return s, ids, finish
}

func rerunsDue(t *testing.T, s *Store, at time.Time) []string {
	t.Helper()
	due, err := s.RerunsDue(context.Background(), at, 10)
	if err != nil {
		t.Fatal(err)
	}
	return due
}

// A replica that ends without a vote (failed, or succeeded without a digest once its cost
// is known) is run again, once, as a new job of its group under its escrow, never on the
// operator of any replica of the group (the failed one's included), and no more often
// than the group's reruns allow. A rerun still queued does not hold the decision back.
func TestReplicasEndedWithoutAVoteAreRunAgain(t *testing.T) {
	ctx := context.Background()
	s, ids, finish := rerunStore(t, 2)
	now := time.Now()
	if due := rerunsDue(t, s, now); len(due) != 0 {
		t.Fatalf("reruns due while every replica runs: %v", due)
	}
	finish(ids[0], "alpha", runstate.Failed, "", "")
	// Succeeded and its digest not (yet) shown: a site sends the digest before the cost, so
	// it is withheld only once the cost is in.
	finish(ids[2], "gamma", runstate.Completed, "", "")
	if due := rerunsDue(t, s, now); len(due) != 1 || due[0] != ids[0] {
		t.Fatalf("reruns due after one failure: %v", due)
	}
	first, err := s.CreateRerun(ctx, ids[0], "r-rerun0000000001")
	if err != nil {
		t.Fatal(err)
	}
	if r := first.Replica; r == nil || r.Group != ids[0] || r.Index != 3 || r.Replaces != ids[0] || r.Replicas != 3 || r.Quorum != 2 || r.Reruns != 2 ||
		first.State != Queued || first.EscrowState != EscrowGroup || first.MaxCostWei != "3000" || first.IdempotencyKey != "key-0123456789abcdef#3" ||
		string(first.Source) != "version: 1" || first.Site != "" {
		t.Fatalf("the rerun: %+v %+v", first, first.Replica)
	}
	if _, err := s.CreateRerun(ctx, ids[0], "r-rerun0000000002"); !errors.Is(err, ErrNoRerun) {
		t.Fatalf("a second rerun of one replica: %v", err)
	}
	if due := rerunsDue(t, s, now); len(due) != 0 {
		t.Fatalf("reruns due once the failure was run again: %v", due)
	}
	// Not on the failed replica's operator, nor on any other replica's.
	worst := gatewayapi.WorstCase{CostWei: "1000"}
	for _, site := range []string{"alpha", "beta", "delta", "gamma"} {
		if err := s.Assign(ctx, first.ID, site, "placed", "1", worst); !errors.Is(err, ErrOperatorTaken) {
			t.Fatalf("the rerun on %s: %v", site, err)
		}
	}
	if err := s.Assign(ctx, first.ID, "epsilon", "placed", "1", worst); err != nil {
		t.Fatal(err)
	}

	// gamma's cost arrives without a digest: withheld, run again as the group's second rerun.
	finish(ids[2], "gamma", runstate.Completed, "", "30")
	if due := rerunsDue(t, s, now); len(due) != 1 || due[0] != ids[2] {
		t.Fatalf("reruns due after a withheld digest: %v", due)
	}
	second, err := s.CreateRerun(ctx, ids[2], "r-rerun0000000002")
	if err != nil || second.Replica.Index != 4 || second.Replica.Replaces != ids[2] {
		t.Fatalf("the second rerun: %+v %v", second.Replica, err)
	}
	// Every rerun is used: the first rerun's failure is not run again.
	finish(first.ID, "epsilon", runstate.Failed, "", "20")
	if due := rerunsDue(t, s, now); len(due) != 0 {
		t.Fatalf("reruns due beyond the group's two: %v", due)
	}
	if _, err := s.CreateRerun(ctx, first.ID, "r-rerun0000000003"); !errors.Is(err, ErrNoRerun) {
		t.Fatalf("a third rerun: %v", err)
	}

	// beta still runs: not to decide. Once it has ended with its cost, the second rerun,
	// still queued (no site could take it), does not hold the decision back.
	toDecide := func() []string {
		g, err := s.GroupsToDecide(ctx, now, time.Minute, 10)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	if g := toDecide(); len(g) != 0 {
		t.Fatalf("to decide with a replica running: %v", g)
	}
	finish(ids[1], "beta", runstate.Completed, strings.Repeat("b", 64), "10")
	if g := toDecide(); len(g) != 0 {
		t.Fatalf("to decide with a failed replica's cost unknown: %v", g)
	}
	finish(ids[0], "alpha", runstate.Failed, "", "5")
	if g := toDecide(); len(g) != 1 || g[0] != ids[0] {
		t.Fatalf("to decide with only a queued rerun left: %v", g)
	}
	var seen []gatewayapi.ReplicaMember
	d := GroupDecision{State: gatewayapi.GroupNoQuorum, CostWei: "65", Votes: map[string]string{}}
	if _, ok, err := s.DecideGroup(ctx, ids[0], func(m []gatewayapi.ReplicaMember, quorum int) (GroupDecision, error) {
		seen = m
		return d, nil
	}); !ok || err != nil {
		t.Fatalf("deciding: %v %v", ok, err)
	}
	if len(seen) != 5 || seen[3].Replaces != ids[0] || seen[4].Replaces != ids[2] || seen[3].CostWei != "20" {
		t.Fatalf("the decision saw %+v", seen)
	}
	queued, _ := s.Job(ctx, second.ID)
	if queued.State != runstate.Cancelled || queued.CostWei != "0" {
		t.Fatalf("the queued rerun after the decision: %s %q", queued.State, queued.CostWei)
	}
	g, err := s.ReplicaGroup(ctx, ids[0])
	if err != nil || g.Reruns != 2 || len(g.Members) != 5 || g.Members[4].Replaces != ids[2] || g.RerunBy == nil || g.RerunBy.Sub(now).Round(time.Minute) != 30*time.Minute {
		t.Fatalf("the group's view: %+v %v", g, err)
	}
}

// No rerun for a group that may run none, past its rerun_by, cancelled, or decided.
func TestNoRerunOutsideItsGroupsPlan(t *testing.T) {
	ctx := context.Background()
	t.Run("no reruns", func(t *testing.T) {
		s, ids, finish := rerunStore(t, 0)
		finish(ids[0], "alpha", runstate.Failed, "", "1")
		if g, err := s.ReplicaGroup(ctx, ids[0]); err != nil || g.RerunBy != nil || g.Reruns != 0 {
			t.Fatalf("a group without reruns: %+v %v", g, err)
		}
		if due := rerunsDue(t, s, time.Now()); len(due) != 0 {
			t.Fatalf("due: %v", due)
		}
		if _, err := s.CreateRerun(ctx, ids[0], "r-rerun0000000001"); !errors.Is(err, ErrNoRerun) {
			t.Fatalf("rerun: %v", err)
		}
	})
	t.Run("past rerun_by", func(t *testing.T) {
		s, ids, finish := rerunStore(t, 1)
		finish(ids[0], "alpha", runstate.Failed, "", "1")
		late := time.Now().Add(31 * time.Minute)
		if due := rerunsDue(t, s, late); len(due) != 0 {
			t.Fatalf("due: %v", due)
		}
		clock := &fakeClock{}
		clock.Set(late)
		s.SetClock(clock.Now)
		if _, err := s.CreateRerun(ctx, ids[0], "r-rerun0000000001"); !errors.Is(err, ErrNoRerun) {
			t.Fatalf("rerun: %v", err)
		}
	})
	t.Run("cancelled", func(t *testing.T) {
		s, ids, finish := rerunStore(t, 1)
		finish(ids[0], "alpha", runstate.Failed, "", "1")
		if _, err := s.RequestCancel(ctx, ids[1]); err != nil {
			t.Fatal(err)
		}
		if due := rerunsDue(t, s, time.Now()); len(due) != 0 {
			t.Fatalf("due: %v", due)
		}
		if _, err := s.CreateRerun(ctx, ids[0], "r-rerun0000000001"); !errors.Is(err, ErrNoRerun) {
			t.Fatalf("rerun: %v", err)
		}
	})
	t.Run("decided", func(t *testing.T) {
		s, ids, finish := rerunStore(t, 1)
		finish(ids[0], "alpha", runstate.Failed, "", "1")
		if _, ok, err := s.DecideGroup(ctx, ids[0], fixedDecision(GroupDecision{State: gatewayapi.GroupNoQuorum, Votes: map[string]string{}})); !ok || err != nil {
			t.Fatalf("deciding: %v %v", ok, err)
		}
		if due := rerunsDue(t, s, time.Now()); len(due) != 0 {
			t.Fatalf("due: %v", due)
		}
		if _, err := s.CreateRerun(ctx, ids[0], "r-rerun0000000001"); !errors.Is(err, ErrNoRerun) {
			t.Fatalf("rerun: %v", err)
		}
	})
	t.Run("voted or running", func(t *testing.T) {
		s, ids, finish := rerunStore(t, 1)
		finish(ids[0], "alpha", runstate.Completed, strings.Repeat("a", 64), "1")
		finish(ids[1], "beta", runstate.Running, "", "")
		for _, id := range ids {
			if _, err := s.CreateRerun(ctx, id, "r-rerun0000000001"); !errors.Is(err, ErrNoRerun) {
				t.Fatalf("rerun of %s: %v", id, err)
			}
		}
		// A job that is no replica is never run again.
		if _, err := s.CreateJob(ctx, gatewayapi.Job{ID: "r-plain", Researcher: "0xbb", IdempotencyKey: "plain-key-0123456", EscrowID: "0x09", Source: []byte("version: 1"), MaxCostWei: "1"}); err != nil {
			t.Fatal(err)
		}
		if err := s.Abandon(ctx, "r-plain", "test"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.CreateRerun(ctx, "r-plain", "r-rerun0000000002"); !errors.Is(err, ErrNoRerun) {
			t.Fatalf("rerun of a plain job: %v", err)
		}
	})
}

// A group whose replicas have all ended waits for a rerun its group owes, however the
// voter's steps and the sites' reports interleave; a rerun no site took does not hold it,
// one placed and sent back to the queue does. Past rerun_by nothing is owed any more.
func TestRerunDueHoldsTheDecision(t *testing.T) {
	ctx := context.Background()
	s, ids, finish := rerunStore(t, 1)
	now := time.Now()
	toDecide := func(at time.Time) int {
		t.Helper()
		g, err := s.GroupsToDecide(ctx, at, time.Minute, 10)
		if err != nil {
			t.Fatal(err)
		}
		return len(g)
	}
	finish(ids[1], "beta", runstate.Completed, strings.Repeat("a", 64), "1")
	finish(ids[2], "gamma", runstate.Completed, strings.Repeat("b", 64), "1")
	finish(ids[0], "alpha", runstate.Failed, "", "1")
	if n := toDecide(now); n != 0 {
		t.Fatal("a group was to decide with a rerun owed")
	}
	if n := toDecide(now.Add(31 * time.Minute)); n != 1 {
		t.Fatal("a group past its rerun_by waits for a rerun")
	}
	rerun, err := s.CreateRerun(ctx, ids[0], "r-rerun0000000001")
	if err != nil {
		t.Fatal(err)
	}
	if n := toDecide(now); n != 1 {
		t.Fatal("a rerun no site took holds the decision")
	}
	if err := s.Assign(ctx, rerun.ID, "epsilon", "placed", "1", gatewayapi.WorstCase{CostWei: "1000"}); err != nil {
		t.Fatal(err)
	}
	if n := toDecide(now); n != 0 {
		t.Fatal("a group was to decide with its rerun placed")
	}
	if err := s.Refused(ctx, "epsilon", rerun.ID, "full"); err != nil {
		t.Fatal(err)
	}
	if r, _ := s.Job(ctx, rerun.ID); r.State != Queued {
		t.Fatalf("the refused rerun: %s", r.State)
	}
	if n := toDecide(now); n != 0 {
		t.Fatal("a rerun back in the queue after a refusal does not hold the decision")
	}
}

// A vote already won needs no rerun: the researcher would pay for a run that changes nothing.
func TestNoRerunOnceAQuorumAgreed(t *testing.T) {
	ctx := context.Background()
	s, ids, finish := rerunStore(t, 1)
	finish(ids[0], "alpha", runstate.Completed, strings.Repeat("a", 64), "1")
	finish(ids[2], "gamma", runstate.Failed, "", "1")
	if due := rerunsDue(t, s, time.Now()); len(due) != 1 {
		t.Fatalf("due with one vote in: %v", due)
	}
	finish(ids[1], "beta", runstate.Completed, strings.Repeat("a", 64), "1")
	if due := rerunsDue(t, s, time.Now()); len(due) != 0 {
		t.Fatalf("due with a quorum in: %v", due)
	}
	if _, err := s.CreateRerun(ctx, ids[2], "r-rerun0000000001"); !errors.Is(err, ErrNoRerun) {
		t.Fatalf("rerun with a quorum in: %v", err)
	}
	if g, err := s.GroupsToDecide(ctx, time.Now(), time.Minute, 10); err != nil || len(g) != 1 {
		t.Fatalf("to decide: %v %v", g, err)
	}
}
