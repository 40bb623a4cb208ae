package slurmbridge

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// inheritedEnv lists the only variables a Slurm command inherits from the daemon. Everything
// else is dropped: SBATCH_*, SLURM_*, SALLOC_* and SQUEUE_* would silently change what the
// commands do (or print), and sbatch copies its own environment into the job by default, so
// a secret in the daemon's environment would otherwise end up inside researchers' jobs.
var inheritedEnv = map[string]bool{
	"PATH":    true,
	"HOME":    true,
	"USER":    true,
	"LOGNAME": true,
	"LANG":    true,
	"TMPDIR":  true,
}

const defaultPath = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

// stderrLimit bounds what is kept of a command's stderr: enough for every Slurm message.
const stderrLimit = 64 << 10

// invocation is one run of a Slurm command.
type invocation struct {
	name    string   // command name, e.g. "sbatch"
	args    []string // argv after the command name; never passed through a shell
	stdin   []byte
	timeout time.Duration
	env     []string // extra KEY=VALUE pairs, on top of the scrubbed environment
	// submitsJob: sbatch copies its environment into the job, so it must not get the bridge's
	// TZ=UTC (researchers' jobs keep the site's local time).
	submitsJob bool
}

func (inv invocation) String() string {
	if len(inv.args) == 0 {
		return inv.name
	}
	return inv.name + " " + strings.Join(inv.args, " ")
}

// result is what a command printed.
type result struct {
	stdout []byte
	stderr string
}

// run executes a Slurm command with argv, a scrubbed environment and a time limit. The whole
// process group is killed when the limit runs out, so a hung helper cannot outlive it.
func (b *Bridge) run(ctx context.Context, inv invocation) (res result, err error) {
	if b.observe != nil {
		defer func() { b.observe(inv.name, err) }()
	}
	path, err := b.commandPath(inv.name)
	if err != nil {
		return result{}, err
	}
	timeout := inv.timeout
	if timeout <= 0 {
		timeout = b.cfg.CommandTimeout
	}
	runCtx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()

	stdout := &limitedBuffer{limit: b.cfg.MaxOutputBytes}
	stderr := &limitedBuffer{limit: stderrLimit, truncateSilently: true}
	if b.runAs != nil {
		if path, err = filepath.Abs(path); err != nil {
			return result{}, fmt.Errorf("resolving %s: %w", inv.name, err)
		}
	}
	argv0, argv := b.wrap(path, inv.args)
	cmd := exec.CommandContext(runCtx, argv0, argv...)
	cmd.Env = b.commandEnv(append(b.identityEnv(), inv.env...), !inv.submitsJob)
	cmd.Dir = "/"
	cmd.Stdout = stdout
	cmd.Stderr = stderr
	if inv.stdin != nil {
		cmd.Stdin = bytes.NewReader(inv.stdin)
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Credential: b.credential()}
	cmd.Cancel = func() error {
		if cmd.Process == nil {
			return nil
		}
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	// Children that keep the output pipes open must not make Wait hang after the kill.
	cmd.WaitDelay = 2 * time.Second
	stdout.onOverflow = func() {
		if cmd.Process != nil {
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		}
	}

	started := time.Now()
	runErr := cmd.Run()
	elapsed := time.Since(started)
	res = result{stdout: stdout.Bytes(), stderr: stderr.String()}
	log := b.log.WithField("command", inv.name).WithField("durationMilliseconds", elapsed.Milliseconds())

	switch {
	case stdout.overflowed:
		log.Warn("slurm command output exceeded the limit")
		return res, &OutputTooLargeError{Command: inv.name, MaxBytes: b.cfg.MaxOutputBytes}
	case runErr == nil:
		// The command finished on its own: its answer stands even if the deadline or the
		// caller's cancellation came a moment later (a submitted job must not be lost).
		log.Debug("slurm command finished")
		return res, nil
	case errors.Is(runCtx.Err(), context.DeadlineExceeded) && ctx.Err() == nil:
		log.WithField("timeoutSeconds", timeout.Seconds()).Warn("slurm command timed out")
		return res, &TimeoutError{Command: inv.name, Limit: timeout}
	case ctx.Err() != nil:
		return res, fmt.Errorf("%s: %w", inv.name, ctx.Err())
	}
	var exitErr *exec.ExitError
	if errors.As(runErr, &exitErr) {
		log.WithField("exitCode", exitErr.ExitCode()).Debug("slurm command failed")
		return res, &CommandError{Command: inv.name, ExitCode: exitErr.ExitCode(), Stderr: res.stderr}
	}
	if errors.Is(runErr, fs.ErrNotExist) || errors.Is(runErr, fs.ErrPermission) || errors.Is(runErr, syscall.ENOEXEC) {
		return res, &MissingCommandError{Command: inv.name, Path: path, Err: runErr}
	}
	return res, fmt.Errorf("running %s: %w", inv.name, runErr)
}

// commandPath resolves a Slurm command in the configured directory, or else on PATH.
func (b *Bridge) commandPath(name string) (string, error) {
	if b.cfg.BinDir != "" {
		path := filepath.Join(b.cfg.BinDir, name)
		info, err := os.Stat(path)
		if err != nil {
			return "", &MissingCommandError{Command: name, Path: path, Err: err}
		}
		if info.IsDir() || info.Mode()&0o111 == 0 {
			return "", &MissingCommandError{Command: name, Path: path, Err: errors.New("not an executable file")}
		}
		return path, nil
	}
	path, err := exec.LookPath(name)
	if err != nil {
		return "", &MissingCommandError{Command: name, Path: "$PATH", Err: err}
	}
	return path, nil
}

// commandEnv builds the environment of a Slurm command: the allow-listed variables of the
// daemon, then the bridge's own settings, which always win.
func (b *Bridge) commandEnv(extra []string, utc bool) []string {
	env := make([]string, 0, len(inheritedEnv)+4+len(extra))
	hasPath := false
	for _, kv := range os.Environ() {
		key, _, ok := strings.Cut(kv, "=")
		if !ok || !inheritedEnv[key] {
			continue
		}
		hasPath = hasPath || key == "PATH"
		env = append(env, kv)
	}
	if !hasPath {
		env = append(env, "PATH="+defaultPath)
	}
	if utc {
		// Slurm prints local times without an offset; UTC makes them unambiguous.
		env = append(env, "TZ=UTC")
	}
	if b.cfg.Conf != "" {
		env = append(env, "SLURM_CONF="+b.cfg.Conf)
	}
	return append(env, extra...)
}

// limitedBuffer collects output up to a limit. Past it, it either drops the rest (stderr) or
// marks the output as too large and asks for the command to be stopped (stdout).
type limitedBuffer struct {
	buf              bytes.Buffer
	limit            int64
	truncateSilently bool
	overflowed       bool
	onOverflow       func()
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	room := l.limit - int64(l.buf.Len())
	if int64(len(p)) <= room {
		return l.buf.Write(p)
	}
	if room > 0 {
		l.buf.Write(p[:room])
	}
	if !l.truncateSilently && !l.overflowed {
		l.overflowed = true
		if l.onOverflow != nil {
			l.onOverflow()
		}
	}
	// Report the whole write as consumed so the copier keeps draining the pipe; the
	// command is being stopped anyway.
	return len(p), nil
}

func (l *limitedBuffer) Bytes() []byte  { return l.buf.Bytes() }
func (l *limitedBuffer) String() string { return l.buf.String() }
