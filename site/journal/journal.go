// Package journal is the site daemon's durable record of every run it accepted: what was
// asked, what was rendered, which Slurm jobs exist for it and how they ended. It is the
// daemon's memory across crashes: each transition is committed (WAL, synchronous=FULL)
// before the action that follows it, so that after a kill -9 the daemon knows which
// submissions may have reached Slurm and looks them up by tag instead of repeating them.
package journal

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/petagrid/petagrid/internal/sqlitedb"

	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/site/siteapi"
)

// rank orders the live states so that a transition never goes back.
func rank(s runstate.State) int {
	switch s {
	case runstate.Accepted:
		return 0
	case runstate.Rendered:
		return 1
	case runstate.Submitting:
		return 2
	case runstate.Submitted:
		return 3
	case runstate.Running:
		return 4
	case runstate.Reported:
		return 6
	}
	return 5
}

// ErrNotFound is returned for an unknown run.
var ErrNotFound = errors.New("no such run")

// ErrDuplicate is returned by Accept when the researcher already submitted under the same
// idempotency key; the existing run comes with it.
var ErrDuplicate = errors.New("a run with this idempotency key exists")

// Journal is the SQLite journal. Writes are serialised (SQLite has one writer); reads run
// concurrently on their own connections.
type Journal struct {
	db     *sql.DB
	handle *sqlitedb.DB
	now    func() time.Time
}

// Open opens (creating if needed) the journal at path and brings its schema up to date.
func Open(ctx context.Context, path string) (*Journal, error) {
	h, err := sqlitedb.Open(ctx, path, sqlitedb.Options{
		Name: "journal",
		// One daemon per journal: two would both submit the same runs.
		Holder:   "petagrid process",
		DirMode:  0o700,
		FileMode: 0o600,
		// synchronous=FULL makes every commit durable on return (NORMAL may lose the last
		// commits on power loss, which would break "durable before the next action").
		Synchronous:  "FULL",
		BusyTimeout:  10 * time.Second,
		ForeignKeys:  true,
		MaxOpenConns: 8,
		Schema: sqlitedb.Schema{
			Steps:   migrations,
			Version: sqlitedb.MigrationsTable,
			TooNew:  "the journal has schema version %d, newer than this build's %d: run the newer petagrid, or restore the journal's backup",
		},
	})
	if err != nil {
		return nil, err
	}
	j := &Journal{db: h.SQL, handle: h, now: func() time.Time { return time.Now().UTC() }}
	if err := os.Chmod(path, 0o600); err != nil {
		j.Close()
		return nil, fmt.Errorf("journal %s: %w", path, err)
	}
	return j, nil
}

// Close closes the database and releases the lock.
func (j *Journal) Close() error { return j.handle.Close() }

