package workflows

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash/maphash"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"

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

type compiler struct {
	d         *decoder
	wf        *Workflow
	profile   *SiteProfile
	plan      *Plan
	params    map[string]string
	planBytes int
}

// MaxPlanBytes bounds everything a plan holds (scripts, env files, matrix values): a small
// file can repeat long values in every step.
const MaxPlanBytes = 256 << 20

// stepContext is everything rendering one step needs, decided and checked.
type stepContext struct {
	step      *Step
	res       Resources
	runtime   Runtime
	gpus      bool
	multiNode bool
	mpi       string
	image     string // what the runtime runs: SIF path, pyxis reference or ""
	pull      string // docker:// reference to pull into image first, or ""
	command   []Text
	outputs   []Output
	env       []envEntry
	secrets   []SecretRef
	combos    [][]string // matrix combinations, values in axis order
	axes      []string
	attemptS  int64
	totalS    int64
	backoffS  []int64
	partition string
	workdir   string
	// mountAllowed is, per mount, the allowed path it falls under.
	mountAllowed []string
}

type envEntry struct{ name, value string }

func (c *compiler) step(s *Step) {
	p := c.profile
	ctx := &stepContext{step: s, runtime: p.Runtime}
	ctx.res = mergeResources(c.wf.Resources, s.Resources)
	r := ctx.res
	ctx.gpus = r.GPUs.Set && r.GPUs.Value > 0 || r.GPUsPerTask.Set
	ctx.multiNode = r.Nodes.Set && r.Nodes.Value > 1
	at := s.At

	// Partition, account, QOS.
	gpuType := ""
	if r.GPUType.Set {
		gpuType = r.GPUType.Value
	}
	part, err := p.partitionFor(ctx.gpus, gpuType)
	if err != nil {
		c.d.failAt(r.GPUType.At, "step %s: %v", s.Name, err)
	}
	ctx.partition = part

	// Time: one attempt, then the whole job with retries, backoff and setup.
	ctx.attemptS = int64(p.DefaultTime.Seconds())
	if r.TimeSeconds.Set {
		ctx.attemptS = r.TimeSeconds.Value
	}
	attempts := 1
	if s.Retry != nil {
		attempts += s.Retry.Limit
		ctx.backoffS = backoffDelays(s.Retry)
	}
	// Each attempt's srun --time is in whole minutes, so the job must hold that many.
	attemptLimit := (ctx.attemptS + 59) / 60 * 60
	total := attemptLimit*int64(attempts) + int64(p.SetupTime.Seconds())
	for _, b := range ctx.backoffS {
		total += b
	}
	if s.TimeoutSeconds.Set {
		total = s.TimeoutSeconds.Value
	}
	ctx.totalS = total
	if maxS := int64(p.MaxTime.Seconds()); total > maxS {
		where := r.TimeSeconds.At
		if s.TimeoutSeconds.Set {
			where = s.TimeoutSeconds.At
		}
		if where == (Pos{}) {
			where = at
		}
		if s.TimeoutSeconds.Set {
			c.d.failAt(where, "step %s: timeout %s is longer than this site's maximum of %s", s.Name, FormatDuration(total), FormatDuration(maxS))
		} else {
			c.d.failAt(where, "step %s needs up to %s (%d attempt(s) of %s, backoff and %s setup), more than this site's maximum of %s; lower its time or retries", s.Name,
				FormatDuration(total), attempts, FormatDuration(ctx.attemptS), FormatDuration(int64(p.SetupTime.Seconds())), FormatDuration(maxS))
		}
	}
	if s.TimeoutSeconds.Set && s.TimeoutSeconds.Value < ctx.attemptS {
		c.d.failAt(s.TimeoutSeconds.At, "step %s: timeout %s is shorter than one attempt's time %s (the site's default when the workflow gives none)", s.Name, FormatDuration(s.TimeoutSeconds.Value), FormatDuration(ctx.attemptS))
	}

	// MPI plugin.
	ctx.mpi = "none"
	if s.Run.MPI.Set {
		switch s.Run.MPI.Value {
		case MPIPMIx:
			ctx.mpi = p.MPI.PMIx
		case MPIPMI2:
			ctx.mpi = p.MPI.PMI2
		}
		if ctx.mpi == "" {
			c.d.failAt(s.Run.MPI.At, "step %s asks for mpi %s, which this site does not offer", s.Name, s.Run.MPI.Value)
		}
	}

	// Image and runtime.
	c.image(ctx)

	// Mounts against the allow-list.
	for _, m := range s.Run.Mounts {
		allowed, ok := p.allowedMount(m.Source, !m.ReadOnly)
		ctx.mountAllowed = append(ctx.mountAllowed, allowed)
		if !ok {
			mode := "read-only"
			if !m.ReadOnly {
				mode = "read-write"
			}
			c.d.failAt(m.At, "step %s: this site does not allow mounting %s %s%s", s.Name, m.Source, mode, allowedList(p))
		}
		if ctx.runtime == RuntimeNone && m.Target != m.Source {
			c.d.warnings = append(c.d.warnings, &strictyaml.Error{File: c.d.file, Line: m.At.Line, Column: m.At.Column,
				Msg: fmt.Sprintf("step %s runs on the host, where %s is not moved to %s: the command sees it at %s", s.Name, m.Source, m.Target, m.Source)})
		}
	}

	// Workdir: relative to the workspace unless absolute.
	ctx.workdir = c.plan.Workspace
	if s.Run.Workdir.Set {
		if strings.HasPrefix(s.Run.Workdir.Value, "/") {
			ctx.workdir = s.Run.Workdir.Value
		} else {
			ctx.workdir = path.Join(c.plan.Workspace, s.Run.Workdir.Value)
		}
	}

	// Parameters into words; matrix values stay references.
	for _, w := range s.Run.Command {
		ctx.command = append(ctx.command, w.bindParams(c.params))
	}
	for _, o := range s.Outputs {
		o.Path = o.Path.bindParams(c.params)
		if lit, ok := o.Path.literal(); ok && checkPath(lit, false) == nil {
			o.Path = Text{Raw: o.Path.Raw, At: o.Path.At, Segments: []Segment{{Literal: path.Clean(lit)}}}
		}
		if o.Publish.Set {
			o.Publish.Value = o.Publish.Value.bindParams(c.params)
		}
		ctx.outputs = append(ctx.outputs, o)
	}

	// Environment: site defaults, then the workflow's, then the step's.
	if ctx.gpus {
		ctx.env = append(ctx.env, sortedEnv(p.GPU.Env)...)
	}
	if p.InfiniBand.Enabled && (ctx.multiNode || ctx.mpi != "none") {
		ctx.env = append(ctx.env, sortedEnv(p.InfiniBand.Env)...)
	}
	for _, e := range mergeEnv(c.wf.Env, s.Env) {
		v, _ := e.Value.bindParams(c.params).literal()
		// The literal text was checked when parsed; a parameter value arrives only now, and
		// the host and enroot env files carry it without ever quoting it.
		if err := controlError(v, true); err != nil {
			c.d.failAt(e.Value.At, "step %s: env %s, with its parameters, %v", s.Name, e.Name, err)
		}
		ctx.env = append(ctx.env, envEntry{e.Name, v})
	}
	ctx.secrets = mergeSecrets(c.wf.Secrets, s.Secrets)
	if len(ctx.secrets) > 0 && p.SecretsDir == "" {
		c.d.failAt(ctx.secrets[0].At, "step %s uses secrets but this site has no secret store (secretsDir)", s.Name)
	}

	// Matrix: measured against the limits before a single combination is built.
	if s.Matrix != nil && !c.matrix(ctx) {
		return
	}
	c.checkExecLimits(ctx)
	if cost := outputCheckBytes(ctx); cost > MaxOutputCheckBytes {
		c.d.failAt(s.At, "step %s: its output paths and publish URLs that use matrix values are checked for each of its %d array tasks, about %d MiB of text, more than the limit of %d MiB; use fewer or shorter ones (an output may be a directory)",
			s.Name, len(ctx.combos), cost>>20, MaxOutputCheckBytes>>20)
		return
	}
	c.checkOutputPaths(ctx)
	if len(c.d.errs) > 0 {
		return
	}
	c.plan.Jobs = append(c.plan.Jobs, c.render(ctx))
}

