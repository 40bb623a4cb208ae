package accounting

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/petagrid/petagrid/accounting/store"
)

// Metrics are the accounting series. Every method is safe on a nil *Metrics (the CLI runs
// without them).
type Metrics struct {
	windows       *prometheus.CounterVec
	records       prometheus.Counter
	written       prometheus.Counter
	unknownStates prometheus.Counter
	failures      prometheus.Counter
	sacctSeconds  prometheus.Histogram
	lagSeconds    prometheus.Gauge
	nodeSlots     prometheus.Counter
	nodeFailures  prometheus.Counter
	gpuRounds     prometheus.Counter
	gpuFailures   prometheus.Counter
}

// NewMetrics creates the series and registers them on reg.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		windows: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "petagrid_accounting_harvest_windows_total",
			Help: "sacct windows harvested and committed, by kind (backfill, overlap)."}, []string{"kind"}),
		records: prometheus.NewCounter(prometheus.CounterOpts{Name: "petagrid_accounting_harvest_records_total",
			Help: "Job records read from sacct (re-reads of overlapping windows included)."}),
		written: prometheus.NewCounter(prometheus.CounterOpts{Name: "petagrid_accounting_harvest_written_total",
			Help: "Job records that were new or had changed."}),
		unknownStates: prometheus.NewCounter(prometheus.CounterOpts{Name: "petagrid_accounting_harvest_unknown_state_windows_total",
			Help: "Windows that held job states this petagrid does not know (stored as printed, counted as not ended)."}),
		failures: prometheus.NewCounter(prometheus.CounterOpts{Name: "petagrid_accounting_harvest_failures_total",
			Help: "Harvest cycles that failed (sacct, slurmdbd or the store); nothing of their window was stored."}),
		sacctSeconds: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "petagrid_accounting_sacct_seconds",
			Help: "Time sacct took per harvest window.", Buckets: prometheus.ExponentialBuckets(0.05, 2, 12)}),
		lagSeconds: prometheus.NewGauge(prometheus.GaugeOpts{Name: "petagrid_accounting_harvest_lag_seconds",
			Help: "Now minus the end of the harvested (gap-free) range."}),
		nodeSlots: prometheus.NewCounter(prometheus.CounterOpts{Name: "petagrid_accounting_node_slots_total",
			Help: "Node availability observations stored (one per node per slot)."}),
		nodeFailures: prometheus.NewCounter(prometheus.CounterOpts{Name: "petagrid_accounting_node_sample_failures_total",
			Help: "Slots whose node states could not be read; those slots stay unobserved (never counted as down)."}),
		gpuRounds: prometheus.NewCounter(prometheus.CounterOpts{Name: "petagrid_accounting_gpu_rounds_total",
			Help: "NVML sampling rounds stored."}),
		gpuFailures: prometheus.NewCounter(prometheus.CounterOpts{Name: "petagrid_accounting_gpu_round_failures_total",
			Help: "NVML sampling rounds that could not be stored."}),
	}
	reg.MustRegister(m.windows, m.records, m.written, m.unknownStates, m.failures, m.sacctSeconds, m.lagSeconds,
		m.nodeSlots, m.nodeFailures, m.gpuRounds, m.gpuFailures)
	return m
}

func (m *Metrics) window(kind string, stats store.UpsertStats, sacct time.Duration, unknown bool) {
	if m == nil {
		return
	}
	m.windows.WithLabelValues(kind).Inc()
	m.records.Add(float64(stats.Records))
	m.written.Add(float64(stats.Written))
	m.sacctSeconds.Observe(sacct.Seconds())
	if unknown {
		m.unknownStates.Inc()
	}
}

func (m *Metrics) failure() {
	if m != nil {
		m.failures.Inc()
	}
}

func (m *Metrics) lag(d time.Duration) {
	if m != nil {
		m.lagSeconds.Set(d.Seconds())
	}
}

func (m *Metrics) slots(n int, err error) {
	if m == nil {
		return
	}
	if err != nil {
		m.nodeFailures.Inc()
		return
	}
	m.nodeSlots.Add(float64(n))
}

func (m *Metrics) gpuRound(err error) {
	if m == nil {
		return
	}
	if err != nil {
		m.gpuFailures.Inc()
		return
	}
	m.gpuRounds.Inc()
}
