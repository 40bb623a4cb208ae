package gateway

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/placement"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/tokenomics"
)

// addOperatedSite registers an approved, online site of operator that speaks the replica
// protocol and charges priceDPS per Compute Hour.
func addOperatedSite(t *testing.T, st *store.Store, name, operator, priceDPS string) {
	t.Helper()
	ctx := context.Background()
	key, _ := crypto.GenerateKey()
	reg := testRegistration(t, name)
	reg.Prices.PerComputeHour = tokenomics.MustAmount(priceDPS).String()
	if _, _, err := st.Register(ctx, crypto.PubkeyToAddress(key.PublicKey).Hex(), reg); err != nil {
		t.Fatal(err)
	}
	if _, err := st.SetSiteStatusOperated(ctx, name, store.SiteApproved, "test", operator); err != nil {
		t.Fatal(err)
	}
	if err := st.SetSiteProtocol(ctx, name, replicaProtocol); err != nil {
		t.Fatal(err)
	}
	if err := st.Seen(ctx, name, nil); err != nil {
		t.Fatal(err)
	}
}

// failingReader fails the test's draw: a job that is no replica must not draw.
type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("this job must not draw") }

// TestReplicaOperatorIsDrawn: a replica goes to an operator drawn at random among those of
// the feasible sites, not to the cheapest site: the operator of three cheap sites is drawn
// like the operator of one dearer site, and a site over the replica's share of the budget
// is never drawn. The drawn operator's site is its best ranked one, and the placement says
// how it was chosen. A job that is no replica still goes to the policy's first site.
func TestReplicaOperatorIsDrawn(t *testing.T) {
	ctx := context.Background()
	clock := &testClock{now: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)}
	st := openTestStore(t, clock)
	p := newTestPlacer(t, st, clock, nil)
	// testWorkflow is one Compute Hour at worst: 1 DPS on the cheap sites, 2 on dear.
	for _, name := range []string{"cheap-3", "cheap-1", "cheap-2"} {
		addOperatedSite(t, st, name, "uni-cheap", "1")
	}
	addOperatedSite(t, st, "dear", "uni-dear", "2")
	addOperatedSite(t, st, "pricey", "uni-pricey", "100")

	// Budget 30 DPS for two replicas: each runs within 15 DPS, which pricey cannot.
	ids := []string{newTestJobID(t), newTestJobID(t)}
	first := gatewayapi.Job{ID: ids[0], Researcher: common.Address{1}.Hex(), IdempotencyKey: "replicated-key-00001", EscrowID: "0x" + strings.Repeat("ab", 32),
		SourceName: "train.yaml", Source: []byte(testWorkflow), MaxCostWei: tokenomics.MustAmount("30").String()}
	if _, err := st.CreateReplicatedJob(ctx, first, ids, store.ReplicaPlan{Quorum: 2, DecideBy: clock.Now().Add(5 * time.Hour)}); err != nil {
		t.Fatal(err)
	}
	placeWith := func(id string, draw []byte) gatewayapi.Job {
		t.Helper()
		j, err := st.Job(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		p.random = bytes.NewReader(draw)
		p.Place(ctx, j)
		if j, err = st.Job(ctx, id); err != nil || j.State != store.Assigned {
			t.Fatalf("replica %s: %s (%s) %v", id, j.State, j.Placement, err)
		}
		return j
	}
	// The operators in the order of their best sites: uni-cheap (1 DPS), uni-dear (2 DPS).
	// A draw of 1 is the second: the dearer site, though three cheaper ones are free.
	j := placeWith(ids[0], []byte{1})
	if j.Site != "dear" || !strings.Contains(j.Placement, "its operator drawn at random among 2 operators (4 feasible sites)") {
		t.Fatalf("first replica: on %s (%s)", j.Site, j.Placement)
	}
	// uni-dear now runs a replica of the group: the only operator left is uni-cheap (a draw
	// of one reads nothing), and of its three sites the policy's first (equal but for the
	// name) takes the replica.
	j = placeWith(ids[1], []byte{0})
	if j.Site != "cheap-1" || !strings.Contains(j.Placement, "its operator drawn at random among 1 operator (3 feasible sites)") {
		t.Fatalf("second replica: on %s (%s)", j.Site, j.Placement)
	}

	// A job that is no replica is placed by the policy alone, without a draw: the cheapest
	// site without a queued job (cheap-1 holds the second replica).
	p.random = failingReader{}
	single := addJob(t, st, "single-job-key-00001")
	p.Place(ctx, single)
	if j, _ := st.Job(ctx, single.ID); j.State != store.Assigned || j.Site != "cheap-2" || !strings.Contains(j.Placement, "1 of 4 feasible sites") {
		t.Fatalf("a job that is no replica: %s on %s (%s)", j.State, j.Site, j.Placement)
	}
}

