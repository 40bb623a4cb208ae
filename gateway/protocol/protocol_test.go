package protocol

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/pocp/challenge"
	"github.com/petagrid/petagrid/site/runstate"
)

func validRegistration() Registration {
	return Registration{Site: "site-a", Prices: Prices{PerComputeHour: "1000"},
		Inventory: Inventory{CapacityMegaFLOPS: 2000, GPUs: 8, CatalogSHA256: strings.Repeat("ab", 32),
			Partitions: []Partition{{Name: "gpu", Shapes: []NodeShape{{Nodes: 2, Available: 2, Idle: 1, CPUs: 64, MemoryMiB: 1024, GPUs: 4, GPUType: "a100", MegaFLOPS: 1000}}}}}}
}

// Everything a site sends is bounded: each broken field is refused with its name.
func TestRegistrationValidate(t *testing.T) {
	if err := validRegistration().Validate(); err != nil {
		t.Fatalf("a valid registration: %v", err)
	}
	cases := []struct {
		name   string
		change func(*Registration)
		says   string
	}{
		{"site name", func(r *Registration) { r.Site = "Site A" }, "site"},
		{"price", func(r *Registration) { r.Prices.PerComputeHour = "-1" }, "perComputeHourWei"},
		{"price too long", func(r *Registration) { r.Prices.PerComputeHour = strings.Repeat("9", 41) }, "perComputeHourWei"},
		{"no partitions", func(r *Registration) { r.Inventory.Partitions = nil }, "partitions"},
		{"duplicate partition", func(r *Registration) {
			r.Inventory.Partitions = append(r.Inventory.Partitions, r.Inventory.Partitions[0])
		}, "unique"},
		{"idle above available", func(r *Registration) { r.Inventory.Partitions[0].Shapes[0].Idle = 3 }, "out of bounds"},
		{"negative memory", func(r *Registration) { r.Inventory.Partitions[0].Shapes[0].MemoryMiB = -1 }, "out of bounds"},
		{"GRES type", func(r *Registration) { r.Inventory.Partitions[0].Shapes[0].GPUType = "a100;rm" }, "not a name"},
		{"more GPUs than the shapes", func(r *Registration) { r.Inventory.GPUs = 9 }, "node shapes hold 8"},
		{"device UUID", func(r *Registration) { r.Inventory.Devices = []DeviceIdentity{{Node: "n1", UUID: "GPU-1234;rm -rf"}} }, "not an NVML UUID"},
		{"device node", func(r *Registration) { r.Inventory.Devices = []DeviceIdentity{{Node: "../n1", UUID: gpuUUID(1)}} }, "not a node name"},
		{"device bus id", func(r *Registration) {
			r.Inventory.Devices = []DeviceIdentity{{Node: "n1", UUID: gpuUUID(1), PCIBusID: "00000000:07:00"}}
		}, "PCI bus id"},
		{"device named twice", func(r *Registration) {
			r.Inventory.Devices = []DeviceIdentity{{Node: "n1", UUID: "GPU-abcdef01-0000-4000-8000-000000000001"}, {Node: "n2", UUID: "GPU-ABCDEF01-0000-4000-8000-000000000001"}}
		}, "named twice"},
		{"too many devices", func(r *Registration) { r.Inventory.Devices = make([]DeviceIdentity, MaxDevices+1) }, "at most 65536"},
		{"more capacity than the shapes", func(r *Registration) { r.Inventory.CapacityMegaFLOPS = 2001 }, "more than the node shapes"},
		{"overflowing shapes", func(r *Registration) {
			r.Inventory.Partitions[0].Shapes[0].MegaFLOPS = 1 << 63
			r.Inventory.CapacityMegaFLOPS = 1 << 63
		}, ""},
		{"catalog", func(r *Registration) { r.Inventory.CatalogSHA256 = "abc" }, "catalogSha256"},
		{"label", func(r *Registration) { r.Labels = map[string]string{"Bad Key": "x"} }, "label"},
	}
	for _, c := range cases {
		r := validRegistration()
		c.change(&r)
		err := r.Validate()
		if c.says == "" {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: %v, want an error mentioning %q", c.name, err, c.says)
		}
	}
}

func TestUpdatesValidate(t *testing.T) {
	ok := Updates{Accepted: []string{"r-aaaaaaaaaaaaaaaa"}, Jobs: []JobUpdate{{Job: "r-bbbbbbbbbbbbbbbb", State: runstate.Completed, Usage: &Usage{ElapsedSeconds: 5}}}}
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	bad := []Updates{
		{Accepted: []string{"../etc"}},
		{Refused: []Refusal{{Job: "r-aaaaaaaaaaaaaaaa", Reason: strings.Repeat("x", 4001)}}},
		{Jobs: []JobUpdate{{Job: "r-aaaaaaaaaaaaaaaa", State: "exploded"}}},
		{Jobs: []JobUpdate{{Job: "r-aaaaaaaaaaaaaaaa", State: runstate.Completed, Usage: &Usage{GPUSeconds: -1}}}},
		{Jobs: make([]JobUpdate, MaxUpdates+1)},
	}
	for i, u := range bad {
		if err := u.Validate(); err == nil {
			t.Errorf("case %d accepted", i)
		}
	}
	if _, err := ParseWei("1e18"); err == nil {
		t.Error("ParseWei took an exponent")
	}
}

