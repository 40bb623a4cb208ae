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

// A state from an earlier build at each earlier version (kept in PRAGMA user_version)
// migrates to exactly the schema a new state has.
func TestMigratedStateHasTheNewSchema(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	fresh, err := Open(ctx, filepath.Join(dir, "new.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer fresh.Close()
	want := sqlitedbtest.Layout(t, fresh.db)
	for version := 1; version < len(migrations); version++ {
		path := filepath.Join(dir, fmt.Sprintf("v%d.db", version))
		sqlitedbtest.WriteEarlier(t, path, sqlitedb.UserVersion, migrations[:version])
		migrated, err := Open(ctx, path)
		if err != nil {
			t.Fatalf("opening a version %d state: %v", version, err)
		}
		if got := sqlitedbtest.Layout(t, migrated.db); !reflect.DeepEqual(got, want) {
			t.Errorf("schema migrated from version %d:\n%v\nnew state's:\n%v", version, got, want)
		}
		migrated.Close()
	}
}
