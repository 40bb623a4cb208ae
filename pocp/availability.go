package pocp

import (
	"cmp"
	"fmt"
	"slices"
	"time"
)

// Availability is the nodes' availability over a period: node-seconds observed and up, and
// the failures (available → unavailable) and repairs (the reverse) of nodes between their
// successive observations. A gap in a node's observations does not break its history: up,
// then unobserved, then down counts one failure, and the unobserved time counts nowhere.
type Availability struct {
	ObservedSeconds uint64
	UpSeconds       uint64
	Failures        uint32
	Repairs         uint32
}

// MeasureAvailability counts the observations that lie inside [start, end), as
// SlotsFromNodes does, in any order.
func MeasureAvailability(obs []NodeObservation, start, end time.Time) (Availability, error) {
	inside := make([]NodeObservation, 0, len(obs))
	for _, o := range obs {
		if o.SlotSeconds <= 0 {
			return Availability{}, fmt.Errorf("pocp: node %s slot %s has length %d s", o.Node, o.SlotStart.UTC().Format(time.RFC3339), o.SlotSeconds)
		}
		if o.SlotStart.Before(start) || o.SlotStart.Add(time.Duration(o.SlotSeconds)*time.Second).After(end) {
			continue
		}
		inside = append(inside, o)
	}
	slices.SortFunc(inside, func(a, b NodeObservation) int {
		return cmp.Or(cmp.Compare(a.Node, b.Node), a.SlotStart.Compare(b.SlotStart))
	})
	var a Availability
	var failures, repairs uint64
	for i, o := range inside {
		a.ObservedSeconds += uint64(o.SlotSeconds)
		if o.Available {
			a.UpSeconds += uint64(o.SlotSeconds)
		}
		if i == 0 || inside[i-1].Node != o.Node {
			continue
		}
		switch prev := inside[i-1]; {
		case !o.SlotStart.After(prev.SlotStart):
			return Availability{}, fmt.Errorf("pocp: node %s observed twice in slot %s", o.Node, o.SlotStart.UTC().Format(time.RFC3339))
		case prev.Available && !o.Available:
			failures++
		case !prev.Available && o.Available:
			repairs++
		}
	}
	if failures > 1<<32-1 || repairs > 1<<32-1 {
		return Availability{}, fmt.Errorf("pocp: %d failures and %d repairs do not fit the report", failures, repairs)
	}
	a.Failures, a.Repairs = uint32(failures), uint32(repairs)
	return a, nil
}
