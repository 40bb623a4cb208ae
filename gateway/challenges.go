package gateway

import (
	"context"
	"crypto/ecdsa"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"net/http"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/pocp"
	"github.com/petagrid/petagrid/pocp/challenge"
	"github.com/petagrid/petagrid/tokenomics"
)

// Pacing of the challenger's loop and of deliveries.
const (
	challengeTick = 2 * time.Second
	// redeliverAfter re-sends an unanswered challenge whose poll answer may have been lost;
	// the site keys challenges by id and runs each once.
	redeliverAfter = 30 * time.Second
	// answerGrace is how long after a deadline an answer still counts as on time when it
	// was on its way: the site's upload of an answer finished just before the deadline.
	answerGrace = protocol.AnswerGrace
	// challengeBatch bounds each sweep's reads.
	challengeBatch = 100
	// checkTimeout bounds one answer's check: about a minute of one core at the largest
	// spec (4,096 openings of order 32,768 over 64 parts), a few seconds at realistic ones.
	checkTimeout = 2 * time.Minute
	// stuckAfter is how long after its deadline an answer whose check never ended (the
	// gateway stopped meanwhile) is given up: void, neither passed nor slashed.
	stuckAfter = 5 * time.Minute
	// sweepMargin is how long past the deadline and its grace a challenge waits before it
	// is taken for missed: an answer received in the grace is claimed within it.
	sweepMargin = 30 * time.Second
)

// Outcomes of an answer, as the site is told (protocol.ChallengeAnswer.Outcome).
const (
	outcomePassed = store.ChallengePassed
	outcomeFailed = store.ChallengeFailed
)

// challenger issues compute challenges to approved sites at random times in each epoch,
// decides their answers, marks the unanswered ones missed, and slashes the stake of a
// site for each failure. Which slots the failures leave unverified is unverifiedSpans'.
type challenger struct {
	store    *store.Store
	deploy   *contracts.Deployment
	key      *ecdsa.PrivateKey
	catalog  *tokenomics.Catalog
	calendar pocp.Calendar
	cfg      ChallengesConfig
	wake     *wakeups
	log      logrus.FieldLogger
	metrics  *metrics
	now      func() time.Time
	// random draws the times, nonces and shapes (crypto/rand.Reader; tests replace it).
	random io.Reader
	// startedAt is when this process began deciding challenges: a deadline before it fell
	// while the gateway could not take answers.
	startedAt time.Time

	mu sync.Mutex
	// plans are each site's remaining challenge times in the current epoch, soonest first.
	plans map[string]*sitePlan
}

// sitePlan is when a site's next challenges fall in one epoch.
type sitePlan struct {
	epoch uint64
	times []time.Time
}

// Run issues, sweeps and slashes until ctx ends.
func (c *challenger) Run(ctx context.Context) {
	c.startedAt = c.now()
	every(ctx, challengeTick, nil, c.step)
}

func (c *challenger) step(ctx context.Context) {
	if c.cfg.Enabled {
		if err := c.issueDue(ctx); err != nil && ctx.Err() == nil {
			c.log.WithError(err).Warn("challenges: issuing")
		}
	}
	if err := c.sweepMissed(ctx); err != nil && ctx.Err() == nil {
		c.log.WithError(err).Warn("challenges: marking missed challenges")
	}
	c.slashDue(ctx)
}

// issueDue issues each approved site the challenges whose time has come.
func (c *challenger) issueDue(ctx context.Context) error {
	now := c.now()
	epoch, ok := c.calendar.PeriodAt(now)
	if !ok {
		return nil // before genesis
	}
	start, end, err := c.calendar.Period(epoch)
	if err != nil {
		return err
	}
	sites, err := c.store.Sites(ctx)
	if err != nil {
		return err
	}
	tallies, err := c.store.ChallengeTallies(ctx, start, end)
	if err != nil {
		return err
	}
	undecided, err := c.store.UndecidedChallenges(ctx)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, site := range sites {
		if site.Status != store.SiteApproved {
			delete(c.plans, site.Name)
			continue
		}
		plan := c.plans[site.Name]
		if plan == nil || plan.epoch != epoch {
			// The rest of the epoch's challenges, at times drawn now: a restart draws again
			// for what is left, and the site never learns the times.
			left := c.cfg.PerEpoch - tallies[site.Name].Issued
			plan = &sitePlan{epoch: epoch}
			for range max(left, 0) {
				t, err := c.drawTime(now, end)
				if err != nil {
					return err
				}
				plan.times = append(plan.times, t)
			}
			// A site whose last challenge was not passed is checked again soon, also after a
			// restart forgot the follow-up drawn before it.
			last, err := c.store.LatestDecided(ctx, site.Name)
			if err != nil {
				return err
			}
			if last == store.ChallengeFailed || last == store.ChallengeMissed || last == store.ChallengeSkipped {
				t, err := c.drawTime(now, earlier(now.Add(c.recheckWithin()), end))
				if err != nil {
					return err
				}
				plan.times = append(plan.times, t)
			}
			sort.Slice(plan.times, func(i, j int) bool { return plan.times[i].Before(plan.times[j]) })
			c.plans[site.Name] = plan
		}
		if len(plan.times) == 0 || now.Before(plan.times[0]) {
			continue
		}
		// One challenge at a time per site, whenever issued: the next waits until this one
		// is decided.
		if undecided[site.Name] > 0 {
			continue
		}
		plan.times = plan.times[1:]
		if _, err := c.issue(ctx, site, now); errors.Is(err, errNothingAvailable) {
			if err := c.skip(ctx, site.Name, now); err != nil {
				return err
			}
		} else if err != nil {
			c.log.WithError(err).WithField("site", site.Name).Warn("challenges: not issued")
		}
	}
	return nil
}

