// Package client talks to a site daemon's API (package site): over its unix socket, where
// the kernel's peer credentials say who is asking, or over HTTP(S), where every request is
// signed with the researcher's secp256k1 key (package reqsign).
//
// Everything the site sends back is treated as hostile: JSON answers are read up to a bound,
// error texts are cut short and stripped of control characters, and nothing panics on a
// malformed answer. The key is used to sign and for nothing else: it is never logged, printed
// or put in an error.
package client

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/internal/sanitize"
	"github.com/petagrid/petagrid/site/siteapi"
)

// DefaultTarget is the site daemon's default unix socket.
const DefaultTarget = "unix://" + siteapi.DefaultSocket

// Defaults of the options.
const (
	DefaultDialTimeout = 10 * time.Second
	// DefaultRetryFor is how long Submit keeps retrying while the site is unreachable (a
	// daemon restart takes seconds).
	DefaultRetryFor = time.Minute
	// SignatureTTL is how long a signed request stays valid; the site accepts up to its
	// site.api.signatureMaxTtl (default 5m).
	SignatureTTL = time.Minute
)

const (
	retryFirstWait = 100 * time.Millisecond
	retryMaxWait   = 2 * time.Second
	// maxErrorBytes bounds an error answer; maxErrorText and maxDetails bound what of it is kept.
	maxErrorBytes = 1 << 20
	maxErrorText  = 2000
	maxRawText    = 300
	maxDetails    = 1000
	// idempotencyKeyBytes gives 128 random bits.
	idempotencyKeyBytes = 16
)

// maxJSONBytes bounds a JSON answer (a variable so that tests can lower it).
var maxJSONBytes int64 = 64 << 20

// Client is a site API client. It is safe for concurrent use.
type Client struct {
	target   string
	base     string // scheme://host the requests go to
	unixPath string // non-empty for a unix socket target
	key      *ecdsa.PrivateKey
	hc       *http.Client

	retryFor    time.Duration
	dialTimeout time.Duration
	tlsConfig   *tls.Config
	userAgent   string
	notify      func(attempt int, err error, wait time.Duration)

	// server names what the client talks to in errors: "site" or "gateway".
	server string

	mu       sync.Mutex
	audience string // cached from /v1/info
	pinned   bool   // audience given by WithAudience: never fetched or dropped
}

// Option configures a Client.
type Option func(*Client)

// WithRetryFor sets how long Submit retries transport failures (connection refused or
// reset, EOF, timeouts) and 502/503/504 answers; 0 disables retrying. Default 1m.
func WithRetryFor(d time.Duration) Option { return func(c *Client) { c.retryFor = max(d, 0) } }

// WithDialTimeout bounds connecting to the site. Default 10s.
func WithDialTimeout(d time.Duration) Option {
	return func(c *Client) {
		if d > 0 {
			c.dialTimeout = d
		}
	}
}

// WithTLSConfig sets the TLS configuration for https targets (e.g. a private CA).
func WithTLSConfig(cfg *tls.Config) Option { return func(c *Client) { c.tlsConfig = cfg } }

// WithServerName says what the client talks to, for its errors ("gateway"; default "site").
func WithServerName(name string) Option { return func(c *Client) { c.server = name } }

// WithUserAgent sets the User-Agent header.
func WithUserAgent(ua string) Option { return func(c *Client) { c.userAgent = ua } }

// WithAudience pins the audience requests are signed for (the site's name) instead of taking
// the one the site announces on GET /v1/info. Pinning it means a server that is not the site
// the researcher meant cannot obtain signatures valid at that site.
func WithAudience(audience string) Option {
	return func(c *Client) {
		if audience != "" {
			c.audience, c.pinned = audience, true
		}
	}
}

// WithRetryNotify is called before each Submit retry with the attempt that failed, its error
// and the wait before the next one (for a "site unavailable, retrying" message).
func WithRetryNotify(f func(attempt int, err error, wait time.Duration)) Option {
	return func(c *Client) { c.notify = f }
}

