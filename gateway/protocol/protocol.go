// Package protocol is the wire format between the grid gateway and the site daemons that
// connect out to it: a site registers its inventory and prices, long-polls for work, and sends
// back run states, usage, logs and PoCP reports. Every request is signed with the site's key
// (package reqsign, audience = the gateway's name), so the gateway knows which site speaks.
//
// Both ends treat the other as hostile: Validate methods bound every list and string, and the
// gateway re-checks what a site claims against what it was assigned.
//
// The protocol grows by optional fields, which each end ignores when it does not know them
// (the site decodes the gateway's answers leniently). Version says what a gateway speaks:
//
//	1: assignments name their researcher; the site takes the gateway's word for it.
//	2: assignments carry the researcher's own signed submission (Assignment.Submission), which
//	   the site verifies before it maps the job to the researcher's account; a job without
//	   one (from a version 1 gateway, or submitted by an older client) runs as the site's
//	   pool account. Poll answers say the gateway's version (PollResponse.Protocol).
//	3: poll answers carry compute challenges (PollResponse.Challenges), answered on
//	   PathChallenges + id; a PoCP report may come with its slot series
//	   (ReportSubmission), which the gateway needs to count unverified time as missing.
//	4: a site says its own version in its polls (PollRequest.Protocol), and a succeeded job's
//	   update carries the digest of its declared outputs (JobUpdate.OutputsSHA256): the
//	   gateway compares the replicas of a replicated workflow by it, and places replicas
//	   only on sites that speak version 4.
//	5: a challenge may hold several nodes at once (challenge.Spec.Nodes), answered with one
//	   part per node; the gateway sends such challenges only to sites that said they speak
//	   5 (an older site would drop the field it does not know and answer one node), and
//	   never lowers a site's recorded version. A site's polls to such a gateway carry its
//	   partitions' node limits (Partition.MaxNodes), shown to operators.
//	6: a site's polls say whether its challenge jobs run the GPU kernel
//	   (Inventory.GPUKernel); the gateway then sizes the challenges of its GPU nodes from
//	   their GPUs' rate, up to order challenge.MaxOrder = 32,768, and counts their GPUs'
//	   power in the verified median; a site that does not say so has its GPUs' share left
//	   out of it (docs/threat-model.md).
//	7: a registration may carry prices by grade (Prices.PerComputeHourByGrade and the
//	   reliability and energy factors); the gateway prices each job at the grades it holds
//	   for the site (prices.go). A site sends them only to a gateway that said it speaks 7
//	   (an older one decodes registrations strictly), registering again once it has.
//	8: the site's workflow parser reads a workflow's placement mapping (placement.grades,
//	   the researcher's grade floor, which the gateway applies); the gateway places a
//	   workflow that has one only on sites that speak 8, since an older site refuses it as
//	   an unknown field.
//	9: poll answers carry sealed-bid auctions (PollResponse.Auctions) for the jobs of
//	   workflows in auction mode (placement.mode: auction), announced only to sites that
//	   said 9, since an older one's parser refuses placement.mode; the site commits to a
//	   signed bid on PathBids while the auction takes commitments, and reveals it after
//	   (auction.go).
package protocol

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/internal/sanitize"
	"github.com/petagrid/petagrid/pocp/challenge"
	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/site/siteapi"
)

// Version is the protocol version this build speaks (see the package comment).
const Version = 9

// Paths of the site-facing endpoints (all signed by the site's key).
const (
	PathRegister = "/v1/site/register"
	PathPoll     = "/v1/site/poll"
	PathUpdates  = "/v1/site/updates"
	PathLogs     = "/v1/site/logs/" // + log request id
	PathReports  = "/v1/site/reports"
	// PathChallenges + challenge id: the site posts the answer file of its challenge job.
	PathChallenges = "/v1/site/challenges/"
)

// Bounds on what one message may hold.
const (
	MaxPartitions   = 64
	MaxShapes       = 256
	MaxLabels       = 64
	MaxAssignments  = 100
	MaxUpdates      = 1000
	MaxSteps        = 10_000
	MaxLogChunk     = 1 << 20
	MaxPollWait     = 60 * time.Second
	DefaultPollWait = 25 * time.Second
)

