package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/internal/sanitize"
	"github.com/petagrid/petagrid/site/runstate"
)

// Bounds on the texts an auction's record keeps: a bid's decline or refusal, an auction's
// note.
const (
	maxNoteBytes        = 400
	maxAuctionNoteBytes = 4000
)

// Errors of bid requests the store refuses.
var (
	// ErrAuctionClosed: the auction was decided, or the window of the request is over.
	ErrAuctionClosed = errors.New("the auction takes no such request now")
	// ErrBidConflict: the site committed (or revealed) something else already.
	ErrBidConflict = errors.New("the site's bid already holds another commitment or reveal")
)

// Invitation is one site asked to bid: the job's worst case there, its grades, and the
// announcement it is sent (protocol.Auction as JSON, without its phase).
type Invitation struct {
	Site                       string
	WorstCaseComputeHoursMilli uint64
	PerformanceGrade           string
	ReliabilityGrade           int
	// ChallengesPassed and ChallengesFailed are the site's challenge record (failed and
	// missed) when invited.
	ChallengesPassed, ChallengesFailed int
	Announcement                       string
}

// OpenAuction records a job's new auction and its invitations, if the job is still queued
// and has no auction open.
func (s *Store) OpenAuction(ctx context.Context, a gatewayapi.Auction, invites []Invitation) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		var state string
		if err := tx.QueryRowContext(ctx, `SELECT state FROM jobs WHERE id = ?`, a.Job).Scan(&state); err != nil {
			return fmt.Errorf("gateway store: auction for %s: %w", a.Job, err)
		}
		if runstate.State(state) != Queued {
			return fmt.Errorf("job %s is not queued any more", a.Job)
		}
		var open int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM auctions WHERE job = ? AND state = ?`, a.Job, gatewayapi.AuctionOpen).Scan(&open); err != nil {
			return fmt.Errorf("gateway store: auction for %s: %w", a.Job, err)
		}
		if open > 0 {
			return fmt.Errorf("job %s has an auction open already", a.Job)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO auctions(id, job, state, opened_at, commit_by, reveal_by, start_by, max_cost_wei) VALUES (?,?,?,?,?,?,?,?)`,
			a.ID, a.Job, gatewayapi.AuctionOpen, unix(a.OpenedAt), unix(a.CommitBy), unix(a.RevealBy), unix(a.StartBy), a.MaxCostWei); err != nil {
			return fmt.Errorf("gateway store: opening auction %s: %w", a.ID, err)
		}
		for _, inv := range invites {
			if _, err := tx.ExecContext(ctx, `INSERT INTO bids(auction, site, worst_case_chm, announcement, performance_grade, reliability_grade, challenges_passed, challenges_failed)
				VALUES (?,?,?,?,?,?,?,?)`, a.ID, inv.Site, strconv.FormatUint(inv.WorstCaseComputeHoursMilli, 10), inv.Announcement, inv.PerformanceGrade, inv.ReliabilityGrade,
				inv.ChallengesPassed, inv.ChallengesFailed); err != nil {
				return fmt.Errorf("gateway store: inviting %s to auction %s: %w", inv.Site, a.ID, err)
			}
		}
		return nil
	})
}

const auctionColumns = `id, job, state, opened_at, commit_by, reveal_by, start_by, max_cost_wei, decided_at, winner, price_wei, note`

func scanAuction(scan func(...any) error) (gatewayapi.Auction, error) {
	var a gatewayapi.Auction
	var opened, commitBy, revealBy, startBy int64
	var decided sql.NullInt64
	if err := scan(&a.ID, &a.Job, &a.State, &opened, &commitBy, &revealBy, &startBy, &a.MaxCostWei, &decided, &a.Winner, &a.PriceWei, &a.Note); err != nil {
		return a, err
	}
	a.OpenedAt, a.CommitBy, a.RevealBy, a.StartBy, a.DecidedAt = fromUnix(opened), fromUnix(commitBy), fromUnix(revealBy), fromUnix(startBy), timePtr(decided)
	return a, nil
}

