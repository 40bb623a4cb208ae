package gateway

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/ethereum/go-ethereum/common"

	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/pocp"
)

// ReportAnswer is the answer to a PoCP report.
type ReportAnswer struct {
	Accepted bool   `json:"accepted"`
	Site     string `json:"site"`
	Epoch    uint64 `json:"epoch"`
	Digest   string `json:"digest"`
	// Reasons say why a report was refused, one broken rule each.
	Reasons []string `json:"reasons,omitempty"`
}

func (g *Gateway) siteReport(w http.ResponseWriter, r *http.Request, signer common.Address, body []byte) {
	site, ok := g.siteOf(w, r, signer)
	if !ok {
		return
	}
	ans, code, err := g.IntakeReport(r.Context(), site, body)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	writeJSON(w, code, ans)
}

// IntakeReport verifies a site's PoCP report and stores it when every rule holds: the
// EIP-712 signature is the site's key over this chain and settlement contract, the site is
// approved, the epoch has ended and is not settled yet, no other report for it was
// accepted, and the figures are plausible against the registered inventory and the usage
// the site reported to the gateway (pocp.CheckPlausibility). Refusals are kept, with their
// reasons, for the operator. err is the gateway's own failure only.
func (g *Gateway) IntakeReport(ctx context.Context, site store.Site, body []byte) (ReportAnswer, int, error) {
	ans := ReportAnswer{Site: site.Name}
	reject := func(code int, reasons ...string) (ReportAnswer, int, error) {
		ans.Reasons = reasons
		if err := g.store.RejectReport(ctx, store.Rejection{Site: site.Name, Epoch: ans.Epoch, Digest: ans.Digest, Reasons: strings.Join(reasons, "; ")}); err != nil {
			return ans, 0, err
		}
		g.log.WithField("site", site.Name).WithField("epoch", ans.Epoch).WithField("reasons", strings.Join(reasons, "; ")).Warn("PoCP report refused")
		return ans, code, nil
	}
	rep, err := pocp.Decode(body)
	if err != nil {
		return reject(http.StatusBadRequest, "decoding: "+err.Error())
	}
	ans.Epoch = rep.Epoch
	domain := g.Domain()
	if digest, err := rep.Digest(domain); err == nil {
		ans.Digest = digest.Hex()
	}
	signer, err := rep.Verify(domain)
	if err != nil {
		return reject(http.StatusUnprocessableEntity, "signature: "+err.Error()+fmt.Sprintf(" (reports are signed in the EIP-712 domain of chain %s and settlement contract %s: set pocp.chainId and pocp.verifyingContract to these)", domain.ChainID, domain.VerifyingContract.Hex()))
	}
	if !strings.EqualFold(signer.Hex(), site.Address) {
		return reject(http.StatusForbidden, fmt.Sprintf("signature: signed by %s, but site %s is registered with key %s", signer.Hex(), site.Name, site.Address))
	}
	if site.Status != store.SiteApproved {
		return reject(http.StatusForbidden, fmt.Sprintf("registration: site %s is %s, not approved", site.Name, site.Status))
	}
	onChain, err := g.deploy.State(ctx)
	if err != nil {
		return ans, 0, fmt.Errorf("reading the chain: %w", err)
	}
	if rep.Epoch < onChain.NextEpoch {
		return reject(http.StatusConflict, fmt.Sprintf("epoch: epoch %d is already settled (the next to settle is %d)", rep.Epoch, onChain.NextEpoch))
	}
	if e, err := g.store.Epoch(ctx, rep.Epoch); err == nil && e.Status == store.EpochComputed {
		return reject(http.StatusConflict, fmt.Sprintf("epoch: epoch %d is being settled", rep.Epoch))
	}
	_, end, err := g.calendar.Period(rep.Epoch)
	if err != nil {
		return reject(http.StatusUnprocessableEntity, "epoch: "+err.Error())
	}
	// The chain's clock decides, as it decides when the epoch may be settled.
	chainNow, err := g.chain.Now(ctx)
	if err != nil {
		return ans, 0, fmt.Errorf("reading the chain's time: %w", err)
	}
	if chainNow.Before(end) {
		return reject(http.StatusUnprocessableEntity, fmt.Sprintf("epoch: epoch %d has not ended (it ends %s)", rep.Epoch, end.Format("2006-01-02T15:04:05Z")))
	}
	start, _, _ := g.calendar.Period(rep.Epoch)
	jobs, gpuSeconds, err := g.store.SiteUsage(ctx, site.Name, start, end)
	if err != nil {
		return ans, 0, err
	}
	var catalogHash [32]byte
	if b, err := hex.DecodeString(g.catalog.SHA256Hex()); err == nil {
		copy(catalogHash[:], b)
	}
	inv := site.Registration.Inventory
	reg := pocp.Registration{Site: common.HexToAddress(site.Address), CapacityMegaFLOPS: inv.CapacityMegaFLOPS, GPUs: uint32(inv.GPUs),
		PowerLimitMilliwatts: inv.PowerLimitMilliwatts, CatalogSHA256: catalogHash, ReferenceMegaFLOPS: g.catalog.ReferenceScore().PerDeviceMegaFLOPS}
	// The gateway's own view of the site's usage only covers grid jobs; a site also runs its
	// local users' jobs, so only a report claiming LESS than the grid jobs it ran is
	// inconsistent. CheckPlausibility compares both ways, so it gets the view only when the
	// site ran no local work beyond the grid's (jobs equal).
	var acct *pocp.AccountingView
	if jobs > 0 && uint64(rep.JobsRun) == jobs {
		acct = &pocp.AccountingView{JobsRun: jobs, GPUSeconds: gpuSeconds}
	}
	var reasons []string
	if jobs > 0 && uint64(rep.JobsRun) < jobs {
		reasons = append(reasons, fmt.Sprintf("accounting: the report counts %d jobs, fewer than the %d grid jobs the site reported finishing in the period", rep.JobsRun, jobs))
	}
	for _, v := range pocp.CheckPlausibility(rep, reg, g.calendar, g.pocpPolicy(), acct) {
		reasons = append(reasons, v.String())
	}
	if len(reasons) > 0 {
		return reject(http.StatusUnprocessableEntity, reasons...)
	}
	stored, err := g.store.AcceptReport(ctx, store.Report{Site: site.Name, Epoch: rep.Epoch, Digest: ans.Digest, MedianMFLOPS: rep.MedianMegaFLOPS, CoveragePPM: rep.CoveragePPM, JSON: string(body)})
	if errors.Is(err, store.ErrReportExists) {
		if stored.Digest == ans.Digest {
			ans.Accepted = true // the same report again: idempotent
			return ans, http.StatusOK, nil
		}
		return reject(http.StatusConflict, fmt.Sprintf("epoch: a different report for epoch %d was already accepted (digest %s)", rep.Epoch, stored.Digest))
	}
	if err != nil {
		return ans, 0, err
	}
	ans.Accepted = true
	g.log.WithField("site", site.Name).WithField("epoch", rep.Epoch).WithField("medianMegaFlops", rep.MedianMegaFLOPS).WithField("coveragePpm", rep.CoveragePPM).Info("PoCP report accepted")
	return ans, http.StatusCreated, nil
}

func (g *Gateway) pocpPolicy() pocp.Policy {
	return pocp.Policy{
		MinCoveragePPM:         uint64(g.cfg.PoCP.MinCoverage * 1e6),
		CapacityTolerancePPM:   1_000_000 + uint64(g.cfg.PoCP.CapacityTolerance*1e6),
		AccountingTolerancePPM: uint64(g.cfg.PoCP.AccountingTolerance * 1e6),
	}
}
