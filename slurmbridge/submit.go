package slurmbridge

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/user"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// MaxScriptBytes is Slurm's default limit on a batch script (SchedulerParameters max_script_size).
const MaxScriptBytes = 4 << 20

// tagPattern keeps tags safe everywhere they travel: as a job name in squeue and sacct
// filters (commas split lists), in slurmdbd (which rewrites quotes), in -P output (pipes) and
// in file names.
var tagPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)

// ValidateTag reports whether tag can identify a submission.
func ValidateTag(tag string) error {
	if !tagPattern.MatchString(tag) {
		return fmt.Errorf("%w %q: use 1-64 characters from A-Z a-z 0-9 . _ - starting with a letter or digit", ErrInvalidTag, truncate(tag, 80))
	}
	return nil
}

// SubmitRequest is one batch script to submit.
type SubmitRequest struct {
	// Script is the batch script; it must start with "#!".
	Script []byte
	// Tag identifies the submission and becomes the job name (overriding any
	// "#SBATCH --job-name" in the script), so that a submission whose answer was lost can be
	// found again with FindByTag before it is retried.
	Tag string
	// WorkDir is the job's working directory (absolute).
	WorkDir    string
	Partition  string
	Account    string
	QOS        string
	Dependency string // "afterok:12:13", "singleton", …
	Array      string // "0-9%2"
	Hold       bool
	Comment    string
	// Options are further sbatch long options, each "--name=value" or "--flag", from the
	// allow-list in AllowedSubmitOptions (resources, placement, I/O, notification).
	Options []string
	// HetComponents make the job heterogeneous: each is one more component, given by its
	// options (the same allow-list as Options), in the same partition, account and QOS.
	// Options are the first component's. Slurm starts every component at once, as one job
	// (its id is the first component's), and applies a partition's per-job limits, such as
	// MaxNodes, to each component alone. Not with Array.
	HetComponents [][]string
}

// MaxHetComponents bounds a heterogeneous job's components (Slurm's own limit is 128).
const MaxHetComponents = 128

// AllowedSubmitOptions are the sbatch long options a SubmitRequest may carry in Options,
// written in full. sbatch's getopt accepts any unambiguous abbreviation ("--job-n=" for
// --job-name), so a deny-list cannot work: only these exact names pass. Left out on purpose:
// options that change who runs the job (--uid, --gid, --get-user-env), read files on this host
// (--export-file, --nodefile, --bbf), submit elsewhere (--clusters, --cluster-constraint),
// replace the script (--wrap), change sbatch's answer (--parsable, --wait, --quiet, --verbose,
// --test-only), are request fields already (--job-name, --chdir, --partition, --account,
// --qos, --dependency, --array, --hold, --comment), or are for administrators (--priority,
// --reboot, --mcs-label, --power).
var AllowedSubmitOptions = map[string]bool{
	"--begin": true, "--constraint": true, "--contiguous": true, "--core-spec": true,
	"--cores-per-socket": true, "--cpu-freq": true, "--cpus-per-gpu": true, "--cpus-per-task": true,
	"--deadline": true, "--delay-boot": true, "--distribution": true, "--error": true,
	"--exclude": true, "--exclusive": true, "--export": true, "--extra-node-info": true,
	"--gpu-bind": true, "--gpu-freq": true, "--gpus": true, "--gpus-per-node": true,
	"--gpus-per-socket": true, "--gpus-per-task": true, "--gres": true, "--gres-flags": true,
	"--hint": true, "--input": true, "--kill-on-invalid-dep": true, "--licenses": true,
	"--mail-type": true, "--mail-user": true, "--mem": true, "--mem-bind": true,
	"--mem-per-cpu": true, "--mem-per-gpu": true, "--mincpus": true, "--network": true,
	"--nice": true, "--no-kill": true, "--no-requeue": true, "--nodelist": true, "--nodes": true,
	"--ntasks": true, "--ntasks-per-core": true, "--ntasks-per-node": true,
	"--ntasks-per-socket": true, "--open-mode": true, "--output": true, "--overcommit": true,
	"--oversubscribe": true, "--profile": true, "--propagate": true, "--requeue": true,
	"--reservation": true, "--signal": true, "--sockets-per-node": true, "--spread-job": true,
	"--switches": true, "--thread-spec": true, "--threads-per-core": true, "--time": true,
	"--time-min": true, "--tmp": true, "--use-min-nodes": true, "--wckey": true,
}

