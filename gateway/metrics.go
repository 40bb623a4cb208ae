package gateway

import (
	"context"
	"errors"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/store"
)

// Placement outcomes (petagrid_gateway_placements_total).
const (
	placementPlaced    = "placed"
	placementNoSite    = "no_site"
	placementAbandoned = "abandoned"
	placementCancelled = "cancelled"
	placementError     = "error"
)

// Report outcomes (petagrid_gateway_reports_total): accepted, the same report again, each
// class of refusal, and the gateway's own failure.
const (
	reportAccepted    = "accepted"
	reportResent      = "resent"
	reportMalformed   = "malformed"
	reportSignature   = "signature"
	reportNotApproved = "not_approved"
	reportEpoch       = "epoch"
	reportImplausible = "implausible"
	reportError       = "error"
)

// Epoch close outcomes (petagrid_gateway_epoch_closes_total).
const (
	closeSettled        = "settled"
	closeAlreadySettled = "already_settled"
	closeNotOver        = "not_over"
	closeFailed         = "failed"
)

// Chain operations (petagrid_gateway_chain_errors_total).
const (
	chainRead         = "read"
	chainSettleEscrow = "settle_escrow"
	chainSettleEpoch  = "settle_epoch"
	chainRegistry     = "registry"
	chainTransfer     = "transfer"
	chainMine         = "mine"
	chainStaking      = "staking"
)

// metrics are the gateway's Prometheus series, on a registry of its own (no global state, so
// that two gateways in one test process do not collide). Every method is safe on a nil
// *metrics, so that a part built alone in a test needs none.
type metrics struct {
	registry          *prometheus.Registry
	placements        *prometheus.CounterVec
	replicaGroups     *prometheus.CounterVec
	replicaDissents   prometheus.Counter
	replicaReruns     prometheus.Counter
	reports           *prometheus.CounterVec
	epochCloses       *prometheus.CounterVec
	epochCloseSeconds prometheus.Histogram
	chainErrors       *prometheus.CounterVec
	challenges        *prometheus.CounterVec
	auctions          *prometheus.CounterVec
}

// newMetrics creates the series; state is read at each scrape for the queue depth and the
// admitted sites' presence.
func newMetrics(state stateReader, now func() time.Time, offlineAfter time.Duration) *metrics {
	m := &metrics{registry: prometheus.NewRegistry()}
	m.placements = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "petagrid_gateway_placements_total",
		Help: "Placement attempts by outcome (placed, no_site: the job waits, abandoned, cancelled, error).",
	}, []string{"outcome"})
	m.reports = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "petagrid_gateway_reports_total",
		Help: "PoCP reports received by outcome (accepted, resent, malformed, signature, not_approved, epoch, implausible, error).",
	}, []string{"outcome"})
	m.epochCloses = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "petagrid_gateway_epoch_closes_total",
		Help: "Epoch closes by outcome (settled, already_settled, not_over, failed).",
	}, []string{"outcome"})
	m.epochCloseSeconds = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "petagrid_gateway_epoch_close_duration_seconds",
		Help:    "Time an epoch close took that settled an epoch on chain, its computation included.",
		Buckets: []float64{0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600},
	})
	m.chainErrors = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "petagrid_gateway_chain_errors_total",
		Help: "Chain calls that failed, by operation (read, settle_escrow, settle_epoch, registry, transfer, mine).",
	}, []string{"operation"})
	m.replicaGroups = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "petagrid_gateway_replica_groups_total",
		Help: "Replicated jobs decided, by outcome (agreed: a quorum agreed on the outputs; no-quorum: none did).",
	}, []string{"outcome"})
	m.replicaDissents = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "petagrid_gateway_replica_dissents_total",
		Help: "Replicas outvoted by their group's quorum, or that withheld their outputs digest beside one (their providers are slashed).",
	})
	m.replicaReruns = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "petagrid_gateway_replica_reruns_total",
		Help: "Replicas that ended without a vote and were run again on a site of another operator (a workflow's verify.reruns).",
	})
	m.challenges = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "petagrid_gateway_challenges_total",
		Help: "Compute challenges by event (issued, passed, failed, missed, skipped: the site claimed no idle node or did not poll; void: counts neither way).",
	}, []string{"event"})
	m.auctions = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "petagrid_gateway_auctions_total",
		Help: "Sealed-bid auctions by event (opened; decided: a bid won; failed: no bid qualified).",
	}, []string{"event"})
	for _, o := range []string{auctionOpened, gatewayapi.AuctionDecided, gatewayapi.AuctionFailed} {
		m.auctions.WithLabelValues(o)
	}
	// Every outcome is a series from the start, so that rates and alerts see zero, not nothing.
	for _, o := range []string{placementPlaced, placementNoSite, placementAbandoned, placementCancelled, placementError} {
		m.placements.WithLabelValues(o)
	}
	for _, o := range []string{reportAccepted, reportResent, reportMalformed, reportSignature, reportNotApproved, reportEpoch, reportImplausible, reportError} {
		m.reports.WithLabelValues(o)
	}
	for _, o := range []string{closeSettled, closeAlreadySettled, closeNotOver, closeFailed} {
		m.epochCloses.WithLabelValues(o)
	}
	for _, o := range []string{chainRead, chainSettleEscrow, chainSettleEpoch, chainRegistry, chainTransfer, chainMine, chainStaking} {
		m.chainErrors.WithLabelValues(o)
	}
	for _, o := range []string{"issued", store.ChallengePassed, store.ChallengeFailed, store.ChallengeMissed, store.ChallengeSkipped, store.ChallengeVoid} {
		m.challenges.WithLabelValues(o)
	}
	for _, o := range []string{gatewayapi.GroupAgreed, gatewayapi.GroupNoQuorum} {
		m.replicaGroups.WithLabelValues(o)
	}
	m.registry.MustRegister(m.challenges, m.auctions, m.replicaGroups, m.replicaDissents, m.replicaReruns, m.placements, m.reports, m.epochCloses, m.epochCloseSeconds, m.chainErrors,
		newStateCollector(state, now, offlineAfter),
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

func (m *metrics) placement(outcome string) {
	if m != nil {
		m.placements.WithLabelValues(outcome).Inc()
	}
}

// auctionOpened is the auctions counter's event for a new auction.
const auctionOpened = "opened"

func (m *metrics) auction(event string) {
	if m != nil {
		m.auctions.WithLabelValues(event).Inc()
	}
}

func (m *metrics) challenge(event string) {
	if m != nil {
		m.challenges.WithLabelValues(event).Inc()
	}
}

func (m *metrics) replicaGroup(outcome string, dissents int) {
	if m != nil {
		m.replicaGroups.WithLabelValues(outcome).Inc()
		m.replicaDissents.Add(float64(dissents))
	}
}

func (m *metrics) replicaRerun() {
	if m != nil {
		m.replicaReruns.Inc()
	}
}

func (m *metrics) report(outcome string) {
	if m != nil {
		m.reports.WithLabelValues(outcome).Inc()
	}
}

// epochClose counts a close; one that settled an epoch also records how long it took.
func (m *metrics) epochClose(outcome string, took time.Duration) {
	if m == nil {
		return
	}
	m.epochCloses.WithLabelValues(outcome).Inc()
	if outcome == closeSettled {
		m.epochCloseSeconds.Observe(took.Seconds())
	}
}

// observeChain counts a failed chain call (nothing for a success, or for a call given up
// because the gateway is stopping).
func (m *metrics) observeChain(operation string, err error) {
	if m == nil || err == nil || errors.Is(err, context.Canceled) {
		return
	}
	m.chainErrors.WithLabelValues(operation).Inc()
}
