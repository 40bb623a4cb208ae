package workflows

import (
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/petagrid/petagrid/internal/strictyaml"
	"gopkg.in/yaml.v3"
)

// maxErrors bounds a report: past it, the rest is noise from the same mistake.
const maxErrors = 100

// decoder walks a yaml.Node tree and collects every problem with its position. Each decode
// helper reports what it could not read and returns ok=false; callers keep going, so one run
// reports all errors at once.
type decoder struct {
	file     string
	errs     strictyaml.Errors
	warnings strictyaml.Errors
}

// sortErrors puts errors in file order, keeping "too many errors" last.
func (d *decoder) sortErrors() {
	errs := d.errs
	var tail strictyaml.Errors
	if len(errs) > maxErrors {
		errs, tail = errs[:maxErrors], errs[maxErrors:]
	}
	sort.SliceStable(errs, func(i, j int) bool {
		a, b := errs[i], errs[j]
		return a.Line < b.Line || a.Line == b.Line && a.Column < b.Column
	})
	d.errs = append(errs, tail...)
}

func posOf(n *yaml.Node) Pos { return Pos{Line: n.Line, Column: n.Column} }

func (d *decoder) failAt(at Pos, format string, args ...any) {
	if len(d.errs) > maxErrors {
		return
	}
	if len(d.errs) == maxErrors {
		d.errs = append(d.errs, &strictyaml.Error{File: d.file, Line: at.Line, Column: at.Column, Msg: "too many errors; stopping"})
		return
	}
	d.errs = append(d.errs, &strictyaml.Error{File: d.file, Line: at.Line, Column: at.Column, Msg: fmt.Sprintf(format, args...)})
}

func (d *decoder) fail(n *yaml.Node, format string, args ...any) {
	d.failAt(posOf(n), format, args...)
}

// resolve follows an alias; strictyaml.Load has already bounded the expansion.
func resolve(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

func isNull(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null"
}

func describe(n *yaml.Node) string { return strictyaml.Describe(n) }

// field is one key of a mapping with its value node.
type field struct {
	key   *yaml.Node
	value *yaml.Node
}

// mapping reads a mapping whose keys must be among known, reporting unknown keys with a
// suggestion, duplicate keys and merge keys. It returns the fields by key.
func (d *decoder) mapping(n *yaml.Node, what string, known ...string) (map[string]field, bool) {
	n = resolve(n)
	if n.Kind != yaml.MappingNode {
		d.fail(n, "%s must be a mapping, got %s", what, describe(n))
		return nil, false
	}
	out := make(map[string]field, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := resolve(n.Content[i]), resolve(n.Content[i+1])
		if k.Kind != yaml.ScalarNode {
			d.fail(k, "keys in %s must be plain names", what)
			continue
		}
		if k.Value == "<<" {
			d.fail(k, "merge keys (<<) are not supported; write the fields out")
			continue
		}
		if known != nil && !contains(known, k.Value) {
			d.fail(k, "unknown field %+q in %s%s", k.Value, what, strictyaml.Suggest(k.Value, known))
			continue
		}
		if prev, dup := out[k.Value]; dup {
			d.fail(k, "%+q is given twice in %s (first at %s)", k.Value, what, d.where(posOf(prev.key)))
			continue
		}
		out[k.Value] = field{key: k, value: v}
	}
	return out, true
}

// pairs reads a mapping with free keys, in the order written.
func (d *decoder) pairs(n *yaml.Node, what string) ([]field, bool) {
	n = resolve(n)
	if n.Kind != yaml.MappingNode {
		d.fail(n, "%s must be a mapping, got %s", what, describe(n))
		return nil, false
	}
	seen := map[string]Pos{}
	var out []field
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := resolve(n.Content[i]), resolve(n.Content[i+1])
		if k.Kind != yaml.ScalarNode || isNull(k) {
			d.fail(k, "keys in %s must be plain names", what)
			continue
		}
		if k.Value == "<<" {
			d.fail(k, "merge keys (<<) are not supported; write the fields out")
			continue
		}
		if first, dup := seen[k.Value]; dup {
			d.fail(k, "%+q is given twice in %s (first at %s)", k.Value, what, d.where(first))
			continue
		}
		seen[k.Value] = posOf(k)
		out = append(out, field{key: k, value: v})
	}
	return out, true
}

func (d *decoder) list(n *yaml.Node, what string) ([]*yaml.Node, bool) {
	n = resolve(n)
	if n.Kind != yaml.SequenceNode {
		d.fail(n, "%s must be a list, got %s", what, describe(n))
		return nil, false
	}
	out := make([]*yaml.Node, len(n.Content))
	for i, c := range n.Content {
		out[i] = resolve(c)
	}
	return out, true
}

