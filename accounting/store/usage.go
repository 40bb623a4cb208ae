package store

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"time"
)

// Usage groupings and periods.
const (
	ByUser      = "user"
	ByAccount   = "account"
	ByPartition = "partition"

	PeriodDay   = "day"
	PeriodWeek  = "week"
	PeriodMonth = "month"
	PeriodTotal = "total"
)

// UsageQuery asks for usage grouped by user, account or partition per UTC period.
type UsageQuery struct {
	Cluster      string
	By           string
	Period       string
	Since, Until time.Time // required
}

// UsageRow is the usage of one group in one period.
//
// Allocated figures (CPU-seconds, GPU-seconds) are split exactly between periods by the
// time a run overlapped each. Measured totals known only per run (CPU time used, GPU
// energy) are split in proportion to that same overlap. Periods are half-open. Jobs counts
// the runs that held resources during the period (a run spanning two days counts in both; a
// run of zero length in the period of its start); Ended counts the runs whose last instant
// is in it (a run ending at midnight ends the day before).
type UsageRow struct {
	Group                string    `json:"group"`
	PeriodStart          time.Time `json:"periodStart"`
	PeriodEnd            time.Time `json:"periodEnd"`
	Jobs                 int64     `json:"jobs"`
	Ended                int64     `json:"ended"`
	CPUSecondsAllocated  int64     `json:"cpuSecondsAllocated"`
	CPUSecondsUsed       float64   `json:"cpuSecondsUsed"`
	GPUSecondsAllocated  int64     `json:"gpuSecondsAllocated"`
	GPUEnergyMillijoules float64   `json:"gpuEnergyMillijoules"`
}

// PeriodStart returns the start of the UTC period holding t (weeks start on Monday).
func PeriodStart(period string, t time.Time) (time.Time, error) {
	t = t.UTC()
	day := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	switch period {
	case PeriodDay:
		return day, nil
	case PeriodWeek:
		return day.AddDate(0, 0, -((int(day.Weekday()) + 6) % 7)), nil
	case PeriodMonth:
		return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC), nil
	}
	return time.Time{}, fmt.Errorf("unknown period %q (day, week, month or total)", period)
}

func nextPeriod(period string, start time.Time) time.Time {
	switch period {
	case PeriodDay:
		return start.AddDate(0, 0, 1)
	case PeriodWeek:
		return start.AddDate(0, 0, 7)
	default:
		return start.AddDate(0, 1, 0)
	}
}

// Usage aggregates the stored runs that overlap [Since, Until).
func (s *Store) Usage(ctx context.Context, q UsageQuery) ([]UsageRow, error) {
	column := map[string]string{ByUser: "user", ByAccount: "account", ByPartition: "partition"}[q.By]
	if column == "" {
		return nil, fmt.Errorf("unknown grouping %q (user, account or partition)", q.By)
	}
	if q.Since.IsZero() || q.Until.IsZero() || !q.Until.After(q.Since) {
		return nil, fmt.Errorf("usage needs a window with until after since")
	}
	if q.Period != PeriodTotal {
		if _, err := PeriodStart(q.Period, q.Since); err != nil {
			return nil, err
		}
	}
	now := s.now()
	args := []any{q.Since.Unix(), q.Since.Unix(), q.Until.Unix()}
	query := `SELECT j.` + column + `, j.start_time, j.end_time, j.run_ended, j.alloc_cpus, j.alloc_gpus, j.cpu_microseconds_used,
			COALESCE((SELECT SUM(energy_millijoules) FROM gpu_job_usage g WHERE g.cluster = j.cluster AND g.job_id = j.job_id AND g.submit_time = j.submit_time), 0)
		FROM jobs j WHERE j.incomplete = 0 AND j.start_time IS NOT NULL
			AND (j.end_time IS NULL OR j.end_time > ? OR (j.end_time = j.start_time AND j.end_time >= ?)) AND j.start_time < ?`
	if q.Cluster != "" {
		query += ` AND j.cluster = ?`
		args = append(args, q.Cluster)
	}
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("usage: %w", err)
	}
	defer rows.Close()
	type key struct {
		group string
		start int64
	}
	acc := map[key]*UsageRow{}
	for rows.Next() {
		var (
			group                  string
			start                  int64
			end                    sql.NullInt64
			ended                  bool
			cpus, gpus, usedMicros int64
			energyMillijoules      int64
		)
		if err := rows.Scan(&group, &start, &end, &ended, &cpus, &gpus, &usedMicros, &energyMillijoules); err != nil {
			return nil, fmt.Errorf("usage: %w", err)
		}
		runStart := time.Unix(start, 0).UTC()
		runEnd := now
		if end.Valid {
			runEnd = time.Unix(end.Int64, 0).UTC()
		}
		if runEnd.Before(runStart) {
			runEnd = runStart
		}
		runSeconds := runEnd.Sub(runStart).Seconds()
		zeroLength := runSeconds == 0
		lo, hi := maxTime(runStart, q.Since), minTime(runEnd, q.Until)
		if hi.Before(lo) {
			continue
		}
		row := func(start, end time.Time) *UsageRow {
			k := key{group, start.Unix()}
			if acc[k] == nil {
				acc[k] = &UsageRow{Group: group, PeriodStart: start, PeriodEnd: end}
			}
			return acc[k]
		}
		periodOf := func(t time.Time) (time.Time, time.Time) {
			if q.Period == PeriodTotal {
				return q.Since, q.Until
			}
			start, _ := PeriodStart(q.Period, t)
			return start, nextPeriod(q.Period, start)
		}
		// Periods are half-open [start, end): a run counts in each period it held resources
		// during, and a run of zero length in the period holding its start.
		periodStart, periodEnd := periodOf(lo)
		for {
			a, b := maxTime(lo, periodStart), minTime(hi, periodEnd)
			overlap := b.Sub(a).Seconds()
			if overlap > 0 || (zeroLength && !a.Before(periodStart) && a.Before(periodEnd)) {
				r := row(periodStart, periodEnd)
				r.Jobs++
				r.CPUSecondsAllocated += cpus * int64(overlap)
				r.GPUSecondsAllocated += gpus * int64(overlap)
				share := 1.0
				if runSeconds > 0 {
					share = overlap / runSeconds
				}
				r.CPUSecondsUsed += float64(usedMicros) / 1e6 * share
				r.GPUEnergyMillijoules += float64(energyMillijoules) * share
			}
			if q.Period == PeriodTotal || !periodEnd.Before(hi) {
				break
			}
			periodStart, periodEnd = periodEnd, nextPeriod(q.Period, periodEnd)
		}
		// A run ends once: in the period of its last instant (the periods are half-open, so a
		// run ending at midnight ends in the day before), or of its start if it lasted zero.
		last := runEnd
		if !zeroLength {
			last = runEnd.Add(-time.Nanosecond)
		}
		if ended && end.Valid && !last.Before(q.Since) && last.Before(q.Until) {
			row(periodOf(last)).Ended++
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("usage: %w", err)
	}
	out := make([]UsageRow, 0, len(acc))
	for _, r := range acc {
		out = append(out, *r)
	}
	sort.Slice(out, func(i, j int) bool {
		if !out[i].PeriodStart.Equal(out[j].PeriodStart) {
			return out[i].PeriodStart.Before(out[j].PeriodStart)
		}
		return out[i].Group < out[j].Group
	})
	return out, nil
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}