const bidColumns = `site, worst_case_chm, performance_grade, reliability_grade, challenges_passed, challenges_failed, commitment, signature, committed_at, price_wei, earliest_start, salt, revealed_at, declined_at, decline, outcome, refusal`

func scanBid(scan func(...any) error) (gatewayapi.AuctionBid, error) {
	var b gatewayapi.AuctionBid
	var chm string
	var committed, start, revealed, declined sql.NullInt64
	if err := scan(&b.Site, &chm, &b.PerformanceGrade, &b.ReliabilityGrade, &b.ChallengesPassed, &b.ChallengesFailed, &b.Commitment, &b.Signature, &committed, &b.PriceWei, &start, &b.Salt, &revealed, &declined, &b.Decline, &b.Outcome, &b.Refusal); err != nil {
		return b, err
	}
	v, err := strconv.ParseUint(chm, 10, 64)
	if err != nil {
		return b, fmt.Errorf("bid of %s: worst case %q: %w", b.Site, chm, err)
	}
	b.WorstCaseComputeHoursMilli = v
	b.CommittedAt, b.EarliestStart, b.RevealedAt, b.DeclinedAt = timePtr(committed), timePtr(start), timePtr(revealed), timePtr(declined)
	return b, nil
}

// JobAuctions returns a job's auctions, newest first (at most limit), with their bids in
// site order.
func (s *Store) JobAuctions(ctx context.Context, job string, limit int) ([]gatewayapi.Auction, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+auctionColumns+` FROM auctions WHERE job = ? ORDER BY opened_at DESC, id DESC LIMIT ?`, job, limit)
	if err != nil {
		return nil, fmt.Errorf("gateway store: auctions of %s: %w", job, err)
	}
	var out []gatewayapi.Auction
	for rows.Next() {
		a, err := scanAuction(rows.Scan)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("gateway store: auctions of %s: %w", job, err)
		}
		out = append(out, a)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("gateway store: auctions of %s: %w", job, err)
	}
	for i := range out {
		if out[i].Bids, err = s.auctionBids(ctx, out[i].ID); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// FailedAuctions counts a job's auctions that no bid won.
func (s *Store) FailedAuctions(ctx context.Context, job string) (int, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM auctions WHERE job = ? AND state = ?`, job, gatewayapi.AuctionFailed).Scan(&n); err != nil {
		return 0, fmt.Errorf("gateway store: auctions of %s: %w", job, err)
	}
	return n, nil
}

// LatestAuction returns a job's newest auction (false when it had none).
func (s *Store) LatestAuction(ctx context.Context, job string) (gatewayapi.Auction, bool, error) {
	all, err := s.JobAuctions(ctx, job, 1)
	if err != nil || len(all) == 0 {
		return gatewayapi.Auction{}, false, err
	}
	return all[0], true, nil
}

func (s *Store) auctionBids(ctx context.Context, auction string) ([]gatewayapi.AuctionBid, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+bidColumns+` FROM bids WHERE auction = ? ORDER BY site`, auction)
	if err != nil {
		return nil, fmt.Errorf("gateway store: bids of %s: %w", auction, err)
	}
	defer rows.Close()
	out := []gatewayapi.AuctionBid{}
	for rows.Next() {
		b, err := scanBid(rows.Scan)
		if err != nil {
			return nil, fmt.Errorf("gateway store: bids of %s: %w", auction, err)
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

// SiteBid is one site's bid in an auction, with the auction it is in.
type SiteBid struct {
	Auction gatewayapi.Auction
	Bid     gatewayapi.AuctionBid
}

// BidOf returns site's bid in an auction (ErrNotFound when the site was not invited).
func (s *Store) BidOf(ctx context.Context, auction, site string) (SiteBid, error) {
	a, err := scanAuction(s.db.QueryRowContext(ctx, `SELECT `+auctionColumns+` FROM auctions WHERE id = ?`, auction).Scan)
	if errors.Is(err, sql.ErrNoRows) {
		return SiteBid{}, fmt.Errorf("no auction %s: %w", auction, ErrNotFound)
	}
	if err != nil {
		return SiteBid{}, fmt.Errorf("gateway store: auction %s: %w", auction, err)
	}
	b, err := scanBid(s.db.QueryRowContext(ctx, `SELECT `+bidColumns+` FROM bids WHERE auction = ? AND site = ?`, auction, site).Scan)
	if errors.Is(err, sql.ErrNoRows) {
		return SiteBid{}, fmt.Errorf("site %s was not invited to auction %s: %w", site, auction, ErrNotFound)
	}
	if err != nil {
		return SiteBid{}, fmt.Errorf("gateway store: bid of %s in %s: %w", site, auction, err)
	}
	return SiteBid{Auction: a, Bid: b}, nil
}

// Announcement is an auction a site should act on now: its announcement (JSON, as invited)
// and the phase.
type Announcement struct {
	Auction      string
	Commit       bool
	Announcement string
}

// AuctionsToAct returns the open auctions of queued jobs in which site should act at now:
// commit (invited, no commitment yet, the bidding window open) or reveal (committed, not
// revealed, the reveal window open). At most limit, oldest first.
//
// The windows are half-open, [opened, commitBy) and [commitBy, revealBy), on whole seconds
// (commitBy and revealBy are): what a site is asked to do here is what CommitBid and
// RevealBid accept at the same instant.
func (s *Store) AuctionsToAct(ctx context.Context, site string, now time.Time, limit int) ([]Announcement, error) {
	// now < commit_by ⇔ floor(now) < commit_by, commit_by being whole seconds.
	t := unix(now)
	rows, err := s.db.QueryContext(ctx, `SELECT a.id, b.committed_at IS NULL, b.announcement
		FROM bids b JOIN auctions a ON a.id = b.auction JOIN jobs j ON j.id = a.job
		WHERE b.site = ? AND a.state = ? AND j.state = ? AND b.revealed_at IS NULL AND b.declined_at IS NULL
		  AND ((b.committed_at IS NULL AND ? < a.commit_by) OR (b.committed_at IS NOT NULL AND ? >= a.commit_by AND ? < a.reveal_by))
		ORDER BY a.opened_at, a.id LIMIT ?`, site, gatewayapi.AuctionOpen, string(Queued), t, t, t, limit)
	if err != nil {
		return nil, fmt.Errorf("gateway store: auctions for %s: %w", site, err)
	}
	defer rows.Close()
	var out []Announcement
	for rows.Next() {
		var a Announcement
		if err := rows.Scan(&a.Auction, &a.Commit, &a.Announcement); err != nil {
			return nil, fmt.Errorf("gateway store: auctions for %s: %w", site, err)
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// bidRow is what CommitBid, RevealBid and DeclineBid check of a bid and its auction.
type bidRow struct {
	state                         string
	commitBy, revealBy            int64
	commitment, salt              string
	committed, revealed, declined sql.NullInt64
}

// readBidTx reads site's bid in an auction within tx (ErrNotFound when the site was not
// invited); what names the request in errors.
func readBidTx(ctx context.Context, tx *sql.Tx, auction, site, what string) (bidRow, error) {
	var b bidRow
	err := tx.QueryRowContext(ctx, `SELECT a.state, a.commit_by, a.reveal_by, b.commitment, b.salt, b.committed_at, b.revealed_at, b.declined_at
		FROM auctions a JOIN bids b ON b.auction = a.id WHERE a.id = ? AND b.site = ?`, auction, site).
		Scan(&b.state, &b.commitBy, &b.revealBy, &b.commitment, &b.salt, &b.committed, &b.revealed, &b.declined)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return b, fmt.Errorf("site %s was not invited to auction %s: %w", site, auction, ErrNotFound)
	case err != nil:
		return b, fmt.Errorf("gateway store: %s of %s in %s: %w", what, site, auction, err)
	}
	return b, nil
}

// beforeSecond says whether at is before the whole second t (Unix seconds): at < t.
func beforeSecond(at time.Time, t int64) bool { return at.Before(fromUnix(t)) }

// CommitBid records site's commitment and its signature, received at. A commitment the bid
// already holds is accepted again (a retry whose answer was lost); another, or one after a
// decline, is ErrBidConflict; one at or after commitBy, or to a decided auction,
// ErrAuctionClosed.
func (s *Store) CommitBid(ctx context.Context, auction, site, commitment, signature string, at time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		b, err := readBidTx(ctx, tx, auction, site, "commitment")
		switch {
		case err != nil:
			return err
		case b.commitment == commitment:
			return nil
		case b.commitment != "" || b.declined.Valid:
			return ErrBidConflict
		case b.state != gatewayapi.AuctionOpen || !beforeSecond(at, b.commitBy):
			return ErrAuctionClosed
		}
		_, err = tx.ExecContext(ctx, `UPDATE bids SET commitment = ?, signature = ?, committed_at = ? WHERE auction = ? AND site = ? AND commitment = ''`,
			commitment, signature, unix(at), auction, site)
		if err != nil {
			return fmt.Errorf("gateway store: commitment of %s in %s: %w", site, auction, err)
		}
		return nil
	})
}

// RevealBid records the bid that opens commitment (which the caller checked), received at.
// The same reveal again is accepted; another is ErrBidConflict; a reveal outside
// [commitBy, revealBy), or to a decided auction, ErrAuctionClosed.
func (s *Store) RevealBid(ctx context.Context, auction, site, commitment, priceWei string, earliestStart time.Time, salt string, at time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		b, err := readBidTx(ctx, tx, auction, site, "reveal")
		switch {
		case err != nil:
			return err
		case b.commitment != commitment:
			return ErrBidConflict
		case b.revealed.Valid && b.salt == salt:
			return nil
		case b.revealed.Valid:
			return ErrBidConflict
		case b.state != gatewayapi.AuctionOpen || beforeSecond(at, b.commitBy) || !beforeSecond(at, b.revealBy):
			return ErrAuctionClosed
		}
		_, err = tx.ExecContext(ctx, `UPDATE bids SET price_wei = ?, earliest_start = ?, salt = ?, revealed_at = ? WHERE auction = ? AND site = ? AND revealed_at IS NULL`,
			priceWei, unix(earliestStart), salt, unix(at), auction, site)
		if err != nil {
			return fmt.Errorf("gateway store: reveal of %s in %s: %w", site, auction, err)
		}
		return nil
	})
}

// DeclineBid records that site will not bid, and why; the auction is not announced to it
// again. A site that committed cannot decline (its commitment stands, revealed or not).
func (s *Store) DeclineBid(ctx context.Context, auction, site, reason string, at time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		b, err := readBidTx(ctx, tx, auction, site, "decline")
		switch {
		case err != nil:
			return err
		case b.declined.Valid:
			return nil
		case b.committed.Valid:
			return ErrBidConflict
		case b.state != gatewayapi.AuctionOpen || !beforeSecond(at, b.commitBy):
			return ErrAuctionClosed
		}
		_, err = tx.ExecContext(ctx, `UPDATE bids SET declined_at = ?, decline = ? WHERE auction = ? AND site = ?`, unix(at), sanitize.Clip(reason, maxNoteBytes), auction, site)
		if err != nil {
			return fmt.Errorf("gateway store: decline of %s in %s: %w", site, auction, err)
		}
		return nil
	})
}

// NoteBidRefusal records why the gateway refused a site's bid request (the last one).
func (s *Store) NoteBidRefusal(ctx context.Context, auction, site, reason string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE bids SET refusal = ? WHERE auction = ? AND site = ?`, sanitize.Clip(reason, maxNoteBytes), auction, site); err != nil {
			return fmt.Errorf("gateway store: refusal of %s in %s: %w", site, auction, err)
		}
		return nil
	})
}

