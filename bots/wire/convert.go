package wire

import (
	"errors"
	"fmt"
	"time"

	"github.com/arenabots/arena/games"
	pb "github.com/arenabots/arena/proto"
	"github.com/arenabots/arena/referee"
)

// The converters between the wire (package proto) and arena's own types, one
// pair per concept, shared by the SDK (package bots) and the host (package
// host), so that the two ends cannot drift. With the service's
// plumbing they are the only code that sees generated types, so a change of
// jogador.proto stops here.

// Cell codes of pb.Cavalo besides the numbers 0..99, and of Cells and
// CellsGame.
const (
	cellWhite = -1 // White's knight
	cellBlack = -2 // Black's knight
	cellEmpty = -3 // visited or removed
)

// CellSquares is the number of cells of a pb.Cavalo: a 10x10 board.
const CellSquares = 100

// Cells is implemented by the states of the one game whose positions travel
// as a pb.Cavalo, a board of cells, instead of a Posicao (the game's
// position file): Jogo do Cavalo, in the wire form its bots have always
// had. Every other game travels as a Posicao and implements nothing of the
// wire.
type Cells interface {
	referee.State
	// Cells MUST return what each square holds, row 1 first and column A
	// first, as a number 0..99 or the codes -1 (White's knight), -2
	// (Black's knight) and -3 (empty).
	Cells() [CellSquares]int
}

// CellsGame is implemented by the game (its referee.Game) whose states are
// Cells: it reads a pb.Cavalo back. At most one game of the table
// implements it.
type CellsGame interface {
	referee.Game
	// StateFromCells MUST return the state whose squares hold cells (the
	// codes of Cells), with scores [white, black], toMove to move and ply
	// moves played, after the checks its position file gets; an error
	// otherwise, naming what is wrong.
	StateFromCells(cells [CellSquares]int, scores [2]int, toMove referee.Side, ply int) (referee.State, error)
}

// maxPV caps the principal variation kept from an answer.
const maxPV = 64

func toprotoSide(s referee.Side) pb.Side {
	switch s {
	case referee.White:
		return pb.Side_SIDE_WHITE
	case referee.Black:
		return pb.Side_SIDE_BLACK
	}
	return pb.Side_SIDE_UNSPECIFIED
}

func fromprotoSide(s pb.Side) (referee.Side, error) {
	switch s {
	case pb.Side_SIDE_WHITE:
		return referee.White, nil
	case pb.Side_SIDE_BLACK:
		return referee.Black, nil
	}
	return 0, fmt.Errorf("side to move is %v: want SIDE_WHITE or SIDE_BLACK", s)
}

// toprotoState writes st as an Estado: a Cavalo for the states that are
// Cells (Jogo do Cavalo, the wire form bots have always had), a Posicao
// (the game's position file) for every other game.
func toprotoState(st referee.State) (*pb.Estado, error) {
	if s, ok := st.(Cells); ok {
		return &pb.Estado{Jogo: &pb.Estado_Cavalo{Cavalo: toprotoCavalo(s)}}, nil
	}
	data, err := st.Encode()
	if err != nil {
		return nil, fmt.Errorf("%s state: %w", st.Game().Name(), err)
	}
	p := &pb.Posicao{Game: st.Game().Name(), Json: data, Ply: int32(st.Ply())}
	return &pb.Estado{Jogo: &pb.Estado_Posicao{Posicao: p}}, nil
}

// fromprotoState reads an Estado into a state: a Cavalo into one of g, the
// game of the call (it must read cells), a Posicao into one of its game,
// looked up by name in the table of games.
func fromprotoState(e *pb.Estado, g referee.Game) (referee.State, error) {
	switch j := e.GetJogo().(type) {
	case *pb.Estado_Cavalo:
		c, err := fromprotoCavalo(j.Cavalo, g)
		if err != nil {
			return nil, err
		}
		return c, nil
	case *pb.Estado_Posicao:
		return fromprotoPosicao(j.Posicao)
	case nil:
		return nil, errors.New("state holds no game")
	}
	return nil, fmt.Errorf("state of unknown type %T", e.GetJogo())
}

// fromprotoPosicao decodes a Posicao with its game's own Decode, so the
// wire can never build a position that a file could not.
func fromprotoPosicao(p *pb.Posicao) (referee.State, error) {
	g, err := games.Lookup(p.GetGame())
	if err != nil {
		return nil, fmt.Errorf("state: %w", err)
	}
	if p.GetPly() < 0 {
		return nil, fmt.Errorf("%s state: ply %d is negative", g.Name(), p.GetPly())
	}
	st, err := g.Decode(p.GetJson())
	if err != nil {
		return nil, fmt.Errorf("%s state: %w", g.Name(), err)
	}
	if s, ok := st.(interface{ SetPly(int) }); ok {
		s.SetPly(int(p.GetPly()))
	}
	return st, nil
}

// toprotoCavalo writes the cells of c as a pb.Cavalo.
func toprotoCavalo(c Cells) *pb.Cavalo {
	cells := make([]int32, CellSquares)
	for sq, v := range c.Cells() {
		cells[sq] = int32(v)
	}
	sc := c.Scores()
	return &pb.Cavalo{
		Cells:      cells,
		ScoreWhite: int32(sc[0]),
		ScoreBlack: int32(sc[1]),
		ToMove:     toprotoSide(c.ToMove()),
		Ply:        int32(c.Ply()),
	}
}

