package intake

import (
	"bytes"
	"testing"
	"time"

	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/bots/lisp/probe"
	"github.com/arenabots/arena/internal/golden"
)

// goldenResults are intake results as a probe would leave them: one bot
// that plays, with a tempo_scale, and one that cannot.
func goldenResults() []Result {
	return []Result{
		{
			Submission: Submission{Group: "bia_2201003_eva_2201004_P2", Source: "/class/bia_2201003_eva_2201004_P2.zip", Root: "/league/work/submissions/bia/P2"},
			Name:       "p2", Game: "cavalo", Eligible: true, Files: []string{"jogo.lisp"},
			Config: lisp.Config{Root: "/league/work/submissions/bia/P2", Files: []string{"/league/work/submissions/bia/P2/jogo.lisp"}, Package: "p2",
				State: lisp.StateBoardPlayerScores, TempoScale: 1000},
			Findings: probe.Findings{
				Package: "p2", Eligible: true, Calls: 10,
				Config:      lisp.Config{State: lisp.StateBoardPlayerScores, TempoScale: 1000},
				Conventions: "state board-player-scores, perspective absolute, knights -1/-2, index_base 0",
				Evidence:    []probe.Evidence{{Position: "midgame 1", ToMove: "black", Answer: "(:B8 (((22 96 ...", Move: "B8", Verdict: "legal"}},
				Time:        probe.TimeUse{Tempo: time.Second, Unscaled: 4 * time.Millisecond, Scaled: 801 * time.Millisecond, Scale: 1000, Note: "tempo read in LispWorks units: tempo_scale 1000"},
			},
			Notes:   []string{"projeto.lisp loads jogo.lisp, which defines jogar"},
			Elapsed: 1234 * time.Millisecond,
		},
		{
			Submission: Submission{Group: "xavier_2201017_yara_2201018_P9", Source: "/class/xavier_2201017_yara_2201018_P9", Root: "/class/xavier_2201017_yara_2201018_P9"},
			Name:       "p9", Game: "cavalo", Files: []string{"jogo.lisp"}, Config: lisp.Config{Package: "p9"},
			Reason:  "jogar takes 3 required arguments (ESTADO TEMPO PROFUNDIDADE) in jogo.lisp: the championship calls (jogar estado tempo)",
			Elapsed: 2 * time.Millisecond,
		},
	}
}

func TestWriteLeagueAndReport(t *testing.T) {
	l := League{Name: "intake", Game: "cavalo", Tempo: time.Second, Rounds: 2, Dir: "/league", Report: "/league/work/intake.md", Sources: []string{"/class"}}
	var league, report bytes.Buffer
	if err := WriteLeague(&league, l, goldenResults()); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "league.golden", league.Bytes())
	if err := WriteReport(&report, "arena intake", goldenResults()); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "report.golden", report.Bytes())
}

func TestQuote(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"p12", "p12"},
		{"2201001_2201002", `"2201001_2201002"`},
		{"work/sub/a b", "work/sub/a b"},
		{"yes", `"yes"`},
		{"a: b", `"a: b"`},
		{"-x", `"-x"`},
		{"", `""`},
	} {
		if got := quote(tc.in); got != tc.want {
			t.Errorf("quote(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}
