package judgetest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync/atomic"
	"testing"
	"time"

	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/referee"
)

// GameName is the name of the game of Position, in the table of games.
const GameName = "cavalo"

// Position is the Cavalo position of every case. White, on C1, can jump to
// D3 (58) or to B3 (88), a double with seven other doubles left to remove:
// a bare B3 takes the rules' default, the highest other double, 77 on D8.
const Position = `{"board":[[22,96,-1,null,63,57,null,32,30,39],[null,20,33,65,null,10,62,7,66,12],` +
	`[98,88,89,58,11,84,31,93,23,4],[61,45,0,1,76,25,19,28,2,75],[35,60,81,91,80,18,44,49,78,15],` +
	`[null,83,8,17,86,-2,85,13,69,51],[68,50,47,64,34,16,null,27,87,41],[70,74,52,77,3,21,null,38,6,5],` +
	`[71,null,67,54,14,37,46,40,53,36],[94,26,48,82,72,null,43,null,73,56]],"scores":[220,196],"to_move":1}`

// State decodes Position, failing t if it does not decode.
func State(t testing.TB) referee.State {
	t.Helper()
	g, err := games.Lookup(GameName)
	if err != nil {
		t.Fatalf("judgetest: %v", err)
	}
	st, err := g.Decode([]byte(Position))
	if err != nil {
		t.Fatalf("judgetest: decoding Position: %v", err)
	}
	return st
}

// Roomy is the clock of the cases that need no other: no scripted call
// comes near it.
var Roomy = referee.Clock{Tempo: 10 * time.Second, Margin: time.Second}

// Case is one call, in Position with White to move, and the judgement it
// must get.
type Case struct {
	Name  string
	Clock referee.Clock
	Bot   Script

	// Move is the move played, in the game's notation; "" when the call
	// is refused.
	Move string
	// Answer is the bot's answer as the record keeps it: "" when it is
	// exactly Move.
	Answer string
	// Reason is the verdict's reason; 0 when the move is accepted.
	Reason referee.Reason
	// Detail is part of the verdict's detail.
	Detail string
	// Discrepancy is part of the discrepancy logged for the claimed
	// state; "" wants none.
	Discrepancy string
}

