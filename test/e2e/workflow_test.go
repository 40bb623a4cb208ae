package e2e

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/petagrid/petagrid/slurmbridge"
	"github.com/petagrid/petagrid/workflows"
)

// These tests run the documented example workflows on the test cluster, once with runtime
// none (commands on the host) and once through the apptainer test double, and check what
// Slurm and the workspace say happened: states, exit codes, attempts, array tasks, outputs.

func repoFile(t *testing.T, rel string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("..", "..", rel))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// testProfile is a site profile for the test cluster: partitions cpu and gpu, GPUs of type
// "fake", a secret store and workspaces in temporary directories.
func testProfile(t *testing.T, runtime workflows.Runtime) *workflows.SiteProfile {
	t.Helper()
	p := workflows.DefaultProfile()
	p.Runtime = runtime
	p.Partitions = workflows.PartitionProfile{Default: "cpu", GPU: "gpu", GPUTypes: map[string]string{"fake": "gpu"}}
	p.Account = "research"
	p.WorkspaceRoot = t.TempDir()
	p.SecretsDir = t.TempDir()
	p.SetupTime = 2 * time.Minute
	p.Apptainer.ImageCache = t.TempDir()
	p.AllowedMounts = []workflows.AllowedMount{{Path: "/usr/share"}}
	if runtime == workflows.RuntimeCharliecloud {
		// The real ch-run; the image is written beside the cache (see charliecloudImage).
		dir := t.TempDir()
		p.Charliecloud.ImageCache = filepath.Join(dir, "cache")
		makeBusyboxImage(t, filepath.Join(dir, "image"))
		p.Charliecloud.Flags = []string{"--private-tmp"}
		// ch-run binds read-write, so a Charliecloud site allows its mounts so.
		p.AllowedMounts[0].ReadWrite = true
	}
	if runtime == workflows.RuntimeApptainer {
		dir := t.TempDir()
		double, err := os.ReadFile(repoFile(t, "test/doubles/apptainer"))
		if err != nil {
			t.Fatal(err)
		}
		p.Apptainer.Binary = filepath.Join(dir, "apptainer")
		if err := os.WriteFile(p.Apptainer.Binary, double, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	return p
}

func addSecret(t *testing.T, p *workflows.SiteProfile, ref, value string) {
	t.Helper()
	dir := filepath.Join(p.SecretsDir, "root")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ref), []byte(value+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
}

type workflowRun struct {
	plan *workflows.Plan
	ids  map[string]uint32
	jobs map[string][]slurmbridge.Job // final records per step (one per array task)
}

func (r *workflowRun) file(t *testing.T, rel string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(r.plan.Workspace, rel))
	if err != nil {
		t.Fatalf("reading %s from the workspace: %v", rel, err)
	}
	return string(data)
}

// attempts reads the attempt history of a step (or array task key) as "rc class" pairs.
func (r *workflowRun) attempts(t *testing.T, key string) []string {
	t.Helper()
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(r.file(t, ".petagrid/state/"+key+".attempts")), "\n") {
		f := strings.Fields(line)
		if len(f) != 4 {
			t.Fatalf("attempt record %q of %s is not 'attempt rc class seconds'", line, key)
		}
		out = append(out, f[1]+" "+f[2])
	}
	return out
}

// state checks every record of a step (every array task) ended in want with exit code code.
func (r *workflowRun) state(t *testing.T, step string, want slurmbridge.JobState, code int) {
	t.Helper()
	jobs := r.jobs[step]
	if len(jobs) == 0 {
		t.Fatalf("step %s has no job records", step)
	}
	for _, j := range jobs {
		if j.State != want {
			t.Errorf("step %s (job %d): state %s (reason %q), want %s\nstdout:\n%s\nstderr:\n%s", step, j.ID, j.State, j.Reason, want,
				r.tryFile(".petagrid/logs/"+step+".out"), r.tryFile(".petagrid/logs/"+step+".err"))
			continue
		}
		if want == slurmbridge.StateCompleted || want == slurmbridge.StateFailed {
			if j.Exit == nil || j.Exit.Code != code {
				t.Errorf("step %s (job %d): exit %+v, want code %d", step, j.ID, j.Exit, code)
			}
		}
	}
}

