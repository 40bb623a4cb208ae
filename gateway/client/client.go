// Package client talks to a grid gateway for researchers (submissions with their escrow),
// operators (providers, epochs, funding) and providers (reward claims). The job routes are
// the site API's, so it builds on the site client; the chain is reached through the gateway's
// JSON-RPC relay, so a researcher needs nothing but the gateway's URL and a key.
//
// The package speaks the gateway's wire types (gatewayapi) and reaches the chain through the
// Chain its caller dials (package relaychain binds the contracts), so that it builds without
// the gateway, its store or a chain node.
package client

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/petagrid/petagrid/contracts/rewardtree"
	"github.com/petagrid/petagrid/gateway/dashboard"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/internal/strictyaml"
	siteclient "github.com/petagrid/petagrid/site/client"
	"github.com/petagrid/petagrid/tokenomics"
	"github.com/petagrid/petagrid/workflows"
)

// Chain is what Submit and Claim need of the settlement chain behind the gateway's relay.
type Chain interface {
	// EscrowExists reports whether researcher has an escrow under the idempotency key, in
	// whatever state (a retried submission finds the one it locked).
	EscrowExists(ctx context.Context, researcher common.Address, idempotencyKey string) (bool, error)
	// DPSBalance is an account's DPS in wei.
	DPSBalance(ctx context.Context, account common.Address) (*big.Int, error)
	// LockEscrow locks up to amount DPS wei of key's account for the job under the
	// idempotency key.
	LockEscrow(ctx context.Context, key *ecdsa.PrivateKey, idempotencyKey string, amount *big.Int) error
	// Claim sends a claim of account's cumulative rewards with their Merkle proof, signed by key.
	Claim(ctx context.Context, key *ecdsa.PrivateKey, account common.Address, cumulative *big.Int, proof [][32]byte) error
	// StakeOf reads a provider's stake.
	StakeOf(ctx context.Context, provider common.Address) (Stake, error)
	// Stake bonds amount DPS wei of key's account.
	Stake(ctx context.Context, key *ecdsa.PrivateKey, amount *big.Int) error
	// RequestUnbond starts unbonding amount DPS wei of key's bonded stake.
	RequestUnbond(ctx context.Context, key *ecdsa.PrivateKey, amount *big.Int) error
	// WithdrawStake withdraws key's unbonded stake.
	WithdrawStake(ctx context.Context, key *ecdsa.PrivateKey) error
	// CastVote votes on an admission proposal with key's GFL at its snapshot (support 0
	// against, 1 for, 2 abstain) and returns the weight counted.
	CastVote(ctx context.Context, key *ecdsa.PrivateKey, proposal uint64, support uint8) (*big.Int, error)
}

// Stake is a provider's stake on chain, in DPS wei.
type Stake struct {
	BondedWei    *big.Int
	UnbondingWei *big.Int
	// UnbondsAt is when the unbonding DPS may be withdrawn (zero: nothing unbonding).
	UnbondsAt  time.Time
	SlashedWei *big.Int
}

// MarshalJSON writes the amounts as decimal strings, as every wei amount of the API is.
func (s Stake) MarshalJSON() ([]byte, error) {
	str := func(v *big.Int) string {
		if v == nil {
			return "0"
		}
		return v.String()
	}
	return json.Marshal(struct {
		BondedWei    string    `json:"bondedWei"`
		UnbondingWei string    `json:"unbondingWei"`
		UnbondsAt    time.Time `json:"unbondsAt,omitzero"`
		SlashedWei   string    `json:"slashedWei"`
	}{str(s.BondedWei), str(s.UnbondingWei), s.UnbondsAt, str(s.SlashedWei)})
}

// ChainDialer connects to the chain behind a gateway's JSON-RPC relay at rpcURL and binds the
// contracts the gateway announces; it refuses a relay whose chain is not the announced one.
type ChainDialer func(ctx context.Context, rpcURL string, announced gatewayapi.ChainInfo) (Chain, error)

