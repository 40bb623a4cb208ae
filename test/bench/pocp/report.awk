# Summarises `go test -bench` output of the pocp package against its goals: the median of
# 15 days of 1-minute slots for 10,000 sites in under 1 s (with the full-sort baseline of
# the same run), and 15 days of NVML samples of 64 GPUs folded in one pass with memory that
# follows the slots, not the samples (10-second vs 1-second sampling, 10× the samples).
/^Benchmark/ {
	name = $1; sub(/-[0-9]+$/, "", name)
	for (i = 3; i < NF; i++) {
		if ($(i+1) == "ns/op") { ns[name] += $i; n[name]++ }
		if ($(i+1) == "B/op") bytes[name] = $i
		if ($(i+1) == "heap-MB") heap[name] = $i
		if ($(i+1) == "samples/op") samples[name] = $i
		if ($(i+1) == "ns/sample") nss[name] += $i
	}
}
END {
	q = ns["BenchmarkMedian10000Sites/quickselect"] / n["BenchmarkMedian10000Sites/quickselect"]
	s = ns["BenchmarkMedian10000Sites/sort-baseline"] / n["BenchmarkMedian10000Sites/sort-baseline"]
	f = ns["BenchmarkSummarisePower10000Sites"] / n["BenchmarkSummarisePower10000Sites"]
	printf "median of 21,600 slots × 10,000 sites: %.3f s (goal < 1 s: %s); full sort baseline %.3f s; ratio %.2f\n", q / 1e9, (q < 1e9 ? "met" : "MISSED"), s / 1e9, q / s
	if (f) printf "full report path (checks, coverage, weighted median, mean) × 10,000 sites: %.3f s (%.0f µs per site)\n", f / 1e9, f / 1e4 / 1e3
	a = "BenchmarkGPUAggregation/gpus=64/every=10s"; b = "BenchmarkGPUAggregation/gpus=64/every=1s"
	held = samples[a] * 48 / 1e6
	printf "64 GPUs × 15 days, 10 s samples: %d samples, %.1f ns/sample, %.2f MB allocated per period, live heap %.2f MB (holding the samples would take ≥ %.0f MB)\n", samples[a], nss[a] / n[a], bytes[a] / 1e6, heap[a], held
	printf "64 GPUs × 15 days,  1 s samples: %d samples, %.1f ns/sample, %.2f MB allocated per period, live heap %.2f MB; memory ratio 1 s / 10 s = %.2f for 10× the samples (goal: ≈ 1)\n", samples[b], nss[b] / n[b], bytes[b] / 1e6, heap[b], bytes[b] / bytes[a]
}
