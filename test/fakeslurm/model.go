package fakeslurm

import (
	"slices"
	"time"

	"github.com/petagrid/petagrid/slurmbridge"
)

// job is one submission: a plain job (one task) or a job array (a task per index).
type job struct {
	id        uint32 // the job id sbatch answered: the array's id for an array
	user      string
	req       slurmbridge.SubmitRequest
	partition string
	account   string
	submitted time.Time
	// timeLimit is zero for a job without a limit.
	timeLimit        time.Duration
	requeueable      bool
	killOnInvalidDep bool
	held             bool
	// limitReason: a plain job of more nodes than its partition's MaxNodes, which Slurm
	// queues (EnforcePartLimits=NO, its default) and never starts (PartitionNodeLimit), or
	// than its QOS's or association's per-job limit (QOSMaxNodePerJobLimit,
	// AssocMaxNodePerJobLimit); "" for a job within every limit.
	limitReason    string
	deps           *dependency // nil: none, or satisfied
	need           resources
	stdout, stderr string
	array          bool
	throttle       int // running tasks an array may have at once; 0: no limit
	tasks          []*task
	signals        []string
	// lagging: slurmdbd has not received this job's records yet.
	lagging bool
}

// task is one array task, or the job itself.
type task struct {
	index int // -1 for a plain job
	// rawID is the task's own job id; 0 while it is still part of the array's pending
	// record. A plain job's is its id from the start.
	rawID uint32
	runs  []*run // every run, the current last
	// purged: the controller forgot the task (MinJobAge after it ended).
	purged bool
}

// run is one run of a task: a requeue starts another.
type run struct {
	submit, eligible, start, end time.Time
	state                        slurmbridge.JobState
	// reason is the controller's (squeue's) reason; waitReason the last one the run had
	// while it waited, which is what slurmdbd keeps.
	reason, waitReason string
	exit               *slurmbridge.ExitStatus
	alloc              []allocation
}

func (t *task) cur() *run { return t.runs[len(t.runs)-1] }

// split: the task has its own job id (it started, or is a plain job).
func (t *task) split() bool { return t.rawID != 0 }

// ended: the task will not run again.
func (t *task) ended() bool { return t.cur().state.Terminal() }

// findJob returns the job named by id (the job's or the array's id) unless the controller
// has forgotten all of it, and the task id names when it is one task's own id.
func (c *cluster) findJob(id uint32) (*job, *task) {
	for _, j := range c.jobs {
		for _, t := range j.tasks {
			if t.purged {
				continue
			}
			if t.rawID == id && id != j.id {
				return j, t
			}
			if j.id == id {
				return j, nil
			}
		}
	}
	return nil, nil
}

// jobByID returns a job by the id sbatch answered, whatever the controller remembers, for
// the test's controls; an unknown id fails the test.
func (c *cluster) jobByID(id uint32) *job {
	c.t.Helper()
	for _, j := range c.jobs {
		if j.id == id {
			return j
		}
	}
	c.t.Fatalf("fakeslurm: no job %d was submitted", id)
	return nil
}

// tasksOf returns the tasks a control names: every task when none are given, else the
// array tasks with those indices.
func (c *cluster) tasksOf(j *job, indices []int) []*task {
	c.t.Helper()
	if len(indices) == 0 {
		return j.tasks
	}
	if !j.array {
		c.t.Fatalf("fakeslurm: job %d is not an array; it has no task %v", j.id, indices)
	}
	var out []*task
	for _, i := range indices {
		k := slices.IndexFunc(j.tasks, func(t *task) bool { return t.index == i })
		if k < 0 {
			c.t.Fatalf("fakeslurm: array %d has no task %d", j.id, i)
		}
		out = append(out, j.tasks[k])
	}
	return out
}

// splitTask gives a task that leaves the array's pending record its own id: a new one, or
// the array's for the last task to leave it, as slurmctld does.
func (c *cluster) splitTask(j *job, t *task) {
	if t.split() {
		return
	}
	pending := 0
	for _, o := range j.tasks {
		if !o.split() {
			pending++
		}
	}
	if pending == 1 {
		t.rawID = j.id
		return
	}
	t.rawID = c.nextID
	c.nextID++
}