func (r *workflowRun) tryFile(rel string) string {
	data, _ := os.ReadFile(filepath.Join(r.plan.Workspace, rel))
	return string(data)
}

// runWorkflow compiles an example (with text replacements for what differs on the one-node
// test cluster), submits it and waits for every job.
func runWorkflow(ctx context.Context, t *testing.T, b *slurmbridge.Bridge, p *workflows.SiteProfile, file string, replace map[string]string, params map[string]string) *workflowRun {
	t.Helper()
	return runWorkflowWith(ctx, t, b, p, file, replace, params, nil)
}

var dockerImage = regexp.MustCompile(`docker://[^\s'"]+`)

// charliecloudImage is the test image testProfile writes for a Charliecloud profile.
func charliecloudImage(p *workflows.SiteProfile) string {
	return filepath.Join(filepath.Dir(p.Charliecloud.ImageCache), "image")
}

// runWorkflowWith is runWorkflow with a hook that runs once the plan's files are written,
// before anything is submitted. On a Charliecloud profile the example's docker:// images,
// which such a site does not pull, become the site's test image.
func runWorkflowWith(ctx context.Context, t *testing.T, b *slurmbridge.Bridge, p *workflows.SiteProfile, file string, replace map[string]string, params map[string]string, written func(*workflows.Plan)) *workflowRun {
	t.Helper()
	data, err := os.ReadFile(repoFile(t, file))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for from, to := range replace {
		if !strings.Contains(text, from) {
			t.Fatalf("%s does not contain %q any more; update the test", file, from)
		}
		text = strings.ReplaceAll(text, from, to)
	}
	if p.Runtime == workflows.RuntimeCharliecloud {
		text = dockerImage.ReplaceAllString(text, charliecloudImage(p))
	}
	wf, err := workflows.Parse(file, []byte(text))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	runID := strings.ToLower(strings.ReplaceAll(uniqueTag(t), "e2e-", "w"))
	plan, ids := submitWorkflow(ctx, t, b, p, wf, workflows.CompileOptions{RunID: runID, Params: params}, written)
	run := &workflowRun{plan: plan, ids: ids, jobs: map[string][]slurmbridge.Job{}}
	for _, job := range plan.Jobs {
		recs, err := b.WaitForJob(ctx, ids[job.Step], time.Second)
		if err != nil {
			t.Fatalf("waiting for step %s (job %d): %v", job.Step, ids[job.Step], err)
		}
		if job.ArraySize > 0 && len(recs) != job.ArraySize {
			t.Errorf("step %s: %d array task records, want %d", job.Step, len(recs), job.ArraySize)
		}
		run.jobs[job.Step] = recs
	}
	return run
}

// submitWorkflow compiles a parsed workflow for the profile, writes its files, runs the hook
// (when not nil) and submits its jobs, without waiting for them.
func submitWorkflow(ctx context.Context, t *testing.T, b *slurmbridge.Bridge, p *workflows.SiteProfile, wf *workflows.Workflow, opts workflows.CompileOptions, written func(*workflows.Plan)) (*workflows.Plan, map[string]uint32) {
	t.Helper()
	plan, err := workflows.Compile(wf, p, opts)
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	if err := workflows.WriteFiles(plan, plan.Workspace); err != nil {
		t.Fatal(err)
	}
	if written != nil {
		written(plan)
	}
	ids, err := workflows.SubmitPlan(ctx, b, plan, workflows.SubmitOptions{})
	if err != nil {
		t.Fatalf("submit: %v", err)
	}
	return plan, ids
}

func workflowContext(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// fileServer serves one file and records what is PUT to it.
type fileServer struct {
	*httptest.Server
	content []byte
	mu      sync.Mutex
	put     map[string]string
}

func newFileServer(t *testing.T, content string) *fileServer {
	fs := &fileServer{content: []byte(content), put: map[string]string{}}
	fs.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodGet:
			w.Write(fs.content)
		case http.MethodPut:
			body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
			fs.mu.Lock()
			fs.put[r.URL.Path] = string(body)
			fs.mu.Unlock()
			w.WriteHeader(http.StatusCreated)
		default:
			w.WriteHeader(http.StatusMethodNotAllowed)
		}
	}))
	t.Cleanup(fs.Close)
	return fs
}

