// Package challengerun runs a compute challenge where the gateway's job lands: it reads the
// spec, computes every product on the node's GPUs (gpukernel) or with pocp/challenge's CPU
// kernel, commits, opens the drawn chunks, names the devices it ran on (the CPU, and each
// GPU NVML sees) and writes the answer. `petagrid challenge run` is its command line; the gateway checks the answer with
// challenge.Verify.
package challengerun

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/NVIDIA/go-nvml/pkg/nvml"

	"github.com/petagrid/petagrid/accounting/gpu"
	"github.com/petagrid/petagrid/internal/atomicfile"
	"github.com/petagrid/petagrid/pocp/challenge"
	"github.com/petagrid/petagrid/site/challengerun/gpukernel"
)

// DefaultTreeMemoryBytes bounds the Merkle trees a job keeps while it computes the other
// products: the trees are pruned to fit, and the paths rebuilt from recomputed chunks.
const DefaultTreeMemoryBytes = 256 << 20

// Options are what a run needs from its surroundings.
type Options struct {
	// Devices names the devices the job runs on (LocalDevices; a test's own list).
	Devices func(ctx context.Context) ([]challenge.Device, error)
	// Now is the clock (UTC); a run whose deadline has passed computes nothing.
	Now func() time.Time
	// TreeMemoryBytes bounds the kept trees (default DefaultTreeMemoryBytes).
	TreeMemoryBytes int64
	// Kernel says where the products are computed: KernelAuto (the default) on the GPUs
	// where the GPU kernel can run and on the CPU otherwise, KernelGPU on the GPUs or not
	// at all, KernelCPU on the CPU.
	Kernel string
	// OpenGPU starts the GPU kernel (default gpukernel.Open).
	OpenGPU func(ctx context.Context) (GPUKernel, error)
	// Notes, if set, is told which kernel ran and why (a fallback to the CPU, say).
	Notes func(format string, args ...any)
}

// The kernels a run may use.
const (
	KernelAuto = "auto"
	KernelGPU  = "gpu"
	KernelCPU  = "cpu"
)

// CheckKernel refuses a kernel name a run does not take; empty is KernelAuto.
func CheckKernel(name string) error {
	switch name {
	case "", KernelAuto, KernelGPU, KernelCPU:
		return nil
	}
	return fmt.Errorf("kernel %q: want %s, %s or %s", name, KernelAuto, KernelGPU, KernelCPU)
}

// GPUKernel is the GPU kernel as a run uses it (gpukernel.Kernel).
type GPUKernel interface {
	Devices() []string
	Run(ctx context.Context, spec challenge.Spec, treeMemoryBytes int64) (*challenge.Answer, error)
	Close() error
}

func openGPUKernel(ctx context.Context) (GPUKernel, error) {
	k, err := gpukernel.Open(ctx)
	if err != nil {
		return nil, err
	}
	return k, nil
}