// str reads a string. YAML's implicit types are refused ("yes", 1.0, null) so that a value
// is never silently turned into something else: quote it to make it a string.
func (d *decoder) str(n *yaml.Node, what string) (string, bool) {
	n = resolve(n)
	if n.Kind != yaml.ScalarNode || isNull(n) {
		d.fail(n, "%s must be a string, got %s", what, describe(n))
		return "", false
	}
	if tag := n.ShortTag(); tag != "!!str" {
		d.fail(n, "%s must be a string, got %s which YAML reads as %s; quote it", what, describe(n), strings.TrimPrefix(tag, "!!"))
		return "", false
	}
	return d.noNUL(n, what)
}

// scalarText reads any scalar as the text written (a number, a boolean or a string), for
// values that end up as text: env values, command words, matrix values.
func (d *decoder) scalarText(n *yaml.Node, what string) (string, bool) {
	n = resolve(n)
	if n.Kind != yaml.ScalarNode || isNull(n) {
		d.fail(n, "%s must be a single value (string, number or boolean), got %s", what, describe(n))
		return "", false
	}
	switch n.ShortTag() {
	case "!!str", "!!int", "!!float", "!!bool":
		return d.noNUL(n, what)
	}
	d.fail(n, "%s must be a string, number or boolean, got %s", what, describe(n))
	return "", false
}

// noNUL refuses a NUL byte, which a YAML escape ("\0") can put in a string: env files and
// matrix data separate records with NUL, so one inside a value would start a new record.
func (d *decoder) noNUL(n *yaml.Node, what string) (string, bool) {
	if strings.IndexByte(n.Value, 0) >= 0 {
		d.fail(n, "%s contains a NUL byte", what)
		return "", false
	}
	return n.Value, true
}

var leadingZero = regexp.MustCompile(`^[-+]?0[0-9_]+$`)

func (d *decoder) integer(n *yaml.Node, what string, lo, hi int64) (int64, bool) {
	n = resolve(n)
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!int" {
		d.fail(n, "%s must be an integer, got %s", what, describe(n))
		return 0, false
	}
	if leadingZero.MatchString(n.Value) {
		d.fail(n, "%s %+q has a leading zero, which YAML reads as octal; write it without", what, n.Value)
		return 0, false
	}
	// Decimal only: 0x10, 0o10 and 1_000 are YAML integers too, but nobody writing a count
	// means them, and a reader could misread them.
	v, err := strconv.ParseInt(n.Value, 10, 64)
	if err != nil {
		d.fail(n, "%s must be a decimal integer, got %s", what, describe(n))
		return 0, false
	}
	if v < lo || v > hi {
		d.fail(n, "%s must be between %d and %d, got %d", what, lo, hi, v)
		return 0, false
	}
	return v, true
}

func (d *decoder) intField(n *yaml.Node, what string, lo, hi int64) (Opt[int], bool) {
	v, ok := d.integer(n, what, lo, hi)
	if !ok {
		return Opt[int]{}, false
	}
	return some(int(v), posOf(n)), true
}

func (d *decoder) number(n *yaml.Node, what string, lo, hi float64) (float64, bool) {
	n = resolve(n)
	tag := n.ShortTag()
	if n.Kind != yaml.ScalarNode || (tag != "!!int" && tag != "!!float") {
		d.fail(n, "%s must be a number, got %s", what, describe(n))
		return 0, false
	}
	v, err := strconv.ParseFloat(n.Value, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		d.fail(n, "%s must be a finite number, got %s", what, describe(n))
		return 0, false
	}
	if v < lo || v > hi {
		d.fail(n, "%s must be between %g and %g, got %g", what, lo, hi, v)
		return 0, false
	}
	return v, true
}

func (d *decoder) boolean(n *yaml.Node, what string) (bool, bool) {
	n = resolve(n)
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!bool" {
		d.fail(n, "%s must be true or false, got %s", what, describe(n))
		return false, false
	}
	return n.Value == "true" || n.Value == "True" || n.Value == "TRUE", true
}

// duration reads a human duration such as 2h30m, 90m, 1d12h or 45s, in whole seconds.
func (d *decoder) duration(n *yaml.Node, what string) (Opt[int64], bool) {
	return d.quantity(n, what, "a duration such as 2h30m", ParseDuration)
}

// memory reads a size such as 512M, 16G or 1.5T (binary units, as Slurm) in MiB.
func (d *decoder) memory(n *yaml.Node, what string) (Opt[int64], bool) {
	return d.quantity(n, what, "a size such as 16G", ParseMemory)
}

// quantity reads a scalar written with a unit; parse gives its value in the unit kept, and
// example says what is expected when the node is no scalar.
func (d *decoder) quantity(n *yaml.Node, what, example string, parse func(string) (int64, error)) (Opt[int64], bool) {
	n = resolve(n)
	if n.Kind != yaml.ScalarNode || isNull(n) {
		d.fail(n, "%s must be %s, got %s", what, example, describe(n))
		return Opt[int64]{}, false
	}
	v, err := parse(n.Value)
	if err != nil {
		d.fail(n, "%s: %v", what, err)
		return Opt[int64]{}, false
	}
	return some(v, posOf(n)), true
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
