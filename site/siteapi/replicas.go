package siteapi

import "time"

// ReplicaGroup is a replicated grid job's vote (a workflow's verify: {replicas, quorum}), as
// the gateway shows it with each of the group's jobs.
type ReplicaGroup struct {
	Job      string `json:"job"`
	Replicas int    `json:"replicas"`
	Quorum   int    `json:"quorum"`
	State    string `json:"state"`
	// OutputsSHA256 is the digest a quorum agreed on (agreed groups only).
	OutputsSHA256 string `json:"outputsSha256,omitempty"`
	// CostWei is what the escrow settles for: every replica's cost.
	CostWei string `json:"costWei,omitempty"`
	// DecideBy is when the group is decided at the latest, whatever its replicas do: the
	// ones still going are stopped then and abstain.
	DecideBy  *time.Time      `json:"decideBy,omitempty"`
	DecidedAt *time.Time      `json:"decidedAt,omitempty"`
	Members   []ReplicaMember `json:"members"`
}

// ReplicaMember is one replica as its group shows it.
type ReplicaMember struct {
	Job           string `json:"job"`
	Index         int    `json:"index"`
	Site          string `json:"site,omitempty"`
	State         string `json:"state"`
	OutputsSHA256 string `json:"outputsSha256,omitempty"`
	CostWei       string `json:"costWei,omitempty"`
	Vote          string `json:"vote,omitempty"`
	Slash         string `json:"slash,omitempty"`
	SlashedWei    string `json:"slashedWei,omitempty"`
}
