package gateway

import (
	"context"
	"crypto/ecdsa"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net"
	"net/http"
	"os"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/gateway/placement"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/internal/httpguard"
	"github.com/petagrid/petagrid/internal/logging"
	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/plugins"
	"github.com/petagrid/petagrid/pocp"
	"github.com/petagrid/petagrid/tokenomics"
)

// Gateway is one running grid gateway.
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
	policy   placement.Policy
	// plugin is the placement plugin process, when one ranks (closed with the gateway).
	plugin *plugins.Plugin
	relay  http.Handler
	now    func() time.Time

	// wake signals a site's pending poll that it has something to send.
	wakeMu sync.Mutex
	wake   map[string]chan struct{}
	// polls bounds each site's held long polls.
	polls *sitePolls
	// placeWake signals the placer.
	placeWake chan struct{}
	logs      *logRelay
	// cancelSent is when each (site, job) cancel was last sent, so that a cancel in flight
	// is not repeated on every poll.
	cancelMu   sync.Mutex
	cancelSent map[string]time.Time
	// epochMu serialises epoch closes (the automatic one and an operator's), and registry
	// changes with them.
	epochMu sync.Mutex
	// siteMu serialises site registrations with approvals: an approval checks and admits
	// the registration the operator reviewed with nothing registered in between.
	siteMu sync.Mutex
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

// deploymentVersion is the contracts' generation a state was deployed with: the contracts'
// interfaces changed with version 2 (the registry bounds every rebalance, rewards scale with
// the epoch, the halving is anchored to genesis), and a state of an older generation settles
// on contracts this gateway cannot drive.
const deploymentVersion = 2

// deploymentRecord is what the state keeps of the contracts it settles on.
type deploymentRecord struct {
	Version             int                 `json:"version"`
	ChainID             string              `json:"chainId"`
	Addresses           contracts.Addresses `json:"addresses"`
	Genesis             time.Time           `json:"genesis"`
	PeriodSeconds       uint64              `json:"periodSeconds"`
	EraSeconds          uint64              `json:"eraSeconds"`
	EraThresholdGFL     string              `json:"eraThresholdGflWei"`
	DPSSupply           string              `json:"dpsSupplyWei"`
	ReclaimAfterSeconds uint64              `json:"reclaimAfterSeconds"`
}

const metaDeployment = "deployment"

// New opens the state and the chain, and deploys the contracts the first time (recording
// their addresses in the state, so that every later start settles on the same ones).
func New(ctx context.Context, cfg Config, opts Options) (*Gateway, error) {
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
		catalog: catalog, calendar: cal, policy: opts.Policy, now: opts.Now, wake: map[string]chan struct{}{}, polls: newSitePolls(), placeWake: make(chan struct{}, 1), cancelSent: map[string]time.Time{}}
	if g.policy == nil {
		g.policy = placement.Default{}
	}
	if pc := cfg.placementPlugin(); pc != nil && opts.Policy == nil {
		// A plugin that cannot start (missing, another checksum, another protocol) is a
		// configuration error; one that fails later falls back to the built-in policy.
		p, err := plugins.Start(ctx, cfg.Plugins.Dir, *pc, log)
		if err != nil {
			return nil, fmt.Errorf("gateway.placement.policy: %w", err)
		}
		g.plugin = p
		g.policy = pluginPolicy{plugin: p, fallback: placement.Default{}, log: log}
	}
	if g.now == nil {
		g.now = func() time.Time { return time.Now().UTC() }
	}
	g.logs = newLogRelay()
	g.params = contracts.Params{Genesis: res.genesis, PeriodSeconds: uint64(cfg.Epochs.Period / time.Second), EraSeconds: uint64(cfg.Economy.EraLength / time.Second),
		EraThresholdGFL: res.eraThresholdWei, DPSSupply: res.dpsSupplyWei, ReclaimAfterSeconds: uint64(cfg.Economy.ReclaimAfter / time.Second),
		CapacityTolerancePPM: res.capacityTolerancePPM, EnvironmentalFactors: cfg.Economy.EnvironmentalFactors.Enabled}
	if g.store, err = store.Open(ctx, cfg.State); err != nil {
		g.Close() // the placement plugin, if one started
		return nil, err
	}
	g.store.SetSeenInterval(seenInterval(cfg.Sites.OfflineAfter))
	if err := g.openChain(ctx); err != nil {
		g.Close()
		return nil, err
	}
	// An epoch the chain closed while the gateway was down is recorded before anything else.
	oc, err := g.deploy.State(ctx)
	if err == nil {
		err = g.reconcileEpochs(ctx, oc.NextEpoch)
	}
	if err != nil {
		g.Close()
		return nil, fmt.Errorf("checking the state against the chain: %w", err)
	}
	return g, nil
}

