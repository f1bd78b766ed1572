// Command testbot is one bot binary with many behaviours, good and bad, for
// the tests of the bot host and of `arena bot check`. The first argument
// picks the mode:
//
//	ok         plays the first legal move, claims the state, writes a line
//	sleep      sleeps past any budget, ignoring cancellation
//	crash      exits with status 3 when asked for a move
//	panic      panics when asked for a move
//	term       kills itself with SIGTERM when asked for a move
//	kill9      kills itself with SIGKILL when asked for a move
//	error      answers with an error instead of a move
//	garbage    answers with bytes that do not decode as a Jogada
//	badclaim   answers a legal move with a claimed state of 50 cells
//	wrongclaim answers a legal move with a claim that differs from the truth
//	illegal    answers a move that is not legal
//	version2   speaks jogador protocol version 2
//	exit       exits with status 7 before the handshake
//	silent     never completes the handshake
//	spawn      starts a grandchild that sleeps, then plays like ok
//	stubborn   plays like ok but does not exit when arena stops it
//	env        reports its environment and directory in Info
//	limits     reports its resource limits in Info
//	noisy MB   writes MB MiB to its raw stdout and stderr per move, then plays
//	memory     allocates without end when asked for a move
//	launch     is the launcher (bots.Launch) with the remaining arguments
//	idle       sleeps (the grandchild of spawn)
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/hashicorp/go-plugin"
	"golang.org/x/sys/unix"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/bots/internal/wire"
	pb "github.com/arenabots/arena/proto"
	"github.com/arenabots/arena/referee"
)

func main() {
	mode, args := "ok", []string(nil)
	if len(os.Args) > 1 {
		mode, args = os.Args[1], os.Args[2:]
	}
	switch mode {
	case "launch":
		err := bots.Launch(args)
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	case "idle":
		time.Sleep(time.Hour)
		return
	case "exit":
		fmt.Fprintln(os.Stderr, "testbot: giving up before the handshake")
		os.Exit(7)
	case "silent":
		time.Sleep(time.Hour)
		return
	case "version2":
		plugin.Serve(wire.ServeConfig(&raw{mode: mode}, 2))
		return
	case "badclaim":
		plugin.Serve(wire.ServeConfig(&raw{mode: mode}, wire.ProtocolVersion))
		return
	case "garbage":
		plugin.Serve(&plugin.ServeConfig{
			HandshakeConfig: wire.Handshake(wire.ProtocolVersion),
			Plugins:         plugin.PluginSet{wire.PluginName: garbagePlugin{}},
			GRPCServer:      plugin.DefaultGRPCServer,
		})
		return
	case "spawn":
		self, _ := os.Executable()
		if err := exec.Command(self, "idle").Start(); err != nil {
			fmt.Fprintln(os.Stderr, "testbot: spawn:", err)
			os.Exit(1)
		}
	}
	b := &bot{mode: mode}
	if mode == "noisy" && len(args) > 0 {
		b.noisyMB, _ = strconv.Atoi(args[0])
	}
	bots.Serve(b)
	if mode == "stubborn" {
		time.Sleep(time.Hour)
	}
}

// bot is the testbot behind the SDK.
type bot struct {
	mode    string
	noisyMB int
}

func (b *bot) Info() bots.Info {
	info := bots.Info{Name: "testbot-" + b.mode, Author: "arena tests", Version: "1", Games: []string{"cavalo"}}
	switch b.mode {
	case "env":
		dir, _ := os.Getwd()
		info.Author = strings.Join(os.Environ(), "\n")
		info.Version = dir
	case "limits":
		var data, nproc, core unix.Rlimit
		_ = unix.Getrlimit(unix.RLIMIT_DATA, &data)
		_ = unix.Getrlimit(unix.RLIMIT_NPROC, &nproc)
		_ = unix.Getrlimit(unix.RLIMIT_CORE, &core)
		info.Author = fmt.Sprintf("data=%d nproc=%d core=%d", data.Cur, nproc.Cur, core.Cur)
	}
	return info
}

