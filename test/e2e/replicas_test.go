package e2e

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	ethcommon "github.com/ethereum/go-ethereum/common"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/gateway"
	"github.com/petagrid/petagrid/gateway/client"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/test/gatewaytest"
	"github.com/petagrid/petagrid/tokenomics"
	"github.com/petagrid/petagrid/workflows"
)

// replicatedSum is a deterministic workflow run on three sites: it sums 1..100000 into
// sum.txt, its declared output. On the cluster named liarCluster the step writes another
// result, standing in for a provider whose machine returns wrong results.
func replicatedSum(liarCluster string) string {
	return replicatedSumWith("{replicas: 3, quorum: 2}", fmt.Sprintf(`if [ "${SLURM_CLUSTER_NAME:-}" = %q ]; then echo 0 > sum.txt; fi`, liarCluster))
}

// replicatedSumWith is the sum workflow with verify and a last shell line of its step. It
// holds a GPU for at least 5 s: over a Compute Hour's thousandth on the test clusters' GPUs
// (the reference's, or faster), so that every run is billed more than nothing and the
// escrow's settlement is a sum worth checking.
func replicatedSumWith(verify, last string) string {
	return fmt.Sprintf(`version: 1
name: replicated-sum
deterministic: true
verify: %s
resources: {gpus: 1, time: 5m, mem: 256M}
steps:
  - name: sum
    run:
      command:
        - sh
        - -c
        - |
          sleep 5
          seq 1 100000 | awk '{ s += $1 } END { print s }' > sum.txt
          %s
    outputs:
      - path: sum.txt
`, verify, last)
}

// honestSumDigest is the outputs digest of an honest sum: from the manifest the prelude
// writes, sha256sum's line for sum.txt in the step's manifest.
func honestSumDigest(t *testing.T) string {
	t.Helper()
	sum := sha256.Sum256([]byte("5000050000\n"))
	honest, err := workflows.OutputsDigest(fstest.MapFS{"sum.sha256": {Data: []byte(hex.EncodeToString(sum[:]) + "  sum.txt\n")}})
	if err != nil {
		t.Fatal(err)
	}
	return honest
}

// replicaGrid is a gateway on the simulated chain with three site daemons run by three
// operators, approved and staked: north and east share the first test cluster, south runs
// on the second (clusterB). The researcher is funded.
type replicaGrid struct {
	g               *gatewaytest.Grid
	res             *client.Client
	cli             func(args ...string) string
	dir, resKey     string
	keys, operators map[string]string
	clusterB        string
}

