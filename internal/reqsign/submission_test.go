package reqsign

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
)

func testContent() SubmissionContent {
	return SubmissionContent{Audience: "grid-main", Workflow: []byte("version: 1\nname: a\n"), FileName: "a.yaml",
		Params: map[string]string{"epochs": "10"}, IdempotencyKey: "key-0123456789abcdef", MaxCostWei: big.NewInt(25_000)}
}

var submissionNow = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func fixedCheck(at time.Time) SubmissionCheck {
	return SubmissionCheck{Now: func() time.Time { return at }}
}

func signTestSubmission(t *testing.T, c SubmissionContent) (*Submission, string) {
	t.Helper()
	key, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	s, err := SignSubmission(c, key, submissionNow, 24*time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	return s, crypto.PubkeyToAddress(key.PublicKey).Hex()
}

func TestSubmissionVerifies(t *testing.T) {
	s, signer := signTestSubmission(t, testContent())
	got, err := VerifySubmission(s, testContent(), fixedCheck(submissionNow.Add(time.Hour)))
	if err != nil || got.Hex() != signer {
		t.Fatalf("a good submission: %s %v, want %s", got.Hex(), err, signer)
	}
	// A wallet's V of 27/28 is the same signature.
	wallet := *s
	sig, _ := hex.DecodeString(s.Signature[2:])
	sig[64] += 27
	wallet.Signature = "0x" + hex.EncodeToString(sig)
	if _, err := VerifySubmission(&wallet, testContent(), fixedCheck(submissionNow)); err != nil {
		t.Fatalf("V = 27/28: %v", err)
	}
}

// A valid signature binds the content: attached to anything else it is a mismatch, with the
// field named.
func TestSubmissionCoversOnlyItsContent(t *testing.T) {
	s, _ := signTestSubmission(t, testContent())
	cases := map[string]func(*SubmissionContent){
		"workflow":        func(c *SubmissionContent) { c.Workflow = []byte("version: 1\nname: b\n") },
		"file name":       func(c *SubmissionContent) { c.FileName = "b.yaml" },
		"parameters":      func(c *SubmissionContent) { c.Params = map[string]string{"epochs": "11"} },
		"idempotency key": func(c *SubmissionContent) { c.IdempotencyKey = "key-other-0123456789" },
		"budget":          func(c *SubmissionContent) { c.MaxCostWei = big.NewInt(25_001) },
		"audience":        func(c *SubmissionContent) { c.Audience = "other-grid" },
	}
	for field, change := range cases {
		c := testContent()
		change(&c)
		_, err := VerifySubmission(s, c, fixedCheck(submissionNow))
		if !errors.Is(err, ErrSubmissionMismatch) || !strings.Contains(err.Error(), field) {
			t.Errorf("another %s: %v", field, err)
		}
	}
}

// Changing the envelope itself (pointing it at another workflow, another signer) breaks the
// signature: nothing is then known of who submitted.
func TestSubmissionTamperingBreaksTheSignature(t *testing.T) {
	s, _ := signTestSubmission(t, testContent())
	other := sha256.Sum256([]byte("version: 1\nname: b\n"))
	mallory, _ := crypto.GenerateKey()
	cases := map[string]func(*Submission){
		"digest":  func(s *Submission) { s.WorkflowSHA256 = hex.EncodeToString(other[:]) },
		"signer":  func(s *Submission) { s.Signer = crypto.PubkeyToAddress(mallory.PublicKey).Hex() },
		"expiry":  func(s *Submission) { s.Expires++ },
		"nonce":   func(s *Submission) { s.Nonce = "AAAAAAAAAAAAAAAAAAAAAA" },
		"budget":  func(s *Submission) { s.MaxCostWei = "25001" },
		"high s":  func(s *Submission) { s.Signature = highS(t, s.Signature) },
		"garbage": func(s *Submission) { s.Signature = "0x" + strings.Repeat("ab", 65) },
	}
	for name, change := range cases {
		tampered := *s
		change(&tampered)
		if _, err := tampered.VerifySignature(); !errors.Is(err, ErrBadSignature) {
			t.Errorf("%s: %v, want a bad signature", name, err)
		}
	}
}

// highS returns the other, malleated form (r, N-s, V^1) of a signature.
func highS(t *testing.T, sig string) string {
	b, err := hex.DecodeString(sig[2:])
	if err != nil {
		t.Fatal(err)
	}
	n := crypto.S256().Params().N
	s := new(big.Int).Sub(n, new(big.Int).SetBytes(b[32:64]))
	s.FillBytes(b[32:64])
	b[64] ^= 1
	return "0x" + hex.EncodeToString(b)
}

func TestSubmissionMalformed(t *testing.T) {
	if _, err := (*Submission)(nil).VerifySignature(); !errors.Is(err, ErrUnsigned) {
		t.Fatalf("no submission: %v", err)
	}
	s, _ := signTestSubmission(t, testContent())
	cases := map[string]func(*Submission){
		"newline in the file name": func(s *Submission) { s.FileName = "a.yaml\nfile-name: b.yaml" },
		"upper-case digest":        func(s *Submission) { s.ParamsSHA256 = strings.ToUpper(s.ParamsSHA256) },
		"leading zero":             func(s *Submission) { s.MaxCostWei = "025000" },
		"short nonce":              func(s *Submission) { s.Nonce = "abc" },
		"no expiry":                func(s *Submission) { s.Expires = 0 },
		"short signature":          func(s *Submission) { s.Signature = "0x00" },
		"signer":                   func(s *Submission) { s.Signer = "mallory" },
		"huge audience":            func(s *Submission) { s.Audience = strings.Repeat("a", 201) },
	}
	for name, change := range cases {
		bad := *s
		change(&bad)
		if _, err := bad.VerifySignature(); !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: %v, want malformed", name, err)
		}
	}
}

func TestSubmissionValidity(t *testing.T) {
	s, _ := signTestSubmission(t, testContent())
	if err := s.CheckValidity(fixedCheck(submissionNow.Add(24*time.Hour + DefaultClockSkew))); err != nil {
		t.Fatalf("at its expiry, within the skew: %v", err)
	}
	if err := s.CheckValidity(fixedCheck(submissionNow.Add(24*time.Hour + DefaultClockSkew + time.Second))); !errors.Is(err, ErrExpired) {
		t.Fatalf("after its expiry: %v", err)
	}
	short := SubmissionCheck{MaxTTL: time.Hour, Now: func() time.Time { return submissionNow }}
	if err := s.CheckValidity(short); !errors.Is(err, ErrExpired) || !strings.Contains(err.Error(), "ahead") {
		t.Fatalf("a validity longer than the verifier allows: %v", err)
	}
	key, _ := crypto.GenerateKey()
	if _, err := SignSubmission(testContent(), key, submissionNow, MaxSubmissionTTL+time.Second); err == nil {
		t.Fatal("signed for longer than any verifier accepts")
	}
}

func TestParamsDigest(t *testing.T) {
	if ParamsDigest(nil) != ParamsDigest(map[string]string{}) {
		t.Error("no parameters and an empty set differ")
	}
	// Where one pair ends and the next begins is part of the encoding.
	pairs := []map[string]string{{"a": "b=c"}, {"a=b": "c"}, {"a": "b", "c": ""}, {"a": "bc"}, {"ab": "c"}}
	seen := map[[32]byte]int{}
	for i, p := range pairs {
		d := ParamsDigest(p)
		if j, ok := seen[d]; ok {
			t.Errorf("parameter sets %v and %v share a digest", pairs[j], p)
		}
		seen[d] = i
	}
}
