package e2e

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/petagrid/petagrid/accounting/store"
)

// sbatchRaw submits with sbatch's own argv (names no SubmitRequest would accept) and returns
// the job id.
func sbatchRaw(t *testing.T, dir string, args ...string) uint32 {
	t.Helper()
	cmd := exec.Command("sbatch", append([]string{"--parsable", "-D", dir, "-o", "/dev/null"}, args...)...)
	cmd.Env = append(os.Environ(), "SLURM_CONF="+os.Getenv("PETAGRID_TEST_SLURM_CONF"))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("sbatch %q: %v\n%s", args, err, out)
	}
	id, err := strconv.ParseUint(strings.Split(strings.TrimSpace(string(out)), ";")[0], 10, 32)
	if err != nil {
		t.Fatalf("sbatch answered %q", out)
	}
	return uint32(id)
}

func slurmCmd(t *testing.T, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), "SLURM_CONF="+os.Getenv("PETAGRID_TEST_SLURM_CONF"), "SLURM_TIME_FORMAT=%s", "TZ=UTC")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %q: %v\n%s", name, args, err, stderr.String())
	}
	return stdout.String()
}

// sacctRow is what sacct itself says about one allocation.
type sacctRow struct {
	cpuTimeRaw   int64 // allocated CPU-seconds
	totalCPUms   int64 // CPU time used, as sacct sums it
	state        string
	ended        bool
	steps        int
	hasEndRecord bool
}

// sacctTruth reads the window the way an admin would check it: `sacct --duplicates -a -P`,
// allocations keyed by (raw id, submit time), with their step count.
func sacctTruth(t *testing.T, since time.Time, minID uint32) map[string]*sacctRow {
	t.Helper()
	out := slurmCmd(t, "sacct", "--duplicates", "-a", "-P", "-n", "-S", since.UTC().Format("2006-01-02T15:04:05"), "-E", "now",
		"--format=JobIDRaw,Submit,CPUTimeRAW,TotalCPU,State,End")
	rows := map[string]*sacctRow{}
	lastKey := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		f := strings.Split(line, "|")
		if len(f) != 6 {
			t.Fatalf("sacct line %q", line)
		}
		raw, step, isStep := strings.Cut(f[0], ".")
		id, err := strconv.ParseUint(raw, 10, 32)
		if err != nil {
			t.Fatalf("sacct id %q", f[0])
		}
		if uint32(id) < minID {
			continue
		}
		if isStep {
			if k, ok := lastKey[raw]; ok && step != "" {
				rows[k].steps++
			}
			continue
		}
		key := raw + "@" + f[1]
		cpu, _ := strconv.ParseInt(f[2], 10, 64)
		state := strings.Fields(f[4])[0]
		rows[key] = &sacctRow{cpuTimeRaw: cpu, totalCPUms: parseTotalCPU(t, f[3]), state: state, hasEndRecord: f[5] != "Unknown"}
		lastKey[raw] = key
	}
	return rows
}

// parseTotalCPU reads "MM:SS.mmm", "HH:MM:SS" or "D-HH:MM:SS" into milliseconds.
func parseTotalCPU(t *testing.T, s string) int64 {
	t.Helper()
	var days, ms int64
	if d, rest, ok := strings.Cut(s, "-"); ok {
		days, _ = strconv.ParseInt(d, 10, 64)
		s = rest
	}
	if whole, frac, ok := strings.Cut(s, "."); ok {
		v, _ := strconv.ParseInt((frac + "000")[:3], 10, 64)
		ms, s = v, whole
	}
	var secs int64
	for _, part := range strings.Split(s, ":") {
		v, err := strconv.ParseInt(part, 10, 64)
		if err != nil {
			t.Fatalf("TotalCPU %q", s)
		}
		secs = secs*60 + v
	}
	return (days*86400+secs)*1000 + ms
}

func storeKey(j store.Job) string {
	return strconv.FormatUint(uint64(j.Key.JobID), 10) + "@" + strconv.FormatInt(j.Key.SubmitTime.Unix(), 10)
}

