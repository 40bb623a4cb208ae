package gpu

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/petagrid/petagrid/accounting/store"
	"github.com/petagrid/petagrid/slurmbridge"
)

// Allocation is the GPUs one job holds on one node, by Slurm's device indices there. Empty
// SlurmIndices means Slurm said the job holds GPUs there but not which.
type Allocation struct {
	Job          store.JobKey
	Node         string
	SlurmIndices []int
}

// AllocationSource tells which jobs hold which GPUs now. The sampler asks it once per round.
type AllocationSource interface {
	GPUAllocations(ctx context.Context) ([]Allocation, error)
}

// JobLister is the part of *slurmbridge.Bridge that SlurmAllocations uses.
type JobLister interface {
	ListJobs(ctx context.Context, q slurmbridge.JobQuery) ([]slurmbridge.Job, error)
}

// SlurmAllocations is the AllocationSource of a Slurm cluster: the GPU indices of every
// active job, from one controller query (squeue) per call.
type SlurmAllocations struct {
	jobs    JobLister
	cluster string
}

// NewSlurmAllocations reads allocations through jobs (a *slurmbridge.Bridge) and keys them
// with cluster, the name the accounting store uses for this cluster.
func NewSlurmAllocations(jobs JobLister, cluster string) (*SlurmAllocations, error) {
	if jobs == nil {
		return nil, errors.New("GPU allocations: no job lister")
	}
	if cluster == "" {
		return nil, errors.New("GPU allocations: cluster name is empty")
	}
	return &SlurmAllocations{jobs: jobs, cluster: cluster}, nil
}

// GPUAllocations lists, for every job that holds resources (running, suspended,
// completing…), the indices of the GPUs it holds on each node. GRES named "gpu" count,
// typed ("gpu:a100") or not; shards and MPS shares do not carry device indices here.
func (a *SlurmAllocations) GPUAllocations(ctx context.Context) ([]Allocation, error) {
	// One unfiltered query: a filter per node would cost one controller RPC per node.
	jobs, err := a.jobs.ListJobs(ctx, slurmbridge.JobQuery{})
	if err != nil {
		return nil, fmt.Errorf("GPU allocations of cluster %s: %w", a.cluster, err)
	}
	var out []Allocation
	for _, j := range jobs {
		if !j.State.Active() {
			continue
		}
		key := store.JobKey{Cluster: a.cluster, JobID: j.ID, SubmitTime: j.SubmitTime.UTC()}
		// A node can appear in several entries (one per GRES type): merge them.
		byNode := map[string][]int{}
		var nodes []string
		for _, ng := range j.GRES {
			for _, g := range ng.GRES {
				if g.Name != "gpu" || g.Count == 0 {
					continue
				}
				if _, seen := byNode[ng.Node]; !seen {
					nodes = append(nodes, ng.Node)
				}
				byNode[ng.Node] = append(byNode[ng.Node], g.Indices...)
			}
		}
		for _, node := range nodes {
			idx := byNode[node]
			slices.Sort(idx)
			out = append(out, Allocation{Job: key, Node: node, SlurmIndices: slices.Compact(idx)})
		}
	}
	return out, nil
}