func loadCatalog(path string) (*tokenomics.Catalog, error) {
	if path == "" {
		return tokenomics.LoadEmbeddedCatalog()
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("gateway.pocp.catalog: %w", err)
	}
	c, err := tokenomics.LoadCatalog(path, data)
	if err != nil {
		return nil, fmt.Errorf("gateway.pocp.catalog:\n%w", err)
	}
	return c, nil
}

// openChain connects to the chain and binds (or first deploys) the contracts.
func (g *Gateway) openChain(ctx context.Context) error {
	switch g.cfg.Chain.Mode {
	case ChainEmbedded:
		dev, err := contracts.OpenDevChain(ctx, g.cfg.Chain.Dir, g.address)
		if err != nil {
			return fmt.Errorf("embedded chain: %w", err)
		}
		g.dev, g.chain = dev, dev.Chain
		g.relay = contracts.NewRelay(dev.Chain, dev.RPC(), g.log)
	default:
		c, err := contracts.Dial(ctx, g.cfg.Chain.URL, g.cfg.Chain.Confirmations)
		if err != nil {
			return fmt.Errorf("gateway.chain.url: %w", err)
		}
		g.chain = c
		if rc := c.RPCClient(); rc != nil {
			g.relay = contracts.NewRelay(c, rc, g.log)
		}
	}
	raw, ok, err := g.store.Meta(ctx, metaDeployment)
	if err != nil {
		return err
	}
	if ok {
		var rec deploymentRecord
		if err := json.Unmarshal([]byte(raw), &rec); err != nil {
			return fmt.Errorf("the state's deployment record: %w", err)
		}
		if rec.Version != deploymentVersion {
			return fmt.Errorf("the state was deployed with contracts of generation %d, this gateway drives generation %d: start with a new gateway.state (and chain)", rec.Version, deploymentVersion)
		}
		if rec.ChainID != g.chain.ChainID().String() {
			return fmt.Errorf("the state settles on chain %s, but the configured chain is %s: point gateway.chain at the chain the state was created with, or start with a new gateway.state", rec.ChainID, g.chain.ChainID())
		}
		if !rec.Genesis.Equal(g.params.Genesis) || rec.PeriodSeconds != g.params.PeriodSeconds {
			return fmt.Errorf("the contracts were deployed with genesis %s and %d-second epochs; gateway.epochs says %s and %d: the calendar cannot change after deployment",
				rec.Genesis.Format(time.RFC3339), rec.PeriodSeconds, g.params.Genesis.Format(time.RFC3339), g.params.PeriodSeconds)
		}
		g.deploy = contracts.Attach(g.chain, rec.Addresses)
		code, err := g.chain.Backend().CodeAt(ctx, rec.Addresses.Settlement, nil)
		if err != nil {
			return fmt.Errorf("checking the settlement contract: %w", err)
		}
		if len(code) == 0 {
			return fmt.Errorf("no contract at the recorded settlement address %s on chain %s: the chain is not the one the state was created with", rec.Addresses.Settlement.Hex(), rec.ChainID)
		}
		g.params.EraSeconds = rec.EraSeconds
		threshold, ok := new(big.Int).SetString(rec.EraThresholdGFL, 10)
		if !ok || threshold.Sign() <= 0 {
			return fmt.Errorf("the state's deployment record has a malformed era threshold %q", rec.EraThresholdGFL)
		}
		g.params.EraThresholdGFL = threshold
		g.params.ReclaimAfterSeconds = rec.ReclaimAfterSeconds
		return g.checkDeployedSettings(ctx)
	}
	g.log.WithField("chainId", g.chain.ChainID()).Info("deploying the contracts (first start)")
	d, err := contracts.Deploy(ctx, g.chain, g.key, g.address, g.address, g.params)
	if err != nil {
		return err
	}
	if g.res.rewardPoolWei.Sign() > 0 {
		if err := d.FundPool(ctx, g.key, g.res.rewardPoolWei); err != nil {
			return fmt.Errorf("funding the reward pool: %w", err)
		}
	}
	rec := deploymentRecord{Version: deploymentVersion, ChainID: g.chain.ChainID().String(), Addresses: d.Addresses, Genesis: g.params.Genesis, PeriodSeconds: g.params.PeriodSeconds,
		EraSeconds: g.params.EraSeconds, EraThresholdGFL: g.params.EraThresholdGFL.String(), DPSSupply: g.params.DPSSupply.String(), ReclaimAfterSeconds: g.params.ReclaimAfterSeconds,
	}
	data, _ := json.Marshal(rec)
	if err := g.store.SetMeta(ctx, metaDeployment, string(data)); err != nil {
		return err
	}
	g.deploy = d
	g.log.WithField("settlement", d.Addresses.Settlement.Hex()).WithField("escrow", d.Addresses.Escrow.Hex()).Info("contracts deployed")
	return nil
}

