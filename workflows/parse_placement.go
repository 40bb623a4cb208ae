package workflows

import (
	"gopkg.in/yaml.v3"
)

// Placement is what a workflow asks of the grid gateway's placement beyond its resources. A
// site daemon running the workflow itself ignores it.
type Placement struct {
	// MinGrades is the worst grade of each kind a site may have (Compute Hours paper §7.3);
	// the zero value of a kind accepts any site, graded or not.
	MinGrades Grades
	// At is where the placement mapping is written.
	At Pos
}

// Grades are a site's grades as the Compute Hours paper defines them: performance "A" (best)
// to "D", reliability 1 (best) to 4, energy "X" (best) to "Z".
type Grades struct {
	Performance string
	Reliability int
	Energy      string
}

// The grades each kind takes, best first.
var (
	PerformanceGrades = []string{"A", "B", "C", "D"}
	EnergyGrades      = []string{"X", "Y", "Z"}
)

var (
	placementFields = []string{"grades"}
	gradeFields     = []string{"performance", "reliability", "energy"}
)

// placement reads placement: grades, the floor a site must meet.
func (d *decoder) placement(n *yaml.Node) *Placement {
	n = resolve(n)
	f, ok := d.mapping(n, "placement", placementFields...)
	if !ok {
		return nil
	}
	p := &Placement{At: posOf(n)}
	if g, ok := f["grades"]; ok {
		p.MinGrades = d.grades(g.value)
	}
	return p
}

// grades reads placement.grades: each kind optional, each the worst grade accepted.
func (d *decoder) grades(n *yaml.Node) Grades {
	n = resolve(n)
	var g Grades
	f, ok := d.mapping(n, "placement grades", gradeFields...)
	if !ok {
		return g
	}
	if v, ok := f["performance"]; ok {
		g.Performance = d.grade(v.value, "placement grades performance", PerformanceGrades)
	}
	if v, ok := f["reliability"]; ok {
		if x, ok := d.integer(v.value, "placement grades reliability", 1, 4); ok {
			g.Reliability = int(x)
		}
	}
	if v, ok := f["energy"]; ok {
		g.Energy = d.grade(v.value, "placement grades energy", EnergyGrades)
	}
	return g
}

func (d *decoder) grade(n *yaml.Node, what string, allowed []string) string {
	s, ok := d.str(n, what)
	if !ok {
		return ""
	}
	for _, a := range allowed {
		if s == a {
			return s
		}
	}
	d.fail(n, "%s must be one of %v (the worst grade accepted, best first), got %q", what, allowed, clip(s))
	return ""
}
