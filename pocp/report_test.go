package pocp

import (
	"bytes"
	"crypto/ecdsa"
	"encoding/json"
	"errors"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/math"
	"github.com/ethereum/go-ethereum/crypto"
)

func testKey(t testing.TB, seed byte) *ecdsa.PrivateKey {
	t.Helper()
	k, err := crypto.ToECDSA(bytes.Repeat([]byte{seed}, 32))
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func sampleReport() *Report {
	start := DefaultGenesis
	gfl := math.HexOrDecimal256(*GFLWei(1_234_567_890))
	return &Report{
		Version: ReportVersion, Cluster: "alpha", Epoch: 0,
		PeriodStart: start, PeriodEnd: start.Add(DefaultPeriodSeconds * time.Second),
		SlotSeconds: 60, SlotsTotal: 21600, SlotsCovered: 21000, CoveragePPM: 972_222,
		MedianMegaFLOPS: 1_234_567_890, MeanMegaFLOPS: 1_200_000_000, MaxMegaFLOPS: 1_300_000_000, CapacityMegaFLOPS: 1_300_000_000,
		GFL:               &gfl,
		EnergyMillijoules: 9_000_000_000_000, MedianPowerMilliwatts: 2_800_000, PowerSlotsCovered: 20000, GPUs: 8,
		EfficiencyMegaFLOPSPerWatt: 1_234_567_890 * 1000 / 2_800_000,
		JobsRun:                    42, GPUSeconds: 5_000_000, ComputeHoursMilli: 7_000_000, AvailableComputeHoursMilli: 118_000_000,
		CatalogSHA256:       common.HexToHash("0x0a0b"),
		NodeSecondsObserved: 4 * 21000 * 60, NodeSecondsUp: 4*21000*60 - 7200, NodeFailures: 2, NodeRepairs: 1,
	}
}

var testDomain = Domain{ChainID: big.NewInt(1337), VerifyingContract: common.HexToAddress("0x00000000000000000000000000000000000000aa")}

// TestDigestIsEIP712 recomputes the digest by hand, as Solidity's abi.encode and keccak256
// will: the Go hash and the contract's must agree field by field.
func TestDigestIsEIP712(t *testing.T) {
	r := sampleReport()
	r.Site = common.HexToAddress("0x00000000000000000000000000000000000000bb")
	got, err := r.Digest(testDomain)
	if err != nil {
		t.Fatal(err)
	}
	word := func(v *big.Int) []byte { return common.LeftPadBytes(v.Bytes(), 32) }
	uw := func(v uint64) []byte { return word(new(big.Int).SetUint64(v)) }
	var typeStr strings.Builder
	typeStr.WriteString("PoCPReport(")
	for i, f := range reportType {
		if i > 0 {
			typeStr.WriteString(",")
		}
		typeStr.WriteString(f.Type + " " + f.Name)
	}
	typeStr.WriteString(")")
	enc := crypto.Keccak256([]byte(typeStr.String()))
	b := func(v bool) []byte {
		if v {
			return uw(1)
		}
		return uw(0)
	}
	for _, w := range [][]byte{
		uw(uint64(r.Version)), common.LeftPadBytes(r.Site[:], 32), crypto.Keccak256([]byte(r.Cluster)), uw(r.Epoch),
		uw(uint64(r.PeriodStart.Unix())), uw(uint64(r.PeriodEnd.Unix())), uw(uint64(r.SlotSeconds)), uw(uint64(r.SlotsTotal)),
		uw(uint64(r.SlotsCovered)), uw(uint64(r.CoveragePPM)), b(r.LowCoverage), uw(r.MedianMegaFLOPS), uw(r.MeanMegaFLOPS),
		uw(r.MaxMegaFLOPS), uw(r.CapacityMegaFLOPS), word((*big.Int)(r.GFL)), uw(r.EnergyMillijoules), uw(r.EstimatedEnergyMillijoules),
		uw(r.MedianPowerMilliwatts), uw(uint64(r.PowerSlotsCovered)), uw(uint64(r.GPUs)), uw(r.EfficiencyMegaFLOPSPerWatt),
		uw(uint64(r.JobsRun)), uw(r.GPUSeconds), uw(r.ComputeHoursMilli), uw(r.AvailableComputeHoursMilli), r.CatalogSHA256[:],
		uw(r.NodeSecondsObserved), uw(r.NodeSecondsUp), uw(uint64(r.NodeFailures)), uw(uint64(r.NodeRepairs)),
	} {
		enc = append(enc, w...)
	}
	structHash := crypto.Keccak256(enc)
	domainHash := crypto.Keccak256(
		crypto.Keccak256([]byte("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)")),
		crypto.Keccak256([]byte("PetaGrid PoCP")), crypto.Keccak256([]byte("1")), word(testDomain.ChainID),
		common.LeftPadBytes(testDomain.VerifyingContract[:], 32))
	want := crypto.Keccak256([]byte{0x19, 0x01}, domainHash, structHash)
	if !bytes.Equal(got[:], want) {
		t.Fatalf("digest %x, by hand %x", got, want)
	}
}

func TestSignVerify(t *testing.T) {
	key := testKey(t, 7)
	r := sampleReport()
	if err := r.Sign(testDomain, key); err != nil {
		t.Fatal(err)
	}
	signer, err := r.Verify(testDomain)
	if err != nil || signer != crypto.PubkeyToAddress(key.PublicKey) || r.Site != signer {
		t.Fatalf("verify: %s, %v", signer.Hex(), err)
	}
	// Every field is covered: change one and the signature no longer matches.
	tampered := *r
	tampered.JobsRun++
	if _, err := tampered.Verify(testDomain); !errors.Is(err, ErrWrongSigner) {
		t.Errorf("tampered jobsRun: %v", err)
	}
	tampered = *r
	tampered.Cluster = "beta"
	if _, err := tampered.Verify(testDomain); !errors.Is(err, ErrWrongSigner) {
		t.Errorf("tampered cluster: %v", err)
	}
	// Another chain or contract: not valid there.
	other := Domain{ChainID: big.NewInt(1), VerifyingContract: testDomain.VerifyingContract}
	if _, err := r.Verify(other); !errors.Is(err, ErrWrongSigner) {
		t.Errorf("other chain: %v", err)
	}
	// Claiming another site's identity fails.
	forged := *r
	forged.Site = crypto.PubkeyToAddress(testKey(t, 8).PublicKey)
	if _, err := forged.Verify(testDomain); !errors.Is(err, ErrWrongSigner) {
		t.Errorf("forged site: %v", err)
	}
	// Malleated (high-s) twin of a valid signature is refused.
	high := *r
	sig := append([]byte(nil), r.Signature...)
	n := crypto.S256().Params().N
	s := new(big.Int).SetBytes(sig[32:64])
	copy(sig[32:64], common.LeftPadBytes(new(big.Int).Sub(n, s).Bytes(), 32))
	sig[64] ^= 1
	high.Signature = sig
	if _, err := high.Verify(testDomain); !errors.Is(err, ErrBadSignature) {
		t.Errorf("high-s: %v", err)
	}
	for name, bad := range map[string][]byte{"short": r.Signature[:64], "v": append(append([]byte(nil), r.Signature[:64]...), 5)} {
		c := *r
		c.Signature = bad
		if _, err := c.Verify(testDomain); !errors.Is(err, ErrBadSignature) {
			t.Errorf("%s signature: %v", name, err)
		}
	}
	unsigned := sampleReport()
	if _, err := unsigned.Verify(testDomain); !errors.Is(err, ErrUnsigned) {
		t.Errorf("unsigned: %v", err)
	}
	if err := r.Sign(Domain{}, key); err == nil {
		t.Error("signing without a chain id")
	}
}

func TestEncodeDecodeCanonical(t *testing.T) {
	r := sampleReport()
	if err := r.Sign(testDomain, testKey(t, 7)); err != nil {
		t.Fatal(err)
	}
	data, err := r.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := back.Encode()
	if !bytes.Equal(data, again) {
		t.Fatalf("not canonical:\n%s\n%s", data, again)
	}
	if _, err := back.Verify(testDomain); err != nil {
		t.Fatalf("decoded report does not verify: %v", err)
	}
	if !strings.Contains(string(data), `"medianMegaFlops":"1234567890"`) || !strings.Contains(string(data), `"periodStart":"2023-01-01T00:00:00Z"`) {
		t.Errorf("encoding: %s", data)
	}
	var m map[string]any
	_ = json.Unmarshal(data, &m)
	cases := map[string]string{
		"unknown field": strings.Replace(string(data), `"version":2`, `"version":2,"bonus":1`, 1),
		"trailing":      string(data) + "{}",
		"offset":        strings.Replace(string(data), `"periodStart":"2023-01-01T00:00:00Z"`, `"periodStart":"2023-01-01T01:00:00+01:00"`, 1),
		"gfl mismatch":  strings.Replace(string(data), `"medianMegaFlops":"1234567890"`, `"medianMegaFlops":"1234567891"`, 1),
		"version":       strings.Replace(string(data), `"version":2`, `"version":1`, 1),
		"up > observed": strings.Replace(string(data), `"nodeSecondsUp":"5032800"`, `"nodeSecondsUp":"5040001"`, 1),
		"number type":   strings.Replace(string(data), `"jobsRun":42`, `"jobsRun":"42"`, 1),
		"huge":          `{"cluster":"` + strings.Repeat("x", MaxReportBytes) + `"}`,
		"covered > all": strings.Replace(string(data), `"slotsCovered":21000`, `"slotsCovered":21601`, 1),
	}
	for name, text := range cases {
		if _, err := Decode([]byte(text)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// TestProvenUptime: the reliability a report proves is node uptime over the observed time ×
// coverage. A fully sampled site whose nodes are down 10 % of the time proves 90 %, not the
// 100 % its sampler's coverage says; a site that samples half the period proves at most half.
func TestProvenUptime(t *testing.T) {
	r := sampleReport()
	r.SlotsCovered, r.CoveragePPM = r.SlotsTotal, 1_000_000
	r.NodeSecondsObserved, r.NodeSecondsUp = 1_000_000, 900_000
	if got := r.ProvenUptimePPM(); got != 900_000 {
		t.Errorf("fully sampled, 10 %% down: %d ppm, want 900000", got)
	}
	r.CoveragePPM, r.NodeSecondsUp = 500_000, 1_000_000
	if got := r.ProvenUptimePPM(); got != 500_000 {
		t.Errorf("half sampled, always up: %d ppm, want 500000", got)
	}
	r.NodeSecondsObserved, r.NodeSecondsUp = 0, 0
	if got := r.ProvenUptimePPM(); got != 0 {
		t.Errorf("nothing observed: %d ppm", got)
	}
}

// TestMeasureAvailability: failures and repairs per node across gaps, only inside the period.
func TestMeasureAvailability(t *testing.T) {
	start := DefaultGenesis
	at := func(min int) time.Time { return start.Add(time.Duration(min) * time.Minute) }
	obs := []NodeObservation{
		{Node: "b", SlotStart: at(0), SlotSeconds: 60, Available: true},
		{Node: "a", SlotStart: at(1), SlotSeconds: 60, Available: false},
		{Node: "a", SlotStart: at(0), SlotSeconds: 60, Available: true},
		{Node: "a", SlotStart: at(5), SlotSeconds: 60, Available: true}, // after a gap: a repair
		{Node: "b", SlotStart: at(3), SlotSeconds: 60, Available: false},
		{Node: "b", SlotStart: at(-1), SlotSeconds: 60, Available: false}, // before the period
	}
	a, err := MeasureAvailability(obs, start, at(10))
	if err != nil {
		t.Fatal(err)
	}
	if a.ObservedSeconds != 300 || a.UpSeconds != 180 || a.Failures != 2 || a.Repairs != 1 {
		t.Errorf("%+v, want 300 s observed, 180 up, 2 failures, 1 repair", a)
	}
	if _, err := MeasureAvailability(append(obs, NodeObservation{Node: "a", SlotStart: at(5), SlotSeconds: 60}), start, at(10)); err == nil {
		t.Error("a node observed twice in a slot accepted")
	}
}
