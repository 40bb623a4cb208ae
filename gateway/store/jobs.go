package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/site/runstate"
)

// Gateway-side job states, before and beside the site's run states (runstate.State):
// Queued waits for a site, Assigned is placed on a site that has not taken it yet, Unknown
// was in Slurm's hands at a site that went silent. From Accepted on, the state is the site's.
const (
	Queued   runstate.State = "queued"
	Assigned runstate.State = "assigned"
	Unknown  runstate.State = "unknown"
)

// Escrow states.
const (
	EscrowLocked  = "locked"
	EscrowSettled = "settled"
	// EscrowGroup: a replica after the first; its group's first job holds the escrow.
	EscrowGroup = "group"
)

// ErrDuplicate is returned by CreateJob when the researcher already submitted under the same
// idempotency key; the existing job comes with it.
var ErrDuplicate = errors.New("a job with this idempotency key exists")

// Bill is a finished job's cost in DPS wei (decimal) and how it was reached.
type Bill struct {
	CostWei string
	Billing *gatewayapi.Billing
}

// rank orders states so that an update never moves a job back. Queued, Assigned and
// Unknown are the gateway's; an update from the site overrides Unknown whatever it says.
func rank(s runstate.State) int {
	switch s {
	case Queued:
		return 0
	case Assigned:
		return 1
	case runstate.Accepted:
		return 2
	case runstate.Rendered:
		return 3
	case runstate.Submitting:
		return 4
	case runstate.Submitted:
		return 5
	case runstate.Running:
		return 6
	case Unknown:
		return -1
	case runstate.Reported:
		return 7
	}
	return 7 // terminal
}

// Terminal reports whether a job state is final.
func Terminal(s runstate.State) bool {
	switch s {
	case Queued, Assigned, Unknown:
		return false
	}
	return s.Terminal()
}

const jobColumns = `id, researcher, idempotency_key, escrow_id, workflow, file_name, source, params, max_cost_wei, site, state, error, placement, steps, usage, cost_wei, price_wei, escrow_state, cancel_requested, placements, created_at, updated_at, assigned_at, ended_at, worst_case, billing, submission, replica_of, replica_index, replicas, quorum, outputs_sha256, vote, slash, slashed_wei, reruns, replaces`

func scanJob(scan func(...any) error) (gatewayapi.Job, error) {
	var j gatewayapi.Job
	var params, steps, usage, worst, billing, submission string
	var created, updated int64
	var assigned, ended sql.NullInt64
	var cancel int
	var r gatewayapi.Replica
	if err := scan(&j.ID, &j.Researcher, &j.IdempotencyKey, &j.EscrowID, &j.Workflow, &j.SourceName, &j.Source, &params, &j.MaxCostWei, &j.Site,
		&j.State, &j.Error, &j.Placement, &steps, &usage, &j.CostWei, &j.PriceWei, &j.EscrowState, &cancel, &j.Placements, &created, &updated, &assigned, &ended,
		&worst, &billing, &submission, &r.Group, &r.Index, &r.Replicas, &r.Quorum, &j.OutputsSHA256, &r.Vote, &r.Slash, &r.SlashedWei, &r.Reruns, &r.Replaces); err != nil {
		return gatewayapi.Job{}, err
	}
	if r.Group != "" {
		j.Replica = &r
	}
	if err := unmarshalOptional(worst, &j.WorstCase); err != nil {
		return gatewayapi.Job{}, fmt.Errorf("job %s worst case: %w", j.ID, err)
	}
	if err := unmarshalOptional(billing, &j.Billing); err != nil {
		return gatewayapi.Job{}, fmt.Errorf("job %s billing: %w", j.ID, err)
	}
	if err := unmarshalOptional(submission, &j.Submission); err != nil {
		return gatewayapi.Job{}, fmt.Errorf("job %s signed submission: %w", j.ID, err)
	}
	j.SignedSubmission = j.Submission != nil
	if err := json.Unmarshal([]byte(params), &j.Params); err != nil {
		return gatewayapi.Job{}, fmt.Errorf("job %s params: %w", j.ID, err)
	}
	if err := json.Unmarshal([]byte(steps), &j.Steps); err != nil {
		return gatewayapi.Job{}, fmt.Errorf("job %s steps: %w", j.ID, err)
	}
	if usage != "" {
		j.Usage = new(protocol.Usage)
		if err := json.Unmarshal([]byte(usage), j.Usage); err != nil {
			return gatewayapi.Job{}, fmt.Errorf("job %s usage: %w", j.ID, err)
		}
	}
	j.CancelRequested = cancel != 0
	j.CreatedAt, j.UpdatedAt = fromUnix(created), fromUnix(updated)
	j.AssignedAt, j.EndedAt = timePtr(assigned), timePtr(ended)
	return j, nil
}

