package reqsign

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/big"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// memStore is an in-memory NonceStore with the atomicity a real store must have.
type memStore struct {
	mu    sync.Mutex
	seen  map[string]time.Time
	calls int
	err   error
}

func newMemStore() *memStore { return &memStore{seen: map[string]time.Time{}} }

func (m *memStore) Remember(_ context.Context, signer common.Address, nonce string, expires time.Time) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls++
	if m.err != nil {
		return false, m.err
	}
	k := signer.Hex() + "/" + nonce
	if _, ok := m.seen[k]; ok {
		return false, nil
	}
	m.seen[k] = expires
	return true, nil
}

func (m *memStore) callCount() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.calls
}

const (
	testAudience = "https://site-a.petagrid.example"
	// A well-known test key (go-ethereum's test suites); never used for anything real.
	testKeyHex = "b71c71a67e1177ad4e901695e1b4b9ee17ae16c6668d313eac2f96dbcda3f291"
)

var testNow = time.Unix(1_700_000_000, 0)

func testKey(t testing.TB) *ecdsa.PrivateKey {
	t.Helper()
	k, err := crypto.HexToECDSA(testKeyHex)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func newVerifier(store NonceStore) *Verifier {
	return &Verifier{Audience: testAudience, Nonces: store, Now: func() time.Time { return testNow }}
}

func signedRequest(t testing.TB, method, target string, body []byte, ttl time.Duration) *http.Request {
	t.Helper()
	r := httptest.NewRequest(method, target, bytes.NewReader(body))
	if err := Sign(r, body, testKey(t), testAudience, testNow, ttl); err != nil {
		t.Fatal(err)
	}
	return r
}

func wantErr(t *testing.T, err, sentinel error) {
	t.Helper()
	if !errors.Is(err, sentinel) {
		t.Fatalf("got error %v, want %v", err, sentinel)
	}
}

func TestSignVerifyRoundTrip(t *testing.T) {
	body := []byte(`{"workflow":"align","steps":3}`)
	r := signedRequest(t, http.MethodPost, "/v1/jobs?dry_run=1&tag=a%2Fb", body, time.Minute)

	want := crypto.PubkeyToAddress(testKey(t).PublicKey)
	if got := r.Header.Get(HeaderSigner); got != want.Hex() {
		t.Errorf("signer header %q, want EIP-55 %q", got, want.Hex())
	}
	if n := r.Header.Get(HeaderNonce); len(n) < 22 || checkNonce(n) != nil {
		t.Errorf("nonce %q: want 22+ base64url characters", n)
	}
	if got := r.Header.Get(HeaderExpires); got != strconv.FormatInt(testNow.Add(time.Minute).Unix(), 10) {
		t.Errorf("expires %q", got)
	}
	if sig := r.Header.Get(HeaderSignature); len(sig) != 132 || !strings.HasPrefix(sig, "0x") {
		t.Errorf("signature %q: want 0x and 130 hex digits", sig)
	}

	store := newMemStore()
	got, err := newVerifier(store).Verify(context.Background(), r, body)
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Fatalf("Verify returned %s, want %s", got.Hex(), want.Hex())
	}
	// The nonce must outlive the request's acceptance window, skew included.
	for _, exp := range store.seen {
		if wantExp := testNow.Add(time.Minute + DefaultClockSkew); !exp.Equal(wantExp) {
			t.Errorf("nonce remembered until %s, want %s", exp, wantExp)
		}
	}

	// A lower-case signer header is equally acceptable.
	r2 := signedRequest(t, http.MethodGet, "/v1/status", nil, time.Minute)
	r2.Header.Set(HeaderSigner, strings.ToLower(r2.Header.Get(HeaderSigner)))
	if _, err := newVerifier(store).Verify(context.Background(), r2, nil); err != nil {
		t.Fatalf("lower-case signer: %v", err)
	}

	// Two signatures of the same request differ in nonce, so neither is a replay of the other.
	r3 := signedRequest(t, http.MethodGet, "/v1/status", nil, time.Minute)
	if _, err := newVerifier(store).Verify(context.Background(), r3, nil); err != nil {
		t.Fatalf("second request: %v", err)
	}
}

