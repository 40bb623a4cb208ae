package plugins

import (
	"errors"
	"math/big"
	"regexp"
	"time"

	"github.com/petagrid/petagrid/internal/sanitize"
	"github.com/petagrid/petagrid/plugins/proto/pluginv1"
)

// The host's side of the submit-filter, telemetry and bid-policy protocols in plain Go values: the site
// daemon and accounting define their extension points over these, and the generated protocol
// types stay in this package.

// FilterRequest is a run's rendered jobs as a submit filter judges them.
type FilterRequest struct {
	Run string
	// Researcher is who submitted ("0x…" key or "unix:user"); LocalUser the account the jobs
	// run as.
	Researcher string
	LocalUser  string
	Workflow   string
	Jobs       []FilterJob
}

// FilterJob is one rendered Slurm job of a run.
type FilterJob struct {
	Step      string
	Partition string
	Account   string
	QOS       string
	// Options are further sbatch long options.
	Options []string
	// Script is the batch script, which a filter may not change.
	Script []byte
	// Images are the container images the step runs.
	Images []string
}

// FilterDecision is what a submit filter decided.
type FilterDecision int

// Decisions. FilterUndecided is an answer without one (or one this build does not know).
const (
	FilterUndecided FilterDecision = iota
	FilterAllow
	FilterDeny
	FilterModify
)

// FilterResponse is a submit filter's answer.
type FilterResponse struct {
	Decision FilterDecision
	// Reason says why: shown to the researcher for a denial, logged for a change.
	Reason string
	// Jobs are, for FilterModify, every job of the run in the same order with the changes.
	Jobs []FilterJob
}

// Reading is one device's power or energy, from a telemetry source.
type Reading struct {
	// Device is a stable identity of the device, unique on the host ("hwmon2/power1", "node").
	Device string
	// Kind is what it measures: "node", "cpu", "gpu", "accelerator" or "other".
	Kind  string
	Model string
	// At is when it was read (zero: the source did not say).
	At                time.Time
	PowerMilliwatts   uint64
	HasPower          bool
	EnergyMillijoules uint64
	HasEnergy         bool
}

func filterRequestToWire(r FilterRequest) *pluginv1.FilterRequest {
	return &pluginv1.FilterRequest{Run: r.Run, Researcher: r.Researcher, LocalUser: r.LocalUser, Workflow: r.Workflow, Jobs: jobsToWire(r.Jobs)}
}

func jobsToWire(jobs []FilterJob) []*pluginv1.Job {
	var out []*pluginv1.Job
	for _, j := range jobs {
		out = append(out, &pluginv1.Job{Step: j.Step, Partition: j.Partition, Account: j.Account, Qos: j.QOS,
			Options: append([]string(nil), j.Options...), Script: j.Script, Images: append([]string(nil), j.Images...)})
	}
	return out
}

func filterResponseFromWire(r *pluginv1.FilterResponse) FilterResponse {
	out := FilterResponse{Reason: r.GetReason()}
	switch r.GetDecision() {
	case pluginv1.FilterResponse_ALLOW:
		out.Decision = FilterAllow
	case pluginv1.FilterResponse_DENY:
		out.Decision = FilterDeny
	case pluginv1.FilterResponse_MODIFY:
		out.Decision = FilterModify
	}
	for _, j := range r.GetJobs() {
		out.Jobs = append(out.Jobs, FilterJob{Step: j.GetStep(), Partition: j.GetPartition(), Account: j.GetAccount(), QOS: j.GetQos(),
			Options: j.GetOptions(), Script: j.GetScript(), Images: j.GetImages()})
	}
	return out
}

func readingsFromWire(r *pluginv1.ReadResponse) []Reading {
	var out []Reading
	for _, w := range r.GetReadings() {
		rd := Reading{Device: w.GetDevice(), Kind: w.GetKind(), Model: w.GetModel(), PowerMilliwatts: w.GetPowerMilliwatts(), HasPower: w.GetHasPower(),
			EnergyMillijoules: w.GetEnergyMillijoules(), HasEnergy: w.GetHasEnergy()}
		if ns := w.GetTimeUnixNano(); ns != 0 {
			rd.At = time.Unix(0, ns).UTC()
		}
		out = append(out, rd)
	}
	return out
}

