# Summarises `go test -bench` output of the workflows package: the median ns/op of each
# benchmark, the cost per step or matrix element, and how the cost grows from the small to
# the large size (10× the input should cost about 10×: linear growth).
/^Benchmark/ {
	name = $1; sub(/-[0-9]+$/, "", name)
	for (i = 3; i < NF; i++) if ($(i+1) == "ns/op") ns[name, ++count[name]] = $i
	for (i = 3; i < NF; i++) if ($(i+1) == "B/op") bytes[name] = $i
	names[name] = 1
}
function median(name,    n, i, j, t, v) {
	n = count[name]
	for (i = 1; i <= n; i++) v[i] = ns[name, i]
	for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
	return (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
}
END {
	printf "%-48s %12s %14s %12s\n", "benchmark", "median ms", "µs per unit", "MB/op"
	for (name in names) {
		split(name, parts, "n=")
		m = median(name)
		med[name] = m
		printf "%-48s %12.2f %14.2f %12.1f\n", name, m / 1e6, m / 1e3 / parts[2], bytes[name] / 1e6
	}
	s1 = med["BenchmarkSteps/n=100"]; s2 = med["BenchmarkSteps/n=1000"]
	m1 = med["BenchmarkMatrix/n=1000"]; m2 = med["BenchmarkMatrix/n=10000"]
	if (s1 && s2) printf "steps: 1,000 vs 100 → %.1f× the time for 10× the steps (linear: 10×); 1,000 steps in %.1f ms (goal: well under 100 ms)\n", s2 / s1, s2 / 1e6
	h1 = med["BenchmarkHostileMatrix/refused/n=100000"]; h2 = med["BenchmarkHostileMatrix/refused-shape/n=100000"]; h3 = med["BenchmarkHostileMatrix/compiled/n=100000"]
	if (h1 && h2) printf "hostile matrix (100,000 combinations of 32 axes, 1,000 excludes): refused over MaxArraySize in %.1f ms, refused for its shape in %.1f ms (goal: well under 100 ms; it ran out of memory before)\n", h1 / 1e6, h2 / 1e6
	if (h3) printf "hostile matrix expanded on a site that allows it: %.1f ms for 100,000 combinations (%.2f µs each)\n", h3 / 1e6, h3 / 1e3 / 100000
	if (m1 && m2) printf "matrix: 10,000 vs 1,000 → %.1f× the time for 10× the elements (linear: 10×); 10,000 elements in %.1f ms (goal: well under 100 ms)\n", m2 / m1, m2 / 1e6
}
