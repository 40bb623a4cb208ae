package gateway

import (
	"errors"
	"net/http"

	"github.com/ethereum/go-ethereum/common"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/store"
)

// publicAPI serves the unsigned routes: the gateway's description, the recorded epochs and
// reward proofs.
type publicAPI struct {
	store  *store.Store
	closer *epochCloser
	// registry reads the admission proposals.
	registry *registry
	// describe is Gateway.Info.
	describe func() gatewayapi.Info
}

func (a *publicAPI) info(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, a.describe())
}

func (a *publicAPI) listProposals(w http.ResponseWriter, r *http.Request) {
	limit, err := queryInt(r, "limit", 20, 1, MaxProposalsListed)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	views, err := a.registry.Proposals(r.Context(), limit)
	writeGovernance(w, map[string]any{"proposals": views}, err, http.StatusOK)
}

func (a *publicAPI) getProposal(w http.ResponseWriter, r *http.Request) {
	id, ok := proposalID(w, r)
	if !ok {
		return
	}
	v, err := a.registry.Proposal(r.Context(), id)
	writeGovernance(w, v, err, http.StatusOK)
}

func (a *publicAPI) listEpochs(w http.ResponseWriter, r *http.Request) {
	n, err := queryInt(r, "limit", 50, 1, 1000)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	list, err := a.store.Epochs(r.Context(), n)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	out := []gatewayapi.EpochSummary{}
	for _, e := range list {
		s, err := summarise(e)
		if err != nil {
			writeError(w, http.StatusInternalServerError, err.Error())
			return
		}
		out = append(out, s)
	}
	writeJSON(w, http.StatusOK, map[string]any{"epochs": out})
}

func (a *publicAPI) rewardProof(w http.ResponseWriter, r *http.Request) {
	addr := r.PathValue("address")
	if !isHexAddress(addr) {
		writeError(w, http.StatusBadRequest, "an address (0x and 40 hex digits)")
		return
	}
	p, err := a.closer.RewardProof(r.Context(), common.HexToAddress(addr))
	if errors.Is(err, store.ErrNotFound) {
		writeError(w, http.StatusNotFound, err.Error())
		return
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, p)
}
