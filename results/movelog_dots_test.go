package results

import (
	"os"
	"strings"
	"testing"

	"github.com/arenabots/arena/games/dots"
	"github.com/arenabots/arena/referee"
)

// TestLogDatDrawsBoxOwners checks that log.dat draws who closed each box in
// Dots and Boxes, which a position file alone does not always tell.
func TestLogDatDrawsBoxOwners(t *testing.T) {
	initial := dots.Game{Rows: 3, Cols: 3}.New(0)
	st := initial.Clone()
	var rec referee.Record
	rng := referee.SplitMix64{State: 5}
	var buf [referee.MaxMoves]referee.Move
	unknown := false // whether a logged position alone leaves an owner unknown
	for !st.Terminal() {
		moves := st.Moves(buf[:0])
		m := moves[rng.Below(uint64(len(moves)))]
		rec.Moves = append(rec.Moves, referee.MoveRecord{Ply: st.Ply() + 1, Side: st.ToMove(), Move: st.FormatMove(m)})
		st.Play(m)
		data, err := st.Encode()
		if err != nil {
			t.Fatal(err)
		}
		decoded, err := dots.Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		unknown = unknown || strings.Contains(decoded.String(), "?")
	}
	if !unknown {
		t.Fatal("every position of the game tells its box owners: pick another game")
	}
	rec.Scores, rec.Reason = st.Scores(), referee.Normal
	rec.Winner = referee.Winner(rec.Scores)
	dir := t.TempDir()
	g := Entry{ID: "01-a-b", Round: 1, White: "a", Black: "b"}
	if err := WriteGameLog(dir, g, initial, rec); err != nil {
		t.Fatal(err)
	}
	dat, err := os.ReadFile(LogDatPath(dir, g.ID))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(dat), "?") {
		t.Errorf("log.dat leaves a box owner unknown:\n%s", dat)
	}
	if !strings.Contains(string(dat), st.String()) {
		t.Errorf("log.dat does not draw the final board\n%s\nwant\n%s", dat, st)
	}
	lines, err := ReadGameLog(dir, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	pos, err := Positions(lines, sameGame(initial.Game()))
	if err != nil {
		t.Fatal(err)
	}
	if len(pos) != len(lines) || pos[0].Ply() != 0 || pos[len(pos)-1].String() != st.String() {
		t.Errorf("Positions: %d positions of %d lines, the last\n%s\nwant\n%s", len(pos), len(lines), pos[len(pos)-1], st)
	}
}
