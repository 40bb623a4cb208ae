package journal

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// ChallengeState is where a compute challenge stands at the site.
type ChallengeState string

// A challenge moves accepted → submitted → answered, or ends failed or expired. Only
// accepted and submitted are open; the others are final and never left.
const (
	// ChallengeAccepted: journaled; its job may or may not have reached Slurm (a crash
	// between sbatch and the journal), so it is looked up by name before any submission.
	ChallengeAccepted ChallengeState = "accepted"
	// ChallengeSubmitted: its job is in Slurm (JobID).
	ChallengeSubmitted ChallengeState = "submitted"
	// ChallengeAnswered: the gateway had its final word on the answer (Outcome).
	ChallengeAnswered ChallengeState = "answered"
	// ChallengeFailed: the job could not be submitted, or ended without a usable answer.
	ChallengeFailed ChallengeState = "failed"
	// ChallengeExpired: the deadline passed before an answer reached the gateway.
	ChallengeExpired ChallengeState = "expired"
)

// Open reports whether the challenge still needs the runner.
func (s ChallengeState) Open() bool { return s == ChallengeAccepted || s == ChallengeSubmitted }

// ErrChallengeNotFound is returned for a challenge the journal does not hold.
var ErrChallengeNotFound = errors.New("no such challenge")

// ErrChallengeMoved is returned for a transition from a state the challenge is no longer in
// (another path ended it first); nothing was changed.
var ErrChallengeMoved = errors.New("the challenge is not in the expected state")

// Challenge is a compute challenge as the journal keeps it.
type Challenge struct {
	ID        string
	Partition string
	// Spec is the challenge's spec as the site wrote it for the job (challenge.Spec.Encode).
	Spec     []byte
	Deadline time.Time
	// LocalUser is the account the job runs as; Workspace the directory its files are in.
	LocalUser string
	Workspace string
	State     ChallengeState
	// JobID is the Slurm job (0: none known).
	JobID uint32
	// Outcome is the gateway's outcome of the answer; Detail the reasons, or why the
	// challenge failed or expired.
	Outcome   string
	Detail    string
	CreatedAt time.Time
	UpdatedAt time.Time
	// CPUs, GPUs and GPUType are the node the job asks for (protocol.Challenge's).
	CPUs, GPUs int
	GPUType    string
	// Timed is what the gateway sized the deadline for (protocol.Challenge.Timed).
	Timed string
}

const challengeColumns = `id, partition, spec, deadline, local_user, workspace, state, job_id, outcome, detail, created_at, updated_at, cpus, gpus, gpu_type, timed`

// AcceptChallenge journals a new challenge as accepted. A challenge the journal already
// holds is returned as it is, with created false: the gateway sends a challenge again until
// it is answered, and it must run once.
func (j *Journal) AcceptChallenge(ctx context.Context, c Challenge) (Challenge, bool, error) {
	now := j.now()
	var created bool
	err := j.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO challenges(`+challengeColumns+`) VALUES (?,?,?,?,?,?,?,NULL,'','',?,?,?,?,?,?)`,
			c.ID, c.Partition, string(c.Spec), unix(c.Deadline), c.LocalUser, c.Workspace, string(ChallengeAccepted), unix(now), unix(now), c.CPUs, c.GPUs, c.GPUType, c.Timed)
		if err != nil {
			return fmt.Errorf("journal: challenge %s: %w", c.ID, err)
		}
		n, _ := res.RowsAffected()
		created = n == 1
		return nil
	})
	if err != nil {
		return Challenge{}, false, err
	}
	got, err := j.Challenge(ctx, c.ID)
	return got, created, err
}

// Challenge returns one challenge (ErrChallengeNotFound if the journal has none by id).
func (j *Journal) Challenge(ctx context.Context, id string) (Challenge, error) {
	row := j.db.QueryRowContext(ctx, `SELECT `+challengeColumns+` FROM challenges WHERE id = ?`, id)
	c, err := scanChallenge(row)
	if errors.Is(err, sql.ErrNoRows) {
		return Challenge{}, fmt.Errorf("challenge %s: %w", id, ErrChallengeNotFound)
	}
	if err != nil {
		return Challenge{}, fmt.Errorf("journal: challenge %s: %w", id, err)
	}
	return c, nil
}

// OpenChallenges returns the challenges still accepted or submitted, oldest first.
func (j *Journal) OpenChallenges(ctx context.Context) ([]Challenge, error) {
	// The literal condition matches the partial index's.
	rows, err := j.db.QueryContext(ctx, `SELECT `+challengeColumns+` FROM challenges
		WHERE state IN ('accepted', 'submitted') ORDER BY created_at, id`)
	if err != nil {
		return nil, fmt.Errorf("journal: open challenges: %w", err)
	}
	defer rows.Close()
	var out []Challenge
	for rows.Next() {
		c, err := scanChallenge(rows)
		if err != nil {
			return nil, fmt.Errorf("journal: open challenges: %w", err)
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("journal: open challenges: %w", err)
	}
	return out, nil
}

// RecordChallengeJob records the Slurm job of an accepted challenge, which moves it to
// submitted.
func (j *Journal) RecordChallengeJob(ctx context.Context, id string, jobID uint32) error {
	if jobID == 0 {
		return fmt.Errorf("journal: challenge %s: job id 0 is not a job", id)
	}
	return j.moveChallenge(ctx, id, []ChallengeState{ChallengeAccepted}, ChallengeSubmitted, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE challenges SET job_id = ? WHERE id = ?`, int64(jobID), id)
		return err
	})
}

