package gatewaylink

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/accounting"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/pocp"
	"github.com/petagrid/petagrid/site"
	"github.com/petagrid/petagrid/site/journal"
	"github.com/petagrid/petagrid/site/siteapi"
)

// This file holds the test doubles: a fake gateway that checks every request's signature
// as the real one must, and stand-ins for the parts of the site that need Slurm.

const gatewayAudience = "grid-gw"

type memNonces struct {
	mu   sync.Mutex
	seen map[string]bool
}

func (m *memNonces) Remember(_ context.Context, signer common.Address, nonce string, _ time.Time) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	k := signer.Hex() + "/" + nonce
	if m.seen[k] {
		return false, nil
	}
	m.seen[k] = true
	return true, nil
}

// logPost is one log answer the gateway received.
type logPost struct {
	id     string
	header http.Header
	body   []byte
}

// fakeGateway verifies every signed request (audience, signer, body) and records it. Its
// answers are programmable per path; by default it approves, acknowledges everything and
// accepts reports.
type fakeGateway struct {
	t        *testing.T
	srv      *httptest.Server
	site     common.Address
	verifier *reqsign.Verifier

	mu            sync.Mutex
	registrations []protocol.Registration
	polls         []protocol.PollRequest
	updates       []protocol.Updates
	logs          []logPost
	reports       [][]byte
	answers       []logPost // challenge answers, by challenge id
	bids          []protocol.BidRequest
	infoAudience  string
	// Programmable answers: status and body; nil: the default.
	register func(n int) (int, string)
	poll     func(n int) (int, string)
	ack      func(n int, u protocol.Updates) (int, string)
	report   func(n int) (int, string)
	answer   func(n int, id string) (int, string)
	bid      func(n int, req protocol.BidRequest) (int, string)
}

func newFakeGateway(t *testing.T, siteAddr common.Address) *fakeGateway {
	g := &fakeGateway{t: t, site: siteAddr, infoAudience: gatewayAudience,
		verifier: &reqsign.Verifier{Audience: gatewayAudience, Nonces: &memNonces{seen: map[string]bool{}}}}
	g.srv = httptest.NewServer(http.HandlerFunc(g.serve))
	t.Cleanup(g.srv.Close)
	return g
}

