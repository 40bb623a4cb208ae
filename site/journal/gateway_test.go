package journal

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/site/siteapi"
)

func TestGatewayAcksSurviveReopenAndReport(t *testing.T) {
	ctx := context.Background()
	j, path := open(t)
	accept(t, j, "r-local", "k1")
	accept(t, j, "r-grid", GatewayKeyPrefix+"r-grid")
	accept(t, j, "r-grid2", GatewayKeyPrefix+"r-grid2")

	runs, err := j.OpenGatewayRuns(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != 2 || runs[0].ID != "r-grid" || runs[1].ID != "r-grid2" || runs[0].Ack != nil {
		t.Fatalf("open gateway runs: %+v", runs)
	}
	// An acknowledgement of a live state moves nothing.
	if reported, err := j.AckGateway(ctx, "r-grid", GatewayAck{State: runstate.Accepted, StepsSHA256: "h0"}); err != nil || reported {
		t.Fatal(reported, err)
	}
	if err := j.Render(ctx, "r-grid", "/ws", []siteapi.Step{{Name: "a", Tag: "r-grid.a"}}); err != nil {
		t.Fatal(err)
	}
	if err := j.Advance(ctx, "r-grid", runstate.Submitting, runstate.Failed, "step a: failed"); err != nil {
		t.Fatal(err)
	}
	// The outcome without usage is acknowledged but the run stays open.
	if reported, err := j.AckGateway(ctx, "r-grid", GatewayAck{State: runstate.Failed, StepsSHA256: "h1"}); err != nil || reported {
		t.Fatal(reported, err)
	}
	// An acknowledgement with usage of a state the run has left does not report it.
	if reported, err := j.AckGateway(ctx, "r-grid", GatewayAck{State: runstate.Completed, StepsSHA256: "h1", Usage: true}); err != nil || reported {
		t.Fatal(reported, err)
	}

	j.Close()
	j, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	runs, _ = j.OpenGatewayRuns(ctx)
	if len(runs) != 2 || runs[0].Ack == nil || runs[0].Ack.State != runstate.Completed || !runs[0].Ack.Usage {
		t.Fatalf("after reopen: %+v", runs[0].Ack)
	}
	if reported, err := j.AckGateway(ctx, "r-grid", GatewayAck{State: runstate.Failed, StepsSHA256: "h1", Usage: true}); err != nil || !reported {
		t.Fatal(reported, err)
	}
	r, _ := j.Get(ctx, "r-grid")
	if r.State != runstate.Reported || r.Outcome != runstate.Failed || r.Error != "step a: failed" {
		t.Fatalf("reported run: %s %s %q", r.State, r.Outcome, r.Error)
	}
	runs, _ = j.OpenGatewayRuns(ctx)
	if len(runs) != 1 || runs[0].ID != "r-grid2" {
		t.Fatalf("a reported run is still open: %+v", runs)
	}
	// Acknowledging a reported run again changes nothing.
	if reported, err := j.AckGateway(ctx, "r-grid", GatewayAck{State: runstate.Failed, Usage: true}); err != nil || reported {
		t.Fatal(reported, err)
	}
	if _, err := j.AckGateway(ctx, "r-nope", GatewayAck{State: runstate.Failed}); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown run: %v", err)
	}
}

func TestGatewayReports(t *testing.T) {
	ctx := context.Background()
	j, _ := open(t)
	if _, _, ok, err := j.GatewayReport(ctx, "alpha", 7); ok || err != nil {
		t.Fatal(ok, err)
	}
	if err := j.RecordGatewayReport(ctx, "alpha", 7, ReportRejected, "low coverage"); err != nil {
		t.Fatal(err)
	}
	outcome, detail, ok, err := j.GatewayReport(ctx, "alpha", 7)
	if !ok || err != nil || outcome != ReportRejected || detail != "low coverage" {
		t.Fatal(outcome, detail, ok, err)
	}
	if _, _, ok, _ := j.GatewayReport(ctx, "beta", 7); ok {
		t.Fatal("another cluster's report")
	}
}

func TestOpenGatewayRunsUsesTheIndex(t *testing.T) {
	ctx := context.Background()
	j, _ := open(t)
	rows, err := j.db.QueryContext(ctx, `EXPLAIN QUERY PLAN SELECT id FROM runs WHERE state <> 'reported' AND idempotency_key >= ? AND idempotency_key < ?`, GatewayKeyPrefix, gatewayKeyEnd)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, detail)
	}
	if !strings.Contains(strings.Join(plan, ";"), "runs_gateway_open") {
		t.Fatalf("query plan does not use runs_gateway_open: %q", plan)
	}
}

// TestSignedSubmissionAuthorisesOneRun: a signed submission's nonce is spent with the run it
// authorises; another run with it is refused and recorded nowhere, and a run that could not
// be recorded leaves the nonce unspent (the gateway sends the assignment again).
func TestSignedSubmissionAuthorisesOneRun(t *testing.T) {
	ctx := context.Background()
	j, path := open(t)
	n := SubmissionNonce{Signer: "0xabc", Nonce: "nonce-0123456789abcdef", Expires: j.now().Add(time.Hour)}
	run := func(id string) siteapi.Run {
		return siteapi.Run{ID: id, Researcher: "0xabc", LocalUser: "alice", IdempotencyKey: GatewayKeyPrefix + id, Workflow: "wf", SourceName: "wf.yaml", Source: []byte("version: 1")}
	}
	// A run that cannot be recorded (its id is taken) spends nothing.
	accept(t, j, "r-taken", "k-taken")
	if _, err := j.AcceptGridRun(ctx, run("r-taken"), n); err == nil {
		t.Fatal("a second run under a taken id was recorded")
	}
	if _, err := j.AcceptGridRun(ctx, run("r-first"), n); err != nil {
		t.Fatalf("the first run with the submission: %v", err)
	}
	// The same nonce for another run, even after a restart, is a replay.
	j.Close()
	j2, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer j2.Close()
	if _, err := j2.AcceptGridRun(ctx, run("r-second"), n); !errors.Is(err, ErrNonceUsed) {
		t.Fatalf("a replayed submission: %v", err)
	}
	if _, err := j2.Get(ctx, "r-second"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("the replayed run was recorded: %v", err)
	}
	// Request nonces live apart: the same string as a request nonce is fresh.
	if fresh, err := j2.RememberNonce(ctx, n.Signer, n.Nonce, n.Expires); err != nil || !fresh {
		t.Fatalf("a request nonce equal to a submission's: %v %v", fresh, err)
	}
}
