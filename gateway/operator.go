package gateway

import (
	"context"
	"crypto/ecdsa"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/tokenomics"
)

// operatorAPI serves the operators' routes: providers and their standing, funding, reports
// and closing an epoch.
type operatorAPI struct {
	store    *store.Store
	registry *registry
	closer   *epochCloser
	// challenger issues challenges on an operator's request and lists them.
	challenger *challenger
	chain      *contracts.Chain
	deploy     *contracts.Deployment
	// key funds accounts (the gateway's key).
	key     *ecdsa.PrivateKey
	metrics *metrics
	log     logrus.FieldLogger
}

func (a *operatorAPI) listProviders(w http.ResponseWriter, r *http.Request, _ common.Address, _ []byte) {
	views, err := a.registry.Providers(r.Context())
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"providers": views})
}

// Providers lists every registered site with its standing.
func (g *Gateway) Providers(ctx context.Context) ([]gatewayapi.ProviderView, error) {
	return g.registry.Providers(ctx)
}

func (a *operatorAPI) approveProvider(w http.ResponseWriter, r *http.Request, op common.Address, body []byte) {
	a.setProviderStatus(w, r, op, body, store.SiteApproved)
}

func (a *operatorAPI) suspendProvider(w http.ResponseWriter, r *http.Request, op common.Address, body []byte) {
	a.setProviderStatus(w, r, op, body, store.SiteSuspended)
}

