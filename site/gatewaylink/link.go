// Package gatewaylink is the site side of the connection to the grid gateway. HPC centres
// let their machines connect out but not in, so the site daemon does all the talking: it
// registers the site's inventory and prices, long-polls for assignments, cancellations and
// log requests, and sends back run states, usage, logs and signed PoCP reports. Every
// request is signed with the site key (package reqsign) for the gateway's audience.
//
// The link never stops the daemon: while the gateway is unreachable it logs and tries
// again with backoff, and what the gateway has acknowledged is kept in the journal, so that
// a restart sends again exactly what was not acknowledged.
//
// Each loop lives in its own file with only the state it needs: the poll loop (poll.go)
// registers (register.go) and takes assignments and cancellations (intake.go); the update
// loop (updates.go) sends answers, run states and usage; the log workers (logs.go) answer
// log requests; the report loop (reports.go) sends each period's PoCP report.
package gatewaylink

import (
	"context"
	"crypto/ecdsa"
	"crypto/tls"
	"errors"
	"fmt"
	"io/fs"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/accounting"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/internal/backoff"
	"github.com/petagrid/petagrid/internal/catalogfile"
	"github.com/petagrid/petagrid/internal/logging"
	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/site"
	"github.com/petagrid/petagrid/site/journal"
	"github.com/petagrid/petagrid/site/pocpreport"
	"github.com/petagrid/petagrid/site/siteapi"
	"github.com/petagrid/petagrid/tokenomics"
)

// maxErrorLen is the protocol's bound on an error or refusal text.
const maxErrorLen = 4000

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
	// BidPolicy is the bid-policy plugin grid.bidding.policy names (nil: none, the site
	// bids its prices). New refuses a policy named in the configuration and not given.
	BidPolicy BidPolicy
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
	// challenges runs compute challenges (nil: they are ignored).
	challenges ChallengeRunner
	// bidPolicy decides the site's bids (nil: its prices).
	bidPolicy BidPolicy
	log       logrus.FieldLogger
	tlsConfig *tls.Config
	// reportGrace is how long after a period's end its report is built (the harvester and
	// the node sampler must have caught up).
	reportGrace time.Duration
}

// Link is the site's connection to the gateway. Its loops share one client and hand each
// other only what must pass between them: assignments' answers, the site's status, a
// wake-up for the update loop, log requests.
type Link struct {
	cfg      Config
	log      logrus.FieldLogger
	client   *client
	siteName string
	siteKey  common.Address

	// backoffMin is shortened by tests.
	backoffMin time.Duration

	poll    *poller
	updates *updater
	reports *reporter // nil: reports off
	logs    *logResponder
	answers *challengePoster
}

// New checks the gateway section against the site and prepares the link; it does not
// contact the gateway (Run does, and waits for it). Every error is a configuration error.
func New(cfg Config, d *site.Daemon, opts Options) (*Link, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("grid configuration (the site's link to the gateway):\n%w", err)
	}
	log := logging.OrDiscard(opts.Log)
	sc := d.Config()
	if err := checkSite(cfg, sc); err != nil {
		return nil, err
	}
	st := d.AccountingStore()
	if st == nil {
		return nil, errors.New("grid: the site daemon runs without accounting, and grid jobs' usage comes from it")
	}
	acct := opts.Accounting.WithDefaults()
	if err := checkAccounting(acct); err != nil {
		return nil, err
	}
	key, err := reqsign.LoadKeyFile(cfg.Key)
	if err != nil {
		return nil, fmt.Errorf("grid.key: %w", err)
	}
	cat, resolved, err := scoring(opts)
	if err != nil {
		return nil, err
	}
	slotSeconds := int64(acct.Nodes.Slot / time.Second)
	if cfg.Reports() {
		if err := resolved.Calendar.CheckSlotGrid(slotSeconds); err != nil {
			return nil, fmt.Errorf("pocp and accounting.nodes.slot: %w", err)
		}
	}
	if cfg.Bidding.Policy != "" && opts.BidPolicy == nil {
		return nil, fmt.Errorf("grid.bidding.policy %q: no bid-policy plugin of that name is configured (plugins.plugins, kind bid-policy)", clip(cfg.Bidding.Policy, 60))
	}
	log = log.WithField("component", "gatewaylink")
	cluster := &clusterName{name: acct.Cluster, slurm: d.Slurm()}
	dp := deps{
		siteName: sc.Name, version: opts.Version, key: key, journal: d.Journal(), acceptor: d, logs: d, log: log, tlsConfig: opts.TLSConfig,
		inventory:   &slurmInventory{slurm: d.Slurm(), store: st, catalog: cat, hardware: resolved.Hardware, partitions: sc.GridPartitions, now: time.Now},
		usage:       &accountingUsage{store: st, catalog: cat, hardware: resolved.Hardware, cluster: cluster, log: log},
		reportGrace: max(2*acct.Harvest.Interval, time.Minute),
		bidPolicy:   opts.BidPolicy,
	}
	if cfg.Reports() {
		dp.pocpChainID, dp.pocpContract = opts.PoCP.ChainID, opts.PoCP.VerifyingContract
		dp.reports = &storeReports{store: st, catalog: cat, cfg: resolved, cluster: cluster, slotSeconds: slotSeconds, key: key}
	}
	l, err := newLink(cfg, dp)
	if err != nil {
		return nil, err
	}
	// The runner posts its answers through the link, so it is built once the link is.
	runner, err := d.EnableChallenges(l, cfg.LocalUser)
	if err != nil {
		return nil, err
	}
	if runner != nil {
		l.poll.challenges.runner = runner
		l.poll.gpuKernel = runner.TimesGPUs()
	}
	return l, nil
}

