package site

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/petagrid/petagrid/workflows"
)

// workspaceRequest is one workspace for the helper that writes workspaces as a mapped user
// (petagrid site write-workspace).
type workspaceRequest struct {
	UserDir   string          `json:"userDir"`
	Workspace string          `json:"workspace"`
	Files     []workspaceFile `json:"files"`
}

type workspaceFile struct {
	Path string      `json:"path"`
	Mode fs.FileMode `json:"mode"`
	Data []byte      `json:"data"`
}

type workspaceAnswer struct {
	Error string `json:"error,omitempty"`
}

// maxWorkspaceRequestBytes bounds one request: a whole plan, base64-encoded.
const maxWorkspaceRequestBytes = workflows.MaxPlanBytes/3*4 + 1<<20

// helperIdle is how long a helper waits for its next request before it exits.
const helperIdle = time.Minute

// helperTimeout bounds one write (a plan of hundreds of MiB on slow shared storage).
const helperTimeout = 2 * time.Minute

// workspaceHelper is a running helper for one account. Requests are framed as a decimal
// length line then the JSON; each answer is one JSON line. Keeping it alive spares a
// process start (runuser, PAM, the Go runtime) per run.
type workspaceHelper struct {
	mu     sync.Mutex
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout *bufio.Reader
	stderr *bytes.Buffer
	done   chan struct{}
}

// WriteWorkspace writes plan's files into its workspace as acct, creating userDir (the
// account's directory under the workspace root) first. A job trusts what it reads there,
// so the files must be written by the account itself: for another account than the
// daemon's, a helper process running as that account (runuser or sudo) does the writing,
// which also means root never follows a link a user planted.
func (m *Mapper) WriteWorkspace(ctx context.Context, acct Account, userDir string, plan *workflows.Plan) error {
	req := workspaceRequest{UserDir: userDir, Workspace: plan.Workspace}
	for _, f := range plan.Files {
		req.Files = append(req.Files, workspaceFile{Path: f.Path, Mode: f.Mode, Data: f.Data})
	}
	if acct.UID == m.self.UID {
		return writeWorkspace(req)
	}
	body, err := json.Marshal(req)
	if err != nil {
		return fmt.Errorf("workspace request: %w", err)
	}
	m.mu.Lock()
	h := m.helpers[acct.Name]
	if h == nil {
		h = &workspaceHelper{}
		m.helpers[acct.Name] = h
	}
	m.mu.Unlock()
	h.mu.Lock()
	defer h.mu.Unlock()
	// A helper that exited (idle, or killed) is started again, once per request.
	for try := 0; ; try++ {
		if h.cmd == nil {
			if err := m.startHelper(h, acct); err != nil {
				return err
			}
		}
		answer, err := h.call(ctx, body)
		if err == nil {
			if answer.Error != "" {
				return fmt.Errorf("writing the workspace as %s: %s", acct.Name, answer.Error)
			}
			return nil
		}
		if try > 0 || ctx.Err() != nil {
			return fmt.Errorf("writing the workspace as %s: %w", acct.Name, err)
		}
	}
}

func (m *Mapper) startHelper(h *workspaceHelper, acct Account) error {
	helper, err := m.helperPath()
	if err != nil {
		return fmt.Errorf("locating the workspace helper: %w", err)
	}
	var cmd *exec.Cmd
	attr := &syscall.SysProcAttr{Setpgid: true}
	if ra := m.runAs[acct.Name]; ra.Method == "setuid" {
		cmd = exec.Command(helper, "site", "write-workspace")
		attr.Credential = &syscall.Credential{Uid: ra.UID, Gid: ra.GID, Groups: ra.Groups}
	} else {
		runAs := m.cfg.RunAsPath
		if runAs == "" {
			if runAs, err = exec.LookPath(m.cfg.RunAs); err != nil {
				return fmt.Errorf("finding %s: %w", m.cfg.RunAs, err)
			}
		}
		args := []string{"-u", acct.Name, "--", helper, "site", "write-workspace"}
		if m.cfg.RunAs == "sudo" {
			args = append([]string{"-n"}, args...)
		}
		cmd = exec.Command(runAs, args...)
	}
	cmd.Dir = "/"
	cmd.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8"}
	cmd.SysProcAttr = attr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	h.stderr = &bytes.Buffer{}
	cmd.Stderr = &limitedWriter{w: h.stderr, n: 8 << 10}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("starting the workspace helper as %s: %w", acct.Name, err)
	}
	// An answer is one short JSON line: a bounded buffer keeps a misbehaving helper (the
	// account can ptrace its own processes) from making root buffer without end.
	h.cmd, h.stdin, h.stdout, h.done = cmd, stdin, bufio.NewReaderSize(stdout, maxHelperAnswer), make(chan struct{})
	// Children that keep the helper's pipes open must not hold Wait (and the worker) forever.
	cmd.WaitDelay = 5 * time.Second
	go func(done chan struct{}) { cmd.Wait(); close(done) }(h.done)
	return nil
}

// maxHelperAnswer bounds one answer line from the helper.
const maxHelperAnswer = 64 << 10

