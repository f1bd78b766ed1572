package intake

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/arena/botkind"
	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/bots/lisp/probe"
	"github.com/arenabots/arena/course/intake/intaketest"
	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/games/dots"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/referee"
)

// testSpec is botkind.ProbeSpec for the test binary as the probe.
func testSpec(t *testing.T, c lisp.Config, given []string) host.Spec {
	t.Helper()
	abs, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	s := botkind.ProbeSpec(intaketest.Self(t), "probe", c.Resolve(abs), given)
	intaketest.ProbeSpec(&s)
	return s
}

func TestRunFindsTheSamplesConventions(t *testing.T) {
	for _, tc := range []struct {
		name  string
		game  referee.Game
		files []string
		want  lisp.Config // the convention fields that matter
	}{
		{"jogador", cavalo.Game{}, []string{"jogador/jogo.lisp"},
			lisp.Config{State: lisp.StateBoardPlayerScores, Perspective: lisp.PerspectiveAbsolute, IndexBase: 1}},
		{"pontos", cavalo.Game{}, []string{"pontos/jogo.lisp"},
			lisp.Config{State: lisp.StateBoardScores, Perspective: lisp.PerspectiveWhite}},
		{"tabuleiro", cavalo.Game{}, []string{"tabuleiro/jogo.lisp"},
			lisp.Config{State: lisp.StateBoard, Perspective: lisp.PerspectiveWhite}},
		{"dots-jogada", dots.Game{}, []string{"dots/jogada/jogo.lisp"}, lisp.Config{State: lisp.StateBoardScores}},
		{"dots-tabuleiro", dots.Game{}, []string{"dots/tabuleiro/jogo.lisp"}, lisp.Config{State: lisp.StateBoard}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c := lisp.Config{Root: examples}
			for _, f := range tc.files {
				c.Files = append(c.Files, filepath.Join(examples, f))
			}
			start := time.Now()
			f := runProbe(context.Background(), testSpec(t, c, nil), tc.game, 100*time.Millisecond, 0)
			t.Logf("%s in %v, %d calls: %+v", tc.name, time.Since(start), f.Calls, f)
			if !f.Eligible {
				t.Fatalf("not eligible: %s", f.Reason)
			}
			got := f.Config
			if got.State != tc.want.State || tc.want.Perspective != "" && got.Perspective != tc.want.Perspective ||
				got.IndexBase != tc.want.IndexBase {
				t.Errorf("found %s, want %s", probe.Short(tc.game.Name(), got), probe.Short(tc.game.Name(), tc.want))
			}
			if f.Time.Scale != 1 {
				t.Errorf("tempo_scale %d for a bot that ignores its tempo (%s)", f.Time.Scale, f.Time)
			}
			if !strings.Contains(f.Conventions, "state") || len(f.Evidence) < 4 {
				t.Errorf("conventions %q, evidence %+v", f.Conventions, f.Evidence)
			}
		})
	}
}

func TestRunNotEligible(t *testing.T) {
	c := lisp.Config{Files: []string{filepath.Join("testdata", "quarenta.lisp")}}
	f := runProbe(context.Background(), testSpec(t, c, nil), cavalo.Game{}, 100*time.Millisecond, 0)
	if f.Eligible {
		t.Fatalf("eligible: %+v", f)
	}
	for _, want := range []string{"no convention gives legal moves in the league's opening at tempo 50ms, with tempo_scale 1 (ignores the tempo (jogar, in quarenta.lisp, line 4, does not use it)); closest", "opening", "jogar returned 42"} {
		if !strings.Contains(f.Reason, want) {
			t.Errorf("reason %q lacks %q", f.Reason, want)
		}
	}
	// With white to move, the perspectives write the same estado: the
	// league's opening asks each estado once; the time base is read from
	// the sources, and a jogar that ignores its tempo is not asked with
	// another.
	if want := probe.Estados(cavalo.Name); f.Package != "pquarenta" || len(f.Evidence) == 0 || f.Calls != want {
		t.Errorf("package %q, evidence %+v, %d calls: want the package, the closest failure's evidence, %d calls",
			f.Package, f.Evidence, f.Calls, want)
	}
}

