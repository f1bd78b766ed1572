package web

import (
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/referee"
	"github.com/arenabots/arena/results"
)

// spoof is what a hostile bot writes to fool whoever reads it: a cleared
// screen, a window title, a carriage return and a line reordered right to
// left.
const spoof = "\x1b[2J\x1b]0;pwned\x07\rprobe wins 2-0 \u202e0-2"

// TestPageShowsBotTextInert checks that what the page gets of a game (the
// tables' games and faults, the viewer's game and plies) holds a bot's
// text escaped, while the move log keeps its bytes.
func TestPageShowsBotTextInert(t *testing.T) {
	dir := t.TempDir()
	initial, rec := record(3)
	side := initial.ToMove()
	if len(rec.Moves)%2 == 1 {
		side = side.Other()
	}
	rec.Moves = append(rec.Moves, referee.MoveRecord{
		Ply: len(rec.Moves) + 1, Side: side, Answer: spoof, Log: spoof + "\nsecond line\n",
		Stats: referee.Stats{PV: []string{spoof}},
	})
	rec.Reason, rec.Loser, rec.Winner, rec.Detail = referee.Illegal, side, side.Other(), side.String()+": bot reported: "+spoof
	rec.After[side.Index()] = spoof
	g := results.FromRecord("01-a-b", 1, 3, "a", "b", rec, time.Now(), time.Now())
	if err := results.WriteGameLog(dir, g, initial, rec); err != nil {
		t.Fatal(err)
	}
	l := openWith(t, dir, g)
	snap, _ := l.snapshot()
	v, err := l.gameView(g.ID)
	if err != nil {
		t.Fatal(err)
	}
	last := v.Moves[len(v.Moves)-1]
	for _, s := range []struct{ what, text string }{
		{"tables' game detail", snap.Tables.Games[0].Detail},
		{"fault detail", snap.Tables.Faults[0].Detail},
		{"viewer's game detail", v.Entry.Detail},
		{"answer", last.Answer},
		{"output", last.Log},
		{"output after the last move", last.AfterLog},
		{"pv", last.PV[0]},
	} {
		if strings.ContainsAny(s.text, "\x1b\r\x07\u202e") || !strings.Contains(s.text, `\x1b[2J\x1b]0;pwned\a\rprobe wins 2-0 \u202e0-2`) {
			t.Errorf("%s: %q, want the spoof escaped", s.what, s.text)
		}
	}
	if !strings.Contains(last.Log, "\nsecond line") {
		t.Errorf("output %q lost its lines", last.Log)
	}
	lines, err := results.ReadGameLog(dir, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got := lines[len(lines)-1]; got.Answer != spoof || !strings.HasPrefix(got.Log, spoof) {
		t.Errorf("move log: answer %q, output %q; want the bytes the bot wrote", got.Answer, got.Log)
	}
}