// migrations are the schema's steps, recorded in the table schema_migrations
// (sqlitedb.Schema). Never edit one that has shipped: add another.
var migrations = []string{
	// 1: runs, steps, the transition log and request nonces.
	`CREATE TABLE runs (
		id TEXT PRIMARY KEY,
		researcher TEXT NOT NULL,
		local_user TEXT NOT NULL,
		idempotency_key TEXT,
		workflow TEXT NOT NULL,
		source_name TEXT NOT NULL,
		source BLOB NOT NULL,
		params TEXT NOT NULL,
		state TEXT NOT NULL,
		outcome TEXT NOT NULL DEFAULT '',
		workspace TEXT NOT NULL DEFAULT '',
		error TEXT NOT NULL DEFAULT '',
		cancel_requested INTEGER NOT NULL DEFAULT 0,
		created_at INTEGER NOT NULL,
		updated_at INTEGER NOT NULL,
		submitted_at INTEGER,
		ended_at INTEGER
	);
	CREATE UNIQUE INDEX runs_idempotency ON runs(researcher, idempotency_key) WHERE idempotency_key IS NOT NULL;
	CREATE INDEX runs_state ON runs(state);
	CREATE INDEX runs_researcher ON runs(researcher, created_at);
	CREATE TABLE steps (
		run_id TEXT NOT NULL REFERENCES runs(id),
		name TEXT NOT NULL,
		position INTEGER NOT NULL,
		tag TEXT NOT NULL UNIQUE,
		finally INTEGER NOT NULL,
		array_size INTEGER NOT NULL,
		job_id INTEGER,
		state TEXT NOT NULL,
		slurm_state TEXT NOT NULL DEFAULT '',
		reason TEXT NOT NULL DEFAULT '',
		exit_code INTEGER,
		exit_signal INTEGER,
		stdout TEXT NOT NULL,
		stderr TEXT NOT NULL,
		submitted_at INTEGER,
		started_at INTEGER,
		ended_at INTEGER,
		PRIMARY KEY (run_id, name)
	);
	CREATE INDEX steps_job ON steps(job_id);
	CREATE TABLE transitions (
		seq INTEGER PRIMARY KEY AUTOINCREMENT,
		run_id TEXT NOT NULL,
		step TEXT NOT NULL DEFAULT '',
		from_state TEXT NOT NULL,
		to_state TEXT NOT NULL,
		at INTEGER NOT NULL,
		detail TEXT NOT NULL DEFAULT ''
	);
	CREATE INDEX transitions_run ON transitions(run_id, seq);
	CREATE TABLE nonces (
		signer TEXT NOT NULL,
		nonce TEXT NOT NULL,
		expires_at INTEGER NOT NULL,
		PRIMARY KEY (signer, nonce)
	);
	CREATE INDEX nonces_expiry ON nonces(expires_at);`,
	// 2: what the grid gateway acknowledged of the runs it assigned, and of the PoCP reports
	// sent to it, so that a restart sends again only what it has not acknowledged. The
	// partial index keeps the link's scan of open gateway runs off the reported ones.
	`CREATE TABLE gateway_acks (
		run_id TEXT PRIMARY KEY REFERENCES runs(id),
		state TEXT NOT NULL,
		steps_sha256 TEXT NOT NULL,
		usage_acked INTEGER NOT NULL DEFAULT 0,
		acked_at INTEGER NOT NULL
	);
	CREATE INDEX runs_gateway_open ON runs(idempotency_key) WHERE state <> 'reported';
	CREATE TABLE gateway_reports (
		cluster TEXT NOT NULL,
		epoch INTEGER NOT NULL,
		outcome TEXT NOT NULL,
		detail TEXT NOT NULL DEFAULT '',
		at INTEGER NOT NULL,
		PRIMARY KEY (cluster, epoch)
	);`,
	// 3: the grid gateway's compute challenges, so that a restart neither loses one nor runs
	// it twice: what was asked (the spec as the gateway sent it), the Slurm job the site
	// submitted for it, and the gateway's word on its answer. The partial index keeps the
	// runner's scan at start-up off the finished ones.
	`CREATE TABLE challenges (
		id TEXT PRIMARY KEY,
		partition TEXT NOT NULL,
		spec TEXT NOT NULL,
		deadline INTEGER NOT NULL,
		local_user TEXT NOT NULL,
		workspace TEXT NOT NULL,
		state TEXT NOT NULL,
		job_id INTEGER,
		outcome TEXT NOT NULL DEFAULT '',
		detail TEXT NOT NULL DEFAULT '',
		created_at INTEGER NOT NULL,
		updated_at INTEGER NOT NULL,
		cpus INTEGER NOT NULL DEFAULT 0,
		gpus INTEGER NOT NULL DEFAULT 0,
		gpu_type TEXT NOT NULL DEFAULT ''
	);
	CREATE INDEX challenges_open ON challenges(created_at) WHERE state IN ('accepted', 'submitted');`,
	// 4: the digest of a completed run's declared outputs (workflows.OutputsDigest), which
	// the grid gateway compares replicas by; '' when there is none.
	`ALTER TABLE runs ADD COLUMN outputs_sha256 TEXT NOT NULL DEFAULT '';`,
	// 5: what a challenge's deadline was sized for (protocol.Challenge.Timed): 'gpu' makes
	// the job compute on the node's GPUs; '' (older gateways) and 'cpu' leave it free.
	`ALTER TABLE challenges ADD COLUMN timed TEXT NOT NULL DEFAULT '';`,
}

