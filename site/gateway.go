package site

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/petagrid/petagrid/accounting/store"
	"github.com/petagrid/petagrid/internal/strictyaml"
	"github.com/petagrid/petagrid/site/journal"
	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/site/siteapi"
	"github.com/petagrid/petagrid/slurmbridge"
	"github.com/sirupsen/logrus"
)

// This file holds what the grid gateway's link (package site/gatewaylink) needs of the
// daemon: the same acceptance, cancellation and log reading as the local API, without the
// HTTP around them.

// UnverifiedPrefix begins the owner of a grid run whose researcher the gateway named without
// the researcher's own signature ("unverified:0x…"): the run is the pool account's, and the
// named researcher's key does not own it at this site.
const UnverifiedPrefix = "unverified:"

// AssignedRun is a run the grid gateway placed on this site.
type AssignedRun struct {
	// Job is the grid job id; the run is journaled under it, with the idempotency key
	// journal.GatewayKeyPrefix + Job.
	Job string
	// Researcher is who the gateway says submitted the job: only the gateway's word unless
	// Signed is set.
	Researcher common.Address
	// Signed is set when the researcher's own signed submission of exactly this job came with
	// it and verified (site/gatewaylink checks it). Only then does the run go to the account
	// site.users.researchers maps the researcher to, and belong to their key; its nonce is
	// spent with the run, so the signature authorises one run only. Without it the run goes
	// to the pool account: the daemon's in pool mode, LocalUser in mapped mode.
	Signed *SignedSubmission
	// LocalUser is, in mapped mode, the grid's pool account: the run goes to it when the
	// researcher's key is not in site.users.researchers, or their signature did not come
	// with the job (it must be in allowedLocalUsers); empty refuses such a run. Pool mode runs
	// every job as the daemon's account and ignores it.
	LocalUser string
	Workflow  string
	FileName  string
	Params    map[string]string
}

// SignedSubmission is what the journal keeps of a verified signed submission: its nonce,
// until it expires.
type SignedSubmission struct {
	Nonce   string
	Expires time.Time
}

// RefusedError is a submission this site will not run: its workflow does not compile with
// the site's profile and rules, or its researcher maps to no local account. Nothing was
// journaled. Any other error from AcceptAssignment is the site's own failure (the journal),
// worth trying again.
type RefusedError struct {
	Reason string
	// Details are the individual problems, one "file:line:col: message" per workflow error.
	Details []string
}

func (e *RefusedError) Error() string {
	if len(e.Details) == 0 {
		return e.Reason
	}
	return e.Reason + ":\n" + strings.Join(e.Details, "\n")
}

func refusedf(format string, args ...any) *RefusedError {
	return &RefusedError{Reason: fmt.Sprintf(format, args...)}
}

// refusal turns a compilation error into a RefusedError, with one detail per YAML error.
func refusal(err error) *RefusedError {
	var yamlErrs strictyaml.Errors
	if errors.As(err, &yamlErrs) {
		details := make([]string, len(yamlErrs))
		for i, e := range yamlErrs {
			details[i] = e.Error()
		}
		return &RefusedError{Reason: fmt.Sprintf("the workflow has %d error(s)", len(details)), Details: details}
	}
	return &RefusedError{Reason: err.Error()}
}

// intake takes runs in, from the API and from the gateway's link: it checks and journals
// them and hands them to the executor, and journals cancellation requests, which the executor
// (a run not in Slurm yet) or the tracker (its jobs) carries out.
type intake struct {
	log      logrus.FieldLogger
	journal  *journal.Journal
	mapper   *Mapper
	executor *executor
	tracker  *tracker
}

// AcceptAssignment journals a run the gateway assigned, as POST /v1/jobs does after
// authentication: the workflow is compiled with the site profile (a *RefusedError says why
// it cannot run here), journaled under the grid job id, and queued for submission. An
// assignment the site already journaled returns that run: the gateway sends an assignment
// again until it hears the answer.
func (d *Daemon) AcceptAssignment(ctx context.Context, a AssignedRun) (siteapi.Run, error) {
	return d.intake.acceptAssignment(ctx, a)
}

// RequestCancel asks for a run to be cancelled, as DELETE /v1/jobs/{id} does. The request
// is journaled at once; the jobs of a run already in Slurm are cancelled by the tracker
// (woken now), as the run's account, so that the caller never waits on scancel. A run that
// has ended is returned as it is.
func (d *Daemon) RequestCancel(ctx context.Context, runID string) (siteapi.Run, error) {
	return d.intake.requestCancel(ctx, runID)
}

// acceptRun validates a run's workflow completely (parse, site rules, rendering) with the
// site profile, journals it and queues it for submission. A workflow that cannot run is a
// *RefusedError and nothing is recorded. created is false when the run's idempotency key
// named an existing run, which is returned instead.
func (in *intake) acceptRun(ctx context.Context, run siteapi.Run) (siteapi.Run, bool, error) {
	return in.acceptRunSpending(ctx, run, nil)
}