func (g *fakeGateway) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet && r.URL.Path == "/v1/info" {
		g.mu.Lock()
		aud := g.infoAudience
		g.mu.Unlock()
		json.NewEncoder(w).Encode(map[string]any{"site": gatewayAudience, "audience": aud, "version": "test",
			"chain": map[string]any{"chainId": "1337", "contracts": map[string]string{"settlement": fakeSettlement.Hex()}}})
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	signer, err := g.verifier.Verify(r.Context(), r, body)
	if err != nil || signer != g.site {
		g.t.Errorf("%s %s: signature: %v (signer %s, want %s)", r.Method, r.URL.Path, err, signer.Hex(), g.site.Hex())
		http.Error(w, `{"error":"bad signature"}`, http.StatusUnauthorized)
		return
	}
	if r.Method != http.MethodPost {
		g.t.Errorf("%s %s: the site only POSTs", r.Method, r.URL.Path)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	reply := func(status int, body string) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		io.WriteString(w, body)
	}
	switch {
	case r.URL.Path == protocol.PathRegister:
		var reg protocol.Registration
		g.strict(body, &reg)
		g.registrations = append(g.registrations, reg)
		if g.register != nil {
			reply(g.register(len(g.registrations)))
			return
		}
		reply(http.StatusCreated, `{}`)
	case r.URL.Path == protocol.PathPoll:
		var req protocol.PollRequest
		g.strict(body, &req)
		g.polls = append(g.polls, req)
		if g.poll != nil {
			reply(g.poll(len(g.polls)))
			return
		}
		reply(http.StatusOK, `{"status":"approved"}`)
	case r.URL.Path == protocol.PathUpdates:
		var u protocol.Updates
		g.strict(body, &u)
		if err := u.Validate(); err != nil {
			g.t.Errorf("updates do not validate: %v", err)
		}
		g.updates = append(g.updates, u)
		if g.ack != nil {
			reply(g.ack(len(g.updates), u))
			return
		}
		reply(http.StatusOK, ackAll(u))
	case strings.HasPrefix(r.URL.Path, protocol.PathLogs):
		g.logs = append(g.logs, logPost{id: strings.TrimPrefix(r.URL.Path, protocol.PathLogs), header: r.Header.Clone(), body: body})
		reply(http.StatusOK, `{}`)
	case strings.HasPrefix(r.URL.Path, protocol.PathChallenges):
		id := strings.TrimPrefix(r.URL.Path, protocol.PathChallenges)
		g.answers = append(g.answers, logPost{id: id, header: r.Header.Clone(), body: body})
		if g.answer != nil {
			reply(g.answer(len(g.answers), id))
			return
		}
		reply(http.StatusOK, `{"id":"`+id+`","outcome":"passed"}`)
	case r.URL.Path == protocol.PathBids:
		var req protocol.BidRequest
		g.strict(body, &req)
		if err := req.Validate(); err != nil {
			g.t.Errorf("a bid that does not validate: %v", err)
		}
		g.bids = append(g.bids, req)
		if g.bid != nil {
			reply(g.bid(len(g.bids), req))
			return
		}
		reply(http.StatusOK, `{"auction":"a","status":"ok"}`)
	case r.URL.Path == protocol.PathReports:
		g.checkReport(body)
		g.reports = append(g.reports, body)
		if g.report != nil {
			reply(g.report(len(g.reports)))
			return
		}
		reply(http.StatusCreated, `{}`)
	default:
		g.t.Errorf("unexpected %s %s", r.Method, r.URL.Path)
		reply(http.StatusNotFound, `{"error":"no such endpoint"}`)
	}
}

// strict decodes a site request with unknown fields refused: the site must speak the
// protocol exactly.
func (g *fakeGateway) strict(body []byte, v any) {
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		g.t.Errorf("request body %.200s: %v", body, err)
	}
}

func ackAll(u protocol.Updates) string {
	var acked []string
	acked = append(acked, u.Accepted...)
	for _, r := range u.Refused {
		acked = append(acked, r.Job)
	}
	for _, j := range u.Jobs {
		acked = append(acked, j.Job)
	}
	data, _ := json.Marshal(protocol.UpdatesResponse{Acked: acked})
	return string(data)
}

func (g *fakeGateway) snapshotUpdates() []protocol.Updates {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]protocol.Updates(nil), g.updates...)
}

// fakeInventory returns a fixed inventory.
type fakeInventory struct {
	mu  sync.Mutex
	inv protocol.Inventory
	err error
}

func (f *fakeInventory) Inventory(context.Context) (protocol.Inventory, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.inv, f.err
}

func testInventory() protocol.Inventory {
	return protocol.Inventory{
		Partitions: []protocol.Partition{{Name: "gpu", Default: true, MaxTimeSeconds: 86400, Shapes: []protocol.NodeShape{
			{Nodes: 4, Available: 3, Idle: 1, CPUs: 64, MemoryMiB: 512000, GPUs: 4, GPUType: "a100", GPUModel: "A100-SXM4-80GB", MegaFLOPS: 1000},
		}}},
		CapacityMegaFLOPS: 4000, GPUs: 16, CatalogSHA256: strings.Repeat("ab", 32),
	}
}

// fakeUsage returns the usage set per run (nil: not harvested yet).
type fakeUsage struct {
	mu    sync.Mutex
	usage map[string]*protocol.Usage
}

func (f *fakeUsage) Usage(_ context.Context, run siteapi.Run) (*protocol.Usage, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.usage[run.ID], nil
}

func (f *fakeUsage) set(id string, u *protocol.Usage) {
	f.mu.Lock()
	f.usage[id] = u
	f.mu.Unlock()
}

// fakeLogs returns fixed bytes and records what it was asked.
type fakeLogs struct {
	mu    sync.Mutex
	data  []byte
	eof   bool
	asked []string
}

