package gateway

import (
	"fmt"
	"math"
	"math/big"
	"strings"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/placement"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/site/siteapi"
	"github.com/petagrid/petagrid/tokenomics"
)

// A site reports a finished job's usage itself, so the gateway bills no more than the job
// could have used. The Compute Hours billed are the least of:
//
//   - what the site claims;
//   - each step's share of its worst case for the time it ran: its worst-case Compute Hours
//     × the seconds it ran / the seconds it was costed for, where the seconds it ran are its
//     reported end − start, within the placement → report window and at most its time limit
//     (a step that never started runs 0 s);
//   - the job's worst-case Compute Hours;
//   - the site's whole registered capacity over the placement → report window;
//
// and the cost, those Compute Hours × the price at placement, is capped by the job's
// worst-case cost and by the budget. Claims beyond a bound are capped rather than refused: a
// refused report would leave the researcher's budget locked until the escrow can be reclaimed,
// while the capped figure is the most the researcher agreed to pay for what the steps asked
// for. Every cap is recorded with the job (gatewayapi.Billing) and logged.
//
// GPU-, CPU- and elapsed seconds are not billed (Compute Hours are), but a claim above what
// the steps asked for over the time they ran (GPUs and CPUs of every node and array task, one
// wall time per array task) is recorded the same way: it is the site claiming more than the
// job asked for.

// billInputs is everything a bill depends on.
type billInputs struct {
	// job carries the price and budget, the worst case, the placement time and the steps as
	// the report leaves them.
	job        gatewayapi.Job
	usage      protocol.Usage
	reportedAt time.Time
	// capacityMegaFLOPS is the site's registered capacity; referenceMegaFLOPS the Compute
	// Hour's reference.
	capacityMegaFLOPS, referenceMegaFLOPS uint64
}

// billJob computes a job's bill (see the comment at the top of this file).
func billJob(in billInputs) (store.Bill, error) {
	price, err := protocol.ParseWei(in.job.PriceWei)
	if err != nil {
		return store.Bill{}, fmt.Errorf("the job's price: %w", err)
	}
	// A replica's budget is its share of the submission's.
	budget, err := replicaBudget(in.job)
	if err != nil {
		return store.Bill{}, fmt.Errorf("the job's budget: %w", err)
	}
	from, to := billingWindow(in.job, in.reportedAt)
	claimed := uint64(max(in.usage.ComputeHoursMilli, 0))
	b := &gatewayapi.Billing{ClaimedComputeHoursMilli: in.usage.ComputeHoursMilli, BilledComputeHoursMilli: claimed}
	bound := func(limit uint64, what string) {
		if claimed > limit {
			b.Caps = append(b.Caps, fmt.Sprintf("Compute Hours: %d mCH claimed, more than the %d mCH %s", claimed, limit, what))
		}
		b.BilledComputeHoursMilli = min(b.BilledComputeHoursMilli, limit)
	}
	worst := in.job.WorstCase
	if worst != nil {
		steps := boundBySteps(worst, in.job.Steps, from, to)
		bound(steps.computeHoursMilli, "that the steps' worst case allows for the time they ran")
		if claimed > steps.computeHoursMilli {
			b.Caps = append(b.Caps, steps.details...)
		}
		b.Caps = append(b.Caps, steps.overClaims(in.usage)...)
		bound(worst.ComputeHoursMilli, "of the job's worst case")
	}
	seconds := uint64(max(to.Sub(from)/time.Second, 1))
	if capacity, err := tokenomics.ComputeHoursMilli(in.capacityMegaFLOPS, in.referenceMegaFLOPS, seconds); err == nil {
		bound(capacity, fmt.Sprintf("that the site's whole capacity delivers in the %d s between placement and report", seconds))
	}
	cost := new(big.Int).Mul(price, new(big.Int).SetUint64(b.BilledComputeHoursMilli))
	cost.Quo(cost, big.NewInt(1000))
	if worst != nil {
		if worstCost, err := protocol.ParseWei(worst.CostWei); err == nil && cost.Cmp(worstCost) > 0 {
			b.Caps = append(b.Caps, fmt.Sprintf("cost: %s DPS, capped at the job's worst case of %s DPS", tokenomics.FormatAmount(cost), tokenomics.FormatAmount(worstCost)))
			cost.Set(worstCost)
		}
	}
	if cost.Cmp(budget) > 0 {
		b.Caps = append(b.Caps, fmt.Sprintf("cost: %s DPS, capped at the budget of %s DPS", tokenomics.FormatAmount(cost), tokenomics.FormatAmount(budget)))
		cost.Set(budget)
	}
	return store.Bill{CostWei: cost.String(), Billing: b}, nil
}

