package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	ethcommon "github.com/ethereum/go-ethereum/common"
	"golang.org/x/sys/unix"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/gateway"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/site/client"
	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/test/gatewaytest"
)

// partitionOutage is how long the test cuts the site off from the gateway: longer than the
// gateway's one minute before it calls a silent site offline.
const partitionOutage = 2 * time.Minute

// TestGridSurvivesAPartition cuts a site off from the gateway for two minutes by taking down
// the network link between them, while the site runs the grid's jobs. The gateway serves
// inside a network namespace of its own, joined to the host by a veth pair; the site daemon
// reaches it across that link only. Checked: the jobs go on and end on the site during the
// cut; once the link is back their updates and usage reach the gateway, and each job's
// escrow settles once, for the job's cost, which leaves the researcher's balance exactly.
func TestGridSurvivesAPartition(t *testing.T) {
	testBridge(t)
	if os.Geteuid() != 0 {
		t.Skip("network namespaces and the site daemon's mapped mode need root")
	}
	if testing.Short() {
		t.Skip("a two-minute outage")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	link := newNetnsLink(t)
	bin := siteBinary(t)
	dir := t.TempDir()
	// The site daemon refuses http:// off loopback, so the gateway serves TLS with a
	// certificate for its address; the daemon and the CLI trust its authority through
	// SSL_CERT_FILE, the in-process clients through ClientTLS.
	certs := gatewaytest.NewTLSFiles(t, dir, net.ParseIP(link.gatewayAddr))
	t.Setenv("SSL_CERT_FILE", certs.CA)
	g := gatewaytest.StartGridListening(t, link.listen, func(c *gateway.Config) {
		c.TLS.Cert, c.TLS.Key = certs.Cert, certs.Key
	})
	g.ClientTLS = certs.ClientConfig()
	site, _ := gridSite(t, g, "cut-site", "PETAGRID_TEST_SLURM_CONF", "fake", "A100-SXM4-80GB", "1")
	op, res := g.Client(g.Operator), g.Client(g.Researcher)
	opKey, resKey := filepath.Join(g.Dir, "operator.key"), filepath.Join(g.Dir, "researcher.key")
	cli := gatewayCLI(t, bin, dir, g.URL)
	gatewaytest.WaitFor(t, "the site registered across the link", time.Minute, func() (bool, error) {
		list, err := op.Providers(ctx)
		return len(list) == 1, err
	})
	listed, err := op.Providers(ctx)
	if err != nil {
		t.Fatal(err)
	}
	cli("gateway", "providers", "approve", listed[0].Name, "--registration", listed[0].RegistrationDigest.Hex(), "--key", opKey)
	cli("gateway", "fund", res.Address().Hex(), "--dps", "1000", "--eth", "1", "--key", opKey)
	d := g.Gateway.Deployment()
	balanceBefore, err := d.DPSBalance(ctx, res.Address())
	if err != nil {
		t.Fatal(err)
	}

	// Three jobs that outlast the moment of the cut by a few seconds.
	var ids []string
	for i := range 3 {
		name := fmt.Sprintf("cut-%d", i)
		file := filepath.Join(dir, name+".yaml")
		workflow := fmt.Sprintf("version: 1\nname: %s\nresources: {gpus: 1, time: 5m, mem: 256M}\nsteps:\n  - name: work\n    run: {command: [sh, -c, 'echo %s-ran; sleep 15']}\n", name, name)
		if err := os.WriteFile(file, []byte(workflow), 0o644); err != nil {
			t.Fatal(err)
		}
		var view struct {
			ID string `json:"id"`
		}
		out := cli("submit", "--key", resKey, "--known-sites", filepath.Join(dir, "known_sites.json"), "--max-cost", "50", "-o", "json", file)
		if err := json.Unmarshal([]byte(out), &view); err != nil || view.ID == "" {
			t.Fatalf("submit %s: %q %v", name, out, err)
		}
		ids = append(ids, view.ID)
	}
	gatewaytest.WaitFor(t, "the jobs running on the site", 2*time.Minute, func() (bool, error) {
		for _, id := range ids {
			j, err := res.Job(ctx, id)
			if err != nil || j.State != runstate.Running {
				return false, err
			}
		}
		return true, nil
	})

	link.down(t)
	cut := time.Now()
	restored := false
	defer func() {
		if !restored {
			link.up(t)
		}
	}()
	// The jobs go on: the site daemon's own journal sees them end during the cut.
	admin := site.admin()
	gatewaytest.WaitFor(t, "the site's runs completed during the cut", partitionOutage-10*time.Second, func() (bool, error) {
		runs, err := admin.List(ctx, client.ListOptions{All: true, Limit: 100})
		if err != nil {
			return false, err
		}
		completed := 0
		for _, r := range runs {
			if r.State == runstate.Completed || r.State == runstate.Reported {
				completed++
			}
		}
		return completed >= len(ids), nil
	})
	endedOnSite := time.Since(cut)
	time.Sleep(time.Until(cut.Add(partitionOutage)))
	// The cut was real: the gateway heard nothing from the site for longer than it waits
	// before calling a site offline.
	seen, err := g.Gateway.Store().Site(ctx, listed[0].Name)
	if err != nil {
		t.Fatal(err)
	}
	silent := g.Now().Sub(seen.LastSeen)
	if silent < time.Minute {
		t.Errorf("the gateway heard from the site %s before the link came back", silent)
	}
	link.up(t)
	restored = true
	back := time.Now()

	jobs := map[string]gatewayapi.Job{}
	gatewaytest.WaitFor(t, "every job completed and settled at the gateway", 3*time.Minute, func() (bool, error) {
		for _, id := range ids {
			j, err := res.Job(ctx, id)
			if err != nil || j.State != runstate.Completed || j.EscrowState != store.EscrowSettled {
				return false, err
			}
			jobs[id] = j
		}
		return true, nil
	})
	settled := time.Since(back)
	spent := new(big.Int)
	for _, id := range ids {
		j := jobs[id]
		cost, ok := new(big.Int).SetString(j.CostWei, 10)
		if !ok || cost.Sign() <= 0 || j.Usage == nil {
			t.Fatalf("job %s settled without its usage and cost: %+v", id, j)
		}
		esc, err := d.EscrowOf(ctx, res.Address(), ethcommon.HexToHash(j.EscrowID))
		if err != nil || esc.Status != contracts.EscrowSettled || esc.Cost.Cmp(cost) != 0 {
			t.Fatalf("job %s's escrow on chain: %+v %v, want settled for %s", id, esc, err, j.CostWei)
		}
		spent.Add(spent, cost)
	}
	balanceAfter, err := d.DPSBalance(ctx, res.Address())
	if err != nil {
		t.Fatal(err)
	}
	if paid := new(big.Int).Sub(balanceBefore, balanceAfter); paid.Cmp(spent) != 0 {
		t.Errorf("the researcher paid %s wei for jobs that cost %s: an escrow settled twice or not at all", paid, spent)
	}
	t.Logf("the site cut off from the gateway for %s by its link (the gateway last heard from it %.0f s before the link came back): its %d jobs ended on the site %.1f s into the cut; once the link was back, every job was completed and its escrow settled at the gateway %.1f s later, each once",
		partitionOutage, silent.Seconds(), len(ids), endedOnSite.Seconds(), settled.Seconds())
}

// netnsLink is a network namespace joined to the host by a veth pair: a listener made inside
// it is reachable from the host only across the pair, which down and up cut and restore.
type netnsLink struct {
	ns, hostIf  string
	gatewayAddr string
}

func newNetnsLink(t *testing.T) *netnsLink {
	t.Helper()
	id := os.Getpid() % 100000
	l := &netnsLink{ns: fmt.Sprintf("petagrid-cut-%d", id), hostIf: fmt.Sprintf("pgcut%dh", id), gatewayAddr: "10.79.1.2"}
	peer := fmt.Sprintf("pgcut%dn", id)
	ip := func(args ...string) {
		t.Helper()
		if out, err := exec.Command("ip", args...).CombinedOutput(); err != nil {
			t.Fatalf("ip %v: %v\n%s", args, err, out)
		}
	}
	// A namespace left by a killed run of this test is removed first.
	_ = exec.Command("ip", "netns", "del", l.ns).Run()
	_ = exec.Command("ip", "link", "del", l.hostIf).Run()
	ip("netns", "add", l.ns)
	t.Cleanup(func() {
		_ = exec.Command("ip", "link", "del", l.hostIf).Run()
		_ = exec.Command("ip", "netns", "del", l.ns).Run()
	})
	ip("link", "add", l.hostIf, "type", "veth", "peer", "name", peer)
	ip("link", "set", peer, "netns", l.ns)
	ip("addr", "add", "10.79.1.1/30", "dev", l.hostIf)
	ip("link", "set", l.hostIf, "up")
	ip("-n", l.ns, "addr", "add", l.gatewayAddr+"/30", "dev", peer)
	ip("-n", l.ns, "link", "set", peer, "up")
	ip("-n", l.ns, "link", "set", "lo", "up")
	return l
}

// listen opens a TCP listener on the namespace's side of the link. A socket belongs to the
// namespace it was made in, whichever thread later accepts on it: this one enters the
// namespace, listens and goes back.
func (l *netnsLink) listen() (net.Listener, error) {
	runtime.LockOSThread()
	self, err := os.Open(fmt.Sprintf("/proc/self/task/%d/ns/net", unix.Gettid()))
	if err != nil {
		runtime.UnlockOSThread()
		return nil, err
	}
	defer self.Close()
	target, err := os.Open(filepath.Join("/run/netns", l.ns))
	if err != nil {
		runtime.UnlockOSThread()
		return nil, err
	}
	defer target.Close()
	if err := unix.Setns(int(target.Fd()), unix.CLONE_NEWNET); err != nil {
		runtime.UnlockOSThread()
		return nil, fmt.Errorf("entering %s: %w", l.ns, err)
	}
	listener, listenErr := net.Listen("tcp", l.gatewayAddr+":0")
	if err := unix.Setns(int(self.Fd()), unix.CLONE_NEWNET); err != nil {
		// The thread stays locked: it ends with this goroutine rather than run others in
		// the wrong namespace.
		if listener != nil {
			listener.Close()
		}
		return nil, fmt.Errorf("leaving %s: %w", l.ns, err)
	}
	runtime.UnlockOSThread()
	return listener, listenErr
}

func (l *netnsLink) down(t *testing.T) {
	t.Helper()
	if out, err := exec.Command("ip", "link", "set", l.hostIf, "down").CombinedOutput(); err != nil {
		t.Fatalf("cutting the link: %v\n%s", err, out)
	}
}

func (l *netnsLink) up(t *testing.T) {
	t.Helper()
	if out, err := exec.Command("ip", "link", "set", l.hostIf, "up").CombinedOutput(); err != nil {
		t.Fatalf("restoring the link: %v\n%s", err, out)
	}
}