// New returns a client for target: "unix:///path/to.sock" (DefaultTarget when empty), or
// "http://host:port" / "https://host:port". A unix socket needs no key (the site knows the
// caller from the socket's peer credentials) and key is ignored there; http(s) requires key,
// which signs every request.
func New(target string, key *ecdsa.PrivateKey, opts ...Option) (*Client, error) {
	if target == "" {
		target = DefaultTarget
	}
	c := &Client{target: target, retryFor: DefaultRetryFor, dialTimeout: DefaultDialTimeout, userAgent: "petagrid-client", server: "site"}
	for _, o := range opts {
		o(c)
	}
	u, err := url.Parse(target)
	if err != nil {
		return nil, fmt.Errorf("site %q: not a URL (use unix:///path/to.sock or https://host:port)", target)
	}
	if c.pinned && !usableAudience(c.audience) {
		return nil, errors.New("the site audience must be printable text of at most 200 bytes")
	}
	dialer := &net.Dialer{Timeout: c.dialTimeout, KeepAlive: 30 * time.Second}
	tr := &http.Transport{
		MaxIdleConns:        10,
		IdleConnTimeout:     90 * time.Second,
		TLSHandshakeTimeout: 10 * time.Second,
	}
	switch u.Scheme {
	case "unix":
		if u.Host != "" || !filepath.IsAbs(u.Path) || u.RawQuery != "" || u.Fragment != "" {
			return nil, fmt.Errorf("site %q: a unix socket is unix:///absolute/path", target)
		}
		c.unixPath = u.Path
		c.base = "http://localhost"
		tr.DialContext = func(ctx context.Context, _, _ string) (net.Conn, error) {
			return dialer.DialContext(ctx, "unix", c.unixPath)
		}
	case "http", "https":
		if u.Host == "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
			return nil, fmt.Errorf("site %q: use %s://host:port, with no path, query or user", target, u.Scheme)
		}
		if key == nil {
			return nil, fmt.Errorf("site %s: a key is needed to sign requests over %s (create one with `petagrid keys new`)", target, u.Scheme)
		}
		c.key = key
		c.base = u.Scheme + "://" + u.Host
		tr.DialContext = dialer.DialContext
		tr.Proxy = http.ProxyFromEnvironment
		tr.ForceAttemptHTTP2 = true
		if c.tlsConfig != nil {
			tr.TLSClientConfig = c.tlsConfig.Clone()
		}
	default:
		return nil, fmt.Errorf("site %q: use unix:///path/to.sock, http://host:port or https://host:port", target)
	}
	c.hc = &http.Client{
		Transport: tr,
		// A redirect would resend a signed request somewhere it was not signed for; the
		// API never redirects, so one is an error.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	return c, nil
}

// Target is the site the client talks to, as given to New.
func (c *Client) Target() string { return c.target }

// PinnedAudience is the audience given by WithAudience ("" when the client takes the one the
// server announces), so that another client for the same server can sign for the same name.
func (c *Client) PinnedAudience() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.pinned {
		return ""
	}
	return c.audience
}

// Signed reports whether the client signs its requests (http and https targets).
func (c *Client) Signed() bool { return c.key != nil }

// Close releases idle connections.
func (c *Client) Close() { c.hc.CloseIdleConnections() }

// APIError is an error answer from the site.
type APIError struct {
	// Server is what answered: "site" (the default) or "gateway".
	Server  string
	Status  int
	Message string
	// Details are the individual problems, e.g. one "file:line:col: message" per workflow error.
	Details []string
}

func (e *APIError) Error() string {
	var b strings.Builder
	server := e.Server
	if server == "" {
		server = "site"
	}
	fmt.Fprintf(&b, "%s answered %d %s", server, e.Status, http.StatusText(e.Status))
	if e.Message != "" {
		b.WriteString(": " + e.Message)
	}
	for _, d := range e.Details {
		b.WriteString("\n  " + d)
	}
	return b.String()
}

// TransportError is a failure to reach the site or to read its whole answer: the request may
// or may not have been acted on.
type TransportError struct {
	// Server is what was contacted: "site" (the default) or "gateway".
	Server string
	Target string
	Err    error
}

func (e *TransportError) Error() string {
	server := e.Server
	if server == "" {
		server = "site"
	}
	msg := fmt.Sprintf("contacting the %s at %s: %v", server, e.Target, e.Err)
	if errors.Is(e.Err, syscall.ENOENT) || errors.Is(e.Err, syscall.ECONNREFUSED) {
		if server == "site" {
			msg += " (is the site daemon running?)"
		} else {
			msg += " (is the gateway running?)"
		}
	}
	return msg
}

func (e *TransportError) Unwrap() error { return e.Err }

