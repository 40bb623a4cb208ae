package slurmbridge

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// TRES is one trackable resource: cpu, mem, node, billing, energy, gres/gpu, gres/gpu:a100, …
type TRES struct {
	Type  string `json:"type"`           // "cpu", "mem", "gres", "license", …
	Name  string `json:"name,omitempty"` // "gpu", "gpu:a100" for gres; empty otherwise
	Count int64  `json:"count"`          // in Slurm's unit for the type: mem in MiB, time in seconds
}

// Key is the TRES as Slurm names it in strings: "cpu", "gres/gpu:a100".
func (t TRES) Key() string {
	if t.Name == "" {
		return t.Type
	}
	return t.Type + "/" + t.Name
}

// GPUs returns the number of GPUs in a TRES list. The untyped gres/gpu entry is the total
// Slurm accounts; typed entries are only summed when it is missing (XDMoD took the first
// typed entry and under-counts jobs with two GPU types).
func GPUs(list []TRES) int64 {
	var typed int64
	for _, t := range list {
		if t.Type != "gres" {
			continue
		}
		if t.Name == "gpu" {
			return t.Count
		}
		if strings.HasPrefix(t.Name, "gpu:") {
			typed += t.Count
		}
	}
	return typed
}

// TRESCount returns the count of the TRES with the given key ("cpu", "mem", "gres/gpu").
func TRESCount(list []TRES, key string) (int64, bool) {
	for _, t := range list {
		if t.Key() == key {
			return t.Count, true
		}
	}
	return 0, false
}

// ParseTRES parses a TRES string as squeue and sacct print it:
// "cpu=2,mem=16000M,node=1,billing=2,gres/gpu=2,gres/gpu:fake=2". Memory ("mem", "vmem") is
// converted to MiB; durations ("cpu=00:01:02" in usage strings) to seconds.
func ParseTRES(s string) ([]TRES, error) {
	s = strings.TrimSpace(s)
	if s == "" || s == "(null)" {
		return nil, nil
	}
	var out []TRES
	for _, part := range strings.Split(s, ",") {
		key, value, ok := strings.Cut(part, "=")
		if !ok || key == "" {
			return nil, fmt.Errorf("TRES %q: entry %q is not key=value", truncate(s, 80), truncate(part, 40))
		}
		t := TRES{Type: key}
		if typ, name, hasName := strings.Cut(key, "/"); hasName {
			t.Type, t.Name = typ, name
		}
		count, err := parseTRESValue(t.Type, value)
		if err != nil {
			return nil, fmt.Errorf("TRES %q: %s: %w", truncate(s, 80), key, err)
		}
		t.Count = count
		out = append(out, t)
	}
	return out, nil
}

func parseTRESValue(typ, value string) (int64, error) {
	if strings.Contains(value, ":") {
		secs, err := parseSlurmDuration(value)
		if err != nil {
			return 0, err
		}
		return secs, nil
	}
	if typ == "mem" || typ == "vmem" {
		return parseMemoryMiB(value)
	}
	return parseCount(value)
}