// Client is a gateway client. It is safe for concurrent use.
type Client struct {
	*siteclient.Client
	key       *ecdsa.PrivateKey
	dialChain ChainDialer
}

// New returns a client for the gateway at target (http:// or https://), signing with key.
// dialChain reaches the chain for Submit and Claim; nil makes a client for everything else.
func New(target string, key *ecdsa.PrivateKey, dialChain ChainDialer, opts ...siteclient.Option) (*Client, error) {
	if !strings.HasPrefix(target, "http://") && !strings.HasPrefix(target, "https://") {
		return nil, fmt.Errorf("gateway %q: an http:// or https:// URL", target)
	}
	if key == nil {
		return nil, errors.New("a gateway needs a key to sign requests (--key)")
	}
	c, err := siteclient.New(target, key, append([]siteclient.Option{siteclient.WithServerName("gateway")}, opts...)...)
	if err != nil {
		return nil, err
	}
	return &Client{Client: c, key: key, dialChain: dialChain}, nil
}

// Address is the client key's address.
func (c *Client) Address() common.Address { return crypto.PubkeyToAddress(c.key.PublicKey) }

// GatewayInfo is the gateway's GET /v1/info.
func (c *Client) GatewayInfo(ctx context.Context) (gatewayapi.Info, error) {
	var info gatewayapi.Info
	if _, err := c.get(ctx, "/v1/info", nil, &info); err != nil {
		return info, err
	}
	if !info.Gateway {
		return info, fmt.Errorf("%s is not a grid gateway (it answers as a site)", c.Target())
	}
	return info, nil
}

// get is an unsigned-compatible GET: the gateway ignores signatures on public routes.
func (c *Client) get(ctx context.Context, path string, q url.Values, out any) (int, error) {
	return c.Call(ctx, http.MethodGet, path, q, nil, out, http.StatusOK)
}

// chain reaches the chain through the gateway's JSON-RPC relay.
func (c *Client) chain(ctx context.Context) (Chain, error) {
	if c.dialChain == nil {
		return nil, errors.New("this gateway client was made without chain access")
	}
	info, err := c.GatewayInfo(ctx)
	if err != nil {
		return nil, err
	}
	if info.Chain.RPC == "" {
		return nil, errors.New("the gateway offers no chain relay")
	}
	return c.dialChain(ctx, strings.TrimSuffix(c.BaseURL(), "/")+info.Chain.RPC, info.Chain)
}