// unmarshalOptional decodes a JSON column into *out, leaving it nil when the column is empty.
func unmarshalOptional[T any](data string, out **T) error {
	if data == "" {
		return nil
	}
	*out = new(T)
	return json.Unmarshal([]byte(data), *out)
}

// marshalOptional encodes v for a JSON column, "" for nil.
func marshalOptional[T any](v *T) (string, error) {
	if v == nil {
		return "", nil
	}
	return marshal(v)
}

// CreateJob records a new queued job. If the researcher already has a job with the same
// idempotency key, nothing is written and that job is returned with ErrDuplicate.
func (s *Store) CreateJob(ctx context.Context, j gatewayapi.Job) (gatewayapi.Job, error) {
	return s.createJobs(ctx, j, nil, ReplicaPlan{})
}

// ReplicaPlan is how a replicated submission is run and decided.
type ReplicaPlan struct {
	// Quorum is a strict majority of the replicas.
	Quorum int
	// Reruns is how many replicas that end without a vote may be run again, until RerunBy.
	Reruns  int
	RerunBy time.Time
	// DecideBy is when the group is decided at the latest.
	DecideBy time.Time
}

// MaxReruns bounds a group's reruns (workflows.MaxReruns, kept here so that the store
// depends on no parser).
const MaxReruns = 3

// CreateReplicatedJob records a replicated submission: one queued job per id, the first
// under the submission's idempotency key and escrow (it settles the group's), the others
// as its replicas, with the group's plan. The first job is returned; ErrDuplicate as for
// CreateJob.
func (s *Store) CreateReplicatedJob(ctx context.Context, j gatewayapi.Job, ids []string, plan ReplicaPlan) (gatewayapi.Job, error) {
	if len(ids) < 2 || ids[0] != j.ID || plan.Quorum <= len(ids)/2 || plan.Quorum > len(ids) || plan.Reruns < 0 || plan.Reruns > MaxReruns {
		return gatewayapi.Job{}, fmt.Errorf("gateway store: a replicated job needs 2 or more ids, its own first, a majority quorum and 0 to %d reruns (%d ids, quorum %d, reruns %d)",
			MaxReruns, len(ids), plan.Quorum, plan.Reruns)
	}
	return s.createJobs(ctx, j, ids, plan)
}

// replicaKeySeparator joins a submission's idempotency key and a replica's index into the
// replica's own key: it is not a character researchers' keys may hold, so no submission
// can take a replica's key.
const replicaKeySeparator = "#"

