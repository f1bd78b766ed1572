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

// readyPartida opens the bot's Partida stream, once, before its first
// call's time starts: the bot's headers say that it serves it. A bot that
// answers UNIMPLEMENTED (built before Partida, or not in Go) is called
// with unary Jogar from then on; one that fails otherwise, or does not
// answer before ctx ends, is called unary this time, and the call tells
// what is wrong. The stream outlives ctx: it ends when a call is given up
// (see callJogar) or with the connection, when the process is closed.
func (p *Process) readyPartida(ctx context.Context) {
	if p.part != nil || p.unary {
		return
	}
	sctx, end := context.WithCancel(context.WithoutCancel(ctx))
	stop := context.AfterFunc(ctx, end)
	defer stop()
	s, err := p.jog.Partida(sctx)
	if err != nil {
		end()
		return
	}
	if md, _ := s.Header(); md == nil {
		// Header does not say why the stream ended: Recv does.
		_, err := s.Recv()
		p.unary = status.Code(err) == codes.Unimplemented
		end()
		return
	}
	p.part = &partida{stream: s, end: end}
}

// endPartida ends the bot's Partida stream, if open.
func (p *Process) endPartida() {
	if p.part != nil {
		p.part.end()
		p.part = nil
	}
}

// callJogar makes one call of Jogar, on the Partida stream when the bot
// serves it, else unary; cpu says that the call is charged the bot's CPU
// time. Its errors are what a unary call's would be: the bot's error
// status, or the connection's, or ctx's end, which ends the stream (the
// bot's call with it) for a call given up.
func (p *Process) callJogar(ctx context.Context, req *pb.JogarRequest, cpu bool) (*pb.Jogada, error) {
	if p.part == nil {
		return p.jog.Jogar(ctx, req)
	}
	ped := &pb.Pedido{Jogar: req, Cpu: cpu}
	if dl, ok := ctx.Deadline(); ok {
		ped.PrazoUs = max(time.Until(dl).Microseconds(), 1)
	}
	s := p.part.stream
	stop := context.AfterFunc(ctx, p.part.end)
	err := s.Send(ped)
	var r *pb.Resposta
	if err == nil || errors.Is(err, io.EOF) { // at EOF, Recv says why the stream ended
		r, err = s.Recv()
	}
	if !stop() {
		// ctx ended, which ends the stream, however the call ended: the
		// next call opens another.
		p.endPartida()
	}
	if err != nil {
		p.endPartida()
		if ctx.Err() != nil {
			return nil, status.FromContextError(ctx.Err()).Err()
		}
		return nil, err
	}
	if c := codes.Code(r.GetCode()); c != codes.OK {
		return nil, status.Error(c, r.GetMessage())
	}
	return r.GetJogada(), nil
}
