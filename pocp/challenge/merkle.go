package challenge

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math/bits"
)

// ChunkEntries is the entries of C in one chunk, the unit that is hashed and opened: 64
// consecutive entries of one row (N is a multiple of 64, so a chunk never spans rows).
const ChunkEntries = 64

// Chunk is one chunk's entries in order.
type Chunk [ChunkEntries]int32

// Hash prefixes: leaves, inner nodes and the answer's commitment hash inputs of different
// shapes, and the prefix keeps any one from being read as another.
const (
	prefixLeaf       = 0x00
	prefixNode       = 0x01
	prefixCommitment = 0x02
)

// leafBytes is a leaf hash's input: prefix, uint32 product, uint64 chunk, 64 int32.
const leafBytes = 1 + 4 + 8 + 4*ChunkEntries

// LeafHash is SHA-256(0x00 ‖ uint32 product ‖ uint64 chunk ‖ the 64 values), the integers
// of the header big-endian and the values little-endian int32 (the bytes of an int32
// array in the memory of a little-endian CPU or GPU).
func LeafHash(product uint32, chunk uint64, values Chunk) Hash {
	var buf [leafBytes]byte
	buf[0] = prefixLeaf
	binary.BigEndian.PutUint32(buf[1:], product)
	binary.BigEndian.PutUint64(buf[5:], chunk)
	for i, v := range values {
		binary.LittleEndian.PutUint32(buf[13+4*i:], uint32(v))
	}
	return sha256.Sum256(buf[:])
}

// NodeHash is SHA-256(0x01 ‖ left ‖ right).
func NodeHash(left, right Hash) Hash {
	var buf [1 + 2*len(Hash{})]byte
	buf[0] = prefixNode
	copy(buf[1:], left[:])
	copy(buf[1+len(left):], right[:])
	return sha256.Sum256(buf[:])
}

// TreeDepth is the depth of a product's tree, ⌈log2(N²/64)⌉: the length of every path.
// The tree is the complete binary tree over 2^depth leaf positions; the positions past the
// last chunk hold the empty leaf (32 zero bytes, which no SHA-256 output is known to
// equal), so that every path has the same length whatever N is.
func TreeDepth(order int) int {
	if order <= 0 {
		return 0
	}
	leaves := uint64(order) * uint64(order) / ChunkEntries
	if leaves <= 1 {
		return 0
	}
	return bits.Len64(leaves - 1)
}

// emptyHashes are the roots of empty subtrees: level 0 is the empty leaf, level l+1 the
// node of two empty level-l subtrees.
func emptyHashes(depth int) []Hash {
	e := make([]Hash, depth+1)
	for l := 1; l <= depth; l++ {
		e[l] = NodeHash(e[l-1], e[l-1])
	}
	return e
}

// Tree is one product's Merkle tree over its chunks. Level 0 holds the leaf hashes of the
// N²/64 chunks; level l holds ⌈len(level l−1)/2⌉ nodes, a missing right child being the
// empty subtree; level depth is the root. A pruned tree keeps only the levels from some
// level up, and recomputes what a path needs below it. Path may be called from several
// goroutines at once; Prune must not run beside it.
type Tree struct {
	product uint32
	order   int
	leaves  uint64
	depth   int
	// lowest is the lowest level kept; levels[l-lowest] is level l.
	lowest int
	levels [][]Hash
	empty  []Hash
}

// Commit hashes product p's result c (row-major, N² entries) into its tree, hashing the
// leaves on up to runtime.GOMAXPROCS goroutines and stopping when ctx is done.
func Commit(ctx context.Context, spec Spec, product int, c []int32) (*Tree, error) {
	if err := checkProduct(spec, product); err != nil {
		return nil, err
	}
	n := spec.Order
	if len(c) != n*n {
		return nil, fmt.Errorf("challenge: commit product %d: %d entries, order %d needs %d", product, len(c), n, n*n)
	}
	t := newTree(uint32(product), n)
	leaves := make([]Hash, t.leaves)
	err := parallelFor(ctx, int(t.leaves), 1024, func(lo, hi int) {
		var ch Chunk
		for i := lo; i < hi; i++ {
			copy(ch[:], c[i*ChunkEntries:(i+1)*ChunkEntries])
			leaves[i] = LeafHash(t.product, uint64(i), ch)
		}
	})
	if err != nil {
		return nil, fmt.Errorf("challenge: commit product %d: %w", product, err)
	}
	if err := t.build(ctx, leaves); err != nil {
		return nil, fmt.Errorf("challenge: commit product %d: %w", product, err)
	}
	return t, nil
}

