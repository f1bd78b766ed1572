package intake

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/course/intake/intaketest"
)

// TestQuatroClass takes in a class of Jogo do Quatro samples (games/quatro),
// every other one zipped: intake finds the game from the sources, the two
// working submissions (one per answer shape) are eligible and written as
// league entries of quatro with its opening_plies, and the two others are
// refused with a reason naming what is wrong (jogar takes no parameters;
// jogar returns its description).
func TestQuatroClass(t *testing.T) {
	if testing.Short() {
		t.Skip("starts SBCL for every submission")
	}
	dir := t.TempDir()
	class := filepath.Join(dir, "entregas")
	var samples []intaketest.Sample
	for _, s := range intaketest.Samples {
		if s.GameName == "quatro" {
			if err := intaketest.Assemble(examples, class, s, len(samples)%2 == 1); err != nil {
				t.Fatal(err)
			}
			samples = append(samples, s)
		}
	}
	if len(samples) < 4 {
		t.Fatalf("%d quatro samples, want 4", len(samples))
	}
	subs, err := List(context.Background(), []string{class}, filepath.Join(dir, "work"))
	if err != nil || len(subs) != len(samples) {
		t.Fatalf("List: %v, %d submissions", err, len(subs))
	}
	d := DetectGame(subs)
	if d.GameName != "quatro" || d.Votes != len(samples) {
		t.Fatalf("DetectGame = %s, want every submission for quatro", d)
	}
	opt := testOptions(t, "quatro", 200*time.Millisecond)
	results := Run(context.Background(), subs, opt)
	for _, s := range samples {
		g := ParseGroup(s.Group)
		var r *Result
		for i := range results {
			if results[i].Name == g.ID {
				r = &results[i]
			}
		}
		if r == nil {
			t.Errorf("%s: no result", s.Group)
			continue
		}
		t.Logf("%s: eligible %v, %s; %s", r.Name, r.Eligible, r.Findings.Conventions, r.Reason)
		switch {
		case r.Eligible != s.Eligible:
			t.Errorf("%s: eligible %v (%s), want %v", s.Group, r.Eligible, r.Reason, s.Eligible)
		case !s.Eligible && !strings.Contains(r.Reason, s.Reason):
			t.Errorf("%s: reason %q, want it to say %q", s.Group, r.Reason, s.Reason)
		case s.Eligible && r.GameName != "quatro":
			t.Errorf("%s: probed on %q, want quatro", s.Group, r.GameName)
		}
	}
	l := League{Name: "intake", GameName: "quatro", Tempo: opt.Tempo, Rounds: 1, Dir: dir, Report: filepath.Join(dir, "intake.md"), Sources: []string{class},
		GameOptions: GameOptions(opt.Game, nil)}
	var b strings.Builder
	if err := WriteLeague(&b, l, results); err != nil {
		t.Fatal(err)
	}
	league := b.String()
	t.Logf("league:\n%s", league)
	for _, want := range []string{"game: quatro", "opening_plies: 2", "- name: q1", "- name: q2", "state: board",
		"# not eligible: caio_2203005_luis_2203006_Q3", "# not eligible: dani_2203007_joao_2203008_Q4"} {
		if !strings.Contains(league, want) {
			t.Errorf("the league does not say %q", want)
		}
	}
}
