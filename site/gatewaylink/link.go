// Package gatewaylink is the site side of the connection to the grid gateway. HPC centres
// let their machines connect out but not in, so the site daemon does all the talking: it
// registers the site's inventory and prices, long-polls for assignments, cancellations and
// log requests, and sends back run states, usage, logs and signed PoCP reports. Every
// request is signed with the site key (package reqsign) for the gateway's audience.
//
// The link never stops the daemon: while the gateway is unreachable it logs and tries
// again with backoff, and what the gateway has acknowledged is kept in the journal, so that
// a restart sends again exactly what was not acknowledged.
package gatewaylink

import (
	"context"
	"crypto/ecdsa"
	"crypto/sha256"
	"crypto/tls"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"math/rand/v2"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/accounting"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/pocp"
	"github.com/petagrid/petagrid/site"
	"github.com/petagrid/petagrid/site/journal"
	"github.com/petagrid/petagrid/site/pocpreport"
	"github.com/petagrid/petagrid/site/siteapi"
	"github.com/petagrid/petagrid/tokenomics"
)

// Headers of a log answer (POST protocol.PathLogs + request id).
const (
	// HeaderLogOffset is where in the log the body starts (the request's offset).
	HeaderLogOffset = "PetaGrid-Log-Offset"
	// HeaderLogEOF is "1" when the run has ended and the body reaches the end of its log.
	HeaderLogEOF = "PetaGrid-Log-EOF"
	// HeaderLogError says why the site could not read the logs asked for (the body is then
	// empty); a gateway that does not know it sees an empty chunk.
	HeaderLogError = "PetaGrid-Log-Error"
)

// Status values of protocol.PollResponse.
const (
	StatusApproved  = "approved"
	StatusPending   = "pending"
	StatusSuspended = "suspended"
)

const (
	// logWorkers answer log requests beside the poll, so that a slow read never holds it.
	logWorkers = 4
	// logQueue bounds the log requests waiting for a worker; more are dropped (the gateway
	// asks again).
	logQueue = 64
	// maxCancels and maxLogRequests bound one poll answer beside protocol.MaxAssignments.
	maxCancels     = 10_000
	maxLogRequests = 1000
	// maxUpdatesBody keeps one updates message to a few MiB; more runs go in the next.
	maxUpdatesBody = 4 << 20
	// maxErrorLen is the protocol's bound on an error or refusal text.
	maxErrorLen = 4000
	// inventoryMaxAge: the poll sends the live inventory, read from Slurm at most this often.
	inventoryMaxAge = 15 * time.Second
	// minPollInterval spaces empty polls that the gateway answers at once instead of
	// holding them, so that a misbehaving gateway is not hammered.
	minPollInterval = time.Second
)

var logRequestIDPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// acceptor journals what the gateway asks for (the site daemon).
type acceptor interface {
	AcceptAssignment(ctx context.Context, a site.AssignedRun) (siteapi.Run, error)
	RequestCancel(ctx context.Context, runID string) (siteapi.Run, error)
}

// logReader reads a run's logs (the site daemon).
type logReader interface {
	ReadLogs(ctx context.Context, runID, step string, task int, stream string, offset int64, maxBytes int) ([]byte, bool, error)
}

// inventorySource reads the grid partitions' hardware and live node counts.
type inventorySource interface {
	Inventory(ctx context.Context) (protocol.Inventory, error)
}

// usageSource says what a terminal run used.
type usageSource interface {
	// Usage returns nil (and no error) while the run's Slurm jobs are not harvested yet.
	Usage(ctx context.Context, run siteapi.Run) (*protocol.Usage, error)
}

// reportBuilder builds a period's signed PoCP report.
type reportBuilder interface {
	Calendar() pocp.Calendar
	Cluster(ctx context.Context) (string, error)
	// Report returns the report's JSON, signed in domain.
	Report(ctx context.Context, cluster string, epoch uint64, domain pocp.Domain) ([]byte, error)
}

// Options are what New needs besides the gateway section and the daemon.
type Options struct {
	Log     logrus.FieldLogger
	Version string
	// Accounting is the site's accounting section (defaults are applied here): usage comes
	// from its harvester, PoCP from its node sampler.
	Accounting accounting.Config
	// PoCP is the site's pocp section (the zero value takes its defaults).
	PoCP pocpreport.Config
	// Catalog scores nodes and jobs; nil: pocp.catalog, else the built-in catalog.
	Catalog *tokenomics.Catalog
	// TLSConfig replaces the default TLS settings (e.g. a private CA); nil: the system's.
	TLSConfig *tls.Config
}

// deps are the link's collaborators; New wires the real ones, tests doubles.
type deps struct {
	// pocpChainID and pocpContract are the site's explicit pocp.chainId and
	// pocp.verifyingContract (0 and "" when unset): reports are signed in the gateway's
	// domain, which must then agree with them.
	pocpChainID  int64
	pocpContract string
	siteName     string
	version      string
	key          *ecdsa.PrivateKey
	journal      *journal.Journal
	acceptor     acceptor
	logs         logReader
	inventory    inventorySource
	usage        usageSource
	reports      reportBuilder // nil: reports off
	log          logrus.FieldLogger
	tlsConfig    *tls.Config
	// reportGrace is how long after a period's end its report is built (the harvester and
	// the node sampler must have caught up).
	reportGrace time.Duration
}