// bareSubmitOptions are the options of AllowedSubmitOptions that may be written without a
// value (flags, or options whose value is optional). Every other option must carry its
// value after "=": written bare, sbatch would take the next argument for its value (the
// bridge's own --parsable or --partition, or a heterogeneous job's ":" separator).
var bareSubmitOptions = map[string]bool{
	"--contiguous": true, "--exclusive": true, "--nice": true, "--no-kill": true, "--no-requeue": true,
	"--overcommit": true, "--oversubscribe": true, "--propagate": true, "--requeue": true,
	"--spread-job": true, "--use-min-nodes": true,
}

// SubmitResult is Slurm's answer to a submission.
type SubmitResult struct {
	JobID   uint32 `json:"jobId"`
	Cluster string `json:"cluster,omitempty"`
}

var (
	arrayPattern      = regexp.MustCompile(`^[0-9]+(-[0-9]+(:[0-9]+)?)?(,[0-9]+(-[0-9]+(:[0-9]+)?)?)*(%[0-9]+)?$`)
	dependencyPattern = regexp.MustCompile(`^[A-Za-z_]+(:[0-9_+*]+(\([0-9]+\))?)*([,?][A-Za-z_]+(:[0-9_+*]+(\([0-9]+\))?)*)*$`)
	slurmNamePattern  = regexp.MustCompile(`^[A-Za-z0-9_.+-]{1,128}$`)
	optionPattern     = regexp.MustCompile(`^--[a-z][a-z0-9-]*(=.*)?$`)
	parsablePattern   = regexp.MustCompile(`^([0-9]+)(?:;([A-Za-z0-9_.-]+))?$`)
)

// Validate checks a request as Submit will, without submitting it (a submit filter's changes
// are checked with it).
func (r SubmitRequest) Validate() error { return r.validate() }

func (r SubmitRequest) validate() error {
	if err := ValidateTag(r.Tag); err != nil {
		return err
	}
	if len(r.Script) == 0 {
		return errors.New("empty batch script")
	}
	if len(r.Script) > MaxScriptBytes {
		return fmt.Errorf("batch script is %d bytes, more than Slurm's default limit of %d", len(r.Script), MaxScriptBytes)
	}
	if !bytes.HasPrefix(r.Script, []byte("#!")) {
		return errors.New(`batch script must start with "#!" (an interpreter line)`)
	}
	if bytes.IndexByte(r.Script, 0) >= 0 {
		return errors.New("batch script contains a NUL byte")
	}
	if r.WorkDir == "" || !filepath.IsAbs(r.WorkDir) || strings.ContainsAny(r.WorkDir, "\x00\n") {
		return fmt.Errorf("working directory %q must be an absolute path", truncate(r.WorkDir, 80))
	}
	for label, v := range map[string]string{"partition": r.Partition, "account": r.Account, "qos": r.QOS} {
		if v != "" && !slurmNamePattern.MatchString(v) {
			return fmt.Errorf("invalid %s name %q", label, truncate(v, 80))
		}
	}
	if r.Array != "" && !arrayPattern.MatchString(r.Array) {
		return fmt.Errorf("invalid array specification %q (expected e.g. 0-9 or 1,3,5-7%%2)", truncate(r.Array, 80))
	}
	if r.Dependency != "" && !dependencyPattern.MatchString(r.Dependency) {
		return fmt.Errorf("invalid dependency %q (expected e.g. afterok:12:13)", truncate(r.Dependency, 80))
	}
	if strings.ContainsAny(r.Comment, "\x00\n") {
		return errors.New("comment must be a single line")
	}
	if err := validateOptions(r.Options); err != nil {
		return err
	}
	if len(r.HetComponents) > 0 {
		if r.Array != "" {
			return errors.New("a heterogeneous job cannot be an array")
		}
		if len(r.HetComponents)+1 > MaxHetComponents {
			return fmt.Errorf("%d heterogeneous job components, more than %d", len(r.HetComponents)+1, MaxHetComponents)
		}
		for i, options := range r.HetComponents {
			if len(options) == 0 {
				return fmt.Errorf("heterogeneous job component %d has no options: say at least its nodes", i+1)
			}
			if err := validateOptions(options); err != nil {
				return fmt.Errorf("heterogeneous job component %d: %w", i+1, err)
			}
		}
	}
	return nil
}

