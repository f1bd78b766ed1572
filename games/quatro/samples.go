package quatro

import (
	"embed"
	"fmt"
	"path"

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
	return referee.ReadSamples(out, readCheckData, g.Decode,
		referee.SampleFile{File: "midgame.json", Name: "midgame, 6 pieces on the board"},
		referee.SampleFile{File: "win.json", Name: "a win at once: a piece of the right colour on D1 completes row 1"},
	)
}

// readCheckData reads a file of checkdata.
func readCheckData(name string) ([]byte, error) {
	return checkData.ReadFile(path.Join("checkdata", name))
}
