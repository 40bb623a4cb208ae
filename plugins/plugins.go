// Package plugins lets plugin authors extend PetaGrid without forking it: placement policies
// for the gateway, submit filters and telemetry sources for the site daemon. A plugin is a
// separate executable that serves the gRPC protocol in plugins/proto (package pluginv1)
// through hashicorp/go-plugin: the host starts it, checks its checksum, negotiates the
// protocol version over a magic-cookie handshake, talks to it over mutually authenticated TLS
// (AutoMTLS), and routes its logs into its own with the plugin's name. The site daemon also
// takes bid policies, which price its bids in the gateway's sealed-bid auctions.
//
// Authors call Serve from main with their implementations; hosts use a Loader.
package plugins

import (
	"context"
	"fmt"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"github.com/petagrid/petagrid/plugins/proto/pluginv1"
)

// ProtocolVersion is the plugin protocol this build speaks. A plugin built for another
// version fails the handshake with an error that names both.
const ProtocolVersion = 1

// Handshake is the magic cookie a host sets in the plugin's environment: a plugin started by
// hand (or by something that is not a PetaGrid host) says it is a plugin and exits, instead of
// waiting for a host that never comes. It is not a secret.
var handshake = plugin.HandshakeConfig{
	ProtocolVersion:  ProtocolVersion,
	MagicCookieKey:   "PETAGRID_PLUGIN",
	MagicCookieValue: "b7d3c1f0-petagrid-plugin-protocol",
}

// Handshake is the handshake hosts and plugins of this protocol version use (package
// plugintest serves with it).
func Handshake() plugin.HandshakeConfig { return handshake }

// Kinds of plugin: the names a plugin set dispenses.
const (
	KindPlacement    = "placement"
	KindSubmitFilter = "submit-filter"
	KindTelemetry    = "telemetry"
	KindBidPolicy    = "bid-policy"
)

// PlacementPolicy ranks the sites that can run a job (the gateway's extension point).
type PlacementPolicy interface {
	Rank(ctx context.Context, req *pluginv1.RankRequest) (*pluginv1.RankResponse, error)
}

// SubmitFilter inspects, changes or denies a rendered run before submission (site).
type SubmitFilter interface {
	Filter(ctx context.Context, req *pluginv1.FilterRequest) (*pluginv1.FilterResponse, error)
}

// TelemetrySource reads power and energy of devices NVML does not see (site accounting).
type TelemetrySource interface {
	Read(ctx context.Context, req *pluginv1.ReadRequest) (*pluginv1.ReadResponse, error)
}

// BidPolicy prices the site's bids in the gateway's auctions (site).
type BidPolicy interface {
	Bid(ctx context.Context, req *pluginv1.BidRequest) (*pluginv1.BidResponse, error)
}

// PluginSet is what opts serve, by kind, for go-plugin (package plugintest uses it to serve a
// plugin in a test process).
func PluginSet(opts ServeOpts) map[string]plugin.Plugin {
	return pluginSet(opts)
}

// pluginSet is what a plugin serves and a host dispenses, by kind. A plugin fills only the
// kinds it implements.
func pluginSet(opts ServeOpts) plugin.PluginSet {
	return plugin.PluginSet{
		KindPlacement:    &placementPlugin{impl: opts.Placement},
		KindSubmitFilter: &filterPlugin{impl: opts.SubmitFilter},
		KindTelemetry:    &telemetryPlugin{impl: opts.Telemetry},
		KindBidPolicy:    &bidPolicyPlugin{impl: opts.BidPolicy},
	}
}

// The go-plugin glue: each kind registers its gRPC server in the plugin and returns the
// generated client in the host.

type placementPlugin struct {
	plugin.NetRPCUnsupportedPlugin
	impl PlacementPolicy
}

func (p *placementPlugin) GRPCServer(_ *plugin.GRPCBroker, s *grpc.Server) error {
	if p.impl == nil {
		return nil
	}
	pluginv1.RegisterPlacementPolicyServer(s, placementServer{impl: p.impl})
	return nil
}