// validateOptions checks a component's sbatch options against the allow-list.
func validateOptions(options []string) error {
	for _, o := range options {
		if !optionPattern.MatchString(o) || strings.ContainsAny(o, "\x00\n") {
			return fmt.Errorf("sbatch option %q must be a long option (--name or --name=value) on one line", truncate(o, 80))
		}
		name, _, hasValue := strings.Cut(o, "=")
		if !AllowedSubmitOptions[name] {
			return fmt.Errorf("sbatch option %s is not allowed here (options must be written in full and be one of the resource, placement, I/O and notification options; tag, working directory, partition, account, QOS, dependency, array and hold have their own fields)", name)
		}
		if !hasValue && !bareSubmitOptions[name] {
			return fmt.Errorf("sbatch option %s takes a value: write it %s=VALUE, in one argument", name, name)
		}
	}
	return nil
}

// placement is the request's partition, account and QOS options.
func (r SubmitRequest) placement() []string {
	var args []string
	if r.Partition != "" {
		args = append(args, "--partition="+r.Partition)
	}
	if r.Account != "" {
		args = append(args, "--account="+r.Account)
	}
	if r.QOS != "" {
		args = append(args, "--qos="+r.QOS)
	}
	return args
}

// Argv is the sbatch argument list Submit runs for req (the script goes in on stdin). It
// does not validate req; Submit does.
func (r SubmitRequest) Argv() []string {
	// sbatch keeps the last occurrence of an option, so the caller's options come first and
	// the bridge's own (tag, directory, answer format) last.
	args := append(append([]string{}, r.Options...), r.placement()...)
	if r.Dependency != "" {
		args = append(args, "--dependency="+r.Dependency)
	}
	if r.Array != "" {
		args = append(args, "--array="+r.Array)
	}
	if r.Hold {
		args = append(args, "--hold")
	}
	if r.Comment != "" {
		args = append(args, "--comment="+r.Comment)
	}
	args = append(args, "--parsable", "--job-name="+r.Tag, "--chdir="+r.WorkDir)
	// Each further component after sbatch's ":" separator, with the first's placement
	// given again rather than left to what sbatch carries over between components.
	for _, options := range r.HetComponents {
		args = append(append(append(args, ":"), options...), r.placement()...)
	}
	return args
}

