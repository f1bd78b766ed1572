package results

import (
	"io"
	"strconv"
	"testing"
	"time"

	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/games/dots"
	"github.com/arenabots/arena/referee"
)

// benchGame is a finished game as the recorder gets it: its journal line
// and its move log, and the referee's record of it.
type benchGame struct {
	name    string
	game    Entry
	lines   []MoveLine
	rules   referee.Game
	initial referee.State
	rec     referee.Record
}

// benchGames returns a game of each kind, played to its end by playout: a
// Cavalo game (46 plies) and a Dots and Boxes game on the course's 5×6
// board (71 plies).
func benchGames(b *testing.B) []benchGame {
	b.Helper()
	start := time.Date(2025, 3, 14, 9, 0, 0, 0, time.UTC)
	var out []benchGame
	for _, c := range []struct {
		name    string
		initial referee.State
	}{
		{"cavalo", cavalo.Game{}.New(7)},
		{"dots", dots.Game{}.New(4)},
	} {
		rec := playout(c.initial, 0)
		g := FromRecord("01-greedy-random", 1, 7, "greedy", "random", rec, start, start.Add(3*time.Second))
		lines, err := MoveLines(g, c.initial, rec)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, benchGame{c.name, g, lines, c.initial.Game(), c.initial, rec})
	}
	return out
}

// BenchmarkWriteMoveLog measures recording a game's move logs: encoding
// both and writing each atomically, fsyncs included.
func BenchmarkWriteMoveLog(b *testing.B) {
	dir := b.TempDir()
	forEachGame(b, func(bg benchGame) error { return WriteMoveLog(dir, bg.game, bg.lines, bg.rules) })
}

// BenchmarkWriteReplay measures drawing a game's log.dat, the CPU-bound
// part of WriteMoveLog.
func BenchmarkWriteReplay(b *testing.B) {
	forEachGame(b, func(bg benchGame) error { return WriteReplay(io.Discard, bg.game, bg.lines, games.Lookup) })
}

// BenchmarkJournalAppend measures adding a game to the journal, its fsync
// included.
func BenchmarkJournalAppend(b *testing.B) {
	g := benchGames(b)[0].game
	j, err := OpenJournal(b.TempDir() + "/" + JournalName)
	if err != nil {
		b.Fatal(err)
	}
	defer j.Close()
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n++
		g.ID = "g" + strconv.Itoa(n)
		if err := j.Append(g); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEncodeMoveLog measures the CPU-bound part of WriteMoveLog:
// encoding the JSON move log and drawing the log.dat, without the files.
func BenchmarkEncodeMoveLog(b *testing.B) {
	forEachGame(b, func(bg benchGame) error {
		_, _, err := encodeMoveLog(bg.game, bg.lines, bg.rules)
		return err
	})
}

// BenchmarkMoveLines measures making a game's move log from the referee's
// record, which the game's goroutine does before handing the game over.
func BenchmarkMoveLines(b *testing.B) {
	forEachGame(b, func(bg benchGame) error {
		_, err := MoveLines(bg.game, bg.initial, bg.rec)
		return err
	})
}

// forEachGame runs a sub-benchmark of op, allocations reported, for each
// of benchGames.
func forEachGame(b *testing.B, op func(benchGame) error) {
	for _, bg := range benchGames(b) {
		b.Run(bg.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := op(bg); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
