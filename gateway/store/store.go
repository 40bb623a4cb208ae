// Package store is the grid gateway's SQLite state: registered sites, grid jobs and their
// placement, request nonces, PoCP reports and epoch settlements. Every write is one
// transaction committed with synchronous=FULL, so what the gateway acknowledged survives a
// crash; the chain holds the economy itself, and the gateway re-reads it rather than trust a
// copy.
package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/petagrid/petagrid/internal/sqlitedb"
)

// ErrNotFound is returned for an unknown site, job, report or epoch.
var ErrNotFound = errors.New("not found")

// Store is the gateway's database. Writes are serialised; reads run concurrently.
type Store struct {
	db     *sql.DB
	handle *sqlitedb.DB
	now    func() time.Time
	// seen paces the sites' last_seen writes (sites.go).
	seen seenWrites
}

// Open opens (creating if needed) the store at path and brings its schema up to date. One
// gateway per store: a second process is refused.
func Open(ctx context.Context, path string) (*Store, error) {
	h, err := sqlitedb.Open(ctx, path, sqlitedb.Options{
		Name:         "gateway store",
		Holder:       "petagrid gateway",
		DirMode:      0o700,
		FileMode:     0o600,
		Synchronous:  "FULL",
		BusyTimeout:  10 * time.Second,
		MaxOpenConns: 8,
		Schema: sqlitedb.Schema{
			Steps:   migrations,
			Version: sqlitedb.UserVersion,
			TooNew:  "schema version %d is newer than this build knows (%d): use a newer petagrid",
		},
	})
	if err != nil {
		return nil, err
	}
	return &Store{db: h.SQL, handle: h, now: func() time.Time { return time.Now().UTC() }}, nil
}

// Close closes the database and releases the lock.
func (s *Store) Close() error { return s.handle.Close() }

// SetClock replaces the clock (tests).
func (s *Store) SetClock(now func() time.Time) { s.now = now }

