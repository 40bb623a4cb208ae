package workflows

import (
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"
	"testing"
)

// These tests run rendered scripts under bash, outside Slurm, to check the step runtime's
// own logic: how attempts are classified and counted, and how mounts are resolved. srun is
// replaced by a named test double only because the behaviour under test (Slurm's cgroup
// out-of-memory report) cannot be produced on the test cluster; the end-to-end tests in
// test/e2e run the same scripts under the real srun.

func copyDouble(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "test", "doubles", name))
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(dst, data, 0o755); err != nil {
		t.Fatal(err)
	}
	return dst
}

type scriptRun struct {
	t    *testing.T
	plan *Plan
}

func renderForBash(t *testing.T, src string, profile *SiteProfile) *scriptRun {
	t.Helper()
	wf, err := Parse("rt.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	plan, err := Compile(wf, profile, CompileOptions{RunID: "rt", Workspace: filepath.Join(t.TempDir(), "ws")})
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteFiles(plan, plan.Workspace); err != nil {
		t.Fatal(err)
	}
	return &scriptRun{t: t, plan: plan}
}

// run executes a step's script as Slurm would start it, as job jobID, with any further
// Slurm variables given as NAME=value.
func (r *scriptRun) run(step, jobID string, slurmEnv ...string) (int, string) {
	r.t.Helper()
	var script string
	for _, j := range r.plan.Jobs {
		if j.Step == step {
			script = filepath.Join(r.plan.Workspace, j.ScriptFile)
		}
	}
	u, err := user.Current()
	if err != nil {
		r.t.Fatal(err)
	}
	cmd := exec.Command("bash", script)
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "SLURM_JOB_ID=" + jobID, "SLURM_JOB_USER=" + u.Username, "HOME=" + r.t.TempDir()}, slurmEnv...)
	out, err := cmd.CombinedOutput()
	code := 0
	if exitErr, ok := err.(*exec.ExitError); ok {
		code = exitErr.ExitCode()
	} else if err != nil {
		r.t.Fatal(err)
	}
	return code, string(out)
}

func (r *scriptRun) file(rel string) string {
	data, _ := os.ReadFile(filepath.Join(r.plan.Workspace, rel))
	return string(data)
}

func (r *scriptRun) attempts(key string) string {
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(r.file(MetaDir+"/state/"+key+".attempts")), "\n") {
		if f := strings.Fields(line); len(f) == 4 {
			out = append(out, f[1]+" "+f[2])
		}
	}
	return strings.Join(out, ", ")
}

func TestRuntimeClassifiesCgroupOutOfMemoryAndRetries(t *testing.T) {
	p := goldenProfile(t)
	p.Runtime = RuntimeNone
	p.Srun = copyDouble(t, "srun-cgroup-oom")
	os.WriteFile(filepath.Join(filepath.Dir(p.Srun), "oom-attempts"), []byte("1\n"), 0o644)
	r := renderForBash(t, "version: 1\nname: w\nsteps:\n  - name: s\n    retry: {limit: 2, backoff: 1s, on: [OUT_OF_MEMORY]}\n    run: {command: [sh, -c, 'echo ran attempt $PETAGRID_ATTEMPT']}\n", p)

	code, out := r.run("s", "100")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	if got := r.attempts("s"); got != "137 OUT_OF_MEMORY, 0 success" {
		t.Errorf("attempts = %q, want an OUT_OF_MEMORY then a success\n%s", got, out)
	}
	if got := r.file(MetaDir + "/logs/s.out"); got != "ran attempt 2\n" {
		t.Errorf("step output = %q", got)
	}

	// A new job (another id) with the same workspace starts counting afresh.
	code, out = r.run("s", "101")
	if got := r.attempts("s"); code != 0 || got != "137 OUT_OF_MEMORY, 0 success" {
		t.Errorf("a second submission: exit %d, attempts %q (the first job's count leaked)\n%s", code, got, out)
	}

	// Slurm requeuing job 101 mid-attempt: the script goes on from the attempt it was in.
	os.WriteFile(filepath.Join(r.plan.Workspace, MetaDir, "state", "s.attempt"), []byte("101 1\n"), 0o600)
	os.WriteFile(filepath.Join(r.plan.Workspace, MetaDir, "state", "s.attempts"), []byte("1 137 OUT_OF_MEMORY 3\n"), 0o600)
	code, out = r.run("s", "101")
	if got := r.attempts("s"); code != 0 || got != "137 OUT_OF_MEMORY, 0 REQUEUED, 0 success" {
		t.Errorf("after a requeue: exit %d, attempts %q\n%s", code, got, out)
	}
	if !strings.Contains(out, "restarted by Slurm after attempt 1") {
		t.Errorf("the requeue is not logged:\n%s", out)
	}
	// With no attempt left after the requeue, the step fails.
	os.WriteFile(filepath.Join(r.plan.Workspace, MetaDir, "state", "s.attempt"), []byte("101 3\n"), 0o600)
	if code, out = r.run("s", "101"); code != 1 || !strings.Contains(out, "no attempts left") {
		t.Errorf("requeued after the last attempt: exit %d\n%s", code, out)
	}
}

