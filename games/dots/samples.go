package dots

import (
	"fmt"

	"github.com/arenabots/arena/referee"
)

// Samples returns positions of the game's board: the opening of seed after
// two arcs; a box of three sides to take, for Black, the second player; the
// same box taken, Black moving again; and a late game with 8 arcs left,
// reached by arcs drawn at random from seed.
func (g Game) Samples(seed uint64) ([]referee.Sample, error) {
	open := g.New(seed).(*Position)
	var buf [maxArcs]referee.Move
	for range 2 {
		open.Play(open.Moves(buf[:0])[0])
	}
	take := New(g.size())
	// Top, left and right of the top-left box, by White, Black, White.
	for _, a := range []int{take.hArc(0, 0), take.vArc(0, 0), take.vArc(1, 0)} {
		take.Play(referee.Move(a))
	}
	taken := take
	taken.Play(referee.Move(taken.hArc(1, 0)))
	late := *g.New(seed).(*Position)
	r := referee.SplitMix64{State: seed}
	for late.Arcs()-late.drawnCount() > 8 {
		moves := late.Moves(buf[:0])
		late.Play(moves[r.Below(uint64(len(moves)))])
	}
	rows, cols := g.size()
	return []referee.Sample{
		{Name: fmt.Sprintf("opening (%dx%d boxes, seed %d, after two arcs)", rows, cols, seed), State: open},
		{Name: "a box to take (A1-A2-B2-B1)", State: &take},
		{Name: "a box just taken: the same side moves again", State: &taken},
		{Name: "late game, 8 arcs left", State: &late},
	}, nil
}
