package client

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"errors"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/petagrid/petagrid/contracts/rewardtree"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	siteclient "github.com/petagrid/petagrid/site/client"
)

const testWorkflow = `version: 1
name: t
resources: {time: 5m}
steps:
  - name: a
    run: {command: [true]}
`

// fakeGateway answers the routes Submit and Claim use, without checking signatures.
type fakeGateway struct {
	mu     sync.Mutex
	posted int
	proof  gatewayapi.RewardProof
}

func (g *fakeGateway) postedJobs() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.posted
}

func (g *fakeGateway) setProof(p gatewayapi.RewardProof) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.proof = p
}

func (g *fakeGateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	g.mu.Lock()
	defer g.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	switch {
	case r.URL.Path == "/v1/info":
		json.NewEncoder(w).Encode(gatewayapi.Info{Site: "gw", Audience: "gw", Gateway: true, Chain: gatewayapi.ChainInfo{ChainID: "1337", RPC: "/v1/chain/rpc"}})
	case r.URL.Path == "/v1/jobs" && r.Method == http.MethodPost:
		g.posted++
		w.WriteHeader(http.StatusCreated)
		json.NewEncoder(w).Encode(gatewayapi.Job{ID: "r-aaaaaaaaaaaaaaaa"})
	case strings.HasPrefix(r.URL.Path, "/v1/rewards/"):
		json.NewEncoder(w).Encode(g.proof)
	default:
		http.NotFound(w, r)
	}
}

// fakeChain is the chain as the client sees it.
type fakeChain struct {
	exists  bool
	balance *big.Int
	locked  []string
	claimed []*big.Int
	bonded  *big.Int
}

func (c *fakeChain) EscrowExists(context.Context, common.Address, string) (bool, error) {
	return c.exists, nil
}

func (c *fakeChain) DPSBalance(context.Context, common.Address) (*big.Int, error) {
	return new(big.Int).Set(c.balance), nil
}

func (c *fakeChain) LockEscrow(_ context.Context, _ *ecdsa.PrivateKey, key string, amount *big.Int) error {
	c.locked = append(c.locked, key)
	c.balance.Sub(c.balance, amount)
	return nil
}

func (c *fakeChain) Claim(_ context.Context, _ *ecdsa.PrivateKey, _ common.Address, cumulative *big.Int, _ [][32]byte) error {
	c.claimed = append(c.claimed, cumulative)
	c.balance.Add(c.balance, big.NewInt(400))
	return nil
}

func (c *fakeChain) StakeOf(context.Context, common.Address) (Stake, error) {
	return Stake{BondedWei: new(big.Int).Set(c.bonded), UnbondingWei: new(big.Int), SlashedWei: new(big.Int)}, nil
}

func (c *fakeChain) Stake(_ context.Context, _ *ecdsa.PrivateKey, amount *big.Int) error {
	c.balance.Sub(c.balance, amount)
	c.bonded.Add(c.bonded, amount)
	return nil
}

func (c *fakeChain) RequestUnbond(context.Context, *ecdsa.PrivateKey, *big.Int) error {
	return errors.New("the fake chain does not unbond")
}

func (c *fakeChain) WithdrawStake(context.Context, *ecdsa.PrivateKey) error {
	return errors.New("the fake chain does not withdraw")
}

func (c *fakeChain) CastVote(context.Context, *ecdsa.PrivateKey, uint64, uint8) (*big.Int, error) {
	return nil, errors.New("the fake chain does not vote")
}

// Staking more than the key holds is refused before anything is sent.
func TestStakeChecksTheBalanceFirst(t *testing.T) {
	chain := &fakeChain{balance: big.NewInt(1000), bonded: new(big.Int)}
	var dialed string
	c := newTestClient(t, &fakeGateway{}, chain, &dialed)
	if _, err := c.Stake(context.Background(), big.NewInt(1001)); err == nil || !strings.Contains(err.Error(), "less than") {
		t.Fatalf("staking more than the balance: %v", err)
	}
	if chain.bonded.Sign() != 0 {
		t.Fatalf("something was staked: %s", chain.bonded)
	}
	if _, err := c.Stake(context.Background(), big.NewInt(0)); err == nil {
		t.Fatal("a zero stake was sent")
	}
	s, err := c.Stake(context.Background(), big.NewInt(600))
	if err != nil || s.BondedWei.Cmp(big.NewInt(600)) != 0 || chain.balance.Cmp(big.NewInt(400)) != 0 {
		t.Fatalf("staking 600 of 1000: %+v %v, balance %s", s, err, chain.balance)
	}
}

