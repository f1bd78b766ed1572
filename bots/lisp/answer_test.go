package lisp

import (
	"strings"
	"testing"

	"github.com/arenabots/arena/referee/sexp"
	"github.com/arenabots/arena/games/dots"
	"github.com/arenabots/arena/referee"
)

// FuzzDecodeAnswer reads arbitrary answers as Cavalo and Dots and Boxes
// moves: reading never fails nor panics, and whatever is read is a move
// the referee can judge, with a note whenever it is not a legal one.
func FuzzDecodeAnswer(f *testing.F) {
	positions, played := gamePositions(2)
	before := positions[4]
	v := newView(Config{Files: []string{"x.lisp"}}.WithDefaults(), before.ToMove())
	for _, ans := range botAnswers(before, played[4], v) {
		f.Add([]byte(ans.String()))
	}
	p := dots.New(2, 2)
	for _, s := range []string{"42", "NIL", `("A1-B1" nil)`, "(((0 0) (0 0) (0 0)) ((1 0) (0 0) (0 0)))",
		"((((1 0) (0 0) (0 0)) ((0 0) (0 0) (0 0))) (0 0))", "(1 2 3 4 5 6 7 8 9)", `(:a "b" (c (d (e (f)))))`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		x, err := sexp.Parse(data)
		if err != nil {
			return
		}
		d := decodeAnswer(x, &before, v)
		j := referee.Judge(&before, referee.Clock{}, referee.Call{Reply: referee.Reply{Move: d.move, Claim: d.claim}})
		if d.move == "" || j.Verdict != nil && !strings.Contains(strings.Join(d.notes, "\n"), "jogar's answer") {
			t.Errorf("Cavalo: %s read as %q (%+v), notes %q", x, d.move, j.Verdict, d.notes)
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
