package gpu

import (
	"errors"
	"fmt"

	"github.com/NVIDIA/go-nvml/pkg/nvml"

	"github.com/petagrid/petagrid/pocp/challenge"
)

// maxIdentityDevices bounds what one node reports: more GPUs than this in one node is a
// broken driver or a lie, not a machine.
const maxIdentityDevices = 64

// Identities reads each GPU's identity from NVML (UUID, serial, PCI bus id, name) for a
// challenge's answer: what the gateway binds to one site. It initialises and shuts down NVML
// itself. A GPU without a UUID is an error, not a gap: an answer that leaves a device out
// would claim work on hardware nobody can name. ErrUnavailable (wrapped) means NVML cannot
// be used on this node at all: no GPU to name.
func Identities(lib nvml.Interface) (devices []challenge.Device, err error) {
	if lib == nil {
		return nil, errors.New("GPU identities: no NVML library")
	}
	if ret := lib.Init(); ret != nvml.SUCCESS {
		return nil, unavailable(ret)
	}
	defer func() {
		if ret := lib.Shutdown(); ret != nvml.SUCCESS && err == nil {
			err = fmt.Errorf("GPU identities: NVML shutdown: %w", ret)
		}
	}()
	count, ret := lib.DeviceGetCount()
	if ret != nvml.SUCCESS {
		return nil, fmt.Errorf("GPU identities: counting NVIDIA GPUs: %w", ret)
	}
	if count < 0 || count > maxIdentityDevices {
		return nil, fmt.Errorf("GPU identities: NVML counts %d GPUs, outside 0..%d", count, maxIdentityDevices)
	}
	for i := range count {
		h, ret := lib.DeviceGetHandleByIndex(i)
		if ret != nvml.SUCCESS {
			return nil, fmt.Errorf("GPU identities: GPU %d: no NVML handle: %w", i, ret)
		}
		d := challenge.Device{Kind: "gpu"}
		if d.UUID, ret = h.GetUUID(); ret != nvml.SUCCESS || d.UUID == "" {
			return nil, fmt.Errorf("GPU identities: GPU %d: no UUID: %w", i, ret)
		}
		// Serial and name are what older boards may not report: kept empty then.
		if s, ret := h.GetSerial(); ret == nvml.SUCCESS {
			d.Serial = s
		}
		if name, ret := h.GetName(); ret == nvml.SUCCESS {
			d.Model = name
		}
		if pci, ret := h.GetPciInfo(); ret == nvml.SUCCESS {
			d.PCIBusID = busID(pci)
		}
		if cores, ret := h.GetNumGpuCores(); ret == nvml.SUCCESS && cores > 0 && cores <= challenge.MaxDeviceCores {
			d.Cores = uint32(cores)
		}
		devices = append(devices, d)
	}
	return devices, nil
}
