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
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/petagrid/petagrid/accounting/store"
	"github.com/petagrid/petagrid/site/client"
	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/site/siteapi"
	"github.com/petagrid/petagrid/slurmbridge"
)

// The faults of docs/reliability.md that hit the Slurm daemons under a site daemon: each
// test prints the figure that page reports.

// TestSiteSurvivesControllerKill kills slurmctld with SIGKILL while the site daemon tracks
// 100 jobs, some running and most queued, once the controller has saved its state with all
// of them, and starts it again ten seconds later, as a controller host that lost power and
// came back would; the running jobs end while it is down. Nothing may be lost or run twice:
// every run completes, with one Slurm job each, and no job carries a tag twice.
func TestSiteSurvivesControllerKill(t *testing.T) {
	controllerKill(t, false)
}

// TestSiteResubmitsJobsAKilledControllerLost kills slurmctld with SIGKILL as soon as the
// daemon has submitted the last of 100 jobs: before the controller saved its state with
// them (it writes its job state some seconds behind its changes). It comes back without
// them, handing their ids out again; the daemon must find out, take nothing the reused ids
// say for its jobs, and submit the lost jobs again, once each. The nodes are drained until
// the restart, so that none of the lost jobs has started (see controllerKill).
//
// Slurm 22.05 only: on 24.11 slurmd remembers the lost jobs' ids, refuses or hangs the new
// jobs that reuse them and drains the node ("Duplicate jobid"), which the site's admin must
// repair (docs/reliability.md); the daemon's side of it is TestSiteSurvivesControllerKill's
// and the site package's TestTrackerResubmitsJobsARestartedControllerLost.
func TestSiteResubmitsJobsAKilledControllerLost(t *testing.T) {
	rel, err := testBridge(t).Release(testContext(t))
	if err != nil {
		t.Fatal(err)
	}
	if rel.Major > 22 {
		t.Skipf("Slurm %s: slurmd refuses the job ids a killed controller hands out again (see the comment)", rel)
	}
	controllerKill(t, true)
}