// TestRunSandboxSaysWhy checks that a load the sandbox hides names the
// file and says why.
func TestRunSandboxSaysWhy(t *testing.T) {
	dir := filepath.Join("testdata", "fora")
	c := lisp.Config{Root: dir, Files: []string{filepath.Join(dir, "jogo.lisp")}}
	f := runProbe(context.Background(), testSpec(t, c, nil), cavalo.Game{}, 100*time.Millisecond, 0)
	if f.Eligible {
		t.Fatalf("eligible: %+v", f)
	}
	hidden, err := filepath.Abs("testdata/quarenta.lisp")
	if err != nil {
		t.Fatal(err)
	}
	outside, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := "does not start: lisp: " + hidden + ": hidden by the sandbox, outside the bot's files " + outside
	if !strings.Contains(f.Reason, want) {
		t.Errorf("reason %q lacks %q", f.Reason, want)
	}
}

// TestRunWritesBesideItsSources checks that a bot which appends to log.dat
// beside its sources at every call gets to answer, through the
// copy-on-write view of its root, and that log.dat never reaches the
// folder handed in. The bot answers the state it was given, no move: the
// probe's reason must be that, not the write.
func TestRunWritesBesideItsSources(t *testing.T) {
	dir := filepath.Join("testdata", "escreve")
	c := lisp.Config{Root: dir, Files: []string{filepath.Join(dir, "jogo.lisp")}}
	f := runProbe(context.Background(), testSpec(t, c, nil), cavalo.Game{}, 100*time.Millisecond, 0)
	if f.Eligible || !strings.Contains(f.Reason, "illegal") || strings.Contains(f.Reason, "log.dat") {
		t.Errorf("want not eligible for an illegal answer, not for its write; got %+v", f)
	}
	if _, err := os.Stat(filepath.Join(dir, "log.dat")); err == nil {
		os.Remove(filepath.Join(dir, "log.dat"))
		t.Error("the bot wrote log.dat beside its sources, in the folder handed in")
	}
}

// TestRunKeepsOutputApart checks that the probe keeps what a bot printed
// while loading apart from what it wrote in its calls, and the position
// it failed on as the game's position file.
func TestRunKeepsOutputApart(t *testing.T) {
	dir := filepath.Join("testdata", "fala")
	c := lisp.Config{Root: dir, Files: []string{filepath.Join(dir, "jogo.lisp")}}
	f := runProbe(context.Background(), testSpec(t, c, nil), cavalo.Game{}, 100*time.Millisecond, 0)
	if f.Eligible {
		t.Fatalf("eligible: %+v", f)
	}
	if !strings.Contains(f.Load, "a carregar as regras") || strings.Contains(f.Load, "a pensar") {
		t.Errorf("loading output %q, want what it printed while loading alone", f.Load)
	}
	if !strings.Contains(f.Output, "a pensar em") || strings.Contains(f.Output, "a carregar") {
		t.Errorf("output %q, want what it wrote in its calls alone", f.Output)
	}
	var failed []probe.Evidence
	for _, e := range f.Evidence {
		if !strings.HasPrefix(e.Verdict, "legal") {
			failed = append(failed, e)
		}
	}
	if len(failed) == 0 || !strings.Contains(failed[0].Verdict, "tabuleiro estragado") {
		t.Fatalf("evidence %+v, want the failed call with the Lisp error", f.Evidence)
	}
	st, err := cavalo.Game{}.Decode(failed[0].State)
	if err != nil {
		t.Fatalf("the position it failed on (%s): %v", failed[0].State, err)
	}
	if st.ToMove().String() != failed[0].ToMove {
		t.Errorf("the position's side to move is %s, its evidence says %s", st.ToMove(), failed[0].ToMove)
	}
}
