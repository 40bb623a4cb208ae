package accounting

import (
	"context"

	"math"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/accounting/store"
	"github.com/petagrid/petagrid/internal/sanitize"
	"github.com/petagrid/petagrid/plugins"
)

// TelemetrySource is a telemetry-source plugin (plugins.Plugin implements it): power and
// energy of nodes and devices NVML does not see.
type TelemetrySource interface {
	Name() string
	Read(ctx context.Context) ([]plugins.Reading, error)
}

// maxReadings bounds one answer: a plugin that floods is cut, not trusted.
const maxReadings = 4096

var readingKinds = map[string]bool{"node": true, "cpu": true, "gpu": true, "accelerator": true, "other": true}

// TelemetrySampler reads every source each interval into the store. A source that fails or
// hangs costs its readings for that interval and nothing else: accounting goes on with what
// NVML and Slurm give (the safe fallback for telemetry).
type TelemetrySampler struct {
	sources  []TelemetrySource
	store    *store.Store
	interval time.Duration
	version  string
	log      logrus.FieldLogger
	now      func() time.Time
}

// NewTelemetrySampler reads sources every interval.
func NewTelemetrySampler(sources []TelemetrySource, st *store.Store, interval time.Duration, version string, log logrus.FieldLogger) *TelemetrySampler {
	return &TelemetrySampler{sources: sources, store: st, interval: interval, version: version, log: log.WithField("component", "telemetry"), now: func() time.Time { return time.Now().UTC() }}
}

// Run samples until ctx ends.
func (t *TelemetrySampler) Run(ctx context.Context) error {
	tick := time.NewTicker(t.interval)
	defer tick.Stop()
	for {
		t.SampleOnce(ctx)
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
		}
	}
}

// SampleOnce reads every source once and stores what is valid.
func (t *TelemetrySampler) SampleOnce(ctx context.Context) {
	for _, src := range t.sources {
		readings, err := src.Read(ctx)
		if err != nil {
			if ctx.Err() == nil {
				t.log.WithField("plugin", src.Name()).WithError(err).Warn("telemetry source failed: no readings from it this interval")
			}
			continue
		}
		samples, dropped := t.check(src.Name(), readings)
		if dropped > 0 {
			t.log.WithField("plugin", src.Name()).WithField("dropped", dropped).Warn("telemetry source sent readings that make no sense; they are dropped")
		}
		if len(samples) == 0 {
			continue
		}
		if _, err := t.store.RecordDeviceSamples(ctx, t.version, samples); err != nil && ctx.Err() == nil {
			t.log.WithField("plugin", src.Name()).WithError(err).Warn("storing telemetry")
		}
	}
}

// check keeps the readings that are plausible: a printable device name, a known kind, a time
// near now (else now), and figures that fit the store.
func (t *TelemetrySampler) check(source string, readings []plugins.Reading) ([]store.DeviceSample, int) {
	now := t.now()
	dropped := 0
	if len(readings) > maxReadings {
		dropped += len(readings) - maxReadings
		readings = readings[:maxReadings]
	}
	var out []store.DeviceSample
	for _, r := range readings {
		if !printable(r.Device, 128) || !readingKinds[r.Kind] || !printable(r.Model, 128) || (!r.HasPower && !r.HasEnergy) ||
			r.PowerMilliwatts > math.MaxInt64 || r.EnergyMillijoules > math.MaxInt64 {
			dropped++
			continue
		}
		at := r.At
		if at.IsZero() || at.Sub(now).Abs() > time.Hour {
			at = now
		}
		d := store.DeviceSample{Source: source, Device: r.Device, Kind: r.Kind, Model: r.Model, At: at}
		if r.HasPower {
			v := int64(r.PowerMilliwatts)
			d.PowerMilliwatts = &v
		}
		if r.HasEnergy {
			v := int64(r.EnergyMillijoules)
			d.EnergyMillijoules = &v
		}
		out = append(out, d)
	}
	return out, dropped
}

// printable accepts a device's name or model: at most max bytes, every character shown as it
// is.
func printable(s string, max int) bool { return len(s) <= max && sanitize.Printable(s) }
