// Package challenge is the pure core of the gateway's compute challenges: an unannounced
// Slurm job whose answer proves that a site has, at that moment, the computing power its
// PoCP reports claim. The gateway issues a Spec; the site's job computes the products,
// commits to them and opens the chunks the commitment draws (Compute, Commit, Open); the
// gateway checks the answer at a small fraction of the cost (ParseAnswer, Verify). Like
// pocp, the package does no I/O and reads no clock: times come in as arguments.
//
// # The work
//
// A challenge is Products independent integer matrix products C = A·B of order N (a
// multiple of 64 from 256 to 32,768; 1 to 32,768 products): Products × 2·N³ operations
// (WorkOperations), so the gateway can size it to a part of a site's claimed capacity.
// Product p has its own key, SHA-256("petagrid-challenge-v1" ‖ nonce ‖ uint32 p), whose
// first two 8-byte words (big-endian) are Word0 and Word1. Entry (i, j) of A or B is the
// splitmix64 finaliser of (Word0 ⊕ tag ⊕ (i·N + j)) + Word1, with tag 0x41<<56 for A and
// 0x42<<56 for B (above every index bit), reduced to [-8, 8] by the high word of the
// 128-bit product with 17. The finaliser is a bijection with full avalanche, so entries
// at different indices are unrelated; the reduction's bias (each value has ⌊2^64/17⌋ or
// ⌈2^64/17⌉ preimages) is below 2^-59 relative, and is left in. The generator is not a
// cryptographic one, and the design assumes what any such challenge assumes: that
// matrices from a full-avalanche mixer of a key the site learns only at issue have no
// structure that multiplies them faster than generic matrices. (Generic fast schemes such
// as Strassen's save 1/8 of the multiplications per level of recursion; the work is
// counted as a plain GEMM counts it, and the deadline's conservative fraction absorbs
// that.) Any entry can be made on its own (random access), which is what lets the
// verifier make one row of A and 64 columns of B per opened chunk instead of the
// matrices. A and B are stored as int8, C as int32, row-major.
//
// # Exactness on any hardware
//
// With |entries| ≤ 8 every product is at most 64 in magnitude, and with N ≤ 32,768 every
// partial sum of a row-by-column product is at most 64·32,768 = 2^21 < 2^24. float32 holds
// every integer below 2^24 exactly (and the entries are exact in every input format down
// to int8), so a GPU accumulating in float32 or wider (FP32, TF32, BF16 or FP16 inputs
// with float32 accumulation, FP64, or int8 tensor cores with int32 accumulation) gets
// exactly the int32 result whatever order it sums in. A GPU BLAS kernel's answer can
// therefore be checked bit for bit. Only accumulation narrower than float32 (FP16, BF16)
// is not exact.
//
// # The kernels
//
// The site's job computes on the node's GPUs where it can (site/challengerun/gpukernel:
// the same generator, leaves and levels as device code, cuBLAS's int8 GEMM, all loaded at
// run time) and with the CPU kernel below elsewhere; the answer is the same bytes either
// way, and nothing in it says which ran.
//
// Compute generates A and B and multiplies them with a blocked kernel parallel over row
// blocks on up to runtime.GOMAXPROCS goroutines, checking ctx between panels. Without
// vector instructions (Go does not vectorise; no assembly, no cgo) a core's one integer
// multiplier bounds a scalar kernel, so four entries of B share one 64-bit multiply in
// 16-bit lanes, split off exactly every 256 terms (compute.go says why that is exact).
//
// # The commitment
//
// Each product's C is cut into chunks of 64 consecutive entries in row-major order (N is
// a multiple of 64, so a chunk lies in one row). Leaf = SHA-256(0x00 ‖ uint32 product ‖
// uint64 chunk ‖ the 64 entries as little-endian int32), header integers big-endian; node
// = SHA-256(0x01 ‖ left ‖ right). N²/64 is a power of two only when N is, so the tree is
// defined as the complete binary tree over 2^depth positions, depth = ⌈log2(N²/64)⌉, the
// positions past the last chunk holding the empty leaf, 32 zero bytes (which would take a
// SHA-256 preimage of zero to forge). Padding was chosen over promoting an odd node: every
// path then has exactly depth hashes, which bounds the answer before it is decoded and
// keeps a GPU implementation to one shape; the empty subtrees are computed once per level,
// never stored. The answer's commitment is SHA-256(0x02 ‖ nonce ‖ every root in order).
// The prefixes keep leaves, nodes and the commitment apart. A job that cannot hold every
// product's tree prunes the lower levels (Tree.Prune) and rebuilds the subtree under an
// opened chunk from a ChunkSource when it opens it; one that cannot hold its results opens
// from TrueChunks, which recomputes a chunk in 64·N multiply-adds.
//
// # The openings
//
// The chunks to open are drawn by Fiat–Shamir: seed = SHA-256("petagrid-challenge-open-v1"
// ‖ nonce ‖ commitment), then a stream of SHA-256(seed ‖ uint64 counter) blocks read as
// big-endian 64-bit words. The spec's Openings positions are drawn without replacement,
// uniformly over all Products × N²/64 chunks, by a partial Fisher–Yates shuffle whose swap
// indices are drawn by rejection (words below 2^64 mod n are refused, so no remainder is
// favoured), and sorted by product and chunk; the answer opens them in that order. Without
// replacement because a repeated chunk proves nothing new; every valid spec has at least
// 1,024 chunks, so 1,024 distinct openings always exist. Each opening carries the chunk's
// 64 values and its path.
//
// # The answer
//
// The answer (JSON) carries the version, the nonce, the roots, the openings and the
// devices (kind "gpu" or "cpu", uuid, serial, pciBusId, model, cores; only bounded here,
// checked against the inventory elsewhere). ParseAnswer refuses a document longer than
// MaxAnswerBytes(spec), which follows from the spec (its roots, its openings with paths of
// the tree's depth and values at their longest, the most devices, twice over for
// indentation), before decoding anything; then unknown fields, trailing data, and any
// count or length that is not the spec's: roots ≠ products, openings ≠ spec.Openings, a
// path ≠ depth, values ≠ 64 or outside ±64·N (where every true entry lies).
//
// # Verification
//
// Verify refuses, in this order: an answer of the wrong shape; another nonce (a replayed
// or forwarded answer); an answer received after the deadline (at the deadline is in
// time) or before the issue; an opening that is not the drawn chunk in its place; a path
// that does not lead from the opened values to its product's root; and any opened entry
// that is not the true one. The true entries are recomputed from the generator: per chunk,
// one row of A (N entries) and 64·N multiply-adds, with the 64 columns of B generated once
// per (product, column block) among the openings, on up to runtime.GOMAXPROCS goroutines,
// stopping when ctx is done. Errors name the opening, product, chunk, row and column.
// Verify takes a context because at the largest spec it recomputes 64·32,768·1,024
// multiply-adds and generates about 2·10^9 entries: seconds of work a caller must be able
// to cancel. The Result says what was checked and what it cost. Generating the entries,
// not the multiply-adds, is most of that cost: on the project's 2-core machine a check of
// 64 openings takes about 5 % of the CPU kernel's time for one product of order 1,024,
// 1.5 % at 2,048 and 0.45 % at 4,096 (docs/benchmarks.md, make bench-challenge); it is
// bounded by the openings, whatever the number of products.
//
// # The deadline
//
// Deadline = issuedAt + work / (claimedFLOPS × fractionOfPeak) + allowance, rounded up to a
// whole second. An honest site that reaches fractionOfPeak of its claimed throughput on
// this workload finishes the arithmetic within the first term; the allowance covers what is
// not arithmetic and does not scale with it: the job's start (Slurm scheduling and the
// container), generating the matrices, hashing, opening and the upload. The gateway uses a
// conservative fraction, below what a dense GEMM library reaches on the device, so that an
// honest site is not failed by its kernel, its clock or its neighbours. A site whose real
// throughput is T passes only if work/T ≤ work/(claimed × fraction) + allowance, that is T
// ≥ claimed × fraction / (1 + allowance × claimed × fraction / work): the challenge
// separates real from claimed power when the work makes the first term large against the
// allowance, so the gateway should size the work to several times the allowance.
// claimedFLOPS must be the device's throughput on this arithmetic: the entries are exact in
// int8, so a device may use its int8 (or BF16/TF32) tensor rate, which is far above its
// FP64 rate; a deadline derived from an FP64 figure would let a much smaller device pass.
//
// # Detection
//
// A site that computed only a fraction f of the chunks correctly (anything elsewhere:
// zeros, guesses, another product) commits to them, and the openings are drawn after the
// commitment. The k = Openings distinct positions, drawn from all M = Products × N²/64
// chunks, all fall in correct chunks with probability C(fM, k)/C(M, k) = Π_{i<k} (fM −
// i)/(M − i) ≤ f^k (PassProbability, PassProbabilityBound; the tests measure it over 20,000
// draws). That bound is per commitment: a site may try again with a changed wrong chunk, a
// new commitment and a new draw, for the price of one path of hashes per try. Openings must
// therefore make f^k so small that the tries cannot pay within the deadline: OpeningsFor(f,
// bits) gives the fewest openings for f^k ≤ 2^-bits (64 openings for f = 1/2 at 64 bits,
// 422 for f = 0.9). A site that computes 90 % of the work gains only 10 % time, so the
// fractions that matter against a tight deadline are the small ones.
//
// # Several nodes
//
// A spec with Nodes = k > 1 is k parts held at once, one per node: part i is the spec for
// one node (PartSpec) with the nonce SHA-256("petagrid-challenge-part-v1" ‖ nonce ‖ uint32
// i), the same order, products, openings and deadline. Each part is computed, committed
// and opened on its own, so a node needs nothing from the others, and no part's answer
// fits another (a node cannot answer for two by copying). The answer is a NodesAnswer:
// the version, the challenge's nonce and one Answer per part in order; ParseAnswers reads
// either form, and VerifyNodes checks every part. The bounds hold for the whole: at most
// MaxNodes parts, 32,768 products and MaxTotalOpenings openings in all, MaxNodesDevices
// devices. Each part keeps its own Fiat–Shamir draw, so that the nodes need no exchange
// (one draw over every root would make each node wait for all the others' commitments);
// a site may then retry one part's commitment alone, so each part carries the full
// openings and the Detection bound holds per part. The check's share of the work is
// therefore a one-node challenge's, whatever k. What k parts prove is throughput: k
// nodes' work done within the deadline. Where the site's daemon runs the job as sent, it
// also shows that Slurm started k nodes of the shape at once; a daemon that lies can
// compute the parts anywhere, and only the deadline's fraction of the claimed rate limits
// how many parts one real node folds in (docs/threat-model.md).
//
// # Planning
//
// PlanChallenge sizes a challenge for one node, then holds as many of the nodes asked for
// as the capacity budget and the bounds allow: order 4,096 or more (below it the check
// costs over 1 % of the CPU kernel's time), and the fewest products whose compute term is
// at least DefaultSeparation × the allowance, so that a site must reach 4/5 of the claimed
// rate × the fraction. It reports the verification's share of the work (goal ≤ 1 %) and
// what an epoch's challenges hold of the site's capacity (goal ≤ 2 %), and refuses a plan
// over either budget or a node too fast for the largest challenge to separate. Its figures
// count arithmetic only. The commitment hashes every result entry, 4 bytes for every 2·N
// operations: a 4-GPU node sized to 8 minutes commits 18 TB and must hash 38 GB/s to keep
// up (make bench-challenge), far beyond a CPU's SHA-256. So a GPU node's leaves and the
// lower levels of its trees are hashed on the GPU (site/challengerun/gpukernel), which
// sends only the level the host keeps.
//
// What the challenge does not prove: whose hardware did the work (a site could rent it
// for the challenge's duration; the devices are checked elsewhere), nor anything between
// challenges.
package challenge
