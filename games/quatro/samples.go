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
	for _, f := range []struct{ file, name string }{
		{"midgame.json", "midgame, 6 pieces on the board"},
		{"win.json", "a win at once: a piece of the right colour on D1 completes row 1"},
	} {
		data, err := checkData.ReadFile(path.Join("checkdata", f.file))
		if err != nil {
			return nil, err
		}
		st, err := Decode(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.file, err)
		}
		out = append(out, referee.Sample{Name: f.name, State: &st})
	}
	return out, nil
}
