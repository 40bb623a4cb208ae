// Package gatewayapi is the grid gateway's HTTP API on the wire for researchers, operators and
// providers: what GET /v1/info announces, submissions, jobs, providers, epochs and reward
// proofs. The gateway (package gateway) serves it and keeps jobs and sites in its store in
// these shapes; the gateway's Go client decodes it. It is a leaf (no store, no chain node, no
// cgo), so that a client needs nothing of the gateway to speak to it.
package gatewayapi

import (
	"errors"
	"regexp"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/site/siteapi"
)

// idempotencyKeyPattern is the form of idempotency key the gateway takes: the escrow that pays
// for the job is locked under it.
var idempotencyKeyPattern = regexp.MustCompile(`^[A-Za-z0-9._:-]{16,128}$`)

// Info is GET /v1/info: what a client needs before it signs (the audience), and where the
// contracts are. Its first fields are the site API's, so site clients read it unchanged.
type Info struct {
	Site     string    `json:"site"`
	Audience string    `json:"audience"`
	Version  string    `json:"version"`
	UserMode string    `json:"userMode"`
	Gateway  bool      `json:"gateway"`
	Chain    ChainInfo `json:"chain"`
	Epochs   struct {
		Genesis       time.Time `json:"genesis"`
		PeriodSeconds uint64    `json:"periodSeconds"`
	} `json:"epochs"`
	// CatalogSHA256 is the hardware catalog reports must be scored with.
	CatalogSHA256 string `json:"catalogSha256"`
	// Submissions says how clients sign their submissions for the sites (absent: the gateway
	// forwards no signatures).
	Submissions *SubmissionsInfo `json:"submissions,omitempty"`
}

// ChainInfo is the chain and the contracts.
type ChainInfo struct {
	Kind      string            `json:"kind"`
	ChainID   string            `json:"chainId"`
	Contracts ContractAddresses `json:"contracts"`
	// RPC is the path of the JSON-RPC relay on this gateway ("" when it has none).
	RPC string `json:"rpc,omitempty"`
}

// ContractAddresses are where the settlement contracts are deployed. The fields are those of
// contracts.Addresses, so the gateway and clients convert one into the other directly and the
// compiler keeps the two the same.
type ContractAddresses struct {
	GFL        common.Address `json:"gfl"`
	DPS        common.Address `json:"dps"`
	Registry   common.Address `json:"registry"`
	Settlement common.Address `json:"settlement"`
	Escrow     common.Address `json:"escrow"`
	Staking    common.Address `json:"staking"`
	// Governor is the admission governor; absent when the operator admits alone.
	Governor common.Address `json:"governor,omitempty"`
}

// SubmissionsInfo is what GET /v1/info says of signed submissions: a client that knows
// Format signs each submission, valid for at least TTLSeconds.
type SubmissionsInfo struct {
	Format     string `json:"format"`
	TTLSeconds int64  `json:"ttlSeconds"`
	// Protocol is the site protocol version the gateway speaks (protocol.Version).
	Protocol int `json:"protocol"`
}

// SubmitRequest is POST /v1/jobs at the gateway: the site API's submission plus the budget.
type SubmitRequest struct {
	Workflow string            `json:"workflow"`
	FileName string            `json:"fileName,omitempty"`
	Params   map[string]string `json:"params,omitempty"`
	// IdempotencyKey is required here: the escrow that pays for the job is locked under
	// contracts.EscrowJobID(IdempotencyKey) before the submission, and a retry finds both.
	IdempotencyKey string `json:"idempotencyKey"`
	// MaxCostWei is the most the job may cost, in DPS wei; the escrow must hold at least it.
	MaxCostWei string `json:"maxCostWei"`
	// Submission is the researcher's signature over this very submission (workflow, file
	// name, params, idempotency key, budget, this gateway), forwarded to the site, which runs
	// the job in the researcher's own account only with it. Optional: without it (an older
	// client) sites run the job as their pool account.
	Submission *reqsign.Submission `json:"submission,omitempty"`
}

