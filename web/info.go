package web

import (
	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/tournament"
	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// Info is what the page says of a league besides its games.
type Info struct {
	Name    string // the league's name, the key of its results directory
	Title   string // the league's title: key, shown as the page's title; empty: Name
	Dir     string // the results directory
	Rules   referee.Game
	TempoMS int // 0 under a game clock
	// Clock is the league's game clock (time_control:), nil under a fixed
	// tempo per move.
	Clock *ClockView
	Bots  []string // in the config's order
	// Display are the bots' display names, by name (a league's display:).
	Display map[string]string
	Scoring results.Scoring
	Total   int // games in the schedule; 0 when unknown
	// SPRT is the league's SPRT match, or nil when it is not one.
	SPRT *results.SPRTMatch
	// Config is the league's config as far as its tournament's standings need
	// it (see arena.ReadResults); nil when unknown.
	Config *league.Config
	// Lang is the language of the page and the report (league.Langs; ""
	// is English).
	Lang string
	// Marks are the course's marks on the bots (arena grades --intake):
	// the pairs flagged as similar, the bots annulled.
	Marks results.Marks
}

// InfoOf returns the Info of a league about to run.
func InfoOf(c *league.Config) Info {
	info := Info{Name: c.Name, Title: c.Title, Dir: c.Out, Rules: c.Rules(), TempoMS: c.TempoMS, Scoring: c.Scoring, Display: c.Displays(), Lang: c.Lang}
	for _, b := range c.Bots {
		info.Bots = append(info.Bots, b.Name)
	}
	info.Total, info.Config = tournament.Total(c.League()), c
	info.SPRT = c.League().SPRTMatch()
	if tc := c.TimeControl; tc != nil {
		info.Clock = &ClockView{Text: tc.String(), BaseMS: tc.BaseMS, IncMS: tc.IncMS, Moves: tc.Moves}
	}
	return info
}

// charged returns the clock the league charges, "cpu" or "wall", or ""
// when unknown. It reads the config at each call: a league that resumes
// results played on the wall clock goes on with it (see league.Config).
func (info Info) charged() string {
	if info.Config == nil {
		return ""
	}
	return info.Config.Clock
}

// standings returns the standings of games in the league's tournament's view.
func (info Info) standings(games []results.Entry) results.Standings {
	if info.Config == nil {
		return results.Compute(games, info.Bots, info.Scoring)
	}
	return tournament.Standings(info.Config.League(), games)
}

// counted returns the games of games that count in the crosstable: all
// but a playoff's (see tournament.MainGames).
func (info Info) counted(games []results.Entry) []results.Entry {
	if info.Config == nil {
		return games
	}
	return tournament.MainGames(info.Config.League(), games)
}

// total returns the games of the league's schedule known once games are
// played: Total, and more as a knockout's tie-break boards or a playoff
// add games; 0 when unknown.
func (info Info) total(games []results.Entry) int {
	if info.Total == 0 || info.Config == nil {
		return info.Total
	}
	return max(info.Total, len(tournament.Schedule(info.Config.League(), games)))
}

// next returns up to n games of the schedule not yet played nor in play
// (live holds the ids of the games in play), in the schedule's order.
func (info Info) next(games []results.Entry, live map[string]*liveGame, n int) []NextGame {
	c := info.Config
	if c == nil || len(c.Bots) == 0 {
		return nil
	}
	played := map[string]bool{}
	for _, g := range games {
		played[tournament.ScheduledID(g)] = true
	}
	out := []NextGame{}
	for _, s := range tournament.Schedule(c.League(), games) {
		if len(out) == n {
			break
		}
		if played[s.ID] || live[s.ID] != nil || s.White >= len(c.Bots) || s.Black >= len(c.Bots) {
			continue
		}
		out = append(out, NextGame{ID: s.ID, Round: s.Round, White: c.Bots[s.White].Name, Black: c.Bots[s.Black].Name})
	}
	return out
}
