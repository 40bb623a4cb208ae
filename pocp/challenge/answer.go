package challenge

import (
	"encoding/json"
	"fmt"
	"unicode/utf8"
)

// Bounds of the devices an answer names. The devices are carried for the gateway, which
// checks them against the site's registered inventory; here they are only bounded.
const (
	MaxDevices = 256
	// MaxDeviceFieldBytes bounds each text field of a device (a GPU's UUID is 40 bytes, a
	// PCI bus id 16, a model name rarely over 40).
	MaxDeviceFieldBytes = 128
	// MaxDeviceCores bounds cores (an H100 has 16,896 CUDA cores).
	MaxDeviceCores = 1 << 20
)

// Answer is what the site's job sends back: the product roots it committed to, the chunks
// the commitment draws, opened, and the devices that computed them.
type Answer struct {
	Version  uint32   `json:"version"`
	Nonce    Hash     `json:"nonce"`
	Roots    Roots    `json:"roots"`
	Openings Openings `json:"openings"`
	Devices  Devices  `json:"devices"`
}

// Opening is one opened chunk: its 64 values and its Merkle path (TreeDepth(N) sibling
// hashes, from the leaf up).
type Opening struct {
	Product uint32 `json:"product"`
	Chunk   uint64 `json:"chunk"`
	Values  Values `json:"values"`
	Path    Path   `json:"path"`
}

// Values is an opened chunk's entries. Its JSON form is an array of integers; reading it
// takes the one loop below instead of the decoder's reflection per number (an answer
// holds up to 65,536 of them), and refuses a 65th value as soon as it starts.
type Values []int32

// UnmarshalJSON reads an array of at most ChunkEntries JSON integers, each an int32; null
// leaves the values as they are, as for any JSON value.
func (v *Values) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	i := skipSpace(data, 0)
	if i == len(data) || data[i] != '[' {
		return fmt.Errorf("values: want an array of integers")
	}
	out := make(Values, 0, ChunkEntries)
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == ']' {
		*v = out
		return nil
	}
	for {
		if len(out) == ChunkEntries {
			return fmt.Errorf("values: more than %d", ChunkEntries)
		}
		x, next, err := parseInt32(data, i)
		if err != nil {
			return fmt.Errorf("values: entry %d: %w", len(out), err)
		}
		out = append(out, x)
		i = skipSpace(data, next)
		if i == len(data) {
			return fmt.Errorf("values: the array does not end")
		}
		switch data[i] {
		case ',':
			i = skipSpace(data, i+1)
		case ']':
			if skipSpace(data, i+1) != len(data) {
				return fmt.Errorf("values: data after the array")
			}
			*v = out
			return nil
		default:
			return fmt.Errorf("values: %q after entry %d", data[i], len(out)-1)
		}
	}
}

func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// parseInt32 reads a JSON integer (-?(0|[1-9][0-9]*), no fraction or exponent) at
// data[i:] that fits an int32, and returns the index after it.
func parseInt32(data []byte, i int) (int32, int, error) {
	neg := i < len(data) && data[i] == '-'
	if neg {
		i++
	}
	start := i
	var mag int64
	for i < len(data) && data[i] >= '0' && data[i] <= '9' {
		mag = 10*mag + int64(data[i]-'0')
		if mag > 1<<31 {
			return 0, 0, fmt.Errorf("outside int32")
		}
		i++
	}
	switch {
	case i == start:
		return 0, 0, fmt.Errorf("not an integer")
	case data[start] == '0' && i-start > 1:
		return 0, 0, fmt.Errorf("a leading zero")
	case i < len(data) && (data[i] == '.' || data[i] == 'e' || data[i] == 'E'):
		return 0, 0, fmt.Errorf("not an integer")
	}
	if neg {
		mag = -mag
	}
	if mag > 1<<31-1 {
		return 0, 0, fmt.Errorf("outside int32")
	}
	return int32(mag), i, nil
}

