package gpu

import (
	"context"
	"errors"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/petagrid/petagrid/accounting/store"
	"github.com/petagrid/petagrid/slurmbridge"
	"github.com/petagrid/petagrid/test/fakeslurm"
)

type fakeLister struct {
	jobs    []slurmbridge.Job
	err     error
	queries []slurmbridge.JobQuery
}

func (f *fakeLister) ListJobs(_ context.Context, q slurmbridge.JobQuery) ([]slurmbridge.Job, error) {
	f.queries = append(f.queries, q)
	return f.jobs, f.err
}

func TestSlurmAllocations(t *testing.T) {
	submit := time.Date(2025, 3, 1, 10, 0, 0, 0, time.FixedZone("CET", 3600))
	gres := func(node string, g ...slurmbridge.GRES) slurmbridge.NodeGRES {
		return slurmbridge.NodeGRES{Node: node, GRES: g}
	}
	gpu := func(typ string, idx ...int) slurmbridge.GRES {
		return slurmbridge.GRES{Name: "gpu", Type: typ, Count: int64(len(idx)), Indices: idx}
	}
	task := uint32(3)
	lister := &fakeLister{jobs: []slurmbridge.Job{
		{ID: 10, State: slurmbridge.StateRunning, SubmitTime: submit, GRES: []slurmbridge.NodeGRES{
			gres("n1", gpu("a100", 1, 0)), gres("n2", gpu("", 3)),
		}},
		{ID: 11, State: slurmbridge.StatePending, SubmitTime: submit},
		{ID: 12, State: slurmbridge.StateCompleted, SubmitTime: submit, GRES: []slurmbridge.NodeGRES{gres("n1", gpu("", 2))}},
		{ID: 13, State: slurmbridge.StateCompleting, SubmitTime: submit, GRES: []slurmbridge.NodeGRES{gres("n1", gpu("", 2))}},
		{ID: 14, State: slurmbridge.StateRunning, SubmitTime: submit, GRES: []slurmbridge.NodeGRES{
			gres("n1", slurmbridge.GRES{Name: "shard", Count: 2, Indices: []int{4}}, slurmbridge.GRES{Name: "gpu", Type: "tesla", Count: 0}),
		}},
		// Two GPU types on one node: merged, sorted, deduplicated.
		{ID: 15, ArrayJobID: 9, ArrayTaskID: &task, State: slurmbridge.StateSuspended, SubmitTime: submit, GRES: []slurmbridge.NodeGRES{
			gres("n3", gpu("h100", 5, 1), gpu("h200", 2, 1)),
		}},
		// Holds GPUs but Slurm did not say which.
		{ID: 16, State: slurmbridge.StateRunning, SubmitTime: submit, GRES: []slurmbridge.NodeGRES{
			gres("n4", slurmbridge.GRES{Name: "gpu", Count: 1}),
		}},
		{ID: 17, State: slurmbridge.StateRunning, SubmitTime: submit},
	}}
	src, err := NewSlurmAllocations(lister, "prod")
	if err != nil {
		t.Fatal(err)
	}
	var _ AllocationSource = src
	got, err := src.GPUAllocations(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	key := func(id uint32) store.JobKey {
		return store.JobKey{Cluster: "prod", JobID: id, SubmitTime: submit.UTC()}
	}
	want := []Allocation{
		{Job: key(10), Node: "n1", SlurmIndices: []int{0, 1}},
		{Job: key(10), Node: "n2", SlurmIndices: []int{3}},
		{Job: key(13), Node: "n1", SlurmIndices: []int{2}},
		{Job: key(15), Node: "n3", SlurmIndices: []int{1, 2, 5}},
		{Job: key(16), Node: "n4", SlurmIndices: nil},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("allocations:\n got %+v\nwant %+v", got, want)
	}
	if len(lister.queries) != 1 || !reflect.DeepEqual(lister.queries[0], slurmbridge.JobQuery{}) {
		t.Errorf("queries: %+v, want one for all jobs", lister.queries)
	}

	lister.err = errors.New("squeue: timeout")
	if _, err := src.GPUAllocations(context.Background()); err == nil || !errors.Is(err, lister.err) {
		t.Errorf("lister failure: %v", err)
	}
	if _, err := NewSlurmAllocations(lister, ""); err == nil {
		t.Error("empty cluster accepted")
	}
	if _, err := NewSlurmAllocations(nil, "prod"); err == nil {
		t.Error("nil lister accepted")
	}
	// The real bridge fits.
	var _ JobLister = (*slurmbridge.Bridge)(nil)
}

// TestSlurmAllocationsFromTheFakeCluster reads allocations as the fake controller places
// jobs: only jobs holding resources count, each with the GPU indices it was given, an array
// task under its own id.
func TestSlurmAllocationsFromTheFakeCluster(t *testing.T) {
	var _ JobLister = (*fakeslurm.Slurm)(nil)
	slurm := fakeslurm.New(t, fakeslurm.Options{ClusterName: "prod", Nodes: []slurmbridge.Node{
		{Name: "g1", State: "IDLE", CPUs: 64, RealMemoryMiB: 512000, Partitions: []string{"gpu"},
			GRES: []slurmbridge.GRES{{Name: "gpu", Type: "a100", Count: 4}, {Name: "gpu", Type: "v100", Count: 2}}},
	}})
	ctx := context.Background()
	submit := func(tag, gpus, array string) uint32 {
		t.Helper()
		res, err := slurm.Submit(ctx, slurmbridge.SubmitRequest{Script: []byte("#!/bin/sh\ntrue\n"), Tag: tag, WorkDir: "/tmp", Array: array, Options: []string{"--gpus=" + gpus}})
		if err != nil {
			t.Fatal(err)
		}
		return res.JobID
	}
	two := submit("two", "a100:2", "")
	ended := submit("ended", "a100:1", "")
	sweep := submit("sweep", "v100:1", "0-2")
	submit("waiting", "a100:4", "") // pending: holds nothing yet
	slurm.Start(two)
	slurm.Start(ended)
	slurm.Complete(ended)
	slurm.Start(sweep, 0, 1) // task 2 waits: both V100s are taken
	src, err := NewSlurmAllocations(slurm, "prod")
	if err != nil {
		t.Fatal(err)
	}
	got, err := src.GPUAllocations(ctx)
	if err != nil {
		t.Fatal(err)
	}
	jobs, err := slurm.ListJobs(ctx, slurmbridge.JobQuery{IDs: []uint32{two, sweep}})
	if err != nil {
		t.Fatal(err)
	}
	key := map[string]store.JobKey{}
	for _, j := range jobs {
		name := j.Name
		if j.ArrayTaskID != nil {
			name += "_" + strconv.Itoa(int(*j.ArrayTaskID))
		}
		key[name] = store.JobKey{Cluster: "prod", JobID: j.ID, SubmitTime: j.SubmitTime}
	}
	want := []Allocation{
		{Job: key["two"], Node: "g1", SlurmIndices: []int{0, 1}},
		{Job: key["sweep_0"], Node: "g1", SlurmIndices: []int{4}},
		{Job: key["sweep_1"], Node: "g1", SlurmIndices: []int{5}},
	}
	if !reflect.DeepEqual(got, want) || key["sweep_0"].JobID == sweep {
		t.Errorf("allocations:\n got %+v\nwant %+v", got, want)
	}
}
