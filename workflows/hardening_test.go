package workflows

import (
	"fmt"
	"math/rand/v2"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// hostileMatrix is one step whose matrix has x (10 values) × y (10,000 values) = 100,000
// combinations, ones more one-value axes, and excludes entries that match nothing.
func hostileMatrix(ones, excludes int) []byte {
	var b strings.Builder
	b.WriteString("version: 1\nname: hostile\nsteps:\n  - name: sweep\n    run: {command: [echo, '${{ matrix.y }}']}\n    matrix:\n")
	b.WriteString("      x: [" + seq(10) + "]\n      y: [" + seq(10000) + "]\n")
	for i := 0; i < ones; i++ {
		fmt.Fprintf(&b, "      a%d: [v]\n", i)
	}
	if excludes > 0 {
		entries := make([]string, excludes)
		for i := range entries {
			entries[i] = "{x: nothing}"
		}
		b.WriteString("      exclude: [" + strings.Join(entries, ", ") + "]\n")
	}
	return []byte(b.String())
}

// TestMatrixShapeLimits: a matrix with more axes or exclude entries than the limits is
// refused when parsed, before anything reads its entries.
func TestMatrixShapeLimits(t *testing.T) {
	got := parseErrors(t, string(hostileMatrix(MaxMatrixAxes-1, 0)))
	if !strings.Contains(strings.Join(got, "\n"), "matrix has more than 32 axes; the limit is 32") {
		t.Errorf("33 axes: %v", got)
	}
	got = parseErrors(t, string(hostileMatrix(0, MaxMatrixExcludes+1)))
	if !strings.Contains(strings.Join(got, "\n"), "matrix exclude has 1001 entries; the limit is 1000") {
		t.Errorf("1001 exclude entries: %v", got)
	}
	// At the limits, the file is valid.
	mustParse(t, string(hostileMatrix(MaxMatrixAxes-2, MaxMatrixExcludes)))
}

// TestMatrixOverMaxArraySizeCostsNoMemory: a matrix of 100,000 combinations of 32 values
// on a site that runs 1,001 array tasks is refused from its size, without building the
// combinations (which would take tens of MB; a hostile file of a few hundred KB took GBs).
func TestMatrixOverMaxArraySizeCostsNoMemory(t *testing.T) {
	for _, excludes := range []int{0, MaxMatrixExcludes} {
		wf := mustParse(t, string(hostileMatrix(MaxMatrixAxes-2, excludes)))
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := Compile(wf, DefaultProfile(), CompileOptions{RunID: "h"})
		runtime.ReadMemStats(&after)
		if err == nil || !strings.Contains(err.Error(), "has 100000 combinations; this site's Slurm runs at most 1001 array tasks") {
			t.Fatalf("excludes %d: Compile = %v", excludes, err)
		}
		if allocated := after.TotalAlloc - before.TotalAlloc; allocated > 4<<20 {
			t.Errorf("excludes %d: refusing the matrix allocated %d MiB", excludes, allocated>>20)
		}
	}
}

// TestMatrixProductCannotOverflow: Compile takes a Workflow that Parse did not check; a
// product of axes beyond int64 must be refused, not wrap around (it made a slice with a
// garbage capacity and panicked).
func TestMatrixProductCannotOverflow(t *testing.T) {
	values := make([]string, MaxAxisValues)
	for i := range values {
		values[i] = fmt.Sprint(i)
	}
	m := &Matrix{At: Pos{1, 1}}
	for i := 0; i < 5; i++ {
		m.Axes = append(m.Axes, Axis{Name: fmt.Sprintf("a%d", i), Values: values})
	}
	wf := &Workflow{File: "w.yaml", Name: "w", Steps: []*Step{{Name: "s", Run: Run{Command: []Text{{Raw: "x", Segments: []Segment{{Literal: "x"}}}}}, Matrix: m}}}
	_, err := Compile(wf, DefaultProfile(), CompileOptions{RunID: "o"})
	if err == nil || !strings.Contains(err.Error(), "expands to more than 100000 combinations") {
		t.Errorf("Compile = %v", err)
	}
}

// naiveExpand is the definition of a matrix's combinations, written the slow way: every
// combination of the product, checked against every exclude entry.
func naiveExpand(m *Matrix) [][]string {
	var out [][]string
	var walk func(prefix []string)
	walk = func(prefix []string) {
		if len(prefix) == len(m.Axes) {
			for _, ex := range m.Exclude {
				match := len(ex.Values) > 0
				for i, a := range m.Axes {
					if v, ok := ex.Values[a.Name]; ok && v != prefix[i] {
						match = false
					}
				}
				if match {
					return
				}
			}
			out = append(out, slices.Clone(prefix))
			return
		}
		for _, v := range m.Axes[len(prefix)].Values {
			walk(append(prefix, v))
		}
	}
	if len(m.Axes) > 0 {
		walk(nil)
	}
	for _, inc := range m.Include {
		var combo []string
		for _, a := range matrixAxisNames(m) {
			combo = append(combo, inc.Values[a])
		}
		out = append(out, combo)
	}
	return out
}

// TestExcludeMatcherAgreesWithTheDefinition compares the per-axis matcher with the naive
// definition on many random matrices, with repeated values, empty entries and entries that
// name every axis or none.
func TestExcludeMatcherAgreesWithTheDefinition(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for n := 0; n < 2000; n++ {
		m := &Matrix{}
		for a := 0; a < 1+r.IntN(4); a++ {
			ax := Axis{Name: fmt.Sprintf("a%d", a)}
			for v := 0; v < 1+r.IntN(4); v++ {
				ax.Values = append(ax.Values, fmt.Sprint(r.IntN(3)))
			}
			m.Axes = append(m.Axes, ax)
		}
		for e := 0; e < r.IntN(70); e++ {
			ex := Combination{Values: map[string]string{}}
			for _, a := range m.Axes {
				if r.IntN(2) == 0 {
					ex.Values[a.Name] = fmt.Sprint(r.IntN(3))
				}
			}
			m.Exclude = append(m.Exclude, ex)
		}
		want := naiveExpand(m)
		size, err := measureMatrix(m)
		if err != nil {
			t.Fatal(err)
		}
		_, got := expandMatrix(m, size.combinations)
		if !slices.EqualFunc(got, want, slices.Equal) || size.combinations != int64(len(want)) {
			t.Fatalf("matrix %+v:\ngot  %v (counted %d)\nwant %v", m, got, size.combinations, want)
		}
		var bytes int64
		for _, c := range want {
			for _, v := range c {
				bytes += int64(len(v)) + 1
			}
		}
		if size.dataBytes != bytes || int64(len(matrixData(got))) != bytes {
			t.Fatalf("matrix %+v: measured %d bytes of values, the file has %d", m, size.dataBytes, bytes)
		}
	}
}

// TestMatrixOutputChecksAreBounded: 256 outputs with long publish URLs over 100,000 array
// tasks meant building tens of GB of text to check them; it is refused from its size.
func TestMatrixOutputChecksAreBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("version: 1\nname: w\nsteps:\n  - name: s\n    run: {command: [x]}\n    matrix:\n")
	b.WriteString("      x: [" + seq(10) + "]\n      y: [" + seq(10000) + "]\n    outputs:\n")
	for i := 0; i < MaxOutputs; i++ {
		fmt.Fprintf(&b, "      - {path: 'o%d/${{ matrix.x }}/${{ matrix.y }}', publish: 'https://h.example/%s/%d/${{ matrix.x }}/${{ matrix.y }}'}\n", i, strings.Repeat("p", 3000), i)
	}
	wf := mustParse(t, b.String())
	p := DefaultProfile()
	p.MaxArraySize = 4000001
	_, err := Compile(wf, p, CompileOptions{RunID: "o"})
	if err == nil || !strings.Contains(err.Error(), "more than the limit of 64 MiB") {
		t.Errorf("Compile = %v", err)
	}
	got := parseErrors(t, strings.Replace(b.String(), "    outputs:\n", "    outputs:\n      - {path: extra}\n", 1))
	if !strings.Contains(strings.Join(got, "\n"), "outputs has 257 entries; the limit is 256") {
		t.Errorf("257 outputs: %v", got)
	}
}

