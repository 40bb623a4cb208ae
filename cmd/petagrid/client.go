package main

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
	"unicode/utf8"

	"github.com/urfave/cli/v2"
	"golang.org/x/sys/unix"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/internal/poll"
	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/internal/strictyaml"
	"github.com/petagrid/petagrid/internal/tofu"
	"github.com/petagrid/petagrid/site/client"
	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/site/siteapi"
	"github.com/petagrid/petagrid/tokenomics"
	"github.com/petagrid/petagrid/workflows"
)

// The commands here talk to a site daemon through its API (package site/client): over its
// unix socket on the site's own hosts, or signed with the researcher's key over HTTP(S).

const minPoll = 100 * time.Millisecond

var idempotencyKeyPattern = regexp.MustCompile(`^[A-Za-z0-9._:-]{1,128}$`)

// siteFlags are the options of every command that talks to a site.
func siteFlags(withOutput bool) []cli.Flag {
	flags := []cli.Flag{
		&cli.StringFlag{Name: "site", Value: client.DefaultTarget, Usage: "the site daemon, `TARGET` unix:///path/to.sock or http(s)://host:port (signed with --key); when not given, the config file's site.api.socket if set", EnvVars: []string{"PETAGRID_SITE"}},
		&cli.StringFlag{Name: "gateway", Usage: "a grid gateway `URL` http(s)://host:port instead of a site: the gateway places the workflow on a site and relays its states and logs", EnvVars: []string{"PETAGRID_GATEWAY"}},
		&cli.StringFlag{Name: "key", Usage: "key `FILE` that signs requests to an http(s) site (default: $PETAGRID_KEY, else <user config dir>/petagrid/key); not read for a unix socket", EnvVars: []string{reqsign.KeyEnv}},
		&cli.StringFlag{Name: "audience", Usage: "the site's name, to sign for it without taking the name the site announces (guards against a server posing as another site)", EnvVars: []string{"PETAGRID_SITE_AUDIENCE"}},
		&cli.StringFlag{Name: "known-sites", Usage: "`FILE` remembering each http(s) site's name from the first contact, like ssh's known_hosts (default: $PETAGRID_KNOWN_SITES, else <user config dir>/petagrid/known_sites.json)"},
		&cli.DurationFlag{Name: "timeout", Value: time.Minute, Usage: "give up on the site after this long (0: never)"},
	}
	if withOutput {
		flags = append(flags, &cli.StringFlag{Name: "output", Aliases: []string{"o"}, Value: "table", Usage: "table or json"})
	}
	return flags
}

func watchFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "watch", Aliases: []string{"w"}, Usage: "show the run's steps live until it ends; exit 1 unless it completed"},
		&cli.DurationFlag{Name: "poll", Value: 2 * time.Second, Usage: "how often --watch asks the site"},
	}
}

// siteClient builds the printer and the client from the flags. Command-line mistakes are
// found before anything is read or contacted.
func (e *env) siteClient(c *cli.Context) (*client.Client, *printer, error) {
	if err := checkPoll(c); err != nil {
		return nil, nil, err
	}
	out, err := newPrinter(e.stdout, c.String("output"))
	if err != nil {
		return nil, nil, err
	}
	if c.Duration("timeout") < 0 {
		return nil, nil, usagef("--timeout must not be negative")
	}
	target, err := e.siteTarget(c)
	if err != nil {
		return nil, nil, err
	}
	u, err := url.Parse(target)
	if err != nil {
		return nil, nil, usagef("--site %q: use unix:///path/to.sock, http://host:port or https://host:port", target)
	}
	var key *ecdsa.PrivateKey
	if u.Scheme == "http" || u.Scheme == "https" {
		if key, err = loadKeyFlag(c, "an http(s) site needs a key: create one with `petagrid keys new` and send its address to the site's admins"); err != nil {
			return nil, nil, err
		}
	}
	// A signed site is signed for the name it gave at first contact (or --audience): a
	// server that later poses as another site gets no signature valid there.
	audience := c.String("audience")
	var pin *tofu.Pin
	knownSites := c.String("known-sites")
	if key != nil && audience == "" {
		if knownSites == "" {
			if knownSites, err = client.DefaultKnownSitesPath(); err != nil {
				return nil, nil, err
			}
		}
		if pin, err = tofu.Lookup(client.KnownSites{Path: knownSites}, target); err != nil {
			return nil, nil, err
		}
		audience = pin.Name()
	}
	var server []client.Option
	if c.String("gateway") != "" {
		server = append(server, client.WithServerName("gateway"))
	}
	cl, err := e.newSiteClient(target, key, audience, server...)
	if err != nil {
		return nil, nil, usageError{fmt.Errorf("--site: %w", err)}
	}
	if pin != nil && pin.FirstContact() {
		ctx, cancel := callCtx(c, c.Context)
		name, err := pin.Learn(ctx, func(ctx context.Context) (string, error) {
			info, err := cl.Info(ctx)
			return info.Audience, err
		})
		cancel()
		if err != nil {
			return nil, nil, siteErr(c, err)
		}
		fmt.Fprintf(e.stderr, "first contact with %s: it calls itself %q; remembered in %s, and requests to it are signed for that name only\n", target, name, knownSites)
		cl.Close()
		if cl, err = e.newSiteClient(target, key, name, server...); err != nil {
			return nil, nil, err
		}
	}
	return cl, out, nil
}

