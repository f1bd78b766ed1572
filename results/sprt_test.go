package results

import (
	"math"
	"math/rand/v2"
	"testing"
)

// penta returns pentanomial counts from fastchess's Stats(ll, ld, wl, dd,
// wd, ww): a won-lost pair and a drawn-drawn pair both score 1.
func penta(ll, ld, wl, dd, wd, ww int) [5]int { return [5]int{ll, ld, wl + dd, wd, ww} }

// TestLLRPublished checks the LLR against the worked values of fastchess's
// test suite, app/tests/sprt_test.cpp ("normalized pentanomial 1" and "2",
// checked there to 1%). Its "normalized pentanomial 3", 104 won-won pairs
// and nothing else, says 2.94; fishtest's LLRcalc.LLR_normalized,
// transcribed to Python (scipy's brentq replaced by bisection), gives
// 2.0950 for it, as does this package: a count of 0 is 1e-3 in both, and
// fishtest's is the model this package follows.
func TestLLRPublished(t *testing.T) {
	tests := []struct {
		name       string
		counts     [5]int
		elo0, elo1 float64
		want       float64
	}{
		{"normalized pentanomial 1", penta(365, 16618, 36029, 200, 16974, 390), 0, 2, 2.25},
		{"normalized pentanomial 2", penta(127, 4883, 10311, 401, 5150, 104), -1.75, 0.25, 3.01},
		{"104 won-won pairs, fishtest", penta(0, 0, 0, 0, 0, 104), 0, 5, 2.0950},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := SPRT{Elo0: tt.elo0, Elo1: tt.elo1, Alpha: 0.05, Beta: 0.05}
			if got := s.LLR(tt.counts); math.Abs(got-tt.want) > 0.01*math.Abs(tt.want) {
				t.Errorf("LLR = %.4f, want %.2f", got, tt.want)
			}
		})
	}
}

// TestEstimatePublished checks the Elo and nElo estimates against the
// worked values of fastchess's app/tests/elo_test.cpp ("EloPentanomial
// 1-3", to 1%).
func TestEstimatePublished(t *testing.T) {
	tests := []struct {
		name                       string
		counts                     [5]int
		elo, eloErr, nelo, neloErr float64
	}{
		{"EloPentanomial 1", penta(34, 54, 31, 32, 64, 75), 55.58, 27.65, 57.94, 28.28},
		{"EloPentanomial 2", penta(332, 433, 457, 41, 333, 334), -8.64, 10.33, -9.17, 10.96},
		{"EloPentanomial 3", penta(7895, 8757, 5485, 200, 568, 9999), -21.04, 2.95, -19.01, 2.65},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := estimatePentanomial(tt.counts)
			for _, c := range []struct {
				what      string
				got, want float64
			}{{"elo", e.Elo, tt.elo}, {"elo margin", e.EloMargin, tt.eloErr}, {"nelo", e.NElo, tt.nelo}, {"nelo margin", e.NEloMargin, tt.neloErr}} {
				if math.Abs(c.got-c.want) > 0.01*math.Abs(c.want) {
					t.Errorf("%s = %.3f, want %.2f", c.what, c.got, c.want)
				}
			}
		})
	}
}

// TestBoundsAndDecide checks Wald's bounds (for α = β = 0.05, ∓ln 19 =
// ∓2.944) and the decision at and beyond them.
func TestBoundsAndDecide(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	lower, upper := s.Bounds()
	if math.Abs(lower+math.Log(19)) > 1e-12 || math.Abs(upper-math.Log(19)) > 1e-12 {
		t.Fatalf("bounds = %.4f, %.4f, want ∓%.4f", lower, upper, math.Log(19))
	}
	for _, tt := range []struct {
		llr  float64
		want Decision
	}{{0, Running}, {upper, AcceptH1}, {upper + 1, AcceptH1}, {lower, AcceptH0}, {-10, AcceptH0}, {upper - 1e-9, Running}} {
		if got := s.Decide(tt.llr); got != tt.want {
			t.Errorf("Decide(%.4f) = %s, want %s", tt.llr, got, tt.want)
		}
	}
	// The MLE under each hypothesis has the hypothesis's t-value.
	_, p := distribution(penta(34, 54, 31, 32, 64, 75))
	for _, tv := range []float64{-0.3, 0, 0.02, 0.4} {
		mu, v := meanVar(mleTValue(p, tv))
		if got := (mu - 0.5) / math.Sqrt(v); math.Abs(got-tv) > 1e-9 {
			t.Errorf("t-value of the MLE for %g = %.12f", tv, got)
		}
	}
}

