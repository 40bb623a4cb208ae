package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/petagrid/petagrid/slurmbridge"
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
		"usage by":           {"accounting", "usage", "--by", "qos", "--store", "/nonexistent/a.db"},
		"usage period":       {"accounting", "usage", "--period", "fortnight", "--store", "/nonexistent/a.db"},
		"jobs since":         {"accounting", "jobs", "--since", "last week", "--store", "/nonexistent/a.db"},
		"jobs limit":         {"accounting", "jobs", "--limit", "-1", "--store", "/nonexistent/a.db"},
		"harvest since":      {"accounting", "harvest", "--since", "soon", "--store", "/nonexistent/a.db"},
		"usage window":       {"accounting", "usage", "--since", "1h", "--until", "2h", "--store", "/nonexistent/a.db"},
		"jobs argument":      {"accounting", "jobs", "extra", "--store", "/nonexistent/a.db"},
		"unknown command":    {"frobnicate"},
		"unknown slurm cmd":  {"slurm", "frobnicate"},
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
	if err := os.WriteFile(path, []byte("slurm:\n  conf: /etc/slurm/slurm.conf\n  comandTimeout: 3s\n  accountingTimeout: soon\ngatway: {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI(t, "--config", path, "version")
	for _, want := range []string{
		path + `:3:3: unknown field "comandTimeout" (did you mean "commandTimeout"?)`,
		path + `:4:22: expected a duration such as 30s or 2m, got "soon"`,
		path + `:5:1: unknown field "gatway"`,
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

func TestBareCommandsShowHelp(t *testing.T) {
	for _, args := range [][]string{{}, {"slurm"}} {
		code, out, _ := runCLI(t, args...)
		if code != 0 || !strings.Contains(out, "USAGE") {
			t.Errorf("%v: exit %d, %q", args, code, out)
		}
	}
}

func TestSlurmConfPrecedence(t *testing.T) {
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, "petagrid.yaml")
	if err := os.WriteFile(cfgPath, []byte("slurm:\n  conf: /etc/slurm-siteB/slurm.conf\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("SLURM_CONF", "/etc/slurm-siteA/slurm.conf")
	conf := func(args ...string) slurmbridge.Config {
		t.Helper()
		var stdout, stderr bytes.Buffer
		e := &env{stdout: &stdout, stderr: &stderr}
		var got slurmbridge.Config
		app := &cli.App{
			Flags: []cli.Flag{&cli.StringFlag{Name: "config"}},
			Before: func(c *cli.Context) error {
				var err error
				e.config, err = loadConfig(c.String("config"))
				return err
			},
			Commands: []*cli.Command{{
				Name:  "probe",
				Flags: slurmFlags(),
				Action: func(c *cli.Context) error {
					b, _, err := e.bridge(c)
					if err != nil {
						return err
					}
					got = b.Config()
					return nil
				},
			}},
		}
		if err := app.RunContext(context.Background(), append([]string{"petagrid"}, args...)); err != nil {
			t.Fatal(err)
		}
		return got
	}
	if got := conf("--config", cfgPath, "probe"); got.Conf != "/etc/slurm-siteB/slurm.conf" {
		t.Errorf("the config file lost to $SLURM_CONF: %s", got.Conf)
	}
	if got := conf("--config", cfgPath, "probe", "--slurm-conf", "/etc/slurm-siteC/slurm.conf"); got.Conf != "/etc/slurm-siteC/slurm.conf" {
		t.Errorf("the flag lost: %s", got.Conf)
	}
	if got := conf("probe"); got.Conf != "/etc/slurm-siteA/slurm.conf" {
		t.Errorf("without flag or file, $SLURM_CONF is the default: %s", got.Conf)
	}
	wd, _ := os.Getwd()
	if got := conf("probe", "--slurm-bin-dir", "rel/bin"); got.BinDir != filepath.Join(wd, "rel/bin") {
		t.Errorf("a relative --slurm-bin-dir is relative to where it was typed: %s", got.BinDir)
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
		"c1\x9b31mred":       `"c1\x9b31mred"`,
		"c1\u009b31m":        `"c1\u009b31m"`,
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

func TestSlotStartsIn(t *testing.T) {
	base := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		since, until time.Duration
		want         int64
	}{
		{0, 30 * time.Second, 3},                // 10:00:00, :10, :20
		{5 * time.Second, 31 * time.Second, 3},  // :10, :20, :30
		{5 * time.Second, 30 * time.Second, 2},  // :10, :20
		{10 * time.Second, 10 * time.Second, 0}, // empty
		{25 * time.Second, 26 * time.Second, 0}, // inside one slot, after its start
		{-5 * time.Second, 1 * time.Second, 1},  // 10:00:00
	} {
		if got := slotStartsIn(base.Add(c.since), base.Add(c.until), 10*time.Second); got != c.want {
			t.Errorf("%s–%s: %d slots, want %d", c.since, c.until, got, c.want)
		}
	}
}
