package strictyaml

import (
	"errors"
	"strings"
	"testing"
)

// TestSyntaxErrorsPointAtTheProblem feeds malformed documents and checks each error names
// the line and column of the mistake (not column 1 of the line yaml.v3 names, which is one
// early for its parser errors, or no line at all) and says what is wrong in plain words.
func TestSyntaxErrorsPointAtTheProblem(t *testing.T) {
	cases := []struct {
		name, doc, want string
	}{
		{"tab indenting a list item", "version: 1\nname: w\nsteps:\n\t- name: a\n", "c.yaml:4:1: tab character used for indentation: YAML indents with spaces"},
		{"tab after spaces", "steps:\n  - name: a\n    run:\n      command: [x]\n  \t  shell: y\n", "c.yaml:5:3: tab character used for indentation"},
		{"tab in a mapping after a value", "a:\n  b: 1\n\tc: 2\n", "c.yaml:3:1: tab character used for indentation"},
		{"tab after a dash", "steps:\n  -\tname: a\n", "c.yaml:2:4: tab character where YAML needs a space"},
		{"unclosed double quote", "version: 1\nname: \"w\nsteps: []\n", "c.yaml:2:7: unclosed double quote: the string that starts here has no closing \""},
		{"unclosed single quote", "version: 1\nname: 'w\nsteps: []\n", "c.yaml:2:7: unclosed single quote"},
		{"unclosed quote in a list item", "steps:\n  - name: ok\n  - name: \"broken\n", "c.yaml:3:11: unclosed double quote"},
		{"quote running into a document marker", "a: \"x\n---\n\"\n", "c.yaml:1:4: unclosed double quote"},
		{"bad indentation in a list item", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {command: [x]}\n   bad: 1\n", `c.yaml:6:4: bad indentation: "bad: 1" follows a list but is not one of its items`},
		{"key indented under a value", "version: 1\nname: w\nresources:\n  mem: 1G\n    time: 1h\n", `c.yaml:5:5: bad indentation: "time: 1h" is indented deeper than line 4`},
		{"second top-level key indented", "version: 1\n name: w\nsteps: []\n", `c.yaml:2:2: bad indentation: "name: w" is indented deeper than line 1`},
		{"list item among keys", "a: 1\n- b\n", "c.yaml:2:1: a list item cannot start here"},
		{"closing bracket without an opening one", "a:\n  - b\n]\n", `c.yaml:3:1: bad indentation: "]"`},
		{"stray colon in a value", "version: 1\nname: w: x\nsteps: []\n", `c.yaml:2:8: unexpected ": " inside a value: quote the value, as in name: "w: x"`},
		{"stray colon on the next line", "a: b\n  c: d\n", `c.yaml:2:3: bad indentation: "c: d" is indented deeper than line 1`},
		{"line without a colon", "a: 1\nb\nc: 2\n", `c.yaml:2:1: "b" is neither "key: value" nor "- item"`},
		{"line without a colon at the end", "a: b\nc\n", `c.yaml:2:1: "c" is neither`},
		{"list on the key's line", "a: - b\n", `c.yaml:1:4: a list cannot start on the same line as its key`},
		{"flow list closed by a brace", "version: 1\nname: w\nsteps: [{name: a, run: {command: [x, y}}\nfinally: []\n", `c.yaml:3:39: "}" does not close the "[" opened at 3:34; close that list with "]" first`},
		{"flow list never closed", "version: 1\nname: w\nsteps: [a, b\n", `c.yaml:3:8: the "[" opened here is never closed; add "]" at the end of the list`},
		{"flow mapping never closed", "version: 1\nname: w\nsteps: {a: b\n", `c.yaml:3:8: the "{" opened here is never closed; add "}"`},
		{"flow list over lines closed by a brace", "version: 1\nsteps: [\n  a,\n  b,\n  c}\n", `c.yaml:5:4: "}" does not close the "[" opened at 2:8`},
		{"flow list on the first line", "[a, b}\n", `c.yaml:1:6: "}" does not close the "[" opened at 1:1`},
		{"missing comma between quoted items", "a: [\"x\" \"y\"]\n", `c.yaml:1:9: missing "," before this item of the list opened at 1:4`},
		{"second colon in a flow mapping", "a: {b: c: d}\n", `c.yaml:1:9: a second ":" in one entry of the mapping opened at 1:4`},
		{"text after a flow list", "a: [b]c\n", `c.yaml:1:7: unexpected "c" after the end of a [ ] or { } collection`},
		{"reserved @", "a: @b\n", `c.yaml:1:4: a value cannot start with "@", which YAML reserves; quote the value`},
		{"reserved backtick", "x: 1\na: `b`\n", "c.yaml:2:4: a value cannot start with \"`\""},
		{"unknown escape", "a: 1\nb: \"x\\qy\"\n", `c.yaml:2:6: "\\q" is not an escape YAML knows`},
		{"unknown anchor", "a: 1\nb: *x\n", "c.yaml:2:4: alias *x refers to no anchor"},
		{"junk after a block scalar indicator", "a: 1\nb: |x\n  text\n", "c.yaml:2:4: after | or > (a block of text)"},
		{"control character", "a: 1\nb: x\x07y\n", "c.yaml:2:5: the control character U+0007 is not allowed in a YAML file"},
		{"C1 control character", "a: 1\nb: x\u009by\n", "c.yaml:2:5: the control character U+009B is not allowed"},
		{"bytes that are not UTF-8", "a: 1\nb: é\xffc\n", "c.yaml:2:5: byte 0xff is not UTF-8 text"},
		{"NUL byte", "a: 1\nb: x\x00\n", "c.yaml:2:5: file contains a NUL byte"},
		{"problem far below the reported line", "a:\n" + strings.Repeat("  k: v\n", 5000) + " bad: 1\n", "c.yaml:5002:2: bad indentation"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load("c.yaml", []byte(tc.doc))
			var errs Errors
			if !errors.As(err, &errs) || len(errs) != 1 {
				t.Fatalf("Load = %v, want one positioned error", err)
			}
			if got := errs[0].Error(); !strings.HasPrefix(got, tc.want) {
				t.Errorf("got  %s\nwant %s…", got, tc.want)
			}
		})
	}
}

