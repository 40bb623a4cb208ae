package workflows

import (
	"fmt"
	"path"
	"regexp"
	"sort"
	"strings"

	"github.com/petagrid/petagrid/internal/strictyaml"
)

// compiler renders one workflow for one site, step by step, into a plan.
type compiler struct {
	d         *decoder
	wf        *Workflow
	profile   *SiteProfile
	plan      *Plan
	params    map[string]string
	planBytes int
}

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
	unpack    string // image tarball to unpack into the Charliecloud cache first, or ""
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

// step decides and checks everything about one step against the site, in the order its
// messages are best read, then renders it into the plan when the workflow has no error.
func (c *compiler) step(s *Step) {
	ctx := &stepContext{step: s, runtime: c.profile.Runtime}
	ctx.res = mergeResources(c.wf.Resources, s.Resources)
	r := ctx.res
	ctx.gpus = r.GPUs.Set && r.GPUs.Value > 0 || r.GPUsPerTask.Set
	ctx.multiNode = r.Nodes.Set && r.Nodes.Value > 1

	c.partition(ctx)
	c.timeLimits(ctx)
	c.mpiPlugin(ctx)
	c.image(ctx)
	c.checkMounts(ctx)
	ctx.workdir = c.workdir(s)
	c.bindWords(ctx)
	c.environment(ctx)

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

// partition picks the site's partition for the step (the profile also names account and
// QOS, the same for every step).
func (c *compiler) partition(ctx *stepContext) {
	r := ctx.res
	gpuType := ""
	if r.GPUType.Set {
		gpuType = r.GPUType.Value
	}
	part, err := c.profile.partitionFor(ctx.gpus, gpuType)
	if err != nil {
		c.d.failAt(r.GPUType.At, "step %s: %v", ctx.step.Name, err)
	}
	ctx.partition = part
}

// timeLimits decides the time of one attempt and of the whole job (its attempts, the
// backoff between them and the site's setup time), and checks them against the site's
// maximum and the step's timeout.
func (c *compiler) timeLimits(ctx *stepContext) {
	p, s, r := c.profile, ctx.step, ctx.res
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
	c.checkTotalTime(ctx, attempts)
	if s.TimeoutSeconds.Set && s.TimeoutSeconds.Value < ctx.attemptS {
		c.d.failAt(s.TimeoutSeconds.At, "step %s: timeout %s is shorter than one attempt's time %s (the site's default when the workflow gives none)", s.Name, FormatDuration(s.TimeoutSeconds.Value), FormatDuration(ctx.attemptS))
	}
}

// checkTotalTime refuses a job longer than the site's maximum, where the workflow sets the
// time that is too long: the step's timeout, else its time.
func (c *compiler) checkTotalTime(ctx *stepContext, attempts int) {
	p, s, r := c.profile, ctx.step, ctx.res
	maxS := int64(p.MaxTime.Seconds())
	if ctx.totalS <= maxS {
		return
	}
	where := r.TimeSeconds.At
	if s.TimeoutSeconds.Set {
		where = s.TimeoutSeconds.At
	}
	if where == (Pos{}) {
		where = s.At
	}
	if s.TimeoutSeconds.Set {
		c.d.failAt(where, "step %s: timeout %s is longer than this site's maximum of %s", s.Name, FormatDuration(ctx.totalS), FormatDuration(maxS))
		return
	}
	c.d.failAt(where, "step %s needs up to %s (%d attempt(s) of %s, backoff and %s setup), more than this site's maximum of %s; lower its time or retries", s.Name,
		FormatDuration(ctx.totalS), attempts, FormatDuration(ctx.attemptS), FormatDuration(int64(p.SetupTime.Seconds())), FormatDuration(maxS))
}

// mpiPlugin is the site's srun --mpi plugin for what the step asks ("none" when it asks
// nothing).
func (c *compiler) mpiPlugin(ctx *stepContext) {
	s := ctx.step
	ctx.mpi = "none"
	if !s.Run.MPI.Set {
		return
	}
	switch s.Run.MPI.Value {
	case MPIPMIx:
		ctx.mpi = c.profile.MPI.PMIx
	case MPIPMI2:
		ctx.mpi = c.profile.MPI.PMI2
	}
	if ctx.mpi == "" {
		c.d.failAt(s.Run.MPI.At, "step %s asks for mpi %s, which this site does not offer", s.Name, s.Run.MPI.Value)
	}
}

// checkMounts checks the step's mounts against the site's allow-list, and records the
// allowed path each falls under.
func (c *compiler) checkMounts(ctx *stepContext) {
	p, s := c.profile, ctx.step
	for _, m := range s.Run.Mounts {
		// ch-run binds read-write whatever the step asks, so only what the site allows
		// read-write may be bound.
		rw := !m.ReadOnly || ctx.runtime == RuntimeCharliecloud
		allowed, ok := p.allowedMount(m.Source, rw)
		ctx.mountAllowed = append(ctx.mountAllowed, allowed)
		if !ok && m.ReadOnly && rw {
			if _, readable := p.allowedMount(m.Source, false); readable {
				c.d.failAt(m.At, "step %s: this site runs containers with Charliecloud, which binds read-write, and it allows %s read-only only: stage the data into the workspace, or ask the site to allow it read-write", s.Name, m.Source)
				continue
			}
		}
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
		if ctx.runtime == RuntimeCharliecloud && m.ReadOnly {
			c.d.warnings = append(c.d.warnings, &strictyaml.Error{File: c.d.file, Line: m.At.Line, Column: m.At.Column,
				Msg: fmt.Sprintf("step %s: this site's Charliecloud binds read-write (the site allows it), so readOnly does not protect %s: the container can write to it wherever the user's own permissions allow", s.Name, m.Source)})
		}
	}
}

// workdir is the step's working directory: relative to the workspace unless absolute.
func (c *compiler) workdir(s *Step) string {
	if !s.Run.Workdir.Set {
		return c.plan.Workspace
	}
	if strings.HasPrefix(s.Run.Workdir.Value, "/") {
		return s.Run.Workdir.Value
	}
	return path.Join(c.plan.Workspace, s.Run.Workdir.Value)
}

// bindWords puts the parameter values into the command's words and the outputs; matrix
// values stay references.
func (c *compiler) bindWords(ctx *stepContext) {
	s := ctx.step
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
}

// environment is the step's variables, the site's defaults first, then the workflow's, then
// the step's, and its secrets.
func (c *compiler) environment(ctx *stepContext) {
	p, s := c.profile, ctx.step
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
		// ch-run's --set-env file holds one variable per line.
		if ctx.runtime == RuntimeCharliecloud && strings.Contains(v, "\n") {
			c.d.failAt(e.Value.At, "step %s: env %s holds a newline, which this site's container runtime (Charliecloud) cannot pass; put multi-line values in a file", s.Name, e.Name)
		}
		ctx.env = append(ctx.env, envEntry{e.Name, v})
	}
	ctx.secrets = mergeSecrets(c.wf.Secrets, s.Secrets)
	if len(ctx.secrets) > 0 && p.SecretsDir == "" {
		c.d.failAt(ctx.secrets[0].At, "step %s uses secrets but this site has no secret store (secretsDir)", s.Name)
	}
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
		switch {
		case strings.HasPrefix(img, "docker://"):
			ctx.pull = img
			ctx.image = c.profile.imageCachePath(img)
		case strings.HasSuffix(img, ".sif"):
			ctx.image = img
		default:
			c.d.failAt(s.Run.Image.At, "step %s: this site runs containers with Apptainer, which runs docker:// images and SIF files (ending in .sif), not %s", s.Name, img)
		}
	case RuntimeEnroot:
		if !strings.HasPrefix(img, "docker://") {
			c.d.failAt(s.Run.Image.At, "step %s: this site runs containers with enroot, which runs docker:// images only, not %s", s.Name, img)
			return
		}
		ctx.image = pyxisImage(img)
	case RuntimeCharliecloud:
		c.charliecloudImage(ctx)
	}
}

