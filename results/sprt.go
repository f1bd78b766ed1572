package results

import (
	"errors"
	"fmt"
	"math"
)

// The sequential probability ratio test (SPRT) of two bots on colour-swapped
// game pairs, as fishtest and fastchess run it: the pentanomial model in
// normalized Elo. A pair's score for the tested bot is 0, 1/2, 1, 3/2 or 2;
// its distribution over those five values is unknown. The test weighs two
// hypotheses about the pair score's t-value t = (μ - 1/2)/σ, μ and σ the
// mean and standard deviation of the score per game (half the pair's):
//
//	H0: nElo = elo0, H1: nElo = elo1, with nElo = t·800/ln 10 per game,
//
// by the generalized log-likelihood ratio of the observed pairs: for each
// hypothesis, the pentanomial distribution of maximum likelihood whose
// t-value is the hypothesis's, found by the iteration of Van den Bergh,
// "Comments on Normalized Elo", section 4.1 (fishtest's LLRcalc.MLE_t_value,
// fastchess's SPRT::getLLR_normalized). A count of 0 is taken as 1e-3 so
// that every log is finite (fishtest's regularize). The test stops at the
// first pair after which the LLR is at or below log(β/(1-α)) (H0 accepted)
// or at or above log((1-β)/α) (H1 accepted); α is the chance of accepting
// H1 when nElo = elo0, β of accepting H0 when nElo = elo1.

// neloPerT is normalized Elo per unit of t-value per game: 800/ln 10.
const neloPerT = 800 / math.Ln10

// regularized is the count that stands in for 0 in the model (fishtest's
// LLRcalc.regularize).
const regularized = 1e-3

// pairScores are the pair scores of the five pentanomial counts, per game
// (half the pair's): 0, 1/4, 1/2, 3/4, 1.
var pairScores = [5]float64{0, 0.25, 0.5, 0.75, 1}

// SPRT is the setting of a sequential probability ratio test: H0 nElo =
// Elo0 against H1 nElo = Elo1 (normalized Elo, Elo0 < Elo1), Alpha the
// chance of accepting H1 when H0 holds and Beta of accepting H0 when H1
// holds.
type SPRT struct {
	Elo0  float64 `json:"elo0" yaml:"elo0"`
	Elo1  float64 `json:"elo1" yaml:"elo1"`
	Alpha float64 `json:"alpha" yaml:"alpha"`
	Beta  float64 `json:"beta" yaml:"beta"`
}

// Check returns an error saying what is wrong with t's setting: elo0 must
// be below elo1, alpha and beta between 0 and 1 with a sum below 1.
func (t SPRT) Check() error {
	switch {
	case !(t.Elo0 < t.Elo1):
		return fmt.Errorf("elo0 (%g) must be below elo1 (%g), e.g. {elo0: 0, elo1: 10}", t.Elo0, t.Elo1)
	case !(t.Alpha > 0 && t.Alpha < 1):
		return fmt.Errorf("alpha is %g: want a number between 0 and 1, e.g. 0.05", t.Alpha)
	case !(t.Beta > 0 && t.Beta < 1):
		return fmt.Errorf("beta is %g: want a number between 0 and 1, e.g. 0.05", t.Beta)
	case !(t.Alpha+t.Beta < 1):
		return errors.New("alpha + beta must be below 1, e.g. alpha 0.05 and beta 0.05")
	}
	return nil
}

// Bounds returns the LLR at or below which H0 is accepted, log(β/(1-α)),
// and at or above which H1 is, log((1-β)/α).
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR returns the log-likelihood ratio of H1 against H0 for the pair counts
// penta (see Pentanomial), 0 when there is no pair.
func (t SPRT) LLR(penta [5]int) float64 {
	n, p := distribution(penta)
	if n == 0 {
		return 0
	}
	// Per pair, the t-value of the pair score is √2 times the per-game one
	// (fishtest's LLR_normalized; fastchess's getLLR).
	t0, t1 := math.Sqrt2*t.Elo0/neloPerT, math.Sqrt2*t.Elo1/neloPerT
	p0, p1 := mleTValue(p, t0), mleTValue(p, t1)
	var llr float64
	for i := range p {
		llr += p[i] * (math.Log(p1[i]) - math.Log(p0[i]))
	}
	return float64(n) * llr
}

// Decision is the state of an SPRT match.
type Decision string

// The decisions of an SPRT match.
const (
	// Running: neither bound is crossed and the match has pairs left.
	Running Decision = "running"
	// AcceptH1: the LLR reached the upper bound: the tested bot is the
	// stronger, by about elo1 or more.
	AcceptH1 Decision = "H1"
	// AcceptH0: the LLR reached the lower bound: the tested bot is not
	// stronger by elo1; its strength is about elo0 or less.
	AcceptH0 Decision = "H0"
	// Inconclusive: the match played its last pair with the LLR between
	// the bounds.
	Inconclusive Decision = "inconclusive"
)