// call sends one request and reads its answer, within helperTimeout.
func (h *workspaceHelper) call(ctx context.Context, body []byte) (workspaceAnswer, error) {
	type result struct {
		a   workspaceAnswer
		err error
	}
	out := make(chan result, 1)
	// The goroutine may outlive this call (a timeout): it keeps its own copies of the pipes.
	stdin, stdout := h.stdin, h.stdout
	go func() {
		var a workspaceAnswer
		if _, err := fmt.Fprintf(stdin, "%d\n", len(body)); err != nil {
			out <- result{err: err}
			return
		}
		if _, err := stdin.Write(body); err != nil {
			out <- result{err: err}
			return
		}
		line, err := stdout.ReadSlice('\n')
		if err != nil {
			out <- result{err: err}
			return
		}
		if err := json.Unmarshal(line, &a); err != nil {
			out <- result{err: fmt.Errorf("unreadable answer from the helper: %w", err)}
			return
		}
		out <- result{a: a}
	}()
	timer := time.NewTimer(helperTimeout)
	defer timer.Stop()
	select {
	case r := <-out:
		if r.err != nil {
			h.stop() // stderr is complete once the helper is gone
			return r.a, fmt.Errorf("%w%s", r.err, h.stderrText())
		}
		return r.a, nil
	case <-ctx.Done():
		h.stop()
		return workspaceAnswer{}, ctx.Err()
	case <-timer.C:
		h.stop()
		return workspaceAnswer{}, fmt.Errorf("no answer within %s", helperTimeout)
	}
}

func (h *workspaceHelper) stderrText() string {
	if h.stderr == nil || h.stderr.Len() == 0 {
		return ""
	}
	return ": " + strings.TrimSpace(h.stderr.String())
}

// stop kills the helper (its whole process group: runuser and petagrid). A helper that has
// already exited (idle) was reaped: its pid may belong to another process by now, so it is
// not signalled.
func (h *workspaceHelper) stop() {
	if h.cmd == nil {
		return
	}
	select {
	case <-h.done:
	default:
		syscall.Kill(-h.cmd.Process.Pid, syscall.SIGKILL)
		<-h.done
	}
	h.cmd = nil
}

// closeHelpers stops every helper (at shutdown).
func (m *Mapper) closeHelpers() {
	m.mu.Lock()
	helpers := m.helpers
	m.helpers = map[string]*workspaceHelper{}
	m.mu.Unlock()
	for _, h := range helpers {
		h.mu.Lock()
		if h.cmd != nil {
			h.stdin.Close()
			select {
			case <-h.done:
				h.cmd = nil
			case <-time.After(2 * time.Second):
				h.stop()
			}
		}
		h.mu.Unlock()
	}
}

type limitedWriter struct {
	w io.Writer
	n int
}

func (l *limitedWriter) Write(p []byte) (int, error) {
	if l.n <= 0 {
		return len(p), nil
	}
	q := p
	if len(q) > l.n {
		q = q[:l.n]
	}
	l.n -= len(q)
	l.w.Write(q)
	return len(p), nil
}

// ServeWorkspaceWriter is the helper's side (petagrid site write-workspace, run as the
// mapped user): it answers framed requests from r on w until r ends, or returns once no
// request has come for helperIdle (the daemon starts a new helper when it needs one).
func ServeWorkspaceWriter(r io.Reader, w io.Writer) error {
	type request struct {
		body []byte
		err  error
	}
	in := bufio.NewReader(r)
	requests := make(chan request)
	go func() {
		defer close(requests)
		for {
			header, err := in.ReadString('\n')
			if errors.Is(err, io.EOF) && header == "" {
				return
			}
			if err != nil {
				requests <- request{err: fmt.Errorf("reading a request: %w", err)}
				return
			}
			n, err := strconv.Atoi(strings.TrimSpace(header))
			if err != nil || n < 0 || n > maxWorkspaceRequestBytes {
				requests <- request{err: fmt.Errorf("bad request length %q", strings.TrimSpace(header))}
				return
			}
			body := make([]byte, n)
			if _, err := io.ReadFull(in, body); err != nil {
				requests <- request{err: fmt.Errorf("reading a request: %w", err)}
				return
			}
			requests <- request{body: body}
		}
	}()
	idle := time.NewTimer(helperIdle)
	defer idle.Stop()
	for {
		var req request
		var ok bool
		select {
		case <-idle.C:
			return nil
		case req, ok = <-requests:
		}
		if !ok {
			return nil
		}
		if req.err != nil {
			return req.err
		}
		var answer workspaceAnswer
		var ws workspaceRequest
		dec := json.NewDecoder(bytes.NewReader(req.body))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&ws); err != nil {
			answer.Error = "decoding the request: " + err.Error()
		} else if err := writeWorkspace(ws); err != nil {
			answer.Error = err.Error()
		}
		line, _ := json.Marshal(answer)
		if _, err := w.Write(append(line, '\n')); err != nil {
			return err
		}
		idle.Reset(helperIdle)
	}
}

func writeWorkspace(req workspaceRequest) error {
	if !filepath.IsAbs(req.UserDir) || !filepath.IsAbs(req.Workspace) || filepath.Dir(filepath.Clean(req.Workspace)) != filepath.Clean(req.UserDir) {
		return fmt.Errorf("workspace %q must be a directory directly under %q", req.Workspace, req.UserDir)
	}
	if err := workflows.EnsurePrivateDir(req.UserDir); err != nil {
		return err
	}
	plan := &workflows.Plan{Workspace: req.Workspace}
	for _, f := range req.Files {
		plan.Files = append(plan.Files, workflows.File{Path: f.Path, Data: f.Data, Mode: f.Mode & 0o777})
	}
	return workflows.WriteFiles(plan, req.Workspace)
}
