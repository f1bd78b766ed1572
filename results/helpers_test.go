package results

import (
	"testing"
	"time"

	goldenfile "github.com/arenabots/arena/internal/golden"
	"github.com/arenabots/arena/referee"
)

// golden compares got with testdata/name.golden (see package golden).
func golden(t *testing.T, name string, got []byte) { goldenfile.Check(t, name+".golden", got) }

// game returns a journal line for tests.
func game(id, white, black, result string, reason referee.Reason, loser string, ws, bs int) Entry {
	t0 := time.Date(2025, 3, 14, 9, 0, 0, 0, time.UTC)
	return Entry{
		ID: id, Round: int(id[1] - '0'), Seed: uint64(len(id)), White: white, Black: black,
		Result: result, Reason: reason, Loser: loser, Scores: [2]int{ws, bs},
		Plies: (ws + bs) / 10, TimeMS: [2]int64{int64(ws) * 3, int64(bs) * 3},
		Start: t0, End: t0.Add(90 * time.Second),
	}
}

// sampleGames is a small league whose standings are worked out by hand in
// TestComputeSample.
func sampleGames() []Entry {
	return []Entry{
		game("01-alpha-beta", "alpha", "beta", WhiteWins, referee.Normal, "", 300, 200),
		game("01-gamma-delta", "gamma", "delta", Draw, referee.Normal, "", 150, 150),
		game("02-beta-alpha", "beta", "alpha", BlackWins, referee.Timeout, "beta", 40, 60),
		game("02-delta-gamma", "delta", "gamma", BlackWins, referee.Normal, "", 100, 250),
		game("03-alpha-gamma", "alpha", "gamma", Draw, referee.Normal, "", 200, 200),
		game("03-beta-delta", "beta", "delta", DoubleForfeit, referee.Start, BothAtFault, 0, 0),
		game("04-gamma-beta", "gamma", "beta", WhiteWins, referee.Illegal, "beta", 120, 130),
		game("04-delta-alpha", "delta", "alpha", WhiteWins, referee.Normal, "", 260, 240),
		// Adjudicated: gamma crashed, the points decide.
		game("05-beta-gamma", "beta", "gamma", Draw, referee.Crash, "gamma", 90, 90),
	}
}
