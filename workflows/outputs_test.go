package workflows

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"
)

func hexOf(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

var (
	sumA = hexOf("a")
	sumB = hexOf("b")
	sumC = hexOf("c")
)

func manifests(files map[string]string) fstest.MapFS {
	m := fstest.MapFS{}
	for name, data := range files {
		m[name] = &fstest.MapFile{Data: []byte(data), Mode: 0o600}
	}
	return m
}

func digestOf(t *testing.T, dir fs.FS) string {
	t.Helper()
	d, err := OutputsDigest(dir)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// The canonical form is pinned byte for byte: the gateway compares replicas by it, so a
// change here is a protocol change (a new version), never a refactoring.
func TestOutputsDigestCanonicalForm(t *testing.T) {
	dir := manifests(map[string]string{
		"train.sha256":  sumB + "  ./model/weights.bin\n" + sumA + "  ./model/config.json\n" + sumA + "  ./model/config.json\n",
		"eval_0.sha256": sumC + "  scores.csv\n",
		"empty.sha256":  "",
	})
	want := hexOf("empty.sha256\n" +
		"eval_0.sha256\n" + sumC + "  scores.csv\n" +
		"train.sha256\n" + sumB + "  model/weights.bin\n" + sumA + "  model/config.json\n")
	if got := digestOf(t, dir); got != want {
		t.Fatalf("digest %s, want %s", got, want)
	}
	if got := digestOf(t, dir); got != "3c6a0a2ca5f4edda860a7acf2f7dfd0edec52a9a162fe52d50eaa966f011c153" {
		t.Fatalf("the canonical form changed (digest %s): that needs a new protocol version", got)
	}
}

// Neither the order of the lines (find's) nor the order in which the manifests were written
// changes the digest; "./" and a line listed twice do not either.
func TestOutputsDigestIsOrderIndependent(t *testing.T) {
	lines := []string{sumA + "  ./d/1\n", sumB + "  ./d/2\n", sumC + "  out.txt\n"}
	write := func(order []int, reversed bool) string {
		dir := t.TempDir()
		names := []string{"s.sha256", "t_1.sha256", "t_0.sha256"}
		if reversed {
			names = []string{"t_0.sha256", "t_1.sha256", "s.sha256"}
		}
		for _, name := range names {
			var b strings.Builder
			for _, i := range order {
				b.WriteString(lines[i])
			}
			if err := os.WriteFile(filepath.Join(dir, name), []byte(b.String()), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		return digestOf(t, os.DirFS(dir))
	}
	first := write([]int{0, 1, 2}, false)
	if got := write([]int{2, 1, 0}, true); got != first {
		t.Fatalf("permuted lines and files: %s, want %s", got, first)
	}
	if got := write([]int{1, 2, 0, 1}, false); got != first {
		t.Fatalf("a line listed twice: %s, want %s", got, first)
	}
	// The same file listed as sha256sum lists a declared file and as find lists one inside
	// a declared directory.
	plain := digestOf(t, manifests(map[string]string{"s.sha256": sumA + "  out/x\n"}))
	if dotted := digestOf(t, manifests(map[string]string{"s.sha256": sumA + "  ./out/x\n"})); dotted != plain {
		t.Fatalf("./out/x and out/x: %s and %s", dotted, plain)
	}
	// Only one "./" goes: "././x" is another path (sha256sum never prints it).
	if other := digestOf(t, manifests(map[string]string{"s.sha256": sumA + "  ././out/x\n"})); other == plain {
		t.Fatal("././out/x digests as out/x")
	}
	// What differs does change it: a digest, a path, a manifest's name.
	for _, files := range []map[string]string{
		{"s.sha256": sumB + "  out/x\n"},
		{"s.sha256": sumA + "  out/y\n"},
		{"r.sha256": sumA + "  out/x\n"},
		{"s.sha256": sumA + "  out/x\n", "u.sha256": ""},
	} {
		if d := digestOf(t, manifests(files)); d == plain {
			t.Errorf("%v digests as the original", files)
		}
	}
}

// Other files beside the manifests, the challenge's answer first, do not count.
func TestOutputsDigestIgnoresOtherFiles(t *testing.T) {
	files := map[string]string{"s.sha256": sumA + "  x\n"}
	plain := digestOf(t, manifests(files))
	dir := manifests(files)
	dir["challenge-answer.json"] = &fstest.MapFile{Data: []byte(`{"not":"a manifest"}`)}
	dir["notes.txt"] = &fstest.MapFile{Data: []byte("anything\x00")}
	dir["s.sha256.tmp"] = &fstest.MapFile{Data: []byte("half a line")}
	dir["sub"] = &fstest.MapFile{Mode: fs.ModeDir | 0o700}
	dir["sub/deeper.sha256"] = &fstest.MapFile{Data: []byte(sumB + "  y\n")}
	if got := digestOf(t, dir); got != plain {
		t.Fatalf("with other files: %s, want %s", got, plain)
	}
}

func TestOutputsDigestNeedsAManifest(t *testing.T) {
	for name, dir := range map[string]fs.FS{
		"empty":            fstest.MapFS{},
		"challenge answer": fstest.MapFS{"challenge-answer.json": &fstest.MapFile{Data: []byte("{}")}},
	} {
		if _, err := OutputsDigest(dir); !errors.Is(err, ErrNoOutputs) {
			t.Errorf("%s: %v, want ErrNoOutputs", name, err)
		}
	}
	// An empty manifest is a step that declared outputs and listed none: it counts.
	if d, err := OutputsDigest(manifests(map[string]string{"s.sha256": ""})); err != nil || d != hexOf("s.sha256\n") {
		t.Fatalf("an empty manifest: %s %v", d, err)
	}
}

func TestOutputsDigestRefusesMalformedManifests(t *testing.T) {
	good := sumA + "  x\n"
	for what, files := range map[string]map[string]string{
		"uppercase digest":         {"s.sha256": strings.ToUpper(sumA) + "  x\n"},
		"short digest":             {"s.sha256": sumA[:63] + "  x\n"},
		"one space":                {"s.sha256": sumA + " x\n"},
		"binary mode":              {"s.sha256": sumA + " *x\n"},
		"escaped name":             {"s.sha256": `\` + sumA + `  a\nb` + "\n"},
		"no path":                  {"s.sha256": sumA + "  \n"},
		"only ./":                  {"s.sha256": sumA + "  ./\n"},
		"absolute path":            {"s.sha256": sumA + "  /etc/passwd\n"},
		"leaving":                  {"s.sha256": sumA + "  ../x\n"},
		"leaving further in":       {"s.sha256": sumA + "  ./a/../../x\n"},
		"NUL in the path":          {"s.sha256": sumA + "  x\x00y\n"},
		"blank line":               {"s.sha256": good + "\n"},
		"no newline at the end":    {"s.sha256": good + sumB + "  y"},
		"text":                     {"s.sha256": "hello\n"},
		"name with a space":        {"a b.sha256": good},
		"name with a newline":      {"a\nb.sha256": good},
		"suffix only":              {".sha256": good},
		"a bad one beside a good":  {"s.sha256": good, "t.sha256": "x\n"},
		"digest and spaces, short": {"s.sha256": sumA + " \n"},
	} {
		_, err := OutputsDigest(manifests(files))
		if err == nil || errors.Is(err, ErrNoOutputs) {
			t.Errorf("%s: %v, want an error", what, err)
		}
	}
	// Errors say where, never what the file holds: it could be anything.
	_, err := OutputsDigest(manifests(map[string]string{"s.sha256": good + "secret-key-material\n"}))
	if err == nil || !strings.Contains(err.Error(), "s.sha256, line 2") || strings.Contains(err.Error(), "secret") {
		t.Fatalf("error: %v", err)
	}
}

// A manifest is a regular file: a link is refused, never followed to read another file,
// and a FIFO or a directory is refused without being opened (a FIFO would block).
func TestOutputsDigestRefusesLinksAndSpecialFiles(t *testing.T) {
	secret := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(secret, []byte(sumA+"  stolen\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for what, plant := range map[string]func(dir string) error{
		"link to a file":      func(dir string) error { return os.Symlink(secret, filepath.Join(dir, "s.sha256")) },
		"link to a directory": func(dir string) error { return os.Symlink(filepath.Dir(secret), filepath.Join(dir, "s.sha256")) },
		"dangling link":       func(dir string) error { return os.Symlink("/nonexistent", filepath.Join(dir, "s.sha256")) },
		"directory":           func(dir string) error { return os.Mkdir(filepath.Join(dir, "s.sha256"), 0o700) },
		"FIFO":                func(dir string) error { return syscall.Mkfifo(filepath.Join(dir, "s.sha256"), 0o600) },
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "a.sha256"), []byte(sumB+"  x\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := plant(dir); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() {
			_, err := OutputsDigest(os.DirFS(dir))
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), "s.sha256") {
				t.Errorf("%s: %v, want it refused", what, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: OutputsDigest blocked", what)
		}
	}
	// A link that is not a manifest is ignored like any other file.
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.sha256"), []byte(sumB+"  x\n"), 0o600)
	os.Symlink(secret, filepath.Join(dir, "challenge-answer.json"))
	if _, err := OutputsDigest(os.DirFS(dir)); err != nil {
		t.Fatalf("a link beside the manifests: %v", err)
	}
}

// endless is a manifest that never ends (a FIFO's writer, a file growing as it is read)
// and says it is empty; it counts the bytes read from it.
type endless struct {
	fs.FS
	read *int
}

func (e endless) Open(name string) (fs.File, error) {
	if name == "big.sha256" {
		return &endlessFile{read: e.read}, nil
	}
	return e.FS.Open(name)
}

type endlessFile struct{ read *int }

func (f *endlessFile) Stat() (fs.FileInfo, error) {
	return fstest.MapFS{"big.sha256": {}}.Stat("big.sha256")
}

func (f *endlessFile) Read(p []byte) (int, error) {
	line := sumA + "  x\n"
	for i := range p {
		p[i] = line[(*f.read+i)%len(line)]
	}
	*f.read += len(p)
	return len(p), nil
}

func (f *endlessFile) Close() error { return nil }

func TestOutputsDigestBounds(t *testing.T) {
	// Manifests: MaxOutputManifests of them are fine, one more is refused.
	dir := fstest.MapFS{}
	for i := 0; i < MaxOutputManifests; i++ {
		dir[fmt.Sprintf("s_%d.sha256", i)] = &fstest.MapFile{}
	}
	if _, err := OutputsDigest(dir); err != nil {
		t.Fatalf("%d manifests: %v", MaxOutputManifests, err)
	}
	dir["z.sha256"] = &fstest.MapFile{}
	if _, err := OutputsDigest(dir); err == nil || !strings.Contains(err.Error(), fmt.Sprint(MaxOutputManifests)) {
		t.Fatalf("%d manifests: %v", MaxOutputManifests+1, err)
	}

	// Entries of the directory, whatever they are.
	dir = fstest.MapFS{"s.sha256": {}}
	for i := 1; i <= MaxOutputsDirEntries; i++ {
		dir[fmt.Sprintf("junk-%d", i)] = &fstest.MapFile{}
	}
	if _, err := OutputsDigest(dir); err == nil || !strings.Contains(err.Error(), "entries") {
		t.Fatalf("%d entries: %v", MaxOutputsDirEntries+1, err)
	}

	// One manifest's bytes: lines with long paths, so that the line bound is not reached.
	longLine := func(i int) string {
		return sumA + "  " + fmt.Sprintf("%06d-", i) + strings.Repeat("p", 4096-66-8) + "\n"
	}
	manifest := func(lines int) []byte {
		var b strings.Builder
		for i := 0; i < lines; i++ {
			b.WriteString(longLine(i))
		}
		return []byte(b.String())
	}
	full := manifest(MaxOutputManifestBytes / 4096)
	if len(full) != MaxOutputManifestBytes {
		t.Fatalf("test manifest of %d bytes", len(full))
	}
	if _, err := OutputsDigest(fstest.MapFS{"s.sha256": {Data: full}}); err != nil {
		t.Fatalf("a manifest of %d bytes: %v", len(full), err)
	}
	over := append(append([]byte(nil), full...), longLine(999)...)
	if _, err := OutputsDigest(fstest.MapFS{"s.sha256": {Data: over}}); err == nil || !strings.Contains(err.Error(), fmt.Sprint(MaxOutputManifestBytes)) {
		t.Fatalf("a manifest over %d bytes: %v", MaxOutputManifestBytes, err)
	}

	// All manifests' bytes: 16 full ones are the most.
	dir = fstest.MapFS{}
	for i := 0; i < MaxOutputsBytes/MaxOutputManifestBytes; i++ {
		dir[fmt.Sprintf("s_%02d.sha256", i)] = &fstest.MapFile{Data: full}
	}
	if _, err := OutputsDigest(dir); err != nil {
		t.Fatalf("manifests of %d bytes in all: %v", MaxOutputsBytes, err)
	}
	dir["t.sha256"] = &fstest.MapFile{Data: []byte(sumA + "  x\n")}
	if _, err := OutputsDigest(dir); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%d bytes in all", MaxOutputsBytes)) {
		t.Fatalf("manifests over %d bytes in all: %v", MaxOutputsBytes, err)
	}

	// Lines, across manifests.
	lines := func(n int) []byte {
		var b strings.Builder
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "%s  f%d\n", sumA, i)
		}
		return []byte(b.String())
	}
	eighth := MaxOutputLines / 8
	dir = fstest.MapFS{}
	for i := 0; i < 8; i++ {
		dir[fmt.Sprintf("s_%d.sha256", i)] = &fstest.MapFile{Data: lines(eighth)}
	}
	if _, err := OutputsDigest(dir); err != nil {
		t.Fatalf("%d lines: %v", MaxOutputLines, err)
	}
	dir["s_7.sha256"] = &fstest.MapFile{Data: lines(eighth + 1)}
	if _, err := OutputsDigest(dir); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%d lines", MaxOutputLines)) {
		t.Fatalf("%d lines: %v", MaxOutputLines+1, err)
	}

	// A manifest that never ends is read no further than the bound.
	read := 0
	_, err := OutputsDigest(endless{FS: fstest.MapFS{"big.sha256": {}}, read: &read})
	if err == nil || read > MaxOutputManifestBytes+64<<10 {
		t.Fatalf("an endless manifest: %v after %d bytes", err, read)
	}
}

// The manifests the rendered script writes (pg_output: sha256sum for a declared file, find
// for a declared directory) digest as the canonical form says.
func TestOutputsDigestOfARenderedStep(t *testing.T) {
	p := goldenProfile(t)
	p.Runtime = RuntimeNone
	p.Srun = copyDouble(t, "srun-cgroup-oom")
	r := renderForBash(t, "version: 1\nname: w\nsteps:\n  - name: s\n    run: {command: [sh, -c, 'mkdir -p res/sub && printf a >res/sub/1 && printf b >res/2 && printf c >out.txt']}\n"+
		"    outputs: [{path: out.txt}, {path: res}]\n", p)
	if code, out := r.run("s", "5"); code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	got := digestOf(t, os.DirFS(filepath.Join(r.plan.Workspace, OutputsDir)))
	want := hexOf("s.sha256\n" + sumC + "  out.txt\n" + sumB + "  res/2\n" + sumA + "  res/sub/1\n")
	if got != want {
		t.Fatalf("digest %s, want %s; manifest:\n%s", got, want, r.file(OutputsDir+"/s.sha256"))
	}
}
