//go:build cgo

package gpukernel

import (
	"context"
	"crypto/rand"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/petagrid/petagrid/pocp/challenge"
)

var issued = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

func testSpec(t *testing.T, order, products, openings int) challenge.Spec {
	t.Helper()
	s := challenge.Spec{Version: challenge.SpecVersion, Order: order, Products: products, Openings: openings, IssuedAt: issued, Deadline: issued.Add(time.Hour)}
	if _, err := rand.Read(s.Nonce[:]); err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	return s
}

// hostEngine is the device code of kernels.h run on the host (hostrun.go), with a plain
// GEMM over the layouts the GPU's cuBLAS call reads: a double of a GPU for the parts that
// need one (the cuBLAS call and the driver), the real code for everything else.
type hostEngine struct {
	label string
	// computed records the products computed whole, rowsAsked the (product, first, count)
	// recomputed, so that tests see how the work was shared.
	computed  []int
	rowsAsked [][3]int
	// corrupt, if set, changes what rows returns, as a faulty GPU would.
	corrupt func(product, first int, c []int32)
}

func (h *hostEngine) name() string { return h.label }

func (h *hostEngine) levelNodes(ctx context.Context, spec challenge.Spec, product, level int) ([]challenge.Hash, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	h.computed = append(h.computed, product)
	c := h.multiply(spec, product, 0, spec.Order)
	nodes, err := hostLeaves(c, uint32(product), 0)
	if err != nil {
		return nil, err
	}
	for l := range level {
		if nodes, err = hostParents(nodes, challenge.EmptyHash(l)); err != nil {
			return nil, err
		}
	}
	return nodes, nil
}

func (h *hostEngine) rows(ctx context.Context, spec challenge.Spec, product, first, count int) ([]int32, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	h.rowsAsked = append(h.rowsAsked, [3]int{product, first, count})
	c := h.multiply(spec, product, first, count)
	if h.corrupt != nil {
		h.corrupt(product, first, c)
	}
	return c, nil
}

// multiply is rows [first, first+count) of A·B from the device code's A rows and B
// transposed: C[i][j] = Σ_k A[i][k]·Bᵀ[j][k], what the GEMM (op T on Bᵀ's column-major
// view, op N on A's) computes.
func (h *hostEngine) multiply(spec challenge.Spec, product, first, count int) []int32 {
	n := spec.Order
	key := challenge.ProductKey(spec.Nonce, uint32(product))
	a := hostGenA(key, n, first, count)
	bt := hostGenBT(key, n)
	c := make([]int32, count*n)
	for i := range count {
		for j := range n {
			var s int32
			ar, br := a[i*n:(i+1)*n], bt[j*n:(j+1)*n]
			for k := range n {
				s += int32(ar[k]) * int32(br[k])
			}
			c[i*n+j] = s
		}
	}
	return c
}

func TestDeviceCodeGeneratesTheReferenceMatrices(t *testing.T) {
	spec := testSpec(t, 256, 2, 16)
	for p := range spec.Products {
		a, b, err := challenge.GenerateMatrices(context.Background(), spec, p)
		if err != nil {
			t.Fatal(err)
		}
		key := challenge.ProductKey(spec.Nonce, uint32(p))
		if got := hostGenA(key, spec.Order, 0, spec.Order); !slices.Equal(got, a) {
			t.Fatalf("product %d: the device code's A differs from the reference", p)
		}
		n := spec.Order
		if got := hostGenA(key, n, 37, 5); !slices.Equal(got, a[37*n:42*n]) {
			t.Fatalf("product %d: rows 37 to 41 of A differ from the reference's", p)
		}
		bt := hostGenBT(key, n)
		for k := range n {
			for j := range n {
				if bt[j*n+k] != b[k*n+j] {
					t.Fatalf("product %d: Bᵀ[%d][%d] = %d, B[%d][%d] = %d", p, j, k, bt[j*n+k], k, j, b[k*n+j])
				}
			}
		}
	}
}

