package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/site/runstate"
)

// ErrOperatorTaken refuses to place a replica on a site whose operator runs another replica
// of the same group: the vote counts operators, not sites.
var ErrOperatorTaken = errors.New("another replica of the job is placed with the site's operator")

// ErrNoOperator refuses to place a replica on a site no approval named an operator for:
// replicas are counted by operator.
var ErrNoOperator = errors.New("no operator was named at the site's approval")

// checkReplicaOperator refuses to place job (a replica of group) on site when the site has
// no named operator, or a sibling holds the site or another of its operator's; run inside
// Assign's transaction, so that two placements of one group cannot race past each other.
func checkReplicaOperator(ctx context.Context, tx *sql.Tx, id, group, site string) error {
	var operator string
	var n int
	err := tx.QueryRowContext(ctx, `SELECT t.operator, (SELECT count(*) FROM jobs j JOIN sites s ON s.name = j.site
		WHERE j.replica_of = ? AND j.replica_of != '' AND j.id != ? AND (s.name = t.name OR s.operator = t.operator)) FROM sites t WHERE t.name = ?`,
		group, id, site).Scan(&operator, &n)
	if err != nil {
		return fmt.Errorf("gateway store: replicas of %s on %s: %w", group, site, err)
	}
	if operator == "" {
		return fmt.Errorf("job %s on %s: %w", id, site, ErrNoOperator)
	}
	if n > 0 {
		return fmt.Errorf("job %s on %s: %w", id, site, ErrOperatorTaken)
	}
	return nil
}

// ReplicaGroup returns a replicated submission's group: its decision and every replica.
func (s *Store) ReplicaGroup(ctx context.Context, group string) (gatewayapi.ReplicaGroup, error) {
	g := gatewayapi.ReplicaGroup{Job: group}
	var decided sql.NullInt64
	var decideBy, rerunBy int64
	err := s.db.QueryRowContext(ctx, `SELECT state, decide_by, rerun_by, outputs_sha256, cost_wei, decided_at FROM replica_groups WHERE job = ?`, group).Scan(&g.State, &decideBy, &rerunBy, &g.OutputsSHA256, &g.CostWei, &decided)
	if errors.Is(err, sql.ErrNoRows) {
		return g, fmt.Errorf("replica group %s: %w", group, ErrNotFound)
	}
	if err != nil {
		return g, fmt.Errorf("gateway store: replica group %s: %w", group, err)
	}
	g.DecidedAt = timePtr(decided)
	by := fromUnix(decideBy)
	g.DecideBy = &by
	if rerunBy > 0 {
		rerun := fromUnix(rerunBy)
		g.RerunBy = &rerun
	}
	members, plan, err := groupMembers(ctx, s.db, group)
	if err != nil {
		return g, err
	}
	g.Members, g.Replicas, g.Quorum, g.Reruns = members, plan.Replicas, plan.Quorum, plan.Reruns
	return g, nil
}

// groupMembers reads a group's replicas and reruns as its view shows them, with the
// group's size, quorum and reruns (as a Replica without a place).
func groupMembers(ctx context.Context, db queryer, group string) ([]gatewayapi.ReplicaMember, gatewayapi.Replica, error) {
	// A group holds at most MaxReplicas + MaxReruns jobs; the limit only guards the read.
	jobs, err := queryJobsOn(ctx, db, `SELECT `+jobColumns+` FROM jobs WHERE replica_of = ? AND replica_of != '' ORDER BY replica_index LIMIT 64`, group)
	if err != nil {
		return nil, gatewayapi.Replica{}, err
	}
	var members []gatewayapi.ReplicaMember
	var plan gatewayapi.Replica
	for _, j := range jobs {
		if j.Replica == nil {
			continue
		}
		plan = gatewayapi.Replica{Group: group, Replicas: j.Replica.Replicas, Quorum: j.Replica.Quorum, Reruns: j.Replica.Reruns}
		members = append(members, gatewayapi.ReplicaMember{Job: j.ID, Index: j.Replica.Index, Replaces: j.Replica.Replaces, Site: j.Site, State: string(j.State),
			OutputsSHA256: j.OutputsSHA256, CostWei: j.CostWei, Vote: j.Replica.Vote, Slash: j.Replica.Slash, SlashedWei: j.Replica.SlashedWei})
	}
	return members, plan, nil
}

// ErrNoRerun says why a replica is not run again: its group may run no more reruns, has
// been decided or cancelled, is past its rerun_by, already has a quorum, or the replica has
// not ended without a vote or was run again already.
var ErrNoRerun = errors.New("no rerun")

// unvotedEnded is the SQL condition (on the jobs table as j) of a replica that ended without
// a vote: it did not succeed, or it succeeded and its cost is known without a digest (a
// site reports the digest before the cost, so only then is it known to be withheld).
const unvotedEnded = `j.ended_at IS NOT NULL AND (j.state != '` + string(runstate.Completed) + `' OR (j.outputs_sha256 = '' AND j.cost_wei != ''))`

