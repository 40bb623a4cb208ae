package challenge

import (
	"context"
	"testing"
)

func TestTreeDepth(t *testing.T) {
	for _, tc := range []struct{ order, depth int }{
		{256, 10}, {320, 11}, {384, 12}, {512, 12}, {1024, 14}, {1088, 15}, {16384, 22}, {16320, 22},
	} {
		if got := TreeDepth(tc.order); got != tc.depth {
			t.Errorf("TreeDepth(%d) = %d, want %d", tc.order, got, tc.depth)
		}
	}
}

// referenceRoot is the tree's definition written out directly: 2^depth leaf positions,
// the chunks' leaf hashes first and 32 zero bytes after them, hashed pairwise to the top.
func referenceRoot(product uint32, c []int32, depth int) Hash {
	level := make([]Hash, 1<<depth)
	for i := range len(c) / ChunkEntries {
		ch := Chunk(c[i*ChunkEntries : (i+1)*ChunkEntries])
		level[i] = LeafHash(product, uint64(i), ch)
	}
	for len(level) > 1 {
		next := make([]Hash, len(level)/2)
		for i := range next {
			next[i] = NodeHash(level[2*i], level[2*i+1])
		}
		level = next
	}
	return level[0]
}

// Every chunk's path leads to the root, for a power of two of chunks and for counts that
// are not (1,600 and 2,304 chunks); a pruned tree gives the same paths, rebuilding the
// lower levels from the results or from the generator.
func TestTreePaths(t *testing.T) {
	for _, order := range []int{256, 320, 384} {
		spec := testSpec(order, 2, 16)
		c, err := Compute(context.Background(), spec, 1)
		if err != nil {
			t.Fatal(err)
		}
		tree, err := Commit(context.Background(), spec, 1, c)
		if err != nil {
			t.Fatal(err)
		}
		depth := TreeDepth(order)
		if ref := referenceRoot(1, c, depth); tree.Root() != ref {
			t.Fatalf("order %d: root %s, the definition gives %s", order, tree.Root(), ref)
		}
		results := [][]int32{nil, c}
		pruned, err := Commit(context.Background(), spec, 1, c)
		if err != nil {
			t.Fatal(err)
		}
		if err := pruned.Prune(4); err != nil {
			t.Fatal(err)
		}
		for chunk := range spec.ChunksPerProduct() {
			ch := Chunk(c[chunk*ChunkEntries : (chunk+1)*ChunkEntries])
			path, err := tree.Path(context.Background(), chunk, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(path) != depth || RootFromPath(1, chunk, ch, path) != tree.Root() {
				t.Fatalf("order %d chunk %d: a path of %d hashes that does not lead to the root", order, chunk, len(path))
			}
			if RootFromPath(0, chunk, ch, path) == tree.Root() {
				t.Fatalf("order %d chunk %d: the path also proves the chunk for product 0", order, chunk)
			}
			if chunk%97 != 0 && chunk != spec.ChunksPerProduct()-1 {
				continue
			}
			for name, src := range map[string]ChunkSource{"results": MatrixChunks(spec, results), "generator": TrueChunks(spec)} {
				pp, err := pruned.Path(context.Background(), chunk, src)
				if err != nil {
					t.Fatalf("order %d chunk %d, pruned, from the %s: %v", order, chunk, name, err)
				}
				for l := range path {
					if pp[l] != path[l] {
						t.Fatalf("order %d chunk %d, pruned, from the %s: level %d differs", order, chunk, name, l)
					}
				}
			}
		}
		if _, err := tree.Path(context.Background(), spec.ChunksPerProduct(), nil); err == nil {
			t.Fatalf("order %d: a path past the last chunk", order)
		}
	}
}

func TestPrunedTreeRefusesWrongSource(t *testing.T) {
	spec := testSpec(256, 1, 16)
	c, err := Compute(context.Background(), spec, 0)
	if err != nil {
		t.Fatal(err)
	}
	tree, err := Commit(context.Background(), spec, 0, c)
	if err != nil {
		t.Fatal(err)
	}
	if err := tree.Prune(TreeDepth(256) + 1); err == nil {
		t.Fatal("pruned above the root")
	}
	if err := tree.Prune(3); err != nil {
		t.Fatal(err)
	}
	if _, err := tree.Path(context.Background(), 5, nil); err == nil {
		t.Fatal("a pruned tree gave a path without a chunk source")
	}
	wrong := append([]int32(nil), c...)
	wrong[6*ChunkEntries+1]++ // chunk 6, under the same level-3 node as chunk 5
	_, err = tree.Path(context.Background(), 5, MatrixChunks(spec, [][]int32{wrong}))
	wantError(t, err, "do not hash to the committed node at level 3")
	if _, err := tree.Path(context.Background(), 9, MatrixChunks(spec, [][]int32{wrong})); err != nil {
		t.Fatalf("chunk 9, under another node: %v", err)
	}
}

func TestTreeNotFromCommit(t *testing.T) {
	for _, tree := range []*Tree{nil, {}} {
		if tree.Root() != (Hash{}) || tree.Prune(0) == nil {
			t.Fatal("a tree Commit did not make has a root or prunes")
		}
		if _, err := tree.Path(context.Background(), 0, nil); err == nil {
			t.Fatal("a tree Commit did not make gives paths")
		}
	}
	spec := testSpec(256, 1, 16)
	if _, err := Open(context.Background(), spec, []*Tree{{}}, TrueChunks(spec)); err == nil {
		t.Fatal("Open took a tree Commit did not make")
	}
	if err := TrueChunk(spec, 0, 0, nil); err == nil {
		t.Fatal("TrueChunk wrote to nil")
	}
	if err := MatrixChunks(spec, [][]int32{make([]int32, 256*256)})(0, 0, nil); err == nil {
		t.Fatal("MatrixChunks wrote to nil")
	}
}

func TestCommitRefusesBadInput(t *testing.T) {
	spec := testSpec(256, 1, 16)
	if _, err := Commit(context.Background(), spec, 0, make([]int32, 256*256-1)); err == nil {
		t.Fatal("a short result was committed")
	}
	if _, err := Commit(context.Background(), spec, 1, make([]int32, 256*256)); err == nil {
		t.Fatal("product 1 of 1 was committed")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Commit(ctx, spec, 0, make([]int32, 256*256)); err == nil {
		t.Fatal("a cancelled commit succeeded")
	}
}
