package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/urfave/cli/v2"
	"golang.org/x/term"

	"github.com/petagrid/petagrid/accounting"
	"github.com/petagrid/petagrid/accounting/store"
)

// accountingCommand reads Slurm accounting into the store and queries it.
func accountingCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "accounting",
		Usage: "harvest Slurm accounting into the accounting store and query jobs, usage, GPUs and node availability",
		Subcommands: []*cli.Command{
			{
				Name:  "harvest",
				Usage: "read slurmdbd's records (sacct) into the store, in bounded windows, until caught up",
				Flags: append([]cli.Flag{
					&cli.StringFlag{Name: "since", Usage: "read history back to this time: a duration before now (720h) or an RFC 3339 time (default: continue from the store, or accounting.harvest.initialBackfill)"},
					storeFlags()[0],
				}, slurmFlags()...),
				Action: e.accountingHarvest,
			},
			{
				Name:  "jobs",
				Usage: "list harvested job runs",
				Flags: append([]cli.Flag{
					&cli.StringFlag{Name: "user", Aliases: []string{"u"}},
					&cli.StringFlag{Name: "account", Aliases: []string{"A"}},
					&cli.StringFlag{Name: "partition", Aliases: []string{"p"}},
					&cli.StringFlag{Name: "state", Usage: "only runs in this state (COMPLETED, FAILED, REQUEUED, …)"},
					&cli.StringFlag{Name: "since", Value: "24h", Usage: "runs that held resources after this: a duration before now or an RFC 3339 time"},
					&cli.StringFlag{Name: "until", Value: "now", Usage: "runs that started before this"},
					&cli.IntFlag{Name: "limit", Value: 100, Usage: "newest N runs (0: all)"},
				}, storeFlags()...),
				Action: e.accountingJobs,
			},
			{
				Name:  "usage",
				Usage: "usage per user, account or partition and UTC period (allocated CPU and GPU time, CPU time used, GPU energy)",
				Flags: append([]cli.Flag{
					&cli.StringFlag{Name: "by", Value: "user", Usage: "user, account or partition"},
					&cli.StringFlag{Name: "period", Value: "day", Usage: "day, week, month or total"},
					&cli.StringFlag{Name: "since", Value: "168h", Usage: "a duration before now or an RFC 3339 time"},
					&cli.StringFlag{Name: "until", Value: "now"},
				}, storeFlags()...),
				Action: e.accountingUsage,
			},
			{
				Name:  "gpus",
				Usage: "list the GPUs sampled through NVML with their latest reading and their energy over a window",
				Flags: append([]cli.Flag{
					&cli.StringFlag{Name: "since", Value: "24h", Usage: "energy window start"},
				}, storeFlags()...),
				Action: e.accountingGPUs,
			},
			{
				Name:  "nodes",
				Usage: "node availability per node over a window: slots observed, available, allocated",
				Flags: append([]cli.Flag{
					&cli.StringFlag{Name: "since", Value: "24h"},
					&cli.StringFlag{Name: "until", Value: "now"},
					&cli.StringFlag{Name: "cluster", Usage: "cluster name (default: the only one harvested)"},
				}, storeFlags()...),
				Action: e.accountingNodes,
			},
		},
	}
}

func storeFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "store", Usage: "accounting store (default: the config file's accounting.store, then " + accounting.DefaultStore + ")", EnvVars: []string{"PETAGRID_ACCOUNTING_STORE"}},
		&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Value: "table", Usage: "table or json"},
	}
}

func (e *env) accountingConfig(c *cli.Context) (accounting.Config, error) {
	cfg := e.config.Accounting
	if v := c.String("store"); v != "" {
		abs, err := filepath.Abs(v)
		if err != nil {
			return cfg, fmt.Errorf("--store %q: %w", v, err)
		}
		cfg.Store = abs
	}
	cfg = cfg.WithDefaults()
	if err := cfg.Validate(); err != nil {
		return cfg, fmt.Errorf("accounting configuration:\n%w", err)
	}
	return cfg, nil
}