// skip records a drawn time at which the site claimed no node available. Nothing is sent
// and nothing slashed (an honest site's nodes may all be down), but the time is not
// verified: a site cannot dodge challenges by claiming in its polls what its report
// contradicts. Another challenge follows soon.
func (c *challenger) skip(ctx context.Context, site string, now time.Time) error {
	id, err := c.newID()
	if err != nil {
		return err
	}
	// A site whose nodes run the grid's own jobs is busy with work the gateway placed: it is
	// not taken for one dodging (the time counts neither way), and is checked again soon.
	running, err := c.store.RunningJobsAt(ctx, site)
	if err != nil {
		return err
	}
	if running > 0 {
		if err := c.store.RecordSkipped(ctx, id, site, now, store.ChallengeVoid, fmt.Sprintf("no idle node while %d grid jobs run there", running)); err != nil {
			return err
		}
		c.metrics.challenge(store.ChallengeVoid)
		return c.followUpLocked(site, now)
	}
	if err := c.store.RecordSkipped(ctx, id, site, now, store.ChallengeSkipped, "the site's last poll claimed no idle node"); err != nil {
		return err
	}
	c.metrics.challenge(store.ChallengeSkipped)
	c.log.WithFields(logrus.Fields{"site": site, "challenge": id}).Warn("challenge skipped: the site claims no node available")
	return c.followUpLocked(site, now)
}

// recheckWithin bounds when a challenge follows a failed, missed or skipped one: soon
// enough that an honest site's unverified time stays short.
func (c *challenger) recheckWithin() time.Duration {
	period := time.Duration(c.calendar.PeriodSeconds) * time.Second
	return max(min(period/time.Duration(2*c.cfg.PerEpoch), time.Hour), time.Minute)
}

// followUp adds a challenge at a random time soon to the site's plan for this epoch.
func (c *challenger) followUp(site string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.followUpLocked(site, c.now()); err != nil {
		c.log.WithError(err).WithField("site", site).Warn("challenges: drawing a follow-up")
	}
}

func (c *challenger) followUpLocked(site string, now time.Time) error {
	if !c.cfg.Enabled {
		return nil
	}
	plan := c.plans[site]
	epoch, ok := c.calendar.PeriodAt(now)
	if plan == nil || !ok || plan.epoch != epoch {
		return nil // the next epoch's plan is drawn whole
	}
	_, end, err := c.calendar.Period(epoch)
	if err != nil {
		return err
	}
	t, err := c.drawTime(now.Add(time.Second), earlier(now.Add(c.recheckWithin()), end))
	if err != nil {
		return err
	}
	plan.times = append(plan.times, t)
	sort.Slice(plan.times, func(i, j int) bool { return plan.times[i].Before(plan.times[j]) })
	return nil
}

// drawTime is a uniformly random second in [from, to).
func (c *challenger) drawTime(from, to time.Time) (time.Time, error) {
	span := int64(to.Sub(from) / time.Second)
	if span <= 0 {
		return to, nil
	}
	n, err := c.uniform(uint64(span))
	if err != nil {
		return time.Time{}, err
	}
	return from.Truncate(time.Second).Add(time.Duration(n) * time.Second), nil
}

// uniform is a random integer in [0, n), without modulo bias.
func (c *challenger) uniform(n uint64) (uint64, error) {
	if n == 0 {
		return 0, nil
	}
	v, err := rand.Int(c.random, new(big.Int).SetUint64(n))
	if err != nil {
		return 0, fmt.Errorf("challenges: drawing: %w", err)
	}
	return v.Uint64(), nil
}

// target is the node shape a challenge is sized for and the partition it runs on.
type target struct {
	partition string
	shape     protocol.NodeShape
	// kernel is what the deadline is sized for: protocol.TimedGPU, the node's GPUs at their
	// catalog tensor rate (the site's jobs run the GPU kernel), or protocol.TimedCPU, the
	// node's index less its GPUs' catalog index.
	kernel string
	// rateFLOPS is the node's claimed rate on the challenge's arithmetic for that kernel,
	// and fraction the share of it the deadline asks for.
	rateFLOPS, fraction float64
	// idle is how many nodes of the shape the site claims idle (at most as registered).
	idle int
}

// multiNodeProtocol is the first site protocol that answers challenges of several nodes.
const multiNodeProtocol = 5

// nodesWanted is how many nodes a challenge of the target should hold: the configured
// share of the idle nodes claimed, rounded up, within maxNodes; one for a site too old to
// answer more.
func (c *challenger) nodesWanted(site gatewayapi.Site, t target) int {
	if site.Protocol < multiNodeProtocol {
		return 1
	}
	// A partition's node limit, as the site's polls say it, does not cap n: it is the
	// site's word, and the Slurm output that would claim twice the nodes could claim a
	// limit of one as easily. gateway.challenges.maxNodes is the operators' cap.
	n := int(math.Ceil(c.cfg.NodeShare * float64(t.idle)))
	return min(max(n, 1), c.cfg.MaxNodes, challenge.MaxNodes)
}

// errNothingAvailable is a site with no idle node to challenge now, by its last poll.
var errNothingAvailable = errors.New("the site claims no idle node with power a challenge can time")

// gpuKernelProtocol is the first site protocol whose polls say whether its challenge jobs
// run the GPU kernel (protocol.Inventory.GPUKernel).
const gpuKernelProtocol = 6

// timesGPUs says whether a site's GPUs can be timed: it speaks protocol 6 and its last
// poll says its challenge jobs run the GPU kernel.
func timesGPUs(site gatewayapi.Site) bool {
	return site.Protocol >= gpuKernelProtocol && site.Live.GPUKernel
}

