package slurmbridge

import (
	"errors"
	"fmt"
	"strings"
)

// JobState is a Slurm job state as squeue prints it. Slurm keeps a base state plus flags; 22.05
// prints a single word in which a flag wins over the base state (a finishing job is
// "COMPLETING", not "COMPLETED"), and 23.11+ prints the base state and the flags as an array.
// parseJobState applies Slurm's own precedence to both, so a state means the same thing
// whichever release produced it.
type JobState string

// Base states.
const (
	StatePending     JobState = "PENDING"
	StateRunning     JobState = "RUNNING"
	StateSuspended   JobState = "SUSPENDED"
	StateCompleted   JobState = "COMPLETED"
	StateCancelled   JobState = "CANCELLED"
	StateFailed      JobState = "FAILED"
	StateTimeout     JobState = "TIMEOUT"
	StateNodeFail    JobState = "NODE_FAIL"
	StatePreempted   JobState = "PREEMPTED"
	StateBootFail    JobState = "BOOT_FAIL"
	StateDeadline    JobState = "DEADLINE"
	StateOutOfMemory JobState = "OUT_OF_MEMORY"
)

// States that are flags on top of a base state, but which Slurm prints in its place.
const (
	StateCompleting  JobState = "COMPLETING"
	StateStageOut    JobState = "STAGE_OUT"
	StateConfiguring JobState = "CONFIGURING"
	StateResizing    JobState = "RESIZING"
	StateRequeued    JobState = "REQUEUED"
	StateRequeueFed  JobState = "REQUEUE_FED"
	StateRequeueHold JobState = "REQUEUE_HOLD"
	StateSpecialExit JobState = "SPECIAL_EXIT"
	StateStopped     JobState = "STOPPED"
	StateRevoked     JobState = "REVOKED"
	StateResvDelHold JobState = "RESV_DEL_HOLD"
	StateSignaling   JobState = "SIGNALING"
)

type stateClass int

const (
	classPending  stateClass = iota + 1 // waiting to run (again)
	classActive                         // holds or is releasing resources
	classTerminal                       // finished; Slurm will not run it again
)

// flagPrecedence is the order in which Slurm's job_state_string() lets a flag replace the
// base state.
var flagPrecedence = []JobState{
	StateCompleting, StateStageOut, StateConfiguring, StateResizing, StateRequeued,
	StateRequeueFed, StateRequeueHold, StateSpecialExit, StateStopped, StateRevoked,
	StateResvDelHold, StateSignaling,
}

var stateClasses = map[JobState]stateClass{
	StatePending:     classPending,
	StateRunning:     classActive,
	StateSuspended:   classActive,
	StateCompleted:   classTerminal,
	StateCancelled:   classTerminal,
	StateFailed:      classTerminal,
	StateTimeout:     classTerminal,
	StateNodeFail:    classTerminal,
	StatePreempted:   classTerminal,
	StateBootFail:    classTerminal,
	StateDeadline:    classTerminal,
	StateOutOfMemory: classTerminal,

	StateCompleting:  classActive,
	StateStageOut:    classActive,
	StateConfiguring: classActive,
	StateResizing:    classActive,
	StateRequeued:    classPending,
	StateRequeueFed:  classPending,
	StateRequeueHold: classPending,
	StateSpecialExit: classPending,
	StateStopped:     classActive,
	StateRevoked:     classTerminal, // the job ran on another cluster of a federation
	StateResvDelHold: classPending,
	StateSignaling:   classActive,
}

// informationalFlags appear in 23.11+ state arrays but never replace the base state.
var informationalFlags = map[string]bool{
	"LAUNCH_FAILED": true,
	"UPDATE_DB":     true,
	"RECONFIG_FAIL": true,
	"POWER_UP_NODE": true,
}

// Terminal reports whether the job is finished for good: it will not run again and its
// accounting record is final.
func (s JobState) Terminal() bool { return stateClasses[s] == classTerminal }

// Pending reports whether the job waits to start (for the first time or after a requeue).
func (s JobState) Pending() bool { return stateClasses[s] == classPending }

// Active reports whether the job holds resources or is releasing them.
func (s JobState) Active() bool { return stateClasses[s] == classActive }

// Known reports whether s is a state this package understands.
func (s JobState) Known() bool { return stateClasses[s] != 0 }

// parseJobState folds the words Slurm printed (one word, or a base state plus flags) into the
// state Slurm itself would print, and returns the remaining words as flags. Any word it does
// not know is an error: a new state must be looked at, not guessed.
func parseJobState(words []string) (JobState, []string, error) {
	var (
		base   JobState
		chosen JobState
		flags  []string
		seen   = map[JobState]bool{}
	)
	for _, w := range words {
		w = normaliseStateWord(w)
		if w == "" {
			continue
		}
		st := JobState(w)
		switch {
		case stateClasses[st] != 0:
			seen[st] = true
			if isBaseState(st) {
				if base != "" && base != st {
					return "", nil, &ParseError{What: "job state", Err: fmt.Errorf("two base states %s and %s", base, st)}
				}
				base = st
			}
		case informationalFlags[w]:
			flags = append(flags, w)
		default:
			return "", nil, &UnknownStateError{State: w}
		}
	}
	for _, f := range flagPrecedence {
		if seen[f] {
			chosen = f
			break
		}
	}
	if chosen == "" {
		chosen = base
	}
	if chosen == "" {
		return "", nil, &ParseError{What: "job state", Err: fmt.Errorf("no state in %q", words)}
	}
	for _, f := range flagPrecedence {
		if seen[f] && f != chosen {
			flags = append(flags, string(f))
		}
	}
	if base != "" && base != chosen {
		flags = append(flags, string(base))
	}
	return chosen, flags, nil
}

func isBaseState(s JobState) bool {
	switch s {
	case StatePending, StateRunning, StateSuspended, StateCompleted, StateCancelled, StateFailed,
		StateTimeout, StateNodeFail, StatePreempted, StateBootFail, StateDeadline, StateOutOfMemory:
		return true
	}
	return false
}

// normaliseStateWord maps the spellings Slurm uses in different places onto squeue's:
// sacct prints "CANCELLED by 1000", older releases "COMPLETE", fixed-width columns truncate
// with "+" (never requested here, but refused rather than misread).
func normaliseStateWord(w string) string {
	w = strings.TrimSpace(w)
	if i := strings.Index(w, " by "); i > 0 {
		w = w[:i]
	}
	w = strings.ToUpper(w)
	switch w {
	case "COMPLETE":
		return string(StateCompleted)
	case "OOM":
		return string(StateOutOfMemory)
	case "CANCELED":
		return string(StateCancelled)
	}
	return w
}

// parseAccountingState is parseJobState for accounting records, which are history: a state
// this package does not know (a newer Slurm's) is kept as printed and reported through
// unknown, so that one new word neither stops a harvest nor drops the record. Callers must
// make it loud (log and count it).
func parseAccountingState(words []string) (state JobState, unknown bool, err error) {
	state, _, err = parseJobState(words)
	var unknownErr *UnknownStateError
	if errors.As(err, &unknownErr) {
		var kept []string
		for _, w := range words {
			if w = normaliseStateWord(w); w != "" {
				kept = append(kept, w)
			}
		}
		return JobState(strings.Join(kept, "+")), true, nil
	}
	return state, false, err
}
