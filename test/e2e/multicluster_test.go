package e2e

import (
	"testing"
	"time"

	"github.com/petagrid/petagrid/slurmbridge"
)

// Two clusters on one machine, selected by SLURM_CONF, must not see each other's jobs, nodes
// or accounting: multi-site tests rely on it.
func TestSecondClusterIsIndependent(t *testing.T) {
	a := testBridge(t)
	b := clusterBridge(t, "PETAGRID_TEST_SLURM_CONF_B", "test/cluster/cluster up --name siteb")
	ctx := testContext(t)
	nodesA, err := a.Nodes(ctx)
	if err != nil {
		t.Fatal(err)
	}
	nodesB, err := b.Nodes(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(nodesA) != 1 || len(nodesB) != 1 || nodesA[0].Name == nodesB[0].Name {
		t.Fatalf("nodes A %v, B %v", nodesA, nodesB)
	}

	tag := uniqueTag(t)
	id := submit(t, b, slurmbridge.SubmitRequest{Script: script("true"), Tag: tag})
	jobs := waitFor(t, b, id)
	if jobs[0].Cluster == "" || jobs[0].Nodes != nodesB[0].Name {
		t.Errorf("job on B: cluster %q nodes %q", jobs[0].Cluster, jobs[0].Nodes)
	}
	rec := accountingRecord(t, b, id, slurmbridge.FormatAuto)
	if rec.Cluster != jobs[0].Cluster || rec.Name != tag {
		t.Errorf("B's accounting: %+v", rec)
	}
	onA, err := a.Accounting(ctx, slurmbridge.AccountingQuery{Start: time.Now().Add(-time.Hour), End: time.Now().Add(time.Minute), Names: []string{tag}})
	if err != nil || len(onA) != 0 {
		t.Errorf("cluster A's accounting sees B's job: %+v %v", onA, err)
	}
	statesA, err := a.JobStates(ctx, []uint32{id})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range statesA {
		if s.SubmitTime.Equal(jobs[0].SubmitTime) && s.Nodes == nodesB[0].Name {
			t.Errorf("cluster A's controller knows B's job: %+v", s)
		}
	}
}
