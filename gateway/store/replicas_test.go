package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/site/runstate"
)

func replicatedStore(t *testing.T) (*Store, gatewayapi.Job, []string) {
	t.Helper()
	return replicatedStoreWith(t, ReplicaPlan{Quorum: 2, DecideBy: time.Now().Add(time.Hour)})
}

// replicatedStoreWith is replicatedStore with the group's plan given; epsilon is a fourth
// operator's site, for reruns.
func replicatedStoreWith(t *testing.T, plan ReplicaPlan) (*Store, gatewayapi.Job, []string) {
	t.Helper()
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "gateway.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	for i, name := range []string{"alpha", "beta", "gamma", "delta", "unnamed", "epsilon"} {
		if _, _, err := s.Register(ctx, fmt.Sprintf("0x%040x", i+1), protocol.Registration{Site: name, Inventory: *inventoryWith(4)}); err != nil {
			t.Fatal(err)
		}
	}
	// beta and delta are run by one operator; no approval named unnamed's.
	for name, operator := range map[string]string{"alpha": "uni-a", "beta": "uni-b", "gamma": "uni-c", "delta": "uni-b", "epsilon": "uni-d"} {
		if _, err := s.SetSiteStatusOperated(ctx, name, SiteApproved, "", operator); err != nil {
			t.Fatal(err)
		}
	}
	ids := []string{"r-aaaaaaaaaaaaaaaa", "r-bbbbbbbbbbbbbbbb", "r-cccccccccccccccc"}
	first := gatewayapi.Job{ID: ids[0], Researcher: "0x00000000000000000000000000000000000000aa", IdempotencyKey: "key-0123456789abcdef", EscrowID: "0x01",
		Workflow: "w", SourceName: "w.yaml", Source: []byte("version: 1"), MaxCostWei: "3000"}
	j, err := s.CreateReplicatedJob(ctx, first, ids, plan)
	if err != nil {
		t.Fatal(err)
	}
	return s, j, ids
}

// placeReplicas assigns the three replicas to alpha, beta and gamma, one each.
func placeReplicas(t *testing.T, s *Store, ids []string) {
	t.Helper()
	for i, site := range []string{"alpha", "beta", "gamma"} {
		if err := s.Assign(context.Background(), ids[i], site, "placed", "1", gatewayapi.WorstCase{CostWei: "1000"}); err != nil {
			t.Fatal(err)
		}
	}
}

func TestReplicatedJobIsOneSubmission(t *testing.T) {
	ctx := context.Background()
	s, j, ids := replicatedStore(t)
	if j.Replica == nil || j.Replica.Group != ids[0] || j.Replica.Replicas != 3 || j.Replica.Quorum != 2 {
		t.Fatalf("first job's replica: %+v", j.Replica)
	}
	// A retry under the key finds the first job; a second submission under the escrow is refused.
	again, err := s.CreateJob(ctx, gatewayapi.Job{ID: "r-dddddddddddddddd", Researcher: j.Researcher, IdempotencyKey: j.IdempotencyKey, EscrowID: "0x02", MaxCostWei: "1"})
	if !errors.Is(err, ErrDuplicate) || again.ID != ids[0] {
		t.Fatalf("retry: %s %v", again.ID, err)
	}
	if _, err := s.CreateJob(ctx, gatewayapi.Job{ID: "r-dddddddddddddddd", Researcher: j.Researcher, IdempotencyKey: "another-key-0123456", EscrowID: "0x01", MaxCostWei: "1"}); err == nil {
		t.Fatal("a second job under the group's escrow was taken")
	}
	for i, id := range ids {
		r, err := s.Job(ctx, id)
		if err != nil || r.Replica == nil || r.Replica.Index != i || r.Replica.Group != ids[0] {
			t.Fatalf("replica %d: %+v %v", i, r.Replica, err)
		}
		wantEscrow := EscrowGroup
		if i == 0 {
			wantEscrow = EscrowLocked
		}
		if r.EscrowState != wantEscrow || r.MaxCostWei != "3000" {
			t.Fatalf("replica %d: escrow %s, budget %s", i, r.EscrowState, r.MaxCostWei)
		}
	}
	for _, bad := range [][]string{ids[:1], {ids[1], ids[0]}} {
		if _, err := s.CreateReplicatedJob(ctx, gatewayapi.Job{ID: ids[0]}, bad, ReplicaPlan{Quorum: 1, DecideBy: time.Now()}); err == nil {
			t.Fatalf("ids %v taken", bad)
		}
	}
	for _, reruns := range []int{-1, MaxReruns + 1} {
		if _, err := s.CreateReplicatedJob(ctx, gatewayapi.Job{ID: "r-x"}, []string{"r-x", "r-y", "r-z"}, ReplicaPlan{Quorum: 2, Reruns: reruns, DecideBy: time.Now()}); err == nil {
			t.Fatalf("%d reruns taken", reruns)
		}
	}
}

