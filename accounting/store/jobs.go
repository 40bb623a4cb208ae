package store

import (
	"context"
	"database/sql"

	"errors"
	"fmt"
	gojson "github.com/goccy/go-json"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/petagrid/petagrid/slurmbridge"
)

// Job is one stored job run: slurmdbd's allocation record with its steps, the figures
// derived from them, and where the record came from.
type Job struct {
	Key                 JobKey                       `json:"key"`
	ArrayJobID          *uint32                      `json:"arrayJobId,omitempty"`
	ArrayTaskID         *uint32                      `json:"arrayTaskId,omitempty"`
	HetJobID            *uint32                      `json:"hetJobId,omitempty"`
	HetOffset           *uint32                      `json:"hetOffset,omitempty"`
	Name                string                       `json:"name"`
	User                string                       `json:"user"`
	Group               string                       `json:"group,omitempty"`
	Account             string                       `json:"account"`
	Partition           string                       `json:"partition"`
	QOS                 string                       `json:"qos,omitempty"`
	State               string                       `json:"state"`
	StateKnown          bool                         `json:"stateKnown"`
	RunEnded            bool                         `json:"runEnded"`
	Reason              string                       `json:"reason,omitempty"`
	Exit                *slurmbridge.ExitStatus      `json:"exit,omitempty"`
	EligibleTime        time.Time                    `json:"eligibleTime,omitempty"`
	StartTime           time.Time                    `json:"startTime,omitempty"`
	EndTime             time.Time                    `json:"endTime,omitempty"`
	Elapsed             int64                        `json:"elapsedSeconds"`
	TimeLimit           *int64                       `json:"timeLimitMinutes,omitempty"`
	Nodes               string                       `json:"nodes,omitempty"`
	NodeCount           int64                        `json:"nodeCount"`
	AllocCPUs           int64                        `json:"allocCpus"`
	AllocMemMiB         int64                        `json:"allocMemoryMiB"`
	AllocGPUs           int64                        `json:"allocGpus"`
	AllocTRES           string                       `json:"allocTres"`
	ReqTRES             string                       `json:"reqTres"`
	CPUSecondsAllocated int64                        `json:"cpuSecondsAllocated"`
	CPUMicrosecondsUsed int64                        `json:"cpuMicrosecondsUsed"`
	UsageTRES           string                       `json:"usageTres"`
	Steps               []slurmbridge.AccountingStep `json:"steps,omitempty"`
	Incomplete          bool                         `json:"incomplete,omitempty"`
	Provenance          JobProvenance                `json:"provenance"`
}

// JobProvenance says where a stored row came from.
type JobProvenance struct {
	SlurmRelease     string    `json:"slurmRelease"`
	SourceFormat     string    `json:"sourceFormat"`
	HarvesterVersion string    `json:"harvesterVersion"`
	RawSHA256        string    `json:"rawSha256"`
	FirstHarvested   time.Time `json:"firstHarvested"`
	LastChanged      time.Time `json:"lastChanged"`
}

// jobColumns are written by every upsert, in this order. Only what queries filter, group or
// sum on is a column; the rest of the record is one JSON document (detail), which keeps the
// number of bound values per row — and so the cost of each insert — low.
var jobColumns = []string{
	"cluster", "job_id", "submit_time", "user", "account", "partition", "state", "run_ended",
	"start_time", "end_time", "elapsed_seconds", "alloc_cpus", "alloc_gpus", "cpu_microseconds_used",
	"incomplete", "raw_sha256", "first_harvested", "last_changed", "detail",
}

// jobDetail is the part of a run that is stored as JSON.
type jobDetail struct {
	Name             string                  `json:"name"`
	Group            string                  `json:"group,omitempty"`
	QOS              string                  `json:"qos,omitempty"`
	StateKnown       bool                    `json:"stateKnown"`
	Reason           string                  `json:"reason,omitempty"`
	Exit             *slurmbridge.ExitStatus `json:"exit,omitempty"`
	ArrayJobID       *uint32                 `json:"arrayJobId,omitempty"`
	ArrayTaskID      *uint32                 `json:"arrayTaskId,omitempty"`
	HetJobID         *uint32                 `json:"hetJobId,omitempty"`
	HetOffset        *uint32                 `json:"hetOffset,omitempty"`
	EligibleTime     int64                   `json:"eligibleTime,omitempty"`
	TimeLimit        *int64                  `json:"timeLimitMinutes,omitempty"`
	Nodes            string                  `json:"nodes,omitempty"`
	NodeCount        int64                   `json:"nodeCount"`
	AllocMemMiB      int64                   `json:"allocMemoryMiB"`
	AllocTRES        string                  `json:"allocTres,omitempty"`
	ReqTRES          string                  `json:"reqTres,omitempty"`
	UsageTRES        string                  `json:"usageTres,omitempty"`
	Steps            []storedStep            `json:"steps,omitempty"`
	SlurmRelease     string                  `json:"slurmRelease"`
	SourceFormat     string                  `json:"sourceFormat"`
	HarvesterVersion string                  `json:"harvesterVersion"`
}