func newTree(product uint32, order int) *Tree {
	depth := TreeDepth(order)
	return &Tree{
		product: product,
		order:   order,
		leaves:  uint64(order) * uint64(order) / ChunkEntries,
		depth:   depth,
		empty:   emptyHashes(depth),
	}
}

// build computes every level above the leaves.
func (t *Tree) build(ctx context.Context, leaves []Hash) error {
	t.lowest = 0
	t.levels = append(t.levels[:0], leaves)
	for l := 1; l <= t.depth; l++ {
		next, err := parentLevel(ctx, t.levels[l-1], t.empty[l-1])
		if err != nil {
			return err
		}
		t.levels = append(t.levels, next)
	}
	return nil
}

// parentLevel hashes a level's pairs; a last node without a sibling is paired with the
// empty subtree of its level.
func parentLevel(ctx context.Context, level []Hash, empty Hash) ([]Hash, error) {
	next := make([]Hash, (len(level)+1)/2)
	err := parallelFor(ctx, len(next), 4096, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			right := empty
			if 2*i+1 < len(level) {
				right = level[2*i+1]
			}
			next[i] = NodeHash(level[2*i], right)
		}
	})
	return next, err
}

// Root is the product's root (zero for a Tree that Commit did not make).
func (t *Tree) Root() Hash {
	if !t.built() {
		return Hash{}
	}
	return t.levels[len(t.levels)-1][0]
}

// built says whether Commit made the tree: the other methods refuse a nil or zero Tree.
func (t *Tree) built() bool {
	return t != nil && len(t.levels) == t.depth-t.lowest+1 && len(t.levels[len(t.levels)-1]) == 1
}

// Product is the product the tree commits (-1 for nil).
func (t *Tree) Product() int {
	if t == nil {
		return -1
	}
	return int(t.product)
}

// Prune drops the levels below keepFrom (0 ≤ keepFrom ≤ depth), so that a job holding
// many products' trees keeps 2·32·N²/64/2^keepFrom bytes per product instead of 2·32·N²/64;
// Path then recomputes the 2^keepFrom chunks under the kept node from a ChunkSource.
func (t *Tree) Prune(keepFrom int) error {
	if !t.built() {
		return fmt.Errorf("challenge: prune: the tree was not made by Commit")
	}
	if keepFrom < 0 || keepFrom > t.depth {
		return fmt.Errorf("challenge: prune product %d: level %d, the tree has levels 0 to %d", t.product, keepFrom, t.depth)
	}
	if keepFrom <= t.lowest {
		return nil
	}
	t.levels = append([][]Hash(nil), t.levels[keepFrom-t.lowest:]...)
	t.lowest = keepFrom
	return nil
}

// ChunkSource gives the values of one chunk of one product. MatrixChunks reads them from
// results held in memory; TrueChunks recomputes them from the generator in O(64·N).
type ChunkSource func(product uint32, chunk uint64, dst *Chunk) error

// Path is the chunk's sibling hashes from the leaf up, TreeDepth(N) of them. On a pruned
// tree the levels below the kept ones are rebuilt from values (which may be nil for a
// tree that was not pruned); ctx is checked between the chunks that takes.
func (t *Tree) Path(ctx context.Context, chunk uint64, values ChunkSource) ([]Hash, error) {
	if !t.built() {
		return nil, fmt.Errorf("challenge: path: the tree was not made by Commit")
	}
	if chunk >= t.leaves {
		return nil, fmt.Errorf("challenge: path of product %d chunk %d: the product has %d chunks", t.product, chunk, t.leaves)
	}
	path := make([]Hash, 0, t.depth)
	idx := chunk
	if t.lowest > 0 {
		sub, err := t.subtreePath(ctx, chunk, values)
		if err != nil {
			return nil, err
		}
		path = append(path, sub...)
		idx >>= uint(t.lowest)
	}
	for l := t.lowest; l < t.depth; l++ {
		level := t.levels[l-t.lowest]
		sib := idx ^ 1
		if sib < uint64(len(level)) {
			path = append(path, level[sib])
		} else {
			path = append(path, t.empty[l])
		}
		idx >>= 1
	}
	return path, nil
}

