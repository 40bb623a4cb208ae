package site

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"slices"
	"sync"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/internal/backoff"
	"github.com/petagrid/petagrid/site/challengerun"
	"github.com/petagrid/petagrid/site/journal"
)

// This file takes the grid gateway's compute challenges in: each is journaled, then one
// goroutine per challenge submits its job (challengejob.go) and follows it to an answer
// posted to the gateway (challengewatch.go).

// ChallengeAnswerer posts a challenge job's answer file to the gateway, trying again what
// may yet pass until deadline; site/gatewaylink's Link is one. A 409 is ErrChallengeAnswered,
// another final refusal ErrChallengeAnswerRefused; any other error means the answer did not
// get through before the deadline (or ctx ended).
type ChallengeAnswerer interface {
	PostChallengeAnswer(ctx context.Context, id string, answer []byte, deadline time.Time) (protocol.ChallengeAnswer, error)
}

var (
	// ErrChallengeAnswered: the gateway holds an answer to the challenge already (409), most
	// likely this site's own, whose acknowledgement was lost.
	ErrChallengeAnswered = errors.New("the gateway has an answer to this challenge already")
	// ErrChallengeAnswerRefused: the gateway refused the answer for good (a 4xx).
	ErrChallengeAnswerRefused = errors.New("the gateway refused the challenge answer")
	// ErrChallengesNotRunning: the daemon's challenge loop has not started (or has stopped);
	// nothing was journaled, and the gateway sends the challenge again.
	ErrChallengesNotRunning = errors.New("the site's challenge runner is not running")
	// ErrTooManyChallenges: the site holds as many challenges as it runs at once.
	ErrTooManyChallenges = errors.New("too many challenges at once")
)

// DefaultMaxChallenges bounds the challenges a site holds at once: each is a whole node, and
// a gateway that sends more than a few is broken or hostile.
const DefaultMaxChallenges = 16

// ChallengeRunner runs the gateway's compute challenges: each as one exclusive Slurm job of
// the grid pool account, which writes an answer the runner posts back. The journal keeps
// every challenge, so that a restart neither loses one nor runs it twice.
type ChallengeRunner struct {
	log     logrus.FieldLogger
	journal *journal.Journal
	// slurm is Slurm as the daemon's account: the jobs' states.
	slurm    slurmReader
	mapper   *Mapper
	answerer ChallengeAnswerer
	// account runs the jobs: the daemon's own in pool mode, grid.localUser in mapped mode.
	account       string
	workspaceRoot string
	// binary is the petagrid binary the job runs, as the compute nodes see it.
	binary string
	// kernel is site.challenges.kernel, passed to the run as --kernel when set.
	kernel string
	// srun starts the tasks of a challenge of several nodes (the job profile's srun).
	srun string
	// heterogeneous is site.challenges.heterogeneous: a challenge over its partition's node
	// limit runs as a heterogeneous job.
	heterogeneous bool
	// partitions are site.gridPartitions (empty: whichever the gateway names, which the link
	// has checked against the registered inventory).
	partitions []string
	now        func() time.Time
	// interval is how often a job's answer file and state are looked at.
	interval time.Duration
	// retryMax caps the wait between submission attempts while Slurm does not answer.
	retryMax time.Duration
	maxHeld  int

	mu sync.Mutex
	// ctx is run's context while it runs (nil before and after): the challenges' goroutines
	// live as long as the daemon, not as the poll that brought them.
	ctx  context.Context
	held map[string]bool
	wg   sync.WaitGroup
}

// EnableChallenges builds the challenge runner, which Run starts; answers go to answerer.
// poolUser is, in mapped mode, the grid's pool account (grid.localUser) the jobs run as; pool
// mode runs them as the daemon's account. It returns nil when the site does not run
// challenges (site.challenges.enabled: false, or mapped mode without a pool account). It
// must be called before Run.
func (d *Daemon) EnableChallenges(answerer ChallengeAnswerer, poolUser string) (*ChallengeRunner, error) {
	cfg := d.cfg.Challenges
	if !cfg.On() {
		d.log.Info("site.challenges.enabled is false: the gateway's compute challenges are not run, and the time they would verify counts as unverified")
		return nil, nil
	}
	account := d.mapper.Self().Name
	if d.mapper.Mode() == ModeMapped {
		if poolUser == "" {
			d.log.Warn("compute challenges run as the grid's pool account, and grid.localUser is not set: the gateway's challenges are not run")
			return nil, nil
		}
		if _, err := d.mapper.Account(poolUser); err != nil {
			return nil, fmt.Errorf("compute challenges run as grid.localUser: %w", err)
		}
		account = poolUser
	}
	binary, err := challengeBinary(cfg.Binary)
	if err != nil {
		return nil, err
	}
	r := &ChallengeRunner{log: d.log.WithField("component", "challenges"), journal: d.journal, slurm: d.bridge, mapper: d.mapper,
		answerer: answerer, account: account, workspaceRoot: d.profile.WorkspaceRoot, binary: binary, kernel: cfg.Kernel, srun: cmp.Or(d.profile.Srun, "srun"), heterogeneous: cfg.SplitsOverNodeLimit(), partitions: d.cfg.GridPartitions,
		now: func() time.Time { return time.Now().UTC() }, interval: d.cfg.Tracker.Interval, retryMax: d.cfg.Submit.RetryMax,
		maxHeld: DefaultMaxChallenges, held: map[string]bool{}}
	d.challenges = r
	r.log.WithField("binary", binary).WithField("account", account).WithField("kernel", cmp.Or(cfg.Kernel, "auto")).Info("compute challenges from the gateway run as Slurm jobs")
	return r, nil
}

