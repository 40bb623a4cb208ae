package store

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/petagrid/petagrid/slurmbridge"
)

func openTemp(t *testing.T) *Store {
	t.Helper()
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "acct.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func fixture(t *testing.T, parts ...string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(append([]string{"..", "..", "slurmbridge", "testdata"}, parts...)...))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// recorded returns the -P records recorded on the test cluster (Slurm 22.05): GPU, hostile
// names, an array, a requeued job, a heterogeneous job, cancelled and never-started jobs.
func recorded(t *testing.T) []slurmbridge.AccountingRecord {
	t.Helper()
	delim := strings.TrimSpace(string(fixture(t, "slurm-22.05", "sacct-parsable.delimiter")))
	recs, err := slurmbridge.ParseAccountingParsable(fixture(t, "slurm-22.05", "sacct-parsable.txt"), delim, slurmbridge.Release{Major: 22, Minor: 5, Micro: 8})
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

func TestUpsertRecordedFixtures(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	recs := recorded(t)
	stats, err := s.UpsertJobs(ctx, recs, "test")
	if err != nil {
		t.Fatal(err)
	}
	if stats.Records != len(recs) || stats.Written != len(recs) {
		t.Fatalf("stats %+v for %d records", stats, len(recs))
	}
	jobs, err := s.Jobs(ctx, JobFilter{IncludePlaceholders: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(jobs) != len(recs) {
		t.Fatalf("%d rows for %d records: identity must be (cluster, raw id, submit time)", len(jobs), len(recs))
	}
	byID := map[uint32][]Job{}
	for _, j := range jobs {
		byID[j.Key.JobID] = append(byID[j.Key.JobID], j)
	}
	// The requeued run is kept with what it used (Open XDMoD drops REQUEUED records); its
	// next run, cancelled while pending in this recording, would be a row of its own.
	if runs := byID[28]; len(runs) != 1 || runs[0].State != "REQUEUED" || !runs[0].RunEnded || runs[0].CPUSecondsAllocated == 0 {
		t.Errorf("requeued job 28: %+v", runs)
	}
	// Hostile names survive byte for byte, and steps come back with their usage.
	for _, r := range recs {
		for _, j := range byID[r.JobID] {
			if !j.Key.SubmitTime.Equal(r.SubmitTime) {
				continue
			}
			if j.Name != r.Name || j.State != string(r.State) || len(j.Steps) != len(r.Steps) || j.Provenance.RawSHA256 != r.Provenance.RawSHA256 {
				t.Errorf("job %d: stored %+v from %+v", r.JobID, j, r)
			}
			cpus, _ := slurmbridge.TRESCount(r.AllocTRES, "cpu")
			if j.CPUSecondsAllocated != cpus*r.ElapsedSeconds {
				t.Errorf("job %d: %d CPU-seconds, want %d", r.JobID, j.CPUSecondsAllocated, cpus*r.ElapsedSeconds)
			}
			var used int64
			for _, st := range r.Steps {
				used += st.UserCPUMicroseconds + st.SystemCPUMicroseconds
			}
			if j.CPUMicrosecondsUsed != used {
				t.Errorf("job %d: used %d µs, want %d", r.JobID, j.CPUMicrosecondsUsed, used)
			}
		}
	}
	if gpu := byID[20]; len(gpu) != 1 || gpu[0].AllocGPUs == 0 {
		t.Errorf("GPU job: %+v", gpu)
	}
	if len(byID[22]) != 1 || !strings.Contains(byID[22][0].Name, "\n") {
		t.Errorf("a job name with a newline was not kept: %+v", byID[22])
	}

	// Reading the same records again changes nothing.
	again, err := s.UpsertJobs(ctx, recs, "test")
	if err != nil || again.Written != 0 {
		t.Fatalf("re-upsert: %+v, %v", again, err)
	}
	// A changed record (its raw bytes hash differently) is rewritten, once.
	changed := append([]slurmbridge.AccountingRecord(nil), recs...)
	changed[0].State = slurmbridge.StateFailed
	changed[0].Provenance.RawSHA256 = strings.Repeat("0", 64)
	third, err := s.UpsertJobs(ctx, changed, "test")
	if err != nil || third.Written != 1 {
		t.Fatalf("changed record: %+v, %v", third, err)
	}
	rows, _ := s.Jobs(ctx, JobFilter{IncludePlaceholders: true})
	if len(rows) != len(recs) {
		t.Fatalf("%d rows after an update, want %d", len(rows), len(recs))
	}
}

// Slurm 24.11's two accounting formats, recorded on its test cluster, store the same rows:
// the JSON the harvester reads and the -P form it falls back to.
func TestRecorded2411JSONStoresAsParsable(t *testing.T) {
	ctx := context.Background()
	fromJSON, err := slurmbridge.ParseAccountingJSON(fixture(t, "slurm-24.11", "sacct.json"))
	if err != nil {
		t.Fatal(err)
	}
	delim := strings.TrimSpace(string(fixture(t, "slurm-24.11", "sacct-parsable.delimiter")))
	fromP, err := slurmbridge.ParseAccountingParsable(fixture(t, "slurm-24.11", "sacct-parsable.txt"), delim, slurmbridge.Release{Major: 24, Minor: 11, Micro: 5})
	if err != nil {
		t.Fatal(err)
	}
	stored := func(recs []slurmbridge.AccountingRecord) []Job {
		s := openTemp(t)
		if _, err := s.UpsertJobs(ctx, recs, "test"); err != nil {
			t.Fatal(err)
		}
		jobs, err := s.Jobs(ctx, JobFilter{IncludePlaceholders: true})
		if err != nil || len(jobs) < 10 {
			t.Fatalf("%d jobs, %v", len(jobs), err)
		}
		return jobs
	}
	a, b := stored(fromJSON), stored(fromP)
	if len(a) != len(b) {
		t.Fatalf("JSON stored %d jobs, -P %d", len(a), len(b))
	}
	usage := 0
	for i := range a {
		x, y := a[i], b[i]
		if x.Key != y.Key || x.State != y.State || x.CPUSecondsAllocated != y.CPUSecondsAllocated || x.AllocTRES != y.AllocTRES ||
			x.UsageTRES != y.UsageTRES || len(x.Steps) != len(y.Steps) {
			t.Errorf("job %d: JSON and -P store differently:\n%+v\n%+v", x.Key.JobID, x, y)
		}
		if x.UsageTRES != "" {
			usage++
		}
	}
	if usage == 0 {
		t.Error("no job stored any usage")
	}
}

// The two newer JSON shapes constructed from Slurm's parser sources store the same rows.
func TestNewerJSONShapesStoreEqually(t *testing.T) {
	ctx := context.Background()
	var first []Job
	for _, dir := range []string{"slurm-23.02", "slurm-23.11"} {
		recs, err := slurmbridge.ParseAccountingJSON(fixture(t, dir, "sacct.json"))
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		s := openTemp(t)
		if _, err := s.UpsertJobs(ctx, recs, "test"); err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		jobs, err := s.Jobs(ctx, JobFilter{IncludePlaceholders: true})
		if err != nil || len(jobs) == 0 {
			t.Fatalf("%s: %d jobs, %v", dir, len(jobs), err)
		}
		for i := range jobs {
			jobs[i].Provenance = JobProvenance{}
		}
		if first == nil {
			first = jobs
			continue
		}
		if len(jobs) != len(first) {
			t.Fatalf("%s: %d jobs, 23.02 gave %d", dir, len(jobs), len(first))
		}
		for i := range jobs {
			a, b := first[i], jobs[i]
			if a.Key != b.Key || a.State != b.State || a.CPUSecondsAllocated != b.CPUSecondsAllocated || a.AllocTRES != b.AllocTRES ||
				a.UsageTRES != b.UsageTRES || a.CPUMicrosecondsUsed != b.CPUMicrosecondsUsed || len(a.Steps) != len(b.Steps) {
				t.Errorf("%s job %d differs from 23.02:\n%+v\n%+v", dir, b.Key.JobID, b, a)
			}
		}
	}
}

func TestCommitWindowCoverage(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	commit := func(from, to time.Duration) {
		t.Helper()
		w := Window{Cluster: "c", Start: t0.Add(from), End: t0.Add(to), Kind: "backfill", StartedAt: t0, HarvesterVersion: "test"}
		if _, err := s.CommitWindow(ctx, w, nil); err != nil {
			t.Fatal(err)
		}
	}
	expect := func(from, to time.Duration) {
		t.Helper()
		cov, ok, err := s.Coverage(ctx, "c")
		if err != nil || !ok || !cov.From.Equal(t0.Add(from)) || !cov.Until.Equal(t0.Add(to)) {
			t.Fatalf("coverage %+v %v %v, want %s–%s", cov, ok, err, t0.Add(from), t0.Add(to))
		}
	}
	commit(0, time.Hour)
	expect(0, time.Hour)
	commit(59*time.Minute, 2*time.Hour) // overlapping: extends
	expect(0, 2*time.Hour)
	commit(3*time.Hour, 4*time.Hour) // leaves a hole: recorded, coverage unchanged
	expect(0, 2*time.Hour)
	commit(-time.Hour, time.Minute) // earlier history: extends backwards
	expect(-time.Hour, 2*time.Hour)
	ws, err := s.Windows(ctx, "c", 10)
	if err != nil || len(ws) != 4 {
		t.Fatalf("%d windows, %v", len(ws), err)
	}
	if _, err := s.CommitWindow(ctx, Window{Cluster: "c", Start: t0, End: t0}, nil); err == nil {
		t.Error("an empty window was accepted")
	}
}

func TestWindowIsAtomic(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	recs := recorded(t)
	// The window's own row fails after its jobs were written: none of it may remain.
	if _, err := s.db.Exec(`CREATE TRIGGER fail_window BEFORE INSERT ON harvest_windows BEGIN SELECT RAISE(ABORT, 'disk full'); END`); err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	if _, err := s.CommitWindow(ctx, Window{Cluster: "petagrid", Start: t0, End: t0.Add(time.Hour), Kind: "backfill"}, recs); err == nil {
		t.Fatal("the window was committed")
	}
	jobs, _ := s.Jobs(ctx, JobFilter{IncludePlaceholders: true})
	_, ok, _ := s.Coverage(ctx, "petagrid")
	if len(jobs) != 0 || ok {
		t.Fatalf("a failed window left %d jobs and coverage %v", len(jobs), ok)
	}
}

// A record that cannot be identified is rejected, loudly, and the rest of the window is
// stored: one bad record must not stop accounting.
func TestUnidentifiableRecordIsRejected(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	recs := append([]slurmbridge.AccountingRecord(nil), recorded(t)...)
	recs[3].SubmitTime = time.Time{}
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	stats, err := s.CommitWindow(ctx, Window{Cluster: "petagrid", Start: t0, End: t0.Add(time.Hour), Kind: "backfill"}, recs)
	if err != nil {
		t.Fatal(err)
	}
	if stats.Rejected != 1 || len(stats.RejectedExamples) != 1 || !strings.Contains(stats.RejectedExamples[0], "no submit time") {
		t.Errorf("stats %+v", stats)
	}
	jobs, _ := s.Jobs(ctx, JobFilter{IncludePlaceholders: true})
	if len(jobs) != len(recs)-1 {
		t.Errorf("%d jobs stored, want %d", len(jobs), len(recs)-1)
	}
	if _, ok, _ := s.Coverage(ctx, "petagrid"); !ok {
		t.Error("the window was not committed")
	}
}

func TestPlaceholderIsSuperseded(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	placeholder := slurmbridge.AccountingRecord{Cluster: "c", JobID: 7, Name: "allocation", SubmitTime: t0.Add(5 * time.Second),
		State: slurmbridge.StateRunning, Incomplete: true, Provenance: slurmbridge.Provenance{RawSHA256: "p"}}
	if _, err := s.UpsertJobs(ctx, []slurmbridge.AccountingRecord{placeholder}, "t"); err != nil {
		t.Fatal(err)
	}
	if jobs, _ := s.Jobs(ctx, JobFilter{}); len(jobs) != 0 {
		t.Fatalf("a placeholder is listed by default: %+v", jobs)
	}
	real := slurmbridge.AccountingRecord{Cluster: "c", JobID: 7, Name: "train", Partition: "gpu", SubmitTime: t0, EligibleTime: t0,
		State: slurmbridge.StateCompleted, Provenance: slurmbridge.Provenance{RawSHA256: "r"}}
	if _, err := s.UpsertJobs(ctx, []slurmbridge.AccountingRecord{real}, "t"); err != nil {
		t.Fatal(err)
	}
	jobs, _ := s.Jobs(ctx, JobFilter{IncludePlaceholders: true})
	if len(jobs) != 1 || jobs[0].Name != "train" {
		t.Fatalf("after the real record: %+v", jobs)
	}
}

func TestUsageSplitsAcrossPeriods(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	day := time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC) // a Monday
	recs := []slurmbridge.AccountingRecord{
		{ // 2 CPUs, 1 GPU, from 22:00 on day 1 to 02:00 on day 2: 2 h in each day
			Cluster: "c", JobID: 1, User: "alice", Account: "physics", Partition: "gpu", SubmitTime: day.Add(21 * time.Hour),
			StartTime: day.Add(22 * time.Hour), EndTime: day.Add(26 * time.Hour), ElapsedSeconds: 4 * 3600, State: slurmbridge.StateCompleted,
			AllocTRES:  []slurmbridge.TRES{{Type: "cpu", Count: 2}, {Type: "gres", Name: "gpu", Count: 1}},
			Steps:      []slurmbridge.AccountingStep{{ID: "batch", UserCPUMicroseconds: 3_000_000, SystemCPUMicroseconds: 1_000_000}},
			Provenance: slurmbridge.Provenance{RawSHA256: "1"},
		},
		{
			Cluster: "c", JobID: 2, User: "bob", Account: "physics", Partition: "cpu", SubmitTime: day.Add(time.Hour),
			StartTime: day.Add(time.Hour), EndTime: day.Add(2 * time.Hour), ElapsedSeconds: 3600, State: slurmbridge.StateFailed,
			AllocTRES: []slurmbridge.TRES{{Type: "cpu", Count: 4}}, Provenance: slurmbridge.Provenance{RawSHA256: "2"},
		},
		{ // never started: no usage
			Cluster: "c", JobID: 3, User: "bob", Account: "physics", Partition: "cpu", SubmitTime: day.Add(time.Hour),
			State: slurmbridge.StateCancelled, Provenance: slurmbridge.Provenance{RawSHA256: "3"},
		},
	}
	if _, err := s.UpsertJobs(ctx, recs, "t"); err != nil {
		t.Fatal(err)
	}
	rows, err := s.Usage(ctx, UsageQuery{By: ByUser, Period: PeriodDay, Since: day, Until: day.AddDate(0, 0, 7)})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][3]int64{ // group@day → jobs, CPU-s, GPU-s
		"alice@2026-03-02": {1, 2 * 2 * 3600, 2 * 3600},
		"alice@2026-03-03": {1, 2 * 2 * 3600, 2 * 3600},
		"bob@2026-03-02":   {1, 4 * 3600, 0},
	}
	if len(rows) != len(want) {
		t.Fatalf("rows %+v", rows)
	}
	for _, r := range rows {
		k := r.Group + "@" + r.PeriodStart.Format("2006-01-02")
		w, ok := want[k]
		if !ok || r.Jobs != w[0] || r.CPUSecondsAllocated != w[1] || r.GPUSecondsAllocated != w[2] {
			t.Errorf("%s: %+v, want %v", k, r, w)
		}
		if r.Group == "alice" && r.CPUSecondsUsed != 2 {
			t.Errorf("%s: used CPU %.3f s, want half of 4 s", k, r.CPUSecondsUsed)
		}
	}
	total, err := s.Usage(ctx, UsageQuery{By: ByAccount, Period: PeriodTotal, Since: day, Until: day.AddDate(0, 0, 7)})
	if err != nil || len(total) != 1 || total[0].CPUSecondsAllocated != 4*4*3600/2+4*3600 || total[0].Ended != 2 {
		t.Fatalf("total %+v, %v", total, err)
	}
	if _, err := s.Usage(ctx, UsageQuery{By: "qos", Period: PeriodDay, Since: day, Until: day.Add(time.Hour)}); err == nil {
		t.Error("unknown grouping accepted")
	}
	if _, err := s.Usage(ctx, UsageQuery{By: ByUser, Period: "fortnight", Since: day, Until: day.Add(time.Hour)}); err == nil {
		t.Error("unknown period accepted")
	}
}

// A run ending exactly at midnight belongs to the day before, whatever window is asked.
func TestUsageBoundaries(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	jan1 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	jan2 := jan1.AddDate(0, 0, 1)
	recs := []slurmbridge.AccountingRecord{
		{Cluster: "c", JobID: 1, User: "u", SubmitTime: jan1.Add(10 * time.Hour), StartTime: jan1.Add(10 * time.Hour), EndTime: jan2,
			ElapsedSeconds: 14 * 3600, State: slurmbridge.StateCompleted, AllocTRES: []slurmbridge.TRES{{Type: "cpu", Count: 1}}, Provenance: slurmbridge.Provenance{RawSHA256: "1"}},
		{Cluster: "c", JobID: 2, User: "u", SubmitTime: jan2, StartTime: jan2, EndTime: jan2, State: slurmbridge.StateFailed,
			AllocTRES: []slurmbridge.TRES{{Type: "cpu", Count: 1}}, Provenance: slurmbridge.Provenance{RawSHA256: "2"}},
	}
	if _, err := s.UpsertJobs(ctx, recs, "t"); err != nil {
		t.Fatal(err)
	}
	for _, since := range []time.Time{jan1, jan1.Add(12 * time.Hour)} {
		rows, err := s.Usage(ctx, UsageQuery{By: ByUser, Period: PeriodDay, Since: since, Until: jan2.AddDate(0, 0, 1)})
		if err != nil {
			t.Fatal(err)
		}
		byDay := map[string]UsageRow{}
		for _, r := range rows {
			byDay[r.PeriodStart.Format("01-02")] = r
		}
		if d := byDay["01-01"]; d.Jobs != 1 || d.Ended != 1 || len(rows) != 2 {
			t.Errorf("since %s: %+v", since, rows)
		}
		if d := byDay["01-02"]; d.Jobs != 1 || d.Ended != 1 || d.CPUSecondsAllocated != 0 {
			t.Errorf("since %s: Jan 2 %+v (only the zero-length run)", since, d)
		}
	}
	rows, err := s.Usage(ctx, UsageQuery{By: ByUser, Period: PeriodDay, Since: jan2, Until: jan2.AddDate(0, 0, 1)})
	if err != nil || len(rows) != 1 || rows[0].Jobs != 1 || rows[0].Ended != 1 {
		t.Errorf("since Jan 2: %+v %v (the run ending at midnight is not Jan 2's)", rows, err)
	}
}

func TestNodeSlotsKeepFirstObservation(t *testing.T) {
	ctx := context.Background()
	s := openTemp(t)
	slot := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	first := NodeSlot{Cluster: "c", SlotStart: slot, SlotSeconds: 60, Node: "n1", SampledAt: slot.Add(time.Second), State: "IDLE", Available: true, CPUs: 16}
	second := first
	second.State, second.Available, second.SampledAt = "DOWN", false, slot.Add(30*time.Second)
	if n, err := s.RecordNodeSlots(ctx, "t", []NodeSlot{first}); err != nil || n != 1 {
		t.Fatal(n, err)
	}
	if n, err := s.RecordNodeSlots(ctx, "t", []NodeSlot{second}); err != nil || n != 0 {
		t.Fatal(n, err)
	}
	got, err := s.NodeSlots(ctx, "c", slot, slot.Add(time.Minute))
	if err != nil || len(got) != 1 || got[0].State != "IDLE" || !got[0].Available {
		t.Fatalf("%+v %v", got, err)
	}
}

func TestRefusesNewerSchema(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "acct.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.Exec(`INSERT INTO schema_migrations(version, applied_at) VALUES (99, 0)`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := Open(ctx, path); err == nil || !strings.Contains(err.Error(), "newer") {
		t.Fatalf("a newer schema was opened: %v", err)
	}
}

func TestFormatTRESAndSumUsage(t *testing.T) {
	alloc := []slurmbridge.TRES{{Type: "node", Count: 1}, {Type: "cpu", Count: 2}, {Type: "mem", Count: 512}, {Type: "gres", Name: "gpu:a100", Count: 1}}
	if got := FormatTRES(alloc); got != "cpu=2,gres/gpu:a100=1,mem=512M,node=1" {
		t.Errorf("FormatTRES: %s", got)
	}
	steps := []slurmbridge.AccountingStep{
		{UsageTRES: []slurmbridge.TRES{{Type: "cpu", Count: 10}, {Type: "mem", Count: 1000}, {Type: "energy", Count: 5}}},
		{UsageTRES: []slurmbridge.TRES{{Type: "cpu", Count: 20}, {Type: "mem", Count: 3000}, {Type: "energy", Count: 7}}},
	}
	if got := FormatTRES(SumUsage(steps)); got != "cpu=30,energy=12,mem/bytes=3000" {
		t.Errorf("SumUsage: %s", got)
	}
}
