package workflows

import (
	"errors"
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/petagrid/petagrid/internal/strictyaml"
	"gopkg.in/yaml.v3"
)

// Limits on what one workflow may hold. They keep validation and rendering bounded whatever
// the input: a hostile file cannot make the daemon allocate without limit.
const (
	MaxWorkflowBytes  = 4 << 20
	MaxSteps          = 5000
	MaxMatrixElements = 100_000
	MaxAxisValues     = 10_000
	MaxCommandWords   = 4096
	MaxStringBytes    = 64 << 10
	MaxEnvVars        = 512
	MaxRetries        = 10
	MaxBackoffSeconds = 3600
	// MaxOutputs bounds one step's outputs: an array step's are checked for every task.
	MaxOutputs = 256
)

var (
	workflowNamePattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)
	stepNamePattern     = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]{0,31}$`)
	identPattern        = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	labelKeyPattern     = regexp.MustCompile(`^[a-z0-9]([a-z0-9._/-]{0,61}[a-z0-9])?$`)
	secretRefPattern    = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$`)
	sha256Pattern       = regexp.MustCompile(`^[0-9a-f]{64}$`)
)

// reservedEnvPrefixes are names a researcher may not set: they steer srun, sbatch, the
// container runtime, the dynamic loader or PetaGrid itself (APPTAINER_BIND would bypass the
// mount allow-list, SLURM_* and SRUN_* change how steps launch, LD_PRELOAD loads code into
// every process, BASH_* changes how the step's own shell behaves).
var reservedEnvPrefixes = []string{"SLURM_", "SBATCH_", "SRUN_", "SALLOC_", "APPTAINER", "SINGULARITY", "ENROOT_", "PYXIS_", "PMIX_", "PMI_", "PETAGRID_", "PG_", "BASH", "LD_", "COMP_", "NVIDIA_", "MELLANOX_"}

// reservedEnvNames are single names with the same power: the shell's own variables (some
// evaluate what is assigned to them, like RANDOM), the C library's loader and locale knobs,
// the GPU visibility Slurm sets, names Apptainer will not take, and what the site sets for
// every job. NVIDIA_* and MELLANOX_* are passed by pyxis to enroot's device hooks.
var reservedEnvNames = []string{"ENV", "IFS", "PS4", "SHELLOPTS", "CDPATH", "GLOBIGNORE", "FUNCNEST", "EXECIGNORE",
	"POSIXLY_CORRECT", "TMOUT", "PROMPT_COMMAND", "OPTIND", "OPTARG", "UID", "EUID", "PPID", "SHLVL", "HISTFILE",
	"GLIBC_TUNABLES", "GCONV_PATH", "LOCPATH", "NLSPATH", "HOSTALIASES", "RESOLV_HOST_CONF", "MALLOC_CHECK_",
	"RANDOM", "SRANDOM", "HISTCMD", "SECONDS", "LINENO", "EPOCHSECONDS", "EPOCHREALTIME", "GROUPS", "FUNCNAME",
	"DIRSTACK", "PWD", "OLDPWD", "GID", "CUDA_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES", "GPU_DEVICE_ORDINAL",
	"HOME", "USER", "LOGNAME", "PATH", "SHELL", "TMPDIR"}

// Parse reads and validates a workflow file. It needs no site knowledge: everything it
// reports is wrong on every site. The error, when not nil, is strictyaml.Errors with every
// problem found, each as file:line:col.
func Parse(file string, data []byte) (*Workflow, error) {
	if len(data) > MaxWorkflowBytes {
		return nil, strictyaml.Errors{{File: file, Msg: fmt.Sprintf("workflow is %d bytes; the limit is %d", len(data), MaxWorkflowBytes)}}
	}
	root, err := strictyaml.Parse(file, data)
	if err != nil {
		return nil, err
	}
	if root == nil {
		return nil, strictyaml.Errors{{File: file, Msg: "empty workflow; it needs at least version, name and steps"}}
	}
	// Too many steps is the likely reason for a file too large to walk: say so first, in
	// those words, rather than that the document holds too many values.
	if err := checkStepCounts(file, root); err != nil {
		return nil, err
	}
	if err := strictyaml.Bound(file, root); err != nil {
		return nil, err
	}
	d := &decoder{file: file}
	wf := d.workflow(root)
	// Cross-field rules run even after decoding errors, so one run reports everything.
	validate(d, wf)
	if len(d.errs) > 0 {
		d.sortErrors()
		return nil, d.errs
	}
	wf.Warnings = d.warnings
	return wf, nil
}

// checkStepCounts refuses a steps or finally list over MaxSteps, looking only at the top of
// the tree, which is safe before strictyaml.Bound: no alias is followed further than the
// list itself.
func checkStepCounts(file string, root *yaml.Node) error {
	if root.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		key, value := root.Content[i], resolve(root.Content[i+1])
		if (key.Value == "steps" || key.Value == "finally") && value.Kind == yaml.SequenceNode && len(value.Content) > MaxSteps {
			return strictyaml.Errors{{File: file, Line: value.Line, Column: value.Column,
				Msg: fmt.Sprintf("too many steps: %s has %d steps; the limit is %d", key.Value, len(value.Content), MaxSteps)}}
		}
	}
	return nil
}

