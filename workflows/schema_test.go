package workflows

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/petagrid/petagrid/internal/strictyaml"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"gopkg.in/yaml.v3"
)

// schemaID is the $id the schema declares; sub-schemas are compiled as fragments of it.
const schemaID = "https://petagrid.dev/schemas/workflow-v1.json"

// compileSchema compiles the embedded schema and returns the sub-schema at fragment, a JSON
// pointer such as "/$defs/duration" ("" for the whole workflow). Each caller compiles its own
// copy, so tests share no state.
func compileSchema(t testing.TB, fragment string) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(JSONSchema()))
	if err != nil {
		t.Fatalf("schema.json is not valid JSON: %v", err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource(schemaID, doc); err != nil {
		t.Fatalf("adding schema: %v", err)
	}
	loc := schemaID
	if fragment != "" {
		loc += "#" + fragment
	}
	sch, err := c.Compile(loc)
	if err != nil {
		t.Fatalf("compiling %s: %v", loc, err)
	}
	return sch
}

// schemaDoc is the schema as plain JSON values, for tests that read its structure.
func schemaDoc(t *testing.T) map[string]any {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(JSONSchema(), &doc); err != nil {
		t.Fatalf("schema.json is not valid JSON: %v", err)
	}
	return doc
}

// yamlToJSON loads a workflow the way Parse does and converts it to the values a JSON
// document would hold. Mapping keys are taken as written (node.Value), because that is the
// text the parser matches field names and patterns against; scalars are decoded by yaml.v3
// into any, so 10 stays a number and "10" a string, as the schema's types expect.
func yamlToJSON(t testing.TB, data []byte) any {
	t.Helper()
	root, err := strictyaml.Load("test.yaml", data)
	if err != nil {
		t.Fatalf("loading YAML: %v", err)
	}
	if root == nil {
		return nil
	}
	v, err := nodeToJSON(root)
	if err != nil {
		t.Fatalf("converting YAML: %v", err)
	}
	return v
}

func nodeToJSON(n *yaml.Node) (any, error) {
	n = resolve(n)
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil, nil
		}
		return nodeToJSON(n.Content[0])
	case yaml.MappingNode:
		out := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := resolve(n.Content[i])
			if k.Kind != yaml.ScalarNode {
				return nil, fmt.Errorf("line %d: mapping key is not a scalar", k.Line)
			}
			v, err := nodeToJSON(n.Content[i+1])
			if err != nil {
				return nil, err
			}
			out[k.Value] = v
		}
		return out, nil
	case yaml.SequenceNode:
		out := make([]any, 0, len(n.Content))
		for _, c := range n.Content {
			v, err := nodeToJSON(c)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	case yaml.ScalarNode:
		var v any
		if err := n.Decode(&v); err != nil {
			return nil, fmt.Errorf("line %d: %v", n.Line, err)
		}
		return v, nil
	}
	return nil, fmt.Errorf("line %d: unexpected YAML node kind %d", n.Line, n.Kind)
}

func TestSchemaCompiles(t *testing.T) {
	if !json.Valid(JSONSchema()) {
		t.Fatal("schema.json is not valid JSON")
	}
	compileSchema(t, "")
	doc := schemaDoc(t)
	for key, want := range map[string]string{
		"$schema": "https://json-schema.org/draft/2020-12/schema",
		"$id":     schemaID,
	} {
		if doc[key] != want {
			t.Errorf("%s is %v, want %q", key, doc[key], want)
		}
	}
	if title, _ := doc["title"].(string); title == "" {
		t.Error("the schema has no title")
	}
}

// TestSchemaDescribesEveryProperty checks that editors have something to show for every
// field: a description on the property or on the definition it refers to. Conditional
// sub-schemas (if/then/not) only restate properties and are not shown, so they are skipped.
func TestSchemaDescribesEveryProperty(t *testing.T) {
	doc := schemaDoc(t)
	defs, _ := doc["$defs"].(map[string]any)
	described := func(s map[string]any) bool {
		if d, _ := s["description"].(string); d != "" {
			return true
		}
		if ref, _ := s["$ref"].(string); strings.HasPrefix(ref, "#/$defs/") {
			def, _ := defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
			d, _ := def["description"].(string)
			return d != ""
		}
		return false
	}
	var walk func(v any, at string)
	walk = func(v any, at string) {
		switch v := v.(type) {
		case map[string]any:
			for key, child := range v {
				switch key {
				case "if", "then", "else", "not":
					continue
				case "properties":
					props, _ := child.(map[string]any)
					for name, p := range props {
						if ps, ok := p.(map[string]any); ok && !described(ps) {
							t.Errorf("%s/properties/%s has no description", at, name)
						}
					}
				}
				walk(child, at+"/"+key)
			}
		case []any:
			for i, child := range v {
				walk(child, fmt.Sprintf("%s/%d", at, i))
			}
		}
	}
	walk(doc, "#")
}

