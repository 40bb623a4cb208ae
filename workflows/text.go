package workflows

import (
	"fmt"
	"regexp"
	"strings"
)

// RefKind is what an interpolation refers to.
type RefKind string

// Reference kinds.
const (
	RefParam  RefKind = "params"
	RefMatrix RefKind = "matrix"
)

// Segment is a literal piece of text or a reference to a value.
type Segment struct {
	Literal string
	Kind    RefKind // empty for a literal
	Name    string
}

// Text is a string that may interpolate ${{ params.NAME }} and ${{ matrix.NAME }}. Parameters
// are replaced when the workflow is compiled; matrix values when the array task starts, from
// a data file, so neither is ever read as shell code.
type Text struct {
	Raw      string
	Segments []Segment
	At       Pos
}

var refPattern = regexp.MustCompile(`^\$\{\{\s*(params|matrix)\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}`)

// parseText splits s into literals and references. Anything starting with "${{" that is not
// a well-formed reference is an error, so a typo is never passed through as literal text.
func parseText(s string, at Pos) (Text, error) {
	if !strings.Contains(s, "${{") {
		return Text{Raw: s, At: at, Segments: []Segment{{Literal: s}}}, nil
	}
	t := Text{Raw: s, At: at}
	rest := s
	var lit strings.Builder
	for {
		i := strings.Index(rest, "${{")
		if i < 0 {
			lit.WriteString(rest)
			break
		}
		lit.WriteString(rest[:i])
		m := refPattern.FindStringSubmatch(rest[i:])
		if m == nil {
			end := strings.Index(rest[i:], "}}")
			shown := rest[i:]
			if end >= 0 {
				shown = rest[i : i+end+2]
			}
			shown = clip(shown)
			return Text{}, fmt.Errorf("%+q is not a reference; write ${{ params.NAME }} or ${{ matrix.NAME }}", shown)
		}
		if lit.Len() > 0 {
			t.Segments = append(t.Segments, Segment{Literal: lit.String()})
			lit.Reset()
		}
		t.Segments = append(t.Segments, Segment{Kind: RefKind(m[1]), Name: m[2]})
		rest = rest[i+len(m[0]):]
	}
	if lit.Len() > 0 || len(t.Segments) == 0 {
		t.Segments = append(t.Segments, Segment{Literal: lit.String()})
	}
	return t, nil
}

// refs lists the references of one kind.
func (t Text) refs(kind RefKind) []string {
	var out []string
	for _, s := range t.Segments {
		if s.Kind == kind {
			out = append(out, s.Name)
		}
	}
	return out
}

// bindParams replaces parameter references with their values.
func (t Text) bindParams(values map[string]string) Text {
	if len(t.Segments) == 1 && t.Segments[0].Kind == "" {
		return t // nothing to bind; segments are never modified in place
	}
	out := Text{Raw: t.Raw, At: t.At}
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			out.Segments = append(out.Segments, Segment{Literal: lit.String()})
			lit.Reset()
		}
	}
	for _, s := range t.Segments {
		switch s.Kind {
		case "":
			lit.WriteString(s.Literal)
		case RefParam:
			lit.WriteString(values[s.Name])
		default:
			flush()
			out.Segments = append(out.Segments, s)
		}
	}
	flush()
	if len(out.Segments) == 0 {
		out.Segments = []Segment{{}}
	}
	return out
}

// literal returns the text when it holds no references.
func (t Text) literal() (string, bool) {
	var b strings.Builder
	for _, s := range t.Segments {
		if s.Kind != "" {
			return "", false
		}
		b.WriteString(s.Literal)
	}
	return b.String(), true
}

// expand substitutes matrix values (parameters must already be bound).
func (t Text) expand(matrix map[string]string) string {
	var b strings.Builder
	for _, s := range t.Segments {
		if s.Kind == "" {
			b.WriteString(s.Literal)
		} else {
			b.WriteString(matrix[s.Name])
		}
	}
	return b.String()
}
