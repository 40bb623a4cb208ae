package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"
)

// JobKey identifies one run of one Slurm job: the cluster, the raw job id and the submit
// time. A requeued job has one key per run; a job id reused after a reset gets a new key.
type JobKey struct {
	Cluster    string    `json:"cluster"`
	JobID      uint32    `json:"jobId"`
	SubmitTime time.Time `json:"submitTime"`
}

func (k JobKey) String() string {
	return fmt.Sprintf("%s/%d@%s", k.Cluster, k.JobID, k.SubmitTime.UTC().Format(time.RFC3339))
}

// GPU is one NVIDIA GPU as NVML describes it. Pointers are nil where NVML could not say.
type GPU struct {
	UUID                 string `json:"uuid"`
	Node                 string `json:"node"`
	Name                 string `json:"name"`
	PCIBusID             string `json:"pciBusId"`
	MinorNumber          *int   `json:"minorNumber,omitempty"`
	NVMLIndex            int    `json:"nvmlIndex"`
	MemoryTotalBytes     *int64 `json:"memoryTotalBytes,omitempty"`
	Cores                *int   `json:"cores,omitempty"`
	MaxSMClockMHz        *int   `json:"maxSmClockMhz,omitempty"`
	PowerLimitMilliwatts *int64 `json:"powerLimitMilliwatts,omitempty"`
	DriverVersion        string `json:"driverVersion,omitempty"`
}

// Energy delta sources: how a sample's energy delta was obtained.
const (
	// DeltaCounter: difference of NVML's cumulative energy counter (the normal case).
	DeltaCounter = "counter"
	// DeltaCounterReset: the counter went backwards (driver reload); the delta is estimated
	// from power × interval and flagged.
	DeltaCounterReset = "counter_reset"
	// DeltaPower: the GPU has no energy counter (pre-Volta) or it failed; power × interval.
	DeltaPower = "power"
	// DeltaFirst: first sample of this GPU in this process; no delta.
	DeltaFirst = "first"
	// DeltaGap: the previous sample is too old (sampler stopped); the counter delta is kept
	// for the GPU's total but attributed to no job.
	DeltaGap = "gap"
	// DeltaNone: neither counter nor power could be read.
	DeltaNone = "none"
)

// GPUSample is one reading of one GPU. Pointers are nil where the reading failed; Errors
// says which readings failed and why.
type GPUSample struct {
	UUID                     string    `json:"uuid"`
	Node                     string    `json:"node"`
	SampledAt                time.Time `json:"sampledAt"`
	PowerMilliwatts          *int64    `json:"powerMilliwatts,omitempty"`
	EnergyCounterMillijoules *int64    `json:"energyCounterMillijoules,omitempty"`
	EnergyDeltaMillijoules   *int64    `json:"energyDeltaMillijoules,omitempty"`
	IntervalMilliseconds     *int64    `json:"intervalMilliseconds,omitempty"`
	DeltaSource              string    `json:"deltaSource"`
	UtilizationGPUPercent    *int      `json:"utilizationGpuPercent,omitempty"`
	UtilizationMemoryPercent *int      `json:"utilizationMemoryPercent,omitempty"`
	MemoryUsedBytes          *int64    `json:"memoryUsedBytes,omitempty"`
	SMClockMHz               *int      `json:"smClockMhz,omitempty"`
	TemperatureCelsius       *int      `json:"temperatureCelsius,omitempty"`
	Errors                   []string  `json:"errors,omitempty"`
}

// GPUAllocation records that a job held a GPU (by Slurm's index on the node, mapped to the
// GPU's UUID) when a sample was taken.
type GPUAllocation struct {
	Job        JobKey    `json:"job"`
	Node       string    `json:"node"`
	SlurmIndex int       `json:"slurmIndex"`
	UUID       string    `json:"uuid"`
	SeenAt     time.Time `json:"seenAt"`
}

// GPUJobUsage is GPU usage attributed to one job on one GPU. Passed to RecordGPUSamples it
// is an increment; read back it is the total.
type GPUJobUsage struct {
	Job               JobKey `json:"job"`
	UUID              string `json:"uuid"`
	EnergyMillijoules int64  `json:"energyMillijoules"`
	GPUMilliseconds   int64  `json:"gpuMilliseconds"`
	Samples           int64  `json:"samples"`
	SharedSamples     int64  `json:"sharedSamples"`
}