// TestSchemaAcceptsDocsExamples checks the schema against the documentation's examples: an
// example the parser accepts must not be flagged by an editor.
func TestSchemaAcceptsDocsExamples(t *testing.T) {
	pattern := filepath.Join("..", "docs", "examples", "*.yaml")
	files, err := filepath.Glob(pattern)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no workflow examples match %s: this test checks the schema against docs/examples/*.yaml, so at least one must exist", pattern)
	}
	sch := compileSchema(t, "")
	accepted := 0
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := Parse(file, data); err != nil {
				t.Logf("skipped: the parser rejects it:\n%v", err)
				return
			}
			accepted++
			if err := sch.Validate(yamlToJSON(t, data)); err != nil {
				t.Errorf("the parser accepts %s but the schema rejects it:\n%v", file, err)
			}
		})
	}
	if accepted == 0 {
		t.Errorf("the parser rejects every file matching %s, so none checks the schema", pattern)
	}
}

const minimalWorkflow = `
version: 1
name: hello
steps:
  - name: hello
    run:
      command: [echo, hello]
`

const fullWorkflow = `
version: 1
name: sweep.v2
description: |
  Train over a grid, evaluate, report, clean up.
labels:
  team: ml
  cost-center: 4711
  project/phase: "2"
params:
  epochs: {type: int, default: 10, description: Passes over the data}
  lr: {type: float, default: 0.01}
  dataset: {type: string, default: imagenet}
  verbose: {type: bool, default: false}
  tag: {type: string}
resources:
  time: 2h30m
  mem: 16G
  cpusPerTask: 4
env:
  OMP_NUM_THREADS: 4
  DATASET: "${{ params.dataset }}"
  DEBUG: false
secrets:
  WANDB_API_KEY: wandb-key
steps:
  - name: fetch
    run:
      command: [sh, -c, "true"]
    inputs:
      - url: https://data.example.org/train.tar?version=3
        path: data/train.tar
        sha256: 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef
  - name: train
    needs: fetch
    run:
      image: docker://ghcr.io/example/train:1.0@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef
      command: [python, train.py, --epochs, "${{ params.epochs }}", --lr, "${{ matrix.lr }}", --bs, "${{ matrix.bs }}", 3]
      workdir: src
      mounts:
        - source: /scratch/datasets
          target: /data
        - source: /scratch/out
          readOnly: false
      mpi: pmix
    resources:
      nodes: 2
      tasks: 8
      tasksPerNode: 4
      gpus: 8
      gpusPerTask: 1
      gpuType: a100
      memPerGpu: 40GiB
    env:
      SEED: 42
    secrets:
      HF_TOKEN: hf.token
    retry:
      limit: 3
      backoff: {initial: 1m, factor: 1.5, max: 30m}
      on: [NODE_FAIL, TIMEOUT, OUT_OF_MEMORY, 137]
    timeout: 1d
    matrix:
      lr: [0.1, 0.01]
      bs: [32, 64]
      exclude: [{lr: 0.1, bs: 64}]
      include: [{lr: 0.001, bs: 128}]
      maxParallel: 2
    outputs:
      - path: "results/${{ matrix.lr }}-${{ matrix.bs }}.json"
        publish: "https://store.example.org/results/${{ matrix.lr }}-${{ matrix.bs }}.json"
      - path: model.pt
  - name: shards
    needs: [fetch]
    for: {var: shard, range: {from: 0, to: 9, step: 3}, maxParallel: 2}
    run: {command: [./process.sh, "${{ matrix.shard }}"], workdir: /tmp/work}
    retry: {limit: 1, backoff: 30s}
  - name: report
    needs: [train, shards]
    if: always()
    for: {items: [a, b, 3]}
    run:
      shell: |
        echo "report for $DATASET"
  - name: alert
    needs: train
    if: failure ()
    run: {image: /shared/images/tools.sif, shell: echo failed, mpi: none}
    retry: {limit: 0}
finally:
  - name: cleanup
    run: {command: [rm, -rf, scratch]}
    env: {KEEP: "no"}
  - name: notify
    needs: []
    run: {command: [./notify]}
`

// replicatedWorkflow uses verify with what it needs: deterministic, outputs, no publish.
const replicatedWorkflow = `
version: 1
name: replicated
deterministic: true
verify:
  replicas: 3
  quorum: 2
steps:
  - name: simulate
    run:
      image: docker://ghcr.io/example/sim:2.1@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef
      command: [./simulate, --seed, "42"]
    for: {items: [a, b]}
    outputs:
      - path: "results/${{ matrix.item }}.h5"
finally:
  - name: summary
    run: {command: [./summarize]}
    outputs:
      - path: summary.json
`

// TestSchemaAcceptsValidWorkflows: workflows the parser accepts, written to touch every part
// of the language, must be accepted by the schema too.
func TestSchemaAcceptsValidWorkflows(t *testing.T) {
	sch := compileSchema(t, "")
	for name, doc := range map[string]string{"minimal": minimalWorkflow, "full": fullWorkflow, "replicated": replicatedWorkflow} {
		t.Run(name, func(t *testing.T) {
			if _, err := Parse(name+".yaml", []byte(doc)); err != nil {
				t.Fatalf("the parser rejects the %s workflow:\n%v", name, err)
			}
			if err := sch.Validate(yamlToJSON(t, []byte(doc))); err != nil {
				t.Errorf("the schema rejects the %s workflow:\n%v", name, err)
			}
		})
	}
}

// TestSchemaRejectsInvalidWorkflows: mistakes the parser reports must be flagged by an
// editor too. Each case changes the minimal workflow in one place.
func TestSchemaRejectsInvalidWorkflows(t *testing.T) {
	step := func(body string) string {
		return "version: 1\nname: bad\nsteps:\n  - name: a\n" + body
	}
	run := func(body string) string { return step("    run:\n" + body) }
	cases := map[string]string{
		"unknown top-level key":   minimalWorkflow + "timeout: 1h\n",
		"unknown step key":        step("    run: {command: [x]}\n    image: docker://alpine\n"),
		"unknown run key":         run("      command: [x]\n      args: [y]\n"),
		"mpi misspelt":            run("      command: [x]\n      mpi: pmx\n"),
		"command as a string":     run("      command: python train.py\n"),
		"command and shell":       run("      command: [x]\n      shell: x\n"),
		"neither command nor sh":  run("      workdir: src\n"),
		"empty command":           run("      command: []\n"),
		"empty program":           run("      command: [\"\", x]\n"),
		"bad duration":            step("    run: {command: [x]}\n    timeout: 5 minutes\n"),
		"duration out of order":   step("    run: {command: [x]}\n    timeout: 30m2h\n"),
		"zero duration":           step("    run: {command: [x]}\n    timeout: 0s\n"),
		"bad env name":            step("    run: {command: [x]}\n    env: {1X: y}\n"),
		"reserved env prefix":     step("    run: {command: [x]}\n    env: {slurm_cpus: 1}\n"),
		"reserved env name":       step("    run: {command: [x]}\n    secrets: {LD_PRELOAD: lib}\n"),
		"bad secret ref":          step("    run: {command: [x]}\n    secrets: {TOKEN: \"s3cr3t value\"}\n"),
		"version 2":               strings.Replace(minimalWorkflow, "version: 1", "version: 2", 1),
		"version missing":         strings.Replace(minimalWorkflow, "version: 1", "", 1),
		"bad workflow name":       strings.Replace(minimalWorkflow, "name: hello", "name: -hello", 1),
		"bad step name":           strings.Replace(minimalWorkflow, "- name: hello", "- name: 1hello", 1),
		"no steps":                "version: 1\nname: bad\nsteps: []\n",
		"step without run":        "version: 1\nname: bad\nsteps:\n  - name: a\n",
		"bad memory":              step("    run: {command: [x]}\n    resources: {mem: 16}\n"),
		"zero memory":             step("    run: {command: [x]}\n    resources: {mem: 0G}\n"),
		"two memory fields":       step("    run: {command: [x]}\n    resources: {mem: 1G, memPerCpu: 1G}\n"),
		"zero nodes":              step("    run: {command: [x]}\n    resources: {nodes: 0}\n"),
		"bad gpu type":            step("    run: {command: [x]}\n    resources: {gpus: 1, gpuType: \"a 100\"}\n"),
		"unknown resource":        step("    run: {command: [x]}\n    resources: {cpus: 4}\n"),
		"bad if":                  step("    run: {command: [x]}\n    if: done()\n"),
		"failure without needs":   step("    run: {command: [x]}\n    if: failure()\n"),
		"needs twice":             step("    run: {command: [x]}\n  - name: b\n    needs: [a, a]\n    run: {command: [x]}\n"),
		"retry without limit":     step("    run: {command: [x]}\n    retry: {on: [TIMEOUT]}\n"),
		"retry limit too high":    step("    run: {command: [x]}\n    retry: {limit: 11}\n"),
		"retry on unknown":        step("    run: {command: [x]}\n    retry: {limit: 1, on: [OOM]}\n"),
		"retry on exit code zero": step("    run: {command: [x]}\n    retry: {limit: 1, on: [0]}\n"),
		"retry on empty":          step("    run: {command: [x]}\n    retry: {limit: 1, on: []}\n"),
		"backoff factor":          step("    run: {command: [x]}\n    retry: {limit: 1, backoff: {factor: 11}}\n"),
		"backoff unknown key":     step("    run: {command: [x]}\n    retry: {limit: 1, backoff: {min: 1s}}\n"),
		"matrix and for":          step("    run: {command: [x]}\n    matrix: {a: [1]}\n    for: {items: [1]}\n"),
		"matrix without axes":     step("    run: {command: [x]}\n    matrix: {maxParallel: 2}\n"),
		"empty matrix axis":       step("    run: {command: [x]}\n    matrix: {a: []}\n"),
		"bad matrix axis name":    step("    run: {command: [x]}\n    matrix: {a-b: [1]}\n"),
		"for items and range":     step("    run: {command: [x]}\n    for: {items: [1], range: {from: 1, to: 2}}\n"),
		"for without values":      step("    run: {command: [x]}\n    for: {var: i}\n"),
		"range without to":        step("    run: {command: [x]}\n    for: {range: {from: 1}}\n"),
		"range step zero":         step("    run: {command: [x]}\n    for: {range: {from: 1, to: 2, step: 0}}\n"),
		"bad image":               run("      command: [x]\n      image: ubuntu:22.04\n"),
		"image not absolute":      run("      command: [x]\n      image: images/tool.sif\n"),
		"mount relative":          run("      command: [x]\n      mounts: [{source: data}]\n"),
		"mount without source":    run("      command: [x]\n      mounts: [{target: /data}]\n"),
		"mount unclean":           run("      command: [x]\n      mounts: [{source: /data/../etc}]\n"),
		"workdir leaves":          run("      command: [x]\n      workdir: ../elsewhere\n"),
		"workdir unclean":         run("      command: [x]\n      workdir: /tmp//x\n"),
		"shell interpolates":      run("      shell: echo ${{ params.x }}\n"),
		"shell blank":             run("      shell: \"  \"\n"),
		"mpi with shell":          run("      shell: echo\n      mpi: pmix\n"),
		"malformed reference":     run("      command: [x, \"${{ param.x }}\"]\n"),
		"input missing sha256":    step("    run: {command: [x]}\n    inputs: [{url: \"https://a.example/x\", path: x}]\n"),
		"input bad sha256":        step("    run: {command: [x]}\n    inputs: [{url: \"https://a.example/x\", path: x, sha256: ABC}]\n"),
		"input ftp url":           step("    run: {command: [x]}\n    inputs: [{url: \"ftp://a.example/x\", path: x, sha256: " + strings.Repeat("a", 64) + "}]\n"),
		"input url credentials":   step("    run: {command: [x]}\n    inputs: [{url: \"https://u:p@a.example/x\", path: x, sha256: " + strings.Repeat("a", 64) + "}]\n"),
		"input absolute path":     step("    run: {command: [x]}\n    inputs: [{url: \"https://a.example/x\", path: /x, sha256: " + strings.Repeat("a", 64) + "}]\n"),
		"output in metadata":      step("    run: {command: [x]}\n    outputs: [{path: .petagrid/x}]\n"),
		"output leaves":           step("    run: {command: [x]}\n    outputs: [{path: ./../x}]\n"),
		"output without path":     step("    run: {command: [x]}\n    outputs: [{publish: \"https://a.example/\"}]\n"),
		"param without type":      "version: 1\nname: bad\nparams: {x: {default: 1}}\nsteps:\n  - name: a\n    run: {command: [x]}\n",
		"param unknown type":      "version: 1\nname: bad\nparams: {x: {type: number}}\nsteps:\n  - name: a\n    run: {command: [x]}\n",
		"param default type":      "version: 1\nname: bad\nparams: {x: {type: int, default: ten}}\nsteps:\n  - name: a\n    run: {command: [x]}\n",
		"bad label key":           "version: 1\nname: bad\nlabels: {Team: ml}\nsteps:\n  - name: a\n    run: {command: [x]}\n",
		"finally with needs":      minimalWorkflow + "finally:\n  - name: b\n    needs: hello\n    run: {command: [x]}\n",
		"finally with if":         minimalWorkflow + "finally:\n  - name: b\n    if: always()\n    run: {command: [x]}\n",
		"deterministic as string": strings.Replace(minimalWorkflow, "name: hello", "name: hello\ndeterministic: \"yes\"", 1),
		"verify, determ. false":   strings.Replace(replicatedWorkflow, "deterministic: true", "deterministic: false", 1),
		"verify without determ.":  strings.Replace(replicatedWorkflow, "deterministic: true\n", "", 1),
		"verify one replica":      strings.Replace(replicatedWorkflow, "replicas: 3", "replicas: 1", 1),
		"verify six replicas":     strings.Replace(replicatedWorkflow, "replicas: 3", "replicas: 6", 1),
		"verify without replicas": strings.Replace(replicatedWorkflow, "replicas: 3\n", "", 1),
		"verify minority quorum":  strings.Replace(replicatedWorkflow, "replicas: 3\n  quorum: 2", "replicas: 4\n  quorum: 2", 1),
		"verify quorum too large": strings.Replace(replicatedWorkflow, "quorum: 2", "quorum: 4", 1),
		"verify unknown key":      strings.Replace(replicatedWorkflow, "quorum: 2", "quorum: 2\n  sites: 3", 1),
		"verify as a number":      strings.Replace(replicatedWorkflow, "verify:\n  replicas: 3\n  quorum: 2", "verify: 3", 1),
		"verify with publish":     strings.Replace(replicatedWorkflow, "- path: summary.json", "- path: summary.json\n        publish: https://a.example/summary.json", 1),
		"verify without outputs":  "version: 1\nname: bad\ndeterministic: true\nverify: {replicas: 2}\nsteps:\n  - name: a\n    run: {command: [x]}\n",
	}
	sch := compileSchema(t, "")
	for name, doc := range cases {
		t.Run(name, func(t *testing.T) {
			if _, err := Parse("bad.yaml", []byte(doc)); err == nil {
				t.Fatalf("the parser accepts this case; it no longer tests what it is named for:\n%s", doc)
			}
			if err := sch.Validate(yamlToJSON(t, []byte(doc))); err == nil {
				t.Errorf("the parser rejects this workflow but the schema accepts it:\n%s", doc)
			}
		})
	}
}

// TestSchemaPropertiesMatchParser keeps the schema's field names in step with the parser's:
// a field added to one and not the other fails here rather than in a researcher's editor.
// workflowFields, stepFields, resourceFields and verifyFields are the parser's own lists;
// the others are the known keys its d.mapping calls pass, copied from the parser (parse*.go).
func TestSchemaPropertiesMatchParser(t *testing.T) {
	doc := schemaDoc(t)
	cases := []struct {
		where string
		path  []string
		want  []string
	}{
		{"workflow", nil, workflowFields},
		{"verify", []string{"$defs", "verify"}, verifyFields},
		{"placement", []string{"$defs", "placement"}, placementFields},
		{"grades", []string{"$defs", "grades"}, gradeFields},
		{"param", []string{"$defs", "param"}, []string{"type", "default", "description"}},
		{"resources", []string{"$defs", "resources"}, resourceFields},
		{"step", []string{"$defs", "step"}, stepFields},
		{"run", []string{"$defs", "run"}, []string{"image", "command", "shell", "workdir", "mounts", "mpi"}},
		{"mount", []string{"$defs", "mount"}, []string{"source", "target", "readOnly"}},
		{"retry", []string{"$defs", "retry"}, []string{"limit", "backoff", "on"}},
		{"backoff", []string{"$defs", "backoff", "anyOf", "1"}, []string{"initial", "factor", "max"}},
		{"matrix (reserved keys)", []string{"$defs", "matrix"}, []string{"include", "exclude", "maxParallel"}},
		{"for", []string{"$defs", "for"}, []string{"var", "items", "range", "maxParallel"}},
		{"range", []string{"$defs", "range"}, []string{"from", "to", "step"}},
		{"input", []string{"$defs", "input"}, []string{"url", "path", "sha256"}},
		{"output", []string{"$defs", "output"}, []string{"path", "publish"}},
	}
	for _, c := range cases {
		var node any = doc
		for _, p := range c.path {
			switch v := node.(type) {
			case map[string]any:
				node = v[p]
			case []any:
				i, err := strconv.Atoi(p)
				if err != nil || i >= len(v) {
					t.Fatalf("%s: bad path %v", c.where, c.path)
				}
				node = v[i]
			}
		}
		obj, _ := node.(map[string]any)
		props, _ := obj["properties"].(map[string]any)
		if props == nil {
			t.Errorf("%s: no properties at %s", c.where, strings.Join(c.path, "/"))
			continue
		}
		got := make([]string, 0, len(props))
		for k := range props {
			got = append(got, k)
		}
		want := slices.Clone(c.want)
		sort.Strings(got)
		sort.Strings(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: schema properties %v, parser fields %v", c.where, got, want)
		}
		// Closed mappings must say so, or editors accept misspelt keys the parser refuses.
		if c.where != "matrix (reserved keys)" && obj["additionalProperties"] != false {
			t.Errorf("%s: additionalProperties is %v, want false", c.where, obj["additionalProperties"])
		}
	}
}

// agreement compares a sub-schema's verdicts with the parser's own check of the same rule.
type agreement struct {
	t    *testing.T
	sch  *jsonschema.Schema
	what string
}

// check compares the schema's verdict on v with the parser's (parseErr nil for accepted).
// With exact false, the schema may accept what the parser refuses, for rules a pattern
// cannot state (limits on the sum of a duration, path normalisation).
func (a agreement) check(v string, parseErr error, exact bool) {
	a.t.Helper()
	schemaErr := a.sch.Validate(v)
	switch {
	case parseErr == nil && schemaErr != nil:
		a.t.Errorf("%s %q: the parser accepts it, the schema rejects it: %v", a.what, v, schemaErr)
	case parseErr != nil && schemaErr == nil && exact:
		a.t.Errorf("%s %q: the parser rejects it (%v), the schema accepts it", a.what, v, parseErr)
	}
}

// randomString joins n pieces drawn from tokens: small alphabets of the pieces that matter
// reach the corner cases of a rule far more often than random bytes would.
func randomString(r *rand.Rand, tokens []string, n int) string {
	var b strings.Builder
	for range n {
		b.WriteString(tokens[r.IntN(len(tokens))])
	}
	return b.String()
}

// TestSchemaLeafRulesMatchParser compares the schema's patterns with the parser's own checks
// on many generated values, so a pattern that is too strict (an editor flagging a valid
// workflow) or, where the rule can be stated exactly, too loose, fails here.
func TestSchemaLeafRulesMatchParser(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const samples = 20000

	t.Run("text", func(t *testing.T) {
		a := agreement{t, compileSchema(t, "/$defs/text"), "text"}
		tokens := []string{"$", "{", "}", "${{", "}}", " ", "params", "matrix", ".", "x", "_1", "${{ params.x }}", "${{matrix.y}}", "\n"}
		for range samples {
			s := randomString(r, tokens, r.IntN(8))
			_, err := parseText(s, Pos{})
			a.check(s, err, true)
		}
	})
	t.Run("duration", func(t *testing.T) {
		a := agreement{t, compileSchema(t, "/$defs/duration"), "duration"}
		tokens := []string{"0", "1", "2", "9", "d", "h", "m", "s", " ", "x", "."}
		for range samples {
			s := randomString(r, tokens, r.IntN(7))
			_, err := ParseDuration(s)
			// The 366-day cap is arithmetic a pattern cannot do.
			exact := err == nil || !strings.Contains(err.Error(), "long")
			a.check(s, err, exact)
		}
	})
	t.Run("memory", func(t *testing.T) {
		a := agreement{t, compileSchema(t, "/$defs/memory"), "memory"}
		tokens := []string{"0", "1", "5", ".", "K", "m", "G", "t", "i", "B", "P", " "}
		for range samples {
			s := randomString(r, tokens, r.IntN(7))
			_, err := ParseMemory(s)
			exact := err == nil || !strings.Contains(err.Error(), "larger")
			a.check(s, err, exact)
		}
	})
	t.Run("mount path", func(t *testing.T) {
		a := agreement{t, compileSchema(t, "/$defs/mountPath"), "mount path"}
		tokens := []string{"/", ".", "..", "a", "B9", "@+-_", ":", ",", " "}
		for range samples {
			s := randomString(r, tokens, r.IntN(7))
			a.check(s, checkMountPath(s), true)
		}
	})
	t.Run("relative path", func(t *testing.T) {
		a := agreement{t, compileSchema(t, "/$defs/relativePath"), "relative path"}
		tokens := []string{"/", ".", "..", "a", ".petagrid", "./", "../", "\t"}
		for range samples {
			s := randomString(r, tokens, r.IntN(7))
			// Paths that climb back out of .. need path.Clean; the schema catches the plain cases.
			a.check(s, checkPath(s, false), false)
		}
		for _, s := range []string{"", "/abs", "..", "../x", "./../x", ".//..", ".petagrid", "./.petagrid/", ".petagrid/x/./y", "a\x01", "a\u0085", "a\u009b", "a\u202eb", "a\u2028", "a\ufeff", "日本/ü"} {
			a.check(s, checkPath(s, false), true)
		}
	})
	t.Run("workdir", func(t *testing.T) {
		a := agreement{t, compileSchema(t, "/$defs/run/properties/workdir"), "workdir"}
		tokens := []string{"/", ".", "..", "a", ".petagrid", "./", "../", " "}
		for range samples {
			s := randomString(r, tokens, r.IntN(7))
			a.check(s, checkPath(s, true), false)
		}
		for _, s := range []string{"/", "/a/b", "/a/", "/a//b", "/a/./b", "/a/../b", "/..", "."} {
			a.check(s, checkPath(s, true), true)
		}
	})
	t.Run("image", func(t *testing.T) {
		a := agreement{t, compileSchema(t, "/$defs/run/properties/image"), "image"}
		for _, s := range []string{
			"docker://alpine", "docker://alpine:3.20", "docker://ghcr.io:443/a/b-c:v1", "docker://Alpine",
			"docker://alpine@sha256:" + strings.Repeat("0", 64), "docker://", "alpine", "/a/b.sif", "/a/b.sif/",
			"/a/../b.sif", "/a b.sif", "/.sif", "/a/b.SIF", "oras://x/y", "/", "/images/tool", "/images/tool.tar.gz",
			"/images/tool/", "/images/a:b",
		} {
			a.check(s, checkImage(s), true)
		}
	})
	t.Run("url", func(t *testing.T) {
		a := agreement{t, compileSchema(t, "/$defs/url"), "url"}
		tokens := []string{"http", "s", "://", "HTTP", "a.example", ":8080", "/", "?q=1", "#f", "@", "u:p", " ", "\x7f"}
		for range samples {
			s := randomString(r, tokens, r.IntN(6))
			a.check(s, checkURL(s), false)
		}
		for _, s := range []string{"https://a.example/x", "HTTPS://a.example", "ftp://a.example/", "https://u@a.example/", "https://a.example/x y", "https:///x", "https://a.example?x@y", "https://a.example/\u202ex", "https://a.example/\u0085", "https://a\u200b.example/", "https://a.example/日本"} {
			a.check(s, checkURL(s), true)
		}
	})
	t.Run("env name", func(t *testing.T) {
		a := agreement{t, compileSchema(t, "/$defs/envName"), "env name"}
		for _, base := range append(slices.Clone(reservedEnvPrefixes), reservedEnvNames...) {
			for _, s := range []string{base, strings.ToLower(base), base + "X", "X" + base, base[:len(base)-1], "_" + base} {
				d := &decoder{file: "test"}
				var err error
				if !d.envName(&yaml.Node{}, s) {
					err = d.errs
				}
				a.check(s, err, true)
			}
		}
		for _, s := range []string{"A", "_", "a1", "1a", "A-B", "", strings.Repeat("A", 128), strings.Repeat("A", 129)} {
			d := &decoder{file: "test"}
			var err error
			if !d.envName(&yaml.Node{}, s) {
				err = d.errs
			}
			a.check(s, err, true)
		}
	})
	t.Run("if", func(t *testing.T) {
		a := agreement{t, compileSchema(t, "/$defs/step/properties/if"), "if"}
		tokens := []string{"success", "failure", "always", "(", ")", " ", "\t", "x"}
		for range samples / 10 {
			s := randomString(r, tokens, r.IntN(5))
			doc := fmt.Sprintf("version: 1\nname: w\nsteps:\n  - name: a\n    run: {command: [x]}\n  - name: b\n    needs: a\n    if: %q\n    run: {command: [x]}\n", s)
			_, err := Parse("if.yaml", []byte(doc))
			a.check(s, err, true)
		}
	})
}

// TestSchemaVerifyMatchesParser compares the schema's verdict on verify and what it needs of
// the workflow (deterministic, outputs, no publish) with the parser's, over every combination
// of a range of values: each rule the parser enforces there can be stated exactly.
func TestSchemaVerifyMatchesParser(t *testing.T) {
	sch := compileSchema(t, "")
	// No 2.0: JSON Schema counts it as an integer, here as for every count of the schema.
	values := []string{"", "-1", "0", "1", "2", "3", "4", "5", "6", "'3'", "null"}
	deterministic := []string{"", "deterministic: true\n", "deterministic: false\n"}
	outputs := map[string]string{
		"none":    "steps:\n  - name: a\n    run: {command: [x]}\n",
		"step":    "steps:\n  - name: a\n    run: {command: [x]}\n    outputs: [{path: o}]\n",
		"finally": "steps:\n  - name: a\n    run: {command: [x]}\n    outputs: []\nfinally:\n  - name: z\n    run: {command: [x]}\n    outputs: [{path: o}]\n",
		"publish": "steps:\n  - name: a\n    run: {command: [x]}\n    outputs: [{path: o}]\nfinally:\n  - name: z\n    run: {command: [x]}\n    outputs: [{path: p, publish: 'https://a.example/p'}]\n",
	}
	for _, replicas := range values {
		for _, quorum := range values {
			var fields []string
			if replicas != "" {
				fields = append(fields, "replicas: "+replicas)
			}
			if quorum != "" {
				fields = append(fields, "quorum: "+quorum)
			}
			verify := "verify: {" + strings.Join(fields, ", ") + "}\n"
			for _, det := range deterministic {
				for name, steps := range outputs {
					doc := "version: 1\nname: w\n" + det + verify + steps
					_, parseErr := Parse("verify.yaml", []byte(doc))
					schemaErr := sch.Validate(yamlToJSON(t, []byte(doc)))
					switch {
					case parseErr == nil && schemaErr != nil:
						t.Errorf("%s, outputs %s: the parser accepts it, the schema rejects it: %v", strings.TrimSpace(det+" "+verify), name, schemaErr)
					case parseErr != nil && schemaErr == nil:
						t.Errorf("%s, outputs %s: the parser rejects it (%v), the schema accepts it", strings.TrimSpace(det+" "+verify), name, parseErr)
					}
				}
			}
		}
	}
	// Without verify, deterministic alone changes nothing the schema checks.
	for _, det := range deterministic {
		doc := "version: 1\nname: w\n" + det + outputs["publish"]
		if _, err := Parse("verify.yaml", []byte(doc)); err != nil {
			t.Errorf("%q: %v", det, err)
		}
		if err := sch.Validate(yamlToJSON(t, []byte(doc))); err != nil {
			t.Errorf("%q: the schema rejects it: %v", det, err)
		}
	}
}
