package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/site/siteapi"
)

// stateAtVersion1 writes a gateway state as the first schema left it, with one queued job.
func stateAtVersion1(t *testing.T, path string) {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []string{migrations[0], `PRAGMA user_version = 1`,
		`INSERT INTO jobs(id, researcher, idempotency_key, escrow_id, workflow, file_name, source, params, max_cost_wei, state, escrow_state, created_at, updated_at)
		VALUES ('r-aaaaaaaaaaaaaaaa', '0x00000000000000000000000000000000000000aa', 'key-0123456789abcdef', '0x01', 'train', 'w.yaml', 'version: 1', '{}', '1000', 'queued', 'locked', 1, 1)`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
}

// TestOpenMigratesAnExistingState: a state from before worst cases, billing and signed
// submissions opens, its jobs read as having none of them, and they are recorded from then on.
func TestOpenMigratesAnExistingState(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "gateway.db")
	stateAtVersion1(t, path)
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("opening a version 1 state: %v", err)
	}
	defer s.Close()
	var version int
	if err := s.db.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&version); err != nil || version != len(migrations) {
		t.Fatalf("schema version %d (%v), want %d", version, err, len(migrations))
	}
	old, err := s.Job(ctx, "r-aaaaaaaaaaaaaaaa")
	if err != nil || old.WorstCase != nil || old.Billing != nil || old.Submission != nil || old.SignedSubmission {
		t.Fatalf("a job from before the migration: %+v %v", old, err)
	}

	worst := gatewayapi.WorstCase{CostWei: "900", ComputeHoursMilli: 900, Steps: []gatewayapi.StepWorstCase{{Step: "train", TimeSeconds: 60, ComputeHoursMilli: 900, GPUs: 2, CPUs: 2, ArrayTasks: 1}}}
	if err := s.Assign(ctx, old.ID, "site-a", "placed", "1000", worst); err != nil {
		t.Fatal(err)
	}
	j, err := s.Job(ctx, old.ID)
	if err != nil || j.WorstCase == nil || !reflect.DeepEqual(*j.WorstCase, worst) {
		t.Fatalf("worst case after placement: %+v %v", j.WorstCase, err)
	}
	// The bill sees the steps as the update leaves them, and its record is kept.
	started := time.Unix(100, 0).UTC()
	steps := []siteapi.Step{{Name: "train", State: runstate.StepCompleted, StartedAt: &started}}
	var billedSteps []siteapi.Step
	bill := func(j gatewayapi.Job, u protocol.Usage) (Bill, error) {
		billedSteps = j.Steps
		return Bill{CostWei: "7", Billing: &gatewayapi.Billing{ClaimedComputeHoursMilli: u.ComputeHoursMilli, BilledComputeHoursMilli: 7, Caps: []string{"capped"}}}, nil
	}
	if _, err := s.ApplyUpdate(ctx, "site-a", protocol.JobUpdate{Job: j.ID, State: runstate.Completed, Steps: steps, Usage: &protocol.Usage{ComputeHoursMilli: 9}}, bill); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(billedSteps, steps) {
		t.Fatalf("the bill saw steps %+v, want the update's %+v", billedSteps, steps)
	}
	j, err = s.Job(ctx, j.ID)
	if err != nil || j.CostWei != "7" || j.Billing == nil || j.Billing.ClaimedComputeHoursMilli != 9 || j.Billing.BilledComputeHoursMilli != 7 || len(j.Billing.Caps) != 1 {
		t.Fatalf("billed job: cost %s, billing %+v, %v", j.CostWei, j.Billing, err)
	}

	// Reopening a migrated state changes nothing.
	s.Close()
	if s, err = Open(ctx, path); err != nil {
		t.Fatalf("reopening: %v", err)
	}
	if again, err := s.Job(ctx, j.ID); err != nil || again.Billing == nil || again.WorstCase == nil {
		t.Fatalf("after reopening: %+v %v", again, err)
	}
}

// TestJobKeepsItsSignedSubmission: the submission a job was created with comes back as it was,
// to be forwarded to its site.
func TestJobKeepsItsSignedSubmission(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "gateway.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	sub := &reqsign.Submission{Signer: "0x00000000000000000000000000000000000000aa", Audience: "grid", Nonce: "nonce-0123456789abcdef", Expires: 42, Signature: "0x01"}
	created, err := s.CreateJob(ctx, gatewayapi.Job{ID: "r-bbbbbbbbbbbbbbbb", Researcher: sub.Signer, IdempotencyKey: "key-0123456789abcdef", EscrowID: "0x02",
		Workflow: "w", SourceName: "w.yaml", Source: []byte("version: 1"), MaxCostWei: "1", Submission: sub})
	if err != nil || !created.SignedSubmission {
		t.Fatalf("creating: %+v %v", created, err)
	}
	j, err := s.Job(ctx, created.ID)
	if err != nil || j.Submission == nil || *j.Submission != *sub || !j.SignedSubmission {
		t.Fatalf("stored submission: %+v %v", j.Submission, err)
	}
}
