//go:build linux

package plugins

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"

	"golang.org/x/sys/unix"
)

// The checksum pin is only worth what stops the file from changing between the moment it
// is hashed and the moment it runs. So the host opens the plugin once, hashes that open
// file, and executes that same open file, never the path again; and it refuses a plugin
// that someone other than the host's own account (or root) could rewrite in place, or
// replace through a directory they can write to.

// openPinned opens dir/name for execution: the directory and every directory above it must
// be safe (safeDirs), the file must be a regular file, not a symbolic link, owned by this
// process's user or root and writable by no one else, and its SHA-256 must be want. The
// returned file is what pinnedCommand executes; the caller closes it once the process
// started.
func openPinned(dir, name string, want []byte) (*os.File, error) {
	realDir, err := safeDirs(dir)
	if err != nil {
		return nil, err
	}
	path := filepath.Join(realDir, name)
	// O_NOFOLLOW: a link could be pointed elsewhere after the check. O_NONBLOCK: opening a
	// FIFO must not hang the host (it is refused just below).
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if errors.Is(err, unix.ELOOP) {
		return nil, fmt.Errorf("plugin %s is a symbolic link: install the executable itself in the plugin directory", path)
	}
	if err != nil {
		return nil, fmt.Errorf("plugin %s: %w", path, err)
	}
	f := os.NewFile(uintptr(fd), path)
	if err := checkPluginFile(f); err != nil {
		f.Close()
		return nil, err
	}
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		f.Close()
		return nil, fmt.Errorf("plugin %s: reading it: %w", path, err)
	}
	if got := h.Sum(nil); string(got) != string(want) {
		f.Close()
		return nil, fmt.Errorf("plugin %s: %w", path, ErrChecksum)
	}
	return f, nil
}

// checkPluginFile checks the open file itself (fstat: what will run, not what the path
// names now).
func checkPluginFile(f *os.File) error {
	var st unix.Stat_t
	if err := unix.Fstat(int(f.Fd()), &st); err != nil {
		return fmt.Errorf("plugin %s: %w", f.Name(), err)
	}
	if st.Mode&unix.S_IFMT != unix.S_IFREG {
		return fmt.Errorf("plugin %s is not a regular file", f.Name())
	}
	if err := trustedOwner(f.Name(), st.Uid); err != nil {
		return err
	}
	if st.Mode&0o022 != 0 {
		return fmt.Errorf("plugin %s is writable by its group or by others (mode %04o): anyone who can rewrite it could run code as this host; chmod go-w it", f.Name(), st.Mode&0o7777)
	}
	if st.Mode&0o100 == 0 {
		return fmt.Errorf("plugin %s is not executable by its owner (mode %04o)", f.Name(), st.Mode&0o7777)
	}
	return nil
}

// safeDirs resolves dir's symbolic links and checks the resulting directory and each of
// its parents up to /: owned by this process's user or root, and writable by no one else.
// A parent that others may write to is accepted only with the sticky bit (as /tmp has):
// then no one but an entry's owner can rename or remove it. The plugin directory itself
// must be writable by its owner only. It returns the resolved directory, which the plugin
// is then opened in (a link followed later could have been pointed elsewhere).
func safeDirs(dir string) (string, error) {
	if !filepath.IsAbs(dir) { // its parents up to / are checked: there must be a /
		return "", fmt.Errorf("plugin directory %q: an absolute directory", dir)
	}
	resolved, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return "", fmt.Errorf("plugin directory %s: %w", dir, err)
	}
	for p, pluginDir := resolved, true; ; p, pluginDir = filepath.Dir(p), false {
		if err := checkDir(p, pluginDir); err != nil {
			return "", fmt.Errorf("plugin directory %s: %w", dir, err)
		}
		if p == filepath.Dir(p) {
			return resolved, nil
		}
	}
}

// checkDir checks one directory of the plugin's path; pluginDir is the plugin directory
// itself, where the sticky bit does not excuse write access for others.
func checkDir(path string, pluginDir bool) error {
	var st unix.Stat_t
	if err := unix.Lstat(path, &st); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if st.Mode&unix.S_IFMT != unix.S_IFDIR {
		return fmt.Errorf("%s is not a directory", path)
	}
	if err := trustedOwner(path, st.Uid); err != nil {
		return err
	}
	sticky := st.Mode&unix.S_ISVTX != 0
	if st.Mode&0o022 != 0 && (pluginDir || !sticky) {
		return fmt.Errorf("%s is writable by its group or by others (mode %04o): they could replace the plugin; chmod go-w it", path, st.Mode&0o7777)
	}
	return nil
}

// trustedOwner accepts root and the account the host runs as.
func trustedOwner(path string, uid uint32) error {
	if uid != 0 && int(uid) != os.Geteuid() {
		return fmt.Errorf("%s belongs to uid %d, neither root nor this host's account (uid %d): that account could change it", path, uid, os.Geteuid())
	}
	return nil
}

// pinnedCommand is the command that executes the open file f as the plugin name. Linux
// executes an open file through /proc/self/fd/N (what fexecve does): the kernel resolves
// that link to the file behind the descriptor, whatever its path names now. The descriptor
// is the host's own, close-on-exec: the child, forked with the host's descriptor table,
// still has it under the same number when it calls execve, which resolves the link before
// closing close-on-exec descriptors, so the plugin never inherits it. The child's standard
// streams are moved onto 0-2 before execve and nothing else is passed (go-plugin adds no
// ExtraFiles), so N, being 3 or more, is not overwritten by that.
func pinnedCommand(ctx context.Context, f *os.File, name string, args []string) (*exec.Cmd, error) {
	fd := f.Fd()
	if fd < 3 { // the Go runtime keeps 0-2 open, so this is a broken invariant, not input
		return nil, fmt.Errorf("plugin %s: its descriptor %d would be taken by the child's standard streams", name, fd)
	}
	self := "/proc/self/fd/" + strconv.FormatUint(uint64(fd), 10)
	if _, err := os.Stat(self); err != nil {
		return nil, fmt.Errorf("plugin %s: running a checked plugin needs /proc mounted: %w", name, err)
	}
	cmd := exec.CommandContext(ctx, self, args...)
	cmd.Args[0] = name // what the plugin (and ps) sees as its name
	return cmd, nil
}
