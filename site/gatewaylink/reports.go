package gatewaylink

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/internal/backoff"
	"github.com/petagrid/petagrid/pocp"
	"github.com/petagrid/petagrid/site/journal"
	"github.com/petagrid/petagrid/site/pocpreport"
)

// reportBuilder builds a period's signed PoCP report.
type reportBuilder interface {
	Calendar() pocp.Calendar
	Cluster(ctx context.Context) (string, error)
	// Report returns the report's JSON, signed in domain, with the slot series its median
	// was computed from.
	Report(ctx context.Context, cluster string, epoch uint64, domain pocp.Domain) (signedReport, error)
}

// signedReport is a period's signed report and the slot series behind its median.
type signedReport struct {
	data []byte
	runs []pocp.SlotRun
}

// seriesProtocol is the first gateway protocol that takes a report with its slot series
// (protocol.ReportSubmission).
const seriesProtocol = 3

// gatewayProtocol is the gateway's protocol version as the last poll answer said (0: not
// heard yet): the poll loop writes it, the report and update loops read it.
type gatewayProtocol struct {
	v atomic.Int64
}

// set records the version of a poll answer: one that says none is version 1, so that 0
// keeps meaning "not heard yet". It returns the version recorded before.
func (g *gatewayProtocol) set(version int) (previous int) {
	if g == nil {
		return 0
	}
	return int(g.v.Swap(int64(max(version, 1))))
}

// get is 0 for a nil gatewayProtocol (a reporter wired without a poller): an older gateway.
func (g *gatewayProtocol) get() int {
	if g == nil {
		return 0
	}
	return int(g.v.Load())
}

// reporter is the report loop: it sends each closed period's signed PoCP report once.
type reporter struct {
	builder   reportBuilder
	client    *client
	journal   *journal.Journal
	admission *admission
	// protocol is the gateway's protocol version, which decides whether a report goes with
	// its slot series.
	protocol *gatewayProtocol
	log      logrus.FieldLogger
	now      func() time.Time
	// grace is how long after a period's end its report is built (the harvester and the node
	// sampler must have caught up).
	grace time.Duration
	// notApprovedWait is how long to wait before looking again while the site is not
	// approved.
	notApprovedWait time.Duration
	// pocpChainID and pocpContract are the site's explicit pocp.chainId and
	// pocp.verifyingContract (0 and "" when unset): reports are signed in the gateway's
	// domain, which must then agree with them.
	pocpChainID  int64
	pocpContract string
	maxAckAnswer int64

	// report is the last report built, kept for retries.
	report *builtReport
}

// builtReport is a report built, kept for retries.
type builtReport struct {
	cluster string
	epoch   uint64
	signedReport
	// submission is the report with its series (protocol.ReportSubmission), encoded the
	// first time a gateway of protocol 3 or later is sent the report; bareWhy says why the
	// report goes without its series instead ("" until decided).
	submission []byte
	bareWhy    string
}

// loop sends each closed period's report once.
func (r *reporter) loop(ctx context.Context, bo *backoff.Exponential) {
	for {
		wait, err := r.sendDue(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			wait = bo.Next()
			logFailure(r.log, err, "sending the PoCP report", wait)
		} else {
			bo.Reset()
		}
		// A long sleep is cut into hours, so that a clock set forward is noticed.
		if backoff.Sleep(ctx, min(wait, time.Hour)) != nil {
			return
		}
	}
}

// sendDue sends the last closed period's report (its end plus the grace has passed) unless
// the gateway has answered it already; it returns how long until the next is due.
func (r *reporter) sendDue(ctx context.Context) (time.Duration, error) {
	cal := r.builder.Calendar()
	now := r.now()
	n, ok := cal.LastClosed(now.Add(-r.grace))
	nextDue := func(period uint64) time.Duration {
		_, end, err := cal.Period(period)
		if err != nil {
			return time.Hour
		}
		return max(end.Add(r.grace).Sub(now), time.Second)
	}
	if !ok {
		if now.Before(cal.Genesis) {
			return max(cal.Genesis.Sub(now), time.Second), nil
		}
		return nextDue(0), nil
	}
	cluster, err := r.builder.Cluster(ctx)
	if err != nil {
		return 0, err
	}
	if _, _, done, err := r.journal.GatewayReport(ctx, cluster, n); err != nil || done {
		return nextDue(n + 1), err
	}
	// The gateway takes reports from approved sites only: a pending or suspended site keeps
	// its report until it is approved (or the period is settled without it).
	if status := r.admission.get(); status != StatusApproved {
		return r.notApprovedWait, nil
	}
	if err := r.send(ctx, cluster, n); err != nil {
		return 0, err
	}
	return nextDue(n + 1), nil
}

