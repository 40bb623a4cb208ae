package gpu

import (
	"testing"
	"time"

	"github.com/petagrid/petagrid/accounting/store"
)

func TestEnergyDeltaRules(t *testing.T) {
	const gapMs = 30_000
	prevAt := t0
	base := func(counter, power *int64) *baseline {
		return &baseline{at: prevAt, energyCounterMillijoules: counter, powerMilliwatts: power}
	}
	cases := []struct {
		name                    string
		prev                    *baseline
		afterMs                 int64
		counter, power          *int64
		wantSource              string
		wantDelta, wantInterval any
	}{
		{"first", nil, 10_000, ptr(int64(5)), ptr(int64(100_000)), store.DeltaFirst, nil, nil},
		{"counter", base(ptr(int64(1_000)), nil), 10_000, ptr(int64(3_001_000)), nil, store.DeltaCounter, int64(3_000_000), int64(10_000)},
		{"counter unchanged", base(ptr(int64(1_000)), nil), 10_000, ptr(int64(1_000)), nil, store.DeltaCounter, int64(0), int64(10_000)},
		{"reset with both powers", base(ptr(int64(9_000_000)), ptr(int64(300_000))), 10_000, ptr(int64(10)), ptr(int64(100_000)), store.DeltaCounterReset, int64(2_000_000), int64(10_000)},
		{"reset with previous power only", base(ptr(int64(9_000_000)), ptr(int64(300_000))), 10_000, ptr(int64(10)), nil, store.DeltaCounterReset, int64(3_000_000), int64(10_000)},
		{"reset without power", base(ptr(int64(9_000_000)), nil), 10_000, ptr(int64(10)), nil, store.DeltaCounterReset, nil, int64(10_000)},
		{"no counter now", base(ptr(int64(9_000_000)), ptr(int64(100_000))), 10_000, nil, ptr(int64(200_000)), store.DeltaPower, int64(1_500_000), int64(10_000)},
		{"no counter before", base(nil, nil), 10_000, ptr(int64(7)), ptr(int64(200_000)), store.DeltaPower, int64(2_000_000), int64(10_000)},
		{"power rounds half up", base(nil, ptr(int64(1))), 1_500, nil, ptr(int64(1)), store.DeltaPower, int64(2), int64(1_500)},
		{"previous power alone is no estimate", base(nil, ptr(int64(100_000))), 10_000, nil, nil, store.DeltaNone, nil, int64(10_000)},
		{"nothing", base(nil, nil), 10_000, nil, nil, store.DeltaNone, nil, int64(10_000)},
		{"gap keeps the counter delta", base(ptr(int64(0)), nil), 30_001, ptr(int64(6_000_000)), nil, store.DeltaGap, int64(6_000_000), int64(30_001)},
		{"threshold is not a gap", base(ptr(int64(0)), nil), 30_000, ptr(int64(6_000_000)), nil, store.DeltaCounter, int64(6_000_000), int64(30_000)},
		{"gap with a reset has no delta", base(ptr(int64(9_000_000)), ptr(int64(1))), 60_000, ptr(int64(1)), ptr(int64(1)), store.DeltaGap, nil, int64(60_000)},
		{"gap without counter has no delta", base(nil, ptr(int64(1))), 60_000, nil, ptr(int64(1)), store.DeltaGap, nil, int64(60_000)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			now := prevAt.Add(time.Duration(c.afterMs) * time.Millisecond)
			src, delta, interval := energyDelta(c.prev, now, c.counter, c.power, gapMs)
			if src != c.wantSource || deref(delta) != c.wantDelta || deref(interval) != c.wantInterval {
				t.Errorf("got %s delta %v interval %v, want %s %v %v", src, deref(delta), deref(interval), c.wantSource, c.wantDelta, c.wantInterval)
			}
		})
	}
}

func TestSplitUsageIsExact(t *testing.T) {
	jobs := []store.JobKey{jobKey(30), jobKey(10), {Cluster: testCluster, JobID: 10, SubmitTime: jobKey(10).SubmitTime.Add(time.Hour)}, jobKey(20)}
	for n := 1; n <= len(jobs); n++ {
		for _, energy := range []int64{0, 1, 2, 3, 999_999, 1_000_003} {
			for _, interval := range []int64{1, 10_000, 10_003} {
				usage := splitUsage("GPU-x", jobs[:n], energy, interval)
				var e, ms int64
				for i, u := range usage {
					e += u.EnergyMillijoules
					ms += u.GPUMilliseconds
					if u.Samples != 1 || u.SharedSamples != int64(min(n-1, 1)) || u.UUID != "GPU-x" {
						t.Errorf("n=%d: row %+v", n, u)
					}
					if i > 0 && compareJobKeys(usage[i-1].Job, u.Job) >= 0 {
						t.Errorf("n=%d: rows not in job order", n)
					}
					if hi, lo := usage[0].EnergyMillijoules, u.EnergyMillijoules; hi-lo > 1 || hi < lo {
						t.Errorf("n=%d energy %d: unequal shares %d, %d", n, energy, hi, lo)
					}
				}
				if len(usage) != n || e != energy || ms != interval {
					t.Errorf("n=%d energy %d interval %d: %d rows summing to %d mJ %d ms", n, energy, interval, len(usage), e, ms)
				}
			}
		}
	}
	if splitUsage("GPU-x", nil, 5, 5) != nil {
		t.Error("usage without holders")
	}
	// The caller's slice is not reordered.
	if jobs[0].JobID != 30 {
		t.Error("splitUsage sorted its argument")
	}
}
