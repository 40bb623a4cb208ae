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
	return renderForBashIn(t, src, profile, filepath.Join(t.TempDir(), "ws"))
}

func renderForBashIn(t *testing.T, src string, profile *SiteProfile, workspace string) *scriptRun {
	t.Helper()
	wf, err := Parse("rt.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	plan, err := Compile(wf, profile, CompileOptions{RunID: "rt", Workspace: workspace})
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

// busyboxImage writes the Charliecloud test image (test/images/make-busybox-image) and
// returns its directory. ch-run and the image are real; only srun is the named double.
func busyboxImage(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("ch-run"); err != nil {
		t.Fatal("ch-run is not installed (Debian: apt-get install charliecloud-runtime busybox-static; `make test` installs them)")
	}
	dir := filepath.Join(t.TempDir(), "image")
	if out, err := exec.Command(filepath.Join("..", "test", "images", "make-busybox-image"), dir).CombinedOutput(); err != nil {
		t.Fatalf("make-busybox-image: %v\n%s", err, out)
	}
	return dir
}

// tarImage packs an image directory as ch-convert does, inside one top-level directory.
func tarImage(t *testing.T, image, tarball string) {
	t.Helper()
	if out, err := exec.Command("tar", "-czf", tarball, "-C", filepath.Dir(image), filepath.Base(image)).CombinedOutput(); err != nil {
		t.Fatalf("tar: %v\n%s", err, out)
	}
}

// outsideTmp is a temporary directory outside /tmp, which ch-run brings from the node (or
// replaces with --private-tmp): what lives there reaches a container only if bound.
func outsideTmp(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("/var/tmp", "petagrid-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

// charliecloudBashProfile is a Charliecloud site whose workspace root and secret store lie
// outside /tmp, as on a real site: the workspace reaches the container only through its
// bind, and the store not at all.
func charliecloudBashProfile(t *testing.T) *SiteProfile {
	t.Helper()
	p := goldenProfile(t)
	p.Runtime = RuntimeCharliecloud
	p.Srun = copyDouble(t, "srun-cgroup-oom")
	p.Charliecloud.ImageCache = t.TempDir()
	p.Charliecloud.Flags = []string{"--private-tmp"}
	base := outsideTmp(t)
	p.WorkspaceRoot = filepath.Join(base, "workspaces")
	p.SecretsDir = filepath.Join(base, "secrets")
	os.MkdirAll(filepath.Join(p.WorkspaceRoot, "alice"), 0o755)
	u, err := user.Current()
	if err != nil {
		t.Fatal(err)
	}
	for ref, value := range map[string]string{"api-token": "tok-3f9a\n", "other-token": "never-given-77\n"} {
		os.MkdirAll(filepath.Join(p.SecretsDir, u.Username), 0o700)
		if err := os.WriteFile(filepath.Join(p.SecretsDir, u.Username, ref), []byte(value), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

// TestRuntimeCharliecloudRunsTheStepInItsImage runs a step from an image tarball with the
// real ch-run: the command sees the image's root, not the node's; the workspace, bound and
// writable; its mount; its variables byte for byte; the secret it was given and neither
// the other secret nor the secret store. The tarball is unpacked once, and again when the
// site replaces it.
func TestRuntimeCharliecloudRunsTheStepInItsImage(t *testing.T) {
	image := busyboxImage(t)
	tarball := filepath.Join(t.TempDir(), "busybox.tar.gz")
	tarImage(t, image, tarball)
	data := t.TempDir()
	os.WriteFile(filepath.Join(data, "input.txt"), []byte("mounted input\n"), 0o644)

	p := charliecloudBashProfile(t)
	p.AllowedMounts = []AllowedMount{{Path: data, ReadWrite: true}}
	script := `cat /etc/petagrid-image; ` +
		`test -e /etc/debian_version && echo "node root visible" || echo "node root hidden"; ` +
		`cat /data/input.txt; printf "V=[%s]\n" "$V"; echo "token=$TOKEN"; ` +
		`env | grep -q never-given && echo "other secret visible" || echo "other secret hidden"; ` +
		`test -e ` + p.SecretsDir + ` && echo "store visible" || echo "store hidden"; ` +
		`echo "cwd=$(pwd) step=$PETAGRID_STEP"; echo written >result.txt`
	src := "version: 1\nname: w\nsteps:\n  - name: s\n    env: {V: \"it's $HOME \\\"q\\\" a=b  \"}\n    secrets: {TOKEN: api-token}\n" +
		"    run:\n      image: " + tarball + "\n      mounts: [{source: " + data + ", target: /data}]\n      shell: '" + strings.ReplaceAll(script, "'", "''") + "'\n"
	r := renderForBashIn(t, src, p, filepath.Join(p.WorkspaceRoot, "alice", "run1"))

	code, out := r.run("s", "1")
	if code != 0 {
		t.Fatalf("exit %d\n%s\nstderr:\n%s", code, out, r.file(MetaDir+"/logs/s.err"))
	}
	got := r.file(MetaDir + "/logs/s.out")
	for _, want := range []string{
		"petagrid busybox test image\n", "node root hidden\n", "mounted input\n", "V=[it's $HOME \"q\" a=b  ]\n", "token=tok-3f9a\n",
		"other secret hidden\n", "store hidden\n", "cwd=" + r.plan.Workspace + " step=s\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the step printed\n%s\nwant a line %q", got, want)
		}
	}
	if r.file("result.txt") != "written\n" {
		t.Errorf("the step's file did not reach the workspace: %q", r.file("result.txt"))
	}
	if strings.Count(out, "unpacking image") != 1 {
		t.Errorf("first run: want one unpacking:\n%s", out)
	}
	if _, out := r.run("s", "2"); strings.Contains(out, "unpacking image") {
		t.Errorf("second run unpacked the image again:\n%s", out)
	}
	// The site replaces the tarball: the next step unpacks the new one.
	os.WriteFile(filepath.Join(image, "etc", "petagrid-image"), []byte("version two\n"), 0o644)
	tarImage(t, image, tarball+".new")
	os.Rename(tarball+".new", tarball)
	if code, out := r.run("s", "3"); code != 0 || !strings.Contains(out, "unpacking image") {
		t.Errorf("a replaced tarball: exit %d, want it unpacked again:\n%s", code, out)
	}
	if got := r.file(MetaDir + "/logs/s.out"); !strings.Contains(got, "version two") {
		t.Errorf("the step ran the old image after the site replaced it:\n%s", got)
	}
}

// TestRuntimeCharliecloudDirectoryImage runs steps from a directory image the site keeps
// read-only: its own environment applies under the step's, a missing bind directory is the
// site's to create and stops the step with that said, and an image variable that would
// hide a secret stops it too.
func TestRuntimeCharliecloudDirectoryImage(t *testing.T) {
	image := busyboxImage(t)
	os.MkdirAll(filepath.Join(image, "ch"), 0o755)
	os.WriteFile(filepath.Join(image, "ch", "environment"), []byte("FROM_IMAGE=image-value\nV=image-v\n"), 0o644)
	data := t.TempDir()
	p := charliecloudBashProfile(t)
	p.AllowedMounts = []AllowedMount{{Path: data, ReadWrite: true}}
	// The site prepared its image with the workspace root to bind onto.
	os.MkdirAll(filepath.Join(image, p.WorkspaceRoot), 0o755)
	src := "version: 1\nname: w\nsteps:\n" +
		"  - name: env\n    env: {V: step-v, A: \"ends'\", B: \"'\", C: '', D: \" 'q' \", E: '\"x\"'}\n" +
		"    run: {image: " + image + ", shell: 'echo \"V=$V FROM_IMAGE=$FROM_IMAGE\"; printf \"[%s]\" \"$A\" \"$B\" \"${C-unset}\" \"$D\" \"$E\"'}\n" +
		"  - name: nomount\n    run: {image: " + image + ", command: ['true'], mounts: [{source: " + data + ", target: /results}]}\n" +
		"  - name: hidden\n    secrets: {FROM_IMAGE: api-token}\n    run: {image: " + image + ", command: ['true']}\n"
	r := renderForBashIn(t, src, p, filepath.Join(p.WorkspaceRoot, "alice", "run2"))

	if code, out := r.run("env", "1"); code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	if got, want := r.file(MetaDir+"/logs/env.out"), "V=step-v FROM_IMAGE=image-value\n[ends'][']"+`[][ 'q' ]["x"]`; got != want {
		t.Errorf("the step printed %q, want %q: the step's V over the image's, the image's own variable, and every value as written", got, want)
	}
	code, out := r.run("nomount", "2")
	if code != 1 || !strings.Contains(out, "has no directory /results to bind onto; the site must create it") {
		t.Errorf("a bind onto a directory the image lacks: exit %d\n%s", code, out)
	}
	if _, err := os.Stat(filepath.Join(image, "results")); err == nil {
		t.Errorf("the site's image was modified")
	}
	code, out = r.run("hidden", "3")
	if code != 1 || !strings.Contains(out, "the image sets FROM_IMAGE, which would hide the step's secret") {
		t.Errorf("a secret the image's environment hides: exit %d\n%s", code, out)
	}
}

// TestRuntimeCharliecloudRefusesUnsafeCaches checks a job never unpacks into, or runs from,
// a cache another user could have written: a cache root writable by all without the
// sticky bit, a user directory others can write, an unpacked image that is a link.
func TestRuntimeCharliecloudRefusesUnsafeCaches(t *testing.T) {
	image := busyboxImage(t)
	tarball := filepath.Join(t.TempDir(), "busybox.tar")
	if out, err := exec.Command("tar", "-cf", tarball, "-C", image, ".").CombinedOutput(); err != nil {
		t.Fatalf("tar: %v\n%s", err, out)
	}
	p := charliecloudBashProfile(t)
	u, _ := user.Current()
	userDir := filepath.Join(p.Charliecloud.ImageCache, u.Username)
	r := renderForBashIn(t, "version: 1\nname: w\nsteps:\n  - name: s\n    run: {image: "+tarball+", command: [cat, /etc/petagrid-image]}\n", p,
		filepath.Join(p.WorkspaceRoot, "alice", "run3"))

	// A tarball of the image's root (no top-level directory) unpacks as it is.
	if code, out := r.run("s", "1"); code != 0 || r.file(MetaDir+"/logs/s.out") != "petagrid busybox test image\n" {
		t.Fatalf("first run: exit %d, printed %q\n%s", code, r.file(MetaDir+"/logs/s.out"), out)
	}
	entries, _ := filepath.Glob(filepath.Join(userDir, "*"))
	var unpacked string
	for _, e := range entries {
		if !strings.HasSuffix(e, ".lock") {
			unpacked = e
		}
	}
	if unpacked == "" {
		t.Fatalf("nothing unpacked in %s: %v", userDir, entries)
	}

	os.Chmod(p.Charliecloud.ImageCache, 0o777)
	if code, out := r.run("s", "2"); code != 1 || !strings.Contains(out, "writable by everyone without the sticky bit") {
		t.Errorf("a cache root without the sticky bit: exit %d\n%s", code, out)
	}
	os.Chmod(p.Charliecloud.ImageCache, 0o777|os.ModeSticky)
	os.Chmod(userDir, 0o777)
	if code, out := r.run("s", "3"); code != 1 || !strings.Contains(out, "not owned by "+u.Username+" alone") {
		t.Errorf("a user directory others can write: exit %d\n%s", code, out)
	}
	os.Chmod(userDir, 0o700)
	// Someone swapped the unpacked image for a link to another tree.
	planted := busyboxImage(t)
	os.RemoveAll(unpacked)
	os.Symlink(planted, unpacked)
	if code, out := r.run("s", "4"); code != 1 || !strings.Contains(out, "is not owned by "+u.Username+"; refusing to use it") {
		t.Errorf("an unpacked image that is a link: exit %d\n%s", code, out)
	}
	os.Remove(unpacked)
	os.RemoveAll(p.Charliecloud.ImageCache)
	if code, out := r.run("s", "5"); code != 1 || !strings.Contains(out, "does not exist on this node; the site must create it") {
		t.Errorf("no cache root: exit %d\n%s", code, out)
	}
}

// TestRuntimeCharliecloudUnpacksNoDevicesOrSetuid checks an image tarball unpacked by a root
// job keeps no device file (the node's /dev is bound over the image's) and no setuid bit.
func TestRuntimeCharliecloudUnpacksNoDevicesOrSetuid(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root can put a device file in a tarball and have tar create it")
	}
	image := busyboxImage(t)
	if out, err := exec.Command("mknod", filepath.Join(image, "etc", "null"), "c", "1", "3").CombinedOutput(); err != nil {
		t.Fatalf("mknod: %v\n%s", err, out)
	}
	os.WriteFile(filepath.Join(image, "bin", "suid"), []byte("#!/bin/sh\n"), 0o755)
	os.Chmod(filepath.Join(image, "bin", "suid"), 0o755|os.ModeSetuid)
	tarball := filepath.Join(t.TempDir(), "busybox.tgz")
	tarImage(t, image, tarball)
	p := charliecloudBashProfile(t)
	r := renderForBashIn(t, "version: 1\nname: w\nsteps:\n  - name: s\n    run: {image: "+tarball+", shell: 'test -e /etc/null && echo device || echo no-device; ls -l /bin/suid'}\n", p,
		filepath.Join(p.WorkspaceRoot, "alice", "run4"))
	if code, out := r.run("s", "1"); code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	got := r.file(MetaDir + "/logs/s.out")
	if !strings.Contains(got, "no-device") || !strings.Contains(got, "-rwx") || strings.Contains(got, "rws") {
		t.Errorf("the unpacked image kept a device file or a setuid bit:\n%s", got)
	}
}
