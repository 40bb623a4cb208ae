package chart

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"github.com/petagrid/petagrid/tokenomics"
)

func scenarios(t *testing.T) (Scenario, Scenario) {
	t.Helper()
	sim := tokenomics.DefaultSimulation()
	sim.Years = 3
	with, err := sim.Run()
	if err != nil {
		t.Fatal(err)
	}
	sim.UsagePPM = 0
	without, err := sim.Run()
	if err != nil {
		t.Fatal(err)
	}
	return Scenario{Label: "with replenishment", Rows: with}, Scenario{Label: "without replenishment", Rows: without}
}

func TestFigure1SVG(t *testing.T) {
	with, without := scenarios(t)
	var buf bytes.Buffer
	if err := Figure1(&buf, "svg", with, without); err != nil {
		t.Fatal(err)
	}
	svg := buf.String()
	for _, want := range []string{"<svg", "Cumulative GFL and halvings", "DPS emitted to providers", "with replenishment", "halving (without replenishment)", "years since genesis"} {
		if !strings.Contains(svg, want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
}

func TestFigure1PNG(t *testing.T) {
	with, without := scenarios(t)
	var buf bytes.Buffer
	if err := Figure1(&buf, "png", with, without); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 960 || b.Dy() != 960 {
		t.Errorf("PNG is %v", b)
	}
}

func TestFigure1Refuses(t *testing.T) {
	with, without := scenarios(t)
	if err := Figure1(&bytes.Buffer{}, "pdf", with, without); err == nil {
		t.Error("pdf accepted")
	}
	if err := Figure1(&bytes.Buffer{}, "svg", Scenario{}, without); err == nil {
		t.Error("empty scenario accepted")
	}
}

// TestFigure1TinyGrid: a grid of at most 1 GFL all along still draws (the log axis needs a
// positive, non-degenerate range).
func TestFigure1TinyGrid(t *testing.T) {
	for _, initial := range []string{"0", "0.001"} {
		sim := tokenomics.DefaultSimulation()
		sim.Years = 1
		sim.InitialGFL = tokenomics.MustAmount(initial)
		rows, err := sim.Run()
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := Figure1(&buf, "svg", Scenario{Label: "a", Rows: rows}, Scenario{Label: "b", Rows: rows}); err != nil {
			t.Errorf("initial %s: %v", initial, err)
		}
	}
}
