package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/gateway/auction"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/placement"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/internal/sanitize"
	"github.com/petagrid/petagrid/tokenomics"
)

// auctionProtocol is the first site protocol that bids in sealed-bid auctions
// (protocol.Version 9); its parser also reads placement.mode.
const auctionProtocol = 9

// maxAuctionBidders bounds the sites one auction invites: the cheapest at their posted
// prices, when more can run the job.
const maxAuctionBidders = 256

// maxFailedAuctions bounds the auctions one job may fail (no qualified bid): it is abandoned
// after, so that a budget no site will bid within does not announce auctions for as long as
// it may queue. The wait before the next auction doubles after each failure, from one
// window up to maxAuctionRetryWait: ten failures span hours, not minutes.
const (
	maxFailedAuctions   = 10
	maxAuctionRetryWait = time.Hour
)

// placeByAuction places a job of a workflow in auction mode (placement.mode: auction): it
// opens an auction among the sites that can run it, waits for the bids, and decides. It
// returns the placement outcome to count ("" while an auction runs).
//
// The auction replaces the posted price, not the rest of placement: every invited site can
// run the job (placement.Feasible, the grade floor included), and the winner is placed only
// if it still can, at its bid, within the budget.
func (p *placer) placeByAuction(ctx context.Context, j gatewayapi.Job, ask jobAsk, exclude map[string]string, log logrus.FieldLogger) string {
	last, ok, err := p.store.LatestAuction(ctx, j.ID)
	if err != nil {
		log.WithError(err).Warn("placer: the job's auction")
		return placementError
	}
	now := p.now()
	switch {
	case ok && last.State == gatewayapi.AuctionOpen:
		if now.Before(last.RevealBy) && !everyBidIn(last, now) {
			return ""
		}
		return p.decideAuction(ctx, j, ask, exclude, last, log)
	case ok && last.State == gatewayapi.AuctionFailed:
		failed, err := p.store.FailedAuctions(ctx, j.ID)
		if err != nil {
			log.WithError(err).Warn("placer: the job's auctions")
			return placementError
		}
		if failed >= maxFailedAuctions {
			reason := fmt.Sprintf("no bid qualified in %d auctions; the last: %s", failed, last.Note)
			if err := p.store.Abandon(ctx, j.ID, reason); err != nil {
				log.WithError(err).Warn("abandoning a job")
			}
			log.WithField("reason", reason).Warn("job abandoned")
			return placementAbandoned
		}
		// No bid qualified: the next auction opens later, so that a market with no taker
		// does not announce a new auction every pass.
		if last.DecidedAt != nil && now.Before(last.DecidedAt.Add(auctionRetryWait(ask.auctionWindow, failed))) {
			return ""
		}
	}
	return p.openAuction(ctx, j, ask, exclude, log)
}

// auctionRetryWait is how long after its failed-th failed auction a job's next one opens:
// the window, doubled after each further failure, at most maxAuctionRetryWait.
func auctionRetryWait(window time.Duration, failed int) time.Duration {
	wait := window
	for i := 1; i < failed && wait < maxAuctionRetryWait; i++ {
		wait *= 2
	}
	return min(wait, maxAuctionRetryWait)
}

// everyBidIn says whether an open auction can be decided before its reveal window ends:
// the commitments are closed (the window is [opened, commitBy)), and every site that
// committed has revealed.
func everyBidIn(a gatewayapi.Auction, now time.Time) bool {
	if now.Before(a.CommitBy) {
		return false
	}
	for _, b := range a.Bids {
		if b.CommittedAt != nil && b.RevealedAt == nil {
			return false
		}
	}
	return true
}