func (f *fakeLogs) ReadLogs(_ context.Context, runID, step string, task int, stream string, offset int64, maxBytes int) ([]byte, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.asked = append(f.asked, strings.Join([]string{runID, step, itoa(task), stream, itoa(int(offset)), itoa(maxBytes)}, " "))
	return f.data, f.eof, nil
}

// fakeReports builds "report-<epoch>" bodies on a one-hour calendar.
// fakeSettlement is the settlement contract the fake gateway announces: reports must be
// signed in its domain.
var fakeSettlement = common.HexToAddress("0x00000000000000000000000000000000005e771e")

type fakeReports struct {
	cal     pocp.Calendar
	built   []uint64
	domains []pocp.Domain
	empty   map[uint64]bool // periods with nothing observed
}

func (f *fakeReports) Calendar() pocp.Calendar                 { return f.cal }
func (f *fakeReports) Cluster(context.Context) (string, error) { return "alpha", nil }
func (f *fakeReports) Report(_ context.Context, _ string, epoch uint64, d pocp.Domain) (signedReport, error) {
	f.built = append(f.built, epoch)
	f.domains = append(f.domains, d)
	if f.empty[epoch] {
		return signedReport{}, errNoObservations
	}
	return signedReport{data: []byte("report-" + itoa(int(epoch)))}, nil
}

func itoa(n int) string { return strconv.Itoa(n) }

// fakeAcceptor records cancellations (for tests that need no daemon).
type fakeAcceptor struct {
	mu        sync.Mutex
	cancelled []string
	j         *journal.Journal
}

func (f *fakeAcceptor) AcceptAssignment(ctx context.Context, a site.AssignedRun) (siteapi.Run, error) {
	return f.j.Accept(ctx, siteapi.Run{ID: a.Job, Researcher: a.Researcher.Hex(), LocalUser: "u", IdempotencyKey: journal.GatewayKeyPrefix + a.Job,
		Workflow: "w", SourceName: a.FileName, Source: []byte(a.Workflow)})
}

func (f *fakeAcceptor) RequestCancel(ctx context.Context, id string) (siteapi.Run, error) {
	f.mu.Lock()
	f.cancelled = append(f.cancelled, id)
	f.mu.Unlock()
	return f.j.RequestCancel(ctx, id)
}

func quietLog() logrus.FieldLogger {
	l := logrus.New()
	l.SetOutput(io.Discard)
	return l
}

type testEnv struct {
	link    *Link
	gw      *fakeGateway
	key     *ecdsa.PrivateKey
	journal *journal.Journal
	inv     *fakeInventory
	usage   *fakeUsage
	logs    *fakeLogs
	reports *fakeReports
}

// newEnv builds a link to a fake gateway over j, with acc as the daemon (nil: a fake that
// journals every assignment).
func newEnv(t *testing.T, j *journal.Journal, acc acceptor, key *ecdsa.PrivateKey) *testEnv {
	t.Helper()
	if key == nil {
		var err error
		if key, err = crypto.GenerateKey(); err != nil {
			t.Fatal(err)
		}
	}
	gw := newFakeGateway(t, crypto.PubkeyToAddress(key.PublicKey))
	if acc == nil {
		acc = &fakeAcceptor{j: j}
	}
	cal, err := pocp.NewCalendar(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), 3600)
	if err != nil {
		t.Fatal(err)
	}
	e := &testEnv{gw: gw, key: key, journal: j, inv: &fakeInventory{inv: testInventory()}, usage: &fakeUsage{usage: map[string]*protocol.Usage{}},
		logs: &fakeLogs{}, reports: &fakeReports{cal: cal}}
	cfg := Config{URL: gw.srv.URL, Key: "/unused", PricePerComputeHourWei: "2500000000000000000", Labels: map[string]string{"region": "eu-west"},
		PollWait: time.Second, RetryMax: 20 * time.Millisecond, UpdateInterval: 10 * time.Millisecond}
	l, err := newLink(cfg, deps{siteName: "alpha-site", version: "v-test", key: key, journal: j, acceptor: acc, logs: e.logs,
		inventory: e.inv, usage: e.usage, reports: e.reports, log: quietLog(), reportGrace: 2 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	l.backoffMin = time.Millisecond
	e.link = l
	return e
}

func openJournal(t *testing.T) (*journal.Journal, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "journal.db")
	j, err := journal.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	return j, path
}

