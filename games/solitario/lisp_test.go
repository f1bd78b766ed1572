package solitario

import (
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/sexp"
)

// played returns the start after the moves, in notation.
func played(t *testing.T, moves ...string) Position {
	t.Helper()
	p := New(DefaultMaxPlies)
	for _, text := range moves {
		m, err := ParseMove(text)
		if err != nil || !referee.Legal(&p, m) {
			t.Fatalf("%s is not legal in\n%s", text, &p)
		}
		p.Play(m)
	}
	return p
}

func TestLispEstado(t *testing.T) {
	t.Parallel()
	start := New(DefaultMaxPlies)
	black := played(t, "b2-3")
	tests := []struct {
		name string
		p    *Position
		conv sexp.Conventions
		want string
	}{
		{"board player", &start, sexp.Conventions{State: sexp.StateBoardPlayer},
			"(((NIL NIL 1 1 1 NIL NIL) (NIL NIL 1 1 1 NIL NIL) (0 0 0 0 0 0 0) (0 0 0 0 0 0 0) (0 0 0 0 0 0 0) (NIL NIL 2 2 2 NIL NIL) (NIL NIL 2 2 2 NIL NIL)) 1)"},
		{"board", &black, sexp.Conventions{State: sexp.StateBoard},
			"((NIL NIL 1 1 1 NIL NIL) (NIL NIL 0 1 1 NIL NIL) (0 0 1 0 0 0 0) (0 0 0 0 0 0 0) (0 0 0 0 0 0 0) (NIL NIL 2 2 2 NIL NIL) (NIL NIL 2 2 2 NIL NIL))"},
		{"board player, black as player 1", &black, sexp.Conventions{State: sexp.StateBoardPlayer, Perspective: sexp.PerspectiveWhite},
			"(((NIL NIL 1 1 1 NIL NIL) (NIL NIL 1 1 1 NIL NIL) (0 0 0 0 0 0 0) (0 0 0 0 0 0 0) (0 0 0 0 2 0 0) (NIL NIL 2 2 0 NIL NIL) (NIL NIL 2 2 2 NIL NIL)) 1)"},
		{"board player scores", &black, sexp.Conventions{State: sexp.StateBoardPlayerScores},
			"(((NIL NIL 1 1 1 NIL NIL) (NIL NIL 0 1 1 NIL NIL) (0 0 1 0 0 0 0) (0 0 0 0 0 0 0) (0 0 0 0 0 0 0) (NIL NIL 2 2 2 NIL NIL) (NIL NIL 2 2 2 NIL NIL)) 2 0 0)"},
	}
	for _, tc := range tests {
		if got := tc.p.LispEstado(tc.conv).String(); got != tc.want {
			t.Errorf("%s: estado\n%s\nwant\n%s", tc.name, got, tc.want)
		}
	}
}

