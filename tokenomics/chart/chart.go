// Package chart draws whitepaper Figure 1 from tokenomics simulations with gonum/plot:
// cumulative GFL with and without DPS pool replenishment, the halving points of each, and
// the DPS emitted. It is apart from tokenomics so that the economics stay free of I/O.
package chart

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"strings"

	"github.com/petagrid/petagrid/tokenomics"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Scenario is one simulation to draw.
type Scenario struct {
	Label string
	Rows  []tokenomics.SimulationRow
}

var (
	colourWith    = color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}
	colourWithout = color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff}
)

// Figure1 writes the figure as "svg" or "png" to w.
func Figure1(w io.Writer, format string, with, without Scenario) error {
	format = strings.ToLower(format)
	if format != "svg" && format != "png" {
		return fmt.Errorf("chart format %q: use svg or png", format)
	}
	if len(with.Rows) == 0 || len(without.Rows) == 0 {
		return fmt.Errorf("chart: a scenario has no periods")
	}
	gflPlot := plot.New()
	gflPlot.Title.Text = "Cumulative GFL and halvings"
	gflPlot.X.Label.Text = "years since genesis"
	gflPlot.Y.Label.Text = "cumulative GFL (Σ supply per period)"
	// Cumulative GFL grows exponentially with a growing grid: a log scale keeps the first
	// years, where the halvings are decided, readable.
	gflPlot.Y.Scale = plot.LogScale{}
	gflPlot.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	gflPlot.Legend.Top = true
	gflPlot.Legend.Left = true
	dpsPlot := plot.New()
	dpsPlot.Title.Text = "DPS emitted to providers"
	dpsPlot.X.Label.Text = "years since genesis"
	dpsPlot.Y.Label.Text = "cumulative DPS"
	dpsPlot.Legend.Top = true
	dpsPlot.Legend.Left = true
	for _, sc := range []struct {
		s      Scenario
		colour color.Color
		dashed bool
	}{{with, colourWith, false}, {without, colourWithout, true}} {
		cum := make(plotter.XYs, len(sc.s.Rows))
		dps := make(plotter.XYs, len(sc.s.Rows))
		var halvings plotter.XYs
		for i, r := range sc.s.Rows {
			// A log axis cannot show 0: a cumulative count of 0 GFL is drawn at 1.
			cum[i] = plotter.XY{X: r.Years, Y: math.Max(1, tokenomics.AmountFloat(r.CumulativeGFL))}
			dps[i] = plotter.XY{X: r.Years, Y: tokenomics.AmountFloat(r.EmittedDPS)}
			if r.Halving != "" {
				halvings = append(halvings, cum[i])
			}
		}
		line, err := styledLine(cum, sc.colour, sc.dashed)
		if err != nil {
			return err
		}
		gflPlot.Add(line)
		gflPlot.Legend.Add(sc.s.Label, line)
		if len(halvings) > 0 {
			marks, err := plotter.NewScatter(halvings)
			if err != nil {
				return fmt.Errorf("chart: %w", err)
			}
			marks.Color = sc.colour
			marks.Shape = draw.CircleGlyph{}
			marks.Radius = vg.Points(3.5)
			gflPlot.Add(marks)
			gflPlot.Legend.Add("halving ("+sc.s.Label+")", marks)
		}
		dline, err := styledLine(dps, sc.colour, sc.dashed)
		if err != nil {
			return err
		}
		dpsPlot.Add(dline)
		dpsPlot.Legend.Add(sc.s.Label, dline)
	}
	gflPlot.Add(plotter.NewGrid())
	dpsPlot.Add(plotter.NewGrid())
	// A log axis needs a positive range that is not a single point: a grid of at most 1 GFL
	// all along would otherwise get gonum's default [0, 2] and no log scale can draw 0.
	gflPlot.Y.Min = math.Max(1, gflPlot.Y.Min)
	gflPlot.Y.Max = math.Max(gflPlot.Y.Max, gflPlot.Y.Min*10)

	width, height := vg.Points(720), vg.Points(720)
	var canvas vg.CanvasWriterTo
	if format == "svg" {
		canvas = vgsvg.New(width, height)
	} else {
		canvas = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(width, height), vgimg.UseDPI(96))}
	}
	dc := draw.New(canvas)
	tiles := draw.Tiles{Rows: 2, Cols: 1, PadX: vg.Millimeter * 4, PadY: vg.Millimeter * 6, PadTop: vg.Millimeter * 4, PadBottom: vg.Millimeter * 4, PadLeft: vg.Millimeter * 4, PadRight: vg.Millimeter * 6}
	plots := [][]*plot.Plot{{gflPlot}, {dpsPlot}}
	canvases := plot.Align(plots, tiles, dc)
	gflPlot.Draw(canvases[0][0])
	dpsPlot.Draw(canvases[1][0])
	if _, err := canvas.WriteTo(w); err != nil {
		return fmt.Errorf("chart: writing %s: %w", format, err)
	}
	return nil
}

// styledLine is one scenario's line: solid with replenishment, dashed without, in both panels.
func styledLine(xys plotter.XYs, colour color.Color, dashed bool) (*plotter.Line, error) {
	line, err := plotter.NewLine(xys)
	if err != nil {
		return nil, fmt.Errorf("chart: %w", err)
	}
	line.Color = colour
	line.Width = vg.Points(1.5)
	if dashed {
		line.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
	}
	return line, nil
}