// upsertRows is how many records go into one INSERT: many rows per statement is what lets
// SQLite ingest at a few hundred thousand rows a second; 48 × 19 parameters stays far below
// SQLite's limit on bound parameters.
const upsertRows = 48

// unidentifiable says why a record cannot be stored under its identity ("" when it can).
func unidentifiable(rec *slurmbridge.AccountingRecord) string {
	switch {
	case rec.SubmitTime.IsZero():
		return fmt.Sprintf("job %d has no submit time", rec.JobID)
	case rec.Cluster == "":
		return fmt.Sprintf("job %d has no cluster name", rec.JobID)
	}
	return ""
}

// jobArgs turns one record into the values of jobColumns.
func jobArgs(rec *slurmbridge.AccountingRecord, harvesterVersion string, now int64, args []any) ([]any, error) {
	if rec.SubmitTime.IsZero() {
		return args, fmt.Errorf("job %d has no submit time: it cannot be identified", rec.JobID)
	}
	if rec.Cluster == "" {
		return args, fmt.Errorf("job %d has no cluster name: it cannot be identified", rec.JobID)
	}
	var (
		cpus, _ = slurmbridge.TRESCount(rec.AllocTRES, "cpu")
		mem, _  = slurmbridge.TRESCount(rec.AllocTRES, "mem")
		usedCPU int64
	)
	for _, st := range rec.Steps {
		usedCPU += st.UserCPUMicroseconds + st.SystemCPUMicroseconds
	}
	d := jobDetail{
		Name: rec.Name, Group: rec.Group, QOS: rec.QOS, StateKnown: !rec.UnknownState, Reason: rec.Reason, Exit: rec.Exit,
		ArrayTaskID: rec.ArrayTaskID, HetOffset: rec.HetOffset, TimeLimit: rec.TimeLimitMinutes, Nodes: rec.Nodes,
		NodeCount: rec.NodeCount, AllocMemMiB: mem, AllocTRES: FormatTRES(rec.AllocTRES), ReqTRES: FormatTRES(rec.ReqTRES),
		UsageTRES: FormatTRES(SumUsage(rec.Steps)), Steps: storeSteps(rec.Steps), SlurmRelease: rec.Provenance.SlurmRelease,
		SourceFormat: rec.Provenance.Format, HarvesterVersion: harvesterVersion,
	}
	if rec.ArrayJobID != 0 {
		v := rec.ArrayJobID
		d.ArrayJobID = &v
	}
	if rec.HetJobID != 0 {
		v := rec.HetJobID
		d.HetJobID = &v
	}
	if !rec.EligibleTime.IsZero() {
		d.EligibleTime = rec.EligibleTime.Unix()
	}
	detail, err := gojson.Marshal(&d)
	if err != nil {
		return args, fmt.Errorf("job %d: %w", rec.JobID, err)
	}
	elapsed := max(rec.ElapsedSeconds, 0)
	return append(args,
		rec.Cluster, int64(rec.JobID), rec.SubmitTime.Unix(), rec.User, rec.Account, rec.Partition, string(rec.State), rec.RunEnded(),
		nullTime(rec.StartTime), nullTime(rec.EndTime), elapsed, cpus, slurmbridge.GPUs(rec.AllocTRES), usedCPU,
		rec.Incomplete, rec.Provenance.RawSHA256, now, now, string(detail),
	), nil
}

