package tournament

import (
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

// completeSPRT fills in the defaults of the sprt key and checks it: a test
// of sound parameters on a league of exactly two bots, a round robin or a
// gauntlet. It runs after the tournament is complete.
func (l *League) completeSPRT() error {
	if l.SPRT == nil {
		return nil
	}
	for _, d := range []struct {
		v   *float64
		key string
		def float64
	}{
		{&l.SPRT.Elo0, "elo0", defaultSPRTElo0},
		{&l.SPRT.Elo1, "elo1", defaultSPRTElo1},
		{&l.SPRT.Alpha, "alpha", defaultSPRTAlpha},
		{&l.SPRT.Beta, "beta", defaultSPRTBeta},
	} {
		if !l.Has("sprt", d.key) {
			*d.v = d.def
		}
	}
	if err := l.SPRT.Check(); err != nil {
		return l.ErrAt("sprt: "+err.Error(), "sprt")
	}
	if len(l.Bots) != 2 {
		return l.ErrAt(fmt.Sprintf("sprt: an SPRT match is between two bots, the one tested first and its opponent second; found %d bots (SPRT takes a round robin of two bots, or a gauntlet of one challenger and one opponent)", len(l.Bots)), "sprt")
	}
	if !l.kind().Traits().TwoBotMatch {
		return l.ErrAt(fmt.Sprintf("sprt: an SPRT match is a round robin of two bots or a gauntlet of one challenger and one opponent, not a %s: leave out format, or sprt", l.Tournament), "sprt")
	}
	if !l.Has("rounds") {
		l.Rounds = defaultSPRTRounds
	}
	return nil
}

// SPRTMatch returns the league's SPRT match, or nil when the league is not
// one. The bot tested is the first of bots, or a gauntlet's challenger.
func (l *League) SPRTMatch() *results.SPRTMatch {
	if l.SPRT == nil || len(l.Bots) != 2 {
		return nil
	}
	bot, opponent := l.Bots[0].Name, l.Bots[1].Name
	if len(l.Challengers) == 1 && l.Challengers[0] == opponent { // a gauntlet's challenger
		bot, opponent = opponent, bot
	}
	return &results.SPRTMatch{Test: *l.SPRT, Bot: bot, Opponent: opponent, Rounds: l.Rounds}
}

// Decided reports whether games, the journal's, decide the league before
// its schedule is played out: an SPRT match whose test has accepted H0 or
// H1 (an inconclusive match has played its schedule). It is the Runner's
// stop rule, asked before the first game and after each game recorded.
func (l *League) Decided(games []results.Entry) bool {
	m := l.SPRTMatch()
	if m == nil {
		return false
	}
	switch m.Result(games).Result {
	case results.AcceptH0, results.AcceptH1:
		return true
	}
	return false
}
