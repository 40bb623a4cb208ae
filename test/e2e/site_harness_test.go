package e2e

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	accstore "github.com/petagrid/petagrid/accounting/store"
	"github.com/petagrid/petagrid/site/client"
	"github.com/petagrid/petagrid/site/siteapi"
)

// The site daemon's end-to-end tests run the real binary as root in mapped mode: jobs are
// submitted as the test cluster's unprivileged accounts (pgalice, pgbob) through runuser,
// their workspaces written by the helper running as them.

var (
	siteBinOnce sync.Once
	siteBin     string
	siteBinErr  error
)

// siteBinary builds petagrid once into a directory every account can read, since the
// daemon runs it as the mapped users to write their workspaces.
func siteBinary(t *testing.T) string {
	t.Helper()
	siteBinOnce.Do(func() {
		dir, err := os.MkdirTemp("", "petagrid-site-bin-")
		if err != nil {
			siteBinErr = err
			return
		}
		if err := os.Chmod(dir, 0o755); err != nil {
			siteBinErr = err
			return
		}
		siteBin = filepath.Join(dir, "petagrid")
		out, err := exec.Command("go", "build", "-o", siteBin, "github.com/petagrid/petagrid/cmd/petagrid").CombinedOutput()
		if err != nil {
			siteBinErr = fmt.Errorf("building petagrid: %v\n%s", err, out)
		}
	})
	if siteBinErr != nil {
		t.Fatal(siteBinErr)
	}
	return siteBin
}

type siteDaemon struct {
	t         *testing.T
	bin       string
	config    string
	socket    string
	api       string
	metrics   string
	workspace string
	logPath   string
	journal   string
	// accountingStore is the daemon's accounting store (harvester and samplers).
	accountingStore string
	pool            bool
	keys            map[string]*ecdsa.PrivateKey

	mu  sync.Mutex
	cmd *exec.Cmd
}

type siteOptions struct {
	trackerInterval string
	workers         int
	runAs           string // runuser (default) or setuid
	// pool runs the daemon as the unprivileged pool account pgpool (pool mode): every job
	// is pgpool's; pgalice may use the socket.
	pool bool
	// confVar names the environment variable with the cluster's slurm.conf (default
	// PETAGRID_TEST_SLURM_CONF, the first cluster); name is site.name (default e2e-site).
	confVar string
	name    string
	// gpuTypes replaces the profile's GPU type routing (default {fake: gpu}).
	gpuTypes string
	// extra is appended to the configuration (e.g. grid: and pocp: sections).
	extra string
	// siteExtra is appended to the site section (indented two spaces).
	siteExtra string
	// binDir is slurm.binDir, the directory of the Slurm commands ("" : the PATH's).
	binDir string
	// seedGPUs are written into the site's accounting store before it starts, as NVML
	// would have reported them: a test double of GPUs (none exists here) that the site
	// then registers by their identities.
	seedGPUs []accstore.GPU
}

