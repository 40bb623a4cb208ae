package challenge

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"time"
)

// Bounds of a challenge. The order is a multiple of ChunkEntries so that every chunk lies
// in one row of C; MinOrder keeps at least 1,024 chunks per product, so that the largest
// number of openings can always be drawn without repetition.
const (
	SpecVersion   = 1
	AnswerVersion = 1

	MinOrder = 256
	// MaxOrder lets a node of several GPUs be challenged at its claimed rate within
	// MaxProducts (a GPU keeps A, B, C and the lowest levels of a product's tree in about
	// 7 GB at this order); entries stay exact in float32 up to 2^18 (doc.go).
	MaxOrder      = 32768
	OrderMultiple = ChunkEntries

	MinProducts = 1
	// MaxProducts lets a multi-PFLOPS GPU node be kept busy for several times the
	// allowance at the largest order (PlanChallenge): 2^61 operations in all.
	MaxProducts = 32768

	MinOpenings = 16
	MaxOpenings = 1024

	// MaxNodes bounds the nodes one challenge holds at once (Spec.Nodes). With
	// MaxTotalOpenings and MaxProducts over all parts it keeps an answer's size and its
	// check near a one-node challenge's largest.
	MaxNodes = 64
	// MaxTotalOpenings bounds nodes × openings: every part opens the spec's openings.
	MaxTotalOpenings = 4096

	// MaxSpecBytes bounds a spec's JSON: the job reads it from a file the gateway wrote, and
	// a real one is about 250 bytes.
	MaxSpecBytes = 1024

	// MaxWindowSeconds bounds deadline − issuedAt: a challenge is a sample of a site's
	// power, not a long job, and the bound keeps every time sum far from overflow.
	MaxWindowSeconds = 7 * 24 * 3600
)

// Hash is a SHA-256 value; its JSON form is 64 lowercase hexadecimal digits without a
// prefix (a Python hexdigest), the only form accepted, so that a document has one spelling.
type Hash [32]byte

// String is the hexadecimal form.
func (h Hash) String() string { return hex.EncodeToString(h[:]) }

// MarshalText writes the hexadecimal form.
func (h Hash) MarshalText() ([]byte, error) {
	out := make([]byte, hex.EncodedLen(len(h)))
	hex.Encode(out, h[:])
	return out, nil
}

// UnmarshalJSON reads a JSON string of 64 lowercase hexadecimal digits; null leaves the
// hash as it is, as for any JSON value. (It is what UnmarshalText does for JSON, without
// the decoder's copy of every string: an answer holds thousands of hashes.)
func (h *Hash) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	if len(data) < 2 || data[0] != '"' || data[len(data)-1] != '"' {
		return fmt.Errorf("a hash is a JSON string of %d hexadecimal digits", 2*len(h))
	}
	return h.UnmarshalText(data[1 : len(data)-1])
}

// UnmarshalText reads exactly 64 lowercase hexadecimal digits.
func (h *Hash) UnmarshalText(text []byte) error {
	if len(text) != 2*len(h) {
		return fmt.Errorf("a hash is %d hexadecimal digits, got %d characters", 2*len(h), len(text))
	}
	for i, c := range text {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return fmt.Errorf("a hash is lowercase hexadecimal: character %d is %q", i, c)
		}
	}
	_, err := hex.Decode(h[:], text)
	return err
}

// Spec is one challenge as the gateway issues it and the site's job reads it.
type Spec struct {
	Version uint32 `json:"version"`
	// Nonce is 32 random bytes from the gateway: it seeds every matrix and binds the answer.
	Nonce Hash `json:"nonce"`
	// Order is N: A, B and C are N × N.
	Order int `json:"order"`
	// Products is how many independent products C = A·B the site computes.
	Products int `json:"products"`
	// Openings is how many chunks the answer opens (each part's, for several nodes).
	Openings int `json:"openings"`
	// Nodes is how many nodes compute the challenge at once, each its own part (PartSpec):
	// products, openings and deadline are each node's. 0 (omitted) is one node, whose part
	// is the spec itself, so that a one-node spec reads as it did before nodes existed; 1 is
	// refused, so that it has one spelling.
	Nodes int `json:"nodes,omitempty"`
	// IssuedAt and Deadline are whole seconds in UTC.
	IssuedAt time.Time `json:"issuedAt"`
	Deadline time.Time `json:"deadline"`
}

