/*
 * The challenge's device code: entry generation, leaf hashing and tree levels, written
 * once for two compilers. On a site, NVRTC compiles it as CUDA C++ at run time (no CUDA
 * headers or toolkit at build time); in this package's tests, the C compiler that builds
 * the cgo code compiles it as plain C and runs each function over every index on the
 * host, so that the arithmetic the GPU runs is checked bit for bit against
 * pocp/challenge's Go reference on machines without a GPU. Everything below therefore
 * keeps to the common subset of C and CUDA C++: no headers, no templates, no
 * overloading, fixed-width types defined here, and one function per index, which the
 * kernels at the end (CUDA only) call from a grid-stride loop.
 *
 * The formats are pocp/challenge's (doc.go): entries from the splitmix64 finaliser of
 * (Word0 ^ tag ^ index) + Word1 reduced to [-8, 8]; leaves SHA-256(0x00 | uint32 product |
 * uint64 chunk | 64 int32 little-endian), nodes SHA-256(0x01 | left | right), integers in
 * headers big-endian.
 */

#ifdef __CUDACC__
typedef unsigned long long pg_u64;
typedef unsigned int pg_u32;
typedef unsigned char pg_u8;
typedef signed char pg_i8;
typedef int pg_i32;
#define PG_FN static __device__ __forceinline__
#define PG_CONST __constant__
#define PG_MULHI(a, b) __umul64hi((a), (b))
#else
typedef unsigned long long pg_u64;
typedef unsigned int pg_u32;
typedef unsigned char pg_u8;
typedef signed char pg_i8;
typedef int pg_i32;
#define PG_FN static inline
#define PG_CONST static const
#define PG_MULHI(a, b) pg_mulhi((a), (b))
/* The high word of a 64 × 64-bit product from 32-bit halves (no 128-bit type needed). */
static inline pg_u64 pg_mulhi(pg_u64 a, pg_u64 b)
{
    pg_u64 a0 = a & 0xffffffffULL, a1 = a >> 32, b0 = b & 0xffffffffULL, b1 = b >> 32;
    pg_u64 lo = a0 * b0, mid1 = a1 * b0, mid2 = a0 * b1;
    pg_u64 carry = ((lo >> 32) + (mid1 & 0xffffffffULL) + (mid2 & 0xffffffffULL)) >> 32;
    return a1 * b1 + (mid1 >> 32) + (mid2 >> 32) + carry;
}
#endif

/* Matrix tags and the finaliser's multipliers (generate.go). */
#define PG_TAG_A 0x4100000000000000ULL
#define PG_TAG_B 0x4200000000000000ULL
#define PG_MIX1 0xbf58476d1ce4e5b9ULL
#define PG_MIX2 0x94d049bb133111ebULL
#define PG_MAX_ENTRY 8
#define PG_CHUNK_ENTRIES 64

/* pg_entry is the entry at index of the matrix tagged tag, for the key (w0, w1). */
PG_FN pg_i8 pg_entry(pg_u64 w0, pg_u64 w1, pg_u64 tag, pg_u64 index)
{
    pg_u64 z = (w0 ^ tag ^ index) + w1;
    z = (z ^ (z >> 30)) * PG_MIX1;
    z = (z ^ (z >> 27)) * PG_MIX2;
    z ^= z >> 31;
    return (pg_i8)((pg_i32)PG_MULHI(z, (pg_u64)(2 * PG_MAX_ENTRY + 1)) - PG_MAX_ENTRY);
}

/*
 * pg_gen_a writes element i of rows [first, first + rows) of A, row-major: the block a
 * GEMM of those rows reads (a whole product is first 0, rows N).
 */
PG_FN void pg_gen_a(pg_i8 *out, pg_u64 w0, pg_u64 w1, pg_u64 order, pg_u64 first, pg_u64 i)
{
    out[i] = pg_entry(w0, w1, PG_TAG_A, first * order + i);
}

/*
 * pg_gen_bt writes element e of B transposed, row-major: e = j*N + k holds B[k][j]. The
 * GEMM reads B in this layout (column-major B), the one its int8 kernels want for both
 * operands.
 */