// EndChallenge moves an open challenge to a final state with the gateway's outcome (for
// answered) and a detail. A challenge already ended is ErrChallengeMoved.
func (j *Journal) EndChallenge(ctx context.Context, id string, to ChallengeState, outcome, detail string) error {
	if to.Open() {
		return fmt.Errorf("journal: challenge %s: %s is not a final state", id, to)
	}
	return j.moveChallenge(ctx, id, []ChallengeState{ChallengeAccepted, ChallengeSubmitted}, to, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE challenges SET outcome = ?, detail = ? WHERE id = ?`, outcome, detail, id)
		return err
	})
}

// moveChallenge moves a challenge from one of the states in from to to, applying set in
// the same transaction.
func (j *Journal) moveChallenge(ctx context.Context, id string, from []ChallengeState, to ChallengeState, set func(*sql.Tx) error) error {
	return j.tx(ctx, func(tx *sql.Tx) error {
		var state string
		err := tx.QueryRowContext(ctx, `SELECT state FROM challenges WHERE id = ?`, id).Scan(&state)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("challenge %s: %w", id, ErrChallengeNotFound)
		}
		if err != nil {
			return fmt.Errorf("journal: challenge %s: %w", id, err)
		}
		ok := false
		for _, f := range from {
			ok = ok || ChallengeState(state) == f
		}
		if !ok {
			return fmt.Errorf("challenge %s is %s, not moving to %s: %w", id, state, to, ErrChallengeMoved)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE challenges SET state = ?, updated_at = ? WHERE id = ?`, string(to), unix(j.now()), id); err != nil {
			return fmt.Errorf("journal: challenge %s: %w", id, err)
		}
		if err := set(tx); err != nil {
			return fmt.Errorf("journal: challenge %s: %w", id, err)
		}
		return nil
	})
}

type rowScanner interface{ Scan(dest ...any) error }

func scanChallenge(r rowScanner) (Challenge, error) {
	var c Challenge
	var spec, state string
	var deadline, created, updated int64
	var job sql.NullInt64
	if err := r.Scan(&c.ID, &c.Partition, &spec, &deadline, &c.LocalUser, &c.Workspace, &state, &job, &c.Outcome, &c.Detail, &created, &updated, &c.CPUs, &c.GPUs, &c.GPUType, &c.Timed); err != nil {
		return Challenge{}, err
	}
	c.Spec, c.State = []byte(spec), ChallengeState(state)
	c.Deadline, c.CreatedAt, c.UpdatedAt = time.Unix(deadline, 0).UTC(), time.Unix(created, 0).UTC(), time.Unix(updated, 0).UTC()
	if job.Valid && job.Int64 > 0 && job.Int64 <= 1<<32-1 {
		c.JobID = uint32(job.Int64)
	}
	return c, nil
}

// ChallengeCount is how many journaled challenges are in one state with one outcome.
type ChallengeCount struct {
	State   ChallengeState
	Outcome string
	Count   int
}

// CountChallenges counts the journaled challenges by state and the gateway's outcome.
func (j *Journal) CountChallenges(ctx context.Context) ([]ChallengeCount, error) {
	rows, err := j.db.QueryContext(ctx, `SELECT state, outcome, count(*) FROM challenges GROUP BY state, outcome ORDER BY state, outcome`)
	if err != nil {
		return nil, fmt.Errorf("journal: counting challenges: %w", err)
	}
	defer rows.Close()
	var out []ChallengeCount
	for rows.Next() {
		var c ChallengeCount
		var state string
		if err := rows.Scan(&state, &c.Outcome, &c.Count); err != nil {
			return nil, fmt.Errorf("journal: counting challenges: %w", err)
		}
		c.State = ChallengeState(state)
		out = append(out, c)
	}
	return out, rows.Err()
}
