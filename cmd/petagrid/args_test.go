package main

import (
	"io"
	"strings"
	"testing"
)

func TestFlagsFirst(t *testing.T) {
	app := newApp(io.Discard, io.Discard)
	cases := map[string]string{
		"petagrid workflow render w.yaml -p k=v --site-profile p.yaml -o out": "petagrid workflow render -p k=v --site-profile p.yaml -o out w.yaml",
		"petagrid --log-level warn workflow run w.yaml --wait --poll 5s":      "petagrid --log-level warn workflow run --wait --poll 5s w.yaml",
		"petagrid workflow validate a.yaml --site b.yaml -p=x=1":              "petagrid workflow validate --site -p=x=1 a.yaml b.yaml",
		"petagrid slurm submit job.sh --wait --partition gpu":                 "petagrid slurm submit --wait --partition gpu job.sh",
		"petagrid workflow validate a.yaml --site -- -odd.yaml":               "petagrid workflow validate --site -- a.yaml -odd.yaml",
		"petagrid workflow render a.yaml --generate-bash-completion":          "petagrid workflow render a.yaml --generate-bash-completion",
		"petagrid workflow --help":                                            "petagrid workflow --help",
		"petagrid workflow render -p a=1 w.yaml":                              "petagrid workflow render -p a=1 w.yaml",
		"petagrid nosuch w.yaml -x":                                           "petagrid nosuch w.yaml -x",
	}
	for in, want := range cases {
		args, err := flagsFirst(app, strings.Fields(in))
		if got := strings.Join(args, " "); err != nil || got != want {
			t.Errorf("%s\n got  %s\n want %s", in, got, want)
		}
	}
}

// TestFlagsFirstThroughTheCLI checks the reordering end to end: options after the files,
// a file whose name starts with "-" after --, and an option missing its value.
func TestFlagsFirstThroughTheCLI(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "-odd.yaml", "version: 1\nname: w\nsteps: [{name: a, run: {command: [x]}}]\n")
	other := writeFile(t, dir, "b.yaml", "version: 1\nname: w\nsteps: [{name: a, run: {command: [x]}}]\n")
	code, out, errOut := runCLI(t, "workflow", "validate", other, "--site", "--", good)
	if code != 0 || !strings.Contains(out, "-odd.yaml: ok") || !strings.Contains(out, "b.yaml: ok") {
		t.Errorf("a file named -odd.yaml after --: %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, "workflow", "validate", other, other, "--site-profile")
	if code != 2 || strings.Contains(out, "ok") || !strings.Contains(errOut, "option --site-profile needs a value") {
		t.Errorf("--site-profile without a value took a file for it: %d\n%s\n%s", code, out, errOut)
	}
}
