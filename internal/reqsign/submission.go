package reqsign

// A signed submission is the researcher's own statement of one grid job: which gateway it is
// for, the workflow's exact bytes (by their SHA-256), its file name and parameters, the
// idempotency key its escrow is locked under and its budget, usable once (a nonce) until an
// expiry. The CLI signs it beside the request to the gateway; the gateway checks it, keeps it
// with the job and forwards it with the assignment; the site verifies it before it runs the
// job in the researcher's own account. So neither the gateway nor anyone between it and the
// site can make a site run something in a researcher's account that the researcher did not
// submit, or run it there twice.
//
// Like a request signature, it is an EIP-191 personal message (a wallet can show and sign
// it), one "name: value" line per field, so that it reads as what it says.

import (
	"crypto/ecdsa"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// SubmissionVersion is the first line of every signed submission; another layout gets another
// version, so that a signature made for one can never verify under another.
const SubmissionVersion = "petagrid-submission-v1"

// MaxSubmissionTTL is the longest validity a verifier accepts. A submission must stay valid
// while the job waits for a site (hours to days), and the verifier remembers its nonce until
// it expires, so the bound keeps that memory finite.
const MaxSubmissionTTL = 30 * 24 * time.Hour

// ErrSubmissionMismatch: the submission is validly signed, but not for this: another
// gateway, workflow, file name, parameter set, idempotency key or budget.
var ErrSubmissionMismatch = errors.New("signed submission does not match the job")

// Bounds of the text fields, which are also what the gateway and the sites accept.
const (
	maxAudienceLen   = 200
	maxFileNameLen   = 128
	maxIdempotentLen = 128
	maxWeiDigits     = 78 // a uint256
	digestHexLen     = 2 * sha256.Size
)

// Submission is a signed submission as it travels (JSON) from the CLI to the gateway and on
// to the site.
type Submission struct {
	// Signer is the researcher's address, 0x and 40 hex digits.
	Signer string `json:"signer"`
	// Audience is the gateway's name, as requests to it are signed.
	Audience string `json:"audience"`
	// WorkflowSHA256 is the hex SHA-256 of the workflow's bytes; ParamsSHA256 of the
	// parameters (ParamsDigest).
	WorkflowSHA256 string `json:"workflowSha256"`
	FileName       string `json:"fileName"`
	ParamsSHA256   string `json:"paramsSha256"`
	// IdempotencyKey is the submission's key at the gateway; the escrow that pays for the job
	// is locked under an id derived from it, so the signature pays for one job only.
	IdempotencyKey string `json:"idempotencyKey"`
	// MaxCostWei is the budget in DPS wei, decimal digits.
	MaxCostWei string `json:"maxCostWei"`
	// Nonce makes the submission usable once; Expires (unix seconds) bounds how long.
	Nonce     string `json:"nonce"`
	Expires   int64  `json:"expires"`
	Signature string `json:"signature"`
}

// SubmissionContent is what a submission is about, as the signer has it and as a verifier
// received it.
type SubmissionContent struct {
	Audience       string
	Workflow       []byte
	FileName       string
	Params         map[string]string
	IdempotencyKey string
	MaxCostWei     *big.Int
}

// SubmissionCheck is how a verifier checks a submission's validity window. Zero durations take
// their defaults (MaxSubmissionTTL, DefaultClockSkew; a negative skew means none); Now
// defaults to time.Now.
type SubmissionCheck struct {
	MaxTTL    time.Duration
	ClockSkew time.Duration
	Now       func() time.Time
}

// ParamsDigest is the SHA-256 that stands for a parameter set in a signed submission: the
// count, then each key and value in key order, each prefixed by its length (unsigned
// varints). No two sets share an encoding, whatever the keys and values hold; no parameters
// and an empty set are the same.
func ParamsDigest(params map[string]string) [32]byte {
	keys := make([]string, 0, len(params))
	for k := range params {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	h := sha256.New()
	var buf [binary.MaxVarintLen64]byte
	put := func(s string) {
		h.Write(buf[:binary.PutUvarint(buf[:], uint64(len(s)))])
		h.Write([]byte(s))
	}
	h.Write(buf[:binary.PutUvarint(buf[:], uint64(len(keys)))])
	for _, k := range keys {
		put(k)
		put(params[k])
	}
	var sum [32]byte
	copy(sum[:], h.Sum(nil))
	return sum
}

// SignSubmission signs c for key, valid from now for ttl (at most MaxSubmissionTTL).
func SignSubmission(c SubmissionContent, key *ecdsa.PrivateKey, now time.Time, ttl time.Duration) (*Submission, error) {
	if ttl <= 0 || ttl > MaxSubmissionTTL {
		return nil, fmt.Errorf("reqsign: a submission's validity must be positive and at most %s, got %s", MaxSubmissionTTL, ttl)
	}
	if err := checkSigningKey(key); err != nil {
		return nil, err
	}
	b := make([]byte, nonceBytes)
	if _, err := rand.Read(b); err != nil {
		return nil, fmt.Errorf("reqsign: generating nonce: %w", err)
	}
	if c.MaxCostWei == nil || c.MaxCostWei.Sign() < 0 {
		return nil, errors.New("reqsign: a submission needs a budget of 0 wei or more")
	}
	wf, params := sha256.Sum256(c.Workflow), ParamsDigest(c.Params)
	s := &Submission{
		Signer:         crypto.PubkeyToAddress(key.PublicKey).Hex(),
		Audience:       c.Audience,
		WorkflowSHA256: hex.EncodeToString(wf[:]),
		FileName:       c.FileName,
		ParamsSHA256:   hex.EncodeToString(params[:]),
		IdempotencyKey: c.IdempotencyKey,
		MaxCostWei:     c.MaxCostWei.String(),
		Nonce:          base64.RawURLEncoding.EncodeToString(b),
		Expires:        now.Add(ttl).Unix(),
	}
	msg, err := s.message()
	if err != nil {
		return nil, fmt.Errorf("reqsign: %w", err)
	}
	sig, err := crypto.Sign(textHash(msg), key)
	if err != nil {
		return nil, fmt.Errorf("reqsign: signing: %w", err)
	}
	s.Signature = "0x" + hex.EncodeToString(sig)
	return s, nil
}

// ExpiresAt is the end of the submission's validity.
func (s *Submission) ExpiresAt() time.Time { return time.Unix(s.Expires, 0).UTC() }

// VerifySignature checks the submission's form and that Signer signed exactly it, and returns
// the signer. Errors wrap ErrUnsigned (nil), ErrMalformed or ErrBadSignature: the submission
// says nothing about who submitted the job.
func (s *Submission) VerifySignature() (common.Address, error) {
	if s == nil {
		return common.Address{}, fmt.Errorf("%w: no signed submission", ErrUnsigned)
	}
	msg, err := s.message()
	if err != nil {
		return common.Address{}, fmt.Errorf("%w: submission: %v", ErrMalformed, err)
	}
	claimed, err := parseSigner(s.Signer)
	if err != nil {
		return common.Address{}, fmt.Errorf("%w: submission signer: %v", ErrMalformed, err)
	}
	sig, err := parseHex(s.Signature, sigHexLen)
	if err != nil {
		return common.Address{}, fmt.Errorf("%w: submission signature: %v", ErrMalformed, err)
	}
	signer, err := recoverSigner(msg, sig)
	if err != nil {
		return common.Address{}, err
	}
	if signer != claimed {
		return common.Address{}, fmt.Errorf("%w: the submission's signature is not %s's", ErrBadSignature, claimed.Hex())
	}
	return signer, nil
}

// Covers checks that the submission was made for exactly c. Errors wrap
// ErrSubmissionMismatch and name the fields that differ (never their values, which come from
// the other side).
func (s *Submission) Covers(c SubmissionContent) error {
	wf, params := sha256.Sum256(c.Workflow), ParamsDigest(c.Params)
	var differ []string
	if s.Audience != c.Audience {
		differ = append(differ, "gateway (audience)")
	}
	if s.WorkflowSHA256 != hex.EncodeToString(wf[:]) {
		differ = append(differ, "workflow")
	}
	if s.FileName != c.FileName {
		differ = append(differ, "file name")
	}
	if s.ParamsSHA256 != hex.EncodeToString(params[:]) {
		differ = append(differ, "parameters")
	}
	if s.IdempotencyKey != c.IdempotencyKey {
		differ = append(differ, "idempotency key (escrow)")
	}
	if budget, ok := new(big.Int).SetString(s.MaxCostWei, 10); !ok || c.MaxCostWei == nil || budget.Cmp(c.MaxCostWei) != 0 {
		differ = append(differ, "budget")
	}
	if len(differ) > 0 {
		return fmt.Errorf("%w: it was signed for another %s", ErrSubmissionMismatch, strings.Join(differ, ", "))
	}
	return nil
}

// CheckValidity checks the submission's expiry against chk's clock: ErrExpired once it has
// passed, and also when it lies further ahead than chk allows (the verifier could not
// remember the nonce that long).
func (s *Submission) CheckValidity(chk SubmissionCheck) error {
	maxTTL, skew := chk.MaxTTL, chk.ClockSkew
	if maxTTL <= 0 {
		maxTTL = MaxSubmissionTTL
	}
	if skew == 0 {
		skew = DefaultClockSkew
	} else if skew < 0 {
		skew = 0
	}
	now := time.Now()
	if chk.Now != nil {
		now = chk.Now()
	}
	expires := s.ExpiresAt()
	if now.After(expires.Add(skew)) {
		return fmt.Errorf("%w: the signed submission expired at %s", ErrExpired, expires.Format(time.RFC3339))
	}
	if expires.Sub(now) > maxTTL+skew {
		return fmt.Errorf("%w: the signed submission claims validity until %s, more than %s ahead", ErrExpired, expires.Format(time.RFC3339), maxTTL)
	}
	return nil
}

// VerifySubmission checks everything about s but its nonce, and returns its signer: the
// signature (ErrUnsigned, ErrMalformed, ErrBadSignature: nothing is known of the signer),
// then, from a signature that holds, that it was made for c (ErrSubmissionMismatch) and is
// valid now (ErrExpired). The caller spends the nonce: it records (signer, Nonce) until
// ExpiresAt plus the clock skew, together with what it does on the submission's authority,
// and refuses a pair it has recorded before.
func VerifySubmission(s *Submission, c SubmissionContent, chk SubmissionCheck) (common.Address, error) {
	signer, err := s.VerifySignature()
	if err != nil {
		return common.Address{}, err
	}
	if err := s.Covers(c); err != nil {
		return signer, err
	}
	if err := s.CheckValidity(chk); err != nil {
		return signer, err
	}
	return signer, nil
}

// message is the signed text, after checking every field's form.
func (s *Submission) message() ([]byte, error) {
	var errs []error
	text := func(name, v string, maxLen int) {
		if v == "" || len(v) > maxLen || !printableASCII(v) {
			errs = append(errs, fmt.Errorf("%s: 1 to %d printable ASCII characters", name, maxLen))
		}
	}
	digest := func(name, v string) {
		if len(v) != digestHexLen || strings.ToLower(v) != v {
			errs = append(errs, fmt.Errorf("%s: %d lower-case hex digits", name, digestHexLen))
		} else if _, err := hex.DecodeString(v); err != nil {
			errs = append(errs, fmt.Errorf("%s: not hexadecimal", name))
		}
	}
	text("audience", s.Audience, maxAudienceLen)
	digest("workflowSha256", s.WorkflowSHA256)
	text("fileName", s.FileName, maxFileNameLen)
	digest("paramsSha256", s.ParamsSHA256)
	text("idempotencyKey", s.IdempotencyKey, maxIdempotentLen)
	if !decimalDigits(s.MaxCostWei, maxWeiDigits) {
		errs = append(errs, fmt.Errorf("maxCostWei: 1 to %d decimal digits, no leading zeros", maxWeiDigits))
	}
	if err := checkNonce(s.Nonce); err != nil {
		errs = append(errs, fmt.Errorf("nonce: %w", err))
	}
	if s.Expires <= 0 || s.Expires > 1<<40 {
		errs = append(errs, errors.New("expires: unix seconds"))
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return []byte(strings.Join([]string{
		SubmissionVersion,
		"audience: " + s.Audience,
		"workflow-sha256: " + s.WorkflowSHA256,
		"file-name: " + s.FileName,
		"params-sha256: " + s.ParamsSHA256,
		"idempotency-key: " + s.IdempotencyKey,
		"max-cost-wei: " + s.MaxCostWei,
		"nonce: " + s.Nonce,
		"expires: " + strconv.FormatInt(s.Expires, 10),
	}, "\n")), nil
}

// printableASCII keeps field values on their own line and readable in a wallet. It is
// narrower than sanitize.Printable on purpose: the signed text is the same bytes on every
// screen, with no look-alike letters.
func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

// decimalDigits accepts one spelling per number: digits only, no leading zeros.
func decimalDigits(s string, maxLen int) bool {
	if s == "" || len(s) > maxLen || len(s) > 1 && s[0] == '0' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