var (
	siteNamePattern  = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,62}$`)
	labelKeyPattern  = regexp.MustCompile(`^[a-z0-9][a-z0-9._/-]{0,62}$`)
	partitionPattern = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,64}$`)
	modelPattern     = regexp.MustCompile(`^[A-Za-z0-9_.+-]{1,64}$`)
	jobIDPattern     = regexp.MustCompile(`^r-[a-z2-7]{16}$`)
	challengePattern = regexp.MustCompile(`^c-[a-z2-7]{16}$`)
	decimalPattern   = regexp.MustCompile(`^[0-9]{1,40}$`)
	sha256HexPattern = regexp.MustCompile(`^[0-9a-f]{64}$`)
)

// ValidSiteName reports whether name can name a site (it is also the site's audience).
func ValidSiteName(name string) bool { return siteNamePattern.MatchString(name) }

// ValidJobID reports whether id is a grid job id (the same form as a site run id: the site
// uses the gateway's id as its run id, so one id names the job end to end).
func ValidJobID(id string) bool { return jobIDPattern.MatchString(id) }

// ValidChallengeID reports whether id can name a challenge.
func ValidChallengeID(id string) bool { return challengePattern.MatchString(id) }

// Registration is POST PathRegister: who the site is, what it has and what it charges. A new
// site starts pending until an operator approves it; a registered site sends it again
// whenever its inventory or prices change (and at every start).
type Registration struct {
	Site string `json:"site"`
	// Version is the daemon's version, for the operator's information.
	Version   string            `json:"version,omitempty"`
	Inventory Inventory         `json:"inventory"`
	Prices    Prices            `json:"prices"`
	Labels    map[string]string `json:"labels,omitempty"`
}

// Inventory is the grid partitions' hardware, grouped into node shapes.
type Inventory struct {
	Partitions []Partition `json:"partitions"`
	// CapacityMegaFLOPS is the index of every grid node together (tokenomics): the most a PoCP
	// report may claim.
	CapacityMegaFLOPS uint64 `json:"capacityMegaFlops"`
	// GPUs counts every grid GPU; PowerLimitMilliwatts is the sum of their power limits.
	GPUs                 int    `json:"gpus"`
	PowerLimitMilliwatts uint64 `json:"powerLimitMilliwatts"`
	// CatalogSHA256 names the hardware catalog the site scores with.
	CatalogSHA256 string `json:"catalogSha256"`
	// Devices are the grid nodes' GPUs as NVML names them (the site's GPU telemetry):
	// the gateway binds each UUID to one site, and a UUID two sites register flags both.
	// Part of the registration an operator approves.
	Devices []DeviceIdentity `json:"devices,omitempty"`
	// GPUKernel says that the site's challenge jobs compute on the nodes' GPUs
	// (site.challenges.kernel: gpu), so that the gateway may time them. Polls to gateways
	// of protocol 6 carry it; a registration does not (it is how the site runs, not hardware
	// to approve).
	GPUKernel bool `json:"gpuKernel,omitempty"`
}

// DeviceIdentity is one GPU as NVML names it.
type DeviceIdentity struct {
	Node     string `json:"node"`
	UUID     string `json:"uuid"`
	PCIBusID string `json:"pciBusId,omitempty"`
}

// MaxDevices bounds the GPUs one registration names (a large site's grid partitions).
const MaxDevices = 65536

var (
	// One spelling per device: NVML's canonical 8-4-4-4-12 form (case is folded when stored).
	deviceUUIDPattern = regexp.MustCompile(`^(GPU|MIG)-[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$`)
	nodeNamePattern   = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)
	pciBusIDPattern   = regexp.MustCompile(`^[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-7]$`)
)

// ValidDevice reports whether one device's fields are well formed (not whether it is unique).
func ValidDevice(d DeviceIdentity) bool {
	return deviceUUIDPattern.MatchString(d.UUID) && nodeNamePattern.MatchString(d.Node) && (d.PCIBusID == "" || pciBusIDPattern.MatchString(d.PCIBusID))
}

