package human

import (
	"context"
	"errors"
	"strings"

	"github.com/arenabots/arena/referee"
)

// Source gives the moves a person enters.
//
// Move returns the person's entry for a move in req.State, as typed, in the
// game's notation. problem is "" on the first ask of a move; when the Player
// refused the previous entry, problem says why, for the Source to show
// before it asks again. Move must return when ctx is done, with an error
// that wraps ctx.Err(). A person who gives up returns ErrResigned.
type Source interface {
	Move(ctx context.Context, req referee.Request, problem string) (string, error)
}

// ErrResigned is the error a Source returns when the person gives up the
// game, e.g. the terminal's input ended. Player.Jogar returns it as a
// referee fault of kind FaultResign: the referee ends the game with the
// verdict Resigned, a loss that is no fault.
var ErrResigned = errors.New("resigned")

// Player is a person in a match: a referee.Player that asks its Source for
// each move.
type Player struct {
	name string
	src  Source
}

// New returns the player called name whose moves come from src.
func New(name string, src Source) *Player { return &Player{name: name, src: src} }

var _ referee.Player = (*Player)(nil)

// Name returns the player's name.
func (p *Player) Name() string { return p.name }

// Jogar asks the Source for a move until it gives one the referee will
// accept (referee.Judge under no clock), and returns that entry as typed.
// It returns the Source's error when it gives none, or ctx's error once ctx
// is done.
func (p *Player) Jogar(ctx context.Context, req referee.Request) (referee.Reply, error) {
	problem := ""
	for {
		if err := ctx.Err(); err != nil {
			return referee.Reply{}, err
		}
		text, err := p.src.Move(ctx, req, problem)
		if errors.Is(err, ErrResigned) {
			return referee.Reply{}, referee.NewFault(referee.FaultResign, resignation{err})
		}
		if err != nil {
			return referee.Reply{}, err
		}
		call := referee.Call{Reply: referee.Reply{Move: text}}
		v := referee.Judge(req.State, referee.Clock{}, call).Verdict
		if v == nil {
			return call.Reply, nil
		}
		problem = v.Detail
	}
}

// resignation is a Source's ErrResigned as the referee's fault wraps it:
// its text is how the person resigned ("end of input"), the fault's kind
// saying that they did.
type resignation struct{ err error }

func (r resignation) Error() string {
	return strings.TrimPrefix(r.err.Error(), ErrResigned.Error()+": ")
}

func (r resignation) Unwrap() error { return r.err }
