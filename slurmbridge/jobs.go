package slurmbridge

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// ExitStatus is how a job or step ended: an exit code, or the signal that killed it.
type ExitStatus struct {
	Code       int  `json:"code"`
	Signal     int  `json:"signal,omitempty"`
	CoreDumped bool `json:"coreDumped,omitempty"`
}

func (e ExitStatus) String() string { return fmt.Sprintf("%d:%d", e.Code, e.Signal) }

// Job is a job as the controller (slurmctld) sees it: pending, running, or finished less than
// MinJobAge ago.
type Job struct {
	ID          uint32   `json:"id"`
	ArrayJobID  uint32   `json:"arrayJobId,omitempty"`  // the array's master id, for array tasks
	ArrayTaskID *uint32  `json:"arrayTaskId,omitempty"` // nil unless this is one array task
	ArrayTasks  string   `json:"arrayTasks,omitempty"`  // still-pending tasks, "0-9%2"
	HetJobID    uint32   `json:"hetJobId,omitempty"`
	HetOffset   *uint32  `json:"hetOffset,omitempty"`
	Name        string   `json:"name"`
	Cluster     string   `json:"cluster,omitempty"`
	User        string   `json:"user"`
	Account     string   `json:"account"`
	Partition   string   `json:"partition"`
	QOS         string   `json:"qos,omitempty"`
	State       JobState `json:"state"`
	StateFlags  []string `json:"stateFlags,omitempty"`
	Reason      string   `json:"reason,omitempty"`
	// Exit is nil until the job has ended.
	Exit       *ExitStatus `json:"exit,omitempty"`
	SubmitTime time.Time   `json:"submitTime"`
	StartTime  time.Time   `json:"startTime,omitempty"` // expected start while pending, if known
	EndTime    time.Time   `json:"endTime,omitempty"`   // expected end while running
	// TimeLimitMinutes is nil when the job has no limit.
	TimeLimitMinutes *int64 `json:"timeLimitMinutes,omitempty"`
	Nodes            string `json:"nodes,omitempty"` // hostlist, "n[1-2]"
	NodeCount        int64  `json:"nodeCount"`
	CPUs             int64  `json:"cpus"`
	// AllocTRES is empty until the job runs.
	AllocTRES  []TRES     `json:"allocTres,omitempty"`
	ReqTRES    []TRES     `json:"reqTres,omitempty"`
	GRES       []NodeGRES `json:"gres,omitempty"` // per-node GRES with device indices
	Dependency string     `json:"dependency,omitempty"`
	Comment    string     `json:"comment,omitempty"`
	WorkDir    string     `json:"workDir,omitempty"`
	StdOut     string     `json:"stdout,omitempty"`
	StdErr     string     `json:"stderr,omitempty"`
}

// NodeGRES is the generic resources a job holds on one node, with device indices.
type NodeGRES struct {
	Node string `json:"node"`
	GRES []GRES `json:"gres"`
}

// belongsTo reports whether the job is id itself, or a task or component of job id.
func (j Job) belongsTo(id uint32) bool {
	return j.ID == id || (j.ArrayJobID != 0 && j.ArrayJobID == id) || (j.HetJobID != 0 && j.HetJobID == id)
}

// JobQuery selects jobs. Empty fields select everything; set fields are combined with AND.
type JobQuery struct {
	// IDs selects jobs by id, including the tasks of an array and the components of a
	// heterogeneous job whose master id is listed.
	IDs []uint32
	// Names selects jobs by exact job name (the submission tag).
	Names []string
}

