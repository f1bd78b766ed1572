package bots

import (
	"bufio"
	"context"
	"net"
	"os"
	"path/filepath"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"

	"github.com/arenabots/arena/bots/wire"
	pb "github.com/arenabots/arena/proto"
)

// maxPedidoBytes bounds one frame from arena on the lean call channel:
// gRPC's default bound of a message a server receives.
const maxPedidoBytes = 4 << 20

// offerCanal opens the lean call channel (bots/wire) when arena asks for it
// in the headers of ctx, Info's call, and answers its address in Info's
// response headers, with word that NovoJogo may come on it too. A channel
// that cannot be opened is not offered: arena then calls Jogar and NovoJogo
// over gRPC.
func (s *server) offerCanal(ctx context.Context) {
	if s.canal != nil || !canalAsked(ctx) {
		return
	}
	dir := os.Getenv("PLUGIN_UNIX_SOCKET_DIR")
	if dir == "" {
		dir = os.TempDir()
	}
	addr := filepath.Join(dir, wire.CanalName)
	l, err := net.ListenUnix("unix", &net.UnixAddr{Name: addr, Net: "unix"})
	if err != nil {
		return
	}
	if err := grpc.SetHeader(ctx, metadata.Pairs(wire.CanalKey, addr, wire.CanalNovoJogoKey, "1")); err != nil {
		l.Close()
		return
	}
	s.canal = l
	go s.serveCanal(l)
}

// canalAsked reports whether ctx's headers ask for the lean call channel.
func canalAsked(ctx context.Context) bool {
	v := metadata.ValueFromIncomingContext(ctx, wire.CanalKey)
	return len(v) == 1 && v[0] == wire.CanalAsk
}

// serveCanal takes arena's one connection to l, then answers its Pedidos
// one at a time on this goroutine, read, answer and write (see answer),
// until arena closes it. Between calls the goroutine waits in Go's poller,
// not in a blocking read: with every P idle, Go's sysmon sleeps until the
// next call instead of polling a thread held in a system call.
func (s *server) serveCanal(l *net.UnixListener) {
	c, err := l.AcceptUnix()
	l.Close() // removes the socket: nothing else connects
	if err != nil {
		return
	}
	defer c.Close()
	r := bufio.NewReader(c)
	for {
		var p pb.Pedido
		if err := wire.ReadFrame(r, maxPedidoBytes, &p); err != nil {
			return
		}
		if err := wire.WriteFrame(c, s.answer(context.Background(), &p)); err != nil {
			return
		}
	}
}