// matrix expands a step's matrix once it is known to fit the site's MaxArraySize and the
// plan's size: its combinations are counted first, without building any, so a matrix the
// site refuses costs no memory. It reports whether the step can go on.
func (c *compiler) matrix(ctx *stepContext) bool {
	s := ctx.step
	size, err := measureMatrix(s.Matrix)
	switch {
	case err != nil:
		c.d.failAt(s.Matrix.At, "matrix of step %s %v", s.Name, err)
		return false
	case size.combinations == 0:
		c.d.failAt(s.Matrix.At, "matrix of step %s excludes every combination", s.Name)
		return false
	case size.combinations > int64(c.profile.MaxArraySize):
		c.d.failAt(s.Matrix.At, "matrix of step %s has %d combinations; this site's Slurm runs at most %d array tasks per job (MaxArraySize): split the step", s.Name, size.combinations, c.profile.MaxArraySize)
		return false
	case int64(c.planBytes)+size.dataBytes > MaxPlanBytes:
		c.d.failAt(s.Matrix.At, "matrix of step %s holds %d MiB of values across its combinations; with the rest of the plan that is more than %d MiB: shorten the values or split the step", s.Name, size.dataBytes>>20, MaxPlanBytes>>20)
		return false
	}
	ctx.axes, ctx.combos = expandMatrix(s.Matrix, size.combinations)
	return true
}

