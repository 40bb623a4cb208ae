package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/petagrid/petagrid/gateway"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/test/gatewaytest"
	"github.com/petagrid/petagrid/tokenomics"
)

// liarDouble is a test double of a dishonest site's challenge job: it runs the real
// challenge into a file of its own, then changes the first opened value before it puts the
// answer where the site reads it, as a site would that opens chunks it never computed.
// (The site must never see the true answer: it reads the answer file as soon as it exists.)
const liarDouble = `#!/bin/sh
# Test double (TestChallengesOnTheTestClusters): a dishonest site's challenge job.
set -eu
real=%s
spec=""
out=""
prev=""
for a in "$@"; do
	if [ "$prev" = "--spec" ]; then spec=$a; fi
	if [ "$prev" = "--out" ]; then out=$a; fi
	prev=$a
done
[ -n "$spec" ] && [ -n "$out" ] || { echo "challenge double: no --spec or --out" >&2; exit 2; }
"$real" challenge run --spec "$spec" --out "$out.true"
sed -E '0,/"values":\[-?[0-9]+/s//"values":[7777/' "$out.true" > "$out.tmp"
cmp -s "$out.true" "$out.tmp" && { echo "challenge double: nothing changed" >&2; exit 3; }
mv "$out.tmp" "$out"
`

