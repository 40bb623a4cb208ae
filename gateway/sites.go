package gateway

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
)

// siteAPI serves the site protocol: registration, long polls, job updates, log answers and
// PoCP reports.
type siteAPI struct {
	store    *store.Store
	registry *registry
	placer   *placer
	settler  *settler
	// challenger delivers challenges in polls and decides their answers.
	challenger *challenger
	logs       *logRelay
	// polls bounds each site's held long polls.
	polls *sitePolls
	wake  *wakeups
	// catalogSHA256 is the hardware catalog's digest a site must score with.
	catalogSHA256 string
	// audience is the gateway's name, which a site's sealed bids are signed for.
	audience string
	log      logrus.FieldLogger
}

// siteOf returns the registered site whose key signed the request.
func (a *siteAPI) siteOf(w http.ResponseWriter, r *http.Request, signer common.Address) (gatewayapi.Site, bool) {
	s, err := a.store.SiteByAddress(r.Context(), signer.Hex())
	if errors.Is(err, store.ErrNotFound) {
		writeError(w, http.StatusForbidden, fmt.Sprintf("key %s is not a registered site: register first (POST %s)", signer.Hex(), protocol.PathRegister))
		return gatewayapi.Site{}, false
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return gatewayapi.Site{}, false
	}
	return s, true
}

