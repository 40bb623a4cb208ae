# Summarises `go test -bench` output of the plugin host against its goal: a placement plugin
# call (20 candidates, gRPC over AutoMTLS to a plugin process) at p50 ≤ 200 µs, with the same
# call carrying nothing (the transport's own cost) measured in the same run as the baseline.
/^Benchmark/ {
	name = $1; sub(/-[0-9]+$/, "", name)
	for (i = 3; i < NF; i++) {
		if ($(i+1) == "p50-µs") { p50[name] += $i; n[name]++ }
		if ($(i+1) == "p99-µs") p99[name] += $i
	}
}
END {
	c = "BenchmarkPlacementCall/plugin"; e = "BenchmarkPlacementCallEmpty"
	if (n[c]) {
		pc = p50[c] / n[c]; pe = p50[e] / n[e]
		printf "placement plugin call, 20 candidates: p50 %.0f µs, p99 %.0f µs (goal p50 ≤ 200 µs: %s)\n", pc, p99[c] / n[c], (pc <= 200 ? "met" : "MISSED")
		printf "empty call (the transport alone): p50 %.0f µs, p99 %.0f µs; ratio %.2f\n", pe, p99[e] / n[e], pc / pe
	}
}
