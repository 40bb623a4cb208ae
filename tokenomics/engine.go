package tokenomics

import (
	"bytes"
	"fmt"
	"math"
	"math/big"
	"sort"
	"time"

	"github.com/ethereum/go-ethereum/common"
)

// PeriodSeconds is the whitepaper's rebalancing period: 15 calendar days. Its rate (20 % × R
// per period) and its cumulative GFL are per 15 days: an epoch of another length pays and
// counts in proportion to its length.
const PeriodSeconds = 15 * 24 * 3600

// Bounds shared with Settlement.sol: the longest epoch and era (they keep every product of
// the contract below 2^256).
const (
	MaxPeriodSeconds = 366 * 24 * 3600
	MaxEraSeconds    = 100 * MaxPeriodSeconds
	// MaxFactorBps bounds an environmental factor (× 2).
	MaxFactorBps = 20_000
)

// Params are the rules of the GFL/DPS economy. The contracts hold the same values; every
// computation here is integer arithmetic that multiplies before it divides and rounds down,
// exactly as the Solidity code does.
type Params struct {
	// GenesisUnix is when epoch 0 begins (Unix seconds, UTC) and PeriodSeconds an epoch's
	// length: the halving schedule is anchored to genesis, and rewards and the cumulative
	// count scale with the period against the whitepaper's 15 days.
	GenesisUnix   int64  `json:"genesis"`
	PeriodSeconds uint64 `json:"periodSeconds"`
	// RewardShareBps is the share of GFL held paid as reward per period before R and the
	// halving, in basis points: 2000 = 20 % (whitepaper §4).
	RewardShareBps uint64 `json:"rewardShareBps"`
	// R = RNumerator / RDenominator DPS per GFL: 1/100 (1 DPS = 100 GFL).
	RNumerator   uint64 `json:"rNumerator"`
	RDenominator uint64 `json:"rDenominator"`
	// EraSeconds anchors the halving schedule: era n begins at genesis + n × EraSeconds
	// (at least one period long)…
	EraSeconds uint64 `json:"eraSeconds"`
	// …or earlier, once the era's cumulative GFL (Σ supply × period / 15 days at each close,
	// net of replenishment) reaches EraThresholdGFL × 2^n; the count restarts at each
	// halving. Doubling the threshold as the rate halves keeps what one era can emit the
	// same (about 20 % × R × EraThresholdGFL), Bitcoin-like, so a growing grid halves about
	// as often as a year; with n capped at MaxEra the total emission is bounded.
	EraThresholdGFL *big.Int `json:"eraThresholdGfl"`
	// MaxEra bounds n: from era MaxEra on, rewards are 0 and the era stops advancing
	// (a shift by 64 or more is 0 anyway, and Solidity shifts do not check).
	MaxEra uint64 `json:"maxEra"`
	// EnvironmentalFactorBps multiplies a provider's target GFL (whitepaper §5.6.1), in basis
	// points (1..20000); providers without an entry get 10000 (× 1). Off unless an operator
	// sets it.
	EnvironmentalFactorBps map[common.Address]uint64 `json:"environmentalFactorBps,omitempty"`
	// KeepWithoutReport keeps the balance of a provider that sent no accepted report for the
	// epoch. Off by default: GFL stands for proven computing power, so no proof burns it.
	// The contracts do not offer it: it is a knob of the simulation only.
	KeepWithoutReport bool `json:"keepWithoutReport"`
}

// DefaultParams are the whitepaper's figures from genesis, with 15-day periods and a
// threshold of 2,500 GFL per era: a grid of 100 PFLOPS doubling in a year reaches it in about
// 9 months without replenishment and only at the year's end with 30 % of its capacity sold
// (see docs/tokenomics.md).
func DefaultParams(genesis time.Time) Params {
	return Params{
		GenesisUnix:     genesis.UTC().Unix(),
		PeriodSeconds:   PeriodSeconds,
		RewardShareBps:  2000,
		RNumerator:      1,
		RDenominator:    100,
		EraSeconds:      365 * 24 * 3600,
		EraThresholdGFL: MustAmount("2500"),
		MaxEra:          64,
	}
}

