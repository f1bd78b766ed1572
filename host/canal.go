//go:build linux

package host

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"os"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/arenabots/arena/bots/wire"
	pb "github.com/arenabots/arena/proto"
)

// canal is a bot's lean call channel (bots/wire): its calls of Jogar as
// frames on a Unix socket of the bot's, written and read on the caller's
// goroutine, with no other goroutine of arena's in the way. It is the
// bot's connection from Start to Close; dead, once a call on it failed or
// was given up, it carries no more calls (Jogar's caller only reads or
// sets dead).
type canal struct {
	conn *net.UnixConn
	r    *bufio.Reader
	dead bool
	// novoJogo: the bot takes NovoJogo on the channel too
	// (wire.CanalNovoJogoKey).
	novoJogo bool
}

// canalBuffer is the size of the buffer a canal is read through: an
// answer of common size comes in one read.
const canalBuffer = 4096

// askCanal returns ctx, for the bot's Info call, with the headers that ask
// for its lean call channel, unless spec.noCanal.
func (p *Process) askCanal(ctx context.Context) context.Context {
	if p.spec.noCanal {
		return ctx
	}
	return metadata.AppendToOutgoingContext(ctx, wire.CanalKey, wire.CanalAsk)
}

// openCanal connects to the bot's lean call channel, within ctx (the
// start's), where the bot announced one in header, the response headers
// of its Info call: a bot of the Go SDK does, asked (wire.CanalKey). The
// address is the bot's word, checked and reached as its go-plugin address
// is (sandbox.Box.SocketAddr). It reports whether the channel is open; a
// bot that announced none, or one arena does not reach, is called over
// gRPC.
func (p *Process) openCanal(ctx context.Context, header metadata.MD) bool {
	v := header.Get(wire.CanalKey)
	if len(v) != 1 {
		return false
	}
	path, f, err := p.box.SocketAddr(v[0])
	if err != nil {
		return false
	}
	if f != nil {
		defer f.Close()
	}
	var d net.Dialer
	c, err := d.DialContext(ctx, "unix", path)
	if err != nil {
		return false
	}
	conn := c.(*net.UnixConn)
	nj := header.Get(wire.CanalNovoJogoKey)
	p.canal = &canal{conn: conn, r: bufio.NewReaderSize(conn, canalBuffer), novoJogo: len(nj) == 1 && nj[0] == "1"}
	return true
}

// callCanal makes one call of Jogar on the lean call channel (see
// canal.call).
func (p *Process) callCanal(ctx context.Context, req *pb.JogarRequest, cpu bool) (*pb.Jogada, error) {
	r, err := p.canal.call(ctx, pedido(ctx, req, cpu))
	if err != nil {
		return nil, err
	}
	return jogadaOf(r)
}

// newGameCanal makes the call of NovoJogo on the lean call channel, where
// the bot takes it there (see canal.call); its error is the bot's status,
// as over gRPC.
func (p *Process) newGameCanal(ctx context.Context, game string) error {
	r, err := p.canal.call(ctx, &pb.Pedido{NovoJogo: &pb.NovoJogoRequest{Game: game}, PrazoUs: prazoUs(ctx)})
	if err != nil {
		return err
	}
	if c := codes.Code(r.GetCode()); c != codes.OK {
		return status.Error(c, r.GetMessage())
	}
	return nil
}

// call sends ped on c and returns the bot's answer. The request goes in
// one write, and the answer is read on this goroutine until ctx's
// deadline, or its end for another cause. Its errors are what a unary
// call's would be (see canalStatus); the channel dies with any of them, so
// that an answer given up on is never read for a later call.
func (c *canal) call(ctx context.Context, ped *pb.Pedido) (*pb.Resposta, error) {
	if err := ctx.Err(); err != nil { // given up before it began, as a unary call is
		c.end()
		return nil, status.FromContextError(err).Err()
	}
	dl, _ := ctx.Deadline() // none: the zero time, no deadline
	err := c.conn.SetDeadline(dl)
	stop := context.AfterFunc(ctx, func() { c.conn.SetDeadline(time.Unix(1, 0)) })
	var r pb.Resposta
	if err == nil {
		err = wire.WriteFrame(c.conn, ped)
	}
	if err == nil {
		err = wire.ReadFrame(c.r, maxAnswerBytes, &r)
	}
	if !stop() || err != nil {
		c.end() // ctx ended, or the call failed: the bot's answer, if any, is never read
	}
	if err != nil {
		if ctx.Err() != nil {
			return nil, status.FromContextError(ctx.Err()).Err()
		}
		return nil, canalStatus(err)
	}
	return &r, nil
}

// open reports whether c carries calls: it is there, alive, and holds
// nothing the bot sent unasked, which would otherwise pass for the next
// call's answer (such a channel dies).
func (c *canal) open() bool {
	if c == nil || c.dead {
		return false
	}
	if c.r.Buffered() > 0 {
		c.end()
		return false
	}
	return true
}

// end closes the channel: the bot's later calls go over gRPC.
func (c *canal) end() {
	c.dead = true
	c.conn.Close()
}

// canalStatus is the gRPC status of a call on the channel that failed for
// err, as a unary call that failed alike has: the read's deadline passing
// DeadlineExceeded, a frame over maxAnswerBytes ResourceExhausted, one
// not decodable Internal (gRPC's own codes for these answers), and the
// connection's end or failure Unavailable.
func canalStatus(err error) error {
	switch {
	case errors.Is(err, os.ErrDeadlineExceeded):
		return status.Error(codes.DeadlineExceeded, err.Error())
	case errors.Is(err, wire.ErrFrameTooLarge):
		return status.Error(codes.ResourceExhausted, err.Error())
	case errors.Is(err, wire.ErrBadFrame):
		return status.Error(codes.Internal, err.Error())
	case errors.Is(err, io.EOF):
		return status.Error(codes.Unavailable, "the bot closed its channel")
	}
	return status.Error(codes.Unavailable, err.Error())
}
