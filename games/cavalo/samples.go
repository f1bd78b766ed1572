package cavalo

import (
	"embed"
	"fmt"
	"path"

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
func (Game) Samples(seed uint64) ([]referee.Sample, error) {
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
	for _, f := range []struct{ file, name string }{
		{"midgame_s1.json", "midgame 1"},
		{"midgame_s2.json", "midgame 2"},
		{"midgame_s3.json", "midgame 3"},
		{"double.json", "double landing with a choice of removal"},
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
