package accounting

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/accounting/store"
	"github.com/petagrid/petagrid/internal/backoff"
	"github.com/petagrid/petagrid/slurmbridge"
)

// Accounter is the part of slurmbridge the harvester uses.
type Accounter interface {
	Accounting(ctx context.Context, q slurmbridge.AccountingQuery) ([]slurmbridge.AccountingRecord, error)
	Release(ctx context.Context) (slurmbridge.Release, error)
}

// Harvester copies slurmdbd's job records into the store.
//
// It never keeps a "max(end)+1" cursor (Open XDMoD's, which misses records that reach
// slurmdbd late). The store keeps the covered range — every time in it has been read at
// least once — and each cycle asks sacct for one bounded window:
//   - behind by more than a chunk: the next chunk after the covered range (backfill), so a
//     long history is read in bounded queries, one per cycle;
//   - caught up: everything from Overlap ago (or from the end of the covered range, if that
//     is older) to now, upserted again. sacct returns every job whose run overlaps the
//     window, in any state, so running jobs are re-read each cycle until they end.
//
// A window's records, the window and the coverage it adds are committed in one
// transaction: a harvester killed at any point resumes at the first uncommitted window.
type Harvester struct {
	bridge  Accounter
	store   *store.Store
	cluster string
	cfg     HarvestConfig
	format  slurmbridge.AccountingFormat
	version string
	log     logrus.FieldLogger
	now     func() time.Time
	chunk   time.Duration // current backfill chunk; halved when slurmdbd refuses a window
	metrics *Metrics
}

// NewHarvester returns a harvester for one cluster. metrics may be nil.
func NewHarvester(bridge Accounter, st *store.Store, cluster string, cfg HarvestConfig, version string, log logrus.FieldLogger, metrics *Metrics) (*Harvester, error) {
	format, err := sacctFormat(cfg.Format)
	if err != nil {
		return nil, err
	}
	if cluster == "" {
		return nil, errors.New("harvester needs a cluster name")
	}
	if cfg.Chunk <= 0 || cfg.Overlap <= 0 {
		return nil, errors.New("harvester configuration without defaults")
	}
	return &Harvester{
		bridge: bridge, store: st, cluster: cluster, cfg: cfg, format: format, version: version,
		log: log.WithField("component", "harvester"), now: func() time.Time { return time.Now().UTC() },
		chunk: cfg.Chunk, metrics: metrics,
	}, nil
}

// Window kinds.
const (
	KindBackfill = "backfill"
	KindOverlap  = "overlap"
)

// backfillMargin makes consecutive backfill windows overlap a little, so that a record
// stamped exactly on a boundary is read by both rather than by neither.
const backfillMargin = time.Minute

// planWindow returns the next window to read, given the covered range (ok false: none yet).
// since, when set, asks for history back to that time.
func (h *Harvester) planWindow(cov store.Coverage, ok bool, since, now time.Time) (start, end time.Time, kind string) {
	switch {
	case !ok:
		start = since
		if start.IsZero() {
			start = now.Add(-h.cfg.InitialBackfill)
		}
	case !since.IsZero() && since.Before(cov.From):
		// More history was asked for: read backwards from the covered range, which stays
		// contiguous because each window ends inside it.
		start = maxTime(since, cov.From.Add(-h.chunk))
		return start, cov.From.Add(backfillMargin), KindBackfill
	default:
		start = cov.Until.Add(-backfillMargin)
	}
	if now.Sub(start) > h.chunk+backfillMargin {
		// The window is the chunk plus the margin, so coverage advances by a whole chunk
		// whatever the chunk's size.
		return start, start.Add(h.chunk + backfillMargin), KindBackfill
	}
	if overlapStart := now.Add(-h.cfg.Overlap); overlapStart.Before(start) {
		start = overlapStart
	}
	return start, now, KindOverlap
}

// CycleResult says what one cycle did.
type CycleResult struct {
	Window   store.Window // the last window committed (an overlap may be read in pieces)
	Records  int          // records read over the whole cycle
	CaughtUp bool         // the window reached now: nothing older is left to read
}

