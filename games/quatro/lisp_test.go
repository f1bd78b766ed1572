package quatro

import (
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/sexp"
)

// midgame returns checkdata/midgame.json.
func midgame(t *testing.T) Position {
	t.Helper()
	data, err := checkData.ReadFile("checkdata/midgame.json")
	if err != nil {
		t.Fatal(err)
	}
	q, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// withMove returns the estado of q after m, in the course's form, and the
// position.
func withMove(q Position, m referee.Move) (sexp.Value, Position) {
	q.Play(m)
	return q.LispEstado(sexp.Conventions{}), q
}

func TestLispEstadoShape(t *testing.T) {
	q := New()
	q.Play(move(9, 3)) // B3: BQBO
	x := q.LispEstado(sexp.Conventions{})
	s := x.String()
	if !strings.HasPrefix(s, "(((0 0 0 0) (0 0 0 0) (0 (BRANCA QUADRADA BAIXA OCA) 0 0) (0 0 0 0)) ((BRANCA QUADRADA ALTA CHEIA)") {
		t.Errorf("estado %s", s)
	}
	if len(x.Items) != 2 || len(x.Items[1].Items) != 15 || !q.IsLispBoard(x.Items[0]) || q.IsLispBoard(x.Items[1]) {
		t.Errorf("estado %s: want (board reserve) with 15 pieces in the reserve", s)
	}
}

// TestLispAnswerShapes reads both answers the course's groups give, and
// the new estado alone, with the reserve in another order.
func TestLispAnswerShapes(t *testing.T) {
	q := midgame(t)
	var buf [referee.MaxMoves]referee.Move
	moves := q.Moves(buf[:0])
	m := moves[len(moves)/2]
	c, _ := split(m)
	estado, after := withMove(q, m)
	// The reserve reversed: its order varies between groups.
	res := estado.Items[1].Items
	rev := make([]sexp.Value, len(res))
	for i := range res {
		rev[len(res)-1-i] = res[i]
	}
	shuffled := sexp.List(estado.Items[0], sexp.List(rev...))
	for _, tc := range []struct {
		name string
		x    sexp.Value
	}{
		{"((row col) estado)", sexp.List(sexp.List(sexp.Int(int64(c/4)), sexp.Int(int64(c%4))), shuffled)},
		{"(B3 estado)", sexp.List(sexp.Sym(CellName(c)), estado)},
		{"estado", estado},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, claim, notes := q.LispAnswer(tc.x, sexp.Conventions{})
			if len(got) != 1 || got[0] != q.FormatMove(m) {
				t.Fatalf("moves %q, notes %q; want %s", got, notes, q.FormatMove(m))
			}
			if len(notes) != 0 {
				t.Errorf("notes %q, want none", notes)
			}
			if claim == nil || after.Diff(claim) != "" {
				t.Errorf("claim %v differs: %s", claim, after.Diff(claim))
			}
		})
	}
}

// TestLispAnswerFaults reads answers that give no legal move, or a claim
// that differs, and checks what is said.
func TestLispAnswerFaults(t *testing.T) {
	q := midgame(t)
	var buf [referee.MaxMoves]referee.Move
	m := q.Moves(buf[:0])[0]
	c, p := split(m)
	estado, after := withMove(q, m)
	parse := func(s string) sexp.Value {
		x, err := sexp.Parse([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	// The board of after with the reserve missing a piece.
	short := sexp.List(estado.Items[0], sexp.List(estado.Items[1].Items[1:]...))
	other := (c + 1) % 16
	for other == c || after.filled&(1<<other) != 0 {
		other = (other + 1) % 16
	}
	for _, tc := range []struct {
		name      string
		x         sexp.Value
		move, say string // the move read; a piece of the notes
	}{
		{"NIL", parse("NIL"), "NIL", "no board of 4×4"},
		{"a docstring", parse(`"Joga uma peca."`), `"Joga uma peca."`, "no board"},
		{"the estado unchanged", q.LispEstado(sexp.Conventions{}), "(board 4×4)", "places no piece"},
		{"another cell named", sexp.List(sexp.Sym(CellName(other)), estado), q.FormatMove(m), "jogar names cell " + CellName(other)},
		{"a reserve that differs", sexp.List(sexp.List(sexp.Int(int64(c/4)), sexp.Int(int64(c%4))), short), q.FormatMove(m), ""},
		{"notation", parse(`"` + CellName(c) + ":" + p.String() + `"`), q.FormatMove(m), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, claim, notes := q.LispAnswer(tc.x, sexp.Conventions{})
			if len(got) != 1 || !strings.Contains(got[0], tc.move) {
				t.Errorf("moves %q, want %q", got, tc.move)
			}
			if tc.say != "" && !strings.Contains(strings.Join(notes, "; "), tc.say) {
				t.Errorf("notes %q, want them to say %q", notes, tc.say)
			}
			if tc.name == "a reserve that differs" && (claim == nil || !strings.Contains(after.Diff(claim), "claimed played")) {
				t.Errorf("claim %v: want one whose reserve lacks a piece", claim)
			}
		})
	}
}

// FuzzLispAnswer reads arbitrary answers: reading never panics, and a move
// read from a board is legal.
func FuzzLispAnswer(f *testing.F) {
	for _, s := range []string{"NIL", "((1 2) (((0 0 0 0) (0 0 0 0) (0 0 0 0) (0 0 0 0)) ()))", "B3", `"B3:BQAO"`,
		"(((0 0 0 0) (0 (PRETA REDONDA BAIXA OCA) 0 0) (0 0 0 0) (0 0 0 0)) ((BRANCA QUADRADA ALTA CHEIA)))"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		x, err := sexp.Parse(data)
		if err != nil {
			return
		}
		q := New()
		if m, _, _, err := quatroAnswer(&q, x, 0); err == nil && !referee.Legal(&q, m) {
			t.Errorf("%s read as %s, not legal", x, q.FormatMove(m))
		}
	})
}

func TestLispConventions(t *testing.T) {
	calls, reads := Game{}.LispConventions()
	if len(calls) != 1 || len(reads) != 1 {
		t.Errorf("calls %v, reads %v: want one of each", calls, reads)
	}
	if s := (Game{}).LispSettings(calls[0]); len(s) != 1 || s[0].Key != "state" {
		t.Errorf("settings %v", s)
	}
}
