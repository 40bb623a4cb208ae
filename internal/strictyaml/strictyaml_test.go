package strictyaml

import (
	"errors"
	"strings"
	"testing"
	"time"
)

type inner struct {
	Timeout time.Duration `yaml:"timeout"`
	Count   int           `yaml:"count"`
	Ratio   float64       `yaml:"ratio"`
	Enabled bool          `yaml:"enabled"`
}

type outer struct {
	Name   string            `yaml:"name"`
	Inner  inner             `yaml:"inner"`
	List   []string          `yaml:"list"`
	Labels map[string]string `yaml:"labels"`
	Small  uint8             `yaml:"small"`
}

func TestDecodesValidDocument(t *testing.T) {
	var o outer
	err := Unmarshal("c.yaml", []byte("name: x\ninner:\n  timeout: 30s\n  count: 3\n  ratio: 0.5\n  enabled: true\nlist: [a, b]\nlabels: {k: v}\nsmall: 255\n"), &o)
	if err != nil {
		t.Fatal(err)
	}
	if o.Name != "x" || o.Inner.Timeout != 30*time.Second || o.Inner.Count != 3 || !o.Inner.Enabled || len(o.List) != 2 || o.Labels["k"] != "v" || o.Small != 255 {
		t.Errorf("decoded %+v", o)
	}
	var empty outer
	if err := Unmarshal("e.yaml", []byte("# nothing\n"), &empty); err != nil {
		t.Errorf("empty document: %v", err)
	}
}

func TestReportsEveryProblemWithPosition(t *testing.T) {
	doc := "name: x\ninner:\n  timout: 30s\n  count: ten\n  enabled: yes please\nlist: a\nsmall: 300\nextra: 1\n"
	var o outer
	err := Unmarshal("c.yaml", []byte(doc), &o)
	var errs Errors
	if !errors.As(err, &errs) {
		t.Fatalf("error %v is not Errors", err)
	}
	want := []string{
		`c.yaml:3:3: unknown field "timout" (did you mean "timeout"?)`,
		`c.yaml:4:10: expected an integer, got "ten"`,
		`c.yaml:5:12: expected true or false, got "yes please"`,
		`c.yaml:6:7: expected a list, got "a"`,
		`c.yaml:7:8: integer 300 out of range`,
		`c.yaml:8:1: unknown field "extra" (expected one of: inner, labels, list, name, small)`,
	}
	if len(errs) != len(want) {
		t.Fatalf("got %d errors:\n%v", len(errs), err)
	}
	for i, w := range want {
		if errs[i].Error() != w {
			t.Errorf("error %d = %q, want %q", i, errs[i].Error(), w)
		}
	}
}

func TestBadDurationAndSyntax(t *testing.T) {
	var o outer
	err := Unmarshal("c.yaml", []byte("inner:\n  timeout: 5 minutes\n"), &o)
	if err == nil || !strings.Contains(err.Error(), "c.yaml:2:12: expected a duration") {
		t.Errorf("bad duration gave %v", err)
	}
	err = Unmarshal("c.yaml", []byte("name: [unclosed\n"), &o)
	if err == nil || !strings.HasPrefix(err.Error(), "c.yaml:") {
		t.Errorf("syntax error gave %v", err)
	}
	err = Unmarshal("c.yaml", []byte("a: 1\na: 2\n"), &map[string]int{})
	if err == nil || err.Error() != `c.yaml:2:1: key "a" is given twice in this mapping (first at c.yaml:1:1)` {
		t.Errorf("duplicate key gave %v", err)
	}
	if err := Unmarshal("c.yaml", []byte("name: \x00\n"), &o); err == nil {
		t.Error("NUL byte accepted")
	}
	if err := Unmarshal("c.yaml", []byte("- a\n"), &o); err == nil || !strings.Contains(err.Error(), "c.yaml:1:1: expected a mapping") {
		t.Errorf("list at the top gave %v", err)
	}
}

func TestManyErrorsAreCapped(t *testing.T) {
	var sb strings.Builder
	for i := 0; i < 200; i++ {
		sb.WriteString("k" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + string(rune('a'+i/26)) + ": 1\n")
	}
	var o outer
	var errs Errors
	if err := Unmarshal("c.yaml", []byte(sb.String()), &o); !errors.As(err, &errs) || len(errs) != maxErrors+1 {
		t.Errorf("got %d errors, want %d", len(errs), maxErrors+1)
	}
}

func FuzzUnmarshal(f *testing.F) {
	f.Add([]byte("name: x\ninner:\n  timeout: 30s\n"))
	f.Add([]byte("a: &x [*x]\n"))
	f.Add([]byte("list: [a, {b: c}]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var o outer
		_ = Unmarshal("f.yaml", data, &o)
	})
}

// nested makes the checker walk every level of the bomb.
type nested []nested

func TestAliasBombIsRefused(t *testing.T) {
	doc := "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
	prev := "a"
	for i := 0; i < 9; i++ {
		name := string(rune('b' + i))
		doc += name + ": &" + name + " [" + strings.Repeat("*"+prev+", ", 9) + "*" + prev + "]\n"
		prev = name
	}
	done := make(chan error, 1)
	go func() { done <- Unmarshal("bomb.yaml", []byte(doc), &map[string]nested{}) }()
	select {
	case err := <-done:
		if err == nil {
			t.Error("an alias bomb was accepted")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("an alias bomb was still being expanded after 10s")
	}
}

func TestOneDocumentAndNoOctalSurprises(t *testing.T) {
	var o outer
	err := Unmarshal("c.yaml", []byte("name: a\n---\nname: b\nbogus: 1\n"), &o)
	if err == nil || !strings.Contains(err.Error(), "c.yaml:3:1: a second YAML document") {
		t.Errorf("second document gave %v", err)
	}
	err = Unmarshal("c.yaml", []byte("inner:\n  count: 010\n"), &o)
	if err == nil || !strings.Contains(err.Error(), "c.yaml:2:10: integer \"010\" has a leading zero") {
		t.Errorf("010 gave %v", err)
	}
	if err := Unmarshal("c.yaml", []byte("inner:\n  count: 0\nsmall: 10\n"), &o); err != nil || o.Small != 10 {
		t.Errorf("plain integers: %v %+v", err, o)
	}
	if err := Unmarshal("c.yaml", []byte("name: a\n---\n"), &o); err != nil {
		t.Errorf("a trailing document marker with nothing after it: %v", err)
	}
}

func TestLoadBoundsExpandedText(t *testing.T) {
	// 64 KiB of text aliased 1,000 times: few nodes, 64 MiB once expanded.
	var b strings.Builder
	b.WriteString("long: &l " + strings.Repeat("x", 64<<10) + "\nlist: [")
	for i := 0; i < 1000; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("*l")
	}
	b.WriteString("]\n")
	_, err := Load("bomb.yaml", []byte(b.String()))
	if err == nil || !strings.Contains(err.Error(), "MiB of text") {
		t.Errorf("Load = %v, want a refusal of the expanded text", err)
	}
}
