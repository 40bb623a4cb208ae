package httpguard

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/internal/httpguard/httpguardtest"
)

// patience bounds how long a test waits for something that must happen; it is never what
// a test measures, so a slow machine only makes a test slower.
const patience = 30 * time.Second

// serve runs handler behind Handler with bodyTimeout on a local listener.
func serve(t *testing.T, bodyTimeout time.Duration, handler http.HandlerFunc) (string, *httpguardtest.CountingListener) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cl := httpguardtest.NewCountingListener(l)
	srv := Server(handler, Limits{BodyTimeout: bodyTimeout})
	go srv.Serve(cl)
	t.Cleanup(func() { srv.Close() })
	return l.Addr().String(), cl
}

// rawRequest sends head (a request line and headers, without the blank line) and body
// bytes, then reads the answer.
func rawRequest(t *testing.T, addr, head, body string) (*http.Response, net.Conn, *bufio.Reader) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if _, err := io.WriteString(c, head+"\r\n\r\n"+body); err != nil {
		t.Fatal(err)
	}
	_ = c.SetReadDeadline(time.Now().Add(patience))
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatalf("no answer: %v", err)
	}
	return resp, c, br
}

// wantClosed checks that the server closes the connection after its answer.
func wantClosed(t *testing.T, resp *http.Response, br *bufio.Reader) {
	t.Helper()
	if !resp.Close {
		t.Errorf("the answer does not say Connection: close (header %q)", resp.Header.Get("Connection"))
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	if _, err := br.ReadByte(); !errors.Is(err, io.EOF) {
		t.Fatalf("the connection stayed open after the answer: %v", err)
	}
}

func readingHandler(w http.ResponseWriter, r *http.Request) {
	body, err := ReadBody(w, r, 1<<20)
	if err != nil {
		var be *BodyError
		errors.As(err, &be)
		http.Error(w, err.Error(), be.Status)
		return
	}
	fmt.Fprintf(w, "read %d bytes", len(body))
}

// A client that sends its headers and then stalls its body is answered and cut off once
// the body deadline passes: with a Content-Length, chunked, and on a route that never reads
// the body (the server's own drain is bounded too).
func TestStalledBodyIsCutOff(t *testing.T) {
	addr, _ := serve(t, 100*time.Millisecond, readingHandler)
	for name, req := range map[string]struct{ head, body string }{
		"content-length": {"POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 100", "0123456789"},
		"chunked":        {"POST /x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked", "a\r\n0123456789\r\n"},
	} {
		t.Run(name, func(t *testing.T) {
			resp, _, br := rawRequest(t, addr, req.head, req.body)
			if resp.StatusCode != http.StatusBadRequest {
				t.Fatalf("status %d, want 400", resp.StatusCode)
			}
			wantClosed(t, resp, br)
		})
	}
	t.Run("unread", func(t *testing.T) {
		addr, _ := serve(t, 100*time.Millisecond, func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "hello") })
		resp, _, br := rawRequest(t, addr, "POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 100", "0123456789")
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("status %d", resp.StatusCode)
		}
		wantClosed(t, resp, br)
	})
}

// A body that arrives in time lifts the deadline: the answer may take longer than the body
// timeout (a long poll) without the request's context being cancelled, and the connection
// is kept for the next request.
func TestAnswerMayOutliveTheBodyTimeout(t *testing.T) {
	const bodyTimeout = 50 * time.Millisecond
	addr, _ := serve(t, bodyTimeout, func(w http.ResponseWriter, r *http.Request) {
		if _, err := ReadBody(w, r, 1<<20); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		select {
		case <-r.Context().Done():
			http.Error(w, "cancelled", http.StatusServiceUnavailable)
		case <-time.After(4 * bodyTimeout):
			fmt.Fprint(w, "held")
		}
	})
	resp, c, br := rawRequest(t, addr, "POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 4", "abcd")
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 100))
	if resp.StatusCode != http.StatusOK || string(b) != "held" || resp.Close {
		t.Fatalf("a held answer: %d %q close=%v", resp.StatusCode, b, resp.Close)
	}
	if _, err := io.WriteString(c, "GET /y HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	if resp, err := http.ReadResponse(br, nil); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("the kept-alive connection's next request: %v", err)
	}
}

// A body over the limit is refused with 413 and the connection closed.
func TestOversizedBody(t *testing.T) {
	addr, _ := serve(t, time.Minute, func(w http.ResponseWriter, r *http.Request) {
		if _, err := ReadBody(w, r, 8); err != nil {
			var be *BodyError
			errors.As(err, &be)
			http.Error(w, err.Error(), be.Status)
		}
	})
	resp, _, br := rawRequest(t, addr, "POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 20", "01234567890123456789")
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Fatalf("status %d", resp.StatusCode)
	}
	wantClosed(t, resp, br)
}

