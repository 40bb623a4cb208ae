package site

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/petagrid/petagrid/internal/httpguard"
	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/internal/sanitize"
	"github.com/petagrid/petagrid/site/journal"
	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/site/siteapi"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"golang.org/x/sys/unix"
)

var (
	idempotencyPattern = regexp.MustCompile(`^[A-Za-z0-9._:-]{1,128}$`)
	fileNamePattern    = regexp.MustCompile(`^[A-Za-z0-9._@+-]{1,128}$`)
	runIDPattern       = regexp.MustCompile(`^r-[a-z2-7]{16}$`)
	stepNamePattern    = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,64}$`)
)

type callerKey struct{}

// caller is who made a request.
type caller struct {
	researcher Researcher
	// admin sees every run: root on the socket, or the daemon's own account.
	admin bool
}

type peerKey struct{}

// peerCred is the unix-socket peer, read once per connection (SO_PEERCRED).
type peerCred struct {
	uid uint32
	err error
}

// serve runs the API listeners (unix socket, TCP) and the metrics listener until ctx ends.
func (d *Daemon) serve(ctx context.Context) error {
	servers, listeners, err := d.listen()
	if err != nil {
		return err
	}
	for _, l := range listeners {
		d.log.WithField("address", l.Addr().String()).Info("listening")
	}
	errs := make(chan error, len(servers))
	for i, srv := range servers {
		go func() { errs <- srv.Serve(listeners[i]) }()
	}
	select {
	case <-ctx.Done():
	case err := <-errs:
		if !errors.Is(err, http.ErrServerClosed) {
			for _, s := range servers {
				s.Close()
			}
			return fmt.Errorf("api: %w", err)
		}
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for _, s := range servers {
		if err := s.Shutdown(shutdown); err != nil {
			s.Close()
		}
	}
	if d.cfg.API.Socket != "-" {
		os.Remove(d.cfg.API.Socket)
	}
	return nil
}

// listen opens the API's listeners (unix socket, TCP) and the metrics listener, each with the
// server that serves it.
func (d *Daemon) listen() ([]*http.Server, []net.Listener, error) {
	verifier := &reqsign.Verifier{Audience: d.cfg.Name, MaxTTL: d.cfg.API.SignatureMaxTTL, Nonces: nonceStore{d.journal}}
	api := d.handler(verifier)
	var servers []*http.Server
	var listeners []net.Listener
	closeAll := func() {
		for _, l := range listeners {
			l.Close()
		}
	}
	if d.cfg.API.Socket != "-" {
		l, err := listenUnix(d.cfg.API.Socket)
		if err != nil {
			return nil, nil, err
		}
		listeners = append(listeners, d.limitConnections(l, "site api socket"))
		servers = append(servers, d.socketServer(api))
	}
	if d.cfg.API.Listen != "" {
		l, err := net.Listen("tcp", d.cfg.API.Listen)
		if err != nil {
			closeAll()
			return nil, nil, fmt.Errorf("site.api.listen: %w", err)
		}
		// The cap wraps the TCP listener beneath TLS, so that handshakes count too.
		l = d.limitConnections(l, "site api")
		if d.cfg.API.TLS.Cert != "" {
			cert, err := tls.LoadX509KeyPair(d.cfg.API.TLS.Cert, d.cfg.API.TLS.Key)
			if err != nil {
				l.Close()
				closeAll()
				return nil, nil, fmt.Errorf("site.api.tls: %w", err)
			}
			l = tls.NewListener(l, &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12})
		}
		listeners = append(listeners, l)
		servers = append(servers, d.tcpServer(api))
	}
	if d.cfg.Metrics.Listen != "-" {
		l, err := net.Listen("tcp", d.cfg.Metrics.Listen)
		if err != nil {
			closeAll()
			return nil, nil, fmt.Errorf("site.metrics.listen: %w", err)
		}
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", promhttp.HandlerFor(d.metrics.registry, promhttp.HandlerOpts{}))
		mux.HandleFunc("GET /healthz", d.healthz)
		// Unauthenticated and GET only, but a body sent anyway is bounded as on the API.
		listeners = append(listeners, d.limitConnections(l, "site metrics"))
		servers = append(servers, httpguard.Server(mux, httpguard.Limits{BodyTimeout: d.cfg.API.BodyTimeout}))
	}
	return servers, listeners, nil
}

// tcpServer serves the API to signed TCP requests: a body must arrive within
// site.api.bodyTimeout; answers take as long as they need (logs -f).
func (d *Daemon) tcpServer(api http.Handler) *http.Server {
	return httpguard.Server(api, httpguard.Limits{BodyTimeout: d.cfg.API.BodyTimeout})
}

// socketServer is tcpServer for the unix socket, whose requests carry the peer's uid.
func (d *Daemon) socketServer(api http.Handler) *http.Server {
	srv := d.tcpServer(api)
	srv.ConnContext = func(ctx context.Context, c net.Conn) context.Context {
		return context.WithValue(ctx, peerKey{}, readPeer(c))
	}
	return srv
}

// limitConnections caps the connections a listener serves at once (site.api.maxConnections).
func (d *Daemon) limitConnections(l net.Listener, what string) net.Listener {
	limit := d.cfg.API.MaxConnections
	return httpguard.LimitListener(l, limit, httpguard.WarnWhenFull(d.log, what, "site.api.maxConnections", limit, time.Minute))
}

// listenUnix opens the socket with mode 0666: anyone on the host may connect, and the peer's
// uid (SO_PEERCRED, from the kernel) decides what they may do.
func listenUnix(path string) (net.Listener, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("site.api.socket: %w", err)
	}
	if info, err := os.Lstat(path); err == nil {
		if info.Mode()&os.ModeSocket == 0 {
			return nil, fmt.Errorf("site.api.socket %s exists and is not a socket; refusing to remove it", path)
		}
		// A socket left by a daemon that was killed: nothing listens on it any more (the
		// journal's lock would have failed otherwise).
		if c, err := net.DialTimeout("unix", path, time.Second); err == nil {
			c.Close()
			return nil, fmt.Errorf("site.api.socket %s: another daemon is listening on it", path)
		}
		os.Remove(path)
	}
	l, err := net.Listen("unix", path)
	if err != nil {
		return nil, fmt.Errorf("site.api.socket: %w", err)
	}
	if err := os.Chmod(path, 0o666); err != nil {
		l.Close()
		return nil, fmt.Errorf("site.api.socket: %w", err)
	}
	return l, nil
}

func readPeer(c net.Conn) peerCred {
	// The connection cap wraps the socket's connections.
	for {
		inner, ok := c.(interface{ NetConn() net.Conn })
		if !ok {
			break
		}
		c = inner.NetConn()
	}
	uc, ok := c.(*net.UnixConn)
	if !ok {
		return peerCred{err: errors.New("not a unix socket")}
	}
	raw, err := uc.SyscallConn()
	if err != nil {
		return peerCred{err: err}
	}
	var cred *unix.Ucred
	var credErr error
	if err := raw.Control(func(fd uintptr) {
		cred, credErr = unix.GetsockoptUcred(int(fd), unix.SOL_SOCKET, unix.SO_PEERCRED)
	}); err != nil {
		return peerCred{err: err}
	}
	if credErr != nil {
		return peerCred{err: credErr}
	}
	return peerCred{uid: cred.Uid}
}

// nonceStore keeps request nonces in the journal, so that a restart does not reopen the
// replay window.
type nonceStore struct{ j *journal.Journal }

func (n nonceStore) Remember(ctx context.Context, signer common.Address, nonce string, expires time.Time) (bool, error) {
	return n.j.RememberNonce(ctx, signer.Hex(), nonce, expires)
}

// handler is the API's routes behind authentication.
func (d *Daemon) handler(v *reqsign.Verifier) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /v1/info", d.info)
	mux.HandleFunc("POST /v1/jobs", d.authed(v, "submit", d.submitJob))
	mux.HandleFunc("GET /v1/jobs", d.authed(v, "list", d.listJobs))
	mux.HandleFunc("GET /v1/jobs/{id}", d.authed(v, "status", d.getJob))
	mux.HandleFunc("DELETE /v1/jobs/{id}", d.authed(v, "cancel", d.cancelJob))
	mux.HandleFunc("GET /v1/jobs/{id}/logs", d.authed(v, "logs", d.jobLogs))
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "no such endpoint: "+r.Method+" "+r.URL.Path+" (see docs/admin-guide.md for the API)")
	})
	return mux
}

type authedHandler func(w http.ResponseWriter, r *http.Request, who caller, body []byte)

// authed reads the body (bounded), authenticates the caller and maps them to a local
// account before anything else happens: a refused request is journaled nowhere.
func (d *Daemon) authed(v *reqsign.Verifier, route string, h authedHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		rec := &statusRecorder{ResponseWriter: w, code: http.StatusOK}
		defer func() { d.metrics.requests.WithLabelValues(route, strconv.Itoa(rec.code)).Inc() }()
		// Callers the site does not know, and TCP requests that are not signed, are refused
		// before their body is read or their nonce is journaled: a key costs nothing to make.
		if status, err := d.preAuthenticate(r, v); err != nil {
			httpguard.DropBody(rec, r)
			d.log.WithField("route", route).WithField("remote", r.RemoteAddr).WithError(err).Warn("request refused")
			writeError(rec, status, err.Error())
			return
		}
		// The server bounds how long the body may take (site.api.bodyTimeout); the
		// connection then stays open as long as the answer takes (logs -f).
		body, err := httpguard.ReadBody(rec, r, d.cfg.API.MaxBodyBytes)
		if err != nil {
			var bad *httpguard.BodyError
			errors.As(err, &bad)
			writeError(rec, bad.Status, err.Error())
			return
		}
		who, status, err := d.authenticate(r, v, body)
		if err != nil {
			d.log.WithField("route", route).WithField("remote", r.RemoteAddr).WithError(err).Warn("request refused")
			writeError(rec, status, err.Error())
			return
		}
		h(rec, r, who, body)
	}
}

// preAuthenticate refuses, from the headers alone, a TCP request that is not signed (or
// whose signature headers are malformed or expired), a signer that is not registered here
// and a socket peer that is not allowed. The full check (signature, nonce) follows the body.
func (d *Daemon) preAuthenticate(r *http.Request, v *reqsign.Verifier) (int, error) {
	if peer, ok := r.Context().Value(peerKey{}).(peerCred); ok {
		if peer.err != nil {
			return http.StatusUnauthorized, fmt.Errorf("reading the socket peer's credentials: %w", peer.err)
		}
		if peer.uid == 0 || peer.uid == d.mapper.Self().UID {
			return 0, nil
		}
		if _, err := d.mapper.ForPeer(peer.uid); err != nil {
			return http.StatusForbidden, err
		}
		return 0, nil
	}
	signer, err := v.CheckHeaders(r)
	if err != nil {
		return http.StatusUnauthorized, err
	}
	if _, err := d.mapper.ForKey(signer); err != nil {
		return http.StatusForbidden, err
	}
	return 0, nil
}

func (d *Daemon) authenticate(r *http.Request, v *reqsign.Verifier, body []byte) (caller, int, error) {
	if peer, ok := r.Context().Value(peerKey{}).(peerCred); ok {
		if peer.err != nil {
			return caller{}, http.StatusUnauthorized, fmt.Errorf("reading the socket peer's credentials: %w", peer.err)
		}
		admin := peer.uid == 0 || peer.uid == d.mapper.Self().UID
		res, err := d.mapper.ForPeer(peer.uid)
		if err != nil {
			if admin {
				// root (or the daemon's account) may read and cancel every run, but submits
				// nothing in mapped mode.
				return caller{admin: true, researcher: Researcher{ID: "unix:admin"}}, 0, nil
			}
			return caller{}, http.StatusForbidden, err
		}
		return caller{researcher: res, admin: admin}, 0, nil
	}
	addr, err := v.Verify(r.Context(), r, body)
	if err != nil {
		switch {
		case errors.Is(err, reqsign.ErrUnsigned), errors.Is(err, reqsign.ErrMalformed), errors.Is(err, reqsign.ErrExpired),
			errors.Is(err, reqsign.ErrBadSignature), errors.Is(err, reqsign.ErrReplayed):
			return caller{}, http.StatusUnauthorized, err
		}
		return caller{}, http.StatusInternalServerError, fmt.Errorf("verifying the signature: %w", err)
	}
	res, err := d.mapper.ForKey(addr)
	if err != nil {
		return caller{}, http.StatusForbidden, err
	}
	return caller{researcher: res}, 0, nil
}

type statusRecorder struct {
	http.ResponseWriter
	code int
}

func (s *statusRecorder) WriteHeader(code int) {
	s.code = code
	s.ResponseWriter.WriteHeader(code)
}

// Unwrap lets http.ResponseController (read deadlines) and httpguard reach the server's
// writer.
func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

func (s *statusRecorder) Flush() {
	if f, ok := s.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(v)
}

func writeError(w http.ResponseWriter, code int, msg string, details ...string) {
	writeJSON(w, code, siteapi.ErrorBody{Error: msg, Details: details})
}

func (d *Daemon) info(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, siteapi.Info{Site: d.cfg.Name, Audience: d.cfg.Name, Version: d.version, UserMode: d.cfg.Users.Mode})
}

func (d *Daemon) healthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	if _, err := d.journal.CountByState(ctx); err != nil {
		writeError(w, http.StatusServiceUnavailable, "journal: "+err.Error())
		return
	}
	last := d.tracker.lastPollTime()
	status := map[string]any{"status": "ok", "journal": "ok"}
	if !last.IsZero() {
		status["lastPollSecondsAgo"] = int(time.Since(last).Seconds())
	}
	writeJSON(w, http.StatusOK, status)
}

// decodeSubmit reads a submission strictly: one JSON object, known fields only.
func decodeSubmit(body []byte) (siteapi.SubmitRequest, error) {
	var req siteapi.SubmitRequest
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return req, fmt.Errorf("request body is not a submission (a JSON object with workflow, fileName, params, idempotencyKey): %w", err)
	}
	if dec.More() {
		return req, errors.New("request body holds more than one JSON value")
	}
	if strings.TrimSpace(req.Workflow) == "" {
		return req, errors.New("workflow is empty: send the workflow YAML in the workflow field")
	}
	if req.FileName == "" {
		req.FileName = "workflow.yaml"
	}
	if !fileNamePattern.MatchString(req.FileName) {
		return req, fmt.Errorf("fileName %q: a base name of letters, digits and . _ @ + -", truncate(req.FileName, 60))
	}
	if req.IdempotencyKey != "" && !idempotencyPattern.MatchString(req.IdempotencyKey) {
		return req, errors.New("idempotencyKey: 1-128 characters from A-Z a-z 0-9 . _ : -")
	}
	if strings.HasPrefix(req.IdempotencyKey, journal.GatewayKeyPrefix) {
		// The link to the grid gateway knows its runs by this prefix.
		return req, fmt.Errorf("idempotencyKey: the prefix %q is reserved for runs the grid gateway assigns", journal.GatewayKeyPrefix)
	}
	if len(req.Params) > 1000 {
		return req, errors.New("more than 1000 params")
	}
	return req, nil
}

// truncate shortens a value quoted back in a message or a log field.
func truncate(s string, n int) string { return sanitize.Clip(s, n) }

// submitJob validates the workflow completely (parse, site rules, rendering) before
// journaling it: a workflow that cannot run is refused now, with every error at
// file:line:col, and nothing is recorded.
func (d *Daemon) submitJob(w http.ResponseWriter, r *http.Request, who caller, body []byte) {
	if who.researcher.LocalUser.Name == "" {
		writeError(w, http.StatusForbidden, "this account may read and cancel runs but not submit: jobs are never submitted as root, and it is not mapped to a local account")
		return
	}
	req, err := decodeSubmit(body)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	runID, err := newRunID()
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	run := siteapi.Run{ID: runID, Researcher: who.researcher.ID, LocalUser: who.researcher.LocalUser.Name, IdempotencyKey: req.IdempotencyKey,
		SourceName: req.FileName, Source: []byte(req.Workflow), Params: req.Params}
	accepted, created, err := d.intake.acceptRun(r.Context(), run)
	var refused *RefusedError
	if errors.As(err, &refused) {
		writeError(w, http.StatusUnprocessableEntity, refused.Reason, refused.Details...)
		return
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	if !created {
		writeJSON(w, http.StatusOK, siteapi.RunView{Run: accepted})
		return
	}
	writeJSON(w, http.StatusCreated, siteapi.RunView{Run: accepted})
}

// lookupRun returns a run the caller may see; someone else's run is "not found", so that run
// ids cannot be probed.
func (d *Daemon) lookupRun(w http.ResponseWriter, r *http.Request, who caller) (siteapi.Run, bool) {
	id := r.PathValue("id")
	if !runIDPattern.MatchString(id) {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("%q is not a run id (r- followed by 16 characters)", truncate(id, 40)))
		return siteapi.Run{}, false
	}
	run, err := d.journal.Get(r.Context(), id)
	if errors.Is(err, journal.ErrNotFound) || err == nil && !who.admin && run.Researcher != who.researcher.ID {
		writeError(w, http.StatusNotFound, "no run "+id)
		return siteapi.Run{}, false
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return siteapi.Run{}, false
	}
	return run, true
}

func (d *Daemon) listJobs(w http.ResponseWriter, r *http.Request, who caller, _ []byte) {
	q := r.URL.Query()
	f := journal.Filter{Researcher: who.researcher.ID}
	if who.admin && q.Get("all") == "1" {
		f.Researcher = ""
	}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 10000 {
			writeError(w, http.StatusBadRequest, "limit: a number from 1 to 10000")
			return
		}
		f.Limit = n
	}
	if v := q.Get("before"); v != "" {
		if !runIDPattern.MatchString(v) {
			writeError(w, http.StatusBadRequest, "before: a run id")
			return
		}
		f.Before = v
	}
	for _, s := range q["state"] {
		ok := false
		for _, known := range runstate.All() {
			ok = ok || string(known) == s
		}
		if !ok {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("state %q is not a run state", truncate(s, 40)))
			return
		}
		f.States = append(f.States, runstate.State(s))
	}
	runs, err := d.journal.List(r.Context(), f)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	if runs == nil {
		runs = []siteapi.Run{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"runs": runs})
}

func (d *Daemon) getJob(w http.ResponseWriter, r *http.Request, who caller, _ []byte) {
	run, ok := d.lookupRun(w, r, who)
	if !ok {
		return
	}
	view := siteapi.RunView{Run: run}
	if r.URL.Query().Get("history") == "1" {
		h, err := d.journal.History(r.Context(), run.ID)
		if err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
		view.History = h
	}
	writeJSON(w, http.StatusOK, view)
}

func (d *Daemon) cancelJob(w http.ResponseWriter, r *http.Request, who caller, _ []byte) {
	run, ok := d.lookupRun(w, r, who)
	if !ok {
		return
	}
	if run.State.Terminal() {
		writeError(w, http.StatusConflict, fmt.Sprintf("run %s has already ended (%s)", run.ID, run.State))
		return
	}
	run, err := d.intake.markCancel(r.Context(), run.ID, who.researcher.ID)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	switch run.State {
	case runstate.Submitted, runstate.Running:
		d.tracker.cancelJobs(context.WithoutCancel(r.Context()), &run)
	}
	writeJSON(w, http.StatusAccepted, siteapi.RunView{Run: run})
}

func (d *Daemon) jobLogs(w http.ResponseWriter, r *http.Request, who caller, _ []byte) {
	run, ok := d.lookupRun(w, r, who)
	if !ok {
		return
	}
	q := r.URL.Query()
	step := q.Get("step")
	if step != "" && !stepNamePattern.MatchString(step) {
		writeError(w, http.StatusBadRequest, "step: a step name")
		return
	}
	task := -1
	if v := q.Get("task"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			writeError(w, http.StatusBadRequest, "task: an array task index (0, 1, …)")
			return
		}
		task = n
	}
	stream := q.Get("stream")
	switch stream {
	case "":
		stream = "both"
	case "stdout", "stderr", "both":
	default:
		writeError(w, http.StatusBadRequest, "stream: stdout, stderr or both")
		return
	}
	follow := q.Get("follow") == "1" || q.Get("follow") == "true"
	// Following a run that is not rendered yet waits for it.
	for follow && run.Workspace == "" && !run.State.Terminal() {
		select {
		case <-r.Context().Done():
			return
		case <-time.After(250 * time.Millisecond):
		}
		var err error
		if run, err = d.journal.Get(r.Context(), run.ID); err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
	}
	if run.Workspace == "" {
		writeError(w, http.StatusConflict, fmt.Sprintf("run %s has no workspace yet (%s)", run.ID, run.State))
		return
	}
	sources, err := logSources(run, step, task, stream)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	raw := len(sources) == 1 && step != ""
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	if err := d.streamLogs(r.Context(), w, run, sources, raw, follow); err != nil {
		// The status line is gone; say it in the stream.
		fmt.Fprintf(w, "\n[petagrid] error: %v\n", err)
		d.log.WithField("run", run.ID).WithError(err).Warn("logs")
	}
}
