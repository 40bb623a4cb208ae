package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/petagrid/petagrid/internal/sanitize"
	"github.com/petagrid/petagrid/slurmbridge"
)

// printer writes command results as an aligned table for people or JSON for programs.
type printer struct {
	w    io.Writer
	json bool
}

func newPrinter(w io.Writer, format string) (*printer, error) {
	switch format {
	case "table", "":
		return &printer{w: w}, nil
	case "json":
		return &printer{w: w, json: true}, nil
	}
	return nil, usagef("--output must be table or json, not %q", format)
}

func (p *printer) encode(v any) error {
	enc := json.NewEncoder(p.w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func (p *printer) message(v any, format string, args ...any) error {
	if p.json {
		return p.encode(v)
	}
	_, err := fmt.Fprintf(p.w, format+"\n", args...)
	return err
}

func (p *printer) table(header []string, rows [][]string) error {
	tw := tabwriter.NewWriter(p.w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(header, "\t"))
	for _, r := range rows {
		cells := make([]string, len(r))
		for i, c := range r {
			cells[i] = cell(c)
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
	}
	return tw.Flush()
}

// cell makes text from Slurm safe for a terminal table: names with newlines, tabs or control
// characters are shown quoted and escaped, never interpreted.
func cell(s string) string {
	if s == "" {
		return "-"
	}
	// Invalid UTF-8 is not Printable either: the raw byte (0x9b is a terminal's CSI) would
	// reach the terminal.
	if !sanitize.Printable(s) {
		return strconv.QuoteToGraphic(s)
	}
	return s
}

func (p *printer) nodes(nodes []slurmbridge.Node) error {
	if p.json {
		return p.encode(nodes)
	}
	rows := make([][]string, 0, len(nodes))
	for _, n := range nodes {
		state := n.State
		if len(n.Flags) > 0 {
			state += "+" + strings.Join(n.Flags, "+")
		}
		rows = append(rows, []string{
			n.Name, state, fmt.Sprintf("%d/%d", n.AllocCPUs, n.CPUs),
			fmt.Sprintf("%d/%d", n.AllocMemoryMiB, n.RealMemoryMiB),
			gresString(n.GRES), gresString(n.GRESUsed), strings.Join(n.Partitions, ","),
			strings.Join(n.ActiveFeatures, ","), n.Reason,
		})
	}
	return p.table([]string{"NODE", "STATE", "CPUS(A/T)", "MEMORY_MIB(A/T)", "GRES", "GRES_USED", "PARTITIONS", "FEATURES", "REASON"}, rows)
}

func (p *printer) partitions(parts []slurmbridge.Partition) error {
	if p.json {
		return p.encode(parts)
	}
	rows := make([][]string, 0, len(parts))
	for _, pt := range parts {
		name := pt.Name
		if pt.Default {
			name += "*"
		}
		rows = append(rows, []string{
			name, pt.State, strconv.FormatInt(pt.TotalNodes, 10), strconv.FormatInt(pt.TotalCPUs, 10),
			strconv.FormatInt(slurmbridge.GPUs(pt.TRES), 10), minutesString(pt.MaxTimeMinutes), pt.Nodes,
		})
	}
	return p.table([]string{"PARTITION", "STATE", "NODES", "CPUS", "GPUS", "MAX_TIME", "NODELIST"}, rows)
}

func (p *printer) jobs(jobs []slurmbridge.Job) error {
	if p.json {
		return p.encode(jobs)
	}
	rows := make([][]string, 0, len(jobs))
	for _, j := range jobs {
		id := strconv.FormatUint(uint64(j.ID), 10)
		switch {
		case j.ArrayTaskID != nil:
			id = fmt.Sprintf("%d_%d", j.ArrayJobID, *j.ArrayTaskID)
		case j.ArrayTasks != "":
			id = fmt.Sprintf("%d_[%s]", j.ArrayJobID, j.ArrayTasks)
		case j.HetOffset != nil:
			id = fmt.Sprintf("%d+%d", j.HetJobID, *j.HetOffset)
		}
		detail := j.Reason
		if j.Exit != nil {
			detail = "exit " + exitString(j.Exit)
		}
		rows = append(rows, []string{
			id, j.Name, j.User, j.Partition, string(j.State), detail, j.Nodes,
			strconv.FormatInt(slurmbridge.GPUs(j.AllocTRES), 10), timeString(j.SubmitTime),
		})
	}
	return p.table([]string{"JOBID", "NAME", "USER", "PARTITION", "STATE", "REASON/EXIT", "NODES", "GPUS", "SUBMITTED(UTC)"}, rows)
}

func (p *printer) accounting(recs []slurmbridge.AccountingRecord) error {
	if p.json {
		return p.encode(recs)
	}
	rows := make([][]string, 0, len(recs))
	for _, r := range recs {
		cpus, _ := slurmbridge.TRESCount(r.AllocTRES, "cpu")
		mem, _ := slurmbridge.TRESCount(r.AllocTRES, "mem")
		steps := make([]string, 0, len(r.Steps))
		for _, s := range r.Steps {
			steps = append(steps, s.ID+":"+string(s.State))
		}
		state := string(r.State)
		if r.Incomplete {
			state += " (incomplete)"
		}
		rows = append(rows, []string{
			strconv.FormatUint(uint64(r.JobID), 10), r.Name, r.User, r.Account, r.Partition, state, exitString(r.Exit),
			strconv.FormatInt(cpus, 10), strconv.FormatInt(mem, 10), strconv.FormatInt(slurmbridge.GPUs(r.AllocTRES), 10),
			timeString(r.StartTime), timeString(r.EndTime), strconv.FormatInt(r.ElapsedSeconds, 10), strings.Join(steps, " "),
		})
	}
	return p.table([]string{"JOBID", "NAME", "USER", "ACCOUNT", "PARTITION", "STATE", "EXIT", "CPUS", "MEM_MIB", "GPUS", "START(UTC)", "END(UTC)", "ELAPSED_S", "STEPS"}, rows)
}

func gresString(list []slurmbridge.GRES) string {
	parts := make([]string, 0, len(list))
	for _, g := range list {
		s := g.Name
		if g.Type != "" {
			s += ":" + g.Type
		}
		s += ":" + strconv.FormatInt(g.Count, 10)
		if len(g.Indices) > 0 {
			idx := make([]string, len(g.Indices))
			for i, v := range g.Indices {
				idx[i] = strconv.Itoa(v)
			}
			s += "(IDX:" + strings.Join(idx, ",") + ")"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ",")
}

func exitString(e *slurmbridge.ExitStatus) string {
	if e == nil {
		return ""
	}
	return e.String()
}

func timeString(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format("2006-01-02T15:04:05")
}

func minutesString(m *int64) string {
	if m == nil {
		return "UNLIMITED"
	}
	return (time.Duration(*m) * time.Minute).String()
}
