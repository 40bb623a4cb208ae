// Package store is the accounting database: Slurm job runs harvested from slurmdbd, GPU
// telemetry sampled through NVML and its attribution to jobs, node availability per slot, and
// the record of every harvest window. It is SQLite in WAL mode with versioned migrations and
// one writer per process; every row carries its provenance (Slurm release, harvester
// version, hash of the raw record) so that any figure computed from it can be recomputed.
package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/petagrid/petagrid/internal/sqlitedb"
)

// Store is an open accounting database. Writes from one process go through one mutex (one
// writer); readers run beside them thanks to WAL. Two processes may write the same store
// (the site daemon and `petagrid accounting harvest`): SQLite serialises them and every
// write is an idempotent upsert.
type Store struct {
	db     *sql.DB
	handle *sqlitedb.DB
	now    func() time.Time
}

// Open opens (creating if needed) the store at path and brings its schema up to date.
func Open(ctx context.Context, path string) (*Store, error) {
	h, err := sqlitedb.Open(ctx, path, sqlitedb.Options{
		Name: "accounting store",
		// No lock file: the site daemon and `petagrid accounting harvest` share the store.
		DirMode:  0o750,
		FileMode: 0o640,
		// synchronous=NORMAL in WAL mode: a power cut may lose the last commits but never
		// corrupts the database, and everything lost is re-read from slurmdbd or NVML by the
		// next overlapping window.
		Synchronous:  "NORMAL",
		BusyTimeout:  30 * time.Second,
		ForeignKeys:  true,
		MaxOpenConns: 4,
		Schema: sqlitedb.Schema{
			Steps:   migrations,
			Version: sqlitedb.MigrationsTable,
			TooNew:  "the accounting store has schema version %d, newer than this build's %d: run the newer petagrid",
		},
	})
	if err != nil {
		return nil, err
	}
	return &Store{db: h.SQL, handle: h, now: func() time.Time { return time.Now().UTC() }}, nil
}

// Close closes the database.
func (s *Store) Close() error { return s.handle.Close() }

