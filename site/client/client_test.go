package client

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/site/siteapi"
)

const testAudience = "test-site"

// memNonces is an in-memory reqsign.NonceStore: a nonce is fresh once.
type memNonces struct {
	mu   sync.Mutex
	seen map[string]bool
}

func (m *memNonces) Remember(_ context.Context, signer common.Address, nonce string, _ time.Time) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.seen == nil {
		m.seen = map[string]bool{}
	}
	k := signer.Hex() + "/" + nonce
	if m.seen[k] {
		return false, nil
	}
	m.seen[k] = true
	return true, nil
}

// fakeSite answers /v1/info itself and hands every other request, its signature checked
// (when signed is set), to handle.
type fakeSite struct {
	t        *testing.T
	signed   bool
	verifier *reqsign.Verifier
	handle   func(w http.ResponseWriter, r *http.Request, body []byte)

	mu        sync.Mutex
	infoCalls int
	signers   []common.Address
	requests  int
}

func newFakeSite(t *testing.T, signed bool, handle func(w http.ResponseWriter, r *http.Request, body []byte)) *fakeSite {
	return &fakeSite{t: t, signed: signed, handle: handle,
		verifier: &reqsign.Verifier{Audience: testAudience, Nonces: &memNonces{}}}
}

func (f *fakeSite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet && r.URL.Path == "/v1/info" {
		f.mu.Lock()
		f.infoCalls++
		f.mu.Unlock()
		writeJSON(w, http.StatusOK, siteapi.Info{Site: testAudience, Audience: testAudience, Version: "test", UserMode: "pool"})
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeJSON(w, http.StatusBadRequest, siteapi.ErrorBody{Error: err.Error()})
		return
	}
	f.mu.Lock()
	f.requests++
	f.mu.Unlock()
	if f.signed {
		addr, err := f.verifier.Verify(r.Context(), r, body)
		if err != nil {
			writeJSON(w, http.StatusUnauthorized, siteapi.ErrorBody{Error: err.Error()})
			return
		}
		f.mu.Lock()
		f.signers = append(f.signers, addr)
		f.mu.Unlock()
	} else if r.Header.Get(reqsign.HeaderSignature) != "" {
		f.t.Errorf("%s %s: signed over the unix socket", r.Method, r.URL)
	}
	f.handle(w, r, body)
}

