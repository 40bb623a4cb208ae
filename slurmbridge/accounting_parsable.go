package slurmbridge

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// parsableFields is the full -P field list. sacct escapes nothing, so free text (JobName,
// WorkDir, Comment) may hold "|" and newlines. The bridge therefore asks for a delimiter that
// is a fresh random token on every query, which no job name can contain by design, and
// JobIDRaw comes first: it never holds a newline, so the boundary between two records is the
// last newline before it.
var parsableFields = []string{
	"JobIDRaw", "JobID", "Cluster", "User", "Group", "Account", "Partition", "QOS", "State",
	"Reason", "ExitCode", "DerivedExitCode", "Submit", "Eligible", "Start", "End", "ElapsedRaw",
	"TimelimitRaw", "NNodes", "NodeList", "AllocTRES", "ReqTRES", "TRESUsageInTot", "NTasks",
	"UserCPU", "SystemCPU", "WorkDir", "Comment", "JobName",
}

// Indices into parsableFields of the fields read by name below.
const (
	pfJobIDRaw = iota
	pfJobID
	pfCluster
	pfUser
	pfGroup
	pfAccount
	pfPartition
	pfQOS
	pfState
	pfReason
	pfExitCode
	pfDerivedExitCode
	pfSubmit
	pfEligible
	pfStart
	pfEnd
	pfElapsedRaw
	pfTimelimitRaw
	pfNNodes
	pfNodeList
	pfAllocTRES
	pfReqTRES
	pfTRESUsageInTot
	pfNTasks
	pfUserCPU
	pfSystemCPU
	pfWorkDir
	pfComment
	pfJobName
)

var (
	rawIDPattern = regexp.MustCompile(`^[0-9]+(\.[A-Za-z0-9+_-]+)?$`)
	// JobID as printed: 12, 12.batch, 3_0, 3_0.batch, 16_[58-999], 9+1, 9+1.0
	printedIDPattern = regexp.MustCompile(`^([0-9]+)(?:_([0-9]+|\[[0-9,%\-]+\]))?(?:\+([0-9]+))?(?:\.([A-Za-z0-9+_-]+))?$`)
)

// newDelimiter returns a delimiter no job's text can be expected to contain.
func newDelimiter() (string, error) {
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("random delimiter: %w", err)
	}
	return "~pg" + hex.EncodeToString(b[:]) + "~", nil
}

func (b *Bridge) accountingParsable(ctx context.Context, q AccountingQuery, release Release) ([]AccountingRecord, error) {
	delim, err := newDelimiter()
	if err != nil {
		return nil, err
	}
	args := append([]string{"--parsable2", "--noheader", "--delimiter=" + delim, "--format=" + strings.Join(parsableFields, ",")}, q.filterArgs()...)
	out, err := b.sacct(ctx, args, "SLURM_TIME_FORMAT=%s")
	if err != nil {
		return nil, err
	}
	return parseAccountingParsable(out, delim, release)
}

// splitParsable cuts sacct -P output, printed with delim between fields, into records of
// nFields fields. Fields may contain newlines; a record ends at the last newline before the
// next record's first field.
func splitParsable(data []byte, delim string, nFields int) ([][]string, error) {
	text := string(data)
	if strings.TrimSpace(text) == "" {
		return nil, nil
	}
	text = strings.TrimSuffix(text, "\n")
	tokens := strings.Split(text, delim)
	if (len(tokens)-1)%(nFields-1) != 0 {
		return nil, fmt.Errorf("%d fields do not make whole records of %d", len(tokens), nFields)
	}
	records := make([][]string, 0, (len(tokens)-1)/(nFields-1))
	current := []string{tokens[0]}
	for i := 1; i < len(tokens); i++ {
		if len(current) == nFields-1 && i < len(tokens)-1 {
			// This token is the last field of one record, a newline, and the first field of
			// the next.
			cut := strings.LastIndexByte(tokens[i], '\n')
			if cut < 0 {
				return nil, fmt.Errorf("record %d does not end with a newline", len(records)+1)
			}
			current = append(current, tokens[i][:cut])
			records = append(records, current)
			current = []string{tokens[i][cut+1:]}
			continue
		}
		current = append(current, tokens[i])
	}
	if len(current) != nFields {
		return nil, fmt.Errorf("last record has %d fields, expected %d", len(current), nFields)
	}
	return append(records, current), nil
}

// parseAccountingParsable reads sacct -P output with parsableFields, printed with delim.
func parseAccountingParsable(data []byte, delim string, release Release) ([]AccountingRecord, error) {
	const command = "sacct -P"
	rows, err := splitParsable(data, delim, len(parsableFields))
	if err != nil {
		return nil, &ParseError{Command: command, What: "records", Err: err}
	}
	var records []AccountingRecord
	byRaw := map[string]int{} // raw job id → index of its latest run, for attaching steps
	for i, f := range rows {
		what := fmt.Sprintf("record %d", i+1)
		if !rawIDPattern.MatchString(f[pfJobIDRaw]) || !printedIDPattern.MatchString(f[pfJobID]) {
			return nil, &ParseError{Command: command, What: what, Err: fmt.Errorf("bad job id %q / %q", truncate(f[pfJobIDRaw], 40), truncate(f[pfJobID], 40))}
		}
		// The delimiter is new on every query: hash the fields joined with NUL (which sacct
		// never prints) so that the same record hashes the same on every read.
		raw := strings.Join(f, "\x00")
		if strings.Contains(f[pfJobIDRaw], ".") {
			step, jobRaw, err := parsableStep(f)
			if err != nil {
				return nil, &ParseError{Command: command, What: what, Err: err}
			}
			idx, ok := byRaw[jobRaw]
			if !ok {
				return nil, &ParseError{Command: command, What: what, Err: fmt.Errorf("step %s before its job", f[pfJobIDRaw])}
			}
			records[idx].Steps = append(records[idx].Steps, step)
			rehash(&records[idx], raw)
			continue
		}
		rec, err := parsableJob(f)
		if err != nil {
			return nil, &ParseError{Command: command, What: what, Err: err}
		}
		sum := sha256.Sum256([]byte(raw))
		rec.Provenance = Provenance{SlurmRelease: release.String(), Format: "parsable", RawSHA256: hex.EncodeToString(sum[:])}
		byRaw[f[pfJobIDRaw]] = len(records)
		records = append(records, rec)
	}
	return records, nil
}

