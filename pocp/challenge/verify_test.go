package challenge

import (
	"bytes"
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// prove is an honest job: every product computed, committed, opened from the results.
func prove(t testing.TB, spec Spec) (*Answer, [][]int32, []*Tree) {
	t.Helper()
	ctx := context.Background()
	results := make([][]int32, spec.Products)
	trees := make([]*Tree, spec.Products)
	for p := range spec.Products {
		c, err := Compute(ctx, spec, p)
		if err != nil {
			t.Fatal(err)
		}
		results[p] = c
		if trees[p], err = Commit(ctx, spec, p, c); err != nil {
			t.Fatal(err)
		}
	}
	ans, err := Open(ctx, spec, trees, MatrixChunks(spec, results))
	if err != nil {
		t.Fatal(err)
	}
	ans.Devices = []Device{{Kind: "gpu", UUID: "GPU-5f1c2b9e-3a4d-4c2e-9b1a-0d2e3f4a5b6c", Serial: "1654922001234",
		PCIBusID: "00000000:17:00.0", Model: "NVIDIA H100 80GB HBM3", Cores: 16896}}
	return ans, results, trees
}

// commitAndOpen commits results (which need not be right) and opens them consistently:
// what a dishonest job that hashes correctly sends.
func commitAndOpen(t testing.TB, spec Spec, results [][]int32) *Answer {
	t.Helper()
	trees := make([]*Tree, len(results))
	for p, c := range results {
		var err error
		if trees[p], err = Commit(context.Background(), spec, p, c); err != nil {
			t.Fatal(err)
		}
	}
	ans, err := Open(context.Background(), spec, trees, MatrixChunks(spec, results))
	if err != nil {
		t.Fatal(err)
	}
	return ans
}

func encode(t testing.TB, a *Answer) []byte {
	t.Helper()
	b, err := a.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// inTime is a reception time before the test spec's deadline.
func inTime(spec Spec) time.Time { return spec.IssuedAt.Add(time.Minute) }

// wantError fails unless err is set and says every one of parts.
func wantError(t *testing.T, err error, parts ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want one saying %q", parts)
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Fatalf("error %q does not say %q", err, p)
		}
	}
}

func TestHonestRoundTrip(t *testing.T) {
	for _, tc := range []struct{ order, products, openings int }{
		{256, 3, 16},
		{320, 3, 64}, // not a power of two: 1,600 chunks per product, padded tree
		{256, 1, 1024},
	} {
		spec := testSpec(tc.order, tc.products, tc.openings)
		ans, _, _ := prove(t, spec)
		data := encode(t, ans)
		got, err := ParseAnswer(data, spec)
		if err != nil {
			t.Fatalf("order %d: %v", tc.order, err)
		}
		res, err := Verify(context.Background(), spec, got, inTime(spec))
		if err != nil {
			t.Fatalf("order %d: %v", tc.order, err)
		}
		if res.Openings != tc.openings || res.EntriesChecked != 64*tc.openings ||
			res.MultiplyAdds != uint64(64*tc.openings*tc.order) || res.Operations != 2*res.MultiplyAdds {
			t.Fatalf("order %d: result %+v", tc.order, res)
		}
		if res.Commitment != Commitment(spec.Nonce, ans.Roots) || res.GeneratedEntries == 0 || res.Hashes == 0 {
			t.Fatalf("order %d: result %+v", tc.order, res)
		}
		// The answer survives a second encoding unchanged.
		if again := encode(t, got); !bytes.Equal(again, data) {
			t.Fatalf("order %d: re-encoding changed the answer", tc.order)
		}
	}
}

// One wrong entry in a chunk the commitment then opens, in a result of a million entries,
// committed consistently: the entry is named with its product, chunk, row and column.
func TestVerifyCatchesOneWrongEntry(t *testing.T) {
	spec := testSpec(1024, 1, 1024)
	c, err := Compute(context.Background(), spec, 0)
	if err != nil {
		t.Fatal(err)
	}
	// Each try changes one entry of a chunk and recommits; the chunk is opened with
	// probability 1,024/16,384, so a few dozen tries find one.
	for try := range 400 {
		chunk := uint64(try*7919) % spec.ChunksPerProduct()
		entry := int(chunk)*ChunkEntries + try%ChunkEntries
		c[entry]++
		ans := commitAndOpen(t, spec, [][]int32{c})
		opened := -1
		for i, o := range ans.Openings {
			if o.Chunk == chunk {
				opened = i
			}
		}
		if opened < 0 {
			c[entry]--
			continue
		}
		_, err := Verify(context.Background(), spec, ans, inTime(spec))
		row, col := entry/spec.Order, entry%spec.Order
		wantError(t, err, "product 0", "chunk "+itoa(int(chunk)), "C["+itoa(row)+"]["+itoa(col)+"] is "+itoa(int(c[entry])),
			"the product gives "+itoa(int(c[entry]-1)))
		return
	}
	t.Fatal("no changed chunk was ever opened")
}

func itoa(v int) string { return strconv.Itoa(v) }