// openAuction announces the job to every online approved site of protocol 9 or later that
// can run it (at most maxAuctionBidders), or notes why none can.
func (p *placer) openAuction(ctx context.Context, j gatewayapi.Job, ask jobAsk, exclude map[string]string, log logrus.FieldLogger) string {
	budget, err := protocol.ParseWei(j.MaxCostWei)
	if err != nil {
		log.WithError(err).Error("placer: the job's budget")
		return placementError
	}
	sites, err := p.candidateSites(ctx, exclude, false)
	if err != nil {
		log.WithError(err).Warn("placer")
		return placementError
	}
	// No budget: the price is the bid's, and any site that can run the job may bid within
	// the budget whatever it posts.
	cands, rejections := placement.Feasible(p.request(j.ID, ask, nil), sites)
	if len(cands) == 0 {
		p.wait(ctx, j, &placement.NoFitError{Rejections: rejections}, exclude, log)
		return placementNoSite
	}
	sort.SliceStable(cands, func(a, b int) bool { return cands[a].CostWei.Cmp(cands[b].CostWei) < 0 })
	cands = cands[:min(len(cands), maxAuctionBidders)]
	id, err := randomID(p.random, "a-", "auction id")
	if err != nil {
		log.WithError(err).Error("placer")
		return placementError
	}
	now := p.now().Truncate(time.Second)
	a := gatewayapi.Auction{ID: id, Job: j.ID, OpenedAt: now, CommitBy: now.Add(ask.auctionWindow), RevealBy: now.Add(2 * ask.auctionWindow),
		StartBy: j.CreatedAt.Add(p.cfg.MaxQueueTime).UTC().Truncate(time.Second), MaxCostWei: budget.String()}
	if a.RevealBy.After(a.StartBy) {
		// The job would be abandoned before the auction could be decided.
		p.wait(ctx, j, fmt.Errorf("too little of the job's queueing time is left for an auction of two %s windows (it may wait until %s)",
			ask.auctionWindow, a.StartBy.Format(time.RFC3339)), exclude, log)
		return placementNoSite
	}
	// The sites' challenge records break ties between equal bids: all their challenges
	// until now, as the admission proposals show them.
	tallies, err := p.store.ChallengeTallies(ctx, time.Unix(0, 0), now.Add(time.Second))
	if err != nil {
		log.WithError(err).Warn("placer: challenge records for an auction")
		return placementError
	}
	invites := make([]store.Invitation, 0, len(cands))
	for _, c := range cands {
		body, err := json.Marshal(announcementFor(a, c, ask.needs))
		if err != nil {
			log.WithError(err).Error("placer: an auction's announcement")
			return placementError
		}
		tally := tallies[c.Site]
		invites = append(invites, store.Invitation{Site: c.Site, WorstCaseComputeHoursMilli: c.ComputeHoursMilli, PerformanceGrade: c.PerformanceGrade,
			ReliabilityGrade: c.ReliabilityGrade, ChallengesPassed: tally.Passed, ChallengesFailed: tally.Failed + tally.Missed, Announcement: string(body)})
	}
	if err := p.store.OpenAuction(ctx, a, invites); err != nil {
		log.WithError(err).Warn("placer: opening an auction")
		return placementError
	}
	p.metrics.auction(auctionOpened)
	note := fmt.Sprintf("auction %s: %d site(s) invited to bid; commitments until %s, reveals until %s", id, len(invites),
		a.CommitBy.Format(time.RFC3339), a.RevealBy.Format(time.RFC3339))
	if err := p.store.NotePlacement(ctx, j.ID, note); err != nil {
		log.WithError(err).Warn("placer")
	}
	log.WithFields(logrus.Fields{"auction": id, "invited": len(invites), "commitBy": a.CommitBy.Format(time.RFC3339)}).Info("auction opened")
	for _, c := range cands {
		p.wake.wakeSite(c.Site)
	}
	return ""
}

// announcementFor is the announcement a site is sent: the job's requirements as placed on
// its partitions, and its worst case there (its phase is set when it is delivered).
func announcementFor(a gatewayapi.Auction, c placement.Candidate, needs []placement.StepNeed) protocol.Auction {
	ann := protocol.Auction{ID: a.ID, Job: a.Job, CommitBy: a.CommitBy, RevealBy: a.RevealBy, StartBy: a.StartBy, MaxCostWei: a.MaxCostWei,
		WorstCaseComputeHoursMilli: c.ComputeHoursMilli, PerformanceGrade: c.PerformanceGrade, ReliabilityGrade: c.ReliabilityGrade, EnergyGrade: c.EnergyGrade}
	for i, n := range needs {
		if i >= protocol.MaxAuctionSteps || i >= len(c.Steps) || i >= len(c.Partitions) {
			break
		}
		ann.Steps = append(ann.Steps, protocol.AuctionStep{Step: n.Step, Partition: c.Partitions[i].Partition, Nodes: n.Nodes, CPUsPerNode: n.CPUsPerNode,
			GPUsPerNode: n.GPUsPerNode, ArrayTasks: n.ArrayTasks, TimeSeconds: c.Steps[i].TimeSeconds, ComputeHoursMilli: c.Steps[i].ComputeHoursMilli})
	}
	return ann
}

