package strictyaml

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// yaml.v3 reports a syntax error as "line N: problem", where N is the line of the
// construct the parser was in (counted from 0 for parser errors, so one line early), or
// no line at all, and never a column. The functions here find the real place again: the
// first line at which a prefix of the document fails the same way is where the problem
// is (the parser reads front to back and stops at the first problem), and a look at that
// line finds the column and the words to explain it.

// yamlError is a syntax error as yaml.v3 gives it.
type yamlError struct {
	line    int // as reported; 0 when none
	problem string
}

func splitYAMLError(err error) yamlError {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	if m := yamlLinePattern.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		return yamlError{line: line, problem: m[2]}
	}
	return yamlError{problem: msg}
}

// parseAll decodes every document of data, as Load does, and returns the first error.
func parseAll(data []byte) error {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for {
		var doc yaml.Node
		if err := dec.Decode(&doc); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
	}
}

// readerProblems are yaml.v3's complaints about the bytes themselves, before any syntax.
var readerProblems = map[string]bool{
	"invalid leading UTF-8 octet":        true,
	"invalid trailing UTF-8 octet":       true,
	"incomplete UTF-8 octet sequence":    true,
	"invalid Unicode character":          true,
	"control characters are not allowed": true,
}

// locateSyntaxError turns yaml.v3's error for data into an Error at the place of the
// problem, worded for the person who wrote the file.
func locateSyntaxError(file string, data []byte, err error) *Error {
	ye := splitYAMLError(err)
	if readerProblems[ye.problem] {
		if e := badByte(file, data); e != nil {
			return e
		}
	}
	lines := splitLines(data)
	n := problemLine(data, lines, ye, parseAll)
	if n == 0 {
		return &Error{File: file, Line: ye.line, Column: 1, Msg: "YAML syntax error: " + ye.problem}
	}
	if l, col, msg := explainFlow(lines, n, ye.problem); l > 0 {
		return &Error{File: file, Line: l, Column: col, Msg: msg}
	}
	l, col, msg := explain(ye, lines, n)
	if col == 0 {
		col = firstContent(string(lines[l-1]))
	}
	return &Error{File: file, Line: l, Column: col, Msg: msg}
}

// splitLines cuts data into lines, each without its line break.
func splitLines(data []byte) [][]byte {
	lines := bytes.Split(data, []byte("\n"))
	for i, l := range lines {
		lines[i] = bytes.TrimSuffix(l, []byte("\r"))
	}
	return lines
}

// problemLine finds the first line L such that the document's first L lines fail with the
// same problem as the whole: lines before the problem parse, or fail otherwise (cut inside
// a quoted string or a [ … ] list, which is then where the problem starts). It starts from
// the reported line, which is never after the problem, and gallops forward, so it parses
// O(log distance) prefixes with parse (parseAll; a test counts the calls).
func problemLine(data []byte, lines [][]byte, ye yamlError, parse func([]byte) error) int {
	ends := make([]int, len(lines)) // ends[i]: the offset just after line i+1's break
	off := 0
	for i, l := range lines {
		off += len(l)
		if off < len(data) && data[off] == '\r' {
			off++
		}
		if off < len(data) {
			off++ // the \n
		}
		ends[i] = off
	}
	fails := func(n int) bool {
		err := parse(data[:ends[n-1]])
		return err != nil && splitYAMLError(err).problem == ye.problem
	}
	lo := max(ye.line, 1) - 1 // lines[:lo] are known not to hold the problem
	if lo >= len(lines) {
		return 0
	}
	step := 1
	hi := lo + 1
	for !fails(hi) {
		if hi == len(lines) {
			return 0 // no prefix fails alike: leave the parser's own words
		}
		lo = hi
		hi = min(hi+step, len(lines))
		step *= 2
	}
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if fails(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}

// badByte finds the first byte YAML refuses to read: one that is not UTF-8, or a control
// character outside the tab and line breaks YAML allows.
func badByte(file string, data []byte) *Error {
	line, col := 1, 1
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			return &Error{File: file, Line: line, Column: col, Msg: fmt.Sprintf("byte 0x%02x is not UTF-8 text; save the file as UTF-8", data[i])}
		case !yamlPrintable(r):
			return &Error{File: file, Line: line, Column: col, Msg: fmt.Sprintf("the control character U+%04X is not allowed in a YAML file; remove it, or write it as an escape such as \\x%02X inside a double-quoted string", r, r)}
		case r == '\n':
			line, col = line+1, 1
		default:
			col++
		}
		i += size
	}
	return nil
}

