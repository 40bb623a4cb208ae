// Package plugintest lets plugin authors test their implementations through the real plugin
// protocol without building a binary: Serve runs them in the test process behind go-plugin's
// gRPC server and hands back the clients a host would use, so that what the test sees is
// what the site daemon or the gateway will see (encoding, errors, the SDK's panic guard).
package plugintest

import (
	"context"
	"testing"
	"time"

	"github.com/hashicorp/go-plugin"

	"github.com/petagrid/petagrid/plugins"
	"github.com/petagrid/petagrid/plugins/proto/pluginv1"
)

// Clients are the host-side clients of an in-process plugin; a kind the plugin does not
// provide is nil.
type Clients struct {
	Placement    pluginv1.PlacementPolicyClient
	SubmitFilter pluginv1.SubmitFilterClient
	Telemetry    pluginv1.TelemetrySourceClient
	BidPolicy    pluginv1.BidPolicyClient
}

// Serve serves opts in process over go-plugin's gRPC transport until the test ends.
func Serve(t testing.TB, opts plugins.ServeOpts) Clients {
	t.Helper()
	client, server := plugin.TestPluginGRPCConn(t, false, plugins.PluginSet(opts))
	t.Cleanup(func() {
		// Server first: the client's Close asks the server to stop itself over the
		// connection, and go-plugin's GRPCServer.Stop is not safe to run twice at once, so a
		// Close first would race our own Stop with the one its Shutdown handler runs.
		server.Stop()
		client.Close()
	})
	var out Clients
	dispense := func(kind string) any {
		raw, err := client.Dispense(kind)
		if err != nil {
			t.Fatalf("plugintest: dispensing %s: %v", kind, err)
		}
		return raw
	}
	if opts.Placement != nil {
		out.Placement = dispense(plugins.KindPlacement).(pluginv1.PlacementPolicyClient)
	}
	if opts.SubmitFilter != nil {
		out.SubmitFilter = dispense(plugins.KindSubmitFilter).(pluginv1.SubmitFilterClient)
	}
	if opts.Telemetry != nil {
		out.Telemetry = dispense(plugins.KindTelemetry).(pluginv1.TelemetrySourceClient)
	}
	if opts.BidPolicy != nil {
		out.BidPolicy = dispense(plugins.KindBidPolicy).(pluginv1.BidPolicyClient)
	}
	return out
}

// Reattach serves opts in this process as a plugin server (go-plugin's reattach mode: what a
// debugger session does) and attaches a host-side plugins.Plugin to it, so that a test goes
// through the host's own code: timeouts, error wrapping, the typed calls.
func Reattach(t testing.TB, kind string, opts plugins.ServeOpts) *plugins.Plugin {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	reattach := make(chan *plugin.ReattachConfig, 1)
	closed := make(chan struct{})
	go plugin.Serve(&plugin.ServeConfig{
		HandshakeConfig:  plugins.Handshake(),
		VersionedPlugins: map[int]plugin.PluginSet{plugins.ProtocolVersion: plugins.PluginSet(opts)},
		GRPCServer:       plugin.DefaultGRPCServer,
		Test:             &plugin.ServeTestConfig{Context: ctx, ReattachConfigCh: reattach, CloseCh: closed},
	})
	var rc *plugin.ReattachConfig
	select {
	case rc = <-reattach:
	case <-time.After(10 * time.Second):
		cancel()
		t.Fatal("plugintest: the plugin server did not start")
	}
	p, err := plugins.Attach(ctx, opts.Name, kind, rc, nil)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		p.Close()
		cancel()
		<-closed
	})
	return p
}
