package contracts

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/tokenomics"
)

type relayWorld struct {
	dc                      *DevChain
	d                       *Deployment
	server                  *httptest.Server
	deployer, gateway, user *ecdsa.PrivateKey
}

// newRelayWorld deploys the contracts on a dev chain, gives user 1,000 DPS and serves the
// relay over it.
func newRelayWorld(t *testing.T) *relayWorld {
	t.Helper()
	w := &relayWorld{deployer: key(t), gateway: key(t), user: key(t)}
	w.dc = openDevChain(t, t.TempDir(), addrOf(w.deployer), addrOf(w.gateway), addrOf(w.user))
	w.d = deployOnDevChain(t, w.dc, w.deployer, w.gateway)
	if err := w.d.TransferDPS(context.Background(), w.deployer, addrOf(w.user), tokenomics.MustAmount("1000")); err != nil {
		t.Fatal(err)
	}
	log := logrus.New()
	log.SetOutput(io.Discard)
	w.server = httptest.NewServer(NewRelay(w.dc.Chain, w.dc.RPC(), log))
	t.Cleanup(w.server.Close)
	return w
}

// post sends a body to the relay and decodes the answer into out (when not nil).
func (w *relayWorld) post(t *testing.T, body string, out any) int {
	t.Helper()
	resp, err := http.Post(w.server.URL, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatalf("answer %q (HTTP %d): %v", raw, resp.StatusCode, err)
		}
	}
	return resp.StatusCode
}

type testRPCResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result"`
	Error   *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func wantRPCError(t *testing.T, r testRPCResponse, code int) {
	t.Helper()
	if r.Error == nil || r.Error.Code != code || r.Result != nil {
		t.Fatalf("want JSON-RPC error %d, got %+v (result %s)", code, r.Error, r.Result)
	}
	if r.JSONRPC != "2.0" {
		t.Fatalf("jsonrpc %q", r.JSONRPC)
	}
}

func TestRelayCarriesAClientThroughTheGateway(t *testing.T) {
	ctx := context.Background()
	w := newRelayWorld(t)
	remote, err := Dial(ctx, w.server.URL, 0)
	if err != nil {
		t.Fatal(err)
	}
	remote.PollInterval = 10 * time.Millisecond
	if remote.ChainID().Cmp(SimulatedChainID) != 0 {
		t.Fatalf("chain id through the relay: %v", remote.ChainID())
	}
	if remote.RPCClient() == nil {
		t.Fatal("a dialled chain has no RPC client")
	}
	before, err := w.dc.Backend().BlockNumber(ctx)
	if err != nil {
		t.Fatal(err)
	}
	rd := Attach(remote, w.d.Addresses)
	recipient := addrOf(key(t))
	amount := tokenomics.MustAmount("10")
	// Signed here, sent as eth_sendRawTransaction, mined at once by the dev chain, and its
	// receipt polled through the relay.
	if err := rd.TransferDPS(ctx, w.user, recipient, amount); err != nil {
		t.Fatal(err)
	}
	wantDPS(t, rd, recipient, amount)
	wantDPS(t, w.d, recipient, amount)
	wantDPS(t, rd, addrOf(w.user), tokenomics.MustAmount("990"))
	if after, err := w.dc.Backend().BlockNumber(ctx); err != nil || after != before+1 {
		t.Fatalf("block after the relayed transfer: %d, %v; want %d", after, err, before+1)
	}
	// A revert comes back with its data: the client decodes the contract's error.
	wantRevert(t, rd.TransferGFL(ctx, w.user, recipient, big.NewInt(1)), "NonTransferable")
	// The gateway's own sends still work beside relayed ones.
	if err := w.d.TransferDPS(ctx, w.deployer, recipient, amount); err != nil {
		t.Fatal(err)
	}
	wantDPS(t, rd, recipient, new(big.Int).Mul(amount, big.NewInt(2)))
}

