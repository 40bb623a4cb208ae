package gateway

import (
	"context"
	"fmt"
	"math"

	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/gateway/placement"
	"github.com/petagrid/petagrid/plugins"
	"github.com/petagrid/petagrid/plugins/proto/pluginv1"
)

// pluginPolicy ranks candidates with a placement plugin. Placement can always fall back
// safely: when the plugin fails, hangs (its call times out) or answers with a ranking that is
// not a permutation of the candidates, the built-in policy ranks instead and the failure is
// logged. A job is never left unplaced because of a plugin.
type pluginPolicy struct {
	plugin   *plugins.Plugin
	fallback placement.Policy
	log      logrus.FieldLogger
}

func (p pluginPolicy) Rank(ctx context.Context, req placement.Request, feasible []placement.Candidate) ([]placement.Candidate, error) {
	ranked, err := p.rankWithPlugin(ctx, req, feasible)
	if err != nil {
		p.log.WithField("job", req.Job).WithError(err).Warn("placement plugin failed: the built-in policy ranks this job")
		return p.fallback.Rank(ctx, req, feasible)
	}
	return ranked, nil
}

func (p pluginPolicy) rankWithPlugin(ctx context.Context, req placement.Request, feasible []placement.Candidate) ([]placement.Candidate, error) {
	in := &pluginv1.RankRequest{Job: req.Job}
	if req.MaxCostWei != nil {
		in.MaxCostWei = req.MaxCostWei.String()
	}
	for _, n := range req.Needs {
		in.Needs = append(in.Needs, &pluginv1.StepNeed{Step: n.Step, Finally: n.Finally, Nodes: int32(n.Nodes), CpusPerNode: int32(n.CPUsPerNode),
			MemoryMibPerNode: n.MemoryMiBPerNode, GpusPerNode: int32(n.GPUsPerNode), GpuType: n.GPUType, TimeSeconds: n.TimeSeconds,
			Attempts: int32(n.Attempts), ArrayTasks: int32(n.ArrayTasks)})
	}
	bySite := make(map[string]placement.Candidate, len(feasible))
	for _, c := range feasible {
		pc := &pluginv1.Candidate{Site: c.Site, ComputeHoursMilli: c.ComputeHoursMilli, PerformanceGrade: c.PerformanceGrade,
			ReliabilityGrade: int32(c.ReliabilityGrade), EnergyGrade: c.EnergyGrade, QueuedJobs: int32(c.QueuedJobs), AvailableNodes: int32(c.AvailableNodes), IdleNodes: int32(c.IdleNodes), Score: c.Score}
		if c.CostWei != nil {
			pc.CostWei = c.CostWei.String()
		}
		for _, sp := range c.Partitions {
			pc.Partitions = append(pc.Partitions, &pluginv1.StepPartition{Step: sp.Step, Partition: sp.Partition})
		}
		in.Candidates = append(in.Candidates, pc)
		bySite[c.Site] = c
	}
	out, err := p.plugin.Rank(ctx, in)
	if err != nil {
		return nil, err
	}
	sites := out.GetSites()
	if len(sites) != len(feasible) {
		return nil, fmt.Errorf("plugin %s ranked %d sites of %d", p.plugin.Name(), len(sites), len(feasible))
	}
	ranked := make([]placement.Candidate, 0, len(sites))
	for i, s := range sites {
		c, ok := bySite[s]
		if !ok {
			return nil, fmt.Errorf("plugin %s ranked %q, which is not a candidate (or is ranked twice)", p.plugin.Name(), truncate(s, 64))
		}
		delete(bySite, s)
		if scores := out.GetScores(); len(scores) == len(sites) {
			if math.IsNaN(scores[i]) || math.IsInf(scores[i], 0) {
				return nil, fmt.Errorf("plugin %s scored %s %v", p.plugin.Name(), c.Site, scores[i])
			}
			c.Score = scores[i]
		}
		ranked = append(ranked, c)
	}
	return ranked, nil
}
