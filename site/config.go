// Package site is the site daemon that sits beside a Slurm controller: it accepts workflow
// runs (local API now, the grid gateway later), journals them, renders them with the site
// profile, submits them as the mapped local user, tracks them with one batched query per
// interval, serves their logs, and exports metrics.
package site

import (
	"errors"
	"fmt"
	"net"
	"os/user"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/petagrid/petagrid/internal/httpguard"
	"github.com/petagrid/petagrid/site/challengerun"
	"github.com/petagrid/petagrid/site/siteapi"
)

// User-mapping modes.
const (
	// ModePool submits every job as the daemon's own (unprivileged) account.
	ModePool = "pool"
	// ModeMapped submits each researcher's jobs as their own local account, through runuser
	// (daemon as root) or sudo (daemon unprivileged, sudoers rule).
	ModeMapped = "mapped"
)

// Config is the site section of the configuration file (site.yaml). Every field is
// documented in docs/admin-guide.md; zero values take the defaults below.
type Config struct {
	// Name identifies the site; signed requests must name it as their audience, so a request
	// signed for one site cannot be replayed at another.
	Name string `yaml:"name"`
	// GridPartitions are the Slurm partitions grid work may use; the first is the default.
	// Empty: whatever the site profile and Slurm's default partition say.
	GridPartitions []string `yaml:"gridPartitions"`
	// Profile is the site profile file (docs/workflows.md); empty: the built-in default.
	Profile string `yaml:"profile"`
	// Journal is the SQLite journal file.
	Journal string        `yaml:"journal"`
	Users   UsersConfig   `yaml:"users"`
	API     APIConfig     `yaml:"api"`
	Metrics MetricsConfig `yaml:"metrics"`
	Tracker TrackerConfig `yaml:"tracker"`
	Submit  SubmitConfig  `yaml:"submit"`
	// Challenges runs the grid gateway's compute challenges (with a grid section only).
	Challenges ChallengesConfig `yaml:"challenges"`
}

// ChallengesConfig is how the site answers the gateway's compute challenges: each runs as
// one exclusive Slurm job of the grid pool account, `<binary> challenge run`.
type ChallengesConfig struct {
	// Enabled runs the challenges the gateway sends (default true). A site that does not
	// answer them has its unverified time left out of its PoCP reports' figures.
	Enabled *bool `yaml:"enabled"`
	// Binary is the petagrid binary the challenge job runs, as the compute nodes see it
	// (absolute); empty: this daemon's own executable (os.Executable), which suits a binary
	// installed at the same path on every node.
	Binary string `yaml:"binary"`
	// Kernel is where the job computes the products: "auto" (the default: the node's GPUs
	// where CUDA's driver, NVRTC and cuBLAS load, the CPU elsewhere), "gpu" (the GPUs, or the
	// job fails and says what is missing: for GPU partitions whose nodes must have them) or
	// "cpu".
	Kernel string `yaml:"kernel"`
	// Heterogeneous runs a challenge of more nodes than its partition lets one job hold
	// (MaxNodes) as one heterogeneous job, components within the limit that Slurm starts
	// together (default true; it needs SchedulerType=sched/backfill). false: the job asks
	// for all its nodes at once, Slurm holds it, and the challenge is missed.
	Heterogeneous *bool `yaml:"heterogeneous"`
}

// On says whether the site runs the gateway's challenges (the default).
func (c ChallengesConfig) On() bool { return c.Enabled == nil || *c.Enabled }

// SplitsOverNodeLimit says whether a challenge over a partition's node limit runs as a
// heterogeneous job (the default).
func (c ChallengesConfig) SplitsOverNodeLimit() bool {
	return c.Heterogeneous == nil || *c.Heterogeneous
}

// UsersConfig says whose identity jobs carry.
type UsersConfig struct {
	// Mode is "pool" (the default) or "mapped".
	Mode string `yaml:"mode"`
	// RunAs is how a mapped user is become: "runuser" (daemon as root, the default in mapped
	// mode), "setuid" (daemon as root, the user's uid, gid and groups set directly on each
	// command: runuser without its PAM session, faster) or "sudo" (sudo -n -u with a sudoers
	// rule).
	RunAs string `yaml:"runAs"`
	// RunAsPath is the runuser or sudo binary; empty: looked up on PATH.
	RunAsPath string `yaml:"runAsPath"`
	// MinUID refuses mapping to system accounts (default 1000); root is always refused.
	MinUID int `yaml:"minUid"`
	// AllowedLocalUsers is the allow-list of accounts the daemon may submit as (mapped
	// mode); a researcher mapped to anyone else is refused.
	AllowedLocalUsers []string `yaml:"allowedLocalUsers"`
	// SocketUsers may use the unix socket in pool mode (the pool account itself always may).
	// In mapped mode a socket peer acts as themselves and must be in AllowedLocalUsers.
	SocketUsers []string `yaml:"socketUsers"`
	// Researchers are the keys allowed to sign requests, with their local account.
	Researchers []ResearcherConfig `yaml:"researchers"`
	// Helper is the petagrid binary run as a mapped user to write its workspace (so that
	// root never writes into a directory a user controls); empty: this executable.
	Helper string `yaml:"helper"`
}