func rehash(rec *AccountingRecord, more string) {
	sum := sha256.Sum256([]byte(rec.Provenance.RawSHA256 + "\n" + more))
	rec.Provenance.RawSHA256 = hex.EncodeToString(sum[:])
}

func parsableJob(f []string) (AccountingRecord, error) {
	raw, err := strconv.ParseUint(f[pfJobIDRaw], 10, 32)
	if err != nil || raw == 0 {
		return AccountingRecord{}, fmt.Errorf("bad JobIDRaw %q", f[pfJobIDRaw])
	}
	r := AccountingRecord{
		JobID:     uint32(raw),
		Cluster:   f[pfCluster],
		User:      f[pfUser],
		Group:     f[pfGroup],
		Account:   f[pfAccount],
		Partition: f[pfPartition],
		QOS:       f[pfQOS],
		Reason:    f[pfReason],
		WorkDir:   f[pfWorkDir],
		Comment:   f[pfComment],
		Name:      f[pfJobName],
	}
	if r.Reason == "None" {
		r.Reason = ""
	}
	m := printedIDPattern.FindStringSubmatch(f[pfJobID])
	if m == nil {
		return r, fmt.Errorf("bad JobID %q", f[pfJobID])
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
	if r.State, r.UnknownState, err = parseAccountingState([]string{f[pfState]}); err != nil {
		return r, err
	}
	times := []*time.Time{&r.SubmitTime, &r.EligibleTime, &r.StartTime, &r.EndTime}
	for i, t := range times {
		if *t, err = parseEpochField(f[pfSubmit+i]); err != nil {
			return r, fmt.Errorf("%s: %w", parsableFields[pfSubmit+i], err)
		}
	}
	if r.RunEnded() {
		if r.Exit, err = parseExitPair(f[pfExitCode]); err != nil {
			return r, err
		}
		if r.DerivedExit, err = parseExitPair(f[pfDerivedExitCode]); err != nil {
			return r, err
		}
	}
	if r.ElapsedSeconds, err = parseIntField(f[pfElapsedRaw]); err != nil {
		return r, fmt.Errorf("ElapsedRaw: %w", err)
	}
	if r.TimeLimitMinutes, err = parseLimitMinutes(f[pfTimelimitRaw]); err != nil {
		return r, err
	}
	if r.NodeCount, err = parseIntField(f[pfNNodes]); err != nil {
		return r, fmt.Errorf("NNodes: %w", err)
	}
	if f[pfNodeList] != "None assigned" {
		r.Nodes = f[pfNodeList]
	}
	if r.AllocTRES, err = ParseTRES(f[pfAllocTRES]); err != nil {
		return r, err
	}
	if r.ReqTRES, err = ParseTRES(f[pfReqTRES]); err != nil {
		return r, err
	}
	r.Incomplete = isPlaceholder(r)
	return r, nil
}

func parsableStep(f []string) (AccountingStep, string, error) {
	jobRaw, stepID, _ := strings.Cut(f[pfJobIDRaw], ".")
	s := AccountingStep{ID: stepID, Name: f[pfJobName], Nodes: f[pfNodeList]}
	var err error
	if s.State, _, err = parseAccountingState([]string{f[pfState]}); err != nil {
		return s, "", err
	}
	if s.State.Terminal() {
		if s.Exit, err = parseExitPair(f[pfExitCode]); err != nil {
			return s, "", err
		}
	}
	if s.StartTime, err = parseEpochField(f[pfStart]); err != nil {
		return s, "", fmt.Errorf("Start: %w", err)
	}
	if s.EndTime, err = parseEpochField(f[pfEnd]); err != nil {
		return s, "", fmt.Errorf("End: %w", err)
	}
	if s.ElapsedSeconds, err = parseIntField(f[pfElapsedRaw]); err != nil {
		return s, "", fmt.Errorf("ElapsedRaw: %w", err)
	}
	if s.NodeCount, err = parseIntField(f[pfNNodes]); err != nil {
		return s, "", fmt.Errorf("NNodes: %w", err)
	}
	if s.AllocTRES, err = ParseTRES(f[pfAllocTRES]); err != nil {
		return s, "", err
	}
	if s.UsageTRES, err = ParseTRESUsage(f[pfTRESUsageInTot]); err != nil {
		return s, "", err
	}
	if s.Tasks, err = parseIntField(f[pfNTasks]); err != nil {
		return s, "", fmt.Errorf("NTasks: %w", err)
	}
	if s.UserCPUMicroseconds, err = parseCPUTimeMicros(f[pfUserCPU]); err != nil {
		return s, "", fmt.Errorf("UserCPU: %w", err)
	}
	if s.SystemCPUMicroseconds, err = parseCPUTimeMicros(f[pfSystemCPU]); err != nil {
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