// gpuRate is a shape's claimed rate on the challenge's arithmetic when its GPUs are timed:
// its GPUs' FP16 tensor rate from the catalog (the figure closest to an int8-exact GEMM the
// catalog has; an int8 GEMM runs at about twice it on Turing and later datacenter GPUs,
// which gateway.challenges.gpuFractionOfPeak allows for), scaled down as the shape's index
// is below its GPUs' catalog index (power-capped boards). 0: the shape's GPUs are not
// timed: none, a site that does not run the GPU kernel, a model without a tensor rate, or
// not NVIDIA's (the GPU kernel is CUDA), or a model the catalog does not know.
func (c *challenger) gpuRate(site gatewayapi.Site, sh protocol.NodeShape) float64 {
	if sh.GPUs <= 0 || sh.GPUModel == "" || !timesGPUs(site) {
		return 0
	}
	d, err := c.catalog.Device(sh.GPUModel)
	if err != nil || d.Kind != tokenomics.KindGPU || !strings.EqualFold(d.Vendor, "NVIDIA") || !d.FP16TensorTFLOPS.IsSet() {
		return 0
	}
	score, err := c.catalog.Score(tokenomics.DeviceSpec{Model: sh.GPUModel, Count: big.NewRat(int64(sh.GPUs), 1)})
	if err != nil {
		return 0
	}
	tflops, _ := d.FP16TensorTFLOPS.Rat().Float64()
	rate := float64(sh.GPUs) * tflops * 1e12
	if score.TotalMegaFLOPS > 0 && sh.MegaFLOPS < score.TotalMegaFLOPS {
		rate *= float64(sh.MegaFLOPS) / float64(score.TotalMegaFLOPS)
	}
	return rate
}

// pickTarget draws a node shape of the site's registration among those its last poll says
// have idle nodes, weighted by them, leaving out the excluded ones (shapeKey). The shapes,
// their power and their GPUs are the registration's, which the operator approved and the
// stake covers: the poll only says which registered shapes have idle nodes (a live shape
// that matches none counts for nothing). An idle node is asked for because the challenge
// job takes a whole node, and a busy one would leave it queued past its deadline. While
// some shape whose GPUs can be timed is not credited (gpuCredited), every other draw (a
// fair coin) is among such shapes only, so that GPU power, which counts only once timed,
// is reached soon, and the other shapes are still drawn. A shape whose GPU model the
// catalog does not know is never drawn (nothing could time it; the close scores it out).
func (c *challenger) pickTarget(site gatewayapi.Site, credited, excluded map[string]bool) (target, error) {
	idle := map[string]int{}
	live := site.Live
	if len(live.Partitions) == 0 {
		live = site.Registration.Inventory
	}
	for _, p := range live.Partitions {
		for _, sh := range p.Shapes {
			idle[shapeKey(p.Name, sh)] += max(sh.Idle, 0)
		}
	}
	var all []target
	var weights []uint64
	var total, uncredited uint64
	for _, p := range site.Registration.Inventory.Partitions {
		for _, sh := range p.Shapes {
			n := min(idle[shapeKey(p.Name, sh)], sh.Nodes)
			if n <= 0 || excluded[shapeKey(p.Name, sh)] {
				continue
			}
			t, ok := c.targetOf(site, p.Name, sh)
			if !ok {
				continue
			}
			t.idle = n
			all = append(all, t)
			weights = append(weights, uint64(n))
			total += uint64(n)
			if t.kernel == protocol.TimedGPU && !credited[shapeKey(p.Name, sh)] {
				uncredited += uint64(n)
			}
		}
	}
	if total == 0 {
		return target{}, errNothingAvailable
	}
	if uncredited > 0 && uncredited < total {
		coin, err := c.uniform(2)
		if err != nil {
			return target{}, err
		}
		if coin == 0 {
			for i, t := range all {
				if t.kernel != protocol.TimedGPU || credited[shapeKey(t.partition, t.shape)] {
					weights[i] = 0
				}
			}
			total = uncredited
		}
	}
	n, err := c.uniform(total)
	if err != nil {
		return target{}, err
	}
	for i, w := range weights {
		if n < w {
			return all[i], nil
		}
		n -= w
	}
	return all[len(all)-1], nil
}

// targetOf is how a shape is timed: on its GPUs where the site runs the GPU kernel and can
// be timed there (gpuRate), the rate then covering the shape's CPU part too at the CPU's
// fraction, so that a shape whose index claims more than its GPUs is timed for all of it;
// on its CPU part otherwise. ok is false for a shape with nothing a challenge can time
// (all GPUs untimed, or a GPU model the catalog does not know).
func (c *challenger) targetOf(site gatewayapi.Site, partition string, sh protocol.NodeShape) (target, bool) {
	t := target{partition: partition, shape: sh}
	cpu, cpuErr := c.cpuPart(sh)
	if cpuErr != nil {
		return t, false
	}
	if gpu := c.gpuRate(site, sh); gpu > 0 {
		// One deadline for both parts: the GPUs' rate at their fraction, and the CPU part
		// at its own, expressed at the GPUs' fraction.
		t.kernel, t.fraction = protocol.TimedGPU, c.cfg.GPUFractionOfPeak
		t.rateFLOPS = gpu + float64(cpu)*1e6*c.cfg.FractionOfPeak/c.cfg.GPUFractionOfPeak
		return t, true
	}
	if cpu == 0 {
		return t, false
	}
	t.kernel, t.rateFLOPS, t.fraction = protocol.TimedCPU, float64(cpu)*1e6, c.cfg.FractionOfPeak
	return t, true
}

// shapeKey identifies a node shape of a partition by everything but its node counts.
func shapeKey(partition string, sh protocol.NodeShape) string {
	return fmt.Sprintf("%s\x00%d\x00%d\x00%d\x00%s\x00%s\x00%d", partition, sh.CPUs, sh.MemoryMiB, sh.GPUs, sh.GPUType, sh.GPUModel, sh.MegaFLOPS)
}

