// Command accounting is the harvest part of `make bench-accounting`: on the test cluster it
// measures one harvest cycle over 100,000 job records against sacct itself printing them.
//
// slurmdbd only holds what ran, and running 100,000 jobs on a two-core test machine takes
// hours, so the records are made the way a restore would: one real job (a batch step and an
// srun step) runs on the cluster, then its rows in slurmdbd's MariaDB tables (job and steps)
// are copied 100,000 times with new job ids and times in a past range no test reads
// (January 2020), and removed again at the end. sacct reads them through slurmdbd like any
// other job.
//
// Each round times, back to back and in alternating order, (a) sacct alone printing the
// window with the harvester's exact arguments to a discarded buffer and (b) one harvest
// cycle over the same window into a fresh store: sacct, parsing and the store's upsert. It
// prints the medians, the harvester's own share (cycle minus its sacct), and the ratios; the
// goal is own share <= sacct's time, i.e. harvesting costs no more than sacct printing.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/accounting"
	"github.com/petagrid/petagrid/accounting/store"
	"github.com/petagrid/petagrid/slurmbridge"
)

const idBase = 50_000_000 // synthetic job ids: far above anything the test cluster reaches

var rangeStart = time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)

func main() {
	jobs := flag.Int("jobs", 100_000, "synthetic job records")
	rounds := flag.Int("rounds", 2, "rounds (even: each variant goes first equally often)")
	conf := flag.String("slurm-conf", os.Getenv("SLURM_CONF"), "slurm.conf of the test cluster")
	keep := flag.Bool("keep", false, "leave the synthetic rows in slurmdbd (to inspect them)")
	flag.Parse()
	if *jobs < 1 || *rounds < 2 || *rounds%2 != 0 || *conf == "" {
		fmt.Fprintln(os.Stderr, "bench-accounting: -jobs positive, -rounds even, SLURM_CONF set")
		os.Exit(2)
	}
	if err := run(*conf, *jobs, *rounds, *keep); err != nil {
		fmt.Fprintln(os.Stderr, "bench-accounting:", err)
		os.Exit(1)
	}
}