// The client signs r.URL.RequestURI() and the server sees the raw request line; they must
// agree even for escapes that a re-encoding could normalise differently.
func TestRoundTripOverHTTP(t *testing.T) {
	key := testKey(t)
	store := newMemStore()
	v := &Verifier{Audience: testAudience, Nonces: store}
	var got common.Address
	var verr error
	srv := httptest.NewServer(http.StripPrefix("/api", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		got, verr = v.Verify(r.Context(), r, body)
	})))
	defer srv.Close()

	body := []byte("payload")
	for _, target := range []string{
		"/api/v1/jobs/a%2Fb?x=1&y=%41+b&z",
		"/api/v1/files/with%20space/%7Euser?q=%3D%26",
	} {
		req, err := http.NewRequest(http.MethodPut, srv.URL+target, bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		if err := Sign(req, body, key, testAudience, time.Now(), time.Minute); err != nil {
			t.Fatal(err)
		}
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if verr != nil {
			t.Fatalf("%s: %v", target, verr)
		}
		if got != crypto.PubkeyToAddress(key.PublicKey) {
			t.Fatalf("%s: signer %s", target, got.Hex())
		}
	}
}

// A hand-built client request (no Method, no Header map) is sent as GET; the signature must
// match what the server sees.
func TestBareClientRequest(t *testing.T) {
	u, _ := url.Parse("https://site-a.petagrid.example/v1/status?verbose")
	client := &http.Request{URL: u}
	if err := Sign(client, nil, testKey(t), testAudience, testNow, time.Minute); err != nil {
		t.Fatal(err)
	}
	server := httptest.NewRequest(http.MethodGet, "/v1/status?verbose", nil)
	server.Header = client.Header
	if _, err := newVerifier(newMemStore()).Verify(context.Background(), server, nil); err != nil {
		t.Fatal(err)
	}
}

func TestTamperedRequestRefused(t *testing.T) {
	body := []byte(`{"cores":4}`)
	other, _ := crypto.GenerateKey()
	cases := []struct {
		name   string
		tamper func(r *http.Request, v *Verifier) []byte // returns the body to verify
	}{
		{"body", func(r *http.Request, v *Verifier) []byte { return []byte(`{"cores":400}`) }},
		{"empty body", func(r *http.Request, v *Verifier) []byte { return nil }},
		{"method", func(r *http.Request, v *Verifier) []byte { r.Method = http.MethodDelete; return body }},
		{"path", func(r *http.Request, v *Verifier) []byte { r.RequestURI = "/v1/jobs/8"; return body }},
		{"query", func(r *http.Request, v *Verifier) []byte { r.RequestURI = "/v1/jobs/7?force=0"; return body }},
		{"audience", func(r *http.Request, v *Verifier) []byte { v.Audience = "https://site-b.petagrid.example"; return body }},
		{"nonce", func(r *http.Request, v *Verifier) []byte {
			r.Header.Set(HeaderNonce, "AAAAAAAAAAAAAAAAAAAAAA")
			return body
		}},
		{"expiry", func(r *http.Request, v *Verifier) []byte {
			r.Header.Set(HeaderExpires, strconv.FormatInt(testNow.Unix()+30, 10))
			return body
		}},
		{"signer", func(r *http.Request, v *Verifier) []byte {
			r.Header.Set(HeaderSigner, crypto.PubkeyToAddress(other.PublicKey).Hex())
			return body
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := signedRequest(t, http.MethodPost, "/v1/jobs/7?force=1", body, time.Minute)
			store := newMemStore()
			v := newVerifier(store)
			verifyBody := tc.tamper(r, v)
			_, err := v.Verify(context.Background(), r, verifyBody)
			wantErr(t, err, ErrBadSignature)
			if store.callCount() != 0 {
				t.Error("a bad signature reached the nonce store")
			}
		})
	}
}

func TestExpiry(t *testing.T) {
	ctx := context.Background()

	r := httptest.NewRequest(http.MethodGet, "/v1/status", nil)
	if err := Sign(r, nil, testKey(t), testAudience, testNow.Add(-10*time.Minute), time.Minute); err != nil {
		t.Fatal(err)
	}
	_, err := newVerifier(newMemStore()).Verify(ctx, r, nil)
	wantErr(t, err, ErrExpired)

	// Expired 20s ago is within the default 30s skew.
	r = httptest.NewRequest(http.MethodGet, "/v1/status", nil)
	if err := Sign(r, nil, testKey(t), testAudience, testNow.Add(-80*time.Second), time.Minute); err != nil {
		t.Fatal(err)
	}
	if _, err := newVerifier(newMemStore()).Verify(ctx, r, nil); err != nil {
		t.Fatalf("within skew: %v", err)
	}
	v := newVerifier(newMemStore())
	v.ClockSkew = 10 * time.Second
	_, err = v.Verify(ctx, r, nil)
	wantErr(t, err, ErrExpired)
}