func (p *placementPlugin) GRPCClient(_ context.Context, _ *plugin.GRPCBroker, c *grpc.ClientConn) (any, error) {
	return pluginv1.NewPlacementPolicyClient(c), nil
}

type placementServer struct {
	pluginv1.UnimplementedPlacementPolicyServer
	impl PlacementPolicy
}

func (s placementServer) Rank(ctx context.Context, req *pluginv1.RankRequest) (*pluginv1.RankResponse, error) {
	return guard(func() (*pluginv1.RankResponse, error) { return s.impl.Rank(ctx, req) })
}

type filterPlugin struct {
	plugin.NetRPCUnsupportedPlugin
	impl SubmitFilter
}

func (p *filterPlugin) GRPCServer(_ *plugin.GRPCBroker, s *grpc.Server) error {
	if p.impl == nil {
		return nil
	}
	pluginv1.RegisterSubmitFilterServer(s, filterServer{impl: p.impl})
	return nil
}

func (p *filterPlugin) GRPCClient(_ context.Context, _ *plugin.GRPCBroker, c *grpc.ClientConn) (any, error) {
	return pluginv1.NewSubmitFilterClient(c), nil
}

type filterServer struct {
	pluginv1.UnimplementedSubmitFilterServer
	impl SubmitFilter
}

func (s filterServer) Filter(ctx context.Context, req *pluginv1.FilterRequest) (*pluginv1.FilterResponse, error) {
	return guard(func() (*pluginv1.FilterResponse, error) { return s.impl.Filter(ctx, req) })
}

type telemetryPlugin struct {
	plugin.NetRPCUnsupportedPlugin
	impl TelemetrySource
}

func (p *telemetryPlugin) GRPCServer(_ *plugin.GRPCBroker, s *grpc.Server) error {
	if p.impl == nil {
		return nil
	}
	pluginv1.RegisterTelemetrySourceServer(s, telemetryServer{impl: p.impl})
	return nil
}

func (p *telemetryPlugin) GRPCClient(_ context.Context, _ *plugin.GRPCBroker, c *grpc.ClientConn) (any, error) {
	return pluginv1.NewTelemetrySourceClient(c), nil
}

type telemetryServer struct {
	pluginv1.UnimplementedTelemetrySourceServer
	impl TelemetrySource
}

func (s telemetryServer) Read(ctx context.Context, req *pluginv1.ReadRequest) (*pluginv1.ReadResponse, error) {
	return guard(func() (*pluginv1.ReadResponse, error) { return s.impl.Read(ctx, req) })
}

type bidPolicyPlugin struct {
	plugin.NetRPCUnsupportedPlugin
	impl BidPolicy
}

func (p *bidPolicyPlugin) GRPCServer(_ *plugin.GRPCBroker, s *grpc.Server) error {
	if p.impl == nil {
		return nil
	}
	pluginv1.RegisterBidPolicyServer(s, bidPolicyServer{impl: p.impl})
	return nil
}

func (p *bidPolicyPlugin) GRPCClient(_ context.Context, _ *plugin.GRPCBroker, c *grpc.ClientConn) (any, error) {
	return pluginv1.NewBidPolicyClient(c), nil
}

type bidPolicyServer struct {
	pluginv1.UnimplementedBidPolicyServer
	impl BidPolicy
}

func (s bidPolicyServer) Bid(ctx context.Context, req *pluginv1.BidRequest) (*pluginv1.BidResponse, error) {
	return guard(func() (*pluginv1.BidResponse, error) { return s.impl.Bid(ctx, req) })
}

// guard turns a panic in an author's code into an error for the host, so that one bad input
// does not take the plugin process (and every call in flight) down with it.
func guard[T any](f func() (T, error)) (out T, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("plugin panicked: %v", r)
		}
	}()
	return f()
}
