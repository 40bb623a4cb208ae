package gatewaylink

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/internal/sanitize"
	"github.com/petagrid/petagrid/pocp"
)

// signatureTTL is how long a signed request stays valid.
const signatureTTL = time.Minute

// Bounds on what the gateway may send back.
const (
	maxErrorBytes = 64 << 10
	maxErrorText  = 1000
	maxInfoBytes  = 64 << 10
	// requestTimeout bounds every request but the poll, whose bound is the poll wait plus
	// pollSlack.
	requestTimeout = time.Minute
	pollSlack      = 30 * time.Second
)

// statusError is an answer other than 2xx.
type statusError struct {
	Method, Path string
	Status       int
	Message      string
}

func (e *statusError) Error() string {
	msg := fmt.Sprintf("gateway answered %s %s with %d %s", e.Method, e.Path, e.Status, http.StatusText(e.Status))
	if e.Message != "" {
		msg += ": " + e.Message
	}
	return msg
}

// final reports whether trying again cannot help: a 4xx other than those that say "later"
// (timeouts, rate limits) or "signature" (the audience may have changed, a clock been off).
func (e *statusError) final() bool {
	switch e.Status {
	case http.StatusUnauthorized, http.StatusRequestTimeout, http.StatusTooEarly, http.StatusTooManyRequests:
		return false
	}
	return e.Status >= 400 && e.Status < 500
}

// answerError is a 2xx answer that is not what the protocol says: too large, not JSON, or
// out of bounds. The gateway is broken or hostile; the request is tried again later.
type answerError struct {
	What string
	Err  error
}

func (e *answerError) Error() string { return "gateway's answer to " + e.What + ": " + e.Err.Error() }
func (e *answerError) Unwrap() error { return e.Err }

// client makes signed requests to the gateway. It is safe for concurrent use.
type client struct {
	base      string
	hc        *http.Client
	key       *ecdsa.PrivateKey
	userAgent string
	now       func() time.Time

	mu       sync.Mutex
	audience string
	pinned   bool
	// domain is the EIP-712 domain of reports, from the gateway's GET /v1/info.
	domain *pocp.Domain
}

func newClient(cfg Config, key *ecdsa.PrivateKey, tlsConfig *tls.Config, userAgent string) (*client, error) {
	u, err := url.Parse(cfg.URL)
	if err != nil {
		return nil, fmt.Errorf("grid.url: %w", err)
	}
	dialer := &net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}
	tr := &http.Transport{
		Proxy:               http.ProxyFromEnvironment,
		DialContext:         dialer.DialContext,
		ForceAttemptHTTP2:   true,
		MaxIdleConns:        8,
		IdleConnTimeout:     90 * time.Second,
		TLSHandshakeTimeout: 10 * time.Second,
		TLSClientConfig:     &tls.Config{MinVersion: tls.VersionTLS12},
	}
	if tlsConfig != nil {
		tr.TLSClientConfig = tlsConfig.Clone()
	}
	c := &client{
		base: u.Scheme + "://" + u.Host, key: key, userAgent: userAgent, now: time.Now,
		hc: &http.Client{Transport: tr,
			// A redirect would send a signed request where it was not signed for.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }},
	}
	if cfg.Audience != "" {
		c.audience, c.pinned = cfg.Audience, true
	}
	return c, nil
}

func (c *client) close() { c.hc.CloseIdleConnections() }

// signingAudience is the pinned audience, or the one the gateway announces.
func (c *client) signingAudience(ctx context.Context) (string, error) {
	c.mu.Lock()
	aud := c.audience
	c.mu.Unlock()
	if aud != "" {
		return aud, nil
	}
	info, err := c.fetchInfo(ctx)
	if err != nil {
		return "", fmt.Errorf("asking the gateway for its name (the audience requests are signed for): %w", err)
	}
	c.mu.Lock()
	c.audience = info.Audience
	c.mu.Unlock()
	return info.Audience, nil
}

// gatewayInfo is what the link reads of the gateway's GET /v1/info: the site API's shape
// (site, audience, version) plus the chain.
type gatewayInfo struct {
	Site     string `json:"site"`
	Audience string `json:"audience"`
	Version  string `json:"version"`
	Chain    struct {
		ChainID   string `json:"chainId"`
		Contracts struct {
			Settlement string `json:"settlement"`
		} `json:"contracts"`
	} `json:"chain"`
}