func newTestClient(t *testing.T, g *fakeGateway, chain *fakeChain, dialed *string) *Client {
	t.Helper()
	srv := httptest.NewServer(g)
	t.Cleanup(srv.Close)
	key, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	var dial ChainDialer
	if chain != nil {
		dial = func(_ context.Context, rpcURL string, announced gatewayapi.ChainInfo) (Chain, error) {
			*dialed = rpcURL + " " + announced.ChainID
			return chain, nil
		}
	}
	c, err := New(srv.URL, key, dial, siteclient.WithRetryFor(0))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

// Submit locks the budget on the chain its caller gave, then posts; a retry finds the escrow
// and locks nothing; a client without chain access submits nothing.
func TestSubmitThroughTheGivenChain(t *testing.T) {
	ctx := context.Background()
	req := gatewayapi.SubmitRequest{Workflow: testWorkflow, IdempotencyKey: "key-0123456789abcdef", MaxCostWei: "1000"}

	g := &fakeGateway{}
	if _, _, err := newTestClient(t, g, nil, nil).Submit(ctx, req); err == nil || !strings.Contains(err.Error(), "without chain access") || g.postedJobs() != 0 {
		t.Fatalf("without chain access: %v, %d posted", err, g.postedJobs())
	}

	var dialed string
	chain := &fakeChain{balance: big.NewInt(1500)}
	c := newTestClient(t, g, chain, &dialed)
	job, created, err := c.Submit(ctx, req)
	if err != nil || !created || job.ID != "r-aaaaaaaaaaaaaaaa" || len(chain.locked) != 1 || chain.locked[0] != req.IdempotencyKey || g.postedJobs() != 1 {
		t.Fatalf("submit: %+v %v %v, locked %v, %d posted", job, created, err, chain.locked, g.postedJobs())
	}
	if !strings.HasSuffix(dialed, "/v1/chain/rpc 1337") {
		t.Errorf("dialled %q, not the announced relay and chain", dialed)
	}
	chain.exists = true
	if _, _, err := c.Submit(ctx, req); err != nil || len(chain.locked) != 1 || g.postedJobs() != 2 {
		t.Fatalf("retry: %v, locked %v", err, chain.locked)
	}
	chain.exists = false
	if _, _, err := c.Submit(ctx, req); err == nil || !strings.Contains(err.Error(), "less than the budget") || len(chain.locked) != 1 || g.postedJobs() != 2 {
		t.Fatalf("a budget above the balance: %v, locked %v", err, chain.locked)
	}
}

// Claim sends a proof that verifies against the gateway's root, and refuses one that does not
// before it reaches the chain.
func TestClaimThroughTheGivenChain(t *testing.T) {
	ctx := context.Background()
	var dialed string
	chain := &fakeChain{balance: big.NewInt(100)}
	g := &fakeGateway{}
	c := newTestClient(t, g, chain, &dialed)
	tree, err := rewardtree.New([]rewardtree.Leaf{{Account: c.Address(), Cumulative: big.NewInt(1000)}, {Account: common.Address{1}, Cumulative: big.NewInt(5)}})
	if err != nil {
		t.Fatal(err)
	}
	proof, _, err := tree.Proof(c.Address())
	if err != nil {
		t.Fatal(err)
	}
	rp := gatewayapi.RewardProof{Account: c.Address().Hex(), Root: tree.Root(), CumulativeWei: "1000", ClaimedWei: "600", ClaimableWei: "400"}
	for _, p := range proof {
		rp.Proof = append(rp.Proof, hexutil.Bytes(p[:]))
	}
	g.setProof(rp)
	got, _, err := c.Claim(ctx)
	if err != nil || got.Cmp(big.NewInt(400)) != 0 || len(chain.claimed) != 1 || chain.claimed[0].Cmp(big.NewInt(1000)) != 0 {
		t.Fatalf("claim: %v %v, claimed %v", got, err, chain.claimed)
	}

	rp.CumulativeWei = "2000"
	g.setProof(rp)
	dialed = ""
	if _, _, err := c.Claim(ctx); err == nil || !strings.Contains(err.Error(), "does not verify") || len(chain.claimed) != 1 || dialed != "" {
		t.Fatalf("a proof for another amount: %v, claimed %v, dialled %q", err, chain.claimed, dialed)
	}
}