// parseCount parses a count with an optional K/M/G/T/P suffix (GRES counts such as "4K").
func parseCount(v string) (int64, error) {
	mult := int64(1)
	if n := len(v); n > 0 {
		switch v[n-1] {
		case 'K', 'k':
			mult, v = 1<<10, v[:n-1]
		case 'M', 'm':
			mult, v = 1<<20, v[:n-1]
		case 'G', 'g':
			mult, v = 1<<30, v[:n-1]
		case 'T', 't':
			mult, v = 1<<40, v[:n-1]
		case 'P', 'p':
			mult, v = 1<<50, v[:n-1]
		}
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || f < 0 || f*float64(mult) > math.MaxInt64/2 {
		return 0, fmt.Errorf("bad count %q", v)
	}
	return int64(math.Round(f * float64(mult))), nil
}

// parseMemoryMiB parses "16000M", "1.50G", "12460K", "512" (MiB when no unit) into MiB.
func parseMemoryMiB(v string) (int64, error) {
	unit := 1.0
	if n := len(v); n > 0 {
		switch v[n-1] {
		case 'K', 'k':
			unit, v = 1.0/1024, v[:n-1]
		case 'M', 'm':
			unit, v = 1, v[:n-1]
		case 'G', 'g':
			unit, v = 1024, v[:n-1]
		case 'T', 't':
			unit, v = 1024*1024, v[:n-1]
		case 'P', 'p':
			unit, v = 1024*1024*1024, v[:n-1]
		}
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || f < 0 || f*unit > math.MaxInt64/2 {
		return 0, fmt.Errorf("bad memory size %q", v)
	}
	return int64(math.Round(f * unit)), nil
}

// GRES is a generic resource on a node or in a job: "gpu:a100:2(IDX:0-1)".
type GRES struct {
	Name    string `json:"name"`           // "gpu"
	Type    string `json:"type,omitempty"` // "a100"; empty when untyped
	Count   int64  `json:"count"`
	Indices []int  `json:"indices,omitempty"` // device indices on the node (IDX), when Slurm says
}

// ParseGRES parses a GRES string as Slurm prints it for nodes and jobs:
// "gpu:fake:4(S:0)", "gpu:h100:2(IDX:0-1),gpu:h200:4(IDX:2-5)", "gpu:8(IDX:0,2-7)",
// "gpu:tesla:0(IDX:N/A)", "gres:gpu:fake:2" (tres_per_node). "(null)" and "N/A" are empty.
func ParseGRES(s string) ([]GRES, error) {
	s = strings.TrimSpace(s)
	if s == "" || s == "(null)" || s == "N/A" {
		return nil, nil
	}
	items, err := splitTopLevel(s, ',')
	if err != nil {
		return nil, fmt.Errorf("GRES %q: %w", truncate(s, 80), err)
	}
	var out []GRES
	for _, item := range items {
		g, err := parseOneGRES(item)
		if err != nil {
			return nil, fmt.Errorf("GRES %q: %w", truncate(s, 80), err)
		}
		out = append(out, g)
	}
	return out, nil
}

func parseOneGRES(item string) (GRES, error) {
	head, props, hasProps := strings.Cut(item, "(")
	var g GRES
	if hasProps {
		if !strings.HasSuffix(props, ")") {
			return g, fmt.Errorf("unclosed '(' in %q", item)
		}
		props = strings.TrimSuffix(props, ")")
		for _, prop := range strings.Split(props, ")(") {
			key, val, _ := strings.Cut(prop, ":")
			if key == "IDX" {
				idx, err := parseIndexList(val)
				if err != nil {
					return g, fmt.Errorf("%q: indices: %w", item, err)
				}
				g.Indices = idx
			}
		}
	}
	fields := strings.Split(strings.TrimPrefix(head, "gres:"), ":")
	var kept []string
	for _, f := range fields {
		if f == "no_consume" {
			continue
		}
		kept = append(kept, f)
	}
	if len(kept) == 0 || kept[0] == "" {
		return g, fmt.Errorf("empty GRES name in %q", item)
	}
	g.Name = kept[0]
	g.Count = 1
	last := kept[len(kept)-1]
	if len(kept) > 1 && startsWithDigit(last) {
		c, err := parseCount(last)
		if err != nil {
			return g, fmt.Errorf("%q: %w", item, err)
		}
		g.Count = c
		kept = kept[:len(kept)-1]
	}
	if len(kept) > 1 {
		g.Type = strings.Join(kept[1:], ":")
	}
	return g, nil
}

func startsWithDigit(s string) bool { return s != "" && s[0] >= '0' && s[0] <= '9' }

// parseSlurmDuration parses Slurm's durations into seconds: "MM:SS", "HH:MM:SS",
// "D-HH:MM:SS", "D-HH", "MM:SS.mmm" (fractions dropped) and a bare number of minutes.
func parseSlurmDuration(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, fmt.Errorf("empty duration")
	}
	var days int64
	hasDays := false
	if d, rest, ok := strings.Cut(s, "-"); ok {
		hasDays = true
		n, err := strconv.ParseInt(d, 10, 64)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("bad duration %q", s)
		}
		days, s = n, rest
		if !strings.Contains(s, ":") {
			h, err := strconv.ParseInt(s, 10, 64)
			if err != nil || h < 0 {
				return 0, fmt.Errorf("bad duration %q", s)
			}
			return days*86400 + h*3600, nil
		}
	}
	if i := strings.IndexByte(s, '.'); i >= 0 {
		if !isDigits(s[i+1:]) {
			return 0, fmt.Errorf("bad duration %q", s)
		}
		s = s[:i]
	}
	parts := strings.Split(s, ":")
	if len(parts) > 3 {
		return 0, fmt.Errorf("bad duration %q", s)
	}
	var nums []int64
	for _, p := range parts {
		if !isDigits(p) {
			return 0, fmt.Errorf("bad duration %q", s)
		}
		n, err := strconv.ParseInt(p, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("bad duration %q: %w", s, err)
		}
		nums = append(nums, n)
	}
	var secs int64
	switch len(nums) {
	case 1: // minutes
		secs = nums[0] * 60
	case 2:
		if hasDays { // D-HH:MM
			secs = nums[0]*3600 + nums[1]*60
		} else { // MM:SS
			secs = nums[0]*60 + nums[1]
		}
	case 3: // HH:MM:SS
		secs = nums[0]*3600 + nums[1]*60 + nums[2]
	}
	return days*86400 + secs, nil
}