// fetchInfo reads GET /v1/info and keeps the EIP-712 domain it announces.
func (c *client) fetchInfo(ctx context.Context) (gatewayInfo, error) {
	var info gatewayInfo
	resp, err := c.send(ctx, http.MethodGet, "/v1/info", nil, nil, false, requestTimeout)
	if err != nil {
		return info, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return info, errorFrom(http.MethodGet, "/v1/info", resp)
	}
	if err := readJSON(resp.Body, maxInfoBytes, &info); err != nil {
		return info, &answerError{What: "GET /v1/info", Err: err}
	}
	if !audiencePattern.MatchString(info.Audience) {
		return info, &answerError{What: "GET /v1/info", Err: fmt.Errorf("audience %q is not a usable name (set grid.audience)", clean(info.Audience, 60))}
	}
	// Reports are signed in the domain of the gateway's chain and settlement contract.
	if id, ok := new(big.Int).SetString(info.Chain.ChainID, 10); ok && id.Sign() > 0 && id.BitLen() <= 64 && common.IsHexAddress(info.Chain.Contracts.Settlement) {
		c.mu.Lock()
		c.domain = &pocp.Domain{ChainID: id, VerifyingContract: common.HexToAddress(info.Chain.Contracts.Settlement)}
		c.mu.Unlock()
	}
	return info, nil
}

// reportDomain is the EIP-712 domain the gateway announced, asking for it if it is not known
// yet; false when the gateway announces none.
func (c *client) reportDomain(ctx context.Context) (pocp.Domain, bool, error) {
	c.mu.Lock()
	d := c.domain
	c.mu.Unlock()
	if d == nil {
		if _, err := c.fetchInfo(ctx); err != nil {
			return pocp.Domain{}, false, err
		}
		c.mu.Lock()
		d = c.domain
		c.mu.Unlock()
	}
	if d == nil {
		return pocp.Domain{}, false, nil
	}
	return *d, true, nil
}

// forgetAudience drops an announced audience after the gateway refused a signature, so that
// the next request asks again (the gateway may have been renamed).
func (c *client) forgetAudience() {
	c.mu.Lock()
	if !c.pinned {
		c.audience = ""
	}
	c.mu.Unlock()
}

// send makes one request, signed when signed is set, bounded by timeout. The caller closes
// the answer's body.
func (c *client) send(ctx context.Context, method, path string, header http.Header, body []byte, signed bool, timeout time.Duration) (*http.Response, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return nil, fmt.Errorf("building the request: %w", err)
	}
	for k, vs := range header {
		req.Header[k] = vs
	}
	req.Header.Set("User-Agent", c.userAgent)
	if signed {
		aud, err := c.signingAudience(ctx)
		if err != nil {
			return nil, err
		}
		if err := reqsign.Sign(req, body, c.key, aud, c.now(), signatureTTL); err != nil {
			return nil, err
		}
	}
	// The timeout covers the answer's body too: the caller reads it before the context
	// ends. It is released when the body is closed.
	tctx, cancel := context.WithTimeout(ctx, timeout)
	resp, err := c.hc.Do(req.WithContext(tctx))
	if err != nil {
		cancel()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return nil, fmt.Errorf("%s %s%s: %w", method, c.base, path, err)
	}
	resp.Body = cancelOnClose{ReadCloser: resp.Body, cancel: cancel}
	if signed && resp.StatusCode == http.StatusUnauthorized {
		c.forgetAudience()
	}
	return resp, nil
}

type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (c cancelOnClose) Close() error {
	err := c.ReadCloser.Close()
	c.cancel()
	return err
}

