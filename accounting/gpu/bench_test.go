package gpu

import (
	"context"
	"testing"
	"time"

	logtest "github.com/sirupsen/logrus/hooks/test"

	nvmldouble "github.com/petagrid/petagrid/test/doubles/nvml"
)

func benchSampler(b *testing.B, sink Sink) (*Sampler, *nvmldouble.Machine) {
	b.Helper()
	m := nvmldouble.New(b)
	allocs := &fakeAllocations{}
	allocs.set(alloc(1, 0, 1, 2, 3), alloc(2, 4, 5), alloc(3, 6), alloc(4, 6))
	log, _ := logtest.NewNullLogger()
	s, err := NewSampler(testConfig(), m, sink, allocs, log)
	if err != nil {
		b.Fatal(err)
	}
	if err := s.Start(context.Background()); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	return s, m
}

func runSampleOnce(b *testing.B, s *Sampler, m *nvmldouble.Machine) {
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		// The readings stay put (delta 0): the work per round is the same, and scripting
		// them here would time the double.
		if err := s.SampleOnce(ctx, t0.Add(time.Duration(i)*10*time.Second)); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(m.GPUs)), "ns/gpu-sample")
}

// BenchmarkSampleOnce is the sampler alone: eight GPUs of the double, attribution to four
// jobs (one GPU shared), a sink that stores nothing.
func BenchmarkSampleOnce(b *testing.B) {
	s, m := benchSampler(b, noopSink{})
	runSampleOnce(b, s, m)
}

// BenchmarkSampleOnceStore adds the real store: one SQLite transaction per round.
func BenchmarkSampleOnceStore(b *testing.B) {
	s, m := benchSampler(b, openStore(b))
	runSampleOnce(b, s, m)
}