// Device is one device the job ran on, as the job read it (NVML for a GPU).
type Device struct {
	// Kind is "gpu" or "cpu".
	Kind     string `json:"kind"`
	UUID     string `json:"uuid"`
	Serial   string `json:"serial"`
	PCIBusID string `json:"pciBusId"`
	Model    string `json:"model"`
	Cores    uint32 `json:"cores"`
}

// Encoded sizes at their longest, for MaxAnswerBytes: a hash in a list ("…64…",), an
// int32 value (-2147483648,), a device text field of 128 bytes each written as a six-byte
// escape, and the JSON around them.
const (
	hashJSONBytes     = 2 + 64 + 1
	valueJSONBytes    = 12
	openingJSONBytes  = 96 + ChunkEntries*valueJSONBytes // without its path
	deviceJSONBytes   = 128 + 4*6*MaxDeviceFieldBytes + 16
	answerFixedBytes  = 256
	answerSlackFactor = 2 // room for indentation and line breaks
	answerSlackBytes  = 4096
)

// MaxAnswerBytes is the largest answer ParseAnswer reads for this spec: twice the longest
// compact encoding of an answer of the spec's shape (roots, openings and paths of the
// spec's counts, every value at its longest, the most devices), so that an indented
// answer passes and no answer makes the decoder hold more than a few times that. At the
// largest spec it is about 11 MB.
//
// For a challenge of several nodes it is the same over every part (a NodesAnswer), with
// MaxNodesDevices devices in all: at the largest (64 nodes, 4,096 openings of order 32,768
// in all) about 32 MB.
func MaxAnswerBytes(spec Spec) int {
	depth := TreeDepth(spec.Order)
	part := max(spec.Products, 0)*hashJSONBytes + max(spec.Openings, 0)*(openingJSONBytes+depth*hashJSONBytes)
	nodes := min(max(spec.Nodes, 1), MaxNodes)
	devices := MaxDevices
	if nodes > 1 {
		part += answerFixedBytes
		devices = MaxNodesDevices
	}
	compact := answerFixedBytes + nodes*part + devices*deviceJSONBytes
	return answerSlackFactor*compact + answerSlackBytes
}

// Encode writes the answer's JSON, with a final newline.
func (a *Answer) Encode() ([]byte, error) {
	b, err := json.Marshal(a)
	if err != nil {
		return nil, fmt.Errorf("challenge answer: encoding: %w", err)
	}
	return append(b, '\n'), nil
}

// ParseAnswer reads an answer to spec strictly: at most MaxAnswerBytes(spec) (checked
// before anything is decoded), one JSON object, known fields only, nothing after it; then
// CheckShape. Whether it is right is Verify's question.
func ParseAnswer(data []byte, spec Spec) (*Answer, error) {
	if err := spec.Validate(); err != nil {
		return nil, err
	}
	var a Answer
	if err := decodeAnswer(data, spec, &a); err != nil {
		return nil, err
	}
	return &a, nil
}

// decodeAnswer reads an answer document of either form into a: at most
// MaxAnswerBytes(spec), checked before anything is decoded; strictly; then its shape.
func decodeAnswer(data []byte, spec Spec, a interface{ CheckShape(Spec) error }) error {
	if limit := MaxAnswerBytes(spec); len(data) > limit {
		return fmt.Errorf("challenge answer: %d bytes, more than the %d an answer to this challenge can take", len(data), limit)
	}
	if err := decodeStrict(data, a); err != nil {
		return fmt.Errorf("challenge answer: %w", err)
	}
	return a.CheckShape(spec)
}