func TestRelayRefusesWhatIsNotAllowed(t *testing.T) {
	w := newRelayWorld(t)
	for _, method := range []string{"eth_accounts", "eth_sendTransaction", "eth_sign", "debug_traceTransaction", "admin_nodeInfo", "personal_unlockAccount", "txpool_content", "eth_subscribe", "miner_start", ""} {
		var r testRPCResponse
		w.post(t, fmt.Sprintf(`{"jsonrpc":"2.0","id":7,"method":%q,"params":[]}`, method), &r)
		code := -32601
		if method == "" {
			code = -32600
		}
		wantRPCError(t, r, code)
		if method != "" && r.Error.Message != "method not allowed through the gateway relay" {
			t.Fatalf("%s: message %q", method, r.Error.Message)
		}
		if string(r.ID) != "7" {
			t.Fatalf("%s: id %s", method, r.ID)
		}
	}

	var r testRPCResponse
	w.post(t, `{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"`, &r)
	wantRPCError(t, r, -32700)
	w.post(t, `[{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"},`, &r)
	wantRPCError(t, r, -32700)
	r = testRPCResponse{}
	w.post(t, `"eth_blockNumber"`, &r)
	wantRPCError(t, r, -32600)
	r = testRPCResponse{}
	w.post(t, `{"jsonrpc":"1.0","id":1,"method":"eth_blockNumber"}`, &r)
	wantRPCError(t, r, -32600)
	r = testRPCResponse{}
	w.post(t, `{"jsonrpc":"2.0","id":{"a":1},"method":"eth_blockNumber"}`, &r)
	wantRPCError(t, r, -32600)
	r = testRPCResponse{}
	w.post(t, `{"jsonrpc":"2.0","id":1,"method":"eth_getBalance","params":{"a":1}}`, &r)
	wantRPCError(t, r, -32602)
	r = testRPCResponse{}
	w.post(t, `{"jsonrpc":"2.0","id":1,"method":"eth_getBalance","params":[1,2,3,4,5,6,7,8,9]}`, &r)
	wantRPCError(t, r, -32602)
	r = testRPCResponse{}
	w.post(t, `{"jsonrpc":"2.0","id":1,"method":"eth_sendRawTransaction","params":["not hex"]}`, &r)
	wantRPCError(t, r, -32602)
	r = testRPCResponse{}
	w.post(t, `{"jsonrpc":"2.0","id":1,"method":"eth_sendRawTransaction","params":["0x01"]}`, &r)
	wantRPCError(t, r, -32000)
	// The node's own errors come back as JSON-RPC errors.
	r = testRPCResponse{}
	w.post(t, `{"jsonrpc":"2.0","id":1,"method":"eth_getBalance","params":["nonsense","latest"]}`, &r)
	if r.Error == nil || r.Result != nil {
		t.Fatalf("bad address: %+v", r)
	}

	// Batches: at most 20, answered in order.
	calls := make([]string, 21)
	for i := range calls {
		calls[i] = fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"eth_chainId"}`, i)
	}
	r = testRPCResponse{}
	w.post(t, "["+strings.Join(calls, ",")+"]", &r)
	wantRPCError(t, r, -32600)
	r = testRPCResponse{}
	w.post(t, "[]", &r)
	wantRPCError(t, r, -32600)
	var batch []testRPCResponse
	r = testRPCResponse{}
	w.post(t, "["+strings.Join(calls[:20], ",")+`,{"jsonrpc":"2.0","method":"eth_chainId"}]`, &r) // 21 with a notification: still refused
	wantRPCError(t, r, -32600)
	w.post(t, `[{"jsonrpc":"2.0","id":"a","method":"eth_chainId"},{"jsonrpc":"2.0","id":"b","method":"eth_accounts"},{"jsonrpc":"2.0","method":"eth_chainId"}]`, &batch)
	if len(batch) != 2 || string(batch[0].ID) != `"a"` || string(batch[0].Result) != `"0x539"` || string(batch[1].ID) != `"b"` || batch[1].Error == nil || batch[1].Error.Code != -32601 {
		t.Fatalf("batch: %+v", batch)
	}
	// Only notifications: nothing to answer.
	if status := w.post(t, `{"jsonrpc":"2.0","method":"eth_chainId"}`, nil); status != http.StatusNoContent {
		t.Fatalf("notification: HTTP %d", status)
	}

	// A body over 256 KiB is refused before it is parsed.
	oversized := `{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":["` + strings.Repeat("a", 300<<10) + `"]}`
	r = testRPCResponse{}
	if status := w.post(t, oversized, &r); status != http.StatusRequestEntityTooLarge {
		t.Fatalf("oversized body: HTTP %d", status)
	}
	wantRPCError(t, r, -32600)

	resp, err := http.Get(w.server.URL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Fatalf("GET: HTTP %d", resp.StatusCode)
	}
}

