package dots

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
)

// encodeFile returns p's position file.
func encodeFile(t *testing.T, p *Position) positionFile {
	t.Helper()
	data, err := p.Encode()
	if err != nil {
		t.Fatal(err)
	}
	var f positionFile
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	return f
}

// drawnOf returns the arcs of p as FromArcs takes them.
func drawnOf(p *Position) []referee.Side {
	drawn := make([]referee.Side, p.Arcs())
	for a := range drawn {
		drawn[a] = p.Drawn(a)
	}
	return drawn
}

// TestFromArcsRoundTrip checks that FromArcs rebuilds the positions of
// random games from their arcs, scores and side to move, so that code
// outside the package that builds positions this way cannot drift from
// the layout.
func TestFromArcsRoundTrip(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		r := rand.New(rand.NewPCG(seed, 3))
		p := New(3, 4)
		for {
			back, err := FromArcs(p.Rows(), p.Cols(), drawnOf(&p), p.Scores(), p.ToMove())
			back.ply = p.ply
			if err != nil || !reflect.DeepEqual(encodeFile(t, &back), encodeFile(t, &p)) {
				t.Fatalf("seed %d ply %d: FromArcs = %v, %v; want\n%v", seed, p.Ply(), back.String(), err, p.String())
			}
			moves := p.Moves(nil)
			if len(moves) == 0 {
				break
			}
			p.Play(moves[r.IntN(len(moves))])
		}
	}
}

// TestArcIndexes checks Horizontal and Vertical against the position
// file's layout.
func TestArcIndexes(t *testing.T) {
	p := New(2, 3)
	tests := []struct {
		name  string
		n, m  int // lists, and values in each
		index func(i, j int) int
		list  func(f positionFile) [][]int
	}{
		{"Horizontal", 3, 3, p.Horizontal, func(f positionFile) [][]int { return f.Horizontal }},
		{"Vertical", 4, 2, p.Vertical, func(f positionFile) [][]int { return f.Vertical }},
	}
	for _, tc := range tests {
		for i := range tc.n {
			for j := range tc.m {
				q := p
				q.Play(referee.Move(tc.index(i, j)))
				if got := tc.list(encodeFile(t, &q)); got[i][j] != 1 {
					t.Errorf("%s(%d, %d) is not [%d][%d] of the file: %v", tc.name, i, j, i, j, got)
				}
			}
		}
	}
}

func TestFromArcsErrors(t *testing.T) {
	p := New(2, 2)
	box := drawnOf(&p)
	for _, a := range p.boxArcs(0) {
		box[a] = referee.White
	}
	bad := drawnOf(&p)
	bad[3] = 3
	tests := []struct {
		name       string
		rows, cols int
		drawn      []referee.Side
		scores     [2]int
		toMove     referee.Side
		want       string
	}{
		{"too small", 0, 2, nil, [2]int{}, referee.White, "position: "},
		{"arcs missing", 2, 2, drawnOf(&p)[1:], [2]int{}, referee.White, "11 arcs, want 12"},
		{"bad arc", 2, 2, bad, [2]int{}, referee.White, "is 3: want 0, 1 or 2"},
		{"scores", 2, 2, box, [2]int{0, 0}, referee.White, "add up to the 1 closed boxes"},
		{"no side", 2, 2, drawnOf(&p), [2]int{}, 0, "to_move is 0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := FromArcs(tc.rows, tc.cols, tc.drawn, tc.scores, tc.toMove)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "position: ") {
				t.Errorf("FromArcs error = %v, want position: ... %s", err, tc.want)
			}
		})
	}
}