// Decide returns AcceptH1 when llr is at or above the upper bound, AcceptH0
// when it is at or below the lower, and Running otherwise.
func (t SPRT) Decide(llr float64) Decision {
	lower, upper := t.Bounds()
	switch {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Running
}

// Estimate is the strength of a bot over its opponent from pentanomial
// counts, as fastchess's EloPentanomial computes it: the mean score per
// game, its 95% interval from the variance of the pair scores, and that
// interval in logistic Elo and in normalized Elo (the distance from an
// even score in standard deviations of the score per game, times
// 800/ln 10). A margin is half the interval's width.
type Estimate struct {
	Pairs      int     `json:"pairs"`
	Score      float64 `json:"score"` // per game, 0 to 1
	Elo        float64 `json:"elo"`
	EloMargin  float64 `json:"elo_margin"`
	NElo       float64 `json:"nelo"`
	NEloMargin float64 `json:"nelo_margin"`
}

// estimatePentanomial returns the estimate of the pair counts penta, zero
// when there is no pair. Counts of 0 are regularized as in the test, which
// keeps a perfect score finite.
func estimatePentanomial(penta [5]int) Estimate {
	n, p := distribution(penta)
	e := Estimate{Pairs: n}
	if n == 0 {
		return e
	}
	mu, v := meanVar(p)
	half := z95 * math.Sqrt(v/float64(n)) // the score's 95% half-interval
	nelo := func(s float64) float64 { return (s - 0.5) / math.Sqrt(2*v) * neloPerT }
	e.Score = mu
	e.Elo = scoreElo(mu)
	e.EloMargin = (scoreElo(mu+half) - scoreElo(mu-half)) / 2
	e.NElo = nelo(mu)
	e.NEloMargin = (nelo(mu+half) - nelo(mu-half)) / 2
	return e
}

// scoreElo returns the logistic Elo difference of an expected score per
// game, the score kept within [0.001, 0.999] as fishtest's stat_util.elo
// does.
func scoreElo(s float64) float64 {
	s = min(max(s, 1e-3), 1-1e-3)
	return -400 * math.Log10(1/s-1)
}

// distribution returns the number of pairs in penta and their regularized
// empirical distribution.
func distribution(penta [5]int) (n int, p [5]float64) {
	var total float64
	for i, c := range penta {
		n += c
		p[i] = float64(c)
		if c == 0 {
			p[i] = regularized
		}
		total += p[i]
	}
	for i := range p {
		p[i] /= total
	}
	return n, p
}

// meanVar returns the mean and variance of the pair score per game under
// the distribution p.
func meanVar(p [5]float64) (mu, v float64) {
	for i, q := range p {
		mu += q * pairScores[i]
	}
	for i, q := range p {
		d := pairScores[i] - mu
		v += q * d * d
	}
	return mu, v
}

// mleTValue returns the distribution of maximum likelihood given the
// empirical distribution phat among those whose pair score has t-value
// (μ - 1/2)/σ = tv: Van den Bergh's fixed-point iteration, which starts
// from the uniform distribution and solves at each step the secular
// equation Σ phat_i φ_i/(1 + x φ_i) = 0 for x, with φ_i = a_i - 1/2 -
// tv·σ·(1 + ((a_i - μ)/σ)²)/2, the new distribution being phat_i/(1 + x φ_i).
func mleTValue(phat [5]float64, tv float64) [5]float64 {
	var p [5]float64
	for i := range p {
		p[i] = 1.0 / float64(len(p))
	}
	for range 100 {
		mu, v := meanVar(p)
		sigma := math.Sqrt(v)
		var phi [5]float64
		for i, a := range pairScores {
			z := (a - mu) / sigma
			phi[i] = a - 0.5 - tv*sigma*(1+z*z)/2
		}
		x := secular(phat, phi)
		diff := 0.0
		for i := range p {
			next := phat[i] / (1 + x*phi[i])
			diff = max(diff, math.Abs(next-p[i]))
			p[i] = next
		}
		if diff < 1e-12 {
			break
		}
	}
	return p
}

// secular returns the root x of f(x) = Σ w_i φ_i/(1 + x φ_i) between
// -1/max φ and -1/min φ, where f falls from +∞ to -∞: Newton's method kept
// inside a shrinking bracket, falling back to bisection. The φ must have
// both signs, which they have for a regularized distribution.
func secular(w, phi [5]float64) float64 {
	lo, hi := math.Inf(-1), math.Inf(1)
	for _, f := range phi {
		switch {
		case f > 0:
			lo = max(lo, -1/f)
		case f < 0:
			hi = min(hi, -1/f)
		}
	}
	x := 0.0 // f is defined at 0, inside the bracket
	for range 200 {
		var f, df float64
		for i, p := range phi {
			d := 1 + x*p
			f += w[i] * p / d
			df -= w[i] * p * p / (d * d)
		}
		step := f / df
		if f == 0 || math.Abs(step) <= 1e-14*max(1, math.Abs(x)) {
			return x - step
		}
		if f > 0 {
			lo = x
		} else {
			hi = x
		}
		next := x - step
		if !(next > lo && next < hi) {
			next = lo + (hi-lo)/2
		}
		x = next
	}
	return x
}