// Submit locks the budget in escrow (unless a locked escrow for this idempotency key is
// there already: a retry) and submits the workflow, signed for the sites when the gateway
// forwards signatures (the job's SignedSubmission says whether it did). created is false when
// the gateway answered with the job an earlier submission under the same key made.
func (c *Client) Submit(ctx context.Context, req gatewayapi.SubmitRequest) (job gatewayapi.Job, created bool, err error) {
	if req.IdempotencyKey == "" {
		if req.IdempotencyKey, err = siteclient.NewIdempotencyKey(); err != nil {
			return job, false, err
		}
	}
	if err := gatewayapi.CheckIdempotencyKey(req.IdempotencyKey); err != nil {
		return job, false, err
	}
	// A workflow with errors is refused before anything is locked (the gateway would refund
	// it, but only after a transaction or two).
	if _, err := workflows.Parse(fileNameOr(req.FileName), []byte(req.Workflow)); err != nil {
		apiErr := &siteclient.APIError{Status: http.StatusUnprocessableEntity, Message: "the workflow has errors"}
		var yamlErrs strictyaml.Errors
		if errors.As(err, &yamlErrs) {
			for _, e := range yamlErrs {
				apiErr.Details = append(apiErr.Details, e.Error())
			}
		} else {
			apiErr.Message = err.Error()
		}
		return job, false, apiErr
	}
	maxCost, ok := new(big.Int).SetString(req.MaxCostWei, 10)
	if !ok || maxCost.Sign() <= 0 {
		return job, false, fmt.Errorf("the budget %q is not a positive amount in wei", req.MaxCostWei)
	}
	info, err := c.GatewayInfo(ctx)
	if err != nil {
		return job, false, err
	}
	// A gateway that now calls itself by another name than the one the researcher knows it
	// by would refuse the signed submission after the budget is locked: refuse first.
	if pinned := c.PinnedAudience(); pinned != "" && info.Audience != pinned {
		return job, false, fmt.Errorf("%s now calls itself %q, not %q as when first contacted (known_sites or --audience): nothing was locked or submitted", c.Target(), info.Audience, pinned)
	}
	// The name is signed as the site will see it.
	req.FileName = fileNameOr(req.FileName)
	if req.Submission, err = c.signSubmission(req, info, maxCost); err != nil {
		return job, false, err
	}
	d, err := c.chain(ctx)
	if err != nil {
		return job, false, err
	}
	exists, err := d.EscrowExists(ctx, c.Address(), req.IdempotencyKey)
	if err != nil {
		return job, false, err
	}
	if !exists {
		bal, err := d.DPSBalance(ctx, c.Address())
		if err != nil {
			return job, false, err
		}
		if bal.Cmp(maxCost) < 0 {
			return job, false, fmt.Errorf("%s holds %s DPS, less than the budget of %s DPS: get DPS first (a grid operator can fund test accounts with petagrid gateway fund)", c.Address().Hex(), tokenomics.FormatAmount(bal), tokenomics.FormatAmount(maxCost))
		}
		if err := d.LockEscrow(ctx, c.key, req.IdempotencyKey, maxCost); err != nil {
			return job, false, fmt.Errorf("locking the budget in escrow: %w", err)
		}
	}
	body, _ := json.Marshal(req)
	code, err := c.Call(ctx, http.MethodPost, "/v1/jobs", nil, body, &job, http.StatusCreated, http.StatusOK)
	return job, code == http.StatusCreated, err
}

// signSubmission signs the submission for the sites, which run a grid job in the
// researcher's own account only on their signature over exactly that job: the workflow's
// bytes, file name, params, idempotency key (and so escrow) and budget, for this gateway,
// usable once. It signs only for a gateway that forwards signatures in the format this client
// writes (GET /v1/info: submissions), valid as long as the gateway says a job may wait; nil
// otherwise (such a gateway's sites run the job as their pool account).
func (c *Client) signSubmission(req gatewayapi.SubmitRequest, info gatewayapi.Info, maxCost *big.Int) (*reqsign.Submission, error) {
	s := info.Submissions
	if s == nil || s.Format != reqsign.SubmissionVersion {
		return nil, nil
	}
	ttl := time.Duration(s.TTLSeconds) * time.Second
	if ttl <= 0 || ttl > reqsign.MaxSubmissionTTL {
		return nil, fmt.Errorf("%s asks for submissions signed for %d s, outside 1 s..%s: nothing was locked or submitted", c.Target(), s.TTLSeconds, reqsign.MaxSubmissionTTL)
	}
	sub, err := reqsign.SignSubmission(reqsign.SubmissionContent{Audience: info.Audience, Workflow: []byte(req.Workflow), FileName: req.FileName,
		Params: req.Params, IdempotencyKey: req.IdempotencyKey, MaxCostWei: maxCost}, c.key, time.Now(), ttl)
	if err != nil {
		return nil, fmt.Errorf("signing the submission: %w", err)
	}
	return sub, nil
}

func fileNameOr(name string) string {
	if name == "" {
		return "workflow.yaml"
	}
	return name
}

// Job returns a job as the gateway records it.
func (c *Client) Job(ctx context.Context, id string) (gatewayapi.Job, error) {
	var j gatewayapi.Job
	_, err := c.Call(ctx, http.MethodGet, "/v1/jobs/"+url.PathEscape(id), nil, nil, &j, http.StatusOK)
	return j, err
}

