package intake

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/bots/lisp/probe"
	"github.com/arenabots/arena/internal/golden"
	"github.com/arenabots/arena/internal/inert"
)

// goldenResults are intake results as a probe would leave them: one bot
// that plays, with a tempo_scale, and one that cannot.
func goldenResults() []Result {
	return []Result{
		{
			Submission: Submission{Group: "bia_2201003_eva_2201004_P2", Source: "/class/bia_2201003_eva_2201004_P2.zip", Root: "/league/work/submissions/bia/P2"},
			Name:       "p2", Display: "P2 bia/eva", Students: []Student{{"bia", "2201003"}, {"eva", "2201004"}},
			GameName: "cavalo", Eligible: true, Files: []string{"jogo.lisp"},
			Config: lisp.Config{Root: "/league/work/submissions/bia/P2", Files: []string{"/league/work/submissions/bia/P2/jogo.lisp"}, Package: "p2",
				State: lisp.StateBoardPlayerScores, TempoScale: 1000},
			Findings: probe.Findings{
				Package: "p2", Eligible: true, Calls: 10,
				Config:      lisp.Config{State: lisp.StateBoardPlayerScores, TempoScale: 1000},
				Conventions: "state board-player-scores, perspective absolute, knights -1/-2, index_base 0",
				Evidence:    []probe.Evidence{{Position: "midgame 1", ToMove: "black", Answer: "(:B8 (((22 96 ...", Move: "B8", Verdict: "legal"}},
				Time: probe.TimeUse{Tempo: time.Second, Scaled: 801 * time.Millisecond, Median: 801 * time.Millisecond, Measured: 1,
					Stall: 12 * time.Millisecond, Probed: 11, Scale: 1000, Note: "tempo read in LispWorks units: tempo_scale 1000",
					Base: probe.TimeBase{ClockReading: probe.ClockReading{Clock: "jogo.lisp, line 23"}}},
			},
			Notes:   []string{"projeto.lisp loads jogo.lisp, which defines jogar"},
			Elapsed: 1234 * time.Millisecond,
		},
		{
			Submission: Submission{Group: "xavier_2201017_yara_2201018_P9", Source: "/class/xavier_2201017_yara_2201018_P9", Root: "/class/xavier_2201017_yara_2201018_P9"},
			Name:       "p9", Display: "P9 xavier/yara", GameName: "cavalo", Files: []string{"jogo.lisp"}, Config: lisp.Config{Package: "p9"},
			Reason:  "jogar takes 3 required arguments (ESTADO TEMPO PROFUNDIDADE) in jogo.lisp: the championship calls (jogar estado tempo)",
			Elapsed: 2 * time.Millisecond,
		},
	}
}

func TestWriteLeagueAndReport(t *testing.T) {
	var league, report, summary bytes.Buffer
	if err := WriteLeague(&league, goldenLeague, goldenResults()); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "league.golden", league.Bytes())
	if err := CheckOverwrite(league.Bytes()); err != nil {
		t.Errorf("intake may not write again the file it wrote: %v", err)
	}
	if err := WriteReport(&report, "arena intake", goldenResults()); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "report.golden", report.Bytes())
	if err := WriteSummary(&summary, NewSummary(goldenLeague, "../league.yaml", goldenResults())); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "intake.json.golden", summary.Bytes())
}

// goldenLeague is the league of the golden files.
var goldenLeague = League{Name: "intake", Title: Title("cavalo"), GameName: "cavalo", Tempo: time.Second, Rounds: 2,
	Dir: "/league", Report: "/league/work/intake.md", Sources: []string{"/class"}}

func TestCheckOverwrite(t *testing.T) {
	var b bytes.Buffer
	if err := WriteLeague(&b, goldenLeague, goldenResults()); err != nil {
		t.Fatal(err)
	}
	written := b.String()
	for _, tc := range []struct {
		name, data string
		ok         bool
	}{
		{"as written", written, true},
		{"a comment changed", strings.Replace(written, "# not eligible", "# NOT eligible", 1), true},
		{"a value edited", strings.Replace(written, "rounds: 2", "rounds: 3", 1), false},
		{"a bot added", written + "  - {name: greedy, builtin: greedy}\n", false},
		{"written by hand", "name: course\nbots: []\n", false},
		{"the digest line removed", written[strings.Index(written, "\n")+1:], false},
	} {
		err := CheckOverwrite([]byte(tc.data))
		if (err == nil) != tc.ok || err != nil && !errors.Is(err, ErrNotOurs) {
			t.Errorf("%s: CheckOverwrite = %v, want ok %v", tc.name, err, tc.ok)
		}
	}
}