// CheckIdempotencyKey says why the gateway would refuse a submission's idempotency key. A
// client checks it before it locks an escrow under the key: a key refused after the lock
// would leave the budget locked until the escrow can be reclaimed.
func CheckIdempotencyKey(key string) error {
	if !idempotencyKeyPattern.MatchString(key) {
		return errors.New("idempotencyKey: required at the gateway, 16-128 characters from A-Z a-z 0-9 . _ : - (the escrow is locked under it)")
	}
	return nil
}

// Job is a grid job as the gateway records it and its API shows it. State is the site's run
// state once the site has taken the job; before that, and for a job at a site that went
// silent, it is one of the gateway's own (queued, assigned, unknown).
type Job struct {
	ID             string            `json:"id"`
	Researcher     string            `json:"researcher"`
	IdempotencyKey string            `json:"idempotencyKey"`
	EscrowID       string            `json:"escrowId"`
	Workflow       string            `json:"workflow"`
	SourceName     string            `json:"sourceName"`
	Source         []byte            `json:"-"`
	Params         map[string]string `json:"params,omitempty"`
	MaxCostWei     string            `json:"maxCostWei"`
	Site           string            `json:"site,omitempty"`
	State          runstate.State    `json:"state"`
	Error          string            `json:"error,omitempty"`
	// Placement explains the latest placement decision.
	Placement string          `json:"placement,omitempty"`
	Steps     []siteapi.Step  `json:"steps,omitempty"`
	Usage     *protocol.Usage `json:"usage,omitempty"`
	CostWei   string          `json:"costWei,omitempty"`
	// PriceWei is the site's price per Compute Hour when the job was placed there.
	PriceWei        string     `json:"priceWei,omitempty"`
	EscrowState     string     `json:"escrowState"`
	CancelRequested bool       `json:"cancelRequested,omitempty"`
	Placements      int        `json:"placements"`
	CreatedAt       time.Time  `json:"createdAt"`
	UpdatedAt       time.Time  `json:"updatedAt"`
	AssignedAt      *time.Time `json:"assignedAt,omitempty"`
	EndedAt         *time.Time `json:"endedAt,omitempty"`
	// WorstCase is what placement costed the job at on its site (nil for a job never placed,
	// or placed before the gateway recorded it): no settlement goes above it.
	WorstCase *WorstCase `json:"worstCase,omitempty"`
	// Billing says how the cost came from the site's usage report, and what was cut.
	Billing *Billing `json:"billing,omitempty"`
	// Submission is the researcher's signed submission, forwarded to the site with the
	// assignment; nil when their client sent none (the site then runs the job as its pool
	// account). SignedSubmission says which, for the job's readers.
	Submission       *reqsign.Submission `json:"-"`
	SignedSubmission bool                `json:"signedSubmission,omitempty"`
	// Replica places a job of a replicated submission in its group (nil otherwise), and
	// OutputsSHA256 is the digest of the outputs its site reported when it succeeded.
	Replica       *Replica `json:"replica,omitempty"`
	OutputsSHA256 string   `json:"outputsSha256,omitempty"`
	// ReplicaGroup is the whole group's vote, in the view of one job (GET /v1/jobs/ID).
	ReplicaGroup *ReplicaGroup `json:"replicaGroup,omitempty"`
	// Auctions are the job's sealed-bid auctions, newest first (GET /v1/jobs/ID, a
	// workflow in auction mode; at most MaxAuctionsShown).
	Auctions []Auction `json:"auctions,omitempty"`
}

// MaxAuctionsShown bounds the auctions a job's view holds.
const MaxAuctionsShown = 10

// States of an auction.
const (
	AuctionOpen    = "open"
	AuctionDecided = "decided"
	// AuctionFailed: no bid qualified (the job waits for the next auction).
	AuctionFailed = "failed"
)

// Auction and AuctionBid are siteapi's: the CLI reads a gateway's job as a run, auctions
// included.
type (
	Auction    = siteapi.Auction
	AuctionBid = siteapi.AuctionBid
)

// WorstCase is a job's worst-case cost at the site it is placed on, as placement computed it
// for the budget check: the most any settlement of the job may charge.
type WorstCase struct {
	CostWei           string `json:"costWei"`
	ComputeHoursMilli uint64 `json:"computeHoursMilli"`
	// Steps bound what the site may bill for each step.
	Steps []StepWorstCase `json:"steps"`
}