// validateDevices bounds the device list and refuses a UUID named twice.
func validateDevices(devices []DeviceIdentity) []error {
	if len(devices) > MaxDevices {
		return []error{fmt.Errorf("inventory: %d devices, at most %d", len(devices), MaxDevices)}
	}
	var errs []error
	seen := make(map[string]bool, len(devices))
	for i, d := range devices {
		switch {
		case !deviceUUIDPattern.MatchString(d.UUID):
			errs = append(errs, fmt.Errorf("device %d: uuid %q is not an NVML UUID (GPU- or MIG- and 8-4-4-4-12 hexadecimal digits)", i, clip(d.UUID)))
		case !nodeNamePattern.MatchString(d.Node):
			errs = append(errs, fmt.Errorf("device %d: node %q is not a node name", i, clip(d.Node)))
		case d.PCIBusID != "" && !pciBusIDPattern.MatchString(d.PCIBusID):
			errs = append(errs, fmt.Errorf("device %d: PCI bus id %q is not one (dddd:bb:dd.f)", i, clip(d.PCIBusID)))
		case seen[strings.ToUpper(d.UUID)]:
			errs = append(errs, fmt.Errorf("device %d: uuid %s is named twice", i, d.UUID))
		}
		seen[strings.ToUpper(d.UUID)] = true
		if len(errs) >= 10 {
			return append(errs, errors.New("inventory: more device errors not shown"))
		}
	}
	return errs
}

// Partition is one grid partition.
type Partition struct {
	Name    string `json:"name"`
	Default bool   `json:"default,omitempty"`
	// MaxTimeSeconds is the partition's time limit (0: none).
	MaxTimeSeconds int64 `json:"maxTimeSeconds,omitempty"`
	// MaxNodes is the most nodes one job may hold there (Slurm's MaxNodes; 0: no limit),
	// for operators to keep challenges of several nodes within (the gateway does not trust
	// it to size them). Sites send it in their polls to gateways of protocol 5 and later
	// only, never in registrations.
	MaxNodes int         `json:"maxNodes,omitempty"`
	Shapes   []NodeShape `json:"shapes"`
}

// NodeShape is a group of identical nodes of a partition.
type NodeShape struct {
	// Nodes is how many nodes have this shape; Available how many of them are up and not
	// drained now, Idle how many have nothing running.
	Nodes     int   `json:"nodes"`
	Available int   `json:"available"`
	Idle      int   `json:"idle"`
	CPUs      int   `json:"cpus"`
	MemoryMiB int64 `json:"memoryMiB"`
	GPUs      int   `json:"gpus,omitempty"`
	// GPUType is Slurm's GRES type ("a100"); GPUModel the catalog model it maps to.
	GPUType  string `json:"gpuType,omitempty"`
	GPUModel string `json:"gpuModel,omitempty"`
	// MegaFLOPS is one node's computing power index.
	MegaFLOPS uint64 `json:"megaFlops"`
}

// Prices are what a site charges, in DPS wei (10^-18 DPS) as decimal strings: a base price,
// and optionally a schedule by grade (prices.go), which a version 7 gateway applies at the
// grades it has proven for the site.
type Prices struct {
	// PerComputeHour is charged per Compute Hour (one reference A100-SXM4-80GB for an hour,
	// tokenomics.ComputeHoursMilli); the cost of a job is its Compute Hours × the price.
	// It is the price wherever the schedule below sets none.
	PerComputeHour string `json:"perComputeHourWei"`
	// PerComputeHourByGrade is the price per Compute Hour at a performance grade ("A" to
	// "D"), in wei.
	PerComputeHourByGrade map[string]string `json:"perComputeHourWeiByGrade,omitempty"`
	// ReliabilityFactorBps ("1" to "4") and EnergyFactorBps ("X" to "Z") multiply the price
	// at those grades, in basis points (10,000: × 1; 1 to 20,000).
	ReliabilityFactorBps map[string]uint32 `json:"reliabilityFactorBps,omitempty"`
	EnergyFactorBps      map[string]uint32 `json:"energyFactorBps,omitempty"`
}

// Validate checks a registration's shape; the gateway checks the rest (key, approval).
func (r Registration) Validate() error {
	var errs []error
	if !ValidSiteName(r.Site) {
		errs = append(errs, fmt.Errorf("site %q: 1-63 characters from a-z 0-9 -, starting with a letter or digit", clip(r.Site)))
	}
	if len(r.Version) > 64 {
		errs = append(errs, errors.New("version: at most 64 characters"))
	}
	if err := r.Inventory.Validate(); err != nil {
		errs = append(errs, err)
	}
	if r.Inventory.GPUKernel {
		errs = append(errs, errors.New("inventory.gpuKernel: said in polls, not in a registration"))
	}
	if err := r.Prices.Validate(); err != nil {
		errs = append(errs, err)
	}
	if len(r.Labels) > MaxLabels {
		errs = append(errs, fmt.Errorf("labels: at most %d", MaxLabels))
	}
	for k, v := range r.Labels {
		if !labelKeyPattern.MatchString(k) || len(v) > 128 {
			errs = append(errs, fmt.Errorf("label %q: keys are 1-63 characters from a-z 0-9 . _ / -, values at most 128", clip(k)))
		}
	}
	return errors.Join(errs...)
}

