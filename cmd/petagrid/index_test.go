package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/petagrid/petagrid/accounting/store"
	"github.com/petagrid/petagrid/site/pocpreport"
	"github.com/petagrid/petagrid/tokenomics"
)

func TestExampleSiteConfigHasAValidPoCPSection(t *testing.T) {
	cfg, err := loadConfig(filepath.Join("..", "..", "examples", "site", "site.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := cfg.PoCP.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	cat, _ := tokenomics.LoadEmbeddedCatalog()
	if _, err := pocpreport.NewScorer(cat, r.Hardware, nil); err != nil {
		t.Fatal(err)
	}
}

func TestIndexCommands(t *testing.T) {
	code, out, stderr := runCLI(t, "index", "show")
	if code != 0 || !strings.Contains(out, "H100-SXM5-80GB") || !strings.Contains(out, "reference system: 1 × A100-SXM4-80GB") {
		t.Fatalf("index show: %d\n%s\n%s", code, out, stderr)
	}
	code, out, _ = runCLI(t, "index", "show", "-o", "json")
	var shown struct {
		Devices []json.RawMessage `json:"devices"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &shown) != nil || len(shown.Devices) != 17 {
		t.Errorf("index show -o json: %d, %d devices", code, len(shown.Devices))
	}
	code, out, stderr = runCLI(t, "index", "score", "--gpu", "H100-SXM", "--count", "8", "--cost", "0.01", "--hours", "360")
	if code != 0 || !strings.Contains(out, "8.000 × H100-SXM5-80GB (gpu)  grades AX") || !strings.Contains(out, "payment at 0.01 DPS") {
		t.Fatalf("index score: %d\n%s\n%s", code, out, stderr)
	}
	measured := filepath.Join(t.TempDir(), "audit.yaml")
	os.WriteFile(measured, []byte("fp64TFLOPS: 99\nsource: hpl run 7\n"), 0o644)
	if code, _, stderr := runCLI(t, "index", "score", "--gpu", "H100-SXM", "--measured", measured); code == 0 || !strings.Contains(stderr, "exceeds the catalog's peak") {
		t.Errorf("measured above peak: %d %s", code, stderr)
	}
	os.WriteFile(measured, []byte("fp64TFLOP: 9\n"), 0o644)
	if code, _, stderr := runCLI(t, "index", "score", "--gpu", "H100-SXM", "--measured", measured); code == 0 || !strings.Contains(stderr, "audit.yaml:1:1") {
		t.Errorf("bad measured file: %d %s", code, stderr)
	}
	for name, args := range map[string][]string{
		"no device":    {"index", "score"},
		"count":        {"index", "score", "--gpu", "H100-SXM", "--count", "0"},
		"interconnect": {"index", "score", "--gpu", "H100-SXM", "--interconnect", "smoke-signals"},
		"cost":         {"index", "score", "--gpu", "H100-SXM", "--cost", "-1"},
		"hours":        {"index", "score", "--gpu", "H100-SXM", "--hours", "0"},
		"usage":        {"tokenomics", "simulate", "--usage", "2"},
		"years":        {"tokenomics", "simulate", "--years", "0"},
		"threshold":    {"tokenomics", "simulate", "--threshold", "lots"},
		"verify args":  {"pocp", "verify"},
		"period":       {"pocp", "report", "--period", "-5"},
		"huge period":  {"pocp", "report", "--period", "9223372036854775807"},
	} {
		if code, _, stderr := runCLI(t, args...); code != 2 {
			t.Errorf("%s: exit %d, want 2 (%s)", name, code, stderr)
		}
	}
	custom := filepath.Join(t.TempDir(), "catalog.yaml")
	os.WriteFile(custom, []byte(strings.Replace(string(tokenomics.EmbeddedCatalogYAML()), `version: "2026.11.1"`, `version: "site-audit-1"`, 1)), 0o644)
	if code, out, stderr := runCLI(t, "index", "show", "--catalog", custom); code != 0 || !strings.Contains(out, "hardware catalog site-audit-1") {
		t.Errorf("--catalog: %d %s %s", code, out, stderr)
	}
	if code, _, stderr := runCLI(t, "index", "score", "--gpu", "A100"); code == 0 || !strings.Contains(stderr, "not in hardware catalog") {
		t.Errorf("unknown GPU: %d %s", code, stderr)
	}
}

func TestTokenomicsSimulateWritesTheFigure(t *testing.T) {
	dir := t.TempDir()
	svg := filepath.Join(dir, "fig.svg")
	code, out, stderr := runCLI(t, "tokenomics", "simulate", "--years", "2", "--svg", svg)
	if code != 0 || !strings.Contains(out, "threshold") || !strings.Contains(out, "CUM_GFL_NO_REPL") {
		t.Fatalf("simulate: %d\n%s\n%s", code, out, stderr)
	}
	data, err := os.ReadFile(svg)
	if err != nil || !strings.Contains(string(data), "<svg") {
		t.Fatalf("figure: %v", err)
	}
	code, out, _ = runCLI(t, "tokenomics", "simulate", "--years", "1", "-o", "json")
	var sim struct {
		With []tokenomics.SimulationRow `json:"withReplenishment"`
	}
	// 25 periods: the last, days 360–375, is the one in which the year ends.
	if code != 0 || json.Unmarshal([]byte(out), &sim) != nil || len(sim.With) != 25 {
		t.Errorf("simulate -o json: %d, %d periods", code, len(sim.With))
	}
}

// TestPoCPReportAndVerify runs report → verify on a small store with the CLI.
func TestPoCPReportAndVerify(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	storePath := filepath.Join(dir, "acct.db")
	st, err := store.Open(ctx, storePath)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 1, 1, 5, 0, 0, 0, time.UTC)
	var slots []store.NodeSlot
	for m := 0; m < 60; m++ {
		at := start.Add(time.Duration(m) * time.Minute)
		slots = append(slots, store.NodeSlot{Cluster: "alpha", SlotStart: at, SlotSeconds: 60, Node: "n1", SampledAt: at, State: "IDLE", Available: true, CPUs: 64, GPUs: 4, GPUTypes: "h100:4"})
	}
	if _, err := st.RecordNodeSlots(ctx, "test", slots); err != nil {
		t.Fatal(err)
	}
	st.Close()
	cfg := filepath.Join(dir, "site.yaml")
	os.WriteFile(cfg, []byte("accounting:\n  store: "+storePath+"\npocp:\n  genesis: \"2026-01-01T00:00:00Z\"\n  period: 1h\n  hardware:\n    cpu: EPYC-7763\n    gpuModels: {h100: H100-SXM}\n"), 0o644)
	key := filepath.Join(dir, "site.key")
	if code, _, stderr := runCLI(t, "keys", "new", "--file", key); code != 0 {
		t.Fatal(stderr)
	}
	report := filepath.Join(dir, "report.json")
	if code, out, stderr := runCLI(t, "--config", cfg, "pocp", "report", "--period", "5", "--sign", key, "--out", report); code != 0 {
		t.Fatalf("report: %d\n%s\n%s", code, out, stderr)
	}
	code, out, stderr := runCLI(t, "--config", cfg, "pocp", "verify", report, "--capacity", "3", "--gpus", "4")
	if code != 0 || !strings.Contains(out, "signature OK: period 5") || !strings.Contains(out, "coverage 100.00 %") || !strings.Contains(out, "plausibility OK") {
		t.Fatalf("verify: %d\n%s\n%s", code, out, stderr)
	}
	// Registered for less than it reports: refused, with the rule named.
	code, out, _ = runCLI(t, "--config", cfg, "pocp", "verify", report, "--capacity", "1", "--gpus", "4")
	if code == 0 || !strings.Contains(out, "REJECT capacity") {
		t.Errorf("over capacity: %d\n%s", code, out)
	}
	// Another chain id: the signature is not valid there.
	other := filepath.Join(dir, "other.yaml")
	os.WriteFile(other, []byte("pocp:\n  genesis: \"2026-01-01T00:00:00Z\"\n  period: 1h\n  chainId: 5\n"), 0o644)
	if code, _, stderr := runCLI(t, "--config", other, "pocp", "verify", report); code == 0 || !strings.Contains(stderr, "not by the report's site") {
		t.Errorf("other chain: %d %s", code, stderr)
	}
	// A GPU type nobody mapped is a clear error.
	bare := filepath.Join(dir, "bare.yaml")
	os.WriteFile(bare, []byte("accounting:\n  store: "+storePath+"\npocp:\n  genesis: \"2026-01-01T00:00:00Z\"\n  period: 1h\n"), 0o644)
	if code, _, stderr := runCLI(t, "--config", bare, "pocp", "report", "--period", "5"); code == 0 || !strings.Contains(stderr, `GPU type "h100" is not a catalog model`) {
		t.Errorf("unmapped GPU: %d %s", code, stderr)
	}
}
