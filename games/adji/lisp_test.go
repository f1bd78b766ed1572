package adji

import (
	"strings"
	"testing"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/sexp"
)

var (
	boardScores      = sexp.Conventions{State: sexp.StateBoardScores, Perspective: sexp.PerspectiveAbsolute}
	boardScoresWhite = sexp.Conventions{State: sexp.StateBoardScores, Perspective: sexp.PerspectiveWhite}
	boardWhite       = sexp.Conventions{State: sexp.StateBoard, Perspective: sexp.PerspectiveWhite}
)

func TestLispEstado(t *testing.T) {
	p := Start()
	if got, want := p.LispEstado(boardScores).String(), "(((8 8 8 8 8 8) (8 8 8 8 8 8)) (0 0))"; got != want {
		t.Errorf("start, board-scores: %s, want %s", got, want)
	}
	q := sample(t, "round.json") // black to move, 4-12
	for _, tc := range []struct {
		conv sexp.Conventions
		want string
	}{
		{boardScores, "(((12 0 6 6 2 1) (9 40 1 2 1 0)) (4 12))"},
		{sexp.Conventions{State: sexp.StateBoard, Perspective: sexp.PerspectiveAbsolute}, "((12 0 6 6 2 1) (9 40 1 2 1 0))"},
		// Black is shown the board turned half a turn, its points first.
		{boardScoresWhite, "(((0 1 2 1 40 9) (1 2 6 6 0 12)) (12 4))"},
		{boardWhite, "((0 1 2 1 40 9) (1 2 6 6 0 12))"},
	} {
		if got := q.LispEstado(tc.conv).String(); got != tc.want {
			t.Errorf("round.json, %s %s: %s, want %s", tc.conv.State, tc.conv.Perspective, got, tc.want)
		}
	}
}

// playerOne is a course bot in Go that always plays player 1 (row 0): it
// reads the estado, sows hole pick of its row's non-empty holes, and
// answers ((row col) new-estado) in the estado's form.
func playerOne(t *testing.T, rules *Position, estado sexp.Value, pick int) sexp.Value {
	t.Helper()
	board := estado
	var s [2]int
	if !isBoard(estado) {
		board = estado.Items[0]
		s = [2]int{int(estado.Items[1].Items[0].Int), int(estado.Items[1].Items[1].Int)}
	}
	q := Game{SowOrigin: !rules.skip}.start()
	for r, row := range board.Items {
		for c, n := range row.Items {
			q.holes[r*Cols+c] = uint8(n.Int)
		}
	}
	q.score = [2]uint8{uint8(s[0]), uint8(s[1])}
	moves := q.Moves(nil)
	m := moves[pick%len(moves)]
	q.Play(m)
	out := q.LispEstado(sexp.Conventions{State: sexp.StateBoardScores, Perspective: sexp.PerspectiveAbsolute})
	if isBoard(estado) {
		out = out.Items[0]
	}
	return sexp.List(sexp.List(sexp.Int(int64(m)/Cols), sexp.Int(int64(m)%Cols)), out)
}

// TestLispPlayerOne has a bot that always plays player 1 play whole games
// for both sides under perspective white, in both state forms, under
// every rule: each answer reads as a legal move, with a claimed state
// equal to the referee's. Under perspective absolute the same bot plays
// row 0 for Black too, which is read as an illegal move.
func TestLispPlayerOne(t *testing.T) {
	for _, conv := range []sexp.Conventions{boardScoresWhite, boardWhite} {
		randomGames(t, 4, func(p *Position, m referee.Move) {
			if m == referee.Pass {
				return
			}
			ans := playerOne(t, p, p.LispEstado(conv), int(m))
			moves, claim, notes := p.LispAnswer(ans, conv)
			mv, err := ParseMove(moves[0])
			if err != nil || !referee.Legal(p, mv) {
				t.Fatalf("%s %s: %s read as %q (%q), not a legal move in\n%s", conv.State, conv.Perspective, ans, moves, notes, p)
			}
			after := *p
			after.Play(mv)
			if d := after.Diff(claim); d != "" || len(notes) > 0 {
				t.Fatalf("%s: claimed state differs: %s; notes %q", ans, d, notes)
			}
		})
	}
	p := sample(t, "round.json") // black to move, on row 1
	ans := playerOne(t, &p, p.LispEstado(boardScores), 0)
	moves, _, notes := p.LispAnswer(ans, boardScores)
	if mv, err := ParseMove(moves[0]); err == nil && referee.Legal(&p, mv) {
		t.Errorf("absolute: black's answer %s read as %q, a legal move: want row 0's hole, illegal (notes %q)", ans, moves, notes)
	}
}

