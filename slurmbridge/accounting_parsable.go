package slurmbridge

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// parsableFields is the full -P field list. JobName is last: sacct escapes nothing, so a name
// may hold "|" and newlines; being last, it can be split off with a field limit and its
// continuation lines recognised. WorkDir and Comment are free text too and are not asked for.
var parsableFields = []string{
	"JobIDRaw", "JobID", "Cluster", "User", "Group", "Account", "Partition", "QOS", "State",
	"Reason", "ExitCode", "DerivedExitCode", "Submit", "Eligible", "Start", "End", "ElapsedRaw",
	"TimelimitRaw", "NNodes", "NodeList", "AllocTRES", "ReqTRES", "TRESUsageInTot", "NTasks",
	"UserCPU", "SystemCPU", "JobName",
}

var (
	rawIDPattern = regexp.MustCompile(`^[0-9]+(\.[A-Za-z0-9+_-]+)?$`)
	// JobID as printed: 12, 12.batch, 3_0, 3_0.batch, 16_[58-999], 9+1, 9+1.0
	printedIDPattern = regexp.MustCompile(`^([0-9]+)(?:_([0-9]+|\[[0-9,%\-]+\]))?(?:\+([0-9]+))?(?:\.([A-Za-z0-9+_-]+))?$`)
)

func (b *Bridge) accountingParsable(ctx context.Context, q AccountingQuery, release Release) ([]AccountingRecord, error) {
	args := append([]string{"--parsable2", "--noheader", "--format=" + strings.Join(parsableFields, ",")}, q.filterArgs()...)
	out, err := b.sacct(ctx, args, "SLURM_TIME_FORMAT=%s")
	if err != nil {
		return nil, err
	}
	return parseAccountingParsable(out, release)
}

// parseAccountingParsable reads sacct -P output with parsableFields. A line that cannot be
// the start of a record (too few fields, or a malformed id) continues the previous record's
// job name, which contained a newline.
func parseAccountingParsable(data []byte, release Release) ([]AccountingRecord, error) {
	const command = "sacct -P"
	n := len(parsableFields)
	type pending struct {
		fields []string
		lines  []string
		lineNo int
	}
	var rows []pending
	text := strings.TrimSuffix(string(data), "\n")
	if text == "" {
		return nil, nil
	}
	for i, line := range strings.Split(text, "\n") {
		fields := strings.SplitN(line, "|", n)
		if len(fields) == n && rawIDPattern.MatchString(fields[0]) && printedIDPattern.MatchString(fields[1]) {
			rows = append(rows, pending{fields: fields, lines: []string{line}, lineNo: i + 1})
			continue
		}
		if len(rows) == 0 {
			return nil, &ParseError{Command: command, What: fmt.Sprintf("line %d", i+1), Err: fmt.Errorf("expected %d fields starting with a job id, got %q", n, truncate(line, 120))}
		}
		last := &rows[len(rows)-1]
		last.fields[n-1] += "\n" + line
		last.lines = append(last.lines, line)
	}
	format := "parsable"
	var records []AccountingRecord
	byRaw := map[string]int{} // raw job id → index of its latest run, for attaching steps
	for _, row := range rows {
		f := row.fields
		what := fmt.Sprintf("line %d", row.lineNo)
		if strings.Contains(f[0], ".") {
			step, jobRaw, err := parsableStep(f)
			if err != nil {
				return nil, &ParseError{Command: command, What: what, Err: err}
			}
			idx, ok := byRaw[jobRaw]
			if !ok {
				return nil, &ParseError{Command: command, What: what, Err: fmt.Errorf("step %s before its job", f[0])}
			}
			records[idx].Steps = append(records[idx].Steps, step)
			rehash(&records[idx], strings.Join(row.lines, "\n"))
			continue
		}
		rec, err := parsableJob(f)
		if err != nil {
			return nil, &ParseError{Command: command, What: what, Err: err}
		}
		sum := sha256.Sum256([]byte(strings.Join(row.lines, "\n")))
		rec.Provenance = Provenance{SlurmRelease: release.String(), Format: format, RawSHA256: hex.EncodeToString(sum[:])}
		byRaw[f[0]] = len(records)
		records = append(records, rec)
	}
	return records, nil
}

func rehash(rec *AccountingRecord, more string) {
	sum := sha256.Sum256([]byte(rec.Provenance.RawSHA256 + "\n" + more))
	rec.Provenance.RawSHA256 = hex.EncodeToString(sum[:])
}

