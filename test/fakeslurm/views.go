package fakeslurm

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/petagrid/petagrid/slurmbridge"
)

// pendingTasks are an array's tasks still in its pending record ("1234_[3-9]").
func (j *job) pendingTasks() []*task {
	var out []*task
	for _, t := range j.tasks {
		if !t.split() {
			out = append(out, t)
		}
	}
	return out
}

// taskRange writes indices as Slurm does: "0-2,5".
func taskRange(tasks []*task) string {
	var parts []string
	for i := 0; i < len(tasks); {
		k := i
		for k+1 < len(tasks) && tasks[k+1].index == tasks[k].index+1 {
			k++
		}
		if k == i {
			parts = append(parts, strconv.Itoa(tasks[i].index))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", tasks[i].index, tasks[k].index))
		}
		i = k + 1
	}
	return strings.Join(parts, ",")
}

func (j *job) tres(r *run, allocated bool) []slurmbridge.TRES {
	nodes := int64(j.need.nodes)
	cpus := j.need.cpusPerNode * nodes
	mem := j.need.memPerNode * nodes
	gpus := j.need.gpusPerNode * nodes
	if allocated {
		cpus, mem, gpus, nodes = 0, 0, 0, int64(len(r.alloc))
		for _, a := range r.alloc {
			cpus, mem, gpus = cpus+a.cpus, mem+a.mem, gpus+int64(len(a.gpus))
		}
	}
	out := []slurmbridge.TRES{{Type: "billing", Count: cpus}, {Type: "cpu", Count: cpus}}
	if gpus > 0 {
		out = append(out, slurmbridge.TRES{Type: "gres", Name: "gpu", Count: gpus})
		if j.need.gpuType != "" {
			out = append(out, slurmbridge.TRES{Type: "gres", Name: "gpu:" + j.need.gpuType, Count: gpus})
		}
	}
	if mem > 0 {
		out = append(out, slurmbridge.TRES{Type: "mem", Count: mem})
	}
	return append(out, slurmbridge.TRES{Type: "node", Count: nodes})
}

func nodeList(r *run) string {
	names := make([]string, len(r.alloc))
	for i, a := range r.alloc {
		names[i] = a.node
	}
	return strings.Join(names, ",")
}

func (j *job) timeLimitMinutes() *int64 {
	if j.timeLimit <= 0 {
		return nil
	}
	m := int64(j.timeLimit / time.Minute)
	return &m
}

func exitCopy(e *slurmbridge.ExitStatus) *slurmbridge.ExitStatus {
	if e == nil {
		return nil
	}
	c := *e
	return &c
}

// jobView is a job (an array task, or with t nil the array's pending record) as squeue
// --json shows it.
func (c *cluster) jobView(j *job, t *task) slurmbridge.Job {
	id, pendingRecord := j.id, t == nil
	if pendingRecord {
		t = j.pendingTasks()[0]
	} else if t.split() {
		id = t.rawID
	}
	r := t.cur()
	v := slurmbridge.Job{
		ID: id, Name: j.req.Tag, Cluster: c.opts.ClusterName, User: j.user, Account: j.account, Partition: j.partition,
		QOS: "normal", State: r.state, Reason: r.reason, Exit: exitCopy(r.exit), SubmitTime: r.submit, StartTime: r.start,
		EndTime: r.end, TimeLimitMinutes: j.timeLimitMinutes(), CPUs: j.need.cpusPerNode * int64(j.need.nodes),
		ReqTRES: j.tres(r, false), Comment: j.req.Comment, WorkDir: j.req.WorkDir, StdOut: j.stdout, StdErr: j.stderr,
	}
	if j.array {
		v.ArrayJobID = j.id
		if pendingRecord {
			v.ArrayTasks = taskRange(j.pendingTasks())
			if j.throttle > 0 {
				v.ArrayTasks += "%" + strconv.Itoa(j.throttle)
			}
		} else {
			idx := uint32(t.index)
			v.ArrayTaskID = &idx
		}
	}
	if r.state == slurmbridge.StateRunning && j.timeLimit > 0 {
		v.EndTime = r.start.Add(j.timeLimit)
	}
	if j.deps != nil {
		v.Dependency = j.req.Dependency
	}
	if len(r.alloc) > 0 {
		v.Nodes, v.NodeCount = nodeList(r), int64(len(r.alloc))
		v.AllocTRES = j.tres(r, true)
		if r.state.Active() {
			for _, a := range r.alloc {
				if len(a.gpus) == 0 {
					continue
				}
				ng := slurmbridge.NodeGRES{Node: a.node}
				for _, g := range a.gpus {
					k := slices.IndexFunc(ng.GRES, func(x slurmbridge.GRES) bool { return x.Type == g.typ })
					if k < 0 {
						ng.GRES = append(ng.GRES, slurmbridge.GRES{Name: "gpu", Type: g.typ})
						k = len(ng.GRES) - 1
					}
					ng.GRES[k].Count++
					ng.GRES[k].Indices = append(ng.GRES[k].Indices, g.index)
				}
				v.GRES = append(v.GRES, ng)
			}
		}
	}
	return v
}

