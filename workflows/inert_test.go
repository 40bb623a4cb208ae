package workflows

import (
	"bytes"
	"fmt"
	"path"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// This file checks the renderer's central promise on any plan: every script parses, nothing
// outside the fixed runtime text expands anything but PetaGrid's own variables, and every
// string a researcher wrote appears only as a word made of single-quoted literals (or inside
// an env or matrix data file, byte for byte).

// templateParams are the variables the generated part of a script may expand.
var templateParams = map[string]bool{"SLURM_ARRAY_TASK_ID": true, "SLURM_ARRAY_JOB_ID": true, "SLURM_JOB_ID": true, "SLURM_JOB_USER": true, "?": true}

// checkPlanInert returns a description of the first broken promise, or "".
func checkPlanInert(wf *Workflow, plan *Plan) string {
	files := map[string][]byte{}
	for _, f := range plan.Files {
		files[f.Path] = f.Data
	}
	for _, job := range plan.Jobs {
		script := string(job.Request.Script)
		if msg := checkScriptInert(script); msg != "" {
			return fmt.Sprintf("step %s: %s\n%s", job.Step, msg, script)
		}
		words, err := quotedWords(script)
		if err != nil {
			return fmt.Sprintf("step %s: %v", job.Step, err)
		}
		for _, u := range userStrings(wf, plan, job.Step) {
			if !words[u] {
				return fmt.Sprintf("step %s: user string %q is not a single-quoted word of the script\n%s", job.Step, u, script)
			}
		}
		format := envRecords
		switch {
		case strings.Contains(script, "--env-file"):
			format = envShell
		case strings.Contains(script, "--set-env="):
			format = envChRun
		}
		if msg := checkEnvFile(wf, plan, job.Step, files[MetaDir+"/env/"+job.Step+".env"], format); msg != "" {
			return fmt.Sprintf("step %s: %s", job.Step, msg)
		}
	}
	return ""
}

// checkScriptInert parses a script and checks what may expand outside the fixed runtime.
func checkScriptInert(script string) string {
	i := strings.Index(script, prelude)
	if i < 0 {
		return "the fixed runtime text is missing or altered"
	}
	generated := script[:i] + script[i+len(prelude):]
	if _, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(script), "script"); err != nil {
		return fmt.Sprintf("the script does not parse: %v", err)
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(generated), "generated")
	if err != nil {
		return fmt.Sprintf("the generated part does not parse: %v", err)
	}
	var msg string
	fail := func(format string, args ...any) {
		if msg == "" {
			msg = fmt.Sprintf(format, args...)
		}
	}
	cmdSubsts := 0
	syntax.Walk(f, func(node syntax.Node) bool {
		switch n := node.(type) {
		case *syntax.ParamExp:
			name := n.Param.Value
			if !strings.HasPrefix(name, "pg_") && !templateParams[name] {
				fail("generated code expands $%s at %s", name, n.Pos())
			}
			return false // the name is checked; indexes are the template's own arithmetic
		case *syntax.BinaryTest:
			if n.Op == syntax.TsReMatch {
				return false // the template's array index check: $pg_index =~ ^[0-9]+$
			}
		case *syntax.CmdSubst:
			cmdSubsts++
			var b bytes.Buffer
			syntax.NewPrinter().Print(&b, n)
			if b.String() != "$(id -un)" {
				fail("generated code runs a command substitution %s at %s", b.String(), n.Pos())
			}
		case *syntax.SglQuoted:
			if n.Dollar {
				fail("generated code uses $'…' at %s, which bash decodes by locale", n.Pos())
			}
		case *syntax.ProcSubst, *syntax.ExtGlob, *syntax.BraceExp:
			fail("generated code has an expansion at %s", node.Pos())
		case *syntax.Lit:
			if strings.ContainsAny(n.Value, "*?[") {
				fail("generated code has a glob pattern %q at %s", n.Value, n.Pos())
			}
		}
		return true
	})
	if cmdSubsts > 1 {
		fail("generated code has %d command substitutions", cmdSubsts)
	}
	return msg
}

// quotedWords lists the values of the script's words made only of single-quoted literals
// (including $'…' and the \' of the POSIX idiom).
func quotedWords(script string) (map[string]bool, error) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(script), "script")
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	syntax.Walk(f, func(node syntax.Node) bool {
		w, ok := node.(*syntax.Word)
		if !ok {
			return true
		}
		// Each run of single-quoted parts is a literal: a whole word, or the literal pieces
		// around a matrix value ('--lr='"${pg_m[0]}").
		var run []syntax.WordPart
		flush := func() {
			if len(run) > 0 {
				if v, err := decodeQuoted(&syntax.Word{Parts: run}); err == nil && onlySingleQuoted(&syntax.Word{Parts: run}) {
					out[v] = true
				}
			}
			run = nil
		}
		for _, p := range w.Parts {
			switch p := p.(type) {
			case *syntax.SglQuoted:
				run = append(run, p)
			case *syntax.Lit:
				if p.Value == `\'` {
					run = append(run, p)
				} else {
					flush()
				}
			default:
				flush()
			}
		}
		flush()
		return true
	})
	return out, nil
}

