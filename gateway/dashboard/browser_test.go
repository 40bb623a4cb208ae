package dashboard

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/petagrid/petagrid/test/browser"
)

// envScreenshotDir names a directory where the test also leaves its screenshot for a person.
const envScreenshotDir = "PETAGRID_SCREENSHOT_DIR"

// TestDashboardInBrowser renders the dashboard in headless Chromium: the DOM as the browser
// built it must carry the data, and the screenshot must be a real page, not a blank one.
// Without a browser it skips (apt-get install chromium), unless PETAGRID_REQUIRE_BROWSER=1.
func TestDashboardInBrowser(t *testing.T) {
	browser.Require(t)
	srv := httptest.NewServer(Handler(sourceOf(richSnapshot()), nil))
	defer srv.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	dom, err := browser.DumpDOM(ctx, srv.URL+"/")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"<h1>" + richGateway + "</h1>",
		"cscs-alps", "jsc-jureca", "ideal-hpc",
		`<div class="label">Halving era</div><div class="value">` + strconv.Itoa(richEra) + `</div>`,
		`<div class="value">` + richSupplyShown + `<span class="unit">GFL</span></div>`,
		"<svg", "<rect",
	} {
		if !strings.Contains(dom, want) {
			t.Errorf("rendered DOM lacks %q", want)
		}
	}
	assertLatestEpochRow(t, dom)
	if t.Failed() {
		t.Logf("DOM:\n%s", dom)
	}

	const width, height = 1400, 2400
	shot := filepath.Join(t.TempDir(), "dashboard.png")
	if err := browser.Screenshot(ctx, srv.URL+"/", shot, width, height); err != nil {
		t.Fatal(err)
	}
	if dir := os.Getenv(envScreenshotDir); dir != "" {
		copyFile(t, shot, filepath.Join(dir, "dashboard.png"))
	}
	if err := browser.CheckPNG(shot, width, height); err != nil {
		t.Fatal(err)
	}

	// The empty state must render too (and stay non-blank: header and cards).
	empty := httptest.NewServer(Handler(sourceOf(Snapshot{Gateway: "fresh-gateway"}), nil))
	defer empty.Close()
	dom, err = browser.DumpDOM(ctx, empty.URL+"/")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(dom, "No providers registered yet.") {
		t.Error("empty dashboard lacks its empty state in the rendered DOM")
	}
	emptyShot := filepath.Join(t.TempDir(), "dashboard-empty.png")
	if err := browser.Screenshot(ctx, empty.URL+"/", emptyShot, 1400, 900); err != nil {
		t.Fatal(err)
	}
	if dir := os.Getenv(envScreenshotDir); dir != "" {
		copyFile(t, emptyShot, filepath.Join(dir, "dashboard-empty.png"))
	}
	if err := browser.CheckPNG(emptyShot, 1400, 900); err != nil {
		t.Fatal(err)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatalf("screenshot dir: %v", err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatalf("copying screenshot: %v", err)
	}
	t.Logf("screenshot: %s", to)
}
