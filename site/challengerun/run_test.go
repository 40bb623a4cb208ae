package challengerun

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/NVIDIA/go-nvml/pkg/nvml"

	"github.com/petagrid/petagrid/pocp/challenge"
	"github.com/petagrid/petagrid/site/challengerun/gpukernel"
	nvmldouble "github.com/petagrid/petagrid/test/doubles/nvml"
)

var issued = time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)

func testSpec(t *testing.T, order, products int) challenge.Spec {
	t.Helper()
	s := challenge.Spec{Version: challenge.SpecVersion, Order: order, Products: products, Openings: 32, IssuedAt: issued, Deadline: issued.Add(time.Hour)}
	if _, err := rand.Read(s.Nonce[:]); err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	return s
}

func fixedDevices(context.Context) ([]challenge.Device, error) {
	return []challenge.Device{{Kind: "cpu", Model: "test CPU", Cores: 2}}, nil
}

func at(t time.Time) func() time.Time { return func() time.Time { return t } }

// An answer made with the trees pruned to a sliver of memory is the same answer, and it
// verifies.
func TestRunAnswersAndVerifies(t *testing.T) {
	spec := testSpec(t, 320, 3)
	ctx := context.Background()
	whole, err := Run(ctx, spec, Options{Devices: fixedDevices, Now: at(issued.Add(time.Minute))})
	if err != nil {
		t.Fatal(err)
	}
	if challenge.KeptLevel(spec, DefaultTreeMemoryBytes) != 0 {
		t.Fatal("a small spec's trees should be kept whole")
	}
	pruned, err := Run(ctx, spec, Options{Devices: fixedDevices, Now: at(issued.Add(time.Minute)), TreeMemoryBytes: 4 << 10})
	if err != nil {
		t.Fatal(err)
	}
	if challenge.KeptLevel(spec, 4<<10) == 0 {
		t.Fatal("4 KiB should force pruning")
	}
	a, _ := whole.Encode()
	b, _ := pruned.Encode()
	if !bytes.Equal(a, b) {
		t.Fatal("the pruned run's answer differs")
	}
	path := filepath.Join(t.TempDir(), "answer.json")
	if err := WriteAnswer(path, pruned); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ans, err := challenge.ParseAnswer(data, spec)
	if err != nil {
		t.Fatal(err)
	}
	res, err := challenge.Verify(ctx, spec, ans, issued.Add(2*time.Minute))
	if err != nil {
		t.Fatalf("the gateway refuses the answer: %v", err)
	}
	if res.EntriesChecked == 0 || len(ans.Devices) != 1 || ans.Devices[0].Model != "test CPU" {
		t.Fatalf("result %+v, devices %+v", res, ans.Devices)
	}
}

