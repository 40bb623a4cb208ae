// Package workflows is PetaGrid's workflow language: researchers' YAML parsed strictly with
// positions, validated as a DAG of steps, and compiled with a site profile into sbatch
// scripts that run Apptainer, enroot/pyxis or host commands under srun.
//
// The pipeline is Parse (syntax and language rules, no site knowledge) → Compile (site
// profile, parameter values, workspace: a Plan of Slurm jobs) → SubmitPlan. Nothing a
// researcher writes reaches a script except as a single-quoted literal or inside a data
// file the script reads at run time (env files, matrix values).
package workflows

import "github.com/petagrid/petagrid/internal/strictyaml"

// Version is the only language version this package reads.
const Version = 1

// Pos is a place in a workflow file, 1-based; zero when unknown.
type Pos struct {
	Line   int
	Column int
}

// Opt is a value that may be left out; At is where it was written.
type Opt[T any] struct {
	Value T
	Set   bool
	At    Pos
}

func some[T any](v T, at Pos) Opt[T] { return Opt[T]{Value: v, Set: true, At: at} }

// Workflow is one parsed workflow file.
type Workflow struct {
	File      string
	Version   int
	Name      string
	Labels    []Label
	Params    []*Param
	Resources Resources
	Env       []EnvVar
	Secrets   []SecretRef
	// Deterministic is the researcher's word that the declared outputs are a pure function of
	// the workflow's inputs, image and params: no clocks, unseeded randomness, host names or
	// reductions whose result depends on the thread count. Verify requires it.
	Deterministic bool
	// Verify, when set, asks for replicated execution; nil runs the workflow once.
	Verify *Verify
	// Placement is what the workflow asks of the grid gateway's placement (a grade floor, an
	// auction); nil asks nothing.
	Placement *Placement
	Steps     []*Step
	Finally   []*Step
	// Warnings are things that work but deserve a second look (an image not pinned by digest).
	Warnings strictyaml.Errors
}

// Verify asks the gateway to run the workflow on Replicas distinct sites and to accept the
// output manifest (the digest of the declared outputs) that at least Quorum of them report,
// running again elsewhere up to Reruns replicas that end without a vote.
// Parse fills in the default quorum, so Quorum is always set in a parsed workflow.
type Verify struct {
	// Replicas is the number of sites that run the workflow, MinReplicas to MaxReplicas.
	Replicas int
	// Quorum is a strict majority of Replicas (Replicas/2 < Quorum ≤ Replicas), so that two
	// groups of replicas that disagree can never both reach it.
	Quorum int
	// Reruns is how many replicas that end without a vote (failed, cancelled by their site,
	// or succeeded without reporting a digest) the gateway may run again on a site of yet
	// another operator, 0 to MaxReruns. The budget pays for them up front: each run may
	// cost budget / (Replicas + Reruns).
	Reruns int
	// At is where the verify mapping is written.
	At Pos
}

// Label is one key/value annotation, for querying and accounting.
type Label struct {
	Key, Value string
	At         Pos
}

// ParamType is the type of a workflow parameter.
type ParamType string

// Parameter types.
const (
	ParamString ParamType = "string"
	ParamInt    ParamType = "int"
	ParamFloat  ParamType = "float"
	ParamBool   ParamType = "bool"
)

// Param is a typed workflow parameter. Values are kept in their canonical text form
// (decimal integer, shortest float, true/false), which is what interpolation inserts.
type Param struct {
	Name        string
	Type        ParamType
	Default     Opt[string]
	Description string
	At          Pos
}

