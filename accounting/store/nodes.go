package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"
)

// NodeSlot is one grid node in one availability slot: its state as slurmctld reported it
// during the slot and what was allocated on it. Slots are aligned to the UTC epoch; a slot
// with no row was not observed (the daemon was down), which is not the same as "down".
type NodeSlot struct {
	Cluster        string    `json:"cluster"`
	SlotStart      time.Time `json:"slotStart"`
	SlotSeconds    int64     `json:"slotSeconds"`
	Node           string    `json:"node"`
	SampledAt      time.Time `json:"sampledAt"`
	State          string    `json:"state"`
	Flags          []string  `json:"flags,omitempty"`
	Available      bool      `json:"available"`
	Reason         string    `json:"reason,omitempty"`
	Partitions     []string  `json:"partitions,omitempty"`
	CPUs           int64     `json:"cpus"`
	AllocCPUs      int64     `json:"allocCpus"`
	MemoryMiB      int64     `json:"memoryMiB"`
	AllocMemoryMiB int64     `json:"allocMemoryMiB"`
	GPUs           int64     `json:"gpus"`
	AllocGPUs      int64     `json:"allocGpus"`
	// GPUTypes is "a100:4,v100:2" (untyped GPUs under "gpu").
	GPUTypes     string `json:"gpuTypes,omitempty"`
	SlurmRelease string `json:"slurmRelease"`
}

// RecordNodeSlots stores one slot's observations in one transaction. A slot observed twice
// keeps its first observation: the slot grid is fixed, and the first reading is the one
// closest to the slot's start.
func (s *Store) RecordNodeSlots(ctx context.Context, harvesterVersion string, slots []NodeSlot) (int, error) {
	written := 0
	err := s.tx(ctx, func(tx *sql.Tx) error {
		stmt, err := tx.PrepareContext(ctx, `INSERT OR IGNORE INTO node_slots (cluster, slot_start, node, slot_seconds, sampled_at,
				state, flags, available, reason, partitions, cpus, alloc_cpus, memory_mib, alloc_memory_mib, gpus, alloc_gpus,
				gpu_types, slurm_release, harvester_version)
			VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`)
		if err != nil {
			return fmt.Errorf("preparing node slots: %w", err)
		}
		defer stmt.Close()
		for _, n := range slots {
			res, err := stmt.ExecContext(ctx, n.Cluster, n.SlotStart.Unix(), n.Node, n.SlotSeconds, n.SampledAt.Unix(), n.State,
				strings.Join(n.Flags, ","), n.Available, n.Reason, strings.Join(n.Partitions, ","), n.CPUs, n.AllocCPUs, n.MemoryMiB,
				n.AllocMemoryMiB, n.GPUs, n.AllocGPUs, n.GPUTypes, n.SlurmRelease, harvesterVersion)
			if err != nil {
				return fmt.Errorf("recording node %s: %w", n.Node, err)
			}
			if k, _ := res.RowsAffected(); k > 0 {
				written++
			}
		}
		return nil
	})
	return written, err
}

// NodeSlots returns the slots of a cluster that start in [since, until), oldest first.
func (s *Store) NodeSlots(ctx context.Context, cluster string, since, until time.Time) ([]NodeSlot, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT cluster, slot_start, slot_seconds, node, sampled_at, state, flags, available, reason,
			partitions, cpus, alloc_cpus, memory_mib, alloc_memory_mib, gpus, alloc_gpus, gpu_types, slurm_release
		FROM node_slots WHERE cluster = ? AND slot_start >= ? AND slot_start < ? ORDER BY slot_start, node`, cluster, since.Unix(), until.Unix())
	if err != nil {
		return nil, fmt.Errorf("listing node slots: %w", err)
	}
	defer rows.Close()
	var out []NodeSlot
	for rows.Next() {
		var (
			n                 NodeSlot
			start, sampled    int64
			flags, partitions string
		)
		if err := rows.Scan(&n.Cluster, &start, &n.SlotSeconds, &n.Node, &sampled, &n.State, &flags, &n.Available, &n.Reason,
			&partitions, &n.CPUs, &n.AllocCPUs, &n.MemoryMiB, &n.AllocMemoryMiB, &n.GPUs, &n.AllocGPUs, &n.GPUTypes, &n.SlurmRelease); err != nil {
			return nil, fmt.Errorf("listing node slots: %w", err)
		}
		n.SlotStart, n.SampledAt = time.Unix(start, 0).UTC(), time.Unix(sampled, 0).UTC()
		if flags != "" {
			n.Flags = strings.Split(flags, ",")
		}
		if partitions != "" {
			n.Partitions = strings.Split(partitions, ",")
		}
		out = append(out, n)
	}
	return out, rows.Err()
}
