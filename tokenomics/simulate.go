package tokenomics

import (
	"fmt"
	"math"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"
)

// Simulation describes a grid to run period after period through CloseEpoch.
type Simulation struct {
	Years   int
	Genesis time.Time
	// InitialGFL is the grid's computing power at genesis (GFL = PFLOPS).
	InitialGFL *big.Int
	// GrowthPerYearPPM is the yearly growth of computing power in parts per million
	// (1,000,000 = doubling each year), compounded continuously over periods.
	GrowthPerYearPPM uint64
	// UsagePPM is the share of the grid's capacity researchers buy each period.
	UsagePPM uint64
	// PriceDPSPerGFLPeriod is what one GFL (1 PFLOPS) for one period costs, in DPS wei:
	// by default R, the whitepaper's 1 DPS for 100 GFL.
	PriceDPSPerGFLPeriod *big.Int
	Providers            int
	PoolDPS              *big.Int
	Params               Params
}

// DefaultSimulation is the grid of whitepaper Figure 1: 100 PFLOPS doubling yearly, 30 % of
// it sold, ten providers, a reward pool of 1,000 DPS.
func DefaultSimulation() Simulation {
	genesis := time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC)
	return Simulation{
		Years:                10,
		Genesis:              genesis,
		InitialGFL:           MustAmount("100"),
		GrowthPerYearPPM:     1_000_000,
		UsagePPM:             300_000,
		PriceDPSPerGFLPeriod: MustAmount("0.01"),
		Providers:            10,
		PoolDPS:              MustAmount("1000"),
		Params:               DefaultParams(genesis),
	}
}

// SimulationRow is the economy after one period.
type SimulationRow struct {
	Period             uint64    `json:"period"`
	CloseTime          time.Time `json:"closeTime"`
	Years              float64   `json:"years"`
	SupplyGFL          *big.Int  `json:"supplyGfl"`
	CumulativeGFL      *big.Int  `json:"cumulativeGfl"`
	CumulativeGFLGross *big.Int  `json:"cumulativeGflGross"`
	RewardsDPS         *big.Int  `json:"rewardsDps"`
	EmittedDPS         *big.Int  `json:"emittedDps"`
	SpentDPS           *big.Int  `json:"spentDps"`
	PoolDPS            *big.Int  `json:"poolDps"`
	RewardEra          uint64    `json:"rewardEra"`
	Era                uint64    `json:"era"`
	Halving            string    `json:"halving,omitempty"`
}

// Validate refuses a simulation that cannot run.
func (sim Simulation) Validate() error {
	switch {
	case sim.Years <= 0 || sim.Years > 100:
		return fmt.Errorf("years %d: must be in 1..100", sim.Years)
	case sim.Providers <= 0 || sim.Providers > 10_000:
		return fmt.Errorf("providers %d: must be in 1..10000", sim.Providers)
	case sim.UsagePPM > 1_000_000:
		return fmt.Errorf("usage %d ppm: at most the whole capacity (1,000,000)", sim.UsagePPM)
	case sim.GrowthPerYearPPM > 100_000_000:
		return fmt.Errorf("growth %d ppm per year: at most 100x", sim.GrowthPerYearPPM)
	case sim.Params.GenesisUnix != sim.Genesis.UTC().Unix():
		return fmt.Errorf("the parameters' genesis (%d) is not the simulation's (%s)", sim.Params.GenesisUnix, sim.Genesis.UTC().Format(time.RFC3339))
	}
	for what, v := range map[string]*big.Int{"initial GFL": sim.InitialGFL, "price": sim.PriceDPSPerGFLPeriod, "pool": sim.PoolDPS} {
		if err := checkAmount(what, v); err != nil {
			return err
		}
	}
	return sim.Params.Validate()
}

// Run simulates every period until the given years have passed (the last period ends at or
// after genesis + years, so that it closes the last year's halving). The grid's power is
// initial × (1 + growth)^(t / 1 year) at each close, split evenly among providers (the first
// takes the remainder); researchers spend usage × supply × price DPS each period.
func (sim Simulation) Run() ([]SimulationRow, error) {
	if err := sim.Validate(); err != nil {
		return nil, err
	}
	period := sim.Params.PeriodSeconds
	periods := (uint64(sim.Years)*365*24*3600 + period - 1) / period
	providers := make([]common.Address, sim.Providers)
	for i := range providers {
		providers[i] = common.BigToAddress(big.NewInt(int64(0x1000 + i)))
	}
	state := NewState(sim.Genesis, sim.PoolDPS)
	rows := make([]SimulationRow, 0, periods)
	growth := 1 + float64(sim.GrowthPerYearPPM)/1e6
	year := float64(365 * 24 * 3600)
	for k := uint64(0); k < periods; k++ {
		closeTime := sim.Genesis.Add(time.Duration(k+1) * time.Duration(period) * time.Second)
		elapsed := float64((k + 1) * period)
		// float64() conversions stop the compiler fusing operations differently per
		// architecture: the golden tables must match everywhere.
		factor := float64(math.Pow(growth, float64(elapsed/year)))
		total := scaleWei(sim.InitialGFL, factor)
		medians := make(map[common.Address]*big.Int, len(providers))
		share := new(big.Int).Quo(total, big.NewInt(int64(len(providers))))
		rest := new(big.Int).Sub(total, new(big.Int).Mul(share, big.NewInt(int64(len(providers)))))
		for i, a := range providers {
			m := clone(share)
			if i == 0 {
				m.Add(m, rest)
			}
			medians[a] = m
		}
		// Spent DPS is bought with last period's supply (the capacity researchers could use).
		spent := new(big.Int).Mul(state.Supply, new(big.Int).SetUint64(sim.UsagePPM))
		spent.Mul(spent, sim.PriceDPSPerGFLPeriod)
		spent.Quo(spent, new(big.Int).Mul(big.NewInt(1_000_000), weiPerToken))
		next, res, err := CloseEpoch(sim.Params, state, EpochInput{Epoch: k, Medians: medians, DPSSpent: spent})
		if err != nil {
			return nil, fmt.Errorf("period %d: %w", k, err)
		}
		state = next
		rows = append(rows, SimulationRow{
			Period:             k,
			CloseTime:          closeTime,
			Years:              elapsed / year,
			SupplyGFL:          clone(state.Supply),
			CumulativeGFL:      clone(state.CumulativeGFL),
			CumulativeGFLGross: clone(state.CumulativeGFLGross),
			RewardsDPS:         res.RewardsTotal,
			EmittedDPS:         clone(state.EmittedDPS),
			SpentDPS:           spent,
			PoolDPS:            clone(state.PoolDPS),
			RewardEra:          res.RewardEra,
			Era:                state.Era,
			Halving:            res.HalvingReason,
		})
	}
	return rows, nil
}

// scaleWei returns floor(v × f) for a simulation input; f ≥ 0.
func scaleWei(v *big.Int, f float64) *big.Int {
	bf := new(big.Float).SetPrec(256).SetInt(v)
	bf.Mul(bf, new(big.Float).SetPrec(256).SetFloat64(f))
	out, _ := bf.Int(nil)
	return out
}

// AmountFloat is an amount for charts and tables only.
func AmountFloat(wei *big.Int) float64 {
	f, _ := new(big.Rat).SetFrac(wei, weiPerToken).Float64()
	return f
}
