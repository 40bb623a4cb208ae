package gateway

import (
	"strings"
	"testing"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/site/runstate"
)

func member(job string, state runstate.State, outputs, cost string) gatewayapi.ReplicaMember {
	return gatewayapi.ReplicaMember{Job: job, State: string(state), OutputsSHA256: outputs, CostWei: cost}
}

var (
	honest = strings.Repeat("a", 64)
	liar   = strings.Repeat("b", 64)
	other  = strings.Repeat("c", 64)
)

func TestDecideVote(t *testing.T) {
	for _, tc := range []struct {
		name    string
		members []gatewayapi.ReplicaMember
		quorum  int
		state   string
		winner  string
		votes   map[string]string
		costWei string
	}{
		{
			name: "one liar of three is outvoted, and billed all the same",
			members: []gatewayapi.ReplicaMember{member("r1", runstate.Completed, honest, "100"), member("r2", runstate.Completed, liar, "200"),
				member("r3", runstate.Completed, honest, "300")},
			quorum: 2, state: gatewayapi.GroupAgreed, winner: honest, costWei: "600",
			votes: map[string]string{"r1": gatewayapi.VoteMajority, "r2": gatewayapi.VoteDissent, "r3": gatewayapi.VoteMajority},
		},
		{
			name: "a failed replica abstains and is billed; the other two still reach quorum",
			members: []gatewayapi.ReplicaMember{member("r1", runstate.Completed, honest, "100"), member("r2", runstate.Failed, "", "50"),
				member("r3", runstate.Completed, honest, "300")},
			quorum: 2, state: gatewayapi.GroupAgreed, winner: honest, costWei: "450",
			votes: map[string]string{"r1": gatewayapi.VoteMajority, "r2": gatewayapi.VoteAbstained, "r3": gatewayapi.VoteMajority},
		},
		{
			name: "three different outputs: no quorum, nobody dissents, everyone billed",
			members: []gatewayapi.ReplicaMember{member("r1", runstate.Completed, honest, "1"), member("r2", runstate.Completed, liar, "2"),
				member("r3", runstate.Completed, other, "3")},
			quorum: 2, state: gatewayapi.GroupNoQuorum, costWei: "6",
			votes: map[string]string{"r1": gatewayapi.VoteUndecided, "r2": gatewayapi.VoteUndecided, "r3": gatewayapi.VoteUndecided},
		},
		{
			name: "two agreeing liars of three win: collusion of a quorum is not detected",
			members: []gatewayapi.ReplicaMember{member("r1", runstate.Completed, honest, "1"), member("r2", runstate.Completed, liar, "2"),
				member("r3", runstate.Completed, liar, "3")},
			quorum: 2, state: gatewayapi.GroupAgreed, winner: liar, costWei: "6",
			votes: map[string]string{"r1": gatewayapi.VoteDissent, "r2": gatewayapi.VoteMajority, "r3": gatewayapi.VoteMajority},
		},
		{
			name: "a unanimous quorum is not met by two of three",
			members: []gatewayapi.ReplicaMember{member("r1", runstate.Completed, honest, "1"), member("r2", runstate.Completed, liar, "2"),
				member("r3", runstate.Completed, honest, "3")},
			quorum: 3, state: gatewayapi.GroupNoQuorum, costWei: "6",
			votes: map[string]string{"r1": gatewayapi.VoteUndecided, "r2": gatewayapi.VoteUndecided, "r3": gatewayapi.VoteUndecided},
		},
		{
			name: "without a quorum, a succeeded replica without a digest abstains",
			members: []gatewayapi.ReplicaMember{member("r1", runstate.Completed, honest, "1"), member("r2", runstate.Completed, "", "2"),
				member("r3", runstate.Cancelled, "", "0")},
			quorum: 2, state: gatewayapi.GroupNoQuorum, costWei: "3",
			votes: map[string]string{"r1": gatewayapi.VoteUndecided, "r2": gatewayapi.VoteAbstained, "r3": gatewayapi.VoteAbstained},
		},
		{
			name: "beside a quorum, a succeeded replica that shows no digest withholds it",
			members: []gatewayapi.ReplicaMember{member("r1", runstate.Completed, honest, "1"), member("r2", runstate.Completed, "", "2"),
				member("r3", runstate.Completed, honest, "3")},
			quorum: 2, state: gatewayapi.GroupAgreed, winner: honest, costWei: "6",
			votes: map[string]string{"r1": gatewayapi.VoteMajority, "r2": gatewayapi.VoteWithheld, "r3": gatewayapi.VoteMajority},
		},
		{
			name: "a replica still running at the deadline abstains and costs nothing",
			members: []gatewayapi.ReplicaMember{member("r1", runstate.Completed, honest, "1"), member("r2", runstate.Running, "", ""),
				member("r3", runstate.Completed, honest, "3")},
			quorum: 2, state: gatewayapi.GroupAgreed, winner: honest, costWei: "4",
			votes: map[string]string{"r1": gatewayapi.VoteMajority, "r2": gatewayapi.VoteAbstained, "r3": gatewayapi.VoteMajority},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := decideVote(tc.members, tc.quorum)
			if err != nil {
				t.Fatal(err)
			}
			if d.State != tc.state || d.OutputsSHA256 != tc.winner || d.CostWei != tc.costWei {
				t.Errorf("decided %s %q cost %s, want %s %q cost %s", d.State, d.OutputsSHA256, d.CostWei, tc.state, tc.winner, tc.costWei)
			}
			for job, want := range tc.votes {
				if d.Votes[job] != want {
					t.Errorf("%s voted %q, want %q", job, d.Votes[job], want)
				}
			}
		})
	}
}

