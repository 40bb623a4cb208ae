package workflows

import (
	"fmt"
	"regexp"

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

// workflowFields are the keys of the workflow's top level.
var workflowFields = []string{"version", "name", "description", "labels", "params", "resources", "env", "secrets", "deterministic", "verify", "placement", "steps", "finally"}

func (d *decoder) workflow(n *yaml.Node) *Workflow {
	wf := &Workflow{File: d.file}
	f, ok := d.mapping(n, "the workflow", workflowFields...)
	if !ok {
		return wf
	}
	d.workflowHeader(n, f, wf)
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
	if v, ok := f["deterministic"]; ok {
		wf.Deterministic, _ = d.boolean(v.value, "deterministic")
	}
	if v, ok := f["verify"]; ok {
		wf.Verify = d.verify(v.value)
	}
	if v, ok := f["placement"]; ok {
		wf.Placement = d.placement(v.value)
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

// workflowHeader reads what describes the workflow as a whole: its version, name and
// description.
func (d *decoder) workflowHeader(n *yaml.Node, f map[string]field, wf *Workflow) {
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