func storedJobs(t *testing.T, path string, minID uint32) map[string]store.Job {
	t.Helper()
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	jobs, err := st.Jobs(context.Background(), store.JobFilter{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]store.Job{}
	for _, j := range jobs {
		if j.Key.JobID < minID {
			continue
		}
		if _, dup := out[storeKey(j)]; dup {
			t.Errorf("job run %s stored twice", storeKey(j))
		}
		out[storeKey(j)] = j
	}
	return out
}

func writeAccountingConfig(t *testing.T, dir, name, body string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	cfg := fmt.Sprintf("slurm:\n  conf: %s\naccounting:\n%s", os.Getenv("PETAGRID_TEST_SLURM_CONF"), body)
	if err := os.WriteFile(path, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestAccountingHarvestMatchesSacct runs 200 job runs of every kind on the test cluster,
// harvests them with the CLI in both sacct formats, and compares the store with sacct itself:
// same runs, same allocated CPU-seconds, same CPU time used. Then it kills a harvester in the
// middle of a backfill and checks that the rerun leaves no gap and no duplicate.
func TestAccountingHarvestMatchesSacct(t *testing.T) {
	testBridge(t)
	bin := buildCLI(t)
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	since := time.Now().UTC().Add(-time.Minute).Truncate(time.Second)
	// The job to requeue goes first, so that it runs before the queue fills. Its first run
	// lasts until it is requeued, however long the submissions below take; its second run
	// (Slurm counts restarts in SLURM_RESTART_COUNT) is short.
	requeued := sbatchRaw(t, dir, "-J", "acct-requeue", "--requeue", "--wrap", `if [ "${SLURM_RESTART_COUNT:-0}" -eq 0 ]; then sleep 600; else sleep 3; fi`)
	first := requeued
	ids := []uint32{requeued}
	// Whatever happens below, no job of this test outlives it (the cleanup reads ids when
	// it runs, so it cancels every job submitted by then).
	t.Cleanup(func() {
		var all []string
		for _, id := range ids {
			all = append(all, itoa(id))
		}
		cmd := exec.Command("scancel", all...)
		cmd.Env = append(os.Environ(), "SLURM_CONF="+os.Getenv("PETAGRID_TEST_SLURM_CONF"))
		_ = cmd.Run()
	})
	ids = append(ids, sbatchRaw(t, dir, "-J", "acct-burn-0", "-c", "2", "--wrap", "i=0; while [ $i -lt 30000 ]; do i=$((i+1)); done"))
	for i := 1; i < 160; i++ {
		body := "true"
		switch i % 4 {
		case 0:
			body = "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done"
		case 1:
			body = "srun true; srun sh -c 'i=0; while [ $i -lt 10000 ]; do i=$((i+1)); done'"
		case 2:
			body = "sleep 1"
		}
		ids = append(ids, sbatchRaw(t, dir, "-J", fmt.Sprintf("acct-%d", i), "-c", strconv.Itoa(1+i%3), "--wrap", body))
	}
	for _, name := range []string{"pipe|in|name", "new\nline", "ünïcødé ✓", `quote "q" 's`, "tab\there"} {
		ids = append(ids, sbatchRaw(t, dir, "-J", name, "--wrap", "true"))
	}
	ids = append(ids, sbatchRaw(t, dir, "-J", "acct-fail", "--wrap", "exit 3"), sbatchRaw(t, dir, "-J", "acct-fail2", "--wrap", "kill -9 $$"))
	ids = append(ids, sbatchRaw(t, dir, "-J", "acct-array", "-a", "0-29", "--wrap", "true"))
	ids = append(ids, sbatchRaw(t, dir, "-J", "acct-gpu", "-p", "gpu", "--gres=gpu:fake:2", "--wrap", "sleep 1"))
	het := filepath.Join(dir, "het.sh")
	if err := os.WriteFile(het, []byte("#!/bin/sh\n#SBATCH -n1\n#SBATCH hetjob\n#SBATCH -n1\nsrun --het-group=0,1 true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A heterogeneous job cannot be placed on a one-node cluster: it is cancelled while
	// pending (and would block the queue otherwise), which makes it the job cancelled
	// before it started.
	hetID := sbatchRaw(t, dir, "-J", "acct-het", het)
	slurmCmd(t, "scancel", itoa(hetID))
	ids = append(ids, hetID)
	cancelled := sbatchRaw(t, dir, "-J", "acct-cancel-pending", "--begin=now+1hour", "--wrap", "true")
	ids = append(ids, cancelled)
	slurmCmd(t, "scancel", itoa(cancelled))
	// Requeue once it runs, so that it has two runs.
	deadline := time.Now().Add(60 * time.Second)
	for {
		if strings.TrimSpace(slurmCmd(t, "squeue", "-h", "-j", itoa(requeued), "-o", "%T")) == "RUNNING" {
			slurmCmd(t, "scontrol", "requeue", itoa(requeued))
			// Slurm holds a requeued batch job back for two minutes (a begin time it sets once
			// the first run has completed); let it run again now.
			for strings.TrimSpace(slurmCmd(t, "squeue", "-h", "-j", itoa(requeued), "-o", "%T %r")) != "PENDING BeginTime" {
				if time.Now().After(deadline) {
					t.Fatal("the requeued job never went back to pending")
				}
				time.Sleep(100 * time.Millisecond)
			}
			slurmCmd(t, "scontrol", "update", "JobId="+itoa(requeued), "StartTime=now")
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the job to requeue never ran")
		}
		time.Sleep(200 * time.Millisecond)
	}
	// Wait until the controller has none of them left and slurmdbd has every end record.
	var idList []string
	for _, id := range ids {
		idList = append(idList, itoa(id))
	}
	deadline = time.Now().Add(4 * time.Minute)
	for strings.TrimSpace(slurmCmd(t, "squeue", "-h", "-j", strings.Join(idList, ","), "-o", "%i")) != "" {
		if time.Now().After(deadline) {
			t.Fatalf("jobs still queued: %s", slurmCmd(t, "squeue", "-j", strings.Join(idList, ",")))
		}
		time.Sleep(time.Second)
	}
	t.Logf("all jobs left the controller %s after the first submission", time.Since(since.Add(time.Minute)).Round(time.Second))
	// Every submission is one run, except: the array (30 tasks, so 29 more job ids), the
	// requeued job (two runs), the heterogeneous job (two components, two job ids), and the
	// job cancelled while held for a begin time an hour away, which no window ending now
	// selects (sacct picks jobs by eligible time), neither here nor in the harvester.
	// slurmdbd receives records after the controller lets go of the jobs, through its own
	// agent queue, so wait for every one of them: a truth read early would miss a run that a
	// later harvest (rightly) stores.
	wantRuns := len(ids) + 29 + 1 + 1 - 1
	var truth map[string]*sacctRow
	for {
		truth = sacctTruth(t, since, first)
		seen := map[string]bool{}
		settled := len(truth) >= wantRuns
		for k, r := range truth {
			id, _, _ := strings.Cut(k, "@")
			seen[id] = true
			if !r.hasEndRecord {
				settled = false
			}
		}
		for _, id := range append(ids, hetID+1) {
			if id != cancelled && !seen[itoa(id)] {
				settled = false
			}
		}
		if settled {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("slurmdbd never settled: %d runs, the test made %d", len(truth), wantRuns)
		}
		time.Sleep(time.Second)
	}
	if len(truth) != wantRuns {
		t.Errorf("sacct shows %d runs from this test's first job on, the test made %d", len(truth), wantRuns)
	}
	runsOfRequeued := 0
	for k := range truth {
		if strings.HasPrefix(k, itoa(requeued)+"@") {
			runsOfRequeued++
		}
	}
	if runsOfRequeued != 2 {
		t.Errorf("sacct shows %d runs of the requeued job, the test expects 2", runsOfRequeued)
	}

	// 1. Harvest with the default format (-P, a random delimiter per query).
	autoStore := filepath.Join(dir, "auto.db")
	cfgAuto := writeAccountingConfig(t, dir, "auto.yaml", "  store: "+autoStore+"\n")
	started := time.Now()
	code, stdout, stderr := runPetagrid(t, bin, dir, "--config", cfgAuto, "accounting", "harvest", "--since", since.Format(time.RFC3339))
	if code != 0 {
		t.Fatalf("harvest: %d\n%s\n%s", code, stdout, stderr)
	}
	t.Logf("harvest (-P) took %s: %s", time.Since(started).Round(time.Millisecond), strings.TrimSpace(stdout))
	auto := storedJobs(t, autoStore, first)
	compareWithSacct(t, "-P", auto, truth)
	// Reading the same runs again rewrites none of them: their raw bytes hash the same
	// although every -P query uses a new delimiter.
	time.Sleep(1100 * time.Millisecond)
	if code, stdout, stderr := runPetagrid(t, bin, dir, "--config", cfgAuto, "accounting", "harvest"); code != 0 {
		t.Fatalf("second harvest: %d\n%s\n%s", code, stdout, stderr)
	}
	for k, again := range storedJobs(t, autoStore, first) {
		if !again.Provenance.LastChanged.Equal(auto[k].Provenance.LastChanged) {
			t.Errorf("run %s was rewritten by a second read of the same record", k)
		}
	}

	// 2. The JSON path (22.05: JSON plus a -P query for exit codes and step usage) must
	// store exactly the same runs and figures.
	parsableStore := filepath.Join(dir, "json.db")
	cfgP := writeAccountingConfig(t, dir, "json.yaml", "  store: "+parsableStore+"\n  harvest:\n    format: json\n")
	if code, stdout, stderr := runPetagrid(t, bin, dir, "--config", cfgP, "accounting", "harvest", "--since", since.Format(time.RFC3339)); code != 0 {
		t.Fatalf("harvest --json: %d\n%s\n%s", code, stdout, stderr)
	}
	parsable := storedJobs(t, parsableStore, first)
	compareWithSacct(t, "json", parsable, truth)
	for k, a := range auto {
		p := parsable[k]
		// UsageTRES too: from 23.02 it is read from the JSON itself (tres.requested), which
		// must say what -P's TRESUsageInTot says.
		if a.Name != p.Name || a.State != p.State || a.AllocTRES != p.AllocTRES || a.UsageTRES != p.UsageTRES ||
			a.CPUSecondsAllocated != p.CPUSecondsAllocated || len(a.Steps) != len(p.Steps) {
			t.Errorf("run %s differs between -P and JSON:\n%+v\n%+v", k, a, p)
		}
	}
	for _, name := range []string{"pipe|in|name", "new\nline", "ünïcødé ✓", "tab\there"} {
		found := false
		for _, j := range auto {
			found = found || j.Name == name
		}
		if !found {
			t.Errorf("job name %q did not survive the harvest", name)
		}
	}

	// 3. Kill a harvester in the middle of a backfill of small windows, then rerun it. Its
	// sacct is the real one behind a wrapper that waits a second first, so that the kill lands
	// right after the first window holding these jobs is committed, with windows still to go
	// (the test sees that window's runs within milliseconds; a second is its margin on a
	// loaded machine). sacct selects a job in every window it was pending or running in, and
	// these were all submitted within seconds, so that first window usually holds all of them.
	slow := t.TempDir()
	for _, name := range []string{"scontrol", "squeue", "sinfo", "sbatch", "scancel", "sdiag"} {
		real, err := exec.LookPath(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(real, filepath.Join(slow, name)); err != nil {
			t.Fatal(err)
		}
	}
	realSacct, err := exec.LookPath("sacct")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(slow, "sacct"), []byte("#!/bin/sh\nsleep 1\nexec "+realSacct+" \"$@\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	// Backfill windows are a minute wide and the last two minutes are read as the overlap
	// window: start once the submissions are three minutes old, so that the window holding
	// them is a backfill window.
	if wait := time.Until(since.Add(3 * time.Minute)); wait > 0 {
		time.Sleep(wait)
	}
	killedStore := filepath.Join(dir, "killed.db")
	cfgK := writeAccountingConfig(t, dir, "k.yaml", "  store: "+killedStore+"\n  harvest:\n    chunk: 1m\n    overlap: 5m\n")
	cmd := exec.Command(bin, "--config", cfgK, "accounting", "harvest", "--since", since.Add(-5*time.Minute).Format(time.RFC3339))
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PETAGRID_SLURM_BIN_DIR="+slow)
	var killedOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &killedOut, &killedOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitStoredJobs(t, killedStore, first)
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	partial := storedJobs(t, killedStore, first)
	// The kill must land mid-backfill: some of these runs stored, and no overlap window yet.
	st, err := store.Open(context.Background(), killedStore)
	if err != nil {
		t.Fatal(err)
	}
	windows, err := st.Windows(context.Background(), anyJob(auto).Key.Cluster, 10_000)
	st.Close()
	caughtUp := false
	for _, w := range windows {
		caughtUp = caughtUp || w.Kind == "overlap"
	}
	if err != nil || len(partial) == 0 || caughtUp {
		t.Fatalf("the kill proves nothing: %d runs stored, %d windows, caught up %v (%v)\n%s", len(partial), len(windows), caughtUp, err, killedOut.String())
	}
	if code, stdout, stderr := runPetagrid(t, bin, dir, "--config", cfgK, "accounting", "harvest"); code != 0 {
		t.Fatalf("harvest after the kill: %d\n%s\n%s", code, stdout, stderr)
	}
	resumed := storedJobs(t, killedStore, first)
	compareWithSacct(t, "killed and resumed", resumed, truth)
	t.Logf("killed after %d backfill windows with %d runs stored; resumed to %d", len(windows), len(partial), len(resumed))

	// 4. The query commands answer from the store.
	code, stdout, stderr = runPetagrid(t, bin, dir, "--config", cfgAuto, "accounting", "usage", "--by", "account", "--period", "total", "--since", "2h", "-o", "json")
	if code != 0 || !strings.Contains(stdout, `"group": "research"`) {
		t.Errorf("usage: %d\n%s\n%s", code, stdout, stderr)
	}
	code, stdout, stderr = runPetagrid(t, bin, dir, "--config", cfgAuto, "accounting", "jobs", "--state", "REQUEUED", "--since", "2h")
	if code != 0 || !strings.Contains(stdout, "acct-requeue") {
		t.Errorf("jobs --state REQUEUED: %d\n%s\n%s", code, stdout, stderr)
	}
	code, _, stderr = runPetagrid(t, bin, dir, "accounting", "jobs", "--store", filepath.Join(dir, "missing.db"))
	if code == 0 || !strings.Contains(stderr, "no accounting store") {
		t.Errorf("a missing store: %d %s", code, stderr)
	}
}

func anyJob(m map[string]store.Job) store.Job {
	for _, j := range m {
		return j
	}
	return store.Job{}
}

// waitStoredJobs waits until the store holds at least one run with an id from minID on.
func waitStoredJobs(t *testing.T, path string, minID uint32) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if _, err := os.Stat(path); err == nil {
			if st, err := store.Open(context.Background(), path); err == nil {
				jobs, _ := st.Jobs(context.Background(), store.JobFilter{Limit: 1})
				st.Close()
				if len(jobs) > 0 && jobs[0].Key.JobID >= minID {
					return
				}
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("the harvester never stored a run of this test")
}

func compareWithSacct(t *testing.T, label string, stored map[string]store.Job, truth map[string]*sacctRow) {
	t.Helper()
	if len(stored) != len(truth) {
		t.Errorf("%s: %d runs stored, sacct shows %d", label, len(stored), len(truth))
	}
	for k, got := range stored {
		if _, ok := truth[k]; !ok {
			t.Errorf("%s: run %s (%q, %s) stored, but sacct does not show it", label, k, got.Name, got.State)
		}
	}
	for k, want := range truth {
		got, ok := stored[k]
		if !ok {
			t.Errorf("%s: run %s (%s) missing from the store", label, k, want.state)
			continue
		}
		if got.CPUSecondsAllocated != want.cpuTimeRaw {
			t.Errorf("%s: run %s: %d allocated CPU-seconds, sacct CPUTimeRAW says %d", label, k, got.CPUSecondsAllocated, want.cpuTimeRaw)
		}
		// sacct prints TotalCPU in milliseconds; the store keeps each step's user and system
		// time, which sacct rounds separately.
		usedMillis := got.CPUMicrosecondsUsed / 1000
		if diff := usedMillis - want.totalCPUms; diff < -int64(2*len(got.Steps)+1) || diff > int64(2*len(got.Steps)+1) {
			t.Errorf("%s: run %s: %d ms CPU used, sacct TotalCPU says %d ms", label, k, usedMillis, want.totalCPUms)
		}
		if got.State != want.state {
			t.Errorf("%s: run %s: state %s, sacct says %s", label, k, got.State, want.state)
		}
		if len(got.Steps) != want.steps {
			t.Errorf("%s: run %s: %d steps, sacct shows %d", label, k, len(got.Steps), want.steps)
		}
	}
}
