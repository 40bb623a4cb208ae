package site

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/petagrid/petagrid/site/siteapi"
	"golang.org/x/sys/unix"
)

// logSource is one log file of one step (or array task).
type logSource struct {
	label string // "step", "step[3]", with " stderr" for the error stream
	rel   string // relative to the run's workspace
	f     *os.File
	off   int64
	line  []byte // an incomplete last line, held until its newline arrives
}

// maxLogSources bounds the files one request holds open (an array step can have millions of
// tasks).
const maxLogSources = 512

// maxLogLine flushes a line that grows past this without a newline (a progress bar).
const maxLogLine = 64 << 10

// logSources lists the files a logs request reads.
func logSources(run siteapi.Run, step string, task int, stream string) ([]*logSource, error) {
	var out []*logSource
	found := false
	for _, s := range run.Steps {
		if step != "" && s.Name != step {
			continue
		}
		found = true
		var tasks []int
		switch {
		case s.ArraySize == 0:
			if task >= 0 {
				return nil, fmt.Errorf("step %s is not an array: leave out task", s.Name)
			}
			tasks = []int{-1}
		case task >= 0:
			if task >= s.ArraySize {
				return nil, fmt.Errorf("step %s has tasks 0 to %d", s.Name, s.ArraySize-1)
			}
			tasks = []int{task}
		default:
			for i := 0; i < s.ArraySize; i++ {
				tasks = append(tasks, i)
			}
		}
		for _, t := range tasks {
			label := s.Name
			if t >= 0 {
				label = fmt.Sprintf("%s[%d]", s.Name, t)
			}
			files := map[string]string{"stdout": s.Stdout, "stderr": s.Stderr}
			for _, name := range []string{"stdout", "stderr"} {
				if stream != "both" && stream != name {
					continue
				}
				rel := strings.ReplaceAll(files[name], "{index}", strconv.Itoa(max(t, 0)))
				l := label
				if name == "stderr" && stream == "both" {
					l += " stderr"
				}
				out = append(out, &logSource{label: l, rel: rel})
			}
		}
	}
	if step != "" && !found {
		return nil, fmt.Errorf("run %s has no step %q", run.ID, step)
	}
	if len(out) > maxLogSources {
		return nil, fmt.Errorf("that is %d log files; ask for one step (step=) or one array task (task=) at a time (at most %d files per request)", len(out), maxLogSources)
	}
	return out, nil
}

// openLog opens a log file the job's account wrote, resolving it beneath the workspace root
// without following any symbolic link, and checks that the account owns it. The daemon may
// run as root while the directories belong to the user: a link or a hard link planted there
// must not turn the logs API into a way to read someone else's files.
func openLog(workspaceRoot, workspace, rel string, owner uint32) (*os.File, error) {
	fd, st, err := openInWorkspace(workspaceRoot, filepath.Join(workspace, rel), unix.O_RDONLY|unix.O_NONBLOCK|unix.O_NOCTTY)
	if err != nil {
		return nil, err
	}
	if st.Mode&unix.S_IFMT != unix.S_IFREG {
		unix.Close(fd)
		return nil, fmt.Errorf("log %s is not a regular file", rel)
	}
	if st.Uid != owner {
		unix.Close(fd)
		return nil, fmt.Errorf("log %s belongs to uid %d, not to the run's account (uid %d): refused", rel, st.Uid, owner)
	}
	return os.NewFile(uintptr(fd), filepath.Join(workspace, rel)), nil
}

// openInWorkspace opens path, which must lie beneath the workspace root, resolving it from
// the root with openBeneath; it returns it with its status.
func openInWorkspace(workspaceRoot, path string, flags int) (int, unix.Stat_t, error) {
	inside, err := filepath.Rel(workspaceRoot, path)
	if err != nil || inside == ".." || strings.HasPrefix(inside, "../") || filepath.IsAbs(inside) {
		return -1, unix.Stat_t{}, fmt.Errorf("%s is outside the workspace root", path)
	}
	root, err := unix.Open(workspaceRoot, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return -1, unix.Stat_t{}, fmt.Errorf("opening workspace root %s: %w", workspaceRoot, err)
	}
	defer unix.Close(root)
	fd, st, err := openBeneath(root, inside, flags)
	if err != nil {
		return -1, st, &os.PathError{Op: "open", Path: path, Err: err}
	}
	return fd, st, nil
}

// openBeneath opens name beneath the directory dirfd with flags (O_CLOEXEC and O_NOFOLLOW
// added) without following any symbolic link on the way, and returns it with its status.
// O_NONBLOCK in flags keeps a FIFO planted there from blocking the open.
func openBeneath(dirfd int, name string, flags int) (int, unix.Stat_t, error) {
	var st unix.Stat_t
	fd, err := unix.Openat2(dirfd, name, &unix.OpenHow{
		Flags:   uint64(flags | unix.O_CLOEXEC | unix.O_NOFOLLOW),
		Resolve: unix.RESOLVE_BENEATH | unix.RESOLVE_NO_SYMLINKS | unix.RESOLVE_NO_MAGICLINKS,
	})
	if err != nil {
		return -1, st, err
	}
	if err := unix.Fstat(fd, &st); err != nil {
		unix.Close(fd)
		return -1, st, fmt.Errorf("stat: %w", err)
	}
	return fd, st, nil
}

