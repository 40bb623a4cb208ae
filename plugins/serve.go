package plugins

import (
	"errors"
	"fmt"
	"os"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
)

// ServeOpts are a plugin's implementations: set the kinds the plugin provides.
type ServeOpts struct {
	// Name is the plugin's name in the host's logs.
	Name         string
	Placement    PlacementPolicy
	SubmitFilter SubmitFilter
	Telemetry    TelemetrySource
	BidPolicy    BidPolicy
}

// Serve runs the plugin until the host stops it. Call it from main; it does not return while
// a host is connected. Started by hand, outside a host, it prints what it is and exits 1.
func Serve(opts ServeOpts) { ServeVersion(ProtocolVersion, opts) }

// ServeVersion serves as if this SDK spoke protocol version; tests use it to check that a
// host refuses a plugin of another version with a clear error.
func ServeVersion(version int, opts ServeOpts) {
	if opts.Placement == nil && opts.SubmitFilter == nil && opts.Telemetry == nil && opts.BidPolicy == nil {
		fmt.Fprintln(os.Stderr, "petagrid plugin: ServeOpts sets no implementation")
		os.Exit(1)
	}
	if os.Getenv(handshake.MagicCookieKey) != handshake.MagicCookieValue {
		fmt.Fprintf(os.Stderr, "This is a PetaGrid plugin (%s, protocol %d). The site daemon or the gateway starts it; it does nothing on its own.\n", opts.Name, ProtocolVersion)
		os.Exit(1)
	}
	hs := handshake
	hs.ProtocolVersion = uint(version)
	plugin.Serve(&plugin.ServeConfig{
		HandshakeConfig:  hs,
		VersionedPlugins: map[int]plugin.PluginSet{version: pluginSet(opts)},
		GRPCServer:       plugin.DefaultGRPCServer,
		// JSON lines on stderr: the host parses them into its own structured logs.
		Logger: hclog.New(&hclog.LoggerOptions{Name: opts.Name, Output: os.Stderr, JSONFormat: true, Level: hclog.Info}),
	})
}

// ErrNotPlugin is returned by a host for an executable that is not a PetaGrid plugin.
var ErrNotPlugin = errors.New("not a PetaGrid plugin")