// yamlPrintable is YAML's set of characters a file may hold.
func yamlPrintable(r rune) bool {
	switch {
	case r == '\t' || r == '\n' || r == '\r' || r == 0x85:
		return true
	case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
		return false
	case r >= 0xd800 && r <= 0xdfff, r == 0xfffe, r == 0xffff:
		return false
	}
	return true
}

// firstContent is the column of a line's first character that is not a space, 1 for a
// blank line.
func firstContent(line string) int {
	i := strings.IndexFunc(line, func(r rune) bool { return r != ' ' })
	if i < 0 {
		return 1
	}
	return column(line, i)
}

// column is the 1-based character column of byte offset i in line, as yaml.v3 counts.
func column(line string, i int) int { return utf8.RuneCountInString(line[:i]) + 1 }

// excerpt quotes a line's content for a message.
func excerpt(line string) string { return QuoteValue(strings.TrimSpace(line), 40) }

// explain finds the line and column of the problem, near line n (column 0 when the line's
// first character will do), and says what is wrong in the terms of someone writing the
// file.
func explain(ye yamlError, lines [][]byte, n int) (int, int, string) {
	line := string(lines[n-1])
	switch p := ye.problem; {
	case strings.Contains(p, "tab character") || p == "found character that cannot start any token":
		if i := strings.IndexByte(line, '\t'); i >= 0 {
			if strings.TrimLeft(line[:i], " ") == "" {
				return n, column(line, i), "tab character used for indentation: YAML indents with spaces; replace the tab with spaces"
			}
			return n, column(line, i), "tab character where YAML needs a space; replace it with a space"
		}
		if i := reservedStart(line); i >= 0 {
			return n, column(line, i), fmt.Sprintf("a value cannot start with %q, which YAML reserves; quote the value", line[i:i+1])
		}
	case p == "found unexpected end of stream" || p == "found unexpected document indicator":
		if l, i := openQuoteAbove(lines, n); l > 0 {
			q := lines[l-1][i]
			return l, column(string(lines[l-1]), i), fmt.Sprintf("unclosed %s: the string that starts here has no closing %c; add it (a value that holds a quote can be written in the other kind of quotes)", quoteName(q), q)
		}
	case strings.Contains(p, "escape") || strings.Contains(p, "hexdecimal"):
		if l, i := badEscape(lines, n); l > 0 {
			bad := string(lines[l-1])
			return n, column(bad, i), fmt.Sprintf("%q is not an escape YAML knows in a double-quoted string; write \\\\ for a backslash, or use single quotes, which take backslashes as they are", bad[i:min(i+2, len(bad))])
		}
	case strings.HasPrefix(p, "unknown anchor"):
		name := strings.TrimSuffix(strings.TrimPrefix(p, "unknown anchor '"), "' referenced")
		if i := strings.Index(line, "*"+name); i >= 0 {
			return n, column(line, i), fmt.Sprintf("alias *%s refers to no anchor: define it first with &%s on the value to repeat", name, name)
		}
	case p == "did not find expected comment or line break":
		if i := strings.IndexAny(line, "|>"); i >= 0 {
			return n, column(line, i), "after | or > (a block of text), nothing but an indentation digit, + or - may follow on the line; start the text on the next line"
		}
	}
	col, msg := explainBlock(ye, lines, n)
	return n, col, msg
}

