package e2e

import (
	"bufio"
	"context"
	"io"
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
	"github.com/petagrid/petagrid/site/pocpreport"
	"github.com/petagrid/petagrid/slurmbridge"
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
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "accounting.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	log := logrus.New()
	log.SetOutput(io.Discard)
	const slot = 10 * time.Second
	sampler := accounting.NewNodeSampler(b, st, cluster, slot, nil, "test", log, nil)
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

	cfg, err := pocpreport.Config{Genesis: "2020-01-01T00:00:00Z", Period: time.Hour,
		Hardware: pocpreport.Hardware{CPU: "EPYC-7763", GPUModels: map[string]string{"fake": "A100-SXM4-40GB"}}}.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	cat, err := tokenomics.LoadEmbeddedCatalog()
	if err != nil {
		t.Fatal(err)
	}
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

func scontrolMulti(ctx context.Context, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "scontrol", args...)
	cmd.Env = append(os.Environ(), "SLURM_CONF="+os.Getenv("PETAGRID_TEST_SLURM_MULTI_CONF"))
	return cmd.CombinedOutput()
}
