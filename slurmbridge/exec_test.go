package slurmbridge

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sirupsen/logrus"
	"github.com/sirupsen/logrus/hooks/test"
)

// These tests stand a test double (test/doubles/slurm-command) in for Slurm's commands, to
// produce what a real Slurm cannot be made to do on demand: hang, vanish, flood its output or
// print garbage. The double records its argv, environment and stdin so the tests can check
// exactly what the bridge handed it.

type doubleDir struct {
	t   *testing.T
	dir string
}

func newDouble(t *testing.T, commands ...string) (*Bridge, doubleDir) {
	t.Helper()
	script, err := filepath.Abs(filepath.Join("..", "test", "doubles", "slurm-command"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, c := range append(commands, "sinfo") {
		if err := os.Symlink(script, filepath.Join(dir, c)); err != nil && !os.IsExist(err) {
			t.Fatal(err)
		}
	}
	d := doubleDir{t: t, dir: dir}
	d.set("sinfo", "stdout", "slurm 22.05.8\n")
	logger, _ := test.NewNullLogger()
	b, err := New(Config{BinDir: dir, Conf: "/etc/slurm-test/slurm.conf", CommandTimeout: 2 * time.Second, MaxOutputBytes: 1 << 20}, logger)
	if err != nil {
		t.Fatal(err)
	}
	return b, d
}

func (d doubleDir) set(command, kind, content string) {
	d.t.Helper()
	if err := os.WriteFile(filepath.Join(d.dir, command+"."+kind), []byte(content), 0o644); err != nil {
		d.t.Fatal(err)
	}
}

func (d doubleDir) get(command, kind string) string {
	d.t.Helper()
	data, err := os.ReadFile(filepath.Join(d.dir, command+"."+kind))
	if err != nil {
		d.t.Fatalf("the double did not record %s.%s: %v", command, kind, err)
	}
	return string(data)
}

func TestMissingBinary(t *testing.T) {
	b, err := New(Config{BinDir: t.TempDir()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = b.ListJobs(context.Background(), JobQuery{})
	var missing *MissingCommandError
	if !errors.Is(err, ErrCommandNotFound) || !errors.As(err, &missing) || missing.Command != "squeue" {
		t.Fatalf("error %v is not a *MissingCommandError for squeue", err)
	}
	if !strings.Contains(err.Error(), "slurm.binDir") {
		t.Errorf("error %q does not say how to fix it", err)
	}
}

func TestHungCommandIsKilled(t *testing.T) {
	b, d := newDouble(t, "squeue")
	d.set("squeue", "mode", "hang")
	start := time.Now()
	_, err := b.ListJobs(context.Background(), JobQuery{})
	elapsed := time.Since(start)
	var timeout *TimeoutError
	if !errors.As(err, &timeout) || !errors.Is(err, ErrTimeout) || timeout.Limit != 2*time.Second {
		t.Fatalf("error %v is not a *TimeoutError after 2s", err)
	}
	// The limit is 2 s; the child holding the pipe open must not add the 600 s it sleeps.
	if elapsed > 10*time.Second {
		t.Errorf("a hung command took %s to be stopped", elapsed)
	}
}

func TestCallerCancellation(t *testing.T) {
	b, d := newDouble(t, "squeue")
	d.set("squeue", "mode", "hang")
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(200 * time.Millisecond); cancel() }()
	_, err := b.ListJobs(ctx, JobQuery{})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v does not wrap context.Canceled", err)
	}
	var timeout *TimeoutError
	if errors.As(err, &timeout) {
		t.Error("a cancellation by the caller is reported as a timeout")
	}
}

func TestOutputFloodIsStopped(t *testing.T) {
	b, d := newDouble(t, "squeue")
	d.set("squeue", "mode", "flood")
	_, err := b.ListJobs(context.Background(), JobQuery{})
	var tooLarge *OutputTooLargeError
	if !errors.As(err, &tooLarge) || tooLarge.MaxBytes != 1<<20 {
		t.Fatalf("error %v is not an *OutputTooLargeError", err)
	}
}

func TestNonZeroExitAndGarbage(t *testing.T) {
	b, d := newDouble(t, "squeue", "sbatch", "sacct")
	d.set("squeue", "mode", "exit:1")
	d.set("squeue", "stderr", "squeue: error: Unable to contact slurm controller (connect failure)\n")
	_, err := b.ListJobs(context.Background(), JobQuery{})
	var cmdErr *CommandError
	if !errors.As(err, &cmdErr) || cmdErr.ExitCode != 1 || !errors.Is(err, ErrControllerUnreachable) {
		t.Fatalf("error %v is not a *CommandError for an unreachable controller", err)
	}

	d.set("squeue", "mode", "ok")
	d.set("squeue", "stderr", "")
	d.set("squeue", "stdout", `{"meta": {}, "jobs": [{"job_id": 1, "job_state": "RUNN`)
	_, err = b.ListJobs(context.Background(), JobQuery{})
	var parseErr *ParseError
	if !errors.As(err, &parseErr) || !strings.Contains(err.Error(), "truncated") {
		t.Fatalf("truncated JSON gave %v", err)
	}

	d.set("sbatch", "stdout", "Submitted batch job 12\n")
	_, err = b.Submit(context.Background(), SubmitRequest{Script: []byte("#!/bin/sh\n"), Tag: "t1", WorkDir: "/tmp"})
	if !errors.As(err, &parseErr) || !errors.Is(err, ErrSubmitOutcomeUnknown) {
		t.Fatalf("an unparsable sbatch answer must leave the outcome unknown, got %v", err)
	}
	d.set("sbatch", "mode", "hang")
	_, err = b.Submit(context.Background(), SubmitRequest{Script: []byte("#!/bin/sh\n"), Tag: "t1", WorkDir: "/tmp"})
	if !errors.Is(err, ErrTimeout) || !errors.Is(err, ErrSubmitOutcomeUnknown) {
		t.Fatalf("a hung sbatch must leave the outcome unknown, got %v", err)
	}
	d.set("sbatch", "mode", "exit:1")
	d.set("sbatch", "stderr", "sbatch: error: Batch job submission failed: Socket timed out on send/recv operation\n")
	_, err = b.Submit(context.Background(), SubmitRequest{Script: []byte("#!/bin/sh\n"), Tag: "t1", WorkDir: "/tmp"})
	if !errors.Is(err, ErrControllerUnreachable) || !errors.Is(err, ErrSubmitOutcomeUnknown) {
		t.Fatalf("a lost controller answer must leave the outcome unknown, got %v", err)
	}

	d.set("sbatch", "stderr", "sbatch: error: Batch job submission failed: Invalid account or account/partition combination specified\n")
	_, err = b.Submit(context.Background(), SubmitRequest{Script: []byte("#!/bin/sh\n"), Tag: "t1", WorkDir: "/tmp", Account: "nope"})
	var refusal *RefusalError
	if !errors.As(err, &refusal) || !errors.Is(err, ErrInvalidAccount) || !strings.Contains(refusal.Message, "Invalid account") {
		t.Fatalf("refusal gave %v", err)
	}
	if errors.Is(err, ErrSubmitOutcomeUnknown) {
		t.Error("a refusal is a definite answer, not an unknown outcome")
	}

	d.set("sacct", "stdout", "")
	d.set("sacct", "stderr", "sacct: error: slurmdbd: Connection refused\n")
	_, err = b.Accounting(context.Background(), AccountingQuery{Start: time.Now().Add(-time.Hour), End: time.Now()})
	if !errors.Is(err, ErrAccountingUnreachable) {
		t.Fatalf("slurmdbd failure with exit 0 gave %v", err)
	}
}

func TestEnvironmentIsScrubbedAndArgvIsExact(t *testing.T) {
	t.Setenv("SLURM_JOB_ID", "99")
	t.Setenv("SLURM_CONF", "/wrong/slurm.conf")
	t.Setenv("SBATCH_PARTITION", "wrong")
	t.Setenv("SQUEUE_FORMAT", "%i")
	t.Setenv("SALLOC_ACCOUNT", "wrong")
	t.Setenv("PETAGRID_GATEWAY_KEY", "secret-value")
	t.Setenv("TZ", "America/New_York")
	b, d := newDouble(t, "sbatch")
	d.set("sbatch", "stdout", "42;site-a\n")
	script := "#!/bin/bash\n#SBATCH --job-name=ignored\necho \"$HOME\" '|' $(hostname) ; rm -rf /nothing\n"
	res, err := b.Submit(context.Background(), SubmitRequest{
		Script: []byte(script), Tag: "pg-abc", WorkDir: "/work dir/with space", Partition: "gpu",
		Comment: `quotes " and ' and $(subshell)`, Options: []string{"--gres=gpu:fake:1"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if res != (SubmitResult{JobID: 42, Cluster: "site-a"}) {
		t.Errorf("result %+v", res)
	}
	// sbatch keeps the last occurrence of an option: the bridge's own come last.
	wantArgv := "--gres=gpu:fake:1\n--partition=gpu\n--comment=quotes \" and ' and $(subshell)\n--parsable\n--job-name=pg-abc\n--chdir=/work dir/with space\n"
	if got := d.get("sbatch", "argv"); got != wantArgv {
		t.Errorf("argv\n got %q\nwant %q", got, wantArgv)
	}
	if got := d.get("sbatch", "stdin"); got != script {
		t.Errorf("script on stdin changed: %q", got)
	}
	env := d.get("sbatch", "env")
	for _, leaked := range []string{"SLURM_JOB_ID", "SBATCH_PARTITION", "SQUEUE_FORMAT", "SALLOC_ACCOUNT", "PETAGRID_GATEWAY_KEY", "secret-value", "/wrong/slurm.conf", "America/New_York"} {
		if strings.Contains(env, leaked) {
			t.Errorf("environment leaked %s:\n%s", leaked, env)
		}
	}
	for _, want := range []string{"SLURM_CONF=/etc/slurm-test/slurm.conf", "PATH="} {
		if !strings.Contains(env, want) {
			t.Errorf("environment lacks %s:\n%s", want, env)
		}
	}
	// sbatch copies its environment into the job: jobs keep the site's local time.
	if strings.Contains(env, "TZ=") {
		t.Errorf("sbatch got a TZ, which its job would inherit:\n%s", env)
	}
	// Commands that print times get UTC.
	b2, d2 := newDouble(t, "squeue")
	d2.set("squeue", "stdout", `{"jobs": []}`)
	if _, err := b2.ListJobs(context.Background(), JobQuery{}); err != nil {
		t.Fatal(err)
	}
	if env := d2.get("squeue", "env"); !strings.Contains(env, "TZ=UTC") || strings.Contains(env, "America/New_York") {
		t.Errorf("squeue environment:\n%s", env)
	}
}

// A command that finished successfully keeps its answer even if the caller gives up a moment
// later: a submitted job id must not be dropped.
func TestSuccessWinsOverLateCancellation(t *testing.T) {
	b, d := newDouble(t, "sbatch")
	d.set("sbatch", "stdout", "77\n")
	// Its Done channel never fires, so the command runs to the end, but by the time the result
	// is examined it reports a cancellation: the moment just after sbatch answered.
	res, err := b.Submit(cancelledAfterwards{context.Background()}, SubmitRequest{Script: []byte("#!/bin/sh\n"), Tag: "t", WorkDir: "/"})
	if err != nil || res.JobID != 77 {
		t.Fatalf("the job id was dropped: %+v %v", res, err)
	}
}

type cancelledAfterwards struct{ context.Context }

func (cancelledAfterwards) Err() error { return context.Canceled }

func TestTypedNilLoggerIsNoLogger(t *testing.T) {
	var nilLogger *logrus.Logger
	var nilEntry *logrus.Entry
	for _, l := range []logrus.FieldLogger{nilLogger, nilEntry, nil} {
		b, err := New(Config{BinDir: t.TempDir()}, l)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := b.ListJobs(context.Background(), JobQuery{}); !errors.Is(err, ErrCommandNotFound) {
			t.Errorf("%v", err)
		}
	}
}

func TestConfigPathsMustBeAbsolute(t *testing.T) {
	for _, cfg := range []Config{{BinDir: "bin"}, {Conf: "etc/slurm.conf"}, {Conf: "/etc/slurm\n.conf"}} {
		if _, err := New(cfg, nil); err == nil {
			t.Errorf("accepted %+v", cfg)
		}
	}
}

func TestCancelReadsVerboseMessages(t *testing.T) {
	b, d := newDouble(t, "scancel")
	d.set("scancel", "stderr", "scancel: Terminating job 99999\nscancel: error: Kill job error on job id 99999: Invalid job id specified\n")
	if err := b.Cancel(context.Background(), 99999, ""); !errors.Is(err, ErrJobNotFound) {
		t.Errorf("unknown job gave %v", err)
	}
	if got := d.get("scancel", "argv"); got != "--verbose\n99999\n" {
		t.Errorf("argv %q", got)
	}
	d.set("scancel", "stderr", "scancel: Terminating job 10\nscancel: error: Kill job error on job id 10: Job/step already completing or completed\n")
	if err := b.Cancel(context.Background(), 10, ""); !errors.Is(err, ErrJobFinished) {
		t.Errorf("finished job gave %v", err)
	}
	d.set("scancel", "stderr", "scancel: Terminating job 11\n")
	if err := b.Cancel(context.Background(), 11, "sigterm"); err != nil {
		t.Errorf("cancel: %v", err)
	}
	if got := d.get("scancel", "argv"); got != "--verbose\n--signal=TERM\n--full\n11\n" {
		t.Errorf("argv %q", got)
	}
	if err := b.Cancel(context.Background(), 11, "RM -RF"); err == nil {
		t.Error("a bogus signal was accepted")
	}
}

func TestReleaseDetectionFailures(t *testing.T) {
	b, d := newDouble(t, "scontrol")
	d.set("sinfo", "stdout", "sinfo: error: resolve_ctls_from_dns_srv: res_nsearch error: Unknown host\n")
	_, err := b.JobDetail(context.Background(), 1)
	var parseErr *ParseError
	if !errors.As(err, &parseErr) {
		t.Fatalf("garbage from sinfo --version gave %v", err)
	}
	// Detection is retried after a failure and cached after a success.
	d.set("sinfo", "stdout", "slurm 23.11.4\n")
	d.set("scontrol", "mode", "exit:1")
	d.set("scontrol", "stderr", "slurm_load_jobs error: Invalid job id specified\n")
	if _, err := b.JobDetail(context.Background(), 7); !errors.Is(err, ErrJobNotFound) {
		t.Fatalf("unknown job gave %v", err)
	}
	if got := d.get("scontrol", "argv"); got != "--json\n--details\nshow\njob\n7\n" {
		t.Errorf("23.11 job detail argv %q", got)
	}
	d.set("sinfo", "stdout", "slurm 22.05.8\n")
	if r, _ := b.Release(context.Background()); r != (Release{23, 11, 4}) {
		t.Errorf("release not cached: %v", r)
	}
}

func TestLogsCarryNoScript(t *testing.T) {
	b, d := newDouble(t, "sbatch")
	logger, hook := test.NewNullLogger()
	logger.SetLevel(logrus.DebugLevel)
	b.log = logger
	d.set("sbatch", "stdout", "5\n")
	if _, err := b.Submit(context.Background(), SubmitRequest{Script: []byte("#!/bin/sh\nexport TOKEN=hunter2\n"), Tag: "t", WorkDir: "/"}); err != nil {
		t.Fatal(err)
	}
	for _, e := range hook.AllEntries() {
		line, _ := e.String()
		if strings.Contains(line, "hunter2") {
			t.Errorf("log line carries the script: %s", line)
		}
	}
}
