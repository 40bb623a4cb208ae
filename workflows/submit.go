package workflows

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/petagrid/petagrid/internal/atomicfile"
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
	// KeepOnError leaves the jobs already submitted in Slurm when a later submission fails,
	// for a caller that journals them and resumes the plan (or cancels it) itself.
	KeepOnError bool
}

// SubmitPlan submits every job of plan in order, each with its dependencies resolved to the
// job ids just returned, and returns the job id of every step. If a submission fails, the
// jobs this call submitted are cancelled (steps passed in Known are the caller's to cancel),
// so a call never leaves half a workflow in Slurm. A submission whose outcome is unknown (the controller stopped answering) is looked
// up by its tag and adopted when found, never blindly repeated.
func SubmitPlan(ctx context.Context, s Submitter, plan *Plan, opts SubmitOptions) (map[string]uint32, error) {
	ids := make(map[string]uint32, len(plan.Jobs))
	for step, id := range opts.Known {
		ids[step] = id
	}
	var fresh []uint32
	started := time.Now().Add(-time.Minute)
	fail := func(err error) (map[string]uint32, error) {
		if opts.KeepOnError {
			return ids, err
		}
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
		if err := ctx.Err(); err != nil {
			return fail(fmt.Errorf("submitting step %s: %w", job.Step, err))
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
			if errors.Is(err, slurmbridge.ErrSubmitOutcomeUnknown) {
				// Slurm may still hold it: look once more, so that cancelling the run's jobs
				// takes it too.
				if found, ferr := s.FindByTag(context.WithoutCancel(ctx), req.Tag, started); ferr == nil {
					fresh = append(fresh, found...)
				}
			}
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
	return formatDependencies(deps, func(step string) (string, error) {
		id, ok := ids[step]
		if !ok {
			return "", fmt.Errorf("depends on step %s, which has no job id yet", step)
		}
		return strconv.FormatUint(uint64(id), 10), nil
	})
}

// SymbolicDependency writes deps with <step> in place of job ids, for showing a plan.
func SymbolicDependency(deps []Dependency) string {
	out, _ := formatDependencies(deps, func(step string) (string, error) { return "<" + step + ">", nil })
	return out
}

// formatDependencies writes "afterok:A:B" for all-of and "afternotok:A?afternotok:B" for
// any-of, lists joined by ",".
func formatDependencies(deps []Dependency, job func(step string) (string, error)) (string, error) {
	parts := make([]string, 0, len(deps))
	for _, d := range deps {
		items := make([]string, 0, len(d.Steps))
		for _, step := range d.Steps {
			id, err := job(step)
			if err != nil {
				return "", err
			}
			items = append(items, id)
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

// metaDirs are created in every workspace; logs must exist before Slurm opens them.
var metaDirs = []string{"scripts", "env", "matrix", "logs", "state", "outputs"}

// WriteFiles writes the plan's files under dir (normally plan.Workspace), creating the
// workspace and its metadata directories with mode 0700. Jobs trust what they read there (an
// env file could set LD_PRELOAD), so every directory on the way must be a real directory
// owned by this process's user and writable by nobody else: one planted by another user, or
// a symbolic link, is refused. Each file is written to a fresh temporary name (O_EXCL,
// never following a link), synced and renamed over the target, so a job never reads half a
// file.
func WriteFiles(plan *Plan, dir string) error {
	if !filepath.IsAbs(dir) {
		return fmt.Errorf("workspace %+q must be absolute", dir)
	}
	if err := privateDir(dir); err != nil {
		return err
	}
	meta := filepath.Join(dir, MetaDir)
	if err := privateDir(meta); err != nil {
		return err
	}
	for _, sub := range metaDirs {
		if err := privateDir(filepath.Join(meta, sub)); err != nil {
			return err
		}
	}
	var files atomicfile.Batch
	for _, f := range plan.Files {
		target := filepath.Join(dir, filepath.FromSlash(f.Path))
		if !strings.HasPrefix(target, meta+string(filepath.Separator)) {
			return fmt.Errorf("plan file %+q is outside the workspace metadata directory", f.Path)
		}
		if err := files.Write(target, f.Data, f.Mode); err != nil {
			return fmt.Errorf("writing %s: %w", f.Path, err)
		}
	}
	if err := files.Sync(); err != nil {
		return fmt.Errorf("writing the workspace's files: %w", err)
	}
	return nil
}

// privateDir makes dir (mode 0700) or checks the one there is safe to write into.
func privateDir(dir string) error {
	err := os.Mkdir(dir, 0o700)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("creating %s: its parent %s does not exist (the site creates the workspace root, on storage every node mounts)", dir, filepath.Dir(dir))
	}
	if err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("creating %s: %w", dir, err)
	}
	info, err := os.Lstat(dir)
	if err != nil {
		return fmt.Errorf("checking %s: %w", dir, err)
	}
	if !info.IsDir() {
		return fmt.Errorf("%s exists and is not a directory (a symbolic link is not accepted)", dir)
	}
	if info.Mode().Perm()&0o022 != 0 {
		return fmt.Errorf("%s is writable by its group or by other users (mode %o); refusing to write a workspace there", dir, info.Mode().Perm())
	}
	if st, ok := info.Sys().(*syscall.Stat_t); ok && int(st.Uid) != os.Geteuid() {
		return fmt.Errorf("%s belongs to uid %d, not to this user (uid %d)", dir, st.Uid, os.Geteuid())
	}
	return nil
}

// EnsurePrivateDir creates dir with mode 0700 or checks that the one there is a real
// directory owned by this process's user and writable by nobody else (the rules WriteFiles
// applies to a workspace), for a per-user directory above the workspaces.
func EnsurePrivateDir(dir string) error {
	if !filepath.IsAbs(dir) {
		return fmt.Errorf("directory %+q must be absolute", dir)
	}
	return privateDir(dir)
}