// TestSyntaxLocatingIsBounded checks that finding the line costs a few parses, not one
// per line: a 4 MiB document whose error is on its last line, 130,000 lines below the line
// yaml.v3 reports, must be located in O(log distance) parses of prefixes. The parses are
// counted rather than timed, so a slow or loaded machine cannot fail it and a locator that
// parsed once per line cannot pass it; BenchmarkLocateSyntaxError times it.
func TestSyntaxLocatingIsBounded(t *testing.T) {
	data := []byte(farSyntaxError)
	_, err := Load("c.yaml", data)
	if err == nil || !strings.Contains(err.Error(), "c.yaml:130002:2:") {
		t.Fatalf("Load = %v", err)
	}
	parses := 0
	counting := func(b []byte) error {
		parses++
		return parseAll(b)
	}
	ye := splitYAMLError(parseAll(data))
	if n := problemLine(data, splitLines(data), ye, counting); n != 130002 {
		t.Fatalf("problem line %d, want 130002", n)
	}
	if parses > 4 {
		t.Errorf("locating the error next to the reported line took %d parses of prefixes, want at most 4", parses)
	}
	// Reported far above the problem, the locator gallops then bisects: O(log distance)
	// parses, not one per line.
	small := []byte("a:\n" + strings.Repeat("  k: v\n", 20000) + " bad: 1\n")
	ye = splitYAMLError(parseAll(small))
	ye.line = 1
	parses = 0
	if n := problemLine(small, splitLines(small), ye, counting); n != 20002 {
		t.Fatalf("problem line %d, want 20002", n)
	}
	if parses > 2*15+2 {
		t.Errorf("locating the error 20,000 lines below the reported one took %d parses of prefixes, want at most 32", parses)
	}
}

// farSyntaxError is 4 MiB of YAML whose error is on its last line.
var farSyntaxError = "a:\n" + strings.Repeat("  key: value value value value\n", 130000) + " bad: 1\n"

func BenchmarkLocateSyntaxError(b *testing.B) {
	data := []byte(farSyntaxError)
	for b.Loop() {
		if _, err := Load("c.yaml", data); err == nil {
			b.Fatal("no error")
		}
	}
}

// TestTooManyValuesDoesNotBlameAliases: a document that is simply large is not an alias bomb.
func TestTooManyValuesDoesNotBlameAliases(t *testing.T) {
	doc := "list: [" + strings.Repeat("x, ", maxVisits) + "x]\n"
	_, err := Load("c.yaml", []byte(doc))
	if err == nil || strings.Contains(err.Error(), "alias") || !strings.Contains(err.Error(), "document holds more than 200000 values; the limit is 200000") {
		t.Errorf("Load = %v", err)
	}
}

// TestHomoglyphKeyIsVisible: a Cyrillic "а" in "nаme" reads as "name" on screen; the
// message must show the difference.
func TestHomoglyphKeyIsVisible(t *testing.T) {
	var o outer
	err := Unmarshal("c.yaml", []byte("n\u0430me: x\n"), &o)
	if err == nil || !strings.Contains(err.Error(), `unknown field "n\u0430me"`) {
		t.Errorf("Unmarshal = %v, want the key with \\u0430 escaped", err)
	}
}
