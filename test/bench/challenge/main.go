// Command challenge is `make bench-challenge`: on this machine's CPU it measures the
// compute challenge of pocp/challenge from both sides, for one product of order 1,024 and
// 2,048: the site's side (Compute: generating A and B and the CPU kernel; then Commit and
// Open) and the gateway's (ParseAnswer and Verify of that answer), and prints the ratio
// of the gateway's time to the kernel's against the goal of at most 1 %, with the ratio
// of the operations each spends. It verifies the answer with 64 openings (what
// challenge.OpeningsFor gives for a site right in half its chunks at 2^-64) and with the
// most a spec allows (1,024).
//
// It then checks a challenge of several nodes (-nodes parts of one product of the last
// order, each under its own nonce): the gateway's time for all the parts (ParseAnswers and
// VerifyNodes) against the kernel's time for all of them, against the same goal.
//
// Times are medians of several rounds; compute and verification use the same
// runtime.GOMAXPROCS goroutines.
package main

import (
	"context"
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/petagrid/petagrid/pocp/challenge"
)

// goalRatio is the most the gateway's verification may cost, as a share of the site's
// computation.
const goalRatio = 0.01

func main() {
	orders := flag.String("orders", "1024,2048,4096", "orders to measure, comma-separated")
	openings := flag.String("openings", "64,1024", "openings to verify each answer with, comma-separated")
	computeRounds := flag.Int("compute-rounds", 3, "rounds of Compute per order (the median is reported)")
	verifyRounds := flag.Int("verify-rounds", 15, "rounds of ParseAnswer + Verify per answer (the median is reported)")
	nodes := flag.Int("nodes", 8, "parts of the challenge of several nodes measured (0: none)")
	flag.Parse()
	ns, err := ints(*orders)
	if err != nil {
		fail(err)
	}
	ks, err := ints(*openings)
	if err != nil {
		fail(err)
	}
	if *computeRounds < 1 || *verifyRounds < 1 {
		fail(fmt.Errorf("rounds must be at least 1"))
	}
	fmt.Printf("bench-challenge: %s/%s, GOMAXPROCS %d, %s\n", runtime.GOOS, runtime.GOARCH, runtime.GOMAXPROCS(0), runtime.Version())
	for _, n := range ns {
		if err := measure(n, ks, *computeRounds, *verifyRounds); err != nil {
			fail(err)
		}
	}
	if *nodes > 1 {
		if err := measureNodes(ns[len(ns)-1], *nodes, ks[0], *verifyRounds); err != nil {
			fail(err)
		}
	}
	plans()
}

// measureNodes times a challenge of several nodes: each part computed, committed and
// opened as its node would, then the whole answer parsed and verified as the gateway does.
func measureNodes(order, nodes, openings, verifyRounds int) error {
	ctx := context.Background()
	issued := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	spec := challenge.Spec{
		Version: challenge.SpecVersion, Nonce: sha256.Sum256([]byte("bench-challenge nodes " + strconv.Itoa(order))),
		Order: order, Products: 1, Openings: openings, Nodes: nodes, IssuedAt: issued, Deadline: issued.Add(time.Hour),
	}
	if err := spec.Validate(); err != nil {
		return err
	}
	whole := &challenge.NodesAnswer{Version: challenge.AnswerVersion, Nonce: spec.Nonce}
	var compute time.Duration
	for i := range nodes {
		part, err := spec.PartSpec(i)
		if err != nil {
			return err
		}
		runtime.GC()
		start := time.Now()
		c, err := challenge.Compute(ctx, part, 0)
		if err != nil {
			return err
		}
		compute += time.Since(start)
		tree, err := challenge.Commit(ctx, part, 0, c)
		if err != nil {
			return err
		}
		ans, err := challenge.Open(ctx, part, []*challenge.Tree{tree}, challenge.MatrixChunks(part, [][]int32{c}))
		if err != nil {
			return err
		}
		ans.Devices = []challenge.Device{{Kind: "cpu", Model: "bench CPU", Cores: uint32(runtime.NumCPU())}}
		whole.Parts = append(whole.Parts, *ans)
	}
	data, err := whole.Encode()
	if err != nil {
		return err
	}
	times := make([]time.Duration, verifyRounds)
	for r := range times {
		start := time.Now()
		parts, err := challenge.ParseAnswers(data, spec)
		if err != nil {
			return err
		}
		if _, err := challenge.VerifyNodes(ctx, spec, parts, issued.Add(time.Minute)); err != nil {
			return err
		}
		times[r] = time.Since(start)
	}
	total := median(times)
	ratio := total.Seconds() / compute.Seconds()
	fmt.Printf("order %d, %d nodes of 1 product, %d openings each: compute %.3f s in all (one round), answer %d bytes (at most %d); verify %.2f ms (median of %d); verify/compute %.2f %% (goal ≤ %.0f %%: %s)\n",
		order, nodes, openings, compute.Seconds(), len(data), challenge.MaxAnswerBytes(spec), ms(total), verifyRounds, 100*ratio, 100*goalRatio, verdict(ratio <= goalRatio))
	return nil
}

