package main

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/gateway"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/test/gatewaytest"
	"github.com/petagrid/petagrid/tokenomics"
)

// TestGatewayCommands drives a gateway from the command line as its users would: the operator
// approves a registered site and funds a researcher, the researcher submits with a budget and
// follows the job with the same commands as at a site, the operator closes nothing yet.
func TestGatewayCommands(t *testing.T) {
	g := gatewaytest.StartGrid(t)
	dir := t.TempDir()
	// The grid's operator and researcher keys are files already; the CLI reads them there.
	opKey, resKey := filepath.Join(g.Dir, "operator.key"), filepath.Join(g.Dir, "researcher.key")
	known := filepath.Join(dir, "known_sites.json")
	cat, _ := tokenomics.LoadEmbeddedCatalog()
	site := &gatewaytest.Site{T: t, Name: "cli-site", Key: gatewaytest.NewKey(t, filepath.Join(dir, "site.key")), URL: g.URL}
	if code := site.Register(gatewaytest.Inventory(t, "a100", 4, 1, 4*cat.ReferenceScore().PerDeviceMegaFLOPS), tokenomics.MustAmount("1").String()); code != http.StatusCreated {
		t.Fatalf("registration: %d", code)
	}

	code, out, errOut := runCLI(t, "gateway", "providers", "list", "--gateway", g.URL, "--key", opKey)
	if code != 0 || !strings.Contains(out, "cli-site") || !strings.Contains(out, "pending") {
		t.Fatalf("providers list: %d %q %q", code, out, errOut)
	}
	// An approval names the registration reviewed: without one it is a usage error (exit 2),
	// and one the site no longer has is refused.
	if code, _, errOut = runCLI(t, "gateway", "providers", "approve", "cli-site", "--gateway", g.URL, "--key", opKey); code != 2 || !strings.Contains(errOut, "--registration") {
		t.Fatalf("approve without --registration: %d %q", code, errOut)
	}
	stale := "0x" + strings.Repeat("ab", 32)
	if code, _, errOut = runCLI(t, "gateway", "providers", "approve", "cli-site", "--registration", stale, "--gateway", g.URL, "--key", opKey); code != 1 || !strings.Contains(errOut, "review it again") {
		t.Fatalf("approve with another registration: %d %q", code, errOut)
	}
	code, out, errOut = runCLI(t, "gateway", "providers", "list", "-o", "json", "--gateway", g.URL, "--key", opKey)
	var listed []struct {
		Name         string `json:"site"`
		Registration string `json:"registrationDigest"`
	}
	if err := json.Unmarshal([]byte(out), &listed); code != 0 || err != nil || len(listed) != 1 || !strings.Contains(out, listed[0].Registration) {
		t.Fatalf("providers list -o json: %d %v %q %q", code, err, out, errOut)
	}
	// An operator's name is a site name's form; a refused one leaves the site as it was.
	if code, _, errOut = runCLI(t, "gateway", "providers", "approve", "cli-site", "--registration", listed[0].Registration, "--operator", "Uni A", "--gateway", g.URL, "--key", opKey); code != 1 || !strings.Contains(errOut, "operator") {
		t.Fatalf("approve with a malformed operator: %d %q", code, errOut)
	}
	if code, out, errOut = runCLI(t, "gateway", "providers", "approve", "cli-site", "--registration", listed[0].Registration, "--operator", "uni-cli", "--gateway", g.URL, "--key", opKey, "--reason", "audited"); code != 0 || !strings.Contains(out, "approved") {
		t.Fatalf("approve: %d %q %q", code, out, errOut)
	}
	if code, out, errOut = runCLI(t, "gateway", "providers", "list", "--gateway", g.URL, "--key", opKey); code != 0 || !strings.Contains(out, "OPERATOR") || !strings.Contains(out, "uni-cli") {
		t.Fatalf("providers list after an approval naming the operator: %d %q %q", code, out, errOut)
	}
	// A researcher is not an operator: the gateway says so, exit 1.
	if code, _, errOut = runCLI(t, "gateway", "providers", "suspend", "cli-site", "--gateway", g.URL, "--key", resKey); code != 1 || !strings.Contains(errOut, "not a gateway operator") {
		t.Fatalf("a researcher suspending: %d %q", code, errOut)
	}
	resAddr := crypto.PubkeyToAddress(g.Researcher.PublicKey).Hex()
	if code, _, errOut = runCLI(t, "gateway", "fund", resAddr, "--dps", "100", "--eth", "1", "--gateway", g.URL, "--key", opKey); code != 0 {
		t.Fatalf("fund: %d %q", code, errOut)
	}
	wf := filepath.Join(dir, "train.yaml")
	if err := os.WriteFile(wf, []byte(strings.Replace(gatewaytestWorkflow, "NAME", "train", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	// --gateway needs --max-cost; --max-cost needs --gateway.
	if code, _, errOut = runCLI(t, "submit", "--gateway", g.URL, "--key", resKey, "--known-sites", known, wf); code != exitUsage || !strings.Contains(errOut, "--max-cost") {
		t.Fatalf("submit without a budget: %d %q", code, errOut)
	}
	if code, _, errOut = runCLI(t, "submit", "--max-cost", "5", "--site", "unix:///nonexistent.sock", wf); code != exitUsage {
		t.Fatalf("a budget for a site: %d %q", code, errOut)
	}
	// A key the gateway would refuse is refused before the budget is locked under it; so is a
	// budget larger than the balance, said in DPS.
	if code, _, errOut = runCLI(t, "submit", "--gateway", g.URL, "--key", resKey, "--known-sites", known, "--max-cost", "10", "--idempotency-key", "short", wf); code != exitUsage || !strings.Contains(errOut, "16-128 characters") {
		t.Fatalf("a short idempotency key: %d %q", code, errOut)
	}
	if esc, err := g.Gateway.Deployment().EscrowOf(context.Background(), crypto.PubkeyToAddress(g.Researcher.PublicKey), contracts.EscrowJobID("short")); err != nil || esc.Status != contracts.EscrowNone {
		t.Fatalf("an escrow was locked under the refused key: %+v %v", esc, err)
	}
	if code, _, errOut = runCLI(t, "submit", "--gateway", g.URL, "--key", resKey, "--audience", "another-grid", "--max-cost", "10", "--idempotency-key", "wrong-audience-0001", wf); code != exitFailure || !strings.Contains(errOut, `calls itself "grid-test", not "another-grid"`) {
		t.Fatalf("a gateway known by another name: %d %q", code, errOut)
	}
	if esc, err := g.Gateway.Deployment().EscrowOf(context.Background(), crypto.PubkeyToAddress(g.Researcher.PublicKey), contracts.EscrowJobID("wrong-audience-0001")); err != nil || esc.Status != contracts.EscrowNone {
		t.Fatalf("an escrow was locked for a gateway known by another name: %+v %v", esc, err)
	}
	if code, _, errOut = runCLI(t, "submit", "--gateway", g.URL, "--key", resKey, "--known-sites", known, "--max-cost", "1000", wf); code != exitFailure || !strings.Contains(errOut, "holds 100 DPS, less than the budget of 1000 DPS") {
		t.Fatalf("a budget over the balance: %d %q", code, errOut)
	}
	code, out, errOut = runCLI(t, "submit", "--gateway", g.URL, "--key", resKey, "--known-sites", known, "--max-cost", "10", "-o", "json", wf)
	if code != 0 {
		t.Fatalf("submit: %d %q %q", code, out, errOut)
	}
	var run struct {
		ID    string `json:"id"`
		State string `json:"state"`
	}
	if err := json.Unmarshal([]byte(out), &run); err != nil || run.State != "assigned" || !strings.Contains(errOut, "locked in escrow") || strings.Contains(errOut, "signed submission") {
		t.Fatalf("submitted: %q %q (%v)", out, errOut, err)
	}
	// The site takes it and runs it; the researcher sees it with the site commands. It comes
	// with the researcher's own signature over the workflow file, which the site checks.
	p := site.Poll(5)
	if len(p.Assignments) != 1 || p.Assignments[0].Job != run.ID {
		t.Fatalf("assignment: %+v", p)
	}
	if a := p.Assignments[0]; a.Submission == nil {
		t.Fatal("the CLI's submission reached the site unsigned")
	} else if signer, err := reqsign.VerifySubmission(a.Submission, reqsign.SubmissionContent{Audience: "grid-test", Workflow: []byte(a.Workflow),
		FileName: filepath.Base(wf), Params: a.Params, IdempotencyKey: a.Submission.IdempotencyKey, MaxCostWei: tokenomics.MustAmount("10")}, reqsign.SubmissionCheck{}); err != nil ||
		signer != crypto.PubkeyToAddress(g.Researcher.PublicKey) {
		t.Fatalf("the CLI's signed submission: %s %v", signer.Hex(), err)
	}
	site.Update(protocol.Updates{Accepted: []string{run.ID}, Jobs: []protocol.JobUpdate{{Job: run.ID, State: runstate.Running}}})
	code, out, errOut = runCLI(t, "jobs", "--gateway", g.URL, "--key", resKey, "--known-sites", known)
	if code != 0 || !strings.Contains(out, run.ID) || !strings.Contains(out, "running") {
		t.Fatalf("jobs: %d %q %q", code, out, errOut)
	}
	code, out, errOut = runCLI(t, "status", run.ID, "--gateway", g.URL, "--key", resKey, "--known-sites", known)
	if code != 0 || !strings.Contains(out, "running") {
		t.Fatalf("status: %d %q %q", code, out, errOut)
	}
	if code, out, errOut = runCLI(t, "cancel", run.ID, "--gateway", g.URL, "--key", resKey, "--known-sites", known); code != 0 {
		t.Fatalf("cancel: %d %q %q", code, out, errOut)
	}
	if c := site.Poll(1); len(c.Cancels) != 1 || c.Cancels[0] != run.ID {
		t.Fatalf("the cancel did not reach the site: %+v", c)
	}
	code, out, errOut = runCLI(t, "gateway", "epoch", "list", "--gateway", g.URL, "--key", opKey)
	if code != 0 || !strings.Contains(out, "EPOCH") {
		t.Fatalf("epoch list: %d %q %q", code, out, errOut)
	}
	// Public views need no identity: without a key file they sign with a throwaway key, while
	// a researcher's command still asks for one.
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("PETAGRID_KEY", "")
	if code, out, errOut = runCLI(t, "gateway", "info", "--gateway", g.URL); code != 0 || !strings.Contains(out, "embedded") {
		t.Errorf("info without a key: %d %q %q", code, out, errOut)
	}
	if code, _, errOut = runCLI(t, "jobs", "--gateway", g.URL); code == 0 || !strings.Contains(errOut, "petagrid keys new") {
		t.Errorf("jobs without a key: %d %q", code, errOut)
	}
	code, out, errOut = runCLI(t, "gateway", "summary", "--gateway", g.URL)
	for _, want := range []string{"Gateway ", "embedded chain", "Halving era 0", "Providers", "cli-site", "approved", "Settled epochs\nnone yet", "Jobs (latest first)", run.ID, "BUDGET DPS", "10", "GRADES"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("summary lacks %q: %d %q\n%s", want, code, errOut, out)
		}
	}
	if strings.Contains(out, "Admission proposals") {
		t.Errorf("a grid without a governor shows proposals:\n%s", out)
	}
	if code, out, _ = runCLI(t, "gateway", "summary", "--gateway", g.URL, "--key", resKey, "-o", "json"); code != 0 || !strings.Contains(out, `"providers"`) || !strings.Contains(out, `"computeHoursMilli"`) {
		t.Errorf("summary json: %d\n%s", code, out)
	}
	if code, _, errOut = runCLI(t, "gateway", "epoch", "close", "--gateway", g.URL, "--key", opKey); code != 1 || !strings.Contains(errOut, "has not ended") {
		t.Fatalf("closing an epoch that has not ended: %d %q", code, errOut)
	}
	if code, _, errOut = runCLI(t, "provider", "rewards", "--gateway", g.URL, "--key", filepath.Join(dir, "site.key")); code != 1 || !strings.Contains(errOut, "no epoch is settled") {
		t.Fatalf("rewards before any epoch: %d %q", code, errOut)
	}
}

// gatewaytestWorkflow asks for 2 A100s for 30 minutes.
const gatewaytestWorkflow = `version: 1
name: NAME
resources: {gpus: 2, gpuType: a100, time: 30m}
steps:
  - name: train
    run: {command: [python, train.py]}
`

// TestProviderStakeCommands: a provider bonds, reads, unbonds and withdraws its stake with the
// CLI, through the gateway's relay; the gateway asks for 100 DPS per PFLOPS, so the
// approval waits for the stake, and what the approved capacity needs stays bonded.
func TestProviderStakeCommands(t *testing.T) {
	g := gatewaytest.StartGrid(t, func(c *gateway.Config) {
		c.Economy.Staking = gateway.StakingConfig{PerPetaFLOPS: "100", Unbonding: 2 * time.Hour}
	})
	dir := t.TempDir()
	opKey, siteKey := filepath.Join(g.Dir, "operator.key"), filepath.Join(dir, "site.key")
	cat, _ := tokenomics.LoadEmbeddedCatalog()
	site := &gatewaytest.Site{T: t, Name: "staker", Key: gatewaytest.NewKey(t, siteKey), URL: g.URL}
	if code := site.Register(gatewaytest.Inventory(t, "a100", 4, 1, 4*cat.ReferenceScore().PerDeviceMegaFLOPS), tokenomics.MustAmount("1").String()); code != http.StatusCreated {
		t.Fatalf("registration: %d", code)
	}
	if code, _, errOut := runCLI(t, "gateway", "fund", site.Addr().Hex(), "--dps", "500", "--eth", "1", "--gateway", g.URL, "--key", opKey); code != 0 {
		t.Fatalf("fund: %d %q", code, errOut)
	}
	if code, _, errOut := runCLI(t, "provider", "stake", "lots", "--gateway", g.URL, "--key", siteKey); code != 2 || !strings.Contains(errOut, "positive amount of DPS") {
		t.Fatalf("stake of no amount: %d %q", code, errOut)
	}
	if code, _, errOut := runCLI(t, "provider", "stake", "600", "--gateway", g.URL, "--key", siteKey); code != 1 || !strings.Contains(errOut, "less than the 600 DPS to stake") {
		t.Fatalf("stake of more than the balance: %d %q", code, errOut)
	}
	code, out, errOut := runCLI(t, "provider", "stake", "150", "--gateway", g.URL, "--key", siteKey)
	if code != 0 || !strings.Contains(out, "BONDED DPS") || !strings.Contains(out, "150") {
		t.Fatalf("stake: %d %q %q", code, out, errOut)
	}
	// Approved now: 4 reference GPUs need about 94 DPS.
	list, err := g.Client(g.Operator).Providers(context.Background())
	if err != nil || len(list) != 1 {
		t.Fatalf("providers: %+v %v", list, err)
	}
	if code, _, errOut := runCLI(t, "gateway", "providers", "approve", "staker", "--registration", list[0].RegistrationDigest.Hex(), "--gateway", g.URL, "--key", opKey); code != 0 {
		t.Fatalf("approval with the stake: %d %q", code, errOut)
	}
	if code, _, errOut := runCLI(t, "provider", "unbond", "100", "--gateway", g.URL, "--key", siteKey); code != 1 || !strings.Contains(errOut, "StakeStillNeeded") {
		t.Fatalf("unbonding the needed stake: %d %q", code, errOut)
	}
	if code, out, errOut = runCLI(t, "provider", "unbond", "50", "--gateway", g.URL, "--key", siteKey, "-o", "json"); code != 0 || !strings.Contains(out, `"unbondingWei": "50000000000000000000"`) {
		t.Fatalf("unbond: %d %q %q", code, out, errOut)
	}
	if code, _, errOut = runCLI(t, "provider", "withdraw", "--gateway", g.URL, "--key", siteKey); code != 1 || !strings.Contains(errOut, "StillUnbonding") {
		t.Fatalf("withdrawal before the period: %d %q", code, errOut)
	}
	if err := g.Gateway.DevChain().AdjustTime(2*time.Hour + time.Minute); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut = runCLI(t, "provider", "withdraw", "--gateway", g.URL, "--key", siteKey); code != 0 || !strings.Contains(out, "withdrew 50 DPS of stake") {
		t.Fatalf("withdrawal: %d %q %q", code, out, errOut)
	}
	if code, out, errOut = runCLI(t, "provider", "stake-status", "--gateway", g.URL, "--key", siteKey); code != 0 || !strings.Contains(out, "100 ") {
		t.Fatalf("stake-status: %d %q %q", code, out, errOut)
	}
}

// TestProposalCommands: the operator puts a pending site to the vote with the CLI, anyone lists
// and shows the proposals, a key without GFL at the snapshot is told it has no vote, and the
// operator vetoes during the transition; the arguments are checked before anything is sent.
func TestProposalCommands(t *testing.T) {
	g := gatewaytest.StartGrid(t, func(c *gateway.Config) {
		c.Economy.Governance = gateway.GovernanceConfig{Enabled: true, VotingPeriod: time.Hour, TransitionEnds: time.Now().UTC().Add(24 * time.Hour).Format(time.RFC3339)}
	})
	dir := t.TempDir()
	opKey, siteKey := filepath.Join(g.Dir, "operator.key"), filepath.Join(dir, "site.key")
	cat, _ := tokenomics.LoadEmbeddedCatalog()
	site := &gatewaytest.Site{T: t, Name: "candidate", Key: gatewaytest.NewKey(t, siteKey), URL: g.URL}
	if code := site.Register(gatewaytest.Inventory(t, "a100", 4, 1, 4*cat.ReferenceScore().PerDeviceMegaFLOPS), "1"); code != http.StatusCreated {
		t.Fatalf("registration: %d", code)
	}
	list, err := g.Client(g.Operator).Providers(context.Background())
	if err != nil || len(list) != 1 {
		t.Fatalf("providers: %+v %v", list, err)
	}
	digest := list[0].RegistrationDigest.Hex()
	for _, args := range [][]string{
		{"gateway", "providers", "propose", "candidate"},
		{"gateway", "providers", "propose", "candidate", "--registration", "0x12"},
		{"gateway", "proposals", "show", "zero"},
		{"gateway", "proposals", "show", "0"},
		{"gateway", "proposals", "list", "--limit", "101"},
		{"provider", "vote", "1"},
		{"provider", "vote", "1", "maybe"},
	} {
		if code, _, errOut := runCLI(t, append(args, "--gateway", g.URL, "--key", opKey)...); code != 2 {
			t.Errorf("%v: exit %d %q, want a usage error", args, code, errOut)
		}
	}
	code, out, errOut := runCLI(t, "gateway", "providers", "propose", "candidate", "--registration", digest, "--gateway", g.URL, "--key", opKey)
	if code != 0 || !strings.Contains(out, "proposal 1 puts candidate to the vote") {
		t.Fatalf("propose: %d %q %q", code, out, errOut)
	}
	code, out, errOut = runCLI(t, "gateway", "proposals", "list", "--gateway", g.URL)
	if code != 0 || !strings.Contains(out, "FOR GFL") || !strings.Contains(out, "active") || !strings.Contains(out, "candidate") || !strings.Contains(out, digest) {
		t.Fatalf("list: %d %q %q", code, out, errOut)
	}
	if code, out, _ = runCLI(t, "gateway", "proposals", "show", "1", "-o", "json", "--gateway", g.URL); code != 0 || !strings.Contains(out, `"registrationDigest": "`+digest) {
		t.Fatalf("show: %d %q", code, out)
	}
	if code, _, errOut = runCLI(t, "gateway", "fund", site.Addr().Hex(), "--eth", "1", "--gateway", g.URL, "--key", opKey); code != 0 {
		t.Fatalf("fund: %d %q", code, errOut)
	}
	if code, _, errOut = runCLI(t, "provider", "vote", "1", "for", "--gateway", g.URL, "--key", siteKey); code != 1 || !strings.Contains(errOut, "NoVotingPower") {
		t.Fatalf("a vote without GFL: %d %q", code, errOut)
	}
	if code, out, errOut = runCLI(t, "gateway", "proposals", "veto", "1", "--reason", "unknown", "--gateway", g.URL, "--key", opKey); code != 0 || !strings.Contains(out, "proposal 1 is vetoed") {
		t.Fatalf("veto: %d %q %q", code, out, errOut)
	}
	if code, out, errOut = runCLI(t, "gateway", "summary", "--gateway", g.URL); code != 0 || !strings.Contains(out, "Admission proposals") || !strings.Contains(out, "vetoed") {
		t.Fatalf("summary with a proposal: %d %q %q", code, out, errOut)
	}
	if code, _, errOut = runCLI(t, "provider", "vote", "1", "for", "--gateway", g.URL, "--key", siteKey); code != 1 || !strings.Contains(errOut, "proposal 1 is vetoed") {
		t.Fatalf("a vote on a vetoed proposal: %d %q", code, errOut)
	}
}
