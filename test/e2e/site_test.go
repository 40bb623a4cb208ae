package e2e

import (
	"bytes"
	"context"
	cryptorand "crypto/rand"
	"encoding/base32"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/petagrid/petagrid/accounting/store"
	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/site/client"
	"github.com/petagrid/petagrid/site/journal"
	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/site/siteapi"
	"github.com/petagrid/petagrid/slurmbridge"
)

func siteContext(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// TestSiteFiftyWorkflows: 50 workflows from two researchers through the signed API reach
// the right terminal states, a failing step reports its exit code, jobs run as the mapped
// accounts, a cancel works and logs -f follows a running job.
func TestSiteFiftyWorkflows(t *testing.T) {
	s := startSite(t, siteOptions{})
	ctx := siteContext(t, 6*time.Minute)
	alice, bob := s.client("pgalice"), s.client("pgbob")

	type want struct {
		state runstate.State
		code  int
	}
	wants := map[string]want{}
	var ids []string
	for i := 0; i < 50; i++ {
		c, user := alice, "pgalice"
		if i%2 == 1 {
			c, user = bob, "pgbob"
		}
		shell, w := fmt.Sprintf(`test "$(id -un)" = %s && echo ok-%d`, user, i), want{runstate.Completed, 0}
		if i%5 == 4 {
			shell, w = fmt.Sprintf("echo failing-%d; exit %d", i, 3+i%7), want{runstate.Failed, 3 + i%7}
		}
		v, created, err := c.Submit(ctx, siteapi.SubmitRequest{Workflow: workflowYAML(fmt.Sprintf("wf-%d", i), shell), FileName: "wf.yaml"})
		if err != nil || !created {
			t.Fatalf("submit %d: created=%v %v", i, created, err)
		}
		if v.LocalUser != user || v.State != runstate.Accepted {
			t.Fatalf("submit %d: %+v", i, v.Run)
		}
		wants[v.ID] = w
		ids = append(ids, v.ID)
	}

	// A long job to follow and one to cancel.
	follow, _, err := alice.Submit(ctx, siteapi.SubmitRequest{Workflow: workflowYAML("follow", `for i in 1 2 3 4 5 6; do echo "tick $i"; sleep 1; done`)})
	if err != nil {
		t.Fatal(err)
	}
	doomed, _, err := bob.Submit(ctx, siteapi.SubmitRequest{Workflow: workflowYAML("doomed", "sleep 300")})
	if err != nil {
		t.Fatal(err)
	}

	// logs -f from the CLI, as the researcher would run it.
	var logOut bytes.Buffer
	logsDone := make(chan error, 1)
	go func() {
		known := filepath.Join(t.TempDir(), "known_sites.json")
		cmd := exec.CommandContext(ctx, s.bin, "logs", "-f", "--site", s.api, "--key", writeKey(t, s, "pgalice"), "--known-sites", known, "--step", "main", "--stream", "stdout", follow.ID)
		cmd.Stdout, cmd.Stderr = &logOut, &logOut
		logsDone <- cmd.Run()
	}()

	// Cancel once the doomed job runs.
	deadline := time.Now().Add(2 * time.Minute)
	for {
		v, err := bob.Get(ctx, doomed.ID, false)
		if err != nil {
			t.Fatal(err)
		}
		if v.State == runstate.Running {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("doomed run never ran: %+v", v.Run)
		}
		time.Sleep(500 * time.Millisecond)
	}
	if _, err := alice.Cancel(ctx, doomed.ID); !isStatus(err, http.StatusNotFound) {
		t.Fatalf("alice cancelling bob's run: %v, want 404", err)
	}
	if v, err := bob.Cancel(ctx, doomed.ID); err != nil || !v.CancelRequested {
		t.Fatalf("cancel: %+v %v", v, err)
	}

	runs := waitRuns(ctx, t, alice, everyOther(ids, 0))
	for id, r := range waitRuns(ctx, t, bob, everyOther(ids, 1)) {
		runs[id] = r
	}
	for id, w := range wants {
		r := runs[id]
		if r.State != w.state || len(r.Steps) != 1 || r.Steps[0].JobID == 0 {
			t.Errorf("run %s: state %s steps %+v, want %s", id, r.State, r.Steps, w.state)
			continue
		}
		if st := r.Steps[0]; st.ExitCode == nil || *st.ExitCode != w.code {
			t.Errorf("run %s: exit code %v, want %d (%s)", id, st.ExitCode, w.code, r.Error)
		}
		if w.state == runstate.Failed && !strings.Contains(r.Error, fmt.Sprintf("exit code %d", w.code)) {
			t.Errorf("run %s: error %q does not give the exit code", id, r.Error)
		}
	}
	end := waitRuns(ctx, t, bob, []string{doomed.ID})[doomed.ID]
	if end.State != runstate.Cancelled || end.Steps[0].State != runstate.StepCancelled {
		t.Errorf("cancelled run: %+v", end)
	}
	if err := <-logsDone; err != nil {
		t.Errorf("logs -f: %v\n%s", err, logOut.String())
	}
	if got := logOut.String(); !strings.Contains(got, "tick 1\n") || !strings.Contains(got, "tick 6\n") {
		t.Errorf("logs -f printed %q", got)
	}

	// Slurm's own accounting agrees on the user and the exit code.
	b := testBridge(t)
	for _, id := range ids[:10] {
		r := runs[id]
		rec := accountingRecord(t, b, r.Steps[0].JobID, slurmbridge.FormatJSON)
		if rec.User != r.LocalUser || rec.Exit == nil || rec.Exit.Code != wants[id].code {
			t.Errorf("run %s: sacct says user %s exit %+v; journal says %s %d", id, rec.User, rec.Exit, r.LocalUser, wants[id].code)
		}
	}

	// The daemon's accounting harvested every run's job, with the researcher's account, and
	// sampled the node; its metrics say so.
	wantJobs := map[uint32]string{}
	for _, id := range ids {
		wantJobs[runs[id].Steps[0].JobID] = runs[id].LocalUser
	}
	waitHarvested(ctx, t, s.accountingStore, wantJobs)
	metrics := scrape(t, s)
	for _, series := range []string{"petagrid_accounting_harvest_windows_total", "petagrid_accounting_node_slots_total", "petagrid_accounting_harvest_lag_seconds"} {
		if !strings.Contains(metrics, series) {
			t.Errorf("metrics lack %s", series)
		}
	}
	if log, err := os.ReadFile(s.logPath); err != nil || !strings.Contains(string(log), "running without GPU telemetry") {
		t.Errorf("the daemon did not say once that it runs without GPU telemetry (%v)", err)
	}
	pocpReportFromDaemon(t, s)
}

// pocpReportFromDaemon builds, signs and verifies the PoCP report of the current hour-long
// period from the daemon's accounting store with the CLI, as a site admin would.
func pocpReportFromDaemon(t *testing.T, s *siteDaemon) {
	t.Helper()
	dir := t.TempDir()
	base, err := os.ReadFile(s.config)
	if err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(dir, "pocp.yaml")
	extra := "pocp:\n  genesis: \"2020-01-01T00:00:00Z\"\n  period: 1h\n  hardware:\n    cpu: EPYC-7763\n    gpuModels: {fake: A100-SXM4-40GB}\n"
	if err := os.WriteFile(cfg, append(base, extra...), 0o644); err != nil {
		t.Fatal(err)
	}
	key := filepath.Join(dir, "site.key")
	if code, out, stderr := runPetagrid(t, s.bin, dir, "keys", "new", "--file", key); code != 0 {
		t.Fatalf("keys new: %d %s %s", code, out, stderr)
	}
	period := time.Now().UTC().Sub(time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)) / time.Hour
	report := filepath.Join(dir, "report.json")
	code, out, stderr := runPetagrid(t, s.bin, dir, "--config", cfg, "pocp", "report", "--period", fmt.Sprint(int64(period)), "--sign", key, "--out", report)
	if code != 0 || !strings.Contains(stderr, "PoCP report built") {
		t.Fatalf("pocp report: %d\n%s\n%s", code, out, stderr)
	}
	code, out, stderr = runPetagrid(t, s.bin, dir, "--config", cfg, "pocp", "verify", report)
	if code != 0 || !strings.Contains(out, "signature OK") || !strings.Contains(out, "median") {
		t.Fatalf("pocp verify: %d\n%s\n%s", code, out, stderr)
	}
	// The same report with one figure raised no longer verifies.
	data, _ := os.ReadFile(report)
	forged := strings.Replace(string(data), `"jobsRun":`, `"jobsRun":1`, 1)
	if err := os.WriteFile(report, []byte(forged), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runPetagrid(t, s.bin, dir, "--config", cfg, "pocp", "verify", report); code == 0 || !strings.Contains(stderr, "not by the report's site") {
		t.Errorf("a forged report verified: %d %s", code, stderr)
	}
}

// waitHarvested waits until the accounting store holds an ended run of every job, submitted
// as the given user.
func waitHarvested(ctx context.Context, t *testing.T, path string, want map[uint32]string) {
	t.Helper()
	for {
		got := map[uint32]string{}
		if st, err := store.Open(ctx, path); err == nil {
			jobs, _ := st.Jobs(ctx, store.JobFilter{Since: time.Now().Add(-time.Hour)})
			st.Close()
			for _, j := range jobs {
				if j.RunEnded {
					got[j.Key.JobID] = j.User
				}
			}
		}
		missing := 0
		for id, user := range want {
			if got[id] != user {
				missing++
			}
		}
		if missing == 0 {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("%d of %d jobs never reached the accounting store", missing, len(want))
		case <-time.After(time.Second):
		}
	}
}

// everyOther returns ids[first], ids[first+2], …: one researcher's runs.
func everyOther(ids []string, first int) []string {
	var out []string
	for i := first; i < len(ids); i += 2 {
		out = append(out, ids[i])
	}
	return out
}

func isStatus(err error, code int) bool {
	var apiErr *client.APIError
	return errors.As(err, &apiErr) && apiErr.Status == code
}

// writeKey writes a researcher's key where the CLI can load it.
func writeKey(t *testing.T, s *siteDaemon, user string) string {
	t.Helper()
	path := t.TempDir() + "/" + user + ".key"
	key := s.keys[user]
	hexKey := fmt.Sprintf("%064x\n", key.D)
	if err := os.WriteFile(path, []byte(hexKey), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestSiteCrashSafety kills the daemon with SIGKILL at random moments while 100 workflows
// are submitted, restarting it each time: at the end exactly 100 Slurm jobs exist, one per
// run, each tracked to its end.
func TestSiteCrashSafety(t *testing.T) {
	s := startSite(t, siteOptions{workers: 8, runAs: "setuid"})
	ctx := siteContext(t, 8*time.Minute)
	alice := s.client("pgalice")
	started := time.Now()

	const total = 100
	ids := make([]string, total)
	var wg sync.WaitGroup
	submitErrs := make(chan error, total)
	sem := make(chan struct{}, 2)
	for i := 0; i < total; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			// The client retries through restarts with the same idempotency key.
			v, _, err := alice.Submit(ctx, siteapi.SubmitRequest{Workflow: workflowYAML(fmt.Sprintf("crash-%d", i), "echo crash-test"),
				IdempotencyKey: fmt.Sprintf("crash-%d-%d", started.UnixNano(), i)})
			if err != nil {
				submitErrs <- fmt.Errorf("submit %d: %w", i, err)
				return
			}
			ids[i] = v.ID
		}()
	}
	submitted := make(chan struct{})
	go func() { wg.Wait(); close(submitted) }()

	rng := rand.New(rand.NewSource(time.Now().UnixNano()))
	kills := 0
	for round := 0; round < 12; round++ {
		select {
		case <-submitted:
			round = 12
			continue
		case <-time.After(time.Duration(30+rng.Intn(220)) * time.Millisecond):
		}
		s.kill()
		kills++
		time.Sleep(time.Duration(rng.Intn(100)) * time.Millisecond)
		s.start()
	}
	<-submitted
	close(submitErrs)
	for err := range submitErrs {
		t.Error(err)
	}
	if t.Failed() {
		t.FailNow()
	}
	// One more kill once everything is submitted, while the tracker works.
	s.kill()
	kills++
	s.start()
	lastKill := time.Now()
	logText, _ := os.ReadFile(s.logPath)
	resumed, adopted := strings.Count(string(logText), "resuming runs from the journal"), strings.Count(string(logText), "adopted a job")

	seen := map[string]bool{}
	for _, id := range ids {
		if seen[id] {
			t.Fatalf("run %s returned for two submissions", id)
		}
		seen[id] = true
	}
	runs := waitRuns(ctx, t, alice, ids)
	// The figure docs/reliability.md reports.
	t.Logf("killed the daemon %d times with SIGKILL while %d workflows were submitted; it resumed runs from the journal %d times and adopted %d jobs found by tag; every run completed %.1f s after the last kill",
		kills, total, resumed, adopted, time.Since(lastKill).Seconds())
	tags := make([]string, 0, total)
	for _, id := range ids {
		r := runs[id]
		if r.State != runstate.Completed || len(r.Steps) != 1 || r.Steps[0].JobID == 0 {
			t.Errorf("run %s: %s %+v (%s)", id, r.State, r.Steps, r.Error)
			continue
		}
		tags = append(tags, r.Steps[0].Tag)
	}
	list, err := alice.List(ctx, client.ListOptions{Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != total {
		t.Errorf("the journal holds %d runs, want %d", len(list), total)
	}

	// Slurm's accounting: exactly one job per tag, none extra, and none that never ended
	// (the controller was never stopped here).
	jobsByTag, unended := endedJobsByTag(ctx, t, tags, started)
	if unended != 0 {
		t.Errorf("%d accounting records under this test's tags never ended", unended)
	}
	b := testBridge(t)
	n := 0
	for _, tag := range tags {
		if len(jobsByTag[tag]) != 1 {
			t.Errorf("tag %s has %d Slurm jobs, want 1", tag, len(jobsByTag[tag]))
		}
		n += len(jobsByTag[tag])
	}
	all, err := b.Accounting(ctx, slurmbridge.AccountingQuery{Start: started.Add(-time.Minute), End: time.Now().Add(time.Minute), Users: []string{"pgalice"}})
	if err != nil {
		t.Fatal(err)
	}
	crashJobs := 0
	for _, r := range all {
		if strings.HasPrefix(r.Name, "r-") && strings.HasSuffix(r.Name, ".main") && r.SubmitTime.After(started.Add(-time.Second)) {
			crashJobs++
		}
	}
	if n != total || crashJobs != total {
		t.Errorf("%d jobs carry this test's tags and %d site jobs of pgalice exist since it started; want exactly %d", n, crashJobs, total)
	}
}

// TestSiteSurvivesControllerOutage stops slurmctld for 30 s while jobs run and new ones
// arrive: the daemon stays up, backs off, and afterwards recovers every job.
func TestSiteSurvivesControllerOutage(t *testing.T) {
	if testing.Short() {
		t.Skip("30 s outage")
	}
	s := startSite(t, siteOptions{trackerInterval: "1s"})
	ctx := siteContext(t, 6*time.Minute)
	alice := s.client("pgalice")
	var ids []string
	for i := 0; i < 6; i++ {
		v, _, err := alice.Submit(ctx, siteapi.SubmitRequest{Workflow: workflowYAML(fmt.Sprintf("outage-%d", i), "sleep 5; echo done")})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, v.ID)
	}
	// Let them reach Slurm and start their task. A batch script launches its task with srun,
	// which needs slurmctld to create the step: a job caught between its start and its step
	// fails with srun's exit code 1 when the controller goes away, which is Slurm's behaviour,
	// not the daemon's. The outage must hit jobs that run.
	deadline := time.Now().Add(time.Minute)
	var jobIDs []string
	for _, id := range ids {
		for {
			v, err := alice.Get(ctx, id, false)
			if err != nil {
				t.Fatal(err)
			}
			if v.State == runstate.Running || v.State.Terminal() {
				for _, st := range v.Steps {
					if st.JobID != 0 {
						jobIDs = append(jobIDs, fmt.Sprint(st.JobID))
					}
				}
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("run %s never started in Slurm: %+v", id, v.Run)
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
	waitStepsCreated(t, jobIDs, deadline)

	stopController(t)
	restarted := false
	defer func() {
		if !restarted {
			startController(t)
		}
	}()
	outageEnds := time.Now().Add(30 * time.Second)
	// Submissions during the outage are accepted and wait.
	for i := 0; i < 3; i++ {
		v, _, err := alice.Submit(ctx, siteapi.SubmitRequest{Workflow: workflowYAML(fmt.Sprintf("during-outage-%d", i), "echo late")})
		if err != nil {
			t.Fatalf("submit during the outage: %v", err)
		}
		ids = append(ids, v.ID)
	}
	for time.Now().Before(outageEnds) {
		resp, err := http.Get(s.metrics + "/healthz")
		if err != nil {
			t.Fatalf("daemon down during the outage: %v", err)
		}
		resp.Body.Close()
		time.Sleep(2 * time.Second)
	}
	metrics := scrape(t, s)
	if !strings.Contains(metrics, `petagrid_site_slurm_command_errors_total{command="squeue"`) {
		t.Errorf("no squeue errors counted during the outage:\n%s", grepLines(metrics, "petagrid_site_"))
	}
	startController(t)
	restarted = true
	back := time.Now()

	runs := waitRuns(ctx, t, alice, ids)
	for _, id := range ids {
		if r := runs[id]; r.State != runstate.Completed {
			t.Errorf("run %s after the outage: %s (%s) %+v", id, r.State, r.Error, r.Steps)
		}
	}
	// The figure docs/reliability.md reports.
	t.Logf("slurmctld stopped for 30 s under %d runs (%d submitted during the outage): the daemon stayed up, and every run completed %.1f s after slurmctld came back",
		len(ids), 3, time.Since(back).Seconds())
}

func clusterCtl(t *testing.T, args ...string) {
	t.Helper()
	out, err := exec.Command(repoFile(t, "test/cluster/cluster"), args...).CombinedOutput()
	if err != nil {
		t.Fatalf("cluster %v: %v\n%s", args, err, out)
	}
}

// waitStepsCreated waits until each job still in the queue has its srun step (`squeue -s`
// lists JOBID.0); jobs that already left the queue need nothing.
func waitStepsCreated(t *testing.T, jobIDs []string, deadline time.Time) {
	t.Helper()
	env := append(os.Environ(), "SLURM_CONF="+os.Getenv("PETAGRID_TEST_SLURM_CONF"))
	for {
		q := exec.Command("squeue", "-h", "-o", "%i", "-j", strings.Join(jobIDs, ","))
		q.Env = env
		queued, errQ := q.Output()
		steps := exec.Command("squeue", "-h", "-s", "-o", "%i", "-j", strings.Join(jobIDs, ","))
		steps.Env = env
		stepList, errS := steps.Output()
		if errQ == nil && errS == nil {
			missing := 0
			for _, id := range strings.Fields(string(queued)) {
				if !strings.Contains(" "+strings.Join(strings.Fields(string(stepList)), " ")+" ", " "+id+".0 ") {
					missing++
				}
			}
			if missing == 0 {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the jobs' steps were never created: queue %q, steps %q (%v %v)", queued, stepList, errQ, errS)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// stopController kills slurmctld of the test cluster PETAGRID_TEST_SLURM_CONF names (slurmd
// and slurmdbd stay).
func stopController(t *testing.T) {
	t.Helper()
	cmd := exec.Command("scontrol", "shutdown", "slurmctld")
	cmd.Env = append(os.Environ(), "SLURM_CONF="+os.Getenv("PETAGRID_TEST_SLURM_CONF"))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("scontrol shutdown slurmctld: %v\n%s", err, out)
	}
	for i := 0; i < 100; i++ {
		ping := exec.Command("scontrol", "ping")
		ping.Env = cmd.Env
		o, _ := ping.CombinedOutput()
		if strings.Contains(string(o), "DOWN") {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatal("slurmctld did not stop")
}

func startController(t *testing.T) {
	t.Helper()
	args := []string{"up"}
	// The cluster PETAGRID_TEST_SLURM_CONF names: make test runs these tests on a cluster of
	// their own (test/run-tests), named here.
	if name := os.Getenv("PETAGRID_TEST_CLUSTER_NAME"); name != "" {
		args = append(args, "--name", name)
	}
	clusterCtl(t, args...)
}

func scrape(t *testing.T, s *siteDaemon) string {
	t.Helper()
	resp, err := http.Get(s.metrics + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return string(data)
}

func grepLines(s, prefix string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, prefix) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// TestSiteRefusesBadRequests: unauthenticated, tampered, replayed, unmapped and malformed
// requests are refused with a clear 4xx, and nothing is journaled.
func TestSiteRefusesBadRequests(t *testing.T) {
	s := startSite(t, siteOptions{})
	ctx := siteContext(t, 2*time.Minute)
	good := []byte(`{"workflow": ` + jsonString(workflowYAML("ok", "true")) + `}`)

	post := func(body []byte, sign func(*http.Request)) (int, string) {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, s.api+"/v1/jobs", bytes.NewReader(body))
		if sign != nil {
			sign(req)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(data)
	}
	signAs := func(user string, body []byte) func(*http.Request) {
		return func(r *http.Request) {
			if err := reqsign.Sign(r, body, s.keys[user], "e2e-site", time.Now(), time.Minute); err != nil {
				t.Fatal(err)
			}
		}
	}
	stranger, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}

	cases := []struct {
		name string
		code int
		body []byte
		sign func(*http.Request)
		says string
	}{
		{"unsigned", 401, good, nil, "not signed"},
		{"tampered body", 401, good, func(r *http.Request) {
			signAs("pgalice", []byte(`{"workflow": "x"}`))(r)
		}, "signature"},
		{"other audience", 401, good, func(r *http.Request) {
			reqsign.Sign(r, good, s.keys["pgalice"], "another-site", time.Now(), time.Minute)
		}, "signature"},
		{"expired", 401, good, func(r *http.Request) {
			reqsign.Sign(r, good, s.keys["pgalice"], "e2e-site", time.Now().Add(-10*time.Minute), time.Minute)
		}, "expired"},
		{"unknown key", 403, good, func(r *http.Request) {
			reqsign.Sign(r, good, stranger, "e2e-site", time.Now(), time.Minute)
		}, "not registered"},
		{"not JSON", 400, []byte("workflow: yes"), signAs("pgalice", []byte("workflow: yes")), "not a submission"},
		{"unknown field", 400, []byte(`{"workflow":"x","run":"now"}`), signAs("pgalice", []byte(`{"workflow":"x","run":"now"}`)), "unknown field"},
		{"two values", 400, []byte(`{"workflow":"x"}{}`), signAs("pgalice", []byte(`{"workflow":"x"}{}`)), "more than one"},
		{"bad workflow", 422, []byte(`{"workflow":"version: 1\nname: x\nsteps:\n  - name: a\n    rnu: {}\n","fileName":"bad.yaml"}`),
			signAs("pgalice", []byte(`{"workflow":"version: 1\nname: x\nsteps:\n  - name: a\n    rnu: {}\n","fileName":"bad.yaml"}`)), "bad.yaml:5:5"},
	}
	for _, c := range cases {
		code, body := post(c.body, c.sign)
		if code != c.code || !strings.Contains(body, c.says) {
			t.Errorf("%s: %d %s; want %d mentioning %q", c.name, code, body, c.code, c.says)
		}
	}
	big := bytes.Repeat([]byte("x"), 9<<20)
	if code, body := post(big, signAs("pgalice", big)); code != http.StatusRequestEntityTooLarge {
		t.Errorf("oversized body: %d %s", code, body)
	}

	// A replay of a request that was accepted once.
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, s.api+"/v1/jobs", bytes.NewReader(good))
	signAs("pgalice", good)(req)
	headers := req.Header.Clone()
	code, body := post(good, func(r *http.Request) { r.Header = headers.Clone() })
	if code != http.StatusCreated {
		t.Fatalf("first request: %d %s", code, body)
	}
	code, body = post(good, func(r *http.Request) { r.Header = headers.Clone() })
	if code != 401 || !strings.Contains(body, "replayed") {
		t.Errorf("replay: %d %s", code, body)
	}

	// Only the one good submission was journaled.
	runs, err := s.admin().List(ctx, client.ListOptions{All: true, Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != 1 {
		t.Errorf("the journal holds %d runs, want 1: %+v", len(runs), runs)
	}
	// A researcher does not see another's run.
	if _, err := s.client("pgbob").Get(ctx, runs[0].ID, false); !isStatus(err, http.StatusNotFound) {
		t.Errorf("bob reading alice's run: %v", err)
	}
	// An unmapped local user on the socket is refused; a mapped one submits as themselves.
	out, err := exec.Command("runuser", "-u", "pgpool", "--", s.bin, "jobs", "--site", "unix://"+s.socket).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "not in site.users.allowedLocalUsers") {
		t.Errorf("pgpool on the socket: %v %s", err, out)
	}
	cmd := exec.Command("runuser", "-u", "pgbob", "--", s.bin, "submit", "--site", "unix://"+s.socket, "--output", "json", "-")
	cmd.Stdin = strings.NewReader(workflowYAML("socket", "id -un"))
	if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), `"localUser": "pgbob"`) {
		t.Errorf("pgbob submitting over the socket: %v %s", err, out)
	}
}

func jsonString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// TestSiteAdoptsJobSubmittedBeforeCrash sets up the one moment a kill can hit that the
// random kills rarely do: Slurm accepted the job but the daemon died before journaling its
// id. On restart the daemon must find the job by its tag and adopt it, not submit again.
func TestSiteAdoptsJobSubmittedBeforeCrash(t *testing.T) {
	s := startSite(t, siteOptions{})
	ctx := siteContext(t, 3*time.Minute)
	s.stop()

	var b [10]byte
	if _, err := cryptorand.Read(b[:]); err != nil {
		t.Fatal(err)
	}
	runID := "r-" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:]))
	tag := runID + ".main"
	j, err := journal.Open(ctx, s.journal)
	if err != nil {
		t.Fatal(err)
	}
	researcher := crypto.PubkeyToAddress(s.keys["pgalice"].PublicKey).Hex()
	if _, err := j.Accept(ctx, siteapi.Run{ID: runID, Researcher: researcher, LocalUser: "pgalice", Workflow: "adopt", SourceName: "wf.yaml",
		Source: []byte(workflowYAML("adopt", "echo adopted")), Params: map[string]string{}}); err != nil {
		t.Fatal(err)
	}
	ws := s.workspace + "/pgalice/" + runID
	if err := j.Render(ctx, runID, ws, []siteapi.Step{{Name: "main", Tag: tag, Stdout: ".petagrid/logs/main.out", Stderr: ".petagrid/logs/main.err"}}); err != nil {
		t.Fatal(err)
	}
	j.Close()
	// The job the daemon "submitted" just before it died.
	sb := exec.CommandContext(ctx, "runuser", "-u", "pgalice", "--", "sbatch", "--parsable", "--job-name="+tag, "--partition=cpu", "--account=research",
		"--mem=64M", "--time=5", "--chdir=/tmp", "--output=/dev/null")
	sb.Env = append(os.Environ(), "SLURM_CONF="+os.Getenv("PETAGRID_TEST_SLURM_CONF"))
	sb.Stdin = strings.NewReader("#!/bin/sh\ntrue\n")
	out, err := sb.CombinedOutput()
	if err != nil {
		t.Fatalf("sbatch: %v %s", err, out)
	}
	jobID := strings.TrimSpace(string(out))

	s.start()
	run := waitRuns(ctx, t, s.client("pgalice"), []string{runID})[runID]
	if run.State != runstate.Completed || len(run.Steps) != 1 || fmt.Sprint(run.Steps[0].JobID) != jobID {
		t.Fatalf("run after restart: %s %+v, want the adopted job %s", run.State, run.Steps, jobID)
	}
	// slurmdbd may not have the record yet (it arrives through slurmctld's agent queue).
	var recs []slurmbridge.AccountingRecord
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(time.Second) {
		if recs, err = testBridge(t).Accounting(ctx, slurmbridge.AccountingQuery{Start: time.Now().Add(-10 * time.Minute), End: time.Now().Add(time.Minute), Names: []string{tag}}); err != nil {
			t.Fatal(err)
		}
		if len(recs) > 0 || time.Now().After(deadline) {
			break
		}
	}
	if len(recs) != 1 {
		t.Fatalf("%d Slurm jobs carry tag %s, want 1", len(recs), tag)
	}
	logText, _ := os.ReadFile(s.logPath)
	if !strings.Contains(string(logText), "adopted a job submitted before") {
		t.Error("the daemon did not log the adoption")
	}
}

// TestSitePoolMode runs the daemon as an unprivileged pool account: every job is the pool
// account's, keys still identify researchers (each sees only their own runs), the socket
// admits only the configured local users, and the daemon refuses to run as root.
func TestSitePoolMode(t *testing.T) {
	s := startSite(t, siteOptions{pool: true})
	ctx := siteContext(t, 3*time.Minute)
	alice, bob := s.client("pgalice"), s.client("pgbob")
	a, _, err := alice.Submit(ctx, siteapi.SubmitRequest{Workflow: workflowYAML("pool-a", `test "$(id -un)" = pgpool`)})
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := bob.Submit(ctx, siteapi.SubmitRequest{Workflow: workflowYAML("pool-b", "exit 5")})
	if err != nil {
		t.Fatal(err)
	}
	if a.LocalUser != "pgpool" || b.LocalUser != "pgpool" {
		t.Fatalf("pool runs as %s and %s", a.LocalUser, b.LocalUser)
	}
	if _, err := alice.Get(ctx, b.ID, false); !isStatus(err, http.StatusNotFound) {
		t.Errorf("alice reads bob's run: %v", err)
	}
	ra := waitRuns(ctx, t, alice, []string{a.ID})[a.ID]
	rb := waitRuns(ctx, t, bob, []string{b.ID})[b.ID]
	if ra.State != runstate.Completed || rb.State != runstate.Failed || *rb.Steps[0].ExitCode != 5 {
		t.Errorf("pool runs: %s %s %+v", ra.State, rb.State, rb.Steps)
	}
	// The socket: pgalice is a socket user, pgbob is not.
	out, err := exec.Command("runuser", "-u", "pgalice", "--", s.bin, "jobs", "--site", "unix://"+s.socket, "--output", "json").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "[]") {
		t.Errorf("pgalice on the socket (no runs of her own as unix:pgalice): %v %s", err, out)
	}
	out, err = exec.Command("runuser", "-u", "pgbob", "--", s.bin, "jobs", "--site", "unix://"+s.socket).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "socketUsers") {
		t.Errorf("pgbob on the socket: %v %s", err, out)
	}
	// Root may not be the pool.
	rootRun := exec.Command(s.bin, "--config", s.config, "site", "serve")
	if out, err := rootRun.CombinedOutput(); err == nil || !strings.Contains(string(out), "pool mode") {
		t.Errorf("pool mode as root: %v %s", err, out)
	}
}
