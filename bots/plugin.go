package bots

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/signal"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/arenabots/arena/bots/wire"
	pb "github.com/arenabots/arena/proto"
)

// The bot's side of go-plugin's protocol (github.com/hashicorp/go-plugin,
// v1.8), which arena's host speaks with go-plugin's client. Serve speaks it
// itself rather than through go-plugin's Serve, which would bring into
// every bot's binary, and initialise at each of its starts, go-plugin's
// net/rpc protocol (encoding/gob), its broker and stdio streams, yamux,
// hclog and gRPC's reflection service with protobuf's descriptor
// packages: about a third of a bot's package initialisation, which arena
// pays twice a game with fresh bots. What arena's host needs of a bot is
// what the Python example serves (bots/examples/python): the handshake
// line, service Jogador, gRPC's health service and go-plugin's controller.
const (
	// coreProtocolVersion is go-plugin's own protocol version.
	coreProtocolVersion = 1
	// socketDirEnv names the directory in which go-plugin's host wants the
	// bot's socket.
	socketDirEnv = "PLUGIN_UNIX_SOCKET_DIR"
	// healthService is the service go-plugin's host asks the health
	// service about.
	healthService = "plugin"
	// cookieRefusal is what go-plugin's Serve writes when the magic cookie
	// is not arena's: the host recognises it (host.Start's error).
	cookieRefusal = "This binary is a plugin. These are not meant to be executed directly.\n" +
		"Please execute the program that consumes these plugins, which will\n" +
		"load any plugins automatically\n"
)

// servePlugin serves srv on go-plugin's protocol, version
// wire.ProtocolVersion: it checks the magic cookie (without it, it says so
// and exits with status 1), listens on a fresh Unix socket, writes the
// handshake line to stdout and serves until go-plugin's controller is
// asked to shut down. Interrupts are caught and dropped (signal.Notify), as
// go-plugin's Serve does: a ^C in arena's terminal is arena's to handle.
// Notify starts os/signal's threads before the bot's first call, rather
// than signal.Ignore leaving them for later: a Go bot whose threads
// start only at its memory limit can die of a thread it cannot start rather
// than of the memory it asked for, which arena would call a crash (the
// freezer's cost of the threads is left as it is: docs/performance.md).
// Before the handshake, once the cookie is checked, it warms the bot's side
// of a call up (wire.WarmUp).
func servePlugin(srv pb.JogadorServer) {
	if os.Getenv(wire.MagicCookieKey) != wire.MagicCookieValue {
		fmt.Fprint(os.Stderr, cookieRefusal)
		os.Exit(1)
	}
	wire.WarmUp()
	l, err := listen(os.Getenv(socketDirEnv))
	if err != nil {
		fmt.Fprintf(os.Stderr, "bot: %v\n", err)
		os.Exit(1)
	}
	s := grpc.NewServer(wire.ServerOptions()...)
	pb.RegisterJogadorServer(s, srv)
	healthpb.RegisterHealthServer(s, health{})
	s.RegisterService(&controllerDesc, controller{s})
	signal.Notify(make(chan os.Signal, 1), os.Interrupt)
	fmt.Printf("%d|%d|%s|%s|grpc|\n", coreProtocolVersion, wire.ProtocolVersion, l.Addr().Network(), l.Addr())
	_ = s.Serve(l) // returns once the controller stopped s
}

// listen opens a fresh Unix socket in dir (the system's temporary
// directory if empty), named as go-plugin names its own. Closing it
// removes it.
func listen(dir string) (*net.UnixListener, error) {
	f, err := os.CreateTemp(dir, "plugin")
	if err != nil {
		return nil, fmt.Errorf("socket: %w", err)
	}
	path := f.Name()
	f.Close()
	if err := os.Remove(path); err != nil {
		return nil, fmt.Errorf("socket: %w", err)
	}
	l, err := net.ListenUnix("unix", &net.UnixAddr{Name: path, Net: "unix"})
	if err != nil {
		return nil, fmt.Errorf("socket: %w", err)
	}
	return l, nil
}

// health is gRPC's health service: the bot is serving.
type health struct {
	healthpb.UnimplementedHealthServer
}

// Check answers SERVING for the whole server and for go-plugin's service.
func (health) Check(_ context.Context, r *healthpb.HealthCheckRequest) (*healthpb.HealthCheckResponse, error) {
	if r.GetService() != "" && r.GetService() != healthService {
		return nil, status.Errorf(codes.NotFound, "unknown service %q", r.GetService())
	}
	return &healthpb.HealthCheckResponse{Status: healthpb.HealthCheckResponse_SERVING}, nil
}

// controller is go-plugin's service plugin.GRPCController, whose one call,
// Shutdown, stops the bot's gRPC server, so that Serve returns.
type controller struct{ server *grpc.Server }

// shutdowner is what serves the controller.
type shutdowner interface{ shutdown() }

func (c controller) shutdown() { c.server.Stop() }

// controllerDesc describes plugin.GRPCController (go-plugin's
// internal/plugin/grpc_controller.proto): Shutdown takes and returns
// go-plugin's empty message, which is protobuf's Empty on the wire.
var controllerDesc = grpc.ServiceDesc{
	ServiceName: "plugin.GRPCController",
	HandlerType: (*shutdowner)(nil),
	Methods: []grpc.MethodDesc{{
		MethodName: "Shutdown",
		Handler: func(srv any, _ context.Context, dec func(any) error, _ grpc.UnaryServerInterceptor) (any, error) {
			if err := dec(new(emptypb.Empty)); err != nil {
				return nil, err
			}
			srv.(shutdowner).shutdown()
			return new(emptypb.Empty), nil
		},
	}},
	Metadata: "grpc_controller.proto",
}
