package intake

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arenabots/arena/course/intake/intaketest"
	"github.com/arenabots/arena/games"
)

// TestDetectGameWeighsTheClass checks that the class's game is the one
// whose statement's words the whole class uses: a helper whose name holds
// another game's word (e-captura-p in a Solitário 2 project) does not
// decide, comments and strings count when they name the game by its title, and every
// submission read is counted.
func TestDetectGameWeighsTheClass(t *testing.T) {
	tests := []struct {
		name  string
		class []string // each submission's one Lisp file
		want  string
		votes int
	}{
		{"a helper named with another game's word", []string{
			";;;; Projeto 2 - Solitário 2\n(defun e-captura-p (op) (member op '(cc cb ce cd)))\n(defun jogar (estado tempo) (e-captura-p (first estado)))",
			";;;; Solitário 2: o jogador\n(defun jogar (estado tempo) (list estado tempo))",
			"(defun operador-salto (tab) tab)\n(defun jogar (estado tempo) (operador-salto estado))",
		}, "solitario", 3},
		{"everyday words in comments do not count", []string{
			";; as quatro casas para cima e para baixo\n(defun mover-cavalo (tab) tab)",
			"(defun jogar (estado tempo) (cavalo-duplo estado))",
		}, "cavalo", 2},
		{"no game's words", []string{"(defun jogar (estado tempo) estado)", "(defun jogar (e tempo) e)"}, "", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var subs []Submission
			for i, text := range tc.class {
				root := filepath.Join(t.TempDir(), "g"+string(rune('a'+i)))
				if err := os.MkdirAll(root, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(root, "jogo.lisp"), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
				subs = append(subs, Submission{Group: filepath.Base(root), Root: root})
			}
			subs = append(subs, Submission{Group: "unread", Problem: "a rar archive"})
			d := DetectGame(subs)
			if d.GameName != tc.want || d.Votes != tc.votes || d.Of != len(tc.class) {
				t.Errorf("DetectGame = %s (%+v), want %s by %d of %d", d, d, tc.want, tc.votes, len(tc.class))
			}
		})
	}
}

// TestDetectGameOwnRules takes in, alone, the sample of a Solitário 2
// group that wrote its own rules with a helper e-captura-p: its game is
// Solitário 2, not Adji-boto.
func TestDetectGameOwnRules(t *testing.T) {
	dir := t.TempDir()
	for _, s := range intaketest.Samples {
		if s.Shape == "own-rules" {
			if err := intaketest.Assemble(examples, dir, s, true); err != nil {
				t.Fatal(err)
			}
		}
	}
	subs, err := List(t.Context(), []string{dir}, filepath.Join(dir, "work"))
	if err != nil || len(subs) == 0 {
		t.Fatalf("List: %v, %d submissions", err, len(subs))
	}
	d := DetectGame(subs)
	if d.GameName != "solitario" || d.Of != len(subs) || !strings.Contains(d.String(), "adji (CAPTURA)") {
		t.Errorf("DetectGame = %s, want solitario, every submission counted, adji's word said", d)
	}
}

// TestRunProgress checks that Run tells its Progress what it does, one
// call at a time, until every submission is taken in.
func TestRunProgress(t *testing.T) {
	subs := []Submission{{Group: "a", Problem: "a rar archive"}, {Group: "b", Problem: "empty"}, {Group: "c", Problem: "empty"}}
	var steps []Step
	game, err := games.Lookup("dots")
	if err != nil {
		t.Fatal(err)
	}
	Run(t.Context(), subs, Options{Game: game, Concurrency: 2, Progress: func(s Step) { steps = append(steps, s) }})
	if len(steps) != len(subs) || steps[len(steps)-1].Done != len(subs) || steps[0].Total != len(subs) {
		t.Errorf("steps %+v, want one per submission, the last with every one done", steps)
	}
}