func (s *Store) createJobs(ctx context.Context, j gatewayapi.Job, ids []string, plan ReplicaPlan) (gatewayapi.Job, error) {
	params, err := marshal(j.Params)
	if err != nil {
		return gatewayapi.Job{}, err
	}
	submission, err := marshalOptional(j.Submission)
	if err != nil {
		return gatewayapi.Job{}, err
	}
	j.SignedSubmission = j.Submission != nil
	now := s.now()
	j.State, j.EscrowState, j.CreatedAt, j.UpdatedAt = Queued, EscrowLocked, now, now
	group := ""
	if len(ids) > 0 {
		group = j.ID
		j.Replica = &gatewayapi.Replica{Group: group, Replicas: len(ids), Quorum: plan.Quorum, Reruns: plan.Reruns}
	}
	var existing string
	err = s.tx(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `SELECT id FROM jobs WHERE researcher = ? AND idempotency_key = ?`, j.Researcher, j.IdempotencyKey).Scan(&existing)
		if err == nil {
			return ErrDuplicate
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("gateway store: %w", err)
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM jobs WHERE escrow_id = ? AND researcher = ?`, j.EscrowID, j.Researcher).Scan(&n); err != nil {
			return fmt.Errorf("gateway store: %w", err)
		}
		if n > 0 {
			return fmt.Errorf("escrow %s already pays for another job", j.EscrowID)
		}
		for i, id := range append([]string{j.ID}, ids[min(1, len(ids)):]...) {
			key, escrow := j.IdempotencyKey, EscrowLocked
			if i > 0 {
				key, escrow = fmt.Sprintf("%s%s%d", j.IdempotencyKey, replicaKeySeparator, i), EscrowGroup
			}
			_, err = tx.ExecContext(ctx, `INSERT INTO jobs(id, researcher, idempotency_key, escrow_id, workflow, file_name, source, params, max_cost_wei, state, escrow_state, created_at, updated_at, submission,
				replica_of, replica_index, replicas, quorum, reruns)
				VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`, id, j.Researcher, key, j.EscrowID, j.Workflow, j.SourceName, j.Source, params, j.MaxCostWei, string(Queued), escrow, unix(now), unix(now), submission,
				group, i, len(ids), plan.Quorum, plan.Reruns)
			if err != nil {
				return fmt.Errorf("gateway store: creating job %s: %w", id, err)
			}
		}
		if group != "" {
			rerunBy := int64(0)
			if plan.Reruns > 0 {
				rerunBy = unix(plan.RerunBy)
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO replica_groups(job, state, decide_by, rerun_by) VALUES (?, ?, ?, ?)`, group, gatewayapi.GroupVoting, unix(plan.DecideBy), rerunBy); err != nil {
				return fmt.Errorf("gateway store: creating replica group %s: %w", group, err)
			}
		}
		return nil
	})
	if errors.Is(err, ErrDuplicate) {
		existingJob, gerr := s.Job(ctx, existing)
		if gerr != nil {
			return gatewayapi.Job{}, gerr
		}
		return existingJob, ErrDuplicate
	}
	if err != nil {
		return gatewayapi.Job{}, err
	}
	return j, nil
}

// Job returns one job.
func (s *Store) Job(ctx context.Context, id string) (gatewayapi.Job, error) {
	j, err := scanJob(s.db.QueryRowContext(ctx, `SELECT `+jobColumns+` FROM jobs WHERE id = ?`, id).Scan)
	if errors.Is(err, sql.ErrNoRows) {
		return gatewayapi.Job{}, fmt.Errorf("job %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return gatewayapi.Job{}, fmt.Errorf("gateway store: job %s: %w", id, err)
	}
	return j, nil
}

// JobFilter selects jobs; zero fields select everything.
type JobFilter struct {
	Researcher string
	Site       string
	States     []runstate.State
	// Before is a job id: only jobs created before it (paging, newest first).
	Before string
	Limit  int
}

// Jobs lists jobs, newest first.
func (s *Store) Jobs(ctx context.Context, f JobFilter) ([]gatewayapi.Job, error) {
	var where []string
	var args []any
	if f.Researcher != "" {
		where = append(where, `researcher = ? COLLATE NOCASE`)
		args = append(args, f.Researcher)
	}
	if f.Site != "" {
		where = append(where, `site = ?`)
		args = append(args, f.Site)
	}
	if len(f.States) > 0 {
		where = append(where, `state IN (?`+strings.Repeat(",?", len(f.States)-1)+`)`)
		for _, st := range f.States {
			args = append(args, string(st))
		}
	}
	if f.Before != "" {
		where = append(where, `(created_at, id) < (SELECT created_at, id FROM jobs WHERE id = ?)`)
		args = append(args, f.Before)
	}
	q := `SELECT ` + jobColumns + ` FROM jobs`
	if len(where) > 0 {
		q += ` WHERE ` + strings.Join(where, ` AND `)
	}
	limit := f.Limit
	if limit <= 0 || limit > 10000 {
		limit = 10000
	}
	q += fmt.Sprintf(` ORDER BY created_at DESC, id DESC LIMIT %d`, limit)
	return s.queryJobs(ctx, q, args...)
}

func (s *Store) queryJobs(ctx context.Context, q string, args ...any) ([]gatewayapi.Job, error) {
	return queryJobsOn(ctx, s.db, q, args...)
}

// queryer is what a query needs: the database, or a transaction.
type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func queryJobsOn(ctx context.Context, db queryer, q string, args ...any) ([]gatewayapi.Job, error) {
	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("gateway store: jobs: %w", err)
	}
	defer rows.Close()
	var out []gatewayapi.Job
	for rows.Next() {
		j, err := scanJob(rows.Scan)
		if err != nil {
			return nil, fmt.Errorf("gateway store: jobs: %w", err)
		}
		out = append(out, j)
	}
	return out, rows.Err()
}

