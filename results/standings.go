package results

import (
	"cmp"
	"math"
	"slices"

	"github.com/arenabots/arena/referee"
)

// Scoring is the league table's points for a win, a draw and a loss. A
// double forfeit is a loss for both bots.
type Scoring struct {
	Win  float64 `json:"win" yaml:"win"`
	Draw float64 `json:"draw" yaml:"draw"`
	Loss float64 `json:"loss" yaml:"loss"`
}

// DefaultScoring is 1 for a win, 1/2 for a draw and 0 for a loss.
func DefaultScoring() Scoring { return Scoring{Win: 1, Draw: 0.5, Loss: 0} }

// Standings is the league table computed from a journal's games.
type Standings struct {
	Scoring Scoring `json:"scoring"`
	Games   int     `json:"games"` // games counted: those of the journal, a playoff's left out
	// SPRT is the state of the league's SPRT match, if it is one (see
	// AddSPRT).
	SPRT *SPRTResult `json:"sprt,omitempty"`
	// Prior is true when the ratings needed the prior of one virtual draw
	// per bot because no finite maximum-likelihood fit existed (see
	// Ratings).
	Prior bool `json:"rating_prior"`
	// Order names the keys the rows are ranked by, in turn: the primary
	// (points, or a knockout's round reached), then the tournament's
	// tie-breaks, ending with the game's score difference; bots level on
	// them all share a rank, marked Tied (see Row.Tiebreak).
	Order []string `json:"order"`
	Rows  []Row    `json:"standings"`
	// Swiss is true for a Swiss tournament's standings (see ComputeSwiss).
	Swiss bool `json:"swiss,omitempty"`
	// Bracket is a knockout's bracket, nil for other formats.
	Bracket *Bracket `json:"bracket,omitempty"`
	// Playoffs are the playoffs of the bots level on every other key, in
	// a league with tiebreak: playoff (see AddPlayoffs).
	Playoffs []Playoff `json:"playoffs,omitempty"`
	// Clock is the clock the league charged, "cpu" or "wall", for the
	// notes; "" when unknown.
	Clock string `json:"clock,omitempty"`
	// Challengers are a gauntlet's challengers, for the notes: the table
	// ranks them, and shows the other bots, the references, by their
	// games against them alone; nil for other formats.
	Challengers []string `json:"challengers,omitempty"`

	crits []criterion // the keys of Order, for AddPlayoffs
}

// SetDisplay gives each row whose bot has a display name in display (by
// bot name) that name: text and Markdown show it in place of the bot's
// name, CSV and JSON beside it.
func (s *Standings) SetDisplay(display map[string]string) {
	for i := range s.Rows {
		s.Rows[i].Display = display[s.Rows[i].Bot]
	}
}

// shown is the name people see of row r's bot.
func (r Row) shown() string {
	if r.Display != "" {
		return r.Display
	}
	return r.Bot
}

// Row is one bot's line in the standings.
type Row struct {
	// Rank is the bot's place; bots equal on points and every tie-break
	// but the name share a rank.
	Rank int `json:"rank"`
	// Tiebreak names the key of Standings.Order that fixed the bot's place
	// among the bots level with it on the primary key: the deepest one
	// needed to separate it from the bots just above and below it. It is
	// "" when the primary key alone places the bot, and Tied when a
	// neighbour is level on every key (the two share a rank).
	Tiebreak string `json:"tiebreak,omitempty"`
	// Playoff is the bot's score in the playoff that placed it, when
	// Tiebreak is ByPlayoff: "1.5-0.5", its game points then its
	// opponent's, in a playoff of two bots ("2-2, on seed" when the seed
	// decided); "2 of 3 ties, 4.5 points" in a playoff of more.
	Playoff string `json:"playoff,omitempty"`
	Bot     string `json:"bot"`
	// Display is the bot's display name (a league's display:), shown in
	// place of Bot to people; empty: Bot. See Standings.SetDisplay.
	Display string  `json:"display,omitempty"`
	Games   int     `json:"games"`
	Wins    int     `json:"wins"`
	Draws   int     `json:"draws"`
	Losses  int     `json:"losses"`
	Points  float64 `json:"points"`
	// ScoreDiff is the bot's board points minus its opponents', over its
	// games.
	ScoreDiff int `json:"score_diff"`
	// Rated is true when the bot has a rating: when it played another bot
	// in a game that was not a double forfeit. Elo and EloMargin are 0 when
	// it is false.
	Rated bool `json:"rated"`
	// Elo is the bot's Bradley–Terry rating, the mean of the rated bots
	// being 0, and EloMargin its 95% error margin, both rounded to 0.1
	// (see Ratings).
	Elo       float64 `json:"elo"`
	EloMargin float64 `json:"elo_margin"`
	// LOS is the likelihood of superiority of this bot over the bot ranked
	// just below it: the probability, from the ratings' fit in its normal
	// approximation, that this bot is the stronger. It is rounded to 0.001,
	// and 0 when undefined: on the last row, or when either bot is unrated.
	LOS float64 `json:"los"`
	// Pentanomial counts the bot's game pairs by its score over the pair:
	// 0, 1/2, 1, 3/2 and 2 (see pentanomial).
	Pentanomial [5]int `json:"pentanomial"`
	// SB is the Sonneborn-Berger tie-break: the sum over the bot's games of
	// its game score (1, 1/2 or 0) times the opponent's points.
	SB float64 `json:"sonneborn_berger"`
	// Timeouts, Illegal, Crashes and Start count the games the bot lost
	// while at fault, by reason (a double forfeit counts for both bots).
	Timeouts int `json:"timeouts"`
	Illegal  int `json:"illegal"`
	Crashes  int `json:"crashes"`
	Start    int `json:"start"`
	// Faults counts the games in which the bot was at fault, lost or not:
	// under an adjudicate policy a fault need not lose the game.
	Faults int `json:"faults"`
	// Byes and Buchholz are a Swiss tournament's: the rounds the bot sat
	// out, and the sum of the points of the opponents it met.
	Byes     int     `json:"byes,omitempty"`
	Buchholz float64 `json:"buchholz,omitempty"`
	// Annulled is the reason the lecturer annulled the bot's results, if
	// so (see Marks, Standings.Mark).
	Annulled string `json:"annulled,omitempty"`
}