func TestTooFarAheadRefused(t *testing.T) {
	ctx := context.Background()
	r := signedRequest(t, http.MethodGet, "/v1/status", nil, 10*time.Minute)
	_, err := newVerifier(newMemStore()).Verify(ctx, r, nil)
	wantErr(t, err, ErrMalformed)
	if !strings.Contains(err.Error(), "expires more than 5m0s ahead") {
		t.Errorf("error %q does not say how far ahead is allowed", err)
	}

	// A client whose clock runs 20s fast, using the full 5m, is still accepted.
	r = httptest.NewRequest(http.MethodGet, "/v1/status", nil)
	if err := Sign(r, nil, testKey(t), testAudience, testNow.Add(20*time.Second), DefaultMaxTTL); err != nil {
		t.Fatal(err)
	}
	if _, err := newVerifier(newMemStore()).Verify(ctx, r, nil); err != nil {
		t.Fatal(err)
	}

	// A huge (but syntactically valid) expiry must not overflow into the past.
	r = signedRequest(t, http.MethodGet, "/v1/status", nil, time.Minute)
	if err := signWith(r, nil, testKey(t), testAudience, r.Header.Get(HeaderNonce), 999_999_999_999_999_999); err != nil {
		t.Fatal(err)
	}
	_, err = newVerifier(newMemStore()).Verify(ctx, r, nil)
	wantErr(t, err, ErrMalformed)
}

func TestReplayRefused(t *testing.T) {
	ctx := context.Background()
	body := []byte("x")
	store := newMemStore()
	v := newVerifier(store)
	r := signedRequest(t, http.MethodPost, "/v1/jobs", body, time.Minute)

	// An attacker who saw the headers tries to spend the nonce on a different body first.
	_, err := v.Verify(ctx, r, []byte("evil"))
	wantErr(t, err, ErrBadSignature)
	forged := r.Clone(ctx)
	forged.Header.Set(HeaderSignature, "0x"+strings.Repeat("11", 64)+"00")
	_, err = v.Verify(ctx, forged, body)
	wantErr(t, err, ErrBadSignature)

	if _, err := v.Verify(ctx, r, body); err != nil {
		t.Fatalf("genuine request after failed attempts: %v", err)
	}
	_, err = v.Verify(ctx, r, body)
	wantErr(t, err, ErrReplayed)

	// The same request with V moved to 27/28 is still the same nonce.
	again := r.Clone(ctx)
	sig, _ := hex.DecodeString(r.Header.Get(HeaderSignature)[2:])
	sig[64] += 27
	again.Header.Set(HeaderSignature, "0x"+hex.EncodeToString(sig))
	_, err = v.Verify(ctx, again, body)
	wantErr(t, err, ErrReplayed)
}