// gpuCredit is the part of a site's registered capacity that challenges could not time, and
// the capacity, both in MFLOPS; the closer scales the verified median by the share left.
// For each node shape with GPUs: its GPUs' catalog index, over its nodes, unless the shape
// is credited in its partition (gpuCredited); the whole shape's index when the catalog does
// not know its GPU model (nothing times such a node: no rate for its GPUs, no CPU part to
// tell apart). A shape listed in several partitions (the same nodes, as HPC sites list
// them) counts once, with the most nodes any of its partitions leaves uncredited. The
// capacity, which the operator approved and the stake covers, is the denominator, so that
// shapes registered beyond it (never drawn: no idle nodes claimed) cannot dilute the share.
func (c *challenger) gpuCredit(ctx context.Context, site gatewayapi.Site, start, end time.Time) (untimed, capacity *big.Int, err error) {
	capacity = new(big.Int).SetUint64(site.Registration.Inventory.CapacityMegaFLOPS)
	credited, err := c.gpuCredited(ctx, site, start, end)
	if err != nil {
		return nil, nil, err
	}
	type uncredited struct {
		nodes   int
		perNode uint64
	}
	byShape := map[string]uncredited{}
	for _, p := range site.Registration.Inventory.Partitions {
		for _, sh := range p.Shapes {
			if sh.GPUs <= 0 || sh.Nodes <= 0 {
				continue
			}
			perNode := sh.MegaFLOPS
			if sh.GPUModel != "" {
				if gpu, err := c.gpuIndex(sh); err == nil {
					if credited[shapeKey(p.Name, sh)] {
						continue
					}
					perNode = gpu
				}
			}
			id := shapeKey("", sh)
			if u := byShape[id]; sh.Nodes > u.nodes {
				byShape[id] = uncredited{nodes: sh.Nodes, perNode: perNode}
			}
		}
	}
	untimed = new(big.Int)
	for _, u := range byShape {
		untimed.Add(untimed, new(big.Int).Mul(big.NewInt(int64(u.nodes)), new(big.Int).SetUint64(u.perNode)))
	}
	if untimed.Cmp(capacity) > 0 {
		untimed.Set(capacity)
	}
	return untimed, capacity, nil
}

// gpuCredited are the shapes (shapeKey) of a site whose GPUs count as timed at the period
// [start, end): the site still runs the GPU kernel, and the last decided challenge sized
// for the shape's GPUs in its partition, issued in the period or the one before, passed.
// The period before carries a pass over, so that GPU nodes busy through one epoch are not
// scored out for it; a later failure or miss takes the credit away.
func (c *challenger) gpuCredited(ctx context.Context, site gatewayapi.Site, start, end time.Time) (map[string]bool, error) {
	credited := map[string]bool{}
	if !timesGPUs(site) {
		return credited, nil
	}
	list, err := c.store.ChallengesOf(ctx, site.Name, start.Add(-end.Sub(start)), end, 1<<16)
	if err != nil {
		return nil, err
	}
	// ChallengesOf lists in order of issue: the last decided one of a shape stands.
	for _, ch := range list {
		if ch.Kernel != protocol.TimedGPU {
			continue
		}
		switch ch.State {
		case store.ChallengePassed, store.ChallengeFailed, store.ChallengeMissed:
		default:
			continue // undecided, void
		}
		var shape protocol.NodeShape
		if err := json.Unmarshal([]byte(ch.Shape), &shape); err != nil {
			return nil, fmt.Errorf("challenge %s: its node shape: %w", ch.ID, err)
		}
		credited[shapeKey(ch.Partition, shape)] = ch.State == store.ChallengePassed
	}
	return credited, nil
}

// gpuIndex is the catalog index of a shape's GPUs, at most the shape's whole index.
func (c *challenger) gpuIndex(sh protocol.NodeShape) (uint64, error) {
	score, err := c.catalog.Score(tokenomics.DeviceSpec{Model: sh.GPUModel, Count: big.NewRat(int64(sh.GPUs), 1)})
	if err != nil {
		return 0, fmt.Errorf("GPU model %q: %w", sh.GPUModel, err)
	}
	return min(score.TotalMegaFLOPS, sh.MegaFLOPS), nil
}

// cpuPart is a shape's index less its GPUs' catalog index (without interconnect).
func (c *challenger) cpuPart(sh protocol.NodeShape) (uint64, error) {
	if sh.GPUs == 0 {
		return sh.MegaFLOPS, nil
	}
	if sh.GPUModel == "" {
		return 0, nil
	}
	gpu, err := c.gpuIndex(sh)
	if err != nil {
		return 0, fmt.Errorf("a registered shape: %w", err)
	}
	return sh.MegaFLOPS - gpu, nil
}