// queueMatch is slurmbridge's JobQuery filter.
func queueMatch(q slurmbridge.JobQuery, j slurmbridge.Job) bool {
	if len(q.IDs) > 0 && !slices.ContainsFunc(q.IDs, func(id uint32) bool {
		return j.ID == id || j.ArrayJobID != 0 && j.ArrayJobID == id || j.HetJobID != 0 && j.HetJobID == id
	}) {
		return false
	}
	return len(q.Names) == 0 || slices.Contains(q.Names, j.Name)
}

// ListJobs is slurmbridge.Bridge.ListJobs: the jobs the controller still knows (an array as
// its pending record and its started tasks), every user's.
func (s *Slurm) ListJobs(ctx context.Context, q slurmbridge.JobQuery) ([]slurmbridge.Job, error) {
	now, err := s.controllerCall(ctx, "squeue")
	if err != nil {
		s.record("squeue", "ListJobs", now, err)
		return nil, fmt.Errorf("listing jobs: %w", err)
	}
	var out []slurmbridge.Job
	for _, j := range s.c.jobs {
		if pending := j.pendingTasks(); len(pending) > 0 && !pending[0].purged {
			if v := s.c.jobView(j, nil); queueMatch(q, v) {
				out = append(out, v)
			}
		}
		for _, t := range j.tasks {
			if t.split() && !t.purged {
				if v := s.c.jobView(j, t); queueMatch(q, v) {
					out = append(out, v)
				}
			}
		}
	}
	s.c.mu.Unlock()
	s.record("squeue", "ListJobs", now, nil)
	return out, nil
}

// JobStates is slurmbridge.Bridge.JobStates: every task of the given jobs the controller
// still knows, pending array tasks one by one (under the array's id).
func (s *Slurm) JobStates(ctx context.Context, ids []uint32) ([]slurmbridge.JobStatus, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	now, err := s.controllerCall(ctx, "squeue")
	if err != nil {
		s.record("squeue", "JobStates", now, err)
		return nil, fmt.Errorf("polling job states: %w", err)
	}
	var out []slurmbridge.JobStatus
	for _, j := range s.c.jobs {
		for _, t := range j.tasks {
			if t.purged {
				continue
			}
			r := t.cur()
			st := slurmbridge.JobStatus{ID: j.id, State: r.state, Reason: r.reason, SubmitTime: r.submit, StartTime: r.start,
				EndTime: r.end, Nodes: nodeList(r)}
			if t.split() {
				st.ID = t.rawID
			}
			if j.array {
				idx := uint32(t.index)
				st.ArrayJobID, st.ArrayTaskID = j.id, &idx
			}
			if r.state == slurmbridge.StateRunning && j.timeLimit > 0 {
				st.EndTime = r.start.Add(j.timeLimit)
			}
			if slices.ContainsFunc(ids, func(id uint32) bool { return st.ID == id || st.ArrayJobID == id }) {
				out = append(out, st)
			}
		}
	}
	s.c.mu.Unlock()
	s.record("squeue", "JobStates", now, nil)
	return out, nil
}

