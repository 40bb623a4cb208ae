package accounting

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"testing/synctest"
	"time"

	"github.com/petagrid/petagrid/accounting/store"
	"github.com/petagrid/petagrid/slurmbridge"
	"github.com/petagrid/petagrid/test/fakeslurm"
)

// The service's Slurm, real or the test double.
var (
	_ Slurm = (*slurmbridge.Bridge)(nil)
	_ Slurm = (*fakeslurm.Slurm)(nil)
)

// fakeJob submits a job to the fake cluster; directives are #SBATCH lines of its script.
func fakeJob(t *testing.T, s *fakeslurm.Slurm, tag string, directives ...string) uint32 {
	t.Helper()
	script := "#!/bin/sh\n"
	for _, d := range directives {
		script += "#SBATCH " + d + "\n"
	}
	res, err := s.Submit(context.Background(), slurmbridge.SubmitRequest{Script: []byte(script + "true\n"), Tag: tag, WorkDir: "/tmp"})
	if err != nil {
		t.Fatal(err)
	}
	return res.JobID
}

// runInBackground runs fn until the test ends, and waits for it before the test's stores
// close (cleanups run last-registered first).
func runInBackground(t *testing.T, fn func(context.Context) error) {
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn(ctx)
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})
}

func storedJob(t *testing.T, st *store.Store, id uint32) store.Job {
	t.Helper()
	jobs, err := st.Jobs(context.Background(), store.JobFilter{})
	if err != nil {
		t.Fatal(err)
	}
	for _, j := range jobs {
		if j.Key.JobID == id {
			return j
		}
	}
	t.Fatalf("job %d is not stored (%d jobs are)", id, len(jobs))
	return store.Job{}
}

// TestHarvesterRunOnTheFakeCluster follows the harvester's loop over two days of history
// and then through a running job's end, a record that reaches slurmdbd late, and an outage
// of slurmdbd.
func TestHarvesterRunOnTheFakeCluster(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		slurm := fakeslurm.New(t, fakeslurm.Options{ClusterName: "c"})
		ctx := t.Context()
		begin := time.Now().UTC()
		// Two days of history: a 30-minute job every 3 hours.
		var history []uint32
		for i := range 16 {
			id := fakeJob(t, slurm, fmt.Sprintf("hist-%d", i))
			slurm.Start(id)
			time.Sleep(30 * time.Minute)
			slurm.Complete(id)
			time.Sleep(150 * time.Minute)
			history = append(history, id)
		}
		running := fakeJob(t, slurm, "running")
		slurm.Start(running)

		st := openStore(t, filepath.Join(t.TempDir(), "a.db"))
		cfg := Config{Harvest: HarvestConfig{Interval: 5 * time.Minute, Overlap: 2 * time.Hour, Chunk: 6 * time.Hour,
			InitialBackfill: 48 * time.Hour, MaxBackoff: 2 * time.Minute}}.WithDefaults()
		h, err := NewHarvester(slurm, st, "c", cfg.Harvest, "test", quietLog(), nil)
		if err != nil {
			t.Fatal(err)
		}
		runInBackground(t, h.Run)
		synctest.Wait()
		// The backfill reads the two days in bounded windows, back to back, and catches up.
		windows, err := st.Windows(ctx, "c", 1000)
		if err != nil {
			t.Fatal(err)
		}
		// Seven backfill windows of a chunk, then the last six hours as an overlap window
		// (newest first).
		var kinds []string
		for _, w := range windows {
			kinds = append(kinds, w.Kind)
			if w.Kind == KindBackfill && w.End.Sub(w.Start) > 6*time.Hour+backfillMargin {
				t.Errorf("backfill window %s–%s is wider than a chunk", w.Start, w.End)
			}
		}
		if len(kinds) != 8 || kinds[0] != KindOverlap || slices.Index(kinds[1:], KindOverlap) >= 0 {
			t.Errorf("windows %v", kinds)
		}
		for _, id := range history {
			if j := storedJob(t, st, id); j.State != "COMPLETED" || !j.RunEnded || j.Elapsed != 1800 {
				t.Fatalf("job %d: %+v", id, j)
			}
		}
		if j := storedJob(t, st, running); j.State != "RUNNING" || j.RunEnded {
			t.Fatalf("running job: %+v", j)
		}

		// A running job is read again every cycle until it ends.
		settle(12 * time.Minute)
		slurm.Complete(running)
		settle(5 * time.Minute)
		if j := storedJob(t, st, running); j.State != "COMPLETED" || j.Elapsed != 12*60 {
			t.Fatalf("ended job: %+v", j)
		}

		// A record slurmdbd receives late (an hour after the job ended) is caught by the
		// overlap.
		late := fakeJob(t, slurm, "late")
		slurm.LagAccounting(late, true)
		slurm.Start(late)
		settle(10 * time.Minute)
		slurm.Complete(late)
		settle(time.Hour)
		if jobs, _ := st.Jobs(ctx, store.JobFilter{}); slices.ContainsFunc(jobs, func(j store.Job) bool { return j.Key.JobID == late }) {
			t.Fatal("a job slurmdbd does not know was stored")
		}
		slurm.LagAccounting(late, false)
		settle(5 * time.Minute)
		if j := storedJob(t, st, late); j.State != "COMPLETED" {
			t.Fatalf("late job: %+v", j)
		}

		// slurmdbd down: nothing is stored, and the cycles back off 5, 10, 20 … up to
		// maxBackoff; once it answers, the harvester catches up without a gap.
		settle(time.Minute)
		before := len(slurm.Calls("sacct"))
		outageJob := fakeJob(t, slurm, "during-outage")
		slurm.AccountingDown()
		slurm.Start(outageJob)
		slurm.Complete(outageJob)
		settle(10 * time.Minute)
		var failed []fakeslurm.Call
		for _, c := range slurm.Calls("sacct")[before:] {
			if c.Err != nil {
				failed = append(failed, c)
			}
		}
		if got, want := gapsOf(failed), seconds([]time.Duration{5, 10, 20, 40, 80, 120, 120}); !slices.Equal(got, want) {
			t.Fatalf("waits between failed cycles %v, want %v", got, want)
		}
		slurm.AccountingUp()
		settle(2 * time.Minute)
		if j := storedJob(t, st, outageJob); j.State != "COMPLETED" {
			t.Fatalf("job of the outage: %+v", j)
		}
		cov, ok, err := st.Coverage(ctx, "c")
		if err != nil || !ok || cov.From.After(begin) || time.Since(cov.Until) > cfg.Harvest.Interval {
			t.Fatalf("coverage %+v %v (history from %s, now %s)", cov, err, begin, time.Now().UTC())
		}
	})
}