func freePort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// startSite writes a configuration for the first test cluster and starts the daemon.
func startSite(t *testing.T, opts siteOptions) *siteDaemon {
	t.Helper()
	testBridge(t) // skips (or fails under make test) without a cluster
	if os.Geteuid() != 0 {
		t.Skip("the site daemon's mapped-user tests run as root (runuser)")
	}
	for _, u := range []string{"pgalice", "pgbob"} {
		if _, err := exec.Command("id", "-u", u).Output(); err != nil {
			t.Fatalf("test account %s is missing: run test/cluster/cluster up", u)
		}
	}
	if opts.trackerInterval == "" {
		opts.trackerInterval = "1s"
	}
	if opts.workers == 0 {
		opts.workers = 4
	}
	if opts.runAs == "" {
		opts.runAs = "runuser"
	}
	if opts.confVar == "" {
		opts.confVar = "PETAGRID_TEST_SLURM_CONF"
	}
	if opts.name == "" {
		opts.name = "e2e-site"
	}
	dir := t.TempDir()
	ws := sharedDir(t, "petagrid-site-ws-", 0o1777)
	profile := filepath.Join(dir, "profile.yaml")
	data, err := os.ReadFile(repoFile(t, "examples/site-profiles/test-cluster.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	data = []byte(strings.Replace(string(data), "workspaceRoot: /tmp/petagrid-demo", "workspaceRoot: "+ws, 1))
	if opts.gpuTypes != "" {
		data = []byte(strings.Replace(string(data), "gpuTypes: {fake: gpu}", "gpuTypes: "+opts.gpuTypes, 1))
	}
	if err := os.WriteFile(profile, data, 0o644); err != nil {
		t.Fatal(err)
	}
	// The socket's directory must be reachable by the researchers' accounts.
	sockDir := sharedDir(t, "petagrid-site-run-", 0o755)
	s := &siteDaemon{t: t, bin: siteBinary(t), socket: filepath.Join(sockDir, "site.sock"), workspace: ws,
		logPath: filepath.Join(dir, "daemon.log"), journal: filepath.Join(dir, "journal.db"), keys: map[string]*ecdsa.PrivateKey{}, pool: opts.pool}
	listen, metrics := freePort(t), freePort(t)
	s.api, s.metrics = "http://"+listen, "http://"+metrics
	var researchers strings.Builder
	for _, u := range []string{"pgalice", "pgbob"} {
		key, err := crypto.GenerateKey()
		if err != nil {
			t.Fatal(err)
		}
		s.keys[u] = key
		fmt.Fprintf(&researchers, "      - {name: %s, key: %s, localUser: %s}\n", u, crypto.PubkeyToAddress(key.PublicKey).Hex(), u)
	}
	s.config = filepath.Join(dir, "site.yaml")
	s.accountingStore = filepath.Join(dir, "accounting.db")
	users := fmt.Sprintf(`    mode: mapped
    runAs: %s
    allowedLocalUsers: [pgalice, pgbob]
    helper: %s
`, opts.runAs, s.bin)
	if opts.pool {
		// The pool account reads its configuration and owns its journal and socket.
		state := sharedDir(t, "petagrid-site-pool-", 0o700)
		if out, err := exec.Command("chown", "pgpool:pgpool", state, sockDir).CombinedOutput(); err != nil {
			t.Fatalf("chown: %v %s", err, out)
		}
		s.journal = filepath.Join(state, "journal.db")
		s.accountingStore = filepath.Join(state, "accounting.db")
		s.config = filepath.Join(sockDir, "site.yaml")
		moved := filepath.Join(sockDir, "profile.yaml")
		if err := os.Rename(profile, moved); err != nil {
			t.Fatal(err)
		}
		profile = moved
		users = "    mode: pool\n    socketUsers: [pgalice]\n"
		researchers.Reset()
		for _, u := range []string{"pgalice", "pgbob"} {
			fmt.Fprintf(&researchers, "      - {name: %s, key: %s}\n", u, crypto.PubkeyToAddress(s.keys[u].PublicKey).Hex())
		}
	}
	slurmExtra := ""
	if opts.binDir != "" {
		slurmExtra = "  binDir: " + opts.binDir + "\n"
	}
	cfg := fmt.Sprintf(`slurm:
  conf: %s
%ssite:
  name: %s
  gridPartitions: [cpu, gpu]
  profile: %s
  journal: %s
  users:
%s    researchers:
%s  api:
    socket: %s
    listen: %s
  metrics:
    listen: %s
  tracker:
    interval: %s
    maxBackoff: 8s
  submit:
    workers: %d
    retryMax: 4s
%saccounting:
  store: %s
  harvest:
    interval: 2s
    overlap: 1h
    initialBackfill: 1h
  nodes:
    slot: 10s
%s`, os.Getenv(opts.confVar), slurmExtra, opts.name, profile, s.journal, users, researchers.String(), s.socket, listen, metrics, opts.trackerInterval, opts.workers, opts.siteExtra, s.accountingStore, opts.extra)
	if err := os.WriteFile(s.config, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	if len(opts.seedGPUs) > 0 {
		st, err := accstore.Open(context.Background(), s.accountingStore)
		if err != nil {
			t.Fatal(err)
		}
		err = st.RecordGPUSamples(context.Background(), "e2e-seed", opts.seedGPUs, nil, nil, nil)
		if cerr := st.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			t.Fatalf("seeding the site's GPUs: %v", err)
		}
	}
	s.start()
	t.Cleanup(func() {
		s.stop()
		logTailIfFailed(t, "daemon", s.logPath, 8<<10)
	})
	return s
}

// logTailIfFailed logs the last limit bytes of a daemon's log file when the test failed.
func logTailIfFailed(t *testing.T, what, path string, limit int) {
	t.Helper()
	if !t.Failed() {
		return
	}
	if log, err := os.ReadFile(path); err == nil {
		t.Logf("%s log (last %d KiB):\n%s", what, limit>>10, tail(string(log), limit))
	}
}

// sharedDir is a temporary directory with mode (t.TempDir's parents are private to root,
// and the test accounts must reach these).
func sharedDir(t *testing.T, prefix string, mode os.FileMode) string {
	t.Helper()
	dir, err := os.MkdirTemp("", prefix)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, mode); err != nil {
		t.Fatal(err)
	}
	return dir
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[len(s)-n:]
}

// start runs the daemon and waits for /healthz.
func (s *siteDaemon) start() {
	s.t.Helper()
	logFile, err := os.OpenFile(s.logPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		s.t.Fatal(err)
	}
	cmd := exec.Command(s.bin, "--config", s.config, "--log-level", "info", "site", "serve")
	if s.pool {
		cmd = exec.Command("runuser", "-u", "pgpool", "--", s.bin, "--config", s.config, "--log-level", "info", "site", "serve")
	}
	cmd.Stdout, cmd.Stderr = logFile, logFile
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		s.t.Fatal(err)
	}
	logFile.Close()
	s.mu.Lock()
	s.cmd = cmd
	s.mu.Unlock()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		resp, err := http.Get(s.metrics + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		if cmd.ProcessState != nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	log, _ := os.ReadFile(s.logPath)
	s.t.Fatalf("site daemon did not come up:\n%s", tail(string(log), 4096))
}

// kill is kill -9: no shutdown, no flush, whatever was in flight is cut.
func (s *siteDaemon) kill() {
	s.mu.Lock()
	cmd := s.cmd
	s.cmd = nil
	s.mu.Unlock()
	if cmd == nil {
		return
	}
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	cmd.Wait()
}

func (s *siteDaemon) stop() {
	s.mu.Lock()
	cmd := s.cmd
	s.cmd = nil
	s.mu.Unlock()
	if cmd == nil {
		return
	}
	syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM) // the daemon, and runuser in pool mode
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-done
		s.t.Errorf("site daemon did not stop within 15s of SIGTERM")
	}
}

