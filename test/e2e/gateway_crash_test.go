package e2e

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/contracts/bindings"
	"github.com/petagrid/petagrid/pocp"
	"github.com/petagrid/petagrid/test/gatewaytest"
	"github.com/petagrid/petagrid/tokenomics"
)

// The crash test's grid: enough providers, in small enough batches, that settling the epoch
// takes many transactions, and a kill can land between two of them.
const (
	crashProviders = 16
	crashBatch     = 2
	// crashAttempts bounds the fresh grids tried until a kill lands mid-close: the kill is
	// aimed at the chain's progress, so a miss is rare, but a test that passed on a kill after
	// the close (or before it began) would prove nothing.
	crashAttempts = 3
	// crashBlockSeconds is the node's block time: with a block sealed as soon as a transaction
	// arrives, no transaction would ever wait in the pool when the gateway dies, as one does
	// on a real chain.
	crashBlockSeconds = 1
)

// TestGatewayKilledMidEpochClose kills the gateway process with SIGKILL while it settles an
// epoch on a real node (`geth --dev`, a block a second): first half-way through the
// rebalance batches, with its next batch in the node's pool; restarted at once on the same
// state, it resumes the close and is killed again with its close transaction in the pool;
// restarted once more, the operator's close must find the epoch settled, once. Checked on the
// chain: the next epoch is 1; every provider holds exactly its median in GFL; one
// EpochOpened, one EpochCommitted and one Rebalanced per provider; the gateway's key sent as
// many transactions as a close without a crash sends. Checked against the gateway: its
// summary's rewards are the chain's, and a provider claims its rewards once.
func TestGatewayKilledMidEpochClose(t *testing.T) {
	url := startGethDevPeriod(t, crashBlockSeconds)
	bin := siteBinary(t)
	for attempt := 1; attempt <= crashAttempts; attempt++ {
		// Each attempt is a fresh gateway (state, key and contracts) on the same node.
		if crashAttempt(t, url, bin, attempt) {
			return
		}
	}
	t.Fatalf("the kill missed the middle of the settlement in %d attempts", crashAttempts)
}