// migrations are the schema's steps, recorded in the table schema_migrations
// (sqlitedb.Schema). Never edit one that has shipped: add another.
var migrations = []string{
	// 1: job runs, harvest windows, GPUs and their samples, GPU allocations and attributed
	// usage, node availability slots.
	`CREATE TABLE jobs (
		id INTEGER PRIMARY KEY,
		cluster TEXT NOT NULL,
		job_id INTEGER NOT NULL,
		submit_time INTEGER NOT NULL,
		user TEXT NOT NULL,
		account TEXT NOT NULL,
		partition TEXT NOT NULL,
		state TEXT NOT NULL,
		run_ended INTEGER NOT NULL,
		start_time INTEGER,
		end_time INTEGER,
		elapsed_seconds INTEGER NOT NULL,
		alloc_cpus INTEGER NOT NULL,
		alloc_gpus INTEGER NOT NULL,
		cpu_microseconds_used INTEGER NOT NULL,
		incomplete INTEGER NOT NULL,
		raw_sha256 TEXT NOT NULL,
		first_harvested INTEGER NOT NULL,
		last_changed INTEGER NOT NULL,
		detail TEXT NOT NULL,
		UNIQUE (cluster, job_id, submit_time)
	);
	CREATE INDEX jobs_end ON jobs(end_time);
	CREATE INDEX jobs_placeholder ON jobs(cluster, job_id) WHERE incomplete = 1;

	CREATE TABLE harvest_windows (
		id INTEGER PRIMARY KEY,
		cluster TEXT NOT NULL,
		window_start INTEGER NOT NULL,
		window_end INTEGER NOT NULL,
		kind TEXT NOT NULL,
		started_at INTEGER NOT NULL,
		finished_at INTEGER NOT NULL,
		sacct_milliseconds INTEGER NOT NULL,
		records INTEGER NOT NULL,
		written INTEGER NOT NULL,
		unknown_states INTEGER NOT NULL,
		placeholders INTEGER NOT NULL,
		slurm_release TEXT NOT NULL,
		source_format TEXT NOT NULL,
		harvester_version TEXT NOT NULL
	);
	CREATE INDEX harvest_windows_cluster ON harvest_windows(cluster, window_end);

	CREATE TABLE harvest_coverage (
		cluster TEXT PRIMARY KEY,
		covered_from INTEGER NOT NULL,
		covered_until INTEGER NOT NULL,
		updated_at INTEGER NOT NULL
	);

	CREATE TABLE gpus (
		uuid TEXT PRIMARY KEY,
		node TEXT NOT NULL,
		name TEXT NOT NULL,
		pci_bus_id TEXT NOT NULL,
		minor_number INTEGER,
		nvml_index INTEGER NOT NULL,
		memory_total_bytes INTEGER,
		cores INTEGER,
		max_sm_clock_mhz INTEGER,
		power_limit_milliwatts INTEGER,
		driver_version TEXT NOT NULL,
		first_seen INTEGER NOT NULL,
		last_seen INTEGER NOT NULL
	);

	CREATE TABLE gpu_samples (
		uuid TEXT NOT NULL,
		sampled_at_ms INTEGER NOT NULL,
		node TEXT NOT NULL,
		power_milliwatts INTEGER,
		energy_counter_millijoules INTEGER,
		energy_delta_millijoules INTEGER,
		interval_ms INTEGER,
		delta_source TEXT NOT NULL,
		utilization_gpu_percent INTEGER,
		utilization_memory_percent INTEGER,
		memory_used_bytes INTEGER,
		sm_clock_mhz INTEGER,
		temperature_celsius INTEGER,
		errors TEXT NOT NULL,
		harvester_version TEXT NOT NULL,
		PRIMARY KEY (uuid, sampled_at_ms)
	) WITHOUT ROWID;
	CREATE INDEX gpu_samples_time ON gpu_samples(sampled_at_ms);

	CREATE TABLE gpu_allocations (
		cluster TEXT NOT NULL,
		job_id INTEGER NOT NULL,
		submit_time INTEGER NOT NULL,
		node TEXT NOT NULL,
		slurm_index INTEGER NOT NULL,
		uuid TEXT NOT NULL,
		first_seen_ms INTEGER NOT NULL,
		last_seen_ms INTEGER NOT NULL,
		PRIMARY KEY (cluster, job_id, submit_time, uuid)
	) WITHOUT ROWID;

	CREATE TABLE gpu_job_usage (
		cluster TEXT NOT NULL,
		job_id INTEGER NOT NULL,
		submit_time INTEGER NOT NULL,
		uuid TEXT NOT NULL,
		energy_millijoules INTEGER NOT NULL,
		gpu_milliseconds INTEGER NOT NULL,
		samples INTEGER NOT NULL,
		shared_samples INTEGER NOT NULL,
		PRIMARY KEY (cluster, job_id, submit_time, uuid)
	) WITHOUT ROWID;

	CREATE TABLE node_slots (
		cluster TEXT NOT NULL,
		slot_start INTEGER NOT NULL,
		node TEXT NOT NULL,
		slot_seconds INTEGER NOT NULL,
		sampled_at INTEGER NOT NULL,
		state TEXT NOT NULL,
		flags TEXT NOT NULL,
		available INTEGER NOT NULL,
		reason TEXT NOT NULL,
		partitions TEXT NOT NULL,
		cpus INTEGER NOT NULL,
		alloc_cpus INTEGER NOT NULL,
		memory_mib INTEGER NOT NULL,
		alloc_memory_mib INTEGER NOT NULL,
		gpus INTEGER NOT NULL,
		alloc_gpus INTEGER NOT NULL,
		gpu_types TEXT NOT NULL,
		slurm_release TEXT NOT NULL,
		harvester_version TEXT NOT NULL,
		PRIMARY KEY (cluster, slot_start, node)
	) WITHOUT ROWID;`,
	// 2: readings of telemetry-source plugins (devices NVML does not see).
	`CREATE TABLE device_samples (
		source TEXT NOT NULL,
		device TEXT NOT NULL,
		kind TEXT NOT NULL,
		model TEXT NOT NULL,
		at_ns INTEGER NOT NULL,
		power_mw INTEGER,
		energy_mj INTEGER,
		harvester_version TEXT NOT NULL,
		PRIMARY KEY (source, device, at_ns)
	) WITHOUT ROWID;
	CREATE INDEX device_samples_at ON device_samples(at_ns);`,
	// 3: step usage read from 23.02+ JSON (data_parser) was TRESUsageOut (disk written,
	// energy), read from tres.consumed, until the bridge read TRESUsageIn from
	// tres.requested. That usage is dropped rather than kept wrong, and the row's hash is
	// cleared, so that the next harvest that reads the job rewrites it whole.
	// Only valid JSON details with object steps are touched (the store never wrote others),
	// so that no damaged row can keep the store from opening.
	`UPDATE jobs SET
		detail = CASE WHEN json_type(detail, '$.steps') = 'array'
			THEN json_set(json_remove(detail, '$.usageTres'), '$.steps',
				json((SELECT json_group_array(json(json_remove(value, '$.usage')) ORDER BY key) FROM json_each(jobs.detail, '$.steps'))))
			ELSE json_remove(detail, '$.usageTres') END,
		raw_sha256 = ''
	WHERE json_valid(detail)
		AND json_extract(detail, '$.sourceFormat') LIKE 'json data_parser/%'
		AND NOT EXISTS (SELECT 1 FROM json_each(jobs.detail, '$.steps') WHERE type != 'object');`,
}

// tx runs fn in one write transaction.
func (s *Store) tx(ctx context.Context, fn func(*sql.Tx) error) error { return s.handle.Write(ctx, fn) }

// nullTime is a UTC time as unix seconds, NULL when unset.
func nullTime(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.Unix()
}

func timeFrom(v sql.NullInt64) time.Time {
	if !v.Valid {
		return time.Time{}
	}
	return time.Unix(v.Int64, 0).UTC()
}

func nullInt[T ~int | ~int64 | ~uint32 | ~uint64](p *T) any {
	if p == nil {
		return nil
	}
	return int64(*p)
}
