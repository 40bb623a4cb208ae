package contracts

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/rpc"
	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/internal/httpguard"
	"github.com/petagrid/petagrid/internal/logging"
)

// SendRawTransaction sends a transaction signed elsewhere (a researcher's or a provider's,
// through the gateway's relay). It is serialised with the chain's own sends, and on the
// simulated and dev chains mined at once, as the gateway's own transactions are. It returns
// the transaction's hash without waiting for a receipt.
func (c *Chain) SendRawTransaction(ctx context.Context, raw []byte) (common.Hash, error) {
	if len(raw) == 0 {
		return common.Hash{}, errors.New("raw transaction is empty")
	}
	tx := new(types.Transaction)
	if err := tx.UnmarshalBinary(raw); err != nil {
		return common.Hash{}, fmt.Errorf("decoding raw transaction: %w", err)
	}
	// Refused here rather than by the node: an unprotected (chain id 0) or foreign transaction
	// would otherwise be a replay of a signature meant for another chain.
	if id := tx.ChainId(); id == nil || id.Cmp(c.chainID) != 0 {
		return common.Hash{}, fmt.Errorf("transaction %s is for chain id %v, this chain is %v", tx.Hash().Hex(), tx.ChainId(), c.chainID)
	}
	c.sending.Lock()
	defer c.sending.Unlock()
	if err := c.backend.SendTransaction(ctx, tx); err != nil {
		return common.Hash{}, fmt.Errorf("sending %s: %w", tx.Hash().Hex(), err)
	}
	if c.commit != nil {
		c.commit()
	}
	return tx.Hash(), nil
}

// RPCClient is the JSON-RPC client under the chain's backend, for the relay: set for a chain
// from Dial or OpenDevChain, nil for NewSimulated (whose client go-ethereum does not expose).
func (c *Chain) RPCClient() *rpc.Client {
	if cl, ok := c.backend.(*ethclient.Client); ok {
		return cl.Client()
	}
	return nil
}

const (
	// relayMaxBodyBytes bounds a request body: a raw transaction is at most 128 KiB (the
	// transaction pool's own limit), 256 KiB of hex.
	relayMaxBodyBytes = 256 << 10
	// relayMaxBatch bounds a batch: each call may take up to relayCallTimeout.
	relayMaxBatch = 20
	// relayMaxParams bounds a call's parameters (eth_call with state and block overrides has 4).
	relayMaxParams = 8
	// relayCallTimeout bounds each call to the node.
	relayCallTimeout = 10 * time.Second
	// relayMaxResponseBytes bounds the results of one HTTP request (eth_getLogs over the whole
	// chain could be large).
	relayMaxResponseBytes = 16 << 20
)

// JSON-RPC 2.0 error codes.
const (
	rpcParseError     = -32700
	rpcInvalidRequest = -32600
	rpcMethodNotFound = -32601
	rpcInvalidParams  = -32602
	rpcServerError    = -32000
)

// relayMethods are the methods the relay forwards: reads, and sending a signed transaction.
// Everything else (accounts, signing, debug, admin, txpool, subscriptions) stays inside.
var relayMethods = map[string]bool{
	"eth_chainId":               true,
	"net_version":               true,
	"eth_blockNumber":           true,
	"eth_getBlockByNumber":      true,
	"eth_getBlockByHash":        true,
	"eth_getBalance":            true,
	"eth_getCode":               true,
	"eth_getTransactionCount":   true,
	"eth_getTransactionByHash":  true,
	"eth_getTransactionReceipt": true,
	"eth_call":                  true,
	"eth_estimateGas":           true,
	"eth_gasPrice":              true,
	"eth_maxPriorityFeePerGas":  true,
	"eth_feeHistory":            true,
	"eth_getLogs":               true,
	"eth_syncing":               true,
	"eth_sendRawTransaction":    true,
}

// Relay is an http.Handler that lets researchers and providers reach the gateway's chain (the
// embedded dev chain has no listener of its own) through the gateway's HTTP API: JSON-RPC 2.0
// over POST, a single request or a batch, restricted to reads and eth_sendRawTransaction.
// Relayed transactions go through Chain.SendRawTransaction, in line with the gateway's own.
type Relay struct {
	chain *Chain
	rpc   *rpc.Client
	log   logrus.FieldLogger
}