// checkSite checks that the site can be a grid site as configured: its name fits the
// protocol, and grid.localUser fits its user mode.
func checkSite(cfg Config, sc site.Config) error {
	if !protocol.ValidSiteName(sc.Name) {
		return fmt.Errorf("site.name %q cannot name a site at the gateway: use 1-63 characters from a-z 0-9 -, starting with a letter or digit", sc.Name)
	}
	switch sc.Users.Mode {
	case site.ModePool:
		if cfg.LocalUser != "" {
			return errors.New("grid.localUser is for mapped mode; pool mode runs every grid job as the daemon's own account")
		}
	case site.ModeMapped:
		if cfg.LocalUser != "" {
			allowed := false
			for _, u := range sc.Users.AllowedLocalUsers {
				allowed = allowed || u == cfg.LocalUser
			}
			if !allowed {
				return fmt.Errorf("grid.localUser %q is not in site.users.allowedLocalUsers", cfg.LocalUser)
			}
		}
	}
	return nil
}

// checkAccounting checks that the accounting loops the link reads from are on.
func checkAccounting(acct accounting.Config) error {
	if acct.Harvest.Disabled {
		return errors.New("grid: accounting.harvest.disabled is set, but grid jobs' usage comes from the sacct harvester")
	}
	if acct.Nodes.Disabled {
		return errors.New("grid: accounting.nodes.disabled is set, but usage and PoCP reports score the nodes the node sampler records")
	}
	return nil
}

// scoring loads the catalog and resolves the pocp section that usage and reports are scored
// with.
func scoring(opts Options) (*tokenomics.Catalog, pocpreport.Resolved, error) {
	cat := opts.Catalog
	if cat == nil {
		var err error
		if cat, err = loadCatalog(opts.PoCP.Catalog); err != nil {
			return nil, pocpreport.Resolved{}, err
		}
	}
	resolved, err := opts.PoCP.Resolve()
	if err != nil {
		return nil, pocpreport.Resolved{}, err
	}
	// The scorer checks pocp.hardware against the catalog: a misspelt model is a
	// configuration error now rather than a failed registration later.
	if _, err := pocpreport.NewScorer(cat, resolved.Hardware, nil); err != nil {
		return nil, pocpreport.Resolved{}, err
	}
	return cat, resolved, nil
}

func loadCatalog(path string) (*tokenomics.Catalog, error) {
	cat, err := catalogfile.Load(path)
	if errors.As(err, new(*fs.PathError)) {
		return nil, fmt.Errorf("pocp.catalog: %w", err)
	}
	return cat, err
}

