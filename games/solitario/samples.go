package solitario

import (
	"embed"
	"fmt"

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
	return referee.ReadSamples(out, checkData, g.Decode,
		referee.SampleFile{File: "checkdata/midgame1.json", Name: "midgame 1: black can capture"},
		referee.SampleFile{File: "checkdata/midgame2.json", Name: "midgame 2: black can capture and win at once"},
		referee.SampleFile{File: "checkdata/midgame3.json", Name: "midgame 3: white can win at once by a capture, among 17 moves"},
	)
}
