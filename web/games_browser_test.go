package web_test

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/internal/browsertest"
)

// sides names, for each game, the marks of the two sides a board must
// draw apart: class "white" and "black" on each side's pieces, except in
// Jogo do Quatro, whose pieces belong to nobody (the mover picks any):
// there its light and dark pieces.
func sides(game string) [2]string {
	if game == "quatro" {
		return [2]string{".piece.light > :not(title, .hole)", ".piece.dark > :not(title, .hole)"}
	}
	return [2]string{".white", ".black"}
}

// apart is a JavaScript expression true when the board sel draws the
// marks of both sides (see sides), every look (fill and stroke) of one
// side's unlike every look of the other's.
func apart(sel string, side [2]string) string {
	return fmt.Sprintf(`(() => { const b = document.querySelector(%q); if (!b) return false;
		const looks = (s) => new Set([...b.querySelectorAll(s)].filter((e) => e.tagName !== "text" && e.tagName !== "g")
			.map((e) => { const c = getComputedStyle(e); return c.fill + " " + c.stroke; }));
		const w = looks(%q), k = looks(%q);
		return w.size > 0 && k.size > 0 && [...w].every((x) => !k.has(x)); })()`, sel, side[0], side[1])
}

// TestReportDrawsEveryGame plays a short league of every game of the
// table (greedy against random, one round) and opens its report: the
// viewer draws the game's own board (svg.board.NAME) for its first game,
// a step forward draws another, and at the game's last move the board
// draws the two sides apart and marks the last move (class "last").
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
			// The last move; a pass marks no place, so the last move that
			// has one, a few plies back at most.
			do(t, ctx, "go to the last move", chromedp.KeyEvent(kb.End))
			last := count(board + " .last")
			for back := 0; back < 4 && eval[int](t, ctx, last) == 0; back++ {
				do(t, ctx, "step back", chromedp.KeyEvent(kb.ArrowLeft))
			}
			if n := eval[int](t, ctx, last); n != 1 {
				t.Errorf("%d places marked as the last move near the game's end, want 1", n)
			}
			if !eval[bool](t, ctx, apart(board, sides(name))) {
				t.Errorf("the two sides' marks (%q, %q) are not drawn apart", sides(name)[0], sides(name)[1])
			}
			screenshot(t, ctx, "report-"+name)
		})
	}
}

// TestPlayEveryGame plays a person's move of every game of the table from
// the page (arena serve --play --game NAME) by clicks alone: the places
// of the legal moves are marked, a click on one plays its move or, where
// it plays several (a Jogo do Quatro cell), marks the second places that
// pick one (the reserve's pieces), and a click there plays it; greedy's
// reply is marked as the last move.
func TestPlayEveryGame(t *testing.T) {
	bin := needBrowser(t)
	dir := t.TempDir()
	ctx := browser(t)
	for _, name := range games.Names() {
		t.Run(name, func(t *testing.T) {
			addr := startArena(t, bin, dir, "serve", "--play", "--game", name, "--play-out", "people-"+name, "--tempo", "100", "--addr", "127.0.0.1:0")
			do(t, ctx, "open the page", chromedp.Navigate(addr))
			waitFor(t, ctx, "the play form", count("#play-bot option")+" > 0")
			do(t, ctx, "start a game against greedy",
				chromedp.SetValue(chromedp.CSS("#play-bot"), "greedy"),
				chromedp.Click(chromedp.CSS(`#play-form button[type=submit]`)))
			board := fmt.Sprintf("article.live.human svg.board.%s", name)
			place := board + " [data-target].playable"
			waitFor(t, ctx, "a place to click", count(place)+" > 0")
			if n := eval[int](t, ctx, count("article.live.human .moves button")); n > eval[int](t, ctx, count(place)) {
				t.Errorf("%d buttons under the board, more than the places to play", n)
			}
			ply := `Number(document.querySelector("article.live.human").dataset.ply)`
			before := eval[int](t, ctx, ply)
			do(t, ctx, "click a place", chromedp.Click(chromedp.CSS(place)))
			moved := fmt.Sprintf("%s > %d", ply, before)
			waitFor(t, ctx, "the move played, or its choices", fmt.Sprintf("%s || %s > 0 || %s > 0", moved, count(board+" .choice"), count("article.live.human .moves span")))
			switch {
			case eval[int](t, ctx, count(board+" .choice")) > 0:
				do(t, ctx, "pick the move on the board", chromedp.Click(chromedp.CSS(board+" .choice")))
			case eval[int](t, ctx, count("article.live.human .moves span")) > 0:
				do(t, ctx, "pick the move", chromedp.Click(chromedp.CSS("article.live.human .moves span + button")))
			}
			waitFor(t, ctx, "the person's move", moved)
			waitFor(t, ctx, "greedy's reply and the person's next turn", count(place)+" > 0")
			if n := eval[int](t, ctx, count(board+" .last")); n != 1 {
				t.Errorf("%d places marked as greedy's last move, want 1", n)
			}
			screenshot(t, ctx, "play-"+name)
		})
	}
}

// TestLiveAdji opens arena run --web on an Adji-boto league as it plays: a
// game in play shows the board of 12 holes, each with its count, styled
// by the page, and the game goes on. Its games are held in play (see
// held) until the page has shown the board.
func TestLiveAdji(t *testing.T) {
	bin := needBrowser(t)
	dir := t.TempDir()
	hold := holdGames(t)
	file := writeLeague(t, dir, "adji", "game: adji\ngame_options: {opening_plies: 4}\nseed: 3\nrounds: 3\ntempo_ms: 150\n"+heldMargin+"concurrency: 1\nbots:\n"+
		"  - {name: held, "+hold.bot()+"}\n  - {name: greedy, builtin: greedy}\n")
	addr := startArena(t, bin, dir, "run", "--plain", "--web", "127.0.0.1:0", file)
	ctx := browser(t)
	do(t, ctx, "open the page", chromedp.Navigate(addr))
	waitFor(t, ctx, "an Adji-boto game in play", count("article.live svg.board.adji")+" > 0")
	holes, err := chromedp.Run(ctx, browsertest.Poll[int](`(() => { const c = document.querySelector("article.live svg.board.adji"); return c && c.querySelectorAll("circle.hole").length === 12 && c.querySelectorAll("text.count").length; })()`, hang))
	if err != nil || holes != 12 {
		t.Errorf("live board: %d counts (%v), want 12 holes with their counts", holes, err)
	}
	// The page styles the board: a hole is drawn light, its count dark,
	// not in the SVG's default black.
	if fill := eval[string](t, ctx, `getComputedStyle(document.querySelector("article.live svg.board.adji circle.hole")).fill`); fill == "rgb(0, 0, 0)" {
		t.Errorf("a hole is filled %s: the page has no style for Adji-boto's board", fill)
	}
	card := `document.querySelector("article.live")`
	ply, err := chromedp.Run(ctx, browsertest.Poll[string](`(() => { const c = `+card+`; return c && c.dataset.game + " " + c.dataset.ply; })()`, hang))
	if err != nil {
		t.Fatal(err)
	}
	hold.release(t)
	waitFor(t, ctx, "the next move of the game in play",
		fmt.Sprintf(`(() => { const c = %s; return c && (c.dataset.game + " " + c.dataset.ply) !== %q; })()`, card, ply))
	screenshot(t, ctx, "live-adji")
}