// endRun ends a task's current run and frees what it held.
func (c *cluster) endRun(t *task, at time.Time, state slurmbridge.JobState, reason string, exit slurmbridge.ExitStatus) {
	r := t.cur()
	r.state, r.reason, r.end = state, reason, at
	e := exit
	r.exit = &e
	c.release(r)
}

// advance applies the clock: time limits, dependencies, and the controller forgetting
// jobs that ended MinJobAge ago. Called with the lock held before every command and control.
func (c *cluster) advance(now time.Time) {
	for _, j := range c.jobs {
		if j.timeLimit <= 0 {
			continue
		}
		for _, t := range j.tasks {
			r := t.cur()
			if r.state == slurmbridge.StateRunning && !r.start.Add(j.timeLimit).After(now) {
				c.endRun(t, r.start.Add(j.timeLimit), slurmbridge.StateTimeout, "TimeLimit", slurmbridge.ExitStatus{})
			}
		}
	}
	// A job cancelled for a dependency can leave another's unsatisfiable: repeat until
	// nothing changes.
	for changed := true; changed; {
		changed = false
		for _, j := range c.jobs {
			changed = c.resolveDependency(j) || changed
		}
	}
	for _, j := range c.jobs {
		for _, t := range j.tasks {
			if !t.purged && t.ended() && !t.cur().end.Add(c.opts.MinJobAge).After(now) {
				t.purged = true
			}
		}
	}
}

// resolveDependency settles a waiting job whose dependency is now satisfied or can never
// be; it reports whether it changed anything.
func (c *cluster) resolveDependency(j *job) bool {
	if j.deps == nil {
		return false
	}
	outcome, at := c.evaluate(j.deps)
	switch outcome {
	case depSatisfied:
		j.deps = nil
		for _, t := range j.tasks {
			if r := t.cur(); r.state == slurmbridge.StatePending && r.reason == "Dependency" {
				r.reason = ""
				switch {
				case j.held:
				case j.limitReason != "":
					r.reason, r.waitReason = j.limitReason, j.limitReason
				default:
					r.eligible = at
				}
			}
		}
		return true
	case depNever:
		if j.killOnInvalidDep {
			j.deps = nil
			for _, t := range j.tasks {
				if r := t.cur(); r.state == slurmbridge.StatePending {
					r.waitReason = "DependencyNeverSatisfied"
					c.endRun(t, at, slurmbridge.StateCancelled, "DependencyNeverSatisfied", slurmbridge.ExitStatus{})
				}
			}
			return true
		}
		changed := false
		for _, t := range j.tasks {
			if r := t.cur(); r.state == slurmbridge.StatePending && r.reason != "DependencyNeverSatisfied" {
				r.reason, r.waitReason, changed = "DependencyNeverSatisfied", "DependencyNeverSatisfied", true
			}
		}
		return changed
	}
	return false
}

// Start starts a job's pending tasks (all of them, as far as the array's throttle allows,
// when none are given) on the first nodes of its partition with room for them. Starting a
// job that cannot start (held, waiting on a dependency, not pending, no room) fails the test.
func (s *Slurm) Start(id uint32, tasks ...int) {
	s.c.t.Helper()
	s.c.mu.Lock()
	defer s.c.mu.Unlock()
	now := s.c.now()
	s.c.advance(now)
	j := s.c.jobByID(id)
	switch {
	case j.held:
		s.c.t.Fatalf("fakeslurm: job %d is held", id)
	case j.limitReason != "":
		s.c.t.Fatalf("fakeslurm: job %d asks for more nodes than a per-job limit lets it: Slurm never starts it (%s)", id, j.limitReason)
	case j.deps != nil:
		s.c.t.Fatalf("fakeslurm: job %d waits on its dependency %s", id, j.req.Dependency)
	}
	running := 0
	for _, t := range j.tasks {
		if t.cur().state.Active() {
			running++
		}
	}
	started := 0
	for _, t := range s.c.tasksOf(j, tasks) {
		r := t.cur()
		if r.state != slurmbridge.StatePending {
			if len(tasks) == 0 {
				continue
			}
			s.c.t.Fatalf("fakeslurm: job %d task %d is %s, not pending", id, t.index, r.state)
		}
		if j.throttle > 0 && running >= j.throttle {
			if len(tasks) == 0 {
				break
			}
			s.c.t.Fatalf("fakeslurm: array %d allows %d running tasks at once", id, j.throttle)
		}
		alloc, ok := s.c.place(j)
		if !ok {
			s.c.t.Fatalf("fakeslurm: no node of partition %s has room for job %d now", j.partition, id)
		}
		s.c.splitTask(j, t)
		r.state, r.reason, r.start, r.alloc = slurmbridge.StateRunning, "", now, alloc
		if r.eligible.IsZero() {
			r.eligible = now
		}
		running++
		started++
	}
	if started == 0 {
		s.c.t.Fatalf("fakeslurm: job %d has no pending task to start", id)
	}
	s.c.advance(now)
}