func startReplicaGrid(ctx context.Context, t *testing.T) replicaGrid {
	t.Helper()
	testBridge(t)
	bridgeB := clusterBridge(t, "PETAGRID_TEST_SLURM_CONF_B", "test/cluster/cluster up --name siteb --gpu-type h100")
	if os.Geteuid() != 0 {
		t.Skip("the site daemons run as root (mapped mode)")
	}
	clusterB, err := bridgeB.ClusterName(ctx)
	if err != nil {
		t.Fatal(err)
	}
	bin := siteBinary(t)
	dir := t.TempDir()
	g := gatewaytest.StartGrid(t, func(c *gateway.Config) {
		c.Sites.OfflineAfter = 10 * time.Second
		c.Economy.Staking = gateway.StakingConfig{PerPetaFLOPS: "1", Unbonding: 3 * time.Hour}
	})
	operators := map[string]string{"north": "uni-north", "east": "uni-east", "south": "uni-south"}
	keys := map[string]string{}
	_, keys["north"] = gridSite(t, g, "north", "PETAGRID_TEST_SLURM_CONF", "fake", "A100-SXM4-80GB", "1")
	_, keys["east"] = gridSite(t, g, "east", "PETAGRID_TEST_SLURM_CONF", "fake", "A100-SXM4-80GB", "1")
	_, keys["south"] = gridSite(t, g, "south", "PETAGRID_TEST_SLURM_CONF_B", "h100", "H100-SXM5-80GB", "1")
	op, res := g.Client(g.Operator), g.Client(g.Researcher)
	opKey, resKey := filepath.Join(g.Dir, "operator.key"), filepath.Join(g.Dir, "researcher.key")
	cli := gatewayCLI(t, bin, dir, g.URL)

	// The daemons register and, once told the gateway speaks protocol 4, say they do too.
	gatewaytest.WaitFor(t, "three sites registered, speaking protocol 4", time.Minute, func() (bool, error) {
		list, err := op.Providers(ctx)
		n := 0
		for _, p := range list {
			if p.Protocol >= protocol.Version {
				n++
			}
		}
		return n == 3, err
	})
	listed, err := op.Providers(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// Each provider stakes, then the operator approves it under its operator's name.
	for _, p := range listed {
		key, err := reqsign.LoadKeyFile(keys[p.Name])
		if err != nil {
			t.Fatal(err)
		}
		if err := op.Fund(ctx, g.Client(key).Address(), "100", "1"); err != nil {
			t.Fatal(err)
		}
		if _, err := g.Client(key).Stake(ctx, tokenomics.MustAmount("20")); err != nil {
			t.Fatal(err)
		}
		cli("gateway", "providers", "approve", p.Name, "--registration", p.RegistrationDigest.Hex(), "--operator", operators[p.Name], "--key", opKey)
	}
	cli("gateway", "fund", res.Address().Hex(), "--dps", "1000", "--eth", "1", "--key", opKey)

	return replicaGrid{g: g, res: res, cli: cli, dir: dir, resKey: resKey, keys: keys, operators: operators, clusterB: clusterB}
}

// TestReplicatedWorkflowOnTheTestClusters: a researcher's deterministic workflow asks for
// three replicas; the gateway places one on each of three site daemons run by three
// operators (two daemons share the first test cluster, the third runs on the second). Each
// replica runs as a real Slurm job, and each site reports the digest of the outputs'
// manifest its job wrote. The replica on the second cluster writes another result: the
// two agreeing replicas win, the dissenting provider is slashed on chain, and the escrow is
// charged for every replica. `petagrid status` shows the vote.
func TestReplicatedWorkflowOnTheTestClusters(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 6*time.Minute)
	defer cancel()
	rg := startReplicaGrid(ctx, t)
	g, res, cli, dir, resKey, keys, operators := rg.g, rg.res, rg.cli, rg.dir, rg.resKey, rg.keys, rg.operators
	liarCluster := rg.clusterB

	file := filepath.Join(dir, "sum.yaml")
	if err := os.WriteFile(file, []byte(replicatedSum(liarCluster)), 0o644); err != nil {
		t.Fatal(err)
	}
	var view struct {
		ID string `json:"id"`
	}
	out := cli("submit", "--key", resKey, "--known-sites", filepath.Join(dir, "known_sites.json"), "--max-cost", "30", "-o", "json", file)
	if err := json.Unmarshal([]byte(out), &view); err != nil || view.ID == "" {
		t.Fatalf("submit: %q %v", out, err)
	}

	var final gatewayapi.Job
	gatewaytest.WaitFor(t, "the replicas ended, the vote decided, the dissent slashed and the escrow settled", 4*time.Minute, func() (bool, error) {
		j, err := res.Job(ctx, view.ID)
		final = j
		if err != nil || j.ReplicaGroup == nil {
			return false, err
		}
		settled := j.EscrowState == store.EscrowSettled
		for _, m := range j.ReplicaGroup.Members {
			if m.Vote == gatewayapi.VoteDissent && m.Slash != store.SlashDone {
				settled = false
			}
		}
		return settled && j.ReplicaGroup.State != gatewayapi.GroupVoting, nil
	})
	gr := final.ReplicaGroup

	honest := honestSumDigest(t)
	if gr.State != gatewayapi.GroupAgreed || gr.OutputsSHA256 != honest || len(gr.Members) != 3 {
		t.Fatalf("the group: %+v, want agreed on %s", gr, honest)
	}
	bySite := map[string]gatewayapi.ReplicaMember{}
	for _, m := range gr.Members {
		bySite[m.Site] = m
	}
	wantCost := tokenomics.MustAmount("0")
	for site := range operators {
		m, ok := bySite[site]
		if !ok {
			t.Fatalf("no replica ran on %s: %+v", site, gr.Members)
		}
		want := gatewayapi.VoteMajority
		if site == "south" {
			want = gatewayapi.VoteDissent
		}
		if m.Vote != want || m.State != "completed" || m.OutputsSHA256 == "" {
			t.Errorf("replica on %s: %+v, want a completed replica voting %s", site, m, want)
		}
		cost, err := protocol.ParseWei(m.CostWei)
		if err != nil || cost.Sign() <= 0 {
			t.Fatalf("replica %s on %s billed %q (%v): every run held a GPU for seconds", m.Job, m.Site, m.CostWei, err)
		}
		wantCost.Add(wantCost, cost)
	}
	if bySite["south"].OutputsSHA256 == honest || bySite["south"].SlashedWei == "" {
		t.Fatalf("the dissent: %+v", bySite["south"])
	}
	if gr.CostWei != wantCost.String() {
		t.Fatalf("the group settles for %s, want every replica's %s", gr.CostWei, wantCost)
	}
	d := g.Gateway.Deployment()
	esc, err := d.EscrowOf(ctx, res.Address(), ethcommon.HexToHash(final.EscrowID))
	if err != nil || esc.Status != contracts.EscrowSettled || esc.Cost.Cmp(wantCost) != 0 {
		t.Fatalf("the escrow on chain: %+v %v, want settled for %s", esc, err, wantCost)
	}
	for site := range operators {
		key, _ := reqsign.LoadKeyFile(keys[site])
		stake, err := d.StakeOf(ctx, g.Client(key).Address())
		if err != nil {
			t.Fatal(err)
		}
		if slashed := stake.SlashedWei.Sign() > 0; slashed != (site == "south") {
			t.Errorf("%s: slashed %s DPS wei on chain", site, stake.SlashedWei)
		}
	}
	status := cli("status", view.ID, "--key", resKey, "--known-sites", filepath.Join(dir, "known_sites.json"))
	for _, want := range []string{"Replicas: 3, quorum 2, agreed on outputs " + honest, "dissent", "majority", "south"} {
		if !strings.Contains(status, want) {
			t.Errorf("petagrid status lacks %q:\n%s", want, status)
		}
	}
}

