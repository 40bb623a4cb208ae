// Package gpukernel answers a compute challenge on a node's NVIDIA GPUs. Nothing of CUDA
// is needed to build it: at run time it loads the driver (libcuda), NVRTC and cuBLAS with
// dlopen, compiles its device code (kernels.h) for the GPU it finds, and runs each product
// there. The GPU generates A and B from the product's key, multiplies them with cuBLAS's
// int8 GEMM (int32 results, exact: pocp/challenge/doc.go), hashes the 64-entry chunks into
// leaves and the leaves into the tree's levels up to the one the host keeps; only that
// level comes back. The host hashes the levels above it, draws the openings from the roots
// like the CPU kernel, and has the GPU recompute the rows under each opened chunk, whose
// subtree challenge.Tree.Path rebuilds and checks against the kept level: a GPU fault
// between the two computations cannot slip into the answer.
//
// Why the hashing is on the GPU: the commitment hashes every result entry, 4 bytes for
// every 2·N operations, which a GPU node produces far faster than a CPU can hash
// (docs/threat-model.md). Why no build-time dependency: sites run the same binary on
// nodes with and without GPUs, and the CUDA version is the site's.
package gpukernel

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/petagrid/petagrid/pocp/challenge"
)

// ErrUnavailable is a node where the GPU kernel cannot run: a library is missing, or no
// GPU is visible to the process. The caller falls back to the CPU kernel or says so.
var ErrUnavailable = errors.New("GPU kernel unavailable")

// engine is one device's share of the work: a GPU (cudaEngine) or, in the tests, the
// device code run on the host. Its methods may be called from any goroutine, one at a time
// per engine.
type engine interface {
	// name says which device it is, for errors.
	name() string
	// levelNodes computes product whole and returns its tree's nodes at level (≥ 1).
	levelNodes(ctx context.Context, spec challenge.Spec, product, level int) ([]challenge.Hash, error)
	// rows computes rows [first, first+count) of product's C, row-major.
	rows(ctx context.Context, spec challenge.Spec, product, first, count int) ([]int32, error)
}

// minKeptLevel is the lowest level the host keeps: at least one level is rebuilt under
// every opened chunk from rows the GPU recomputes, so every opening is checked against what
// was committed.
const minKeptLevel = 1

// rowAlign rounds the rows recomputed under an opening to multiples of 4, the leading
// dimension cuBLAS's int8 kernels want; N is a multiple of 64, so it never passes N.
const rowAlign = 4

// run answers spec with the engines (at least one): the products are handed out in order
// to the engines as each finishes one, and the trees are kept from the level at which they
// fit in treeMemoryBytes. The devices are the caller's to fill in.
func run(ctx context.Context, spec challenge.Spec, engines []engine, treeMemoryBytes int64) (*challenge.Answer, error) {
	if err := spec.Validate(); err != nil {
		return nil, err
	}
	if spec.NodeCount() > 1 {
		return nil, fmt.Errorf("GPU kernel: the spec holds %d nodes: each node answers its part (challenge.PartSpec)", spec.NodeCount())
	}
	if len(engines) == 0 {
		return nil, fmt.Errorf("GPU kernel: no device to run on: %w", ErrUnavailable)
	}
	level := min(max(challenge.KeptLevel(spec, treeMemoryBytes), minKeptLevel), challenge.TreeDepth(spec.Order))
	trees, err := commitAll(ctx, spec, engines, level)
	if err != nil {
		return nil, err
	}
	src := &rowSource{ctx: ctx, spec: spec, engine: engines[0], level: level}
	ans, err := challenge.Open(ctx, spec, trees, src.chunk)
	if err != nil {
		return nil, fmt.Errorf("GPU kernel: %w", err)
	}
	return ans, nil
}

// commitAll computes every product on the engines and makes its tree from the level the
// engine returns.
func commitAll(ctx context.Context, spec challenge.Spec, engines []engine, level int) ([]*challenge.Tree, error) {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	trees := make([]*challenge.Tree, spec.Products)
	products := make(chan int)
	var wg sync.WaitGroup
	for _, e := range engines {
		wg.Go(func() {
			for p := range products {
				nodes, err := e.levelNodes(ctx, spec, p, level)
				if err == nil {
					trees[p], err = challenge.TreeFromLevel(ctx, spec, p, level, nodes)
				}
				if err != nil {
					cancel(fmt.Errorf("GPU kernel: product %d on %s: %w", p, e.name(), err))
					return
				}
			}
		})
	}
feed:
	for p := range spec.Products {
		select {
		case products <- p:
		case <-ctx.Done():
			break feed
		}
	}
	close(products)
	wg.Wait()
	if err := context.Cause(ctx); err != nil {
		return nil, err
	}
	return trees, nil
}

// rowSource gives challenge.Open the chunks it asks for: the opened chunk, then every
// chunk of the subtree under the kept node above it. Open asks in order of product and
// chunk, so the rows of one subtree are recomputed once and kept until the next is asked.
type rowSource struct {
	ctx    context.Context
	spec   challenge.Spec
	engine engine
	level  int

	product uint32
	subtree uint64
	first   int // the first row held
	held    []int32
}

func (s *rowSource) chunk(product uint32, chunk uint64, dst *challenge.Chunk) error {
	if dst == nil {
		return fmt.Errorf("GPU kernel: product %d chunk %d: no chunk to write to", product, chunk)
	}
	if chunk >= s.spec.ChunksPerProduct() || int(product) >= s.spec.Products {
		return fmt.Errorf("GPU kernel: product %d chunk %d is not in the challenge", product, chunk)
	}
	subtree := chunk >> uint(s.level)
	if s.held == nil || s.product != product || s.subtree != subtree {
		first, count := subtreeRows(s.spec.Order, s.level, subtree)
		rows, err := s.engine.rows(s.ctx, s.spec, int(product), first, count)
		if err != nil {
			return fmt.Errorf("GPU kernel: recomputing rows %d to %d of product %d on %s: %w", first, first+count-1, product, s.engine.name(), err)
		}
		if len(rows) != count*s.spec.Order {
			return fmt.Errorf("GPU kernel: %s gave %d entries for %d rows of order %d", s.engine.name(), len(rows), count, s.spec.Order)
		}
		s.product, s.subtree, s.first, s.held = product, subtree, first, rows
	}
	at := chunk*challenge.ChunkEntries - uint64(s.first)*uint64(s.spec.Order)
	copy(dst[:], s.held[at:at+challenge.ChunkEntries])
	return nil
}

// subtreeRows are the rows of C that hold the chunks under one node of the level, widened
// to multiples of rowAlign.
func subtreeRows(order, level int, subtree uint64) (first, count int) {
	width := uint64(1) << uint(level)
	firstChunk := subtree * width
	endChunk := min(firstChunk+width, uint64(order)*uint64(order)/challenge.ChunkEntries)
	n := uint64(order)
	lo := firstChunk * challenge.ChunkEntries / n
	hi := (endChunk*challenge.ChunkEntries + n - 1) / n
	lo -= lo % rowAlign
	hi = min((hi+rowAlign-1)/rowAlign*rowAlign, n)
	return int(lo), int(hi - lo)
}