// answer is an assignment's outcome waiting for the gateway's acknowledgement.
type answer struct {
	refused bool
	reason  string
}

// Link is the site's connection to the gateway.
type Link struct {
	cfg     Config
	d       deps
	log     logrus.FieldLogger
	client  *client
	journal *journal.Journal
	now     func() time.Time

	// Tunables, shortened by tests.
	backoffMin      time.Duration
	inventoryMaxAge time.Duration
	minPollInterval time.Duration
	maxPollAnswer   int64
	maxAckAnswer    int64

	wake     chan struct{}
	logQueue chan protocol.LogRequest

	mu      sync.Mutex
	answers map[string]answer
	status  string
	// protocol is the gateway's protocol version, as its last poll answer said (0: not heard).
	protocol int
	// usageErrs is the last usage error logged per run, so that a run whose usage cannot
	// be computed is logged once per new error, not every interval.
	usageErrs map[string]string

	// Owned by the poll loop.
	registeredShape string
	inv             *protocol.Inventory
	invAt           time.Time

	// Owned by the report loop.
	report *builtReport
}

// builtReport is the last report built, kept for retries.
type builtReport struct {
	cluster string
	epoch   uint64
	data    []byte
}

// New checks the gateway section against the site and prepares the link; it does not
// contact the gateway (Run does, and waits for it). Every error is a configuration error.
func New(cfg Config, d *site.Daemon, opts Options) (*Link, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("grid configuration (the site's link to the gateway):\n%w", err)
	}
	log := opts.Log
	if log == nil {
		log = logrus.New()
	}
	sc := d.Config()
	if !protocol.ValidSiteName(sc.Name) {
		return nil, fmt.Errorf("site.name %q cannot name a site at the gateway: use 1-63 characters from a-z 0-9 -, starting with a letter or digit", sc.Name)
	}
	switch sc.Users.Mode {
	case site.ModePool:
		if cfg.LocalUser != "" {
			return nil, errors.New("grid.localUser is for mapped mode; pool mode runs every grid job as the daemon's own account")
		}
	case site.ModeMapped:
		if cfg.LocalUser != "" {
			allowed := false
			for _, u := range sc.Users.AllowedLocalUsers {
				allowed = allowed || u == cfg.LocalUser
			}
			if !allowed {
				return nil, fmt.Errorf("grid.localUser %q is not in site.users.allowedLocalUsers", cfg.LocalUser)
			}
		}
	}
	st := d.AccountingStore()
	if st == nil {
		return nil, errors.New("grid: the site daemon runs without accounting, and grid jobs' usage comes from it")
	}
	acct := opts.Accounting.WithDefaults()
	if acct.Harvest.Disabled {
		return nil, errors.New("grid: accounting.harvest.disabled is set, but grid jobs' usage comes from the sacct harvester")
	}
	if acct.Nodes.Disabled {
		return nil, errors.New("grid: accounting.nodes.disabled is set, but usage and PoCP reports score the nodes the node sampler records")
	}
	key, err := reqsign.LoadKeyFile(cfg.Key)
	if err != nil {
		return nil, fmt.Errorf("grid.key: %w", err)
	}
	cat := opts.Catalog
	if cat == nil {
		if cat, err = loadCatalog(opts.PoCP.Catalog); err != nil {
			return nil, err
		}
	}
	resolved, err := opts.PoCP.Resolve()
	if err != nil {
		return nil, err
	}
	// The scorer checks pocp.hardware against the catalog: a misspelt model is a
	// configuration error now rather than a failed registration later.
	if _, err := pocpreport.NewScorer(cat, resolved.Hardware, nil); err != nil {
		return nil, err
	}
	slotSeconds := int64(acct.Nodes.Slot / time.Second)
	if cfg.Reports() {
		if err := resolved.Calendar.CheckSlotGrid(slotSeconds); err != nil {
			return nil, fmt.Errorf("pocp and accounting.nodes.slot: %w", err)
		}
	}
	log = log.WithField("component", "gatewaylink")
	cluster := &clusterName{name: acct.Cluster, slurm: d.Slurm()}
	dp := deps{
		siteName: sc.Name, version: opts.Version, key: key, journal: d.Journal(), acceptor: d, logs: d, log: log, tlsConfig: opts.TLSConfig,
		inventory:   &slurmInventory{slurm: d.Slurm(), store: st, catalog: cat, hardware: resolved.Hardware, partitions: sc.GridPartitions, now: time.Now},
		usage:       &accountingUsage{store: st, catalog: cat, hardware: resolved.Hardware, cluster: cluster, log: log},
		reportGrace: max(2*acct.Harvest.Interval, time.Minute),
	}
	if cfg.Reports() {
		dp.pocpChainID, dp.pocpContract = opts.PoCP.ChainID, opts.PoCP.VerifyingContract
		dp.reports = &storeReports{store: st, catalog: cat, cfg: resolved, cluster: cluster, slotSeconds: slotSeconds, key: key}
	}
	return newLink(cfg, dp)
}

