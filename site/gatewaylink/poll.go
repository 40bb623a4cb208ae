package gatewaylink

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/internal/backoff"
)

// Status values of protocol.PollResponse.
const (
	StatusApproved  = "approved"
	StatusPending   = "pending"
	StatusSuspended = "suspended"
)

const (
	// maxCancels and maxLogRequests bound one poll answer beside protocol.MaxAssignments.
	maxCancels     = 10_000
	maxLogRequests = 1000
	// minPollInterval spaces empty polls that the gateway answers at once instead of
	// holding them, so that a misbehaving gateway is not hammered.
	minPollInterval = time.Second
)

// poller is the poll loop: it registers the site when its inventory's shape changes, long-polls
// the gateway, and acts on each answer.
type poller struct {
	// pollWait is how long the gateway may hold a poll.
	pollWait time.Duration
	// notApprovedWait spaces polls while the gateway does not approve the site.
	notApprovedWait time.Duration
	client          *client
	log             logrus.FieldLogger
	inventory       *inventoryCache
	registrar       *registrar
	intake          *intake
	// admission is where the site's status goes for the report loop.
	admission *admission
	// gatewayProtocol is where the gateway's protocol version goes for the report loop.
	gatewayProtocol *gatewayProtocol
	// gpuKernel is whether the site's challenge jobs run the GPU kernel
	// (site.challenges.kernel: gpu), which the polls say.
	gpuKernel bool
	// updatesDue wakes the update loop when there are answers to send.
	updatesDue chan<- struct{}
	// logRequests go to the log workers.
	logRequests chan<- protocol.LogRequest
	// challenges checks compute challenges and hands them to the site's runner.
	challenges *challengeIntake
	// bids answers the gateway's auctions.
	bids *bidder

	// Tunables, shortened by tests.
	minPollInterval time.Duration
	maxPollAnswer   int64

	// protocol is the gateway's protocol version, as its last poll answer said (0: not heard).
	protocol int
	// polled says whether this process has sent a poll yet (answered or not).
	polled bool
}

// loop registers, then polls, for as long as ctx lasts.
func (p *poller) loop(ctx context.Context, bo *backoff.Exponential) {
	for ctx.Err() == nil {
		wait, err := p.once(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			wait = bo.Next()
			logFailure(p.log, err, "polling the gateway", wait)
		} else {
			bo.Reset()
		}
		if backoff.Sleep(ctx, wait) != nil {
			return
		}
	}
}

// once registers when the inventory's shape has changed (or never was), then polls once and
// acts on the answer. It returns how long to wait before the next poll.
func (p *poller) once(ctx context.Context) (time.Duration, error) {
	inv, invErr := p.inventory.get(ctx)
	switch {
	case invErr == nil && !p.polled && p.registrar.prices.HasGradePrices():
		// A site with prices by grade polls before it registers: registering before it
		// knows the gateway's protocol would send its base price alone, which a gateway of
		// protocol 7 would charge until the next poll and registration (after every
		// restart). A site the gateway does not know is refused the poll (404), and
		// registers next.
	case invErr == nil:
		if err := p.registrar.ensure(ctx, withoutNodeLimits(inv), p.protocol >= gradePricesProtocol); err != nil {
			var se *statusError
			if errors.As(err, &se) && (se.Status == http.StatusBadRequest || se.Status == http.StatusUnprocessableEntity) {
				// A gateway rolled back to an older version refuses the prices by grade:
				// the next registration goes as to a gateway not yet heard.
				p.protocol = 0
			}
			return 0, err
		}
	case !p.registrar.registered():
		return 0, fmt.Errorf("reading the inventory to register: %w", invErr)
	default:
		p.log.WithError(invErr).Warn("could not read the inventory from Slurm; polling without it")
	}
	req := protocol.PollRequest{WaitSeconds: int(p.pollWait / time.Second)}
	if p.protocol >= outputsProtocol {
		// Older gateways decode polls strictly and would refuse the field.
		req.Protocol = protocol.Version
	}
	if invErr == nil {
		// The live counts are what a poll carries; the devices went with the registration.
		live := inv
		live.Devices = nil
		if p.protocol < nodeLimitsProtocol {
			// Older gateways decode polls strictly and would refuse the field.
			live = withoutNodeLimits(live)
		}
		// Only a gateway that knows the field is told, for the same reason.
		live.GPUKernel = p.gpuKernel && p.protocol >= gpuKernelProtocol
		req.Inventory = &live
	}
	var resp protocol.PollResponse
	started := time.Now()
	p.polled = true
	if _, err := p.client.postJSON(ctx, protocol.PathPoll, req, &resp, p.pollWait+pollSlack, p.maxPollAnswer); err != nil {
		var se *statusError
		if errors.As(err, &se) && (se.Status == http.StatusNotFound || se.Status == http.StatusForbidden) {
			// The gateway may have forgotten the site (or never approved it): register
			// again before the next poll.
			p.registrar.forget()
		}
		if errors.As(err, &se) && (se.Status == http.StatusBadRequest || se.Status == http.StatusUnprocessableEntity) {
			// A gateway rolled back to an older version refuses the fields of the newer
			// one: the next poll goes as to a gateway not yet heard, until it says again.
			p.protocol = 0
		}
		return 0, err
	}
	if err := checkPoll(resp); err != nil {
		return 0, &answerError{What: "POST " + protocol.PathPoll, Err: err}
	}
	p.handle(ctx, resp)
	if resp.Status != StatusApproved {
		return p.notApprovedWait, nil
	}
	// Challenges do not count: the gateway sends them again in every answer until they are
	// answered, and polling at once for them would hammer it.
	if len(resp.Assignments)+len(resp.Cancels)+len(resp.LogRequests) == 0 {
		return p.minPollInterval - time.Since(started), nil
	}
	return 0, nil
}

