package dashboard

import (
	"math"
	"sort"
	"strconv"
)

// The chart is drawn server-side as SVG so that the page needs no script and works offline.
// Geometry is in SVG user units; the SVG scales to its container through its viewBox.
const (
	chartWidth        = 880
	chartHeight       = 300
	chartMarginLeft   = 64
	chartMarginRight  = 76
	chartMarginTop    = 24
	chartMarginBottom = 48
	// defaultChartEpochs and maxChartEpochs bound the bars: beyond a few dozen they become slivers.
	defaultChartEpochs = 30
	maxChartEpochs     = 120
	// chartMaxXLabels keeps epoch numbers under the bars from overlapping.
	chartMaxXLabels  = 15
	chartTargetTicks = 5
)

// chartView is the chart with every coordinate and label already computed: the template only
// places them, and html/template escapes the labels.
type chartView struct {
	Width, Height int
	ViewBox       string
	Empty         bool
	// PlotLeft..PlotBottom frame the plot area (axis lines).
	PlotLeft, PlotRight, PlotTop, PlotBottom  string
	Bars                                      []chartBar
	LeftTicks                                 []chartTick // PFLOPS
	RightTicks                                []chartTick // GFL supply
	XLabels                                   []chartLabel
	SupplyPoints                              string // polyline points; empty when no supply is known
	SupplyDots                                []chartDot
	LeftAxisLabel, RightAxisLabel, XAxisLabel chartLabel
	Title                                     string
}

type chartBar struct {
	X, Y, Width, Height string
	Title               string // tooltip: "epoch 12: 1.234 PFLOPS"
}

type chartTick struct {
	Y, LabelX, Label string
}

type chartLabel struct {
	X, Y, Text string
}

type chartDot struct {
	CX, CY, Title string
}

// buildChart draws the latest maxEpochs epochs, oldest on the left: bars for the summed median
// PFLOPS on the left axis and a line for the GFL supply after each close on the right axis.
func buildChart(epochs []Epoch, maxEpochs int) chartView {
	if maxEpochs <= 0 {
		maxEpochs = defaultChartEpochs
	}
	sorted := append([]Epoch(nil), epochs...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Epoch < sorted[j].Epoch })
	if len(sorted) > maxEpochs {
		sorted = sorted[len(sorted)-maxEpochs:]
	}

	plotLeft := float64(chartMarginLeft)
	plotRight := float64(chartWidth - chartMarginRight)
	plotTop := float64(chartMarginTop)
	plotBottom := float64(chartHeight - chartMarginBottom)
	plotHeight := plotBottom - plotTop

	c := chartView{
		Width:      chartWidth,
		Height:     chartHeight,
		ViewBox:    "0 0 " + strconv.Itoa(chartWidth) + " " + strconv.Itoa(chartHeight),
		Empty:      len(sorted) == 0,
		PlotLeft:   coord(plotLeft),
		PlotRight:  coord(plotRight),
		PlotTop:    coord(plotTop),
		PlotBottom: coord(plotBottom),
		Title:      "Summed median PFLOPS per epoch and GFL supply after each close",
		LeftAxisLabel: chartLabel{
			X: coord(16), Y: coord(plotTop + plotHeight/2), Text: "median PFLOPS",
		},
		RightAxisLabel: chartLabel{
			X: coord(chartWidth - 14), Y: coord(plotTop + plotHeight/2), Text: "GFL supply",
		},
		XAxisLabel: chartLabel{
			X: coord(plotLeft + (plotRight-plotLeft)/2), Y: coord(chartHeight - 8), Text: "epoch",
		},
	}

	maxPFLOPS := 0.0
	maxSupply := 0.0
	supplies := make([]float64, len(sorted))
	supplyKnown := make([]bool, len(sorted))
	for i, e := range sorted {
		maxPFLOPS = math.Max(maxPFLOPS, float64(e.MedianMegaFLOPS)/megaFLOPSPerPFLOPS)
		if v, ok := weiToTokens(e.SupplyAfterWei); ok && v >= 0 && !math.IsInf(v, 0) {
			supplies[i], supplyKnown[i] = v, true
			maxSupply = math.Max(maxSupply, v)
		}
	}
	leftStep, leftMax := niceScale(maxPFLOPS)
	// The right axis gets as many intervals as the left one so that its labels sit on the
	// same grid lines.
	intervals := math.Round(leftMax / leftStep)
	rightStep := niceStepAtLeast(maxSupply / intervals)
	rightMax := rightStep * intervals
	c.LeftTicks = ticks(leftStep, leftMax, plotTop, plotBottom, plotLeft-8)
	c.RightTicks = ticks(rightStep, rightMax, plotTop, plotBottom, plotRight+8)

	if len(sorted) == 0 {
		return c
	}
	slot := (plotRight - plotLeft) / float64(len(sorted))
	barWidth := math.Min(slot*0.7, 48)
	labelEvery := (len(sorted) + chartMaxXLabels - 1) / chartMaxXLabels
	var points []byte
	for i, e := range sorted {
		pflops := float64(e.MedianMegaFLOPS) / megaFLOPSPerPFLOPS
		barHeight := pflops / leftMax * plotHeight
		center := plotLeft + slot*(float64(i)+0.5)
		epochText := strconv.FormatUint(e.Epoch, 10)
		c.Bars = append(c.Bars, chartBar{
			X:      coord(center - barWidth/2),
			Y:      coord(plotBottom - barHeight),
			Width:  coord(barWidth),
			Height: coord(barHeight),
			Title:  "epoch " + epochText + ": " + FormatPFLOPS(e.MedianMegaFLOPS) + " PFLOPS",
		})
		// Label from the newest bar backwards so that the latest epoch always has its number.
		if (len(sorted)-1-i)%labelEvery == 0 {
			c.XLabels = append(c.XLabels, chartLabel{X: coord(center), Y: coord(plotBottom + 18), Text: epochText})
		}
		if supplyKnown[i] {
			y := plotBottom - supplies[i]/rightMax*plotHeight
			if len(points) > 0 {
				points = append(points, ' ')
			}
			points = append(points, coord(center)+","+coord(y)...)
			c.SupplyDots = append(c.SupplyDots, chartDot{
				CX: coord(center), CY: coord(y),
				Title: "epoch " + epochText + ": " + FormatTokenWei(e.SupplyAfterWei) + " GFL",
			})
		}
	}
	c.SupplyPoints = string(points)
	return c
}