// Validate refuses parameters the contracts would refuse.
func (p Params) Validate() error {
	switch {
	case p.RewardShareBps == 0 || p.RewardShareBps > 10_000:
		return fmt.Errorf("rewardShareBps %d: must be in 1..10000", p.RewardShareBps)
	case p.RNumerator == 0 || p.RDenominator == 0:
		return fmt.Errorf("R = %d/%d: both must be > 0", p.RNumerator, p.RDenominator)
	case p.GenesisUnix < 0:
		return fmt.Errorf("genesis %d: before 1970", p.GenesisUnix)
	case p.PeriodSeconds == 0 || p.PeriodSeconds > MaxPeriodSeconds:
		return fmt.Errorf("periodSeconds %d: must be in 1..%d (366 days)", p.PeriodSeconds, MaxPeriodSeconds)
	case p.EraSeconds < p.PeriodSeconds || p.EraSeconds > MaxEraSeconds:
		// At most one era boundary falls inside an epoch: rewards are split at it exactly.
		return fmt.Errorf("eraSeconds %d: must be in periodSeconds (%d)..%d", p.EraSeconds, p.PeriodSeconds, MaxEraSeconds)
	case p.MaxEra == 0 || p.MaxEra > 64:
		return fmt.Errorf("maxEra %d: must be in 1..64", p.MaxEra)
	}
	if err := checkAmount("eraThresholdGfl", p.EraThresholdGFL); err != nil {
		return err
	}
	if p.EraThresholdGFL.Sign() == 0 {
		return fmt.Errorf("eraThresholdGfl must be > 0")
	}
	for a, bps := range p.EnvironmentalFactorBps {
		if bps == 0 || bps > MaxFactorBps {
			return fmt.Errorf("environmental factor of %s is %d bps: must be in 1..%d (× 2)", a.Hex(), bps, MaxFactorBps)
		}
	}
	return nil
}

// EpochBounds are epoch's start and end (Unix seconds).
func (p Params) EpochBounds(epoch uint64) (start, end int64) {
	start = p.GenesisUnix + int64(epoch*p.PeriodSeconds)
	return start, start + int64(p.PeriodSeconds)
}

// TimeEra is the era the calendar has reached at Unix time t: ⌊(t − genesis) / EraSeconds⌋,
// at most MaxEra (the era never goes below what threshold halvings reached: see CloseEpoch).
func (p Params) TimeEra(t int64) uint64 {
	if t <= p.GenesisUnix {
		return 0
	}
	return min(uint64(t-p.GenesisUnix)/p.EraSeconds, p.MaxEra)
}

// State is the economy between two epoch closes: what the settlement contract stores.
type State struct {
	// NextEpoch is the epoch the next close must carry (epochs are strictly sequential).
	NextEpoch uint64 `json:"nextEpoch"`
	Era       uint64 `json:"era"`
	// EraStart is when the current era began (Unix seconds, UTC): genesis + n × EraSeconds
	// for a halving by time, the end of the epoch whose close crossed the threshold for one
	// by threshold. It is for people: the schedule itself is anchored to genesis.
	EraStart int64 `json:"eraStart"`
	// EraCumulativeGFL counts toward the era's threshold.
	EraCumulativeGFL *big.Int `json:"eraCumulativeGfl"`
	// CumulativeGFL is Σ supply over all closes net of replenishment; CumulativeGFLGross
	// the same without replenishment (the two curves of whitepaper Figure 1).
	CumulativeGFL      *big.Int                    `json:"cumulativeGfl"`
	CumulativeGFLGross *big.Int                    `json:"cumulativeGflGross"`
	Balances           map[common.Address]*big.Int `json:"balances"`
	Supply             *big.Int                    `json:"supply"`
	// PoolDPS is what remains to pay rewards with.
	PoolDPS *big.Int `json:"poolDps"`
	// EmittedDPS is every reward committed so far; Rewards the same per provider (cumulative,
	// as the Merkle claims are).
	EmittedDPS *big.Int                    `json:"emittedDps"`
	Rewards    map[common.Address]*big.Int `json:"rewards"`
}

// NewState is the economy at genesis with a reward pool.
func NewState(genesis time.Time, poolDPS *big.Int) *State {
	return &State{
		EraStart:           genesis.UTC().Unix(),
		EraCumulativeGFL:   new(big.Int),
		CumulativeGFL:      new(big.Int),
		CumulativeGFLGross: new(big.Int),
		Balances:           map[common.Address]*big.Int{},
		Supply:             new(big.Int),
		PoolDPS:            clone(poolDPS),
		EmittedDPS:         new(big.Int),
		Rewards:            map[common.Address]*big.Int{},
	}
}

