package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/petagrid/petagrid/internal/atomicfile"
	"github.com/petagrid/petagrid/internal/catalogfile"
	"github.com/petagrid/petagrid/internal/strictyaml"
	"github.com/petagrid/petagrid/tokenomics"
	"github.com/petagrid/petagrid/tokenomics/chart"
)

func catalogFlag() cli.Flag {
	return &cli.StringFlag{Name: "catalog", Usage: "hardware catalog YAML (default: the catalog built into this binary)"}
}

func outputFlag() cli.Flag {
	return &cli.StringFlag{Name: "output", Aliases: []string{"o"}, Value: "table", Usage: "table or json"}
}

// loadCatalog reads --catalog, or the config's pocp.catalog, or the embedded catalog.
func (e *env) loadCatalog(c *cli.Context) (*tokenomics.Catalog, error) {
	path := c.String("catalog")
	if path == "" {
		path = e.config.PoCP.Catalog
	}
	cat, err := catalogfile.Load(path)
	if errors.As(err, new(*fs.PathError)) {
		return nil, fmt.Errorf("hardware catalog: %w", err)
	}
	return cat, err
}

// indexCommand shows the computational power index (whitepaper §6).
func indexCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "index",
		Usage: "the computational power index: hardware catalog, workload factors, corrected FLOPS, grades",
		Subcommands: []*cli.Command{
			{
				Name:   "show",
				Usage:  "every catalog device with its factors, W_i and corrected FLOPS per workload",
				Flags:  []cli.Flag{catalogFlag(), outputFlag()},
				Action: e.indexShow,
			},
			{
				Name:  "score",
				Usage: "the index, Compute Hours, grades and payment of a node or a set of devices",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "gpu", Usage: "GPU model (catalog id or alias, e.g. H100-SXM)"},
					&cli.IntFlag{Name: "count", Value: 1, Usage: "number of GPUs"},
					&cli.StringFlag{Name: "cpu", Usage: "CPU model (catalog id or alias, e.g. EPYC-7763)"},
					&cli.IntFlag{Name: "cores", Usage: "CPU cores (default: one socket)"},
					&cli.StringFlag{Name: "interconnect", Value: "none", Usage: "RDMA interconnect (none, roce-100, ib-hdr, ib-ndr, …)"},
					&cli.IntFlag{Name: "adapters", Value: 1, Usage: "RDMA adapters in the node, shared by its GPUs"},
					&cli.StringFlag{Name: "measured", Usage: "YAML file of audit results for the GPU model (overrides catalog figures)"},
					&cli.Float64Flag{Name: "hours", Value: 1, Usage: "operational hours for Compute Hours and payment"},
					&cli.StringFlag{Name: "cost", Usage: "C of equation (3): DPS per PFLOPS per hour, to compute the payment"},
					catalogFlag(), outputFlag(),
				},
				Action: e.indexScore,
			},
		},
	}
}

func (e *env) indexShow(c *cli.Context) error {
	out, err := newPrinter(e.stdout, c.String("output"))
	if err != nil {
		return err
	}
	cat, err := e.loadCatalog(c)
	if err != nil {
		return err
	}
	rows, err := cat.Table()
	if err != nil {
		return err
	}
	ref := cat.ReferenceScore()
	if out.json {
		type jsonRow struct {
			Device  *tokenomics.Device `json:"device"`
			Factors map[string]float64 `json:"factors"`
			Score   tokenomics.Score   `json:"score"`
			Grades  tokenomics.Grades  `json:"grades"`
			W       map[string]float64 `json:"adjustments"`
		}
		list := make([]jsonRow, 0, len(rows))
		for _, r := range rows {
			jr := jsonRow{Device: r.Device, Score: r.Score, Grades: cat.DeviceGrades(r.Score), Factors: map[string]float64{}, W: map[string]float64{}}
			for _, k := range tokenomics.FactorNames() {
				jr.Factors[k] = r.Score.FactorFloat(k)
			}
			for _, w := range r.Score.Workloads {
				f, _ := w.Adjustment.Float64()
				jr.W[w.Workload] = f
			}
			list = append(list, jr)
		}
		return out.encode(map[string]any{"catalog": cat.Version, "sha256": cat.SHA256Hex(), "reference": cat.Reference, "devices": list})
	}
	fmt.Fprintf(e.stdout, "hardware catalog %s (sha256 %s…), reference system: 1 × %s = %s TFLOPS index\n",
		cat.Version, cat.SHA256Hex()[:12], cat.Reference, tokenomics.FormatTFLOPS(ref.PerDeviceMegaFLOPS))
	fmt.Fprintf(e.stdout, "FLOPS_avg per workload (TFLOPS, catalog GPUs):")
	for _, w := range cat.WorkloadIDs() {
		fmt.Fprintf(e.stdout, " %s %s", w, cat.FLOPSAvg(w).FloatString(1))
	}
	fmt.Fprintf(e.stdout, "\nmix:")
	for _, kv := range cat.MixShares() {
		fmt.Fprintf(e.stdout, " %s %s", kv[0], kv[1])
	}
	fmt.Fprintln(e.stdout)
	fmt.Fprintln(e.stdout)
	header := []string{"DEVICE", "KIND"}
	for _, k := range tokenomics.FactorNames() {
		if k != tokenomics.FactorRDMA {
			header = append(header, "P_"+k)
		}
	}
	for _, w := range cat.WorkloadIDs() {
		header = append(header, "W_"+w, "TF_"+w)
	}
	header = append(header, "INDEX_TF", "GRADE")
	table := make([][]string, 0, len(rows))
	for _, r := range rows {
		row := []string{r.Device.ID, r.Device.Kind}
		for _, k := range tokenomics.FactorNames() {
			if k != tokenomics.FactorRDMA {
				row = append(row, fmt.Sprintf("%.3f", r.Score.FactorFloat(k)))
			}
		}
		for _, w := range r.Score.Workloads {
			f, _ := w.Adjustment.Float64()
			row = append(row, fmt.Sprintf("%.3f", f), tokenomics.FormatTFLOPS(w.CorrectedMegaFLOPS))
		}
		g := cat.DeviceGrades(r.Score)
		row = append(row, tokenomics.FormatTFLOPS(r.Score.PerDeviceMegaFLOPS), g.Performance+g.Energy)
		table = append(table, row)
	}
	return out.table(header, table)
}

