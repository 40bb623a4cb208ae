package site

import (
	"context"
	"errors"
	"fmt"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/sirupsen/logrus"
	"mvdan.cc/sh/v3/syntax"

	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/internal/backoff"
	"github.com/petagrid/petagrid/pocp/challenge"
	"github.com/petagrid/petagrid/site/challengerun"
	"github.com/petagrid/petagrid/site/journal"
	"github.com/petagrid/petagrid/slurmbridge"
	"github.com/petagrid/petagrid/workflows"
)

// A challenge's files, in its workspace (workspace root / account / challengeDirPrefix + id),
// under the metadata directory every workspace has: the spec the job reads, the answer it
// writes, and its output.
const (
	challengeDirPrefix  = "challenge-"
	challengeSpecFile   = workflows.MetaDir + "/state/challenge-spec.json"
	challengeAnswerFile = workflows.MetaDir + "/outputs/challenge-answer.json"
	challengeLogFile    = workflows.MetaDir + "/logs/challenge.out"
	// challengePartsDir holds each node's part of a challenge of several nodes.
	challengePartsDir = workflows.MetaDir + "/state/challenge-parts"
)

// ChallengeTag is the name of a challenge's job: after a crash between sbatch and the
// journal, the daemon finds the job by it rather than submit another.
func ChallengeTag(id string) string { return "petagrid-challenge-" + id }

// carry takes one challenge from wherever the journal says it is to a final state.
func (r *ChallengeRunner) carry(ctx context.Context, id string, resumed bool) {
	log := r.log.WithField("challenge", id)
	lookup := resumed
	retry := backoff.Exponential{Initial: time.Second, Max: max(r.retryMax, time.Second)}
	for ctx.Err() == nil {
		c, err := r.journal.Challenge(ctx, id)
		if err != nil {
			// Left open: the next time the gateway sends it, or at the next start, it is
			// taken up again.
			log.WithError(err).Error("reading the challenge from the journal")
			return
		}
		switch c.State {
		case journal.ChallengeAccepted:
			if !r.now().Before(c.Deadline) {
				// A job submitted without a journaled answer ends at its time limit, the
				// deadline, by itself.
				r.end(ctx, c, journal.ChallengeExpired, "", "the deadline passed before its job could be submitted")
				return
			}
			err := r.submit(ctx, c, lookup)
			if err == nil {
				continue
			}
			if !transient(err) {
				r.end(ctx, c, journal.ChallengeFailed, "", "submitting its job: "+err.Error())
				return
			}
			lookup = true
			wait := min(retry.Next(), max(c.Deadline.Sub(r.now()), 0))
			log.WithError(err).WithField("retryInSeconds", wait.Seconds()).Warn("Slurm did not answer the challenge's submission; will look its job up by name and go on")
			if backoff.Sleep(ctx, wait) != nil {
				return
			}
		case journal.ChallengeSubmitted:
			r.follow(ctx, c)
			return
		default:
			return
		}
	}
}

// submit writes the challenge's spec into its workspace as the job's account and submits its
// one job, journaling the job id. With lookup set (a resumed challenge, or a retry after an
// unanswered sbatch) it first looks for a job submitted before under the challenge's name and
// adopts it.
func (r *ChallengeRunner) submit(ctx context.Context, c journal.Challenge, lookup bool) error {
	b, err := r.mapper.Submitter(c.LocalUser)
	if err != nil {
		return err
	}
	tag := ChallengeTag(c.ID)
	if lookup {
		adopted, err := r.adopt(ctx, b, c, tag)
		if err != nil || adopted {
			return err
		}
	}
	spec, err := challenge.ParseSpec(c.Spec)
	if err != nil {
		return fmt.Errorf("the journaled spec: %w", err)
	}
	acct, err := r.mapper.Account(c.LocalUser)
	if err != nil {
		return err
	}
	files := &workflows.Plan{Workspace: c.Workspace, Files: []workflows.File{{Path: challengeSpecFile, Data: c.Spec, Mode: 0o600}}}
	if err := r.mapper.WriteWorkspace(ctx, acct, path.Dir(c.Workspace), files); err != nil {
		return err
	}
	limit, err := r.splitLimit(ctx, c.ID, c.LocalUser, c.Partition, spec.NodeCount())
	if err != nil {
		return err
	}
	req, err := r.request(c, spec, tag, limit)
	if err != nil {
		return err
	}
	res, err := b.Submit(ctx, req)
	if err != nil {
		return err
	}
	// The job exists: its id is journaled even if the daemon is stopping.
	if err := r.journal.RecordChallengeJob(context.WithoutCancel(ctx), c.ID, res.JobID); err != nil {
		return &journalError{err: err}
	}
	r.log.WithField("challenge", c.ID).WithField("jobId", res.JobID).WithField("partition", c.Partition).Info("challenge job submitted")
	return nil
}

