package e2e

import (
	"bufio"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/accounting"
	"github.com/petagrid/petagrid/accounting/store"
	"github.com/petagrid/petagrid/gateway"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	gwstore "github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/pocp/challenge"
	"github.com/petagrid/petagrid/site"
	"github.com/petagrid/petagrid/site/pocpreport"
	"github.com/petagrid/petagrid/slurmbridge"
	"github.com/petagrid/petagrid/test/gatewaytest"
	"github.com/petagrid/petagrid/tokenomics"
	"github.com/petagrid/petagrid/workflows"
)

// These tests run on the multi-node test cluster (make cluster-multi-up): a controller on the
// host and three compute hosts, each slurmd in network, UTS and mount namespaces of its own.

const multiNodes = 3

func multiBridge(t *testing.T) (*slurmbridge.Bridge, string) {
	t.Helper()
	b := clusterBridge(t, "PETAGRID_TEST_SLURM_MULTI_CONF", "make cluster-multi-up")
	data, err := os.ReadFile(os.Getenv("PETAGRID_TEST_SLURM_MULTI_CONF"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^ClusterName=([a-z0-9]+)$`).FindSubmatch(data)
	if m == nil {
		t.Fatal("the multi-node cluster's slurm.conf names no cluster")
	}
	return b, string(m[1])
}

// TestMultiNodeInventory checks the bridge sees every compute host with its own hostname and
// address, each up and answering slurmctld.
func TestMultiNodeInventory(t *testing.T) {
	b, cluster := multiBridge(t)
	nodes, err := b.Nodes(testContext(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(nodes) != multiNodes {
		t.Fatalf("%d nodes, want %d: %+v", len(nodes), multiNodes, nodes)
	}
	addrs := map[string]bool{}
	for i, n := range nodes {
		want := cluster + "-n" + string(rune('1'+i))
		if n.Name != want || n.Hostname != want || n.CPUs != 4 || slurmbridge.GPUs(n.TRES) != 2 {
			t.Errorf("node %d: %+v, want %s with its own hostname, 4 CPUs and 2 GPUs", i, n, want)
		}
		if !strings.HasPrefix(n.Address, "10.77.") || addrs[n.Address] {
			t.Errorf("node %s: address %q, want its own on the cluster's bridge", n.Name, n.Address)
		}
		addrs[n.Address] = true
		if !accounting.Available(n) {
			t.Errorf("node %s is %s %v, want it up and answering", n.Name, n.State, n.Flags)
		}
	}
}

// tcpProfile is the multi-node cluster's site profile (testdata/tcp-site.yaml).
func tcpProfile(t *testing.T) *workflows.SiteProfile {
	t.Helper()
	data, err := os.ReadFile(repoFile(t, "test/e2e/testdata/tcp-site.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := workflows.LoadProfile("tcp-site.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	p.WorkspaceRoot = t.TempDir()
	p.SecretsDir = ""
	return p
}

// buildRing compiles test/mpi/ring.c with Debian's Open MPI into a directory every host sees.
func buildRing(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("mpicc"); err != nil {
		t.Fatal("mpicc is not installed (Debian: apt-get install openmpi-bin libopenmpi-dev; `make test` installs them)")
	}
	dir := sharedDir(t, "petagrid-mpi-", 0o755)
	bin := filepath.Join(dir, "ring")
	if out, err := exec.Command("mpicc", "-O2", "-Wall", "-Werror", "-o", bin, repoFile(t, "test/mpi/ring.c")).CombinedOutput(); err != nil {
		t.Fatalf("mpicc: %v\n%s", err, out)
	}
	return bin
}

// TestMultiNodeMPIAcrossHosts runs the MPI example's workflow, compiled with the site profile
// of a TCP cluster, on three hosts: srun --mpi=pmix starts one rank per host, Open MPI's TCP
// transport carries a token around the ring and an allreduce, and each rank says where it
// ran and with which transport.
func TestMultiNodeMPIAcrossHosts(t *testing.T) {
	b, cluster := multiBridge(t)
	ctx := workflowContext(t, 3*time.Minute)
	ring := buildRing(t)
	p := tcpProfile(t)
	run := runWorkflow(ctx, t, b, p, "docs/examples/mpi-infiniband.yaml", map[string]string{
		"nodes: 2": "nodes: 3", "tasks: 4": "tasks: 3", "tasksPerNode: 2": "tasksPerNode: 1",
		`command: [sh, -c, 'echo "rank ${PMIX_RANK:-$SLURM_PROCID} of $SLURM_NTASKS on $(hostname)"']`: "command: [" + ring + "]",
	}, nil)
	run.state(t, "allreduce", slurmbridge.StateCompleted, 0)
	out := run.file(t, ".petagrid/logs/allreduce.out")
	hosts := map[string]bool{}
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 7 && f[0] == "rank" && f[2] == "of" && f[3] == "3" && f[4] == "on" {
			hosts[f[5]] = true
			if f[6] != "btl=tcp,self" {
				t.Errorf("rank %s ran with %s, want the profile's btl=tcp,self", f[1], f[6])
			}
		}
	}
	var names []string
	for h := range hosts {
		names = append(names, h)
	}
	sort.Strings(names)
	want := []string{cluster + "-n1", cluster + "-n2", cluster + "-n3"}
	if strings.Join(names, " ") != strings.Join(want, " ") {
		t.Errorf("ranks ran on %v, want one on each of %v:\n%s\nstderr:\n%s", names, want, out, run.tryFile(".petagrid/logs/allreduce.err"))
	}
	if !regexp.MustCompile(`(?m)^ring of 3 ranks: `+cluster+`-n\d `+cluster+`-n\d `+cluster+`-n\d$`).MatchString(out) || !strings.Contains(out, "allreduce sum 3\n") {
		t.Errorf("the token did not go round the three hosts, or the allreduce is wrong:\n%s", out)
	}
	if got := run.jobs["allreduce"][0].Nodes; got != cluster+"-n[1-3]" {
		t.Errorf("Slurm ran the job on %q, want %s-n[1-3]", got, cluster)
	}
	env := run.file(t, ".petagrid/env/allreduce.env")
	for _, v := range []string{"OMPI_MCA_btl=tcp,self\x00", "OMPI_MCA_pml=ob1\x00", "OMPI_MCA_btl_tcp_if_include=eth0\x00", "UCX_TLS=tcp\x00"} {
		if !strings.Contains(env, v) {
			t.Errorf("the step's environment lacks the TCP profile's %q: %q", v, env)
		}
	}
}

// TestMultiNodeAvailabilityAndPoCP samples the three hosts' availability for two slots, the
// second with one host drained, and builds the PoCP report from those slots: it must see three
// nodes of power, then two.
func TestMultiNodeAvailabilityAndPoCP(t *testing.T) {
	b, cluster := multiBridge(t)
	ctx := testContext(t)
	const slot = 10 * time.Second
	st, sampler := multiSampler(ctx, t, b, cluster, slot)
	first := time.Now().UTC().Truncate(slot)
	if first.Add(slot).Truncate(time.Hour) != first.Truncate(time.Hour) {
		first = first.Add(-slot) // both slots in one hour-long period
	}
	if _, err := sampler.SampleSlot(ctx, first); err != nil {
		t.Fatal(err)
	}
	down := cluster + "-n3"
	// Drained rather than set DOWN: ReturnToService=2 would bring a DOWN node back as soon
	// as its slurmd next registers.
	if out, err := scontrolMulti(ctx, "update", "NodeName="+down, "State=DRAIN", "Reason=petagrid-test"); err != nil {
		t.Fatalf("scontrol: %v\n%s", err, out)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if out, err := scontrolMulti(ctx, "update", "NodeName="+down, "State=RESUME"); err != nil {
			t.Errorf("resuming %s: %v\n%s", down, err, out)
		}
		waitAllAvailable(ctx, t, b)
	})
	if _, err := sampler.SampleSlot(ctx, first.Add(slot)); err != nil {
		t.Fatal(err)
	}
	slots, err := st.NodeSlots(ctx, cluster, first, first.Add(2*slot))
	if err != nil {
		t.Fatal(err)
	}
	up := map[time.Time]int{}
	for _, s := range slots {
		if s.Available {
			up[s.SlotStart]++
		} else if s.Node != down || !s.SlotStart.Equal(first.Add(slot)) {
			t.Errorf("node %s unavailable in slot %s (%s %v)", s.Node, s.SlotStart, s.State, s.Flags)
		}
	}
	if len(slots) != 2*multiNodes || up[first] != 3 || up[first.Add(slot)] != 2 {
		t.Fatalf("stored %d node slots, available %v; want 3 nodes then 2", len(slots), up)
	}

	cfg, cat := multiPoCP(t)
	gpus, err := cat.Score(tokenomics.DeviceSpec{Model: "A100-SXM4-40GB", Count: big.NewRat(2, 1)})
	if err != nil {
		t.Fatal(err)
	}
	cpuSpec, err := cat.CPUSpec("EPYC-7763", 4)
	if err != nil {
		t.Fatal(err)
	}
	cpus, err := cat.Score(cpuSpec)
	if err != nil {
		t.Fatal(err)
	}
	nodeIndex := gpus.TotalMegaFLOPS + cpus.TotalMegaFLOPS
	epoch, _ := cfg.Calendar.PeriodAt(first)
	rep, summary, err := pocpreport.Build(ctx, st, cat, cfg, cluster, epoch, int64(slot/time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if rep.SlotsCovered != 2 || rep.MaxMegaFLOPS != 3*nodeIndex || rep.MedianMegaFLOPS < 2*nodeIndex || rep.MedianMegaFLOPS > 3*nodeIndex {
		t.Errorf("report: %d slots covered, max %d, median %d MFLOPS; want 2 slots, max 3 nodes (%d), median between 2 and 3 nodes",
			rep.SlotsCovered, rep.MaxMegaFLOPS, rep.MedianMegaFLOPS, 3*nodeIndex)
	}
	if len(summary.Runs) != 2 || summary.Runs[0].PowerMegaFLOPS != 3*nodeIndex || summary.Runs[1].PowerMegaFLOPS != 2*nodeIndex {
		t.Errorf("slot series %+v, want 3 nodes' power then 2 nodes'", summary.Runs)
	}
}

// waitAllAvailable waits until every host of the multi-node cluster can take work.
func waitAllAvailable(ctx context.Context, t *testing.T, b *slurmbridge.Bridge) {
	t.Helper()
	for {
		nodes, err := b.Nodes(ctx)
		if err != nil {
			t.Fatal(err)
		}
		ready := len(nodes) == multiNodes
		for _, n := range nodes {
			ready = ready && accounting.Available(n)
		}
		if ready {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("the multi-node cluster's hosts are not all in service: %+v", nodes)
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// multiSampler is a node sampler of the multi-node cluster into a new accounting store.
func multiSampler(ctx context.Context, t *testing.T, b *slurmbridge.Bridge, cluster string, slot time.Duration) (*store.Store, *accounting.NodeSampler) {
	t.Helper()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "accounting.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	log := logrus.New()
	log.SetOutput(io.Discard)
	return st, accounting.NewNodeSampler(b, st, cluster, slot, nil, "test", log, nil)
}

// multiPoCP is the PoCP configuration of the multi-node cluster's reports (hour-long
// periods; each host's 2 fake GPUs count as A100s, its 4 CPUs as EPYC-7763 cores) and the
// embedded catalog.
func multiPoCP(t *testing.T) (pocpreport.Resolved, *tokenomics.Catalog) {
	t.Helper()
	cfg, err := pocpreport.Config{Genesis: "2020-01-01T00:00:00Z", Period: time.Hour,
		Hardware: pocpreport.Hardware{CPU: "EPYC-7763", GPUModels: map[string]string{"fake": "A100-SXM4-40GB"}}}.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	cat, err := tokenomics.LoadEmbeddedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	return cfg, cat
}

func scontrolMulti(ctx context.Context, args ...string) ([]byte, error) {
	return slurmMulti(ctx, "scontrol", args...)
}

// slurmMulti runs a Slurm command on the multi-node cluster.
func slurmMulti(ctx context.Context, command string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, command, args...)
	cmd.Env = append(os.Environ(), "SLURM_CONF="+os.Getenv("PETAGRID_TEST_SLURM_MULTI_CONF"))
	return cmd.CombinedOutput()
}

// TestMultiNodeHostKilledMidJob kills a compute host (its slurmd, the job's slurmstepd and
// tasks: everything in its network namespace) while a two-host step runs. Slurm must notice
// within its SlurmdTimeout, end the job with NODE_FAIL and requeue it, as the step's retry
// says; the step runs again on two live hosts and succeeds; its attempts record the requeue.
// Availability sampled every second shows the host's outage, and the PoCP slot series drops
// to two hosts' power and back. The figures go to docs/reliability.md.
func TestMultiNodeHostKilledMidJob(t *testing.T) {
	b, cluster := multiBridge(t)
	ctx := workflowContext(t, 5*time.Minute)
	// A test before may have left a host coming back (Slurm pings a resumed node before it
	// counts as responding): every host must be in service before the outage is measured.
	waitAllAvailable(ctx, t, b)
	const slot = 2 * time.Second
	st, sampler := multiSampler(ctx, t, b, cluster, slot)
	sampleCtx, stopSampling := context.WithCancel(ctx)
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for sampleCtx.Err() == nil {
			// A failed sample leaves its slot unobserved, which the checks below allow.
			sampler.SampleSlot(sampleCtx, time.Now())
			select {
			case <-sampleCtx.Done():
			case <-time.After(time.Second):
			}
		}
	}()
	defer func() { stopSampling(); <-sampled }()
	testStart := time.Now().UTC()

	data, err := os.ReadFile(repoFile(t, "test/e2e/testdata/node-fail.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	wf, err := workflows.Parse("node-fail.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	plan, ids := submitWorkflow(ctx, t, b, tcpProfile(t), wf, workflows.CompileOptions{RunID: "nf" + strings.TrimPrefix(uniqueTag(t), "e2e-")}, nil)
	id := ids["spread"]

	// Wait for both tasks to run, then kill the job's first host: the batch host.
	attemptsOut := filepath.Join(plan.Workspace, ".petagrid", "logs", "spread.out")
	var victim string
	for victim == "" {
		j, err := b.JobDetail(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		out, _ := os.ReadFile(attemptsOut)
		if j.State == slurmbridge.StateRunning && strings.Count(string(out), "attempt 1 rank") == 2 {
			m := regexp.MustCompile(`^` + cluster + `-n\[?(\d)`).FindStringSubmatch(j.Nodes)
			if m == nil {
				t.Fatalf("job %d runs on %q", id, j.Nodes)
			}
			victim = m[1]
			break
		}
		if ctx.Err() != nil || j.State.Terminal() {
			t.Fatalf("job %d never ran on two hosts: %s", id, j.State)
		}
		time.Sleep(200 * time.Millisecond)
	}
	victimNode := cluster + "-n" + victim
	t.Cleanup(func() { restartMultiNode(t, cluster) })
	killed := time.Now()
	if out, err := exec.CommandContext(ctx, "sh", "-c", `ip netns pids "$1" | xargs -r kill -9`, "kill-host", "petagrid-"+victimNode).CombinedOutput(); err != nil {
		t.Fatalf("killing host %s: %v\n%s", victimNode, err, out)
	}

	// Slurm notices the host is gone.
	var detected time.Duration
	for detected == 0 {
		out, err := slurmMulti(ctx, "sinfo", "-h", "-N", "-n", victimNode, "-o", "%T")
		if err != nil {
			t.Fatalf("sinfo: %v\n%s", err, out)
		}
		if state := strings.TrimSpace(string(out)); strings.HasPrefix(state, "down") || strings.HasSuffix(state, "*") {
			detected = time.Since(killed)
		} else {
			time.Sleep(250 * time.Millisecond)
		}
	}
	// The admin brings the host back; ReturnToService=2 puts it in service when its slurmd
	// registers.
	restartMultiNode(t, cluster)
	back := time.Since(killed)
	recs, err := b.WaitForJob(ctx, id, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	finished := time.Since(killed)
	if len(recs) != 1 || recs[0].State != slurmbridge.StateCompleted {
		t.Fatalf("job %d ended %+v, want COMPLETED after its requeue", id, recs)
	}

	// Slurm's accounting holds the failed run and the one after the requeue.
	out, err := slurmMulti(ctx, "sacct", "-D", "-X", "-n", "-P", "-j", fmt.Sprint(id), "-o", "State,Submit,Eligible,NodeList")
	if err != nil {
		t.Fatalf("sacct: %v\n%s", err, out)
	}
	runs := strings.Split(strings.TrimSpace(string(out)), "\n")
	var heldFor time.Duration
	if len(runs) != 2 || !strings.HasPrefix(runs[0], "NODE_FAIL|") || !strings.HasPrefix(runs[1], "COMPLETED|") {
		t.Errorf("sacct -D: %q, want NODE_FAIL then COMPLETED", runs)
	} else if f := strings.Split(runs[1], "|"); len(f) == 4 {
		// Slurm holds a requeued batch job back (BeginTime) before it may start again.
		submit, err1 := time.Parse("2006-01-02T15:04:05", f[1])
		eligible, err2 := time.Parse("2006-01-02T15:04:05", f[2])
		if err1 == nil && err2 == nil {
			heldFor = eligible.Sub(submit)
		}
	}
	attempts, _ := os.ReadFile(filepath.Join(plan.Workspace, ".petagrid", "state", "spread.attempts"))
	if got := regexp.MustCompile(`(?m)^(\d+) (\d+) (\S+) \d+$`).FindAllStringSubmatch(string(attempts), -1); len(got) != 2 ||
		got[0][3] != "REQUEUED" || got[1][1] != "2" || got[1][3] != "success" {
		t.Errorf("attempts %q, want attempt 1 requeued and attempt 2 succeeding", attempts)
	}

	stopSampling()
	<-sampled
	slots, err := st.NodeSlots(ctx, cluster, testStart.Truncate(slot), time.Now().Add(slot))
	if err != nil {
		t.Fatal(err)
	}
	var outageSlots int
	for _, s := range slots {
		if s.Node == victimNode && !s.Available {
			outageSlots++
		} else if !s.Available {
			t.Errorf("node %s unavailable at %s (%s %v)", s.Node, s.SlotStart, s.State, s.Flags)
		}
	}
	if outageSlots == 0 {
		t.Errorf("availability never showed %s down", victimNode)
	}
	cfg, cat := multiPoCP(t)
	epoch, _ := cfg.Calendar.PeriodAt(killed)
	_, summary, err := pocpreport.Build(ctx, st, cat, cfg, cluster, epoch, int64(slot/time.Second))
	if err != nil {
		t.Fatal(err)
	}
	var low, full uint64
	for _, r := range summary.Runs {
		full = max(full, r.PowerMegaFLOPS)
	}
	low = full
	for _, r := range summary.Runs {
		low = min(low, r.PowerMegaFLOPS)
	}
	if full == 0 || low*3 != full*2 || summary.Runs[len(summary.Runs)-1].PowerMegaFLOPS != full {
		t.Errorf("PoCP slot series %+v: want it to drop from three hosts' power to two, and come back", summary.Runs)
	}
	t.Logf("host %s killed: Slurm marked it down after %.1f s and requeued the job; the host was back in service %.1f s after the kill; Slurm held the requeued job %.0f s before it could start again, and it completed %.1f s after the kill; availability showed the host out for %d of %d sampled %s slots; PoCP power fell from %d to %d MFLOPS (three hosts to two) and came back",
		victimNode, detected.Seconds(), back.Seconds(), heldFor.Seconds(), finished.Seconds(), outageSlots, len(slots)/multiNodes, slot, full, low)
}

// restartMultiNode starts again whatever slurmd of the multi-node cluster is not running, and
// waits until every host is back in service, through the harness as make does.
func restartMultiNode(t *testing.T, cluster string) {
	t.Helper()
	if out, err := exec.Command(repoFile(t, "test/cluster/cluster"), "up", "--name", cluster).CombinedOutput(); err != nil {
		t.Errorf("restarting the multi-node cluster: %v\n%s", err, out)
	}
}

// TestMultiNodeChallengeAcrossHosts: an honest site on the three-host cluster is challenged
// on all three of its idle nodes at once (the default share, 0.75, of three, rounded up),
// twice. The first job holds the three hosts; `petagrid challenge run --parts` runs on each
// (a task per host, each computing its own part), `challenge combine` joins the parts, and
// the gateway checks every part and passes the challenge. Then the cluster's partitions
// allow two nodes per job (MaxNodes=2): the second challenge's job is heterogeneous, two
// hosts and one, which Slurm starts together, with one srun step across both; it passes
// too. What only real Slurm across hosts can show: the parts' directory, the spec and the
// binary reach every host, srun starts one part per host within the deadline, and the
// step's ranks run across a heterogeneous job's components.
func TestMultiNodeChallengeAcrossHosts(t *testing.T) {
	multiBridge(t)
	if os.Geteuid() != 0 {
		t.Skip("the site daemon runs as root (mapped mode)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	bin := siteBinary(t)
	wp := newWhitepaper(t)
	// Each host declares 4 CPUs; the three share this machine's two cores. The deadline asks
	// each part for 0.15 Gop/s of its host's claimed CPU power, which the cores give many
	// times over for the three parts at once, over four allowances of 20 s: a heterogeneous
	// job waits for the backfill scheduler's next cycle (30 s apart) to start.
	fraction := 0.15e9 / (float64(wp.cpuScore(4)) * 1e6)
	g := gatewaytest.StartGrid(t, func(c *gateway.Config) {
		// Epoch 0 starts in two hours: the gateway draws no challenge of its own during the
		// test, so each one issued below finds the three hosts idle.
		c.Epochs.Genesis = time.Now().UTC().Truncate(time.Minute).Add(2 * time.Hour).Format(time.RFC3339)
		off := false
		c.Challenges = gateway.ChallengesConfig{PerEpoch: 1, FractionOfPeak: fraction, Allowance: 20 * time.Second, MinOrder: 256, Openings: 16, CapacityBudget: 0.5,
			// The hosts' GPUs are doubles that no NVML names.
			RequireGPUs: &off}
	})
	gridSiteWith(t, g, "hosts", "PETAGRID_TEST_SLURM_MULTI_CONF", "fake", "A100-SXM4-80GB", "1", "")
	op := g.Client(g.Operator)
	opKey := filepath.Join(g.Dir, "operator.key")
	cli := gatewayCLI(t, bin, t.TempDir(), g.URL)
	gatewaytest.WaitFor(t, "the site registered", time.Minute, func() (bool, error) {
		list, err := op.Providers(ctx)
		return len(list) == 1, err
	})
	if _, err := gatewaytest.ApproveListed(ctx, op, "hosts", ""); err != nil {
		t.Fatal(err)
	}

	// Six rounds: no limit; the partitions' MaxNodes=2; the association's per-job limit of
	// 2 nodes (sacctmgr's MaxNodes on the account the pool account's jobs run in, which its
	// user association inherits) with the partitions unlimited again; then, without it, a
	// default QOS of the pool account with MaxTRESPerJob=node=2; then, without that, the
	// same limit on QOS normal, which the pool account's jobs run under when it has no
	// default QOS; then a partition QOS of node=2 while QOS normal has node=1: the
	// partition's QOS comes first in Slurm's precedence, so the split is 2 and 1 (by the
	// smaller limit it would be three components of one node). Each change is undone at
	// the test's end, to what was there.
	restoreParts := partitionsMaxNodes(ctx, t)
	t.Cleanup(func() { setPartitionsMaxNodes(context.Background(), t, restoreParts) })
	acct := saveAccounting(ctx, t)
	for round, limit := range []string{"UNLIMITED", "2", "association 2", "default qos 2", "qos normal 2", "partition qos 2 over qos normal 1"} {
		switch limit {
		case "2":
			setPartitionsMaxNodes(ctx, t, map[string]string{"cpu": limit, "gpu": limit})
		case "association 2":
			setPartitionsMaxNodes(ctx, t, restoreParts)
			acct.sacctmgr(ctx, "modify", "account", gridAccount, "where", "cluster="+acct.cluster, "set", "MaxNodes=2")
		case "default qos 2":
			acct.sacctmgr(ctx, "modify", "account", gridAccount, "where", "cluster="+acct.cluster, "set", "MaxNodes="+acct.accountMaxNodes)
			acct.sacctmgr(ctx, "add", "qos", poolQOS, "MaxTRESPerJob=node=2")
			acct.sacctmgr(ctx, "modify", "user", gridPoolUser, "where", "cluster="+acct.cluster, "set", "qos+="+poolQOS, "defaultqos="+poolQOS)
		case "qos normal 2":
			acct.dropPoolQOS(ctx)
			acct.sacctmgr(ctx, "modify", "qos", "normal", "set", "MaxTRESPerJob=node=2")
		case "partition qos 2 over qos normal 1":
			acct.sacctmgr(ctx, "modify", "qos", "normal", "set", "MaxTRESPerJob=node=1")
			acct.sacctmgr(ctx, "add", "qos", partitionQOS, "MaxTRESPerJob=node=2")
			// slurmctld hears of the new QOS from slurmdbd, a moment after sacctmgr returns.
			want := map[string]string{"cpu": partitionQOS, "gpu": partitionQOS}
			gatewaytest.WaitFor(t, "the partitions under the new QOS", 30*time.Second, func() (bool, error) {
				for p, q := range want {
					if _, err := slurmMulti(ctx, "scontrol", "update", "PartitionName="+p, "QOS="+q); err != nil {
						return false, nil
					}
				}
				return maps.Equal(partitionsQOS(ctx, t), want), nil
			})
		}
		gatewaytest.WaitFor(t, "the site's polls (of this protocol) showing its three hosts idle", 2*time.Minute, func() (bool, error) {
			list, err := op.Providers(ctx)
			if err != nil || len(list) != 1 || list[0].Protocol < protocol.Version {
				return false, err
			}
			for _, part := range list[0].Live.Partitions {
				for _, sh := range part.Shapes {
					if sh.Idle == multiNodes {
						return true, nil
					}
				}
			}
			return false, nil
		})
		var ch gatewayapi.Challenge
		if err := json.Unmarshal([]byte(cli("gateway", "challenges", "issue", "hosts", "--key", opKey, "-o", "json")), &ch); err != nil || ch.Site != "hosts" {
			t.Fatalf("challenges issue: %+v %v", ch, err)
		}
		if ch.Spec.NodeCount() != multiNodes || ch.Kernel != protocol.TimedCPU {
			t.Fatalf("challenged on %d nodes (%s), want all %d idle hosts, timed on their CPUs", ch.Spec.NodeCount(), ch.Kernel, multiNodes)
		}
		var decided gatewayapi.Challenge
		gatewaytest.WaitFor(t, "the challenge decided", 3*time.Minute, func() (bool, error) {
			list, err := op.Challenges(ctx, "hosts", 10)
			if err != nil {
				return false, err
			}
			for _, c := range list {
				if c.ID == ch.ID {
					decided = c
					return c.State != gwstore.ChallengeIssued, nil
				}
			}
			return false, nil
		})
		if decided.State != gwstore.ChallengePassed || decided.Slash != "" || decided.DecidedAt == nil {
			t.Fatalf("limit %s: the honest site's challenge across hosts: %s (%s), slash %q", limit, decided.State, decided.Reasons, decided.Slash)
		}
		// One list of devices per part, each naming its host's CPU.
		var parts [][]challenge.Device
		if err := json.Unmarshal([]byte(decided.Devices), &parts); err != nil || len(parts) != multiNodes {
			t.Fatalf("the answer's devices: %v %s", err, decided.Devices)
		}
		for i, devices := range parts {
			if len(devices) == 0 || devices[0].Kind != "cpu" {
				t.Errorf("part %d names devices %+v, want its host's CPU", i, devices)
			}
		}
		// Slurm ran the challenge's one job on the three hosts: one allocation, or two
		// components of two hosts and one under the limit.
		// The job's end reaches slurmdbd a moment after the answer reached the gateway.
		var rows []string
		gatewaytest.WaitFor(t, "the challenge's job ended in accounting", time.Minute, func() (bool, error) {
			out, err := slurmMulti(ctx, "sacct", "-a", "-X", "-n", "-P", "--name", site.ChallengeTag(ch.ID), "-S", "now-15minutes", "-o", "JobID,State,NodeList")
			if err != nil {
				return false, fmt.Errorf("sacct: %w\n%s", err, out)
			}
			rows = strings.Fields(strings.TrimSpace(string(out)))
			return len(rows) > 0 && !strings.Contains(string(out), "RUNNING") && !strings.Contains(string(out), "COMPLETING"), nil
		})
		// One allocation of the three hosts, or (under the limit) components of two hosts
		// and one, N+0 and N+1, on three distinct hosts.
		wantNodes, wantID := []int{3}, regexp.MustCompile(`^[0-9]+$`)
		if limit != "UNLIMITED" {
			wantNodes, wantID = []int{2, 1}, regexp.MustCompile(`^[0-9]+\+[01]$`)
		}
		hosts := map[string]bool{}
		for i, row := range rows {
			f := strings.Split(row, "|")
			if len(rows) != len(wantNodes) || len(f) != 3 || !wantID.MatchString(f[0]) || f[1] != "COMPLETED" {
				t.Fatalf("limit %s: the challenge's job in sacct: %q, want %d allocation(s) COMPLETED", limit, rows, len(wantNodes))
			}
			names, err := slurmbridge.ExpandHostlist(f[2])
			if err != nil || len(names) != wantNodes[i] {
				t.Fatalf("limit %s: allocation %s on %q (%v), want %d hosts", limit, f[0], f[2], err, wantNodes[i])
			}
			for _, n := range names {
				hosts[n] = true
			}
		}
		if len(hosts) != multiNodes {
			t.Fatalf("limit %s: the challenge's job ran on %v, want the %d hosts", limit, hosts, multiNodes)
		}
		t.Logf("round %d, per-job node limit %s: challenge of %d nodes (order %d, %d products per part, deadline %s after issue) passed %.1f s after issue; Slurm: %s",
			round+1, limit, ch.Spec.NodeCount(), ch.Spec.Order, ch.Spec.Products, ch.Spec.Deadline.Sub(ch.Spec.IssuedAt), decided.DecidedAt.Sub(ch.IssuedAt).Seconds(), strings.Join(rows, " "))
	}
}

// gridAccount and gridPoolUser are the account and user the grid pool account's jobs run
// as on the multi-node cluster (grid.localUser, its default account as test/cluster/cluster
// creates it).
const (
	gridAccount  = "research"
	gridPoolUser = "pgalice"
)

// poolQOS is the QOS a round makes the grid pool account's default; partitionQOS the one
// a round gives the partitions.
const (
	poolQOS      = "petagrid-e2e-pool"
	partitionQOS = "petagrid-e2e-partition"
)

// savedAccounting is what TestMultiNodeChallengeAcrossHosts changes of the multi-node
// cluster's accounting, as it was: restored at the test's end.
type savedAccounting struct {
	t       *testing.T
	cluster string
	// accountMaxNodes is the account's MaxNodes, "-1" for none; normalNodes QOS normal's
	// per-job node limit, "-1" for none; poolDefaultQOS the pool user's default QOS, "-1"
	// for none.
	accountMaxNodes, normalNodes, poolDefaultQOS string
}

func (a *savedAccounting) sacctmgr(ctx context.Context, args ...string) []byte {
	a.t.Helper()
	out, err := slurmMulti(ctx, "sacctmgr", append([]string{"-i"}, args...)...)
	if err != nil {
		a.t.Errorf("sacctmgr %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return out
}

// read runs a sacctmgr query (-nP) and returns its one line.
func (a *savedAccounting) read(ctx context.Context, args ...string) string {
	a.t.Helper()
	out, err := slurmMulti(ctx, "sacctmgr", append([]string{"-nP"}, args...)...)
	if err != nil {
		a.t.Fatalf("sacctmgr %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// saveAccounting records the limits the test changes and undoes them at its end. A QOS left
// by a run that was killed before its cleanup is dropped first.
func saveAccounting(ctx context.Context, t *testing.T) *savedAccounting {
	t.Helper()
	a := &savedAccounting{t: t, cluster: multiClusterName(ctx, t)}
	a.dropPoolQOS(ctx)
	orNone := func(v string) string { return cmp.Or(v, "-1") }
	a.accountMaxNodes = orNone(a.read(ctx, "show", "assoc", "where", "cluster="+a.cluster, "account="+gridAccount, "user=", "format=MaxNodes"))
	if m := regexp.MustCompile(`(?:^|,)node=([0-9]+)`).FindStringSubmatch(a.read(ctx, "show", "qos", "where", "name=normal", "format=MaxTRES")); m != nil {
		a.normalNodes = m[1]
	}
	a.normalNodes = orNone(a.normalNodes)
	a.poolDefaultQOS = orNone(a.read(ctx, "show", "assoc", "where", "cluster="+a.cluster, "account="+gridAccount, "user="+gridPoolUser, "format=DefaultQOS"))
	partitions := partitionsQOS(ctx, t)
	a.dropPartitionQOS(ctx, partitions)
	// One cleanup per restore, run last to first: one that fails does not keep the others
	// from running, so the cluster is left as it was for the tests after this one.
	t.Cleanup(func() {
		a.sacctmgr(context.Background(), "modify", "qos", "normal", "set", "MaxTRESPerJob=node="+a.normalNodes)
	})
	t.Cleanup(func() {
		a.sacctmgr(context.Background(), "modify", "account", gridAccount, "where", "cluster="+a.cluster, "set", "MaxNodes="+a.accountMaxNodes)
	})
	t.Cleanup(func() { a.dropPartitionQOS(context.Background(), partitions) })
	t.Cleanup(func() { a.dropPoolQOS(context.Background()) })
	return a
}

// dropPartitionQOS gives the partitions back the QOS they had (want: a partition's QoS,
// "" for none) and deletes partitionQOS, if it exists. A test that stopped half-way may
// have left it on a partition: that is no QOS the partitions had.
func (a *savedAccounting) dropPartitionQOS(ctx context.Context, want map[string]string) {
	a.t.Helper()
	restore := map[string]string{}
	for p, qos := range want {
		if qos == partitionQOS {
			qos = ""
		}
		restore[p] = qos
	}
	setPartitionsQOS(ctx, a.t, restore)
	if a.read(ctx, "show", "qos", "where", "name="+partitionQOS, "format=Name") != "" {
		a.sacctmgr(ctx, "delete", "qos", partitionQOS)
	}
}

// partitionsQOS reads the QOS of the multi-node cluster's partitions ("" for none).
func partitionsQOS(ctx context.Context, t *testing.T) map[string]string {
	t.Helper()
	qos := partitionsField(ctx, t, "QoS")
	for p, q := range qos {
		if q == "N/A" {
			qos[p] = ""
		}
	}
	return qos
}

// setPartitionsQOS gives each partition its QOS ("" for none) until slurmctld restarts.
func setPartitionsQOS(ctx context.Context, t *testing.T, qos map[string]string) {
	t.Helper()
	setPartitionsField(ctx, t, "QOS", qos)
	if got := partitionsQOS(ctx, t); !maps.Equal(got, qos) {
		t.Errorf("the partitions' QOS are %v, want %v", got, qos)
	}
}

// dropPoolQOS takes poolQOS from the pool user, giving it back its own default QOS, and
// deletes it, if it exists.
func (a *savedAccounting) dropPoolQOS(ctx context.Context) {
	a.t.Helper()
	if a.read(ctx, "show", "qos", "where", "name="+poolQOS, "format=Name") == "" {
		return
	}
	def := a.poolDefaultQOS
	if def == "" || def == poolQOS {
		def = "-1"
	}
	a.sacctmgr(ctx, "modify", "user", gridPoolUser, "where", "cluster="+a.cluster, "set", "defaultqos="+def, "qos-="+poolQOS)
	a.sacctmgr(ctx, "delete", "qos", poolQOS)
}

// multiClusterName is the multi-node cluster's ClusterName.
func multiClusterName(ctx context.Context, t *testing.T) string {
	t.Helper()
	out, err := slurmMulti(ctx, "scontrol", "show", "config")
	m := regexp.MustCompile(`(?m)^ClusterName\s*=\s*(\S+)$`).FindSubmatch(out)
	if err != nil || m == nil {
		t.Fatalf("the multi-node cluster's name: %v", err)
	}
	return string(m[1])
}

// partitionsMaxNodes reads the per-job node limit of the multi-node cluster's partitions.
func partitionsMaxNodes(ctx context.Context, t *testing.T) map[string]string {
	t.Helper()
	return partitionsField(ctx, t, "MaxNodes")
}

// setPartitionsMaxNodes sets the per-job node limit of the multi-node cluster's partitions.
func setPartitionsMaxNodes(ctx context.Context, t *testing.T, limits map[string]string) {
	t.Helper()
	setPartitionsField(ctx, t, "MaxNodes", limits)
}

// partitionsField reads one field of `scontrol show partition` for each of the multi-node
// cluster's partitions.
func partitionsField(ctx context.Context, t *testing.T, field string) map[string]string {
	t.Helper()
	values := map[string]string{}
	pattern := regexp.MustCompile(`(?:^|\s)` + field + `=(\S+)`)
	for _, p := range []string{"cpu", "gpu"} {
		out, err := slurmMulti(ctx, "scontrol", "--oneliner", "show", "partition", p)
		m := pattern.FindSubmatch(out)
		if err != nil || m == nil {
			t.Fatalf("scontrol show partition %s (%s): %v\n%s", p, field, err, out)
		}
		values[p] = string(m[1])
	}
	return values
}

// setPartitionsField sets one field of each partition named, until slurmctld restarts.
func setPartitionsField(ctx context.Context, t *testing.T, field string, values map[string]string) {
	t.Helper()
	for p, v := range values {
		if out, err := slurmMulti(ctx, "scontrol", "update", "PartitionName="+p, field+"="+v); err != nil {
			t.Errorf("scontrol update PartitionName=%s %s=%s: %v\n%s", p, field, v, err, out)
		}
	}
}