// StepWorstCase is one step's worst case: its Compute Hours over the time it was costed for,
// and what it asked for at once (every node and array task together).
type StepWorstCase struct {
	Step              string `json:"step"`
	TimeSeconds       int64  `json:"timeSeconds"`
	ComputeHoursMilli uint64 `json:"computeHoursMilli"`
	GPUs              int64  `json:"gpus"`
	CPUs              int64  `json:"cpus"`
	ArrayTasks        int64  `json:"arrayTasks"`
}

// Billing is how a finished job's cost came from its site's usage report: what the site
// claimed, what was billed, and each bound the claim went past (empty when it was billed as
// claimed).
type Billing struct {
	ClaimedComputeHoursMilli int64    `json:"claimedComputeHoursMilli"`
	BilledComputeHoursMilli  uint64   `json:"billedComputeHoursMilli"`
	Caps                     []string `json:"caps,omitempty"`
}

// Site is a registered site as the gateway records it.
type Site struct {
	Name    string `json:"site"`
	Address string `json:"address"`
	Status  string `json:"status"`
	// StatusReason is what the operator said when approving or suspending.
	StatusReason string                `json:"statusReason,omitempty"`
	Registration protocol.Registration `json:"registration"`
	// Live is the inventory of the latest poll (live node counts).
	Live         protocol.Inventory `json:"live"`
	RegisteredAt time.Time          `json:"registeredAt"`
	UpdatedAt    time.Time          `json:"updatedAt"`
	LastSeen     time.Time          `json:"lastSeen"`
	// Protocol is the protocol version the site's polls say it speaks (0: before 4).
	Protocol int `json:"protocol,omitempty"`
	// Operator is who runs the site, as the approving operator named it ("" : none named,
	// and the site runs no replica): replicas of a job go to distinct operators.
	Operator string `json:"operator,omitempty"`
}

// ProviderView is a site as operators see it.
type ProviderView struct {
	Site
	Online   bool   `json:"online"`
	GFLWei   string `json:"gflWei"`
	Accepted int    `json:"acceptedReports"`
	// RegistrationDigest names the registration shown (protocol.Registration.Digest): an
	// approval must carry it, so that it admits what the operator reviewed.
	RegistrationDigest common.Hash `json:"registrationDigest"`
	// Admitted is the digest of the registration the chain's registry admitted (zero when
	// never admitted).
	Admitted common.Hash `json:"admittedRegistration"`
	// SharedDevices are the GPUs this site registers that an admitted (approved or
	// suspended) site registers too: its approval is refused while there are any.
	SharedDevices *SharedDevices `json:"sharedDevices,omitempty"`
	// Grades are the site's grades as the gateway holds them (Compute Hours paper §7.3:
	// performance A-D and reliability 1-4 from its latest accepted report, energy X-Z from
	// its GPUs' catalog figures; "?" where unknown), such as "B2X".
	Grades string `json:"grades"`
	// PricePerComputeHourWei is what a job placed now pays the site per Compute Hour: its
	// price at those grades ("" when its prices do not read); PriceBasis says how, for a site
	// that posts prices by grade.
	PricePerComputeHourWei string `json:"pricePerComputeHourWei"`
	PriceBasis             string `json:"priceBasis,omitempty"`
}

// SharedDevices summarises a site's GPUs that admitted sites register too.
type SharedDevices struct {
	Count int `json:"count"`
	// FirstUUID is one of them (the smallest), to look for.
	FirstUUID string `json:"firstUuid"`
	// Sites are the admitted sites that register them.
	Sites []string `json:"sites"`
}

// StatusRequest is the body of approve and suspend. An approval names the registration the
// operator reviewed (its digest, from the provider list): if the site registered anything
// else since, the approval is refused.
type StatusRequest struct {
	Reason       string `json:"reason,omitempty"`
	Registration string `json:"registration,omitempty"`
	// Operator names who runs the site (an approval only; a site name's form): replicas of
	// one job never go to two sites of one operator. Omitted, the site keeps the one it has
	// (none: it runs no replica).
	Operator string `json:"operator,omitempty"`
}

// FundRequest is POST /v1/fund: DPS and gas money from the treasury to an account.
type FundRequest struct {
	Account string `json:"account"`
	DPS     string `json:"dps,omitempty"`
	ETH     string `json:"eth,omitempty"`
}