// Providers lists the sites (operators only).
func (c *Client) Providers(ctx context.Context) ([]gatewayapi.ProviderView, error) {
	var out struct {
		Providers []gatewayapi.ProviderView `json:"providers"`
	}
	_, err := c.Call(ctx, http.MethodGet, "/v1/providers", nil, nil, &out, http.StatusOK)
	return out.Providers, err
}

// ApproveProvider approves a site's registration, named by the digest the operator reviewed
// (ProviderView.RegistrationDigest): the gateway refuses it if the site registered anything
// else since (operators only).
func (c *Client) ApproveProvider(ctx context.Context, site string, registration common.Hash, reason string) (gatewayapi.Site, error) {
	return c.Approve(ctx, site, gatewayapi.StatusRequest{Reason: reason, Registration: registration.Hex()})
}

// Approve approves a site as req says: the registration reviewed, why, and who operates it
// (operators only).
func (c *Client) Approve(ctx context.Context, site string, req gatewayapi.StatusRequest) (gatewayapi.Site, error) {
	return c.setProviderStatus(ctx, site, "approve", req)
}

// SuspendProvider suspends a site (operators only).
func (c *Client) SuspendProvider(ctx context.Context, site string, reason string) (gatewayapi.Site, error) {
	return c.setProviderStatus(ctx, site, "suspend", gatewayapi.StatusRequest{Reason: reason})
}

func (c *Client) setProviderStatus(ctx context.Context, site, action string, req gatewayapi.StatusRequest) (gatewayapi.Site, error) {
	body, _ := json.Marshal(req)
	var s gatewayapi.Site
	_, err := c.Call(ctx, http.MethodPost, "/v1/providers/"+url.PathEscape(site)+"/"+action, nil, body, &s, http.StatusOK)
	return s, err
}

// ProposeProvider puts a pending site's registration, named by the digest the operator
// reviewed, to the GFL holders' vote (operators only).
func (c *Client) ProposeProvider(ctx context.Context, site string, registration common.Hash, reason string) (gatewayapi.ProposalView, error) {
	body, _ := json.Marshal(gatewayapi.StatusRequest{Reason: reason, Registration: registration.Hex()})
	var v gatewayapi.ProposalView
	_, err := c.Call(ctx, http.MethodPost, "/v1/providers/"+url.PathEscape(site)+"/propose", nil, body, &v, http.StatusCreated)
	return v, err
}

// Proposals lists the newest admission proposals, newest first (public).
func (c *Client) Proposals(ctx context.Context, limit int) ([]gatewayapi.ProposalView, error) {
	var out struct {
		Proposals []gatewayapi.ProposalView `json:"proposals"`
	}
	_, err := c.Call(ctx, http.MethodGet, "/v1/proposals", url.Values{"limit": {strconv.Itoa(limit)}}, nil, &out, http.StatusOK)
	return out.Proposals, err
}

// Proposal reads one admission proposal (public).
func (c *Client) Proposal(ctx context.Context, id uint64) (gatewayapi.ProposalView, error) {
	var v gatewayapi.ProposalView
	_, err := c.Call(ctx, http.MethodGet, "/v1/proposals/"+strconv.FormatUint(id, 10), nil, nil, &v, http.StatusOK)
	return v, err
}

// VetoProposal rejects a proposal during the operator's transition (operators only).
func (c *Client) VetoProposal(ctx context.Context, id uint64, reason string) (gatewayapi.ProposalView, error) {
	body, _ := json.Marshal(gatewayapi.VetoRequest{Reason: reason})
	var v gatewayapi.ProposalView
	_, err := c.Call(ctx, http.MethodPost, "/v1/proposals/"+strconv.FormatUint(id, 10)+"/veto", nil, body, &v, http.StatusOK)
	return v, err
}

