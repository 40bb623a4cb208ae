package slurmbridge

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// clusterNamePattern is what slurm.conf accepts as a ClusterName (and what slurmdbd keys
// its tables with).
var clusterNamePattern = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,64}$`)

// ClusterName returns the controller's ClusterName (`scontrol show config`), the name
// slurmdbd files every job of this cluster under.
func (b *Bridge) ClusterName(ctx context.Context) (string, error) {
	res, err := b.run(ctx, invocation{name: "scontrol", args: []string{"show", "config"}})
	if err != nil {
		return "", fmt.Errorf("reading the cluster name: %w", err)
	}
	return parseClusterName(string(res.stdout))
}

// configValue is the value of key in `scontrol show config`'s "Key = value" lines.
func configValue(text, key string) (string, error) {
	for _, line := range strings.Split(text, "\n") {
		k, value, ok := strings.Cut(line, "=")
		if ok && strings.TrimSpace(k) == key {
			return strings.TrimSpace(value), nil
		}
	}
	return "", &ParseError{Command: "scontrol show config", What: key, Err: fmt.Errorf("no %s line", key)}
}

func parseClusterName(text string) (string, error) {
	name, err := configValue(text, "ClusterName")
	if err != nil {
		return "", err
	}
	if !clusterNamePattern.MatchString(name) {
		return "", &ParseError{Command: "scontrol show config", What: "ClusterName", Err: fmt.Errorf("bad cluster name %q", truncate(name, 80))}
	}
	return name, nil
}

// schedulerTypePattern is a scheduler plugin's name as slurm.conf gives it.
var schedulerTypePattern = regexp.MustCompile(`^sched/[a-z0-9_]{1,32}$`)

// SchedulerType returns the controller's scheduler plugin (`scontrol show config`'s
// SchedulerType: sched/backfill or sched/builtin). Heterogeneous jobs are started only by
// sched/backfill.
func (b *Bridge) SchedulerType(ctx context.Context) (string, error) {
	res, err := b.run(ctx, invocation{name: "scontrol", args: []string{"show", "config"}})
	if err != nil {
		return "", fmt.Errorf("reading the scheduler type: %w", err)
	}
	return parseSchedulerType(string(res.stdout))
}

func parseSchedulerType(text string) (string, error) {
	value, err := configValue(text, "SchedulerType")
	if err != nil {
		return "", err
	}
	if !schedulerTypePattern.MatchString(value) {
		return "", &ParseError{Command: "scontrol show config", What: "SchedulerType", Err: fmt.Errorf("not a scheduler plugin: %q", truncate(value, 40))}
	}
	return value, nil
}

// ControllerBootTime is when the running slurmctld started (`scontrol show config`'s
// BOOT_TIME). A controller that restarted after a job's submission may have lost the job:
// slurmctld writes its job state some seconds behind its changes, and a controller killed
// in between comes back without the jobs submitted since, handing their ids out again.
func (b *Bridge) ControllerBootTime(ctx context.Context) (time.Time, error) {
	res, err := b.run(ctx, invocation{name: "scontrol", args: []string{"show", "config"}, env: []string{"SLURM_TIME_FORMAT=%s"}})
	if err != nil {
		return time.Time{}, fmt.Errorf("reading the controller's boot time: %w", err)
	}
	return parseBootTime(string(res.stdout))
}

func parseBootTime(text string) (time.Time, error) {
	value, err := configValue(text, "BOOT_TIME")
	if err != nil {
		return time.Time{}, err
	}
	secs, err := strconv.ParseInt(value, 10, 64)
	// Before 2001 or past 2200: not a boot time this controller can have.
	if err != nil || secs < 1_000_000_000 || secs > 7_258_118_400 {
		return time.Time{}, &ParseError{Command: "scontrol show config", What: "BOOT_TIME", Err: fmt.Errorf("not a time in epoch seconds: %q", truncate(value, 40))}
	}
	return time.Unix(secs, 0).UTC(), nil
}
