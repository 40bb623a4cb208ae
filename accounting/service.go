package accounting

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/NVIDIA/go-nvml/pkg/nvml"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/accounting/gpu"
	"github.com/petagrid/petagrid/accounting/store"
	"github.com/petagrid/petagrid/internal/backoff"
	"github.com/petagrid/petagrid/internal/logging"
	"github.com/petagrid/petagrid/slurmbridge"
)

// Slurm is what the accounting service needs from slurmbridge.
type Slurm interface {
	Accounter
	NodeLister
	gpu.JobLister
	ClusterName(ctx context.Context) (string, error)
}

// Service runs the harvester and the node and GPU samplers of a site daemon over one store.
type Service struct {
	cfg        Config
	slurm      Slurm
	store      *store.Store
	partitions []string
	version    string
	log        logrus.FieldLogger
	metrics    *Metrics
	nvml       nvml.Interface
	telemetry  []TelemetrySource
}

// ServiceOptions are the service's collaborators.
type ServiceOptions struct {
	// Partitions limits node sampling when accounting.nodes.partitions is empty (the site's
	// grid partitions).
	Partitions []string
	Version    string
	Log        logrus.FieldLogger
	// Registerer receives the accounting metrics (nil: none).
	Registerer prometheus.Registerer
	// NVML is the library to sample GPUs with (nil: the system's libnvidia-ml).
	NVML nvml.Interface
	// Telemetry are telemetry-source plugins, read at the GPU sampling interval.
	Telemetry []TelemetrySource
}

// NewService checks the configuration and opens the store. It does not contact Slurm: a
// controller that is down at start is waited for in Run.
func NewService(ctx context.Context, cfg Config, slurm Slurm, opts ServiceOptions) (*Service, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("accounting configuration:\n%w", err)
	}
	st, err := store.Open(ctx, cfg.Store)
	if err != nil {
		return nil, err
	}
	log := logging.OrDiscard(opts.Log)
	s := &Service{cfg: cfg, slurm: slurm, store: st, partitions: cfg.Nodes.Partitions, version: opts.Version, telemetry: opts.Telemetry,
		log: log.WithField("component", "accounting"), nvml: opts.NVML}
	if len(s.partitions) == 0 {
		s.partitions = opts.Partitions
	}
	if opts.Registerer != nil {
		s.metrics = NewMetrics(opts.Registerer)
	}
	return s, nil
}

// Store is the service's store (for the daemon's own queries).
func (s *Service) Store() *store.Store { return s.store }

// Close closes the store.
func (s *Service) Close() error { return s.store.Close() }

// Run harvests and samples until ctx ends. It returns early only for a configuration that
// cannot be honoured (GPU telemetry required where NVML does not load).
func (s *Service) Run(ctx context.Context) error {
	cluster, err := s.clusterName(ctx)
	if err != nil {
		return err
	}
	log := s.log.WithField("cluster", cluster)
	var sampler *gpu.Sampler
	if s.cfg.GPUs.Mode != "off" {
		sampler, err = s.startGPUs(ctx, cluster, log)
		if err != nil {
			return err
		}
	}
	var wg sync.WaitGroup
	run := func(name string, fn func(context.Context) error) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := fn(ctx); err != nil && ctx.Err() == nil {
				log.WithError(err).WithField("part", name).Error("accounting part stopped")
			}
		}()
	}
	if !s.cfg.Harvest.Disabled {
		h, err := NewHarvester(s.slurm, s.store, cluster, s.cfg.Harvest, s.version, log, s.metrics)
		if err != nil {
			return err
		}
		run("harvester", h.Run)
	}
	if !s.cfg.Nodes.Disabled {
		n := NewNodeSampler(s.slurm, s.store, cluster, s.cfg.Nodes.Slot, s.partitions, s.version, log, s.metrics)
		run("node sampler", n.Run)
	}
	if sampler != nil {
		run("GPU sampler", sampler.Run)
	}
	if len(s.telemetry) > 0 {
		t := NewTelemetrySampler(s.telemetry, s.store, s.cfg.GPUs.Interval, s.version, log)
		run("telemetry sampler", t.Run)
	}
	log.WithFields(logrus.Fields{"store": s.cfg.Store, "harvest": !s.cfg.Harvest.Disabled, "nodes": !s.cfg.Nodes.Disabled,
		"gpus": sampler != nil}).Info("accounting started")
	wg.Wait()
	return ctx.Err()
}

// clusterName asks Slurm until it answers (the controller may be down when the daemon
// starts).
func (s *Service) clusterName(ctx context.Context) (string, error) {
	if s.cfg.Cluster != "" {
		return s.cfg.Cluster, nil
	}
	retry := backoff.Exponential{Initial: time.Second, Max: time.Minute}
	for {
		name, err := s.slurm.ClusterName(ctx)
		if err == nil {
			return name, nil
		}
		var parseErr *slurmbridge.ParseError
		if errors.As(err, &parseErr) {
			return "", fmt.Errorf("accounting: %w (set accounting.cluster)", err)
		}
		wait := retry.Next()
		s.log.WithError(err).WithField("retryIn", wait.String()).Warn("cannot read the cluster name from Slurm yet")
		if err := backoff.Sleep(ctx, wait); err != nil {
			return "", err
		}
	}
}

// startGPUs loads NVML. Where it does not load (no GPU, no driver) the daemon says so once
// and runs without GPU telemetry, unless the configuration requires it.
func (s *Service) startGPUs(ctx context.Context, cluster string, log logrus.FieldLogger) (*gpu.Sampler, error) {
	lib := s.nvml
	if lib == nil {
		lib = nvml.New()
	}
	sampler, err := s.newSampler(cluster, lib, log)
	if err == nil {
		err = sampler.Start(ctx)
	}
	switch {
	case err == nil:
		return sampler, nil
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case errors.Is(err, gpu.ErrUnavailable) && s.cfg.GPUs.Mode == "auto":
		log.Info(err.Error())
		return nil, nil
	case s.cfg.GPUs.Mode == "auto":
		// NVML loaded but the GPUs could not be set up (a lost GPU, no node name): the site
		// keeps running and accounting keeps its other parts.
		log.WithError(err).Error("GPU telemetry could not start; running without it (accounting.gpus.mode: on makes this fatal)")
		return nil, nil
	}
	return nil, fmt.Errorf("accounting.gpus.mode is %q: %w", s.cfg.GPUs.Mode, err)
}

func (s *Service) newSampler(cluster string, lib nvml.Interface, log logrus.FieldLogger) (*gpu.Sampler, error) {
	allocs, err := gpu.NewSlurmAllocations(s.slurm, cluster)
	if err != nil {
		return nil, err
	}
	cfg := gpu.Config{Node: s.cfg.GPUs.Node, Cluster: cluster, Interval: s.cfg.GPUs.Interval, IndexOrder: s.cfg.GPUs.IndexOrder, HarvesterVersion: s.version}
	return gpu.NewSampler(cfg, lib, observedSink{s.store, s.metrics}, allocs, log)
}

// observedSink counts stored GPU rounds in the metrics.
type observedSink struct {
	*store.Store
	metrics *Metrics
}

func (o observedSink) RecordGPUSamples(ctx context.Context, harvesterVersion string, gpus []store.GPU, samples []store.GPUSample, allocs []store.GPUAllocation, usage []store.GPUJobUsage) error {
	err := o.Store.RecordGPUSamples(ctx, harvesterVersion, gpus, samples, allocs, usage)
	o.metrics.gpuRound(err)
	return err
}