// fromprotoCavalo checks and reads a Cavalo position into a state of game,
// which must read cells (CellsGame). The checks are the game's own, so the
// wire can never build a position that a file could not.
func fromprotoCavalo(p *pb.Cavalo, game referee.Game) (referee.State, error) {
	g, ok := game.(CellsGame)
	if !ok {
		return nil, fmt.Errorf("state is a board of cells, and %s reads none", game.Name())
	}
	if len(p.GetCells()) != CellSquares {
		return nil, fmt.Errorf("%s state has %d cells, want %d", g.Name(), len(p.GetCells()), CellSquares)
	}
	side, err := fromprotoSide(p.GetToMove())
	if err != nil {
		return nil, err
	}
	if p.GetPly() < 0 {
		return nil, fmt.Errorf("%s state: ply %d is negative", g.Name(), p.GetPly())
	}
	var cells [CellSquares]int
	for sq, v := range p.GetCells() {
		cells[sq] = int(v) // the game rejects what is not a code
	}
	st, err := g.StateFromCells(cells, [2]int{int(p.GetScoreWhite()), int(p.GetScoreBlack())}, side, int(p.GetPly()))
	if err != nil {
		return nil, fmt.Errorf("%s state: %w", g.Name(), err)
	}
	return st, nil
}

// ToprotoRequest writes a referee request as the call of Jogar.
func ToprotoRequest(req referee.Request) (*pb.JogarRequest, error) {
	e, err := toprotoState(req.State)
	if err != nil {
		return nil, err
	}
	legal := make([]string, len(req.Legal))
	for i, m := range req.Legal {
		legal[i] = req.State.FormatMove(m)
	}
	return &pb.JogarRequest{
		Game:       req.State.Game().Name(),
		Estado:     e,
		TempoMs:    req.Tempo.Milliseconds(),
		LegalMoves: legal,
		Forced:     req.Forced,
		Relogios:   toprotoClocks(req.Clocks),
	}, nil
}

// toprotoClocks writes both game clocks, nil for none.
func toprotoClocks(c *referee.ClockState) *pb.Relogios {
	if c == nil {
		return nil
	}
	return &pb.Relogios{
		WhiteMs:   c.Remaining[0].Milliseconds(),
		BlackMs:   c.Remaining[1].Milliseconds(),
		IncMs:     c.Inc.Milliseconds(),
		MovesToGo: int32(c.MovesToGo),
	}
}

// FromprotoClocks reads the game clocks of a call of Jogar on the bot's
// side, for side, the side asked; nil when the call carries none (a fixed
// tempo per move).
func FromprotoClocks(r *pb.JogarRequest, side referee.Side) *referee.ClockState {
	c := r.GetRelogios()
	if c == nil {
		return nil
	}
	ms := func(n int64) time.Duration { return time.Duration(max(n, 0)) * time.Millisecond }
	return &referee.ClockState{
		Side:      side,
		Remaining: [2]time.Duration{ms(c.GetWhiteMs()), ms(c.GetBlackMs())},
		Inc:       ms(c.GetIncMs()),
		MovesToGo: int(max(c.GetMovesToGo(), 0)),
	}
}

// FromprotoRequest reads a call of Jogar on the bot's side, a state of the
// game the request names.
func FromprotoRequest(r *pb.JogarRequest) (referee.State, time.Duration, error) {
	g, err := games.Lookup(r.GetGame())
	if err != nil {
		return nil, 0, fmt.Errorf("request: %w", err)
	}
	st, err := fromprotoState(r.GetEstado(), g)
	if err != nil {
		return nil, 0, err
	}
	if name := st.Game().Name(); r.GetGame() != name {
		return nil, 0, fmt.Errorf("request for game %q carries a %s state", r.GetGame(), name)
	}
	return st, time.Duration(r.GetTempoMs()) * time.Millisecond, nil
}

// ToprotoReply writes a bot's answer on the bot's side: its move, the
// state it claims (r.Claim, may be nil) and its statistics. r.Log stays
// out: a bot's output travels beside the call.
func ToprotoReply(r referee.Reply) (*pb.Jogada, error) {
	j := &pb.Jogada{Move: r.Move, Stats: toprotoStats(r.Stats)}
	if r.Claim != nil {
		e, err := toprotoState(r.Claim)
		if err != nil {
			return nil, fmt.Errorf("answer's state: %w", err)
		}
		j.Estado = e
	}
	return j, nil
}

// FromprotoReply reads a bot's answer on the host's side, to a call of
// game g (its claimed state is one of g, or of the game its Posicao
// names). The move is kept even when the claimed state is not a valid
// state, so that the record can show what the bot said.
func FromprotoReply(j *pb.Jogada, g referee.Game) (referee.Reply, error) {
	r := referee.Reply{Move: j.GetMove(), Stats: fromprotoStats(j.GetStats())}
	if j.GetEstado() != nil {
		claim, err := fromprotoState(j.GetEstado(), g)
		if err != nil {
			return r, fmt.Errorf("claimed state: %w", err)
		}
		r.Claim = claim
	}
	return r, nil
}

func toprotoStats(s referee.Stats) *pb.Stats {
	if s.Nodes == 0 && s.Cuts == 0 && s.Depth == 0 && s.Eval == 0 && len(s.PV) == 0 {
		return nil
	}
	return &pb.Stats{Nodes: s.Nodes, Cuts: s.Cuts, Depth: s.Depth, Eval: s.Eval, Pv: s.PV}
}

func fromprotoStats(s *pb.Stats) referee.Stats {
	pv := s.GetPv()
	if len(pv) > maxPV {
		pv = pv[:maxPV]
	}
	return referee.Stats{Nodes: s.GetNodes(), Cuts: s.GetCuts(), Depth: s.GetDepth(), Eval: s.GetEval(), PV: pv}
}
