package fakeslurm

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/petagrid/petagrid/slurmbridge"
)

// dependency is a parsed --dependency: items all of which (",") or any of which ("?") must
// be satisfied.
type dependency struct {
	anyOf bool
	items []depItem
}

type depItem struct {
	kind string // after, afterany, afterok, afternotok
	job  uint32
}

type depOutcome int

const (
	depWaiting depOutcome = iota
	depSatisfied
	depNever
)

// parseDependency reads the dependency forms the fake models. A form Slurm has but the
// fake does not (singleton, aftercorr, a delay, an array task) is an error naming it.
func parseDependency(spec string) (*dependency, error) {
	if spec == "" {
		return nil, nil
	}
	d := &dependency{}
	sep := ","
	if strings.Contains(spec, "?") {
		if strings.Contains(spec, ",") {
			return nil, fmt.Errorf("a dependency cannot mix \",\" and \"?\"")
		}
		d.anyOf, sep = true, "?"
	}
	for _, part := range strings.Split(spec, sep) {
		kind, ids, ok := strings.Cut(part, ":")
		switch kind {
		case "after", "afterany", "afterok", "afternotok":
		default:
			return nil, fmt.Errorf("dependency type %q is not modelled by fakeslurm", kind)
		}
		if !ok || ids == "" {
			return nil, fmt.Errorf("dependency %q names no job", part)
		}
		for _, id := range strings.Split(ids, ":") {
			n, err := strconv.ParseUint(id, 10, 32)
			if err != nil || n == 0 {
				return nil, fmt.Errorf("dependency job %q is not modelled by fakeslurm (plain job ids only)", id)
			}
			d.items = append(d.items, depItem{kind: kind, job: uint32(n)})
		}
	}
	return d, nil
}

// evaluate says whether d is satisfied, can never be, or waits, and since when.
func (c *cluster) evaluate(d *dependency) (depOutcome, time.Time) {
	var latest, earliestSatisfied time.Time
	satisfied, never := 0, 0
	for _, it := range d.items {
		outcome, at := c.evaluateItem(it)
		switch outcome {
		case depSatisfied:
			satisfied++
			if earliestSatisfied.IsZero() || at.Before(earliestSatisfied) {
				earliestSatisfied = at
			}
		case depNever:
			never++
		}
		if outcome != depWaiting && at.After(latest) {
			latest = at
		}
		if outcome == depNever && !d.anyOf {
			return depNever, at
		}
	}
	switch {
	case d.anyOf && satisfied > 0:
		return depSatisfied, earliestSatisfied
	case d.anyOf && never == len(d.items):
		return depNever, latest
	case !d.anyOf && satisfied == len(d.items):
		return depSatisfied, latest
	}
	return depWaiting, time.Time{}
}

// evaluateItem judges one dependency on every task of the job it names.
func (c *cluster) evaluateItem(it depItem) (depOutcome, time.Time) {
	var target *job
	for _, j := range c.jobs {
		if j.id == it.job {
			target = j
		}
	}
	if target == nil {
		return depNever, c.now()
	}
	allEnded, allCompleted, anyStarted := true, true, false
	var lastEnd, firstStart, firstFailure time.Time
	for _, t := range target.tasks {
		r := t.cur()
		if !r.start.IsZero() || r.state.Terminal() {
			at := r.start
			if at.IsZero() {
				at = r.end
			}
			if !anyStarted || at.Before(firstStart) {
				firstStart = at
			}
			anyStarted = true
		}
		if !r.state.Terminal() {
			allEnded = false
			continue
		}
		if r.end.After(lastEnd) {
			lastEnd = r.end
		}
		if r.state != slurmbridge.StateCompleted {
			allCompleted = false
			if firstFailure.IsZero() || r.end.Before(firstFailure) {
				firstFailure = r.end
			}
		}
	}
	switch it.kind {
	case "after":
		if anyStarted {
			return depSatisfied, firstStart
		}
	case "afterany":
		if allEnded {
			return depSatisfied, lastEnd
		}
	case "afterok":
		if !firstFailure.IsZero() {
			return depNever, firstFailure
		}
		if allEnded {
			return depSatisfied, lastEnd
		}
	case "afternotok":
		if allEnded && !allCompleted {
			return depSatisfied, lastEnd
		}
		if allEnded {
			return depNever, lastEnd
		}
	}
	return depWaiting, time.Time{}
}
