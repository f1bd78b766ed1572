package results

import (
	"cmp"
	"slices"
)

// Names of the keys of a standings' order, as Standings.Order lists them
// and Row.Tiebreak shows the one that placed a bot.
const (
	ByPoints     = "points"
	ByRound      = "round reached" // a knockout's first key
	ByHeadToHead = "head-to-head"
	BySB         = "Sonneborn-Berger"
	ByBuchholz   = "Buchholz"
	ByWins       = "wins"
	ByScoreDiff  = "score difference"
	// ByPlayoff is the last key of a league with tiebreak: playoff: the
	// order its playoff gave bots level on every other key (see
	// AddPlayoffs).
	ByPlayoff = "playoff"
	// ByRating is the last key of a league whose bots carry a rating
	// (a ladder's): the higher rating ahead, a bot without one after
	// those with one (see AddRatings).
	ByRating = "rating"
	// Tied is Row.Tiebreak of a bot that no key separates from a
	// neighbour: the two share a rank.
	Tied = "tied"
)

// criterion is one key of a standings' order: its name and how it compares
// two rows, negative when a is ahead.
type criterion struct {
	name string
	cmp  func(a, b Row) int
}

// more is a criterion under which the greater value is ahead.
func more(name string, f func(Row) float64) criterion {
	return criterion{name, func(a, b Row) int { return cmp.Compare(key(f(b)), key(f(a))) }}
}

// order sorts rows by crits, the first the primary key (points, or a
// knockout's round reached) and the others its tie-breaks in turn, then by
// name, so that the order is total. It sets each row's Rank, shared by rows
// that no criterion separates, and its Tiebreak: the name of the deepest
// criterion that was needed to separate it from the rows beside it, ""
// when the primary key alone places it, Tied when a neighbour stays level
// on every criterion. It returns the criteria's names, for Standings.Order.
func order(rows []Row, crits []criterion) []string {
	slices.SortStableFunc(rows, func(a, b Row) int {
		for _, c := range crits {
			if d := c.cmp(a, b); d != 0 {
				return d
			}
		}
		return cmp.Compare(a.Bot, b.Bot)
	})
	// sep returns the index of the first criterion on which rows i-1 and i
	// differ, len(crits) when none does.
	sep := func(i int) int {
		for k, c := range crits {
			if c.cmp(rows[i-1], rows[i]) != 0 {
				return k
			}
		}
		return len(crits)
	}
	for i := range rows {
		rows[i].Rank = i + 1
		if i > 0 && sep(i) == len(crits) {
			rows[i].Rank = rows[i-1].Rank
		}
	}
	for i := range rows {
		deep := 0
		if i > 0 {
			deep = sep(i)
		}
		if i+1 < len(rows) {
			deep = max(deep, sep(i+1))
		}
		switch {
		case deep == len(crits):
			rows[i].Tiebreak = Tied
		case deep > 0:
			rows[i].Tiebreak = crits[deep].name
		default:
			rows[i].Tiebreak = ""
		}
	}
	names := make([]string, len(crits))
	for i, c := range crits {
		names[i] = c.name
	}
	return names
}

// orderBy ranks s's rows by crits (see order), and keeps them, with their
// names in s.Order.
func (s *Standings) orderBy(crits []criterion) {
	s.crits = crits
	s.Order = order(s.Rows, crits)
}

// bySB, byWins and byScoreDiff are tie-breaks several formats share; the
// score difference, the game's own (board points in Cavalo, boxes in Dots),
// is every tournament's last.
func bySB() criterion { return more(BySB, func(r Row) float64 { return r.SB }) }

func byWins() criterion { return more(ByWins, func(r Row) float64 { return float64(r.Wins) }) }

func byScoreDiff() criterion {
	return more(ByScoreDiff, func(r Row) float64 { return float64(r.ScoreDiff) })
}

// byPoints is the primary key of a round robin, gauntlet or Swiss, and a
// knockout's first tie-break.
func byPoints() criterion { return more(ByPoints, func(r Row) float64 { return r.Points }) }

// CompareRatings compares two bots' ratings, negative when a is ahead:
// the higher rating first, a rating before none (nil), two bots without
// one level.
func CompareRatings(a, b *float64) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		return 1
	case b == nil:
		return -1
	}
	return cmp.Compare(key(*b), key(*a))
}

// AddRatings ranks the bots level on every key of s.Order by ratings
// (by bot; a bot without one comes after those with one): a last key,
// ByRating. games are the games s was computed from: the LOS of each row
// is computed again, as rows moved. Without ratings s stays as it is.
func (s *Standings) AddRatings(games []Entry, ratings map[string]float64) {
	if len(ratings) == 0 {
		return
	}
	of := func(r Row) *float64 {
		if v, ok := ratings[r.Bot]; ok {
			return &v
		}
		return nil
	}
	s.orderBy(append(slices.Clip(s.crits), criterion{ByRating, func(a, b Row) int {
		return CompareRatings(of(a), of(b))
	}}))
	for i := range s.Rows {
		s.Rows[i].LOS = 0
	}
	s.Prior = rate(s.Rows, games)
}
