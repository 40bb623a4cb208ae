package challenge

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"slices"
)

// openDomain separates the opening draw's seed from every other SHA-256 input.
const openDomain = "petagrid-challenge-open-v1"

// maxDrawTries bounds the rejection loop of one draw. A word is rejected with probability
// below n/2^64 ≤ 2^-30, so 64 rejections in a row (probability below 2^-1920) mean a bug,
// not bad luck; the bound keeps the loop finite whatever happens.
const maxDrawTries = 64

// Position is one opened chunk: the product and the chunk's index in it (row-major: chunk
// c is row c / (N/64), columns 64·(c mod N/64) to 64·(c mod N/64) + 63).
type Position struct {
	Product uint32
	Chunk   uint64
}

// Commitment is the answer's commitment: SHA-256(0x02 ‖ nonce ‖ every product root in
// order).
func Commitment(nonce Hash, roots []Hash) Hash {
	h := sha256.New()
	h.Write([]byte{prefixCommitment})
	h.Write(nonce[:])
	for _, r := range roots {
		h.Write(r[:])
	}
	var out Hash
	h.Sum(out[:0])
	return out
}

// drawStream is the Fiat–Shamir randomness: block i is SHA-256(seed ‖ uint64 i,
// big-endian), read as four big-endian 64-bit words, in order.
type drawStream struct {
	seed   Hash
	block  uint64
	buf    Hash
	used   int // words of buf already taken; 4 when a new block is needed
	hashes uint64
}

func newDrawStream(nonce, commitment Hash) *drawStream {
	var in [len(openDomain) + 2*len(Hash{})]byte
	n := copy(in[:], openDomain)
	n += copy(in[n:], nonce[:])
	copy(in[n:], commitment[:])
	return &drawStream{seed: sha256.Sum256(in[:]), used: 4, hashes: 1}
}

func (s *drawStream) word() uint64 {
	if s.used == 4 {
		var in [len(Hash{}) + 8]byte
		copy(in[:], s.seed[:])
		binary.BigEndian.PutUint64(in[len(s.seed):], s.block)
		s.buf = sha256.Sum256(in[:])
		s.block++
		s.hashes++
		s.used = 0
	}
	w := binary.BigEndian.Uint64(s.buf[8*s.used:])
	s.used++
	return w
}

// below is a uniform draw from [0, n), n > 0, by rejection: words below 2^64 mod n are
// refused, so that each remainder is left by exactly the same number of words.
func (s *drawStream) below(n uint64) (uint64, error) {
	threshold := -n % n // 2^64 mod n
	for range maxDrawTries {
		if w := s.word(); w >= threshold {
			return w % n, nil
		}
	}
	return 0, fmt.Errorf("challenge: opening draw: %d words in a row rejected", maxDrawTries)
}

// DrawOpenings derives the chunks an answer with this commitment must open: spec.Openings
// distinct positions drawn uniformly, without replacement, from all Products × N²/64
// chunks (a partial Fisher–Yates shuffle of the chunks' global indices, product-major,
// each swap index drawn by rejection), sorted by product and chunk. The site learns them
// only after it has committed to every root.
func DrawOpenings(spec Spec, commitment Hash) ([]Position, error) {
	positions, _, err := drawOpenings(spec, commitment)
	return positions, err
}

// drawOpenings also counts the SHA-256 evaluations it took.
func drawOpenings(spec Spec, commitment Hash) ([]Position, uint64, error) {
	if err := spec.Validate(); err != nil {
		return nil, 0, err
	}
	perProduct := spec.ChunksPerProduct()
	total := uint64(spec.Products) * perProduct
	k := uint64(spec.Openings)
	if k > total {
		// Unreachable with a valid spec (at least 1,024 chunks, at most 1,024 openings).
		return nil, 0, fmt.Errorf("challenge: %d openings of %d chunks", k, total)
	}
	stream := newDrawStream(spec.Nonce, commitment)
	// moved holds the swapped entries of the virtual array 0 … total−1 (the rest are
	// their own index): at most 2k entries, whatever the total.
	moved := make(map[uint64]uint64, 2*k)
	at := func(i uint64) uint64 {
		if v, ok := moved[i]; ok {
			return v
		}
		return i
	}
	positions := make([]Position, k)
	for i := range k {
		r, err := stream.below(total - i)
		if err != nil {
			return nil, stream.hashes, err
		}
		j := i + r
		vi, vj := at(i), at(j)
		moved[i], moved[j] = vj, vi
		positions[i] = Position{Product: uint32(vj / perProduct), Chunk: vj % perProduct}
	}
	slices.SortFunc(positions, func(a, b Position) int {
		return cmp.Or(cmp.Compare(a.Product, b.Product), cmp.Compare(a.Chunk, b.Chunk))
	})
	return positions, stream.hashes, nil
}