// checkDeployedSettings compares the settings the settlement contract holds with the
// configuration's, read from the contract itself: it enforces the capacity tolerance and
// allows environmental factors as deployed, so a gateway that accepted reports by another
// tolerance would send settlements the chain refuses.
func (g *Gateway) checkDeployedSettings(ctx context.Context) error {
	tolerance, err := g.deploy.CapacityTolerancePPM(ctx)
	if err != nil {
		return fmt.Errorf("reading the settlement's capacity tolerance: %w", err)
	}
	if tolerance != g.params.CapacityTolerancePPM {
		return fmt.Errorf("the contracts were deployed with a capacity tolerance of %d ppm; gateway.pocp.capacityTolerance says %d ppm: it cannot change after deployment",
			tolerance, g.params.CapacityTolerancePPM)
	}
	factors, err := g.deploy.EnvironmentalFactorsEnabled(ctx)
	if err != nil {
		return fmt.Errorf("reading whether the settlement allows environmental factors: %w", err)
	}
	if factors != g.params.EnvironmentalFactors {
		return fmt.Errorf("the contracts were deployed with environmental factors enabled=%v; gateway.economy.environmentalFactors.enabled says %v: it cannot change after deployment",
			factors, g.params.EnvironmentalFactors)
	}
	return nil
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

// Run serves the API and runs the placer, the site monitor, the escrow settler and the epoch
// closer until ctx ends.
func (g *Gateway) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	l, err := net.Listen("tcp", g.cfg.Listen)
	if err != nil {
		return fmt.Errorf("gateway.listen: %w", err)
	}
	// The cap wraps the TCP listener beneath TLS, so that handshakes count too.
	l = g.limitConnections(l)
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

// Serve is Run on a plain TCP listener the caller opened (tests pick a free port this
// way), with the same connection cap.
func (g *Gateway) Serve(ctx context.Context, l net.Listener) error {
	return g.serve(ctx, g.limitConnections(l))
}

// limitConnections caps the connections served at once (gateway.api.maxConnections).
func (g *Gateway) limitConnections(l net.Listener) net.Listener {
	limit := g.cfg.API.MaxConnections
	return httpguard.LimitListener(l, limit, httpguard.WarnWhenFull(g.log, "gateway api", "gateway.api.maxConnections", limit, time.Minute))
}

// serve serves the API on l (already capped) and runs the loops until ctx ends.
func (g *Gateway) serve(ctx context.Context, l net.Listener) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// Request bodies (the chain relay's too) must arrive within gateway.api.bodyTimeout;
	// answers take as long as their route needs (long polls, log relays).
	srv := httpguard.Server(g.Handler(), httpguard.Limits{BodyTimeout: g.cfg.API.BodyTimeout})
	var wg sync.WaitGroup
	loops := []func(context.Context){g.placer, g.siteMonitor, g.escrowSettler, g.epochCloser}
	for _, loop := range loops {
		wg.Add(1)
		go func() {
			defer wg.Done()
			loop(ctx)
		}()
	}
	g.log.WithField("address", l.Addr().String()).WithField("gateway", g.cfg.Name).Info("listening")
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(l) }()
	var err error
	select {
	case <-ctx.Done():
	case err = <-errc:
		if errors.Is(err, http.ErrServerClosed) {
			err = nil
		}
	}
	cancel()
	shutdown, stop := context.WithTimeout(context.Background(), 5*time.Second)
	defer stop()
	if serr := srv.Shutdown(shutdown); serr != nil {
		srv.Close()
	}
	wg.Wait()
	if err != nil {
		return fmt.Errorf("gateway api: %w", err)
	}
	return nil
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

func (g *Gateway) wakeSite(site string) {
	g.wakeMu.Lock()
	ch, ok := g.wake[site]
	if !ok {
		ch = make(chan struct{}, 1)
		g.wake[site] = ch
	}
	g.wakeMu.Unlock()
	select {
	case ch <- struct{}{}:
	default:
	}
}

func (g *Gateway) siteWake(site string) <-chan struct{} {
	g.wakeMu.Lock()
	defer g.wakeMu.Unlock()
	ch, ok := g.wake[site]
	if !ok {
		ch = make(chan struct{}, 1)
		g.wake[site] = ch
	}
	return ch
}

func (g *Gateway) wakePlacer() {
	select {
	case g.placeWake <- struct{}{}:
	default:
	}
}
