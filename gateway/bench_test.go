package gateway_test

import (
	"encoding/json"
	"fmt"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/math"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/petagrid/petagrid/pocp"
)

// benchReports are n reports of n distinct sites, signed and encoded as they arrive.
func benchReports(b *testing.B, n int, d pocp.Domain) ([][]byte, []common.Address) {
	b.Helper()
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	out := make([][]byte, n)
	addrs := make([]common.Address, n)
	for i := range out {
		key, err := crypto.GenerateKey()
		if err != nil {
			b.Fatal(err)
		}
		gfl := math.HexOrDecimal256(*pocp.GFLWei(uint64(1_000_000_000 + i)))
		r := &pocp.Report{Version: pocp.ReportVersion, Cluster: fmt.Sprintf("site-%d", i), Epoch: 7,
			PeriodStart: start, PeriodEnd: start.Add(360 * time.Hour), SlotSeconds: 60, SlotsTotal: 21600, SlotsCovered: 21000, CoveragePPM: 972_222,
			MedianMegaFLOPS: uint64(1_000_000_000 + i), MeanMegaFLOPS: 1_000_000_000, MaxMegaFLOPS: 1_100_000_000, CapacityMegaFLOPS: 1_100_000_000, GFL: &gfl,
			GPUs: 8, NodeSecondsObserved: 21000 * 60 * 2, NodeSecondsUp: 21000 * 60 * 2, JobsRun: 42, GPUSeconds: 5_000_000, ComputeHoursMilli: 7_000_000, AvailableComputeHoursMilli: 118_000_000, CatalogSHA256: common.HexToHash("0x0a0b")}
		if err := r.Sign(d, key); err != nil {
			b.Fatal(err)
		}
		if out[i], err = json.Marshal(r); err != nil {
			b.Fatal(err)
		}
		addrs[i] = crypto.PubkeyToAddress(key.PublicKey)
	}
	return out, addrs
}

// BenchmarkVerifyReports is the gateway's per-report signature work: decode the report
// strictly, recompute its EIP-712 digest and recover the signer. Goal ≥ 2,000 signatures/s.
// The baseline is bare secp256k1 public-key recovery of a ready digest, the floor of any
// verification.
func BenchmarkVerifyReports(b *testing.B) {
	d := pocp.Domain{ChainID: big.NewInt(1337), VerifyingContract: common.HexToAddress("0x00000000000000000000000000000000000000aa")}
	reports, addrs := benchReports(b, 256, d)
	b.Run("decode+eip712+recover", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			r, err := pocp.Decode(reports[i%len(reports)])
			if err != nil {
				b.Fatal(err)
			}
			signer, err := r.Verify(d)
			if err != nil || signer != addrs[i%len(reports)] {
				b.Fatalf("verify: %v %v", signer, err)
			}
			i++
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "sigs/s")
	})
	b.Run("recover-baseline", func(b *testing.B) {
		key, _ := crypto.GenerateKey()
		digest := crypto.Keccak256([]byte("report"))
		sig, _ := crypto.Sign(digest, key)
		b.ReportAllocs()
		for b.Loop() {
			if _, err := crypto.Ecrecover(digest, sig); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "sigs/s")
	})
}
