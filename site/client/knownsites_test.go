package client

import (
	"os"
	"path/filepath"
	"testing"
)

func TestKnownSites(t *testing.T) {
	k := KnownSites{Path: filepath.Join(t.TempDir(), "sub", "known_sites.json")}
	if _, ok, err := k.Lookup("https://Site.example:8660/v1/jobs"); ok || err != nil {
		t.Fatalf("empty store: %v %v", ok, err)
	}
	if err := k.Remember("https://Site.example:8660", "site-a"); err != nil {
		t.Fatal(err)
	}
	if err := k.Remember("http://other:1", "site-b"); err != nil {
		t.Fatal(err)
	}
	name, ok, err := k.Lookup("https://site.example:8660/anything")
	if err != nil || !ok || name != "site-a" {
		t.Fatalf("lookup: %q %v %v", name, ok, err)
	}
	if _, ok, _ := k.Lookup("http://site.example:8660"); ok {
		t.Fatal("another scheme matched")
	}
	info, err := os.Stat(k.Path)
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("file mode: %v %v", info, err)
	}
	if err := k.Remember("https://x", "bad\nname"); err == nil {
		t.Fatal("an unusable name was stored")
	}
	if _, _, err := k.Lookup("unix:///run/x.sock"); err == nil {
		t.Fatal("a unix target was looked up")
	}
	os.WriteFile(k.Path, []byte("{not json"), 0o600)
	if _, _, err := k.Lookup("https://site.example:8660"); err == nil {
		t.Fatal("a corrupt file was read")
	}
}
