package journal

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/site/siteapi"
)

// GatewayKeyPrefix begins the idempotency key of every run the grid gateway assigned; the
// rest of the key is the grid job id, which is also the run id.
const GatewayKeyPrefix = "gateway:"

// gatewayKeyEnd is the first string after every key that starts with GatewayKeyPrefix
// (';' follows ':'), so that a range scan selects the gateway's runs.
const gatewayKeyEnd = "gateway;"

// GatewayAck is what the gateway last acknowledged of a run it assigned.
type GatewayAck struct {
	State runstate.State
	// StepsSHA256 identifies the steps as they were sent (hex SHA-256 of their JSON).
	StepsSHA256 string
	// Usage is true once the gateway has acknowledged the run's usage.
	Usage bool
}

// GatewayRun is a run the gateway assigned that is not reported yet, with what the gateway
// has acknowledged of it (nil: nothing yet).
type GatewayRun struct {
	siteapi.Run
	Ack *GatewayAck
}

// OpenGatewayRuns returns the runs the gateway assigned that have not moved on to Reported,
// oldest first, with their steps but not their sources.
func (j *Journal) OpenGatewayRuns(ctx context.Context) ([]GatewayRun, error) {
	// The literal state <> 'reported' matches the partial index's condition, which is what
	// lets SQLite use it.
	runs, err := j.queryRuns(ctx, "gateway runs", `SELECT `+listColumns+` FROM runs
		WHERE state <> 'reported' AND idempotency_key >= ? AND idempotency_key < ? ORDER BY rowid`, GatewayKeyPrefix, gatewayKeyEnd)
	if err != nil {
		return nil, err
	}
	rows, err := j.db.QueryContext(ctx, `SELECT a.run_id, a.state, a.steps_sha256, a.usage_acked FROM gateway_acks a JOIN runs r ON r.id = a.run_id
		WHERE r.state <> 'reported' AND r.idempotency_key >= ? AND r.idempotency_key < ?`, GatewayKeyPrefix, gatewayKeyEnd)
	if err != nil {
		return nil, fmt.Errorf("journal: gateway acknowledgements: %w", err)
	}
	defer rows.Close()
	acks := map[string]*GatewayAck{}
	for rows.Next() {
		var id, state string
		a := &GatewayAck{}
		if err := rows.Scan(&id, &state, &a.StepsSHA256, &a.Usage); err != nil {
			return nil, fmt.Errorf("journal: gateway acknowledgements: %w", err)
		}
		a.State = runstate.State(state)
		acks[id] = a
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("journal: gateway acknowledgements: %w", err)
	}
	out := make([]GatewayRun, len(runs))
	for i, r := range runs {
		out[i] = GatewayRun{Run: r, Ack: acks[r.ID]}
	}
	return out, nil
}