// Submit submits one batch script with sbatch and returns the job id. The script goes in on
// stdin; nothing is ever interpreted by a shell on the way. The script itself is trusted:
// its #SBATCH lines are sbatch's to read (the tag, directory and answer format given here
// override them). An error matching ErrSubmitOutcomeUnknown (a time limit, a cancelled
// context, a controller that stopped answering, an unreadable answer) leaves it unknown
// whether Slurm accepted the job: look it up with FindByTag before submitting again. Any
// other error means the job was not submitted.
func (b *Bridge) Submit(ctx context.Context, req SubmitRequest) (SubmitResult, error) {
	if err := req.validate(); err != nil {
		return SubmitResult{}, fmt.Errorf("submission %s: %w", req.Tag, err)
	}
	args := req.Argv()
	res, err := b.run(ctx, invocation{name: "sbatch", args: args, stdin: req.Script, submitsJob: true})
	if err != nil {
		var cmdErr *CommandError
		var missing *MissingCommandError
		switch {
		case errors.As(err, &cmdErr) && cmdErr.ExitCode < 0:
			// Killed by a signal (the OOM killer, an operator): the controller may have
			// accepted the job before sbatch died.
			return SubmitResult{}, fmt.Errorf("submission %s: %w: %w", req.Tag, ErrSubmitOutcomeUnknown, err)
		case errors.As(err, &cmdErr) && !errors.Is(err, ErrControllerUnreachable):
			if refusal := classifyRefusal("sbatch", cmdErr.Stderr); refusal != nil {
				return SubmitResult{}, fmt.Errorf("submission %s: %w", req.Tag, refusal)
			}
			// sbatch prints a job id only when it succeeds; a plain failure submitted nothing.
			return SubmitResult{}, fmt.Errorf("submission %s: %w", req.Tag, err)
		case errors.As(err, &missing):
			return SubmitResult{}, fmt.Errorf("submission %s: %w", req.Tag, err)
		}
		// Killed, cancelled, too much output, or the controller stopped answering mid-call
		// ("Socket timed out"): the request may have been processed.
		return SubmitResult{}, fmt.Errorf("submission %s: %w: %w", req.Tag, ErrSubmitOutcomeUnknown, err)
	}
	out, err := parseParsable(res.stdout)
	if err != nil {
		// sbatch exited 0, so Slurm most likely holds the job: the caller must look it up.
		return SubmitResult{}, fmt.Errorf("submission %s: %w: %w", req.Tag, ErrSubmitOutcomeUnknown,
			&ParseError{Command: "sbatch --parsable", What: "job id", Err: err})
	}
	b.log.WithField("tag", req.Tag).WithField("jobId", out.JobID).Info("submitted batch job")
	return out, nil
}

// parseParsable reads sbatch --parsable's answer: "1234" or "1234;cluster", alone on its line.
func parseParsable(stdout []byte) (SubmitResult, error) {
	text := strings.TrimSpace(string(stdout))
	if text == "" {
		return SubmitResult{}, errors.New("sbatch printed no job id")
	}
	if strings.ContainsAny(text, "\n\r") {
		return SubmitResult{}, fmt.Errorf("expected one line, got %q", truncate(text, 120))
	}
	m := parsablePattern.FindStringSubmatch(text)
	if m == nil {
		return SubmitResult{}, fmt.Errorf("expected <jobid>[;cluster], got %q", truncate(text, 120))
	}
	id, err := strconv.ParseUint(m[1], 10, 32)
	if err != nil || id == 0 {
		return SubmitResult{}, fmt.Errorf("job id %q out of range", m[1])
	}
	return SubmitResult{JobID: uint32(id), Cluster: m[2]}, nil
}

