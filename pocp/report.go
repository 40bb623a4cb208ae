package pocp

import (
	"bytes"
	"crypto/ecdsa"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/common/math"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
)

// ReportVersion is the layout of Report; a change of fields is a new version. Version 2 added
// the nodes' availability (node-seconds observed and up, failures, repairs).
const ReportVersion = 2

// MaxReportBytes bounds a report's JSON: reports arrive over HTTP from sites.
const MaxReportBytes = 64 << 10

// Report is one site's Proof of Compute Power for one period. Every figure is an integer in
// the unit its name says; the JSON form writes 64-bit integers as strings so that no reader
// (JavaScript included) rounds them.
type Report struct {
	Version uint32 `json:"version"`
	// Site is the address of the key that signs the report.
	Site    common.Address `json:"site"`
	Cluster string         `json:"cluster"`
	Epoch   uint64         `json:"epoch,string"`
	// PeriodStart and PeriodEnd bound the period, UTC, whole seconds.
	PeriodStart time.Time `json:"periodStart"`
	PeriodEnd   time.Time `json:"periodEnd"`

	SlotSeconds  uint32 `json:"slotSeconds"`
	SlotsTotal   uint32 `json:"slotsTotal"`
	SlotsCovered uint32 `json:"slotsCovered"`
	// CoveragePPM is covered time / period time in parts per million, rounded down.
	CoveragePPM uint32 `json:"coveragePpm"`
	// LowCoverage flags a report below the site's configured minimum coverage.
	LowCoverage bool `json:"lowCoverage"`

	// MedianMegaFLOPS is the time-weighted median computing power made available.
	MedianMegaFLOPS   uint64 `json:"medianMegaFlops,string"`
	MeanMegaFLOPS     uint64 `json:"meanMegaFlops,string"`
	MaxMegaFLOPS      uint64 `json:"maxMegaFlops,string"`
	CapacityMegaFLOPS uint64 `json:"capacityMegaFlops,string"`
	// GFL is the median in GFL wei (1 GFL = 1 PFLOPS = 10^18 wei): what the site claims.
	GFL *math.HexOrDecimal256 `json:"gfl"`

	EnergyMillijoules          uint64 `json:"energyMillijoules,string"`
	EstimatedEnergyMillijoules uint64 `json:"estimatedEnergyMillijoules,string"`
	MedianPowerMilliwatts      uint64 `json:"medianPowerMilliwatts,string"`
	PowerSlotsCovered          uint32 `json:"powerSlotsCovered"`
	GPUs                       uint32 `json:"gpus"`
	// EfficiencyMegaFLOPSPerWatt is median computing power / median GPU power draw (0 with
	// no power readings).
	EfficiencyMegaFLOPSPerWatt uint64 `json:"efficiencyMegaFlopsPerWatt,string"`

	JobsRun    uint32 `json:"jobsRun"`
	GPUSeconds uint64 `json:"gpuSeconds,string"`
	// ComputeHoursMilli is the Compute Hours of the jobs run (allocated index × time /
	// reference); AvailableComputeHoursMilli those the site made available.
	ComputeHoursMilli          uint64 `json:"computeHoursMilli,string"`
	AvailableComputeHoursMilli uint64 `json:"availableComputeHoursMilli,string"`

	// CatalogSHA256 names the hardware catalog the index came from.
	CatalogSHA256 common.Hash `json:"catalogSha256"`

	// Node availability over the period, from the same observations as the median: the
	// node-seconds observed and those the nodes were available, and the failures (available
	// → unavailable) and repairs (the reverse) of nodes observed in successive slots. The
	// gateway grades reliability from these (Compute Hours paper §7.3).
	NodeSecondsObserved uint64 `json:"nodeSecondsObserved,string"`
	NodeSecondsUp       uint64 `json:"nodeSecondsUp,string"`
	NodeFailures        uint32 `json:"nodeFailures"`
	NodeRepairs         uint32 `json:"nodeRepairs"`

	Signature hexutil.Bytes `json:"signature,omitempty"`
}

// Domain is the EIP-712 domain reports are signed in: the chain and the settlement contract
// that will read them, so a report cannot be replayed on another grid.
type Domain struct {
	ChainID           *big.Int
	VerifyingContract common.Address
}

const (
	domainName    = "PetaGrid PoCP"
	domainVersion = "1"
)

