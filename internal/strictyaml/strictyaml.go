// Package strictyaml decodes YAML into Go structs and refuses anything it would otherwise
// ignore or coerce silently: unknown keys, a list where a map belongs, "ten" for a number,
// "5 minutes" for a duration. Every error names the file, line and column.
package strictyaml

import (
	"bytes"
	"encoding"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/petagrid/petagrid/internal/sanitize"
)

// Error is one problem in a YAML document, at a position.
type Error struct {
	File   string
	Line   int
	Column int
	Msg    string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
}

// Errors is every problem found in a document, in order.
type Errors []*Error

func (es Errors) Error() string {
	msgs := make([]string, len(es))
	for i, e := range es {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "\n")
}

// maxErrors stops a hostile document from producing an unbounded report.
const maxErrors = 50

// maxVisits bounds the nodes checked, counting every expansion of an alias: a document of a
// few lines can otherwise alias its way to billions of nodes.
const maxVisits = 200_000

// maxExpandedBytes bounds the text of all scalars, counting every expansion of an alias: a
// few long strings aliased a few thousand times are within maxVisits but not within memory.
const maxExpandedBytes = 32 << 20

var (
	durationType    = reflect.TypeOf(time.Duration(0))
	unmarshalerType = reflect.TypeOf((*yaml.Unmarshaler)(nil)).Elem()
	textType        = reflect.TypeOf((*encoding.TextUnmarshaler)(nil)).Elem()
	yamlLinePattern = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)
	// YAML reads 010 as octal 8; nobody writing a count or a size means that.
	leadingZero = regexp.MustCompile(`^[-+]?0[0-9_]+$`)
)

// Unmarshal decodes data (named file in errors) into out, which must be a pointer. An empty
// document leaves out unchanged. It returns Errors listing every problem found.
func Unmarshal(file string, data []byte, out any) error {
	rv := reflect.ValueOf(out)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("strictyaml: out must be a non-nil pointer, got %T", out)
	}
	root, err := Load(file, data)
	if err != nil || root == nil {
		return err
	}
	c := &checker{file: file}
	c.check(root, rv.Type().Elem(), 0)
	if len(c.errs) > 0 {
		return c.errs
	}
	if err := root.Decode(out); err != nil {
		return Errors{decodeError(file, data, err)}
	}
	return nil
}

// Load parses data (named file in errors) into its root node for callers that walk the
// tree themselves. It refuses NUL bytes, a second document, nesting deeper than 64 levels and
// alias expansion beyond maxVisits nodes, so the tree is safe to walk with aliases resolved.
// An empty document gives a nil node and no error. It is Parse followed by Bound.
func Load(file string, data []byte) (*yaml.Node, error) {
	root, err := Parse(file, data)
	if err != nil || root == nil {
		return nil, err
	}
	if err := Bound(file, root); err != nil {
		return nil, err
	}
	return root, nil
}

// Parse reads data's one document into its root node, with syntax errors at their line
// and column, but does not bound the tree: the nodes are as many as the text holds, and
// aliases are not followed. A caller may look at the tree's top to give a better message
// than Bound would (a list that is too long for its purpose), and must call Bound before
// walking it with aliases resolved. An empty document gives a nil node and no error.
func Parse(file string, data []byte) (*yaml.Node, error) {
	if i := bytes.IndexByte(data, 0); i >= 0 {
		line := 1 + bytes.Count(data[:i], []byte("\n"))
		col := 1 + utf8.RuneCount(data[bytes.LastIndexByte(data[:i], '\n')+1:i])
		return nil, Errors{{File: file, Line: line, Column: col, Msg: "file contains a NUL byte: not a YAML text file"}}
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil // an empty file
		}
		return nil, Errors{locateSyntaxError(file, data, err)}
	}
	// A second document after "---" would otherwise be ignored without a word.
	for {
		var extra yaml.Node
		err := dec.Decode(&extra)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, Errors{locateSyntaxError(file, data, err)}
		}
		if !emptyDocument(&extra) {
			at := extra.Content[0]
			return nil, Errors{{File: file, Line: at.Line, Column: at.Column, Msg: "a second YAML document (after ---) is not allowed here; one file holds one document"}}
		}
	}
	if emptyDocument(&doc) {
		return nil, nil
	}
	return doc.Content[0], nil
}

// Bound refuses a tree that nests deeper than 64 levels or whose walk, aliases followed,
// passes maxVisits nodes or maxExpandedBytes of text: after it, the tree is safe to walk.
func Bound(file string, root *yaml.Node) error {
	c := &checker{file: file}
	c.bound(root, 0)
	if len(c.errs) > 0 {
		return c.errs
	}
	return nil
}