// readMeasured reads --measured, the audit results for the GPU model; nil without the flag.
func readMeasured(path string) (*tokenomics.Measured, error) {
	if path == "" {
		return nil, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("--measured: %w", err)
	}
	var ms tokenomics.Measured
	if err := strictyaml.Unmarshal(path, data, &ms); err != nil {
		return nil, err
	}
	return &ms, nil
}

func (e *env) indexScore(c *cli.Context) error {
	out, err := newPrinter(e.stdout, c.String("output"))
	if err != nil {
		return err
	}
	if c.String("gpu") == "" && c.String("cpu") == "" {
		return usagef("give --gpu MODEL [--count N] and/or --cpu MODEL [--cores N]")
	}
	if c.Int("count") < 1 || c.Int("count") > 1024 {
		return usagef("--count must be in 1..1024")
	}
	if c.Int("adapters") < 0 || c.Int("adapters") > 64 {
		return usagef("--adapters must be in 0..64")
	}
	if c.Int("cores") < 0 || c.Int("cores") > 1_000_000 {
		return usagef("--cores must be in 0..1000000")
	}
	hours := c.Float64("hours")
	if !(hours > 0 && hours <= 1e6) {
		return usagef("--hours must be in (0, 1000000]")
	}
	var cost *big.Int
	if s := c.String("cost"); s != "" {
		if cost, err = tokenomics.ParseAmount(s); err != nil {
			return usagef("--cost: %v", err)
		}
	}
	cat, err := e.loadCatalog(c)
	if err != nil {
		return err
	}
	specs, err := nodeSpecs(c, cat)
	if err != nil {
		return err
	}
	node, err := cat.ScoreNode(specs...)
	if errors.Is(err, tokenomics.ErrNodeIndexOverflow) {
		return usageError{err}
	}
	if err != nil {
		return err
	}
	var parts []scoredPart
	for _, s := range node.Parts {
		parts = append(parts, scoredPart{Score: s, Grades: cat.DeviceGrades(s)})
	}
	total, ref := node.TotalMegaFLOPS, cat.ReferenceScore()
	seconds := tokenomics.HoursToSeconds(hours)
	chMilli, err := node.ComputeHoursMilli(seconds)
	if err != nil {
		return err
	}
	var payment *big.Int
	if cost != nil {
		payment = node.Payment(cost, seconds)
	}
	if out.json {
		res := map[string]any{
			"catalog": cat.Version, "catalogSha256": cat.SHA256Hex(), "parts": parts,
			"totalMegaFlops": total, "gfl": tokenomics.FormatAmount(tokenomics.GFLFromMegaFLOPS(total)),
			"referenceMegaFlops": ref.PerDeviceMegaFLOPS, "hours": hours, "computeHours": float64(chMilli) / 1000,
		}
		if payment != nil {
			res["paymentDps"] = tokenomics.FormatAmount(payment)
		}
		return out.encode(res)
	}
	for _, p := range parts {
		if err := printScoredPart(out, cat, p); err != nil {
			return err
		}
	}
	fmt.Fprintf(e.stdout, "total: %s TFLOPS = %s GFL; %s Compute Hours in %g h (reference 1 × %s = %s TFLOPS)\n",
		tokenomics.FormatTFLOPS(total), tokenomics.FormatAmount(tokenomics.GFLFromMegaFLOPS(total)), strconv.FormatFloat(float64(chMilli)/1000, 'f', 3, 64), hours, cat.Reference, tokenomics.FormatTFLOPS(ref.PerDeviceMegaFLOPS))
	if payment != nil {
		fmt.Fprintf(e.stdout, "payment at %s DPS per PFLOPS-hour for %g h: %s DPS\n", c.String("cost"), hours, tokenomics.FormatAmount(payment))
	}
	return nil
}

