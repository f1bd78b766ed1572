package arena

import (
	"bytes"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/results"
)

// spoofText is what the test bot's spoofing modes write (see
// host/internal/testbot): a cleared screen, a window title, a fake result
// over the line, and text reordered right to left. shownSpoof is how people
// are shown it, in log.dat and by `arena replay`, whether as output, as
// error text or quoted as an answer.
const (
	spoofText  = "\x1b[2J\x1b[H\x1b]0;pwned\x07\rprobe wins 2-0\u202e 0-2 sniw"
	shownSpoof = `\x1b[2J\x1b[H\x1b]0;pwned\a\rprobe wins 2-0\u202e 0-2 sniw`
)

// checkInert checks a game of a bot that wrote terminal escapes: the
// journal and the move log keep its bytes; log.dat and `arena replay` show
// them as text, and no control character of the bot's reaches them.
func checkInert(t *testing.T, cfg *league.Config, g results.Entry, bot string) {
	t.Helper()
	mine := botLines(t, cfg, g, bot)
	// Its error text in the journal's detail, or its answer in the move log.
	if last := mine[len(mine)-1]; !strings.Contains(g.Detail, spoofText) && !strings.HasPrefix(last.Answer, spoofText) {
		t.Errorf("%s: the journal keeps the detail %q and the move log the answer %q, not the bytes the bot wrote", g.ID, g.Detail, last.Answer)
	}
	if strings.HasPrefix(bot, "spoof") && !slices.ContainsFunc(mine, func(l results.MoveLine) bool { return strings.Contains(l.Log, spoofText) }) {
		t.Errorf("%s: the move log keeps no output with the bytes the bot wrote", g.ID)
	}
	dat, err := os.ReadFile(results.LogDatPath(cfg.Out, g.ID))
	if err != nil {
		t.Fatal(err)
	}
	replay, err := exec.Command(arenaBin, "replay", cfg.Out, g.ID).Output()
	if err != nil {
		t.Fatalf("arena replay %s: %v", g.ID, err)
	}
	// arena replay wraps long lines at 80 columns: the same text, spaced
	// otherwise.
	if squeezed := func(b []byte) string { return strings.Join(strings.Fields(string(b)), "") }; squeezed(replay) != squeezed(dat) {
		t.Errorf("%s: arena replay differs from log.dat", g.ID)
	}
	for _, c := range []string{"\x1b", "\r", "\x07", "\u202e"} {
		if i := bytes.Index(dat, []byte(c)); i >= 0 {
			t.Errorf("%s: log.dat holds %q raw, at %q", g.ID, c, dat[max(0, i-20):min(len(dat), i+20)])
		}
	}
	if !bytes.Contains(dat, []byte(shownSpoof)) {
		t.Errorf("%s: log.dat does not show the escapes as text %s:\n%s", g.ID, shownSpoof, dat)
	}
}

// checkLongAnswer checks the game of a bot that answered 900 KB: its
// answer is kept as its first KiB and its length, and the journal line
// stays small.
func checkLongAnswer(t *testing.T, cfg *league.Config, g results.Entry, bot string) {
	t.Helper()
	checkInert(t, cfg, g, bot)
	mine := botLines(t, cfg, g, bot)
	last := mine[len(mine)-1].Answer
	const cut = "…(900000 bytes)"
	if !strings.HasPrefix(last, spoofText) || !strings.HasSuffix(last, cut) || len(last) > 1024+len(cut) {
		t.Errorf("%s: answer of %d bytes ends %q; want its first KiB, then %q", g.ID, len(last), last[max(0, len(last)-40):], cut)
	}
	if len(g.Detail) > 1100 {
		t.Errorf("%s: detail of %d bytes; want about a KiB", g.ID, len(g.Detail))
	}
	for _, f := range []string{results.MoveLogPath(cfg.Out, g.ID), results.LogDatPath(cfg.Out, g.ID)} {
		if fi, err := os.Stat(f); err != nil || fi.Size() > 64<<10 {
			t.Errorf("%s: %v; want at most 64 KiB", f, err)
		}
	}
}
