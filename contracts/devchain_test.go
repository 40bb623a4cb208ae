package contracts

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"

	"github.com/petagrid/petagrid/tokenomics"
)

func openDevChain(t *testing.T, dir string, funded ...common.Address) *DevChain {
	t.Helper()
	dc, err := OpenDevChain(context.Background(), dir, funded...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { dc.Close() })
	return dc
}

// deployOnDevChain deploys the contracts with one-day epochs starting now.
func deployOnDevChain(t *testing.T, dc *DevChain, deployer, gateway *ecdsa.PrivateKey) *Deployment {
	t.Helper()
	ctx := context.Background()
	now, err := dc.Now(ctx)
	if err != nil {
		t.Fatal(err)
	}
	p := Params{Genesis: now, PeriodSeconds: uint64(day / time.Second), EraSeconds: uint64(10 * day / time.Second),
		EraThresholdGFL: tokenomics.MustAmount("50"), DPSSupply: tokenomics.MustAmount("210000000"), ReclaimAfterSeconds: 3600, CapacityTolerancePPM: 1_050_000}
	d, err := Deploy(ctx, dc.Chain, deployer, addrOf(gateway), addrOf(deployer), p)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func wantDPS(t *testing.T, d *Deployment, a common.Address, want *big.Int) {
	t.Helper()
	got, err := d.DPSBalance(context.Background(), a)
	if err != nil {
		t.Fatal(err)
	}
	if got.Cmp(want) != 0 {
		t.Fatalf("DPS of %s: got %s, want %s", a.Hex(), got, want)
	}
}

func TestDevChainPersistsAcrossRestart(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	deployer, gateway, alice := key(t), key(t), key(t)
	funded := []common.Address{addrOf(deployer), addrOf(gateway), addrOf(alice)}

	dc := openDevChain(t, dir, funded...)
	// The first block is mined at once: contracts must not see a 1970 clock.
	if now, err := dc.Now(ctx); err != nil || now.Year() < 2020 {
		t.Fatalf("fresh dev chain's time: %v, %v", now, err)
	}
	d := deployOnDevChain(t, dc, deployer, gateway)
	sent := tokenomics.MustAmount("1234")
	if err := d.TransferDPS(ctx, deployer, addrOf(alice), sent); err != nil {
		t.Fatal(err)
	}
	head, err := dc.Backend().HeaderByNumber(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	code, err := dc.Backend().CodeAt(ctx, d.Addresses.DPS, nil)
	if err != nil || len(code) == 0 {
		t.Fatalf("DPS code: %d bytes, %v", len(code), err)
	}
	deployerDPS, err := d.DPSBalance(ctx, addrOf(deployer))
	if err != nil {
		t.Fatal(err)
	}
	if err := dc.Close(); err != nil {
		t.Fatal(err)
	}
	if err := dc.Close(); err != nil {
		t.Fatalf("second close: %v", err)
	}

	dc2 := openDevChain(t, dir, funded...)
	reopened, err := dc2.Backend().HeaderByNumber(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Reopening mines nothing: the head is the block left at close.
	if reopened.Hash() != head.Hash() || reopened.Number.Cmp(head.Number) != 0 {
		t.Fatalf("head after reopening: #%v %s, want #%v %s", reopened.Number, reopened.Hash().Hex(), head.Number, head.Hash().Hex())
	}
	code2, err := dc2.Backend().CodeAt(ctx, d.Addresses.DPS, nil)
	if err != nil || !bytes.Equal(code2, code) {
		t.Fatalf("DPS code after reopening: %d bytes (want %d), %v", len(code2), len(code), err)
	}
	d2 := Attach(dc2.Chain, d.Addresses)
	wantDPS(t, d2, addrOf(alice), sent)
	wantDPS(t, d2, addrOf(deployer), deployerDPS)

	// New transactions work on the reopened chain, and its log search covers old blocks.
	back := tokenomics.MustAmount("34")
	if err := d2.TransferDPS(ctx, alice, addrOf(gateway), back); err != nil {
		t.Fatal(err)
	}
	wantDPS(t, d2, addrOf(alice), new(big.Int).Sub(sent, back))
	wantDPS(t, d2, addrOf(gateway), back)
	if n, err := dc2.Backend().BlockNumber(ctx); err != nil || n != head.Number.Uint64()+1 {
		t.Fatalf("block after the new transfer: %d, %v; want %d", n, err, head.Number.Uint64()+1)
	}
	transferTopic := crypto.Keccak256Hash([]byte("Transfer(address,address,uint256)"))
	logs, err := dc2.Backend().FilterLogs(ctx, ethereum.FilterQuery{FromBlock: big.NewInt(0), Addresses: []common.Address{d.Addresses.DPS}, Topics: [][]common.Hash{{transferTopic}}})
	if err != nil {
		t.Fatal(err)
	}
	// The supply's mint, the transfer before the restart and the one after.
	if len(logs) != 3 {
		t.Fatalf("DPS Transfer logs: %d, want 3", len(logs))
	}
}

func TestDevChainRefusesAnotherGenesis(t *testing.T) {
	dir := t.TempDir()
	a, b := addrOf(key(t)), addrOf(key(t))
	dc := openDevChain(t, dir, a)
	if err := dc.Close(); err != nil {
		t.Fatal(err)
	}
	_, err := OpenDevChain(context.Background(), dir, a, b)
	if !errors.Is(err, ErrGenesisMismatch) {
		t.Fatalf("reopening with another funded set: %v, want ErrGenesisMismatch", err)
	}
	t.Logf("mismatch error: %v", err)
	// The refused open released the directory.
	dc = openDevChain(t, dir, a)
	if n, err := dc.Backend().BlockNumber(context.Background()); err != nil || n != 1 {
		t.Fatalf("head after the refused open: %d, %v", n, err)
	}
}

func TestDevChainAdjustTime(t *testing.T) {
	ctx := context.Background()
	if _, err := OpenDevChain(ctx, ""); err == nil {
		t.Fatal("a dev chain without a directory was opened")
	}
	dc := openDevChain(t, t.TempDir())
	before, err := dc.Now(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := dc.AdjustTime(3 * time.Hour); err != nil {
		t.Fatal(err)
	}
	after, err := dc.Now(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if after.Sub(before) < 3*time.Hour {
		t.Fatalf("time moved by %s, want at least 3h", after.Sub(before))
	}
	if err := dc.AdjustTime(500 * time.Millisecond); err == nil {
		t.Fatal("moving time by less than a second was accepted")
	}
	if err := dc.Close(); err != nil {
		t.Fatal(err)
	}
	if err := dc.AdjustTime(time.Hour); err == nil {
		t.Fatal("moving time on a closed chain was accepted")
	}
}

// The crash test re-executes the test binary: the child opens the chain, sends crashTxs
// transfers and exits without closing it; the parent reopens the directory.
const (
	crashDirEnv = "PETAGRID_DEVCHAIN_CRASH_DIR"
	crashKeyEnv = "PETAGRID_DEVCHAIN_CRASH_KEY"
	crashTxs    = 8
	crashExit   = 3
)

func crashRecipient(i int) common.Address { return common.BigToAddress(big.NewInt(int64(0x1000 + i))) }

func crashAmount(i int) *big.Int { return big.NewInt(int64(1_000_000 + i)) }

// TestDevChainCrashChild is the child half of TestDevChainSurvivesKill.
func TestDevChainCrashChild(t *testing.T) {
	dir, keyHex := os.Getenv(crashDirEnv), os.Getenv(crashKeyEnv)
	if dir == "" {
		t.Skip("runs only as TestDevChainSurvivesKill's child")
	}
	sender, err := crypto.HexToECDSA(keyHex)
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	ctx := context.Background()
	dc, err := OpenDevChain(ctx, dir, addrOf(sender))
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	for i := 0; i < crashTxs; i++ {
		if err := dc.SendETH(ctx, sender, crashRecipient(i), crashAmount(i)); err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
		n, err := dc.Backend().BlockNumber(ctx)
		if err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
		fmt.Printf("tx %d block %d\n", i, n)
	}
	// No Close: the process dies with whatever the database has not written yet.
	os.Exit(crashExit)
}

func TestDevChainSurvivesKill(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	sender := key(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestDevChainCrashChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), crashDirEnv+"="+dir, crashKeyEnv+"="+common.Bytes2Hex(crypto.FromECDSA(sender)))
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != crashExit {
		t.Fatalf("child: %v\n%s", err, out)
	}
	txBlock := map[int]uint64{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		var i int
		var n uint64
		if _, err := fmt.Sscanf(sc.Text(), "tx %d block %d", &i, &n); err == nil {
			txBlock[i] = n
		}
	}
	if len(txBlock) != crashTxs {
		t.Fatalf("child mined %d transactions, want %d:\n%s", len(txBlock), crashTxs, out)
	}
	lastBlock := txBlock[crashTxs-1]

	dc := openDevChain(t, dir, addrOf(sender))
	head, err := dc.Backend().BlockNumber(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("child mined up to block %d and exited without closing; reopened head is block %d", lastBlock, head)
	// Each block is synced to disk before its receipt is seen: none is lost.
	if head != lastBlock {
		t.Fatalf("reopened head %d, want %d", head, lastBlock)
	}
	survived := 0
	for i := 0; i < crashTxs; i++ {
		bal, err := ethclient.NewClient(dc.RPC()).BalanceAt(ctx, crashRecipient(i), nil)
		if err != nil {
			t.Fatal(err)
		}
		want := crashAmount(i)
		if txBlock[i] > head {
			want = new(big.Int)
		}
		if bal.Cmp(want) != 0 {
			t.Fatalf("recipient %d (tx in block %d, head %d): balance %s, want %s", i, txBlock[i], head, bal, want)
		}
		if bal.Sign() > 0 {
			survived++
		}
	}
	t.Logf("%d of %d transactions survived the kill", survived, crashTxs)
	// The chain goes on from there.
	extra := common.BigToAddress(big.NewInt(0x2000))
	if err := dc.SendETH(ctx, sender, extra, big.NewInt(7)); err != nil {
		t.Fatal(err)
	}
	if bal, err := ethclient.NewClient(dc.RPC()).BalanceAt(ctx, extra, nil); err != nil || bal.Cmp(big.NewInt(7)) != 0 {
		t.Fatalf("transfer after the crash: %v, %v", bal, err)
	}
}