// nodeSpecs are the parts of the node that index score was given: --gpu and --cpu.
func nodeSpecs(c *cli.Context, cat *tokenomics.Catalog) ([]tokenomics.DeviceSpec, error) {
	var specs []tokenomics.DeviceSpec
	if m := c.String("gpu"); m != "" {
		spec, err := cat.GPUSpec(m, int64(c.Int("count")), c.String("interconnect"), int64(c.Int("adapters")))
		if err != nil {
			return nil, usageError{err}
		}
		if spec.Measured, err = readMeasured(c.String("measured")); err != nil {
			return nil, err
		}
		specs = append(specs, spec)
	}
	if m := c.String("cpu"); m != "" {
		d, err := cat.Device(m)
		if err != nil {
			return nil, usageError{err}
		}
		cores := int64(c.Int("cores"))
		if cores == 0 {
			cores = int64(d.Cores)
		}
		spec, err := cat.CPUSpec(m, cores)
		if err != nil {
			return nil, usageError{err}
		}
		specs = append(specs, spec)
	}
	return specs, nil
}

// scoredPart is one part of the node in index score's output.
type scoredPart struct {
	Score  tokenomics.Score  `json:"score"`
	Grades tokenomics.Grades `json:"grades"`
}

// printScoredPart writes one part of index score's table output: its grades, factors and
// workloads.
func printScoredPart(out *printer, cat *tokenomics.Catalog, p scoredPart) error {
	s := p.Score
	fmt.Fprintf(out.w, "%s × %s (%s)  grades %s\n", s.Count.FloatString(3), s.Model, s.Kind, p.Grades.Performance+p.Grades.Energy)
	var fs []string
	for _, k := range tokenomics.FactorNames() {
		fs = append(fs, fmt.Sprintf("%s %.3f", k, s.FactorFloat(k)))
	}
	fmt.Fprintf(out.w, "  factors: %s\n", strings.Join(fs, ", "))
	rows := make([][]string, 0, len(s.Workloads))
	for _, w := range s.Workloads {
		wf, _ := w.Adjustment.Float64()
		share := "-"
		if m, ok := cat.Mix[w.Workload]; ok {
			share = m.String()
		}
		rows = append(rows, []string{"  " + w.Workload, fmt.Sprintf("%.4f", wf), tokenomics.FormatTFLOPS(w.CorrectedMegaFLOPS), share})
	}
	if err := out.table([]string{"  WORKLOAD", "W_i", "CORRECTED_TFLOPS_PER_DEVICE", "MIX"}, rows); err != nil {
		return err
	}
	fmt.Fprintf(out.w, "  index: %s TFLOPS per device, %s TFLOPS in all\n", tokenomics.FormatTFLOPS(s.PerDeviceMegaFLOPS), tokenomics.FormatTFLOPS(s.TotalMegaFLOPS))
	return nil
}

// tokenomicsCommand runs the economy forward.
func tokenomicsCommand(e *env) *cli.Command {
	def := tokenomics.DefaultSimulation()
	return &cli.Command{
		Name:  "tokenomics",
		Usage: "the GFL/DPS economy: simulate rebalancing, rewards, halvings and pool replenishment",
		Subcommands: []*cli.Command{{
			Name:  "simulate",
			Usage: "run period after period and draw whitepaper Figure 1 (cumulative GFL with and without replenishment, halvings, DPS emitted)",
			Flags: []cli.Flag{
				&cli.IntFlag{Name: "years", Value: def.Years},
				&cli.StringFlag{Name: "initial", Value: "100", Usage: "computing power at genesis, in PFLOPS (= GFL)"},
				&cli.Float64Flag{Name: "growth", Value: 1.0, Usage: "yearly growth of computing power (1.0 = doubles each year)"},
				&cli.Float64Flag{Name: "usage", Value: 0.3, Usage: "share of capacity researchers buy each period (spent DPS replenishes the pool)"},
				&cli.StringFlag{Name: "price", Value: "0.01", Usage: "DPS per GFL per period paid by researchers (default R: 1 DPS per 100 GFL)"},
				&cli.StringFlag{Name: "threshold", Value: "2500", Usage: "cumulative GFL per era that triggers a halving before the year is out"},
				&cli.StringFlag{Name: "pool", Value: "1000", Usage: "initial DPS reward pool"},
				&cli.IntFlag{Name: "providers", Value: def.Providers},
				&cli.StringFlag{Name: "genesis", Value: def.Genesis.Format(time.RFC3339), Usage: "UTC start of period 0"},
				&cli.StringFlag{Name: "svg", Usage: "write the figure to this SVG file"},
				&cli.StringFlag{Name: "png", Usage: "write the figure to this PNG file"},
				&cli.BoolFlag{Name: "every-period", Usage: "print every period, not one row per quarter"},
				outputFlag(),
			},
			Action: e.tokenomicsSimulate,
		}},
	}
}

