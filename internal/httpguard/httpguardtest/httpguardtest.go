// Package httpguardtest holds what the tests of guarded servers share: a listener that counts
// the bytes a server reads (a body refused unread from one read and then refused), and the
// check of a connection cap from the outside.
package httpguardtest

import (
	"context"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sirupsen/logrus"
	"github.com/sirupsen/logrus/hooks/test"
)

// CountingListener counts the bytes the server reads from the connections it accepts.
type CountingListener struct {
	net.Listener
	read atomic.Int64
}

// NewCountingListener wraps l.
func NewCountingListener(l net.Listener) *CountingListener { return &CountingListener{Listener: l} }

// BytesRead is how many bytes the server has read so far, over all connections.
func (l *CountingListener) BytesRead() int64 { return l.read.Load() }

// Accept wraps each connection so that its reads are counted.
func (l *CountingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &countingConn{Conn: c, read: &l.read}, nil
}

type countingConn struct {
	net.Conn
	read *atomic.Int64
}

func (c *countingConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.read.Add(int64(n))
	return n, err
}

// NetConn is the wrapped connection: a server that looks through wrappers (for a unix
// socket's peer, say) finds it.
func (c *countingConn) NetConn() net.Conn { return c.Conn }

// ExpectCapHolds checks a server's connection cap from the outside: with every slot held by
// the connections in holders, a GET of url is not served; the server warns (hook) with
// warning; once the first holder closes, the GET is answered 200. patience bounds each wait
// (it is never what is measured).
func ExpectCapHolds(t testing.TB, url string, holders []net.Conn, hook *test.Hook, warning string, patience time.Duration) {
	t.Helper()
	answered := make(chan string, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), patience)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := (&http.Client{Transport: &http.Transport{}}).Do(req)
		if err != nil {
			answered <- err.Error()
			return
		}
		resp.Body.Close()
		answered <- resp.Status
	}()
	WaitForWarning(t, hook, warning, patience)
	// The server's Accept waits for a slot once it warned.
	select {
	case got := <-answered:
		t.Fatalf("a connection beyond the cap of %d was served: %s", len(holders), got)
	default:
	}
	holders[0].Close()
	select {
	case got := <-answered:
		if got != "200 OK" {
			t.Fatalf("after a holder left: %s", got)
		}
	case <-time.After(patience):
		t.Fatal("the waiting client was never served")
	}
}

// WaitForWarning waits until hook holds a warning containing text, at most patience.
func WaitForWarning(t testing.TB, hook *test.Hook, text string, patience time.Duration) {
	t.Helper()
	for deadline := time.Now().Add(patience); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		for _, e := range hook.AllEntries() {
			if e.Level == logrus.WarnLevel && strings.Contains(e.Message, text) {
				return
			}
		}
	}
	t.Fatalf("no warning %q", text)
}