// bound walks the tree as a decoder would, following aliases, and fails once the walk grows
// past maxVisits nodes or 64 levels.
func (c *checker) bound(n *yaml.Node, depth int) {
	if c.tooLong {
		return
	}
	c.visits++
	if c.visits > maxVisits {
		c.tooLong = true
		if c.aliases > 0 {
			c.fail(n, "document expands to more than %d values through its aliases (*name); refusing it", maxVisits)
		} else {
			c.fail(n, "document holds more than %d values; the limit is %d", maxVisits, maxVisits)
		}
		return
	}
	if depth > 64 {
		c.tooLong = true
		c.fail(n, "nesting deeper than 64 levels")
		return
	}
	c.bytes += len(n.Value)
	if c.bytes > maxExpandedBytes {
		c.tooLong = true
		c.fail(n, "document expands to more than %d MiB of text through its aliases (*name); refusing it", maxExpandedBytes>>20)
		return
	}
	if n.Kind == yaml.AliasNode {
		if n.Alias == nil {
			c.fail(n, "unresolved alias")
			return
		}
		c.aliases++
		c.bound(n.Alias, depth+1)
		return
	}
	for _, child := range n.Content {
		c.bound(child, depth+1)
	}
}

func emptyDocument(n *yaml.Node) bool {
	if n.Kind == 0 || len(n.Content) == 0 {
		return true
	}
	c := n.Content[0]
	return c.Kind == yaml.ScalarNode && c.Tag == "!!null"
}

// decodeError positions an error of yaml.v3's decoder, which names only a line; the check
// before decoding leaves few of them.
func decodeError(file string, data []byte, err error) *Error {
	var te *yaml.TypeError
	msg := err.Error()
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	ye := splitYAMLError(errors.New(msg))
	if ye.line == 0 {
		return &Error{File: file, Msg: ye.problem}
	}
	col := 1
	if lines := splitLines(data); ye.line <= len(lines) {
		col = firstContent(string(lines[ye.line-1]))
	}
	return &Error{File: file, Line: ye.line, Column: col, Msg: ye.problem}
}

type checker struct {
	file    string
	errs    Errors
	visits  int
	aliases int // aliases followed so far
	bytes   int
	tooLong bool
}

func (c *checker) fail(n *yaml.Node, format string, args ...any) {
	if len(c.errs) == maxErrors {
		c.errs = append(c.errs, &Error{File: c.file, Line: n.Line, Column: n.Column, Msg: "too many errors; stopping"})
	}
	if len(c.errs) > maxErrors {
		return
	}
	c.errs = append(c.errs, &Error{File: c.file, Line: n.Line, Column: n.Column, Msg: fmt.Sprintf(format, args...)})
}

// Describe names what a node holds, for messages: "a mapping", "a list", "nothing (null)"
// or the scalar quoted (long ones shortened).
func Describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return "nothing (null)"
		}
		return QuoteValue(n.Value, 40)
	}
	return "something else"
}

// QuoteValue quotes text from a document for a message: at most limit bytes (cut on a
// character boundary, "..." marking the cut) and every non-ASCII character escaped, so that
// a look-alike letter (a Cyrillic "а" in "name") or an invisible one shows in the message.
func QuoteValue(s string, limit int) string {
	return strconv.QuoteToASCII(sanitize.ClipASCII(s, limit))
}

