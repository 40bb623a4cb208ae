package httpguard

import (
	"errors"
	"net"
	"sync"
	"time"

	"github.com/sirupsen/logrus"
)

// LimitListener serves at most limit connections of l at once: Accept waits for a served
// connection to close before it takes the next one, which meanwhile waits in the kernel's
// backlog (and is refused by the kernel once that is full). Waiting rather than closing the
// extra connections at once lets a burst of honest clients through a moment later; either
// way a client cannot make the server hold more sockets, goroutines and buffers than limit.
// onFull, when set, is called each time Accept has to wait. limit < 1 means no cap.
//
// The cap wraps the raw listener, beneath TLS, so that handshakes count too.
func LimitListener(l net.Listener, limit int, onFull func()) net.Listener {
	if limit < 1 {
		return l
	}
	return &limitListener{Listener: l, slots: make(chan struct{}, limit), closed: make(chan struct{}), onFull: onFull}
}

type limitListener struct {
	net.Listener
	// slots holds one token per connection being served.
	slots     chan struct{}
	closed    chan struct{}
	closeOnce sync.Once
	onFull    func()
}

// Accept takes a slot (waiting for one when all are taken), then the next connection.
func (l *limitListener) Accept() (net.Conn, error) {
	if !l.acquire() {
		return nil, net.ErrClosed
	}
	c, err := l.Listener.Accept()
	if err != nil {
		l.release()
		return nil, err
	}
	return &limitedConn{Conn: c, release: sync.OnceFunc(l.release)}, nil
}

func (l *limitListener) acquire() bool {
	select {
	case l.slots <- struct{}{}:
		return true
	default:
	}
	if l.onFull != nil {
		l.onFull()
	}
	select {
	case l.slots <- struct{}{}:
		return true
	case <-l.closed:
		return false
	}
}

func (l *limitListener) release() { <-l.slots }

// Close closes the listener and wakes an Accept that waits for a slot.
func (l *limitListener) Close() error {
	l.closeOnce.Do(func() { close(l.closed) })
	return l.Listener.Close()
}

// limitedConn gives its slot back when it is closed (once, however often Close is called).
type limitedConn struct {
	net.Conn
	release func()
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.release()
	return err
}

// CloseWrite half-closes a TCP connection: net/http's server does so before closing a
// connection whose request body it left unread, so that its answer is not lost to a reset.
func (c *limitedConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return errors.ErrUnsupported
}

// NetConn is the wrapped connection (the site reads a unix socket's peer credentials from
// it).
func (c *limitedConn) NetConn() net.Conn { return c.Conn }

// WarnWhenFull is an onFull for LimitListener that logs, at most once per interval, that
// the server named what has reached its cap of limit connections (configured under key).
func WarnWhenFull(log logrus.FieldLogger, what, key string, limit int, interval time.Duration) func() {
	var mu sync.Mutex
	var last time.Time
	return func() {
		mu.Lock()
		defer mu.Unlock()
		if now := time.Now(); last.IsZero() || now.Sub(last) >= interval {
			last = now
			log.WithField("maxConnections", limit).Warnf("%s: all %d connections are in use; new connections wait (raise %s if clients are honest)", what, limit, key)
		}
	}
}
