package games_test

// The game kit: what every game of the table passes, so that a new game is
// done when its folder is (docs/new-game.md). Each game of the table is
// checked, by its name, for:
//
//   - the contract of referee.Game (referee/gametest) on several boards;
//   - perft stability: the counts from its first board, to a depth that
//     stays under a million sequences, equal testdata/perft.golden
//     (go test ./games -run Kit -update rewrites it, for a new game);
//   - the drawing and the explanations the page and the judge use
//     (referee.Drawer, referee.Explainer);
//   - what the built-in bots need (search.Game, search.Position,
//     builtin.CoursePosition), what intake recognises the game by
//     (intake.Course: words no other game claims), and its Lisp form
//     (lisp.Form, probe.Game): an estado for every convention a probe tries,
//     which prints and reads back the same, and an answer of no move read
//     as one text for the referee to reject;
//   - an opening option (referee.Opener) when every round starts from one
//     position, which varies it;
//   - arena bot check of the built-in bots, and a short league of them with
//     no fault: real processes, in their sandbox (not in -short).

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/arena"
	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/bots/builtin"
	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/bots/lisp/probe"
	"github.com/arenabots/arena/bots/search"
	"github.com/arenabots/arena/course/intake"
	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/host/conformance"
	"github.com/arenabots/arena/internal/testbin"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/referee/gametest"
	"github.com/arenabots/arena/referee/sexp"
)

var update = flag.Bool("update", false, "rewrite testdata/perft.golden")

// perftBudget bounds the perft depth the kit counts: the deepest whose
// count stays under it.
const perftBudget = 1_000_000

// perftGolden is where the kit keeps each game's perft counts.
const perftGolden = "testdata/perft.golden"

// builtins are the built-in bots every game offers.
var builtins = []string{"random", "greedy", "classic", "alphabeta"}

func TestKit(t *testing.T) {
	counts := map[string]string{}
	for _, name := range games.Names() {
		g, err := games.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(name, func(t *testing.T) {
			t.Run("contract", func(t *testing.T) {
				if err := gametest.TestGame(g, []uint64{1, 2, 7, 2026}); err != nil {
					t.Fatal(err)
				}
			})
			counts[name] = perftLine(t, g)
			t.Run("drawing", func(t *testing.T) { checkDrawing(t, g) })
			t.Run("bots", func(t *testing.T) { checkBots(t, g) })
			t.Run("course", func(t *testing.T) { checkCourse(t, g) })
			t.Run("opening", func(t *testing.T) { checkOpening(t, g) })
			t.Run("lisp", func(t *testing.T) { checkLisp(t, g) })
			t.Run("check", func(t *testing.T) { checkBuiltins(t, g) })
			t.Run("league", func(t *testing.T) { shortLeague(t, name) })
		})
	}
	checkPerftGolden(t, counts)
}

// checkOpening checks that a game whose rounds all start from one position
// names the game option that varies it (referee.Opener), and that the
// option, set as it says, does.
func checkOpening(t *testing.T, g referee.Game) {
	if !sameStart(t, g) {
		return
	}
	o, ok := g.(referee.Opener)
	if !ok {
		t.Fatal("every round starts from one position, and the game names no opening option (referee.Opener)")
	}
	key, value, _ := strings.Cut(o.OpeningOption(), ": ")
	n, err := strconv.Atoi(value)
	if err != nil {
		t.Fatalf("OpeningOption %q: want KEY: NUMBER", o.OpeningOption())
	}
	opened, err := games.Configure(g.Name(), map[string]int{key: n})
	if err != nil {
		t.Fatalf("OpeningOption %q: %v", o.OpeningOption(), err)
	}
	if sameStart(t, opened) {
		t.Errorf("OpeningOption %q: every round still starts from one position", o.OpeningOption())
	}
}

// sameStart reports whether g's boards of seeds 1 and 2 are the same.
func sameStart(t *testing.T, g referee.Game) bool {
	t.Helper()
	a, errA := g.New(1).Encode()
	b, errB := g.New(2).Encode()
	if errA != nil || errB != nil {
		t.Fatal(errA, errB)
	}
	return string(a) == string(b)
}

