package gateway_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/petagrid/petagrid/gateway"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/pocp"
	"github.com/petagrid/petagrid/pocp/challenge"
	"github.com/petagrid/petagrid/site/challengerun"
	"github.com/petagrid/petagrid/test/gatewaytest"
	"github.com/petagrid/petagrid/tokenomics"
)

// cpuNodeMegaFLOPS is what the challenge tests' nodes claim: small enough that a test
// answers a challenge of order 256 in well under a second.
const cpuNodeMegaFLOPS = 200

// cpuInventory is one CPU node of cpuNodeMegaFLOPS on partition "cpu".
func cpuInventory(t *testing.T) protocol.Inventory {
	cat, err := tokenomics.LoadEmbeddedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	return protocol.Inventory{Partitions: []protocol.Partition{{Name: "cpu", Default: true, Shapes: []protocol.NodeShape{
		{Nodes: 1, Available: 1, Idle: 1, CPUs: 2, MemoryMiB: 4096, MegaFLOPS: cpuNodeMegaFLOPS}}}},
		CapacityMegaFLOPS: cpuNodeMegaFLOPS, CatalogSHA256: cat.SHA256Hex()}
}

// challengeGrid is a grid whose challenges fit a test: order 256, a two-second allowance,
// issued by the operator (the drawn times are off), and a stake to slash.
func challengeGrid(t *testing.T) *gatewaytest.Grid { return challengeGridAt(t, 0.5) }

// challengeGridAt is challengeGrid with the deadline at fraction of the claimed rate: the
// work of a window is proportional to it.
func challengeGridAt(t *testing.T, fraction float64) *gatewaytest.Grid {
	return gatewaytest.StartGrid(t, func(c *gateway.Config) {
		c.Challenges = gateway.ChallengesConfig{FractionOfPeak: fraction, Allowance: 2 * time.Second, MinOrder: 256, Openings: 16, CapacityBudget: 0.5}
		c.Economy.Staking = gateway.StakingConfig{PerPetaFLOPS: "100", Unbonding: 2 * time.Hour}
	})
}

// stakedSite registers a CPU site, stakes 10 DPS and has it approved.
func stakedSite(t *testing.T, g *gatewaytest.Grid, name string) *gatewaytest.Site {
	t.Helper()
	ctx := context.Background()
	s := g.NewSite(name)
	if code := s.Register(cpuInventory(t), "1"); code != http.StatusCreated {
		t.Fatalf("register %s: %d", name, code)
	}
	op := g.Client(g.Operator)
	if err := op.Fund(ctx, s.Addr(), "100", "1"); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Client(s.Key).Stake(ctx, tokenomics.MustAmount("10")); err != nil {
		t.Fatal(err)
	}
	if _, err := gatewaytest.ApproveListed(ctx, op, name, ""); err != nil {
		t.Fatal(err)
	}
	return s
}