func TestRelayRefusesAnotherChainsTransaction(t *testing.T) {
	ctx := context.Background()
	w := newRelayWorld(t)
	to := addrOf(key(t))
	sign := func(chainID *big.Int) []byte {
		tx := types.NewTx(&types.DynamicFeeTx{ChainID: chainID, Nonce: 0, GasTipCap: big.NewInt(1e9), GasFeeCap: big.NewInt(1e12), Gas: 21_000, To: &to, Value: big.NewInt(1)})
		signed, err := types.SignTx(tx, types.LatestSignerForChainID(chainID), w.user)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := signed.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		return raw
	}
	before, err := w.dc.Backend().BlockNumber(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var r testRPCResponse
	w.post(t, fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":"eth_sendRawTransaction","params":[%q]}`, hexutil.Encode(sign(big.NewInt(1)))), &r)
	wantRPCError(t, r, -32000)
	if !strings.Contains(r.Error.Message, "chain id 1, this chain is 1337") {
		t.Fatalf("message %q", r.Error.Message)
	}
	// An unprotected (pre-EIP-155) transaction is refused too.
	legacy, err := types.SignTx(types.NewTx(&types.LegacyTx{Nonce: 0, GasPrice: big.NewInt(1e12), Gas: 21_000, To: &to, Value: big.NewInt(1)}), types.HomesteadSigner{}, w.user)
	if err != nil {
		t.Fatal(err)
	}
	rawLegacy, err := legacy.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.dc.SendRawTransaction(ctx, rawLegacy); err == nil {
		t.Fatal("an unprotected transaction was sent")
	}
	if after, err := w.dc.Backend().BlockNumber(ctx); err != nil || after != before {
		t.Fatalf("refused transactions mined blocks: %d → %d, %v", before, after, err)
	}
	// The same transaction for this chain goes through and is mined at once.
	r = testRPCResponse{}
	w.post(t, fmt.Sprintf(`{"jsonrpc":"2.0","id":2,"method":"eth_sendRawTransaction","params":[%q]}`, hexutil.Encode(sign(SimulatedChainID))), &r)
	if r.Error != nil || len(r.Result) == 0 {
		t.Fatalf("transaction for this chain: %+v", r)
	}
	var hash common.Hash
	if err := json.Unmarshal(r.Result, &hash); err != nil {
		t.Fatal(err)
	}
	receipt, err := w.dc.Backend().TransactionReceipt(ctx, hash)
	if err != nil || receipt.Status != types.ReceiptStatusSuccessful {
		t.Fatalf("receipt of the relayed transaction: %+v, %v", receipt, err)
	}
}

func TestRelayRPCClientOfEachChain(t *testing.T) {
	sim := NewSimulated()
	defer sim.Close()
	if sim.RPCClient() != nil {
		t.Fatal("the simulated chain exposes an RPC client")
	}
	dc := openDevChain(t, t.TempDir())
	if dc.RPCClient() == nil || dc.RPC() == nil {
		t.Fatal("the dev chain has no RPC client")
	}
}
