package results

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/arenabots/arena/referee"
)

// Results of a game, as written in Game.Result.
const (
	WhiteWins     = "1-0"
	BlackWins     = "0-1"
	Draw          = "1/2-1/2"
	DoubleForfeit = "0-0" // both sides failed: a loss for both
)

// BothAtFault is Entry.Loser when both sides failed, e.g. neither bot started.
// Bot names may therefore never be "*".
const BothAtFault = "*"

// Entry is one line of games.jsonl: a finished game of a league. The journal
// holds only finished games; an interrupted game is not a result and is
// played again on resume.
type Entry struct {
	// ID is the scheduled game's stable id, e.g. "03-greedy-random" (round,
	// White, Black). It names the game's move logs, so it must be usable as
	// a file name: no path separators, control characters or leading dot.
	ID    string `json:"id"`
	Round int    `json:"round"`
	Seed  uint64 `json:"board_seed"`
	White string `json:"white"`
	Black string `json:"black"`
	// Result is WhiteWins, BlackWins, Draw or DoubleForfeit.
	Result string `json:"result"`
	// Reason is how the game ended; a game ends Normal or by a fault
	// (Timeout, Illegal, Crash, Start), never Interrupted.
	Reason referee.Reason `json:"reason"`
	// Loser is the name of the bot at fault when Reason is a fault, or
	// BothAtFault when both failed; "" for a normal end. Under an adjudicate
	// policy the bot at fault need not have lost the game: Result says who
	// won, Loser who faulted.
	Loser  string `json:"loser,omitempty"`
	Detail string `json:"detail,omitempty"`
	// Scores are the board points of White and Black.
	Scores [2]int `json:"scores"`
	Plies  int    `json:"plies"`
	// TimeMS is the time charged to White and Black, in milliseconds.
	TimeMS [2]int64  `json:"time_ms"`
	Start  time.Time `json:"start"`
	End    time.Time `json:"end"`
	// Worker names the worker of a distributed league that played the
	// game; "" for a game played by the run itself.
	Worker string `json:"worker,omitempty"`
}

// FromRecord returns the journal line of a game that the referee ended with
// rec. It fills Result, Loser, Detail, Scores, Plies and TimeMS from the
// record; a fault with no side at fault (rec.Loser == 0), such as a game
// neither bot could start, is a DoubleForfeit with Loser BothAtFault.
//
// An interrupted record gives a Game that Validate and Journal.Append refuse:
// it is not a result.
func FromRecord(id string, round int, seed uint64, white, black string, rec referee.Record, start, end time.Time) Entry {
	g := Entry{
		ID: id, Round: round, Seed: seed, White: white, Black: black,
		Reason: rec.Reason, Detail: rec.Detail, Scores: rec.Scores, Plies: len(rec.Moves),
		TimeMS: [2]int64{rec.Time[0].Milliseconds(), rec.Time[1].Milliseconds()},
		Start:  start, End: end,
	}
	switch {
	case rec.Reason == referee.Interrupted:
		g.Result = "*"
	case isFault(rec.Reason) && rec.Loser == 0:
		g.Result, g.Loser = DoubleForfeit, BothAtFault
	case rec.Winner == referee.White:
		g.Result = WhiteWins
	case rec.Winner == referee.Black:
		g.Result = BlackWins
	default:
		g.Result = Draw
	}
	if isFault(rec.Reason) && rec.Loser != 0 {
		g.Loser = g.Bot(rec.Loser)
	}
	return g
}

// isFault reports whether r ends a game because a bot failed.
func isFault(r referee.Reason) bool {
	switch r {
	case referee.Timeout, referee.Illegal, referee.Crash, referee.Start:
		return true
	}
	return false
}

// Bot returns the name of the bot playing side.
func (g Entry) Bot(side referee.Side) string {
	if side == referee.Black {
		return g.Black
	}
	return g.White
}

// Validate checks that g is a journal line: a usable id, two bot names, a
// known result, a finished reason, and a Loser that agrees with them.
func (g Entry) Validate() error {
	if err := ValidID(g.ID); err != nil {
		return err
	}
	for _, b := range [2]string{g.White, g.Black} {
		if b == "" || b == BothAtFault {
			return fmt.Errorf("game %s: bad bot name %q", g.ID, b)
		}
	}
	switch g.Result {
	case WhiteWins, BlackWins, Draw, DoubleForfeit:
	default:
		return fmt.Errorf("game %s: bad result %q: want 1-0, 0-1, 1/2-1/2 or 0-0", g.ID, g.Result)
	}
	switch {
	case g.Reason == referee.Interrupted:
		return fmt.Errorf("game %s was interrupted: only finished games are results", g.ID)
	case g.Reason == referee.Normal:
		if g.Loser != "" {
			return fmt.Errorf("game %s ended normally but names %q at fault", g.ID, g.Loser)
		}
		if want := scoreResult(g.Scores); g.Result != want && g.Result != Draw {
			return fmt.Errorf("game %s ended normally %d-%d, so its result is %s, not %s", g.ID, g.Scores[0], g.Scores[1], want, g.Result)
		}
	case g.Reason == referee.Resigned:
		if g.Loser != "" {
			return fmt.Errorf("game %s ended by a resignation but names %q at fault: a resignation is no fault", g.ID, g.Loser)
		}
		if g.Result != WhiteWins && g.Result != BlackWins {
			return fmt.Errorf("game %s ended by a resignation: its result is 1-0 or 0-1, not %s", g.ID, g.Result)
		}
	case isFault(g.Reason):
		if g.Loser != g.White && g.Loser != g.Black && g.Loser != BothAtFault {
			return fmt.Errorf("game %s ended by %s: loser %q is neither %s, %s nor %s", g.ID, g.Reason, g.Loser, g.White, g.Black, BothAtFault)
		}
		if (g.Loser == BothAtFault) != (g.Result == DoubleForfeit) {
			return fmt.Errorf("game %s: result %s and loser %q disagree: 0-0 is exactly when both are at fault", g.ID, g.Result, g.Loser)
		}
	default:
		return fmt.Errorf("game %s: bad reason %v", g.ID, g.Reason)
	}
	if g.Plies < 0 || g.Scores[0] < 0 || g.Scores[1] < 0 {
		return fmt.Errorf("game %s: negative plies or scores", g.ID)
	}
	return nil
}

// scoreResult is the result that points decide. A normal end may also be a
// draw whatever the points: a game whose own rule decides it (a
// referee.Decider) keeps its points as a tie-break; but a win always goes
// to the side with more points.
func scoreResult(s [2]int) string {
	switch referee.Winner(s) {
	case referee.White:
		return WhiteWins
	case referee.Black:
		return BlackWins
	}
	return Draw
}

// ValidID reports whether id can name a game: it becomes a file name under
// games/, so it must be 1 to 200 bytes without path separators, control
// characters, spaces or a leading dot.
func ValidID(id string) error {
	if id == "" {
		return errors.New("empty game id")
	}
	if len(id) > 200 || id[0] == '.' || strings.ContainsFunc(id, func(r rune) bool {
		return r <= ' ' || r == 0x7f || r == '/' || r == '\\' || r == ':'
	}) {
		return fmt.Errorf("bad game id %q: want a file name without spaces, slashes, colons or a leading dot", id)
	}
	return nil
}
