package gatewayapi

import "github.com/petagrid/petagrid/site/siteapi"

// Votes a replica gets once its group is decided (Replica.Vote).
const (
	// VoteMajority: its outputs are the ones a quorum agreed on; it is billed.
	VoteMajority = "majority"
	// VoteDissent: it succeeded with other outputs than the quorum's; it is not billed and
	// its provider is slashed.
	VoteDissent = "dissent"
	// VoteAbstained: it did not succeed with outputs to compare (failed, cancelled, or its
	// site sent no digest); it is billed as any job, and nobody is slashed for it.
	VoteAbstained = "abstained"
	// VoteUndecided: it succeeded, but no outputs reached the quorum; it is billed.
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
