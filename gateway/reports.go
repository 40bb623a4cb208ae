package gateway

import (
	"context"
	"encoding/hex"
	"encoding/json"
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

// reportRefusal is a report refused: the answer's status code, the refusal's class in the
// metrics (reportMalformed, reportSignature, …) and the rules it broke.
type reportRefusal struct {
	code    int
	outcome string
	reasons []string
}

func (r *reportRefusal) Error() string { return strings.Join(r.reasons, "; ") }

func refuse(code int, outcome string, reasons ...string) error {
	return &reportRefusal{code: code, outcome: outcome, reasons: reasons}
}

// IntakeReport verifies a site's PoCP report and stores it when every rule holds: the
// EIP-712 signature is the site's key over this chain and settlement contract, the site is
// approved, the epoch has ended and is not settled yet, no other report for it was
// accepted, and the figures are plausible against the registered inventory and the usage
// the site reported to the gateway (pocp.CheckPlausibility). Refusals are kept, with their
// reasons, for the operator. err is the gateway's own failure only.
func (s *settler) IntakeReport(ctx context.Context, site gatewayapi.Site, body []byte) (protocol.ReportAnswer, int, error) {
	ans := protocol.ReportAnswer{Site: site.Name}
	code, err := s.intake(ctx, site, body, &ans)
	var refusal *reportRefusal
	if errors.As(err, &refusal) {
		ans.Reasons = refusal.reasons
		if err := s.store.RejectReport(ctx, store.Rejection{Site: site.Name, Epoch: ans.Epoch, Digest: ans.Digest, Reasons: strings.Join(refusal.reasons, "; ")}); err != nil {
			s.metrics.report(reportError)
			return ans, 0, err
		}
		s.log.WithField("site", site.Name).WithField("epoch", ans.Epoch).WithField("reasons", strings.Join(refusal.reasons, "; ")).Warn("PoCP report refused")
		s.metrics.report(refusal.outcome)
		return ans, refusal.code, nil
	}
	if err != nil {
		s.metrics.report(reportError)
		return ans, 0, err
	}
	if code == http.StatusOK {
		s.metrics.report(reportResent)
	} else {
		s.metrics.report(reportAccepted)
	}
	return ans, code, nil
}

// intake runs the report through every rule and stores it; a broken rule is a
// *reportRefusal. It fills ans as it learns the report's epoch and digest.
func (s *settler) intake(ctx context.Context, site gatewayapi.Site, body []byte, ans *protocol.ReportAnswer) (int, error) {
	body, series, err := splitSubmission(body)
	if err != nil {
		return 0, err
	}
	rep, err := s.authenticate(site, body, ans)
	if err != nil {
		return 0, err
	}
	if series != nil {
		if err := pocp.CheckSeries(rep, series); err != nil {
			return 0, refuse(http.StatusUnprocessableEntity, reportImplausible, "slot series: "+err.Error())
		}
	}
	start, end, err := s.checkEpoch(ctx, rep.Epoch)
	if err != nil {
		return 0, err
	}
	reasons, err := s.implausibilities(ctx, site, rep, start, end)
	if err != nil {
		return 0, err
	}
	if len(reasons) > 0 {
		return 0, refuse(http.StatusUnprocessableEntity, reportImplausible, reasons...)
	}
	return s.accept(ctx, site, rep, body, series, ans)
}

// splitSubmission reads a report as a version 3 site sends it, with its slot series
// (protocol.ReportSubmission), or bare as an older site sends it (series nil). The series
// is decoded one run at a time and refused past pocp.MaxSlotRuns.
func splitSubmission(body []byte) (report []byte, series []pocp.SlotRun, err error) {
	var sub protocol.ReportSubmission
	if decodeStrict(body, &sub, "a report submission") != nil || len(sub.Report) == 0 {
		return body, nil, nil // a bare report: pocp.Decode judges it
	}
	if len(sub.Slots) == 0 {
		return sub.Report, []pocp.SlotRun{}, nil
	}
	runs, err := pocp.DecodeRuns(sub.Slots)
	if err != nil {
		return nil, nil, refuse(http.StatusUnprocessableEntity, reportMalformed, "slot series: "+err.Error())
	}
	return sub.Report, runs, nil
}

// authenticate decodes the report and checks that the approved site's key signed it in
// this chain's domain.
func (s *settler) authenticate(site gatewayapi.Site, body []byte, ans *protocol.ReportAnswer) (*pocp.Report, error) {
	rep, err := pocp.Decode(body)
	if err != nil {
		return nil, refuse(http.StatusBadRequest, reportMalformed, "decoding: "+err.Error())
	}
	ans.Epoch = rep.Epoch
	if digest, err := rep.Digest(s.domain); err == nil {
		ans.Digest = digest.Hex()
	}
	signer, err := rep.Verify(s.domain)
	if err != nil {
		return nil, refuse(http.StatusUnprocessableEntity, reportSignature, "signature: "+err.Error()+fmt.Sprintf(" (reports are signed in the EIP-712 domain of chain %s and settlement contract %s: set pocp.chainId and pocp.verifyingContract to these)", s.domain.ChainID, s.domain.VerifyingContract.Hex()))
	}
	if !strings.EqualFold(signer.Hex(), site.Address) {
		return nil, refuse(http.StatusForbidden, reportSignature, fmt.Sprintf("signature: signed by %s, but site %s is registered with key %s", signer.Hex(), site.Name, site.Address))
	}
	if site.Status != store.SiteApproved {
		return nil, refuse(http.StatusForbidden, reportNotApproved, fmt.Sprintf("registration: site %s is %s, not approved", site.Name, site.Status))
	}
	return rep, nil
}

// checkEpoch checks that the epoch has ended by the chain's clock and is neither settled nor
// being settled, and returns its period.
func (s *settler) checkEpoch(ctx context.Context, epoch uint64) (start, end time.Time, err error) {
	onChain, err := s.deploy.State(ctx)
	s.metrics.observeChain(chainRead, err)
	if err != nil {
		return start, end, fmt.Errorf("reading the chain: %w", err)
	}
	if epoch < onChain.NextEpoch {
		return start, end, refuse(http.StatusConflict, reportEpoch, fmt.Sprintf("epoch: epoch %d is already settled (the next to settle is %d)", epoch, onChain.NextEpoch))
	}
	if e, err := s.store.Epoch(ctx, epoch); err == nil && e.Status == store.EpochComputed {
		return start, end, refuse(http.StatusConflict, reportEpoch, fmt.Sprintf("epoch: epoch %d is being settled", epoch))
	}
	start, end, err = s.calendar.Period(epoch)
	if err != nil {
		return start, end, refuse(http.StatusUnprocessableEntity, reportEpoch, "epoch: "+err.Error())
	}
	// The chain's clock decides, as it decides when the epoch may be settled.
	chainNow, err := s.chain.Now(ctx)
	s.metrics.observeChain(chainRead, err)
	if err != nil {
		return start, end, fmt.Errorf("reading the chain's time: %w", err)
	}
	if chainNow.Before(end) {
		return start, end, refuse(http.StatusUnprocessableEntity, reportEpoch, fmt.Sprintf("epoch: epoch %d has not ended (it ends %s)", epoch, end.Format("2006-01-02T15:04:05Z")))
	}
	return start, end, nil
}

// implausibilities are the rules the report's figures break: against the grid usage the
// site reported to the gateway, and pocp's plausibility rules against the registration.
func (s *settler) implausibilities(ctx context.Context, site gatewayapi.Site, rep *pocp.Report, start, end time.Time) ([]string, error) {
	reasons, err := s.checkGridUsage(ctx, site.Name, rep, start, end)
	if err != nil {
		return nil, err
	}
	var catalogHash [32]byte
	if b, err := hex.DecodeString(s.catalog.SHA256Hex()); err == nil {
		copy(catalogHash[:], b)
	}
	inv := site.Registration.Inventory
	reg := pocp.Registration{Site: common.HexToAddress(site.Address), CapacityMegaFLOPS: inv.CapacityMegaFLOPS, GPUs: uint32(inv.GPUs),
		PowerLimitMilliwatts: inv.PowerLimitMilliwatts, CatalogSHA256: catalogHash, ReferenceMegaFLOPS: s.catalog.ReferenceScore().PerDeviceMegaFLOPS}
	// The accounting comparison is checkGridUsage's: the gateway only sees grid jobs, so its
	// records are a lower bound of the site's, not an estimate to match.
	for _, v := range pocp.CheckPlausibility(rep, reg, s.calendar, s.policy, nil) {
		reasons = append(reasons, v.String())
	}
	return reasons, nil
}

// accept stores the report: 201 when it is new, 200 when it is the one already accepted.
func (s *settler) accept(ctx context.Context, site gatewayapi.Site, rep *pocp.Report, body []byte, series []pocp.SlotRun, ans *protocol.ReportAnswer) (int, error) {
	var seriesJSON []byte
	if series != nil {
		var err error
		if seriesJSON, err = json.Marshal(series); err != nil {
			return 0, fmt.Errorf("encoding the slot series: %w", err)
		}
	}
	stored, err := s.store.AcceptReport(ctx, store.Report{Site: site.Name, Epoch: rep.Epoch, Digest: ans.Digest, MedianMFLOPS: rep.MedianMegaFLOPS, CoveragePPM: rep.CoveragePPM,
		UptimePPM: uint32(rep.ProvenUptimePPM()), JSON: string(body), Series: string(seriesJSON)})
	if errors.Is(err, store.ErrEpochClosed) {
		return 0, refuse(http.StatusConflict, reportEpoch, "epoch: "+err.Error())
	}
	if errors.Is(err, store.ErrReportExists) {
		if stored.Digest == ans.Digest {
			ans.Accepted = true // the same report again: idempotent
			return http.StatusOK, nil
		}
		return 0, refuse(http.StatusConflict, reportEpoch, fmt.Sprintf("epoch: a different report for epoch %d was already accepted (digest %s)", rep.Epoch, stored.Digest))
	}
	if err != nil {
		return 0, err
	}
	ans.Accepted = true
	s.log.WithField("site", site.Name).WithField("epoch", rep.Epoch).WithField("medianMegaFlops", rep.MedianMegaFLOPS).WithField("coveragePpm", rep.CoveragePPM).Info("PoCP report accepted")
	return http.StatusCreated, nil
}

// checkGridUsage holds a report to the grid jobs the site ran for the gateway: every grid job
// whose steps ran wholly inside the period (by the site's own step times) is in the report's
// jobs, and its GPU-seconds in the report's (within the accounting tolerance). The gateway does
// not see the site's local work, so these are lower bounds: a report may show more, never less.
func (s *settler) checkGridUsage(ctx context.Context, site string, rep *pocp.Report, start, end time.Time) ([]string, error) {
	jobs, err := s.store.SiteJobsWithUsage(ctx, site, start)
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
	tol := s.policy.AccountingTolerancePPM
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

// reportPolicy are the report acceptance rules of the configuration.
func reportPolicy(cfg PoCPConfig, capacityTolerancePPM uint32) pocp.Policy {
	return pocp.Policy{
		MinCoveragePPM:         uint64(cfg.MinCoverage * 1e6),
		CapacityTolerancePPM:   uint64(capacityTolerancePPM),
		AccountingTolerancePPM: uint64(cfg.AccountingTolerance * 1e6),
	}
}
