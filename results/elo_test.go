package results

import (
	"math"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 0.01 }

// TestFitTwoBots checks two-bot fits whose maximum likelihood is closed
// form: with A scoring s of n games, p = s/n, A - B = 400·log10(p/(1-p)),
// and A = -B by the anchor. The information of d = A - B (in logits) is
// n·p·(1-p), so var(A) = var(d)/4 = 1/(4·n·p·(1-p)) and the margin is
// 1.96·√var(A)·400/ln10; LOS is Φ(d/√var(d)).
func TestFitTwoBots(t *testing.T) {
	tests := []struct {
		name         string
		games, score float64
		elo, margin  float64 // of A
		los          float64 // of A over B
	}{
		// d = 400·log10(3) = 190.85; var(d) = 1/(4·.75·.25) = 4/3 logit²,
		// sd(A) = √(1/3) = .57735 → 1.96·.57735·173.72 = 196.58; LOS =
		// Φ(ln 3/√(4/3)) = Φ(.95141) = .8293.
		{"3 wins 1 loss", 4, 3, 95.42, 196.58, 0.8293},
		{"2 wins 2 draws: draws are half wins", 4, 3, 95.42, 196.58, 0.8293},
		// p = .5: d = 0; var(A) = 1/(4·4·.25) = 1/4 → 1.96·.5·173.72.
		{"1 win 2 draws 1 loss", 4, 2, 0, 170.24, 0.5},
		// d = 400·log10(9) = 381.70; var(A) = 1/(4·10·.09) = .27778,
		// sd .52705 → 179.45; LOS Φ(ln 9/√1.1111) = Φ(2.0845) = .9814.
		{"9 wins 1 loss", 10, 9, 190.85, 179.45, 0.9814},
		{"1 win 9 losses", 10, 1, -190.85, 179.45, 0.0186},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := fitRatings(2, []pairing{{i: 0, j: 1, games: tt.games, score: tt.score}})
			if f.prior {
				t.Error("prior used, want a plain maximum likelihood")
			}
			if !near(f.elo[0], tt.elo) || !near(f.elo[1], -tt.elo) {
				t.Errorf("elo = %.2f, want %.2f, %.2f", f.elo, tt.elo, -tt.elo)
			}
			if !near(f.margin(0), tt.margin) || !near(f.margin(1), tt.margin) {
				t.Errorf("margins = %.2f, %.2f, want %.2f", f.margin(0), f.margin(1), tt.margin)
			}
			if got := f.los(0, 1); math.Abs(got-tt.los) > 1e-4 {
				t.Errorf("LOS = %.4f, want %.4f", got, tt.los)
			}
		})
	}
}

// TestFitPerfectScore checks the prior on a bot that won all its 3 games:
// with one virtual draw each against the mean (rating 0) and A = x, B = -x
// logits, the log-likelihood is 3·log σ(2x) + log σ(x) + log σ(-x), whose
// derivative 6/(1+t²) - (t-1)/(t+1) (t = eˣ) is 0 at the root of
// t³ - t² - 5t - 7 = 0, found here by bisection (t ≈ 3.2242, A ≈ +203.4).
// The information of x is 12·σ(2x)σ(-2x) + 2·σ(x)σ(-x).
func TestFitPerfectScore(t *testing.T) {
	lo, hi := 1.0, 10.0
	for range 200 {
		m := (lo + hi) / 2
		if m*m*m-m*m-5*m-7 < 0 {
			lo = m
		} else {
			hi = m
		}
	}
	x := math.Log(lo)
	info := 12*sigmoid(2*x)*sigmoid(-2*x) + 2*sigmoid(x)*sigmoid(-x)
	elo, margin := x*eloPerLogit, z95/math.Sqrt(info)*eloPerLogit
	for _, tt := range []struct {
		name  string
		score float64
		sign  float64
	}{{"won all", 3, 1}, {"lost all", 0, -1}} {
		t.Run(tt.name, func(t *testing.T) {
			f := fitRatings(2, []pairing{{i: 0, j: 1, games: 3, score: tt.score}})
			if !f.prior {
				t.Error("no prior, want one: there is no finite maximum")
			}
			if !near(f.elo[0], tt.sign*elo) || !near(f.elo[1], -tt.sign*elo) {
				t.Errorf("elo = %.2f, want ±%.2f", f.elo, elo)
			}
			if !near(f.margin(0), margin) || !near(f.margin(1), margin) {
				t.Errorf("margins = %.2f, %.2f, want %.2f", f.margin(0), f.margin(1), margin)
			}
		})
	}
}