// decideAuction ranks the bids (gateway/auction) and places the job on the best qualified
// bidder that can still run it at its bid within the budget; with none, the auction fails
// and the job waits for the next.
func (p *placer) decideAuction(ctx context.Context, j gatewayapi.Job, ask jobAsk, exclude map[string]string, a gatewayapi.Auction, log logrus.FieldLogger) string {
	log = log.WithField("auction", a.ID)
	seen := store.CountBids(a)
	in, err := auctionInput(a)
	if err != nil {
		// The record is the gateway's own: a bad one is a bug or a damaged state, not a
		// site's fault. The auction fails, and the next one starts afresh.
		log.WithError(err).Error("placer: reading an auction's bids")
		if err := p.store.DecideAuction(ctx, a.ID, seen, nil, nil, "the gateway could not read the auction's record: "+err.Error()); err != nil {
			log.WithError(err).Error("placer: closing an auction it cannot read")
		} else {
			p.metrics.auction(gatewayapi.AuctionFailed)
		}
		return placementError
	}
	res := auction.Decide(in)
	outcomes := map[string]string{}
	for site, why := range res.Disqualified {
		outcomes[site] = why
	}
	sites, err := p.candidateSites(ctx, exclude, false)
	if err != nil {
		log.WithError(err).Warn("placer")
		return placementError
	}
	bySite := map[string]placement.Site{}
	for _, s := range sites {
		bySite[s.Name] = s
	}
	var won *auction.Ranked
	var award store.Award
	for i := range res.Ranked {
		r := &res.Ranked[i]
		if won != nil {
			outcomes[r.Site] = auction.OutcomeLost
			continue
		}
		site, ok := bySite[r.Site]
		if !ok {
			outcomes[r.Site] = auction.OutcomeUnavailable + " (offline, suspended or excluded)"
			continue
		}
		site.PricePerComputeHourWei, site.PriceBasis = r.PriceWei, ""
		cands, rejections := placement.Feasible(p.request(j.ID, ask, in.MaxCostWei), []placement.Site{site})
		if len(cands) != 1 {
			why := auction.OutcomeUnavailable
			if len(rejections) > 0 && len(rejections[0].Reasons) > 0 {
				why += ": " + strings.Join(rejections[0].Reasons, "; ")
			}
			outcomes[r.Site] = why
			continue
		}
		if cands[0].ComputeHoursMilli > r.WorstCaseComputeHoursMilli {
			// The site's nodes changed since the announcement: the job would now be more
			// work there than the site priced (and the researcher's budget was checked for).
			outcomes[r.Site] = fmt.Sprintf("%s: its worst case is now %d milli-Compute-Hours, %d announced", auction.OutcomeUnavailable,
				cands[0].ComputeHoursMilli, r.WorstCaseComputeHoursMilli)
			continue
		}
		worst, err := worstCaseOf(cands[0], ask.needs)
		if err != nil {
			log.WithError(err).Error("placer: the auction winner's worst case")
			return placementError
		}
		won = r
		outcomes[r.Site] = auction.OutcomeWon
		award = store.Award{Site: r.Site, PriceWei: r.PriceWei.String(), Worst: worst,
			Placement: fmt.Sprintf("placed on %s (worst-case %s DPS): won auction %s at %s DPS a Compute Hour, the lowest of %d qualified bid(s) from %d invited site(s)",
				r.Site, tokenomics.FormatAmount(cands[0].CostWei), a.ID, tokenomics.FormatAmount(r.PriceWei), len(res.Ranked), len(a.Bids))}
	}
	if won == nil {
		note := "no bid qualified: " + bidSummary(outcomes)
		if err := p.store.DecideAuction(ctx, a.ID, seen, outcomes, nil, note); errors.Is(err, store.ErrAuctionChanged) {
			return "" // a bid came in while this pass decided: the next pass decides again
		} else if err != nil {
			log.WithError(err).Warn("placer: closing an auction")
			return placementError
		}
		p.metrics.auction(gatewayapi.AuctionFailed)
		p.wait(ctx, j, fmt.Errorf("auction %s: %s; the next auction opens in %s", a.ID, note, ask.auctionWindow), exclude, log)
		return placementNoSite
	}
	if err := p.store.DecideAuction(ctx, a.ID, seen, outcomes, &award, award.Placement); errors.Is(err, store.ErrAuctionChanged) {
		return ""
	} else if err != nil {
		log.WithError(err).Warn("placer: deciding an auction")
		return placementError
	}
	p.metrics.auction(gatewayapi.AuctionDecided)
	log.WithFields(logrus.Fields{"site": won.Site, "priceWei": won.PriceWei.String(), "qualified": len(res.Ranked), "invited": len(a.Bids)}).Info("auction decided: job placed")
	p.wake.wakeSite(won.Site)
	return placementPlaced
}

