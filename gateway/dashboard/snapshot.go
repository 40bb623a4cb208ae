// Package dashboard renders the grid gateway's operator dashboard: providers and their
// capacity, the summed median PFLOPS per epoch, GFL supply, DPS emission and claims, the
// halving era and jobs. The gateway fills a Snapshot from its store and the chain; this
// package only formats and renders it (HTML page, JSON, SVG chart), so it has no I/O of its own.
package dashboard

import "time"

// Snapshot is everything the dashboard shows at one instant. Token amounts are decimal wei
// strings (1 GFL = 1 DPS = 10^18 wei) because they overflow uint64 and must survive JSON
// without float rounding; computing power is in megaFLOPS. Times should be UTC.
type Snapshot struct {
	Gateway     string     `json:"gateway"`
	GeneratedAt time.Time  `json:"generatedAt"`
	Chain       ChainInfo  `json:"chain"`
	Economy     Economy    `json:"economy"`
	Providers   []Provider `json:"providers"`
	// Epochs may come in any order; the page sorts them.
	Epochs []Epoch `json:"epochs"`
	// Jobs may come in any order and any number; the page shows the latest 50.
	Jobs []Job `json:"jobs"`
	// JobCounts is the number of jobs per state over all jobs, not only those in Jobs.
	JobCounts map[string]int `json:"jobCounts"`
	// Proposals are the newest admission proposals (nil: the grid admits by its operator
	// alone, without a governor).
	Proposals []Proposal `json:"proposals,omitempty"`
}

// Proposal is an admission proposal put to the GFL holders' vote, with the candidate's
// record at the gateway.
type Proposal struct {
	ID       uint64 `json:"id"`
	Site     string `json:"site"` // "" when no site registers the key
	Provider string `json:"provider"`
	// State is active, defeated, succeeded, executed, vetoed or expired.
	State             string    `json:"state"`
	CapacityMegaFLOPS uint64    `json:"capacityMegaFlops"`
	GPUs              uint32    `json:"gpus"`
	VoteEnd           time.Time `json:"voteEnd"`
	ForWei            string    `json:"forWei"`
	AgainstWei        string    `json:"againstWei"`
	AbstainWei        string    `json:"abstainWei"`
	QuorumWei         string    `json:"quorumWei"`
	// The candidate's record: challenges passed of those decided, GPUs an admitted site
	// registered first, and its bonded stake ("" unknown).
	ChallengesPassed  int    `json:"challengesPassed"`
	ChallengesDecided int    `json:"challengesDecided"`
	SharedDevices     int    `json:"sharedDevices,omitempty"`
	StakeBondedWei    string `json:"stakeBondedWei,omitempty"`
}

// ChainInfo says which chain the gateway settles on and how far it has got.
type ChainInfo struct {
	Kind       string    `json:"kind"` // "embedded" or "json-rpc"
	ChainID    uint64    `json:"chainId"`
	Block      uint64    `json:"block"`
	BlockTime  time.Time `json:"blockTime"`
	Settlement string    `json:"settlement"` // settlement contract address
}

// Economy is the token state of the grid.
type Economy struct {
	Era             uint64    `json:"era"`
	NextEpoch       uint64    `json:"nextEpoch"`
	EpochSeconds    uint64    `json:"epochSeconds"`
	Genesis         time.Time `json:"genesis"`
	NextCloseAt     time.Time `json:"nextCloseAt"`
	GFLSupplyWei    string    `json:"gflSupplyWei"`
	DPSEmittedWei   string    `json:"dpsEmittedWei"`
	DPSClaimableWei string    `json:"dpsClaimableWei"`
	PoolWei         string    `json:"poolWei"` // DPS reward pool
	// SlashedWei is every provider's slashed stake so far (paid into the pool at the
	// closes); "" when the deployment has no Staking.
	SlashedWei          string `json:"slashedWei,omitempty"`
	EraCumulativeGFLWei string `json:"eraCumulativeGflWei"`
	EraThresholdGFLWei  string `json:"eraThresholdGflWei"`
}