// TestFitThreeBots checks a three-bot fit against an independent
// computation: Zermelo's fixed-point iteration for the strengths
// γᵢ = Wᵢ / Σⱼ nᵢⱼ/(γᵢ+γⱼ) (Wᵢ: wins plus half the draws), and the
// covariance from a finite-difference Hessian of the log-likelihood in the
// coordinates (A, B), C = -A-B, inverted by hand.
func TestFitThreeBots(t *testing.T) {
	// A-B: 4 games, A 2.5; B-C: 4 games, B 3; A-C: 6 games, A 2.
	ps := []pairing{{0, 1, 4, 2.5}, {1, 2, 4, 3}, {0, 2, 6, 2}}
	f := fitRatings(3, ps)
	if f.prior {
		t.Error("prior used, want a plain maximum likelihood")
	}

	n := [3][3]float64{}
	var w [3]float64
	for _, p := range ps {
		n[p.i][p.j], n[p.j][p.i] = p.games, p.games
		w[p.i] += p.score
		w[p.j] += p.games - p.score
	}
	g := [3]float64{1, 1, 1}
	for range 10000 {
		for i := range 3 {
			var den float64
			for j := range 3 {
				den += n[i][j] / (g[i] + g[j])
			}
			g[i] = w[i] / den
		}
	}
	mean := (math.Log(g[0]) + math.Log(g[1]) + math.Log(g[2])) / 3
	for i := range 3 {
		want := (math.Log(g[i]) - mean) * eloPerLogit
		if !near(f.elo[i], want) {
			t.Errorf("elo[%d] = %.3f, want %.3f", i, f.elo[i], want)
		}
	}

	ll := func(a, b float64) float64 {
		r := [3]float64{a, b, -a - b}
		var s float64
		for _, p := range ps {
			d := r[p.i] - r[p.j]
			s += p.score*math.Log(sigmoid(d)) + (p.games-p.score)*math.Log(sigmoid(-d))
		}
		return s
	}
	a, b, h := f.elo[0]/eloPerLogit, f.elo[1]/eloPerLogit, 1e-4
	haa := -(ll(a+h, b) - 2*ll(a, b) + ll(a-h, b)) / (h * h)
	hbb := -(ll(a, b+h) - 2*ll(a, b) + ll(a, b-h)) / (h * h)
	hab := -(ll(a+h, b+h) - ll(a+h, b-h) - ll(a-h, b+h) + ll(a-h, b-h)) / (4 * h * h)
	det := haa*hbb - hab*hab
	vaa, vbb, vab := hbb/det, haa/det, -hab/det
	vcc := vaa + vbb + 2*vab // var(-A-B)
	for i, v := range []float64{vaa, vbb, vcc} {
		want := z95 * math.Sqrt(v) * eloPerLogit
		if math.Abs(f.margin(i)-want) > 0.05 {
			t.Errorf("margin[%d] = %.3f, want %.3f", i, f.margin(i), want)
		}
	}
	// LOS of A over B: Φ((A-B)/√var(A-B)).
	want := 0.5 * math.Erfc(-(a-b)/math.Sqrt(2*(vaa+vbb-2*vab)))
	if got := f.los(0, 1); math.Abs(got-want) > 1e-4 {
		t.Errorf("LOS(A, B) = %.4f, want %.4f", got, want)
	}
}

// TestFitDisconnected checks two groups that never met: the prior keeps the
// ratings finite, and the mirror-image groups get mirror-image ratings.
func TestFitDisconnected(t *testing.T) {
	f := fitRatings(4, []pairing{{0, 1, 2, 1.5}, {2, 3, 2, 1.5}})
	if !f.prior {
		t.Error("no prior, want one")
	}
	if !near(f.elo[0], f.elo[2]) || !near(f.elo[1], f.elo[3]) || !near(f.elo[0], -f.elo[1]) || f.elo[0] <= 0 {
		t.Errorf("elo = %.2f, want A = C = -B = -D > 0", f.elo)
	}
	for i := range 4 {
		if m := f.margin(i); math.IsNaN(m) || math.IsInf(m, 0) || m <= 0 {
			t.Errorf("margin[%d] = %v", i, m)
		}
	}
}

func TestStronglyConnected(t *testing.T) {
	tests := []struct {
		name string
		n    int
		ps   []pairing
		want bool
	}{
		{"win and loss", 2, []pairing{{0, 1, 2, 1}}, true},
		{"one draw", 2, []pairing{{0, 1, 1, 0.5}}, true},
		{"perfect score", 2, []pairing{{0, 1, 3, 3}}, false},
		{"zero score", 2, []pairing{{0, 1, 3, 0}}, false},
		{"cycle", 3, []pairing{{0, 1, 1, 1}, {1, 2, 1, 1}, {2, 0, 1, 1}}, true},
		{"chain of wins", 3, []pairing{{0, 1, 1, 1}, {1, 2, 1, 1}}, false},
		// A and B drew, and both beat C every time: {A, B} never lost to C.
		{"group above", 3, []pairing{{0, 1, 1, 0.5}, {0, 2, 2, 2}, {1, 2, 2, 2}}, false},
		{"two groups", 4, []pairing{{0, 1, 2, 1}, {2, 3, 2, 1}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := stronglyConnected(tt.n, tt.ps); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

// TestFitLarge checks that a lopsided league of many bots converges to
// finite ratings in score order.
func TestFitLarge(t *testing.T) {
	const n = 40
	var ps []pairing
	for i := range n {
		for j := i + 1; j < n; j++ {
			// The lower index is stronger: it scores 1.9 of 2.
			ps = append(ps, pairing{i, j, 2, 1.9})
		}
	}
	ps = append(ps, pairing{n - 1, 0, 2, 0.5}) // so the graph is strongly connected
	f := fitRatings(n, ps)
	if f.prior {
		t.Error("prior used")
	}
	var sum float64
	for i := range n {
		sum += f.elo[i]
		if math.IsNaN(f.elo[i]) || math.IsNaN(f.margin(i)) || (i > 0 && f.elo[i] >= f.elo[i-1]) {
			t.Errorf("elo[%d] = %v ± %v after %v", i, f.elo[i], f.margin(i), f.elo[max(i-1, 0)])
		}
	}
	if math.Abs(sum) > 1e-6 {
		t.Errorf("mean = %v, want 0", sum/n)
	}
}

// BenchmarkFitRatings fits a league of 64 bots, every pair having played 20
// games.
func BenchmarkFitRatings(b *testing.B) {
	const n = 64
	var ps []pairing
	for i := range n {
		for j := i + 1; j < n; j++ {
			ps = append(ps, pairing{i, j, 20, 10 + float64(j-i)/8})
		}
	}
	for b.Loop() {
		fitRatings(n, ps)
	}
}