// Validate checks an inventory's shape and bounds.
func (inv Inventory) Validate() error {
	var errs []error
	if len(inv.Partitions) == 0 || len(inv.Partitions) > MaxPartitions {
		errs = append(errs, fmt.Errorf("inventory: 1 to %d partitions", MaxPartitions))
	}
	shapes, gpus := 0, 0
	seen := map[string]bool{}
	for _, p := range inv.Partitions {
		if !partitionPattern.MatchString(p.Name) || seen[p.Name] {
			errs = append(errs, fmt.Errorf("partition %q: a unique Slurm partition name", clip(p.Name)))
		}
		seen[p.Name] = true
		if p.MaxTimeSeconds < 0 {
			errs = append(errs, fmt.Errorf("partition %s: negative time limit", p.Name))
		}
		if p.MaxNodes < 0 || p.MaxNodes > 1_000_000 {
			errs = append(errs, fmt.Errorf("partition %s: node limit %d outside 0..1e6", p.Name, p.MaxNodes))
		}
		shapes += len(p.Shapes)
		for _, s := range p.Shapes {
			if s.Nodes < 1 || s.Nodes > 1_000_000 || s.Available < 0 || s.Available > s.Nodes || s.Idle < 0 || s.Idle > s.Available ||
				s.CPUs < 1 || s.CPUs > 1_000_000 || s.MemoryMiB < 0 || s.MemoryMiB > 1<<40 || s.GPUs < 0 || s.GPUs > 1024 {
				errs = append(errs, fmt.Errorf("partition %s: node shape out of bounds (nodes 1..1e6, 0 ≤ idle ≤ available ≤ nodes, cpus ≥ 1, gpus ≤ 1024)", p.Name))
				continue
			}
			if s.GPUType != "" && !modelPattern.MatchString(s.GPUType) || s.GPUModel != "" && !modelPattern.MatchString(s.GPUModel) {
				errs = append(errs, fmt.Errorf("partition %s: GPU type or model %q is not a name", p.Name, clip(s.GPUType+s.GPUModel)))
			}
			gpus += s.GPUs * s.Nodes
		}
	}
	if shapes > MaxShapes {
		errs = append(errs, fmt.Errorf("inventory: at most %d node shapes", MaxShapes))
	}
	if inv.GPUs < 0 || inv.GPUs > 1<<24 {
		errs = append(errs, errors.New("inventory: gpus out of bounds"))
	}
	// The totals cannot exceed what the shapes hold (a node in several partitions is counted
	// in each, so the shapes' sums are an upper bound, not the total).
	if inv.GPUs > gpus {
		errs = append(errs, fmt.Errorf("inventory: %d GPUs, but the node shapes hold %d", inv.GPUs, gpus))
	}
	if inv.CapacityMegaFLOPS > shapeMegaFLOPS(inv) {
		errs = append(errs, fmt.Errorf("inventory: capacity %d MFLOPS is more than the node shapes' %d", inv.CapacityMegaFLOPS, shapeMegaFLOPS(inv)))
	}
	if !regexp.MustCompile(`^[0-9a-f]{64}$`).MatchString(inv.CatalogSHA256) {
		errs = append(errs, errors.New("inventory: catalogSha256 must be 64 lower-case hex digits"))
	}
	if len(inv.Devices) > max(inv.GPUs, 0) {
		errs = append(errs, fmt.Errorf("inventory: %d devices named for %d GPUs", len(inv.Devices), inv.GPUs))
	}
	errs = append(errs, validateDevices(inv.Devices)...)
	return errors.Join(errs...)
}

// shapeMegaFLOPS sums nodes × index over every shape, saturating.
func shapeMegaFLOPS(inv Inventory) uint64 {
	var sum uint64
	for _, p := range inv.Partitions {
		for _, s := range p.Shapes {
			if s.Nodes <= 0 {
				continue
			}
			hi, lo := bits.Mul64(s.MegaFLOPS, uint64(s.Nodes))
			if hi != 0 {
				return math.MaxUint64
			}
			var carry uint64
			if sum, carry = bits.Add64(sum, lo, 0); carry != 0 {
				return math.MaxUint64
			}
		}
	}
	return sum
}

