package browser

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

func writePNG(t *testing.T, img image.Image) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "img.png")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

func filled(w, h int, c color.Color) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, c)
		}
	}
	return img
}

func TestCheckPNG(t *testing.T) {
	white := color.RGBA{255, 255, 255, 255}
	page := filled(200, 100, white)
	page.Set(150, 90, color.RGBA{30, 40, 50, 255}) // one dark pixel, far from the first one
	if err := CheckPNG(writePNG(t, page), 200, 100); err != nil {
		t.Fatalf("a non-blank image of the asked size: %v", err)
	}
	if err := CheckPNG(writePNG(t, page), 201, 100); err == nil || !strings.Contains(err.Error(), "smaller") {
		t.Fatalf("too narrow: %v", err)
	}
	if err := CheckPNG(writePNG(t, page), 200, 101); err == nil || !strings.Contains(err.Error(), "smaller") {
		t.Fatalf("too short: %v", err)
	}
	if err := CheckPNG(writePNG(t, filled(200, 100, white)), 10, 10); err == nil || !strings.Contains(err.Error(), "same colour") {
		t.Fatalf("blank image: %v", err)
	}
	notPNG := filepath.Join(t.TempDir(), "x.png")
	if err := os.WriteFile(notPNG, []byte("<html>not an image</html>"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := CheckPNG(notPNG, 1, 1); err == nil {
		t.Fatal("a file that is not a PNG passed")
	}
	if err := CheckPNG(filepath.Join(t.TempDir(), "missing.png"), 1, 1); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("missing file: %v", err)
	}
}

func TestFindHonoursOverride(t *testing.T) {
	fake := filepath.Join(t.TempDir(), "my-chromium")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv(EnvChromium, fake)
	got, err := Find()
	if err != nil || got != fake {
		t.Fatalf("Find() = %q, %v; want %q", got, err, fake)
	}
	t.Setenv(EnvChromium, filepath.Join(t.TempDir(), "absent"))
	if _, err := Find(); err == nil || !strings.Contains(err.Error(), EnvChromium) {
		t.Fatalf("an override that does not exist must fail, naming the variable: %v", err)
	}
}

// fakeBrowser installs a shell script as the browser. It records its argv, one per line, and
// then runs body. The script is the test double; the package itself never uses a shell.
func fakeBrowser(t *testing.T, body string) (argvFile string) {
	t.Helper()
	dir := t.TempDir()
	argvFile = filepath.Join(dir, "argv")
	script := "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > '" + argvFile + "'\n" + body + "\n"
	path := filepath.Join(dir, "chromium")
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv(EnvChromium, path)
	return argvFile
}

func readArgv(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimRight(string(b), "\n"), "\n")
}

func profileDir(t *testing.T, argv []string) string {
	t.Helper()
	for _, a := range argv {
		if dir, ok := strings.CutPrefix(a, "--user-data-dir="); ok {
			return dir
		}
	}
	t.Fatalf("no --user-data-dir in %q", argv)
	return ""
}

func TestDumpDOMArgvAndProfileCleanup(t *testing.T) {
	argvFile := fakeBrowser(t, `echo '<html><body>rendered</body></html>'`)
	const url = "http://127.0.0.1:1/page?a=1&b=$(touch /tmp/pwned)"
	out, err := DumpDOM(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "rendered") {
		t.Fatalf("stdout not returned: %q", out)
	}
	argv := readArgv(t, argvFile)
	for _, want := range []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars", "--no-first-run", "--dump-dom"} {
		if !contains(argv, want) {
			t.Errorf("argv lacks %s: %q", want, argv)
		}
	}
	if argv[len(argv)-1] != url {
		t.Errorf("the URL must be the last argument, verbatim: %q", argv[len(argv)-1])
	}
	if _, err := os.Stat(profileDir(t, argv)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("temporary profile left behind: %v", err)
	}
}

func TestScreenshotArgv(t *testing.T) {
	// The fake writes whatever path it was given with --screenshot=, as Chromium does.
	argvFile := fakeBrowser(t, `for a in "$@"; do case "$a" in --screenshot=*) printf 'png' > "${a#--screenshot=}";; esac; done`)
	out := filepath.Join(t.TempDir(), "shot.png")
	if err := Screenshot(context.Background(), "http://127.0.0.1:1/", out, 1280, 900); err != nil {
		t.Fatal(err)
	}
	argv := readArgv(t, argvFile)
	for _, want := range []string{"--window-size=1280,900", "--screenshot=" + out} {
		if !contains(argv, want) {
			t.Errorf("argv lacks %s: %q", want, argv)
		}
	}
	if err := Screenshot(context.Background(), "http://x/", out, 0, 10); err == nil {
		t.Error("a zero width was accepted")
	}
}

func TestScreenshotFailsWhenNoImageWritten(t *testing.T) {
	fakeBrowser(t, "exit 0")
	out := filepath.Join(t.TempDir(), "shot.png")
	if err := os.WriteFile(out, []byte("stale"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Screenshot(context.Background(), "http://127.0.0.1:1/", out, 100, 100); err == nil {
		t.Fatal("a browser that wrote nothing passed (a stale file must not count)")
	}
}

func TestFailureCarriesStderr(t *testing.T) {
	argvFile := fakeBrowser(t, `echo 'FATAL: cannot open display' >&2; exit 3`)
	_, err := DumpDOM(context.Background(), "http://127.0.0.1:1/")
	if err == nil || !strings.Contains(err.Error(), "FATAL: cannot open display") || !strings.Contains(err.Error(), "exit status 3") {
		t.Fatalf("error should carry the exit status and stderr: %v", err)
	}
	if _, statErr := os.Stat(profileDir(t, readArgv(t, argvFile))); !errors.Is(statErr, os.ErrNotExist) {
		t.Errorf("temporary profile left behind after a failure: %v", statErr)
	}
}

func TestContextEndsTheBrowser(t *testing.T) {
	fakeBrowser(t, "exec sleep 30")
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	_, err := DumpDOM(ctx, "http://127.0.0.1:1/")
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("want the deadline in the error, got %v", err)
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func TestRequire(t *testing.T) {
	t.Setenv(EnvChromium, filepath.Join(t.TempDir(), "absent"))

	t.Setenv(EnvRequire, "")
	rec := &recordingTB{TB: t}
	runRequire(rec)
	if !rec.skipped || rec.failed || !strings.Contains(rec.msg, DebianPackage) {
		t.Fatalf("without %s: skipped=%v failed=%v msg=%q", EnvRequire, rec.skipped, rec.failed, rec.msg)
	}

	t.Setenv(EnvRequire, "1")
	rec = &recordingTB{TB: t}
	runRequire(rec)
	if !rec.failed || rec.skipped {
		t.Fatalf("with %s=1: skipped=%v failed=%v msg=%q", EnvRequire, rec.skipped, rec.failed, rec.msg)
	}
}

// recordingTB records Skipf/Fatalf instead of acting on them; both end the goroutine like the
// real ones, so Require is run in its own goroutine.
type recordingTB struct {
	testing.TB
	skipped, failed bool
	msg             string
}

func (r *recordingTB) Helper() {}
func (r *recordingTB) Skipf(format string, args ...any) {
	r.skipped, r.msg = true, fmt.Sprintf(format, args...)
	runtime.Goexit()
}
func (r *recordingTB) Fatalf(format string, args ...any) {
	r.failed, r.msg = true, fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func runRequire(tb testing.TB) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		Require(tb)
	}()
	<-done
}