// charliecloudImage decides what ch-run runs: a directory image as it is, or a tarball
// unpacked into the site's image cache when the step starts. Charliecloud pulls nothing
// here: sites prepare their images (ch-image build, ch-convert) where they have a registry.
func (c *compiler) charliecloudImage(ctx *stepContext) {
	s := ctx.step
	img := s.Run.Image.Value
	switch {
	case strings.HasPrefix(img, "docker://"):
		c.d.failAt(s.Run.Image.At, "step %s: this site runs containers with Charliecloud from images it prepares; give the path of an image directory or tarball the site provides, not a docker:// reference", s.Name)
	case strings.HasSuffix(strings.ToLower(img), ".sif"):
		c.d.failAt(s.Run.Image.At, "step %s: this site runs containers with Charliecloud, which cannot run a SIF file; give the path of an image directory or tarball", s.Name)
	case isImageTarball(img):
		ctx.unpack = img
	case looksLikeFile.MatchString(path.Base(img)):
		c.d.failAt(s.Run.Image.At, "step %s: this site runs Charliecloud images as directories or tarballs (.tar, .tar.gz, .tgz); %s is neither", s.Name, path.Base(img))
	default:
		ctx.image = img
	}
}

// looksLikeFile matches names of archives and image files that are not image directories,
// so that a .tar.xz or SquashFS image is refused when compiling rather than failing on the
// node as "not a directory".
var looksLikeFile = regexp.MustCompile(`(?i)\.(tar\.[a-z0-9]+|t[a-z]z2?|zip|sqfs|squashfs|img|simg|gz|xz|zst|bz2)$`)

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