// Run computes the answer to spec. It stops at the spec's deadline: an answer after it
// counts for nothing, and the job's node is better given back.
func Run(ctx context.Context, spec challenge.Spec, opts Options) (*challenge.Answer, error) {
	if err := spec.Validate(); err != nil {
		return nil, err
	}
	if opts.Now == nil {
		opts.Now = func() time.Time { return time.Now().UTC() }
	}
	if opts.TreeMemoryBytes <= 0 {
		opts.TreeMemoryBytes = DefaultTreeMemoryBytes
	}
	if opts.Devices == nil {
		return nil, errors.New("challenge run: no way to name the devices")
	}
	if opts.OpenGPU == nil {
		opts.OpenGPU = openGPUKernel
	}
	if opts.Notes == nil {
		opts.Notes = func(string, ...any) {}
	}
	if err := CheckKernel(opts.Kernel); err != nil {
		return nil, fmt.Errorf("challenge run: %w", err)
	}
	opts.Kernel = cmp.Or(opts.Kernel, KernelAuto)
	now := opts.Now()
	if !now.Before(spec.Deadline) {
		return nil, fmt.Errorf("challenge run: the deadline %s has passed (now %s): nothing computed", spec.Deadline.Format(time.RFC3339), now.Format(time.RFC3339))
	}
	// The time left by opts.Now's clock (the same as the wall clock's outside tests).
	ctx, cancel := context.WithTimeout(ctx, spec.Deadline.Sub(now))
	defer cancel()
	devices, err := opts.Devices(ctx)
	if err != nil {
		return nil, fmt.Errorf("challenge run: naming the devices: %w", err)
	}
	var ans *challenge.Answer
	gpu, err := pickKernel(ctx, opts)
	if err != nil {
		return nil, err
	}
	if gpu != nil {
		ans, err = runOnGPU(ctx, spec, gpu, opts)
		if err != nil && opts.Kernel == KernelAuto && ctx.Err() == nil {
			// In auto the deadline was not sized for the GPUs: the CPU may still make it.
			opts.Notes("kernel: cpu (the GPU kernel failed: %v)", err)
			ans, err = runOnCPU(ctx, spec, opts)
		}
	} else {
		ans, err = runOnCPU(ctx, spec, opts)
	}
	if err != nil {
		return nil, err
	}
	ans.Devices = devices
	if err := ans.CheckShape(spec); err != nil {
		return nil, fmt.Errorf("challenge run: the answer made here is malformed: %w", err)
	}
	return ans, nil
}

// pickKernel opens the GPU kernel unless the CPU's is asked for; nil is the CPU's. In auto
// any failure to open it falls back to the CPU (a node without CUDA, or whose driver,
// NVRTC or GPU will not take the device code): the gateway sized such a challenge for the
// CPU part. With gpu it is an error, since the deadline was sized for the GPUs.
func pickKernel(ctx context.Context, opts Options) (GPUKernel, error) {
	if opts.Kernel == KernelCPU {
		opts.Notes("kernel: cpu (as asked)")
		return nil, nil
	}
	k, err := opts.OpenGPU(ctx)
	switch {
	case err == nil:
		return k, nil
	case opts.Kernel == KernelAuto && ctx.Err() == nil:
		opts.Notes("kernel: cpu (%v)", err)
		return nil, nil
	default:
		return nil, fmt.Errorf("challenge run: the GPU kernel: %w", err)
	}
}

func runOnGPU(ctx context.Context, spec challenge.Spec, k GPUKernel, opts Options) (*challenge.Answer, error) {
	defer func() {
		if err := k.Close(); err != nil {
			opts.Notes("%v", err)
		}
	}()
	opts.Notes("kernel: gpu (%s)", strings.Join(k.Devices(), ", "))
	ans, err := k.Run(ctx, spec, opts.TreeMemoryBytes)
	if err != nil {
		return nil, fmt.Errorf("challenge run: %w", err)
	}
	return ans, nil
}

func runOnCPU(ctx context.Context, spec challenge.Spec, opts Options) (*challenge.Answer, error) {
	keep := challenge.KeptLevel(spec, opts.TreeMemoryBytes)
	trees := make([]*challenge.Tree, spec.Products)
	for p := range spec.Products {
		c, err := challenge.Compute(ctx, spec, p)
		if err != nil {
			return nil, fmt.Errorf("challenge run: product %d: %w", p, err)
		}
		t, err := challenge.Commit(ctx, spec, p, c)
		if err != nil {
			return nil, fmt.Errorf("challenge run: product %d: %w", p, err)
		}
		if err := t.Prune(keep); err != nil {
			return nil, err
		}
		trees[p] = t
	}
	// The results are gone: opened chunks and the pruned subtrees under them are recomputed
	// (64·N multiply-adds a chunk), and Open checks each rebuilt subtree against its kept
	// node, so a kernel fault between the two computations cannot slip into the answer.
	ans, err := challenge.Open(ctx, spec, trees, challenge.TrueChunks(spec))
	if err != nil {
		return nil, fmt.Errorf("challenge run: %w", err)
	}
	return ans, nil
}