// A cost the state holds in a form it never writes stops the decision rather than
// settling a wrong sum.
func TestDecideVoteRefusesAMalformedCost(t *testing.T) {
	_, err := decideVote([]gatewayapi.ReplicaMember{member("r1", runstate.Completed, honest, "1e18"), member("r2", runstate.Completed, honest, "1")}, 2)
	if err == nil {
		t.Fatal("a malformed cost was summed")
	}
}

// Each replica's slash has evidence of its own, and the same replica always the same.
func TestReplicaEvidence(t *testing.T) {
	a, b := replicaEvidence("r-group", "r-one"), replicaEvidence("r-group", "r-two")
	if a == b || a != replicaEvidence("r-group", "r-one") {
		t.Fatal("evidence is not one per replica")
	}
	if replicaEvidence("r-gr", "oupr-one") == a {
		t.Fatal("evidence is ambiguous between group and job")
	}
}

func TestReplicaBudget(t *testing.T) {
	j := gatewayapi.Job{MaxCostWei: "1000", Replica: &gatewayapi.Replica{Replicas: 3}}
	b, err := replicaBudget(j)
	if err != nil || b.String() != "333" {
		t.Fatalf("budget %v %v, want 333", b, err)
	}
	// Each rerun the group may run takes a share too.
	j.Replica.Reruns = 1
	if b, err := replicaBudget(j); err != nil || b.String() != "250" {
		t.Fatalf("budget with a rerun %v %v, want 250", b, err)
	}
	j.Replica = nil
	if b, _ := replicaBudget(j); b.String() != "1000" {
		t.Fatalf("unreplicated budget %v", b)
	}
}

func TestReplicaLabel(t *testing.T) {
	for _, c := range []struct {
		r    gatewayapi.Replica
		want string
	}{
		{gatewayapi.Replica{Index: 1, Replicas: 3}, "replica 2 of 3"},
		{gatewayapi.Replica{Index: 0, Replicas: 3, Reruns: 2, Vote: gatewayapi.VoteAbstained}, "replica 1 of 3 · abstained"},
		{gatewayapi.Replica{Index: 3, Replicas: 3, Reruns: 2, Replaces: "r-a"}, "rerun 1 of 2 for r-a"},
		{gatewayapi.Replica{Index: 4, Replicas: 3, Reruns: 2, Replaces: "r-b", Vote: gatewayapi.VoteMajority}, "rerun 2 of 2 for r-b · majority"},
	} {
		if got := replicaLabel(c.r); got != c.want {
			t.Errorf("%+v: %q, want %q", c.r, got, c.want)
		}
	}
}

// A group waits for late usage past its deadline within the time its escrow stays locked
// for the settlement.
func TestUsageGraceLeavesTimeToSettle(t *testing.T) {
	if usageGrace*2 > replicaSettleTime {
		t.Fatalf("usage grace %s leaves less than half of the %s kept for the settlement", usageGrace, replicaSettleTime)
	}
}
