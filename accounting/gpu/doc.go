// Package gpu samples NVIDIA GPUs through NVML (power, cumulative energy counter,
// utilisation, memory, SM clock, temperature), attributes each sampled interval's energy to
// the Slurm jobs that hold the GPU, and hands every round to the accounting store.
//
// # Energy
//
// A GPU's energy is the sum of its samples' deltas. The normal delta is the difference of
// NVML's cumulative counter (millijoules since the driver was loaded), which stays exact
// whatever the sampling rate. When the counter went backwards (driver reload) or could not
// be read, the delta is estimated as the mean of the previous and current power readings
// times the interval, and flagged (store.DeltaCounterReset, store.DeltaPower). The first
// sample of a GPU has no delta (store.DeltaFirst) unless the store holds a recent sample of
// it from an earlier run of the sampler, which the counter then continues. An interval
// longer than GapFactor × Interval (the sampler was stopped, or stalled) is a gap
// (store.DeltaGap): its counter delta still counts for the GPU's total, but nobody knows
// which jobs held the GPU during it, so it is attributed to none.
//
// # Attribution rule
//
// The interval (t_prev, t_now] of a GPU is attributed to the jobs holding that GPU at t_now.
// If no job holds it at t_now but some held it at t_prev (the job ended during the
// interval), it is attributed to those. With n holders (a shared GPU: shards, MPS,
// OverSubscribe) the energy delta is split equally in whole millijoules and the remainder
// goes one millijoule each to the first jobs in (cluster, job id, submit time) order, so the
// shares add up to the delta exactly; the interval is split the same way into GPU
// milliseconds. Each attribution adds one sample to the job's usage of that GPU, and one
// shared sample when n > 1. Only deltas measured or estimated over a regular interval
// (counter, counter reset, power) are attributed: a gap, a first sample, or a sample with
// neither counter nor power attributes nothing, and nothing is attributed in a round whose
// allocations could not be read. The sampler never invents a holder.
//
// # Slurm device indices
//
// Slurm names a job's GPUs by their index on the node, and the index's meaning depends on
// gres.conf. Config.IndexOrder says which GPU index i is: "minor" (default) the i-th GPU in
// ascending minor number, the order of File=/dev/nvidia[0-N]; "pci" the i-th in ascending
// PCI bus id, what AutoDetect=nvml produces; "nvml" the GPU with NVML index i. The wrong
// order silently attributes a job's energy to another GPU (Princeton Jobstats documents
// ordinal ≠ minor number when PCI order differs), which is why it is a setting and not a
// guess.
//
// # NVML safety
//
// After a failed nvml.Init any other NVML call kills the process (a dynamic-linker abort,
// which Go cannot recover). Start therefore calls Init first and, when it fails, calls
// nothing else — not even Shutdown — and returns an error wrapping ErrUnavailable.
package gpu