// openStoreForReading refuses to create a store that is not there: a mistyped path must not
// answer "no jobs".
func (e *env) openStoreForReading(c *cli.Context) (*store.Store, *printer, error) {
	if c.NArg() > 0 {
		return nil, nil, usagef("%s takes no arguments", c.Command.Name)
	}
	out, err := newPrinter(e.stdout, c.String("output"))
	if err != nil {
		return nil, nil, err
	}
	cfg, err := e.accountingConfig(c)
	if err != nil {
		return nil, nil, err
	}
	if _, err := os.Stat(cfg.Store); errors.Is(err, fs.ErrNotExist) {
		return nil, nil, fmt.Errorf("no accounting store at %s: run `petagrid accounting harvest` or the site daemon first, or pass --store", cfg.Store)
	}
	st, err := store.Open(c.Context, cfg.Store)
	return st, out, err
}

func (e *env) accountingHarvest(c *cli.Context) error {
	if c.NArg() > 0 {
		return usagef("accounting harvest takes no arguments")
	}
	var since time.Time
	if v := c.String("since"); v != "" {
		t, err := parseWhen(v, time.Now().UTC())
		if err != nil {
			return usagef("--since: %v", err)
		}
		since = t
	}
	b, out, err := e.bridge(c)
	if err != nil {
		return err
	}
	cfg, err := e.accountingConfig(c)
	if err != nil {
		return err
	}
	cluster := cfg.Cluster
	if cluster == "" {
		if cluster, err = b.ClusterName(c.Context); err != nil {
			return err
		}
	}
	st, err := store.Open(c.Context, cfg.Store)
	if err != nil {
		return err
	}
	defer st.Close()
	h, err := accounting.NewHarvester(b, st, cluster, cfg.Harvest, version, e.log, nil)
	if err != nil {
		return err
	}
	progress := e.harvestProgress()
	started := time.Now()
	records, err := h.Backfill(c.Context, since, progress.report)
	progress.finish()
	if err != nil {
		return err
	}
	cov, _, err := st.Coverage(c.Context, cluster)
	if err != nil {
		return err
	}
	result := map[string]any{"cluster": cluster, "records": records, "coveredFrom": cov.From, "coveredUntil": cov.Until, "seconds": time.Since(started).Seconds()}
	return out.message(result, "Harvested %d records of cluster %s in %s; the store covers %s to %s without gap.",
		records, cluster, time.Since(started).Round(time.Millisecond), cov.From.Format(time.RFC3339), cov.Until.Format(time.RFC3339))
}

// harvestProgress shows a progress bar on a terminal and log lines elsewhere.
type harvestProgressView struct {
	e   *env
	bar *progressbar.ProgressBar
}

func (e *env) harvestProgress() *harvestProgressView {
	v := &harvestProgressView{e: e}
	if f, ok := e.stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		v.bar = progressbar.NewOptions(-1, progressbar.OptionSetWriter(e.stderr), progressbar.OptionSetDescription("harvesting"),
			progressbar.OptionShowCount(), progressbar.OptionThrottle(100*time.Millisecond), progressbar.OptionClearOnFinish())
	}
	return v
}

func (v *harvestProgressView) report(p accounting.Progress) {
	if v.bar == nil {
		v.e.log.WithField("coveredUntil", p.CoveredUntil.Format(time.RFC3339)).WithField("records", p.Records).
			WithField("windowsLeft", p.Remaining).Info("backfill progress")
		return
	}
	done := v.bar.State().CurrentNum + 1
	v.bar.ChangeMax(int(done) + p.Remaining + 1)
	v.bar.Describe(fmt.Sprintf("harvesting up to %s, %d records", p.CoveredUntil.Format("2006-01-02 15:04"), p.Records))
	_ = v.bar.Set(int(done))
}

func (v *harvestProgressView) finish() {
	if v.bar != nil {
		_ = v.bar.Finish()
	}
}

