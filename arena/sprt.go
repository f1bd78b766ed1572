package arena

import (
	"errors"
	"fmt"

	"github.com/arenabots/arena/results"
)

// An SPRT match is a league of two bots whose config has an sprt key: the
// first bot listed (in a gauntlet, the one challenger) is tested against
// the other, board pair after board pair (the schedule's rounds, each one
// board played with both colours),
// until the test decides (see results.SPRTMatch) or rounds pairs are
// played. The test counts complete pairs in round order, so when it stops
// depends on the games' results alone, not on the order in which parallel
// games finish. Once it has decided, the Runner starts no game; the games
// already in play finish and are recorded: they count in the standings and
// not in the test (SPRTResult.After). A resumed match that is decided plays
// nothing more.

// Defaults of an sprt key.
const (
	defaultSPRTRounds = 500 // board pairs, when the file sets no rounds
	defaultSPRTElo0   = 0
	defaultSPRTElo1   = 20
	defaultSPRTAlpha  = 0.05
	defaultSPRTBeta   = 0.05
)

// ErrDecided is what the record function of a Dispatcher returns once the
// league is decided: the game is recorded, and the league needs no more.
// The Dispatcher then hands out no more games, records those in play and
// returns ErrDecided, which the Runner takes as a normal end. One that
// returns it at once is not wrong either: its games in play are just not
// recorded.
var ErrDecided = errors.New("the league is decided: no more games are needed")

// completeSPRT fills in the defaults of the sprt key and checks it: a test
// of sound parameters on a league of exactly two bots, a round robin or a
// gauntlet. It runs after completeTournament.
func (c *Config) completeSPRT() error {
	if c.SPRT == nil {
		return nil
	}
	for _, d := range []struct {
		v   *float64
		key string
		def float64
	}{
		{&c.SPRT.Elo0, "elo0", defaultSPRTElo0},
		{&c.SPRT.Elo1, "elo1", defaultSPRTElo1},
		{&c.SPRT.Alpha, "alpha", defaultSPRTAlpha},
		{&c.SPRT.Beta, "beta", defaultSPRTBeta},
	} {
		if find(c.root, "sprt", d.key) == nil {
			*d.v = d.def
		}
	}
	if err := c.SPRT.Check(); err != nil {
		return c.errAt("sprt: "+err.Error(), "sprt")
	}
	if len(c.Bots) != 2 {
		return c.errAt(fmt.Sprintf("sprt: an SPRT match is between two bots, the one tested first and its opponent second; found %d bots (SPRT takes a round robin of two bots, or a gauntlet of one challenger and one opponent)", len(c.Bots)), "sprt")
	}
	if !c.tournament().Traits().TwoBotMatch {
		return c.errAt(fmt.Sprintf("sprt: an SPRT match is a round robin of two bots or a gauntlet of one challenger and one opponent, not a %s: leave out format, or sprt", c.Tournament), "sprt")
	}
	if find(c.root, "rounds") == nil {
		c.Rounds = defaultSPRTRounds
	}
	return nil
}

// SPRTMatch returns the league's SPRT match, or nil when the league is not
// one. The bot tested is the first of bots, or a gauntlet's challenger.
func (c *Config) SPRTMatch() *results.SPRTMatch {
	if c.SPRT == nil || len(c.Bots) != 2 {
		return nil
	}
	bot, opponent := c.Bots[0].Name, c.Bots[1].Name
	if len(c.Challengers) == 1 && c.Challengers[0] == opponent { // a gauntlet's challenger
		bot, opponent = opponent, bot
	}
	return &results.SPRTMatch{Test: *c.SPRT, Bot: bot, Opponent: opponent, Rounds: c.Rounds}
}

// decided reports whether games, the journal's, decide the league before
// its schedule is played out: an SPRT match whose test has accepted H0 or
// H1 (an inconclusive match has played its schedule). It is the Runner's
// stop rule, asked before the first game and after each game recorded.
func (c *Config) decided(games []results.Entry) bool {
	m := c.SPRTMatch()
	if m == nil {
		return false
	}
	switch m.Result(games).Result {
	case results.AcceptH0, results.AcceptH1:
		return true
	}
	return false
}
