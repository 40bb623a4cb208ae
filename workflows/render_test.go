package workflows

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// goldenProfile is a GPU and InfiniBand site, so the goldens show every site-supplied part.
func goldenProfile(t testing.TB) *SiteProfile {
	t.Helper()
	p, err := LoadProfile("golden.yaml", []byte(`
name: golden
runtime: apptainer
apptainer:
  imageCache: /shared/images
  flags: [--no-home, --writable-tmpfs]
gpu:
  env: {NCCL_DEBUG: WARN}
infiniband:
  enabled: true
  binds: [/dev/infiniband, /etc/libibverbs.d]
  env: {UCX_TLS: "sysv,ib", UCX_NET_DEVICES: "mlx5_0:1"}
mpi: {pmix: pmix_v4, pmi2: pmi2}
partitions:
  default: cpu
  gpu: gpu
  gpuTypes: {a100: gpu-a100, h100: gpu-h100}
account: research
qos: normal
allowedMounts:
  - {path: /datasets}
  - {path: /scratch, readWrite: true}
workspaceRoot: /shared/workspaces
secretsDir: /etc/petagrid/secrets
`))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// charliecloudProfile is goldenProfile with runtime charliecloud.
func charliecloudProfile(t testing.TB) *SiteProfile {
	t.Helper()
	p := goldenProfile(t)
	p.Runtime = RuntimeCharliecloud
	p.Charliecloud.ImageCache = "/shared/ch-images"
	p.Charliecloud.Flags = []string{"--private-tmp"}
	// ch-run binds read-write, so a Charliecloud site allows its mounts so.
	for i := range p.AllowedMounts {
		p.AllowedMounts[i].ReadWrite = true
	}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	return p
}

var dockerImage = regexp.MustCompile(`docker://[^\s'"]+`)

// charliecloudImages replaces an example's docker:// images, which a Charliecloud site does
// not pull, by the site's image of the same name: a tarball for the MPI and sweep examples,
// a directory for the others, so both kinds are rendered.
func charliecloudImages(file string, data []byte) []byte {
	return dockerImage.ReplaceAllFunc(data, func(ref []byte) []byte {
		name := path.Base(strings.SplitN(strings.SplitN(string(ref), "@", 2)[0], ":", 3)[1])
		if strings.Contains(file, "mpi") || strings.Contains(file, "sweep") {
			return []byte("/images/" + name + ".tar.gz")
		}
		return []byte("/images/" + name)
	})
}

func compileFile(t testing.TB, file string, profile *SiteProfile, params map[string]string) (*Workflow, *Plan) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if profile.Runtime == RuntimeCharliecloud {
		data = charliecloudImages(file, data)
	}
	wf, err := Parse(file, data)
	if err != nil {
		t.Fatal(err)
	}
	plan, err := Compile(wf, profile, CompileOptions{RunID: "golden", Params: params})
	if err != nil {
		t.Fatal(err)
	}
	return wf, plan
}

// planText is the reviewable form of a plan: argv per job, then every file.
func planText(plan *Plan) string {
	var b strings.Builder
	fmt.Fprintf(&b, "workflow %s run %s workspace %s\n", plan.Workflow, plan.RunID, plan.Workspace)
	for _, w := range plan.Warnings {
		fmt.Fprintf(&b, "warning: %s\n", w)
	}
	for _, job := range plan.Jobs {
		req := job.Request
		req.Dependency = SymbolicDependency(job.After)
		fmt.Fprintf(&b, "job %s array=%d stdout=%s stderr=%s\n  sbatch %q\n", job.Step, job.ArraySize, job.Stdout, job.Stderr, req.Argv())
	}
	for _, f := range plan.Files {
		fmt.Fprintf(&b, "\n==== %s (mode %o) ====\n", f.Path, f.Mode)
		b.WriteString(strings.ReplaceAll(string(f.Data), "\x00", "␀"))
	}
	return b.String()
}

