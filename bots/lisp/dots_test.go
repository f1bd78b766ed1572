package lisp

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/referee/sexp"
	"github.com/arenabots/arena/games/dots"
	"github.com/arenabots/arena/referee"
)

// dotsRules is the rules file the sample dots bots load themselves.
var dotsRules = []string{filepath.Join("..", "examples", "lisp", "dots", "regras.lisp")}

// dotsSamples are the sample dots bots of bots/examples/lisp/dots, one per
// answer shape.
var dotsSamples = []struct {
	name string
	cfg  Config
}{
	{"estado", Config{Files: []string{dotsExample("estado")}, Reads: dotsRules, Package: "pestado"}},
	{"jogada", Config{Files: []string{dotsExample("jogada")}, Reads: dotsRules}},
	{"tabuleiro", Config{Files: []string{dotsExample("tabuleiro")}, Reads: dotsRules, State: StateBoard}},
}

// dotsExample returns the path of a sample dots bot's file.
func dotsExample(name string) string {
	return filepath.Join("..", "examples", "lisp", "dots", name, "jogo.lisp")
}

// decodeDots reads a position in the rules' JSON format.
func decodeDots(t *testing.T, js string) *dots.Position {
	t.Helper()
	p, err := dots.Decode([]byte(js))
	if err != nil {
		t.Fatal(err)
	}
	return &p
}

func TestDotsSampleGames(t *testing.T) {
	for _, s := range dotsSamples {
		for _, side := range []referee.Side{referee.White, referee.Black} {
			t.Run(fmt.Sprintf("%s/%s", s.name, side), func(t *testing.T) {
				a, log := startAdapter(t, s.cfg)
				players := [2]referee.Player{greedy{}, greedy{}}
				players[side.Index()] = bots.Local(a)
				st := dots.Game{}.New(3)
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
				defer cancel()
				rec := referee.Match(ctx, st, players, referee.MatchOptions{Clock: testClock})
				if rec.Reason != referee.Normal {
					t.Fatalf("game ended with %s: %s\nlog:\n%s", rec.Reason, rec.Detail, log)
				}
				bot := 0
				for _, m := range rec.Moves {
					if m.Side == side {
						bot++
					}
					if m.Discrepancy != "" {
						t.Errorf("ply %d (%s %s): claimed state differs: %s", m.Ply, m.Side, m.Move, m.Discrepancy)
					}
				}
				if bot < 10 {
					t.Errorf("the bot drew %d arcs; want a real game", bot)
				}
				t.Logf("%s as %s: %d-%d in %d plies (%d by the bot)", s.name, side, rec.Scores[0], rec.Scores[1], len(rec.Moves), bot)
			})
		}
	}
}

// chain is a 2×2 board where the side to move takes two boxes with
// B1-B2 then C1-C2, and then draws one more arc. to_move is filled in.
const chain = `{"game": "dots", "rows": 2, "cols": 2,
 "horizontal": [[1, 2], [2, 1], [0, 0]], "vertical": [[1, 0], [0, 0], [0, 0]],
 "scores": [0, 0], "to_move": %d}`

