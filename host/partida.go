//go:build linux

package host

import (
	"context"
	"errors"
	"io"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/arenabots/arena/proto"
)

// partida is a bot's Partida stream, which carries its calls of Jogar one
// at a time (see jogador.proto): it spares each call a unary call's
// headers, stream and context, on both sides.
type partida struct {
	stream pb.Jogador_PartidaClient
	end    context.CancelFunc // ends the stream, and the bot's call in it
}

// openPartida opens the bot's Partida stream as it starts, after Info,
// within ctx (the start's): the bot's headers say that it serves it. A bot
// that answers UNIMPLEMENTED (built before Partida, or not in Go), fails
// otherwise, or does not answer before ctx ends, is called with unary
// Jogar, whose calls then tell what is wrong. The stream is opened here,
// outside any call, so that no bot is ever running uncharged in a call for
// it; it outlives ctx, and ends when a call is given up (see callJogar) or
// with the connection, when the process is closed.
func (p *Process) openPartida(ctx context.Context) {
	sctx, end := context.WithCancel(context.WithoutCancel(ctx))
	stop := context.AfterFunc(ctx, end)
	defer stop()
	s, err := p.jog.Partida(sctx)
	if err != nil {
		end()
		return
	}
	if md, _ := s.Header(); md == nil { // the stream ended: Recv would say why
		end()
		return
	}
	p.part = &partida{stream: s, end: end}
}

// endPartida ends the bot's Partida stream, if open: its later calls are
// unary.
func (p *Process) endPartida() {
	if p.part != nil {
		p.part.end()
		p.part = nil
	}
}

// callJogar makes one call of Jogar: on the bot's lean call channel when
// it is open (see callCanal), else on the Partida stream when it is open,
// else unary; cpu says that the call is charged the bot's CPU time.
func (p *Process) callJogar(ctx context.Context, req *pb.JogarRequest, cpu bool) (*pb.Jogada, error) {
	switch {
	case p.canal.open():
		return p.callCanal(ctx, req, cpu)
	case p.part != nil:
		return p.callPartida(ctx, req, cpu)
	}
	return p.jog.Jogar(ctx, req)
}

// callPartida makes one call of Jogar on the Partida stream. Its errors are
// what a unary call's would be: the bot's error status, or the
// connection's, or ctx's end, which ends the stream (the bot's call with
// it) for a call given up: the bot's later calls, if any, are unary.
func (p *Process) callPartida(ctx context.Context, req *pb.JogarRequest, cpu bool) (*pb.Jogada, error) {
	if err := ctx.Err(); err != nil { // given up before it began, as a unary call is
		p.endPartida()
		return nil, status.FromContextError(err).Err()
	}
	s := p.part.stream
	stop := context.AfterFunc(ctx, p.part.end)
	err := s.Send(pedido(ctx, req, cpu))
	var r *pb.Resposta
	if err == nil || errors.Is(err, io.EOF) { // at EOF, Recv says why the stream ended
		r, err = s.Recv()
	}
	if !stop() {
		p.endPartida() // ctx ended, and the stream with it, however the call ended
	}
	if err != nil {
		p.endPartida()
		if ctx.Err() != nil {
			return nil, status.FromContextError(ctx.Err()).Err()
		}
		return nil, err
	}
	return jogadaOf(r)
}

// pedido is the Pedido of a call of Jogar within ctx: its deadline, from
// now, and whether it is charged the bot's CPU time.
func pedido(ctx context.Context, req *pb.JogarRequest, cpu bool) *pb.Pedido {
	return &pb.Pedido{Jogar: req, Cpu: cpu, PrazoUs: prazoUs(ctx)}
}

// prazoUs is a Pedido's prazo_us under ctx: the time to its deadline in
// microseconds, at least 1; 0 without a deadline.
func prazoUs(ctx context.Context) int64 {
	if dl, ok := ctx.Deadline(); ok {
		return max(time.Until(dl).Microseconds(), 1)
	}
	return 0
}

// jogadaOf is the Jogada of r, or the error status it carries.
func jogadaOf(r *pb.Resposta) (*pb.Jogada, error) {
	if c := codes.Code(r.GetCode()); c != codes.OK {
		return nil, status.Error(c, r.GetMessage())
	}
	return r.GetJogada(), nil
}