// SchemaVersion is the version this build writes.
func SchemaVersion() int { return len(migrations) }

// tx runs fn in one write transaction.
func (j *Journal) tx(ctx context.Context, fn func(*sql.Tx) error) error {
	return j.handle.Write(ctx, fn)
}

func unix(t time.Time) int64 { return t.UTC().Unix() }

func nullTime(v sql.NullInt64) *time.Time {
	if !v.Valid {
		return nil
	}
	t := time.Unix(v.Int64, 0).UTC()
	return &t
}

func logTransition(ctx context.Context, tx *sql.Tx, runID, step string, from, to string, at time.Time, detail string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO transitions(run_id, step, from_state, to_state, at, detail) VALUES (?,?,?,?,?,?)`, runID, step, from, to, unix(at), detail)
	if err != nil {
		return fmt.Errorf("journal: recording transition of %s: %w", runID, err)
	}
	return nil
}

// Accept records a new run in state Accepted. If the researcher already has a run with the
// same non-empty idempotency key, nothing is written and that run is returned with
// ErrDuplicate.
func (j *Journal) Accept(ctx context.Context, r siteapi.Run) (siteapi.Run, error) {
	return j.accept(ctx, r, nil)
}

// accept is Accept, spending spend (when not nil) in the same transaction.
func (j *Journal) accept(ctx context.Context, r siteapi.Run, spend *SubmissionNonce) (siteapi.Run, error) {
	params, err := json.Marshal(r.Params)
	if err != nil {
		return siteapi.Run{}, fmt.Errorf("journal: params: %w", err)
	}
	now := j.now()
	r.State, r.CreatedAt, r.UpdatedAt = runstate.Accepted, now, now
	var existing string
	err = j.tx(ctx, func(tx *sql.Tx) error {
		if r.IdempotencyKey != "" {
			err := tx.QueryRowContext(ctx, `SELECT id FROM runs WHERE researcher = ? AND idempotency_key = ?`, r.Researcher, r.IdempotencyKey).Scan(&existing)
			if err == nil {
				return ErrDuplicate
			}
			if !errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("journal: %w", err)
			}
		}
		if spend != nil {
			if err := j.spendNonce(ctx, tx, *spend); err != nil {
				return err
			}
		}
		var key any
		if r.IdempotencyKey != "" {
			key = r.IdempotencyKey
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO runs(id, researcher, local_user, idempotency_key, workflow, source_name, source, params, state, created_at, updated_at)
			VALUES (?,?,?,?,?,?,?,?,?,?,?)`, r.ID, r.Researcher, r.LocalUser, key, r.Workflow, r.SourceName, r.Source, string(params), string(runstate.Accepted), unix(now), unix(now))
		if err != nil {
			return fmt.Errorf("journal: accepting run %s: %w", r.ID, err)
		}
		return logTransition(ctx, tx, r.ID, "", "", string(runstate.Accepted), now, "")
	})
	if errors.Is(err, ErrDuplicate) {
		run, gerr := j.Get(ctx, existing)
		if gerr != nil {
			return siteapi.Run{}, gerr
		}
		return run, ErrDuplicate
	}
	if err != nil {
		return siteapi.Run{}, err
	}
	return r, nil
}

