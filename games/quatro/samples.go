package quatro

import (
	"embed"
	"fmt"

	"github.com/arenabots/arena/referee"
)

// checkData holds the positions of Samples besides the opening: a midgame
// and a position where the mover can win at once.
//
//go:embed checkdata/*.json
var checkData embed.FS

// Samples returns the opening of seed (the empty board, or the position
// after the game's opening plies), a midgame, and a position where the
// mover can complete a line at once.
func (g Game) Samples(seed uint64) ([]referee.Sample, error) {
	open := g.New(seed)
	name := "opening (the empty board)"
	if g.OpeningPlies > 0 {
		name = fmt.Sprintf("opening (seed %d, after %d opening plies)", seed, g.OpeningPlies)
	}
	out := []referee.Sample{{Name: name, State: open}}
	return referee.ReadSamples(out, checkData, g.Decode,
		referee.SampleFile{File: "checkdata/midgame.json", Name: "midgame, 6 pieces on the board"},
		referee.SampleFile{File: "checkdata/win.json", Name: "a win at once: a piece of the right colour on D1 completes row 1"},
	)
}