func loadCatalog(path string) (*tokenomics.Catalog, error) {
	if path == "" {
		return tokenomics.LoadEmbeddedCatalog()
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("pocp.catalog: %w", err)
	}
	return tokenomics.LoadCatalog(path, data)
}

func newLink(cfg Config, d deps) (*Link, error) {
	cfg = cfg.WithDefaults()
	c, err := newClient(cfg, d.key, d.tlsConfig, "petagrid-site/"+d.version)
	if err != nil {
		return nil, err
	}
	return &Link{
		cfg: cfg, d: d, log: d.log, client: c, journal: d.journal, now: func() time.Time { return time.Now().UTC() },
		backoffMin: time.Second, inventoryMaxAge: inventoryMaxAge, minPollInterval: minPollInterval, maxPollAnswer: 64 << 20, maxAckAnswer: 1 << 20,
		wake: make(chan struct{}, 1), logQueue: make(chan protocol.LogRequest, logQueue),
		answers: map[string]answer{}, usageErrs: map[string]string{},
	}, nil
}

// Run talks to the gateway until ctx ends. Failures to reach it, or answers that make no
// sense, are logged and tried again with backoff; Run never returns because of them.
func (l *Link) Run(ctx context.Context) error {
	defer l.client.close()
	l.log.WithFields(logrus.Fields{"url": l.cfg.URL, "site": l.d.siteName, "siteKey": crypto.PubkeyToAddress(l.d.key.PublicKey).Hex(),
		"reports": l.d.reports != nil}).Info("connecting to the grid gateway")
	var wg sync.WaitGroup
	start := func(f func(context.Context)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(ctx)
		}()
	}
	start(l.pollLoop)
	start(l.updateLoop)
	if l.d.reports != nil {
		start(l.reportLoop)
	}
	for i := 0; i < logWorkers; i++ {
		start(l.logWorker)
	}
	wg.Wait()
	return nil
}

// backoff is exponential with jitter: sites that lost the gateway together do not all come
// back in the same second.
type backoff struct {
	min, max, cur time.Duration
}

func (l *Link) newBackoff() *backoff {
	return &backoff{min: l.backoffMin, max: max(l.cfg.RetryMax, l.backoffMin)}
}

func (b *backoff) next() time.Duration {
	if b.cur == 0 {
		b.cur = b.min
	} else {
		b.cur = min(2*b.cur, b.max)
	}
	half := b.cur / 2
	return half + rand.N(half+1)
}

func (b *backoff) reset() { b.cur = 0 }

