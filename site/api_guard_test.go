package site

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/sirupsen/logrus/hooks/test"

	"github.com/petagrid/petagrid/internal/httpguard/httpguardtest"
	"github.com/petagrid/petagrid/internal/reqsign"
)

// patience bounds how long a test waits for something that must happen; never what it
// measures.
const patience = 30 * time.Second

// guardDaemon is a site daemon that is not run (no Slurm): its API is served by the test on
// its own listeners. researcher is a key the site maps to a local account.
type guardDaemon struct {
	d          *Daemon
	researcher *ecdsa.PrivateKey
	logs       *test.Hook
}

func newGuardDaemon(t *testing.T, api APIConfig) *guardDaemon {
	t.Helper()
	dir := t.TempDir()
	profile := filepath.Join(dir, "profile.yaml")
	if err := os.WriteFile(profile, []byte("runtime: none\npartitions: {default: cpu}\nworkspaceRoot: "+dir+"/ws\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	key, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	addr := crypto.PubkeyToAddress(key.PublicKey).Hex()
	api.Socket, api.Listen = "-", "127.0.0.1:0"
	cfg := Config{Name: "guard-site", Journal: filepath.Join(dir, "journal.db"), Profile: profile, API: api, Metrics: MetricsConfig{Listen: "-"}}
	if os.Geteuid() == 0 { // pool mode refuses root
		cfg.Users = UsersConfig{Mode: ModeMapped, RunAs: "setuid", AllowedLocalUsers: []string{"nobody"}, Researchers: []ResearcherConfig{{Key: addr, LocalUser: "nobody"}}}
	} else {
		cfg.Users = UsersConfig{Researchers: []ResearcherConfig{{Key: addr}}}
	}
	log, hook := test.NewNullLogger()
	d, err := New(context.Background(), cfg, Options{Log: log})
	if err != nil {
		t.Skipf("no site daemon on this host: %v", err)
	}
	t.Cleanup(func() { d.Close() })
	return &guardDaemon{d: d, researcher: key, logs: hook}
}

func (g *guardDaemon) verifier() *reqsign.Verifier {
	return &reqsign.Verifier{Audience: g.d.cfg.Name, MaxTTL: g.d.cfg.API.SignatureMaxTTL, Nonces: nonceStore{g.d.journal}}
}

// serveTCP serves the API as the daemon's TCP listener does (deadlines, connection cap).
func (g *guardDaemon) serveTCP(t *testing.T) (string, *httpguardtest.CountingListener) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cl := httpguardtest.NewCountingListener(l)
	srv := g.d.tcpServer(g.d.handler(g.verifier()))
	go srv.Serve(g.d.limitConnections(cl, "site api"))
	t.Cleanup(func() { srv.Close() })
	return l.Addr().String(), cl
}

// send writes raw request bytes on a new connection and reads the answer.
func send(t *testing.T, addr, raw string) (*http.Response, []byte, *bufio.Reader) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if _, err := io.WriteString(c, raw); err != nil {
		t.Fatal(err)
	}
	_ = c.SetReadDeadline(time.Now().Add(patience))
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatalf("no answer: %v", err)
	}
	body, _ := io.ReadAll(resp.Body)
	return resp, body, br
}

func wantClosedAfter(t *testing.T, resp *http.Response, br *bufio.Reader) {
	t.Helper()
	if !resp.Close {
		t.Errorf("the answer does not say Connection: close")
	}
	if _, err := br.ReadByte(); !errors.Is(err, io.EOF) {
		t.Fatalf("the connection stayed open after the answer: %v", err)
	}
}

// An unsigned TCP request is refused from its headers: 401 at once, however large a body
// it announces and however long the body deadline, and the server reads nothing past the
// headers.
func TestUnsignedTCPRequestRefusedUnread(t *testing.T) {
	g := newGuardDaemon(t, APIConfig{BodyTimeout: time.Hour})
	addr, read := g.serveTCP(t)
	head := "POST /v1/jobs HTTP/1.1\r\nHost: site\r\nContent-Type: application/json\r\nContent-Length: 4194304\r\n\r\n"
	resp, body, br := send(t, addr, head)
	if resp.StatusCode != http.StatusUnauthorized || !strings.Contains(string(body), "not signed") {
		t.Fatalf("an unsigned request: %d %s", resp.StatusCode, body)
	}
	wantClosedAfter(t, resp, br)
	if got := read.BytesRead(); got != int64(len(head)) {
		t.Fatalf("the server read %d bytes, want only the %d of the headers", got, len(head))
	}
	// Malformed signature headers are refused the same way.
	head = "POST /v1/jobs HTTP/1.1\r\nHost: site\r\nPetaGrid-Signer: 0x12\r\nContent-Length: 4194304\r\n\r\n"
	if resp, body, _ := send(t, addr, head); resp.StatusCode != http.StatusUnauthorized || !strings.Contains(string(body), "malformed") {
		t.Fatalf("malformed signature headers: %d %s", resp.StatusCode, body)
	}
}

