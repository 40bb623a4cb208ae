package plugins

import (
	"context"
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/petagrid/petagrid/plugins/proto/pluginv1"
)

// BenchmarkPlacementCall is the per-call overhead of a placement plugin: one Rank of 20
// candidates through gRPC over AutoMTLS to the example plugin process, with the host's
// per-call timeout. Goal: p50 ≤ 200 µs. The baseline is the same ranking in process.
func BenchmarkPlacementCall(b *testing.B) {
	dir := built(b)
	p, err := Start(context.Background(), dir, pinned(b, dir, "cheapest-site"), nil)
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	req := &pluginv1.RankRequest{Job: "bench"}
	for i := range 20 {
		req.Candidates = append(req.Candidates, &pluginv1.Candidate{Site: fmt.Sprintf("site-%02d", i), CostWei: fmt.Sprint(1000 - i*7%13)})
	}
	ctx := context.Background()
	for range 100 { // warm the connection
		if _, err := p.Rank(ctx, req); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("plugin", func(b *testing.B) {
		durations := make([]time.Duration, 0, b.N)
		for b.Loop() {
			start := time.Now()
			if _, err := p.Rank(ctx, req); err != nil {
				b.Fatal(err)
			}
			durations = append(durations, time.Since(start))
		}
		reportPercentiles(b, durations)
	})
}

func reportPercentiles(b *testing.B, d []time.Duration) {
	if len(d) == 0 {
		return
	}
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	b.ReportMetric(float64(d[len(d)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(d[len(d)*99/100].Microseconds()), "p99-µs")
}

// BenchmarkPlacementCallEmpty is the same call with no candidates: the transport's own cost.
func BenchmarkPlacementCallEmpty(b *testing.B) {
	dir := built(b)
	p, err := Start(context.Background(), dir, pinned(b, dir, "cheapest-site"), nil)
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	ctx := context.Background()
	req := &pluginv1.RankRequest{Job: "bench"}
	durations := make([]time.Duration, 0, 1024)
	for b.Loop() {
		start := time.Now()
		if _, err := p.Rank(ctx, req); err != nil {
			b.Fatal(err)
		}
		durations = append(durations, time.Since(start))
	}
	reportPercentiles(b, durations)
}