// sleep waits d or until ctx ends (false).
func sleep(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

func (l *Link) logFailure(err error, what string, wait time.Duration) {
	entry := l.log.WithError(err).WithField("retryInSeconds", wait.Round(100*time.Millisecond).Seconds())
	if certificateProblem(err) {
		entry.Error(what + ": the gateway's TLS certificate is not trusted; will try again")
		return
	}
	entry.Warn(what + " failed; will try again")
}

// pollLoop registers, then polls, for as long as ctx lasts.
func (l *Link) pollLoop(ctx context.Context) {
	bo := l.newBackoff()
	for ctx.Err() == nil {
		wait, err := l.pollOnce(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			wait = bo.next()
			l.logFailure(err, "polling the gateway", wait)
		} else {
			bo.reset()
		}
		if !sleep(ctx, wait) {
			return
		}
	}
}

// liveInventory is the inventory, read from Slurm at most every inventoryMaxAge.
func (l *Link) liveInventory(ctx context.Context) (protocol.Inventory, error) {
	if l.inv != nil && l.now().Sub(l.invAt) < l.inventoryMaxAge {
		return *l.inv, nil
	}
	inv, err := l.d.inventory.Inventory(ctx)
	if err != nil {
		return protocol.Inventory{}, err
	}
	l.inv, l.invAt = &inv, l.now()
	return inv, nil
}

// pollOnce registers when the inventory's shape has changed (or never was), then polls
// once and acts on the answer. It returns how long to wait before the next poll.
func (l *Link) pollOnce(ctx context.Context) (time.Duration, error) {
	inv, invErr := l.liveInventory(ctx)
	if invErr == nil {
		if shape := shapeKey(inv); shape != l.registeredShape {
			if err := l.register(ctx, inv); err != nil {
				return 0, err
			}
			l.registeredShape = shape
		}
	} else if l.registeredShape == "" {
		return 0, fmt.Errorf("reading the inventory to register: %w", invErr)
	} else {
		l.log.WithError(invErr).Warn("could not read the inventory from Slurm; polling without it")
	}
	req := protocol.PollRequest{WaitSeconds: int(l.cfg.PollWait / time.Second)}
	if invErr == nil {
		req.Inventory = &inv
	}
	var resp protocol.PollResponse
	started := time.Now()
	if _, err := l.client.postJSON(ctx, protocol.PathPoll, req, &resp, l.cfg.PollWait+pollSlack, l.maxPollAnswer); err != nil {
		var se *statusError
		if errors.As(err, &se) && (se.Status == http.StatusNotFound || se.Status == http.StatusForbidden) {
			// The gateway may have forgotten the site (or never approved it): register
			// again before the next poll.
			l.registeredShape = ""
		}
		return 0, err
	}
	if err := checkPoll(resp); err != nil {
		return 0, &answerError{What: "POST " + protocol.PathPoll, Err: err}
	}
	l.handle(ctx, resp)
	if resp.Status != StatusApproved {
		return l.cfg.RetryMax, nil
	}
	if len(resp.Assignments)+len(resp.Cancels)+len(resp.LogRequests) == 0 {
		return l.minPollInterval - time.Since(started), nil
	}
	return 0, nil
}

// register sends the site's registration.
func (l *Link) register(ctx context.Context, inv protocol.Inventory) error {
	reg := protocol.Registration{Site: l.d.siteName, Version: clip(l.d.version, 64), Inventory: inv,
		Prices: protocol.Prices{PerComputeHour: l.cfg.PricePerComputeHourWei}, Labels: l.cfg.Labels}
	if err := reg.Validate(); err != nil {
		return fmt.Errorf("the site's registration does not fit the protocol:\n%w", err)
	}
	if _, err := l.client.postJSON(ctx, protocol.PathRegister, reg, nil, requestTimeout, l.maxAckAnswer); err != nil {
		return fmt.Errorf("registering: %w", err)
	}
	shapes := 0
	for _, p := range inv.Partitions {
		shapes += len(p.Shapes)
	}
	l.log.WithFields(logrus.Fields{"partitions": len(inv.Partitions), "nodeShapes": shapes, "capacityMegaFlops": inv.CapacityMegaFLOPS,
		"gpus": inv.GPUs}).Info("registered with the grid gateway")
	return nil
}

// shapeKey identifies what a registration declares: the inventory without its live counts.
func shapeKey(inv protocol.Inventory) string {
	parts := make([]protocol.Partition, len(inv.Partitions))
	for i, p := range inv.Partitions {
		p.Shapes = append([]protocol.NodeShape(nil), p.Shapes...)
		for j := range p.Shapes {
			p.Shapes[j].Available, p.Shapes[j].Idle = 0, 0
		}
		parts[i] = p
	}
	inv.Partitions = parts
	data, _ := json.Marshal(inv)
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
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
	return nil
}

// handle acts on a poll answer: assignments are journaled (or refused), cancellations
// passed on, log requests queued for the log workers.
func (l *Link) handle(ctx context.Context, resp protocol.PollResponse) {
	l.noteStatus(resp.Status)
	l.noteProtocol(resp.Protocol)
	answered := false
	for _, a := range resp.Assignments {
		answered = l.accept(ctx, a) || answered
	}
	if answered {
		l.wakeUpdates()
	}
	for _, id := range resp.Cancels {
		l.cancel(ctx, id)
	}
	for _, lr := range resp.LogRequests {
		select {
		case l.logQueue <- lr:
		default:
			l.log.WithField("request", clean(lr.ID, 64)).Warn("too many log requests waiting; dropped one (the gateway asks again)")
		}
	}
}

func (l *Link) noteStatus(status string) {
	l.mu.Lock()
	prev := l.status
	l.status = status
	l.mu.Unlock()
	if prev == status {
		return
	}
	entry := l.log.WithField("status", status)
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
func (l *Link) noteProtocol(version int) {
	version = max(version, 1)
	l.mu.Lock()
	prev := l.protocol
	l.protocol = version
	l.mu.Unlock()
	if prev != version && version < 2 {
		l.log.WithField("protocol", version).Warn("the gateway forwards no researchers' signed submissions (site protocol 1): its grid jobs run as the pool account, never a researcher's own")
	}
}

// accept journals one assignment; it reports whether there is an answer to send.
func (l *Link) accept(ctx context.Context, a protocol.Assignment) bool {
	if !protocol.ValidJobID(a.Job) {
		l.log.WithField("job", clean(a.Job, 40)).Warn("the gateway assigned a job with an invalid id; ignored")
		return false
	}
	log := l.log.WithField("job", a.Job)
	if !strings.HasPrefix(a.Researcher, "0x") || !common.IsHexAddress(a.Researcher) {
		l.setAnswer(a.Job, answer{refused: true, reason: fmt.Sprintf("researcher %q is not an address (0x and 40 hex digits)", clean(a.Researcher, 60))})
		log.Warn("assignment refused: its researcher is not an address")
		return true
	}
	run := site.AssignedRun{Job: a.Job, Researcher: common.HexToAddress(a.Researcher), LocalUser: l.cfg.LocalUser,
		Workflow: a.Workflow, FileName: a.FileName, Params: a.Params}
	// An assignment journaled before is answered from the journal (AcceptAssignment): its
	// signature was checked, and its nonce spent, the first time.
	if _, err := l.journal.Get(ctx, a.Job); err != nil && !errors.Is(err, journal.ErrNotFound) {
		log.WithError(err).Error("assignment could not be looked up in the journal; it will be when the gateway sends it again")
		return false
	} else if err != nil {
		signed, refusal, err := l.authenticate(ctx, a, run.Researcher)
		if err != nil {
			log.WithError(err).Error("assignment could not be checked; it will be when the gateway sends it again")
			return false
		}
		if refusal != "" {
			l.setAnswer(a.Job, answer{refused: true, reason: clipUTF8(refusal, maxErrorLen)})
			log.WithField("researcher", run.Researcher.Hex()).WithField("reason", refusal).Warn("assignment refused: its signed submission is not for this job")
			return true
		}
		run.Signed = signed
	}
	_, err := l.d.acceptor.AcceptAssignment(ctx, run)
	var refused *site.RefusedError
	switch {
	case errors.As(err, &refused):
		reason := clipUTF8(refused.Error(), maxErrorLen)
		l.setAnswer(a.Job, answer{refused: true, reason: reason})
		log.WithField("reason", clean(refused.Reason, 300)).Info("assignment refused")
	case err != nil:
		// Not an answer: the gateway sends the assignment again until it has one.
		log.WithError(err).Error("assignment could not be journaled; it will be taken when the gateway sends it again")
		return false
	default:
		l.setAnswer(a.Job, answer{})
		log.WithField("researcher", a.Researcher).Info("assignment accepted")
	}
	return true
}

// authenticate checks the researcher's signed submission that came with an assignment, with
// the real signature code (reqsign): who may run in a researcher's account is the
// researcher's to say, not the gateway's.
//
//   - No submission, or one whose signature does not verify (malformed, not the claimed
//     signer's): nothing is known of who submitted the job. signed is nil and the job goes to
//     the pool account.
//   - A genuine signature that is not for this job (another workflow, file name, parameter
//     set, budget or gateway, another researcher than the one named, or no longer valid):
//     someone is reusing a researcher's signature. refusal says why, and the site refuses the
//     job.
//   - A genuine signature for exactly this job: signed carries its nonce, which the journal
//     spends with the run (a second run with it is a replay, refused).
//
// err is the site's own trouble (the gateway's name unknown): no answer now.
func (l *Link) authenticate(ctx context.Context, a protocol.Assignment, named common.Address) (signed *site.SignedSubmission, refusal string, err error) {
	log := l.log.WithField("job", a.Job).WithField("researcher", named.Hex())
	if a.Submission == nil {
		log.Info("assignment without its researcher's signed submission: it runs as the grid's pool account")
		return nil, "", nil
	}
	audience, err := l.client.signingAudience(ctx)
	if err != nil {
		return nil, "", fmt.Errorf("the gateway's name, which signed submissions are for: %w", err)
	}
	fileName := a.FileName
	if fileName == "" {
		fileName = "workflow.yaml" // as the site names it (site.AcceptAssignment)
	}
	budget, _ := protocol.ParseWei(a.MaxCostWei) // nil (no budget) matches no submission
	// The idempotency key is the gateway's to check against the escrow: the site sees no
	// escrow, so the submission's own key stands.
	content := reqsign.SubmissionContent{Audience: audience, Workflow: []byte(a.Workflow), FileName: fileName, Params: a.Params,
		IdempotencyKey: a.Submission.IdempotencyKey, MaxCostWei: budget}
	signer, err := reqsign.VerifySubmission(a.Submission, content, reqsign.SubmissionCheck{Now: l.now})
	switch {
	case errors.Is(err, reqsign.ErrMalformed), errors.Is(err, reqsign.ErrBadSignature), errors.Is(err, reqsign.ErrUnsigned):
		log.WithError(err).Warn("the assignment's signed submission does not verify: it runs as the grid's pool account")
		return nil, "", nil
	case err != nil:
		return nil, clean(err.Error(), maxErrorLen), nil
	case signer != named:
		return nil, fmt.Sprintf("the signed submission is %s's, but the gateway names %s", signer.Hex(), named.Hex()), nil
	}
	return &site.SignedSubmission{Nonce: a.Submission.Nonce, Expires: a.Submission.ExpiresAt().Add(reqsign.DefaultClockSkew)}, "", nil
}

func (l *Link) setAnswer(job string, a answer) {
	l.mu.Lock()
	l.answers[job] = a
	l.mu.Unlock()
}

func (l *Link) wakeUpdates() {
	select {
	case l.wake <- struct{}{}:
	default:
	}
}

// cancel passes a cancellation on to the daemon, for runs the gateway assigned only.
func (l *Link) cancel(ctx context.Context, id string) {
	if !protocol.ValidJobID(id) {
		l.log.WithField("job", clean(id, 40)).Warn("the gateway asked to cancel an invalid job id; ignored")
		return
	}
	log := l.log.WithField("job", id)
	run, err := l.journal.Get(ctx, id)
	if errors.Is(err, journal.ErrNotFound) {
		log.Info("the gateway asked to cancel a job this site does not have; ignored")
		return
	}
	if err != nil {
		log.WithError(err).Error("cancel: reading the journal")
		return
	}
	if !fromGateway(run) {
		log.Warn("the gateway asked to cancel a run it did not assign; ignored")
		return
	}
	// The gateway may repeat a cancellation until it sees the run end.
	if run.CancelRequested || run.State.Terminal() {
		return
	}
	if _, err := l.d.acceptor.RequestCancel(ctx, id); err != nil {
		log.WithError(err).Error("cancel could not be journaled; it will be when the gateway asks again")
	}
}

func fromGateway(run siteapi.Run) bool {
	return run.IdempotencyKey == journal.GatewayKeyPrefix+run.ID
}

// updateLoop sends updates every interval, at once when woken.
func (l *Link) updateLoop(ctx context.Context) {
	bo := l.newBackoff()
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-timer.C:
		case <-l.wake:
		}
		next := l.cfg.UpdateInterval
		if err := l.sendUpdates(ctx); err != nil {
			if ctx.Err() != nil {
				return
			}
			next = max(bo.next(), next)
			l.logFailure(err, "sending run updates to the gateway", next)
		} else {
			bo.reset()
		}
		if !timer.Stop() {
			select {
			case <-timer.C:
			default:
			}
		}
		timer.Reset(next)
	}
}