// hostile are answers a submission's jogar may return, which the probe
// quotes in its reasons and evidence (issue 28, H1).
var hostile = []string{
	"\n  - {name: x, path: /bin/sh, args: [-c, id]}\nsandbox: off\n#",
	"\x1b]0;pwned\x07\x1b[2J\x1b[H",
	"\r\u2028\u2029\u0085sandbox: off",
	"'\"\n---\n...\n%YAML 1.1\n&a *a !!binary |\n",
	"\xff\xfe not UTF-8",
}

// FuzzLeagueText checks that whatever a submission's text (answers,
// reasons, names, notes), the league file decodes to the same bots and
// settings as without it, and that no line of it leaves a comment or a
// value (issue 28, H1).
func FuzzLeagueText(f *testing.F) {
	for _, h := range hostile {
		f.Add(h)
	}
	decode := func(t testing.TB, rs []Result) (map[string]any, string) {
		t.Helper()
		var b bytes.Buffer
		if err := WriteLeague(&b, goldenLeague, rs); err != nil {
			t.Fatal(err)
		}
		var v map[string]any
		if err := yaml.Unmarshal(b.Bytes(), &v); err != nil {
			t.Fatalf("the league file does not parse: %v\n%s", err, b.Bytes())
		}
		return v, b.String()
	}
	base, _ := decode(f, goldenResults())
	delete(base["bots"].([]any)[0].(map[string]any), "display")
	f.Fuzz(func(t *testing.T, text string) {
		rs := goldenResults()
		rs[0].Display = text
		rs[0].Group = text
		rs[0].Notes = []string{text}
		rs[0].Findings.Conventions = text
		rs[0].Findings.Time.Note = text
		rs[0].Findings.Evidence[0].Answer = text
		rs[1].Group, rs[1].Name, rs[1].Reason = text, text, "answer "+text+" is not a move"
		got, file := decode(t, rs)
		bots, _ := got["bots"].([]any)
		if len(bots) != 1 {
			t.Fatalf("bots %v, want p2 alone:\n%s", got["bots"], file)
		}
		bot, _ := bots[0].(map[string]any)
		want := inert.Line(text)
		if want == "p2" {
			want = ""
		}
		if d, _ := bot["display"].(string); d != want {
			t.Errorf("display %q, want %q", d, want)
		}
		delete(bot, "display")
		if !reflect.DeepEqual(got, base) {
			t.Errorf("with %q the league file decodes to\n%v\nwant\n%v\n%s", text, got, base, file)
		}
		for _, line := range strings.Split(file, "\n") {
			if strings.ContainsAny(line, "\x1b\r\x85\u2028\u2029") || !utf8.ValidString(line) {
				t.Errorf("line %q holds a control character", line)
			}
		}
	})
}

// TestLeagueKeysOfItsGame checks that a league file holds the settings of
// its game only (issue 46): a Dots entry has its state form and its
// tempo_scale, none of Cavalo's keys.
func TestLeagueKeysOfItsGame(t *testing.T) {
	r := Result{Submission: Submission{Group: "ana_2202001_rui_2202002_D1"}, Name: "d1", Eligible: true,
		Config: lisp.Config{Root: "/class/d1", Files: []string{"/class/d1/jogo.lisp"}, Package: "pd1", State: lisp.StateBoard, TempoScale: 1000}}
	var b bytes.Buffer
	l := League{Name: "intake", GameName: "dots", Tempo: time.Second, Rounds: 1}
	if err := WriteLeague(&b, l, []Result{r}); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"knights:", "perspective:", "index_base:", "side:"} {
		if strings.Contains(b.String(), key) {
			t.Errorf("a Dots league says %q:\n%s", key, b.String())
		}
	}
	for _, key := range []string{"state: board\n", "tempo_scale: 1000"} {
		if !strings.Contains(b.String(), key) {
			t.Errorf("a Dots league does not say %q:\n%s", key, b.String())
		}
	}
	r.Findings = probe.Findings{Conventions: "state board", Config: r.Config, Package: "pd1"}
	conv := NewSummary(l, "league.yaml", []Result{r}).Submissions[0].Conventions
	if _, ok := conv["knights"]; ok || conv["state"] != lisp.StateBoard {
		t.Errorf("intake.json's conventions of a Dots bot are %v: want its state, no knights", conv)
	}
}