// billingWindow is the time between the job's placement on its site and the usage report:
// nothing the job used can lie outside it.
func billingWindow(j gatewayapi.Job, reportedAt time.Time) (from, to time.Time) {
	if j.AssignedAt == nil || reportedAt.Before(*j.AssignedAt) {
		return reportedAt, reportedAt
	}
	return *j.AssignedAt, reportedAt
}

// stepBounds are what a job's steps could have used, by their reported times.
type stepBounds struct {
	computeHoursMilli uint64
	// gpuSeconds, cpuSeconds and elapsedSeconds are the GPUs and CPUs the steps asked for
	// × the seconds they ran, and one wall time per array task.
	gpuSeconds, cpuSeconds, elapsedSeconds *big.Int
	// details say where a step's reported times were cut.
	details []string
}

// boundBySteps bounds the job's use by each step's worst case over the time it ran:
// its reported end − start, within [from, to], at most its time limit. A step the site does
// not report, or that never started, ran 0 s; a step that started and has no end ran until
// the report.
func boundBySteps(worst *gatewayapi.WorstCase, steps []siteapi.Step, from, to time.Time) stepBounds {
	out := stepBounds{gpuSeconds: new(big.Int), cpuSeconds: new(big.Int), elapsedSeconds: new(big.Int)}
	reported := make(map[string]siteapi.Step, len(steps))
	for _, s := range steps {
		reported[s.Name] = s
	}
	var ch big.Int
	for _, ws := range worst.Steps {
		s, ok := reported[ws.Step]
		ran, detail := stepRunTime(ws, s, ok, from, to)
		if detail != "" {
			out.details = append(out.details, detail)
		}
		ch.Add(&ch, stepComputeHoursMilli(ws, ran))
		secs := new(big.Int).SetInt64(int64((ran + time.Second - 1) / time.Second))
		out.gpuSeconds.Add(out.gpuSeconds, new(big.Int).Mul(big.NewInt(ws.GPUs), secs))
		out.cpuSeconds.Add(out.cpuSeconds, new(big.Int).Mul(big.NewInt(ws.CPUs), secs))
		out.elapsedSeconds.Add(out.elapsedSeconds, new(big.Int).Mul(big.NewInt(max(ws.ArrayTasks, 1)), secs))
	}
	out.computeHoursMilli = math.MaxUint64
	if ch.IsUint64() {
		out.computeHoursMilli = ch.Uint64()
	}
	return out
}

// stepRunTime is how long a step may be billed for, and what was cut from its reported
// times ("" when nothing was).
func stepRunTime(ws gatewayapi.StepWorstCase, s siteapi.Step, reported bool, from, to time.Time) (time.Duration, string) {
	if !reported || s.StartedAt == nil {
		return 0, ""
	}
	start, end := *s.StartedAt, to
	if s.EndedAt != nil {
		end = *s.EndedAt
	}
	var cuts []string
	if start.Before(from) || end.After(to) {
		cuts = append(cuts, "reaches outside the placement-to-report window")
		start, end = later(start, from), earlier(end, to)
	}
	ran := max(end.Sub(start), 0)
	if limit := time.Duration(ws.TimeSeconds) * time.Second; ran > limit {
		cuts = append(cuts, fmt.Sprintf("is longer than its time limit of %d s", ws.TimeSeconds))
		ran = limit
	}
	if len(cuts) == 0 {
		return ran, ""
	}
	return ran, fmt.Sprintf("step %s: its reported run time %s; billed %d s", ws.Step, strings.Join(cuts, " and "), int64(ran/time.Second))
}