// migrations are the schema's steps, recorded in PRAGMA user_version (sqlitedb.Schema).
// Never edit one that has shipped: add another.
var migrations = []string{
	`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
	CREATE TABLE sites (
		name TEXT PRIMARY KEY,
		address TEXT NOT NULL UNIQUE,
		status TEXT NOT NULL,
		status_reason TEXT NOT NULL DEFAULT '',
		registration TEXT NOT NULL,
		live_inventory TEXT NOT NULL,
		registered_at INTEGER NOT NULL,
		updated_at INTEGER NOT NULL,
		last_seen INTEGER NOT NULL DEFAULT 0
	);
	CREATE TABLE jobs (
		id TEXT PRIMARY KEY,
		researcher TEXT NOT NULL,
		idempotency_key TEXT NOT NULL,
		escrow_id TEXT NOT NULL,
		workflow TEXT NOT NULL,
		file_name TEXT NOT NULL,
		source BLOB NOT NULL,
		params TEXT NOT NULL,
		max_cost_wei TEXT NOT NULL,
		site TEXT NOT NULL DEFAULT '',
		state TEXT NOT NULL,
		error TEXT NOT NULL DEFAULT '',
		placement TEXT NOT NULL DEFAULT '',
		steps TEXT NOT NULL DEFAULT '[]',
		usage TEXT NOT NULL DEFAULT '',
		cost_wei TEXT NOT NULL DEFAULT '',
		price_wei TEXT NOT NULL DEFAULT '',
		escrow_state TEXT NOT NULL,
		cancel_requested INTEGER NOT NULL DEFAULT 0,
		placements INTEGER NOT NULL DEFAULT 0,
		created_at INTEGER NOT NULL,
		updated_at INTEGER NOT NULL,
		assigned_at INTEGER,
		delivered_at INTEGER,
		ended_at INTEGER,
		UNIQUE (researcher, idempotency_key)
	);
	CREATE INDEX jobs_site_state ON jobs(site, state);
	CREATE INDEX jobs_state ON jobs(state);
	CREATE INDEX jobs_researcher ON jobs(researcher, created_at);
	CREATE TABLE job_exclusions (
		job TEXT NOT NULL,
		site TEXT NOT NULL,
		reason TEXT NOT NULL,
		at INTEGER NOT NULL,
		cancel INTEGER NOT NULL DEFAULT 0,
		PRIMARY KEY (job, site)
	);
	CREATE TABLE nonces (
		signer TEXT NOT NULL,
		nonce TEXT NOT NULL,
		expires_at INTEGER NOT NULL,
		PRIMARY KEY (signer, nonce)
	);
	CREATE INDEX nonces_expiry ON nonces(expires_at);
	CREATE TABLE reports (
		site TEXT NOT NULL,
		epoch INTEGER NOT NULL,
		digest TEXT NOT NULL,
		median_mflops INTEGER NOT NULL,
		coverage_ppm INTEGER NOT NULL,
		report TEXT NOT NULL,
		received_at INTEGER NOT NULL,
		PRIMARY KEY (site, epoch)
	);
	CREATE TABLE report_rejections (
		seq INTEGER PRIMARY KEY AUTOINCREMENT,
		site TEXT NOT NULL,
		epoch INTEGER NOT NULL,
		digest TEXT NOT NULL,
		reasons TEXT NOT NULL,
		received_at INTEGER NOT NULL
	);
	CREATE TABLE epochs (
		epoch INTEGER PRIMARY KEY,
		status TEXT NOT NULL,
		settlement TEXT NOT NULL,
		result TEXT NOT NULL,
		rewards TEXT NOT NULL,
		computed_at INTEGER NOT NULL,
		settled_at INTEGER,
		closed_at INTEGER,
		gas TEXT NOT NULL DEFAULT ''
	);`,
	// 2: each job's worst case at the site it was placed on (JSON WorstCase, '' for jobs placed
	// before: their settlements are capped by the budget and the site's capacity only), how its
	// cost was billed (JSON Billing) and the researcher's signed submission (JSON
	// reqsign.Submission, '' when the client sent none).
	`ALTER TABLE jobs ADD COLUMN worst_case TEXT NOT NULL DEFAULT '';
	ALTER TABLE jobs ADD COLUMN billing TEXT NOT NULL DEFAULT '';
	ALTER TABLE jobs ADD COLUMN submission TEXT NOT NULL DEFAULT '';`,
	// 3: the uptime each report proves (pocp.Report.ProvenUptimePPM), which grades a site's
	// reliability; 0 for reports accepted before (version 1 reports carried none).
	`ALTER TABLE reports ADD COLUMN uptime_ppm INTEGER NOT NULL DEFAULT 0;`,
	// 4: the GPUs each site's registration names (protocol.DeviceIdentity), by UUID: one
	// UUID at two sites is hardware counted twice.
	`CREATE TABLE site_devices (
		uuid TEXT NOT NULL,
		site TEXT NOT NULL,
		node TEXT NOT NULL,
		pci_bus_id TEXT NOT NULL DEFAULT '',
		PRIMARY KEY (uuid, site)
	);
	CREATE INDEX site_devices_site ON site_devices(site);`,
	// 5: compute challenges (gateway/challenges.go): what was issued, delivered, answered
	// and decided, and the slash each failure owes; the GPUs challenge answers named at each
	// site (device_sightings, which the identity registry counts beside registrations);
	// and each report's slot series
	// (JSON []pocp.SlotRun, '' when the site sent none), from which the verified median is
	// computed.
	`CREATE TABLE challenges (
		id TEXT PRIMARY KEY,
		site TEXT NOT NULL,
		partition TEXT NOT NULL,
		spec TEXT NOT NULL,
		nonce TEXT NOT NULL UNIQUE,
		shape TEXT NOT NULL,
		issued_at INTEGER NOT NULL,
		deadline INTEGER NOT NULL,
		delivered_at INTEGER,
		state TEXT NOT NULL,
		received_at INTEGER,
		decided_at INTEGER,
		reasons TEXT NOT NULL DEFAULT '',
		devices TEXT NOT NULL DEFAULT '',
		slash TEXT NOT NULL DEFAULT '',
		slash_reason INTEGER NOT NULL DEFAULT 0,
		slashed_wei TEXT NOT NULL DEFAULT ''
	);
	CREATE INDEX challenges_site ON challenges(site, issued_at);
	CREATE INDEX challenges_state ON challenges(state, deadline);
	CREATE INDEX challenges_slash ON challenges(slash);
	CREATE TABLE device_sightings (
		uuid TEXT NOT NULL,
		site TEXT NOT NULL,
		challenge TEXT NOT NULL,
		seen_at INTEGER NOT NULL,
		PRIMARY KEY (uuid, site)
	);
	CREATE INDEX device_sightings_site ON device_sightings(site);
	ALTER TABLE reports ADD COLUMN series TEXT NOT NULL DEFAULT '';`,
	// 6: replicated execution (gateway/replicas.go). Every job of a replicated submission
	// names its group (the first job's id; '' for a job that is not replicated), its index,
	// the group's size and quorum, the digest of its outputs its site reported, and once
	// the group is decided its vote and the slash a dissent owes. replica_groups holds each
	// group's decision, the time by which it is decided whatever its replicas do, and what
	// its escrow settles for. Each site's protocol version (from
	// its polls) and the operator an approval named: replicas go to distinct operators.
	`ALTER TABLE jobs ADD COLUMN replica_of TEXT NOT NULL DEFAULT '';
	ALTER TABLE jobs ADD COLUMN replica_index INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE jobs ADD COLUMN replicas INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE jobs ADD COLUMN quorum INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE jobs ADD COLUMN outputs_sha256 TEXT NOT NULL DEFAULT '';
	ALTER TABLE jobs ADD COLUMN vote TEXT NOT NULL DEFAULT '';
	ALTER TABLE jobs ADD COLUMN slash TEXT NOT NULL DEFAULT '';
	ALTER TABLE jobs ADD COLUMN slashed_wei TEXT NOT NULL DEFAULT '';
	CREATE INDEX jobs_replica_of ON jobs(replica_of) WHERE replica_of != '';
	CREATE INDEX jobs_slash ON jobs(slash) WHERE slash != '';
	CREATE TABLE replica_groups (
		job TEXT PRIMARY KEY,
		state TEXT NOT NULL,
		decide_by INTEGER NOT NULL,
		outputs_sha256 TEXT NOT NULL DEFAULT '',
		cost_wei TEXT NOT NULL DEFAULT '',
		decided_at INTEGER
	);
	CREATE INDEX replica_groups_state ON replica_groups(state);
	ALTER TABLE sites ADD COLUMN protocol INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE sites ADD COLUMN operator TEXT NOT NULL DEFAULT '';`,
	// 7: the kernel a challenge's deadline was sized for: 'gpu' from the node's GPUs (a
	// site whose challenge jobs run the GPU kernel), 'cpu' from the CPU part of its index,
	// as every challenge before was.
	`ALTER TABLE challenges ADD COLUMN kernel TEXT NOT NULL DEFAULT 'cpu';`,
	// 8: reruns of replicas that end without a vote (a workflow's verify.reruns). Every job
	// of a group knows how many its group may run (its budget share depends on it); a rerun
	// names the replica it replaces, which the unique index keeps to one rerun each. A group
	// starts reruns only until its rerun_by (0: never, as for every group before).
	`ALTER TABLE jobs ADD COLUMN reruns INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE jobs ADD COLUMN replaces TEXT NOT NULL DEFAULT '';
	CREATE UNIQUE INDEX jobs_replaces ON jobs(replaces) WHERE replaces != '';
	ALTER TABLE replica_groups ADD COLUMN rerun_by INTEGER NOT NULL DEFAULT 0;`,
	// 9: sealed-bid auctions (workflows in placement mode auction): one row per auction,
	// at most one open per job; one bid row per invited site, with its grades and challenge
	// record when invited, the announcement it was sent, its commitment and signature, and
	// the reveal.
	`CREATE TABLE auctions (
		id TEXT PRIMARY KEY,
		job TEXT NOT NULL,
		state TEXT NOT NULL,
		opened_at INTEGER NOT NULL,
		commit_by INTEGER NOT NULL,
		reveal_by INTEGER NOT NULL,
		start_by INTEGER NOT NULL,
		max_cost_wei TEXT NOT NULL,
		decided_at INTEGER,
		winner TEXT NOT NULL DEFAULT '',
		price_wei TEXT NOT NULL DEFAULT '',
		note TEXT NOT NULL DEFAULT ''
	);
	CREATE INDEX auctions_job ON auctions(job, opened_at);
	CREATE UNIQUE INDEX auctions_open ON auctions(job) WHERE state = 'open';
	CREATE TABLE bids (
		auction TEXT NOT NULL,
		site TEXT NOT NULL,
		worst_case_chm TEXT NOT NULL,
		announcement TEXT NOT NULL,
		performance_grade TEXT NOT NULL DEFAULT '',
		reliability_grade INTEGER NOT NULL DEFAULT 0,
		challenges_passed INTEGER NOT NULL DEFAULT 0,
		challenges_failed INTEGER NOT NULL DEFAULT 0,
		commitment TEXT NOT NULL DEFAULT '',
		signature TEXT NOT NULL DEFAULT '',
		committed_at INTEGER,
		price_wei TEXT NOT NULL DEFAULT '',
		earliest_start INTEGER,
		salt TEXT NOT NULL DEFAULT '',
		revealed_at INTEGER,
		declined_at INTEGER,
		decline TEXT NOT NULL DEFAULT '',
		outcome TEXT NOT NULL DEFAULT '',
		refusal TEXT NOT NULL DEFAULT '',
		PRIMARY KEY (auction, site)
	);
	CREATE INDEX bids_site ON bids(site, auction);`,
}

