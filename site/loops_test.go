package site

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/sirupsen/logrus"
	logtest "github.com/sirupsen/logrus/hooks/test"

	"github.com/petagrid/petagrid/site/journal"
	"github.com/petagrid/petagrid/site/siteapi"
	"github.com/petagrid/petagrid/slurmbridge"
	"github.com/petagrid/petagrid/test/fakeslurm"
	"github.com/petagrid/petagrid/workflows"
)

// The daemon's Slurm, real or the test double.
var (
	_ slurmReader = (*slurmbridge.Bridge)(nil)
	_ jobControl  = (*slurmbridge.Bridge)(nil)
	_ slurmReader = (*fakeslurm.Slurm)(nil)
	_ jobControl  = (*fakeslurm.Slurm)(nil)
)

// loopSite is a site daemon's executor and tracker in pool mode as the account "me", on the
// Slurm test double, without its API. It must live in a testing/synctest bubble: time there
// moves only when the test sleeps, so every retry and poll happens at an exact time.
type loopSite struct {
	t     *testing.T
	d     *Daemon
	slurm *fakeslurm.Slurm // the cluster, as "me"
	logs  *logtest.Hook
	dir   string

	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// openLoopSite opens a daemon on the journal in dir (kept across restarts) without starting
// its loops; configure, if set, changes its configuration before defaults are applied.
func openLoopSite(t *testing.T, slurm *fakeslurm.Slurm, dir string, configure func(*Config)) *loopSite {
	t.Helper()
	j, err := journal.Open(t.Context(), filepath.Join(dir, "journal.db"))
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(dir, "ws")
	if err := os.MkdirAll(root, 0o700); err != nil {
		t.Fatal(err)
	}
	profile, err := workflows.LoadProfile("profile.yaml", []byte("runtime: none\npartitions: {default: cpu}\nworkspaceRoot: "+root+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Name: "test"}
	if configure != nil {
		configure(&cfg)
	}
	log := logrus.New()
	log.SetOutput(io.Discard)
	hook := logtest.NewLocal(log)
	me := Account{Name: "me", UID: uint32(os.Getuid()), GID: uint32(os.Getgid())}
	d := &Daemon{cfg: cfg.WithDefaults(), log: log, journal: j, profile: profile}
	d.metrics = newMetrics(j)
	view := slurm.As("me").WithObserver(d.metrics.observeSlurm)
	d.mapper = &Mapper{cfg: UsersConfig{Mode: ModePool}, self: me, byKey: map[common.Address]ResearcherConfig{},
		accounts: map[string]Account{"me": me}, bridges: map[string]jobControl{"me": view}}
	d.buildLoops(loopDeps{log: log, journal: j, slurm: view, mapper: d.mapper, metrics: d.metrics}, nil, 100)
	s := &loopSite{t: t, d: d, slurm: slurm.As("me"), logs: hook, dir: dir}
	t.Cleanup(s.stop)
	return s
}

// startLoopSite opens a daemon and starts its workers and tracker, resuming what its journal
// holds, as Run does.
func startLoopSite(t *testing.T, slurm *fakeslurm.Slurm, dir string, configure func(*Config)) *loopSite {
	t.Helper()
	s := openLoopSite(t, slurm, dir, configure)
	s.start()
	return s
}

func (s *loopSite) start() {
	s.t.Helper()
	ctx, cancel := context.WithCancel(s.t.Context())
	s.cancel = cancel
	s.d.startLoops(ctx, &s.wg)
	if err := s.d.executor.resume(ctx); err != nil {
		s.t.Fatal(err)
	}
}

// stop stops the loops and closes the journal, as a crash would leave it.
func (s *loopSite) stop() {
	if s.cancel != nil {
		s.cancel()
		s.wg.Wait()
		s.cancel = nil
	}
	if s.d.journal != nil {
		s.d.journal.Close()
		s.d.journal = nil
	}
}

// accept journals a workflow as the API does, and queues it.
func (s *loopSite) accept(workflow string) siteapi.Run {
	s.t.Helper()
	id, err := newRunID()
	if err != nil {
		s.t.Fatal(err)
	}
	run, _, err := s.d.intake.acceptRun(s.t.Context(), siteapi.Run{ID: id, Researcher: "unix:me", LocalUser: "me", IdempotencyKey: id,
		SourceName: "w.yaml", Source: []byte(workflow)})
	if err != nil {
		s.t.Fatal(err)
	}
	return run
}

// run reads a run back once every loop has done what it can.
func (s *loopSite) run(id string) siteapi.Run {
	s.t.Helper()
	synctest.Wait()
	r, err := s.d.journal.Get(s.t.Context(), id)
	if err != nil {
		s.t.Fatal(err)
	}
	return r
}

func step(t *testing.T, r siteapi.Run, name string) siteapi.Step {
	t.Helper()
	for _, st := range r.Steps {
		if st.Name == name {
			return st
		}
	}
	t.Fatalf("run %s has no step %s", r.ID, name)
	return siteapi.Step{}
}

// logged counts log entries whose message contains text.
func (s *loopSite) logged(text string) int {
	n := 0
	for _, e := range s.logs.AllEntries() {
		if strings.Contains(e.Message, text) {
			n++
		}
	}
	return n
}

// gaps are the times between consecutive calls.
func gaps(calls []fakeslurm.Call) []time.Duration {
	var out []time.Duration
	for i := 1; i < len(calls); i++ {
		out = append(out, calls[i].At.Sub(calls[i-1].At))
	}
	return out
}

func seconds(ds ...int) []time.Duration {
	out := make([]time.Duration, len(ds))
	for i, d := range ds {
		out[i] = time.Duration(d) * time.Second
	}
	return out
}

// metric is a gauge's or counter's value on the daemon's registry (0 when absent); labels
// are "name=value" pairs the series must carry.
func (s *loopSite) metric(name string, labels ...string) float64 {
	s.t.Helper()
	families, err := s.d.metrics.registry.Gather()
	if err != nil {
		s.t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
	series:
		for _, m := range f.GetMetric() {
			have := map[string]bool{}
			for _, l := range m.GetLabel() {
				have[l.GetName()+"="+l.GetValue()] = true
			}
			for _, want := range labels {
				if !have[want] {
					continue series
				}
			}
			if g := m.GetGauge(); g != nil {
				return g.GetValue()
			}
			return m.GetCounter().GetValue()
		}
	}
	return 0
}

// sleep lets d of fake time pass and every loop finish what that time brought, so that what
// the test does next never races a poll due at the same instant.
func (s *loopSite) sleep(d time.Duration) {
	time.Sleep(d)
	synctest.Wait()
}