// Clone deep-copies a state.
func (s *State) Clone() *State {
	c := *s
	c.EraCumulativeGFL = clone(s.EraCumulativeGFL)
	c.CumulativeGFL = clone(s.CumulativeGFL)
	c.CumulativeGFLGross = clone(s.CumulativeGFLGross)
	c.Supply = clone(s.Supply)
	c.PoolDPS = clone(s.PoolDPS)
	c.EmittedDPS = clone(s.EmittedDPS)
	c.Balances = make(map[common.Address]*big.Int, len(s.Balances))
	for a, v := range s.Balances {
		c.Balances[a] = clone(v)
	}
	c.Rewards = make(map[common.Address]*big.Int, len(s.Rewards))
	for a, v := range s.Rewards {
		c.Rewards[a] = clone(v)
	}
	return &c
}

// EpochInput is what closes one epoch. When the close happens does not matter: the era
// clock reads the epoch's end, so a late settlement changes nothing.
type EpochInput struct {
	Epoch uint64
	// Medians are the accepted reports' median computing power per provider, in GFL wei.
	Medians map[common.Address]*big.Int
	// DPSSpent is the DPS researchers paid for jobs settled in the epoch (into the pool).
	DPSSpent *big.Int
}

// Delta is one provider's rebalance.
type Delta struct {
	Provider common.Address `json:"provider"`
	Before   *big.Int       `json:"before"`
	Target   *big.Int       `json:"target"`
	Mint     *big.Int       `json:"mint"`
	Burn     *big.Int       `json:"burn"`
	Reported bool           `json:"reported"`
}

// Reward is one provider's DPS reward for an epoch.
type Reward struct {
	Provider common.Address `json:"provider"`
	Amount   *big.Int       `json:"amount"`
	// Cumulative is every reward of this provider so far: the Merkle leaf.
	Cumulative *big.Int `json:"cumulative"`
}

// Halving reasons.
const (
	HalvingTime      = "time"
	HalvingThreshold = "threshold"
)

// EpochResult is everything one close did, for the contracts to replay and for people to read.
type EpochResult struct {
	Epoch        uint64   `json:"epoch"`
	Deltas       []Delta  `json:"deltas"`
	SupplyBefore *big.Int `json:"supplyBefore"`
	SupplyAfter  *big.Int `json:"supplyAfter"`
	Minted       *big.Int `json:"minted"`
	Burned       *big.Int `json:"burned"`
	// Replenished is the DPS returned to the pool; ReplenishedGFL its GFL equivalent taken
	// off the cumulative counts (DPS / R).
	Replenished    *big.Int `json:"replenished"`
	ReplenishedGFL *big.Int `json:"replenishedGfl"`
	// RewardEra is the era in force when the epoch began, whose rate paid its rewards. When
	// an era boundary (genesis + n × EraSeconds) falls inside the epoch, the time from
	// EraBoundary on is paid at the next era's rate.
	RewardEra    uint64   `json:"rewardEra"`
	EraBoundary  int64    `json:"eraBoundary,omitempty"`
	Rewards      []Reward `json:"rewards"`
	RewardsTotal *big.Int `json:"rewardsTotal"`
	// RewardsCapped says the pool could not pay the full rate and rewards were scaled down.
	RewardsCapped bool     `json:"rewardsCapped"`
	PoolAfter     *big.Int `json:"poolAfter"`
	EraAfter      uint64   `json:"eraAfter"`
	// HalvingReason is "", "time" or "threshold" (threshold wins when both hold).
	HalvingReason string `json:"halvingReason,omitempty"`
}