// pendingJob is a job update and what its acknowledgement will record.
type pendingJob struct {
	update protocol.JobUpdate
	ack    journal.GatewayAck
}

// updateBatch is one updates message.
type updateBatch struct {
	msg     protocol.Updates
	answers map[string]answer
	jobs    []pendingJob
}

// sendUpdates sends the answers and job updates the gateway has not acknowledged, and
// records its acknowledgements.
func (l *Link) sendUpdates(ctx context.Context) error {
	l.mu.Lock()
	answers := make(map[string]answer, len(l.answers))
	for k, v := range l.answers {
		answers[k] = v
	}
	l.mu.Unlock()
	runs, err := l.journal.OpenGatewayRuns(ctx)
	if err != nil {
		return err
	}
	var jobs []pendingJob
	for _, r := range runs {
		if !fromGateway(r.Run) {
			continue
		}
		if pj, ok := l.jobUpdate(ctx, r); ok {
			jobs = append(jobs, pj)
		}
	}
	for _, b := range batches(answers, jobs) {
		if err := b.msg.Validate(); err != nil {
			return fmt.Errorf("updates message does not fit the protocol: %w", err)
		}
		var resp protocol.UpdatesResponse
		if _, err := l.client.postJSON(ctx, protocol.PathUpdates, b.msg, &resp, requestTimeout, l.maxAckAnswer); err != nil {
			return err
		}
		if err := l.applyAcks(ctx, b, resp.Acked); err != nil {
			return err
		}
	}
	return nil
}

