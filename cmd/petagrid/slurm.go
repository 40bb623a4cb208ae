package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/petagrid/petagrid/internal/poll"
	"github.com/petagrid/petagrid/slurmbridge"
)

// slurmCommand lets an admin check what PetaGrid sees of the cluster, with the same bridge the
// daemons use.
func slurmCommand(e *env) *cli.Command {
	cmd := &cli.Command{
		Name:  "slurm",
		Usage: "inspect and drive the local Slurm cluster through PetaGrid's Slurm bridge",
		Subcommands: []*cli.Command{
			{
				Name:  "nodes",
				Usage: "list nodes with CPUs, memory, GPUs (GRES) and states",
				Action: func(c *cli.Context) error {
					b, out, err := e.bridge(c)
					if err != nil {
						return err
					}
					nodes, err := b.Nodes(c.Context)
					if err != nil {
						return err
					}
					return out.nodes(nodes)
				},
			},
			{
				Name:  "partitions",
				Usage: "list partitions",
				Action: func(c *cli.Context) error {
					b, out, err := e.bridge(c)
					if err != nil {
						return err
					}
					parts, err := b.Partitions(c.Context)
					if err != nil {
						return err
					}
					return out.partitions(parts)
				},
			},
			{
				Name:  "jobs",
				Usage: "list the jobs the controller knows (one squeue call)",
				Flags: []cli.Flag{
					&cli.StringSliceFlag{Name: "id", Usage: "only these job ids (repeat or comma-separate)"},
					&cli.StringSliceFlag{Name: "tag", Usage: "only jobs submitted with this tag"},
				},
				Action: func(c *cli.Context) error {
					b, out, err := e.bridge(c)
					if err != nil {
						return err
					}
					ids, err := parseJobIDs(c.StringSlice("id"))
					if err != nil {
						return err
					}
					jobs, err := b.ListJobs(c.Context, slurmbridge.JobQuery{IDs: ids, Names: c.StringSlice("tag")})
					if err != nil {
						return err
					}
					return out.jobs(jobs)
				},
			},
			submitCommand(e),
			{
				Name:      "cancel",
				Usage:     "cancel a job",
				ArgsUsage: "JOBID",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "signal", Usage: "send this signal (e.g. TERM) instead of cancelling"},
				},
				Action: func(c *cli.Context) error {
					if c.NArg() != 1 {
						return usagef("cancel takes exactly one job id")
					}
					ids, err := parseJobIDs([]string{c.Args().First()})
					if err != nil {
						return err
					}
					b, out, err := e.bridge(c)
					if err != nil {
						return err
					}
					if err := b.Cancel(c.Context, ids[0], c.String("signal")); err != nil {
						return err
					}
					return out.message(map[string]any{"cancelled": ids[0]}, "Cancelled job %d", ids[0])
				},
			},
			{
				Name:  "accounting",
				Usage: "show slurmdbd's accounting records (sacct) over a time window",
				Flags: []cli.Flag{
					&cli.StringSliceFlag{Name: "job", Usage: "only these job ids"},
					&cli.StringSliceFlag{Name: "tag", Usage: "only jobs with this name (tag)"},
					&cli.StringFlag{Name: "since", Value: "24h", Usage: "window start: a duration before now (24h) or an RFC 3339 time"},
					&cli.StringFlag{Name: "until", Value: "now", Usage: "window end: now, a duration before now, or an RFC 3339 time"},
					&cli.StringFlag{Name: "format", Value: "auto", Usage: "how to ask sacct: auto, json or parsable"},
				},
				Action: func(c *cli.Context) error {
					b, out, err := e.bridge(c)
					if err != nil {
						return err
					}
					q, err := accountingQuery(c, time.Now())
					if err != nil {
						return err
					}
					recs, err := b.Accounting(c.Context, q)
					if err != nil {
						return err
					}
					return out.accounting(recs)
				},
			},
		},
	}
	// Every subcommand takes the connection and output flags, after its own name, where
	// people type them (`petagrid slurm nodes -o json`).
	for _, sub := range cmd.Subcommands {
		sub.Flags = append(sub.Flags, slurmFlags()...)
	}
	return cmd
}

func slurmFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "slurm-conf", Usage: "slurm.conf of the cluster (default: the config file's slurm.conf, then $SLURM_CONF, then Slurm's own default)", EnvVars: []string{"PETAGRID_SLURM_CONF"}},
		&cli.StringFlag{Name: "slurm-bin-dir", Usage: "directory of sbatch, squeue, … (default: the config file's, then PATH)", EnvVars: []string{"PETAGRID_SLURM_BIN_DIR"}},
		&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Value: "table", Usage: "table or json"},
	}
}

func submitCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "submit",
		Usage:     "submit a batch script (argv only: the script goes to sbatch on stdin)",
		ArgsUsage: "SCRIPT",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "tag", Usage: "unique tag, used as the job name (default: pg-<random>)"},
			&cli.StringFlag{Name: "workdir", Usage: "working directory of the job (default: the current directory)"},
			&cli.StringFlag{Name: "partition", Aliases: []string{"p"}},
			&cli.StringFlag{Name: "account", Aliases: []string{"A"}},
			&cli.StringFlag{Name: "qos"},
			&cli.StringFlag{Name: "dependency", Aliases: []string{"d"}, Usage: "e.g. afterok:12"},
			&cli.StringFlag{Name: "array", Aliases: []string{"a"}, Usage: "e.g. 0-9%2"},
			&cli.BoolFlag{Name: "hold", Usage: "submit held"},
			&cli.StringSliceFlag{Name: "sbatch-option", Usage: "further sbatch long option, e.g. --gres=gpu:1 (repeatable)"},
			&cli.BoolFlag{Name: "wait", Usage: "wait for the job to finish, then show its accounting record; fail if it did not complete"},
			&cli.DurationFlag{Name: "poll", Value: time.Second, Usage: "how often to ask Slurm while waiting"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usagef("submit takes exactly one script file")
			}
			path := c.Args().First()
			script, err := os.ReadFile(path)
			if err != nil {
				return fmt.Errorf("reading the batch script: %w", err)
			}
			workdir := c.String("workdir")
			if workdir == "" {
				if workdir, err = os.Getwd(); err != nil {
					return fmt.Errorf("working directory: %w", err)
				}
			}
			if workdir, err = filepath.Abs(workdir); err != nil {
				return fmt.Errorf("working directory: %w", err)
			}
			tag := c.String("tag")
			if tag == "" {
				tag = randomName("pg-", 6)
			}
			b, out, err := e.bridge(c)
			if err != nil {
				return err
			}
			req := slurmbridge.SubmitRequest{
				Script: script, Tag: tag, WorkDir: workdir, Partition: c.String("partition"),
				Account: c.String("account"), QOS: c.String("qos"), Dependency: c.String("dependency"),
				Array: c.String("array"), Hold: c.Bool("hold"), Options: c.StringSlice("sbatch-option"),
			}
			submitted := time.Now()
			res, err := b.Submit(c.Context, req)
			if err != nil {
				return err
			}
			if !c.Bool("wait") {
				return out.message(map[string]any{"jobId": res.JobID, "cluster": res.Cluster, "tag": tag}, "Submitted job %d (tag %s)", res.JobID, tag)
			}
			fmt.Fprintf(e.stderr, "Submitted job %d (tag %s); waiting for it to finish…\n", res.JobID, tag)
			return waitAndReport(c.Context, b, out, res.JobID, submitted, c.Duration("poll"))
		},
	}
}

// waitAndReport waits for a job, then prints its accounting record once slurmdbd has the final
// one. It fails when the job did not complete successfully.
func waitAndReport(ctx context.Context, b *slurmbridge.Bridge, out *printer, id uint32, submitted time.Time, interval time.Duration) error {
	jobs, err := b.WaitForJob(ctx, id, interval)
	if err != nil {
		return err
	}
	var failed []string
	for _, j := range jobs {
		if j.State != slurmbridge.StateCompleted {
			failed = append(failed, fmt.Sprintf("job %d ended %s (exit %s)", j.ID, j.State, exitString(j.Exit)))
		}
	}
	// A run is (job id, submit time): ids repeat when a cluster's state is reset, so records
	// of older jobs with the same id are left out.
	runs := map[uint32]time.Time{}
	for _, j := range jobs {
		runs[j.ID] = j.SubmitTime
	}
	deadline := time.Now().Add(time.Minute)
	var recs []slurmbridge.AccountingRecord
	err = poll.Until(ctx, interval, poll.Retry{}, func(ctx context.Context) (bool, error) {
		all, err := b.Accounting(ctx, slurmbridge.AccountingQuery{
			Start: submitted.Add(-time.Minute), End: time.Now().Add(time.Minute), JobIDs: []uint32{id},
		})
		if err != nil {
			return false, err
		}
		recs = recs[:0]
		for _, r := range all {
			if submit, ok := runs[r.JobID]; ok && r.SubmitTime.Equal(submit) {
				recs = append(recs, r)
			}
		}
		return accountingFinal(recs, len(jobs)) || time.Now().After(deadline), nil
	})
	if errors.Is(err, poll.ErrStopped) {
		return ctx.Err()
	}
	if err != nil {
		return err
	}
	if err := out.accounting(recs); err != nil {
		return err
	}
	if len(failed) > 0 {
		return errors.New(strings.Join(failed, "; "))
	}
	return nil
}

