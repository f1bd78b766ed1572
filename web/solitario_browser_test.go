package web_test

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/arenabots/arena/internal/browsertest"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// solitarioBoard is the drawing of a Solitário 2 board.
const solitarioBoard = "svg.board.solitario"

// solitarioPegs counts the holes and the pegs of the board of sel.
func solitarioPegs(sel string) string {
	return fmt.Sprintf(`(() => { const b = document.querySelector(%q); return b ? [b.querySelectorAll("circle.hole").length, b.querySelectorAll("circle.peg").length] : [0, 0]; })()`, sel)
}

// TestLiveSolitario opens arena run --web on a Solitário 2 league, on
// seeded openings, as it plays: a game in play shows the cross of 33 holes
// with its pegs, and the game goes on. Its games are held in play (see
// held) until the page has shown the board.
func TestLiveSolitario(t *testing.T) {
	bin := needBrowser(t)
	dir := t.TempDir()
	hold := holdGames(t)
	file := writeLeague(t, dir, "solitario", "game: solitario\ngame_options: {opening_plies: 4}\nseed: 3\nrounds: 3\ntempo_ms: 150\n"+heldMargin+"concurrency: 1\nbots:\n"+
		"  - {name: held, "+hold.bot()+"}\n  - {name: greedy, builtin: greedy}\n")
	addr := startArena(t, bin, dir, "run", "--plain", "--web", "127.0.0.1:0", file)
	ctx := browser(t)
	do(t, ctx, "open the page", chromedp.Navigate(addr))
	live := "article.live " + solitarioBoard
	waitFor(t, ctx, "a Solitário 2 game in play", count(live)+" > 0")
	if got := eval[[2]int](t, ctx, solitarioPegs(live)); got[0] != 33 || got[1] < 1 || got[1] > 12 {
		t.Errorf("live board: %d holes, %d pegs; want the 33 holes of the cross and the pegs left", got[0], got[1])
	}
	card := `document.querySelector("article.live")`
	ply, err := chromedp.Run(ctx, browsertest.Poll[string](`(() => { const c = `+card+`; return c && c.dataset.game + " " + c.dataset.ply; })()`, hang))
	if err != nil {
		t.Fatal(err)
	}
	hold.release(t)
	waitFor(t, ctx, "the next move of the game in play",
		fmt.Sprintf(`(() => { const c = %s; return c && (c.dataset.game + " " + c.dataset.ply) !== %q; })()`, card, ply))
	screenshot(t, ctx, "live-solitario")
}

// TestReportSolitario plays a short Solitário 2 league (greedy against
// random) and opens its report: the viewer draws the cross with the 12
// pegs of the start, and a step forward moves one.
func TestReportSolitario(t *testing.T) {
	bin := needBrowser(t)
	dir := t.TempDir()
	results := playLeague(t, bin, dir, "solitario", "game: solitario\nseed: 2\nrounds: 1\ntempo_ms: 50\nconcurrency: 2\nbots:\n"+
		"  - {name: greedy, builtin: greedy}\n  - {name: random, builtin: random}\n")
	report := filepath.Join(dir, "solitario.html")
	if out, err := exec.Command(bin, "report", results, "-o", report).CombinedOutput(); err != nil {
		t.Fatalf("arena report: %v\n%s", err, out)
	}
	ctx := browser(t)
	do(t, ctx, "open the report", chromedp.Navigate("file://"+report))
	waitFor(t, ctx, "two finished games", count("#games tbody tr")+" === 2")
	do(t, ctx, "open a game", chromedp.Click(chromedp.CSS("#games tbody tr:first-child button")))
	board := "#viewer-board " + solitarioBoard
	waitFor(t, ctx, "the viewer drawing the cross", count(board)+" === 1")
	if got := eval[[2]int](t, ctx, solitarioPegs(board)); got != [2]int{33, 12} {
		t.Errorf("the start in the viewer: %d holes, %d pegs; want 33 holes, 12 pegs", got[0], got[1])
	}
	before := eval[string](t, ctx, fmt.Sprintf("document.querySelector(%q).outerHTML", board))
	do(t, ctx, "step forward", chromedp.KeyEvent(kb.ArrowRight))
	waitFor(t, ctx, "the viewer at ply 1", `document.getElementById("v-ply").textContent.startsWith("ply 1 of")`)
	if after := eval[string](t, ctx, fmt.Sprintf("(document.querySelector(%q) || {}).outerHTML || ''", board)); after == before || after == "" {
		t.Errorf("ply 1 draws the same board as the start, or none")
	}
	screenshot(t, ctx, "report-solitario")
}
