// Package gateway is the grid gateway: it admits sites (providers), takes researchers' signed
// submissions with a DPS budget locked in escrow, places each workflow on a site, relays
// states and logs from the sites that connect out to it, verifies their PoCP reports, and
// settles each epoch on chain (GFL rebalanced to the medians, DPS rewards committed as a
// Merkle root, escrows settled from the sites' sacct usage). Its state is one SQLite file;
// the economy itself lives on the chain and is re-read from there.
package gateway

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"net"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/internal/httpguard"
	"github.com/petagrid/petagrid/plugins"
	"github.com/petagrid/petagrid/pocp/challenge"
	"github.com/petagrid/petagrid/tokenomics"
)

// Chain modes.
const (
	ChainEmbedded = "embedded"
	ChainJSONRPC  = "json-rpc"
)

// Config is the `gateway:` section of the configuration file. Every field is documented in
// docs/operator-guide.md; zero values take the defaults below.
type Config struct {
	// Name is the gateway's name: the audience every request to it is signed for.
	Name string `yaml:"name"`
	// Listen is the HTTP(S) address of the API and the dashboard.
	Listen string    `yaml:"listen"`
	TLS    TLSConfig `yaml:"tls"`
	// State is the SQLite file.
	State string `yaml:"state"`
	// Key is the gateway's key file (petagrid keys new): it deploys the contracts on an
	// embedded chain, holds the gateway role (settlement, escrows) and is the treasury.
	Key string `yaml:"key"`
	// Operators are the addresses allowed to approve and suspend sites, close epochs and fund
	// accounts.
	Operators []string        `yaml:"operators"`
	Chain     ChainConfig     `yaml:"chain"`
	Economy   EconomyConfig   `yaml:"economy"`
	Epochs    EpochsConfig    `yaml:"epochs"`
	Sites     SitesConfig     `yaml:"sites"`
	Placement PlacementConfig `yaml:"placement"`
	PoCP      PoCPConfig      `yaml:"pocp"`
	// Challenges are the unannounced compute checks of the sites' claimed power.
	Challenges ChallengesConfig `yaml:"challenges"`
	API        APIConfig        `yaml:"api"`
	Metrics    MetricsConfig    `yaml:"metrics"`
	// Plugins are the plugin executables the gateway may load (placement policies).
	Plugins plugins.Config `yaml:"plugins"`
}

// TLSConfig serves the API over TLS when both files are set.
type TLSConfig struct {
	Cert string `yaml:"cert"`
	Key  string `yaml:"key"`
}

// ChainConfig says where the contracts live.
type ChainConfig struct {
	// Mode is "embedded" (default: an in-process single-node chain kept under Dir) or
	// "json-rpc" (any EVM node at URL).
	Mode string `yaml:"mode"`
	// Dir holds the embedded chain's database (default: chain/ beside the state file).
	Dir string `yaml:"dir"`
	URL string `yaml:"url"`
	// Confirmations a transaction needs on a json-rpc chain (default 0).
	Confirmations uint64 `yaml:"confirmations"`
}

// EconomyConfig are the contracts' constants, used when the gateway deploys them.
type EconomyConfig struct {
	// DPSSupply is the fixed DPS supply in DPS (default 1,000,000,000), minted to the key.
	DPSSupply string `yaml:"dpsSupply"`
	// RewardPool is the DPS the key puts into the reward pool at deployment (default
	// 100,000,000).
	RewardPool string `yaml:"rewardPool"`
	// EraLength and EraThresholdGFL drive the halving (defaults: 365 days and 2,500 GFL).
	EraLength       time.Duration `yaml:"eraLength"`
	EraThresholdGFL string        `yaml:"eraThresholdGfl"`
	// ReclaimAfter: an escrow the gateway never settled goes back to its researcher after
	// this long (default 720h).
	ReclaimAfter time.Duration `yaml:"reclaimAfter"`
	// FundETH is the gas money (ETH) sent with `petagrid gateway fund` and to each newly
	// approved site on an embedded chain (default 1).
	FundETH string `yaml:"fundEth"`
	// EnvironmentalFactors multiply sites' GFL (whitepaper §5.6.1). Enabled is fixed at
	// deployment (off by default); the factors themselves may change between epochs.
	EnvironmentalFactors EnvironmentalFactorsConfig `yaml:"environmentalFactors"`
	// Staking is the providers' stake and what fraud costs them; fixed at deployment.
	Staking StakingConfig `yaml:"staking"`
	// Governance is admission by vote of the GFL holders; fixed at deployment.
	Governance GovernanceConfig `yaml:"governance"`
}

