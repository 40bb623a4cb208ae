package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/pocp/challenge"
	"github.com/petagrid/petagrid/site/runstate"
)

// States of a challenge: issued until it is decided, then passed, failed (a wrong, late or
// foreign answer) or missed (no answer by its deadline). Skipped is a drawn time at which
// the site claimed no node available: nothing was issued, and the time is not verified.
const (
	ChallengeIssued  = "issued"
	ChallengePassed  = "passed"
	ChallengeFailed  = "failed"
	ChallengeMissed  = "missed"
	ChallengeSkipped = "skipped"
	// ChallengeVoid is a challenge that counts for nothing either way: never delivered, due
	// while the gateway was down, due while the site was not approved, or an answer the
	// gateway could not finish checking.
	ChallengeVoid = "void"
)

// Slash states of a failed or missed challenge: due until the gateway's slash is mined,
// done after, skipped when the provider had nothing to slash.
const (
	SlashDue     = "due"
	SlashDone    = "done"
	SlashSkipped = "skipped"
)

// ErrChallengeDecided is an answer to a challenge that was already decided.
var ErrChallengeDecided = errors.New("the challenge was already decided")

const challengeColumns = `id, site, partition, spec, shape, issued_at, deadline, delivered_at, state, received_at, decided_at, reasons, devices, slash, slash_reason, slashed_wei, kernel`

func scanChallenge(scan func(...any) error) (gatewayapi.Challenge, error) {
	var c gatewayapi.Challenge
	var issued, deadline int64
	var delivered, received, decided sql.NullInt64
	if err := scan(&c.ID, &c.Site, &c.Partition, &c.SpecJSON, &c.Shape, &issued, &deadline, &delivered, &c.State, &received, &decided, &c.Reasons, &c.Devices, &c.Slash, &c.SlashReason, &c.SlashedWei, &c.Kernel); err != nil {
		return c, err
	}
	if c.SpecJSON != "" {
		spec, err := challenge.ParseSpec([]byte(c.SpecJSON))
		if err != nil {
			return c, fmt.Errorf("gateway store: challenge %s: %w", c.ID, err)
		}
		c.Spec = spec
	}
	c.IssuedAt, c.Deadline = fromUnix(issued), fromUnix(deadline)
	c.DeliveredAt, c.ReceivedAt, c.DecidedAt = timePtr(delivered), timePtr(received), timePtr(decided)
	return c, nil
}