// jobUpdate is a run's update, if the gateway has not acknowledged it as it stands.
func (l *Link) jobUpdate(ctx context.Context, r journal.GatewayRun) (pendingJob, bool) {
	steps := r.Steps
	if len(steps) > protocol.MaxSteps {
		steps = nil
	}
	hash := stepsHash(steps)
	pj := pendingJob{
		update: protocol.JobUpdate{Job: r.ID, State: r.State, Error: clipUTF8(r.Error, maxErrorLen), Steps: steps},
		ack:    journal.GatewayAck{State: r.State, StepsSHA256: hash},
	}
	changed := r.Ack == nil || r.Ack.State != r.State || r.Ack.StepsSHA256 != hash
	if r.State.Terminal() {
		usage, err := l.d.usage.Usage(ctx, r.Run)
		l.noteUsageError(r.ID, err)
		if err == nil && usage != nil {
			pj.update.Usage, pj.ack.Usage = usage, true
			changed = true
		}
	}
	return pj, changed
}

func (l *Link) noteUsageError(runID string, err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if err == nil {
		delete(l.usageErrs, runID)
		return
	}
	if l.usageErrs[runID] == err.Error() {
		return
	}
	l.usageErrs[runID] = err.Error()
	l.log.WithField("run", runID).WithError(err).Warn("the run's usage cannot be computed yet; its outcome goes to the gateway without it")
}

