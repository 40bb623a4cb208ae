package main

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/site/siteapi"
)

const testRunID = "r-abcdefghijklmnop"

// fakeSite answers the site API with canned runs; no Slurm, no journal.
type fakeSite struct {
	t *testing.T
	// verifier, when set, requires signed requests.
	verifier *reqsign.Verifier

	mu        sync.Mutex
	submitted []siteapi.SubmitRequest
	gets      int
	lists     int
	// states are what successive GETs of the run answer (the last one repeats).
	states []runstate.State
}

func (f *fakeSite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet && r.URL.Path == "/v1/info" {
		writeTestJSON(w, http.StatusOK, siteapi.Info{Site: "test-site", Audience: "test-site", Version: "test", UserMode: "pool"})
		return
	}
	body, _ := io.ReadAll(r.Body)
	if f.verifier != nil {
		if _, err := f.verifier.Verify(r.Context(), r, body); err != nil {
			writeTestJSON(w, http.StatusUnauthorized, siteapi.ErrorBody{Error: err.Error()})
			return
		}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/v1/jobs":
		var req siteapi.SubmitRequest
		if err := json.Unmarshal(body, &req); err != nil {
			writeTestJSON(w, http.StatusBadRequest, siteapi.ErrorBody{Error: err.Error()})
			return
		}
		f.submitted = append(f.submitted, req)
		if strings.Contains(req.Workflow, "comand") {
			writeTestJSON(w, http.StatusUnprocessableEntity, siteapi.ErrorBody{Error: "the workflow has 2 error(s)", Details: []string{
				req.FileName + `:5:11: unknown field "comand" in run (did you mean "command"?)`,
				req.FileName + ":7:3: step b: needs a command",
			}})
			return
		}
		writeTestJSON(w, http.StatusCreated, siteapi.RunView{Run: testRun(runstate.Accepted)})
	case r.Method == http.MethodGet && r.URL.Path == "/v1/jobs":
		failed := testRun(runstate.Failed)
		failed.ID, failed.Error = "r-bbbbbbbbbbbbbbbb", "step a failed"
		// The first run moves through states, when given, as the listing is asked again.
		first := runstate.Running
		if len(f.states) > 0 {
			first = f.states[min(f.lists, len(f.states)-1)]
		}
		f.lists++
		writeTestJSON(w, http.StatusOK, map[string]any{"runs": []siteapi.Run{testRun(first), failed}})
	case r.Method == http.MethodGet && r.URL.Path == "/v1/jobs/"+testRunID:
		state := runstate.Completed
		if len(f.states) > 0 {
			state = f.states[min(f.gets, len(f.states)-1)]
		}
		f.gets++
		view := siteapi.RunView{Run: testRun(state)}
		if r.URL.Query().Get("history") == "1" {
			view.History = []siteapi.Transition{{From: "accepted", To: "rendered", At: time.Date(2026, 1, 2, 3, 4, 6, 0, time.UTC)}}
		}
		writeTestJSON(w, http.StatusOK, view)
	case r.Method == http.MethodGet && r.URL.Path == "/v1/jobs/"+testRunID+"/logs":
		if r.URL.Query().Get("step") != "a" || r.URL.Query().Get("stream") != "both" {
			f.t.Errorf("logs query %q", r.URL.RawQuery)
		}
		io.WriteString(w, "hello from a\n")
	case r.Method == http.MethodDelete && r.URL.Path == "/v1/jobs/"+testRunID:
		run := testRun(runstate.Running)
		run.CancelRequested = true
		writeTestJSON(w, http.StatusAccepted, siteapi.RunView{Run: run})
	default:
		writeTestJSON(w, http.StatusNotFound, siteapi.ErrorBody{Error: "no run " + r.URL.Path})
	}
}

func testRun(state runstate.State) siteapi.Run {
	code := 0
	stepState := runstate.StepRunning
	var exit *int
	if state.Terminal() {
		stepState, exit = runstate.StepCompleted, &code
		if state != runstate.Completed {
			stepState = runstate.StepFailed
		}
	}
	return siteapi.Run{ID: testRunID, Workflow: "hello", State: state, SourceName: "hello.yaml",
		CreatedAt: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
		Steps: []siteapi.Step{
			{Name: "a", JobID: 41, State: stepState, ExitCode: exit},
			{Name: "b", State: runstate.StepPlanned, Reason: "Dependency"},
		}}
}

func writeTestJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

// serveUnix serves h on a unix socket in a temporary directory; it returns the --site value.
func serveUnix(t *testing.T, h http.Handler) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "site.sock")
	l, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(h)
	srv.Listener.Close()
	srv.Listener = l
	srv.Start()
	t.Cleanup(srv.Close)
	return "unix://" + path
}