// TestReplicaDrawIsUniformOverOperators: over many draws each operator is drawn about as
// often as the others, however many feasible sites it has (a draw of sites would give the
// operator of three sites three fifths), and always through its best ranked site. A site
// whose operator was not read is never drawn; a source of randomness that fails is an
// error, not a pick.
func TestReplicaDrawIsUniformOverOperators(t *testing.T) {
	ranked := []placement.Candidate{{Site: "a1"}, {Site: "b"}, {Site: "a2"}, {Site: "c"}, {Site: "a3"}}
	operatorOf := map[string]string{"a1": "A", "a2": "A", "a3": "A", "b": "B", "c": "C"}
	const draws = 3000
	count := map[string]int{}
	for i := 0; i < draws; i++ {
		c, operators, err := drawReplicaSite(rand.Reader, ranked, operatorOf)
		if err != nil || operators != 3 {
			t.Fatalf("draw: %d operators, %v", operators, err)
		}
		count[c.Site]++
	}
	// Each operator is a binomial of 3000 draws at 1/3: mean 1000, standard deviation 26;
	// the bounds are more than five deviations away.
	for _, site := range []string{"a1", "b", "c"} {
		if n := count[site]; n < 850 || n > 1150 {
			t.Errorf("site %s drawn %d times of %d, want about a third: %v", site, n, draws, count)
		}
	}
	if count["a2"]+count["a3"] != 0 {
		t.Errorf("an operator's lesser sites were drawn: %v", count)
	}

	// A site approved after the operators were read is never drawn, and alone it is no draw.
	for i := 0; i < 100; i++ {
		if c, operators, err := drawReplicaSite(rand.Reader, append([]placement.Candidate{{Site: "stray"}}, ranked...), operatorOf); err != nil || c.Site == "stray" || operators != 3 {
			t.Fatalf("a site of an unread operator among others: %s of %d operators, %v", c.Site, operators, err)
		}
	}
	if _, _, err := drawReplicaSite(rand.Reader, []placement.Candidate{{Site: "stray"}}, operatorOf); err == nil {
		t.Error("a draw among sites of unread operators only")
	}
	if _, _, err := drawReplicaSite(failingReader{}, ranked, operatorOf); err == nil || !strings.Contains(err.Error(), "drawing one of 3 operators") {
		t.Errorf("a failing source of randomness: %v", err)
	}
	if _, _, err := drawReplicaSite(rand.Reader, nil, operatorOf); err == nil {
		t.Error("a draw among no sites")
	}
}

// TestReplicasWithAPlacementFloor: the replicas of a workflow with placement are drawn only
// among the operators of sites that can read it (protocol 8), meet its floor, and run no
// replica of the group yet.
func TestReplicasWithAPlacementFloor(t *testing.T) {
	ctx := context.Background()
	clock := &testClock{now: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)}
	st := openTestStore(t, clock)
	p := newTestPlacer(t, st, clock, nil)
	for _, s := range []struct{ name, operator string }{{"new-a", "uni-a"}, {"old-b", "uni-b"}, {"new-c", "uni-c"}, {"new-c2", "uni-c"}} {
		addOperatedSite(t, st, s.name, s.operator, "1")
		version := workflowPlacementProtocol
		if s.name == "old-b" {
			version = workflowPlacementProtocol - 1
		}
		if err := st.SetSiteProtocol(ctx, s.name, version); err != nil {
			t.Fatal(err)
		}
	}
	// The floor is energy Y, which every A100 site of testRegistration meets.
	source := testWorkflow + "placement: {grades: {energy: Y}}\n"
	ids := []string{newTestJobID(t), newTestJobID(t)}
	first := gatewayapi.Job{ID: ids[0], Researcher: common.Address{1}.Hex(), IdempotencyKey: "floored-replicas-0001", EscrowID: "0x" + strings.Repeat("cd", 32),
		SourceName: "train.yaml", Source: []byte(source), MaxCostWei: tokenomics.MustAmount("30").String()}
	if _, err := st.CreateReplicatedJob(ctx, first, ids, store.ReplicaPlan{Quorum: 2, DecideBy: clock.Now().Add(5 * time.Hour)}); err != nil {
		t.Fatal(err)
	}
	placed := map[string]string{}
	for _, id := range ids {
		j, _ := st.Job(ctx, id)
		p.random = rand.Reader
		p.Place(ctx, j)
		if j, _ = st.Job(ctx, id); j.State != store.Assigned || j.Site == "old-b" {
			t.Fatalf("replica %s: %s on %q (%s)", id, j.State, j.Site, j.Placement)
		}
		if !strings.Contains(j.Placement, "among 2 operators") && !strings.Contains(j.Placement, "among 1 operator") {
			t.Errorf("replica %s drawn among old-b's operator too: %s", id, j.Placement)
		}
		placed[id] = j.Site
	}
	if placed[ids[0]] == placed[ids[1]] || (strings.HasPrefix(placed[ids[0]], "new-c") && strings.HasPrefix(placed[ids[1]], "new-c")) {
		t.Fatalf("both replicas went to one operator: %v", placed)
	}
}
