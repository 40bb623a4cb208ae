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
	var decideBy int64
	err := s.db.QueryRowContext(ctx, `SELECT state, decide_by, outputs_sha256, cost_wei, decided_at FROM replica_groups WHERE job = ?`, group).Scan(&g.State, &decideBy, &g.OutputsSHA256, &g.CostWei, &decided)
	if errors.Is(err, sql.ErrNoRows) {
		return g, fmt.Errorf("replica group %s: %w", group, ErrNotFound)
	}
	if err != nil {
		return g, fmt.Errorf("gateway store: replica group %s: %w", group, err)
	}
	g.DecidedAt = timePtr(decided)
	by := fromUnix(decideBy)
	g.DecideBy = &by
	members, replicas, quorum, err := groupMembers(ctx, s.db, group)
	if err != nil {
		return g, err
	}
	g.Members, g.Replicas, g.Quorum = members, replicas, quorum
	return g, nil
}

// groupMembers reads a group's replicas as its view shows them, with its size and quorum.
func groupMembers(ctx context.Context, db queryer, group string) ([]gatewayapi.ReplicaMember, int, int, error) {
	jobs, err := queryJobsOn(ctx, db, `SELECT `+jobColumns+` FROM jobs WHERE replica_of = ? AND replica_of != '' ORDER BY replica_index LIMIT 64`, group)
	if err != nil {
		return nil, 0, 0, err
	}
	var members []gatewayapi.ReplicaMember
	replicas, quorum := 0, 0
	for _, j := range jobs {
		if j.Replica == nil {
			continue
		}
		replicas, quorum = j.Replica.Replicas, j.Replica.Quorum
		members = append(members, gatewayapi.ReplicaMember{Job: j.ID, Index: j.Replica.Index, Site: j.Site, State: string(j.State), OutputsSHA256: j.OutputsSHA256,
			CostWei: j.CostWei, Vote: j.Replica.Vote, Slash: j.Replica.Slash, SlashedWei: j.Replica.SlashedWei})
	}
	return members, replicas, quorum, nil
}

// GroupsToDecide are replica groups still voting whose every replica has ended with its
// cost known (nothing more can change their vote), or whose deadline has passed by now.
// Past its deadline, a group with a replica that ended without its cost yet (its site's
// usage report lags its final state) waits usageGrace more, so that the replica is billed.
func (s *Store) GroupsToDecide(ctx context.Context, now time.Time, usageGrace time.Duration, limit int) ([]string, error) {
	return s.queryStrings(ctx, "replica groups to decide", `SELECT g.job FROM replica_groups g WHERE g.state = ? AND (
		NOT EXISTS (SELECT 1 FROM jobs j WHERE j.replica_of = g.job AND j.replica_of != '' AND j.cost_wei = '')
		OR (g.decide_by <= ? AND (g.decide_by <= ? OR NOT EXISTS (SELECT 1 FROM jobs j WHERE j.replica_of = g.job AND j.replica_of != '' AND j.cost_wei = '' AND j.ended_at IS NOT NULL))))
		ORDER BY g.decide_by LIMIT ?`,
		gatewayapi.GroupVoting, unix(now), unix(now.Add(-usageGrace)), limit)
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
		members, _, quorum, err := groupMembers(ctx, tx, group)
		if err != nil {
			return err
		}
		if d, err = decide(members, quorum); err != nil {
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