// acceptRunSpending is acceptRun spending a signed submission's nonce (when not nil) with the
// run: a nonce spent before is a *RefusedError.
func (in *intake) acceptRunSpending(ctx context.Context, run siteapi.Run, nonce *journal.SubmissionNonce) (siteapi.Run, bool, error) {
	plan, _, err := in.executor.compile(run)
	if err != nil {
		return siteapi.Run{}, false, refusal(err)
	}
	run.Workflow = plan.Workflow
	var accepted siteapi.Run
	if nonce != nil {
		accepted, err = in.journal.AcceptGridRun(ctx, run, *nonce)
	} else {
		accepted, err = in.journal.Accept(ctx, run)
	}
	if errors.Is(err, journal.ErrNonceUsed) {
		return siteapi.Run{}, false, refusedf("the researcher's signed submission was already used for another job here: a replay")
	}
	if errors.Is(err, journal.ErrDuplicate) {
		return accepted, false, nil
	}
	if err != nil {
		return siteapi.Run{}, false, err
	}
	in.log.WithField("run", run.ID).WithField("researcher", run.Researcher).WithField("localUser", run.LocalUser).WithField("workflow", plan.Workflow).Info("run accepted")
	in.executor.enqueue(run.ID)
	return accepted, true, nil
}

// acceptAssignment journals a run the gateway assigned, as POST /v1/jobs does after
// authentication: the workflow is compiled with the site profile (a *RefusedError says why
// it cannot run here), journaled under the grid job id, and queued for submission. An
// assignment the site already journaled returns that run: the gateway sends an assignment
// again until it hears the answer.
func (in *intake) acceptAssignment(ctx context.Context, a AssignedRun) (siteapi.Run, error) {
	if !runIDPattern.MatchString(a.Job) {
		return siteapi.Run{}, refusedf("%q is not a job id (r- followed by 16 characters)", truncate(a.Job, 40))
	}
	key := journal.GatewayKeyPrefix + a.Job
	existing, err := in.journal.Get(ctx, a.Job)
	switch {
	case err == nil:
		if existing.IdempotencyKey != key || !strings.EqualFold(strings.TrimPrefix(existing.Researcher, UnverifiedPrefix), a.Researcher.Hex()) {
			return siteapi.Run{}, refusedf("run id %s is already used on this site by another run", a.Job)
		}
		return existing, nil
	case !errors.Is(err, journal.ErrNotFound):
		return siteapi.Run{}, err
	}
	if strings.TrimSpace(a.Workflow) == "" {
		return siteapi.Run{}, refusedf("the workflow is empty")
	}
	fileName := a.FileName
	if fileName == "" {
		fileName = "workflow.yaml"
	}
	if !fileNamePattern.MatchString(fileName) {
		return siteapi.Run{}, refusedf("fileName %q: a base name of letters, digits and . _ @ + -", truncate(fileName, 60))
	}
	if len(a.Params) > 1000 {
		return siteapi.Run{}, refusedf("more than 1000 params")
	}
	res, err := in.gridResearcher(a)
	if err != nil {
		return siteapi.Run{}, &RefusedError{Reason: err.Error()}
	}
	run := siteapi.Run{ID: a.Job, Researcher: res.ID, LocalUser: res.LocalUser.Name, IdempotencyKey: key,
		SourceName: fileName, Source: []byte(a.Workflow), Params: a.Params}
	var nonce *journal.SubmissionNonce
	if a.Signed != nil {
		nonce = &journal.SubmissionNonce{Signer: a.Researcher.Hex(), Nonce: a.Signed.Nonce, Expires: a.Signed.Expires}
	}
	accepted, _, err := in.acceptRunSpending(ctx, run, nonce)
	return accepted, err
}

// gridResearcher maps the researcher of a gateway assignment. A researcher whose own
// signature came with the job goes to their account when their key is in
// site.users.researchers, else to the grid's pool account; a researcher the gateway only
// names goes to the pool account, whoever they are, and does not own the run.
func (in *intake) gridResearcher(a AssignedRun) (Researcher, error) {
	addr := a.Researcher.Hex()
	if a.Signed == nil {
		return in.gridPoolAccount(UnverifiedPrefix+addr, a.LocalUser,
			fmt.Sprintf("the gateway named researcher %s without their signed submission, and grid.localUser (the account for such jobs) is not set", addr))
	}
	if r, err := in.mapper.ForKey(a.Researcher); err == nil {
		return r, nil
	}
	return in.gridPoolAccount(addr, a.LocalUser, fmt.Sprintf("researcher %s is not in site.users.researchers and grid.localUser is not set", addr))
}

// gridPoolAccount is the account of grid runs that do not run as their researcher's own: in
// pool mode the daemon's (which runs every job anyway), in mapped mode poolUser, refused with
// whyNone when it is not set.
func (in *intake) gridPoolAccount(owner, poolUser, whyNone string) (Researcher, error) {
	if in.mapper.Mode() == ModePool {
		return Researcher{ID: owner, Name: owner, LocalUser: in.mapper.Self()}, nil
	}
	if poolUser == "" {
		return Researcher{}, fmt.Errorf("%s: %w", whyNone, ErrNotAllowed)
	}
	acct, err := in.mapper.Account(poolUser)
	if err != nil {
		return Researcher{}, fmt.Errorf("grid.localUser: %w", err)
	}
	return Researcher{ID: owner, Name: owner, LocalUser: acct}, nil
}

