package gateway

import (
	"context"
	"crypto/ecdsa"
	"crypto/rand"
	"crypto/tls"
	"errors"
	"fmt"
	"math/big"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/gateway/placement"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/internal/catalogfile"
	"github.com/petagrid/petagrid/internal/httpguard"
	"github.com/petagrid/petagrid/internal/logging"
	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/plugins"
	"github.com/petagrid/petagrid/pocp"
	"github.com/petagrid/petagrid/tokenomics"
)

// Gateway is one running grid gateway: it opens the state and the chain, wires the parts
// that do the work (the registry of sites, the intake of submissions, the placer, the
// settler of reports and escrows, the epoch closer), serves the API with them and runs
// their loops.
type Gateway struct {
	cfg      Config
	res      resolved
	log      logrus.FieldLogger
	version  string
	store    *store.Store
	key      *ecdsa.PrivateKey
	address  common.Address
	chain    *contracts.Chain
	dev      *contracts.DevChain // nil on a json-rpc chain
	deploy   *contracts.Deployment
	params   contracts.Params
	catalog  *tokenomics.Catalog
	calendar pocp.Calendar
	// plugin is the placement plugin process, when one ranks (closed with the gateway).
	plugin *plugins.Plugin
	relay  http.Handler
	now    func() time.Time

	// polls bounds each site's held long polls.
	polls   *sitePolls
	logs    *logRelay
	wake    *wakeups
	metrics *metrics

	registry *registry
	placer   *placer
	intake   *intake
	settler  *settler
	closer   *epochCloser
	// challenger issues and decides compute challenges.
	challenger *challenger
	// voter decides replicated jobs' votes and slashes their dissents.
	voter *replicaVoter
	// dashboard gathers the dashboard's data.
	dashboard *dashboardSource
}

// Options are what New needs besides the configuration.
type Options struct {
	Log     logrus.FieldLogger
	Version string
	// Policy replaces the built-in placement policy (the plugin host sets it).
	Policy placement.Policy
	// Now replaces the clock (tests).
	Now func() time.Time
}

// New opens the state and the chain, and deploys the contracts the first time (recording
// their addresses in the state, so that every later start settles on the same ones).
func New(ctx context.Context, cfg Config, opts Options) (*Gateway, error) {
	g, err := newGateway(cfg, opts)
	if err != nil {
		return nil, err
	}
	policy, err := g.startPolicy(ctx, opts.Policy)
	if err != nil {
		return nil, err
	}
	if g.store, err = store.Open(ctx, g.cfg.State); err != nil {
		g.Close() // the placement plugin, if one started
		return nil, err
	}
	g.store.SetSeenInterval(seenInterval(g.cfg.Sites.OfflineAfter))
	if err := g.openChain(ctx); err != nil {
		g.Close()
		return nil, err
	}
	g.wire(policy)
	// An epoch the chain closed while the gateway was down is recorded before anything else.
	oc, err := g.deploy.State(ctx)
	if err == nil {
		err = g.closer.Reconcile(ctx, oc.NextEpoch)
	}
	if err != nil {
		g.Close()
		return nil, fmt.Errorf("checking the state against the chain: %w", err)
	}
	return g, nil
}

