package results

import "math"

// Elo estimates are performances, not ratings: a bot's score fraction over
// all its games, against all its opponents combined, read through the
// logistic Elo curve. +100 means "scored like a bot 100 Elo stronger than the
// average opponent it met". They need no iteration and no prior, and they
// are only comparable within one league.
//
// Per-game scores are 1 for a win, 1/2 for a draw and 0 for a loss, whatever
// the league's Scoring; a double forfeit is a loss.

// eloDiff returns the Elo difference that makes p the expected score:
// -400·log10(1/p - 1). p must be in (0, 1).
func eloDiff(p float64) float64 {
	return -400 * math.Log10(1/p-1)
}

// scoreBounds returns the range scores are clamped to over n games: a
// perfect score (or a zero) would be an infinite Elo, so it is read as if
// the bot had drawn one more game: p = 1 - 1/(2(n+1)), or 1/(2(n+1)). That is
// still above any other score of n games (n-1 wins and a draw give
// 1 - 1/(2n)), so the order of bots is kept.
func scoreBounds(n int) (lo, hi float64) {
	eps := 0.5 / float64(n+1)
	return eps, 1 - eps
}

// perf returns a bot's Elo performance over w wins, d draws and l losses and
// its 95% error margin: the standard error of the mean per-game score,
// se = sd/√n with sd the per-game scores' standard deviation, is mapped
// through the Elo curve at p ± 1.96·se (both clamped as in scoreBounds), and
// the margin is half the width of that interval. When every game had the
// same score the sample deviation is 0, which would claim certainty from
// a handful of games; then the deviation of a win-or-loss game at the
// clamped score, √(p(1-p)), is used instead. With no games both are 0.
func perf(w, d, l int) (elo, margin float64) {
	n := w + d + l
	if n == 0 {
		return 0, 0
	}
	fn := float64(n)
	p := (float64(w) + float64(d)/2) / fn
	lo, hi := scoreBounds(n)
	pc := clamp(p, lo, hi)
	variance := (float64(w)+float64(d)/4)/fn - p*p
	if variance <= 1e-12 {
		variance = pc * (1 - pc)
	}
	se := math.Sqrt(variance / fn)
	upper := eloDiff(clamp(p+1.96*se, lo, hi))
	lower := eloDiff(clamp(p-1.96*se, lo, hi))
	return eloDiff(pc), (upper - lower) / 2
}

func clamp(x, lo, hi float64) float64 { return math.Min(math.Max(x, lo), hi) }
