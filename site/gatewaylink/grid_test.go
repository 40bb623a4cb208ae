package gatewaylink

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/test/gatewaytest"
	"github.com/petagrid/petagrid/tokenomics"
)

// TestSubmissionSignedByTheResearcherRunsAsThem joins the real pieces without Slurm: the
// researcher's gateway client signs the submission, the real gateway checks it and forwards
// it, and this link verifies it before the daemon journals the run in the researcher's
// account, under their key.
func TestSubmissionSignedByTheResearcherRunsAsThem(t *testing.T) {
	g := gatewaytest.StartGrid(t)
	d, mapped := newDaemonFor(t, nil, g.Researcher)
	ctx := ctxT(t)
	siteKey := gatewaytest.NewKey(t, filepath.Join(g.Dir, "alpha.key"))
	cat, _ := tokenomics.LoadEmbeddedCatalog()
	inv := gatewaytest.Inventory(t, "a100", 4, 1, 4*cat.ReferenceScore().PerDeviceMegaFLOPS)
	inv.Partitions[0].Name = "cpu" // the test profile's partition
	l, err := newLink(Config{URL: g.URL, Key: "/unused", PricePerComputeHourWei: "1000", PollWait: time.Second, RetryMax: 20 * time.Millisecond},
		deps{siteName: "alpha-site", version: "v-test", key: siteKey, journal: d.Journal(), acceptor: d, logs: &fakeLogs{},
			inventory: &fakeInventory{inv: inv}, usage: &fakeUsage{usage: map[string]*protocol.Usage{}}, log: quietLog()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.poll.once(ctx); err != nil {
		t.Fatalf("registering with the gateway: %v", err)
	}
	op, res := g.Client(g.Operator), g.Client(g.Researcher)
	if _, err := gatewaytest.ApproveListed(ctx, op, "alpha-site", ""); err != nil {
		t.Fatal(err)
	}
	if err := op.Fund(ctx, res.Address(), "100", "1"); err != nil {
		t.Fatal(err)
	}
	if _, err := l.poll.once(ctx); err != nil {
		t.Fatal(err)
	}
	job, _, err := res.Submit(ctx, gatewayapi.SubmitRequest{Workflow: goodWorkflow, FileName: "hello.yaml", Params: map[string]string{"n": "3"},
		MaxCostWei: tokenomics.MustAmount("1").String()})
	if err != nil || !job.SignedSubmission || job.Site != "alpha-site" {
		t.Fatalf("submission: %+v %v", job, err)
	}
	if _, err := l.poll.once(ctx); err != nil {
		t.Fatal(err)
	}
	run, err := d.Journal().Get(ctx, job.ID)
	researcher := crypto.PubkeyToAddress(g.Researcher.PublicKey)
	if err != nil || run.Researcher != researcher.Hex() || run.Params["n"] != "3" || mapped && run.LocalUser != "nobody" {
		t.Fatalf("the run: %+v %v, want %s's in their account", run, err, researcher.Hex())
	}
	if err := l.updates.send(ctx); err != nil {
		t.Fatal(err)
	}
	if j, err := res.Job(ctx, job.ID); err != nil || j.State != runstate.Accepted {
		t.Fatalf("the job at the gateway: %+v %v", j, err)
	}
}