// Cases returns the table: legal and normalized answers, completions,
// illegal and unparsable ones, the clock, every fault kind, and claimed
// states right and wrong.
func Cases() []Case {
	late := referee.Clock{Tempo: time.Millisecond, Margin: time.Millisecond}
	return []Case{
		{Name: "legal move", Clock: Roomy, Bot: Script{Answer: "D3"}, Move: "D3"},
		{Name: "lowercase coordinates", Clock: Roomy, Bot: Script{Answer: "d3"}, Move: "D3", Answer: "d3"},
		{Name: "spaces around", Clock: Roomy, Bot: Script{Answer: " D3\n"}, Move: "D3", Answer: " D3\n"},
		{Name: "bare landing on a double", Clock: Roomy, Bot: Script{Answer: "B3"}, Move: "B3xD8", Answer: "B3"},
		{Name: "explicit removal", Clock: Roomy, Bot: Script{Answer: "B3xA1"}, Move: "B3xA1"},
		{Name: "lowercase removal", Clock: Roomy, Bot: Script{Answer: "b3xa1"}, Move: "B3xA1", Answer: "b3xa1"},
		{
			Name: "wrong removal", Clock: Roomy, Bot: Script{Answer: "B3xB2"},
			Answer: "B3xB2", Reason: referee.Illegal, Detail: "B3xB2 is not a legal move for white: the double rule removes another double still on the board, and B2 holds 20, not a double (legal: B3xD8",
		},
		{
			Name: "removal after a landing on a single", Clock: Roomy, Bot: Script{Answer: "D3xA1"},
			Answer: "D3xA1", Reason: referee.Illegal, Detail: "D3xA1 is not a legal move for white: D3 holds",
		},
		{
			Name: "illegal square", Clock: Roomy, Bot: Script{Answer: "J10"},
			Answer: "J10", Reason: referee.Illegal, Detail: "J10 is not a legal move for white: J10 is not a knight's jump from",
		},
		{
			Name: "garbage", Clock: Roomy, Bot: Script{Answer: "knight to e4"},
			Answer: "knight to e4", Reason: referee.Illegal, Detail: `bad move "knight to e4"`,
		},
		{Name: "empty answer", Clock: Roomy, Bot: Script{}, Reason: referee.Illegal, Detail: "empty move"},
		{
			Name: "pass while moves exist", Clock: Roomy, Bot: Script{Answer: "pass"},
			Answer: "pass", Reason: referee.Illegal, Detail: "pass is not a legal move for white: white has a move, and passes only when it has none",
		},
		{
			// The bot sleeps past the limit, ignoring its context: the answer
			// is measured late however fast the machine.
			Name: "move after the limit", Clock: late, Bot: Script{Answer: "D3", Delay: 20 * time.Millisecond},
			Answer: "D3", Reason: referee.Timeout, Detail: "answered after",
		},
		{
			Name: "timeout fault", Clock: Roomy, Bot: Script{Fault: referee.NewFault(referee.FaultTimeout, errors.New("deadline passed"))},
			Reason: referee.Timeout, Detail: "timeout: deadline passed",
		},
		{
			Name: "crash fault", Clock: Roomy, Bot: Script{Fault: referee.NewFault(referee.FaultCrash, errors.New("process exited with status 3"))},
			Reason: referee.Crash, Detail: "crash: process exited with status 3",
		},
		{
			Name: "memory fault", Clock: Roomy, Bot: Script{Fault: referee.NewFault(referee.FaultMemory, errors.New("killed (memory limit 256 MiB)"))},
			Reason: referee.Crash, Detail: "memory: killed",
		},
		{
			Name: "start fault", Clock: Roomy, Bot: Script{Fault: referee.NewFault(referee.FaultStart, errors.New("no handshake"))},
			Reason: referee.Start, Detail: "start: no handshake",
		},
		{
			Name: "resignation", Clock: Roomy, Bot: Script{Fault: referee.NewFault(referee.FaultResign, errors.New("end of input"))},
			Reason: referee.Resigned, Detail: "resign: end of input",
		},
		{
			Name: "unclassified error", Clock: Roomy, Bot: Script{Fault: io.ErrUnexpectedEOF},
			Reason: referee.Crash, Detail: "unexpected EOF",
		},
		{
			Name: "protocol fault keeps the answer", Clock: Roomy,
			Bot:    Script{Answer: "\x00garbage", Fault: referee.NewFault(referee.FaultProtocol, errors.New("bad message"))},
			Answer: "\x00garbage", Reason: referee.Illegal, Detail: "protocol: bad message",
		},
		{Name: "right claimed state", Clock: Roomy, Bot: Script{Answer: "B3", Claim: "B3xD8"}, Move: "B3xD8", Answer: "B3"},
		{
			Name: "wrong claimed state", Clock: Roomy, Bot: Script{Answer: "B3", Claim: "B3xA1"},
			Move: "B3xD8", Answer: "B3", Discrepancy: "A1 is 22, claimed empty; D8 is empty, claimed 77",
		},
	}
}

// Script is a scripted bot. Its first call sleeps Delay, ignoring its
// context, then answers Answer with the state after Claim, or fails with
// Fault; later calls answer the first legal move, so that a game it plays
// goes on to its end.
type Script struct {
	Answer string
	Claim  string // the move whose resulting state the bot claims; "": no claim
	Fault  error
	Delay  time.Duration
}

// Player returns a fresh player that follows s.
func (s Script) Player() referee.Player { return &scripted{Script: s} }

type scripted struct {
	Script
	calls atomic.Int64
}

// Jogar answers as the script says.
func (p *scripted) Jogar(ctx context.Context, req referee.Request) (referee.Reply, error) {
	if p.calls.Add(1) > 1 {
		return FirstLegal{}.Jogar(ctx, req)
	}
	time.Sleep(p.Delay)
	reply := referee.Reply{Move: p.Answer}
	if p.Claim != "" {
		after := req.State.Clone()
		m, err := after.ParseMove(p.Claim)
		if err != nil || !referee.Legal(after, m) {
			return reply, fmt.Errorf("judgetest: the claim %q is not a legal move here", p.Claim)
		}
		after.Play(m)
		reply.Claim = after
	}
	return reply, p.Fault
}

// FirstLegal is a player that always answers the first legal move.
type FirstLegal struct{}

var _ referee.Player = FirstLegal{}

// Jogar answers the first legal move.
func (FirstLegal) Jogar(_ context.Context, req referee.Request) (referee.Reply, error) {
	return referee.Reply{Move: req.State.FormatMove(req.Legal[0])}, nil
}