// FindByTag returns the ids of the jobs the bridge's user submitted with tag, asking the controller first and then
// the accounting database for jobs submitted since `since` that the controller has already
// forgotten. Array tasks and heterogeneous components are reported by their master id.
func (b *Bridge) FindByTag(ctx context.Context, tag string, since time.Time) ([]uint32, error) {
	if err := ValidateTag(tag); err != nil {
		return nil, err
	}
	// Job names are visible to every user: only the submitter's own jobs count, or anyone
	// could plant a job under the tag and have it taken for ours.
	owner := b.RunAsUser()
	if owner == "" {
		me, err := user.Current()
		if err != nil {
			return nil, fmt.Errorf("finding tag %s: who am I: %w", tag, err)
		}
		owner = me.Username
	}
	ids := map[uint32]bool{}
	jobs, err := b.ListJobs(ctx, JobQuery{Names: []string{tag}})
	if err != nil {
		return nil, fmt.Errorf("finding tag %s: %w", tag, err)
	}
	for _, j := range jobs {
		if j.User == owner {
			ids[MasterJobID(j.ID, j.ArrayJobID, j.HetJobID)] = true
		}
	}
	records, err := b.Accounting(ctx, AccountingQuery{Start: since, End: time.Now().Add(time.Minute), Names: []string{tag}, Users: []string{owner}})
	if err != nil {
		return nil, fmt.Errorf("finding tag %s in accounting: %w", tag, err)
	}
	for _, r := range records {
		// A record that has not ended, of a job the controller does not list, is a runaway
		// left by a controller that crashed and lost the job (`sacctmgr show runawayjobs`):
		// its id may since name another job, and adopting it would take that job's outcome.
		if !r.State.Terminal() && !ids[MasterJobID(r.JobID, r.ArrayJobID, r.HetJobID)] {
			continue
		}
		ids[MasterJobID(r.JobID, r.ArrayJobID, r.HetJobID)] = true
	}
	out := make([]uint32, 0, len(ids))
	for id := range ids {
		out = append(out, id)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out, nil
}

// MasterJobID is the id that names a whole job: the array's for an array task, the
// heterogeneous job's for a component, else the job's own.
func MasterJobID(id, arrayJobID, hetJobID uint32) uint32 {
	switch {
	case arrayJobID != 0:
		return arrayJobID
	case hetJobID != 0:
		return hetJobID
	}
	return id
}

var cancelSignals = map[string]bool{
	"HUP": true, "INT": true, "QUIT": true, "KILL": true, "USR1": true, "USR2": true,
	"TERM": true, "CONT": true, "STOP": true, "TSTP": true,
}

// Cancel cancels a job (all its tasks, for an array) with scancel, or sends it signal (e.g.
// "TERM") when one is given: to the batch script and every step (--full), since scancel
// otherwise spares the batch script, which is where a script without srun does its work.
// scancel exits 0 even when it did nothing, so its verbose messages are read: an unknown
// job gives ErrJobNotFound, a finished one ErrJobFinished.
func (b *Bridge) Cancel(ctx context.Context, id uint32, signal string) error {
	if id == 0 {
		return errors.New("cancel: job id 0 is not a job")
	}
	args := []string{"--verbose"}
	if signal != "" {
		signal = strings.TrimPrefix(strings.ToUpper(signal), "SIG")
		if !cancelSignals[signal] {
			return fmt.Errorf("cancel job %d: signal %q is not one of HUP INT QUIT KILL USR1 USR2 TERM CONT STOP TSTP", id, truncate(signal, 20))
		}
		args = append(args, "--signal="+signal, "--full")
	}
	args = append(args, strconv.FormatUint(uint64(id), 10))
	res, err := b.run(ctx, invocation{name: "scancel", args: args})
	stderr := res.stderr
	if err != nil {
		var cmdErr *CommandError
		if !errors.As(err, &cmdErr) {
			return fmt.Errorf("cancel job %d: %w", id, err)
		}
	}
	for _, line := range strings.Split(stderr, "\n") {
		_, msg, found := strings.Cut(line, "error on job id ")
		if !found {
			continue
		}
		_, msg, _ = strings.Cut(msg, ": ")
		lower := strings.ToLower(msg)
		switch {
		case strings.Contains(lower, "invalid job id"):
			return fmt.Errorf("cancel job %d: %s: %w", id, msg, ErrJobNotFound)
		case strings.Contains(lower, "already completing or completed"):
			return fmt.Errorf("cancel job %d: %s: %w", id, msg, ErrJobFinished)
		case strings.Contains(lower, "permission denied"):
			return &RefusalError{Command: "scancel", Reason: ErrPermissionDenied, Message: msg}
		default:
			return &CommandError{Command: "scancel", ExitCode: 0, Stderr: stderr}
		}
	}
	if err != nil {
		return fmt.Errorf("cancel job %d: %w", id, err)
	}
	b.log.WithField("jobId", id).WithField("signal", signal).Info("cancelled job")
	return nil
}
