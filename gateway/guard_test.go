package gateway_test

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sirupsen/logrus/hooks/test"

	"github.com/petagrid/petagrid/gateway"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/internal/httpguard/httpguardtest"
	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/test/gatewaytest"
	"github.com/petagrid/petagrid/tokenomics"
)

// patience bounds how long a test waits for something that must happen; never what it
// measures.
const patience = 30 * time.Second

// guardedGateway is a test grid's gateway served again with a logger the test reads and a
// listener that counts what the gateway reads.
type guardedGateway struct {
	grid *gatewaytest.Grid
	addr string
	logs *test.Hook
	read *httpguardtest.CountingListener
}

func startGuarded(t *testing.T, configure func(*gateway.Config)) *guardedGateway {
	t.Helper()
	grid := gatewaytest.StartGrid(t, configure)
	grid.Stop() // the state and contracts stay; the gateway is served again below
	log, hook := test.NewNullLogger()
	gw, err := gateway.New(context.Background(), grid.Config, gateway.Options{Log: log, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cl := httpguardtest.NewCountingListener(l)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- gw.Serve(ctx, cl) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("gateway: %v", err)
		}
		gw.Close()
	})
	return &guardedGateway{grid: grid, addr: l.Addr().String(), logs: hook, read: cl}
}

// signedHead is the head of a request signed by key over body (request line, headers, blank
// line).
func signedHead(t *testing.T, key *ecdsa.PrivateKey, path string, body []byte) string {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, "http://gateway"+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if err := reqsign.Sign(req, body, key, "grid-test", time.Now(), time.Minute); err != nil {
		t.Fatal(err)
	}
	var head strings.Builder
	fmt.Fprintf(&head, "POST %s HTTP/1.1\r\nHost: gateway\r\nContent-Type: application/json\r\nContent-Length: %d\r\n", path, len(body))
	for _, name := range []string{reqsign.HeaderSigner, reqsign.HeaderNonce, reqsign.HeaderExpires, reqsign.HeaderSignature} {
		fmt.Fprintf(&head, "%s: %s\r\n", name, req.Header.Get(name))
	}
	return head.String() + "\r\n"
}

// exchange sends raw bytes on a new connection and reads the answer.
func exchange(t *testing.T, addr, raw string) (*http.Response, []byte, *bufio.Reader) {
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

func wantClosedAfter(t *testing.T, what string, resp *http.Response, br *bufio.Reader) {
	t.Helper()
	if !resp.Close {
		t.Errorf("%s: the answer does not say Connection: close", what)
	}
	if _, err := br.ReadByte(); !errors.Is(err, io.EOF) {
		t.Fatalf("%s: the connection stayed open after the answer: %v", what, err)
	}
}

// A client that sends its headers and stalls its body is cut off once gateway.api.bodyTimeout
// passed, on the signed API and on the chain relay alike; an unsigned request to the signed
// API is refused from its headers, without the gateway reading its body.
func TestStalledBodiesAreCutOff(t *testing.T) {
	g := startGuarded(t, func(c *gateway.Config) { c.API.BodyTimeout = 200 * time.Millisecond })
	body := []byte(`{"waitSeconds":1}`)
	cases := map[string]string{
		"signed poll": signedHead(t, g.grid.Researcher, protocol.PathPoll, body) + string(body[:5]),
		"chain relay": "POST " + gateway.PathChainRPC + " HTTP/1.1\r\nHost: gateway\r\nContent-Length: 100\r\n\r\n" + `{"jsonrpc":`,
	}
	for what, raw := range cases {
		resp, answer, br := exchange(t, g.addr, raw)
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(answer), "reading the request body") {
			t.Fatalf("%s: %d %s", what, resp.StatusCode, answer)
		}
		wantClosedAfter(t, what, resp, br)
	}

	before := g.read.BytesRead()
	head := "POST " + protocol.PathPoll + " HTTP/1.1\r\nHost: gateway\r\nContent-Length: 4194304\r\n\r\n"
	resp, answer, br := exchange(t, g.addr, head)
	// Reading the body would have ended in a 400 after the body deadline.
	if resp.StatusCode != http.StatusUnauthorized || !strings.Contains(string(answer), "not signed") {
		t.Fatalf("an unsigned poll: %d %s", resp.StatusCode, answer)
	}
	wantClosedAfter(t, "an unsigned poll", resp, br)
	if got := g.read.BytesRead() - before; got != int64(len(head)) {
		t.Fatalf("the gateway read %d bytes of the unsigned request, want only the %d of its headers", got, len(head))
	}
}

