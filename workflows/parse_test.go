package workflows

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/petagrid/petagrid/internal/strictyaml"
)

const minimal = `version: 1
name: w
steps:
  - name: a
    run:
      command: [echo, hi]
`

func mustParse(t *testing.T, src string) *Workflow {
	t.Helper()
	wf, err := Parse("w.yaml", []byte(src))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return wf
}

func parseErrors(t *testing.T, src string) []string {
	t.Helper()
	_, err := Parse("w.yaml", []byte(src))
	if err == nil {
		t.Fatalf("Parse accepted:\n%s", src)
	}
	var errs strictyaml.Errors
	if !errors.As(err, &errs) {
		t.Fatalf("error is %T, want strictyaml.Errors: %v", err, err)
	}
	out := make([]string, len(errs))
	for i, e := range errs {
		out[i] = e.Error()
	}
	return out
}

func TestParseExamples(t *testing.T) {
	files, err := filepath.Glob("../docs/examples/*.yaml")
	if err != nil || len(files) < 6 {
		t.Fatalf("want the six documented examples, found %v (%v)", files, err)
	}
	grid, err := filepath.Glob("../examples/grid/*.yaml")
	if err != nil || len(grid) < 2 {
		t.Fatalf("want the grid demo's workflows, found %v (%v)", grid, err)
	}
	files = append(files, grid...)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Parse(f, data); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

func TestParseMinimalDefaults(t *testing.T) {
	wf := mustParse(t, minimal)
	if wf.Name != "w" || len(wf.Steps) != 1 || wf.Steps[0].Name != "a" {
		t.Fatalf("parsed %+v", wf)
	}
	s := wf.Steps[0]
	if len(s.Run.Command) != 2 || s.Run.Command[1].Raw != "hi" {
		t.Errorf("command = %+v", s.Run.Command)
	}
	if s.At != (Pos{4, 11}) {
		t.Errorf("step position = %+v, want 4:11 (the name)", s.At)
	}
}

// TestParseErrorsArePositioned checks each mistake is reported where it was written, with a
// message that says what to do.
func TestParseErrorsArePositioned(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"unknown top-level key", "version: 1\nname: w\nstep: []\nsteps: [{name: a, run: {command: [x]}}]\n", `w.yaml:3:1: unknown field "step" in the workflow (did you mean "steps"?)`},
		{"misspelt step key", "version: 1\nname: w\nsteps:\n  - name: a\n    nedds: [b]\n    run: {command: [x]}\n", `w.yaml:5:5: unknown field "nedds" in step "a" (did you mean "needs"?)`},
		{"misspelt run key", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {comand: [x]}\n", `w.yaml:5:11: unknown field "comand" in run (did you mean "command"?)`},
		{"missing version", "name: w\nsteps: [{name: a, run: {command: [x]}}]\n", "w.yaml:1:1: missing version"},
		{"wrong version", "version: 2\nname: w\nsteps: [{name: a, run: {command: [x]}}]\n", "w.yaml:1:10: version 2 is not supported"},
		{"command as a string", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {command: echo hi}\n", "w.yaml:5:20: command must be a list of words"},
		{"command and shell", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {command: [x], shell: x}\n", "w.yaml:5:25: step a has both command and shell"},
		{"interpolation in shell", "version: 1\nname: w\nparams: {p: {type: int, default: 1}}\nsteps:\n  - name: a\n    run: {shell: 'echo ${{ params.p }}'}\n", "w.yaml:6:18: shell scripts cannot interpolate"},
		{"mem and memPerCpu", "version: 1\nname: w\nsteps:\n  - name: a\n    resources: {mem: 1G, memPerCpu: 1G}\n    run: {command: [x]}\n", "step a resources sets mem and memPerCpu: give exactly one"},
		{"gpusPerTask above gpus", "version: 1\nname: w\nsteps:\n  - name: a\n    resources: {gpus: 1, tasks: 2, gpusPerTask: 2}\n    run: {command: [x]}\n", "w.yaml:5:49: step a asks for 2 gpusPerTask but only 1 gpus in all"},
		{"gpusPerTask without tasks", "version: 1\nname: w\nsteps:\n  - name: a\n    resources: {gpusPerTask: 2}\n    run: {command: [x]}\n", "gpusPerTask needs an explicit tasks count"},
		{"gpus and gpusPerTask disagree", "version: 1\nname: w\nsteps:\n  - name: a\n    resources: {gpus: 3, tasks: 2, gpusPerTask: 1}\n    run: {command: [x]}\n", "2 tasks × 1 gpusPerTask is 2 GPUs, but gpus is 3"},
		{"memPerGpu without gpus", "version: 1\nname: w\nsteps:\n  - name: a\n    resources: {memPerGpu: 1G}\n    run: {command: [x]}\n", "asks for memPerGpu but no GPUs"},
		{"fewer tasks than nodes", "version: 1\nname: w\nsteps:\n  - name: a\n    resources: {nodes: 3, tasks: 2}\n    run: {command: [x]}\n", "asks for 2 tasks on 3 nodes"},
		{"zero time", "version: 1\nname: w\nresources: {time: 0m}\nsteps: [{name: a, run: {command: [x]}}]\n", `w.yaml:3:19: time: duration "0m" is zero`},
		{"unreadable time", "version: 1\nname: w\nresources: {time: 5 minutes}\nsteps: [{name: a, run: {command: [x]}}]\n", "write whole numbers with units d, h, m, s"},
		{"memory without unit", "version: 1\nname: w\nresources: {mem: 4096}\nsteps: [{name: a, run: {command: [x]}}]\n", "is not a size; write a number with a unit"},
		{"octal-looking count", "version: 1\nname: w\nresources: {nodes: 010}\nsteps: [{name: a, run: {command: [x]}}]\n", "leading zero"},
		{"bad env name", "version: 1\nname: w\nenv: {1X: y}\nsteps: [{name: a, run: {command: [x]}}]\n", `w.yaml:3:7: environment variable name "1X"`},
		{"reserved env prefix", "version: 1\nname: w\nenv: {APPTAINER_BIND: /etc}\nsteps: [{name: a, run: {command: [x]}}]\n", "APPTAINER_BIND is reserved"},
		{"reserved env name", "version: 1\nname: w\nenv: {LD_PRELOAD: /x.so}\nsteps: [{name: a, run: {command: [x]}}]\n", "LD_PRELOAD is reserved"},
		{"secret given as a value", "version: 1\nname: w\nsecrets: {TOKEN: 'hunter2 with spaces'}\nsteps: [{name: a, run: {command: [x]}}]\n", "never the secret itself"},
		{"env and secret clash", "version: 1\nname: w\nenv: {TOKEN: x}\nsecrets: {TOKEN: tok}\nsteps: [{name: a, run: {command: [x]}}]\n", "sets TOKEN both as env and as a secret"},
		{"unknown need", "version: 1\nname: w\nsteps:\n  - name: train\n    run: {command: [x]}\n  - name: b\n    needs: [trian]\n    run: {command: [x]}\n", `w.yaml:7:13: step b needs "trian", which is not a step (did you mean "train"?)`},
		{"cycle", "version: 1\nname: w\nsteps:\n  - name: a\n    needs: c\n    run: {command: [x]}\n  - name: b\n    needs: a\n    run: {command: [x]}\n  - name: c\n    needs: b\n    run: {command: [x]}\n", "steps form a cycle: a → c → b → a"},
		{"self need", "version: 1\nname: w\nsteps:\n  - name: a\n    needs: a\n    run: {command: [x]}\n", "step a needs itself"},
		{"duplicate step", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {command: [x]}\n  - name: a\n    run: {command: [x]}\n", `w.yaml:6:11: step name "a" at w.yaml:6:11 is used twice (first at w.yaml:4:11)`},
		{"needs a finally step", "version: 1\nname: w\nsteps:\n  - name: a\n    needs: z\n    run: {command: [x]}\nfinally:\n  - name: z\n    run: {command: [x]}\n", "needs z, a finally step"},
		{"finally with if", "version: 1\nname: w\nsteps: [{name: a, run: {command: [x]}}]\nfinally:\n  - name: z\n    if: failure()\n    run: {command: [x]}\n", "finally step z cannot have if"},
		{"failure without needs", "version: 1\nname: w\nsteps:\n  - name: a\n    if: failure()\n    run: {command: [x]}\n", "runs on failure() but needs no step"},
		{"bad if", "version: 1\nname: w\nsteps:\n  - name: a\n    if: '$X == 1'\n    run: {command: [x]}\n", "if must be success(), failure() or always()"},
		{"bad mpi", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {command: [x], mpi: pmx}\n", `mpi must be pmix, pmi2 or none, got "pmx" (did you mean "pmix"?)`},
		{"unpinned image form", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {image: 'ubuntu:22.04', command: [x]}\n", "must be docker://registry/repository"},
		{"relative sif", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {image: images/tool.sif, command: [x]}\n", "or an absolute path"},
		{"host root image", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {image: /, command: [x]}\n", "the host's root"},
		{"mount with comma", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {command: [x], mounts: [{source: '/data,/etc'}]}\n", "binds split on : and ,"},
		{"mount with dotdot", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {command: [x], mounts: [{source: /data/../etc}]}\n", "not a clean path"},
		{"input escaping workspace", "version: 1\nname: w\nsteps:\n  - name: a\n    inputs: [{url: 'https://x.org/a', path: ../a, sha256: " + strings.Repeat("a", 64) + "}]\n    run: {command: [x]}\n", "leaves the workspace"},
		{"input into metadata", "version: 1\nname: w\nsteps:\n  - name: a\n    inputs: [{url: 'https://x.org/a', path: .petagrid/scripts/a.sbatch, sha256: " + strings.Repeat("a", 64) + "}]\n    run: {command: [x]}\n", "PetaGrid keeps for itself"},
		{"input without checksum", "version: 1\nname: w\nsteps:\n  - name: a\n    inputs: [{url: 'https://x.org/a', path: a}]\n    run: {command: [x]}\n", "input needs sha256"},
		{"ftp input", "version: 1\nname: w\nsteps:\n  - name: a\n    inputs: [{url: 'ftp://x.org/a', path: a, sha256: " + strings.Repeat("a", 64) + "}]\n    run: {command: [x]}\n", "must be an http:// or https:// URL"},
		{"credentials in url", "version: 1\nname: w\nsteps:\n  - name: a\n    outputs: [{path: a, publish: 'https://user:pw@x.org/a'}]\n    run: {command: [x]}\n", "carries credentials"},
		{"unknown param", "version: 1\nname: w\nparams: {epochs: {type: int, default: 1}}\nsteps:\n  - name: a\n    run: {command: [x, '${{ params.epoch }}']}\n", `refers to params.epoch, which is not declared under params (did you mean "epochs"?)`},
		{"malformed reference", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {command: [x, '${{ param.x }}']}\n", "is not a reference"},
		{"matrix ref without matrix", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {command: [x, '${{ matrix.lr }}']}\n", "the step has no matrix or for"},
		{"matrix ref in env", "version: 1\nname: w\nsteps:\n  - name: a\n    matrix: {lr: [1]}\n    env: {LR: '${{ matrix.lr }}'}\n    run: {command: [x]}\n", "matrix values may be used in command words, output paths and publish URLs only"},
		{"param default of wrong type", "version: 1\nname: w\nparams: {n: {type: int, default: ten}}\nsteps: [{name: a, run: {command: [x]}}]\n", `parameter n: "ten" is not a decimal integer`},
		{"string param that is a number", "version: 1\nname: w\nparams: {s: {type: string, default: 1.0}}\nsteps: [{name: a, run: {command: [x]}}]\n", "quote it"},
		{"matrix too large", "version: 1\nname: w\nsteps:\n  - name: a\n    matrix:\n      x: [" + seq(400) + "]\n      y: [" + seq(400) + "]\n    run: {command: [x]}\n", "expands to more than 100000 combinations"},
		{"matrix and for", "version: 1\nname: w\nsteps:\n  - name: a\n    matrix: {x: [1]}\n    for: {items: [1]}\n    run: {command: [x]}\n", "has both matrix and for"},
		{"include missing an axis", "version: 1\nname: w\nsteps:\n  - name: a\n    matrix:\n      x: [1]\n      y: [2]\n      include: [{x: 3}]\n    run: {command: [x]}\n", "include entry gives no value for axis y"},
		{"retry on unknown state", "version: 1\nname: w\nsteps:\n  - name: a\n    retry: {limit: 1, on: [NODEFAIL]}\n    run: {command: [x]}\n", `(did you mean "NODE_FAIL"?)`},
		{"too many retries", "version: 1\nname: w\nsteps:\n  - name: a\n    retry: {limit: 50}\n    run: {command: [x]}\n", "retry limit must be between 0 and 10"},
		{"timeout below time", "version: 1\nname: w\nsteps:\n  - name: a\n    resources: {time: 2h}\n    timeout: 1h\n    run: {command: [x]}\n", "timeout 1h is shorter than one attempt's time 2h"},
		{"merge key", "version: 1\nname: w\nx: &x {command: [x]}\nsteps: [{name: a, run: {<<: *x}}]\n", "merge keys"},
		{"second document", minimal + "---\nversion: 1\n", "a second YAML document"},
		{"duplicate key", "version: 1\nversion: 1\nname: w\nsteps: [{name: a, run: {command: [x]}}]\n", `w.yaml:2:1: "version" is given twice in the workflow (first at w.yaml:1:1)`},
		{"step name with space", "version: 1\nname: w\nsteps:\n  - name: 'a b'\n    run: {command: [x]}\n", `step name "a b" must be 1-32 characters`},
		{"hex count", "version: 1\nname: w\nresources: {tasks: 0x10}\nsteps: [{name: a, run: {command: [x]}}]\n", `tasks must be a decimal integer, got "0x10"`},
		{"octal count", "version: 1\nname: w\nresources: {tasks: 0o10}\nsteps: [{name: a, run: {command: [x]}}]\n", `tasks must be a decimal integer, got "0o10"`},
		{"underscored count", "version: 1\nname: w\nresources: {tasks: 1_000}\nsteps: [{name: a, run: {command: [x]}}]\n", "tasks must be a decimal integer"},
		{"input at the workspace itself", "version: 1\nname: w\nsteps:\n  - name: a\n    inputs: [{url: 'https://x.org/a', path: ./, sha256: " + strings.Repeat("a", 64) + "}]\n    run: {command: [x]}\n", "names the workspace itself"},
		{"one publish URL for every array task", "version: 1\nname: w\nsteps:\n  - name: a\n    matrix: {v: [1, 2]}\n    outputs: [{path: 'o/${{ matrix.v }}', publish: 'https://x.org/up'}]\n    run: {command: [x]}\n", "every array task would upload to this same URL"},
		{"empty include entry", "version: 1\nname: w\nsteps:\n  - name: a\n    matrix: {include: [{a: 1}, {}]}\n    run: {command: [x]}\n", "must all give values for the same axes"},
		{"integer shell variable", "version: 1\nname: w\nenv: {RANDOM: '1'}\nsteps: [{name: a, run: {command: [x]}}]\n", "RANDOM is reserved"},
		{"gpu visibility", "version: 1\nname: w\nenv: {NVIDIA_VISIBLE_DEVICES: all}\nsteps: [{name: a, run: {command: [x]}}]\n", "NVIDIA_VISIBLE_DEVICES is reserved"},
		{"carriage return in a command", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {command: [echo, \"a\\r\\nb\"]}\n", "w.yaml:5:27: command word 2 contains U+000D (carriage return), a control or invisible character (only newline and tab may appear)"},
		{"escape in a shell script", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {shell: \"echo \\e[2K\"}\n", "w.yaml:5:18: shell contains U+001B (escape), a control or invisible character"},
		{"workflow name with slash", "version: 1\nname: a/b\nsteps: [{name: a, run: {command: [x]}}]\n", `name "a/b" must be 1-64 characters`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := parseErrors(t, tc.src)
			joined := strings.Join(got, "\n")
			if !strings.Contains(joined, tc.want) {
				t.Errorf("errors:\n%s\nwant one containing %q", joined, tc.want)
			}
			for _, e := range got {
				if !strings.HasPrefix(e, "w.yaml:") {
					t.Errorf("error %q does not name the file", e)
				}
			}
		})
	}
}

func seq(n int) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = fmt.Sprint(i)
	}
	return strings.Join(parts, ", ")
}

// TestParseReportsAllErrorsAtOnce checks one run lists every mistake, in file order.
func TestParseReportsAllErrorsAtOnce(t *testing.T) {
	src := `version: 1
name: w
steps:
  - name: a
    nedds: [b]
    resources: {mem: 1G, memPerCpu: 2G, time: 0s}
    run: {command: echo, mpi: pmx}
  - name: b
    needs: [zz]
    run: {shell: ''}
`
	got := parseErrors(t, src)
	want := []string{"5:5:", "6:", "6:", "7:20:", "7:31:", "9:13:", "10:18:"}
	if len(got) != len(want) {
		t.Fatalf("got %d errors, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i, w := range want {
		if !strings.HasPrefix(got[i], "w.yaml:"+w) {
			t.Errorf("error %d = %q, want at %s", i, got[i], w)
		}
	}
}

func TestParseRefusesHostileInput(t *testing.T) {
	// An alias bomb: a few lines that expand to billions of nodes.
	var b strings.Builder
	b.WriteString("version: 1\nname: w\nx0: &a0 [a, a, a, a, a, a, a, a, a, a]\n")
	for i := 1; i < 10; i++ {
		fmt.Fprintf(&b, "x%d: &a%d [*a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d]\n", i, i, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1)
	}
	b.WriteString("steps: [{name: a, run: {command: *a9}}]\n")
	got := parseErrors(t, b.String())
	if !strings.Contains(strings.Join(got, "\n"), "expands to more than") {
		t.Errorf("alias bomb: %v", got)
	}

	big := minimal + "# " + strings.Repeat("x", MaxWorkflowBytes) + "\n"
	if got := parseErrors(t, big); !strings.Contains(got[0], "the limit is") {
		t.Errorf("oversized file: %v", got)
	}
	if got := parseErrors(t, "version: 1\x00\n"); !strings.Contains(got[0], "NUL byte") {
		t.Errorf("NUL: %v", got)
	}
	if got := parseErrors(t, ""); !strings.Contains(got[0], "empty workflow") {
		t.Errorf("empty: %v", got)
	}
	var steps strings.Builder
	steps.WriteString("version: 1\nname: w\nsteps:\n")
	for i := 0; i <= MaxSteps; i++ {
		fmt.Fprintf(&steps, "  - {name: s%d, run: {command: [x]}}\n", i)
	}
	if got := parseErrors(t, steps.String()); !strings.Contains(got[0], "the limit is 5000") {
		t.Errorf("too many steps: %v", got)
	}
	// 100,000 steps hold more values than a document may: the message says steps.
	var many strings.Builder
	many.WriteString("version: 1\nname: w\nsteps:\n")
	for i := 0; i < 100_000; i++ {
		fmt.Fprintf(&many, "- {name: s%d, run: {command: [x]}}\n", i)
	}
	if got := parseErrors(t, many.String()); len(got) != 1 || got[0] != "w.yaml:4:1: too many steps: steps has 100000 steps; the limit is 5000" {
		t.Errorf("100,000 steps: %v", got)
	}
	deep := "version: 1\nname: w\nlabels: " + strings.Repeat("[", 100) + strings.Repeat("]", 100) + "\nsteps: [{name: a, run: {command: [x]}}]\n"
	if got := parseErrors(t, deep); !strings.Contains(strings.Join(got, "\n"), "deeper than 64") {
		t.Errorf("deep nesting: %v", got)
	}
}

func TestParseWarnsAboutUnpinnedImages(t *testing.T) {
	wf := mustParse(t, "version: 1\nname: w\nsteps:\n  - name: a\n    run: {image: 'docker://ubuntu:22.04', command: [x]}\n  - name: b\n    run: {image: 'docker://ubuntu@sha256:"+strings.Repeat("a", 64)+"', command: [x]}\n")
	if len(wf.Warnings) != 1 || !strings.Contains(wf.Warnings[0].Error(), "w.yaml:5:18: image of step a is not pinned by digest") {
		t.Errorf("warnings = %v", wf.Warnings)
	}
}

func TestParseDurationAndMemory(t *testing.T) {
	for in, want := range map[string]int64{"2h30m": 9000, "90m": 5400, "1d12h": 129600, "45s": 45, "1d": 86400} {
		got, err := ParseDuration(in)
		if err != nil || got != want {
			t.Errorf("ParseDuration(%q) = %d, %v; want %d", in, got, err, want)
		}
		if back, _ := ParseDuration(FormatDuration(got)); back != got {
			t.Errorf("FormatDuration(%d) = %q does not read back", got, FormatDuration(got))
		}
	}
	for _, bad := range []string{"", "0h", "2h 30m", "30m2h", "1h1h", "-5m", "1.5h", "5", "400d"} {
		if _, err := ParseDuration(bad); err == nil {
			t.Errorf("ParseDuration(%q) accepted", bad)
		}
	}
	for in, want := range map[string]int64{"512M": 512, "16G": 16384, "1.5G": 1536, "1T": 1 << 20, "100K": 1, "2GiB": 2048, "3GB": 3072} {
		got, err := ParseMemory(in)
		if err != nil || got != want {
			t.Errorf("ParseMemory(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "0G", "16", "16 G", "-1G", "1X", "2P"} {
		if _, err := ParseMemory(bad); err == nil {
			t.Errorf("ParseMemory(%q) accepted", bad)
		}
	}
	if got := slurmTime(9000); got != "0-02:30:00" {
		t.Errorf("slurmTime(9000) = %q", got)
	}
	if got := slurmTime(61); got != "0-00:02:00" {
		t.Errorf("slurmTime(61) = %q: Slurm counts minutes, so a part minute must round up", got)
	}
	if got := slurmTime(90000); got != "1-01:00:00" {
		t.Errorf("slurmTime(90000) = %q", got)
	}
}

// TestParseSyntaxErrorsInTheResearchersWords: YAML syntax errors reach the workflow's
// reader at their line and column, said plainly.
func TestParseSyntaxErrorsInTheResearchersWords(t *testing.T) {
	cases := map[string]string{
		"version: 1\nname: w\nsteps:\n\t- name: a\n":                                     "w.yaml:4:1: tab character used for indentation: YAML indents with spaces",
		"version: 1\nname: w\nsteps:\n  - name: a\n    run: {command: [x]}\n   bad: 1\n": `w.yaml:6:4: bad indentation: "bad: 1" follows a list`,
		"version: 1\nname: \"w\nsteps: []\n":                                             "w.yaml:2:7: unclosed double quote",
		"version: 1\nname: w\nsteps: [{name: a, run: {command: [x, y}}\n":                `w.yaml:3:39: "}" does not close the "[" opened at 3:34`,
		"version: 1\nname: w: x\nsteps: []\n":                                            `w.yaml:2:8: unexpected ": " inside a value`,
	}
	for src, want := range cases {
		got := parseErrors(t, src)
		if len(got) != 1 || !strings.HasPrefix(got[0], want) {
			t.Errorf("%q:\ngot  %v\nwant %s…", src, got, want)
		}
	}
}

// replicated is a workflow that meets what verify needs; tests put a verify block after it.
const replicated = `version: 1
name: w
deterministic: true
steps:
  - name: a
    run: {command: [x]}
    outputs: [{path: o}]
`

func TestParseDeterministicAndVerify(t *testing.T) {
	wf := mustParse(t, minimal)
	if wf.Deterministic || wf.Verify != nil {
		t.Errorf("defaults: deterministic %v, verify %+v; want false and nil", wf.Deterministic, wf.Verify)
	}
	if wf := mustParse(t, replicated); !wf.Deterministic || wf.Verify != nil {
		t.Errorf("deterministic alone: deterministic %v, verify %+v", wf.Deterministic, wf.Verify)
	}
	if wf := mustParse(t, strings.Replace(replicated, "true", "false", 1)); wf.Deterministic {
		t.Error("deterministic: false reads as true")
	}
	cases := []struct {
		verify                   string
		replicas, quorum, reruns int
		at                       Pos
	}{
		{"verify: {replicas: 2}\n", 2, 2, 0, Pos{8, 9}},
		{"verify: {replicas: 3}\n", 3, 2, 0, Pos{8, 9}},
		{"verify: {replicas: 4}\n", 4, 3, 0, Pos{8, 9}},
		{"verify: {replicas: 5}\n", 5, 3, 0, Pos{8, 9}},
		{"verify: {replicas: 3, quorum: 3}\n", 3, 3, 0, Pos{8, 9}},
		{"verify: {quorum: 4, replicas: 5}\n", 5, 4, 0, Pos{8, 9}},
		{"verify:\n  replicas: 5\n  quorum: 5\n", 5, 5, 0, Pos{9, 3}},
		{"verify: {replicas: 3, reruns: 1}\n", 3, 2, 1, Pos{8, 9}},
		{"verify: {reruns: 3, replicas: 2, quorum: 2}\n", 2, 2, 3, Pos{8, 9}},
		{"verify: {replicas: 3, reruns: 0}\n", 3, 2, 0, Pos{8, 9}},
	}
	for _, c := range cases {
		wf := mustParse(t, replicated+c.verify)
		want := &Verify{Replicas: c.replicas, Quorum: c.quorum, Reruns: c.reruns, At: c.at}
		if wf.Verify == nil || *wf.Verify != *want {
			t.Errorf("%q: verify = %+v, want %+v", c.verify, wf.Verify, want)
		}
	}
	// An output in a finally step is an output to compare too.
	mustParse(t, "version: 1\nname: w\ndeterministic: true\nverify: {replicas: 2}\nsteps:\n  - name: a\n    run: {command: [x]}\nfinally:\n  - name: z\n    run: {command: [x]}\n    outputs: [{path: o}]\n")
	// Outputs with matrix values, one manifest per array task, are outputs as well.
	mustParse(t, "version: 1\nname: w\ndeterministic: true\nverify: {replicas: 2}\nsteps:\n  - name: a\n    for: {items: [1, 2]}\n    run: {command: [x]}\n    outputs: [{path: 'o/${{ matrix.item }}'}]\n")
}

// TestParseVerifyErrors checks each of verify's errors alone, with its exact position and
// message.
func TestParseVerifyErrors(t *testing.T) {
	const noOutputs = "version: 1\nname: w\ndeterministic: true\nsteps:\n  - name: a\n    run: {command: [x]}\n"
	cases := []struct {
		name, src string
		want      []string
	}{
		{"deterministic not a boolean", strings.Replace(replicated, "true", "'yes'", 1),
			[]string{`w.yaml:3:16: deterministic must be true or false, got "yes"`}},
		{"deterministic false", strings.Replace(replicated, "true", "false", 1) + "verify: {replicas: 3}\n",
			[]string{"w.yaml:8:9: verify needs `deterministic: true`: replicated execution compares the outputs of several sites, which agree only when they depend on nothing but the inputs, image and params (no clocks, unseeded randomness, host names or thread-count-dependent reductions); declare it, and make sure it holds, or drop verify"}},
		{"deterministic left out", strings.Replace(replicated, "deterministic: true\n", "", 1) + "verify:\n  replicas: 3\n",
			[]string{"w.yaml:8:3: verify needs `deterministic: true`: replicated execution compares the outputs of several sites, which agree only when they depend on nothing but the inputs, image and params (no clocks, unseeded randomness, host names or thread-count-dependent reductions); declare it, and make sure it holds, or drop verify"}},
		{"no outputs", noOutputs + "verify: {replicas: 2}\n",
			[]string{"w.yaml:7:9: verify compares the replicas by their declared outputs, but no step in steps or finally declares any: there is nothing to compare; list the results under a step's outputs, or drop verify"}},
		{"empty outputs", strings.Replace(replicated, "[{path: o}]", "[]", 1) + "verify: {replicas: 2}\n",
			[]string{"w.yaml:8:9: verify compares the replicas by their declared outputs, but no step in steps or finally declares any: there is nothing to compare; list the results under a step's outputs, or drop verify"}},
		{"publish", noOutputs + "    outputs:\n      - path: o\n      - path: p\n        publish: https://x.org/p\nfinally:\n  - name: z\n    run: {command: [x]}\n    outputs: [{path: q, publish: 'https://x.org/q'}]\nverify: {replicas: 2}\n",
			[]string{
				"w.yaml:10:18: step a publishes this output, but the workflow has verify: every replica would upload to the same URL, a dissenting one too; drop publish and fetch the outputs of the job instead, or drop verify",
				"w.yaml:14:34: step z publishes this output, but the workflow has verify: every replica would upload to the same URL, a dissenting one too; drop publish and fetch the outputs of the job instead, or drop verify",
			}},
		{"not a mapping", replicated + "verify: 3\n",
			[]string{`w.yaml:8:9: verify must be a mapping, got "3"`}},
		{"empty", replicated + "verify: {}\n",
			[]string{"w.yaml:8:9: verify needs replicas: how many distinct sites run the workflow (2-5)"}},
		{"unknown key", replicated + "verify: {replicas: 3, quorom: 2}\n",
			[]string{`w.yaml:8:23: unknown field "quorom" in verify (did you mean "quorum"?)`}},
		{"key given twice", replicated + "verify: {replicas: 3, replicas: 4}\n",
			[]string{`w.yaml:8:23: "replicas" is given twice in verify (first at w.yaml:8:10)`}},
		{"one replica", replicated + "verify: {replicas: 1}\n",
			[]string{"w.yaml:8:20: verify replicas must be between 2 and 5, got 1"}},
		{"six replicas", replicated + "verify: {replicas: 6}\n",
			[]string{"w.yaml:8:20: verify replicas must be between 2 and 5, got 6"}},
		{"replicas as a string", replicated + "verify: {replicas: '3'}\n",
			[]string{`w.yaml:8:20: verify replicas must be an integer, got "3"`}},
		{"replicas with a leading zero", replicated + "verify: {replicas: 03}\n",
			[]string{`w.yaml:8:20: verify replicas "03" has a leading zero, which YAML reads as octal; write it without`}},
		{"quorum of half", replicated + "verify: {replicas: 4, quorum: 2}\n",
			[]string{"w.yaml:8:31: verify quorum must be between 3 and 4 for 4 replicas, got 2: a quorum is more than half of the replicas, so that two groups that disagree can never both reach it (leave quorum out for 3)"}},
		{"quorum above replicas", replicated + "verify: {replicas: 3, quorum: 4}\n",
			[]string{"w.yaml:8:31: verify quorum must be between 2 and 3 for 3 replicas, got 4: a quorum is more than half of the replicas, so that two groups that disagree can never both reach it (leave quorum out for 2)"}},
		{"negative quorum", replicated + "verify: {replicas: 5, quorum: -3}\n",
			[]string{"w.yaml:8:31: verify quorum must be between 3 and 5 for 5 replicas, got -3: a quorum is more than half of the replicas, so that two groups that disagree can never both reach it (leave quorum out for 3)"}},
		{"quorum without replicas", replicated + "verify: {quorum: 9}\n",
			[]string{"w.yaml:8:9: verify needs replicas: how many distinct sites run the workflow (2-5)", "w.yaml:8:18: verify quorum must be between 2 and 5, got 9"}},
		{"quorum with bad replicas", replicated + "verify: {replicas: 9, quorum: 1}\n",
			[]string{"w.yaml:8:20: verify replicas must be between 2 and 5, got 9", "w.yaml:8:31: verify quorum must be between 2 and 5, got 1"}},
		{"negative reruns", replicated + "verify: {replicas: 3, reruns: -1}\n",
			[]string{"w.yaml:8:31: verify reruns must be between 0 and 3, got -1"}},
		{"four reruns", replicated + "verify: {replicas: 3, reruns: 4}\n",
			[]string{"w.yaml:8:31: verify reruns must be between 0 and 3, got 4"}},
		{"reruns not a number", replicated + "verify: {replicas: 3, reruns: true}\n",
			[]string{`w.yaml:8:31: verify reruns must be an integer, got "true"`}},
		{"reruns without replicas", replicated + "verify: {reruns: 1}\n",
			[]string{"w.yaml:8:9: verify needs replicas: how many distinct sites run the workflow (2-5)"}},
		{"quorum not a number", replicated + "verify: {replicas: 3, quorum: all}\n",
			[]string{`w.yaml:8:31: verify quorum must be an integer, got "all"`}},
		{"everything at once", "version: 1\nname: w\nverify: {replicas: 7, quorum: 0, sites: [a]}\nsteps:\n  - name: a\n    run: {command: [x]}\n    outputs: [{path: o, publish: 'https://x.org/o'}]\n",
			[]string{
				"w.yaml:3:9: verify needs `deterministic: true`: replicated execution compares the outputs of several sites, which agree only when they depend on nothing but the inputs, image and params (no clocks, unseeded randomness, host names or thread-count-dependent reductions); declare it, and make sure it holds, or drop verify",
				"w.yaml:3:20: verify replicas must be between 2 and 5, got 7",
				"w.yaml:3:31: verify quorum must be between 2 and 5, got 0",
				`w.yaml:3:34: unknown field "sites" in verify (expected one of: quorum, replicas, reruns)`,
				"w.yaml:7:34: step a publishes this output, but the workflow has verify: every replica would upload to the same URL, a dissenting one too; drop publish and fetch the outputs of the job instead, or drop verify",
			}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := parseErrors(t, tc.src)
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// TestParsePlacement: placement.grades, each kind optional, each the worst grade accepted.
func TestParsePlacement(t *testing.T) {
	const base = "version: 1\nname: w\nsteps:\n  - name: a\n    run: {command: [x]}\n"
	wf, err := Parse("w.yaml", []byte(base+"placement:\n  grades: {performance: B, reliability: 2, energy: Y}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if wf.Placement == nil || wf.Placement.MinGrades != (Grades{Performance: "B", Reliability: 2, Energy: "Y"}) || wf.Placement.At.Line != 7 {
		t.Fatalf("placement: %+v", wf.Placement)
	}
	if wf, err = Parse("w.yaml", []byte(base+"placement: {grades: {energy: X}}\n")); err != nil || wf.Placement.MinGrades != (Grades{Energy: "X"}) {
		t.Fatalf("energy only: %+v %v", wf.Placement, err)
	}
	if wf, err = Parse("w.yaml", []byte(base)); err != nil || wf.Placement != nil || wf.Placement.Auction() {
		t.Fatalf("no placement: %+v %v", wf.Placement, err)
	}
	if wf, err = Parse("w.yaml", []byte(base+"placement: {mode: auction}\n")); err != nil || !wf.Placement.Auction() || wf.Placement.WindowSeconds != DefaultAuctionWindowSeconds {
		t.Fatalf("auction with the default window: %+v %v", wf.Placement, err)
	}
	if wf, err = Parse("w.yaml", []byte(base+"placement: {mode: auction, window: 2m}\n")); err != nil || !wf.Placement.Auction() || wf.Placement.WindowSeconds != 120 {
		t.Fatalf("auction of 2m: %+v %v", wf.Placement, err)
	}
	if wf, err = Parse("w.yaml", []byte(base+"placement: {grades: {performance: C}}\n")); err != nil || wf.Placement.Auction() || wf.Placement.Mode != PlacementPosted || wf.Placement.WindowSeconds != 0 {
		t.Fatalf("posted by default: %+v %v", wf.Placement, err)
	}
	cases := []struct {
		name, src string
		want      []string
	}{
		{"not a mapping", base + "placement: fast\n", []string{`w.yaml:6:12: placement must be a mapping, got "fast"`}},
		{"unknown key", base + "placement: {auction: true}\n", []string{`w.yaml:6:13: unknown field "auction" in placement (expected one of: grades, mode, window)`}},
		{"unknown mode", base + "placement: {mode: lottery}\n", []string{`w.yaml:6:19: placement mode must be one of [posted auction], got "lottery"`}},
		{"window without auction", base + "placement: {window: 30s}\n", []string{"w.yaml:6:21: placement window is the bidding window of an auction: set `mode: auction`, or drop window"}},
		{"window of posted prices", base + "placement: {mode: posted, window: 30s}\n", []string{"w.yaml:6:35: placement window is the bidding window of an auction: set `mode: auction`, or drop window"}},
		{"window too short", base + "placement: {mode: auction, window: 4s}\n", []string{"w.yaml:6:36: placement window 4s: between 5s and 10m (the reveals take as long again)"}},
		{"window too long", base + "placement: {mode: auction, window: 11m}\n", []string{"w.yaml:6:36: placement window 660s: between 5s and 10m (the reveals take as long again)"}},
		{"window not a duration", base + "placement: {mode: auction, window: soon}\n", []string{`w.yaml:6:36: placement window: "soon" is not a duration; write whole numbers with units d, h, m, s such as 2h30m or 90m`}},
		{"auction with verify", "version: 1\nname: w\ndeterministic: true\nverify: {replicas: 2}\nplacement: {mode: auction}\nsteps:\n  - name: a\n    run: {command: [x]}\n    outputs: [{path: out}]\n",
			[]string{"w.yaml:5:19: placement mode auction cannot go with verify: replicas are placed on operators drawn at random (so that no operator can price itself into every replica), which an auction's lowest bid would undo; drop one of them"}},
		{"grades not a mapping", base + "placement: {grades: A}\n", []string{`w.yaml:6:21: placement grades must be a mapping, got "A"`}},
		{"unknown grade kind", base + "placement: {grades: {speed: A}}\n", []string{`w.yaml:6:22: unknown field "speed" in placement grades (expected one of: energy, performance, reliability)`}},
		{"performance E", base + "placement: {grades: {performance: E}}\n", []string{`w.yaml:6:35: placement grades performance must be one of [A B C D] (the worst grade accepted, best first), got "E"`}},
		{"performance lower case", base + "placement: {grades: {performance: a}}\n", []string{`w.yaml:6:35: placement grades performance must be one of [A B C D] (the worst grade accepted, best first), got "a"`}},
		{"reliability 0", base + "placement: {grades: {reliability: 0}}\n", []string{"w.yaml:6:35: placement grades reliability must be between 1 and 4, got 0"}},
		{"reliability 5", base + "placement: {grades: {reliability: 5}}\n", []string{"w.yaml:6:35: placement grades reliability must be between 1 and 4, got 5"}},
		{"reliability as text", base + "placement: {grades: {reliability: '1'}}\n", []string{`w.yaml:6:35: placement grades reliability must be an integer, got "1"`}},
		{"energy W", base + "placement: {grades: {energy: W}}\n", []string{`w.yaml:6:30: placement grades energy must be one of [X Y Z] (the worst grade accepted, best first), got "W"`}},
		{"energy a number", base + "placement: {grades: {energy: 1}}\n", []string{`w.yaml:6:30: placement grades energy must be a string, got "1" which YAML reads as int; quote it`}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := parseErrors(t, tc.src)
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}
