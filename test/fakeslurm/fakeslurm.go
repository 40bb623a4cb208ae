// Package fakeslurm is a test double of one Slurm cluster: an in-memory controller
// (slurmctld: sbatch, squeue, scancel, scontrol, sinfo) and accounting database (slurmdbd:
// sacct) behind the methods, types and errors of *slurmbridge.Bridge. The site daemon's
// executor and tracker and the accounting harvester and samplers can be tested with it in
// milliseconds, without a cluster; what only a real Slurm can show is left to test/e2e.
//
// Nothing is scheduled by itself. A job waits until the test starts it (Start), runs until
// the test ends it (Complete, Fail, End, NodeFail, Requeue) or scancel does, and the clock
// does the rest: a running job past its --time limit ends in TIMEOUT, and an ended job leaves
// the controller MinJobAge later (sacct keeps it). The clock is Options.Now, time.Now when
// unset, which inside a testing/synctest bubble is the bubble's fake clock: a test moves
// time by sleeping.
//
// What it models as Slurm does it:
//   - submission: the request is checked as the bridge checks it, #SBATCH directives are read
//     from the script (the command line wins), the tag becomes the job name and the comment
//     is kept; ids count up from Options.FirstJobID;
//   - refusals as typed *slurmbridge.RefusalError (unknown partition, a dependency on a job
//     the controller does not know, resources no node of the partition has, a time limit
//     over the partition's, and whatever RefuseSubmissions decides); an unreachable
//     controller (ControllerDown) fails every controller command with the transient error
//     the bridge returns, an unreachable slurmdbd (AccountingDown) every sacct; a lost sbatch
//     answer (LoseSubmitAnswers) submits the job but answers ErrSubmitOutcomeUnknown;
//   - dependencies (after, afterany, afterok, afternotok; "," and "?"), with
//     --kill-on-invalid-dep cancelling a job whose dependency can never be satisfied
//     (reason DependencyNeverSatisfied);
//   - job arrays: every task has its own state; a task gets its own job id when it leaves the
//     pending array record, the last one keeps the array's id, and tasks that never started
//     are one record ("1234_[3-9]"); a throttle ("%2") bounds the running tasks;
//   - requeues: the job keeps its id, the ended run stays in sacct as REQUEUED (or NODE_FAIL)
//     and the new run is a new record with a new submit time;
//   - sacct: one record per run, selected by the window as slurmdbd selects them (eligible
//     before its end, not ended before its start; a job that never became eligible, such as
//     one held or waiting on a dependency, only when the query names it), with batch and
//     extern steps, and the reason the run last waited for, as slurmdbd keeps it;
//   - nodes: each job started is placed on the partition's first nodes with room for it, so
//     that sinfo/scontrol show allocated CPUs, memory and GPU indices, and squeue the GPU
//     indices a job holds.
//
// What it does not model: scheduling order, priorities, heterogeneous jobs, srun steps and
// usage figures, accounts and QOS limits (use RefuseSubmissions), federations.
//
// A test's misuse (starting a job that cannot start, an array task that does not exist)
// fails the test through the testing.TB given to New; what Slurm would refuse is returned
// as Slurm's error instead.
package fakeslurm

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/petagrid/petagrid/slurmbridge"
)

// Options describe the fake cluster. Every field has a default.
type Options struct {
	// ClusterName is what ClusterName answers and every record carries (default "fake").
	ClusterName string
	// User is the account the Slurm returned by New acts as (default "slurm"); As gives
	// other accounts' views.
	User string
	// Release is the Slurm release reported (default 23.11.10).
	Release slurmbridge.Release
	// FirstJobID is the first job id handed out (default 100).
	FirstJobID uint32
	// MinJobAge is how long the controller lists a job after it ended (default 300 s, Slurm's).
	MinJobAge time.Duration
	// Nodes are the compute nodes (default: node1 and node2 in partition "cpu", 8 CPUs and
	// 32 GiB each). State is their base state; IDLE, MIXED and ALLOCATED are derived from
	// what runs on them.
	Nodes []slurmbridge.Node
	// Partitions, when set, describe the partitions the nodes name (default partition,
	// time limits); by default they are derived from the nodes, the first one the default.
	Partitions []slurmbridge.Partition
	// Now is the clock (default time.Now: a synctest bubble's inside one).
	Now func() time.Time
	// SchedulerType is what SchedulerType answers (default sched/backfill).
	SchedulerType string
	// JobNodeLimit is the per-job node limit of the QOS or association every job runs under
	// (JobNodeLimit answers it for any user). A plain job over it is queued and never
	// started (QOSMaxNodePerJobLimit or AssocMaxNodePerJobLimit), or refused under
	// DenyOnLimit, as is a heterogeneous job whose components sum over it.
	JobNodeLimit slurmbridge.PerJobNodeLimit
}

