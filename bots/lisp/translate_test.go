package lisp

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/arenabots/arena/bots/lisp/sexp"
	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/referee"
)

// gamePositions plays a random game from seed and returns every position
// where the side to move has a real choice, with the move played there.
func gamePositions(seed uint64) (before []cavalo.Position, played []referee.Move) {
	r := rand.New(rand.NewPCG(seed, 1))
	c := cavalo.New(seed)
	for {
		moves := c.Moves(nil)
		if len(moves) == 0 {
			return before, played
		}
		m := moves[r.IntN(len(moves))]
		if m != referee.Pass {
			before, played = append(before, c), append(played, m)
		}
		c.Play(m)
	}
}

// configs returns every combination of state form, answer form,
// perspective and index base, with unusual knight codes.
func configs() []Config {
	var out []Config
	for _, s := range []StateForm{StateBoard, StateBoardScores, StateBoardPlayerScores} {
		for _, a := range []AnswerForm{AnswerMoveAndState, AnswerState} {
			for _, p := range []Perspective{PerspectiveAbsolute, PerspectiveWhite} {
				for _, base := range []int{0, 1} {
					out = append(out, Config{Files: []string{"x.lisp"}, State: s, Answer: a, Perspective: p, IndexBase: base, Knights: []int{-7, -9}}.WithDefaults())
				}
			}
		}
	}
	return out
}

// botAnswers returns the answers a correct bot seeing view v could give
// for the move m from before: every move form the configuration allows.
func botAnswers(before cavalo.Position, m referee.Move, v view) map[string]sexp.Value {
	after := before
	after.Play(m)
	st := encodeState(&after, v)
	if v.cfg.Answer == AnswerState {
		return map[string]sexp.Value{"state": st}
	}
	text, _ := v.move(cavalo.FormatMove(m)) // the view map is its own inverse
	to, _ := cavalo.ParseSquare(strings.Split(text, "x")[0])
	base := int64(v.cfg.IndexBase)
	return map[string]sexp.Value{
		"row col": sexp.List(sexp.List(sexp.Int(int64(to/10)+base), sexp.Int(int64(to%10)+base)), st),
		"string":  sexp.List(sexp.Str(text), st),
		"symbol":  sexp.List(sexp.Sym(strings.ToUpper(text)), st),
		"values":  sexp.List(sexp.Str(strings.ToLower(text)), st),
	}
}

// TestTranslationRoundTrip checks, for every configuration, that what a
// correct bot answers in its own view decodes to the move it meant and to
// a claimed state equal to the referee's.
func TestTranslationRoundTrip(t *testing.T) {
	t.Parallel()
	for _, cfg := range configs() {
		name := fmt.Sprintf("%s/%s/%s/base%d", cfg.State, cfg.Answer, cfg.Perspective, cfg.IndexBase)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			doubles := 0
			for seed := uint64(1); seed <= 6; seed++ {
				positions, played := gamePositions(seed)
				for i, before := range positions {
					m := played[i]
					want := before.FormatMove(m)
					doubles += strings.Count(want, "x")
					after := before
					after.Play(m)
					v := newView(cfg, before.ToMove())
					for form, ans := range botAnswers(before, m, v) {
						d, err := decodeAnswer(ans, &before, v)
						if err != nil {
							t.Fatalf("seed %d ply %d %s: %v", seed, before.Ply(), form, err)
						}
						if d.move != want {
							t.Fatalf("seed %d ply %d %s: move %s, want %s", seed, before.Ply(), form, d.move, want)
						}
						if d.claim == nil {
							t.Fatalf("seed %d ply %d %s: no claimed state (%s)", seed, before.Ply(), form, d.note)
						}
						if diff := after.Diff(d.claim); diff != "" {
							t.Fatalf("seed %d ply %d %s: claimed state differs: %s", seed, before.Ply(), form, diff)
						}
					}
				}
			}
			if doubles == 0 {
				t.Error("no double was played: the test does not cover removals")
			}
		})
	}
}