func allowedList(p *SiteProfile) string {
	if len(p.AllowedMounts) == 0 {
		return " (it allows no mounts)"
	}
	var parts []string
	for _, m := range p.AllowedMounts {
		mode := "ro"
		if m.ReadWrite {
			mode = "rw"
		}
		parts = append(parts, m.Path+" ("+mode+")")
	}
	return " (allowed: " + strings.Join(parts, ", ") + ")"
}

// image decides what the runtime runs for a step.
func (c *compiler) image(ctx *stepContext) {
	s := ctx.step
	if !s.Run.Image.Set {
		ctx.runtime = RuntimeNone
		return
	}
	img := s.Run.Image.Value
	switch c.profile.Runtime {
	case RuntimeNone:
		ctx.runtime = RuntimeNone
		c.d.warnings = append(c.d.warnings, &strictyaml.Error{File: c.d.file, Line: s.Run.Image.At.Line, Column: s.Run.Image.At.Column,
			Msg: fmt.Sprintf("step %s: this site runs commands on the host (runtime none); image %s is not used", s.Name, img)})
	case RuntimeApptainer:
		if strings.HasPrefix(img, "docker://") {
			ctx.pull = img
			ctx.image = c.profile.imageCachePath(img)
		} else {
			ctx.image = img
		}
	case RuntimeEnroot:
		if !strings.HasPrefix(img, "docker://") {
			c.d.failAt(s.Run.Image.At, "step %s: this site runs containers with enroot, which cannot run a SIF file; use a docker:// image", s.Name)
			return
		}
		ctx.image = pyxisImage(img)
	}
}

// pyxisImage turns docker://registry/repo:tag into pyxis's registry#repo:tag. A "#" would
// start a comment in an #SBATCH line, but the image only ever appears in srun's argv.
func pyxisImage(img string) string {
	ref := strings.TrimPrefix(img, "docker://")
	first, rest, ok := strings.Cut(ref, "/")
	if ok && (strings.ContainsAny(first, ".:") || first == "localhost") {
		return first + "#" + rest
	}
	return ref
}

func sortedEnv(m map[string]string) []envEntry {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([]envEntry, 0, len(keys))
	for _, k := range keys {
		out = append(out, envEntry{k, m[k]})
	}
	return out
}

// backoffDelays lists the sleep before each retry.
func backoffDelays(r *Retry) []int64 {
	out := make([]int64, r.Limit)
	delay := float64(r.Backoff.InitialSeconds)
	for i := range out {
		d := int64(delay)
		if d > r.Backoff.MaxSeconds {
			d = r.Backoff.MaxSeconds
		}
		out[i] = d
		delay *= r.Backoff.Factor
	}
	return out
}

// checkOutputPaths checks output paths once parameters are in, as every array task will
// see them: a parameter or matrix value must not lead a path out of the workspace.
func (c *compiler) checkOutputPaths(ctx *stepContext) {
	for _, o := range ctx.outputs {
		c.checkExpanded(ctx, o.Path, o.At, "output path", func(_ int, v string) error { return checkPath(v, false) })
		if o.Publish.Set {
			urls := newDistinctTexts(ctx, o.Publish.Value)
			c.checkExpanded(ctx, o.Publish.Value, o.Publish.At, "publish URL", func(combo int, u string) error {
				if !urls.add(combo, u) {
					return fmt.Errorf("two array tasks would upload to %s; make the URL differ for every combination", quoteValue(u))
				}
				return checkURL(u)
			})
		}
	}
}

// checkExecLimits checks the command line the step's job will execute, with the parameter
// values, the site's variables and, for an array, each matrix value at the longest of its
// axis, against what Linux will start.
func (c *compiler) checkExecLimits(ctx *stepContext) {
	longest := longestValues(ctx)
	textLen := func(t Text) int {
		n := 0
		for _, seg := range t.Segments {
			n += len(seg.Literal) + int(longest[seg.Name])
		}
		return n
	}
	s := ctx.step
	strs := commandStrings(ctx.command, s.Run.Shell, nil, textLen)
	for _, e := range ctx.env {
		strs = append(strs, execString{what: "env " + e.name, bytes: len(e.name) + 1 + len(e.value), at: s.Run.At})
	}
	when := "with its parameters"
	if len(ctx.combos) > 0 {
		when = "with its parameters and each matrix value at its axis's longest"
	}
	if at, err := execLimitError(strs, when); err != nil {
		c.d.failAt(orPos(at, s.Run.At), "step %s: %v", s.Name, err)
	}
}

