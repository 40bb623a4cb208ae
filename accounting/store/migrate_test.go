package store

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/petagrid/petagrid/internal/sqlitedb"
	"github.com/petagrid/petagrid/internal/sqlitedb/sqlitedbtest"
)

// A store from an earlier build (version 1 in schema_migrations, one harvest coverage row)
// opens: the steps it lacks are applied and recorded, its rows are kept, and its schema is
// then exactly a new store's.
func TestOpenMigratesAnEarlierStore(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	sqlitedbtest.WriteEarlier(t, path, sqlitedb.MigrationsTable, migrations[:1],
		`INSERT INTO harvest_coverage(cluster, covered_from, covered_until, updated_at) VALUES ('c', 100, 200, 300)`)
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("opening a version 1 store: %v", err)
	}
	defer s.Close()
	var n, top int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*), MAX(version) FROM schema_migrations`).Scan(&n, &top); err != nil || n != len(migrations) || top != len(migrations) {
		t.Fatalf("%d versions recorded, up to %d (%v); want %d", n, top, err, len(migrations))
	}
	var until int64
	if err := s.db.QueryRowContext(ctx, `SELECT covered_until FROM harvest_coverage WHERE cluster = 'c'`).Scan(&until); err != nil || until != 200 {
		t.Fatalf("the coverage from before the migration: %d %v", until, err)
	}

	fresh := openTemp(t)
	if got, want := sqlitedbtest.Layout(t, s.db), sqlitedbtest.Layout(t, fresh.db); !reflect.DeepEqual(got, want) {
		t.Errorf("migrated schema:\n%v\nnew store's:\n%v", got, want)
	}
}

// A store written while 23.02+ JSON usage was read from the wrong field loses that usage (and
// its rows' hashes, so the next harvest rewrites them); rows from other formats keep theirs.
func TestOpenDropsUsageReadFromTheWrongField(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v2.db")
	row := func(jobID int, format string) string {
		return fmt.Sprintf(`INSERT INTO jobs(cluster, job_id, submit_time, user, account, partition, state, run_ended, elapsed_seconds,
			alloc_cpus, alloc_gpus, cpu_microseconds_used, incomplete, raw_sha256, first_harvested, last_changed, detail)
			VALUES ('c', %d, 100, 'u', 'a', 'p', 'COMPLETED', 1, 1, 1, 0, 0, 0, 'h%d', 1, 1,
			'{"name":"n","usageTres":"fs/disk=1","steps":[{"id":"batch","state":"COMPLETED","usage":"fs/disk=1","elapsed":1},{"id":"0","state":"COMPLETED","elapsed":1}],"sourceFormat":"%s"}')`,
			jobID, jobID, format)
	}
	sqlitedbtest.WriteEarlier(t, path, sqlitedb.MigrationsTable, migrations[:2],
		row(1, "json data_parser/v0.0.40"), row(2, "json openapi/dbv0.0.38 + parsable"), row(3, "parsable"),
		// A damaged row (never written by the store) must not keep it from opening.
		`INSERT INTO jobs(cluster, job_id, submit_time, user, account, partition, state, run_ended, elapsed_seconds,
			alloc_cpus, alloc_gpus, cpu_microseconds_used, incomplete, raw_sha256, first_harvested, last_changed, detail)
			VALUES ('c', 4, 100, 'u', 'a', 'p', 'COMPLETED', 1, 1, 1, 0, 0, 0, 'h4', 1, 1, 'not json')`)
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var damaged string
	if err := s.db.QueryRowContext(ctx, `SELECT detail FROM jobs WHERE job_id = 4`).Scan(&damaged); err != nil || damaged != "not json" {
		t.Fatalf("the damaged row: %q %v", damaged, err)
	}
	if _, err := s.db.ExecContext(ctx, `DELETE FROM jobs WHERE job_id = 4`); err != nil {
		t.Fatal(err)
	}
	jobs, err := s.Jobs(ctx, JobFilter{IncludePlaceholders: true})
	if err != nil || len(jobs) != 3 {
		t.Fatalf("%d jobs, %v", len(jobs), err)
	}
	for _, j := range jobs {
		wrong := j.Key.JobID == 1
		var stepUsage []int
		for _, st := range j.Steps {
			stepUsage = append(stepUsage, len(st.UsageTRES))
		}
		switch {
		case wrong && (j.UsageTRES != "" || !reflect.DeepEqual(stepUsage, []int{0, 0}) || j.Provenance.RawSHA256 != ""):
			t.Errorf("job 1 kept its wrong usage: %q %v hash %q", j.UsageTRES, stepUsage, j.Provenance.RawSHA256)
		case !wrong && (j.UsageTRES != "fs/disk=1" || !reflect.DeepEqual(stepUsage, []int{1, 0}) || j.Provenance.RawSHA256 == ""):
			t.Errorf("job %d lost its usage: %q %v hash %q", j.Key.JobID, j.UsageTRES, stepUsage, j.Provenance.RawSHA256)
		}
		if len(j.Steps) != 2 || j.Steps[0].ID != "batch" || j.Steps[1].ID != "0" {
			t.Errorf("job %d steps %+v", j.Key.JobID, j.Steps)
		}
	}
}
