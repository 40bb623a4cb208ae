package workflows

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/petagrid/petagrid/internal/strictyaml"
	"gopkg.in/yaml.v3"
)

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
