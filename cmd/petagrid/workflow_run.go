package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/petagrid/petagrid/internal/poll"
	"github.com/petagrid/petagrid/slurmbridge"
	"github.com/petagrid/petagrid/workflows"
)

// workflowRunCommand submits a workflow straight to the local cluster, without the site
// daemon: for trying a workflow or a site profile on a cluster one can reach. It keeps no
// journal, so it is no substitute for the daemon's durable submission and tracking.
func workflowRunCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "run",
		Usage:     "submit a workflow to the local Slurm cluster directly (no daemon, no journal) and optionally wait for it",
		ArgsUsage: "FILE",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "site-profile", Usage: "site profile (YAML); default: the built-in profile", EnvVars: []string{"PETAGRID_SITE_PROFILE"}},
			paramsFlag(),
			&cli.StringFlag{Name: "run-id", Usage: "run id (default: random)"},
			&cli.BoolFlag{Name: "wait", Usage: "wait for every job and print how each step ended; exit 1 if a step failed"},
			&cli.DurationFlag{Name: "poll", Value: 2 * time.Second, Usage: "how often to ask Slurm while waiting (one squeue per poll)"},
		}, slurmFlags()...),
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usagef("workflow run needs exactly one FILE")
			}
			if c.Duration("poll") < 500*time.Millisecond {
				return usagef("--poll must be at least 500ms: every poll is a query to slurmctld")
			}
			b, out, err := e.bridge(c)
			if err != nil {
				return err
			}
			runID := c.String("run-id")
			if runID == "" {
				runID = randomName("r", 5)
			}
			plan, err := compileFromFlags(c, e, workflows.CompileOptions{RunID: runID})
			if err != nil {
				return err
			}
			if err := workflows.WriteFiles(plan, plan.Workspace); err != nil {
				return err
			}
			ids, err := workflows.SubmitPlan(c.Context, b, plan, workflows.SubmitOptions{
				Submitted: func(step string, id uint32) error {
					e.log.WithFields(map[string]any{"run": runID, "step": step, "job": id}).Info("submitted")
					return nil
				},
			})
			if err != nil {
				return err
			}
			if !c.Bool("wait") {
				rows := make([][]string, 0, len(plan.Jobs))
				for _, job := range plan.Jobs {
					rows = append(rows, []string{job.Step, strconv.FormatUint(uint64(ids[job.Step]), 10), workflows.SymbolicDependency(job.After)})
				}
				if out.json {
					return out.encode(map[string]any{"runId": runID, "workspace": plan.Workspace, "jobs": ids})
				}
				fmt.Fprintf(e.stdout, "run %s, workspace %s\n", runID, plan.Workspace)
				return out.table([]string{"STEP", "JOB", "AFTER"}, rows)
			}
			return waitForRun(c.Context, e, b, out, plan, ids, c.Duration("poll"))
		},
	}
}

// stepOutcome is how one step of a run ended.
type stepOutcome struct {
	Step     string   `json:"step"`
	JobID    uint32   `json:"jobId"`
	Tasks    int      `json:"tasks"`
	State    string   `json:"state"`
	Exit     string   `json:"exit"`
	Attempts []string `json:"attempts,omitempty"`
	Stdout   string   `json:"stdout"`
}

// waitForRun polls every job of the run with one squeue per interval until all have ended,
// then prints each step's outcome. It remembers the last state seen of every task, so a job
// that leaves squeue (MinJobAge) after it ended is still known; exit codes come from squeue
// when it still has the job and from accounting when it does not. A step whose condition
// could never hold (a failure() handler when nothing failed) is reported as skipped.
func waitForRun(ctx context.Context, e *env, b *slurmbridge.Bridge, out *printer, plan *workflows.Plan, ids map[string]uint32, interval time.Duration) error {
	all := make([]uint32, 0, len(ids))
	for _, id := range ids {
		all = append(all, id)
	}
	started := time.Now()
	seen := map[uint32]slurmbridge.JobStatus{} // by task id
	last := ""
	// A busy or restarting controller is asked again at the next poll, five times in a row.
	retry := poll.Retry{Limit: 5, Notify: func(err error) { e.log.WithError(err).Warn("polling the run's jobs failed; retrying") }}
	err := poll.Until(ctx, interval, retry, func(ctx context.Context) (bool, error) {
		states, err := b.JobStates(ctx, all)
		if err != nil {
			return false, err
		}
		for _, st := range states {
			seen[st.ID] = st
		}
		if progress := progressLine(seen); progress != last && !out.json {
			fmt.Fprintf(e.stderr, "%s  %s\n", time.Now().UTC().Format("15:04:05"), progress)
			last = progress
		}
		return allEnded(all, seen), nil
	})
	switch {
	case errors.Is(err, poll.ErrStopped):
		return fmt.Errorf("waiting for run %s: %w", plan.RunID, ctx.Err())
	case err != nil:
		return fmt.Errorf("polling run %s: %w", plan.RunID, err)
	}
	return reportRun(ctx, e, b, out, plan, ids, all, seen, started)
}

// allEnded: every job has been seen, and every task seen is in a final state.
func allEnded(ids []uint32, seen map[uint32]slurmbridge.JobStatus) bool {
	known := map[uint32]bool{}
	for _, st := range seen {
		if !st.State.Terminal() {
			return false
		}
		known[st.ID] = true
		if st.ArrayJobID != 0 {
			known[st.ArrayJobID] = true
		}
	}
	for _, id := range ids {
		if !known[id] {
			return false
		}
	}
	return true
}