// GovernanceConfig is the admission governor's parameters (whitepaper §3.4.2–3.4.3): the
// operator proposes sites, GFL holders vote, and after the transition only a vote admits.
type GovernanceConfig struct {
	// Enabled deploys the admission governor (default false: the operator admits alone).
	Enabled bool `yaml:"enabled"`
	// VotingPeriod is how long a proposal is open to votes; a passed one may be executed for
	// as long again (default 72h; 1m..2160h).
	VotingPeriod time.Duration `yaml:"votingPeriod"`
	// Quorum is the share of the GFL supply at the proposal's snapshot that For + Abstain
	// must reach (default 0.2; 0.0001..1).
	Quorum float64 `yaml:"quorum"`
	// Threshold is the share of For + Against that For must exceed (default 0.5, a simple
	// majority; 0.5..0.9999).
	Threshold float64 `yaml:"threshold"`
	// TransitionEnds (RFC 3339) ends the operator's initial, central selection: until then it
	// still approves sites alone and may veto any proposal not yet executed; after it only
	// votes admit or raise a capacity. Required when enabled: the grid's operator decides
	// when it gives the power up.
	TransitionEnds string `yaml:"transitionEnds"`
}

// StakingConfig is the Staking contract's parameters.
type StakingConfig struct {
	// PerPetaFLOPS is the DPS a provider keeps bonded per PFLOPS of the capacity it is
	// approved with; an approval waits until the stake is there (default 0: none needed).
	PerPetaFLOPS string `yaml:"perPetaFlops"`
	// Unbonding is how long unbonding DPS stays slashable before it can be withdrawn
	// (default 720h; at least one epoch).
	Unbonding time.Duration `yaml:"unbonding"`
	// SlashFractions are the fractions of a provider's whole stake slashed per reason, each
	// in 0.0001..1 (defaults 0.1, 0.5 and 0.1).
	SlashFractions SlashFractionsConfig `yaml:"slashFractions"`
}

// ChallengesConfig is how the gateway checks that sites have the power they report: at
// random times in each epoch, unknown to the site, one node of a grid partition computes a
// seeded matrix challenge by a deadline sized from the node's claimed power.
type ChallengesConfig struct {
	// Enabled issues challenges to every approved site (default false: the site daemons of
	// the grid must run `petagrid challenge run` jobs, see the operator guide).
	Enabled bool `yaml:"enabled"`
	// PerEpoch is how many challenges each approved site receives per epoch (default 4).
	PerEpoch int `yaml:"perEpoch"`
	// FractionOfPeak is the share of a node's claimed CPU power (its index) the deadline
	// asks for (default 0.02: the CPU kernel's integer arithmetic, without SIMD, runs at
	// about 7 % of an EPYC 7763 core's index, 11-13 Gop/s against 164 GFLOPS; 0.02 leaves
	// a loaded or older core a margin of about 3.5; see docs/threat-model.md).
	FractionOfPeak float64 `yaml:"fractionOfPeak"`
	// GPUFractionOfPeak is the share of a GPU node's claimed GPU rate (its GPUs' FP16 tensor
	// rate in the catalog) the deadline asks for, where the site's challenge jobs run the
	// GPU kernel (default 0.25: cuBLAS's int8 GEMM runs near or above the FP16 tensor rate
	// on Turing and later GPUs, and at about 0.4 of it on Volta, which has no int8 tensor
	// cores; the leaves' hashing adds a few percent. Not yet measured on a GPU: see
	// docs/threat-model.md).
	GPUFractionOfPeak float64 `yaml:"gpuFractionOfPeak"`
	// Allowance is the deadline's time beyond the computation: the job's queueing and
	// start, the commitment and the answer's upload (default 2m).
	Allowance time.Duration `yaml:"allowance"`
	// Openings is how many result chunks an answer opens (default 64: a site that computed
	// half the chunks passes with probability 2^-64).
	Openings int `yaml:"openings"`
	// MinOrder is the smallest matrix order issued (default 4096, below which verifying
	// costs more than 1 % of the work; tests lower it).
	MinOrder int `yaml:"minOrder"`
	// CapacityBudget is the most of a site's capacity its challenges may hold over an epoch
	// (default 0.02); a challenge that would hold more is not issued.
	CapacityBudget float64 `yaml:"capacityBudget"`
	// RequireGPUs fails an answer that names fewer GPUs than the node's shape claims
	// (default true). Only test grids whose GPUs are doubles turn it off.
	RequireGPUs *bool `yaml:"requireGpus"`
	// NodeShare is the share of the nodes a site's last poll claims idle, of the shape
	// drawn, that one challenge holds at once (default 0.75, rounded up): a site whose
	// Slurm output claims more than 1/NodeShare times the idle nodes it has cannot start
	// the challenge's job, and a dishonest daemon must show that many nodes' throughput in
	// the window. 1 asks for every idle node claimed (the strictest, and the likeliest to
	// meet a node taken by a local job meanwhile).
	NodeShare float64 `yaml:"nodeShare"`
	// MaxNodes caps the nodes of one challenge (default and most: 64; 1 challenges one
	// node at a time). The capacity budget may hold fewer. Sites older than protocol 5
	// are challenged one node at a time.
	MaxNodes int `yaml:"maxNodes"`
}

