// Command hwmon-power is an example telemetry source: it reads the power meters and energy
// counters the Linux kernel exposes under /sys/class/hwmon (ACPI power meters, RAPL-backed
// drivers, many accelerators' drivers), for nodes and devices NVML does not see.
//
//	hwmon-power [--root=/sys/class/hwmon]
//
// powerN_input is in microwatts and energyN_input in microjoules (Documentation/hwmon/
// sysfs-interface); readings are reported in milliwatts and millijoules.
package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/petagrid/petagrid/plugins"
	"github.com/petagrid/petagrid/plugins/proto/pluginv1"
)

type hwmon struct{ root string }

func (h hwmon) Read(_ context.Context, _ *pluginv1.ReadRequest) (*pluginv1.ReadResponse, error) {
	chips, err := filepath.Glob(filepath.Join(h.root, "hwmon*"))
	if err != nil {
		return nil, err
	}
	sort.Strings(chips)
	out := &pluginv1.ReadResponse{}
	now := time.Now().UnixNano()
	for _, chip := range chips {
		name := strings.TrimSpace(readFile(filepath.Join(chip, "name")))
		sensors := map[string]*pluginv1.Reading{}
		for _, kind := range []string{"power", "energy"} {
			files, _ := filepath.Glob(filepath.Join(chip, kind+"*_input"))
			for _, f := range files {
				id := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), kind), "_input") // "1"
				v, err := strconv.ParseUint(strings.TrimSpace(readFile(f)), 10, 64)
				if err != nil {
					continue // a sensor that cannot be read now is left out, not zero
				}
				r, ok := sensors[id]
				if !ok {
					r = &pluginv1.Reading{Device: filepath.Base(chip) + "/" + id, Kind: kindOf(name), Model: name, TimeUnixNano: now}
					sensors[id] = r
				}
				if kind == "power" {
					r.PowerMilliwatts, r.HasPower = v/1000, true
				} else {
					r.EnergyMillijoules, r.HasEnergy = v/1000, true
				}
			}
		}
		ids := make([]string, 0, len(sensors))
		for id := range sensors {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			out.Readings = append(out.Readings, sensors[id])
		}
	}
	return out, nil
}

// kindOf guesses what a chip measures from its driver name.
func kindOf(name string) string {
	switch {
	case strings.Contains(name, "power_meter"), strings.Contains(name, "acpi"):
		return "node"
	case strings.Contains(name, "amdgpu"), strings.Contains(name, "habanalabs"):
		return "accelerator"
	case strings.Contains(name, "rapl"), strings.Contains(name, "zenpower"), strings.Contains(name, "coretemp"):
		return "cpu"
	}
	return "other"
}

func readFile(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	return string(b)
}

func main() {
	h := hwmon{root: "/sys/class/hwmon"}
	for _, a := range os.Args[1:] {
		if v, ok := strings.CutPrefix(a, "--root="); ok {
			h.root = v
			continue
		}
		fmt.Fprintf(os.Stderr, "hwmon-power: unknown argument %q\n", a)
		os.Exit(2)
	}
	plugins.Serve(plugins.ServeOpts{Name: "hwmon-power", Telemetry: h})
}