func TestConcurrentReplayAcceptedOnce(t *testing.T) {
	body := []byte("x")
	v := newVerifier(newMemStore())
	r := signedRequest(t, http.MethodPost, "/v1/jobs", body, time.Minute)
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok := 0
	for i := 0; i < 16; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := v.Verify(context.Background(), r.Clone(context.Background()), body)
			if err == nil {
				mu.Lock()
				ok++
				mu.Unlock()
			} else if !errors.Is(err, ErrReplayed) {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if ok != 1 {
		t.Fatalf("%d concurrent copies accepted, want 1", ok)
	}
}

func TestMissingHeaders(t *testing.T) {
	r := httptest.NewRequest(http.MethodGet, "/v1/status", nil)
	_, err := newVerifier(newMemStore()).Verify(context.Background(), r, nil)
	wantErr(t, err, ErrUnsigned)
	if errors.Is(err, ErrMalformed) {
		t.Error("an unsigned request is not malformed")
	}
}

func TestPartialHeaders(t *testing.T) {
	for _, name := range []string{HeaderSigner, HeaderNonce, HeaderExpires, HeaderSignature} {
		t.Run("without "+name, func(t *testing.T) {
			r := signedRequest(t, http.MethodGet, "/v1/status", nil, time.Minute)
			r.Header.Del(name)
			_, err := newVerifier(newMemStore()).Verify(context.Background(), r, nil)
			wantErr(t, err, ErrMalformed)
			if !strings.Contains(err.Error(), name) {
				t.Errorf("error %q does not name %s", err, name)
			}
		})
		t.Run("twice "+name, func(t *testing.T) {
			r := signedRequest(t, http.MethodGet, "/v1/status", nil, time.Minute)
			r.Header.Add(name, r.Header.Get(name))
			_, err := newVerifier(newMemStore()).Verify(context.Background(), r, nil)
			wantErr(t, err, ErrMalformed)
		})
	}
	r := httptest.NewRequest(http.MethodGet, "/v1/status", nil)
	r.Header.Set(HeaderSigner, crypto.PubkeyToAddress(testKey(t).PublicKey).Hex())
	_, err := newVerifier(newMemStore()).Verify(context.Background(), r, nil)
	wantErr(t, err, ErrMalformed)
	for _, name := range []string{HeaderNonce, HeaderExpires, HeaderSignature} {
		if !strings.Contains(err.Error(), name) {
			t.Errorf("error %q does not name missing %s", err, name)
		}
	}
}

func setSig(r *http.Request, sig []byte) {
	r.Header.Set(HeaderSignature, "0x"+hex.EncodeToString(sig))
}

func getSig(t *testing.T, r *http.Request) []byte {
	t.Helper()
	sig, err := hex.DecodeString(strings.TrimPrefix(r.Header.Get(HeaderSignature), "0x"))
	if err != nil || len(sig) != 65 {
		t.Fatalf("signature header %q", r.Header.Get(HeaderSignature))
	}
	return sig
}

func TestWalletStyleV(t *testing.T) {
	seen := map[byte]bool{}
	for i := 0; i < 200 && len(seen) < 2; i++ {
		r := signedRequest(t, http.MethodGet, "/v1/status", nil, time.Minute)
		sig := getSig(t, r)
		v := sig[64]
		if v > 1 {
			t.Fatalf("crypto.Sign produced V=%d", v)
		}
		sig[64] = v + 27
		setSig(r, sig)
		if _, err := newVerifier(newMemStore()).Verify(context.Background(), r, nil); err != nil {
			t.Fatalf("V=%d: %v", v+27, err)
		}
		seen[v] = true
	}
	if len(seen) != 2 {
		t.Fatal("never saw both recovery ids")
	}

	for _, bad := range []byte{2, 26, 29, 30, 255} {
		r := signedRequest(t, http.MethodGet, "/v1/status", nil, time.Minute)
		sig := getSig(t, r)
		sig[64] = bad
		setSig(r, sig)
		_, err := newVerifier(newMemStore()).Verify(context.Background(), r, nil)
		wantErr(t, err, ErrBadSignature)
	}
}

func TestHighSRefused(t *testing.T) {
	r := signedRequest(t, http.MethodGet, "/v1/status", nil, time.Minute)
	sig := getSig(t, r)
	n := crypto.S256().Params().N
	s := new(big.Int).SetBytes(sig[32:64])
	highS := new(big.Int).Sub(n, s)
	mal := make([]byte, 65)
	copy(mal, sig[:32])
	highS.FillBytes(mal[32:64])
	mal[64] = sig[64] ^ 1

	// The malleated signature really is valid for the same key: only the low-S rule stops it.
	msg := Message(testAudience, http.MethodGet, "/v1/status", sha256Of(nil), r.Header.Get(HeaderNonce), testNow.Add(time.Minute).Unix())
	pub, err := crypto.SigToPub(textHashByHand(msg), mal)
	if err != nil || crypto.PubkeyToAddress(*pub) != crypto.PubkeyToAddress(testKey(t).PublicKey) {
		t.Fatalf("test setup: high-S twin does not recover the signer (%v)", err)
	}

	for _, v := range []byte{mal[64], mal[64] + 27} {
		mal[64] = v
		setSig(r, mal)
		store := newMemStore()
		_, err = newVerifier(store).Verify(context.Background(), r, nil)
		wantErr(t, err, ErrBadSignature)
		if store.callCount() != 0 {
			t.Error("high-S signature reached the nonce store")
		}
	}
}

func sha256Of(b []byte) [32]byte { return sha256.Sum256(b) }

// textHashByHand computes the EIP-191 personal-message hash without go-ethereum's helper, to
// pin the format wallets use.
func textHashByHand(msg []byte) []byte {
	return crypto.Keccak256([]byte(fmt.Sprintf("\x19Ethereum Signed Message:\n%d", len(msg))), msg)
}

func TestMessageFormat(t *testing.T) {
	body := sha256Of([]byte("hello"))
	got := string(Message("https://a.example", "post", "/v1/x?y=%2F", body, "nonce-nonce-nonce", 1700000060))
	want := "petagrid-request-v1\nhttps://a.example\nPOST\n/v1/x?y=%2F\n" +
		"2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824\nnonce-nonce-nonce\n1700000060"
	if got != want {
		t.Fatalf("message\n%q\nwant\n%q", got, want)
	}
	for _, bad := range [][2]string{{"a\nb", "/"}, {"a\x00", "/"}, {"a", "/x\ny"}, {"a", "/\x00"}} {
		if m := Message(bad[0], "GET", bad[1], body, "nonce-nonce-nonce", 1); m != nil {
			t.Errorf("Message(%q, %q) = %q, want nil", bad[0], bad[1], m)
		}
	}
}

// The signature is over the EIP-191 hash, so a wallet's personal_sign of Message gives the
// same signature (up to V = 27/28).
func TestSignatureIsPersonalSign(t *testing.T) {
	key := testKey(t)
	r := signedRequest(t, http.MethodPost, "/v1/jobs", []byte("b"), time.Minute)
	msg := Message(testAudience, http.MethodPost, "/v1/jobs", sha256Of([]byte("b")), r.Header.Get(HeaderNonce), testNow.Add(time.Minute).Unix())
	want, err := crypto.Sign(textHashByHand(msg), key)
	if err != nil {
		t.Fatal(err)
	}
	if got := getSig(t, r); !bytes.Equal(got, want) {
		t.Fatalf("signature %x, want personal_sign %x", got, want)
	}
}

func TestMalformedHeadersRefused(t *testing.T) {
	huge := strings.Repeat("a", 1<<20)
	hexAddr := strings.TrimPrefix(strings.ToLower(crypto.PubkeyToAddress(testKey(t).PublicKey).Hex()), "0x")
	badChecksum := "0x" + strings.ToUpper(hexAddr[:1]) + hexAddr[1:]
	if badChecksum == crypto.PubkeyToAddress(testKey(t).PublicKey).Hex() || hexAddr[0] < 'a' {
		badChecksum = "0x" + strings.ToUpper(hexAddr) // all upper case is not EIP-55 for this address
	}
	cases := map[string][]string{
		HeaderSigner: {"", "0x", hexAddr, "00" + hexAddr, "0X" + hexAddr, "0x" + hexAddr[:39], "0x" + hexAddr + "0",
			"0x" + strings.Repeat("g", 40), "0x" + hexAddr[:38] + "é", badChecksum, huge, "0x" + huge},
		HeaderNonce: {"", "short", strings.Repeat("a", 65), strings.Repeat("a", 15) + ".", strings.Repeat("a", 15) + " ",
			strings.Repeat("a", 15) + "\n", strings.Repeat("a", 15) + "\x00", strings.Repeat("é", 10), huge},
		HeaderExpires: {"", "-1700000060", "+1700000060", "1700000060.5", "0x10", " 1700000060", "1700000060 ",
			"01700000060", "1" + strings.Repeat("0", 18), "9223372036854775808", "1e9", "١٧٠٠", huge},
		HeaderSignature: {"", "0x", strings.Repeat("0", 132), "0X" + strings.Repeat("0", 130), "0x" + strings.Repeat("0", 128),
			"0x" + strings.Repeat("0", 131), "0x" + strings.Repeat("0", 132), "0x" + strings.Repeat("zz", 65),
			"0x" + strings.Repeat("é", 65), huge, "0x" + huge},
	}
	for name, values := range cases {
		for i, val := range values {
			t.Run(fmt.Sprintf("%s/%d", name, i), func(t *testing.T) {
				r := signedRequest(t, http.MethodGet, "/v1/status", nil, time.Minute)
				r.Header[http.CanonicalHeaderKey(name)] = []string{val}
				store := newMemStore()
				_, err := newVerifier(store).Verify(context.Background(), r, nil)
				wantErr(t, err, ErrMalformed)
				if len(err.Error()) > 300 {
					t.Errorf("error is %d bytes long; hostile values must not be echoed", len(err.Error()))
				}
				if store.callCount() != 0 {
					t.Error("malformed request reached the nonce store")
				}
			})
		}
	}

	// Well-formed hex, impossible values: a signature problem, not a syntax one.
	n := crypto.S256().Params().N
	nHex := hex.EncodeToString(n.Bytes())
	for i, sig := range []string{
		strings.Repeat("00", 65),
		strings.Repeat("00", 32) + strings.Repeat("11", 32) + "00",
		strings.Repeat("11", 32) + strings.Repeat("00", 32) + "00",
		nHex + strings.Repeat("11", 32) + "00",
		strings.Repeat("ff", 65),
	} {
		r := signedRequest(t, http.MethodGet, "/v1/status", nil, time.Minute)
		r.Header.Set(HeaderSignature, "0x"+sig)
		_, err := newVerifier(newMemStore()).Verify(context.Background(), r, nil)
		if !errors.Is(err, ErrBadSignature) {
			t.Errorf("signature %d: got %v, want ErrBadSignature", i, err)
		}
	}
}

func TestVerifierConfigAndStoreErrors(t *testing.T) {
	ctx := context.Background()
	r := signedRequest(t, http.MethodGet, "/v1/status", nil, time.Minute)
	sentinels := []error{ErrUnsigned, ErrMalformed, ErrExpired, ErrBadSignature, ErrReplayed}
	notClientError := func(err error) {
		t.Helper()
		if err == nil {
			t.Fatal("no error")
		}
		for _, s := range sentinels {
			if errors.Is(err, s) {
				t.Fatalf("verifier failure %v blamed on the client (%v)", err, s)
			}
		}
	}
	for _, v := range []*Verifier{
		{Nonces: newMemStore()},
		{Audience: "a\nb", Nonces: newMemStore()},
		{Audience: testAudience},
	} {
		_, err := v.Verify(ctx, r, nil)
		notClientError(err)
	}
	storeErr := errors.New("database is locked")
	store := newMemStore()
	store.err = storeErr
	_, err := newVerifier(store).Verify(ctx, r, nil)
	notClientError(err)
	if !errors.Is(err, storeErr) {
		t.Errorf("store error not wrapped: %v", err)
	}
	_, err = newVerifier(newMemStore()).Verify(ctx, nil, nil)
	if err == nil {
		t.Error("nil request accepted")
	}
}

func TestSignRefusesBadInput(t *testing.T) {
	now := time.Now()
	p256, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	for name, f := range map[string]func(r *http.Request) error{
		"nil key":          func(r *http.Request) error { return Sign(r, nil, nil, testAudience, now, time.Minute) },
		"P-256 key":        func(r *http.Request) error { return Sign(r, nil, p256, testAudience, now, time.Minute) },
		"empty audience":   func(r *http.Request) error { return Sign(r, nil, testKey(t), "", now, time.Minute) },
		"newline audience": func(r *http.Request) error { return Sign(r, nil, testKey(t), "a\nb", now, time.Minute) },
		"zero ttl":         func(r *http.Request) error { return Sign(r, nil, testKey(t), testAudience, now, 0) },
		"nil request":      func(*http.Request) error { return Sign(nil, nil, testKey(t), testAudience, now, time.Minute) },
	} {
		r := httptest.NewRequest(http.MethodGet, "/v1/status", nil)
		if err := f(r); err == nil {
			t.Errorf("%s: Sign succeeded", name)
		}
		if r.Header.Get(HeaderSignature) != "" {
			t.Errorf("%s: headers set despite the error", name)
		}
	}
}

func TestKeyFileRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cfg", "petagrid", "key")
	addr, err := GenerateKeyFile(path)
	if err != nil {
		t.Fatal(err)
	}
	content, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(content) != 65 || content[64] != '\n' {
		t.Errorf("key file content is %d bytes, want 64 hex digits and a newline", len(content))
	}
	if runtime.GOOS != "windows" {
		if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
			t.Errorf("key file mode %04o, want 0600", fi.Mode().Perm())
		}
		if fi, _ := os.Stat(filepath.Dir(path)); fi.Mode().Perm() != 0o700 {
			t.Errorf("key directory mode %04o, want 0700", fi.Mode().Perm())
		}
	}
	key, err := LoadKeyFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := crypto.PubkeyToAddress(key.PublicKey); got != addr {
		t.Fatalf("loaded key is %s, generated %s", got.Hex(), addr.Hex())
	}

	// The loaded key signs requests that verify as the generated address.
	r := httptest.NewRequest(http.MethodGet, "/v1/status", nil)
	if err := Sign(r, nil, key, testAudience, testNow, time.Minute); err != nil {
		t.Fatal(err)
	}
	if got, err := newVerifier(newMemStore()).Verify(context.Background(), r, nil); err != nil || got != addr {
		t.Fatalf("Verify = %s, %v; want %s", got.Hex(), err, addr.Hex())
	}
}

