package contracts

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/petagrid/petagrid/internal/httpguard"
)

// A relay request whose body stalls (or is too large) is answered with a JSON-RPC error and
// its connection closed: what is left of the body is never read as the next request. The
// deadline is the server's (httpguard, as the gateway serves the relay).
func TestRelayClosesTheConnectionAfterABodyError(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := httpguard.Server(NewRelay(nil, nil, nil), httpguard.Limits{BodyTimeout: 100 * time.Millisecond})
	go srv.Serve(l)
	t.Cleanup(func() { srv.Close() })
	for what, want := range map[string]struct {
		raw    string
		status int
	}{
		"stalled":   {"POST / HTTP/1.1\r\nHost: gateway\r\nContent-Length: 100\r\n\r\n{\"jsonrpc\":", http.StatusBadRequest},
		"too large": {"POST / HTTP/1.1\r\nHost: gateway\r\nContent-Length: 300000\r\n\r\n" + strings.Repeat(" ", 300000), http.StatusRequestEntityTooLarge},
	} {
		c, err := net.Dial("tcp", l.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		// Written aside: the relay stops reading a body that is too large.
		go io.WriteString(c, want.raw)
		_ = c.SetReadDeadline(time.Now().Add(30 * time.Second))
		br := bufio.NewReader(c)
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatalf("%s: no answer: %v", what, err)
		}
		var answer rpcResponse
		if err := json.NewDecoder(resp.Body).Decode(&answer); err != nil || resp.StatusCode != want.status || answer.Error == nil || answer.Error.Code != rpcInvalidRequest {
			t.Fatalf("%s: %d %+v %v", what, resp.StatusCode, answer, err)
		}
		if !resp.Close {
			t.Errorf("%s: the answer does not say Connection: close", what)
		}
		if _, err := br.ReadByte(); !errors.Is(err, io.EOF) {
			t.Fatalf("%s: the connection stayed open: %v", what, err)
		}
	}
}
