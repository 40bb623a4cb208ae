package placement

import (
	"fmt"
	"slices"

	"github.com/petagrid/petagrid/workflows"
)

// GradeFloor is the worst grade of each kind a site may have (a workflow's
// placement.grades): performance "A" (best) to "D", reliability 1 (best) to 4, energy "X"
// (best) to "Z". The zero value of a kind accepts any site, graded or not.
type GradeFloor struct {
	Performance string
	Reliability int
	Energy      string
}

// GradeFloorOf is the floor a workflow asks for (none without placement.grades).
func GradeFloorOf(wf *workflows.Workflow) GradeFloor {
	if wf == nil || wf.Placement == nil {
		return GradeFloor{}
	}
	g := wf.Placement.MinGrades
	return GradeFloor{Performance: g.Performance, Reliability: g.Reliability, Energy: g.Energy}
}

// IsZero says whether the floor accepts every site.
func (f GradeFloor) IsZero() bool { return f == GradeFloor{} }

// String writes the floor like a site's grades ("B2Y"), with "*" for a kind left free.
func (f GradeFloor) String() string {
	perf, rel, energy := f.Performance, "*", f.Energy
	if perf == "" {
		perf = "*"
	}
	if f.Reliability > 0 {
		rel = fmt.Sprint(f.Reliability)
	}
	if energy == "" {
		energy = "*"
	}
	return perf + rel + energy
}

func (f GradeFloor) validate() error {
	switch {
	case f.Performance != "" && !slices.Contains(workflows.PerformanceGrades, f.Performance):
		return fmt.Errorf("performance grade floor %q: one of %v", clip(f.Performance), workflows.PerformanceGrades)
	case f.Reliability < 0 || f.Reliability > 4:
		return fmt.Errorf("reliability grade floor %d: 1 to 4 (0: any)", f.Reliability)
	case f.Energy != "" && !slices.Contains(workflows.EnergyGrades, f.Energy):
		return fmt.Errorf("energy grade floor %q: one of %v", clip(f.Energy), workflows.EnergyGrades)
	}
	return nil
}

// refusals say why a site's grades do not meet the floor (none when they do). A site not yet
// graded in a kind the floor sets does not meet it: a grade is proven, never assumed.
func (f GradeFloor) refusals(s *Site) []string {
	var out []string
	below := func(kind, got, want string, rank func(string) int) {
		switch {
		case want == "":
		case got == "" || rank(got) < 0:
			out = append(out, fmt.Sprintf("no proven %s grade yet (the job requires %s or better)", kind, want))
		case rank(got) > rank(want):
			out = append(out, fmt.Sprintf("%s grade %s is below the required %s", kind, clip(got), want))
		}
	}
	below("performance", s.PerformanceGrade, f.Performance, func(g string) int { return slices.Index(workflows.PerformanceGrades, g) })
	rel, want := "", ""
	if s.ReliabilityGrade >= 1 && s.ReliabilityGrade <= 4 {
		rel = fmt.Sprint(s.ReliabilityGrade)
	}
	if f.Reliability > 0 {
		want = fmt.Sprint(f.Reliability)
	}
	below("reliability", rel, want, func(g string) int { return int(g[0] - '1') })
	below("energy", s.EnergyGrade, f.Energy, func(g string) int { return slices.Index(workflows.EnergyGrades, g) })
	return out
}