// reportType is the EIP-712 type of Report, field by field (the contracts hash the same).
var reportType = []apitypes.Type{
	{Name: "version", Type: "uint32"},
	{Name: "site", Type: "address"},
	{Name: "cluster", Type: "string"},
	{Name: "epoch", Type: "uint64"},
	{Name: "periodStart", Type: "uint64"},
	{Name: "periodEnd", Type: "uint64"},
	{Name: "slotSeconds", Type: "uint32"},
	{Name: "slotsTotal", Type: "uint32"},
	{Name: "slotsCovered", Type: "uint32"},
	{Name: "coveragePpm", Type: "uint32"},
	{Name: "lowCoverage", Type: "bool"},
	{Name: "medianMegaFlops", Type: "uint64"},
	{Name: "meanMegaFlops", Type: "uint64"},
	{Name: "maxMegaFlops", Type: "uint64"},
	{Name: "capacityMegaFlops", Type: "uint64"},
	{Name: "gfl", Type: "uint256"},
	{Name: "energyMillijoules", Type: "uint64"},
	{Name: "estimatedEnergyMillijoules", Type: "uint64"},
	{Name: "medianPowerMilliwatts", Type: "uint64"},
	{Name: "powerSlotsCovered", Type: "uint32"},
	{Name: "gpus", Type: "uint32"},
	{Name: "efficiencyMegaFlopsPerWatt", Type: "uint64"},
	{Name: "jobsRun", Type: "uint32"},
	{Name: "gpuSeconds", Type: "uint64"},
	{Name: "computeHoursMilli", Type: "uint64"},
	{Name: "availableComputeHoursMilli", Type: "uint64"},
	{Name: "catalogSha256", Type: "bytes32"},
	{Name: "nodeSecondsObserved", Type: "uint64"},
	{Name: "nodeSecondsUp", Type: "uint64"},
	{Name: "nodeFailures", Type: "uint32"},
	{Name: "nodeRepairs", Type: "uint32"},
}

// GFLWei is the median in GFL wei: MFLOPS × 10^9.
func GFLWei(medianMegaFLOPS uint64) *big.Int {
	return new(big.Int).Mul(new(big.Int).SetUint64(medianMegaFLOPS), big.NewInt(1_000_000_000))
}

func u(v uint64) string { return strconv.FormatUint(v, 10) }

// typedData is the report as EIP-712 typed data.
func (r *Report) typedData(d Domain) (apitypes.TypedData, error) {
	if d.ChainID == nil || d.ChainID.Sign() <= 0 {
		return apitypes.TypedData{}, fmt.Errorf("pocp: the signing domain has no chain id")
	}
	if r.GFL == nil {
		return apitypes.TypedData{}, fmt.Errorf("pocp: report has no gfl")
	}
	chain := math.HexOrDecimal256(*new(big.Int).Set(d.ChainID))
	return apitypes.TypedData{
		Types: apitypes.Types{
			"EIP712Domain": {
				{Name: "name", Type: "string"},
				{Name: "version", Type: "string"},
				{Name: "chainId", Type: "uint256"},
				{Name: "verifyingContract", Type: "address"},
			},
			"PoCPReport": reportType,
		},
		PrimaryType: "PoCPReport",
		Domain:      apitypes.TypedDataDomain{Name: domainName, Version: domainVersion, ChainId: &chain, VerifyingContract: d.VerifyingContract.Hex()},
		Message: apitypes.TypedDataMessage{
			"version":                    u(uint64(r.Version)),
			"site":                       r.Site.Hex(),
			"cluster":                    r.Cluster,
			"epoch":                      u(r.Epoch),
			"periodStart":                u(uint64(r.PeriodStart.Unix())),
			"periodEnd":                  u(uint64(r.PeriodEnd.Unix())),
			"slotSeconds":                u(uint64(r.SlotSeconds)),
			"slotsTotal":                 u(uint64(r.SlotsTotal)),
			"slotsCovered":               u(uint64(r.SlotsCovered)),
			"coveragePpm":                u(uint64(r.CoveragePPM)),
			"lowCoverage":                r.LowCoverage,
			"medianMegaFlops":            u(r.MedianMegaFLOPS),
			"meanMegaFlops":              u(r.MeanMegaFLOPS),
			"maxMegaFlops":               u(r.MaxMegaFLOPS),
			"capacityMegaFlops":          u(r.CapacityMegaFLOPS),
			"gfl":                        (*big.Int)(r.GFL).String(),
			"energyMillijoules":          u(r.EnergyMillijoules),
			"estimatedEnergyMillijoules": u(r.EstimatedEnergyMillijoules),
			"medianPowerMilliwatts":      u(r.MedianPowerMilliwatts),
			"powerSlotsCovered":          u(uint64(r.PowerSlotsCovered)),
			"gpus":                       u(uint64(r.GPUs)),
			"efficiencyMegaFlopsPerWatt": u(r.EfficiencyMegaFLOPSPerWatt),
			"jobsRun":                    u(uint64(r.JobsRun)),
			"gpuSeconds":                 u(r.GPUSeconds),
			"computeHoursMilli":          u(r.ComputeHoursMilli),
			"availableComputeHoursMilli": u(r.AvailableComputeHoursMilli),
			"catalogSha256":              r.CatalogSHA256.Hex(),
			"nodeSecondsObserved":        u(r.NodeSecondsObserved),
			"nodeSecondsUp":              u(r.NodeSecondsUp),
			"nodeFailures":               u(uint64(r.NodeFailures)),
			"nodeRepairs":                u(uint64(r.NodeRepairs)),
		},
	}, nil
}

