// Package sqlitedb opens the SQLite databases PetaGrid keeps (the site's journal, the
// accounting store, the gateway's state) the one way they share: a private file created
// before SQLite sees it, an optional exclusive lock file for a database one process owns,
// WAL with the durability and busy timeout each store chooses, and forward-only migrations,
// each applied once in its own transaction with the version it reaches recorded, refusing a
// database written by a newer build.
package sqlitedb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/mattn/go-sqlite3" // the database/sql driver for SQLite
)

// Options says how to open one store's database.
type Options struct {
	// Name is what the database is called in errors ("journal", "gateway store").
	Name string
	// Holder, when set, makes the database one process's: a lock file beside it (path +
	// ".lock") is held exclusively until Close, and a second opener is refused with Holder
	// named as the one using it ("petagrid gateway"). Empty: no lock file, several processes
	// may share the database (SQLite serialises their writes).
	Holder string
	// DirMode is the mode of the directories created above the database; FileMode the mode
	// the database file is created with (SQLite gives its -wal and -shm files the same).
	DirMode, FileMode fs.FileMode
	// Synchronous is SQLite's synchronous setting: FULL makes every commit durable on return,
	// NORMAL (in WAL mode) may lose the last commits on power loss but never corrupts.
	Synchronous string
	// BusyTimeout is how long a statement waits for another writer's lock.
	BusyTimeout time.Duration
	// ForeignKeys turns on the enforcement of REFERENCES clauses.
	ForeignKeys bool
	// MaxOpenConns bounds the connections (readers run concurrently in WAL mode).
	MaxOpenConns int
	// Schema is the store's migrations.
	Schema Schema
}

// Schema is a store's forward-only migrations and where their version is kept.
type Schema struct {
	// Steps are applied in order, each once, in its own transaction: step i (from 0) takes
	// the database to version i+1. Never edit one that has shipped: add another.
	Steps []string
	// Version is where the database records the version it is at.
	Version VersionRecord
	// TooNew is the refusal of a database at a version above len(Steps): a format with
	// the database's version and then this build's (two %d). Empty: DefaultTooNew.
	TooNew string
}

// DefaultTooNew refuses a database newer than the code when a schema words it no other way.
const DefaultTooNew = "schema version %d is newer than this build's %d: run the newer petagrid"

// VersionRecord is where a database keeps its schema version; a store keeps the one its
// existing databases use.
type VersionRecord int

const (
	// UserVersion is SQLite's PRAGMA user_version.
	UserVersion VersionRecord = iota
	// MigrationsTable is a table schema_migrations(version, applied_at) with one row per
	// applied step; the version is the highest.
	MigrationsTable
)

// DB is an open database and, for a database one process owns, its lock.
type DB struct {
	// SQL is the database; its transactions take the write lock at BEGIN (_txlock=immediate),
	// so two writers never deadlock on a lock upgrade.
	SQL  *sql.DB
	name string
	lock *os.File
	// write serialises this process's write transactions: SQLite has one writer, and waiting
	// here rather than in SQLite's busy handler keeps this process's writers from timing out
	// on each other.
	write sync.Mutex
}

// Write runs fn in one write transaction, committed when fn returns nil and rolled back
// otherwise; fn's error is returned as it is.
func (d *DB) Write(ctx context.Context, fn func(*sql.Tx) error) error {
	d.write.Lock()
	defer d.write.Unlock()
	tx, err := d.SQL.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("%s: %w", d.name, err)
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("%s commit: %w", d.name, err)
	}
	return nil
}

// Close closes the database and releases the lock.
func (d *DB) Close() error {
	err := d.SQL.Close()
	d.unlock()
	return err
}

