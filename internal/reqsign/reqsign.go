// Package reqsign authenticates HTTP requests to PetaGrid services (the site daemon API, later
// the grid gateway) with a researcher's secp256k1 key, the same kind of key an Ethereum account
// uses.
//
// The signature covers an EIP-191 "personal message" (textHash) rather than a bare
// hash, so a researcher can sign with a standard Ethereum wallet or hardware signer instead of
// handing PetaGrid a raw key, and so a request signature can never be mistaken for a signed
// transaction.
//
// The signed message binds the request to one audience (the site or gateway it is meant for),
// so a request captured at one site cannot be replayed at another; to the method, the request
// URI exactly as sent and the SHA-256 of the body, so none of them can be changed in transit;
// and to an expiry, so a captured request stops working after a few minutes. Within that
// window a random nonce, remembered by the verifier in a durable store, makes each request
// usable once.
//
// Headers on a signed request:
//
//	PetaGrid-Signer:    0x<40 hex digits, EIP-55 checksummed or lower case>
//	PetaGrid-Nonce:     16 to 64 characters from [A-Za-z0-9_-]
//	PetaGrid-Expires:   unix seconds, decimal
//	PetaGrid-Signature: 0x<130 hex digits: r || s || v, v = 0/1 or 27/28>
package reqsign