func upsertStatement(rows int) string {
	var b strings.Builder
	b.WriteString("INSERT INTO jobs (")
	b.WriteString(strings.Join(jobColumns, ", "))
	b.WriteString(") VALUES ")
	one := "(" + strings.TrimSuffix(strings.Repeat("?,", len(jobColumns)), ",") + ")"
	for i := 0; i < rows; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(one)
	}
	// A record whose raw bytes did not change is left alone (its first_harvested and
	// last_changed stay); any change rewrites every column from the new record.
	b.WriteString(" ON CONFLICT(cluster, job_id, submit_time) DO UPDATE SET ")
	var sets []string
	for _, c := range jobColumns[3:] {
		if c == "first_harvested" {
			continue
		}
		sets = append(sets, c+" = excluded."+c)
	}
	b.WriteString(strings.Join(sets, ", "))
	b.WriteString(" WHERE jobs.raw_sha256 != excluded.raw_sha256")
	return b.String()
}

// UpsertStats counts what an upsert did.
type UpsertStats struct {
	Records      int `json:"records"`
	Written      int `json:"written"` // new, or changed since the last harvest
	Placeholders int `json:"placeholders"`
	UnknownState int `json:"unknownStates"`
	// Rejected records cannot be identified (no submit time or cluster): they are not
	// stored, and RejectedExamples says which (the first few).
	Rejected         int      `json:"rejected"`
	RejectedExamples []string `json:"rejectedExamples,omitempty"`
}

// upsertBatch is one multi-row statement's values, prepared ahead of the writer.
type upsertBatch struct {
	args                  []any
	rows                  int
	placeholders, unknown int
	rejected              []string
	err                   error
}

// upsertJobs writes records in multi-row statements inside tx. Turning records into values
// (JSON for the detail) runs in a goroutine one batch ahead of SQLite, so the two overlap on
// separate cores. A placeholder record left by an earlier harvest is removed once the real
// record of the same job id is stored.
func upsertJobs(ctx context.Context, tx *sql.Tx, recs []slurmbridge.AccountingRecord, harvesterVersion string, now int64) (UpsertStats, error) {
	stats := UpsertStats{Records: len(recs)}
	batches := make(chan upsertBatch, 4)
	done := make(chan struct{})
	defer close(done)
	go func() {
		defer close(batches)
		for start := 0; start < len(recs); start += upsertRows {
			end := min(start+upsertRows, len(recs))
			b := upsertBatch{args: make([]any, 0, (end-start)*len(jobColumns))}
			for i := start; i < end && b.err == nil; i++ {
				if reason := unidentifiable(&recs[i]); reason != "" {
					b.rejected = append(b.rejected, reason)
					continue
				}
				b.args, b.err = jobArgs(&recs[i], harvesterVersion, now, b.args)
				b.rows++
				if recs[i].Incomplete {
					b.placeholders++
				}
				if recs[i].UnknownState {
					b.unknown++
				}
			}
			select {
			case batches <- b:
			case <-done:
				return
			}
			if b.err != nil {
				return
			}
		}
	}()
	var full *sql.Stmt
	defer func() {
		if full != nil {
			full.Close()
		}
	}()
	for b := range batches {
		if b.err != nil {
			return stats, b.err
		}
		stats.Placeholders += b.placeholders
		stats.UnknownState += b.unknown
		stats.Rejected += len(b.rejected)
		for _, r := range b.rejected {
			if len(stats.RejectedExamples) < 5 {
				stats.RejectedExamples = append(stats.RejectedExamples, r)
			}
		}
		if b.rows == 0 {
			continue
		}
		var (
			res sql.Result
			err error
		)
		if b.rows == upsertRows {
			if full == nil {
				if full, err = tx.PrepareContext(ctx, upsertStatement(upsertRows)); err != nil {
					return stats, fmt.Errorf("preparing job upsert: %w", err)
				}
			}
			res, err = full.ExecContext(ctx, b.args...)
		} else {
			res, err = tx.ExecContext(ctx, upsertStatement(b.rows), b.args...)
		}
		if err != nil {
			return stats, fmt.Errorf("storing jobs: %w", err)
		}
		n, _ := res.RowsAffected()
		stats.Written += int(n)
	}
	if stats.Records > stats.Placeholders+stats.Rejected {
		if _, err := tx.ExecContext(ctx, `DELETE FROM jobs WHERE incomplete = 1 AND EXISTS (
				SELECT 1 FROM jobs real WHERE real.cluster = jobs.cluster AND real.job_id = jobs.job_id
				AND real.incomplete = 0 AND real.submit_time BETWEEN jobs.submit_time - 86400 AND jobs.submit_time + 86400)`); err != nil {
			return stats, fmt.Errorf("removing superseded placeholders: %w", err)
		}
	}
	return stats, nil
}