// EpochSummary is an epoch as the API and the CLI show it.
type EpochSummary struct {
	Epoch    uint64     `json:"epoch"`
	Status   string     `json:"status"`
	ClosedAt *time.Time `json:"closedAt,omitempty"`
	// Medians are the accepted reports' medians by site.
	Medians map[string]uint64 `json:"mediansMegaFlops"`
	// Verification is what each site's challenges left verified of its report: the medians
	// above are the verified ones.
	Verification    map[string]Verification `json:"verification,omitempty"`
	MintedWei       string                  `json:"mintedWei"`
	BurnedWei       string                  `json:"burnedWei"`
	SupplyAfterWei  string                  `json:"supplyAfterWei"`
	ReplenishedWei  string                  `json:"replenishedWei"`
	RewardsTotalWei string                  `json:"rewardsTotalWei"`
	// Rewards are each provider's rewards of this epoch.
	Rewards   map[string]string `json:"rewardsWei"`
	RewardEra uint64            `json:"rewardEra"`
	// EraAfter is the era after the close and Halving whether the close advanced it (and
	// HalvingReason why: "time" or "threshold"): what the chain recorded once the epoch is
	// settled, the gateway's computation before.
	EraAfter      uint64 `json:"eraAfter"`
	Halving       bool   `json:"halving"`
	HalvingReason string `json:"halvingReason,omitempty"`
	Gas           string `json:"gas,omitempty"`
}

// RewardProof is what a provider needs to claim: its cumulative rewards in the newest root
// and the Merkle proof.
type RewardProof struct {
	Account       string          `json:"account"`
	Epoch         uint64          `json:"epoch"`
	Root          common.Hash     `json:"root"`
	CumulativeWei string          `json:"cumulativeWei"`
	ClaimedWei    string          `json:"claimedWei"`
	ClaimableWei  string          `json:"claimableWei"`
	Proof         []hexutil.Bytes `json:"proof"`
}

// ProposalView is an admission proposal (AdmissionGovernor) as GET /v1/proposals shows it:
// what is put to the vote, where the vote stands, and the candidate's record at the gateway.
type ProposalView struct {
	ID                uint64         `json:"id"`
	Provider          common.Address `json:"provider"`
	Proposer          common.Address `json:"proposer"`
	CapacityMegaFLOPS uint64         `json:"capacityMegaFlops"`
	GPUs              uint32         `json:"gpus"`
	// Registration is the digest of the registration voted on (ProviderView.RegistrationDigest).
	Registration common.Hash `json:"registrationDigest"`
	// State is active, defeated, succeeded (passed, not yet executed), executed, vetoed or
	// expired (passed, never executed).
	State string `json:"state"`
	// Snapshot is the GFL snapshot the votes weigh.
	Snapshot     uint32    `json:"snapshot"`
	VoteEnd      time.Time `json:"voteEnd"`
	ExecutableBy time.Time `json:"executableBy"`
	// The tallies and the For + Abstain the quorum needs, in GFL wei.
	ForWei     string `json:"forWei"`
	AgainstWei string `json:"againstWei"`
	AbstainWei string `json:"abstainWei"`
	QuorumWei  string `json:"quorumWei"`
	// Record is the candidate as this gateway knows it (absent: no site registers the key).
	Record *CandidateRecord `json:"record,omitempty"`
}

// CandidateRecord is what voters weigh besides the registration: a site's standing at the
// gateway, its stake and identity checks, and its challenges.
type CandidateRecord struct {
	Site   string `json:"site"`
	Status string `json:"status"`
	// CurrentRegistration is false when the site registered something else since the
	// proposal: a passed proposal then admits what was voted on, and the gateway keeps the
	// site pending until its registration matches again.
	CurrentRegistration bool `json:"currentRegistration"`
	// SharedDevices counts the GPUs it registers that an admitted site registered first.
	SharedDevices   int            `json:"sharedDevices"`
	StakeBondedWei  string         `json:"stakeBondedWei,omitempty"`
	AcceptedReports int            `json:"acceptedReports"`
	Challenges      ChallengeTally `json:"challenges"`
}

// VetoRequest is POST /v1/proposals/{id}/veto.
type VetoRequest struct {
	Reason string `json:"reason,omitempty"`
}
