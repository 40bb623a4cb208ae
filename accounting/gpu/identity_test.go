package gpu

import (
	"errors"
	"strings"
	"testing"

	"github.com/NVIDIA/go-nvml/pkg/nvml"

	nvmldouble "github.com/petagrid/petagrid/test/doubles/nvml"
)

func TestIdentitiesNameEveryGPU(t *testing.T) {
	m := nvmldouble.New(t)
	// An old board without a serial keeps its other fields.
	m.GPUs[3].FailNext(nvmldouble.GetSerial, nvml.ERROR_NOT_SUPPORTED, 1)
	devs, err := Identities(m)
	if err != nil {
		t.Fatal(err)
	}
	if len(devs) != 8 {
		t.Fatalf("%d devices, want 8", len(devs))
	}
	for i, d := range devs {
		g := m.GPUs[i]
		wantSerial := "1560221" + strings.Repeat("0", 5) + string(rune('0'+i))
		if i == 3 {
			wantSerial = ""
		}
		if d.Kind != "gpu" || d.UUID != g.UUID || d.PCIBusID != g.PciBusID || d.Serial != wantSerial || d.Model != "NVIDIA A100-SXM4-40GB" || d.Cores != 6912 {
			t.Errorf("device %d: %+v", i, d)
		}
	}
	if m.Calls(nvmldouble.Shutdown) != 1 {
		t.Errorf("NVML shut down %d times, want 1", m.Calls(nvmldouble.Shutdown))
	}
}

func TestIdentitiesRefuseAGPUWithoutUUID(t *testing.T) {
	m := nvmldouble.New(t)
	m.GPUs[5].FailNext(nvmldouble.GetUUID, nvml.ERROR_GPU_IS_LOST, 1)
	if _, err := Identities(m); err == nil || !strings.Contains(err.Error(), "GPU 5: no UUID") {
		t.Fatalf("a GPU without its UUID: %v", err)
	}
	if m.Calls(nvmldouble.Shutdown) != 1 {
		t.Errorf("NVML shut down %d times after the failure, want 1", m.Calls(nvmldouble.Shutdown))
	}
}

func TestIdentitiesWithoutNVML(t *testing.T) {
	m := nvmldouble.New(t)
	m.FailInit(nvml.ERROR_LIBRARY_NOT_FOUND)
	if _, err := Identities(m); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("without NVML: %v", err)
	}
}