func TestKeyFileExistingNotOverwritten(t *testing.T) {
	path := filepath.Join(t.TempDir(), "key")
	if _, err := GenerateKeyFile(path); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	_, err := GenerateKeyFile(path)
	if !errors.Is(err, fs.ErrExist) {
		t.Fatalf("second GenerateKeyFile: %v, want fs.ErrExist", err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Fatal("existing key file was changed")
	}

	// A dangling symlink must not be followed to create a key elsewhere.
	dir := t.TempDir()
	link := filepath.Join(dir, "key")
	target := filepath.Join(dir, "elsewhere")
	if err := os.Symlink(target, link); err != nil {
		t.Skip("symlinks unavailable:", err)
	}
	if _, err := GenerateKeyFile(link); err == nil {
		t.Fatal("GenerateKeyFile wrote through a symlink")
	}
	if _, err := os.Lstat(target); err == nil {
		t.Fatal("key created at the symlink's target")
	}
}

func TestKeyFilePermissionsRefused(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no Unix permissions")
	}
	path := filepath.Join(t.TempDir(), "key")
	if _, err := GenerateKeyFile(path); err != nil {
		t.Fatal(err)
	}
	for _, mode := range []os.FileMode{0o644, 0o640, 0o604, 0o620, 0o602, 0o666} {
		if err := os.Chmod(path, mode); err != nil {
			t.Fatal(err)
		}
		_, err := LoadKeyFile(path)
		if err == nil {
			t.Fatalf("mode %04o accepted", mode)
		}
		if msg := err.Error(); !strings.Contains(msg, fmt.Sprintf("%04o", mode)) || !strings.Contains(msg, "chmod 600") {
			t.Errorf("mode %04o: error %q should give the mode and the fix", mode, msg)
		}
	}
	for _, mode := range []os.FileMode{0o600, 0o400} {
		if err := os.Chmod(path, mode); err != nil {
			t.Fatal(err)
		}
		if _, err := LoadKeyFile(path); err != nil {
			t.Errorf("mode %04o refused: %v", mode, err)
		}
	}
}