// validateAccountingQuery checks a query as the bridge does before running sacct.
func validateAccountingQuery(q slurmbridge.AccountingQuery) error {
	if q.Start.IsZero() || q.End.IsZero() {
		return errors.New("accounting query needs a start and an end time")
	}
	if !q.End.After(q.Start) {
		return fmt.Errorf("accounting window end %s is not after its start %s", q.End.UTC().Format(time.RFC3339), q.Start.UTC().Format(time.RFC3339))
	}
	for _, n := range append(append(append([]string{}, q.Names...), q.Users...), q.Partitions...) {
		if n == "" || strings.ContainsAny(n, ",\n\x00") {
			return fmt.Errorf("accounting filter %q: names must be non-empty and free of commas and newlines", n)
		}
	}
	switch q.Format {
	case slurmbridge.FormatAuto, slurmbridge.FormatJSON, slurmbridge.FormatParsable:
	default:
		return fmt.Errorf("unknown accounting format %q", q.Format)
	}
	return nil
}

// accountingMatch is slurmbridge's AccountingQuery filter.
func accountingMatch(q slurmbridge.AccountingQuery, r slurmbridge.AccountingRecord) bool {
	if len(q.JobIDs) > 0 && !slices.ContainsFunc(q.JobIDs, func(id uint32) bool {
		return r.JobID == id || r.ArrayJobID == id || r.HetJobID == id
	}) {
		return false
	}
	one := func(v string, list []string) bool { return len(list) == 0 || slices.Contains(list, v) }
	return one(r.Name, q.Names) && one(r.User, q.Users) && one(r.Partition, q.Partitions)
}

// stepsOf are a started run's batch and extern steps.
func (j *job) stepsOf(r *run, now time.Time) []slurmbridge.AccountingStep {
	if r.start.IsZero() {
		return nil
	}
	end, elapsed := r.end, int64(0)
	if end.IsZero() {
		elapsed = int64(now.Sub(r.start) / time.Second)
	} else {
		elapsed = int64(end.Sub(r.start) / time.Second)
	}
	batch := slurmbridge.AccountingStep{ID: "batch", Name: "batch", State: slurmbridge.StateRunning, StartTime: r.start, EndTime: end,
		ElapsedSeconds: elapsed, NodeCount: 1, Tasks: 1, AllocTRES: j.tres(r, true)}
	if len(r.alloc) > 0 {
		batch.Nodes = r.alloc[0].node
	}
	extern := batch
	extern.ID, extern.Name, extern.Nodes, extern.NodeCount = "extern", "extern", nodeList(r), int64(len(r.alloc))
	if r.state.Terminal() || r.state.Pending() {
		extern.State, extern.Exit = slurmbridge.StateCompleted, &slurmbridge.ExitStatus{}
		switch r.state {
		case slurmbridge.StateCompleted, slurmbridge.StateFailed, slurmbridge.StateOutOfMemory:
			batch.State, batch.Exit = r.state, exitCopy(r.exit)
		default:
			batch.State, batch.Exit = slurmbridge.StateCancelled, &slurmbridge.ExitStatus{Signal: 15}
		}
	}
	return []slurmbridge.AccountingStep{batch, extern}
}