func (fs *fileServer) uploaded(path string) (string, bool) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	v, ok := fs.put[path]
	return v, ok
}

// eachRuntime runs body in parallel subtests, once with runtime none and once through the
// apptainer test double, each with its own site profile and deadline.
func eachRuntime(t *testing.T, timeout time.Duration, body func(ctx context.Context, t *testing.T, rt workflows.Runtime, p *workflows.SiteProfile)) {
	eachRuntimeOf(t, []workflows.Runtime{workflows.RuntimeNone, workflows.RuntimeApptainer}, timeout, body)
}

// eachContainerRuntime is eachRuntime for examples with an image: they also run in a real
// container, with Charliecloud.
func eachContainerRuntime(t *testing.T, timeout time.Duration, body func(ctx context.Context, t *testing.T, rt workflows.Runtime, p *workflows.SiteProfile)) {
	eachRuntimeOf(t, []workflows.Runtime{workflows.RuntimeNone, workflows.RuntimeApptainer, workflows.RuntimeCharliecloud}, timeout, body)
}

func eachRuntimeOf(t *testing.T, runtimes []workflows.Runtime, timeout time.Duration, body func(ctx context.Context, t *testing.T, rt workflows.Runtime, p *workflows.SiteProfile)) {
	for _, rt := range runtimes {
		t.Run(string(rt), func(t *testing.T) {
			t.Parallel()
			body(workflowContext(t, timeout), t, rt, testProfile(t, rt))
		})
	}
}

func TestWorkflowDAGRetriesAndFinally(t *testing.T) {
	b := clusterBridge(t, "PETAGRID_TEST_SLURM_CONF", "make cluster-up")
	eachRuntime(t, 4*time.Minute, func(ctx context.Context, t *testing.T, rt workflows.Runtime, p *workflows.SiteProfile) {
		run := runWorkflow(ctx, t, b, p, "docs/examples/dag-retries-finally.yaml", nil, nil)
		run.state(t, "fetch", slurmbridge.StateCompleted, 0)
		run.state(t, "flaky", slurmbridge.StateCompleted, 0)
		if got := run.attempts(t, "flaky"); strings.Join(got, ",") != "3 exit,0 success" {
			t.Errorf("flaky attempts = %v, want a failure with exit 3 then a success", got)
		}
		run.state(t, "analyse", slurmbridge.StateCompleted, 0)
		// Nothing failed, so the failure handler's dependency can never be satisfied and
		// Slurm removes it.
		run.state(t, "on-failure", slurmbridge.StateCancelled, 0)
		run.state(t, "report", slurmbridge.StateCompleted, 0)
		run.state(t, "cleanup", slurmbridge.StateCompleted, 0)
		if got := run.file(t, "cleanup.txt"); got != "cleaned\n" {
			t.Errorf("cleanup.txt = %q", got)
		}
		if out := run.file(t, ".petagrid/logs/report.out"); !strings.Contains(out, "analysed.txt") || !strings.Contains(out, "fetched.txt") {
			t.Errorf("report saw the wrong workspace:\n%s", out)
		}
		if rt == workflows.RuntimeApptainer {
			// No step names an image, so every step runs on the host even here.
			if _, err := os.Stat(filepath.Join(filepath.Dir(p.Apptainer.Binary), "calls.log")); err == nil {
				t.Errorf("apptainer was called for steps without an image")
			}
		}
	})
}

func TestWorkflowFailureRunsHandlers(t *testing.T) {
	b := clusterBridge(t, "PETAGRID_TEST_SLURM_CONF", "make cluster-up")
	ctx := workflowContext(t, 3*time.Minute)
	p := testProfile(t, workflows.RuntimeNone)
	run := runWorkflow(ctx, t, b, p, "docs/examples/dag-retries-finally.yaml",
		map[string]string{"'cat fetched.txt; echo analysed > analysed.txt'": "'echo broken >&2; exit 5'"}, nil)
	run.state(t, "analyse", slurmbridge.StateFailed, 5)
	if got := run.attempts(t, "analyse"); strings.Join(got, ",") != "5 exit" {
		t.Errorf("analyse attempts = %v, want one failure with exit 5 (no retry configured)", got)
	}
	run.state(t, "on-failure", slurmbridge.StateCompleted, 0)
	run.state(t, "report", slurmbridge.StateCompleted, 0)
	run.state(t, "cleanup", slurmbridge.StateCompleted, 0)
	if got := run.tryFile(".petagrid/logs/on-failure.err"); !strings.Contains(got, "analysis failed") {
		t.Errorf("on-failure stderr = %q", got)
	}
	if got := run.tryFile(".petagrid/logs/analyse.err"); !strings.Contains(got, "broken") {
		t.Errorf("analyse stderr lacks the command's own message: %q", got)
	}
}