// siteTarget is the site or gateway to talk to: --gateway, --site, or the config file's
// socket.
func (e *env) siteTarget(c *cli.Context) (string, error) {
	target := c.String("site")
	if !c.IsSet("site") {
		if s := e.config.Site.API.Socket; s != "" && s != "-" {
			target = "unix://" + s
		}
	}
	if g := c.String("gateway"); g != "" {
		if c.IsSet("site") {
			return "", usagef("give --site or --gateway, not both")
		}
		if !strings.HasPrefix(g, "http://") && !strings.HasPrefix(g, "https://") {
			return "", usagef("--gateway %q: use http://host:port or https://host:port", g)
		}
		target = g
	}
	return target, nil
}

func (e *env) newSiteClient(target string, key *ecdsa.PrivateKey, audience string, extra ...client.Option) (*client.Client, error) {
	return client.New(target, key, append([]client.Option{
		client.WithUserAgent("petagrid/" + version),
		client.WithAudience(audience),
		client.WithRetryNotify(func(attempt int, err error, wait time.Duration) {
			if attempt == 1 {
				e.log.Warnf("%v; retrying", err)
				return
			}
			e.log.WithField("attempt", attempt).Debugf("%v; retrying in %s", err, wait.Round(time.Millisecond))
		})}, extra...)...)
}

// callCtx bounds one call to the site by --timeout.
func callCtx(c *cli.Context, ctx context.Context) (context.Context, context.CancelFunc) {
	if d := c.Duration("timeout"); d > 0 {
		return context.WithTimeout(ctx, d)
	}
	return context.WithCancel(ctx)
}

// siteErr says which limit was hit when a call ran out of time.
func siteErr(c *cli.Context, err error) error {
	if errors.Is(err, context.DeadlineExceeded) && c.Context.Err() == nil {
		return fmt.Errorf("no answer from the site within --timeout %s", c.Duration("timeout"))
	}
	return err
}

// runID reads the single ID argument.
func runIDArg(c *cli.Context) (string, error) {
	if c.NArg() != 1 {
		return "", usagef("%s needs exactly one run ID", c.Command.Name)
	}
	id := c.Args().First()
	if id == "" {
		return "", usagef("the run ID is empty")
	}
	return id, nil
}

// checkPoll bounds --poll of the commands with --watch (the others have no --watch).
func checkPoll(c *cli.Context) error {
	if c.Bool("watch") && c.Duration("poll") < minPoll {
		return usagef("--poll must be at least %s", minPoll)
	}
	return nil
}

func submitSiteCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "submit",
		Usage:     "submit a workflow to the site daemon; it is checked completely before it is accepted",
		ArgsUsage: "FILE (- for stdin)",
		Flags: append(append([]cli.Flag{
			paramsFlag(),
			&cli.StringFlag{Name: "idempotency-key", Usage: "submitting again with the same `KEY` returns the first run instead of a new one (default: a random key, reused on automatic retries)"},
			&cli.StringFlag{Name: "max-cost", Usage: "with --gateway: the most the job may cost, in `DPS`, locked in escrow before the submission (the unused part is refunded when the job ends)"},
		}, watchFlags()...), siteFlags(true)...),
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usagef("submit needs exactly one workflow FILE (- for stdin)")
			}
			params, err := parseParams(c.StringSlice("param"))
			if err != nil {
				return err
			}
			ikey := c.String("idempotency-key")
			if ikey != "" && !idempotencyKeyPattern.MatchString(ikey) {
				return usagef("--idempotency-key: 1-128 characters from A-Z a-z 0-9 . _ : -")
			}
			cl, out, err := e.siteClient(c)
			if err != nil {
				return err
			}
			defer cl.Close()
			source, name, err := readWorkflowSource(c.Args().First())
			if err != nil {
				return err
			}
			if len(params) == 0 {
				params = nil
			}
			ctx, cancel := callCtx(c, c.Context)
			var view siteapi.RunView
			var created bool
			if c.String("gateway") != "" {
				view, created, err = e.submitToGateway(c, ctx, cl.PinnedAudience(), gatewayapi.SubmitRequest{Workflow: string(source), FileName: name, Params: params, IdempotencyKey: ikey})
			} else if c.IsSet("max-cost") {
				err = usagef("--max-cost is for --gateway: a site takes no budget")
			} else {
				view, created, err = cl.Submit(ctx, siteapi.SubmitRequest{Workflow: string(source), FileName: name, Params: params, IdempotencyKey: ikey})
			}
			cancel()
			if err != nil {
				var apiErr *client.APIError
				if errors.As(err, &apiErr) && apiErr.Status == 422 {
					// The workflow's own errors, one file:line:col line each, for editors.
					if len(apiErr.Details) == 0 {
						fmt.Fprintln(e.stderr, apiErr.Message)
					}
					for _, d := range apiErr.Details {
						fmt.Fprintln(e.stderr, d)
					}
					return errReported
				}
				return siteErr(c, err)
			}
			if !created {
				fmt.Fprintf(e.stderr, "run %s was submitted before with this idempotency key; not submitted again\n", cell(view.ID))
			}
			if c.Bool("watch") {
				if !out.json {
					if err := runSummary(out, view); err != nil {
						return err
					}
					fmt.Fprintln(e.stdout)
				}
				return e.watch(c, cl, out, view.ID)
			}
			if out.json {
				return out.encode(view)
			}
			return runSummary(out, view)
		},
	}
}

// readWorkflowSource reads a workflow for submission with the limits readWorkflow applies;
// "-" is stdin. The name is the file's base name as the site accepts it.
func readWorkflowSource(file string) ([]byte, string, error) {
	var data []byte
	name := "stdin.yaml"
	if file == "-" {
		var err error
		data, err = io.ReadAll(io.LimitReader(os.Stdin, workflows.MaxWorkflowBytes+1))
		if err != nil {
			return nil, "", fmt.Errorf("reading the workflow from stdin: %w", err)
		}
		if len(data) > workflows.MaxWorkflowBytes {
			return nil, "", strictyaml.Errors{{File: name, Msg: fmt.Sprintf("workflow is larger than the limit of %d bytes", workflows.MaxWorkflowBytes)}}
		}
	} else {
		info, err := os.Stat(file)
		if err != nil {
			return nil, "", err
		}
		if info.Size() > workflows.MaxWorkflowBytes {
			return nil, "", strictyaml.Errors{{File: file, Msg: fmt.Sprintf("workflow is %d bytes; the limit is %d", info.Size(), workflows.MaxWorkflowBytes)}}
		}
		if data, err = os.ReadFile(file); err != nil {
			return nil, "", err
		}
		name = filepath.Base(file)
	}
	if !utf8.Valid(data) {
		return nil, "", fmt.Errorf("%s is not UTF-8 text", file)
	}
	return data, siteFileName(name), nil
}

// siteFileName makes a base name the site accepts (letters, digits, . _ @ + -, at most 128).
func siteFileName(name string) string {
	b := []byte(name)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("._@+-", c) >= 0) {
			b[i] = '_'
		}
	}
	if len(b) > 128 {
		b = b[len(b)-128:]
	}
	if len(b) == 0 || string(b) == "." || string(b) == ".." {
		return "workflow.yaml"
	}
	return string(b)
}

func jobsSiteCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "jobs",
		Usage: "list your runs at the site, newest first",
		Flags: append([]cli.Flag{
			&cli.StringSliceFlag{Name: "state", Usage: "only runs in this `STATE` (repeat or comma-separate: accepted, running, completed, failed, …)"},
			&cli.IntFlag{Name: "limit", Usage: "at most `N` runs (default: the site's, 100)"},
			&cli.BoolFlag{Name: "all", Usage: "everyone's runs (site admins on the socket)"},
			&cli.BoolFlag{Name: "wait", Usage: "wait until every listed run has ended, printing a progress line when the counts change, then list them; exit 1 unless all completed"},
			&cli.DurationFlag{Name: "poll", Value: 2 * time.Second, Usage: "how often --wait asks"},
		}, siteFlags(true)...),
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usagef("jobs takes no arguments (filter with --state)")
			}
			if n := c.Int("limit"); n < 0 || n > 10000 {
				return usagef("--limit must be from 1 to 10000")
			}
			if c.Bool("wait") && len(c.StringSlice("state")) > 0 {
				// A state filter would drop runs from the listing as they end: the wait
				// would end on an empty list rather than on finished runs.
				return usagef("--wait cannot be combined with --state")
			}
			if c.Duration("poll") < 100*time.Millisecond {
				return usagef("--poll must be at least 100ms")
			}
			var states []string
			for _, v := range c.StringSlice("state") {
				for _, s := range strings.Split(v, ",") {
					if s = strings.TrimSpace(s); s != "" {
						states = append(states, s)
					}
				}
			}
			cl, out, err := e.siteClient(c)
			if err != nil {
				return err
			}
			defer cl.Close()
			opts := client.ListOptions{States: states, Limit: c.Int("limit"), All: c.Bool("all")}
			var runs []siteapi.Run
			if c.Bool("wait") {
				runs, err = e.waitForRuns(c, cl, opts)
			} else {
				ctx, cancel := callCtx(c, c.Context)
				runs, err = cl.List(ctx, opts)
				cancel()
			}
			if err != nil {
				return siteErr(c, err)
			}
			if out.json {
				err = out.encode(runs)
			} else {
				rows := make([][]string, 0, len(runs))
				for _, r := range runs {
					rows = append(rows, []string{r.ID, r.Workflow, runState(r), stepsDone(r), utcTime(r.CreatedAt), truncateText(r.Error, 60)})
				}
				err = out.table([]string{"ID", "WORKFLOW", "STATE", "STEPS", "CREATED", "ERROR"}, rows)
			}
			if err != nil || !c.Bool("wait") {
				return err
			}
			for _, r := range runs {
				if outcome(r) != runstate.Completed {
					return errReported
				}
			}
			return nil
		},
	}
}

// waitForRuns lists the runs every --poll until none is unfinished, and prints a progress
// line to stderr whenever the count per state changes.
func (e *env) waitForRuns(c *cli.Context, cl *client.Client, opts client.ListOptions) ([]siteapi.Run, error) {
	started := time.Now()
	lastProgress := ""
	var runs []siteapi.Run
	err := e.pollSite(c, "listing the runs failed; retrying", func(ctx context.Context) (bool, error) {
		var err error
		if runs, err = cl.List(ctx, opts); err != nil {
			return false, err
		}
		progress, unfinished := runProgress(runs)
		if progress != lastProgress {
			fmt.Fprintf(e.stderr, "%6s  %s\n", time.Since(started).Round(time.Second), progress)
			lastProgress = progress
		}
		return unfinished == 0, nil
	})
	if err != nil && (errors.Is(err, poll.ErrStopped) || c.Context.Err() != nil) {
		return nil, stoppedWaiting(e)
	}
	return runs, err
}