func TestLispAnswer(t *testing.T) {
	t.Parallel()
	start := New(DefaultMaxPlies)
	abs := sexp.Conventions{State: sexp.StateBoardPlayer, IndexBase: 1}
	after := played(t, "b2-3")
	board := newView(abs, referee.White).board(&after)
	black := after
	blackAfter := played(t, "b2-3", "c6-5")
	turned := sexp.Conventions{State: sexp.StateBoard, Perspective: sexp.PerspectiveWhite, IndexBase: 1}
	turnedBoard := newView(turned, referee.Black).board(&blackAfter)
	wrong := after
	wrong.pegs[1] &^= bit(6*Size + 4) // a black peg gone
	wrongBoard := newView(abs, referee.White).board(&wrong)
	op := func(name string, r, c int64) sexp.Value { return sexp.List(sexp.Sym(name), sexp.Int(r), sexp.Int(c)) }
	tests := []struct {
		name   string
		p      *Position
		conv   sexp.Conventions
		answer sexp.Value
		move   string
		note   string // in the notes; "" for none
		differ bool   // the claimed state differs from the referee's
	}{
		{"statement", &start, abs, sexp.List(op("B", 2, 3), board), "b2-3", "", false},
		{"lower case string op", &start, abs, sexp.List(sexp.List(sexp.Str("b"), sexp.Int(2), sexp.Int(3)), board), "b2-3", "", false},
		{"(op (row col))", &start, abs, sexp.List(sexp.List(sexp.Sym("B"), sexp.List(sexp.Int(2), sexp.Int(3))), board), "b2-3", "", false},
		{"board alone", &start, abs, board, "b2-3", "", false},
		{"(board player)", &start, abs, sexp.List(op("B", 2, 3), sexp.List(board, sexp.Int(2))), "b2-3", "", false},
		{"move alone", &start, abs, op("b", 2, 4), "b2-4", "", false},
		{"notation", &start, abs, sexp.Str("B2-5"), "b2-5", "", false},
		{"counted from 0", &start, sexp.Conventions{State: sexp.StateBoardPlayer}, sexp.List(op("B", 1, 2), board), "b2-3", "", false},
		{"index base wrong", &start, sexp.Conventions{State: sexp.StateBoardPlayer}, sexp.List(op("B", 2, 3), board), "b2-3", "is not the move its board shows", false},
		{"black as player 1", &black, turned, sexp.List(op("B", 2, 3), turnedBoard), "c6-5", "", false},
		{"black as player 1, move alone", &black, turned, op("b", 2, 3), "c6-5", "", false},
		{"wrong claim", &start, abs, sexp.List(op("B", 2, 3), wrongBoard), "b2-3", "", true},
		{"NIL", &start, abs, sexp.Nil(), "NIL", "no move read", false},
		{"off the board", &start, abs, op("B", 1, 1), "NIL", "off the board", false},
		{"illegal move", &start, abs, op("C", 2, 3), "c2-3", "not legal", false},
	}
	for _, tc := range tests {
		moves, claim, notes := tc.p.LispAnswer(tc.answer, tc.conv)
		got := strings.Join(notes, "; ")
		if tc.name == "off the board" {
			if !strings.Contains(got, tc.note) {
				t.Errorf("%s: notes %q, want %q", tc.name, got, tc.note)
			}
			continue
		}
		if len(moves) != 1 || moves[0] != tc.move {
			t.Errorf("%s: moves %q (notes %q), want %s", tc.name, moves, notes, tc.move)
			continue
		}
		if tc.note == "" && got != "" || !strings.Contains(got, tc.note) {
			t.Errorf("%s: notes %q, want %q", tc.name, got, tc.note)
		}
		if claim == nil {
			continue
		}
		q := *tc.p
		m, _ := ParseMove(tc.move)
		q.Play(m)
		if d := q.Diff(claim); (d != "") != tc.differ {
			t.Errorf("%s: claimed state differs by %q, want a difference %v", tc.name, d, tc.differ)
		}
	}
}

func TestLispConventions(t *testing.T) {
	t.Parallel()
	calls, reads := Game{}.LispConventions()
	if len(calls) != 4 || calls[0].State != sexp.StateBoardPlayer || calls[0].Perspective != sexp.PerspectiveAbsolute ||
		calls[3].State != sexp.StateBoard || calls[3].Perspective != sexp.PerspectiveWhite || len(reads) != 2 || reads[0].IndexBase != 1 {
		t.Errorf("conventions %+v, reads %+v", calls, reads)
	}
	var keys []string
	for _, s := range (Game{}).LispSettings(sexp.Conventions{State: sexp.StateBoard, Perspective: sexp.PerspectiveWhite, IndexBase: 1}) {
		keys = append(keys, s.Key+"="+s.Value)
	}
	if got := strings.Join(keys, " "); got != "state=board perspective=white index_base=1" {
		t.Errorf("settings %s", got)
	}
}

// FuzzLispAnswer reads arbitrary answers in a midgame under each
// convention: reading never panics, gives one move, and a move read from a
// board comes with a claim of the game.
func FuzzLispAnswer(f *testing.F) {
	for _, s := range []string{"NIL", "42", "((B 2 3) NIL)", `(("cb" 3 4) ((1) (2)))`, "(CC (4 4))", `"d5-3"`,
		"((NIL NIL 1 1 1 NIL NIL) (NIL NIL 0 1 1 NIL NIL) (0 0 1 0 0 0 0) (0 0 0 0 0 0 0) (0 0 0 0 0 0 0) (NIL NIL 2 2 2 NIL NIL) (NIL NIL 2 2 2 NIL NIL))",
		"((1 1 1 1 1 1 1) (2 2 2 2 2 2 2) (0 0 0 0 0 0 0) (0 0 0 0 0 0 0) (0 0 0 0 0 0 0) (3 3 3 3 3 3 3) (x x x x x x x))"} {
		f.Add([]byte(s))
	}
	p := *Game{OpeningPlies: 6}.New(2).(*Position)
	calls, reads := Game{}.LispConventions()
	f.Fuzz(func(t *testing.T, data []byte) {
		x, err := sexp.Parse(data)
		if err != nil {
			return
		}
		for _, c := range calls {
			for _, r := range reads {
				c.IndexBase = r.IndexBase
				moves, claim, _ := p.LispAnswer(x, c)
				if len(moves) != 1 || moves[0] == "" {
					t.Fatalf("%s under %+v: moves %q, want one", x, c, moves)
				}
				if _, ok := claim.(*Position); claim != nil && !ok {
					t.Fatalf("%s under %+v: a claim of %T", x, c, claim)
				}
			}
		}
	})
}
