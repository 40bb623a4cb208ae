package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/petagrid/petagrid/internal/strictyaml"
	"github.com/petagrid/petagrid/workflows"
)

// workflowCommand gives researchers the offline tools: nothing here talks to Slurm.
func workflowCommand(e *env) *cli.Command {
	profileFlag := &cli.StringFlag{Name: "site-profile", Usage: "site profile (YAML) to check against; default: the built-in profile", EnvVars: []string{"PETAGRID_SITE_PROFILE"}}
	paramFlag := paramsFlag()
	return &cli.Command{
		Name:  "workflow",
		Usage: "validate and render workflow files (offline: nothing is submitted)",
		Subcommands: []*cli.Command{
			{
				Name:      "validate",
				Usage:     "check workflow files; errors as file:line:col, exit 1 on any",
				ArgsUsage: "FILE...",
				Flags: []cli.Flag{
					profileFlag, paramFlag,
					&cli.BoolFlag{Name: "site", Usage: "also check the site's rules (with --site-profile or the built-in profile) and the parameter values; implied by --site-profile and -p"},
				},
				Action: func(c *cli.Context) error {
					if c.NArg() == 0 {
						return usagef("workflow validate needs at least one FILE")
					}
					var profile *workflows.SiteProfile
					if c.Bool("site") || c.IsSet("site-profile") || c.IsSet("param") {
						p, err := loadSiteProfile(c.String("site-profile"))
						if err != nil {
							return err
						}
						profile = p
					}
					params, err := parseParams(c.StringSlice("param"))
					if err != nil {
						return err
					}
					failed := 0
					for _, file := range c.Args().Slice() {
						wf, err := readWorkflow(file)
						warnings := []string{}
						if err == nil {
							for _, w := range wf.Warnings {
								warnings = append(warnings, w.Error())
							}
						}
						if err == nil && profile != nil {
							var plan *workflows.Plan
							plan, err = workflows.Compile(wf, profile, workflows.CompileOptions{RunID: "validate", Workspace: "/validate", Params: params})
							if err == nil {
								warnings = plan.Warnings
							}
						}
						if err != nil {
							failed++
							fmt.Fprintln(e.stderr, err)
							continue
						}
						for _, w := range warnings {
							fmt.Fprintln(e.stderr, "warning: "+w)
						}
						fmt.Fprintf(e.stdout, "%s: ok (%d steps, %d finally)\n", file, len(wf.Steps), len(wf.Finally))
					}
					if failed > 0 {
						return errReported
					}
					return nil
				},
			},
			{
				Name:      "render",
				Usage:     "print the exact sbatch scripts and argv a workflow becomes (nothing is submitted)",
				ArgsUsage: "FILE",
				Flags: []cli.Flag{
					profileFlag, paramFlag,
					&cli.StringFlag{Name: "output-dir", Aliases: []string{"o"}, Usage: "write the workspace files (scripts, env files, matrix values) into `DIR`, which becomes the workspace in the scripts"},
					&cli.StringFlag{Name: "run-id", Value: "dryrun", Usage: "run id used in job names and the workspace path"},
					&cli.StringFlag{Name: "output", Value: "text", Usage: "text or json"},
				},
				Action: func(c *cli.Context) error {
					if c.NArg() != 1 {
						return usagef("workflow render needs exactly one FILE")
					}
					if f := c.String("output"); f != "text" && f != "json" {
						return usagef("--output must be text or json, got %q", f)
					}
					opts := workflows.CompileOptions{RunID: c.String("run-id")}
					if dir := c.String("output-dir"); dir != "" {
						abs, err := filepath.Abs(dir)
						if err != nil {
							return err
						}
						opts.Workspace = abs
					}
					plan, err := compileFromFlags(c, e, opts)
					if err != nil {
						return err
					}
					dir := c.String("output-dir")
					if dir != "" {
						if err := workflows.WriteFiles(plan, plan.Workspace); err != nil {
							return err
						}
					}
					if c.String("output") == "json" {
						return printPlanJSON(e, plan)
					}
					return printPlan(e, plan, dir != "")
				},
			},
			workflowRunCommand(e),
			{
				Name:  "schema",
				Usage: "print the JSON Schema of the workflow language, for editors",
				Action: func(c *cli.Context) error {
					_, err := e.stdout.Write(workflows.JSONSchema())
					return err
				},
			},
		},
	}
}

// compileFromFlags is what render and run share: the site profile, -p values, the workflow
// file and its compilation, with warnings on stderr. Errors in the file are printed as
// file:line:col lines and reported as errReported.
func compileFromFlags(c *cli.Context, e *env, opts workflows.CompileOptions) (*workflows.Plan, error) {
	profile, err := loadSiteProfile(c.String("site-profile"))
	if err != nil {
		return nil, err
	}
	if opts.Params, err = parseParams(c.StringSlice("param")); err != nil {
		return nil, err
	}
	wf, err := readWorkflow(c.Args().First())
	if err == nil {
		var plan *workflows.Plan
		if plan, err = workflows.Compile(wf, profile, opts); err == nil {
			for _, w := range plan.Warnings {
				fmt.Fprintln(e.stderr, "warning: "+w)
			}
			return plan, nil
		}
	}
	fmt.Fprintln(e.stderr, err)
	return nil, errReported
}