func TestWorkflowParameterSweepArrays(t *testing.T) {
	b := clusterBridge(t, "PETAGRID_TEST_SLURM_CONF", "make cluster-up")
	eachRuntime(t, 3*time.Minute, func(ctx context.Context, t *testing.T, rt workflows.Runtime, p *workflows.SiteProfile) {
		run := runWorkflow(ctx, t, b, p, "docs/examples/parameter-sweep.yaml", nil, map[string]string{"epochs": "7"})
		run.state(t, "sweep", slurmbridge.StateCompleted, 0)
		run.state(t, "seeds", slurmbridge.StateCompleted, 0)
		run.state(t, "summary", slurmbridge.StateCompleted, 0)
		want := []string{
			"lr=0.001 batch=32 epochs=7", "lr=0.01 batch=32 epochs=7", "lr=0.01 batch=64 epochs=7",
			"lr=0.1 batch=32 epochs=7", "lr=0.1 batch=64 epochs=7", "lr=0.5 batch=16 epochs=7",
		}
		if got := strings.TrimSpace(run.file(t, ".petagrid/logs/summary.out")); !strings.Contains(got, strings.Join(want, "\n")) {
			t.Errorf("summary =\n%s\nwant the six combinations (0.001×64 excluded, 0.5×16 included):\n%s", got, strings.Join(want, "\n"))
		}
		for i := 0; i < 6; i++ {
			key := "sweep_" + string(rune('0'+i))
			if got := run.file(t, ".petagrid/outputs/"+key+".sha256"); !strings.Contains(got, "results/lr") {
				t.Errorf("manifest of %s = %q", key, got)
			}
		}
		for i, seed := range []string{"1", "2", "3"} {
			if got := run.file(t, ".petagrid/logs/seeds_"+string(rune('0'+i))+".out"); !strings.Contains(got, "seed "+seed) {
				t.Errorf("seeds task %d printed %q", i, got)
			}
		}
		// The throttle reached Slurm.
		if got := run.plan.Jobs[0].Request.Array; got != "0-5%4" {
			t.Errorf("sweep array = %q", got)
		}
	})
}

func TestWorkflowGPUTrainingWithSecret(t *testing.T) {
	b := clusterBridge(t, "PETAGRID_TEST_SLURM_CONF", "make cluster-up")
	eachContainerRuntime(t, 3*time.Minute, func(ctx context.Context, t *testing.T, rt workflows.Runtime, p *workflows.SiteProfile) {
		secret := "s3cr3t-" + uniqueTag(t)
		addSecret(t, p, "wandb-key", secret)
		run := runWorkflow(ctx, t, b, p, "docs/examples/gpu-training.yaml",
			map[string]string{"gpuType: a100": "gpuType: fake", "/datasets/imagenet": "/usr/share/doc"},
			map[string]string{"tag": "it's $(id) `x`"})
		run.state(t, "train", slurmbridge.StateCompleted, 0)
		out := run.file(t, ".petagrid/logs/train.out")
		if !strings.Contains(out, "epochs=2 lr=0.1 tag=it's $(id) `x` gpus=") || strings.Contains(out, "gpus= ") {
			t.Errorf("train printed %q; want the parameters verbatim and visible GPUs", out)
		}
		if !strings.Contains(out, "key present ("+strconv.Itoa(len(secret))+" characters)") {
			t.Errorf("the secret did not reach the step: %q", out)
		}
		if got := run.jobs["train"][0].Partition; got != "gpu" {
			t.Errorf("partition = %q, want gpu (from the profile's gpuTypes)", got)
		}
		assertSecretNowhere(ctx, t, run, secret)
		if rt == workflows.RuntimeApptainer {
			calls := readCalls(t, p)
			if countPrefix(calls, "pull ") != 1 {
				t.Errorf("want one image pull, got:\n%s", strings.Join(calls, "\n"))
			}
			exec := findPrefix(calls, "exec ")
			for _, want := range []string{"nv=1", "binds=" + run.plan.Workspace + ":" + run.plan.Workspace + "\\ /usr/share/doc:/data:ro", "pwd=" + run.plan.Workspace + "/runs/resnet", "env-file=" + run.plan.Workspace + "/.petagrid/env/train.env"} {
				if !strings.Contains(exec, want) {
					t.Errorf("apptainer exec call lacks %q:\n%s", want, exec)
				}
			}
		}
	})
}

