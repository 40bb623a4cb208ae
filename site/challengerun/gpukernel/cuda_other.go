//go:build !(linux && cgo)

package gpukernel

import (
	"context"
	"fmt"

	"github.com/petagrid/petagrid/pocp/challenge"
)

// Kernel is the GPU kernel; this build (not Linux, or without cgo) cannot load CUDA.
type Kernel struct{}

// Open says that this build has no GPU kernel.
func Open(context.Context) (*Kernel, error) {
	return nil, fmt.Errorf("%w: this build has no cgo or is not for Linux", ErrUnavailable)
}

// Devices is empty.
func (k *Kernel) Devices() []string { return nil }

// Run refuses.
func (k *Kernel) Run(context.Context, challenge.Spec, int64) (*challenge.Answer, error) {
	return nil, ErrUnavailable
}

// Close does nothing.
func (k *Kernel) Close() error { return nil }