// answer computes a true answer to the challenge on this machine, naming its CPU.
func answer(t *testing.T, spec challenge.Spec) *challenge.Answer {
	t.Helper()
	ans, err := challengerun.Run(context.Background(), spec, challengerun.Options{
		Devices: func(context.Context) ([]challenge.Device, error) {
			return []challenge.Device{{Kind: "cpu", Model: "test CPU", Cores: 2}}, nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	return ans
}

func postAnswer(t *testing.T, s *gatewaytest.Site, id string, ans *challenge.Answer) (int, protocol.ChallengeAnswer) {
	t.Helper()
	body, err := ans.Encode()
	if err != nil {
		t.Fatal(err)
	}
	var out protocol.ChallengeAnswer
	code := s.Post(protocol.PathChallenges+id, body, nil, &out)
	return code, out
}

// pollChallenge polls until the site receives one challenge.
func pollChallenge(t *testing.T, s *gatewaytest.Site) protocol.Challenge {
	t.Helper()
	resp := s.Poll(5)
	if len(resp.Challenges) != 1 {
		t.Fatalf("poll: %d challenges, want 1: %+v", len(resp.Challenges), resp)
	}
	ch := resp.Challenges[0]
	if err := ch.Validate(); err != nil {
		t.Fatal(err)
	}
	return ch
}

// seriesReport is a site's report for epoch 0 (its one node available throughout) with
// the slot series it came from; bare sends the report alone, as an older site does.
func sendSeriesReport(t *testing.T, g *gatewaytest.Grid, s *gatewaytest.Site, bare bool) {
	t.Helper()
	rep := gatewaytest.Report(t, g, s, 0, cpuNodeMegaFLOPS, 1, 0)
	body, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	if !bare {
		runs := []pocp.SlotRun{{StartUnix: rep.PeriodStart.Unix(), SlotSeconds: int64(rep.SlotSeconds), Count: int64(rep.SlotsTotal), PowerMegaFLOPS: cpuNodeMegaFLOPS}}
		slots, _ := json.Marshal(runs)
		if body, err = json.Marshal(protocol.ReportSubmission{Report: body, Slots: slots}); err != nil {
			t.Fatal(err)
		}
	}
	var ans protocol.ReportAnswer
	if code := s.Post(protocol.PathReports, body, nil, &ans); code != http.StatusCreated {
		t.Fatalf("report of %s: %d %+v", s.Name, code, ans)
	}
}

// challengeOf is the operator's view of one challenge.
func challengeOf(t *testing.T, g *gatewaytest.Grid, site, id string) gatewayapi.Challenge {
	t.Helper()
	list, err := g.Client(g.Operator).Challenges(context.Background(), site, 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range list {
		if c.ID == id {
			return c
		}
	}
	t.Fatalf("challenge %s of %s is not listed: %+v", id, site, list)
	return gatewayapi.Challenge{}
}

func waitSlashed(t *testing.T, g *gatewaytest.Grid, site *gatewaytest.Site, id string) *big.Int {
	t.Helper()
	var c gatewayapi.Challenge
	gatewaytest.WaitFor(t, "the slash of "+id, time.Minute, func() (bool, error) {
		c = challengeOf(t, g, site.Name, id)
		return c.Slash == store.SlashDone, nil
	})
	amount, ok := new(big.Int).SetString(c.SlashedWei, 10)
	if !ok || amount.Sign() <= 0 {
		t.Fatalf("challenge %s slashed %q", id, c.SlashedWei)
	}
	return amount
}

func TestChallengesDecideAnswersSlashAndVerifyMedians(t *testing.T) {
	g := challengeGrid(t)
	ctx := context.Background()
	op := g.Client(g.Operator)
	steady, cheat, silent := stakedSite(t, g, "steady"), stakedSite(t, g, "cheat"), stakedSite(t, g, "silent")
	d := g.Gateway.Deployment()

	// A challenge reaches the site with its next poll, once: a second poll within the
	// redelivery time carries nothing.
	issued, err := op.ChallengeProvider(ctx, "steady")
	if err != nil {
		t.Fatal(err)
	}
	ch := pollChallenge(t, steady)
	if ch.ID != issued.ID || ch.Partition != "cpu" || ch.Spec.Order != 256 || ch.Spec.Openings != 16 {
		t.Fatalf("delivered %+v, issued %+v", ch, issued)
	}
	if again := steady.Poll(1); len(again.Challenges) != 0 {
		t.Fatalf("delivered twice at once: %+v", again.Challenges)
	}
	// The deadline is the work at half the claimed rate plus the allowance.
	wantCompute := float64(ch.Spec.WorkOperations()) / (cpuNodeMegaFLOPS * 1e6 * 0.5)
	if got := ch.Spec.Deadline.Sub(ch.Spec.IssuedAt).Seconds(); got < wantCompute+2 || got > wantCompute+4 {
		t.Fatalf("window %.0f s for %.1f s of work at half the claim and a 2 s allowance", got, wantCompute)
	}

	// Another site cannot answer it, and an answer larger than the spec allows is not read.
	good := answer(t, ch.Spec)
	if code, _ := postAnswer(t, cheat, ch.ID, good); code != http.StatusNotFound {
		t.Fatalf("another site's answer: %d, want 404", code)
	}
	huge := make([]byte, challenge.MaxAnswerBytes(ch.Spec)+1)
	if code := steady.Post(protocol.PathChallenges+ch.ID, huge, nil, nil); code != http.StatusRequestEntityTooLarge {
		t.Fatalf("an oversized answer: %d, want 413", code)
	}
	if code, out := postAnswer(t, steady, ch.ID, good); code != http.StatusOK || out.Outcome != store.ChallengePassed {
		t.Fatalf("a true answer: %d %+v", code, out)
	}
	if code, _ := postAnswer(t, steady, ch.ID, good); code != http.StatusConflict {
		t.Fatalf("a second answer: %d, want 409", code)
	}
	if c := challengeOf(t, g, "steady", ch.ID); c.State != store.ChallengePassed || c.Slash != "" || !strings.Contains(c.Devices, "test CPU") {
		t.Fatalf("the passed challenge as recorded: %+v", c)
	}

	// One wrong entry in an opened chunk fails the answer, and the stake is slashed once.
	if _, err := op.ChallengeProvider(ctx, "cheat"); err != nil {
		t.Fatal(err)
	}
	bad := pollChallenge(t, cheat)
	wrong := answer(t, bad.Spec)
	wrong.Openings[3].Values[7]++
	if code, out := postAnswer(t, cheat, bad.ID, wrong); code != http.StatusOK || out.Outcome != store.ChallengeFailed || len(out.Reasons) == 0 {
		t.Fatalf("a wrong answer: %d %+v", code, out)
	}
	first := waitSlashed(t, g, cheat, bad.ID)
	// A replayed answer (the steady site's true answer, under another nonce) fails too.
	if _, err := op.ChallengeProvider(ctx, "cheat"); err != nil {
		t.Fatal(err)
	}
	replay := pollChallenge(t, cheat)
	if code, out := postAnswer(t, cheat, replay.ID, good); code != http.StatusOK || out.Outcome != store.ChallengeFailed || !strings.Contains(strings.Join(out.Reasons, ";"), "replayed") {
		t.Fatalf("a replayed answer: %d %+v", code, out)
	}
	second := waitSlashed(t, g, cheat, replay.ID)
	stake, err := d.StakeOf(ctx, cheat.Addr())
	if err != nil || stake.SlashedWei.Cmp(new(big.Int).Add(first, second)) != 0 {
		t.Fatalf("the cheat's stake after two failures: %+v %v (slashed %s and %s)", stake, err, first, second)
	}

	// A challenge never answered is missed once its deadline passes, and slashed.
	if _, err := op.ChallengeProvider(ctx, "silent"); err != nil {
		t.Fatal(err)
	}
	ignored := pollChallenge(t, silent)
	tooLate := answer(t, ignored.Spec)
	// Past the deadline, its grace and the sweep's margin for an answer being claimed.
	g.AdvanceClock(ignored.Spec.Deadline.Sub(ignored.Spec.IssuedAt) + time.Minute)
	gatewaytest.WaitFor(t, "the unanswered challenge missed", time.Minute, func() (bool, error) {
		return challengeOf(t, g, "silent", ignored.ID).State == store.ChallengeMissed, nil
	})
	waitSlashed(t, g, silent, ignored.ID)
	if code, _ := postAnswer(t, silent, ignored.ID, tooLate); code != http.StatusConflict {
		t.Fatalf("an answer after the miss: %d, want 409", code)
	}

	// At the close, the failed and missed challenges leave the epoch unverified from the
	// start (neither site had passed one): their slots count at zero power, and so do their
	// medians. The steady site keeps its median.
	endEpoch(t, g, 0)
	sendSeriesReport(t, g, steady, false)
	sendSeriesReport(t, g, cheat, true)
	sendSeriesReport(t, g, silent, false)
	// A challenge of the epoch still open holds the close: its site could otherwise ignore
	// it and keep its time verified.
	if _, err := op.ChallengeProvider(ctx, "steady"); err != nil {
		t.Fatal(err)
	}
	open := pollChallenge(t, steady)
	last := answer(t, open.Spec)
	if _, err := op.CloseEpoch(ctx, nil); err == nil || !strings.Contains(err.Error(), "undecided") {
		t.Fatalf("a close with a challenge open: %v", err)
	}
	if code, out := postAnswer(t, steady, open.ID, last); code != http.StatusOK || out.Outcome != store.ChallengePassed {
		t.Fatalf("the last challenge: %d %+v", code, out)
	}
	sum, err := op.CloseEpoch(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Medians["steady"] != cpuNodeMegaFLOPS || sum.Medians["cheat"] != 0 || sum.Medians["silent"] != 0 {
		t.Fatalf("verified medians %v: want steady %d, cheat and silent 0", sum.Medians, cpuNodeMegaFLOPS)
	}
	v := sum.Verification
	if v["steady"].Challenges.Passed != 2 || v["steady"].UnverifiedSeconds != 0 ||
		v["cheat"].Challenges.Failed != 2 || !strings.Contains(v["cheat"].Reason, "without its slot series") ||
		v["silent"].Challenges.Missed != 1 || !strings.Contains(v["silent"].Reason, "zero power") || v["silent"].UnverifiedSeconds != 3600 || v["silent"].VerifiedCoveragePPM != 0 {
		t.Fatalf("verification: %+v", v)
	}
}

// TestChallengeIdentityAndLateness: a node must show the GPUs its shape claims; a GPU that
// another site registers, named in an answer, fails it, is slashed at the duplicate-identity
// fraction and flags both sites; an answer after the deadline (and its grace) fails.
func TestChallengeIdentityAndLateness(t *testing.T) {
	g := challengeGrid(t)
	ctx := context.Background()
	op := g.Client(g.Operator)
	cat, err := tokenomics.LoadEmbeddedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	const gpu = "GPU-5e4c3a2b-1d0e-4f9a-8b7c-6d5e4f3a2b1c"
	a100 := cat.ReferenceScore().PerDeviceMegaFLOPS
	gpuNode := cpuInventory(t)
	gpuNode.Partitions[0].Shapes[0].GPUs, gpuNode.Partitions[0].Shapes[0].GPUModel = 1, "A100-SXM4-80GB"
	gpuNode.Partitions[0].Shapes[0].MegaFLOPS += a100
	gpuNode.CapacityMegaFLOPS, gpuNode.GPUs = gpuNode.Partitions[0].Shapes[0].MegaFLOPS, 1
	gpuNode.Devices = []protocol.DeviceIdentity{{Node: "holder-n1", UUID: gpu}}
	holder := g.NewSite("holder")
	if code := holder.Register(gpuNode, "1"); code != http.StatusCreated {
		t.Fatalf("register: %d", code)
	}
	if err := op.Fund(ctx, holder.Addr(), "100", "1"); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Client(holder.Key).Stake(ctx, tokenomics.MustAmount("50")); err != nil {
		t.Fatal(err)
	}
	if _, err := gatewaytest.ApproveListed(ctx, op, "holder", ""); err != nil {
		t.Fatal(err)
	}
	copier := stakedSite(t, g, "copier")

	// The holder's node claims a GPU: an answer naming none fails, one naming it passes.
	if _, err := op.ChallengeProvider(ctx, "holder"); err != nil {
		t.Fatal(err)
	}
	ch := pollChallenge(t, holder)
	if ch.GPUs != 1 || ch.CPUs != 2 {
		t.Fatalf("the challenge names the node %d CPUs %d GPUs, want 2 and 1", ch.CPUs, ch.GPUs)
	}
	if code, out := postAnswer(t, holder, ch.ID, answer(t, ch.Spec)); code != http.StatusOK || out.Outcome != store.ChallengeFailed || !strings.Contains(strings.Join(out.Reasons, ";"), "named 0 GPUs") {
		t.Fatalf("an answer without the claimed GPU: %d %+v", code, out)
	}
	withGPU := func(spec challenge.Spec) *challenge.Answer {
		a := answer(t, spec)
		a.Devices = append(a.Devices, challenge.Device{Kind: "gpu", UUID: gpu, PCIBusID: "00000000:07:00.0", Model: "NVIDIA A100-SXM4-80GB"})
		return a
	}
	if _, err := op.ChallengeProvider(ctx, "holder"); err != nil {
		t.Fatal(err)
	}
	ch = pollChallenge(t, holder)
	if code, out := postAnswer(t, holder, ch.ID, withGPU(ch.Spec)); code != http.StatusOK || out.Outcome != store.ChallengePassed {
		t.Fatalf("an answer with the registered GPU: %d %+v", code, out)
	}
	// The registered GPU, but NVML names a lesser board than the A100 the shape claims: it
	// fails. A better board (an under-claim) and a name the catalog does not know pass.
	for name, want := range map[string]string{"NVIDIA A100-SXM4-40GB": store.ChallengeFailed, "NVIDIA H100 80GB HBM3": store.ChallengePassed,
		"NVIDIA A100 Mystery Edition": store.ChallengePassed} {
		if _, err := op.ChallengeProvider(ctx, "holder"); err != nil {
			t.Fatal(err)
		}
		ch = pollChallenge(t, holder)
		a := withGPU(ch.Spec)
		a.Devices[len(a.Devices)-1].Model = name
		code, out := postAnswer(t, holder, ch.ID, a)
		if code != http.StatusOK || out.Outcome != want || want == store.ChallengeFailed && !strings.Contains(strings.Join(out.Reasons, ";"), `is named "NVIDIA A100-SXM4-40GB" (catalog A100-SXM4-40GB), weaker than the A100-SXM4-80GB its shape claims`) {
			t.Fatalf("a GPU NVML names %q: %d %+v", name, code, out)
		}
	}

	// The copier names the holder's GPU: it fails, is slashed at 50 %, and is flagged as
	// sharing it; the holder is not (naming a UUID must not let one site block another).
	if _, err := op.ChallengeProvider(ctx, "copier"); err != nil {
		t.Fatal(err)
	}
	ch = pollChallenge(t, copier)
	if code, out := postAnswer(t, copier, ch.ID, withGPU(ch.Spec)); code != http.StatusOK || out.Outcome != store.ChallengeFailed || !strings.Contains(strings.Join(out.Reasons, ";"), "registered by site holder") {
		t.Fatalf("an answer with another site's GPU: %d %+v", code, out)
	}
	slashed := waitSlashed(t, g, copier, ch.ID)
	if c := challengeOf(t, g, "copier", ch.ID); c.SlashReason != 1 || slashed.Cmp(tokenomics.MustAmount("5")) != 0 {
		t.Fatalf("the copier's slash: reason %d, %s wei (want duplicate identity, half of 10 DPS)", c.SlashReason, slashed)
	}
	providers, err := op.Providers(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range providers {
		switch {
		case p.Name == "holder" && p.SharedDevices != nil:
			t.Errorf("the holder is flagged by another site's answer: %+v", p.SharedDevices)
		case p.Name == "copier" && (p.SharedDevices == nil || len(p.SharedDevices.Sites) != 1 || p.SharedDevices.Sites[0] != "holder"):
			t.Errorf("the copier: shared devices %+v, want the holder's GPU", p.SharedDevices)
		}
	}

	// An answer that arrives after the deadline and its grace fails, however right.
	if _, err := op.ChallengeProvider(ctx, "copier"); err != nil {
		t.Fatal(err)
	}
	ch = pollChallenge(t, copier)
	late := answer(t, ch.Spec)
	g.AdvanceClock(ch.Spec.Deadline.Sub(g.Now()) + 6*time.Second)
	if code, out := postAnswer(t, copier, ch.ID, late); code == http.StatusOK && out.Outcome != store.ChallengeFailed || code != http.StatusOK && code != http.StatusConflict {
		t.Fatalf("a late answer: %d %+v", code, out)
	}
	if c := challengeOf(t, g, "copier", ch.ID); c.State == store.ChallengePassed || c.Slash == "" {
		t.Fatalf("the late challenge as recorded: %+v", c)
	}
}

// A site that speaks protocol 5 and claims four idle GPU nodes is challenged on three at
// once (the default node share, 0.75, rounded up). An answer of three parts, each from
// its own node, passes; one whose parts name the same GPU (one node answering for two)
// fails, as does one with a part copied into another's place. Before the site says its
// protocol, it is challenged one node at a time; once it said 5, saying 4 changes nothing.
// A partition's node limit, as the site's polls say it, does not shrink the challenge.
func TestChallengesOfSeveralNodes(t *testing.T) {
	// The test computes every node's part itself, one after another, within the window
	// sized for one: a tenth of the other tests' work per node keeps it well inside even
	// under the race detector on a loaded machine.
	g := challengeGridAt(t, 0.05)
	ctx := context.Background()
	op := g.Client(g.Operator)
	cat, err := tokenomics.LoadEmbeddedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	a100 := cat.ReferenceScore().PerDeviceMegaFLOPS
	inv := cpuInventory(t)
	sh := &inv.Partitions[0].Shapes[0]
	sh.Nodes, sh.Available, sh.Idle, sh.GPUs, sh.GPUModel = 4, 4, 4, 1, "A100-SXM4-80GB"
	sh.MegaFLOPS += a100
	inv.CapacityMegaFLOPS, inv.GPUs = 4*sh.MegaFLOPS, 4
	gpus := []string{"GPU-11111111-1d0e-4f9a-8b7c-6d5e4f3a2b1c", "GPU-22222222-1d0e-4f9a-8b7c-6d5e4f3a2b1c",
		"GPU-33333333-1d0e-4f9a-8b7c-6d5e4f3a2b1c", "GPU-44444444-1d0e-4f9a-8b7c-6d5e4f3a2b1c"}
	for i, u := range gpus {
		inv.Devices = append(inv.Devices, protocol.DeviceIdentity{Node: fmt.Sprintf("wide-n%d", i+1), UUID: u})
	}
	site := g.NewSite("wide")
	if code := site.Register(inv, "1"); code != http.StatusCreated {
		t.Fatalf("register: %d", code)
	}
	if err := op.Fund(ctx, site.Addr(), "200", "1"); err != nil {
		t.Fatal(err)
	}
	// 100 DPS per PFLOPS of four A100 nodes' index.
	if _, err := g.Client(site.Key).Stake(ctx, tokenomics.MustAmount("150")); err != nil {
		t.Fatal(err)
	}
	if _, err := gatewaytest.ApproveListed(ctx, op, "wide", ""); err != nil {
		t.Fatal(err)
	}

	// Protocol 0: one node.
	if _, err := op.ChallengeProvider(ctx, "wide"); err != nil {
		t.Fatal(err)
	}
	ch := pollChallenge(t, site)
	if ch.Spec.NodeCount() != 1 {
		t.Fatalf("a site before protocol 5 challenged on %d nodes", ch.Spec.NodeCount())
	}
	one := answer(t, ch.Spec)
	one.Devices = append(one.Devices, challenge.Device{Kind: "gpu", UUID: gpus[0]})
	if code, out := postAnswer(t, site, ch.ID, one); code != http.StatusOK || out.Outcome != store.ChallengePassed {
		t.Fatalf("one node: %d %+v", code, out)
	}

	site.Protocol = protocol.Version
	site.Poll(1)
	// parts answers a challenge of several nodes, part i naming gpus[gpuOf(i)].
	parts := func(spec challenge.Spec, gpuOf func(int) int) *challenge.NodesAnswer {
		a := &challenge.NodesAnswer{Version: challenge.AnswerVersion, Nonce: spec.Nonce}
		for i := range spec.NodeCount() {
			part, err := spec.PartSpec(i)
			if err != nil {
				t.Fatal(err)
			}
			p := answer(t, part)
			p.Devices = append(p.Devices, challenge.Device{Kind: "gpu", UUID: gpus[gpuOf(i)]})
			a.Parts = append(a.Parts, *p)
		}
		return a
	}
	post := func(id string, a *challenge.NodesAnswer) protocol.ChallengeAnswer {
		t.Helper()
		body, err := a.Encode()
		if err != nil {
			t.Fatal(err)
		}
		var out protocol.ChallengeAnswer
		if code := site.Post(protocol.PathChallenges+id, body, nil, &out); code != http.StatusOK {
			t.Fatalf("answer to %s: %d", id, code)
		}
		return out
	}
	issue := func() protocol.Challenge {
		t.Helper()
		if _, err := op.ChallengeProvider(ctx, "wide"); err != nil {
			t.Fatal(err)
		}
		ch := pollChallenge(t, site)
		if ch.Spec.Nodes != 3 || ch.GPUs != 1 {
			t.Fatalf("challenged on %d nodes of %d GPUs, want 3 nodes of 1", ch.Spec.Nodes, ch.GPUs)
		}
		return ch
	}

	ch = issue()
	if out := post(ch.ID, parts(ch.Spec, func(i int) int { return i })); out.Outcome != store.ChallengePassed {
		t.Fatalf("three nodes, three GPUs: %+v", out)
	}
	if c := challengeOf(t, g, "wide", ch.ID); !strings.HasPrefix(c.Devices, "[[") || !strings.Contains(c.Devices, gpus[2]) {
		t.Fatalf("the devices recorded, one list per node: %s", c.Devices)
	}

	// Saying an older protocol does not take the site back to one node.
	site.Protocol = 4
	site.Poll(1)
	ch = issue()
	out := post(ch.ID, parts(ch.Spec, func(i int) int { return i % 2 }))
	if out.Outcome != store.ChallengeFailed || !strings.Contains(strings.Join(out.Reasons, ";"), "is named by part 0 too: one node answered for two") {
		t.Fatalf("parts 0 and 2 naming one GPU: %+v", out)
	}

	ch = issue()
	copied := parts(ch.Spec, func(i int) int { return i })
	copied.Parts[2] = copied.Parts[1]
	out = post(ch.ID, copied)
	if out.Outcome != store.ChallengeFailed || !strings.Contains(strings.Join(out.Reasons, ";"), "part 2 of 3: challenge verify: the answer is for nonce") {
		t.Fatalf("a part copied into another's place: %+v", out)
	}
	waitSlashed(t, g, site, ch.ID)

	// The partition's node limit, as the site's polls say it, does not shrink the
	// challenge: it is the site's word, as the idle nodes are.
	live := inv
	live.Devices = nil
	live.Partitions = []protocol.Partition{inv.Partitions[0]}
	live.Partitions[0].MaxNodes = 1
	site.Live = &live
	site.Poll(1)
	if _, err := op.ChallengeProvider(ctx, "wide"); err != nil {
		t.Fatal(err)
	}
	if ch = pollChallenge(t, site); ch.Spec.Nodes != 3 {
		t.Fatalf("challenged on %d nodes of a partition that says it allows a job 1", ch.Spec.NodeCount())
	}
}

// A site's polls say whether its challenge jobs run the GPU kernel when they say protocol 6:
// a poll that says no protocol (the first after a restart, before the site heard the
// gateway's version) leaves what the site said last, so that a restart does not make its
// GPUs untimed; a protocol 6 poll that says false, or one of an older protocol (a daemon
// gone back to an older version), turns it off.
func TestGPUKernelSaidInPollsSurvivesARestart(t *testing.T) {
	g := gatewaytest.StartGrid(t)
	ctx := context.Background()
	s := g.NewSite("gpus")
	inv := cpuInventory(t)
	if code := s.Register(inv, "1"); code != http.StatusCreated {
		t.Fatalf("register: %d", code)
	}
	said := func() bool {
		t.Helper()
		site, err := g.Gateway.Store().Site(ctx, "gpus")
		if err != nil {
			t.Fatal(err)
		}
		return site.Live.GPUKernel
	}
	for i, step := range []struct {
		protocol  int
		gpuKernel bool
		want      bool
	}{
		{protocol.Version, true, true},
		{0, false, true}, // a restarted daemon's first poll
		{protocol.Version, false, false},
		{protocol.Version, true, true},
		{5, false, false}, // a daemon back on protocol 5 runs no GPU kernel
		{0, false, false},
	} {
		live := inv
		live.GPUKernel = step.gpuKernel
		live.Partitions = append([]protocol.Partition(nil), inv.Partitions...)
		live.Partitions[0].Shapes = append([]protocol.NodeShape(nil), inv.Partitions[0].Shapes...)
		live.Partitions[0].Shapes[0].Idle = i % 2 // a change, so that the poll is written at once
		s.Protocol, s.Live = step.protocol, &live
		s.Poll(1)
		if got := said(); got != step.want {
			t.Fatalf("poll %d (protocol %d, gpuKernel %v): the gateway records %v, want %v", i, step.protocol, step.gpuKernel, got, step.want)
		}
	}
}