func TestDeviceCodeHashesLikeTheReference(t *testing.T) {
	spec := testSpec(t, 320, 1, 16) // 1,600 chunks: not a power of two, so levels end unpaired
	c, err := challenge.Compute(context.Background(), spec, 0)
	if err != nil {
		t.Fatal(err)
	}
	leaves, err := hostLeaves(c, 7, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i, got := range leaves {
		var ch challenge.Chunk
		copy(ch[:], c[i*challenge.ChunkEntries:])
		if want := challenge.LeafHash(7, uint64(i), ch); got != want {
			t.Fatalf("leaf %d: device %s, reference %s", i, got, want)
		}
	}
	// A block that starts at chunk 100 names its chunks from there.
	block, err := hostLeaves(c[100*challenge.ChunkEntries:110*challenge.ChunkEntries], 7, 100)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(block, leaves[100:110]) {
		t.Fatal("the leaves of a block starting at chunk 100 differ from the whole product's")
	}
	// The levels above, paired with the empty subtree where a level ends unpaired, lead to
	// the reference root.
	tree, err := challenge.Commit(context.Background(), spec, 0, c)
	if err != nil {
		t.Fatal(err)
	}
	leaves, err = hostLeaves(c, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	nodes := leaves
	for l := 0; len(nodes) > 1; l++ {
		if nodes, err = hostParents(nodes, challenge.EmptyHash(l)); err != nil {
			t.Fatal(err)
		}
		if uint64(len(nodes)) != challenge.LevelNodes(spec.Order, l+1) {
			t.Fatalf("level %d: %d nodes, LevelNodes says %d", l+1, len(nodes), challenge.LevelNodes(spec.Order, l+1))
		}
	}
	if nodes[0] != tree.Root() {
		t.Fatalf("root: device code %s, reference %s", nodes[0], tree.Root())
	}
}

func TestSubtreeRowsCoverTheSubtreeInWholeAlignedRows(t *testing.T) {
	for _, tc := range []struct{ order, level int }{{256, 1}, {256, 3}, {320, 5}, {320, 11}, {1024, 9}} {
		chunks := uint64(tc.order) * uint64(tc.order) / challenge.ChunkEntries
		for sub := uint64(0); sub<<uint(tc.level) < chunks; sub++ {
			first, count := subtreeRows(tc.order, tc.level, sub)
			lo := (sub << uint(tc.level)) * challenge.ChunkEntries
			hi := min((sub+1)<<uint(tc.level), chunks) * challenge.ChunkEntries
			if first%rowAlign != 0 || count%rowAlign != 0 || first < 0 || first+count > tc.order || count == 0 {
				t.Fatalf("order %d level %d subtree %d: rows %d+%d not aligned within the matrix", tc.order, tc.level, sub, first, count)
			}
			if uint64(first*tc.order) > lo || uint64((first+count)*tc.order) < hi {
				t.Fatalf("order %d level %d subtree %d: rows %d+%d miss entries %d to %d", tc.order, tc.level, sub, first, count, lo, hi)
			}
		}
	}
}

func TestRunAnswersWhatVerifyAccepts(t *testing.T) {
	spec := testSpec(t, 256, 5, 24)
	// A fixed nonce: whether two of 24 random openings fall close enough to share a
	// recomputation (checked below) depends on the draw, and about 3 draws in 100 give none.
	spec.Nonce = [32]byte{0x6e, 0x65, 0x69, 0x67, 0x68, 0x62, 0x6f, 0x75, 0x72, 0x73}
	engines := []*hostEngine{{label: "gpu0"}, {label: "gpu1"}}
	// 8 KiB of trees: the host keeps them from a level well above the leaves, so every
	// opening is rebuilt from recomputed rows.
	ans, err := run(context.Background(), spec, []engine{engines[0], engines[1]}, 8<<10)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := challenge.Verify(context.Background(), spec, ans, issued.Add(time.Minute)); err != nil {
		t.Fatalf("the answer fails verification: %v", err)
	}
	// The roots are the CPU kernel's.
	for p := range spec.Products {
		c, err := challenge.Compute(context.Background(), spec, p)
		if err != nil {
			t.Fatal(err)
		}
		tree, err := challenge.Commit(context.Background(), spec, p, c)
		if err != nil {
			t.Fatal(err)
		}
		if ans.Roots[p] != tree.Root() {
			t.Fatalf("product %d: root %s, the CPU kernel's %s", p, ans.Roots[p], tree.Root())
		}
	}
	all := append(slices.Clone(engines[0].computed), engines[1].computed...)
	slices.Sort(all)
	if !slices.Equal(all, []int{0, 1, 2, 3, 4}) {
		t.Fatalf("products computed %v: want each of 0 to 4 once", all)
	}
	if len(engines[0].rowsAsked) == 0 {
		t.Fatal("no rows were recomputed for the openings")
	}
	if len(engines[0].rowsAsked) >= spec.Openings {
		t.Fatalf("%d recomputations for %d openings: neighbouring openings should share them", len(engines[0].rowsAsked), spec.Openings)
	}
}

func TestRunRefusesRowsThatDoNotMatchTheCommitment(t *testing.T) {
	spec := testSpec(t, 256, 2, 16)
	faulty := &hostEngine{label: "gpu0", corrupt: func(product, first int, c []int32) { c[len(c)/2]++ }}
	_, err := run(context.Background(), spec, []engine{faulty}, 8<<10)
	if err == nil || !strings.Contains(err.Error(), "do not hash to the committed node") {
		t.Fatalf("a GPU whose recomputed rows differ: %v, want the mismatch with the kept level", err)
	}
}

// shortEngine returns one node too few, as a device code bug at a level's end would.
type shortEngine struct{ hostEngine }

func (s *shortEngine) levelNodes(ctx context.Context, spec challenge.Spec, product, level int) ([]challenge.Hash, error) {
	nodes, err := s.hostEngine.levelNodes(ctx, spec, product, level)
	return nodes[:len(nodes)-1], err
}

func TestRunRefusesALevelOfTheWrongSize(t *testing.T) {
	spec := testSpec(t, 256, 3, 16)
	_, err := run(context.Background(), spec, []engine{&shortEngine{hostEngine{label: "gpu0"}}}, 8<<10)
	if err == nil || !strings.Contains(err.Error(), "nodes, the level has") {
		t.Fatalf("a level one node short: %v", err)
	}
}

func TestRunRefusesWhatItCannotRun(t *testing.T) {
	spec := testSpec(t, 256, 1, 16)
	if _, err := run(context.Background(), spec, nil, 8<<10); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("no engine: %v, want ErrUnavailable", err)
	}
	spec.Nodes = 2
	if _, err := run(context.Background(), spec, []engine{&hostEngine{label: "gpu0"}}, 8<<10); err == nil || !strings.Contains(err.Error(), "PartSpec") {
		t.Fatalf("a spec of two nodes: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	spec.Nodes = 0
	if _, err := run(ctx, spec, []engine{&hostEngine{label: "gpu0"}}, 8<<10); !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled run: %v", err)
	}
}

func TestTreeFromLevelIsTheCommittedTree(t *testing.T) {
	spec := testSpec(t, 320, 1, 16)
	c, err := challenge.Compute(context.Background(), spec, 0)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := challenge.Commit(context.Background(), spec, 0, c)
	if err != nil {
		t.Fatal(err)
	}
	nodes, err := hostLeaves(c, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	for l := 0; l <= challenge.TreeDepth(spec.Order); l++ {
		tree, err := challenge.TreeFromLevel(context.Background(), spec, 0, l, nodes)
		if err != nil {
			t.Fatalf("level %d: %v", l, err)
		}
		if tree.Root() != ref.Root() {
			t.Fatalf("level %d: root %s, want %s", l, tree.Root(), ref.Root())
		}
		for _, chunk := range []uint64{0, 1, 799, 1599} {
			got, err := tree.Path(context.Background(), chunk, challenge.MatrixChunks(spec, [][]int32{c}))
			if err != nil {
				t.Fatalf("level %d chunk %d: %v", l, chunk, err)
			}
			want, err := ref.Path(context.Background(), chunk, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("level %d chunk %d: the path differs from the committed tree's", l, chunk)
			}
		}
		if len(nodes) > 1 {
			if nodes, err = hostParents(nodes, challenge.EmptyHash(l)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := challenge.TreeFromLevel(context.Background(), spec, 0, 2, make([]challenge.Hash, 3)); err == nil {
		t.Fatal("a level of 3 nodes where 400 belong was accepted")
	}
	if _, err := challenge.TreeFromLevel(context.Background(), spec, 0, 99, nil); err == nil {
		t.Fatal("level 99 was accepted")
	}
}