// subtreePath rebuilds the subtree of 2^lowest leaf positions holding chunk, and gives the
// chunk's path inside it (lowest hashes); it checks that the subtree's root is the kept
// node, so that a source that disagrees with what was committed is caught here.
func (t *Tree) subtreePath(ctx context.Context, chunk uint64, values ChunkSource) ([]Hash, error) {
	if values == nil {
		return nil, fmt.Errorf("challenge: path of product %d chunk %d: the tree is pruned below level %d and no chunk source was given", t.product, chunk, t.lowest)
	}
	width := uint64(1) << uint(t.lowest)
	first := chunk &^ (width - 1)
	level := make([]Hash, 0, width)
	var ch Chunk
	for i := first; i < first+width && i < t.leaves; i++ {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("challenge: path of product %d chunk %d: %w", t.product, chunk, err)
		}
		if err := values(t.product, i, &ch); err != nil {
			return nil, fmt.Errorf("challenge: path of product %d chunk %d: values of chunk %d: %w", t.product, chunk, i, err)
		}
		level = append(level, LeafHash(t.product, i, ch))
	}
	path := make([]Hash, 0, t.lowest)
	idx := chunk - first
	for l := 0; l < t.lowest; l++ {
		sib := idx ^ 1
		if sib < uint64(len(level)) {
			path = append(path, level[sib])
		} else {
			path = append(path, t.empty[l])
		}
		next := make([]Hash, (len(level)+1)/2)
		for i := range next {
			right := t.empty[l]
			if 2*i+1 < len(level) {
				right = level[2*i+1]
			}
			next[i] = NodeHash(level[2*i], right)
		}
		level = next
		idx >>= 1
	}
	if kept := t.levels[0][chunk>>uint(t.lowest)]; level[0] != kept {
		return nil, fmt.Errorf("challenge: path of product %d chunk %d: the chunk source's values do not hash to the committed node at level %d", t.product, chunk, t.lowest)
	}
	return path, nil
}

// RootFromPath is the root that a chunk's values and path lead to: the leaf hash, then at
// each level the node with the sibling on the side the chunk's index bit says.
func RootFromPath(product uint32, chunk uint64, values Chunk, path []Hash) Hash {
	h := LeafHash(product, chunk, values)
	idx := chunk
	for _, sib := range path {
		if idx&1 == 0 {
			h = NodeHash(h, sib)
		} else {
			h = NodeHash(sib, h)
		}
		idx >>= 1
	}
	return h
}

// LevelNodes is how many nodes level l of a product's tree holds: ⌈(N²/64) / 2^l⌉.
func LevelNodes(order, level int) uint64 {
	leaves := uint64(order) * uint64(order) / ChunkEntries
	if level <= 0 {
		return leaves
	}
	if level >= 64 {
		return min(leaves, 1)
	}
	return (leaves + (uint64(1) << uint(level)) - 1) >> uint(level)
}

// EmptyHash is the root of an empty subtree of the level: the empty leaf at level 0, and
// the node of two empty subtrees of the level below above it. A device that builds a
// tree's lower levels pairs a last node without a sibling with it.
func EmptyHash(level int) Hash {
	var e Hash
	for range max(level, 0) {
		e = NodeHash(e, e)
	}
	return e
}

// TreeFromLevel makes product p's tree from the nodes of one of its levels, computed
// elsewhere (a GPU that hashed the leaves and the levels up to it): the levels above are
// hashed here, and the tree is pruned below level, as Prune leaves it. Path then rebuilds
// an opened chunk's subtree from a ChunkSource and checks it against these nodes, so a
// level that does not match the chunks is caught when the answer is opened, not sent.
func TreeFromLevel(ctx context.Context, spec Spec, product, level int, nodes []Hash) (*Tree, error) {
	if err := checkProduct(spec, product); err != nil {
		return nil, err
	}
	t := newTree(uint32(product), spec.Order)
	if level < 0 || level > t.depth {
		return nil, fmt.Errorf("challenge: tree of product %d from level %d: the tree has levels 0 to %d", product, level, t.depth)
	}
	if want := LevelNodes(spec.Order, level); uint64(len(nodes)) != want {
		return nil, fmt.Errorf("challenge: tree of product %d from level %d: %d nodes, the level has %d", product, level, len(nodes), want)
	}
	t.lowest = level
	t.levels = [][]Hash{nodes}
	for l := level + 1; l <= t.depth; l++ {
		next, err := parentLevel(ctx, t.levels[len(t.levels)-1], t.empty[l-1])
		if err != nil {
			return nil, fmt.Errorf("challenge: tree of product %d: %w", product, err)
		}
		t.levels = append(t.levels, next)
	}
	return t, nil
}

// KeptLevel is the lowest tree level at which every product's tree of the spec fits in
// memoryBytes: a full tree of N²/64 leaves takes about 2·32·N²/64 bytes, halved per level
// dropped. A job keeps its trees from there up and rebuilds the rest of an opened path.
func KeptLevel(spec Spec, memoryBytes int64) int {
	depth := TreeDepth(spec.Order)
	full := uint64(spec.Products) * 2 * 32 * (uint64(1) << uint(depth))
	level := 0
	for level < depth && full>>uint(level) > uint64(max(memoryBytes, 0)) {
		level++
	}
	return level
}