// TestTaskKeyCollisionsAreRefused: task 1 of the array step s keeps its logs, attempt
// counter and output manifest under s_1, like a step named s_1.
func TestTaskKeyCollisionsAreRefused(t *testing.T) {
	src := "version: 1\nname: w\nsteps:\n  - name: s\n    for: {items: [a, b]}\n    run: {command: [x]}\n  - name: s_1\n    run: {command: [x]}\n"
	got := strings.Join(parseErrors(t, src), "\n")
	want := `w.yaml:7:11: step "s_1" at w.yaml:7:11 would share its logs, attempt counter and output manifest with task 1 of the array step "s" at w.yaml:4:11`
	if !strings.Contains(got, want) {
		t.Errorf("errors:\n%s\nwant %s", got, want)
	}
	// A finally step shares the workspace too, and a higher index than the array has now
	// would collide after one more value.
	got = strings.Join(parseErrors(t, "version: 1\nname: w\nsteps:\n  - {name: s, matrix: {v: [1]}, run: {command: [x]}}\nfinally:\n  - {name: s_7, run: {command: [x]}}\n"), "\n")
	if !strings.Contains(got, `step "s_7" at w.yaml:6:12 would share`) || !strings.Contains(got, `array step "s" at w.yaml:4:12`) {
		t.Errorf("finally step s_7: %s", got)
	}
	// Names that no task key can take are fine: s_a, s_01, and s_1 when s is no array.
	mustParse(t, "version: 1\nname: w\nsteps:\n  - {name: s, matrix: {v: [1, 2]}, run: {command: [x]}}\n  - {name: s_a, run: {command: [x]}}\n  - {name: s_01, run: {command: [x]}}\n")
	mustParse(t, "version: 1\nname: w\nsteps:\n  - {name: s, run: {command: [x]}}\n  - {name: s_1, run: {command: [x]}}\n")
}