func reportRun(ctx context.Context, e *env, b *slurmbridge.Bridge, out *printer, plan *workflows.Plan, ids map[string]uint32, all []uint32, seen map[uint32]slurmbridge.JobStatus, started time.Time) error {
	exits := map[uint32]*slurmbridge.ExitStatus{} // by task id
	jobs, err := b.ListJobs(ctx, slurmbridge.JobQuery{IDs: all})
	if err != nil {
		return err
	}
	for _, j := range jobs {
		exits[j.ID] = j.Exit
	}
	if len(exits) < len(seen) {
		// Some jobs have left the controller: slurmdbd has their exit codes.
		recs, err := b.Accounting(ctx, slurmbridge.AccountingQuery{Start: started.Add(-time.Minute), End: time.Now().Add(time.Minute), JobIDs: all})
		if err != nil {
			e.log.WithError(err).Warn("reading exit codes from accounting failed")
		}
		for _, r := range recs {
			if _, ok := exits[r.JobID]; !ok {
				exits[r.JobID] = r.Exit
			}
		}
	}
	byStep := map[uint32][]slurmbridge.JobStatus{}
	for _, st := range seen {
		id := st.ID
		if st.ArrayJobID != 0 {
			id = st.ArrayJobID
		}
		byStep[id] = append(byStep[id], st)
	}
	var outcomes []stepOutcome
	failed := 0
	for _, job := range plan.Jobs {
		o := stepOutcome{Step: job.Step, JobID: ids[job.Step], Stdout: filepath.Join(plan.Workspace, strings.ReplaceAll(job.Stdout, "{index}", "*"))}
		tasks := byStep[o.JobID]
		o.Tasks = len(tasks)
		o.State, o.Exit = summarise(tasks, exits)
		if o.State != "COMPLETED" && o.State != "skipped" {
			failed++
		}
		o.Attempts = readAttempts(plan.Workspace, job)
		outcomes = append(outcomes, o)
	}
	if out.json {
		if err := out.encode(map[string]any{"runId": plan.RunID, "workspace": plan.Workspace, "steps": outcomes}); err != nil {
			return err
		}
	} else {
		rows := make([][]string, 0, len(outcomes))
		for _, o := range outcomes {
			rows = append(rows, []string{o.Step, strconv.FormatUint(uint64(o.JobID), 10), strconv.Itoa(o.Tasks), o.State, o.Exit, strings.Join(o.Attempts, ", ")})
		}
		fmt.Fprintf(e.stdout, "run %s, workspace %s\n", plan.RunID, plan.Workspace)
		if err := out.table([]string{"STEP", "JOB", "TASKS", "STATE", "EXIT", "ATTEMPTS (exit class)"}, rows); err != nil {
			return err
		}
	}
	if failed > 0 {
		return fmt.Errorf("run %s: %d step(s) did not complete", plan.RunID, failed)
	}
	return nil
}

func progressLine(seen map[uint32]slurmbridge.JobStatus) string {
	counts := map[string]int{}
	for _, st := range seen {
		counts[strings.ToLower(string(st.State))]++
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, counts[k])
	}
	return strings.Join(parts, ", ")
}

// summarise names the state shared by a step's tasks and the worst exit code.
func summarise(tasks []slurmbridge.JobStatus, exits map[uint32]*slurmbridge.ExitStatus) (string, string) {
	if len(tasks) == 0 {
		return "unknown", "-"
	}
	if len(tasks) == 1 && tasks[0].State == slurmbridge.StateCancelled && strings.Contains(tasks[0].Reason, "Dependency") {
		return "skipped", "-"
	}
	state := string(tasks[0].State)
	worst := ""
	for _, t := range tasks {
		if string(t.State) != state {
			state = "mixed"
		}
		if x := exits[t.ID]; x != nil && (worst == "" || x.Code != 0) {
			worst = exitString(x)
		}
	}
	if worst == "" {
		worst = "-"
	}
	return state, worst
}

// readAttempts reads the attempt records a step's script keeps in the workspace.
func readAttempts(workspace string, job *workflows.Job) []string {
	files := attemptFiles(workspace, job)
	var out []string
	read := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue // a task that has not started yet
		}
		read++
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			if fields := strings.Fields(line); len(fields) == 4 {
				out = append(out, fields[1]+" "+fields[2])
			}
		}
	}
	if job.ArraySize > 0 && read != 1 {
		return []string{fmt.Sprintf("%d tasks, %d attempts", read, len(out))}
	}
	return out
}

// attemptFiles names the attempt records of a step's tasks one by one: STEP_0 … STEP_N-1
// for an array. A pattern such as STEP_* would also take in another step's records (a
// step named STEP_a, or the tasks of an array step STEP_1).
func attemptFiles(workspace string, job *workflows.Job) []string {
	dir := filepath.Join(workspace, workflows.MetaDir, "state")
	if job.ArraySize == 0 {
		return []string{filepath.Join(dir, job.Step+".attempts")}
	}
	files := make([]string, job.ArraySize)
	for i := range files {
		files[i] = filepath.Join(dir, job.Step+"_"+strconv.Itoa(i)+".attempts")
	}
	return files
}
