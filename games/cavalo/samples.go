package cavalo

import (
	"embed"
	"fmt"

	"github.com/arenabots/arena/referee"
)

// checkData holds the positions of Samples besides the opening: midgames
// (the reference positions of testdata) and a landing on a double with a
// choice of doubles to remove.
//
//go:embed checkdata/*.json
var checkData embed.FS

// Samples returns the opening of seed after both placements, three
// midgames and a landing on a double with a choice of removal.
func (g Game) Samples(seed uint64) ([]referee.Sample, error) {
	open := New(seed)
	var buf [referee.MaxMoves]referee.Move
	for range 2 {
		moves := open.Moves(buf[:0])
		if len(moves) == 0 {
			return nil, fmt.Errorf("board %d: no placement", seed)
		}
		open.Play(moves[0])
	}
	out := []referee.Sample{{Name: fmt.Sprintf("opening (board %d, after both placements)", seed), State: &open}}
	return referee.ReadSamples(out, checkData, g.Decode,
		referee.SampleFile{File: "checkdata/midgame_s1.json", Name: "midgame 1"},
		referee.SampleFile{File: "checkdata/midgame_s2.json", Name: "midgame 2"},
		referee.SampleFile{File: "checkdata/midgame_s3.json", Name: "midgame 3"},
		referee.SampleFile{File: "checkdata/double.json", Name: "double landing with a choice of removal"},
	)
}