func (a *operatorAPI) setProviderStatus(w http.ResponseWriter, r *http.Request, op common.Address, body []byte, status string) {
	var req gatewayapi.StatusRequest
	if len(body) > 0 {
		if err := decodeStrict(body, &req, "a status change ({\"reason\": …})"); err != nil {
			writeError(w, http.StatusBadRequest, err.Error())
			return
		}
	}
	if len(req.Reason) > 500 {
		writeError(w, http.StatusBadRequest, "reason: at most 500 characters")
		return
	}
	var reviewed common.Hash
	switch {
	case status == store.SiteApproved && req.Registration == "":
		writeError(w, http.StatusBadRequest, "registration: an approval names the registration reviewed (its registrationDigest in the provider list)")
		return
	case status == store.SiteApproved && !isHexHash(req.Registration):
		writeError(w, http.StatusBadRequest, "registration: a digest (0x and 64 hex digits)")
		return
	case status == store.SiteApproved:
		reviewed = common.HexToHash(req.Registration)
	case req.Registration != "":
		writeError(w, http.StatusBadRequest, "registration: only an approval names a registration")
		return
	}
	if req.Operator != "" && (status != store.SiteApproved || !protocol.ValidSiteName(req.Operator)) {
		writeError(w, http.StatusBadRequest, "operator: only an approval names one, in a site name's form (lowercase letters, digits and -, at most 63)")
		return
	}
	s, err := a.registry.SetStatus(r.Context(), r.PathValue("site"), status, req.Reason, req.Operator, reviewed, op)
	if errors.Is(err, store.ErrNotFound) {
		writeError(w, http.StatusNotFound, err.Error())
		return
	}
	if errors.Is(err, ErrRegistrationChanged) || errors.Is(err, ErrSettlementInProgress) || errors.Is(err, ErrInsufficientStake) || errors.Is(err, ErrSharedDevices) ||
		errors.Is(err, ErrAdmissionByVote) {
		writeError(w, http.StatusConflict, err.Error())
		return
	}
	if err != nil {
		writeError(w, http.StatusBadGateway, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, s)
}

// proposeProvider puts a pending site's registration to the GFL holders' vote: the body
// names the registration reviewed, as an approval's does.
func (a *operatorAPI) proposeProvider(w http.ResponseWriter, r *http.Request, op common.Address, body []byte) {
	var req gatewayapi.StatusRequest
	if err := decodeStrict(body, &req, "a proposal ({\"registration\": digest})"); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if !isHexHash(req.Registration) || req.Operator != "" || len(req.Reason) > 500 {
		writeError(w, http.StatusBadRequest, "a proposal names the registration reviewed (registration: 0x and 64 hex digits, its registrationDigest in the provider list), and a reason of at most 500 characters")
		return
	}
	v, err := a.registry.Propose(r.Context(), r.PathValue("site"), common.HexToHash(req.Registration), req.Reason, op)
	writeGovernance(w, v, err, http.StatusCreated)
}

func (a *operatorAPI) vetoProposal(w http.ResponseWriter, r *http.Request, op common.Address, body []byte) {
	var req gatewayapi.VetoRequest
	if len(body) > 0 {
		if err := decodeStrict(body, &req, "a veto ({\"reason\": …})"); err != nil {
			writeError(w, http.StatusBadRequest, err.Error())
			return
		}
	}
	if len(req.Reason) > 500 {
		writeError(w, http.StatusBadRequest, "reason: at most 500 characters")
		return
	}
	id, ok := proposalID(w, r)
	if !ok {
		return
	}
	v, err := a.registry.Veto(r.Context(), id, req.Reason, op)
	writeGovernance(w, v, err, http.StatusOK)
}

// proposalID reads {id}: a proposal number, 1 or more.
func proposalID(w http.ResponseWriter, r *http.Request) (uint64, bool) {
	// Decimal digits only (ParseUint takes no sign), within uint64.
	id, err := strconv.ParseUint(r.PathValue("id"), 10, 64)
	if err != nil || id == 0 {
		writeError(w, http.StatusBadRequest, "a proposal id is a number from 1")
		return 0, false
	}
	return id, true
}

// writeGovernance answers a governance request: refusals are conflicts, a grid without a
// governor has nothing there, the chain's other failures are a bad gateway.
func writeGovernance(w http.ResponseWriter, v any, err error, status int) {
	switch {
	case err == nil:
		writeJSON(w, status, v)
	case errors.Is(err, store.ErrNotFound) || errors.Is(err, ErrNoGovernance):
		writeError(w, http.StatusNotFound, err.Error())
	case errors.Is(err, ErrProposal) || errors.Is(err, ErrRegistrationChanged) || errors.Is(err, ErrInsufficientStake) || errors.Is(err, ErrSharedDevices):
		writeError(w, http.StatusConflict, err.Error())
	default:
		writeError(w, http.StatusBadGateway, err.Error())
	}
}

// SetProviderStatus approves or suspends a site, in the state and in the chain's provider
// registry (see registry.SetStatus): an approval admits exactly the registration reviewed,
// and no registry change is made while an epoch is being settled (ErrSettlementInProgress).
func (g *Gateway) SetProviderStatus(ctx context.Context, name, status, reason string, reviewed common.Hash, op common.Address) (gatewayapi.Site, error) {
	return g.registry.SetStatus(ctx, name, status, reason, "", reviewed, op)
}

// isHexHash accepts a 32-byte digest written 0x and 64 hex digits.
func isHexHash(s string) bool {
	if len(s) != 66 || !strings.HasPrefix(s, "0x") {
		return false
	}
	_, err := hex.DecodeString(s[2:])
	return err == nil
}

func (a *operatorAPI) fund(w http.ResponseWriter, r *http.Request, op common.Address, body []byte) {
	var req gatewayapi.FundRequest
	if err := decodeStrict(body, &req, "a funding request (account, dps, eth)"); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if !isHexAddress(req.Account) {
		writeError(w, http.StatusBadRequest, "account: an address (0x and 40 hex digits)")
		return
	}
	amount := func(s string) (*big.Int, error) {
		if s == "" {
			return new(big.Int), nil
		}
		v, err := tokenomics.ParseAmount(s)
		if err != nil || v.Sign() < 0 {
			return nil, fmt.Errorf("amount %q: a non-negative decimal (%v)", truncate(s, 40), err)
		}
		return v, nil
	}
	dps, err := amount(req.DPS)
	if err != nil {
		writeError(w, http.StatusBadRequest, "dps: "+err.Error())
		return
	}
	eth, err := amount(req.ETH)
	if err != nil {
		writeError(w, http.StatusBadRequest, "eth: "+err.Error())
		return
	}
	to := common.HexToAddress(req.Account)
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Minute)
	defer cancel()
	if eth.Sign() > 0 {
		err := a.chain.SendETH(ctx, a.key, to, eth)
		a.metrics.observeChain(chainTransfer, err)
		if err != nil {
			writeError(w, http.StatusBadGateway, "sending ETH: "+err.Error())
			return
		}
	}
	if dps.Sign() > 0 {
		err := a.deploy.TransferDPS(ctx, a.key, to, dps)
		a.metrics.observeChain(chainTransfer, err)
		if err != nil {
			writeError(w, http.StatusBadGateway, "sending DPS: "+err.Error())
			return
		}
	}
	a.log.WithField("account", to.Hex()).WithField("dps", tokenomics.FormatAmount(dps)).WithField("eth", tokenomics.FormatAmount(eth)).WithField("operator", op.Hex()).Info("account funded")
	bal, _ := a.deploy.DPSBalance(ctx, to)
	writeJSON(w, http.StatusOK, map[string]string{"account": to.Hex(), "dpsWei": bal.String()})
}