func TestSiteClientUsageErrors(t *testing.T) {
	cases := map[string][]string{
		"status without id":     {"status"},
		"status two ids":        {"status", "r-a", "r-b"},
		"cancel without id":     {"cancel"},
		"logs without id":       {"logs"},
		"jobs bad output":       {"jobs", "--output", "yaml"},
		"status bad output":     {"status", "r-a", "-o", "xml"},
		"logs bad stream":       {"logs", "--stream", "stdin", "r-a"},
		"logs bad task":         {"logs", "--task", "-2", "r-a"},
		"submit without file":   {"submit"},
		"submit two files":      {"submit", "a.yaml", "b.yaml"},
		"submit bad param":      {"submit", "a.yaml", "-p", "novalue"},
		"submit bad key":        {"submit", "--idempotency-key", "a key", "a.yaml"},
		"submit bad poll":       {"submit", "--watch", "--poll", "1ms", "a.yaml"},
		"jobs bad limit":        {"jobs", "--limit", "-1"},
		"jobs argument":         {"jobs", "r-a"},
		"jobs wait with state":  {"jobs", "--wait", "--state", "running"},
		"jobs wait bad poll":    {"jobs", "--wait", "--poll", "1ms"},
		"bad site":              {"jobs", "--site", "ftp://site.example"},
		"relative socket":       {"jobs", "--site", "unix://site.sock"},
		"negative timeout":      {"jobs", "--timeout", "-1s"},
		"keys new argument":     {"keys", "new", "extra"},
		"keys show bad output":  {"keys", "show", "--output", "yaml"},
		"site serve argument":   {"site", "serve", "extra"},
		"unknown keys command":  {"keys", "frobnicate"},
		"submit flag not value": {"submit", "a.yaml", "--idempotency-key"},
	}
	for name, args := range cases {
		t.Run(name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, args...)
			if code != exitUsage || !strings.HasPrefix(stderr, "petagrid: ") || stdout != "" {
				t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
			}
		})
	}
}

