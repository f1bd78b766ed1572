package similarity

import (
	"math"
	"testing"
)

func TestRuleChoose(t *testing.T) {
	t.Parallel()
	rule := Rule{}.withDefaults()
	for _, tc := range []struct {
		name   string
		scores []float64
		want   float64
	}{
		{"most share nothing: the floor", []float64{0, 0, 0, 0, 0.1, 0.2, 0.95}, DefaultFloor},
		// median 0.3, MAD 0.05: 0.3 + 3.5·0.05/0.6745 = 0.5594
		{"a spread class: the outlier test", []float64{0.2, 0.25, 0.3, 0.3, 0.35, 0.4, 0.9}, 0.3 + 3.5*0.05/0.6745},
		{"a class that copied widely: the ceiling", []float64{0.2, 0.5, 0.7, 0.8, 0.9, 1, 1}, DefaultCeiling},
		{"no pair", nil, DefaultFloor},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			pairs := make([]Pair, len(tc.scores))
			for i, s := range tc.scores {
				pairs[i].Score = s
			}
			if got := rule.choose(pairs).Value; math.Abs(got-tc.want) > 1e-9 {
				t.Errorf("threshold %.4f, want %.4f", got, tc.want)
			}
		})
	}
}
