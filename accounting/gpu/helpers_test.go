package gpu

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sirupsen/logrus"
	logtest "github.com/sirupsen/logrus/hooks/test"

	"github.com/petagrid/petagrid/accounting/store"
	nvmldouble "github.com/petagrid/petagrid/test/doubles/nvml"
)

const (
	testNode    = "gpu-node-1"
	testCluster = "petagrid-test"
)

// t0 is the first sampling time of every test; rounds are driven with explicit times.
var t0 = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

func at(seconds int) time.Time { return t0.Add(time.Duration(seconds) * time.Second) }

func testConfig() Config {
	return Config{Node: testNode, Cluster: testCluster, Interval: 10 * time.Second, HarvesterVersion: "test-1"}
}

func jobKey(id uint32) store.JobKey {
	return store.JobKey{Cluster: testCluster, JobID: id, SubmitTime: time.Date(2025, 3, 1, 11, 0, 0, 0, time.UTC)}
}

// fakeAllocations is a scripted AllocationSource.
type fakeAllocations struct {
	mu     sync.Mutex
	allocs []Allocation
	err    error
	calls  int
}

func (f *fakeAllocations) set(allocs ...Allocation) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.allocs, f.err = allocs, nil
}

func (f *fakeAllocations) fail(err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.err = err
}

func (f *fakeAllocations) GPUAllocations(context.Context) ([]Allocation, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls++
	if f.err != nil {
		return nil, f.err
	}
	return append([]Allocation(nil), f.allocs...), nil
}

func alloc(job uint32, indices ...int) Allocation {
	return Allocation{Job: jobKey(job), Node: testNode, SlurmIndices: indices}
}

// recordingSink passes rounds to a store and keeps what it was given; failNext makes the
// next calls fail without storing.
type recordingSink struct {
	Sink
	mu       sync.Mutex
	rounds   int
	allocs   [][]store.GPUAllocation
	usage    [][]store.GPUJobUsage
	samples  [][]store.GPUSample
	failNext int
	after    func(round int)
}

func (r *recordingSink) RecordGPUSamples(ctx context.Context, version string, gpus []store.GPU, samples []store.GPUSample, allocs []store.GPUAllocation, usage []store.GPUJobUsage) error {
	r.mu.Lock()
	r.rounds++
	round := r.rounds
	fail := r.failNext > 0
	if fail {
		r.failNext--
	}
	r.samples = append(r.samples, samples)
	r.allocs = append(r.allocs, allocs)
	r.usage = append(r.usage, usage)
	after := r.after
	r.mu.Unlock()
	var err error
	if fail {
		err = errors.New("disk full (injected)")
	} else {
		err = r.Sink.RecordGPUSamples(ctx, version, gpus, samples, allocs, usage)
	}
	if after != nil {
		after(round)
	}
	return err
}

type harness struct {
	t      testing.TB
	ctx    context.Context
	m      *nvmldouble.Machine
	st     *store.Store
	sink   *recordingSink
	allocs *fakeAllocations
	s      *Sampler
	logs   *logtest.Hook
}

func openStore(t testing.TB) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "accounting.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// newHarness builds a started sampler on a fresh double and store; setup runs on the
// double before Start.
func newHarness(t testing.TB, cfg Config, setup ...func(*nvmldouble.Machine)) *harness {
	t.Helper()
	h := &harness{t: t, ctx: context.Background(), m: nvmldouble.New(t), st: openStore(t), allocs: &fakeAllocations{}}
	for _, f := range setup {
		f(h.m)
	}
	h.sink = &recordingSink{Sink: h.st}
	h.s = h.newSampler(cfg)
	if err := h.s.Start(h.ctx); err != nil {
		t.Fatalf("Start: %v", err)
	}
	return h
}

// newSampler builds another sampler on the harness's double and store (a restart).
func (h *harness) newSampler(cfg Config) *Sampler {
	h.t.Helper()
	log, hook := logtest.NewNullLogger()
	log.SetLevel(logrus.DebugLevel)
	h.logs = hook
	s, err := NewSampler(cfg, h.m, h.sink, h.allocs, log)
	if err != nil {
		h.t.Fatalf("NewSampler: %v", err)
	}
	return s
}

func (h *harness) sample(now time.Time) {
	h.t.Helper()
	if err := h.s.SampleOnce(h.ctx, now); err != nil {
		h.t.Fatalf("SampleOnce(%s): %v", now, err)
	}
}

// consumeAll makes every GPU draw its scripted power for one 10 s interval.
func (h *harness) consumeAll(powerMilliwatts func(i int) uint32) {
	for i, g := range h.m.GPUs {
		g.Consume(powerMilliwatts(i), 10_000)
	}
}

func (h *harness) samples(uuid string) []store.GPUSample {
	h.t.Helper()
	out, err := h.st.GPUSamples(h.ctx, uuid, t0.Add(-time.Hour), t0.Add(24*time.Hour))
	if err != nil {
		h.t.Fatal(err)
	}
	return out
}

// usage returns the stored usage per job and GPU.
func (h *harness) usage() map[uint32]map[string]store.GPUJobUsage {
	h.t.Helper()
	rows, err := h.st.JobGPUUsage(h.ctx, nil)
	if err != nil {
		h.t.Fatal(err)
	}
	out := map[uint32]map[string]store.GPUJobUsage{}
	for _, u := range rows {
		if out[u.Job.JobID] == nil {
			out[u.Job.JobID] = map[string]store.GPUJobUsage{}
		}
		out[u.Job.JobID][u.UUID] = u
	}
	return out
}

func (h *harness) warnings() string {
	var sb strings.Builder
	for _, e := range h.logs.AllEntries() {
		if e.Level <= logrus.WarnLevel {
			sb.WriteString(e.Message + "\n")
		}
	}
	return sb.String()
}

// noopSink stores nothing (benchmarks of the sampler alone).
type noopSink struct{}

func (noopSink) RecordGPUSamples(context.Context, string, []store.GPU, []store.GPUSample, []store.GPUAllocation, []store.GPUJobUsage) error {
	return nil
}

func (noopSink) LastGPUSample(context.Context, string) (store.GPUSample, bool, error) {
	return store.GPUSample{}, false, nil
}

func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}
