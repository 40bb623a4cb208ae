package workflows

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/petagrid/petagrid/internal/strictyaml"
)

// validate checks the rules that span fields: names and references, the DAG, resource
// combinations, matrix bounds. Each problem is reported where it was written.
func validate(d *decoder, wf *Workflow) {
	params := map[string]*Param{}
	for _, p := range wf.Params {
		params[p.Name] = p
	}
	for _, e := range wf.Env {
		d.checkRefs(e.Value, "env "+e.Name, params, nil, false)
	}
	d.checkEnvSecretClash(wf.Env, wf.Secrets, "the workflow")
	d.checkResourceGroups(wf.Resources, "resources")

	steps := map[string]*Step{}
	all := append(append([]*Step{}, wf.Steps...), wf.Finally...)
	for _, s := range all {
		if s.Name == "" {
			continue
		}
		if prev, dup := steps[s.Name]; dup {
			d.failAt(s.At, "step name %+q at %s is used twice (first at %s); a step's name is its job's, scripts' and logs' name, so each must be unique", s.Name, d.where(s.At), d.where(prev.At))
			continue
		}
		steps[s.Name] = s
	}
	d.checkTaskKeyCollisions(all, steps)
	for _, s := range all {
		d.validateStep(wf, s, steps, params)
	}
	d.checkCycles(wf.Steps, steps)
	d.checkVerify(wf, all)
}

// checkVerify checks what replicated execution needs of the rest of the workflow: the
// replicas are compared by the digest of their declared outputs, so there must be outputs,
// they must not depend on where they were made, and no replica may upload them itself.
func (d *decoder) checkVerify(wf *Workflow, all []*Step) {
	v := wf.Verify
	if v == nil {
		return
	}
	if wf.Placement.Auction() {
		d.failAt(wf.Placement.ModeAt, "placement mode auction cannot go with verify: replicas are placed on operators drawn at random (so that no operator can price itself into every replica), which an auction's lowest bid would undo; drop one of them")
	}
	if !wf.Deterministic {
		d.failAt(v.At, "verify needs `deterministic: true`: replicated execution compares the outputs of several sites, which agree only when they depend on nothing but the inputs, image and params (no clocks, unseeded randomness, host names or thread-count-dependent reductions); declare it, and make sure it holds, or drop verify")
	}
	outputs := 0
	for _, s := range all {
		outputs += len(s.Outputs)
		for _, o := range s.Outputs {
			if o.Publish.Set {
				d.failAt(o.Publish.At, "step %s publishes this output, but the workflow has verify: every replica would upload to the same URL, a dissenting one too; drop publish and fetch the outputs of the job instead, or drop verify", s.Name)
			}
		}
	}
	if outputs == 0 {
		d.failAt(v.At, "verify compares the replicas by their declared outputs, but no step in steps or finally declares any: there is nothing to compare; list the results under a step's outputs, or drop verify")
	}
}

// validateStep checks the rules of one step that span its fields, the workflow's and the
// other steps'.
func (d *decoder) validateStep(wf *Workflow, s *Step, steps map[string]*Step, params map[string]*Param) {
	d.checkNeeds(s, steps)
	axes := d.stepAxes(s)
	d.checkStepRefs(wf, s, params, axes)
	d.checkResourceGroups(s.Resources, "step "+s.Name+" resources")
	r := mergeResources(wf.Resources, s.Resources)
	d.checkResources(r, s)
	if s.TimeoutSeconds.Set && r.TimeSeconds.Set && s.TimeoutSeconds.Value < r.TimeSeconds.Value {
		d.failAt(s.TimeoutSeconds.At, "step %s: timeout %s is shorter than one attempt's time %s", s.Name, FormatDuration(s.TimeoutSeconds.Value), FormatDuration(r.TimeSeconds.Value))
	}
	if s.Run.Image.Set && !pinned(s.Run.Image.Value) {
		d.warnings = append(d.warnings, &strictyaml.Error{File: d.file, Line: s.Run.Image.At.Line, Column: s.Run.Image.At.Column,
			Msg: fmt.Sprintf("image of step %s is not pinned by digest; a moved tag changes what runs (add @sha256:…)", s.Name)})
	}
	if r.Nodes.Set && r.Nodes.Value > 1 && (!s.Run.MPI.Set || s.Run.MPI.Value == MPINone) && len(s.Run.Command) > 0 {
		d.warnings = append(d.warnings, &strictyaml.Error{File: d.file, Line: s.At.Line, Column: s.At.Column,
			Msg: fmt.Sprintf("step %s spans %d nodes without mpi: srun starts independent copies of the command", s.Name, r.Nodes.Value)})
	}
	paths := map[string]Pos{}
	for _, in := range s.Inputs {
		if prev, dup := paths[in.Path]; dup {
			d.failAt(in.At, "step %s stages two inputs to %s (first at %s)", s.Name, quoteValue(in.Path), d.where(prev))
		}
		paths[in.Path] = in.At
	}
}