// Validate checks every bound and names each field that breaks one.
func (s Spec) Validate() error {
	var errs []error
	fail := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if s.Version != SpecVersion {
		fail("version %d: this build reads version %d", s.Version, SpecVersion)
	}
	if s.Nonce == (Hash{}) {
		fail("nonce is all zero: the gateway did not set it")
	}
	if s.Order < MinOrder || s.Order > MaxOrder || s.Order%OrderMultiple != 0 {
		fail("order %d: must be a multiple of %d from %d to %d", s.Order, OrderMultiple, MinOrder, MaxOrder)
	}
	if s.Products < MinProducts || s.Products > MaxProducts {
		fail("products %d: must be from %d to %d", s.Products, MinProducts, MaxProducts)
	}
	if s.Openings < MinOpenings || s.Openings > MaxOpenings {
		fail("openings %d: must be from %d to %d", s.Openings, MinOpenings, MaxOpenings)
	}
	if s.Nodes < 0 || s.Nodes == 1 || s.Nodes > MaxNodes {
		// 1 is refused so that a one-node spec has one spelling, the one without nodes.
		fail("nodes %d: must be from 2 to %d, or left out for one node", s.Nodes, MaxNodes)
	} else if n := s.NodeCount(); n > 1 {
		// Bounds of the whole: what one answer carries and one check recomputes.
		if s.Products > 0 && n*s.Products > MaxProducts {
			fail("nodes %d × products %d: at most %d products in all", n, s.Products, MaxProducts)
		}
		if s.Openings > 0 && n*s.Openings > MaxTotalOpenings {
			fail("nodes %d × openings %d: at most %d openings in all", n, s.Openings, MaxTotalOpenings)
		}
	}
	timesOK := true
	for _, f := range []struct {
		name string
		t    time.Time
	}{{"issuedAt", s.IssuedAt}, {"deadline", s.Deadline}} {
		if f.t.IsZero() || f.t.Nanosecond() != 0 || f.t.Location() != time.UTC || f.t.Unix() < 0 {
			fail("%s must be a whole second in UTC after 1970", f.name)
			timesOK = false
		}
	}
	if timesOK {
		window := s.Deadline.Sub(s.IssuedAt)
		if window <= 0 {
			fail("deadline %s is not after issuedAt %s", s.Deadline.Format(time.RFC3339), s.IssuedAt.Format(time.RFC3339))
		} else if window > MaxWindowSeconds*time.Second {
			fail("deadline is %s after issuedAt, more than %d s", window, MaxWindowSeconds)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("challenge spec: %w", err)
	}
	return nil
}

// Encode writes the canonical JSON form (fixed field order, no insignificant space, a
// final newline); ParseSpec(Encode(s)) == s.
func (s Spec) Encode() ([]byte, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	b, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("challenge spec: encoding: %w", err)
	}
	return append(b, '\n'), nil
}

// ParseSpec reads a spec strictly: at most MaxSpecBytes, one JSON object, known fields
// only, nothing after it; then Validate.
func ParseSpec(data []byte) (Spec, error) {
	if len(data) > MaxSpecBytes {
		return Spec{}, fmt.Errorf("challenge spec: %d bytes, more than %d", len(data), MaxSpecBytes)
	}
	var s Spec
	if err := decodeStrict(data, &s); err != nil {
		return Spec{}, fmt.Errorf("challenge spec: %w", err)
	}
	s.IssuedAt = utcIfZeroOffset(s.IssuedAt)
	s.Deadline = utcIfZeroOffset(s.Deadline)
	if err := s.Validate(); err != nil {
		return Spec{}, err
	}
	return s, nil
}

// decodeStrict decodes one JSON value with no unknown field and nothing after it.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("JSON: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("JSON: data after the object")
	}
	return nil
}