func (a *siteAPI) registerSite(w http.ResponseWriter, r *http.Request, signer common.Address, body []byte) {
	var reg protocol.Registration
	if err := decodeStrict(body, &reg, "a site registration"); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if err := reg.Validate(); err != nil {
		writeError(w, http.StatusUnprocessableEntity, "registration: "+err.Error())
		return
	}
	if reg.Inventory.CatalogSHA256 != a.catalogSHA256 {
		writeError(w, http.StatusUnprocessableEntity, fmt.Sprintf("the site scores with hardware catalog %s, the gateway with %s: use the gateway's catalog (pocp.catalog) so reports can be checked",
			truncate(reg.Inventory.CatalogSHA256, 64), a.catalogSHA256))
		return
	}
	site, created, err := a.registry.Register(r.Context(), signer, reg)
	if errors.Is(err, store.ErrSiteKey) {
		writeError(w, http.StatusConflict, err.Error())
		return
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	code := http.StatusOK
	if created {
		code = http.StatusCreated
	}
	writeJSON(w, code, site)
}

// maxSiteProtocol bounds the protocol version a site may claim (any larger is a lie).
const maxSiteProtocol = 1000

func (a *siteAPI) sitePoll(w http.ResponseWriter, r *http.Request, signer common.Address, body []byte) {
	site, ok := a.siteOf(w, r, signer)
	if !ok {
		return
	}
	var req protocol.PollRequest
	if len(body) > 0 {
		if err := decodeStrict(body, &req, "a poll request"); err != nil {
			writeError(w, http.StatusBadRequest, err.Error())
			return
		}
	}
	wait := time.Duration(req.WaitSeconds) * time.Second
	if wait <= 0 {
		wait = protocol.DefaultPollWait
	}
	wait = min(wait, protocol.MaxPollWait)
	if req.Inventory != nil {
		if err := req.Inventory.Validate(); err != nil {
			writeError(w, http.StatusUnprocessableEntity, "inventory: "+err.Error())
			return
		}
	}
	if req.Protocol < 0 || req.Protocol > maxSiteProtocol {
		writeError(w, http.StatusUnprocessableEntity, fmt.Sprintf("protocol: a version from 0 to %d", maxSiteProtocol))
		return
	}
	ctx := r.Context()
	if req.Inventory != nil && req.Protocol == 0 {
		// A poll that says no protocol cannot say gpuKernel (a site's first poll after a
		// restart, before it heard this gateway's version): what the site said last
		// stands, so that a restart does not make its GPUs untimed. A poll that says an
		// older protocol (a site back on an older daemon) says it runs no GPU kernel.
		live := *req.Inventory
		live.GPUKernel = site.Live.GPUKernel
		req.Inventory = &live
	}
	if err := a.store.Seen(ctx, site.Name, req.Inventory); err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	// 0 is a site that does not say (older, or not yet told this gateway speaks 4): the
	// version it said last stands. The version only rises: a site that says an older one
	// keeps the duties of the newest it spoke (replicas, challenges of several nodes), or a
	// dishonest site could shed them by saying less.
	// A version above this gateway's is recorded as this gateway's: what a later gateway
	// defines, the site has not said it speaks.
	if said := min(req.Protocol, protocol.Version); said > site.Protocol {
		if err := a.store.SetSiteProtocol(ctx, site.Name, said); err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
	}
	resp := protocol.PollResponse{Status: site.Status, Protocol: protocol.Version}
	// At most maxPollsPerSite polls per site are held: a newer one supersedes the oldest.
	superseded, release := a.polls.hold(site.Name)
	defer release()
	deadline := time.NewTimer(wait)
	defer deadline.Stop()
	wake := a.wake.siteWake(site.Name)
	// Re-check now and then even without a wake-up: another gateway process never shares the
	// state, but a job placed while this poll started must not wait a whole poll.
	tick := time.NewTicker(2 * time.Second)
	defer tick.Stop()
	answer := func() {
		a.placer.auctionsSent.delivered(site.Name, resp.Auctions, a.placer.now())
		writeJSON(w, http.StatusOK, resp)
	}
	for {
		if err := a.fillPoll(ctx, site.Name, site.Status == store.SiteApproved, wait, &resp); err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
		// Auctions the site was just sent in the same phase do not end the poll again
		// (auctionDeliveries); they go with whatever ends it.
		fresh := a.placer.auctionsSent.fresh(site.Name, resp.Auctions, a.placer.now())
		if len(resp.Assignments)+len(resp.Cancels)+len(resp.LogRequests)+len(resp.Challenges)+fresh > 0 {
			break
		}
		select {
		case <-ctx.Done():
			return
		case <-deadline.C:
			answer()
			return
		case <-superseded:
			w.Header().Set(HeaderPoll, PollSuperseded)
			answer()
			return
		case <-wake:
		case <-tick.C:
		}
		// A long poll keeps the site marked online (the store paces the writes).
		_ = a.store.Seen(ctx, site.Name, nil)
	}
	answer()
}

// fillPoll gathers what the site should receive now: its assignments and cancels (the
// placer's), the log requests waiting for it, and, for an approved site, its challenges and
// the auctions it should bid in.
func (a *siteAPI) fillPoll(ctx context.Context, site string, approved bool, wait time.Duration, resp *protocol.PollResponse) error {
	var err error
	if resp.Assignments, resp.Cancels, err = a.placer.Route(ctx, site, approved, wait); err != nil {
		return err
	}
	resp.LogRequests = a.logs.pending(site)
	if approved {
		if resp.Challenges, err = a.challenger.deliver(ctx, site); err != nil {
			return err
		}
		if resp.Auctions, err = a.placer.auctionsFor(ctx, site); err != nil {
			return err
		}
	}
	return nil
}

// challengeAnswerLimit sizes the body of an answer to the signer's challenge before it is
// read: the most an answer to that challenge's spec can take. Another site's or an unknown
// id reads nothing.
func (a *siteAPI) challengeAnswerLimit(r *http.Request, signer common.Address) (int64, error) {
	site, err := a.store.SiteByAddress(r.Context(), signer.Hex())
	if errors.Is(err, store.ErrNotFound) {
		return 0, refuseRequest(http.StatusForbidden, fmt.Sprintf("key %s is not a registered site", signer.Hex()))
	}
	if err != nil {
		return 0, err
	}
	limit, ok, open, err := a.challenger.answerLimit(r.Context(), site.Name, r.PathValue("id"))
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, refuseRequest(http.StatusNotFound, "no challenge "+truncate(r.PathValue("id"), 40)+" was issued to site "+site.Name)
	}
	if !open {
		return 0, refuseRequest(http.StatusConflict, "challenge "+r.PathValue("id")+" has an answer already or was decided")
	}
	return limit, nil
}