// SlashFractionsConfig are the fractions slashed per reason.
type SlashFractionsConfig struct {
	FailedChallenge   float64 `yaml:"failedChallenge"`
	DuplicateIdentity float64 `yaml:"duplicateIdentity"`
	LostReplicaVote   float64 `yaml:"lostReplicaVote"`
}

// EnvironmentalFactorsConfig are the sites' environmental factors.
type EnvironmentalFactorsConfig struct {
	// Enabled deploys the contracts with environmental factors allowed. It cannot change
	// after deployment.
	Enabled bool `yaml:"enabled"`
	// Sites maps a site name to its factor, a decimal multiplier with at most 4 decimals
	// in 0.0001..2 ("1.1" = 10 % more GFL for the same median); a site not named gets 1.
	Sites map[string]string `yaml:"sites"`
}

// EpochsConfig is the PoCP calendar; it must be the sites' (their pocp.genesis and
// pocp.period).
type EpochsConfig struct {
	Genesis string        `yaml:"genesis"`
	Period  time.Duration `yaml:"period"`
	// AutoClose closes each epoch once it ended and Grace passed (default true; false leaves
	// it to `petagrid gateway epoch close`).
	AutoClose *bool         `yaml:"autoClose"`
	Grace     time.Duration `yaml:"grace"`
	// Batch is how many providers one rebalance transaction carries (1..200, default 200).
	Batch int `yaml:"batch"`
}

// SitesConfig paces the site connections.
type SitesConfig struct {
	// OfflineAfter: a site that has not polled for this long is silent: its unsubmitted work
	// is placed elsewhere and its running jobs become unknown (default 90s).
	OfflineAfter time.Duration `yaml:"offlineAfter"`
	// FundApproved sends FundETH to each site approved on an embedded chain, so that it can
	// pay the gas of its claims (default true).
	FundApproved *bool `yaml:"fundApproved"`
}

// PlacementConfig tunes placement.
type PlacementConfig struct {
	// Policy names a placement plugin of plugins.plugins that ranks the feasible sites;
	// empty: the built-in policy. When the plugin fails, the built-in policy ranks instead.
	Policy string `yaml:"policy"`
	// DefaultTime is the wall time assumed for a step that sets none, when its partition has
	// no limit either (default 1h): it bounds the worst-case cost checked against the budget.
	DefaultTime time.Duration `yaml:"defaultTime"`
	// MaxQueueTime: a job no site could take for this long ends (submit_failed) and is
	// refunded (default 24h).
	MaxQueueTime time.Duration `yaml:"maxQueueTime"`
	// MaxPlacements: a job refused or orphaned by this many sites ends (default 5).
	MaxPlacements int `yaml:"maxPlacements"`
}

// PoCPConfig are the report acceptance rules (pocp.Policy).
type PoCPConfig struct {
	// MinCoverage refuses reports that observed less of the period (default 0.9).
	MinCoverage float64 `yaml:"minCoverage"`
	// CapacityTolerance: how far above its registered capacity a site may report (0.05).
	CapacityTolerance float64 `yaml:"capacityTolerance"`
	// AccountingTolerance: how far a report's jobs and GPU-hours may differ from the usage
	// the site reported to the gateway (0.05).
	AccountingTolerance float64 `yaml:"accountingTolerance"`
	// Catalog is the hardware catalog the gateway scores with (default: the built-in one);
	// reports must name the same one.
	Catalog string `yaml:"catalog"`
}