// crashAttempt runs one grid through the two kills and restarts; false when a kill did not
// land where it was aimed (nothing checked: the caller tries a fresh grid).
func crashAttempt(t *testing.T, url, bin string, attempt int) bool {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	dev, err := crypto.HexToECDSA(gethDevKey)
	if err != nil {
		t.Fatal(err)
	}
	chain, err := contracts.Dial(ctx, url, 0)
	if err != nil {
		t.Fatal(err)
	}
	eth, err := ethclient.DialContext(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer eth.Close()

	dir := t.TempDir()
	gwKey := gatewaytest.NewKey(t, filepath.Join(dir, "gateway.key"))
	operator := gatewaytest.NewKey(t, filepath.Join(dir, "operator.key"))
	gwAddr := crypto.PubkeyToAddress(gwKey.PublicKey)
	if err := chain.SendETH(ctx, dev, gwAddr, tokenomics.MustAmount("100")); err != nil {
		t.Fatal(err)
	}
	gw := startGatewayProcess(t, bin, dir, url, crypto.PubkeyToAddress(operator.PublicKey))
	op := gatewaytest.NewClient(t, gw.url, operator)
	info, err := op.GatewayInfo(ctx)
	if err != nil {
		t.Fatal(err)
	}
	d := contracts.Attach(chain, contracts.Addresses(info.Chain.Contracts))

	// The providers register, are admitted (on chain too) and report epoch 0.
	cat, err := tokenomics.LoadEmbeddedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	node := 4 * cat.ReferenceScore().PerDeviceMegaFLOPS
	sites := make([]*gatewaytest.Site, crashProviders)
	reports := map[string]*pocp.Report{}
	for i := range sites {
		name := fmt.Sprintf("crash-site-%02d", i)
		s := &gatewaytest.Site{T: t, Name: name, Key: gatewaytest.NewKey(t, filepath.Join(dir, name+".key")), URL: gw.url}
		// Different sizes give different medians: a provider minted another's amount shows.
		nodes := 1 + i%3
		if code := s.Register(gatewaytest.Inventory(t, "a100", 4, nodes, node), tokenomics.MustAmount("1").String()); code != http.StatusCreated {
			t.Fatalf("registering %s: %d", name, code)
		}
		if _, err := gatewaytest.ApproveListed(ctx, op, name, ""); err != nil {
			t.Fatalf("approving %s: %v", name, err)
		}
		rep := gatewaytest.ReportFrom(t, info, s, 0, node, nodes, 0)
		if code, ans := s.SendReport(rep); code != http.StatusCreated {
			t.Fatalf("report of %s: %d %+v", name, code, ans)
		}
		sites[i], reports[name] = s, rep
	}
	// The first site claims later, through the relay: it pays its own gas.
	if err := chain.SendETH(ctx, dev, sites[0].Addr(), tokenomics.MustAmount("1")); err != nil {
		t.Fatal(err)
	}

	noncesBefore, err := eth.NonceAt(ctx, gwAddr, nil)
	if err != nil {
		t.Fatal(err)
	}
	crashFree := uint64(2 + (crashProviders+crashBatch-1)/crashBatch)
	k := &killer{t: t, gw: gw, operator: operator, d: d, eth: eth, gateway: gwAddr}

	// The first kill: half of the providers rebalanced, the next batch in the node's pool.
	first, ok := k.closeAndKill(ctx, func(cur bindings.CurrentOutput) bool { return cur.Open && cur.Processed >= crashProviders/2 })
	if !ok {
		t.Logf("attempt %d: the close ended before the first kill: trying a fresh grid", attempt)
		return false
	}
	if !first.cur.Open || first.cur.Processed == 0 || first.cur.Processed >= first.cur.Providers {
		t.Logf("attempt %d: the first kill did not land mid-close (open %v, %d of %d providers rebalanced): trying a fresh grid", attempt, first.cur.Open, first.cur.Processed, first.cur.Providers)
		return false
	}
	// Every transaction the gateway's key had mined since the close began is the
	// settlement's: the open and one rebalance per batch (nothing else runs on this grid).
	batchesAtKill := (first.cur.Processed + crashBatch - 1) / crashBatch
	minedAtKill := first.mined - noncesBefore
	if minedAtKill != 1+uint64(batchesAtKill) {
		t.Fatalf("the gateway had %d transactions mined at the kill; the chain holds the open and %d rebalance batches", minedAtKill, batchesAtKill)
	}

	// Restarted at once (as a supervisor restarts a dead service) on the same configuration
	// and state, the operator closes again; the second kill: every provider rebalanced, the
	// close in the node's pool.
	firstRestart := time.Now()
	firstUpSeconds := gw.start()
	second, ok := k.closeAndKill(ctx, func(cur bindings.CurrentOutput) bool { return cur.Open && cur.Processed == cur.Providers })
	if !ok {
		t.Logf("attempt %d: the resumed close ended before the second kill: trying a fresh grid", attempt)
		return false
	}
	resumedSeconds := time.Since(firstRestart).Seconds()
	firstWaited := strings.Count(gw.log(), poolWaitLog) == 1

	// Restarted at once again; the operator's close finds the epoch closed on chain.
	secondRestart := time.Now()
	secondUpSeconds := gw.start()
	op = gatewaytest.NewClient(t, gw.url, operator) // the old connections died with the process
	epoch := uint64(0)
	sum, err := op.CloseEpoch(ctx, &epoch)
	if err != nil {
		t.Fatalf("closing after the second restart: %v", err)
	}
	settledSeconds := time.Since(secondRestart).Seconds()
	log := gw.log()
	secondWaited := strings.Count(log, poolWaitLog) == 2
	recovered := strings.Contains(log, "the chain closed this epoch but the gateway stopped before recording it")

	// The chain: settled once.
	st, err := d.State(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.NextEpoch != 1 {
		t.Fatalf("the chain's next epoch is %d, want 1", st.NextEpoch)
	}
	if open, e, err := d.EpochInProgress(ctx); err != nil || open {
		t.Fatalf("epoch %d still open on chain (%v)", e, err)
	}
	noncesAfter, err := eth.NonceAt(ctx, gwAddr, nil)
	if err != nil {
		t.Fatal(err)
	}
	sent := noncesAfter - noncesBefore
	if sent != crashFree {
		t.Errorf("the gateway sent %d settlement transactions in all, a close without a crash sends %d", sent, crashFree)
	}
	supply := new(big.Int)
	for _, s := range sites {
		want := tokenomics.GFLFromMegaFLOPS(reports[s.Name].MedianMegaFLOPS)
		supply.Add(supply, want)
		bal, err := d.GFLBalance(ctx, s.Addr())
		if err != nil {
			t.Fatal(err)
		}
		if bal.Cmp(want) != 0 {
			t.Errorf("%s holds %s GFL, its median is %s", s.Name, tokenomics.FormatAmount(bal), tokenomics.FormatAmount(want))
		}
		if got := sum.Medians[s.Name]; got != reports[s.Name].MedianMegaFLOPS {
			t.Errorf("the summary's median of %s is %d MFLOPS, its report's %d", s.Name, got, reports[s.Name].MedianMegaFLOPS)
		}
	}
	if st.Supply.Cmp(supply) != 0 {
		t.Errorf("GFL supply %s, the medians add up to %s", tokenomics.FormatAmount(st.Supply), tokenomics.FormatAmount(supply))
	}

	// The gateway: its summary is the chain's, and a provider claims once.
	var rewards big.Int
	for name, w := range sum.Rewards {
		v, ok := new(big.Int).SetString(w, 10)
		if !ok {
			t.Fatalf("the summary's reward of %s is %q", name, w)
		}
		rewards.Add(&rewards, v)
	}
	if sum.Status != "settled" || sum.RewardsTotalWei != rewards.String() || rewards.Sign() == 0 || len(sum.Rewards) != crashProviders {
		t.Errorf("summary: status %s, %d providers rewarded, %s in all, total %s", sum.Status, len(sum.Rewards), rewards.String(), sum.RewardsTotalWei)
	}
	if list, err := op.Epochs(ctx); err != nil || len(list) != 1 || list[0].Epoch != 0 || list[0].RewardsTotalWei != sum.RewardsTotalWei {
		t.Errorf("the gateway's epochs after the restart: %+v %v", list, err)
	}
	claimer := gatewaytest.NewClient(t, gw.url, sites[0].Key)
	owed := sum.Rewards[sites[0].Addr().Hex()] // the summary's rewards are by provider address
	got, proof, err := claimer.Claim(ctx)
	if err != nil || got.String() != owed {
		t.Fatalf("claim: %v %v, the summary's reward %s", got, err, owed)
	}
	if again, _, err := claimer.Claim(ctx); err != nil || again.Sign() != 0 {
		t.Errorf("a second claim got %v (%v), want nothing", again, err)
	}
	// The same proof sent straight to the chain: refused, the claim is paid once.
	cumulative, _ := new(big.Int).SetString(proof.CumulativeWei, 10)
	nodes := make([][32]byte, len(proof.Proof))
	for i, b := range proof.Proof {
		copy(nodes[i][:], b)
	}
	_, err = d.Claim(ctx, sites[0].Key, sites[0].Addr(), cumulative, nodes)
	var re *contracts.RevertError
	if !errors.As(err, &re) || re.Name != "NothingToClaim" {
		t.Errorf("a replayed claim: %v, want NothingToClaim", err)
	}

	// The events, read back with the watcher up to the claim: one open, one commit, and each
	// provider rebalanced once.
	var opened, committed int
	var chainRewards *big.Int
	rebalanced := map[common.Address]int{}
	stop := errors.New("seen the claim")
	watchCtx, watchCancel := context.WithTimeout(ctx, 30*time.Second)
	defer watchCancel()
	werr := d.Watch(watchCtx, contracts.Cursor{}, contracts.WatchOptions{Interval: 100 * time.Millisecond}, func(e contracts.Event) error {
		if e.Contract != "Settlement" {
			return nil
		}
		switch e.Name {
		case "EpochOpened":
			opened++
		case "EpochCommitted":
			committed++
			chainRewards, _ = e.Fields["rewards"].(*big.Int)
		case "Rebalanced":
			p, _ := e.Fields["provider"].(common.Address)
			rebalanced[p]++
		case "Claimed":
			return stop
		}
		return nil
	})
	if !errors.Is(werr, stop) {
		t.Fatalf("watching the settlement's events: %v", werr)
	}
	if opened != 1 || committed != 1 {
		t.Errorf("%d EpochOpened and %d EpochCommitted events, want one each", opened, committed)
	}
	if chainRewards == nil || chainRewards.String() != sum.RewardsTotalWei {
		t.Errorf("the chain committed %v rewards, the gateway's summary says %s", chainRewards, sum.RewardsTotalWei)
	}
	for _, s := range sites {
		if n := rebalanced[s.Addr()]; n != 1 {
			t.Errorf("%s rebalanced %d times, want once", s.Name, n)
		}
	}
	if len(rebalanced) != crashProviders {
		t.Errorf("%d providers rebalanced, want %d", len(rebalanced), crashProviders)
	}
	if t.Failed() {
		return true
	}
	t.Logf("killed the gateway with SIGKILL after %d of %d settlement transactions were mined (%d of %d providers rebalanced, batches of %d), %d more in the node's pool; restarted at once, it resumed (waited for that transaction: %v) and was killed again %.1f s later with %d transaction in the pool (the close: %v); restarted, it found the close on chain (waited for it: %v, recorded from the chain: %v) and the epoch settled once, %.1f s after the second restart; the API answered %.1f s and %.1f s after each start; %d transactions in all, as without a crash (blocks every %d s; attempt %d)",
		minedAtKill, crashFree, first.cur.Processed, first.cur.Providers, crashBatch, first.pending-first.mined, firstWaited, resumedSeconds, second.pending-second.mined, second.cur.Open && second.cur.Processed == second.cur.Providers,
		secondWaited, recovered, settledSeconds, firstUpSeconds, secondUpSeconds, sent, crashBlockSeconds, attempt)
	return true
}

// poolWaitLog is what the gateway logs when its close waited for a transaction that a killed
// gateway left in the node's pool.
const poolWaitLog = "left in the node's pool"

// killer starts operators' closes and kills the gateway in the middle of them.
type killer struct {
	t        *testing.T
	gw       *gatewayProcess
	operator *ecdsa.PrivateKey
	d        *contracts.Deployment
	eth      *ethclient.Client
	gateway  common.Address
}

// killPoint is what the chain showed when the gateway was killed: the open epoch and the
// gateway's mined transactions at one block, and those the node got from it in all.
type killPoint struct {
	cur            bindings.CurrentOutput
	mined, pending uint64
}

// closeAndKill starts an operator's close of epoch 0 in the background and kills the gateway
// with SIGKILL once aimed holds of the open epoch while a transaction of the gateway waits in
// the node's pool: the crash that leaves the most to sort out (a transaction sent, its fate
// unknown to the process), aimed at by what the node shows, not by a sleep. false: the close
// ended first.
func (k *killer) closeAndKill(ctx context.Context, aimed func(bindings.CurrentOutput) bool) (killPoint, bool) {
	t := k.t
	t.Helper()
	op := gatewaytest.NewClient(t, k.gw.url, k.operator)
	closeDone := make(chan error, 1)
	closeCtx, closeCancel := context.WithCancel(ctx)
	defer closeCancel()
	go func() {
		epoch := uint64(0)
		_, err := op.CloseEpoch(closeCtx, &epoch) // fails when the process dies
		closeDone <- err
	}()
	for {
		cur, err := openEpochAt(ctx, k.d, nil)
		if err != nil {
			t.Fatal(err)
		}
		if aimed(cur) {
			if pending, mined := nonces(ctx, t, k.eth, k.gateway); pending > mined {
				break
			}
		}
		select {
		case err := <-closeDone:
			k.gw.kill()
			t.Logf("the close ended (%v) before the kill", err)
			return killPoint{}, false
		case <-time.After(10 * time.Millisecond):
		}
	}
	k.gw.kill()
	// Read at one block (one may be sealed meanwhile); the process is dead: no more
	// transactions come from it.
	head, err := k.eth.BlockNumber(ctx)
	if err != nil {
		t.Fatal(err)
	}
	at := new(big.Int).SetUint64(head)
	var p killPoint
	if p.cur, err = openEpochAt(ctx, k.d, at); err != nil {
		t.Fatal(err)
	}
	if p.mined, err = k.eth.NonceAt(ctx, k.gateway, at); err != nil {
		t.Fatal(err)
	}
	if p.pending, err = k.eth.PendingNonceAt(ctx, k.gateway); err != nil {
		t.Fatal(err)
	}
	if err := <-closeDone; err == nil {
		return p, false // it answered just before the kill
	}
	return p, true
}

// openEpochAt reads the Settlement contract's open epoch at a block (nil: the head): how
// many providers it declared and how many the chain had rebalanced.
func openEpochAt(ctx context.Context, d *contracts.Deployment, block *big.Int) (bindings.CurrentOutput, error) {
	to := d.Addresses.Settlement
	out, err := d.Chain.Backend().CallContract(ctx, ethereum.CallMsg{To: &to, Data: d.Settlement.PackCurrent()}, block)
	if err != nil {
		return bindings.CurrentOutput{}, fmt.Errorf("reading the open epoch: %w", err)
	}
	cur, err := d.Settlement.UnpackCurrent(out)
	if err != nil {
		return bindings.CurrentOutput{}, fmt.Errorf("decoding the open epoch: %w", err)
	}
	return cur, nil
}

// nonces are addr's next nonce counting the transactions the node holds in its pool
// (pending), and counting only those mined (mined).
func nonces(ctx context.Context, t *testing.T, eth *ethclient.Client, addr common.Address) (pending, mined uint64) {
	t.Helper()
	pending, err := eth.PendingNonceAt(ctx, addr)
	if err != nil {
		t.Fatal(err)
	}
	if mined, err = eth.NonceAt(ctx, addr, nil); err != nil {
		t.Fatal(err)
	}
	return pending, mined
}

// gatewayProcess is `petagrid gateway serve` as a process of its own, so that it can be
// killed with SIGKILL; its log outlives restarts and is printed when the test fails.
type gatewayProcess struct {
	t       *testing.T
	bin     string
	config  string
	logPath string
	url     string

	mu  sync.Mutex
	cmd *exec.Cmd
	// exited is closed once the process has exited and been reaped.
	exited chan struct{}
}

// startGatewayProcess writes a gateway configuration on the node at chainURL (epoch 0 over
// by its clock, automatic closes off, small rebalance batches) and starts the gateway.
func startGatewayProcess(t *testing.T, bin, dir, chainURL string, operator common.Address) *gatewayProcess {
	t.Helper()
	listen := freePort(t)
	p := &gatewayProcess{t: t, bin: bin, config: filepath.Join(dir, "gateway.yaml"), logPath: filepath.Join(dir, "gateway.log"), url: "http://" + listen}
	// Hour-long epochs from two hours ago: epoch 0 is over by the node's clock. The genesis
	// is on the minute, the grid of the reports' 60 s slots. The name is the audience the
	// site doubles sign for.
	genesis := time.Now().UTC().Add(-2 * time.Hour).Truncate(time.Minute)
	cfg := fmt.Sprintf(`gateway:
  name: grid-test
  listen: %s
  state: %s
  key: %s
  operators: [%q]
  chain:
    mode: json-rpc
    url: %s
  economy:
    rewardPool: "1000000"
    eraThresholdGfl: "1000000"
  epochs:
    genesis: %q
    period: 1h
    autoClose: false
    batch: %d
  sites:
    offlineAfter: 1m
  pocp:
    minCoverage: 0.5
`, listen, filepath.Join(dir, "state", "gateway.db"), filepath.Join(dir, "gateway.key"), operator.Hex(), chainURL, genesis.Format(time.RFC3339), crashBatch)
	if err := os.WriteFile(p.config, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	p.start()
	t.Cleanup(func() {
		p.stop()
		logTailIfFailed(t, "gateway", p.logPath, 16<<10)
	})
	return p
}

// start runs the gateway and waits until its API answers; it returns how long that took, in
// seconds.
func (p *gatewayProcess) start() float64 {
	p.t.Helper()
	began := time.Now()
	logFile, err := os.OpenFile(p.logPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		p.t.Fatal(err)
	}
	cmd := exec.Command(p.bin, "--config", p.config, "--log-level", "info", "gateway", "serve")
	cmd.Stdout, cmd.Stderr = logFile, logFile
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		p.t.Fatal(err)
	}
	logFile.Close()
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	p.mu.Lock()
	p.cmd, p.exited = cmd, exited
	p.mu.Unlock()
	// Any key reads the public info route.
	probe := gatewaytest.NewClient(p.t, p.url, mustKey(p.t))
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		_, err := probe.GatewayInfo(ctx)
		cancel()
		if err == nil {
			return time.Since(began).Seconds()
		}
		select {
		case <-exited:
			deadline = time.Time{}
		case <-time.After(100 * time.Millisecond):
		}
	}
	log, _ := os.ReadFile(p.logPath)
	p.t.Fatalf("the gateway did not come up:\n%s", tail(string(log), 8<<10))
	return 0
}

// log is the gateway's log so far, across restarts.
func (p *gatewayProcess) log() string {
	p.t.Helper()
	data, err := os.ReadFile(p.logPath)
	if err != nil {
		p.t.Fatal(err)
	}
	return string(data)
}

// kill is kill -9: no shutdown, nothing flushed, the transaction in flight cut off.
func (p *gatewayProcess) kill() {
	p.signal(syscall.SIGKILL, 0)
}

// stop ends the gateway with SIGTERM, as an operator would.
func (p *gatewayProcess) stop() {
	p.signal(syscall.SIGTERM, 15*time.Second)
}

// signal sends sig to the gateway's process group and waits for it to exit; after grace
// (0: none, for SIGKILL) it is killed.
func (p *gatewayProcess) signal(sig syscall.Signal, grace time.Duration) {
	p.mu.Lock()
	cmd, exited := p.cmd, p.exited
	p.cmd, p.exited = nil, nil
	p.mu.Unlock()
	if cmd == nil {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, sig)
	if grace == 0 {
		<-exited
		return
	}
	select {
	case <-exited:
	case <-time.After(grace):
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-exited
		p.t.Errorf("the gateway did not stop within %s of %s", grace, sig)
	}
}