func TestRuntimeDoesNotRetryWhatIsNotListed(t *testing.T) {
	p := goldenProfile(t)
	p.Runtime = RuntimeNone
	p.Srun = copyDouble(t, "srun-cgroup-oom")
	os.WriteFile(filepath.Join(filepath.Dir(p.Srun), "oom-attempts"), []byte("1\n"), 0o644)
	r := renderForBash(t, "version: 1\nname: w\nsteps:\n  - name: s\n    retry: {limit: 2, backoff: 1s, on: [3, TIMEOUT]}\n    run: {command: [sh, -c, 'exit 4']}\n", p)
	code, out := r.run("s", "7")
	if code != 137 || r.attempts("s") != "137 OUT_OF_MEMORY" {
		t.Errorf("an OUT_OF_MEMORY not listed in on: exit %d, attempts %q\n%s", code, r.attempts("s"), out)
	}
	os.WriteFile(filepath.Join(filepath.Dir(p.Srun), "oom-attempts"), nil, 0o644)
	code, out = r.run("s", "8")
	if code != 4 || r.attempts("s") != "4 exit" {
		t.Errorf("exit 4 not listed in on: exit %d, attempts %q\n%s", code, r.attempts("s"), out)
	}
}

// TestRuntimeResolvesMountsOnTheNode checks a symbolic link inside an allowed directory
// cannot bind what the site did not allow, and an allowed mount is bound by its real path.
func TestRuntimeResolvesMountsOnTheNode(t *testing.T) {
	allowed := t.TempDir()
	os.MkdirAll(filepath.Join(allowed, "real", "data"), 0o755)
	os.Symlink(filepath.Join(allowed, "real", "data"), filepath.Join(allowed, "inside"))
	outside := t.TempDir()
	os.Symlink(outside, filepath.Join(allowed, "escape"))
	sif := filepath.Join(t.TempDir(), "img.sif")
	os.WriteFile(sif, []byte("sif"), 0o644)

	p := goldenProfile(t)
	p.Runtime = RuntimeApptainer
	p.AllowedMounts = []AllowedMount{{Path: allowed}}
	p.Apptainer.Binary = copyDouble(t, "apptainer")
	p.Srun = copyDouble(t, "srun-cgroup-oom")
	src := "version: 1\nname: w\nsteps:\n" +
		"  - name: good\n    run: {image: " + sif + ", command: [true], mounts: [{source: " + allowed + "/inside, target: /data}]}\n" +
		"  - name: bad\n    run: {image: " + sif + ", command: [true], mounts: [{source: " + allowed + "/escape, target: /data}]}\n"
	r := renderForBash(t, src, p)

	if code, out := r.run("good", "1"); code != 0 {
		t.Fatalf("good mount: exit %d\n%s", code, out)
	}
	calls, _ := os.ReadFile(filepath.Join(filepath.Dir(p.Apptainer.Binary), "calls.log"))
	if want := "binds=" + strings.ReplaceAll(r.plan.Workspace, "/", "/") + ":" + r.plan.Workspace + "\\ " + filepath.Join(allowed, "real", "data") + ":/data:ro"; !strings.Contains(string(calls), want) {
		t.Errorf("the mount was not bound by its real path:\n%s\nwant %s", calls, want)
	}
	code, out := r.run("bad", "2")
	if code != 1 || !strings.Contains(out, "outside "+allowed+" which the site allows") {
		t.Errorf("a link out of the allowed path: exit %d\n%s", code, out)
	}
}

// TestRuntimeArrayTaskReadsItsValues runs one array task of a rendered matrix step and
// checks the command got that task's values, quotes and newlines intact.
func TestRuntimeArrayTaskReadsItsValues(t *testing.T) {
	p := goldenProfile(t)
	p.Runtime = RuntimeNone
	p.Srun = copyDouble(t, "srun-cgroup-oom")
	r := renderForBash(t, "version: 1\nname: w\nsteps:\n  - name: s\n    matrix:\n      v: [\"it's $(id)\", \"two\\nlines\"]\n      n: [1, 2]\n    run: {command: [printf, '%s|%s|%s', '${{ matrix.v }}', 'n=${{ matrix.n }}', \"$PETAGRID_MATRIX_n\"]}\n", p)
	for idx, want := range map[string]string{"0": "it's $(id)|n=1|$PETAGRID_MATRIX_n", "3": "two\nlines|n=2|$PETAGRID_MATRIX_n"} {
		if code, out := r.run("s", "9"+idx, "SLURM_ARRAY_JOB_ID=9", "SLURM_ARRAY_TASK_ID="+idx); code != 0 {
			t.Fatalf("task %s: exit %d\n%s", idx, code, out)
		}
		if got := r.file(MetaDir + "/logs/s_" + idx + ".out"); got != want {
			t.Errorf("task %s printed %q, want %q", idx, got, want)
		}
	}
}

// TestRuntimeRefusesSharedImageCache checks a pull into a user cache directory that others
// can write is refused before anything runs.
func TestRuntimeRefusesSharedImageCache(t *testing.T) {
	p := goldenProfile(t)
	p.Apptainer.Binary = copyDouble(t, "apptainer")
	p.Srun = copyDouble(t, "srun-cgroup-oom")
	p.Apptainer.ImageCache = t.TempDir()
	r := renderForBash(t, "version: 1\nname: w\nsteps:\n  - name: s\n    run: {image: 'docker://r.io/img@sha256:"+strings.Repeat("a", 64)+"', command: ['true']}\n", p)
	u, _ := user.Current()
	userDir := filepath.Join(p.Apptainer.ImageCache, u.Username)

	if code, out := r.run("s", "1"); code != 0 {
		t.Fatalf("first pull: exit %d\n%s", code, out)
	}
	if info, err := os.Stat(userDir); err != nil || info.Mode().Perm() != 0o700 {
		t.Fatalf("the user's cache directory: %v %v", info, err)
	}
	os.Chmod(userDir, 0o777)
	code, out := r.run("s", "2")
	if code != 1 || !strings.Contains(out, "not owned by "+u.Username+" alone; refusing to use it") {
		t.Errorf("a cache directory others can write: exit %d\n%s", code, out)
	}
}