// siteChallengeAnswer decides the answer a site's challenge job wrote: 200 with the
// outcome (passed or failed, with the reasons), 409 when the challenge was decided before
// (answered, or missed at its deadline).
func (a *siteAPI) siteChallengeAnswer(w http.ResponseWriter, r *http.Request, signer common.Address, body []byte) {
	receivedAt := a.challenger.now()
	site, ok := a.siteOf(w, r, signer)
	if !ok {
		return
	}
	ans, err := a.challenger.Answer(r.Context(), site, r.PathValue("id"), body, receivedAt)
	switch {
	case errors.Is(err, store.ErrNotFound):
		writeError(w, http.StatusNotFound, err.Error())
	case errors.Is(err, store.ErrChallengeDecided):
		writeError(w, http.StatusConflict, err.Error())
	case err != nil:
		writeError(w, http.StatusInternalServerError, err.Error())
	default:
		writeJSON(w, http.StatusOK, ans)
	}
}

func (a *siteAPI) siteUpdates(w http.ResponseWriter, r *http.Request, signer common.Address, body []byte) {
	site, ok := a.siteOf(w, r, signer)
	if !ok {
		return
	}
	var u protocol.Updates
	if err := decodeStrict(body, &u, "site updates"); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if err := u.Validate(); err != nil {
		writeError(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	ctx := r.Context()
	log := a.log.WithField("site", site.Name)
	_ = a.store.Seen(ctx, site.Name, nil)
	acked := []string{}
	for _, id := range u.Accepted {
		if _, err := a.store.ApplyUpdate(ctx, site.Name, protocol.JobUpdate{Job: id, State: "accepted"}, a.settler.CostOf(site)); err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
		acked = append(acked, id)
	}
	for _, ref := range u.Refused {
		if err := a.store.Refused(ctx, site.Name, ref.Job, ref.Reason); err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
		log.WithField("job", ref.Job).WithField("reason", truncate(ref.Reason, 300)).Warn("site refused a job; placing it elsewhere")
		acked = append(acked, ref.Job)
		a.wake.wakePlacer()
	}
	for _, ju := range u.Jobs {
		res, err := a.store.ApplyUpdate(ctx, site.Name, ju, a.settler.CostOf(site))
		if err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
		if res.Stale {
			log.WithField("job", ju.Job).Info("update for a job that is not this site's: asking the site to cancel its copy")
			a.wake.wakeSite(site.Name)
		} else if store.Terminal(res.Job.State) && res.Job.CostWei != "" {
			log.WithField("job", ju.Job).WithField("state", res.Job.State).WithField("cost", res.Job.CostWei).Debug("job ended")
		}
		acked = append(acked, ju.Job)
	}
	writeJSON(w, http.StatusOK, protocol.UpdatesResponse{Acked: acked})
}

func (a *siteAPI) siteLogs(w http.ResponseWriter, r *http.Request, signer common.Address, body []byte) {
	site, ok := a.siteOf(w, r, signer)
	if !ok {
		return
	}
	id := r.PathValue("id")
	eof := r.Header.Get("PetaGrid-Log-EOF") == "1"
	errText := r.Header.Get("PetaGrid-Log-Error")
	if !a.logs.answer(site.Name, id, logChunk{data: body, eof: eof, err: truncate(errText, 2000)}) {
		writeError(w, http.StatusNotFound, "no pending log request "+truncate(id, 40)+" (it timed out or was answered)")
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (a *siteAPI) siteReport(w http.ResponseWriter, r *http.Request, signer common.Address, body []byte) {
	site, ok := a.siteOf(w, r, signer)
	if !ok {
		return
	}
	ans, code, err := a.settler.IntakeReport(r.Context(), site, body)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	writeJSON(w, code, ans)
}

// IntakeReport verifies a site's PoCP report and stores it when every rule holds (see
// settler.IntakeReport); err is the gateway's own failure only.
func (g *Gateway) IntakeReport(ctx context.Context, site gatewayapi.Site, body []byte) (protocol.ReportAnswer, int, error) {
	return g.settler.IntakeReport(ctx, site, body)
}
