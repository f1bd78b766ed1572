package web_test

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestQuatroReport writes the report of a finished Jogo do Quatro league
// (games/quatro) and opens a game in its viewer: the board of 16 cells and
// its reserve are drawn, and stepping forward places a piece.
func TestQuatroReport(t *testing.T) {
	bin := needBrowser(t)
	dir := t.TempDir()
	results := playLeague(t, bin, dir, "quatro", "game: quatro\ngame_options: {opening_plies: 2}\nseed: 3\nrounds: 1\ntempo_ms: 50\nconcurrency: 2\nbots:\n"+
		"  - {name: alphabeta, builtin: alphabeta}\n  - {name: greedy, builtin: greedy}\n")
	report := filepath.Join(dir, "quatro.html")
	if out, err := exec.Command(bin, "report", results, "-o", report).CombinedOutput(); err != nil {
		t.Fatalf("arena report: %v\n%s", err, out)
	}
	ctx := browser(t)
	do(t, ctx, "open the report", chromedp.Navigate("file://"+report))
	waitFor(t, ctx, "two standings rows", count("#standings tbody tr")+" === 2")
	do(t, ctx, "open a game", chromedp.Click(chromedp.CSS("#games tbody tr:first-child button")))
	waitFor(t, ctx, "the viewer's quatro board", count("#viewer-board svg.quatro rect.cell")+" === 16")
	played := count("#viewer-board svg.quatro rect.slot.played")
	before := eval[int](t, ctx, played)
	do(t, ctx, "step forward", chromedp.KeyEvent(kb.ArrowRight))
	waitFor(t, ctx, "the viewer at ply 1", `document.getElementById("v-ply").textContent.startsWith("ply 1 of")`)
	waitFor(t, ctx, "one piece more out of the reserve", fmt.Sprintf("%s === %d", played, before+1))
	screenshot(t, ctx, "quatro-report")
}

// TestQuatroPlay plays a person's move of Jogo do Quatro from the page
// (arena serve --play --game quatro): clicking a cell lists the pieces to
// choose from ("Choose:"), and clicking one plays it; greedy replies.
func TestQuatroPlay(t *testing.T) {
	bin := needBrowser(t)
	dir := t.TempDir()
	addr := startArena(t, bin, dir, "serve", "--play", "--game", "quatro", "--play-out", "people", "--tempo", "100", "--addr", "127.0.0.1:0")
	ctx := browser(t)
	do(t, ctx, "open the page", chromedp.Navigate(addr))
	waitFor(t, ctx, "the play form", count("#play-bot option")+" > 0")
	do(t, ctx, "start a game against greedy",
		chromedp.SetValue(chromedp.CSS("#play-bot"), "greedy"),
		chromedp.Click(chromedp.CSS(`#play-form button[type=submit]`)))
	waitFor(t, ctx, "a cell to click", count("article.live.human svg.quatro rect.cell.playable")+" > 0")
	if n := eval[int](t, ctx, count("article.live.human svg.quatro rect.cell")); n != 16 {
		t.Errorf("play board: %d cells, want 16", n)
	}
	before := eval[int](t, ctx, `Number(document.querySelector("article.live.human").dataset.ply)`)
	do(t, ctx, "click a cell", chromedp.Click(chromedp.CSS("article.live.human svg.quatro rect.cell.playable")))
	choice := "article.live.human .moves span + button"
	waitFor(t, ctx, "the pieces to choose from", count(choice)+" > 0")
	pieces := eval[int](t, ctx, count("article.live.human .moves button"))
	if pieces < 2 || pieces > 16 {
		t.Errorf("%d pieces to choose from after clicking a cell, want the reserve's (2 to 16)", pieces)
	}
	do(t, ctx, "choose a piece", chromedp.Click(chromedp.CSS(choice)))
	waitFor(t, ctx, "the person's move", fmt.Sprintf(`Number(document.querySelector("article.live.human").dataset.ply) > %d`, before))
	waitFor(t, ctx, "greedy's reply and the person's next turn", count("article.live.human svg.quatro rect.cell.playable")+" > 0")
	screenshot(t, ctx, "quatro-play")
}