func (e *env) accountingJobs(c *cli.Context) error {
	since, until, err := windowFlags(c)
	if err != nil {
		return err
	}
	if c.Int("limit") < 0 {
		return usagef("--limit must not be negative")
	}
	st, out, err := e.openStoreForReading(c)
	if err != nil {
		return err
	}
	defer st.Close()
	jobs, err := st.Jobs(c.Context, store.JobFilter{User: c.String("user"), Account: c.String("account"), Partition: c.String("partition"),
		State: c.String("state"), Since: since, Until: until, Limit: c.Int("limit")})
	if err != nil {
		return err
	}
	keys := make([]store.JobKey, len(jobs))
	for i, j := range jobs {
		keys[i] = j.Key
	}
	energy := map[store.JobKey]int64{}
	for start := 0; start < len(keys); start += 300 {
		usage, err := st.JobGPUUsage(c.Context, keys[start:min(start+300, len(keys))])
		if err != nil {
			return err
		}
		for _, u := range usage {
			energy[u.Job] += u.EnergyMillijoules
		}
	}
	if out.json {
		type jobWithGPU struct {
			store.Job
			GPUEnergyMillijoules int64 `json:"gpuEnergyMillijoules"`
		}
		list := make([]jobWithGPU, len(jobs))
		for i, j := range jobs {
			list[i] = jobWithGPU{Job: j, GPUEnergyMillijoules: energy[j.Key]}
		}
		return out.encode(list)
	}
	rows := make([][]string, 0, len(jobs))
	for _, j := range jobs {
		rows = append(rows, []string{
			j.Key.Cluster, jobLabel(j), j.Key.SubmitTime.Format(time.RFC3339), j.User, j.Account, j.Partition, j.Name, j.State,
			strconv.FormatInt(j.Elapsed, 10), strconv.FormatInt(j.AllocCPUs, 10), strconv.FormatInt(j.AllocGPUs, 10),
			strconv.FormatInt(j.CPUSecondsAllocated, 10), fmt.Sprintf("%.3f", float64(j.CPUMicrosecondsUsed)/1e6),
			fmt.Sprintf("%.1f", float64(energy[j.Key])/1000),
		})
	}
	return out.table([]string{"CLUSTER", "JOB", "SUBMITTED", "USER", "ACCOUNT", "PARTITION", "NAME", "STATE", "ELAPSED_S", "CPUS", "GPUS", "CPU_S_ALLOC", "CPU_S_USED", "GPU_ENERGY_J"}, rows)
}

// jobLabel prints a run as people know it (array and heterogeneous ids), with the raw id.
func jobLabel(j store.Job) string {
	id := strconv.FormatUint(uint64(j.Key.JobID), 10)
	switch {
	case j.ArrayJobID != nil && j.ArrayTaskID != nil:
		return fmt.Sprintf("%d_%d (%s)", *j.ArrayJobID, *j.ArrayTaskID, id)
	case j.HetJobID != nil && j.HetOffset != nil:
		return fmt.Sprintf("%d+%d (%s)", *j.HetJobID, *j.HetOffset, id)
	}
	return id
}

