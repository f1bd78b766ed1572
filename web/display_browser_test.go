package web_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/arenabots/arena/internal/testbin"
)

// title is a league's title: key, which pages show instead of its name.
const title = "Campeonato IA 2025/26 — Jogo do Cavalo"

// classLeague is a finished league as a class's looks: a title, long
// names of students' numbers, and a bot that never starts, whose
// forfeits fill the faults table with long game names.
func classLeague(t *testing.T, bin, dir string) string {
	t.Helper()
	return playLeague(t, bin, dir, "class", "title: "+title+"\nseed: 5\nrounds: 1\ntempo_ms: 50\nconcurrency: 2\nmissing_bots: forfeit\nbots:\n"+
		"  - {name: 01901055-202002153, builtin: greedy}\n  - {name: ana_2201234_rui_2205678_P2, builtin: random}\n"+
		"  - {name: alphabeta, builtin: alphabeta}\n  - {name: maria_2209999_joana_2201111_P2, path: ./not-handed-in}\n")
}

// checkLook checks rows 4, 5 and 7 of the page's look in ctx: the title,
// the chart's names drawn whole, and one alignment a column in the faults
// table, headers and game links included.
func checkLook(t *testing.T, ctx context.Context, what string) {
	t.Helper()
	waitFor(t, ctx, "four standings rows", count("#standings tbody tr")+" === 4")
	if got := eval[string](t, ctx, `document.getElementById("title").textContent`); got != title {
		t.Errorf("%s: title %q, want the league's title: %q", what, got, title)
	}
	if got := eval[string](t, ctx, `document.title`); !strings.HasPrefix(got, title) {
		t.Errorf("%s: document title %q, want it to start with %q", what, got, title)
	}
	cut := eval[[]string](t, ctx, `[...document.querySelectorAll("#chart text.bot")].filter((e) => e.getBBox().x < 0).map((e) => e.textContent)`)
	if n := eval[int](t, ctx, count("#chart text.bot")); n != 4 || len(cut) > 0 {
		t.Errorf("%s: chart of %d names, %q cut at the left", what, n, cut)
	}
	mixed := eval[[]string](t, ctx, `(() => {
		const t = document.querySelector("#faults table"), out = [];
		if (!t) return ["no faults table"];
		const heads = [...t.querySelectorAll("thead th")];
		heads.forEach((th, i) => {
			const want = getComputedStyle(th).textAlign;
			for (const tr of t.querySelectorAll("tbody tr")) {
				const td = tr.children[i];
				if (getComputedStyle(td).textAlign !== want) out.push(th.textContent + ": header " + want + ", cell " + getComputedStyle(td).textAlign);
				for (const b of td.querySelectorAll("button")) if (getComputedStyle(b).textAlign !== want) out.push(th.textContent + ": link " + getComputedStyle(b).textAlign);
			}
		});
		return out;
	})()`)
	if len(mixed) > 0 {
		t.Errorf("%s: faults table aligned in more than one way a column: %q", what, mixed)
	}
	if n := eval[int](t, ctx, count("#faults tbody tr")); n == 0 {
		t.Errorf("%s: no faults shown, want the forfeits of the bot that never started", what)
	}
}

// shoot saves the page at width×1000 into $ARENA_SCREENS, if set.
func shoot(t *testing.T, ctx context.Context, name string, width int64) {
	t.Helper()
	dir := os.Getenv("ARENA_SCREENS")
	if dir == "" {
		return
	}
	do(t, ctx, "size the window", chromedp.EmulateViewport(width, 1000))
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestPageLook opens the served page and the report of a class's league:
// its title, the chart's long names and the faults table's alignment.
func TestPageLook(t *testing.T) {
	bin := needBrowser(t)
	dir := t.TempDir()
	results := classLeague(t, bin, dir)
	report := filepath.Join(dir, "class.html")
	if out, err := exec.Command(bin, "report", results, "-o", report).CombinedOutput(); err != nil {
		t.Fatalf("arena report: %v\n%s", err, out)
	}
	for _, page := range []struct{ what, url string }{
		{"served", startArena(t, bin, dir, "serve", results, "--addr", "127.0.0.1:0")},
		{"report", "file://" + report},
	} {
		ctx := browser(t)
		do(t, ctx, "open the "+page.what+" page", chromedp.Navigate(page.url))
		checkLook(t, ctx, page.what)
		for _, w := range []int64{1400, 800} {
			shoot(t, ctx, fmt.Sprintf("%s-%d", page.what, w), w)
			checkLook(t, ctx, fmt.Sprintf("%s at %d px", page.what, w))
		}
	}
}

// TestLiveStarting plays a league whose first game has a bot that takes
// long to start: the live page shows the game, "starting…", before its
// first move, then its moves. The bot starts when the test lets it (the
// test bot's mode gatedstart, which needs sandbox: off to see its gate),
// and its opponent, the held bot (see held), then holds the game in play.
func TestLiveStarting(t *testing.T) {
	bin := needBrowser(t)
	bot, err := testbin.Testbot()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	hold := holdGames(t)
	start := newGate(t, hold.dir, "start")
	file := writeLeague(t, dir, "slow", "title: "+title+"\nseed: 2\nrounds: 10\ntempo_ms: 100\n"+heldMargin+"concurrency: 1\nstart_timeout_ms: 86400000\nsandbox: off\nbots:\n"+
		"  - {name: slow-to-start, path: "+bot+", args: [gatedstart, "+strconv.Quote(start.path)+"]}\n  - {name: held, "+hold.bot()+"}\n")
	addr := startArena(t, bin, dir, "run", "--plain", "--allow-unsandboxed", "--web", "127.0.0.1:0", file)
	ctx := browser(t)
	do(t, ctx, "open the page", chromedp.Navigate(addr))
	waitFor(t, ctx, "a game starting", count("article.live .starting")+" > 0")
	if got := eval[string](t, ctx, `document.getElementById("live").textContent`); strings.Contains(got, "No game in play.") {
		t.Errorf("a game is starting and the page says: %q", got)
	}
	shoot(t, ctx, "live-starting", 1400)
	start.release(t)
	waitFor(t, ctx, "its first move", count("article.live .last-move")+" > 0")
	shoot(t, ctx, "live-1400", 1400)
	shoot(t, ctx, "live-800", 800)
}