// CountJobs counts jobs by state.
func (s *Store) CountJobs(ctx context.Context) (map[string]int, error) {
	return s.queryCounts(ctx, "counting jobs", `SELECT state, count(*) FROM jobs GROUP BY state`)
}

// Exclusions are the sites a job must not be placed on again (they refused it or went
// silent with it).
func (s *Store) Exclusions(ctx context.Context, job string) (map[string]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT site, reason FROM job_exclusions WHERE job = ?`, job)
	if err != nil {
		return nil, fmt.Errorf("gateway store: exclusions of %s: %w", job, err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var site, reason string
		if err := rows.Scan(&site, &reason); err != nil {
			return nil, err
		}
		out[site] = reason
	}
	return out, rows.Err()
}

// Assign places a queued job on a site, at the site's price and with the job's worst case
// there (which caps its settlement).
func (s *Store) Assign(ctx context.Context, id, site, placement, priceWei string, worst gatewayapi.WorstCase) error {
	return s.tx(ctx, func(tx *sql.Tx) error { return s.assignTx(ctx, tx, id, site, placement, priceWei, worst) })
}

// assignTx is Assign within tx.
func (s *Store) assignTx(ctx context.Context, tx *sql.Tx, id, site, placement, priceWei string, worst gatewayapi.WorstCase) error {
	worstJSON, err := marshal(worst)
	if err != nil {
		return err
	}
	now := unix(s.now())
	var group string
	if err := tx.QueryRowContext(ctx, `SELECT replica_of FROM jobs WHERE id = ?`, id).Scan(&group); err != nil {
		return fmt.Errorf("gateway store: assigning %s: %w", id, err)
	}
	if group != "" {
		if err := checkReplicaOperator(ctx, tx, id, group, site); err != nil {
			return err
		}
	}
	res, err := tx.ExecContext(ctx, `UPDATE jobs SET site = ?, state = ?, placement = ?, price_wei = ?, worst_case = ?, error = '', placements = placements + 1, assigned_at = ?, delivered_at = NULL, updated_at = ?
		WHERE id = ? AND state = ?`, site, string(Assigned), placement, priceWei, worstJSON, now, now, id, string(Queued))
	if err != nil {
		return fmt.Errorf("gateway store: assigning %s: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("job %s is not queued any more", id)
	}
	return nil
}

// NotePlacement records why a queued job could not be placed yet.
func (s *Store) NotePlacement(ctx context.Context, id, placement string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE jobs SET placement = ? WHERE id = ? AND state = ?`, placement, id, string(Queued))
		if err != nil {
			return fmt.Errorf("gateway store: job %s: %w", id, err)
		}
		return nil
	})
}

