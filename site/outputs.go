package site

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/petagrid/petagrid/site/siteapi"
	"github.com/petagrid/petagrid/workflows"
)

// outputsDigest is the digest of a completed run's declared outputs (workflows.OutputsDigest),
// read from the manifests its jobs wrote in its workspace. The files are the job's account's
// and may be anything it made them: they are read as the logs are (openLog), beneath the
// workspace root without following any link, and only if that account owns them, because
// the daemon may run as root. ctx is looked at before each file.
func outputsDigest(ctx context.Context, workspaceRoot string, run *siteapi.Run, owner uint32) (string, error) {
	if workspaceRoot == "" || run.Workspace == "" {
		return "", errors.New("the run has no workspace")
	}
	rel := filepath.Join(run.Workspace, workflows.OutputsDir)
	fd, st, err := openInWorkspace(workspaceRoot, rel, unix.O_RDONLY|unix.O_DIRECTORY)
	if errors.Is(err, unix.ENOENT) {
		// Every step makes the directory before it runs; a run without it wrote nothing.
		return "", workflows.ErrNoOutputs
	}
	if err != nil {
		return "", err
	}
	defer unix.Close(fd)
	if st.Uid != owner {
		return "", fmt.Errorf("%s belongs to uid %d, not to the run's account (uid %d): refused", rel, st.Uid, owner)
	}
	return workflows.OutputsDigest(&outputsFS{ctx: ctx, dir: fd, path: rel, owner: owner})
}

// outputsFS is a run's outputs directory, opened beneath the workspace root: it opens "."
// (to list it) and the files directly in it, never through a link, and only those the
// account owns.
type outputsFS struct {
	ctx   context.Context
	dir   int
	path  string
	owner uint32
}

func (o *outputsFS) Open(name string) (fs.File, error) {
	if err := o.ctx.Err(); err != nil {
		return nil, err
	}
	if name != "." && (!fs.ValidPath(name) || strings.Contains(name, "/")) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	// "." is opened anew rather than duplicated: a duplicate would share the directory's
	// read position with o.dir.
	flags := unix.O_RDONLY | unix.O_NONBLOCK | unix.O_NOCTTY
	if name == "." {
		flags = unix.O_RDONLY | unix.O_DIRECTORY
	}
	fd, st, err := openBeneath(o.dir, name, flags)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: filepath.Join(o.path, name), Err: err}
	}
	switch {
	case name != "." && st.Mode&unix.S_IFMT != unix.S_IFREG:
		unix.Close(fd)
		return nil, fmt.Errorf("%s is not a regular file", filepath.Join(o.path, name))
	case st.Uid != o.owner:
		unix.Close(fd)
		return nil, fmt.Errorf("%s belongs to uid %d, not to the run's account (uid %d): refused", filepath.Join(o.path, name), st.Uid, o.owner)
	}
	return os.NewFile(uintptr(fd), filepath.Join(o.path, name)), nil
}