// TestSPRTCheck checks the settings a test refuses.
func TestSPRTCheck(t *testing.T) {
	for _, tt := range []struct {
		s  SPRT
		ok bool
	}{
		{SPRT{0, 5, 0.05, 0.05}, true},
		{SPRT{5, 5, 0.05, 0.05}, false},
		{SPRT{0, 5, 0, 0.05}, false},
		{SPRT{0, 5, 0.05, 1}, false},
		{SPRT{0, 5, 0.6, 0.5}, false},
	} {
		if err := tt.s.Check(); (err == nil) != tt.ok {
			t.Errorf("%+v: Check() = %v, want ok %v", tt.s, err, tt.ok)
		}
	}
}

// gameModel draws game scores (1, 1/2, 0) for a bot elo logistic Elo
// stronger than its opponent, with the given draw ratio.
type gameModel struct{ win, draw float64 }

func newGameModel(elo, drawRatio float64) gameModel {
	s := 1 / (1 + math.Pow(10, -elo/400))
	return gameModel{win: s - drawRatio/2, draw: drawRatio}
}

// pair returns the index of a pair's score in the pentanomial counts.
func (m gameModel) pair(r *rand.Rand) int {
	k := 0
	for range 2 {
		switch x := r.Float64(); {
		case x < m.win:
			k += 2
		case x < m.win+m.draw:
			k++
		}
	}
	return k
}

// simulate runs an SPRT of s on pairs drawn from m until it decides or
// maxPairs pairs are played, and returns the decision and the pairs played.
func simulate(s SPRT, m gameModel, r *rand.Rand, maxPairs int) (Decision, int) {
	var counts [5]int
	for n := 1; n <= maxPairs; n++ {
		counts[m.pair(r)]++
		if d := s.Decide(s.LLR(counts)); d != Running {
			return d, n
		}
	}
	return Inconclusive, maxPairs
}

// TestSPRTSimulatedStronger checks that a bot 60 Elo stronger is found
// better (H1) in every one of 50 seeded matches, each long before its
// limit of 2000 pairs.
func TestSPRTSimulatedStronger(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 20, Alpha: 0.05, Beta: 0.05}
	m := newGameModel(60, 0.3)
	r := rand.New(rand.NewPCG(1, 2))
	most := 0
	for i := range 50 {
		d, n := simulate(s, m, r, 2000)
		if d != AcceptH1 {
			t.Fatalf("match %d: %s after %d pairs, want H1", i, d, n)
		}
		most = max(most, n)
	}
	if most > 1000 {
		t.Errorf("the longest match took %d pairs of 2000", most)
	}
}

// TestSPRTSimulatedEqual checks the test's error rate: of many seeded
// matches between equal bots (nElo = elo0 = 0), about alpha accept H1.
// Wald's bounds keep the rate at or under alpha; the overshoot of the
// bound by the last pair's step puts it somewhat under.
func TestSPRTSimulatedEqual(t *testing.T) {
	runs := 2000
	if testing.Short() {
		runs = 400
	}
	s := SPRT{Elo0: 0, Elo1: 40, Alpha: 0.05, Beta: 0.05}
	m := newGameModel(0, 0.3)
	r := rand.New(rand.NewPCG(3, 4))
	h1 := 0
	for range runs {
		if d, _ := simulate(s, m, r, 5000); d == AcceptH1 {
			h1++
		}
	}
	rate := float64(h1) / float64(runs)
	t.Logf("H1 accepted in %d of %d equal matches: %.3f (alpha %.2f)", h1, runs, rate, s.Alpha)
	if rate < 0.4*s.Alpha || rate > 1.3*s.Alpha {
		t.Errorf("H1 rate %.3f, want about alpha %.2f", rate, s.Alpha)
	}
}

// BenchmarkLLR times one LLR of a typical count.
func BenchmarkLLR(b *testing.B) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	c := penta(34, 54, 31, 32, 64, 75)
	for b.Loop() {
		s.LLR(c)
	}
}