func (s *Store) queryChallenges(ctx context.Context, query string, args ...any) ([]gatewayapi.Challenge, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+challengeColumns+` FROM challenges `+query, args...)
	if err != nil {
		return nil, fmt.Errorf("gateway store: challenges: %w", err)
	}
	defer rows.Close()
	var out []gatewayapi.Challenge
	for rows.Next() {
		c, err := scanChallenge(rows.Scan)
		if err != nil {
			return nil, fmt.Errorf("gateway store: challenges: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// IssueChallenge records a new challenge. The nonce is unique: a nonce issued twice (which
// only a broken random source could do) is refused, so that no answer can be replayed.
func (s *Store) IssueChallenge(ctx context.Context, c gatewayapi.Challenge) error {
	spec, err := c.Spec.Encode()
	if err != nil {
		return err
	}
	// The kernel is what the site is told (protocol.Challenge.Timed).
	kernel := c.Kernel
	switch kernel {
	case "":
		kernel = protocol.TimedCPU
	case protocol.TimedCPU, protocol.TimedGPU:
	default:
		return fmt.Errorf("gateway store: challenge %s: kernel %q", c.ID, c.Kernel)
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO challenges(id, site, partition, spec, nonce, shape, issued_at, deadline, state, kernel) VALUES (?,?,?,?,?,?,?,?,?,?)`,
			c.ID, c.Site, c.Partition, string(spec), c.Spec.Nonce.String(), c.Shape, unix(c.Spec.IssuedAt), unix(c.Spec.Deadline), ChallengeIssued, kernel)
		if err != nil {
			return fmt.Errorf("gateway store: issuing challenge %s to %s: %w", c.ID, c.Site, err)
		}
		return nil
	})
}

// RecordSkipped records a drawn time at which the site could not be challenged because it
// claimed no idle node (nothing is sent to it), decided as state (ChallengeSkipped, or
// ChallengeVoid when the grid's own jobs filled the site).
func (s *Store) RecordSkipped(ctx context.Context, id, site string, at time.Time, state, reason string) error {
	if state != ChallengeSkipped && state != ChallengeVoid {
		return fmt.Errorf("gateway store: a drawn time recorded as %q", state)
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO challenges(id, site, partition, spec, nonce, shape, issued_at, deadline, state, decided_at, reasons) VALUES (?,?,'','',?,'',?,?,?,?,?)`,
			id, site, "skipped:"+id, unix(at), unix(at), state, unix(at), reason)
		if err != nil {
			return fmt.Errorf("gateway store: recording a skipped challenge of %s: %w", site, err)
		}
		return nil
	})
}

// Challenge is one challenge by id.
func (s *Store) Challenge(ctx context.Context, id string) (gatewayapi.Challenge, error) {
	c, err := scanChallenge(s.db.QueryRowContext(ctx, `SELECT `+challengeColumns+` FROM challenges WHERE id = ?`, id).Scan)
	if errors.Is(err, sql.ErrNoRows) {
		return gatewayapi.Challenge{}, fmt.Errorf("challenge %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return gatewayapi.Challenge{}, fmt.Errorf("gateway store: challenge %s: %w", id, err)
	}
	return c, nil
}

// DeliverChallenges are the site's undecided challenges still before their deadline that
// were never sent or not within redeliverAfter (the poll answer that carried them may have
// been lost); they are marked sent now.
func (s *Store) DeliverChallenges(ctx context.Context, site string, now time.Time, redeliverAfter time.Duration, limit int) ([]gatewayapi.Challenge, error) {
	out, err := s.queryChallenges(ctx, `WHERE site = ? AND state = ? AND deadline > ? AND (delivered_at IS NULL OR delivered_at <= ?) ORDER BY issued_at LIMIT ?`,
		site, ChallengeIssued, unix(now), unix(now.Add(-redeliverAfter)), limit)
	if err != nil || len(out) == 0 {
		return out, err
	}
	err = s.tx(ctx, func(tx *sql.Tx) error {
		for _, c := range out {
			if _, err := tx.ExecContext(ctx, `UPDATE challenges SET delivered_at = ? WHERE id = ?`, unix(now), c.ID); err != nil {
				return fmt.Errorf("gateway store: delivering challenge %s: %w", c.ID, err)
			}
		}
		return nil
	})
	return out, err
}

// Decision is how an issued challenge ended.
type Decision struct {
	State      string
	ReceivedAt *time.Time
	Reasons    string
	Devices    string
	// Slash is SlashDue for a failure the provider's stake answers for, '' otherwise, and
	// SlashReason the contracts.SlashReason it is slashed for.
	Slash       string
	SlashReason uint8
}

// DecideChallenge records a challenge's outcome, once: a second decision (another answer,
// or the sweep after an answer) is ErrChallengeDecided.
func (s *Store) DecideChallenge(ctx context.Context, id string, d Decision, now time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		var received sql.NullInt64
		if d.ReceivedAt != nil {
			received = sql.NullInt64{Int64: unix(*d.ReceivedAt), Valid: true}
		}
		res, err := tx.ExecContext(ctx, `UPDATE challenges SET state = ?, received_at = coalesce(?, received_at), decided_at = ?, reasons = ?, devices = ?, slash = ?, slash_reason = ? WHERE id = ? AND state = ?`,
			d.State, received, unix(now), d.Reasons, d.Devices, d.Slash, d.SlashReason, id, ChallengeIssued)
		if err != nil {
			return fmt.Errorf("gateway store: deciding challenge %s: %w", id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("challenge %s: %w", id, ErrChallengeDecided)
		}
		return nil
	})
}

// ChallengesPastDeadline are the undecided challenges whose deadline is before t and
// whose answer did not arrive.
func (s *Store) ChallengesPastDeadline(ctx context.Context, t time.Time, limit int) ([]gatewayapi.Challenge, error) {
	return s.queryChallenges(ctx, `WHERE state = ? AND received_at IS NULL AND deadline < ? ORDER BY deadline LIMIT ?`, ChallengeIssued, unix(t), limit)
}

// ChallengesStuck are challenges whose answer arrived but was never decided (the gateway
// stopped while checking it), with a deadline before t.
func (s *Store) ChallengesStuck(ctx context.Context, t time.Time, limit int) ([]gatewayapi.Challenge, error) {
	return s.queryChallenges(ctx, `WHERE state = ? AND received_at IS NOT NULL AND deadline < ? ORDER BY deadline LIMIT ?`, ChallengeIssued, unix(t), limit)
}

// ClaimAnswer records that an answer to the challenge arrived at t, before it is checked:
// one answer is checked per challenge, and the sweep does not take a challenge being
// checked for missed. A challenge decided or already claimed is ErrChallengeDecided.
func (s *Store) ClaimAnswer(ctx context.Context, id string, t time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE challenges SET received_at = ? WHERE id = ? AND state = ? AND received_at IS NULL`, unix(t), id, ChallengeIssued)
		if err != nil {
			return fmt.Errorf("gateway store: claiming the answer to challenge %s: %w", id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("challenge %s has an answer already: %w", id, ErrChallengeDecided)
		}
		return nil
	})
}

// ReleaseClaim undoes ClaimAnswer for a challenge still undecided: the gateway could not
// check the answer (its own failure), and the site may send it again.
func (s *Store) ReleaseClaim(ctx context.Context, id string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE challenges SET received_at = NULL WHERE id = ? AND state = ?`, id, ChallengeIssued); err != nil {
			return fmt.Errorf("gateway store: releasing the answer to challenge %s: %w", id, err)
		}
		return nil
	})
}

