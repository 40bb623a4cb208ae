package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	accstore "github.com/petagrid/petagrid/accounting/store"
	"github.com/petagrid/petagrid/gateway"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/test/gatewaytest"
	"github.com/petagrid/petagrid/tokenomics"
)

// challengeJobDouble is the start of the test doubles of a dishonest site's challenge
// job: it runs the real challenge into a file of its own, then changes it with the sed
// arguments each double gives before it puts the answer where the site reads it. (The site must never see the true answer:
// it reads the answer file as soon as it exists.)
const challengeJobDouble = `#!/bin/sh
# Test double (TestChallengesOnTheTestClusters): a dishonest site's challenge job.
set -eu
real=%[1]s
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
sed %[2]s "$out.true" > "$out.tmp"
cmp -s "$out.true" "$out.tmp" && { echo "challenge double: nothing changed" >&2; exit 3; }
mv "$out.tmp" "$out"
`

// liarDouble changes the first opened value, as a site would that opens chunks it never
// computed.
func liarDouble(real string) string {
	return fmt.Sprintf(challengeJobDouble, real, `-E '0,/"values":\[-?[0-9]+/s//"values":[7777/'`)
}

// copierDouble names in the answer a GPU that another site registered, as a site would
// that copies another's device identities to pass for hardware it has not.
func copierDouble(real, uuid string) string {
	return fmt.Sprintf(challengeJobDouble, real,
		`-e 's/"devices":\[/"devices":[{"kind":"gpu","uuid":"`+uuid+`","serial":"","pciBusId":"00000000:07:00.0","model":"NVIDIA A100-SXM4-80GB","cores":6912},/'`)
}

// drainHidingDouble is a test double of a dishonest site's sinfo and scontrol: it runs the
// real command and strips the DRAIN flag from the nodes' JSON (sinfo --json on 22.05,
// scontrol --json show nodes from 23.02), so the site shows its drained nodes as available
// (in its registration's live counts and its PoCP slots) as a provider would that edits what
// its daemon reads. Every other use passes through.
const drainHidingDouble = `#!/bin/sh
# Test double (TestChallengesOnTheTestClusters): a dishonest site's %s.
real=%s
case " $* " in
*" --json "*)
	case "$(basename "$real") $*" in
	"sinfo --json" | "scontrol --json show nodes") ;;
	*) exec "$real" "$@" ;;
	esac
	out=$("$real" "$@") || exit $?
	case "$out" in
	*'"nodes"'*) ;;
	*) echo "drain-hiding double: no nodes in $(basename "$real") $*" >&2; exit 3 ;;
	esac
	printf '%%s\n' "$out" | sed -z -e 's/,[[:space:]]*"DRAIN"//g' -e 's/"DRAIN"[[:space:]]*,\{0,1\}//g' ;;
*) exec "$real" "$@" ;;
esac
`