// AckGateway records what the gateway acknowledged of a run. When that is the run's
// terminal state with its usage, the run moves on to Reported in the same commit (its
// Outcome keeps the terminal state) and reported is true: nothing of it is sent again.
func (j *Journal) AckGateway(ctx context.Context, runID string, ack GatewayAck) (reported bool, err error) {
	now := j.now()
	err = j.tx(ctx, func(tx *sql.Tx) error {
		var state string
		err := tx.QueryRowContext(ctx, `SELECT state FROM runs WHERE id = ?`, runID).Scan(&state)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("run %s: %w", runID, ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("journal: %w", err)
		}
		if runstate.State(state) == runstate.Reported {
			return nil
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO gateway_acks(run_id, state, steps_sha256, usage_acked, acked_at) VALUES (?,?,?,?,?)
			ON CONFLICT(run_id) DO UPDATE SET state = excluded.state, steps_sha256 = excluded.steps_sha256,
				usage_acked = excluded.usage_acked, acked_at = excluded.acked_at`,
			runID, string(ack.State), ack.StepsSHA256, ack.Usage, unix(now))
		if err != nil {
			return fmt.Errorf("journal: acknowledgement of %s: %w", runID, err)
		}
		// An acknowledgement of an older state (the run ended since) moves nothing.
		if !ack.Usage || runstate.State(state) != ack.State || !ack.State.Terminal() {
			return nil
		}
		reported = true
		return advance(ctx, tx, runID, ack.State, runstate.Reported, now, "outcome and usage delivered to the grid gateway")
	})
	return reported, err
}

// Outcomes of a period's PoCP report.
const (
	ReportAccepted = "accepted"
	ReportRejected = "rejected"
	// ReportSkipped: the site observed nothing in the period (it was not running), so there
	// was nothing to report.
	ReportSkipped = "skipped"
)

// GatewayReport returns the recorded outcome of a period's report (ok false: none yet).
func (j *Journal) GatewayReport(ctx context.Context, cluster string, epoch uint64) (outcome, detail string, ok bool, err error) {
	if epoch > math.MaxInt64 {
		return "", "", false, fmt.Errorf("journal: period %d out of range", epoch)
	}
	err = j.db.QueryRowContext(ctx, `SELECT outcome, detail FROM gateway_reports WHERE cluster = ? AND epoch = ?`, cluster, int64(epoch)).Scan(&outcome, &detail)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", false, nil
	}
	if err != nil {
		return "", "", false, fmt.Errorf("journal: report of period %d: %w", epoch, err)
	}
	return outcome, detail, true, nil
}

// RecordGatewayReport records the gateway's final answer to a period's report, so that it
// is sent once.
func (j *Journal) RecordGatewayReport(ctx context.Context, cluster string, epoch uint64, outcome, detail string) error {
	if epoch > math.MaxInt64 {
		return fmt.Errorf("journal: period %d out of range", epoch)
	}
	return j.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO gateway_reports(cluster, epoch, outcome, detail, at) VALUES (?,?,?,?,?)
			ON CONFLICT(cluster, epoch) DO UPDATE SET outcome = excluded.outcome, detail = excluded.detail, at = excluded.at`,
			cluster, int64(epoch), outcome, detail, unix(j.now()))
		if err != nil {
			return fmt.Errorf("journal: report of period %d: %w", epoch, err)
		}
		return nil
	})
}

// ErrNonceUsed is returned by AcceptGridRun when the signed submission's nonce was spent
// before, by another run: the submission is being replayed.
var ErrNonceUsed = errors.New("the signed submission was used before")

// submissionNoncePrefix keeps signed submissions' nonces apart from request nonces in the
// nonces table (request nonces never contain ':').
const submissionNoncePrefix = "grid-submission:"

// SubmissionNonce is the nonce of a researcher's signed submission, which authorises one run
// only; it is kept until Expires, after which the submission is refused as expired anyway.
type SubmissionNonce struct {
	Signer  string
	Nonce   string
	Expires time.Time
}

// AcceptGridRun is Accept for a run the gateway assigned on the strength of its researcher's
// signed submission: the submission's nonce is spent in the same transaction, so that it
// authorises this run only (another run with it is ErrNonceUsed) and no crash can leave
// the one without the other.
func (j *Journal) AcceptGridRun(ctx context.Context, r siteapi.Run, n SubmissionNonce) (siteapi.Run, error) {
	return j.accept(ctx, r, &n)
}

// spendNonce records a submission's nonce in tx, pruning the expired ones on the way.
func (j *Journal) spendNonce(ctx context.Context, tx *sql.Tx, n SubmissionNonce) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM nonces WHERE expires_at < ?`, unix(j.now())-60); err != nil {
		return fmt.Errorf("journal: pruning nonces: %w", err)
	}
	res, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO nonces(signer, nonce, expires_at) VALUES (?,?,?)`, n.Signer, submissionNoncePrefix+n.Nonce, unix(n.Expires))
	if err != nil {
		return fmt.Errorf("journal: submission nonce: %w", err)
	}
	if added, _ := res.RowsAffected(); added == 0 {
		return fmt.Errorf("%w (nonce %s of %s)", ErrNonceUsed, n.Nonce, n.Signer)
	}
	return nil
}
