package intake

import (
	"slices"
	"testing"
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