// Info returns what the site says about itself (unauthenticated). Its audience is cached for
// signing.
func (c *Client) Info(ctx context.Context) (siteapi.Info, error) {
	var info siteapi.Info
	if _, err := c.do(ctx, http.MethodGet, "/v1/info", nil, nil, false, &info, http.StatusOK); err != nil {
		return siteapi.Info{}, err
	}
	if !c.pinned && usableAudience(info.Audience) {
		c.mu.Lock()
		c.audience = info.Audience
		c.mu.Unlock()
	}
	info.Site, info.Audience, info.Version, info.UserMode = clean(info.Site, 200), clean(info.Audience, 200), clean(info.Version, 200), clean(info.UserMode, 50)
	return info, nil
}

// usableAudience: a site name that can be signed (reqsign refuses newlines and NUL) and that
// is short and printable, as site names are.
func usableAudience(a string) bool {
	return a != "" && len(a) <= 200 && clean(a, 200) == a
}

func (c *Client) signingAudience(ctx context.Context) (string, error) {
	c.mu.Lock()
	aud := c.audience
	c.mu.Unlock()
	if aud != "" {
		return aud, nil
	}
	info, err := c.Info(ctx)
	if err != nil {
		return "", fmt.Errorf("asking the site for its name (the audience requests are signed for): %w", err)
	}
	c.mu.Lock()
	aud = c.audience
	c.mu.Unlock()
	if aud == "" {
		return "", fmt.Errorf("site %s announced no usable audience (%q)", c.target, info.Audience)
	}
	return aud, nil
}

// forgetAudience drops a fetched audience after the site refused a signature, so that the
// next request asks again (the site may have been renamed).
func (c *Client) forgetAudience() {
	c.mu.Lock()
	if !c.pinned {
		c.audience = ""
	}
	c.mu.Unlock()
}

// Submit sends a workflow. created is true when the site accepted a new run (201) and false
// when it returned the run an earlier submission with the same idempotency key made (200).
//
// Transport failures and 502/503/504 answers are retried with backoff (100ms doubling to 2s)
// for up to WithRetryFor (default 1m) or until ctx ends, each attempt signed anew and all with
// the same idempotency key; a request without one gets a random one first, so that a retry
// can never submit twice. 4xx answers are never retried.
func (c *Client) Submit(ctx context.Context, req siteapi.SubmitRequest) (siteapi.RunView, bool, error) {
	if req.IdempotencyKey == "" {
		k, err := NewIdempotencyKey()
		if err != nil {
			return siteapi.RunView{}, false, err
		}
		req.IdempotencyKey = k
	}
	body, err := json.Marshal(req)
	if err != nil {
		return siteapi.RunView{}, false, fmt.Errorf("encoding the submission: %w", err)
	}
	start := time.Now()
	deadline := start.Add(c.retryFor)
	wait := retryFirstWait
	gaveUp := func(attempt int, err error) error {
		if attempt == 1 {
			return err
		}
		return fmt.Errorf("%w (gave up after %d attempts in %s)", err, attempt, time.Since(start).Round(100*time.Millisecond))
	}
	for attempt := 1; ; attempt++ {
		var view siteapi.RunView
		status, err := c.do(ctx, http.MethodPost, "/v1/jobs", nil, body, true, &view, http.StatusOK, http.StatusCreated)
		if err == nil {
			return view, status == http.StatusCreated, nil
		}
		if !retryable(ctx, err) {
			return siteapi.RunView{}, false, gaveUp(attempt, err)
		}
		remaining := time.Until(deadline)
		if remaining <= 0 {
			return siteapi.RunView{}, false, gaveUp(attempt, err)
		}
		wait = min(wait, remaining)
		if c.notify != nil {
			c.notify(attempt, err, wait)
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return siteapi.RunView{}, false, gaveUp(attempt, err)
		case <-t.C:
		}
		wait = min(2*wait, retryMaxWait)
	}
}

// NewIdempotencyKey returns a random idempotency key.
func NewIdempotencyKey() (string, error) {
	b := make([]byte, idempotencyKeyBytes)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("generating an idempotency key: %w", err)
	}
	return "pg-" + hex.EncodeToString(b), nil
}

