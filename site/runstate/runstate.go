// Package runstate names where a run and its steps are: the states the site's journal
// records, the site API shows and the gateway protocol carries. It is a leaf (no storage, no
// I/O) so that clients and the wire protocol share the vocabulary without the journal.
package runstate

// State is where a run is in its life.
type State string

// Run states, in order. A run moves forward only; terminal states are Completed, Failed,
// Cancelled, Timeout, NodeFail, OutOfMemory, Preempted, BootFail, Deadline and
// SubmitFailed; Reported follows a terminal state once the outcome has been delivered to
// the grid gateway (the outcome is kept in the run's Outcome).
const (
	Accepted     State = "accepted"
	Rendered     State = "rendered"
	Submitting   State = "submitting"
	Submitted    State = "submitted"
	Running      State = "running"
	Completed    State = "completed"
	Failed       State = "failed"
	Cancelled    State = "cancelled"
	Timeout      State = "timeout"
	NodeFail     State = "node_fail"
	OutOfMemory  State = "out_of_memory"
	Preempted    State = "preempted"
	BootFail     State = "boot_fail"
	Deadline     State = "deadline"
	SubmitFailed State = "submit_failed"
	Reported     State = "reported"
)

// All lists every run state, in order (for metrics, documentation and checking what a site
// reports). Each call returns a new slice, so no caller can change another's.
func All() []State {
	return []State{Accepted, Rendered, Submitting, Submitted, Running, Completed, Failed, Cancelled, Timeout, NodeFail, OutOfMemory, Preempted, BootFail, Deadline, SubmitFailed, Reported}
}

// Terminal reports whether a run in state s is over (reported runs included). A state this
// package does not define is not over: a grid gateway answers in the same shape with its own
// live states (queued, assigned, unknown), which a client waiting for the end must wait on.
func (s State) Terminal() bool {
	switch s {
	case Completed, Failed, Cancelled, Timeout, NodeFail, OutOfMemory, Preempted, BootFail, Deadline, SubmitFailed, Reported:
		return true
	}
	return false
}

// StepState is where one step's Slurm job is.
type StepState string

// Step states. Planned: not submitted yet. Skipped: Slurm cancelled it because its
// dependencies can never be satisfied (a failure handler after a success, a step after a
// failure). The rest mirror Slurm's terminal states.
const (
	StepPlanned     StepState = "planned"
	StepPending     StepState = "pending"
	StepRunning     StepState = "running"
	StepCompleted   StepState = "completed"
	StepFailed      StepState = "failed"
	StepCancelled   StepState = "cancelled"
	StepTimeout     StepState = "timeout"
	StepNodeFail    StepState = "node_fail"
	StepOutOfMemory StepState = "out_of_memory"
	StepPreempted   StepState = "preempted"
	StepBootFail    StepState = "boot_fail"
	StepDeadline    StepState = "deadline"
	StepSkipped     StepState = "skipped"
)

// Terminal reports whether the step's job is over.
func (s StepState) Terminal() bool {
	switch s {
	case StepPlanned, StepPending, StepRunning:
		return false
	}
	return true
}