// PollRequest is POST PathPoll: the site's live inventory and how long it will wait.
type PollRequest struct {
	// WaitSeconds is how long the gateway may hold the request when it has nothing to send
	// (at most MaxPollWait).
	WaitSeconds int `json:"waitSeconds"`
	// Inventory, when set, replaces the live node counts (Available, Idle) the gateway places
	// by; the registered shapes must not change without a new registration.
	Inventory *Inventory `json:"inventory,omitempty"`
	// Protocol is the site's protocol version (version 4 on; sent only to a gateway that
	// said it speaks 4, since older ones refuse unknown fields).
	Protocol int `json:"protocol,omitempty"`
}

// PollResponse is what the gateway has for the site. An empty response after the wait is
// normal; the site polls again at once.
type PollResponse struct {
	Assignments []Assignment `json:"assignments,omitempty"`
	// Cancels are jobs whose researcher asked to cancel them.
	Cancels []string `json:"cancels,omitempty"`
	// LogRequests ask for a slice of a job's logs, answered on PathLogs + ID.
	LogRequests []LogRequest `json:"logRequests,omitempty"`
	// Status is the site's standing at the gateway: "approved", "pending" or "suspended".
	// Only an approved site receives assignments.
	Status string `json:"status"`
	// Protocol is the gateway's protocol version; 0 (absent) means 1.
	Protocol int `json:"protocol,omitempty"`
	// Challenges are compute challenges to run now (version 3). One is sent again while it
	// is unanswered and not yet due (the site keys them by id), never after its deadline.
	Challenges []Challenge `json:"challenges,omitempty"`
	// Auctions are the sealed-bid auctions the site is asked to act on now (version 9):
	// to commit to a bid, or to reveal the one it committed to.
	Auctions []Auction `json:"auctions,omitempty"`
}

// MaxChallenges bounds the challenges one poll answer holds.
const MaxChallenges = 16

// AnswerGrace is how long after a challenge's deadline an answer still counts as on time:
// one whose upload began before the deadline.
const AnswerGrace = 5 * time.Second

// Challenge is an unannounced compute challenge: the site runs `petagrid challenge run`
// on Spec as one job of one whole node of Partition, and posts the answer file to
// PathChallenges + ID before Spec.Deadline. Which node answers is the site's choice; the
// answer names its devices, which the gateway checks against the registration.
type Challenge struct {
	ID        string         `json:"id"`
	Partition string         `json:"partition"`
	Spec      challenge.Spec `json:"spec"`
	// CPUs, GPUs and GPUType describe the node shape the deadline was sized for: the job
	// asks for a node with at least these CPUs and these GPUs, so that it lands on such a
	// node and sees its GPUs (a Slurm that constrains devices hides the others).
	CPUs    int    `json:"cpus,omitempty"`
	GPUs    int    `json:"gpus,omitempty"`
	GPUType string `json:"gpuType,omitempty"`
	// Timed is what the deadline was sized for (protocol 6): "gpu", the node's GPUs (the
	// job must compute on them), or "cpu" (or empty, from an older gateway), the CPU part
	// of the node's index (the job may compute anywhere).
	Timed string `json:"timed,omitempty"`
}

// What a challenge's deadline is sized for (Challenge.Timed).
const (
	TimedCPU = "cpu"
	TimedGPU = "gpu"
)

// MaxChallengeGPUs bounds the GPUs a challenge's node may need (the largest nodes hold 16).
const MaxChallengeGPUs = 1024

