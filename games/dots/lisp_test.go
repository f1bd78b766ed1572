package dots

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/sexp"
)

// decodeDots reads a position in the rules' JSON format.
func decodeDots(t *testing.T, js string) *Position {
	t.Helper()
	p, err := Decode([]byte(js))
	if err != nil {
		t.Fatal(err)
	}
	return &p
}

// chain is a 2×2 board where the side to move takes two boxes with
// B1-B2 then C1-C2, and then draws one more arc. to_move is filled in.
const chain = `{"game": "dots", "rows": 2, "cols": 2,
 "horizontal": [[1, 2], [2, 1], [0, 0]], "vertical": [[1, 0], [0, 0], [0, 0]],
 "scores": [0, 0], "to_move": %d}`

// FuzzDotsTurn reads arbitrary answers as Dots and Boxes turns: reading
// never fails nor panics, and a turn read is one: legal arcs, each but the
// last closing a box.
func FuzzDotsTurn(f *testing.F) {
	p := New(2, 2)
	for _, s := range []string{"42", "NIL", `("A1-B1" nil)`, "(((0 0) (0 0) (0 0)) ((1 0) (0 0) (0 0)))",
		"((((1 0) (0 0) (0 0)) ((0 0) (0 0) (0 0))) (0 0))", "(1 2 3 4 5 6 7 8 9)", `(:a "b" (c (d (e (f)))))`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		x, err := sexp.Parse(data)
		if err != nil {
			return
		}
		ans, err := dotsTurn(&p, x)
		if err == nil {
			q := p
			for i, a := range ans.turn {
				if !referee.Legal(&q, a) || i < len(ans.turn)-1 && !closes(&q, a) {
					t.Errorf("Dots: %s read as a turn that is not one: %v", x, ans.turn)
				}
				q.Play(a)
			}
		}
	})
}