PG_FN void pg_gen_bt(pg_i8 *out, pg_u64 w0, pg_u64 w1, pg_u64 order, pg_u64 e)
{
    pg_u64 j = e / order, k = e % order;
    out[e] = pg_entry(w0, w1, PG_TAG_B, k * order + j);
}

/* SHA-256 (FIPS 180-4): the round constants and one compression of a 64-byte block. */
PG_CONST pg_u32 pg_k256[64] = {
    0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u, 0x3956c25bu, 0x59f111f1u, 0x923f82a4u, 0xab1c5ed5u,
    0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u, 0x72be5d74u, 0x80deb1feu, 0x9bdc06a7u, 0xc19bf174u,
    0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu, 0x2de92c6fu, 0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau,
    0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u, 0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u,
    0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu, 0x53380d13u, 0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u,
    0xa2bfe8a1u, 0xa81a664bu, 0xc24b8b70u, 0xc76c51a3u, 0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u,
    0x19a4c116u, 0x1e376c08u, 0x2748774cu, 0x34b0bcb5u, 0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
    0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u, 0x90befffau, 0xa4506cebu, 0xbef9a3f7u, 0xc67178f2u,
};

PG_FN pg_u32 pg_rotr(pg_u32 x, int n) { return (x >> n) | (x << (32 - n)); }

PG_FN void pg_sha256_init(pg_u32 *s)
{
    s[0] = 0x6a09e667u; s[1] = 0xbb67ae85u; s[2] = 0x3c6ef372u; s[3] = 0xa54ff53au;
    s[4] = 0x510e527fu; s[5] = 0x9b05688cu; s[6] = 0x1f83d9abu; s[7] = 0x5be0cd19u;
}

