package journal

import (
	"context"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/petagrid/petagrid/internal/sqlitedb"
	"github.com/petagrid/petagrid/internal/sqlitedb/sqlitedbtest"
	"github.com/petagrid/petagrid/site/runstate"
)

// A journal from an earlier build (version 1 in schema_migrations, one accepted run) opens:
// the steps it lacks are applied and recorded, its run is kept, and its schema is then
// exactly a new journal's.
func TestOpenMigratesAnEarlierJournal(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	sqlitedbtest.WriteEarlier(t, path, sqlitedb.MigrationsTable, migrations[:1],
		`INSERT INTO runs(id, researcher, local_user, idempotency_key, workflow, source_name, source, params, state, created_at, updated_at)
		VALUES ('r-1', '0xabc', 'alice', 'k1', 'wf', 'wf.yaml', 'version: 1', '{}', 'accepted', 1, 1)`)
	j, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("opening a version 1 journal: %v", err)
	}
	defer j.Close()
	var versions []int
	rows, err := j.db.QueryContext(ctx, `SELECT version FROM schema_migrations ORDER BY version`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			t.Fatal(err)
		}
		versions = append(versions, v)
	}
	rows.Close()
	if len(versions) != SchemaVersion() || versions[0] != 1 || versions[len(versions)-1] != SchemaVersion() {
		t.Fatalf("versions recorded: %v, want 1..%d", versions, SchemaVersion())
	}
	if r, err := j.Get(ctx, "r-1"); err != nil || r.State != runstate.Accepted || r.LocalUser != "alice" {
		t.Fatalf("the run from before the migration: %+v %v", r, err)
	}

	fresh, _ := open(t)
	if got, want := sqlitedbtest.Layout(t, j.db), sqlitedbtest.Layout(t, fresh.db); !reflect.DeepEqual(got, want) {
		t.Errorf("migrated schema:\n%v\nnew journal's:\n%v", got, want)
	}
}

// A version 2 journal (gateway acknowledgements and reports, no challenges) opens: the
// challenges table is added and the report it recorded is kept.
func TestOpenMigratesAVersion2Journal(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v2.db")
	sqlitedbtest.WriteEarlier(t, path, sqlitedb.MigrationsTable, migrations[:2],
		`INSERT INTO gateway_reports(cluster, epoch, outcome, detail, at) VALUES ('alpha', 7, 'accepted', '', 1)`)
	j, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("opening a version 2 journal: %v", err)
	}
	defer j.Close()
	if outcome, _, ok, err := j.GatewayReport(ctx, "alpha", 7); err != nil || !ok || outcome != ReportAccepted {
		t.Fatalf("the report from before the migration: %q %v %v", outcome, ok, err)
	}
	if pending, err := j.OpenChallenges(ctx); err != nil || len(pending) != 0 {
		t.Fatalf("challenges after the migration: %+v %v", pending, err)
	}
	fresh, _ := open(t)
	if got, want := sqlitedbtest.Layout(t, j.db), sqlitedbtest.Layout(t, fresh.db); !reflect.DeepEqual(got, want) {
		t.Errorf("migrated schema:\n%v\nnew journal's:\n%v", got, want)
	}
}

// A version 3 journal opens: its runs, completed ones included, have no outputs digest.
func TestOpenMigratesAVersion3Journal(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v3.db")
	sqlitedbtest.WriteEarlier(t, path, sqlitedb.MigrationsTable, migrations[:3],
		`INSERT INTO runs(id, researcher, local_user, idempotency_key, workflow, source_name, source, params, state, outcome, created_at, updated_at)
		VALUES ('r-1', '0xabc', 'alice', 'k1', 'wf', 'wf.yaml', 'version: 1', '{}', 'completed', 'completed', 1, 1)`)
	j, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("opening a version 3 journal: %v", err)
	}
	defer j.Close()
	if r, err := j.Get(ctx, "r-1"); err != nil || r.State != runstate.Completed || r.OutputsSHA256 != "" {
		t.Fatalf("the run from before the migration: %+v %v", r, err)
	}
	fresh, _ := open(t)
	if got, want := sqlitedbtest.Layout(t, j.db), sqlitedbtest.Layout(t, fresh.db); !reflect.DeepEqual(got, want) {
		t.Errorf("migrated schema:\n%v\nnew journal's:\n%v", got, want)
	}
}
