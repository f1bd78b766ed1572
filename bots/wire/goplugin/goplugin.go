// Package goplugin is go-plugin's configuration of a bot connection: the
// handshake of package wire as go-plugin's plugin.HandshakeConfig, and the
// plugin that carries service Jogador over go-plugin's gRPC protocol. The host's
// go-plugin client (host.Start) and the test bots that go-plugin's own
// Serve serves use it. The SDK (bots.Serve) does not: it speaks the bot's
// side of the same protocol itself, so that a bot's binary does not link
// go-plugin's server (see bots/serve.go).
package goplugin

import (
	"context"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"github.com/arenabots/arena/bots/wire"
	pb "github.com/arenabots/arena/proto"
)

// PluginName is the name the Jogador plugin is dispensed under.
const PluginName = "jogador"

// Handshake returns the handshake of protocol version v (wire.ProtocolVersion
// except in tests of version mismatches).
func Handshake(v uint) plugin.HandshakeConfig {
	return plugin.HandshakeConfig{
		ProtocolVersion:  v,
		MagicCookieKey:   wire.MagicCookieKey,
		MagicCookieValue: wire.MagicCookieValue,
	}
}

// Plugin carries service Jogador over go-plugin's gRPC protocol. On the
// bot's side Impl is the implementation; on the host's side it is nil and
// GRPCClient hands out a pb.JogadorClient.
type Plugin struct {
	plugin.NetRPCUnsupportedPlugin
	Impl pb.JogadorServer
}

// GRPCServer registers the Jogador service.
func (p *Plugin) GRPCServer(_ *plugin.GRPCBroker, s *grpc.Server) error {
	pb.RegisterJogadorServer(s, p.Impl)
	return nil
}

// GRPCClient returns a pb.JogadorClient on conn.
func (p *Plugin) GRPCClient(_ context.Context, _ *plugin.GRPCBroker, conn *grpc.ClientConn) (any, error) {
	return pb.NewJogadorClient(conn), nil
}

// Plugins returns the plugin set of a host (srv nil) or a bot.
func Plugins(srv pb.JogadorServer) plugin.PluginSet {
	return plugin.PluginSet{PluginName: &Plugin{Impl: srv}}
}

// ServeConfig returns the go-plugin configuration that serves srv with
// handshake version v, with wire.ServerOptions. go-plugin's own messages go
// to the bot's stderr at level Error only, so that the bot's log holds what
// the bot wrote.
func ServeConfig(srv pb.JogadorServer, v uint) *plugin.ServeConfig {
	return &plugin.ServeConfig{
		HandshakeConfig: Handshake(v),
		Plugins:         Plugins(srv),
		GRPCServer:      newServer,
		Logger:          hclog.New(&hclog.LoggerOptions{Name: "jogador", Level: hclog.Error}),
	}
}

// newServer is go-plugin's default gRPC server with wire.ServerOptions.
func newServer(opts []grpc.ServerOption) *grpc.Server {
	return plugin.DefaultGRPCServer(append(opts, wire.ServerOptions()...))
}
