package results

import (
	"math"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 0.01 }

func TestEloDiff(t *testing.T) {
	tests := []struct{ p, want float64 }{
		{0.5, 0},
		{0.75, 190.85},   // 400·log10(3)
		{0.25, -190.85},  // symmetric
		{0.9, 381.70},    // 400·log10(9)
		{10.0 / 11, 400}, // 1/p - 1 = 1/10
	}
	for _, tt := range tests {
		if got := eloDiff(tt.p); !near(got, tt.want) {
			t.Errorf("eloDiff(%v) = %.2f, want %.2f", tt.p, got, tt.want)
		}
	}
}

func TestPerf(t *testing.T) {
	tests := []struct {
		name        string
		w, d, l     int
		elo, margin float64
	}{
		{"no games", 0, 0, 0, 0, 0},
		// p = .625: see TestComputeSample for the working.
		{"2-1-1", 2, 1, 1, 88.74, 301.44},
		{"1-1-2 mirrors 2-1-1", 1, 1, 2, -88.74, 301.44},
		// p = (5+1.5)/10 = .65: -400·log10(1/.65-1) = 107.54; variance
		// (5+3/4)/10 - .65² = .575-.4225 = .1525,
		// se = .12349, p ± 1.96·se = .89204 / .40796: 367.29 / -64.26,
		// margin 215.77.
		{"5-3-2", 5, 3, 2, 107.54, 215.77},
		// Perfect 3-0: clamped to 1 - 1/8 = .875: 400·log10(7) = 338.04.
		// Variance 0, so .875·.125 = .109375 is used: se = .19094, lower
		// bound 1 - .37425 = .62576 (89.30), upper clamped (338.04):
		// margin 124.37.
		{"perfect", 3, 0, 0, 338.04, 124.37},
		// One win: clamped to .75 (190.85); variance .1875, se .4330,
		// lower .1513 clamped to .25: margin (190.85+190.85)/2.
		{"one win", 1, 0, 0, 190.85, 190.85},
		{"one loss", 0, 0, 1, -190.85, 190.85},
		// Two draws: p = .5, variance 0 so .25 is used, se .35355,
		// bounds .1570/.8430 clamped to 1/6 and 5/6 (±279.59).
		{"two draws", 0, 2, 0, 0, 279.59},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			elo, margin := perf(tt.w, tt.d, tt.l)
			if !near(elo, tt.elo) || !near(margin, tt.margin) {
				t.Errorf("perf(%d, %d, %d) = %.2f ± %.2f, want %.2f ± %.2f", tt.w, tt.d, tt.l, elo, margin, tt.elo, tt.margin)
			}
		})
	}
}

// TestPerfOrder checks that clamping keeps bots in score order: over n
// games, a perfect score is above n-1 wins and a draw, and a zero below a
// single draw.
func TestPerfOrder(t *testing.T) {
	for n := 1; n <= 50; n++ {
		all, _ := perf(n, 0, 0)
		almost, _ := perf(n-1, 1, 0)
		none, _ := perf(0, 0, n)
		one, _ := perf(0, 1, n-1)
		if !(all > almost) || !(none < one) || math.IsInf(all, 0) || math.IsInf(none, 0) {
			t.Errorf("n=%d: perfect %.1f, n-1 wins and a draw %.1f, zero %.1f, one draw %.1f", n, all, almost, none, one)
		}
		for w := 0; w <= n; w++ {
			e, m := perf(w, 0, n-w)
			if math.IsNaN(e) || math.IsNaN(m) || m < 0 || math.IsInf(m, 0) {
				t.Errorf("perf(%d, 0, %d) = %v ± %v", w, n-w, e, m)
			}
		}
	}
}