// Deliverable returns the site's assigned jobs that were never delivered, or delivered
// before redeliverBefore without the site taking them (the answer may have been lost), and
// marks them delivered now.
func (s *Store) Deliverable(ctx context.Context, site string, redeliverBefore time.Time, limit int) ([]gatewayapi.Job, error) {
	var out []gatewayapi.Job
	err := s.tx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT `+jobColumns+` FROM jobs WHERE site = ? AND state = ? AND cancel_requested = 0 AND (delivered_at IS NULL OR delivered_at < ?) ORDER BY created_at LIMIT ?`,
			site, string(Assigned), unix(redeliverBefore), limit)
		if err != nil {
			return fmt.Errorf("gateway store: deliverable jobs of %s: %w", site, err)
		}
		for rows.Next() {
			j, err := scanJob(rows.Scan)
			if err != nil {
				rows.Close()
				return err
			}
			out = append(out, j)
		}
		rows.Close()
		for _, j := range out {
			if _, err := tx.ExecContext(ctx, `UPDATE jobs SET delivered_at = ? WHERE id = ?`, unix(s.now()), j.ID); err != nil {
				return fmt.Errorf("gateway store: delivering %s: %w", j.ID, err)
			}
		}
		return nil
	})
	return out, err
}

// Refused puts a job the site will not run back in the queue and keeps it off that site.
func (s *Store) Refused(ctx context.Context, site, id, reason string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE jobs SET state = ?, site = '', error = ?, updated_at = ? WHERE id = ? AND site = ? AND state IN (?, ?)`,
			string(Queued), "refused by "+site+": "+reason, unix(s.now()), id, site, string(Assigned), string(runstate.Accepted))
		if err != nil {
			return fmt.Errorf("gateway store: refusal of %s: %w", id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil // not (or no longer) this site's: nothing to undo
		}
		_, err = tx.ExecContext(ctx, `INSERT OR REPLACE INTO job_exclusions(job, site, reason, at) VALUES (?,?,?,?)`, id, site, "refused: "+reason, unix(s.now()))
		return err
	})
}

// Update is what a site update did to a job.
type Update struct {
	// Stale: the job is not (or no longer) this site's; the site should cancel its copy.
	Stale bool
	// Job is the job after the update.
	Job gatewayapi.Job
}