// utcIfZeroOffset turns a time decoded with a zero offset ("Z" or "+00:00") into time.UTC,
// and leaves any other offset for Validate to refuse.
func utcIfZeroOffset(t time.Time) time.Time {
	if _, off := t.Zone(); off == 0 {
		return t.UTC()
	}
	return t
}

// NodeCount is how many nodes compute the challenge: Nodes, or 1 when it is 0.
func (s Spec) NodeCount() int { return max(s.Nodes, 1) }

// ChunksPerProduct is N²/64: the leaves of a product's Merkle tree.
func (s Spec) ChunksPerProduct() uint64 { return uint64(s.Order) * uint64(s.Order) / ChunkEntries }

// chunksPerRow is N/64.
func (s Spec) chunksPerRow() uint64 { return uint64(s.Order) / ChunkEntries }

// WorkOperations is one node's arithmetic: Products × 2·N³ operations (one multiply and
// one add per term), the unit in which claimed FLOPS are counted. The whole challenge is
// NodeCount times that.
func (s Spec) WorkOperations() uint64 { return WorkOperations(s.Order, s.Products) }

// WorkOperations is products × 2·order³; 0 when an argument is out of the spec's bounds
// (the largest in-bounds value, 2^58, fits easily).
func WorkOperations(order, products int) uint64 {
	if order < 1 || order > MaxOrder || products < 1 || products > MaxProducts {
		return 0
	}
	n := uint64(order)
	return uint64(products) * 2 * n * n * n
}

// Bounds of Deadline's inputs: enough for any real machine, small enough that no sum of
// durations overflows.
const (
	MaxComputeSeconds = 24 * 3600
	MaxAllowance      = 6 * time.Hour
	// MaxClaimedFLOPS is 10^24 (a thousand exaFLOPS): anything above is a unit error.
	MaxClaimedFLOPS = 1e24
)

// Deadline is when an answer must be in: issuedAt + workOperations / (claimedFLOPS ×
// fractionOfPeak) + allowance, rounded up to a whole second (see the package comment for
// the reasoning). fractionOfPeak is in (0, 1]; the computing time may be at most
// MaxComputeSeconds and the allowance at most MaxAllowance.
func Deadline(issuedAt time.Time, workOperations uint64, claimedFLOPS, fractionOfPeak float64, allowance time.Duration) (time.Time, error) {
	switch {
	case issuedAt.IsZero():
		return time.Time{}, fmt.Errorf("challenge deadline: issuedAt is not set")
	case workOperations == 0:
		return time.Time{}, fmt.Errorf("challenge deadline: the work is 0 operations")
	case !(claimedFLOPS > 0) || claimedFLOPS > MaxClaimedFLOPS:
		return time.Time{}, fmt.Errorf("challenge deadline: claimed FLOPS %g must be above 0 and at most %g", claimedFLOPS, MaxClaimedFLOPS)
	case !(fractionOfPeak > 0) || fractionOfPeak > 1:
		return time.Time{}, fmt.Errorf("challenge deadline: fraction of peak %g must be in (0, 1]", fractionOfPeak)
	case allowance < 0 || allowance > MaxAllowance:
		return time.Time{}, fmt.Errorf("challenge deadline: allowance %s must be from 0 to %s", allowance, MaxAllowance)
	}
	computeSeconds := float64(workOperations) / (claimedFLOPS * fractionOfPeak)
	if math.IsNaN(computeSeconds) || computeSeconds > MaxComputeSeconds {
		return time.Time{}, fmt.Errorf("challenge deadline: %d operations at %g FLOPS × %g take %.0f s, more than %d s: issue a smaller challenge",
			workOperations, claimedFLOPS, fractionOfPeak, computeSeconds, MaxComputeSeconds)
	}
	// Nanoseconds rounded up, so that rounding never shortens what the site is given.
	compute := time.Duration(math.Ceil(computeSeconds * float64(time.Second)))
	d := issuedAt.UTC().Add(compute + allowance)
	if rounded := d.Truncate(time.Second); !rounded.Equal(d) {
		d = rounded.Add(time.Second)
	}
	return d, nil
}