// ResearcherConfig maps one researcher key to a local account.
type ResearcherConfig struct {
	// Name is a label for logs.
	Name string `yaml:"name"`
	// Key is the researcher's Ethereum address (0x…), which signs their requests.
	Key string `yaml:"key"`
	// LocalUser is the account their jobs run as (mapped mode; ignored in pool mode).
	LocalUser string `yaml:"localUser"`
}

// APIConfig is the local HTTP API.
type APIConfig struct {
	// Socket is the unix socket (peer credentials authenticate); "-" disables it.
	Socket string `yaml:"socket"`
	// Listen is a TCP address for signed requests (e.g. "127.0.0.1:8660"); empty: none.
	Listen string    `yaml:"listen"`
	TLS    TLSConfig `yaml:"tls"`
	// MaxBodyBytes bounds a request body (default 8 MiB: a 4 MiB workflow plus JSON escaping).
	MaxBodyBytes int64 `yaml:"maxBodyBytes"`
	// SignatureMaxTTL is how far ahead a signed request may set its expiry (default 5m).
	SignatureMaxTTL time.Duration `yaml:"signatureMaxTtl"`
	// BodyTimeout is how long a client has to deliver a request body once its headers
	// arrived (default 1m); a stalled body is cut off then.
	BodyTimeout time.Duration `yaml:"bodyTimeout"`
	// MaxConnections caps the connections each listener (socket, TCP, metrics) serves at
	// once (default 256); more wait.
	MaxConnections int `yaml:"maxConnections"`
}

// TLSConfig serves the TCP listener over TLS when both files are set.
type TLSConfig struct {
	Cert string `yaml:"cert"`
	Key  string `yaml:"key"`
}

// MetricsConfig is the Prometheus endpoint (with /healthz).
type MetricsConfig struct {
	// Listen is the address of /metrics and /healthz; "-" disables it.
	Listen string `yaml:"listen"`
}

// TrackerConfig paces the tracker.
type TrackerConfig struct {
	// Interval between polls (default 5s): one squeue per interval whatever the number of
	// jobs, plus one sacct when jobs ended or left the controller.
	Interval time.Duration `yaml:"interval"`
	// MaxBackoff caps the wait between polls while Slurm is unreachable (default 2m).
	MaxBackoff time.Duration `yaml:"maxBackoff"`
}

// SubmitConfig paces submission.
type SubmitConfig struct {
	// Workers is how many runs are rendered and submitted at once (default 4).
	Workers int `yaml:"workers"`
	// RetryMax caps the wait between attempts to submit while Slurm is unreachable (default 1m).
	RetryMax time.Duration `yaml:"retryMax"`
}

// Defaults for zero fields.
const (
	DefaultJournal         = "/var/lib/petagrid/site/journal.db"
	DefaultMetricsListen   = "127.0.0.1:9661"
	DefaultMinUID          = 1000
	DefaultMaxBodyBytes    = 8 << 20
	DefaultSignatureMaxTTL = 5 * time.Minute
	DefaultMaxConnections  = 256
	DefaultTrackerInterval = 5 * time.Second
	DefaultMaxBackoff      = 2 * time.Minute
	DefaultSubmitWorkers   = 4
	DefaultSubmitRetryMax  = time.Minute
)

