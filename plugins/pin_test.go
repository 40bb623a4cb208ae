//go:build linux

package plugins

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/petagrid/petagrid/plugins/proto/pluginv1"
)

// installPlugin copies the built plugin from into dir as name, with mode.
func installPlugin(t *testing.T, from, dir, name string, mode os.FileMode) string {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil { // whatever the umask
		t.Fatal(err)
	}
	return path
}

// orderOf asks a placement plugin to rank a cheap and a dear site: cheapest-site answers
// "cheap,dear", the misbehaving double (reverse order) "dear,cheap".
func orderOf(t *testing.T, p *Plugin) string {
	t.Helper()
	resp, err := p.Rank(context.Background(), &pluginv1.RankRequest{Job: "job", Candidates: []*pluginv1.Candidate{{Site: "cheap", CostWei: "1"}, {Site: "dear", CostWei: "2"}}})
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(resp.GetSites(), ",")
}

// The file that runs is the file that was checked: replacing the plugin between the
// checksum check and the start (what an attacker racing the host would do) changes
// nothing, and the next start checks the new file and refuses it.
func TestSwappedPluginDoesNotRun(t *testing.T) {
	built := built(t)
	dir := t.TempDir()
	installPlugin(t, filepath.Join(built, "cheapest-site"), dir, "policy", 0o755)
	cfg := pinned(t, dir, "policy")
	swapped := false
	swap := func(path string) {
		// A rename, as an attacker who can write the directory would do it (atomically).
		other := installPlugin(t, filepath.Join(built, "misbehaving"), dir, ".incoming", 0o755)
		if err := os.Rename(other, path); err != nil {
			t.Error(err)
			return
		}
		swapped = true
	}
	p, err := start(context.Background(), dir, cfg, nil, swap)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if !swapped {
		t.Fatal("the test hook did not run")
	}
	if got := orderOf(t, p); got != "cheap,dear" {
		t.Fatalf("the plugin that ran ranks %s: not the pinned cheapest-site but the file swapped in after the check", got)
	}
	if found := pinned(t, dir, "policy"); found.SHA256 == cfg.SHA256 {
		t.Fatal("the file in the directory was not swapped")
	}
	if _, err := Start(context.Background(), dir, cfg, nil); err == nil || !strings.Contains(err.Error(), "not the one pinned") {
		t.Fatalf("starting the swapped file: %v", err)
	}
}

// A plugin that is a symbolic link is refused, even to a file that would pass.
func TestSymlinkPluginRefused(t *testing.T) {
	built := built(t)
	dir, elsewhere := t.TempDir(), t.TempDir()
	target := installPlugin(t, filepath.Join(built, "cheapest-site"), elsewhere, "cheapest-site", 0o755)
	cfg := pinned(t, elsewhere, "cheapest-site")
	if err := os.Symlink(target, filepath.Join(dir, "cheapest-site")); err != nil {
		t.Fatal(err)
	}
	_, err := Start(context.Background(), dir, cfg, nil)
	if err == nil || !strings.Contains(err.Error(), "is a symbolic link") {
		t.Fatalf("a symlinked plugin: %v", err)
	}
}

// A plugin file others may write to, or one in a directory others may write to (the plugin
// directory or a parent without the sticky bit), is refused with a message that says which
// and what to do; a parent like /tmp (world-writable, sticky) is accepted.
func TestWritablePluginOrDirectoryRefused(t *testing.T) {
	built := built(t)
	start := func(dir string, cfg PluginConfig) error {
		p, err := Start(context.Background(), dir, cfg, nil)
		if err == nil {
			p.Close()
		}
		return err
	}
	t.Run("group-writable file", func(t *testing.T) {
		dir := t.TempDir()
		installPlugin(t, filepath.Join(built, "cheapest-site"), dir, "p", 0o775)
		err := start(dir, pinned(t, dir, "p"))
		if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, "p")+" is writable by its group or by others (mode 0775)") || !strings.Contains(err.Error(), "chmod go-w") {
			t.Fatalf("a group-writable plugin: %v", err)
		}
	})
	t.Run("world-writable plugin directory", func(t *testing.T) {
		dir := t.TempDir()
		installPlugin(t, filepath.Join(built, "cheapest-site"), dir, "p", 0o755)
		cfg := pinned(t, dir, "p")
		for _, mode := range []os.FileMode{0o777, 0o777 | os.ModeSticky} {
			if err := os.Chmod(dir, mode); err != nil {
				t.Fatal(err)
			}
			err := start(dir, cfg)
			if err == nil || !strings.Contains(err.Error(), "plugin directory "+dir+": "+dir+" is writable by its group or by others") {
				t.Fatalf("a plugin directory of mode %v: %v", mode, err)
			}
		}
	})
	t.Run("world-writable parent", func(t *testing.T) {
		parent := t.TempDir()
		dir := filepath.Join(parent, "plugins")
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		installPlugin(t, filepath.Join(built, "cheapest-site"), dir, "p", 0o755)
		cfg := pinned(t, dir, "p")
		if err := os.Chmod(parent, 0o777); err != nil {
			t.Fatal(err)
		}
		if err := start(dir, cfg); err == nil || !strings.Contains(err.Error(), parent+" is writable by its group or by others (mode 0777)") {
			t.Fatalf("a world-writable parent: %v", err)
		}
		if err := os.Chmod(parent, 0o777|os.ModeSticky); err != nil {
			t.Fatal(err)
		}
		if err := start(dir, cfg); err != nil {
			t.Fatalf("a sticky world-writable parent (as /tmp): %v", err)
		}
	})
	t.Run("foreign owner", func(t *testing.T) {
		if os.Geteuid() != 0 {
			t.Skip("giving a file away takes root")
		}
		dir := t.TempDir()
		path := installPlugin(t, filepath.Join(built, "cheapest-site"), dir, "p", 0o755)
		if err := os.Chown(path, 4242, 4242); err != nil {
			t.Fatal(err)
		}
		if err := start(dir, pinned(t, dir, "p")); err == nil || !strings.Contains(err.Error(), "belongs to uid 4242") {
			t.Fatalf("a plugin owned by another account: %v", err)
		}
	})
}
