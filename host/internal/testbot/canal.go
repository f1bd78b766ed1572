package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"net"
	"os"
	"path/filepath"
	"time"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"

	"github.com/arenabots/arena/bots/wire"
	"github.com/arenabots/arena/bots/wire/goplugin"
	pb "github.com/arenabots/arena/proto"
)

// canalBot serves Jogador over gRPC as raw does, and offers arena the lean
// call channel, on which it misbehaves as kind says:
//
//	garbage  answers a frame that is not a Resposta
//	huge     announces a frame of 2 MiB, more than arena takes
//	silent   reads the Pedido and never answers
//	late     answers its first Pedido 300 ms past its deadline, with
//	         Stats.Nodes 1; its unary calls answer Stats.Nodes 2
//	close    closes the channel when asked for a move
//	twice    answers each Pedido twice, in one write: Stats.Nodes 1, then 3
//
// Its unary Jogar answers the first legal move.
type canalBot struct {
	pb.UnimplementedJogadorServer
	kind string
}

func serveCanalBot(kind string) {
	plugin.Serve(goplugin.ServeConfig(&canalBot{kind: kind}, wire.ProtocolVersion))
}

func (b *canalBot) Info(ctx context.Context, _ *pb.InfoRequest) (*pb.InfoResponse, error) {
	addr := filepath.Join(os.Getenv("PLUGIN_UNIX_SOCKET_DIR"), wire.CanalName)
	l, err := net.ListenUnix("unix", &net.UnixAddr{Name: addr, Net: "unix"})
	if err != nil {
		return nil, err
	}
	if err := grpc.SetHeader(ctx, metadata.Pairs(wire.CanalKey, addr)); err != nil {
		return nil, err
	}
	go b.serve(l)
	return &pb.InfoResponse{Name: "testbot-canal-" + b.kind, Games: []string{"cavalo"}}, nil
}

func (b *canalBot) Jogar(_ context.Context, req *pb.JogarRequest) (*pb.Jogada, error) {
	return &pb.Jogada{Move: req.GetLegalMoves()[0], Stats: &pb.Stats{Nodes: 2}}, nil
}

// serve misbehaves on the channel's one connection.
func (b *canalBot) serve(l *net.UnixListener) {
	c, err := l.AcceptUnix()
	l.Close()
	if err != nil {
		return
	}
	r := bufio.NewReader(c)
	for {
		var p pb.Pedido
		if err := wire.ReadFrame(r, 1<<20, &p); err != nil {
			return
		}
		switch b.kind {
		case "garbage":
			c.Write([]byte{0, 0, 0, 5, 0xff, 0xff, 0xff, 0xff, 0xff})
		case "huge":
			var h [4]byte
			binary.BigEndian.PutUint32(h[:], 2<<20)
			c.Write(h[:])
		case "silent":
			time.Sleep(time.Hour)
		case "late":
			time.Sleep(time.Duration(p.GetPrazoUs())*time.Microsecond + 300*time.Millisecond)
			wire.WriteFrame(c, &pb.Resposta{Jogada: &pb.Jogada{Move: p.GetJogar().GetLegalMoves()[0], Stats: &pb.Stats{Nodes: 1}}})
		case "close":
			c.Close()
			return
		case "twice":
			var buf bytes.Buffer
			for _, n := range []int64{1, 3} {
				wire.WriteFrame(&buf, &pb.Resposta{Jogada: &pb.Jogada{Move: p.GetJogar().GetLegalMoves()[0], Stats: &pb.Stats{Nodes: n}}})
			}
			c.Write(buf.Bytes())
		}
	}
}