func TestLispAnswer(t *testing.T) {
	p := Start()
	after := p
	after.Play(referee.Move(0))
	state := after.LispEstado(boardScores)
	tests := []struct {
		name   string
		answer string
		move   string // the move read
		claim  string // a piece of the claim's Diff from the referee's, "" for none, "-" for no claim
		note   string // a piece of the notes, "" for none
	}{
		{"hole and estado", "((0 0) " + state.String() + ")", "r0c0", "", ""},
		{"estado alone", state.String(), "r0c0", "", ""},
		{"board alone", state.Items[0].String(), "r0c0", "", ""},
		{"hole alone", "(0 3)", "r0c3", "-", ""},
		{"symbol", "R0C4", "r0c4", "-", ""},
		{"hole and a wrong estado", "((0 3) " + state.String() + ")", "r0c3", "hole (0 0) holds 9, claimed 0", ""},
		{"wrong scores", "((0 0) (((0 8 8 8 9 9) (9 9 9 9 9 9)) (5 0)))", "r0c0", "scores are 0-0, claimed 5-0", ""},
		{"illegal hole, its board plays", "((1 2) " + state.String() + ")", "r0c0", "", "not legal: the move its board shows, r0c0, is played"},
		{"emptied hole, sown another way", "(((0 9 9 9 9 9) (9 9 9 9 9 9)) (0 0))", "r0c0", "hole (0 1) holds 8, claimed 9", ""},
		{"off the board", "((2 0) NIL)", "((2 0) NIL)", "-", "off the board"},
		{"illegal hole alone", "(1 2)", "r1c2", "-", "r1c2 is not legal"},
		{"NIL", "NIL", "NIL", "-", "no board of 2 rows of 6"},
		{"a board that is no move", "((8 8 8 8 8 8) (8 8 8 8 8 8))", "(board 2×6)", "-", "shows no legal move"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			x, err := sexp.Parse([]byte(tc.answer))
			if err != nil {
				t.Fatal(err)
			}
			moves, claim, notes := p.LispAnswer(x, boardScores)
			if len(moves) != 1 || moves[0] != tc.move {
				t.Errorf("moves %q, want %q (notes %q)", moves, tc.move, notes)
			}
			switch {
			case tc.claim == "-" && claim != nil:
				t.Errorf("claim %v, want none", claim)
			case tc.claim != "-":
				mv, _ := ParseMove(tc.move)
				ref := p
				ref.Play(mv)
				if d := ref.Diff(claim); tc.claim == "" && d != "" || !strings.Contains(d, tc.claim) {
					t.Errorf("claim differs by %q, want %q", d, tc.claim)
				}
			}
			joined := strings.Join(notes, "; ")
			if tc.note == "" && joined != "" || !strings.Contains(joined, tc.note) {
				t.Errorf("notes %q, want %q", joined, tc.note)
			}
		})
	}
}

// TestLispConventions checks the calls a probe tries: each state form from
// both perspectives, the absolute first; and the settings they write.
func TestLispConventions(t *testing.T) {
	calls, reads := Game{}.LispConventions()
	if len(calls) != 4 || len(reads) != 1 || calls[0].Perspective != sexp.PerspectiveAbsolute || calls[1].Perspective != sexp.PerspectiveWhite {
		t.Errorf("calls %+v, reads %+v", calls, reads)
	}
	var got []string
	for _, c := range calls {
		for _, s := range (Game{}).LispSettings(c.WithDefaults()) {
			got = append(got, s.Key+"="+s.Value)
		}
	}
	want := "state=board-scores perspective=absolute state=board-scores perspective=white state=board perspective=absolute state=board perspective=white"
	if strings.Join(got, " ") != want {
		t.Errorf("settings %q, want %q", strings.Join(got, " "), want)
	}
}

// FuzzLispAnswer reads arbitrary answers: reading never panics, and a
// move read is one text.
func FuzzLispAnswer(f *testing.F) {
	for _, s := range []string{"NIL", "((0 0) (((0 8 8 8 9 9) (9 9 9 9 9 9)) (0 0)))", "(1 2)", "r0c3", `("r1c9")`, "((0 -1 2 3 4 5) (1 2 3 4 5 6))"} {
		f.Add([]byte(s))
	}
	p := sample(f, "round.json")
	f.Fuzz(func(t *testing.T, data []byte) {
		x, err := sexp.Parse(data)
		if err != nil {
			return
		}
		for _, conv := range []sexp.Conventions{boardScores, boardWhite} {
			if moves, _, _ := p.LispAnswer(x, conv); len(moves) != 1 {
				t.Errorf("%s: moves %q, want one", x, moves)
			}
		}
	})
}