func TestSubmitToSite(t *testing.T) {
	fs := &fakeSite{t: t}
	target := serveUnix(t, fs)
	dir := t.TempDir()
	bad := writeFile(t, dir, "bad flow.yaml", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {comand: [echo]}\n")
	code, stdout, stderr := runCLI(t, "submit", "--site", target, bad)
	want := `bad_flow.yaml:5:11: unknown field "comand" in run (did you mean "command"?)` + "\n" + "bad_flow.yaml:7:3: step b: needs a command\n"
	if code != exitFailure || stderr != want || stdout != "" {
		t.Errorf("422: exit %d\nstdout %q\nstderr %q\nwant   %q", code, stdout, stderr, want)
	}

	good := writeFile(t, dir, "hello.yaml", "version: 1\nname: hello\nsteps: [{name: a, run: {command: [echo, hi]}}]\n")
	code, stdout, stderr = runCLI(t, "submit", good, "--site", target, "-p", "n=3", "-p", "msg=a, b")
	if code != 0 || !strings.Contains(stdout, testRunID) || !strings.Contains(stdout, "WORKFLOW") || stderr != "" {
		t.Errorf("201: exit %d\nstdout %q\nstderr %q", code, stdout, stderr)
	}
	fs.mu.Lock()
	last := fs.submitted[len(fs.submitted)-1]
	fs.mu.Unlock()
	if last.FileName != "hello.yaml" || last.Params["n"] != "3" || last.Params["msg"] != "a, b" || !strings.HasPrefix(last.Workflow, "version: 1\n") || last.IdempotencyKey == "" {
		t.Errorf("submission %+v", last)
	}

	code, stdout, _ = runCLI(t, "submit", "--site", target, "--output", "json", "--idempotency-key", "k-1", good)
	var view siteapi.RunView
	if code != 0 || json.Unmarshal([]byte(stdout), &view) != nil || view.ID != testRunID {
		t.Errorf("json: exit %d %q", code, stdout)
	}
	fs.mu.Lock()
	if k := fs.submitted[len(fs.submitted)-1].IdempotencyKey; k != "k-1" {
		t.Errorf("idempotency key %q", k)
	}
	fs.mu.Unlock()

	if code, _, stderr := runCLI(t, "submit", "--site", target, filepath.Join(dir, "missing.yaml")); code != exitFailure || !strings.Contains(stderr, "no such file") {
		t.Errorf("missing file: %d %q", code, stderr)
	}
	big := filepath.Join(dir, "big.yaml")
	if err := os.WriteFile(big, make([]byte, 5<<20), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI(t, "submit", "--site", target, big); code != exitFailure || !strings.Contains(stderr, "the limit is") {
		t.Errorf("big file: %d %q", code, stderr)
	}
}

func TestSubmitWatch(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "hello.yaml", "version: 1\nname: hello\nsteps: [{name: a, run: {command: [echo, hi]}}]\n")
	fs := &fakeSite{t: t, states: []runstate.State{runstate.Running, runstate.Running, runstate.Completed}}
	target := serveUnix(t, fs)
	code, stdout, stderr := runCLI(t, "submit", good, "--site", target, "--watch", "--poll", "100ms")
	if code != 0 || !strings.Contains(stdout, "STEP") || !strings.Contains(stdout, "run "+testRunID+" (hello): completed") || stderr != "" {
		t.Errorf("completed: exit %d\nstdout %s\nstderr %q", code, stdout, stderr)
	}
	// Not a terminal: a frame is printed when something changed, so "running" once.
	if n := strings.Count(stdout, ": running"); n != 1 || strings.Contains(stdout, "\x1b[") {
		t.Errorf("frames: %d running frames, stdout:\n%q", n, stdout)
	}

	fs = &fakeSite{t: t, states: []runstate.State{runstate.Running, runstate.Failed}}
	target = serveUnix(t, fs)
	code, stdout, stderr = runCLI(t, "status", testRunID, "--site", target, "--watch", "--poll", "100ms")
	if code != exitFailure || !strings.Contains(stdout, ": failed") || stderr != "" {
		t.Errorf("failed: exit %d\nstdout %s\nstderr %q", code, stdout, stderr)
	}
}

// jobs --wait lists until no run is unfinished, says how many are in each state when that
// changes, and exits 1 since one of the runs failed.
func TestJobsWait(t *testing.T) {
	fs := &fakeSite{t: t, states: []runstate.State{runstate.Accepted, runstate.Running, runstate.Running, runstate.Completed}}
	target := serveUnix(t, fs)
	code, stdout, stderr := runCLI(t, "jobs", "--site", target, "--wait", "--poll", "100ms")
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	want := []string{"2 runs: 1 accepted, 1 failed", "2 runs: 1 failed, 1 running", "2 runs: 1 completed, 1 failed"}
	if len(lines) != len(want) {
		t.Fatalf("progress lines:\n%s", stderr)
	}
	for i, w := range want {
		if !strings.HasSuffix(lines[i], w) {
			t.Errorf("progress line %d %q, want … %q", i, lines[i], w)
		}
	}
	if code != exitFailure || !strings.Contains(stdout, "completed") || !strings.Contains(stdout, "step a failed") {
		t.Errorf("exit %d\n%s", code, stdout)
	}
	fs.mu.Lock()
	if fs.lists != 4 {
		t.Errorf("%d listings, want 4 (until the last run ended)", fs.lists)
	}
	fs.mu.Unlock()
}

func TestJobsStatusLogsCancel(t *testing.T) {
	target := serveUnix(t, &fakeSite{t: t})
	code, stdout, stderr := runCLI(t, "jobs", "--site", target, "--output", "json")
	var runs []siteapi.Run
	if code != 0 || json.Unmarshal([]byte(stdout), &runs) != nil || len(runs) != 2 || runs[1].Error != "step a failed" {
		t.Fatalf("jobs json: exit %d %q %q", code, stdout, stderr)
	}
	code, stdout, _ = runCLI(t, "jobs", "--site", target)
	for _, want := range []string{"ID", "STEPS", "CREATED", testRunID, "0/2", "1/2", "2026-01-02T03:04:05Z", "step a failed"} {
		if code != 0 || !strings.Contains(stdout, want) {
			t.Errorf("jobs table lacks %q: %d\n%s", want, code, stdout)
		}
	}
	code, stdout, _ = runCLI(t, "status", testRunID, "--site", target, "--history")
	for _, want := range []string{"State:", "completed", "STEP", "41", "Dependency", "FROM", "rendered"} {
		if code != 0 || !strings.Contains(stdout, want) {
			t.Errorf("status lacks %q: %d\n%s", want, code, stdout)
		}
	}
	code, stdout, stderr = runCLI(t, "logs", "--step", "a", testRunID, "--site", target)
	if code != 0 || stdout != "hello from a\n" {
		t.Errorf("logs: %d %q %q", code, stdout, stderr)
	}
	code, stdout, _ = runCLI(t, "cancel", testRunID, "--site", target)
	if code != 0 || !strings.Contains(stdout, testRunID) || !strings.Contains(stdout, "running (cancelling)") {
		t.Errorf("cancel: %d %q", code, stdout)
	}
	code, _, stderr = runCLI(t, "status", "r-zzzzzzzzzzzzzzzz", "--site", target)
	if code != exitFailure || !strings.Contains(stderr, "404") || !strings.Contains(stderr, "no run") {
		t.Errorf("unknown run: %d %q", code, stderr)
	}
}

func TestSiteUnreachable(t *testing.T) {
	code, _, stderr := runCLI(t, "jobs", "--site", "unix://"+filepath.Join(t.TempDir(), "none.sock"))
	if code != exitFailure || !strings.Contains(stderr, "is the site daemon running?") {
		t.Errorf("no daemon: %d %q", code, stderr)
	}
	// http(s) needs a key; a missing one says how to make one.
	code, _, stderr = runCLI(t, "jobs", "--site", "http://127.0.0.1:1", "--key", filepath.Join(t.TempDir(), "key"))
	if code != exitFailure || !strings.Contains(stderr, "petagrid keys new") {
		t.Errorf("no key: %d %q", code, stderr)
	}
}

// testNonces is an in-memory nonce store.
type testNonces struct {
	mu   sync.Mutex
	seen map[string]bool
}

func (n *testNonces) Remember(_ context.Context, signer common.Address, nonce string, _ time.Time) (bool, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.seen[signer.Hex()+nonce] {
		return false, nil
	}
	n.seen[signer.Hex()+nonce] = true
	return true, nil
}

func TestSignedSiteOverHTTP(t *testing.T) {
	keyFile := filepath.Join(t.TempDir(), "key")
	if code, _, stderr := runCLI(t, "keys", "new", "--file", keyFile); code != 0 {
		t.Fatalf("keys new: %d %q", code, stderr)
	}
	verifier := &reqsign.Verifier{Audience: "test-site", Nonces: &testNonces{seen: map[string]bool{}}}
	srv := httptest.NewServer(&fakeSite{t: t, verifier: verifier})
	defer srv.Close()
	known := filepath.Join(t.TempDir(), "known_sites.json")
	t.Setenv("PETAGRID_KNOWN_SITES", known)
	code, stdout, stderr := runCLI(t, "jobs", "--site", srv.URL, "--key", keyFile)
	if code != 0 || !strings.Contains(stdout, testRunID) || !strings.Contains(stderr, `first contact with `+srv.URL+`: it calls itself "test-site"`) {
		t.Fatalf("signed jobs: %d %q %q", code, stdout, stderr)
	}
	if data, err := os.ReadFile(known); err != nil || !strings.Contains(string(data), `"test-site"`) {
		t.Fatalf("known sites: %q %v", data, err)
	}
	// Later contacts sign for the remembered name, silently.
	if code, _, stderr := runCLI(t, "jobs", "--site", srv.URL, "--key", keyFile); code != 0 || strings.Contains(stderr, "first contact") {
		t.Fatalf("second contact: %d %q", code, stderr)
	}
	t.Setenv("PETAGRID_KEY", keyFile)
	t.Setenv("PETAGRID_SITE", srv.URL)
	if code, _, stderr := runCLI(t, "status", testRunID); code != 0 {
		t.Fatalf("from the environment: %d %q", code, stderr)
	}
	// Signed for another site: the site refuses it.
	code, _, stderr = runCLI(t, "jobs", "--audience", "other-site")
	if code != exitFailure || !strings.Contains(stderr, "401") {
		t.Errorf("wrong audience: %d %q", code, stderr)
	}
	// The server at that URL now calls itself another site: the client keeps signing for
	// the name it remembered, so nothing it signs is valid at the other site.
	verifier.Audience = "posing-site"
	code, _, stderr = runCLI(t, "jobs")
	if code != exitFailure || !strings.Contains(stderr, "401") {
		t.Errorf("a site that changed its name: %d %q", code, stderr)
	}
}

func TestSiteServeRefusesBadConfig(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFile(t, dir, "petagrid.yaml", "site:\n  name: \"bad name\"\n  journal: relative.db\n  users: {mode: pool, allowedLocalUsers: [alice]}\n")
	code, _, stderr := runCLI(t, "--config", cfg, "site", "serve")
	for _, want := range []string{"site configuration", "site.name", "site.journal", "allowedLocalUsers"} {
		if code != exitFailure || !strings.Contains(stderr, want) {
			t.Errorf("lacks %q: exit %d, stderr %q", want, code, stderr)
		}
	}
	cfg = writeFile(t, dir, "typo.yaml", "site:\n  api:\n    sockt: /run/x.sock\n")
	if code, _, stderr := runCLI(t, "--config", cfg, "site", "serve"); code != exitFailure || !strings.Contains(stderr, cfg+`:3:5: unknown field "sockt"`) {
		t.Errorf("typo: exit %d, stderr %q", code, stderr)
	}
	// The config's socket is the client's default target.
	cfg = writeFile(t, dir, "socket.yaml", "site:\n  api:\n    socket: "+filepath.Join(dir, "none.sock")+"\n")
	if code, _, stderr := runCLI(t, "--config", cfg, "jobs"); code != exitFailure || !strings.Contains(stderr, filepath.Join(dir, "none.sock")) {
		t.Errorf("socket from config: exit %d, stderr %q", code, stderr)
	}
}
