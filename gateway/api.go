package gateway

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/gateway/dashboard"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/internal/httpguard"
	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/internal/sanitize"
)

// ErrorBody is every error answer (the site API's shape, so one client reads both).
type ErrorBody struct {
	Error   string   `json:"error"`
	Details []string `json:"details,omitempty"`
}

// Paths of the public chain endpoints.
const (
	PathChainRPC = "/v1/chain/rpc"
)

var (
	jobIDPattern    = regexp.MustCompile(`^r-[a-z2-7]{16}$`)
	fileNamePattern = regexp.MustCompile(`^[A-Za-z0-9._@+-]{1,128}$`)
	stepNamePattern = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,64}$`)
)

// Handler is the gateway's HTTP API and dashboard. Every route is here; each area's handler
// holds only the parts it uses.
func (g *Gateway) Handler() http.Handler {
	guard := &signatureGuard{
		verifier:     &reqsign.Verifier{Audience: g.cfg.Name, MaxTTL: g.cfg.API.SignatureMaxTTL, Nonces: nonceStore{g.store}, Now: g.now},
		maxBodyBytes: g.cfg.API.MaxBodyBytes, log: g.log}
	ops := operatorSet(g.res.operators)
	researchers := &researcherAPI{store: g.store, intake: g.intake, logs: g.logs, wake: g.wake, operators: ops, log: g.log}
	sites := &siteAPI{store: g.store, registry: g.registry, placer: g.placer, settler: g.settler, challenger: g.challenger, logs: g.logs, polls: g.polls, wake: g.wake,
		catalogSHA256: g.catalog.SHA256Hex(), audience: g.cfg.Name, log: g.log}
	operators := &operatorAPI{store: g.store, registry: g.registry, closer: g.closer, challenger: g.challenger, chain: g.chain, deploy: g.deploy, key: g.key, metrics: g.metrics, log: g.log}
	public := &publicAPI{store: g.store, closer: g.closer, registry: g.registry, describe: g.Info}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /v1/info", public.info)
	// Researchers.
	mux.HandleFunc("POST /v1/jobs", guard.signed(researchers.submitJob))
	mux.HandleFunc("GET /v1/jobs", guard.signed(researchers.listJobs))
	mux.HandleFunc("GET /v1/jobs/{id}", guard.signed(researchers.getJob))
	mux.HandleFunc("DELETE /v1/jobs/{id}", guard.signed(researchers.cancelJob))
	mux.HandleFunc("GET /v1/jobs/{id}/logs", guard.signed(researchers.jobLogs))
	// Sites.
	mux.HandleFunc("POST /v1/site/register", guard.signed(sites.registerSite))
	mux.HandleFunc("POST /v1/site/poll", guard.signed(sites.sitePoll))
	mux.HandleFunc("POST /v1/site/updates", guard.signed(sites.siteUpdates))
	mux.HandleFunc("POST /v1/site/logs/{id}", guard.signed(sites.siteLogs))
	mux.HandleFunc("POST /v1/site/reports", guard.signedSized(reportBodyLimit, sites.siteReport))
	mux.HandleFunc("POST "+protocol.PathChallenges+"{id}", guard.signedSized(sites.challengeAnswerLimit, sites.siteChallengeAnswer))
	mux.HandleFunc("POST "+protocol.PathBids, guard.signed(sites.siteBid))
	// Operators.
	mux.HandleFunc("GET /v1/providers", guard.signed(ops.only(operators.listProviders)))
	mux.HandleFunc("POST /v1/providers/{site}/approve", guard.signed(ops.only(operators.approveProvider)))
	mux.HandleFunc("POST /v1/providers/{site}/suspend", guard.signed(ops.only(operators.suspendProvider)))
	mux.HandleFunc("POST /v1/providers/{site}/challenge", guard.signed(ops.only(operators.challengeProvider)))
	mux.HandleFunc("POST /v1/providers/{site}/propose", guard.signed(ops.only(operators.proposeProvider)))
	mux.HandleFunc("POST /v1/proposals/{id}/veto", guard.signed(ops.only(operators.vetoProposal)))
	mux.HandleFunc("GET /v1/challenges", guard.signed(ops.only(operators.listChallenges)))
	mux.HandleFunc("POST /v1/epochs/close", guard.signed(ops.only(operators.closeEpoch)))
	mux.HandleFunc("POST /v1/fund", guard.signed(ops.only(operators.fund)))
	mux.HandleFunc("GET /v1/reports", guard.signed(ops.only(operators.listReports)))
	// Public: epochs, reward proofs, the chain relay and the dashboard.
	mux.HandleFunc("GET /v1/epochs", public.listEpochs)
	mux.HandleFunc("GET /v1/rewards/{address}", public.rewardProof)
	// Admission proposals are public: the GFL holders who vote are providers, not operators.
	mux.HandleFunc("GET /v1/proposals", public.listProposals)
	mux.HandleFunc("GET /v1/proposals/{id}", public.getProposal)
	if g.relay != nil {
		mux.Handle("POST "+PathChainRPC, g.relay)
	}
	dash := dashboard.Handler(g.Snapshot, g.log)
	mux.Handle("GET /{$}", dash)
	mux.Handle("GET /dashboard.json", dash)
	mux.Handle("GET /dashboard.svg", dash)
	mux.Handle("GET /healthz", &healthCheck{store: g.store, chain: g.chain, metrics: g.metrics})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "no such endpoint: "+r.Method+" "+r.URL.Path+" (see docs/operator-guide.md for the API)")
	})
	return mux
}

// nonceStore keeps request nonces in the state, so a restart does not reopen the replay
// window.
type nonceStore struct{ store *store.Store }

func (n nonceStore) Remember(ctx context.Context, signer common.Address, nonce string, expires time.Time) (bool, error) {
	return n.store.RememberNonce(ctx, signer.Hex(), nonce, expires)
}

type signedHandler func(w http.ResponseWriter, r *http.Request, signer common.Address, body []byte)

// signatureGuard verifies signed requests before their handlers see them.
type signatureGuard struct {
	verifier     *reqsign.Verifier
	maxBodyBytes int64 // gateway.api.maxBodyBytes
	log          logrus.FieldLogger
}

// reportBodyLimit is a report with its slot series (protocol.ReportSubmission).
func reportBodyLimit(*http.Request, common.Address) (int64, error) {
	return protocol.MaxReportSubmissionBytes, nil
}

// signedSized is signed for a route whose body limit depends on the request: limit sizes
// it from the signer the headers claim, before the body is read (the signature over the
// body is checked after, as for every route). A refusal from limit reads nothing.
func (s *signatureGuard) signedSized(limit func(*http.Request, common.Address) (int64, error), h signedHandler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		claimed, err := s.verifier.CheckHeaders(r)
		if err != nil {
			httpguard.DropBody(w, r)
			s.refuse(w, r, err)
			return
		}
		maxBytes, err := limit(r, claimed)
		if err != nil {
			httpguard.DropBody(w, r)
			writeRequestError(w, err)
			return
		}
		body, err := httpguard.ReadBody(w, r, maxBytes)
		if err != nil {
			var bad *httpguard.BodyError
			errors.As(err, &bad)
			writeError(w, bad.Status, err.Error())
			return
		}
		signer, err := s.verifier.Verify(r.Context(), r, body)
		if err != nil {
			s.refuse(w, r, err)
			return
		}
		h(w, r, signer, body)
	}
}

// signed verifies the request signature before anything else: its headers before the body
// is read (an unsigned or stale request is refused without reading it), then the body
// (bounded by gateway.api.maxBodyBytes, within gateway.api.bodyTimeout) with the signature.
func (s *signatureGuard) signed(h signedHandler) http.HandlerFunc {
	return s.signedSized(func(*http.Request, common.Address) (int64, error) { return s.maxBodyBytes, nil }, h)
}

// refuse answers a request whose signature Verify or CheckHeaders refused: 401 for the
// client's fault, 500 for the verifier's own (the nonce store).
func (s *signatureGuard) refuse(w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case errors.Is(err, reqsign.ErrUnsigned), errors.Is(err, reqsign.ErrMalformed), errors.Is(err, reqsign.ErrExpired),
		errors.Is(err, reqsign.ErrBadSignature), errors.Is(err, reqsign.ErrReplayed):
		s.log.WithField("path", r.URL.Path).WithField("remote", r.RemoteAddr).WithError(err).Warn("request refused")
		writeError(w, http.StatusUnauthorized, err.Error())
	default:
		writeError(w, http.StatusInternalServerError, "verifying the signature: "+err.Error())
	}
}

// operatorSet is the configured operators (gateway.operators).
type operatorSet map[common.Address]bool

// only restricts a handler to the operators.
func (ops operatorSet) only(h signedHandler) signedHandler {
	return func(w http.ResponseWriter, r *http.Request, signer common.Address, body []byte) {
		if !ops[signer] {
			writeError(w, http.StatusForbidden, fmt.Sprintf("key %s is not a gateway operator (gateway.operators)", signer.Hex()))
			return
		}
		h(w, r, signer, body)
	}
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(code)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(v)
}

func writeError(w http.ResponseWriter, code int, msg string, details ...string) {
	writeJSON(w, code, ErrorBody{Error: msg, Details: details})
}

// requestError is a request a part refused, with the status it is answered with.
type requestError struct {
	code    int
	msg     string
	details []string
}

func (e *requestError) Error() string { return e.msg }

func refuseRequest(code int, msg string, details ...string) error {
	return &requestError{code: code, msg: msg, details: details}
}

// writeRequestError answers a part's refusal with its status; any other error is the
// gateway's own failure.
func writeRequestError(w http.ResponseWriter, err error) {
	var re *requestError
	if errors.As(err, &re) {
		writeError(w, re.code, re.msg, re.details...)
		return
	}
	writeError(w, http.StatusInternalServerError, err.Error())
}

// decodeStrict reads one JSON object with known fields only.
func decodeStrict(body []byte, v any, what string) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("request body is not %s: %w", what, err)
	}
	if dec.More() {
		return errors.New("request body holds more than one JSON value")
	}
	return nil
}

// gatewayapi.Info is what GET /v1/info answers.
func (g *Gateway) Info() gatewayapi.Info {
	in := gatewayapi.Info{Site: g.cfg.Name, Audience: g.cfg.Name, Version: g.version, UserMode: "gateway", Gateway: true, CatalogSHA256: g.catalog.SHA256Hex()}
	in.Chain = gatewayapi.ChainInfo{Kind: g.cfg.Chain.Mode, ChainID: g.chain.ChainID().String(), Contracts: gatewayapi.ContractAddresses(g.deploy.Addresses)}
	if g.relay != nil {
		in.Chain.RPC = PathChainRPC
	}
	in.Epochs.Genesis, in.Epochs.PeriodSeconds = g.params.Genesis, g.params.PeriodSeconds
	in.Submissions = g.intake.Info()
	return in
}

// healthCheck answers /healthz: whether the state and the chain answer.
type healthCheck struct {
	store   *store.Store
	chain   *contracts.Chain
	metrics *metrics
}

func (h *healthCheck) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	status := map[string]any{"status": "ok"}
	code := http.StatusOK
	if _, err := h.store.CountJobs(ctx); err != nil {
		status["status"], status["state"] = "failing", err.Error()
		code = http.StatusServiceUnavailable
	}
	now, err := h.chain.Now(ctx)
	h.metrics.observeChain(chainRead, err)
	if err != nil {
		status["status"], status["chain"] = "failing", err.Error()
		code = http.StatusServiceUnavailable
	} else {
		status["chainTime"] = now
	}
	writeJSON(w, code, status)
}

// truncate shortens a value quoted back in a message or a log field.
func truncate(s string, n int) string { return sanitize.Clip(s, n) }

func queryInt(r *http.Request, name string, def, lo, hi int) (int, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%s: a number from %d to %d", name, lo, hi)
	}
	return n, nil
}

func isHexAddress(s string) bool {
	return common.IsHexAddress(s) && strings.HasPrefix(s, "0x")
}
