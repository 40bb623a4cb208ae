package gpu

import (
	"context"
	"errors"
	"os"
	"regexp"
	"testing"
	"time"

	"github.com/NVIDIA/go-nvml/pkg/nvml"
	logtest "github.com/sirupsen/logrus/hooks/test"
)

// TestNVMLOnThisNode reads this node's GPUs through the real NVML, as the site daemon does:
// the identities a challenge's answer names, and two sampler rounds two seconds apart (power,
// the energy counter, clocks, temperature). Every other test of this package runs against
// the NVML double (test/doubles/nvml); this one checks the double's picture against the
// driver where there is one. Without NVML it is skipped, unless PETAGRID_REQUIRE_GPU=1 says
// the node has GPUs (test/device/check sets it), so that a broken driver is not read as "no
// GPU".
func TestNVMLOnThisNode(t *testing.T) {
	lib := nvml.New()
	devices, err := Identities(lib)
	if errors.Is(err, ErrUnavailable) && os.Getenv("PETAGRID_REQUIRE_GPU") != "1" {
		t.Skipf("no NVML on this node (PETAGRID_REQUIRE_GPU=1 makes this a failure): %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	if len(devices) == 0 {
		t.Fatal("NVML answers but counts no GPU")
	}
	uuid := regexp.MustCompile(`^GPU-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)
	busID := regexp.MustCompile(`^[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-7]$`)
	for _, d := range devices {
		t.Logf("GPU %s: serial %q, PCI %s, %q, %d cores", d.UUID, d.Serial, d.PCIBusID, d.Model, d.Cores)
		if d.Kind != "gpu" || !uuid.MatchString(d.UUID) || !busID.MatchString(d.PCIBusID) || d.Model == "" {
			t.Errorf("identity %+v: want kind gpu, an NVML UUID, a PCI bus id and a name", d)
		}
	}

	sink := &recordingSink{Sink: openStore(t)}
	log, hook := logtest.NewNullLogger()
	cfg := testConfig()
	cfg.Interval = time.Second
	s, err := NewSampler(cfg, lib, sink, nil, log)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := s.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := s.Close(); err != nil {
			t.Error(err)
		}
	}()
	for round := 0; round < 2; round++ {
		if round > 0 {
			time.Sleep(2 * time.Second)
		}
		if err := s.SampleOnce(ctx, time.Now().UTC()); err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
	}
	if len(sink.samples) != 2 || len(sink.samples[1]) != len(devices) {
		t.Fatalf("%d rounds of %v samples, want 2 of %d GPUs", len(sink.samples), len(sink.samples), len(devices))
	}
	first := map[string]int64{}
	for _, sm := range sink.samples[0] {
		if sm.EnergyCounterMillijoules != nil {
			first[sm.UUID] = *sm.EnergyCounterMillijoules
		}
	}
	for _, sm := range sink.samples[1] {
		t.Logf("GPU %s: power %v mW, energy counter %v mJ (delta %v over %v ms, %s), SM %v MHz, %v °C, errors %v", sm.UUID,
			deref(sm.PowerMilliwatts), deref(sm.EnergyCounterMillijoules), deref(sm.EnergyDeltaMillijoules), deref(sm.IntervalMilliseconds),
			sm.DeltaSource, deref(sm.SMClockMHz), deref(sm.TemperatureCelsius), sm.Errors)
		if sm.PowerMilliwatts == nil || *sm.PowerMilliwatts <= 0 || *sm.PowerMilliwatts > 2_000_000 {
			t.Errorf("GPU %s: power %v mW, want a reading between 0 and 2 kW", sm.UUID, deref(sm.PowerMilliwatts))
		}
		if sm.EnergyCounterMillijoules == nil || *sm.EnergyCounterMillijoules < first[sm.UUID] {
			t.Errorf("GPU %s: energy counter %v mJ after %d mJ, want a counter that does not go back", sm.UUID, deref(sm.EnergyCounterMillijoules), first[sm.UUID])
		}
		if sm.SMClockMHz == nil || *sm.SMClockMHz <= 0 || sm.TemperatureCelsius == nil || *sm.TemperatureCelsius <= 0 || *sm.TemperatureCelsius > 120 {
			t.Errorf("GPU %s: SM clock %v MHz, %v °C", sm.UUID, deref(sm.SMClockMHz), deref(sm.TemperatureCelsius))
		}
	}
	for _, e := range hook.AllEntries() {
		t.Logf("sampler log: %s %s %v", e.Level, e.Message, e.Data)
	}
}
