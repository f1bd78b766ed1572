package web_test

import (
	"strings"
	"testing"

	"github.com/arenabots/arena/internal/browsertest"
	"github.com/chromedp/chromedp"
)

// TestRunWebClocks opens arena run --web on a league under a game clock:
// the page names the time control, and a game in play shows each side's
// time left, which its moves change, with the clocks of its last move. Its
// third game, classic's against the held bot, is held in play (see held)
// to the end, so that a game is in play however slowly the browser starts;
// the two before it end.
func TestRunWebClocks(t *testing.T) {
	bin := needBrowser(t)
	dir := t.TempDir()
	hold := holdGames(t)
	file := writeLeague(t, dir, "clocked", "seed: 3\nrounds: 100\ntime_control: {base_ms: 3000, inc_ms: 50}\n"+heldMargin+"concurrency: 1\nbots:\n"+
		"  - {name: classic, builtin: classic}\n  - {name: greedy, builtin: greedy}\n  - {name: held, "+hold.bot()+"}\n")
	addr := startArena(t, bin, dir, "run", "--plain", "--web", "127.0.0.1:0", file)
	ctx := browser(t)
	do(t, ctx, "open the page", chromedp.Navigate(addr))
	waitFor(t, ctx, "a game in play", count("article.live")+" > 0")
	if sub := eval[string](t, ctx, `document.getElementById("subtitle").textContent`); !strings.Contains(sub, "clock 3000+50 ms") {
		t.Errorf("subtitle %q, want the time control", sub)
	}
	// Games end and start: each check reads one card in one expression.
	card := `document.querySelector("article.live")`
	caption, err := chromedp.Run(ctx, browsertest.Poll[string](`(() => { const c = `+card+`; return c && c.querySelector("table.clocks caption").textContent; })()`, hang))
	if err != nil || !strings.Contains(caption, "time left") || !strings.Contains(caption, "clock 3000+50 ms") {
		t.Errorf("clocks caption %q (%v), want the time left and the time control", caption, err)
	}
	meters, err := chromedp.Run(ctx, browsertest.Poll[int](`(() => { const c = `+card+`; return c && c.querySelectorAll('meter[aria-label="time left on the clock"]').length; })()`, hang))
	if err != nil || meters != 2 {
		t.Errorf("%d clock meters (%v), want one a side", meters, err)
	}
	// classic spends part of its budget, greedy less than the increment:
	// once a move is played, a clock no longer reads its base.
	waitFor(t, ctx, "a clock that moved", `[...document.querySelectorAll("article.live td.left")].some((td) => /^\d+\.\d\d s/.test(td.textContent) && !td.textContent.startsWith("3.00 s"))`)
	waitFor(t, ctx, "the last move's clocks", `[...document.querySelectorAll("article.live .last-move")].some((p) => /clocks white \d+\.\d\d s, black \d+\.\d\d s/.test(p.textContent))`)
	screenshot(t, ctx, "clocks")
	waitFor(t, ctx, "a finished game", count("#games tbody tr")+" > 0")
	if head := eval[string](t, ctx, `[...document.querySelectorAll("#times th")].map((th) => th.textContent).join("|")`); !strings.Contains(head, "clock ms") {
		t.Errorf("time use header %q, want the clock column", head)
	}
}