// IssueNow issues an approved site a challenge at once (an operator's request: a site
// whose figures look wrong need not wait for the next drawn time). It still reaches the
// site unannounced, with its next poll.
func (c *challenger) IssueNow(ctx context.Context, name string) (gatewayapi.Challenge, error) {
	site, err := c.store.Site(ctx, name)
	if err != nil {
		return gatewayapi.Challenge{}, err
	}
	if site.Status != store.SiteApproved {
		return gatewayapi.Challenge{}, refuseRequest(http.StatusConflict, fmt.Sprintf("site %s is %s: only approved sites are challenged", name, site.Status))
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.issue(ctx, site, c.now())
}

// issue sizes and records a challenge for the site; its next poll carries it.
func (c *challenger) issue(ctx context.Context, site gatewayapi.Site, now time.Time) (gatewayapi.Challenge, error) {
	var credited map[string]bool
	if epoch, ok := c.calendar.PeriodAt(now); ok {
		start, end, err := c.calendar.Period(epoch)
		if err != nil {
			return gatewayapi.Challenge{}, err
		}
		if credited, err = c.gpuCredited(ctx, site, start, end); err != nil {
			return gatewayapi.Challenge{}, err
		}
	}
	// A shape that cannot be planned (too fast to separate within the bounds, over the
	// capacity budget) is left out and another drawn, so that it does not take every
	// draw; the error stands if none can be.
	excluded := map[string]bool{}
	var t target
	var plan challenge.Plan
	var planErr error
	for {
		var err error
		t, err = c.pickTarget(site, credited, excluded)
		if errors.Is(err, errNothingAvailable) && planErr != nil {
			return gatewayapi.Challenge{}, planErr
		}
		if err != nil {
			return gatewayapi.Challenge{}, err
		}
		// The site's rate in the node's unit: its capacity scaled as the node's rate is to
		// the node's index, so that the capacity budget is the share of the site the node is.
		siteMegaFLOPS := max(site.Registration.Inventory.CapacityMegaFLOPS, t.shape.MegaFLOPS)
		plan, planErr = challenge.PlanChallenge(challenge.PlanInput{
			NodeFLOPS: t.rateFLOPS, SiteFLOPS: float64(siteMegaFLOPS) * t.rateFLOPS / float64(max(t.shape.MegaFLOPS, 1)),
			FractionOfPeak: t.fraction, Allowance: c.cfg.Allowance,
			EpochSeconds: c.calendar.PeriodSeconds, ChallengesPerEpoch: c.cfg.PerEpoch, Openings: c.cfg.Openings,
			MinOrder: c.cfg.MinOrder, CapacityShareLimit: c.cfg.CapacityBudget, Nodes: c.nodesWanted(site, t),
		})
		if planErr == nil {
			break
		}
		c.log.WithError(planErr).WithFields(logrus.Fields{"site": site.Name, "partition": t.partition, "kernel": t.kernel}).Warn("challenge: a shape cannot be planned; drawing another")
		excluded[shapeKey(t.partition, t.shape)] = true
	}
	var nonce challenge.Hash
	if _, err := io.ReadFull(c.random, nonce[:]); err != nil {
		return gatewayapi.Challenge{}, fmt.Errorf("challenge nonce: %w", err)
	}
	issued := now.Truncate(time.Second).UTC()
	spec := challenge.Spec{Version: challenge.SpecVersion, Nonce: nonce, Order: plan.Order, Products: plan.Products, Openings: plan.Openings,
		IssuedAt: issued, Deadline: issued.Add(plan.Window.Round(time.Second) + time.Second)}
	if plan.Nodes > 1 {
		spec.Nodes = plan.Nodes
	}
	id, err := c.newID()
	if err != nil {
		return gatewayapi.Challenge{}, err
	}
	shape, _ := json.Marshal(t.shape)
	rec := gatewayapi.Challenge{State: store.ChallengeIssued, IssuedAt: spec.IssuedAt, Deadline: spec.Deadline, ID: id, Site: site.Name, Partition: t.partition, Spec: spec, Shape: string(shape), Kernel: t.kernel}
	if err := c.store.IssueChallenge(ctx, rec); err != nil {
		return gatewayapi.Challenge{}, err
	}
	c.metrics.challenge("issued")
	c.log.WithFields(logrus.Fields{"site": site.Name, "challenge": id, "partition": t.partition, "kernel": t.kernel, "nodes": spec.NodeCount(), "order": plan.Order,
		"products": plan.Products, "deadline": spec.Deadline.Format(time.RFC3339)}).Info("challenge issued")
	c.wake.wakeSite(site.Name)
	return c.store.Challenge(ctx, id)
}

func (c *challenger) newID() (string, error) { return randomID(c.random, "c-", "challenge id") }

// deliver is what the site's poll carries: its undelivered challenges.
func (c *challenger) deliver(ctx context.Context, site string) ([]protocol.Challenge, error) {
	list, err := c.store.DeliverChallenges(ctx, site, c.now(), redeliverAfter, protocol.MaxChallenges)
	if err != nil {
		return nil, err
	}
	out := make([]protocol.Challenge, 0, len(list))
	for _, ch := range list {
		var shape protocol.NodeShape
		if err := json.Unmarshal([]byte(ch.Shape), &shape); err != nil {
			return nil, fmt.Errorf("challenge %s: its node shape: %w", ch.ID, err)
		}
		out = append(out, protocol.Challenge{ID: ch.ID, Partition: ch.Partition, Spec: ch.Spec, CPUs: shape.CPUs, GPUs: shape.GPUs, GPUType: shape.GPUType, Timed: ch.Kernel})
	}
	return out, nil
}

// answerLimit is the most an answer to the site's challenge id may hold; ok is false for
// an id that is not the site's, and open false for one decided or already answered (its
// body is not read).
func (c *challenger) answerLimit(ctx context.Context, site, id string) (limit int64, ok, open bool, err error) {
	if !protocol.ValidChallengeID(id) {
		return 0, false, false, nil
	}
	ch, err := c.store.Challenge(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return 0, false, false, nil
	}
	if err != nil {
		return 0, false, false, err
	}
	if ch.Site != site {
		return 0, false, false, nil
	}
	return int64(challenge.MaxAnswerBytes(ch.Spec)), true, ch.State == store.ChallengeIssued && ch.ReceivedAt == nil, nil
}

// Answer decides a site's answer to its challenge: the answer must parse, be on time,
// open the right chunks with the right values (challenge.Verify), and name devices that
// fit the node and the site's registration. A failure is slashed. errAnswered is an answer
// to a decided challenge.
func (c *challenger) Answer(ctx context.Context, site gatewayapi.Site, id string, body []byte, receivedAt time.Time) (protocol.ChallengeAnswer, error) {
	ans := protocol.ChallengeAnswer{ID: id}
	ch, err := c.store.Challenge(ctx, id)
	if err != nil {
		return ans, err
	}
	if ch.Site != site.Name {
		return ans, fmt.Errorf("challenge %s: %w", id, store.ErrNotFound)
	}
	// One answer is checked per challenge: the claim is recorded first, so that neither a
	// second answer nor the sweep of missed challenges takes it while it is checked.
	if err := c.store.ClaimAnswer(ctx, id, receivedAt); err != nil {
		return ans, err
	}
	// The check runs to its end even if the site hangs up: an answer that arrived in time
	// is decided, not left for the sweep.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), checkTimeout)
	defer cancel()
	decided := false
	defer func() {
		// The gateway's own failure must not cost the site its answer: the claim goes,
		// and the site's retry is checked.
		if !decided {
			if err := c.store.ReleaseClaim(context.WithoutCancel(ctx), id); err != nil {
				c.log.WithError(err).WithField("challenge", id).Warn("challenges: releasing an answer's claim")
			}
		}
	}()
	reasons, reused, devices, err := c.check(ctx, site, ch, body, receivedAt)
	if err != nil {
		return ans, err
	}
	d := store.Decision{State: store.ChallengePassed, ReceivedAt: &receivedAt, Devices: devices}
	if len(reasons) > 0 {
		d.State, d.Reasons, d.Slash, d.SlashReason = store.ChallengeFailed, strings.Join(reasons, "; "), store.SlashDue, uint8(contracts.SlashFailedChallenge)
	}
	if reused {
		// A GPU another admitted site holds: the identity rule's fraction, not a challenge's.
		d.SlashReason = uint8(contracts.SlashDuplicateIdentity)
	}
	if err := c.store.DecideChallenge(ctx, id, d, c.now()); err != nil {
		return ans, err
	}
	decided = true
	c.metrics.challenge(d.State)
	ans.Outcome, ans.Reasons = d.State, reasons
	log := c.log.WithFields(logrus.Fields{"site": site.Name, "challenge": id})
	if d.State == store.ChallengePassed {
		log.Info("challenge passed")
	} else {
		log.WithField("reasons", d.Reasons).Warn("challenge failed")
		c.followUp(site.Name)
	}
	return ans, nil
}

// check runs every rule over an answer and returns the broken ones, with the devices the
// answer named (JSON, for the record: one list per node).
func (c *challenger) check(ctx context.Context, site gatewayapi.Site, ch gatewayapi.Challenge, body []byte, receivedAt time.Time) (reasons []string, reused bool, devices string, err error) {
	if receivedAt.After(ch.Spec.Deadline.Add(answerGrace)) {
		return []string{fmt.Sprintf("late: received %s, deadline %s", receivedAt.Format(time.RFC3339), ch.Spec.Deadline.Format(time.RFC3339))}, false, "", nil
	}
	parts, err := challenge.ParseAnswers(body, ch.Spec)
	if err != nil {
		return []string{err.Error()}, false, "", nil
	}
	named := make([][]challenge.Device, len(parts))
	for i, p := range parts {
		named[i] = p.Devices
	}
	var devicesJSON []byte
	if len(parts) == 1 {
		devicesJSON, _ = json.Marshal(named[0])
	} else {
		devicesJSON, _ = json.Marshal(named)
	}
	// Checked as received by the deadline when it came within the grace: Verify's own
	// deadline check has none.
	checkedAt := receivedAt
	if checkedAt.After(ch.Spec.Deadline) {
		checkedAt = ch.Spec.Deadline
	}
	if _, err := challenge.VerifyNodes(ctx, ch.Spec, parts, checkedAt); err != nil {
		if ctx.Err() != nil {
			return nil, false, "", fmt.Errorf("verifying challenge %s: %w", ch.ID, ctx.Err())
		}
		reasons = append(reasons, err.Error())
	}
	// The devices are checked whatever the arithmetic: a GPU of another site is reused
	// identity even in a wrong answer.
	more, reused, err := c.checkDevices(ctx, site, ch, named)
	return append(reasons, more...), reused, string(devicesJSON), err
}

// checkDevices holds the devices each node of the answer named to the node and the
// registration: each node must name a CPU; every GPU named must be one this site
// registered and no admitted site else holds, named by one node only (a GPU in two parts
// is one node answering twice), and not a catalog model weaker than the job could land on
// (gpuFloor); and
// each node must show the GPUs its shape claims (unless gateway.challenges.requireGpus is
// off, for test grids whose GPUs are doubles).
func (c *challenger) checkDevices(ctx context.Context, site gatewayapi.Site, ch gatewayapi.Challenge, nodes [][]challenge.Device) (reasons []string, reused bool, err error) {
	var shape protocol.NodeShape
	_ = json.Unmarshal([]byte(ch.Shape), &shape)
	floor, floorModel := c.gpuFloor(site, ch.Partition, shape)
	registered := map[string]bool{}
	for _, d := range site.Registration.Inventory.Devices {
		registered[strings.ToUpper(d.UUID)] = true
	}
	var seen []string
	// namedBy is the part that first named each GPU.
	namedBy := map[string]int{}
	// where prefixes a reason with its node, in an answer of several.
	where := func(i int) string {
		if len(nodes) == 1 {
			return "devices: "
		}
		return fmt.Sprintf("devices of part %d: ", i)
	}
	for i, devices := range nodes {
		cpus, gpus := 0, 0
		for _, d := range devices {
			switch d.Kind {
			case "cpu":
				cpus++
			case "gpu":
				uuid := strings.ToUpper(d.UUID)
				if first, ok := namedBy[uuid]; ok {
					// One GPU named twice by a node is one GPU; by two nodes, a fraud.
					if first != i {
						reasons = append(reasons, fmt.Sprintf("%sGPU %s is named by part %d too: one node answered for two", where(i), truncate(d.UUID, 64), first))
					}
					continue
				}
				namedBy[uuid] = i
				gpus++
				// A GPU whose name (NVML's) is a catalog model weaker than every model the
				// job could have landed on is a lesser board passed off as a better one. A
				// name the catalog does not know is not held against the site: NVML spells
				// boards in ways no catalog lists in full.
				if floor > 0 && d.Model != "" {
					if score, model, ok := c.gpuScore(d.Model); ok && score < floor {
						reasons = append(reasons, fmt.Sprintf("%sGPU %s is named %q (catalog %s), weaker than the %s its shape claims",
							where(i), truncate(d.UUID, 64), truncate(d.Model, 64), model, floorModel))
					}
				}
				// Only well-formed UUIDs enter the registry; any other string is a GPU no
				// registration can name.
				if protocol.ValidDevice(protocol.DeviceIdentity{Node: "n", UUID: d.UUID}) {
					seen = append(seen, uuid)
				}
				holders, err := c.store.DeviceHolders(ctx, uuid)
				if err != nil {
					return nil, false, err
				}
				for _, h := range holders {
					if h != site.Name {
						reasons = append(reasons, fmt.Sprintf("%sGPU %s is registered by site %s", where(i), truncate(d.UUID, 64), h))
						reused = true
					}
				}
				if !registered[uuid] && !slices.ContainsFunc(holders, func(h string) bool { return h != site.Name }) {
					reasons = append(reasons, fmt.Sprintf("%sGPU %s is not in the site's registration", where(i), truncate(d.UUID, 64)))
				}
			}
		}
		if cpus == 0 {
			reasons = append(reasons, where(i)+"the answer names no CPU")
		}
		if *c.cfg.RequireGPUs && gpus < shape.GPUs {
			reasons = append(reasons, fmt.Sprintf("%sthe node named %d GPUs, its shape claims %d", where(i), gpus, shape.GPUs))
		}
	}
	// What answered here is known to be here, whatever the verdict: a GPU another site
	// registers flags both sites (store.SharedDevices).
	if err := c.store.RecordSightings(ctx, site.Name, ch.ID, seen, c.now()); err != nil {
		return nil, false, err
	}
	return reasons, reused, nil
}

// gpuFloor is the weakest GPU model (its per-device index, and its catalog id) of the
// registered shapes of the partition that the challenge job could land on: Slurm places
// it on any node with the GPU type, GPUs and CPUs it asks for, not only on the shape it was
// sized for. 0 when the job asks for no GPU (there is no GPU claim to hold it to), or no
// such shape names a catalog model.
func (c *challenger) gpuFloor(site gatewayapi.Site, partition string, asked protocol.NodeShape) (uint64, string) {
	if asked.GPUs == 0 {
		return 0, ""
	}
	var floor uint64
	var model string
	for _, p := range site.Registration.Inventory.Partitions {
		if p.Name != partition {
			continue
		}
		for _, sh := range p.Shapes {
			if sh.GPUs < asked.GPUs || sh.CPUs < asked.CPUs || asked.GPUType != "" && sh.GPUType != asked.GPUType || sh.GPUModel == "" {
				continue
			}
			if score, id, ok := c.gpuScore(sh.GPUModel); ok && (floor == 0 || score < floor) {
				floor, model = score, id
			}
		}
	}
	return floor, model
}

// gpuScore is a GPU model's per-device index and catalog id; ok is false for a name the
// catalog does not know (or knows as no GPU).
func (c *challenger) gpuScore(name string) (uint64, string, bool) {
	d, err := c.catalog.Device(name)
	if err != nil || d.Kind != tokenomics.KindGPU {
		return 0, "", false
	}
	score, err := c.catalog.Score(tokenomics.DeviceSpec{Model: d.ID, Count: big.NewRat(1, 1)})
	if err != nil {
		return 0, "", false
	}
	return score.TotalMegaFLOPS, d.ID, true
}

// sweepMissed decides the challenges whose deadline passed without an answer (after the
// grace and a margin for an answer being claimed): missed, and slashed, when the site
// received the challenge; skipped (unverified, not slashed) when it never polled to
// receive it; void (nothing either way) when the deadline fell while the gateway was down
// and could not take the answer. An answer whose check never ended is void too. A row that
// fails is logged and left for the next sweep; the others go on.
func (c *challenger) sweepMissed(ctx context.Context) error {
	now := c.now()
	list, err := c.store.ChallengesPastDeadline(ctx, now.Add(-answerGrace-sweepMargin), challengeBatch)
	if err != nil {
		return err
	}
	for _, ch := range list {
		d := store.Decision{State: store.ChallengeMissed, Reasons: "no answer by the deadline " + ch.Spec.Deadline.Format(time.RFC3339),
			Slash: store.SlashDue, SlashReason: uint8(contracts.SlashFailedChallenge)}
		switch {
		case ch.Spec.Deadline.Before(c.startedAt):
			d = store.Decision{State: store.ChallengeVoid, Reasons: "the deadline fell while the gateway was down"}
		case ch.DeliveredAt == nil:
			// A site that stops polling cannot be challenged, and must not gain by it.
			d = store.Decision{State: store.ChallengeSkipped, Reasons: "never delivered: the site did not poll before the deadline"}
		}
		err := c.store.DecideUnanswered(ctx, ch.ID, d, now)
		if errors.Is(err, store.ErrChallengeDecided) {
			continue // answered meanwhile
		}
		log := c.log.WithFields(logrus.Fields{"site": ch.Site, "challenge": ch.ID})
		if err != nil {
			log.WithError(err).Warn("challenges: deciding an unanswered challenge (retried)")
			continue
		}
		c.metrics.challenge(d.State)
		switch d.State {
		case store.ChallengeMissed, store.ChallengeSkipped:
			log.WithField("reason", d.Reasons).Warn("challenge " + d.State)
			c.followUp(ch.Site)
		default:
			log.WithField("reason", d.Reasons).Info("challenge void")
		}
	}
	stuck, err := c.store.ChallengesStuck(ctx, now.Add(-stuckAfter), challengeBatch)
	if err != nil {
		return err
	}
	for _, ch := range stuck {
		err := c.store.DecideChallenge(ctx, ch.ID, store.Decision{State: store.ChallengeVoid, Reasons: "the gateway stopped while checking the answer"}, now)
		if err != nil && !errors.Is(err, store.ErrChallengeDecided) {
			c.log.WithError(err).WithField("challenge", ch.ID).Warn("challenges: deciding a stuck answer (retried)")
		}
	}
	return nil
}

// evidence is what a challenge's slash is keyed by on chain: the challenge's nonce and id,
// so that one failure slashes once whatever is retried.
func evidence(ch gatewayapi.Challenge) common.Hash {
	h := sha256.New()
	h.Write([]byte("petagrid challenge\x00"))
	h.Write(ch.Spec.Nonce[:])
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], uint64(len(ch.ID)))
	h.Write(n[:])
	h.Write([]byte(ch.ID))
	return common.BytesToHash(h.Sum(nil))
}