// retryable: the site could not be reached or answered that it is (or its proxy's upstream
// is) unavailable. Certificate problems and the caller's own deadline are final.
func retryable(ctx context.Context, err error) bool {
	if ctx.Err() != nil {
		return false
	}
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		switch apiErr.Status {
		case http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
			return true
		}
		return false
	}
	var te *TransportError
	if !errors.As(err, &te) {
		return false
	}
	var certErr *tls.CertificateVerificationError
	var unknownCA x509.UnknownAuthorityError
	var hostErr x509.HostnameError
	var invalid x509.CertificateInvalidError
	var recordErr tls.RecordHeaderError
	if errors.As(err, &certErr) || errors.As(err, &unknownCA) || errors.As(err, &hostErr) || errors.As(err, &invalid) || errors.As(err, &recordErr) {
		return false
	}
	return true
}

// ListOptions filters List.
type ListOptions struct {
	// States keeps runs in these states only (empty: any).
	States []string
	// Limit caps how many runs come back (0: the site's default, 100).
	Limit int
	// All asks for every researcher's runs (admins only; others get their own).
	All bool
	// Before pages backwards: only runs created before this run id.
	Before string
}

// List returns runs, newest first, with their steps.
func (c *Client) List(ctx context.Context, opts ListOptions) ([]siteapi.Run, error) {
	q := url.Values{}
	for _, s := range opts.States {
		q.Add("state", s)
	}
	if opts.Limit > 0 {
		q.Set("limit", strconv.Itoa(opts.Limit))
	}
	if opts.All {
		q.Set("all", "1")
	}
	if opts.Before != "" {
		q.Set("before", opts.Before)
	}
	var out struct {
		Runs []siteapi.Run `json:"runs"`
	}
	if _, err := c.do(ctx, http.MethodGet, "/v1/jobs", q, nil, true, &out, http.StatusOK); err != nil {
		return nil, err
	}
	if out.Runs == nil {
		out.Runs = []siteapi.Run{}
	}
	return out.Runs, nil
}

// Get returns one run; history adds its transitions.
func (c *Client) Get(ctx context.Context, id string, history bool) (siteapi.RunView, error) {
	p, err := runPath(id)
	if err != nil {
		return siteapi.RunView{}, err
	}
	var q url.Values
	if history {
		q = url.Values{"history": {"1"}}
	}
	var view siteapi.RunView
	_, err = c.do(ctx, http.MethodGet, p, q, nil, true, &view, http.StatusOK)
	return view, err
}

// Cancel asks the site to cancel a run and returns it as it is now (cancelRequested set).
func (c *Client) Cancel(ctx context.Context, id string) (siteapi.RunView, error) {
	p, err := runPath(id)
	if err != nil {
		return siteapi.RunView{}, err
	}
	var view siteapi.RunView
	_, err = c.do(ctx, http.MethodDelete, p, nil, nil, true, &view, http.StatusOK, http.StatusAccepted)
	return view, err
}

// LogOptions selects what Logs streams.
type LogOptions struct {
	// Step is one step's logs (empty: every step, each line prefixed with its step).
	Step string
	// Task is one array task (-1: all). The zero value 0 means task 0: set -1 for all.
	Task int
	// Stream is "stdout", "stderr" or "both" (empty: both).
	Stream string
	// Follow keeps streaming as the logs grow, until the run ends or ctx does.
	Follow bool
}

// Logs streams a run's logs to w as they arrive. It returns when the site ends the stream,
// or with ctx's error when ctx ends first.
func (c *Client) Logs(ctx context.Context, id string, opts LogOptions, w io.Writer) error {
	p, err := runPath(id)
	if err != nil {
		return err
	}
	q := url.Values{}
	if opts.Step != "" {
		q.Set("step", opts.Step)
	}
	if opts.Task >= 0 {
		q.Set("task", strconv.Itoa(opts.Task))
	}
	if opts.Stream != "" {
		q.Set("stream", opts.Stream)
	}
	if opts.Follow {
		q.Set("follow", "1")
	}
	resp, err := c.send(ctx, http.MethodGet, p+"/logs", q, nil, true)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return c.errorFrom(resp)
	}
	buf := make([]byte, 32<<10)
	for {
		n, rerr := resp.Body.Read(buf)
		if n > 0 {
			if _, werr := w.Write(buf[:n]); werr != nil {
				return werr
			}
		}
		if rerr == io.EOF {
			return nil
		}
		if rerr != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return &TransportError{Server: c.server, Target: c.target, Err: rerr}
		}
	}
}

