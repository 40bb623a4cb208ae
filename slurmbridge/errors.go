package slurmbridge

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// Sentinels for errors.Is. The concrete errors below carry the details.
var (
	// ErrCommandNotFound: a Slurm command is not installed where the bridge looks for it.
	ErrCommandNotFound = errors.New("slurm command not found")
	// ErrTimeout: a Slurm command did not finish within its time limit.
	ErrTimeout = errors.New("slurm command timed out")
	// ErrControllerUnreachable: slurmctld did not answer (transient; retry with backoff).
	ErrControllerUnreachable = errors.New("slurm controller unreachable")
	// ErrAccountingUnreachable: slurmdbd or its database did not answer (transient).
	ErrAccountingUnreachable = errors.New("slurm accounting database unreachable")
	// ErrInvalidTag: a submission tag is not of the safe form the bridge requires.
	ErrInvalidTag = errors.New("invalid job tag")
	// ErrJobNotFound: Slurm does not know the job.
	ErrJobNotFound = errors.New("job not found")
	// ErrJobFinished: the job had already finished (cancelling it again changes nothing).
	ErrJobFinished = errors.New("job already completing or completed")
	// ErrSubmitOutcomeUnknown: sbatch was interrupted or its answer was lost, so Slurm may or
	// may not hold the job. Look it up with FindByTag before submitting it again.
	ErrSubmitOutcomeUnknown = errors.New("submission outcome unknown: look the job up by its tag before retrying")

	// Slurm's refusals of a submission; a *RefusalError matches one of these.
	ErrInvalidPartition    = errors.New("invalid partition")
	ErrInvalidAccount      = errors.New("invalid account or account/partition combination")
	ErrInvalidQOS          = errors.New("invalid QOS")
	ErrQOSLimit            = errors.New("job violates accounting/QOS policy")
	ErrUnavailableConfig   = errors.New("requested node configuration is not available")
	ErrInvalidGRES         = errors.New("invalid generic resource specification")
	ErrInvalidTimeLimit    = errors.New("invalid time limit")
	ErrInvalidDependency   = errors.New("job dependency problem")
	ErrInvalidOption       = errors.New("invalid submission option")
	ErrPermissionDenied    = errors.New("permission denied")
	ErrSubmissionsDisabled = errors.New("submissions are disabled")
)

// CommandError is a Slurm command that ran and exited non-zero (or wrote an error that
// Slurm's own exit status hides).
type CommandError struct {
	Command  string
	ExitCode int
	Stderr   string
}

func (e *CommandError) Error() string {
	msg := strings.TrimSpace(e.Stderr)
	if msg == "" {
		msg = "no message on stderr"
	}
	return fmt.Sprintf("%s exited with status %d: %s", e.Command, e.ExitCode, truncate(msg, 2000))
}

// Is lets errors.Is recognise the transient failures in a command's own message.
func (e *CommandError) Is(target error) bool {
	switch target {
	case ErrControllerUnreachable:
		return controllerUnreachable(e.Stderr)
	case ErrAccountingUnreachable:
		return accountingUnreachable(e.Stderr)
	}
	return false
}

// MissingCommandError: the binary was not found or could not be executed.
type MissingCommandError struct {
	Command string
	Path    string
	Err     error
}

func (e *MissingCommandError) Error() string {
	return fmt.Sprintf("slurm command %s not available at %s: %v (install Slurm's client commands or set slurm.binDir)", e.Command, e.Path, e.Err)
}

func (e *MissingCommandError) Is(target error) bool { return target == ErrCommandNotFound }
func (e *MissingCommandError) Unwrap() error        { return e.Err }

// TimeoutError: the command was killed when its time limit ran out.
type TimeoutError struct {
	Command string
	Limit   time.Duration
}

func (e *TimeoutError) Error() string {
	return fmt.Sprintf("%s did not finish within %s and was killed", e.Command, e.Limit)
}

func (e *TimeoutError) Is(target error) bool { return target == ErrTimeout }

// OutputTooLargeError: the command wrote more than the configured maximum.
type OutputTooLargeError struct {
	Command  string
	MaxBytes int64
}

func (e *OutputTooLargeError) Error() string {
	return fmt.Sprintf("%s wrote more than %d bytes and was stopped (raise slurm.maxOutputBytes if this is legitimate)", e.Command, e.MaxBytes)
}

// ParseError: a command's output could not be understood. Output is never half-used: the
// whole answer is refused.
type ParseError struct {
	Command string
	What    string
	Err     error
}

