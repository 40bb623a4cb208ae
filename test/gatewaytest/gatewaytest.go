// Package gatewaytest runs a grid gateway for tests and speaks the site protocol to it as a
// test double of a site daemon's gateway link (Site): a real site key, real signatures, and
// the JSON the real link sends, so that the gateway's side can be tested without Slurm. The
// real link is tested against the real gateway in test/e2e.
package gatewaytest

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/tls"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/gateway"
	gwclient "github.com/petagrid/petagrid/gateway/client"
	"github.com/petagrid/petagrid/gateway/client/relaychain"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/pocp"
	siteclient "github.com/petagrid/petagrid/site/client"
	"github.com/petagrid/petagrid/tokenomics"
)

// Grid is a gateway on an embedded chain with keys for an operator and a researcher.
type Grid struct {
	t          testing.TB
	Dir        string
	Config     gateway.Config
	Gateway    *gateway.Gateway
	URL        string
	cancel     context.CancelFunc
	done       chan error
	Operator   *ecdsa.PrivateKey
	Researcher *ecdsa.PrivateKey
	Genesis    time.Time
	// ahead is how far the gateway's clock runs ahead of the wall clock (AdvanceClock), in
	// nanoseconds.
	ahead atomic.Int64
	// listen makes the gateway's listener (nil: loopback).
	listen func() (net.Listener, error)
	// ClientTLS is what Client's clients trust when the gateway serves TLS (Config.TLS).
	ClientTLS *tls.Config
}

// AdvanceClock moves the gateway's clock d further ahead of the wall clock: what the gateway
// measures against its own time (billing windows, queue times) sees d more pass, while its
// loops keep their real pace. The chain's clock is separate (DevChain().AdjustTime).
func (g *Grid) AdvanceClock(d time.Duration) { g.ahead.Add(int64(d)) }

// Now is the gateway's clock.
func (g *Grid) Now() time.Time { return time.Now().UTC().Add(time.Duration(g.ahead.Load())) }

