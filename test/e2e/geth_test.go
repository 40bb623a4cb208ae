package e2e

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"errors"
	"math/big"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/contracts/rewardtree"
	"github.com/petagrid/petagrid/tokenomics"
)

// gethDevKey is the fixed, publicly known key geth --dev funds (cmd/utils DeveloperKey): test
// use only, on a node bound to 127.0.0.1.
const gethDevKey = "b71c71a67e1177ad4e901695e1b4b9ee17ae16c6668d313eac2f96dbcda3f291"

// startGethDev runs `geth --dev` on loopback ports and returns its HTTP URL. The binary comes
// from PETAGRID_GETH (`make geth` builds go-ethereum v1.16.9's geth from the module proxy).
// It seals a block as soon as a transaction arrives.
func startGethDev(t *testing.T) string {
	t.Helper()
	return startGethDevPeriod(t, 0)
}

// startGethDevPeriod is startGethDev sealing a block every periodSeconds (0: as soon as a
// transaction arrives), as a real chain does: a transaction then waits in the node's pool
// until the next block.
func startGethDevPeriod(t *testing.T, periodSeconds int) string {
	t.Helper()
	bin := os.Getenv("PETAGRID_GETH")
	if bin == "" {
		if os.Getenv("PETAGRID_REQUIRE_GETH") != "" {
			t.Fatal("PETAGRID_REQUIRE_GETH is set but PETAGRID_GETH is not: run make test")
		}
		t.Skip("no geth: run `make test`, or `make geth` and set PETAGRID_GETH")
	}
	port := func() string {
		_, p, err := net.SplitHostPort(freePort(t))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	httpPort, authPort := port(), port()
	dir := t.TempDir()
	cmd := exec.Command(bin, "--dev", "--dev.period", strconv.Itoa(periodSeconds), "--datadir", filepath.Join(dir, "data"), "--http", "--http.addr", "127.0.0.1",
		"--http.port", httpPort, "--http.api", "eth,net,web3", "--ipcdisable", "--nodiscover", "--maxpeers", "0",
		"--port", "0", "--authrpc.addr", "127.0.0.1", "--authrpc.port", authPort, "--verbosity", "2")
	var logs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		if t.Failed() {
			t.Logf("geth output:\n%s", logs.String())
		}
	})
	url := "http://127.0.0.1:" + httpPort
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		c, err := contracts.Dial(ctx, url, 0)
		cancel()
		if err == nil && c.ChainID().Int64() == 1337 {
			return url
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatalf("geth --dev did not answer on %s:\n%s", url, logs.String())
	return ""
}