// newLink wires the loops: the poll loop hands answers to the update loop (and wakes it),
// log requests to the log workers, and the site's status to the report loop.
func newLink(cfg Config, d deps) (*Link, error) {
	cfg = cfg.WithDefaults()
	c, err := newClient(cfg, d.key, d.tlsConfig, "petagrid-site/"+d.version)
	if err != nil {
		return nil, err
	}
	now := func() time.Time { return time.Now().UTC() }
	answers := &answerBook{byJob: map[string]answer{}}
	status := &admission{}
	version := &gatewayProtocol{}
	wake := make(chan struct{}, 1)
	logRequests := make(chan protocol.LogRequest, logQueue)
	// A poll answer carries assignments; every other answer is an acknowledgement.
	const maxPollAnswer, maxAckAnswer = 64 << 20, 1 << 20
	l := &Link{
		cfg: cfg, log: d.log, client: c, siteName: d.siteName, siteKey: crypto.PubkeyToAddress(d.key.PublicKey),
		backoffMin: time.Second,
		poll: &poller{
			pollWait: cfg.PollWait, notApprovedWait: cfg.RetryMax, client: c, log: d.log, admission: status, gatewayProtocol: version, updatesDue: wake, logRequests: logRequests,
			minPollInterval: minPollInterval, maxPollAnswer: maxPollAnswer,
			inventory: &inventoryCache{source: d.inventory, maxAge: inventoryMaxAge, now: now},
			registrar: &registrar{client: c, log: d.log, siteName: d.siteName, version: d.version,
				prices: cfg.Prices(), labels: cfg.Labels, maxAckAnswer: maxAckAnswer},
			intake:     &intake{client: c, journal: d.journal, acceptor: d.acceptor, answers: answers, localUser: cfg.LocalUser, log: d.log, now: now},
			challenges: &challengeIntake{runner: d.challenges, log: d.log, now: now, noted: map[string]bool{}},
		},
		updates: &updater{client: c, journal: d.journal, usage: d.usage, answers: answers, wake: wake, protocol: version, interval: cfg.UpdateInterval,
			log: d.log, maxAckAnswer: maxAckAnswer, usageErrs: map[string]string{}},
		logs: &logResponder{queue: logRequests, client: c, journal: d.journal, logs: d.logs, log: d.log, maxAckAnswer: maxAckAnswer},
	}
	l.poll.bids = &bidder{client: c, key: d.key, siteName: d.siteName, log: d.log, now: now, disabled: cfg.Bidding.Disabled, prices: cfg.Prices(),
		floorWei: cfg.Bidding.floorWei(), policy: d.bidPolicy, activeRuns: activeRuns(d.journal.CountByState), inventory: l.poll.inventory, maxAckAnswer: maxAckAnswer,
		sealed: map[string]sealedBid{}, noted: map[string]bool{}}
	l.answers = &challengePoster{client: c, log: d.log, backoff: l.newBackoff, maxAckAnswer: maxAckAnswer}
	if d.reports != nil {
		l.reports = &reporter{builder: d.reports, client: c, journal: d.journal, admission: status, protocol: version, log: d.log, now: now,
			grace: d.reportGrace, notApprovedWait: cfg.RetryMax, pocpChainID: d.pocpChainID, pocpContract: d.pocpContract, maxAckAnswer: maxAckAnswer}
	}
	return l, nil
}

// Run talks to the gateway until ctx ends. Failures to reach it, or answers that make no
// sense, are logged and tried again with backoff; Run never returns because of them.
func (l *Link) Run(ctx context.Context) error {
	defer l.client.close()
	l.log.WithFields(logrus.Fields{"url": l.cfg.URL, "site": l.siteName, "siteKey": l.siteKey.Hex(),
		"reports": l.reports != nil}).Info("connecting to the grid gateway")
	var wg sync.WaitGroup
	start := func(f func(context.Context)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(ctx)
		}()
	}
	start(func(ctx context.Context) { l.poll.loop(ctx, l.newBackoff()) })
	start(func(ctx context.Context) { l.updates.loop(ctx, l.newBackoff()) })
	if l.reports != nil {
		start(func(ctx context.Context) { l.reports.loop(ctx, l.newBackoff()) })
	}
	for i := 0; i < logWorkers; i++ {
		start(l.logs.worker)
	}
	wg.Wait()
	return nil
}

// backoff is exponential with jitter: sites that lost the gateway together do not all come
// back in the same second.
// newBackoff is a loop's wait between failed calls to the gateway: doubling from
// backoffMin up to the configured maximum, jittered so that sites do not retry in step.
func (l *Link) newBackoff() *backoff.Exponential {
	return &backoff.Exponential{Initial: l.backoffMin, Max: max(l.cfg.RetryMax, l.backoffMin), Jitter: true}
}

func logFailure(log logrus.FieldLogger, err error, what string, wait time.Duration) {
	entry := log.WithError(err).WithField("retryInSeconds", wait.Round(100*time.Millisecond).Seconds())
	if certificateProblem(err) {
		entry.Error(what + ": the gateway's TLS certificate is not trusted; will try again")
		return
	}
	entry.Warn(what + " failed; will try again")
}

// fromGateway says whether the gateway assigned run (rather than a researcher submitting it
// to the site directly).
func fromGateway(run siteapi.Run) bool {
	return run.IdempotencyKey == journal.GatewayKeyPrefix+run.ID
}

// clipUTF8 cuts s to at most n bytes without splitting a character.
// What it cuts is valid UTF-8. Not sanitize.Clip: its texts go out in JSON under the
// protocol's byte bound, which a marker would exceed and which must still hold after JSON
// turns each invalid byte into U+FFFD (3 bytes).
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
