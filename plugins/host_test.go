package plugins

import (
	"context"
	"errors"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sirupsen/logrus"
	"github.com/sirupsen/logrus/hooks/test"

	"github.com/petagrid/petagrid/plugins/proto/pluginv1"
)

var (
	buildOnce sync.Once
	buildDir  string
	buildErr  error
)

// built compiles the example plugin and the misbehaving double once into a plugin directory.
func built(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "petagrid-plugins-")
		if buildErr != nil {
			return
		}
		for name, pkg := range map[string]string{
			"cheapest-site":   "github.com/petagrid/petagrid/plugins/examples/cheapest-site",
			"require-account": "github.com/petagrid/petagrid/plugins/examples/require-account",
			"hwmon-power":     "github.com/petagrid/petagrid/plugins/examples/hwmon-power",
			"queue-bid":       "github.com/petagrid/petagrid/plugins/examples/queue-bid",
			"misbehaving":     "github.com/petagrid/petagrid/test/doubles/plugin-misbehaving",
		} {
			if out, err := exec.Command("go", "build", "-o", filepath.Join(buildDir, name), pkg).CombinedOutput(); err != nil {
				buildErr = errors.New(string(out))
				return
			}
			// Whatever the umask: the host refuses a plugin others may write to.
			if buildErr = os.Chmod(filepath.Join(buildDir, name), 0o755); buildErr != nil {
				return
			}
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return buildDir
}

func pinnedAs(t testing.TB, dir, name, kind string, args ...string) PluginConfig {
	c := pinned(t, dir, name)
	c.Kind, c.Args = kind, args
	return c
}