// Provider is one registered site.
type Provider struct {
	Site              string    `json:"site"`
	Address           string    `json:"address"`
	Status            string    `json:"status"` // "approved", "pending" or "suspended"
	Online            bool      `json:"online"`
	LastSeen          time.Time `json:"lastSeen"`
	CapacityMegaFLOPS uint64    `json:"capacityMegaFlops"`
	GPUs              int       `json:"gpus"`
	Nodes             int       `json:"nodes"`
	// PricePerComputeHourWei is what a job placed now pays per Compute Hour, in DPS wei: the
	// site's price at its grades (PriceBasis says how, for a site with prices by grade).
	PricePerComputeHourWei string `json:"pricePerComputeHourWei"`
	PriceBasis             string `json:"priceBasis,omitempty"`
	LastMedianMegaFLOPS    uint64 `json:"lastMedianMegaFlops"`
	LastCoveragePPM        uint32 `json:"lastCoveragePpm"`
	// LastUptimePPM is the uptime the last report proved, which the reliability grade reads.
	LastUptimePPM   uint32  `json:"lastUptimePpm"`
	LastReportEpoch *uint64 `json:"lastReportEpoch"` // nil: no report accepted yet
	GFLWei          string  `json:"gflWei"`
	DPSClaimableWei string  `json:"dpsClaimableWei"`
	// StakeBondedWei and StakeSlashedWei are the provider's DPS bonded in Staking and
	// slashed from it; "" when unknown.
	StakeBondedWei  string `json:"stakeBondedWei,omitempty"`
	StakeSlashedWei string `json:"stakeSlashedWei,omitempty"`
	// SharedDevices counts the GPUs this site registers that another site registers too,
	// and SharesDevicesWith names those sites: hardware counted twice.
	SharedDevices     int      `json:"sharedDevices,omitempty"`
	SharesDevicesWith []string `json:"sharesDevicesWith,omitempty"`
	// Challenges are this epoch's compute challenges of the site (nil: none issued).
	Challenges       *ChallengeCounts `json:"challenges,omitempty"`
	PerformanceGrade string           `json:"performanceGrade"` // "A".."D", "" when unknown
	ReliabilityGrade int              `json:"reliabilityGrade"` // 1..4, 0 when unknown
	EnergyGrade      string           `json:"energyGrade"`      // "X".."Z", "" when unknown
}

// ChallengeCounts are a site's compute challenges in the epoch under way: issued, and
// decided as passed, failed (a wrong, late or foreign answer) or missed (no answer); and
// skipped, the drawn times at which the site claimed no node available.
type ChallengeCounts struct {
	Issued  int `json:"issued"`
	Passed  int `json:"passed"`
	Failed  int `json:"failed"`
	Missed  int `json:"missed"`
	Skipped int `json:"skipped,omitempty"`
}

// Epoch is one closed settlement epoch.
type Epoch struct {
	Epoch           uint64    `json:"epoch"`
	ClosedAt        time.Time `json:"closedAt"`
	MedianMegaFLOPS uint64    `json:"medianMegaFlops"` // sum of the providers' medians
	MintedWei       string    `json:"mintedWei"`
	BurnedWei       string    `json:"burnedWei"`
	RewardsWei      string    `json:"rewardsWei"`
	SupplyAfterWei  string    `json:"supplyAfterWei"`
	Era             uint64    `json:"era"`
	HalvingReason   string    `json:"halvingReason"` // empty unless the era advanced at this close
	Providers       int       `json:"providers"`
}

// Job is one researcher job as the gateway routes it.
type Job struct {
	ID         string    `json:"id"`
	Site       string    `json:"site"`
	Researcher string    `json:"researcher"`
	State      string    `json:"state"`
	CreatedAt  time.Time `json:"createdAt"`
	CostWei    string    `json:"costWei"`
	MaxCostWei string    `json:"maxCostWei"`
	// Replica places a replicated job in its group: "replica 2 of 3", with its vote once
	// the group is decided ("" for a job that is not replicated).
	Replica string `json:"replica,omitempty"`
	// Dissent: its replica was outvoted or withheld its digest (its provider is slashed).
	Dissent bool `json:"dissent,omitempty"`
	// The usage the site reported from its sacct records (zero until it has).
	ElapsedSeconds    int64 `json:"elapsedSeconds"`
	CPUSeconds        int64 `json:"cpuSeconds"`
	GPUSeconds        int64 `json:"gpuSeconds"`
	ComputeHoursMilli int64 `json:"computeHoursMilli"`
}
