package catalogfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/petagrid/petagrid/tokenomics"
)

func TestLoad(t *testing.T) {
	embedded, err := Load("")
	if err != nil {
		t.Fatal(err)
	}
	want, err := tokenomics.LoadEmbeddedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	if embedded.SHA256() != want.SHA256() {
		t.Fatal("an empty path did not give the embedded catalog")
	}

	dir := t.TempDir()
	if _, err := Load(filepath.Join(dir, "missing.yaml")); !os.IsNotExist(err) {
		t.Fatalf("missing file: %v", err)
	}

	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte("reference: [\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(bad); err == nil || !strings.Contains(err.Error(), "bad.yaml:") {
		t.Fatalf("a broken catalog: %v, want its file:line:col", err)
	}

	huge := filepath.Join(dir, "huge.yaml")
	if err := os.WriteFile(huge, []byte(strings.Repeat("#", MaxBytes+1)), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(huge); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Fatalf("an oversized catalog: %v", err)
	}
}
