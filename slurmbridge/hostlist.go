package slurmbridge

import (
	"fmt"
	"strconv"
	"strings"
)

// MaxHostlistSize and MaxHostlistBytes bound the expansion of one hostlist: a hostile or
// corrupt "n[0-999999999]", or a long prefix repeated a million times, must not exhaust memory.
const (
	MaxHostlistSize  = 1 << 20
	MaxHostlistBytes = 64 << 20
)

// maxRangeDigits keeps every range bound small enough that no arithmetic on it can overflow
// (Slurm's own host numbers are far shorter).
const maxRangeDigits = 10

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
	budget := &expansionBudget{hosts: MaxHostlistSize, bytes: MaxHostlistBytes}
	var hosts []string
	for _, item := range items {
		if item == "" {
			return nil, fmt.Errorf("hostlist %q: empty host name", truncate(list, 80))
		}
		expanded, err := expandHostItem(item, budget)
		if err != nil {
			return nil, fmt.Errorf("hostlist %q: %w", truncate(list, 80), err)
		}
		hosts = append(hosts, expanded...)
	}
	return hosts, nil
}

// expansionBudget is what one hostlist may still produce.
type expansionBudget struct {
	hosts int64
	bytes int64
}

// take reserves n names of nameBytes bytes each, or fails without reserving anything.
func (b *expansionBudget) take(n, nameBytes int64) error {
	if n > b.hosts || nameBytes > 0 && n > b.bytes/nameBytes {
		return fmt.Errorf("expands to more than %d hosts or %d MiB of names", MaxHostlistSize, MaxHostlistBytes>>20)
	}
	b.hosts -= n
	b.bytes -= n * nameBytes
	return nil
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
func expandHostItem(item string, budget *expansionBudget) ([]string, error) {
	open := strings.IndexByte(item, '[')
	if open < 0 {
		if strings.ContainsAny(item, "]") {
			return nil, fmt.Errorf("stray ']' in %q", truncate(item, 40))
		}
		if err := budget.take(1, int64(len(item))); err != nil {
			return nil, err
		}
		return []string{item}, nil
	}
	closing := strings.IndexByte(item[open:], ']')
	if closing < 0 {
		return nil, fmt.Errorf("unclosed '[' in %q", truncate(item, 40))
	}
	closing += open
	prefix, ranges, rest := item[:open], item[open+1:closing], item[closing+1:]
	// The suffixes are expanded against a budget of their own: they are combined with every
	// number below, and that product is what is charged.
	suffixes, err := expandHostItem(rest, &expansionBudget{hosts: budget.hosts, bytes: budget.bytes})
	if err != nil {
		return nil, err
	}
	var out []string
	for _, r := range strings.Split(ranges, ",") {
		lo, hi, width, err := parseRange(r)
		if err != nil {
			return nil, err
		}
		// No overflow: hi-lo+1 < 10^10 (maxRangeDigits) and there are at most 2^20 suffixes.
		count := (hi - lo + 1) * int64(len(suffixes))
		nameBytes := int64(len(prefix) + max(width, len(strconv.FormatInt(hi, 10))) + maxLen(suffixes))
		if err := budget.take(count, nameBytes); err != nil {
			return nil, err
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

func maxLen(list []string) int {
	m := 0
	for _, s := range list {
		m = max(m, len(s))
	}
	return m
}

// parseRange parses "7", "01-03"; the width of the lower bound gives the zero padding.
func parseRange(r string) (lo, hi int64, width int, err error) {
	loStr, hiStr, isRange := strings.Cut(r, "-")
	if !isRange {
		hiStr = loStr
	}
	if loStr == "" || hiStr == "" || !isDigits(loStr) || !isDigits(hiStr) {
		return 0, 0, 0, fmt.Errorf("bad range %q", truncate(r, 40))
	}
	if len(loStr) > maxRangeDigits || len(hiStr) > maxRangeDigits {
		return 0, 0, 0, fmt.Errorf("range %q has numbers longer than %d digits", truncate(r, 40), maxRangeDigits)
	}
	lo, _ = strconv.ParseInt(loStr, 10, 64)
	hi, _ = strconv.ParseInt(hiStr, 10, 64)
	if hi < lo {
		return 0, 0, 0, fmt.Errorf("descending range %q", truncate(r, 40))
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
		if hi-lo >= int64(MaxHostlistSize-len(out)) {
			return nil, fmt.Errorf("index list %q too large", truncate(s, 40))
		}
		for n := lo; n <= hi; n++ {
			out = append(out, int(n))
		}
	}
	return out, nil
}
