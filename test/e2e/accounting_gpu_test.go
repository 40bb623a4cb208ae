package e2e

import (
	"context"
	"io"
	"math/big"
	"path/filepath"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/accounting"
	"github.com/petagrid/petagrid/accounting/store"
	"github.com/petagrid/petagrid/pocp"
	"github.com/petagrid/petagrid/site/pocpreport"
	"github.com/petagrid/petagrid/slurmbridge"
	nvmldouble "github.com/petagrid/petagrid/test/doubles/nvml"
	"github.com/petagrid/petagrid/tokenomics"
)

// TestAccountingAttributesRealSlurmGPUs runs the accounting service against the real test
// cluster with the NVML double standing in for the node's GPUs (no GPU exists here): two GPU
// jobs run at once, Slurm allocates their GPU indices, and each job must be charged exactly
// the GPUs Slurm gave it — mapped to UUIDs by minor number — with energy equal to what the
// double's GPUs drew while the job held them.
func TestAccountingAttributesRealSlurmGPUs(t *testing.T) {
	b := testBridge(t)
	testStart := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	nodes, err := b.Nodes(ctx)
	if err != nil || len(nodes) == 0 {
		t.Fatalf("nodes: %v", err)
	}
	node := nodes[0].Name
	machine := nvmldouble.New(t)
	// Each GPU draws its own steady power, so that energy tells which GPU it came from.
	powerOf := map[string]uint32{}
	for i, g := range machine.GPUs {
		powerOf[g.UUID] = uint32(100_000 + 25_000*i)
	}
	drawCtx, stopDrawing := context.WithCancel(ctx)
	drawing := make(chan struct{})
	go func() {
		defer close(drawing)
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		last := time.Now()
		for {
			select {
			case <-drawCtx.Done():
				return
			case now := <-tick.C:
				for _, g := range machine.GPUs {
					g.Consume(powerOf[g.UUID], now.Sub(last).Milliseconds())
				}
				last = now
			}
		}
	}()
	defer func() { stopDrawing(); <-drawing }()

	log := logrus.New()
	log.SetOutput(io.Discard)
	cfg := accounting.Config{
		Store:   filepath.Join(t.TempDir(), "acct.db"),
		Harvest: accounting.HarvestConfig{Interval: time.Second, Overlap: time.Hour, InitialBackfill: 10 * time.Minute},
		Nodes:   accounting.NodesConfig{Slot: 10 * time.Second},
		GPUs:    accounting.GPUsConfig{Mode: "on", Interval: 250 * time.Millisecond, Node: node, IndexOrder: "minor"},
	}
	svc, err := accounting.NewService(ctx, cfg, b, accounting.ServiceOptions{Version: "e2e", Log: log, NVML: machine})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	svcCtx, cancelService := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- svc.Run(svcCtx) }()
	var stopOnce sync.Once
	stopService := func() { stopOnce.Do(func() { cancelService(); <-done }) }
	defer stopService()

	// Two GPU jobs at once on the four fake GPUs.
	jobA := submit(t, b, slurmbridge.SubmitRequest{Script: script("sleep 5"), Partition: "gpu", Options: []string{"--gres=gpu:fake:2", "--output=/dev/null"}})
	jobB := submit(t, b, slurmbridge.SubmitRequest{Script: script("sleep 5"), Partition: "gpu", Options: []string{"--gres=gpu:fake:1", "--output=/dev/null"}})
	indices := map[uint32][]int{}
	for len(indices) < 2 {
		for _, id := range []uint32{jobA, jobB} {
			j, err := b.JobDetail(ctx, id)
			if err != nil {
				t.Fatalf("job %d: %v", id, err)
			}
			if j.State == slurmbridge.StateRunning {
				// Read afresh each round: a job seen running in an earlier round, while the
				// other was still pending, must not have its indices counted twice.
				indices[id] = nil
				for _, ng := range j.GRES {
					for _, g := range ng.GRES {
						if g.Name == "gpu" {
							indices[id] = append(indices[id], g.Indices...)
						}
					}
				}
			}
		}
		if ctx.Err() != nil {
			t.Fatal("the GPU jobs never ran together")
		}
		time.Sleep(200 * time.Millisecond)
	}
	waitFor(t, b, jobA)
	waitFor(t, b, jobB)
	accountingRecord(t, b, jobA, "")
	accountingRecord(t, b, jobB, "")

	// The GPU with Slurm index i is the i-th in ascending minor number.
	byMinor := append([]*nvmldouble.GPU(nil), machine.GPUs...)
	sort.Slice(byMinor, func(i, j int) bool { return byMinor[i].Minor < byMinor[j].Minor })
	st := svc.Store()
	var jobs []store.Job
	for {
		jobs, err = st.Jobs(ctx, store.JobFilter{Since: time.Now().Add(-10 * time.Minute)})
		if err != nil {
			t.Fatal(err)
		}
		harvested := 0
		for _, j := range jobs {
			if (j.Key.JobID == jobA || j.Key.JobID == jobB) && j.RunEnded {
				harvested++
			}
		}
		if harvested == 2 {
			break
		}
		if ctx.Err() != nil {
			t.Fatal("the harvester never stored the two GPU jobs")
		}
		time.Sleep(500 * time.Millisecond)
	}
	for _, j := range jobs {
		want, ok := indices[j.Key.JobID]
		if !ok {
			continue
		}
		if j.AllocGPUs != int64(len(want)) {
			t.Errorf("job %d: %d GPUs harvested, Slurm allocated %v", j.Key.JobID, j.AllocGPUs, want)
		}
		usage, err := st.JobGPUUsage(ctx, []store.JobKey{j.Key})
		if err != nil {
			t.Fatal(err)
		}
		wantUUIDs := map[string]bool{}
		for _, i := range want {
			wantUUIDs[byMinor[i].UUID] = true
		}
		if len(usage) != len(wantUUIDs) {
			t.Fatalf("job %d: usage on %d GPUs %+v, Slurm gave indices %v", j.Key.JobID, len(usage), usage, want)
		}
		for _, u := range usage {
			if !wantUUIDs[u.UUID] {
				t.Errorf("job %d charged for GPU %s, which Slurm did not give it (indices %v)", j.Key.JobID, u.UUID, want)
			}
			if u.SharedSamples != 0 {
				t.Errorf("job %d: %d shared samples on an unshared GPU", j.Key.JobID, u.SharedSamples)
			}
			// Energy over GPU time is the power that GPU drew (to a few percent: the double
			// draws in 50 ms steps, the sampler reads every 250 ms).
			watts := float64(u.EnergyMillijoules) / float64(u.GPUMilliseconds)
			if want := float64(powerOf[u.UUID]) / 1000; watts < want*0.9 || watts > want*1.1 {
				t.Errorf("job %d GPU %s: %.1f W attributed, the GPU drew %.1f W", j.Key.JobID, u.UUID, watts, want)
			}
			// The job held the GPU for about its elapsed time: to a second (Slurm records start
			// and end in whole seconds) and one sampling step at each end, where the sampler
			// may have seen the change up to a step late. A step is the longest gap between this
			// GPU's samples within a second of the start or the end, as the sampler actually took
			// them: 250 ms when the machine keeps up, more when squeue answers slowly.
			samples, err := st.GPUSamples(ctx, u.UUID, j.StartTime.Add(-5*time.Second), j.EndTime.Add(5*time.Second))
			if err != nil {
				t.Fatal(err)
			}
			startStep, endStep := stepAround(samples, j.StartTime), stepAround(samples, j.EndTime)
			if startStep == 0 || endStep == 0 {
				t.Fatalf("job %d GPU %s: no samples around the job's start or end (%d samples)", j.Key.JobID, u.UUID, len(samples))
			}
			held, elapsed := float64(u.GPUMilliseconds)/1000, float64(j.Elapsed)
			if bound := 1 + startStep + endStep; held < elapsed-bound || held > elapsed+bound {
				t.Errorf("job %d GPU %s: held %.2f s, the job ran %.0f s (sampling steps %.2f s and %.2f s)", j.Key.JobID, u.UUID, held, elapsed, startStep, endStep)
			}
		}
	}
	gpus, err := st.GPUs(ctx, time.Now().Add(-time.Hour), time.Now().Add(time.Minute))
	if err != nil || len(gpus) != 8 {
		t.Fatalf("%d GPUs stored, want 8: %v", len(gpus), err)
	}
	slots, err := st.NodeSlots(ctx, jobs[0].Key.Cluster, time.Now().Add(-time.Hour), time.Now().Add(time.Minute))
	if err != nil || len(slots) == 0 || slots[0].Node != node || slots[0].GPUs != 4 {
		t.Fatalf("node slots %+v, %v", slots, err)
	}
	// The sampler goes on storing readings while it runs: stop it, so that the reports and
	// the store are compared over the same readings rather than one sample apart.
	stopService()
	checkPoCPFromRealAccounting(t, ctx, st, jobs[0].Key.Cluster, testStart, []uint32{jobA, jobB})
}