// Complete ends a job's running tasks (all, when none are given) with exit code 0.
func (s *Slurm) Complete(id uint32, tasks ...int) {
	s.c.t.Helper()
	s.End(id, slurmbridge.StateCompleted, slurmbridge.ExitStatus{}, tasks...)
}

// Fail ends a job's running tasks (all, when none are given) with an exit code.
func (s *Slurm) Fail(id uint32, exitCode int, tasks ...int) {
	s.c.t.Helper()
	s.End(id, slurmbridge.StateFailed, slurmbridge.ExitStatus{Code: exitCode}, tasks...)
}

// endReasons are the controller's reasons for how a job ended.
var endReasons = map[slurmbridge.JobState]string{
	slurmbridge.StateFailed: "NonZeroExitCode", slurmbridge.StateTimeout: "TimeLimit",
	slurmbridge.StateNodeFail: "NodeDown", slurmbridge.StateOutOfMemory: "OutOfMemory",
	slurmbridge.StateBootFail: "NodeDown", slurmbridge.StateDeadline: "DeadLine",
}

// End ends a job's running tasks (all, when none are given) in a terminal state.
func (s *Slurm) End(id uint32, state slurmbridge.JobState, exit slurmbridge.ExitStatus, tasks ...int) {
	s.c.t.Helper()
	if !state.Terminal() {
		s.c.t.Fatalf("fakeslurm: %s is not a state a job ends in", state)
	}
	s.endRunning(id, tasks, "end", func(_ *job, t *task, now time.Time) {
		s.c.endRun(t, now, state, endReasons[state], exit)
	})
}

// Requeue puts a job's running tasks (all, when none are given) back in the queue, as
// `scontrol requeue` does: the run that ended stays in sacct as REQUEUED and the next run
// is a new record with a new submit time.
func (s *Slurm) Requeue(id uint32, tasks ...int) {
	s.c.t.Helper()
	s.requeue(id, slurmbridge.StateRequeued, tasks)
}

// NodeFail fails the node under a job's running tasks (all, when none are given): the run
// ends in NODE_FAIL, and the job is requeued unless it was submitted with --no-requeue.
func (s *Slurm) NodeFail(id uint32, tasks ...int) {
	s.c.t.Helper()
	s.requeue(id, slurmbridge.StateNodeFail, tasks)
}

func (s *Slurm) requeue(id uint32, how slurmbridge.JobState, tasks []int) {
	s.c.t.Helper()
	s.endRunning(id, tasks, "requeue", func(j *job, t *task, now time.Time) {
		s.c.endRun(t, now, how, endReasons[how], slurmbridge.ExitStatus{})
		if how == slurmbridge.StateNodeFail && !j.requeueable {
			return
		}
		t.runs = append(t.runs, &run{submit: now, eligible: now, state: slurmbridge.StatePending, reason: "BeginTime", waitReason: "BeginTime"})
	})
}

