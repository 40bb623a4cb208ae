package gatewaylink

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math"
	"math/big"
	"sort"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/accounting/store"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/pocp"
	"github.com/petagrid/petagrid/site/pocpreport"
	"github.com/petagrid/petagrid/site/siteapi"
	"github.com/petagrid/petagrid/tokenomics"
)

const (
	// jobWindowMargin widens the accounting query around a run's life: the journal keeps
	// whole seconds.
	jobWindowMargin = time.Minute
	// missingGrace is how long after the harvest has covered a run's end its usage waits for
	// jobs sacct has not returned (slurmdbd catching up); then it goes with what there is.
	missingGrace = time.Hour
	// scoringWindow is how far before a run's end the node slots that score its GPUs are
	// read (reports read the period's).
	scoringWindow = time.Hour
)

// accountingUsage computes a run's usage from the accounting store: the harvested sacct
// records of its steps' jobs, scored as PoCP reports score jobs.
type accountingUsage struct {
	store    *store.Store
	catalog  *tokenomics.Catalog
	hardware pocpreport.Hardware
	cluster  *clusterName
	log      logrus.FieldLogger
}

// Usage returns the run's usage once the harvester has read past its end; nil before.
func (u *accountingUsage) Usage(ctx context.Context, run siteapi.Run) (*protocol.Usage, error) {
	ids := slurmJobIDs(run)
	if len(ids) == 0 {
		// The run never reached Slurm: nothing was used.
		return &protocol.Usage{SlurmJobs: []uint32{}}, nil
	}
	ended := runEnd(run)
	cluster, err := u.cluster.get(ctx)
	if err != nil {
		return nil, err
	}
	cov, ok, err := u.store.Coverage(ctx, cluster)
	if err != nil || !ok || cov.Until.Before(ended) {
		return nil, err
	}
	jobs, err := u.store.Jobs(ctx, store.JobFilter{Cluster: cluster, User: run.LocalUser,
		Since: run.CreatedAt.Add(-jobWindowMargin), Until: ended.Add(jobWindowMargin)})
	if err != nil {
		return nil, err
	}
	mine, missing := runJobs(jobs, ids)
	if missing > 0 {
		if cov.Until.Before(ended.Add(missingGrace)) {
			return nil, nil
		}
		u.log.WithField("run", run.ID).WithField("missingJobs", missing).Warn("accounting has not every job of the run long after its end; its usage counts the jobs it has")
	}
	scorer, err := u.scorer(ctx, cluster, ended)
	if err != nil {
		return nil, err
	}
	return usageOf(ctx, u.store, u.catalog, scorer, ids, mine)
}

// scorer scores the nodes recorded around the run's end, so that a job's GPUs are worth
// what reports make them worth.
func (u *accountingUsage) scorer(ctx context.Context, cluster string, ended time.Time) (*pocpreport.Scorer, error) {
	since, until := ended.Add(-scoringWindow), ended.Add(jobWindowMargin)
	nvml, err := pocpreport.NVMLNames(ctx, u.store, since, until)
	if err != nil {
		return nil, err
	}
	scorer, err := pocpreport.NewScorer(u.catalog, u.hardware, nvml)
	if err != nil {
		return nil, err
	}
	slots, err := u.store.NodeSlots(ctx, cluster, since, until)
	if err != nil {
		return nil, err
	}
	for _, n := range slots {
		if _, err := scorer.NodeIndex(n.Node, n.CPUs, n.GPUTypes); err != nil {
			return nil, err
		}
	}
	return scorer, nil
}