// controllerKill submits 100 workflows through the daemon, kills slurmctld with SIGKILL
// (before its state save when early is set, after it otherwise), restarts it 10 s later and
// checks that every run completes with one job of its own.
func controllerKill(t *testing.T, early bool) {
	if testing.Short() {
		t.Skip("100 jobs and a controller restart")
	}
	s := startSite(t, siteOptions{workers: 8, trackerInterval: "1s"})
	ctx := siteContext(t, 8*time.Minute)
	alice := s.client("pgalice")
	// Whatever happened on the cluster before this test (an earlier test's jobs cancelled
	// as it ended) is on disk before the kill: the controller would bring it back otherwise.
	saves := newStateSaves(t)
	saves.mark(ctx)
	started := time.Now()

	if early {
		// The jobs the controller will lose must not have started: slurmd would remember
		// their ids, and the restarted controller, handing them out again, drains the node
		// ("Duplicate jobid", on 22.05 as on 24.11), which only the site's admin can repair
		// (docs/admin-guide.md, 6.7). The nodes stay drained until the controller is back.
		nodes := clusterNodes(t)
		for _, n := range nodes {
			slurmCmd(t, "scontrol", "update", "NodeName="+n, "State=DRAIN", "Reason=petagrid e2e: jobs queued for a controller kill")
		}
		defer resumeNodes(t, nodes)
	}
	// The jobs wait for a gate the test opens once the controller is dead, so that the
	// queue stands still from the controller's last save to the kill. A job that ended (or
	// started) after that save would come back running (or queued) from a save that no
	// longer holds: Slurm's error, not the daemon's, which failed a CI run of the test when
	// its jobs were `sleep 2` (docs/reliability.md). A job whose gate's directory is gone
	// (the test ended without opening it) fails at once rather than hold its CPU.
	gateDir := sharedDir(t, "petagrid-ctld-kill-", 0o755)
	gate := filepath.Join(gateDir, "open")
	const total = 100
	ids := submitMany(ctx, t, alice, total, func(i int) string {
		return workflowYAML(fmt.Sprintf("ctld-kill-%d", i),
			fmt.Sprintf("until [ -e %s ]; do [ -d %s ] || exit 1; sleep 0.2; done; echo ctld-kill", gate, gateDir))
	})
	t.Cleanup(func() { cancelRunJobs(t, ids) })
	jobIDs := waitJobIDs(ctx, t, alice, ids)
	var queued, running int
	if early {
		queued, running = queueCounts(t, jobIDs)
	} else {
		queued, running = waitQueueSaved(ctx, t, saves, jobIDs)
	}
	killed := time.Now()
	killDaemon(t, "slurmctld")
	t.Cleanup(func() { fixRunawayJobs(t) })
	restarted := false
	defer func() {
		if !restarted {
			startController(t)
		}
	}()
	// The running jobs end while the controller is down; slurmstepd delivers their ends
	// once it is back.
	time.Sleep(2 * time.Second)
	if err := os.WriteFile(gate, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	time.Sleep(8 * time.Second)
	startController(t)
	restarted = true
	if early {
		resumeNodes(t, clusterNodes(t))
	}
	back := time.Now()

	runs := waitRuns(ctx, t, alice, ids)
	completed := time.Since(back)
	// How many jobs the restarted controller had lost, which the daemon submitted again.
	lost := metricValue(t, scrape(t, s), "petagrid_site_lost_jobs_total")
	if !early && lost != 0 {
		t.Errorf("the daemon took %.0f jobs for lost that the controller had saved", lost)
	}
	if early && lost == 0 {
		t.Errorf("the controller had saved every job before the kill: nothing lost, so the resubmission was not tested")
	}
	t.Logf("slurmctld killed with SIGKILL %.1f s after the first of %d submissions, while the daemon tracked %d jobs (%d running, %d queued); restarted 10 s later; the daemon found %.0f of them lost and submitted those again; every run completed %.1f s after the restart",
		killed.Sub(started).Seconds(), total, len(jobIDs), running, queued, lost, completed.Seconds())
	runaways := checkOneJobPerRun(ctx, t, started, ids, runs)
	if early {
		t.Logf("accounting kept %d runaway records of the lost jobs (queued or started, never ended), which `sacctmgr show runawayjobs` lists and fixes", runaways)
	}
}

// cancelRunJobs cancels the jobs of the runs ids that the controller still holds, and waits
// until it holds none. A controller killed with SIGKILL comes back from its last saved
// state: a job that ended after that save is running again by its word, though slurmd has
// finished it, and would hold its CPUs until its time limit (minutes), under the tests that
// follow on the cluster.
func cancelRunJobs(t *testing.T, ids []string) {
	t.Helper()
	ours := func() []string {
		var found []string
		for _, line := range strings.Split(slurmCmd(t, "squeue", "-h", "-a", "-o", "%i %j"), "\n") {
			id, name, ok := strings.Cut(strings.TrimSpace(line), " ")
			if !ok {
				continue
			}
			for _, run := range ids {
				if strings.HasPrefix(name, run+".") {
					found = append(found, id)
					break
				}
			}
		}
		return found
	}
	left := ours()
	if len(left) == 0 {
		return
	}
	t.Logf("cancelling %d jobs of the test's runs that the restarted controller still holds: %v", len(left), left)
	slurmCmd(t, "scancel", left...)
	deadline := time.Now().Add(time.Minute)
	for len(left) > 0 {
		if time.Now().After(deadline) {
			t.Errorf("the controller still holds jobs %v a minute after scancel", left)
			return
		}
		time.Sleep(time.Second)
		left = ours()
	}
}

// stateSaves makes slurmctld of the cluster PETAGRID_TEST_SLURM_CONF names save its job
// state on demand. It writes that state some seconds behind its changes, and a controller
// killed with SIGKILL comes back from its last save.
type stateSaves struct {
	t     *testing.T
	names []string
}

// newStateSaves returns a stateSaves whose jobs are cancelled when the test ends.
func newStateSaves(t *testing.T) *stateSaves {
	s := &stateSaves{t: t}
	t.Cleanup(func() {
		for _, name := range s.names {
			cmd := exec.Command("scancel", "--name="+name)
			cmd.Env = append(os.Environ(), "SLURM_CONF="+os.Getenv("PETAGRID_TEST_SLURM_CONF"))
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Logf("scancel --name=%s: %v %s", name, err, out)
			}
		}
	})
	return s
}

