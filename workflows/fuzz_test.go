package workflows

import (
	"os"
	"path/filepath"
	"testing"
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
	}
	profiles := map[Runtime]*SiteProfile{}
	for _, rt := range []Runtime{RuntimeApptainer, RuntimeEnroot, RuntimeNone} {
		p := goldenProfile(f)
		p.Runtime = rt
		profiles[rt] = p
	}
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