// rerunDue is the SQL condition (on the jobs table as j, its group's replica_groups row as
// g, with the time as its one argument) of a replica its group runs again: it ended
// without a vote, nothing replaces it yet, and its group votes, before its rerun_by, with
// reruns left, no replica cancelled, and no digest at the quorum already (a vote that is
// won needs no more runs, and the researcher would pay for them). The literal conditions
// that replica_of and replaces are not empty let SQLite use their partial indexes.
const rerunDue = `j.replica_of != '' AND j.reruns > 0 AND g.state = '` + gatewayapi.GroupVoting + `' AND g.rerun_by > ? AND ` + unvotedEnded + `
	AND NOT EXISTS (SELECT 1 FROM jobs r WHERE r.replaces = j.id AND r.replaces != '')
	AND NOT EXISTS (SELECT 1 FROM jobs c WHERE c.replica_of = j.replica_of AND c.replica_of != '' AND c.cancel_requested = 1)
	AND (SELECT count(*) FROM jobs r WHERE r.replica_of = j.replica_of AND r.replica_of != '' AND r.replaces != '') < j.reruns
	AND NOT EXISTS (SELECT 1 FROM jobs v WHERE v.replica_of = j.replica_of AND v.replica_of != '' AND v.state = '` + string(runstate.Completed) + `'
		AND v.outputs_sha256 != '' GROUP BY v.outputs_sha256 HAVING count(*) >= j.quorum)`

// RerunsDue are replicas that their groups run again now (rerunDue).
func (s *Store) RerunsDue(ctx context.Context, now time.Time, limit int) ([]string, error) {
	return s.queryStrings(ctx, "replicas to run again", `SELECT j.id FROM replica_groups g JOIN jobs j ON j.replica_of = g.job
		WHERE `+rerunDue+` ORDER BY j.ended_at LIMIT ?`, unix(now), limit)
}

// CreateRerun records rerun id, queued, of the replica replaced: the same submission under
// the group's escrow, with the next index of the group. rerunDue is checked again in the
// transaction, so that a rerun is never made twice, beyond the group's reruns, or for a
// group decided, cancelled or agreed meanwhile (ErrNoRerun).
func (s *Store) CreateRerun(ctx context.Context, replaced, id string) (gatewayapi.Job, error) {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		now := s.now()
		var group, key string
		var replicas, used int
		err := tx.QueryRowContext(ctx, `SELECT j.replica_of, j.replicas, f.idempotency_key,
			(SELECT count(*) FROM jobs r WHERE r.replica_of = j.replica_of AND r.replica_of != '' AND r.replaces != '')
			FROM jobs j JOIN replica_groups g ON g.job = j.replica_of JOIN jobs f ON f.id = j.replica_of
			WHERE j.id = ? AND `+rerunDue, replaced, unix(now)).Scan(&group, &replicas, &key, &used)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("replica %s: %w: it has not ended without a vote, or was run again, or its group is decided, cancelled, agreed already, out of reruns or past their time", replaced, ErrNoRerun)
		}
		if err != nil {
			return fmt.Errorf("gateway store: rerun of %s: %w", replaced, err)
		}
		index := replicas + used
		// Copied from the group's first job, which holds the researcher's submission as it
		// was accepted; the replaced replica may carry its site's state.
		_, err = tx.ExecContext(ctx, `INSERT INTO jobs(id, researcher, idempotency_key, escrow_id, workflow, file_name, source, params, max_cost_wei, state, escrow_state, created_at, updated_at, submission,
			replica_of, replica_index, replicas, quorum, reruns, replaces)
			SELECT ?, researcher, ?, escrow_id, workflow, file_name, source, params, max_cost_wei, ?, ?, ?, ?, submission, replica_of, ?, replicas, quorum, reruns, ?
			FROM jobs WHERE id = ?`,
			id, fmt.Sprintf("%s%s%d", key, replicaKeySeparator, index), string(Queued), EscrowGroup, unix(now), unix(now), index, replaced, group)
		if err != nil {
			return fmt.Errorf("gateway store: creating rerun %s of %s: %w", id, replaced, err)
		}
		return nil
	})
	if err != nil {
		return gatewayapi.Job{}, err
	}
	return s.Job(ctx, id)
}