// streamLogs writes the run's logs to w. With one source and raw set, the bytes go out as
// they are; otherwise each line is prefixed with "[label] ". With follow, it keeps reading
// as the files grow until the run has ended and nothing more arrives, or ctx ends.
func (d *Daemon) streamLogs(ctx context.Context, w io.Writer, run siteapi.Run, sources []*logSource, raw, follow bool) error {
	acct, err := d.mapper.Account(run.LocalUser)
	if err != nil {
		return err
	}
	defer func() {
		for _, s := range sources {
			if s.f != nil {
				s.f.Close()
			}
		}
	}()
	r := &logReader{w: w, workspaceRoot: d.profile.WorkspaceRoot, workspace: run.Workspace, owner: acct.UID,
		sources: sources, raw: raw, buf: make([]byte, 64<<10)}
	if !follow {
		_, err := r.pass(true)
		return err
	}
	idle := time.NewTicker(250 * time.Millisecond)
	defer idle.Stop()
	for {
		grew, err := r.pass(false)
		if err != nil {
			return err
		}
		if !grew {
			cur, err := d.journal.Get(ctx, run.ID)
			if err != nil {
				return err
			}
			if cur.State.Terminal() {
				// Slurm may flush the last lines just after the job ends.
				_, err := r.pass(true)
				return err
			}
			run = cur
			r.workspace = run.Workspace
		}
		select {
		case <-ctx.Done():
			return nil
		case <-idle.C:
		}
	}
}

// logReader reads a run's log files into w, each from where the last pass stopped.
type logReader struct {
	w                        io.Writer
	workspaceRoot, workspace string
	owner                    uint32 // the uid the files must belong to: the run's account
	sources                  []*logSource
	raw                      bool
	buf                      []byte
}

// pass reads what each file holds beyond what was read before, opening the files that have
// appeared since; final also writes out each file's incomplete last line. grew is true when
// anything was read.
func (r *logReader) pass(final bool) (grew bool, err error) {
	for _, s := range r.sources {
		if s.f == nil {
			f, err := openLog(r.workspaceRoot, r.workspace, s.rel, r.owner)
			if errors.Is(err, os.ErrNotExist) {
				continue // not started yet
			}
			if err != nil {
				return grew, err
			}
			s.f = f
		}
		read, err := r.readNew(s)
		grew = grew || read
		if err != nil {
			return grew, err
		}
		if final && len(s.line) > 0 {
			if err := writeLine(r.w, s, s.line, r.raw); err != nil {
				return grew, err
			}
			s.line = nil
		}
	}
	if f, ok := r.w.(http.Flusher); ok {
		f.Flush()
	}
	return grew, nil
}

// readNew reads one open file to its current end.
func (r *logReader) readNew(s *logSource) (grew bool, err error) {
	for {
		n, err := s.f.ReadAt(r.buf, s.off)
		if n > 0 {
			grew = true
			s.off += int64(n)
			if err := emit(r.w, s, r.buf[:n], r.raw); err != nil {
				return grew, err
			}
		}
		if err == io.EOF || n == 0 {
			return grew, nil
		}
		if err != nil {
			return grew, fmt.Errorf("reading %s: %w", s.rel, err)
		}
	}
}

func emit(w io.Writer, s *logSource, data []byte, raw bool) error {
	if raw {
		_, err := w.Write(data)
		return err
	}
	s.line = append(s.line, data...)
	for {
		i := bytes.IndexByte(s.line, '\n')
		if i < 0 {
			break
		}
		if err := writeLine(w, s, s.line[:i+1], false); err != nil {
			return err
		}
		s.line = s.line[i+1:]
	}
	if len(s.line) > maxLogLine {
		if err := writeLine(w, s, s.line, false); err != nil {
			return err
		}
		s.line = nil
	}
	// Keep the pending line in a buffer of its own, not aliasing the read buffer.
	s.line = append([]byte(nil), s.line...)
	return nil
}

func writeLine(w io.Writer, s *logSource, line []byte, raw bool) error {
	if raw {
		_, err := w.Write(line)
		return err
	}
	out := make([]byte, 0, len(s.label)+3+len(line)+1)
	out = append(out, '[')
	out = append(out, s.label...)
	out = append(out, "] "...)
	out = append(out, line...)
	if len(line) == 0 || line[len(line)-1] != '\n' {
		out = append(out, '\n')
	}
	_, err := w.Write(out)
	return err
}
