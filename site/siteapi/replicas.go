package siteapi

import "time"

// ReplicaGroup is a replicated grid job's vote (a workflow's verify: {replicas, quorum}), as
// the gateway shows it with each of the group's jobs.
type ReplicaGroup struct {
	Job      string `json:"job"`
	Replicas int    `json:"replicas"`
	Quorum   int    `json:"quorum"`
	// Reruns is how many replicas that end without a vote the group may run again.
	Reruns int    `json:"reruns,omitempty"`
	State  string `json:"state"`
	// OutputsSHA256 is the digest a quorum agreed on (agreed groups only).
	OutputsSHA256 string `json:"outputsSha256,omitempty"`
	// CostWei is what the escrow settles for: every replica's cost.
	CostWei string `json:"costWei,omitempty"`
	// DecideBy is when the group is decided at the latest, whatever its replicas do: the
	// ones still going are stopped then and abstain.
	DecideBy *time.Time `json:"decideBy,omitempty"`
	// RerunBy is until when a replica that ended without a vote may be run again (groups
	// with reruns only).
	RerunBy   *time.Time      `json:"rerunBy,omitempty"`
	DecidedAt *time.Time      `json:"decidedAt,omitempty"`
	Members   []ReplicaMember `json:"members"`
}

// ReplicaMember is one replica as its group shows it.
type ReplicaMember struct {
	Job   string `json:"job"`
	Index int    `json:"index"`
	// Replaces names the replica a rerun runs again ("" for the group's own replicas).
	Replaces      string `json:"replaces,omitempty"`
	Site          string `json:"site,omitempty"`
	State         string `json:"state"`
	OutputsSHA256 string `json:"outputsSha256,omitempty"`
	CostWei       string `json:"costWei,omitempty"`
	Vote          string `json:"vote,omitempty"`
	Slash         string `json:"slash,omitempty"`
	SlashedWei    string `json:"slashedWei,omitempty"`
}