// outcome is a game's result for one side: 1 win, 1/2 draw, 0 loss.
func outcome(g Entry, side referee.Side) float64 {
	switch g.Result {
	case WhiteWins:
		if side == referee.White {
			return 1
		}
	case BlackWins:
		if side == referee.Black {
			return 1
		}
	case Draw:
		return 0.5
	}
	return 0
}

// points returns the scoring's points for an outcome.
func (sc Scoring) points(o float64) float64 {
	switch o {
	case 1:
		return sc.Win
	case 0.5:
		return sc.Draw
	}
	return sc.Loss
}

// bothSides returns White and Black, for loops over a game's bots.
func bothSides() [2]referee.Side { return [2]referee.Side{referee.White, referee.Black} }

// allBots returns bots, then the other bots of games in order of
// appearance, each once, and each one's index in that list.
func allBots(games []Entry, bots []string) ([]string, map[string]int) {
	idx := make(map[string]int)
	var names []string
	add := func(b string) {
		if _, ok := idx[b]; !ok {
			idx[b] = len(names)
			names = append(names, b)
		}
	}
	for _, b := range bots {
		add(b)
	}
	for _, g := range games {
		add(g.White)
		add(g.Black)
	}
	return names, idx
}

// Compute returns the standings of bots after games. Every bot in bots gets a
// row, games or not; bots that appear in games but not in bots are added.
//
// Bots are ordered by points; ties are broken by head-to-head (the points
// each tied bot scored in the games among the bots level with it on
// points), then by Sonneborn-Berger, then by wins, then by score difference,
// then by name, so the order is always the same for the same games; bots
// level on all but the name share a rank and are marked Tied. A game in which a bot plays itself counts for
// both of its sides.
func Compute(games []Entry, bots []string, sc Scoring) Standings {
	names, idx := allBots(games, bots)
	rows := make([]Row, len(names))
	for i, b := range names {
		rows[i].Bot = b
	}
	for _, g := range games {
		for _, side := range bothSides() {
			r := &rows[idx[g.Bot(side)]]
			r.Games++
			switch outcome(g, side) {
			case 1:
				r.Wins++
			case 0.5:
				r.Draws++
			default:
				r.Losses++
			}
			r.ScoreDiff += g.Scores[side.Index()] - g.Scores[side.Other().Index()]
			if g.Loser != g.Bot(side) && g.Loser != BothAtFault {
				continue
			}
			r.Faults++
			if outcome(g, side) == 0 {
				switch g.Reason {
				case referee.Timeout:
					r.Timeouts++
				case referee.Illegal:
					r.Illegal++
				case referee.Crash:
					r.Crashes++
				case referee.Start:
					r.Start++
				}
			}
		}
	}
	for i := range rows {
		r := &rows[i]
		r.Points = float64(r.Wins)*sc.Win + float64(r.Draws)*sc.Draw + float64(r.Losses)*sc.Loss
	}
	for _, g := range games {
		for _, side := range bothSides() {
			opp := rows[idx[g.Bot(side.Other())]].Points
			rows[idx[g.Bot(side)]].SB += outcome(g, side) * opp
		}
	}
	for pair, counts := range pentanomial(games) {
		r := &rows[idx[pair[0]]]
		for k, c := range counts {
			r.Pentanomial[k] += c
		}
	}
	s := Standings{Scoring: sc, Games: len(games), Rows: rows}
	s.orderBy(criteria(rows, games, sc))
	s.Prior = rate(rows, games)
	return s
}

// informative reports whether g says anything about its bots' relative
// strength: a double forfeit does not, nor a game of a bot against itself.
func informative(g Entry) bool { return g.Result != DoubleForfeit && g.White != g.Black }