// assertSecretNowhere checks the secret's value is in no file PetaGrid wrote, no log, and
// neither the batch script nor the environment Slurm stored in its database.
func assertSecretNowhere(ctx context.Context, t *testing.T, run *workflowRun, secret string) {
	t.Helper()
	filepath.WalkDir(run.plan.Workspace, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if data, _ := os.ReadFile(path); strings.Contains(string(data), secret) {
				t.Errorf("the secret's value is in %s", path)
			}
		}
		return nil
	})
	for _, job := range run.plan.Jobs {
		if strings.Contains(string(job.Request.Script), secret) {
			t.Errorf("the secret's value is in the script of %s", job.Step)
		}
	}
	id := strconv.Itoa(int(run.ids["train"]))
	// slurmdbd stores the script and environment when the job starts; poll until it has them.
	deadline := time.Now().Add(30 * time.Second)
	for {
		script, _ := sacct(ctx, "-j", id, "--batch-script", "-n")
		env, _ := sacct(ctx, "-j", id, "--env-vars", "-n")
		if strings.Contains(string(script), "#!/bin/bash") && strings.Contains(string(env), "SLURM_") {
			if strings.Contains(string(script)+string(env), secret) {
				t.Errorf("the secret's value is in Slurm's database")
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("slurmdbd never stored the script and environment of job %s:\n%s\n%s", id, script, env)
		}
		time.Sleep(time.Second)
	}
}

func TestWorkflowMPISingleNode(t *testing.T) {
	b := clusterBridge(t, "PETAGRID_TEST_SLURM_CONF", "make cluster-up")
	eachContainerRuntime(t, 3*time.Minute, func(ctx context.Context, t *testing.T, rt workflows.Runtime, p *workflows.SiteProfile) {
		p.InfiniBand.Enabled = true
		p.InfiniBand.Binds = []string{"/usr/share/doc"} // stands in for /dev/infiniband, absent here
		if rt == workflows.RuntimeCharliecloud {
			// ch-run binds onto directories the image has: the site prepares its images so.
			if err := os.MkdirAll(filepath.Join(charliecloudImage(p), "usr", "share", "doc"), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		run := runWorkflow(ctx, t, b, p, "docs/examples/mpi-infiniband.yaml",
			map[string]string{"nodes: 2": "nodes: 1", "tasksPerNode: 2": "tasksPerNode: 4"}, nil)
		run.state(t, "allreduce", slurmbridge.StateCompleted, 0)
		out := run.file(t, ".petagrid/logs/allreduce.out")
		var ranks []string
		sc := bufio.NewScanner(strings.NewReader(out))
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "rank ") {
				ranks = append(ranks, strings.Fields(sc.Text())[1])
			}
		}
		sort.Strings(ranks)
		if strings.Join(ranks, ",") != "0,1,2,3" {
			t.Errorf("ranks = %v, want 0-3 from srun --mpi=pmix:\n%s", ranks, out)
		}
		if rt == workflows.RuntimeApptainer {
			calls := readCalls(t, p)
			if n := countPrefix(calls, "exec "); n != 4 {
				t.Errorf("apptainer exec ran %d times, want once per rank (4)", n)
			}
			if !strings.Contains(findPrefix(calls, "exec "), "/usr/share/doc:/usr/share/doc") {
				t.Errorf("the InfiniBand binds are missing:\n%s", findPrefix(calls, "exec "))
			}
		}
		env := run.file(t, ".petagrid/env/allreduce.env")
		if !strings.Contains(env, "UCX_TLS") {
			t.Errorf("the site's UCX defaults are not in the step's environment: %q", env)
		}
	})
}