// TestGoldenScripts pins the rendered plan of every documented example. Run
// `go test ./workflows -run Golden -update` after a deliberate change and review the diff.
func TestGoldenScripts(t *testing.T) {
	files, _ := filepath.Glob("../docs/examples/*.yaml")
	if len(files) < 6 {
		t.Fatalf("want the six documented examples, found %v", files)
	}
	type golden struct {
		name, file string
		profile    *SiteProfile
	}
	var goldens []golden
	for _, file := range files {
		goldens = append(goldens, golden{strings.TrimSuffix(filepath.Base(file), ".yaml"), file, goldenProfile(t)})
	}
	for _, example := range []string{"gpu-training", "mpi-infiniband"} {
		goldens = append(goldens, golden{"charliecloud-" + example, "../docs/examples/" + example + ".yaml", charliecloudProfile(t)})
	}
	for _, g := range goldens {
		name, file := g.name, g.file
		t.Run(name, func(t *testing.T) {
			wf, plan := compileFile(t, file, g.profile, nil)
			got := planText(plan)
			golden := filepath.Join("testdata", "golden", name+".txt")
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("plan of %s differs from %s (run with -update and review the diff):\n%s", file, golden, firstDiff(string(want), got))
			}
			if msg := checkPlanInert(wf, plan); msg != "" {
				t.Error(msg)
			}
		})
	}
}

func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d:\n  want %q\n  got  %q", i+1, w, g)
		}
	}
	return ""
}

// TestScriptsPassBashAndShellcheck runs bash -n and shellcheck on every script of every
// example under each runtime. A missing shellcheck is a failure, not a skip: CI installs it.
func TestScriptsPassBashAndShellcheck(t *testing.T) {
	if _, err := exec.LookPath("shellcheck"); err != nil {
		t.Fatal("shellcheck is not installed (Debian: apt-get install shellcheck; `make test` installs it)")
	}
	files, _ := filepath.Glob("../docs/examples/*.yaml")
	dir := t.TempDir()
	var scripts []string
	for _, rt := range []Runtime{RuntimeApptainer, RuntimeEnroot, RuntimeCharliecloud, RuntimeNone} {
		for _, file := range files {
			p := goldenProfile(t)
			if rt == RuntimeCharliecloud {
				p = charliecloudProfile(t)
			}
			p.Runtime = rt
			_, plan := compileFile(t, file, p, nil)
			for _, job := range plan.Jobs {
				path := filepath.Join(dir, fmt.Sprintf("%s-%s-%s.sbatch", rt, strings.TrimSuffix(filepath.Base(file), ".yaml"), job.Step))
				if err := os.WriteFile(path, job.Request.Script, 0o600); err != nil {
					t.Fatal(err)
				}
				scripts = append(scripts, path)
			}
		}
	}
	for _, s := range scripts {
		if out, err := exec.Command("bash", "-n", s).CombinedOutput(); err != nil {
			t.Errorf("bash -n %s: %v\n%s", filepath.Base(s), err, out)
		}
	}
	out, err := exec.Command("shellcheck", append([]string{"--shell=bash", "--severity=style"}, scripts...)...).CombinedOutput()
	if err != nil {
		t.Errorf("shellcheck: %v\n%s", err, out)
	}
}

// injectionPayloads are strings that would run code, split words, add sbatch directives or
// end a quoted literal if any of them reached a script unquoted.
var injectionPayloads = []string{
	`'`, `"`, `$`, "`", `\`, `;`, `&`, `|`, `<`, `>`, `$(touch /tmp/pwned)`, "`touch /tmp/pwned`",
	`'; touch /tmp/pwned; '`, `"; touch /tmp/pwned; "`, `${IFS}`, `$HOME`, `${pg_workspace}`, `*`, `?`, `[a]`, `{a,b}`,
	"line\nbreak", "line\n#SBATCH --uid=0", "carriage\rreturn", "tab\there", `\'`, `$'x'`, `%j %x %%`, `--uid=0`, `-`, `!`, `#`, `~root`,
	"\x01\x7f", "\xff\xfe", "ü日本", "crlf\r\nline", "\x1b[2Kclear", "gbk\x81\\'",
}

