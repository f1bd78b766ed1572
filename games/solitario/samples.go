package solitario

import (
	"embed"
	"fmt"
	"path"

	"github.com/arenabots/arena/referee"
)

// checkData holds the positions of Samples besides the start: midgames
// reached by random play, with captures to take (see checkdata/README.md).
//
//go:embed checkdata/*.json
var checkData embed.FS

// Samples returns the start of the game after seed's opening plies and
// three midgames of random play: one where the mover can capture, two
// where a capture reaches the opponent's start holes and wins. The
// midgames keep the move cap of their files.
func (g Game) Samples(seed uint64) ([]referee.Sample, error) {
	start := g.New(seed)
	out := []referee.Sample{{Name: fmt.Sprintf("start (seed %d, after %d opening plies)", seed, start.(*Position).GamePly()), State: start}}
	for _, f := range []struct{ file, name string }{
		{"midgame1.json", "midgame 1: black can capture"},
		{"midgame2.json", "midgame 2: black can capture and win at once"},
		{"midgame3.json", "midgame 3: white can win at once by a capture, among 17 moves"},
	} {
		data, err := checkData.ReadFile(path.Join("checkdata", f.file))
		if err != nil {
			return nil, err
		}
		p, err := Decode(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.file, err)
		}
		out = append(out, referee.Sample{Name: f.name, State: &p})
	}
	return out, nil
}