// TimesGPUs says whether the site's challenge jobs compute on the GPUs (site.challenges.kernel:
// gpu), which lets the gateway time them: with "auto" a node without CUDA's libraries
// falls back to its CPU, and a deadline sized for its GPUs would fail it.
func (r *ChallengeRunner) TimesGPUs() bool { return r != nil && r.kernel == challengerun.KernelGPU }

// challengeBinary resolves site.challenges.binary (default: this executable) and checks that
// it is an executable file here: the compute nodes are meant to see the same path.
func challengeBinary(configured string) (string, error) {
	binary := configured
	if binary == "" {
		exe, err := os.Executable()
		if err != nil {
			return "", fmt.Errorf("site.challenges.binary is not set and this executable's path is unknown (%w): set it to the petagrid binary as the compute nodes see it", err)
		}
		binary = exe
	}
	info, err := os.Stat(binary)
	switch {
	case err != nil:
		return "", fmt.Errorf("site.challenges.binary: %w: the challenge job runs `%s challenge run` on a compute node; set site.challenges.binary to the petagrid binary's path there, or site.challenges.enabled: false", err, binary)
	case !info.Mode().IsRegular() || info.Mode().Perm()&0o111 == 0:
		return "", fmt.Errorf("site.challenges.binary %s is not an executable file (mode %s): the challenge job runs it on a compute node", binary, info.Mode())
	}
	return binary, nil
}

// run takes up the challenges the journal holds open, then lets Start add more until ctx
// ends; it returns once every challenge's goroutine has stopped.
func (r *ChallengeRunner) run(ctx context.Context) {
	var open []journal.Challenge
	for {
		var err error
		if open, err = r.journal.OpenChallenges(ctx); err == nil {
			break
		}
		r.log.WithError(err).Error("reading the open challenges from the journal; will try again")
		if backoff.Sleep(ctx, r.interval) != nil {
			return
		}
	}
	r.mu.Lock()
	r.ctx = ctx
	for _, c := range open {
		r.hold(c.ID, true)
	}
	r.mu.Unlock()
	if len(open) > 0 {
		r.log.WithField("open", len(open)).Info("resuming compute challenges from the journal")
	}
	<-ctx.Done()
	r.mu.Lock()
	r.ctx = nil
	r.mu.Unlock()
	r.wg.Wait()
}

// Start takes a challenge from the gateway in: it is checked, journaled and handed to its
// own goroutine. A challenge the site already holds or has finished is not run again (the
// gateway sends it again until it is answered), so Start is idempotent by id.
func (r *ChallengeRunner) Start(ctx context.Context, c protocol.Challenge) error {
	if err := c.Validate(); err != nil {
		return err
	}
	if len(r.partitions) > 0 && !slices.Contains(r.partitions, c.Partition) {
		return fmt.Errorf("challenge %s: partition %s is not one of site.gridPartitions %v", c.ID, c.Partition, r.partitions)
	}
	spec, err := c.Spec.Encode()
	if err != nil {
		return fmt.Errorf("challenge %s: %w", c.ID, err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ctx == nil {
		return ErrChallengesNotRunning
	}
	if r.held[c.ID] {
		return nil
	}
	existing, err := r.journal.Challenge(ctx, c.ID)
	switch {
	case err == nil:
		// A challenge still open whose goroutine gave up (the journal failed it) is taken up
		// again; a finished one is never run twice.
		if existing.State.Open() {
			r.hold(c.ID, true)
		}
		return nil
	case !errors.Is(err, journal.ErrChallengeNotFound):
		return err
	}
	if now := r.now(); !now.Before(c.Spec.Deadline) {
		return fmt.Errorf("challenge %s: its deadline %s has passed", c.ID, c.Spec.Deadline.Format(time.RFC3339))
	}
	if len(r.held) >= r.maxHeld {
		return fmt.Errorf("challenge %s: %w: %d running, at most %d", c.ID, ErrTooManyChallenges, len(r.held), r.maxHeld)
	}
	workspace := path.Join(r.workspaceRoot, r.account, challengeDirPrefix+c.ID)
	if _, _, err := r.journal.AcceptChallenge(ctx, journal.Challenge{ID: c.ID, Partition: c.Partition, Spec: spec, Deadline: c.Spec.Deadline,
		LocalUser: r.account, Workspace: workspace, CPUs: c.CPUs, GPUs: c.GPUs, GPUType: c.GPUType, Timed: c.Timed}); err != nil {
		return err
	}
	r.log.WithFields(logrus.Fields{"challenge": c.ID, "partition": c.Partition, "order": c.Spec.Order, "products": c.Spec.Products,
		"deadline": c.Spec.Deadline.Format(time.RFC3339)}).Info("compute challenge accepted")
	r.hold(c.ID, false)
	return nil
}

// hold starts the goroutine that carries a challenge to its end; resumed says it was taken
// up from the journal, so its job may already be in Slurm. Called with r.mu held and r.ctx set.
func (r *ChallengeRunner) hold(id string, resumed bool) {
	if r.held[id] {
		return
	}
	r.held[id] = true
	ctx := r.ctx
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		defer r.release(id)
		r.carry(ctx, id, resumed)
	}()
}

func (r *ChallengeRunner) release(id string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.held, id)
}
