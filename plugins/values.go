package plugins

import (
	"time"

	"github.com/petagrid/petagrid/plugins/proto/pluginv1"
)

// The host's side of the submit-filter and telemetry protocols in plain Go values: the site
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