func (a *operatorAPI) closeEpoch(w http.ResponseWriter, r *http.Request, op common.Address, body []byte) {
	var req struct {
		Epoch *uint64 `json:"epoch,omitempty"`
	}
	if len(body) > 0 {
		if err := decodeStrict(body, &req, "an epoch close ({\"epoch\": N} or {})"); err != nil {
			writeError(w, http.StatusBadRequest, err.Error())
			return
		}
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), 10*time.Minute)
	defer cancel()
	sum, err := a.closer.Close(ctx, req.Epoch)
	if errors.Is(err, ErrEpochNotOver) {
		writeError(w, http.StatusConflict, err.Error())
		return
	}
	if err != nil {
		writeError(w, http.StatusBadGateway, "settling the epoch: "+err.Error())
		return
	}
	a.log.WithField("epoch", sum.Epoch).WithField("operator", op.Hex()).Info("epoch closed by an operator")
	writeJSON(w, http.StatusOK, sum)
}

func (a *operatorAPI) listReports(w http.ResponseWriter, r *http.Request, _ common.Address, _ []byte) {
	epoch, err := queryInt(r, "epoch", -1, -1, 1<<30)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	site := r.URL.Query().Get("site")
	if epoch < 0 && site == "" {
		writeError(w, http.StatusBadRequest, "give epoch=N or site=NAME")
		return
	}
	reps, err := a.store.Reports(r.Context(), int64(epoch), site)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	rej, err := a.store.Rejections(r.Context(), 100)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	if reps == nil {
		reps = []store.Report{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"accepted": reps, "rejected": rej})
}

// challengeProvider issues the site a compute challenge now.
func (a *operatorAPI) challengeProvider(w http.ResponseWriter, r *http.Request, op common.Address, _ []byte) {
	ch, err := a.challenger.IssueNow(r.Context(), r.PathValue("site"))
	switch {
	case errors.Is(err, store.ErrNotFound):
		writeError(w, http.StatusNotFound, err.Error())
	case err != nil:
		var refused *requestError
		if errors.As(err, &refused) {
			writeRequestError(w, err)
			return
		}
		writeError(w, http.StatusUnprocessableEntity, "the site cannot be challenged now: "+err.Error())
	default:
		a.log.WithFields(logrus.Fields{"site": ch.Site, "challenge": ch.ID, "operator": op.Hex()}).Info("challenge issued on an operator's request")
		writeJSON(w, http.StatusCreated, ch)
	}
}

// listChallenges lists challenges, newest first: ?site= one site's, ?limit= how many.
func (a *operatorAPI) listChallenges(w http.ResponseWriter, r *http.Request, _ common.Address, _ []byte) {
	limit, err := queryInt(r, "limit", 100, 1, 1000)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	site := r.URL.Query().Get("site")
	if site != "" && !protocol.ValidSiteName(site) {
		writeError(w, http.StatusBadRequest, "site: not a site name")
		return
	}
	list, err := a.store.RecentChallenges(r.Context(), site, limit)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	if list == nil {
		list = []gatewayapi.Challenge{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"challenges": list})
}
