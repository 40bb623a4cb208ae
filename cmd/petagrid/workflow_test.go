package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/petagrid/petagrid/workflows"
)

func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestWorkflowValidate(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "good.yaml", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {image: 'docker://ubuntu:22.04', command: [echo, hi]}\n")
	bad := writeFile(t, dir, "bad.yaml", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {comand: [echo]}\n")

	code, out, errOut := runCLI(t, "workflow", "validate", good)
	if code != 0 || !strings.Contains(out, "good.yaml: ok (1 steps, 0 finally)") || !strings.Contains(errOut, "warning: "+good+":5:18: image of step a is not pinned") {
		t.Errorf("valid file: code %d\nstdout %q\nstderr %q", code, out, errOut)
	}
	code, out, errOut = runCLI(t, "workflow", "validate", good, bad)
	if code != 1 || !strings.Contains(out, "good.yaml: ok") || !strings.Contains(errOut, bad+`:5:11: unknown field "comand" in run (did you mean "command"?)`) {
		t.Errorf("one bad file: code %d\nstdout %q\nstderr %q", code, out, errOut)
	}
	if strings.Contains(errOut, "petagrid:") {
		t.Errorf("positioned errors should be printed as they are, for editors to pick up: %q", errOut)
	}
	if code, _, errOut := runCLI(t, "workflow", "validate", filepath.Join(dir, "missing.yaml")); code != 1 || !strings.Contains(errOut, "no such file") {
		t.Errorf("missing file: %d %q", code, errOut)
	}
	if code, _, _ := runCLI(t, "workflow", "validate"); code != 2 {
		t.Errorf("no file: exit %d, want 2", code)
	}
	// Options may follow the files.
	if code, _, errOut := runCLI(t, "workflow", "validate", good, "--site"); code != 0 {
		t.Errorf("an option after the file: %d %q", code, errOut)
	}
	// -p makes validate check values and site rules.
	params := writeFile(t, dir, "params.yaml", "version: 1\nname: w\nparams: {n: {type: int}}\nsteps: [{name: a, run: {command: [x]}}]\n")
	if code, _, _ := runCLI(t, "workflow", "validate", params); code != 0 {
		t.Errorf("language check alone should accept a workflow with a required parameter")
	}
	if code, _, errOut := runCLI(t, "workflow", "validate", "--site", params); code != 1 || !strings.Contains(errOut, "pass -p n=VALUE") {
		t.Errorf("--site without the parameter: %d %q", code, errOut)
	}
	if code, _, errOut := runCLI(t, "workflow", "validate", "-p", "n=ten", params); code != 1 || !strings.Contains(errOut, `"ten" is not a decimal integer`) {
		t.Errorf("-p with a bad value: %d %q", code, errOut)
	}
	if code, _, _ := runCLI(t, "workflow", "validate", "-p", "n=10", params); code != 0 {
		t.Errorf("-p with a good value failed")
	}
	if code, _, errOut := runCLI(t, "workflow", "validate", "-p", "novalue", params); code != 2 || !strings.Contains(errOut, "write KEY=VALUE") {
		t.Errorf("-p without =: %d %q", code, errOut)
	}
}

func TestWorkflowParamsAreTakenVerbatim(t *testing.T) {
	dir := t.TempDir()
	wf := writeFile(t, dir, "w.yaml", "version: 1\nname: w\nparams: {p: {type: string, default: x}, q: {type: string, default: safe}}\nsteps:\n  - name: a\n    run: {command: [echo, '${{ params.p }}', '${{ params.q }}']}\n")
	code, out, errOut := runCLI(t, "workflow", "render", "--output", "json", "-p", "p=  hello,q=evil  ", wf)
	if code != 0 {
		t.Fatalf("render: %d %s", code, errOut)
	}
	if !strings.Contains(out, `'  hello,q=evil  '`) || !strings.Contains(out, `'safe'`) {
		t.Errorf("-p value was split or trimmed:\n%s", out)
	}
	for _, sub := range []string{"render", "run", "validate"} {
		if code, _, errOut := runCLI(t, "workflow", sub); code != 2 || !strings.Contains(errOut, "FILE") {
			t.Errorf("workflow %s without a file: %d %q", sub, code, errOut)
		}
	}
}

func TestWorkflowRender(t *testing.T) {
	dir := t.TempDir()
	wf := writeFile(t, dir, "w.yaml", "version: 1\nname: w\nparams: {n: {type: int, default: 1}}\nsteps:\n  - name: a\n    run: {command: [echo, '${{ params.n }}']}\n  - name: b\n    needs: a\n    matrix: {x: [1, 2]}\n    run: {command: [echo, '${{ matrix.x }}']}\n")
	profile := writeFile(t, dir, "site.yaml", "runtime: none\npartitions: {default: batch}\naccount: physics\n")

	code, out, errOut := runCLI(t, "workflow", "render", "--site-profile", profile, "-p", "n=42", wf)
	if code != 0 {
		t.Fatalf("render: %d %s", code, errOut)
	}
	for _, want := range []string{
		`# param n="42"`,
		"# submit: 'sbatch' '--partition=batch' '--account=physics' '--comment=petagrid w/a' '--parsable' '--job-name=dryrun.a'",
		"'--dependency=afterok:<a>' '--array=0-1'",
		"#!/bin/bash",
		"'echo' \\\n\t\t'42'",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("render output lacks %q", want)
		}
	}

	ws := filepath.Join(dir, "ws")
	code, out, errOut = runCLI(t, "workflow", "render", "-o", ws, "--run-id", "r7", wf)
	if code != 0 {
		t.Fatalf("render -o: %d %s", code, errOut)
	}
	for _, f := range []string{".petagrid/scripts/a.sbatch", ".petagrid/scripts/b.sbatch", ".petagrid/env/a.env", ".petagrid/matrix/b.values"} {
		if _, err := os.Stat(filepath.Join(ws, f)); err != nil {
			t.Errorf("render -o did not write %s: %v", f, err)
		}
	}
	script, _ := os.ReadFile(filepath.Join(ws, ".petagrid/scripts/a.sbatch"))
	if !strings.Contains(string(script), "pg_workspace='"+ws+"'") {
		t.Errorf("the written scripts should use the output directory as their workspace")
	}
	if !strings.Contains(out, "files written under") {
		t.Errorf("render -o output: %q", out)
	}

	code, out, _ = runCLI(t, "workflow", "render", "--output", "json", wf)
	var plan struct {
		Jobs []struct {
			Step       string   `json:"step"`
			Argv       []string `json:"sbatchArgv"`
			Script     string   `json:"script"`
			Dependency string   `json:"dependency"`
			ArraySize  int      `json:"arraySize"`
		} `json:"jobs"`
	}
	if err := json.Unmarshal([]byte(out), &plan); code != 0 || err != nil || len(plan.Jobs) != 2 {
		t.Fatalf("render --output json: %d %v\n%s", code, err, out)
	}
	if plan.Jobs[1].Dependency != "afterok:<a>" || plan.Jobs[1].ArraySize != 2 || plan.Jobs[0].Argv[0] != "sbatch" || !strings.HasPrefix(plan.Jobs[0].Script, "#!/bin/bash") {
		t.Errorf("json plan = %+v", plan)
	}

	bad := writeFile(t, dir, "bad.yaml", "version: 1\nname: w\nsteps:\n  - name: a\n    run: {command: [x], mounts: [{source: /etc}]}\n")
	code, _, errOut = runCLI(t, "workflow", "render", bad)
	if code != 1 || !strings.Contains(errOut, bad+":5:34: step a: this site does not allow mounting /etc") {
		t.Errorf("site rule: %d %q", code, errOut)
	}
	if code, _, _ := runCLI(t, "workflow", "render", "--output", "yaml", wf); code != 2 {
		t.Errorf("bad --output: exit %d, want 2", code)
	}
	if code, _, errOut := runCLI(t, "workflow", "render", "--site-profile", writeFile(t, dir, "p.yaml", "runtim: none\n"), wf); code != 1 || !strings.Contains(errOut, `unknown field "runtim"`) {
		t.Errorf("bad profile: %d %q", code, errOut)
	}
}