// Versions 2 to 5 only add optional fields: an answer of version 1 still decodes, and
// this version's messages carry its number and their new fields (a challenge of one node
// is written without nodes, as before version 5).
func TestVersion2IsOptionalFieldsOnly(t *testing.T) {
	var old PollResponse
	if err := json.Unmarshal([]byte(`{"status":"approved","assignments":[{"job":"r-aaaaaaaaaaaaaaaa","researcher":"0x00000000000000000000000000000000000000aa","workflow":"w","fileName":"w.yaml","maxCostWei":"1"}]}`), &old); err != nil {
		t.Fatal(err)
	}
	if old.Protocol != 0 || len(old.Assignments) != 1 || old.Assignments[0].Submission != nil {
		t.Fatalf("a version 1 answer: %+v", old)
	}
	data, err := json.Marshal(PollResponse{Status: "approved", Protocol: Version, Assignments: []Assignment{{Job: "r-aaaaaaaaaaaaaaaa", Submission: &reqsign.Submission{Nonce: "n"}}},
		Challenges: []Challenge{{ID: "c-aaaaaaaaaaaaaaaa", Partition: "cpu", GPUs: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), `"nodes"`) {
		t.Errorf("%s: a one-node challenge names its nodes", data)
	}
	if strings.Contains(string(data), `"auctions"`) {
		t.Errorf("%s: an answer without auctions names them (an older site decodes it)", data)
	}
	for _, want := range []string{`"protocol":9`, `"submission":{`, `"nonce":"n"`, `"challenges":[{"id":"c-aaaaaaaaaaaaaaaa","partition":"cpu",`, `"gpus":2`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("%s lacks %s", data, want)
		}
	}
}

// A version 4 update carries the outputs digest of a succeeded job only, and only a digest.
func TestOutputsDigestOnlyForSucceededJobs(t *testing.T) {
	digest := strings.Repeat("ab", 32)
	ok := Updates{Jobs: []JobUpdate{{Job: "r-aaaaaaaaaaaaaaaa", State: runstate.Completed, OutputsSHA256: digest}}}
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, u := range []JobUpdate{
		{Job: "r-aaaaaaaaaaaaaaaa", State: runstate.Failed, OutputsSHA256: digest},
		{Job: "r-aaaaaaaaaaaaaaaa", State: runstate.Running, OutputsSHA256: digest},
		{Job: "r-aaaaaaaaaaaaaaaa", State: runstate.Completed, OutputsSHA256: strings.ToUpper(digest)},
		{Job: "r-aaaaaaaaaaaaaaaa", State: runstate.Completed, OutputsSHA256: digest + "00"},
	} {
		if err := (Updates{Jobs: []JobUpdate{u}}).Validate(); err == nil {
			t.Errorf("%+v accepted", u)
		}
	}
}

func gpuUUID(i int) string { return fmt.Sprintf("GPU-00000000-0000-4000-8000-%012d", i) }

// Devices are part of what an operator approves, and a registration without them keeps the
// digest it had before they existed.
func TestDevicesInTheDigest(t *testing.T) {
	r := validRegistration()
	before := r.Digest()
	r.Inventory.Devices = []DeviceIdentity{{Node: "n1", UUID: gpuUUID(1), PCIBusID: "00000000:07:00.0"}}
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	with := r.Digest()
	if with == before {
		t.Fatal("the devices do not change the digest")
	}
	r.Inventory.Devices[0].UUID = gpuUUID(2)
	if r.Digest() == with {
		t.Fatal("another UUID gives the same digest")
	}
	r.Inventory.Devices = nil
	if r.Digest() != before {
		t.Fatal("a registration without devices changed its digest")
	}
}

// A challenge says what its deadline was sized for: the GPUs only of a node asked for some.
func TestChallengeTimedIsBounded(t *testing.T) {
	spec := challenge.Spec{Version: challenge.SpecVersion, Nonce: challenge.Hash{1}, Order: 256, Products: 1, Openings: 16,
		IssuedAt: time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC), Deadline: time.Date(2026, 11, 26, 1, 0, 0, 0, time.UTC)}
	base := Challenge{ID: "c-aaaaaaaaaaaaaaaa", Partition: "gpu", Spec: spec, CPUs: 8, GPUs: 4, GPUType: "h100"}
	for _, timed := range []string{"", TimedCPU, TimedGPU} {
		c := base
		c.Timed = timed
		if err := c.Validate(); err != nil {
			t.Errorf("timed %q: %v", timed, err)
		}
	}
	c := base
	c.Timed = "tpu"
	if err := c.Validate(); err == nil {
		t.Error("timed tpu was accepted")
	}
	c = base
	c.GPUs, c.GPUType, c.Timed = 0, "", TimedGPU
	if err := c.Validate(); err == nil {
		t.Error("a challenge timed on the GPUs of a node asked for none was accepted")
	}
}
