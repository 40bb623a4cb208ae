package slurmbridge

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// JobStatus is the state of one job (or array task, or heterogeneous component) as a poll
// sees it. Exit codes are not part of it: once a job is terminal, its accounting record
// carries them.
type JobStatus struct {
	ID          uint32    `json:"id"`
	ArrayJobID  uint32    `json:"arrayJobId,omitempty"`
	ArrayTaskID *uint32   `json:"arrayTaskId,omitempty"`
	HetJobID    uint32    `json:"hetJobId,omitempty"`
	HetOffset   *uint32   `json:"hetOffset,omitempty"`
	State       JobState  `json:"state"`
	Reason      string    `json:"reason,omitempty"`
	SubmitTime  time.Time `json:"submitTime"`
	StartTime   time.Time `json:"startTime,omitempty"`
	EndTime     time.Time `json:"endTime,omitempty"`
	Nodes       string    `json:"nodes,omitempty"`
}

// statusFields is the squeue --Format of a poll. None is free text (the job name is left
// out), and Reason, the only one that could hold a separator, is last. Every field is written
// "Name:|": without a size squeue would pad and cut it to 20 characters.
var statusFields = []string{"JobID", "ArrayJobID", "ArrayTaskID", "HetJobID", "HetJobOffset", "State", "SubmitTime", "StartTime", "EndTime", "NodeList", "Reason"}

// JobStates is the tracker's poll: the states of the given jobs (every task of an array, every
// component of a heterogeneous job) in one squeue call, whatever their number. squeue
// filters the answer itself, so the work on this host follows the number of tracked jobs, not
// the number of jobs slurmctld holds: 22.05's JSON (ListJobs) ignores filters and prints
// every job, about 20 MB and 1.2 s for 6,400 jobs on the test machine, against 0.07 s here.
// The price is one extra, constant controller RPC: text-mode squeue also loads the partition
// table (REQUEST_PARTITION_INFO, ~0.3 ms in slurmctld against ~6 ms for the job table).
// Jobs the controller has forgotten (MinJobAge) are absent: look them up with Accounting.
func (b *Bridge) JobStates(ctx context.Context, ids []uint32) ([]JobStatus, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	format := make([]string, len(statusFields))
	for i, f := range statusFields {
		format[i] = f + ":|"
	}
	args := []string{"--noheader", "--array", "--states=all", "--Format=" + strings.Join(format, ",")}
	if list := joinIDs(ids); list != "" && len(list) <= maxFilterArgBytes {
		args = append(args, "--jobs="+list)
	}
	res, err := b.run(ctx, invocation{name: "squeue", args: args, env: []string{"SLURM_TIME_FORMAT=%s"}})
	if err != nil {
		var cmdErr *CommandError
		if errors.As(err, &cmdErr) && strings.Contains(cmdErr.Stderr, "Invalid job id") {
			return nil, nil
		}
		return nil, fmt.Errorf("polling job states: %w", err)
	}
	statuses, err := parseJobStatuses(res.stdout)
	if err != nil {
		return nil, err
	}
	out := statuses[:0]
	for _, s := range statuses {
		for _, id := range ids {
			if s.ID == id || s.ArrayJobID == id || s.HetJobID == id {
				out = append(out, s)
				break
			}
		}
	}
	return out, nil
}

func parseJobStatuses(data []byte) ([]JobStatus, error) {
	const command = "squeue --Format"
	var out []JobStatus
	for n, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		if line == "" {
			continue
		}
		f := strings.SplitN(line, "|", len(statusFields))
		if len(f) != len(statusFields) {
			return nil, &ParseError{Command: command, What: fmt.Sprintf("line %d", n+1), Err: fmt.Errorf("%d fields, expected %d: %q", len(f), len(statusFields), truncate(line, 120))}
		}
		s, err := jobStatusFromFields(f)
		if err != nil {
			return nil, &ParseError{Command: command, What: fmt.Sprintf("line %d", n+1), Err: err}
		}
		out = append(out, s)
	}
	return out, nil
}

func jobStatusFromFields(f []string) (JobStatus, error) {
	var s JobStatus
	id, err := strconv.ParseUint(strings.TrimSpace(f[0]), 10, 32)
	if err != nil || id == 0 {
		return s, fmt.Errorf("bad job id %q", truncate(f[0], 20))
	}
	s.ID = uint32(id)
	task, isTask, err := optionalID(f[2])
	if err != nil {
		return s, fmt.Errorf("ArrayTaskID: %w", err)
	}
	if isTask {
		arrayJob, _, err := optionalID(f[1])
		if err != nil {
			return s, fmt.Errorf("ArrayJobID: %w", err)
		}
		s.ArrayJobID, s.ArrayTaskID = arrayJob, &task
	}
	het, isHet, err := optionalID(f[3])
	if err != nil {
		return s, fmt.Errorf("HetJobID: %w", err)
	}
	if isHet {
		off, hasOff, err := optionalID(f[4])
		if err != nil {
			return s, fmt.Errorf("HetJobOffset: %w", err)
		}
		s.HetJobID = het
		if hasOff {
			s.HetOffset = &off
		}
	}
	if s.State, _, err = parseJobState([]string{f[5]}); err != nil {
		return s, err
	}
	times := []*time.Time{&s.SubmitTime, &s.StartTime, &s.EndTime}
	for i, t := range times {
		if *t, err = parseEpochField(strings.TrimSpace(f[6+i])); err != nil {
			return s, fmt.Errorf("%s: %w", statusFields[6+i], err)
		}
	}
	s.Nodes = strings.TrimSpace(f[9])
	// The last field carries its own "|" suffix.
	s.Reason = strings.TrimSpace(strings.TrimSuffix(f[10], "|"))
	if s.Reason == "None" {
		s.Reason = ""
	}
	return s, nil
}

// optionalID reads an id squeue prints as "N/A" when there is none.
func optionalID(v string) (uint32, bool, error) {
	v = strings.TrimSpace(v)
	if v == "N/A" || v == "" {
		return 0, false, nil
	}
	n, err := strconv.ParseUint(v, 10, 32)
	if err != nil {
		return 0, false, fmt.Errorf("bad id %q", truncate(v, 20))
	}
	return uint32(n), true, nil
}