// UpsertJobs stores records in one transaction: new runs are inserted, changed runs
// rewritten, unchanged runs left alone.
func (s *Store) UpsertJobs(ctx context.Context, recs []slurmbridge.AccountingRecord, harvesterVersion string) (UpsertStats, error) {
	var stats UpsertStats
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var err error
		stats, err = upsertJobs(ctx, tx, recs, harvesterVersion, s.now().Unix())
		return err
	})
	return stats, err
}

// Window is one harvest window: what was asked of sacct and how it went.
type Window struct {
	Cluster          string        `json:"cluster"`
	Start            time.Time     `json:"start"`
	End              time.Time     `json:"end"`
	Kind             string        `json:"kind"` // backfill, overlap, manual
	StartedAt        time.Time     `json:"startedAt"`
	FinishedAt       time.Time     `json:"finishedAt"`
	SacctDuration    time.Duration `json:"sacctDuration"`
	Stats            UpsertStats   `json:"stats"`
	SlurmRelease     string        `json:"slurmRelease"`
	SourceFormat     string        `json:"sourceFormat"`
	HarvesterVersion string        `json:"harvesterVersion"`
}

// Coverage is the time range whose records have all been read at least once, without gap.
type Coverage struct {
	Cluster string    `json:"cluster"`
	From    time.Time `json:"from"`
	Until   time.Time `json:"until"`
}

// CommitWindow stores a window's records, the window itself and the coverage it extends in
// one transaction: a harvester killed half-way leaves either all of it or none of it, so a
// rerun resumes at the first window not committed, with no gap and no duplicate.
func (s *Store) CommitWindow(ctx context.Context, w Window, recs []slurmbridge.AccountingRecord) (UpsertStats, error) {
	if w.Cluster == "" || !w.End.After(w.Start) {
		return UpsertStats{}, fmt.Errorf("bad harvest window %s %s–%s", w.Cluster, w.Start, w.End)
	}
	var stats UpsertStats
	err := s.tx(ctx, func(tx *sql.Tx) error {
		now := s.now()
		var err error
		if stats, err = upsertJobs(ctx, tx, recs, w.HarvesterVersion, now.Unix()); err != nil {
			return err
		}
		if w.FinishedAt.IsZero() {
			w.FinishedAt = now
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO harvest_windows (cluster, window_start, window_end, kind, started_at,
				finished_at, sacct_milliseconds, records, written, unknown_states, placeholders, slurm_release, source_format, harvester_version)
			VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
			w.Cluster, w.Start.Unix(), w.End.Unix(), w.Kind, w.StartedAt.Unix(), w.FinishedAt.Unix(), w.SacctDuration.Milliseconds(),
			stats.Records, stats.Written, stats.UnknownState, stats.Placeholders, w.SlurmRelease, w.SourceFormat, w.HarvesterVersion); err != nil {
			return fmt.Errorf("recording harvest window: %w", err)
		}
		return extendCoverage(ctx, tx, w.Cluster, w.Start, w.End, now)
	})
	return stats, err
}

// extendCoverage grows the covered range with a window that touches or overlaps it. A window
// that leaves a hole is recorded but does not move the coverage: the hole is read first.
func extendCoverage(ctx context.Context, tx *sql.Tx, cluster string, start, end, now time.Time) error {
	var from, until int64
	err := tx.QueryRowContext(ctx, `SELECT covered_from, covered_until FROM harvest_coverage WHERE cluster = ?`, cluster).Scan(&from, &until)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		_, err = tx.ExecContext(ctx, `INSERT INTO harvest_coverage (cluster, covered_from, covered_until, updated_at) VALUES (?,?,?,?)`,
			cluster, start.Unix(), end.Unix(), now.Unix())
		return err
	case err != nil:
		return fmt.Errorf("reading harvest coverage: %w", err)
	}
	s, e := start.Unix(), end.Unix()
	if s > until || e < from {
		return nil
	}
	_, err = tx.ExecContext(ctx, `UPDATE harvest_coverage SET covered_from = ?, covered_until = ?, updated_at = ? WHERE cluster = ?`,
		min(from, s), max(until, e), now.Unix(), cluster)
	return err
}