// commandTimeout is the bridge's default limit on a controller command, which a lost sbatch
// answer reports having run into.
const commandTimeout = slurmbridge.DefaultCommandTimeout

// Slurm is one account's view of a fake cluster: the methods of *slurmbridge.Bridge, run as
// that account, and the controls a test moves the cluster with. Views made with As share
// the cluster. It is safe for concurrent use.
type Slurm struct {
	c       *cluster
	user    string
	observe func(command string, err error)
}

// Call is one Slurm command the fake answered.
type Call struct {
	Command string // "sbatch", "squeue", "scancel", "sacct", "scontrol", "sinfo"
	Method  string // the bridge method that ran it: "Submit", "JobStates", "ListJobs", …
	User    string
	At      time.Time
	Err     error
}

// cluster is the state every view shares.
type cluster struct {
	t    testing.TB
	now  func() time.Time
	opts Options

	mu             sync.Mutex
	nextID         uint32
	jobs           []*job // in submission order
	nodes          []*node
	partitions     []slurmbridge.Partition
	controllerDown bool
	accountingDown bool
	loseAnswers    int
	refuse         func(slurmbridge.SubmitRequest) *slurmbridge.RefusalError
	calls          []Call
	after          func(Call)
	// bootTime is when the controller (last) started.
	bootTime time.Time
}

// New returns a fake cluster, seen as Options.User.
func New(t testing.TB, opts Options) *Slurm {
	t.Helper()
	if opts.ClusterName == "" {
		opts.ClusterName = "fake"
	}
	if opts.User == "" {
		opts.User = "slurm"
	}
	if opts.Release.IsZero() {
		opts.Release = slurmbridge.Release{Major: 23, Minor: 11, Micro: 10}
	}
	if opts.FirstJobID == 0 {
		opts.FirstJobID = 100
	}
	if opts.MinJobAge == 0 {
		opts.MinJobAge = 300 * time.Second
	}
	if opts.SchedulerType == "" {
		opts.SchedulerType = "sched/backfill"
	}
	if opts.Nodes == nil {
		for _, name := range []string{"node1", "node2"} {
			opts.Nodes = append(opts.Nodes, slurmbridge.Node{Name: name, State: "IDLE", CPUs: 8, RealMemoryMiB: 32768, Partitions: []string{"cpu"}})
		}
	}
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	c := &cluster{t: t, now: func() time.Time { return now().UTC() }, opts: opts, nextID: opts.FirstJobID}
	c.bootTime = c.now().Truncate(time.Second)
	c.setNodes(opts.Nodes, opts.Partitions)
	return &Slurm{c: c, user: opts.User}
}

// As is the same cluster seen by another account: its submissions are that account's jobs,
// and it may cancel only those (root and the SlurmUser "slurm" may cancel any).
func (s *Slurm) As(user string) *Slurm {
	if user == "" {
		s.c.t.Fatalf("fakeslurm: As needs an account name")
	}
	return &Slurm{c: s.c, user: user, observe: s.observe}
}

// WithObserver returns a view like s that calls observe after every command it runs, as
// slurmbridge.Bridge.WithObserver does.
func (s *Slurm) WithObserver(observe func(command string, err error)) *Slurm {
	return &Slurm{c: s.c, user: s.user, observe: observe}
}

// User is the account this view acts as.
func (s *Slurm) User() string { return s.user }

// record logs a command and tells the observers; it is called without the lock held.
func (s *Slurm) record(command, method string, at time.Time, err error) {
	call := Call{Command: command, Method: method, User: s.user, At: at, Err: err}
	s.c.mu.Lock()
	s.c.calls = append(s.c.calls, call)
	after := s.c.after
	s.c.mu.Unlock()
	if s.observe != nil {
		s.observe(command, err)
	}
	if after != nil {
		after(call)
	}
}

// AfterCommand has fn called after every command any view runs (nil: none), from the
// goroutine that ran it: a test can change the cluster between two commands, such as take
// the controller down right after a submission.
func (s *Slurm) AfterCommand(fn func(Call)) {
	s.c.mu.Lock()
	defer s.c.mu.Unlock()
	s.c.after = fn
}