// slashDue sends the slashes of failed and missed challenges. A provider with nothing
// staked has nothing to slash (the challenge's unverified time is its only cost); a slash
// already on chain (sent before a crash) is recorded as done.
func (c *challenger) slashDue(ctx context.Context) {
	list, err := c.store.SlashesDue(ctx, challengeBatch)
	if err != nil {
		c.log.WithError(err).Warn("challenges: reading the slashes due")
		return
	}
	for _, ch := range list {
		if err := c.slash(ctx, ch); err != nil && ctx.Err() == nil {
			c.log.WithError(err).WithFields(logrus.Fields{"site": ch.Site, "challenge": ch.ID}).Warn("challenges: slashing (retried)")
		}
	}
}

func (c *challenger) slash(ctx context.Context, ch gatewayapi.Challenge) error {
	site, err := c.store.Site(ctx, ch.Site)
	if err != nil {
		return err
	}
	log := c.log.WithFields(logrus.Fields{"site": ch.Site, "challenge": ch.ID})
	state, amount, err := slashProvider(ctx, stakeSlasher{deploy: c.deploy, key: c.key, metrics: c.metrics}, log, site, contracts.SlashReason(ch.SlashReason), evidence(ch))
	if err != nil {
		return err
	}
	return c.store.SetSlash(ctx, ch.ID, state, amount)
}