// Coverage returns the covered range of a cluster (ok false before the first window).
func (s *Store) Coverage(ctx context.Context, cluster string) (Coverage, bool, error) {
	var from, until int64
	err := s.db.QueryRowContext(ctx, `SELECT covered_from, covered_until FROM harvest_coverage WHERE cluster = ?`, cluster).Scan(&from, &until)
	if errors.Is(err, sql.ErrNoRows) {
		return Coverage{}, false, nil
	}
	if err != nil {
		return Coverage{}, false, fmt.Errorf("reading harvest coverage: %w", err)
	}
	return Coverage{Cluster: cluster, From: time.Unix(from, 0).UTC(), Until: time.Unix(until, 0).UTC()}, true, nil
}

// Clusters lists the clusters the store has harvested.
func (s *Store) Clusters(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT cluster FROM harvest_coverage UNION SELECT DISTINCT cluster FROM node_slots ORDER BY cluster`)
	if err != nil {
		return nil, fmt.Errorf("listing clusters: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// Windows returns the newest harvest windows of a cluster, newest first.
func (s *Store) Windows(ctx context.Context, cluster string, limit int) ([]Window, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT cluster, window_start, window_end, kind, started_at, finished_at, sacct_milliseconds,
			records, written, unknown_states, placeholders, slurm_release, source_format, harvester_version
		FROM harvest_windows WHERE cluster = ? ORDER BY id DESC LIMIT ?`, cluster, limit)
	if err != nil {
		return nil, fmt.Errorf("listing harvest windows: %w", err)
	}
	defer rows.Close()
	var out []Window
	for rows.Next() {
		var (
			w                             Window
			start, end, started, finished int64
			sacctMillis                   int64
		)
		if err := rows.Scan(&w.Cluster, &start, &end, &w.Kind, &started, &finished, &sacctMillis, &w.Stats.Records, &w.Stats.Written,
			&w.Stats.UnknownState, &w.Stats.Placeholders, &w.SlurmRelease, &w.SourceFormat, &w.HarvesterVersion); err != nil {
			return nil, fmt.Errorf("listing harvest windows: %w", err)
		}
		w.Start, w.End = time.Unix(start, 0).UTC(), time.Unix(end, 0).UTC()
		w.StartedAt, w.FinishedAt = time.Unix(started, 0).UTC(), time.Unix(finished, 0).UTC()
		w.SacctDuration = time.Duration(sacctMillis) * time.Millisecond
		out = append(out, w)
	}
	return out, rows.Err()
}

// JobFilter selects stored job runs. Zero fields select everything.
type JobFilter struct {
	Cluster   string
	User      string
	Account   string
	Partition string
	State     string
	// Since and Until select runs whose [start, end) overlaps the range; a run that never
	// started counts from its submit time, one still running up to now.
	Since, Until time.Time
	// IncludePlaceholders also returns placeholder records (see slurmbridge.AccountingRecord).
	IncludePlaceholders bool
	// Limit caps the answer (0: no cap); the newest submissions come first.
	Limit int
}

const jobSelect = `SELECT cluster, job_id, submit_time, user, account, partition, state, run_ended, start_time, end_time,
	elapsed_seconds, alloc_cpus, alloc_gpus, cpu_microseconds_used, incomplete, raw_sha256, first_harvested, last_changed, detail FROM jobs`

// Jobs returns the stored runs that match f.
func (s *Store) Jobs(ctx context.Context, f JobFilter) ([]Job, error) {
	var (
		where []string
		args  []any
	)
	add := func(cond string, v any) { where = append(where, cond); args = append(args, v) }
	if f.Cluster != "" {
		add("cluster = ?", f.Cluster)
	}
	if f.User != "" {
		add("user = ?", f.User)
	}
	if f.Account != "" {
		add("account = ?", f.Account)
	}
	if f.Partition != "" {
		add("partition = ?", f.Partition)
	}
	if f.State != "" {
		add("state = ?", strings.ToUpper(f.State))
	}
	if !f.Since.IsZero() {
		add("(end_time IS NULL OR end_time >= ?)", f.Since.Unix())
	}
	if !f.Until.IsZero() {
		add("COALESCE(start_time, submit_time) < ?", f.Until.Unix())
	}
	if !f.IncludePlaceholders {
		where = append(where, "incomplete = 0")
	}
	query := jobSelect
	if len(where) > 0 {
		query += " WHERE " + strings.Join(where, " AND ")
	}
	query += " ORDER BY submit_time DESC, job_id DESC"
	if f.Limit > 0 {
		query += " LIMIT " + strconv.Itoa(f.Limit)
	}
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("listing jobs: %w", err)
	}
	defer rows.Close()
	var out []Job
	for rows.Next() {
		j, err := scanJob(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, j)
	}
	return out, rows.Err()
}

