package arena

import (
	"errors"
	"fmt"

	"github.com/arenabots/arena/results"
)

// An SPRT match is a league of two bots whose config has an sprt key: the
// first bot listed is tested against the second, board pair after board
// pair (the schedule's rounds, each one board played with both colours),
// until the test decides (see results.SPRTMatch) or rounds pairs are
// played. The test counts complete pairs in round order, so when it stops
// depends on the games' results alone, not on the order in which parallel
// games finish. Once it has decided, the Runner starts no game; the games
// already in play finish and are recorded: they count in the standings and
// not in the test (SPRTResult.After). A resumed match that is decided plays
// nothing more.

// Defaults of an sprt key.
const (
	DefaultSPRTRounds = 500 // board pairs, when the file sets no rounds
	DefaultSPRTElo0   = 0
	DefaultSPRTElo1   = 20
	DefaultSPRTAlpha  = 0.05
	DefaultSPRTBeta   = 0.05
)

// ErrDecided is what the record function of a Dispatcher returns once the
// league is decided: the game is recorded, and the league needs no more.
// The Dispatcher then hands out no more games, records those in play and
// returns ErrDecided, which the Runner takes as a normal end. One that
// returns it at once is not wrong either: its games in play are just not
// recorded.
var ErrDecided = errors.New("the league is decided: no more games are needed")

// completeSPRT fills in the defaults of the sprt key and checks it: a test
// of sound parameters on a league of exactly two bots.
func (c *Config) completeSPRT() error {
	if c.SPRT == nil {
		return nil
	}
	for _, d := range []struct {
		v   *float64
		key string
		def float64
	}{
		{&c.SPRT.Elo0, "elo0", DefaultSPRTElo0},
		{&c.SPRT.Elo1, "elo1", DefaultSPRTElo1},
		{&c.SPRT.Alpha, "alpha", DefaultSPRTAlpha},
		{&c.SPRT.Beta, "beta", DefaultSPRTBeta},
	} {
		if find(c.root, "sprt", d.key) == nil {
			*d.v = d.def
		}
	}
	if err := c.SPRT.Check(); err != nil {
		return c.errAt("sprt: "+err.Error(), "sprt")
	}
	if len(c.Bots) != 2 {
		return c.errAt(fmt.Sprintf("sprt: an SPRT match is between two bots, the one tested first and its opponent second; found %d bots (SPRT takes the round-robin format of two bots)", len(c.Bots)), "sprt")
	}
	if find(c.root, "rounds") == nil {
		c.Rounds = DefaultSPRTRounds
	}
	return nil
}

// SPRTMatch returns the league's SPRT match, or nil when the league is not
// one.
func (c *Config) SPRTMatch() *results.SPRTMatch {
	names := make([]string, len(c.Bots))
	for i, b := range c.Bots {
		names[i] = b.Name
	}
	return sprtMatch(c.SPRT, names, c.Rounds)
}

// sprtMatch returns the SPRT match of test between bots (the first tested
// against the second) in at most rounds pairs, or nil when there is no
// test or not two bots.
func sprtMatch(test *results.SPRT, bots []string, rounds int) *results.SPRTMatch {
	if test == nil || len(bots) != 2 {
		return nil
	}
	return &results.SPRTMatch{Test: *test, Bot: bots[0], Opponent: bots[1], Rounds: rounds}
}

// Decided reports whether games, the journal's, decide the league before
// its schedule is played out: an SPRT match whose test has accepted H0 or
// H1 (an inconclusive match has played its schedule). It is the Runner's
// stop rule, asked before the first game and after each game recorded.
func (c *Config) Decided(games []results.Game) bool {
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
