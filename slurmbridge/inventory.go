package slurmbridge

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Node is one compute node as slurmctld sees it.
type Node struct {
	Name     string `json:"name"`
	Hostname string `json:"hostname,omitempty"`
	Address  string `json:"address,omitempty"`
	// State is the base state in upper case: IDLE, MIXED, ALLOCATED, DOWN, ERROR, FUTURE,
	// UNKNOWN; Flags are the rest (DRAIN, NOT_RESPONDING, MAINTENANCE, …).
	State           string    `json:"state"`
	Flags           []string  `json:"flags,omitempty"`
	Reason          string    `json:"reason,omitempty"`
	CPUs            int64     `json:"cpus"`
	AllocCPUs       int64     `json:"allocCpus"`
	Sockets         int64     `json:"sockets"`
	CoresPerSocket  int64     `json:"coresPerSocket"`
	ThreadsPerCore  int64     `json:"threadsPerCore"`
	RealMemoryMiB   int64     `json:"realMemoryMiB"`
	AllocMemoryMiB  int64     `json:"allocMemoryMiB"`
	FreeMemoryMiB   *int64    `json:"freeMemoryMiB,omitempty"`
	GRES            []GRES    `json:"gres,omitempty"`     // configured
	GRESUsed        []GRES    `json:"gresUsed,omitempty"` // in use, with indices
	Features        []string  `json:"features,omitempty"`
	ActiveFeatures  []string  `json:"activeFeatures,omitempty"`
	Partitions      []string  `json:"partitions,omitempty"`
	Architecture    string    `json:"architecture,omitempty"`
	SlurmdVersion   string    `json:"slurmdVersion,omitempty"`
	BootTime        time.Time `json:"bootTime,omitempty"`
	SlurmdStartTime time.Time `json:"slurmdStartTime,omitempty"`
	TRES            []TRES    `json:"tres,omitempty"`
	ReasonChangedAt time.Time `json:"reasonChangedAt,omitempty"`
	LastBusy        time.Time `json:"lastBusy,omitempty"`
}

// HasFlag reports whether the node carries a state flag (DRAIN, NOT_RESPONDING, …).
func (n Node) HasFlag(flag string) bool {
	for _, f := range n.Flags {
		if f == flag {
			return true
		}
	}
	return false
}

var nodeBaseStates = map[string]bool{
	"UNKNOWN": true, "DOWN": true, "IDLE": true, "ALLOCATED": true, "ERROR": true,
	"MIXED": true, "FUTURE": true, "INVALID": true, "END": true,
}

// Partition is one partition (queue).
type Partition struct {
	Name       string `json:"name"`
	Nodes      string `json:"nodes"` // hostlist
	TotalNodes int64  `json:"totalNodes"`
	TotalCPUs  int64  `json:"totalCpus"`
	// State is UP, DOWN, DRAIN or INACTIVE.
	State   string `json:"state,omitempty"`
	Default bool   `json:"default"`
	// MaxTimeMinutes and DefaultTimeMinutes are nil when unlimited / unset.
	MaxTimeMinutes     *int64 `json:"maxTimeMinutes,omitempty"`
	DefaultTimeMinutes *int64 `json:"defaultTimeMinutes,omitempty"`
	MaxNodes           *int64 `json:"maxNodes,omitempty"`
	TRES               []TRES `json:"tres,omitempty"`
	// QOS is the partition's QOS ("" without one): its limits come before the job's QOS's
	// unless that QOS has the OverPartQOS flag.
	QOS string `json:"qos,omitempty"`
}

// Nodes returns every node: `sinfo --json` on 22.05, `scontrol --json show nodes` on 23.02+
// (where sinfo's JSON aggregates nodes into groups).
func (b *Bridge) Nodes(ctx context.Context) ([]Node, error) {
	release, err := b.Release(ctx)
	if err != nil {
		return nil, err
	}
	inv := invocation{name: "sinfo", args: []string{"--json"}}
	if release.AtLeast(23, 2) {
		inv = invocation{name: "scontrol", args: []string{"--json", "show", "nodes"}}
	}
	res, err := b.run(ctx, inv)
	if err != nil {
		return nil, fmt.Errorf("listing nodes: %w", err)
	}
	return parseNodes(inv.String(), res.stdout)
}