// stepComputeHoursMilli is the step's worst-case Compute Hours for ran of its costed time,
// rounded up.
func stepComputeHoursMilli(ws gatewayapi.StepWorstCase, ran time.Duration) *big.Int {
	if ws.TimeSeconds <= 0 {
		return new(big.Int).SetUint64(ws.ComputeHoursMilli)
	}
	num := new(big.Int).Mul(new(big.Int).SetUint64(ws.ComputeHoursMilli), big.NewInt(ran.Milliseconds()))
	den := new(big.Int).Mul(big.NewInt(ws.TimeSeconds), big.NewInt(1000))
	q, r := new(big.Int).QuoRem(num, den, new(big.Int))
	if r.Sign() > 0 {
		q.Add(q, big.NewInt(1))
	}
	return q
}

// overClaims says which of the usage's seconds exceed what the steps asked for.
func (b stepBounds) overClaims(u protocol.Usage) []string {
	var out []string
	for _, c := range []struct {
		what    string
		claimed int64
		bound   *big.Int
	}{
		{"GPU-seconds", u.GPUSeconds, b.gpuSeconds},
		{"CPU-seconds", u.CPUSeconds, b.cpuSeconds},
		{"elapsed seconds", u.ElapsedSeconds, b.elapsedSeconds},
	} {
		if big.NewInt(c.claimed).Cmp(c.bound) > 0 {
			out = append(out, fmt.Sprintf("%s: %d claimed, more than the %s the steps asked for over the time they ran (not billed: Compute Hours are)", c.what, c.claimed, c.bound))
		}
	}
	return out
}

// worstCaseOf is what the job is stored with when it is placed: the chosen site's worst case,
// each step's with what the step asks for at once.
func worstCaseOf(c placement.Candidate, needs []placement.StepNeed) (gatewayapi.WorstCase, error) {
	if len(c.Steps) != len(needs) {
		return gatewayapi.WorstCase{}, fmt.Errorf("placement costed %d steps of %d", len(c.Steps), len(needs))
	}
	w := gatewayapi.WorstCase{CostWei: c.CostWei.String(), ComputeHoursMilli: c.ComputeHoursMilli, Steps: make([]gatewayapi.StepWorstCase, len(needs))}
	for i, n := range needs {
		if c.Steps[i].Step != n.Step {
			return gatewayapi.WorstCase{}, fmt.Errorf("placement costed step %q where the job has %q", c.Steps[i].Step, n.Step)
		}
		perTask := func(perNode int) int64 { return satMul(satMul(int64(perNode), int64(n.Nodes)), int64(n.ArrayTasks)) }
		w.Steps[i] = gatewayapi.StepWorstCase{Step: n.Step, TimeSeconds: c.Steps[i].TimeSeconds, ComputeHoursMilli: c.Steps[i].ComputeHoursMilli,
			GPUs: perTask(n.GPUsPerNode), CPUs: perTask(n.CPUsPerNode), ArrayTasks: int64(max(n.ArrayTasks, 1))}
	}
	return w, nil
}

// satMul multiplies non-negative figures, saturating rather than wrapping.
func satMul(a, b int64) int64 {
	if a <= 0 || b <= 0 {
		return 0
	}
	if a > math.MaxInt64/b {
		return math.MaxInt64
	}
	return a * b
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func earlier(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// settlementCap caps what a job's escrow is settled for at the job's worst case. The bill
// already is; this holds for any cost in the state, whoever computed it.
func settlementCap(log logrus.FieldLogger, j gatewayapi.Job, cost *big.Int) *big.Int {
	if j.WorstCase == nil {
		return cost
	}
	worst, err := protocol.ParseWei(j.WorstCase.CostWei)
	if err != nil || cost.Cmp(worst) <= 0 {
		return cost
	}
	log.WithField("cost", cost.String()).WithField("worstCase", worst.String()).Error("escrow settler: the recorded cost is above the job's worst case; settling the worst case")
	return worst
}
