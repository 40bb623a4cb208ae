package challenge

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"time"
)

// MaxNodesDevices bounds the devices all the parts of an answer name together (each part
// is still bounded by MaxDevices): 64 nodes of eight GPUs and a CPU each, twice over.
const MaxNodesDevices = 1024

// partNonceDomain separates a part's nonce from every other hash of the scheme.
const partNonceDomain = "petagrid-challenge-part-v1"

// PartNonce is the nonce of part i of a challenge of several nodes: SHA-256(domain ‖ nonce
// ‖ uint32 i). Each part's matrices, commitment and openings follow from it, so that no
// part's answer fits another part: a node cannot answer for two by copying.
func PartNonce(nonce Hash, part uint32) Hash {
	h := sha256.New()
	h.Write([]byte(partNonceDomain))
	h.Write(nonce[:])
	var b [4]byte
	binary.BigEndian.PutUint32(b[:], part)
	h.Write(b[:])
	var out Hash
	h.Sum(out[:0])
	return out
}

// PartSpec is what node i of the challenge computes: the spec for one node, with the
// part's nonce (PartNonce) and the same order, products, openings and deadline. The one
// part of a one-node challenge is the spec itself.
func (s Spec) PartSpec(i int) (Spec, error) {
	n := s.NodeCount()
	if i < 0 || i >= n {
		return Spec{}, fmt.Errorf("challenge spec: part %d of a challenge of %d nodes", i, n)
	}
	part := s
	part.Nodes = 0
	if n > 1 {
		part.Nonce = PartNonce(s.Nonce, uint32(i))
	}
	return part, nil
}

// NodesAnswer is the answer to a challenge of several nodes: each node's answer to its
// part, in part order, under the challenge's own nonce.
type NodesAnswer struct {
	Version uint32 `json:"version"`
	Nonce   Hash   `json:"nonce"`
	Parts   Parts  `json:"parts"`
}

// Encode writes the answer's JSON, with a final newline.
func (a *NodesAnswer) Encode() ([]byte, error) {
	b, err := json.Marshal(a)
	if err != nil {
		return nil, fmt.Errorf("challenge answer: encoding: %w", err)
	}
	return append(b, '\n'), nil
}

// CheckShape checks that the answer has the spec's shape: its version, the challenge's
// nonce, one part per node, each of its part's shape (Answer.CheckShape), and at most
// MaxNodesDevices devices in all.
func (a *NodesAnswer) CheckShape(spec Spec) error {
	if err := spec.Validate(); err != nil {
		return err
	}
	n := spec.NodeCount()
	if n < 2 {
		return fmt.Errorf("challenge answer: a one-node challenge is answered with one answer, not parts")
	}
	if a.Version != AnswerVersion {
		return fmt.Errorf("challenge answer: version %d: this build reads version %d", a.Version, AnswerVersion)
	}
	if a.Nonce != spec.Nonce {
		return fmt.Errorf("challenge answer: the answer is for nonce %s, this challenge's is %s: a replayed or forwarded answer", a.Nonce, spec.Nonce)
	}
	if len(a.Parts) != n {
		return fmt.Errorf("challenge answer: %d parts for a challenge of %d nodes", len(a.Parts), n)
	}
	devices := 0
	for i := range a.Parts {
		part, err := spec.PartSpec(i)
		if err != nil {
			return err
		}
		if err := a.Parts[i].CheckShape(part); err != nil {
			return fmt.Errorf("part %d: %w", i, err)
		}
		devices += len(a.Parts[i].Devices)
	}
	if devices > MaxNodesDevices {
		return fmt.Errorf("challenge answer: %d devices in all parts, at most %d", devices, MaxNodesDevices)
	}
	return nil
}

// ParseAnswers reads an answer to spec, one answer per node in part order: for a one-node
// challenge the Answer itself (ParseAnswer), for several a NodesAnswer, read strictly
// within MaxAnswerBytes(spec) (checked before anything is decoded) and of the spec's
// shape.
func ParseAnswers(data []byte, spec Spec) ([]*Answer, error) {
	if err := spec.Validate(); err != nil {
		return nil, err
	}
	if spec.NodeCount() == 1 {
		a, err := ParseAnswer(data, spec)
		if err != nil {
			return nil, err
		}
		return []*Answer{a}, nil
	}
	var a NodesAnswer
	if err := decodeAnswer(data, spec, &a); err != nil {
		return nil, err
	}
	parts := make([]*Answer, len(a.Parts))
	for i := range a.Parts {
		parts[i] = &a.Parts[i]
	}
	return parts, nil
}

// VerifyNodes checks each part's answer against its part's spec (Verify), in part order,
// and returns the first fault, naming the part, with what the checks cost in all. Which
// devices the parts name is the caller's question (several parts naming one GPU are one
// node answering twice).
func VerifyNodes(ctx context.Context, spec Spec, parts []*Answer, receivedAt time.Time) (Result, error) {
	var total Result
	if err := spec.Validate(); err != nil {
		return total, fmt.Errorf("challenge verify: %w", err)
	}
	n := spec.NodeCount()
	if len(parts) != n {
		return total, fmt.Errorf("challenge verify: %d parts for a challenge of %d nodes", len(parts), n)
	}
	for i, ans := range parts {
		part, err := spec.PartSpec(i)
		if err != nil {
			return total, err
		}
		res, err := Verify(ctx, part, ans, receivedAt)
		total.Openings += res.Openings
		total.EntriesChecked += res.EntriesChecked
		total.MultiplyAdds += res.MultiplyAdds
		total.Operations += res.Operations
		total.GeneratedEntries += res.GeneratedEntries
		total.Hashes += res.Hashes
		if n == 1 {
			total.Commitment = res.Commitment
		}
		if err != nil {
			if n == 1 {
				return total, err
			}
			return total, fmt.Errorf("part %d of %d: %w", i, n, err)
		}
	}
	return total, nil
}