// signedHead is a signed request's head (request line and headers) for body, and the body.
func (g *guardDaemon) signedHead(t *testing.T, method, path string, body []byte) string {
	t.Helper()
	req, err := http.NewRequest(method, "http://site"+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if err := reqsign.Sign(req, body, g.researcher, g.d.cfg.Name, time.Now(), time.Minute); err != nil {
		t.Fatal(err)
	}
	var head strings.Builder
	fmt.Fprintf(&head, "%s %s HTTP/1.1\r\nHost: site\r\nContent-Length: %d\r\n", method, path, len(body))
	for _, name := range []string{reqsign.HeaderSigner, reqsign.HeaderNonce, reqsign.HeaderExpires, reqsign.HeaderSignature} {
		fmt.Fprintf(&head, "%s: %s\r\n", name, req.Header.Get(name))
	}
	return head.String() + "\r\n"
}

// A signed request whose body stalls is answered 400 and cut off once site.api.bodyTimeout
// passed, and its connection closed.
func TestStalledBodyCutOffOnTCP(t *testing.T) {
	g := newGuardDaemon(t, APIConfig{BodyTimeout: 100 * time.Millisecond})
	addr, _ := g.serveTCP(t)
	body := []byte(`{"workflow":"version: 1\nname: a\n"}`)
	resp, answer, br := send(t, addr, g.signedHead(t, http.MethodPost, "/v1/jobs", body)+string(body[:10]))
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(answer), "reading the request body") {
		t.Fatalf("a stalled body: %d %s", resp.StatusCode, answer)
	}
	wantClosedAfter(t, resp, br)
}

// More connections than site.api.maxConnections wait: with the only slot held, a request is
// answered once the holder leaves, and the cap is logged.
func TestTCPConnectionCap(t *testing.T) {
	g := newGuardDaemon(t, APIConfig{MaxConnections: 1})
	addr, _ := g.serveTCP(t)
	holder, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	httpguardtest.ExpectCapHolds(t, "http://"+addr+"/v1/info", []net.Conn{holder}, g.logs, "all 1 connections are in use", patience)
}

// The unix socket still reads its peer's credentials through the connection cap's wrapper:
// root (the test's account when it is root) is an administrator there.
func TestSocketPeerThroughTheCap(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("the socket's administrator is root or the daemon's account; as another user the test would only see a refusal")
	}
	g := newGuardDaemon(t, APIConfig{})
	path := filepath.Join(t.TempDir(), "site.sock")
	l, err := listenUnix(path)
	if err != nil {
		t.Fatal(err)
	}
	srv := g.d.socketServer(g.d.handler(g.verifier()))
	go srv.Serve(g.d.limitConnections(l, "site api socket"))
	t.Cleanup(func() { srv.Close() })
	client := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, "unix", path)
	}}}
	resp, err := client.Get("http://site/v1/jobs?all=1")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("root on the socket: %d %s", resp.StatusCode, body)
	}
}

func TestGuardConfigValidation(t *testing.T) {
	base := Config{Users: UsersConfig{Mode: ModeMapped, AllowedLocalUsers: []string{"alice"}}}
	c := base.WithDefaults()
	if c.API.BodyTimeout != time.Minute || c.API.MaxConnections != DefaultMaxConnections {
		t.Fatalf("defaults: %s %d", c.API.BodyTimeout, c.API.MaxConnections)
	}
	for name, mutate := range map[string]func(*Config){
		"negative body timeout": func(c *Config) { c.API.BodyTimeout = -time.Second },
		"huge body timeout":     func(c *Config) { c.API.BodyTimeout = 2 * time.Hour },
		"negative cap":          func(c *Config) { c.API.MaxConnections = -1 },
	} {
		c := base.WithDefaults()
		mutate(&c)
		if err := c.Validate(); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