// adopt looks the challenge's job up by name (the account's own jobs only, in the controller
// and in accounting) and journals the one it finds.
func (r *ChallengeRunner) adopt(ctx context.Context, b jobControl, c journal.Challenge, tag string) (bool, error) {
	ids, err := b.FindByTag(ctx, tag, c.CreatedAt.Add(-time.Minute))
	if err != nil {
		return false, &lookupError{err: err}
	}
	switch len(ids) {
	case 0:
		return false, nil
	case 1:
		if err := r.journal.RecordChallengeJob(ctx, c.ID, ids[0]); err != nil {
			return false, &journalError{err: err}
		}
		r.log.WithField("challenge", c.ID).WithField("jobId", ids[0]).Info("adopted the challenge job submitted before a restart or an unanswered sbatch")
		return true, nil
	}
	// The daemon never submits two: whoever did, neither is trusted to answer.
	for _, id := range ids {
		r.cancel(ctx, b, c.ID, id)
	}
	return false, &ambiguousTagError{tag: tag, jobs: len(ids)}
}

// splitLimit is the node limit a challenge of nodes must be split under, into the
// components of a heterogeneous job (request), read from the controller and accounting as
// the job is submitted: the smaller of the partition's MaxNodes and the per-job node limit
// that applies to user's job (of the partition's QOS, the job's QOS or its association, in
// Slurm's precedence: slurmbridge.PerJobNodeLimit), where it is below nodes, the site
// runs such jobs (site.challenges.heterogeneous) and Slurm can start them (sched/backfill);
// 0 otherwise, for one job of every node. Slurm checks both limits one component at a
// time when it schedules; a QOS with DenyOnLimit checks the components' sum at submission,
// which no split passes. An error is a controller that did not answer (retried); a limit
// or scheduler that cannot be read, and accounting that does not answer, are logged and
// left out.
func (r *ChallengeRunner) splitLimit(ctx context.Context, id, user, partition string, nodes int) (int, error) {
	if nodes <= 1 || !r.heterogeneous {
		return 0, nil
	}
	log := r.log.WithField("challenge", id).WithField("partition", partition).WithField("nodes", nodes)
	part, err := r.partition(ctx, partition)
	limit := 0
	switch {
	case err != nil && transient(err):
		return 0, err
	case err != nil:
		log.WithError(err).Warn("the partition's node limit and QOS are unknown: the challenge's job keeps to the other limits only")
		part = slurmbridge.Partition{Name: partition}
	case part.MaxNodes != nil && *part.MaxNodes > 0:
		limit = int(min(*part.MaxNodes, challenge.MaxNodes))
	}
	from := "partition MaxNodes"
	// Read from accounting (slurmdbd), which a controller can run without for a while: a
	// failure is not retried, or the challenge would wait for slurmdbd past its deadline.
	limitCtx, cancel := context.WithTimeout(ctx, jobNodeLimitTimeout)
	perJob, err := r.slurm.JobNodeLimit(limitCtx, user, part)
	cancel()
	switch {
	case err != nil:
		log.WithError(err).Warn("the per-job node limit of the QOSes and association of the challenge's job is unknown: the challenge's job keeps to the partition's MaxNodes only")
	case perJob.Nodes > 0 && nodes > perJob.Nodes && perJob.DenyOnLimit:
		log.WithFields(logrus.Fields{"maxNodes": perJob.Nodes, "limitFrom": perJob.From, "qos": perJob.QOS, "partitionQos": perJob.PartitionQOS}).
			Warn("the challenge holds more nodes than one job may under the QOS or association of the challenge's job, and its QOS or the partition's has DenyOnLimit: Slurm refuses its job, heterogeneous or not (it sums the components at submission), and the challenge will fail; raise the limit for the pool account or drop DenyOnLimit")
		return 0, nil
	case perJob.Nodes > 0 && (limit == 0 || perJob.Nodes < limit):
		limit, from = min(perJob.Nodes, challenge.MaxNodes), perJob.From
	}
	if limit == 0 || nodes <= limit {
		return 0, nil
	}
	scheduler, err := r.slurm.SchedulerType(ctx)
	switch {
	case err != nil && transient(err):
		return 0, fmt.Errorf("reading the scheduler type: %w", err)
	case err != nil || scheduler != "sched/backfill":
		log.WithError(err).WithField("scheduler", scheduler).WithField("maxNodes", limit).WithField("limitFrom", from).
			Warn("the challenge holds more nodes than one job may, and Slurm starts the heterogeneous job that would keep to the limit only under SchedulerType=sched/backfill: its job asks for all its nodes at once, which Slurm holds, and the challenge will be missed")
		return 0, nil
	}
	log.WithField("maxNodes", limit).WithField("limitFrom", from).Info("the challenge holds more nodes than one job may: it runs as one heterogeneous job of components within the limit")
	return limit, nil
}