// explainBlock words the problems of indentation-based (block) structure.
func explainBlock(ye yamlError, lines [][]byte, n int) (int, string) {
	line := string(lines[n-1])
	content := strings.TrimSpace(line)
	above, aboveCol := previousContent(lines, n)
	switch ye.problem {
	case "mapping values are not allowed in this context":
		colons := mappingColons(line)
		if len(colons) >= 2 {
			return column(line, colons[1]), fmt.Sprintf("unexpected \": \" inside a value: quote the value, as in %s: %q", strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line[:colons[0]]), "- ")), strings.TrimSpace(line[colons[0]+1:]))
		}
		if above > 0 && firstContent(line) > aboveCol {
			return 0, fmt.Sprintf("bad indentation: %s is indented deeper than line %d, which already has a value, so it cannot hold keys; line it up with the keys above", excerpt(line), above)
		}
		return 0, fmt.Sprintf("unexpected \": \" in %s: quote the value, or check the indentation", excerpt(line))
	case "block sequence entries are not allowed in this context":
		if i := strings.Index(line, "- "); i >= 0 {
			return column(line, i), "a list cannot start on the same line as its key: end the line after \":\" and put each \"- item\" on its own line, indented"
		}
	case "could not find expected ':'":
		return 0, fmt.Sprintf("%s is neither \"key: value\" nor \"- item\": add \": value\", or indent it to continue the value above", excerpt(line))
	case "did not find expected '-' indicator":
		return 0, fmt.Sprintf("bad indentation: %s follows a list but is not one of its items (\"- ...\"); line it up with the keys of the item it belongs to, or start it with \"- \"", excerpt(line))
	case "did not find expected key":
		if strings.HasPrefix(content, "- ") || content == "-" {
			return 0, fmt.Sprintf("a list item cannot start here, at the level of the keys above: put the list under a key (\"key:\" and then \"  - item\"), indented")
		}
		return 0, fmt.Sprintf("bad indentation: %s does not line up with the keys of the mapping it is in; indent it like them", excerpt(line))
	case "did not find expected node content":
		return 0, fmt.Sprintf("a value was expected at %s", excerpt(line))
	}
	return 0, "YAML syntax error: " + ye.problem
}

// previousContent finds the last line before n that holds more than a comment, and the
// column of its first character; 0 when there is none.
func previousContent(lines [][]byte, n int) (int, int) {
	for i := n - 2; i >= 0; i-- {
		l := string(lines[i])
		if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") {
			return i + 1, firstContent(l)
		}
	}
	return 0, 0
}

// reservedStart finds a plain value that starts with "@" or "`", which YAML reserves.
func reservedStart(line string) int {
	for _, i := range tokenStarts(line) {
		if line[i] == '@' || line[i] == '`' {
			return i
		}
	}
	return -1
}

// tokenStarts lists where values and keys may start on a line of block structure: after
// the indentation, after "- ", "? " and ": ", skipping quoted strings and comments.
func tokenStarts(line string) []int {
	var out []int
	i := 0
	for i < len(line) {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		if i >= len(line) || line[i] == '#' {
			return out
		}
		out = append(out, i)
		switch c := line[i]; {
		case (c == '-' || c == '?' || c == ':') && (i+1 == len(line) || line[i+1] == ' '):
			i++
		case c == '"' || c == '\'':
			end := quotedEnd(line, i)
			if end < 0 {
				return out
			}
			i = end + 1
			i = skipToIndicator(line, i)
		default:
			i = skipToIndicator(line, i)
		}
	}
	return out
}

// skipToIndicator moves past a plain value to the ": " that ends a key, or to the end.
func skipToIndicator(line string, i int) int {
	for ; i < len(line); i++ {
		if line[i] == ':' && (i+1 == len(line) || line[i+1] == ' ') {
			return i
		}
		if line[i] == '#' && i > 0 && line[i-1] == ' ' {
			return len(line)
		}
	}
	return i
}

// quotedEnd is the offset of the quote that closes the string opening at i on this line,
// or -1.
func quotedEnd(line string, i int) int {
	q := line[i]
	for j := i + 1; j < len(line); j++ {
		switch {
		case q == '"' && line[j] == '\\':
			j++
		case line[j] == q && q == '\'' && j+1 < len(line) && line[j+1] == '\'':
			j++ // '' is a quote inside single quotes
		case line[j] == q:
			return j
		}
	}
	return -1
}

// openQuoteAbove finds the string that is still open at line n: the nearest line at or
// above n, within maxLookBack, where a quoted string starts and does not end.
func openQuoteAbove(lines [][]byte, n int) (int, int) {
	for m := n; m >= 1 && m > n-maxLookBack; m-- {
		if i := unclosedQuote(string(lines[m-1])); i >= 0 {
			return m, i
		}
	}
	return 0, 0
}

// unclosedQuote finds a quoted string that starts on the line and does not end there.
func unclosedQuote(line string) int {
	for _, i := range tokenStarts(line) {
		if (line[i] == '"' || line[i] == '\'') && quotedEnd(line, i) < 0 {
			return i
		}
	}
	return -1
}