// A result that is wrong everywhere but hashed and opened consistently (the roots are its
// own, every path leads to them) fails on the values.
func TestVerifyCatchesConsistentTreeOverWrongMatrix(t *testing.T) {
	spec := testSpec(256, 2, 16)
	_, results, _ := prove(t, spec)
	other := spec
	other.Nonce[0] ^= 0xff // the products of another challenge: right-looking, wrong
	for p := range results {
		var err error
		if results[p], err = Compute(context.Background(), other, p); err != nil {
			t.Fatal(err)
		}
	}
	ans := commitAndOpen(t, spec, results)
	_, err := Verify(context.Background(), spec, ans, inTime(spec))
	wantError(t, err, "opening 0 ", "the product gives", "more openings wrong")
}

// A site that computed only half of each product's chunks (zeros elsewhere) and opens
// honestly passes 64 openings with probability below 2^-64.
func TestVerifyCatchesLazyProver(t *testing.T) {
	spec := testSpec(256, 2, 64)
	_, results, _ := prove(t, spec)
	half := len(results[0]) / 2
	for _, c := range results {
		clear(c[half:])
	}
	ans := commitAndOpen(t, spec, results)
	_, err := Verify(context.Background(), spec, ans, inTime(spec))
	wantError(t, err, "in the answer, the product gives")
	if p := PassProbabilityBound(0.5, spec.Openings); p > 1e-19 {
		t.Fatalf("bound %g", p)
	}
}

// A value changed in an opening after the commitment: its path no longer leads to the root.
func TestVerifyCatchesValueChangedAfterCommitment(t *testing.T) {
	spec := testSpec(320, 2, 16)
	ans, _, _ := prove(t, spec)
	ans.Openings[5].Values[17]++
	o := ans.Openings[5]
	_, err := Verify(context.Background(), spec, ans, inTime(spec))
	wantError(t, err, "opening 5 ", "product "+itoa(int(o.Product)), "chunk "+itoa(int(o.Chunk)), "do not lead to the product's root")
}

func TestVerifyCatchesTamperedPath(t *testing.T) {
	spec := testSpec(256, 2, 16)
	ans, _, _ := prove(t, spec)
	ans.Openings[3].Path[4][7] ^= 1
	_, err := Verify(context.Background(), spec, ans, inTime(spec))
	wantError(t, err, "opening 3 ", "do not lead to the product's root")
	// Swapping two levels of a path is no better.
	ans, _, _ = prove(t, spec)
	p := ans.Openings[2].Path
	p[0], p[1] = p[1], p[0]
	_, err = Verify(context.Background(), spec, ans, inTime(spec))
	wantError(t, err, "opening 2 ", "do not lead to the product's root")
}

// An opening of a chunk the commitment does not draw, with its true values and a valid
// path: a site choosing which chunks to show.
func TestVerifyCatchesOpeningOfAnotherChunk(t *testing.T) {
	spec := testSpec(256, 2, 16)
	ans, results, trees := prove(t, spec)
	o := &ans.Openings[4]
	drawn := o.Chunk
	o.Chunk = (o.Chunk + 1) % spec.ChunksPerProduct()
	var ch Chunk
	if err := MatrixChunks(spec, results)(o.Product, o.Chunk, &ch); err != nil {
		t.Fatal(err)
	}
	o.Values = ch[:]
	var err error
	if o.Path, err = trees[o.Product].Path(context.Background(), o.Chunk, nil); err != nil {
		t.Fatal(err)
	}
	_, err = Verify(context.Background(), spec, ans, inTime(spec))
	wantError(t, err, "opening 4 is product", "chunk "+itoa(int(o.Chunk))+";", "the commitment draws", "chunk "+itoa(int(drawn)))
}

// An answer to one challenge sent as the answer to another (same shape, another nonce).
func TestVerifyRefusesReplayedAnswer(t *testing.T) {
	spec := testSpec(256, 2, 16)
	ans, _, _ := prove(t, spec)
	data := encode(t, ans)
	other := spec
	other.Nonce[31] ^= 0x5a
	got, err := ParseAnswer(data, other)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Verify(context.Background(), other, got, inTime(other))
	wantError(t, err, "nonce "+spec.Nonce.String(), "this challenge's is "+other.Nonce.String(), "replayed")
}

func TestVerifyDeadline(t *testing.T) {
	spec := testSpec(256, 1, 16)
	ans, _, _ := prove(t, spec)
	if _, err := Verify(context.Background(), spec, ans, spec.Deadline); err != nil {
		t.Fatalf("at the deadline: %v", err)
	}
	_, err := Verify(context.Background(), spec, ans, spec.Deadline.Add(time.Millisecond))
	wantError(t, err, "1ms after the deadline")
	_, err = Verify(context.Background(), spec, ans, spec.IssuedAt.Add(-time.Second))
	wantError(t, err, "before the challenge was issued")
	_, err = Verify(context.Background(), spec, ans, time.Time{})
	wantError(t, err, "reception time is not set")
}

