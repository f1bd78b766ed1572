package web_test

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/arenabots/arena/games"
)

// TestReportDrawsEveryGame plays a short league of every game of the
// table (greedy against random, one round) and opens its report: the
// viewer draws the game's own board (svg.board.NAME) for its first game,
// and a step forward draws another.
func TestReportDrawsEveryGame(t *testing.T) {
	bin := needBrowser(t)
	dir := t.TempDir()
	ctx := browser(t)
	for _, name := range games.Names() {
		t.Run(name, func(t *testing.T) {
			results := playLeague(t, bin, dir, name, "game: "+name+"\nseed: 2\nrounds: 1\ntempo_ms: 50\nconcurrency: 2\nbots:\n"+
				"  - {name: greedy, builtin: greedy}\n  - {name: random, builtin: random}\n")
			report := filepath.Join(dir, name+".html")
			if out, err := exec.Command(bin, "report", results, "-o", report).CombinedOutput(); err != nil {
				t.Fatalf("arena report: %v\n%s", err, out)
			}
			do(t, ctx, "open the report", chromedp.Navigate("file://"+report))
			waitFor(t, ctx, "two finished games", count("#games tbody tr")+" === 2")
			do(t, ctx, "open a game", chromedp.Click(chromedp.CSS("#games tbody tr:first-child button")))
			board := fmt.Sprintf("#viewer-board svg.board.%s", name)
			waitFor(t, ctx, "the viewer drawing the game's board", count(board)+" === 1")
			before := eval[string](t, ctx, fmt.Sprintf("document.querySelector(%q).outerHTML", board))
			do(t, ctx, "step forward", chromedp.KeyEvent(kb.ArrowRight))
			waitFor(t, ctx, "the viewer at ply 1", `document.getElementById("v-ply").textContent.startsWith("ply 1 of")`)
			if after := eval[string](t, ctx, fmt.Sprintf("(document.querySelector(%q) || {}).outerHTML || ''", board)); after == before || after == "" {
				t.Errorf("ply 1 draws the same board as ply 0, or none")
			}
			screenshot(t, ctx, "report-"+name)
		})
	}
}

// TestLiveAdji opens arena run --web on an Adji-boto league as it plays: a
// game in play shows the board of 12 holes, each with its count, styled
// by the page, and the game goes on.
func TestLiveAdji(t *testing.T) {
	bin := needBrowser(t)
	dir := t.TempDir()
	file := writeLeague(t, dir, "adji", "game: adji\ngame_options: {opening_plies: 4}\nseed: 3\nrounds: 3\ntempo_ms: 150\ntime_margin_ms: 1000\nconcurrency: 2\nbots:\n"+
		"  - {name: alphabeta, builtin: alphabeta}\n  - {name: greedy, builtin: greedy}\n")
	addr := startArena(t, bin, dir, "run", "--plain", "--web", "127.0.0.1:0", file)
	ctx := browser(t)
	do(t, ctx, "open the page", chromedp.Navigate(addr))
	waitFor(t, ctx, "an Adji-boto game in play", count("article.live svg.board.adji")+" > 0")
	holes, err := chromedp.Run(ctx, chromedp.Poll[int](`(() => { const c = document.querySelector("article.live svg.board.adji"); return c && c.querySelectorAll("circle.hole").length === 12 && c.querySelectorAll("text.count").length; })()`, chromedp.WithPollingTimeout(hang)))
	if err != nil || holes != 12 {
		t.Errorf("live board: %d counts (%v), want 12 holes with their counts", holes, err)
	}
	// The page styles the board: a hole is drawn light, its count dark,
	// not in the SVG's default black.
	if fill := eval[string](t, ctx, `getComputedStyle(document.querySelector("article.live svg.board.adji circle.hole")).fill`); fill == "rgb(0, 0, 0)" {
		t.Errorf("a hole is filled %s: the page has no style for Adji-boto's board", fill)
	}
	card := `document.querySelector("article.live")`
	ply, err := chromedp.Run(ctx, chromedp.Poll[string](`(() => { const c = `+card+`; return c && c.dataset.game + " " + c.dataset.ply; })()`, chromedp.WithPollingTimeout(hang)))
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the next move of the game in play",
		fmt.Sprintf(`(() => { const c = %s; return c && (c.dataset.game + " " + c.dataset.ply) !== %q; })()`, card, ply))
	screenshot(t, ctx, "live-adji")
}
