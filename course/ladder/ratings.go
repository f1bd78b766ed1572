package ladder

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"github.com/arenabots/arena/results"
)

// Ratings are refitted from the whole log of ladder games (not the
// validation games, not the new-vs-previous matches) by results'
// Bradley–Terry fit, per version: a version is a player, named by its
// league name (botName). A group's row shows its active version.

// historyGames is how many of a group's last games its page shows with
// their expected score and rating change: each needs a fit of the games
// before it.
const historyGames = 30

// ratedGame is a ladder game of the log, in the order played.
type ratedGame struct {
	id    int64
	entry results.Entry // White and Black are league names (botName)
}

// standingsCache is the fit of the whole log, until the ladder changes.
type standingsCache struct {
	games []ratedGame
	rows  map[string]results.Row // by league name
}

// rated returns the fit of every ladder game, computed once per change.
func (l *Ladder) rated() (*standingsCache, error) {
	l.mu.Lock()
	c := l.standing
	l.mu.Unlock()
	if c != nil {
		return c, nil
	}
	rows, err := l.db.Query(`SELECT g.id, g.entry FROM games g WHERE g.kind = 'ladder' ORDER BY g.ended, g.id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	c = &standingsCache{rows: map[string]results.Row{}}
	for rows.Next() {
		var (
			rg    ratedGame
			entry string
		)
		if err := rows.Scan(&rg.id, &entry); err != nil {
			return nil, err
		}
		// The entry names each side by its league name (botName).
		if err := json.Unmarshal([]byte(entry), &rg.entry); err != nil {
			return nil, fmt.Errorf("game %d: %w", rg.id, err)
		}
		c.games = append(c.games, rg)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, r := range fit(c.games) {
		c.rows[r.Bot] = r
	}
	l.mu.Lock()
	l.standing = c
	l.mu.Unlock()
	return c, nil
}

// fit returns the standings' rows of games: wins, draws, losses and the
// Bradley–Terry ratings with their 95 % margins.
func fit(games []ratedGame) []results.Row {
	es := make([]results.Entry, len(games))
	for i, g := range games {
		es[i] = g.entry
	}
	return results.Compute(es, nil, results.DefaultScoring()).Rows
}

func (l *Ladder) standings() ([]Standing, error) {
	c, err := l.rated()
	if err != nil {
		return nil, err
	}
	act, off, err := l.lastAccepted()
	if err != nil {
		return nil, err
	}
	displays, err := l.displays()
	if err != nil {
		return nil, err
	}
	var out []Standing
	for _, v := range act {
		s := Standing{Group: v.Group, Display: displays[v.Group], Version: v.Version.Version, Uploaded: v.Uploaded, Provisional: true}
		if r, ok := c.rows[botName(v.id)]; ok {
			s.Rating, s.Margin, s.Games, s.Wins, s.Draws, s.Losses = r.Elo, r.EloMargin, r.Games, r.Wins, r.Draws, r.Losses
			s.Provisional = !r.Rated || r.EloMargin > l.cfg.ProvisionalMargin
		}
		out = append(out, s)
	}
	slices.SortStableFunc(out, func(a, b Standing) int {
		return cmp.Or(cmp.Compare(b.Rating, a.Rating), cmp.Compare(a.Margin, b.Margin), cmp.Compare(a.Group, b.Group))
	})
	for i := range out {
		out[i].Rank = i + 1
	}
	// The groups the lecturer disabled come last, unranked, so that the
	// lecturer's view can list them and enable them again.
	for _, v := range off {
		out = append(out, Standing{Group: v.Group, Display: displays[v.Group], Version: v.Version.Version, Uploaded: v.Uploaded, Provisional: true, Disabled: true})
	}
	return out, nil
}

// history returns a group's rating after each of its last games, and
// those games from its side, newest first, each with its expected score
// before it (from the fit of the games before it) and its rating change.
func (l *Ladder) history(group string, c *standingsCache) ([]RatingPoint, []GroupGame, error) {
	vs, err := l.versions(`WHERE grp = ? AND status = ?`, group, Accepted)
	if err != nil {
		return nil, nil, err
	}
	mine := map[string]int{}
	for _, v := range vs {
		mine[botName(v.id)] = v.Version.Version
	}
	var idx []int
	for i, g := range c.games {
		if _, ok := mine[g.entry.White]; ok {
			idx = append(idx, i)
		} else if _, ok := mine[g.entry.Black]; ok {
			idx = append(idx, i)
		}
	}
	if len(idx) > historyGames {
		idx = idx[len(idx)-historyGames:]
	}
	var (
		points []RatingPoint
		games  []GroupGame
	)
	before := rowsOf(fit(c.games[:firstOr(idx, 0)]))
	for _, i := range idx {
		rg := c.games[i]
		after := rowsOf(fit(c.games[:i+1]))
		me, opp, colour := rg.entry.White, rg.entry.Black, "white"
		if _, ok := mine[me]; !ok {
			me, opp, colour = opp, me, "black"
		}
		g, err := l.gameRow(rg.id)
		if err != nil {
			return nil, nil, err
		}
		gg := GroupGame{Game: g, Colour: colour, Opponent: g.Black, Score: score(rg.entry, me)}
		if colour == "black" {
			gg.Opponent = g.White
		}
		gg.Expected = expected(before[me].Elo, before[opp].Elo)
		gg.Change = round1(after[me].Elo - before[me].Elo)
		games = append(games, gg)
		points = append(points, RatingPoint{GameID: rg.id, At: g.Ended, Version: mine[me], Rating: after[me].Elo, Margin: after[me].EloMargin})
		before = after
	}
	slices.Reverse(games)
	return points, games, nil
}

// rowsOf indexes rows by bot.
func rowsOf(rows []results.Row) map[string]results.Row {
	m := make(map[string]results.Row, len(rows))
	for _, r := range rows {
		m[r.Bot] = r
	}
	return m
}

// firstOr returns s[0], or def when s is empty.
func firstOr(s []int, def int) int {
	if len(s) == 0 {
		return def
	}
	return s[0]
}

// expected is the expected score of a player rated a against one rated
// b, on the Elo scale of the fit.
func expected(a, b float64) float64 { return round3(1 / (1 + math.Pow(10, (b-a)/400))) }

// score is bot's score in game e: 1, ½ or 0.
func score(e results.Entry, bot string) float64 {
	switch {
	case e.Result == results.Draw:
		return 0.5
	case e.Result == results.WhiteWins && e.White == bot, e.Result == results.BlackWins && e.Black == bot:
		return 1
	}
	return 0
}

func round1(x float64) float64 { return math.Round(x*10) / 10 }
func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

// displays returns each group's display name.
func (l *Ladder) displays() (map[string]string, error) {
	rows, err := l.db.Query(`SELECT name, display FROM groups WHERE admin = 0`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	m := map[string]string{}
	for rows.Next() {
		var n, d string
		if err := rows.Scan(&n, &d); err != nil {
			return nil, err
		}
		m[n] = d
	}
	return m, rows.Err()
}
