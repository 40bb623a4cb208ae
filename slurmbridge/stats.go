package slurmbridge

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// RPCStat is slurmctld's count of one kind of RPC (or of one user's RPCs).
type RPCStat struct {
	Count               int64 `json:"count"`
	AverageMicroseconds int64 `json:"averageMicroseconds"`
	TotalMicroseconds   int64 `json:"totalMicroseconds"`
}

// ControllerStats is what `sdiag` reports about the load clients put on slurmctld.
type ControllerStats struct {
	RPCByType map[string]RPCStat `json:"rpcByType"`
	RPCByUser map[string]RPCStat `json:"rpcByUser"`
}

// RPCsSince returns, per RPC type, how many more calls now has than before.
func (s ControllerStats) RPCsSince(before ControllerStats) map[string]int64 {
	out := map[string]int64{}
	for name, st := range s.RPCByType {
		if d := st.Count - before.RPCByType[name].Count; d != 0 {
			out[name] = d
		}
	}
	return out
}

// ControllerStats runs sdiag and returns its RPC counters.
func (b *Bridge) ControllerStats(ctx context.Context) (ControllerStats, error) {
	res, err := b.run(ctx, invocation{name: "sdiag"})
	if err != nil {
		return ControllerStats{}, fmt.Errorf("controller statistics: %w", err)
	}
	return parseSdiag(res.stdout)
}

// "\tREQUEST_JOB_INFO   ( 2003) count:3  ave_time:370  total_time:1111"
var sdiagRPCLine = regexp.MustCompile(`^\s*(\S+)\s+\(\s*(\d+)\)\s+count:(\d+)\s+ave_time:(\d+)\s+total_time:(\d+)\s*$`)

func parseSdiag(data []byte) (ControllerStats, error) {
	stats := ControllerStats{RPCByType: map[string]RPCStat{}, RPCByUser: map[string]RPCStat{}}
	var section map[string]RPCStat
	sawHeader := false
	for _, line := range strings.Split(string(data), "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trimmed, "Remote Procedure Call statistics by message type"):
			section, sawHeader = stats.RPCByType, true
			continue
		case strings.HasPrefix(trimmed, "Remote Procedure Call statistics by user"):
			section, sawHeader = stats.RPCByUser, true
			continue
		case trimmed == "" || !strings.HasPrefix(line, "\t") && !strings.HasPrefix(line, " "):
			section = nil
			continue
		}
		if section == nil {
			continue
		}
		m := sdiagRPCLine.FindStringSubmatch(line)
		if m == nil {
			return ControllerStats{}, &ParseError{Command: "sdiag", What: "RPC statistics", Err: fmt.Errorf("unexpected line %q", truncate(line, 120))}
		}
		var st RPCStat
		st.Count, _ = strconv.ParseInt(m[3], 10, 64)
		st.AverageMicroseconds, _ = strconv.ParseInt(m[4], 10, 64)
		st.TotalMicroseconds, _ = strconv.ParseInt(m[5], 10, 64)
		section[m[1]] = st
	}
	if !sawHeader {
		return ControllerStats{}, &ParseError{Command: "sdiag", What: "RPC statistics", Err: fmt.Errorf("no RPC statistics section in %d bytes of output", len(data))}
	}
	return stats, nil
}

// WaitForJob polls the controller until job id (every task, for an array) has finished, and
// returns its final records. It polls with JobStates, which costs the controller one query
// for this job only, and reads the full records (exit codes) once at the end. It gives up
// with ErrJobNotFound if the controller forgets the job before it is seen finished.
func (b *Bridge) WaitForJob(ctx context.Context, id uint32, interval time.Duration) ([]Job, error) {
	if interval <= 0 {
		interval = time.Second
	}
	ticker := time.NewTicker(interval)
	defer ticker.Stop()
	for {
		states, err := b.JobStates(ctx, []uint32{id})
		if err != nil {
			return nil, err
		}
		if len(states) == 0 {
			return nil, fmt.Errorf("job %d is not known to the controller (finished more than MinJobAge ago? see its accounting record): %w", id, ErrJobNotFound)
		}
		done := true
		for _, s := range states {
			done = done && s.State.Terminal()
		}
		if done {
			jobs, err := b.ListJobs(ctx, JobQuery{IDs: []uint32{id}})
			if err != nil {
				return nil, err
			}
			if len(jobs) == 0 {
				return nil, fmt.Errorf("job %d finished but its record is gone: %w", id, ErrJobNotFound)
			}
			return jobs, nil
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("waiting for job %d: %w", id, ctx.Err())
		case <-ticker.C:
		}
	}
}