// record is one run as sacct reports it.
func (c *cluster) record(j *job, t *task, r *run, pendingRecord bool, now time.Time) slurmbridge.AccountingRecord {
	rec := slurmbridge.AccountingRecord{
		Cluster: c.opts.ClusterName, JobID: j.id, Name: j.req.Tag, User: j.user, Group: j.user, Account: j.account,
		Partition: j.partition, QOS: "normal", State: r.state, Reason: r.waitReason, Exit: exitCopy(r.exit),
		SubmitTime: r.submit, EligibleTime: r.eligible, StartTime: r.start, EndTime: r.end,
		TimeLimitMinutes: j.timeLimitMinutes(), ReqTRES: j.tres(r, false), WorkDir: j.req.WorkDir, Comment: j.req.Comment,
		Steps: j.stepsOf(r, now),
	}
	if t.split() {
		rec.JobID = t.rawID
	}
	if j.array {
		rec.ArrayJobID = j.id
		if !pendingRecord {
			idx := uint32(t.index)
			rec.ArrayTaskID = &idx
		}
	}
	if !r.start.IsZero() {
		end := r.end
		if end.IsZero() {
			end = now
		}
		rec.ElapsedSeconds = int64(end.Sub(r.start) / time.Second)
		rec.Nodes, rec.NodeCount, rec.AllocTRES = nodeList(r), int64(len(r.alloc)), j.tres(r, true)
	}
	if rec.Exit == nil && r.state.Terminal() {
		rec.Exit = &slurmbridge.ExitStatus{}
	}
	return rec
}

// inWindow is slurmdbd's selection: eligible before the window ends, not ended before it
// starts. A run that never became eligible (held, or waiting on a dependency) is in no
// window (recorded: a job cancelled while held), unless the query names its job, from its
// submission on (the tracker finds the steps Slurm cancelled for their dependency so).
func inWindow(r *run, q slurmbridge.AccountingQuery) bool {
	from := r.eligible
	if from.IsZero() {
		if len(q.JobIDs) == 0 {
			return false
		}
		from = r.submit
	}
	return !from.After(q.End) && (r.end.IsZero() || !r.end.Before(q.Start))
}

// Accounting is slurmbridge.Bridge.Accounting: one record per run of every job in the
// window (all users' unless the query names some), from slurmdbd, which answers while the
// controller is down.
func (s *Slurm) Accounting(ctx context.Context, q slurmbridge.AccountingQuery) ([]slurmbridge.AccountingRecord, error) {
	if err := validateAccountingQuery(q); err != nil {
		return nil, err
	}
	now := s.c.now()
	if ctx.Err() != nil {
		err := cancelled("sacct", ctx)
		s.record("sacct", "Accounting", now, err)
		return nil, fmt.Errorf("accounting query: %w", err)
	}
	s.c.mu.Lock()
	if s.c.accountingDown {
		s.c.mu.Unlock()
		err := accountingUnreachable()
		s.record("sacct", "Accounting", now, err)
		return nil, fmt.Errorf("accounting query: %w", err)
	}
	s.c.advance(now)
	var out []slurmbridge.AccountingRecord
	add := func(rec slurmbridge.AccountingRecord) {
		if !accountingMatch(q, rec) {
			return
		}
		if q.Format == slurmbridge.FormatParsable {
			// -P reads neither of the two free-text fields.
			rec.WorkDir, rec.Comment = "", ""
		}
		rec.Provenance = provenance(s.c.opts.Release, rec)
		out = append(out, rec)
	}
	for _, j := range s.c.jobs {
		if j.lagging {
			continue
		}
		if pending := j.pendingTasks(); j.array && len(pending) > 0 && inWindow(pending[0].cur(), q) {
			add(s.c.record(j, pending[0], pending[0].cur(), true, now))
		}
		for _, t := range j.tasks {
			if !t.split() {
				continue
			}
			for _, r := range t.runs {
				if inWindow(r, q) {
					add(s.c.record(j, t, r, false, now))
				}
			}
		}
	}
	s.c.mu.Unlock()
	s.record("sacct", "Accounting", now, nil)
	return out, nil
}

// provenance names the fake as the source, with a digest of the record as it was read.
func provenance(release slurmbridge.Release, rec slurmbridge.AccountingRecord) slurmbridge.Provenance {
	raw, _ := json.Marshal(rec)
	sum := sha256.Sum256(raw)
	return slurmbridge.Provenance{SlurmRelease: release.String(), Format: "fakeslurm", RawSHA256: hex.EncodeToString(sum[:])}
}
