package journal

import (
	"context"
	"errors"
	"strings"
	"testing"
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
	if reported, err := j.AckGateway(ctx, "r-grid", GatewayAck{State: Accepted, StepsSHA256: "h0"}); err != nil || reported {
		t.Fatal(reported, err)
	}
	if err := j.Render(ctx, "r-grid", "/ws", []Step{{Name: "a", Tag: "r-grid.a"}}); err != nil {
		t.Fatal(err)
	}
	if err := j.Advance(ctx, "r-grid", Submitting, Failed, "step a: failed"); err != nil {
		t.Fatal(err)
	}
	// The outcome without usage is acknowledged but the run stays open.
	if reported, err := j.AckGateway(ctx, "r-grid", GatewayAck{State: Failed, StepsSHA256: "h1"}); err != nil || reported {
		t.Fatal(reported, err)
	}
	// An acknowledgement with usage of a state the run has left does not report it.
	if reported, err := j.AckGateway(ctx, "r-grid", GatewayAck{State: Completed, StepsSHA256: "h1", Usage: true}); err != nil || reported {
		t.Fatal(reported, err)
	}

	j.Close()
	j, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	runs, _ = j.OpenGatewayRuns(ctx)
	if len(runs) != 2 || runs[0].Ack == nil || runs[0].Ack.State != Completed || !runs[0].Ack.Usage {
		t.Fatalf("after reopen: %+v", runs[0].Ack)
	}
	if reported, err := j.AckGateway(ctx, "r-grid", GatewayAck{State: Failed, StepsSHA256: "h1", Usage: true}); err != nil || !reported {
		t.Fatal(reported, err)
	}
	r, _ := j.Get(ctx, "r-grid")
	if r.State != Reported || r.Outcome != Failed || r.Error != "step a: failed" {
		t.Fatalf("reported run: %s %s %q", r.State, r.Outcome, r.Error)
	}
	runs, _ = j.OpenGatewayRuns(ctx)
	if len(runs) != 1 || runs[0].ID != "r-grid2" {
		t.Fatalf("a reported run is still open: %+v", runs)
	}
	// Acknowledging a reported run again changes nothing.
	if reported, err := j.AckGateway(ctx, "r-grid", GatewayAck{State: Failed, Usage: true}); err != nil || reported {
		t.Fatal(reported, err)
	}
	if _, err := j.AckGateway(ctx, "r-nope", GatewayAck{State: Failed}); !errors.Is(err, ErrNotFound) {
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