// More connections than gateway.api.maxConnections wait: with both slots held, the next
// client is served only once a holder leaves, and the operator is told.
func TestGatewayConnectionCap(t *testing.T) {
	g := startGuarded(t, func(c *gateway.Config) { c.API.MaxConnections = 2 })
	var holders []net.Conn
	for range 2 {
		c, err := net.Dial("tcp", g.addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		holders = append(holders, c)
	}
	httpguardtest.ExpectCapHolds(t, "http://"+g.addr+"/v1/info", holders, g.logs, "all 2 connections are in use", patience)
}

// poll is one long poll's outcome.
type poll struct {
	superseded bool
	err        error
}

// One site key holding many concurrent long polls keeps the newest two: each of the others
// is answered at once, empty and marked superseded; and the polls write the site's last_seen
// at most once per seen interval (here a minute: gateway.sites.offlineAfter is long).
func TestLongPollsPerSiteAreBounded(t *testing.T) {
	grid := gatewaytest.StartGrid(t, func(c *gateway.Config) { c.Sites.OfflineAfter = 2 * time.Hour })
	key := gatewaytest.NewKey(t, filepath.Join(grid.Dir, "greedy.key"))
	site := &gatewaytest.Site{T: t, Name: "greedy", Key: key, URL: grid.URL}
	cat, err := tokenomics.LoadEmbeddedCatalog()
	if err != nil {
		t.Fatal(err)
	}
	if code := site.Register(gatewaytest.Inventory(t, "a100", 4, 1, 4*cat.ReferenceScore().PerDeviceMegaFLOPS), "1"); code != http.StatusCreated {
		t.Fatalf("registration: %d", code)
	}
	site.Poll(1) // the first poll after the registration writes last_seen
	ctx := context.Background()
	seen, err := grid.Gateway.Store().Site(ctx, "greedy")
	if err != nil {
		t.Fatal(err)
	}
	// last_seen has a resolution of a second: let one pass, so that a write would show.
	for time.Now().Unix() <= seen.LastSeen.Unix() {
		time.Sleep(20 * time.Millisecond)
	}

	const polls = 12
	pollCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make(chan poll, polls)
	for range polls {
		go func() { results <- longPoll(pollCtx, grid.URL, key) }()
	}
	superseded := 0
	for superseded < polls-2 {
		select {
		case r := <-results:
			if r.err != nil || !r.superseded {
				t.Fatalf("a poll ended other than superseded: %+v", r)
			}
			superseded++
		case <-time.After(patience):
			t.Fatalf("only %d of %d polls were superseded", superseded, polls-2)
		}
	}
	// The newest two are still held (their wait is a minute): nothing else answers until
	// they are given up.
	select {
	case r := <-results:
		t.Fatalf("a poll beyond the %d superseded ones ended: %+v", polls-2, r)
	default:
	}
	cancel()
	for range 2 {
		if r := <-results; r.superseded || r.err == nil {
			t.Fatalf("a held poll, given up by its client: %+v", r)
		}
	}
	after, err := grid.Gateway.Store().Site(ctx, "greedy")
	if err != nil {
		t.Fatal(err)
	}
	if !after.LastSeen.Equal(seen.LastSeen) {
		t.Fatalf("%d polls within the seen interval moved last_seen from %s to %s", polls, seen.LastSeen, after.LastSeen)
	}
}

// longPoll holds a poll of up to a minute signed by key.
func longPoll(ctx context.Context, url string, key *ecdsa.PrivateKey) poll {
	body, _ := json.Marshal(protocol.PollRequest{WaitSeconds: 60})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url+protocol.PathPoll, bytes.NewReader(body))
	if err != nil {
		return poll{err: err}
	}
	if err := reqsign.Sign(req, body, key, "grid-test", time.Now(), time.Minute); err != nil {
		return poll{err: err}
	}
	resp, err := (&http.Client{Transport: &http.Transport{}}).Do(req)
	if err != nil {
		return poll{err: err}
	}
	defer resp.Body.Close()
	var answer protocol.PollResponse
	if err := json.NewDecoder(resp.Body).Decode(&answer); err != nil {
		return poll{err: err}
	}
	if resp.StatusCode != http.StatusOK || len(answer.Assignments)+len(answer.Cancels)+len(answer.LogRequests) > 0 || answer.Status != "pending" {
		return poll{err: fmt.Errorf("answer %d %+v", resp.StatusCode, answer)}
	}
	return poll{superseded: resp.Header.Get(gateway.HeaderPoll) == gateway.PollSuperseded}
}
