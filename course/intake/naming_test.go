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
	} {
		g := ParseGroup(tc.entry)
		if g.ID != tc.id || g.Display != tc.display || !slices.Equal(g.Students, tc.students) {
			t.Errorf("ParseGroup(%q) = %+v, want %s, %q, %v", tc.entry, g, tc.id, tc.display, tc.students)
		}
	}
}

func TestDetectGame(t *testing.T) {
	for _, game := range []string{"cavalo", "dots"} {
		t.Run(game, func(t *testing.T) {
			dir := t.TempDir()
			for i, s := range intaketest.Samples {
				if s.Game == game {
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
			if d.Game != game || d.Votes < d.Of*2/3 || d.Of < len(subs)-2 {
				t.Errorf("DetectGame = %+v (%s), want %s", d, d, game)
			}
		})
	}
}