// TestChallengesOnTheTestClusters: two sites on the two test clusters answer the gateway's
// compute challenges with real Slurm jobs running ` + "`petagrid challenge run`" + `. The
// honest site passes and keeps its epoch's median; the dishonest one (its job's answer
// changed by a double) fails, is slashed on chain, and its epoch counts for nothing.
func TestChallengesOnTheTestClusters(t *testing.T) {
	testBridge(t)
	clusterBridge(t, "PETAGRID_TEST_SLURM_CONF_B", "test/cluster/cluster up --name siteb --gpu-type h100")
	if os.Geteuid() != 0 {
		t.Skip("the site daemons run as root (mapped mode)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 9*time.Minute)
	defer cancel()
	bin := siteBinary(t)
	wp := newWhitepaper(t)
	// The test clusters declare 16 CPUs on a machine of two: the claimed CPU power is about
	// 2.6 TFLOPS of index. The deadline asks for 0.5 Gop/s of it, which the two cores give
	// ten times over beside the rest of the suite: the honest site must pass on time, and
	// the dishonest one fail by its answer alone.
	fraction := 0.5e9 / (float64(wp.cpuScore(16)) * 1e6)
	// Two-minute epochs from the minute after next: the sites are approved and staked
	// before epoch 0 starts, and observe it whole.
	genesis := time.Now().UTC().Truncate(time.Minute).Add(2 * time.Minute)
	g := gatewaytest.StartGrid(t, func(c *gateway.Config) {
		c.Epochs.Genesis = genesis.Format(time.RFC3339)
		c.Epochs.Period = 2 * time.Minute
		c.Sites.OfflineAfter = 10 * time.Second
		c.PoCP.MinCoverage = 0.5
		off := false
		c.Challenges = gateway.ChallengesConfig{PerEpoch: 1, FractionOfPeak: fraction, Allowance: 10 * time.Second, MinOrder: 256, Openings: 16, CapacityBudget: 0.5,
			// The clusters' GPUs are doubles that no NVML names.
			RequireGPUs: &off}
		c.Economy.Staking = gateway.StakingConfig{PerPetaFLOPS: "1", Unbonding: time.Hour}
	})
	double := filepath.Join(sharedDir(t, "petagrid-liar-", 0o755), "petagrid-liar")
	if err := os.WriteFile(double, []byte(fmt.Sprintf(liarDouble, bin)), 0o755); err != nil {
		t.Fatal(err)
	}
	_, honestKey := gridSite(t, g, "honest", "PETAGRID_TEST_SLURM_CONF", "fake", "A100-SXM4-80GB", "1")
	_, liarKey := gridSiteWith(t, g, "liar", "PETAGRID_TEST_SLURM_CONF_B", "h100", "H100-SXM5-80GB", "1", "  challenges:\n    binary: "+double+"\n")
	op := g.Client(g.Operator)
	opKey := filepath.Join(g.Dir, "operator.key")
	dir := t.TempDir()
	cli := func(args ...string) string {
		t.Helper()
		code, stdout, stderr := runPetagrid(t, bin, dir, append(args, "--gateway", g.URL)...)
		if code != 0 {
			t.Fatalf("petagrid %s: exit %d\n%s\n%s", strings.Join(args, " "), code, stdout, stderr)
		}
		return stdout
	}
	gatewaytest.WaitFor(t, "both sites registered", time.Minute, func() (bool, error) {
		list, err := op.Providers(ctx)
		return len(list) == 2, err
	})
	// Each provider stakes (from DPS the operator sends), then is approved.
	for name, keyFile := range map[string]string{"honest": honestKey, "liar": liarKey} {
		key, err := reqsign.LoadKeyFile(keyFile)
		if err != nil {
			t.Fatal(err)
		}
		if err := op.Fund(ctx, g.Client(key).Address(), "100", "1"); err != nil {
			t.Fatal(err)
		}
		cli("provider", "stake", "20", "--key", keyFile)
		if _, err := gatewaytest.ApproveListed(ctx, op, name, ""); err != nil {
			t.Fatal(err)
		}
	}

	// Epoch 0 begins; the operator challenges both sites at once.
	time.Sleep(time.Until(genesis.Add(2 * time.Second)))
	ids := map[string]string{}
	for _, site := range []string{"honest", "liar"} {
		var ch gatewayapi.Challenge
		if err := json.Unmarshal([]byte(cli("gateway", "challenges", "issue", site, "--key", opKey, "-o", "json")), &ch); err != nil || ch.Site != site {
			t.Fatalf("challenges issue %s: %+v %v", site, ch, err)
		}
		ids[site] = ch.ID
	}
	decided := map[string]gatewayapi.Challenge{}
	gatewaytest.WaitFor(t, "both challenges decided", 3*time.Minute, func() (bool, error) {
		list, err := op.Challenges(ctx, "", 10)
		for _, c := range list {
			if c.State != store.ChallengeIssued {
				decided[c.Site] = c
			}
		}
		return len(decided) == 2, err
	})
	honest, liar := decided["honest"], decided["liar"]
	if honest.ID != ids["honest"] || honest.State != store.ChallengePassed || honest.Slash != "" || !strings.Contains(honest.Devices, `"kind":"cpu"`) {
		t.Fatalf("the honest site's challenge: %+v", honest)
	}
	if liar.ID != ids["liar"] || liar.State != store.ChallengeFailed || !strings.Contains(liar.Reasons, "do not lead to the product's root") {
		t.Fatalf("the dishonest site's challenge: %+v", liar)
	}
	// The failure is slashed on chain, and only it.
	gatewaytest.WaitFor(t, "the dishonest site slashed", time.Minute, func() (bool, error) {
		list, err := op.Challenges(ctx, "liar", 10)
		return err == nil && len(list) == 1 && list[0].Slash == store.SlashDone, err
	})
	d := g.Gateway.Deployment()
	for name, keyFile := range map[string]string{"honest": honestKey, "liar": liarKey} {
		key, _ := reqsign.LoadKeyFile(keyFile)
		stake, err := d.StakeOf(ctx, g.Client(key).Address())
		if err != nil {
			t.Fatal(err)
		}
		want := new(big.Int)
		if name == "liar" {
			// 10 % (the default fraction for a failed challenge) of the 20 DPS staked.
			want = tokenomics.MustAmount("2")
		}
		if stake.SlashedWei.Cmp(want) != 0 {
			t.Fatalf("%s: slashed %s wei, want %s", name, stake.SlashedWei, want)
		}
	}
	listed := cli("gateway", "challenges", "list", "--key", opKey)
	if !strings.Contains(listed, "passed") || !strings.Contains(listed, "failed") || !strings.Contains(listed, "done") {
		t.Fatalf("challenges list:\n%s", listed)
	}

	// Both sites report epoch 0 with their slot series; at the close the dishonest site's
	// time is unverified from the start: counted at zero power, its median is zero.
	gatewaytest.WaitFor(t, "both sites' reports for epoch 0", 4*time.Minute, func() (bool, error) {
		reps, err := g.Gateway.Store().Reports(ctx, 0, "")
		return len(reps) == 2, err
	})
	reps, _ := g.Gateway.Store().Reports(ctx, 0, "")
	var honestMedian uint64
	for _, r := range reps {
		if r.Series == "" {
			t.Fatalf("%s's report came without its slot series", r.Site)
		}
		if r.Site == "honest" {
			honestMedian = r.MedianMFLOPS
		}
	}
	sum, err := op.CloseEpoch(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Epoch != 0 || honestMedian == 0 || sum.Medians["honest"] != honestMedian || sum.Medians["liar"] != 0 {
		t.Fatalf("epoch %d medians %v: want the honest site's %d and nothing for the liar", sum.Epoch, sum.Medians, honestMedian)
	}
	if v := sum.Verification["liar"]; v.ReportedMegaFLOPS == 0 || v.Challenges.Failed != 1 || !strings.Contains(v.Reason, "zero power") {
		t.Fatalf("the liar's verification: %+v", v)
	}
	if v := sum.Verification["honest"]; v.Challenges.Passed != 1 || v.UnverifiedSeconds != 0 {
		t.Fatalf("the honest site's verification: %+v", v)
	}
}
