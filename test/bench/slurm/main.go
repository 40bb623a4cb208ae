// Command slurm is `make bench-slurm`: it measures, on the test cluster, what the Slurm bridge
// costs against Slurm's own commands.
//
//  1. Submission: N trivial (held) jobs through slurmbridge.Submit against a plain shell loop
//     of sbatch. Each round runs both, back to back, in alternating order; the ratio of each
//     round's pair is taken and the median over rounds is reported (goal <= 1.10). Pairing
//     cancels the drift of a shared machine that whole-run medians would not.
//  2. Polling: the controller RPCs (sdiag) that one poll costs with 10 and with 1,000 tracked
//     jobs, for JobStates (the tracker's poll) and ListJobs; goal: the count does not grow
//     with the number of jobs (one job-table RPC per poll).
//
// It prints both results and exits non-zero when a goal is missed.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/slurmbridge"
)

func main() {
	jobs := flag.Int("jobs", 200, "jobs per submission run")
	rounds := flag.Int("rounds", 6, "submission rounds (each runs both variants; even, so each goes first equally often)")
	polls := flag.Int("polls", 20, "polls per tracked-jobs size")
	conf := flag.String("slurm-conf", os.Getenv("SLURM_CONF"), "slurm.conf of the test cluster")
	flag.Parse()
	if *jobs < 1 || *rounds < 2 || *rounds%2 != 0 || *polls < 1 {
		fmt.Fprintln(os.Stderr, "bench-slurm: -jobs and -polls must be positive, -rounds even and at least 2")
		os.Exit(2)
	}
	if *conf == "" {
		fmt.Fprintln(os.Stderr, "bench-slurm: set SLURM_CONF or --slurm-conf (test/cluster/cluster env prints it)")
		os.Exit(2)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	log := logrus.New()
	log.SetLevel(logrus.WarnLevel)
	b, err := slurmbridge.New(slurmbridge.Config{Conf: *conf}, log)
	if err != nil {
		fail(err)
	}
	release, err := b.Release(ctx)
	if err != nil {
		fail(err)
	}
	fmt.Printf("Slurm %s, SLURM_CONF=%s\n\n", release, *conf)

	okSubmit, err := benchSubmit(ctx, b, *conf, *jobs, *rounds)
	if err != nil {
		fail(err)
	}
	fmt.Println()
	okPoll, err := benchPolling(ctx, b, *polls, []int{10, 1000})
	if err != nil {
		fail(err)
	}
	if !okSubmit || !okPoll {
		os.Exit(1)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bench-slurm:", err)
	os.Exit(1)
}

const benchScript = "#!/bin/sh\ntrue\n"

func benchSubmit(ctx context.Context, b *slurmbridge.Bridge, conf string, n, rounds int) (bool, error) {
	dir, err := os.MkdirTemp("", "petagrid-bench-")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(dir)
	scriptPath := filepath.Join(dir, "job.sh")
	if err := os.WriteFile(scriptPath, []byte(benchScript), 0o755); err != nil {
		return false, err
	}
	// The baseline is what an admin would write: a shell loop of plain sbatch calls with the
	// same options the bridge passes (held, so that nothing runs and loads the machine).
	idsPath := filepath.Join(dir, "loop-ids")
	loop := fmt.Sprintf(`for i in $(seq 1 %d); do sbatch --parsable --hold --job-name=bench-loop-$i --chdir=%s %s >>%s || exit 1; done`, n, dir, scriptPath, idsPath)
	var loopTimes, bridgeTimes []time.Duration
	for r := 0; r < rounds; r++ {
		runLoop := func() error {
			start := time.Now()
			cmd := exec.CommandContext(ctx, "bash", "-c", loop)
			cmd.Env = append(os.Environ(), "SLURM_CONF="+conf)
			if out, err := cmd.CombinedOutput(); err != nil {
				return fmt.Errorf("sbatch loop: %v: %s", err, out)
			}
			loopTimes = append(loopTimes, time.Since(start))
			return nil
		}
		var submitted []string
		runBridge := func() error {
			start := time.Now()
			for i := 1; i <= n; i++ {
				res, err := b.Submit(ctx, slurmbridge.SubmitRequest{Script: []byte(benchScript), Tag: fmt.Sprintf("bench-bridge-%d", i), WorkDir: dir, Hold: true})
				if err != nil {
					return err
				}
				submitted = append(submitted, fmt.Sprint(res.JobID))
			}
			bridgeTimes = append(bridgeTimes, time.Since(start))
			return nil
		}
		first, second := runLoop, runBridge
		if r%2 == 1 {
			first, second = runBridge, runLoop
		}
		if err := first(); err != nil {
			return false, err
		}
		if err := second(); err != nil {
			return false, err
		}
		loopIDs, err := os.ReadFile(idsPath)
		if err != nil {
			return false, err
		}
		if err := os.Remove(idsPath); err != nil {
			return false, err
		}
		if err := cancelJobs(ctx, conf, append(strings.Fields(string(loopIDs)), submitted...)); err != nil {
			return false, err
		}
	}
	ratios := make([]float64, rounds)
	for i := range ratios {
		ratios[i] = bridgeTimes[i].Seconds() / loopTimes[i].Seconds()
	}
	sortedRatios := append([]float64(nil), ratios...)
	sort.Float64s(sortedRatios)
	ratio := (sortedRatios[(rounds-1)/2] + sortedRatios[rounds/2]) / 2
	ml, mb := median(loopTimes), median(bridgeTimes)
	ok := ratio <= 1.10
	fmt.Printf("Submission of %d held jobs, %d rounds (pairs in alternating order)\n", n, rounds)
	fmt.Printf("  plain sbatch loop (baseline)  median %7.3fs  runs %s\n", ml.Seconds(), durations(loopTimes))
	fmt.Printf("  slurmbridge.Submit            median %7.3fs  runs %s\n", mb.Seconds(), durations(bridgeTimes))
	fmt.Printf("  per job: baseline %.2f ms, bridge %.2f ms\n", ml.Seconds()*1000/float64(n), mb.Seconds()*1000/float64(n))
	fmt.Printf("  per-round ratios bridge/baseline: %s\n", floats(ratios))
	fmt.Printf("  median ratio = %.3f (goal <= 1.10): %s\n", ratio, verdict(ok))
	return ok, nil
}

func benchPolling(ctx context.Context, b *slurmbridge.Bridge, polls int, sizes []int) (bool, error) {
	dir, err := os.MkdirTemp("", "petagrid-bench-")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(dir)
	fmt.Printf("Controller load of one poll over the tracked ids, %d polls per size and method\n", polls)
	fmt.Printf("  %-10s %-13s %-14s %-19s %-14s %-8s\n", "method", "tracked jobs", "jobs in ctld", "job-info RPCs/poll", "all RPCs/poll", "ms/poll")
	methods := []struct {
		name string
		poll func(ids []uint32) (int, error)
	}{
		{"JobStates", func(ids []uint32) (int, error) { s, err := b.JobStates(ctx, ids); return len(s), err }},
		{"ListJobs", func(ids []uint32) (int, error) {
			j, err := b.ListJobs(ctx, slurmbridge.JobQuery{IDs: ids})
			return len(j), err
		}},
	}
	jobTablePerPoll := map[string][]float64{}
	for _, size := range sizes {
		ids := make([]uint32, 0, size)
		for i := 0; i < size; i++ {
			res, err := b.Submit(ctx, slurmbridge.SubmitRequest{Script: []byte(benchScript), Tag: fmt.Sprintf("bench-poll-%d", i), WorkDir: dir, Hold: true})
			if err != nil {
				return false, err
			}
			ids = append(ids, res.JobID)
		}
		total, err := controllerJobCount(ctx, b)
		if err != nil {
			return false, err
		}
		for _, m := range methods {
			before, err := b.ControllerStats(ctx)
			if err != nil {
				return false, err
			}
			start := time.Now()
			for p := 0; p < polls; p++ {
				n, err := m.poll(ids)
				if err != nil {
					return false, err
				}
				if n != size {
					return false, fmt.Errorf("%s saw %d of %d tracked jobs", m.name, n, size)
				}
			}
			elapsed := time.Since(start)
			after, err := b.ControllerStats(ctx)
			if err != nil {
				return false, err
			}
			delta := after.RPCsSince(before)
			delete(delta, "REQUEST_STATS_INFO") // the sdiag calls themselves
			var all int64
			for _, v := range delta {
				all += v
			}
			jobInfo := float64(delta["REQUEST_JOB_INFO"]+delta["REQUEST_JOB_INFO_SINGLE"]) / float64(polls)
			jobTablePerPoll[m.name] = append(jobTablePerPoll[m.name], jobInfo)
			fmt.Printf("  %-10s %-13d %-14d %-19.2f %-14.2f %-8.1f\n", m.name, size, total, jobInfo, float64(all)/float64(polls), elapsed.Seconds()*1000/float64(polls))
		}
		for _, id := range ids {
			if err := b.Cancel(ctx, id, ""); err != nil && !errors.Is(err, slurmbridge.ErrJobFinished) {
				return false, err
			}
		}
	}
	ok := true
	for _, m := range methods {
		counts := jobTablePerPoll[m.name]
		growth := counts[len(counts)-1] - counts[0]
		good := growth == 0 && counts[0] == 1
		ok = ok && good
		fmt.Printf("  %s: job-table RPCs per poll, %d then %d tracked jobs: %.2f, %.2f (goal: 1, not growing): %s\n", m.name, sizes[0], sizes[len(sizes)-1], counts[0], counts[len(counts)-1], verdict(good))
	}
	return ok, nil
}

// controllerJobCount is how many jobs slurmctld holds (pending, running, and finished less
// than MinJobAge ago): what 22.05's squeue --json prints whatever the filter.
func controllerJobCount(ctx context.Context, b *slurmbridge.Bridge) (int, error) {
	jobs, err := b.ListJobs(ctx, slurmbridge.JobQuery{})
	return len(jobs), err
}

// cancelJobs clears the benchmark's own held jobs between rounds, so every round starts alike
// and nothing else on the cluster is touched.
func cancelJobs(ctx context.Context, conf string, ids []string) error {
	for len(ids) > 0 {
		chunk := ids[:min(len(ids), 500)]
		ids = ids[len(chunk):]
		cmd := exec.CommandContext(ctx, "scancel", chunk...)
		cmd.Env = append(os.Environ(), "SLURM_CONF="+conf)
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("scancel: %v: %s", err, out)
		}
	}
	return nil
}

func median(ds []time.Duration) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}

func durations(ds []time.Duration) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = fmt.Sprintf("%.3fs", d.Seconds())
	}
	return strings.Join(parts, " ")
}

func floats(fs []float64) string {
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = fmt.Sprintf("%.3f", f)
	}
	return strings.Join(parts, " ")
}

func verdict(ok bool) string {
	if ok {
		return "met"
	}
	return "MISSED"
}