// Calls returns the commands answered so far, oldest first, that ran command or bridge
// method what ("sbatch", "JobStates"; "" for all).
func (s *Slurm) Calls(what string) []Call {
	s.c.mu.Lock()
	defer s.c.mu.Unlock()
	var out []Call
	for _, c := range s.c.calls {
		if what == "" || c.Command == what || c.Method == what {
			out = append(out, c)
		}
	}
	return out
}

// ControllerDown makes slurmctld unreachable: every controller command (sbatch, squeue,
// scancel, scontrol, sinfo) fails with the error the bridge returns for "Unable to contact
// slurm controller", which matches slurmbridge.ErrControllerUnreachable. sacct still answers:
// it asks slurmdbd.
func (s *Slurm) ControllerDown() { s.c.setDown(&s.c.controllerDown, true) }

// ControllerUp ends a controller outage.
func (s *Slurm) ControllerUp() { s.c.setDown(&s.c.controllerDown, false) }

// AccountingDown makes slurmdbd unreachable: sacct fails with the error matching
// slurmbridge.ErrAccountingUnreachable.
func (s *Slurm) AccountingDown() { s.c.setDown(&s.c.accountingDown, true) }

// AccountingUp ends a slurmdbd outage.
func (s *Slurm) AccountingUp() { s.c.setDown(&s.c.accountingDown, false) }

func (c *cluster) setDown(flag *bool, down bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	*flag = down
}

// LoseSubmitAnswers makes the next n accepted submissions lose their answer: the job is
// submitted, and sbatch is reported killed at its time limit, which the bridge returns as
// slurmbridge.ErrSubmitOutcomeUnknown.
func (s *Slurm) LoseSubmitAnswers(n int) {
	s.c.mu.Lock()
	defer s.c.mu.Unlock()
	s.c.loseAnswers = n
}

// RefuseSubmissions has slurmctld judge every later submission with refuse (nil: accept
// all): a non-nil answer is returned as the bridge returns a refusal. Its Reason must be one
// of slurmbridge's refusal sentinels.
func (s *Slurm) RefuseSubmissions(refuse func(req slurmbridge.SubmitRequest) *slurmbridge.RefusalError) {
	s.c.mu.Lock()
	defer s.c.mu.Unlock()
	s.c.refuse = refuse
}

// refusalReasons are slurmbridge's refusal sentinels: a *RefusalError carries one of them.
var refusalReasons = []error{
	slurmbridge.ErrInvalidPartition, slurmbridge.ErrInvalidAccount, slurmbridge.ErrInvalidQOS, slurmbridge.ErrQOSLimit,
	slurmbridge.ErrUnavailableConfig, slurmbridge.ErrInvalidGRES, slurmbridge.ErrInvalidTimeLimit,
	slurmbridge.ErrInvalidDependency, slurmbridge.ErrInvalidOption, slurmbridge.ErrPermissionDenied,
	slurmbridge.ErrSubmissionsDisabled,
}

func isRefusalReason(err error) bool {
	for _, r := range refusalReasons {
		if err == r {
			return true
		}
	}
	return false
}

// controllerUnreachable is the error a controller command fails with during an outage, as
// the bridge builds it from the command's stderr.
func controllerUnreachable(command string) error {
	return &slurmbridge.CommandError{Command: command, ExitCode: 1,
		Stderr: command + ": error: Unable to contact slurm controller (connect failure)\n"}
}

// accountingUnreachable is sacct's failure while slurmdbd is down.
func accountingUnreachable() error {
	return &slurmbridge.CommandError{Command: "sacct", ExitCode: 1,
		Stderr: "sacct: error: Problem talking to the database: Connection refused\n"}
}

// cancelled is the error of a command whose context ended, as the bridge's runner wraps it.
func cancelled(command string, ctx context.Context) error {
	return fmt.Errorf("%s: %w", command, ctx.Err())
}

// controllerCall starts a controller command: the context and the outage are checked, and
// the clock applied. On nil the lock is held; the caller unlocks.
func (s *Slurm) controllerCall(ctx context.Context, command string) (time.Time, error) {
	now := s.c.now()
	if ctx.Err() != nil {
		return now, cancelled(command, ctx)
	}
	s.c.mu.Lock()
	if s.c.controllerDown {
		s.c.mu.Unlock()
		return now, controllerUnreachable(command)
	}
	s.c.advance(now)
	return now, nil
}

// ClusterName answers as `scontrol show config` does.
func (s *Slurm) ClusterName(ctx context.Context) (string, error) {
	now, err := s.controllerCall(ctx, "scontrol")
	if err != nil {
		s.record("scontrol", "ClusterName", now, err)
		return "", fmt.Errorf("reading the cluster name: %w", err)
	}
	name := s.c.opts.ClusterName
	s.c.mu.Unlock()
	s.record("scontrol", "ClusterName", now, nil)
	return name, nil
}