// NewRelay relays to c, forwarding reads through rpcClient (Chain.RPCClient or DevChain.RPC).
func NewRelay(c *Chain, rpcClient *rpc.Client, log logrus.FieldLogger) *Relay {
	return &Relay{chain: c, rpc: rpcClient, log: logging.OrDiscard(log).WithField("component", "chain-relay")}
}

type rpcRequest struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
}

type rpcResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcErrorObject `json:"error,omitempty"`
}

type rpcErrorObject struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data,omitempty"`
}

var jsonNull = json.RawMessage("null")

func errorResponse(id json.RawMessage, code int, msg string) rpcResponse {
	if len(id) == 0 {
		id = jsonNull
	}
	return rpcResponse{JSONRPC: "2.0", ID: id, Error: &rpcErrorObject{Code: code, Message: msg}}
}

// ServeHTTP answers one JSON-RPC request or batch.
func (rl *Relay) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		writeRPC(w, http.StatusMethodNotAllowed, errorResponse(nil, rpcInvalidRequest, "the chain relay takes JSON-RPC over POST"))
		return
	}
	// The server bounds how long the body may take (the gateway's httpguard deadline);
	// ReadBody bounds its size and makes sure a half-read body is never taken for the next
	// request (the connection closes after the answer).
	body, err := httpguard.ReadBody(w, r, relayMaxBodyBytes)
	if err != nil {
		var bad *httpguard.BodyError
		errors.As(err, &bad)
		writeRPC(w, bad.Status, errorResponse(nil, rpcInvalidRequest, err.Error()))
		return
	}
	budget := relayMaxResponseBytes
	trimmed := bytes.TrimLeft(body, " \t\r\n")
	if len(trimmed) == 0 || trimmed[0] != '[' {
		resp, answer := rl.handle(r.Context(), body, &budget)
		if !answer {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		writeRPC(w, http.StatusOK, resp)
		return
	}
	var batch []json.RawMessage
	if err := json.Unmarshal(body, &batch); err != nil {
		writeRPC(w, http.StatusOK, errorResponse(nil, rpcParseError, "parse error: "+err.Error()))
		return
	}
	switch {
	case len(batch) == 0:
		writeRPC(w, http.StatusOK, errorResponse(nil, rpcInvalidRequest, "empty batch"))
		return
	case len(batch) > relayMaxBatch:
		writeRPC(w, http.StatusOK, errorResponse(nil, rpcInvalidRequest, fmt.Sprintf("batch of %d requests exceeds the relay's limit of %d", len(batch), relayMaxBatch)))
		return
	}
	responses := make([]rpcResponse, 0, len(batch))
	for _, raw := range batch {
		if resp, answer := rl.handle(r.Context(), raw, &budget); answer {
			responses = append(responses, resp)
		}
	}
	if len(responses) == 0 { // only notifications: JSON-RPC 2.0 answers nothing at all
		w.WriteHeader(http.StatusNoContent)
		return
	}
	writeRPC(w, http.StatusOK, responses)
}

