package gatewaylink

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/petagrid/petagrid/accounting"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/site"
	"github.com/petagrid/petagrid/site/journal"
	"github.com/petagrid/petagrid/site/pocpreport"
	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/site/siteapi"
)

const (
	jobA = "r-aaaaaaaaaaaaaaaa"
	jobB = "r-bbbbbbbbbbbbbbbb"
	jobC = "r-cccccccccccccccc"
	jobD = "r-dddddddddddddddd"
	jobZ = "r-zzzzzzzzzzzzzzzz"
)

const goodWorkflow = "version: 1\nname: hello\nparams:\n  n: {type: int, default: 0}\nsteps:\n  - name: a\n    run:\n      command: [echo, hi]\n"

// badWorkflow misspells "command" on line 6.
const badWorkflow = "version: 1\nname: hello\nsteps:\n  - name: a\n    run:\n      comand: [echo, hi]\n"

func pollAnswer(t *testing.T, r protocol.PollResponse) func(int) (int, string) {
	t.Helper()
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return func(int) (int, string) { return http.StatusOK, string(data) }
}

// acceptGatewayRun journals a run as the gateway's, as the daemon would.
func acceptGatewayRun(t *testing.T, j *journal.Journal, id string) {
	t.Helper()
	_, err := j.Accept(context.Background(), siteapi.Run{ID: id, Researcher: "0x00000000000000000000000000000000000000aa", LocalUser: "u",
		IdempotencyKey: journal.GatewayKeyPrefix + id, Workflow: "hello", SourceName: "w.yaml", Source: []byte(goodWorkflow)})
	if err != nil {
		t.Fatal(err)
	}
}