func run(conf string, n, rounds int, keep bool) error {
	ctx := context.Background()
	log := logrus.New()
	log.SetLevel(logrus.WarnLevel)
	bridge, err := slurmbridge.New(slurmbridge.Config{Conf: conf, MaxOutputBytes: 2 << 30}, log)
	if err != nil {
		return err
	}
	cluster, err := bridge.ClusterName(ctx)
	if err != nil {
		return err
	}
	db := "slurm_acct_" + cluster
	cleanup := fmt.Sprintf(`DELETE s FROM %[1]s_step_table s JOIN %[1]s_job_table j ON s.job_db_inx = j.job_db_inx WHERE j.id_job > %[2]d;
DELETE FROM %[1]s_job_table WHERE id_job > %[2]d;`, cluster, idBase)
	if _, err := mariadb(db, cleanup); err != nil {
		return err
	}
	if !keep {
		defer mariadb(db, cleanup)
	}

	templateInx, err := templateJob(ctx, bridge, conf, db, cluster)
	if err != nil {
		return err
	}
	fmt.Printf("bench-accounting: copying job row %d and its steps %d times into %s\n", templateInx, n, db)
	if err := cloneJobs(db, cluster, templateInx, n); err != nil {
		return err
	}
	start, end := rangeStart.Add(-time.Hour), rangeStart.Add(time.Duration(n)*time.Second+2*time.Hour)
	fields := slurmbridge.ParsableFields()

	var sacctAlone, cycleTotal, cycleSacct, cycleOwn []float64 // index: round
	var outputBytes int
	var records int
	for round := 0; round < rounds; round++ {
		measureSacct := func() error {
			started := time.Now()
			out, err := sacctPrint(conf, fields, start, end)
			if err != nil {
				return err
			}
			sacctAlone = append(sacctAlone, time.Since(started).Seconds())
			outputBytes = out
			return nil
		}
		measureCycle := func() error {
			dir, err := os.MkdirTemp("", "bench-accounting-")
			if err != nil {
				return err
			}
			defer os.RemoveAll(dir)
			st, err := store.Open(ctx, filepath.Join(dir, "a.db"))
			if err != nil {
				return err
			}
			defer st.Close()
			cfg := accounting.Config{Harvest: accounting.HarvestConfig{Chunk: 30 * 24 * time.Hour, Overlap: time.Hour}}.WithDefaults()
			h, err := accounting.NewHarvester(bridge, st, cluster, cfg.Harvest, "bench", log, nil)
			if err != nil {
				return err
			}
			started := time.Now()
			res, err := h.Cycle(ctx, start)
			if err != nil {
				return err
			}
			took := time.Since(started).Seconds()
			// A cycle after the window covers the range; the window read here is the
			// backfill window that starts at `start`.
			cycleTotal = append(cycleTotal, took)
			cycleSacct = append(cycleSacct, res.Window.SacctDuration.Seconds())
			records = res.Window.Stats.Records
			return nil
		}
		first, second := measureSacct, measureCycle
		if round%2 == 1 {
			first, second = second, first
		}
		if err := first(); err != nil {
			return err
		}
		if err := second(); err != nil {
			return err
		}
	}
	if records < n {
		return fmt.Errorf("the harvest cycle read %d records, expected at least %d", records, n)
	}
	// The harvester's own work is the cycle minus what sacct alone takes, paired per round
	// (the bridge's parsing is inside its sacct call, so the cycle's own split would hide it).
	cycleOwn = cycleOwn[:0]
	for i := range cycleTotal {
		cycleOwn = append(cycleOwn, cycleTotal[i]-sacctAlone[i])
	}
	s, c, cs, own := median(sacctAlone), median(cycleTotal), median(cycleSacct), median(cycleOwn)
	fmt.Printf("one harvest cycle over %d job records (%d with steps), -P output %.1f MiB, median of %d rounds:\n", records, n, float64(outputBytes)/(1<<20), rounds)
	fmt.Printf("  sacct alone, printing them:           %7.2f s\n", s)
	fmt.Printf("  harvest cycle (sacct+parse+upsert):   %7.2f s  (sacct and parsing %.2f s)\n", c, cs)
	fmt.Printf("  harvester's own work (cycle - sacct): %7.2f s\n", own)
	fmt.Printf("  ratio own work / sacct alone:         %7.2f  (goal <= 1.00)\n", own/s)
	fmt.Printf("  ratio whole cycle / sacct alone:      %7.2f\n", c/s)
	fmt.Printf("  records per second through the cycle: %7.0f\n", float64(records)/c)
	if own > s {
		return fmt.Errorf("goal missed: the harvester's own work took %.2f s, more than sacct's %.2f s", own, s)
	}
	return nil
}

// templateJob runs one real job with a batch step and an srun step and returns its row's
// job_db_inx once slurmdbd has its complete record (for a moment it can hold a placeholder
// built from the step records, without eligible time or partition).
func templateJob(ctx context.Context, b *slurmbridge.Bridge, conf, db, cluster string) (int64, error) {
	dir, err := os.MkdirTemp("", "bench-accounting-job-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	res, err := b.Submit(ctx, slurmbridge.SubmitRequest{
		Script: []byte("#!/bin/sh\nsrun sh -c 'i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done'\n"),
		Tag:    "bench-accounting-template", WorkDir: dir, Options: []string{"--output=/dev/null"},
	})
	if err != nil {
		return 0, err
	}
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		out, err := mariadb(db, fmt.Sprintf(`SELECT j.job_db_inx FROM %[1]s_job_table j WHERE j.id_job = %[2]d AND j.time_end > 0 AND j.time_eligible > 0 AND j.partition != ''
			AND (SELECT COUNT(*) FROM %[1]s_step_table s WHERE s.job_db_inx = j.job_db_inx AND s.time_end > 0) >= 2`, cluster, res.JobID))
		if err != nil {
			return 0, err
		}
		if v := strings.TrimSpace(out); v != "" {
			return strconv.ParseInt(v, 10, 64)
		}
		time.Sleep(500 * time.Millisecond)
	}
	return 0, fmt.Errorf("template job %d never reached slurmdbd with its steps", res.JobID)
}