// markCancel records a cancellation request durably and hands a run that is not in Slurm
// yet back to the executor, which ends it; the tracker cancels the jobs of a submitted run.
func (in *intake) markCancel(ctx context.Context, runID, by string) (siteapi.Run, error) {
	run, err := in.journal.RequestCancel(ctx, runID)
	if err != nil {
		return siteapi.Run{}, err
	}
	in.log.WithField("run", run.ID).WithField("by", by).Info("cancel requested")
	switch run.State {
	case runstate.Accepted, runstate.Rendered:
		in.executor.enqueue(run.ID)
	}
	return run, nil
}

// requestCancel asks for a run to be cancelled, as DELETE /v1/jobs/{id} does. The request
// is journaled at once; the jobs of a run already in Slurm are cancelled by the tracker
// (woken now), as the run's account, so that the caller never waits on scancel. A run that
// has ended is returned as it is.
func (in *intake) requestCancel(ctx context.Context, runID string) (siteapi.Run, error) {
	run, err := in.journal.Get(ctx, runID)
	if err != nil {
		return siteapi.Run{}, err
	}
	if run.State.Terminal() {
		return run, nil
	}
	if run, err = in.markCancel(ctx, runID, "gateway"); err != nil {
		return siteapi.Run{}, err
	}
	in.tracker.wake()
	return run, nil
}

// ReadLogs reads at most maxBytes of a run's logs from offset: the bytes GET
// /v1/jobs/{id}/logs (without follow) would send from there. One step and one stream (and
// one task of an array) are the file's own bytes, and offsets into them are stable; several
// sources are concatenated with each line prefixed by its step, which shifts while a source
// before the last is still growing. eof is true when the run had ended before the read and
// the read reached the end. step "" means every step, task < 0 every array task, stream ""
// both streams.
func (d *Daemon) ReadLogs(ctx context.Context, runID, step string, task int, stream string, offset int64, maxBytes int) (data []byte, eof bool, err error) {
	if step != "" && !stepNamePattern.MatchString(step) {
		return nil, false, errors.New("step: a step name")
	}
	switch stream {
	case "":
		stream = "both"
	case "stdout", "stderr", "both":
	default:
		return nil, false, errors.New("stream: stdout, stderr or both")
	}
	if offset < 0 || maxBytes < 1 {
		return nil, false, fmt.Errorf("offset %d and maxBytes %d: offset ≥ 0, maxBytes ≥ 1", offset, maxBytes)
	}
	run, err := d.journal.Get(ctx, runID)
	if err != nil {
		return nil, false, err
	}
	// The state is read before the files: a run that had ended has written all it will.
	ended := run.State.Terminal()
	if run.Workspace == "" {
		return nil, ended, nil
	}
	sources, err := logSources(run, step, max(task, -1), stream)
	if err != nil {
		return nil, false, err
	}
	raw := len(sources) == 1 && step != ""
	w := &logWindow{skip: offset, limit: maxBytes}
	if raw {
		// The file's own bytes: start reading at the offset instead of skipping up to it.
		sources[0].off, w.skip = offset, 0
	}
	if err := d.streamLogs(ctx, w, run, sources, raw, false); err != nil && !errors.Is(err, errWindowFull) {
		return nil, false, err
	}
	if len(w.buf) > maxBytes {
		return w.buf[:maxBytes], false, nil
	}
	return w.buf, ended, nil
}

// errWindowFull stops reading logs once a logWindow holds what was asked for.
var errWindowFull = errors.New("log window full")

// logWindow keeps bytes [skip, skip+limit] of what is written to it, one byte more than
// asked so that the reader knows whether more follows.
type logWindow struct {
	skip  int64
	limit int
	buf   []byte
}

func (w *logWindow) Write(p []byte) (int, error) {
	n := len(p)
	if w.skip > 0 {
		drop := min(w.skip, int64(len(p)))
		w.skip -= drop
		p = p[drop:]
	}
	room := w.limit + 1 - len(w.buf)
	if len(p) > room {
		p = p[:room]
	}
	w.buf = append(w.buf, p...)
	if len(w.buf) > w.limit {
		return n, errWindowFull
	}
	return n, nil
}

// Config is the daemon's configuration with its defaults applied.
func (d *Daemon) Config() Config { return d.cfg }

// Slurm is the bridge the daemon reads Slurm with, as its own account.
func (d *Daemon) Slurm() *slurmbridge.Bridge { return d.bridge }

// AccountingStore is the accounting service's store; nil when the daemon runs without
// accounting.
func (d *Daemon) AccountingStore() *store.Store {
	if d.accounting == nil {
		return nil
	}
	return d.accounting.Store()
}