func NewKey(t testing.TB, path string) *ecdsa.PrivateKey {
	t.Helper()
	if _, err := reqsign.GenerateKeyFile(path); err != nil {
		t.Fatal(err)
	}
	k, err := reqsign.LoadKeyFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func StartGrid(t testing.TB, configure ...func(*gateway.Config)) *Grid {
	t.Helper()
	return StartGridListening(t, nil, configure...)
}

// StartGridListening is StartGrid with the gateway serving on the listeners listen makes (a
// new one at each Start; nil: loopback), e.g. one inside a network namespace whose link a
// test cuts.
func StartGridListening(t testing.TB, listen func() (net.Listener, error), configure ...func(*gateway.Config)) *Grid {
	t.Helper()
	dir := t.TempDir()
	// Hour-long epochs from the minute before last: epoch 0 runs for the whole test, however
	// close to an hour boundary it starts (tests that need it over move the chain's clock),
	// and the genesis is on the 60 s slot grid that reports are built on.
	g := &Grid{t: t, Dir: dir, Genesis: time.Now().UTC().Truncate(time.Minute).Add(-time.Minute), listen: listen}
	NewKey(t, filepath.Join(dir, "gateway.key"))
	g.Operator = NewKey(t, filepath.Join(dir, "operator.key"))
	g.Researcher = NewKey(t, filepath.Join(dir, "researcher.key"))
	fundApproved := true
	g.Config = gateway.Config{Name: "grid-test", Listen: "127.0.0.1:0", State: filepath.Join(dir, "state", "gateway.db"), Key: filepath.Join(dir, "gateway.key"),
		Operators: []string{crypto.PubkeyToAddress(g.Operator.PublicKey).Hex()},
		Economy:   gateway.EconomyConfig{EraLength: 3 * time.Hour, EraThresholdGFL: "1000000", RewardPool: "1000000"},
		Epochs:    gateway.EpochsConfig{Genesis: g.Genesis.Format(time.RFC3339), Period: time.Hour},
		// A site is offline after a minute's silence, far longer than any test's pause between
		// a site's poll and a submission (chain transactions under -race on a loaded machine
		// take seconds); tests about silence set their own.
		Sites: gateway.SitesConfig{OfflineAfter: time.Minute, FundApproved: &fundApproved},
		PoCP:  gateway.PoCPConfig{MinCoverage: 0.5}}
	off := false
	g.Config.Epochs.AutoClose = &off
	for _, f := range configure {
		f(&g.Config)
	}
	if gen, err := time.Parse(time.RFC3339, g.Config.Epochs.Genesis); err == nil {
		g.Genesis = gen
	}
	g.Start()
	return g
}

func (g *Grid) Start() {
	t := g.t
	log := logrus.New()
	log.SetOutput(io.Discard)
	if testing.Verbose() {
		log.SetOutput(&testWriter{t})
	}
	gw, err := gateway.New(context.Background(), g.Config, gateway.Options{Log: log, Version: "test", Now: g.Now})
	if err != nil {
		t.Fatal(err)
	}
	listen := g.listen
	if listen == nil {
		listen = func() (net.Listener, error) { return net.Listen("tcp", "127.0.0.1:0") }
	}
	l, err := listen()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	scheme := "http://"
	if g.Config.TLS.Cert != "" {
		scheme = "https://"
	}
	g.Gateway, g.URL, g.cancel, g.done = gw, scheme+l.Addr().String(), cancel, make(chan error, 1)
	go func() { g.done <- gw.Serve(ctx, l) }()
	t.Cleanup(g.Stop)
}

func (g *Grid) Stop() {
	if g.cancel == nil {
		return
	}
	g.cancel()
	if err := <-g.done; err != nil {
		g.t.Errorf("gateway: %v", err)
	}
	if err := g.Gateway.Close(); err != nil {
		g.t.Errorf("closing the gateway: %v", err)
	}
	g.cancel = nil
}

type testWriter struct{ t testing.TB }

func (w *testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

func (g *Grid) Client(key *ecdsa.PrivateKey) *gwclient.Client {
	g.t.Helper()
	if g.ClientTLS != nil {
		return NewClient(g.t, g.URL, key, siteclient.WithTLSConfig(g.ClientTLS))
	}
	return NewClient(g.t, g.URL, key)
}

// NewClient is a client of the gateway at url signing with key, as Grid.Client makes: for a
// gateway the test runs as a separate process rather than in-process.
func NewClient(t testing.TB, url string, key *ecdsa.PrivateKey, opts ...siteclient.Option) *gwclient.Client {
	t.Helper()
	c, err := gwclient.New(url, key, relaychain.Dial, append([]siteclient.Option{siteclient.WithRetryFor(0)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Site is a test double of a site daemon's gateway link: it speaks the protocol with a
// real site key and checks what the gateway answers. (The real link is tested against the
// real gateway in test/e2e.)
type Site struct {
	T    testing.TB
	Name string
	Key  *ecdsa.PrivateKey
	URL  string
	// Protocol is the version its polls say it speaks (0: says none, as before version 4).
	Protocol int
	// Live is the inventory its polls carry (nil: none).
	Live *protocol.Inventory
}

func (s *Site) Addr() common.Address { return crypto.PubkeyToAddress(s.Key.PublicKey) }

// NewSite is a site double named name, with a new key in the grid's directory.
func (g *Grid) NewSite(name string) *Site {
	return &Site{T: g.t, Name: name, Key: NewKey(g.t, filepath.Join(g.Dir, name+".key")), URL: g.URL}
}

func (s *Site) Post(path string, body []byte, hdr map[string]string, out any) int {
	s.T.Helper()
	req, err := http.NewRequest(http.MethodPost, s.URL+path, bytes.NewReader(body))
	if err != nil {
		s.T.Fatal(err)
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	if err := reqsign.Sign(req, body, s.Key, "grid-test", time.Now(), time.Minute); err != nil {
		s.T.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		s.T.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil && len(data) > 0 {
		if err := json.Unmarshal(data, out); err != nil {
			s.T.Fatalf("%s answered %d %s: %v", path, resp.StatusCode, data, err)
		}
	}
	return resp.StatusCode
}

func (s *Site) Register(inv protocol.Inventory, priceWei string) int {
	body, _ := json.Marshal(protocol.Registration{Site: s.Name, Inventory: inv, Prices: protocol.Prices{PerComputeHour: priceWei}})
	var out map[string]any
	return s.Post(protocol.PathRegister, body, nil, &out)
}

func (s *Site) Poll(wait int) protocol.PollResponse {
	s.T.Helper()
	body, _ := json.Marshal(protocol.PollRequest{WaitSeconds: wait, Protocol: s.Protocol, Inventory: s.Live})
	var out protocol.PollResponse
	if code := s.Post(protocol.PathPoll, body, nil, &out); code != http.StatusOK {
		s.T.Fatalf("poll: %d", code)
	}
	return out
}

func (s *Site) Update(u protocol.Updates) protocol.UpdatesResponse {
	s.T.Helper()
	body, _ := json.Marshal(u)
	var out protocol.UpdatesResponse
	if code := s.Post(protocol.PathUpdates, body, nil, &out); code != http.StatusOK {
		s.T.Fatalf("updates: %d", code)
	}
	return out
}

func (s *Site) SendReport(r *pocp.Report) (int, protocol.ReportAnswer) {
	body, _ := json.Marshal(r)
	var ans protocol.ReportAnswer
	code := s.Post(protocol.PathReports, body, nil, &ans)
	return code, ans
}

func Inventory(t testing.TB, gpuType string, gpusPerNode, nodes int, megaFLOPSPerNode uint64) protocol.Inventory {
	cat, err := tokenomics.LoadEmbeddedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	return protocol.Inventory{
		Partitions: []protocol.Partition{{Name: "gpu", Default: true, MaxTimeSeconds: 86400, Shapes: []protocol.NodeShape{
			{Nodes: nodes, Available: nodes, Idle: nodes, CPUs: 64, MemoryMiB: 512 << 10, GPUs: gpusPerNode, GPUType: gpuType, GPUModel: "A100-SXM4-80GB", MegaFLOPS: megaFLOPSPerNode}}}},
		CapacityMegaFLOPS: megaFLOPSPerNode * uint64(nodes), GPUs: gpusPerNode * nodes, CatalogSHA256: cat.SHA256Hex(),
	}
}

// siteReport builds a site's report for an epoch: every node available in every slot.
func Report(t testing.TB, g *Grid, site *Site, epoch uint64, megaFLOPSPerNode uint64, nodes int, jobs uint64) *pocp.Report {
	t.Helper()
	return ReportDown(t, g, site, epoch, megaFLOPSPerNode, nodes, jobs, nil)
}

// ReportDown is Report with nodes down where down(node, slot) says so (nil: never).
func ReportDown(t testing.TB, g *Grid, site *Site, epoch uint64, megaFLOPSPerNode uint64, nodes int, jobs uint64, down func(node, slot int) bool) *pocp.Report {
	t.Helper()
	genesis, err := time.Parse(time.RFC3339, g.Config.Epochs.Genesis)
	if err != nil {
		t.Fatal(err)
	}
	return buildReport(t, genesis, g.Config.Epochs.Period, g.Gateway.Domain(), site, epoch, megaFLOPSPerNode, nodes, jobs, down)
}

// ReportFrom builds a site's report for an epoch as Report does, on the calendar and in the
// signing domain that a gateway's info announces: for a gateway the test runs as a separate
// process, whose configuration and chain it does not hold.
func ReportFrom(t testing.TB, info gatewayapi.Info, site *Site, epoch uint64, megaFLOPSPerNode uint64, nodes int, jobs uint64) *pocp.Report {
	t.Helper()
	chainID, ok := new(big.Int).SetString(info.Chain.ChainID, 10)
	if !ok {
		t.Fatalf("the gateway's info has a malformed chain id %q", info.Chain.ChainID)
	}
	domain := pocp.Domain{ChainID: chainID, VerifyingContract: info.Chain.Contracts.Settlement}
	period := time.Duration(info.Epochs.PeriodSeconds) * time.Second
	return buildReport(t, info.Epochs.Genesis, period, domain, site, epoch, megaFLOPSPerNode, nodes, jobs, nil)
}

// buildReport is a site's report for an epoch of the calendar (genesis, period), signed in
// domain; down says which nodes are down in which slots (nil: none).
func buildReport(t testing.TB, genesis time.Time, period time.Duration, domain pocp.Domain, site *Site, epoch uint64, megaFLOPSPerNode uint64, nodes int, jobs uint64, down func(node, slot int) bool) *pocp.Report {
	t.Helper()
	cal, err := pocp.NewCalendar(genesis, int64(period/time.Second))
	if err != nil {
		t.Fatal(err)
	}
	start, end, _ := cal.Period(epoch)
	var obs []pocp.NodeObservation
	for n := 0; n < nodes; n++ {
		slot := 0
		for s := start; s.Before(end); s = s.Add(time.Minute) {
			up := down == nil || !down(n, slot)
			obs = append(obs, pocp.NodeObservation{Node: fmt.Sprintf("n%d", n), SlotStart: s, SlotSeconds: 60, Available: up, PowerMegaFLOPS: megaFLOPSPerNode})
			slot++
		}
	}
	cat, _ := tokenomics.LoadEmbeddedCatalog()
	var jobUsage []pocp.JobUsage
	for i := uint64(0); i < jobs; i++ {
		jobUsage = append(jobUsage, pocp.JobUsage{Start: start.Add(time.Minute), End: start.Add(11 * time.Minute), GPUs: 2, PowerMegaFLOPS: megaFLOPSPerNode / 4})
	}
	r, _, err := pocp.Build(pocp.BuildInput{Calendar: cal, Epoch: epoch, Cluster: site.Name, SlotSeconds: 60, Nodes: obs, Jobs: jobUsage,
		ReferenceMegaFLOPS: cat.ReferenceScore().PerDeviceMegaFLOPS, CatalogSHA256: cat.SHA256(), MinCoveragePPM: 500_000})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Sign(domain, site.Key); err != nil {
		t.Fatal(err)
	}
	return r
}

func WaitFor(t testing.TB, what string, timeout time.Duration, cond func() (bool, error)) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		ok, err := cond()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %s waiting for %s", timeout, what)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// ApproveListed approves a site the way an operator does: it lists the providers, takes the
// site's registration digest from the list (what the operator reviews) and approves that.
func ApproveListed(ctx context.Context, op *gwclient.Client, site, reason string) (gatewayapi.Site, error) {
	return ApproveOperated(ctx, op, site, reason, "")
}

// ApproveOperated approves a site as ApproveListed does, naming who operates it.
func ApproveOperated(ctx context.Context, op *gwclient.Client, site, reason, operator string) (gatewayapi.Site, error) {
	list, err := op.Providers(ctx)
	if err != nil {
		return gatewayapi.Site{}, err
	}
	for _, p := range list {
		if p.Name == site {
			return op.Approve(ctx, site, gatewayapi.StatusRequest{Reason: reason, Registration: p.RegistrationDigest.Hex(), Operator: operator})
		}
	}
	return gatewayapi.Site{}, fmt.Errorf("site %s is not in the provider list", site)
}
