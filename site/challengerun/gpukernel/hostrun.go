//go:build cgo

package gpukernel

/*
#include "kernels.h"

// The host runs of the device functions: each loops over the indices the kernel's grid
// covers on a GPU, so that the tests can check the device code's arithmetic against the
// Go reference without a GPU.
static void pg_host_gen_a(pg_i8 *out, pg_u64 w0, pg_u64 w1, pg_u64 order, pg_u64 first, pg_u64 count)
{
	for (pg_u64 i = 0; i < count; i++)
		pg_gen_a(out, w0, w1, order, first, i);
}

static void pg_host_gen_bt(pg_i8 *out, pg_u64 w0, pg_u64 w1, pg_u64 order, pg_u64 count)
{
	for (pg_u64 e = 0; e < count; e++)
		pg_gen_bt(out, w0, w1, order, e);
}

static void pg_host_leaf(const pg_i32 *c, pg_u32 product, pg_u64 first, pg_u64 count, pg_u8 *out)
{
	for (pg_u64 i = 0; i < count; i++)
		pg_leaf(c, product, first, i, out);
}

static void pg_host_node(const pg_u8 *children, pg_u64 count, const pg_u8 *empty, pg_u64 parents, pg_u8 *out)
{
	for (pg_u64 i = 0; i < parents; i++)
		pg_node(children, count, empty, i, out);
}
*/
import "C"

import (
	"fmt"
	"unsafe"

	"github.com/petagrid/petagrid/pocp/challenge"
)

// The host runs serve the tests: they run kernels.h's device functions, compiled by the
// C compiler, over every index a kernel's grid would cover. Each checks its buffers'
// sizes first, since the C side trusts them.

// hostGenA is pg_gen_a_kernel on the host: rows [first, first+rows) of A.
func hostGenA(key challenge.Key, order, first, rows int) []int8 {
	out := make([]int8, rows*order)
	if len(out) > 0 {
		C.pg_host_gen_a((*C.pg_i8)(unsafe.Pointer(&out[0])), C.pg_u64(key.Word0), C.pg_u64(key.Word1), C.pg_u64(order), C.pg_u64(first), C.pg_u64(len(out)))
	}
	return out
}

// hostGenBT is pg_gen_bt_kernel on the host: B transposed, row-major.
func hostGenBT(key challenge.Key, order int) []int8 {
	out := make([]int8, order*order)
	if len(out) > 0 {
		C.pg_host_gen_bt((*C.pg_i8)(unsafe.Pointer(&out[0])), C.pg_u64(key.Word0), C.pg_u64(key.Word1), C.pg_u64(order), C.pg_u64(len(out)))
	}
	return out
}

// hostLeaves is pg_leaf_kernel on the host: the leaves of the chunks of c, which starts
// at chunk first.
func hostLeaves(c []int32, product uint32, first uint64) ([]challenge.Hash, error) {
	if len(c)%challenge.ChunkEntries != 0 || len(c) == 0 {
		return nil, fmt.Errorf("host leaves: %d entries are not whole chunks", len(c))
	}
	out := make([]challenge.Hash, len(c)/challenge.ChunkEntries)
	C.pg_host_leaf((*C.pg_i32)(unsafe.Pointer(&c[0])), C.pg_u32(product), C.pg_u64(first), C.pg_u64(len(out)), (*C.pg_u8)(unsafe.Pointer(&out[0])))
	return out, nil
}

// hostParents is pg_node_kernel on the host: the level above children.
func hostParents(children []challenge.Hash, empty challenge.Hash) ([]challenge.Hash, error) {
	if len(children) == 0 {
		return nil, fmt.Errorf("host parents: no children")
	}
	out := make([]challenge.Hash, (len(children)+1)/2)
	C.pg_host_node((*C.pg_u8)(unsafe.Pointer(&children[0])), C.pg_u64(len(children)), (*C.pg_u8)(unsafe.Pointer(&empty[0])), C.pg_u64(len(out)), (*C.pg_u8)(unsafe.Pointer(&out[0])))
	return out, nil
}