// GroupsToDecide are replica groups still voting whose every replica has ended with its
// cost known (nothing more can change their vote), or whose deadline has passed by now.
// Past its deadline, a group with a replica that ended without its cost yet (its site's
// usage report lags its final state) waits usageGrace more, so that the replica is billed.
//
// Before its deadline, a group with a replica its group runs again (rerunDue) waits for the
// rerun to be made, whatever order the voter's steps and the sites' reports come in. A
// rerun that was never placed does not hold the decision back: the voter places a rerun
// as it makes it, so one still queued with no placement is one no site could take, and a
// group whose other replicas have all ended would otherwise wait for it until its
// deadline. A rerun placed once and back in the queue (refused, or from a silent site) is
// placed again by the placer, and waited for.
func (s *Store) GroupsToDecide(ctx context.Context, now time.Time, usageGrace time.Duration, limit int) ([]string, error) {
	return s.queryStrings(ctx, "replica groups to decide", `SELECT g.job FROM replica_groups g WHERE g.state = ? AND ((
		NOT EXISTS (SELECT 1 FROM jobs j WHERE j.replica_of = g.job AND j.replica_of != '' AND j.cost_wei = '' AND NOT (j.replaces != '' AND j.state = ? AND j.placements = 0))
		AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.replica_of = g.job AND `+rerunDue+`))
		OR (g.decide_by <= ? AND (g.decide_by <= ? OR NOT EXISTS (SELECT 1 FROM jobs j WHERE j.replica_of = g.job AND j.replica_of != '' AND j.cost_wei = '' AND j.ended_at IS NOT NULL))))
		ORDER BY g.decide_by LIMIT ?`,
		gatewayapi.GroupVoting, string(Queued), unix(now), unix(now), unix(now.Add(-usageGrace)), limit)
}

// GroupDecision is how a replica group's vote went.
type GroupDecision struct {
	State         string
	OutputsSHA256 string
	CostWei       string
	// Votes are each replica's vote, by job id; a dissent owes a slash.
	Votes map[string]string
}

// DecideGroup decides a group, once: decide is given its replicas as they are in the same
// transaction, so that nothing a site reports meanwhile is lost. It returns the decision,
// or false when the group was decided already.
func (s *Store) DecideGroup(ctx context.Context, group string, decide func(members []gatewayapi.ReplicaMember, quorum int) (GroupDecision, error)) (GroupDecision, bool, error) {
	var d GroupDecision
	decided := false
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var state string
		if err := tx.QueryRowContext(ctx, `SELECT state FROM replica_groups WHERE job = ?`, group).Scan(&state); err != nil {
			return fmt.Errorf("gateway store: replica group %s: %w", group, err)
		}
		if state != gatewayapi.GroupVoting {
			return nil
		}
		members, plan, err := groupMembers(ctx, tx, group)
		if err != nil {
			return err
		}
		if d, err = decide(members, plan.Quorum); err != nil {
			return err
		}
		now := unix(s.now())
		if _, err := tx.ExecContext(ctx, `UPDATE replica_groups SET state = ?, outputs_sha256 = ?, cost_wei = ?, decided_at = ? WHERE job = ?`,
			d.State, d.OutputsSHA256, d.CostWei, now, group); err != nil {
			return fmt.Errorf("gateway store: deciding replica group %s: %w", group, err)
		}
		// Replicas still going when their group is decided (at its deadline) can change
		// nothing any more: their sites stop them, and the ones no site has received end
		// here.
		if _, err := tx.ExecContext(ctx, `UPDATE jobs SET cancel_requested = 1, updated_at = ? WHERE replica_of = ? AND replica_of != '' AND cost_wei = ''`, now, group); err != nil {
			return fmt.Errorf("gateway store: stopping the replicas of %s: %w", group, err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE jobs SET state = ?, ended_at = ?, cost_wei = '0', usage = '{"slurmJobs":[],"elapsedSeconds":0,"cpuSeconds":0,"gpuSeconds":0,"computeHoursMilli":0}'
			WHERE replica_of = ? AND replica_of != '' AND (state = ? OR (state = ? AND delivered_at IS NULL))`,
			string(runstate.Cancelled), now, group, string(Queued), string(Assigned)); err != nil {
			return fmt.Errorf("gateway store: ending the undelivered replicas of %s: %w", group, err)
		}
		for id, vote := range d.Votes {
			slash := ""
			if vote == gatewayapi.VoteDissent || vote == gatewayapi.VoteWithheld {
				slash = SlashDue
			}
			if _, err := tx.ExecContext(ctx, `UPDATE jobs SET vote = ?, slash = ?, updated_at = ? WHERE id = ? AND replica_of = ?`, vote, slash, now, id, group); err != nil {
				return fmt.Errorf("gateway store: vote of %s: %w", id, err)
			}
		}
		decided = true
		return nil
	})
	return d, decided, err
}

// ReplicaSlashesDue are replicas whose dissent owes a slash not yet made.
func (s *Store) ReplicaSlashesDue(ctx context.Context, limit int) ([]gatewayapi.Job, error) {
	return s.queryJobs(ctx, `SELECT `+jobColumns+` FROM jobs WHERE slash = ? AND slash != '' ORDER BY updated_at LIMIT ?`, SlashDue, limit)
}

// SetReplicaSlash records a dissent's slash: done (with what the chain took) or skipped.
func (s *Store) SetReplicaSlash(ctx context.Context, id, slash, slashedWei string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE jobs SET slash = ?, slashed_wei = ?, updated_at = ? WHERE id = ? AND slash = ?`, slash, slashedWei, unix(s.now()), id, SlashDue); err != nil {
			return fmt.Errorf("gateway store: slash of replica %s: %w", id, err)
		}
		return nil
	})
}