// invisible are characters the docs refuse where they promise "no control character": C1
// controls, line and paragraph separators, bidi controls and other format characters.
var invisible = []rune{0x80, 0x85, 0x9b, 0x9f, 0x2028, 0x2029, 0x202a, 0x202e, 0x2066, 0x2069, 0x200e, 0x200f, 0x200b, 0xfeff, 0x00ad, 0xe0041}

// TestInvisibleCharactersAreRefused puts each character in every field the docs promise
// is free of control characters, and checks it is refused, naming the character.
func TestInvisibleCharactersAreRefused(t *testing.T) {
	fields := map[string]string{
		"command word":  "version: 1\nname: w\nsteps: [{name: a, run: {command: [echo, %s]}}]\n",
		"shell":         "version: 1\nname: w\nsteps: [{name: a, run: {shell: %s}}]\n",
		"env value":     "version: 1\nname: w\nenv: {V: %s}\nsteps: [{name: a, run: {command: [x]}}]\n",
		"step env":      "version: 1\nname: w\nsteps: [{name: a, env: {V: %s}, run: {command: [x]}}]\n",
		"label value":   "version: 1\nname: w\nlabels: {k: %s}\nsteps: [{name: a, run: {command: [x]}}]\n",
		"output path":   "version: 1\nname: w\nsteps: [{name: a, outputs: [{path: %s}], run: {command: [x]}}]\n",
		"input path":    "version: 1\nname: w\nsteps: [{name: a, inputs: [{url: 'https://h.org/f', path: %s, sha256: " + strings.Repeat("a", 64) + "}], run: {command: [x]}}]\n",
		"input url":     "version: 1\nname: w\nsteps: [{name: a, inputs: [{url: %s, path: f, sha256: " + strings.Repeat("a", 64) + "}], run: {command: [x]}}]\n",
		"workdir":       "version: 1\nname: w\nsteps: [{name: a, run: {workdir: %s, command: [x]}}]\n",
		"param in word": "version: 1\nname: w\nparams: {p: {type: string, default: %s}}\nsteps: [{name: a, run: {command: [echo, '${{ params.p }}']}}]\n",
		"param in env":  "version: 1\nname: w\nparams: {p: {type: string, default: %s}}\nenv: {V: '${{ params.p }}'}\nsteps: [{name: a, run: {command: [x]}}]\n",
		"matrix output": "version: 1\nname: w\nsteps: [{name: a, matrix: {v: [%s]}, outputs: [{path: 'o/${{ matrix.v }}'}], run: {command: [x]}}]\n",
	}
	for name, tmpl := range fields {
		for _, r := range invisible {
			// Written as a YAML escape: the parser reads a raw NEL or line separator in the
			// file as a line break, but "\u0085" puts the character itself in the value.
			value := fmt.Sprintf(`"a\U%08Xb"`, r)
			if strings.Contains(name, "url") {
				value = fmt.Sprintf(`"https://h.org/a\U%08Xb"`, r)
			}
			src := fmt.Sprintf(tmpl, value)
			for _, rt := range []Runtime{RuntimeNone, RuntimeApptainer} {
				wf, err := Parse("c.yaml", []byte(src))
				if err == nil {
					p := goldenProfile(t)
					p.Runtime = rt
					_, err = Compile(wf, p, CompileOptions{RunID: "c"})
				}
				if err == nil {
					t.Errorf("%s with U+%04X on runtime %s was accepted", name, r, rt)
					continue
				}
				if !strings.Contains(err.Error(), fmt.Sprintf("U+%04X", r)) {
					t.Errorf("%s with U+%04X on runtime %s: the error does not name the character: %v", name, r, rt, err)
				}
			}
		}
	}
	// Newline and tab stay allowed where the docs say so.
	mustParse(t, "version: 1\nname: w\nenv: {V: \"a\\nb\\tc\"}\nsteps: [{name: a, run: {command: [echo, \"x\\ny\"], image: /i.sif}}]\n")
	// Letters of every script stay allowed.
	mustParse(t, "version: 1\nname: w\nlabels: {k: \"日本 ü Ω д\"}\nsteps: [{name: a, run: {command: [echo, \"日本\"]}}]\n")
}