// Vote votes on an admission proposal with the client key's GFL at the proposal's snapshot,
// through the gateway's relay (support 0 against, 1 for, 2 abstain), and returns the weight
// counted. The proposal is read first, so that a closed vote or a key without GFL at its
// snapshot is said plainly rather than as a revert.
func (c *Client) Vote(ctx context.Context, id uint64, support uint8) (*big.Int, error) {
	if support > 2 {
		return nil, errors.New("a vote is 0 against, 1 for or 2 abstain")
	}
	p, err := c.Proposal(ctx, id)
	if err != nil {
		return nil, err
	}
	if p.State != "active" {
		return nil, fmt.Errorf("proposal %d is %s: only an active proposal takes votes (until %s)", id, p.State, p.VoteEnd.Format(time.RFC3339))
	}
	d, err := c.chain(ctx)
	if err != nil {
		return nil, err
	}
	return d.CastVote(ctx, c.key, id, support)
}

// ChallengeProvider issues a site a compute challenge now (operators only).
func (c *Client) ChallengeProvider(ctx context.Context, site string) (gatewayapi.Challenge, error) {
	var ch gatewayapi.Challenge
	_, err := c.Call(ctx, http.MethodPost, "/v1/providers/"+url.PathEscape(site)+"/challenge", nil, nil, &ch, http.StatusCreated)
	return ch, err
}

// Challenges lists the newest challenges, of one site when site is set (operators only).
func (c *Client) Challenges(ctx context.Context, site string, limit int) ([]gatewayapi.Challenge, error) {
	q := url.Values{"limit": {strconv.Itoa(limit)}}
	if site != "" {
		q.Set("site", site)
	}
	var out struct {
		Challenges []gatewayapi.Challenge `json:"challenges"`
	}
	_, err := c.Call(ctx, http.MethodGet, "/v1/challenges", q, nil, &out, http.StatusOK)
	return out.Challenges, err
}

// CloseEpoch settles the next epoch (or checks that epoch, when set) (operators only).
func (c *Client) CloseEpoch(ctx context.Context, epoch *uint64) (gatewayapi.EpochSummary, error) {
	body, _ := json.Marshal(struct {
		Epoch *uint64 `json:"epoch,omitempty"`
	}{epoch})
	var s gatewayapi.EpochSummary
	_, err := c.Call(ctx, http.MethodPost, "/v1/epochs/close", nil, body, &s, http.StatusOK)
	return s, err
}

// Epochs lists the recorded epochs, newest first.
func (c *Client) Epochs(ctx context.Context) ([]gatewayapi.EpochSummary, error) {
	var out struct {
		Epochs []gatewayapi.EpochSummary `json:"epochs"`
	}
	_, err := c.get(ctx, "/v1/epochs", nil, &out)
	return out.Epochs, err
}

// Fund sends DPS and ETH (decimal amounts, "" for none) from the treasury (operators only).
func (c *Client) Fund(ctx context.Context, account common.Address, dps, eth string) error {
	body, _ := json.Marshal(gatewayapi.FundRequest{Account: account.Hex(), DPS: dps, ETH: eth})
	var out map[string]string
	_, err := c.Call(ctx, http.MethodPost, "/v1/fund", nil, body, &out, http.StatusOK)
	return err
}

// RewardProof is an account's claim in the newest settled epoch.
func (c *Client) RewardProof(ctx context.Context, account common.Address) (gatewayapi.RewardProof, error) {
	var p gatewayapi.RewardProof
	_, err := c.get(ctx, "/v1/rewards/"+account.Hex(), nil, &p)
	return p, err
}

