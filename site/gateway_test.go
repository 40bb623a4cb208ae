package site

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/site/journal"
	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/site/siteapi"
	"github.com/petagrid/petagrid/workflows"
)

// testDaemon is a daemon in pool mode as the current account, with no Slurm: enough for
// acceptance, cancellation and logs.
func testDaemon(t *testing.T) (*Daemon, string) {
	t.Helper()
	dir := t.TempDir()
	j, err := journal.Open(context.Background(), filepath.Join(dir, "journal.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	root := filepath.Join(dir, "ws")
	profile, err := workflows.LoadProfile("profile.yaml", []byte("runtime: none\npartitions: {default: cpu}\nworkspaceRoot: "+root+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	me := Account{Name: "me", UID: uint32(os.Getuid()), GID: uint32(os.Getgid())}
	log := logrus.New()
	log.SetOutput(os.Stderr)
	log.SetLevel(logrus.WarnLevel)
	d := &Daemon{cfg: Config{Name: "test"}.WithDefaults(), log: log, journal: j, profile: profile,
		mapper: &Mapper{cfg: UsersConfig{Mode: ModePool}, self: me, byKey: map[common.Address]ResearcherConfig{}, accounts: map[string]Account{"me": me}}}
	d.buildLoops(loopDeps{log: log, journal: j, mapper: d.mapper}, nil, 100)
	return d, root
}

const gatewayTestWorkflow = "version: 1\nname: hello\nsteps:\n  - name: a\n    run:\n      command: [echo, hi]\n"

func TestAcceptAssignment(t *testing.T) {
	d, _ := testDaemon(t)
	ctx := context.Background()
	alice := common.HexToAddress("0x00000000000000000000000000000000000000aa")
	a := AssignedRun{Job: "r-aaaaaaaaaaaaaaaa", Researcher: alice, Workflow: gatewayTestWorkflow, FileName: "hello.yaml"}
	run, err := d.AcceptAssignment(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	// Unsigned: the pool account's run, not alice's (TestGridAccountFollowsTheSignature).
	if run.ID != a.Job || run.IdempotencyKey != journal.GatewayKeyPrefix+a.Job || run.LocalUser != "me" || run.Researcher != UnverifiedPrefix+alice.Hex() || run.Workflow != "hello" {
		t.Fatalf("run: %+v", run)
	}
	if len(d.executor.queue) != 1 {
		t.Fatal("the run was not queued for submission")
	}
	// Sent again: the same run, queued once.
	if again, err := d.AcceptAssignment(ctx, a); err != nil || again.ID != run.ID {
		t.Fatalf("again: %+v %v", again, err)
	}
	if runs, _ := d.journal.List(ctx, journal.Filter{}); len(runs) != 1 {
		t.Fatalf("%d runs", len(runs))
	}
	var refused *RefusedError
	for name, bad := range map[string]AssignedRun{
		"another researcher": {Job: a.Job, Researcher: common.HexToAddress("0xbb"), Workflow: gatewayTestWorkflow},
		"bad job id":         {Job: "r-x", Researcher: alice, Workflow: gatewayTestWorkflow},
		"empty workflow":     {Job: "r-bbbbbbbbbbbbbbbb", Researcher: alice, Workflow: " \n"},
		"bad file name":      {Job: "r-bbbbbbbbbbbbbbbb", Researcher: alice, Workflow: gatewayTestWorkflow, FileName: "../x.yaml"},
		"bad workflow":       {Job: "r-bbbbbbbbbbbbbbbb", Researcher: alice, Workflow: "version: 1\nname: hello\nstep: []\n", FileName: "w.yaml"},
	} {
		if _, err := d.AcceptAssignment(ctx, bad); !errors.As(err, &refused) {
			t.Errorf("%s: %v", name, err)
		}
	}
	_, err = d.AcceptAssignment(ctx, AssignedRun{Job: "r-bbbbbbbbbbbbbbbb", Researcher: alice, Workflow: "version: 1\nname: hello\nstep: []\n", FileName: "w.yaml"})
	if !errors.As(err, &refused) || len(refused.Details) == 0 || !strings.HasPrefix(refused.Details[0], "w.yaml:") {
		t.Fatalf("workflow errors: %#v", err)
	}
	// A local run's id is not the gateway's.
	local := siteapi.Run{ID: "r-cccccccccccccccc", Researcher: alice.Hex(), LocalUser: "me", IdempotencyKey: "pg-1", Workflow: "w", SourceName: "w.yaml", Source: []byte("x")}
	if _, err := d.journal.Accept(ctx, local); err != nil {
		t.Fatal(err)
	}
	if _, err := d.AcceptAssignment(ctx, AssignedRun{Job: local.ID, Researcher: alice, Workflow: gatewayTestWorkflow}); !errors.As(err, &refused) {
		t.Fatalf("a local run's id: %v", err)
	}
	// The local API keeps its hands off the gateway's keys.
	if _, err := decodeSubmit([]byte(`{"workflow":"x","idempotencyKey":"gateway:r-aaaaaaaaaaaaaaaa"}`)); err == nil {
		t.Fatal("the local API took a gateway idempotency key")
	}
}

// mappedTestDaemon is testDaemon in mapped mode: alice's key maps to the account alice, and
// gridpool is the grid's pool account. (The accounts are the mapper's own records: nothing
// runs.)
func mappedTestDaemon(t *testing.T) (*Daemon, common.Address) {
	t.Helper()
	d, _ := testDaemon(t)
	alice := common.HexToAddress("0x00000000000000000000000000000000000000aa")
	d.mapper = &Mapper{cfg: UsersConfig{Mode: ModeMapped}, self: d.mapper.self,
		byKey:    map[common.Address]ResearcherConfig{alice: {Key: alice.Hex(), LocalUser: "alice"}},
		accounts: map[string]Account{"alice": {Name: "alice", UID: 2001, GID: 2001}, "gridpool": {Name: "gridpool", UID: 2002, GID: 2002}}}
	d.buildLoops(loopDeps{log: d.log, journal: d.journal, mapper: d.mapper}, nil, 100)
	return d, alice
}

// TestGridAccountFollowsTheSignature: only a researcher's own verified signature puts a grid
// job in their account and under their key; the gateway's word alone gets the pool account,
// or a refusal where the site keeps none.
func TestGridAccountFollowsTheSignature(t *testing.T) {
	d, alice := mappedTestDaemon(t)
	ctx := context.Background()
	signed := &SignedSubmission{Nonce: "nonce-0123456789abcdef", Expires: time.Now().Add(time.Hour)}
	run, err := d.AcceptAssignment(ctx, AssignedRun{Job: "r-aaaaaaaaaaaaaaaa", Researcher: alice, Signed: signed, LocalUser: "gridpool", Workflow: gatewayTestWorkflow})
	if err != nil || run.LocalUser != "alice" || run.Researcher != alice.Hex() {
		t.Fatalf("a signed submission: %+v %v", run, err)
	}
	run, err = d.AcceptAssignment(ctx, AssignedRun{Job: "r-bbbbbbbbbbbbbbbb", Researcher: alice, LocalUser: "gridpool", Workflow: gatewayTestWorkflow})
	if err != nil || run.LocalUser != "gridpool" || run.Researcher != UnverifiedPrefix+alice.Hex() {
		t.Fatalf("the gateway's word alone: %+v %v", run, err)
	}
	// The same unsigned job sent again is the run journaled the first time.
	if again, err := d.AcceptAssignment(ctx, AssignedRun{Job: "r-bbbbbbbbbbbbbbbb", Researcher: alice, LocalUser: "gridpool", Workflow: gatewayTestWorkflow}); err != nil || again.ID != run.ID {
		t.Fatalf("sent again: %+v %v", again, err)
	}
	var refused *RefusedError
	if _, err := d.AcceptAssignment(ctx, AssignedRun{Job: "r-cccccccccccccccc", Researcher: alice, Workflow: gatewayTestWorkflow}); !errors.As(err, &refused) || !strings.Contains(err.Error(), "grid.localUser") {
		t.Fatalf("unsigned with no pool account: %v", err)
	}
	// The signed submission authorises one run: used for another job, it is a replay.
	if _, err := d.AcceptAssignment(ctx, AssignedRun{Job: "r-dddddddddddddddd", Researcher: alice, Signed: signed, LocalUser: "gridpool", Workflow: gatewayTestWorkflow}); !errors.As(err, &refused) || !strings.Contains(err.Error(), "replay") {
		t.Fatalf("a replayed signed submission: %v", err)
	}
	if _, err := d.journal.Get(ctx, "r-dddddddddddddddd"); !errors.Is(err, journal.ErrNotFound) {
		t.Fatalf("the replay was journaled: %v", err)
	}
	// A signed researcher the site does not know gets the pool account, under their key.
	bob := common.HexToAddress("0x00000000000000000000000000000000000000bb")
	other := &SignedSubmission{Nonce: "nonce-bob-0123456789abc", Expires: time.Now().Add(time.Hour)}
	if run, err := d.AcceptAssignment(ctx, AssignedRun{Job: "r-eeeeeeeeeeeeeeee", Researcher: bob, Signed: other, LocalUser: "gridpool", Workflow: gatewayTestWorkflow}); err != nil ||
		run.LocalUser != "gridpool" || run.Researcher != bob.Hex() {
		t.Fatalf("a signed researcher the site does not know: %+v %v", run, err)
	}
}

func TestRequestCancel(t *testing.T) {
	d, _ := testDaemon(t)
	ctx := context.Background()
	run, err := d.AcceptAssignment(ctx, AssignedRun{Job: "r-aaaaaaaaaaaaaaaa", Researcher: common.HexToAddress("0xaa"), Workflow: gatewayTestWorkflow})
	if err != nil {
		t.Fatal(err)
	}
	d.executor.dequeued(run.ID)
	<-d.executor.queue
	if run, err = d.RequestCancel(ctx, run.ID); err != nil || !run.CancelRequested {
		t.Fatalf("%+v %v", run, err)
	}
	// The executor ends a run not in Slurm yet: it is queued again.
	if len(d.executor.queue) != 1 {
		t.Fatal("a cancelled run not in Slurm was not handed to the executor")
	}
	if _, err := d.RequestCancel(ctx, "r-zzzzzzzzzzzzzzzz"); !errors.Is(err, journal.ErrNotFound) {
		t.Fatalf("unknown run: %v", err)
	}
}

func TestReadLogs(t *testing.T) {
	d, root := testDaemon(t)
	ctx := context.Background()
	id := "r-aaaaaaaaaaaaaaaa"
	if _, err := d.journal.Accept(ctx, siteapi.Run{ID: id, Researcher: "0xaa", LocalUser: "me", Workflow: "w", SourceName: "w.yaml", Source: []byte("x")}); err != nil {
		t.Fatal(err)
	}
	ws := filepath.Join(root, "me", id)
	files := map[string]string{"a.out": "0123456789\n", "a.err": "oops\n", "b-0.out": "task zero\n", "b-1.out": "task one\n"}
	if err := os.MkdirAll(filepath.Join(ws, "logs"), 0o700); err != nil {
		t.Fatal(err)
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(ws, "logs", name), []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	// Not rendered yet: nothing, and not the end.
	if data, eof, err := d.ReadLogs(ctx, id, "", -1, "", 0, 100); err != nil || len(data) != 0 || eof {
		t.Fatalf("before rendering: %q %v %v", data, eof, err)
	}
	steps := []siteapi.Step{{Name: "a", Tag: id + ".a", Stdout: "logs/a.out", Stderr: "logs/a.err"},
		{Name: "b", Position: 1, Tag: id + ".b", ArraySize: 2, Stdout: "logs/b-{index}.out", Stderr: "logs/b-{index}.err"}}
	if err := d.journal.Render(ctx, id, ws, steps); err != nil {
		t.Fatal(err)
	}
	read := func(step string, task int, stream string, offset int64, n int) (string, bool) {
		t.Helper()
		data, eof, err := d.ReadLogs(ctx, id, step, task, stream, offset, n)
		if err != nil {
			t.Fatal(err)
		}
		return string(data), eof
	}
	// One file: its own bytes from the offset.
	if s, eof := read("a", -1, "stdout", 3, 4); s != "3456" || eof {
		t.Fatalf("window: %q %v", s, eof)
	}
	if s, eof := read("a", -1, "stdout", 0, 100); s != files["a.out"] || eof {
		t.Fatalf("a running run's log is never at its end: %q %v", s, eof)
	}
	if s, _ := read("b", 1, "stdout", 0, 100); s != "task one\n" {
		t.Fatalf("array task: %q", s)
	}
	// Several files: the prefixed concatenation, sliced at the offset.
	all, _ := read("", -1, "", 0, 1000)
	if !strings.Contains(all, "[a] 0123456789\n") || !strings.Contains(all, "[a stderr] oops\n") || !strings.Contains(all, "[b[1]] task one\n") {
		t.Fatalf("everything: %q", all)
	}
	if s, _ := read("", -1, "", 5, 7); s != all[5:12] {
		t.Fatalf("slice of everything: %q, want %q", s, all[5:12])
	}
	// The run has ended: the end of the log is the end.
	if err := d.journal.Advance(ctx, id, runstate.Submitting, runstate.Failed, "test"); err != nil {
		t.Fatal(err)
	}
	if s, eof := read("a", -1, "stdout", 0, len(files["a.out"])); s != files["a.out"] || !eof {
		t.Fatalf("exactly the rest: %q %v", s, eof)
	}
	if s, eof := read("a", -1, "stdout", 0, 4); s != "0123" || eof {
		t.Fatalf("more to come: %q %v", s, eof)
	}
	if s, eof := read("a", -1, "stdout", 1000, 4); s != "" || !eof {
		t.Fatalf("past the end: %q %v", s, eof)
	}
	for name, call := range map[string]func() error{
		"bad stream":  func() error { _, _, err := d.ReadLogs(ctx, id, "a", -1, "stdin", 0, 10); return err },
		"bad step":    func() error { _, _, err := d.ReadLogs(ctx, id, "../a", -1, "", 0, 10); return err },
		"no step":     func() error { _, _, err := d.ReadLogs(ctx, id, "zz", -1, "", 0, 10); return err },
		"negative":    func() error { _, _, err := d.ReadLogs(ctx, id, "a", -1, "", -1, 10); return err },
		"no bytes":    func() error { _, _, err := d.ReadLogs(ctx, id, "a", -1, "", 0, 0); return err },
		"unknown run": func() error { _, _, err := d.ReadLogs(ctx, "r-zzzzzzzzzzzzzzzz", "", -1, "", 0, 10); return err },
	} {
		if call() == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