/* pg_sha256_block compresses the block of 16 big-endian words w into the state s. */
PG_FN void pg_sha256_block(pg_u32 *s, const pg_u32 *block)
{
    pg_u32 w[64];
    int t;
    for (t = 0; t < 16; t++)
        w[t] = block[t];
    for (t = 16; t < 64; t++) {
        pg_u32 s0 = pg_rotr(w[t - 15], 7) ^ pg_rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
        pg_u32 s1 = pg_rotr(w[t - 2], 17) ^ pg_rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
        w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    pg_u32 a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];
    for (t = 0; t < 64; t++) {
        pg_u32 t1 = h + (pg_rotr(e, 6) ^ pg_rotr(e, 11) ^ pg_rotr(e, 25)) + ((e & f) ^ (~e & g)) + pg_k256[t] + w[t];
        pg_u32 t2 = (pg_rotr(a, 2) ^ pg_rotr(a, 13) ^ pg_rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        h = g; g = f; f = e; e = d + t1;
        d = c; c = b; b = a; a = t1 + t2;
    }
    s[0] += a; s[1] += b; s[2] += c; s[3] += d;
    s[4] += e; s[5] += f; s[6] += g; s[7] += h;
}

/*
 * pg_sha256_message hashes a message already padded to blocks (big-endian words) and
 * writes the digest, big-endian, as crypto/sha256 does.
 */
PG_FN void pg_sha256_message(const pg_u32 *words, int blocks, pg_u8 *out)
{
    pg_u32 s[8];
    int b, i;
    pg_sha256_init(s);
    for (b = 0; b < blocks; b++)
        pg_sha256_block(s, words + 16 * b);
    for (i = 0; i < 8; i++) {
        out[4 * i] = (pg_u8)(s[i] >> 24);
        out[4 * i + 1] = (pg_u8)(s[i] >> 16);
        out[4 * i + 2] = (pg_u8)(s[i] >> 8);
        out[4 * i + 3] = (pg_u8)s[i];
    }
}

/* pg_put sets byte i of a message held as big-endian words (all zero beforehand). */
PG_FN void pg_put(pg_u32 *words, int i, pg_u8 v)
{
    words[i >> 2] |= (pg_u32)v << (8 * (3 - (i & 3)));
}

/*
 * A leaf's message is 1 + 4 + 8 + 256 = 269 bytes; with the 0x80 byte and the 64-bit
 * length it pads to 320 bytes, five blocks.
 */
#define PG_LEAF_BYTES 269
#define PG_LEAF_BLOCKS 5

/*
 * pg_leaf hashes chunk (first + i) of a product: c is the product's C, or the block of
 * it that starts at chunk first, row-major int32; the digest goes to out + 32·i.
 */
PG_FN void pg_leaf(const pg_i32 *c, pg_u32 product, pg_u64 first, pg_u64 i, pg_u8 *out)
{
    pg_u32 m[16 * PG_LEAF_BLOCKS];
    pg_u64 chunk = first + i;
    const pg_i32 *v = c + i * PG_CHUNK_ENTRIES;
    int k;
    for (k = 0; k < 16 * PG_LEAF_BLOCKS; k++)
        m[k] = 0;
    /* byte 0 is the prefix 0x00 */
    for (k = 0; k < 4; k++)
        pg_put(m, 1 + k, (pg_u8)(product >> (8 * (3 - k))));
    for (k = 0; k < 8; k++)
        pg_put(m, 5 + k, (pg_u8)(chunk >> (8 * (7 - k))));
    for (k = 0; k < PG_CHUNK_ENTRIES; k++) {
        pg_u32 x = (pg_u32)v[k];
        pg_put(m, 13 + 4 * k, (pg_u8)x);
        pg_put(m, 14 + 4 * k, (pg_u8)(x >> 8));
        pg_put(m, 15 + 4 * k, (pg_u8)(x >> 16));
        pg_put(m, 16 + 4 * k, (pg_u8)(x >> 24));
    }
    pg_put(m, PG_LEAF_BYTES, 0x80);
    m[16 * PG_LEAF_BLOCKS - 1] = PG_LEAF_BYTES * 8;
    pg_sha256_message(m, PG_LEAF_BLOCKS, out + 32 * i);
}

/*
 * pg_node hashes parent i of a level of count nodes (32 bytes each, in order): its left
 * child is node 2i, its right child node 2i + 1, or empty (the empty subtree of the
 * children's level) where the level has no such node. 65 bytes pad to two blocks.
 */
PG_FN void pg_node(const pg_u8 *children, pg_u64 count, const pg_u8 *empty, pg_u64 i, pg_u8 *out)
{
    pg_u32 m[32];
    const pg_u8 *left = children + 64 * i;
    const pg_u8 *right = 2 * i + 1 < count ? children + 64 * i + 32 : empty;
    int k;
    for (k = 0; k < 32; k++)
        m[k] = 0;
    pg_put(m, 0, 0x01);
    for (k = 0; k < 32; k++) {
        pg_put(m, 1 + k, left[k]);
        pg_put(m, 33 + k, right[k]);
    }
    pg_put(m, 65, 0x80);
    m[31] = 65 * 8;
    pg_sha256_message(m, 2, out + 32 * i);
}

#ifdef __CUDACC__
/* The kernels: one index per thread, in grid-stride loops so any grid covers any count. */
#define PG_FOR(i, n) for (pg_u64 i = (pg_u64)blockIdx.x * blockDim.x + threadIdx.x; i < (n); i += (pg_u64)gridDim.x * blockDim.x)

extern "C" __global__ void pg_gen_a_kernel(pg_i8 *out, pg_u64 w0, pg_u64 w1, pg_u64 order, pg_u64 first, pg_u64 count)
{
    PG_FOR(i, count) pg_gen_a(out, w0, w1, order, first, i);
}

extern "C" __global__ void pg_gen_bt_kernel(pg_i8 *out, pg_u64 w0, pg_u64 w1, pg_u64 order, pg_u64 count)
{
    PG_FOR(e, count) pg_gen_bt(out, w0, w1, order, e);
}

extern "C" __global__ void pg_leaf_kernel(const pg_i32 *c, pg_u32 product, pg_u64 first, pg_u64 count, pg_u8 *out)
{
    PG_FOR(i, count) pg_leaf(c, product, first, i, out);
}

extern "C" __global__ void pg_node_kernel(const pg_u8 *children, pg_u64 count, const pg_u8 *empty, pg_u64 parents, pg_u8 *out)
{
    PG_FOR(i, parents) pg_node(children, count, empty, i, out);
}
#endif