// ReadSpec reads a spec file, refusing one larger than challenge.MaxSpecBytes before it is
// read whole.
func ReadSpec(path string) (challenge.Spec, error) {
	data, err := readFileUpTo(path, challenge.MaxSpecBytes)
	if err != nil {
		return challenge.Spec{}, fmt.Errorf("challenge spec: %w", err)
	}
	spec, err := challenge.ParseSpec(data)
	if err != nil {
		return challenge.Spec{}, fmt.Errorf("%s: %w", path, err)
	}
	return spec, nil
}

// ReadAnswers reads and parses an answer file for spec (one answer per node, in part
// order), refusing one larger than the spec allows before it is read whole.
func ReadAnswers(path string, spec challenge.Spec) ([]*challenge.Answer, error) {
	data, err := readFileUpTo(path, challenge.MaxAnswerBytes(spec))
	if err != nil {
		return nil, fmt.Errorf("challenge answer: %w", err)
	}
	parts, err := challenge.ParseAnswers(data, spec)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return parts, nil
}

// readFileUpTo reads a file of at most limit bytes; one more is the parser's to refuse, so
// that the error says the file is too large rather than cut.
func readFileUpTo(path string, limit int) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, int64(limit)+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return data, nil
}

// WriteAnswer writes the answer atomically: the site reads it once the job ends, and a
// half-written answer must never be read as a wrong one.
func WriteAnswer(path string, ans *challenge.Answer) error {
	data, err := ans.Encode()
	if err != nil {
		return err
	}
	return atomicfile.Write(path, data, 0o644)
}

// LocalDevices names this node's devices: the CPU (its model from cpuinfo, the cores this
// process may use) and each GPU NVML sees (lib nil: nvml.New()). A node where NVML cannot
// start has no GPU to name; any other NVML failure is an error, since a GPU left out of the
// answer is one the site could later claim without having been seen.
func LocalDevices(cpuinfo string, lib nvml.Interface) func(context.Context) ([]challenge.Device, error) {
	return func(context.Context) ([]challenge.Device, error) {
		cpu, err := CPUDevice(cpuinfo)
		if err != nil {
			return nil, err
		}
		if lib == nil {
			lib = nvml.New()
		}
		gpus, err := gpu.Identities(lib)
		if errors.Is(err, gpu.ErrUnavailable) {
			return []challenge.Device{cpu}, nil
		}
		if err != nil {
			return nil, err
		}
		return append([]challenge.Device{cpu}, gpus...), nil
	}
}

// maxCPUInfoBytes bounds the cpuinfo read: a few KiB per CPU on the largest machines.
const maxCPUInfoBytes = 4 << 20

// CPUDevice names the CPU from cpuinfo (Linux's /proc/cpuinfo format): its first "model
// name", and the cores the Go runtime may use here (what the job's cgroup and affinity
// give it, not the machine's).
func CPUDevice(cpuinfo string) (challenge.Device, error) {
	d := challenge.Device{Kind: "cpu", Cores: uint32(min(runtime.NumCPU(), challenge.MaxDeviceCores))}
	f, err := os.Open(cpuinfo)
	if err != nil {
		return d, fmt.Errorf("reading the CPU model: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(io.LimitReader(f, maxCPUInfoBytes))
	for sc.Scan() {
		key, value, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(key) == "model name" {
			d.Model = clean(value)
			return d, nil
		}
	}
	if err := sc.Err(); err != nil {
		return d, fmt.Errorf("reading the CPU model from %s: %w", cpuinfo, err)
	}
	// Some architectures print no model name: the CPU is then named by its cores alone.
	return d, nil
}

// clean keeps printable ASCII and bounds the length as challenge.Device's checks do.
func clean(s string) string {
	var b strings.Builder
	for _, r := range strings.TrimSpace(s) {
		if r >= 0x20 && r < 0x7f && b.Len() < challenge.MaxDeviceFieldBytes {
			b.WriteRune(r)
		}
	}
	return b.String()
}