// CloseEpoch applies one epoch to a copy of s and returns it with what happened. The order
// is the contract's: replenish the pool, rebalance GFL to the medians, count the new supply
// toward the era, pay rewards at the era in force when the epoch began, then advance the era.
func CloseEpoch(p Params, s *State, in EpochInput) (*State, EpochResult, error) {
	if err := p.Validate(); err != nil {
		return nil, EpochResult{}, fmt.Errorf("tokenomics parameters: %w", err)
	}
	if in.Epoch != s.NextEpoch {
		return nil, EpochResult{}, fmt.Errorf("epoch %d: the next epoch to close is %d", in.Epoch, s.NextEpoch)
	}
	if in.Epoch > maxEpoch(p) {
		return nil, EpochResult{}, fmt.Errorf("epoch %d: beyond the calendar's range", in.Epoch)
	}
	spent := in.DPSSpent
	if spent == nil {
		spent = new(big.Int)
	}
	if err := checkAmount("DPS spent", spent); err != nil {
		return nil, EpochResult{}, err
	}
	for a, m := range in.Medians {
		if err := checkAmount("median of "+a.Hex(), m); err != nil {
			return nil, EpochResult{}, err
		}
	}
	n := s.Clone()
	res := EpochResult{Epoch: in.Epoch, SupplyBefore: clone(s.Supply), Minted: new(big.Int), Burned: new(big.Int), Replenished: clone(spent)}

	// 1. Replenish: spent DPS returns to the pool, and its GFL equivalent (DPS / R, i.e.
	// × 100) comes off the cumulative counts, which delays a threshold halving.
	n.PoolDPS.Add(n.PoolDPS, spent)
	res.ReplenishedGFL = new(big.Int).Mul(spent, new(big.Int).SetUint64(p.RDenominator))
	res.ReplenishedGFL.Quo(res.ReplenishedGFL, new(big.Int).SetUint64(p.RNumerator))
	subFloor(n.EraCumulativeGFL, res.ReplenishedGFL)
	subFloor(n.CumulativeGFL, res.ReplenishedGFL)

	// 2. Rebalance each provider to its target.
	providers := map[common.Address]bool{}
	for a := range n.Balances {
		providers[a] = true
	}
	for a := range in.Medians {
		providers[a] = true
	}
	for _, a := range sortedAddresses(providers) {
		before := clone(n.Balances[a])
		median, reported := in.Medians[a]
		var target *big.Int
		switch {
		case reported:
			bps := uint64(10_000)
			if f, ok := p.EnvironmentalFactorBps[a]; ok {
				bps = f
			}
			target = new(big.Int).Mul(median, new(big.Int).SetUint64(bps))
			target.Quo(target, big.NewInt(10_000))
		case p.KeepWithoutReport:
			target = clone(before)
		default:
			target = new(big.Int)
		}
		d := Delta{Provider: a, Before: before, Target: clone(target), Mint: new(big.Int), Burn: new(big.Int), Reported: reported}
		if c := target.Cmp(before); c > 0 {
			d.Mint.Sub(target, before)
			res.Minted.Add(res.Minted, d.Mint)
		} else if c < 0 {
			d.Burn.Sub(before, target)
			res.Burned.Add(res.Burned, d.Burn)
		}
		n.Supply.Add(n.Supply, d.Mint)
		n.Supply.Sub(n.Supply, d.Burn)
		if target.Sign() == 0 {
			delete(n.Balances, a)
		} else {
			n.Balances[a] = target
		}
		if d.Mint.Sign() != 0 || d.Burn.Sign() != 0 || reported {
			res.Deltas = append(res.Deltas, d)
		}
	}
	if err := checkAmount("GFL supply", n.Supply); err != nil {
		return nil, EpochResult{}, err
	}
	res.SupplyAfter = clone(n.Supply)

	// 3. Count the supply toward the era and the cumulative curves, in 15-day units: an
	// epoch of another length counts in proportion, so shorter epochs do not bring the
	// threshold halving sooner.
	counted := new(big.Int).Mul(n.Supply, new(big.Int).SetUint64(p.PeriodSeconds))
	counted.Quo(counted, big.NewInt(PeriodSeconds))
	n.EraCumulativeGFL.Add(n.EraCumulativeGFL, counted)
	n.CumulativeGFL.Add(n.CumulativeGFL, counted)
	n.CumulativeGFLGross.Add(n.CumulativeGFLGross, counted)

	// 4. Rewards per unit of time at the era in force when the epoch began:
	// balance × share × R × seconds / 15 days / 2^n, one multiply then one divide, rounded
	// down; the part after an era boundary inside the epoch at the next era's rate; scaled
	// down pro rata if the pool cannot pay them.
	start, _ := p.EpochBounds(in.Epoch)
	n.Era = max(n.Era, p.TimeEra(start)) // a no-op for a state every close kept up
	res.RewardEra = n.Era
	res.RewardsTotal = new(big.Int)
	rate := rewardRate(p, in.Epoch, n.Era)
	res.EraBoundary = rate.boundary
	if rate.num.Sign() > 0 {
		num, den := rate.num, rate.den
		owed := map[common.Address]*big.Int{}
		total := new(big.Int)
		addrs := sortedBalances(n.Balances)
		for _, a := range addrs {
			r := new(big.Int).Mul(n.Balances[a], num)
			r.Quo(r, den)
			owed[a] = r
			total.Add(total, r)
		}
		if total.Cmp(n.PoolDPS) > 0 {
			res.RewardsCapped = true
			pool := clone(n.PoolDPS)
			for _, a := range addrs {
				owed[a].Mul(owed[a], pool)
				owed[a].Quo(owed[a], total)
			}
		}
		for _, a := range addrs {
			r := owed[a]
			if r.Sign() == 0 {
				continue
			}
			cum := clone(n.Rewards[a])
			cum.Add(cum, r)
			n.Rewards[a] = cum
			res.Rewards = append(res.Rewards, Reward{Provider: a, Amount: r, Cumulative: clone(cum)})
			res.RewardsTotal.Add(res.RewardsTotal, r)
		}
		// Σ of rounded-down shares ≤ pool; the dust stays in the pool.
		n.PoolDPS.Sub(n.PoolDPS, res.RewardsTotal)
		n.EmittedDPS.Add(n.EmittedDPS, res.RewardsTotal)
	}
	res.PoolAfter = clone(n.PoolDPS)

	// 5. Halving, anchored to genesis: the era the calendar reached by the epoch's end (era
	// n begins at genesis + n × EraSeconds, however late the close), or one step more once
	// the era's cumulative GFL reaches its threshold (doubling per era). Never back.
	if n.Era < p.MaxEra {
		_, end := p.EpochBounds(in.Epoch)
		threshold := new(big.Int).Lsh(p.EraThresholdGFL, uint(n.Era))
		if byTime := p.TimeEra(end); byTime > n.Era {
			res.HalvingReason = HalvingTime
			n.Era = byTime
			n.EraStart = p.GenesisUnix + int64(byTime*p.EraSeconds)
			n.EraCumulativeGFL = new(big.Int)
		} else if n.EraCumulativeGFL.Cmp(threshold) >= 0 {
			res.HalvingReason = HalvingThreshold
			n.Era++
			n.EraStart = end
			n.EraCumulativeGFL = new(big.Int)
		}
	}
	res.EraAfter = n.Era
	n.NextEpoch++
	return n, res, nil
}

