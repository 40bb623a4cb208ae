package workflows

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/petagrid/petagrid/slurmbridge"
)

// Submitter is what SubmitPlan needs from slurmbridge.Bridge.
type Submitter interface {
	Submit(ctx context.Context, req slurmbridge.SubmitRequest) (slurmbridge.SubmitResult, error)
	FindByTag(ctx context.Context, tag string, since time.Time) ([]uint32, error)
	Cancel(ctx context.Context, id uint32, signal string) error
}

// SubmitOptions let a caller make submission durable.
type SubmitOptions struct {
	// Known maps steps submitted earlier (read back from a journal after a restart) to their
	// job ids; they are not submitted again.
	Known map[string]uint32
	// Submitted is called after Slurm accepts each job and before the next is submitted, so
	// that a caller can record it; an error stops the submission.
	Submitted func(step string, jobID uint32) error
}

// SubmitPlan submits every job of plan in order, each with its dependencies resolved to the
// job ids just returned, and returns the job id of every step. If a submission fails, the
// jobs already submitted by this call are cancelled, so a workflow is never left half in
// Slurm. A submission whose outcome is unknown (the controller stopped answering) is looked
// up by its tag and adopted when found, never blindly repeated.
func SubmitPlan(ctx context.Context, s Submitter, plan *Plan, opts SubmitOptions) (map[string]uint32, error) {
	ids := make(map[string]uint32, len(plan.Jobs))
	for step, id := range opts.Known {
		ids[step] = id
	}
	var fresh []uint32
	started := time.Now().Add(-time.Minute)
	fail := func(err error) (map[string]uint32, error) {
		cancelCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
		defer cancel()
		var errs []error
		for i := len(fresh) - 1; i >= 0; i-- {
			if cerr := s.Cancel(cancelCtx, fresh[i], ""); cerr != nil {
				errs = append(errs, fmt.Errorf("cancelling job %d: %w", fresh[i], cerr))
			}
		}
		return nil, errors.Join(append([]error{err}, errs...)...)
	}
	for _, job := range plan.Jobs {
		if _, done := ids[job.Step]; done {
			continue
		}
		req := job.Request
		dep, err := DependencyString(job.After, ids)
		if err != nil {
			return fail(fmt.Errorf("step %s: %w", job.Step, err))
		}
		req.Dependency = dep
		res, err := s.Submit(ctx, req)
		if errors.Is(err, slurmbridge.ErrSubmitOutcomeUnknown) {
			found, ferr := s.FindByTag(context.WithoutCancel(ctx), req.Tag, started)
			switch {
			case ferr == nil && len(found) == 1:
				res, err = slurmbridge.SubmitResult{JobID: found[0]}, nil
			case ferr != nil:
				err = errors.Join(err, fmt.Errorf("looking the job up by tag %s: %w", req.Tag, ferr))
			case len(found) > 1:
				err = fmt.Errorf("%w; tag %s now names %d jobs", err, req.Tag, len(found))
			}
		}
		if err != nil {
			return fail(fmt.Errorf("step %s: %w", job.Step, err))
		}
		ids[job.Step] = res.JobID
		fresh = append(fresh, res.JobID)
		if opts.Submitted != nil {
			if err := opts.Submitted(job.Step, res.JobID); err != nil {
				return fail(fmt.Errorf("step %s: recording job %d: %w", job.Step, res.JobID, err))
			}
		}
	}
	return ids, nil
}

// DependencyString writes deps for sbatch --dependency with the job ids of the steps.
func DependencyString(deps []Dependency, ids map[string]uint32) (string, error) {
	var parts []string
	for _, d := range deps {
		var items []string
		for _, step := range d.Steps {
			id, ok := ids[step]
			if !ok {
				return "", fmt.Errorf("depends on step %s, which has no job id yet", step)
			}
			items = append(items, strconv.FormatUint(uint64(id), 10))
		}
		if d.Any {
			for i, id := range items {
				items[i] = string(d.Kind) + ":" + id
			}
			parts = append(parts, strings.Join(items, "?"))
		} else {
			parts = append(parts, string(d.Kind)+":"+strings.Join(items, ":"))
		}
	}
	return strings.Join(parts, ","), nil
}

// SymbolicDependency writes deps with step names in place of job ids, for showing a plan.
func SymbolicDependency(deps []Dependency) string {
	ids := map[string]uint32{}
	names := map[string]string{}
	for _, d := range deps {
		for i, s := range d.Steps {
			ids[s] = uint32(i)
			names[s] = "<" + s + ">"
		}
	}
	var parts []string
	for _, d := range deps {
		var items []string
		for _, s := range d.Steps {
			items = append(items, names[s])
		}
		if d.Any {
			for i, it := range items {
				items[i] = string(d.Kind) + ":" + it
			}
			parts = append(parts, strings.Join(items, "?"))
		} else {
			parts = append(parts, string(d.Kind)+":"+strings.Join(items, ":"))
		}
	}
	return strings.Join(parts, ",")
}

// metaDirs are created in every workspace; logs must exist before Slurm opens them.
var metaDirs = []string{"scripts", "env", "matrix", "logs", "state", "outputs"}

// WriteFiles writes the plan's files under dir (normally plan.Workspace), creating the
// metadata directories. Each file is written to a temporary name and renamed, so a job never
// reads half a file.
func WriteFiles(plan *Plan, dir string) error {
	if !filepath.IsAbs(dir) {
		return fmt.Errorf("workspace %q must be absolute", dir)
	}
	for _, sub := range metaDirs {
		if err := os.MkdirAll(filepath.Join(dir, MetaDir, sub), 0o700); err != nil {
			return fmt.Errorf("creating the workspace: %w", err)
		}
	}
	for _, f := range plan.Files {
		target := filepath.Join(dir, filepath.FromSlash(f.Path))
		if !strings.HasPrefix(target, filepath.Join(dir, MetaDir)+string(filepath.Separator)) {
			return fmt.Errorf("plan file %q is outside the workspace metadata directory", f.Path)
		}
		tmp := target + ".tmp"
		if err := os.WriteFile(tmp, f.Data, f.Mode); err != nil {
			return fmt.Errorf("writing %s: %w", f.Path, err)
		}
		if err := os.Chmod(tmp, f.Mode); err != nil {
			return fmt.Errorf("writing %s: %w", f.Path, err)
		}
		if err := os.Rename(tmp, target); err != nil {
			return fmt.Errorf("writing %s: %w", f.Path, err)
		}
	}
	return nil
}