// MatrixChunks is a ChunkSource over results held in memory: results[p] is product p's C,
// row-major.
func MatrixChunks(spec Spec, results [][]int32) ChunkSource {
	return func(product uint32, chunk uint64, dst *Chunk) error {
		if dst == nil {
			return fmt.Errorf("challenge: product %d chunk %d: no chunk to write to", product, chunk)
		}
		if uint64(product) >= uint64(len(results)) {
			return fmt.Errorf("challenge: product %d: %d results held", product, len(results))
		}
		c := results[product]
		if uint64(len(c)) != uint64(spec.Order)*uint64(spec.Order) || chunk >= spec.ChunksPerProduct() {
			return fmt.Errorf("challenge: product %d chunk %d: a result of %d entries for order %d", product, chunk, len(c), spec.Order)
		}
		copy(dst[:], c[chunk*ChunkEntries:(chunk+1)*ChunkEntries])
		return nil
	}
}

// TrueChunks is a ChunkSource that recomputes each chunk from the generator (one row of
// A, 64 columns of B: 64·N multiply-adds), for a job that did not keep its results: if
// its committed results were right, these are the same values.
func TrueChunks(spec Spec) ChunkSource {
	return func(product uint32, chunk uint64, dst *Chunk) error {
		return TrueChunk(spec, product, chunk, dst)
	}
}

// TrueChunk computes the chunk's true values: C[row][col0 + t] = Σ_k A[row][k]·B[k][col0 + t].
func TrueChunk(spec Spec, product uint32, chunk uint64, dst *Chunk) error {
	if err := checkProduct(spec, int(product)); err != nil {
		return err
	}
	if chunk >= spec.ChunksPerProduct() {
		return fmt.Errorf("challenge: product %d chunk %d: the product has %d chunks", product, chunk, spec.ChunksPerProduct())
	}
	if dst == nil {
		return fmt.Errorf("challenge: product %d chunk %d: no chunk to write to", product, chunk)
	}
	n := spec.Order
	key := ProductKey(spec.Nonce, product)
	var c checker
	c.init(n)
	c.loadColumns(key, int(chunk%spec.chunksPerRow())*ChunkEntries)
	c.values(key, int(chunk/spec.chunksPerRow()), dst)
	return nil
}

// Open makes the answer from the products' trees (trees[p] is product p's): the roots,
// the commitment, the drawn positions, and for each its values and its path. values gives
// the chunks' entries (and, for a pruned tree, those of the chunks its path is rebuilt
// from): MatrixChunks when the results are still held, TrueChunks when they are not. ctx
// is checked between openings. Devices are the caller's to fill in.
func Open(ctx context.Context, spec Spec, trees []*Tree, values ChunkSource) (*Answer, error) {
	if err := spec.Validate(); err != nil {
		return nil, err
	}
	if len(trees) != spec.Products {
		return nil, fmt.Errorf("challenge: open: %d trees for %d products", len(trees), spec.Products)
	}
	if values == nil {
		return nil, fmt.Errorf("challenge: open: no chunk source")
	}
	roots := make([]Hash, len(trees))
	for p, t := range trees {
		if !t.built() || t.Product() != p || t.order != spec.Order {
			return nil, fmt.Errorf("challenge: open: tree %d is not product %d of order %d", p, p, spec.Order)
		}
		roots[p] = t.Root()
	}
	commitment := Commitment(spec.Nonce, roots)
	positions, err := DrawOpenings(spec, commitment)
	if err != nil {
		return nil, err
	}
	ans := &Answer{Version: AnswerVersion, Nonce: spec.Nonce, Roots: roots, Openings: make([]Opening, len(positions))}
	for i, pos := range positions {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("challenge: open: %w", err)
		}
		o := &ans.Openings[i]
		o.Product, o.Chunk = pos.Product, pos.Chunk
		var ch Chunk
		if err := values(pos.Product, pos.Chunk, &ch); err != nil {
			return nil, fmt.Errorf("challenge: open product %d chunk %d: %w", pos.Product, pos.Chunk, err)
		}
		o.Values = ch[:]
		if o.Path, err = trees[pos.Product].Path(ctx, pos.Chunk, values); err != nil {
			return nil, fmt.Errorf("challenge: open: %w", err)
		}
	}
	return ans, nil
}