// pollSite calls the site every --poll, each call bounded by --timeout, until call reports
// done. A call that fails in transport or runs out of time is retried up to five times in a
// row, with a warning, since the site or gateway may be restarting.
func (e *env) pollSite(c *cli.Context, warning string, call func(context.Context) (bool, error)) error {
	retry := poll.Retry{
		Limit: 5,
		Retryable: func(err error) bool {
			var te *client.TransportError
			return errors.As(err, &te) || errors.Is(err, context.DeadlineExceeded)
		},
		Notify: func(err error) { e.log.WithError(err).Warn(warning) },
	}
	return poll.Until(c.Context, c.Duration("poll"), retry, func(ctx context.Context) (bool, error) {
		ctx, cancel := callCtx(c, ctx)
		defer cancel()
		return call(ctx)
	})
}

// stoppedWaiting says that Ctrl-C stopped the wait, not the runs.
func stoppedWaiting(e *env) error {
	fmt.Fprintln(e.stderr, "\nstopped waiting; the runs go on (see `petagrid jobs`)")
	return errReported
}

// runProgress counts runs per state ("3 runs: 1 running, 2 completed"), in a fixed order.
func runProgress(runs []siteapi.Run) (string, int) {
	counts := map[string]int{}
	unfinished := 0
	for _, r := range runs {
		counts[runState(r)]++
		if !r.State.Terminal() {
			unfinished++
		}
	}
	parts := make([]string, 0, len(counts))
	for _, name := range slices.Sorted(maps.Keys(counts)) {
		parts = append(parts, fmt.Sprintf("%d %s", counts[name], cell(name)))
	}
	noun := "runs"
	if len(runs) == 1 {
		noun = "run"
	}
	if len(parts) == 0 {
		return "no runs", 0
	}
	return fmt.Sprintf("%d %s: %s", len(runs), noun, strings.Join(parts, ", ")), unfinished
}

func statusSiteCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "status",
		Usage:     "show a run and its steps",
		ArgsUsage: "ID",
		Flags: append(append([]cli.Flag{
			&cli.BoolFlag{Name: "history", Usage: "also list every state transition"},
		}, watchFlags()...), siteFlags(true)...),
		Action: func(c *cli.Context) error {
			return e.withRun(c, func(cl *client.Client, out *printer, id string) error {
				if c.Bool("watch") {
					return e.watch(c, cl, out, id)
				}
				return showRun(c, out, func(ctx context.Context) (siteapi.RunView, error) { return cl.Get(ctx, id, c.Bool("history")) },
					func(view siteapi.RunView) error { return printRun(e, out, view) })
			})
		},
	}
}

func logsSiteCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "logs",
		Usage:     "print a run's logs (each line prefixed with its step unless one step's one stream is asked for)",
		ArgsUsage: "ID",
		Flags: append([]cli.Flag{
			&cli.BoolFlag{Name: "follow", Aliases: []string{"f"}, Usage: "keep printing as the logs grow, until the run ends (Ctrl-C stops)"},
			&cli.StringFlag{Name: "step", Usage: "only this `STEP`"},
			&cli.IntFlag{Name: "task", Value: -1, DefaultText: "all", Usage: "only this array task `N`"},
			&cli.StringFlag{Name: "stream", Value: "both", Usage: "stdout, stderr or both"},
		}, siteFlags(false)...),
		Action: func(c *cli.Context) error {
			id, err := runIDArg(c)
			if err != nil {
				return err
			}
			switch c.String("stream") {
			case "stdout", "stderr", "both":
			default:
				return usagef("--stream must be stdout, stderr or both, not %q", c.String("stream"))
			}
			if c.Int("task") < -1 {
				return usagef("--task must be an array task index (0, 1, …)")
			}
			cl, _, err := e.siteClient(c)
			if err != nil {
				return err
			}
			defer cl.Close()
			var ctx context.Context
			var cancel context.CancelFunc
			if c.Bool("follow") {
				ctx, cancel = context.WithCancel(c.Context) // --timeout is for calls that end
			} else {
				ctx, cancel = callCtx(c, c.Context)
			}
			defer cancel()
			err = cl.Logs(ctx, id, client.LogOptions{Step: c.String("step"), Task: c.Int("task"), Stream: c.String("stream"), Follow: c.Bool("follow")}, e.stdout)
			if err != nil && c.Context.Err() != nil {
				return nil // Ctrl-C: the user has seen enough
			}
			return siteErr(c, err)
		},
	}
}

func cancelSiteCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "cancel",
		Usage:     "cancel a run: its jobs that have not ended are cancelled in Slurm",
		ArgsUsage: "ID",
		Flags:     siteFlags(true),
		Action: func(c *cli.Context) error {
			return e.withRun(c, func(cl *client.Client, out *printer, id string) error {
				return showRun(c, out, func(ctx context.Context) (siteapi.RunView, error) { return cl.Cancel(ctx, id) },
					func(view siteapi.RunView) error { return runSummary(out, view) })
			})
		},
	}
}

// withRun is what the commands about one run share: the run ID argument, then the client.
func (e *env) withRun(c *cli.Context, act func(cl *client.Client, out *printer, id string) error) error {
	id, err := runIDArg(c)
	if err != nil {
		return err
	}
	cl, out, err := e.siteClient(c)
	if err != nil {
		return err
	}
	defer cl.Close()
	return act(cl, out, id)
}

// showRun makes one call about a run, bounded by --timeout, and prints the run it answers:
// as JSON with -o json, else with table.
func showRun(c *cli.Context, out *printer, call func(context.Context) (siteapi.RunView, error), table func(siteapi.RunView) error) error {
	ctx, cancel := callCtx(c, c.Context)
	defer cancel()
	view, err := call(ctx)
	if err != nil {
		return siteErr(c, err)
	}
	if out.json {
		return out.encode(view)
	}
	return table(view)
}

// runSummary is the short table submit and cancel print.
func runSummary(out *printer, view siteapi.RunView) error {
	return out.table([]string{"ID", "WORKFLOW", "STATE"}, [][]string{{view.ID, view.Workflow, runState(view.Run)}})
}

// runState is the state as people read it: the outcome of a reported run, a pending cancel.
func runState(r siteapi.Run) string {
	s := string(r.State)
	if r.State == runstate.Reported && r.Outcome != "" {
		s = string(r.Outcome) + " (reported)"
	}
	if r.CancelRequested && !r.State.Terminal() {
		s += " (cancelling)"
	}
	return s
}

// outcome is how a terminal run ended.
func outcome(r siteapi.Run) runstate.State {
	if r.State == runstate.Reported {
		return r.Outcome
	}
	return r.State
}

func stepsDone(r siteapi.Run) string {
	done := 0
	for _, s := range r.Steps {
		if s.State.Terminal() {
			done++
		}
	}
	return fmt.Sprintf("%d/%d", done, len(r.Steps))
}

func utcTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

func utcTimePtr(t *time.Time) string {
	if t == nil {
		return ""
	}
	return utcTime(*t)
}