// Award places an auction's job on its winner: the assignment of Assign.
type Award struct {
	Site, Placement, PriceWei string
	Worst                     gatewayapi.WorstCase
}

// BidCounts are how many of an auction's bids hold a commitment, a reveal and a decline: what
// a decision was made from.
type BidCounts struct{ Committed, Revealed, Declined int }

// CountBids counts what the bids of a read auction hold.
func CountBids(a gatewayapi.Auction) BidCounts {
	var c BidCounts
	for _, b := range a.Bids {
		if b.CommittedAt != nil {
			c.Committed++
		}
		if b.RevealedAt != nil {
			c.Revealed++
		}
		if b.DeclinedAt != nil {
			c.Declined++
		}
	}
	return c
}

// ErrAuctionChanged is a decision made from bids that changed since they were read (a
// request received before a window's end, written after the read): decide again.
var ErrAuctionChanged = errors.New("the auction's bids changed since they were read")

// DecideAuction closes an open auction: each bid's outcome, and the winner, whose
// assignment of the job is made in the same transaction (award nil: no bid qualified, and
// the auction fails with note). seen is what the decision was made from
// (CountBids): if the bids hold more now, nothing is written and ErrAuctionChanged returned.
// The announcements are dropped: they served only to ask the sites.
func (s *Store) DecideAuction(ctx context.Context, auction string, seen BidCounts, outcomes map[string]string, award *Award, note string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		var job, state string
		if err := tx.QueryRowContext(ctx, `SELECT job, state FROM auctions WHERE id = ?`, auction).Scan(&job, &state); err != nil {
			return fmt.Errorf("gateway store: deciding auction %s: %w", auction, err)
		}
		if state != gatewayapi.AuctionOpen {
			return fmt.Errorf("auction %s was decided already: %w", auction, ErrAuctionClosed)
		}
		var now BidCounts
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(committed_at), COUNT(revealed_at), COUNT(declined_at) FROM bids WHERE auction = ?`, auction).
			Scan(&now.Committed, &now.Revealed, &now.Declined); err != nil {
			return fmt.Errorf("gateway store: deciding auction %s: %w", auction, err)
		}
		if now != seen {
			return ErrAuctionChanged
		}
		if _, err := tx.ExecContext(ctx, `UPDATE bids SET announcement = '' WHERE auction = ?`, auction); err != nil {
			return fmt.Errorf("gateway store: deciding auction %s: %w", auction, err)
		}
		for site, outcome := range outcomes {
			if _, err := tx.ExecContext(ctx, `UPDATE bids SET outcome = ? WHERE auction = ? AND site = ?`, outcome, auction, site); err != nil {
				return fmt.Errorf("gateway store: deciding auction %s: %w", auction, err)
			}
		}
		newState, winner, price := gatewayapi.AuctionFailed, "", ""
		if award != nil {
			if err := s.assignTx(ctx, tx, job, award.Site, award.Placement, award.PriceWei, award.Worst); err != nil {
				return err
			}
			newState, winner, price = gatewayapi.AuctionDecided, award.Site, award.PriceWei
		}
		_, err := tx.ExecContext(ctx, `UPDATE auctions SET state = ?, decided_at = ?, winner = ?, price_wei = ?, note = ? WHERE id = ?`,
			newState, unix(s.now()), winner, price, sanitize.Clip(note, maxAuctionNoteBytes), auction)
		if err != nil {
			return fmt.Errorf("gateway store: deciding auction %s: %w", auction, err)
		}
		return nil
	})
}

// closeEndedJobAuctions fails the open auction of a job that has just ended without one (it
// was cancelled or abandoned while queued), so that no site is asked to bid for it any more.
func closeEndedJobAuctions(ctx context.Context, tx *sql.Tx, job string, now int64, reason string) error {
	_, err := tx.ExecContext(ctx, `UPDATE bids SET announcement = '' WHERE auction IN (SELECT id FROM auctions WHERE job = ? AND state = ?)
		AND EXISTS (SELECT 1 FROM jobs WHERE id = ? AND state != ?)`, job, gatewayapi.AuctionOpen, job, string(Queued))
	if err != nil {
		return fmt.Errorf("gateway store: closing the auction of %s: %w", job, err)
	}
	_, err = tx.ExecContext(ctx, `UPDATE auctions SET state = ?, decided_at = ?, note = ?
		WHERE job = ? AND state = ? AND EXISTS (SELECT 1 FROM jobs WHERE id = ? AND state != ?)`,
		gatewayapi.AuctionFailed, now, reason, job, gatewayapi.AuctionOpen, job, string(Queued))
	if err != nil {
		return fmt.Errorf("gateway store: closing the auction of %s: %w", job, err)
	}
	return nil
}
