package site

import (
	"context"
	"time"

	"github.com/petagrid/petagrid/slurmbridge"
	"github.com/petagrid/petagrid/workflows"
)

// slurmReader is what the daemon asks Slurm as its own account: the tracker's poll and the
// final states from accounting, and the executor's search for jobs submitted before a crash.
// *slurmbridge.Bridge is one; tests use the test double in test/fakeslurm.
type slurmReader interface {
	JobStates(ctx context.Context, ids []uint32) ([]slurmbridge.JobStatus, error)
	ListJobs(ctx context.Context, q slurmbridge.JobQuery) ([]slurmbridge.Job, error)
	Accounting(ctx context.Context, q slurmbridge.AccountingQuery) ([]slurmbridge.AccountingRecord, error)
	ControllerBootTime(ctx context.Context) (time.Time, error)
	// Partitions and SchedulerType: the node limit a challenge's job must keep to, and
	// whether Slurm starts the heterogeneous job that keeps to it.
	Partitions(ctx context.Context) ([]slurmbridge.Partition, error)
	SchedulerType(ctx context.Context) (string, error)
	// JobNodeLimit: the per-job node limit of the partition's QOS, the job's QOS or its
	// association that the challenge's job runs under, which Slurm also checks one
	// heterogeneous component at a time.
	JobNodeLimit(ctx context.Context, user string, partition slurmbridge.Partition) (slurmbridge.PerJobNodeLimit, error)
}

// jobControl is what the daemon does as a run's account: submit a plan (workflows.SubmitPlan
// needs its submit, find-by-tag and cancel) and cancel jobs.
type jobControl = workflows.Submitter