func TestWorkflowSchema(t *testing.T) {
	code, out, _ := runCLI(t, "workflow", "schema")
	var schema map[string]any
	if err := json.Unmarshal([]byte(out), &schema); code != 0 || err != nil || schema["$id"] == nil {
		t.Errorf("schema: %d %v", code, err)
	}
}

// TestReadAttemptsTakesOnlyTheStepsOwnTasks: an array step s keeps its tasks' attempts in
// s_0.attempts, s_1.attempts…; a pattern s_* also took in step s_a's records and those of
// the tasks of an array step s_1 (s_1_0.attempts).
func TestReadAttemptsTakesOnlyTheStepsOwnTasks(t *testing.T) {
	ws := t.TempDir()
	state := filepath.Join(ws, workflows.MetaDir, "state")
	if err := os.MkdirAll(state, 0o700); err != nil {
		t.Fatal(err)
	}
	for name, content := range map[string]string{
		"s_0.attempts":   "1 0 success 3\n",
		"s_1.attempts":   "1 1 exit 2\n2 0 success 2\n",
		"s_a.attempts":   "1 9 exit 1\n",
		"s_1_0.attempts": "1 9 exit 1\n",
	} {
		writeFile(t, state, name, content)
	}
	got := readAttempts(ws, &workflows.Job{Step: "s", ArraySize: 2})
	if want := []string{"2 tasks, 3 attempts"}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("array step s: %v, want %v", got, want)
	}
	if got := readAttempts(ws, &workflows.Job{Step: "s_a"}); strings.Join(got, "|") != "9 exit" {
		t.Errorf("step s_a: %v", got)
	}
	if got := readAttempts(ws, &workflows.Job{Step: "s", ArraySize: 1}); strings.Join(got, "|") != "0 success" {
		t.Errorf("an array of one task: %v", got)
	}
}