func scanJob(rows *sql.Rows) (Job, error) {
	var (
		j                           Job
		submit                      int64
		start, end                  sql.NullInt64
		firstHarvested, lastChanged int64
		detail                      string
		d                           jobDetail
	)
	if err := rows.Scan(&j.Key.Cluster, &j.Key.JobID, &submit, &j.User, &j.Account, &j.Partition, &j.State, &j.RunEnded, &start, &end,
		&j.Elapsed, &j.AllocCPUs, &j.AllocGPUs, &j.CPUMicrosecondsUsed, &j.Incomplete, &j.Provenance.RawSHA256, &firstHarvested,
		&lastChanged, &detail); err != nil {
		return j, fmt.Errorf("reading a job row: %w", err)
	}
	j.Key.SubmitTime = time.Unix(submit, 0).UTC()
	err := gojson.Unmarshal([]byte(detail), &d)
	if err != nil {
		return j, fmt.Errorf("job %s: stored detail: %w", j.Key, err)
	}
	j.Name, j.Group, j.QOS, j.StateKnown, j.Reason, j.Exit = d.Name, d.Group, d.QOS, d.StateKnown, d.Reason, d.Exit
	j.ArrayJobID, j.ArrayTaskID, j.HetJobID, j.HetOffset = d.ArrayJobID, d.ArrayTaskID, d.HetJobID, d.HetOffset
	if d.EligibleTime != 0 {
		j.EligibleTime = time.Unix(d.EligibleTime, 0).UTC()
	}
	j.StartTime, j.EndTime = timeFrom(start), timeFrom(end)
	j.TimeLimit, j.Nodes, j.NodeCount, j.AllocMemMiB = d.TimeLimit, d.Nodes, d.NodeCount, d.AllocMemMiB
	j.AllocTRES, j.ReqTRES, j.UsageTRES = d.AllocTRES, d.ReqTRES, d.UsageTRES
	if j.Steps, err = loadSteps(d.Steps); err != nil {
		return j, fmt.Errorf("job %s: stored steps: %w", j.Key, err)
	}
	j.CPUSecondsAllocated = j.AllocCPUs * j.Elapsed
	j.Provenance.SlurmRelease, j.Provenance.SourceFormat, j.Provenance.HarvesterVersion = d.SlurmRelease, d.SourceFormat, d.HarvesterVersion
	j.Provenance.FirstHarvested = time.Unix(firstHarvested, 0).UTC()
	j.Provenance.LastChanged = time.Unix(lastChanged, 0).UTC()
	return j, nil
}

