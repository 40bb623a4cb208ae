package gatewaylink

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/site/journal"
	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/site/siteapi"
	"github.com/petagrid/petagrid/workflows"
)

// completeWithOutputs takes a gateway run through one step to completion as the tracker
// does, with the digest of the manifests its workspace holds; it returns the digest.
func completeWithOutputs(t *testing.T, j *journal.Journal, id string, jobID uint32) string {
	t.Helper()
	ctx := context.Background()
	ws := filepath.Join(t.TempDir(), id)
	outputs := filepath.Join(ws, workflows.OutputsDir)
	if err := os.MkdirAll(outputs, 0o700); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte("42\n"))
	manifest := hex.EncodeToString(sum[:]) + "  answer.txt\n"
	if err := os.WriteFile(filepath.Join(outputs, "a.sha256"), []byte(manifest), 0o600); err != nil {
		t.Fatal(err)
	}
	digest, err := workflows.OutputsDigest(os.DirFS(outputs))
	if err != nil {
		t.Fatal(err)
	}
	if err := j.Render(ctx, id, ws, []siteapi.Step{{Name: "a", Tag: id + ".a", Stdout: "a.out", Stderr: "a.err"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := j.RecordJob(ctx, id, "a", jobID, ""); err != nil {
		t.Fatal(err)
	}
	code := 0
	if err := j.UpdateSteps(ctx, []journal.StepUpdate{{RunID: id, Step: "a", State: runstate.StepCompleted, SlurmState: "COMPLETED", ExitCode: &code}}); err != nil {
		t.Fatal(err)
	}
	if err := j.Complete(ctx, id, runstate.Submitted, digest, ""); err != nil {
		t.Fatal(err)
	}
	return digest
}

// pollAs has the link poll a gateway of the given protocol version once; it returns the
// poll request the gateway received.
func pollAs(t *testing.T, e *testEnv, version int) protocol.PollRequest {
	t.Helper()
	e.gw.poll = func(int) (int, string) {
		return http.StatusOK, `{"status":"approved","protocol":` + strconv.Itoa(version) + `}`
	}
	if _, err := e.link.poll.once(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	e.gw.mu.Lock()
	defer e.gw.mu.Unlock()
	return e.gw.polls[len(e.gw.polls)-1]
}

// A version 4 gateway hears the site's version in its polls once it has said its own, and
// gets a succeeded job's outputs digest in every update that says so (the outcome, then the
// usage), never a failed job's.
func TestCompletedJobCarriesItsOutputsDigest(t *testing.T) {
	j, _ := openJournal(t)
	e := newEnv(t, j, nil, nil)
	ctx := ctxT(t)
	acceptGatewayRun(t, j, jobA)
	acceptGatewayRun(t, j, jobB)
	digest := completeWithOutputs(t, j, jobA, 42)
	if err := j.Render(ctx, jobB, "/ws/"+jobB, nil); err != nil {
		t.Fatal(err)
	}
	if err := j.Advance(ctx, jobB, runstate.Submitting, runstate.Failed, "step a: failed (exit code 1)"); err != nil {
		t.Fatal(err)
	}
	send := func() {
		t.Helper()
		if err := e.link.updates.send(ctx); err != nil {
			t.Fatal(err)
		}
	}

	// Before the gateway has said its version, the completed job waits; the failed one goes.
	send()
	if ups := jobsIn(e.gw.snapshotUpdates(), jobA); len(ups) != 0 {
		t.Fatalf("sent before the gateway's version was known: %+v", ups)
	}
	if ups := jobsIn(e.gw.snapshotUpdates(), jobB); len(ups) != 1 || ups[0].State != runstate.Failed || ups[0].OutputsSHA256 != "" {
		t.Fatalf("the failed job: %+v", ups)
	}

	// The first poll cannot say the site's version yet; the ones after the answer do.
	if req := pollAs(t, e, protocol.Version); req.Protocol != 0 {
		t.Fatalf("the first poll says version %d before the gateway said its own", req.Protocol)
	}
	if req := pollAs(t, e, protocol.Version); req.Protocol != protocol.Version {
		t.Fatalf("a poll to a version %d gateway says version %d", protocol.Version, req.Protocol)
	}
	send()
	ups := jobsIn(e.gw.snapshotUpdates(), jobA)
	if len(ups) != 1 || ups[0].State != runstate.Completed || ups[0].OutputsSHA256 != digest || ups[0].Usage != nil {
		t.Fatalf("the outcome: %+v, want digest %s", ups, digest)
	}
	// The usage goes with the digest again: it is what the gateway acknowledges last.
	e.usage.set(jobA, &protocol.Usage{SlurmJobs: []uint32{42}})
	send()
	ups = jobsIn(e.gw.snapshotUpdates(), jobA)
	if len(ups) != 2 || ups[1].OutputsSHA256 != digest || ups[1].Usage == nil {
		t.Fatalf("the usage: %+v", ups)
	}
	if run, _ := j.Get(ctx, jobA); run.State != runstate.Reported || run.OutputsSHA256 != digest {
		t.Fatalf("after the acknowledgement: %s %q", run.State, run.OutputsSHA256)
	}
}

// A gateway older than version 4 decodes requests strictly: it never sees the site's
// version in a poll nor a digest in an update, and the job is reported without it.
func TestOlderGatewayGetsNoOutputsDigest(t *testing.T) {
	for _, version := range []int{3, 0} {
		t.Run("protocol "+strconv.Itoa(version), func(t *testing.T) {
			j, _ := openJournal(t)
			e := newEnv(t, j, nil, nil)
			ctx := ctxT(t)
			acceptGatewayRun(t, j, jobA)
			completeWithOutputs(t, j, jobA, 42)
			e.usage.set(jobA, &protocol.Usage{SlurmJobs: []uint32{42}})
			for range 2 {
				if req := pollAs(t, e, version); req.Protocol != 0 {
					t.Fatalf("a poll to a version %d gateway says version %d", version, req.Protocol)
				}
			}
			if err := e.link.updates.send(ctx); err != nil {
				t.Fatal(err)
			}
			ups := jobsIn(e.gw.snapshotUpdates(), jobA)
			if len(ups) != 1 || ups[0].State != runstate.Completed || ups[0].OutputsSHA256 != "" {
				t.Fatalf("update to a version %d gateway: %+v", version, ups)
			}
			if run, _ := j.Get(ctx, jobA); run.State != runstate.Reported {
				t.Fatalf("not reported: %s", run.State)
			}
		})
	}
}

// Running, the link sends a job that completed while it was down once the first poll
// answer has said the gateway's version, without waiting for the next interval.
func TestFirstPollAnswerReleasesTheDigest(t *testing.T) {
	j, _ := openJournal(t)
	e := newEnv(t, j, nil, nil)
	e.link.updates.interval = time.Hour
	acceptGatewayRun(t, j, jobA)
	digest := completeWithOutputs(t, j, jobA, 42)
	e.gw.poll = func(n int) (int, string) {
		if n == 1 {
			// The first poll is held, as the gateway holds a poll with nothing for the site.
			time.Sleep(200 * time.Millisecond)
		}
		return http.StatusOK, `{"status":"approved","protocol":` + strconv.Itoa(protocol.Version) + `}`
	}
	ctx, cancel := context.WithCancel(ctxT(t))
	done := make(chan error, 1)
	go func() { done <- e.link.Run(ctx) }()
	waitFor(t, ctxT(t), "the outcome with its digest", func() bool {
		ups := jobsIn(e.gw.snapshotUpdates(), jobA)
		return len(ups) > 0
	})
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Run: %v", err)
	}
	if ups := jobsIn(e.gw.snapshotUpdates(), jobA); ups[0].OutputsSHA256 != digest {
		t.Fatalf("first update: %+v", ups[0])
	}
}

// envWithNodeLimit is a site whose first partition lets a job hold limit nodes.
func envWithNodeLimit(t *testing.T, limit int) *testEnv {
	t.Helper()
	j, _ := openJournal(t)
	e := newEnv(t, j, nil, nil)
	e.inv.mu.Lock()
	e.inv.inv.Partitions[0].MaxNodes = limit
	e.inv.mu.Unlock()
	return e
}

// A partition's node limit goes in polls to a gateway that said it speaks 5, never in a
// registration (it is a live scheduling fact, not a claim to approve) nor to an older
// gateway, which decodes polls strictly.
func TestNodeLimitsGoInPollsToVersion5Only(t *testing.T) {
	e := envWithNodeLimit(t, 8)
	limit := func(req protocol.PollRequest) int {
		if req.Inventory == nil {
			t.Fatal("a poll without its inventory")
		}
		return req.Inventory.Partitions[0].MaxNodes
	}
	// The first poll to each version goes before the gateway said it.
	for i, c := range []struct{ version, want int }{{4, 0}, {4, 0}, {5, 0}, {5, 8}, {4, 8}, {4, 0}} {
		if got := limit(pollAs(t, e, c.version)); got != c.want {
			t.Fatalf("poll %d (the gateway then says version %d): node limit %d, want %d", i, c.version, got, c.want)
		}
	}
	e.gw.mu.Lock()
	defer e.gw.mu.Unlock()
	if len(e.gw.registrations) == 0 {
		t.Fatal("no registration")
	}
	for _, reg := range e.gw.registrations {
		for _, p := range reg.Inventory.Partitions {
			if p.MaxNodes != 0 {
				t.Fatalf("a registration carries partition %s's node limit %d", p.Name, p.MaxNodes)
			}
		}
	}
}

// A site whose challenge jobs run the GPU kernel says so in polls to a gateway that said it
// speaks 6, never to an older one (which decodes polls strictly) nor in a registration; a
// site that does not run it never says so.
func TestGPUKernelGoesInPollsToVersion6Only(t *testing.T) {
	e := envWithNodeLimit(t, 8)
	e.link.poll.gpuKernel = true
	said := func(req protocol.PollRequest) bool {
		if req.Inventory == nil {
			t.Fatal("a poll without its inventory")
		}
		return req.Inventory.GPUKernel
	}
	// The first poll to each version goes before the gateway said it.
	for i, c := range []struct {
		version int
		want    bool
	}{{5, false}, {5, false}, {6, false}, {6, true}, {5, true}, {5, false}} {
		if got := said(pollAs(t, e, c.version)); got != c.want {
			t.Fatalf("poll %d (the gateway then says version %d): gpuKernel %v, want %v", i, c.version, got, c.want)
		}
	}
	e.link.poll.gpuKernel = false
	pollAs(t, e, 6)
	if said(pollAs(t, e, 6)) {
		t.Fatal("a site without the GPU kernel said it runs it")
	}
	e.gw.mu.Lock()
	defer e.gw.mu.Unlock()
	for _, reg := range e.gw.registrations {
		if reg.Inventory.GPUKernel {
			t.Fatal("a registration says the GPU kernel")
		}
		if err := reg.Validate(); err != nil {
			t.Fatal(err)
		}
	}
	reg := e.gw.registrations[0]
	reg.Inventory.GPUKernel = true
	if err := reg.Validate(); err == nil || !strings.Contains(err.Error(), "gpuKernel") {
		t.Fatalf("a registration that says the GPU kernel: %v", err)
	}
}

// A gateway that refuses a poll as malformed (one rolled back to an older version decodes
// polls strictly) is polled next as one not yet heard: without the fields of a newer one.
func TestRefusedPollForgetsTheGatewaysVersion(t *testing.T) {
	e := envWithNodeLimit(t, 8)
	pollAs(t, e, protocol.Version)
	if req := pollAs(t, e, protocol.Version); req.Protocol != protocol.Version || req.Inventory.Partitions[0].MaxNodes != 8 {
		t.Fatalf("a poll to a version %d gateway: %+v", protocol.Version, req)
	}
	e.gw.poll = func(int) (int, string) { return http.StatusBadRequest, `{"error":"unknown field \"maxNodes\""}` }
	if _, err := e.link.poll.once(ctxT(t)); err == nil {
		t.Fatal("a refused poll went through")
	}
	if req := pollAs(t, e, 4); req.Protocol != 0 || req.Inventory.Partitions[0].MaxNodes != 0 {
		t.Fatalf("the poll after a refusal: protocol %d, node limit %d", req.Protocol, req.Inventory.Partitions[0].MaxNodes)
	}
}
