// Package sqlitedbtest helps the stores' tests check that a database written by an earlier
// build opens and migrates to the same schema as a new one.
package sqlitedbtest

import (
	"database/sql"
	"fmt"
	"testing"

	"github.com/petagrid/petagrid/internal/sqlitedb"
)

// WriteEarlier writes the database at path as a build that knew only steps left it, its
// version kept where record says, then runs then (rows for the test to find again). It
// writes with plain SQL, not with sqlitedb, so that it stands for what earlier builds wrote.
func WriteEarlier(t testing.TB, path string, record sqlitedb.VersionRecord, steps []string, then ...string) {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+path+"?_journal_mode=WAL")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var script []string
	if record == sqlitedb.MigrationsTable {
		script = append(script, `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)`)
	}
	for i, step := range steps {
		script = append(script, step)
		if record == sqlitedb.MigrationsTable {
			script = append(script, fmt.Sprintf(`INSERT INTO schema_migrations(version, applied_at) VALUES (%d, 1700000000)`, i+1))
		} else {
			script = append(script, fmt.Sprintf(`PRAGMA user_version = %d`, i+1))
		}
	}
	for _, q := range append(script, then...) {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("writing an earlier database: %v", err)
		}
	}
}

// Layout lists db's tables, indexes and triggers with their definitions as SQLite keeps
// them, in name order, so that two databases' schemas compare equal exactly when they are.
func Layout(t testing.TB, db *sql.DB) []string {
	t.Helper()
	rows, err := db.Query(`SELECT type || ' ' || name || ': ' || COALESCE(sql, '') FROM sqlite_master ORDER BY type, name`)
	if err != nil {
		t.Fatalf("reading the schema: %v", err)
	}
	defer rows.Close()
	var layout []string
	for rows.Next() {
		var entry string
		if err := rows.Scan(&entry); err != nil {
			t.Fatalf("reading the schema: %v", err)
		}
		layout = append(layout, entry)
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("reading the schema: %v", err)
	}
	return layout
}