// APIConfig bounds the API.
type APIConfig struct {
	MaxBodyBytes    int64         `yaml:"maxBodyBytes"`
	SignatureMaxTTL time.Duration `yaml:"signatureMaxTtl"`
	// BodyTimeout is how long a client has to deliver a request body once its headers
	// arrived (default 1m); a stalled body is cut off then.
	BodyTimeout time.Duration `yaml:"bodyTimeout"`
	// MaxConnections caps the connections served at once (default 1024); more wait.
	MaxConnections int `yaml:"maxConnections"`
}

// MetricsConfig is the Prometheus endpoint (with /healthz), on a listener of its own.
type MetricsConfig struct {
	// Listen is the address of /metrics and /healthz (unauthenticated: keep it on the
	// loopback or an operations network); empty or "-": no metrics listener (the default).
	Listen string `yaml:"listen"`
}

// enabled says whether the metrics listener is configured.
func (m MetricsConfig) enabled() bool { return m.Listen != "" && m.Listen != "-" }

// DefaultMaxConnections is gateway.api.maxConnections when unset: room for a few hundred
// sites (each holds up to two long polls) and their researchers.
const DefaultMaxConnections = 1024

// WithDefaults fills the zero fields.
func (c Config) WithDefaults() Config {
	if c.Listen == "" {
		c.Listen = "127.0.0.1:8700"
	}
	if c.Chain.Mode == "" {
		c.Chain.Mode = ChainEmbedded
	}
	if c.Chain.Mode == ChainEmbedded && c.Chain.Dir == "" && c.State != "" {
		c.Chain.Dir = filepath.Join(filepath.Dir(c.State), "chain")
	}
	e := &c.Economy
	if e.DPSSupply == "" {
		e.DPSSupply = "1000000000"
	}
	if e.RewardPool == "" {
		e.RewardPool = "100000000"
	}
	if e.EraLength == 0 {
		e.EraLength = 365 * 24 * time.Hour
	}
	if e.EraThresholdGFL == "" {
		e.EraThresholdGFL = "2500"
	}
	if e.ReclaimAfter == 0 {
		e.ReclaimAfter = 720 * time.Hour
	}
	if e.FundETH == "" {
		e.FundETH = "1"
	}
	if c.Epochs.Genesis == "" {
		c.Epochs.Genesis = "2023-01-01T00:00:00Z"
	}
	if c.Epochs.Period == 0 {
		c.Epochs.Period = 360 * time.Hour
	}
	def := contracts.DefaultStaking()
	if c.Economy.Staking.PerPetaFLOPS == "" {
		c.Economy.Staking.PerPetaFLOPS = "0"
	}
	if c.Economy.Staking.Unbonding == 0 {
		c.Economy.Staking.Unbonding = time.Duration(def.UnbondingSeconds) * time.Second
	}
	if gov := &c.Economy.Governance; gov.Enabled {
		if gov.VotingPeriod == 0 {
			gov.VotingPeriod = 72 * time.Hour
		}
		if gov.Quorum == 0 {
			gov.Quorum = 0.2
		}
		if gov.Threshold == 0 {
			gov.Threshold = 0.5
		}
	}
	sf := &c.Economy.Staking.SlashFractions
	for _, f := range []struct {
		v   *float64
		bps uint16
	}{{&sf.FailedChallenge, def.FailedChallengeBps}, {&sf.DuplicateIdentity, def.DuplicateIdentityBps}, {&sf.LostReplicaVote, def.LostReplicaVoteBps}} {
		if *f.v == 0 {
			*f.v = float64(f.bps) / 10_000
		}
	}
	ch := &c.Challenges
	if ch.PerEpoch == 0 {
		ch.PerEpoch = 4
	}
	if ch.FractionOfPeak == 0 {
		ch.FractionOfPeak = 0.02
	}
	if ch.GPUFractionOfPeak == 0 {
		ch.GPUFractionOfPeak = 0.25
	}
	if ch.Allowance == 0 {
		ch.Allowance = 2 * time.Minute
	}
	if ch.Openings == 0 {
		ch.Openings = 64
	}
	if ch.MinOrder == 0 {
		ch.MinOrder = challenge.MinPlannedOrder
	}
	if ch.CapacityBudget == 0 {
		ch.CapacityBudget = challenge.CapacityBudget
	}
	if ch.RequireGPUs == nil {
		t := true
		ch.RequireGPUs = &t
	}
	if ch.NodeShare == 0 {
		ch.NodeShare = 0.75
	}
	if ch.MaxNodes == 0 {
		ch.MaxNodes = challenge.MaxNodes
	}
	if c.Epochs.AutoClose == nil {
		t := true
		c.Epochs.AutoClose = &t
	}
	if c.Epochs.Grace == 0 {
		c.Epochs.Grace = min(time.Hour, c.Epochs.Period/4)
	}
	if c.Epochs.Batch == 0 {
		c.Epochs.Batch = 200
	}
	if c.Sites.OfflineAfter == 0 {
		c.Sites.OfflineAfter = 90 * time.Second
	}
	if c.Sites.FundApproved == nil {
		t := true
		c.Sites.FundApproved = &t
	}
	if c.Placement.DefaultTime == 0 {
		c.Placement.DefaultTime = time.Hour
	}
	if c.Placement.MaxQueueTime == 0 {
		c.Placement.MaxQueueTime = 24 * time.Hour
	}
	if c.Placement.MaxPlacements == 0 {
		c.Placement.MaxPlacements = 5
	}
	if c.PoCP.MinCoverage == 0 {
		c.PoCP.MinCoverage = 0.9
	}
	if c.PoCP.CapacityTolerance == 0 {
		c.PoCP.CapacityTolerance = 0.05
	}
	if c.PoCP.AccountingTolerance == 0 {
		c.PoCP.AccountingTolerance = 0.05
	}
	if c.API.MaxBodyBytes == 0 {
		c.API.MaxBodyBytes = 8 << 20
	}
	if c.API.SignatureMaxTTL == 0 {
		c.API.SignatureMaxTTL = 5 * time.Minute
	}
	if c.API.BodyTimeout == 0 {
		c.API.BodyTimeout = httpguard.DefaultBodyTimeout
	}
	if c.API.MaxConnections == 0 {
		c.API.MaxConnections = DefaultMaxConnections
	}
	return c
}