// checkNeeds checks a step's needs and if against the other steps: a finally step has
// neither, and a step needs only other, main steps, each once.
func (d *decoder) checkNeeds(s *Step, steps map[string]*Step) {
	if s.Finally {
		if len(s.Needs) > 0 {
			d.failAt(s.Needs[0].At, "finally step %s cannot have needs: it runs after every other step, whatever happened", s.Name)
		}
		if s.If.Set {
			d.failAt(s.If.At, "finally step %s cannot have if: it always runs", s.Name)
		}
	}
	seen := map[string]bool{}
	for _, n := range s.Needs {
		target, ok := steps[n.Name]
		switch {
		case n.Name == s.Name:
			d.failAt(n.At, "step %s needs itself", s.Name)
		case !ok:
			d.failAt(n.At, "step %s needs %+q, which is not a step%s", s.Name, clip(n.Name), strictyaml.Suggest(n.Name, stepNames(steps)))
		case target.Finally:
			d.failAt(n.At, "step %s needs %s, a finally step; finally steps run last and cannot be needed", s.Name, n.Name)
		case seen[n.Name]:
			d.failAt(n.At, "step %s lists %s twice in needs", s.Name, n.Name)
		}
		seen[n.Name] = true
	}
	if s.If.Set && s.If.Value == IfFailure && len(s.Needs) == 0 {
		d.failAt(s.If.At, "step %s runs on failure() but needs no step, so nothing could fail before it; add needs", s.Name)
	}
}

// stepAxes checks the step's matrix and returns its axes' names (none without a matrix).
func (d *decoder) stepAxes(s *Step) map[string]bool {
	axes := map[string]bool{}
	if s.Matrix == nil {
		return axes
	}
	d.checkMatrix(s)
	for _, a := range s.Matrix.Axes {
		axes[a.Name] = true
	}
	if len(s.Matrix.Axes) == 0 && len(s.Matrix.Include) > 0 {
		// An include-only matrix: its axes are the keys of its entries.
		for k := range s.Matrix.Include[0].Values {
			axes[k] = true
		}
	}
	return axes
}

// checkStepRefs checks what the step's words refer to (parameters, and matrix axes where a
// value may differ per array task), and its command line as written against what Linux
// will start.
func (d *decoder) checkStepRefs(wf *Workflow, s *Step, params map[string]*Param, axes map[string]bool) {
	for _, w := range s.Run.Command {
		d.checkRefs(w, "command", params, axes, true)
	}
	for _, o := range s.Outputs {
		d.checkRefs(o.Path, "output path", params, axes, true)
		if o.Publish.Set {
			d.checkRefs(o.Publish.Value, "publish URL", params, axes, true)
			if s.Matrix != nil && len(o.Publish.Value.refs(RefMatrix)) == 0 {
				d.failAt(o.Publish.At, "step %s fans out, so every array task would upload to this same URL; put a matrix value in it (e.g. …/${{ matrix.NAME }}.json)", s.Name)
			}
		}
	}
	for _, e := range s.Env {
		d.checkRefs(e.Value, "env "+e.Name, params, axes, false)
	}
	env := mergeEnv(wf.Env, s.Env)
	secrets := mergeSecrets(wf.Secrets, s.Secrets)
	d.checkEnvSecretClash(env, secrets, "step "+s.Name)
	// What is written is a lower bound of what runs: Compile checks again with the values.
	if at, err := execLimitError(commandStrings(s.Run.Command, s.Run.Shell, env, writtenLen), "as written"); err != nil {
		d.failAt(orPos(at, s.Run.At), "step %s: %v", s.Name, err)
	}
}