// runPath is the API path of a run. Run ids are checked by the site; here only enough to keep
// the path one segment that no one cleans into another endpoint.
func runPath(id string) (string, error) {
	if id == "" || id == "." || id == ".." || len(id) > 128 {
		return "", fmt.Errorf("%q is not a run id", clean(id, 40))
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return "", fmt.Errorf("%q is not a run id", clean(id, 40))
		}
	}
	return "/v1/jobs/" + id, nil
}

// send makes one request, signed when the target needs it. Failures to reach the site come
// back as *TransportError.
func (c *Client) send(ctx context.Context, method, path string, q url.Values, body []byte, authed bool) (*http.Response, error) {
	u := c.base + path
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, u, rd)
	if err != nil {
		return nil, fmt.Errorf("building the request: %w", err)
	}
	req.Header.Set("User-Agent", c.userAgent)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if authed && c.key != nil {
		aud, err := c.signingAudience(ctx)
		if err != nil {
			return nil, err
		}
		if err := reqsign.Sign(req, body, c.key, aud, time.Now(), SignatureTTL); err != nil {
			return nil, err
		}
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		// url.Error repeats the method and URL; the target says where.
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return nil, &TransportError{Server: c.server, Target: c.target, Err: err}
	}
	if authed && c.key != nil && resp.StatusCode == http.StatusUnauthorized {
		c.forgetAudience()
	}
	return resp, nil
}

// do makes a request and decodes a JSON answer whose status is one of want into out.
func (c *Client) do(ctx context.Context, method, path string, q url.Values, body []byte, authed bool, out any, want ...int) (int, error) {
	resp, err := c.send(ctx, method, path, q, body, authed)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	ok := false
	for _, w := range want {
		ok = ok || resp.StatusCode == w
	}
	if !ok {
		return resp.StatusCode, c.errorFrom(resp)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxJSONBytes+1))
	if err != nil {
		if ctx.Err() != nil {
			return resp.StatusCode, ctx.Err()
		}
		return resp.StatusCode, &TransportError{Server: c.server, Target: c.target, Err: fmt.Errorf("reading the answer: %w", err)}
	}
	if int64(len(data)) > maxJSONBytes {
		return resp.StatusCode, fmt.Errorf("the site's answer to %s %s is larger than %d bytes", method, path, maxJSONBytes)
	}
	if err := json.Unmarshal(data, out); err != nil {
		return resp.StatusCode, fmt.Errorf("the site's answer to %s %s is not what was expected: %s", method, path, clean(err.Error(), maxRawText))
	}
	return resp.StatusCode, nil
}

// errorFrom turns an error answer into an *APIError, from its JSON ErrorBody or, failing
// that, from the start of its text.
func (c *Client) errorFrom(resp *http.Response) error {
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxErrorBytes))
	e := &APIError{Server: c.server, Status: resp.StatusCode}
	var eb siteapi.ErrorBody
	if jerr := json.Unmarshal(data, &eb); jerr == nil && eb.Error != "" {
		e.Message = clean(eb.Error, maxErrorText)
		for i, d := range eb.Details {
			if i == maxDetails {
				e.Details = append(e.Details, fmt.Sprintf("… and %d more", len(eb.Details)-maxDetails))
				break
			}
			e.Details = append(e.Details, clean(d, maxErrorText))
		}
		return e
	}
	e.Message = clean(strings.Join(strings.Fields(string(data)), " "), maxRawText)
	if e.Message == "" && err != nil {
		e.Message = "reading the answer: " + clean(err.Error(), maxRawText)
	}
	return e
}

// clean makes text from the site safe to show: at most limit bytes, valid UTF-8, and no
// control characters (they are shown escaped, never sent to a terminal).
func clean(s string, limit int) string { return sanitize.Escape(s, limit) }

// Call makes a signed request to another endpoint of a service that speaks this API's
// conventions (the grid gateway's operator and provider endpoints) and decodes a JSON answer
// whose status is one of want into out. body nil sends none.
func (c *Client) Call(ctx context.Context, method, path string, q url.Values, body []byte, out any, want ...int) (int, error) {
	if !strings.HasPrefix(path, "/") {
		return 0, fmt.Errorf("path %q must start with /", path)
	}
	return c.do(ctx, method, path, q, body, true, out, want...)
}

// BaseURL is the scheme://host requests go to ("" for a unix socket).
func (c *Client) BaseURL() string {
	if c.unixPath != "" {
		return ""
	}
	return c.base
}
