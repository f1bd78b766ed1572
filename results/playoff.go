package results

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Playoff is the playoff of bots level on every key of a standings' order
// but the name, in a league with tiebreak: playoff (docs/formats.md): each
// pair of them plays a tie, as in a knockout, and the playoff ranks them
// by the ties they won, then by the ties won among the bots level on that,
// then by their game points in the playoff, then by seed (their order in
// Bots). Its games count in no other key.
type Playoff struct {
	// Number is the playoff's number, 1 for the best-placed group of level
	// bots; the ids of its games start with "po" and the number.
	Number int `json:"number"`
	// Rank is the rank the bots share without the playoff.
	Rank int `json:"rank"`
	// Bots are the level bots in seed order: the order of the league's
	// bots.
	Bots []string `json:"bots"`
	// Ties are the playoff's ties, one for each pair of Bots, in the order
	// of Bots.
	Ties []Tie `json:"ties"`
	// Order is Bots as the playoff ranks them, best first, once every tie
	// has a winner; nil until then (see AddPlayoffs).
	Order []string `json:"order,omitempty"`
}

// decide returns p's bots in the order of the playoff, best first, and
// each one's score in it (see Row.Playoff), or nil while a tie plays.
func (p Playoff) decide() ([]string, map[string]string) {
	won := make(map[string]int, len(p.Bots))
	points := make(map[string]float64, len(p.Bots))
	for _, t := range p.Ties {
		if t.Winner == "" {
			return nil, nil
		}
		won[t.Winner]++
		points[t.Bots[0]] += t.Points[0]
		points[t.Bots[1]] += t.Points[1]
	}
	// Among the bots level on ties won, the ties each won against the
	// others.
	among := make(map[string]int, len(p.Bots))
	for _, t := range p.Ties {
		if won[t.Bots[0]] == won[t.Bots[1]] {
			among[t.Winner]++
		}
	}
	seed := func(b string) int { return slices.Index(p.Bots, b) }
	order := slices.Clone(p.Bots)
	slices.SortStableFunc(order, func(a, b string) int {
		return cmp.Or(
			cmp.Compare(won[b], won[a]),
			cmp.Compare(among[b], among[a]),
			cmp.Compare(key(points[b]), key(points[a])),
			cmp.Compare(seed(a), seed(b)),
		)
	})
	score := make(map[string]string, len(p.Bots))
	if len(p.Ties) == 1 {
		t := p.Ties[0]
		level := ""
		if t.OnSeed {
			level = ", on seed"
		}
		score[t.Bots[0]] = num(t.Points[0]) + "-" + num(t.Points[1]) + level
		score[t.Bots[1]] = num(t.Points[1]) + "-" + num(t.Points[0]) + level
		return order, score
	}
	for _, b := range p.Bots {
		pts := "points"
		if key(points[b]) == key(1) {
			pts = "point"
		}
		score[b] = fmt.Sprintf("%d of %d ties, %s %s", won[b], len(p.Bots)-1, num(points[b]), pts)
	}
	return order, score
}

// AddPlayoffs ranks the bots that each playoff of ps decided as it
// ordered them: a last key, ByPlayoff, after those of s.Order, which
// separates only bots level on all of them. Each such bot's Tiebreak is
// ByPlayoff and its Playoff its score in it; bots of a playoff still
// playing stay Tied. games are the games s was computed from: the LOS of
// each row is computed again, as rows moved. AddPlayoffs sets each
// playoff's Order, and s.Playoffs to ps.
func (s *Standings) AddPlayoffs(games []Entry, ps []Playoff) {
	place := make(map[string]int) // 1-based, in its playoff; 0: none decided
	score := make(map[string]string)
	for i := range ps {
		order, sc := ps[i].decide()
		ps[i].Order = order
		for k, b := range order {
			place[b], score[b] = k+1, sc[b]
		}
	}
	s.Playoffs = ps
	s.orderBy(append(slices.Clip(s.crits), criterion{ByPlayoff, func(a, b Row) int {
		return cmp.Compare(place[a.Bot], place[b.Bot])
	}}))
	for i := range s.Rows {
		r := &s.Rows[i]
		r.Playoff, r.LOS = "", 0
		if r.Tiebreak == ByPlayoff {
			r.Playoff = score[r.Bot]
		}
	}
	s.Prior = rate(s.Rows, games) // LOS is over the next row down: rows moved
}

// Summary says in one line how p went: its ties, each with its bots,
// their game points and how it ended, then its order once decided.
func (p Playoff) Summary() string {
	var ties []string
	for _, t := range p.Ties {
		tie := fmt.Sprintf("%s %s %s", t.entrant(0), strings.TrimSpace(t.score()), t.entrant(1))
		if note := t.note(); note != "" {
			tie += " " + strings.TrimSpace(note)
		}
		ties = append(ties, tie)
	}
	line := fmt.Sprintf("playoff %d, of the bots level at #%d: %s", p.Number, p.Rank, strings.Join(ties, "; "))
	if p.Order != nil && len(p.Bots) > 2 {
		line += "; order: " + strings.Join(p.Order, ", ")
	}
	return line
}

// playoffGames counts the games played in s's playoffs.
func (s Standings) playoffGames() int {
	n := 0
	for _, p := range s.Playoffs {
		for _, t := range p.Ties {
			n += t.Games
		}
	}
	return n
}

// playoffNotes are the lines under the table that say how each playoff of
// s went.
func (s Standings) playoffNotes() []string {
	var notes []string
	for _, p := range s.Playoffs {
		notes = append(notes, p.Summary())
	}
	return notes
}