// bidSummary lists each site's outcome (sitesWithReasons).
func bidSummary(outcomes map[string]string) string {
	if len(outcomes) == 0 {
		return "no site was invited"
	}
	return sitesWithReasons(outcomes)
}

// auctionInput is an auction's record as gateway/auction decides it.
func auctionInput(a gatewayapi.Auction) (auction.Auction, error) {
	budget, err := protocol.ParseWei(a.MaxCostWei)
	if err != nil {
		return auction.Auction{}, fmt.Errorf("budget: %w", err)
	}
	in := auction.Auction{CommitBy: a.CommitBy, RevealBy: a.RevealBy, StartBy: a.StartBy, MaxCostWei: budget}
	for _, b := range a.Bids {
		bid := auction.Bid{Site: b.Site, WorstCaseComputeHoursMilli: b.WorstCaseComputeHoursMilli, PerformanceGrade: b.PerformanceGrade, ReliabilityGrade: b.ReliabilityGrade,
			ChallengesPassed: b.ChallengesPassed, ChallengesFailed: b.ChallengesFailed, Declined: b.DeclinedAt != nil, DeclineReason: b.Decline}
		if b.CommittedAt != nil {
			bid.CommittedAt = *b.CommittedAt
		}
		if b.RevealedAt != nil {
			bid.RevealedAt = *b.RevealedAt
			if bid.PriceWei, err = protocol.ParseWei(b.PriceWei); err != nil {
				return auction.Auction{}, fmt.Errorf("bid of %s: %w", b.Site, err)
			}
			if b.EarliestStart != nil {
				bid.EarliestStart = *b.EarliestStart
			}
		}
		in.Bids = append(in.Bids, bid)
	}
	return in, nil
}

// auctionsFor is what a site's poll carries: the auctions it should commit to or reveal in
// now.
func (p *placer) auctionsFor(ctx context.Context, site string) ([]protocol.Auction, error) {
	due, err := p.store.AuctionsToAct(ctx, site, p.now(), protocol.MaxAuctions)
	if err != nil {
		return nil, err
	}
	out := make([]protocol.Auction, 0, len(due))
	for _, d := range due {
		var ann protocol.Auction
		if err := json.Unmarshal([]byte(d.Announcement), &ann); err != nil {
			return nil, fmt.Errorf("auction %s: its announcement: %w", d.Auction, err)
		}
		ann.Phase = protocol.PhaseReveal
		if d.Commit {
			ann.Phase = protocol.PhaseCommit
		}
		out = append(out, ann)
	}
	return out, nil
}

// auctionRedeliverAfter is how long an auction sent to a site in one phase does not end
// the site's held long poll again: a site whose bid failed (its policy erred, it lost the
// sealed bid) is asked again when its poll ends anyway, not in a loop of polls a second
// apart for the whole window.
const auctionRedeliverAfter = 10 * time.Second

// auctionDeliveries remembers when each site was last sent each auction in each phase.
type auctionDeliveries struct {
	mu   sync.Mutex
	sent map[string]time.Time
}

func newAuctionDeliveries() *auctionDeliveries {
	return &auctionDeliveries{sent: map[string]time.Time{}}
}

func deliveryKey(site string, a protocol.Auction) string { return site + "/" + a.ID + "/" + a.Phase }