// longestValues maps each matrix axis of the step to the length of its longest value,
// from the matrix as written (its axes and includes), so in time linear in what was
// written rather than in the combinations.
func longestValues(ctx *stepContext) map[string]int64 {
	longest := make(map[string]int64, len(ctx.axes))
	m := ctx.step.Matrix
	if m == nil || len(ctx.combos) == 0 {
		return longest
	}
	for _, a := range m.Axes {
		for _, v := range a.Values {
			longest[a.Name] = max(longest[a.Name], int64(len(v)))
		}
	}
	for _, inc := range m.Include {
		for k, v := range inc.Values {
			longest[k] = max(longest[k], int64(len(v)))
		}
	}
	return longest
}

// MaxOutputCheckBytes bounds the text checkOutputPaths builds for one step: every output
// path and publish URL that uses matrix values, expanded for every array task.
const MaxOutputCheckBytes = 64 << 20

// minExpansionBytes is what one expansion costs at the least, whatever its length: a small
// text still takes a map lookup, an allocation and a path or URL check.
const minExpansionBytes = 64

// outputCheckBytes is, before anything is expanded, how much text checking the step's
// outputs will build: each templated text at its longest (every matrix value counted at
// the longest of its axis) times the array tasks.
func outputCheckBytes(ctx *stepContext) int64 {
	if len(ctx.combos) == 0 {
		return 0
	}
	longest := longestValues(ctx)
	var perTask int64
	for _, o := range ctx.outputs {
		texts := []Text{o.Path}
		if o.Publish.Set {
			texts = append(texts, o.Publish.Value)
		}
		for _, t := range texts {
			if _, literal := t.literal(); literal {
				continue
			}
			var n int64
			for _, seg := range t.Segments {
				n += int64(len(seg.Literal)) + longest[seg.Name]
			}
			perTask += max(n, minExpansionBytes)
		}
	}
	return perTask * int64(len(ctx.combos))
}

// distinctTexts finds two array tasks that expand a text to the same string. It keeps a
// hash and the combination of each string rather than the string: a 4 KiB URL times
// 100,000 tasks would otherwise hold hundreds of MiB. Equal hashes are compared in full.
type distinctTexts struct {
	ctx  *stepContext
	text Text
	seed maphash.Seed
	seen map[uint64][]int // hash → the combinations whose text has it
}

func newDistinctTexts(ctx *stepContext, t Text) *distinctTexts {
	return &distinctTexts{ctx: ctx, text: t, seed: maphash.MakeSeed(), seen: map[uint64][]int{}}
}

// add records combination combo's text s and reports whether no earlier one had it.
func (d *distinctTexts) add(combo int, s string) bool {
	h := maphash.String(d.seed, s)
	for _, earlier := range d.seen[h] {
		if d.text.expand(comboValues(d.ctx, earlier)) == s {
			return false
		}
	}
	d.seen[h] = append(d.seen[h], combo)
	return true
}

// comboValues maps the axes to combination i's values.
func comboValues(ctx *stepContext, i int) map[string]string {
	values := make(map[string]string, len(ctx.axes))
	for j, a := range ctx.axes {
		values[a] = ctx.combos[i][j]
	}
	return values
}

// checkExpanded checks a text as every array task will see it (or once, when it holds no
// matrix value; combo is then -1).
func (c *compiler) checkExpanded(ctx *stepContext, t Text, at Pos, what string, check func(combo int, s string) error) {
	if lit, ok := t.literal(); ok {
		if err := check(-1, lit); err != nil {
			c.d.failAt(at, "step %s: %s: %v", ctx.step.Name, what, err)
		}
		return
	}
	values := make(map[string]string, len(ctx.axes))
	for i, combo := range ctx.combos {
		for j, a := range ctx.axes {
			values[a] = combo[j]
		}
		if err := check(i, t.expand(values)); err != nil {
			c.d.failAt(at, "step %s: %s for %s: %v", ctx.step.Name, what, describeCombo(ctx.axes, combo), err)
			return
		}
	}
}

func describeCombo(axes, combo []string) string {
	parts := make([]string, len(axes))
	for i, a := range axes {
		parts[i] = a + "=" + quoteValue(combo[i])
	}
	return strings.Join(parts, ", ")
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