// Validate checks the id, the partition's form and the spec's bounds.
func (c Challenge) Validate() error {
	if !ValidChallengeID(c.ID) {
		return fmt.Errorf("challenge: %q is not a challenge id", clip(c.ID))
	}
	if !partitionPattern.MatchString(c.Partition) {
		return fmt.Errorf("challenge %s: %q is not a partition name", c.ID, clip(c.Partition))
	}
	if c.CPUs < 0 || c.CPUs > 1<<20 || c.GPUs < 0 || c.GPUs > MaxChallengeGPUs {
		return fmt.Errorf("challenge %s: %d CPUs and %d GPUs: out of bounds", c.ID, c.CPUs, c.GPUs)
	}
	if c.GPUType != "" && (c.GPUs == 0 || !modelPattern.MatchString(c.GPUType)) {
		return fmt.Errorf("challenge %s: GPU type %q without GPUs or not a GRES type", c.ID, clip(c.GPUType))
	}
	switch c.Timed {
	case "", TimedCPU:
	case TimedGPU:
		if c.GPUs == 0 {
			return fmt.Errorf("challenge %s: timed on the GPUs of a node asked for none", c.ID)
		}
	default:
		return fmt.Errorf("challenge %s: timed %q: want %q or %q", c.ID, clip(c.Timed), TimedCPU, TimedGPU)
	}
	if err := c.Spec.Validate(); err != nil {
		return fmt.Errorf("challenge %s: %w", c.ID, err)
	}
	return nil
}

// ChallengeAnswer is the gateway's answer to a posted challenge answer: whether it passed,
// and why not. A challenge takes one answer; another is refused with 409.
type ChallengeAnswer struct {
	ID      string   `json:"id"`
	Outcome string   `json:"outcome"`
	Reasons []string `json:"reasons,omitempty"`
}

// Assignment is one job placed on the site.
type Assignment struct {
	// Job is the grid job id; the site journals the run under this id.
	Job string `json:"job"`
	// Researcher is the researcher's address (0x…), who signed the submission at the gateway.
	// On its own it is only the gateway's word: the site runs the job in the researcher's
	// account only when Submission proves it.
	Researcher string            `json:"researcher"`
	Workflow   string            `json:"workflow"`
	FileName   string            `json:"fileName"`
	Params     map[string]string `json:"params,omitempty"`
	// MaxCostWei is the researcher's budget locked in escrow, for the site's information.
	MaxCostWei string `json:"maxCostWei"`
	// Submission is the researcher's own signature over this job, as their client made it
	// (version 2); nil when the gateway has none.
	Submission *reqsign.Submission `json:"submission,omitempty"`
}

// LogRequest asks for logs of a job (the site's GET /v1/jobs/{id}/logs query).
type LogRequest struct {
	ID     string `json:"id"`
	Job    string `json:"job"`
	Step   string `json:"step,omitempty"`
	Task   int    `json:"task"`
	Stream string `json:"stream,omitempty"`
	// Offset is where to start in the concatenated log (bytes); MaxBytes how much to send.
	Offset   int64 `json:"offset"`
	MaxBytes int   `json:"maxBytes"`
}

// Updates is POST PathUpdates: the outcome of assignments and the state of the site's grid
// jobs. The site sends each job's update until the gateway has acknowledged it; the gateway
// applies updates idempotently (a state never goes back).
type Updates struct {
	// Accepted are assignments journaled; Refused assignments the site will not run, with
	// the reason (the gateway places them elsewhere).
	Accepted []string    `json:"accepted,omitempty"`
	Refused  []Refusal   `json:"refused,omitempty"`
	Jobs     []JobUpdate `json:"jobs,omitempty"`
}

// Refusal is an assignment the site will not run.
type Refusal struct {
	Job    string `json:"job"`
	Reason string `json:"reason"`
}

// JobUpdate is a job's state at the site.
type JobUpdate struct {
	Job   string         `json:"job"`
	State runstate.State `json:"state"`
	Error string         `json:"error,omitempty"`
	Steps []siteapi.Step `json:"steps,omitempty"`
	// Usage is set once the job has ended and Slurm's accounting has it.
	Usage *Usage `json:"usage,omitempty"`
	// OutputsSHA256 is the digest of the job's declared outputs (workflows.OutputsDigest), set only
	// for a succeeded job (version 4).
	OutputsSHA256 string `json:"outputsSha256,omitempty"`
}

// Usage is what a finished job used, from Slurm's accounting (sacct) on the site.
type Usage struct {
	// SlurmJobs are the Slurm job ids the usage comes from.
	SlurmJobs []uint32 `json:"slurmJobs"`
	// ElapsedSeconds sums the jobs' wall time; CPUSeconds and GPUSeconds the allocated CPUs
	// and GPUs × wall time.
	ElapsedSeconds int64 `json:"elapsedSeconds"`
	CPUSeconds     int64 `json:"cpuSeconds"`
	GPUSeconds     int64 `json:"gpuSeconds"`
	// ComputeHoursMilli is the jobs' Compute Hours × 1000 (tokenomics.ComputeHoursMilli).
	ComputeHoursMilli int64 `json:"computeHoursMilli"`
	// EnergyMillijoules is the GPU board energy attributed to the jobs (0 without NVML).
	EnergyMillijoules int64 `json:"energyMillijoules,omitempty"`
}

