package gateway

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/tokenomics"
)

// ProviderView is a site as operators see it.
type ProviderView struct {
	store.Site
	Online   bool   `json:"online"`
	GFLWei   string `json:"gflWei"`
	Accepted int    `json:"acceptedReports"`
}

// StatusRequest is the body of approve and suspend.
type StatusRequest struct {
	Reason string `json:"reason,omitempty"`
}

func (g *Gateway) listProviders(w http.ResponseWriter, r *http.Request, _ common.Address, _ []byte) {
	views, err := g.Providers(r.Context())
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"providers": views})
}

// Providers lists every registered site with its standing.
func (g *Gateway) Providers(ctx context.Context) ([]ProviderView, error) {
	sites, err := g.store.Sites(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]ProviderView, 0, len(sites))
	for _, s := range sites {
		v := ProviderView{Site: s, Online: g.now().Sub(s.LastSeen) < g.cfg.Sites.OfflineAfter}
		if bal, err := g.deploy.GFLBalance(ctx, common.HexToAddress(s.Address)); err == nil {
			v.GFLWei = bal.String()
		}
		if reps, err := g.store.Reports(ctx, -1, s.Name); err == nil {
			v.Accepted = len(reps)
		}
		out = append(out, v)
	}
	return out, nil
}

func (g *Gateway) approveProvider(w http.ResponseWriter, r *http.Request, op common.Address, body []byte) {
	g.setProviderStatus(w, r, op, body, store.SiteApproved)
}

func (g *Gateway) suspendProvider(w http.ResponseWriter, r *http.Request, op common.Address, body []byte) {
	g.setProviderStatus(w, r, op, body, store.SiteSuspended)
}

func (g *Gateway) setProviderStatus(w http.ResponseWriter, r *http.Request, op common.Address, body []byte, status string) {
	var req StatusRequest
	if len(body) > 0 {
		if err := decodeStrict(body, &req, "a status change ({\"reason\": …})"); err != nil {
			writeError(w, http.StatusBadRequest, err.Error())
			return
		}
	}
	if len(req.Reason) > 500 {
		writeError(w, http.StatusBadRequest, "reason: at most 500 characters")
		return
	}
	s, err := g.SetProviderStatus(r.Context(), r.PathValue("site"), status, req.Reason, op)
	if errors.Is(err, store.ErrNotFound) {
		writeError(w, http.StatusNotFound, err.Error())
		return
	}
	if err != nil {
		writeError(w, http.StatusBadGateway, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, s)
}

// SetProviderStatus approves or suspends a site: in the state and in the chain's provider
// registry (the chain first, so that a failed transaction leaves the state unchanged and the
// operator's retry completes both). An approved site on an embedded chain gets gas money for
// its claims.
func (g *Gateway) SetProviderStatus(ctx context.Context, name, status, reason string, op common.Address) (store.Site, error) {
	s, err := g.store.Site(ctx, name)
	if err != nil {
		return store.Site{}, err
	}
	addr := common.HexToAddress(s.Address)
	switch status {
	case store.SiteApproved:
		inv := s.Registration.Inventory
		if err := g.deploy.AdmitProvider(ctx, g.key, addr, inv.CapacityMegaFLOPS, uint32(inv.GPUs)); err != nil {
			return store.Site{}, fmt.Errorf("admitting %s in the provider registry: %w", name, err)
		}
		if g.dev != nil && *g.cfg.Sites.FundApproved {
			if bal, err := g.chain.BalanceAt(ctx, addr); err == nil && bal.Cmp(g.res.fundWei) < 0 {
				if err := g.chain.SendETH(ctx, g.key, addr, g.res.fundWei); err != nil {
					g.log.WithField("site", name).WithError(err).Warn("sending gas money to the approved site")
				}
			}
		}
	case store.SiteSuspended:
		if err := g.deploy.SuspendProvider(ctx, g.key, addr); err != nil {
			return store.Site{}, fmt.Errorf("suspending %s in the provider registry: %w", name, err)
		}
	}
	s, err = g.store.SetSiteStatus(ctx, name, status, reason)
	if err != nil {
		return store.Site{}, err
	}
	g.log.WithField("site", name).WithField("status", status).WithField("operator", op.Hex()).WithField("reason", reason).Info("site status changed")
	if status == store.SiteSuspended {
		// Its unsubmitted work goes elsewhere, exactly as if it had gone silent.
		if requeued, _, err := g.store.SiteSilent(ctx, name); err == nil && len(requeued) > 0 {
			g.log.WithField("site", name).WithField("jobs", len(requeued)).Info("re-placing the suspended site's unsubmitted jobs")
		}
	}
	g.wakePlacer()
	g.wakeSite(name)
	return s, nil
}

// FundRequest is POST /v1/fund: DPS and gas money from the treasury to an account.
type FundRequest struct {
	Account string `json:"account"`
	DPS     string `json:"dps,omitempty"`
	ETH     string `json:"eth,omitempty"`
}

func (g *Gateway) fund(w http.ResponseWriter, r *http.Request, op common.Address, body []byte) {
	var req FundRequest
	if err := decodeStrict(body, &req, "a funding request (account, dps, eth)"); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if !isHexAddress(req.Account) {
		writeError(w, http.StatusBadRequest, "account: an address (0x and 40 hex digits)")
		return
	}
	amount := func(s string) (*big.Int, error) {
		if s == "" {
			return new(big.Int), nil
		}
		v, err := tokenomics.ParseAmount(s)
		if err != nil || v.Sign() < 0 {
			return nil, fmt.Errorf("amount %q: a non-negative decimal (%v)", truncate(s, 40), err)
		}
		return v, nil
	}
	dps, err := amount(req.DPS)
	if err != nil {
		writeError(w, http.StatusBadRequest, "dps: "+err.Error())
		return
	}
	eth, err := amount(req.ETH)
	if err != nil {
		writeError(w, http.StatusBadRequest, "eth: "+err.Error())
		return
	}
	to := common.HexToAddress(req.Account)
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Minute)
	defer cancel()
	if eth.Sign() > 0 {
		if err := g.chain.SendETH(ctx, g.key, to, eth); err != nil {
			writeError(w, http.StatusBadGateway, "sending ETH: "+err.Error())
			return
		}
	}
	if dps.Sign() > 0 {
		if err := g.deploy.TransferDPS(ctx, g.key, to, dps); err != nil {
			writeError(w, http.StatusBadGateway, "sending DPS: "+err.Error())
			return
		}
	}
	g.log.WithField("account", to.Hex()).WithField("dps", tokenomics.FormatAmount(dps)).WithField("eth", tokenomics.FormatAmount(eth)).WithField("operator", op.Hex()).Info("account funded")
	bal, _ := g.deploy.DPSBalance(ctx, to)
	writeJSON(w, http.StatusOK, map[string]string{"account": to.Hex(), "dpsWei": bal.String()})
}

func (g *Gateway) listReports(w http.ResponseWriter, r *http.Request, _ common.Address, _ []byte) {
	epoch, err := queryInt(r, "epoch", -1, -1, 1<<30)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	site := r.URL.Query().Get("site")
	if epoch < 0 && site == "" {
		writeError(w, http.StatusBadRequest, "give epoch=N or site=NAME")
		return
	}
	reps, err := g.store.Reports(r.Context(), int64(epoch), site)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	rej, err := g.store.Rejections(r.Context(), 100)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	if reps == nil {
		reps = []store.Report{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"accepted": reps, "rejected": rej})
}