// finishRun takes a run through one step with Slurm job jobID to completion.
func finishRun(t *testing.T, j *journal.Journal, id string, jobID uint32) {
	t.Helper()
	ctx := context.Background()
	if err := j.Render(ctx, id, "/ws/"+id, []siteapi.Step{{Name: "a", Tag: id + ".a", Stdout: "a.out", Stderr: "a.err"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := j.RecordJob(ctx, id, "a", jobID, ""); err != nil {
		t.Fatal(err)
	}
	code := 0
	now := time.Now().UTC()
	if err := j.UpdateSteps(ctx, []journal.StepUpdate{{RunID: id, Step: "a", State: runstate.StepCompleted, SlurmState: "COMPLETED", ExitCode: &code, EndedAt: &now}}); err != nil {
		t.Fatal(err)
	}
	if err := j.Advance(ctx, id, runstate.Submitted, runstate.Completed, ""); err != nil {
		t.Fatal(err)
	}
}

func jobsIn(ups []protocol.Updates, id string) []protocol.JobUpdate {
	var out []protocol.JobUpdate
	for _, u := range ups {
		for _, j := range u.Jobs {
			if j.Job == id {
				out = append(out, j)
			}
		}
	}
	return out
}

// waitFor polls cond until it holds or the test's context ends (no timing is asserted).
func waitFor(t *testing.T, ctx context.Context, what string, cond func() bool) {
	t.Helper()
	for !cond() {
		select {
		case <-ctx.Done():
			t.Fatalf("gave up waiting for %s", what)
		case <-time.After(5 * time.Millisecond):
		}
	}
}

func TestConfigValidation(t *testing.T) {
	good := Config{URL: "https://gateway.example.org", Key: "/etc/petagrid/site.key", PricePerComputeHourWei: "1000", Labels: map[string]string{"region": "eu"}}.WithDefaults()
	if err := good.Validate(); err != nil {
		t.Fatalf("good: %v", err)
	}
	if good.PollWait != 25*time.Second || good.RetryMax != 30*time.Second || good.UpdateInterval != 5*time.Second || !good.Reports() {
		t.Fatalf("defaults: %+v", good)
	}
	cases := map[string]func(*Config){
		"no url":         func(c *Config) { c.URL = "" },
		"ftp url":        func(c *Config) { c.URL = "ftp://gateway" },
		"url with path":  func(c *Config) { c.URL = "https://gateway/v1" },
		"url with user":  func(c *Config) { c.URL = "https://me:pw@gateway" },
		"no key":         func(c *Config) { c.Key = "" },
		"relative key":   func(c *Config) { c.Key = "site.key" },
		"bad audience":   func(c *Config) { c.Audience = "grid\ngw" },
		"long poll":      func(c *Config) { c.PollWait = 2 * time.Minute },
		"short retry":    func(c *Config) { c.RetryMax = time.Millisecond },
		"tiny interval":  func(c *Config) { c.UpdateInterval = time.Millisecond },
		"no price":       func(c *Config) { c.PricePerComputeHourWei = "" },
		"decimal price":  func(c *Config) { c.PricePerComputeHourWei = "1.5" },
		"negative price": func(c *Config) { c.PricePerComputeHourWei = "-1" },
		"bad label":      func(c *Config) { c.Labels = map[string]string{"Region!": "x"} },
		"long label":     func(c *Config) { c.Labels = map[string]string{"region": strings.Repeat("x", 129)} },
		"bad local user": func(c *Config) { c.LocalUser = "Bob Smith" },
		"root":           func(c *Config) { c.LocalUser = "root" },
		"bad bid floor":  func(c *Config) { c.Bidding.FloorPerComputeHourWei = "1e18" },
		"policy, no bidding": func(c *Config) {
			c.Bidding = Bidding{Disabled: true, Policy: "queue-bid"}
		},
	}
	for name, mutate := range cases {
		c := good
		mutate(&c)
		if err := c.Validate(); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	no := false
	if (Config{ReportPoCP: &no}).WithDefaults().Reports() {
		t.Error("reportPoCP: false was overridden")
	}
}

func TestNewChecksTheSite(t *testing.T) {
	d, _, mapped := newDaemon(t, &accounting.Config{})
	keyFile := filepath.Join(t.TempDir(), "site.key")
	if _, err := reqsign.GenerateKeyFile(keyFile); err != nil {
		t.Fatal(err)
	}
	cfg := Config{URL: "https://gateway.example.org", Key: keyFile, PricePerComputeHourWei: "1000"}
	if _, err := New(cfg, d, Options{Log: quietLog()}); err != nil {
		t.Fatalf("good configuration: %v", err)
	}
	bad := map[string]struct {
		cfg  Config
		opts Options
		want string
	}{
		"missing key":      {Config{URL: cfg.URL, Key: "/nonexistent/site.key", PricePerComputeHourWei: "1"}, Options{}, "grid.key"},
		"no price":         {Config{URL: cfg.URL, Key: keyFile}, Options{}, "pricePerComputeHourWei"},
		"harvest off":      {cfg, Options{Accounting: accounting.Config{Harvest: accounting.HarvestConfig{Disabled: true}}}, "harvest"},
		"nodes off":        {cfg, Options{Accounting: accounting.Config{Nodes: accounting.NodesConfig{Disabled: true}}}, "nodes"},
		"unknown local":    {Config{URL: cfg.URL, Key: keyFile, PricePerComputeHourWei: "1", LocalUser: "mallory"}, Options{}, "localUser"},
		"unknown GPU type": {cfg, Options{PoCP: pocpConfigWithGPU("NoSuchGPU")}, "gpuModels"},
		"a grade E price": {Config{URL: cfg.URL, Key: keyFile, PricePerComputeHourWei: "1", PricesByGrade: &GradePrices{PerComputeHourWei: map[string]string{"E": "1"}}},
			Options{}, "grid.pricesByGrade"},
		"a factor over × 2": {Config{URL: cfg.URL, Key: keyFile, PricePerComputeHourWei: "1", PricesByGrade: &GradePrices{ReliabilityFactorBps: map[string]uint32{"1": 30_000}}},
			Options{}, "reliabilityFactorBps.1"},
	}
	for name, c := range bad {
		c.opts.Log = quietLog()
		if _, err := New(c.cfg, d, c.opts); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v (want an error about %s)", name, err, c.want)
		}
	}
	if mapped {
		cfg.LocalUser = "nobody"
		if _, err := New(cfg, d, Options{Log: quietLog()}); err != nil {
			t.Errorf("an allowed local user: %v", err)
		}
	}
	// Without accounting there is no usage to report.
	plain, _, _ := newDaemon(t, nil)
	if _, err := New(Config{URL: cfg.URL, Key: keyFile, PricePerComputeHourWei: "1"}, plain, Options{Log: quietLog()}); err == nil || !strings.Contains(err.Error(), "accounting") {
		t.Errorf("no accounting: %v", err)
	}
}

func TestRegistrationIsSignedAndDeclaresTheSite(t *testing.T) {
	j, _ := openJournal(t)
	e := newEnv(t, j, nil, nil)
	ctx := ctxT(t)
	if _, err := e.link.poll.once(ctx); err != nil {
		t.Fatal(err)
	}
	if len(e.gw.registrations) != 1 || len(e.gw.polls) != 1 {
		t.Fatalf("%d registrations, %d polls", len(e.gw.registrations), len(e.gw.polls))
	}
	reg := e.gw.registrations[0]
	if reg.Site != "alpha-site" || reg.Version != "v-test" || reg.Prices.PerComputeHour != "2500000000000000000" || reg.Labels["region"] != "eu-west" {
		t.Fatalf("registration: %+v", reg)
	}
	if !reflect.DeepEqual(reg.Inventory, testInventory()) {
		t.Fatalf("registered inventory: %+v", reg.Inventory)
	}
	if err := reg.Validate(); err != nil {
		t.Fatal(err)
	}
	if p := e.gw.polls[0]; p.WaitSeconds != 1 || p.Inventory == nil || p.Inventory.Partitions[0].Shapes[0].Available != 3 {
		t.Fatalf("poll: %+v", p)
	}

	// Live counts change: polled, not registered again.
	e.link.poll.inventory.maxAge = 0
	e.inv.mu.Lock()
	e.inv.inv.Partitions[0].Shapes[0].Available = 1
	e.inv.mu.Unlock()
	if _, err := e.link.poll.once(ctx); err != nil {
		t.Fatal(err)
	}
	if len(e.gw.registrations) != 1 || e.gw.polls[1].Inventory.Partitions[0].Shapes[0].Available != 1 {
		t.Fatalf("after a count change: %d registrations, poll %+v", len(e.gw.registrations), e.gw.polls[1].Inventory)
	}
	// The shape changes: registered again before the poll.
	e.inv.mu.Lock()
	e.inv.inv = testInventory()
	e.inv.inv.Partitions[0].Shapes[0].CPUs = 128
	e.inv.mu.Unlock()
	if _, err := e.link.poll.once(ctx); err != nil {
		t.Fatal(err)
	}
	if len(e.gw.registrations) != 2 || e.gw.registrations[1].Inventory.Partitions[0].Shapes[0].CPUs != 128 {
		t.Fatalf("after a shape change: %d registrations", len(e.gw.registrations))
	}
	// Slurm does not answer: the poll goes on without an inventory.
	e.inv.mu.Lock()
	e.inv.err = errors.New("slurmctld is down")
	e.inv.mu.Unlock()
	if _, err := e.link.poll.once(ctx); err != nil {
		t.Fatal(err)
	}
	if n := len(e.gw.polls); n != 4 || e.gw.polls[3].Inventory != nil || len(e.gw.registrations) != 2 {
		t.Fatalf("without Slurm: %d polls, %d registrations", n, len(e.gw.registrations))
	}
}

func TestFirstRegistrationNeedsTheInventory(t *testing.T) {
	j, _ := openJournal(t)
	e := newEnv(t, j, nil, nil)
	e.inv.err = errors.New("slurmctld is down")
	if _, err := e.link.poll.once(ctxT(t)); err == nil || !strings.Contains(err.Error(), "slurmctld is down") {
		t.Fatalf("first poll without an inventory: %v", err)
	}
	if len(e.gw.registrations)+len(e.gw.polls) != 0 {
		t.Fatal("the site polled before it registered")
	}
}

func TestAssignmentsAreJournaledOrRefused(t *testing.T) {
	d, key, mapped := newDaemonKeyed(t, nil)
	registered := crypto.PubkeyToAddress(key.PublicKey)
	e := newEnv(t, d.Journal(), d, nil)
	ctx := ctxT(t)
	stranger := "0x00000000000000000000000000000000000000bb"
	e.gw.poll = pollAnswer(t, protocol.PollResponse{Status: StatusApproved, Protocol: protocol.Version, Assignments: []protocol.Assignment{
		signed(t, key, protocol.Assignment{Job: jobA, Workflow: goodWorkflow, FileName: "hello.yaml", Params: map[string]string{"n": "1"}, MaxCostWei: "10"}),
		signed(t, key, protocol.Assignment{Job: jobB, Workflow: badWorkflow, FileName: "bad.yaml"}),
		{Job: jobC, Researcher: "mallory", Workflow: goodWorkflow},
		{Job: "not-a-job", Researcher: registered.Hex(), Workflow: goodWorkflow},
		{Job: jobD, Researcher: stranger, Workflow: goodWorkflow},
	}})
	if _, err := e.link.poll.once(ctx); err != nil {
		t.Fatal(err)
	}
	if err := e.link.updates.send(ctx); err != nil {
		t.Fatal(err)
	}
	ups := e.gw.snapshotUpdates()
	if len(ups) != 1 {
		t.Fatalf("%d updates messages", len(ups))
	}
	u := ups[0]
	refused := map[string]string{}
	for _, r := range u.Refused {
		refused[r.Job] = r.Reason
	}
	wantAccepted := []string{jobA}
	if !mapped {
		// Pool mode runs every job as the daemon's account: any researcher the gateway
		// names is taken, as the pool's.
		wantAccepted = append(wantAccepted, jobD)
	} else if !strings.Contains(refused[jobD], "grid.localUser") {
		t.Errorf("unmapped researcher in mapped mode: %q", refused[jobD])
	}
	if !reflect.DeepEqual(u.Accepted, wantAccepted) {
		t.Errorf("accepted %v, want %v (refused: %q)", u.Accepted, wantAccepted, refused)
	}
	if !strings.Contains(refused[jobB], "bad.yaml:6:") || !strings.Contains(refused[jobB], "comand") {
		t.Errorf("bad workflow's refusal: %q", refused[jobB])
	}
	if !strings.Contains(refused[jobC], "not an address") {
		t.Errorf("bad researcher's refusal: %q", refused[jobC])
	}
	if len(jobsIn(ups, jobA)) != 1 || jobsIn(ups, jobA)[0].State != runstate.Accepted {
		t.Errorf("job update of %s: %+v", jobA, jobsIn(ups, jobA))
	}
	run, err := d.Journal().Get(ctx, jobA)
	if err != nil {
		t.Fatal(err)
	}
	if run.IdempotencyKey != journal.GatewayKeyPrefix+jobA || run.Researcher != registered.Hex() || run.Workflow != "hello" || run.Params["n"] != "1" || run.SourceName != "hello.yaml" {
		t.Fatalf("journaled run: %+v", run)
	}
	if _, err := d.Journal().Get(ctx, jobB); !errors.Is(err, journal.ErrNotFound) {
		t.Fatalf("a refused assignment was journaled: %v", err)
	}

	// The gateway sends an assignment again until it hears the answer: the run journaled the
	// first time answers again, and nothing is journaled twice.
	if _, err := e.link.poll.once(ctx); err != nil {
		t.Fatal(err)
	}
	if err := e.link.updates.send(ctx); err != nil {
		t.Fatal(err)
	}
	ups = e.gw.snapshotUpdates()
	if len(ups) != 2 || !reflect.DeepEqual(ups[1].Accepted, wantAccepted) {
		t.Fatalf("second answer: %+v", ups[len(ups)-1])
	}
	runs, _ := d.Journal().List(ctx, journal.Filter{})
	if len(runs) != len(wantAccepted) {
		t.Fatalf("%d runs journaled, want %d", len(runs), len(wantAccepted))
	}

	if mapped {
		// gateway.localUser takes the researchers the site does not know.
		e.link.poll.intake.localUser = "nobody"
		e.gw.poll = pollAnswer(t, protocol.PollResponse{Status: StatusApproved, Assignments: []protocol.Assignment{{Job: jobZ, Researcher: stranger, Workflow: goodWorkflow}}})
		if _, err := e.link.poll.once(ctx); err != nil {
			t.Fatal(err)
		}
		if run, err := d.Journal().Get(ctx, jobZ); err != nil || run.LocalUser != "nobody" || !strings.EqualFold(run.Researcher, site.UnverifiedPrefix+stranger) {
			t.Fatalf("fallback account: %+v %v", run, err)
		}
	}
}

func TestCancelsArePassedOn(t *testing.T) {
	d, registered, _ := newDaemon(t, nil)
	e := newEnv(t, d.Journal(), d, nil)
	ctx := ctxT(t)
	proof := &site.SignedSubmission{Nonce: "nonce-0123456789abcdef", Expires: time.Now().Add(time.Hour)}
	if _, err := d.AcceptAssignment(ctx, site.AssignedRun{Job: jobA, Researcher: registered, Signed: proof, Workflow: goodWorkflow}); err != nil {
		t.Fatal(err)
	}
	// A run submitted on the local API is not the gateway's to cancel.
	local := siteapi.Run{ID: jobB, Researcher: registered.Hex(), LocalUser: "u", IdempotencyKey: "pg-1", Workflow: "w", SourceName: "w.yaml", Source: []byte("x")}
	if _, err := d.Journal().Accept(ctx, local); err != nil {
		t.Fatal(err)
	}
	e.gw.poll = pollAnswer(t, protocol.PollResponse{Status: StatusApproved, Cancels: []string{jobA, jobB, jobZ, "../../etc"}})
	if _, err := e.link.poll.once(ctx); err != nil {
		t.Fatal(err)
	}
	if run, _ := d.Journal().Get(ctx, jobA); !run.CancelRequested {
		t.Error("the gateway's cancellation was not journaled")
	}
	if run, _ := d.Journal().Get(ctx, jobB); run.CancelRequested {
		t.Error("the gateway cancelled a local run")
	}
}

func TestLogRequestsAreAnswered(t *testing.T) {
	j, _ := openJournal(t)
	e := newEnv(t, j, nil, nil)
	ctx := ctxT(t)
	acceptGatewayRun(t, j, jobA)
	if err := j.Render(ctx, jobA, "/ws", []siteapi.Step{{Name: "train", Tag: jobA + ".train", ArraySize: 4}, {Name: "eval", Tag: jobA + ".eval", Position: 1}}); err != nil {
		t.Fatal(err)
	}
	local := siteapi.Run{ID: jobB, Researcher: "0x1", LocalUser: "u", IdempotencyKey: "pg-1", Workflow: "w", SourceName: "w.yaml", Source: []byte("x")}
	if _, err := j.Accept(ctx, local); err != nil {
		t.Fatal(err)
	}
	e.logs.data, e.logs.eof = []byte("epoch 1\n"), true
	e.gw.poll = pollAnswer(t, protocol.PollResponse{Status: StatusApproved, LogRequests: []protocol.LogRequest{
		{ID: "lr-1", Job: jobA, Step: "train", Task: 2, Stream: "stdout", Offset: 100},
		{ID: "lr-2", Job: jobA, Step: "eval", Task: 0, MaxBytes: 10},
		{ID: "lr-3", Job: jobZ},
		{ID: "lr-4", Job: jobB},
		{ID: "../lr", Job: jobA},
	}})
	if _, err := e.link.poll.once(ctx); err != nil {
		t.Fatal(err)
	}
	// The poll only queued them; the workers answer.
	if n := len(e.link.logs.queue); n != 5 {
		t.Fatalf("%d log requests queued", n)
	}
	for len(e.link.logs.queue) > 0 {
		if err := e.link.logs.respond(ctx, <-e.link.logs.queue); err != nil {
			t.Fatal(err)
		}
	}
	posts := map[string]logPost{}
	for _, p := range e.gw.logs {
		posts[p.id] = p
	}
	if len(e.gw.logs) != 4 {
		t.Fatalf("%d log answers, want 4 (the bad id is dropped)", len(e.gw.logs))
	}
	p := posts["lr-1"]
	if string(p.body) != "epoch 1\n" || p.header.Get(HeaderLogOffset) != "100" || p.header.Get(HeaderLogEOF) != "1" || p.header.Get(HeaderLogError) != "" {
		t.Errorf("lr-1: %q %v", p.body, p.header)
	}
	// The task counts for an array step only; the chunk is bounded by the protocol.
	want := []string{jobA + " train 2 stdout 100 1048576", jobA + " eval -1  0 10"}
	if !reflect.DeepEqual(e.logs.asked, want) {
		t.Errorf("reads: %q, want %q", e.logs.asked, want)
	}
	for _, id := range []string{"lr-3", "lr-4"} {
		p := posts[id]
		if len(p.body) != 0 || !strings.Contains(p.header.Get(HeaderLogError), "no job") || p.header.Get(HeaderLogEOF) != "" {
			t.Errorf("%s: %q %v", id, p.body, p.header)
		}
	}
	// Not the end yet: no EOF header.
	e.logs.eof = false
	if err := e.link.logs.respond(ctx, protocol.LogRequest{ID: "lr-5", Job: jobA, Step: "eval"}); err != nil {
		t.Fatal(err)
	}
	if p := e.gw.logs[len(e.gw.logs)-1]; p.header.Get(HeaderLogEOF) != "" || p.header.Get(HeaderLogOffset) != "0" {
		t.Errorf("lr-5: %v", p.header)
	}
}

func TestUpdatesAreSentUntilAcknowledged(t *testing.T) {
	j, _ := openJournal(t)
	e := newEnv(t, j, nil, nil)
	ctx := ctxT(t)
	acceptGatewayRun(t, j, jobA)
	e.gw.ack = func(n int, u protocol.Updates) (int, string) {
		if n <= 2 {
			return http.StatusOK, `{"acked":[]}`
		}
		return http.StatusOK, ackAll(u)
	}
	send := func() int {
		t.Helper()
		if err := e.link.updates.send(ctx); err != nil {
			t.Fatal(err)
		}
		return len(jobsIn(e.gw.snapshotUpdates(), jobA))
	}
	if n := send(); n != 1 {
		t.Fatalf("first round: %d", n)
	}
	if n := send(); n != 2 {
		t.Fatalf("not acknowledged, sent again: %d", n)
	}
	if n := send(); n != 3 {
		t.Fatalf("third round: %d", n)
	}
	if n := send(); n != 3 {
		t.Fatalf("acknowledged, sent again: %d", n)
	}
	if len(e.gw.snapshotUpdates()) != 3 {
		t.Fatal("an empty updates message was sent")
	}
	// A new state goes out, with the steps.
	if err := j.Render(ctx, jobA, "/ws", []siteapi.Step{{Name: "a", Tag: jobA + ".a"}}); err != nil {
		t.Fatal(err)
	}
	if n := send(); n != 4 {
		t.Fatalf("after rendering: %d", n)
	}
	last := jobsIn(e.gw.snapshotUpdates(), jobA)[3]
	if last.State != runstate.Submitting || len(last.Steps) != 1 || last.Steps[0].Name != "a" || last.Usage != nil {
		t.Fatalf("update: %+v", last)
	}
	// A step that changes while the run's state does not goes out too.
	if _, err := j.RecordJob(ctx, jobA, "a", 42, ""); err != nil {
		t.Fatal(err)
	}
	if n := send(); n != 5 {
		t.Fatalf("after the submission: %d", n)
	}
	if err := j.UpdateSteps(ctx, []journal.StepUpdate{{RunID: jobA, Step: "a", State: runstate.StepRunning}}); err != nil {
		t.Fatal(err)
	}
	if n := send(); n != 6 {
		t.Fatalf("after the step started: %d", n)
	}
	last = jobsIn(e.gw.snapshotUpdates(), jobA)[5]
	if last.State != runstate.Submitted || last.Steps[0].State != runstate.StepRunning || last.Steps[0].JobID != 42 {
		t.Fatalf("step update: %+v", last)
	}
	if n := send(); n != 6 {
		t.Fatalf("nothing changed, sent again: %d", n)
	}
}

func TestTerminalRunWithUsageIsReported(t *testing.T) {
	j, _ := openJournal(t)
	e := newEnv(t, j, nil, nil)
	ctx := ctxT(t)
	acceptGatewayRun(t, j, jobA)
	finishRun(t, j, jobA, 42)
	send := func() []protocol.JobUpdate {
		t.Helper()
		if err := e.link.updates.send(ctx); err != nil {
			t.Fatal(err)
		}
		return jobsIn(e.gw.snapshotUpdates(), jobA)
	}
	// Not harvested yet: the outcome goes without usage, and the run stays open.
	if ups := send(); len(ups) != 1 || ups[0].State != runstate.Completed || ups[0].Usage != nil {
		t.Fatalf("outcome: %+v", ups)
	}
	if ups := send(); len(ups) != 1 {
		t.Fatalf("an acknowledged outcome was sent again without news: %d", len(ups))
	}
	if run, _ := j.Get(ctx, jobA); run.State != runstate.Completed {
		t.Fatalf("reported without usage: %s", run.State)
	}
	usage := &protocol.Usage{SlurmJobs: []uint32{42}, ElapsedSeconds: 60, CPUSeconds: 240, GPUSeconds: 60, ComputeHoursMilli: 17, EnergyMillijoules: 9000}
	e.usage.set(jobA, usage)
	// The usage message is lost once: the run stays open and it is sent again.
	e.gw.ack = func(n int, u protocol.Updates) (int, string) {
		if n == 2 {
			return http.StatusOK, `{"acked":[]}`
		}
		return http.StatusOK, ackAll(u)
	}
	if ups := send(); len(ups) != 2 || !reflect.DeepEqual(ups[1].Usage, usage) {
		t.Fatalf("usage: %+v", ups)
	}
	if run, _ := j.Get(ctx, jobA); run.State != runstate.Completed {
		t.Fatalf("reported without an acknowledgement: %s", run.State)
	}
	if ups := send(); len(ups) != 3 || !reflect.DeepEqual(ups[2].Usage, usage) {
		t.Fatalf("usage again: %+v", ups)
	}
	run, _ := j.Get(ctx, jobA)
	if run.State != runstate.Reported || run.Outcome != runstate.Completed {
		t.Fatalf("after the acknowledgement: %s (%s)", run.State, run.Outcome)
	}
	if ups := send(); len(ups) != 3 {
		t.Fatalf("a reported run was sent again: %d", len(ups))
	}
}

func TestRestartSendsOnlyWhatWasNotAcknowledged(t *testing.T) {
	path := filepath.Join(t.TempDir(), "journal.db")
	j, err := journal.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, j, nil, nil)
	ctx := ctxT(t)
	for _, id := range []string{jobA, jobB, jobC} {
		acceptGatewayRun(t, j, id)
	}
	finishRun(t, j, jobC, 7)
	e.usage.set(jobC, &protocol.Usage{SlurmJobs: []uint32{7}})
	// The gateway acknowledges A and C, not B.
	e.gw.ack = func(n int, u protocol.Updates) (int, string) {
		return http.StatusOK, `{"acked":["` + jobA + `","` + jobC + `"]}`
	}
	if err := e.link.updates.send(ctx); err != nil {
		t.Fatal(err)
	}
	if run, _ := j.Get(ctx, jobC); run.State != runstate.Reported {
		t.Fatalf("C: %s", run.State)
	}
	j.Close()

	j2, err := journal.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer j2.Close()
	e2 := newEnv(t, j2, nil, e.key)
	e2.usage.set(jobC, &protocol.Usage{SlurmJobs: []uint32{7}})
	if err := e2.link.updates.send(ctx); err != nil {
		t.Fatal(err)
	}
	ups := e2.gw.snapshotUpdates()
	if len(ups) != 1 || len(ups[0].Jobs) != 1 || ups[0].Jobs[0].Job != jobB {
		t.Fatalf("after the restart: %+v", ups)
	}
}

func TestGatewayDownThenBack(t *testing.T) {
	j, _ := openJournal(t)
	e := newEnv(t, j, nil, nil)
	e.link.poll.minPollInterval = time.Millisecond
	acceptGatewayRun(t, j, jobA)
	e.gw.poll = func(n int) (int, string) {
		if n <= 3 {
			return http.StatusServiceUnavailable, "<html>down for maintenance</html>"
		}
		return http.StatusOK, `{"status":"approved"}`
	}
	e.gw.ack = func(n int, u protocol.Updates) (int, string) {
		if n <= 3 {
			return http.StatusBadGateway, `{"error":"upstream"}`
		}
		return http.StatusOK, ackAll(u)
	}
	ctx, cancel := context.WithCancel(ctxT(t))
	done := make(chan error, 1)
	go func() { done <- e.link.Run(ctx) }()
	waitFor(t, ctxT(t), "the update to be acknowledged", func() bool {
		runs, err := j.OpenGatewayRuns(context.Background())
		return err == nil && len(runs) == 1 && runs[0].Ack != nil
	})
	waitFor(t, ctxT(t), "polls to succeed", func() bool {
		e.gw.mu.Lock()
		defer e.gw.mu.Unlock()
		return len(e.gw.polls) > 4
	})
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Run: %v", err)
	}
	ups := e.gw.snapshotUpdates()
	if len(ups) < 4 {
		t.Fatalf("%d update attempts", len(ups))
	}
	for i, u := range ups[:4] {
		if len(u.Jobs) != 1 || u.Jobs[0].Job != jobA {
			t.Fatalf("attempt %d lost the update: %+v", i, u)
		}
	}
}

func TestHostileAnswers(t *testing.T) {
	j, _ := openJournal(t)
	e := newEnv(t, j, nil, nil)
	ctx := ctxT(t)
	e.link.poll.maxPollAnswer = 4096
	many := protocol.PollResponse{Status: StatusApproved}
	for i := 0; i <= protocol.MaxAssignments; i++ {
		many.Assignments = append(many.Assignments, protocol.Assignment{Job: jobA})
	}
	manyJSON, _ := json.Marshal(many)
	e.link.poll.maxPollAnswer = int64(len(manyJSON)) + 1
	cases := []struct {
		name, body, want string
		status           int
	}{
		{"huge", `{"status":"approved","cancels":["` + strings.Repeat("x", len(manyJSON)) + `"]}`, "larger than", 200},
		{"not JSON", `<html>hello</html>`, "not a JSON object", 200},
		{"null", `null`, "not a JSON object", 200},
		{"wrong type", `{"status":5}`, "not valid JSON", 200},
		{"trailing data", `{"status":"approved"} {"status":"approved"}`, "data after", 200},
		{"unknown status", `{"status":"emperor"}`, "not approved, pending or suspended", 200},
		{"empty status", `{}`, "not approved, pending or suspended", 200},
		{"too many assignments", string(manyJSON), "at most 100", 200},
		{"error page", "<html>\x1b[31mbad gateway\x1b[0m</html>", "502", 502},
	}
	for _, c := range cases {
		e.gw.poll = func(int) (int, string) { return c.status, c.body }
		_, err := e.link.poll.once(ctx)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v (want %q)", c.name, err, c.want)
			continue
		}
		if strings.ContainsAny(err.Error(), "\x1b") {
			t.Errorf("%s: control characters in the error: %q", c.name, err)
		}
		if !retryable(err) {
			t.Errorf("%s: not retried: %v", c.name, err)
		}
	}
	if runs, _ := j.List(ctx, journal.Filter{}); len(runs) != 0 {
		t.Fatalf("a hostile answer journaled %d runs", len(runs))
	}
	// Unknown fields are ignored (a newer gateway may add some).
	e.gw.poll = func(int) (int, string) { return 200, `{"status":"pending","motd":"hello"}` }
	if wait, err := e.link.poll.once(ctx); err != nil || wait != e.link.cfg.RetryMax {
		t.Fatalf("pending with an unknown field: %v %v", wait, err)
	}

	// Acknowledgements that make no sense record nothing.
	acceptGatewayRun(t, j, jobA)
	for name, body := range map[string]string{
		"wrong type": `{"acked":"` + jobA + `"}`,
		"not JSON":   `acked`,
		"too many":   `{"acked":["` + jobA + `","` + jobB + `","` + jobC + `"]}`,
		"huge":       `{"acked":["` + strings.Repeat("r", 2<<20) + `"]}`,
	} {
		e.gw.ack = func(int, protocol.Updates) (int, string) { return http.StatusOK, body }
		if err := e.link.updates.send(ctx); err == nil {
			t.Errorf("acknowledgement %s: accepted", name)
		}
		if runs, _ := j.OpenGatewayRuns(ctx); runs[0].Ack != nil {
			t.Fatalf("acknowledgement %s was recorded", name)
		}
	}
	// Someone else's id is not an acknowledgement of ours.
	e.gw.ack = func(int, protocol.Updates) (int, string) { return http.StatusOK, `{"acked":["` + jobZ + `"]}` }
	if err := e.link.updates.send(ctx); err != nil {
		t.Fatal(err)
	}
	if runs, _ := j.OpenGatewayRuns(ctx); runs[0].Ack != nil {
		t.Fatal("another job's acknowledgement was recorded")
	}

	// An announced audience that cannot be signed is refused.
	e2 := newEnv(t, j, nil, nil)
	e2.gw.infoAudience = "evil\ngateway"
	if _, err := e2.link.poll.once(ctx); err == nil || !strings.Contains(err.Error(), "audience") {
		t.Fatalf("bad audience: %v", err)
	}
}

