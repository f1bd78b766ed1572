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