// stakeSlasher is what slashing a provider needs of the chain.
type stakeSlasher struct {
	deploy  *contracts.Deployment
	key     *ecdsa.PrivateKey
	metrics *metrics
}

// slashProvider slashes the site's provider for reason, keyed by evidence: it returns the
// slash's new state (store.SlashDone with the amount taken, or store.SlashSkipped when
// nothing is staked). Evidence already used on chain (a slash sent before a crash) is
// done; the chain's failures are returned, for a retry.
func slashProvider(ctx context.Context, s stakeSlasher, log logrus.FieldLogger, site gatewayapi.Site, reason contracts.SlashReason, ev common.Hash) (state, slashedWei string, err error) {
	provider := common.HexToAddress(site.Address)
	used, err := s.deploy.EvidenceUsed(ctx, provider, ev)
	s.metrics.observeChain(chainRead, err)
	if err != nil {
		return "", "", err
	}
	if used {
		return store.SlashDone, "", nil
	}
	stake, err := s.deploy.StakeOf(ctx, provider)
	s.metrics.observeChain(chainRead, err)
	if err != nil {
		return "", "", err
	}
	if new(big.Int).Add(stake.BondedWei, stake.UnbondingWei).Sign() == 0 {
		log.Warn("a provider with nothing staked owes a slash for " + reason.String() + ": nothing to slash")
		return store.SlashSkipped, "", nil
	}
	amount, err := s.deploy.Slash(ctx, s.key, provider, reason, ev)
	s.metrics.observeChain(chainStaking, err)
	if err != nil {
		return "", "", err
	}
	log.WithField("slashedWei", amount.String()).Warn("provider slashed for " + reason.String())
	return store.SlashDone, amount.String(), nil
}

