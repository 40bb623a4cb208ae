package workflows

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// FuzzCompile checks, for every input that parses and compiles, that the plan keeps the
// renderer's promise (see checkPlanInert): scripts parse as bash, nothing a researcher wrote
// expands, and every value sits in a single-quoted literal or a data file. Inputs that fail
// must fail with an error, never a panic. The seed corpus is the documented examples plus
// testdata/fuzz/FuzzCompile; CI runs it for a few seconds (make fuzz-workflows).
func FuzzCompile(f *testing.F) {
	files, _ := filepath.Glob("../docs/examples/*.yaml")
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		f.Add(charliecloudImages(file, data))
	}
	profiles := map[Runtime]*SiteProfile{}
	for _, rt := range []Runtime{RuntimeApptainer, RuntimeEnroot, RuntimeNone} {
		p := goldenProfile(f)
		p.Runtime = rt
		profiles[rt] = p
	}
	profiles[RuntimeCharliecloud] = charliecloudProfile(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		wf, err := Parse("fuzz.yaml", data)
		if err != nil {
			return
		}
		for rt, p := range profiles {
			plan, err := Compile(wf, p, CompileOptions{RunID: "fuzz"})
			if err != nil {
				continue
			}
			if msg := checkPlanInert(wf, plan); msg != "" {
				t.Fatalf("runtime %s: %s", rt, msg)
			}
		}
	})
}

// FuzzOutputsDigest feeds hostile manifests (a job writes them) to OutputsDigest: it must
// never panic, and a digest it gives must be canonical: the same for the manifest's lines in
// any order, and for the manifests in any order of writing.
func FuzzOutputsDigest(f *testing.F) {
	line := strings.Repeat("ab", 32) + "  "
	f.Add("main.sha256", line+"out.txt\n"+line+"./dir/b\n", "b_0.sha256", line+"x\n")
	f.Add("main.sha256", "", "challenge-answer.json", "{}")
	f.Add("a b.sha256", line+"\n", "main.sha256", line+"/etc/passwd\n")
	f.Add("main.sha256", line+"../up\n", "main.sha256", strings.Repeat(line+"f\n", 3))
	f.Fuzz(func(t *testing.T, name1, data1, name2, data2 string) {
		if !fs.ValidPath(name1) || !fs.ValidPath(name2) || strings.Contains(name1, "/") || strings.Contains(name2, "/") {
			return
		}
		files := fstest.MapFS{name1: {Data: []byte(data1)}, name2: {Data: []byte(data2)}}
		digest, err := OutputsDigest(files)
		if err != nil {
			return
		}
		if len(digest) != 64 || strings.Trim(digest, "0123456789abcdef") != "" {
			t.Fatalf("digest %q is not 64 lowercase hex digits", digest)
		}
		// The same manifests with their lines reversed give the same digest.
		reversed := fstest.MapFS{}
		for name, file := range files {
			lines := strings.SplitAfter(string(file.Data), "\n")
			slices.Reverse(lines)
			data := strings.Join(lines, "")
			if !strings.HasSuffix(data, "\n") && data != "" {
				// The last line had no newline: keep the bytes as a manifest would be written.
				continue
			}
			reversed[name] = &fstest.MapFile{Data: []byte(data)}
		}
		if len(reversed) != len(files) {
			return
		}
		again, err := OutputsDigest(reversed)
		if err != nil || again != digest {
			t.Fatalf("lines in another order: %q %v, was %q", again, err, digest)
		}
	})
}
