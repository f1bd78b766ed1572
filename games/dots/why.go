package dots

import (
	"fmt"

	"github.com/arenabots/arena/referee"
)

// WhyIllegal says which rule of the game m breaks in p, a move that is not
// among p's Moves (referee.Explainer): a pass (there is none), an arc off
// the board, an arc already drawn, any move once every arc is drawn.
func (p *Position) WhyIllegal(m referee.Move) string {
	switch {
	case p.Terminal():
		return "the game is over: every arc is drawn"
	case m == referee.Pass:
		return "there is no pass in Dots and Boxes: draw an empty arc"
	case m >= referee.Move(p.Arcs()):
		return "the arc is not on the board"
	}
	if by := p.Drawn(int(m)); by != 0 {
		return fmt.Sprintf("%s is already drawn (by %s)", p.FormatMove(m), by)
	}
	return ""
}
