package gateway_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/petagrid/petagrid/gateway"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/test/gatewaytest"
	"github.com/petagrid/petagrid/tokenomics"
)

func TestGovernanceConfig(t *testing.T) {
	good := gateway.GovernanceConfig{Enabled: true, TransitionEnds: "2027-06-01T00:00:00Z"}
	c := gateway.Config{Epochs: gateway.EpochsConfig{Period: time.Hour}}
	c.Economy.Governance = good
	if err := c.WithDefaults().Validate(); err != nil && strings.Contains(err.Error(), "governance") {
		t.Fatalf("defaults with a transition: %v", err)
	}
	for name, mod := range map[string]func(*gateway.GovernanceConfig){
		"no transition end":        func(g *gateway.GovernanceConfig) { g.TransitionEnds = "" },
		"transition not RFC 3339":  func(g *gateway.GovernanceConfig) { g.TransitionEnds = "next year" },
		"vote under a minute":      func(g *gateway.GovernanceConfig) { g.VotingPeriod = 59 * time.Second },
		"vote over 90 days":        func(g *gateway.GovernanceConfig) { g.VotingPeriod = 91 * 24 * time.Hour },
		"vote in fractions":        func(g *gateway.GovernanceConfig) { g.VotingPeriod = time.Hour + time.Millisecond },
		"quorum over 1":            func(g *gateway.GovernanceConfig) { g.Quorum = 1.5 },
		"negative quorum":          func(g *gateway.GovernanceConfig) { g.Quorum = -0.1 },
		"threshold below majority": func(g *gateway.GovernanceConfig) { g.Threshold = 0.4 },
		"threshold of 1":           func(g *gateway.GovernanceConfig) { g.Threshold = 1 },
		"set but disabled":         func(g *gateway.GovernanceConfig) { g.Enabled = false },
	} {
		c := gateway.Config{Epochs: gateway.EpochsConfig{Period: time.Hour}}
		c.Economy.Governance = good
		mod(&c.Economy.Governance)
		if err := c.WithDefaults().Validate(); err == nil || !strings.Contains(err.Error(), "gateway.economy.governance") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestAdmissionByVoteAtTheGateway: two approved sites hold GFL after an epoch; the operator
// puts a third to the vote, the holders vote through the relay, and once the vote passes the
// gateway executes it and approves the site by itself. A vetoed proposal admits nothing;
// after the transition the operator's approval is refused with the way to a vote, and
// nobody vetoes. The governance settings are fixed at deployment.
func TestAdmissionByVoteAtTheGateway(t *testing.T) {
	const votingPeriod = 10 * time.Minute
	var transitionEnds time.Time
	g := gatewaytest.StartGrid(t, func(c *gateway.Config) {
		gen, _ := time.Parse(time.RFC3339, c.Epochs.Genesis)
		transitionEnds = gen.Add(5 * time.Hour)
		c.Economy.Governance = gateway.GovernanceConfig{Enabled: true, VotingPeriod: votingPeriod, Quorum: 0.3, Threshold: 0.5,
			TransitionEnds: transitionEnds.Format(time.RFC3339)}
	})
	ctx := context.Background()
	op := g.Client(g.Operator)
	node := referenceNode()
	holders := approvedSites(t, g, 1, "alpha", "beta")
	alpha, beta := holders[0], holders[1]
	endEpoch(t, g, 0)
	for _, s := range holders {
		if code, ans := s.SendReport(gatewaytest.Report(t, g, s, 0, node, 1, 0)); code != http.StatusCreated {
			t.Fatalf("%s report: %d %+v", s.Name, code, ans)
		}
	}
	if _, err := op.CloseEpoch(ctx, nil); err != nil {
		t.Fatal(err)
	}
	held := tokenomics.GFLFromMegaFLOPS(node)

	digestOf := func(name string) common.Hash {
		t.Helper()
		list, err := op.Providers(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range list {
			if p.Name == name {
				return p.RegistrationDigest
			}
		}
		t.Fatalf("%s is not listed", name)
		return common.Hash{}
	}
	gamma := g.NewSite("gamma")
	gamma.Register(gatewaytest.Inventory(t, "a100", 4, 1, node), "1")
	if _, err := op.ProposeProvider(ctx, "gamma", common.Hash{1}, ""); err == nil || !strings.Contains(err.Error(), "409") {
		t.Fatalf("a proposal of another registration than the site's: %v", err)
	}
	if _, err := g.Client(alpha.Key).ProposeProvider(ctx, "gamma", digestOf("gamma"), ""); err == nil || !strings.Contains(err.Error(), "403") {
		t.Fatalf("a provider proposing through the operators' route: %v", err)
	}
	p, err := op.ProposeProvider(ctx, "gamma", digestOf("gamma"), "reviewed")
	if err != nil {
		t.Fatal(err)
	}
	if p.State != "active" || p.Provider != gamma.Addr() || p.Record == nil || p.Record.Site != "gamma" || p.Record.Status != store.SitePending || !p.Record.CurrentRegistration {
		t.Fatalf("the proposal: %+v (record %+v)", p, p.Record)
	}
	if _, err := op.ProposeProvider(ctx, "gamma", digestOf("gamma"), ""); err == nil || !strings.Contains(err.Error(), "409") || !strings.Contains(err.Error(), "open") {
		t.Fatalf("a second proposal while one is open: %v", err)
	}
	// Anyone reads the proposals, without a key.
	resp, err := http.Get(g.URL + "/v1/proposals")
	if err != nil {
		t.Fatal(err)
	}
	var listed struct {
		Proposals []gatewayapi.ProposalView `json:"proposals"`
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err := json.Unmarshal(body, &listed); err != nil || resp.StatusCode != http.StatusOK || len(listed.Proposals) != 1 || listed.Proposals[0].ID != p.ID {
		t.Fatalf("public list: %d %s %v", resp.StatusCode, body, err)
	}
	for _, path := range []string{"/v1/proposals/0", "/v1/proposals/x", "/v1/proposals/99999999999999999999", "/v1/proposals?limit=1000"} {
		if resp, err := http.Get(g.URL + path); err != nil || resp.StatusCode != http.StatusBadRequest {
			t.Errorf("GET %s: %v %v", path, resp.StatusCode, err)
		} else {
			resp.Body.Close()
		}
	}
	if resp, err := http.Get(g.URL + "/v1/proposals/7"); err != nil || resp.StatusCode != http.StatusNotFound {
		t.Errorf("GET an unknown proposal: %v %v", resp.StatusCode, err)
	}

	// The holders vote through the relay, each with its GFL at the snapshot.
	if w, err := g.Client(alpha.Key).Vote(ctx, p.ID, 1); err != nil || w.Cmp(held) != 0 {
		t.Fatalf("alpha's vote: %v %v, want %s", w, err, held)
	}
	if _, err := g.Client(alpha.Key).Vote(ctx, p.ID, 0); err == nil || !strings.Contains(err.Error(), "AlreadyVoted") {
		t.Fatalf("alpha's second vote: %v", err)
	}
	if err := op.Fund(ctx, gamma.Addr(), "0", "1"); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Client(gamma.Key).Vote(ctx, p.ID, 1); err == nil || !strings.Contains(err.Error(), "NoVotingPower") {
		t.Fatalf("the candidate's own vote: %v", err)
	}
	if _, err := g.Client(beta.Key).Vote(ctx, p.ID, 2); err != nil {
		t.Fatal(err)
	}
	if got, err := op.Proposal(ctx, p.ID); err != nil || got.ForWei != held.String() || got.AbstainWei != held.String() || got.AgainstWei != "0" {
		t.Fatalf("the tally: %+v %v", got, err)
	}
	// The dashboard shows the proposal, its tally and the candidate's record.
	snap, err := g.Gateway.Snapshot(ctx)
	if err != nil || len(snap.Proposals) != 1 || snap.Proposals[0].Site != "gamma" || snap.Proposals[0].State != "active" || snap.Proposals[0].ForWei != held.String() {
		t.Fatalf("dashboard proposals: %+v %v", snap.Proposals, err)
	}
	if resp, err := http.Get(g.URL + "/"); err != nil {
		t.Fatal(err)
	} else {
		page, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !strings.Contains(string(page), "Admission proposals") || !strings.Contains(string(page), "gamma") {
			t.Fatalf("the dashboard page has no proposals panel")
		}
	}
	// The vote ends: the gateway executes it and approves gamma, with no operator.
	if err := g.Gateway.DevChain().AdjustTime(votingPeriod + time.Second); err != nil {
		t.Fatal(err)
	}
	gatewaytest.WaitFor(t, "gamma approved by the vote", 30*time.Second, func() (bool, error) {
		list, err := op.Providers(ctx)
		for _, v := range list {
			if v.Name == "gamma" {
				return v.Status == store.SiteApproved && v.Admitted == v.RegistrationDigest, err
			}
		}
		return false, err
	})
	if got, _ := op.Proposal(ctx, p.ID); got.State != "executed" {
		t.Fatalf("after the vote: %s", got.State)
	}
	if _, err := g.Client(alpha.Key).Vote(ctx, p.ID, 1); err == nil || !strings.Contains(err.Error(), "executed") {
		t.Fatalf("a vote after the end: %v", err)
	}

	// A candidate that registers more after the vote stays pending once the vote admits what
	// was voted on, and is approved when it registers that again.
	eps := g.NewSite("eps")
	eps.Register(gatewaytest.Inventory(t, "a100", 4, 1, node), "1")
	pe, err := op.ProposeProvider(ctx, "eps", digestOf("eps"), "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Client(alpha.Key).Vote(ctx, pe.ID, 1); err != nil {
		t.Fatal(err)
	}
	eps.Register(gatewaytest.Inventory(t, "a100", 4, 2, node), "1")
	if got, _ := op.Proposal(ctx, pe.ID); got.Record == nil || got.Record.CurrentRegistration {
		t.Fatalf("the proposal after the candidate registered more: %+v", got.Record)
	}
	if err := g.Gateway.DevChain().AdjustTime(votingPeriod + time.Second); err != nil {
		t.Fatal(err)
	}
	gatewaytest.WaitFor(t, "eps's proposal executed", 30*time.Second, func() (bool, error) {
		got, err := op.Proposal(ctx, pe.ID)
		return got.State == "executed", err
	})
	time.Sleep(2 * time.Second) // a follower pass after the execution
	if list, _ := op.Providers(ctx); !hasStatus(list, "eps", store.SitePending) {
		t.Fatal("a candidate registering more than the vote admitted was approved")
	}
	eps.Register(gatewaytest.Inventory(t, "a100", 4, 1, node), "1")
	gatewaytest.WaitFor(t, "eps approved once it registers what was admitted", 30*time.Second, func() (bool, error) {
		list, err := op.Providers(ctx)
		return hasStatus(list, "eps", store.SiteApproved), err
	})

	// The operator vetoes during the transition: nothing is admitted.
	delta := g.NewSite("delta")
	delta.Register(gatewaytest.Inventory(t, "a100", 4, 1, node), "1")
	pd, err := op.ProposeProvider(ctx, "delta", digestOf("delta"), "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Client(alpha.Key).VetoProposal(ctx, pd.ID, ""); err == nil || !strings.Contains(err.Error(), "403") {
		t.Fatalf("a provider's veto: %v", err)
	}
	if v, err := op.VetoProposal(ctx, pd.ID, "unknown hardware"); err != nil || v.State != "vetoed" {
		t.Fatalf("the veto: %+v %v", v, err)
	}
	if _, err := op.VetoProposal(ctx, 99, ""); err == nil || !strings.Contains(err.Error(), "404") {
		t.Fatalf("a veto of an unknown proposal: %v", err)
	}

	// The transition ends: the operator no longer admits alone, and cannot veto.
	now, err := g.Gateway.Deployment().Chain.Now(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Gateway.DevChain().AdjustTime(transitionEnds.Sub(now) + time.Second); err != nil {
		t.Fatal(err)
	}
	if _, err := gatewaytest.ApproveListed(ctx, op, "delta", ""); err == nil || !strings.Contains(err.Error(), "409") || !strings.Contains(err.Error(), "petagrid gateway providers propose delta") {
		t.Fatalf("the operator's approval after the transition: %v", err)
	}
	pd, err = op.ProposeProvider(ctx, "delta", digestOf("delta"), "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := op.VetoProposal(ctx, pd.ID, ""); err == nil || !strings.Contains(err.Error(), "409") || !strings.Contains(err.Error(), "transition") {
		t.Fatalf("a veto after the transition: %v", err)
	}

	// The governance settings are fixed at deployment.
	g.Stop()
	changed := g.Config
	changed.Economy.Governance.Quorum = 0.5
	if _, err := gateway.New(ctx, changed, gateway.Options{}); err == nil || !strings.Contains(err.Error(), "governance") {
		t.Fatalf("restart with another quorum: %v", err)
	}
}

// Without governance the proposal routes say so, and approvals work as before.
func TestNoGovernanceAtTheGateway(t *testing.T) {
	g := gatewaytest.StartGrid(t)
	ctx := context.Background()
	op := g.Client(g.Operator)
	if _, err := op.Proposals(ctx, 10); err == nil || !strings.Contains(err.Error(), "404") || !strings.Contains(err.Error(), "without admission by vote") {
		t.Fatalf("proposals without governance: %v", err)
	}
	approvedSites(t, g, 1, "solo")
	if snap, err := g.Gateway.Snapshot(ctx); err != nil || snap.Proposals != nil {
		t.Fatalf("dashboard proposals without governance: %+v %v", snap.Proposals, err)
	}
}

func hasStatus(list []gatewayapi.ProviderView, name, status string) bool {
	for _, v := range list {
		if v.Name == name {
			return v.Status == status
		}
	}
	return false
}

// TestGradeFloorAtSubmission: a workflow's placement.grades is refused at submission when no
// site meets it, saying why: sites too old to read the placement mapping, then (once the site
// speaks the protocol) a site not yet graded.
func TestGradeFloorAtSubmission(t *testing.T) {
	g := gatewaytest.StartGrid(t)
	ctx := context.Background()
	op, res := g.Client(g.Operator), g.Client(g.Researcher)
	site := approvedSites(t, g, 1, "site-a")[0]
	if err := op.Fund(ctx, res.Address(), "100", "1"); err != nil {
		t.Fatal(err)
	}
	floored := gpuWorkflow + "placement:\n  grades: {performance: B}\n"
	submit := func() error {
		_, _, err := res.Submit(ctx, gatewayapi.SubmitRequest{Workflow: floored, MaxCostWei: tokenomics.MustAmount("5").String()})
		return err
	}
	if err := submit(); err == nil || !strings.Contains(err.Error(), "1 approved site(s) speak a protocol older than 8") {
		t.Fatalf("a floor before the site speaks 8: %v", err)
	}
	site.Protocol = protocol.Version
	site.Poll(0)
	if err := submit(); err == nil || !strings.Contains(err.Error(), "site-a: no proven performance grade yet (the job requires B or better)") {
		t.Fatalf("a floor no site is graded for: %v", err)
	}
	// Without the floor the same workflow is taken.
	if _, _, err := res.Submit(ctx, gatewayapi.SubmitRequest{Workflow: gpuWorkflow, MaxCostWei: tokenomics.MustAmount("5").String()}); err != nil {
		t.Fatalf("the workflow without a floor: %v", err)
	}
}
