// Package wire is the one place both ends of a bot connection agree on: the
// go-plugin handshake (magic cookie and protocol version) and the plugin
// that carries service Jogador over gRPC, and the converters between the
// wire and arena's types (convert.go). The host (host.Start), the SDK
// (bots.Serve) and the test bots all use it, so the two ends cannot drift.
package wire

import (
	"context"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	pb "github.com/arenabots/arena/proto"
)

// The handshake. A bot started without the cookie refuses to run; a bot
// whose ProtocolVersion differs is refused by the host. Bump ProtocolVersion
// on any incompatible change of jogador.proto, and update proto/README.md.
const (
	MagicCookieKey   = "ARENA_JOGADOR_COOKIE"
	MagicCookieValue = "b0t5-c4va1o-7e41"
	ProtocolVersion  = 1
)

// PluginName is the name the Jogador plugin is dispensed under.
const PluginName = "jogador"

// Handshake returns the handshake of protocol version v (ProtocolVersion
// except in tests of version mismatches).
func Handshake(v uint) plugin.HandshakeConfig {
	return plugin.HandshakeConfig{
		ProtocolVersion:  v,
		MagicCookieKey:   MagicCookieKey,
		MagicCookieValue: MagicCookieValue,
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

// WindowSize is the HTTP/2 flow-control window, of each stream and of the
// whole connection, at both ends of a bot's connection: the largest
// message the host takes from a bot, so that one flows without waiting.
// It is static. gRPC's default window is dynamic: it estimates the link's
// bandwidth-delay product by sending a PING with every DATA frame received
// while none is in flight, which on a connection that carries one small
// request and one small answer at a time is a PING and its
// acknowledgement, written, read and woken for by both processes, with
// every call.
const WindowSize = 1 << 20

// DialOptions returns the gRPC options of the host's end of a bot's
// connection that this package decides: the static window.
func DialOptions() []grpc.DialOption {
	return []grpc.DialOption{grpc.WithStaticStreamWindowSize(WindowSize), grpc.WithStaticConnWindowSize(WindowSize)}
}

// streamWorkers is how many goroutines of a bot's gRPC server serve its
// calls, kept from one call to the next: go-plugin's stdio stream holds one
// for the bot's life, the calls come one at a time, and a call that finds
// none free gets a goroutine of its own, as without workers.
const streamWorkers = 4

// ServerOptions returns the gRPC options of the bot's end that this
// package decides: the static window, and calls served by kept goroutines
// (grpc.NumStreamWorkers) rather than one started per call, whose stack
// the runtime grew, by copying it, in every call (stack growth was 8 % of
// a kept bot's CPU).
func ServerOptions() []grpc.ServerOption {
	return []grpc.ServerOption{
		grpc.StaticStreamWindowSize(WindowSize), grpc.StaticConnWindowSize(WindowSize),
		grpc.NumStreamWorkers(streamWorkers),
	}
}

// ServeConfig returns the go-plugin configuration that serves srv with
// handshake version v, with ServerOptions. go-plugin's own messages go to
// the bot's stderr at level Error only, so that the bot's log holds what
// the bot wrote.
func ServeConfig(srv pb.JogadorServer, v uint) *plugin.ServeConfig {
	return &plugin.ServeConfig{
		HandshakeConfig: Handshake(v),
		Plugins:         Plugins(srv),
		GRPCServer:      newServer,
		Logger:          hclog.New(&hclog.LoggerOptions{Name: "jogador", Level: hclog.Error}),
	}
}

// newServer is go-plugin's default gRPC server with ServerOptions.
func newServer(opts []grpc.ServerOption) *grpc.Server {
	return plugin.DefaultGRPCServer(append(opts, ServerOptions()...))
}
