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
	// Mode is how the gateway picks the site: PlacementPosted (the default: the cheapest
	// feasible site at its posted price) or PlacementAuction (a sealed-bid auction among the
	// feasible sites, issue 22 §1).
	Mode string
	// WindowSeconds is how long an auction takes commitments (its bidding window); the
	// reveals follow in a window as long. Set only in auction mode.
	WindowSeconds int64
	// At is where the placement mapping is written; ModeAt where its mode is.
	At     Pos
	ModeAt Pos
}

// Placement modes.
const (
	PlacementPosted  = "posted"
	PlacementAuction = "auction"
)

// Bounds on an auction's bidding window: long enough for a site's poll to hear of it and
// answer (a poll is held at most a minute, and is woken when an auction opens), short enough
// that a job does not wait on a market for long.
const (
	MinAuctionWindowSeconds     = 5
	MaxAuctionWindowSeconds     = 600
	DefaultAuctionWindowSeconds = 30
)

// Auction says whether the workflow asks for a sealed-bid auction.
func (p *Placement) Auction() bool { return p != nil && p.Mode == PlacementAuction }

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
	placementFields = []string{"grades", "mode", "window"}
	gradeFields     = []string{"performance", "reliability", "energy"}
)

// placement reads placement: grades, the floor a site must meet.
func (d *decoder) placement(n *yaml.Node) *Placement {
	n = resolve(n)
	f, ok := d.mapping(n, "placement", placementFields...)
	if !ok {
		return nil
	}
	p := &Placement{At: posOf(n), Mode: PlacementPosted}
	if g, ok := f["grades"]; ok {
		p.MinGrades = d.grades(g.value)
	}
	if m, ok := f["mode"]; ok {
		p.ModeAt = posOf(m.value)
		p.Mode = d.oneOf(m.value, "placement mode", []string{PlacementPosted, PlacementAuction}, "")
	}
	w, hasWindow := f["window"]
	switch {
	case hasWindow && p.Mode != PlacementAuction:
		d.fail(w.value, "placement window is the bidding window of an auction: set `mode: auction`, or drop window")
	case hasWindow:
		if v, ok := d.duration(w.value, "placement window"); ok {
			if v.Value < MinAuctionWindowSeconds || v.Value > MaxAuctionWindowSeconds {
				d.fail(w.value, "placement window %ds: between %ds and %dm (the reveals take as long again)", v.Value, MinAuctionWindowSeconds, MaxAuctionWindowSeconds/60)
			} else {
				p.WindowSeconds = v.Value
			}
		}
	case p.Mode == PlacementAuction:
		p.WindowSeconds = DefaultAuctionWindowSeconds
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

// grade reads a grade: one of allowed, best first.
func (d *decoder) grade(n *yaml.Node, what string, allowed []string) string {
	return d.oneOf(n, what, allowed, " (the worst grade accepted, best first)")
}

// oneOf reads one of the words allowed; hint follows the list in the error.
func (d *decoder) oneOf(n *yaml.Node, what string, allowed []string, hint string) string {
	s, ok := d.str(n, what)
	if !ok {
		return ""
	}
	for _, a := range allowed {
		if s == a {
			return s
		}
	}
	d.fail(n, "%s must be one of %v%s, got %q", what, allowed, hint, clip(s))
	return ""
}
