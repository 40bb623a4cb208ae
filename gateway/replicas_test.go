package gateway_test

import (
	"context"
	"math/big"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/gateway"
	"github.com/petagrid/petagrid/gateway/client"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/site/siteapi"
	"github.com/petagrid/petagrid/test/gatewaytest"
	"github.com/petagrid/petagrid/tokenomics"
)

// replicatedWorkflow is gpuWorkflow, declared deterministic and run on three sites.
var replicatedWorkflow = strings.Replace(gpuWorkflow, "name: train\n", "name: train\ndeterministic: true\nverify: {replicas: 3, quorum: 2}\n", 1) + "    outputs:\n      - path: model.bin\n"

// replicaSite registers a site of half a reference node's price as in TestGatewayEndToEnd,
// stakes 200 DPS (1.9 PFLOPS at 100 DPS each), has it approved under operator, and polls once saying version.
func replicaSite(t *testing.T, g *gatewaytest.Grid, name, operator string, version int) *gatewaytest.Site {
	t.Helper()
	ctx := context.Background()
	cat, _ := tokenomics.LoadEmbeddedCatalog()
	s := g.NewSite(name)
	s.Protocol = version
	if code := s.Register(gatewaytest.Inventory(t, "a100", 4, 2, 4*cat.ReferenceScore().PerDeviceMegaFLOPS), tokenomics.MustAmount("1500").String()); code != http.StatusCreated {
		t.Fatalf("register %s: %d", name, code)
	}
	op := g.Client(g.Operator)
	if err := op.Fund(ctx, s.Addr(), "300", "1"); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Client(s.Key).Stake(ctx, tokenomics.MustAmount("200")); err != nil {
		t.Fatal(err)
	}
	if _, err := gatewaytest.ApproveOperated(ctx, op, name, "", operator); err != nil {
		t.Fatal(err)
	}
	s.Poll(1)
	return s
}

// replicaGrid starts a grid with staking (100 DPS per PFLOPS, two hours' unbonding) and
// funds its researcher with 16,000 DPS.
func replicaGrid(t *testing.T) (*gatewaytest.Grid, *client.Client) {
	t.Helper()
	g := gatewaytest.StartGrid(t, func(c *gateway.Config) {
		c.Economy.Staking = gateway.StakingConfig{PerPetaFLOPS: "100", Unbonding: 2 * time.Hour}
	})
	res := g.Client(g.Researcher)
	if err := g.Client(g.Operator).Fund(context.Background(), res.Address(), "16000", "1"); err != nil {
		t.Fatal(err)
	}
	return g, res
}

// waitSettledAndSlashed waits for the group of job to be decided, a dissent of it slashed
// and its escrow settled, and returns the job then.
func waitSettledAndSlashed(t *testing.T, res *client.Client, job string) gatewayapi.Job {
	t.Helper()
	var final gatewayapi.Job
	gatewaytest.WaitFor(t, "the group decided, its dissent slashed and its escrow settled", 30*time.Second, func() (bool, error) {
		j, err := res.Job(context.Background(), job)
		final = j
		if err != nil || j.ReplicaGroup == nil {
			return false, err
		}
		slashed := false
		for _, m := range j.ReplicaGroup.Members {
			slashed = slashed || m.Slash == store.SlashDone
		}
		return j.EscrowState == store.EscrowSettled && slashed, nil
	})
	return final
}

