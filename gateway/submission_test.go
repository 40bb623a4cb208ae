package gateway_test

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"errors"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/internal/reqsign"
	siteclient "github.com/petagrid/petagrid/site/client"
	"github.com/petagrid/petagrid/test/gatewaytest"
	"github.com/petagrid/petagrid/tokenomics"
)

// TestSignedSubmissionsReachTheSite: the researcher's client signs each submission for the
// sites; the gateway checks the signature against the request, keeps it with the job and
// forwards it with the assignment, where it verifies with the real signature code. A
// signature for another workflow, by another key or too short-lived is refused before
// anything is recorded; a client that signs nothing (an older one) still submits, and its
// job reaches the site without a signature (the site runs it as its pool account).
func TestSignedSubmissionsReachTheSite(t *testing.T) {
	g := gatewaytest.StartGrid(t)
	ctx := context.Background()
	op, res := g.Client(g.Operator), g.Client(g.Researcher)
	cat, _ := tokenomics.LoadEmbeddedCatalog()
	site := &gatewaytest.Site{T: t, Name: "site-a", Key: gatewaytest.NewKey(t, filepath.Join(g.Dir, "a.key")), URL: g.URL}
	site.Register(gatewaytest.Inventory(t, "a100", 4, 2, 4*cat.ReferenceScore().PerDeviceMegaFLOPS), tokenomics.MustAmount("1").String())
	if _, err := gatewaytest.ApproveListed(ctx, op, "site-a", ""); err != nil {
		t.Fatal(err)
	}
	if err := op.Fund(ctx, res.Address(), "100", "1"); err != nil {
		t.Fatal(err)
	}
	site.Poll(1)
	info, err := res.GatewayInfo(ctx)
	if err != nil || info.Submissions == nil || info.Submissions.Format != reqsign.SubmissionVersion || info.Submissions.Protocol != protocol.Version ||
		info.Submissions.TTLSeconds != int64((25*time.Hour)/time.Second) {
		t.Fatalf("GET /v1/info's submissions: %+v %v (want the format, protocol %d and the queue time plus an hour)", info.Submissions, err, protocol.Version)
	}

	budget := tokenomics.MustAmount("10")
	job, _, err := res.Submit(ctx, gatewayapi.SubmitRequest{Workflow: gpuWorkflow, FileName: "train.yaml", Params: map[string]string{"lr": "0.1"}, MaxCostWei: budget.String()})
	if err != nil || !job.SignedSubmission {
		t.Fatalf("a signed submission: %+v %v", job, err)
	}
	p := site.Poll(5)
	if p.Protocol != protocol.Version || len(p.Assignments) != 1 || p.Assignments[0].Submission == nil {
		t.Fatalf("the site's poll: protocol %d, %+v", p.Protocol, p.Assignments)
	}
	a := p.Assignments[0]
	signer, err := reqsign.VerifySubmission(a.Submission, reqsign.SubmissionContent{Audience: g.Config.Name, Workflow: []byte(a.Workflow), FileName: a.FileName,
		Params: a.Params, IdempotencyKey: a.Submission.IdempotencyKey, MaxCostWei: budget}, reqsign.SubmissionCheck{})
	if err != nil || signer != res.Address() || a.Researcher != res.Address().Hex() {
		t.Fatalf("the forwarded submission: signer %s (%v), the job's researcher %s", signer.Hex(), err, a.Researcher)
	}

	// Signatures that do not fit the request are refused before the escrow is even read.
	post := func(req gatewayapi.SubmitRequest) error {
		body, _ := json.Marshal(req)
		_, err := res.Call(ctx, http.MethodPost, "/v1/jobs", nil, body, &struct{}{}, http.StatusCreated, http.StatusOK)
		return err
	}
	request := gatewayapi.SubmitRequest{Workflow: gpuWorkflow, FileName: "train.yaml", IdempotencyKey: "signed-test-0123456789", MaxCostWei: budget.String()}
	sign := func(key *ecdsa.PrivateKey, workflow string, ttl time.Duration) *reqsign.Submission {
		t.Helper()
		s, err := reqsign.SignSubmission(reqsign.SubmissionContent{Audience: g.Config.Name, Workflow: []byte(workflow), FileName: request.FileName,
			IdempotencyKey: request.IdempotencyKey, MaxCostWei: budget}, key, time.Now(), ttl)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	otherWorkflow := strings.Replace(gpuWorkflow, "train.py", "mine.py", 1)
	for name, c := range map[string]struct {
		sub  *reqsign.Submission
		want string
	}{
		"a signature over another workflow": {sign(g.Researcher, otherWorkflow, 25*time.Hour), "workflow"},
		"another key's signature":           {sign(g.Operator, gpuWorkflow, 25*time.Hour), crypto.PubkeyToAddress(g.Operator.PublicKey).Hex()},
		"a signature that expires too soon": {sign(g.Researcher, gpuWorkflow, time.Hour), "expires in"},
	} {
		req := request
		req.Submission = c.sub
		var apiErr *siteclient.APIError
		if err := post(req); !errors.As(err, &apiErr) || apiErr.Status != http.StatusBadRequest || !strings.Contains(apiErr.Message, c.want) {
			t.Errorf("%s: %v, want 400 about %q", name, err, c.want)
		}
	}

	// An older client signs nothing: the job is placed all the same, and reaches the site
	// without a signature.
	d := g.Gateway.Deployment()
	if err := d.LockEscrow(ctx, g.Researcher, contracts.EscrowJobID(request.IdempotencyKey), budget); err != nil {
		t.Fatal(err)
	}
	if err := post(request); err != nil {
		t.Fatalf("an unsigned submission: %v", err)
	}
	p = site.Poll(5)
	if len(p.Assignments) != 1 || p.Assignments[0].Submission != nil || p.Assignments[0].Job == job.ID {
		t.Fatalf("the unsigned job's assignment: %+v", p.Assignments)
	}
	if j, err := res.Job(ctx, p.Assignments[0].Job); err != nil || j.SignedSubmission {
		t.Fatalf("the unsigned job: %+v %v", j, err)
	}
}
