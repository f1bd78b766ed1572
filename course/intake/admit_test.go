package intake

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/bots/lisp/probe"
)

// TestAdmit admits submissions by their group's code, bot name or entry,
// and checks which are admitted, the problems said, and that the league
// file has an entry for an admitted one saying so.
func TestAdmit(t *testing.T) {
	results := func() []Result {
		return []Result{
			{Submission: Submission{Group: "rita_2201009_tome_2201010_P5"}, Name: "p5", Eligible: true,
				Config: lisp.Config{Root: "/c/p5", Files: []string{"/c/p5/jogo.lisp"}}},
			{Submission: Submission{Group: "xavier_2201017_yara_2201018_P9"}, Name: "p9",
				Reason:   "no convention gives legal moves in the league's opening; closest (state board): illegal",
				Config:   lisp.Config{Root: "/c/p9", Files: []string{"/c/p9/jogo.lisp"}, State: lisp.StateBoard},
				Findings: probe.Findings{Conventions: "state board"}},
			{Submission: Submission{Group: "zeca_2201019_ines_2201020_P10"}, Name: "p10", Reason: "no file defines jogar"},
		}
	}
	for _, tc := range []struct {
		name     string
		admit    []string
		admitted []string // bot names
		problem  string   // in the problems; "" for none
	}{
		{"none", nil, nil, ""},
		{"by code, any case", []string{"P9"}, []string{"p9"}, ""},
		{"by entry", []string{"xavier_2201017_yara_2201018_P9"}, []string{"p9"}, ""},
		{"an eligible one is left as it is", []string{"p5"}, nil, ""},
		{"nothing to load", []string{"P10"}, nil, "--admit P10: zeca_2201019_ines_2201020_P10 has nothing to load"},
		{"unknown", []string{"P99"}, nil, "--admit P99: no submission is called so"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rs := results()
			var subs []Submission
			for _, r := range rs {
				subs = append(subs, r.Submission)
			}
			early := Unadmittable(subs, tc.admit)
			if unknown := strings.Contains(tc.problem, "no submission"); unknown != (len(early) > 0) {
				t.Errorf("before the probes: %q, want a problem: %v", early, unknown)
			}
			problems := Admit(rs, tc.admit)
			var admitted []string
			for _, r := range rs {
				if r.Admitted {
					admitted = append(admitted, r.Name)
				}
			}
			if !slices.Equal(admitted, tc.admitted) {
				t.Errorf("admitted %q, want %q", admitted, tc.admitted)
			}
			got := strings.Join(problems, "; ")
			if tc.problem == "" && got != "" || !strings.Contains(got, tc.problem) {
				t.Errorf("problems %q, want %q", got, tc.problem)
			}
			var b strings.Builder
			l := League{Name: "intake", GameName: "cavalo", Tempo: time.Second, Rounds: 1, Dir: "/c"}
			if err := WriteLeague(&b, l, rs); err != nil {
				t.Fatal(err)
			}
			league := b.String()
			hasP9 := strings.Contains(league, "name: p9")
			said := strings.Contains(league, "admitted on purpose (--admit), not eligible") &&
				strings.Contains(league, "settings: the closest the probe found (state board)")
			if want := len(tc.admitted) > 0; hasP9 != want || said != want {
				t.Errorf("league has p9 %v, says it was admitted %v; want %v:\n%s", hasP9, said, want, league)
			}
		})
	}
}

// TestFurtherThan checks which of two ways of loading a submission that
// cannot play intake keeps, and --admit plays it with: the one under
// which it did best (issue 46).
func TestFurtherThan(t *testing.T) {
	legal := func(n int) probe.Findings {
		f := probe.Findings{Package: "p5"}
		for range n {
			f.Evidence = append(f.Evidence, probe.Evidence{Verdict: "legal"})
		}
		f.Evidence = append(f.Evidence, probe.Evidence{Verdict: "illegal: no move"})
		return f
	}
	for _, tc := range []struct {
		name string
		f, g probe.Findings
		want bool
	}{
		{"eligible", probe.Findings{Eligible: true, Package: "p5"}, legal(5), true},
		{"against eligible", legal(5), probe.Findings{Eligible: true}, false},
		{"started", legal(0), probe.Findings{}, true},
		{"did not start", probe.Findings{}, legal(0), false},
		{"more legal answers", legal(3), legal(1), true},
		{"as many", legal(2), legal(2), false},
	} {
		if got := furtherThan(tc.f, tc.g); got != tc.want {
			t.Errorf("%s: furtherThan = %v, want %v", tc.name, got, tc.want)
		}
	}
}
