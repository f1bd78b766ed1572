package wire

import (
	"os"
	"time"

	"google.golang.org/protobuf/proto"

	"github.com/arenabots/arena/games"
	pb "github.com/arenabots/arena/proto"
	"github.com/arenabots/arena/referee"
)

// GameEnv is the environment variable in which arena names the game a bot
// process is started for (host.Spec.GameName), so that WarmUp runs that game
// only.
const GameEnv = "ARENA_GAME"

// WarmUp runs the bot's side of a call once for the first position of the
// game that GameEnv names, or of every game when it names none that
// package games knows, with nothing sent: the request decoded, a reply
// with a claimed state encoded. A fresh process's first run of that code
// faults its pages in and builds protobuf's tables of the messages; a bot
// process calls WarmUp before its handshake, so that its first move, on
// its clock, does not pay for it.
func WarmUp() {
	if g, err := games.Lookup(os.Getenv(GameEnv)); err == nil {
		warmUp(g)
		return
	}
	for _, name := range games.Names() {
		if g, err := games.Lookup(name); err == nil {
			warmUp(g)
		}
	}
}

// warmUp runs the bot's side of a call once for the first position of g.
func warmUp(g referee.Game) {
	st := g.New(1)
	legal := st.Moves(nil)
	if len(legal) == 0 {
		return
	}
	req, err := ToprotoRequest(referee.Request{State: st, Tempo: time.Second, Legal: legal})
	if err != nil {
		return
	}
	got, _, err := FromprotoRequest(roundTrip(req, &pb.JogarRequest{}))
	if err != nil {
		return
	}
	claim := got.Clone()
	claim.Play(legal[0])
	if reply, err := ToprotoReply(referee.Reply{Move: got.FormatMove(legal[0]), Claim: claim}); err == nil {
		roundTrip(reply, &pb.Jogada{})
	}
}

// roundTrip encodes m and decodes it into into, which it returns.
func roundTrip[M proto.Message](m proto.Message, into M) M {
	if data, err := proto.Marshal(m); err == nil {
		_ = proto.Unmarshal(data, into)
	}
	return into
}
