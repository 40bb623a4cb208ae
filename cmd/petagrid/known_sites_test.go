package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMain keeps the CLI's known-sites file (first contact with an http site) out of the
// user's configuration directory.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "petagrid-cli-test-")
	if err != nil {
		panic(err)
	}
	os.Setenv("PETAGRID_KNOWN_SITES", filepath.Join(dir, "known_sites.json"))
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