func quoteName(q byte) string {
	if q == '"' {
		return "double quote"
	}
	return "single quote"
}

// badEscape finds the first unknown escape in the double-quoted strings that start on line
// n, following a string over its lines. It returns the line and the backslash's offset.
func badEscape(lines [][]byte, n int) (int, int) {
	line := string(lines[n-1])
	for _, start := range tokenStarts(line) {
		if line[start] != '"' {
			continue
		}
		l, j := n, start+1
		for l <= len(lines) {
			s := string(lines[l-1])
			for ; j < len(s); j++ {
				if s[j] == '"' {
					break
				}
				if s[j] == '\\' {
					if j+1 < len(s) && !validEscape(s[j+1:]) {
						return l, j
					}
					j++
				}
			}
			if j < len(s) {
				break // the string closed
			}
			l, j = l+1, 0
		}
	}
	return 0, 0
}

// escapeLengths are YAML's double-quoted escapes: the character after the backslash and
// how many hex digits follow it.
var escapeLengths = map[byte]int{'0': 0, 'a': 0, 'b': 0, 't': 0, '\t': 0, 'n': 0, 'v': 0, 'f': 0, 'r': 0, 'e': 0, ' ': 0,
	'"': 0, '/': 0, '\\': 0, 'N': 0, '_': 0, 'L': 0, 'P': 0, 'x': 2, 'u': 4, 'U': 8}

var hexDigits = regexp.MustCompile(`^[0-9A-Fa-f]+$`)

func validEscape(rest string) bool {
	digits, ok := escapeLengths[rest[0]]
	if !ok {
		return false
	}
	return digits == 0 || len(rest) > digits && hexDigits.MatchString(rest[1:1+digits])
}

// mappingColons lists the ": " (or final ":") of a line that YAML reads as key indicators:
// outside quoted strings and comments.
func mappingColons(line string) []int {
	var out []int
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case (c == '"' || c == '\'') && (i == 0 || line[i-1] == ' '):
			end := quotedEnd(line, i)
			if end < 0 {
				return out
			}
			i = end
		case c == '#' && (i == 0 || line[i-1] == ' '):
			return out
		case c == ':' && (i+1 == len(line) || line[i+1] == ' '):
			out = append(out, i)
		}
	}
	return out
}

// flowProblems are the problems a [ … ] or { … } collection can cause.
var flowProblems = map[string]bool{
	"did not find expected ',' or ']'":   true,
	"did not find expected ',' or '}'":   true,
	"did not find expected key":          true,
	"did not find expected node content": true,
}

// flowOpen is a [ or { not closed yet.
type flowOpen struct {
	ch        byte
	line, col int
	colon     bool // the current entry has had its ":"
	node      bool // a quoted string or a collection just ended: a "," must come next
}

func (o flowOpen) kind() string {
	if o.ch == '[' {
		return "list"
	}
	return "mapping"
}

// explainFlow follows the flow collection that opens on line n, over as many lines as it
// spans, to what breaks it: a closing bracket of the other kind, a missing comma, a second
// ":" in one entry, text after the end, or no end at all. It returns line 0 when the
// collection is sound or there is none, leaving the problem to the block rules.
func explainFlow(lines [][]byte, n int, problem string) (int, int, string) {
	if !flowProblems[problem] {
		return 0, 0, ""
	}
	// A collection may open lines above the one the problem shows on: try the nearest
	// openers first, a bounded number of them.
	tries := 0
	for m := n; m >= 1 && m > n-maxLookBack && tries < maxFlowTries; m-- {
		line := string(lines[m-1])
		for _, i := range tokenStarts(line) {
			if line[i] != '[' && line[i] != '{' {
				continue
			}
			tries++
			if l, col, msg := walkFlow(lines, m, i); l >= n {
				return l, col, msg
			}
			break
		}
	}
	return 0, 0, ""
}

// Bounds on looking back for where a collection or a string opened.
const (
	maxLookBack  = 1000
	maxFlowTries = 20
)