// placementPlugin is the plugin placement.policy names (nil: none).
func (c Config) placementPlugin() *plugins.PluginConfig {
	for i, p := range c.Plugins.Plugins {
		if p.Name == c.Placement.Policy && p.Kind == plugins.KindPlacement {
			return &c.Plugins.Plugins[i]
		}
	}
	return nil
}

// resolved is a checked configuration.
type resolved struct {
	operators       map[common.Address]bool
	genesis         time.Time
	dpsSupplyWei    *big.Int
	rewardPoolWei   *big.Int
	eraThresholdWei *big.Int
	fundWei         *big.Int
	// environmentalFactorsBps are economy.environmentalFactors.sites in basis points.
	environmentalFactorsBps map[string]uint64
	// capacityTolerancePPM is pocp.capacityTolerance as the contracts hold it.
	capacityTolerancePPM uint32
	// staking is economy.staking as the contracts hold it.
	staking contracts.StakingParams
	// governance is economy.governance as the admission governor holds it.
	governance contracts.GovernanceParams
}

// capacityTolerancePPM is a tolerance (0.05 = 5 % over) as the contracts and pocp.Policy hold
// it: 1,050,000 ppm. Rounded to the ppm, so that the gateway's rule and the chain's agree.
func capacityTolerancePPM(tolerance float64) uint32 {
	return 1_000_000 + uint32(math.Round(tolerance*1e6))
}

// factorPattern is a decimal multiplier with at most 4 decimals: exact in basis points.
var factorPattern = regexp.MustCompile(`^[0-9]{1,2}(\.[0-9]{1,4})?$`)

// parseFactorBps reads an environmental factor ("1.1") into basis points (11000), exactly.
func parseFactorBps(v string) (uint64, error) {
	if !factorPattern.MatchString(v) {
		return 0, fmt.Errorf("%q: a multiplier such as 1.1, at most 4 decimals", truncate(v, 32))
	}
	whole, frac, _ := strings.Cut(v, ".")
	frac += strings.Repeat("0", 4-len(frac))
	w, _ := strconv.ParseUint(whole, 10, 64)
	f, _ := strconv.ParseUint(frac, 10, 64)
	bps := w*10_000 + f
	if bps == 0 || bps > tokenomics.MaxFactorBps {
		return 0, fmt.Errorf("%s: must be in 0.0001..2", v)
	}
	return bps, nil
}

// Validate checks the configuration; every problem is reported at once.
func (c Config) Validate() error {
	_, err := c.resolve()
	return err
}