func TestParseAnswerRefusesBadJSON(t *testing.T) {
	spec := testSpec(256, 2, 16)
	ans, _, _ := prove(t, spec)
	data := encode(t, ans)
	for _, cut := range []int{0, 1, len(data) / 3, len(data) / 2, len(data) - 3} {
		if _, err := ParseAnswer(data[:cut], spec); err == nil {
			t.Fatalf("answer cut at %d of %d bytes accepted", cut, len(data))
		}
	}
	limit := MaxAnswerBytes(spec)
	padded := append(bytes.Repeat([]byte(" "), limit+1-len(data)), data...)
	_, err := ParseAnswer(padded, spec)
	wantError(t, err, itoa(limit+1)+" bytes, more than the "+itoa(limit))
	// Exactly at the limit, whitespace is fine.
	if _, err := ParseAnswer(padded[1:], spec); err != nil {
		t.Fatalf("answer of %d bytes: %v", limit, err)
	}
	_, err = ParseAnswer(append(slices.Clone(bytes.TrimSpace(data)), `{}`...), spec)
	wantError(t, err, "data after the object")
	_, err = ParseAnswer(bytes.Replace(data, []byte(`"devices"`), []byte(`"extra":1,"devices"`), 1), spec)
	wantError(t, err, `unknown field "extra"`)
	_, err = ParseAnswer(bytes.Replace(data, []byte(`"nonce":"`), []byte(`"nonce":"0x`), 1), spec)
	wantError(t, err, "hexadecimal")
	upper := bytes.Replace(data, []byte(`"nonce":"`+spec.Nonce.String()), []byte(`"nonce":"`+strings.ToUpper(spec.Nonce.String())), 1)
	_, err = ParseAnswer(upper, spec)
	wantError(t, err, "lowercase")
}

func TestParseAnswerRefusesWrongCounts(t *testing.T) {
	spec := testSpec(256, 2, 16)
	ans, _, _ := prove(t, spec)
	mutate := func(f func(a *Answer)) error {
		a := *ans
		a.Roots = append([]Hash(nil), ans.Roots...)
		a.Openings = append([]Opening(nil), ans.Openings...)
		f(&a)
		_, err := ParseAnswer(encode(t, &a), spec)
		if err == nil {
			t.Fatal("accepted")
		}
		// Verify refuses an answer built in memory the same way.
		if _, verr := Verify(context.Background(), spec, &a, inTime(spec)); verr == nil || !strings.Contains(verr.Error(), err.Error()) {
			t.Fatalf("Verify said %v, ParseAnswer %v", verr, err)
		}
		return err
	}
	wantError(t, mutate(func(a *Answer) { a.Roots = a.Roots[:1] }), "1 roots for 2 products")
	wantError(t, mutate(func(a *Answer) { a.Roots = append(a.Roots, a.Roots[0]) }), "3 roots for 2 products")
	wantError(t, mutate(func(a *Answer) { a.Openings = a.Openings[:15] }), "15 openings, the challenge asks for 16")
	wantError(t, mutate(func(a *Answer) { a.Openings = append(a.Openings, a.Openings[0]) }), "17 openings, the challenge asks for 16")
	wantError(t, mutate(func(a *Answer) {
		o := a.Openings[1]
		o.Path = o.Path[:len(o.Path)-1]
		a.Openings[1] = o
	}), "opening 1 ", "path of 9 hashes, the tree's depth is 10")
	wantError(t, mutate(func(a *Answer) {
		o := a.Openings[2]
		o.Values = o.Values[:63]
		a.Openings[2] = o
	}), "opening 2 ", "63 values")
	wantError(t, mutate(func(a *Answer) {
		o := a.Openings[2]
		o.Values = append([]int32(nil), o.Values...)
		o.Values[5] = 1 << 20
		a.Openings[2] = o
	}), "opening 2: product", "1048576 is outside ±16384")
	wantError(t, mutate(func(a *Answer) { a.Openings[0].Chunk = 1024 }), "opening 0 is product 0 chunk 1024", "2 products of 1024 chunks")
	wantError(t, mutate(func(a *Answer) { a.Version = 2 }), "version 2")
	wantError(t, mutate(func(a *Answer) { a.Devices = []Device{{Kind: "tpu"}} }), `device 0: kind "tpu"`)
	wantError(t, mutate(func(a *Answer) { a.Devices = []Device{{Kind: "gpu", Model: "H100\x1b[31m"}} }), "model", "control character")
	wantError(t, mutate(func(a *Answer) { a.Devices = []Device{{Kind: "gpu", Serial: strings.Repeat("x", 129)}} }), "serial is 129 bytes")
	// Too many devices are refused as the list is read, before it is all decoded; Verify,
	// given them in memory, counts them.
	many := *ans
	many.Devices = make([]Device, MaxDevices+1)
	for i := range many.Devices {
		many.Devices[i] = Device{Kind: "cpu"}
	}
	_, err := ParseAnswer(encode(t, &many), spec)
	wantError(t, err, "devices: more than 256")
	_, err = Verify(context.Background(), spec, &many, inTime(spec))
	wantError(t, err, "257 devices")
}