// drainHidingBinDir is a Slurm command directory for slurm.binDir: the real commands,
// linked, and the drain-hiding sinfo and scontrol doubles.
func drainHidingBinDir(t *testing.T) string {
	t.Helper()
	dir := sharedDir(t, "petagrid-drain-hiding-", 0o755)
	for _, cmd := range []string{"sbatch", "squeue", "scontrol", "sinfo", "sacct", "scancel", "sdiag", "srun", "sacctmgr", "sstat"} {
		p, err := exec.LookPath(cmd)
		if err != nil {
			if cmd == "sinfo" || cmd == "scontrol" {
				t.Fatal(err)
			}
			continue
		}
		if cmd == "sinfo" || cmd == "scontrol" {
			if err := os.WriteFile(filepath.Join(dir, cmd), []byte(fmt.Sprintf(drainHidingDouble, cmd, p)), 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.Symlink(p, filepath.Join(dir, cmd)); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// twinBinDir is a Slurm command directory for slurm.binDir: the real commands, linked,
// with sinfo and scontrol behind the slurm-twin double, which lists every node twice.
func twinBinDir(t *testing.T) string {
	t.Helper()
	dir := sharedDir(t, "petagrid-twin-", 0o755)
	double := filepath.Join(dir, "slurm-twin")
	if out, err := exec.Command("go", "build", "-o", double, "github.com/petagrid/petagrid/test/doubles/slurm-twin").CombinedOutput(); err != nil {
		t.Fatalf("building the slurm-twin double: %v\n%s", err, out)
	}
	for _, cmd := range []string{"sbatch", "squeue", "scontrol", "sinfo", "sacct", "scancel", "sdiag", "srun", "sacctmgr", "sstat"} {
		p, err := exec.LookPath(cmd)
		if err != nil {
			continue
		}
		if cmd == "sinfo" || cmd == "scontrol" {
			wrapper := fmt.Sprintf("#!/bin/sh\n# Test double (TestChallengesOnTheTestClusters): a dishonest site's %s.\nexec %s %s \"$@\"\n", cmd, double, p)
			if err := os.WriteFile(filepath.Join(dir, cmd), []byte(wrapper), 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.Symlink(p, filepath.Join(dir, cmd)); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// setNodeState drains or resumes a test cluster's node.
func setNodeState(t *testing.T, confVar, node, state string) {
	t.Helper()
	cmd := exec.Command("scontrol", "update", "nodename="+node, "state="+state, "reason=petagrid e2e: drained under a dishonest site")
	if state != "drain" {
		cmd.Args = cmd.Args[:len(cmd.Args)-1]
	}
	cmd.Env = append(os.Environ(), "SLURM_CONF="+os.Getenv(confVar))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("scontrol update %s state=%s: %v\n%s", node, state, err, out)
	}
}

// TestChallengesOnTheTestClusters: two sites on the two test clusters answer the gateway's
// compute challenges with real Slurm jobs running ` + "`petagrid challenge run`" + `. The
// honest site passes and keeps its epoch's median; the dishonest one (its job's answer
// changed by a double) fails, is slashed on chain, and its epoch counts for nothing. A third
// site shows its drained node as available (its sinfo is a double): the challenge sent to
// that node never runs, is missed, is slashed, and its epoch counts for nothing too. A
// fourth claims twice its inventory (its sinfo and scontrol list each node twice): it is
// challenged on two nodes at once, which Slurm cannot start on a cluster of one; missed,
// slashed, nothing. A fifth names in its answer a GPU the honest site registered (its GPUs
// are a double: identities seeded where NVML's readings go): it fails, is slashed at the
// duplicate identity's fraction and flagged as sharing the GPU, and its epoch counts for
// nothing; the honest site is not flagged. A sixth says its challenge jobs run the GPU
// kernel (site.challenges.kernel: gpu, protocol 6) on nodes without CUDA: its challenge is
// sized for its node's GPUs, its job finds no GPU kernel and gives no answer, and it is
// slashed and counts for nothing.
func TestChallengesOnTheTestClusters(t *testing.T) {
	bridgeA := testBridge(t)
	bridgeB := clusterBridge(t, "PETAGRID_TEST_SLURM_CONF_B", "test/cluster/cluster up --name siteb --gpu-type h100")
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
	// Three-minute epochs from the minute after next: the sites are approved and staked
	// before epoch 0 starts, and observe it whole.
	genesis := time.Now().UTC().Truncate(time.Minute).Add(2 * time.Minute)
	g := gatewaytest.StartGrid(t, func(c *gateway.Config) {
		c.Epochs.Genesis = genesis.Format(time.RFC3339)
		// Three minutes, so that the second cluster's node, drained for about a minute
		// of it, stays available to the honest daemons there for most of the epoch.
		c.Epochs.Period = 3 * time.Minute
		c.Sites.OfflineAfter = 10 * time.Second
		c.PoCP.MinCoverage = 0.5
		off := false
		c.Challenges = gateway.ChallengesConfig{PerEpoch: 1, FractionOfPeak: fraction, Allowance: 10 * time.Second, MinOrder: 256, Openings: 16, CapacityBudget: 0.5,
			// The clusters' GPUs are doubles that no NVML names.
			RequireGPUs: &off}
		c.Economy.Staking = gateway.StakingConfig{PerPetaFLOPS: "1", Unbonding: time.Hour}
	})
	double := filepath.Join(sharedDir(t, "petagrid-liar-", 0o755), "petagrid-liar")
	if err := os.WriteFile(double, []byte(liarDouble(bin)), 0o755); err != nil {
		t.Fatal(err)
	}
	// The honest site's node has four GPUs (Gres=gpu:fake:4), which NVML would name.
	nodesA, err := bridgeA.Nodes(ctx)
	if err != nil || len(nodesA) != 1 {
		t.Fatalf("the first cluster's node: %v %v", nodesA, err)
	}
	var seeded []accstore.GPU
	for i := range 4 {
		seeded = append(seeded, accstore.GPU{UUID: fmt.Sprintf("GPU-0e2e%04d-5f1c-4c2e-9b1a-0d2e3f4a5b6c", i), Node: nodesA[0].Name,
			Name: "NVIDIA A100-SXM4-80GB", PCIBusID: fmt.Sprintf("00000000:%02X:00.0", 7+i), NVMLIndex: i})
	}
	_, honestKey := gridSiteWith(t, g, "honest", "PETAGRID_TEST_SLURM_CONF", "fake", "A100-SXM4-80GB", "1", "", func(o *siteOptions) { o.seedGPUs = seeded })
	copier := filepath.Join(sharedDir(t, "petagrid-copier-", 0o755), "petagrid-copier")
	if err := os.WriteFile(copier, []byte(copierDouble(bin, seeded[2].UUID)), 0o755); err != nil {
		t.Fatal(err)
	}
	_, copierKey := gridSiteWith(t, g, "copier", "PETAGRID_TEST_SLURM_CONF_B", "h100", "H100-SXM5-80GB", "1", "  challenges:\n    binary: "+copier+"\n")
	_, liarKey := gridSiteWith(t, g, "liar", "PETAGRID_TEST_SLURM_CONF_B", "h100", "H100-SXM5-80GB", "1", "  challenges:\n    binary: "+double+"\n")
	_, gpulessKey := gridSiteWith(t, g, "gpuless", "PETAGRID_TEST_SLURM_CONF_B", "h100", "H100-SXM5-80GB", "1", "  challenges:\n    kernel: gpu\n")
	hiding := drainHidingBinDir(t)
	_, drainedKey := gridSiteWith(t, g, "drained", "PETAGRID_TEST_SLURM_CONF_B", "h100", "H100-SXM5-80GB", "1", "", func(o *siteOptions) { o.binDir = hiding })
	_, doubledKey := gridSiteWith(t, g, "doubled", "PETAGRID_TEST_SLURM_CONF", "fake", "A100-SXM4-80GB", "1", "", func(o *siteOptions) { o.binDir = twinBinDir(t) })
	op := g.Client(g.Operator)
	opKey := filepath.Join(g.Dir, "operator.key")
	dir := t.TempDir()
	cli := gatewayCLI(t, bin, dir, g.URL)
	gatewaytest.WaitFor(t, "the six sites registered", time.Minute, func() (bool, error) {
		list, err := op.Providers(ctx)
		return len(list) == 6, err
	})
	// The doubled site claims the first cluster's one node twice.
	list, err := op.Providers(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range list {
		if p.Name == "honest" && len(p.Registration.Inventory.Devices) != 4 {
			t.Fatalf("the honest site registers GPUs %+v, want the four seeded", p.Registration.Inventory.Devices)
		}
		if p.Name != "doubled" {
			continue
		}
		for _, part := range p.Registration.Inventory.Partitions {
			nodes := 0
			for _, sh := range part.Shapes {
				nodes += sh.Nodes
			}
			if nodes != 2 {
				t.Fatalf("the doubled site registers %d nodes in partition %s, want the cluster's one twice", nodes, part.Name)
			}
		}
	}
	// Each provider stakes (from DPS the operator sends), then is approved.
	keys := map[string]string{"honest": honestKey, "liar": liarKey, "drained": drainedKey, "doubled": doubledKey, "copier": copierKey, "gpuless": gpulessKey}
	for name, keyFile := range keys {
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

	// The site that runs the GPU kernel says so in its polls, and only it.
	gatewaytest.WaitFor(t, "the gpuless site's polls saying it runs the GPU kernel", time.Minute, func() (bool, error) {
		list, err := op.Providers(ctx)
		for _, p := range list {
			if p.Name != "gpuless" && p.Live.GPUKernel {
				return false, fmt.Errorf("%s says gpuKernel without running it", p.Name)
			}
			if p.Name == "gpuless" && p.Live.GPUKernel && p.Protocol >= protocol.Version {
				return true, err
			}
		}
		return false, err
	})

	// Epoch 0 begins; the operator challenges five sites at once.
	time.Sleep(time.Until(genesis.Add(2 * time.Second)))
	ids := map[string]string{}
	for _, site := range []string{"honest", "liar", "doubled", "copier", "gpuless"} {
		var ch gatewayapi.Challenge
		if err := json.Unmarshal([]byte(cli("gateway", "challenges", "issue", site, "--key", opKey, "-o", "json")), &ch); err != nil || ch.Site != site {
			t.Fatalf("challenges issue %s: %+v %v", site, ch, err)
		}
		// Each site claims its nodes idle: one node for the honest sites, both of the
		// doubled site's (the default share, 0.75, of two, rounded up).
		if want := map[bool]int{true: 2, false: 1}[site == "doubled"]; ch.Spec.NodeCount() != want {
			t.Fatalf("%s challenged on %d nodes, want %d", site, ch.Spec.NodeCount(), want)
		}
		// Only the site that runs the GPU kernel is timed on its GPUs.
		if want := map[bool]string{true: protocol.TimedGPU, false: protocol.TimedCPU}[site == "gpuless"]; ch.Kernel != want {
			t.Fatalf("%s's challenge sized for %q, want %q", site, ch.Kernel, want)
		}
		ids[site] = ch.ID
	}
	decided := map[string]gatewayapi.Challenge{}
	gatewaytest.WaitFor(t, "the honest site's, the liar's and the copier's challenges decided", 3*time.Minute, func() (bool, error) {
		list, err := op.Challenges(ctx, "", 10)
		for _, c := range list {
			if c.State != store.ChallengeIssued && c.Site != "doubled" && c.Site != "gpuless" {
				decided[c.Site] = c
			}
		}
		return len(decided) == 3, err
	})

	// The second cluster's node is drained; the third site still shows it idle, and is
	// challenged on it. The job cannot start: the challenge is missed.
	nodes, err := bridgeB.Nodes(ctx)
	if err != nil || len(nodes) != 1 {
		t.Fatalf("the second cluster's node: %v %v", nodes, err)
	}
	setNodeState(t, "PETAGRID_TEST_SLURM_CONF_B", nodes[0].Name, "drain")
	resumed := false
	resume := func() {
		if !resumed {
			resumed = true
			setNodeState(t, "PETAGRID_TEST_SLURM_CONF_B", nodes[0].Name, "resume")
		}
	}
	t.Cleanup(resume)
	gatewaytest.WaitFor(t, "the drained node shown idle by the dishonest site", time.Minute, func() (bool, error) {
		list, err := op.Providers(ctx)
		for _, p := range list {
			if p.Name == "drained" {
				for _, part := range p.Live.Partitions {
					for _, sh := range part.Shapes {
						if sh.Idle > 0 {
							return true, err
						}
					}
				}
			}
		}
		return false, err
	})
	var drainedCh gatewayapi.Challenge
	if err := json.Unmarshal([]byte(cli("gateway", "challenges", "issue", "drained", "--key", opKey, "-o", "json")), &drainedCh); err != nil || drainedCh.Site != "drained" {
		t.Fatalf("challenges issue drained: %+v %v", drainedCh, err)
	}
	// The site cancels the job that could not start at the deadline; the node is resumed
	// soon after (past the grace an answer would have), so that the honest daemons on the
	// cluster see it available for most of the epoch.
	time.Sleep(time.Until(drainedCh.Spec.Deadline.Add(protocol.AnswerGrace + 3*time.Second)))
	resume()
	gatewaytest.WaitFor(t, "the drained site's challenge missed and slashed", 3*time.Minute, func() (bool, error) {
		list, err := op.Challenges(ctx, "drained", 10)
		return err == nil && len(list) == 1 && list[0].State == store.ChallengeMissed && list[0].Slash == store.SlashDone, err
	})
	gatewaytest.WaitFor(t, "the doubled site's challenge missed and slashed", 3*time.Minute, func() (bool, error) {
		list, err := op.Challenges(ctx, "doubled", 10)
		return err == nil && len(list) == 1 && list[0].State == store.ChallengeMissed && list[0].Slash == store.SlashDone, err
	})
	// The job of the site without CUDA ends without an answer (or waits behind the
	// cluster's other challenges past its deadline): missed either way, and slashed.
	gatewaytest.WaitFor(t, "the gpuless site's challenge missed and slashed", 3*time.Minute, func() (bool, error) {
		list, err := op.Challenges(ctx, "gpuless", 10)
		return err == nil && len(list) == 1 && list[0].State == store.ChallengeMissed && list[0].Slash == store.SlashDone, err
	})
	honest, liar := decided["honest"], decided["liar"]
	if honest.ID != ids["honest"] || honest.State != store.ChallengePassed || honest.Slash != "" || !strings.Contains(honest.Devices, `"kind":"cpu"`) {
		t.Fatalf("the honest site's challenge: %+v", honest)
	}
	if liar.ID != ids["liar"] || liar.State != store.ChallengeFailed || !strings.Contains(liar.Reasons, "do not lead to the product's root") {
		t.Fatalf("the dishonest site's challenge: %+v", liar)
	}
	if c := decided["copier"]; c.ID != ids["copier"] || c.State != store.ChallengeFailed || c.SlashReason != 1 ||
		!strings.Contains(c.Reasons, "GPU "+seeded[2].UUID+" is registered by site honest") {
		t.Fatalf("the copier's challenge: %+v", c)
	}
	// The copier is flagged as sharing the honest site's GPU; the honest site is not.
	providers, err := op.Providers(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range providers {
		switch {
		case p.Name == "honest" && p.SharedDevices != nil:
			t.Errorf("the honest site is flagged by another site's answer: %+v", p.SharedDevices)
		case p.Name == "copier" && (p.SharedDevices == nil || len(p.SharedDevices.Sites) != 1 || p.SharedDevices.Sites[0] != "honest"):
			t.Errorf("the copier: shared devices %+v, want the honest site's GPU", p.SharedDevices)
		}
	}
	// The failures are slashed on chain, and only they.
	for _, site := range []string{"liar", "copier"} {
		gatewaytest.WaitFor(t, "the "+site+" slashed", time.Minute, func() (bool, error) {
			list, err := op.Challenges(ctx, site, 10)
			return err == nil && len(list) == 1 && list[0].Slash == store.SlashDone, err
		})
	}
	d := g.Gateway.Deployment()
	for name, keyFile := range keys {
		key, _ := reqsign.LoadKeyFile(keyFile)
		stake, err := d.StakeOf(ctx, g.Client(key).Address())
		if err != nil {
			t.Fatal(err)
		}
		want := new(big.Int)
		switch name {
		case "honest":
		case "copier":
			// 50 % (the default fraction for a duplicated identity) of the 20 DPS staked.
			want = tokenomics.MustAmount("10")
		default:
			// 10 % (the default fraction for a failed or missed challenge) of the 20 DPS staked.
			want = tokenomics.MustAmount("2")
		}
		if stake.SlashedWei.Cmp(want) != 0 {
			t.Fatalf("%s: slashed %s wei, want %s", name, stake.SlashedWei, want)
		}
	}
	listed := cli("gateway", "challenges", "list", "--key", opKey)
	if !strings.Contains(listed, "passed") || !strings.Contains(listed, "failed") || !strings.Contains(listed, "done") || !strings.Contains(listed, " gpu ") {
		t.Fatalf("challenges list:\n%s", listed)
	}

	// The sites report epoch 0 with their slot series; at the close the dishonest sites'
	// time is unverified from the start: counted at zero power, their medians are zero.
	gatewaytest.WaitFor(t, "the six sites' reports for epoch 0", 4*time.Minute, func() (bool, error) {
		reps, err := g.Gateway.Store().Reports(ctx, 0, "")
		return len(reps) == 6, err
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
	if sum.Epoch != 0 || honestMedian == 0 || sum.Medians["honest"] != honestMedian || sum.Medians["liar"] != 0 || sum.Medians["drained"] != 0 || sum.Medians["doubled"] != 0 || sum.Medians["copier"] != 0 || sum.Medians["gpuless"] != 0 {
		t.Fatalf("epoch %d medians %v: want the honest site's %d and nothing for the liar, the drained, the doubled site, the copier and the gpuless site", sum.Epoch, sum.Medians, honestMedian)
	}
	if v := sum.Verification["gpuless"]; v.ReportedMegaFLOPS == 0 || v.Challenges.Missed != 1 || !strings.Contains(v.Reason, "zero power") {
		t.Fatalf("the gpuless site's verification: %+v", v)
	}
	if v := sum.Verification["copier"]; v.ReportedMegaFLOPS == 0 || v.Challenges.Failed != 1 || !strings.Contains(v.Reason, "zero power") {
		t.Fatalf("the copier's verification: %+v", v)
	}
	// The doubled site reported twice the honest site's power on the same cluster, and lost it.
	if v := sum.Verification["doubled"]; v.ReportedMegaFLOPS < 2*honestMedian*9/10 || v.Challenges.Missed != 1 || !strings.Contains(v.Reason, "zero power") {
		t.Fatalf("the doubled site's verification: %+v (the honest site's median %d)", v, honestMedian)
	}
	if v := sum.Verification["drained"]; v.ReportedMegaFLOPS == 0 || v.Challenges.Missed != 1 || !strings.Contains(v.Reason, "zero power") {
		t.Fatalf("the drained site's verification: %+v (it must have claimed its drained node, and lost it)", v)
	}
	if v := sum.Verification["liar"]; v.ReportedMegaFLOPS == 0 || v.Challenges.Failed != 1 || !strings.Contains(v.Reason, "zero power") {
		t.Fatalf("the liar's verification: %+v", v)
	}
	if v := sum.Verification["honest"]; v.Challenges.Passed != 1 || v.UnverifiedSeconds != 0 {
		t.Fatalf("the honest site's verification: %+v", v)
	}
}