// perftLine returns the game's perft counts from its first board, depth by
// depth while under perftBudget, as one line "depth:count ...".
func perftLine(t *testing.T, g referee.Game) string {
	t.Helper()
	var parts []string
	for depth := 1; depth <= 12; depth++ {
		n, err := referee.PerftState(context.Background(), g.New(1), depth)
		if err != nil {
			t.Fatalf("perft: %v", err)
		}
		if n > perftBudget {
			break
		}
		parts = append(parts, fmt.Sprintf("%d:%d", depth, n))
		if n == 0 {
			break
		}
	}
	return strings.Join(parts, " ")
}

// checkPerftGolden compares the counts with testdata/perft.golden, or
// rewrites it under -update.
func checkPerftGolden(t *testing.T, counts map[string]string) {
	t.Helper()
	var b strings.Builder
	for _, name := range slices.Sorted(maps.Keys(counts)) {
		fmt.Fprintf(&b, "%s %s\n", name, counts[name])
	}
	if *update {
		if err := os.WriteFile(perftGolden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(perftGolden)
	if err != nil {
		t.Fatalf("%v: run go test ./games -run Kit -update for a new game", err)
	}
	defer f.Close()
	want := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if name, line, ok := strings.Cut(sc.Text(), " "); ok {
			want[name] = line
		}
	}
	for name, got := range counts {
		switch w, ok := want[name]; {
		case !ok:
			t.Errorf("perft of %s is not in %s: run go test ./games -run Kit -update", name, perftGolden)
		case w != got:
			t.Errorf("perft of %s from board 1: got %s, want %s (%s): the rules changed", name, got, w, perftGolden)
		}
	}
}

// samples returns the positions bot check sends for board 1.
func samples(t *testing.T, g referee.Game) []referee.Sample {
	t.Helper()
	ss, err := g.Samples(1)
	if err != nil || len(ss) == 0 {
		t.Fatalf("Samples(1) = %d positions, %v", len(ss), err)
	}
	return ss
}

// checkDrawing checks that every sample draws itself and explains an
// illegal move.
func checkDrawing(t *testing.T, g referee.Game) {
	for _, s := range samples(t, g) {
		d, ok := s.State.(referee.Drawer)
		if !ok {
			t.Fatalf("%s: the state draws no board (referee.Drawer): the page cannot show it", s.Name)
		}
		if svg := d.SVG(); !strings.HasPrefix(svg, "<svg") || !strings.Contains(svg, "data-target") {
			t.Errorf("%s: SVG is not one <svg> with places to click: %.80q", s.Name, svg)
		}
		if _, ok := s.State.(referee.Explainer); !ok {
			t.Errorf("%s: the state says no rule an illegal move breaks (referee.Explainer)", s.Name)
		}
	}
}

// checkBots checks what the built-in bots need of the game.
func checkBots(t *testing.T, g referee.Game) {
	sg, ok := g.(search.Game)
	if !ok {
		t.Fatal("the game has no evaluation for the search (search.Game): alphabeta cannot play it")
	}
	if _, ok := sg.SearchEvaluator().(search.Evaluator); !ok {
		t.Fatal("SearchEvaluator returns no search.Evaluator")
	}
	for _, s := range samples(t, g) {
		if _, ok := s.State.(search.Position); !ok {
			t.Fatalf("%s: the state cannot be searched (search.Position)", s.Name)
		}
		if _, ok := s.State.(builtin.CoursePosition); !ok {
			t.Fatalf("%s: the state has no course evaluation (builtin.CoursePosition): classic cannot play it", s.Name)
		}
	}
}

// checkCourse checks what intake recognises the game by: its title and
// words, which no other game claims.
func checkCourse(t *testing.T, g referee.Game) {
	c, ok := g.(intake.Course)
	if !ok {
		t.Fatal("intake cannot recognise the game (intake.Course)")
	}
	if c.CourseTitle() == "" || len(c.CourseWords()) == 0 {
		t.Fatalf("title %q, words %q: want both", c.CourseTitle(), c.CourseWords())
	}
	for _, other := range games.Names() {
		o, err := games.Lookup(other)
		if err != nil || other == g.Name() {
			continue
		}
		oc, ok := o.(intake.Course)
		if !ok {
			continue
		}
		for _, w := range c.CourseWords() {
			if w != strings.ToUpper(w) {
				t.Errorf("word %q: want upper case", w)
			}
			for _, ow := range oc.CourseWords() {
				if strings.Contains(w, ow) || strings.Contains(ow, w) {
					t.Errorf("word %q is also %s's %q: intake could take one game for the other", w, other, ow)
				}
			}
		}
	}
}

// checkLisp checks the game's Lisp form: an estado for every convention a
// probe tries, which prints and reads back the same, and an answer that
// holds no move, read as one text the referee rejects, claiming nothing.
func checkLisp(t *testing.T, g referee.Game) {
	pg, ok := g.(probe.Game)
	if !ok {
		t.Fatal("a probe knows no convention of the game (probe.Game): intake cannot find a project's")
	}
	calls, reads := pg.LispConventions()
	if len(calls) == 0 || len(reads) == 0 {
		t.Fatalf("LispConventions: %d calls, %d reads: want some of each", len(calls), len(reads))
	}
	for _, s := range samples(t, g) {
		f, ok := s.State.(lisp.Form)
		if !ok {
			t.Fatalf("%s: the state has no Lisp form (lisp.Form)", s.Name)
		}
		before := s.State.Clone()
		for _, c := range calls {
			x := f.LispEstado(c)
			text := sexp.Append(nil, x)
			back, err := sexp.Parse(text)
			if err != nil || string(sexp.Append(nil, back)) != string(text) {
				t.Errorf("%s, %+v: estado %s reads back as %v (%v)", s.Name, c, text, back, err)
			}
			if len(pg.LispSettings(c)) == 0 {
				t.Errorf("%+v: LispSettings writes nothing for a league entry", c)
			}
		}
		for _, c := range reads {
			moves, claim, _ := f.LispAnswer(sexp.Nil(), c)
			if len(moves) != 1 || claim != nil {
				t.Errorf("%s: NIL read as moves %q, claim %v: want one text to reject and no claim", s.Name, moves, claim)
				continue
			}
			if m, err := s.State.ParseMove(moves[0]); err == nil && referee.Legal(s.State, m) {
				t.Errorf("%s: NIL read as the legal move %s", s.Name, moves[0])
			}
		}
		if s.State.String() != before.String() {
			t.Errorf("%s: the Lisp form changed the state", s.Name)
		}
	}
}

// arenaBin builds arena for the checks that start real bots.
func arenaBin(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("starts sandboxed bots: not in -short")
	}
	bin, err := testbin.Arena()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// checkBuiltins runs arena bot check on each built-in bot in the game.
func checkBuiltins(t *testing.T, g referee.Game) {
	bin := arenaBin(t)
	for _, bot := range builtins {
		spec := host.SelfSpec(bin, "bot", "serve", "builtin:"+bot)
		spec.Name = bot
		for _, r := range conformance.Run(context.Background(), spec, conformance.Options{Game: g, Clock: referee.Clock{Tempo: 200 * time.Millisecond, Margin: 2 * time.Second}}) {
			if !r.OK {
				t.Errorf("%s: check %q failed: %s", bot, r.Name, r.Detail)
			}
		}
	}
}

// shortLeague plays one round of the built-in bots in the game and fails
// on any fault.
func shortLeague(t *testing.T, name string) {
	bin := arenaBin(t)
	dir := t.TempDir()
	var b strings.Builder
	fmt.Fprintf(&b, "name: kit\ngame: %s\nrounds: 1\ntempo_ms: 10\ntime_margin_ms: 2000\nout: out\nbots:\n", name)
	for _, bot := range builtins {
		fmt.Fprintf(&b, "  - {name: %s, builtin: %s}\n", bot, bot)
	}
	file := filepath.Join(dir, "kit.yaml")
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, _, err := league.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	sum, err := (&arena.Runner{Config: cfg, Self: bin}).Run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	r, err := arena.OpenResults(sum.Out)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Games) != sum.Total || sum.Total == 0 {
		t.Fatalf("%d games recorded of %d", len(r.Games), sum.Total)
	}
	for _, g := range r.Games {
		if g.Reason != referee.Normal {
			t.Errorf("game %s ended %s: %s", g.ID, g.Reason, g.Detail)
		}
	}
}