// RecordGPUSamples stores one sampling round in one transaction: the GPUs seen, their
// samples, the allocations observed and the usage increments attributed to jobs. A sample
// already stored (same GPU, same millisecond) is kept as it was, and the round's usage
// increments are then skipped with it, so a retried round never counts twice.
func (s *Store) RecordGPUSamples(ctx context.Context, harvesterVersion string, gpus []GPU, samples []GPUSample, allocs []GPUAllocation, usage []GPUJobUsage) error {
	now := s.now().Unix()
	return s.tx(ctx, func(tx *sql.Tx) error {
		for _, g := range gpus {
			if _, err := tx.ExecContext(ctx, `INSERT INTO gpus (uuid, node, name, pci_bus_id, minor_number, nvml_index,
					memory_total_bytes, cores, max_sm_clock_mhz, power_limit_milliwatts, driver_version, first_seen, last_seen)
				VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)
				ON CONFLICT(uuid) DO UPDATE SET node=excluded.node, name=excluded.name, pci_bus_id=excluded.pci_bus_id,
					minor_number=excluded.minor_number, nvml_index=excluded.nvml_index,
					memory_total_bytes=excluded.memory_total_bytes, cores=excluded.cores,
					max_sm_clock_mhz=excluded.max_sm_clock_mhz, power_limit_milliwatts=excluded.power_limit_milliwatts,
					driver_version=excluded.driver_version, last_seen=excluded.last_seen`,
				g.UUID, g.Node, g.Name, g.PCIBusID, nullInt(g.MinorNumber), g.NVMLIndex, nullInt(g.MemoryTotalBytes),
				nullInt(g.Cores), nullInt(g.MaxSMClockMHz), nullInt(g.PowerLimitMilliwatts), g.DriverVersion, now, now); err != nil {
				return fmt.Errorf("recording GPU %s: %w", g.UUID, err)
			}
		}
		fresh := 0
		for _, smp := range samples {
			res, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO gpu_samples (uuid, sampled_at_ms, node, power_milliwatts,
					energy_counter_millijoules, energy_delta_millijoules, interval_ms, delta_source, utilization_gpu_percent,
					utilization_memory_percent, memory_used_bytes, sm_clock_mhz, temperature_celsius, errors, harvester_version)
				VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
				smp.UUID, smp.SampledAt.UnixMilli(), smp.Node, nullInt(smp.PowerMilliwatts), nullInt(smp.EnergyCounterMillijoules),
				nullInt(smp.EnergyDeltaMillijoules), nullInt(smp.IntervalMilliseconds), smp.DeltaSource,
				nullInt(smp.UtilizationGPUPercent), nullInt(smp.UtilizationMemoryPercent), nullInt(smp.MemoryUsedBytes),
				nullInt(smp.SMClockMHz), nullInt(smp.TemperatureCelsius), strings.Join(smp.Errors, "; "), harvesterVersion)
			if err != nil {
				return fmt.Errorf("recording GPU sample %s: %w", smp.UUID, err)
			}
			if n, _ := res.RowsAffected(); n > 0 {
				fresh++
			}
		}
		if fresh == 0 && len(samples) > 0 {
			return nil // this round is already stored
		}
		for _, a := range allocs {
			if _, err := tx.ExecContext(ctx, `INSERT INTO gpu_allocations (cluster, job_id, submit_time, node, slurm_index, uuid, first_seen_ms, last_seen_ms)
				VALUES (?,?,?,?,?,?,?,?)
				ON CONFLICT(cluster, job_id, submit_time, uuid) DO UPDATE SET
					first_seen_ms=MIN(first_seen_ms, excluded.first_seen_ms), last_seen_ms=MAX(last_seen_ms, excluded.last_seen_ms)`,
				a.Job.Cluster, a.Job.JobID, a.Job.SubmitTime.Unix(), a.Node, a.SlurmIndex, a.UUID, a.SeenAt.UnixMilli(), a.SeenAt.UnixMilli()); err != nil {
				return fmt.Errorf("recording GPU allocation of job %s: %w", a.Job, err)
			}
		}
		for _, u := range usage {
			if _, err := tx.ExecContext(ctx, `INSERT INTO gpu_job_usage (cluster, job_id, submit_time, uuid, energy_millijoules, gpu_milliseconds, samples, shared_samples)
				VALUES (?,?,?,?,?,?,?,?)
				ON CONFLICT(cluster, job_id, submit_time, uuid) DO UPDATE SET
					energy_millijoules=energy_millijoules+excluded.energy_millijoules,
					gpu_milliseconds=gpu_milliseconds+excluded.gpu_milliseconds,
					samples=samples+excluded.samples, shared_samples=shared_samples+excluded.shared_samples`,
				u.Job.Cluster, u.Job.JobID, u.Job.SubmitTime.Unix(), u.UUID, u.EnergyMillijoules, u.GPUMilliseconds, u.Samples, u.SharedSamples); err != nil {
				return fmt.Errorf("recording GPU usage of job %s: %w", u.Job, err)
			}
		}
		return nil
	})
}