// newGateway checks the configuration and loads what needs neither the state nor the chain.
func newGateway(cfg Config, opts Options) (*Gateway, error) {
	cfg = cfg.WithDefaults()
	res, err := cfg.resolve()
	if err != nil {
		return nil, fmt.Errorf("gateway configuration:\n%w", err)
	}
	log := logging.OrDiscard(opts.Log).WithField("component", "gateway")
	key, err := reqsign.LoadKeyFile(cfg.Key)
	if err != nil {
		return nil, fmt.Errorf("gateway.key: %w", err)
	}
	catalog, err := loadCatalog(cfg.PoCP.Catalog)
	if err != nil {
		return nil, err
	}
	cal, err := pocp.NewCalendar(res.genesis, int64(cfg.Epochs.Period/time.Second))
	if err != nil {
		return nil, fmt.Errorf("gateway.epochs: %w", err)
	}
	g := &Gateway{cfg: cfg, res: res, log: log, version: opts.Version, key: key, address: crypto.PubkeyToAddress(key.PublicKey),
		catalog: catalog, calendar: cal, now: opts.Now, polls: newSitePolls(), wake: newWakeups()}
	g.logs = newLogRelay(g.wake)
	if g.now == nil {
		g.now = func() time.Time { return time.Now().UTC() }
	}
	g.params = contracts.Params{Genesis: res.genesis, PeriodSeconds: uint64(cfg.Epochs.Period / time.Second), EraSeconds: uint64(cfg.Economy.EraLength / time.Second),
		EraThresholdGFL: res.eraThresholdWei, DPSSupply: res.dpsSupplyWei, ReclaimAfterSeconds: uint64(cfg.Economy.ReclaimAfter / time.Second),
		CapacityTolerancePPM: res.capacityTolerancePPM, EnvironmentalFactors: cfg.Economy.EnvironmentalFactors.Enabled, Staking: res.staking,
		Governance: res.governance}
	return g, nil
}

// startPolicy is the placement policy: the one given, else the configured placement
// plugin's (started now), else the built-in one.
func (g *Gateway) startPolicy(ctx context.Context, given placement.Policy) (placement.Policy, error) {
	if given != nil {
		return given, nil
	}
	pc := g.cfg.placementPlugin()
	if pc == nil {
		return placement.Default{}, nil
	}
	// A plugin that cannot start (missing, another checksum, another protocol) is a
	// configuration error; one that fails later falls back to the built-in policy.
	p, err := plugins.Start(ctx, g.cfg.Plugins.Dir, *pc, g.log)
	if err != nil {
		return nil, fmt.Errorf("gateway.placement.policy: %w", err)
	}
	g.plugin = p
	return pluginPolicy{plugin: p, fallback: placement.Default{}, log: g.log}, nil
}

// wire builds the parts, each with the dependencies it uses, once the state and the chain
// are open.
func (g *Gateway) wire(policy placement.Policy) {
	g.metrics = newMetrics(g.store, g.now, g.cfg.Sites.OfflineAfter)
	lock := &epochLock{deploy: g.deploy, store: g.store, metrics: g.metrics}
	var fundWei *big.Int
	if g.dev != nil && *g.cfg.Sites.FundApproved {
		fundWei = g.res.fundWei
	}
	g.registry = &registry{store: g.store, deploy: g.deploy, chain: g.chain, key: g.key, lock: lock, wake: g.wake, log: g.log, now: g.now, metrics: g.metrics, catalog: g.catalog,
		offlineAfter: g.cfg.Sites.OfflineAfter, fundWei: fundWei}
	g.placer = &placer{store: g.store, policy: policy, cfg: g.cfg.Placement, offlineAfter: g.cfg.Sites.OfflineAfter,
		referenceMegaFLOPS: g.catalog.ReferenceScore().PerDeviceMegaFLOPS, catalog: g.catalog, wake: g.wake, cancels: newCancelTracker(), auctionsSent: newAuctionDeliveries(), log: g.log, now: g.now, metrics: g.metrics, random: rand.Reader}
	g.intake = &intake{store: g.store, deploy: g.deploy, chain: g.chain, placer: g.placer, audience: g.cfg.Name, cfg: g.cfg.Placement,
		reclaimAfter: time.Duration(g.params.ReclaimAfterSeconds) * time.Second, log: g.log, now: g.now, metrics: g.metrics}
	g.settler = &settler{store: g.store, deploy: g.deploy, chain: g.chain, key: g.key, calendar: g.calendar, catalog: g.catalog,
		policy: reportPolicy(g.cfg.PoCP, g.res.capacityTolerancePPM), domain: g.Domain(), log: g.log, now: g.now, metrics: g.metrics}
	g.dashboard = &dashboardSource{store: g.store, deploy: g.deploy, chain: g.chain, calendar: g.calendar, params: g.params, gateway: g.cfg.Name, chainMode: g.cfg.Chain.Mode,
		offlineAfter: g.cfg.Sites.OfflineAfter, grace: g.cfg.Epochs.Grace, referenceMegaFLOPS: g.catalog.ReferenceScore().PerDeviceMegaFLOPS, catalog: g.catalog, now: g.now, metrics: g.metrics}
	if g.deploy.HasGovernor() {
		g.dashboard.proposals = g.registry.Proposals
	}
	g.challenger = &challenger{store: g.store, deploy: g.deploy, key: g.key, catalog: g.catalog, calendar: g.calendar, cfg: g.cfg.Challenges,
		wake: g.wake, log: g.log.WithField("part", "challenges"), metrics: g.metrics, now: g.now, random: rand.Reader, plans: map[string]*sitePlan{}}
	g.voter = &replicaVoter{store: g.store, slasher: stakeSlasher{deploy: g.deploy, key: g.key, metrics: g.metrics}, place: g.placer.Place, log: g.log.WithField("part", "replicas"), metrics: g.metrics, now: g.now}
	g.closer = &epochCloser{store: g.store, deploy: g.deploy, chain: g.chain, key: g.key, calendar: g.calendar, params: g.params, cfg: g.cfg.Epochs,
		factorsBps: g.res.environmentalFactorsBps, treasury: g.address, lock: lock, log: g.log, metrics: g.metrics}
	if g.cfg.Challenges.Enabled {
		g.closer.gpuCredit = g.challenger.gpuCredit
	}
}

