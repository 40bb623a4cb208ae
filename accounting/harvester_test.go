package accounting

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/accounting/store"
	"github.com/petagrid/petagrid/slurmbridge"
)

// fakeDBD answers accounting queries the way sacct does without --state: every record whose
// run overlaps [Start, End]. It holds only what a test put in it and checks every query.
type fakeDBD struct {
	t       *testing.T
	mu      sync.Mutex
	records []slurmbridge.AccountingRecord
	queries []slurmbridge.AccountingQuery
	fail    func(q slurmbridge.AccountingQuery) error
}

func (f *fakeDBD) Release(context.Context) (slurmbridge.Release, error) {
	return slurmbridge.Release{Major: 22, Minor: 5, Micro: 8}, nil
}

func (f *fakeDBD) Accounting(_ context.Context, q slurmbridge.AccountingQuery) ([]slurmbridge.AccountingRecord, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !q.End.After(q.Start) || len(q.Names)+len(q.Users) > 0 || len(q.JobIDs) > stepIDsPerQuery {
		f.t.Errorf("harvester sent a query sacct would not like: %+v", q)
	}
	wanted := map[uint32]bool{}
	for _, id := range q.JobIDs {
		wanted[id] = true
	}
	f.queries = append(f.queries, q)
	if f.fail != nil {
		if err := f.fail(q); err != nil {
			return nil, err
		}
	}
	var out []slurmbridge.AccountingRecord
	for _, r := range f.records {
		begin := r.StartTime
		if begin.IsZero() {
			begin = r.SubmitTime
		}
		if begin.After(q.End) || (!r.EndTime.IsZero() && r.EndTime.Before(q.Start)) || (len(wanted) > 0 && !wanted[r.JobID]) {
			continue
		}
		// Like slurmdbd, only the steps that overlap the window come back.
		var steps []slurmbridge.AccountingStep
		for _, st := range r.Steps {
			if !st.StartTime.After(q.End) && (st.EndTime.IsZero() || !st.EndTime.Before(q.Start)) {
				steps = append(steps, st)
			}
		}
		r.Steps = steps
		r.Provenance.RawSHA256 = fmt.Sprintf("%s+%d", r.Provenance.RawSHA256, len(steps))
		out = append(out, r)
	}
	return out, nil
}

func (f *fakeDBD) add(r slurmbridge.AccountingRecord) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.records = append(f.records, r)
}

func job(id uint32, start time.Time, seconds int64) slurmbridge.AccountingRecord {
	return slurmbridge.AccountingRecord{
		Cluster: "c", JobID: id, Name: fmt.Sprintf("job%d", id), User: "alice", Account: "a", Partition: "cpu",
		SubmitTime: start.Add(-time.Second), EligibleTime: start.Add(-time.Second), StartTime: start, EndTime: start.Add(time.Duration(seconds) * time.Second),
		ElapsedSeconds: seconds, State: slurmbridge.StateCompleted, AllocTRES: []slurmbridge.TRES{{Type: "cpu", Count: 2}},
		Provenance: slurmbridge.Provenance{RawSHA256: fmt.Sprintf("raw-%d", id), Format: "parsable"},
	}
}

func quietLog() logrus.FieldLogger {
	l := logrus.New()
	l.SetOutput(io.Discard)
	return l
}

func newTestHarvester(t *testing.T, dbd *fakeDBD, st *store.Store, now *time.Time) *Harvester {
	t.Helper()
	cfg := Config{Harvest: HarvestConfig{Chunk: 6 * time.Hour, Overlap: 2 * time.Hour, InitialBackfill: 48 * time.Hour}}.WithDefaults()
	h, err := NewHarvester(dbd, st, "c", cfg.Harvest, "test", quietLog(), nil)
	if err != nil {
		t.Fatal(err)
	}
	h.now = func() time.Time { return *now }
	return h
}

