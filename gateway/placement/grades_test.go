package placement

import (
	"reflect"
	"testing"

	"github.com/petagrid/petagrid/workflows"
)

// TestGradeFloor: a job's placement.grades keeps out the sites below it in any kind, and those
// not yet graded in a kind it sets; a kind it leaves free accepts anything.
func TestGradeFloor(t *testing.T) {
	graded := func(name, perf string, rel int, energy string) Site {
		s := newSite(name, "1", partition("gpu", 0, h100Node(2)))
		s.PerformanceGrade, s.ReliabilityGrade, s.EnergyGrade = perf, rel, energy
		return s
	}
	sites := []Site{
		graded("a1x", "A", 1, "X"),
		graded("b2y", "B", 2, "Y"),
		graded("c1x", "C", 1, "X"),
		graded("b3x", "B", 3, "X"),
		graded("b1z", "B", 1, "Z"),
		graded("new", "", 0, "X"),
		graded("cpu", "B", 2, ""),
	}
	req := Request{Job: "r-aaaaaaaaaaaaaaaa", Needs: []StepNeed{trainNeed}, ReferenceMegaFLOPS: refMF, MinGrades: GradeFloor{Performance: "B", Reliability: 2, Energy: "Y"}}
	if err := req.Validate(); err != nil {
		t.Fatal(err)
	}
	cands, rejections := Feasible(req, sites)
	var names []string
	for _, c := range cands {
		names = append(names, c.Site)
	}
	if !reflect.DeepEqual(names, []string{"a1x", "b2y"}) {
		t.Errorf("feasible: %v, want a1x and b2y", names)
	}
	want := map[string][]string{
		"c1x": {"performance grade C is below the required B"},
		"b3x": {"reliability grade 3 is below the required 2"},
		"b1z": {"energy grade Z is below the required Y"},
		"new": {"no proven performance grade yet (the job requires B or better)", "no proven reliability grade yet (the job requires 2 or better)"},
		"cpu": {"no proven energy grade yet (the job requires Y or better)"},
	}
	got := map[string][]string{}
	for _, r := range rejections {
		got[r.Site] = r.Reasons
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("rejections:\n%v\nwant:\n%v", got, want)
	}
	// A kind left free accepts a site not graded in it.
	req.MinGrades = GradeFloor{Energy: "X"}
	if cands, _ = Feasible(req, sites); len(cands) != 4 {
		t.Errorf("energy X only: %d feasible, want 4 (a1x, c1x, b3x and the ungraded new)", len(cands))
	}
	// The request is checked: a floor that is no grade is refused before any site is looked at.
	for _, bad := range []GradeFloor{{Performance: "E"}, {Reliability: 5}, {Reliability: -1}, {Energy: "x"}} {
		req.MinGrades = bad
		if err := req.Validate(); err == nil {
			t.Errorf("floor %+v accepted", bad)
		}
	}
	if s := (GradeFloor{Performance: "B", Energy: "Y"}).String(); s != "B*Y" {
		t.Errorf("floor written %q", s)
	}
}

func TestGradeFloorOf(t *testing.T) {
	wf, err := workflows.Parse("w.yaml", []byte("version: 1\nname: w\nplacement: {grades: {performance: C, reliability: 3}}\nsteps:\n  - name: a\n    run: {command: [x]}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if f := GradeFloorOf(wf); f != (GradeFloor{Performance: "C", Reliability: 3}) {
		t.Errorf("floor %+v", f)
	}
	if f := GradeFloorOf(&workflows.Workflow{}); !f.IsZero() {
		t.Errorf("no placement: %+v", f)
	}
}