// TestSiteEnvValuesFollowTheSameRule: the profile's values reach the job scripts too.
func TestSiteEnvValuesFollowTheSameRule(t *testing.T) {
	_, err := LoadProfile("site.yaml", []byte("gpu:\n  env: {NCCL_DEBUG: \"WARN\\u202e\"}\n"))
	if err == nil || !strings.Contains(err.Error(), "U+202E") {
		t.Errorf("LoadProfile = %v", err)
	}
}

// TestHomoglyphsShowInMessages: a Cyrillic "а" in a key looks like "name" on screen; the
// message escapes it so the reader sees why "name" is unknown.
func TestHomoglyphsShowInMessages(t *testing.T) {
	got := strings.Join(parseErrors(t, "version: 1\nn\u0430me: w\nsteps: [{name: a, run: {command: [x]}}]\n"), "\n")
	if !strings.Contains(got, `unknown field "n\u0430me" in the workflow (did you mean "name"?)`) {
		t.Errorf("errors:\n%s", got)
	}
	got = strings.Join(parseErrors(t, "version: 1\nname: w\nsteps: [{name: a, needs: [\u0430], run: {command: [x]}}]\n"), "\n")
	if !strings.Contains(got, `needs "\u0430", which is not a step`) {
		t.Errorf("errors:\n%s", got)
	}
}

// TestCommandsBeyondTheExecLimitAreRefused: a step whose command Linux will not start
// (exit 126, "Argument list too long") is refused when validated, with the limit.
func TestCommandsBeyondTheExecLimitAreRefused(t *testing.T) {
	big := strings.Repeat("a", 60000)
	cases := []struct{ name, src, want string }{
		{"one word over MAX_ARG_STRLEN with parameters",
			"version: 1\nname: w\nparams: {p: {type: string, default: " + big + "}}\nsteps:\n  - name: s\n    run: {command: [echo, '${{ params.p }}${{ params.p }}${{ params.p }}']}\n",
			"w.yaml:6:27: step s: command word 2 is 180000 bytes with its parameters; Linux starts no program with an argument or variable longer than 131071 bytes (MAX_ARG_STRLEN)"},
		{"one env value over MAX_ARG_STRLEN with parameters",
			"version: 1\nname: w\nparams: {p: {type: string, default: " + big + "}}\nenv: {V: '${{ params.p }}${{ params.p }}${{ params.p }}'}\nsteps: [{name: s, run: {command: [x]}}]\n",
			"step s: env V is 180002 bytes with its parameters"},
		{"one word over MAX_ARG_STRLEN with matrix values",
			"version: 1\nname: w\nsteps:\n  - name: s\n    matrix: {v: [x, " + strings.Repeat("b", 4000) + "]}\n    run: {command: [echo, '" + strings.Repeat("${{ matrix.v }}", 40) + "']}\n",
			"command word 2 is 160000 bytes with its parameters and each matrix value at its axis's longest"},
		{"words over the total as written",
			"version: 1\nname: w\nsteps:\n  - name: s\n    run: {command: [echo" + strings.Repeat(", "+big, 20) + "]}\n",
			"step s: its command words and environment variables come to 1200025 bytes as written, more than the limit of 1048576 bytes"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			wf, err := Parse("w.yaml", []byte(tc.src))
			if err == nil {
				_, err = Compile(wf, DefaultProfile(), CompileOptions{RunID: "x"})
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error = %v\nwant one containing %q", err, tc.want)
			}
		})
	}
	// Just under the limits, the step compiles.
	under := "version: 1\nname: w\nparams: {p: {type: string, default: " + strings.Repeat("a", 65000) + "}}\nsteps:\n  - name: s\n    run: {command: [echo, '${{ params.p }}${{ params.p }}']}\n"
	if _, err := Compile(mustParse(t, under), DefaultProfile(), CompileOptions{RunID: "x"}); err != nil {
		t.Errorf("a 130000-byte word: %v", err)
	}
}

// TestMaxArgBytesIsTheKernelLimit checks the constant against Linux itself: one argument
// of MaxArgBytes bytes starts a program, one byte more fails as the refused steps did.
func TestMaxArgBytesIsTheKernelLimit(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("MAX_ARG_STRLEN is Linux's")
	}
	for _, n := range []int{MaxArgBytes, MaxArgBytes + 1} {
		err := exec.Command("/bin/sh", "-c", `exec /bin/true "$1"`, "sh", strings.Repeat("a", n)).Run()
		if n == MaxArgBytes && err != nil {
			t.Errorf("an argument of %d bytes: %v", n, err)
		}
		if n > MaxArgBytes && err == nil {
			t.Errorf("an argument of %d bytes was accepted by the kernel; MaxArgBytes is too low", n)
		}
	}
}