func TestEncodeState(t *testing.T) {
	t.Parallel()
	// Seed 1 after white's placement and black's: black's knight on row 10.
	c := cavalo.New(1)
	for range 2 {
		c.Play(c.Moves(nil)[0])
	}
	c.Play(c.Moves(nil)[0]) // white jumps: black to move
	if c.ToMove() != referee.Black {
		t.Fatal("setup: want black to move")
	}
	wk, bk := c.Knight(referee.White), c.Knight(referee.Black)
	s := c.Scores()
	cell := func(st sexp.Value, sq int) string { return st.Items[sq/10].Items[sq%10].String() }
	mirror := func(sq int) int { return (9-sq/10)*10 + sq%10 }
	tests := []struct {
		name  string
		cfg   Config
		check func(st sexp.Value) error
	}{
		{"board", Config{State: StateBoard}, func(st sexp.Value) error {
			if len(st.Items) != 10 || cell(st, wk) != "-1" || cell(st, bk) != "-2" {
				return fmt.Errorf("knights not at %d and %d", wk, bk)
			}
			return nil
		}},
		{"board-scores", Config{State: StateBoardScores}, func(st sexp.Value) error {
			if got, want := st.Items[1].String(), fmt.Sprintf("(%d %d)", s[0], s[1]); got != want {
				return fmt.Errorf("scores %s, want %s", got, want)
			}
			return nil
		}},
		{"board-player-scores", Config{State: StateBoardPlayerScores}, func(st sexp.Value) error {
			if got, want := sexp.List(st.Items[1:]...).String(), fmt.Sprintf("(2 %d %d)", s[0], s[1]); got != want {
				return fmt.Errorf("player and scores %s, want %s", got, want)
			}
			return nil
		}},
		{"white perspective as black", Config{State: StateBoardPlayerScores, Perspective: PerspectiveWhite, Knights: []int{-5, -6}}, func(st sexp.Value) error {
			if got, want := sexp.List(st.Items[1:]...).String(), fmt.Sprintf("(1 %d %d)", s[1], s[0]); got != want {
				return fmt.Errorf("player and scores %s, want %s", got, want)
			}
			b := st.Items[0]
			if cell(b, mirror(bk)) != "-5" || cell(b, mirror(wk)) != "-6" {
				return fmt.Errorf("black's knight (-5) not mirrored to %s", cavalo.SquareName(mirror(bk)))
			}
			if mirror(bk)/10 != 0 {
				return fmt.Errorf("black's knight, placed on row 10, should be on row 1")
			}
			if got, want := cell(b, 0), fmt.Sprint(c.Cell(90)); c.Cell(90) >= 0 && got != want {
				return fmt.Errorf("A1 in view is %s, want A10's %s", got, want)
			}
			return nil
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			cfg := tc.cfg
			cfg.Files = []string{"x.lisp"}
			st := encodeState(&c, newView(cfg.WithDefaults(), c.ToMove()))
			if err := tc.check(st); err != nil {
				t.Errorf("%v\nstate: %s", err, st)
			}
		})
	}
}

