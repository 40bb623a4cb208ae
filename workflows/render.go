package workflows

import (
	"bytes"
	_ "embed"
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/petagrid/petagrid/slurmbridge"
)

//go:embed prelude.sh
var prelude string

// quote makes s a single shell word that bash reads back as exactly s: the POSIX idiom, a
// single-quoted literal with each ' written as '\”. Inside single quotes bash takes every
// byte literally up to the next ', whatever the locale, so newlines, control bytes and any
// encoding are carried as they are. Bash's $'…' form is not used: bash decodes it with the
// job's locale, and in multibyte encodings whose trailing bytes include "\" (GBK, Big5,
// Shift-JIS) a crafted value could end the word early. A NUL byte cannot be carried at all.
func quote(s string) (string, error) {
	return ShellQuote(s)
}

// ShellQuote is quote for other packages: a single-quoted shell word for s, or an error for
// a NUL byte, which no shell word can hold.
func ShellQuote(s string) (string, error) {
	if err := controlError(s, true); err != nil {
		return "", fmt.Errorf("%s %v, which a job script cannot carry: sbatch refuses carriage returns, and the others hide or reorder text on a terminal", quoteValue(s), err)
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'", nil
}

// scriptWriter builds a script; the first quoting error sticks and is reported once.
type scriptWriter struct {
	b   bytes.Buffer
	err error
}

func (w *scriptWriter) line(parts ...string) {
	w.b.WriteString(strings.Join(parts, " "))
	w.b.WriteByte('\n')
}

func (w *scriptWriter) q(s string) string {
	out, err := quote(s)
	if err != nil && w.err == nil {
		w.err = err
	}
	return out
}

// word renders an interpolated text as one shell word: literal pieces single-quoted, matrix
// values expanded from the pg_m array inside double quotes, where expansion yields the value
// and nothing else.
func (w *scriptWriter) word(t Text, axes []string) string {
	var b strings.Builder
	for _, s := range t.Segments {
		if s.Kind == "" {
			if s.Literal != "" || len(t.Segments) == 1 {
				b.WriteString(w.q(s.Literal))
			}
			continue
		}
		idx := indexOf(axes, s.Name)
		fmt.Fprintf(&b, `"${pg_m[%d]}"`, idx)
	}
	return b.String()
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

// slurmPattern escapes "%" for Slurm's filename patterns.
func slurmPattern(p string) string { return strings.ReplaceAll(p, "%", "%%") }

// render writes a step's sbatch script and the files it reads (matrix values, environment)
// into the plan, and returns the step's job. The script's parts come in the order bash needs
// them: directives, variables, the prelude's functions, the step's setup, its launch, and
// the collection of its outputs.
func (c *compiler) render(ctx *stepContext) *Job {
	job := c.newJob(ctx)
	filesBefore := len(c.plan.Files)

	w := &scriptWriter{}
	w.b.Grow(len(prelude) + 4096)
	w.line("#!/bin/bash")
	c.writeDirectives(w, ctx, len(job.After) > 0)
	c.writeVariables(w, ctx)
	w.b.WriteString(prelude)
	envFile := c.writeSetup(w, ctx)
	c.writeLaunch(w, ctx, envFile)
	writeRunAndOutputs(w, ctx)

	c.finishJob(job, ctx, w)
	for _, f := range c.plan.Files[filesBefore:] {
		c.planBytes += len(f.Data)
	}
	return job
}

// logBase is a step's log files' path in the workspace, without the array index and suffix.
func logBase(step string) string { return MetaDir + "/logs/" + step }

// newJob is the step's job without its submission: its files and dependencies.
func (c *compiler) newJob(ctx *stepContext) *Job {
	s := ctx.step
	base := logBase(s.Name)
	job := &Job{Step: s.Name, Finally: s.Finally, ScriptFile: MetaDir + "/scripts/" + s.Name + ".sbatch",
		Stdout: base + ".out", Stderr: base + ".err"}
	if len(ctx.combos) > 0 {
		job.ArraySize = len(ctx.combos)
		job.Stdout, job.Stderr = base+"_{index}.out", base+"_{index}.err"
	}
	job.After = dependencies(c.wf, s)
	return job
}

// writeDirectives writes the #SBATCH lines: only typed, validated numbers and site paths.
func (c *compiler) writeDirectives(w *scriptWriter, ctx *stepContext, hasDependencies bool) {
	s := ctx.step
	dir := func(opt string) { w.line("#SBATCH " + opt) }
	for _, opt := range resourceDirectives(ctx.res) {
		dir(opt)
	}
	dir("--time=" + slurmTime(ctx.totalS))
	base := logBase(s.Name)
	outPattern, errPattern := base+".out", base+".err"
	if len(ctx.combos) > 0 {
		outPattern, errPattern = base+"_%a.out", base+"_%a.err"
	}
	ws := c.plan.Workspace
	dir("--output=" + slurmPattern(path.Join(ws, "")) + "/" + outPattern)
	dir("--error=" + slurmPattern(path.Join(ws, "")) + "/" + errPattern)
	dir("--open-mode=append")
	if s.Retry != nil && s.Retry.Limit > 0 && (s.Retry.OnNodeFail || retryAny(s.Retry)) {
		dir("--requeue")
	} else {
		dir("--no-requeue")
	}
	if hasDependencies {
		dir("--kill-on-invalid-dep=yes")
	}
}

// resourceDirectives are the sbatch options that ask for the step's resources.
func resourceDirectives(r Resources) []string {
	opts := taskLayout(r)
	switch {
	case r.MemMiB.Set:
		opts = append(opts, fmt.Sprintf("--mem=%dM", r.MemMiB.Value))
	case r.MemPerCPUMiB.Set:
		opts = append(opts, fmt.Sprintf("--mem-per-cpu=%dM", r.MemPerCPUMiB.Value))
	case r.MemPerGPUMiB.Set:
		opts = append(opts, fmt.Sprintf("--mem-per-gpu=%dM", r.MemPerGPUMiB.Value))
	}
	gpuType := ""
	if r.GPUType.Set {
		gpuType = r.GPUType.Value + ":"
	}
	switch {
	case r.GPUsPerTask.Set:
		opts = append(opts, fmt.Sprintf("--gpus-per-task=%s%d", gpuType, r.GPUsPerTask.Value))
	case r.GPUs.Set && r.GPUs.Value > 0:
		opts = append(opts, fmt.Sprintf("--gpus=%s%d", gpuType, r.GPUs.Value))
	}
	return opts
}

// taskLayout is how the step's tasks spread over nodes and CPUs, as both sbatch and srun
// take it: srun does not take the job's --cpus-per-task from the environment since 22.05.
func taskLayout(r Resources) []string {
	var opts []string
	if r.Nodes.Set {
		opts = append(opts, fmt.Sprintf("--nodes=%d", r.Nodes.Value))
	}
	if r.Tasks.Set {
		opts = append(opts, fmt.Sprintf("--ntasks=%d", r.Tasks.Value))
	}
	if r.TasksPerNode.Set {
		opts = append(opts, fmt.Sprintf("--ntasks-per-node=%d", r.TasksPerNode.Value))
	}
	if r.CPUsPerTask.Set {
		opts = append(opts, fmt.Sprintf("--cpus-per-task=%d", r.CPUsPerTask.Value))
	}
	return opts
}

// writeVariables writes the script's header and the variables the prelude reads: site
// values and validated names, quoted all the same.
func (c *compiler) writeVariables(w *scriptWriter, ctx *stepContext) {
	s := ctx.step
	p := c.profile
	w.line(fmt.Sprintf("# PetaGrid workflow %s, step %s. Generated; edit the workflow, not this file.", c.wf.Name, s.Name))
	// Researchers' words are single-quoted so that "$HOME" stays "$HOME": that is the point.
	w.line("# shellcheck disable=SC2016")
	w.line("set -uo pipefail")
	w.line("umask 077")
	w.line("")

	w.line("pg_workspace=" + w.q(c.plan.Workspace))
	w.line(`pg_meta="$pg_workspace/` + MetaDir + `"`)
	w.line("pg_step=" + w.q(s.Name))
	w.line(`pg_index=${SLURM_ARRAY_TASK_ID:-}`)
	w.line(`pg_key=$pg_step${pg_index:+_$pg_index}`)
	// A requeued job keeps its id (an array task its array id and index).
	w.line(`pg_job=${SLURM_ARRAY_JOB_ID:-${SLURM_JOB_ID:-none}}`)
	w.line(`pg_user=${SLURM_JOB_USER:-$(id -un)}`)
	w.line(`pg_out="$pg_meta/logs/$pg_key.out"`)
	w.line(`pg_err="$pg_meta/logs/$pg_key.err"`)
	w.line(`pg_state="$pg_meta/state/$pg_key"`)
	w.line(`pg_srun_err="$pg_state.srun"`)
	w.line(`pg_manifest="$pg_meta/outputs/$pg_key.sha256"`)
	w.line(`pg_err_offset=0`)
	w.line("pg_srun=" + w.q(p.Srun))
	w.line("pg_apptainer=" + w.q(p.Apptainer.Binary))
	if ctx.pull != "" {
		w.line("pg_image_cache=" + w.q(p.Apptainer.ImageCache))
	}
	if ctx.runtime == RuntimeCharliecloud {
		w.line("pg_chrun=" + w.q(p.Charliecloud.Binary))
		// ch-run refuses to start without USER, which a batch job's environment may lack or
		// inherit from whoever submitted it.
		w.line(`export USER="$pg_user"`)
	}
	if p.SecretsDir != "" {
		w.line(`pg_secrets_dir=` + w.q(p.SecretsDir) + `/$pg_user`)
	} else {
		w.line(`pg_secrets_dir=`)
	}
	writeRetryVariables(w, s.Retry, ctx)
	w.line("export PETAGRID_RUN_ID=" + w.q(c.plan.RunID))
	w.line("export PETAGRID_WORKFLOW=" + w.q(c.wf.Name))
	w.line("export PETAGRID_STEP=" + w.q(s.Name))
	w.line(`export PETAGRID_WORKSPACE="$pg_workspace"`)
	w.line("")
}

// writeRetryVariables writes what the prelude's attempt loop reads: how many attempts, how
// long each, the sleep before each retry, and which failures are retried (r nil: none).
func writeRetryVariables(w *scriptWriter, r *Retry, ctx *stepContext) {
	attempts := 1
	var backoff []string
	retryAll, retryTimeout, retryOOM := 0, 0, 0
	var codes []string
	if r != nil {
		attempts += r.Limit
		for _, b := range ctx.backoffS {
			backoff = append(backoff, strconv.FormatInt(b, 10))
		}
		if retryAny(r) {
			retryAll = 1
		}
		if r.OnTimeout {
			retryTimeout = 1
		}
		if r.OnOutOfMemory {
			retryOOM = 1
		}
		for _, code := range r.OnExitCodes {
			codes = append(codes, strconv.Itoa(code))
		}
	}
	w.line(fmt.Sprintf("pg_attempts=%d", attempts))
	w.line(fmt.Sprintf("pg_attempt_seconds=%d", ctx.attemptS))
	w.line("pg_backoff=(" + strings.Join(backoff, " ") + ")")
	w.line(fmt.Sprintf("pg_retry_any=%d", retryAll))
	w.line(fmt.Sprintf("pg_retry_timeout=%d", retryTimeout))
	w.line(fmt.Sprintf("pg_retry_oom=%d", retryOOM))
	w.line("pg_retry_codes=(" + strings.Join(codes, " ") + ")")
}

// writeSetup writes what runs before the step's first attempt: the state directories, an
// array task's matrix values, secrets, inputs, the image, the mounts and the workdir. It
// adds the matrix values and the environment file to the plan and returns the environment
// file's path.
func (c *compiler) writeSetup(w *scriptWriter, ctx *stepContext) string {
	s := ctx.step
	w.line(`mkdir -p -- "$pg_meta/state" "$pg_meta/outputs" || exit 1`)
	w.line(`rm -f -- "$pg_manifest"`)
	if len(ctx.combos) > 0 {
		c.writeMatrixValues(w, ctx)
	}

	// Environment file: NUL-separated records for the host and pyxis, shell assignments for
	// apptainer's --env-file, single-quoted lines for ch-run's --set-env.
	envFile := MetaDir + "/env/" + s.Name + ".env"
	c.plan.Files = append(c.plan.Files, File{Path: envFile, Data: envData(ctx.env, ctx.runtime, w), Mode: 0o600})
	for _, sec := range ctx.secrets {
		w.line("pg_secret " + w.q(sec.Name) + " " + w.q(sec.Ref))
	}
	for _, in := range s.Inputs {
		w.line("pg_fetch " + w.q(in.URL) + " " + w.q(in.Path) + " " + w.q(in.SHA256) + ` || pg_fail 1 "staging inputs failed"`)
	}
	if ctx.pull != "" {
		w.line(`pg_image="$pg_image_cache/$pg_user/"` + w.q(path.Base(ctx.image)))
		w.line("pg_pull " + w.q(ctx.pull) + ` "$pg_image" || pg_fail 1 "pulling the image failed"`)
	}
	if ctx.runtime != RuntimeNone {
		for i, m := range s.Run.Mounts {
			w.line(fmt.Sprintf("pg_resolve_mount %d ", i) + w.q(m.Source) + " " + w.q(ctx.mountAllowed[i]) + ` || pg_fail 1 "mounts of step $pg_key are not available"`)
		}
	}
	if ctx.runtime == RuntimeCharliecloud {
		c.writeCharliecloudImage(w, ctx)
	}
	if strings.HasPrefix(ctx.workdir, c.plan.Workspace+"/") {
		w.line("mkdir -p -- " + w.q(ctx.workdir) + " || exit 1")
	}
	w.line("")
	return envFile
}

// writeCharliecloudImage writes how a Charliecloud step gets its image ready on the node: a
// tarball unpacked into the user's cache (or a directory image checked), a directory in it
// for every bind, and the image's own environment.
func (c *compiler) writeCharliecloudImage(w *scriptWriter, ctx *stepContext) {
	if ctx.unpack != "" {
		w.line("pg_ch_unpack " + w.q(ctx.unpack) + " " + w.q(c.profile.Charliecloud.ImageCache) + ` || pg_fail 1 "unpacking the image failed"`)
	} else {
		w.line("pg_ch_directory " + w.q(ctx.image) + ` || pg_fail 1 "the image is not available"`)
	}
	for _, target := range c.bindTargets(ctx) {
		w.line("pg_ch_mountpoint " + w.q(target) + " || pg_fail 1 " + w.q("the image has no directory to bind "+target+" onto"))
	}
	names := make([]string, 0, len(ctx.secrets))
	for _, sec := range ctx.secrets {
		names = append(names, w.q(sec.Name))
	}
	w.line(strings.TrimSpace("pg_ch_image_env "+strings.Join(names, " ")) + ` || pg_fail 1 "the image's environment hides the step's secrets"`)
}

// writeMatrixValues writes how an array task reads its combination's values from the
// matrix values file (into pg_m, and PETAGRID_MATRIX_<axis>), and adds that file to the
// plan.
func (c *compiler) writeMatrixValues(w *scriptWriter, ctx *stepContext) {
	k := len(ctx.axes)
	matrixFile := MetaDir + "/matrix/" + ctx.step.Name + ".values"
	w.line(`mapfile -d '' -t pg_values <"$pg_workspace/` + matrixFile + `" || pg_fail 1 "cannot read the matrix values"`)
	w.line(fmt.Sprintf(`((${#pg_values[@]} == %d)) || pg_fail 1 "the matrix values file is damaged"`, len(ctx.combos)*k))
	w.line(fmt.Sprintf(`if ! [[ $pg_index =~ ^[0-9]+$ ]] || ((pg_index >= %d)); then pg_fail 1 "array index $pg_index is outside the matrix"; fi`, len(ctx.combos)))
	w.line(fmt.Sprintf(`pg_m=("${pg_values[@]:pg_index*%d:%d}")`, k, k))
	w.line(`unset pg_values`)
	for i, a := range ctx.axes {
		w.line(fmt.Sprintf(`export PETAGRID_MATRIX_%s="${pg_m[%d]}"`, a, i))
	}
	c.plan.Files = append(c.plan.Files, File{Path: matrixFile, Data: matrixData(ctx.combos), Mode: 0o600})
}

// writeLaunch writes pg_launch, the function the prelude's attempt loop calls for each
// attempt.
func (c *compiler) writeLaunch(w *scriptWriter, ctx *stepContext, envFile string) {
	w.line("pg_launch() {")
	launch := c.launchArgv(ctx, w, envFile)
	if ctx.runtime == RuntimeApptainer || ctx.runtime == RuntimeCharliecloud {
		w.line("\t" + strings.Join(launch, " \\\n\t\t"))
	} else {
		// The step's variables are given to env(1), which starts srun with them: they reach
		// the command and never touch the shell that runs PetaGrid's own code.
		w.line("\t" + `pg_env "$pg_workspace/` + envFile + `" || pg_fail 1 "cannot read the environment file"`)
		w.line("\tenv -- \"${pg_env_records[@]}\" " + strings.Join(launch, " \\\n\t\t"))
	}
	w.line("}")
	w.line("")
}

// writeRunAndOutputs writes the attempts' run, the check of the step's outputs, and the
// mark that the step succeeded.
func writeRunAndOutputs(w *scriptWriter, ctx *stepContext) {
	w.line("pg_run")
	w.line("pg_rc=$?")
	w.line(`((pg_rc == 0)) || pg_fail "$pg_rc" "step $pg_key failed"`)
	for _, o := range ctx.outputs {
		args := "pg_output " + w.word(o.Path, ctx.axes)
		if o.Publish.Set {
			args += " " + w.word(o.Publish.Value, ctx.axes)
		}
		w.line(args + ` || pg_fail 1 "outputs of step $pg_key are incomplete"`)
	}
	w.line(`: >"$pg_state.done"`)
	w.line(`pg_log "step $pg_key succeeded"`)
}

// finishJob checks the written script and gives the job its submission, adding the script
// to the plan.
func (c *compiler) finishJob(job *Job, ctx *stepContext, w *scriptWriter) {
	s := ctx.step
	p := c.profile
	script := w.b.Bytes()
	if w.err != nil {
		c.d.failAt(s.At, "step %s: %v", s.Name, w.err)
	}
	if len(script) > slurmbridge.MaxScriptBytes {
		c.d.failAt(s.At, "step %s renders to a %d-byte script, more than Slurm's default limit of %d (max_script_size); shorten its command", s.Name, len(script), slurmbridge.MaxScriptBytes)
	}
	job.Request = slurmbridge.SubmitRequest{
		Script:    script,
		Tag:       c.plan.RunID + "." + s.Name,
		WorkDir:   c.plan.Workspace,
		Partition: ctx.partition,
		Account:   p.Account,
		QOS:       p.QOS,
		Comment:   "petagrid " + c.wf.Name + "/" + s.Name,
	}
	if len(ctx.combos) > 0 {
		job.Request.Array = fmt.Sprintf("0-%d", len(ctx.combos)-1)
		if s.Matrix.MaxParallel.Set {
			job.Request.Array += fmt.Sprintf("%%%d", s.Matrix.MaxParallel.Value)
		}
	}
	// The file and the submission share one copy; neither is modified after this.
	c.plan.Files = append(c.plan.Files, File{Path: job.ScriptFile, Data: script, Mode: 0o700})
}

func retryAny(r *Retry) bool {
	return len(r.OnExitCodes) == 0 && !r.OnNodeFail && !r.OnTimeout && !r.OnOutOfMemory
}

// dependencies turns needs and if into Slurm dependency types. A failure() step waits for
// any of its needs to fail (Slurm's "?"); one whose needs all succeed can never start and is
// removed by --kill-on-invalid-dep, which is how it is skipped.
func dependencies(wf *Workflow, s *Step) []Dependency {
	if s.Finally {
		all := make([]string, 0, len(wf.Steps))
		for _, m := range wf.Steps {
			all = append(all, m.Name)
		}
		return []Dependency{{Kind: AfterAny, Steps: all}}
	}
	if len(s.Needs) == 0 {
		return nil
	}
	names := make([]string, len(s.Needs))
	for i, n := range s.Needs {
		names[i] = n.Name
	}
	switch {
	case s.If.Set && s.If.Value == IfFailure:
		return []Dependency{{Kind: AfterNotOK, Steps: names, Any: true}}
	case s.If.Set && s.If.Value == IfAlways:
		return []Dependency{{Kind: AfterAny, Steps: names}}
	}
	return []Dependency{{Kind: AfterOK, Steps: names}}
}

// launchArgv is the srun command line of one attempt.
func (c *compiler) launchArgv(ctx *stepContext, w *scriptWriter, envFile string) []string {
	s := ctx.step
	argv := append([]string{`"$pg_srun"`}, taskLayout(ctx.res)...)
	argv = append(argv, "--mpi="+w.q(ctx.mpi), "--time="+slurmTime(ctx.attemptS),
		`--output="$pg_out"`, `--error="$pg_err"`, "--open-mode=append")
	argv = append(argv, c.runtimeArgv(ctx, w, envFile)...)
	if s.Run.Shell.Set {
		return append(argv, "/bin/sh", "-c", w.q(s.Run.Shell.Value))
	}
	for _, word := range ctx.command {
		argv = append(argv, w.word(word, ctx.axes))
	}
	return argv
}

// runtimeArgv is the part of the srun command line that starts the step's runtime, up to
// the command: srun's own options for the host and for pyxis (enroot), or the apptainer or
// ch-run command.
func (c *compiler) runtimeArgv(ctx *stepContext, w *scriptWriter, envFile string) []string {
	binds := c.binds(ctx, w)
	switch ctx.runtime {
	case RuntimeNone:
		return []string{"--chdir=" + w.q(ctx.workdir), "--"}
	case RuntimeEnroot:
		names := make([]string, 0, len(ctx.env)+len(ctx.secrets))
		for _, e := range ctx.env {
			names = append(names, e.name)
		}
		for _, sec := range ctx.secrets {
			names = append(names, sec.Name)
		}
		argv := []string{"--container-image=" + w.q(ctx.image), "--container-mounts=" + strings.Join(binds, w.q(",")),
			"--container-workdir=" + w.q(ctx.workdir), "--no-container-mount-home"}
		if len(names) > 0 {
			argv = append(argv, "--container-env="+w.q(strings.Join(names, ",")))
		}
		return append(argv, "--")
	case RuntimeApptainer:
		// --no-eval: without it Apptainer re-reads every env-file value inside double quotes
		// in the container, where $(…) and `…` would run.
		argv := []string{"--", `"$pg_apptainer"`, "exec", "--no-eval"}
		for _, f := range c.profile.Apptainer.Flags {
			argv = append(argv, w.q(f))
		}
		argv = append(argv, `--env-file "$pg_workspace/`+envFile+`"`)
		for _, b := range binds {
			argv = append(argv, "--bind "+b)
		}
		if ctx.gpus {
			argv = append(argv, "--nv")
		}
		argv = append(argv, "--pwd "+w.q(ctx.workdir))
		if ctx.pull != "" {
			return append(argv, `"$pg_image"`)
		}
		return append(argv, w.q(ctx.image))
	case RuntimeCharliecloud:
		// The step's variables come after the image's (pg_ch_env), so they win; the secrets
		// and PETAGRID_* variables are inherited, as ch-run passes the environment through.
		// --env-no-expand keeps every value literal: ch-image writes the image's environment
		// already expanded.
		argv := []string{"--", `"$pg_chrun"`}
		for _, f := range c.profile.Charliecloud.Flags {
			argv = append(argv, w.q(f))
		}
		// ch-run reads --set-env=ARG as a variable when ARG holds "=": workspace paths and
		// step names cannot (checkMountPath, stepNamePattern), so ARG is always the file.
		argv = append(argv, `"${pg_ch_env[@]}"`, "--env-no-expand", `--set-env="$pg_workspace/`+envFile+`"`)
		for _, b := range binds {
			argv = append(argv, "--bind="+b)
		}
		return append(argv, "--cd="+w.q(ctx.workdir), `"$pg_image"`, "--")
	}
	return nil
}

// binds lists the container binds as shell words: the workspace, the step's mounts and, for
// MPI or multi-node steps on an InfiniBand site, the site's verbs devices and configuration.
// A step's mount source is resolved on the node (pg_resolve_mount) and bound by its real
// path, so a symbolic link cannot lead a bind out of the allowed paths.
func (c *compiler) binds(ctx *stepContext, w *scriptWriter) []string {
	ws := c.workspaceBind(ctx)
	out := []string{w.q(ws + ":" + ws)}
	for i, m := range ctx.step.Run.Mounts {
		rest := ":" + m.Target
		// ch-run's binds have no read-only option; compiling warned of it.
		if m.ReadOnly && ctx.runtime != RuntimeCharliecloud {
			rest += ":ro"
		}
		out = append(out, fmt.Sprintf(`"${pg_mounts[%d]}"`, i)+w.q(rest))
	}
	if c.profile.InfiniBand.Enabled && (ctx.multiNode || ctx.mpi != "none") {
		for _, b := range c.profile.InfiniBand.Binds {
			out = append(out, w.q(b+":"+b))
		}
	}
	return out
}

// workspaceBind is the directory bound to give a step its workspace: the workspace itself,
// or with Charliecloud the workspace root, because ch-run binds only onto directories the
// image already has, and a site can prepare its images with the workspace root but not with
// every run's workspace. The root holds no more than the job can already reach on the node.
func (c *compiler) workspaceBind(ctx *stepContext) string {
	root := strings.TrimSuffix(c.profile.WorkspaceRoot, "/")
	if ctx.runtime == RuntimeCharliecloud && root != "" && strings.HasPrefix(c.plan.Workspace, root+"/") {
		return root
	}
	return c.plan.Workspace
}

// bindTargets lists where binds land in the container, in binds' order.
func (c *compiler) bindTargets(ctx *stepContext) []string {
	out := []string{c.workspaceBind(ctx)}
	for _, m := range ctx.step.Run.Mounts {
		out = append(out, m.Target)
	}
	if c.profile.InfiniBand.Enabled && (ctx.multiNode || ctx.mpi != "none") {
		out = append(out, c.profile.InfiniBand.Binds...)
	}
	return out
}

// matrixData writes every combination's values as NUL-terminated fields, combination after
// combination; task i reads fields i×k … i×k+k-1.
func matrixData(combos [][]string) []byte {
	var b strings.Builder
	for _, combo := range combos {
		for _, v := range combo {
			b.WriteString(v)
			b.WriteByte(0)
		}
	}
	return []byte(b.String())
}

// envData writes the step's environment: shell assignments for apptainer's --env-file
// (each value a quoted literal), NAME='value' lines for ch-run's --set-env (which strips the
// single quotes and reads nothing inside them; compiling refused newlines), otherwise
// NUL-terminated NAME=value records.
func envData(env []envEntry, runtime Runtime, w *scriptWriter) []byte {
	var b strings.Builder
	for _, e := range env {
		switch runtime {
		case RuntimeApptainer:
			q, err := ShellQuote(e.value)
			if err != nil && w.err == nil {
				w.err = err
			}
			b.WriteString(e.name + "=" + q + "\n")
		case RuntimeCharliecloud:
			if strings.Contains(e.value, "\n") && w.err == nil {
				w.err = fmt.Errorf("env %s holds a newline, which ch-run's --set-env file cannot carry", e.name)
			}
			b.WriteString(e.name + "='" + e.value + "'\n")
		default:
			b.WriteString(e.name + "=" + e.value)
			b.WriteByte(0)
		}
	}
	return []byte(b.String())
}