// TestReportDomainMustAgreeWithTheSite: a site that set pocp.verifyingContract signs for no
// other contract, whatever the gateway announces.
func TestReportDomainMustAgreeWithTheSite(t *testing.T) {
	j, _ := openJournal(t)
	e := newEnv(t, j, nil, nil)
	ctx := ctxT(t)
	if d, err := e.link.reports.domain(ctx); err != nil || d.VerifyingContract != fakeSettlement {
		t.Fatalf("domain %+v %v", d, err)
	}
	e.link.reports.pocpContract = "0x00000000000000000000000000000000000000aa"
	if _, err := e.link.reports.domain(ctx); err == nil || !strings.Contains(err.Error(), "pocp.verifyingContract") {
		t.Fatalf("a contradicting pocp.verifyingContract: %v", err)
	}
	e.link.reports.pocpContract, e.link.reports.pocpChainID = "", 5
	if _, err := e.link.reports.domain(ctx); err == nil || !strings.Contains(err.Error(), "pocp.chainId") {
		t.Fatalf("a contradicting pocp.chainId: %v", err)
	}
}

func TestReportsAreSentOncePerPeriod(t *testing.T) {
	j, _ := openJournal(t)
	e := newEnv(t, j, nil, nil)
	ctx := ctxT(t)
	genesis := e.reports.cal.Genesis
	at := func(d time.Duration) { e.link.reports.now = func() time.Time { return genesis.Add(d) } }
	reports := func() int {
		e.gw.mu.Lock()
		defer e.gw.mu.Unlock()
		return len(e.gw.reports)
	}
	// A site the gateway has not approved keeps its reports.
	at(5*time.Hour + 3*time.Minute)
	e.link.poll.noteStatus(StatusPending)
	if wait, err := e.link.reports.sendDue(ctx); err != nil || reports() != 0 || wait != e.link.cfg.RetryMax {
		t.Fatalf("pending site: %v %v %d", wait, err, reports())
	}
	e.link.poll.noteStatus(StatusApproved)
	// Before genesis' first period ends (plus the grace) there is nothing to send.
	at(time.Hour + time.Minute)
	if wait, err := e.link.reports.sendDue(ctx); err != nil || reports() != 0 || wait != time.Minute {
		t.Fatalf("within the grace: %v %v %d", wait, err, reports())
	}
	// Period 4 ended at 5h; at 5h03m the grace has passed.
	at(5*time.Hour + 3*time.Minute)
	wait, err := e.link.reports.sendDue(ctx)
	if err != nil || reports() != 1 || string(e.gw.reports[0]) != "report-4" {
		t.Fatalf("period 4: %v, %d reports", err, reports())
	}
	if d := e.reports.domains[0]; d.ChainID.Int64() != 1337 || d.VerifyingContract != fakeSettlement {
		t.Fatalf("report signed in domain %+v, not the gateway's", d)
	}
	if wait != 59*time.Minute {
		t.Fatalf("next report due in %s", wait)
	}
	if outcome, _, ok, _ := j.GatewayReport(ctx, "alpha", 4); !ok || outcome != journal.ReportAccepted {
		t.Fatalf("period 4 recorded as %q %v", outcome, ok)
	}
	if _, err := e.link.reports.sendDue(ctx); err != nil || reports() != 1 {
		t.Fatalf("period 4 sent again: %v %d", err, reports())
	}
	// Period 5 is rejected: recorded, not sent again.
	at(6*time.Hour + 3*time.Minute)
	e.gw.report = func(int) (int, string) {
		return http.StatusUnprocessableEntity, `{"accepted":false,"epoch":5,"reasons":["coverage too low","capacity"]}`
	}
	if _, err := e.link.reports.sendDue(ctx); err != nil {
		t.Fatal(err)
	}
	if outcome, detail, ok, _ := j.GatewayReport(ctx, "alpha", 5); !ok || outcome != journal.ReportRejected || !strings.Contains(detail, "coverage too low; capacity") {
		t.Fatalf("period 5 recorded as %q %q", outcome, detail)
	}
	if _, err := e.link.reports.sendDue(ctx); err != nil || reports() != 2 {
		t.Fatalf("a rejected report was sent again: %v %d", err, reports())
	}
	// Period 6: the gateway fails, then takes it; the report is built once.
	at(7*time.Hour + 3*time.Minute)
	e.gw.report = func(n int) (int, string) {
		if n == 3 {
			return http.StatusInternalServerError, `{"error":"database"}`
		}
		return http.StatusOK, `{"accepted":true}`
	}
	if _, err := e.link.reports.sendDue(ctx); err == nil {
		t.Fatal("a 500 was taken for an answer")
	}
	if _, _, ok, _ := j.GatewayReport(ctx, "alpha", 6); ok {
		t.Fatal("a failed report was recorded")
	}
	if _, err := e.link.reports.sendDue(ctx); err != nil || reports() != 4 {
		t.Fatalf("retry: %v %d", err, reports())
	}
	if outcome, _, ok, _ := j.GatewayReport(ctx, "alpha", 6); !ok || outcome != journal.ReportAccepted {
		t.Fatalf("period 6 recorded as %q", outcome)
	}
	// Period 7: nothing was observed (the site was down): nothing is sent, once.
	at(8*time.Hour + 3*time.Minute)
	e.reports.empty = map[uint64]bool{7: true}
	if _, err := e.link.reports.sendDue(ctx); err != nil || reports() != 4 {
		t.Fatalf("empty period: %v %d", err, reports())
	}
	if outcome, _, ok, _ := j.GatewayReport(ctx, "alpha", 7); !ok || outcome != journal.ReportSkipped {
		t.Fatalf("period 7 recorded as %q", outcome)
	}
	if _, err := e.link.reports.sendDue(ctx); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(e.reports.built) != "[4 5 6 7]" {
		t.Fatalf("reports built: %v", e.reports.built)
	}
}

