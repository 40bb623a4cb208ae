package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Report is an accepted PoCP report.
type Report struct {
	Site         string `json:"site"`
	Epoch        uint64 `json:"epoch"`
	Digest       string `json:"digest"`
	MedianMFLOPS uint64 `json:"medianMegaFlops"`
	CoveragePPM  uint32 `json:"coveragePpm"`
	// UptimePPM is the uptime the report proved (node uptime × coverage).
	UptimePPM uint32 `json:"uptimePpm"`
	JSON      string `json:"-"`
	// Series is the slot series the site sent with the report (JSON []pocp.SlotRun; ''
	// when it sent none).
	Series     string    `json:"-"`
	ReceivedAt time.Time `json:"receivedAt"`
}

// Rejection is a refused report, kept for the operator.
type Rejection struct {
	Site       string    `json:"site"`
	Epoch      uint64    `json:"epoch"`
	Digest     string    `json:"digest"`
	Reasons    string    `json:"reasons"`
	ReceivedAt time.Time `json:"receivedAt"`
}

// ErrReportExists is returned when the site already has an accepted report for the epoch;
// the accepted one comes back with it.
var ErrReportExists = errors.New("a report for this epoch was already accepted")

// ErrEpochClosed is returned for a report of an epoch whose settlement is computed.
var ErrEpochClosed = errors.New("the epoch is closed")

// AcceptReport stores an accepted report; one per site and epoch.
func (s *Store) AcceptReport(ctx context.Context, r Report) (Report, error) {
	var existing Report
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var received int64
		err := tx.QueryRowContext(ctx, `SELECT site, epoch, digest, median_mflops, coverage_ppm, uptime_ppm, report, series, received_at FROM reports WHERE site = ? AND epoch = ?`, r.Site, int64(r.Epoch)).
			Scan(&existing.Site, &existing.Epoch, &existing.Digest, &existing.MedianMFLOPS, &existing.CoveragePPM, &existing.UptimePPM, &existing.JSON, &existing.Series, &received)
		if err == nil {
			existing.ReceivedAt = fromUnix(received)
			return ErrReportExists
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("gateway store: report: %w", err)
		}
		// Checked in the same transaction as the insert: a report accepted once the epoch's
		// settlement is computed would be stored and never counted.
		var computed int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM epochs WHERE epoch = ?`, int64(r.Epoch)).Scan(&computed); err != nil {
			return fmt.Errorf("gateway store: report: %w", err)
		}
		if computed > 0 {
			return fmt.Errorf("%w: epoch %d is settled or being settled", ErrEpochClosed, r.Epoch)
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO reports(site, epoch, digest, median_mflops, coverage_ppm, uptime_ppm, report, series, received_at) VALUES (?,?,?,?,?,?,?,?,?)`,
			r.Site, int64(r.Epoch), r.Digest, int64(r.MedianMFLOPS), int64(r.CoveragePPM), int64(r.UptimePPM), r.JSON, r.Series, unix(s.now()))
		if err != nil {
			return fmt.Errorf("gateway store: storing report of %s for epoch %d: %w", r.Site, r.Epoch, err)
		}
		return nil
	})
	if errors.Is(err, ErrReportExists) {
		return existing, err
	}
	r.ReceivedAt = s.now()
	return r, err
}

// RejectReport keeps a refused report's reasons.
func (s *Store) RejectReport(ctx context.Context, r Rejection) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO report_rejections(site, epoch, digest, reasons, received_at) VALUES (?,?,?,?,?)`,
			r.Site, int64(r.Epoch), r.Digest, r.Reasons, unix(s.now()))
		if err != nil {
			return fmt.Errorf("gateway store: report rejection: %w", err)
		}
		return nil
	})
}

// CountReports is how many reports of a site were accepted, without reading them.
func (s *Store) CountReports(ctx context.Context, site string) (int, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM reports WHERE site = ?`, site).Scan(&n); err != nil {
		return 0, fmt.Errorf("gateway store: counting reports of %s: %w", site, err)
	}
	return n, nil
}