func TestRunStopsAtTheDeadline(t *testing.T) {
	spec := testSpec(t, 256, 1)
	if _, err := Run(context.Background(), spec, Options{Devices: fixedDevices, Now: at(spec.Deadline)}); err == nil || !strings.Contains(err.Error(), "deadline") {
		t.Fatalf("a run after the deadline: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, spec, Options{Devices: fixedDevices, Now: at(issued)}); err == nil {
		t.Fatal("a cancelled run answered")
	}
	if _, err := Run(context.Background(), spec, Options{Now: at(issued)}); err == nil {
		t.Fatal("a run that cannot name its devices answered")
	}
}

func TestReadSpecBounds(t *testing.T) {
	dir := t.TempDir()
	spec := testSpec(t, 256, 1)
	data, err := spec.Encode()
	if err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(dir, "spec.json")
	if err := os.WriteFile(good, data, 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := ReadSpec(good)
	if err != nil || got.Nonce != spec.Nonce {
		t.Fatalf("reading a spec: %+v %v", got, err)
	}
	big := filepath.Join(dir, "big.json")
	if err := os.WriteFile(big, append(data, bytes.Repeat([]byte(" "), challenge.MaxSpecBytes)...), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadSpec(big); err == nil || !strings.Contains(err.Error(), "bytes") {
		t.Fatalf("an oversized spec: %v", err)
	}
	if _, err := ReadSpec(filepath.Join(dir, "missing.json")); err == nil {
		t.Fatal("a missing spec was read")
	}
}

func TestLocalDevices(t *testing.T) {
	dir := t.TempDir()
	info := filepath.Join(dir, "cpuinfo")
	text := "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC 7B13 64-Core Processor\x07\nprocessor\t: 1\nmodel name\t: ignored\n"
	if err := os.WriteFile(info, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	m := nvmldouble.New(t)
	devs, err := LocalDevices(info, m)(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(devs) != 9 || devs[0].Kind != "cpu" || devs[0].Model != "AMD EPYC 7B13 64-Core Processor" || devs[0].Cores == 0 || devs[1].UUID != m.GPUs[0].UUID {
		t.Fatalf("devices: %+v", devs)
	}
	// Without NVML the node has no GPU to name.
	off := nvmldouble.New(t)
	off.FailInit(nvml.ERROR_DRIVER_NOT_LOADED)
	if devs, err := LocalDevices(info, off)(context.Background()); err != nil || len(devs) != 1 {
		t.Fatalf("without NVML: %+v %v", devs, err)
	}
	// A GPU NVML cannot name fails the run.
	lost := nvmldouble.New(t)
	lost.GPUs[2].FailNext(nvmldouble.GetUUID, nvml.ERROR_GPU_IS_LOST, 1)
	if _, err := LocalDevices(info, lost)(context.Background()); err == nil {
		t.Fatal("a GPU without its UUID was left out silently")
	}
	// A cpuinfo without a model name names the CPU by its cores.
	bare := filepath.Join(dir, "bare")
	if err := os.WriteFile(bare, []byte("processor\t: 0\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if d, err := CPUDevice(bare); err != nil || d.Model != "" || d.Cores == 0 {
		t.Fatalf("cpuinfo without a model: %+v %v", d, err)
	}
}

// gpuDouble stands in for the GPU kernel (no GPU here): it checks the spec it is given is
// the run's, answers with the CPU kernel, and records that it was closed.
type gpuDouble struct {
	t      *testing.T
	want   challenge.Spec
	ran    bool
	closed bool
	// fail, if set, is what Run fails with, as a GPU that fails mid-run.
	fail error
}

func (g *gpuDouble) Devices() []string { return []string{"00000000:3B:00.0"} }

func (g *gpuDouble) Run(ctx context.Context, spec challenge.Spec, treeMemoryBytes int64) (*challenge.Answer, error) {
	if spec != g.want || treeMemoryBytes != DefaultTreeMemoryBytes {
		g.t.Errorf("the GPU kernel was given %+v and %d bytes, want %+v and %d", spec, treeMemoryBytes, g.want, DefaultTreeMemoryBytes)
	}
	g.ran = true
	if g.fail != nil {
		return nil, g.fail
	}
	ans, err := Run(ctx, spec, Options{Devices: fixedDevices, Now: at(issued.Add(time.Minute)), Kernel: KernelCPU})
	if err != nil {
		return nil, err
	}
	ans.Devices = nil
	return ans, nil
}

func (g *gpuDouble) Close() error { g.closed = true; return nil }

func TestRunPicksTheKernel(t *testing.T) {
	spec := testSpec(t, 256, 2)
	ctx := context.Background()
	unavailable := func(context.Context) (GPUKernel, error) {
		return nil, fmt.Errorf("%w: libcuda.so.1 not found", gpukernel.ErrUnavailable)
	}
	var notes []string
	note := func(format string, args ...any) { notes = append(notes, fmt.Sprintf(format, args...)) }

	// auto without a GPU: the CPU, and the note says why.
	ans, err := Run(ctx, spec, Options{Devices: fixedDevices, Now: at(issued.Add(time.Minute)), OpenGPU: unavailable, Notes: note})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := challenge.Verify(ctx, spec, ans, issued.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "kernel: cpu") || !strings.Contains(notes[0], "libcuda.so.1 not found") {
		t.Fatalf("notes %q: want the fallback to the CPU and its reason", notes)
	}
	// gpu without a GPU: an error that says what is missing.
	if _, err := Run(ctx, spec, Options{Devices: fixedDevices, Now: at(issued.Add(time.Minute)), OpenGPU: unavailable, Kernel: KernelGPU}); err == nil || !strings.Contains(err.Error(), "libcuda.so.1 not found") {
		t.Fatalf("kernel gpu without a GPU: %v", err)
	}
	// Any other failure to start the GPUs falls back too in auto (the deadline was sized
	// for the CPU), and fails with gpu.
	broken := func(context.Context) (GPUKernel, error) {
		return nil, errors.New("cuModuleLoadData: unsupported PTX version")
	}
	notes = nil
	if _, err := Run(ctx, spec, Options{Devices: fixedDevices, Now: at(issued.Add(time.Minute)), OpenGPU: broken, Notes: note}); err != nil || len(notes) != 1 || !strings.Contains(notes[0], "PTX") {
		t.Fatalf("auto with a broken GPU setup: %v, notes %q", err, notes)
	}
	if _, err := Run(ctx, spec, Options{Devices: fixedDevices, Now: at(issued.Add(time.Minute)), OpenGPU: broken, Kernel: KernelGPU}); err == nil || !strings.Contains(err.Error(), "PTX") {
		t.Fatalf("gpu with a broken GPU setup: %v", err)
	}
	// A GPU kernel that fails while it runs: the CPU answers in auto, nothing with gpu.
	failing := &gpuDouble{t: t, want: spec, fail: errors.New("cublasGemmEx: status 7")}
	notes = nil
	if _, err := Run(ctx, spec, Options{Devices: fixedDevices, Now: at(issued.Add(time.Minute)), Notes: note, OpenGPU: func(context.Context) (GPUKernel, error) { return failing, nil }}); err != nil ||
		!failing.closed || len(notes) != 2 || !strings.Contains(notes[1], "status 7") {
		t.Fatalf("auto with a failing GPU kernel: %v, closed %v, notes %q", err, failing.closed, notes)
	}
	if _, err := Run(ctx, spec, Options{Devices: fixedDevices, Now: at(issued.Add(time.Minute)), Kernel: KernelGPU, OpenGPU: func(context.Context) (GPUKernel, error) { return failing, nil }}); err == nil {
		t.Fatal("gpu with a failing GPU kernel answered")
	}
	// cpu never opens the GPUs.
	if _, err := Run(ctx, spec, Options{Devices: fixedDevices, Now: at(issued.Add(time.Minute)), Kernel: KernelCPU, OpenGPU: func(context.Context) (GPUKernel, error) {
		t.Fatal("kernel cpu opened the GPUs")
		return nil, nil
	}}); err != nil {
		t.Fatal(err)
	}
	// With a GPU: its answer, the run's devices, closed after.
	gpu := &gpuDouble{t: t, want: spec}
	notes = nil
	got, err := Run(ctx, spec, Options{Devices: fixedDevices, Now: at(issued.Add(time.Minute)), Notes: note, OpenGPU: func(context.Context) (GPUKernel, error) { return gpu, nil }})
	if err != nil {
		t.Fatal(err)
	}
	if !gpu.ran || !gpu.closed {
		t.Fatalf("the GPU kernel ran %v, closed %v", gpu.ran, gpu.closed)
	}
	if len(got.Devices) != 1 || got.Devices[0].Model != "test CPU" || len(notes) != 1 || !strings.Contains(notes[0], "kernel: gpu (00000000:3B:00.0)") {
		t.Fatalf("devices %+v, notes %q", got.Devices, notes)
	}
	if _, err := Run(ctx, spec, Options{Devices: fixedDevices, Now: at(issued.Add(time.Minute)), Kernel: "cuda"}); err == nil {
		t.Fatal("an unknown kernel was accepted")
	}
}