func (b *bot) Jogar(ctx context.Context, st referee.State, tempo time.Duration) (bots.Answer, error) {
	switch b.mode {
	case "sleep":
		time.Sleep(time.Minute)
	case "crash":
		os.Exit(3)
	case "panic":
		panic("testbot: boom")
	case "term":
		_ = unix.Kill(os.Getpid(), unix.SIGTERM)
		time.Sleep(time.Minute)
	case "kill9":
		_ = unix.Kill(os.Getpid(), unix.SIGKILL)
	case "error":
		return bots.Answer{}, errors.New("testbot: no idea")
	case "memory":
		var keep [][]byte
		for {
			p := make([]byte, 16<<20)
			for i := range p {
				p[i] = 1
			}
			keep = append(keep, p)
		}
	case "noisy":
		chunk := []byte(strings.Repeat("x", 1<<20-1) + "\n")
		stdout, stderr := os.NewFile(1, "stdout"), os.NewFile(2, "stderr")
		for range b.noisyMB {
			_, _ = stdout.Write(chunk)
			_, _ = stderr.Write(chunk)
		}
	case "illegal":
		return bots.Answer{Move: "A1xA1"}, nil
	}
	var buf [referee.MaxMoves]referee.Move
	moves := st.Moves(buf[:0])
	if len(moves) == 0 {
		return bots.Answer{}, errors.New("testbot: no legal move")
	}
	m := moves[0]
	move := st.FormatMove(m)
	fmt.Printf("testbot %s: playing %s with %v\n", b.mode, move, tempo)
	next := st.Clone()
	next.Play(m)
	if b.mode == "wrongclaim" {
		next = st
	}
	return bots.Answer{
		Move:  move,
		State: next,
		Stats: referee.Stats{Nodes: int64(len(moves)), Depth: 1, Eval: 0.5, PV: []string{move}},
	}, nil
}

// raw serves the wire directly, for answers the SDK cannot give.
type raw struct {
	pb.UnimplementedJogadorServer
	mode string
}

func (r *raw) Info(context.Context, *pb.InfoRequest) (*pb.InfoResponse, error) {
	return &pb.InfoResponse{Name: "testbot-" + r.mode, Games: []string{"cavalo"}}, nil
}

func (r *raw) Jogar(_ context.Context, req *pb.JogarRequest) (*pb.Jogada, error) {
	claim := &pb.Cavalo{Cells: make([]int32, 50), ToMove: pb.Side_SIDE_WHITE}
	return &pb.Jogada{
		Move:   req.GetLegalMoves()[0],
		Estado: &pb.Estado{Jogo: &pb.Estado_Cavalo{Cavalo: claim}},
	}, nil
}

// garbagePlugin registers a Jogador service whose Jogar answers with a
// message that is not a Jogada: field 1 holds bytes that are not UTF-8,
// which a Jogada's move (a string) refuses.
type garbagePlugin struct{ plugin.NetRPCUnsupportedPlugin }

func (garbagePlugin) GRPCServer(_ *plugin.GRPCBroker, s *grpc.Server) error {
	s.RegisterService(&grpc.ServiceDesc{
		ServiceName: "arena.jogador.v1.Jogador",
		HandlerType: (*any)(nil),
		Methods: []grpc.MethodDesc{
			{MethodName: "Info", Handler: func(_ any, _ context.Context, dec func(any) error, _ grpc.UnaryServerInterceptor) (any, error) {
				var in pb.InfoRequest
				if err := dec(&in); err != nil {
					return nil, err
				}
				return &pb.InfoResponse{Name: "testbot-garbage", Games: []string{"cavalo"}}, nil
			}},
			{MethodName: "Jogar", Handler: func(_ any, _ context.Context, dec func(any) error, _ grpc.UnaryServerInterceptor) (any, error) {
				var in pb.JogarRequest
				if err := dec(&in); err != nil {
					return nil, err
				}
				return wrapperspb.Bytes([]byte{0xff, 0xfe, 0xfd}), nil
			}},
		},
	}, struct{}{})
	return nil
}

func (garbagePlugin) GRPCClient(context.Context, *plugin.GRPCBroker, *grpc.ClientConn) (any, error) {
	return nil, errors.New("testbot: server only")
}