type jsonNode struct {
	Name            flexString  `json:"name"`
	Hostname        flexString  `json:"hostname"`
	Address         flexString  `json:"address"`
	State           flexStrings `json:"state"`
	StateFlags      flexStrings `json:"state_flags"`
	Reason          flexString  `json:"reason"`
	CPUs            flexInt     `json:"cpus"`
	AllocCPUs       flexInt     `json:"alloc_cpus"`
	Sockets         flexInt     `json:"sockets"`
	Cores           flexInt     `json:"cores"`
	Threads         flexInt     `json:"threads"`
	RealMemory      flexInt     `json:"real_memory"`
	AllocMemory     flexInt     `json:"alloc_memory"`
	FreeMemory      *flexInt    `json:"free_memory"`
	FreeMem         *flexInt    `json:"free_mem"`
	GRES            flexString  `json:"gres"`
	GRESUsed        flexString  `json:"gres_used"`
	Features        flexStrings `json:"features"`
	ActiveFeatures  flexStrings `json:"active_features"`
	Partitions      flexStrings `json:"partitions"`
	Architecture    flexString  `json:"architecture"`
	Version         flexString  `json:"version"`
	SlurmdVersion   flexString  `json:"slurmd_version"`
	BootTime        flexInt     `json:"boot_time"`
	SlurmdStartTime flexInt     `json:"slurmd_start_time"`
	ReasonChangedAt flexInt     `json:"reason_changed_at"`
	LastBusy        flexInt     `json:"last_busy"`
	TRES            flexString  `json:"tres"`
}

type nodesDocument struct {
	jsonEnvelope
	Nodes *[]jsonNode `json:"nodes"`
}

func (d *nodesDocument) envelope() *jsonEnvelope { return &d.jsonEnvelope }
func (d *nodesDocument) hasList() bool           { return d.Nodes != nil }

func parseNodes(command string, data []byte) ([]Node, error) {
	var doc nodesDocument
	if err := decodeDocument(command, "nodes", data, &doc); err != nil {
		return nil, err
	}
	nodes := make([]Node, 0, len(*doc.Nodes))
	for i, r := range *doc.Nodes {
		n, err := r.node()
		if err != nil {
			return nil, &ParseError{Command: command, What: fmt.Sprintf("node #%d", i), Err: err}
		}
		nodes = append(nodes, n)
	}
	return nodes, nil
}

func (r jsonNode) node() (Node, error) {
	n := Node{
		Name:            string(r.Name),
		Hostname:        string(r.Hostname),
		Address:         string(r.Address),
		Reason:          string(r.Reason),
		CPUs:            r.CPUs.Value,
		AllocCPUs:       r.AllocCPUs.Value,
		Sockets:         r.Sockets.Value,
		CoresPerSocket:  r.Cores.Value,
		ThreadsPerCore:  r.Threads.Value,
		RealMemoryMiB:   r.RealMemory.Value,
		AllocMemoryMiB:  r.AllocMemory.Value,
		Features:        r.Features,
		ActiveFeatures:  r.ActiveFeatures,
		Partitions:      r.Partitions,
		Architecture:    string(r.Architecture),
		SlurmdVersion:   string(r.SlurmdVersion),
		BootTime:        epochUTC(r.BootTime),
		SlurmdStartTime: epochUTC(r.SlurmdStartTime),
		ReasonChangedAt: epochUTC(r.ReasonChangedAt),
		LastBusy:        epochUTC(r.LastBusy),
	}
	if n.Name == "" {
		return n, errors.New("node without a name")
	}
	if n.SlurmdVersion == "" {
		n.SlurmdVersion = string(r.Version)
	}
	for _, free := range []*flexInt{r.FreeMemory, r.FreeMem} {
		if free != nil && free.Set && !free.Infinite {
			v := free.Value
			n.FreeMemoryMiB = &v
		}
	}
	// 22.05: "state": "idle" plus "state_flags": ["DRAIN"]; 23.02+: ["IDLE", "DRAIN"].
	words := append(append([]string{}, r.State...), r.StateFlags...)
	for _, w := range words {
		w = strings.ToUpper(strings.TrimSpace(w))
		if w == "" {
			continue
		}
		if nodeBaseStates[w] && n.State == "" {
			n.State = w
			continue
		}
		n.Flags = append(n.Flags, w)
	}
	if n.State == "" {
		return n, fmt.Errorf("node %s: no base state in %q", n.Name, words)
	}
	var err error
	if n.GRES, err = ParseGRES(string(r.GRES)); err != nil {
		return n, fmt.Errorf("node %s: %w", n.Name, err)
	}
	if n.GRESUsed, err = ParseGRES(string(r.GRESUsed)); err != nil {
		return n, fmt.Errorf("node %s: %w", n.Name, err)
	}
	if n.TRES, err = ParseTRES(string(r.TRES)); err != nil {
		return n, fmt.Errorf("node %s: %w", n.Name, err)
	}
	return n, nil
}