// Reports returns the accepted reports of an epoch (every site), or every report of a site
// (epoch < 0 with site set).
func (s *Store) Reports(ctx context.Context, epoch int64, site string) ([]Report, error) {
	q := `SELECT site, epoch, digest, median_mflops, coverage_ppm, uptime_ppm, report, series, received_at FROM reports WHERE `
	var args []any
	switch {
	case epoch >= 0 && site != "":
		q += `epoch = ? AND site = ?`
		args = append(args, epoch, site)
	case epoch >= 0:
		q += `epoch = ?`
		args = append(args, epoch)
	default:
		q += `site = ?`
		args = append(args, site)
	}
	rows, err := s.db.QueryContext(ctx, q+` ORDER BY epoch, site`, args...)
	if err != nil {
		return nil, fmt.Errorf("gateway store: reports: %w", err)
	}
	defer rows.Close()
	var out []Report
	for rows.Next() {
		var r Report
		var received int64
		if err := rows.Scan(&r.Site, &r.Epoch, &r.Digest, &r.MedianMFLOPS, &r.CoveragePPM, &r.UptimePPM, &r.JSON, &r.Series, &received); err != nil {
			return nil, err
		}
		r.ReceivedAt = fromUnix(received)
		out = append(out, r)
	}
	return out, rows.Err()
}

// Rejections lists refused reports, newest first.
func (s *Store) Rejections(ctx context.Context, limit int) ([]Rejection, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT site, epoch, digest, reasons, received_at FROM report_rejections ORDER BY seq DESC LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("gateway store: rejections: %w", err)
	}
	defer rows.Close()
	var out []Rejection
	for rows.Next() {
		var r Rejection
		var received int64
		if err := rows.Scan(&r.Site, &r.Epoch, &r.Digest, &r.Reasons, &received); err != nil {
			return nil, err
		}
		r.ReceivedAt = fromUnix(received)
		out = append(out, r)
	}
	return out, rows.Err()
}

// Epoch statuses: Computed is written before the first transaction, so a crash mid-way
// resumes the same settlement; Settled once the chain closed the epoch.
const (
	EpochComputed = "computed"
	EpochSettled  = "settled"
)

// Epoch is one epoch's settlement as the gateway computed and sent it. The JSON columns are
// the gateway's types, opaque here.
type Epoch struct {
	Epoch      uint64     `json:"epoch"`
	Status     string     `json:"status"`
	Settlement string     `json:"-"`
	Result     string     `json:"-"`
	Rewards    string     `json:"-"`
	Gas        string     `json:"-"`
	ComputedAt time.Time  `json:"computedAt"`
	SettledAt  *time.Time `json:"settledAt,omitempty"`
	ClosedAt   *time.Time `json:"closedAt,omitempty"`
}

// SaveComputedEpoch records a settlement before it is sent. A computed epoch is kept as it
// is (resuming must send exactly what was computed); a settled one is refused.
//
// reports is how many accepted reports of the epoch the settlement was computed from: if a
// report was accepted in between, the settlement is refused (ErrReportsChanged) and must be
// computed again, so that no accepted report is left out.
func (s *Store) SaveComputedEpoch(ctx context.Context, e Epoch, reports int) (Epoch, error) {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM reports WHERE epoch = ?`, int64(e.Epoch)).Scan(&n); err != nil {
			return fmt.Errorf("gateway store: epoch %d: %w", e.Epoch, err)
		}
		if n != reports {
			return fmt.Errorf("%w: epoch %d has %d accepted reports, the settlement was computed from %d", ErrReportsChanged, e.Epoch, n, reports)
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO epochs(epoch, status, settlement, result, rewards, computed_at) VALUES (?,?,?,?,?,?) ON CONFLICT(epoch) DO NOTHING`,
			int64(e.Epoch), EpochComputed, e.Settlement, e.Result, e.Rewards, unix(s.now()))
		if err != nil {
			return fmt.Errorf("gateway store: epoch %d: %w", e.Epoch, err)
		}
		return nil
	})
	if err != nil {
		return Epoch{}, err
	}
	return s.Epoch(ctx, e.Epoch)
}

