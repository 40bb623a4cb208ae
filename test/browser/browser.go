// Package browser drives a locally installed Chromium in headless mode for end-to-end tests:
// it finds the binary, takes screenshots, dumps the DOM as the browser rendered it, and checks
// that a screenshot is not a blank page. It needs no network, no driver and no Go dependency:
// only Debian's chromium package (apt-get install chromium).
package browser

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// EnvChromium names an environment variable that overrides where the browser is.
const EnvChromium = "PETAGRID_CHROMIUM"

// EnvRequire names an environment variable that, set to "1", turns "no browser" from a skip
// into a failure; CI sets it so that browser tests cannot silently stop running.
const EnvRequire = "PETAGRID_REQUIRE_BROWSER"

// DebianPackage is the package that provides the browser on Debian.
const DebianPackage = "chromium"

// ErrNotFound means no browser was found; tests skip on it (or fail where one is required).
var ErrNotFound = errors.New("no chromium browser found (Debian: apt-get install " + DebianPackage + ")")

// candidateNames are tried on PATH in order: Debian's, Ubuntu's older and Google's builds.
var candidateNames = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}

// waitDelay is how long to wait for output pipes after the browser exits or is killed.
const waitDelay = 5 * time.Second

// maxStderrBytes keeps a chatty browser's stderr from swamping a test failure message.
const maxStderrBytes = 4000

// Find returns the path of the browser: $PETAGRID_CHROMIUM if set (a path or a name on PATH),
// otherwise the first of chromium, chromium-browser, google-chrome found on PATH.
func Find() (string, error) {
	if override := strings.TrimSpace(os.Getenv(EnvChromium)); override != "" {
		path, err := exec.LookPath(override)
		if err != nil {
			return "", fmt.Errorf("%s=%q: %w", EnvChromium, override, err)
		}
		return path, nil
	}
	for _, name := range candidateNames {
		if path, err := exec.LookPath(name); err == nil {
			return path, nil
		}
	}
	return "", ErrNotFound
}

// Require returns the browser's path for a test, or skips the test when there is none, naming
// the package to install; with PETAGRID_REQUIRE_BROWSER=1 it fails the test instead.
func Require(tb testing.TB) string {
	tb.Helper()
	path, err := Find()
	if err == nil {
		return path
	}
	if os.Getenv(EnvRequire) == "1" {
		tb.Fatalf("%s=1 but no browser is usable: %v", EnvRequire, err)
	}
	tb.Skipf("skipping browser test: %v; install the Debian package %q (apt-get install %s) or set %s", err, DebianPackage, DebianPackage, EnvChromium)
	return ""
}

// Screenshot loads url in a width×height window and writes a PNG of the viewport to pngPath.
func Screenshot(ctx context.Context, url, pngPath string, width, height int) error {
	if width <= 0 || height <= 0 {
		return fmt.Errorf("screenshot size %dx%d: width and height must be positive", width, height)
	}
	if pngPath == "" {
		return errors.New("screenshot: empty output path")
	}
	// Chromium writes the file itself; remove a stale one so that success means a fresh image.
	if err := os.Remove(pngPath); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("screenshot: removing old %s: %w", pngPath, err)
	}
	size := strconv.Itoa(width) + "," + strconv.Itoa(height)
	if _, err := run(ctx, "--window-size="+size, "--screenshot="+pngPath, url); err != nil {
		return fmt.Errorf("screenshot of %s: %w", url, err)
	}
	if _, err := os.Stat(pngPath); err != nil {
		return fmt.Errorf("screenshot of %s: browser exited cleanly but wrote no image: %w", url, err)
	}
	return nil
}

// DumpDOM loads url and returns the document as the browser serialised it after loading
// (parsed, with scripts run), which is what a person would see, not the raw response.
func DumpDOM(ctx context.Context, url string) (string, error) {
	out, err := run(ctx, "--dump-dom", url)
	if err != nil {
		return "", fmt.Errorf("dump DOM of %s: %w", url, err)
	}
	return out, nil
}

// run starts the browser headless with a fresh profile (so runs never share cookies, caches or
// a profile lock) and returns its stdout. The argv goes straight to exec, never through a shell,
// and the process is killed when ctx ends.
func run(ctx context.Context, args ...string) (string, error) {
	path, err := Find()
	if err != nil {
		return "", err
	}
	profile, err := os.MkdirTemp("", "petagrid-chromium-")
	if err != nil {
		return "", fmt.Errorf("creating browser profile dir: %w", err)
	}
	defer os.RemoveAll(profile)

	argv := []string{
		"--headless",
		// Chromium's sandbox relies on user namespaces or a setuid helper and refuses to start
		// as root without --no-sandbox; test containers and CI runners usually run as root.
		// The only pages loaded here are our own test servers on localhost.
		"--no-sandbox",
		"--disable-gpu",
		// /dev/shm is often tiny in containers (64 MiB in Docker) and Chromium crashes when it
		// fills; this makes it use /tmp instead.
		"--disable-dev-shm-usage",
		"--hide-scrollbars",
		"--no-first-run",
		"--no-default-browser-check",
		"--user-data-dir=" + profile,
	}
	argv = append(argv, args...)
	cmd := exec.CommandContext(ctx, path, argv...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	// Chromium's helper processes inherit the output pipes; if one outlives a killed browser,
	// Wait would block on the pipe forever. This bounds that wait after the process exits.
	cmd.WaitDelay = waitDelay
	// Keep the browser off the user's real config and crash-report directories.
	cmd.Env = append(os.Environ(), "HOME="+profile, "XDG_CONFIG_HOME="+profile, "XDG_CACHE_HOME="+profile)
	if err := cmd.Run(); err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			err = fmt.Errorf("%w (%w)", ctxErr, err)
		}
		return "", fmt.Errorf("%s: %w; stderr: %s", path, err, tail(stderr.String(), maxStderrBytes))
	}
	return stdout.String(), nil
}

// tail keeps the last n bytes of s, where the browser's actual error usually is.
func tail(s string, n int) string {
	s = strings.TrimSpace(s)
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}

// CheckPNG decodes the PNG at path and fails if it is smaller than minW×minH or if every pixel
// has the same colour, which is what a page that failed to render looks like.
func CheckPNG(path string, minW, minH int) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("check PNG: %w", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return fmt.Errorf("check PNG %s: decoding: %w", path, err)
	}
	bounds := img.Bounds()
	if bounds.Dx() < minW || bounds.Dy() < minH {
		return fmt.Errorf("check PNG %s: %dx%d is smaller than %dx%d", path, bounds.Dx(), bounds.Dy(), minW, minH)
	}
	if isFlat(img) {
		return fmt.Errorf("check PNG %s: every pixel has the same colour (blank page?)", path)
	}
	return nil
}

func isFlat(img image.Image) bool {
	b := img.Bounds()
	if b.Empty() {
		return true
	}
	r0, g0, b0, a0 := img.At(b.Min.X, b.Min.Y).RGBA()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, a := img.At(x, y).RGBA()
			if r != r0 || g != g0 || bl != b0 || a != a0 {
				return false
			}
		}
	}
	return true
}
