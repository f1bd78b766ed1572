package similarity

import (
	"math"
	"slices"
)

// Rule chooses the score over which a pair is flagged from the class's own
// scores, as an outlier test: a pair is flagged when its robust z-score
// (Iglewicz and Hoaglin's modified z-score, 0.6745·(score − median)/MAD,
// MAD the median absolute deviation of the scores) is over Z, that is
// when its score is over median + Z·MAD/0.6745; but never under Floor
// (most pairs of a class share little, and a pair that shares less than
// that is no case to read), and always over Ceiling (a class where many
// copied must not hide its copies by widening the spread). A flagged pair
// also shares at least MinShared fingerprints, so that two tiny
// submissions are not flagged on a line or two.
type Rule struct {
	Z         float64 `json:"z"`
	Floor     float64 `json:"floor"`
	Ceiling   float64 `json:"ceiling"`
	MinShared int     `json:"min_shared"`
}

// Defaults of Rule.
const (
	DefaultZ         = 3.5
	DefaultFloor     = 0.5
	DefaultCeiling   = 0.9
	DefaultMinShared = 8
)

func (r Rule) withDefaults() Rule {
	if r.Z <= 0 {
		r.Z = DefaultZ
	}
	if r.Floor <= 0 {
		r.Floor = DefaultFloor
	}
	if r.Ceiling <= 0 {
		r.Ceiling = DefaultCeiling
	}
	if r.MinShared <= 0 {
		r.MinShared = DefaultMinShared
	}
	return r
}

// Threshold is the threshold a Rule chose, and from what.
type Threshold struct {
	Rule
	// Median and MAD are those of the scores of the pairs.
	Median float64 `json:"median"`
	MAD    float64 `json:"mad"`
	// Outlier is median + Z·MAD/0.6745; Value, the threshold: Outlier
	// held between Floor and Ceiling.
	Outlier float64 `json:"outlier"`
	Value   float64 `json:"value"`
}

// choose returns the threshold for the scores of pairs.
func (r Rule) choose(pairs []Pair) Threshold {
	t := Threshold{Rule: r}
	scores := make([]float64, len(pairs))
	for i, p := range pairs {
		scores[i] = p.Score
	}
	t.Median = median(scores)
	for i, s := range scores {
		scores[i] = math.Abs(s - t.Median)
	}
	t.MAD = median(scores)
	t.Outlier = t.Median + r.Z*t.MAD/0.6745
	t.Value = min(max(t.Outlier, r.Floor), r.Ceiling)
	return t
}

// median returns the median of xs (0 for none); it sorts xs.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	slices.Sort(xs)
	n := len(xs)
	if n%2 == 1 {
		return xs[n/2]
	}
	return (xs[n/2-1] + xs[n/2]) / 2
}