func openStore(t *testing.T, path string) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func TestBackfillReadsEverythingOnceInBoundedWindows(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 5, 10, 12, 0, 0, 0, time.UTC)
	dbd := &fakeDBD{t: t}
	for i := 0; i < 200; i++ { // one job every 15 minutes over the last 50 hours
		dbd.add(job(uint32(i+1), now.Add(-50*time.Hour+time.Duration(i)*15*time.Minute), 600))
	}
	st := openStore(t, filepath.Join(t.TempDir(), "a.db"))
	h := newTestHarvester(t, dbd, st, &now)
	var progress []Progress
	if _, err := h.Backfill(ctx, now.Add(-50*time.Hour), func(p Progress) { progress = append(progress, p) }); err != nil {
		t.Fatal(err)
	}
	jobs, err := st.Jobs(ctx, store.JobFilter{})
	if err != nil || len(jobs) != 200 {
		t.Fatalf("%d jobs stored, want 200 (%v)", len(jobs), err)
	}
	for _, q := range dbd.queries {
		if q.End.Sub(q.Start) > 6*time.Hour+backfillMargin {
			t.Errorf("unbounded window %s–%s", q.Start, q.End)
		}
	}
	if len(dbd.queries) < 9 || len(dbd.queries) > 10 || len(progress) != len(dbd.queries) {
		t.Errorf("%d queries, %d progress reports", len(dbd.queries), len(progress))
	}
	// The smallest chunk still advances by a whole chunk per window.
	st2 := openStore(t, filepath.Join(t.TempDir(), "b.db"))
	h2 := newTestHarvester(t, dbd, st2, &now)
	h2.chunk, h2.cfg.Overlap = time.Minute, 5*time.Minute
	dbd.queries = nil
	if _, err := h2.Backfill(ctx, now.Add(-time.Hour), nil); err != nil {
		t.Fatal(err)
	}
	// 60 backfill windows, then the 5-minute overlap read as five 1-minute pieces.
	windows := 0
	for _, q := range dbd.queries {
		if len(q.JobIDs) == 0 {
			windows++
		}
	}
	if n := windows; n < 60 || n > 67 {
		t.Errorf("an hour in 1-minute chunks took %d queries", n)
	}
	cov, _, _ := st.Coverage(ctx, "c")
	if !cov.From.Equal(now.Add(-50*time.Hour)) || !cov.Until.Equal(now) {
		t.Errorf("coverage %+v", cov)
	}
}

// A harvester killed mid-backfill resumes where it stopped: no gap, no duplicate.
func TestBackfillResumesAfterAKill(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 5, 10, 12, 0, 0, 0, time.UTC)
	dbd := &fakeDBD{t: t}
	for i := 0; i < 300; i++ {
		dbd.add(job(uint32(i+1), now.Add(-47*time.Hour+time.Duration(i)*9*time.Minute), 300))
	}
	path := filepath.Join(t.TempDir(), "a.db")
	st := openStore(t, path)
	h := newTestHarvester(t, dbd, st, &now)
	calls := 0
	dbd.fail = func(slurmbridge.AccountingQuery) error {
		if calls++; calls == 4 {
			return context.Canceled // the process dies during the fourth window
		}
		return nil
	}
	if _, err := h.Backfill(ctx, time.Time{}, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("backfill: %v", err)
	}
	st.Close()
	dbd.fail = nil
	st2 := openStore(t, path)
	h2 := newTestHarvester(t, dbd, st2, &now)
	if _, err := h2.Backfill(ctx, time.Time{}, nil); err != nil {
		t.Fatal(err)
	}
	jobs, _ := st2.Jobs(ctx, store.JobFilter{})
	seen := map[uint32]int{}
	for _, j := range jobs {
		seen[j.Key.JobID]++
	}
	if len(jobs) != 300 || len(seen) != 300 {
		t.Fatalf("%d rows for %d distinct jobs, want 300", len(jobs), len(seen))
	}
}

// A record that reaches slurmdbd late (after the window that covers its run was read) is
// picked up by the next overlapping cycle; XDMoD's max(end)+1 cursor would skip it.
func TestLateRecordIsCaughtByTheOverlap(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 5, 10, 12, 0, 0, 0, time.UTC)
	dbd := &fakeDBD{t: t}
	dbd.add(job(1, now.Add(-30*time.Minute), 60))
	st := openStore(t, filepath.Join(t.TempDir(), "a.db"))
	h := newTestHarvester(t, dbd, st, &now)
	if _, err := h.Backfill(ctx, now.Add(-time.Hour), nil); err != nil {
		t.Fatal(err)
	}
	now = now.Add(5 * time.Minute)
	dbd.add(job(2, now.Add(-40*time.Minute), 60)) // ended 39 minutes ago, recorded only now
	dbd.add(job(3, now.Add(-time.Minute), 30))
	res, err := h.Cycle(ctx, time.Time{})
	if err != nil || !res.CaughtUp || res.Window.Kind != KindOverlap {
		t.Fatalf("cycle %+v, %v", res, err)
	}
	if jobs, _ := st.Jobs(ctx, store.JobFilter{}); len(jobs) != 3 {
		t.Fatalf("%d jobs, want 3: the late record was missed", len(jobs))
	}
	if res.Window.Stats.Written != 2 {
		t.Errorf("written %d, want the 2 new records (the known one is unchanged)", res.Window.Stats.Written)
	}
}