// TestReplicatedJobSettlesToTheMajority: a workflow that asks for three replicas is refused
// while only two operators can run it; then it runs on three sites of distinct operators
// that speak protocol 4 (never on a second site of one operator, nor on a site that does not
// report outputs digests), each within a third of the budget. One replica reports other
// outputs than the two others: the group settles to the majority's, the escrow is charged
// for every replica (the researcher gains nothing from the dissent), and the dissenting
// provider is slashed on chain. No digest is shown while the group votes.
func TestReplicatedJobSettlesToTheMajority(t *testing.T) {
	g, res := replicaGrid(t)
	ctx := context.Background()
	alpha := replicaSite(t, g, "alpha", "uni-a", protocol.Version)
	beta := replicaSite(t, g, "beta", "uni-b", protocol.Version)
	betaTwin := replicaSite(t, g, "beta-two", "uni-b", protocol.Version)
	older := replicaSite(t, g, "older", "", 0)
	budget := tokenomics.MustAmount("6000") // three replicas of 1 Compute Hour at 1,500 DPS, with room

	// Two operators speak protocol 4 (beta's two sites count once; older reports no digests).
	_, _, err := res.Submit(ctx, gatewayapi.SubmitRequest{Workflow: replicatedWorkflow, FileName: "train.yaml", MaxCostWei: budget.String()})
	if err == nil || !strings.Contains(err.Error(), "verify asks for 3 replicas") || !strings.Contains(err.Error(), "2 operator(s)") {
		t.Fatalf("three replicas with two operators: %v", err)
	}
	// A budget that does not pay for every replica is refused up front.
	gamma := replicaSite(t, g, "gamma", "uni-c", protocol.Version)
	_, _, err = res.Submit(ctx, gatewayapi.SubmitRequest{Workflow: replicatedWorkflow, FileName: "train.yaml", MaxCostWei: tokenomics.MustAmount("3000").String()})
	if err == nil || !strings.Contains(err.Error(), "its share of the budget") {
		t.Fatalf("a budget for two replicas: %v", err)
	}

	job, created, err := res.Submit(ctx, gatewayapi.SubmitRequest{Workflow: replicatedWorkflow, FileName: "train.yaml", MaxCostWei: budget.String()})
	if err != nil || !created || job.Replica == nil || job.Replica.Replicas != 3 || job.Replica.Quorum != 2 || job.Replica.Group != job.ID {
		t.Fatalf("replicated submission: %+v %v", job.Replica, err)
	}
	// Every replica is placed at once, one per operator.
	assigned := map[string]string{} // site → job
	for _, s := range []*gatewaytest.Site{alpha, beta, betaTwin, older, gamma} {
		for _, a := range s.Poll(1).Assignments {
			if _, twice := assigned[s.Name]; twice {
				t.Fatalf("%s got two replicas", s.Name)
			}
			assigned[s.Name] = a.Job
		}
	}
	if len(assigned) != 3 || assigned["alpha"] == "" || assigned["gamma"] == "" || (assigned["beta"] == "") == (assigned["beta-two"] == "") || assigned["older"] != "" {
		t.Fatalf("replicas placed on %v: want alpha, gamma and one of beta's sites", assigned)
	}
	liar := beta
	if assigned["beta"] == "" {
		liar = betaTwin
	}
	for site, id := range assigned {
		j, err := res.Job(ctx, id)
		if err != nil || j.Site != site || j.WorstCase == nil {
			t.Fatalf("replica %s: %+v %v", id, j, err)
		}
		if worst, _ := protocol.ParseWei(j.WorstCase.CostWei); worst.Cmp(new(big.Int).Quo(budget, big.NewInt(3))) > 0 {
			t.Fatalf("replica %s placed at a worst case of %s, over its share of the budget", id, worst)
		}
	}

	// Each site reports its replica: alpha and gamma the same outputs, the liar others.
	honest, forged := strings.Repeat("a1", 32), strings.Repeat("f0", 32)
	first, _ := res.Job(ctx, job.ID)
	started := *first.AssignedAt
	ended := started.Add(10 * time.Second)
	g.AdvanceClock(30 * time.Second)
	exit0 := 0
	claims := map[string]int64{"alpha": 1, "gamma": 2, liar.Name: 3} // mCH, at 1,500 DPS per CH
	report := func(s *gatewaytest.Site) {
		id := assigned[s.Name]
		outputs := honest
		if s == liar {
			outputs = forged
		}
		s.Update(protocol.Updates{Accepted: []string{id}, Jobs: []protocol.JobUpdate{{Job: id, State: runstate.Completed, OutputsSHA256: outputs,
			Steps: []siteapi.Step{{Name: "train", State: runstate.StepCompleted, JobID: 7, ExitCode: &exit0, StartedAt: &started, EndedAt: &ended}},
			Usage: &protocol.Usage{SlurmJobs: []uint32{7}, ElapsedSeconds: 10, GPUSeconds: 20, ComputeHoursMilli: claims[s.Name]}}}})
	}
	report(alpha)
	report(gamma)
	// While the liar's replica has not reported, nobody sees the others' digests.
	if j, err := res.Job(ctx, assigned["alpha"]); err != nil || j.ReplicaGroup == nil || j.ReplicaGroup.State != gatewayapi.GroupVoting || j.OutputsSHA256 != "" {
		t.Fatalf("the group while voting: %+v %q %v", j.ReplicaGroup, j.OutputsSHA256, err)
	} else {
		for _, m := range j.ReplicaGroup.Members {
			if m.OutputsSHA256 != "" {
				t.Fatalf("a digest is shown while the group votes: %+v", m)
			}
		}
	}
	report(liar)
	final := waitSettledAndSlashed(t, res, job.ID)
	gr := final.ReplicaGroup
	wantCost := tokenomics.MustAmount("9") // 1 + 2 + 3 mCH at 1,500 DPS per Compute Hour
	if gr.State != gatewayapi.GroupAgreed || gr.OutputsSHA256 != honest || gr.CostWei != wantCost.String() || len(gr.Members) != 3 {
		t.Fatalf("group: %+v", gr)
	}
	for _, m := range gr.Members {
		want := gatewayapi.VoteMajority
		if m.Site == liar.Name {
			want = gatewayapi.VoteDissent
			if m.Slash != store.SlashDone || m.SlashedWei == "" || m.SlashedWei == "0" {
				t.Errorf("the dissent's slash: %+v", m)
			}
		} else if m.Slash != "" {
			t.Errorf("an honest replica owes a slash: %+v", m)
		}
		if m.Vote != want {
			t.Errorf("replica on %s voted %s, want %s", m.Site, m.Vote, want)
		}
	}
	d := g.Gateway.Deployment()
	esc, err := d.EscrowOf(ctx, res.Address(), contracts.EscrowJobID(final.IdempotencyKey))
	if err != nil || esc.Status != contracts.EscrowSettled || esc.Cost.Cmp(wantCost) != 0 {
		t.Fatalf("escrow on chain: %+v %v, want settled for %s", esc, err, wantCost)
	}
	for _, s := range []*gatewaytest.Site{alpha, gamma, liar} {
		stake, err := d.StakeOf(ctx, s.Addr())
		if err != nil {
			t.Fatal(err)
		}
		if lost := stake.SlashedWei.Sign() > 0; lost != (s == liar) {
			t.Errorf("%s slashed %s DPS wei", s.Name, stake.SlashedWei)
		}
	}
	// The slash is on chain once, whatever is retried: its evidence is used.
	liarJob, _ := res.Job(ctx, assigned[liar.Name])
	if liarJob.Replica == nil || liarJob.Replica.Vote != gatewayapi.VoteDissent {
		t.Fatalf("the liar's job: %+v", liarJob.Replica)
	}

}

