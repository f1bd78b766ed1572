package bots

import (
	"context"
	"errors"
	"io"
	"net"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/arenabots/arena/bots/wire"
	pb "github.com/arenabots/arena/proto"
	"github.com/arenabots/arena/referee"
)

// Serve runs bot as a bot process: the whole main of a Go bot. It completes
// go-plugin's handshake with arena and answers Info, Jogar (on the lean
// call channel, the Partida stream, or unary) and NovoJogo until arena
// stops it. Run directly, not by arena, it says so and exits with status 1.
// What the bot writes to os.Stdout and os.Stderr after the handshake goes
// to arena, which keeps what it wrote during a move with that move.
func Serve(bot Bot) {
	servePlugin(&server{bot: bot})
}

// server is a Bot on the wire.
type server struct {
	pb.UnimplementedJogadorServer
	bot Bot
	// canal is the lean call channel's listener, once arena asked for it.
	canal *net.UnixListener
}

// Info answers with the bot's Info; asked by arena, it opens the lean call
// channel first (see offerCanal).
func (s *server) Info(ctx context.Context, _ *pb.InfoRequest) (*pb.InfoResponse, error) {
	s.offerCanal(ctx)
	i := s.bot.Info()
	return &pb.InfoResponse{Name: i.Name, Author: i.Author, Version: i.Version, Games: i.Games}, nil
}

// NovoJogo tells the bot a new game starts, if it is a NewGamer.
func (s *server) NovoJogo(ctx context.Context, _ *pb.NovoJogoRequest) (*pb.NovoJogoResponse, error) {
	if g, ok := s.bot.(NewGamer); ok {
		if err := g.NewGame(ctx); err != nil {
			return nil, status.Error(codes.Unknown, err.Error())
		}
	}
	return &pb.NovoJogoResponse{}, nil
}

// Jogar answers a unary call of Jogar (see jogar).
func (s *server) Jogar(ctx context.Context, r *pb.JogarRequest) (*pb.Jogada, error) {
	return s.jogar(ctx, r, wire.ChargedCPU(ctx))
}

// Partida answers the calls of Jogar on arena's stream, one at a time, as
// Jogar does: each call's context is the stream's with the call's deadline,
// and ends with the stream (arena ends it when it gives up on a call). It
// sends its headers at once, which tells arena the stream is served.
func (s *server) Partida(stream pb.Jogador_PartidaServer) error {
	if err := stream.SendHeader(metadata.MD{}); err != nil {
		return err
	}
	for {
		p, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		r := s.answer(stream.Context(), p)
		if err := stream.Send(r); err != nil {
			return err
		}
	}
}

// answer answers one Pedido, of the Partida stream or of the lean call
// channel: the call's context is ctx with the Pedido's deadline. A Pedido
// of NovoJogo (the channel's only) is answered without a Jogada.
func (s *server) answer(ctx context.Context, p *pb.Pedido) *pb.Resposta {
	cancel := context.CancelFunc(func() {})
	if us := p.GetPrazoUs(); us > 0 {
		ctx, cancel = context.WithTimeout(ctx, time.Duration(us)*time.Microsecond)
	}
	var j *pb.Jogada
	var err error
	if n := p.GetNovoJogo(); n != nil {
		_, err = s.NovoJogo(ctx, n)
	} else {
		j, err = s.jogar(ctx, p.GetJogar(), p.GetCpu())
	}
	cancel()
	if err != nil {
		st := status.Convert(err)
		return &pb.Resposta{Code: int32(st.Code()), Message: st.Message()}
	}
	return &pb.Resposta{Jogada: j}
}

// jogar decodes the state, asks the bot, and encodes its answer. ctx
// carries arena's deadline (tempo plus margin, or under clock: cpu the cap
// on the wall time); cpu says that the call is charged the bot's CPU time,
// which ChargedCPU then reads. An error of the bot's Jogar goes back as a
// gRPC status with the error's text: the host takes any error of a live
// bot within its deadline for a crash, and the text for its detail. The
// kind of a *referee.Fault the bot returns is only text: the host decides
// the verdict from what it observes.
func (s *server) jogar(ctx context.Context, r *pb.JogarRequest, cpu bool) (*pb.Jogada, error) {
	st, tempo, err := wire.FromprotoRequest(r)
	if err != nil {
		return nil, status.Error(codes.InvalidArgument, err.Error())
	}
	if c := wire.FromprotoClocks(r, st.ToMove()); c != nil {
		ctx = WithClocks(ctx, c)
	}
	if cpu {
		ctx = WithCPUClock(ctx)
	}
	ans, err := s.bot.Jogar(ctx, st, tempo)
	if err != nil {
		code := codes.Unknown
		if errors.Is(err, context.DeadlineExceeded) {
			code = codes.DeadlineExceeded // the host checks its own clock
		}
		return nil, status.Error(code, err.Error())
	}
	j, err := wire.ToprotoReply(referee.Reply{Move: ans.Move, Claim: ans.State, Stats: ans.Stats})
	if err != nil {
		return nil, status.Error(codes.Internal, err.Error())
	}
	return j, nil
}
