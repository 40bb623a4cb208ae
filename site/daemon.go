package site

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"

	"github.com/NVIDIA/go-nvml/pkg/nvml"

	"github.com/petagrid/petagrid/accounting"
	"github.com/petagrid/petagrid/internal/logging"
	"github.com/petagrid/petagrid/site/journal"
	"github.com/petagrid/petagrid/slurmbridge"
	"github.com/petagrid/petagrid/workflows"
	"github.com/sirupsen/logrus"
)

// Daemon is one site daemon: the composition of journal, executor, tracker and API.
type Daemon struct {
	cfg     Config
	log     logrus.FieldLogger
	journal *journal.Journal
	// bridge is Slurm as the daemon's own account, for accounting and the gateway link, and
	// for the executor's and the tracker's reads. Submissions and cancellations go through
	// the mapper's per-account bridges.
	bridge  *slurmbridge.Bridge
	mapper  *Mapper
	profile *workflows.SiteProfile
	metrics *metrics
	version string
	// accounting is nil when the daemon runs without it.
	accounting *accounting.Service

	executor *executor
	tracker  *tracker
	intake   *intake
	// challenges runs the gateway's compute challenges (nil: none; EnableChallenges).
	challenges *ChallengeRunner
}

// loopDeps are what the executor and the tracker share.
type loopDeps struct {
	log     logrus.FieldLogger
	journal *journal.Journal
	// slurm is Slurm as the daemon's own account (a test double in tests).
	slurm   slurmReader
	mapper  *Mapper
	metrics *metrics
}

// executorQueueSize bounds the runs waiting for a worker: resuming a journal fills the queue
// while the workers already empty it.
const executorQueueSize = 100_000

// Options are what New needs besides the configuration.
type Options struct {
	Slurm   slurmbridge.Config
	Log     logrus.FieldLogger
	Version string
	// Accounting, when set, runs the accounting service (sacct harvester, node availability
	// and GPU samplers) inside the daemon, with its metrics on the daemon's endpoint.
	Accounting *accounting.Config
	// NVML replaces the system's NVML library (tests use a double; nil: libnvidia-ml).
	NVML nvml.Interface
	// SubmitFilters judge every run's jobs before submission, in this order.
	SubmitFilters []SubmitFilter
	// Telemetry are telemetry-source plugins read by accounting.
	Telemetry []accounting.TelemetrySource
}

// New opens the journal and checks the configuration against this host. It does not
// contact Slurm: a controller that is down at start is waited for, not fatal.
func New(ctx context.Context, cfg Config, opts Options) (*Daemon, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("site configuration:\n%w", err)
	}
	if cfg.Users.Mode == ModePool && os.Geteuid() == 0 {
		// Checked before the journal is opened, whose lock would hide this.
		return nil, errors.New("site.users: pool mode submits every job as the daemon's own account, and the daemon runs as root: run it as a dedicated unprivileged account (see the example systemd unit), or use mapped mode")
	}
	log := logging.OrDiscard(opts.Log).WithField("component", "site")
	profile := workflows.DefaultProfile()
	if cfg.Profile != "" {
		data, err := os.ReadFile(cfg.Profile)
		if err != nil {
			return nil, fmt.Errorf("site profile: %w", err)
		}
		if profile, err = workflows.LoadProfile(cfg.Profile, data); err != nil {
			return nil, fmt.Errorf("site profile:\n%w", err)
		}
	}
	base, err := slurmbridge.New(opts.Slurm, log)
	if err != nil {
		return nil, err
	}
	j, err := journal.Open(ctx, cfg.Journal)
	if err != nil {
		return nil, err
	}
	d := &Daemon{cfg: cfg, log: log, journal: j, profile: profile, version: opts.Version}
	d.metrics = newMetrics(j)
	d.bridge = base.WithObserver(d.metrics.observeSlurm)
	if d.mapper, err = NewMapper(cfg.Users, d.bridge); err != nil {
		j.Close()
		return nil, fmt.Errorf("site.users: %w", err)
	}
	d.buildLoops(loopDeps{log: log, journal: j, slurm: d.bridge, mapper: d.mapper, metrics: d.metrics}, opts.SubmitFilters, executorQueueSize)
	if opts.Accounting != nil {
		d.accounting, err = accounting.NewService(ctx, *opts.Accounting, d.bridge, accounting.ServiceOptions{
			Partitions: cfg.GridPartitions, Version: opts.Version, Log: log, Registerer: d.metrics.registry, NVML: opts.NVML, Telemetry: opts.Telemetry})
		if err != nil {
			j.Close()
			return nil, err
		}
	}
	return d, nil
}

// Journal exposes the journal (for the CLI's offline commands and tests).
func (d *Daemon) Journal() *journal.Journal { return d.journal }

// Close releases the journal.
func (d *Daemon) Close() error {
	if d.accounting != nil {
		d.accounting.Close()
	}
	return d.journal.Close()
}

// Run starts the executor workers and the tracker, resumes whatever the journal says was in
// flight, and serves the API until ctx ends.
func (d *Daemon) Run(parent context.Context) error {
	// A listener that fails stops the workers and the tracker too, so that the daemon exits
	// (and its supervisor restarts it) rather than submitting with no API.
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	var wg sync.WaitGroup
	d.startLoops(ctx, &wg)
	if d.challenges != nil {
		wg.Go(func() { d.challenges.run(ctx) })
	}
	var accountingErr error
	if d.accounting != nil {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Only a configuration that cannot be honoured stops accounting early; the
			// daemon then stops too rather than run without what the admin required.
			if err := d.accounting.Run(ctx); err != nil && ctx.Err() == nil {
				accountingErr = err
				cancel()
			}
		}()
	}
	// Workers run before the journal is replayed into the queue, which is bounded.
	if err := d.executor.resume(ctx); err != nil {
		cancel()
		wg.Wait()
		return err
	}
	err := d.serve(ctx)
	cancel()
	wg.Wait()
	d.mapper.closeHelpers()
	if accountingErr != nil {
		return accountingErr
	}
	return err
}

// buildLoops builds the executor and the tracker on deps, and the intake that feeds them.
func (d *Daemon) buildLoops(deps loopDeps, filters []SubmitFilter, queueSize int) {
	root := ""
	if d.profile != nil {
		root = d.profile.WorkspaceRoot
	}
	d.tracker = newTracker(deps, d.cfg.Tracker, root)
	d.executor = newExecutor(deps, executorOptions{submit: d.cfg.Submit, gridPartitions: d.cfg.GridPartitions, profile: d.profile,
		filters: filters, wakeTracker: d.tracker.wake, queueSize: queueSize})
	d.tracker.resubmit = d.executor.enqueue
	d.intake = &intake{log: deps.log, journal: deps.journal, mapper: deps.mapper, executor: d.executor, tracker: d.tracker}
}

// startLoops starts the executor's workers and the tracker, which stop when ctx ends.
func (d *Daemon) startLoops(ctx context.Context, wg *sync.WaitGroup) {
	wg.Go(func() { d.executor.run(ctx) })
	wg.Go(func() { d.tracker.run(ctx) })
}

// newRunID is a run id: "r-" and 16 random base32 characters (80 bits), short enough for
// job tags (run id + step name ≤ 64).
func newRunID() (string, error) {
	var b [10]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("run id: %w", err)
	}
	return "r-" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:])), nil
}