// Two replicas never run with one operator, whatever the placer believed.
func TestReplicasGoToDistinctOperators(t *testing.T) {
	ctx := context.Background()
	s, _, ids := replicatedStore(t)
	worst := gatewayapi.WorstCase{CostWei: "1000"}
	if err := s.Assign(ctx, ids[0], "beta", "placed", "1", worst); err != nil {
		t.Fatal(err)
	}
	if err := s.Assign(ctx, ids[1], "delta", "placed", "1", worst); !errors.Is(err, ErrOperatorTaken) {
		t.Fatalf("a second replica with beta's operator: %v", err)
	}
	if err := s.Assign(ctx, ids[1], "beta", "placed", "1", worst); !errors.Is(err, ErrOperatorTaken) {
		t.Fatalf("a second replica on beta: %v", err)
	}
	if err := s.Assign(ctx, ids[1], "unnamed", "placed", "1", worst); !errors.Is(err, ErrNoOperator) {
		t.Fatalf("a replica on a site without a named operator: %v", err)
	}
	if err := s.Assign(ctx, ids[1], "alpha", "placed", "1", worst); err != nil {
		t.Fatal(err)
	}
	// A replica refused by its site frees its operator for the others.
	if err := s.Refused(ctx, "beta", ids[0], "full"); err != nil {
		t.Fatal(err)
	}
	if err := s.Assign(ctx, ids[2], "delta", "placed", "1", worst); err != nil {
		t.Fatalf("delta after beta's refusal: %v", err)
	}
}

func TestReplicaGroupIsDecidedOnceEveryReplicaEnded(t *testing.T) {
	ctx := context.Background()
	s, _, ids := replicatedStore(t)
	placeReplicas(t, s, ids)
	bill := func(cost string) func(gatewayapi.Job, protocol.Usage) (Bill, error) {
		return func(gatewayapi.Job, protocol.Usage) (Bill, error) { return Bill{CostWei: cost}, nil }
	}
	digest := strings.Repeat("a", 64)
	finish := func(i int, site string, state runstate.State, outputs, cost string) {
		t.Helper()
		if _, err := s.ApplyUpdate(ctx, site, protocol.JobUpdate{Job: ids[i], State: state, OutputsSHA256: outputs, Usage: &protocol.Usage{}}, bill(cost)); err != nil {
			t.Fatal(err)
		}
	}
	toDecide := func() []string {
		t.Helper()
		g, err := s.GroupsToDecide(ctx, time.Now(), time.Minute, 10)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	finish(0, "alpha", runstate.Completed, digest, "100")
	finish(1, "beta", runstate.Completed, strings.Repeat("b", 64), "200")
	if g := toDecide(); len(g) != 0 {
		t.Fatalf("a group with a replica running is to decide: %v", g)
	}
	// Nothing settles while the group votes.
	if due, err := s.ToSettle(ctx, 10); err != nil || len(due) != 0 {
		t.Fatalf("to settle while voting: %d %v", len(due), err)
	}
	finish(2, "gamma", runstate.Completed, digest, "300")
	// A digest sent after the cost closed the replica's vote is not taken.
	finish(1, "beta", runstate.Completed, digest, "200")
	if r, _ := s.Job(ctx, ids[1]); r.OutputsSHA256 != strings.Repeat("b", 64) {
		t.Fatalf("a site changed its vote: %s", r.OutputsSHA256)
	}
	if g := toDecide(); len(g) != 1 || g[0] != ids[0] {
		t.Fatalf("to decide: %v", g)
	}
	d := GroupDecision{State: gatewayapi.GroupAgreed, OutputsSHA256: digest, CostWei: "400",
		Votes: map[string]string{ids[0]: gatewayapi.VoteMajority, ids[1]: gatewayapi.VoteDissent, ids[2]: gatewayapi.VoteMajority}}
	if _, ok, err := s.DecideGroup(ctx, ids[0], fixedDecision(d)); !ok || err != nil {
		t.Fatalf("deciding: %v %v", ok, err)
	}
	if _, ok, err := s.DecideGroup(ctx, ids[0], fixedDecision(GroupDecision{State: gatewayapi.GroupNoQuorum})); ok || err != nil {
		t.Fatalf("decided twice: %v %v", ok, err)
	}
	g, err := s.ReplicaGroup(ctx, ids[0])
	if err != nil || g.State != gatewayapi.GroupAgreed || g.CostWei != "400" || len(g.Members) != 3 || g.Members[1].Vote != gatewayapi.VoteDissent || g.Members[1].Slash != SlashDue {
		t.Fatalf("group: %+v %v", g, err)
	}
	due, err := s.ReplicaSlashesDue(ctx, 10)
	if err != nil || len(due) != 1 || due[0].ID != ids[1] {
		t.Fatalf("slashes due: %v %v", due, err)
	}
	if err := s.SetReplicaSlash(ctx, ids[1], SlashDone, "42"); err != nil {
		t.Fatal(err)
	}
	if due, _ := s.ReplicaSlashesDue(ctx, 10); len(due) != 0 {
		t.Fatalf("slash still due after it was made: %v", due)
	}
	// Only the first job settles, for the group.
	settle, err := s.ToSettle(ctx, 10)
	if err != nil || len(settle) != 1 || settle[0].ID != ids[0] {
		t.Fatalf("to settle: %v %v", settle, err)
	}
	if err := s.EscrowSettled(ctx, ids[0]); err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		if r, _ := s.Job(ctx, id); r.EscrowState != EscrowSettled {
			t.Fatalf("%s escrow %s after the group settled", id, r.EscrowState)
		}
	}
}

