package e2e

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/petagrid/petagrid/slurmbridge"
)

// buildCLI builds cmd/petagrid once per test binary.
func buildCLI(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "petagrid")
	cmd := exec.Command("go", "build", "-o", bin, "github.com/petagrid/petagrid/cmd/petagrid")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building petagrid: %v\n%s", err, out)
	}
	return bin
}

// gatewayCLI runs petagrid against the gateway at url from dir, failing the test unless it
// exits 0; it returns the standard output.
func gatewayCLI(t *testing.T, bin, dir, url string) func(args ...string) string {
	return func(args ...string) string {
		t.Helper()
		code, stdout, stderr := runPetagrid(t, bin, dir, append(args, "--gateway", url)...)
		if code != 0 {
			t.Fatalf("petagrid %s: exit %d\n%s\n%s", strings.Join(args, " "), code, stdout, stderr)
		}
		return stdout
	}
}

func runPetagrid(t *testing.T, bin, dir string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "SLURM_CONF="+os.Getenv("PETAGRID_TEST_SLURM_CONF"))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if exitErr, ok := err.(*exec.ExitError); ok {
		code = exitErr.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, stdout.String(), stderr.String()
}

func TestCLIAgainstTheCluster(t *testing.T) {
	testBridge(t) // skips without a cluster
	bin := buildCLI(t)
	dir := t.TempDir()

	code, out, stderr := runPetagrid(t, bin, dir, "slurm", "nodes", "--output", "json")
	var nodes []slurmbridge.Node
	if code != 0 || json.Unmarshal([]byte(out), &nodes) != nil || len(nodes) != 1 || nodes[0].GRES[0].Type != "fake" {
		t.Fatalf("slurm nodes: %d %q %q", code, out, stderr)
	}

	script := filepath.Join(dir, "job.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho from-cli\nsrun true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr = runPetagrid(t, bin, dir, "--log-level", "warn", "slurm", "submit", "--output", "json", "--wait", "--tag", uniqueTag(t),
		"--partition", "gpu", "--sbatch-option=--gres=gpu:fake:1", script)
	var recs []slurmbridge.AccountingRecord
	if code != 0 || json.Unmarshal([]byte(out), &recs) != nil || len(recs) != 1 {
		t.Fatalf("slurm submit --wait: %d %q %q", code, out, stderr)
	}
	rec := recs[0]
	if rec.State != slurmbridge.StateCompleted || rec.Partition != "gpu" || slurmbridge.GPUs(rec.AllocTRES) != 1 || len(rec.Steps) != 2 || rec.Incomplete {
		t.Errorf("accounting record after --wait: %+v", rec)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "slurm-"+itoa(rec.JobID)+".out")); err != nil || strings.TrimSpace(string(data)) != "from-cli" {
		t.Errorf("job output %q %v (the job must run in the caller's directory)", data, err)
	}

	code, out, _ = runPetagrid(t, bin, dir, "slurm", "jobs", "--tag", rec.Name)
	if code != 0 || !strings.Contains(out, itoa(rec.JobID)) || !strings.Contains(out, "COMPLETED") {
		t.Errorf("slurm jobs --tag: %d %q", code, out)
	}
	code, out, _ = runPetagrid(t, bin, dir, "slurm", "accounting", "--job", itoa(rec.JobID), "--since", "1h")
	if code != 0 || !strings.Contains(out, "batch:COMPLETED 0:COMPLETED") {
		t.Errorf("slurm accounting: %d %q", code, out)
	}

	if err := os.WriteFile(script, []byte("#!/bin/sh\nexit 5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = runPetagrid(t, bin, dir, "--log-level", "warn", "slurm", "submit", "--wait", script)
	if code != 1 || !strings.Contains(stderr, "ended FAILED (exit 5:0)") {
		t.Errorf("failing job with --wait: %d %q", code, stderr)
	}
	code, _, stderr = runPetagrid(t, bin, dir, "slurm", "submit", "--partition", "nope", script)
	if code != 1 || !strings.Contains(stderr, "invalid partition") || !strings.Contains(stderr, "Invalid partition name specified") {
		t.Errorf("refused submission: %d %q", code, stderr)
	}
	code, _, stderr = runPetagrid(t, bin, dir, "slurm", "cancel", "3999999")
	if code != 1 || !strings.Contains(stderr, "job not found") {
		t.Errorf("cancel of an unknown job: %d %q", code, stderr)
	}
}

// TestCLIWorkflowRun runs a workflow with `petagrid workflow run --wait` and checks the
// report and exit status, for a run that succeeds and one whose step fails.
func TestCLIWorkflowRun(t *testing.T) {
	testBridge(t)
	bin := buildCLI(t)
	dir := t.TempDir()
	profile := filepath.Join(dir, "site.yaml")
	if err := os.WriteFile(profile, []byte("runtime: none\npartitions: {default: cpu}\naccount: research\nworkspaceRoot: "+dir+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := runPetagrid(t, bin, dir, "--log-level", "warn", "workflow", "run", "--wait", "--output", "json",
		"--site-profile", profile, repoFile(t, "docs/examples/dag-retries-finally.yaml"))
	var report struct {
		Steps []struct {
			Step     string   `json:"step"`
			State    string   `json:"state"`
			Attempts []string `json:"attempts"`
		} `json:"steps"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &report) != nil || len(report.Steps) != 6 {
		t.Fatalf("workflow run: %d\n%s\n%s", code, out, stderr)
	}
	want := map[string]string{"fetch": "COMPLETED", "flaky": "COMPLETED", "analyse": "COMPLETED", "on-failure": "skipped", "report": "COMPLETED", "cleanup": "COMPLETED"}
	for _, s := range report.Steps {
		if s.State != want[s.Step] {
			t.Errorf("step %s: %s, want %s", s.Step, s.State, want[s.Step])
		}
		if s.Step == "flaky" && strings.Join(s.Attempts, ",") != "3 exit,0 success" {
			t.Errorf("flaky attempts %v", s.Attempts)
		}
	}

	failing := filepath.Join(dir, "fail.yaml")
	if err := os.WriteFile(failing, []byte("version: 1\nname: fails\nresources: {time: 5m, mem: 256M}\nsteps:\n  - name: boom\n    run: {command: [sh, -c, 'exit 4']}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr = runPetagrid(t, bin, dir, "--log-level", "warn", "workflow", "run", "--wait", "--site-profile", profile, failing)
	if code != 1 || !strings.Contains(out, "FAILED") || !strings.Contains(out, "4:0") || !strings.Contains(stderr, "1 step(s) did not complete") {
		t.Errorf("failing run: %d\n%s\n%s", code, out, stderr)
	}
}