func TestTooWideWindowShrinksTheChunk(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 5, 10, 12, 0, 0, 0, time.UTC)
	dbd := &fakeDBD{t: t}
	dbd.fail = func(q slurmbridge.AccountingQuery) error {
		if q.End.Sub(q.Start) > 2*time.Hour {
			return &slurmbridge.CommandError{Command: "sacct", ExitCode: 1, Stderr: "sacct: error: slurmdbd: Too wide of a date range in query"}
		}
		return nil
	}
	st := openStore(t, filepath.Join(t.TempDir(), "a.db"))
	h := newTestHarvester(t, dbd, st, &now)
	if _, err := h.Backfill(ctx, now.Add(-12*time.Hour), nil); err != nil {
		t.Fatal(err)
	}
	if h.chunk > 2*time.Hour {
		t.Errorf("chunk stayed at %s", h.chunk)
	}
	cov, _, _ := st.Coverage(ctx, "c")
	if !cov.From.Equal(now.Add(-12*time.Hour)) || !cov.Until.Equal(now) {
		t.Errorf("coverage %+v", cov)
	}
}

func TestUnreachableSlurmdbdStoresNothing(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 5, 10, 12, 0, 0, 0, time.UTC)
	dbd := &fakeDBD{t: t, fail: func(slurmbridge.AccountingQuery) error { return slurmbridge.ErrAccountingUnreachable }}
	dbd.add(job(1, now.Add(-30*time.Minute), 60))
	st := openStore(t, filepath.Join(t.TempDir(), "a.db"))
	h := newTestHarvester(t, dbd, st, &now)
	if _, err := h.Cycle(ctx, time.Time{}); !errors.Is(err, slurmbridge.ErrAccountingUnreachable) {
		t.Fatalf("cycle: %v", err)
	}
	if _, ok, _ := st.Coverage(ctx, "c"); ok {
		t.Error("a failed cycle moved the coverage")
	}
}

func TestUnknownStatesAreStoredNotDropped(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 5, 10, 12, 0, 0, 0, time.UTC)
	dbd := &fakeDBD{t: t}
	r := job(1, now.Add(-30*time.Minute), 60)
	r.State, r.UnknownState = "HIBERNATING", true
	dbd.add(r)
	st := openStore(t, filepath.Join(t.TempDir(), "a.db"))
	h := newTestHarvester(t, dbd, st, &now)
	res, err := h.Cycle(ctx, now.Add(-time.Hour))
	if err != nil || res.Window.Stats.UnknownState != 1 {
		t.Fatalf("%+v %v", res, err)
	}
	jobs, _ := st.Jobs(ctx, store.JobFilter{})
	if len(jobs) != 1 || jobs[0].StateKnown || jobs[0].State != "HIBERNATING" || jobs[0].RunEnded {
		t.Fatalf("%+v", jobs)
	}
}

func TestConfigValidation(t *testing.T) {
	good := Config{}.WithDefaults()
	if err := good.Validate(); err != nil {
		t.Fatal(err)
	}
	bad := good
	bad.Harvest.Overlap = time.Second
	bad.Nodes.Slot = 7 * time.Minute
	bad.GPUs.Mode = "maybe"
	bad.Harvest.Format = "xml"
	err := bad.Validate()
	if err == nil {
		t.Fatal("bad configuration accepted")
	}
	for _, want := range []string{"overlap", "slot", "gpus.mode", "format"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error does not mention %s: %v", want, err)
		}
	}
}

// slurmdbd returns only the steps of a job that overlap the window: a long job read by a
// window that starts after its first steps would lose them, and their CPU time, unless the
// harvester reads it again whole.
func TestStepsBeforeTheWindowAreKept(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 5, 10, 12, 0, 0, 0, time.UTC)
	dbd := &fakeDBD{t: t}
	long := job(1, now.Add(-10*time.Hour), 10*3600-60) // ran for almost 10 hours
	for i := 0; i < 10; i++ {
		stepStart := long.StartTime.Add(time.Duration(i) * time.Hour)
		long.Steps = append(long.Steps, slurmbridge.AccountingStep{ID: strconv.Itoa(i), State: slurmbridge.StateCompleted,
			StartTime: stepStart, EndTime: stepStart.Add(50 * time.Minute), ElapsedSeconds: 3000, UserCPUMicroseconds: 1_000_000})
	}
	dbd.add(long)
	st := openStore(t, filepath.Join(t.TempDir(), "a.db"))
	h := newTestHarvester(t, dbd, st, &now) // overlap 2h: the caught-up window starts mid-job
	if _, err := h.Backfill(ctx, now.Add(-11*time.Hour), nil); err != nil {
		t.Fatal(err)
	}
	now = now.Add(5 * time.Minute)
	if _, err := h.Cycle(ctx, time.Time{}); err != nil {
		t.Fatal(err)
	}
	jobs, err := st.Jobs(ctx, store.JobFilter{})
	if err != nil || len(jobs) != 1 {
		t.Fatalf("%d jobs, %v", len(jobs), err)
	}
	if len(jobs[0].Steps) != 10 || jobs[0].CPUMicrosecondsUsed != 10_000_000 {
		t.Errorf("stored %d steps and %d µs of CPU, want all 10 steps and 10 s", len(jobs[0].Steps), jobs[0].CPUMicrosecondsUsed)
	}
}
