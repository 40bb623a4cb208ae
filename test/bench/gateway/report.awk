# Summarises `go test -bench` output of the gateway against its goals: placement of a
# three-step job among 100 sites at ≥ 1,000 decisions/s, and PoCP report verification
# (strict decode, EIP-712 digest, signer recovery) at ≥ 2,000 signatures/s, with bare
# secp256k1 recovery of the same run as the baseline; the decision of a sealed-bid auction of
# 100 bidding sites at ≥ 1,000 decisions/s, against the placement of the same run, and the
# gateway's check of each bid (commitment signature and reveal).
/^Benchmark/ {
	name = $1; sub(/-[0-9]+$/, "", name)
	for (i = 3; i < NF; i++) {
		if ($(i+1) == "decisions/s") { dec[name] += $i; n[name]++ }
		if ($(i+1) == "sigs/s") { sig[name] += $i; n[name]++ }
		if ($(i+1) == "bids/s") { bid[name] += $i; n[name]++ }
	}
}
END {
	p = "BenchmarkPlace100Sites"; v = "BenchmarkVerifyReports/decode+eip712+recover"; r = "BenchmarkVerifyReports/recover-baseline"
	if (n[p]) { d = dec[p] / n[p]; printf "placement, 100 sites, 3-step job: %.0f decisions/s (goal ≥ 1,000: %s)\n", d, (d >= 1000 ? "met" : "MISSED") }
	else print "placement, 100 sites: NO RESULT (the benchmark failed: see above)"
	if (n[v]) {
		s = sig[v] / n[v]; b = sig[r] / n[r]
		printf "PoCP report verification: %.0f signatures/s (goal ≥ 2,000: %s); bare ecrecover baseline %.0f/s; ratio %.2f\n", s, (s >= 2000 ? "met" : "MISSED"), b, s / b
	} else print "PoCP report verification: NO RESULT (the benchmark failed: see above)"
	a = "BenchmarkAuctionDecide100"; c = "BenchmarkAuctionVerify100"
	if (n[a]) {
		ad = dec[a] / n[a]
		printf "auction of 100 bidding sites: %.0f decisions/s (goal ≥ 1,000: %s)", ad, (ad >= 1000 ? "met" : "MISSED")
		if (n[p]) printf "; %.1f × the placement of 100 sites above", ad / (dec[p] / n[p])
		printf "\n"
	}
	else print "auction of 100 bidding sites: NO RESULT (the benchmark failed: see above)"
	if (n[c]) printf "auction bids checked (commitment signature + reveal): %.0f bids/s\n", bid[c] / n[c]
}
