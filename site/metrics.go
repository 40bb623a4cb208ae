package site

import (
	"context"
	"errors"
	"time"

	"github.com/petagrid/petagrid/site/journal"
	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/slurmbridge"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// metrics are the daemon's Prometheus series, on a registry of its own (no global state, so
// that two daemons in one test process do not collide).
type metrics struct {
	registry       *prometheus.Registry
	submitLatency  prometheus.Histogram
	slurmErrors    *prometheus.CounterVec
	slurmCommands  *prometheus.CounterVec
	trackerPolls   prometheus.Counter
	lostJobs       prometheus.Counter
	trackerLag     prometheus.Gauge
	trackedJobs    prometheus.Gauge
	trackerBackoff prometheus.Gauge
	requests       *prometheus.CounterVec
}

func newMetrics(j *journal.Journal) *metrics {
	m := &metrics{registry: prometheus.NewRegistry()}
	m.submitLatency = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "petagrid_site_submit_latency_seconds",
		Help:    "Time from a run's acceptance to Slurm holding all its jobs.",
		Buckets: []float64{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300},
	})
	m.slurmErrors = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "petagrid_site_slurm_command_errors_total",
		Help: "Slurm commands that failed, by command and kind (unreachable, timeout, refused, other).",
	}, []string{"command", "kind"})
	m.slurmCommands = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "petagrid_site_slurm_commands_total",
		Help: "Slurm commands run, by command.",
	}, []string{"command"})
	m.trackerPolls = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "petagrid_site_tracker_polls_total",
		Help: "Tracker rounds completed (each asks slurmctld once if any job is tracked).",
	})
	m.lostJobs = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "petagrid_site_lost_jobs_total",
		Help: "Jobs a restarted slurmctld lost (submitted before its last state save), submitted again.",
	})
	m.trackerLag = prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "petagrid_site_tracker_lag_seconds",
		Help: "Seconds since the tracker last heard from slurmctld about the tracked jobs (0 when nothing is tracked).",
	})
	m.trackedJobs = prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "petagrid_site_tracked_jobs",
		Help: "Slurm jobs the tracker is following.",
	})
	m.trackerBackoff = prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "petagrid_site_tracker_backoff_seconds",
		Help: "Current wait between polls (the interval, or more while Slurm is unreachable).",
	})
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "petagrid_site_api_requests_total",
		Help: "API requests by route and status code.",
	}, []string{"route", "code"})
	runs := prometheus.NewDesc("petagrid_site_runs", "Runs in the journal by state.", []string{"state"}, nil)
	challenges := prometheus.NewDesc("petagrid_site_challenges", "The gateway's compute challenges in the journal by state (accepted, submitted, answered, failed, expired) and the gateway's outcome of the answer (passed, failed, or empty).", []string{"state", "outcome"}, nil)
	m.registry.MustRegister(m.submitLatency, m.slurmErrors, m.slurmCommands, m.trackerPolls, m.lostJobs, m.trackerLag, m.trackedJobs, m.trackerBackoff, m.requests,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		&runsCollector{desc: runs, journal: j}, &challengesCollector{desc: challenges, journal: j})
	return m
}

// observeSlurm counts one Slurm command and its failure kind.
func (m *metrics) observeSlurm(command string, err error) {
	m.slurmCommands.WithLabelValues(command).Inc()
	if err == nil {
		return
	}
	kind := "other"
	var refusal *slurmbridge.RefusalError
	switch {
	case errors.Is(err, slurmbridge.ErrControllerUnreachable):
		kind = "unreachable"
	case errors.Is(err, slurmbridge.ErrTimeout):
		kind = "timeout"
	case errors.As(err, &refusal):
		kind = "refused"
	case errors.Is(err, context.Canceled):
		return
	}
	m.slurmErrors.WithLabelValues(command, kind).Inc()
}

// runsCollector reads run counts from the journal at scrape time, so that the series is
// right after a restart without any bookkeeping.
type runsCollector struct {
	desc    *prometheus.Desc
	journal *journal.Journal
}

func (c *runsCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

func (c *runsCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	counts, err := c.journal.CountByState(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(c.desc, err)
		return
	}
	for _, s := range runstate.All() {
		ch <- prometheus.MustNewConstMetric(c.desc, prometheus.GaugeValue, float64(counts[s]), string(s))
	}
}

// challengesCollector reads the journal's challenges at each scrape.
type challengesCollector struct {
	desc    *prometheus.Desc
	journal *journal.Journal
}

func (c *challengesCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

func (c *challengesCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	counts, err := c.journal.CountChallenges(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(c.desc, err)
		return
	}
	for _, n := range counts {
		ch <- prometheus.MustNewConstMetric(c.desc, prometheus.GaugeValue, float64(n.Count), string(n.State), n.Outcome)
	}
}