// Partitions returns every partition from `scontrol --oneliner show partitions`, on every
// release: 22.05 has no JSON for partitions, and 24.11's (data_parser v0.0.42) has no
// default-partition flag at all, while the text form says Default=YES on all of them and
// carries every other field a Partition holds.
func (b *Bridge) Partitions(ctx context.Context) ([]Partition, error) {
	inv := invocation{name: "scontrol", args: []string{"--oneliner", "show", "partitions"}}
	res, err := b.run(ctx, inv)
	if err != nil {
		return nil, fmt.Errorf("listing partitions: %w", err)
	}
	return parsePartitionsText(inv.String(), res.stdout)
}

// parsePartitionsText reads `scontrol -o show partitions`: one partition per line, as
// space-separated Key=Value pairs.
func parsePartitionsText(command string, data []byte) ([]Partition, error) {
	var parts []Partition
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if line == "No partitions in the system" {
			return nil, nil
		}
		kv := map[string]string{}
		for _, tok := range strings.Fields(line) {
			k, v, ok := strings.Cut(tok, "=")
			if !ok {
				return nil, &ParseError{Command: command, What: fmt.Sprintf("line %d", i+1), Err: fmt.Errorf("token %q is not Key=Value", truncate(tok, 40))}
			}
			kv[k] = v
		}
		p := Partition{Name: kv["PartitionName"], Nodes: kv["Nodes"], State: kv["State"], Default: kv["Default"] == "YES", QOS: kv["QoS"]}
		if p.QOS == "N/A" {
			p.QOS = ""
		}
		if p.Name == "" {
			return nil, &ParseError{Command: command, What: fmt.Sprintf("line %d", i+1), Err: errors.New("no PartitionName")}
		}
		if p.Nodes == "(null)" {
			p.Nodes = ""
		}
		var err error
		for key, dst := range map[string]*int64{"TotalNodes": &p.TotalNodes, "TotalCPUs": &p.TotalCPUs} {
			if v, ok := kv[key]; ok {
				if *dst, err = strconv.ParseInt(v, 10, 64); err != nil {
					return nil, &ParseError{Command: command, What: "partition " + p.Name, Err: fmt.Errorf("%s=%q", key, v)}
				}
			}
		}
		if p.MaxTimeMinutes, err = parseTimeLimitText(kv["MaxTime"]); err != nil {
			return nil, &ParseError{Command: command, What: "partition " + p.Name + " MaxTime", Err: err}
		}
		if p.DefaultTimeMinutes, err = parseTimeLimitText(kv["DefaultTime"]); err != nil {
			return nil, &ParseError{Command: command, What: "partition " + p.Name + " DefaultTime", Err: err}
		}
		if v := kv["MaxNodes"]; v != "" && v != "UNLIMITED" {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return nil, &ParseError{Command: command, What: "partition " + p.Name, Err: fmt.Errorf("MaxNodes=%q", v)}
			}
			p.MaxNodes = &n
		}
		if p.TRES, err = ParseTRES(kv["TRES"]); err != nil {
			return nil, &ParseError{Command: command, What: "partition " + p.Name, Err: err}
		}
		parts = append(parts, p)
	}
	return parts, nil
}

// parseTimeLimitText reads a partition time: "UNLIMITED", "NONE", "1-00:00:00", "30:00".
func parseTimeLimitText(s string) (*int64, error) {
	switch s {
	case "", "UNLIMITED", "NONE", "INFINITE":
		return nil, nil
	}
	secs, err := parseSlurmDuration(s)
	if err != nil {
		return nil, err
	}
	m := secs / 60
	return &m, nil
}