// A group is decided at its deadline whatever its replicas do: the one still running is
// stopped, the queued one ends, and the group's first job settles though it never ended.
func TestReplicaGroupDecidedAtItsDeadline(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "gateway.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	clock := &fakeClock{}
	clock.Set(time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC))
	s.SetClock(clock.Now)
	for i, name := range []string{"alpha", "beta"} {
		if _, _, err := s.Register(ctx, fmt.Sprintf("0x%040x", i+1), protocol.Registration{Site: name, Inventory: *inventoryWith(4)}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.SetSiteStatusOperated(ctx, name, SiteApproved, "", "uni-"+name); err != nil {
			t.Fatal(err)
		}
	}
	ids := []string{"r-aaaaaaaaaaaaaaaa", "r-bbbbbbbbbbbbbbbb", "r-cccccccccccccccc"}
	first := gatewayapi.Job{ID: ids[0], Researcher: "0x00000000000000000000000000000000000000aa", IdempotencyKey: "key-0123456789abcdef", EscrowID: "0x01",
		Workflow: "w", SourceName: "w.yaml", Source: []byte("version: 1"), MaxCostWei: "3000"}
	if _, err := s.CreateReplicatedJob(ctx, first, ids, ReplicaPlan{Quorum: 2, DecideBy: clock.Now().Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	worst := gatewayapi.WorstCase{CostWei: "1000"}
	for i, site := range []string{"alpha", "beta"} {
		if err := s.Assign(ctx, ids[i+1], site, "placed", "1", worst); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.ApplyUpdate(ctx, "alpha", protocol.JobUpdate{Job: ids[1], State: runstate.Completed, OutputsSHA256: strings.Repeat("a", 64), Usage: &protocol.Usage{}},
		func(gatewayapi.Job, protocol.Usage) (Bill, error) { return Bill{CostWei: "100"}, nil }); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ApplyUpdate(ctx, "beta", protocol.JobUpdate{Job: ids[2], State: runstate.Running}, nil); err != nil {
		t.Fatal(err)
	}
	if g, _ := s.GroupsToDecide(ctx, clock.Now(), time.Minute, 10); len(g) != 0 {
		t.Fatalf("decided before its deadline with replicas going: %v", g)
	}
	clock.Advance(time.Hour)
	if g, _ := s.GroupsToDecide(ctx, clock.Now(), time.Minute, 10); len(g) != 1 {
		t.Fatalf("not decided at its deadline: %v", g)
	}
	d := GroupDecision{State: gatewayapi.GroupNoQuorum, CostWei: "100",
		Votes: map[string]string{ids[0]: gatewayapi.VoteAbstained, ids[1]: gatewayapi.VoteUndecided, ids[2]: gatewayapi.VoteAbstained}}
	var seen []gatewayapi.ReplicaMember
	if _, ok, err := s.DecideGroup(ctx, ids[0], func(m []gatewayapi.ReplicaMember, quorum int) (GroupDecision, error) {
		seen = m
		return d, nil
	}); !ok || err != nil {
		t.Fatalf("deciding: %v %v", ok, err)
	}
	if len(seen) != 3 || seen[1].CostWei != "100" || seen[2].State != string(runstate.Running) {
		t.Fatalf("the decision saw %+v", seen)
	}
	queued, _ := s.Job(ctx, ids[0])
	running, _ := s.Job(ctx, ids[2])
	if queued.State != runstate.Cancelled || queued.CostWei != "0" || !running.CancelRequested || running.State != runstate.Running {
		t.Fatalf("after the deadline: queued %s %q, running %s cancel %v", queued.State, queued.CostWei, running.State, running.CancelRequested)
	}
	if cancels, _ := s.CancelsFor(ctx, "beta"); len(cancels) != 1 || cancels[0] != ids[2] {
		t.Fatalf("beta is not told to stop its replica: %v", cancels)
	}
	settle, err := s.ToSettle(ctx, 10)
	if err != nil || len(settle) != 1 || settle[0].ID != ids[0] {
		t.Fatalf("to settle: %v %v", settle, err)
	}
}

// fixedDecision decides a group as d says, whatever its members.
func fixedDecision(d GroupDecision) func([]gatewayapi.ReplicaMember, int) (GroupDecision, error) {
	return func([]gatewayapi.ReplicaMember, int) (GroupDecision, error) { return d, nil }
}

// Past its deadline, a group whose replica ended without its usage yet waits the grace for
// it, then is decided all the same.
func TestReplicaGroupWaitsForLateUsage(t *testing.T) {
	ctx := context.Background()
	s, _, ids := replicatedStore(t)
	placeReplicas(t, s, ids)
	// Ended, its usage not yet known.
	if _, err := s.ApplyUpdate(ctx, "alpha", protocol.JobUpdate{Job: ids[0], State: runstate.Completed, OutputsSHA256: strings.Repeat("a", 64)}, nil); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Hour) // replicatedStore's
	for _, c := range []struct {
		at   time.Time
		want int
	}{{deadline.Add(-time.Minute), 0}, {deadline.Add(5 * time.Minute), 0}, {deadline.Add(11 * time.Minute), 1}} {
		if g, err := s.GroupsToDecide(ctx, c.at, 10*time.Minute, 10); err != nil || len(g) != c.want {
			t.Fatalf("at %s: %v %v, want %d group(s)", c.at.Sub(deadline), g, err, c.want)
		}
	}
	// Its usage arrives: no more reason to wait past the deadline.
	if _, err := s.ApplyUpdate(ctx, "alpha", protocol.JobUpdate{Job: ids[0], State: runstate.Completed, Usage: &protocol.Usage{}},
		func(gatewayapi.Job, protocol.Usage) (Bill, error) { return Bill{CostWei: "5"}, nil }); err != nil {
		t.Fatal(err)
	}
	if g, _ := s.GroupsToDecide(ctx, deadline.Add(time.Second), 10*time.Minute, 10); len(g) != 1 {
		t.Fatalf("past the deadline with the usage in: %v", g)
	}
}

// Cancelling any replica cancels the whole submission.
func TestCancellingAReplicaCancelsTheGroup(t *testing.T) {
	ctx := context.Background()
	s, _, ids := replicatedStore(t)
	if err := s.Assign(ctx, ids[0], "alpha", "placed", "1", gatewayapi.WorstCase{CostWei: "1"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.RequestCancel(ctx, ids[2]); err != nil {
		t.Fatal(err)
	}
	for i, id := range ids {
		r, _ := s.Job(ctx, id)
		if !r.CancelRequested {
			t.Fatalf("replica %d not cancelled", i)
		}
		// The queued ones end at once; the placed one is its site's to cancel.
		if want := i != 0; (r.State == runstate.Cancelled) != want {
			t.Fatalf("replica %d: state %s", i, r.State)
		}
	}
}