func TestKeyFileSymlinkRefused(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "real")
	if _, err := GenerateKeyFile(path); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "key")
	if err := os.Symlink(path, link); err != nil {
		t.Skip("symlinks unavailable:", err)
	}
	_, err := LoadKeyFile(link)
	if err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("symlink: got %v", err)
	}
	if _, err := LoadKeyFile(dir); err == nil {
		t.Fatal("directory accepted as key file")
	}
	if _, err := LoadKeyFile(filepath.Join(dir, "missing")); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("missing file: %v, want fs.ErrNotExist", err)
	}
}

func TestKeyFileBadContentRefused(t *testing.T) {
	dir := t.TempDir()
	n := hex.EncodeToString(crypto.S256().Params().N.Bytes())
	for i, content := range []string{
		"",
		testKeyHex[:63] + "\n",
		testKeyHex + "0\n",
		testKeyHex + "\n\n",
		testKeyHex + " \n",
		"0x" + testKeyHex[:62] + "\n",
		strings.Repeat("g", 64) + "\n",
		strings.Repeat("0", 64) + "\n",
		n + "\n",
		testKeyHex + strings.Repeat("0", 10000),
	} {
		path := filepath.Join(dir, fmt.Sprintf("key%d", i))
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := LoadKeyFile(path)
		if err == nil {
			t.Errorf("content %d accepted", i)
			continue
		}
		if strings.Contains(err.Error(), testKeyHex[:16]) {
			t.Errorf("error %q leaks key material", err)
		}
	}
	for i, content := range []string{testKeyHex, testKeyHex + "\n", testKeyHex + "\r\n", strings.ToUpper(testKeyHex) + "\n"} {
		path := filepath.Join(dir, fmt.Sprintf("good%d", i))
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		key, err := LoadKeyFile(path)
		if err != nil {
			t.Errorf("content %d refused: %v", i, err)
		} else if crypto.PubkeyToAddress(key.PublicKey) != crypto.PubkeyToAddress(testKey(t).PublicKey) {
			t.Errorf("content %d: wrong key", i)
		}
	}
}