// rate is the reward per GFL wei of an epoch: num / den (0 / 1 when nothing is paid).
type rate struct {
	num, den *big.Int
	// boundary is the era boundary inside the epoch (Unix seconds), 0 when none.
	boundary int64
}

// rewardRate is share × R × seconds / 15 days / 2^era for the epoch, with the seconds after
// an era boundary inside it at half the rate: (2 × before + after) / 2^(era+1). EraSeconds ≥
// PeriodSeconds, and every close catches the era up with the calendar, so at most one
// boundary falls inside an epoch, right after the era in force at its start (era ≥ the
// calendar's era at the epoch's start).
func rewardRate(p Params, epoch, era uint64) rate {
	if era >= p.MaxEra {
		return rate{num: new(big.Int), den: big.NewInt(1)}
	}
	start, end := p.EpochBounds(epoch)
	share := new(big.Int).SetUint64(p.RewardShareBps * p.RNumerator)
	base := new(big.Int).SetUint64(10_000 * p.RDenominator * PeriodSeconds)
	if p.TimeEra(end) <= era {
		num := new(big.Int).Mul(share, new(big.Int).SetUint64(p.PeriodSeconds))
		return rate{num: num, den: base.Lsh(base, uint(era))}
	}
	boundary := p.GenesisUnix + int64((era+1)*p.EraSeconds)
	weight := new(big.Int).SetInt64(2 * (boundary - start))
	if era+1 < p.MaxEra {
		weight.Add(weight, big.NewInt(end-boundary))
	}
	return rate{num: weight.Mul(weight, share), den: base.Lsh(base, uint(era+1)), boundary: boundary}
}

// maxEpoch is the last epoch whose end fits the calendar (int64 Unix seconds).
func maxEpoch(p Params) uint64 {
	return uint64(math.MaxInt64-p.GenesisUnix)/p.PeriodSeconds - 1
}

// subFloor sets a = max(a - b, 0).
func subFloor(a, b *big.Int) {
	a.Sub(a, b)
	if a.Sign() < 0 {
		a.SetInt64(0)
	}
}

func sortedAddresses(set map[common.Address]bool) []common.Address {
	out := make([]common.Address, 0, len(set))
	for a := range set {
		out = append(out, a)
	}
	sort.Slice(out, func(i, j int) bool { return bytes.Compare(out[i][:], out[j][:]) < 0 })
	return out
}

func sortedBalances(m map[common.Address]*big.Int) []common.Address {
	set := make(map[common.Address]bool, len(m))
	for a := range m {
		set[a] = true
	}
	return sortedAddresses(set)
}

// SumBalances is Σ balances (the conservation check: it must equal Supply).
func (s *State) SumBalances() *big.Int {
	sum := new(big.Int)
	for _, v := range s.Balances {
		sum.Add(sum, v)
	}
	return sum
}
