package gatewaylink

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"sort"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/gateway/auction"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/plugins"
	"github.com/petagrid/petagrid/site/runstate"
)

// BidPolicy decides the site's bid in a gateway's sealed-bid auction: the extension point
// of the bid-policy plugins (*plugins.Plugin is one). Without one, the site bids its
// configured prices (plugins.BidQuery.DefaultPriceWei).
type BidPolicy interface {
	Bid(ctx context.Context, q plugins.BidQuery) (plugins.BidOffer, error)
}

// maxSealedBids bounds the bids a site keeps between commitment and reveal (a hostile
// gateway could announce auctions without end); the oldest are forgotten first.
const maxSealedBids = 1024

// bidder is the poll loop's part in auctions: it commits to a bid for each announcement in
// its bidding window, and reveals it when the gateway asks. It is owned by the poll loop.
type bidder struct {
	client   *client
	key      *ecdsa.PrivateKey
	siteName string
	log      logrus.FieldLogger
	now      func() time.Time
	// disabled: grid.bidding.disabled; every announcement is declined.
	disabled bool
	prices   protocol.Prices
	floorWei *big.Int
	policy   BidPolicy
	// activeRuns counts the site's unfinished runs; inventory holds the last inventory read.
	activeRuns   func(context.Context) (int, error)
	inventory    *inventoryCache
	maxAckAnswer int64

	sealed map[string]sealedBid
	// noted are the auctions whose failure was logged (once each, until one succeeds).
	noted         map[string]bool
	ignoredLogged bool
}

// sealedBid is a committed bid kept for its reveal, with the auction's windows: the site
// reveals only once its own clock says the commitments are closed (a gateway that asked
// sooner could pass the bid on to a site still bidding), and forgets it after the reveals.
type sealedBid struct {
	auction.Sealed
	at                 time.Time
	commitBy, revealBy time.Time
}

// bidRequestTimeout bounds one bid request: the poll loop makes them, and an auction's
// window is short.
const bidRequestTimeout = 10 * time.Second

// take acts on the auctions of a poll answer: commit to a new bid or reveal one.
func (b *bidder) take(ctx context.Context, auctions []protocol.Auction) {
	if len(auctions) == 0 {
		return
	}
	if b.disabled && !b.ignoredLogged {
		b.ignoredLogged = true
		b.log.WithField("auctions", len(auctions)).Info("the gateway invites this site to auctions, and grid.bidding.disabled is set: it declines them all")
	}
	b.prune()
	for _, a := range auctions {
		if ctx.Err() != nil {
			return
		}
		if err := a.Validate(); err != nil {
			b.note(a.ID, err, "refused an auction announcement from the gateway")
			continue
		}
		var err error
		switch a.Phase {
		case protocol.PhaseCommit:
			err = b.commit(ctx, a)
		case protocol.PhaseReveal:
			err = b.reveal(ctx, a)
		}
		if err != nil {
			b.note(a.ID, err, "could not bid in an auction (the gateway asks again while its window lasts)")
			continue
		}
		delete(b.noted, a.ID)
	}
}

// commit decides the bid, seals it and posts the commitment. A bid sealed before (the
// answer was lost) is sent again as it was: a second commitment would be refused.
func (b *bidder) commit(ctx context.Context, a protocol.Auction) error {
	sb, ok := b.sealed[a.ID]
	if !ok {
		d := plugins.BidOffer{Reason: "grid.bidding.disabled is set"}
		if !b.disabled {
			var err error
			if d, err = b.decide(ctx, a); err != nil {
				return err
			}
		}
		if !d.Bid {
			// Declining tells the gateway to stop announcing the auction to this site, and
			// puts the reason on the auction's record.
			if err := b.post(ctx, protocol.BidRequest{Decline: &protocol.BidDecline{Auction: a.ID, Reason: clipUTF8(d.Reason, protocol.MaxDeclineReason)}}); err != nil {
				return err
			}
			b.log.WithFields(logrus.Fields{"auction": a.ID, "job": a.Job, "reason": d.Reason}).Info("declined to bid in an auction")
			return nil
		}
		aud, err := b.client.signingAudience(ctx)
		if err != nil {
			return err
		}
		s, err := auction.Seal(b.key, aud, a.ID, b.siteName, d.PriceWei, d.EarliestStart.Unix())
		if err != nil {
			return err
		}
		sb = sealedBid{Sealed: s, at: b.now(), commitBy: a.CommitBy, revealBy: a.RevealBy}
		b.keep(a.ID, sb)
		b.log.WithFields(logrus.Fields{"auction": a.ID, "job": a.Job, "priceWei": d.PriceWei.String(), "earliestStart": d.EarliestStart.UTC().Format(time.RFC3339),
			"reason": d.Reason}).Info("bidding in an auction")
	}
	req := protocol.BidRequest{Commit: &protocol.BidCommit{Auction: a.ID, Commitment: auction.Hex32(sb.Commitment), Signature: sb.Signature}}
	if err := b.post(ctx, req); err != nil {
		if errors.Is(err, errBidClosed) {
			delete(b.sealed, a.ID)
		}
		return err
	}
	return nil
}

