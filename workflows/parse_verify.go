package workflows

import (
	"math"

	"gopkg.in/yaml.v3"
)

// Bounds of verify.replicas: replicated execution needs two sites to compare at least, and
// every replica is paid for out of one budget, so a handful is the most that makes sense.
const (
	MinReplicas = 2
	MaxReplicas = 5
)

// MaxReruns bounds verify.reruns: each rerun is one more run the budget must pay for, and a
// workflow that fails on that many sites is more likely broken than unlucky.
const MaxReruns = 3

// verifyFields are the keys of verify.
var verifyFields = []string{"replicas", "quorum", "reruns"}

// verify reads verify: replicas (required), quorum (a strict majority of them, by default
// the smallest one) and reruns (0 by default). What it needs of the rest of the workflow is
// checked by checkVerify.
func (d *decoder) verify(n *yaml.Node) *Verify {
	n = resolve(n)
	f, ok := d.mapping(n, "verify", verifyFields...)
	if !ok {
		return nil
	}
	v := &Verify{At: posOf(n)}
	if r, ok := f["replicas"]; ok {
		if x, ok := d.integer(r.value, "verify replicas", MinReplicas, MaxReplicas); ok {
			v.Replicas = int(x)
		}
	} else {
		d.fail(n, "verify needs replicas: how many distinct sites run the workflow (%d-%d)", MinReplicas, MaxReplicas)
	}
	if r, ok := f["reruns"]; ok {
		if x, ok := d.integer(r.value, "verify reruns", 0, MaxReruns); ok {
			v.Reruns = int(x)
		}
	}
	q, ok := f["quorum"]
	if !ok {
		if v.Replicas > 0 {
			v.Quorum = v.Replicas/2 + 1
		}
		return v
	}
	x, ok := d.integer(q.value, "verify quorum", math.MinInt64, math.MaxInt64)
	if !ok {
		return v
	}
	switch {
	case v.Replicas == 0:
		// replicas is missing or wrong (reported): check what holds for any replicas.
		if lo := int64(MinReplicas/2 + 1); x < lo || x > MaxReplicas {
			d.fail(q.value, "verify quorum must be between %d and %d, got %d", lo, MaxReplicas, x)
		}
	case x <= int64(v.Replicas/2) || x > int64(v.Replicas):
		d.fail(q.value, "verify quorum must be between %d and %d for %d replicas, got %d: a quorum is more than half of the replicas, so that two groups that disagree can never both reach it (leave quorum out for %d)",
			v.Replicas/2+1, v.Replicas, v.Replicas, x, v.Replicas/2+1)
	default:
		v.Quorum = int(x)
	}
	return v
}