func (e *env) accountingUsage(c *cli.Context) error {
	since, until, err := windowFlags(c)
	if err != nil {
		return err
	}
	if !until.After(since) {
		return usagef("--until must be after --since")
	}
	switch c.String("by") {
	case store.ByUser, store.ByAccount, store.ByPartition:
	default:
		return usagef("--by must be user, account or partition")
	}
	switch c.String("period") {
	case store.PeriodDay, store.PeriodWeek, store.PeriodMonth, store.PeriodTotal:
	default:
		return usagef("--period must be day, week, month or total")
	}
	st, out, err := e.openStoreForReading(c)
	if err != nil {
		return err
	}
	defer st.Close()
	rows, err := st.Usage(c.Context, store.UsageQuery{By: c.String("by"), Period: c.String("period"), Since: since, Until: until})
	if err != nil {
		return err
	}
	if out.json {
		return out.encode(rows)
	}
	table := make([][]string, 0, len(rows))
	for _, r := range rows {
		table = append(table, []string{
			r.PeriodStart.Format("2006-01-02"), r.Group, strconv.FormatInt(r.Jobs, 10), strconv.FormatInt(r.Ended, 10),
			fmt.Sprintf("%.2f", float64(r.CPUSecondsAllocated)/3600), fmt.Sprintf("%.2f", r.CPUSecondsUsed/3600),
			fmt.Sprintf("%.2f", float64(r.GPUSecondsAllocated)/3600), fmt.Sprintf("%.3f", r.GPUEnergyMillijoules/3.6e9),
		})
	}
	return out.table([]string{"PERIOD", toUpper(c.String("by")), "JOBS", "ENDED", "CPU_H_ALLOC", "CPU_H_USED", "GPU_H_ALLOC", "GPU_KWH"}, table)
}

func toUpper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 32
		}
	}
	return string(b)
}

func (e *env) accountingGPUs(c *cli.Context) error {
	now := time.Now().UTC()
	since, err := parseWhen(c.String("since"), now)
	if err != nil {
		return usagef("--since: %v", err)
	}
	st, out, err := e.openStoreForReading(c)
	if err != nil {
		return err
	}
	defer st.Close()
	gpus, err := st.GPUs(c.Context, since, now.Add(time.Second))
	if err != nil {
		return err
	}
	if out.json {
		return out.encode(gpus)
	}
	if len(gpus) == 0 {
		return out.message(nil, "No GPU has been sampled: the site daemon samples NVML where a driver is loaded (accounting.gpus).")
	}
	opt := func(p *int64, div float64, format string) string {
		if p == nil {
			return "-"
		}
		return fmt.Sprintf(format, float64(*p)/div)
	}
	optInt := func(p *int) string {
		if p == nil {
			return "-"
		}
		return strconv.Itoa(*p)
	}
	rows := make([][]string, 0, len(gpus))
	for _, g := range gpus {
		row := []string{g.Node, strconv.Itoa(g.NVMLIndex), g.UUID, g.Name, g.PCIBusID, "-", "-", "-", "-", "-",
			fmt.Sprintf("%.1f", float64(g.EnergyMillijoules)/1000), strconv.FormatInt(g.Samples, 10)}
		if s := g.LastSample; s != nil {
			row[5] = s.SampledAt.Format(time.RFC3339)
			row[6] = opt(s.PowerMilliwatts, 1000, "%.1f")
			row[7] = optInt(s.UtilizationGPUPercent)
			row[8] = opt(s.MemoryUsedBytes, 1<<20, "%.0f")
			row[9] = optInt(s.TemperatureCelsius)
		}
		rows = append(rows, row)
	}
	return out.table([]string{"NODE", "INDEX", "UUID", "NAME", "PCI", "LAST_SAMPLE", "POWER_W", "UTIL_%", "MEM_MIB", "TEMP_C", "ENERGY_J", "SAMPLES"}, rows)
}

