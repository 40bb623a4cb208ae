package site

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/site/siteapi"
	"github.com/petagrid/petagrid/slurmbridge"
)

func TestConfigValidation(t *testing.T) {
	good := Config{Users: UsersConfig{Mode: ModeMapped, AllowedLocalUsers: []string{"alice"},
		Researchers: []ResearcherConfig{{Key: "0x00000000000000000000000000000000000000aa", LocalUser: "alice"}}}}.WithDefaults()
	if err := good.Validate(); err != nil {
		t.Fatalf("good config: %v", err)
	}
	cases := map[string]func(*Config){
		"unmapped researcher":    func(c *Config) { c.Users.Researchers[0].LocalUser = "mallory" },
		"root allowed":           func(c *Config) { c.Users.AllowedLocalUsers = append(c.Users.AllowedLocalUsers, "root") },
		"bad key":                func(c *Config) { c.Users.Researchers[0].Key = "0xnothex" },
		"relative journal":       func(c *Config) { c.Journal = "journal.db" },
		"no listener":            func(c *Config) { c.API.Socket = "-"; c.API.Listen = "" },
		"half TLS":               func(c *Config) { c.API.TLS.Cert = "/etc/cert.pem" },
		"tiny interval":          func(c *Config) { c.Tracker.Interval = time.Millisecond },
		"unknown mode":           func(c *Config) { c.Users.Mode = "trust-me" },
		"socket users in mapped": func(c *Config) { c.Users.SocketUsers = []string{"alice"} },
		"bad partition":          func(c *Config) { c.GridPartitions = []string{"a,b"} },
		"sudo misspelt":          func(c *Config) { c.Users.RunAs = "su" },
		"unknown kernel":         func(c *Config) { c.Challenges.Kernel = "cuda" },
	}
	for name, mutate := range cases {
		c := good
		c.Users.Researchers = append([]ResearcherConfig{}, good.Users.Researchers...)
		c.Users.AllowedLocalUsers = append([]string{}, good.Users.AllowedLocalUsers...)
		mutate(&c)
		if err := c.Validate(); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestPoolModeRefusesRoot(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("checks the refusal as root")
	}
	b, err := slurmbridge.New(slurmbridge.Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewMapper(UsersConfig{Mode: ModePool}, b); err == nil || !strings.Contains(err.Error(), "root") {
		t.Fatalf("pool mode as root: %v", err)
	}
}

func u32(v uint32) *uint32 { return &v }

func TestFinalStateFromAccounting(t *testing.T) {
	run := &siteapi.Run{ID: "r-x"}
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	rec := func(task *uint32, state slurmbridge.JobState, code int, submit time.Time, reason string) slurmbridge.AccountingRecord {
		return slurmbridge.AccountingRecord{JobID: 10, ArrayJobID: 10, ArrayTaskID: task, State: state, Exit: &slurmbridge.ExitStatus{Code: code}, SubmitTime: submit, StartTime: submit, EndTime: submit.Add(time.Minute), Reason: reason}
	}
	// A requeued job: the later run decides.
	plain := trackedStep{run: run, step: siteapi.Step{Name: "a", JobID: 10}}
	u, ok := fromRecords(plain, []slurmbridge.AccountingRecord{rec(nil, slurmbridge.StateCompleted, 0, t0.Add(time.Hour), ""), rec(nil, slurmbridge.StateNodeFail, 1, t0, "")})
	if !ok || u.State != runstate.StepCompleted || *u.ExitCode != 0 || u.Reason != "" {
		t.Fatalf("requeued: %v %+v", ok, u)
	}
	// An array waits for every task; the worst task decides.
	arr := trackedStep{run: run, step: siteapi.Step{Name: "b", JobID: 10, ArraySize: 3}}
	two := []slurmbridge.AccountingRecord{rec(u32(0), slurmbridge.StateCompleted, 0, t0, ""), rec(u32(1), slurmbridge.StateFailed, 4, t0, "")}
	if _, ok := fromRecords(arr, two); ok {
		t.Fatal("array with a task missing was final")
	}
	u, ok = fromRecords(arr, append(two, rec(u32(2), slurmbridge.StateCompleted, 0, t0, "")))
	if !ok || u.State != runstate.StepFailed || *u.ExitCode != 4 {
		t.Fatalf("array: %v %+v", ok, u)
	}
	// A pending array Slurm cancelled has one record for the tasks that never started.
	whole := rec(nil, slurmbridge.StateCancelled, 0, t0, "DependencyNeverSatisfied")
	whole.StartTime = time.Time{}
	u, ok = fromRecords(arr, []slurmbridge.AccountingRecord{whole})
	if !ok || u.State != runstate.StepSkipped || u.ExitCode != nil {
		t.Fatalf("skipped array: %v %+v", ok, u)
	}
	u, ok = fromRecords(arr, []slurmbridge.AccountingRecord{rec(u32(0), slurmbridge.StateCompleted, 0, t0, ""), whole})
	if !ok || u.State != runstate.StepSkipped {
		t.Fatalf("partly run array: %v %+v", ok, u)
	}
	pending := rec(nil, slurmbridge.StatePending, 0, t0, "")
	if _, ok := fromRecords(arr, []slurmbridge.AccountingRecord{rec(u32(0), slurmbridge.StateCompleted, 0, t0, ""), pending}); ok {
		t.Fatal("an array with pending tasks was final")
	}
	// Slurm's cancellation of a step whose dependency cannot be met is a skip.
	never := rec(nil, slurmbridge.StateCancelled, 0, t0, "DependencyNeverSatisfied")
	never.StartTime = time.Time{}
	u, _ = fromRecords(plain, []slurmbridge.AccountingRecord{never})
	if u.State != runstate.StepSkipped || u.ExitCode != nil || u.Reason == "" {
		t.Fatalf("dependency cancel: %+v", u)
	}
	// Placeholder and still-running records are not final.
	if _, ok := fromRecords(plain, []slurmbridge.AccountingRecord{rec(nil, slurmbridge.StateRunning, 0, t0, "")}); ok {
		t.Fatal("running record taken as final")
	}
}

func TestOutcome(t *testing.T) {
	code := 2
	run := &siteapi.Run{Steps: []siteapi.Step{{Name: "a", State: runstate.StepCompleted}, {Name: "h", State: runstate.StepSkipped}, {Name: "b", State: runstate.StepOutOfMemory, ExitCode: &code}, {Name: "c", State: runstate.StepFailed}}}
	if s, detail := outcomeOf(run); s != runstate.OutOfMemory || !strings.Contains(detail, "step b") || !strings.Contains(detail, "exit code 2") {
		t.Fatalf("%s %q", s, detail)
	}
	run.CancelRequested = true
	if s, _ := outcomeOf(run); s != runstate.Cancelled {
		t.Fatalf("cancel requested: %s", s)
	}
	if s, _ := outcomeOf(&siteapi.Run{Steps: []siteapi.Step{{State: runstate.StepCompleted}, {State: runstate.StepSkipped}}}); s != runstate.Completed {
		t.Fatalf("all done: %s", s)
	}
}

func TestOpenLogRefusesLinksAndForeignFiles(t *testing.T) {
	root := t.TempDir()
	ws := filepath.Join(root, "alice", "r-1")
	if err := os.MkdirAll(filepath.Join(ws, ".petagrid", "logs"), 0o700); err != nil {
		t.Fatal(err)
	}
	logs := filepath.Join(ws, ".petagrid", "logs")
	os.WriteFile(filepath.Join(logs, "a.out"), []byte("hello\n"), 0o600)
	secret := filepath.Join(t.TempDir(), "secret")
	os.WriteFile(secret, []byte("secret"), 0o600)
	os.Symlink(secret, filepath.Join(logs, "b.out"))
	os.Symlink(filepath.Dir(secret), filepath.Join(ws, "linked"))
	me := uint32(os.Getuid())

	f, err := openLog(root, ws, ".petagrid/logs/a.out", me)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	for _, rel := range []string{".petagrid/logs/b.out", "linked/secret", "../../../etc/passwd"} {
		if f, err := openLog(root, ws, rel, me); err == nil {
			f.Close()
			t.Errorf("%s was opened", rel)
		}
	}
	if _, err := openLog(root, ws, ".petagrid/logs/a.out", me+1); err == nil || !strings.Contains(err.Error(), "refused") {
		t.Errorf("a file of another owner: %v", err)
	}
}

func TestLogLinesArePrefixed(t *testing.T) {
	var out strings.Builder
	s := &logSource{label: "step[1]"}
	emit(&out, s, []byte("one\ntw"), false)
	emit(&out, s, []byte("o\nthree"), false)
	writeLine(&out, s, s.line, false)
	if got := out.String(); got != "[step[1]] one\n[step[1]] two\n[step[1]] three\n" {
		t.Fatalf("%q", got)
	}
}

func TestWorkspaceWriterProtocol(t *testing.T) {
	root := t.TempDir()
	req := func(body string) string { return fmt.Sprintf("%d\n%s", len(body), body) }
	good := fmt.Sprintf(`{"userDir":%q,"workspace":%q,"files":[{"path":".petagrid/scripts/a.sh","mode":448,"data":"IyEvYmluL3NoCg=="}]}`, root+"/alice", root+"/alice/r-1")
	outside := fmt.Sprintf(`{"userDir":%q,"workspace":"/etc/r-1","files":[]}`, root+"/alice")
	var out bytes.Buffer
	err := ServeWorkspaceWriter(strings.NewReader(req(good)+req(`{"nope":1}`)+req(outside)), &out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 || lines[0] != "{}" || !strings.Contains(lines[1], "unknown field") || !strings.Contains(lines[2], "directly under") {
		t.Fatalf("answers: %q", lines)
	}
	data, err := os.ReadFile(root + "/alice/r-1/.petagrid/scripts/a.sh")
	if err != nil || string(data) != "#!/bin/sh\n" {
		t.Fatalf("written: %q %v", data, err)
	}
	if err := ServeWorkspaceWriter(strings.NewReader("999999999999\n"), &out); err == nil {
		t.Fatal("an absurd length was accepted")
	}
}
