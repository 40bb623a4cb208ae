package gateway

import (
	"io"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/placement"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/site/siteapi"
	"github.com/petagrid/petagrid/tokenomics"
)

// The reference of these tests is 1000 MFLOPS; the site has 8 reference GPUs.
const (
	testRefMFLOPS      = 1000
	testCapacityMFLOPS = 8 * testRefMFLOPS
)

var placedAt = time.Date(2026, 5, 1, 2, 0, 0, 0, time.UTC)

// trainJob is a job placed at placedAt with 2 of a node's 4 reference GPUs for at most
// 30 minutes: a worst case of 1 Compute Hour, 1500 DPS at 1500 DPS per Compute Hour, in a
// budget of 2000 DPS.
func trainJob(steps ...siteapi.Step) gatewayapi.Job {
	at := placedAt
	return gatewayapi.Job{ID: "r-aaaaaaaaaaaaaaaa", PriceWei: tokenomics.MustAmount("1500").String(), MaxCostWei: tokenomics.MustAmount("2000").String(), AssignedAt: &at,
		WorstCase: &gatewayapi.WorstCase{CostWei: tokenomics.MustAmount("1500").String(), ComputeHoursMilli: 1000,
			Steps: []gatewayapi.StepWorstCase{{Step: "train", TimeSeconds: 1800, ComputeHoursMilli: 1000, GPUs: 2, CPUs: 2, ArrayTasks: 1}}},
		Steps: steps}
}

func ranStep(name string, start, end time.Duration) siteapi.Step {
	s, e := placedAt.Add(start), placedAt.Add(end)
	return siteapi.Step{Name: name, State: runstate.StepCompleted, StartedAt: &s, EndedAt: &e}
}