// ApplyUpdate applies a site's job update. States never go back (Unknown yields to
// anything); usage is recorded once, with the bill it implies (computed by the caller from
// the job, with the update's steps, and the usage).
func (s *Store) ApplyUpdate(ctx context.Context, site string, u protocol.JobUpdate, bill func(gatewayapi.Job, protocol.Usage) (Bill, error)) (Update, error) {
	var out Update
	err := s.tx(ctx, func(tx *sql.Tx) error {
		j, err := scanJob(tx.QueryRowContext(ctx, `SELECT `+jobColumns+` FROM jobs WHERE id = ?`, u.Job).Scan)
		if errors.Is(err, sql.ErrNoRows) {
			out.Stale = true
			return nil
		}
		if err != nil {
			return fmt.Errorf("gateway store: job %s: %w", u.Job, err)
		}
		if j.Site != site {
			out.Stale = true
			if Terminal(u.State) {
				_, err = tx.ExecContext(ctx, `UPDATE job_exclusions SET cancel = 0 WHERE job = ? AND site = ?`, u.Job, site)
			} else {
				_, err = tx.ExecContext(ctx, `INSERT INTO job_exclusions(job, site, reason, at, cancel) VALUES (?,?,?,?,1)
					ON CONFLICT(job, site) DO UPDATE SET cancel = 1`, u.Job, site, "stale copy", unix(s.now()))
			}
			out.Job = j
			return err
		}
		state := j.State
		if rank(u.State) > rank(j.State) || j.State == Unknown {
			state = u.State
		}
		if state == runstate.Reported {
			state = j.State // the site's bookkeeping, not an outcome
		}
		steps, err := marshal(u.Steps)
		if err != nil {
			return err
		}
		if u.Steps == nil {
			steps, _ = marshal(j.Steps)
		}
		usage, cost := "", j.CostWei
		billing, err := marshalOptional(j.Billing)
		if err != nil {
			return err
		}
		if j.Usage != nil {
			usage, _ = marshal(j.Usage)
		} else if u.Usage != nil && Terminal(state) {
			if usage, err = marshal(u.Usage); err != nil {
				return err
			}
			// The bill reads the steps as this update leaves them.
			billed := j
			if u.Steps != nil {
				billed.Steps = u.Steps
			}
			b, err := bill(billed, *u.Usage)
			if err != nil {
				return fmt.Errorf("job %s: cost: %w", j.ID, err)
			}
			if billing, err = marshalOptional(b.Billing); err != nil {
				return err
			}
			cost = b.CostWei
		}
		ended := any(nil)
		if j.EndedAt != nil {
			ended = unix(*j.EndedAt)
		} else if Terminal(state) {
			ended = unix(s.now())
		}
		msg := j.Error
		if u.Error != "" {
			msg = u.Error
		}
		// A succeeded job's outputs digest is taken once, and only before its cost closes
		// the vote: a site cannot change its vote afterwards.
		outputs := j.OutputsSHA256
		if outputs == "" && state == runstate.Completed && j.CostWei == "" {
			outputs = u.OutputsSHA256
		}
		_, err = tx.ExecContext(ctx, `UPDATE jobs SET state = ?, error = ?, steps = ?, usage = ?, cost_wei = ?, billing = ?, ended_at = ?, updated_at = ?, outputs_sha256 = ? WHERE id = ?`,
			string(state), msg, steps, usage, cost, billing, ended, unix(s.now()), outputs, j.ID)
		if err != nil {
			return fmt.Errorf("gateway store: updating %s: %w", j.ID, err)
		}
		out.Job, err = scanJob(tx.QueryRowContext(ctx, `SELECT `+jobColumns+` FROM jobs WHERE id = ?`, u.Job).Scan)
		return err
	})
	return out, err
}

// StaleCancels are jobs the site holds a copy of that now belong elsewhere (or nowhere).
func (s *Store) StaleCancels(ctx context.Context, site string) ([]string, error) {
	return s.queryStrings(ctx, "stale jobs of "+site, `SELECT job FROM job_exclusions WHERE site = ? AND cancel = 1 LIMIT 1000`, site)
}

// CancelsFor are the site's jobs whose researcher asked to cancel them.
func (s *Store) CancelsFor(ctx context.Context, site string) ([]string, error) {
	jobs, err := s.queryJobs(ctx, `SELECT `+jobColumns+` FROM jobs WHERE site = ? AND cancel_requested = 1 AND state NOT IN (?, ?) LIMIT 1000`, site, string(Queued), string(Assigned))
	if err != nil {
		return nil, err
	}
	var out []string
	for _, j := range jobs {
		if !Terminal(j.State) {
			out = append(out, j.ID)
		}
	}
	return out, nil
}

// RequestCancel marks a job cancelled by its researcher. A job no site has taken yet ends
// here, cancelled, at no cost; the rest are cancelled by their site.
// Cancelling any replica of a replicated job cancels them all: they are one submission.
func (s *Store) RequestCancel(ctx context.Context, id string) (gatewayapi.Job, error) {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		now := unix(s.now())
		var group string
		if err := tx.QueryRowContext(ctx, `SELECT replica_of FROM jobs WHERE id = ?`, id).Scan(&group); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("gateway store: cancelling %s: %w", id, err)
		}
		match, arg := `id = ?`, id
		if group != "" {
			// The literal lets SQLite use the partial index on replica_of.
			match, arg = `replica_of = ? AND replica_of != ''`, group
		}
		if _, err := tx.ExecContext(ctx, `UPDATE jobs SET cancel_requested = 1, updated_at = ? WHERE `+match, now, arg); err != nil {
			return fmt.Errorf("gateway store: cancelling %s: %w", id, err)
		}
		_, err := tx.ExecContext(ctx, `UPDATE jobs SET state = ?, ended_at = ?, cost_wei = '0', usage = '{"slurmJobs":[],"elapsedSeconds":0,"cpuSeconds":0,"gpuSeconds":0,"computeHoursMilli":0}'
			WHERE `+match+` AND state = ?`, string(runstate.Cancelled), now, arg, string(Queued))
		if err != nil {
			return fmt.Errorf("gateway store: cancelling %s: %w", id, err)
		}
		return closeEndedJobAuctions(ctx, tx, id, now, "the job was cancelled before the auction was decided")
	})
	if err != nil {
		return gatewayapi.Job{}, err
	}
	return s.Job(ctx, id)
}

