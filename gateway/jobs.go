package gateway

import (
	"crypto/rand"
	"encoding/base32"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/site/runstate"
)

// assignmentOf is a job as its site receives it.
func assignmentOf(j gatewayapi.Job) protocol.Assignment {
	return protocol.Assignment{Job: j.ID, Researcher: j.Researcher, Workflow: string(j.Source), FileName: j.SourceName, Params: j.Params,
		MaxCostWei: j.MaxCostWei, Submission: j.Submission}
}

// checkSubmitRequest checks a submission's fields and fills in the default file name.
func checkSubmitRequest(req *gatewayapi.SubmitRequest) error {
	if strings.TrimSpace(req.Workflow) == "" {
		return errors.New("workflow is empty: send the workflow YAML in the workflow field")
	}
	if req.FileName == "" {
		req.FileName = "workflow.yaml"
	}
	if !fileNamePattern.MatchString(req.FileName) {
		return fmt.Errorf("fileName %q: a base name of letters, digits and . _ @ + -", truncate(req.FileName, 60))
	}
	if err := gatewayapi.CheckIdempotencyKey(req.IdempotencyKey); err != nil {
		return err
	}
	if len(req.Params) > 1000 {
		return errors.New("more than 1000 params")
	}
	max, err := protocol.ParseWei(req.MaxCostWei)
	if err != nil || max.Sign() == 0 {
		return fmt.Errorf("maxCostWei: the budget in DPS wei, more than 0 (%v)", err)
	}
	return nil
}

// newJobID is a job id in the site's run id form ("r-" and 16 base32 characters), so the
// site journals the job under the same id.
func newJobID() (string, error) { return randomID(rand.Reader, "r-", "job id") }

// randomID is prefix and 16 base32 characters (80 random bits from random): the form of job,
// challenge and auction ids.
func randomID(random io.Reader, prefix, what string) (string, error) {
	var b [10]byte
	if _, err := io.ReadFull(random, b[:]); err != nil {
		return "", fmt.Errorf("%s: %w", what, err)
	}
	return prefix + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:])), nil
}

// hideUndecidedDigest blanks a replica's outputs digest until its group is decided: whoever
// reads it could pass it to a replica that has not reported yet.
func hideUndecidedDigest(j *gatewayapi.Job) {
	if j.Replica != nil && j.Replica.Vote == "" {
		j.OutputsSHA256 = ""
	}
}

// researcherAPI serves the researchers' routes: submissions, their status, listing, logs
// and cancellation.
type researcherAPI struct {
	store  *store.Store
	intake *intake
	logs   *logRelay
	wake   *wakeups
	// operators see every researcher's jobs.
	operators operatorSet
	log       logrus.FieldLogger
}

func (a *researcherAPI) submitJob(w http.ResponseWriter, r *http.Request, researcher common.Address, body []byte) {
	var req gatewayapi.SubmitRequest
	if err := decodeStrict(body, &req, "a submission (workflow, fileName, params, idempotencyKey, maxCostWei, submission)"); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	job, code, err := a.intake.Submit(r.Context(), researcher, &req)
	if err != nil {
		writeRequestError(w, err)
		return
	}
	writeJSON(w, code, job)
}

// lookupJob returns a job the researcher may see; someone else's is "not found", so that
// ids cannot be probed.
func (a *researcherAPI) lookupJob(w http.ResponseWriter, r *http.Request, researcher common.Address) (gatewayapi.Job, bool) {
	id := r.PathValue("id")
	if !jobIDPattern.MatchString(id) {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("%q is not a job id (r- followed by 16 characters)", truncate(id, 40)))
		return gatewayapi.Job{}, false
	}
	j, err := a.store.Job(r.Context(), id)
	if errors.Is(err, store.ErrNotFound) || err == nil && !strings.EqualFold(j.Researcher, researcher.Hex()) && !a.operators[researcher] {
		writeError(w, http.StatusNotFound, "no job "+id)
		return gatewayapi.Job{}, false
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return gatewayapi.Job{}, false
	}
	return j, true
}

func (a *researcherAPI) listJobs(w http.ResponseWriter, r *http.Request, researcher common.Address, _ []byte) {
	q := r.URL.Query()
	f := store.JobFilter{Researcher: researcher.Hex()}
	if a.operators[researcher] && q.Get("all") == "1" {
		f.Researcher = ""
	}
	n, err := queryInt(r, "limit", 100, 1, 10000)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	f.Limit = n
	if v := q.Get("before"); v != "" {
		if !jobIDPattern.MatchString(v) {
			writeError(w, http.StatusBadRequest, "before: a job id")
			return
		}
		f.Before = v
	}
	for _, s := range q["state"] {
		st := runstate.State(s)
		known := st == store.Queued || st == store.Assigned || st == store.Unknown
		for _, k := range runstate.All() {
			known = known || k == st
		}
		if !known {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("state %q is not a job state", truncate(s, 40)))
			return
		}
		f.States = append(f.States, st)
	}
	jobs, err := a.store.Jobs(r.Context(), f)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	if jobs == nil {
		jobs = []gatewayapi.Job{}
	}
	for i := range jobs {
		hideUndecidedDigest(&jobs[i])
	}
	writeJSON(w, http.StatusOK, map[string]any{"runs": jobs})
}

func (a *researcherAPI) getJob(w http.ResponseWriter, r *http.Request, researcher common.Address, _ []byte) {
	j, ok := a.lookupJob(w, r, researcher)
	if !ok {
		return
	}
	if j.Replica != nil {
		g, err := a.store.ReplicaGroup(r.Context(), j.Replica.Group)
		if err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
		// While the group votes, no digest is shown: whoever reads them could pass them
		// to a replica that has not reported yet.
		if g.State == gatewayapi.GroupVoting {
			for i := range g.Members {
				g.Members[i].OutputsSHA256 = ""
			}
		}
		j.ReplicaGroup = &g
	}
	var err error
	if j.Auctions, err = a.store.JobAuctions(r.Context(), j.ID, gatewayapi.MaxAuctionsShown); err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	hideSealedBids(j.Auctions)
	hideUndecidedDigest(&j)
	writeJSON(w, http.StatusOK, j)
}

func (a *researcherAPI) cancelJob(w http.ResponseWriter, r *http.Request, researcher common.Address, _ []byte) {
	j, ok := a.lookupJob(w, r, researcher)
	if !ok {
		return
	}
	// A replicated job is cancelled whole: it has ended when every replica has and its group
	// is decided (until then a rerun may still be made, which the cancel stops).
	sites := []string{j.Site}
	ended := store.Terminal(j.State)
	if j.Replica != nil {
		g, err := a.store.ReplicaGroup(r.Context(), j.Replica.Group)
		if err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
		ended = ended && g.State != gatewayapi.GroupVoting
		for _, m := range g.Members {
			ended = ended && store.Terminal(runstate.State(m.State))
			sites = append(sites, m.Site)
		}
	}
	if ended {
		writeError(w, http.StatusConflict, fmt.Sprintf("job %s has already ended (%s)", j.ID, j.State))
		return
	}
	j, err := a.store.RequestCancel(r.Context(), j.ID)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	hideUndecidedDigest(&j)
	a.log.WithField("job", j.ID).WithField("by", researcher.Hex()).Info("cancel requested")
	for _, site := range sites {
		if site != "" {
			a.wake.wakeSite(site)
		}
	}
	writeJSON(w, http.StatusAccepted, j)
}