// WithDefaults fills zero fields.
func (c Config) WithDefaults() Config {
	if c.Name == "" {
		c.Name = "site"
	}
	if c.Journal == "" {
		c.Journal = DefaultJournal
	}
	if c.Users.Mode == "" {
		c.Users.Mode = ModePool
	}
	if c.Users.Mode == ModeMapped && c.Users.RunAs == "" {
		c.Users.RunAs = "runuser"
	}
	if c.Users.MinUID == 0 {
		c.Users.MinUID = DefaultMinUID
	}
	if c.API.Socket == "" {
		c.API.Socket = siteapi.DefaultSocket
	}
	if c.API.MaxBodyBytes == 0 {
		c.API.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if c.API.SignatureMaxTTL == 0 {
		c.API.SignatureMaxTTL = DefaultSignatureMaxTTL
	}
	if c.API.BodyTimeout == 0 {
		c.API.BodyTimeout = httpguard.DefaultBodyTimeout
	}
	if c.API.MaxConnections == 0 {
		c.API.MaxConnections = DefaultMaxConnections
	}
	if c.Metrics.Listen == "" {
		c.Metrics.Listen = DefaultMetricsListen
	}
	if c.Tracker.Interval == 0 {
		c.Tracker.Interval = DefaultTrackerInterval
	}
	if c.Tracker.MaxBackoff == 0 {
		c.Tracker.MaxBackoff = DefaultMaxBackoff
	}
	if c.Submit.Workers == 0 {
		c.Submit.Workers = DefaultSubmitWorkers
	}
	if c.Submit.RetryMax == 0 {
		c.Submit.RetryMax = DefaultSubmitRetryMax
	}
	return c
}

var (
	siteNamePattern  = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)
	localUserPattern = regexp.MustCompile(`^[a-z_][a-z0-9_.-]{0,31}$`)
	partitionPattern = regexp.MustCompile(`^[A-Za-z0-9_.+-]{1,128}$`)
)

// Validate checks the configuration without touching the system (see CheckAccounts for
// the checks against /etc/passwd).
func (c Config) Validate() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	c.validateSite(bad)
	c.validateAPI(bad)
	c.validateLoops(bad)
	c.Users.validate(bad)
	return errors.Join(errs...)
}

// complaint records one problem of a configuration; Validate reports them all together.
type complaint func(format string, args ...any)

// validateSite checks the site's name, grid partitions and file paths.
func (c Config) validateSite(bad complaint) {
	if !siteNamePattern.MatchString(c.Name) {
		bad("site.name %q: use 1-64 characters from A-Z a-z 0-9 . _ - starting with a letter or digit", c.Name)
	}
	for _, p := range c.GridPartitions {
		if !partitionPattern.MatchString(p) {
			bad("site.gridPartitions: %q is not a partition name", p)
		}
	}
	if err := challengerun.CheckKernel(c.Challenges.Kernel); err != nil {
		bad("site.challenges.%v", err)
	}
	for label, p := range map[string]string{"site.journal": c.Journal, "site.profile": c.Profile, "site.api.tls.cert": c.API.TLS.Cert, "site.api.tls.key": c.API.TLS.Key, "site.users.helper": c.Users.Helper, "site.users.runAsPath": c.Users.RunAsPath, "site.challenges.binary": c.Challenges.Binary} {
		if p != "" && !filepath.IsAbs(p) {
			bad("%s %q must be an absolute path", label, p)
		}
	}
}

// validateAPI checks the API's listeners and limits.
func (c Config) validateAPI(bad complaint) {
	if c.API.Socket != "-" && !filepath.IsAbs(c.API.Socket) {
		bad("site.api.socket %q must be an absolute path (or \"-\" for none)", c.API.Socket)
	}
	if (c.API.TLS.Cert == "") != (c.API.TLS.Key == "") {
		bad("site.api.tls: set both cert and key, or neither")
	}
	for label, addr := range map[string]string{"site.api.listen": c.API.Listen, "site.metrics.listen": c.Metrics.Listen} {
		if addr == "" || addr == "-" {
			continue
		}
		if _, _, err := net.SplitHostPort(addr); err != nil {
			bad("%s %q: %v", label, addr, err)
		}
	}
	if c.API.Listen == "" && c.API.Socket == "-" {
		bad("site.api: both the socket and the TCP listener are disabled: nothing could submit")
	}
	if c.API.MaxBodyBytes < 64<<10 {
		bad("site.api.maxBodyBytes %d is too small (at least 65536)", c.API.MaxBodyBytes)
	}
	if c.API.SignatureMaxTTL < 10*time.Second || c.API.SignatureMaxTTL > time.Hour {
		bad("site.api.signatureMaxTtl %s: between 10s and 1h", c.API.SignatureMaxTTL)
	}
	if c.API.BodyTimeout < 0 || c.API.BodyTimeout > time.Hour {
		bad("site.api.bodyTimeout %s: up to 1h", c.API.BodyTimeout)
	}
	if c.API.MaxConnections < 0 {
		bad("site.api.maxConnections %d: at least 1", c.API.MaxConnections)
	}
}