// reveal posts the bid sealed for the auction; without one (the daemon restarted since its
// commitment) there is nothing to reveal, and the bid counts for nothing.
func (b *bidder) reveal(ctx context.Context, a protocol.Auction) error {
	sb, ok := b.sealed[a.ID]
	if !ok {
		return errors.New("no bid of this process's is sealed for it (the daemon restarted after its commitment): it goes unrevealed")
	}
	if now := b.now(); now.Before(sb.commitBy) {
		return fmt.Errorf("the gateway asks for the reveal at %s, before the commitments close at %s: not revealed yet", now.UTC().Format(time.RFC3339), sb.commitBy.UTC().Format(time.RFC3339))
	}
	req := protocol.BidRequest{Reveal: &protocol.BidReveal{Auction: a.ID, PricePerComputeHour: sb.PriceWei.String(), EarliestStartUnix: sb.EarliestStartUnix, Salt: auction.Hex32(sb.Salt)}}
	if err := b.post(ctx, req); err != nil {
		if errors.Is(err, errBidClosed) {
			delete(b.sealed, a.ID)
		}
		return err
	}
	delete(b.sealed, a.ID)
	b.log.WithFields(logrus.Fields{"auction": a.ID, "job": a.Job, "priceWei": sb.PriceWei.String()}).Info("revealed a bid")
	return nil
}

// errBidClosed is a bid request the gateway will never take (404, 409): the window closed,
// the auction was decided, or the site is not invited.
var errBidClosed = errors.New("the gateway takes no such bid now")

func (b *bidder) post(ctx context.Context, req protocol.BidRequest) error {
	var ans protocol.BidAnswer
	if _, err := b.client.postJSON(ctx, protocol.PathBids, req, &ans, bidRequestTimeout, b.maxAckAnswer); err != nil {
		var se *statusError
		if errors.As(err, &se) && (se.Status == http.StatusConflict || se.Status == http.StatusNotFound) {
			return fmt.Errorf("%w: %w", errBidClosed, err)
		}
		return err
	}
	return nil
}

// prune forgets the sealed bids whose reveal window is over.
func (b *bidder) prune() {
	now := b.now()
	for id, sb := range b.sealed {
		if !now.Before(sb.revealBy) {
			delete(b.sealed, id)
		}
	}
}