// FormatTRES prints a TRES list the way Slurm does ("cpu=2,mem=512M,node=1,gres/gpu=1"),
// sorted by key so that equal lists print equally. Memory counts are in MiB for allocations;
// usage lists (SumUsage) carry bytes and print them without a unit.
func FormatTRES(list []slurmbridge.TRES) string {
	if len(list) == 0 {
		return ""
	}
	parts := make([]string, len(list))
	for i, t := range list {
		v := strconv.FormatInt(t.Count, 10)
		if (t.Type == "mem" || t.Type == "vmem") && t.Name != "bytes" {
			v += "M"
		}
		parts[i] = t.Key() + "=" + v
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

// SumUsage adds up the usage of a job's steps: CPU seconds, energy, disk and pages add up;
// memory (each step's total of its tasks' peaks) takes the largest step, since steps that
// ran one after the other never held their peaks at once. Memory comes out in bytes under
// the name "mem/bytes" so that it is never mistaken for an allocation in MiB.
func SumUsage(steps []slurmbridge.AccountingStep) []slurmbridge.TRES {
	if len(steps) == 0 {
		return nil
	}
	totals := map[string]int64{}
	for _, st := range steps {
		for _, t := range st.UsageTRES {
			key := t.Key()
			if t.Type == "mem" || t.Type == "vmem" {
				key = t.Type + "/bytes"
				totals[key] = max(totals[key], t.Count)
				continue
			}
			totals[key] += t.Count
		}
	}
	out := make([]slurmbridge.TRES, 0, len(totals))
	for key, v := range totals {
		typ, name, _ := strings.Cut(key, "/")
		out = append(out, slurmbridge.TRES{Type: typ, Name: name, Count: v})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key() < out[j].Key() })
	return out
}

// storedStep is a step as the detail document keeps it: TRES lists as Slurm-style strings
// of raw counts and times as unix seconds, about half the size of the step's own JSON.
type storedStep struct {
	ID        string                  `json:"id"`
	Name      string                  `json:"name,omitempty"`
	State     string                  `json:"state"`
	Exit      *slurmbridge.ExitStatus `json:"exit,omitempty"`
	Start     int64                   `json:"start,omitempty"`
	End       int64                   `json:"end,omitempty"`
	Elapsed   int64                   `json:"elapsed"`
	Nodes     string                  `json:"nodes,omitempty"`
	NodeCount int64                   `json:"nodeCount"`
	Tasks     int64                   `json:"tasks"`
	Alloc     string                  `json:"alloc,omitempty"`
	Usage     string                  `json:"usage,omitempty"`
	UserUs    int64                   `json:"userUs"`
	SystemUs  int64                   `json:"systemUs"`
}

func storeSteps(steps []slurmbridge.AccountingStep) []storedStep {
	if len(steps) == 0 {
		return nil
	}
	out := make([]storedStep, len(steps))
	for i, st := range steps {
		out[i] = storedStep{
			ID: st.ID, Name: st.Name, State: string(st.State), Exit: st.Exit, Elapsed: st.ElapsedSeconds, Nodes: st.Nodes,
			NodeCount: st.NodeCount, Tasks: st.Tasks, Alloc: rawTRES(st.AllocTRES), Usage: rawTRES(st.UsageTRES),
			UserUs: st.UserCPUMicroseconds, SystemUs: st.SystemCPUMicroseconds,
		}
		if !st.StartTime.IsZero() {
			out[i].Start = st.StartTime.Unix()
		}
		if !st.EndTime.IsZero() {
			out[i].End = st.EndTime.Unix()
		}
	}
	return out
}

func loadSteps(stored []storedStep) ([]slurmbridge.AccountingStep, error) {
	if len(stored) == 0 {
		return nil, nil
	}
	out := make([]slurmbridge.AccountingStep, len(stored))
	for i, st := range stored {
		alloc, err := parseRawTRES(st.Alloc)
		if err != nil {
			return nil, err
		}
		usage, err := parseRawTRES(st.Usage)
		if err != nil {
			return nil, err
		}
		out[i] = slurmbridge.AccountingStep{
			ID: st.ID, Name: st.Name, State: slurmbridge.JobState(st.State), Exit: st.Exit, ElapsedSeconds: st.Elapsed,
			Nodes: st.Nodes, NodeCount: st.NodeCount, Tasks: st.Tasks, AllocTRES: alloc, UsageTRES: usage,
			UserCPUMicroseconds: st.UserUs, SystemCPUMicroseconds: st.SystemUs,
		}
		if st.Start != 0 {
			out[i].StartTime = time.Unix(st.Start, 0).UTC()
		}
		if st.End != 0 {
			out[i].EndTime = time.Unix(st.End, 0).UTC()
		}
	}
	return out, nil
}

// rawTRES prints a TRES list as "key=count,…" with the counts as they are (no unit), in
// Slurm's order.
func rawTRES(list []slurmbridge.TRES) string {
	if len(list) == 0 {
		return ""
	}
	b := make([]byte, 0, 16*len(list))
	for i, t := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, t.Type...)
		if t.Name != "" {
			b = append(b, '/')
			b = append(b, t.Name...)
		}
		b = append(b, '=')
		b = strconv.AppendInt(b, t.Count, 10)
	}
	return string(b)
}

func parseRawTRES(s string) ([]slurmbridge.TRES, error) {
	if s == "" {
		return nil, nil
	}
	parts := strings.Split(s, ",")
	out := make([]slurmbridge.TRES, len(parts))
	for i, p := range parts {
		key, value, ok := strings.Cut(p, "=")
		count, err := strconv.ParseInt(value, 10, 64)
		if !ok || err != nil {
			return nil, fmt.Errorf("stored TRES %q: bad entry %q", s, p)
		}
		typ, name, _ := strings.Cut(key, "/")
		out[i] = slurmbridge.TRES{Type: typ, Name: name, Count: count}
	}
	return out, nil
}