func (c *checker) check(n *yaml.Node, t reflect.Type, depth int) {
	c.visits++
	if c.visits > maxVisits {
		if !c.tooLong {
			c.tooLong = true
			c.fail(n, "document expands to more than %d values (aliases?); refusing it", maxVisits)
		}
		return
	}
	if depth > 64 {
		c.fail(n, "nesting deeper than 64 levels")
		return
	}
	if n.Kind == yaml.AliasNode {
		if n.Alias == nil {
			c.fail(n, "unresolved alias")
			return
		}
		n = n.Alias
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return // leaves the zero value
	}
	// Types that decode themselves check their own input.
	if reflect.PointerTo(t).Implements(unmarshalerType) || reflect.PointerTo(t).Implements(textType) && t != durationType {
		return
	}
	if t == durationType {
		if n.Kind != yaml.ScalarNode {
			c.fail(n, "expected a duration such as 30s or 2m, got %s", Describe(n))
			return
		}
		if _, err := time.ParseDuration(n.Value); err != nil {
			c.fail(n, "expected a duration such as 30s or 2m, got %+q", n.Value)
		}
		return
	}
	switch t.Kind() {
	case reflect.Struct:
		c.checkStruct(n, t, depth)
	case reflect.Map:
		if n.Kind != yaml.MappingNode {
			c.fail(n, "expected a mapping, got %s", Describe(n))
			return
		}
		seen := map[string]*yaml.Node{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			if c.duplicate(seen, n.Content[i]) {
				continue
			}
			c.check(n.Content[i], t.Key(), depth+1)
			c.check(n.Content[i+1], t.Elem(), depth+1)
		}
	case reflect.Slice, reflect.Array:
		if n.Kind != yaml.SequenceNode {
			c.fail(n, "expected a list, got %s", Describe(n))
			return
		}
		if t.Kind() == reflect.Array && len(n.Content) != t.Len() {
			c.fail(n, "expected a list of %d items, got %d", t.Len(), len(n.Content))
		}
		for _, item := range n.Content {
			c.check(item, t.Elem(), depth+1)
		}
	case reflect.String:
		if n.Kind != yaml.ScalarNode {
			c.fail(n, "expected a string, got %s", Describe(n))
		}
	case reflect.Bool:
		if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!bool" {
			c.fail(n, "expected true or false, got %s", Describe(n))
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if leadingZero.MatchString(n.Value) {
			c.fail(n, "integer %+q has a leading zero, which YAML reads as octal; write it without", n.Value)
			return
		}
		v, err := strconv.ParseInt(n.Value, 0, 64)
		if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!int" || err != nil {
			c.fail(n, "expected an integer, got %s", Describe(n))
			return
		}
		if reflect.New(t).Elem().OverflowInt(v) {
			c.fail(n, "integer %s out of range", n.Value)
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if leadingZero.MatchString(n.Value) {
			c.fail(n, "integer %+q has a leading zero, which YAML reads as octal; write it without", n.Value)
			return
		}
		v, err := strconv.ParseUint(n.Value, 0, 64)
		if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!int" || err != nil {
			c.fail(n, "expected a non-negative integer, got %s", Describe(n))
			return
		}
		if reflect.New(t).Elem().OverflowUint(v) {
			c.fail(n, "integer %s out of range", n.Value)
		}
	case reflect.Float32, reflect.Float64:
		v, err := strconv.ParseFloat(n.Value, 64)
		if n.Kind != yaml.ScalarNode || (n.ShortTag() != "!!float" && n.ShortTag() != "!!int") || err != nil || math.IsNaN(v) {
			c.fail(n, "expected a number, got %s", Describe(n))
		}
	case reflect.Interface:
		// any value
	default:
		c.fail(n, "cannot decode into %s", t)
	}
}

type fieldInfo struct {
	name string
	typ  reflect.Type
}

// yamlFields lists the keys a struct accepts, following yaml tags and inline structs.
func yamlFields(t reflect.Type) map[string]fieldInfo {
	fields := map[string]fieldInfo{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		tag := f.Tag.Get("yaml")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if strings.Contains(opts, "inline") {
			ft := f.Type
			for ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				for k, v := range yamlFields(ft) {
					fields[k] = v
				}
			}
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		fields[name] = fieldInfo{name: name, typ: f.Type}
	}
	return fields
}

func (c *checker) checkStruct(n *yaml.Node, t reflect.Type, depth int) {
	if n.Kind != yaml.MappingNode {
		c.fail(n, "expected a mapping, got %s", Describe(n))
		return
	}
	fields := yamlFields(t)
	seen := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		key, value := n.Content[i], n.Content[i+1]
		if key.Kind != yaml.ScalarNode {
			c.fail(key, "mapping keys must be plain names")
			continue
		}
		if c.duplicate(seen, key) {
			continue
		}
		if key.Value == "<<" {
			c.fail(key, "merge keys (<<) are not supported here; write the fields out")
			continue
		}
		f, ok := fields[key.Value]
		if !ok {
			c.fail(key, "unknown field %+q%s", key.Value, suggest(key.Value, fields))
			continue
		}
		c.check(value, f.typ, depth+1)
	}
}

// duplicate reports a key given twice in one mapping, with both places, and records the
// first sighting of each; the decoder would name only a line.
func (c *checker) duplicate(seen map[string]*yaml.Node, key *yaml.Node) bool {
	if key.Kind != yaml.ScalarNode {
		return false
	}
	if first, dup := seen[key.Value]; dup {
		c.fail(key, "key %s is given twice in this mapping (first at %s:%d:%d)", QuoteValue(key.Value, 40), c.file, first.Line, first.Column)
		return true
	}
	seen[key.Value] = key
	return false
}

func suggest(got string, fields map[string]fieldInfo) string {
	names := make([]string, 0, len(fields))
	for k := range fields {
		names = append(names, k)
	}
	return Suggest(got, names)
}

// Suggest names the accepted words, the closest one when it is near, so a typo is easy to
// fix. It returns "" or a phrase starting with a space, to append to a message.
func Suggest(got string, names []string) string {
	names = append([]string(nil), names...)
	sort.Slice(names, func(i, j int) bool {
		di, dj := distance(got, names[i]), distance(got, names[j])
		if di != dj {
			return di < dj
		}
		return names[i] < names[j]
	})
	if len(names) == 0 {
		return ""
	}
	if distance(got, names[0]) <= 2 {
		return fmt.Sprintf(" (did you mean %+q?)", names[0])
	}
	sort.Strings(names)
	return fmt.Sprintf(" (expected one of: %s)", strings.Join(names, ", "))
}

// distance is the Levenshtein distance, case-insensitive.
func distance(a, b string) int {
	a, b = strings.ToLower(a), strings.ToLower(b)
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}