func (d *decoder) workflow(n *yaml.Node) *Workflow {
	wf := &Workflow{File: d.file}
	f, ok := d.mapping(n, "the workflow", "version", "name", "description", "labels", "params", "resources", "env", "secrets", "steps", "finally")
	if !ok {
		return wf
	}
	if v, ok := f["version"]; ok {
		if ver, ok := d.integer(v.value, "version", 0, 1<<31); ok {
			if ver != Version {
				d.fail(v.value, "version %d is not supported; this PetaGrid reads version %d", ver, Version)
			}
			wf.Version = int(ver)
		}
	} else {
		d.fail(n, "missing version: add `version: %d` at the top", Version)
	}
	if v, ok := f["name"]; ok {
		if s, ok := d.str(v.value, "name"); ok {
			if !workflowNamePattern.MatchString(s) {
				d.fail(v.value, "name %+q must be 1-64 characters from A-Z a-z 0-9 . _ - starting with a letter or digit", clip(s))
			}
			wf.Name = s
		}
	} else {
		d.fail(n, "missing name")
	}
	if v, ok := f["description"]; ok {
		if s, ok := d.str(v.value, "description"); ok && len(s) > MaxStringBytes {
			d.fail(v.value, "description is longer than %d bytes", MaxStringBytes)
		}
	}
	if v, ok := f["labels"]; ok {
		wf.Labels = d.labels(v.value)
	}
	if v, ok := f["params"]; ok {
		wf.Params = d.params(v.value)
	}
	if v, ok := f["resources"]; ok {
		wf.Resources = d.resources(v.value)
	}
	if v, ok := f["env"]; ok {
		wf.Env = d.env(v.value)
	}
	if v, ok := f["secrets"]; ok {
		wf.Secrets = d.secrets(v.value)
	}
	if v, ok := f["steps"]; ok {
		wf.Steps = d.steps(v.value, "steps", false)
		if len(wf.Steps) == 0 && len(d.errs) == 0 {
			d.fail(v.value, "steps is empty; a workflow needs at least one step")
		}
	} else {
		d.fail(n, "missing steps")
	}
	if v, ok := f["finally"]; ok {
		wf.Finally = d.steps(v.value, "finally", true)
	}
	return wf
}

func (d *decoder) labels(n *yaml.Node) []Label {
	pairs, ok := d.pairs(n, "labels")
	if !ok {
		return nil
	}
	var out []Label
	for _, p := range pairs {
		if !labelKeyPattern.MatchString(p.key.Value) {
			d.fail(p.key, "label key %+q must be 1-63 characters from a-z 0-9 . _ / - starting and ending with a letter or digit", clip(p.key.Value))
			continue
		}
		v, ok := d.scalarText(p.value, "label "+p.key.Value)
		if !ok {
			continue
		}
		if len(v) > 256 {
			d.fail(p.value, "label %s must be at most 256 characters on one line", p.key.Value)
			continue
		}
		if err := controlError(v, false); err != nil {
			d.fail(p.value, "label %s %v; a label is one line of visible text", p.key.Value, err)
			continue
		}
		out = append(out, Label{Key: p.key.Value, Value: v, At: posOf(p.key)})
	}
	return out
}

func (d *decoder) params(n *yaml.Node) []*Param {
	pairs, ok := d.pairs(n, "params")
	if !ok {
		return nil
	}
	var out []*Param
	for _, p := range pairs {
		name := p.key.Value
		if !identPattern.MatchString(name) || len(name) > 64 {
			d.fail(p.key, "parameter name %+q must be a letter or _ followed by letters, digits or _ (at most 64)", clip(name))
			continue
		}
		f, ok := d.mapping(p.value, "parameter "+name, "type", "default", "description")
		if !ok {
			continue
		}
		prm := &Param{Name: name, At: posOf(p.key)}
		t, ok := f["type"]
		if !ok {
			d.fail(p.value, "parameter %s needs a type: string, int, float or bool", name)
			continue
		}
		ts, ok := d.str(t.value, "type")
		if !ok {
			continue
		}
		switch ParamType(ts) {
		case ParamString, ParamInt, ParamFloat, ParamBool:
			prm.Type = ParamType(ts)
		default:
			d.fail(t.value, "parameter type %+q is not one of string, int, float, bool%s", clip(ts), strictyaml.Suggest(ts, []string{"string", "int", "float", "bool"}))
			continue
		}
		if v, ok := f["default"]; ok {
			if s, ok := d.paramValue(v.value, prm); ok {
				prm.Default = some(s, posOf(v.value))
			}
		}
		if v, ok := f["description"]; ok {
			d.str(v.value, "description")
		}
		out = append(out, prm)
	}
	return out
}