// jobNodeLimitTimeout bounds the accounting reads of a challenge's per-job node limit: up to
// four commands against slurmdbd, which must not eat the challenge's allowance.
const jobNodeLimitTimeout = 10 * time.Second

// partition is the controller's view of the named partition (its MaxNodes and QOS).
func (r *ChallengeRunner) partition(ctx context.Context, name string) (slurmbridge.Partition, error) {
	parts, err := r.slurm.Partitions(ctx)
	if err != nil {
		return slurmbridge.Partition{}, fmt.Errorf("reading partition %s (its MaxNodes and QOS): %w", name, err)
	}
	for _, p := range parts {
		if p.Name == name {
			return p, nil
		}
	}
	return slurmbridge.Partition{}, fmt.Errorf("partition %s is not in the controller's list", name)
}

// componentSizes shares a challenge's nodes among the fewest jobs components that keep to a
// partition's per-job node limit (0: none), as evenly as can be: 5 nodes under a limit of 2
// are 2, 2 and 1.
func componentSizes(nodes, limit int) []int {
	if limit <= 0 || nodes <= limit {
		return []int{nodes}
	}
	count := (nodes + limit - 1) / limit
	sizes := make([]int, count)
	for i := range sizes {
		sizes[i] = nodes / count
		if i < nodes%count {
			sizes[i]++
		}
	}
	return sizes
}

// request is the challenge's sbatch: whole nodes of its partition until the deadline,
// running `<binary> challenge run --spec … --out …` and nothing else. A challenge of
// several nodes runs one task per node (`srun … challenge run --parts …`), then joins the
// parts into the answer (`challenge combine`). Where the partition's node limit (limit, 0:
// none) is below the challenge's nodes, the job is heterogeneous: components of at most
// limit nodes each, which Slurm starts together and checks against the limit one by one,
// and one srun step across them all, its tasks ranked across the components.
func (r *ChallengeRunner) request(c journal.Challenge, spec challenge.Spec, tag string, limit int) (slurmbridge.SubmitRequest, error) {
	specPath, answerPath := path.Join(c.Workspace, challengeSpecFile), path.Join(c.Workspace, challengeAnswerFile)
	nodes := spec.NodeCount()
	sizes := componentSizes(nodes, limit)
	var script []byte
	var err error
	if nodes == 1 {
		script, err = challengeScript(r.binary, jobKernel(r.kernel, c.Timed), specPath, answerPath)
	} else {
		script, err = challengeNodesScript(r.srun, r.binary, jobKernel(r.kernel, c.Timed), specPath, path.Join(c.Workspace, challengePartsDir), answerPath, sizes, c.CPUs, c.GPUs, c.GPUType)
	}
	if err != nil {
		return slurmbridge.SubmitRequest{}, err
	}
	minutes := timeLimitMinutes(r.now(), spec.Deadline)
	// --exclusive and --mem=0: the whole nodes, their cores and memory, as the challenge
	// measures nodes. --no-requeue: a job that lost a node is not started again late; the
	// challenge has failed.
	component := func(n int) []string {
		options := []string{"--nodes=" + strconv.Itoa(n), "--exclusive", "--mem=0", "--no-requeue", "--time=" + strconv.Itoa(minutes)}
		if nodes > 1 {
			options = append(options, "--ntasks="+strconv.Itoa(n), "--ntasks-per-node=1")
		}
		return append(options, challengeNodeOptions(c.CPUs, c.GPUs, c.GPUType)...)
	}
	options := append(component(sizes[0]), "--output="+path.Join(c.Workspace, challengeLogFile))
	var het [][]string
	for _, n := range sizes[1:] {
		het = append(het, component(n))
	}
	return slurmbridge.SubmitRequest{Script: script, Tag: tag, WorkDir: c.Workspace, Partition: c.Partition, Options: options, HetComponents: het}, nil
}

// challengeNodeOptions ask for a node of the shape the deadline was sized for: at least
// its CPUs, and its GPUs, so that a Slurm constraining devices lets the job see (and name)
// them. The type comes from a validated challenge (a GRES type's characters only).
func challengeNodeOptions(cpus, gpus int, gpuType string) []string {
	var options []string
	if cpus > 0 {
		options = append(options, "--mincpus="+strconv.Itoa(cpus))
	}
	if gpus > 0 {
		gres := "gpu:" + strconv.Itoa(gpus)
		if gpuType != "" {
			gres = "gpu:" + gpuType + ":" + strconv.Itoa(gpus)
		}
		options = append(options, "--gres="+gres)
	}
	return options
}

