package intake

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/arenabots/arena/course/intake/intaketest"
)

func TestParseGroup(t *testing.T) {
	for _, tc := range []struct {
		entry, id, display string
		students           []Student
	}{
		{"nome1_2201234_nome2_2205678_P13", "p13", "P13 nome1/nome2",
			[]Student{{"nome1", "2201234"}, {"nome2", "2205678"}}},
		{"ana_2202001_rui_2202002_D1", "d1", "D1 ana/rui", []Student{{"ana", "2202001"}, {"rui", "2202002"}}},
		{"ana_2201001_p2", "p2", "P2 ana", []Student{{"ana", "2201001"}}},
		{"2201001_2201002", "2201001_2201002", "2201001_2201002", []Student{{"", "2201001"}, {"", "2201002"}}},
		{"Grupo Sete", "grupo-sete", "Grupo Sete", nil},
		{"G7", "g7", "G7", nil},
		{"__", "bot", "__", nil},
		// Solitário 2 (2025/26): P2 is the project's number, not a group's.
		{"P2_ana_2203001_rui_2203002", "p2203001-2203002", "ana/rui", []Student{{"ana", "2203001"}, {"rui", "2203002"}}},
		{"P2_bia_2203003_eva_2203004", "p2203003-2203004", "bia/eva", []Student{{"bia", "2203003"}, {"eva", "2203004"}}},
		{"p2_2203001_ana_2203002_rui", "p2203001-2203002", "ana/rui", []Student{{"ana", "2203001"}, {"rui", "2203002"}}},
		{"P2_ana_2203001", "p2203001", "ana", []Student{{"ana", "2203001"}}},
		{"P2_grupo", "p2_grupo", "P2_grupo", nil},
	} {
		g := ParseGroup(tc.entry)
		if g.ID != tc.id || g.Display != tc.display || !slices.Equal(g.Students, tc.students) {
			t.Errorf("ParseGroup(%q) = %+v, want %s, %q, %v", tc.entry, g, tc.id, tc.display, tc.students)
		}
	}
}

// TestProjectNumbers takes a class whose every entry ends with P2, the
// project's number (Solitário 2's zips written name first): each group is
// named by its students' numbers, not P2, P2-2; a class of group codes
// keeps them.
func TestProjectNumbers(t *testing.T) {
	results := func(entries ...string) []Result {
		var rs []Result
		for _, e := range entries {
			g := ParseGroup(e)
			rs = append(rs, Result{Submission: Submission{Group: e}, Name: g.ID, Display: g.Display, Students: g.Students})
		}
		projectNumbers(rs)
		uniqueNames(rs)
		return rs
	}
	rs := results("ana_2203001_rui_2203002_P2", "bia_2203003_eva_2203004_P2", "notas.txt")
	if rs[0].Name != "p2203001-2203002" || rs[0].Display != "ana/rui" || rs[1].Name != "p2203003-2203004" || rs[1].Display != "bia/eva" || rs[2].Name != "notas-txt" {
		t.Errorf("a class of _P2: %+v", rs)
	}
	rs = results("ana_2201001_rui_2201002_P1", "bia_2201003_eva_2201004_P2")
	if rs[0].Name != "p1" || rs[1].Name != "p2" || rs[1].Display != "P2 bia/eva" {
		t.Errorf("a class of group codes: %+v", rs)
	}
	rs = results("ana_2201001_rui_2201002_P7")
	if rs[0].Name != "p7" {
		t.Errorf("one group: %+v", rs)
	}
}

func TestDetectGame(t *testing.T) {
	for _, game := range []string{"cavalo", "dots"} {
		t.Run(game, func(t *testing.T) {
			dir := t.TempDir()
			for i, s := range intaketest.Samples {
				if s.GameName == game {
					if err := intaketest.Assemble(examples, dir, s, i%2 == 0); err != nil {
						t.Fatal(err)
					}
				}
			}
			subs, err := List(t.Context(), []string{dir}, filepath.Join(dir, "work"))
			if err != nil {
				t.Fatal(err)
			}
			d := DetectGame(subs)
			if d.GameName != game || d.Votes < d.Of*2/3 || d.Of < len(subs)-2 {
				t.Errorf("DetectGame = %+v (%s), want %s", d, d, game)
			}
		})
	}
}
