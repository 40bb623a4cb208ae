// Package httpguard bounds what one client can hold of an HTTP server that faces the
// network (the gateway's API and chain relay, the site daemon's API): how long it may take
// to deliver a request body, what happens to a body that was refused or could not be read,
// and how many connections are served at once.
//
// The body deadline is a read deadline Handler sets on the connection when a request with a
// body reaches it. Nothing lifts it by hand: net/http lifts the connection's read deadline
// itself once the body has been read to its end, when it starts the read that notices a
// client going away. So the deadline bounds reading the body, the server's own drain of a
// body a handler left unread, and a body nobody reads, on every route and the chain relay
// alike; and it never cuts an answer that takes long (a long poll, a followed log stream),
// because it is gone by then (TestAnswerMayOutliveTheBodyTimeout holds net/http to that).
// No write deadline is needed for those routes either. http.Server.ReadTimeout would bound
// the body the same way, but it starts with the request's first byte, so the headers'
// time (up to ReadHeaderTimeout) would come out of the body's; here BodyTimeout is the
// body's own. What the servers did before, lifting the deadline in the handler right after
// reading, left the drain that follows a failed read with no deadline at all: a stalled
// body then held its connection for ever.
package httpguard

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// Defaults for the servers' configuration.
const (
	// DefaultBodyTimeout is how long a client has to deliver a request body once its
	// headers arrived: 8 MiB (the largest body) at 140 KiB/s.
	DefaultBodyTimeout = time.Minute
	// ReadHeaderTimeout bounds a request's headers (and so a connection that sends nothing).
	ReadHeaderTimeout = 10 * time.Second
	// IdleTimeout closes a kept-alive connection with no request for this long, so that
	// idle connections do not hold the connection cap's slots for long.
	IdleTimeout = 2 * time.Minute
)

// Limits are a server's bounds.
type Limits struct {
	// BodyTimeout bounds delivering a request body (DefaultBodyTimeout when zero).
	BodyTimeout time.Duration
	// MaxConnections caps the connections served at once (no cap when zero; servers pass
	// their configuration's default).
	MaxConnections int
}

// Server is an http.Server for handler with the header, body and idle deadlines.
func Server(handler http.Handler, limits Limits) *http.Server {
	return &http.Server{Handler: Handler(handler, limits.BodyTimeout), ReadHeaderTimeout: ReadHeaderTimeout, IdleTimeout: IdleTimeout}
}

// Handler gives every request that has a body bodyTimeout (DefaultBodyTimeout when zero) to
// deliver it. A body that fails to arrive fails to read: the handler answers 400 through
// ReadBody, or the server closes the connection after an answer that did not read it.
func Handler(next http.Handler, bodyTimeout time.Duration) http.Handler {
	if bodyTimeout <= 0 {
		bodyTimeout = DefaultBodyTimeout
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Without a body, net/http already reads the connection in the background to
		// notice a client going away; a deadline now would cancel the request.
		if r.Body != nil && r.Body != http.NoBody {
			if err := http.NewResponseController(w).SetReadDeadline(time.Now().Add(bodyTimeout)); err != nil {
				// Only a writer that is not net/http's (a wiring mistake) refuses: serving
				// without the bound would reopen what it guards against.
				DropBody(w, r)
				http.Error(w, "the server cannot bound request bodies: "+err.Error(), http.StatusInternalServerError)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// DropBody makes sure that what is left of r's body is never read: the answer carries
// Connection: close and the connection's read deadline is moved to the past, so neither
// the server's drain after the handler nor the next request's parser reads a byte more.
// Handlers call it when they refuse a request before (or while) reading its body; a request
// without a body keeps its connection.
func DropBody(w http.ResponseWriter, r *http.Request) {
	if r.Body == nil || r.Body == http.NoBody {
		return
	}
	w.Header().Set("Connection", "close")
	_ = http.NewResponseController(w).SetReadDeadline(time.Unix(1, 0))
	markBodyTooLarge(w)
}

// markBodyTooLarge tells net/http's server, the one way it offers, that the connection
// must close after this answer because of an unread body: a MaxBytesReader that overflows
// (here a zero-byte limit over one byte that is not the client's). The server then closes
// the way it does for an oversized body: it half-closes and waits a moment before the
// full close, so that the client reads the answer instead of a reset caused by the body
// bytes left unread in the socket.
func markBodyTooLarge(w http.ResponseWriter) {
	for {
		u, ok := w.(interface{ Unwrap() http.ResponseWriter })
		if !ok {
			break
		}
		w = u.Unwrap()
	}
	overflow := http.MaxBytesReader(w, io.NopCloser(strings.NewReader("x")), 0)
	_, _ = overflow.Read(make([]byte, 1))
}

// BodyError is a request body that could not be read; Status is the answer's code.
type BodyError struct {
	Status int
	Err    error
}

func (e *BodyError) Error() string { return e.Err.Error() }
func (e *BodyError) Unwrap() error { return e.Err }

// ReadBody reads the request body, at most maxBytes of it. On any failure it drops the
// rest of the body (DropBody) and returns a *BodyError whose message can be shown to the
// client: 413 for a body over maxBytes, 400 for one that failed to arrive (the read
// deadline, a broken chunked encoding, a client that went away).
func ReadBody(w http.ResponseWriter, r *http.Request, maxBytes int64) ([]byte, error) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBytes))
	if err == nil {
		return body, nil
	}
	DropBody(w, r)
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return nil, &BodyError{Status: http.StatusRequestEntityTooLarge, Err: fmt.Errorf("request body larger than %d bytes", maxBytes)}
	}
	return nil, &BodyError{Status: http.StatusBadRequest, Err: fmt.Errorf("reading the request body: %w", err)}
}