func TestWorkflowInputsOutputs(t *testing.T) {
	b := clusterBridge(t, "PETAGRID_TEST_SLURM_CONF", "make cluster-up")
	ctx := workflowContext(t, 3*time.Minute)
	content := "one two three four five\nsix seven\n"
	srv := newFileServer(t, content)
	sum := sha256.Sum256([]byte(content))
	p := testProfile(t, workflows.RuntimeNone)
	run := runWorkflow(ctx, t, b, p, "docs/examples/inputs-outputs.yaml", map[string]string{
		"https://data.example.org/corpus/words.txt":                        srv.URL + "/words.txt",
		"4b0c3c5e6b0a2b1f4d7c0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d": hex.EncodeToString(sum[:]),
		"https://results.example.org/upload/count.txt":                     srv.URL + "/upload/count.txt",
	}, nil)
	run.state(t, "count-words", slurmbridge.StateCompleted, 0)
	if got, ok := srv.uploaded("/upload/count.txt"); !ok || strings.TrimSpace(got) != "7" {
		t.Errorf("published count = %q (%v), want 7", got, ok)
	}
	if got := run.file(t, ".petagrid/outputs/count-words.sha256"); !strings.Contains(got, "out/count.txt") {
		t.Errorf("manifest = %q", got)
	}

	// A wrong checksum stops the step before its command runs.
	run = runWorkflow(ctx, t, b, p, "docs/examples/inputs-outputs.yaml", map[string]string{
		"https://data.example.org/corpus/words.txt":                        srv.URL + "/words.txt",
		"4b0c3c5e6b0a2b1f4d7c0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d": strings.Repeat("a", 64),
		"https://results.example.org/upload/count.txt":                     srv.URL + "/upload/other.txt",
	}, nil)
	run.state(t, "count-words", slurmbridge.StateFailed, 1)
	if got := run.tryFile(".petagrid/logs/count-words.err"); !strings.Contains(got, "checksum mismatch") {
		t.Errorf("stderr = %q, want a checksum mismatch", got)
	}
	if _, err := os.Stat(filepath.Join(run.plan.Workspace, "data/words.txt")); err == nil {
		t.Errorf("an input that failed its checksum was left in the workspace")
	}
}

func TestWorkflowSingleContainer(t *testing.T) {
	b := clusterBridge(t, "PETAGRID_TEST_SLURM_CONF", "make cluster-up")
	eachContainerRuntime(t, 2*time.Minute, func(ctx context.Context, t *testing.T, rt workflows.Runtime, p *workflows.SiteProfile) {
		run := runWorkflow(ctx, t, b, p, "docs/examples/single-container.yaml", nil, nil)
		run.state(t, "hello", slurmbridge.StateCompleted, 0)
		if got := run.file(t, ".petagrid/logs/hello.out"); !strings.Contains(got, "step hello of hello-container") {
			t.Errorf("hello printed %q", got)
		}
		if rt == workflows.RuntimeApptainer {
			calls := readCalls(t, p)
			if !strings.Contains(findPrefix(calls, "exec "), "nv=0") {
				t.Errorf("a CPU step got --nv:\n%s", strings.Join(calls, "\n"))
			}
		}
	})
}