func (c Config) resolve() (resolved, error) {
	var p problems
	r := resolved{operators: map[common.Address]bool{}}
	c.resolveIdentity(&p, &r)
	c.checkChain(&p)
	c.resolveEconomy(&p, &r)
	c.resolveCalendar(&p, &r)
	c.resolveGovernance(&p, &r)
	c.checkPacing(&p)
	c.resolvePoCP(&p, &r)
	c.checkChallenges(&p)
	c.checkServing(&p)
	return r, errors.Join(p...)
}

// problems are a configuration's problems, gathered to be reported at once.
type problems []error

func (p *problems) add(format string, args ...any) { *p = append(*p, fmt.Errorf(format, args...)) }

// checkChallenges bounds the challenges section.
func (c Config) checkChallenges(p *problems) {
	ch := c.Challenges
	if ch.PerEpoch < 1 || ch.PerEpoch > 1000 {
		p.add("gateway.challenges.perEpoch %d: from 1 to 1000", ch.PerEpoch)
	}
	if !(ch.GPUFractionOfPeak > 0 && ch.GPUFractionOfPeak <= 1) {
		p.add("gateway.challenges.gpuFractionOfPeak %v: in (0, 1]", ch.GPUFractionOfPeak)
	}
	if !(ch.FractionOfPeak > 0 && ch.FractionOfPeak <= 1) {
		p.add("gateway.challenges.fractionOfPeak %v: in (0, 1]", ch.FractionOfPeak)
	}
	if ch.Allowance < time.Second || ch.Allowance > time.Hour {
		p.add("gateway.challenges.allowance %s: from 1s to 1h", ch.Allowance)
	}
	if !(ch.CapacityBudget > 0 && ch.CapacityBudget <= 0.5) {
		p.add("gateway.challenges.capacityBudget %v: in (0, 0.5]", ch.CapacityBudget)
	}
	if ch.Openings < challenge.MinOpenings || ch.Openings > challenge.MaxOpenings {
		p.add("gateway.challenges.openings %d: from %d to %d", ch.Openings, challenge.MinOpenings, challenge.MaxOpenings)
	}
	if ch.MinOrder < challenge.MinOrder || ch.MinOrder > challenge.MaxOrder || ch.MinOrder&(ch.MinOrder-1) != 0 {
		p.add("gateway.challenges.minOrder %d: a power of two from %d to %d", ch.MinOrder, challenge.MinOrder, challenge.MaxOrder)
	}
	if !(ch.NodeShare > 0 && ch.NodeShare <= 1) {
		p.add("gateway.challenges.nodeShare %v: in (0, 1]", ch.NodeShare)
	}
	if ch.MaxNodes < 1 || ch.MaxNodes > challenge.MaxNodes {
		p.add("gateway.challenges.maxNodes %d: from 1 to %d", ch.MaxNodes, challenge.MaxNodes)
	}
}

// resolveIdentity checks the gateway's name, state, key and operators.
func (c Config) resolveIdentity(p *problems, r *resolved) {
	if !protocol.ValidSiteName(c.Name) {
		p.add("gateway.name %q: 1-63 characters from a-z 0-9 -", c.Name)
	}
	if c.State == "" {
		p.add("gateway.state: the SQLite file is required")
	}
	if c.Key == "" {
		p.add("gateway.key: the gateway's key file is required (create one with: petagrid keys new --out gateway.key)")
	}
	if len(c.Operators) == 0 {
		p.add("gateway.operators: at least one operator address is required")
	}
	for _, o := range c.Operators {
		if !common.IsHexAddress(o) {
			p.add("gateway.operators: %q is not an address (0x and 40 hex digits)", o)
			continue
		}
		r.operators[common.HexToAddress(o)] = true
	}
}

func (c Config) checkChain(p *problems) {
	switch c.Chain.Mode {
	case ChainEmbedded:
		if c.Chain.Dir == "" {
			p.add("gateway.chain.dir is required for the embedded chain")
		}
	case ChainJSONRPC:
		if !strings.HasPrefix(c.Chain.URL, "http://") && !strings.HasPrefix(c.Chain.URL, "https://") && !strings.HasPrefix(c.Chain.URL, "ws") {
			p.add("gateway.chain.url %q: an http(s):// or ws(s):// JSON-RPC endpoint", c.Chain.URL)
		}
	default:
		p.add("gateway.chain.mode %q: embedded or json-rpc", c.Chain.Mode)
	}
}