// CheckShape checks that the answer has the spec's shape: its version, one root per
// product, exactly spec.Openings openings each of a chunk that exists with 64 values in
// the range a true entry can take (|v| ≤ 64·N) and a path of TreeDepth(N) hashes, and
// bounded devices. The first fault is returned.
func (a *Answer) CheckShape(spec Spec) error {
	if err := spec.Validate(); err != nil {
		return err
	}
	if spec.NodeCount() > 1 {
		return fmt.Errorf("challenge answer: a challenge of %d nodes is answered part by part (ParseAnswers, PartSpec)", spec.NodeCount())
	}
	if a.Version != AnswerVersion {
		return fmt.Errorf("challenge answer: version %d: this build reads version %d", a.Version, AnswerVersion)
	}
	if len(a.Roots) != spec.Products {
		return fmt.Errorf("challenge answer: %d roots for %d products", len(a.Roots), spec.Products)
	}
	if len(a.Openings) != spec.Openings {
		return fmt.Errorf("challenge answer: %d openings, the challenge asks for %d", len(a.Openings), spec.Openings)
	}
	depth := TreeDepth(spec.Order)
	limit := int64(MaxEntry*MaxEntry) * int64(spec.Order)
	for i, o := range a.Openings {
		if int64(o.Product) >= int64(spec.Products) || o.Chunk >= spec.ChunksPerProduct() {
			return fmt.Errorf("challenge answer: opening %d is product %d chunk %d: the challenge has %d products of %d chunks",
				i, o.Product, o.Chunk, spec.Products, spec.ChunksPerProduct())
		}
		if len(o.Values) != ChunkEntries {
			return fmt.Errorf("challenge answer: opening %d (product %d chunk %d) has %d values, a chunk has %d",
				i, o.Product, o.Chunk, len(o.Values), ChunkEntries)
		}
		for t, v := range o.Values {
			if int64(v) > limit || int64(v) < -limit {
				row, col := chunkCell(spec, o.Chunk, t)
				return fmt.Errorf("challenge answer: opening %d: product %d C[%d][%d] = %d is outside ±%d, where every entry lies",
					i, o.Product, row, col, v, limit)
			}
		}
		if len(o.Path) != depth {
			return fmt.Errorf("challenge answer: opening %d (product %d chunk %d) has a path of %d hashes, the tree's depth is %d",
				i, o.Product, o.Chunk, len(o.Path), depth)
		}
	}
	if len(a.Devices) > MaxDevices {
		return fmt.Errorf("challenge answer: %d devices, at most %d", len(a.Devices), MaxDevices)
	}
	for i, d := range a.Devices {
		if err := d.check(); err != nil {
			return fmt.Errorf("challenge answer: device %d: %w", i, err)
		}
	}
	return nil
}

// check bounds a device's fields; what they mean is checked where the inventory is known.
func (d Device) check() error {
	if d.Kind != "gpu" && d.Kind != "cpu" {
		return fmt.Errorf("kind %q: must be gpu or cpu", clip(d.Kind))
	}
	for _, f := range []struct{ name, v string }{{"uuid", d.UUID}, {"serial", d.Serial}, {"pciBusId", d.PCIBusID}, {"model", d.Model}} {
		if len(f.v) > MaxDeviceFieldBytes {
			return fmt.Errorf("%s is %d bytes, at most %d", f.name, len(f.v), MaxDeviceFieldBytes)
		}
		if !utf8.ValidString(f.v) {
			return fmt.Errorf("%s is not UTF-8", f.name)
		}
		for _, r := range f.v {
			if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
				return fmt.Errorf("%s %q has a control character", f.name, clip(f.v))
			}
		}
	}
	if d.Cores > MaxDeviceCores {
		return fmt.Errorf("cores %d: at most %d", d.Cores, MaxDeviceCores)
	}
	return nil
}

// clip shortens text from an answer for an error message.
func clip(s string) string {
	const n = 32
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// chunkCell is the row and column of entry t of a chunk.
func chunkCell(spec Spec, chunk uint64, t int) (row, col uint64) {
	perRow := spec.chunksPerRow()
	return chunk / perRow, (chunk%perRow)*ChunkEntries + uint64(t)
}