func (e *env) tokenomicsSimulate(c *cli.Context) error {
	out, err := newPrinter(e.stdout, c.String("output"))
	if err != nil {
		return err
	}
	sim := tokenomics.DefaultSimulation()
	sim.Years = c.Int("years")
	sim.Providers = c.Int("providers")
	for flag, dst := range map[string]**big.Int{"initial": &sim.InitialGFL, "price": &sim.PriceDPSPerGFLPeriod, "threshold": &sim.Params.EraThresholdGFL, "pool": &sim.PoolDPS} {
		v, err := tokenomics.ParseAmount(c.String(flag))
		if err != nil {
			return usagef("--%s: %v", flag, err)
		}
		*dst = v
	}
	growth, usage := c.Float64("growth"), c.Float64("usage")
	if !(growth >= 0 && growth <= 100) {
		return usagef("--growth must be in [0, 100]")
	}
	if !(usage >= 0 && usage <= 1) {
		return usagef("--usage must be in [0, 1]")
	}
	sim.GrowthPerYearPPM = uint64(growth*1e6 + 0.5)
	sim.UsagePPM = uint64(usage*1e6 + 0.5)
	if sim.Genesis, err = time.Parse(time.RFC3339, c.String("genesis")); err != nil {
		return usagef("--genesis: %v", err)
	}
	if err := sim.Validate(); err != nil {
		return usageError{err}
	}
	with, err := sim.Run()
	if err != nil {
		return err
	}
	none := sim
	none.UsagePPM = 0
	without, err := none.Run()
	if err != nil {
		return err
	}
	for _, f := range []struct{ flag, format string }{{"svg", "svg"}, {"png", "png"}} {
		path := c.String(f.flag)
		if path == "" {
			continue
		}
		var buf bytes.Buffer
		if err := chart.Figure1(&buf, f.format,
			chart.Scenario{Label: fmt.Sprintf("with replenishment (usage %.0f %%)", usage*100), Rows: with},
			chart.Scenario{Label: "without replenishment", Rows: without}); err != nil {
			return err
		}
		if err := writeFileAtomic(path, buf.Bytes()); err != nil {
			return fmt.Errorf("--%s: %w", f.flag, err)
		}
		e.log.WithField("file", path).Info("figure written")
	}
	if out.json {
		return out.encode(map[string]any{"params": sim.Params, "withReplenishment": with, "withoutReplenishment": without})
	}
	amount := tokenomics.FormatAmountFixed
	table := make([][]string, 0, len(with))
	for i, r := range with {
		w := without[i]
		quarterEnd := i == len(with)-1 || int(with[i+1].Years*4) != int(r.Years*4)
		if !c.Bool("every-period") && !quarterEnd && r.Halving == "" {
			continue
		}
		halving := r.Halving
		if halving == "" {
			halving = "-"
		}
		table = append(table, []string{
			strconv.FormatUint(r.Period, 10), r.CloseTime.Format("2006-01-02"), fmt.Sprintf("%.2f", r.Years),
			amount(r.SupplyGFL, 2), amount(r.CumulativeGFL, 1), amount(w.CumulativeGFL, 1),
			amount(r.RewardsDPS, 4), amount(r.EmittedDPS, 3), amount(w.EmittedDPS, 3), amount(r.SpentDPS, 3), amount(r.PoolDPS, 2),
			strconv.FormatUint(r.RewardEra, 10), strconv.FormatUint(r.Era, 10), halving, strconv.FormatUint(w.Era, 10),
		})
	}
	return out.table([]string{"PERIOD", "CLOSE", "YEARS", "GFL", "CUM_GFL", "CUM_GFL_NO_REPL", "REWARD_DPS", "EMITTED_DPS", "EMITTED_NO_REPL", "SPENT_DPS", "POOL_DPS", "ERA_PAID", "ERA", "HALVING", "ERA_NO_REPL"}, table)
}

// writeFileAtomic writes through a temporary file in the same folder, so a reader never sees
// half a figure or report.
func writeFileAtomic(path string, data []byte) error { return atomicfile.Write(path, data, 0o644) }