func TestDotsTurn(t *testing.T) {
	p := decodeDots(t, fmt.Sprintf(chain, 1))
	board := func(h, v [][]int64) sexp.Value {
		half := func(lists [][]int64) sexp.Value {
			var out []sexp.Value
			for _, l := range lists {
				var arcs []sexp.Value
				for _, x := range l {
					arcs = append(arcs, sexp.Int(x))
				}
				out = append(out, sexp.List(arcs...))
			}
			return sexp.List(out...)
		}
		return sexp.List(half(h), half(v))
	}
	scores := sexp.List(sexp.Int(2), sexp.Int(0))
	whole := board([][]int64{{1, 2}, {2, 1}, {1, 0}}, [][]int64{{1, 0}, {1, 0}, {1, 0}})
	one := board([][]int64{{1, 2}, {2, 1}, {0, 0}}, [][]int64{{1, 0}, {1, 0}, {0, 0}})
	tests := []struct {
		name   string
		answer sexp.Value
		want   string // the arcs in order, or the error
	}{
		{"board", whole, "B1-B2 C1-C2 A3-B3"},
		{"estado", sexp.List(whole, scores), "B1-B2 C1-C2 A3-B3"},
		{"jogada estado", sexp.List(sexp.Sym("X"), sexp.List(one, scores)), "B1-B2"},
		{"jogada board", sexp.List(sexp.Str("B1-B2"), one), "B1-B2"},
		{"values", sexp.List(sexp.List(sexp.Sym("V"), sexp.Int(1), sexp.Int(0)), sexp.List(one, scores)), "B1-B2"},
		{"(board)", sexp.List(whole), "B1-B2 C1-C2 A3-B3"},
		{"jogada (board)", sexp.List(sexp.Sym("X"), sexp.List(one)), "B1-B2"},
		{"deep", sexp.List(sexp.Int(3), sexp.List(sexp.Int(4), sexp.List(sexp.List(sexp.List(one, scores))))), "B1-B2"},
		{"stale board first", sexp.List(sexp.List(board([][]int64{{1, 2}, {2, 1}, {0, 0}}, [][]int64{{1, 0}, {0, 0}, {0, 0}}), scores), one), "B1-B2"},
		{"notation", sexp.Str("A3-B3"), "A3-B3"},
		{"notation, stale board", sexp.List(sexp.Sym("A3-B3"), board([][]int64{{1, 2}, {2, 1}, {0, 0}}, [][]int64{{1, 0}, {0, 0}, {0, 0}})), "A3-B3"},
		{"no box closed first", board([][]int64{{1, 2}, {2, 1}, {1, 1}}, [][]int64{{1, 0}, {0, 0}, {0, 0}}), "not one turn"},
		{"erased", board([][]int64{{0, 2}, {2, 1}, {0, 0}}, [][]int64{{1, 0}, {1, 0}, {0, 0}}), "erases A1-B1"},
		{"nothing drawn", board([][]int64{{1, 2}, {2, 1}, {0, 0}}, [][]int64{{1, 0}, {0, 0}, {0, 0}}), "draws no arc"},
		{"wrong size", board([][]int64{{1, 2}, {2, 1}}, [][]int64{{1, 0}, {1, 0}, {0, 0}}), "no board of 2×2"},
		{"not a list", sexp.Int(42), "no board"},
	}
	t.Run("claims", func(t *testing.T) {
		claims := []struct {
			name   string
			answer sexp.Value
			want   string // the discrepancy or the note
		}{
			{"right", sexp.List(whole, scores), ""},
			{"board alone", whole, ""},
			{"wrong boxes", sexp.List(whole, sexp.List(sexp.Int(1), sexp.Int(1))), "scores are 2-0, claimed 1-1"},
			{"impossible boxes", sexp.List(whole, sexp.List(sexp.Int(5), sexp.Int(0))), "set aside: position: scores 5 and 0"},
			{"not boxes: the board alone", sexp.List(whole, sexp.Sym("X")), ""},
			{"notation differs", sexp.List(sexp.Str("A3-B3"), sexp.List(one, scores)), "jogar's move in notation, A3-B3, is not the arc its board draws first, B1-B2"},
			{"arc value", board([][]int64{{1, 2}, {2, 1}, {7, 0}}, [][]int64{{1, 0}, {1, 0}, {1, 0}}), "set aside: an arc is 7"},
		}
		for _, tc := range claims {
			ans, err := dotsTurn(p, tc.answer)
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			got := strings.Join(ans.notes, "; ")
			if ans.claim != nil {
				after := *p
				for _, m := range ans.turn {
					after.Play(m)
				}
				got += after.Diff(ans.claim)
			}
			if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
				t.Errorf("%s: claim %q, want %q", tc.name, got, tc.want)
			}
		}
	})
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ans, err := dotsTurn(p, tc.answer)
			got := ""
			if err != nil {
				got = err.Error()
			} else {
				var arcs []string
				for _, m := range ans.turn {
					arcs = append(arcs, p.FormatMove(m))
				}
				got = strings.Join(arcs, " ")
			}
			if !strings.Contains(got, tc.want) {
				t.Errorf("dotsTurn = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestEncodeDots checks the estado sent: the bot is always player 1, so
// for player 2 the arcs' 1 and 2 and the scores are swapped.
func TestEncodeDots(t *testing.T) {
	const js = `{"game": "dots", "rows": 2, "cols": 2,
 "horizontal": [[1, 1], [2, 0], [0, 0]], "vertical": [[1, 2], [1, 0], [0, 0]],
 "scores": [1, 0], "to_move": %d}`
	tests := []struct {
		side referee.Side
		form sexp.StateForm
		want string
	}{
		{referee.White, sexp.StateBoardPlayerScores, "((((1 1) (2 0) (0 0)) ((1 2) (1 0) (0 0))) (1 0))"},
		{referee.White, sexp.StateBoardScores, "((((1 1) (2 0) (0 0)) ((1 2) (1 0) (0 0))) (1 0))"},
		{referee.Black, sexp.StateBoardPlayerScores, "((((2 2) (1 0) (0 0)) ((2 1) (2 0) (0 0))) (0 1))"},
		{referee.White, sexp.StateBoard, "(((1 1) (2 0) (0 0)) ((1 2) (1 0) (0 0)))"},
		{referee.Black, sexp.StateBoard, "(((2 2) (1 0) (0 0)) ((2 1) (2 0) (0 0)))"},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%s/%s", tc.side, tc.form), func(t *testing.T) {
			p := decodeDots(t, fmt.Sprintf(js, tc.side))
			if got := encodeDots(p, tc.form).String(); got != tc.want {
				t.Errorf("encodeDots = %s, want %s", got, tc.want)
			}
		})
	}
}
