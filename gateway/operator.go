package gateway

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/tokenomics"
)

// ErrRegistrationChanged refuses an approval whose registration is not the site's current one.
var ErrRegistrationChanged = errors.New("the site's registration is not the one approved")

// ErrSettlementInProgress refuses a registry change while an epoch is being settled: the
// settlement recorded medians the registry must still admit.
var ErrSettlementInProgress = errors.New("an epoch settlement is in progress")

func (g *Gateway) listProviders(w http.ResponseWriter, r *http.Request, _ common.Address, _ []byte) {
	views, err := g.Providers(r.Context())
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"providers": views})
}

// Providers lists every registered site with its standing.
func (g *Gateway) Providers(ctx context.Context) ([]gatewayapi.ProviderView, error) {
	sites, err := g.store.Sites(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]gatewayapi.ProviderView, 0, len(sites))
	for _, s := range sites {
		v := gatewayapi.ProviderView{Site: s, Online: g.now().Sub(s.LastSeen) < g.cfg.Sites.OfflineAfter, RegistrationDigest: s.Registration.Digest()}
		if bal, err := g.deploy.GFLBalance(ctx, common.HexToAddress(s.Address)); err == nil {
			v.GFLWei = bal.String()
		}
		if p, err := g.deploy.Provider(ctx, common.HexToAddress(s.Address)); err == nil {
			v.Admitted = p.Registration
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
	var req gatewayapi.StatusRequest
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
	var reviewed common.Hash
	switch {
	case status == store.SiteApproved && req.Registration == "":
		writeError(w, http.StatusBadRequest, "registration: an approval names the registration reviewed (its registrationDigest in the provider list)")
		return
	case status == store.SiteApproved && !isHexHash(req.Registration):
		writeError(w, http.StatusBadRequest, "registration: a digest (0x and 64 hex digits)")
		return
	case status == store.SiteApproved:
		reviewed = common.HexToHash(req.Registration)
	case req.Registration != "":
		writeError(w, http.StatusBadRequest, "registration: only an approval names a registration")
		return
	}
	s, err := g.SetProviderStatus(r.Context(), r.PathValue("site"), status, req.Reason, reviewed, op)
	if errors.Is(err, store.ErrNotFound) {
		writeError(w, http.StatusNotFound, err.Error())
		return
	}
	if errors.Is(err, ErrRegistrationChanged) || errors.Is(err, ErrSettlementInProgress) {
		writeError(w, http.StatusConflict, err.Error())
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
// operator's retry completes both). An approval admits the registration whose digest the
// operator reviewed, and is refused if the site registered anything else since: the site
// registers and is approved under the same lock, so nothing changes between the check and
// the admission. No registry change is made while an epoch is being settled (its recorded
// medians must stay admissible). An approved site on an embedded chain gets gas money for
// its claims.
func (g *Gateway) SetProviderStatus(ctx context.Context, name, status, reason string, reviewed common.Hash, op common.Address) (gatewayapi.Site, error) {
	g.siteMu.Lock()
	defer g.siteMu.Unlock()
	g.epochMu.Lock()
	defer g.epochMu.Unlock()
	s, err := g.store.Site(ctx, name)
	if err != nil {
		return gatewayapi.Site{}, err
	}
	if busy, err := g.settlementInProgress(ctx); err != nil {
		return gatewayapi.Site{}, err
	} else if busy != "" {
		return gatewayapi.Site{}, fmt.Errorf("%w (%s): the provider registry changes once it is settled; retry then (petagrid gateway epoch close settles it now)", ErrSettlementInProgress, busy)
	}
	addr := common.HexToAddress(s.Address)
	switch status {
	case store.SiteApproved:
		current := common.Hash(s.Registration.Digest())
		if reviewed != current {
			return gatewayapi.Site{}, fmt.Errorf("%w: %s now registers %d MFLOPS and %d GPUs (digest %s), not the registration %s: list the providers and review it again",
				ErrRegistrationChanged, name, s.Registration.Inventory.CapacityMegaFLOPS, s.Registration.Inventory.GPUs, current.Hex(), reviewed.Hex())
		}
		inv := s.Registration.Inventory
		adm := contracts.Admission{CapacityMegaFLOPS: inv.CapacityMegaFLOPS, GPUs: uint32(inv.GPUs), Registration: current}
		if err := g.deploy.AdmitProvider(ctx, g.key, addr, adm); err != nil {
			return gatewayapi.Site{}, fmt.Errorf("admitting %s in the provider registry: %w", name, err)
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
			return gatewayapi.Site{}, fmt.Errorf("suspending %s in the provider registry: %w", name, err)
		}
	}
	s, err = g.store.SetSiteStatus(ctx, name, status, reason)
	if err != nil {
		return gatewayapi.Site{}, err
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

// isHexHash accepts a 32-byte digest written 0x and 64 hex digits.
func isHexHash(s string) bool {
	if len(s) != 66 || !strings.HasPrefix(s, "0x") {
		return false
	}
	_, err := hex.DecodeString(s[2:])
	return err == nil
}

// settlementInProgress says which epoch is being settled ("" when none): open on chain, or
// computed and recorded but not yet opened (a settlement a crash interrupted).
func (g *Gateway) settlementInProgress(ctx context.Context) (string, error) {
	open, epoch, err := g.deploy.EpochInProgress(ctx)
	if err != nil {
		return "", err
	}
	if open {
		return fmt.Sprintf("epoch %d is open on chain", epoch), nil
	}
	oc, err := g.deploy.State(ctx)
	if err != nil {
		return "", err
	}
	rec, err := g.store.Epoch(ctx, oc.NextEpoch)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return "", nil
	case err != nil:
		return "", err
	case rec.Status == store.EpochComputed:
		return fmt.Sprintf("epoch %d is computed and waits for the chain", oc.NextEpoch), nil
	}
	return "", nil
}

func (g *Gateway) fund(w http.ResponseWriter, r *http.Request, op common.Address, body []byte) {
	var req gatewayapi.FundRequest
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
