package accounting

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/accounting/store"
	"github.com/petagrid/petagrid/plugins"
)

// fakeSource is a test double of a telemetry-source plugin.
type fakeSource struct {
	name     string
	readings []plugins.Reading
	err      error
}

func (f fakeSource) Name() string { return f.name }

func (f fakeSource) Read(context.Context) ([]plugins.Reading, error) {
	return f.readings, f.err
}

// Readings are stored with their source; nonsense is dropped; a failing source costs only its
// own readings.
func TestTelemetrySampler(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "acct.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	good := fakeSource{name: "hwmon-power", readings: []plugins.Reading{
		{Device: "hwmon0/1", Kind: "node", Model: "power_meter", At: now.Add(-time.Second), PowerMilliwatts: 412000, HasPower: true},
		{Device: "hwmon1/1", Kind: "accelerator", Model: "amdgpu", PowerMilliwatts: 250000, HasPower: true, EnergyMillijoules: 9000000, HasEnergy: true},
		{Device: "bad\x1b[2J", Kind: "node", PowerMilliwatts: 1, HasPower: true},
		{Device: "hwmon2/1", Kind: "toaster", PowerMilliwatts: 1, HasPower: true},
		{Device: "hwmon3/1", Kind: "cpu"}, // neither power nor energy
		{Device: "hwmon4/1", Kind: "cpu", PowerMilliwatts: 1 << 63, HasPower: true},
	}}
	broken := fakeSource{name: "broken", err: errors.New("plugin broken did not answer within 2s")}
	log := logrus.New()
	log.SetLevel(logrus.PanicLevel)
	s := NewTelemetrySampler([]TelemetrySource{broken, good}, st, time.Second, "test", log)
	s.now = func() time.Time { return now }
	s.SampleOnce(ctx)
	got, err := st.DeviceSamples(ctx, now.Add(-time.Hour), now.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("stored %d readings, want the 2 good ones: %+v", len(got), got)
	}
	if got[0].Device != "hwmon0/1" || *got[0].PowerMilliwatts != 412000 || got[0].EnergyMillijoules != nil || !got[0].At.Equal(now.Add(-time.Second)) {
		t.Fatalf("node reading: %+v", got[0])
	}
	// A reading without a time is dated when it was taken.
	if got[1].Source != "hwmon-power" || *got[1].EnergyMillijoules != 9000000 || !got[1].At.Equal(now) || !strings.Contains(got[1].Model, "amdgpu") {
		t.Fatalf("accelerator reading: %+v", got[1])
	}
	// The same readings at the same instants are not stored twice.
	s.SampleOnce(ctx)
	if again, _ := st.DeviceSamples(ctx, now.Add(-time.Hour), now.Add(time.Hour)); len(again) != 2 {
		t.Fatalf("after sampling the same readings again: %d stored, want 2", len(again))
	}
}