// Abandon ends a queued job that can no longer run anywhere, at no cost.
func (s *Store) Abandon(ctx context.Context, id, reason string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		now := unix(s.now())
		_, err := tx.ExecContext(ctx, `UPDATE jobs SET state = ?, error = ?, ended_at = ?, updated_at = ?, cost_wei = '0', usage = '{"slurmJobs":[],"elapsedSeconds":0,"cpuSeconds":0,"gpuSeconds":0,"computeHoursMilli":0}'
			WHERE id = ? AND state = ?`, string(runstate.SubmitFailed), reason, now, now, id, string(Queued))
		if err != nil {
			return fmt.Errorf("gateway store: abandoning %s: %w", id, err)
		}
		return closeEndedJobAuctions(ctx, tx, id, now, "the job was abandoned before the auction was decided")
	})
}

// SiteSilent handles a site that stopped polling: work it had not submitted to Slurm goes
// back to the queue (and is cancelled at the site if it comes back), work in Slurm's hands
// becomes Unknown until the site reports again. It returns the re-queued job ids.
func (s *Store) SiteSilent(ctx context.Context, site string) (requeued []string, unknown int, err error) {
	err = s.tx(ctx, func(tx *sql.Tx) error {
		now := unix(s.now())
		rows, err := tx.QueryContext(ctx, `SELECT id, state FROM jobs WHERE site = ? AND state IN (?, ?, ?)`, site, string(Assigned), string(runstate.Accepted), string(runstate.Rendered))
		if err != nil {
			return fmt.Errorf("gateway store: jobs of silent site %s: %w", site, err)
		}
		type js struct{ id, state string }
		var list []js
		for rows.Next() {
			var x js
			if err := rows.Scan(&x.id, &x.state); err != nil {
				rows.Close()
				return err
			}
			list = append(list, x)
		}
		rows.Close()
		for _, x := range list {
			if _, err := tx.ExecContext(ctx, `UPDATE jobs SET state = ?, site = '', updated_at = ? WHERE id = ?`, string(Queued), now, x.id); err != nil {
				return fmt.Errorf("gateway store: re-queueing %s: %w", x.id, err)
			}
			// A site that took the job may still submit it when it returns: cancel its copy.
			cancel := 0
			if x.state != string(Assigned) {
				cancel = 1
			}
			if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO job_exclusions(job, site, reason, at, cancel) VALUES (?,?,?,?,?)`, x.id, site, "site went silent", now, cancel); err != nil {
				return err
			}
			requeued = append(requeued, x.id)
		}
		res, err := tx.ExecContext(ctx, `UPDATE jobs SET state = ?, updated_at = ? WHERE site = ? AND state IN (?, ?, ?)`, string(Unknown), now, site,
			string(runstate.Submitting), string(runstate.Submitted), string(runstate.Running))
		if err != nil {
			return fmt.Errorf("gateway store: marking jobs of %s unknown: %w", site, err)
		}
		n, _ := res.RowsAffected()
		unknown = int(n)
		return nil
	})
	return requeued, unknown, err
}

// SilentSites are approved or pending sites not seen since before.
func (s *Store) SilentSites(ctx context.Context, before time.Time) ([]string, error) {
	return s.queryStrings(ctx, "silent sites", `SELECT DISTINCT s.name FROM sites s JOIN jobs j ON j.site = s.name
		WHERE s.last_seen < ? AND j.state IN (?, ?, ?, ?, ?, ?)`, unix(before),
		string(Assigned), string(runstate.Accepted), string(runstate.Rendered), string(runstate.Submitting), string(runstate.Submitted), string(runstate.Running))
}

// ToSettle are jobs whose cost is known and whose escrow is still locked: a replicated
// job's first once its group is decided (it settles the group's cost).
func (s *Store) ToSettle(ctx context.Context, limit int) ([]gatewayapi.Job, error) {
	// A group's first job settles once the group is decided, whether or not it ended itself
	// (a group decided at its deadline may have a first job that never did).
	return s.queryJobs(ctx, `SELECT `+jobColumns+` FROM jobs WHERE escrow_state = ?
		AND ((replica_of = '' AND cost_wei != '') OR EXISTS (SELECT 1 FROM replica_groups g WHERE g.job = jobs.id AND g.state != ?)) ORDER BY ended_at LIMIT ?`, EscrowLocked, gatewayapi.GroupVoting, limit)
}

// EscrowSettled records that a job's escrow was settled on chain (a replicated job's: for
// its whole group).
func (s *Store) EscrowSettled(ctx context.Context, id string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE jobs SET escrow_state = ?, updated_at = ? WHERE id = ?`, EscrowSettled, unix(s.now()), id)
		if err != nil {
			return fmt.Errorf("gateway store: escrow of %s: %w", id, err)
		}
		_, err = tx.ExecContext(ctx, `UPDATE jobs SET escrow_state = ?, updated_at = ? WHERE replica_of = ? AND replica_of != ''`, EscrowSettled, unix(s.now()), id)
		if err != nil {
			return fmt.Errorf("gateway store: escrow of %s's replicas: %w", id, err)
		}
		return nil
	})
}