// UpdatesResponse acknowledges updates: Acked jobs need not be sent again.
type UpdatesResponse struct {
	Acked []string `json:"acked"`
}

// Validate bounds an update message.
func (u Updates) Validate() error {
	if len(u.Accepted)+len(u.Refused) > MaxAssignments*10 || len(u.Jobs) > MaxUpdates {
		return fmt.Errorf("updates: at most %d assignment answers and %d job updates", MaxAssignments*10, MaxUpdates)
	}
	for _, id := range u.Accepted {
		if !ValidJobID(id) {
			return fmt.Errorf("accepted: %q is not a job id", clip(id))
		}
	}
	for _, r := range u.Refused {
		if !ValidJobID(r.Job) || len(r.Reason) > 4000 {
			return fmt.Errorf("refused: %q is not a job id or its reason is over 4000 bytes", clip(r.Job))
		}
	}
	steps := 0
	for _, j := range u.Jobs {
		if !ValidJobID(j.Job) {
			return fmt.Errorf("jobs: %q is not a job id", clip(j.Job))
		}
		known := false
		for _, s := range runstate.All() {
			known = known || s == j.State
		}
		if !known {
			return fmt.Errorf("job %s: %q is not a run state", j.Job, clip(string(j.State)))
		}
		if len(j.Error) > 4000 {
			return fmt.Errorf("job %s: error over 4000 bytes", j.Job)
		}
		if j.OutputsSHA256 != "" && (j.State != runstate.Completed || !sha256HexPattern.MatchString(j.OutputsSHA256)) {
			return fmt.Errorf("job %s: outputsSha256 is 64 lowercase hex digits, sent only for a succeeded job", j.Job)
		}
		steps += len(j.Steps)
		if u := j.Usage; u != nil {
			if u.ElapsedSeconds < 0 || u.CPUSeconds < 0 || u.GPUSeconds < 0 || u.ComputeHoursMilli < 0 || u.EnergyMillijoules < 0 || len(u.SlurmJobs) > MaxSteps {
				return fmt.Errorf("job %s: usage figures must be ≥ 0", j.Job)
			}
		}
	}
	if steps > MaxSteps {
		return fmt.Errorf("updates: at most %d steps in all", MaxSteps)
	}
	return nil
}

// ReportSubmission is POST PathReports from a version 3 site: the signed report with the
// slot series its median was computed from (pocp.RunsFromSlots). The gateway checks that
// the series gives the report's figures, and computes the median again without the time
// its challenges could not verify. A bare report (an older site) is still read; it counts
// for nothing in an epoch with unverified time, since which slots to leave out is unknown.
type ReportSubmission struct {
	Report json.RawMessage `json:"report"`
	// Slots is the JSON array of pocp.SlotRun, kept raw here so that this package links
	// nothing of pocp's (the gateway reads it with pocp.DecodeRuns, bounded as it goes).
	Slots json.RawMessage `json:"slots"`
}

// MaxReportSubmissionBytes bounds a report with its series (pocp.MaxSlotRuns runs of at
// most about 90 bytes, and the report).
const MaxReportSubmissionBytes = 8 << 20

// ReportAnswer is the gateway's answer to a PoCP report (POST PathReports).
type ReportAnswer struct {
	Accepted bool   `json:"accepted"`
	Site     string `json:"site"`
	Epoch    uint64 `json:"epoch"`
	Digest   string `json:"digest"`
	// Reasons say why a report was refused, one broken rule each.
	Reasons []string `json:"reasons,omitempty"`
}

// ParseWei reads a non-negative decimal wei amount (at most 40 digits).
func ParseWei(s string) (*big.Int, error) {
	if !decimalPattern.MatchString(s) {
		return nil, fmt.Errorf("%q is not a decimal amount in wei (digits only, at most 40)", clip(s))
	}
	v, _ := new(big.Int).SetString(s, 10)
	return v, nil
}

// SortedLabels returns the labels' keys in order (for stable output).
func SortedLabels(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// clip shortens a value quoted back in a message.
func clip(s string) string { return sanitize.Clip(s, 60) }