// BidQuery is an auction as a bid policy is asked about it: the gateway's announcement, the
// site's configured bid and floor, and how busy the site is.
type BidQuery struct {
	Auction, Job string
	// WorstCaseComputeHoursMilli is the job's worst case at the site; a bid's cost is its
	// price × this / 1000, which must stay within MaxCostWei.
	WorstCaseComputeHoursMilli uint64
	MaxCostWei                 *big.Int
	CommitBy, StartBy, Now     time.Time
	PerformanceGrade           string
	ReliabilityGrade           int
	EnergyGrade                string
	Steps                      []BidStep
	// DefaultPriceWei is the site's configured bid, FloorPriceWei the least it bids.
	DefaultPriceWei, FloorPriceWei *big.Int
	// ActiveRuns counts the site's runs not ended; IdleNodes and AvailableNodes its grid
	// partitions' nodes.
	ActiveRuns, IdleNodes, AvailableNodes int
}

// BidStep is one step of an announced job.
type BidStep struct {
	Step, Partition                             string
	Nodes, CPUsPerNode, GPUsPerNode, ArrayTasks int
	TimeSeconds                                 int64
	ComputeHoursMilli                           uint64
}

// BidOffer is a bid policy's answer: no bid (Bid false, with the reason), or a price per
// Compute Hour in DPS wei and the earliest start the site promises (zero: now).
type BidOffer struct {
	Bid           bool
	PriceWei      *big.Int
	EarliestStart time.Time
	Reason        string
}

// weiPattern is an amount of wei as the site protocol writes it (gateway/protocol.ParseWei,
// which this package does not import: plugins link nothing of the gateway's), and
// maxUnixSeconds the end of the year 9999 (protocol.MaxEarliestStartUnix).
var weiPattern = regexp.MustCompile(`^[0-9]{1,40}$`)

const maxUnixSeconds = 253402300799

func bidQueryToWire(q BidQuery) *pluginv1.BidRequest {
	str := func(v *big.Int) string {
		if v == nil {
			return "0"
		}
		return v.String()
	}
	out := &pluginv1.BidRequest{Auction: q.Auction, Job: q.Job, WorstCaseComputeHoursMilli: q.WorstCaseComputeHoursMilli, MaxCostWei: str(q.MaxCostWei),
		CommitByUnix: q.CommitBy.Unix(), StartByUnix: q.StartBy.Unix(), PerformanceGrade: q.PerformanceGrade, ReliabilityGrade: int32(q.ReliabilityGrade),
		EnergyGrade: q.EnergyGrade, DefaultPriceWei: str(q.DefaultPriceWei), FloorPriceWei: str(q.FloorPriceWei), ActiveRuns: int64(q.ActiveRuns),
		IdleNodes: int64(q.IdleNodes), AvailableNodes: int64(q.AvailableNodes), NowUnix: q.Now.Unix()}
	for _, s := range q.Steps {
		out.Steps = append(out.Steps, &pluginv1.AuctionStep{Step: s.Step, Partition: s.Partition, Nodes: int64(s.Nodes), CpusPerNode: int64(s.CPUsPerNode),
			GpusPerNode: int64(s.GPUsPerNode), ArrayTasks: int64(s.ArrayTasks), TimeSeconds: s.TimeSeconds, ComputeHoursMilli: s.ComputeHoursMilli})
	}
	return out
}

// bidOfferFromWire reads a bid policy's answer, which the host does not trust: a price is
// decimal digits (at most 40), a start a Unix time from 0 to the year 9999.
func bidOfferFromWire(r *pluginv1.BidResponse) (BidOffer, error) {
	out := BidOffer{Bid: r.GetBid(), Reason: r.GetReason()}
	out.Reason = sanitize.Clip(out.Reason, 400)
	if !out.Bid {
		return out, nil
	}
	if !weiPattern.MatchString(r.GetPricePerComputeHourWei()) {
		return BidOffer{}, errors.New("the bid's price is not an amount of wei (decimal digits, at most 40)")
	}
	out.PriceWei, _ = new(big.Int).SetString(r.GetPricePerComputeHourWei(), 10)
	switch start := r.GetEarliestStartUnix(); {
	case start < 0 || start > maxUnixSeconds:
		return BidOffer{}, errors.New("the bid's earliest start is not a Unix time from 0 to the year 9999")
	case start > 0:
		out.EarliestStart = time.Unix(start, 0).UTC()
	}
	return out, nil
}