// Cycle reads one window with one bounded sacct query and commits it. An overlap window
// wider than the chunk (a long Overlap, or a chunk shrunk by slurmdbd's limits) is read as
// consecutive chunks, each its own bounded query and commit.
func (h *Harvester) Cycle(ctx context.Context, since time.Time) (CycleResult, error) {
	cov, ok, err := h.store.Coverage(ctx, h.cluster)
	if err != nil {
		return CycleResult{}, err
	}
	for {
		now := h.now().Truncate(time.Second)
		start, end, kind := h.planWindow(cov, ok, since, now)
		var res CycleResult
		var records int
		for pieceStart := start; pieceStart.Before(end); {
			pieceEnd := end
			if kind == KindOverlap && end.Sub(pieceStart) > h.chunk {
				pieceEnd = pieceStart.Add(h.chunk)
			}
			if res, err = h.readWindow(ctx, pieceStart, pieceEnd, kind); err != nil {
				break
			}
			records += res.Window.Stats.Records
			pieceStart = pieceEnd
		}
		if err != nil && h.shrinkChunk(err) {
			continue
		}
		if err != nil {
			return CycleResult{}, err
		}
		res.CaughtUp = kind == KindOverlap
		res.Records = records
		return res, nil
	}
}

// shrinkChunk halves the backfill chunk when slurmdbd refused a window as too wide or its
// answer was too large; it reports whether a smaller window is worth trying.
func (h *Harvester) shrinkChunk(err error) bool {
	var tooLarge *slurmbridge.OutputTooLargeError
	tooWide := strings.Contains(strings.ToLower(err.Error()), "too wide") || strings.Contains(err.Error(), "RESULT_TOO_LARGE")
	if !errors.As(err, &tooLarge) && !tooWide {
		return false
	}
	if h.chunk <= time.Minute {
		return false
	}
	h.chunk = max(h.chunk/2, time.Minute)
	h.log.WithError(err).WithField("chunk", h.chunk.String()).Warn("slurmdbd refused the window; reading smaller windows")
	return true
}

func (h *Harvester) readWindow(ctx context.Context, start, end time.Time, kind string) (CycleResult, error) {
	started := h.now()
	release, err := h.bridge.Release(ctx)
	if err != nil {
		return CycleResult{}, fmt.Errorf("harvest %s–%s: %w", start.Format(time.RFC3339), end.Format(time.RFC3339), err)
	}
	recs, err := h.bridge.Accounting(ctx, slurmbridge.AccountingQuery{Start: start, End: end, Format: h.format})
	if err == nil {
		recs, err = h.completeSteps(ctx, recs, start, end)
	}
	sacctTook := h.now().Sub(started)
	if err != nil {
		return CycleResult{}, fmt.Errorf("harvest %s–%s: %w", start.Format(time.RFC3339), end.Format(time.RFC3339), err)
	}
	format := ""
	unknown := map[string]int{}
	for i := range recs {
		// sacct answers for the local cluster; every row is keyed with the harvester's name
		// for it (accounting.cluster when set), the name node slots and GPU usage use too,
		// so that they join.
		recs[i].Cluster = h.cluster
		if format == "" {
			format = recs[i].Provenance.Format
		}
		if recs[i].UnknownState {
			unknown[string(recs[i].State)]++
		}
	}
	w := store.Window{
		Cluster: h.cluster, Start: start, End: end, Kind: kind, StartedAt: started, SacctDuration: sacctTook,
		SlurmRelease: release.String(), SourceFormat: format, HarvesterVersion: h.version,
	}
	stats, err := h.store.CommitWindow(ctx, w, recs)
	if err != nil {
		return CycleResult{}, fmt.Errorf("harvest %s–%s: %w", start.Format(time.RFC3339), end.Format(time.RFC3339), err)
	}
	w.Stats = stats
	w.FinishedAt = h.now()
	log := h.log.WithFields(logrus.Fields{
		"window": start.Format(time.RFC3339) + "/" + end.Format(time.RFC3339), "kind": kind, "records": stats.Records,
		"written": stats.Written, "sacctMs": sacctTook.Milliseconds(), "tookMs": w.FinishedAt.Sub(started).Milliseconds(),
	})
	if len(unknown) > 0 {
		// Loud on purpose: these runs are stored with the state as printed but are not
		// understood (a newer Slurm?); PoCP and billing treat them as not ended.
		var states []string
		for s, n := range unknown {
			states = append(states, fmt.Sprintf("%s×%d", s, n))
		}
		sort.Strings(states)
		log.WithField("unknownStates", strings.Join(states, ",")).Error("sacct reported job states this petagrid does not know; the runs are stored as printed and counted as not ended: upgrade petagrid or report the state")
	}
	if stats.Placeholders > 0 {
		log = log.WithField("placeholders", stats.Placeholders)
	}
	if stats.Rejected > 0 {
		// Loud: these records cannot be identified and are not stored; the rest of the
		// window is, so that one bad record does not stop accounting.
		log.WithField("rejected", stats.Rejected).WithField("examples", strings.Join(stats.RejectedExamples, "; ")).
			Error("sacct printed job records without a submit time; they cannot be identified and were not stored")
	}
	log.Info("harvested")
	h.metrics.window(kind, stats, sacctTook, len(unknown) > 0)
	return CycleResult{Window: w}, nil
}