// TestContractsOnGethDev runs the settlement path against a real node: deploy, fund the
// pool, settle an epoch and check it against tokenomics, claim, lock and settle an escrow,
// and read every event back with the watcher.
func TestContractsOnGethDev(t *testing.T) {
	url := startGethDev(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	chain, err := contracts.Dial(ctx, url, 0)
	if err != nil {
		t.Fatal(err)
	}
	dev, err := crypto.HexToECDSA(gethDevKey)
	if err != nil {
		t.Fatal(err)
	}
	gateway, researcher := mustKey(t), mustKey(t)
	for _, k := range []*ecdsa.PrivateKey{gateway, researcher} {
		if err := chain.SendETH(ctx, dev, crypto.PubkeyToAddress(k.PublicKey), tokenomics.MustAmount("10")); err != nil {
			t.Fatal(err)
		}
	}
	now, err := chain.Now(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// Epochs of a day that began three days ago: epochs 0 and 1 are over.
	params := contracts.Params{Genesis: now.Add(-72 * time.Hour), PeriodSeconds: 86400, EraSeconds: 365 * 86400,
		EraThresholdGFL: tokenomics.MustAmount("1000000"), DPSSupply: tokenomics.MustAmount("210000000"), ReclaimAfterSeconds: 3600, CapacityTolerancePPM: 1_050_000}
	d, err := contracts.Deploy(ctx, chain, dev, crypto.PubkeyToAddress(gateway.PublicKey), crypto.PubkeyToAddress(dev.PublicKey), params)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.FundPool(ctx, dev, tokenomics.MustAmount("1000")); err != nil {
		t.Fatal(err)
	}
	// A researcher pays 2 DPS for a job; it replenishes the pool at the next epoch.
	if err := d.TransferDPS(ctx, dev, crypto.PubkeyToAddress(researcher.PublicKey), tokenomics.MustAmount("5")); err != nil {
		t.Fatal(err)
	}
	job := crypto.Keccak256Hash([]byte("geth-job"))
	if err := d.LockEscrow(ctx, researcher, job, tokenomics.MustAmount("3")); err != nil {
		t.Fatal(err)
	}
	if err := d.SettleEscrow(ctx, gateway, crypto.PubkeyToAddress(researcher.PublicKey), job, tokenomics.MustAmount("2")); err != nil {
		t.Fatal(err)
	}
	// The researcher's key stakes as a provider would, and the gateway slashes it for a failed
	// challenge: 10 % of 2 DPS, on a real node.
	if err := d.StakeProvider(ctx, researcher, tokenomics.MustAmount("2")); err != nil {
		t.Fatal(err)
	}
	slashed, err := d.Slash(ctx, gateway, crypto.PubkeyToAddress(researcher.PublicKey), contracts.SlashFailedChallenge, crypto.Keccak256Hash([]byte("geth-challenge")))
	if err != nil || tokenomics.FormatAmount(slashed) != "0.2" {
		t.Fatalf("slash on geth: %v %v", slashed, err)
	}
	if err := d.PaySlashedToPool(ctx, gateway); err != nil {
		t.Fatal(err)
	}
	p1, p2 := common.HexToAddress("0x00000000000000000000000000000000000a11ce"), common.HexToAddress("0x0000000000000000000000000000000000000b0b")
	medians := map[common.Address]*big.Int{p1: tokenomics.MustAmount("12.5"), p2: tokenomics.MustAmount("7")}
	// The registry admits both, with 20 PFLOPS each: the chain mints only to admitted providers.
	for i, p := range []common.Address{p1, p2} {
		if err := d.AdmitProvider(ctx, dev, p, contracts.Admission{CapacityMegaFLOPS: 20_000_000_000, GPUs: 8, Registration: common.Hash{byte(i + 1)}}); err != nil {
			t.Fatal(err)
		}
	}
	tp := params.TokenomicsParams()
	state := tokenomics.NewState(params.Genesis, tokenomics.MustAmount("1000.2")) // with the slashed 0.2
	spent, err := d.PendingReplenishment(ctx)
	if err != nil || tokenomics.FormatAmount(spent) != "2" {
		t.Fatalf("pending replenishment %v, %v", spent, err)
	}
	next, draft, err := tokenomics.CloseEpoch(tp, state, tokenomics.EpochInput{Epoch: 0, Medians: medians, DPSSpent: spent})
	if err != nil {
		t.Fatal(err)
	}
	var leaves []rewardtree.Leaf
	for _, r := range draft.Rewards {
		leaves = append(leaves, rewardtree.Leaf{Account: r.Provider, Cumulative: r.Cumulative})
	}
	tree, err := rewardtree.New(leaves)
	if err != nil {
		t.Fatal(err)
	}
	settled, err := d.SettleEpoch(ctx, gateway, contracts.EpochSettlement{Epoch: 0, Medians: contracts.MediansForClose(state, medians), Replenishment: spent, RewardsRoot: tree.Root(), RewardsTotal: draft.RewardsTotal}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if settled.EraAfter != next.Era || settled.Rewards.Cmp(draft.RewardsTotal) != 0 {
		t.Errorf("the close recorded era %d and %s rewards; tokenomics %d and %s", settled.EraAfter, settled.Rewards, next.Era, draft.RewardsTotal)
	}
	st, err := d.State(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.Supply.Cmp(next.Supply) != 0 || st.Pool.Cmp(next.PoolDPS) != 0 || st.Emitted.Cmp(next.EmittedDPS) != 0 || st.Era != next.Era {
		t.Errorf("chain %+v, tokenomics supply %s pool %s emitted %s era %d", st, next.Supply, next.PoolDPS, next.EmittedDPS, next.Era)
	}
	proof, amount, _ := tree.Proof(p1)
	if _, err := d.Claim(ctx, gateway, p1, amount, proof); err != nil {
		t.Fatal(err)
	}
	if bal, _ := d.DPSBalance(ctx, p1); bal.Cmp(amount) != 0 {
		t.Errorf("claimed %s, owed %s", bal, amount)
	}
	// Epoch 0 again: refused with the contract's own error, decoded.
	_, err = d.SettleEpoch(ctx, gateway, contracts.EpochSettlement{Epoch: 0, RewardsRoot: common.Hash{9}, RewardsTotal: new(big.Int)}, 1)
	var re *contracts.RevertError
	if !errors.As(err, &re) || re.Name != "EpochOutOfOrder" {
		t.Errorf("replayed epoch: %v", err)
	}
	// The watcher reads it all back over eth_getLogs.
	seen := map[string]int{}
	stop := errors.New("done")
	werr := d.Watch(ctx, contracts.Cursor{}, contracts.WatchOptions{Interval: 100 * time.Millisecond}, func(e contracts.Event) error {
		seen[e.Contract+"."+e.Name]++
		if e.Contract == "Settlement" && e.Name == "Claimed" {
			return stop
		}
		return nil
	})
	if !errors.Is(werr, stop) {
		t.Fatal(werr)
	}
	for _, want := range []string{"JobEscrow.Locked", "JobEscrow.Settled", "Settlement.PoolReplenished", "Settlement.EpochOpened", "Settlement.EpochCommitted", "GFL.Transfer", "DPS.Transfer",
		"Staking.Staked", "Staking.Slashed", "Staking.PaidToPool"} {
		if seen[want] == 0 {
			t.Errorf("the watcher never saw %s (saw %v)", want, seen)
		}
	}
	if seen["Settlement.Rebalanced"] != 2 {
		t.Errorf("%d Rebalanced events, want 2", seen["Settlement.Rebalanced"])
	}
}

func mustKey(t *testing.T) *ecdsa.PrivateKey {
	t.Helper()
	k, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	return k
}