// A handler that refuses a request from its headers (DropBody) answers at once and the
// server reads nothing of the body, however large it claims to be, even with a long body
// deadline.
func TestDroppedBodyIsNeverRead(t *testing.T) {
	addr, cl := serve(t, time.Hour, func(w http.ResponseWriter, r *http.Request) {
		DropBody(w, r)
		http.Error(w, "unsigned", http.StatusUnauthorized)
	})
	// A request without a body has nothing to drop: its connection is kept.
	resp, _, _ := rawRequest(t, addr, "GET /x HTTP/1.1\r\nHost: x", "")
	if resp.StatusCode != http.StatusUnauthorized || resp.Close {
		t.Fatalf("a refused request without a body: %d close=%v", resp.StatusCode, resp.Close)
	}
	// Bodies under 256 KiB and chunked ones are those net/http would otherwise drain.
	for _, size := range []string{"Content-Length: 4194304", "Content-Length: 1000", "Transfer-Encoding: chunked"} {
		t.Run(size, func(t *testing.T) {
			before := cl.BytesRead()
			head := "POST /x HTTP/1.1\r\nHost: x\r\n" + size
			resp, _, br := rawRequest(t, addr, head, "")
			if resp.StatusCode != http.StatusUnauthorized {
				t.Fatalf("status %d", resp.StatusCode)
			}
			wantClosed(t, resp, br)
			if got, want := cl.BytesRead()-before, int64(len(head)+4); got != want {
				t.Fatalf("the server read %d bytes, want only the %d of the headers", got, want)
			}
		})
	}
}

// acceptAll accepts l's connections into a channel until it is closed.
func acceptAll(l net.Listener) (<-chan net.Conn, <-chan error) {
	conns, errc := make(chan net.Conn, 16), make(chan error, 1)
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				errc <- err
				return
			}
			conns <- c
		}
	}()
	return conns, errc
}

func receive[T any](t *testing.T, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(patience):
		t.Fatalf("no %s", what)
	}
	var zero T
	return zero
}

func dial(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// Connections beyond the cap wait until a served one closes; closing a connection twice
// frees one slot only; closing the listener ends a waiting Accept.
func TestLimitListener(t *testing.T) {
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	full := make(chan struct{}, 16)
	l := LimitListener(inner, 2, func() { full <- struct{}{} })
	conns, errc := acceptAll(l)
	addr := inner.Addr().String()
	dial(t, addr)
	dial(t, addr)
	dial(t, addr)
	first := receive(t, conns, "first connection")
	receive(t, conns, "second connection")
	receive(t, full, "wait at the cap")
	// Accept now waits for a slot (it only calls onFull on its way to waiting).
	select {
	case <-conns:
		t.Fatal("a third connection was accepted with two served and a cap of two")
	default:
	}
	first.Close()
	first.Close()
	receive(t, conns, "the third connection once the first closed")
	dial(t, addr)
	receive(t, full, "wait at the cap after a double close")
	select {
	case <-conns:
		t.Fatal("a double close freed two slots")
	default:
	}
	l.Close()
	if err := receive(t, errc, "Accept's end"); !errors.Is(err, net.ErrClosed) {
		t.Fatalf("Accept after Close: %v", err)
	}
}

// The cap holds for an HTTP server: with one slot taken by a client that has not finished
// its request, the next client is answered only once the first has gone.
func TestLimitListenerServesHTTP(t *testing.T) {
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	full := make(chan struct{}, 16)
	srv := Server(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "ok") }), Limits{})
	go srv.Serve(LimitListener(inner, 1, func() { full <- struct{}{} }))
	t.Cleanup(func() { srv.Close() })
	addr := inner.Addr().String()
	holder := dial(t, addr)
	if _, err := io.WriteString(holder, "GET / HTTP/1.1\r\nHost: x\r\n"); err != nil { // no blank line: unfinished
		t.Fatal(err)
	}
	answered := make(chan error, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), patience)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+addr+"/", nil)
		resp, err := (&http.Client{Transport: &http.Transport{}}).Do(req)
		if err == nil {
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if string(b) != "ok" {
				err = fmt.Errorf("answer %q", b)
			}
		}
		answered <- err
	}()
	receive(t, full, "wait at the cap")
	select {
	case err := <-answered:
		t.Fatalf("the second client was served while the first held the only slot: %v", err)
	default:
	}
	holder.Close()
	if err := receive(t, answered, "answer to the second client"); err != nil {
		t.Fatal(err)
	}
}

func TestWarnWhenFullIsRateLimited(t *testing.T) {
	var lines strings.Builder
	log := newTestLogger(&lines)
	warn := WarnWhenFull(log, "gateway api", "gateway.api.maxConnections", 8, time.Hour)
	warn()
	warn()
	if n := strings.Count(lines.String(), "gateway.api.maxConnections"); n != 1 {
		t.Fatalf("%d warnings within the interval, want 1:\n%s", n, lines.String())
	}
}

func newTestLogger(w io.Writer) *logrus.Logger {
	l := logrus.New()
	l.SetOutput(w)
	return l
}