func pinned(t testing.TB, dir, name string) PluginConfig {
	t.Helper()
	found, err := Discover(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range found {
		if f.Name == name {
			return PluginConfig{Name: name, Kind: KindPlacement, SHA256: f.SHA256, Timeout: 3 * time.Second}
		}
	}
	t.Fatalf("%s not discovered in %s: %+v", name, dir, found)
	return PluginConfig{}
}

func rankRequest(job string) *pluginv1.RankRequest {
	return &pluginv1.RankRequest{Job: job, Candidates: []*pluginv1.Candidate{
		{Site: "b", CostWei: "300"}, {Site: "a", CostWei: "300"}, {Site: "c", CostWei: "100"}}}
}

// The example plugin, built and loaded for real: the host starts it over AutoMTLS and gets
// its ranking; its logs come through the host's logger with its name.
func TestExamplePlacementPlugin(t *testing.T) {
	dir := built(t)
	log, hook := test.NewNullLogger()
	log.SetLevel(logrus.DebugLevel)
	p, err := Start(context.Background(), dir, pinned(t, dir, "cheapest-site"), log)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	resp, err := p.Rank(context.Background(), rankRequest("job"))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(resp.GetSites(), ","); got != "c,a,b" {
		t.Fatalf("ranking %s, want c,a,b (cost, then name)", got)
	}
	if _, err := p.Rank(context.Background(), &pluginv1.RankRequest{Candidates: []*pluginv1.Candidate{{Site: "x", CostWei: "lots"}}}); err == nil || !strings.Contains(err.Error(), "not an amount") {
		t.Fatalf("the plugin's own error: %v", err)
	}
	named := false
	for _, e := range hook.AllEntries() {
		named = named || e.Data["plugin"] == "cheapest-site"
	}
	if !named {
		t.Fatal("no log entry carries the plugin's name")
	}
}

// The example bid policy, built and loaded for real: it raises the configured price by a
// tenth per run in hand, promises a later start, declines without an available node; a
// placement plugin asked for a bid says what it is.
func TestExampleBidPolicyPlugin(t *testing.T) {
	dir := built(t)
	ctx := context.Background()
	p, err := Start(ctx, dir, pinnedAs(t, dir, "queue-bid", KindBidPolicy, "--percent-per-run=10", "--minutes-per-run=5"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	now := time.Unix(1_800_000_000, 0).UTC()
	q := BidQuery{Auction: "a-aaaaaaaaaaaaaaaa", Job: "r-aaaaaaaaaaaaaaaa", WorstCaseComputeHoursMilli: 2000, MaxCostWei: big.NewInt(1e18), Now: now,
		DefaultPriceWei: big.NewInt(2_000_000), FloorPriceWei: big.NewInt(0), ActiveRuns: 3, IdleNodes: 0, AvailableNodes: 2,
		Steps: []BidStep{{Step: "train", Partition: "gpu", Nodes: 1, GPUsPerNode: 2}}}
	offer, err := p.Bid(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	if !offer.Bid || offer.PriceWei.Int64() != 2_600_000 || !offer.EarliestStart.Equal(now.Add(15*time.Minute)) || !strings.Contains(offer.Reason, "3 run(s)") {
		t.Fatalf("offer %+v, want 2.6e6 wei from 15 minutes on", offer)
	}
	q.AvailableNodes = 0
	if offer, err = p.Bid(ctx, q); err != nil || offer.Bid || !strings.Contains(offer.Reason, "no node") {
		t.Fatalf("without an available node: %+v %v", offer, err)
	}
	placementPlugin, err := Start(ctx, dir, pinned(t, dir, "cheapest-site"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer placementPlugin.Close()
	if _, err := placementPlugin.Bid(ctx, q); err == nil || !strings.Contains(err.Error(), "not a bid policy") {
		t.Fatalf("a placement plugin asked for a bid: %v", err)
	}
}

// A bid policy's answer is not trusted: a price that is no amount, or a start out of range,
// is an error.
func TestBidOfferFromWire(t *testing.T) {
	for _, r := range []*pluginv1.BidResponse{
		{Bid: true, PricePerComputeHourWei: "-1"},
		{Bid: true, PricePerComputeHourWei: "1e18"},
		{Bid: true, PricePerComputeHourWei: strings.Repeat("9", 41)},
		{Bid: true, PricePerComputeHourWei: "1", EarliestStartUnix: -5},
		{Bid: true, PricePerComputeHourWei: "1", EarliestStartUnix: 1 << 62},
	} {
		if _, err := bidOfferFromWire(r); err == nil {
			t.Errorf("%+v accepted", r)
		}
	}
	offer, err := bidOfferFromWire(&pluginv1.BidResponse{Reason: strings.Repeat("x", 1000)})
	if err != nil || offer.Bid || len(offer.Reason) > 404 {
		t.Errorf("a long no: %+v %v", offer, err)
	}
	if offer, err := bidOfferFromWire(&pluginv1.BidResponse{Bid: true, PricePerComputeHourWei: "7"}); err != nil || offer.PriceWei.Int64() != 7 || !offer.EarliestStart.IsZero() {
		t.Errorf("a plain bid: %+v %v", offer, err)
	}
}

// A plugin that hangs times out; one that crashes mid-call is started again on the next call;
// a panic in the author's code is an error, not a dead plugin.
func TestHostRecovers(t *testing.T) {
	dir := built(t)
	cfg := pinned(t, dir, "misbehaving")
	cfg.Timeout = 500 * time.Millisecond
	p, err := Start(context.Background(), dir, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if _, err := p.Rank(context.Background(), rankRequest("hang")); err == nil || !strings.Contains(err.Error(), "did not answer within") {
		t.Fatalf("a hung plugin: %v", err)
	}
	if _, err := p.Rank(context.Background(), rankRequest("panic")); err == nil || !strings.Contains(err.Error(), "panicked") {
		t.Fatalf("a panicking plugin: %v", err)
	}
	if _, err := p.Rank(context.Background(), rankRequest("crash")); err == nil {
		t.Fatal("a crashed call succeeded")
	}
	// The next call starts a new process.
	deadline := time.Now().Add(10 * time.Second)
	for {
		resp, err := p.Rank(context.Background(), rankRequest("job"))
		if err == nil {
			if got := strings.Join(resp.GetSites(), ","); got != "c,a,b" {
				t.Fatalf("after the restart: %s", got)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the host did not recover from the crash: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// A plugin of another protocol version, a binary whose checksum is not the pinned one, and an
// executable that is no plugin are refused with errors that say so.
func TestHostRefuses(t *testing.T) {
	dir := built(t)
	v2 := pinned(t, dir, "misbehaving")
	v2.Args = []string{"--protocol=2"}
	if _, err := Start(context.Background(), dir, v2, nil); err == nil || !strings.Contains(err.Error(), "another plugin protocol version") {
		t.Fatalf("protocol 2: %v", err)
	}
	wrong := pinned(t, dir, "cheapest-site")
	wrong.SHA256 = strings.Repeat("0", 64)
	if _, err := Start(context.Background(), dir, wrong, nil); err == nil || !strings.Contains(err.Error(), "not the one pinned") {
		t.Fatalf("checksum mismatch: %v", err)
	}
	notPlugin := t.TempDir()
	script := filepath.Join(notPlugin, "true")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho hello\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := pinned(t, notPlugin, "true")
	if _, err := Start(context.Background(), notPlugin, cfg, nil); err == nil {
		t.Fatal("a shell script was taken for a plugin")
	}
	if err := (Config{Dir: "relative", Plugins: []PluginConfig{{Name: "../x", Kind: "nope", SHA256: "abc"}}}).Validate(KindPlacement); err == nil ||
		!strings.Contains(err.Error(), "absolute") || !strings.Contains(err.Error(), "file name") || !strings.Contains(err.Error(), "this host takes placement") || !strings.Contains(err.Error(), "sha256") {
		t.Fatalf("configuration errors: %v", err)
	}
}

// The submit-filter example, loaded for real: it enforces the account and refuses images from
// registries the site does not allow.
func TestRequireAccountPlugin(t *testing.T) {
	dir := built(t)
	p, err := Start(context.Background(), dir, pinnedAs(t, dir, "require-account", KindSubmitFilter, "--account=grid", "--allow-registry=ghcr.io"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	resp, err := p.Filter(context.Background(), FilterRequest{Jobs: []FilterJob{{Step: "a", Account: "research", Images: []string{"docker://ghcr.io/org/app:1"}}}})
	if err != nil || resp.Decision != FilterModify || len(resp.Jobs) != 1 || resp.Jobs[0].Account != "grid" {
		t.Fatalf("account enforcement: %+v %v", resp, err)
	}
	resp, err = p.Filter(context.Background(), FilterRequest{Jobs: []FilterJob{{Step: "a", Account: "grid", Images: []string{"docker://ubuntu:24.04"}}}})
	if err != nil || resp.Decision != FilterDeny || !strings.Contains(resp.Reason, "docker.io") {
		t.Fatalf("a Docker Hub image: %+v %v", resp, err)
	}
	resp, err = p.Filter(context.Background(), FilterRequest{Jobs: []FilterJob{{Step: "a", Account: "grid"}}})
	if err != nil || resp.Decision != FilterAllow {
		t.Fatalf("a compliant run: %+v %v", resp, err)
	}
	// A placement call to a submit filter is an error, not a crash.
	if _, err := p.Rank(context.Background(), &pluginv1.RankRequest{}); err == nil {
		t.Fatal("a submit filter answered a ranking")
	}
}

// The telemetry example, loaded for real, reads a hwmon tree (a directory laid out as
// /sys/class/hwmon is: the plugin's --root).
func TestHwmonPowerPlugin(t *testing.T) {
	dir := built(t)
	root := t.TempDir()
	write := func(rel, v string) {
		t.Helper()
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(v+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("hwmon0/name", "power_meter")
	write("hwmon0/power1_input", "412000000") // 412 W in µW
	write("hwmon1/name", "amdgpu")
	write("hwmon1/power1_input", "250000000")
	write("hwmon1/energy1_input", "9000000000") // 9 kJ in µJ
	write("hwmon2/name", "coretemp")            // no power sensor: nothing reported
	p, err := Start(context.Background(), dir, pinnedAs(t, dir, "hwmon-power", KindTelemetry, "--root="+root), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	r, err := p.Read(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(r) != 2 || r[0].Device != "hwmon0/1" || r[0].Kind != "node" || r[0].PowerMilliwatts != 412000 || r[0].HasEnergy ||
		r[1].Kind != "accelerator" || r[1].PowerMilliwatts != 250000 || r[1].EnergyMillijoules != 9000000 || !r[1].HasEnergy {
		t.Fatalf("readings: %+v", r)
	}
}