// newDaemon is a real site daemon that never contacts Slurm (it is not run): mapped mode
// with the account nobody as root, pool mode otherwise. registered is a researcher key in
// site.users.researchers.
func newDaemon(t *testing.T, acct *accounting.Config) (d *site.Daemon, registered common.Address, mapped bool) {
	t.Helper()
	d, key, mapped := newDaemonKeyed(t, acct)
	return d, crypto.PubkeyToAddress(key.PublicKey), mapped
}

// newDaemonKeyed is newDaemon with the registered researcher's key, to sign submissions.
func newDaemonKeyed(t *testing.T, acct *accounting.Config) (d *site.Daemon, researcher *ecdsa.PrivateKey, mapped bool) {
	t.Helper()
	researcher, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	d, mapped = newDaemonFor(t, acct, researcher)
	return d, researcher, mapped
}

// newDaemonFor is newDaemon with researcher's key in site.users.researchers.
func newDaemonFor(t *testing.T, acct *accounting.Config, researcher *ecdsa.PrivateKey) (d *site.Daemon, mapped bool) {
	t.Helper()
	var err error
	dir := t.TempDir()
	profile := filepath.Join(dir, "profile.yaml")
	if err := os.WriteFile(profile, []byte("runtime: none\npartitions: {default: cpu}\nworkspaceRoot: "+dir+"/ws\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	registered := crypto.PubkeyToAddress(researcher.PublicKey)
	cfg := site.Config{Name: "alpha-site", Journal: filepath.Join(dir, "journal.db"), Profile: profile,
		API: site.APIConfig{Socket: "-", Listen: "127.0.0.1:0"}, Metrics: site.MetricsConfig{Listen: "-"}}
	if os.Geteuid() == 0 {
		mapped = true
		cfg.Users = site.UsersConfig{Mode: site.ModeMapped, RunAs: "setuid", AllowedLocalUsers: []string{"nobody"},
			Researchers: []site.ResearcherConfig{{Key: registered.Hex(), LocalUser: "nobody"}}}
	} else {
		cfg.Users = site.UsersConfig{Researchers: []site.ResearcherConfig{{Key: registered.Hex()}}}
	}
	if acct != nil && acct.Store == "" {
		acct.Store = filepath.Join(dir, "accounting.db")
	}
	d, err = site.New(context.Background(), cfg, site.Options{Log: quietLog(), Accounting: acct})
	if err != nil {
		t.Skipf("no site daemon on this host: %v", err)
	}
	t.Cleanup(func() { d.Close() })
	return d, mapped
}

// signed is a with its researcher's signed submission, made by key for the fake gateway,
// valid for a day from now.
func signed(t *testing.T, key *ecdsa.PrivateKey, a protocol.Assignment) protocol.Assignment {
	t.Helper()
	return signedFor(t, key, a, gatewayAudience, time.Now())
}

// signedFor is signed for audience, valid for a day from at.
func signedFor(t *testing.T, key *ecdsa.PrivateKey, a protocol.Assignment, audience string, at time.Time) protocol.Assignment {
	t.Helper()
	budget, ok := new(big.Int).SetString(a.MaxCostWei, 10)
	if !ok {
		budget = new(big.Int)
		a.MaxCostWei = "0"
	}
	sub, err := reqsign.SignSubmission(reqsign.SubmissionContent{Audience: audience, Workflow: []byte(a.Workflow), FileName: a.FileName,
		Params: a.Params, IdempotencyKey: "key-" + a.Job, MaxCostWei: budget}, key, at, 24*time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	a.Researcher, a.Submission = crypto.PubkeyToAddress(key.PublicKey).Hex(), sub
	return a
}

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	return ctx
}