// TestInjectionPayloadsAreInert puts every payload in every user-controlled field and checks
// each is refused with an error or rendered as inert data.
func TestInjectionPayloadsAreInert(t *testing.T) {
	type field struct {
		name string
		tmpl string // %s is replaced by the YAML-quoted payload
	}
	fields := []field{
		{"workflow name", "version: 1\nname: %s\nsteps: [{name: a, run: {command: [x]}}]\n"},
		{"label", "version: 1\nname: w\nlabels: {k: %s}\nsteps: [{name: a, run: {command: [x]}}]\n"},
		{"command word", "version: 1\nname: w\nsteps: [{name: a, run: {command: [echo, %s]}}]\n"},
		{"program", "version: 1\nname: w\nsteps: [{name: a, run: {command: [%s, x]}}]\n"},
		{"shell", "version: 1\nname: w\nsteps: [{name: a, run: {shell: %s}}]\n"},
		{"env value", "version: 1\nname: w\nenv: {V: %s}\nsteps: [{name: a, run: {command: [x]}}]\n"},
		{"step env value", "version: 1\nname: w\nsteps: [{name: a, env: {V: %s}, run: {image: /images/a.sif, command: [x]}}]\n"},
		{"env name", "version: 1\nname: w\nenv: {%s: v}\nsteps: [{name: a, run: {command: [x]}}]\n"},
		{"secret ref", "version: 1\nname: w\nsecrets: {TOKEN: %s}\nsteps: [{name: a, run: {command: [x]}}]\n"},
		{"step name", "version: 1\nname: w\nsteps: [{name: %s, run: {command: [x]}}]\n"},
		{"needs", "version: 1\nname: w\nsteps: [{name: a, run: {command: [x]}}, {name: b, needs: [%s], run: {command: [x]}}]\n"},
		{"image", "version: 1\nname: w\nsteps: [{name: a, run: {image: %s, command: [x]}}]\n"},
		{"workdir", "version: 1\nname: w\nsteps: [{name: a, run: {workdir: %s, command: [x]}}]\n"},
		{"mount source", "version: 1\nname: w\nsteps: [{name: a, run: {image: /i.sif, mounts: [{source: %s}], command: [x]}}]\n"},
		{"gpu type", "version: 1\nname: w\nsteps: [{name: a, resources: {gpus: 1, gpuType: %s}, run: {command: [x]}}]\n"},
		{"matrix value", "version: 1\nname: w\nsteps: [{name: a, matrix: {v: [%s]}, run: {command: [echo, 'v=${{ matrix.v }}']}}]\n"},
		{"param default", "version: 1\nname: w\nparams: {p: {type: string, default: %s}}\nsteps: [{name: a, run: {command: [echo, '${{ params.p }}']}}]\n"},
		{"input url", "version: 1\nname: w\nsteps: [{name: a, inputs: [{url: %s, path: f, sha256: " + strings.Repeat("a", 64) + "}], run: {command: [x]}}]\n"},
		{"input path", "version: 1\nname: w\nsteps: [{name: a, inputs: [{url: 'https://h.org/f', path: %s, sha256: " + strings.Repeat("a", 64) + "}], run: {command: [x]}}]\n"},
		{"output path", "version: 1\nname: w\nsteps: [{name: a, outputs: [{path: %s}], run: {command: [x]}}]\n"},
		{"publish url", "version: 1\nname: w\nsteps: [{name: a, outputs: [{path: f, publish: %s}], run: {command: [x]}}]\n"},
	}
	profile, charliecloud := goldenProfile(t), charliecloudProfile(t)
	charliecloudRendered := 0
	payloads := append([]string{}, injectionPayloads...)
	for _, p := range injectionPayloads[:12] {
		payloads = append(payloads, "https://h.org/a"+p, "/datasets/a"+p, "docker://r.io/a"+p, "x"+p+"y")
	}
	rendered, refused := 0, 0
	for _, f := range fields {
		for _, payload := range payloads {
			src := fmt.Sprintf(f.tmpl, yamlQuote(payload))
			// The Charliecloud pass runs the image as a directory, so the step's env file
			// is written in ch-run's format.
			if cwf, err := Parse("inject.yaml", []byte(strings.ReplaceAll(src, "/images/a.sif", "/images/a"))); err == nil {
				if cplan, err := Compile(cwf, charliecloud, CompileOptions{RunID: "inject"}); err == nil {
					if msg := checkPlanInert(cwf, cplan); msg != "" {
						t.Errorf("charliecloud: %s = %q: %s", f.name, payload, msg)
					}
					charliecloudRendered++
				}
			}
			wf, err := Parse("inject.yaml", []byte(src))
			if err == nil {
				var plan *Plan
				plan, err = Compile(wf, profile, CompileOptions{RunID: "inject"})
				if err == nil {
					rendered++
					if msg := checkPlanInert(wf, plan); msg != "" {
						t.Errorf("%s = %q: %s", f.name, payload, msg)
					}
					for _, job := range plan.Jobs {
						for _, d := range directives(job.Request.Script) {
							if strings.Contains(d, "uid") {
								t.Errorf("%s = %q added a directive: %s", f.name, payload, d)
							}
						}
					}
					continue
				}
			}
			refused++
			if !strings.Contains(err.Error(), "inject.yaml") {
				t.Errorf("%s = %q: error does not name the file: %v", f.name, payload, err)
			}
		}
	}
	t.Logf("%d payload placements rendered inert, %d refused with an error; %d rendered inert for Charliecloud", rendered, refused, charliecloudRendered)
	if rendered == 0 || refused == 0 || charliecloudRendered == 0 {
		t.Errorf("expected some payloads to render inert and some to be refused")
	}
}

