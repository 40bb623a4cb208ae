// Package slurmbridge is PetaGrid's only contact with Slurm. It runs Slurm's own commands
// (sbatch, squeue, scontrol, sinfo, sacct, scancel, sdiag) with argv — never through a shell —
// in a scrubbed environment and under time limits, and parses their output for every Slurm
// release from 22.05 on (plain integers, {set, infinite, number} objects, state arrays).
//
// Everything Slurm prints is treated as hostile: job names with pipes, quotes, newlines or
// invalid UTF-8, truncated or empty JSON, unknown states and hung commands all end in a typed
// error, never in a panic or in half-parsed data.
package slurmbridge

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/internal/logging"
)

// Config says where Slurm is and how patient to be with it.
type Config struct {
	// BinDir is the directory holding sbatch, squeue, …; empty means the daemon's PATH.
	BinDir string `yaml:"binDir" json:"binDir"`
	// Conf is passed to every command as SLURM_CONF; empty means Slurm's default
	// (/etc/slurm/slurm.conf or configless). The daemon's own SLURM_CONF is never inherited.
	Conf string `yaml:"conf" json:"conf"`
	// CommandTimeout bounds squeue, sbatch, scontrol, sinfo, scancel and sdiag (default 30s).
	CommandTimeout time.Duration `yaml:"commandTimeout" json:"commandTimeout"`
	// AccountingTimeout bounds sacct, which asks slurmdbd and its database (default 2m).
	AccountingTimeout time.Duration `yaml:"accountingTimeout" json:"accountingTimeout"`
	// MaxOutputBytes stops a command that prints more than this (default 512 MiB).
	MaxOutputBytes int64 `yaml:"maxOutputBytes" json:"maxOutputBytes"`
}

// Defaults for Config's zero fields.
const (
	DefaultCommandTimeout    = 30 * time.Second
	DefaultAccountingTimeout = 2 * time.Minute
	DefaultMaxOutputBytes    = 512 << 20
)

func (c Config) withDefaults() Config {
	if c.CommandTimeout == 0 {
		c.CommandTimeout = DefaultCommandTimeout
	}
	if c.AccountingTimeout == 0 {
		c.AccountingTimeout = DefaultAccountingTimeout
	}
	if c.MaxOutputBytes == 0 {
		c.MaxOutputBytes = DefaultMaxOutputBytes
	}
	return c
}

// Validate reports the first unusable setting.
func (c Config) Validate() error {
	if c.CommandTimeout < 0 || c.AccountingTimeout < 0 {
		return errors.New("slurm timeouts must be positive")
	}
	if c.MaxOutputBytes < 0 {
		return errors.New("slurm.maxOutputBytes must be positive")
	}
	for name, p := range map[string]string{"slurm.conf": c.Conf, "slurm.binDir": c.BinDir} {
		if p == "" {
			continue
		}
		if strings.ContainsAny(p, "\x00\n") {
			return fmt.Errorf("%s must not contain NUL or newline characters", name)
		}
		// Commands run from "/", so a relative path would name another file than the one
		// the operator meant.
		if !filepath.IsAbs(p) {
			return fmt.Errorf("%s must be an absolute path, got %q", name, p)
		}
	}
	return nil
}

// Bridge talks to one Slurm cluster. It is safe for concurrent use.
type Bridge struct {
	cfg Config
	log logrus.FieldLogger

	runAs   *RunAs                          // nil: commands run as the daemon's own user
	observe func(command string, err error) // called after every command, if set

	mu      sync.Mutex
	release Release // detected once, then cached
}

// New returns a bridge for the cluster that cfg points at. It does not contact Slurm.
func New(cfg Config, log logrus.FieldLogger) (*Bridge, error) {
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("slurm configuration: %w", err)
	}
	return &Bridge{cfg: cfg.withDefaults(), log: logging.OrDiscard(log).WithField("component", "slurmbridge")}, nil
}

// WithObserver returns a bridge like b that calls observe after every Slurm command it runs
// (with the command's name and its error, nil on success): the site daemon's metrics. Bridges
// made from it with As observe too.
func (b *Bridge) WithObserver(observe func(command string, err error)) *Bridge {
	return &Bridge{cfg: b.cfg, log: b.log, runAs: b.runAs, observe: observe}
}

// Config returns the bridge's configuration, defaults filled in.
func (b *Bridge) Config() Config { return b.cfg }

// Release returns the Slurm release of the client commands (`sinfo --version`), detecting it
// on first use. Output formats depend on it: scontrol has no JSON before 23.02.
func (b *Bridge) Release(ctx context.Context) (Release, error) {
	b.mu.Lock()
	r := b.release
	b.mu.Unlock()
	if !r.IsZero() {
		return r, nil
	}
	res, err := b.run(ctx, invocation{name: "sinfo", args: []string{"--version"}})
	if err != nil {
		return Release{}, fmt.Errorf("detecting the Slurm release: %w", err)
	}
	r, err = ParseRelease(string(res.stdout))
	if err != nil {
		return Release{}, &ParseError{Command: "sinfo --version", What: "Slurm release", Err: err}
	}
	b.mu.Lock()
	b.release = r
	b.mu.Unlock()
	b.log.WithField("release", r.String()).Debug("detected Slurm release")
	return r, nil
}
