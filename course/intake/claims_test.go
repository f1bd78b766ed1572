package intake

import (
	"slices"
	"strings"
	"testing"

	"github.com/arenabots/arena/bots/lisp"
)

// TestClaims hands in entries that claim another group's name or its
// students' numbers: every one is a row and a bot, each claimant warned
// with both archives named, and --admit of the name they share refused,
// naming them.
func TestClaims(t *testing.T) {
	results := func(entries ...string) []Result {
		var rs []Result
		for _, e := range entries {
			g := ParseGroup(e)
			rs = append(rs, Result{Submission: Submission{Group: e, Source: "/class/" + e + ".zip"}, Name: g.ID, Display: g.Display, Students: g.Students,
				Eligible: true, Config: lisp.Config{Files: []string{"/c/" + e + "/jogo.lisp"}}})
		}
		nameAll(rs)
		return rs
	}
	for _, tc := range []struct {
		name    string
		entries []string
		names   []string
		// warned are the indexes of the results warned, each naming the
		// archives of all of them.
		warned []int
		admit  string // refused: more than one is called so
	}{
		{name: "another pair's numbers", entries: []string{"P2_ana_2203001_rui_2203002", "P2_aaa_2203001_zzz_2203002", "P2_bia_2203003_eva_2203004"},
			names: []string{"p2203001-2203002", "p2203001-2203002-2", "p2203003-2203004"}, warned: []int{0, 1}, admit: "p2203001-2203002"},
		{name: "two entries ending _P5", entries: []string{"ana_2201001_rui_2201002_P1", "rita_2201009_tome_2201010_P5", "xx_2201099_yy_2201098_P5"},
			names: []string{"p1", "p5", "p5-2"}, warned: []int{1, 2}, admit: "P5"},
		{name: "a student on two groups", entries: []string{"ana_2201001_rui_2201002_P1", "rita_2201009_tome_2201010_P5", "rita_2201009_vera_2201014_P7"},
			names: []string{"p1", "p5", "p7"}, warned: []int{1, 2}},
		{name: "no claim", entries: []string{"ana_2201001_rui_2201002_P1", "rita_2201009_tome_2201010_P5"}, names: []string{"p1", "p5"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rs := results(tc.entries...)
			for i, r := range rs {
				if r.Name != tc.names[i] {
					t.Errorf("%s is bot %s, want %s", r.Group, r.Name, tc.names[i])
				}
				warned := false
				for _, w := range r.Warnings {
					if strings.Contains(w, "is claimed by") {
						warned = true
						for _, j := range tc.warned {
							if !strings.Contains(w, rs[j].Group+".zip (bot "+rs[j].Name+")") {
								t.Errorf("%s's warning %q does not name %s", r.Group, w, rs[j].Group)
							}
						}
					}
				}
				if want := slices.Contains(tc.warned, i); warned != want {
					t.Errorf("%s warned %v, want %v: %q", r.Group, warned, want, r.Warnings)
				}
			}
			if tc.admit == "" {
				return
			}
			for i := range rs {
				rs[i].Eligible = false
			}
			problems := strings.Join(Admit(rs, []string{tc.admit}), "; ")
			for _, j := range tc.warned {
				if !strings.Contains(problems, rs[j].Group+" (bot "+rs[j].Name+")") {
					t.Errorf("--admit %s: %q, want it refused naming %s", tc.admit, problems, rs[j].Group)
				}
				if rs[j].Admitted {
					t.Errorf("--admit %s admitted %s", tc.admit, rs[j].Name)
				}
			}
		})
	}
}