func TestDefaultKeyPath(t *testing.T) {
	t.Setenv(KeyEnv, "/somewhere/my.key")
	if p, err := DefaultKeyPath(); err != nil || p != "/somewhere/my.key" {
		t.Fatalf("with %s set: %q, %v", KeyEnv, p, err)
	}
	t.Setenv(KeyEnv, "")
	cfg := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", cfg)
	t.Setenv("HOME", cfg)
	t.Setenv("AppData", cfg)
	p, err := DefaultKeyPath()
	if err != nil {
		t.Fatal(err)
	}
	dir, _ := os.UserConfigDir()
	if want := filepath.Join(dir, "petagrid", "key"); p != want {
		t.Fatalf("default key path %q, want %q", p, want)
	}
}

// FuzzVerifyHeaders feeds arbitrary header values to Verify. It must never panic, and it may
// only succeed when the values are an encoding of the genuine signature for this request.
func FuzzVerifyHeaders(f *testing.F) {
	key := testKey(f)
	signer := crypto.PubkeyToAddress(key.PublicKey)
	const nonce = "fuzz-nonce-0123456789"
	expires := testNow.Unix() + 60
	genuine := httptest.NewRequest(http.MethodPost, "/v1/jobs?x=1", nil)
	if err := signWith(genuine, []byte("body"), key, testAudience, nonce, expires); err != nil {
		f.Fatal(err)
	}
	sigHdr := genuine.Header.Get(HeaderSignature)
	sig, _ := hex.DecodeString(sigHdr[2:])

	f.Add(signer.Hex(), nonce, strconv.FormatInt(expires, 10), sigHdr)
	f.Add(strings.ToLower(signer.Hex()), nonce, strconv.FormatInt(expires, 10), strings.ToUpper(sigHdr[2:]))
	f.Add(signer.Hex(), nonce, "0", sigHdr[:100])
	f.Add("0x", "", "-1", "0x"+strings.Repeat("ff", 65))
	f.Add(signer.Hex()+"\x00", nonce+"\n", "99999999999999999999", "0x"+strings.Repeat("0", 129)+"g")

	f.Fuzz(func(t *testing.T, signerHdr, nonceHdr, expiresHdr, sigHdr string) {
		r := httptest.NewRequest(http.MethodPost, "/v1/jobs?x=1", nil)
		for name, val := range map[string]string{
			HeaderSigner: signerHdr, HeaderNonce: nonceHdr, HeaderExpires: expiresHdr, HeaderSignature: sigHdr,
		} {
			r.Header[http.CanonicalHeaderKey(name)] = []string{val}
		}
		got, err := newVerifier(newMemStore()).Verify(context.Background(), r, []byte("body"))
		if err != nil {
			for _, s := range []error{ErrUnsigned, ErrMalformed, ErrExpired, ErrBadSignature, ErrReplayed} {
				if errors.Is(err, s) {
					return
				}
			}
			t.Fatalf("error without a sentinel: %v", err)
		}
		// Success: the values must be the genuine ones (the signer's two spellings, any hex
		// case, V as 0/1 or 27/28); anything else would be a forgery.
		gotSig, _ := hex.DecodeString(sigHdr[2:])
		if got != signer || !strings.EqualFold(signerHdr, signer.Hex()) || nonceHdr != nonce ||
			expiresHdr != strconv.FormatInt(expires, 10) || len(gotSig) != 65 ||
			!bytes.Equal(gotSig[:64], sig[:64]) || (gotSig[64] != sig[64] && gotSig[64] != sig[64]+27) {
			t.Fatalf("accepted non-genuine headers %q %q %q %q as %s", signerHdr, nonceHdr, expiresHdr, sigHdr, got.Hex())
		}
	})
}

