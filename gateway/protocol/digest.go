package protocol

import (
	"encoding/json"

	"github.com/ethereum/go-ethereum/crypto"
)

// registrationDigestDomain separates registration digests from every other hash.
const registrationDigestDomain = "petagrid-registration-v1\n"

// Digest names what an operator reviews when approving a site: its name and its inventory
// (partitions, node shapes and their index, capacity, GPUs, power limit, catalog), without the
// live counts (nodes available or idle now), which change at every poll. An approval carries
// the digest it was given; a registration that changed since no longer matches, so a site
// cannot swap in more capacity between the operator's review and the approval.
func (r Registration) Digest() [32]byte {
	inv := r.Inventory
	inv.Partitions = make([]Partition, len(r.Inventory.Partitions))
	for i, p := range r.Inventory.Partitions {
		shapes := make([]NodeShape, len(p.Shapes))
		for k, s := range p.Shapes {
			s.Available, s.Idle = 0, 0
			shapes[k] = s
		}
		p.Shapes = shapes
		inv.Partitions[i] = p
	}
	// Struct fields marshal in declaration order and every field is a plain value, so the
	// encoding is canonical for a given registration.
	data, err := json.Marshal(struct {
		Site      string    `json:"site"`
		Inventory Inventory `json:"inventory"`
	}{r.Site, inv})
	if err != nil {
		// Strings and integers always marshal. Were it ever to fail, the zero digest matches
		// no approval and the registry refuses it: an approval fails rather than admits.
		return [32]byte{}
	}
	return crypto.Keccak256Hash([]byte(registrationDigestDomain), data)
}
