package ladder

import (
	"strings"
	"testing"

	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/bots/lisp/probe"
	"github.com/arenabots/arena/course/intake"
)

// TestRefusal checks what a refused version keeps of intake's result: the
// reason, the position it failed on itself and what jogar answered there,
// what the bot wrote apart from its loading output; and whether it failed
// on a move, for which side (its failing game is then played).
func TestRefusal(t *testing.T) {
	board := `{"board":"the position file"}`
	crash := probe.Evidence{Position: "game from the board of round 1, ply 1", ToMove: "black", State: []byte(board),
		Answer: "", Verdict: "crash: the bot signalled an error: tabuleiro estragado"}
	legal := probe.Evidence{Position: "game from the board of round 1, ply 0", ToMove: "white", Answer: "((1 3) ...)", Move: "A3", Verdict: "legal"}
	for _, tc := range []struct {
		name                  string
		res                   intake.Result
		reason, position      string
		board, answer, stderr string
		load                  string
		side                  string // "" when it failed on no move
	}{
		{name: "crash on a move",
			res: intake.Result{Reason: "no convention gives legal moves …", Findings: probe.Findings{
				Config: lisp.Config{State: lisp.StateBoard}, Evidence: []probe.Evidence{legal, crash},
				Load: "a carregar as regras", Output: "a pensar em 10 linhas"}},
			reason: "no convention gives legal moves …", position: crash.Position, board: board,
			answer: "crash: the bot signalled an error: tabuleiro estragado", stderr: "a pensar em 10 linhas",
			load: "a carregar as regras", side: "black"},
		{name: "does not start",
			res: intake.Result{Reason: "does not start: lisp: loading jogo.lisp, line 3: end of file",
				Tried: []intake.Attempt{{Files: []string{"jogo.lisp"}, Outcome: "does not start"}}},
			reason: "does not start: lisp: loading jogo.lisp, line 3: end of file", load: "loading jogo.lisp: does not start"},
		{name: "refused on reading", res: intake.Result{Reason: "jogar (in jogo.lisp, line 9) takes 3 required arguments"},
			reason: "jogar (in jogo.lisp, line 9) takes 3 required arguments"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := refusal(Version{Group: "P1"}, tc.res)
			if v.Status != Refused || v.Reason != tc.reason || v.Position != tc.position || string(v.Board) != tc.board ||
				v.Answer != tc.answer || v.Stderr != tc.stderr || v.Load != tc.load {
				t.Errorf("got %+v\nwant reason %q, position %q, board %q, answer %q, stderr %q, load %q",
					v, tc.reason, tc.position, tc.board, tc.answer, tc.stderr, tc.load)
			}
			side, ok := failedMove(&tc.res)
			if side != tc.side || ok != (tc.side != "") {
				t.Errorf("failedMove: %q, %v; want %q", side, ok, tc.side)
			}
		})
	}
	if _, ok := failedMove(nil); ok {
		t.Error("failedMove(nil): ok, want a version refused before intake to have no failing game")
	}
}

// TestIntakeWarningsDrawTheirPosition checks that intake's "yes, but"
// warnings carry the position they failed on and what jogar answered.
func TestIntakeWarningsDrawTheirPosition(t *testing.T) {
	res := intake.Result{Eligible: true, Warnings: []string{"fails on a later position", "will lose on time"},
		Findings: probe.Findings{Failures: []string{"midgame 3 (white to move): illegal"}, Evidence: []probe.Evidence{
			{Position: "midgame 2", Verdict: "legal"},
			{Position: "midgame 3", State: []byte(`{"p":3}`), Answer: "NIL", Verdict: "illegal: no move"}}}}
	ws := intakeWarnings(res)
	if len(ws) != 2 || ws[0].Position != `{"p":3}` || !strings.Contains(ws[0].Output, "NIL") || ws[1].Position != "" {
		t.Errorf("warnings %+v, want the first with its position and answer, the second (time) without", ws)
	}
}