// Release is the configured Slurm release. `sinfo --version` reads no daemon, so it answers
// during outages too.
func (s *Slurm) Release(context.Context) (slurmbridge.Release, error) {
	return s.c.opts.Release, nil
}

// ControllerBootTime answers as `scontrol show config`'s BOOT_TIME: when the controller
// started, in whole seconds.
func (s *Slurm) ControllerBootTime(ctx context.Context) (time.Time, error) {
	now, err := s.controllerCall(ctx, "scontrol")
	if err != nil {
		s.record("scontrol", "ControllerBootTime", now, err)
		return time.Time{}, fmt.Errorf("reading the controller's boot time: %w", err)
	}
	boot := s.c.bootTime
	s.c.mu.Unlock()
	s.record("scontrol", "ControllerBootTime", now, nil)
	return boot, nil
}

// JobNodeLimit is slurmbridge.Bridge.JobNodeLimit: Options.JobNodeLimit, read from
// accounting (an error while it is down), for a partition the controller has, as it
// lists it (its QOS included).
func (s *Slurm) JobNodeLimit(ctx context.Context, user string, partition slurmbridge.Partition) (slurmbridge.PerJobNodeLimit, error) {
	now := s.c.now()
	if ctx.Err() != nil {
		err := cancelled("sacctmgr", ctx)
		s.record("sacctmgr", "JobNodeLimit", now, err)
		return slurmbridge.PerJobNodeLimit{}, err
	}
	s.c.mu.Lock()
	down := s.c.accountingDown
	var known *slurmbridge.Partition
	for i := range s.c.partitions {
		if s.c.partitions[i].Name == partition.Name {
			known = &s.c.partitions[i]
			break
		}
	}
	s.c.mu.Unlock()
	// The bridge reads the partition's QOS from what the caller read of the controller:
	// another QOS is the caller's bug. (A partition the caller could not read, or that the
	// controller does not have, comes with no QOS.)
	if (known != nil && known.QOS != partition.QOS) || (known == nil && partition.QOS != "") {
		s.c.t.Errorf("fakeslurm: JobNodeLimit of partition %q with QOS %q, which the controller does not list so", partition.Name, partition.QOS)
		return slurmbridge.PerJobNodeLimit{}, fmt.Errorf("fakeslurm: no partition %q of QOS %q", partition.Name, partition.QOS)
	}
	if down {
		err := accountingUnreachable()
		s.record("sacctmgr", "JobNodeLimit", now, err)
		return slurmbridge.PerJobNodeLimit{}, fmt.Errorf("reading %s's default account: %w", user, err)
	}
	s.record("sacctmgr", "JobNodeLimit", now, nil)
	return s.c.opts.JobNodeLimit, nil
}

// SchedulerType is slurmbridge.Bridge.SchedulerType: Options.SchedulerType.
func (s *Slurm) SchedulerType(ctx context.Context) (string, error) {
	now, err := s.controllerCall(ctx, "scontrol")
	if err != nil {
		s.record("scontrol", "SchedulerType", now, err)
		return "", fmt.Errorf("reading the scheduler type: %w", err)
	}
	typ := s.c.opts.SchedulerType
	s.c.mu.Unlock()
	s.record("scontrol", "SchedulerType", now, nil)
	return typ, nil
}

// CrashController is slurmctld killed with SIGKILL and started again, as Slurm 22.05 and
// 24.11 do it: the controller saves its job state some seconds behind its changes, so the
// jobs submitted at or after savedAt are gone when it comes back, from the controller and,
// since its agent queue to slurmdbd died with it, from accounting; slurmd kills what of
// them ran (orphan steps); and their ids are handed out again, from the lowest. The boot
// time is now. Jobs submitted before savedAt are kept as they are.
func (s *Slurm) CrashController(savedAt time.Time) {
	s.c.t.Helper()
	s.c.mu.Lock()
	defer s.c.mu.Unlock()
	now := s.c.now()
	s.c.advance(now)
	kept := s.c.jobs[:0]
	for _, j := range s.c.jobs {
		if j.submitted.Before(savedAt) {
			kept = append(kept, j)
			continue
		}
		if j.id < s.c.nextID {
			s.c.nextID = j.id
		}
	}
	s.c.jobs = kept
	s.c.bootTime = now.Truncate(time.Second)
}