// endRunning applies end to a job's running tasks (all, when none are given; a named task
// that is not running fails the test, as does a job with none to act on), with the cluster
// brought up to date before and after.
func (s *Slurm) endRunning(id uint32, tasks []int, what string, end func(j *job, t *task, now time.Time)) {
	s.c.t.Helper()
	s.c.mu.Lock()
	defer s.c.mu.Unlock()
	now := s.c.now()
	s.c.advance(now)
	j := s.c.jobByID(id)
	done := 0
	for _, t := range s.c.tasksOf(j, tasks) {
		if t.cur().state != slurmbridge.StateRunning {
			if len(tasks) == 0 {
				continue
			}
			s.c.t.Fatalf("fakeslurm: job %d task %d is %s, not running", id, t.index, t.cur().state)
		}
		end(j, t, now)
		done++
	}
	if done == 0 {
		s.c.t.Fatalf("fakeslurm: job %d has no running task to %s", id, what)
	}
	s.c.advance(now)
}

// Unhold releases a job submitted on hold.
func (s *Slurm) Unhold(id uint32) {
	s.c.t.Helper()
	s.c.mu.Lock()
	defer s.c.mu.Unlock()
	now := s.c.now()
	s.c.advance(now)
	j := s.c.jobByID(id)
	if !j.held {
		s.c.t.Fatalf("fakeslurm: job %d is not held", id)
	}
	j.held = false
	for _, t := range j.tasks {
		if r := t.cur(); r.state == slurmbridge.StatePending {
			switch {
			case j.deps != nil:
				r.reason, r.waitReason = "Dependency", "Dependency"
			case j.limitReason != "":
				r.reason, r.waitReason = j.limitReason, j.limitReason
			default:
				r.reason, r.eligible = "", now
			}
		}
	}
	s.c.advance(now)
}

// SetPendingReason makes the controller give a pending job (every pending task) the reason,
// as it does for limits this fake does not model (a QOS's or an association's per-job
// limits other than its node count, which Options.JobNodeLimit models, such as
// MaxGRESPerJob): the job stays pending until the test starts it. A job that is not pending fails
// the test.
func (s *Slurm) SetPendingReason(id uint32, reason string) {
	s.c.t.Helper()
	s.c.mu.Lock()
	defer s.c.mu.Unlock()
	now := s.c.now()
	s.c.advance(now)
	j := s.c.jobByID(id)
	set := 0
	for _, t := range j.tasks {
		if r := t.cur(); r.state == slurmbridge.StatePending {
			r.reason, r.waitReason = reason, reason
			set++
		}
	}
	if set == 0 {
		s.c.t.Fatalf("fakeslurm: job %d has no pending task", id)
	}
}

// Forget makes the controller forget an ended job at once, as if MinJobAge had passed:
// squeue no longer lists it and only sacct knows it.
func (s *Slurm) Forget(id uint32) {
	s.c.t.Helper()
	s.c.mu.Lock()
	defer s.c.mu.Unlock()
	s.c.advance(s.c.now())
	j := s.c.jobByID(id)
	for _, t := range j.tasks {
		if !t.ended() {
			s.c.t.Fatalf("fakeslurm: job %d task %d is %s: the controller forgets only ended jobs", id, t.index, t.cur().state)
		}
		t.purged = true
	}
}

// LagAccounting holds back (or, with false, delivers) a job's records on their way to
// slurmdbd: while held, sacct does not know the job at all.
func (s *Slurm) LagAccounting(id uint32, lagging bool) {
	s.c.t.Helper()
	s.c.mu.Lock()
	defer s.c.mu.Unlock()
	s.c.jobByID(id).lagging = lagging
}

// Request is the submission that made job id, as sbatch received it.
func (s *Slurm) Request(id uint32) slurmbridge.SubmitRequest {
	s.c.t.Helper()
	s.c.mu.Lock()
	defer s.c.mu.Unlock()
	return s.c.jobByID(id).req
}

// JobsTagged returns the ids of every job ever submitted with tag, by anyone, in
// submission order: what a test checks to see that nothing was submitted twice.
func (s *Slurm) JobsTagged(tag string) []uint32 {
	s.c.mu.Lock()
	defer s.c.mu.Unlock()
	var out []uint32
	for _, j := range s.c.jobs {
		if j.req.Tag == tag {
			out = append(out, j.id)
		}
	}
	return out
}

// Signals returns the signals scancel sent to job id, in order.
func (s *Slurm) Signals(id uint32) []string {
	s.c.t.Helper()
	s.c.mu.Lock()
	defer s.c.mu.Unlock()
	return slices.Clone(s.c.jobByID(id).signals)
}