func columns(db, table string) ([]string, error) {
	out, err := mariadb(db, fmt.Sprintf(`SELECT column_name FROM information_schema.columns WHERE table_schema = '%s' AND table_name = '%s' ORDER BY ordinal_position`, db, table))
	if err != nil {
		return nil, err
	}
	return strings.Fields(out), nil
}

// cloneJobs copies the template row n times: job i gets id idBase+i, is submitted at
// rangeStart+i seconds, and keeps the template's durations; its steps are shifted alike.
func cloneJobs(db, cluster string, templateInx int64, n int) error {
	jobCols, err := columns(db, cluster+"_job_table")
	if err != nil {
		return err
	}
	var names, values []string
	for _, c := range jobCols {
		if c == "job_db_inx" {
			continue
		}
		names = append(names, "`"+c+"`")
		v := "t.`" + c + "`"
		switch c {
		case "id_job":
			v = fmt.Sprintf("%d + q.seq", idBase)
		case "job_name":
			v = "CONCAT('bench-', q.seq)"
		case "time_submit":
			v = fmt.Sprintf("%d + q.seq", rangeStart.Unix())
		case "time_eligible", "time_start", "time_end":
			v = fmt.Sprintf("IF(t.%[1]s > 0, %[2]d + q.seq + (CAST(t.%[1]s AS SIGNED) - CAST(t.time_submit AS SIGNED)), 0)", c, rangeStart.Unix())
		}
		values = append(values, v)
	}
	stepCols, err := columns(db, cluster+"_step_table")
	if err != nil {
		return err
	}
	var stepNames, stepValues []string
	for _, c := range stepCols {
		stepNames = append(stepNames, "`"+c+"`")
		v := "s.`" + c + "`"
		switch c {
		case "job_db_inx":
			v = "j.job_db_inx"
		case "time_start", "time_end":
			v = fmt.Sprintf("IF(s.%[1]s > 0, CAST(s.%[1]s AS SIGNED) + (CAST(j.time_submit AS SIGNED) - CAST(t.time_submit AS SIGNED)), 0)", c)
		}
		stepValues = append(stepValues, v)
	}
	sql := fmt.Sprintf(`INSERT INTO %[1]s_job_table (%[2]s) SELECT %[3]s FROM %[1]s_job_table t JOIN seq_1_to_%[4]d q WHERE t.job_db_inx = %[5]d;
INSERT INTO %[1]s_step_table (%[6]s) SELECT %[7]s FROM %[1]s_job_table j JOIN %[1]s_job_table t ON t.job_db_inx = %[5]d
	JOIN %[1]s_step_table s ON s.job_db_inx = t.job_db_inx WHERE j.id_job > %[8]d;`,
		cluster, strings.Join(names, ","), strings.Join(values, ","), n, templateInx, strings.Join(stepNames, ","), strings.Join(stepValues, ","), idBase)
	_, err = mariadb(db, sql)
	return err
}

func mariadb(db, sql string) (string, error) {
	cmd := exec.Command("mariadb", "-N", "-B", db)
	cmd.Stdin = strings.NewReader(sql)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("mariadb: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	return stdout.String(), nil
}

// sacctPrint runs sacct with the harvester's -P arguments and counts what it printed.
func sacctPrint(conf string, fields []string, start, end time.Time) (int, error) {
	args := []string{"--parsable2", "--noheader", "--delimiter=~pgbench~", "--format=" + strings.Join(fields, ","), "--duplicates",
		"-S", start.UTC().Format("2006-01-02T15:04:05"), "-E", end.UTC().Format("2006-01-02T15:04:05"), "--allusers"}
	cmd := exec.Command("sacct", args...)
	cmd.Env = []string{"SLURM_CONF=" + conf, "SLURM_TIME_FORMAT=%s", "TZ=UTC", "PATH=" + os.Getenv("PATH")}
	counter := &countingWriter{}
	cmd.Stdout = counter
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return 0, fmt.Errorf("sacct: %v: %s", err, stderr.String())
	}
	return counter.n, nil
}

type countingWriter struct{ n int }

func (c *countingWriter) Write(p []byte) (int, error) { c.n += len(p); return io.Discard.Write(p) }

func median(v []float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	if len(s)%2 == 0 {
		return (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	return s[len(s)/2]
}