func bill(t *testing.T, j gatewayapi.Job, u protocol.Usage, reportedAfter time.Duration) store.Bill {
	t.Helper()
	b, err := billJob(billInputs{job: j, usage: u, reportedAt: placedAt.Add(reportedAfter), capacityMegaFLOPS: testCapacityMFLOPS, referenceMegaFLOPS: testRefMFLOPS})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func wantCost(t *testing.T, b store.Bill, dps string, billedMilli uint64) {
	t.Helper()
	if b.CostWei != tokenomics.MustAmount(dps).String() || b.Billing.BilledComputeHoursMilli != billedMilli {
		t.Fatalf("cost %s wei for %d mCH, want %s DPS for %d mCH (caps %q)", b.CostWei, b.Billing.BilledComputeHoursMilli, dps, billedMilli, b.Billing.Caps)
	}
}

func wantCaps(t *testing.T, b store.Bill, mentions ...string) {
	t.Helper()
	all := strings.Join(b.Billing.Caps, "\n")
	for _, m := range mentions {
		if !strings.Contains(all, m) {
			t.Errorf("the caps do not mention %q:\n%s", m, all)
		}
	}
}

// TestBillIsCappedByTheJobsWorstCase: ten hours after the placement, a site claims 1.3
// Compute Hours for a job whose worst case is 1 (it ran "all along", past its time limit).
// Before the worst case was stored, the budget was the only cap: 1950 DPS.
func TestBillIsCappedByTheJobsWorstCase(t *testing.T) {
	b := bill(t, trainJob(ranStep("train", 0, 10*time.Hour)), protocol.Usage{ComputeHoursMilli: 1300}, 10*time.Hour)
	wantCost(t, b, "1500", 1000)
	wantCaps(t, b, "time limit of 1800 s", "worst case")
	if b.Billing.ClaimedComputeHoursMilli != 1300 {
		t.Errorf("claimed %d mCH recorded, want 1300", b.Billing.ClaimedComputeHoursMilli)
	}
}

// TestBillFollowsTheStepsReportedTimes: each step is billed its share of the worst case for
// its reported end − start, within the placement-to-report window; a claim within that is
// billed as it is.
func TestBillFollowsTheStepsReportedTimes(t *testing.T) {
	// 10 of the 30 minutes: ⌈1000 × 600/1800⌉ = 334 mCH.
	ran10 := trainJob(ranStep("train", time.Minute, 11*time.Minute))
	honest := bill(t, ran10, protocol.Usage{ComputeHoursMilli: 300, GPUSeconds: 1200, CPUSeconds: 1200, ElapsedSeconds: 600}, time.Hour)
	wantCost(t, honest, "450", 300)
	if len(honest.Billing.Caps) != 0 {
		t.Errorf("an honest report was capped: %q", honest.Billing.Caps)
	}
	greedy := bill(t, ran10, protocol.Usage{ComputeHoursMilli: 900}, time.Hour)
	wantCost(t, greedy, "501", 334)
	wantCaps(t, greedy, "900 mCH claimed, more than the 334 mCH")

	// Times outside the window count only within it: started "before" the placement, still
	// "running" after the report (no end: until the report).
	early := ranStep("train", -time.Hour, 0)
	early.EndedAt = nil
	clipped := bill(t, trainJob(early), protocol.Usage{ComputeHoursMilli: 1000}, 5*time.Minute)
	wantCost(t, clipped, "250.5", 167) // ⌈1000 × 300/1800⌉
	wantCaps(t, clipped, "outside the placement-to-report window", "billed 300 s")

	// A step that never started, or that the site does not report, is billed nothing; a step
	// the workflow does not have neither.
	for name, steps := range map[string][]siteapi.Step{
		"never started": {{Name: "train", State: runstate.StepCancelled}},
		"not reported":  nil,
		"unknown step":  {ranStep("mine", 0, 10*time.Minute)},
	} {
		b := bill(t, trainJob(steps...), protocol.Usage{ComputeHoursMilli: 100}, time.Hour)
		if b.CostWei != "0" || b.Billing.BilledComputeHoursMilli != 0 {
			t.Errorf("%s: cost %s, %d mCH", name, b.CostWei, b.Billing.BilledComputeHoursMilli)
		}
	}
}

// TestBillNotesOverClaimedSeconds: GPUs, CPUs and wall time beyond what the steps asked for
// over the time they ran are recorded; they are not what is billed.
func TestBillNotesOverClaimedSeconds(t *testing.T) {
	b := bill(t, trainJob(ranStep("train", 0, 10*time.Minute)), protocol.Usage{ComputeHoursMilli: 300, GPUSeconds: 4 * 600, CPUSeconds: 64 * 600, ElapsedSeconds: 3600}, time.Hour)
	wantCost(t, b, "450", 300)
	wantCaps(t, b, "GPU-seconds: 2400 claimed, more than the 1200", "CPU-seconds: 38400 claimed, more than the 1200", "elapsed seconds: 3600 claimed, more than the 600")
}

// TestBillOfAJobPlacedBeforeWorstCases: without a recorded worst case (placed by an older
// gateway) the capacity over the window and the budget still cap the bill.
func TestBillOfAJobPlacedBeforeWorstCases(t *testing.T) {
	legacy := trainJob(ranStep("train", 0, time.Minute))
	legacy.WorstCase = nil
	// 8 reference GPUs for 60 s: 133 mCH.
	b := bill(t, legacy, protocol.Usage{ComputeHoursMilli: 500}, time.Minute)
	wantCost(t, b, "199.5", 133)
	wantCaps(t, b, "whole capacity")
	b = bill(t, legacy, protocol.Usage{ComputeHoursMilli: 1300}, 10*time.Hour)
	wantCost(t, b, "1950", 1300)
	b = bill(t, legacy, protocol.Usage{ComputeHoursMilli: 5000}, 10*time.Hour)
	if b.CostWei != tokenomics.MustAmount("2000").String() {
		t.Fatalf("a bill over the budget: %s", b.CostWei)
	}
	wantCaps(t, b, "budget")

	bad := trainJob()
	bad.PriceWei = "1.5"
	if _, err := billJob(billInputs{job: bad, reportedAt: placedAt}); err == nil {
		t.Fatal("a malformed price was billed")
	}
}

// TestSettlementNeverExceedsTheWorstCase: whatever cost the state holds, the escrow is settled
// for at most the job's worst case.
func TestSettlementNeverExceedsTheWorstCase(t *testing.T) {
	log := logrus.New()
	log.SetOutput(io.Discard)
	j := trainJob()
	if got := settlementCap(log, j, tokenomics.MustAmount("1999")); got.Cmp(tokenomics.MustAmount("1500")) != 0 {
		t.Fatalf("settled %s, want the worst case", got)
	}
	if got := settlementCap(log, j, tokenomics.MustAmount("12")); got.Cmp(tokenomics.MustAmount("12")) != 0 {
		t.Fatalf("settled %s, want the cost", got)
	}
	j.WorstCase = nil
	if got := settlementCap(log, j, tokenomics.MustAmount("1999")); got.Cmp(tokenomics.MustAmount("1999")) != 0 {
		t.Fatalf("settled %s for a job with no worst case, want the cost", got)
	}
}

// TestWorstCaseOfAPlacement: what the job is stored with is the chosen site's figures, with
// what each step asks for at once.
func TestWorstCaseOfAPlacement(t *testing.T) {
	needs := []placement.StepNeed{{Step: "sweep", Nodes: 2, CPUsPerNode: 4, GPUsPerNode: 1, Attempts: 1, ArrayTasks: 3}}
	c := placement.Candidate{Site: "s", CostWei: big.NewInt(77), ComputeHoursMilli: 55, Steps: []placement.StepCost{{Step: "sweep", TimeSeconds: 600, ComputeHoursMilli: 55}}}
	w, err := worstCaseOf(c, needs)
	if err != nil {
		t.Fatal(err)
	}
	if w.CostWei != "77" || w.ComputeHoursMilli != 55 || len(w.Steps) != 1 ||
		w.Steps[0] != (gatewayapi.StepWorstCase{Step: "sweep", TimeSeconds: 600, ComputeHoursMilli: 55, GPUs: 6, CPUs: 24, ArrayTasks: 3}) {
		t.Fatalf("worst case %+v", w)
	}
	c.Steps[0].Step = "other"
	if _, err := worstCaseOf(c, needs); err == nil {
		t.Fatal("a placement of other steps was taken")
	}
}