// TestReplicaRerunOnTheTestClusters: a workflow asks for two replicas, both needed for the
// quorum, and one rerun. The first replica to start fails (a marker directory both clusters
// see stands in for a node that crashes), which alone would leave no quorum. The gateway
// runs it again on the third site, the only operator new to the job; the rerun's honest
// outputs agree with the other replica's, nobody is slashed, and the escrow is charged for
// all three runs. `petagrid status` shows the rerun and what it replaced.
func TestReplicaRerunOnTheTestClusters(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 6*time.Minute)
	defer cancel()
	rg := startReplicaGrid(ctx, t)
	marker := filepath.Join(sharedDir(t, "petagrid-rerun-", 0o1777), "first-start")
	file := filepath.Join(rg.dir, "sum.yaml")
	crashFirst := fmt.Sprintf(`if mkdir %q 2>/dev/null; then echo "the first replica to start fails" >&2; exit 3; fi`, marker)
	if err := os.WriteFile(file, []byte(replicatedSumWith("{replicas: 2, quorum: 2, reruns: 1}", crashFirst)), 0o644); err != nil {
		t.Fatal(err)
	}
	var view struct {
		ID string `json:"id"`
	}
	knownSites := filepath.Join(rg.dir, "known_sites.json")
	out := rg.cli("submit", "--key", rg.resKey, "--known-sites", knownSites, "--max-cost", "30", "-o", "json", file)
	if err := json.Unmarshal([]byte(out), &view); err != nil || view.ID == "" {
		t.Fatalf("submit: %q %v", out, err)
	}
	var final gatewayapi.Job
	gatewaytest.WaitFor(t, "a replica failed, ran again elsewhere, the vote decided and the escrow settled", 4*time.Minute, func() (bool, error) {
		j, err := rg.res.Job(ctx, view.ID)
		final = j
		if err != nil || j.ReplicaGroup == nil {
			return false, err
		}
		return j.EscrowState == store.EscrowSettled && j.ReplicaGroup.State != gatewayapi.GroupVoting, nil
	})
	gr := final.ReplicaGroup
	honest := honestSumDigest(t)
	if gr.State != gatewayapi.GroupAgreed || gr.OutputsSHA256 != honest || len(gr.Members) != 3 || gr.Reruns != 1 {
		t.Fatalf("the group: %+v, want agreed on %s by a replica and a rerun", gr, honest)
	}
	var failed, rerun gatewayapi.ReplicaMember
	sites := map[string]bool{}
	wantCost := tokenomics.MustAmount("0")
	for _, m := range gr.Members {
		sites[m.Site] = true
		switch {
		case m.Replaces != "":
			rerun = m
		case m.State != "completed":
			failed = m
		}
		if m.Slash != "" {
			t.Errorf("replica %s on %s owes a slash: %+v", m.Job, m.Site, m)
		}
		cost, err := protocol.ParseWei(m.CostWei)
		if err != nil || cost.Sign() <= 0 {
			t.Fatalf("replica %s on %s billed %q (%v): every run held a GPU for seconds", m.Job, m.Site, m.CostWei, err)
		}
		wantCost.Add(wantCost, cost)
	}
	if failed.Job == "" || failed.State != "failed" || failed.Vote != gatewayapi.VoteAbstained {
		t.Fatalf("the failed replica: %+v in %+v", failed, gr.Members)
	}
	if rerun.Replaces != failed.Job || rerun.Index != 2 || rerun.State != "completed" || rerun.Vote != gatewayapi.VoteMajority || len(sites) != 3 {
		t.Fatalf("the rerun: %+v (replicas on %v)", rerun, sites)
	}
	if gr.CostWei != wantCost.String() {
		t.Fatalf("the group settles for %s, want every run's %s", gr.CostWei, wantCost)
	}
	esc, err := rg.g.Gateway.Deployment().EscrowOf(ctx, rg.res.Address(), ethcommon.HexToHash(final.EscrowID))
	if err != nil || esc.Status != contracts.EscrowSettled || esc.Cost.Cmp(wantCost) != 0 {
		t.Fatalf("the escrow on chain: %+v %v, want settled for %s", esc, err, wantCost)
	}
	status := rg.cli("status", view.ID, "--key", rg.resKey, "--known-sites", knownSites)
	for _, want := range []string{"Replicas: 2, quorum 2, 1 of 1 reruns used, agreed on outputs " + honest, "RERUN OF", failed.Job} {
		if !strings.Contains(status, want) {
			t.Errorf("petagrid status lacks %q:\n%s", want, status)
		}
	}
}