// Resources is what a step asks Slurm for. Job-wide values are defaults that each step may
// override field by field; the memory fields (mem, memPerCpu, memPerGpu) and the GPU fields
// (gpus, gpuType, gpusPerTask) are overridden as groups so a step never inherits a
// combination it did not write.
type Resources struct {
	Nodes        Opt[int]
	Tasks        Opt[int]
	TasksPerNode Opt[int]
	CPUsPerTask  Opt[int]
	MemMiB       Opt[int64]
	MemPerCPUMiB Opt[int64]
	MemPerGPUMiB Opt[int64]
	GPUs         Opt[int]
	GPUType      Opt[string]
	GPUsPerTask  Opt[int]
	// TimeSeconds is the wall time of one attempt of the step.
	TimeSeconds Opt[int64]
}

// EnvVar is one environment variable for a step's command.
type EnvVar struct {
	Name  string
	Value Text
	At    Pos
}

// SecretRef makes the site secret named Ref available to a step as the environment
// variable Name. The value is read on the compute node when the step starts.
type SecretRef struct {
	Name string
	Ref  string
	At   Pos
}

// Condition says when a step runs, given the outcome of the steps it needs.
type Condition string

// Conditions.
const (
	IfSuccess Condition = "success()"
	IfFailure Condition = "failure()"
	IfAlways  Condition = "always()"
)

// MPI is the process-management interface srun offers a step's tasks.
type MPI string

// MPI kinds.
const (
	MPINone MPI = "none"
	MPIPMIx MPI = "pmix"
	MPIPMI2 MPI = "pmi2"
)

// Step is one unit of work: one Slurm job (an array job when it fans out).
type Step struct {
	Name      string
	At        Pos
	Finally   bool
	Needs     []NameRef
	If        Opt[Condition]
	Run       Run
	Resources Resources
	Env       []EnvVar
	Secrets   []SecretRef
	Retry     *Retry
	// TimeoutSeconds caps the whole step (every attempt, backoff and staging).
	TimeoutSeconds Opt[int64]
	Matrix         *Matrix
	Inputs         []Input
	Outputs        []Output
}

// NameRef is a reference to a step by name.
type NameRef struct {
	Name string
	At   Pos
}

// Run is what a step executes.
type Run struct {
	// Image is docker://… or an absolute path to a SIF file; empty runs on the host.
	Image Opt[string]
	// Command is the argv, each word possibly interpolated.
	Command []Text
	// Shell is a script for /bin/sh -c, written only when the researcher opts in.
	Shell   Opt[string]
	Workdir Opt[string]
	Mounts  []Mount
	MPI     Opt[MPI]
	At      Pos
}

// Mount binds a host path of the site's allow-list into the container.
type Mount struct {
	Source   string
	Target   string
	ReadOnly bool
	At       Pos
}

// Retry says how often and on which failures a step runs again.
type Retry struct {
	Limit   int
	Backoff Backoff
	// On lists what may be retried; empty means any failure.
	OnExitCodes   []int
	OnNodeFail    bool
	OnTimeout     bool
	OnOutOfMemory bool
	At            Pos
}

// Backoff is the delay before attempt n+1: InitialSeconds × Factor^(n-1), at most MaxSeconds.
type Backoff struct {
	InitialSeconds int64
	Factor         float64
	MaxSeconds     int64
}

// Matrix fans a step out over combinations of values; each combination is one array task.
type Matrix struct {
	Axes        []Axis
	Include     []Combination
	Exclude     []Combination
	MaxParallel Opt[int]
	At          Pos
}

// Axis is one named list of values.
type Axis struct {
	Name   string
	Values []string
	At     Pos
}

// Combination assigns a value to some axes.
type Combination struct {
	Values map[string]string
	At     Pos
}

// Input is a file fetched over HTTP(S) into the workspace before the step runs.
type Input struct {
	URL    string
	Path   string
	SHA256 string
	At     Pos
}

// Output is a file the step must leave in the workspace; it is checksummed into the step's
// output manifest and, when Publish is set, uploaded with HTTP PUT after success.
type Output struct {
	Path Text
	// Publish is an http(s) URL; in a matrix step it must use a matrix value, so that array
	// tasks do not overwrite each other's upload.
	Publish Opt[Text]
	At      Pos
}