// walkFlow follows the collection that opens at offset start of line m.
func walkFlow(lines [][]byte, m, start int) (int, int, string) {
	s0 := string(lines[m-1])
	stack := []flowOpen{{ch: s0[start], line: m, col: column(s0, start)}}
	for l, i := m, start+1; l <= len(lines); l, i = l+1, 0 {
		s := string(lines[l-1])
		for i < len(s) {
			c := s[i]
			var top *flowOpen
			if len(stack) > 0 {
				top = &stack[len(stack)-1]
			}
			switch {
			case top == nil:
				// The collection has ended: only a comment may follow on its line.
				if rest := strings.TrimSpace(s[i:]); rest != "" && !strings.HasPrefix(rest, "#") {
					j := i + strings.IndexFunc(s[i:], func(r rune) bool { return r != ' ' && r != '\t' })
					return l, column(s, j), fmt.Sprintf("unexpected %s after the end of a [ ] or { } collection; quote the whole value if it is text", QuoteValue(rest, 20))
				}
				return 0, 0, ""
			case c == ' ' || c == '\t':
				i++
			case c == '#' && i > 0 && (s[i-1] == ' ' || s[i-1] == '\t'):
				i = len(s)
			case c == '[' || c == '{':
				if top.node {
					return l, column(s, i), fmt.Sprintf("missing \",\" before this item of the %s opened at %d:%d", top.kind(), top.line, top.col)
				}
				stack = append(stack, flowOpen{ch: c, line: l, col: column(s, i)})
				i++
			case c == ']' || c == '}':
				if want := closer(top.ch); c != want {
					return l, column(s, i), fmt.Sprintf("%q does not close the %q opened at %d:%d; close that %s with %q first", string(c), string(top.ch), top.line, top.col, top.kind(), string(want))
				}
				stack = stack[:len(stack)-1]
				if len(stack) > 0 {
					stack[len(stack)-1].node = true
				}
				i++
			case c == ',':
				top.node, top.colon = false, false
				i++
			case c == ':' && (i+1 == len(s) || strings.IndexByte(" \t,[]{}", s[i+1]) >= 0):
				if top.colon {
					return l, column(s, i), fmt.Sprintf("a second \":\" in one entry of the %s opened at %d:%d; quote a value that holds \": \", or add the missing \",\"", top.kind(), top.line, top.col)
				}
				top.colon, top.node = true, false
				i++
			case c == '"' || c == '\'':
				if top.node {
					return l, column(s, i), fmt.Sprintf("missing \",\" before this item of the %s opened at %d:%d", top.kind(), top.line, top.col)
				}
				endLine, end := quotedEndAcross(lines, l, i)
				if endLine == 0 {
					return l, column(s, i), fmt.Sprintf("unclosed %s: the string that starts here has no closing %c", quoteName(c), c)
				}
				if endLine != l {
					l, s = endLine, string(lines[endLine-1])
				}
				i = end + 1
				top.node = true
			default:
				if top.node {
					return l, column(s, i), fmt.Sprintf("missing \",\" before this item of the %s opened at %d:%d", top.kind(), top.line, top.col)
				}
				i = plainEndInFlow(s, i)
			}
		}
	}
	if len(stack) > 0 {
		o := stack[len(stack)-1]
		return o.line, o.col, fmt.Sprintf("the %q opened here is never closed; add %q at the end of the %s", string(o.ch), string(closer(o.ch)), o.kind())
	}
	return 0, 0, ""
}

func closer(open byte) byte {
	if open == '[' {
		return ']'
	}
	return '}'
}

// plainEndInFlow moves past a plain value inside [ ] or { }: it ends at , [ ] { }, at a
// ":" followed by a space or one of those, or at a comment.
func plainEndInFlow(s string, i int) int {
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case strings.IndexByte(",[]{}", c) >= 0:
			return i
		case c == ':' && (i+1 == len(s) || strings.IndexByte(" \t,[]{}", s[i+1]) >= 0):
			return i
		case c == '#' && i > 0 && (s[i-1] == ' ' || s[i-1] == '\t'):
			return i
		}
	}
	return i
}

// quotedEndAcross finds the closing quote of the string opening at offset i of line l,
// over later lines; line 0 when it never closes.
func quotedEndAcross(lines [][]byte, l, i int) (int, int) {
	q := lines[l-1][i]
	for j := i + 1; l <= len(lines); l, j = l+1, 0 {
		s := lines[l-1]
		for ; j < len(s); j++ {
			switch {
			case q == '"' && s[j] == '\\':
				j++
			case s[j] == q && q == '\'' && j+1 < len(s) && s[j+1] == '\'':
				j++
			case s[j] == q:
				return l, j
			}
		}
	}
	return 0, 0
}
