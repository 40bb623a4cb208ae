package slurmbridge

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxHostlistSize bounds the expansion of one hostlist: a hostile or corrupt "n[0-999999999]"
// must not exhaust memory.
const MaxHostlistSize = 1 << 20

// ExpandHostlist expands a Slurm hostlist such as "gpu[01-03,07],login1" or
// "rack[1-2]-n[1-2]" into host names, in Slurm's order.
func ExpandHostlist(list string) ([]string, error) {
	list = strings.TrimSpace(list)
	if list == "" || list == "(null)" || list == "None assigned" {
		return nil, nil
	}
	items, err := splitTopLevel(list, ',')
	if err != nil {
		return nil, fmt.Errorf("hostlist %q: %w", truncate(list, 80), err)
	}
	var hosts []string
	for _, item := range items {
		if item == "" {
			return nil, fmt.Errorf("hostlist %q: empty host name", truncate(list, 80))
		}
		expanded, err := expandHostItem(item, MaxHostlistSize-len(hosts))
		if err != nil {
			return nil, fmt.Errorf("hostlist %q: %w", truncate(list, 80), err)
		}
		hosts = append(hosts, expanded...)
	}
	return hosts, nil
}

// splitTopLevel splits s on sep outside brackets and parentheses.
func splitTopLevel(s string, sep byte) ([]string, error) {
	var parts []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[', '(':
			depth++
		case ']', ')':
			depth--
			if depth < 0 {
				return nil, fmt.Errorf("unbalanced %q at offset %d", s[i], i)
			}
		case sep:
			if depth == 0 {
				parts = append(parts, s[start:i])
				start = i + 1
			}
		}
	}
	if depth != 0 {
		return nil, fmt.Errorf("unclosed bracket")
	}
	return append(parts, s[start:]), nil
}

// expandHostItem expands one comma-free item, which may hold several bracket groups.
func expandHostItem(item string, budget int) ([]string, error) {
	open := strings.IndexByte(item, '[')
	if open < 0 {
		if strings.ContainsAny(item, "]") {
			return nil, fmt.Errorf("stray ']' in %q", item)
		}
		return []string{item}, nil
	}
	closing := strings.IndexByte(item[open:], ']')
	if closing < 0 {
		return nil, fmt.Errorf("unclosed '[' in %q", item)
	}
	closing += open
	prefix, ranges, rest := item[:open], item[open+1:closing], item[closing+1:]
	suffixes, err := expandHostItem(rest, budget)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, r := range strings.Split(ranges, ",") {
		lo, hi, width, err := parseRange(r)
		if err != nil {
			return nil, err
		}
		if (hi-lo+1)*int64(len(suffixes)) > int64(budget-len(out)) {
			return nil, fmt.Errorf("expands to more than %d hosts", MaxHostlistSize)
		}
		for n := lo; n <= hi; n++ {
			num := fmt.Sprintf("%0*d", width, n)
			for _, s := range suffixes {
				out = append(out, prefix+num+s)
			}
		}
	}
	return out, nil
}

// parseRange parses "7", "01-03"; the width of the lower bound gives the zero padding.
func parseRange(r string) (lo, hi int64, width int, err error) {
	loStr, hiStr, isRange := strings.Cut(r, "-")
	if !isRange {
		hiStr = loStr
	}
	if loStr == "" || hiStr == "" || !isDigits(loStr) || !isDigits(hiStr) {
		return 0, 0, 0, fmt.Errorf("bad range %q", r)
	}
	if lo, err = strconv.ParseInt(loStr, 10, 64); err != nil {
		return 0, 0, 0, fmt.Errorf("bad range %q: %w", r, err)
	}
	if hi, err = strconv.ParseInt(hiStr, 10, 64); err != nil {
		return 0, 0, 0, fmt.Errorf("bad range %q: %w", r, err)
	}
	if hi < lo {
		return 0, 0, 0, fmt.Errorf("descending range %q", r)
	}
	width = 0
	if len(loStr) > 1 && loStr[0] == '0' {
		width = len(loStr)
	}
	return lo, hi, width, nil
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// parseIndexList parses a GRES index list such as "0-1,3" (never more than MaxHostlistSize).
func parseIndexList(s string) ([]int, error) {
	if s == "" || s == "N/A" {
		return nil, nil
	}
	var out []int
	for _, r := range strings.Split(s, ",") {
		lo, hi, _, err := parseRange(r)
		if err != nil {
			return nil, err
		}
		if hi-lo+1 > int64(MaxHostlistSize-len(out)) {
			return nil, fmt.Errorf("index list %q too large", truncate(s, 40))
		}
		for n := lo; n <= hi; n++ {
			out = append(out, int(n))
		}
	}
	return out, nil
}