// directives are the lines sbatch reads as options: #SBATCH lines before the first line
// that is neither blank nor a comment (sbatch stops reading options there).
func directives(script []byte) []string {
	var out []string
	for _, line := range strings.Split(string(script), "\n")[1:] {
		trimmed := strings.TrimSpace(line)
		if trimmed != "" && !strings.HasPrefix(trimmed, "#") {
			break
		}
		if strings.HasPrefix(trimmed, "#SBATCH") {
			out = append(out, trimmed)
		}
	}
	return out
}

// yamlQuote writes s as a YAML double-quoted scalar that reads back as exactly s.
func yamlQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i, r := range s {
		switch {
		case r == utf8.RuneError && len(s) > i && s[i] >= 0x80:
			b.WriteByte(s[i]) // invalid UTF-8: YAML cannot carry it, so the parser refuses it
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func TestMatrixAndEnvDataFiles(t *testing.T) {
	src := "version: 1\nname: w\nenv: {A: \"x\\ny\", B: \"it's $(x)\"}\nsteps:\n  - name: s\n    matrix:\n      v: [\"a b\", \"c'd\", \"e\\nf\"]\n      n: [1, 2]\n      exclude: [{v: \"a b\", n: 2}]\n      maxParallel: 2\n    run: {command: [echo, '${{ matrix.v }}-${{ matrix.n }}']}\n"
	wf, err := Parse("m.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, rt := range []Runtime{RuntimeNone, RuntimeApptainer} {
		p := goldenProfile(t)
		p.Runtime = rt
		plan, err := Compile(wf, p, CompileOptions{RunID: "m"})
		if err != nil {
			t.Fatal(err)
		}
		job := plan.Jobs[0]
		if job.ArraySize != 5 || job.Request.Array != "0-4%2" {
			t.Errorf("array = %d %q, want 5 tasks 0-4%%2", job.ArraySize, job.Request.Array)
		}
		var matrix []byte
		for _, f := range plan.Files {
			if f.Path == MetaDir+"/matrix/s.values" {
				matrix = f.Data
			}
		}
		want := "a b\x001\x00c'd\x001\x00c'd\x002\x00e\nf\x001\x00e\nf\x002\x00"
		if string(matrix) != want {
			t.Errorf("matrix data = %q, want %q", matrix, want)
		}
		if msg := checkPlanInert(wf, plan); msg != "" {
			t.Errorf("%s: %s", rt, msg)
		}
	}
	// TestRuntimeArrayTaskReadsItsValues runs the rendered script of an array task.
}

func TestApptainerEnvFileReadsBack(t *testing.T) {
	values := []string{"plain", "it's", `$(id) ` + "`x`", "new\nline", "tab\t", `back\slash`, "ü", ""}
	var src strings.Builder
	src.WriteString("version: 1\nname: w\nenv:\n")
	for i, v := range values {
		fmt.Fprintf(&src, "  V%d: %s\n", i, yamlQuote(v))
	}
	src.WriteString("steps: [{name: a, run: {image: /i.sif, command: [x]}}]\n")
	wf, err := Parse("e.yaml", []byte(src.String()))
	if err != nil {
		t.Fatal(err)
	}
	plan, err := Compile(wf, goldenProfile(t), CompileOptions{RunID: "e"})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range plan.Files {
		if strings.HasSuffix(f.Path, ".env") {
			os.WriteFile(filepath.Join(dir, "env"), f.Data, 0o600)
		}
	}
	// bash reads it the way apptainer's env-file reader (a shell interpreter) does.
	script := `set -a; source "$1"; set +a; for i in 0 1 2 3 4 5 6 7; do n=V$i; printf '%s\0' "${!n}"; done`
	out, err := exec.Command("bash", "-c", script, "x", filepath.Join(dir, "env")).Output()
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	if len(got) != len(values) {
		t.Fatalf("read back %d values, want %d: %q", len(got), len(values), got)
	}
	for i, v := range values {
		if got[i] != v {
			t.Errorf("V%d read back as %q, want %q", i, got[i], v)
		}
	}
}

func TestDependencies(t *testing.T) {
	src := `version: 1
name: w
steps:
  - {name: a, run: {command: [x]}}
  - {name: b, run: {command: [x]}}
  - {name: c, needs: [a, b], run: {command: [x]}}
  - {name: d, needs: [c], if: failure(), run: {command: [x]}}
  - {name: e, needs: [c, d], if: always(), run: {command: [x]}}
finally:
  - {name: z, run: {command: [x]}}
`
	wf := mustParse(t, src)
	plan, err := Compile(wf, goldenProfile(t), CompileOptions{RunID: "d"})
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]uint32{"a": 11, "b": 12, "c": 13, "d": 14, "e": 15}
	want := map[string]string{"a": "", "b": "", "c": "afterok:11:12", "d": "afternotok:13", "e": "afterany:13:14", "z": "afterany:11:12:13:14:15"}
	order := []string{}
	for _, job := range plan.Jobs {
		order = append(order, job.Step)
		got, err := DependencyString(job.After, ids)
		if err != nil {
			t.Fatal(err)
		}
		if got != want[job.Step] {
			t.Errorf("step %s: dependency %q, want %q", job.Step, got, want[job.Step])
		}
		kill := strings.Contains(string(job.Request.Script), "#SBATCH --kill-on-invalid-dep=yes")
		if kill != (want[job.Step] != "") {
			t.Errorf("step %s: --kill-on-invalid-dep present=%v", job.Step, kill)
		}
	}
	if strings.Join(order, ",") != "a,b,c,d,e,z" {
		t.Errorf("order = %v", order)
	}
	two := []Dependency{{Kind: AfterNotOK, Steps: []string{"a", "b"}, Any: true}}
	if got, _ := DependencyString(two, ids); got != "afternotok:11?afternotok:12" {
		t.Errorf("any-of dependency = %q", got)
	}
	if _, err := DependencyString([]Dependency{{Kind: AfterOK, Steps: []string{"x"}}}, ids); err == nil {
		t.Error("a dependency on a step without a job id was accepted")
	}
}

func TestOrderFollowsNeedsNotFileOrder(t *testing.T) {
	wf := mustParse(t, "version: 1\nname: w\nsteps:\n  - {name: late, needs: early, run: {command: [x]}}\n  - {name: early, run: {command: [x]}}\n")
	plan, err := Compile(wf, goldenProfile(t), CompileOptions{RunID: "o"})
	if err != nil {
		t.Fatal(err)
	}
	if plan.Jobs[0].Step != "early" || plan.Jobs[1].Step != "late" {
		t.Errorf("order = %s, %s", plan.Jobs[0].Step, plan.Jobs[1].Step)
	}
}

// TestVerifyDoesNotChangeThePlan: deterministic and verify are for the gateway, which places
// the replicas; each site compiles and runs its replica exactly as the same workflow without
// them, so the replicas' manifests can agree.
func TestVerifyDoesNotChangeThePlan(t *testing.T) {
	const src = `version: 1
name: w
params:
  n: {type: int, default: 3}
steps:
  - name: sim
    for: {items: [a, b]}
    run:
      image: docker://r.io/sim@sha256:bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb
      command: [./sim, "${{ matrix.item }}", "${{ params.n }}"]
    outputs: [{path: "out/${{ matrix.item }}.h5"}]
finally:
  - name: summary
    run: {command: [./summarize]}
    outputs: [{path: summary.json}]
`
	plain := mustParse(t, src)
	replicated := mustParse(t, src+"deterministic: true\nverify: {replicas: 3}\n")
	if !replicated.Deterministic || replicated.Verify == nil {
		t.Fatalf("deterministic %v, verify %+v", replicated.Deterministic, replicated.Verify)
	}
	for _, rt := range []Runtime{RuntimeApptainer, RuntimeEnroot, RuntimeNone} {
		p := goldenProfile(t)
		p.Runtime = rt
		want, err := Compile(plain, p, CompileOptions{RunID: "v"})
		if err != nil {
			t.Fatalf("%s: %v", rt, err)
		}
		got, err := Compile(replicated, p, CompileOptions{RunID: "v"})
		if err != nil {
			t.Fatalf("%s: %v", rt, err)
		}
		if planText(got) != planText(want) {
			t.Errorf("%s: verify changes the plan:\n%s", rt, firstDiff(planText(want), planText(got)))
		}
		if msg := checkPlanInert(replicated, got); msg != "" {
			t.Errorf("%s: %s", rt, msg)
		}
	}
}

// TestSiteRules checks what only a site can refuse, each reported at the right place.
func TestSiteRules(t *testing.T) {
	cases := []struct {
		name, src, want string
		profile         func(*SiteProfile)
		params          map[string]string
	}{
		{"mount outside allow-list", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {image: /i.sif, command: [x], mounts: [{source: /etc}]}\n", "w.yaml:5:49: step a: this site does not allow mounting /etc read-only (allowed: /datasets (ro), /scratch (rw))", nil, nil},
		{"read-write mount of read-only path", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {image: /i.sif, command: [x], mounts: [{source: /datasets/x, readOnly: false}]}\n", "does not allow mounting /datasets/x read-write", nil, nil},
		{"prefix is not a parent", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {image: /i.sif, command: [x], mounts: [{source: /datasets-private}]}\n", "does not allow mounting /datasets-private", nil, nil},
		{"unknown gpu type", "version: 1\nname: w\nsteps:\n  - name: a\n    resources: {gpus: 1, gpuType: v100}\n    run: {command: [x]}\n", "w.yaml:5:35: step a: this site has no GPUs of type v100 (it has: a100, h100)", nil, nil},
		{"too long", "version: 1\nname: w\nsteps:\n  - name: a\n    resources: {time: 7d}\n    retry: {limit: 1}\n    run: {command: [x]}\n", "needs up to 14d", nil, nil},
		{"timeout over max", "version: 1\nname: w\nsteps:\n  - name: a\n    timeout: 200h\n    run: {command: [x]}\n", "timeout 8d8h is longer than this site's maximum of 7d", nil, nil},
		{"timeout below default time", "version: 1\nname: w\nsteps:\n  - name: a\n    timeout: 30m\n    run: {command: [x]}\n", "timeout 30m is shorter than one attempt's time 1h", nil, nil},
		{"matrix over MaxArraySize", "version: 1\nname: w\nsteps:\n  - name: a\n    for: {range: {from: 1, to: 2000}}\n    run: {command: [x]}\n", "has 2000 combinations; this site's Slurm runs at most 1001", nil, nil},
		{"sif on enroot", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {image: /i.sif, command: [x]}\n", "runs docker:// images only, not /i.sif", func(p *SiteProfile) { p.Runtime = RuntimeEnroot }, nil},
		{"docker on charliecloud", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {image: 'docker://r.io/a:1', command: [x]}\n", "w.yaml:5:18: step a: this site runs containers with Charliecloud from images it prepares", func(p *SiteProfile) { p.Runtime = RuntimeCharliecloud }, nil},
		{"sif on charliecloud", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {image: /i/a.SIF, command: [x]}\n", "Charliecloud, which cannot run a SIF file", func(p *SiteProfile) { p.Runtime = RuntimeCharliecloud }, nil},
		{"xz tarball on charliecloud", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {image: /i/a.tar.xz, command: [x]}\n", "as directories or tarballs (.tar, .tar.gz, .tgz); a.tar.xz is neither", func(p *SiteProfile) { p.Runtime = RuntimeCharliecloud }, nil},
		{"squashfs on charliecloud", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {image: /i/a.sqfs, command: [x]}\n", "a.sqfs is neither", func(p *SiteProfile) { p.Runtime = RuntimeCharliecloud }, nil},
		{"directory on apptainer", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {image: /i/a, command: [x]}\n", "runs docker:// images and SIF files (ending in .sif), not /i/a", nil, nil},
		{"read-only mount on charliecloud", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {image: /i/a, command: [x], mounts: [{source: /datasets/x}]}\n", "w.yaml:5:47: step a: this site runs containers with Charliecloud, which binds read-write, and it allows /datasets/x read-only only", func(p *SiteProfile) { p.Runtime = RuntimeCharliecloud }, nil},
		{"newline in env on charliecloud", "version: 1\nname: w\nsteps:\n  - name: a\n    env: {V: \"a\\nb\"}\n    run: {image: /i/a, command: [x]}\n", "w.yaml:5:14: step a: env V holds a newline, which this site's container runtime (Charliecloud) cannot pass", func(p *SiteProfile) { p.Runtime = RuntimeCharliecloud }, nil},
		{"newline from a param on charliecloud", "version: 1\nname: w\nparams: {p: {type: string, default: x}}\nsteps:\n  - name: a\n    env: {V: '${{ params.p }}'}\n    run: {image: /i/a, command: [x]}\n", "env V holds a newline", func(p *SiteProfile) { p.Runtime = RuntimeCharliecloud }, map[string]string{"p": "a\nb"}},
		{"secrets without a store", "version: 1\nname: w\nsecrets: {T: t}\nsteps: [{name: a, run: {command: [x]}}]\n", "this site has no secret store", func(p *SiteProfile) { p.SecretsDir = "" }, nil},
		{"mpi the site lacks", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {command: [x], mpi: pmi2}\n", "asks for mpi pmi2, which this site does not offer", func(p *SiteProfile) { p.MPI.PMI2 = "" }, nil},
		{"missing param", "version: 1\nname: w\nparams: {seed: {type: int}}\nsteps: [{name: a, run: {command: [x]}}]\n", "parameter seed has no default and was not given; pass -p seed=VALUE", nil, nil},
		{"unknown param", "version: 1\nname: w\nparams: {seed: {type: int, default: 1}}\nsteps: [{name: a, run: {command: [x]}}]\n", `parameter "sed" is not declared by the workflow (did you mean "seed"?)`, nil, map[string]string{"sed": "1"}},
		{"param of wrong type", "version: 1\nname: w\nparams: {seed: {type: int, default: 1}}\nsteps: [{name: a, run: {command: [x]}}]\n", `parameter seed (int): "x" is not a decimal integer`, nil, map[string]string{"seed": "x"}},
		{"param leading an output out", "version: 1\nname: w\nparams: {o: {type: string, default: ok}}\nsteps:\n  - name: a\n    outputs: [{path: '${{ params.o }}'}]\n    run: {command: [x]}\n", "leaves the workspace", nil, map[string]string{"o": "../../etc/passwd"}},
		{"matrix value leading an output out", "version: 1\nname: w\nsteps:\n  - name: a\n    matrix: {v: [a, ../../x]}\n    outputs: [{path: 'r/${{ matrix.v }}'}]\n    run: {command: [x]}\n", `output path for v="../../x"`, nil, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := goldenProfile(t)
			if tc.profile != nil {
				tc.profile(p)
			}
			wf := mustParse(t, tc.src)
			_, err := Compile(wf, p, CompileOptions{RunID: "s", Params: tc.params})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error = %v\nwant one containing %q", err, tc.want)
			}
			if err != nil && strings.Count(err.Error(), "\n") > 0 && tc.name == "param of wrong type" {
				t.Errorf("one bad value gave several errors:\n%v", err)
			}
		})
	}
}

func TestTimeLimits(t *testing.T) {
	src := "version: 1\nname: w\nsteps:\n  - name: a\n    resources: {time: 1h}\n    retry: {limit: 2, backoff: {initial: 1m, factor: 3, max: 2m}}\n    run: {command: [x]}\n  - name: b\n    resources: {time: 1h}\n    timeout: 90m\n    run: {command: [x]}\n"
	plan, err := Compile(mustParse(t, src), goldenProfile(t), CompileOptions{RunID: "t"})
	if err != nil {
		t.Fatal(err)
	}
	// 3 attempts of 1h + backoff 1m + 2m (3m capped at 2m) + 10m setup = 3h13m.
	a := string(plan.Jobs[0].Request.Script)
	for _, want := range []string{"#SBATCH --time=0-03:13:00", "--time=0-01:00:00", "pg_attempts=3", "pg_backoff=(60 120)", "pg_retry_any=1", "#SBATCH --requeue"} {
		if !strings.Contains(a, want) {
			t.Errorf("step a lacks %q", want)
		}
	}
	b := string(plan.Jobs[1].Request.Script)
	for _, want := range []string{"#SBATCH --time=0-01:30:00", "pg_attempts=1", "#SBATCH --no-requeue"} {
		if !strings.Contains(b, want) {
			t.Errorf("step b lacks %q", want)
		}
	}
}

func TestProfiles(t *testing.T) {
	def := DefaultProfile()
	if def.Runtime != RuntimeApptainer || def.MaxArraySize != 1001 || def.SecretsDir == "" {
		t.Errorf("default profile = %+v", def)
	}
	// A site file overrides only what it gives.
	p, err := LoadProfile("site.yaml", []byte("runtime: none\npartitions: {default: batch}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if p.Runtime != RuntimeNone || p.Partitions.Default != "batch" || p.SecretsDir != def.SecretsDir || p.MaxTime != def.MaxTime {
		t.Errorf("profile over defaults = %+v", p)
	}
	for src, want := range map[string]string{
		"runtime: docker\n":                                   `runtime "docker" must be apptainer, enroot, charliecloud or none`,
		"apptainer: {flags: [--containall]}\n":                "--containall is not allowed",
		"apptainer: {flags: ['--bind=/etc']}\n":               "must be a flag such as --no-home",
		"workspaceRoot: relative/path\n":                      "workspaceRoot: must be an absolute directory path",
		"partitions: {default: 'a b'}\n":                      `partitions.default "a b" is not a Slurm name`,
		"maxArraySize: 0\n":                                   "maxArraySize 0 must be between 1 and 4000001",
		"defaultTime: 200h\n":                                 "defaultTime 200h0m0s is longer than maxTime",
		"runtim: none\n":                                      `unknown field "runtim"`,
		"charliecloud: {flags: [--write]}\n":                  `charliecloud.flags: "--write" is not allowed`,
		"charliecloud: {binary: 'ch run'}\n":                  `charliecloud.binary "ch run" must be a command name`,
		"charliecloud: {imageCache: cache}\n":                 "charliecloud.imageCache: must be an absolute directory path",
		"runtime: charliecloud\ngpu: {env: {A: \"x\\ny\"}}\n": "gpu.env: A holds a newline",
		"infiniband: {binds: ['/dev/infiniband:x']}\n":        "infiniband.binds",
	} {
		if _, err := LoadProfile("site.yaml", []byte(src)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("profile %q: error %v, want %q", src, err, want)
		}
	}
}

func TestWriteFiles(t *testing.T) {
	_, plan := compileFile(t, "../docs/examples/parameter-sweep.yaml", goldenProfile(t), nil)
	dir := t.TempDir()
	if err := WriteFiles(plan, dir); err != nil {
		t.Fatal(err)
	}
	for _, f := range plan.Files {
		data, err := os.ReadFile(filepath.Join(dir, f.Path))
		if err != nil || !bytes.Equal(data, f.Data) {
			t.Errorf("%s: %v", f.Path, err)
		}
		info, _ := os.Stat(filepath.Join(dir, f.Path))
		if info.Mode().Perm() != f.Mode {
			t.Errorf("%s: mode %o, want %o", f.Path, info.Mode().Perm(), f.Mode)
		}
	}
	for _, sub := range []string{"logs", "state", "outputs"} {
		if info, err := os.Stat(filepath.Join(dir, MetaDir, sub)); err != nil || info.Mode().Perm() != 0o700 {
			t.Errorf("%s: %v", sub, err)
		}
	}
	bad := &Plan{Files: []File{{Path: "../escape", Data: []byte("x"), Mode: 0o600}}}
	if err := WriteFiles(bad, dir); err == nil {
		t.Error("a plan file outside the metadata directory was written")
	}
}

func TestWriteFilesRefusesUnsafeWorkspaces(t *testing.T) {
	_, plan := compileFile(t, "../docs/examples/single-container.yaml", goldenProfile(t), nil)
	root := t.TempDir()

	open := filepath.Join(root, "open")
	if err := os.Mkdir(open, 0o777); err != nil {
		t.Fatal(err)
	}
	os.Chmod(open, 0o777)
	if err := WriteFiles(plan, open); err == nil || !strings.Contains(err.Error(), "writable by its group or by other users") {
		t.Errorf("a world-writable workspace: %v", err)
	}

	elsewhere := filepath.Join(root, "elsewhere")
	os.Mkdir(elsewhere, 0o700)
	link := filepath.Join(root, "link")
	os.Symlink(elsewhere, link)
	if err := WriteFiles(plan, link); err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("a workspace that is a symbolic link: %v", err)
	}
	ws := filepath.Join(root, "ws")
	os.MkdirAll(filepath.Join(ws, MetaDir), 0o700)
	os.Symlink(elsewhere, filepath.Join(ws, MetaDir, "env"))
	if err := WriteFiles(plan, ws); err == nil {
		t.Errorf("a metadata directory that is a symbolic link was written through")
	}

	// A link planted where a file goes is replaced, not followed.
	good := filepath.Join(root, "good")
	if err := WriteFiles(plan, good); err != nil {
		t.Fatal(err)
	}
	victim := filepath.Join(root, "victim")
	os.WriteFile(victim, []byte("untouched"), 0o600)
	script := filepath.Join(good, plan.Jobs[0].ScriptFile)
	os.Remove(script)
	os.Symlink(victim, script)
	if err := WriteFiles(plan, good); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(victim); string(data) != "untouched" {
		t.Errorf("writing the plan followed a planted link")
	}
	if info, _ := os.Lstat(script); info.Mode()&os.ModeSymlink != 0 {
		t.Errorf("the planted link is still there")
	}
}