// unverifiedSpans are the spans of [start, end) in which the site's availability is not
// verified: from each failed or missed challenge back to the last passed one before it
// (the start of the period when none passed in it), and on until the next pass.
func unverifiedSpans(ctx context.Context, st *store.Store, site string, start, end time.Time) ([]pocp.Interval, gatewayapi.ChallengeTally, error) {
	// Challenges issued up to a window before the period can decide its first slots.
	list, err := st.ChallengesOf(ctx, site, start.Add(-challenge.MaxWindowSeconds*time.Second), end, 1<<16)
	if err != nil {
		return nil, gatewayapi.ChallengeTally{}, err
	}
	var tally gatewayapi.ChallengeTally
	var spans []pocp.Interval
	lastPass := start
	var open *pocp.Interval
	for _, ch := range list {
		inPeriod := !ch.IssuedAt.Before(start)
		if inPeriod {
			tally.Issued++
		}
		switch ch.State {
		case store.ChallengePassed:
			if inPeriod {
				tally.Passed++
			}
			at := *ch.ReceivedAt
			if open != nil {
				open.End = at
				spans = append(spans, *open)
				open = nil
			}
			if at.After(lastPass) {
				lastPass = at
			}
		case store.ChallengeFailed, store.ChallengeMissed, store.ChallengeSkipped:
			if inPeriod {
				switch ch.State {
				case store.ChallengeFailed:
					tally.Failed++
				case store.ChallengeMissed:
					tally.Missed++
				default:
					tally.Skipped++
				}
			}
			if open == nil {
				open = &pocp.Interval{Start: lastPass}
			}
		case store.ChallengeIssued:
			if inPeriod {
				tally.Pending++
			}
		}
	}
	if open != nil {
		open.End = end
		spans = append(spans, *open)
	}
	clipped := spans[:0]
	for _, s := range spans {
		s.Start, s.End = later(s.Start, start), earlier(s.End, end)
		if s.End.After(s.Start) {
			clipped = append(clipped, s)
		}
	}
	return clipped, tally, nil
}