// validateLoops checks the tracker's and the executor's settings.
func (c Config) validateLoops(bad complaint) {
	if c.Tracker.Interval < 100*time.Millisecond {
		bad("site.tracker.interval %s: at least 100ms (each interval costs slurmctld a query)", c.Tracker.Interval)
	}
	if c.Tracker.MaxBackoff < c.Tracker.Interval {
		bad("site.tracker.maxBackoff %s is shorter than the interval %s", c.Tracker.MaxBackoff, c.Tracker.Interval)
	}
	if c.Submit.Workers < 1 || c.Submit.Workers > 64 {
		bad("site.submit.workers %d: between 1 and 64", c.Submit.Workers)
	}
	if c.Submit.RetryMax < time.Second {
		bad("site.submit.retryMax %s: at least 1s", c.Submit.RetryMax)
	}
}

// validate checks the user mode and the accounts and keys it maps.
func (u UsersConfig) validate(bad complaint) {
	switch u.Mode {
	case ModePool:
		if len(u.AllowedLocalUsers) > 0 {
			bad("site.users.allowedLocalUsers is for mapped mode; pool mode submits as the daemon's own account")
		}
		for i, r := range u.Researchers {
			if r.LocalUser != "" {
				bad("site.users.researchers[%d].localUser is for mapped mode; pool mode submits as the daemon's own account", i)
			}
		}
	case ModeMapped:
		if u.RunAs != "runuser" && u.RunAs != "sudo" && u.RunAs != "setuid" {
			bad("site.users.runAs %q: use runuser or setuid (daemon as root), or sudo", u.RunAs)
		}
		if len(u.SocketUsers) > 0 {
			bad("site.users.socketUsers is for pool mode; in mapped mode socket peers act as themselves and must be in allowedLocalUsers")
		}
		allowed := map[string]bool{}
		for _, name := range u.AllowedLocalUsers {
			allowed[name] = true
		}
		for i, r := range u.Researchers {
			if r.LocalUser == "" {
				bad("site.users.researchers[%d] (%s): localUser is required in mapped mode", i, r.Key)
			} else if !allowed[r.LocalUser] {
				bad("site.users.researchers[%d] (%s): localUser %q is not in allowedLocalUsers", i, r.Key, r.LocalUser)
			}
		}
	default:
		bad("site.users.mode %q: use pool or mapped", u.Mode)
	}
	for _, name := range append(append([]string{}, u.AllowedLocalUsers...), u.SocketUsers...) {
		if !localUserPattern.MatchString(name) {
			bad("local user %q is not a valid user name", name)
		} else if name == "root" {
			bad("local user root is refused: jobs are never submitted as root")
		}
	}
	seen := map[common.Address]bool{}
	for i, r := range u.Researchers {
		if !common.IsHexAddress(r.Key) || !strings.HasPrefix(r.Key, "0x") {
			bad("site.users.researchers[%d].key %q is not an Ethereum address (0x followed by 40 hex digits)", i, r.Key)
			continue
		}
		addr := common.HexToAddress(r.Key)
		if seen[addr] {
			bad("site.users.researchers[%d].key %s appears twice", i, r.Key)
		}
		seen[addr] = true
	}
}

// Account is a local account resolved from the password database.
type Account struct {
	Name string
	UID  uint32
	GID  uint32
	Home string
}

// LookupAccount resolves name and applies the minimum-uid rule.
func LookupAccount(name string, minUID int) (Account, error) {
	u, err := user.Lookup(name)
	if err != nil {
		return Account{}, fmt.Errorf("local user %s: %w", name, err)
	}
	uid, err1 := strconv.ParseUint(u.Uid, 10, 32)
	gid, err2 := strconv.ParseUint(u.Gid, 10, 32)
	if err1 != nil || err2 != nil {
		return Account{}, fmt.Errorf("local user %s has a non-numeric uid or gid", name)
	}
	if uid == 0 {
		return Account{}, fmt.Errorf("local user %s is root: jobs are never submitted as root", name)
	}
	if int(uid) < minUID {
		return Account{}, fmt.Errorf("local user %s has uid %d, below site.users.minUid %d (system accounts are refused)", name, uid, minUID)
	}
	return Account{Name: name, UID: uint32(uid), GID: uint32(gid), Home: u.HomeDir}, nil
}
