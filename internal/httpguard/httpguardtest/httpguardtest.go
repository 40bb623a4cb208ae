// Package httpguardtest holds what the tests of guarded servers share: a listener that counts
// the bytes a server reads, so that a test can tell a body refused unread from one read and
// then refused.
package httpguardtest

import (
	"net"
	"sync/atomic"
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
