package tokenomics

import (
	"errors"
	"fmt"
	"math/big"
)

// ErrNodeIndexOverflow is returned by ScoreNode when the sum of a node's parts does not fit
// in the uint64 of MFLOPS that every stored index figure uses.
var ErrNodeIndexOverflow = errors.New("the node's index does not fit in 64 bits of MFLOPS")

// GPUSpec is the spec of `count` GPUs of a model in a node with `adapters` RDMA adapters of
// the interconnect with the given id. The adapters are shared by the node's GPUs: each GPU
// gets its share, adapters × line rate / count. The model is checked when the spec is scored.
func (c *Catalog) GPUSpec(model string, count int64, interconnect string, adapters int64) (DeviceSpec, error) {
	if count < 1 {
		return DeviceSpec{}, fmt.Errorf("%s: %d GPUs; a node has at least one", model, count)
	}
	if adapters < 0 {
		return DeviceSpec{}, fmt.Errorf("%s: %d RDMA adapters", model, adapters)
	}
	ic, err := c.Interconnect(interconnect)
	if err != nil {
		return DeviceSpec{}, err
	}
	return DeviceSpec{
		Model:             model,
		Count:             big.NewRat(count, 1),
		RDMAGbpsPerDevice: new(big.Rat).Mul(ic.Gbps.Rat(), big.NewRat(adapters, count)),
	}, nil
}

// NodeScore is the index of a node made of several parts (its GPUs, its CPUs), each scored
// on its own, and what the node earns over some operational time.
type NodeScore struct {
	Parts []Score
	// TotalMegaFLOPS is the sum of the parts' totals.
	TotalMegaFLOPS uint64
	// ReferenceMegaFLOPS is one device of the catalog's reference system, the unit of
	// Compute Hours.
	ReferenceMegaFLOPS uint64
}

// ScoreNode scores each part of a node and adds them up, in the order given. A sum beyond
// uint64 is ErrNodeIndexOverflow.
func (c *Catalog) ScoreNode(parts ...DeviceSpec) (NodeScore, error) {
	n := NodeScore{ReferenceMegaFLOPS: c.refScore.PerDeviceMegaFLOPS}
	for _, spec := range parts {
		s, err := c.Score(spec)
		if err != nil {
			return NodeScore{}, err
		}
		n.Parts = append(n.Parts, s)
		// A part's total is capped at the largest uint64 when it overflows on its own.
		if n.TotalMegaFLOPS+s.TotalMegaFLOPS < n.TotalMegaFLOPS || s.TotalMegaFLOPS == ^uint64(0) {
			return NodeScore{}, ErrNodeIndexOverflow
		}
		n.TotalMegaFLOPS += s.TotalMegaFLOPS
	}
	return n, nil
}

// ComputeHoursMilli is the node's Compute Hours over durationSeconds, in thousandths
// (equation (1) of the Compute Hours paper, rounded down).
func (n NodeScore) ComputeHoursMilli(durationSeconds uint64) (uint64, error) {
	return ComputeHoursMilli(n.TotalMegaFLOPS, n.ReferenceMegaFLOPS, durationSeconds)
}

// Payment is what the node earns over durationSeconds at a cost in DPS wei per
// PFLOPS-hour (equation (3), rounded down).
func (n NodeScore) Payment(costWeiPerPFLOPSHour *big.Int, durationSeconds uint64) *big.Int {
	return Payment(costWeiPerPFLOPSHour, n.TotalMegaFLOPS, durationSeconds)
}

// HoursToSeconds converts operational hours, as people give them, into the whole seconds
// the equations take: a fraction of a second is dropped, anything not above 0 is 0 and
// anything beyond uint64 is its largest value.
func HoursToSeconds(hours float64) uint64 {
	seconds := hours * 3600
	switch {
	case !(seconds > 0):
		return 0
	case seconds >= 1<<64:
		return ^uint64(0)
	}
	return uint64(seconds)
}