func (s *Store) tx(ctx context.Context, fn func(*sql.Tx) error) error { return s.handle.Write(ctx, fn) }

// queryCounts runs a query of a text column and a count, and returns the counts by text;
// what names them in errors.
func (s *Store) queryCounts(ctx context.Context, what, q string, args ...any) (map[string]int, error) {
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("gateway store: %s: %w", what, err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var key string
		var n int
		if err := rows.Scan(&key, &n); err != nil {
			return nil, fmt.Errorf("gateway store: %s: %w", what, err)
		}
		out[key] = n
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("gateway store: %s: %w", what, err)
	}
	return out, nil
}

// queryStrings runs a query of one text column and returns its values; what names them in
// errors.
func (s *Store) queryStrings(ctx context.Context, what, q string, args ...any) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("gateway store: %s: %w", what, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, fmt.Errorf("gateway store: %s: %w", what, err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("gateway store: %s: %w", what, err)
	}
	return out, nil
}

func unix(t time.Time) int64 { return t.UTC().Unix() }

func fromUnix(v int64) time.Time { return time.Unix(v, 0).UTC() }

func timePtr(v sql.NullInt64) *time.Time {
	if !v.Valid {
		return nil
	}
	t := fromUnix(v.Int64)
	return &t
}

// Meta reads a value of the meta table ("" and false when unset).
func (s *Store) Meta(ctx context.Context, key string) (string, bool, error) {
	var v string
	err := s.db.QueryRowContext(ctx, `SELECT value FROM meta WHERE key = ?`, key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("gateway store: meta %s: %w", key, err)
	}
	return v, true, nil
}

// SetMeta writes a value of the meta table.
func (s *Store) SetMeta(ctx context.Context, key, value string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value`, key, value)
		if err != nil {
			return fmt.Errorf("gateway store: meta %s: %w", key, err)
		}
		return nil
	})
}

// RememberNonce records a request nonce until it expires; fresh is false for a replay.
func (s *Store) RememberNonce(ctx context.Context, signer, nonce string, expires time.Time) (fresh bool, err error) {
	err = s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM nonces WHERE expires_at < ?`, unix(s.now())-60); err != nil {
			return fmt.Errorf("gateway store: pruning nonces: %w", err)
		}
		res, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO nonces(signer, nonce, expires_at) VALUES (?,?,?)`, signer, nonce, unix(expires))
		if err != nil {
			return fmt.Errorf("gateway store: nonce: %w", err)
		}
		n, _ := res.RowsAffected()
		fresh = n == 1
		return nil
	})
	return fresh, err
}

func marshal(v any) (string, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", fmt.Errorf("gateway store: encoding: %w", err)
	}
	return string(b), nil
}
