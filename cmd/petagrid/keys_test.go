package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestKeysNewAndShow(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cfg", "key")
	code, stdout, stderr := runCLI(t, "keys", "new", "--file", path)
	if code != 0 || stderr != "" {
		t.Fatalf("keys new: exit %d, stderr %q", code, stderr)
	}
	m := regexp.MustCompile(`Address:  (0x[0-9A-Fa-f]{40})\n`).FindStringSubmatch(stdout)
	if m == nil || !strings.Contains(stdout, "Key file: "+path) || !strings.Contains(stdout, "site.users.researchers") {
		t.Fatalf("keys new output:\n%s", stdout)
	}
	addr := m[1]
	secret, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(stdout, strings.TrimSpace(string(secret))) {
		t.Fatal("keys new printed the key")
	}

	code, stdout, _ = runCLI(t, "keys", "show", "--file", path)
	if code != 0 || stdout != addr+"\n" {
		t.Errorf("keys show: exit %d, %q, want %q", code, stdout, addr)
	}
	code, stdout, _ = runCLI(t, "keys", "show", "--file", path, "--output", "json")
	var shown map[string]string
	if code != 0 || json.Unmarshal([]byte(stdout), &shown) != nil || shown["address"] != addr || shown["file"] != path {
		t.Errorf("keys show json: exit %d, %q", code, stdout)
	}
	t.Setenv("PETAGRID_KEY", path)
	if code, stdout, _ = runCLI(t, "keys", "show"); code != 0 || stdout != addr+"\n" {
		t.Errorf("keys show with $PETAGRID_KEY: exit %d, %q", code, stdout)
	}

	// An existing key is never overwritten.
	code, stdout, stderr = runCLI(t, "keys", "new", "--file", path)
	if code != exitFailure || stdout != "" || !strings.Contains(stderr, "already exists; refusing to overwrite") {
		t.Errorf("second keys new: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if after, _ := os.ReadFile(path); string(after) != string(secret) {
		t.Error("the key file changed")
	}

	// A key others can read is refused, with the fix.
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI(t, "keys", "show", "--file", path); code != exitFailure || !strings.Contains(stderr, "chmod 600") {
		t.Errorf("readable key: exit %d, %q", code, stderr)
	}
	if code, _, stderr := runCLI(t, "keys", "show", "--file", filepath.Join(t.TempDir(), "none")); code != exitFailure || !strings.Contains(stderr, "no such file") {
		t.Errorf("missing key: exit %d, %q", code, stderr)
	}
}
