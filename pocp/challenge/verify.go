package challenge

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync"
	"time"
)

// Result is what Verify checked and what it cost, for the caller's log and benchmarks.
type Result struct {
	Commitment Hash
	// Openings and EntriesChecked are the chunks and entries compared with their true
	// values.
	Openings       int
	EntriesChecked int
	// MultiplyAdds is the int8 multiply-adds spent recomputing them (64·N per chunk), and
	// Operations twice that, the unit of Spec.WorkOperations.
	MultiplyAdds uint64
	Operations   uint64
	// GeneratedEntries is the entries of A and B generated: a row of A per chunk and 64
	// columns of B per distinct (product, column block) among the openings.
	GeneratedEntries uint64
	// Hashes is the SHA-256 evaluations: leaves and paths, the commitment, the draw and
	// the product keys.
	Hashes uint64
}

// Verify checks an answer to spec received at receivedAt, in this order, and returns the
// first fault: the answer's shape (CheckShape); its nonce (another one is a replayed or
// forwarded answer); the deadline; that each opening is the chunk the commitment draws, in
// order; that each path leads from its chunk's values to its product's root; and that
// every opened entry is the true one, recomputed in O(N). Among wrong entries it names the
// one of the lowest opening, with its product, chunk, row and column. The recomputation
// runs on up to runtime.GOMAXPROCS goroutines and stops when ctx is done.
func Verify(ctx context.Context, spec Spec, ans *Answer, receivedAt time.Time) (Result, error) {
	var res Result
	if ans == nil {
		return res, fmt.Errorf("challenge verify: no answer")
	}
	if err := ans.CheckShape(spec); err != nil {
		return res, fmt.Errorf("challenge verify: %w", err)
	}
	if ans.Nonce != spec.Nonce {
		return res, fmt.Errorf("challenge verify: the answer is for nonce %s, this challenge's is %s: a replayed or forwarded answer", ans.Nonce, spec.Nonce)
	}
	if receivedAt.IsZero() {
		return res, fmt.Errorf("challenge verify: the reception time is not set")
	}
	if receivedAt.After(spec.Deadline) {
		return res, fmt.Errorf("challenge verify: received at %s, %s after the deadline %s",
			receivedAt.UTC().Format(time.RFC3339Nano), receivedAt.Sub(spec.Deadline), spec.Deadline.Format(time.RFC3339))
	}
	if receivedAt.Before(spec.IssuedAt) {
		return res, fmt.Errorf("challenge verify: received at %s, before the challenge was issued at %s: the clock is wrong",
			receivedAt.UTC().Format(time.RFC3339Nano), spec.IssuedAt.Format(time.RFC3339))
	}

	res.Commitment = Commitment(spec.Nonce, ans.Roots)
	positions, drawHashes, err := drawOpenings(spec, res.Commitment)
	res.Hashes = 1 + drawHashes
	if err != nil {
		return res, fmt.Errorf("challenge verify: %w", err)
	}
	for i, o := range ans.Openings {
		if want := positions[i]; o.Product != want.Product || o.Chunk != want.Chunk {
			return res, fmt.Errorf("challenge verify: opening %d is product %d chunk %d; the commitment draws product %d chunk %d",
				i, o.Product, o.Chunk, want.Product, want.Chunk)
		}
	}
	for i, o := range ans.Openings {
		ch := Chunk(o.Values)
		res.Hashes += uint64(1 + len(o.Path))
		if RootFromPath(o.Product, o.Chunk, ch, o.Path) != ans.Roots[o.Product] {
			row, col := chunkCell(spec, o.Chunk, 0)
			return res, fmt.Errorf("challenge verify: opening %d (product %d chunk %d: row %d, columns %d to %d): its values and path do not lead to the product's root",
				i, o.Product, o.Chunk, row, col, col+ChunkEntries-1)
		}
	}

	work, err := recomputeOpenings(ctx, spec, ans.Openings)
	res.GeneratedEntries = work.generated
	res.Hashes += work.keys
	if err != nil {
		return res, err
	}
	res.Openings = len(ans.Openings)
	res.EntriesChecked = res.Openings * ChunkEntries
	res.MultiplyAdds = uint64(res.EntriesChecked) * uint64(spec.Order)
	res.Operations = 2 * res.MultiplyAdds
	return res, nil
}

// recomputeWork is what recomputeOpenings spent.
type recomputeWork struct {
	generated uint64
	keys      uint64
}

// recomputeOpenings compares every opened entry with its true value. Openings are grouped
// by product and column block, so that the 64 columns of B a group needs are generated
// once; groups are handed out to the goroutines, each with its own buffers.
func recomputeOpenings(ctx context.Context, spec Spec, openings []Opening) (recomputeWork, error) {
	perRow := spec.chunksPerRow()
	type group struct {
		product uint32
		block   uint64
		members []int // opening indices, by row
	}
	order := make([]int, len(openings))
	for i := range order {
		order[i] = i
	}
	key := func(i int) (uint32, uint64, uint64) {
		o := openings[i]
		return o.Product, o.Chunk % perRow, o.Chunk / perRow
	}
	slices.SortFunc(order, func(x, y int) int {
		px, bx, rx := key(x)
		py, by, ry := key(y)
		return cmp.Or(cmp.Compare(px, py), cmp.Compare(bx, by), cmp.Compare(rx, ry))
	})
	var groups []group
	for _, i := range order {
		p, b, _ := key(i)
		if n := len(groups); n > 0 && groups[n-1].product == p && groups[n-1].block == b {
			groups[n-1].members = append(groups[n-1].members, i)
			continue
		}
		groups = append(groups, group{product: p, block: b, members: []int{i}})
	}

	// faults[i] is opening i's first wrong entry; each is written by one goroutine only.
	faults := make([]error, len(openings))
	var pool sync.Pool
	n := spec.Order
	err := parallelFor(ctx, len(groups), 1, func(lo, hi int) {
		c, _ := pool.Get().(*checker)
		if c == nil {
			c = new(checker)
			c.init(n)
		}
		defer pool.Put(c)
		var got Chunk
		for _, g := range groups[lo:hi] {
			key := ProductKey(spec.Nonce, g.product)
			c.loadColumns(key, int(g.block)*ChunkEntries)
			for _, i := range g.members {
				if ctx.Err() != nil {
					return
				}
				o := openings[i]
				row := int(o.Chunk / perRow)
				c.values(key, row, &got)
				for t, v := range o.Values {
					if v != got[t] {
						_, col := chunkCell(spec, o.Chunk, t)
						faults[i] = fmt.Errorf("challenge verify: opening %d (product %d chunk %d): C[%d][%d] is %d in the answer, the product gives %d",
							i, o.Product, o.Chunk, row, col, v, got[t])
						break
					}
				}
			}
		}
	})
	work := recomputeWork{
		generated: uint64(len(groups))*ChunkEntries*uint64(n) + uint64(len(openings))*uint64(n),
		keys:      uint64(len(groups)),
	}
	if err != nil {
		return work, fmt.Errorf("challenge verify: %w", err)
	}
	wrong := 0
	var first error
	for _, f := range faults {
		if f != nil {
			if first == nil {
				first = f
			}
			wrong++
		}
	}
	if wrong > 1 {
		return work, fmt.Errorf("%w (and %d more openings wrong)", first, wrong-1)
	}
	return work, first
}