// mark submits a held job under a name of its own and waits until the controller's saved
// job state holds that name: the save's snapshot was taken after the submission, so it
// holds every change made before it.
func (s *stateSaves) mark(ctx context.Context) {
	s.t.Helper()
	name := fmt.Sprintf("petagrid-e2e-state-save-%d-%d", time.Now().UnixNano(), len(s.names))
	slurmCmd(s.t, "sbatch", "--parsable", "--hold", "--job-name="+name,
		"--partition=cpu", "--account=research", "--mem=1M", "--time=1", "--chdir=/tmp", "--output=/dev/null", "--wrap=true")
	s.names = append(s.names, name)
	waitStateHolds(ctx, s.t, name)
}

// waitQueueSaved waits until the controller has saved its job state with the queue of
// jobIDs as it stands, and returns its counts. The queue must be still: its running jobs
// wait on a gate, so none ends, and the node has no idle CPU, so none can start. Each try
// counts the queue, has the controller save (saves.mark: the snapshot is taken after the
// count), and counts again: the same counts on a full node show nothing changed in
// between. Else it tries again.
func waitQueueSaved(ctx context.Context, t *testing.T, saves *stateSaves, jobIDs []uint32) (queued, running int) {
	t.Helper()
	for {
		queued, running = queueCounts(t, jobIDs)
		saves.mark(ctx)
		if q, r := queueCounts(t, jobIDs); q == queued && r == running && idleCPUs(t) == 0 {
			return queued, running
		}
		select {
		case <-ctx.Done():
			t.Fatalf("the queue never stood still on a full node (last: %d queued, %d running, %d idle CPUs)", queued, running, idleCPUs(t))
		case <-time.After(time.Second):
		}
	}
}

// idleCPUs is the idle CPUs of the cluster's partitions, as sinfo counts them (%C:
// allocated/idle/other/total, one line per partition).
func idleCPUs(t *testing.T) int {
	t.Helper()
	idle := 0
	for _, line := range strings.Fields(slurmCmd(t, "sinfo", "-h", "-o", "%C")) {
		parts := strings.Split(line, "/")
		if len(parts) != 4 {
			t.Fatalf("sinfo %%C: %q", line)
		}
		n, err := strconv.Atoi(parts[1])
		if err != nil {
			t.Fatalf("sinfo %%C: %q: %v", line, err)
		}
		idle += n
	}
	return idle
}

