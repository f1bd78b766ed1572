package web_test

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"golang.org/x/sys/unix"
)

// heldSh is a bot of the line protocol that plays the first legal move
// and, before its second move of each game, reads one line of the FIFO
// "go" beside it: it waits there, blocked in read(2) and using no CPU,
// until the test writes a line. A held game so shows a move of each side.
// Its shell reads a line a byte at a time, and each line is one byte: one
// line lets one game go on.
const heldSh = `#!/bin/sh
set -f
n=0
while read -r cmd rest; do
  case "$cmd" in
    arena) echo "bot name held" ;;
    newgame) n=0 ;;
    moves) set -- $rest; first=$1 ;;
    go) n=$((n+1)); if [ "$n" = 2 ]; then read -r _ < "${0%/*}/go"; fi; echo "move $first" ;;
    quit) exit 0 ;;
  esac
done
`

// heldMargin is the margin of a league with a held bot, a day: longer
// than any go test -timeout. Under clock: cpu a held call is charged its
// CPU time, next to none, and cut off at the wall-time cap (ten times the
// tempo, at least 5 s, plus the margin); under a game clock it is charged a
// tenth of its wall time, and loses on time past its clock plus the margin:
// either only after the test has ended, however slowly its page comes.
const heldMargin = "time_margin_ms: 86400000\n"

// held is a league's bot that holds each game it plays in play until the
// test lets it go on (see heldSh): the live page's tests so see a game in
// play, and a game end, when they say, not when the machine's speed has it.
// A league with the held bot plays one game at a time (concurrency: 1), so
// that a release lets the game the page shows go on, and the page's first
// card is that game's.
//
// Nothing in it is timed: the hold ends when the test writes, not after a
// while, and the held call is cut off or loses on time only past
// heldMargin, after the test.
type held struct {
	dir string
	*gate
}

// holdGames makes the held bot, and its gate "go", in a directory of its
// own, open to the uid a sandboxed bot runs as.
func holdGames(t *testing.T) *held {
	t.Helper()
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "held"), []byte(heldSh), 0o755); err != nil {
		t.Fatal(err)
	}
	return &held{dir: dir, gate: newGate(t, dir, "go")}
}

// bot returns the held bot's keys in a league file.
func (h *held) bot() string {
	return "path: " + strconv.Quote(filepath.Join(h.dir, "held")) + ", protocol: lines"
}

// gate is a FIFO that bots read a line of, a byte, before they go on: each
// line the test writes lets one of them go on. The test keeps it open, read
// and write, until it ends: a bot's open never waits for a writer, and a
// line written stays there until a bot reads it.
type gate struct {
	path string
	fifo *os.File
}

// newGate makes the gate name in dir, readable by every uid.
func newGate(t *testing.T, dir, name string) *gate {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := unix.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o644); err != nil { // whatever the umask
		t.Fatal(err)
	}
	fifo, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { fifo.Close() })
	return &gate{path: path, fifo: fifo}
}

// release lets one bot waiting at g go on: for the held bot, one game to
// its end, the next game being held in turn.
func (g *gate) release(t *testing.T) {
	t.Helper()
	if _, err := g.fifo.WriteString("\n"); err != nil {
		t.Fatal(err)
	}
}