// timeLimitMinutes is the time from now to the deadline in whole minutes, rounded up (Slurm
// takes minutes), at least one.
func timeLimitMinutes(now, deadline time.Time) int {
	left := deadline.Sub(now)
	return max(int((left+time.Minute-1)/time.Minute), 1)
}

// jobKernel is the kernel a challenge's job runs: the GPUs, with no fallback, only where
// the site set site.challenges.kernel: gpu and the gateway sized the deadline for them; a
// challenge sized for a node's CPU part (a CPU node, a GPU model the gateway does not
// time) runs with "auto", fast where the GPUs can be used and correct where they cannot,
// as does one sized for the GPUs at a site set otherwise since (the CPU could not make a
// GPU's deadline). Empty: the run's default (auto).
func jobKernel(configured, timed string) string {
	switch {
	case configured == challengerun.KernelGPU && timed == protocol.TimedGPU:
		return challengerun.KernelGPU
	case configured == challengerun.KernelGPU, timed == protocol.TimedGPU && configured == challengerun.KernelCPU:
		return challengerun.KernelAuto
	default:
		return configured
	}
}

// runArgs is the challenge run's command line: the kernel only where the site set one.
func runArgs(binary, kernel string, args ...string) []string {
	argv := append([]string{binary, "challenge", "run"}, args...)
	if kernel != "" {
		argv = append(argv, "--kernel", kernel)
	}
	return argv
}

// challengeScript is the job's script: its only command execs the challenge run, every
// argument quoted for the shell, so that no path can become a command.
func challengeScript(binary, kernel, specPath, answerPath string) ([]byte, error) {
	run, err := shellCommand(runArgs(binary, kernel, "--spec", specPath, "--out", answerPath)...)
	if err != nil {
		return nil, err
	}
	return []byte("#!/bin/sh\n# A compute challenge from the grid gateway (petagrid).\nexec " + run + "\n"), nil
}

// challengeNodesScript is the script of a challenge of several nodes: one step of a task
// per node, each writing its part (its rank is SLURM_PROCID) into the shared parts
// directory, given each node's CPUs, memory and GPUs; then the parts joined into the
// answer. sizes are the job's components' nodes (one for a job that is not heterogeneous):
// the step spans them all, one srun component per job component (srun's ":"), and ranks
// its tasks across them. set -e: a step that failed leaves no answer, rather than a
// partial one.
func challengeNodesScript(srun, binary, kernel, specPath, partsDir, answerPath string, sizes []int, cpus, gpus int, gpuType string) ([]byte, error) {
	nodes := 0
	step := []string{srun}
	for i, n := range sizes {
		nodes += n
		if i > 0 {
			step = append(step, ":")
		}
		if len(sizes) > 1 {
			step = append(step, "--het-group="+strconv.Itoa(i))
		}
		step = append(step, "--nodes="+strconv.Itoa(n), "--ntasks="+strconv.Itoa(n), "--ntasks-per-node=1", "--mem=0", "--kill-on-bad-exit=1")
		if cpus > 0 {
			step = append(step, "--cpus-per-task="+strconv.Itoa(cpus))
		}
		if gpus > 0 {
			step = append(step, challengeNodeOptions(0, gpus, gpuType)...)
		}
	}
	step = append(step, runArgs(binary, kernel, "--spec", specPath, "--parts", partsDir)...)
	run, err := shellCommand(step...)
	if err != nil {
		return nil, err
	}
	combine, err := shellCommand(binary, "challenge", "combine", "--spec", specPath, "--parts", partsDir, "--out", answerPath)
	if err != nil {
		return nil, err
	}
	return []byte("#!/bin/sh\n# A compute challenge of " + strconv.Itoa(nodes) + " nodes from the grid gateway (petagrid).\nset -e\n" +
		run + "\nexec " + combine + "\n"), nil
}

// shellCommand quotes every argument for the shell.
func shellCommand(argv ...string) (string, error) {
	quoted := make([]string, len(argv))
	for i, a := range argv {
		q, err := syntax.Quote(a, syntax.LangPOSIX)
		if err != nil {
			return "", fmt.Errorf("the challenge job's command: %q cannot be quoted for the shell: %w", a, err)
		}
		quoted[i] = q
	}
	return strings.Join(quoted, " "), nil
}

// cancel cancels a challenge's job; one that has ended already is fine, and any other
// failure is only logged: the job's time limit ends it at the deadline anyway.
func (r *ChallengeRunner) cancel(ctx context.Context, b jobControl, id string, jobID uint32) {
	err := b.Cancel(ctx, jobID, "")
	if err != nil && !errors.Is(err, slurmbridge.ErrJobFinished) && !errors.Is(err, slurmbridge.ErrJobNotFound) {
		r.log.WithError(err).WithField("challenge", id).WithField("jobId", jobID).Warn("could not cancel the challenge job; its time limit ends it at the deadline")
	}
}
