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

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/pocp"
)

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
func (g *Gateway) IntakeReport(ctx context.Context, site gatewayapi.Site, body []byte) (protocol.ReportAnswer, int, error) {
	ans := protocol.ReportAnswer{Site: site.Name}
	reject := func(code int, reasons ...string) (protocol.ReportAnswer, int, error) {
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
	reasons, err := g.checkGridUsage(ctx, site.Name, rep, start, end)
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
	// The accounting comparison is checkGridUsage's: the gateway only sees grid jobs, so its
	// records are a lower bound of the site's, not an estimate to match.
	for _, v := range pocp.CheckPlausibility(rep, reg, g.calendar, g.pocpPolicy(), nil) {
		reasons = append(reasons, v.String())
	}
	if len(reasons) > 0 {
		return reject(http.StatusUnprocessableEntity, reasons...)
	}
	stored, err := g.store.AcceptReport(ctx, store.Report{Site: site.Name, Epoch: rep.Epoch, Digest: ans.Digest, MedianMFLOPS: rep.MedianMegaFLOPS, CoveragePPM: rep.CoveragePPM,
		UptimePPM: uint32(rep.ProvenUptimePPM()), JSON: string(body)})
	if errors.Is(err, store.ErrEpochClosed) {
		return reject(http.StatusConflict, "epoch: "+err.Error())
	}
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

// checkGridUsage holds a report to the grid jobs the site ran for the gateway: every grid job
// whose steps ran wholly inside the period (by the site's own step times) is in the report's
// jobs, and its GPU-seconds in the report's (within the accounting tolerance). The gateway does
// not see the site's local work, so these are lower bounds: a report may show more, never less.
func (g *Gateway) checkGridUsage(ctx context.Context, site string, rep *pocp.Report, start, end time.Time) ([]string, error) {
	jobs, err := g.store.SiteJobsWithUsage(ctx, site, start)
	if err != nil {
		return nil, err
	}
	var inside, gpuSeconds uint64
	for _, j := range jobs {
		if j.Usage == nil || len(j.Usage.SlurmJobs) == 0 {
			continue // never reached Slurm
		}
		first, last, ok := stepSpan(j)
		if !ok || first.Before(start) || last.After(end) {
			continue
		}
		inside++
		gpuSeconds += uint64(j.Usage.GPUSeconds)
	}
	var reasons []string
	if uint64(rep.JobsRun) < inside {
		reasons = append(reasons, fmt.Sprintf("accounting: the report counts %d jobs, fewer than the %d grid jobs the site ran wholly inside the period", rep.JobsRun, inside))
	}
	tol := g.pocpPolicy().AccountingTolerancePPM
	if tol < 1_000_000 && new(big.Int).Mul(new(big.Int).SetUint64(rep.GPUSeconds), big.NewInt(1_000_000)).Cmp(
		new(big.Int).Mul(new(big.Int).SetUint64(gpuSeconds), new(big.Int).SetUint64(1_000_000-tol))) < 0 {
		reasons = append(reasons, fmt.Sprintf("accounting: the report counts %d GPU-seconds, fewer than the %d of the grid jobs the site ran wholly inside the period", rep.GPUSeconds, gpuSeconds))
	}
	return reasons, nil
}

// stepSpan is when a job's first step started and its last step ended, by the site's
// record.
func stepSpan(j gatewayapi.Job) (first, last time.Time, ok bool) {
	for _, s := range j.Steps {
		if s.StartedAt == nil || s.EndedAt == nil {
			continue
		}
		if !ok || s.StartedAt.Before(first) {
			first = *s.StartedAt
		}
		if !ok || s.EndedAt.After(last) {
			last = *s.EndedAt
		}
		ok = true
	}
	return first, last, ok
}

func (g *Gateway) pocpPolicy() pocp.Policy {
	return pocp.Policy{
		MinCoveragePPM:         uint64(g.cfg.PoCP.MinCoverage * 1e6),
		CapacityTolerancePPM:   uint64(g.res.capacityTolerancePPM),
		AccountingTolerancePPM: uint64(g.cfg.PoCP.AccountingTolerance * 1e6),
	}
}