// waitStateHolds waits until slurmctld's saved job state holds s (a job's name): its save
// was taken after that job's submission.
func waitStateHolds(ctx context.Context, t *testing.T, s string) {
	t.Helper()
	file := jobStateFile()
	for {
		if data, err := os.ReadFile(file); err == nil && bytes.Contains(data, []byte(s)) {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("slurmctld never saved its job state (%s) with %s", file, s)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// jobStateFile is the job state file of the cluster PETAGRID_TEST_SLURM_CONF names: the
// harness's StateSaveLocation (test/cluster) is DIR/spool/ctld.
func jobStateFile() string {
	conf := os.Getenv("PETAGRID_TEST_SLURM_CONF")
	return filepath.Join(filepath.Dir(filepath.Dir(conf)), "spool", "ctld", "job_state")
}

// fixRunawayJobs closes the accounting records of jobs a killed controller lost, as a site's
// admin does after such a crash, so that later tests see no job that never ends.
func fixRunawayJobs(t *testing.T) {
	t.Helper()
	args := []string{"-i", "show", "runawayjobs"}
	if name := os.Getenv("PETAGRID_TEST_CLUSTER_NAME"); name != "" {
		args = append(args, "cluster="+name)
	}
	cmd := exec.Command("sacctmgr", args...)
	cmd.Env = append(os.Environ(), "SLURM_CONF="+os.Getenv("PETAGRID_TEST_SLURM_CONF"))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("sacctmgr show runawayjobs: %v\n%s", err, out)
	}
}

// TestSiteHarvestsAcrossAnAccountingOutage kills slurmdbd with SIGKILL for 30 s, fifteen
// times the daemon's 2 s harvest interval, while ten workflows are submitted and their jobs
// run and end. slurmctld keeps the jobs' records in its queue to slurmdbd meanwhile. Once slurmdbd is
// back, the accounting store must hold every job that ran during the outage, ended, with no
// gap in what the harvester covered, and every run must complete.
func TestSiteHarvestsAcrossAnAccountingOutage(t *testing.T) {
	if testing.Short() {
		t.Skip("30 s outage")
	}
	s := startSite(t, siteOptions{trackerInterval: "1s"})
	ctx := siteContext(t, 6*time.Minute)
	alice := s.client("pgalice")
	cluster, err := testBridge(t).ClusterName(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// A first harvest, so that the outage falls after a covered range.
	waitHarvestWindow(ctx, t, s.accountingStore, cluster, time.Now())

	killDaemon(t, "slurmdbd")
	down := time.Now()
	restarted := false
	defer func() {
		if !restarted {
			startController(t) // `cluster up` starts whichever daemon is missing
		}
	}()
	ids := submitMany(ctx, t, alice, 10, func(i int) string {
		return workflowYAML(fmt.Sprintf("dbd-down-%d", i), "sleep 1; echo dbd-down")
	})
	jobIDs := waitJobIDs(ctx, t, alice, ids)
	time.Sleep(time.Until(down.Add(30 * time.Second)))
	metrics := scrape(t, s)
	failures := metricValue(t, metrics, "petagrid_accounting_harvest_failures_total")
	if failures == 0 {
		t.Errorf("no failed harvest counted while slurmdbd was down:\n%s", grepLines(metrics, "petagrid_accounting_"))
	}
	for _, id := range ids {
		if v, err := alice.Get(ctx, id, false); err != nil || v.State.Terminal() {
			t.Fatalf("run %s settled while slurmdbd was down: %v %v", id, v.State, err)
		}
	}
	startController(t)
	restarted = true
	back := time.Now()

	want := map[uint32]string{}
	for _, id := range jobIDs {
		want[id] = "pgalice"
	}
	waitHarvested(ctx, t, s.accountingStore, want)
	harvested := time.Since(back)
	runs := waitRuns(ctx, t, alice, ids)
	completed := time.Since(back)
	for _, id := range ids {
		if r := runs[id]; r.State != runstate.Completed {
			t.Errorf("run %s after the outage: %s (%s) %+v", id, r.State, r.Error, r.Steps)
		}
	}
	// No gap: the first window committed after the outage reaches back before it, and the
	// stored jobs have their whole run.
	st, err := store.Open(ctx, s.accountingStore)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	windows, err := st.Windows(ctx, cluster, 1000)
	if err != nil {
		t.Fatal(err)
	}
	var first *store.Window
	for i := range windows {
		if w := windows[i]; w.StartedAt.After(back.Add(-time.Second)) && (first == nil || w.StartedAt.Before(first.StartedAt)) {
			first = &windows[i]
		}
	}
	if first == nil || first.Start.After(down) {
		t.Fatalf("the first window after the outage %+v does not reach back to its start %s", first, down.UTC())
	}
	jobs, err := st.Jobs(ctx, store.JobFilter{Cluster: cluster, User: "pgalice", Since: down.Add(-time.Minute)})
	if err != nil {
		t.Fatal(err)
	}
	tagOf := map[uint32]string{}
	for _, id := range ids {
		if r := runs[id]; len(r.Steps) == 1 {
			tagOf[r.Steps[0].JobID] = r.Steps[0].Tag
		}
	}
	stored := 0
	for _, j := range jobs {
		// By id and tag: an id may name an older job too, where a controller restart
		// handed it out again.
		if tag, ok := tagOf[j.Key.JobID]; ok && j.Name == tag {
			stored++
			if !j.RunEnded || j.State != "COMPLETED" || j.StartTime.IsZero() || j.EndTime.Before(j.StartTime) || j.EndTime.Before(down) {
				t.Errorf("job %d stored as %+v", j.Key.JobID, j)
			}
		}
	}
	if stored != len(want) {
		t.Errorf("%d of %d jobs stored", stored, len(want))
	}
	t.Logf("slurmdbd killed with SIGKILL for %.0f s (%.0f failed harvests) while %d jobs ran and ended; after it came back every job was in the accounting store %.1f s later and every run completed %.1f s later, the first window reaching back %.0f s before the outage",
		back.Sub(down).Seconds(), failures, len(jobIDs), harvested.Seconds(), completed.Seconds(), down.Sub(first.Start).Seconds())
}

// waitHarvestWindow waits until the accounting store has a window of the cluster that
// started after since.
func waitHarvestWindow(ctx context.Context, t *testing.T, path, cluster string, since time.Time) {
	t.Helper()
	for {
		if st, err := store.Open(ctx, path); err == nil {
			windows, _ := st.Windows(ctx, cluster, 1)
			st.Close()
			if len(windows) == 1 && !windows[0].StartedAt.Before(since.Truncate(time.Second)) {
				return
			}
		}
		select {
		case <-ctx.Done():
			t.Fatal("the harvester never committed a window")
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// submitMany submits n workflows, two at a time, and returns their run ids in order.
func submitMany(ctx context.Context, t *testing.T, c *client.Client, n int, workflow func(i int) string) []string {
	t.Helper()
	ids := make([]string, n)
	errs := make(chan error, n)
	sem := make(chan struct{}, 2)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			v, _, err := c.Submit(ctx, siteapi.SubmitRequest{Workflow: workflow(i)})
			if err != nil {
				errs <- fmt.Errorf("submit %d: %w", i, err)
				return
			}
			ids[i] = v.ID
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	return ids
}

// waitJobIDs waits until every run's step has its Slurm job id and returns them.
func waitJobIDs(ctx context.Context, t *testing.T, c *client.Client, ids []string) []uint32 {
	t.Helper()
	got := map[string]uint32{}
	for len(got) < len(ids) {
		for _, id := range ids {
			if got[id] != 0 {
				continue
			}
			v, err := c.Get(ctx, id, false)
			if err != nil {
				t.Fatal(err)
			}
			if len(v.Steps) == 1 && v.Steps[0].JobID != 0 {
				got[id] = v.Steps[0].JobID
			}
		}
		if len(got) < len(ids) {
			select {
			case <-ctx.Done():
				t.Fatalf("only %d of %d runs reached Slurm", len(got), len(ids))
			case <-time.After(100 * time.Millisecond):
			}
		}
	}
	out := make([]uint32, 0, len(ids))
	for _, id := range ids {
		out = append(out, got[id])
	}
	return out
}

// queueCounts is how many of the jobs are queued and how many run, by squeue.
func queueCounts(t *testing.T, jobIDs []uint32) (queued, running int) {
	t.Helper()
	statuses, err := testBridge(t).JobStates(testContext(t), jobIDs)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range statuses {
		switch {
		case s.State.Pending():
			queued++
		case !s.State.Terminal():
			running++
		}
	}
	return queued, running
}

// killDaemon kills a Slurm daemon of the cluster PETAGRID_TEST_SLURM_CONF names with
// SIGKILL, by the pid file the harness keeps, and waits until it is gone.
func killDaemon(t *testing.T, daemon string) {
	t.Helper()
	conf := os.Getenv("PETAGRID_TEST_SLURM_CONF")
	pidFile := filepath.Join(filepath.Dir(filepath.Dir(conf)), "run", daemon+".pid")
	data, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil || pid <= 1 {
		t.Fatalf("%s: no pid (%q)", pidFile, data)
	}
	if comm, _ := os.ReadFile(fmt.Sprintf("/proc/%d/comm", pid)); strings.TrimSpace(string(comm)) != daemon {
		t.Fatalf("%s names pid %d, which is %q, not %s", pidFile, pid, strings.TrimSpace(string(comm)), daemon)
	}
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatalf("kill %s: %v", daemon, err)
	}
	for deadline := time.Now().Add(10 * time.Second); syscall.Kill(pid, 0) == nil; {
		if time.Now().After(deadline) {
			t.Fatalf("%s (pid %d) outlived SIGKILL", daemon, pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// checkOneJobPerRun checks that every run completed with one step of its own Slurm job, and
// that Slurm's accounting holds exactly one ended job per run's tag since the test started.
// It returns how many records under the tags never ended: runaways, of jobs a restarted
// controller lost.
func checkOneJobPerRun(ctx context.Context, t *testing.T, started time.Time, ids []string, runs map[string]siteapi.Run) (runaways int) {
	t.Helper()
	// Job ids alone identify nothing here: a controller that lost jobs hands their ids out
	// again, so two runs may rightly hold the same id (one job that ended before the crash,
	// one submitted after). The tags tell the jobs apart.
	tags := make([]string, 0, len(ids))
	for _, id := range ids {
		r := runs[id]
		if r.State != runstate.Completed || len(r.Steps) != 1 || r.Steps[0].JobID == 0 {
			t.Errorf("run %s: %s %+v (%s)", id, r.State, r.Steps, r.Error)
			continue
		}
		tags = append(tags, r.Steps[0].Tag)
	}
	jobsByTag, runaways := endedJobsByTag(ctx, t, tags, started)
	for _, tag := range tags {
		if len(jobsByTag[tag]) != 1 {
			t.Errorf("tag %s has %d ended Slurm jobs, want 1", tag, len(jobsByTag[tag]))
		}
	}
	return runaways
}

// endedJobsByTag reads the first test cluster's accounting since started for the tags: the
// ids of the ended jobs under each, and how many records under them never ended (runaways,
// of jobs a restarted controller lost). slurmdbd receives its records from the controller's
// agent queue, which may lag: it reads until every tag has an ended job, or two minutes
// have passed.
func endedJobsByTag(ctx context.Context, t *testing.T, tags []string, started time.Time) (map[string]map[uint32]bool, int) {
	t.Helper()
	b := testBridge(t)
	for deadline := time.Now().Add(2 * time.Minute); ; {
		recs, err := b.Accounting(ctx, slurmbridge.AccountingQuery{Start: started.Add(-time.Minute), End: time.Now().Add(time.Minute), Names: tags})
		if err != nil {
			t.Fatal(err)
		}
		jobsByTag, runaways := map[string]map[uint32]bool{}, 0
		for _, r := range recs {
			if !r.State.Terminal() {
				runaways++
				continue
			}
			if jobsByTag[r.Name] == nil {
				jobsByTag[r.Name] = map[uint32]bool{}
			}
			jobsByTag[r.Name][r.JobID] = true
		}
		if len(jobsByTag) == len(tags) || time.Now().After(deadline) {
			return jobsByTag, runaways
		}
		time.Sleep(time.Second)
	}
}

// metricValue is the value of an unlabelled metric in a Prometheus text exposition.
func metricValue(t *testing.T, exposition, name string) float64 {
	t.Helper()
	for _, line := range strings.Split(exposition, "\n") {
		if v, ok := strings.CutPrefix(line, name+" "); ok {
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil {
				t.Fatalf("%s: %q", name, line)
			}
			return f
		}
	}
	t.Fatalf("no %s in the metrics", name)
	return 0
}

// clusterNodes lists the test cluster's nodes, once each.
func clusterNodes(t *testing.T) []string {
	t.Helper()
	seen := map[string]bool{}
	var nodes []string
	for _, n := range strings.Fields(slurmCmd(t, "sinfo", "-h", "-N", "-o", "%N")) {
		if !seen[n] {
			seen[n] = true
			nodes = append(nodes, n)
		}
	}
	if len(nodes) == 0 {
		t.Fatal("sinfo lists no nodes")
	}
	return nodes
}

// resumeNodes resumes drained nodes. Slurm refuses to resume a node that is not drained
// (the restarted controller may not have saved the drain), which is no failure here.
func resumeNodes(t *testing.T, nodes []string) {
	t.Helper()
	for _, n := range nodes {
		cmd := exec.Command("scontrol", "update", "NodeName="+n, "State=RESUME")
		cmd.Env = append(os.Environ(), "SLURM_CONF="+os.Getenv("PETAGRID_TEST_SLURM_CONF"))
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Logf("resuming %s: %v: %s", n, err, strings.TrimSpace(string(out)))
		}
	}
}