// Digest is the EIP-712 hash the site signs: keccak256("\x19\x01" ‖ domainSeparator ‖
// hashStruct(report)).
func (r *Report) Digest(d Domain) (common.Hash, error) {
	if err := r.Validate(); err != nil {
		return common.Hash{}, err
	}
	td, err := r.typedData(d)
	if err != nil {
		return common.Hash{}, err
	}
	h, _, err := apitypes.TypedDataAndHash(td)
	if err != nil {
		return common.Hash{}, fmt.Errorf("pocp: EIP-712 hash: %w", err)
	}
	return common.BytesToHash(h), nil
}

// Sign sets Site to the key's address and signs the report (65 bytes, v = 27 or 28, the
// form Solidity's ecrecover and OpenZeppelin's ECDSA take).
func (r *Report) Sign(d Domain, key *ecdsa.PrivateKey) error {
	r.Site = crypto.PubkeyToAddress(key.PublicKey)
	r.Signature = nil
	digest, err := r.Digest(d)
	if err != nil {
		return err
	}
	sig, err := crypto.Sign(digest[:], key)
	if err != nil {
		return fmt.Errorf("pocp: signing: %w", err)
	}
	sig[64] += 27
	r.Signature = sig
	return nil
}

// Errors of Verify.
var (
	ErrUnsigned     = errors.New("pocp: report is not signed")
	ErrBadSignature = errors.New("pocp: signature is malformed")
	ErrWrongSigner  = errors.New("pocp: signature is not by the report's site")
)

// Verify checks the signature and returns the signer, which equals Site. High-s signatures
// are refused (they are the malleated twin of a valid one).
func (r *Report) Verify(d Domain) (common.Address, error) {
	if len(r.Signature) == 0 {
		return common.Address{}, ErrUnsigned
	}
	if len(r.Signature) != 65 {
		return common.Address{}, fmt.Errorf("%w: %d bytes, want 65", ErrBadSignature, len(r.Signature))
	}
	sig := make([]byte, 65)
	copy(sig, r.Signature)
	if sig[64] != 27 && sig[64] != 28 {
		return common.Address{}, fmt.Errorf("%w: v = %d, want 27 or 28", ErrBadSignature, sig[64])
	}
	sig[64] -= 27
	if !crypto.ValidateSignatureValues(sig[64], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:64]), true) {
		return common.Address{}, fmt.Errorf("%w: r or s out of range (or s in the upper half)", ErrBadSignature)
	}
	digest, err := r.Digest(d)
	if err != nil {
		return common.Address{}, err
	}
	pub, err := crypto.SigToPub(digest[:], sig)
	if err != nil {
		return common.Address{}, fmt.Errorf("%w: %v", ErrBadSignature, err)
	}
	signer := crypto.PubkeyToAddress(*pub)
	if signer != r.Site {
		return signer, fmt.Errorf("%w: signed by %s, report names %s", ErrWrongSigner, signer.Hex(), r.Site.Hex())
	}
	return signer, nil
}