import (
	"context"
	"crypto/ecdsa"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// Header names. http.Header canonicalises them ("Petagrid-Signer"); HTTP header names are
// case-insensitive, so clients may send either spelling.
const (
	HeaderSigner    = "PetaGrid-Signer"
	HeaderNonce     = "PetaGrid-Nonce"
	HeaderExpires   = "PetaGrid-Expires"
	HeaderSignature = "PetaGrid-Signature"
)

// Version is the first line of every signed message. A new message layout gets a new version
// so that a signature made for one layout can never verify under another.
const Version = "petagrid-request-v1"

const (
	// DefaultMaxTTL keeps captured requests short-lived and bounds how long the verifier's
	// nonce store must remember each nonce.
	DefaultMaxTTL = 5 * time.Minute
	// DefaultClockSkew tolerates researchers' clocks being slightly off.
	DefaultClockSkew = 30 * time.Second
)

const (
	minNonceLen = 16
	maxNonceLen = 64
	// nonceBytes gives 128 random bits, 22 base64url characters.
	nonceBytes = 16
	// maxExpiresDigits keeps expiry arithmetic far from int64 overflow (year ~3e10 is plenty).
	maxExpiresDigits = 18
	sigHexLen        = 2 + 2*crypto.SignatureLength
	signerHexLen     = 2 + 2*common.AddressLength
)

// Errors returned by Verify, wrapped with a reason that is safe and useful to show to the
// client; test for them with errors.Is.
var (
	// ErrUnsigned: the request carries none of the signature headers.
	ErrUnsigned = errors.New("request is not signed")
	// ErrMalformed: some signature headers are missing, repeated or unparseable, or the
	// expiry is further ahead than the verifier allows.
	ErrMalformed = errors.New("malformed request signature")
	// ErrExpired: the request's expiry has passed.
	ErrExpired = errors.New("request signature expired")
	// ErrBadSignature: the signature is invalid or was not made by the claimed signer over
	// this exact request (audience, method, URI, body, nonce and expiry).
	ErrBadSignature = errors.New("bad request signature")
	// ErrReplayed: the signer already used this nonce.
	ErrReplayed = errors.New("request replayed")
)

// Message returns the canonical message that is signed for a request. requestURI is the path
// plus raw query exactly as sent on the request line (r.URL.RequestURI() on the client), so
// that the verifier sees the same bytes without re-encoding anything.
//
// Message returns nil if any string argument contains a newline or NUL, since fields are
// separated by newlines and such a message would be ambiguous. Sign and Verify refuse those
// inputs rather than sign or check a nil message.
func Message(audience, method, requestURI string, bodySHA256 [32]byte, nonce string, expires int64) []byte {
	msg, err := message(audience, method, requestURI, bodySHA256, nonce, expires)
	if err != nil {
		return nil
	}
	return msg
}

func message(audience, method, requestURI string, bodySHA256 [32]byte, nonce string, expires int64) ([]byte, error) {
	for _, f := range []struct{ name, value string }{
		{"audience", audience}, {"method", method}, {"request URI", requestURI}, {"nonce", nonce},
	} {
		if strings.ContainsAny(f.value, "\n\x00") {
			return nil, fmt.Errorf("%s contains a newline or NUL", f.name)
		}
	}
	return []byte(strings.Join([]string{
		Version,
		audience,
		strings.ToUpper(method),
		requestURI,
		hex.EncodeToString(bodySHA256[:]),
		nonce,
		strconv.FormatInt(expires, 10),
	}, "\n")), nil
}

// requestURI returns the request target as it appears on the request line. On the server
// r.RequestURI is exactly what the client sent, unaffected by middleware that rewrites r.URL
// (http.StripPrefix). On the client it is empty and r.URL.RequestURI() is what net/http
// writes. An absolute-form target ("http://host/path", sent to forward proxies) falls back to
// r.URL.RequestURI(), the origin-form the client signed.
func requestURI(r *http.Request) string {
	if strings.HasPrefix(r.RequestURI, "/") {
		return r.RequestURI
	}
	if r.URL == nil {
		return ""
	}
	return r.URL.RequestURI()
}

// requestMethod returns the method as sent: net/http sends an empty Method as GET.
func requestMethod(r *http.Request) string {
	if r.Method == "" {
		return http.MethodGet
	}
	return r.Method
}

// Sign signs r for audience, valid from now until now+ttl, setting the four PetaGrid headers.
// body must be exactly the bytes that will be sent as the request body (nil for none); Sign
// does not read or change r.Body. ttl should not exceed the verifier's MaxTTL (default 5m).
func Sign(r *http.Request, body []byte, key *ecdsa.PrivateKey, audience string, now time.Time, ttl time.Duration) error {
	if ttl <= 0 {
		return fmt.Errorf("reqsign: ttl must be positive, got %s", ttl)
	}
	b := make([]byte, nonceBytes)
	if _, err := rand.Read(b); err != nil {
		return fmt.Errorf("reqsign: generating nonce: %w", err)
	}
	return signWith(r, body, key, audience, base64.RawURLEncoding.EncodeToString(b), now.Add(ttl).Unix())
}

// signWith is Sign with the nonce and expiry chosen by the caller, so tests can be
// deterministic.
func signWith(r *http.Request, body []byte, key *ecdsa.PrivateKey, audience, nonce string, expires int64) error {
	if r == nil {
		return errors.New("reqsign: nil request")
	}
	if err := checkSigningKey(key); err != nil {
		return err
	}
	if audience == "" {
		return errors.New("reqsign: audience must not be empty")
	}
	if err := checkNonce(nonce); err != nil {
		return fmt.Errorf("reqsign: %w", err)
	}
	msg, err := message(audience, requestMethod(r), requestURI(r), sha256.Sum256(body), nonce, expires)
	if err != nil {
		return fmt.Errorf("reqsign: %w", err)
	}
	sig, err := crypto.Sign(textHash(msg), key)
	if err != nil {
		return fmt.Errorf("reqsign: signing: %w", err)
	}
	if r.Header == nil {
		r.Header = make(http.Header)
	}
	r.Header.Set(HeaderSigner, crypto.PubkeyToAddress(key.PublicKey).Hex())
	r.Header.Set(HeaderNonce, nonce)
	r.Header.Set(HeaderExpires, strconv.FormatInt(expires, 10))
	r.Header.Set(HeaderSignature, "0x"+hex.EncodeToString(sig))
	return nil
}

// checkSigningKey refuses anything but a secp256k1 private key: crypto.Sign would otherwise
// sign with D on secp256k1 whatever the key's curve, for an address the caller never meant.
func checkSigningKey(key *ecdsa.PrivateKey) error {
	if key == nil || key.D == nil || key.Curve != crypto.S256() {
		return errors.New("reqsign: key must be a secp256k1 private key")
	}
	return nil
}

// NonceStore remembers the nonces of accepted requests; the caller implements it durably
// (SQLite), so that a restart does not reopen the replay window.
type NonceStore interface {
	// Remember records nonce for signer and reports whether it was new. fresh=false means
	// the pair was seen before: a replay. The pair must be kept at least until expires (the
	// request's expiry plus the verifier's clock skew, after which Verify refuses the request
	// anyway); it may be forgotten after that. Remember must be atomic: of two concurrent
	// calls with the same pair, only one may report fresh.
	Remember(ctx context.Context, signer common.Address, nonce string, expires time.Time) (fresh bool, err error)
}

// Verifier checks signed requests for one audience. Its zero-valued durations take their
// defaults; Audience and Nonces are required.
type Verifier struct {
	// Audience is this service's identity as clients sign it, e.g. the site's base URL.
	Audience string
	// MaxTTL is how far ahead a request may claim its expiry (plus ClockSkew). Default 5m.
	MaxTTL time.Duration
	// ClockSkew is how far clients' clocks may be off. Default 30s; negative means none.
	ClockSkew time.Duration
	// Nonces remembers accepted nonces.
	Nonces NonceStore
	// Now returns the current time. Default time.Now.
	Now func() time.Time
}

type signedHeaders struct {
	signer    common.Address
	nonce     string
	expires   int64
	signature []byte
}

// Verify authenticates r, whose body the caller has already read into body, and returns the
// signer's address. Errors wrap ErrUnsigned, ErrMalformed, ErrExpired, ErrBadSignature or
// ErrReplayed with a reason for the client; any other error is the verifier's own failure
// (configuration or nonce store) and should not be blamed on the client.
func (v *Verifier) Verify(ctx context.Context, r *http.Request, body []byte) (common.Address, error) {
	if v.Audience == "" || strings.ContainsAny(v.Audience, "\n\x00") {
		return common.Address{}, errors.New("reqsign: Verifier.Audience must be set, without newline or NUL")
	}
	if v.Nonces == nil {
		// Without a store every request could be replayed until it expires.
		return common.Address{}, errors.New("reqsign: Verifier.Nonces is not set")
	}
	h, err := v.checkHeaders(r)
	if err != nil {
		return common.Address{}, err
	}

	if err := checkSignature(v.Audience, r, body, h); err != nil {
		return common.Address{}, err
	}

	// Only now, with the signature checked, may the nonce be spent: otherwise anyone could
	// burn a researcher's nonces ahead of them.
	fresh, err := v.Nonces.Remember(ctx, h.signer, h.nonce, time.Unix(h.expires, 0).Add(v.skew()))
	if err != nil {
		return common.Address{}, fmt.Errorf("reqsign: remembering nonce: %w", err)
	}
	if !fresh {
		return common.Address{}, fmt.Errorf("%w: nonce already used by %s", ErrReplayed, h.signer.Hex())
	}
	return h.signer, nil
}

// CheckHeaders checks what can be checked of a signed request before its body is read:
// the four headers are there once each and well formed, and the expiry is neither past nor
// too far ahead. It returns the claimed signer (not yet proven: Verify does that with the
// body). A server calls it first, so that an unsigned or stale request is refused without
// reading its body. Errors wrap ErrUnsigned, ErrMalformed or ErrExpired.
func (v *Verifier) CheckHeaders(r *http.Request) (common.Address, error) {
	h, err := v.checkHeaders(r)
	return h.signer, err
}

func (v *Verifier) checkHeaders(r *http.Request) (signedHeaders, error) {
	if r == nil {
		return signedHeaders{}, fmt.Errorf("%w: no request", ErrUnsigned)
	}
	h, err := parseHeaders(r.Header)
	if err != nil {
		return signedHeaders{}, err
	}
	maxTTL, skew := v.MaxTTL, v.skew()
	if maxTTL <= 0 {
		maxTTL = DefaultMaxTTL
	}
	now := time.Now()
	if v.Now != nil {
		now = v.Now()
	}
	// parseHeaders bounds expires to 18 digits, so time.Unix cannot overflow and Sub
	// saturates instead of wrapping.
	expires := time.Unix(h.expires, 0)
	if now.After(expires.Add(skew)) {
		return signedHeaders{}, fmt.Errorf("%w: its expiry %s passed %s ago", ErrExpired,
			expires.UTC().Format(time.RFC3339), now.Sub(expires).Truncate(time.Second))
	}
	if expires.Sub(now) > maxTTL+skew {
		return signedHeaders{}, fmt.Errorf("%w: %s: expires more than %s ahead", ErrMalformed, HeaderExpires, maxTTL)
	}
	return h, nil
}

// skew is the clock skew tolerated: ClockSkew, its default when zero, none when negative.
func (v *Verifier) skew() time.Duration {
	switch {
	case v.ClockSkew == 0:
		return DefaultClockSkew
	case v.ClockSkew < 0:
		return 0
	}
	return v.ClockSkew
}

func checkSignature(audience string, r *http.Request, body []byte, h signedHeaders) error {
	msg, err := message(audience, requestMethod(r), requestURI(r), sha256.Sum256(body), h.nonce, h.expires)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	signer, err := recoverSigner(msg, h.signature)
	if err != nil {
		return err
	}
	if signer != h.signer {
		// Also what any change to the signed request looks like: recovery yields some
		// other key.
		return fmt.Errorf("%w: signature does not match %s %s for this request", ErrBadSignature, HeaderSigner, h.signer.Hex())
	}
	return nil
}

// recoverSigner returns the address whose key made signature (r || s || V) over the EIP-191
// personal message msg. Errors wrap ErrBadSignature.
func recoverSigner(msg, signature []byte) (common.Address, error) {
	if len(signature) != crypto.SignatureLength {
		return common.Address{}, fmt.Errorf("%w: %d bytes, want %d", ErrBadSignature, len(signature), crypto.SignatureLength)
	}
	sig := make([]byte, crypto.SignatureLength)
	copy(sig, signature)
	// Wallets and eth_sign produce V = 27/28; crypto.Sign produces 0/1.
	if sig[crypto.RecoveryIDOffset] >= 27 {
		sig[crypto.RecoveryIDOffset] -= 27
	}
	vByte := sig[crypto.RecoveryIDOffset]
	if vByte > 1 {
		return common.Address{}, fmt.Errorf("%w: recovery id V must be 0, 1, 27 or 28, got %d", ErrBadSignature, signature[crypto.RecoveryIDOffset])
	}
	rInt := new(big.Int).SetBytes(sig[:32])
	sInt := new(big.Int).SetBytes(sig[32:64])
	// homestead=true rejects S in the upper half: (r, N-s, V^1) is a second valid signature
	// for the same message, and accepting both would let a third party mint a different
	// signature string for a request it captured.
	if !crypto.ValidateSignatureValues(vByte, rInt, sInt, true) {
		return common.Address{}, fmt.Errorf("%w: r or s out of range, or s in the upper half of the curve order", ErrBadSignature)
	}
	pub, err := crypto.SigToPub(textHash(msg), sig)
	if err != nil {
		return common.Address{}, fmt.Errorf("%w: cannot recover a public key", ErrBadSignature)
	}
	return crypto.PubkeyToAddress(*pub), nil
}

// parseHeaders checks the presence and syntax of the four headers. Lengths are checked before
// anything is decoded and values are never echoed back, so huge or hostile headers cost little
// and cannot be reflected to the client.
func parseHeaders(hdr http.Header) (signedHeaders, error) {
	var h signedHeaders
	names := []string{HeaderSigner, HeaderNonce, HeaderExpires, HeaderSignature}
	values := make([]string, len(names))
	var missing []string
	for i, name := range names {
		vs := hdr.Values(name)
		switch len(vs) {
		case 0:
			missing = append(missing, name)
		case 1:
			values[i] = vs[0]
		default:
			// A proxy or client could pick a different copy than we do.
			return h, fmt.Errorf("%w: %s: given %d times, want once", ErrMalformed, name, len(vs))
		}
	}
	if len(missing) == len(names) {
		return h, fmt.Errorf("%w: no %s headers", ErrUnsigned, strings.Join(names, ", "))
	}
	if len(missing) > 0 {
		return h, fmt.Errorf("%w: missing %s", ErrMalformed, strings.Join(missing, ", "))
	}

	var err error
	if h.signer, err = parseSigner(values[0]); err != nil {
		return h, fmt.Errorf("%w: %s: %v", ErrMalformed, HeaderSigner, err)
	}
	if err = checkNonce(values[1]); err != nil {
		return h, fmt.Errorf("%w: %s: %v", ErrMalformed, HeaderNonce, err)
	}
	h.nonce = values[1]
	if h.expires, err = parseExpires(values[2]); err != nil {
		return h, fmt.Errorf("%w: %s: %v", ErrMalformed, HeaderExpires, err)
	}
	if h.signature, err = parseHex(values[3], sigHexLen); err != nil {
		return h, fmt.Errorf("%w: %s: %v", ErrMalformed, HeaderSignature, err)
	}
	return h, nil
}

func parseSigner(s string) (common.Address, error) {
	b, err := parseHex(s, signerHexLen)
	if err != nil {
		return common.Address{}, err
	}
	addr := common.BytesToAddress(b)
	// Mixed case is an EIP-55 checksum and must be right: a wrong one means a mistyped
	// address, which would otherwise only show up as a confusing signature mismatch.
	if s[2:] != strings.ToLower(s[2:]) && s != addr.Hex() {
		return common.Address{}, errors.New("bad EIP-55 checksum (use the checksummed address or all lower case)")
	}
	return addr, nil
}

// parseHex decodes "0x" followed by hex digits, the whole being exactly wantLen characters.
func parseHex(s string, wantLen int) ([]byte, error) {
	if len(s) != wantLen {
		return nil, fmt.Errorf("want 0x and %d hex digits, got %d characters", wantLen-2, len(s))
	}
	if !strings.HasPrefix(s, "0x") {
		return nil, errors.New("must start with 0x")
	}
	b, err := hex.DecodeString(s[2:])
	if err != nil {
		return nil, errors.New("not hexadecimal")
	}
	return b, nil
}

func checkNonce(s string) error {
	if len(s) < minNonceLen || len(s) > maxNonceLen {
		return fmt.Errorf("want %d to %d characters, got %d", minNonceLen, maxNonceLen, len(s))
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
			return errors.New("only letters, digits, '_' and '-' are allowed")
		}
	}
	return nil
}

// parseExpires accepts plain decimal digits only: no sign, no leading zeros, no spaces, so
// each expiry has one spelling.
func parseExpires(s string) (int64, error) {
	if s == "" {
		return 0, errors.New("empty")
	}
	if len(s) > maxExpiresDigits {
		return 0, fmt.Errorf("want at most %d digits of unix seconds, got %d characters", maxExpiresDigits, len(s))
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, errors.New("want unix seconds as decimal digits")
		}
	}
	if len(s) > 1 && s[0] == '0' {
		return 0, errors.New("leading zeros are not allowed")
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, errors.New("want unix seconds as decimal digits")
	}
	return n, nil
}

// textHash is the EIP-191 "personal message" hash a wallet signs: keccak256 of the prefix
// "\x19Ethereum Signed Message:\n", the message's length in decimal, and the message. It is
// written here rather than taken from go-ethereum's accounts package, which would bring the
// chain's transaction types (and their KZG cryptography) into every client that signs.
func textHash(msg []byte) []byte {
	return crypto.Keccak256([]byte("\x19Ethereum Signed Message:\n"+strconv.Itoa(len(msg))), msg)
}