// fresh counts the auctions not sent to site in their phase within auctionRedeliverAfter.
func (d *auctionDeliveries) fresh(site string, auctions []protocol.Auction, now time.Time) int {
	d.mu.Lock()
	defer d.mu.Unlock()
	n := 0
	for _, a := range auctions {
		if at, ok := d.sent[deliveryKey(site, a)]; !ok || now.Sub(at) >= auctionRedeliverAfter {
			n++
		}
	}
	return n
}

// delivered notes the auctions sent to site at now, and forgets what is long past (the
// longest auction lasts 20 minutes).
func (d *auctionDeliveries) delivered(site string, auctions []protocol.Auction, now time.Time) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, a := range auctions {
		d.sent[deliveryKey(site, a)] = now
	}
	for k, at := range d.sent {
		if now.Sub(at) > time.Hour {
			delete(d.sent, k)
		}
	}
}

// siteBid takes a site's commitment or reveal (POST protocol.PathBids): 200 with the bid's
// state; 404 for an auction the site was not invited to; 409 outside the request's window,
// or against what the site sent before; 422 for a forged signature or a reveal that does
// not open the commitment. Each refusal is recorded on the bid, for the auction's record.
func (a *siteAPI) siteBid(w http.ResponseWriter, r *http.Request, signer common.Address, body []byte) {
	receivedAt := a.placer.now()
	site, ok := a.siteOf(w, r, signer)
	if !ok {
		return
	}
	if site.Status != store.SiteApproved {
		writeError(w, http.StatusForbidden, fmt.Sprintf("site %s is %s: only an approved site bids", site.Name, site.Status))
		return
	}
	var req protocol.BidRequest
	if err := decodeStrict(body, &req, "a bid"); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if err := req.Validate(); err != nil {
		writeError(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	ctx := r.Context()
	var id string
	switch {
	case req.Commit != nil:
		id = req.Commit.Auction
	case req.Reveal != nil:
		id = req.Reveal.Auction
	default:
		id = req.Decline.Auction
	}
	sb, err := a.store.BidOf(ctx, id, site.Name)
	if errors.Is(err, store.ErrNotFound) {
		writeError(w, http.StatusNotFound, err.Error())
		return
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	refuse := func(code int, reason string) {
		if err := a.store.NoteBidRefusal(ctx, id, site.Name, reason); err != nil {
			a.log.WithError(err).Warn("recording a refused bid")
		}
		a.log.WithFields(logrus.Fields{"site": site.Name, "auction": id, "reason": reason}).Warn("bid refused")
		writeError(w, code, reason)
	}
	switch {
	case req.Commit != nil:
		a.commitBid(w, r, site, signer, sb, *req.Commit, receivedAt, refuse)
	case req.Reveal != nil:
		a.revealBid(w, r, site, sb, *req.Reveal, receivedAt, refuse)
	default:
		a.declineBid(w, r, site, *req.Decline, receivedAt)
	}
}

func (a *siteAPI) declineBid(w http.ResponseWriter, r *http.Request, site gatewayapi.Site, d protocol.BidDecline, at time.Time) {
	switch err := a.store.DeclineBid(r.Context(), d.Auction, site.Name, sanitize.Escape(d.Reason, protocol.MaxDeclineReason), at); {
	case errors.Is(err, store.ErrAuctionClosed):
		writeError(w, http.StatusConflict, "auction "+d.Auction+" takes no answer from "+site.Name+" any more")
	case errors.Is(err, store.ErrBidConflict):
		writeError(w, http.StatusConflict, "the site committed to a bid in auction "+d.Auction+": its commitment stands")
	case errors.Is(err, store.ErrNotFound):
		writeError(w, http.StatusNotFound, err.Error())
	case err != nil:
		writeError(w, http.StatusInternalServerError, err.Error())
	default:
		writeJSON(w, http.StatusOK, protocol.BidAnswer{Auction: d.Auction, Status: protocol.BidDeclined})
	}
}

func (a *siteAPI) commitBid(w http.ResponseWriter, r *http.Request, site gatewayapi.Site, signer common.Address, sb store.SiteBid, c protocol.BidCommit, at time.Time, refuse func(int, string)) {
	commitment, err := auction.ParseHex32(c.Commitment)
	if err != nil {
		writeError(w, http.StatusUnprocessableEntity, "commitment: "+err.Error())
		return
	}
	if err := auction.VerifyCommit(a.audience, c.Auction, site.Name, commitment, c.Signature, signer); err != nil {
		refuse(http.StatusUnprocessableEntity, fmt.Sprintf("forged bid: %v (the commitment must be signed with the site key %s, for audience %q)", err, signer.Hex(), a.audience))
		return
	}
	switch err := a.store.CommitBid(r.Context(), c.Auction, site.Name, c.Commitment, c.Signature, at); {
	case errors.Is(err, store.ErrAuctionClosed):
		// Recorded even once the auction is decided (it may be decided at commitBy, when no
		// commitment came): the record says who tried to bid late.
		refuse(http.StatusConflict, fmt.Sprintf("late commitment: auction %s took commitments until %s (received %s)", c.Auction, sb.Auction.CommitBy.Format(time.RFC3339), at.UTC().Format(time.RFC3339Nano)))
	case errors.Is(err, store.ErrBidConflict):
		writeError(w, http.StatusConflict, "the site committed to another bid in auction "+c.Auction+", or declined it, already")
	case errors.Is(err, store.ErrNotFound):
		writeError(w, http.StatusNotFound, err.Error())
	case err != nil:
		writeError(w, http.StatusInternalServerError, err.Error())
	default:
		writeJSON(w, http.StatusOK, protocol.BidAnswer{Auction: c.Auction, Status: protocol.BidCommitted})
	}
}

func (a *siteAPI) revealBid(w http.ResponseWriter, r *http.Request, site gatewayapi.Site, sb store.SiteBid, rv protocol.BidReveal, at time.Time, refuse func(int, string)) {
	if sb.Bid.CommittedAt == nil {
		refuse(http.StatusConflict, "a reveal without a commitment: auction "+rv.Auction+" has none from "+site.Name)
		return
	}
	commitment, err := auction.ParseHex32(sb.Bid.Commitment)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "the recorded commitment: "+err.Error())
		return
	}
	salt, err := auction.ParseHex32(rv.Salt)
	if err != nil {
		writeError(w, http.StatusUnprocessableEntity, "salt: "+err.Error())
		return
	}
	price, _ := protocol.ParseWei(rv.PricePerComputeHour) // Validate read it
	if err := auction.CheckReveal(rv.Auction, site.Name, commitment, price, rv.EarliestStartUnix, salt); err != nil {
		refuse(http.StatusUnprocessableEntity, "the reveal does not open the commitment: "+err.Error())
		return
	}
	switch err := a.store.RevealBid(r.Context(), rv.Auction, site.Name, sb.Bid.Commitment, price.String(), time.Unix(rv.EarliestStartUnix, 0).UTC(), rv.Salt, at); {
	case errors.Is(err, store.ErrAuctionClosed) && sb.Auction.State != gatewayapi.AuctionOpen:
		writeError(w, http.StatusConflict, "auction "+rv.Auction+" is "+sb.Auction.State)
	case errors.Is(err, store.ErrAuctionClosed):
		refuse(http.StatusConflict, fmt.Sprintf("auction %s takes reveals from %s until before %s (received %s)", rv.Auction, sb.Auction.CommitBy.Format(time.RFC3339),
			sb.Auction.RevealBy.Format(time.RFC3339), at.UTC().Format(time.RFC3339Nano)))
	case errors.Is(err, store.ErrBidConflict):
		writeError(w, http.StatusConflict, "the site revealed another bid in auction "+rv.Auction+" already")
	case errors.Is(err, store.ErrNotFound):
		writeError(w, http.StatusNotFound, err.Error())
	case err != nil:
		writeError(w, http.StatusInternalServerError, err.Error())
	default:
		// The auction may be decided before its reveal window ends, once every bid is in.
		a.wake.wakePlacer()
		writeJSON(w, http.StatusOK, protocol.BidAnswer{Auction: rv.Auction, Status: protocol.BidRevealed})
	}
}

// hideSealedBids blanks what a bid holds of its price until the auction is decided: the
// gateway's record must not tell anyone a bid that the other sites could still undercut.
func hideSealedBids(auctions []gatewayapi.Auction) {
	for i := range auctions {
		if auctions[i].State != gatewayapi.AuctionOpen {
			continue
		}
		for k := range auctions[i].Bids {
			b := &auctions[i].Bids[k]
			b.PriceWei, b.Salt, b.EarliestStart = "", "", nil
		}
	}
}
