package workflows

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"

	"github.com/petagrid/petagrid/internal/strictyaml"
	"github.com/petagrid/petagrid/slurmbridge"
)

// Plan is a compiled workflow: one Slurm job per step, in an order where every job comes
// after the jobs it depends on, plus the files the jobs read from the workspace.
//
// Steps map to separate Slurm jobs chained with dependencies, not to srun steps inside one
// allocation: each step asks for exactly its own resources (a GPU step does not hold GPUs
// while a CPU step runs, and the reverse), a matrix becomes a job array, Slurm accounts each
// step on its own, and Slurm itself orders the DAG, so a workflow keeps going while the
// site daemon restarts. The whole DAG is submitted at once, so no dependency ever names a
// job that has already left Slurm's memory (MinJobAge).
type Plan struct {
	Workflow  string
	RunID     string
	Workspace string
	// Params are the parameter values used, by name.
	Params map[string]string
	Jobs   []*Job
	// Files are written into the workspace before the first submission; paths are relative.
	Files    []File
	Warnings []string
}

// Job is one step as a Slurm job.
type Job struct {
	Step    string
	Finally bool
	// After lists the dependencies on other steps, resolved to job ids at submission.
	After []Dependency
	// ArraySize is the number of array tasks; 0 for a plain job.
	ArraySize int
	// Request is the submission without its dependency.
	Request slurmbridge.SubmitRequest
	// ScriptFile is the script's path in the workspace (it is also submitted on stdin).
	ScriptFile string
	// Stdout and Stderr are the log files, relative to the workspace; for an array they
	// hold "{index}" where the task index goes.
	Stdout, Stderr string
}

// DependencyKind is a Slurm dependency type.
type DependencyKind string

// Dependency kinds used by plans.
const (
	AfterOK    DependencyKind = "afterok"
	AfterNotOK DependencyKind = "afternotok"
	AfterAny   DependencyKind = "afterany"
)

// Dependency makes a job wait for steps. With Any, one of them reaching the state suffices
// (Slurm's "?" separator); otherwise all must.
type Dependency struct {
	Kind  DependencyKind
	Steps []string
	Any   bool
}

// File is a file of the workspace.
type File struct {
	Path string
	Data []byte
	Mode fs.FileMode
}

// CompileOptions are the per-submission inputs of Compile.
type CompileOptions struct {
	// RunID names this run: it prefixes every job's tag and names the workspace.
	RunID string
	// Workspace is the run's directory on shared storage; empty means
	// profile.WorkspaceRoot/RunID.
	Workspace string
	// Params are values given at submission (-p key=value), as typed.
	Params map[string]string
}

var runIDPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,30}$`)

// ValidateRunID reports whether id can name a run (it becomes part of job tags and paths).
func ValidateRunID(id string) error {
	if !runIDPattern.MatchString(id) {
		return fmt.Errorf("run id %+q must be 1-31 characters from a-z 0-9 - starting with a letter or digit", clip(id))
	}
	return nil
}

// Compile binds parameters, applies the site profile and renders every step. Errors are
// strictyaml.Errors positioned in the workflow file where the site's rules are broken there.
func Compile(wf *Workflow, profile *SiteProfile, opts CompileOptions) (*Plan, error) {
	if err := ValidateRunID(opts.RunID); err != nil {
		return nil, err
	}
	ws := opts.Workspace
	if ws == "" {
		ws = path.Join(profile.WorkspaceRoot, opts.RunID)
	}
	if err := checkMountPath(ws); err != nil || ws == "/" {
		return nil, fmt.Errorf("workspace %+q: must be an absolute directory path of letters, digits and . _ @ + / -", ws)
	}
	d := &decoder{file: wf.File}
	values := bindParams(d, wf, opts.Params)
	if len(d.errs) > 0 {
		return nil, d.errs
	}
	plan := &Plan{Workflow: wf.Name, RunID: opts.RunID, Workspace: ws, Params: values}
	for _, w := range wf.Warnings {
		plan.Warnings = append(plan.Warnings, w.Error())
	}
	c := &compiler{d: d, wf: wf, profile: profile, plan: plan, params: values}
	for _, s := range orderSteps(wf) {
		c.step(s)
		if c.planBytes > MaxPlanBytes {
			d.failAt(s.At, "the workflow renders to more than %d MiB of scripts and data (step %s is where it crossed); make it smaller", MaxPlanBytes>>20, s.Name)
			break
		}
	}
	if len(d.errs) > 0 {
		d.sortErrors()
		return nil, d.errs
	}
	for _, w := range d.warnings {
		plan.Warnings = append(plan.Warnings, w.Error())
	}
	return plan, nil
}

// bindParams resolves every parameter to a value: given at submission, else its default.
func bindParams(d *decoder, wf *Workflow, given map[string]string) map[string]string {
	declared := map[string]*Param{}
	names := make([]string, 0, len(wf.Params))
	for _, p := range wf.Params {
		declared[p.Name] = p
		names = append(names, p.Name)
	}
	keys := make([]string, 0, len(given))
	for k := range given {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	values := map[string]string{}
	for _, k := range keys {
		p, ok := declared[k]
		if !ok {
			d.failAt(Pos{}, "parameter %+q is not declared by the workflow%s", clip(k), strictyaml.Suggest(k, names))
			continue
		}
		v, err := canonicalParam(p.Type, given[k], "")
		if err != nil {
			d.failAt(p.At, "parameter %s (%s): %v", k, p.Type, err)
		}
		values[k] = v
	}
	for _, p := range wf.Params {
		if _, ok := values[p.Name]; ok {
			continue
		}
		if !p.Default.Set {
			d.failAt(p.At, "parameter %s has no default and was not given; pass -p %s=VALUE", p.Name, p.Name)
			continue
		}
		values[p.Name] = p.Default.Value
	}
	return values
}

// orderSteps returns main steps in dependency order (stable: the written order where free),
// then finally steps.
func orderSteps(wf *Workflow) []*Step {
	placed := map[string]bool{}
	out := make([]*Step, 0, len(wf.Steps)+len(wf.Finally))
	remaining := append([]*Step{}, wf.Steps...)
	for len(remaining) > 0 {
		next := remaining[:0]
		progressed := false
		for _, s := range remaining {
			ready := true
			for _, n := range s.Needs {
				if !placed[n.Name] {
					ready = false
					break
				}
			}
			if ready {
				out = append(out, s)
				placed[s.Name] = true
				progressed = true
			} else {
				next = append(next, s)
			}
		}
		remaining = next
		if !progressed {
			break // a cycle; Parse has reported it
		}
	}
	return append(out, wf.Finally...)
}

// MaxPlanBytes bounds everything a plan holds (scripts, env files, matrix values): a small
// file can repeat long values in every step.
const MaxPlanBytes = 256 << 20

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