// decodeQuoted is the value of a word made of single-quoted literals. expand.Literal keeps
// the backslash of an unquoted \' (assignment semantics), so the parts are decoded one by one.
func decodeQuoted(w *syntax.Word) (string, error) {
	var b strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.SglQuoted:
			if !p.Dollar {
				b.WriteString(p.Value)
				continue
			}
			v, err := expand.Literal(nil, &syntax.Word{Parts: []syntax.WordPart{p}})
			if err != nil {
				return "", err
			}
			b.WriteString(v)
		case *syntax.Lit:
			b.WriteString(strings.TrimPrefix(p.Value, `\`))
		}
	}
	return b.String(), nil
}

func onlySingleQuoted(w *syntax.Word) bool {
	if len(w.Parts) == 0 {
		return false
	}
	quoted := false
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.SglQuoted:
			if p.Dollar {
				return false // $'…' is decoded by locale; the renderer must not emit it
			}
			quoted = true
		case *syntax.Lit:
			if p.Value != `\'` {
				return false
			}
		default:
			return false
		}
	}
	return quoted
}

// userStrings lists what the researcher wrote that must reach a step's script verbatim.
func userStrings(wf *Workflow, plan *Plan, step string) []string {
	var s *Step
	for _, x := range append(append([]*Step{}, wf.Steps...), wf.Finally...) {
		if x.Name == step {
			s = x
		}
	}
	out := []string{wf.Name, s.Name}
	for _, w := range s.Run.Command {
		b := w.bindParams(plan.Params)
		if lit, ok := b.literal(); ok {
			out = append(out, lit)
			continue
		}
		for _, seg := range b.Segments {
			if seg.Kind == "" && seg.Literal != "" {
				out = append(out, seg.Literal)
			}
		}
	}
	if s.Run.Shell.Set {
		out = append(out, s.Run.Shell.Value)
	}
	for _, sec := range mergeSecrets(wf.Secrets, s.Secrets) {
		out = append(out, sec.Name, sec.Ref)
	}
	for _, in := range s.Inputs {
		out = append(out, in.URL, in.Path, in.SHA256)
	}
	for _, o := range s.Outputs {
		if o.Publish.Set {
			b := o.Publish.Value.bindParams(plan.Params)
			if lit, ok := b.literal(); ok {
				out = append(out, lit)
			}
		}
		if lit, ok := o.Path.bindParams(plan.Params).literal(); ok {
			out = append(out, path.Clean(lit))
		}
	}
	return out
}

type envFormat int

const (
	envRecords envFormat = iota // NUL-separated NAME=value records
	envShell                    // apptainer's --env-file: NAME=<single-quoted word> in shell
	envChRun                    // ch-run's --set-env: lines NAME='value', quotes stripped
)

// checkEnvFile checks a step's env file holds exactly the variables it should, each value
// byte for byte, read as its consumer reads it.
func checkEnvFile(wf *Workflow, plan *Plan, step string, data []byte, format envFormat) string {
	var s *Step
	for _, x := range append(append([]*Step{}, wf.Steps...), wf.Finally...) {
		if x.Name == step {
			s = x
		}
	}
	want := map[string]string{}
	for _, e := range mergeEnv(wf.Env, s.Env) {
		v, _ := e.Value.bindParams(plan.Params).literal()
		want[e.Name] = v
	}
	got := map[string]string{}
	switch format {
	case envChRun:
		// As ch-run reads it: one variable per line, split at the first "=", a value
		// wrapped in single quotes unwrapped and taken as it is.
		for _, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
			if line == "" {
				continue
			}
			k, v, _ := strings.Cut(line, "=")
			if !identPattern.MatchString(k) || len(v) < 2 || v[0] != '\'' || v[len(v)-1] != '\'' {
				return fmt.Sprintf("ch-run env file line %q is not NAME='value'", line)
			}
			got[k] = v[1 : len(v)-1]
		}
	case envRecords:
		for _, rec := range strings.Split(strings.TrimSuffix(string(data), "\x00"), "\x00") {
			if rec == "" {
				continue
			}
			k, v, _ := strings.Cut(rec, "=")
			got[k] = v
		}
	case envShell:
		f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(bytes.NewReader(data), "env")
		if err != nil {
			return fmt.Sprintf("env file does not parse: %v", err)
		}
		for _, st := range f.Stmts {
			call, ok := st.Cmd.(*syntax.CallExpr)
			if !ok || len(call.Args) != 0 || len(call.Assigns) != 1 || call.Assigns[0].Value == nil || !onlySingleQuoted(call.Assigns[0].Value) {
				return fmt.Sprintf("env file statement at %s is not NAME=<single-quoted word>", st.Pos())
			}
			v, _ := decodeQuoted(call.Assigns[0].Value)
			got[call.Assigns[0].Name.Value] = v
		}
	}
	for k, v := range want {
		if got[k] != v {
			return fmt.Sprintf("env file has %s=%q, want %q", k, got[k], v)
		}
	}
	var extra []string
	for k := range got {
		if _, ok := want[k]; !ok && !strings.HasPrefix(k, "UCX_") && !strings.HasPrefix(k, "NCCL_") {
			extra = append(extra, k)
		}
	}
	sort.Strings(extra)
	if len(extra) > 0 {
		return fmt.Sprintf("env file sets variables nobody asked for: %v", extra)
	}
	return ""
}