func loadCatalog(path string) (*tokenomics.Catalog, error) {
	c, err := catalogfile.Load(path)
	if err != nil {
		return nil, fmt.Errorf("gateway.pocp.catalog:\n%w", err)
	}
	return c, nil
}

// Close releases the chain and the state.
func (g *Gateway) Close() error {
	var errs []error
	if g.plugin != nil {
		g.plugin.Close()
	}
	if g.dev != nil {
		errs = append(errs, g.dev.Close())
	}
	if g.store != nil {
		errs = append(errs, g.store.Close())
	}
	return errors.Join(errs...)
}

// Deployment is the contract set the gateway settles on.
func (g *Gateway) Deployment() *contracts.Deployment { return g.deploy }

// DevChain is the embedded chain (nil on a json-rpc chain); tests move its clock.
func (g *Gateway) DevChain() *contracts.DevChain { return g.dev }

// Store is the gateway's state (tests and offline commands).
func (g *Gateway) Store() *store.Store { return g.store }

// Address is the gateway key's address.
func (g *Gateway) Address() common.Address { return g.address }

// Domain is the EIP-712 domain PoCP reports are signed in: this chain and its settlement.
func (g *Gateway) Domain() pocp.Domain {
	return pocp.Domain{ChainID: g.chain.ChainID(), VerifyingContract: g.deploy.Addresses.Settlement}
}

// Run serves the API (and the metrics, when gateway.metrics.listen is set) and runs the
// placer, the site monitor, the escrow settler and the epoch closer until ctx ends.
func (g *Gateway) Run(ctx context.Context) error {
	l, err := net.Listen("tcp", g.cfg.Listen)
	if err != nil {
		return fmt.Errorf("gateway.listen: %w", err)
	}
	return g.Serve(ctx, l)
}

// Serve is Run on a TCP listener the caller opened (tests pick a free port, or listen in a
// network namespace, this way): the same connection cap, and TLS when gateway.tls is set.
func (g *Gateway) Serve(ctx context.Context, l net.Listener) error {
	// The cap wraps the TCP listener beneath TLS, so that handshakes count too.
	l = g.limitConnections(l, "gateway api")
	if g.cfg.TLS.Cert != "" {
		cert, err := tls.LoadX509KeyPair(g.cfg.TLS.Cert, g.cfg.TLS.Key)
		if err != nil {
			l.Close()
			return fmt.Errorf("gateway.tls: %w", err)
		}
		l = tls.NewListener(l, &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12})
	}
	return g.serve(ctx, l)
}