func (e *ParseError) Error() string {
	if e.Command == "" {
		return fmt.Sprintf("parsing %s: %v", e.What, e.Err)
	}
	return fmt.Sprintf("parsing %s from %s: %v", e.What, e.Command, e.Err)
}

func (e *ParseError) Unwrap() error { return e.Err }

// UnknownStateError: Slurm printed a job state this package does not know. It is an error on
// purpose: a state that is guessed can lose or double-count a job.
type UnknownStateError struct {
	State string
}

func (e *UnknownStateError) Error() string {
	return fmt.Sprintf("unknown Slurm job state %q (a newer Slurm release? this state must be mapped before jobs in it can be tracked)", e.State)
}

// RefusalError is Slurm refusing a request, with Slurm's own message.
type RefusalError struct {
	Command string
	Reason  error // one of the Err* refusal sentinels
	Message string
}

func (e *RefusalError) Error() string {
	return fmt.Sprintf("%s refused: %v: %s", e.Command, e.Reason, e.Message)
}

func (e *RefusalError) Is(target error) bool { return target == e.Reason }

// refusalPatterns map Slurm's messages (as printed by 22.05 through 25.x) to refusals. The
// first match wins, so the more specific messages come first.
var refusalPatterns = []struct {
	fragment string
	reason   error
}{
	{"invalid partition", ErrInvalidPartition},
	{"invalid account", ErrInvalidAccount},
	{"invalid qos", ErrInvalidQOS},
	{"violates accounting/qos policy", ErrQOSLimit},
	{"qos", ErrQOSLimit},
	{"invalid generic resource", ErrInvalidGRES},
	{"invalid gres", ErrInvalidGRES},
	{"requested node configuration is not available", ErrUnavailableConfig},
	{"memory specification can not be satisfied", ErrUnavailableConfig},
	{"node count specification invalid", ErrUnavailableConfig},
	{"requested partition configuration not available", ErrUnavailableConfig},
	{"time limit", ErrInvalidTimeLimit},
	{"invalid --time", ErrInvalidTimeLimit},
	{"dependency", ErrInvalidDependency},
	{"access/permission denied", ErrPermissionDenied},
	{"user's group not permitted", ErrPermissionDenied},
	{"not permitted", ErrPermissionDenied},
	{"submissions are disabled", ErrSubmissionsDisabled},
	{"unrecognized option", ErrInvalidOption},
	{"invalid option", ErrInvalidOption},
	{"invalid argument", ErrInvalidOption},
}

// classifyRefusal turns a failed command's stderr into a *RefusalError when it is one of
// Slurm's known refusals; it returns nil otherwise.
func classifyRefusal(command, stderr string) *RefusalError {
	if controllerUnreachable(stderr) {
		return nil
	}
	msg := slurmMessage(stderr)
	lower := strings.ToLower(msg)
	for _, p := range refusalPatterns {
		if strings.Contains(lower, p.fragment) {
			return &RefusalError{Command: command, Reason: p.reason, Message: msg}
		}
	}
	return nil
}

// slurmMessage keeps the lines Slurm wrote as errors (without the "sbatch: error: " prefix),
// so that a refusal carries Slurm's explanation and not its usage text.
func slurmMessage(stderr string) string {
	var kept []string
	for _, line := range strings.Split(stderr, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "Try \"") {
			continue
		}
		if i := strings.Index(line, "error: "); i >= 0 {
			line = line[i+len("error: "):]
		} else if i := strings.Index(line, ": "); i > 0 && !strings.Contains(line[:i], " ") {
			line = line[i+2:] // "sbatch: unrecognized option …"
		}
		line = strings.TrimPrefix(line, "Batch job submission failed: ")
		kept = append(kept, line)
	}
	return truncate(strings.Join(kept, "; "), 2000)
}

func controllerUnreachable(stderr string) bool {
	s := strings.ToLower(stderr)
	return strings.Contains(s, "unable to contact slurm controller") ||
		strings.Contains(s, "socket timed out on send/recv") ||
		strings.Contains(s, "zero bytes were transmitted or received") ||
		strings.Contains(s, "slurm_load_jobs error: unable to contact") ||
		strings.Contains(s, "slurm_load_node error: unable to contact") ||
		strings.Contains(s, "slurmctld is down")
}

func accountingUnreachable(stderr string) bool {
	s := strings.ToLower(stderr)
	return strings.Contains(s, "slurmdbd") && (strings.Contains(s, "connection refused") ||
		strings.Contains(s, "unable to connect") || strings.Contains(s, "problem talking to the database") ||
		strings.Contains(s, "failed to connect")) ||
		strings.Contains(s, "problem talking to the database")
}