// call makes a signed request and reads a 2xx answer's body (at most maxAnswer bytes); any
// other status is a *statusError.
func (c *client) call(ctx context.Context, method, path string, header http.Header, body []byte, timeout time.Duration, maxAnswer int64) (int, []byte, error) {
	resp, err := c.send(ctx, method, path, header, body, true, timeout)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return resp.StatusCode, nil, errorFrom(method, path, resp)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswer+1))
	if err != nil {
		if ctx.Err() != nil {
			return resp.StatusCode, nil, ctx.Err()
		}
		return resp.StatusCode, nil, fmt.Errorf("reading the gateway's answer to %s %s: %w", method, path, err)
	}
	if int64(len(data)) > maxAnswer {
		return resp.StatusCode, nil, &answerError{What: method + " " + path, Err: fmt.Errorf("larger than %d bytes", maxAnswer)}
	}
	return resp.StatusCode, data, nil
}

// postJSON sends v as JSON and decodes a 2xx answer into out (nil: the answer is read and
// dropped).
func (c *client) postJSON(ctx context.Context, path string, v any, out any, timeout time.Duration, maxAnswer int64) (int, error) {
	body, err := json.Marshal(v)
	if err != nil {
		return 0, fmt.Errorf("encoding %s: %w", path, err)
	}
	h := http.Header{"Content-Type": {"application/json"}}
	status, data, err := c.call(ctx, http.MethodPost, path, h, body, timeout, maxAnswer)
	if err != nil || out == nil {
		return status, err
	}
	if err := decodeStrict(data, out); err != nil {
		return status, &answerError{What: "POST " + path, Err: err}
	}
	return status, nil
}

// readJSON decodes one bounded JSON object from r.
func readJSON(r io.Reader, limit int64, out any) error {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return err
	}
	if int64(len(data)) > limit {
		return fmt.Errorf("larger than %d bytes", limit)
	}
	return decodeStrict(data, out)
}

// decodeStrict reads exactly one JSON object with the right types. Fields this build does
// not know are ignored, so that a newer gateway can add optional ones without cutting off
// the sites that have not upgraded yet; everything else is an error.
func decodeStrict(data []byte, out any) error {
	trimmed := bytes.TrimLeft(data, " \t\r\n")
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return errors.New("not a JSON object")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(out); err != nil {
		return fmt.Errorf("not valid JSON for the protocol: %s", clean(err.Error(), 200))
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("data after the JSON object")
	}
	return nil
}

// errorFrom turns an error answer into a *statusError, with the gateway's message cut
// short and made printable ({"error": …, "details": […]}, a report's {"reasons": […]}, or
// the start of the text).
func errorFrom(method, path string, resp *http.Response) error {
	data, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBytes))
	e := &statusError{Method: method, Path: path, Status: resp.StatusCode}
	// The site's error shape, or a refused report's reasons.
	var body struct {
		Error   string   `json:"error"`
		Details []string `json:"details"`
		Reasons []string `json:"reasons"`
	}
	if json.Unmarshal(data, &body) == nil && (body.Error != "" || len(body.Reasons) > 0) {
		msg := body.Error
		if msg == "" {
			msg, body.Details = body.Reasons[0], body.Reasons[1:]
		}
		for i, d := range body.Details {
			if i == 10 {
				msg += fmt.Sprintf("; … and %d more", len(body.Details)-10)
				break
			}
			msg += "; " + d
		}
		e.Message = clean(msg, maxErrorText)
		return e
	}
	e.Message = clean(strings.Join(strings.Fields(string(data)), " "), maxErrorText)
	return e
}

// retryable reports whether an error may go away by itself: the gateway unreachable,
// overloaded or answering nonsense, as opposed to a 4xx that says the request is wrong.
// Certificate errors are retried too (an expired certificate gets renewed) but logged.
func retryable(err error) bool {
	var se *statusError
	if errors.As(err, &se) {
		return !se.final()
	}
	return !errors.Is(err, context.Canceled)
}

// certificateProblem reports a TLS verification failure, which deserves an Error log line:
// it does not fix itself unless someone acts.
func certificateProblem(err error) bool {
	var certErr *tls.CertificateVerificationError
	var unknownCA x509.UnknownAuthorityError
	var hostErr x509.HostnameError
	var invalid x509.CertificateInvalidError
	return errors.As(err, &certErr) || errors.As(err, &unknownCA) || errors.As(err, &hostErr) || errors.As(err, &invalid)
}

// clean makes text from the gateway safe to log: at most limit bytes, valid UTF-8, control
// characters escaped.
func clean(s string, limit int) string { return sanitize.Escape(s, limit) }