func parsableJob(f []string) (AccountingRecord, error) {
	raw, err := strconv.ParseUint(f[0], 10, 32)
	if err != nil || raw == 0 {
		return AccountingRecord{}, fmt.Errorf("bad JobIDRaw %q", f[0])
	}
	r := AccountingRecord{
		JobID:     uint32(raw),
		Cluster:   f[2],
		User:      f[3],
		Group:     f[4],
		Account:   f[5],
		Partition: f[6],
		QOS:       f[7],
		Reason:    f[9],
		Name:      f[26],
	}
	if r.Reason == "None" {
		r.Reason = ""
	}
	m := printedIDPattern.FindStringSubmatch(f[1])
	if m == nil {
		return r, fmt.Errorf("bad JobID %q", f[1])
	}
	master, _ := strconv.ParseUint(m[1], 10, 32)
	if m[2] != "" {
		r.ArrayJobID = uint32(master)
		if task, err := strconv.ParseUint(m[2], 10, 32); err == nil {
			t := uint32(task)
			r.ArrayTaskID = &t
		}
	}
	if m[3] != "" {
		r.HetJobID = uint32(master)
		off, _ := strconv.ParseUint(m[3], 10, 32)
		o := uint32(off)
		r.HetOffset = &o
	}
	if r.State, _, err = parseJobState([]string{f[8]}); err != nil {
		return r, err
	}
	if r.State.Terminal() {
		if r.Exit, err = parseExitPair(f[10]); err != nil {
			return r, err
		}
		if r.DerivedExit, err = parseExitPair(f[11]); err != nil {
			return r, err
		}
	}
	times := []*time.Time{&r.SubmitTime, &r.EligibleTime, &r.StartTime, &r.EndTime}
	for i, t := range times {
		if *t, err = parseEpochField(f[12+i]); err != nil {
			return r, fmt.Errorf("%s: %w", parsableFields[12+i], err)
		}
	}
	if r.ElapsedSeconds, err = parseIntField(f[16]); err != nil {
		return r, fmt.Errorf("ElapsedRaw: %w", err)
	}
	if r.TimeLimitMinutes, err = parseLimitMinutes(f[17]); err != nil {
		return r, err
	}
	if r.NodeCount, err = parseIntField(f[18]); err != nil {
		return r, fmt.Errorf("NNodes: %w", err)
	}
	if f[19] != "None assigned" {
		r.Nodes = f[19]
	}
	if r.AllocTRES, err = ParseTRES(f[20]); err != nil {
		return r, err
	}
	if r.ReqTRES, err = ParseTRES(f[21]); err != nil {
		return r, err
	}
	r.Incomplete = isPlaceholder(r)
	return r, nil
}

func parsableStep(f []string) (AccountingStep, string, error) {
	jobRaw, stepID, _ := strings.Cut(f[0], ".")
	s := AccountingStep{ID: stepID, Name: f[26], Nodes: f[19]}
	var err error
	if s.State, _, err = parseJobState([]string{f[8]}); err != nil {
		return s, "", err
	}
	if s.State.Terminal() {
		if s.Exit, err = parseExitPair(f[10]); err != nil {
			return s, "", err
		}
	}
	if s.StartTime, err = parseEpochField(f[14]); err != nil {
		return s, "", fmt.Errorf("Start: %w", err)
	}
	if s.EndTime, err = parseEpochField(f[15]); err != nil {
		return s, "", fmt.Errorf("End: %w", err)
	}
	if s.ElapsedSeconds, err = parseIntField(f[16]); err != nil {
		return s, "", fmt.Errorf("ElapsedRaw: %w", err)
	}
	if s.NodeCount, err = parseIntField(f[18]); err != nil {
		return s, "", fmt.Errorf("NNodes: %w", err)
	}
	if s.AllocTRES, err = ParseTRES(f[20]); err != nil {
		return s, "", err
	}
	if s.UsageTRES, err = ParseTRESUsage(f[22]); err != nil {
		return s, "", err
	}
	if s.Tasks, err = parseIntField(f[23]); err != nil {
		return s, "", fmt.Errorf("NTasks: %w", err)
	}
	if s.UserCPUMicroseconds, err = parseCPUTimeMicros(f[24]); err != nil {
		return s, "", fmt.Errorf("UserCPU: %w", err)
	}
	if s.SystemCPUMicroseconds, err = parseCPUTimeMicros(f[25]); err != nil {
		return s, "", fmt.Errorf("SystemCPU: %w", err)
	}
	return s, jobRaw, nil
}

// parseEpochField reads a time printed with SLURM_TIME_FORMAT=%s; "Unknown"/"None" are unset.
func parseEpochField(s string) (time.Time, error) {
	switch strings.ToLower(s) {
	case "", "unknown", "none", "n/a", "0":
		return time.Time{}, nil
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil || v < 0 {
		return time.Time{}, fmt.Errorf("bad epoch time %q (was SLURM_TIME_FORMAT=%%s honoured?)", truncate(s, 40))
	}
	return time.Unix(v, 0).UTC(), nil
}

func parseIntField(s string) (int64, error) {
	if s == "" {
		return 0, nil
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil || v < 0 {
		return 0, fmt.Errorf("bad number %q", truncate(s, 40))
	}
	return v, nil
}

// parseLimitMinutes reads TimelimitRaw: minutes, or UNLIMITED / Partition_Limit / empty.
func parseLimitMinutes(s string) (*int64, error) {
	switch s {
	case "", "UNLIMITED", "Partition_Limit", "INVALID":
		return nil, nil
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil || v < 0 {
		return nil, fmt.Errorf("bad TimelimitRaw %q", truncate(s, 40))
	}
	return &v, nil
}

// parseCPUTimeMicros reads sacct's CPU times: "MM:SS.mmm", "HH:MM:SS", "D-HH:MM:SS".
func parseCPUTimeMicros(s string) (int64, error) {
	if s == "" {
		return 0, nil
	}
	var fracMicros int64
	if i := strings.IndexByte(s, '.'); i >= 0 {
		frac := s[i+1:]
		if !isDigits(frac) || len(frac) > 6 {
			return 0, fmt.Errorf("bad CPU time %q", truncate(s, 40))
		}
		v, _ := strconv.ParseInt(frac+strings.Repeat("0", 6-len(frac)), 10, 64)
		fracMicros = v
		s = s[:i]
	}
	secs, err := parseSlurmDuration(s)
	if err != nil {
		return 0, err
	}
	if !strings.Contains(s, ":") {
		return 0, fmt.Errorf("bad CPU time %q", truncate(s, 40))
	}
	return secs*1_000_000 + fracMicros, nil
}
