package site

import (
	"bytes"
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/petagrid/petagrid/plugins"
	"github.com/petagrid/petagrid/slurmbridge"
	"github.com/petagrid/petagrid/workflows"
)

// SubmitFilter inspects a run's rendered jobs before they are submitted, and may change them
// or deny the run (a submit-filter plugin; plugins.Plugin implements it).
type SubmitFilter interface {
	Name() string
	Filter(ctx context.Context, req plugins.FilterRequest) (plugins.FilterResponse, error)
}

// errFiltered is a run a submit filter denied, or could not judge: submitting it is refused
// for good (the run ends submit_failed with the reason), never retried as a transient error.
type errFiltered struct{ msg string }

func (e *errFiltered) Error() string { return e.msg }

// applyFilters runs every submit filter over the plan, in the configured order, each seeing
// what the previous one left. A filter that fails, hangs past its timeout, or answers with
// something it may not change blocks the submission: letting an unjudged run through would
// defeat the filter's purpose (an account or registry policy).
func (e *executor) applyFilters(ctx context.Context, run runForFilter, plan *workflows.Plan) error {
	if len(e.filters) == 0 {
		return nil
	}
	images := stepImages(run.source, run.sourceName)
	for _, f := range e.filters {
		req := plugins.FilterRequest{Run: run.id, Researcher: run.researcher, LocalUser: run.localUser, Workflow: plan.Workflow}
		for _, job := range plan.Jobs {
			req.Jobs = append(req.Jobs, plugins.FilterJob{Step: job.Step, Partition: job.Request.Partition, Account: job.Request.Account, QOS: job.Request.QOS,
				Options: append([]string(nil), job.Request.Options...), Script: job.Request.Script, Images: images[job.Step]})
		}
		resp, err := f.Filter(ctx, req)
		if ctx.Err() != nil {
			return ctx.Err() // the daemon is stopping: the run is submitted after the restart
		}
		if err != nil {
			return &errFiltered{fmt.Sprintf("submit filter %s could not judge the run, so it is not submitted: %v", f.Name(), err)}
		}
		switch resp.Decision {
		case plugins.FilterAllow:
		case plugins.FilterDeny:
			reason := resp.Reason
			if reason == "" {
				reason = "no reason given"
			}
			return &errFiltered{fmt.Sprintf("denied by submit filter %s: %s", f.Name(), truncate(reason, 1000))}
		case plugins.FilterModify:
			if err := e.applyModification(plan, resp.Jobs); err != nil {
				return &errFiltered{fmt.Sprintf("submit filter %s answered with a change it may not make: %v", f.Name(), err)}
			}
			e.log.WithField("run", run.id).WithField("filter", f.Name()).WithField("reason", truncate(resp.Reason, 300)).Info("submit filter changed the run's jobs")
		default:
			return &errFiltered{fmt.Sprintf("submit filter %s answered no decision", f.Name())}
		}
	}
	return nil
}

// runForFilter is what a filter is told of a run.
type runForFilter struct {
	id, researcher, localUser, sourceName string
	source                                []byte
}

// filterOptions are the sbatch options a submit filter may add: notification, priority and
// placement hints. Never resources (they would override what the workflow asked for and what
// the escrow was priced on), I/O paths (the daemon reads the logs where it put them), the
// environment (--export could run code before the script) or identity.
var filterOptions = map[string]bool{
	"--mail-type": true, "--mail-user": true, "--nice": true, "--reservation": true, "--wckey": true,
	"--constraint": true, "--exclude": true, "--begin": true, "--deadline": true,
}

// applyModification takes a filter's jobs: the same steps in the same order, the script
// untouched, and only the partition (one of the grid partitions, and only when the site
// configured them), account, QOS and the options of filterOptions changed.
func (e *executor) applyModification(plan *workflows.Plan, jobs []plugins.FilterJob) error {
	if len(jobs) != len(plan.Jobs) {
		return fmt.Errorf("%d jobs for a run of %d", len(jobs), len(plan.Jobs))
	}
	changed := make([]slurmbridge.SubmitRequest, len(jobs))
	for i, j := range jobs {
		orig := plan.Jobs[i]
		if j.Step != orig.Step {
			return fmt.Errorf("job %d is step %q, not %q", i, truncate(j.Step, 64), orig.Step)
		}
		if !bytes.Equal(j.Script, orig.Request.Script) {
			return fmt.Errorf("step %s: the script may not be changed (deny the run instead)", orig.Step)
		}
		if j.Partition != orig.Request.Partition && len(e.gridPartitions) == 0 {
			return fmt.Errorf("step %s: the partition may only be changed among site.gridPartitions, and none are configured", orig.Step)
		}
		had := map[string]bool{}
		for _, o := range orig.Request.Options {
			had[o] = true
		}
		for _, o := range j.Options {
			name, _, _ := strings.Cut(o, "=")
			if !had[o] && !filterOptions[name] {
				return fmt.Errorf("step %s: a submit filter may not set %s (it may add only %s)", orig.Step, truncate(name, 40), strings.Join(sortedKeys(filterOptions), ", "))
			}
		}
		r := orig.Request
		r.Partition, r.Account, r.QOS, r.Options = j.Partition, j.Account, j.QOS, append([]string(nil), j.Options...)
		if err := r.Validate(); err != nil {
			return fmt.Errorf("step %s: %w", orig.Step, err)
		}
		changed[i] = r
	}
	for i := range changed {
		plan.Jobs[i].Request = changed[i]
	}
	return e.checkPartitions(plan)
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// stepImages maps each step to the container image it names (empty for host steps), as
// written in the workflow.
func stepImages(source []byte, name string) map[string][]string {
	out := map[string][]string{}
	wf, err := workflows.Parse(name, source)
	if err != nil {
		return out
	}
	for _, steps := range [][]*workflows.Step{wf.Steps, wf.Finally} {
		for _, s := range steps {
			if s.Run.Image.Set && s.Run.Image.Value != "" {
				out[s.Name] = []string{s.Run.Image.Value}
			}
		}
	}
	return out
}