// paramValue reads a YAML value of the parameter's type into its canonical text.
func (d *decoder) paramValue(n *yaml.Node, p *Param) (string, bool) {
	n = resolve(n)
	if n.Kind != yaml.ScalarNode || isNull(n) {
		d.fail(n, "parameter %s must have a single %s value, got %s", p.Name, p.Type, describe(n))
		return "", false
	}
	s, err := canonicalParam(p.Type, n.Value, n.ShortTag())
	if err != nil {
		d.fail(n, "parameter %s: %v", p.Name, err)
		return "", false
	}
	return s, true
}

// canonicalParam checks a value against a parameter type and returns its canonical text.
// tag is YAML's reading of the value; "" for a value typed on the command line.
func canonicalParam(t ParamType, v, tag string) (string, error) {
	switch t {
	case ParamString:
		if tag != "" && tag != "!!str" {
			return "", fmt.Errorf("%+q is read by YAML as %s, not a string; quote it", clip(v), strings.TrimPrefix(tag, "!!"))
		}
		if strings.IndexByte(v, 0) >= 0 {
			return "", errors.New("value contains a NUL byte")
		}
		if len(v) > MaxStringBytes {
			return "", fmt.Errorf("value is longer than %d bytes", MaxStringBytes)
		}
		return v, nil
	case ParamInt:
		if tag != "" && tag != "!!int" || leadingZero.MatchString(v) {
			return "", fmt.Errorf("%+q is not a decimal integer", clip(v))
		}
		i, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return "", fmt.Errorf("%+q is not a decimal integer", clip(v))
		}
		return strconv.FormatInt(i, 10), nil
	case ParamFloat:
		if tag != "" && tag != "!!int" && tag != "!!float" {
			return "", fmt.Errorf("%+q is not a number", clip(v))
		}
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || f != f || f > 1e308 || f < -1e308 {
			return "", fmt.Errorf("%+q is not a finite number", clip(v))
		}
		return strconv.FormatFloat(f, 'g', -1, 64), nil
	case ParamBool:
		switch v {
		case "true":
			return "true", nil
		case "false":
			return "false", nil
		}
		return "", fmt.Errorf("%+q is not true or false", clip(v))
	}
	return "", fmt.Errorf("unknown parameter type %+q", t)
}

var resourceFields = []string{"nodes", "tasks", "tasksPerNode", "cpusPerTask", "mem", "memPerCpu", "memPerGpu", "gpus", "gpuType", "gpusPerTask", "time"}

var gpuTypePattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$`)

func (d *decoder) resources(n *yaml.Node) Resources {
	var r Resources
	f, ok := d.mapping(n, "resources", resourceFields...)
	if !ok {
		return r
	}
	ints := map[string]*Opt[int]{"nodes": &r.Nodes, "tasks": &r.Tasks, "tasksPerNode": &r.TasksPerNode, "cpusPerTask": &r.CPUsPerTask, "gpusPerTask": &r.GPUsPerTask}
	for name, dst := range ints {
		if v, ok := f[name]; ok {
			*dst, _ = d.intField(v.value, name, 1, 1<<20)
		}
	}
	if v, ok := f["gpus"]; ok {
		r.GPUs, _ = d.intField(v.value, "gpus", 0, 1<<16)
	}
	mems := map[string]*Opt[int64]{"mem": &r.MemMiB, "memPerCpu": &r.MemPerCPUMiB, "memPerGpu": &r.MemPerGPUMiB}
	for name, dst := range mems {
		if v, ok := f[name]; ok {
			*dst, _ = d.memory(v.value, name)
		}
	}
	if v, ok := f["gpuType"]; ok {
		if s, ok := d.str(v.value, "gpuType"); ok {
			if !gpuTypePattern.MatchString(s) {
				d.fail(v.value, "gpuType %+q must be a GRES type name such as a100 (letters, digits, . _ -)", clip(s))
			} else {
				r.GPUType = some(s, posOf(v.value))
			}
		}
	}
	if v, ok := f["time"]; ok {
		r.TimeSeconds, _ = d.duration(v.value, "time")
	}
	return r
}

func (d *decoder) env(n *yaml.Node) []EnvVar {
	pairs, ok := d.pairs(n, "env")
	if !ok {
		return nil
	}
	if len(pairs) > MaxEnvVars {
		d.fail(n, "env has %d variables; the limit is %d", len(pairs), MaxEnvVars)
		return nil
	}
	var out []EnvVar
	for _, p := range pairs {
		name := p.key.Value
		if !d.envName(p.key, name) {
			continue
		}
		v, ok := d.scalarText(p.value, "env "+name)
		if !ok {
			continue
		}
		if len(v) > MaxStringBytes {
			d.fail(p.value, "env %s is longer than %d bytes", name, MaxStringBytes)
			continue
		}
		if err := controlError(v, true); err != nil {
			// Apptainer's env-file reader turns CR LF into LF; other controls hide text.
			d.fail(p.value, "env %s %v", name, err)
			continue
		}
		t, err := parseText(v, posOf(p.value))
		if err != nil {
			d.fail(p.value, "env %s: %v", name, err)
			continue
		}
		out = append(out, EnvVar{Name: name, Value: t, At: posOf(p.key)})
	}
	return out
}

func (d *decoder) envName(n *yaml.Node, name string) bool {
	if !identPattern.MatchString(name) || len(name) > 128 {
		d.fail(n, "environment variable name %+q must match ^[A-Za-z_][A-Za-z0-9_]*$ (at most 128)", clip(name))
		return false
	}
	upper := strings.ToUpper(name)
	for _, p := range reservedEnvPrefixes {
		if strings.HasPrefix(upper, p) {
			d.fail(n, "environment variable %s is reserved: names starting with %s steer Slurm, the container runtime or PetaGrid", name, p)
			return false
		}
	}
	if contains(reservedEnvNames, upper) {
		d.fail(n, "environment variable %s is reserved: it is set by the site", name)
		return false
	}
	return true
}

func (d *decoder) secrets(n *yaml.Node) []SecretRef {
	pairs, ok := d.pairs(n, "secrets")
	if !ok {
		return nil
	}
	var out []SecretRef
	for _, p := range pairs {
		if !d.envName(p.key, p.key.Value) {
			continue
		}
		ref, ok := d.str(p.value, "secret "+p.key.Value)
		if !ok {
			continue
		}
		if !secretRefPattern.MatchString(ref) {
			d.fail(p.value, "secret reference %+q must be the name of a secret held by the site (1-128 characters from A-Z a-z 0-9 . _ -), never the secret itself", clip(ref))
			continue
		}
		out = append(out, SecretRef{Name: p.key.Value, Ref: ref, At: posOf(p.key)})
	}
	return out
}

var stepFields = []string{"name", "needs", "if", "run", "resources", "env", "secrets", "retry", "timeout", "matrix", "for", "inputs", "outputs"}

func (d *decoder) steps(n *yaml.Node, what string, finally bool) []*Step {
	items, ok := d.list(n, what)
	if !ok {
		return nil
	}
	if len(items) > MaxSteps {
		d.fail(n, "too many steps: %s has %d steps; the limit is %d", what, len(items), MaxSteps)
		return nil
	}
	out := make([]*Step, 0, len(items))
	for i, item := range items {
		if s := d.step(item, stepLabel(item, what, i), finally); s != nil {
			out = append(out, s)
		}
	}
	return out
}

// stepLabel names a step in messages by its name, as the researcher knows it (step
// "train"), or by its place when it has no usable name (step 3 of steps).
func stepLabel(n *yaml.Node, list string, i int) string {
	if n.Kind == yaml.MappingNode {
		for j := 0; j+1 < len(n.Content); j += 2 {
			k, v := n.Content[j], resolve(n.Content[j+1])
			if k.Value == "name" && v.Kind == yaml.ScalarNode && v.ShortTag() == "!!str" && stepNamePattern.MatchString(v.Value) {
				return fmt.Sprintf("step %+q", v.Value)
			}
		}
	}
	return fmt.Sprintf("step %d of %s", i+1, list)
}

func (d *decoder) step(n *yaml.Node, label string, finally bool) *Step {
	f, ok := d.mapping(n, label, stepFields...)
	if !ok {
		return nil
	}
	s := &Step{At: posOf(n), Finally: finally}
	if v, ok := f["name"]; ok {
		if name, ok := d.str(v.value, "step name"); ok {
			if !stepNamePattern.MatchString(name) {
				d.fail(v.value, "step name %+q must be 1-32 characters from A-Z a-z 0-9 _ - starting with a letter", clip(name))
			} else {
				s.Name = name
				s.At = posOf(v.value)
			}
		}
	} else {
		d.fail(n, "%s has no name", label)
	}
	if s.Name != "" {
		label = "step " + s.Name
	}
	if v, ok := f["needs"]; ok {
		s.Needs = d.needs(v.value)
	}
	if v, ok := f["if"]; ok {
		if c, ok := d.str(v.value, "if"); ok {
			switch Condition(strings.ReplaceAll(c, " ", "")) {
			case IfSuccess, IfFailure, IfAlways:
				s.If = some(Condition(strings.ReplaceAll(c, " ", "")), posOf(v.value))
			default:
				d.fail(v.value, "if must be success(), failure() or always(), got %+q", clip(c))
			}
		}
	}
	if v, ok := f["run"]; ok {
		s.Run = d.run(v.value, label)
	} else {
		d.fail(n, "%s has nothing to run: add run: with a command", label)
	}
	if v, ok := f["resources"]; ok {
		s.Resources = d.resources(v.value)
	}
	if v, ok := f["env"]; ok {
		s.Env = d.env(v.value)
	}
	if v, ok := f["secrets"]; ok {
		s.Secrets = d.secrets(v.value)
	}
	if v, ok := f["retry"]; ok {
		s.Retry = d.retry(v.value)
	}
	if v, ok := f["timeout"]; ok {
		s.TimeoutSeconds, _ = d.duration(v.value, "timeout")
	}
	m, hasMatrix := f["matrix"]
	fo, hasFor := f["for"]
	switch {
	case hasMatrix && hasFor:
		d.fail(fo.key, "%s has both matrix and for; use one", label)
	case hasMatrix:
		s.Matrix = d.matrix(m.value)
	case hasFor:
		s.Matrix = d.forLoop(fo.value)
	}
	if v, ok := f["inputs"]; ok {
		s.Inputs = d.inputs(v.value)
	}
	if v, ok := f["outputs"]; ok {
		s.Outputs = d.outputs(v.value)
	}
	return s
}

func (d *decoder) needs(n *yaml.Node) []NameRef {
	n = resolve(n)
	if n.Kind == yaml.ScalarNode {
		if s, ok := d.str(n, "needs"); ok {
			return []NameRef{{Name: s, At: posOf(n)}}
		}
		return nil
	}
	items, ok := d.list(n, "needs")
	if !ok {
		return nil
	}
	var out []NameRef
	for _, it := range items {
		if s, ok := d.str(it, "needs entry"); ok {
			out = append(out, NameRef{Name: s, At: posOf(it)})
		}
	}
	return out
}

func (d *decoder) run(n *yaml.Node, step string) Run {
	r := Run{At: posOf(resolve(n))}
	f, ok := d.mapping(n, "run", "image", "command", "shell", "workdir", "mounts", "mpi")
	if !ok {
		return r
	}
	if v, ok := f["image"]; ok {
		if s, ok := d.str(v.value, "image"); ok {
			if err := checkImage(s); err != nil {
				d.fail(v.value, "%v", err)
			} else {
				r.Image = some(s, posOf(v.value))
			}
		}
	}
	cmd, hasCmd := f["command"]
	sh, hasShell := f["shell"]
	switch {
	case hasCmd && hasShell:
		d.fail(sh.key, "%s has both command and shell; use command (an argv list) or, when you need a shell, shell alone", step)
	case hasCmd:
		r.Command = d.command(cmd.value)
	case hasShell:
		if s, ok := d.str(sh.value, "shell"); ok {
			switch {
			case strings.TrimSpace(s) == "":
				d.fail(sh.value, "shell is empty")
			case len(s) > MaxStringBytes:
				d.fail(sh.value, "shell is longer than %d bytes", MaxStringBytes)
			case controlError(s, true) != nil:
				d.fail(sh.value, "shell %v: sbatch refuses carriage returns, and the others hide or reorder text on a terminal", controlError(s, true))
			case strings.Contains(s, "${{"):
				d.fail(sh.value, "shell scripts cannot interpolate ${{ … }}: the value would become shell code. Pass it through env (env: {X: \"${{ params.x }}\"}) and use \"$X\" in the script")
			default:
				r.Shell = some(s, posOf(sh.value))
			}
		}
	default:
		d.fail(n, "run needs a command (an argv list such as [python, train.py]) or a shell script")
	}
	if v, ok := f["workdir"]; ok {
		if s, ok := d.str(v.value, "workdir"); ok {
			if err := checkPath(s, true); err != nil {
				d.fail(v.value, "workdir: %v", err)
			} else {
				r.Workdir = some(s, posOf(v.value))
			}
		}
	}
	if v, ok := f["mounts"]; ok {
		r.Mounts = d.mounts(v.value)
	}
	if v, ok := f["mpi"]; ok {
		if s, ok := d.str(v.value, "mpi"); ok {
			switch MPI(s) {
			case MPINone, MPIPMIx, MPIPMI2:
				r.MPI = some(MPI(s), posOf(v.value))
			default:
				d.fail(v.value, "mpi must be pmix, pmi2 or none, got %+q%s", clip(s), strictyaml.Suggest(s, []string{"pmix", "pmi2", "none"}))
			}
		}
	}
	return r
}

func (d *decoder) command(n *yaml.Node) []Text {
	n = resolve(n)
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!str" {
		d.fail(n, "command must be a list of words such as [python, train.py, --epochs, \"10\"]; for a shell command line write shell: instead")
		return nil
	}
	items, ok := d.list(n, "command")
	if !ok {
		return nil
	}
	if len(items) == 0 {
		d.fail(n, "command is empty")
		return nil
	}
	if len(items) > MaxCommandWords {
		d.fail(n, "command has %d words; the limit is %d", len(items), MaxCommandWords)
		return nil
	}
	out := make([]Text, 0, len(items))
	for i, it := range items {
		s, ok := d.scalarText(it, fmt.Sprintf("command word %d", i+1))
		if !ok {
			continue
		}
		if len(s) > MaxStringBytes {
			d.fail(it, "command word %d is longer than %d bytes", i+1, MaxStringBytes)
			continue
		}
		if err := controlError(s, true); err != nil {
			d.fail(it, "command word %d %v: sbatch refuses carriage returns, and the others hide or reorder text on a terminal", i+1, err)
			continue
		}
		t, err := parseText(s, posOf(it))
		if err != nil {
			d.fail(it, "%v", err)
			continue
		}
		out = append(out, t)
	}
	if len(out) > 0 {
		if w, ok := out[0].literal(); ok && w == "" {
			d.fail(items[0], "the first command word (the program) is empty")
		}
	}
	return out
}

func (d *decoder) mounts(n *yaml.Node) []Mount {
	items, ok := d.list(n, "mounts")
	if !ok {
		return nil
	}
	var out []Mount
	for _, it := range items {
		f, ok := d.mapping(it, "mount", "source", "target", "readOnly")
		if !ok {
			continue
		}
		m := Mount{ReadOnly: true, At: posOf(it)}
		good := true
		if v, ok := f["source"]; ok {
			if s, ok := d.str(v.value, "source"); ok {
				if err := checkMountPath(s); err != nil {
					d.fail(v.value, "mount source: %v", err)
					good = false
				}
				m.Source = s
			}
		} else {
			d.fail(it, "mount needs a source (a host path the site allows)")
			good = false
		}
		m.Target = m.Source
		if v, ok := f["target"]; ok {
			if s, ok := d.str(v.value, "target"); ok {
				if err := checkMountPath(s); err != nil {
					d.fail(v.value, "mount target: %v", err)
					good = false
				}
				m.Target = s
			}
		}
		if v, ok := f["readOnly"]; ok {
			m.ReadOnly, _ = d.boolean(v.value, "readOnly")
		}
		if good {
			out = append(out, m)
		}
	}
	return out
}

func (d *decoder) retry(n *yaml.Node) *Retry {
	f, ok := d.mapping(n, "retry", "limit", "backoff", "on")
	if !ok {
		return nil
	}
	r := &Retry{At: posOf(resolve(n)), Backoff: Backoff{InitialSeconds: 30, Factor: 2, MaxSeconds: 600}}
	if v, ok := f["limit"]; ok {
		if l, ok := d.integer(v.value, "retry limit", 0, MaxRetries); ok {
			r.Limit = int(l)
		}
	} else {
		d.fail(n, "retry needs a limit (how many more attempts, 0-%d)", MaxRetries)
	}
	if v, ok := f["backoff"]; ok {
		r.Backoff = d.backoff(v.value)
	}
	if v, ok := f["on"]; ok {
		items, ok := d.list(v.value, "retry on")
		for _, it := range items {
			if !ok {
				break
			}
			if it.Kind == yaml.ScalarNode && it.ShortTag() == "!!int" {
				if c, ok := d.integer(it, "exit code", 1, 255); ok {
					r.OnExitCodes = append(r.OnExitCodes, int(c))
				}
				continue
			}
			word, ok := d.str(it, "retry on entry")
			if !ok {
				continue
			}
			switch word {
			case "NODE_FAIL":
				r.OnNodeFail = true
			case "TIMEOUT":
				r.OnTimeout = true
			case "OUT_OF_MEMORY":
				r.OnOutOfMemory = true
			default:
				d.fail(it, "retry on %+q: expected an exit code (1-255), NODE_FAIL, TIMEOUT or OUT_OF_MEMORY%s", clip(word), strictyaml.Suggest(word, []string{"NODE_FAIL", "TIMEOUT", "OUT_OF_MEMORY"}))
			}
		}
		if ok && len(items) == 0 {
			d.fail(v.value, "retry on is empty; leave it out to retry any failure")
		}
	}
	return r
}

func (d *decoder) backoff(n *yaml.Node) Backoff {
	n = resolve(n)
	if n.Kind == yaml.ScalarNode {
		secs, ok := d.duration(n, "backoff")
		if ok && secs.Value > MaxBackoffSeconds {
			d.fail(n, "backoff is longer than %s; the allocation waits idle meanwhile", FormatDuration(MaxBackoffSeconds))
		}
		return Backoff{InitialSeconds: secs.Value, Factor: 1, MaxSeconds: secs.Value}
	}
	b := Backoff{InitialSeconds: 30, Factor: 2, MaxSeconds: 600}
	f, ok := d.mapping(n, "backoff", "initial", "factor", "max")
	if !ok {
		return b
	}
	if v, ok := f["initial"]; ok {
		if s, ok := d.duration(v.value, "backoff initial"); ok {
			b.InitialSeconds = s.Value
		}
	}
	if v, ok := f["factor"]; ok {
		if x, ok := d.number(v.value, "backoff factor", 1, 10); ok {
			b.Factor = x
		}
	}
	if v, ok := f["max"]; ok {
		if s, ok := d.duration(v.value, "backoff max"); ok {
			b.MaxSeconds = s.Value
			if s.Value > MaxBackoffSeconds {
				d.fail(v.value, "backoff max is longer than %s; the allocation waits idle meanwhile", FormatDuration(MaxBackoffSeconds))
			}
		}
	}
	if b.MaxSeconds < b.InitialSeconds {
		d.fail(n, "backoff max (%s) is shorter than initial (%s)", FormatDuration(b.MaxSeconds), FormatDuration(b.InitialSeconds))
	}
	return b
}

func (d *decoder) matrix(n *yaml.Node) *Matrix {
	pairs, ok := d.pairs(n, "matrix")
	if !ok {
		return nil
	}
	m := &Matrix{At: posOf(resolve(n))}
	for _, p := range pairs {
		switch p.key.Value {
		case "include":
			m.Include = d.combinations(p.value, "include", MaxMatrixElements)
		case "exclude":
			m.Exclude = d.combinations(p.value, "exclude", MaxMatrixExcludes)
		case "maxParallel":
			m.MaxParallel, _ = d.intField(p.value, "maxParallel", 1, 1<<20)
		default:
			name := p.key.Value
			if !identPattern.MatchString(name) || len(name) > 64 {
				d.fail(p.key, "matrix axis %+q must be a letter or _ followed by letters, digits or _ (include, exclude and maxParallel are the other keys)", clip(name))
				continue
			}
			items, ok := d.list(p.value, "matrix axis "+name)
			if !ok {
				continue
			}
			if len(items) == 0 {
				d.fail(p.value, "matrix axis %s has no values", name)
				continue
			}
			if len(items) > MaxAxisValues {
				d.fail(p.value, "matrix axis %s has %d values; the limit is %d", name, len(items), MaxAxisValues)
				continue
			}
			if len(m.Axes) == MaxMatrixAxes {
				// Every array task holds a value of every axis: past the limit, stop reading.
				d.fail(p.key, "matrix has more than %d axes; the limit is %d", MaxMatrixAxes, MaxMatrixAxes)
				return m
			}
			ax := Axis{Name: name, At: posOf(p.key)}
			for _, it := range items {
				if s, ok := d.matrixValue(it, name); ok {
					ax.Values = append(ax.Values, s)
				}
			}
			m.Axes = append(m.Axes, ax)
		}
	}
	if len(m.Axes) == 0 && len(m.Include) == 0 {
		d.fail(n, "matrix has no axes: add e.g. lr: [0.1, 0.01]")
	}
	return m
}

func (d *decoder) matrixValue(n *yaml.Node, axis string) (string, bool) {
	s, ok := d.scalarText(n, "matrix value of "+axis)
	if ok && len(s) > 4096 {
		d.fail(n, "matrix value of %s is longer than 4096 bytes", axis)
		return "", false
	}
	return s, ok
}

// combinations reads include or exclude entries, at most limit of them: past it the list is
// refused whole, before any entry is read.
func (d *decoder) combinations(n *yaml.Node, what string, limit int) []Combination {
	items, ok := d.list(n, what)
	if !ok {
		return nil
	}
	if len(items) > limit {
		d.fail(n, "matrix %s has %d entries; the limit is %d", what, len(items), limit)
		return nil
	}
	var out []Combination
	for _, it := range items {
		pairs, ok := d.pairs(it, what+" entry")
		if !ok {
			continue
		}
		c := Combination{Values: map[string]string{}, At: posOf(it)}
		for _, p := range pairs {
			if s, ok := d.matrixValue(p.value, p.key.Value); ok {
				c.Values[p.key.Value] = s
			}
		}
		out = append(out, c)
	}
	return out
}

// forLoop reads `for: {var, items | range, maxParallel}`, a one-axis matrix.
func (d *decoder) forLoop(n *yaml.Node) *Matrix {
	f, ok := d.mapping(n, "for", "var", "items", "range", "maxParallel")
	if !ok {
		return nil
	}
	m := &Matrix{At: posOf(resolve(n))}
	ax := Axis{Name: "item", At: posOf(resolve(n))}
	if v, ok := f["var"]; ok {
		if s, ok := d.str(v.value, "for var"); ok {
			if !identPattern.MatchString(s) || len(s) > 64 {
				d.fail(v.value, "for var %+q must be a letter or _ followed by letters, digits or _", clip(s))
			} else {
				ax.Name = s
			}
		}
	}
	items, hasItems := f["items"]
	rng, hasRange := f["range"]
	switch {
	case hasItems && hasRange:
		d.fail(rng.key, "for has both items and range; use one")
	case hasItems:
		list, ok := d.list(items.value, "for items")
		if ok && len(list) == 0 {
			d.fail(items.value, "for items is empty")
		}
		if len(list) > MaxMatrixElements {
			d.fail(items.value, "for items has %d values; the limit is %d", len(list), MaxMatrixElements)
			list = nil
		}
		for _, it := range list {
			if s, ok := d.matrixValue(it, ax.Name); ok {
				ax.Values = append(ax.Values, s)
			}
		}
	case hasRange:
		ax.Values = d.forRange(rng.value)
	default:
		d.fail(n, "for needs items (a list) or range ({from, to, step})")
	}
	if v, ok := f["maxParallel"]; ok {
		m.MaxParallel, _ = d.intField(v.value, "maxParallel", 1, 1<<20)
	}
	if len(ax.Values) > 0 {
		m.Axes = []Axis{ax}
	}
	return m
}

func (d *decoder) forRange(n *yaml.Node) []string {
	f, ok := d.mapping(n, "range", "from", "to", "step")
	if !ok {
		return nil
	}
	from, to, step := int64(0), int64(0), int64(1)
	good := true
	get := func(key string, dst *int64, required bool) {
		v, ok := f[key]
		if !ok {
			if required {
				d.fail(n, "range needs %s", key)
				good = false
			}
			return
		}
		x, ok := d.integer(v.value, "range "+key, -1<<40, 1<<40)
		if !ok {
			good = false
		}
		*dst = x
	}
	get("from", &from, true)
	get("to", &to, true)
	get("step", &step, false)
	if !good {
		return nil
	}
	if step <= 0 {
		d.fail(f["step"].value, "range step must be positive")
		return nil
	}
	if to < from {
		d.fail(n, "range is empty: to (%d) is below from (%d)", to, from)
		return nil
	}
	count := (to-from)/step + 1
	if count > MaxMatrixElements {
		d.fail(n, "range has %d values; the limit is %d", count, MaxMatrixElements)
		return nil
	}
	out := make([]string, 0, count)
	for v := from; v <= to; v += step {
		out = append(out, strconv.FormatInt(v, 10))
	}
	return out
}

func (d *decoder) inputs(n *yaml.Node) []Input {
	items, ok := d.list(n, "inputs")
	if !ok {
		return nil
	}
	var out []Input
	for _, it := range items {
		f, ok := d.mapping(it, "input", "url", "path", "sha256")
		if !ok {
			continue
		}
		in := Input{At: posOf(it)}
		good := true
		for _, key := range []string{"url", "path", "sha256"} {
			if _, ok := f[key]; !ok {
				d.fail(it, "input needs %s", key)
				good = false
			}
		}
		if !good {
			continue
		}
		if s, ok := d.str(f["url"].value, "url"); ok {
			if err := checkURL(s); err != nil {
				d.fail(f["url"].value, "input url: %v", err)
				good = false
			}
			in.URL = s
		}
		if s, ok := d.str(f["path"].value, "path"); ok {
			if err := checkPath(s, false); err != nil {
				d.fail(f["path"].value, "input path: %v", err)
				good = false
			}
			in.Path = path.Clean(s)
		}
		if s, ok := d.str(f["sha256"].value, "sha256"); ok {
			if !sha256Pattern.MatchString(s) {
				d.fail(f["sha256"].value, "sha256 must be 64 lowercase hex digits (the output of sha256sum)")
				good = false
			}
			in.SHA256 = s
		}
		if good {
			out = append(out, in)
		}
	}
	return out
}

func (d *decoder) outputs(n *yaml.Node) []Output {
	items, ok := d.list(n, "outputs")
	if !ok {
		return nil
	}
	if len(items) > MaxOutputs {
		// Each output of an array step is checked for every array task when compiled.
		d.fail(n, "outputs has %d entries; the limit is %d (list a directory to keep many files)", len(items), MaxOutputs)
		return nil
	}
	var out []Output
	for _, it := range items {
		f, ok := d.mapping(it, "output", "path", "publish")
		if !ok {
			continue
		}
		o := Output{At: posOf(it)}
		v, ok := f["path"]
		if !ok {
			d.fail(it, "output needs a path (relative to the workspace)")
			continue
		}
		s, ok := d.str(v.value, "path")
		if !ok {
			continue
		}
		t, err := parseText(s, posOf(v.value))
		if err != nil {
			d.fail(v.value, "output path: %v", err)
			continue
		}
		if lit, isLit := t.literal(); isLit {
			if err := checkPath(lit, false); err != nil {
				d.fail(v.value, "output path: %v", err)
				continue
			}
		}
		o.Path = t
		if v, ok := f["publish"]; ok {
			if u, ok := d.str(v.value, "publish"); ok {
				t, err := parseText(u, posOf(v.value))
				if err != nil {
					d.fail(v.value, "publish: %v", err)
					continue
				}
				if lit, isLit := t.literal(); isLit {
					if err := checkURL(lit); err != nil {
						d.fail(v.value, "publish: %v", err)
						continue
					}
				}
				o.Publish = some(t, posOf(v.value))
			}
		}
		out = append(out, o)
	}
	return out
}