func TestShapeKeyIgnoresLiveCounts(t *testing.T) {
	a, b := testInventory(), testInventory()
	b.Partitions[0].Shapes[0].Available, b.Partitions[0].Shapes[0].Idle = 0, 0
	if shapeKey(a) != shapeKey(b) {
		t.Fatal("live counts changed the shape")
	}
	b.Partitions[0].Shapes[0].MegaFLOPS++
	if shapeKey(a) == shapeKey(b) {
		t.Fatal("a new index did not change the shape")
	}
	if a.Partitions[0].Shapes[0].Available != 3 {
		t.Fatal("shapeKey changed its argument")
	}
}

func TestRefusalReasonsFitTheProtocol(t *testing.T) {
	j, _ := openJournal(t)
	e := newEnv(t, j, refuser{reason: strings.Repeat("é", 3000)}, nil)
	e.link.poll.intake.accept(ctxT(t), protocol.Assignment{Job: jobA, Researcher: common.Address{1}.Hex(), Workflow: "x"})
	if err := e.link.updates.send(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	ups := e.gw.snapshotUpdates()
	if len(ups) != 1 || len(ups[0].Refused) != 1 || len(ups[0].Refused[0].Reason) > maxErrorLen || !strings.HasPrefix(ups[0].Refused[0].Reason, "éé") {
		t.Fatalf("refusal: %+v", ups)
	}
}

type refuser struct{ reason string }

func (r refuser) AcceptAssignment(context.Context, site.AssignedRun) (siteapi.Run, error) {
	return siteapi.Run{}, &site.RefusedError{Reason: r.reason}
}

func (r refuser) RequestCancel(context.Context, string) (siteapi.Run, error) {
	return siteapi.Run{}, errors.New("no")
}

func pocpConfigWithGPU(model string) pocpreport.Config {
	return pocpreport.Config{Hardware: pocpreport.Hardware{GPUModels: map[string]string{"a100": model}}}
}

func TestBatchesStayWithinTheProtocol(t *testing.T) {
	answers := map[string]answer{}
	for i := 0; i < 1500; i++ {
		answers[fmt.Sprintf("r-%016d", i)] = answer{refused: i%2 == 0, reason: "no"}
	}
	var jobs []pendingJob
	for i := 0; i < 2500; i++ {
		jobs = append(jobs, pendingJob{update: protocol.JobUpdate{Job: jobA, State: runstate.Running, Steps: make([]siteapi.Step, 7)}})
	}
	bs := batches(answers, jobs)
	nAnswers, nJobs := 0, 0
	for i, b := range bs {
		if len(b.msg.Accepted)+len(b.msg.Refused) > protocol.MaxAssignments*10 || len(b.msg.Jobs) > protocol.MaxUpdates {
			t.Fatalf("batch %d: %d answers, %d jobs", i, len(b.msg.Accepted)+len(b.msg.Refused), len(b.msg.Jobs))
		}
		steps := 0
		for _, j := range b.msg.Jobs {
			steps += len(j.Steps)
		}
		if steps > protocol.MaxSteps || len(b.answers) != len(b.msg.Accepted)+len(b.msg.Refused) || len(b.jobs) != len(b.msg.Jobs) {
			t.Fatalf("batch %d: %d steps", i, steps)
		}
		nAnswers += len(b.answers)
		nJobs += len(b.jobs)
	}
	if nAnswers != 1500 || nJobs != 2500 {
		t.Fatalf("%d answers and %d jobs in %d batches", nAnswers, nJobs, len(bs))
	}
	if len(batches(nil, nil)) != 0 {
		t.Fatal("an empty batch")
	}
}

// TestSignedSubmissionDecidesTheAccount: the site runs a grid job in a researcher's account
// only on the researcher's own signature over exactly that job, used once. The gateway's word
// alone (an old gateway, a forwarded signature that does not verify) gets the pool account,
// here none (refused) until grid.localUser names one; a genuine signature attached to another
// workflow, replayed onto another job, naming someone else, expired or made for another
// gateway is refused.
func TestSignedSubmissionDecidesTheAccount(t *testing.T) {
	d, key, mapped := newDaemonKeyed(t, nil)
	researcher := crypto.PubkeyToAddress(key.PublicKey)
	e := newEnv(t, d.Journal(), d, nil)
	ctx := ctxT(t)
	const jobE, jobF, jobG = "r-eeeeeeeeeeeeeeee", "r-ffffffffffffffff", "r-gggggggggggggggg"
	job := func(id string) protocol.Assignment {
		return protocol.Assignment{Job: id, Workflow: goodWorkflow, FileName: "hello.yaml", Params: map[string]string{"n": "2"}, MaxCostWei: "10"}
	}
	good := signed(t, key, job(jobA))
	unsigned := job(jobB)
	unsigned.Researcher = researcher.Hex()
	garbled := signed(t, key, job(jobC))
	garbled.Submission.Signature = highS(t, garbled.Submission.Signature)
	otherWorkflow := signed(t, key, job(jobD))
	otherWorkflow.Workflow = strings.Replace(goodWorkflow, "echo, hi", "echo, bye", 1)
	replayed := good
	replayed.Job = jobZ
	someoneElse := signed(t, key, job(jobE))
	someoneElse.Researcher = "0x00000000000000000000000000000000000000bb"
	expired := signedFor(t, key, job(jobF), gatewayAudience, time.Now().Add(-48*time.Hour))
	otherGateway := signedFor(t, key, job(jobG), "another-grid", time.Now())
	// An old gateway: no protocol version, no signatures.
	e.gw.poll = pollAnswer(t, protocol.PollResponse{Status: StatusApproved, Assignments: []protocol.Assignment{
		good, unsigned, garbled, otherWorkflow, replayed, someoneElse, expired, otherGateway}})
	answers := pollAndAnswer(t, ctx, e)

	run, err := d.Journal().Get(ctx, jobA)
	if err != nil || run.Researcher != researcher.Hex() || mapped && run.LocalUser != "nobody" {
		t.Fatalf("a valid signature: %+v %v, want the researcher's run in their account", run, err)
	}
	for id, want := range map[string]string{jobD: "workflow", jobZ: "replay", jobE: "but the gateway names", jobF: "expired", jobG: "gateway (audience)"} {
		if got, ok := answers[id]; !ok || !strings.Contains(got, want) {
			t.Errorf("%s: answer %q, want a refusal about %q", id, got, want)
		}
		if _, err := d.Journal().Get(ctx, id); !errors.Is(err, journal.ErrNotFound) {
			t.Errorf("%s was journaled: %v", id, err)
		}
	}
	for _, id := range []string{jobB, jobC} {
		if !mapped {
			// Pool mode: the daemon's account, owned by no researcher's key.
			if run, err := d.Journal().Get(ctx, id); err != nil || run.Researcher != site.UnverifiedPrefix+researcher.Hex() {
				t.Errorf("%s without a valid signature in pool mode: %+v %v", id, run, err)
			}
		} else if !strings.Contains(answers[id], "without their signed submission") {
			t.Errorf("%s without a valid signature and no pool account: %q", id, answers[id])
		}
	}
	if !mapped {
		return
	}
	// With a pool account, the gateway's word gets it; the signed job sent again is the run
	// journaled the first time, not a replay.
	e.link.poll.intake.localUser = "nobody"
	e.gw.poll = pollAnswer(t, protocol.PollResponse{Status: StatusApproved, Protocol: protocol.Version, Assignments: []protocol.Assignment{unsigned, good}})
	answers = pollAndAnswer(t, ctx, e)
	if answers[jobA] != "accepted" || answers[jobB] != "accepted" {
		t.Fatalf("answers %q", answers)
	}
	if run, err := d.Journal().Get(ctx, jobB); err != nil || run.LocalUser != "nobody" || run.Researcher != site.UnverifiedPrefix+researcher.Hex() {
		t.Fatalf("the gateway's word with a pool account: %+v %v", run, err)
	}
}

// pollAndAnswer polls once, sends the answers and returns the last message's answers by job:
// "accepted" or the refusal's reason.
func pollAndAnswer(t *testing.T, ctx context.Context, e *testEnv) map[string]string {
	t.Helper()
	if _, err := e.link.poll.once(ctx); err != nil {
		t.Fatal(err)
	}
	if err := e.link.updates.send(ctx); err != nil {
		t.Fatal(err)
	}
	ups := e.gw.snapshotUpdates()
	out := map[string]string{}
	for _, id := range ups[len(ups)-1].Accepted {
		out[id] = "accepted"
	}
	for _, r := range ups[len(ups)-1].Refused {
		out[r.Job] = r.Reason
	}
	return out
}

// highS is the malleated twin (r, N-s, V^1) of a signature, which verifiers refuse.
func highS(t *testing.T, sig string) string {
	t.Helper()
	b, err := hex.DecodeString(strings.TrimPrefix(sig, "0x"))
	if err != nil || len(b) != 65 {
		t.Fatalf("signature %q", sig)
	}
	s := new(big.Int).Sub(crypto.S256().Params().N, new(big.Int).SetBytes(b[32:64]))
	s.FillBytes(b[32:64])
	b[64] ^= 1
	return "0x" + hex.EncodeToString(b)
}

func TestGridURLMustBeHTTPSOffLoopback(t *testing.T) {
	base := Config{Key: "/etc/petagrid/site.key", PricePerComputeHourWei: "1"}
	for url, ok := range map[string]bool{
		"http://example.org":       false,
		"http://10.0.0.5:8700":     false,
		"http://[2001:db8::1]:80":  false,
		"http://localhost.evil.io": false,
		"http://127.0.0.1:8700":    true,
		"http://127.8.9.10":        true,
		"http://[::1]:8700":        true,
		"http://localhost:8700":    true,
		"https://example.org":      true,
	} {
		c := base
		c.URL = url
		err := c.WithDefaults().Validate()
		if ok != (err == nil) {
			t.Errorf("%s: %v", url, err)
		}
		if !ok && (err == nil || !strings.Contains(err.Error(), "loopback")) {
			t.Errorf("%s: the refusal does not say why: %v", url, err)
		}
	}
}

// TestPricesByGradeGoOnlyToAGatewayOfProtocol7: the site registers its base price alone
// until a poll answer says the gateway speaks protocol 7 (an older one decodes registrations
// strictly and would refuse the schedule), then registers again with its prices by grade,
// once. A gateway that refuses that registration (rolled back) gets the base price again.
// After a restart, the site polls before it registers, and registers its schedule at once.
func TestPricesByGradeGoOnlyToAGatewayOfProtocol7(t *testing.T) {
	j, _ := openJournal(t)
	e := newEnv(t, j, nil, nil)
	ctx := ctxT(t)
	schedule := protocol.Prices{PerComputeHour: "2500000000000000000", PerComputeHourByGrade: map[string]string{"A": "4000000000000000000"},
		EnergyFactorBps: map[string]uint32{"Z": 9_500}}
	e.link.poll.registrar.prices = schedule
	version := 6
	e.gw.mu.Lock()
	e.gw.poll = func(int) (int, string) {
		return http.StatusOK, fmt.Sprintf(`{"status":"approved","protocol":%d}`, version)
	}
	e.gw.mu.Unlock()
	registrations := func() []protocol.Registration {
		e.gw.mu.Lock()
		defer e.gw.mu.Unlock()
		return append([]protocol.Registration(nil), e.gw.registrations...)
	}
	for range 2 {
		if _, err := e.link.poll.once(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if regs := registrations(); len(regs) != 1 || regs[0].Prices.HasGradePrices() || regs[0].Prices.PerComputeHour != schedule.PerComputeHour {
		t.Fatalf("to a gateway of protocol 6: %+v", regs)
	}
	e.gw.mu.Lock()
	version = 7
	e.gw.mu.Unlock()
	for range 3 {
		if _, err := e.link.poll.once(ctx); err != nil {
			t.Fatal(err)
		}
	}
	regs := registrations()
	if len(regs) != 2 || !regs[1].Prices.HasGradePrices() || regs[1].Prices.PerComputeHourByGrade["A"] != "4000000000000000000" || regs[1].Prices.EnergyFactorBps["Z"] != 9_500 {
		t.Fatalf("once the gateway says 7: %+v", regs)
	}
	// Rolled back: the registration of the schedule is refused, then the base price goes.
	e.gw.mu.Lock()
	version = 6
	e.gw.register = func(n int) (int, string) {
		if n == 3 {
			return http.StatusBadRequest, `{"error":"json: unknown field \"perComputeHourWeiByGrade\""}`
		}
		return http.StatusCreated, `{}`
	}
	e.gw.mu.Unlock()
	e.link.poll.registrar.forget() // as after a gateway that forgot the site
	if _, err := e.link.poll.once(ctx); err == nil {
		t.Fatal("a refused registration went unnoticed")
	}
	if _, err := e.link.poll.once(ctx); err != nil {
		t.Fatal(err)
	}
	if regs := registrations(); len(regs) != 4 || !regs[2].Prices.HasGradePrices() || regs[3].Prices.HasGradePrices() {
		t.Fatalf("after a refusal: %+v", regs)
	}

	// A restart, the gateway at 7 again: the site polls before it registers, so its one
	// registration carries the schedule (never the base price alone, which the gateway
	// would charge until the next registration).
	e.gw.mu.Lock()
	version, e.gw.register = 7, nil
	e.gw.mu.Unlock()
	e.link.poll.polled, e.link.poll.protocol = false, 0
	e.link.poll.registrar.forget()
	for range 3 {
		if _, err := e.link.poll.once(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if regs := registrations(); len(regs) != 5 || !regs[4].Prices.HasGradePrices() {
		t.Fatalf("after a restart: %+v", regs)
	}
}