// stepAround is the longest gap, in seconds, between consecutive samples where the gap
// overlaps the second either side of at; 0 when no gap does.
func stepAround(samples []store.GPUSample, at time.Time) float64 {
	var step float64
	for i := 1; i < len(samples); i++ {
		from, to := samples[i-1].SampledAt, samples[i].SampledAt
		if to.After(at.Add(-time.Second)) && from.Before(at.Add(time.Second)) {
			step = max(step, to.Sub(from).Seconds())
		}
	}
	return step
}

// checkPoCPFromRealAccounting builds PoCP reports (hour-long periods, so that this test's
// few minutes fall in one or two of them) from what the service stored: real node slots from
// slurmctld, the double's NVML samples and the harvested jobs. The figures must equal the
// store's own: every observed slot, every millijoule, both jobs; the median is the node's
// index (4 A100-SXM4-40GB named by NVML, 16 EPYC-7763 cores); the signature verifies.
func checkPoCPFromRealAccounting(t *testing.T, ctx context.Context, st *store.Store, cluster string, since time.Time, jobIDs []uint32) {
	t.Helper()
	cfg, err := pocpreport.Config{Genesis: "2020-01-01T00:00:00Z", Period: time.Hour, Hardware: pocpreport.Hardware{CPU: "EPYC-7763"}}.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	cat, err := tokenomics.LoadEmbeddedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	gpus, _ := cat.Score(tokenomics.DeviceSpec{Model: "A100-SXM4-40GB", Count: big.NewRat(4, 1)})
	cpuSpec, _ := cat.CPUSpec("EPYC-7763", 16)
	cpus, _ := cat.Score(cpuSpec)
	nodeIndex := gpus.TotalMegaFLOPS + cpus.TotalMegaFLOPS
	key, _ := crypto.GenerateKey()
	first, _ := cfg.Calendar.PeriodAt(since)
	last, _ := cfg.Calendar.PeriodAt(time.Now())
	var slotsCovered, jobsRun uint64
	var energy uint64
	for n := first; n <= last; n++ {
		rep, _, err := pocpreport.Build(ctx, st, cat, cfg, cluster, n, 10)
		if err != nil {
			t.Fatalf("period %d: %v", n, err)
		}
		start, end, _ := cfg.Calendar.Period(n)
		stored, err := st.NodeSlots(ctx, cluster, start, end)
		if err != nil {
			t.Fatal(err)
		}
		if int(rep.SlotsCovered) != len(stored) {
			t.Errorf("period %d: %d slots covered, the store holds %d", n, rep.SlotsCovered, len(stored))
		}
		if len(stored) > 0 && rep.MedianMegaFLOPS != nodeIndex {
			t.Errorf("period %d: median %d MFLOPS, the node's index is %d", n, rep.MedianMegaFLOPS, nodeIndex)
		}
		if err := rep.Sign(cfg.Domain, key); err != nil {
			t.Fatal(err)
		}
		data, _ := rep.Encode()
		back, err := pocp.Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		if signer, err := back.Verify(cfg.Domain); err != nil || signer != crypto.PubkeyToAddress(key.PublicKey) {
			t.Fatalf("period %d: verify: %v", n, err)
		}
		reg := pocp.Registration{Site: back.Site, CapacityMegaFLOPS: nodeIndex, GPUs: 8, CatalogSHA256: cat.SHA256(), ReferenceMegaFLOPS: cat.ReferenceScore().PerDeviceMegaFLOPS}
		for _, v := range pocp.CheckPlausibility(back, reg, cfg.Calendar, pocp.DefaultPolicy(), nil) {
			if v.Rule != "coverage" { // a few minutes of an hour
				t.Errorf("period %d: %s", n, v)
			}
		}
		slotsCovered += uint64(rep.SlotsCovered)
		jobsRun += uint64(rep.JobsRun)
		energy += rep.EnergyMillijoules
	}
	from, _, _ := cfg.Calendar.Period(first)
	_, to, _ := cfg.Calendar.Period(last)
	gpuStatus, err := st.GPUs(ctx, from, to)
	if err != nil {
		t.Fatal(err)
	}
	var storedEnergy int64
	for _, g := range gpuStatus {
		storedEnergy += g.EnergyMillijoules
	}
	if energy != uint64(storedEnergy) || energy == 0 {
		t.Errorf("reports count %d mJ of GPU energy, the store %d", energy, storedEnergy)
	}
	if jobsRun < uint64(len(jobIDs)) {
		t.Errorf("reports count %d jobs, at least %d ran", jobsRun, len(jobIDs))
	}
	if slotsCovered == 0 {
		t.Error("no slot covered")
	}
}