// niceScale picks a round tick step (1, 2 or 5 × 10^k) and an axis maximum that is a multiple
// of it, so that about chartTargetTicks ticks cover maxValue. A zero or unusable maximum gives
// the 0..1 axis that an empty chart shows.
func niceScale(maxValue float64) (step, axisMax float64) {
	if !(maxValue > 0) || math.IsInf(maxValue, 0) {
		return 0.2, 1
	}
	rough := maxValue / chartTargetTicks
	magnitude := math.Pow(10, math.Floor(math.Log10(rough)))
	step = 10 * magnitude
	for _, m := range []float64{1, 2, 5} {
		if m*magnitude >= rough {
			step = m * magnitude
			break
		}
	}
	axisMax = math.Ceil(maxValue/step) * step
	return step, axisMax
}

// niceStepAtLeast is the smallest 1, 2, 2.5 or 5 × 10^k that is at least minStep (0.2 for an
// unusable minStep, matching niceScale's empty axis).
func niceStepAtLeast(minStep float64) float64 {
	if !(minStep > 0) || math.IsInf(minStep, 0) {
		return 0.2
	}
	magnitude := math.Pow(10, math.Floor(math.Log10(minStep)))
	for _, m := range []float64{1, 2, 2.5, 5} {
		if m*magnitude >= minStep*(1-1e-12) {
			return m * magnitude
		}
	}
	return 10 * magnitude
}

// ticks places labelled horizontal ticks from 0 to axisMax.
func ticks(step, axisMax, plotTop, plotBottom, labelX float64) []chartTick {
	// As many decimals as the step needs: 0.25 needs two, 2.5 one, 500 none.
	decimals := 0
	for decimals < 12 && math.Abs(step*math.Pow(10, float64(decimals))-math.Round(step*math.Pow(10, float64(decimals)))) > 1e-9 {
		decimals++
	}
	n := int(math.Round(axisMax / step))
	out := make([]chartTick, 0, n+1)
	for i := 0; i <= n; i++ {
		v := float64(i) * step
		y := plotBottom - v/axisMax*(plotBottom-plotTop)
		out = append(out, chartTick{Y: coord(y), LabelX: coord(labelX), Label: tickLabel(v, decimals)})
	}
	return out
}

// tickLabel writes a tick value compactly: thousands grouped, k/M/G suffixes for large supplies.
func tickLabel(v float64, decimals int) string {
	if v == 0 {
		return "0"
	}
	suffixes := []struct {
		factor float64
		suffix string
	}{{1e12, "T"}, {1e9, "G"}, {1e6, "M"}}
	for _, s := range suffixes {
		if v >= s.factor {
			// Rounding first keeps float noise ("1.2000000000000002") off the axis.
			return strconv.FormatFloat(math.Round(v/s.factor*1000)/1000, 'f', -1, 64) + s.suffix
		}
	}
	text := strconv.FormatFloat(v, 'f', decimals, 64)
	if decimals == 0 {
		return groupThousands(text)
	}
	return text
}

// coord writes an SVG coordinate with one decimal, which is finer than a pixel.
func coord(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		v = 0
	}
	return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64)
}