// Claim claims the client key's rewards through the relay and returns what it received (0
// when there was nothing left to claim).
func (c *Client) Claim(ctx context.Context) (*big.Int, gatewayapi.RewardProof, error) {
	p, err := c.RewardProof(ctx, c.Address())
	if err != nil {
		return nil, p, err
	}
	claimable, ok := new(big.Int).SetString(p.ClaimableWei, 10)
	cumulative, ok2 := new(big.Int).SetString(p.CumulativeWei, 10)
	if !ok || !ok2 {
		return nil, p, errors.New("the gateway's reward proof has malformed amounts")
	}
	if claimable.Sign() <= 0 {
		return new(big.Int), p, nil
	}
	proof := make([][32]byte, len(p.Proof))
	for i, b := range p.Proof {
		if len(b) != 32 {
			return nil, p, errors.New("the gateway's reward proof has a malformed node")
		}
		copy(proof[i][:], b)
	}
	if !rewardtree.Verify(p.Root, c.Address(), cumulative, proof) {
		return nil, p, errors.New("the gateway's reward proof does not verify against its root: refusing to send it")
	}
	d, err := c.chain(ctx)
	if err != nil {
		return nil, p, err
	}
	before, err := d.DPSBalance(ctx, c.Address())
	if err != nil {
		return nil, p, err
	}
	if err := d.Claim(ctx, c.key, c.Address(), cumulative, proof); err != nil {
		return nil, p, fmt.Errorf("claiming: %w", err)
	}
	after, err := d.DPSBalance(ctx, c.Address())
	if err != nil {
		return nil, p, err
	}
	return new(big.Int).Sub(after, before), p, nil
}

// StakeStatus reads the client key's stake.
func (c *Client) StakeStatus(ctx context.Context) (Stake, error) {
	d, err := c.chain(ctx)
	if err != nil {
		return Stake{}, err
	}
	return d.StakeOf(ctx, c.Address())
}

// Stake bonds amount DPS wei of the client key's account, and returns the stake after.
func (c *Client) Stake(ctx context.Context, amount *big.Int) (Stake, error) {
	if amount == nil || amount.Sign() <= 0 {
		return Stake{}, errors.New("the stake must be a positive amount")
	}
	d, err := c.chain(ctx)
	if err != nil {
		return Stake{}, err
	}
	bal, err := d.DPSBalance(ctx, c.Address())
	if err != nil {
		return Stake{}, err
	}
	if bal.Cmp(amount) < 0 {
		return Stake{}, fmt.Errorf("%s holds %s DPS, less than the %s DPS to stake", c.Address().Hex(), tokenomics.FormatAmount(bal), tokenomics.FormatAmount(amount))
	}
	if err := d.Stake(ctx, c.key, amount); err != nil {
		return Stake{}, err
	}
	return d.StakeOf(ctx, c.Address())
}

// Unbond starts unbonding amount DPS wei of the client key's bonded stake, and returns the
// stake after (with when it may be withdrawn).
func (c *Client) Unbond(ctx context.Context, amount *big.Int) (Stake, error) {
	if amount == nil || amount.Sign() <= 0 {
		return Stake{}, errors.New("the amount to unbond must be positive")
	}
	d, err := c.chain(ctx)
	if err != nil {
		return Stake{}, err
	}
	if err := d.RequestUnbond(ctx, c.key, amount); err != nil {
		return Stake{}, fmt.Errorf("unbonding: %w", err)
	}
	return d.StakeOf(ctx, c.Address())
}

// WithdrawStake withdraws the client key's unbonded stake and returns what it received: the
// balance's change, as Claim measures it (a slash between a read of the stake and the
// withdrawal would make the stake read before it wrong).
func (c *Client) WithdrawStake(ctx context.Context) (*big.Int, error) {
	d, err := c.chain(ctx)
	if err != nil {
		return nil, err
	}
	before, err := d.DPSBalance(ctx, c.Address())
	if err != nil {
		return nil, err
	}
	if err := d.WithdrawStake(ctx, c.key); err != nil {
		return nil, fmt.Errorf("withdrawing the stake: %w", err)
	}
	after, err := d.DPSBalance(ctx, c.Address())
	if err != nil {
		return nil, err
	}
	return new(big.Int).Sub(after, before), nil
}

// Dashboard reads the gateway's public dashboard data: providers, economy, epochs and the
// latest jobs, with exact wei amounts.
func (c *Client) Dashboard(ctx context.Context) (dashboard.Snapshot, error) {
	var snap dashboard.Snapshot
	_, err := c.get(ctx, "/dashboard.json", nil, &snap)
	return snap, err
}