// LastGPUSample returns the newest stored sample of a GPU (ok false when there is none), so
// that a restarted sampler can continue the energy counter instead of losing an interval.
func (s *Store) LastGPUSample(ctx context.Context, uuid string) (GPUSample, bool, error) {
	smp, err := s.latestSample(ctx, uuid)
	if err != nil || smp == nil {
		return GPUSample{}, false, err
	}
	return *smp, true, nil
}

// GPUStatus is a GPU with its newest sample and the energy it used over a window.
type GPUStatus struct {
	GPU
	LastSample        *GPUSample `json:"lastSample,omitempty"`
	EnergyMillijoules int64      `json:"energyMillijoules"`
	Samples           int64      `json:"samples"`
	FirstSeen         time.Time  `json:"firstSeen"`
	LastSeen          time.Time  `json:"lastSeen"`
}

// GPUs lists every GPU seen, with its newest sample and its energy over [since, until).
func (s *Store) GPUs(ctx context.Context, since, until time.Time) ([]GPUStatus, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT g.uuid, g.node, g.name, g.pci_bus_id, g.minor_number, g.nvml_index,
			g.memory_total_bytes, g.cores, g.max_sm_clock_mhz, g.power_limit_milliwatts, g.driver_version, g.first_seen, g.last_seen,
			COALESCE((SELECT SUM(energy_delta_millijoules) FROM gpu_samples s WHERE s.uuid = g.uuid AND s.sampled_at_ms >= ? AND s.sampled_at_ms < ?), 0),
			(SELECT COUNT(*) FROM gpu_samples s WHERE s.uuid = g.uuid AND s.sampled_at_ms >= ? AND s.sampled_at_ms < ?)
		FROM gpus g ORDER BY g.node, g.nvml_index`, since.UnixMilli(), until.UnixMilli(), since.UnixMilli(), until.UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("listing GPUs: %w", err)
	}
	defer rows.Close()
	var out []GPUStatus
	for rows.Next() {
		var (
			g                    GPUStatus
			minor, cores, clock  sql.NullInt64
			memTotal, powerLimit sql.NullInt64
			firstSeen, lastSeen  int64
		)
		if err := rows.Scan(&g.UUID, &g.Node, &g.Name, &g.PCIBusID, &minor, &g.NVMLIndex, &memTotal, &cores, &clock, &powerLimit,
			&g.DriverVersion, &firstSeen, &lastSeen, &g.EnergyMillijoules, &g.Samples); err != nil {
			return nil, fmt.Errorf("listing GPUs: %w", err)
		}
		g.MinorNumber, g.Cores, g.MaxSMClockMHz = intPtrFrom(minor), intPtrFrom(cores), intPtrFrom(clock)
		g.MemoryTotalBytes, g.PowerLimitMilliwatts = ptrFrom(memTotal), ptrFrom(powerLimit)
		g.FirstSeen, g.LastSeen = time.Unix(firstSeen, 0).UTC(), time.Unix(lastSeen, 0).UTC()
		out = append(out, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("listing GPUs: %w", err)
	}
	for i := range out {
		smp, err := s.latestSample(ctx, out[i].UUID)
		if err != nil {
			return nil, err
		}
		out[i].LastSample = smp
	}
	return out, nil
}

// sampleColumns are read by scanSample, in this order.
const sampleColumns = `uuid, node, sampled_at_ms, power_milliwatts, energy_counter_millijoules, energy_delta_millijoules,
	interval_ms, delta_source, utilization_gpu_percent, utilization_memory_percent, memory_used_bytes, sm_clock_mhz,
	temperature_celsius, errors`

func scanSample(row interface{ Scan(...any) error }) (GPUSample, error) {
	var (
		smp                                   GPUSample
		ms                                    int64
		power, counter, delta, interval       sql.NullInt64
		utilGPU, utilMem, memUsed, clock, tmp sql.NullInt64
		errs                                  string
	)
	if err := row.Scan(&smp.UUID, &smp.Node, &ms, &power, &counter, &delta, &interval, &smp.DeltaSource, &utilGPU, &utilMem,
		&memUsed, &clock, &tmp, &errs); err != nil {
		return smp, err
	}
	smp.SampledAt = time.UnixMilli(ms).UTC()
	smp.PowerMilliwatts, smp.EnergyCounterMillijoules, smp.EnergyDeltaMillijoules = ptrFrom(power), ptrFrom(counter), ptrFrom(delta)
	smp.IntervalMilliseconds, smp.MemoryUsedBytes = ptrFrom(interval), ptrFrom(memUsed)
	smp.UtilizationGPUPercent, smp.UtilizationMemoryPercent = intPtrFrom(utilGPU), intPtrFrom(utilMem)
	smp.SMClockMHz, smp.TemperatureCelsius = intPtrFrom(clock), intPtrFrom(tmp)
	if errs != "" {
		smp.Errors = strings.Split(errs, "; ")
	}
	return smp, nil
}

// latestSample returns the newest sample of a GPU, nil when there is none.
func (s *Store) latestSample(ctx context.Context, uuid string) (*GPUSample, error) {
	smp, err := scanSample(s.db.QueryRowContext(ctx, `SELECT `+sampleColumns+` FROM gpu_samples WHERE uuid = ? ORDER BY sampled_at_ms DESC LIMIT 1`, uuid))
	if err == sql.ErrNoRows {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("latest sample of GPU %s: %w", uuid, err)
	}
	return &smp, nil
}

// GPUSamples returns the samples of one GPU over [since, until), oldest first.
func (s *Store) GPUSamples(ctx context.Context, uuid string, since, until time.Time) ([]GPUSample, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+sampleColumns+` FROM gpu_samples WHERE uuid = ? AND sampled_at_ms >= ? AND sampled_at_ms < ?
		ORDER BY sampled_at_ms`, uuid, since.UnixMilli(), until.UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("samples of GPU %s: %w", uuid, err)
	}
	defer rows.Close()
	var out []GPUSample
	for rows.Next() {
		smp, err := scanSample(rows)
		if err != nil {
			return nil, fmt.Errorf("samples of GPU %s: %w", uuid, err)
		}
		out = append(out, smp)
	}
	return out, rows.Err()
}

// JobGPUUsage returns the GPU usage attributed to the given job runs (all runs when keys is
// empty), one entry per job and GPU.
func (s *Store) JobGPUUsage(ctx context.Context, keys []JobKey) ([]GPUJobUsage, error) {
	query := `SELECT cluster, job_id, submit_time, uuid, energy_millijoules, gpu_milliseconds, samples, shared_samples FROM gpu_job_usage`
	var args []any
	if len(keys) > 0 {
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = "(cluster = ? AND job_id = ? AND submit_time = ?)"
			args = append(args, k.Cluster, k.JobID, k.SubmitTime.Unix())
		}
		query += " WHERE " + strings.Join(parts, " OR ")
	}
	query += " ORDER BY cluster, job_id, submit_time, uuid"
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("GPU usage of jobs: %w", err)
	}
	defer rows.Close()
	var out []GPUJobUsage
	for rows.Next() {
		var (
			u      GPUJobUsage
			submit int64
		)
		if err := rows.Scan(&u.Job.Cluster, &u.Job.JobID, &submit, &u.UUID, &u.EnergyMillijoules, &u.GPUMilliseconds, &u.Samples, &u.SharedSamples); err != nil {
			return nil, fmt.Errorf("GPU usage of jobs: %w", err)
		}
		u.Job.SubmitTime = time.Unix(submit, 0).UTC()
		out = append(out, u)
	}
	return out, rows.Err()
}

func ptrFrom(v sql.NullInt64) *int64 {
	if !v.Valid {
		return nil
	}
	x := v.Int64
	return &x
}

func intPtrFrom(v sql.NullInt64) *int {
	if !v.Valid {
		return nil
	}
	x := int(v.Int64)
	return &x
}

// EachGPUSample calls fn with every sample over [since, until) in time order (so each GPU's
// samples come in order, and the time index serves the range),
// without holding them in memory: a period of 10-second samples of many GPUs is millions of
// rows, and the PoCP aggregation needs each one once.
func (s *Store) EachGPUSample(ctx context.Context, since, until time.Time, fn func(GPUSample) error) error {
	rows, err := s.db.QueryContext(ctx, `SELECT `+sampleColumns+` FROM gpu_samples WHERE sampled_at_ms >= ? AND sampled_at_ms < ?
		ORDER BY sampled_at_ms, uuid`, since.UnixMilli(), until.UnixMilli())
	if err != nil {
		return fmt.Errorf("reading GPU samples: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		smp, err := scanSample(rows)
		if err != nil {
			return fmt.Errorf("reading GPU samples: %w", err)
		}
		if err := fn(smp); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("reading GPU samples: %w", err)
	}
	return nil
}