// Open opens (creating if needed) the database at path and brings its schema up to date.
// Errors begin with o.Name.
func Open(ctx context.Context, path string, o Options) (*DB, error) {
	if path == "" {
		return nil, fmt.Errorf("%s path is empty", o.Name)
	}
	if err := os.MkdirAll(filepath.Dir(path), o.DirMode); err != nil {
		return nil, fmt.Errorf("%s directory: %w", o.Name, err)
	}
	d := &DB{name: o.Name}
	if o.Holder != "" {
		lock, err := os.OpenFile(path+".lock", os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			return nil, fmt.Errorf("%s lock: %w", o.Name, err)
		}
		if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			lock.Close()
			return nil, fmt.Errorf("%s %s is in use by another %s (%w)", o.Name, path, o.Holder, err)
		}
		d.lock = lock
	}
	// SQLite gives the -wal and -shm files the database file's mode: create it first, with
	// the store's mode.
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, o.FileMode)
	if err != nil {
		d.unlock()
		return nil, fmt.Errorf("%s %s: %w", o.Name, path, err)
	}
	f.Close()
	q := url.Values{}
	q.Set("_journal_mode", "WAL")
	q.Set("_synchronous", o.Synchronous)
	q.Set("_busy_timeout", strconv.FormatInt(o.BusyTimeout.Milliseconds(), 10))
	if o.ForeignKeys {
		q.Set("_foreign_keys", "on")
	}
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite3", "file:"+path+"?"+q.Encode())
	if err != nil {
		d.unlock()
		return nil, fmt.Errorf("opening %s %s: %w", o.Name, path, err)
	}
	db.SetMaxOpenConns(o.MaxOpenConns)
	d.SQL = db
	if err := migrateWaiting(ctx, db, o.Schema, o.BusyTimeout); err != nil {
		d.Close()
		return nil, fmt.Errorf("%s %s: %w", o.Name, path, err)
	}
	return d, nil
}

// migrateWaiting is migrate, tried again while SQLite answers "database is locked" for up
// to busyTimeout. Processes opening a new shared database at once meet in its first
// statements (one switches the new file to WAL, another reads its schema), where SQLite
// answers busy at once rather than through the busy handler; once the file is set up,
// the busy timeout covers the rest.
func migrateWaiting(ctx context.Context, db *sql.DB, s Schema, busyTimeout time.Duration) error {
	deadline := time.Now().Add(busyTimeout)
	wait := 5 * time.Millisecond
	for {
		err := migrate(ctx, db, s)
		var se sqlite3.Error
		if err == nil || !errors.As(err, &se) || (se.Code != sqlite3.ErrBusy && se.Code != sqlite3.ErrLocked) || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(wait):
		}
		wait = min(2*wait, 200*time.Millisecond)
	}
}

func (d *DB) unlock() {
	if d.lock != nil {
		d.lock.Close()
	}
}

// migrate applies the steps the database lacks. The version is read inside each step's
// write transaction, so that two processes opening a new shared database at once do not
// both apply the same step.
func migrate(ctx context.Context, db *sql.DB, s Schema) error {
	if s.Version == MigrationsTable {
		if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)`); err != nil {
			return fmt.Errorf("creating schema_migrations: %w", err)
		}
	}
	for {
		done, err := step(ctx, db, s)
		if err != nil || done {
			return err
		}
	}
}

// step applies the next step the database lacks in one transaction; done is true when it
// lacks none.
func step(ctx context.Context, db *sql.DB, s Schema) (done bool, err error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("migrating: %w", err)
	}
	defer func() {
		if err != nil || done {
			tx.Rollback()
		}
	}()
	current, err := s.Version.read(ctx, tx)
	if err != nil {
		return false, fmt.Errorf("reading schema version: %w", err)
	}
	if current > len(s.Steps) {
		tooNew := s.TooNew
		if tooNew == "" {
			tooNew = DefaultTooNew
		}
		return false, fmt.Errorf(tooNew, current, len(s.Steps))
	}
	if current == len(s.Steps) {
		return true, nil
	}
	next := current + 1
	if _, err := tx.ExecContext(ctx, s.Steps[current]); err != nil {
		return false, fmt.Errorf("migration %d: %w", next, err)
	}
	if err := s.Version.record(ctx, tx, next); err != nil {
		return false, fmt.Errorf("migration %d: recording the version: %w", next, err)
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("migration %d: %w", next, err)
	}
	return false, nil
}

func (v VersionRecord) read(ctx context.Context, tx *sql.Tx) (int, error) {
	var version int
	var err error
	switch v {
	case UserVersion:
		err = tx.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&version)
	case MigrationsTable:
		err = tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&version)
	default:
		err = errors.New("unknown version record")
	}
	return version, err
}

func (v VersionRecord) record(ctx context.Context, tx *sql.Tx, version int) error {
	var err error
	switch v {
	case UserVersion:
		// A pragma takes no parameters; version is a number this package computed.
		_, err = tx.ExecContext(ctx, `PRAGMA user_version = `+strconv.Itoa(version))
	case MigrationsTable:
		_, err = tx.ExecContext(ctx, `INSERT INTO schema_migrations(version, applied_at) VALUES (?, ?)`, version, time.Now().Unix())
	default:
		err = errors.New("unknown version record")
	}
	return err
}
