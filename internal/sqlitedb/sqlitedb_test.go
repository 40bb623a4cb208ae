package sqlitedb

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

var steps = []string{
	`CREATE TABLE a (id INTEGER PRIMARY KEY, v TEXT NOT NULL);`,
	`ALTER TABLE a ADD COLUMN w TEXT NOT NULL DEFAULT '';
	CREATE INDEX a_w ON a(w);`,
	`CREATE TABLE b (id INTEGER PRIMARY KEY);`,
}

func options(record VersionRecord, steps []string) Options {
	return Options{
		Name:         "test store",
		Holder:       "test process",
		DirMode:      0o700,
		FileMode:     0o600,
		Synchronous:  "FULL",
		BusyTimeout:  10 * time.Second,
		ForeignKeys:  true,
		MaxOpenConns: 4,
		Schema:       Schema{Steps: steps, Version: record, TooNew: "version %d is newer than %d"},
	}
}

func open(t *testing.T, path string, o Options) *DB {
	t.Helper()
	d, err := Open(context.Background(), path, o)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func version(t *testing.T, d *DB, record VersionRecord) int {
	t.Helper()
	tx, err := d.SQL.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	v, err := record.read(context.Background(), tx)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func exists(t *testing.T, d *DB, kind, name string) bool {
	t.Helper()
	var n int
	if err := d.SQL.QueryRow(`SELECT COUNT(*) FROM sqlite_master WHERE type = ? AND name = ?`, kind, name).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n == 1
}

// Each step is applied once, in order, and a later build applies only the steps it adds.
func TestMigrationsApplyOnceInOrder(t *testing.T) {
	for _, record := range []VersionRecord{UserVersion, MigrationsTable} {
		path := filepath.Join(t.TempDir(), "s.db")
		d := open(t, path, options(record, steps[:2]))
		if v := version(t, d, record); v != 2 {
			t.Fatalf("record %d: version %d after two steps", record, v)
		}
		if _, err := d.SQL.Exec(`INSERT INTO a(v, w) VALUES ('kept', 'x')`); err != nil {
			t.Fatal(err)
		}
		d.Close()

		d = open(t, path, options(record, steps))
		if v := version(t, d, record); v != 3 || !exists(t, d, "table", "b") || !exists(t, d, "index", "a_w") {
			t.Fatalf("record %d: version %d after the third step", record, v)
		}
		var kept string
		if err := d.SQL.QueryRow(`SELECT v FROM a`).Scan(&kept); err != nil || kept != "kept" {
			t.Fatalf("record %d: a row from before the migration: %q %v", record, kept, err)
		}
		d.Close()

		// Opening again applies nothing.
		d = open(t, path, options(record, steps))
		if v := version(t, d, record); v != 3 {
			t.Fatalf("record %d: version %d after reopening", record, v)
		}
		d.Close()
	}
}

// The two records are where the stores' existing databases keep their versions: PRAGMA
// user_version, or one row per step in schema_migrations.
func TestVersionRecords(t *testing.T) {
	d := open(t, filepath.Join(t.TempDir(), "u.db"), options(UserVersion, steps))
	var v int
	if err := d.SQL.QueryRow(`PRAGMA user_version`).Scan(&v); err != nil || v != 3 {
		t.Fatalf("user_version %d (%v)", v, err)
	}
	if exists(t, d, "table", "schema_migrations") {
		t.Error("a user_version database has schema_migrations")
	}
	d.Close()

	before := time.Now().Unix()
	d = open(t, filepath.Join(t.TempDir(), "m.db"), options(MigrationsTable, steps))
	defer d.Close()
	rows, err := d.SQL.Query(`SELECT version, applied_at FROM schema_migrations ORDER BY version`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var versions []int
	for rows.Next() {
		var version int
		var at int64
		if err := rows.Scan(&version, &at); err != nil {
			t.Fatal(err)
		}
		if at < before || at > time.Now().Unix() {
			t.Errorf("version %d applied at %d", version, at)
		}
		versions = append(versions, version)
	}
	if len(versions) != 3 || versions[0] != 1 || versions[2] != 3 {
		t.Errorf("schema_migrations holds %v", versions)
	}
	if err := d.SQL.QueryRow(`PRAGMA user_version`).Scan(&v); err != nil || v != 0 {
		t.Errorf("a schema_migrations database has user_version %d (%v)", v, err)
	}
}

func TestRefusesANewerDatabase(t *testing.T) {
	for _, record := range []VersionRecord{UserVersion, MigrationsTable} {
		path := filepath.Join(t.TempDir(), "s.db")
		open(t, path, options(record, steps)).Close()
		_, err := Open(context.Background(), path, options(record, steps[:1]))
		if err == nil || !strings.Contains(err.Error(), "version 3 is newer than 1") || !strings.HasPrefix(err.Error(), "test store "+path+": ") {
			t.Errorf("record %d: a newer database: %v", record, err)
		}
		o := options(record, steps[:2])
		o.Schema.TooNew = ""
		if _, err := Open(context.Background(), path, o); err == nil || !strings.Contains(err.Error(), "schema version 3 is newer than this build's 2") {
			t.Errorf("record %d: a newer database, default message: %v", record, err)
		}
	}
}

// A step that fails leaves the database at the version before it, with none of its
// statements applied.
func TestFailedStepRollsBack(t *testing.T) {
	for _, record := range []VersionRecord{UserVersion, MigrationsTable} {
		path := filepath.Join(t.TempDir(), "s.db")
		bad := []string{steps[0], `CREATE TABLE c (id INTEGER); CREATE TABLE a (id INTEGER);`}
		if _, err := Open(context.Background(), path, options(record, bad)); err == nil || !strings.Contains(err.Error(), "migration 2: ") {
			t.Fatalf("record %d: a failing step: %v", record, err)
		}
		d := open(t, path, options(record, steps[:1]))
		if v := version(t, d, record); v != 1 || exists(t, d, "table", "c") {
			t.Errorf("record %d: version %d, table c there: %v", record, v, exists(t, d, "table", "c"))
		}
		d.Close()
	}
}

func TestHolderLocksOutASecondOpener(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.db")
	d := open(t, path, options(UserVersion, steps))
	_, err := Open(context.Background(), path, options(UserVersion, steps))
	if err == nil || err.Error() != "test store "+path+" is in use by another test process (resource temporarily unavailable)" {
		t.Fatalf("a second opener: %v", err)
	}
	d.Close()
	open(t, path, options(UserVersion, steps)).Close()
	if info, err := os.Stat(path + ".lock"); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("lock file: %v", err)
	}
}

// Without a holder, processes share the database: openers racing on a new database apply
// each step once between them.
func TestSharedDatabaseOpenedConcurrently(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.db")
	o := options(MigrationsTable, steps)
	o.Holder = ""
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Go(func() {
			d, err := Open(context.Background(), path, o)
			if err == nil {
				err = d.Close()
			}
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	if _, err := os.Stat(path + ".lock"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a shared database has a lock file: %v", err)
	}
	d := open(t, path, o)
	defer d.Close()
	var n int
	if err := d.SQL.QueryRow(`SELECT COUNT(*) FROM schema_migrations`).Scan(&n); err != nil || n != 3 {
		t.Errorf("%d versions recorded (%v)", n, err)
	}
}

func TestCreatesTheFileAndDirectoriesWithTheirModes(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state", "db")
	path := filepath.Join(dir, "s.db")
	o := options(UserVersion, steps)
	o.DirMode, o.FileMode = 0o750, 0o640
	open(t, path, o).Close()
	if info, err := os.Stat(dir); err != nil || info.Mode().Perm() != 0o750 {
		t.Errorf("directory: %v %v", info.Mode(), err)
	}
	if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o640 {
		t.Errorf("database: %v %v", info.Mode(), err)
	}
	if _, err := Open(context.Background(), "", o); err == nil || err.Error() != "test store path is empty" {
		t.Errorf("an empty path: %v", err)
	}
}

// The pragmas the options ask for are the connections' settings.
func TestPragmas(t *testing.T) {
	o := options(UserVersion, steps)
	o.Synchronous, o.BusyTimeout, o.ForeignKeys = "NORMAL", 30*time.Second, false
	d := open(t, filepath.Join(t.TempDir(), "s.db"), o)
	defer d.Close()
	for pragma, want := range map[string]string{"journal_mode": "wal", "synchronous": "1", "busy_timeout": "30000", "foreign_keys": "0"} {
		var got string
		if err := d.SQL.QueryRow(`PRAGMA ` + pragma).Scan(&got); err != nil || got != want {
			t.Errorf("%s = %s (%v), want %s", pragma, got, err, want)
		}
	}
}

func TestWriteCommitsOrRollsBack(t *testing.T) {
	ctx := context.Background()
	d := open(t, filepath.Join(t.TempDir(), "s.db"), options(UserVersion, steps))
	defer d.Close()
	insert := func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO b(id) VALUES (1)`)
		return err
	}
	refused := errors.New("refused")
	if err := d.Write(ctx, func(tx *sql.Tx) error {
		if err := insert(tx); err != nil {
			return err
		}
		return refused
	}); err != refused {
		t.Fatalf("fn's error: %v", err)
	}
	if err := d.Write(ctx, insert); err != nil {
		t.Fatalf("after a rollback: %v", err)
	}
	var n int
	if err := d.SQL.QueryRow(`SELECT COUNT(*) FROM b`).Scan(&n); err != nil || n != 1 {
		t.Errorf("%d rows (%v)", n, err)
	}
}