// truncateText shortens s to n characters, "…" included. It counts characters, not bytes as
// sanitize.Clip does, because its result fills a column or a line on a terminal.
func truncateText(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

func stepRows(steps []siteapi.Step) [][]string {
	rows := make([][]string, 0, len(steps))
	for _, s := range steps {
		job := ""
		if s.JobID != 0 {
			job = strconv.FormatUint(uint64(s.JobID), 10)
		}
		exit := ""
		if s.ExitCode != nil {
			exit = strconv.Itoa(*s.ExitCode)
		}
		if s.ExitSignal != nil && *s.ExitSignal != 0 {
			exit += fmt.Sprintf(" (signal %d)", *s.ExitSignal)
		}
		name := s.Name
		if s.ArraySize > 0 {
			name += fmt.Sprintf(" [%d tasks]", s.ArraySize)
		}
		rows = append(rows, []string{name, job, string(s.State), strings.TrimSpace(exit), s.Reason})
	}
	return rows
}

var stepHeader = []string{"STEP", "JOB", "STATE", "EXIT", "REASON"}

// printRun is status's table output: the run's fields, its steps, and its history if asked.
func printRun(e *env, out *printer, view siteapi.RunView) error {
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	field := func(name, value string) {
		if value != "" {
			fmt.Fprintf(tw, "%s:\t%s\n", name, cell(value))
		}
	}
	r := view.Run
	field("ID", r.ID)
	field("Workflow", r.Workflow)
	field("State", runState(r))
	field("Researcher", r.Researcher)
	field("Local user", r.LocalUser)
	field("Source", r.SourceName)
	params := make([]string, 0, len(r.Params))
	for k, v := range r.Params {
		params = append(params, k+"="+strconv.Quote(v))
	}
	sort.Strings(params)
	field("Params", strings.Join(params, " "))
	field("Idempotency key", r.IdempotencyKey)
	field("Workspace", r.Workspace)
	field("Created", utcTime(r.CreatedAt))
	field("Submitted", utcTimePtr(r.SubmittedAt))
	field("Ended", utcTimePtr(r.EndedAt))
	field("Error", r.Error)
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(r.Steps) > 0 {
		fmt.Fprintln(e.stdout)
		if err := out.table(stepHeader, stepRows(r.Steps)); err != nil {
			return err
		}
	}
	if g := view.ReplicaGroup; g != nil {
		fmt.Fprintln(e.stdout)
		if err := printReplicaGroup(e, out, g); err != nil {
			return err
		}
	}
	for i := range view.Auctions {
		fmt.Fprintln(e.stdout)
		if err := printAuction(e, out, &view.Auctions[i]); err != nil {
			return err
		}
	}
	if len(view.History) > 0 {
		fmt.Fprintln(e.stdout)
		rows := make([][]string, 0, len(view.History))
		for _, t := range view.History {
			rows = append(rows, []string{utcTime(t.At), t.Step, t.From, t.To, t.Detail})
		}
		return out.table([]string{"AT", "STEP", "FROM", "TO", "DETAIL"}, rows)
	}
	return nil
}

// printReplicaGroup prints a replicated job's vote: the group's outcome, then each replica.
func printReplicaGroup(e *env, out *printer, g *siteapi.ReplicaGroup) error {
	outcome := g.State
	switch g.State {
	case gatewayapi.GroupVoting:
		outcome = "voting (decided once every replica has ended)"
	case gatewayapi.GroupAgreed:
		outcome = "agreed on outputs " + g.OutputsSHA256
	case gatewayapi.GroupNoQuorum:
		outcome = "no quorum: no outputs were reported by enough replicas; nobody is slashed"
	}
	reruns := ""
	if g.Reruns > 0 {
		used := 0
		for _, m := range g.Members {
			if m.Replaces != "" {
				used++
			}
		}
		reruns = fmt.Sprintf(", %d of %d reruns used", used, g.Reruns)
	}
	fmt.Fprintf(e.stdout, "Replicas: %d, quorum %d%s, %s\n", g.Replicas, g.Quorum, reruns, cell(outcome))
	if g.CostWei != "" {
		cost := g.CostWei
		if v, err := protocol.ParseWei(g.CostWei); err == nil {
			cost = tokenomics.FormatAmount(v) + " DPS"
		}
		fmt.Fprintf(e.stdout, "Settled for: %s (every replica)\n", cell(cost))
	}
	rows := make([][]string, 0, len(g.Members))
	for _, m := range g.Members {
		slash := m.Slash
		if m.SlashedWei != "" {
			if v, err := protocol.ParseWei(m.SlashedWei); err == nil {
				slash += " " + tokenomics.FormatAmount(v) + " DPS"
			}
		}
		outputs := m.OutputsSHA256
		if len(outputs) > 16 {
			outputs = outputs[:16] + "…"
		}
		rows = append(rows, []string{m.Job, strconv.Itoa(m.Index), m.Replaces, m.Site, m.State, outputs, m.Vote, slash})
	}
	return out.table([]string{"REPLICA", "#", "RERUN OF", "SITE", "STATE", "OUTPUTS", "VOTE", "SLASH"}, rows)
}

// printAuction prints a job's sealed-bid auction: its outcome and windows, then each invited
// site's part (no price shows before the decision: the gateway shows none).
func printAuction(e *env, out *printer, a *siteapi.Auction) error {
	dps := func(wei string) string {
		if v, err := protocol.ParseWei(wei); err == nil {
			return tokenomics.FormatAmount(v)
		}
		return wei
	}
	outcome := a.State
	switch a.State {
	case gatewayapi.AuctionOpen:
		outcome = "open: commitments until " + utcTime(a.CommitBy) + ", reveals until " + utcTime(a.RevealBy)
	case gatewayapi.AuctionDecided:
		outcome = fmt.Sprintf("%s won at %s DPS a Compute Hour", a.Winner, dps(a.PriceWei))
	case gatewayapi.AuctionFailed:
		outcome = "failed: " + a.Note
	}
	fmt.Fprintf(e.stdout, "Auction %s (opened %s): %s\n", cell(a.ID), utcTime(a.OpenedAt), cell(outcome))
	rows := make([][]string, 0, len(a.Bids))
	for _, b := range a.Bids {
		state := "invited"
		switch {
		case b.RevealedAt != nil:
			state = "revealed"
		case b.CommittedAt != nil:
			state = "committed"
		case b.DeclinedAt != nil:
			state = "declined"
		}
		price := ""
		if b.PriceWei != "" {
			price = dps(b.PriceWei)
		}
		result := b.Outcome
		if result == "" && b.Decline != "" {
			result = "declined: " + b.Decline
		}
		if b.Refusal != "" {
			result = strings.TrimSpace(result + " (refused once: " + b.Refusal + ")")
		}
		challenges := fmt.Sprintf("%d/%d", b.ChallengesPassed, b.ChallengesPassed+b.ChallengesFailed)
		rows = append(rows, []string{b.Site, fmt.Sprintf("%.3f", float64(b.WorstCaseComputeHoursMilli)/1000), challenges, state, price, result})
	}
	return out.table([]string{"SITE", "WORST CASE CH", "CHALLENGES PASSED", "BID", "DPS/CH", "OUTCOME"}, rows)
}

// watchFrame is what --watch shows of a run.
func watchFrame(view siteapi.RunView) string {
	var b bytes.Buffer
	fmt.Fprintf(&b, "run %s (%s): %s\n", cell(view.ID), cell(view.Workflow), cell(runState(view.Run)))
	if view.Error != "" {
		fmt.Fprintf(&b, "error: %s\n", cell(truncateText(view.Error, 300)))
	}
	if len(view.Steps) > 0 {
		p := &printer{w: &b}
		_ = p.table(stepHeader, stepRows(view.Steps))
	}
	return b.String()
}

// watch polls the run until it ends. On a terminal the frame is redrawn in place; otherwise
// a frame is printed each time it changes. It exits 0 only when the run completed.
func (e *env) watch(c *cli.Context, cl *client.Client, out *printer, id string) error {
	tty := !out.json && isTerminal(e.stdout)
	lastFrame, lastLines := "", 0
	var view siteapi.RunView
	err := e.pollSite(c, "asking the site for the run failed; retrying", func(ctx context.Context) (bool, error) {
		var err error
		if view, err = cl.Get(ctx, id, false); err != nil {
			return false, err
		}
		if out.json {
			return view.State.Terminal(), nil
		}
		frame := watchFrame(view)
		switch {
		case tty && frame != lastFrame:
			if lastLines > 0 {
				// Cursor up over the last frame, then clear to the end of the screen.
				fmt.Fprintf(e.stdout, "\x1b[%dA\x1b[J", lastLines)
			}
			fmt.Fprint(e.stdout, frame)
			lastLines = strings.Count(frame, "\n")
		case !tty && frame != lastFrame:
			if lastFrame != "" {
				fmt.Fprintln(e.stdout)
			}
			fmt.Fprint(e.stdout, frame)
		}
		lastFrame = frame
		return view.State.Terminal(), nil
	})
	if err != nil {
		if errors.Is(err, poll.ErrStopped) || c.Context.Err() != nil {
			fmt.Fprintf(e.stderr, "\nstopped watching; run %s goes on (see `petagrid status %s`)\n", cell(id), cell(id))
			return errReported
		}
		return siteErr(c, err)
	}
	if out.json {
		if err := out.encode(view); err != nil {
			return err
		}
	}
	if outcome(view.Run) == runstate.Completed {
		return nil
	}
	return errReported
}

// isTerminal: w is a terminal that understands cursor movement.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("TERM") == "dumb" {
		return false
	}
	_, err := unix.IoctlGetTermios(int(f.Fd()), unix.TCGETS)
	return err == nil
}
