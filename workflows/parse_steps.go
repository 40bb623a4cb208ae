package workflows

import (
	"fmt"
	"strings"

	"github.com/petagrid/petagrid/internal/strictyaml"
	"gopkg.in/yaml.v3"
)

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
	label = d.stepName(n, f, label, s)
	if v, ok := f["needs"]; ok {
		s.Needs = d.needs(v.value)
	}
	if v, ok := f["if"]; ok {
		s.If = d.condition(v.value)
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
	s.Matrix = d.stepMatrix(f, label)
	if v, ok := f["inputs"]; ok {
		s.Inputs = d.inputs(v.value)
	}
	if v, ok := f["outputs"]; ok {
		s.Outputs = d.outputs(v.value)
	}
	return s
}

// stepName reads the step's name into s. It returns the label that names the step in the
// messages that follow: by its name when it has a valid one, else label as given.
func (d *decoder) stepName(n *yaml.Node, f map[string]field, label string, s *Step) string {
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
		return "step " + s.Name
	}
	return label
}

// condition reads a step's if: success(), failure() or always(), spaces ignored.
func (d *decoder) condition(n *yaml.Node) Opt[Condition] {
	c, ok := d.str(n, "if")
	if !ok {
		return Opt[Condition]{}
	}
	switch cond := Condition(strings.ReplaceAll(c, " ", "")); cond {
	case IfSuccess, IfFailure, IfAlways:
		return some(cond, posOf(n))
	}
	d.fail(n, "if must be success(), failure() or always(), got %+q", clip(c))
	return Opt[Condition]{}
}

// stepMatrix reads the step's matrix or its for loop (a one-axis matrix); a step has one at
// most.
func (d *decoder) stepMatrix(f map[string]field, label string) *Matrix {
	m, hasMatrix := f["matrix"]
	fo, hasFor := f["for"]
	switch {
	case hasMatrix && hasFor:
		d.fail(fo.key, "%s has both matrix and for; use one", label)
	case hasMatrix:
		return d.matrix(m.value)
	case hasFor:
		return d.forLoop(fo.value)
	}
	return nil
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
