package challenge

// checker recomputes chunks of C from the generator: the 64 columns of B under a chunk,
// packed as the kernel's quads, and a row of A; the same kernel as Compute then gives
// the chunk's 64 entries in 64·N multiply-adds. The columns are kept between chunks of
// the same columns, which is how Verify shares them among the openings that need them.
type checker struct {
	n    int
	row  []int8
	cols []quad // quad q of the chunk's columns: cols[q·n + k] packs B[k][col0 + 16q …+15]
}

// chunkQuads is the quads of one chunk's 64 columns.
const chunkQuads = ChunkEntries / quadColumns

func (c *checker) init(n int) {
	c.n = n
	c.row = make([]int8, n)
	c.cols = make([]quad, chunkQuads*n)
}

// loadColumns generates B[·][col0 … col0+63]: 64·N entries.
func (c *checker) loadColumns(key Key, col0 int) {
	var row [quadColumns]int8
	for q := range chunkQuads {
		out := c.cols[q*c.n : (q+1)*c.n]
		for k := range out {
			key.fill(tagB, uint64(k)*uint64(c.n)+uint64(col0+q*quadColumns), row[:])
			out[k] = packQuad(&row)
		}
	}
}

// values generates A[row] and computes the chunk of that row under the loaded columns.
func (c *checker) values(key Key, row int, dst *Chunk) {
	key.fill(tagA, uint64(row)*uint64(c.n), c.row)
	*dst = Chunk{}
	for q := range chunkQuads {
		col := c.cols[q*c.n : (q+1)*c.n]
		for k0 := 0; k0 < c.n; k0 += kBlock {
			var acc quad
			for k := k0; k < min(k0+kBlock, c.n); k += kStep {
				kernel1x4(&acc, (*[kStep]int8)(c.row[k:k+kStep]), (*[kStep]quad)(col[k:k+kStep]))
			}
			addQuad((*[quadColumns]int32)(dst[q*quadColumns:(q+1)*quadColumns]), &acc)
		}
	}
}