func (f *fakeSite) counts() (info, requests int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.infoCalls, f.requests
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

func newKey(t *testing.T) *ecdsa.PrivateKey {
	t.Helper()
	k, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return ctx
}

const runID = "r-abcdefghijklmnop"

func sampleRun(state runstate.State) siteapi.Run {
	code := 0
	return siteapi.Run{ID: runID, Workflow: "w", State: state, CreatedAt: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
		Steps: []siteapi.Step{{Name: "a", JobID: 12, State: runstate.StepCompleted, ExitCode: &code}}}
}

// unixServer serves h on a unix socket in a temporary directory and returns the target.
func unixServer(t *testing.T, h http.Handler) string {
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

func TestSignedRequestsEndToEnd(t *testing.T) {
	key := newKey(t)
	fs := newFakeSite(t, true, func(w http.ResponseWriter, r *http.Request, body []byte) {
		switch {
		case r.Method == http.MethodGet && r.URL.Path == "/v1/jobs":
			q := r.URL.Query()
			if got := q["state"]; len(got) != 2 || got[0] != "running" || got[1] != "failed" || q.Get("limit") != "5" || q.Get("all") != "1" {
				t.Errorf("list query %q", r.URL.RawQuery)
			}
			writeJSON(w, http.StatusOK, map[string]any{"runs": []siteapi.Run{sampleRun(runstate.Running)}})
		case r.Method == http.MethodGet && r.URL.Path == "/v1/jobs/"+runID:
			view := siteapi.RunView{Run: sampleRun(runstate.Completed)}
			if r.URL.Query().Get("history") == "1" {
				view.History = []siteapi.Transition{{From: "accepted", To: "rendered"}}
			}
			writeJSON(w, http.StatusOK, view)
		case r.Method == http.MethodDelete && r.URL.Path == "/v1/jobs/"+runID:
			run := sampleRun(runstate.Running)
			run.CancelRequested = true
			writeJSON(w, http.StatusAccepted, siteapi.RunView{Run: run})
		default:
			writeJSON(w, http.StatusNotFound, siteapi.ErrorBody{Error: "no such endpoint"})
		}
	})
	srv := httptest.NewServer(fs)
	defer srv.Close()
	c, err := New(srv.URL, key)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if !c.Signed() {
		t.Fatal("an http target should sign")
	}
	ctx := ctxT(t)
	runs, err := c.List(ctx, ListOptions{States: []string{"running", "failed"}, Limit: 5, All: true})
	if err != nil || len(runs) != 1 || runs[0].ID != runID || len(runs[0].Steps) != 1 {
		t.Fatalf("List = %+v, %v", runs, err)
	}
	view, err := c.Get(ctx, runID, true)
	if err != nil || view.State != runstate.Completed || len(view.History) != 1 {
		t.Fatalf("Get = %+v, %v", view, err)
	}
	view, err = c.Cancel(ctx, runID)
	if err != nil || !view.CancelRequested {
		t.Fatalf("Cancel = %+v, %v", view, err)
	}
	info, requests := fs.counts()
	if info != 1 || requests != 3 {
		t.Errorf("info fetched %d times (want once, cached), %d API requests", info, requests)
	}
	want := crypto.PubkeyToAddress(key.PublicKey)
	fs.mu.Lock()
	signers := fs.signers
	fs.mu.Unlock()
	for _, s := range signers {
		if s != want {
			t.Errorf("signed by %s, want %s", s.Hex(), want.Hex())
		}
	}

	// Signed for another site: refused, and the refusal is an APIError.
	other, err := New(srv.URL, key, WithAudience("another-site"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = other.Get(ctx, runID, false)
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Status != http.StatusUnauthorized || !strings.Contains(apiErr.Message, "bad request signature") {
		t.Fatalf("wrong audience: %v", err)
	}
}

func TestAPIErrorCarriesDetails(t *testing.T) {
	fs := newFakeSite(t, true, func(w http.ResponseWriter, r *http.Request, body []byte) {
		if r.Method == http.MethodPost {
			writeJSON(w, http.StatusUnprocessableEntity, siteapi.ErrorBody{Error: "the workflow has 2 error(s)",
				Details: []string{"w.yaml:3:5: unknown field \"comand\"", "w.yaml:7:1: bad\x1b[31m"}})
			return
		}
		w.WriteHeader(http.StatusInternalServerError)
		fmt.Fprint(w, "<html>\x1b]0;owned\x07"+strings.Repeat("x", 10000))
	})
	srv := httptest.NewServer(fs)
	defer srv.Close()
	c, err := New(srv.URL, newKey(t))
	if err != nil {
		t.Fatal(err)
	}
	ctx := ctxT(t)
	_, _, err = c.Submit(ctx, siteapi.SubmitRequest{Workflow: "x", FileName: "w.yaml"})
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Status != 422 || apiErr.Message != "the workflow has 2 error(s)" || len(apiErr.Details) != 2 ||
		apiErr.Details[0] != `w.yaml:3:5: unknown field "comand"` {
		t.Fatalf("422: %#v", err)
	}
	if strings.Contains(apiErr.Details[1], "\x1b") || !strings.Contains(err.Error(), "w.yaml:3:5") {
		t.Errorf("details not cleaned or not in the message: %q", err.Error())
	}
	// Not JSON: the start of the text, cleaned.
	_, err = c.Get(ctx, runID, false)
	if !errors.As(err, &apiErr) || apiErr.Status != 500 || !strings.HasPrefix(apiErr.Message, "<html>") ||
		len(apiErr.Message) > 400 || strings.ContainsAny(apiErr.Message, "\x1b\x07") {
		t.Fatalf("non-JSON error: %#v", err)
	}
}

func TestSubmitRetriesAndKeepsIdempotencyKey(t *testing.T) {
	var mu sync.Mutex
	var keys []string
	fs := newFakeSite(t, true, func(w http.ResponseWriter, r *http.Request, body []byte) {
		var req siteapi.SubmitRequest
		if err := json.Unmarshal(body, &req); err != nil {
			t.Errorf("body: %v", err)
		}
		mu.Lock()
		keys = append(keys, req.IdempotencyKey)
		n := len(keys)
		mu.Unlock()
		if n <= 2 {
			// The daemon goes away mid-request: no answer at all.
			conn, _, err := w.(http.Hijacker).Hijack()
			if err != nil {
				t.Error(err)
				return
			}
			conn.Close()
			return
		}
		if req.Workflow != "version: 1\n" || req.FileName != "w.yaml" || req.Params["n"] != "3" {
			t.Errorf("submission %+v", req)
		}
		writeJSON(w, http.StatusCreated, siteapi.RunView{Run: sampleRun(runstate.Accepted)})
	})
	srv := httptest.NewServer(fs)
	defer srv.Close()
	var notified []int
	c, err := New(srv.URL, newKey(t), WithRetryNotify(func(attempt int, err error, wait time.Duration) {
		notified = append(notified, attempt)
	}))
	if err != nil {
		t.Fatal(err)
	}
	view, created, err := c.Submit(ctxT(t), siteapi.SubmitRequest{Workflow: "version: 1\n", FileName: "w.yaml", Params: map[string]string{"n": "3"}})
	if err != nil || !created || view.ID != runID {
		t.Fatalf("Submit = %+v, %v, %v", view, created, err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(keys) != 3 || keys[0] == "" || keys[0] != keys[1] || keys[1] != keys[2] {
		t.Fatalf("idempotency keys over the attempts: %q", keys)
	}
	// Every attempt passed the verifier, whose nonce store refuses a replay: each was signed anew.
	fs.mu.Lock()
	verified := len(fs.signers)
	fs.mu.Unlock()
	if verified != 3 || len(notified) != 2 {
		t.Errorf("%d verified attempts, %d retry notifications", verified, len(notified))
	}
}

func TestSubmitRetriesUntilTheDaemonIsBack(t *testing.T) {
	path := filepath.Join(t.TempDir(), "site.sock")
	gotKey := make(chan string, 1)
	h := newFakeSite(t, false, func(w http.ResponseWriter, r *http.Request, body []byte) {
		var req siteapi.SubmitRequest
		_ = json.Unmarshal(body, &req)
		gotKey <- req.IdempotencyKey
		writeJSON(w, http.StatusOK, siteapi.RunView{Run: sampleRun(runstate.Running)})
	})
	go func() {
		// The socket appears after a while, as when the daemon restarts.
		time.Sleep(400 * time.Millisecond)
		l, err := net.Listen("unix", path)
		if err != nil {
			t.Error(err)
			return
		}
		srv := httptest.NewUnstartedServer(h)
		srv.Listener.Close()
		srv.Listener = l
		srv.Start()
		t.Cleanup(srv.Close)
	}()
	c, err := New("unix://"+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	view, created, err := c.Submit(ctxT(t), siteapi.SubmitRequest{Workflow: "x", IdempotencyKey: "my-key.1"})
	if err != nil || created || view.ID != runID {
		t.Fatalf("Submit = %+v, %v, %v", view, created, err)
	}
	if k := <-gotKey; k != "my-key.1" {
		t.Errorf("idempotency key %q, want the caller's", k)
	}
	if time.Since(start) < 300*time.Millisecond {
		t.Error("succeeded before the daemon was up?")
	}
}

func TestSubmitGivesUp(t *testing.T) {
	c, err := New("unix://"+filepath.Join(t.TempDir(), "none.sock"), nil, WithRetryFor(300*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, _, err = c.Submit(ctxT(t), siteapi.SubmitRequest{Workflow: "x"})
	var te *TransportError
	if !errors.As(err, &te) || !strings.Contains(err.Error(), "is the site daemon running?") {
		t.Fatalf("got %v", err)
	}
	if d := time.Since(start); d < 250*time.Millisecond || d > 5*time.Second {
		t.Errorf("gave up after %s", d)
	}
	// The caller's deadline ends the retries too.
	c, _ = New("unix://"+filepath.Join(t.TempDir(), "none.sock"), nil)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start = time.Now()
	if _, _, err = c.Submit(ctx, siteapi.SubmitRequest{Workflow: "x"}); err == nil || time.Since(start) > 5*time.Second {
		t.Fatalf("with a deadline: %v after %s", err, time.Since(start))
	}
}

func TestSubmitDoesNotRetryClientErrors(t *testing.T) {
	for _, code := range []int{http.StatusBadRequest, http.StatusForbidden, http.StatusUnprocessableEntity, http.StatusConflict} {
		fs := newFakeSite(t, true, func(w http.ResponseWriter, r *http.Request, body []byte) {
			writeJSON(w, code, siteapi.ErrorBody{Error: "no"})
		})
		srv := httptest.NewServer(fs)
		c, err := New(srv.URL, newKey(t))
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = c.Submit(ctxT(t), siteapi.SubmitRequest{Workflow: "x"})
		var apiErr *APIError
		if !errors.As(err, &apiErr) || apiErr.Status != code {
			t.Errorf("%d: %v", code, err)
		}
		if _, n := fs.counts(); n != 1 {
			t.Errorf("%d: %d attempts, want 1", code, n)
		}
		srv.Close()
	}
	// A 503 (a proxy whose daemon is restarting) is retried.
	var n atomic.Int32
	fs := newFakeSite(t, true, func(w http.ResponseWriter, r *http.Request, body []byte) {
		if n.Add(1) == 1 {
			writeJSON(w, http.StatusServiceUnavailable, siteapi.ErrorBody{Error: "restarting"})
			return
		}
		writeJSON(w, http.StatusCreated, siteapi.RunView{Run: sampleRun(runstate.Accepted)})
	})
	srv := httptest.NewServer(fs)
	defer srv.Close()
	c, _ := New(srv.URL, newKey(t))
	if _, created, err := c.Submit(ctxT(t), siteapi.SubmitRequest{Workflow: "x"}); err != nil || !created || n.Load() != 2 {
		t.Fatalf("503 then 201: %v, %v, %d attempts", created, err, n.Load())
	}
}

func TestUnixSocketTarget(t *testing.T) {
	fs := newFakeSite(t, false, func(w http.ResponseWriter, r *http.Request, body []byte) {
		if r.URL.Path != "/v1/jobs" {
			writeJSON(w, http.StatusNotFound, siteapi.ErrorBody{Error: "no run"})
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{"runs": nil})
	})
	target := unixServer(t, fs)
	c, err := New(target, newKey(t)) // the key is not used over the socket
	if err != nil {
		t.Fatal(err)
	}
	if c.Signed() {
		t.Error("a unix target should not sign")
	}
	ctx := ctxT(t)
	info, err := c.Info(ctx)
	if err != nil || info.Audience != testAudience {
		t.Fatalf("Info = %+v, %v", info, err)
	}
	runs, err := c.List(ctx, ListOptions{})
	if err != nil || runs == nil || len(runs) != 0 {
		t.Fatalf("List = %#v, %v", runs, err)
	}
	_, err = c.Get(ctx, runID, false)
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Status != 404 || apiErr.Message != "no run" {
		t.Fatalf("Get: %v", err)
	}
}

// firstWriter reports its first write, so a test can tell that data arrived before the
// stream ended.
type firstWriter struct {
	mu    sync.Mutex
	buf   strings.Builder
	first chan struct{}
	once  sync.Once
}

func (w *firstWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	w.once.Do(func() { close(w.first) })
	return len(p), nil
}

func (w *firstWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

func TestLogsStreamIncrementally(t *testing.T) {
	release := make(chan struct{})
	var releaseOnce sync.Once
	t.Cleanup(func() { releaseOnce.Do(func() { close(release) }) })
	fs := newFakeSite(t, true, func(w http.ResponseWriter, r *http.Request, body []byte) {
		q := r.URL.Query()
		if r.URL.Path == "/v1/jobs/"+runID+"/logs" && q.Get("step") == "" {
			writeJSON(w, http.StatusConflict, siteapi.ErrorBody{Error: "run has no workspace yet"})
			return
		}
		if r.URL.Path != "/v1/jobs/"+runID+"/logs" || q.Get("step") != "a" || q.Get("task") != "2" || q.Get("stream") != "stderr" || q.Get("follow") != "1" {
			t.Errorf("logs request %q", r.URL.RequestURI())
		}
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprint(w, "first\n")
		w.(http.Flusher).Flush()
		<-release
		fmt.Fprint(w, "second\n")
	})
	srv := httptest.NewServer(fs)
	defer srv.Close()
	c, err := New(srv.URL, newKey(t))
	if err != nil {
		t.Fatal(err)
	}
	w := &firstWriter{first: make(chan struct{})}
	done := make(chan error, 1)
	go func() {
		done <- c.Logs(ctxT(t), runID, LogOptions{Step: "a", Task: 2, Stream: "stderr", Follow: true}, w)
	}()
	select {
	case <-w.first:
	case err := <-done:
		t.Fatalf("Logs ended before the first chunk was seen: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("the first chunk did not arrive while the stream was open")
	}
	if got := w.String(); got != "first\n" {
		t.Errorf("before the end: %q", got)
	}
	releaseOnce.Do(func() { close(release) })
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if got := w.String(); got != "first\nsecond\n" {
		t.Errorf("stream %q", got)
	}

	err = c.Logs(ctxT(t), runID, LogOptions{Task: -1}, io.Discard)
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Status != http.StatusConflict {
		t.Fatalf("error answer: %v", err)
	}
}

func TestHostileAnswers(t *testing.T) {
	old := maxJSONBytes
	maxJSONBytes = 1 << 10
	t.Cleanup(func() { maxJSONBytes = old })
	fs := newFakeSite(t, false, func(w http.ResponseWriter, r *http.Request, body []byte) {
		switch r.URL.Path {
		case "/v1/jobs":
			w.WriteHeader(http.StatusOK)
			fmt.Fprintf(w, `{"runs":[{"id":"%s"}]}`, strings.Repeat("x", 4<<10))
		case "/v1/jobs/" + runID:
			w.WriteHeader(http.StatusOK)
			fmt.Fprint(w, `{"id": 12, "steps": "no"`)
		default:
			w.Header().Set("Location", "http://elsewhere/")
			w.WriteHeader(http.StatusFound)
		}
	})
	c, err := New(unixServer(t, fs), nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx := ctxT(t)
	if _, err := c.List(ctx, ListOptions{}); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("oversized answer: %v", err)
	}
	if _, err := c.Get(ctx, runID, false); err == nil || !strings.Contains(err.Error(), "not what was expected") {
		t.Errorf("malformed answer: %v", err)
	}
	var apiErr *APIError
	if _, err := c.Cancel(ctx, "r-zzzzzzzzzzzzzzzz"); !errors.As(err, &apiErr) || apiErr.Status != http.StatusFound {
		t.Errorf("redirect: %v", err)
	}
	for _, id := range []string{"", "..", "a/b", "r-1?x=1", "r-\x1b"} {
		if _, err := c.Get(ctx, id, false); err == nil || strings.Contains(err.Error(), "\x1b") {
			t.Errorf("id %q: %v", id, err)
		}
	}
}

func TestNewTargets(t *testing.T) {
	key := newKey(t)
	for _, target := range []string{"unix://relative/x.sock", "unix:///x.sock?a=b", "ftp://host", "http://", "https://h:1/path",
		"http://user@h:1", "h:1", "://"} {
		if _, err := New(target, key); err == nil {
			t.Errorf("%q accepted", target)
		}
	}
	if _, err := New("https://site.example:8660", nil); err == nil || !strings.Contains(err.Error(), "keys new") {
		t.Errorf("https without a key: %v", err)
	}
	if _, err := New("https://site.example:8660", key, WithAudience("a\nb")); err == nil {
		t.Error("audience with a newline accepted")
	}
	c, err := New("", nil)
	if err != nil || c.Target() != DefaultTarget || DefaultTarget != "unix:///run/petagrid/site.sock" {
		t.Errorf("default target: %v %v", c, err)
	}
	for _, target := range []string{"unix:///run/x.sock", "http://127.0.0.1:8660", "https://site.example:8660/"} {
		if _, err := New(target, key); err != nil {
			t.Errorf("%q: %v", target, err)
		}
	}
}
