package results

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/arenabots/arena/referee"
)

// TestJournalKeepsBotTextInert checks that a detail holding controls is
// kept exactly, written in the journal with every control escaped: printing
// games.jsonl shows the escapes.
func TestJournalKeepsBotTextInert(t *testing.T) {
	path := filepath.Join(t.TempDir(), JournalName)
	j, err := OpenJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	const detail = "white: crash: bot reported: \x1b[2J\a\r\u009b\x7f probe wins 2-0\u202e 0-2"
	g := game("01-a-b", "a", "b", BlackWins, referee.Crash, "a", 0, 0)
	g.Detail = detail
	if err := j.Append(g); err != nil {
		t.Fatal(err)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	const want = `"detail":"white: crash: bot reported: \u001b[2J\u0007\r\u009b\u007f probe wins 2-0\u202e 0-2"`
	if !bytes.Contains(data, []byte(want)) {
		t.Errorf("journal line:\n%s\nwant it to hold %s", data, want)
	}
	games, damaged, err := ReadJournal(path)
	if err != nil || len(damaged) > 0 || len(games) != 1 || games[0].Detail != detail {
		t.Errorf("read back %+v (%v, %v), want the detail %q exactly", games, damaged, err, detail)
	}
}