// stepsHash identifies steps as they are sent.
func stepsHash(steps []siteapi.Step) string {
	data, _ := json.Marshal(steps)
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// batches splits answers and job updates into messages within the protocol's bounds.
func batches(answers map[string]answer, jobs []pendingJob) []updateBatch {
	var out []updateBatch
	cur := updateBatch{answers: map[string]answer{}}
	size, steps := 0, 0
	flush := func() {
		if len(cur.answers) > 0 || len(cur.jobs) > 0 {
			out = append(out, cur)
		}
		cur = updateBatch{answers: map[string]answer{}}
		size, steps = 0, 0
	}
	for _, job := range slices.Sorted(maps.Keys(answers)) {
		if len(cur.answers) == protocol.MaxAssignments*10 {
			flush()
		}
		a := answers[job]
		cur.answers[job] = a
		if a.refused {
			cur.msg.Refused = append(cur.msg.Refused, protocol.Refusal{Job: job, Reason: a.reason})
			size += len(a.reason) + 64
		} else {
			cur.msg.Accepted = append(cur.msg.Accepted, job)
			size += 24
		}
	}
	for _, pj := range jobs {
		data, _ := json.Marshal(pj.update)
		if len(cur.jobs) == protocol.MaxUpdates || steps+len(pj.update.Steps) > protocol.MaxSteps || size+len(data) > maxUpdatesBody && size > 0 {
			flush()
		}
		cur.jobs = append(cur.jobs, pj)
		cur.msg.Jobs = append(cur.msg.Jobs, pj.update)
		size += len(data)
		steps += len(pj.update.Steps)
	}
	flush()
	return out
}

// applyAcks records what the gateway acknowledged of one message. Ids the message did not
// carry are ignored.
func (l *Link) applyAcks(ctx context.Context, b updateBatch, acked []string) error {
	if len(acked) > len(b.answers)+len(b.jobs) {
		return &answerError{What: "POST " + protocol.PathUpdates, Err: fmt.Errorf("%d acknowledgements for a message of %d answers and %d jobs", len(acked), len(b.answers), len(b.jobs))}
	}
	set := make(map[string]bool, len(acked))
	for _, id := range acked {
		set[id] = true
	}
	l.mu.Lock()
	for job, sent := range b.answers {
		if set[job] && l.answers[job] == sent {
			delete(l.answers, job)
		}
	}
	l.mu.Unlock()
	for _, pj := range b.jobs {
		if !set[pj.update.Job] {
			continue
		}
		reported, err := l.journal.AckGateway(ctx, pj.update.Job, pj.ack)
		if err != nil {
			return err
		}
		if reported {
			l.log.WithField("run", pj.update.Job).WithField("outcome", pj.update.State).Info("run reported to the gateway with its usage")
		}
	}
	return nil
}

// reportLoop sends each closed period's report once.
func (l *Link) reportLoop(ctx context.Context) {
	bo := l.newBackoff()
	for {
		wait, err := l.sendDueReports(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			wait = bo.next()
			l.logFailure(err, "sending the PoCP report", wait)
		} else {
			bo.reset()
		}
		// A long sleep is cut into hours, so that a clock set forward is noticed.
		if !sleep(ctx, min(wait, time.Hour)) {
			return
		}
	}
}

// sendDueReports sends the last closed period's report (its end plus the grace has passed)
// unless the gateway has answered it already; it returns how long until the next is due.
func (l *Link) sendDueReports(ctx context.Context) (time.Duration, error) {
	cal := l.d.reports.Calendar()
	now := l.now()
	n, ok := cal.LastClosed(now.Add(-l.d.reportGrace))
	nextDue := func(period uint64) time.Duration {
		_, end, err := cal.Period(period)
		if err != nil {
			return time.Hour
		}
		return max(end.Add(l.d.reportGrace).Sub(now), time.Second)
	}
	if !ok {
		if now.Before(cal.Genesis) {
			return max(cal.Genesis.Sub(now), time.Second), nil
		}
		return nextDue(0), nil
	}
	cluster, err := l.d.reports.Cluster(ctx)
	if err != nil {
		return 0, err
	}
	if _, _, done, err := l.journal.GatewayReport(ctx, cluster, n); err != nil || done {
		return nextDue(n + 1), err
	}
	// The gateway takes reports from approved sites only: a pending or suspended site keeps
	// its report until it is approved (or the period is settled without it).
	if status := l.currentStatus(); status != StatusApproved {
		return l.cfg.RetryMax, nil
	}
	log := l.log.WithField("period", n).WithField("cluster", cluster)
	data, err := l.builtReport(ctx, cluster, n)
	if errors.Is(err, errNoObservations) {
		if err := l.journal.RecordGatewayReport(ctx, cluster, n, journal.ReportSkipped, err.Error()); err != nil {
			return 0, err
		}
		log.Info("no PoCP report for this period: the site observed nothing in it")
		return nextDue(n + 1), nil
	}
	if err != nil {
		return 0, fmt.Errorf("building the report of period %d: %w", n, err)
	}
	_, _, err = l.client.call(ctx, http.MethodPost, protocol.PathReports, http.Header{"Content-Type": {"application/json"}}, data, requestTimeout, l.maxAckAnswer)
	var se *statusError
	switch {
	case err == nil:
		if err := l.journal.RecordGatewayReport(ctx, cluster, n, journal.ReportAccepted, ""); err != nil {
			return 0, err
		}
		log.Info("PoCP report accepted by the gateway")
	case errors.As(err, &se) && se.final():
		if err := l.journal.RecordGatewayReport(ctx, cluster, n, journal.ReportRejected, clipUTF8(se.Message, maxErrorLen)); err != nil {
			return 0, err
		}
		log.WithField("status", se.Status).WithField("reason", se.Message).Warn("the gateway rejected the PoCP report; it is not sent again")
	default:
		return 0, err
	}
	return nextDue(n + 1), nil
}

// builtReport builds a period's report once per process: a retry after a failed send
// reuses it rather than read fifteen days of slots again.
func (l *Link) builtReport(ctx context.Context, cluster string, epoch uint64) ([]byte, error) {
	if l.report != nil && l.report.cluster == cluster && l.report.epoch == epoch {
		return l.report.data, nil
	}
	domain, err := l.reportDomain(ctx)
	if err != nil {
		return nil, err
	}
	data, err := l.d.reports.Report(ctx, cluster, epoch, domain)
	if err != nil {
		return nil, err
	}
	l.report = &builtReport{cluster: cluster, epoch: epoch, data: data}
	return data, nil
}

// reportDomain is the EIP-712 domain reports are signed in: the gateway's chain and settlement
// contract as it announces them. A site that set pocp.chainId or pocp.verifyingContract must
// agree with the gateway: a report signed for another contract would be refused anyway, and
// signing for whatever a server announces, against the admin's explicit setting, is not safe.
func (l *Link) reportDomain(ctx context.Context) (pocp.Domain, error) {
	d, ok, err := l.client.reportDomain(ctx)
	if err != nil {
		return pocp.Domain{}, fmt.Errorf("the gateway's chain (the domain reports are signed in): %w", err)
	}
	if !ok {
		return pocp.Domain{}, errors.New("the gateway announces no chain id and settlement contract on GET /v1/info: cannot sign reports for it")
	}
	if c := l.d.pocpContract; c != "" && common.HexToAddress(c) != d.VerifyingContract {
		return pocp.Domain{}, fmt.Errorf("pocp.verifyingContract is %s but the gateway settles on %s: remove the setting or correct it", c, d.VerifyingContract.Hex())
	}
	if id := l.d.pocpChainID; id != 0 && big.NewInt(id).Cmp(d.ChainID) != 0 {
		return pocp.Domain{}, fmt.Errorf("pocp.chainId is %d but the gateway's chain is %s: remove the setting or correct it", id, d.ChainID)
	}
	return d, nil
}

func (l *Link) currentStatus() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.status
}

