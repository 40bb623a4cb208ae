package journal

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/site/siteapi"
)

func open(t *testing.T) (*Journal, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "j.db")
	j, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	return j, path
}

func accept(t *testing.T, j *Journal, id, key string) siteapi.Run {
	t.Helper()
	r, err := j.Accept(context.Background(), siteapi.Run{ID: id, Researcher: "0xabc", LocalUser: "alice", IdempotencyKey: key, Workflow: "wf", SourceName: "wf.yaml", Source: []byte("version: 1"), Params: map[string]string{"n": "1"}})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestLifecycle(t *testing.T) {
	ctx := context.Background()
	j, _ := open(t)
	accept(t, j, "r-1", "k1")
	steps := []siteapi.Step{{Name: "a", Position: 0, Tag: "r-1.a", Stdout: "a.out", Stderr: "a.err"}, {Name: "b", Position: 1, Tag: "r-1.b", Finally: true, ArraySize: 3}}
	if err := j.Render(ctx, "r-1", "/ws/r-1", steps); err != nil {
		t.Fatal(err)
	}
	// Render commits rendered and submitting together.
	if r, _ := j.Get(ctx, "r-1"); r.State != runstate.Submitting {
		t.Fatalf("after render: %s", r.State)
	}
	if last, err := j.RecordJob(ctx, "r-1", "a", 11, ""); err != nil || last {
		t.Fatal(last, err)
	}
	// Recording the same job again is a no-op; another job for the step is refused.
	if _, err := j.RecordJob(ctx, "r-1", "a", 11, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := j.RecordJob(ctx, "r-1", "a", 12, ""); err == nil {
		t.Fatal("a second job for one step was accepted")
	}
	// The last step's job moves the run to submitted in the same commit.
	if last, err := j.RecordJob(ctx, "r-1", "b", 13, ""); err != nil || !last {
		t.Fatal(last, err)
	}
	// A stale transition is refused with the state the run is really in.
	var conflict *StateConflictError
	if err := j.Advance(ctx, "r-1", runstate.Submitting, runstate.Submitted, ""); !errors.As(err, &conflict) || conflict.Have != runstate.Submitted {
		t.Fatalf("stale advance: %v", err)
	}
	if err := j.Advance(ctx, "r-1", runstate.Submitted, runstate.Accepted, ""); err == nil {
		t.Fatal("went backwards")
	}
	code := 3
	now := time.Now().UTC()
	if err := j.UpdateSteps(ctx, []StepUpdate{{RunID: "r-1", Step: "a", State: runstate.StepFailed, SlurmState: "FAILED", ExitCode: &code, EndedAt: &now}, {RunID: "r-1", Step: "b", State: runstate.StepRunning}}); err != nil {
		t.Fatal(err)
	}
	// Terminal steps never change again.
	if err := j.UpdateSteps(ctx, []StepUpdate{{RunID: "r-1", Step: "a", State: runstate.StepRunning}}); err != nil {
		t.Fatal(err)
	}
	if err := j.Advance(ctx, "r-1", runstate.Submitted, runstate.Failed, "step a: failed (exit code 3)"); err != nil {
		t.Fatal(err)
	}
	r, err := j.Get(ctx, "r-1")
	if err != nil {
		t.Fatal(err)
	}
	if r.State != runstate.Failed || r.Outcome != runstate.Failed || r.Error == "" || r.EndedAt == nil || r.SubmittedAt == nil || r.Workspace != "/ws/r-1" || r.Params["n"] != "1" {
		t.Fatalf("run: %+v", r)
	}
	if len(r.Steps) != 2 || r.Steps[0].State != runstate.StepFailed || *r.Steps[0].ExitCode != 3 || r.Steps[0].JobID != 11 || r.Steps[1].ArraySize != 3 || !r.Steps[1].Finally {
		t.Fatalf("steps: %+v", r.Steps)
	}
	if err := j.Advance(ctx, "r-1", runstate.Failed, runstate.Reported, ""); err != nil {
		t.Fatal(err)
	}
	if r, _ = j.Get(ctx, "r-1"); r.State != runstate.Reported || r.Outcome != runstate.Failed {
		t.Fatalf("reported: %+v", r)
	}
	h, err := j.History(ctx, "r-1")
	if err != nil || len(h) < 7 || h[0].To != string(runstate.Accepted) {
		t.Fatalf("history: %v %+v", err, h)
	}
}

func TestIdempotencyKey(t *testing.T) {
	ctx := context.Background()
	j, _ := open(t)
	accept(t, j, "r-1", "same")
	r, err := j.Accept(ctx, siteapi.Run{ID: "r-2", Researcher: "0xabc", LocalUser: "alice", IdempotencyKey: "same", Source: []byte("x")})
	if !errors.Is(err, ErrDuplicate) || r.ID != "r-1" {
		t.Fatalf("duplicate: %v %+v", err, r)
	}
	// Another researcher may use the same key; runs without a key never collide.
	if _, err := j.Accept(ctx, siteapi.Run{ID: "r-3", Researcher: "0xdef", LocalUser: "bob", IdempotencyKey: "same", Source: []byte("x")}); err != nil {
		t.Fatal(err)
	}
	accept(t, j, "r-4", "")
	accept(t, j, "r-5", "")
	runs, err := j.List(ctx, Filter{Researcher: "0xabc"})
	if err != nil || len(runs) != 3 || runs[0].ID != "r-5" {
		t.Fatalf("list: %v %+v", err, runs)
	}
}

func TestCancelRequestIsDurable(t *testing.T) {
	ctx := context.Background()
	j, path := open(t)
	accept(t, j, "r-1", "")
	if _, err := j.RequestCancel(ctx, "r-1"); err != nil {
		t.Fatal(err)
	}
	if _, err := j.RequestCancel(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown run: %v", err)
	}
	j.Close()
	j2, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer j2.Close()
	r, err := j2.Get(ctx, "r-1")
	if err != nil || !r.CancelRequested {
		t.Fatalf("after reopening: %v %+v", err, r)
	}
	active, err := j2.Active(ctx)
	if err != nil || len(active) != 1 {
		t.Fatalf("active: %v %+v", err, active)
	}
}

func TestOneDaemonPerJournal(t *testing.T) {
	_, path := open(t)
	if _, err := Open(context.Background(), path); err == nil {
		t.Fatal("a second process opened the journal")
	}
}

func TestNoncesRefuseReplays(t *testing.T) {
	ctx := context.Background()
	j, _ := open(t)
	exp := time.Now().Add(time.Minute)
	var wg sync.WaitGroup
	fresh := make(chan bool, 16)
	for i := 0; i < 16; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ok, err := j.RememberNonce(ctx, "0xabc", "n1", exp)
			if err != nil {
				t.Error(err)
			}
			fresh <- ok
		}()
	}
	wg.Wait()
	close(fresh)
	n := 0
	for ok := range fresh {
		if ok {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("%d of 16 concurrent uses of one nonce were fresh", n)
	}
	if ok, _ := j.RememberNonce(ctx, "0xdef", "n1", exp); !ok {
		t.Fatal("another signer's nonce was taken for a replay")
	}
}

func TestNewerSchemaRefused(t *testing.T) {
	ctx := context.Background()
	j, path := open(t)
	if _, err := j.db.ExecContext(ctx, `INSERT INTO schema_migrations(version, applied_at) VALUES (99, 0)`); err != nil {
		t.Fatal(err)
	}
	j.Close()
	if _, err := Open(ctx, path); err == nil {
		t.Fatal("a journal from a newer build was opened")
	}
}

// A completed run's outputs digest is journaled with the state, in one commit; a run without
// one keeps the reason in its history, not as its error.
func TestCompleteRecordsTheOutputsDigest(t *testing.T) {
	ctx := context.Background()
	j, _ := open(t)
	digest := "3c6a0a2ca5f4edda860a7acf2f7dfd0edec52a9a162fe52d50eaa966f011c153"
	for _, id := range []string{"r-1", "r-2"} {
		accept(t, j, id, "k-"+id)
		if err := j.Render(ctx, id, "/ws/"+id, []siteapi.Step{{Name: "a", Tag: id + ".a"}}); err != nil {
			t.Fatal(err)
		}
		if _, err := j.RecordJob(ctx, id, "a", 11, ""); err != nil {
			t.Fatal(err)
		}
	}
	// From a state the run is not in: nothing is written.
	var conflict *StateConflictError
	if err := j.Complete(ctx, "r-1", runstate.Running, digest, ""); !errors.As(err, &conflict) {
		t.Fatalf("stale completion: %v", err)
	}
	if r, _ := j.Get(ctx, "r-1"); r.State != runstate.Submitted || r.OutputsSHA256 != "" {
		t.Fatalf("after a stale completion: %s %q", r.State, r.OutputsSHA256)
	}
	if err := j.Complete(ctx, "r-1", runstate.Submitted, digest, ""); err != nil {
		t.Fatal(err)
	}
	r, err := j.Get(ctx, "r-1")
	if err != nil || r.State != runstate.Completed || r.Outcome != runstate.Completed || r.OutputsSHA256 != digest || r.EndedAt == nil {
		t.Fatalf("completed: %+v %v", r, err)
	}
	// Lists carry it too (the gateway link reads them).
	if runs, err := j.List(ctx, Filter{}); err != nil || len(runs) != 2 || runs[1].OutputsSHA256 != digest {
		t.Fatalf("list: %+v %v", runs, err)
	}
	note := "outputs digest: output manifest a.sha256, line 1: no path"
	if err := j.Complete(ctx, "r-2", runstate.Submitted, "", note); err != nil {
		t.Fatal(err)
	}
	r, _ = j.Get(ctx, "r-2")
	if r.State != runstate.Completed || r.OutputsSHA256 != "" || r.Error != "" {
		t.Fatalf("completed without a digest: %+v", r)
	}
	history, err := j.History(ctx, "r-2")
	if err != nil {
		t.Fatal(err)
	}
	last := history[len(history)-1]
	if last.From != string(runstate.Completed) || last.To != string(runstate.Completed) || last.Detail != note {
		t.Fatalf("history: %+v", history)
	}
}