// resolveEconomy reads the economy's amounts and checks its times.
func (c Config) resolveEconomy(p *problems, r *resolved) {
	amount := func(field, v string) *big.Int {
		w, err := tokenomics.ParseAmount(v)
		if err != nil || w.Sign() < 0 {
			p.add("gateway.economy.%s %q: a non-negative amount (e.g. 1000 or 0.5): %v", field, v, err)
			return new(big.Int)
		}
		return w
	}
	e := c.Economy
	r.dpsSupplyWei = amount("dpsSupply", e.DPSSupply)
	r.rewardPoolWei = amount("rewardPool", e.RewardPool)
	r.eraThresholdWei = amount("eraThresholdGfl", e.EraThresholdGFL)
	r.fundWei = amount("fundEth", e.FundETH)
	if r.rewardPoolWei.Cmp(r.dpsSupplyWei) > 0 {
		p.add("gateway.economy.rewardPool is larger than dpsSupply")
	}
	if e.EraLength < time.Second || e.ReclaimAfter < time.Second || e.ReclaimAfter > 365*24*time.Hour {
		p.add("gateway.economy: eraLength must be ≥ 1s and reclaimAfter in 1s..365 days")
	}
	if e.EraLength < c.Epochs.Period {
		p.add("gateway.economy.eraLength %s: at least one epoch (gateway.epochs.period %s), so that rewards split exactly at an era's start", e.EraLength, c.Epochs.Period)
	}
	c.resolveStaking(p, r, amount)
}

// resolveStaking reads economy.staking into the Staking contract's parameters.
func (c Config) resolveStaking(p *problems, r *resolved, amount func(field, v string) *big.Int) {
	s := c.Economy.Staking
	r.staking = contracts.StakingParams{StakePerPetaFLOPSWei: amount("staking.perPetaFlops", s.PerPetaFLOPS)}
	if s.Unbonding < time.Second || s.Unbonding%time.Second != 0 {
		p.add("gateway.economy.staking.unbonding %s: whole seconds, at least 1s", s.Unbonding)
	}
	r.staking.UnbondingSeconds = uint64(s.Unbonding / time.Second)
	bps := func(name string, f float64) uint16 {
		if math.IsNaN(f) || f < 0.0001 || f > 1 {
			p.add("gateway.economy.staking.slashFractions.%s %v: between 0.0001 and 1", name, f)
			return 1
		}
		return uint16(math.Round(f * 10_000))
	}
	r.staking.FailedChallengeBps = bps("failedChallenge", s.SlashFractions.FailedChallenge)
	r.staking.DuplicateIdentityBps = bps("duplicateIdentity", s.SlashFractions.DuplicateIdentity)
	r.staking.LostReplicaVoteBps = bps("lostReplicaVote", s.SlashFractions.LostReplicaVote)
	if err := r.staking.Validate(uint64(c.Epochs.Period / time.Second)); err != nil {
		p.add("gateway.economy.%v", err)
	}
}

// resolveGovernance reads economy.governance into the admission governor's parameters.
func (c Config) resolveGovernance(p *problems, r *resolved) {
	g := c.Economy.Governance
	if !g.Enabled {
		if g.TransitionEnds != "" || g.VotingPeriod != 0 || g.Quorum != 0 || g.Threshold != 0 {
			p.add("gateway.economy.governance: set enabled: true to use it (fixed when the contracts are deployed)")
		}
		return
	}
	const field = "gateway.economy.governance"
	before := len(*p)
	end, err := time.Parse(time.RFC3339, g.TransitionEnds)
	if err != nil {
		p.add("%s.transitionEnds %q: the end of the operator's transition, RFC 3339 (e.g. 2027-06-01T00:00:00Z): %v", field, truncate(g.TransitionEnds, 40), err)
	}
	if g.VotingPeriod%time.Second != 0 || g.VotingPeriod < contracts.MinVotingPeriod || g.VotingPeriod > contracts.MaxVotingPeriod {
		p.add("%s.votingPeriod %s: whole seconds in %s..%s", field, g.VotingPeriod, contracts.MinVotingPeriod, contracts.MaxVotingPeriod)
	}
	share := func(name string, f, lo, hi float64) uint16 {
		if math.IsNaN(f) || f < lo || f > hi {
			p.add("%s.%s %v: between %v and %v", field, name, f, lo, hi)
			return 0
		}
		return uint16(math.Round(f * 10_000))
	}
	r.governance = contracts.GovernanceParams{Enabled: true, VotingPeriodSeconds: uint64(max(g.VotingPeriod, 0) / time.Second),
		QuorumBps: share("quorum", g.Quorum, 0.0001, 1), ThresholdBps: share("threshold", g.Threshold, 0.5, 0.9999), TransitionEnd: end.UTC()}
	// The contracts' own bounds, where the fields above did not already say what is wrong.
	if err := r.governance.Validate(); err != nil && len(*p) == before {
		p.add("%s: %v", field, err)
	}
}