// Validate checks the report's shape (not its plausibility, see CheckPlausibility).
func (r *Report) Validate() error {
	var errs []error
	fail := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if r.Version != ReportVersion {
		fail("version %d: this build reads version %d", r.Version, ReportVersion)
	}
	if r.Cluster == "" || len(r.Cluster) > 64 || !utf8.ValidString(r.Cluster) {
		fail("cluster must be 1 to 64 bytes of UTF-8")
	}
	for _, c := range r.Cluster {
		if c < 0x21 || c == 0x7f {
			fail("cluster %q has a control or space character", r.Cluster)
			break
		}
	}
	for name, t := range map[string]time.Time{"periodStart": r.PeriodStart, "periodEnd": r.PeriodEnd} {
		if t.IsZero() || t.Nanosecond() != 0 || t.Location() != time.UTC || t.Unix() < 0 {
			fail("%s must be a whole second in UTC", name)
		}
	}
	if !r.PeriodEnd.After(r.PeriodStart) {
		fail("periodEnd is not after periodStart")
	}
	if r.SlotsCovered > r.SlotsTotal {
		fail("slotsCovered %d > slotsTotal %d", r.SlotsCovered, r.SlotsTotal)
	}
	if r.CoveragePPM > 1_000_000 {
		fail("coveragePpm %d > 1000000", r.CoveragePPM)
	}
	if r.PowerSlotsCovered > r.SlotsTotal {
		fail("powerSlotsCovered %d > slotsTotal %d", r.PowerSlotsCovered, r.SlotsTotal)
	}
	if r.EstimatedEnergyMillijoules > r.EnergyMillijoules {
		fail("estimatedEnergyMillijoules %d > energyMillijoules %d", r.EstimatedEnergyMillijoules, r.EnergyMillijoules)
	}
	if r.NodeSecondsUp > r.NodeSecondsObserved {
		fail("nodeSecondsUp %d > nodeSecondsObserved %d", r.NodeSecondsUp, r.NodeSecondsObserved)
	}
	if r.SlotsCovered > 0 && r.NodeSecondsObserved == 0 {
		fail("%d slots covered but no node-second observed", r.SlotsCovered)
	}
	if r.GFL == nil {
		fail("gfl is missing")
	} else if (*big.Int)(r.GFL).Cmp(GFLWei(r.MedianMegaFLOPS)) != 0 {
		fail("gfl %s is not the median %d MFLOPS in GFL wei (%s)", (*big.Int)(r.GFL), r.MedianMegaFLOPS, GFLWei(r.MedianMegaFLOPS))
	}
	return errors.Join(errs...)
}

// Encode writes the canonical JSON form: fixed field order, no insignificant space, a final
// newline. Decode(Encode(r)) == r.
func (r *Report) Encode() ([]byte, error) {
	b, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// Decode reads a report strictly: one JSON object, known fields only, within MaxReportBytes,
// times in UTC; then Validate.
func Decode(data []byte) (*Report, error) {
	if len(data) > MaxReportBytes {
		return nil, fmt.Errorf("pocp: report is %d bytes, more than %d", len(data), MaxReportBytes)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var r Report
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("pocp: report JSON: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("pocp: report JSON: data after the report object")
	}
	r.PeriodStart = utcIfZeroOffset(r.PeriodStart)
	r.PeriodEnd = utcIfZeroOffset(r.PeriodEnd)
	if err := r.Validate(); err != nil {
		return nil, fmt.Errorf("pocp: report: %w", err)
	}
	return &r, nil
}

// utcIfZeroOffset turns "…Z" times (decoded with a zero-offset location) into time.UTC, and
// leaves any other offset for Validate to refuse.
func utcIfZeroOffset(t time.Time) time.Time {
	if _, off := t.Zone(); off == 0 {
		return t.UTC()
	}
	return t
}

// ProvenUptimePPM is the share of the period the site proved its nodes available, in parts
// per million: node uptime over the observed time × the period's coverage. Time nobody
// observed counts as not up: a site cannot raise its grade by not sampling while its nodes
// are down. (With a constant node count it is up node-seconds / all node-seconds of the
// period.)
func (r *Report) ProvenUptimePPM() uint64 {
	if r.NodeSecondsObserved == 0 {
		return 0
	}
	return mulDiv(mulDiv(r.NodeSecondsUp, 1_000_000, r.NodeSecondsObserved), uint64(r.CoveragePPM), 1_000_000)
}

// SignatureHex is the signature for display.
func (r *Report) SignatureHex() string { return "0x" + hex.EncodeToString(r.Signature) }