// stepIDsPerQuery bounds the --jobs list of one completion query (about 16 KB of argv).
const stepIDsPerQuery = 2000

// completeSteps re-reads the runs that started before the window. slurmdbd filters a job's
// steps by the window as it filters jobs, so such a run comes back with only the steps that
// overlap the window; stored as read, a later, narrower window would drop its earlier steps
// and their CPU time. These runs are read again by job id over a window that starts with the
// earliest of them, which returns their steps whole (one query per 2,000 runs: few, since
// most runs start inside the window that reads them).
func (h *Harvester) completeSteps(ctx context.Context, recs []slurmbridge.AccountingRecord, start, end time.Time) ([]slurmbridge.AccountingRecord, error) {
	type runKey struct {
		id     uint32
		submit int64
	}
	clipped := map[runKey]int{}
	var ids []uint32
	seen := map[uint32]bool{}
	earliest := start
	for i, r := range recs {
		if r.StartTime.IsZero() || !r.StartTime.Before(start) {
			continue
		}
		clipped[runKey{r.JobID, r.SubmitTime.Unix()}] = i
		if !seen[r.JobID] {
			seen[r.JobID] = true
			ids = append(ids, r.JobID)
		}
		if r.StartTime.Before(earliest) {
			earliest = r.StartTime
		}
	}
	for first := 0; first < len(ids); first += stepIDsPerQuery {
		batch := ids[first:min(first+stepIDsPerQuery, len(ids))]
		full, err := h.bridge.Accounting(ctx, slurmbridge.AccountingQuery{Start: earliest.Add(-time.Minute), End: end, JobIDs: batch, Format: h.format})
		if err != nil {
			return nil, fmt.Errorf("complete steps of %d runs that started before the window: %w", len(batch), err)
		}
		for _, r := range full {
			if i, ok := clipped[runKey{r.JobID, r.SubmitTime.Unix()}]; ok {
				recs[i] = r
			}
		}
	}
	return recs, nil
}

// Progress is reported after each backfill window.
type Progress struct {
	Window       store.Window
	CoveredFrom  time.Time
	CoveredUntil time.Time
	// Remaining estimates the windows left.
	Remaining int
	Records   int
}

// Backfill reads from since (zero: the covered range or the initial backfill) up to now,
// one window after another, and returns when caught up.
func (h *Harvester) Backfill(ctx context.Context, since time.Time, progress func(Progress)) (int, error) {
	total := 0
	for {
		res, err := h.Cycle(ctx, since)
		if err != nil {
			return total, err
		}
		total += res.Records
		cov, _, err := h.store.Coverage(ctx, h.cluster)
		if err != nil {
			return total, err
		}
		if progress != nil {
			remaining := 0
			if !since.IsZero() && since.Before(cov.From) {
				remaining += int(cov.From.Sub(since) / h.chunk)
			}
			if lag := h.now().Sub(cov.Until); lag > h.chunk {
				remaining += int(lag / h.chunk)
			}
			progress(Progress{Window: res.Window, CoveredFrom: cov.From, CoveredUntil: cov.Until, Remaining: remaining, Records: total})
		}
		backwards := !since.IsZero() && since.Before(cov.From)
		if res.CaughtUp && !backwards {
			return total, nil
		}
	}
}

// Run harvests until ctx ends: back to back while behind, every Interval once caught up,
// and with a growing pause (up to MaxBackoff) while sacct or slurmdbd fail.
func (h *Harvester) Run(ctx context.Context) error {
	retry := backoff.Exponential{Initial: 5 * time.Second, Max: h.cfg.MaxBackoff}
	for {
		res, err := h.Cycle(ctx, time.Time{})
		wait := h.cfg.Interval
		switch {
		case ctx.Err() != nil:
			return ctx.Err()
		case err != nil:
			wait = retry.Next()
			h.metrics.failure()
			h.log.WithError(err).WithField("retryIn", wait.String()).Warn("harvest failed; the failed window stored nothing and is read again")
		case !res.CaughtUp:
			retry.Reset()
			wait = 0
		default:
			retry.Reset()
		}
		if cov, ok, err := h.store.Coverage(ctx, h.cluster); err == nil && ok {
			h.metrics.lag(h.now().Sub(cov.Until))
		}
		if wait > 0 {
			if err := backoff.Sleep(ctx, wait); err != nil {
				return err
			}
		}
	}
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
