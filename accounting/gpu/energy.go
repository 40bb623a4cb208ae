package gpu

import (
	"cmp"
	"slices"
	"time"

	"github.com/petagrid/petagrid/accounting/store"
)

// baseline is what the next sample of a GPU is compared with: the previous sample's time
// and readings, and the jobs that held the GPU then.
type baseline struct {
	at                       time.Time
	energyCounterMillijoules *int64
	powerMilliwatts          *int64
	// holders are the jobs that held the GPU at `at`; nil when unknown (the allocations
	// could not be read, or the baseline came from the store).
	holders []store.JobKey
}

// energyDelta applies the delta rules to one GPU: prev is nil for the first sample, counter
// and power are nil where the reading failed. It returns the delta source, the delta (nil
// when there is none) and the interval since prev (nil for a first sample).
func energyDelta(prev *baseline, now time.Time, counterMillijoules, powerMilliwatts *int64, gapThresholdMilliseconds int64) (source string, deltaMillijoules, intervalMilliseconds *int64) {
	if prev == nil {
		return store.DeltaFirst, nil, nil
	}
	interval := now.Sub(prev.at).Milliseconds()
	intervalMilliseconds = &interval
	gap := interval > gapThresholdMilliseconds
	counterKnown := counterMillijoules != nil && prev.energyCounterMillijoules != nil
	switch {
	case counterKnown && *counterMillijoules >= *prev.energyCounterMillijoules:
		// Over a gap the counter still measures what the GPU used, so the GPU's total stays
		// exact; only the attribution is lost.
		d := *counterMillijoules - *prev.energyCounterMillijoules
		if gap {
			return store.DeltaGap, &d, intervalMilliseconds
		}
		return store.DeltaCounter, &d, intervalMilliseconds
	case gap:
		// Two power readings say nothing about a long stretch between them.
		return store.DeltaGap, nil, intervalMilliseconds
	case counterKnown:
		// The counter went backwards: the driver was reloaded during the interval.
		return store.DeltaCounterReset, powerEstimate(prev.powerMilliwatts, powerMilliwatts, interval), intervalMilliseconds
	case powerMilliwatts != nil:
		// Only with a current reading: a GPU that answers nothing now (lost) may have
		// stopped at any time since the previous power reading.
		return store.DeltaPower, powerEstimate(prev.powerMilliwatts, powerMilliwatts, interval), intervalMilliseconds
	default:
		return store.DeltaNone, nil, intervalMilliseconds
	}
}

// powerEstimate is the energy of an interval from the power readings at its ends: their mean
// (or the one that exists) × the interval, rounded to the millijoule. mW × ms / 1000 = mJ.
// nil when neither reading exists.
func powerEstimate(prevPowerMilliwatts, powerMilliwatts *int64, intervalMilliseconds int64) *int64 {
	var sumMilliwatts, readings int64
	for _, p := range []*int64{prevPowerMilliwatts, powerMilliwatts} {
		if p != nil {
			sumMilliwatts += *p
			readings++
		}
	}
	if readings == 0 {
		return nil
	}
	divisor := 1000 * readings
	e := (sumMilliwatts*intervalMilliseconds + divisor/2) / divisor
	return &e
}

// attributable reports whether a delta of this source may be attributed to jobs: it was
// measured or estimated over one regular interval.
func attributable(source string) bool {
	switch source {
	case store.DeltaCounter, store.DeltaCounterReset, store.DeltaPower:
		return true
	}
	return false
}

// splitUsage applies the attribution rule's split: each of the holders (distinct jobs)
// gets an equal share of the energy and of the interval, the remainders going one unit
// each to the first jobs in (cluster, job id, submit time) order so that the shares add up
// exactly.
func splitUsage(uuid string, holders []store.JobKey, energyMillijoules, intervalMilliseconds int64) []store.GPUJobUsage {
	n := int64(len(holders))
	if n == 0 {
		return nil
	}
	jobs := slices.Clone(holders)
	slices.SortFunc(jobs, compareJobKeys)
	var shared int64
	if n > 1 {
		shared = 1
	}
	out := make([]store.GPUJobUsage, len(jobs))
	for i, job := range jobs {
		out[i] = store.GPUJobUsage{
			Job:               job,
			UUID:              uuid,
			EnergyMillijoules: share(energyMillijoules, n, int64(i)),
			GPUMilliseconds:   share(intervalMilliseconds, n, int64(i)),
			Samples:           1,
			SharedSamples:     shared,
		}
	}
	return out
}

// share is the i-th of n integer shares of total; the first total mod n shares get one more.
func share(total, n, i int64) int64 {
	s := total / n
	if i < total%n {
		s++
	}
	return s
}

func compareJobKeys(a, b store.JobKey) int {
	return cmp.Or(
		cmp.Compare(a.Cluster, b.Cluster),
		cmp.Compare(a.JobID, b.JobID),
		a.SubmitTime.Compare(b.SubmitTime),
	)
}
