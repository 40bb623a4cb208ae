package store

import (
	"context"
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