// ErrReportsChanged: a report was accepted while the epoch's settlement was computed.
var ErrReportsChanged = errors.New("the epoch's reports changed")

// MarkEpochSettled records the chain's close.
func (s *Store) MarkEpochSettled(ctx context.Context, epoch uint64, closedAt time.Time, gas string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE epochs SET status = ?, settled_at = ?, closed_at = ?, gas = ? WHERE epoch = ?`,
			EpochSettled, unix(s.now()), unix(closedAt), gas, int64(epoch))
		if err != nil {
			return fmt.Errorf("gateway store: epoch %d settled: %w", epoch, err)
		}
		return nil
	})
}

const epochColumns = `epoch, status, settlement, result, rewards, gas, computed_at, settled_at, closed_at`

func scanEpoch(scan func(...any) error) (Epoch, error) {
	var e Epoch
	var computed int64
	var settled, closed sql.NullInt64
	if err := scan(&e.Epoch, &e.Status, &e.Settlement, &e.Result, &e.Rewards, &e.Gas, &computed, &settled, &closed); err != nil {
		return Epoch{}, err
	}
	e.ComputedAt, e.SettledAt, e.ClosedAt = fromUnix(computed), timePtr(settled), timePtr(closed)
	return e, nil
}

// Epoch returns one epoch.
func (s *Store) Epoch(ctx context.Context, epoch uint64) (Epoch, error) {
	e, err := scanEpoch(s.db.QueryRowContext(ctx, `SELECT `+epochColumns+` FROM epochs WHERE epoch = ?`, int64(epoch)).Scan)
	if errors.Is(err, sql.ErrNoRows) {
		return Epoch{}, fmt.Errorf("epoch %d: %w", epoch, ErrNotFound)
	}
	if err != nil {
		return Epoch{}, fmt.Errorf("gateway store: epoch %d: %w", epoch, err)
	}
	return e, nil
}

// Epochs lists epochs, newest first.
func (s *Store) Epochs(ctx context.Context, limit int) ([]Epoch, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+epochColumns+` FROM epochs ORDER BY epoch DESC LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("gateway store: epochs: %w", err)
	}
	defer rows.Close()
	var out []Epoch
	for rows.Next() {
		e, err := scanEpoch(rows.Scan)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// LatestSettled is the newest settled epoch (false when none).
func (s *Store) LatestSettled(ctx context.Context) (Epoch, bool, error) {
	e, err := scanEpoch(s.db.QueryRowContext(ctx, `SELECT `+epochColumns+` FROM epochs WHERE status = ? ORDER BY epoch DESC LIMIT 1`, EpochSettled).Scan)
	if errors.Is(err, sql.ErrNoRows) {
		return Epoch{}, false, nil
	}
	if err != nil {
		return Epoch{}, false, fmt.Errorf("gateway store: latest epoch: %w", err)
	}
	return e, true, nil
}

// LatestReports is each site's newest accepted report.
func (s *Store) LatestReports(ctx context.Context) ([]Report, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT r.site, r.epoch, r.digest, r.median_mflops, r.coverage_ppm, r.uptime_ppm, r.report, r.series, r.received_at FROM reports r
		JOIN (SELECT site, max(epoch) AS epoch FROM reports GROUP BY site) m ON m.site = r.site AND m.epoch = r.epoch ORDER BY r.site`)
	if err != nil {
		return nil, fmt.Errorf("gateway store: latest reports: %w", err)
	}
	defer rows.Close()
	var out []Report
	for rows.Next() {
		var r Report
		var received int64
		if err := rows.Scan(&r.Site, &r.Epoch, &r.Digest, &r.MedianMFLOPS, &r.CoveragePPM, &r.UptimePPM, &r.JSON, &r.Series, &received); err != nil {
			return nil, err
		}
		r.ReceivedAt = fromUnix(received)
		out = append(out, r)
	}
	return out, rows.Err()
}
