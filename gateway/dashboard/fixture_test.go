package dashboard

import (
	"fmt"
	"math/big"
	"time"
)

// Values the tests look for in the rendered page.
const (
	richGateway        = "gw-geneva-1"
	richSupplyWei      = "1234567890000000000000" // 1,234.56789 GFL
	richSupplyShown    = "1,234.56789"
	richEra            = 2
	richLatestEpoch    = 11
	richLatestMedian   = "26.000"
	richNextCloseShown = "2025-07-15 00:00 UTC"
)

var richGenerated = time.Date(2025, 7, 2, 9, 30, 0, 0, time.UTC)

func gfl(tokens int64) string {
	return new(big.Int).Mul(big.NewInt(tokens), new(big.Int).Exp(big.NewInt(10), big.NewInt(18), nil)).String()
}

// richSnapshot is a grid that has run for a while: three providers in each status, twelve closed
// epochs (two halvings at the GFL threshold), sixty jobs in several states. The latest epoch's
// supply is the economy's supply.
func richSnapshot() Snapshot {
	reported := uint64(richLatestEpoch)
	s := Snapshot{
		Gateway:     richGateway,
		GeneratedAt: richGenerated,
		Chain: ChainInfo{
			Kind: "embedded", ChainID: 1337, Block: 48213,
			BlockTime:  richGenerated.Add(-12 * time.Second),
			Settlement: "0x52908400098527886E0F7030069857D2E4169EE7",
		},
		Economy: Economy{
			Era: richEra, NextEpoch: richLatestEpoch + 1, EpochSeconds: 15 * 86400,
			Genesis:             time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC),
			NextCloseAt:         time.Date(2025, 7, 15, 0, 0, 0, 0, time.UTC),
			GFLSupplyWei:        richSupplyWei,
			DPSEmittedWei:       "52500000000000000000",
			DPSClaimableWei:     "7250000000000000000",
			PoolWei:             gfl(99_000),
			EraCumulativeGFLWei: gfl(4_200),
			EraThresholdGFLWei:  gfl(10_000),
			SlashedWei:          gfl(125),
		},
		Providers: []Provider{
			{
				Site: "cscs-alps", Address: "0x1111111111111111111111111111111111111111", Status: "approved",
				Online: true, LastSeen: richGenerated.Add(-40 * time.Second),
				CapacityMegaFLOPS: 18_500_000_000, GPUs: 256, Nodes: 64,
				PricePerComputeHourWei: "2500000000000000000",
				LastMedianMegaFLOPS:    17_250_000_000, LastCoveragePPM: 998_500, LastReportEpoch: &reported,
				GFLWei: gfl(17), DPSClaimableWei: "3400000000000000000",
				StakeBondedWei: gfl(1_850), StakeSlashedWei: "0",
				PerformanceGrade: "A", ReliabilityGrade: 1,
			},
			{
				Site: "jsc-jureca", Address: "0x2222222222222222222222222222222222222222", Status: "pending",
				Online: false, LastSeen: richGenerated.Add(-3 * time.Hour),
				CapacityMegaFLOPS: 9_000_000_000, GPUs: 128, Nodes: 32,
				PricePerComputeHourWei: "1800000000000000000",
				GFLWei:                 "0", DPSClaimableWei: "0",
				SharedDevices: 4, SharesDevicesWith: []string{"ideal-hpc"},
			},
			{
				Site: "ideal-hpc", Address: "0x3333333333333333333333333333333333333333", Status: "suspended",
				Online: true, LastSeen: richGenerated.Add(-2 * time.Minute),
				CapacityMegaFLOPS: 9_100_000_000, GPUs: 64, Nodes: 16,
				PricePerComputeHourWei: "1000000000000000000",
				LastMedianMegaFLOPS:    8_750_000_000, LastCoveragePPM: 951_000, LastReportEpoch: &reported,
				GFLWei: gfl(9), DPSClaimableWei: "3850000000000000000",
				StakeBondedWei: gfl(785), StakeSlashedWei: gfl(125),
				Challenges:       &ChallengeCounts{Issued: 4, Passed: 2, Failed: 1, Missed: 1},
				PerformanceGrade: "C", ReliabilityGrade: 3,
			},
		},
		JobCounts: map[string]int{"completed": 41, "running": 7, "failed": 3, "queued": 9},
	}
	// Epochs given oldest first; the page must show the latest first.
	for e := uint64(0); e <= richLatestEpoch; e++ {
		ep := Epoch{
			Epoch:           e,
			ClosedAt:        s.Economy.Genesis.Add(time.Duration(e+1) * 15 * 24 * time.Hour),
			MedianMegaFLOPS: (4 + 2*e) * 1_000_000_000,
			MintedWei:       gfl(100),
			BurnedWei:       "0",
			RewardsWei:      "4375000000000000000",
			SupplyAfterWei:  gfl(int64(100 * (e + 1))),
			Era:             e / 4,
			Providers:       2,
		}
		if e == richLatestEpoch {
			ep.SupplyAfterWei = richSupplyWei
		}
		if e > 0 && e%4 == 0 {
			ep.HalvingReason = "GFL threshold"
		}
		s.Epochs = append(s.Epochs, ep)
	}
	states := []string{"completed", "running", "failed", "queued"}
	for i := 0; i < 60; i++ {
		s.Jobs = append(s.Jobs, Job{
			ID:         fmt.Sprintf("job-%04d", i),
			Site:       s.Providers[i%2].Site,
			Researcher: "0x9999999999999999999999999999999999999999",
			State:      states[i%len(states)],
			CreatedAt:  richGenerated.Add(-time.Duration(60-i) * time.Minute),
			CostWei:    "125000000000000000",
			MaxCostWei: gfl(1),
			// 2 GPUs for 45 minutes: 1.5 GPU hours, worth 2.25 Compute Hours.
			ElapsedSeconds:    2700,
			GPUSeconds:        5400,
			ComputeHoursMilli: 2250,
		})
	}
	// The latest two are replicas of one job, one of them outvoted.
	s.Jobs[58].Replica, s.Jobs[59].Replica, s.Jobs[59].Dissent = "replica 1 of 2 · majority", "replica 2 of 2 · dissent", true
	return s
}
