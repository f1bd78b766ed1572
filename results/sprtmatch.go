package results

import "github.com/arenabots/arena/referee"

// SPRTMatch is a match between two bots that stops itself: board pair
// after board pair until the SPRT Test decides, or Rounds pairs are played.
// Board pair r is the two games of round r between Bot and Opponent, one
// with each colour, on the round's board.
type SPRTMatch struct {
	Test     SPRT
	Bot      string // the bot tested: H1 says it is the stronger
	Opponent string
	Rounds   int // the most board pairs the match plays
}

// SPRTResult is where an SPRT match stands after some games.
type SPRTResult struct {
	Test     SPRT     `json:"test"`
	Bot      string   `json:"bot"`
	Opponent string   `json:"opponent"`
	Result   Decision `json:"result"` // H1, H0, inconclusive or running
	LLR      float64  `json:"llr"`
	Lower    float64  `json:"lower_bound"`
	Upper    float64  `json:"upper_bound"`
	// Rounds is the most board pairs the match plays; Round the last
	// round counted.
	Rounds int `json:"rounds"`
	Round  int `json:"round"`
	// Pentanomial counts the pairs counted by Bot's pair score 0, 1/2, 1,
	// 3/2 and 2, and Estimate is Bot's strength from them.
	Pentanomial [5]int   `json:"pentanomial"`
	Estimate    Estimate `json:"estimate"`
	// After counts the games recorded in rounds after the one that
	// decided the match: games in play when it was decided. They are in
	// the standings, not in the test.
	After int `json:"games_after_decision"`
}

// Result returns the state of the match after games, the journal's games
// in any order: the test counts round after round, from round 1, each
// complete pair, and decides at the first pair after which the LLR is at
// or beyond a bound. It stops counting at the first round whose pair is not
// complete yet, so the result depends on the games' results alone, never
// on the order in which they finished. A pair with a double forfeit says
// nothing of the bots' strengths and is passed over, as in the standings.
// Games of other bots are ignored.
func (m SPRTMatch) Result(games []Entry) SPRTResult {
	r := SPRTResult{Test: m.Test, Bot: m.Bot, Opponent: m.Opponent, Result: Running, Rounds: m.Rounds}
	r.Lower, r.Upper = m.Test.Bounds()
	pairs := sprtPairs(games, m.Bot, m.Opponent)
	for round := 1; m.Rounds == 0 || round <= m.Rounds; round++ {
		p := pairs[round]
		if p[0] == nil || p[1] == nil {
			break
		}
		r.Round = round
		if !informative(*p[0]) || !informative(*p[1]) {
			continue
		}
		r.Pentanomial[pairIndex(p[0], p[1])]++
		r.LLR = m.Test.LLR(r.Pentanomial)
		if r.Result = m.Test.Decide(r.LLR); r.Result != Running {
			break
		}
	}
	switch {
	case r.Result != Running:
		for round, p := range pairs {
			for _, g := range p {
				if round > r.Round && g != nil {
					r.After++
				}
			}
		}
	case m.Rounds > 0 && r.Round == m.Rounds:
		r.Result = Inconclusive
	}
	r.Estimate = estimatePentanomial(r.Pentanomial)
	return r
}

// Decided reports whether the match needs no more games: the test accepted
// a hypothesis, or the last pair is played.
func (r SPRTResult) Decided() bool { return r.Result != Running }

// sprtPairs returns the games between bot and opponent by round, each as
// bot's game with White and its game with Black (nil when not played).
func sprtPairs(games []Entry, bot, opponent string) map[int][2]*Entry {
	pairs := map[int][2]*Entry{}
	for i := range games {
		g := &games[i]
		k := 0
		switch {
		case g.White == bot && g.Black == opponent:
		case g.White == opponent && g.Black == bot:
			k = 1
		default:
			continue
		}
		p := pairs[g.Round]
		p[k] = g
		pairs[g.Round] = p
	}
	return pairs
}

// pairIndex returns the pentanomial index of bot's score over its game
// with White, w, and its game with Black, b.
func pairIndex(w, b *Entry) int {
	return int(2 * (outcome(*w, referee.White) + outcome(*b, referee.Black)))
}