// slurmJobIDs are the run's steps' Slurm job ids, sorted, once each.
func slurmJobIDs(run siteapi.Run) []uint32 {
	seen := map[uint32]bool{}
	var ids []uint32
	for _, s := range run.Steps {
		if s.JobID != 0 && !seen[s.JobID] {
			seen[s.JobID] = true
			ids = append(ids, s.JobID)
		}
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids
}

// runEnd is when the run ended (its last transition, for a journal that lacks it).
func runEnd(run siteapi.Run) time.Time {
	if run.EndedAt != nil {
		return *run.EndedAt
	}
	return run.UpdatedAt
}

// runJobs keeps the records of the given jobs (array tasks and heterogeneous components by
// their master id; every run of a requeued job) and counts the ids without a finished
// record.
func runJobs(jobs []store.Job, ids []uint32) ([]store.Job, int) {
	want := map[uint32]bool{}
	for _, id := range ids {
		want[id] = true
	}
	found := map[uint32]bool{}
	unfinished := map[uint32]bool{}
	var mine []store.Job
	for _, j := range jobs {
		id := j.Key.JobID
		switch {
		case want[id]:
		case j.ArrayJobID != nil && want[*j.ArrayJobID]:
			id = *j.ArrayJobID
		case j.HetJobID != nil && want[*j.HetJobID]:
			id = *j.HetJobID
		default:
			continue
		}
		found[id] = true
		if !j.RunEnded {
			unfinished[id] = true
		}
		mine = append(mine, j)
	}
	missing := 0
	for _, id := range ids {
		if !found[id] || unfinished[id] {
			missing++
		}
	}
	return mine, missing
}

// usageOf adds up the jobs' usage. Compute Hours are the jobs' allocated index × wall time
// over the reference's, summed before the one division, as a PoCP report sums its jobs.
func usageOf(ctx context.Context, st *store.Store, cat *tokenomics.Catalog, scorer *pocpreport.Scorer, ids []uint32, jobs []store.Job) (*protocol.Usage, error) {
	out := &protocol.Usage{SlurmJobs: ids}
	megaSeconds := new(big.Int)
	var elapsed, cpuSeconds, gpuSeconds big.Int
	keys := make([]store.JobKey, 0, len(jobs))
	for _, j := range jobs {
		if j.Elapsed < 0 || j.AllocCPUs < 0 || j.AllocGPUs < 0 {
			return nil, fmt.Errorf("job %s: negative figures in accounting", j.Key)
		}
		keys = append(keys, j.Key)
		secs := big.NewInt(j.Elapsed)
		elapsed.Add(&elapsed, secs)
		cpuSeconds.Add(&cpuSeconds, new(big.Int).Mul(big.NewInt(j.AllocCPUs), secs))
		gpuSeconds.Add(&gpuSeconds, new(big.Int).Mul(big.NewInt(j.AllocGPUs), secs))
		power, err := scorer.JobPowerMegaFLOPS(j.AllocCPUs, j.AllocGPUs)
		if err != nil {
			return nil, fmt.Errorf("job %s: %w", j.Key, err)
		}
		megaSeconds.Add(megaSeconds, new(big.Int).Mul(new(big.Int).SetUint64(power), secs))
	}
	var err error
	if out.ElapsedSeconds, err = int64Of(&elapsed, "elapsed seconds"); err != nil {
		return nil, err
	}
	if out.CPUSeconds, err = int64Of(&cpuSeconds, "CPU seconds"); err != nil {
		return nil, err
	}
	if out.GPUSeconds, err = int64Of(&gpuSeconds, "GPU seconds"); err != nil {
		return nil, err
	}
	if !megaSeconds.IsUint64() {
		return nil, fmt.Errorf("usage: %s MFLOP-seconds overflow", megaSeconds)
	}
	// ComputeHoursMilli(performance × duration) with a duration of one second is the sum's
	// Compute Hours, exact.
	ch, err := tokenomics.ComputeHoursMilli(megaSeconds.Uint64(), cat.ReferenceScore().PerDeviceMegaFLOPS, 1)
	if err != nil {
		return nil, err
	}
	if ch > math.MaxInt64 {
		return nil, fmt.Errorf("usage: %d mCH overflow", ch)
	}
	out.ComputeHoursMilli = int64(ch)
	if len(keys) > 0 {
		gpuUsage, err := st.JobGPUUsage(ctx, keys)
		if err != nil {
			return nil, err
		}
		for _, g := range gpuUsage {
			if g.EnergyMillijoules > 0 && out.EnergyMillijoules <= math.MaxInt64-g.EnergyMillijoules {
				out.EnergyMillijoules += g.EnergyMillijoules
			}
		}
	}
	return out, nil
}

func int64Of(v *big.Int, what string) (int64, error) {
	if !v.IsInt64() {
		return 0, fmt.Errorf("usage: %s overflow", what)
	}
	return v.Int64(), nil
}

// errNoObservations: the node sampler recorded nothing in the period (the site was not
// running, or not yet), so a report would claim nothing.
var errNoObservations = errors.New("no node availability was recorded in the period")

// storeReports builds the PoCP reports `petagrid pocp report --sign` builds.
type storeReports struct {
	store       *store.Store
	catalog     *tokenomics.Catalog
	cfg         pocpreport.Resolved
	cluster     *clusterName
	slotSeconds int64
	key         *ecdsa.PrivateKey
}

func (r *storeReports) Calendar() pocp.Calendar { return r.cfg.Calendar }

func (r *storeReports) Cluster(ctx context.Context) (string, error) { return r.cluster.get(ctx) }

func (r *storeReports) Report(ctx context.Context, cluster string, epoch uint64, domain pocp.Domain) (signedReport, error) {
	rep, sum, err := pocpreport.Build(ctx, r.store, r.catalog, r.cfg, cluster, epoch, r.slotSeconds)
	if err != nil {
		return signedReport{}, err
	}
	if rep.SlotsCovered == 0 {
		return signedReport{}, errNoObservations
	}
	cfg := r.cfg
	cfg.Domain = domain
	data, err := pocpreport.SignAndEncode(rep, cfg, r.key)
	if err != nil {
		return signedReport{}, err
	}
	return signedReport{data: data, runs: sum.Runs}, nil
}
