package gpu

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestConfigDefaultsAndValidation(t *testing.T) {
	c := Config{Node: "n1", Cluster: "c", HarvesterVersion: "v"}.WithDefaults()
	if c.Interval != 10*time.Second || c.IndexOrder != IndexOrderMinor || c.GapFactor != 3 {
		t.Errorf("defaults: %+v", c)
	}
	if err := c.Validate(); err != nil {
		t.Errorf("valid config: %v", err)
	}
	if got := c.gapThresholdMilliseconds(); got != 30_000 {
		t.Errorf("gap threshold %d ms", got)
	}
	bad := Config{Interval: time.Millisecond, IndexOrder: "bus", GapFactor: 0.5}
	err := bad.Validate()
	if !errors.Is(err, ErrInvalidConfig) {
		t.Fatalf("invalid config accepted: %v", err)
	}
	for _, want := range []string{"node name", "cluster name", "interval 1ms", `index order "bus"`, "gap factor 0.5", "harvester version"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "\n") {
		t.Errorf("error is not one line: %q", err)
	}
}