func (q JobQuery) match(j Job) bool {
	if len(q.IDs) > 0 {
		found := false
		for _, id := range q.IDs {
			if j.belongsTo(id) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	if len(q.Names) > 0 {
		found := false
		for _, n := range q.Names {
			if j.Name == n {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// maxFilterArgBytes keeps filter arguments well under Linux's 128 KiB limit on one argument;
// past it the bridge asks for every job and filters itself (still one controller query).
const maxFilterArgBytes = 32 << 10

// ListJobs returns the jobs the controller knows that match q, with one squeue call — one
// controller RPC — whatever the number of jobs. Finished jobs stay visible until the
// controller forgets them (MinJobAge); use Accounting for older ones.
func (b *Bridge) ListJobs(ctx context.Context, q JobQuery) ([]Job, error) {
	// 22.05 ignores filters with --json and prints every job; newer releases honour them.
	// Either way the result is filtered here, so both behave the same.
	args := []string{"--json", "--states=all"}
	if ids := joinIDs(q.IDs); ids != "" && len(ids) <= maxFilterArgBytes {
		args = append(args, "--jobs="+ids)
	}
	if names := strings.Join(q.Names, ","); len(q.Names) > 0 && len(names) <= maxFilterArgBytes && namesAreFilterSafe(q.Names) {
		args = append(args, "--name="+names)
	}
	res, err := b.run(ctx, invocation{name: "squeue", args: args})
	if err != nil {
		var cmdErr *CommandError
		if errors.As(err, &cmdErr) && strings.Contains(cmdErr.Stderr, "Invalid job id") {
			// Asked for jobs the controller no longer knows: an empty answer, not an error.
			return nil, nil
		}
		return nil, fmt.Errorf("listing jobs: %w", err)
	}
	jobs, err := parseJobs("squeue --json", res.stdout)
	if err != nil {
		return nil, err
	}
	out := jobs[:0]
	for _, j := range jobs {
		if q.match(j) {
			out = append(out, j)
		}
	}
	return out, nil
}

// namesAreFilterSafe: squeue splits --name on commas, so a name with a comma cannot be passed
// as a filter (it is still matched exactly here).
func namesAreFilterSafe(names []string) bool {
	for _, n := range names {
		if n == "" || strings.ContainsAny(n, ",\n") {
			return false
		}
	}
	return true
}

// maxQueryableJobID: squeue and sacct parse --jobs as signed 32-bit integers and refuse the
// whole command for a larger id, which therefore cannot name a job they could show.
const maxQueryableJobID = 1<<31 - 1

// joinIDs renders ids for a --jobs filter; it returns "" (no filter: ask for all and match
// here) when an id is one Slurm's commands would refuse.
func joinIDs(ids []uint32) string {
	if len(ids) == 0 {
		return ""
	}
	for _, id := range ids {
		if id == 0 || id > maxQueryableJobID {
			return ""
		}
	}
	var sb strings.Builder
	for i, id := range ids {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(strconv.FormatUint(uint64(id), 10))
	}
	return sb.String()
}

// JobDetail returns one job with its per-node GRES indices: `scontrol show job --json -d` on
// 23.02+, squeue's JSON (which carries the same detail) on 22.05, where scontrol has no JSON.
// A job the controller does not know gives ErrJobNotFound.
func (b *Bridge) JobDetail(ctx context.Context, id uint32) (Job, error) {
	release, err := b.Release(ctx)
	if err != nil {
		return Job{}, err
	}
	var jobs []Job
	if release.AtLeast(23, 2) {
		res, err := b.run(ctx, invocation{name: "scontrol", args: []string{"--json", "--details", "show", "job", strconv.FormatUint(uint64(id), 10)}})
		if err != nil {
			var cmdErr *CommandError
			if errors.As(err, &cmdErr) && strings.Contains(cmdErr.Stderr, "Invalid job id") {
				return Job{}, fmt.Errorf("job %d: %w", id, ErrJobNotFound)
			}
			return Job{}, fmt.Errorf("job %d detail: %w", id, err)
		}
		if jobs, err = parseJobs("scontrol show job --json", res.stdout); err != nil {
			return Job{}, err
		}
	} else if jobs, err = b.ListJobs(ctx, JobQuery{IDs: []uint32{id}}); err != nil {
		return Job{}, err
	}
	for _, j := range jobs {
		if j.ID == id {
			return j, nil
		}
	}
	return Job{}, fmt.Errorf("job %d: %w", id, ErrJobNotFound)
}

// jsonJob is one job of squeue --json / scontrol show job --json, in every release's shape.
type jsonJob struct {
	JobID           *flexInt     `json:"job_id"`
	Name            flexString   `json:"name"`
	Cluster         flexString   `json:"cluster"`
	UserName        flexString   `json:"user_name"`
	Account         flexString   `json:"account"`
	Partition       flexString   `json:"partition"`
	QOS             flexString   `json:"qos"`
	JobState        flexStrings  `json:"job_state"`
	StateReason     flexString   `json:"state_reason"`
	ExitCode        flexExitCode `json:"exit_code"`
	SubmitTime      flexInt      `json:"submit_time"`
	StartTime       flexInt      `json:"start_time"`
	EndTime         flexInt      `json:"end_time"`
	TimeLimit       flexInt      `json:"time_limit"`
	ArrayJobID      flexInt      `json:"array_job_id"`
	ArrayTaskID     flexInt      `json:"array_task_id"`
	ArrayTaskString flexString   `json:"array_task_string"`
	HetJobID        flexInt      `json:"het_job_id"`
	HetJobOffset    flexInt      `json:"het_job_offset"`
	Nodes           flexString   `json:"nodes"`
	NodeCount       flexInt      `json:"node_count"`
	CPUs            flexInt      `json:"cpus"`
	TRESAllocStr    flexString   `json:"tres_alloc_str"`
	TRESReqStr      flexString   `json:"tres_req_str"`
	GRESDetail      []string     `json:"gres_detail"`
	Dependency      flexString   `json:"dependency"`
	Comment         flexString   `json:"comment"`
	WorkDir         flexString   `json:"current_working_directory"`
	StdOut          flexString   `json:"standard_output"`
	StdErr          flexString   `json:"standard_error"`
}

// parseJobs decodes squeue/scontrol JSON. The document must be complete: empty or truncated
// output, a missing "jobs" array, or an entry without a job id is an error, never a shorter list.
func parseJobs(command string, data []byte) ([]Job, error) {
	var doc jobsDocument
	if err := decodeDocument(command, "jobs", data, &doc); err != nil {
		return nil, err
	}
	jobs := make([]Job, 0, len(*doc.Jobs))
	for i, r := range *doc.Jobs {
		j, err := r.job()
		if err != nil {
			return nil, &ParseError{Command: command, What: fmt.Sprintf("job #%d", i), Err: err}
		}
		jobs = append(jobs, j)
	}
	return jobs, nil
}

func (r jsonJob) job() (Job, error) {
	if r.JobID == nil || !r.JobID.Set || r.JobID.Value <= 0 || r.JobID.Value > 0xFFFFFFFF {
		return Job{}, errors.New("missing or invalid job_id")
	}
	j := Job{
		ID:         uint32(r.JobID.Value),
		Name:       string(r.Name),
		Cluster:    string(r.Cluster),
		User:       string(r.UserName),
		Account:    string(r.Account),
		Partition:  string(r.Partition),
		QOS:        string(r.QOS),
		Reason:     string(r.StateReason),
		SubmitTime: epochUTC(r.SubmitTime),
		StartTime:  epochUTC(r.StartTime),
		EndTime:    epochUTC(r.EndTime),
		Nodes:      string(r.Nodes),
		NodeCount:  r.NodeCount.Value,
		CPUs:       r.CPUs.Value,
		Dependency: string(r.Dependency),
		Comment:    string(r.Comment),
		WorkDir:    string(r.WorkDir),
		StdOut:     string(r.StdOut),
		StdErr:     string(r.StdErr),
		ArrayTasks: string(r.ArrayTaskString),
	}
	if j.Reason == "None" {
		j.Reason = ""
	}
	var err error
	if j.State, j.StateFlags, err = parseJobState(r.JobState); err != nil {
		return Job{}, fmt.Errorf("job %d: %w", j.ID, err)
	}
	// Slurm reports 0 for a job that has not ended; only an ended job has an exit status.
	if j.State.Terminal() || j.State == StateCompleting {
		j.Exit = r.ExitCode.ptr()
	}
	if r.TimeLimit.Set && !r.TimeLimit.Infinite {
		v := r.TimeLimit.Value
		j.TimeLimitMinutes = &v
	}
	if r.ArrayJobID.Set && r.ArrayJobID.Value > 0 {
		j.ArrayJobID = uint32(r.ArrayJobID.Value)
		if r.ArrayTaskID.Set && r.ArrayTaskID.Value >= 0 && r.ArrayTaskID.Value < 0xFFFFFFFE {
			t := uint32(r.ArrayTaskID.Value)
			j.ArrayTaskID = &t
		}
	}
	if r.HetJobID.Set && r.HetJobID.Value > 0 {
		j.HetJobID = uint32(r.HetJobID.Value)
		if r.HetJobOffset.Set && r.HetJobOffset.Value >= 0 && r.HetJobOffset.Value < 0xFFFFFFFE {
			o := uint32(r.HetJobOffset.Value)
			j.HetOffset = &o
		}
	}
	if j.AllocTRES, err = ParseTRES(string(r.TRESAllocStr)); err != nil {
		return Job{}, fmt.Errorf("job %d: allocated TRES: %w", j.ID, err)
	}
	if j.ReqTRES, err = ParseTRES(string(r.TRESReqStr)); err != nil {
		return Job{}, fmt.Errorf("job %d: requested TRES: %w", j.ID, err)
	}
	if j.GRES, err = pairGRESWithNodes(j.Nodes, r.GRESDetail); err != nil {
		return Job{}, fmt.Errorf("job %d: %w", j.ID, err)
	}
	return j, nil
}

// pairGRESWithNodes attaches each gres_detail entry (one per allocated node, in node order) to
// its node.
func pairGRESWithNodes(nodes string, detail []string) ([]NodeGRES, error) {
	if len(detail) == 0 {
		return nil, nil
	}
	hosts, err := ExpandHostlist(nodes)
	if err != nil {
		return nil, fmt.Errorf("nodes: %w", err)
	}
	if len(hosts) != len(detail) {
		return nil, fmt.Errorf("gres_detail has %d entries for %d nodes (%q)", len(detail), len(hosts), truncate(nodes, 80))
	}
	out := make([]NodeGRES, 0, len(hosts))
	for i, h := range hosts {
		g, err := ParseGRES(detail[i])
		if err != nil {
			return nil, fmt.Errorf("gres_detail of %s: %w", h, err)
		}
		out = append(out, NodeGRES{Node: h, GRES: g})
	}
	return out, nil
}

// epochUTC turns a Slurm epoch into UTC; 0 and unset are the zero time.
func epochUTC(v flexInt) time.Time {
	if !v.Set || v.Infinite || v.Value <= 0 {
		return time.Time{}
	}
	return time.Unix(v.Value, 0).UTC()
}

// decodeJSONDocument decodes one complete JSON object and refuses trailing garbage, so that
// two concatenated or cut-off documents are never taken for one.
func decodeJSONDocument(data []byte, v any) error {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return errors.New("empty output")
	}
	if trimmed[0] != '{' {
		return fmt.Errorf("output is not a JSON object (starts with %q)", truncate(string(trimmed), 40))
	}
	dec := json.NewDecoder(bytes.NewReader(trimmed))
	if err := dec.Decode(v); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return fmt.Errorf("truncated JSON (%d bytes): %w", len(trimmed), err)
		}
		return err
	}
	if dec.InputOffset() != int64(len(trimmed)) {
		return fmt.Errorf("trailing data after the JSON document at byte %d", dec.InputOffset())
	}
	return nil
}

// jsonEnvelope is what every Slurm JSON document carries beside its list.
type jsonEnvelope struct {
	Meta   jsonMeta    `json:"meta"`
	Errors []jsonError `json:"errors"`
}

// listDocument is a Slurm JSON document with one list ("jobs", "nodes", "partitions").
type listDocument interface {
	envelope() *jsonEnvelope
	hasList() bool
}

// decodeDocument decodes one Slurm JSON document in a single pass and checks it: complete,
// free of Slurm errors, and holding its list. The list's name goes in error messages.
func decodeDocument(command, key string, data []byte, doc listDocument) error {
	if err := decodeJSONDocument(data, doc); err != nil {
		return &ParseError{Command: command, What: key, Err: err}
	}
	if err := documentErrors(command, doc.envelope().Errors); err != nil {
		return err
	}
	if !doc.hasList() {
		return &ParseError{Command: command, What: key, Err: fmt.Errorf("no %q array in the output", key)}
	}
	return nil
}

type jobsDocument struct {
	jsonEnvelope
	Jobs *[]jsonJob `json:"jobs"`
}

func (d *jobsDocument) envelope() *jsonEnvelope { return &d.jsonEnvelope }
func (d *jobsDocument) hasList() bool           { return d.Jobs != nil }

// documentErrors turns the "errors" array of a Slurm JSON document into an error. sacct
// reports an empty answer as the error "Nothing found"; that is an empty list, not a failure.
func documentErrors(command string, errs []jsonError) error {
	msgs := make([]string, 0, len(errs))
	for _, e := range errs {
		if strings.HasPrefix(strings.TrimSpace(e.String()), "Nothing found") {
			continue
		}
		msgs = append(msgs, e.String())
	}
	if len(msgs) == 0 {
		return nil
	}
	msg := strings.Join(msgs, "; ")
	if controllerUnreachable(msg) {
		return fmt.Errorf("%s: %s: %w", command, msg, ErrControllerUnreachable)
	}
	return &CommandError{Command: command, Stderr: msg}
}
