package challenge

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// The lists of an answer, each read with a bound on its elements that holds for every
// spec (the spec's own counts are CheckShape's). An element's JSON can be far smaller than
// the value it decodes into (`{}` is 3 bytes, an Answer over a hundred, `null` 4 bytes, a
// Hash 32), so bounding the document's bytes alone would let a crafted answer make the
// decoder allocate many times its size; each list below refuses its element past the bound
// as soon as it starts instead.

// Roots are an answer's product roots, at most MaxProducts.
type Roots []Hash

// Path is an opening's Merkle path, at most the deepest tree's depth.
type Path []Hash

// Openings are an answer's opened chunks, at most MaxOpenings.
type Openings []Opening

// Devices are the devices an answer names, at most MaxDevices.
type Devices []Device

// Parts are the answers of a challenge of several nodes, at most MaxNodes.
type Parts []Answer

// maxTreeDepth is the depth of the largest order's tree.
var maxTreeDepth = TreeDepth(MaxOrder)

// UnmarshalJSON reads at most MaxProducts roots.
func (r *Roots) UnmarshalJSON(data []byte) error {
	return decodeHashes(data, (*[]Hash)(r), MaxProducts, "roots")
}

// UnmarshalJSON reads at most the deepest tree's depth of hashes.
func (p *Path) UnmarshalJSON(data []byte) error {
	return decodeHashes(data, (*[]Hash)(p), maxTreeDepth, "path")
}

// decodeHashes reads a JSON array of at most limit hashes, each a string of 64 lowercase
// hexadecimal digits, in one loop, as Values does: an answer holds tens of thousands, and
// the decoder's reflection per element would be most of its reading time. A null element
// is refused (no encoder writes one, and 5 bytes of JSON would make 32 of memory).
func decodeHashes(data []byte, out *[]Hash, limit int, what string) error {
	if string(bytes.TrimSpace(data)) == "null" {
		return nil
	}
	i := skipSpace(data, 0)
	if i == len(data) || data[i] != '[' {
		return fmt.Errorf("%s: want an array of hashes", what)
	}
	list := make([]Hash, 0, min(limit, 8))
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == ']' {
		if skipSpace(data, i+1) != len(data) {
			return fmt.Errorf("%s: data after the array", what)
		}
		*out = list
		return nil
	}
	for {
		if len(list) == limit {
			return fmt.Errorf("%s: more than %d", what, limit)
		}
		var h Hash
		switch {
		case i < len(data) && data[i] == '"':
			end := bytes.IndexByte(data[i+1:], '"')
			if end < 0 {
				return fmt.Errorf("%s: element %d: the string does not end", what, len(list))
			}
			if err := h.UnmarshalText(data[i+1 : i+1+end]); err != nil {
				return fmt.Errorf("%s: element %d: %w", what, len(list), err)
			}
			i += end + 2
		default:
			return fmt.Errorf("%s: element %d: a hash is a JSON string of %d hexadecimal digits", what, len(list), 2*len(h))
		}
		list = append(list, h)
		i = skipSpace(data, i)
		if i == len(data) {
			return fmt.Errorf("%s: the array does not end", what)
		}
		switch data[i] {
		case ',':
			i = skipSpace(data, i+1)
		case ']':
			if skipSpace(data, i+1) != len(data) {
				return fmt.Errorf("%s: data after the array", what)
			}
			*out = list
			return nil
		default:
			return fmt.Errorf("%s: %q after element %d", what, data[i], len(list)-1)
		}
	}
}

// UnmarshalJSON reads at most MaxOpenings openings.
func (o *Openings) UnmarshalJSON(data []byte) error {
	return decodeBounded(data, (*[]Opening)(o), MaxOpenings, "openings")
}

// UnmarshalJSON reads at most MaxDevices devices.
func (d *Devices) UnmarshalJSON(data []byte) error {
	return decodeBounded(data, (*[]Device)(d), MaxDevices, "devices")
}

// UnmarshalJSON reads at most MaxNodes parts.
func (p *Parts) UnmarshalJSON(data []byte) error {
	return decodeBounded(data, (*[]Answer)(p), MaxNodes, "parts")
}

// decodeBounded reads a JSON array of at most limit elements into *out, each decoded with
// unknown fields refused (a custom decoder does not inherit the caller's setting); null
// leaves *out as it is, as for any JSON value.
func decodeBounded[T any](data []byte, out *[]T, limit int, what string) error {
	data = bytes.TrimSpace(data)
	if string(data) == "null" {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
		return fmt.Errorf("%s: want an array", what)
	}
	list := make([]T, 0, min(limit, 8))
	for dec.More() {
		if len(list) == limit {
			return fmt.Errorf("%s: more than %d", what, limit)
		}
		var v T
		if err := dec.Decode(&v); err != nil {
			return fmt.Errorf("%s: element %d: %w", what, len(list), err)
		}
		list = append(list, v)
	}
	if _, err := dec.Token(); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	*out = list
	return nil
}
