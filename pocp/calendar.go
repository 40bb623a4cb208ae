// Package pocp computes Proof-of-Compute-Power reports: the 15-day periods, the slot grid,
// the time-weighted median of the computing power a site made available and its coverage,
// GPU energy and power, the signed report (EIP-712) and the plausibility rules the gateway
// applies to it. It is pure: callers read the accounting store and pass values in.
package pocp

import (
	"fmt"
	"time"
)

// DefaultPeriodSeconds is the whitepaper's period: 15 calendar days.
const DefaultPeriodSeconds = 15 * 24 * 3600

// DefaultGenesis is the whitepaper's example start: 1 January 2023, 00:00 UTC (the first
// period ends on 16 January 2023, 00:00 UTC).
var DefaultGenesis = time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC)

// Calendar numbers periods from a UTC genesis: period n is
// [genesis + n × length, genesis + (n+1) × length).
type Calendar struct {
	Genesis       time.Time
	PeriodSeconds int64
}

// NewCalendar checks a genesis and period length. The genesis must be a whole second.
func NewCalendar(genesis time.Time, periodSeconds int64) (Calendar, error) {
	if genesis.IsZero() {
		return Calendar{}, fmt.Errorf("pocp calendar: genesis is not set")
	}
	if genesis.Nanosecond() != 0 {
		return Calendar{}, fmt.Errorf("pocp calendar: genesis %s is not a whole second", genesis.UTC().Format(time.RFC3339Nano))
	}
	if periodSeconds <= 0 || periodSeconds > 366*24*3600 {
		return Calendar{}, fmt.Errorf("pocp calendar: period of %d s: must be in 1 s..366 days", periodSeconds)
	}
	if genesis.Unix() < 0 || genesis.Unix() > maxUnix-2*periodSeconds {
		return Calendar{}, fmt.Errorf("pocp calendar: genesis %s must be between 1970 and 9999", genesis.UTC().Format(time.RFC3339))
	}
	return Calendar{Genesis: genesis.UTC(), PeriodSeconds: periodSeconds}, nil
}

// maxUnix is the last second of year 9999: no period may end later (RFC 3339 cannot write
// it, and a period number that large is a mistake or an attack, never a real period).
const maxUnix = 253402300799

// MaxPeriod is the largest period number whose end is representable.
func (c Calendar) MaxPeriod() uint64 {
	return uint64((maxUnix-c.Genesis.Unix())/c.PeriodSeconds) - 1
}

// Period returns the bounds of period n, computed in Unix seconds so that a huge n is refused
// instead of wrapping round to another period's dates.
func (c Calendar) Period(n uint64) (start, end time.Time, err error) {
	if n > c.MaxPeriod() {
		return time.Time{}, time.Time{}, fmt.Errorf("pocp: period %d is beyond the last representable period (%d)", n, c.MaxPeriod())
	}
	s := c.Genesis.Unix() + int64(n)*c.PeriodSeconds
	return time.Unix(s, 0).UTC(), time.Unix(s+c.PeriodSeconds, 0).UTC(), nil
}

// PeriodAt returns the period containing t; false before genesis.
func (c Calendar) PeriodAt(t time.Time) (uint64, bool) {
	if t.Before(c.Genesis) {
		return 0, false
	}
	return uint64((t.Unix() - c.Genesis.Unix()) / c.PeriodSeconds), true
}

// LastClosed returns the latest period that has ended by now; false if none has.
func (c Calendar) LastClosed(now time.Time) (uint64, bool) {
	n, ok := c.PeriodAt(now)
	if !ok || n == 0 {
		return 0, false
	}
	return n - 1, true
}

// CheckSlotGrid verifies that slots of slotSeconds tile every period exactly, starting at the
// genesis: otherwise a slot would straddle two periods and be counted in both or neither.
func (c Calendar) CheckSlotGrid(slotSeconds int64) error {
	if slotSeconds <= 0 {
		return fmt.Errorf("pocp: slot of %d s", slotSeconds)
	}
	if c.PeriodSeconds%slotSeconds != 0 {
		return fmt.Errorf("pocp: a period of %d s is not a whole number of %d s slots", c.PeriodSeconds, slotSeconds)
	}
	if c.Genesis.Unix()%slotSeconds != 0 {
		return fmt.Errorf("pocp: genesis %s is not on the %d s slot grid (slots are aligned to the Unix epoch)", c.Genesis.Format(time.RFC3339), slotSeconds)
	}
	return nil
}