// TestDotsWholeTurn plays a turn answered at once: the arcs after the
// first are answered from the cache, without calling jogar (the context is
// already cancelled, so a call would time out).
func TestDotsWholeTurn(t *testing.T) {
	a, _ := startAdapter(t, dotsSamples[0].cfg)
	for _, side := range []referee.Side{referee.White, referee.Black} {
		t.Run(side.String(), func(t *testing.T) {
			p := decodeDots(t, fmt.Sprintf(chain, side))
			ans, err := a.Jogar(context.Background(), p, time.Second)
			if err != nil || ans.Move != "B1-B2" {
				t.Fatalf("Jogar = %q, %v; want B1-B2", ans.Move, err)
			}
			if ans.State != nil {
				t.Errorf("the first arc of three came with a claimed state")
			}
			done, cancel := context.WithCancel(context.Background())
			cancel()
			for _, want := range []string{"B1-B2", "C1-C2"} {
				m, err := p.ParseMove(want)
				if err != nil {
					t.Fatal(err)
				}
				p.Play(m)
				ans, err = a.Jogar(done, p, time.Second)
				if err != nil || ans.Move == "" || !strings.Contains("A2-A3 A3-B3 B3-C3 C1-C2 B2-B3 C2-C3", ans.Move) {
					t.Fatalf("Jogar after %s = %q, %v; want the next arc of the turn, from the cache", want, ans.Move, err)
				}
				if want == "B1-B2" && ans.Move != "C1-C2" {
					t.Fatalf("Jogar after B1-B2 = %q; want C1-C2", ans.Move)
				}
			}
			last, err := p.ParseMove(ans.Move)
			if err != nil {
				t.Fatal(err)
			}
			p.Play(last)
			if ans.State == nil {
				t.Fatal("the turn's last arc came without the claimed state")
			}
			if d := p.Diff(ans.State); d != "" {
				t.Errorf("the claimed state differs from the position after the turn: %s", d)
			}
			if p.ToMove() != side.Other() || p.Scores()[side.Index()] != 2 {
				t.Errorf("after the cached turn: %v to move, scores %v", p.ToMove(), p.Scores())
			}
		})
	}
}

// TestDotsAnswers sends answers of every kind through the adapter: those
// that are one legal turn become its first arc, anything else goes to the
// referee as its shape, which it judges illegal. The bot gets tempo times
// tempo_scale: an unscaled tempo would get 42.
func TestDotsAnswers(t *testing.T) {
	a, _ := startAdapter(t, Config{Files: []string{"testdata/dotsmodes.lisp"}, Package: "pdotsmodes", TempoScale: 1000})
	tests := []struct {
		ms      int
		side    referee.Side
		legal   string // the move, or "" for an answer the referee rejects
		verdict string // what the referee's detail says
	}{
		{1, referee.White, "", "bad move"},
		{2, referee.White, "", "bad move"},
		{3, referee.White, "", "bad move"},
		{4, referee.White, "", "bad move"},
		{5, referee.White, "B1-B2", ""},
		{5, referee.Black, "B1-B2", ""},
		{6, referee.White, "B1-B2", ""}, // a relative name, from the first file's directory
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%d/%s", tc.ms, tc.side), func(t *testing.T) {
			p := decodeDots(t, fmt.Sprintf(chain, tc.side))
			ans, err := a.Jogar(context.Background(), p, time.Duration(tc.ms)*time.Millisecond)
			if err != nil {
				t.Fatalf("Jogar: %v; want an answer for the referee to judge", err)
			}
			if tc.legal != "" {
				if ans.Move != tc.legal {
					t.Errorf("Jogar = %q, want %s", ans.Move, tc.legal)
				}
				return
			}
			j := referee.Judge(p, referee.Clock{}, referee.Call{Reply: referee.Reply{Move: ans.Move}})
			if j.Verdict == nil || j.Verdict.Reason != referee.Illegal || !strings.Contains(j.Verdict.Detail, tc.verdict) {
				t.Errorf("the referee's judgement of %q: %+v, want illegal", ans.Move, j.Verdict)
			}
		})
	}
}

// TestDotsTurn reads boards by difference, without SBCL.
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
		form StateForm
		want string
	}{
		{referee.White, StateBoardPlayerScores, "((((1 1) (2 0) (0 0)) ((1 2) (1 0) (0 0))) (1 0))"},
		{referee.White, StateBoardScores, "((((1 1) (2 0) (0 0)) ((1 2) (1 0) (0 0))) (1 0))"},
		{referee.Black, StateBoardPlayerScores, "((((2 2) (1 0) (0 0)) ((2 1) (2 0) (0 0))) (0 1))"},
		{referee.White, StateBoard, "(((1 1) (2 0) (0 0)) ((1 2) (1 0) (0 0)))"},
		{referee.Black, StateBoard, "(((2 2) (1 0) (0 0)) ((2 1) (2 0) (0 0)))"},
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