// decide is the site's bid: the configured one, or the policy's, never below the floor
// nor above what the job's budget allows at its worst case here.
func (b *bidder) decide(ctx context.Context, a protocol.Auction) (plugins.BidOffer, error) {
	price, _, err := b.prices.ForGrades(a.PerformanceGrade, a.ReliabilityGrade, a.EnergyGrade)
	if err != nil {
		return plugins.BidOffer{}, fmt.Errorf("the configured price at the announced grades: %w", err)
	}
	if price.Cmp(b.floorWei) < 0 {
		price = new(big.Int).Set(b.floorWei)
	}
	now := b.now()
	d := plugins.BidOffer{Bid: true, PriceWei: price, EarliestStart: now, Reason: "the configured price at the grades the gateway holds"}
	if b.policy != nil {
		q := bidQuery(a, price, b.floorWei, now)
		if q.ActiveRuns, err = b.activeRuns(ctx); err != nil {
			return plugins.BidOffer{}, fmt.Errorf("counting the site's runs for the bid policy: %w", err)
		}
		inv := b.inventory.inv
		if inv == nil {
			return plugins.BidOffer{}, errors.New("the inventory has not been read from Slurm yet: the bid policy would see no node")
		}
		for _, p := range inv.Partitions {
			for _, s := range p.Shapes {
				q.IdleNodes += s.Idle
				q.AvailableNodes += s.Available
			}
		}
		if d, err = b.policy.Bid(ctx, q); err != nil {
			return plugins.BidOffer{}, fmt.Errorf("the bid policy: %w", err)
		}
		if !d.Bid {
			return d, nil
		}
		if d.PriceWei == nil || d.PriceWei.Sign() < 0 || len(d.PriceWei.String()) > 40 {
			return plugins.BidOffer{}, errors.New("the bid policy answered a price that is no amount of wei (0 to 40 digits)")
		}
		if d.PriceWei.Cmp(b.floorWei) < 0 {
			d.Reason += fmt.Sprintf(" (raised to the floor, from %s wei)", d.PriceWei)
			d.PriceWei = new(big.Int).Set(b.floorWei)
		}
		if d.EarliestStart.IsZero() || d.EarliestStart.Before(now) {
			d.EarliestStart = now
		}
	}
	budget, _ := protocol.ParseWei(a.MaxCostWei) // Validate read it
	if cost := auction.CostWei(d.PriceWei, a.WorstCaseComputeHoursMilli); cost.Cmp(budget) > 0 {
		return plugins.BidOffer{Reason: fmt.Sprintf("at %s wei a Compute Hour the job's worst case here costs %s wei, over its budget of %s", d.PriceWei, cost, budget)}, nil
	}
	if d.EarliestStart.After(a.StartBy) {
		return plugins.BidOffer{Reason: fmt.Sprintf("the earliest start, %s, is after the job's latest, %s", d.EarliestStart.UTC().Format(time.RFC3339), a.StartBy.UTC().Format(time.RFC3339))}, nil
	}
	return d, nil
}

// bidQuery is the question a bid policy is asked about announcement a (the site's load is
// filled in by the caller).
func bidQuery(a protocol.Auction, defaultPrice, floor *big.Int, now time.Time) plugins.BidQuery {
	budget, _ := protocol.ParseWei(a.MaxCostWei) // Validate read it
	q := plugins.BidQuery{Auction: a.ID, Job: a.Job, WorstCaseComputeHoursMilli: a.WorstCaseComputeHoursMilli, MaxCostWei: budget, CommitBy: a.CommitBy,
		StartBy: a.StartBy, Now: now, PerformanceGrade: a.PerformanceGrade, ReliabilityGrade: a.ReliabilityGrade, EnergyGrade: a.EnergyGrade,
		DefaultPriceWei: new(big.Int).Set(defaultPrice), FloorPriceWei: new(big.Int).Set(floor)}
	for _, s := range a.Steps {
		q.Steps = append(q.Steps, plugins.BidStep{Step: s.Step, Partition: s.Partition, Nodes: s.Nodes, CPUsPerNode: s.CPUsPerNode, GPUsPerNode: s.GPUsPerNode,
			ArrayTasks: s.ArrayTasks, TimeSeconds: s.TimeSeconds, ComputeHoursMilli: s.ComputeHoursMilli})
	}
	return q
}

// keep remembers a sealed bid, forgetting the oldest beyond maxSealedBids.
func (b *bidder) keep(id string, sb sealedBid) {
	if len(b.sealed) >= maxSealedBids {
		ids := make([]string, 0, len(b.sealed))
		for k := range b.sealed {
			ids = append(ids, k)
		}
		sort.Slice(ids, func(i, j int) bool { return b.sealed[ids[i]].at.Before(b.sealed[ids[j]].at) })
		for _, k := range ids[:len(ids)-maxSealedBids+1] {
			delete(b.sealed, k)
		}
	}
	b.sealed[id] = sb
}

func (b *bidder) remember(id string) {
	if len(b.noted) >= maxNotedChallenges {
		clear(b.noted)
	}
	b.noted[id] = true
}

// note logs a failure once per auction.
func (b *bidder) note(id string, err error, msg string) {
	if b.noted[id] {
		return
	}
	b.remember(id)
	b.log.WithField("auction", clean(id, 64)).WithError(err).Warn(msg)
}

// activeRuns counts the journal's runs that have not ended.
func activeRuns(counts func(context.Context) (map[runstate.State]int, error)) func(context.Context) (int, error) {
	return func(ctx context.Context) (int, error) {
		byState, err := counts(ctx)
		if err != nil {
			return 0, err
		}
		n := 0
		for s, c := range byState {
			if !s.Terminal() {
				n += c
			}
		}
		return n, nil
	}
}