// CheckHeaders judges a request from its headers alone (no body, no nonce spent): servers
// call it to refuse unsigned, malformed and expired requests before reading their bodies.
func TestCheckHeadersBeforeTheBody(t *testing.T) {
	store := newMemStore()
	v := newVerifier(store)
	signed := signedRequest(t, http.MethodPost, "/v1/jobs", []byte(`{"a":1}`), time.Minute)
	signer, err := v.CheckHeaders(signed)
	if err != nil || signer != crypto.PubkeyToAddress(testKey(t).PublicKey) {
		t.Fatalf("a well-formed request: %s %v", signer.Hex(), err)
	}
	_, err = v.CheckHeaders(httptest.NewRequest(http.MethodPost, "/v1/jobs", nil))
	wantErr(t, err, ErrUnsigned)
	partial := signedRequest(t, http.MethodPost, "/v1/jobs", nil, time.Minute)
	partial.Header.Del(HeaderSignature)
	_, err = v.CheckHeaders(partial)
	wantErr(t, err, ErrMalformed)
	stale := httptest.NewRequest(http.MethodGet, "/v1/jobs", nil)
	if err := Sign(stale, nil, testKey(t), testAudience, testNow.Add(-10*time.Minute), time.Minute); err != nil {
		t.Fatal(err)
	}
	_, err = v.CheckHeaders(stale)
	wantErr(t, err, ErrExpired)
	if store.callCount() != 0 {
		t.Fatalf("CheckHeaders spent %d nonces", store.callCount())
	}
}