// limitConnections caps the connections a listener serves at once
// (gateway.api.maxConnections).
func (g *Gateway) limitConnections(l net.Listener, what string) net.Listener {
	limit := g.cfg.API.MaxConnections
	return httpguard.LimitListener(l, limit, httpguard.WarnWhenFull(g.log, what, "gateway.api.maxConnections", limit, time.Minute))
}

// namedServer is an HTTP server with its listener, named in its errors.
type namedServer struct {
	name     string
	server   *http.Server
	listener net.Listener
}

// serve serves the API on l (already capped) and the metrics listener, and runs the loops
// until ctx ends.
func (g *Gateway) serve(ctx context.Context, l net.Listener) error {
	// Request bodies (the chain relay's too) must arrive within gateway.api.bodyTimeout;
	// answers take as long as their route needs (long polls, log relays).
	servers := []namedServer{{"gateway api", httpguard.Server(g.Handler(), httpguard.Limits{BodyTimeout: g.cfg.API.BodyTimeout}), l}}
	if ms, err := g.metricsServer(); err != nil {
		l.Close()
		return err
	} else if ms != nil {
		servers = append(servers, *ms)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	follower := &admissionFollower{reg: g.registry}
	for _, loop := range []func(context.Context){g.placer.Run, g.siteMonitor, g.settler.Run, g.closer.Run, g.challenger.Run, g.voter.Run, follower.Run} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			loop(ctx)
		}()
	}
	errc := make(chan error, len(servers))
	for _, s := range servers {
		g.log.WithField("address", s.listener.Addr().String()).WithField("gateway", g.cfg.Name).Info("listening")
		go func() {
			if err := s.server.Serve(s.listener); !errors.Is(err, http.ErrServerClosed) {
				errc <- fmt.Errorf("%s: %w", s.name, err)
			}
		}()
	}
	var err error
	select {
	case <-ctx.Done():
	case err = <-errc:
	}
	cancel()
	shutdown, stop := context.WithTimeout(context.Background(), 5*time.Second)
	defer stop()
	for _, s := range servers {
		if serr := s.server.Shutdown(shutdown); serr != nil {
			s.server.Close()
		}
	}
	wg.Wait()
	return err
}

// metricsServer serves /metrics and /healthz on gateway.metrics.listen (nil when it is off).
// Unauthenticated and GET only, but a body sent anyway is bounded as on the API.
func (g *Gateway) metricsServer() (*namedServer, error) {
	if !g.cfg.Metrics.enabled() {
		return nil, nil
	}
	l, err := net.Listen("tcp", g.cfg.Metrics.Listen)
	if err != nil {
		return nil, fmt.Errorf("gateway.metrics.listen: %w", err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(g.metrics.registry, promhttp.HandlerOpts{}))
	mux.Handle("GET /healthz", &healthCheck{store: g.store, chain: g.chain, metrics: g.metrics})
	return &namedServer{"gateway metrics", httpguard.Server(mux, httpguard.Limits{BodyTimeout: g.cfg.API.BodyTimeout}), g.limitConnections(l, "gateway metrics")}, nil
}

// siteMonitor places the unsubmitted work of sites that stopped polling elsewhere (their
// running jobs become unknown until they report again). On the embedded chain it also
// keeps the chain's clock moving.
func (g *Gateway) siteMonitor(ctx context.Context) {
	every(ctx, max(time.Second, g.cfg.Sites.OfflineAfter/3), nil, func(ctx context.Context) {
		if g.dev != nil {
			err := g.dev.Tick(ctx)
			g.metrics.observeChain(chainMine, err)
			if err != nil && ctx.Err() == nil {
				g.log.WithError(err).Warn("embedded chain: mining a block")
			}
		}
		g.placer.RequeueSilent(ctx)
	})
}

// every runs fn every interval (and when woken) until ctx ends.
func every(ctx context.Context, interval time.Duration, wake <-chan struct{}, fn func(context.Context)) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		fn(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-wake:
		}
	}
}