// TestWorkflowRetryOnOutOfMemoryAndTimeout makes Slurm kill one attempt for memory and one
// for its time limit, and checks each is classified and retried.
func TestWorkflowRetryOnOutOfMemoryAndTimeout(t *testing.T) {
	b := clusterBridge(t, "PETAGRID_TEST_SLURM_CONF", "make cluster-up")
	ctx := workflowContext(t, 6*time.Minute)
	p := testProfile(t, workflows.RuntimeNone)
	src := `version: 1
name: kills
steps:
  - name: hungry
    resources: {mem: 100M, time: 5m}
    retry: {limit: 1, backoff: 1s, on: [OUT_OF_MEMORY]}
    run:
      command: [bash, -c, 'if [ "$PETAGRID_ATTEMPT" = 1 ]; then x=$(head -c 600M /dev/zero | tr "\0" a); sleep 30; fi; echo fed']
  - name: slow
    resources: {time: 1m}
    retry: {limit: 1, backoff: 1s, on: [TIMEOUT]}
    run:
      command: [bash, -c, 'if [ "$PETAGRID_ATTEMPT" = 1 ]; then sleep 300; fi; echo quick']
`
	wf, err := workflows.Parse("kills.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	plan, ids := submitWorkflow(ctx, t, b, p, wf, workflows.CompileOptions{RunID: "k" + strings.TrimPrefix(uniqueTag(t), "e2e-")}, nil)
	run := &workflowRun{plan: plan, ids: ids, jobs: map[string][]slurmbridge.Job{}}
	for _, step := range []string{"hungry", "slow"} {
		recs, err := b.WaitForJob(ctx, ids[step], 2*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		run.jobs[step] = recs
	}
	run.state(t, "hungry", slurmbridge.StateCompleted, 0)
	run.state(t, "slow", slurmbridge.StateCompleted, 0)
	if got := run.attempts(t, "hungry"); len(got) != 2 || !strings.HasSuffix(got[0], " OUT_OF_MEMORY") || got[1] != "0 success" {
		t.Errorf("hungry attempts = %v, want OUT_OF_MEMORY then success\n%s", got, run.tryFile(".petagrid/logs/hungry.err"))
	}
	if got := run.attempts(t, "slow"); len(got) != 2 || !strings.HasSuffix(got[0], " TIMEOUT") || got[1] != "0 success" {
		t.Errorf("slow attempts = %v, want TIMEOUT then success\n%s", got, run.tryFile(".petagrid/logs/slow.err"))
	}
}

func sacct(ctx context.Context, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "sacct", args...)
	cmd.Env = append(os.Environ(), "SLURM_CONF="+os.Getenv("PETAGRID_TEST_SLURM_CONF"))
	return cmd.CombinedOutput()
}

func readCalls(t *testing.T, p *workflows.SiteProfile) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(filepath.Dir(p.Apptainer.Binary), "calls.log"))
	if err != nil {
		t.Fatalf("the apptainer double was never called: %v", err)
	}
	return strings.Split(strings.TrimSpace(string(data)), "\n")
}

func countPrefix(lines []string, prefix string) int {
	n := 0
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			n++
		}
	}
	return n
}

func findPrefix(lines []string, prefix string) string {
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			return l
		}
	}
	return ""
}

// TestWorkflowSubmissionFailureCancelsTheRun makes Slurm refuse the second step's
// submission (a partition that does not exist) and checks the first, already submitted,
// is cancelled rather than left to run alone.
func TestWorkflowSubmissionFailureCancelsTheRun(t *testing.T) {
	b := clusterBridge(t, "PETAGRID_TEST_SLURM_CONF", "make cluster-up")
	ctx := workflowContext(t, 2*time.Minute)
	p := testProfile(t, workflows.RuntimeNone)
	p.Partitions.GPU = "no-such-partition"
	p.Partitions.GPUTypes = nil
	wf, err := workflows.Parse("cancel.yaml", []byte("version: 1\nname: cancel\nresources: {time: 5m}\nsteps:\n  - {name: first, run: {command: [sleep, '60']}}\n  - {name: second, needs: first, resources: {gpus: 1}, run: {command: [true]}}\n"))
	if err != nil {
		t.Fatal(err)
	}
	plan, err := workflows.Compile(wf, p, workflows.CompileOptions{RunID: "c" + strings.TrimPrefix(uniqueTag(t), "e2e-")})
	if err != nil {
		t.Fatal(err)
	}
	if err := workflows.WriteFiles(plan, plan.Workspace); err != nil {
		t.Fatal(err)
	}
	var submitted []uint32
	_, err = workflows.SubmitPlan(ctx, b, plan, workflows.SubmitOptions{Submitted: func(step string, id uint32) error {
		submitted = append(submitted, id)
		return nil
	}})
	if !errors.Is(err, slurmbridge.ErrInvalidPartition) || !strings.Contains(err.Error(), "step second") {
		t.Fatalf("SubmitPlan = %v, want the invalid partition of step second", err)
	}
	if len(submitted) != 1 {
		t.Fatalf("submitted %v, want the first step only", submitted)
	}
	jobs, err := b.WaitForJob(ctx, submitted[0], time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if jobs[0].State != slurmbridge.StateCancelled {
		t.Errorf("the first step's job ended %s, want CANCELLED", jobs[0].State)
	}
}