// TestFailedReplicaIsRunAgain: a workflow that asks for three replicas and one rerun is
// placed within a quarter of its budget per run (a budget for three runs is refused up
// front). One replica fails: the gateway runs it again on the fourth operator's site, the
// only one that ran no replica of the job. With one other replica lying, the rerun's honest
// outputs make the quorum that the failure had taken away; the failed replica abstains
// unslashed, the liar is slashed, and the escrow is charged for all four runs.
func TestFailedReplicaIsRunAgain(t *testing.T) {
	g, res := replicaGrid(t)
	ctx := context.Background()
	sites := map[string]*gatewaytest.Site{}
	for _, name := range []string{"alpha", "beta", "gamma", "delta"} {
		sites[name] = replicaSite(t, g, name, "uni-"+name, protocol.Version)
	}
	workflow := strings.Replace(replicatedWorkflow, "verify: {replicas: 3, quorum: 2}", "verify: {replicas: 3, quorum: 2, reruns: 1}", 1)
	// 5,000 DPS pays for three runs of a worst case of 1,500 DPS, not for four.
	_, _, err := res.Submit(ctx, gatewayapi.SubmitRequest{Workflow: workflow, FileName: "train.yaml", MaxCostWei: tokenomics.MustAmount("5000").String()})
	if err == nil || !strings.Contains(err.Error(), "its share of the budget (1250 DPS: the budget pays for every replica and rerun)") {
		t.Fatalf("a budget for three runs: %v", err)
	}
	budget := tokenomics.MustAmount("8000")
	job, created, err := res.Submit(ctx, gatewayapi.SubmitRequest{Workflow: workflow, FileName: "train.yaml", MaxCostWei: budget.String()})
	if err != nil || !created || job.Replica == nil || job.Replica.Reruns != 1 {
		t.Fatalf("replicated submission: %+v %v", job.Replica, err)
	}
	share := new(big.Int).Quo(budget, big.NewInt(4))
	assigned := map[string]string{} // site → job
	poll := func() {
		for name, s := range sites {
			for _, a := range s.Poll(1).Assignments {
				if _, twice := assigned[name]; twice {
					t.Fatalf("%s got two replicas", name)
				}
				assigned[name] = a.Job
			}
		}
	}
	poll()
	if len(assigned) != 3 {
		t.Fatalf("replicas placed on %v", assigned)
	}
	var spare string
	var placed []string
	for name := range sites {
		if assigned[name] == "" {
			spare = name
		} else {
			placed = append(placed, name)
		}
	}
	sort.Strings(placed)
	failer, liar, honestSite := sites[placed[0]], sites[placed[1]], sites[placed[2]]

	honest, forged := strings.Repeat("a1", 32), strings.Repeat("f0", 32)
	first, _ := res.Job(ctx, job.ID)
	started := *first.AssignedAt
	ended := started.Add(10 * time.Second)
	g.AdvanceClock(30 * time.Second)
	exit0, exit1 := 0, 1
	report := func(s *gatewaytest.Site, state runstate.State, outputs string, claimMilli int64) {
		t.Helper()
		id := assigned[s.Name]
		step := siteapi.Step{Name: "train", State: runstate.StepCompleted, JobID: 7, ExitCode: &exit0, StartedAt: &started, EndedAt: &ended}
		if state == runstate.Failed {
			step.State, step.ExitCode = runstate.StepFailed, &exit1
		}
		s.Update(protocol.Updates{Accepted: []string{id}, Jobs: []protocol.JobUpdate{{Job: id, State: state, OutputsSHA256: outputs, Steps: []siteapi.Step{step},
			Usage: &protocol.Usage{SlurmJobs: []uint32{7}, ElapsedSeconds: 10, GPUSeconds: 20, ComputeHoursMilli: claimMilli}}}})
	}
	report(liar, runstate.Completed, forged, 2)
	report(honestSite, runstate.Completed, honest, 3)
	report(failer, runstate.Failed, "", 1)

	// The failure is run again on the spare site, the only operator new to the group.
	var rerun gatewayapi.Job
	gatewaytest.WaitFor(t, "the failed replica run again on "+spare, 30*time.Second, func() (bool, error) {
		poll()
		if assigned[spare] == "" {
			return false, nil
		}
		j, err := res.Job(ctx, assigned[spare])
		rerun = j
		return err == nil, err
	})
	if r := rerun.Replica; r == nil || r.Group != job.ID || r.Index != 3 || r.Replaces != assigned[failer.Name] || rerun.Site != spare || rerun.WorstCase == nil {
		t.Fatalf("the rerun: %+v on %s", rerun.Replica, rerun.Site)
	}
	if worst, _ := protocol.ParseWei(rerun.WorstCase.CostWei); worst.Cmp(share) > 0 {
		t.Fatalf("the rerun placed at a worst case of %s, over its share %s", worst, share)
	}
	if j, _ := res.Job(ctx, job.ID); j.ReplicaGroup == nil || j.ReplicaGroup.State != gatewayapi.GroupVoting {
		t.Fatalf("the group decided before its rerun ended: %+v", j.ReplicaGroup)
	}
	report(sites[spare], runstate.Completed, honest, 4)

	final := waitSettledAndSlashed(t, res, job.ID)
	gr := final.ReplicaGroup
	wantCost := tokenomics.MustAmount("15") // 1 + 2 + 3 + 4 mCH at 1,500 DPS per Compute Hour
	if gr.State != gatewayapi.GroupAgreed || gr.OutputsSHA256 != honest || gr.CostWei != wantCost.String() || len(gr.Members) != 4 || gr.Reruns != 1 {
		t.Fatalf("group: %+v", gr)
	}
	wantVote := map[string]string{failer.Name: gatewayapi.VoteAbstained, liar.Name: gatewayapi.VoteDissent, honestSite.Name: gatewayapi.VoteMajority, spare: gatewayapi.VoteMajority}
	for _, m := range gr.Members {
		if m.Vote != wantVote[m.Site] {
			t.Errorf("replica on %s voted %s, want %s", m.Site, m.Vote, wantVote[m.Site])
		}
		if (m.Slash == store.SlashDone) != (m.Site == liar.Name) {
			t.Errorf("replica on %s: slash %q", m.Site, m.Slash)
		}
	}
	esc, err := g.Gateway.Deployment().EscrowOf(ctx, res.Address(), contracts.EscrowJobID(final.IdempotencyKey))
	if err != nil || esc.Status != contracts.EscrowSettled || esc.Cost.Cmp(wantCost) != 0 {
		t.Fatalf("escrow on chain: %+v %v, want settled for %s", esc, err, wantCost)
	}
}