// settle lets d of fake time pass and every loop finish what that time brought, so that
// what the test does next never races a cycle due at the same instant.
func settle(d time.Duration) {
	time.Sleep(d)
	synctest.Wait()
}

func gapsOf(calls []fakeslurm.Call) []time.Duration {
	var out []time.Duration
	for i := 1; i < len(calls); i++ {
		out = append(out, calls[i].At.Sub(calls[i-1].At))
	}
	return out
}

func seconds(s []time.Duration) []time.Duration {
	out := make([]time.Duration, len(s))
	for i, v := range s {
		out[i] = v * time.Second
	}
	return out
}

// TestNodeSamplerOnTheFakeCluster samples the grid partition's nodes once per slot, with
// what runs on them and their drain state; a failed read is tried again within its slot,
// and a slot the controller never answered in stays unobserved.
func TestNodeSamplerOnTheFakeCluster(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		gpuNode := func(name string) slurmbridge.Node {
			return slurmbridge.Node{Name: name, State: "IDLE", CPUs: 32, RealMemoryMiB: 256000, Partitions: []string{"gpu"},
				GRES: []slurmbridge.GRES{{Name: "gpu", Type: "a100", Count: 4}}}
		}
		slurm := fakeslurm.New(t, fakeslurm.Options{ClusterName: "c", Nodes: []slurmbridge.Node{
			gpuNode("g1"), gpuNode("g2"), {Name: "c1", State: "IDLE", CPUs: 16, RealMemoryMiB: 64000, Partitions: []string{"cpu"}},
		}})
		ctx := t.Context()
		st := openStore(t, filepath.Join(t.TempDir(), "a.db"))
		start := time.Now().UTC()
		sampler := NewNodeSampler(slurm, st, "c", time.Minute, []string{"gpu"}, "test", quietLog(), nil)
		runInBackground(t, sampler.Run)
		settle(90 * time.Second) // slots 0 and 1 sampled
		job := fakeJob(t, slurm, "train", "--partition=gpu", "--gpus=a100:2", "--cpus-per-task=8")
		slurm.Start(job)
		slurm.SetNodeState("g2", "IDLE", []string{"DRAIN"}, "maintenance")
		settle(time.Minute) // slot 2
		slurm.ControllerDown()
		settle(2 * time.Minute) // every try in slot 3 fails, slot 4's up to 4m30s
		slurm.ControllerUp()
		settle(time.Minute) // slot 5

		slots, err := st.NodeSlots(ctx, "c", start, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		bySlot := map[int]map[string]store.NodeSlot{}
		for _, s := range slots {
			n := int(s.SlotStart.Sub(start) / time.Minute)
			if bySlot[n] == nil {
				bySlot[n] = map[string]store.NodeSlot{}
			}
			bySlot[n][s.Node] = s
		}
		for _, n := range []int{0, 1, 2, 4, 5} {
			if len(bySlot[n]) != 2 || bySlot[n]["c1"].Node != "" {
				t.Fatalf("slot %d: %+v", n, bySlot[n])
			}
		}
		if len(bySlot[3]) != 0 {
			t.Fatalf("a slot of the outage was recorded: %+v", bySlot[3])
		}
		if at := bySlot[4]["g1"].SampledAt; !at.Equal(start.Add(4*time.Minute + 35*time.Second)) {
			t.Fatalf("slot 4 sampled at %s", at)
		}
		if g1 := bySlot[1]["g1"]; g1.State != "IDLE" || g1.AllocGPUs != 0 || !g1.Available || g1.GPUs != 4 || g1.GPUTypes != "a100:4" {
			t.Fatalf("g1 idle: %+v", g1)
		}
		if g1 := bySlot[2]["g1"]; g1.State != "MIXED" || g1.AllocGPUs != 2 || g1.AllocCPUs != 8 || !g1.Available {
			t.Fatalf("g1 with a job: %+v", g1)
		}
		if g2 := bySlot[2]["g2"]; g2.Available || g2.Reason != "maintenance" {
			t.Fatalf("drained g2: %+v", g2)
		}
		// Within each slot of the outage, a failed read is tried again every 5 s.
		var tries []fakeslurm.Call
		for _, c := range slurm.Calls("Nodes") {
			if c.Err != nil {
				tries = append(tries, c)
			}
		}
		if len(tries) != 12+7 {
			t.Fatalf("%d failed reads, want 12 in slot 3 and 7 in slot 4", len(tries))
		}
	})
}