// client is a researcher's signed TCP client.
func (s *siteDaemon) client(user string) *client.Client {
	s.t.Helper()
	c, err := client.New(s.api, s.keys[user])
	if err != nil {
		s.t.Fatal(err)
	}
	return c
}

// admin is root on the unix socket.
func (s *siteDaemon) admin() *client.Client {
	s.t.Helper()
	c, err := client.New("unix://"+s.socket, nil)
	if err != nil {
		s.t.Fatal(err)
	}
	return c
}

// waitRuns waits until every run is terminal and returns them.
func waitRuns(ctx context.Context, t *testing.T, c *client.Client, ids []string) map[string]siteapi.Run {
	t.Helper()
	out := map[string]siteapi.Run{}
	for {
		pending := 0
		for _, id := range ids {
			if r, ok := out[id]; ok && r.State.Terminal() {
				continue
			}
			v, err := c.Get(ctx, id, false)
			if err != nil {
				if ctx.Err() != nil {
					t.Fatalf("waiting for runs: %v (%d of %d not done)", ctx.Err(), pending, len(ids))
				}
				t.Logf("get %s: %v (retrying)", id, err)
				pending++
				continue
			}
			out[id] = v.Run
			if !v.Run.State.Terminal() {
				pending++
			}
		}
		if pending == 0 {
			return out
		}
		select {
		case <-ctx.Done():
			var stuck []string
			for _, id := range ids {
				if r, ok := out[id]; !ok || !r.State.Terminal() {
					stuck = append(stuck, fmt.Sprintf("%s=%s", id, out[id].State))
				}
			}
			t.Fatalf("runs not terminal in time: %v", stuck)
		case <-time.After(time.Second):
		}
	}
}

func workflowYAML(name, shell string) string {
	return fmt.Sprintf(`version: 1
name: %s
resources: {cpusPerTask: 1, mem: 64M, time: 5m}
steps:
  - name: main
    run:
      shell: %q
`, name, shell)
}
