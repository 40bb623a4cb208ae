// Package siteapi is the site daemon's HTTP API on the wire: its requests, its answers and
// the run records they carry. The daemon (package site) serves it and keeps the records in
// its journal; clients decode it. It is a leaf (no journal, no Slurm, no cgo), so that a
// client needs nothing of the daemon to speak to it.
package siteapi

import (
	"time"

	"github.com/petagrid/petagrid/site/runstate"
)

// DefaultSocket is where the daemon listens for local callers unless configured otherwise.
const DefaultSocket = "/run/petagrid/site.sock"

// SubmitRequest is the body of POST /v1/jobs.
type SubmitRequest struct {
	// Workflow is the workflow YAML itself.
	Workflow string `json:"workflow"`
	// FileName names it in error messages (file:line:col); default "workflow.yaml".
	FileName string `json:"fileName,omitempty"`
	// Params are -p key=value values.
	Params map[string]string `json:"params,omitempty"`
	// IdempotencyKey makes a retried submission return the first one's run instead of
	// submitting again (clients set one per submission and reuse it on retry).
	IdempotencyKey string `json:"idempotencyKey,omitempty"`
}

// ErrorBody is every error answer.
type ErrorBody struct {
	Error string `json:"error"`
	// Details are the individual problems, e.g. one "file:line:col: message" per YAML error.
	Details []string `json:"details,omitempty"`
}

// Info is GET /v1/info: what a client needs before it signs (the audience).
type Info struct {
	Site     string `json:"site"`
	Audience string `json:"audience"`
	Version  string `json:"version"`
	UserMode string `json:"userMode"`
}

// RunView is a run as the API shows it.
type RunView struct {
	Run
	History []Transition `json:"history,omitempty"`
	// ReplicaGroup is a replicated job's vote: from a gateway, never a site.
	ReplicaGroup *ReplicaGroup `json:"replicaGroup,omitempty"`
	// Auctions are a job's sealed-bid auctions, newest first: from a gateway, never a site.
	Auctions []Auction `json:"auctions,omitempty"`
}

// Run is one accepted workflow submission.
type Run struct {
	ID string `json:"id"`
	// Researcher is who asked: "0x…" for a key, "unix:<user>" for a local socket peer,
	// "unverified:0x…" for a grid job whose researcher the gateway named without their
	// signature (the run is then the pool account's, not that key's).
	Researcher     string            `json:"researcher"`
	LocalUser      string            `json:"localUser"`
	IdempotencyKey string            `json:"idempotencyKey,omitempty"`
	Workflow       string            `json:"workflow"`
	SourceName     string            `json:"sourceName"`
	Source         []byte            `json:"-"`
	Params         map[string]string `json:"params,omitempty"`
	State          runstate.State    `json:"state"`
	// Outcome is the terminal state, kept when State moves on to Reported.
	Outcome         runstate.State `json:"outcome,omitempty"`
	Workspace       string         `json:"workspace,omitempty"`
	Error           string         `json:"error,omitempty"`
	CancelRequested bool           `json:"cancelRequested,omitempty"`
	CreatedAt       time.Time      `json:"createdAt"`
	UpdatedAt       time.Time      `json:"updatedAt"`
	SubmittedAt     *time.Time     `json:"submittedAt,omitempty"`
	EndedAt         *time.Time     `json:"endedAt,omitempty"`
	Steps           []Step         `json:"steps,omitempty"`
	// OutputsSHA256 is the digest of a completed run's declared outputs
	// (workflows.OutputsDigest): what the grid gateway compares the replicas of a job by.
	// Empty when the run did not complete, declared no outputs, or its manifests could not
	// be read (its history says why).
	OutputsSHA256 string `json:"outputsSha256,omitempty"`
}

// Step is one step of a run and its Slurm job.
type Step struct {
	Name      string             `json:"name"`
	Position  int                `json:"position"`
	Tag       string             `json:"tag"`
	Finally   bool               `json:"finally,omitempty"`
	ArraySize int                `json:"arraySize,omitempty"`
	JobID     uint32             `json:"jobId,omitempty"`
	State     runstate.StepState `json:"state"`
	// SlurmState is Slurm's own word for the job (or the worst of its array tasks).
	SlurmState  string     `json:"slurmState,omitempty"`
	Reason      string     `json:"reason,omitempty"`
	ExitCode    *int       `json:"exitCode,omitempty"`
	ExitSignal  *int       `json:"exitSignal,omitempty"`
	Stdout      string     `json:"stdout,omitempty"`
	Stderr      string     `json:"stderr,omitempty"`
	SubmittedAt *time.Time `json:"submittedAt,omitempty"`
	StartedAt   *time.Time `json:"startedAt,omitempty"`
	EndedAt     *time.Time `json:"endedAt,omitempty"`
}

// Transition is one entry of a run's history.
type Transition struct {
	Step   string    `json:"step,omitempty"`
	From   string    `json:"from"`
	To     string    `json:"to"`
	At     time.Time `json:"at"`
	Detail string    `json:"detail,omitempty"`
}