// DecideUnanswered is DecideChallenge for a challenge no answer has claimed: an answer
// that arrives (is claimed) meanwhile wins, and this is ErrChallengeDecided.
func (s *Store) DecideUnanswered(ctx context.Context, id string, d Decision, now time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE challenges SET state = ?, decided_at = ?, reasons = ?, slash = ?, slash_reason = ? WHERE id = ? AND state = ? AND received_at IS NULL`,
			d.State, unix(now), d.Reasons, d.Slash, d.SlashReason, id, ChallengeIssued)
		if err != nil {
			return fmt.Errorf("gateway store: deciding challenge %s: %w", id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("challenge %s: %w", id, ErrChallengeDecided)
		}
		return nil
	})
}

// RunningJobsAt counts the grid jobs running (or submitted to Slurm) at the site.
func (s *Store) RunningJobsAt(ctx context.Context, site string) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM jobs WHERE site = ? AND state IN (?, ?)`, site, string(runstate.Submitted), string(runstate.Running)).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("gateway store: running jobs at %s: %w", site, err)
	}
	return n, nil
}

// UndecidedChallenges counts each site's challenges not yet decided, whenever issued.
func (s *Store) UndecidedChallenges(ctx context.Context) (map[string]int, error) {
	return s.queryCounts(ctx, "undecided challenges", `SELECT site, count(*) FROM challenges WHERE state = ? GROUP BY site`, ChallengeIssued)
}

// UndecidedIssuedBefore counts the undecided challenges issued before t, and the latest of
// their deadlines.
func (s *Store) UndecidedIssuedBefore(ctx context.Context, t time.Time) (int, time.Time, error) {
	var n int
	var latest sql.NullInt64
	err := s.db.QueryRowContext(ctx, `SELECT count(*), max(deadline) FROM challenges WHERE state = ? AND issued_at < ?`, ChallengeIssued, unix(t)).Scan(&n, &latest)
	if err != nil {
		return 0, time.Time{}, fmt.Errorf("gateway store: undecided challenges: %w", err)
	}
	if !latest.Valid {
		return n, time.Time{}, nil
	}
	return n, fromUnix(latest.Int64), nil
}

