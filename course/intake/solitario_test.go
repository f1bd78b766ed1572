package intake

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/course/intake/intaketest"
	"github.com/arenabots/arena/games/solitario"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/sexp"
)

// TestSolitarioClass takes in a class of Solitário 2 (2025/26) as it is
// handed in: zips named P2_nome1_numero1_nome2_numero2, packages
// p<numero1>-<numero2>. Intake finds the game, tells the groups apart by
// their students' numbers (not by P2, the project's number), finds each
// working group's conventions ((board player); the board alone with the
// bot as player 1), refuses the jogar of three arguments and the stub that
// answers NIL with a reason naming what is wrong, writes a league with
// seeded openings (the same league when taken in again, the durations in
// its comments aside), and the working groups play a short league of whole
// games.
func TestSolitarioClass(t *testing.T) {
	if testing.Short() {
		t.Skip("starts SBCL for every submission")
	}
	if _, err := exec.LookPath("sbcl"); err != nil {
		t.Fatalf("no sbcl (%v): apt-get install sbcl", err)
	}
	dir := t.TempDir()
	class := filepath.Join(dir, "entregas")
	if err := os.Mkdir(class, 0o755); err != nil {
		t.Fatal(err)
	}
	var samples []intaketest.Sample
	for _, s := range intaketest.Samples {
		if s.GameName == solitario.Name {
			if err := intaketest.Assemble(examples, class, s, len(samples)%2 == 0); err != nil {
				t.Fatal(err)
			}
			samples = append(samples, s)
		}
	}
	subs, err := List(context.Background(), []string{class}, filepath.Join(dir, "work"))
	if err != nil || len(subs) != len(samples) {
		t.Fatalf("List: %v, %d entries, want %d", err, len(subs), len(samples))
	}
	if d := DetectGame(subs); d.GameName != solitario.Name {
		t.Fatalf("DetectGame = %s, want solitario", d)
	}
	opt := testOptions(t, solitario.Name, 200*time.Millisecond)
	results := Run(context.Background(), subs, opt)

	want := map[string]sexp.Conventions{
		"P2_ana_2203001_rui_2203002": {State: sexp.StateBoardPlayer, Perspective: sexp.PerspectiveAbsolute, IndexBase: 1},
		"P2_bia_2203003_eva_2203004": {State: sexp.StateBoard, Perspective: sexp.PerspectiveWhite, IndexBase: 1},
		"P2_eva_2203009_ivo_2203010": {State: sexp.StateBoardPlayer, Perspective: sexp.PerspectiveAbsolute, IndexBase: 1},
	}
	names := map[string]bool{}
	var players []Result
	for i, r := range results {
		s := samples[i]
		t.Logf("%s: %s (%s), %s; %s; %s", s.Group, r.Name, r.Display, r.Findings.Conventions, r.Findings.Time, r.Reason)
		if g := ParseGroup(s.Group); r.Name != g.ID || r.Config.Package != s.Package || r.Name != s.Package {
			t.Errorf("%s: name %q, package %q; want %q, %q (the package, told apart by the students' numbers)", s.Group, r.Name, r.Config.Package, g.ID, s.Package)
		}
		names[r.Name] = true
		if r.Eligible != s.Eligible {
			t.Errorf("%s: eligible %v (%s), want %v", s.Group, r.Eligible, r.Reason, s.Eligible)
			continue
		}
		if !s.Eligible {
			if !strings.Contains(r.Reason, s.Reason) {
				t.Errorf("%s: reason %q, want it to say %q", s.Group, r.Reason, s.Reason)
			}
			continue
		}
		c := r.Config.Conventions()
		if w := want[s.Group]; c.State != w.State || c.Perspective != w.Perspective || c.IndexBase != w.IndexBase {
			t.Errorf("%s: conventions %s, want state %s, perspective %s, index_base %d", s.Group, r.Findings.Conventions, w.State, w.Perspective, w.IndexBase)
		}
		players = append(players, r)
	}
	if len(names) != len(samples) {
		t.Errorf("names %v: want one per group", names)
	}

	var league strings.Builder
	l := League{Name: "solitario", GameName: solitario.Name, GameOptions: GameOptions(opt.Game, nil), Tempo: opt.Tempo, Rounds: 1, Dir: dir, Report: filepath.Join(dir, "intake.md"), Sources: []string{class}}
	if err := WriteLeague(&league, l, results); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(league.String(), "opening_plies: 4") || !strings.Contains(league.String(), "state: board-player") {
		t.Errorf("the league has no seeded openings or no conventions:\n%s", league.String())
	}
	var again strings.Builder
	if err := WriteLeague(&again, l, Run(context.Background(), subs, opt)); err != nil {
		t.Fatal(err)
	}
	if a, b := measured.ReplaceAllString(league.String(), "T"), measured.ReplaceAllString(again.String(), "T"); a != b {
		t.Errorf("a second intake wrote another league:\n%s\nthe first:\n%s", b, a)
	}
	if len(players) != 3 {
		t.Fatalf("%d groups play, want 3", len(players))
	}
	playSolitario(t, players)
}

// playSolitario plays the groups of players against each other on two
// seeded openings, each with both colours: every game must end normally
// (no illegal move, no crash, no timeout).
func playSolitario(t *testing.T, players []Result) {
	t.Helper()
	game := solitario.Game{OpeningPlies: 4}
	for round := 1; round <= 2; round++ {
		seed := referee.RoundSeed(1, round)
		for colour := range 2 {
			var ps [2]referee.Player
			var names [2]string
			for k := range 2 {
				r := players[(k+colour)%2]
				cfg := r.Config
				cfg.GameName = solitario.Name
				a, err := lisp.New(cfg, lisp.Options{})
				if err != nil {
					t.Fatal(err)
				}
				ctx, cancel := context.WithTimeout(context.Background(), lisp.RecommendedStartTimeout)
				err = a.Start(ctx)
				cancel()
				if err != nil {
					t.Fatalf("%s: Start: %v", r.Name, err)
				}
				t.Cleanup(func() { a.Close() })
				ps[k], names[k] = bots.Local(a), r.Name
			}
			rec := referee.Match(context.Background(), game.New(seed), ps, referee.MatchOptions{
				Clock: referee.Clock{Tempo: 300 * time.Millisecond, Margin: 2 * time.Second},
			})
			t.Logf("%s - %s, seed %#x: %d-%d in %d moves, %s %s", names[0], names[1], seed, rec.Scores[0], rec.Scores[1], len(rec.Moves), rec.Reason, rec.Detail)
			if rec.Reason != referee.Normal {
				t.Errorf("%s - %s, seed %#x: %s (%s), want a whole game", names[0], names[1], seed, rec.Reason, rec.Detail)
			}
			for _, m := range rec.Moves {
				if m.Discrepancy != "" {
					t.Errorf("%s - %s, seed %#x, ply %d (%s %s): claimed state differs: %s", names[0], names[1], seed, m.Ply, m.Side, m.Move, m.Discrepancy)
				}
			}
		}
	}
}