// checkPoll bounds a poll answer.
func checkPoll(resp protocol.PollResponse) error {
	switch resp.Status {
	case StatusApproved, StatusPending, StatusSuspended:
	default:
		return fmt.Errorf("status %q is not approved, pending or suspended", clean(resp.Status, 40))
	}
	if len(resp.Assignments) > protocol.MaxAssignments || len(resp.Cancels) > maxCancels || len(resp.LogRequests) > maxLogRequests {
		return fmt.Errorf("%d assignments, %d cancels and %d log requests: at most %d, %d and %d", len(resp.Assignments), len(resp.Cancels),
			len(resp.LogRequests), protocol.MaxAssignments, maxCancels, maxLogRequests)
	}
	if len(resp.Challenges) > protocol.MaxChallenges {
		return fmt.Errorf("%d challenges: at most %d", len(resp.Challenges), protocol.MaxChallenges)
	}
	if len(resp.Auctions) > protocol.MaxAuctions {
		return fmt.Errorf("%d auctions: at most %d", len(resp.Auctions), protocol.MaxAuctions)
	}
	return nil
}

// handle acts on a poll answer: assignments are journaled (or refused), cancellations
// passed on, log requests queued for the log workers, challenges handed to the runner,
// auctions bid in.
func (p *poller) handle(ctx context.Context, resp protocol.PollResponse) {
	// The version first: the report loop, once it sees the site approved, reads it. The
	// update loop holds a completed run's outputs digest back until it is known: the first
	// answer wakes it.
	heard := p.gatewayProtocol.set(resp.Protocol) == 0
	p.noteStatus(resp.Status)
	p.noteProtocol(resp.Protocol)
	answered := false
	for _, a := range resp.Assignments {
		answered = p.intake.accept(ctx, a) || answered
	}
	if answered || heard {
		p.wakeUpdates()
	}
	for _, id := range resp.Cancels {
		p.intake.cancel(ctx, id)
	}
	for _, lr := range resp.LogRequests {
		select {
		case p.logRequests <- lr:
		default:
			p.log.WithField("request", clean(lr.ID, 64)).Warn("too many log requests waiting; dropped one (the gateway asks again)")
		}
	}
	p.challenges.take(ctx, resp.Challenges, p.registeredPartitions())
	if resp.Status == StatusApproved {
		p.bids.take(ctx, resp.Auctions)
	}
}

// registeredPartitions are the grid partitions of the inventory last read (the one the
// registration and the poll carry): the only ones a challenge may name.
func (p *poller) registeredPartitions() []protocol.Partition {
	if p.inventory.inv == nil {
		return nil
	}
	return p.inventory.inv.Partitions
}

func (p *poller) noteStatus(status string) {
	if prev := p.admission.set(status); prev == status {
		return
	}
	entry := p.log.WithField("status", status)
	switch status {
	case StatusApproved:
		entry.Info("the gateway has approved this site: it receives grid jobs")
	case StatusPending:
		entry.Info("the site is registered and waits for a grid operator's approval")
	case StatusSuspended:
		entry.Info("a grid operator has suspended this site: it receives no new grid jobs")
	}
}

// noteProtocol logs once that a gateway forwards no signed submissions.
func (p *poller) noteProtocol(version int) {
	version = max(version, 1)
	prev := p.protocol
	p.protocol = version
	if prev != version && version < 2 {
		p.log.WithField("protocol", version).Warn("the gateway forwards no researchers' signed submissions (site protocol 1): its grid jobs run as the pool account, never a researcher's own")
	}
}

func (p *poller) wakeUpdates() {
	select {
	case p.updatesDue <- struct{}{}:
	default:
	}
}

// admission is the site's status at the gateway as the last poll answer said: the poll loop
// writes it, the report loop reads it.
type admission struct {
	mu     sync.Mutex
	status string
}

// set records status and returns the status before it.
func (a *admission) set(status string) (previous string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	previous, a.status = a.status, status
	return previous
}

func (a *admission) get() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.status
}

// nodeLimitsProtocol is the first gateway protocol that takes partitions' node limits
// (protocol.Partition.MaxNodes) in polls.
const nodeLimitsProtocol = 5

// gpuKernelProtocol is the first gateway protocol that takes protocol.Inventory.GPUKernel
// in polls.
const gpuKernelProtocol = 6

// gradePricesProtocol is the first gateway protocol that takes prices by grade
// (protocol.Prices.PerComputeHourByGrade and the factors) in registrations.
const gradePricesProtocol = 7

// withoutNodeLimits is the inventory with no partition's node limit: what registrations
// carry (the limit is a live scheduling fact, not a claim to approve) and what older
// gateways are sent.
func withoutNodeLimits(inv protocol.Inventory) protocol.Inventory {
	parts := make([]protocol.Partition, len(inv.Partitions))
	for i, p := range inv.Partitions {
		p.MaxNodes = 0
		parts[i] = p
	}
	inv.Partitions = parts
	return inv
}
