package gateway_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/site/siteapi"
	"github.com/petagrid/petagrid/test/gatewaytest"
	"github.com/petagrid/petagrid/tokenomics"
)

// TestSettlementIsBoundedByTheJobsOwnFigures: a site that claims its whole capacity for a job
// is billed what the job's step asked for over the time the step reportedly ran, and the
// operator sees which bounds cut the claim.
func TestSettlementIsBoundedByTheJobsOwnFigures(t *testing.T) {
	g := gatewaytest.StartGrid(t)
	ctx := context.Background()
	op, res := g.Client(g.Operator), g.Client(g.Researcher)
	cat, _ := tokenomics.LoadEmbeddedCatalog()
	node := 4 * cat.ReferenceScore().PerDeviceMegaFLOPS
	site := &gatewaytest.Site{T: t, Name: "greedy", Key: gatewaytest.NewKey(t, filepath.Join(g.Dir, "greedy.key")), URL: g.URL}
	site.Register(gatewaytest.Inventory(t, "a100", 4, 2, node), tokenomics.MustAmount("1500").String())
	if _, err := gatewaytest.ApproveListed(ctx, op, "greedy", ""); err != nil {
		t.Fatal(err)
	}
	if err := op.Fund(ctx, res.Address(), "5000", "1"); err != nil {
		t.Fatal(err)
	}
	site.Poll(1)
	// gpuWorkflow: 2 of a node's 4 reference GPUs for at most 30 minutes, a worst case of one
	// Compute Hour, 1500 DPS.
	job, _, err := res.Submit(ctx, gatewayapi.SubmitRequest{Workflow: gpuWorkflow, MaxCostWei: tokenomics.MustAmount("2000").String()})
	if err != nil || job.AssignedAt == nil {
		t.Fatalf("submission: %+v %v", job, err)
	}
	if p := site.Poll(5); len(p.Assignments) != 1 || p.Assignments[0].Job != job.ID {
		t.Fatalf("assignment: %+v", p)
	}
	site.Update(protocol.Updates{Accepted: []string{job.ID}})

	// Thirty seconds after the placement the site says the step ran for 15 of them, and claims
	// the whole site for the whole time: 8 GPUs, 60 mCH (its capacity allows 66 in 30 s).
	started := *job.AssignedAt
	ended := started.Add(15 * time.Second)
	g.AdvanceClock(30 * time.Second)
	zero := 0
	site.Update(protocol.Updates{Jobs: []protocol.JobUpdate{{Job: job.ID, State: runstate.Completed,
		Steps: []siteapi.Step{{Name: "train", State: runstate.StepCompleted, JobID: 7, ExitCode: &zero, StartedAt: &started, EndedAt: &ended}},
		Usage: &protocol.Usage{SlurmJobs: []uint32{7}, ElapsedSeconds: 30, CPUSeconds: 2 * 64 * 30, GPUSeconds: 8 * 30, ComputeHoursMilli: 60}}}})
	var final gatewayapi.Job
	gatewaytest.WaitFor(t, "the escrow settled", 20*time.Second, func() (bool, error) {
		j, err := res.Job(ctx, job.ID)
		final = j
		return j.EscrowState == store.EscrowSettled, err
	})
	// The step's share of the worst case for the 15 s it ran: ⌈1000 mCH × 15 s / 1800 s⌉ = 9 mCH,
	// at 1500 DPS per Compute Hour 13.5 DPS.
	if want := tokenomics.MustAmount("13.5").String(); final.CostWei != want {
		t.Fatalf("cost %s, want %s (billing %+v)", final.CostWei, want, final.Billing)
	}
	// The operator sees what was claimed, what was billed and why.
	seen, err := op.Job(ctx, job.ID)
	if err != nil || seen.Billing == nil || seen.Billing.ClaimedComputeHoursMilli != 60 || seen.Billing.BilledComputeHoursMilli != 9 ||
		seen.WorstCase == nil || seen.WorstCase.CostWei != tokenomics.MustAmount("1500").String() {
		t.Fatalf("the operator's view of the billing: %+v %+v %v", seen.Billing, seen.WorstCase, err)
	}
	caps := strings.Join(seen.Billing.Caps, "\n")
	for _, want := range []string{"Compute Hours", "GPU-seconds", "CPU-seconds", "elapsed"} {
		if !strings.Contains(caps, want) {
			t.Errorf("the billing's caps do not mention %s:\n%s", want, caps)
		}
	}
	if bal, _ := g.Gateway.Deployment().DPSBalance(ctx, res.Address()); bal.Cmp(tokenomics.MustAmount("4986.5")) != 0 {
		t.Fatalf("the researcher holds %s DPS, want 4986.5 after paying 13.5", tokenomics.FormatAmount(bal))
	}
}
