package cavalo

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/sexp"
)

// gamePositions plays a random game from seed and returns every position
// where the side to move has a real choice, with the move played there.
func gamePositions(seed uint64) (before []Position, played []referee.Move) {
	randomGame(seed, 1<<20, func(p *Position, m referee.Move) {
		if m != referee.Pass {
			before, played = append(before, *p), append(played, m)
		}
	})
	return before, played
}

// configs returns every combination of state form, side form,
// perspective and index base, with unusual knight codes.
func configs() []sexp.Conventions {
	var out []sexp.Conventions
	for _, s := range []sexp.StateForm{sexp.StateBoard, sexp.StateBoardScores, sexp.StateBoardPlayerScores} {
		for _, side := range []sexp.SideForm{sexp.SideNumber, sexp.SideKnight} {
			for _, p := range []sexp.Perspective{sexp.PerspectiveAbsolute, sexp.PerspectiveWhite} {
				for _, base := range []int{0, 1} {
					out = append(out, sexp.Conventions{State: s, Side: side, Perspective: p, IndexBase: base, Knights: [2]int{-7, -9}}.WithDefaults())
				}
			}
		}
	}
	return out
}

// botAnswers returns the answers a correct bot seeing view v could give
// for the move m from before: its new state in every shape course bots
// use, with and without the move in every notation.
func botAnswers(before Position, m referee.Move, v view) map[string]sexp.Value {
	after := before
	after.Play(m)
	st := encodeState(&after, v)
	text, _ := v.move(FormatMove(m)) // the view map is its own inverse
	to, _ := ParseSquare(strings.Split(text, "x")[0])
	base := int64(v.conv.IndexBase)
	n := sexp.Int
	return map[string]sexp.Value{
		"state":               st,
		"(state)":             sexp.List(st),
		"(jogada (state))":    sexp.List(sexp.Sym("JOGADA"), sexp.List(st)),
		"state and stats":     sexp.List(st, n(4), n(-12), n(950), n(1234), n(5678), n(90)),
		"(stats (jogada st))": sexp.List(n(4), sexp.List(sexp.Sym("MOVE"), st)),
		"row col":             sexp.List(sexp.List(n(int64(to/10)+base), n(int64(to%10)+base)), st),
		"string":              sexp.List(sexp.Str(text), st),
		"symbol":              sexp.List(sexp.Sym(strings.ToUpper(text)), st),
		"values":              sexp.List(sexp.Str(strings.ToLower(text)), st),
	}
}

