package intake

import (
	"slices"
	"testing"
)

// TestCompareGroups: groups sort by the number of their code, not as text.
func TestCompareGroups(t *testing.T) {
	got := []string{
		"joana_2201023_luis_2201024_P12", "bia_2201003_eva_2201004_P2", "filipa_2201021_gil_2201022_P11",
		"ana_2201001_rui_2201002_P1", "grupo10", "grupo9", "zeca_2201019_ines_2201020_P10", "caio_2201005_luis_2201006_P3",
	}
	slices.SortStableFunc(got, CompareGroups)
	want := []string{
		"ana_2201001_rui_2201002_P1", "bia_2201003_eva_2201004_P2", "caio_2201005_luis_2201006_P3",
		"zeca_2201019_ines_2201020_P10", "filipa_2201021_gil_2201022_P11", "joana_2201023_luis_2201024_P12",
		"grupo9", "grupo10",
	}
	if !slices.Equal(got, want) {
		t.Errorf("sorted\n%q, want\n%q", got, want)
	}
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"p2", "p11", -1}, {"p011", "p11", 0}, {"P1", "p1", 0}, {"d2", "p1", -1}, {"p1a", "p1", 1},
	} {
		if got := compareNatural(tc.a, tc.b); got != tc.want {
			t.Errorf("compareNatural(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}
