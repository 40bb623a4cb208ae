package store

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/petagrid/petagrid/slurmbridge"
)

// replicate makes n distinct job runs out of the recorded 22.05 records (the fixture's jobs
// with their steps, hostile names included): each copy gets a new raw id and submit time,
// everything else as Slurm printed it.
func replicate(t testing.TB, recs []slurmbridge.AccountingRecord, n int) []slurmbridge.AccountingRecord {
	out := make([]slurmbridge.AccountingRecord, n)
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range out {
		r := recs[i%len(recs)]
		r.JobID = uint32(1_000_000 + i)
		r.SubmitTime = base.Add(time.Duration(i) * time.Second)
		r.Provenance.RawSHA256 = fmt.Sprintf("%064x", i)
		out[i] = r
	}
	return out
}

// plainInsert is the baseline the ingest is measured against: the same rows and values,
// one prepared single-row INSERT per record, 10,000 per transaction (the "plain batched
// insert loop" of the research notes), without upsert or change detection.
func plainInsert(ctx context.Context, s *Store, recs []slurmbridge.AccountingRecord) error {
	stmt := "INSERT INTO jobs (" + strings.Join(jobColumns, ", ") + ") VALUES (?" + strings.Repeat(", ?", len(jobColumns)-1) + ")"
	for start := 0; start < len(recs); start += 10_000 {
		end := min(start+10_000, len(recs))
		err := s.tx(ctx, func(tx *sql.Tx) error {
			prepared, err := tx.PrepareContext(ctx, stmt)
			if err != nil {
				return err
			}
			defer prepared.Close()
			args := make([]any, 0, len(jobColumns))
			for i := start; i < end; i++ {
				if args, err = jobArgs(&recs[i], "bench", 1, args[:0]); err != nil {
					return err
				}
				if _, err := prepared.ExecContext(ctx, args...); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// ingest stores recs the way the harvester does: UpsertJobs in windows of 10,000 records.
func ingest(ctx context.Context, s *Store, recs []slurmbridge.AccountingRecord) error {
	for start := 0; start < len(recs); start += 10_000 {
		if _, err := s.UpsertJobs(ctx, recs[start:min(start+10_000, len(recs))], "bench"); err != nil {
			return err
		}
	}
	return nil
}

// TestBenchIngest is `make bench-accounting`'s ingest figure: records per second into the
// store, against the plain loop measured in the same run, over fresh stores, median of 5.
// It only runs when PETAGRID_BENCH_ACCOUNTING=1: timings belong in benchmarks, not in the
// unit tests.
func TestBenchIngest(t *testing.T) {
	if os.Getenv("PETAGRID_BENCH_ACCOUNTING") == "" {
		t.Skip("set PETAGRID_BENCH_ACCOUNTING=1 (make bench-accounting)")
	}
	ctx := context.Background()
	const n = 100_000
	recs := replicate(t, recorded(t), n)
	steps := 0
	for _, r := range recs {
		steps += len(r.Steps)
	}
	measure := func(fn func(context.Context, *Store, []slurmbridge.AccountingRecord) error) float64 {
		s, err := Open(ctx, filepath.Join(t.TempDir(), "bench.db"))
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		started := time.Now()
		if err := fn(ctx, s, recs); err != nil {
			t.Fatal(err)
		}
		return float64(n) / time.Since(started).Seconds()
	}
	var ours, plain, again []float64
	for round := 0; round < 5; round++ {
		plain = append(plain, measure(plainInsert))
		ours = append(ours, measure(ingest))
		// Re-reading the same window (what every overlapping cycle does): all unchanged.
		s, err := Open(ctx, filepath.Join(t.TempDir(), "again.db"))
		if err != nil {
			t.Fatal(err)
		}
		if err := ingest(ctx, s, recs); err != nil {
			t.Fatal(err)
		}
		started := time.Now()
		if err := ingest(ctx, s, recs); err != nil {
			t.Fatal(err)
		}
		again = append(again, float64(n)/time.Since(started).Seconds())
		s.Close()
	}
	// Parsing cost of recorded -P output, for the same records.
	delim := "~bench~"
	data := parsableText(recs[:10_000], delim)
	started := time.Now()
	parsed, err := slurmbridge.ParseAccountingParsable(data, delim, slurmbridge.Release{Major: 22, Minor: 5, Micro: 8})
	if err != nil || len(parsed) != 10_000 {
		t.Fatalf("parse: %d, %v", len(parsed), err)
	}
	parseRate := float64(len(parsed)) / time.Since(started).Seconds()
	m, p, a := median(ours), median(plain), median(again)
	fmt.Printf("ingest of %d recorded job records (%d steps), median of 5 fresh stores:\n", n, steps)
	fmt.Printf("  store.UpsertJobs (multi-row upsert):   %9.0f records/s (goal >= 200000)\n", m)
	fmt.Printf("  plain batched-insert loop (baseline): %9.0f records/s\n", p)
	fmt.Printf("  ratio upsert/plain:                    %9.2f\n", m/p)
	fmt.Printf("  re-upsert of unchanged records:        %9.0f records/s\n", a)
	fmt.Printf("  parse of -P output (%d KiB per 10k):  %9.0f records/s\n", len(data)>>10, parseRate)
}

func median(v []float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	return s[len(s)/2]
}

// parsableText prints records as sacct -P would with the bridge's field list (job lines
// only, for the parse timing).
func parsableText(recs []slurmbridge.AccountingRecord, delim string) []byte {
	var out []byte
	for _, r := range recs {
		exit := "0:0"
		if r.Exit != nil {
			exit = r.Exit.String()
		}
		fields := []string{
			fmt.Sprint(r.JobID), fmt.Sprint(r.JobID), r.Cluster, r.User, r.Group, r.Account, r.Partition, r.QOS, string(r.State),
			"None", exit, "0:0", fmt.Sprint(r.SubmitTime.Unix()), fmt.Sprint(r.SubmitTime.Unix()), fmt.Sprint(r.SubmitTime.Unix()),
			fmt.Sprint(r.SubmitTime.Unix() + r.ElapsedSeconds), fmt.Sprint(r.ElapsedSeconds), "UNLIMITED", "1", "n1",
			FormatTRES(r.AllocTRES), FormatTRES(r.ReqTRES), "", "", "", "", "/home/u", "", r.Name,
		}
		for i, f := range fields {
			if i > 0 {
				out = append(out, delim...)
			}
			out = append(out, f...)
		}
		out = append(out, '\n')
	}
	return out
}