// LatestDecided is the state of the site's most recently decided challenge (” for none).
func (s *Store) LatestDecided(ctx context.Context, site string) (string, error) {
	var state string
	err := s.db.QueryRowContext(ctx, `SELECT state FROM challenges WHERE site = ? AND state NOT IN (?, ?) ORDER BY decided_at DESC, issued_at DESC LIMIT 1`,
		site, ChallengeIssued, ChallengeVoid).Scan(&state)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("gateway store: latest challenge of %s: %w", site, err)
	}
	return state, nil
}

// SlashesDue are the failed or missed challenges whose slash is not yet on chain.
func (s *Store) SlashesDue(ctx context.Context, limit int) ([]gatewayapi.Challenge, error) {
	return s.queryChallenges(ctx, `WHERE slash = ? ORDER BY decided_at LIMIT ?`, SlashDue, limit)
}

// SetSlash records what became of a challenge's slash.
func (s *Store) SetSlash(ctx context.Context, id, slash, slashedWei string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE challenges SET slash = ?, slashed_wei = ? WHERE id = ?`, slash, slashedWei, id); err != nil {
			return fmt.Errorf("gateway store: slash of challenge %s: %w", id, err)
		}
		return nil
	})
}

// ChallengesOf are a site's challenges issued in [from, to), oldest first.
func (s *Store) ChallengesOf(ctx context.Context, site string, from, to time.Time, limit int) ([]gatewayapi.Challenge, error) {
	return s.queryChallenges(ctx, `WHERE site = ? AND issued_at >= ? AND issued_at < ? ORDER BY issued_at LIMIT ?`, site, unix(from), unix(to), limit)
}

// LastPassedBefore is when the site last passed a challenge answered before t (nil: never).
func (s *Store) LastPassedBefore(ctx context.Context, site string, t time.Time) (*time.Time, error) {
	var v sql.NullInt64
	err := s.db.QueryRowContext(ctx, `SELECT max(received_at) FROM challenges WHERE site = ? AND state = ? AND received_at < ?`, site, ChallengePassed, unix(t)).Scan(&v)
	if err != nil {
		return nil, fmt.Errorf("gateway store: last passed challenge of %s: %w", site, err)
	}
	return timePtr(v), nil
}

// ChallengeTallies count each site's challenges issued in [from, to).
func (s *Store) ChallengeTallies(ctx context.Context, from, to time.Time) (map[string]gatewayapi.ChallengeTally, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT site, state, count(*) FROM challenges WHERE issued_at >= ? AND issued_at < ? GROUP BY site, state`, unix(from), unix(to))
	if err != nil {
		return nil, fmt.Errorf("gateway store: challenge tallies: %w", err)
	}
	defer rows.Close()
	out := map[string]gatewayapi.ChallengeTally{}
	for rows.Next() {
		var site, state string
		var n int
		if err := rows.Scan(&site, &state, &n); err != nil {
			return nil, fmt.Errorf("gateway store: challenge tallies: %w", err)
		}
		t := out[site]
		t.Issued += n
		switch state {
		case ChallengePassed:
			t.Passed += n
		case ChallengeFailed:
			t.Failed += n
		case ChallengeMissed:
			t.Missed += n
		case ChallengeSkipped:
			t.Skipped += n
		case ChallengeVoid:
			t.Void += n
		case ChallengeIssued:
			t.Pending += n
		}
		out[site] = t
	}
	return out, rows.Err()
}

// RecentChallenges are the newest challenges, of one site when site is set.
func (s *Store) RecentChallenges(ctx context.Context, site string, limit int) ([]gatewayapi.Challenge, error) {
	if site != "" {
		return s.queryChallenges(ctx, `WHERE site = ? ORDER BY issued_at DESC, id LIMIT ?`, site, limit)
	}
	return s.queryChallenges(ctx, `ORDER BY issued_at DESC, id LIMIT ?`, limit)
}