func TestDecodeAnswerErrors(t *testing.T) {
	t.Parallel()
	c := cavalo.New(1)
	c.Play(c.Moves(nil)[0])
	c.Play(c.Moves(nil)[0])
	good := encodeState(&c, newView(Config{State: StateBoard}.WithDefaults(), c.ToMove()))
	row := func(i int) string { return good.Items[i].String() }
	board := func(rows ...string) string { return "(" + strings.Join(rows, " ") + ")" }
	var all []string
	for i := range 10 {
		all = append(all, row(i))
	}
	tests := []struct {
		name   string
		answer AnswerForm
		base   int
		text   string
		want   string
	}{
		{"not a list", AnswerMoveAndState, 0, "42", "want (move new-state)"},
		{"three items", AnswerMoveAndState, 0, `("A1" nil nil)`, "want (move new-state)"},
		{"move is a number", AnswerMoveAndState, 0, "(5 nil)", `the move is 5: want (row col), "J10" or J10`},
		{"off the board", AnswerMoveAndState, 0, "((10 3) nil)", "off the board (index_base 0: rows and columns 0..9)"},
		{"zero with base 1", AnswerMoveAndState, 1, "((0 3) nil)", "off the board (index_base 1: rows and columns 1..10)"},
		{"bad square", AnswerMoveAndState, 0, `("Z9" nil)`, `bad square "Z9"`},
		{"a state alone", AnswerMoveAndState, 0, board(all...), "looks like a state alone; for such bots set answer: state"},
		{"nine rows", AnswerState, 0, board(all[:9]...), "want 10 rows of 10 cells"},
		{"short row", AnswerState, 0, board(append(all[:9:9], "(1 2 3)")...), "row 10 of the board is (1 2 3): want 10 cells"},
		{"bad cell", AnswerState, 0, board(append([]string{sexp.List(append([]sexp.Value{sexp.Sym("FOO")}, good.Items[0].Items[1:]...)...).String()}, all[1:]...)...), "row 1 column 1 of the board: FOO: want a number 0..99, NIL or a knight code (-1 or -2)"},
		{"knight did not move", AnswerState, 0, board(all...), "the white knight did not move"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			x, err := sexp.Parse([]byte(tc.text))
			if err != nil {
				t.Fatalf("test answer %s: %v", tc.text, err)
			}
			cfg := Config{Files: []string{"x.lisp"}, State: StateBoard, Answer: tc.answer, IndexBase: tc.base}.WithDefaults()
			_, err = decodeAnswer(x, &c, newView(cfg, c.ToMove()))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("decodeAnswer(%s) error = %v, want it to mention %q", short(x), err, tc.want)
			}
		})
	}
}

func TestDecodeAnswerClaims(t *testing.T) {
	t.Parallel()
	positions, played := gamePositions(3)
	before, m := positions[10], played[10]
	after := before
	after.Play(m)
	cfg := Config{Files: []string{"x.lisp"}, State: StateBoardScores}.WithDefaults()
	v := newView(cfg, before.ToMove())
	st := encodeState(&after, v)
	text := before.FormatMove(m)

	// A wrong score is kept as the claim, for the referee to report.
	wrong := sexp.List(st.Items[0], sexp.List(sexp.Int(1), sexp.Int(2)))
	d, err := decodeAnswer(sexp.List(sexp.Str(text), wrong), &before, v)
	if err != nil || d.claim == nil {
		t.Fatalf("wrong score: %v, claim %v", err, d.claim)
	}
	if diff := after.Diff(d.claim); !strings.Contains(diff, "scores are") {
		t.Errorf("wrong score: Diff = %q, want the scores", diff)
	}
	// A malformed state is set aside with a note; the move still counts.
	d, err = decodeAnswer(sexp.List(sexp.Str(text), sexp.List(sexp.Int(1))), &before, v)
	if err != nil || d.move != text || d.claim != nil || !strings.Contains(d.note, "claimed state set aside") {
		t.Errorf("malformed state: move %q claim %v note %q err %v", d.move, d.claim, d.note, err)
	}
	// No state: the move alone.
	d, err = decodeAnswer(sexp.List(sexp.Str(text)), &before, v)
	if err != nil || d.move != text || d.claim != nil {
		t.Errorf("no state: move %q claim %v err %v", d.move, d.claim, err)
	}
}

func TestDoubleWithoutState(t *testing.T) {
	t.Parallel()
	// A bot that names only the square of a double, without a state, removes
	// the highest double left, the rules' default.
	for seed := uint64(1); seed <= 20; seed++ {
		positions, played := gamePositions(seed)
		for i, before := range positions {
			text := before.FormatMove(played[i])
			target, _, ok := strings.Cut(text, "x")
			if !ok {
				continue
			}
			v := newView(Config{Files: []string{"x.lisp"}}.WithDefaults(), before.ToMove())
			d, err := decodeAnswer(sexp.List(sexp.Str(target), sexp.Nil()), &before, v)
			if err != nil {
				t.Fatal(err)
			}
			var first string
			for _, m := range before.Moves(nil) {
				if s := before.FormatMove(m); strings.HasPrefix(s, target+"x") {
					first = s
					break
				}
			}
			if d.move != first {
				t.Errorf("seed %d: %s without a state decoded as %s, want %s (the highest double)", seed, target, d.move, first)
			}
			return
		}
	}
	t.Fatal("no double found in 20 random games")
}
