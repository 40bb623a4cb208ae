package pocp

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"
)

const (
	benchSites         = 10_000
	slotsPerPeriod     = DefaultPeriodSeconds / 60 // 15 days of 1-minute slots
	distinctSiteSeries = 100                       // series cycled over the 10,000 sites
)

// siteSeries makes realistic per-slot power series: a site of 10–200 nodes of one of a few
// node shapes, each node up most of the time, with maintenance windows.
func siteSeries(rng *rand.Rand) []uint64 {
	nodes := 10 + rng.IntN(190)
	perNode := uint64(100_000 + rng.IntN(5_000_000))
	up := make([]bool, nodes)
	for i := range up {
		up[i] = true
	}
	out := make([]uint64, slotsPerPeriod)
	for s := range out {
		for n := range up {
			if rng.IntN(2000) == 0 {
				up[n] = !up[n]
			}
		}
		var p uint64
		for _, u := range up {
			if u {
				p += perNode
			}
		}
		out[s] = p
	}
	return out
}

func benchSeries() [][]uint64 {
	rng := rand.New(rand.NewPCG(42, 42))
	series := make([][]uint64, distinctSiteSeries)
	for i := range series {
		series[i] = siteSeries(rng)
	}
	return series
}

// BenchmarkMedian10000Sites is one op = the median of 15 days of 1-minute slots (21,600) for
// each of 10,000 sites (goal: under 1 s). The copy of each series into the scratch buffer
// is included. The sort subbenchmark is the baseline: the same work with a full sort.
func BenchmarkMedian10000Sites(b *testing.B) {
	series := benchSeries()
	scratch := make([]uint64, slotsPerPeriod)
	for _, method := range []struct {
		name string
		fn   func([]uint64) uint64
	}{
		{"quickselect", func(v []uint64) uint64 { m, _ := MedianOf(v); return m }},
		{"sort-baseline", func(v []uint64) uint64 { slices.Sort(v); return v[(len(v)-1)/2] }},
	} {
		b.Run(method.name, func(b *testing.B) {
			var sink uint64
			for b.Loop() {
				for site := 0; site < benchSites; site++ {
					copy(scratch, series[site%distinctSiteSeries])
					sink += method.fn(scratch)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/benchSites, "ns/site")
			_ = sink
		})
	}
}

// BenchmarkSummarisePower10000Sites is the full path a report takes per site (validation,
// coverage, weighted median, mean), 10,000 sites per op.
func BenchmarkSummarisePower10000Sites(b *testing.B) {
	series := benchSeries()
	start := DefaultGenesis
	end := start.Add(DefaultPeriodSeconds * time.Second)
	slots := make([][]Slot, distinctSiteSeries)
	for i, s := range series {
		slots[i] = make([]Slot, len(s))
		for j, p := range s {
			slots[i][j] = Slot{Start: start.Add(time.Duration(j) * time.Minute), Seconds: 60, PowerMegaFLOPS: p}
		}
	}
	for b.Loop() {
		for site := 0; site < benchSites; site++ {
			if _, err := SummarisePower(start, end, 60, slots[site%distinctSiteSeries]); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkGPUAggregation folds 15 days of NVML samples of 64 GPUs in one streaming pass.
// One op is the whole period. Sampling every 10 s is 8.3 million samples; every 1 s is ten
// times more, and the memory (B/op, and the live heap reported as heap-MB) must not grow
// with it: it is proportional to the slots.
func BenchmarkGPUAggregation(b *testing.B) {
	start := DefaultGenesis
	end := start.Add(DefaultPeriodSeconds * time.Second)
	for _, every := range []int{10, 1} {
		samples := 64 * DefaultPeriodSeconds / every
		b.Run(fmt.Sprintf("gpus=64/every=%ds", every), func(b *testing.B) {
			b.ReportAllocs()
			uuids := make([]string, 64)
			for g := range uuids {
				uuids[g] = fmt.Sprintf("GPU-%02d", g)
			}
			power, energy := int64(0), int64(0)
			var heap uint64
			for b.Loop() {
				a, err := NewGPUAggregator(start, end, 60)
				if err != nil {
					b.Fatal(err)
				}
				for s := 0; s < DefaultPeriodSeconds; s += every {
					at := start.Add(time.Duration(s) * time.Second)
					for g := 0; g < 64; g++ {
						power = int64(250_000 + (s+g)%1000)
						energy = power * int64(every)
						if err := a.Add(GPUSample{UUID: uuids[g], At: at, PowerMilliwatts: &power, EnergyDeltaMillijoules: &energy, DeltaSource: "counter"}); err != nil {
							b.Fatal(err)
						}
					}
				}
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				heap = ms.HeapAlloc
				sum := a.Finish()
				if sum.GPUs != 64 || sum.PowerSlotsCovered != slotsPerPeriod {
					b.Fatalf("summary %+v", sum)
				}
			}
			b.ReportMetric(float64(samples), "samples/op")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(samples), "ns/sample")
			b.ReportMetric(float64(heap)/1e6, "heap-MB")
		})
	}
}