func (e *env) accountingNodes(c *cli.Context) error {
	since, until, err := windowFlags(c)
	if err != nil {
		return err
	}
	st, cluster, out, err := e.openClusterStore(c)
	if err != nil {
		return err
	}
	defer st.Close()
	slots, err := st.NodeSlots(c.Context, cluster, since, until)
	if err != nil {
		return err
	}
	type summary struct {
		Node            string  `json:"node"`
		Slots           int     `json:"slots"`
		AvailableSlots  int     `json:"availableSlots"`
		CPUs            int64   `json:"cpus"`
		GPUs            int64   `json:"gpus"`
		MeanAllocCPUs   float64 `json:"meanAllocCpus"`
		MeanAllocGPUs   float64 `json:"meanAllocGpus"`
		LastState       string  `json:"lastState"`
		SlotSeconds     int64   `json:"slotSeconds"`
		ExpectedSlots   int64   `json:"expectedSlots"`
		CoveragePercent float64 `json:"coveragePercent"`
	}
	var order []string
	byNode := map[string]*summary{}
	for _, s := range slots {
		n := byNode[s.Node]
		if n == nil {
			n = &summary{Node: s.Node, SlotSeconds: s.SlotSeconds}
			byNode[s.Node] = n
			order = append(order, s.Node)
		}
		n.Slots++
		if s.Available {
			n.AvailableSlots++
		}
		n.CPUs, n.GPUs, n.LastState = s.CPUs, s.GPUs, s.State
		n.MeanAllocCPUs += float64(s.AllocCPUs)
		n.MeanAllocGPUs += float64(s.AllocGPUs)
	}
	list := make([]summary, 0, len(order))
	for _, name := range order {
		n := byNode[name]
		n.MeanAllocCPUs /= float64(n.Slots)
		n.MeanAllocGPUs /= float64(n.Slots)
		if n.SlotSeconds > 0 {
			n.ExpectedSlots = slotStartsIn(since, until, time.Duration(n.SlotSeconds)*time.Second)
			if n.ExpectedSlots > 0 {
				n.CoveragePercent = 100 * float64(n.Slots) / float64(n.ExpectedSlots)
			}
		}
		list = append(list, *n)
	}
	if out.json {
		return out.encode(list)
	}
	rows := make([][]string, 0, len(list))
	for _, n := range list {
		rows = append(rows, []string{n.Node, n.LastState, strconv.Itoa(n.Slots), strconv.FormatInt(n.ExpectedSlots, 10),
			fmt.Sprintf("%.1f", n.CoveragePercent), strconv.Itoa(n.AvailableSlots), strconv.FormatInt(n.CPUs, 10),
			fmt.Sprintf("%.2f", n.MeanAllocCPUs), strconv.FormatInt(n.GPUs, 10), fmt.Sprintf("%.2f", n.MeanAllocGPUs)})
	}
	return out.table([]string{"NODE", "STATE", "SLOTS", "EXPECTED", "COVERAGE_%", "AVAILABLE", "CPUS", "MEAN_ALLOC_CPUS", "GPUS", "MEAN_ALLOC_GPUS"}, rows)
}

// openClusterStore is openStoreForReading with the cluster to read: --cluster, or else the
// store's only cluster.
func (e *env) openClusterStore(c *cli.Context) (*store.Store, string, *printer, error) {
	st, out, err := e.openStoreForReading(c)
	if err != nil {
		return nil, "", nil, err
	}
	if cluster := c.String("cluster"); cluster != "" {
		return st, cluster, out, nil
	}
	clusters, err := st.Clusters(c.Context)
	if err == nil && len(clusters) != 1 {
		err = usagef("the store holds %d clusters %v: choose one with --cluster", len(clusters), clusters)
	}
	if err != nil {
		st.Close()
		return nil, "", nil, err
	}
	return st, clusters[0], out, nil
}

// slotStartsIn counts the slots of the UTC grid that start in [since, until): the slots a
// sampler running all along would have recorded (NodeSlots returns the same range).
func slotStartsIn(since, until time.Time, slot time.Duration) int64 {
	first := since.UTC().Truncate(slot)
	if first.Before(since) {
		first = first.Add(slot)
	}
	if !until.After(first) {
		return 0
	}
	return int64((until.Sub(first)-1)/slot) + 1
}

// windowFlags reads --since and --until (a duration before now, an RFC 3339 time, or "now").
func windowFlags(c *cli.Context) (since, until time.Time, err error) {
	now := time.Now().UTC()
	if since, err = parseWhen(c.String("since"), now); err != nil {
		return since, until, usagef("--since: %v", err)
	}
	if until, err = parseWhen(c.String("until"), now); err != nil {
		return since, until, usagef("--until: %v", err)
	}
	return since, until, nil
}