// Render records the rendered plan (the workspace and one row per step) and moves the run
// from Accepted through Rendered to Submitting in one commit: nothing happens between those
// two transitions, so one fsync serves both, and both appear in the history.
func (j *Journal) Render(ctx context.Context, runID, workspace string, steps []siteapi.Step) error {
	now := j.now()
	return j.tx(ctx, func(tx *sql.Tx) error {
		if err := advance(ctx, tx, runID, runstate.Accepted, runstate.Rendered, now, ""); err != nil {
			return err
		}
		if err := advance(ctx, tx, runID, runstate.Rendered, runstate.Submitting, now, ""); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE runs SET workspace = ? WHERE id = ?`, workspace, runID); err != nil {
			return fmt.Errorf("journal: %w", err)
		}
		for _, s := range steps {
			_, err := tx.ExecContext(ctx, `INSERT INTO steps(run_id, name, position, tag, finally, array_size, state, stdout, stderr) VALUES (?,?,?,?,?,?,?,?,?)`,
				runID, s.Name, s.Position, s.Tag, s.Finally, s.ArraySize, string(runstate.StepPlanned), s.Stdout, s.Stderr)
			if err != nil {
				return fmt.Errorf("journal: step %s of run %s: %w", s.Name, runID, err)
			}
		}
		return nil
	})
}

// Advance moves a run from state from to state to (and records why).
func (j *Journal) Advance(ctx context.Context, runID string, from, to runstate.State, detail string) error {
	return j.tx(ctx, func(tx *sql.Tx) error {
		return advance(ctx, tx, runID, from, to, j.now(), detail)
	})
}

// Complete moves a run from state from to Completed with the digest of its declared outputs
// (workflows.OutputsDigest; "" when there is none) in the same commit, so that no reader,
// the gateway link least of all, ever sees the run completed without the digest it will
// have. note, when set, says why there is no digest: it goes into the run's history, not
// into its error, since the run succeeded.
func (j *Journal) Complete(ctx context.Context, runID string, from runstate.State, outputsSHA256, note string) error {
	now := j.now()
	return j.tx(ctx, func(tx *sql.Tx) error {
		if err := advance(ctx, tx, runID, from, runstate.Completed, now, ""); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE runs SET outputs_sha256 = ? WHERE id = ?`, outputsSHA256, runID); err != nil {
			return fmt.Errorf("journal: outputs digest of %s: %w", runID, err)
		}
		if note == "" {
			return nil
		}
		return logTransition(ctx, tx, runID, "", string(runstate.Completed), string(runstate.Completed), now, note)
	})
}

// advance is a compare-and-set on the run's state, so that two actors (the executor and a
// cancellation) can never both move it.
func advance(ctx context.Context, tx *sql.Tx, runID string, from, to runstate.State, now time.Time, detail string) error {
	if rank(to) < rank(from) {
		return fmt.Errorf("journal: run %s cannot go back from %s to %s", runID, from, to)
	}
	set := `state = ?, updated_at = ?`
	args := []any{string(to), unix(now)}
	if to == runstate.Submitted {
		set += `, submitted_at = ?`
		args = append(args, unix(now))
	}
	if to.Terminal() && to != runstate.Reported {
		set += `, outcome = ?, ended_at = ?`
		args = append(args, string(to), unix(now))
		if detail != "" {
			set += `, error = ?`
			args = append(args, detail)
		}
	}
	args = append(args, runID, string(from))
	res, err := tx.ExecContext(ctx, `UPDATE runs SET `+set+` WHERE id = ? AND state = ?`, args...)
	if err != nil {
		return fmt.Errorf("journal: run %s %s → %s: %w", runID, from, to, err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		var cur string
		if err := tx.QueryRowContext(ctx, `SELECT state FROM runs WHERE id = ?`, runID).Scan(&cur); errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("run %s: %w", runID, ErrNotFound)
		}
		return &StateConflictError{RunID: runID, Want: from, Have: runstate.State(cur)}
	}
	return logTransition(ctx, tx, runID, "", string(from), string(to), now, detail)
}

// StateConflictError says a run was not in the state a transition expected.
type StateConflictError struct {
	RunID      string
	Want, Have runstate.State
}

func (e *StateConflictError) Error() string {
	return fmt.Sprintf("run %s is %s, not %s", e.RunID, e.Have, e.Want)
}

