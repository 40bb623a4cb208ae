package gatewayapi

import "github.com/petagrid/petagrid/site/siteapi"

// Votes a replica gets once its group is decided (Replica.Vote). The researcher pays for
// every replica, whatever its vote: a researcher must gain nothing from a replica outvoted.
const (
	// VoteMajority: its outputs are the ones a quorum agreed on.
	VoteMajority = "majority"
	// VoteDissent: it succeeded with other outputs than the quorum's; its provider is
	// slashed.
	VoteDissent = "dissent"
	// VoteWithheld: it succeeded but its site showed no outputs digest while a quorum
	// agreed; its provider is slashed as for a dissent (a site could otherwise skip the
	// work and never risk a vote).
	VoteWithheld = "withheld"
	// VoteAbstained: it did not succeed (failed, cancelled, or still going when the group
	// was decided at its deadline); nobody is slashed for it.
	VoteAbstained = "abstained"
	// VoteUndecided: it succeeded, but no outputs reached the quorum.
	VoteUndecided = "undecided"
)

// Replica group states (ReplicaGroup.State).
const (
	GroupVoting   = "voting"
	GroupAgreed   = "agreed"
	GroupNoQuorum = "no-quorum"
)

// Replica is a replicated job's place in its group (a workflow's verify: {replicas,
// quorum}): every replica is a job of its own, on a site of its own operator.
type Replica struct {
	// Group is the id of the group's first job: the one its submission returned, and under
	// which its one escrow is settled.
	Group    string `json:"group"`
	Index    int    `json:"index"`
	Replicas int    `json:"replicas"`
	Quorum   int    `json:"quorum"`
	// Reruns is how many replicas that end without a vote the group may run again
	// elsewhere; Index is Replicas or more for a rerun, and Replaces names the replica it
	// runs again.
	Reruns   int    `json:"reruns,omitempty"`
	Replaces string `json:"replaces,omitempty"`
	// Vote is how its outputs fared once the group was decided ("" before).
	Vote string `json:"vote,omitempty"`
	// Slash is "due", "done" or "skipped" (nothing staked) for a dissent; SlashedWei what
	// the chain took.
	Slash      string `json:"slash,omitempty"`
	SlashedWei string `json:"slashedWei,omitempty"`
}

// ReplicaGroup and ReplicaMember are siteapi's: the CLI reads a gateway's job as a run,
// with its group.
type (
	ReplicaGroup  = siteapi.ReplicaGroup
	ReplicaMember = siteapi.ReplicaMember
)