// accountingFinal: slurmdbd holds a complete, terminal record for every task.
func accountingFinal(recs []slurmbridge.AccountingRecord, want int) bool {
	final := 0
	for _, r := range recs {
		if r.State.Terminal() && !r.Incomplete && !r.EndTime.IsZero() {
			final++
		}
	}
	return final >= want && want > 0
}

// randomName is prefix and n random bytes in hex: a job tag or a run id nobody chose.
func randomName(prefix string, n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		// crypto/rand does not fail on Linux; a time-based name is still unique enough here.
		return fmt.Sprintf("%s%x", prefix, time.Now().UnixNano())
	}
	return prefix + hex.EncodeToString(b)
}

// bridge builds the Slurm bridge from the config file, overridden by flags.
func (e *env) bridge(c *cli.Context) (*slurmbridge.Bridge, *printer, error) {
	out, err := newPrinter(e.stdout, c.String("output"))
	if err != nil {
		return nil, nil, err
	}
	// Precedence: flag (or PETAGRID_SLURM_*), then the config file, then the SLURM_CONF an
	// admin's shell exports, so that a stray SLURM_CONF never overrides an explicit choice.
	cfg := e.config.Slurm
	if v := c.String("slurm-conf"); v != "" {
		cfg.Conf = v
	}
	if cfg.Conf == "" {
		cfg.Conf = os.Getenv("SLURM_CONF")
	}
	if v := c.String("slurm-bin-dir"); v != "" {
		cfg.BinDir = v
	}
	// Paths typed on the command line are relative to where they were typed; the bridge
	// runs commands from "/" and wants them absolute.
	for _, p := range []*string{&cfg.Conf, &cfg.BinDir} {
		if *p != "" && !filepath.IsAbs(*p) {
			abs, err := filepath.Abs(*p)
			if err != nil {
				return nil, nil, fmt.Errorf("path %q: %w", *p, err)
			}
			*p = abs
		}
	}
	b, err := slurmbridge.New(cfg, e.log)
	if err != nil {
		return nil, nil, err
	}
	return b, out, nil
}

func parseJobIDs(values []string) ([]uint32, error) {
	var ids []uint32
	for _, v := range values {
		for _, part := range strings.Split(v, ",") {
			id, err := strconv.ParseUint(strings.TrimSpace(part), 10, 32)
			if err != nil || id == 0 {
				return nil, usagef("%q is not a job id", part)
			}
			ids = append(ids, uint32(id))
		}
	}
	return ids, nil
}

// accountingQuery reads the window and filters of `slurm accounting`.
func accountingQuery(c *cli.Context, now time.Time) (slurmbridge.AccountingQuery, error) {
	start, err := parseWhen(c.String("since"), now)
	if err != nil {
		return slurmbridge.AccountingQuery{}, usagef("--since: %v", err)
	}
	end, err := parseWhen(c.String("until"), now)
	if err != nil {
		return slurmbridge.AccountingQuery{}, usagef("--until: %v", err)
	}
	if c.String("until") == "now" {
		end = now.Add(time.Minute) // include jobs that end while sacct runs
	}
	ids, err := parseJobIDs(c.StringSlice("job"))
	if err != nil {
		return slurmbridge.AccountingQuery{}, err
	}
	q := slurmbridge.AccountingQuery{Start: start, End: end, JobIDs: ids, Names: c.StringSlice("tag")}
	switch c.String("format") {
	case "auto":
	case "json":
		q.Format = slurmbridge.FormatJSON
	case "parsable":
		q.Format = slurmbridge.FormatParsable
	default:
		return q, usagef("--format must be auto, json or parsable")
	}
	return q, nil
}

// parseWhen reads "now", a duration before now ("24h") or an RFC 3339 time.
func parseWhen(s string, now time.Time) (time.Time, error) {
	if s == "now" {
		return now, nil
	}
	if d, err := time.ParseDuration(s); err == nil {
		if d < 0 {
			return time.Time{}, fmt.Errorf("duration %q must be positive (it counts back from now)", s)
		}
		return now.Add(-d), nil
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("%q is neither a duration (24h) nor an RFC 3339 time (2026-01-02T15:04:05Z)", s)
	}
	return t.UTC(), nil
}