// rate fits the ratings of games (see Ratings) and sets each row's Rated,
// Elo, EloMargin and LOS; rows must be in rank order. It reports whether the
// fit needed the prior.
func rate(rows []Row, games []Entry) (prior bool) {
	// Bots are numbered in name order and pairings kept in index order, so
	// that the fit does not depend on the order of the journal's lines.
	var rated []string
	for _, g := range games {
		if informative(g) {
			rated = append(rated, g.White, g.Black)
		}
	}
	slices.Sort(rated)
	rated = slices.Compact(rated)
	if len(rated) == 0 {
		return false
	}
	idx := make(map[string]int, len(rated))
	for i, b := range rated {
		idx[b] = i
	}
	pair := make(map[[2]int]pairing)
	for _, g := range games {
		if !informative(g) {
			continue
		}
		i, j, score := idx[g.White], idx[g.Black], outcome(g, referee.White)
		if i > j {
			i, j, score = j, i, 1-score
		}
		p := pair[[2]int{i, j}]
		p.i, p.j, p.games, p.score = i, j, p.games+1, p.score+score
		pair[[2]int{i, j}] = p
	}
	ps := make([]pairing, 0, len(pair))
	for _, p := range pair {
		ps = append(ps, p)
	}
	slices.SortFunc(ps, func(a, b pairing) int { return cmp.Or(cmp.Compare(a.i, b.i), cmp.Compare(a.j, b.j)) })
	f := fitRatings(len(idx), ps)
	for k := range rows {
		i, ok := idx[rows[k].Bot]
		if !ok {
			continue
		}
		r := &rows[k]
		r.Rated, r.Elo, r.EloMargin = true, round1(f.elo[i]), round1(f.margin(i))
		if k+1 < len(rows) {
			if j, ok := idx[rows[k+1].Bot]; ok {
				r.LOS = math.Round(f.los(i, j)*1000) / 1000
			}
		}
	}
	return f.prior
}

// pentanomial returns, for each bot and opponent ({bot, opponent}), the
// bot's game pairs against the opponent counted by its pair score: a pair
// is two games between the same two bots on the same board (round and
// seed) with colours swapped, which the schedule plays for every pairing,
// and its score for a bot is the sum of its two game scores (0, 1/2, 1, 3/2
// or 2), counted at index 2·score. A pair with a double forfeit is left
// out, as in the ratings, and so is a game whose other colour has not been
// played yet.
func pentanomial(games []Entry) map[[2]string][5]int {
	type board struct {
		round  int
		seed   uint64
		lo, hi string
	}
	waiting := make(map[board][]Entry) // games whose swapped game is not yet seen
	counts := make(map[[2]string][5]int)
	for _, g := range games {
		if !informative(g) {
			continue
		}
		b := board{g.Round, g.Seed, min(g.White, g.Black), max(g.White, g.Black)}
		k := slices.IndexFunc(waiting[b], func(o Entry) bool { return o.White == g.Black })
		if k < 0 {
			waiting[b] = append(waiting[b], g)
			continue
		}
		o := waiting[b][k]
		waiting[b] = slices.Delete(waiting[b], k, k+1)
		// g.White is o.Black.
		half := int(2 * (outcome(g, referee.White) + outcome(o, referee.Black)))
		wb, bw := [2]string{g.White, g.Black}, [2]string{g.Black, g.White}
		w, bl := counts[wb], counts[bw]
		w[half]++
		bl[4-half]++
		counts[wb], counts[bw] = w, bl
	}
	return counts
}

// criteria returns the keys of the order of a round robin or gauntlet
// whose rows and games these are: points, then its tie-breaks.
func criteria(rows []Row, games []Entry, sc Scoring) []criterion {
	level := make(map[int64][]Row) // rows by points
	for _, r := range rows {
		level[key(r.Points)] = append(level[key(r.Points)], r)
	}
	h2h := make(map[string]float64, len(rows))
	for _, tied := range level {
		if len(tied) > 1 {
			headToHead(tied, games, sc, h2h)
		}
	}
	return []criterion{
		byPoints(),
		more(ByHeadToHead, func(r Row) float64 { return h2h[r.Bot] }),
		bySB(), byWins(), byScoreDiff(),
	}
}

// headToHead sets h2h[bot] for each bot of tied to the points it scored in
// the games among the tied bots.
func headToHead(tied []Row, games []Entry, sc Scoring, h2h map[string]float64) {
	in := make(map[string]bool, len(tied))
	for _, r := range tied {
		in[r.Bot] = true
		h2h[r.Bot] = 0
	}
	for _, g := range games {
		if !in[g.White] || !in[g.Black] {
			continue
		}
		for _, side := range bothSides() {
			h2h[g.Bot(side)] += sc.points(outcome(g, side))
		}
	}
}

// key makes points comparable exactly: sums of fractional scorings such as
// 0.1 may differ in the last bits for equal totals.
func key(x float64) int64 { return int64(math.Round(x * 1e6)) }

// round1 rounds x to one decimal, without a negative zero.
func round1(x float64) float64 {
	r := math.Round(x*10) / 10
	if r == 0 {
		return 0
	}
	return r
}

// Bots returns the bots in standings order.
func (s Standings) Bots() []string {
	b := make([]string, len(s.Rows))
	for i, r := range s.Rows {
		b[i] = r.Bot
	}
	return b
}
