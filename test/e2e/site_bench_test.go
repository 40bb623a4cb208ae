package e2e

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/petagrid/petagrid/site"
	"github.com/petagrid/petagrid/site/client"
	"github.com/petagrid/petagrid/site/journal"
	"github.com/petagrid/petagrid/slurmbridge"
)

// TestBenchSite is `make bench-site`: it measures, in one run on the test cluster,
//  1. 200 jobs through the site API (signed requests, journal, rendering, runuser, sbatch)
//     against a plain sbatch loop of the same number of jobs: the ratio of wall times
//     (goal ≤ 1.2);
//  2. slurmctld RPCs per tracker interval (sdiag, the daemon's user) with 10 and with 1,000
//     tracked jobs (goal: the same).
//
// It only runs when PETAGRID_BENCH_SITE=1: it takes minutes and fills the test cluster.
func TestBenchSite(t *testing.T) {
	if os.Getenv("PETAGRID_BENCH_SITE") != "1" {
		t.Skip("set PETAGRID_BENCH_SITE=1 (make bench-site)")
	}
	b := testBridge(t)
	ctx := siteContext(t, 20*time.Minute)
	const jobs = 200
	report := func(format string, args ...any) { fmt.Printf("bench-site: "+format+"\n", args...) }

	// Baseline: a plain sbatch loop, one process per job, as a researcher would write it.
	script := []byte("#!/bin/sh\ntrue\n")
	tag := uniqueTag(t)
	start := time.Now()
	for i := 0; i < jobs; i++ {
		cmd := exec.CommandContext(ctx, "sbatch", "--parsable", "--job-name="+tag, "--partition=cpu", "--account=research", "--mem=64M", "--time=5", "--chdir=/tmp", "--output=/dev/null")
		cmd.Env = append(os.Environ(), "SLURM_CONF="+os.Getenv("PETAGRID_TEST_SLURM_CONF"))
		cmd.Stdin = bytes.NewReader(script)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("sbatch: %v %s", err, out)
		}
	}
	baseline := time.Since(start)
	report("plain sbatch loop: %d jobs in %.2f s (%.1f ms/job)", jobs, baseline.Seconds(), baseline.Seconds()*1000/jobs)

	s := startSite(t, siteOptions{trackerInterval: "1s", workers: 4})
	alice := s.client("pgalice")
	wf := workflowYAML("bench", "true")
	start = time.Now()
	ids := make([]string, 0, jobs)
	for i := 0; i < jobs; i++ {
		v, _, err := alice.Submit(ctx, site.SubmitRequest{Workflow: wf})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, v.ID)
	}
	accepted := time.Since(start)
	waitSubmitted(ctx, t, s.admin(), jobs)
	through := time.Since(start)
	report("site API: %d jobs accepted in %.2f s, all in Slurm after %.2f s (%.1f ms/job)", jobs, accepted.Seconds(), through.Seconds(), through.Seconds()*1000/jobs)
	report("ratio site/sbatch = %.2f (goal ≤ 1.2)", through.Seconds()/baseline.Seconds())
	waitRuns(ctx, t, alice, ids)

	// Tracker load with 10 and with 1,000 tracked jobs (the node runs 16 at a time; the rest
	// wait, which is what a busy site looks like).
	long := workflowYAML("tracked", "sleep 900")
	var tracked []string
	defer func() {
		cancel := exec.Command("scancel", "-u", "pgalice")
		cancel.Env = append(os.Environ(), "SLURM_CONF="+os.Getenv("PETAGRID_TEST_SLURM_CONF"))
		cancel.Run()
	}()
	for _, n := range []int{10, 1000} {
		for len(tracked) < n {
			v, _, err := alice.Submit(ctx, site.SubmitRequest{Workflow: long})
			if err != nil {
				t.Fatal(err)
			}
			tracked = append(tracked, v.ID)
		}
		waitSubmitted(ctx, t, s.admin(), jobs+n)
		time.Sleep(3 * time.Second) // let the tracker settle into its rhythm
		perInterval, byType := rpcsPerInterval(ctx, t, b, 15*time.Second, time.Second)
		report("tracked jobs %4d: %.2f slurmctld RPCs per 1 s tracker interval by the daemon (%s)", n, perInterval, byType)
	}
}

// waitSubmitted waits until n runs of the journal have all their jobs in Slurm.
func waitSubmitted(ctx context.Context, t *testing.T, c *client.Client, n int) {
	t.Helper()
	for {
		runs, err := c.List(ctx, client.ListOptions{All: true, Limit: 10000})
		if err != nil {
			t.Fatal(err)
		}
		done := 0
		for _, r := range runs {
			switch r.State {
			case journal.Accepted, journal.Rendered, journal.Submitting:
			default:
				done++
			}
		}
		if done >= n {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("only %d of %d runs submitted", done, n)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// rpcsPerInterval counts the RPCs root (the daemon's user; nothing else runs as root
// meanwhile) makes to slurmctld over window, per tracker interval.
func rpcsPerInterval(ctx context.Context, t *testing.T, b *slurmbridge.Bridge, window, interval time.Duration) (float64, string) {
	t.Helper()
	before, err := b.ControllerStats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(window)
	after, err := b.ControllerStats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	rootRPCs := after.RPCByUser["root"].Count - before.RPCByUser["root"].Count - 1 // the second sdiag
	delta := after.RPCsSince(before)
	delete(delta, "REQUEST_STATS_INFO")
	var parts []string
	for name, n := range delta {
		parts = append(parts, fmt.Sprintf("%s=%d", name, n))
	}
	sort.Strings(parts)
	return float64(rootRPCs) / (window.Seconds() / interval.Seconds()), "all users over the window: " + strings.Join(parts, " ")
}
