package intake

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/bots"
	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/course/intake/intaketest"
	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/referee"
)

// TestAdjiClass takes in a class of Adji-boto's samples (every other one
// zipped): intake finds the game from the sources, the two working bots
// (the board alone, the board and points) are eligible, as player 1 on a
// board turned half a turn, the 2024/25 group's jogar of three arguments
// and the jogar that returns NIL are refused with a reason that says
// what is wrong, and the league written starts from seeded openings.
// Then the eligible bots play a short league (each colour once), whole
// games with the conventions found.
func TestAdjiClass(t *testing.T) {
	dir := t.TempDir()
	class := filepath.Join(dir, "entregas")
	var samples []intaketest.Sample
	for _, s := range intaketest.Samples {
		if s.GameName == "adji" {
			if err := intaketest.Assemble(examples, class, s, len(samples)%2 == 1); err != nil {
				t.Fatal(err)
			}
			samples = append(samples, s)
		}
	}
	if len(samples) < 4 {
		t.Fatalf("%d Adji-boto samples, want 4", len(samples))
	}
	subs, err := List(context.Background(), []string{class}, filepath.Join(dir, "work"))
	if err != nil || len(subs) != len(samples) {
		t.Fatalf("List: %v, %d submissions", err, len(subs))
	}
	if d := DetectGame(subs); d.GameName != "adji" {
		t.Fatalf("detected %s, want adji", d)
	} else {
		t.Log(d)
	}
	opt := testOptions(t, "adji", 200*time.Millisecond)
	results := Run(context.Background(), subs, opt)
	byName := map[string]Result{}
	for _, r := range results {
		byName[r.Name] = r
		t.Logf("%s: eligible %v, %s; %s", r.Name, r.Eligible, r.Findings.Conventions, r.Reason)
	}
	var eligible []Result
	for _, s := range samples {
		r, ok := byName[ParseGroup(s.Group).ID]
		switch {
		case !ok:
			t.Errorf("%s: no result", s.Group)
		case r.Eligible != s.Eligible:
			t.Errorf("%s: eligible %v (%s), want %v", s.Group, r.Eligible, r.Reason, s.Eligible)
		case !s.Eligible && !strings.Contains(r.Reason, s.Reason):
			t.Errorf("%s: reason %q, want it to say %q", s.Group, r.Reason, s.Reason)
		case s.Eligible:
			if r.Config.Perspective != lisp.PerspectiveWhite {
				t.Errorf("%s: perspective %q, want white (the bot is always player 1)", s.Group, r.Config.Perspective)
			}
			eligible = append(eligible, r)
		}
	}

	rules, err := games.Lookup("adji")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	l := League{Name: "intake", Title: Title("adji"), GameName: "adji", GameOptions: GameOptions(rules, nil), Tempo: opt.Tempo, Rounds: 1, Dir: dir, Sources: []string{class}}
	if err := WriteLeague(&b, l, results); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Adji-boto", "opening_plies: 4", "state: board\n", "not eligible: caio_2203005_luis_2203006_A3"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the league written does not say %q:\n%s", want, b.String())
		}
	}
	if len(eligible) != 2 || testing.Short() {
		return
	}
	game, err := games.Configure("adji", GameOptions(rules, nil))
	if err != nil {
		t.Fatal(err)
	}
	for colour := range 2 {
		var players [2]referee.Player
		for i, r := range eligible {
			a, err := lisp.New(r.Config, lisp.Options{})
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), lisp.RecommendedStartTimeout)
			err = a.Start(ctx)
			cancel()
			if err != nil {
				t.Fatalf("%s: %v", r.Name, err)
			}
			defer a.Close()
			players[(i+colour)%2] = bots.Local(a)
		}
		rec := referee.Match(context.Background(), game.New(referee.RoundSeed(1, 1)), players, referee.MatchOptions{
			Clock: referee.Clock{Tempo: time.Second, Margin: 2 * time.Second},
		})
		t.Logf("game %d: %d-%d, %s (%s)", colour+1, rec.Scores[0], rec.Scores[1], rec.Reason, rec.Detail)
		if rec.Reason != referee.Normal {
			t.Errorf("game %d ended by %s (%s), want a whole game", colour+1, rec.Reason, rec.Detail)
		}
	}
}
