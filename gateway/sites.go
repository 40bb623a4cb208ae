package gateway

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
)

// siteOf returns the registered site whose key signed the request.
func (g *Gateway) siteOf(w http.ResponseWriter, r *http.Request, signer common.Address) (gatewayapi.Site, bool) {
	s, err := g.store.SiteByAddress(r.Context(), signer.Hex())
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

func (g *Gateway) registerSite(w http.ResponseWriter, r *http.Request, signer common.Address, body []byte) {
	var reg protocol.Registration
	if err := decodeStrict(body, &reg, "a site registration"); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if err := reg.Validate(); err != nil {
		writeError(w, http.StatusUnprocessableEntity, "registration: "+err.Error())
		return
	}
	if reg.Inventory.CatalogSHA256 != g.catalog.SHA256Hex() {
		writeError(w, http.StatusUnprocessableEntity, fmt.Sprintf("the site scores with hardware catalog %s, the gateway with %s: use the gateway's catalog (pocp.catalog) so reports can be checked",
			truncate(reg.Inventory.CatalogSHA256, 64), g.catalog.SHA256Hex()))
		return
	}
	// Under the lock approvals take: an approval never admits a registration that changed
	// after it was checked.
	g.siteMu.Lock()
	defer g.siteMu.Unlock()
	site, created, err := g.store.Register(r.Context(), signer.Hex(), reg)
	if errors.Is(err, store.ErrSiteKey) {
		writeError(w, http.StatusConflict, err.Error())
		return
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	log := g.log.WithField("site", site.Name).WithField("key", signer.Hex()).WithField("capacityMegaFlops", reg.Inventory.CapacityMegaFLOPS)
	if created {
		log.Info("site registered: pending an operator's approval (petagrid gateway providers approve " + site.Name + ")")
		writeJSON(w, http.StatusCreated, site)
		return
	}
	switch site.Status {
	case store.SiteApproved:
		// No more than approved (nodes retired, partitions renamed): the registry follows.
		// More needs an operator (the store sent the site back to pending).
		g.followRegistration(r.Context(), site, log)
	case store.SitePending:
		if site.StatusReason != "" {
			log.WithField("reason", site.StatusReason).Warn("an approved site registered more capacity: it waits for an operator's approval again")
			if _, _, err := g.store.SiteSilent(r.Context(), site.Name); err != nil {
				log.WithError(err).Warn("re-placing the site's unsubmitted jobs")
			}
		}
	}
	log.Info("site registration updated")
	g.wakePlacer()
	writeJSON(w, http.StatusOK, site)
}

// followRegistration brings the registry in line with an approved site's new registration (no
// more capacity than approved), unless an epoch is being settled: its recorded medians were
// checked against the capacity admitted before, and must stay within it on chain. The registry
// keeps the larger capacity it admitted until the site registers again.
func (g *Gateway) followRegistration(ctx context.Context, site gatewayapi.Site, log logrus.FieldLogger) {
	// A close holds the lock for its transactions: the site's registration does not wait.
	if !g.epochMu.TryLock() {
		log.Warn("an epoch is being settled: the provider registry keeps the admitted capacity until the site registers again")
		return
	}
	defer g.epochMu.Unlock()
	if busy, err := g.settlementInProgress(ctx); err != nil || busy != "" {
		log.WithError(err).WithField("settlement", busy).Warn("the provider registry keeps the admitted capacity until the site registers again")
		return
	}
	inv := site.Registration.Inventory
	adm := contracts.Admission{CapacityMegaFLOPS: inv.CapacityMegaFLOPS, GPUs: uint32(inv.GPUs), Registration: site.Registration.Digest()}
	if err := g.deploy.AdmitProvider(ctx, g.key, common.HexToAddress(site.Address), adm); err != nil {
		log.WithError(err).Warn("updating the provider registry")
	}
}

func (g *Gateway) sitePoll(w http.ResponseWriter, r *http.Request, signer common.Address, body []byte) {
	site, ok := g.siteOf(w, r, signer)
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
	ctx := r.Context()
	if err := g.store.Seen(ctx, site.Name, req.Inventory); err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	resp := protocol.PollResponse{Status: site.Status, Protocol: protocol.Version}
	// At most maxPollsPerSite polls per site are held: a newer one supersedes the oldest.
	superseded, release := g.polls.hold(site.Name)
	defer release()
	deadline := time.NewTimer(wait)
	defer deadline.Stop()
	wake := g.siteWake(site.Name)
	// Re-check now and then even without a wake-up: another gateway process never shares the
	// state, but a job placed while this poll started must not wait a whole poll.
	tick := time.NewTicker(2 * time.Second)
	defer tick.Stop()
	for {
		if err := g.fillPoll(ctx, site.Name, site.Status == store.SiteApproved, wait, &resp); err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
		if len(resp.Assignments)+len(resp.Cancels)+len(resp.LogRequests) > 0 {
			break
		}
		select {
		case <-ctx.Done():
			return
		case <-deadline.C:
			writeJSON(w, http.StatusOK, resp)
			return
		case <-superseded:
			w.Header().Set(HeaderPoll, PollSuperseded)
			writeJSON(w, http.StatusOK, resp)
			return
		case <-wake:
		case <-tick.C:
		}
		// A long poll keeps the site marked online (the store paces the writes).
		_ = g.store.Seen(ctx, site.Name, nil)
	}
	writeJSON(w, http.StatusOK, resp)
}

// fillPoll gathers what the site should receive now. Only an approved site gets work;
// every site gets its cancels (a suspended site must still stop the copies of jobs that
// went elsewhere) and log requests.
func (g *Gateway) fillPoll(ctx context.Context, site string, approved bool, wait time.Duration, resp *protocol.PollResponse) error {
	// An assignment or a cancel delivered but not acted on within two polls was lost on the
	// way (or the site is slow): send it again then, not on every poll.
	resend := g.now().Add(-2*wait - 30*time.Second)
	if approved {
		// The site journals assignments idempotently, under the job id.
		jobs, err := g.store.Deliverable(ctx, site, resend, protocol.MaxAssignments)
		if err != nil {
			return err
		}
		for _, j := range jobs {
			resp.Assignments = append(resp.Assignments, assignmentOf(j))
		}
	}
	cancels, err := g.store.CancelsFor(ctx, site)
	if err != nil {
		return err
	}
	stale, err := g.store.StaleCancels(ctx, site)
	if err != nil {
		return err
	}
	resp.Cancels = g.cancelsDue(site, append(cancels, stale...), resend)
	resp.LogRequests = g.logs.pending(site)
	return nil
}

// cancelsDue keeps the cancels not sent to the site since resend, and notes them sent.
func (g *Gateway) cancelsDue(site string, ids []string, resend time.Time) []string {
	g.cancelMu.Lock()
	defer g.cancelMu.Unlock()
	now := g.now()
	var out []string
	for _, id := range ids {
		k := site + "/" + id
		if at, ok := g.cancelSent[k]; ok && at.After(resend) {
			continue
		}
		g.cancelSent[k] = now
		out = append(out, id)
	}
	// Forget what is long past, so the map follows the cancels in flight.
	for k, at := range g.cancelSent {
		if now.Sub(at) > time.Hour {
			delete(g.cancelSent, k)
		}
	}
	return out
}

func (g *Gateway) siteUpdates(w http.ResponseWriter, r *http.Request, signer common.Address, body []byte) {
	site, ok := g.siteOf(w, r, signer)
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
	log := g.log.WithField("site", site.Name)
	_ = g.store.Seen(ctx, site.Name, nil)
	acked := []string{}
	for _, id := range u.Accepted {
		if _, err := g.store.ApplyUpdate(ctx, site.Name, protocol.JobUpdate{Job: id, State: "accepted"}, g.costOf(site)); err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
		acked = append(acked, id)
	}
	for _, ref := range u.Refused {
		if err := g.store.Refused(ctx, site.Name, ref.Job, ref.Reason); err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
		log.WithField("job", ref.Job).WithField("reason", truncate(ref.Reason, 300)).Warn("site refused a job; placing it elsewhere")
		acked = append(acked, ref.Job)
		g.wakePlacer()
	}
	for _, ju := range u.Jobs {
		res, err := g.store.ApplyUpdate(ctx, site.Name, ju, g.costOf(site))
		if err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
		if res.Stale {
			log.WithField("job", ju.Job).Info("update for a job that is not this site's: asking the site to cancel its copy")
			g.wakeSite(site.Name)
		} else if store.Terminal(res.Job.State) && res.Job.CostWei != "" {
			log.WithField("job", ju.Job).WithField("state", res.Job.State).WithField("cost", res.Job.CostWei).Debug("job ended")
		}
		acked = append(acked, ju.Job)
	}
	writeJSON(w, http.StatusOK, protocol.UpdatesResponse{Acked: acked})
}

func (g *Gateway) siteLogs(w http.ResponseWriter, r *http.Request, signer common.Address, body []byte) {
	site, ok := g.siteOf(w, r, signer)
	if !ok {
		return
	}
	id := r.PathValue("id")
	eof := r.Header.Get("PetaGrid-Log-EOF") == "1"
	errText := r.Header.Get("PetaGrid-Log-Error")
	if !g.logs.answer(site.Name, id, logChunk{data: body, eof: eof, err: truncate(errText, 2000)}) {
		writeError(w, http.StatusNotFound, "no pending log request "+truncate(id, 40)+" (it timed out or was answered)")
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