// handle answers one request; answer is false for a notification (a request without id).
// budget is what is left of relayMaxResponseBytes for results.
func (rl *Relay) handle(ctx context.Context, raw json.RawMessage, budget *int) (resp rpcResponse, answer bool) {
	if !json.Valid(raw) {
		return errorResponse(nil, rpcParseError, "parse error: invalid JSON"), true
	}
	var req rpcRequest
	if err := json.Unmarshal(raw, &req); err != nil {
		return errorResponse(nil, rpcInvalidRequest, "invalid request: not a JSON-RPC request object"), true
	}
	if !validID(req.ID) {
		return errorResponse(nil, rpcInvalidRequest, "invalid request: id must be a string, a number or null"), true
	}
	notification := len(req.ID) == 0
	reply := func(resp rpcResponse) (rpcResponse, bool) { return resp, !notification }
	switch {
	case req.JSONRPC != "2.0":
		return reply(errorResponse(req.ID, rpcInvalidRequest, `invalid request: jsonrpc must be "2.0"`))
	case req.Method == "":
		return reply(errorResponse(req.ID, rpcInvalidRequest, "invalid request: method is missing"))
	case !relayMethods[req.Method]:
		return reply(errorResponse(req.ID, rpcMethodNotFound, "method not allowed through the gateway relay"))
	}
	var params []json.RawMessage
	if len(req.Params) != 0 && !bytes.Equal(req.Params, jsonNull) {
		if err := json.Unmarshal(req.Params, &params); err != nil {
			return reply(errorResponse(req.ID, rpcInvalidParams, "invalid params: must be a JSON array"))
		}
		if len(params) > relayMaxParams {
			return reply(errorResponse(req.ID, rpcInvalidParams, fmt.Sprintf("invalid params: %d parameters, at most %d", len(params), relayMaxParams)))
		}
	}
	ctx, cancel := context.WithTimeout(ctx, relayCallTimeout)
	defer cancel()
	result, rpcErr := rl.call(ctx, req.Method, params)
	if rpcErr != nil {
		rl.log.WithFields(logrus.Fields{"method": req.Method, "code": rpcErr.Code}).Debugf("relayed call failed: %s", rpcErr.Message)
		resp := errorResponse(req.ID, rpcErr.Code, rpcErr.Message)
		resp.Error.Data = rpcErr.Data
		return reply(resp)
	}
	if len(result) == 0 {
		result = jsonNull
	}
	if len(result) > *budget {
		return reply(errorResponse(req.ID, rpcServerError, fmt.Sprintf("result exceeds the relay's %d-byte response limit", relayMaxResponseBytes)))
	}
	*budget -= len(result)
	return reply(rpcResponse{JSONRPC: "2.0", ID: req.ID, Result: result})
}

// call runs one allowed method: a raw transaction through the chain, anything else forwarded.
func (rl *Relay) call(ctx context.Context, method string, params []json.RawMessage) (json.RawMessage, *rpcErrorObject) {
	if method == "eth_sendRawTransaction" {
		if len(params) != 1 {
			return nil, &rpcErrorObject{Code: rpcInvalidParams, Message: "invalid params: eth_sendRawTransaction takes one parameter"}
		}
		var raw hexutil.Bytes
		if err := json.Unmarshal(params[0], &raw); err != nil {
			return nil, &rpcErrorObject{Code: rpcInvalidParams, Message: "invalid params: " + err.Error()}
		}
		hash, err := rl.chain.SendRawTransaction(ctx, raw)
		if err != nil {
			return nil, nodeError(err)
		}
		rl.log.WithField("tx", hash.Hex()).Debug("relayed transaction")
		out, err := json.Marshal(hash)
		if err != nil {
			return nil, &rpcErrorObject{Code: rpcServerError, Message: err.Error()}
		}
		return out, nil
	}
	if rl.rpc == nil {
		return nil, &rpcErrorObject{Code: rpcServerError, Message: "the relay has no JSON-RPC client for this chain"}
	}
	args := make([]any, len(params))
	for i, p := range params {
		args[i] = p
	}
	var result json.RawMessage
	if err := rl.rpc.CallContext(ctx, &result, method, args...); err != nil {
		return nil, nodeError(err)
	}
	return result, nil
}

// nodeError passes the node's error on: its code and data where it has them (a revert is
// code 3 with the revert data, which clients decode), -32000 otherwise.
func nodeError(err error) *rpcErrorObject {
	out := &rpcErrorObject{Code: rpcServerError, Message: err.Error()}
	var coded rpc.Error
	if errors.As(err, &coded) {
		out.Code = coded.ErrorCode()
	}
	var withData rpc.DataError
	if errors.As(err, &withData) {
		out.Data = withData.ErrorData()
	}
	return out
}

// validID: JSON-RPC 2.0 ids are strings, numbers or null (absent: a notification).
func validID(id json.RawMessage) bool {
	if len(id) == 0 {
		return true
	}
	switch id[0] {
	case '"', 'n', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return true
	}
	return false
}

func writeRPC(w http.ResponseWriter, status int, v any) {
	out, err := json.Marshal(v)
	if err != nil { // only RawMessages and plain values: cannot happen, but never a half answer
		status = http.StatusInternalServerError
		out = []byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"encoding the response"}}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(out)
}