func readWorkflow(file string) (*workflows.Workflow, error) {
	info, err := os.Stat(file)
	if err != nil {
		return nil, err
	}
	if info.Size() > workflows.MaxWorkflowBytes {
		return nil, strictyaml.Errors{{File: file, Msg: fmt.Sprintf("workflow is %d bytes; the limit is %d", info.Size(), workflows.MaxWorkflowBytes)}}
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	return workflows.Parse(file, data)
}

func loadSiteProfile(file string) (*workflows.SiteProfile, error) {
	if file == "" {
		return workflows.DefaultProfile(), nil
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("site profile: %w", err)
	}
	return workflows.LoadProfile(file, data)
}

// paramsFlag is -p KEY=VALUE, taken verbatim: no splitting on commas, no trimming.
func paramsFlag() *cli.StringSliceFlag {
	return &cli.StringSliceFlag{Name: "param", Aliases: []string{"p"}, KeepSpace: true, Usage: "parameter value as `KEY=VALUE` (repeatable; the value is taken as written, commas and spaces included)"}
}

// parseParams reads -p KEY=VALUE; the workflow's parameter types check the values.
func parseParams(list []string) (map[string]string, error) {
	out := map[string]string{}
	for _, kv := range list {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return nil, usagef("-p %q: write KEY=VALUE", kv)
		}
		if _, dup := out[k]; dup {
			return nil, usagef("-p %s is given twice", k)
		}
		out[k] = v
	}
	return out, nil
}

// shellLine writes argv as a command line a shell reads back word for word.
func shellLine(argv []string) string {
	out := make([]string, len(argv))
	for i, a := range argv {
		q, err := workflows.ShellQuote(a)
		if err != nil {
			q = fmt.Sprintf("%q", a)
		}
		out[i] = q
	}
	return strings.Join(out, " ")
}

func printPlan(e *env, plan *workflows.Plan, written bool) error {
	w := e.stdout
	fmt.Fprintf(w, "# workflow %s, run %s, workspace %s\n", plan.Workflow, plan.RunID, plan.Workspace)
	keys := make([]string, 0, len(plan.Params))
	for k := range plan.Params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(w, "# param %s=%s\n", k, strconv.Quote(plan.Params[k]))
	}
	for _, job := range plan.Jobs {
		req := job.Request
		req.Dependency = workflows.SymbolicDependency(job.After)
		fmt.Fprintf(w, "\n# ---- step %s", job.Step)
		if job.ArraySize > 0 {
			fmt.Fprintf(w, " (array of %d)", job.ArraySize)
		}
		fmt.Fprintf(w, " ----\n# submit: %s < %s\n", shellLine(append([]string{"sbatch"}, req.Argv()...)), filepath.Join(plan.Workspace, job.ScriptFile))
		if !written {
			w.Write(req.Script)
		}
	}
	if written {
		fmt.Fprintf(w, "\n# %d files written under %s\n", len(plan.Files), filepath.Join(plan.Workspace, workflows.MetaDir))
	}
	return nil
}

type planJSON struct {
	Workflow  string            `json:"workflow"`
	RunID     string            `json:"runId"`
	Workspace string            `json:"workspace"`
	Params    map[string]string `json:"params"`
	Jobs      []jobJSON         `json:"jobs"`
	Warnings  []string          `json:"warnings"`
}

type jobJSON struct {
	Step       string   `json:"step"`
	Finally    bool     `json:"finally,omitempty"`
	ArraySize  int      `json:"arraySize,omitempty"`
	Dependency string   `json:"dependency,omitempty"`
	Argv       []string `json:"sbatchArgv"`
	ScriptFile string   `json:"scriptFile"`
	Script     string   `json:"script"`
	Stdout     string   `json:"stdout"`
	Stderr     string   `json:"stderr"`
}

func printPlanJSON(e *env, plan *workflows.Plan) error {
	out := planJSON{Workflow: plan.Workflow, RunID: plan.RunID, Workspace: plan.Workspace, Params: plan.Params, Warnings: plan.Warnings}
	if out.Warnings == nil {
		out.Warnings = []string{}
	}
	for _, job := range plan.Jobs {
		req := job.Request
		req.Dependency = workflows.SymbolicDependency(job.After)
		out.Jobs = append(out.Jobs, jobJSON{Step: job.Step, Finally: job.Finally, ArraySize: job.ArraySize, Dependency: req.Dependency,
			Argv: append([]string{"sbatch"}, req.Argv()...), ScriptFile: job.ScriptFile, Script: string(req.Script), Stdout: job.Stdout, Stderr: job.Stderr})
	}
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		return errors.Join(errors.New("writing the plan"), err)
	}
	return nil
}