// resolveCalendar reads the epochs' genesis and checks their period, grace and batch.
func (c Config) resolveCalendar(p *problems, r *resolved) {
	g, err := time.Parse(time.RFC3339, c.Epochs.Genesis)
	if err != nil {
		p.add("gateway.epochs.genesis %q: RFC 3339 (e.g. 2023-01-01T00:00:00Z): %v", c.Epochs.Genesis, err)
	}
	r.genesis = g.UTC()
	if c.Epochs.Period < time.Second || c.Epochs.Period%time.Second != 0 {
		p.add("gateway.epochs.period %s: whole seconds, at least 1s", c.Epochs.Period)
	}
	if c.Epochs.Grace < 0 {
		p.add("gateway.epochs.grace must not be negative")
	}
	if c.Epochs.Batch < 1 || c.Epochs.Batch > 200 {
		p.add("gateway.epochs.batch %d: 1..200", c.Epochs.Batch)
	}
}

func (c Config) checkPacing(p *problems) {
	if c.Sites.OfflineAfter < 5*time.Second {
		p.add("gateway.sites.offlineAfter %s: at least 5s (sites poll every few seconds)", c.Sites.OfflineAfter)
	}
	if c.Placement.MaxPlacements < 1 {
		p.add("gateway.placement.maxPlacements must be ≥ 1")
	}
}

// resolvePoCP checks the report rules and reads the environmental factors.
func (c Config) resolvePoCP(p *problems, r *resolved) {
	for name, v := range map[string]float64{"minCoverage": c.PoCP.MinCoverage, "capacityTolerance": c.PoCP.CapacityTolerance, "accountingTolerance": c.PoCP.AccountingTolerance} {
		if v < 0 || v > 1 {
			p.add("gateway.pocp.%s %v: between 0 and 1", name, v)
		}
	}
	r.capacityTolerancePPM = capacityTolerancePPM(c.PoCP.CapacityTolerance)
	r.environmentalFactorsBps = map[string]uint64{}
	ef := c.Economy.EnvironmentalFactors
	if len(ef.Sites) > 0 && !ef.Enabled {
		p.add("gateway.economy.environmentalFactors.sites: set enabled: true to use them (fixed when the contracts are deployed)")
	}
	for site, v := range ef.Sites {
		bps, err := parseFactorBps(v)
		if !protocol.ValidSiteName(site) {
			p.add("gateway.economy.environmentalFactors.sites: %q is not a site name", truncate(site, 64))
		} else if err != nil {
			p.add("gateway.economy.environmentalFactors.sites.%s: %v", site, err)
		} else {
			r.environmentalFactorsBps[site] = bps
		}
	}
}

// checkServing checks the plugins, the API's bounds and the metrics listener.
func (c Config) checkServing(p *problems) {
	if err := c.Plugins.Validate(plugins.KindPlacement); err != nil {
		*p = append(*p, err)
	}
	if c.Placement.Policy != "" && c.placementPlugin() == nil {
		p.add("gateway.placement.policy %q: no placement plugin of that name in gateway.plugins.plugins", c.Placement.Policy)
	}
	if (c.TLS.Cert == "") != (c.TLS.Key == "") {
		p.add("gateway.tls: set both cert and key, or neither")
	}
	if c.API.MaxBodyBytes < 1024 {
		p.add("gateway.api.maxBodyBytes: at least 1024")
	}
	if c.API.BodyTimeout < 0 || c.API.BodyTimeout > time.Hour {
		p.add("gateway.api.bodyTimeout %s: up to 1h", c.API.BodyTimeout)
	}
	if c.API.MaxConnections < 0 {
		p.add("gateway.api.maxConnections %d: at least 1", c.API.MaxConnections)
	}
	if c.Metrics.enabled() {
		if _, _, err := net.SplitHostPort(c.Metrics.Listen); err != nil {
			p.add("gateway.metrics.listen %q: %v", c.Metrics.Listen, err)
		}
	}
}