// TestTranslationRoundTrip checks, for every configuration, that what a
// correct bot answers in its own view decodes to the move it meant and to
// a claimed state equal to the referee's, with nothing to note.
func TestTranslationRoundTrip(t *testing.T) {
	t.Parallel()
	for _, cfg := range configs() {
		name := fmt.Sprintf("%s/%s/%s/base%d", cfg.State, cfg.Side, cfg.Perspective, cfg.IndexBase)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			doubles := 0
			for seed := uint64(1); seed <= 3; seed++ { // 12 doubles played
				positions, played := gamePositions(seed)
				for i, before := range positions {
					m := played[i]
					want := before.FormatMove(m)
					doubles += strings.Count(want, "x")
					after := before
					after.Play(m)
					v := newView(cfg, before.ToMove())
					for form, ans := range botAnswers(before, m, v) {
						d := decodeAnswer(ans, &before, v)
						if d.move != want {
							t.Fatalf("seed %d ply %d %s: move %s, want %s (%v)", seed, before.Ply(), form, d.move, want, d.notes)
						}
						if len(d.notes) > 0 {
							t.Fatalf("seed %d ply %d %s: notes %q", seed, before.Ply(), form, d.notes)
						}
						if d.claim == nil {
							t.Fatalf("seed %d ply %d %s: no claimed state", seed, before.Ply(), form)
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
	c := New(1)
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
		cfg   sexp.Conventions
		check func(st sexp.Value) error
	}{
		{"board", sexp.Conventions{State: sexp.StateBoard}, func(st sexp.Value) error {
			if len(st.Items) != 10 || cell(st, wk) != "-1" || cell(st, bk) != "-2" {
				return fmt.Errorf("knights not at %d and %d", wk, bk)
			}
			return nil
		}},
		{"board-scores", sexp.Conventions{State: sexp.StateBoardScores}, func(st sexp.Value) error {
			if got, want := st.Items[1].String(), fmt.Sprintf("(%d %d)", s[0], s[1]); got != want {
				return fmt.Errorf("scores %s, want %s", got, want)
			}
			return nil
		}},
		{"board-player-scores", sexp.Conventions{State: sexp.StateBoardPlayerScores}, func(st sexp.Value) error {
			if got, want := sexp.List(st.Items[1:]...).String(), fmt.Sprintf("(2 %d %d)", s[0], s[1]); got != want {
				return fmt.Errorf("player and scores %s, want %s", got, want)
			}
			return nil
		}},
		{"white perspective as black", sexp.Conventions{State: sexp.StateBoardPlayerScores, Perspective: sexp.PerspectiveWhite, Knights: [2]int{-5, -6}}, func(st sexp.Value) error {
			if got, want := sexp.List(st.Items[1:]...).String(), fmt.Sprintf("(1 %d %d)", s[1], s[0]); got != want {
				return fmt.Errorf("player and scores %s, want %s", got, want)
			}
			b := st.Items[0]
			if cell(b, mirror(bk)) != "-5" || cell(b, mirror(wk)) != "-6" {
				return fmt.Errorf("black's knight (-5) not mirrored to %s", SquareName(mirror(bk)))
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
			st := encodeState(&c, newView(tc.cfg.WithDefaults(), c.ToMove()))
			if err := tc.check(st); err != nil {
				t.Errorf("%v\nstate: %s", err, st)
			}
		})
	}
}

// TestDecodeAnswerUnread checks answers in which no legal move is read:
// the move the referee gets, its verdict (illegal, quoting the move or the
// answer's shape) and the note for the log.
func TestDecodeAnswerUnread(t *testing.T) {
	t.Parallel()
	c := New(1)
	c.Play(c.Moves(nil)[0])
	c.Play(c.Moves(nil)[0])
	good := encodeState(&c, newView(sexp.Conventions{State: sexp.StateBoard}.WithDefaults(), c.ToMove()))
	row := func(i int) string { return good.Items[i].String() }
	board := func(rows ...string) string { return "(" + strings.Join(rows, " ") + ")" }
	var all []string
	for i := range 10 {
		all = append(all, row(i))
	}
	// A board on which the white knight jumped to a square it cannot reach.
	var far int
	for sq := range Squares {
		if c.Cell(sq) >= 0 && !strings.Contains(legalTexts(&c), SquareName(sq)) {
			far = sq
			break
		}
	}
	jumped := encodeState(&c, newView(sexp.Conventions{State: sexp.StateBoard}.WithDefaults(), c.ToMove()))
	jumped.Items[far/10].Items[far%10] = sexp.Int(-1)
	from := c.Knight(referee.White)
	jumped.Items[from/10].Items[from%10] = sexp.Nil()
	tests := []struct {
		name    string
		base    int
		text    string
		move    string // what the referee gets
		verdict string // in its detail
		note    string // in the log
	}{
		{"a number", 0, "42", "42", `bad move "42"`, "no board of the league's size in it"},
		{"move is a number", 0, "(5 nil)", "(5 NIL)", `bad move "(5 NIL)"`, "it returned: (5 NIL)"},
		{"off the board", 0, "((10 3) nil)", "((10 3) NIL)", `bad move "((10 3) NIL)"`, "off the board (index_base 0: rows and columns 0..9)"},
		{"zero with base 1", 1, "((0 3) nil)", "((0 3) NIL)", "illegal", "off the board (index_base 1: rows and columns 1..10)"},
		{"bad square", 0, `("Z9" nil)`, `("Z9" NIL)`, `bad move "(\"Z9\" NIL)"`, `bad square "Z9"`},
		{"the knight did not move", 0, board(all...), "(board 10×10)", `bad move "(board 10×10)"`, "the white knight did not move"},
		{"stats, knight did not move", 0, "(" + board(all...) + " 4 -12 950 1234)", "((board 10×10) 4 -12 950 1234)", `bad move "((board 10×10) 4 -12 950 1234)"`, "did not move"},
		{"nine rows", 0, board(all[:9]...), "(9 lists of 10)", `bad move "(9 lists of 10)"`, "no board of the league's size"},
		{"short row", 0, board(append(all[:9:9], "(1 2 3)")...), "", "illegal", "no board of the league's size"},
		{"bad cell", 0, board(append([]string{sexp.List(append([]sexp.Value{sexp.Sym("FOO")}, good.Items[0].Items[1:]...)...).String()}, all[1:]...)...), "(board 10×10)", "illegal", "row 1 column 1 of a returned board: FOO: want a number 0..99, NIL or a knight code (-1 or -2)"},
		{"a jump out of reach", 0, jumped.String(), SquareName(far), "is not a legal move", "moves the white knight to " + SquareName(far) + ", not a legal move"},
		{"long list", 0, "(1 2 3 4 5 6 7 8 9)", "(1 2 3 4 5 6 … 3 more)", "illegal", "it returned: (1 2 3 4 5 6 7 8 9)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			x, err := sexp.Parse([]byte(tc.text))
			if err != nil {
				t.Fatalf("test answer %s: %v", tc.text, err)
			}
			cfg := sexp.Conventions{State: sexp.StateBoard, IndexBase: tc.base}.WithDefaults()
			d := decodeAnswer(x, &c, newView(cfg, c.ToMove()))
			if tc.move != "" && d.move != tc.move {
				t.Errorf("move %q, want %q", d.move, tc.move)
			}
			if notes := strings.Join(d.notes, "\n"); !strings.Contains(notes, tc.note) {
				t.Errorf("notes %q, want them to mention %q", notes, tc.note)
			}
			j := referee.Judge(&c, referee.Clock{}, referee.Call{Reply: referee.Reply{Move: d.move, Claim: d.claim}})
			if j.Verdict == nil || j.Verdict.Reason != referee.Illegal {
				t.Fatalf("the referee's judgement of %q: %+v, want illegal", d.move, j.Verdict)
			}
			if tc.verdict != "illegal" && !strings.Contains(j.Verdict.Detail, tc.verdict) {
				t.Errorf("verdict %q, want it to mention %q", j.Verdict.Detail, tc.verdict)
			}
		})
	}
}

// legalTexts lists c's legal moves in notation.
func legalTexts(c *Position) string {
	var out []string
	for _, m := range c.Moves(nil) {
		out = append(out, c.FormatMove(m))
	}
	return strings.Join(out, " ")
}

func TestDecodeAnswerClaims(t *testing.T) {
	t.Parallel()
	positions, played := gamePositions(3)
	before, m := positions[10], played[10]
	after := before
	after.Play(m)
	cfg := sexp.Conventions{State: sexp.StateBoardScores}.WithDefaults()
	v := newView(cfg, before.ToMove())
	st := encodeState(&after, v)
	text := before.FormatMove(m)

	// A wrong score is kept as the claim, for the referee to report.
	wrong := sexp.List(st.Items[0], sexp.List(sexp.Int(1), sexp.Int(2)))
	d := decodeAnswer(sexp.List(sexp.Str(text), wrong), &before, v)
	if d.claim == nil {
		t.Fatalf("wrong score: no claim (%v)", d.notes)
	}
	if diff := after.Diff(d.claim); !strings.Contains(diff, "scores are") {
		t.Errorf("wrong score: Diff = %q, want the scores", diff)
	}
	// A list that is no state: the move alone.
	d = decodeAnswer(sexp.List(sexp.Str(text), sexp.List(sexp.Int(1))), &before, v)
	if d.move != text || d.claim != nil || len(d.notes) > 0 {
		t.Errorf("malformed state: move %q claim %v notes %q", d.move, d.claim, d.notes)
	}
	// A board that is no position: set aside with a note; the move in
	// notation is played.
	bad := sexp.List(sexp.List(slices.Clone(st.Items[0].Items)...), st.Items[1])
	bad.Items[0].Items[0] = sexp.List(append([]sexp.Value{sexp.Str("X")}, st.Items[0].Items[0].Items[1:]...)...)
	d = decodeAnswer(sexp.List(sexp.Str(text), bad), &before, v)
	if d.move != text || d.claim != nil || !strings.Contains(strings.Join(d.notes, ""), "give no move") {
		t.Errorf("bad board: move %q claim %v notes %q", d.move, d.claim, d.notes)
	}
	// No state: the move alone.
	d = decodeAnswer(sexp.List(sexp.Str(text)), &before, v)
	if d.move != text || d.claim != nil {
		t.Errorf("no state: move %q claim %v", d.move, d.claim)
	}
	// A bare move.
	if d = decodeAnswer(sexp.Str(text), &before, v); d.move != text {
		t.Errorf("bare move: move %q", d.move)
	}
	// The board wins over a move in notation that differs, with a note.
	other := ""
	for _, o := range before.Moves(nil) {
		if s := before.FormatMove(o); s[:2] != text[:2] {
			other = strings.SplitN(s, "x", 2)[0]
		}
	}
	d = decodeAnswer(sexp.List(sexp.Str(other), st), &before, v)
	if d.move != text || !strings.Contains(strings.Join(d.notes, ""), "is not the move its board shows") {
		t.Errorf("notation %s, board %s: move %q notes %q", other, text, d.move, d.notes)
	}
	// Of two boards, the one that gives a legal move.
	stale := encodeState(&before, v)
	d = decodeAnswer(sexp.List(stale, st, sexp.Int(3)), &before, v)
	if d.move != text || len(d.notes) > 0 || d.claim == nil || after.Diff(d.claim) != "" {
		t.Errorf("stale board first: move %q notes %q", d.move, d.notes)
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
			v := newView(sexp.Conventions{}.WithDefaults(), before.ToMove())
			d := decodeAnswer(sexp.List(sexp.Str(target), sexp.Nil()), &before, v)
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

// FuzzDecodeAnswer reads arbitrary answers as Cavalo moves: reading never
// fails nor panics, and whatever is read is a move the referee can judge,
// with a note whenever it is not a legal one.
func FuzzDecodeAnswer(f *testing.F) {
	positions, played := gamePositions(2)
	before := positions[4]
	v := newView(sexp.Conventions{}.WithDefaults(), before.ToMove())
	for _, ans := range botAnswers(before, played[4], v) {
		f.Add([]byte(ans.String()))
	}
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
	})
}

// BenchmarkDecodeAnswer measures reading a typical answer, a move in
// notation with the new state (board player white black) and search
// statistics, by looking for the board in it and comparing.
func BenchmarkDecodeAnswer(b *testing.B) {
	positions, played := gamePositions(4)
	before, m := positions[6], played[6]
	after := before
	after.Play(m)
	v := newView(sexp.Conventions{}.WithDefaults(), before.ToMove())
	ans := sexp.List(sexp.Str(before.FormatMove(m)), sexp.List(encodeState(&after, v), sexp.Int(4), sexp.Int(-12), sexp.Int(950)))
	for b.Loop() {
		if d := decodeAnswer(ans, &before, v); d.claim == nil {
			b.Fatal(d.notes)
		}
	}
}