// plans prints challenges as the gateway would size them (challenge.PlanChallenge) for
// reference nodes over a 15-day epoch, with their verification and capacity shares against
// the goals (≤ 1 % and ≤ 2 %). Claimed rates are the nodes' dense rates on this arithmetic.
func plans() {
	const epochSeconds = 15 * 86400
	fmt.Println("planned challenges (24 per 15-day epoch, deadline at 25 % of the claimed rate):")
	for _, ref := range []struct {
		name             string
		node             float64
		nodes            int
		allowanceSeconds int
	}{
		{"CPU node, 24 Gop/s (this CPU kernel on 2 cores)", 24e9, 100, 60},
		{"4 × A100, 312 TFLOPS BF16 each", 4 * 312e12, 64, 120},
		{"8 × H100, 990 TFLOPS BF16 each", 8 * 990e12, 32, 30},
	} {
		// Three quarters of the site's nodes held at once (gateway.challenges.nodeShare's
		// default of a site all idle), as many as the bounds allow.
		in := challenge.PlanInput{NodeFLOPS: ref.node, SiteFLOPS: float64(ref.nodes) * ref.node, FractionOfPeak: 0.25,
			Allowance: time.Duration(ref.allowanceSeconds) * time.Second, EpochSeconds: epochSeconds, ChallengesPerEpoch: 24,
			Nodes: min((3*ref.nodes+3)/4, challenge.MaxNodes)}
		p, err := challenge.PlanChallenge(in)
		if err != nil {
			fmt.Printf("  %s, site of %d nodes, allowance %d s: %v\n", ref.name, ref.nodes, ref.allowanceSeconds, err)
			continue
		}
		fmt.Printf("  %s, site of %d nodes, allowance %d s: %d of %d nodes asked for, %d products of order %d each, compute %s, window %s; verification %.2g%% of the work (goal ≤ 1 %%: %s), capacity %.3f%% of the site (goal ≤ 2 %%: %s); commits %.3g GB a node, hashed at %.3g GB/s to keep up\n",
			ref.name, ref.nodes, ref.allowanceSeconds, p.Nodes, in.Nodes, p.Products, p.Order, p.ComputeTime.Round(time.Second), p.Window.Round(time.Second),
			100*p.VerifyShare, verdict(p.VerifyShare <= challenge.VerifyBudget), 100*p.CapacityShare, verdict(p.CapacityShare <= challenge.CapacityBudget),
			float64(p.CommittedBytes)/1e9, p.HashBytesPerSecond/1e9)
	}
}

func verdict(met bool) string {
	if met {
		return "met"
	}
	return "MISSED"
}

func measure(order int, openings []int, computeRounds, verifyRounds int) error {
	ctx := context.Background()
	issued := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	spec := challenge.Spec{
		Version: challenge.SpecVersion, Nonce: sha256.Sum256([]byte("bench-challenge " + strconv.Itoa(order))),
		Order: order, Products: 1, Openings: openings[0], IssuedAt: issued, Deadline: issued.Add(time.Hour),
	}
	var c []int32
	computeTimes := make([]time.Duration, computeRounds)
	for r := range computeTimes {
		c = nil
		runtime.GC()
		start := time.Now()
		var err error
		if c, err = challenge.Compute(ctx, spec, 0); err != nil {
			return err
		}
		computeTimes[r] = time.Since(start)
	}
	compute := median(computeTimes)
	start := time.Now()
	tree, err := challenge.Commit(ctx, spec, 0, c)
	if err != nil {
		return err
	}
	commit := time.Since(start)
	macs := float64(order) * float64(order) * float64(order)
	fmt.Printf("order %d, 1 product: compute %.3f s (median of %d; %.2f GMAC/s, generation of A and B included), commit %.1f ms (%d chunks)\n",
		order, compute.Seconds(), computeRounds, macs/compute.Seconds()/1e9, ms(commit), spec.ChunksPerProduct())

	for _, k := range openings {
		spec.Openings = k
		if err := spec.Validate(); err != nil {
			return err
		}
		start := time.Now()
		ans, err := challenge.Open(ctx, spec, []*challenge.Tree{tree}, challenge.MatrixChunks(spec, [][]int32{c}))
		if err != nil {
			return err
		}
		open := time.Since(start)
		data, err := ans.Encode()
		if err != nil {
			return err
		}
		parseTimes := make([]time.Duration, verifyRounds)
		verifyTimes := make([]time.Duration, verifyRounds)
		totalTimes := make([]time.Duration, verifyRounds)
		var res challenge.Result
		for r := range verifyRounds {
			start := time.Now()
			a, err := challenge.ParseAnswer(data, spec)
			if err != nil {
				return err
			}
			parsed := time.Now()
			if res, err = challenge.Verify(ctx, spec, a, issued.Add(time.Minute)); err != nil {
				return err
			}
			parseTimes[r], verifyTimes[r], totalTimes[r] = parsed.Sub(start), time.Since(parsed), time.Since(start)
		}
		total := median(totalTimes)
		ratio := total.Seconds() / compute.Seconds()
		verdict := "met"
		if ratio > goalRatio {
			verdict = "MISSED"
		}
		work := spec.WorkOperations()
		fmt.Printf("  %4d openings: open %.1f ms, answer %d bytes; verify %.2f ms (parse %.2f + verify %.2f, medians of %d); verify/compute %.2f %% (goal ≤ %.0f %%: %s); operations %.3f %% (%d of %d), entries generated %d (compute: %d)\n",
			k, ms(open), len(data), ms(total), ms(median(parseTimes)), ms(median(verifyTimes)), verifyRounds,
			100*ratio, 100*goalRatio, verdict, 100*float64(res.Operations)/float64(work), res.Operations, work,
			res.GeneratedEntries, 2*order*order)
	}
	return nil
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func ints(list string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(list, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("%q: %w", list, err)
		}
		out = append(out, v)
	}
	return out, nil
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bench-challenge:", err)
	os.Exit(1)
}
