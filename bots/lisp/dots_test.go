package lisp

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/bots"
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
	t.Parallel() // beside TestBuildWithinStartTime, which only waits
	for i, s := range dotsSamples {
		for _, side := range sidesOf(i) {
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
