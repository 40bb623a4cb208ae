// Package depcheck tells whether a package links what a light package must not: storage
// with cgo (SQLite), a chain node or any of go-ethereum beyond its keys and hashes, NVIDIA's
// management library or the plugin runtime. The API clients and the wire types promise to
// build without them, and their tests use this package to keep that promise.
package depcheck

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
)

// heavy are the import paths (each with everything beneath it) a light package must not link.
var heavy = []string{
	"github.com/mattn/go-sqlite3",
	"github.com/NVIDIA/go-nvml",
	"github.com/hashicorp/go-plugin",
	"github.com/cockroachdb/pebble",
	// PetaGrid's own packages that bring the above, named so that a failure says which
	// import to look at.
	"github.com/petagrid/petagrid/site/journal",
	"github.com/petagrid/petagrid/gateway/store",
	"github.com/petagrid/petagrid/accounting",
	"github.com/petagrid/petagrid/plugins",
}

// heavyExact are packages a light package must not link, though some packages beneath them
// are light.
var heavyExact = []string{
	"github.com/petagrid/petagrid/site",
	"github.com/petagrid/petagrid/gateway",
	"github.com/petagrid/petagrid/contracts",
}

// goEthereum is go-ethereum's module; of it, a light package links only goEthereumLight.
const goEthereum = "github.com/ethereum/go-ethereum"

// goEthereumLight are the go-ethereum packages (each with everything beneath it) a light
// package may link: keys, signatures and hashes for signed requests, and the encoding the
// crypto package needs. Everything else of go-ethereum is chain machinery.
var goEthereumLight = []string{
	goEthereum + "/crypto",
	goEthereum + "/common",
	goEthereum + "/rlp",
}

// Heavy reports whether a light package must not link the package at importPath.
func Heavy(importPath string) bool {
	if under(importPath, []string{goEthereum}) {
		return !under(importPath, goEthereumLight)
	}
	return under(importPath, heavy) || slices.Contains(heavyExact, importPath)
}

func under(path string, roots []string) bool {
	for _, r := range roots {
		if path == r || strings.HasPrefix(path, r+"/") {
			return true
		}
	}
	return false
}

// Linked lists every package pkgs link (`go list -deps`). A package that cannot be loaded is
// an error, with go's reason.
func Linked(ctx context.Context, pkgs ...string) ([]string, error) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		return nil, fmt.Errorf("the go command is needed to list dependencies: %w", err)
	}
	args := append([]string{"list", "-e", "-deps", "-f", "{{.ImportPath}}{{with .Error}}\t{{.Err}}{{end}}"}, pkgs...)
	cmd := exec.CommandContext(ctx, gobin, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list -deps %s: %w: %s", strings.Join(pkgs, " "), err, strings.TrimSpace(stderr.String()))
	}
	var paths, broken []string
	for line := range strings.Lines(string(out)) {
		path, problem, _ := strings.Cut(strings.TrimSuffix(line, "\n"), "\t")
		if problem != "" {
			broken = append(broken, path+": "+problem)
		}
		paths = append(paths, path)
	}
	if len(broken) > 0 {
		return paths, fmt.Errorf("go list -deps %s: %s", strings.Join(pkgs, " "), strings.Join(broken, "; "))
	}
	return paths, nil
}

// Check returns an error naming what pkgs link that a light package must not, or why they
// cannot be built without cgo; nil when they are light.
func Check(ctx context.Context, pkgs ...string) error {
	deps, err := Linked(ctx, pkgs...)
	if err != nil {
		return err
	}
	if bad := Forbidden(deps); len(bad) > 0 {
		return fmt.Errorf("%s link %s (go list -deps shows which import brings them)", strings.Join(pkgs, " "), strings.Join(bad, " "))
	}
	return BuildsWithoutCgo(ctx, pkgs...)
}

// BuildsWithoutCgo compiles pkgs with CGO_ENABLED=0 and discards the result; the error says
// why they do not build. Loading them is not enough: a package whose cgo files are left out
// still loads, and fails only when compiled.
func BuildsWithoutCgo(ctx context.Context, pkgs ...string) error {
	gobin, err := exec.LookPath("go")
	if err != nil {
		return fmt.Errorf("the go command is needed to build: %w", err)
	}
	cmd := exec.CommandContext(ctx, gobin, append([]string{"build"}, pkgs...)...)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("CGO_ENABLED=0 go build %s: %w: %s", strings.Join(pkgs, " "), err, firstLines(string(out), 10))
	}
	return nil
}

// firstLines keeps the start of a compiler's output, which names the first problems.
func firstLines(s string, n int) string {
	lines := strings.SplitAfter(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = append(lines[:n], "…")
	}
	return strings.Join(lines, "")
}

// Forbidden returns the paths a light package must not link, in order.
func Forbidden(paths []string) []string {
	var out []string
	for _, p := range paths {
		if Heavy(p) {
			out = append(out, p)
		}
	}
	return out
}
