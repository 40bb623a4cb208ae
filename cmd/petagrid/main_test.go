package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), append([]string{"petagrid"}, args...), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func TestVersion(t *testing.T) {
	code, out, _ := runCLI(t, "version")
	if code != 0 || !strings.HasPrefix(out, "petagrid ") {
		t.Errorf("version: %d %q", code, out)
	}
}

func TestUsageErrorsExitTwo(t *testing.T) {
	cases := map[string][]string{
		"unknown flag":       {"--frobnicate", "version"},
		"bad log level":      {"--log-level", "loud", "version"},
		"bad log format":     {"--log-format", "xml", "version"},
		"bad output":         {"slurm", "nodes", "--output", "yaml"},
		"unknown slurm flag": {"slurm", "nodes", "--frobnicate"},
		"cancel without id":  {"slurm", "cancel"},
		"cancel bad id":      {"slurm", "cancel", "12abc"},
		"jobs bad id":        {"slurm", "jobs", "--id", "0"},
		"submit two scripts": {"slurm", "submit", "a", "b"},
		"accounting since":   {"slurm", "accounting", "--since", "yesterday"},
		"accounting format":  {"slurm", "accounting", "--format", "xml"},
	}
	for name, args := range cases {
		t.Run(name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, args...)
			if code != exitUsage || !strings.HasPrefix(stderr, "petagrid: ") || stdout != "" {
				t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
			}
		})
	}
}

func TestConfigErrorsNamePositions(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "petagrid.yaml")
	if err := os.WriteFile(path, []byte("slurm:\n  conf: /etc/slurm/slurm.conf\n  comandTimeout: 3s\n  accountingTimeout: soon\nsite: {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI(t, "--config", path, "version")
	for _, want := range []string{
		path + `:3:3: unknown field "comandTimeout" (did you mean "commandTimeout"?)`,
		path + `:4:22: expected a duration such as 30s or 2m, got "soon"`,
		path + `:5:1: unknown field "site"`,
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if code != exitFailure {
		t.Errorf("exit %d", code)
	}
	if code, _, stderr := runCLI(t, "--config", filepath.Join(dir, "missing.yaml"), "version"); code == 0 || !strings.Contains(stderr, "no such file") {
		t.Errorf("missing config: %d %q", code, stderr)
	}
	good := filepath.Join(dir, "good.yaml")
	if err := os.WriteFile(good, []byte("slurm:\n  conf: /etc/slurm/slurm.conf\n  commandTimeout: 10s\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := loadConfig(good)
	if err != nil || cfg.Slurm.Conf != "/etc/slurm/slurm.conf" || cfg.Slurm.CommandTimeout != 10*time.Second {
		t.Errorf("good config: %+v %v", cfg, err)
	}
}

func TestMissingSlurmIsAClearError(t *testing.T) {
	code, _, stderr := runCLI(t, "slurm", "nodes", "--slurm-bin-dir", t.TempDir())
	if code != exitFailure || !strings.Contains(stderr, "slurm command sinfo not available") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

func TestTableCellsAreEscaped(t *testing.T) {
	cases := map[string]string{
		"plain":              "plain",
		"":                   "-",
		"new\nline":          `"new\nline"`,
		"tab\there":          `"tab\there"`,
		"esc\x1b[31mred":     `"esc\x1b[31mred"`,
		"ünï|pipe \"quote\"": "ünï|pipe \"quote\"",
	}
	for in, want := range cases {
		if got := cell(in); got != want {
			t.Errorf("cell(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestParseWhen(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	for in, want := range map[string]time.Time{
		"now":                       now,
		"90m":                       now.Add(-90 * time.Minute),
		"2026-11-01T00:00:00Z":      time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC),
		"2026-11-01T02:00:00+02:00": time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC),
	} {
		got, err := parseWhen(in, now)
		if err != nil || !got.Equal(want) || got.Location() != time.UTC {
			t.Errorf("parseWhen(%q) = %v, %v", in, got, err)
		}
	}
	for _, bad := range []string{"-5m", "yesterday", "2026-11-01"} {
		if _, err := parseWhen(bad, now); err == nil {
			t.Errorf("parseWhen(%q) accepted", bad)
		}
	}
}