// RecordJob records the Slurm job id of a step just submitted (or adopted by its tag). When
// it was the run's last step without a job, the run moves from Submitting to Submitted in the
// same commit, and last is true.
func (j *Journal) RecordJob(ctx context.Context, runID, step string, jobID uint32, detail string) (last bool, err error) {
	now := j.now()
	err = j.tx(ctx, func(tx *sql.Tx) error {
		if err := recordJob(ctx, tx, runID, step, jobID, detail, now); err != nil {
			return err
		}
		var left int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM steps WHERE run_id = ? AND job_id IS NULL AND state = ?`, runID, string(runstate.StepPlanned)).Scan(&left); err != nil {
			return fmt.Errorf("journal: %w", err)
		}
		if left > 0 {
			return nil
		}
		var state string
		if err := tx.QueryRowContext(ctx, `SELECT state FROM runs WHERE id = ?`, runID).Scan(&state); err != nil {
			return fmt.Errorf("journal: %w", err)
		}
		if runstate.State(state) != runstate.Submitting {
			return nil
		}
		last = true
		return advance(ctx, tx, runID, runstate.Submitting, runstate.Submitted, now, "")
	})
	return last, err
}

func recordJob(ctx context.Context, tx *sql.Tx, runID, step string, jobID uint32, detail string, now time.Time) error {
	res, err := tx.ExecContext(ctx, `UPDATE steps SET job_id = ?, state = ?, submitted_at = ? WHERE run_id = ? AND name = ? AND job_id IS NULL`,
		int64(jobID), string(runstate.StepPending), unix(now), runID, step)
	if err != nil {
		return fmt.Errorf("journal: job of step %s: %w", step, err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		var have sql.NullInt64
		err := tx.QueryRowContext(ctx, `SELECT job_id FROM steps WHERE run_id = ? AND name = ?`, runID, step).Scan(&have)
		if err != nil {
			return fmt.Errorf("journal: step %s of run %s: %w", step, runID, err)
		}
		if have.Valid && uint32(have.Int64) == jobID {
			return nil
		}
		return fmt.Errorf("journal: step %s of run %s already has job %d, not %d", step, runID, have.Int64, jobID)
	}
	return logTransition(ctx, tx, runID, step, string(runstate.StepPlanned), string(runstate.StepPending), now, strings.TrimSpace(fmt.Sprintf("job %d %s", jobID, detail)))
}

// ForgetLostJobs takes the jobs a restarted controller lost (step name → the job id the
// journal holds) off their steps, which go back to planned without a job, so that they are
// submitted again; the run keeps its state. A step that has another job by now, or has
// ended, is left alone. detail says why, in the step's history. It returns the steps it
// changed.
func (j *Journal) ForgetLostJobs(ctx context.Context, runID string, lost map[string]uint32, detail string) ([]string, error) {
	now := j.now()
	var changed []string
	err := j.tx(ctx, func(tx *sql.Tx) error {
		changed = changed[:0]
		for step, jobID := range lost {
			var cur string
			err := tx.QueryRowContext(ctx, `SELECT state FROM steps WHERE run_id = ? AND name = ? AND job_id = ?`, runID, step, int64(jobID)).Scan(&cur)
			if errors.Is(err, sql.ErrNoRows) {
				continue
			}
			if err != nil {
				return fmt.Errorf("journal: step %s of run %s: %w", step, runID, err)
			}
			if runstate.StepState(cur).Terminal() {
				continue
			}
			_, err = tx.ExecContext(ctx, `UPDATE steps SET job_id = NULL, state = ?, slurm_state = '', reason = '', submitted_at = NULL, started_at = NULL
				WHERE run_id = ? AND name = ? AND job_id = ?`, string(runstate.StepPlanned), runID, step, int64(jobID))
			if err != nil {
				return fmt.Errorf("journal: forgetting job %d of step %s: %w", jobID, step, err)
			}
			if err := logTransition(ctx, tx, runID, step, cur, string(runstate.StepPlanned), now, fmt.Sprintf("job %d %s", jobID, detail)); err != nil {
				return err
			}
			changed = append(changed, step)
		}
		return nil
	})
	sort.Strings(changed)
	return changed, err
}

// StepUpdate is what the tracker learned about a step's job.
type StepUpdate struct {
	RunID, Step string
	State       runstate.StepState
	SlurmState  string
	Reason      string
	ExitCode    *int
	ExitSignal  *int
	StartedAt   *time.Time
	EndedAt     *time.Time
}

// UpdateSteps applies the tracker's findings in one transaction; terminal steps never
// change again.
func (j *Journal) UpdateSteps(ctx context.Context, updates []StepUpdate) error {
	if len(updates) == 0 {
		return nil
	}
	now := j.now()
	return j.tx(ctx, func(tx *sql.Tx) error {
		for _, u := range updates {
			var cur string
			err := tx.QueryRowContext(ctx, `SELECT state FROM steps WHERE run_id = ? AND name = ?`, u.RunID, u.Step).Scan(&cur)
			if err != nil {
				return fmt.Errorf("journal: step %s of run %s: %w", u.Step, u.RunID, err)
			}
			if runstate.StepState(cur).Terminal() {
				continue
			}
			_, err = tx.ExecContext(ctx, `UPDATE steps SET state = ?, slurm_state = ?, reason = ?, exit_code = ?, exit_signal = ?,
				started_at = COALESCE(?, started_at), ended_at = COALESCE(?, ended_at) WHERE run_id = ? AND name = ?`,
				string(u.State), u.SlurmState, u.Reason, intOrNil(u.ExitCode), intOrNil(u.ExitSignal), timeOrNil(u.StartedAt), timeOrNil(u.EndedAt), u.RunID, u.Step)
			if err != nil {
				return fmt.Errorf("journal: step %s of run %s: %w", u.Step, u.RunID, err)
			}
			if cur != string(u.State) {
				if err := logTransition(ctx, tx, u.RunID, u.Step, cur, string(u.State), now, u.Reason); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

func intOrNil(v *int) any {
	if v == nil {
		return nil
	}
	return *v
}

func timeOrNil(t *time.Time) any {
	if t == nil || t.IsZero() {
		return nil
	}
	return unix(*t)
}

// RequestCancel marks a run for cancellation (durably, so that the tracker keeps cancelling
// its jobs until Slurm agrees, even across restarts). It returns the run as it now stands.
func (j *Journal) RequestCancel(ctx context.Context, runID string) (siteapi.Run, error) {
	now := j.now()
	err := j.tx(ctx, func(tx *sql.Tx) error {
		var state string
		var requested bool
		err := tx.QueryRowContext(ctx, `SELECT state, cancel_requested FROM runs WHERE id = ?`, runID).Scan(&state, &requested)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("run %s: %w", runID, ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("journal: %w", err)
		}
		if requested || runstate.State(state).Terminal() {
			return nil
		}
		if _, err := tx.ExecContext(ctx, `UPDATE runs SET cancel_requested = 1, updated_at = ? WHERE id = ?`, unix(now), runID); err != nil {
			return fmt.Errorf("journal: %w", err)
		}
		return logTransition(ctx, tx, runID, "", state, state, now, "cancel requested")
	})
	if err != nil {
		return siteapi.Run{}, err
	}
	return j.Get(ctx, runID)
}

const runColumns = `id, researcher, local_user, COALESCE(idempotency_key, ''), workflow, source_name, source, params, state, outcome, workspace, error, cancel_requested, created_at, updated_at, submitted_at, ended_at, outputs_sha256`

// listColumns leave the workflow source out (up to 4 MiB a run): lists and the tracker's
// work list never need it; Get returns it.
const listColumns = `id, researcher, local_user, COALESCE(idempotency_key, ''), workflow, source_name, X'', params, state, outcome, workspace, error, cancel_requested, created_at, updated_at, submitted_at, ended_at, outputs_sha256`

func scanRun(scan func(...any) error) (siteapi.Run, error) {
	var r siteapi.Run
	var params, state, outcome string
	var created, updated int64
	var submitted, ended sql.NullInt64
	if err := scan(&r.ID, &r.Researcher, &r.LocalUser, &r.IdempotencyKey, &r.Workflow, &r.SourceName, &r.Source, &params, &state, &outcome, &r.Workspace, &r.Error, &r.CancelRequested, &created, &updated, &submitted, &ended, &r.OutputsSHA256); err != nil {
		return r, err
	}
	if err := json.Unmarshal([]byte(params), &r.Params); err != nil {
		return r, fmt.Errorf("journal: params of run %s: %w", r.ID, err)
	}
	r.State, r.Outcome = runstate.State(state), runstate.State(outcome)
	r.CreatedAt, r.UpdatedAt = time.Unix(created, 0).UTC(), time.Unix(updated, 0).UTC()
	r.SubmittedAt, r.EndedAt = nullTime(submitted), nullTime(ended)
	return r, nil
}

// Get returns a run with its steps.
func (j *Journal) Get(ctx context.Context, runID string) (siteapi.Run, error) {
	r, err := scanRun(j.db.QueryRowContext(ctx, `SELECT `+runColumns+` FROM runs WHERE id = ?`, runID).Scan)
	if errors.Is(err, sql.ErrNoRows) {
		return siteapi.Run{}, fmt.Errorf("run %s: %w", runID, ErrNotFound)
	}
	if err != nil {
		return siteapi.Run{}, fmt.Errorf("journal: run %s: %w", runID, err)
	}
	steps, err := j.steps(ctx, []string{runID})
	if err != nil {
		return siteapi.Run{}, err
	}
	r.Steps = steps[runID]
	return r, nil
}

func (j *Journal) steps(ctx context.Context, runIDs []string) (map[string][]siteapi.Step, error) {
	out := map[string][]siteapi.Step{}
	if len(runIDs) == 0 {
		return out, nil
	}
	// Chunks keep each statement under SQLite's limit on bound parameters.
	for start := 0; start < len(runIDs); start += 500 {
		chunk := runIDs[start:min(start+500, len(runIDs))]
		args := make([]any, len(chunk))
		for i, id := range chunk {
			args[i] = id
		}
		rows, err := j.db.QueryContext(ctx, `SELECT run_id, name, position, tag, finally, array_size, job_id, state, slurm_state, reason, exit_code, exit_signal, stdout, stderr, submitted_at, started_at, ended_at
			FROM steps WHERE run_id IN (?`+strings.Repeat(",?", len(chunk)-1)+`) ORDER BY run_id, position`, args...)
		if err != nil {
			return nil, fmt.Errorf("journal: steps: %w", err)
		}
		for rows.Next() {
			var s siteapi.Step
			var runID, state string
			var job, code, sig, submitted, started, ended sql.NullInt64
			if err := rows.Scan(&runID, &s.Name, &s.Position, &s.Tag, &s.Finally, &s.ArraySize, &job, &state, &s.SlurmState, &s.Reason, &code, &sig, &s.Stdout, &s.Stderr, &submitted, &started, &ended); err != nil {
				rows.Close()
				return nil, fmt.Errorf("journal: steps: %w", err)
			}
			s.State = runstate.StepState(state)
			if job.Valid {
				s.JobID = uint32(job.Int64)
			}
			if code.Valid {
				v := int(code.Int64)
				s.ExitCode = &v
			}
			if sig.Valid {
				v := int(sig.Int64)
				s.ExitSignal = &v
			}
			s.SubmittedAt, s.StartedAt, s.EndedAt = nullTime(submitted), nullTime(started), nullTime(ended)
			out[runID] = append(out[runID], s)
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, fmt.Errorf("journal: steps: %w", err)
		}
	}
	return out, nil
}

// Filter selects runs for List.
type Filter struct {
	Researcher string           // empty: everyone's
	States     []runstate.State // empty: any
	Limit      int              // 0: 100
	// Before pages backwards: only runs created before this run id's creation.
	Before string
}

// List returns runs, newest first, with their steps but not their sources.
func (j *Journal) List(ctx context.Context, f Filter) ([]siteapi.Run, error) {
	where := []string{"1=1"}
	var args []any
	if f.Researcher != "" {
		where = append(where, "researcher = ?")
		args = append(args, f.Researcher)
	}
	if len(f.States) > 0 {
		where = append(where, "state IN (?"+strings.Repeat(",?", len(f.States)-1)+")")
		for _, s := range f.States {
			args = append(args, string(s))
		}
	}
	if f.Before != "" {
		where = append(where, "rowid < (SELECT rowid FROM runs WHERE id = ?)")
		args = append(args, f.Before)
	}
	limit := f.Limit
	if limit <= 0 {
		limit = 100
	}
	args = append(args, limit)
	return j.queryRuns(ctx, "listing runs", `SELECT `+listColumns+` FROM runs WHERE `+strings.Join(where, " AND ")+` ORDER BY rowid DESC LIMIT ?`, args...)
}

// Active returns every run that is not terminal (the daemon's work list), oldest first,
// without their sources.
func (j *Journal) Active(ctx context.Context) ([]siteapi.Run, error) {
	return j.queryRuns(ctx, "active runs", `SELECT `+listColumns+` FROM runs WHERE state IN (?,?,?,?,?) ORDER BY rowid`,
		string(runstate.Accepted), string(runstate.Rendered), string(runstate.Submitting), string(runstate.Submitted), string(runstate.Running))
}

// queryRuns reads the runs a query selects, then their steps.
func (j *Journal) queryRuns(ctx context.Context, what, query string, args ...any) ([]siteapi.Run, error) {
	rows, err := j.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("journal: %s: %w", what, err)
	}
	var runs []siteapi.Run
	for rows.Next() {
		r, err := scanRun(rows.Scan)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("journal: %s: %w", what, err)
		}
		runs = append(runs, r)
	}
	err = rows.Err()
	rows.Close()
	if err != nil {
		return nil, fmt.Errorf("journal: %s: %w", what, err)
	}
	ids := make([]string, len(runs))
	for i, r := range runs {
		ids[i] = r.ID
	}
	steps, err := j.steps(ctx, ids)
	if err != nil {
		return nil, err
	}
	for i := range runs {
		runs[i].Steps = steps[runs[i].ID]
	}
	return runs, nil
}

// CountByState returns how many runs are in each state (for metrics).
func (j *Journal) CountByState(ctx context.Context) (map[runstate.State]int, error) {
	rows, err := j.db.QueryContext(ctx, `SELECT state, COUNT(*) FROM runs GROUP BY state`)
	if err != nil {
		return nil, fmt.Errorf("journal: counting runs: %w", err)
	}
	defer rows.Close()
	out := map[runstate.State]int{}
	for rows.Next() {
		var s string
		var n int
		if err := rows.Scan(&s, &n); err != nil {
			return nil, fmt.Errorf("journal: counting runs: %w", err)
		}
		out[runstate.State(s)] = n
	}
	return out, rows.Err()
}

// History returns a run's transitions in order.
func (j *Journal) History(ctx context.Context, runID string) ([]siteapi.Transition, error) {
	rows, err := j.db.QueryContext(ctx, `SELECT step, from_state, to_state, at, detail FROM transitions WHERE run_id = ? ORDER BY seq`, runID)
	if err != nil {
		return nil, fmt.Errorf("journal: history of %s: %w", runID, err)
	}
	defer rows.Close()
	var out []siteapi.Transition
	for rows.Next() {
		var t siteapi.Transition
		var at int64
		if err := rows.Scan(&t.Step, &t.From, &t.To, &at, &t.Detail); err != nil {
			return nil, fmt.Errorf("journal: history of %s: %w", runID, err)
		}
		t.At = time.Unix(at, 0).UTC()
		out = append(out, t)
	}
	return out, rows.Err()
}

// RememberNonce records a request nonce until it expires; fresh is false if it was seen
// before (a replay). Expired nonces are pruned on the way.
func (j *Journal) RememberNonce(ctx context.Context, signer, nonce string, expires time.Time) (fresh bool, err error) {
	err = j.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM nonces WHERE expires_at < ?`, unix(j.now())-60); err != nil {
			return fmt.Errorf("journal: pruning nonces: %w", err)
		}
		res, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO nonces(signer, nonce, expires_at) VALUES (?,?,?)`, signer, nonce, unix(expires))
		if err != nil {
			return fmt.Errorf("journal: nonce: %w", err)
		}
		n, _ := res.RowsAffected()
		fresh = n == 1
		return nil
	})
	return fresh, err
}
