// Package wire is the one place both ends of a bot connection agree on: the
// go-plugin handshake (magic cookie and protocol version), the gRPC options
// of both ends, and the converters between the wire and arena's types
// (convert.go). The host (host.Start), the SDK (bots.Serve) and the test
// bots all use it, so the two ends cannot drift. It does not import
// go-plugin, which the SDK does without: go-plugin's configuration of the
// connection, for the host's client, is package goplugin.
package wire

import (
	"google.golang.org/grpc"
)

// The handshake. A bot started without the cookie refuses to run; a bot
// whose ProtocolVersion differs is refused by the host. Bump ProtocolVersion
// on any incompatible change of jogador.proto, and update proto/README.md.
const (
	MagicCookieKey   = "ARENA_JOGADOR_COOKIE"
	MagicCookieValue = "b0t5-c4va1o-7e41"
	ProtocolVersion  = 1
)

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
// calls, kept from one call to the next: go-plugin's stdio stream, where a
// bot serves one, holds one for the bot's life, the calls come one at a
// time, and a call that finds none free gets a goroutine of its own, as
// without workers.
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