// send builds period n's report and sends it, recording the gateway's final answer (or that
// there was nothing to report) in the journal.
func (r *reporter) send(ctx context.Context, cluster string, n uint64) error {
	log := r.log.WithField("period", n).WithField("cluster", cluster)
	b, err := r.built(ctx, cluster, n)
	if errors.Is(err, errNoObservations) {
		if err := r.journal.RecordGatewayReport(ctx, cluster, n, journal.ReportSkipped, err.Error()); err != nil {
			return err
		}
		log.Info("no PoCP report for this period: the site observed nothing in it")
		return nil
	}
	if err != nil {
		return fmt.Errorf("building the report of period %d: %w", n, err)
	}
	data := b.data
	if version := r.protocol.get(); version >= seriesProtocol {
		data = b.body(log.WithField("protocol", version))
	}
	_, _, err = r.client.call(ctx, http.MethodPost, protocol.PathReports, http.Header{"Content-Type": {"application/json"}}, data, requestTimeout, r.maxAckAnswer)
	var se *statusError
	switch {
	case err == nil:
		if err := r.journal.RecordGatewayReport(ctx, cluster, n, journal.ReportAccepted, ""); err != nil {
			return err
		}
		log.Info("PoCP report accepted by the gateway")
	case errors.As(err, &se) && se.final():
		if err := r.journal.RecordGatewayReport(ctx, cluster, n, journal.ReportRejected, clipUTF8(se.Message, maxErrorLen)); err != nil {
			return err
		}
		log.WithField("status", se.Status).WithField("reason", se.Message).Warn("the gateway rejected the PoCP report; it is not sent again")
	default:
		return err
	}
	return nil
}

// built builds a period's report once per process: a retry after a failed send reuses it
// rather than read fifteen days of slots again.
func (r *reporter) built(ctx context.Context, cluster string, epoch uint64) (*builtReport, error) {
	if r.report != nil && r.report.cluster == cluster && r.report.epoch == epoch {
		return r.report, nil
	}
	domain, err := r.domain(ctx)
	if err != nil {
		return nil, err
	}
	sr, err := r.builder.Report(ctx, cluster, epoch, domain)
	if err != nil {
		return nil, err
	}
	r.report = &builtReport{cluster: cluster, epoch: epoch, signedReport: sr}
	return r.report, nil
}

// body is what a gateway of protocol 3 or later is sent: the report with its slot series,
// or the bare report (with a warning, once per report) when the series cannot go with it.
// The gateway would refuse a submission whose series is too long or does not reproduce the
// report, and a refusal is final; a bare report is at least read.
func (b *builtReport) body(log logrus.FieldLogger) []byte {
	if b.submission == nil && b.bareWhy == "" {
		sub, err := pocpreport.EncodeSubmission(b.data, b.runs)
		if err != nil {
			b.bareWhy = err.Error()
			log.WithError(err).Warn("the PoCP report goes to the gateway without its slot series: the gateway cannot leave out time it could not verify, and may count the report for nothing")
		}
		b.submission = sub
	}
	if b.submission == nil {
		return b.data
	}
	return b.submission
}

// domain is the EIP-712 domain reports are signed in: the gateway's chain and settlement
// contract as it announces them. A site that set pocp.chainId or pocp.verifyingContract must
// agree with the gateway: a report signed for another contract would be refused anyway, and
// signing for whatever a server announces, against the admin's explicit setting, is not safe.
func (r *reporter) domain(ctx context.Context) (pocp.Domain, error) {
	d, ok, err := r.client.reportDomain(ctx)
	if err != nil {
		return pocp.Domain{}, fmt.Errorf("the gateway's chain (the domain reports are signed in): %w", err)
	}
	if !ok {
		return pocp.Domain{}, errors.New("the gateway announces no chain id and settlement contract on GET /v1/info: cannot sign reports for it")
	}
	if c := r.pocpContract; c != "" && common.HexToAddress(c) != d.VerifyingContract {
		return pocp.Domain{}, fmt.Errorf("pocp.verifyingContract is %s but the gateway settles on %s: remove the setting or correct it", c, d.VerifyingContract.Hex())
	}
	if id := r.pocpChainID; id != 0 && big.NewInt(id).Cmp(d.ChainID) != 0 {
		return pocp.Domain{}, fmt.Errorf("pocp.chainId is %d but the gateway's chain is %s: remove the setting or correct it", id, d.ChainID)
	}
	return d, nil
}
