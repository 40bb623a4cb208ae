//go:build linux && cgo

package gpukernel

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/petagrid/petagrid/pocp/challenge"
)

// requireGPU makes a missing GPU or library a failure rather than a skip: set where a GPU
// is known to be (PETAGRID_REQUIRE_GPU=1), so that a broken install is not read as "no GPU".
func requireGPU() bool { return os.Getenv("PETAGRID_REQUIRE_GPU") == "1" }

// TestDeviceCodeCompilesWithNVRTC compiles kernels.h as CUDA C++ with the vendor's
// compiler, for Turing (the oldest NVRTC 13 still targets) and Ampere: no GPU is needed,
// only NVRTC (the CI installs Debian's libnvrtc).
func TestDeviceCodeCompilesWithNVRTC(t *testing.T) {
	for _, arch := range []string{"compute_75", "compute_80"} {
		ptx, err := compileWithNVRTC("--gpu-architecture=" + arch)
		if errors.Is(err, ErrUnavailable) && os.Getenv("PETAGRID_REQUIRE_NVRTC") != "1" && !requireGPU() {
			t.Skipf("NVRTC is not installed here (PETAGRID_REQUIRE_NVRTC=1 makes this a failure): %v", err)
		}
		if err != nil {
			t.Fatalf("%s: %v", arch, err)
		}
		for _, kernel := range []string{"pg_gen_a_kernel", "pg_gen_bt_kernel", "pg_leaf_kernel", "pg_node_kernel"} {
			if !strings.Contains(ptx, ".entry "+kernel) {
				t.Fatalf("%s: the PTX has no entry %s", arch, kernel)
			}
		}
	}
	if _, err := compileWithNVRTC("--gpu-architecture=compute_1"); err == nil || !strings.Contains(err.Error(), "nvrtcCompileProgram") {
		t.Fatalf("an unknown architecture: %v, want NVRTC's refusal", err)
	}
}

// TestTheGPUKernelOnThisNode runs a challenge on this node's GPUs and verifies it, where
// the node has them; elsewhere it checks that Open says why not.
func TestTheGPUKernelOnThisNode(t *testing.T) {
	ctx := context.Background()
	k, err := Open(ctx)
	if errors.Is(err, ErrUnavailable) && !requireGPU() {
		if !strings.Contains(err.Error(), "not found") && !strings.Contains(err.Error(), "CUDA") {
			t.Fatalf("Open without a GPU: %v: it should say what is missing", err)
		}
		t.Skipf("no GPU kernel on this node (PETAGRID_REQUIRE_GPU=1 makes this a failure): %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := k.Close(); err != nil {
			t.Error(err)
		}
	}()
	t.Logf("GPUs: %v", k.Devices())
	for _, tc := range []struct{ order, products, openings int }{{256, 3, 64}, {1024, 4, 64}, {4096, 2, 128}} {
		spec := testSpec(t, tc.order, tc.products, tc.openings)
		started := time.Now()
		ans, err := k.Run(ctx, spec, 1<<20)
		if err != nil {
			t.Fatalf("order %d: %v", tc.order, err)
		}
		took := time.Since(started)
		if _, err := challenge.Verify(ctx, spec, ans, issued.Add(time.Minute)); err != nil {
			t.Fatalf("order %d: the GPU's answer fails verification: %v", tc.order, err)
		}
		c, err := challenge.Compute(ctx, spec, 0)
		if err != nil {
			t.Fatal(err)
		}
		tree, err := challenge.Commit(ctx, spec, 0, c)
		if err != nil {
			t.Fatal(err)
		}
		if ans.Roots[0] != tree.Root() {
			t.Fatalf("order %d: product 0's root %s, the CPU kernel's %s", tc.order, ans.Roots[0], tree.Root())
		}
		t.Logf("order %d, %d products: answered and verified in %s", tc.order, tc.products, took)
	}
}
