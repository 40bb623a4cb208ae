package plugins

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"github.com/sirupsen/logrus"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/petagrid/petagrid/internal/logging"
	"github.com/petagrid/petagrid/plugins/proto/pluginv1"
)

// Config is a host's plugins section.
type Config struct {
	// Dir is the plugin directory; every plugin executable lives in it.
	Dir string `yaml:"dir"`
	// Plugins are the plugins to load, each pinned by its SHA-256.
	Plugins []PluginConfig `yaml:"plugins"`
}

// PluginConfig is one plugin to load.
type PluginConfig struct {
	// Name is the executable's file name in Dir (and the plugin's name in logs).
	Name string `yaml:"name"`
	// Kind is placement (gateway), submit-filter, telemetry or bid-policy (site).
	Kind string `yaml:"kind"`
	// SHA256 is the executable's checksum (petagrid plugins list prints it): a binary that
	// changed is refused until the admin pins the new one.
	SHA256 string `yaml:"sha256"`
	// Timeout bounds each call (default 2s).
	Timeout time.Duration `yaml:"timeout"`
	// Args are passed to the plugin (its own settings).
	Args []string `yaml:"args"`
}

var (
	pluginNamePattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$`)
	sha256Pattern     = regexp.MustCompile(`^[0-9a-f]{64}$`)
)

// DefaultCallTimeout bounds a plugin call when its configuration sets none.
const DefaultCallTimeout = 2 * time.Second

// Validate checks the section; kinds names the kinds this host accepts.
func (c Config) Validate(kinds ...string) error {
	var errs []error
	if len(c.Plugins) > 0 && !filepath.IsAbs(c.Dir) {
		errs = append(errs, fmt.Errorf("plugins.dir %q: an absolute directory", c.Dir))
	}
	seen := map[string]bool{}
	for i, p := range c.Plugins {
		where := fmt.Sprintf("plugins.plugins[%d]", i)
		if !pluginNamePattern.MatchString(p.Name) {
			errs = append(errs, fmt.Errorf("%s.name %q: a file name in plugins.dir", where, p.Name))
		}
		if seen[p.Name+"/"+p.Kind] {
			errs = append(errs, fmt.Errorf("%s: %s is listed twice as %s", where, p.Name, p.Kind))
		}
		seen[p.Name+"/"+p.Kind] = true
		ok := false
		for _, k := range kinds {
			ok = ok || p.Kind == k
		}
		if !ok {
			errs = append(errs, fmt.Errorf("%s.kind %q: this host takes %s", where, p.Kind, strings.Join(kinds, ", ")))
		}
		if !sha256Pattern.MatchString(p.SHA256) {
			errs = append(errs, fmt.Errorf("%s.sha256: the executable's SHA-256, 64 lower-case hex digits (petagrid plugins list --dir %s prints it)", where, c.Dir))
		}
		if p.Timeout < 0 || p.Timeout > 5*time.Minute {
			errs = append(errs, fmt.Errorf("%s.timeout %s: 0 (default %s) to 5m", where, p.Timeout, DefaultCallTimeout))
		}
	}
	return errors.Join(errs...)
}

// Found is an executable in the plugin directory.
type Found struct {
	Name   string `json:"name"`
	SHA256 string `json:"sha256"`
}

// Discover lists the executables of a plugin directory with their checksums, for the admin
// to pin.
func Discover(dir string) ([]Found, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("plugin directory: %w", err)
	}
	var out []Found
	for _, e := range entries {
		if !e.Type().IsRegular() || !pluginNamePattern.MatchString(e.Name()) {
			continue
		}
		info, err := e.Info()
		if err != nil || info.Mode()&0o111 == 0 {
			continue
		}
		sum, err := fileSHA256(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		out = append(out, Found{Name: e.Name(), SHA256: sum})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

func fileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", fmt.Errorf("plugin %s: %w", path, err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("plugin %s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// Plugin is a started plugin process. It is restarted on the next call after it exits.
type Plugin struct {
	cfg     PluginConfig
	dir     string
	log     logrus.FieldLogger
	timeout time.Duration

	// reattach is set for a plugin this host attached to rather than started.
	reattach *plugin.ReattachConfig

	// sem is held while the process is checked or (re)started: a channel, so that a caller
	// waiting for another's start gives up when its own context ends.
	sem    chan struct{}
	client *plugin.Client
	raw    any
	// failedAt is when the last start failed: calls within restartBackoff of it fail at once
	// instead of forking a process that is likely to fail again.
	failedAt time.Time
	closed   bool
	// afterPin runs between the check of the plugin's file and its execution (tests swap the
	// file there).
	afterPin func(path string)
}

// ErrChecksum is a plugin whose SHA-256 is not the one pinned in the configuration.
var ErrChecksum = errors.New("its SHA-256 is not the one pinned in the configuration (the binary changed: pin the new one after checking it)")

// restartBackoff is how long after a failed start (or a crash) no new start is tried.
const restartBackoff = 5 * time.Second

// maxAnswerBytes bounds one answer from a plugin (go-plugin would accept 2 GiB).
const maxAnswerBytes = 4 << 20

func dialOptions() []grpc.DialOption {
	return []grpc.DialOption{grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(maxAnswerBytes))}
}

// Start starts a plugin and checks it: its file and directories (not a link, writable by no
// one but this host's account or root), its checksum, the handshake and protocol version,
// and that it provides its kind. Errors say which of these failed. The file checked is the
// file that runs (Linux only).
func Start(ctx context.Context, dir string, cfg PluginConfig, log logrus.FieldLogger) (*Plugin, error) {
	return start(ctx, dir, cfg, log, nil)
}

func start(ctx context.Context, dir string, cfg PluginConfig, log logrus.FieldLogger, afterPin func(path string)) (*Plugin, error) {
	log = logging.OrDiscard(log)
	p := &Plugin{cfg: cfg, dir: dir, log: log.WithField("plugin", cfg.Name).WithField("kind", cfg.Kind), timeout: cfg.Timeout, sem: make(chan struct{}, 1), afterPin: afterPin}
	if p.timeout == 0 {
		p.timeout = DefaultCallTimeout
	}
	if _, err := p.get(ctx); err != nil {
		return nil, err
	}
	return p, nil
}

// Attach connects to a plugin already running (started by a debugger or a test, which
// printed its reattach configuration) instead of starting one. It cannot be restarted.
func Attach(ctx context.Context, name, kind string, rc *plugin.ReattachConfig, log logrus.FieldLogger) (*Plugin, error) {
	log = logging.OrDiscard(log)
	p := &Plugin{cfg: PluginConfig{Name: name, Kind: kind}, log: log.WithField("plugin", name).WithField("kind", kind), timeout: DefaultCallTimeout, reattach: rc, sem: make(chan struct{}, 1)}
	client := plugin.NewClient(&plugin.ClientConfig{
		HandshakeConfig:  handshake,
		VersionedPlugins: map[int]plugin.PluginSet{ProtocolVersion: pluginSet(ServeOpts{})},
		// A reattach configuration may carry no version: the set to use without one.
		Plugins:          pluginSet(ServeOpts{}),
		Reattach:         rc,
		AllowedProtocols: []plugin.Protocol{plugin.ProtocolGRPC},
		Logger:           newHCLogger(p.log),
		GRPCDialOptions:  dialOptions(),
	})
	rpc, err := client.Client()
	if err != nil {
		return nil, fmt.Errorf("attaching to plugin %s: %w", name, explain(err))
	}
	raw, err := rpc.Dispense(kind)
	if err != nil {
		client.Kill()
		return nil, fmt.Errorf("plugin %s does not provide %s: %w", name, kind, err)
	}
	p.client, p.raw = client, raw
	return p, nil
}

// get returns the dispensed gRPC client, starting the process if it is not running.
func (p *Plugin) get(ctx context.Context) (any, error) {
	select {
	case p.sem <- struct{}{}:
	case <-ctx.Done():
		return nil, fmt.Errorf("plugin %s: waiting for it to start: %w", p.cfg.Name, ctx.Err())
	}
	defer func() { <-p.sem }()
	if p.closed {
		return nil, fmt.Errorf("plugin %s is closed", p.cfg.Name)
	}
	if p.client != nil && !p.client.Exited() {
		return p.raw, nil
	}
	if p.reattach != nil {
		return nil, fmt.Errorf("plugin %s (attached) has exited", p.cfg.Name)
	}
	if p.client != nil {
		p.log.Warn("the plugin exited; starting it again")
		p.client.Kill()
		p.client = nil
		p.failedAt = time.Now()
	}
	if wait := restartBackoff - time.Since(p.failedAt); !p.failedAt.IsZero() && wait > 0 && p.raw != nil {
		return nil, fmt.Errorf("plugin %s failed %s ago; not starting it again for %s", p.cfg.Name, time.Since(p.failedAt).Round(time.Millisecond), wait.Round(time.Millisecond))
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("plugin %s: %w", p.cfg.Name, err)
	}
	sum, err := hex.DecodeString(p.cfg.SHA256)
	if err != nil || len(sum) != sha256.Size {
		return nil, fmt.Errorf("plugin %s: sha256 is not a SHA-256", p.cfg.Name)
	}
	// The file is opened and checked once (checksum, permissions), and that open file is
	// what runs: replacing the path afterwards changes nothing (go-plugin's own SecureConfig
	// would hash the path and then execute the path, leaving a moment to swap the file).
	f, err := openPinned(p.dir, p.cfg.Name, sum)
	if err != nil {
		p.failedAt = time.Now()
		return nil, fmt.Errorf("starting plugin %s: %w", p.cfg.Name, err)
	}
	defer f.Close() // once the process started (or failed to), the host needs it no more
	if p.afterPin != nil {
		p.afterPin(f.Name())
	}
	cmd, err := pinnedCommand(context.WithoutCancel(ctx), f, p.cfg.Name, p.cfg.Args)
	if err != nil {
		return nil, err
	}
	client := plugin.NewClient(&plugin.ClientConfig{
		HandshakeConfig:  handshake,
		VersionedPlugins: map[int]plugin.PluginSet{ProtocolVersion: pluginSet(ServeOpts{})},
		Cmd:              cmd,
		AllowedProtocols: []plugin.Protocol{plugin.ProtocolGRPC},
		// Mutual TLS with certificates made for this process only.
		AutoMTLS: true,
		// The plugin gets a clean environment, not the host's (which may hold secrets).
		SkipHostEnv:     true,
		StartTimeout:    10 * time.Second,
		Logger:          newHCLogger(p.log),
		Stderr:          logWriter{p.log},
		GRPCDialOptions: dialOptions(),
	})
	rpc, err := client.Client()
	if err != nil {
		client.Kill()
		p.failedAt = time.Now()
		return nil, fmt.Errorf("starting plugin %s: %w", p.cfg.Name, explain(err))
	}
	raw, err := rpc.Dispense(p.cfg.Kind)
	if err != nil {
		client.Kill()
		return nil, fmt.Errorf("plugin %s does not provide %s: %w", p.cfg.Name, p.cfg.Kind, err)
	}
	p.client, p.raw = client, raw
	p.log.Info("plugin started")
	return raw, nil
}

// explain makes go-plugin's start-up errors say what the admin should do.
func explain(err error) error {
	msg := err.Error()
	switch {
	case strings.Contains(strings.ToLower(msg), "incompatible api version"):
		return fmt.Errorf("it speaks another plugin protocol version than this host (%d): rebuild it against this release's SDK: %w", ProtocolVersion, err)
	case strings.Contains(msg, "plugin exited before we could connect"), strings.Contains(msg, "Unrecognized remote plugin message"):
		return fmt.Errorf("%w: %v", ErrNotPlugin, err)
	}
	return err
}

// call runs one call with the plugin's timeout, which covers a restart too: a plugin that
// hangs at start holds no caller longer than its timeout.
func (p *Plugin) call(ctx context.Context, f func(ctx context.Context, raw any) error) error {
	ctx, cancel := context.WithTimeout(ctx, p.timeout)
	defer cancel()
	raw, err := p.get(ctx)
	if err != nil {
		return err
	}
	if err := f(ctx, raw); err != nil {
		// The deadline travels to the plugin with the call (grpc-timeout), so the plugin's
		// side may give up and reset the stream a moment before this context notices.
		if ctx.Err() != nil || status.Code(err) == codes.DeadlineExceeded {
			return fmt.Errorf("plugin %s did not answer within %s: %w", p.cfg.Name, p.timeout, err)
		}
		return fmt.Errorf("plugin %s: %w", p.cfg.Name, err)
	}
	return nil
}

// Close stops the plugin process; later calls fail instead of starting it again.
func (p *Plugin) Close() {
	p.sem <- struct{}{}
	defer func() { <-p.sem }()
	p.closed = true
	if p.client != nil {
		p.client.Kill()
		p.client = nil
	}
}

// Name is the plugin's name.
func (p *Plugin) Name() string { return p.cfg.Name }

// logWriter logs a plugin's raw stderr lines (what is not hclog JSON).
type logWriter struct{ log logrus.FieldLogger }

func (w logWriter) Write(b []byte) (int, error) {
	sc := bufio.NewScanner(strings.NewReader(string(b)))
	for sc.Scan() {
		// go-plugin writes every stderr line here before it parses the JSON ones into the
		// logger: those are logged once, there.
		if line := strings.TrimSpace(sc.Text()); line != "" && !(strings.HasPrefix(line, "{") && json.Valid([]byte(line))) {
			w.log.WithField("stream", "stderr").Info(line)
		}
	}
	return len(b), nil
}

// newHCLogger routes go-plugin's logging, and the plugin's JSON log lines it forwards, into
// logrus with the plugin's name.
func newHCLogger(log logrus.FieldLogger) hclog.Logger {
	return hclog.New(&hclog.LoggerOptions{Output: jsonLogWriter{log}, JSONFormat: true, Level: hclog.Info})
}

// jsonLogWriter reads hclog's JSON lines and logs them with logrus at the same level.
type jsonLogWriter struct{ log logrus.FieldLogger }

func (w jsonLogWriter) Write(b []byte) (int, error) {
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var entry map[string]any
		if json.Unmarshal([]byte(line), &entry) != nil {
			w.log.Info(line)
			continue
		}
		msg, _ := entry["@message"].(string)
		level, _ := entry["@level"].(string)
		fields := logrus.Fields{}
		for k, v := range entry {
			switch {
			case strings.HasPrefix(k, "@"), k == "timestamp":
			case k == "plugin":
				fields["pluginPath"] = v // go-plugin's own field; ours names the plugin
			default:
				fields[k] = v
			}
		}
		l := w.log.WithFields(fields)
		switch level {
		case "error":
			l.Error(msg)
		case "warn":
			l.Warn(msg)
		case "debug", "trace":
			l.Debug(msg)
		default:
			l.Info(msg)
		}
	}
	return len(b), nil
}

// Rank calls a placement plugin.
func (p *Plugin) Rank(ctx context.Context, req *pluginv1.RankRequest) (*pluginv1.RankResponse, error) {
	var out *pluginv1.RankResponse
	err := p.call(ctx, func(ctx context.Context, raw any) error {
		c, ok := raw.(pluginv1.PlacementPolicyClient)
		if !ok {
			return fmt.Errorf("is a %s plugin, not a placement policy", p.cfg.Kind)
		}
		var err error
		out, err = c.Rank(ctx, req)
		return err
	})
	return out, err
}

// Filter calls a submit filter.
func (p *Plugin) Filter(ctx context.Context, req FilterRequest) (FilterResponse, error) {
	var out *pluginv1.FilterResponse
	err := p.call(ctx, func(ctx context.Context, raw any) error {
		c, ok := raw.(pluginv1.SubmitFilterClient)
		if !ok {
			return fmt.Errorf("is a %s plugin, not a submit filter", p.cfg.Kind)
		}
		var err error
		out, err = c.Filter(ctx, filterRequestToWire(req))
		return err
	})
	if err != nil {
		return FilterResponse{}, err
	}
	return filterResponseFromWire(out), nil
}

// Read calls a telemetry source for its readings.
func (p *Plugin) Read(ctx context.Context) ([]Reading, error) {
	var out *pluginv1.ReadResponse
	err := p.call(ctx, func(ctx context.Context, raw any) error {
		c, ok := raw.(pluginv1.TelemetrySourceClient)
		if !ok {
			return fmt.Errorf("is a %s plugin, not a telemetry source", p.cfg.Kind)
		}
		var err error
		out, err = c.Read(ctx, &pluginv1.ReadRequest{})
		return err
	})
	if err != nil {
		return nil, err
	}
	return readingsFromWire(out), nil
}

// Bid asks a bid policy for the site's bid.
func (p *Plugin) Bid(ctx context.Context, q BidQuery) (BidOffer, error) {
	var out *pluginv1.BidResponse
	err := p.call(ctx, func(ctx context.Context, raw any) error {
		c, ok := raw.(pluginv1.BidPolicyClient)
		if !ok {
			return fmt.Errorf("is a %s plugin, not a bid policy", p.cfg.Kind)
		}
		var err error
		out, err = c.Bid(ctx, bidQueryToWire(q))
		return err
	})
	if err != nil {
		return BidOffer{}, err
	}
	offer, err := bidOfferFromWire(out)
	if err != nil {
		return BidOffer{}, fmt.Errorf("plugin %s: %w", p.cfg.Name, err)
	}
	return offer, nil
}
