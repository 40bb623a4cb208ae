package atomicfile

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// entries lists dir's names, to find temporary files left behind.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	list, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range list {
		names = append(names, e.Name())
	}
	return names
}

func TestWriteCreatesAndReplaces(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "report.json")
	if err := Write(path, []byte("first"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, []byte("second"), 0o600); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil || string(data) != "second" {
		t.Fatalf("content %q (%v)", data, err)
	}
	if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("mode %v (%v)", info.Mode(), err)
	}
	if names := entries(t, dir); len(names) != 1 || names[0] != "report.json" {
		t.Errorf("directory holds %v", names)
	}
}

// The mode asked for is the file's, whatever the umask.
func TestWriteModeDespiteUmask(t *testing.T) {
	old := syscall.Umask(0o077)
	defer syscall.Umask(old)
	path := filepath.Join(t.TempDir(), "chart.svg")
	if err := Write(path, []byte("<svg/>"), 0o644); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o644 {
		t.Errorf("mode %v (%v)", info.Mode(), err)
	}
}

// A link planted at the target is replaced by the file, and what it pointed to is untouched.
func TestWriteReplacesALinkWithoutFollowingIt(t *testing.T) {
	dir := t.TempDir()
	victim := filepath.Join(dir, "victim")
	if err := os.WriteFile(victim, []byte("untouched"), 0o600); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "env")
	if err := os.Symlink(victim, path); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, []byte("A=1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(victim); string(data) != "untouched" {
		t.Errorf("the link was followed: victim holds %q", data)
	}
	if info, err := os.Lstat(path); err != nil || !info.Mode().IsRegular() {
		t.Errorf("the target is not a regular file: %v %v", info.Mode(), err)
	}
}

// A write that fails leaves the old content and no temporary file.
func TestFailedWriteLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "occupied")
	if err := os.Mkdir(path, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(path, "inside"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	err := Write(path, []byte("x"), 0o600)
	if err == nil || !strings.Contains(err.Error(), "replacing "+path) {
		t.Fatalf("writing over a directory: %v", err)
	}
	if names := entries(t, dir); len(names) != 1 || names[0] != "occupied" {
		t.Errorf("directory holds %v", names)
	}
	if err := Write(filepath.Join(dir, "missing", "file"), []byte("x"), 0o600); err == nil || !strings.Contains(err.Error(), "creating a temporary file beside") {
		t.Errorf("writing into a missing directory: %v", err)
	}
}

// A batch's files are in place as each is written; Sync syncs each directory once.
func TestBatch(t *testing.T) {
	root := t.TempDir()
	for _, sub := range []string{"env", "scripts"} {
		if err := os.Mkdir(filepath.Join(root, sub), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	var b Batch
	files := map[string]string{"env/a": "A=1\n", "env/b": "B=2\n", "scripts/a.sh": "#!/bin/bash\n"}
	for name, content := range files {
		if err := b.Write(filepath.Join(root, name), []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		if data, err := os.ReadFile(filepath.Join(root, name)); err != nil || string(data) != content {
			t.Fatalf("%s before Sync: %q %v", name, data, err)
		}
	}
	if len(b.dirs) != 2 {
		t.Errorf("directories to sync: %v", b.dirs)
	}
	if err := b.Sync(); err != nil {
		t.Fatal(err)
	}
	if len(b.dirs) != 0 {
		t.Errorf("directories left after Sync: %v", b.dirs)
	}
	if err := b.Sync(); err != nil {
		t.Errorf("a second Sync: %v", err)
	}
}