// SiteJobsWithUsage are the site's jobs whose usage arrived at or after since: every job that
// ran in a period starting at since is among them (usage arrives after the job ends).
func (s *Store) SiteJobsWithUsage(ctx context.Context, site string, since time.Time) ([]gatewayapi.Job, error) {
	return s.queryJobs(ctx, `SELECT `+jobColumns+` FROM jobs WHERE site = ? AND usage != '' AND ended_at >= ? ORDER BY ended_at LIMIT 100000`, site, unix(since))
}

// QueuedJobs lists jobs waiting for a site, oldest first.
func (s *Store) QueuedJobs(ctx context.Context, limit int) ([]gatewayapi.Job, error) {
	return s.queryJobs(ctx, `SELECT `+jobColumns+` FROM jobs WHERE state = ? ORDER BY created_at LIMIT ?`, string(Queued), limit)
}

// AssignedCounts counts each site's jobs not yet running (its queue at the gateway).
func (s *Store) AssignedCounts(ctx context.Context) (map[string]int, error) {
	return s.queryCounts(ctx, "site queues", `SELECT site, count(*) FROM jobs WHERE state IN (?, ?, ?, ?, ?) GROUP BY site`,
		string(Assigned), string(runstate.Accepted), string(runstate.Rendered), string(runstate.Submitting), string(runstate.Submitted))
}

// JobByKey returns the researcher's job submitted under an idempotency key.
func (s *Store) JobByKey(ctx context.Context, researcher, key string) (gatewayapi.Job, error) {
	j, err := scanJob(s.db.QueryRowContext(ctx, `SELECT `+jobColumns+` FROM jobs WHERE researcher = ? COLLATE NOCASE AND idempotency_key = ?`, researcher, key).Scan)
	if errors.Is(err, sql.ErrNoRows) {
		return gatewayapi.Job{}, fmt.Errorf("job with key %s: %w", key, ErrNotFound)
	}
	if err != nil {
		return gatewayapi.Job{}, fmt.Errorf("gateway store: job by key: %w", err)
	}
	return j, nil
}