// logWorker answers queued log requests.
func (l *Link) logWorker(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case req := <-l.logQueue:
			if err := l.answerLog(ctx, req); err != nil && ctx.Err() == nil {
				l.log.WithError(err).WithField("request", req.ID).Warn("could not send logs to the gateway (it asks again)")
			}
		}
	}
}

// answerLog reads the logs a request asks for and posts them.
func (l *Link) answerLog(ctx context.Context, req protocol.LogRequest) error {
	if !logRequestIDPattern.MatchString(req.ID) {
		l.log.WithField("request", clean(req.ID, 64)).Warn("log request with an invalid id; ignored")
		return nil
	}
	h := http.Header{"Content-Type": {"application/octet-stream"}, HeaderLogOffset: {strconv.FormatInt(max(req.Offset, 0), 10)}}
	data, eof, err := l.readLogs(ctx, req)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		h.Set(HeaderLogError, headerText(err.Error(), 300))
		data = nil
	} else if eof {
		h.Set(HeaderLogEOF, "1")
	}
	if data == nil {
		data = []byte{}
	}
	_, _, err = l.client.call(ctx, http.MethodPost, protocol.PathLogs+req.ID, h, data, requestTimeout, l.maxAckAnswer)
	return err
}

// readLogs checks a log request against the journal and reads the logs. The task is read
// only for an array step (task < 0: every task); for anything else it is ignored.
func (l *Link) readLogs(ctx context.Context, req protocol.LogRequest) ([]byte, bool, error) {
	if !protocol.ValidJobID(req.Job) {
		return nil, false, fmt.Errorf("%q is not a job id", clean(req.Job, 40))
	}
	if req.Offset < 0 {
		return nil, false, fmt.Errorf("offset %d is negative", req.Offset)
	}
	run, err := l.journal.Get(ctx, req.Job)
	if errors.Is(err, journal.ErrNotFound) || err == nil && !fromGateway(run) {
		return nil, false, fmt.Errorf("no job %s on this site", req.Job)
	}
	if err != nil {
		return nil, false, err
	}
	task := -1
	if req.Step != "" {
		for _, s := range run.Steps {
			if s.Name == req.Step && s.ArraySize > 0 && req.Task >= 0 {
				task = req.Task
			}
		}
	}
	maxBytes := req.MaxBytes
	if maxBytes <= 0 || maxBytes > protocol.MaxLogChunk {
		maxBytes = protocol.MaxLogChunk
	}
	return l.d.logs.ReadLogs(ctx, req.Job, req.Step, task, req.Stream, req.Offset, maxBytes)
}

// headerText makes text fit a header value: printable ASCII, at most limit bytes.
func headerText(s string, limit int) string {
	var b strings.Builder
	for _, r := range s {
		if b.Len() >= limit {
			b.WriteString("...")
			break
		}
		if r >= 0x20 && r < 0x7f {
			b.WriteRune(r)
		} else {
			b.WriteByte('?')
		}
	}
	return b.String()
}

// clipUTF8 cuts s to at most n bytes without splitting a character.
func clipUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[:n]
	for len(s) > 0 && !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s
}