// orPos is at, or fallback when at is unknown.
func orPos(at, fallback Pos) Pos {
	if at == (Pos{}) {
		return fallback
	}
	return at
}

// where writes a position as file:line:col, for messages that name a second place.
func (d *decoder) where(at Pos) string {
	return fmt.Sprintf("%s:%d:%d", d.file, at.Line, at.Column)
}

// arrayTaskKey matches a name that an array task's files could also have: STEP_INDEX, the
// index in decimal without leading zeros, as Slurm's %a and SLURM_ARRAY_TASK_ID write it.
var arrayTaskKey = regexp.MustCompile(`^(.+)_(0|[1-9][0-9]*)$`)

// checkTaskKeyCollisions refuses a step named like a task of an array step: task i of
// step s keeps its logs, attempt counter and output manifest under the key s_i, the same
// files as a step named s_i. It refuses every index, not only those below the array's
// current size, so that adding a value to a matrix cannot make two steps share files.
func (d *decoder) checkTaskKeyCollisions(all []*Step, byName map[string]*Step) {
	for _, s := range all {
		m := arrayTaskKey.FindStringSubmatch(s.Name)
		if m == nil {
			continue
		}
		array, ok := byName[m[1]]
		if !ok || array.Matrix == nil || array == s {
			continue
		}
		d.failAt(s.At, "step %+q at %s would share its logs, attempt counter and output manifest with task %s of the array step %+q at %s (both are named %s.* under .petagrid); rename one of them",
			s.Name, d.where(s.At), m[2], array.Name, d.where(array.At), s.Name)
	}
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func stepNames(steps map[string]*Step) []string {
	out := make([]string, 0, len(steps))
	for n := range steps {
		out = append(out, n)
	}
	return out
}

// checkRefs checks that every reference in t names a parameter or one of the step's matrix
// axes, and that matrix values appear only where they are resolved per array task.
func (d *decoder) checkRefs(t Text, what string, params map[string]*Param, axes map[string]bool, matrixAllowed bool) {
	for _, seg := range t.Segments {
		switch seg.Kind {
		case RefParam:
			if _, ok := params[seg.Name]; !ok {
				names := make([]string, 0, len(params))
				for n := range params {
					names = append(names, n)
				}
				d.failAt(t.At, "%s refers to params.%s, which is not declared under params%s", what, seg.Name, strictyaml.Suggest(seg.Name, names))
			}
		case RefMatrix:
			switch {
			case !matrixAllowed:
				d.failAt(t.At, "%s refers to matrix.%s: matrix values may be used in command words, output paths and publish URLs only", what, seg.Name)
			case !axes[seg.Name]:
				names := make([]string, 0, len(axes))
				for n := range axes {
					names = append(names, n)
				}
				if len(names) == 0 {
					d.failAt(t.At, "%s refers to matrix.%s but the step has no matrix or for", what, seg.Name)
				} else {
					d.failAt(t.At, "%s refers to matrix.%s, which is not an axis of this step%s", what, seg.Name, strictyaml.Suggest(seg.Name, names))
				}
			}
		}
	}
}

func (d *decoder) checkEnvSecretClash(env []EnvVar, secrets []SecretRef, where string) {
	names := map[string]bool{}
	for _, e := range env {
		names[e.Name] = true
	}
	for _, s := range secrets {
		if names[s.Name] {
			d.failAt(s.At, "%s sets %s both as env and as a secret; use one", where, s.Name)
		}
	}
}

// checkResourceGroups checks one resources block on its own: the memory fields exclude
// each other wherever they are written.
func (d *decoder) checkResourceGroups(r Resources, where string) {
	var set []string
	var at Pos
	for _, m := range []struct {
		name string
		v    Opt[int64]
	}{{"mem", r.MemMiB}, {"memPerCpu", r.MemPerCPUMiB}, {"memPerGpu", r.MemPerGPUMiB}} {
		if m.v.Set {
			set = append(set, m.name)
			at = m.v.At
		}
	}
	if len(set) > 1 {
		d.failAt(at, "%s sets %s: give exactly one of mem, memPerCpu and memPerGpu", where, strings.Join(set, " and "))
	}
}

func (d *decoder) checkResources(r Resources, s *Step) {
	gpus := 0
	if r.GPUs.Set {
		gpus = r.GPUs.Value
	}
	if r.MemPerGPUMiB.Set && gpus == 0 && !r.GPUsPerTask.Set {
		d.failAt(r.MemPerGPUMiB.At, "step %s asks for memPerGpu but no GPUs", s.Name)
	}
	if r.GPUType.Set && gpus == 0 && !r.GPUsPerTask.Set {
		d.failAt(r.GPUType.At, "step %s names gpuType %s but asks for no GPUs", s.Name, r.GPUType.Value)
	}
	if r.GPUsPerTask.Set {
		if !r.Tasks.Set {
			d.failAt(r.GPUsPerTask.At, "step %s: gpusPerTask needs an explicit tasks count (Slurm requires it)", s.Name)
		}
		if r.GPUs.Set {
			if r.GPUsPerTask.Value > gpus {
				d.failAt(r.GPUsPerTask.At, "step %s asks for %d gpusPerTask but only %d gpus in all", s.Name, r.GPUsPerTask.Value, gpus)
			} else if r.Tasks.Set && r.GPUsPerTask.Value*r.Tasks.Value != gpus {
				d.failAt(r.GPUsPerTask.At, "step %s: %d tasks × %d gpusPerTask is %d GPUs, but gpus is %d; give one of gpus and gpusPerTask, or make them agree", s.Name, r.Tasks.Value, r.GPUsPerTask.Value, r.Tasks.Value*r.GPUsPerTask.Value, gpus)
			}
		}
	}
	if r.Nodes.Set && r.Tasks.Set && r.Tasks.Value < r.Nodes.Value {
		d.failAt(r.Tasks.At, "step %s asks for %d tasks on %d nodes; every node needs at least one task", s.Name, r.Tasks.Value, r.Nodes.Value)
	}
	if r.Nodes.Set && r.Tasks.Set && r.TasksPerNode.Set && r.Tasks.Value > r.Nodes.Value*r.TasksPerNode.Value {
		d.failAt(r.TasksPerNode.At, "step %s: %d tasks do not fit on %d nodes × %d tasksPerNode", s.Name, r.Tasks.Value, r.Nodes.Value, r.TasksPerNode.Value)
	}
	if s.Run.MPI.Set && s.Run.MPI.Value != MPINone && s.Run.Shell.Set {
		d.failAt(s.Run.MPI.At, "step %s: mpi launches the command once per rank; give it a command list, not a shell script", s.Name)
	}
}

// checkMatrix bounds a step's fan-out before anything expands it.
func (d *decoder) checkMatrix(s *Step) {
	m := s.Matrix
	axes := map[string]bool{}
	for _, a := range m.Axes {
		axes[a.Name] = true
	}
	size, within := axesProduct(m.Axes, MaxMatrixElements)
	if !within {
		d.failAt(m.At, "matrix of step %s expands to more than %d combinations", s.Name, MaxMatrixElements)
		return
	}
	for _, c := range m.Exclude {
		for k := range c.Values {
			if !axes[k] {
				d.failAt(c.At, "matrix exclude names %+q, which is not an axis", clip(k))
			}
		}
	}
	for _, c := range m.Include {
		for k := range c.Values {
			if !axes[k] && len(m.Axes) > 0 {
				d.failAt(c.At, "matrix include names %+q, which is not an axis; an include entry gives a value to every axis", clip(k))
			}
		}
		for a := range axes {
			if _, ok := c.Values[a]; !ok {
				d.failAt(c.At, "matrix include entry gives no value for axis %s", a)
			}
		}
		if len(m.Axes) == 0 {
			if len(m.Include[0].Values) > MaxMatrixAxes {
				d.failAt(m.Include[0].At, "matrix include entry gives %d axes; the limit is %d", len(m.Include[0].Values), MaxMatrixAxes)
				return
			}
			if len(c.Values) != len(m.Include[0].Values) || len(c.Values) == 0 {
				d.failAt(c.At, "matrix include entries must all give values for the same axes (the first gives %s)", strings.Join(sortedKeys(m.Include[0].Values), ", "))
				continue
			}
			for k := range c.Values {
				if !identPattern.MatchString(k) {
					d.failAt(c.At, "matrix include names %+q, which is not a valid axis name", clip(k))
				}
				if _, ok := m.Include[0].Values[k]; !ok || len(c.Values) != len(m.Include[0].Values) {
					d.failAt(c.At, "matrix include entries must all give values for the same axes (the first gives %s)", strings.Join(sortedKeys(m.Include[0].Values), ", "))
					break
				}
			}
		}
	}
	if size+int64(len(m.Include)) > MaxMatrixElements {
		d.failAt(m.At, "matrix of step %s expands to more than %d combinations", s.Name, MaxMatrixElements)
	}
}

// checkCycles reports each dependency cycle once, at the needs entry that closes it.
func (d *decoder) checkCycles(steps []*Step, byName map[string]*Step) {
	const (
		unseen = iota
		active
		done
	)
	state := map[string]int{}
	var stack []string
	var visit func(s *Step)
	visit = func(s *Step) {
		state[s.Name] = active
		stack = append(stack, s.Name)
		for _, n := range s.Needs {
			next, ok := byName[n.Name]
			if !ok || next.Finally || n.Name == s.Name {
				continue
			}
			switch state[n.Name] {
			case active:
				i := len(stack) - 1
				for i > 0 && stack[i] != n.Name {
					i--
				}
				cycle := append(append([]string{}, stack[i:]...), n.Name)
				d.failAt(n.At, "steps form a cycle: %s", strings.Join(cycle, " → "))
			case unseen:
				visit(next)
			}
		}
		stack = stack[:len(stack)-1]
		state[s.Name] = done
	}
	for _, s := range steps {
		if s.Name != "" && state[s.Name] == unseen {
			visit(s)
		}
	}
}

// mergeResources applies a step's resources over the job-wide ones, field by field, with
// the memory fields and the GPU fields replaced as groups.
func mergeResources(job, step Resources) Resources {
	r := job
	set := func(dst *Opt[int], v Opt[int]) {
		if v.Set {
			*dst = v
		}
	}
	set(&r.Nodes, step.Nodes)
	set(&r.Tasks, step.Tasks)
	set(&r.TasksPerNode, step.TasksPerNode)
	set(&r.CPUsPerTask, step.CPUsPerTask)
	if step.MemMiB.Set || step.MemPerCPUMiB.Set || step.MemPerGPUMiB.Set {
		r.MemMiB, r.MemPerCPUMiB, r.MemPerGPUMiB = step.MemMiB, step.MemPerCPUMiB, step.MemPerGPUMiB
	}
	if step.GPUs.Set || step.GPUType.Set || step.GPUsPerTask.Set {
		r.GPUs, r.GPUType, r.GPUsPerTask = step.GPUs, step.GPUType, step.GPUsPerTask
	}
	if step.TimeSeconds.Set {
		r.TimeSeconds = step.TimeSeconds
	}
	return r
}

// mergeEnv applies step variables over workflow ones by name, keeping the written order.
func mergeEnv(job, step []EnvVar) []EnvVar {
	return mergeByName(job, step, func(e EnvVar) string { return e.Name })
}

func mergeSecrets(job, step []SecretRef) []SecretRef {
	return mergeByName(job, step, func(s SecretRef) string { return s.Name })
}

// mergeByName keeps the workflow's entries a step does not override, then the step's.
func mergeByName[T any](job, step []T, name func(T) string) []T {
	out := make([]T, 0, len(job)+len(step))
	override := make(map[string]bool, len(step))
	for _, e := range step {
		override[name(e)] = true
	}
	for _, e := range job {
		if !override[name(e)] {
			out = append(out, e)
		}
	}
	return append(out, step...)
}
