package workflows

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// MaxDurationSeconds bounds any duration: a year is past every site's MaxTime.
const MaxDurationSeconds = 366 * 24 * 3600

var durationPart = regexp.MustCompile(`^([0-9]+)(d|h|m|s)`)

// ParseDuration reads a human duration: whole numbers with units d, h, m and s, largest
// first, each at most once ("2h30m", "1d12h", "90m", "45s"). Zero is refused: to Slurm a time
// of 0 means no limit at all.
func ParseDuration(s string) (int64, error) {
	if s == "" {
		return 0, errors.New("empty duration; write e.g. 2h30m")
	}
	rest := s
	var total int64
	order := "dhms"
	last := -1
	for rest != "" {
		m := durationPart.FindStringSubmatch(rest)
		if m == nil {
			return 0, fmt.Errorf("%+q is not a duration; write whole numbers with units d, h, m, s such as 2h30m or 90m", s)
		}
		idx := strings.Index(order, m[2])
		if idx <= last {
			return 0, fmt.Errorf("%+q is not a duration: units must go from largest to smallest, each once (e.g. 1d2h30m)", s)
		}
		last = idx
		n, err := strconv.ParseInt(m[1], 10, 64)
		if err != nil || n > MaxDurationSeconds {
			return 0, fmt.Errorf("duration %+q is too long", s)
		}
		total += n * [...]int64{86400, 3600, 60, 1}[idx]
		if total > MaxDurationSeconds {
			return 0, fmt.Errorf("duration %+q is longer than 366 days", s)
		}
		rest = rest[len(m[0]):]
	}
	if total == 0 {
		return 0, fmt.Errorf("duration %+q is zero; Slurm would read that as no limit", s)
	}
	return total, nil
}

// FormatDuration writes seconds the way ParseDuration reads them.
func FormatDuration(secs int64) string {
	if secs <= 0 {
		return "0s"
	}
	var b strings.Builder
	for i, unit := range []int64{86400, 3600, 60, 1} {
		if n := secs / unit; n > 0 {
			fmt.Fprintf(&b, "%d%c", n, "dhms"[i])
			secs -= n * unit
		}
	}
	return b.String()
}

// slurmTime writes seconds as Slurm's D-HH:MM:SS, rounded up to whole minutes because Slurm
// keeps time limits in minutes.
func slurmTime(secs int64) string {
	mins := (secs + 59) / 60
	return fmt.Sprintf("%d-%02d:%02d:00", mins/1440, mins/60%24, mins%60)
}

// MaxMemoryMiB bounds memory requests (1 PiB).
const MaxMemoryMiB = 1 << 30

var memoryPattern = regexp.MustCompile(`^([0-9]+(?:\.[0-9]+)?)([KkMmGgTt])(?:i?B)?$`)

// ParseMemory reads a size with a binary unit (K, M, G, T; "GiB" and "GB" mean the same as
// "G", as in Slurm) and returns whole MiB, rounding up.
func ParseMemory(s string) (int64, error) {
	m := memoryPattern.FindStringSubmatch(s)
	if m == nil {
		return 0, fmt.Errorf("%+q is not a size; write a number with a unit K, M, G or T, such as 512M or 16G", s)
	}
	v, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		return 0, fmt.Errorf("%+q is not a size", s)
	}
	scale := map[byte]float64{'k': 1.0 / 1024, 'm': 1, 'g': 1024, 't': 1024 * 1024}[strings.ToLower(m[2])[0]]
	mib := math.Ceil(v * scale)
	if mib <= 0 {
		return 0, fmt.Errorf("size %+q is zero; Slurm would read --mem=0 as all of a node's memory", s)
	}
	if mib > MaxMemoryMiB {
		return 0, fmt.Errorf("size %+q is larger than 1P", s)
	}
	return int64(mib), nil
}
