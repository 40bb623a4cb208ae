// Package atomicfile replaces a file's content all at once: a reader sees the old content or
// the new, never part of either, and after a crash the file holds one of them whole.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"syscall"
)

// Write replaces path's content with data, the file then having mode perm. data goes to a new
// file beside path (created exclusively, so a link planted under its name is never followed),
// which is synced, then renamed over path (a link at path is replaced, not followed), and the
// directory is synced so that the rename itself survives a crash.
func Write(path string, data []byte, perm fs.FileMode) error {
	var b Batch
	if err := b.Write(path, data, perm); err != nil {
		return err
	}
	return b.Sync()
}

// Batch writes several files as Write does but syncs each of their directories once, in
// Sync: for files of use only together (a run's workspace), where a directory sync after
// each file would cost more than writing the files. Until Sync returns, a crash may lose a
// rename (a file then has its old content, or is absent), never leave part of a file.
type Batch struct {
	dirs []string
}

// Write replaces path's content with data as Write does, leaving its directory to Sync.
func (b *Batch) Write(path string, data []byte, perm fs.FileMode) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("creating a temporary file beside %s: %w", path, err)
	}
	tmp := f.Name()
	err = fill(f, data, perm)
	if cerr := f.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("writing %s: %w", tmp, cerr)
	}
	if err == nil {
		if rerr := os.Rename(tmp, path); rerr != nil {
			err = fmt.Errorf("replacing %s: %w", path, rerr)
		}
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	if !slices.Contains(b.dirs, dir) {
		b.dirs = append(b.dirs, dir)
	}
	return nil
}

// Sync makes the renames of the files written so far durable.
func (b *Batch) Sync() error {
	for len(b.dirs) > 0 {
		if err := syncDir(b.dirs[0]); err != nil {
			return err
		}
		b.dirs = b.dirs[1:]
	}
	return nil
}

// fill writes data to f, gives it mode perm (the umask may have narrowed the mode f was
// created with) and syncs it.
func fill(f *os.File, data []byte, perm fs.FileMode) error {
	if _, err := f.Write(data); err != nil {
		return fmt.Errorf("writing %s: %w", f.Name(), err)
	}
	if err := f.Chmod(perm.Perm()); err != nil {
		return fmt.Errorf("setting the mode of %s: %w", f.Name(), err)
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("syncing %s: %w", f.Name(), err)
	}
	return nil
}

// syncDir makes dir's entries durable. A file system that cannot sync a directory says so
// with EINVAL or ENOTSUP; the rename is done and nothing more can be asked of it, so that is
// no failure.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("syncing directory %s: %w", dir, err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) && !errors.Is(err, syscall.ENOTSUP) {
		return fmt.Errorf("syncing directory %s: %w", dir, err)
	}
	return nil
}
