package web_test

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/arenabots/arena/internal/browsertest"
	"github.com/arenabots/arena/internal/testbin"
)

// update rewrites docs/img/live.png, the README's picture of the live
// page, from the live test's screenshot.
var update = flag.Bool("update", false, "rewrite docs/img/live.png from the live page's screenshot")

// hang bounds each browser wait: generous, since headless Chromium on two
// busy cores is slow; it only stops a hang, it does not time anything.
const hang = browsertest.Hang

// played holds the leagues that several tests read and none changes,
// each played once per run of the package (see sharedLeague), under a
// directory TestMain removes.
var played = struct {
	sync.Mutex
	dir     string
	leagues map[string]*playedLeague // by name
}{leagues: map[string]*playedLeague{}}

// playedLeague is a league of played: its lock is held while it is
// played, so that the tests that read it wait for it, and only those.
type playedLeague struct {
	sync.Mutex
	results string // "" until played
}

// chromium is the headless Chromium of the package's tests (see browser),
// started by the first test that opens a page; TestMain stops it.
var chromium = browsertest.NewShared(1280, 1600)

// TestMain makes the directory of the shared leagues and a cache of the
// tests' own for the Lisp bots' saved images (testbin.CacheHome), removes
// both once every test has run, and stops the tests' Chromium.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "arena-web-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	played.dir = dir
	code := testbin.Run(m)
	chromium.Close()
	os.RemoveAll(dir)
	os.Exit(code)
}

// sharedLeague returns the results directory that play writes when given
// a directory of its own, playing it once per run of the package: the
// tests that share it read it and write nothing there.
func sharedLeague(t *testing.T, name string, play func(dir string) string) string {
	t.Helper()
	played.Lock()
	l := played.leagues[name]
	if l == nil {
		l = &playedLeague{}
		played.leagues[name] = l
	}
	played.Unlock()
	l.Lock()
	defer l.Unlock()
	if l.results != "" {
		return l.results
	}
	dir := filepath.Join(played.dir, name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	l.results = play(dir)
	return l.results
}

// needBrowser skips t unless it may start arena and Chromium.
func needBrowser(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("starts arena and headless Chromium")
	}
	browsertest.Need(t)
	bin, err := testbin.Arena()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// writeLeague writes a league file named name into dir and returns its path.
func writeLeague(t *testing.T, dir, name, body string) string {
	t.Helper()
	path := filepath.Join(dir, name+".yaml")
	if err := os.WriteFile(path, []byte("name: "+name+"\nout: "+name+"\n"+body), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// addrRE finds the page's address in arena's output.
var addrRE = regexp.MustCompile(`web page at (http://\S+)`)

// startArena starts arena with args in dir and returns the address of the
// web page it serves. The process is stopped when the test ends.
func startArena(t *testing.T, bin, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := addrRE.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
			}
			t.Log("arena:", sc.Text())
		}
		close(found)
	}()
	addr, ok := <-found
	if !ok {
		t.Fatalf("arena %s ended without serving", strings.Join(args, " "))
	}
	return addr
}

// The browser's helpers, as every page's tests use them
// (internal/browsertest), under the names this package's tests know.

// browser returns a tab of 1280×1600 in a browser context of its own,
// closed when the test ends: in the package's Chromium, or, given extra
// flags, in a Chromium of its own started with them.
func browser(t *testing.T, flags ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	if len(flags) > 0 {
		return browsertest.Tab(t, 1280, 1600, flags...)
	}
	return chromium.Tab(t)
}

// do runs steps, failing the test with what was being done.
func do(t *testing.T, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	browsertest.Do(t, ctx, what, steps...)
}

// eval returns the value of a JavaScript expression in the page.
func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	return browsertest.Eval[T](t, ctx, expr)
}

// waitFor polls the page until expr is true, failing after a generous
// bound that only stops a hang.
func waitFor(t *testing.T, ctx context.Context, what, expr string) {
	t.Helper()
	browsertest.WaitFor(t, ctx, what, expr)
}

// screenshot saves the page as name.png in $ARENA_ARTIFACTS, or the test's
// temporary directory, and returns its path.
func screenshot(t *testing.T, ctx context.Context, name string) string {
	t.Helper()
	return browsertest.Screenshot(t, ctx, name)
}

// count is a JavaScript expression counting the elements matching sel.
func count(sel string) string { return fmt.Sprintf("document.querySelectorAll(%q).length", sel) }

// finishedLeague returns the results directory of a small Cavalo league
// of three built-ins, played once for the tests that read it.
func finishedLeague(t *testing.T, bin string) string {
	t.Helper()
	return sharedLeague(t, "done", func(dir string) string {
		return playLeague(t, bin, dir, "done", "seed: 5\nrounds: 1\ntempo_ms: 50\nconcurrency: 2\nbots:\n"+
			"  - {name: greedy, builtin: greedy}\n  - {name: random, builtin: random}\n  - {name: alphabeta, builtin: alphabeta}\n")
	})
}

// TestServeFinished opens arena serve on a finished league: the standings
// have a row per bot, and a finished game opens in the viewer on a board
// of 100 squares and steps forward with the arrow key.
func TestServeFinished(t *testing.T) {
	bin := needBrowser(t)
	dir := t.TempDir()
	results := finishedLeague(t, bin)
	addr := startArena(t, bin, dir, "serve", results, "--addr", "127.0.0.1:0")
	ctx := browser(t)
	do(t, ctx, "open the page", chromedp.Navigate(addr))
	waitFor(t, ctx, "three standings rows", count("#standings tbody tr")+" === 3")
	waitFor(t, ctx, "six finished games", count("#games tbody tr")+" === 6")
	if n := eval[int](t, ctx, count("#chart circle.elo")); n != 3 {
		t.Errorf("rating chart: %d bots, want 3", n)
	}
	if got := eval[string](t, ctx, `document.getElementById("live").textContent`); got != "No game in play." {
		t.Errorf("the live page's games in play: %q, want %q", got, "No game in play.")
	}
	screenshot(t, ctx, "finished")

	do(t, ctx, "open a game", chromedp.Click(chromedp.CSS("#games tbody tr:first-child button")))
	waitFor(t, ctx, "the viewer at ply 0", `document.getElementById("v-ply").textContent.startsWith("ply 0 of")`)
	if n := eval[int](t, ctx, count("#viewer-board rect.sq")); n != 100 {
		t.Errorf("viewer board: %d squares, want 100", n)
	}
	do(t, ctx, "step forward", chromedp.KeyEvent(kb.ArrowRight))
	waitFor(t, ctx, "the viewer at ply 1", `document.getElementById("v-ply").textContent.startsWith("ply 1 of")`)
	if got := eval[string](t, ctx, `document.querySelector("#viewer-moves li[aria-current]").dataset.ply`); got != "1" {
		t.Errorf("move log marks ply %s, want 1", got)
	}
	if n := eval[int](t, ctx, count("#viewer-board circle.knight")); n != 1 {
		t.Errorf("after ply 1: %d knights on the board, want 1", n)
	}
	screenshot(t, ctx, "viewer")
}

// TestRunWeb opens arena run --web on a Dots and Boxes league as it plays:
// a game in play shows a board of 5x6 boxes (71 arcs), and its moves
// appear as they are played. Then arena serve on the same running league
// shows its games as the journal grows. Each game is held in play (see
// held) until the test lets it end.
func TestRunWeb(t *testing.T) {
	bin := needBrowser(t)
	dir := t.TempDir()
	hold := holdGames(t)
	file := writeLeague(t, dir, "live", "game: dots\ngame_options: {opening_arcs: 6}\nseed: 3\nrounds: 16\ntempo_ms: 150\n"+heldMargin+"concurrency: 1\nbots:\n"+
		"  - {name: held, "+hold.bot()+"}\n  - {name: greedy, builtin: greedy}\n")
	addr := startArena(t, bin, dir, "run", "--plain", "--web", "127.0.0.1:0", file)
	ctx := browser(t)
	do(t, ctx, "open the page", chromedp.Navigate(addr))
	waitFor(t, ctx, "a game in play", count("article.live")+" > 0")

	// Games end and start: each check reads one card in one expression.
	arcs, err := chromedp.Run(ctx, browsertest.Poll[int](`(() => { const c = document.querySelector("article.live"); return c && c.querySelectorAll("line.arc").length; })()`, hang))
	if err != nil || arcs != 71 {
		t.Errorf("live board: %d arcs (%v), want 5*7+6*6 = 71", arcs, err)
	}
	card := `document.querySelector("article.live")`
	ply, err := chromedp.Run(ctx, browsertest.Poll[string](`(() => { const c = `+card+`; return c && c.dataset.game + " " + c.dataset.ply; })()`, hang))
	if err != nil {
		t.Fatal(err)
	}
	hold.release(t) // the first game ends, the second is held
	waitFor(t, ctx, "the next move of the game in play",
		fmt.Sprintf(`(() => { const c = %s; return c && (c.dataset.game + " " + c.dataset.ply) !== %q; })()`, card, ply))
	waitFor(t, ctx, "a move with its time", count("article.live .last-move"))
	if caption := eval[string](t, ctx, `(document.querySelector("article.live table.clocks caption") || {}).textContent || ""`); caption != "" && caption != "last call and time used; tempo 150 ms" {
		t.Errorf("clocks caption %q under a fixed tempo, want the tempo", caption)
	}
	path := screenshot(t, ctx, "live")
	if *update {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join("..", "docs", "img", "live.png"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, ctx, "a finished game", count("#games tbody tr")+" > 0")

	// arena serve follows the same league from its journal, in a second tab.
	served := startArena(t, bin, dir, "serve", "live", "--addr", "127.0.0.1:0")
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	do(t, tab, "open arena serve", chromedp.Navigate(served))
	waitFor(t, tab, "the standings", count("#standings tbody tr")+" === 2")
	seen := eval[int](t, tab, count("#games tbody tr"))
	if seen == 32 {
		t.Fatal("the league ended before arena serve could follow it, its games held")
	}
	hold.release(t)
	waitFor(t, tab, "a game that ended since arena serve started", count("#games tbody tr")+fmt.Sprintf(" > %d", seen))
	screenshot(t, tab, "served")
	// Each tables event lists the games that ended since the last: the
	// first page, open since before the first game ended, adds them up.
	waitFor(t, ctx, "the first page's games added up", count("#games tbody tr")+fmt.Sprintf(" > %d", seen))
}

// TestServePlay plays a person's move by clicking a square of the board
// (arena serve --play): the game goes on past it.
func TestServePlay(t *testing.T) {
	bin := needBrowser(t)
	dir := t.TempDir()
	addr := startArena(t, bin, dir, "serve", "--play", "--play-out", "people", "--tempo", "100", "--addr", "127.0.0.1:0")
	ctx := browser(t)
	do(t, ctx, "open the page", chromedp.Navigate(addr))
	waitFor(t, ctx, "the play form", count("#play-bot option")+" > 0")
	do(t, ctx, "start a game against greedy",
		chromedp.SetValue(chromedp.CSS("#play-bot"), "greedy"),
		chromedp.Click(chromedp.CSS(`#play-form button[type=submit]`)))
	waitFor(t, ctx, "a square to click", count("article.live.human rect.sq.playable")+" > 0")
	// Said before it happens: a game with no move ends (--play-idle).
	if note := eval[string](t, ctx, `document.querySelector("#play-idle").textContent`); !strings.Contains(note, "after 10 min without a move of yours, whether or not this page is open") {
		t.Errorf("the page says %q of a game left without a move", note)
	}
	if n := eval[int](t, ctx, count("article.live.human rect.sq")); n != 100 {
		t.Errorf("play board: %d squares, want 100", n)
	}
	// The person is to move at this ply: it can only grow by their move.
	before := eval[int](t, ctx, `Number(document.querySelector("article.live.human").dataset.ply)`)
	do(t, ctx, "click the square", chromedp.Click(chromedp.CSS("article.live.human rect.sq.playable")))
	// A landing on a double asks which double to remove.
	choice := "article.live.human .moves span + button"
	if eval[int](t, ctx, count(choice)) > 0 {
		do(t, ctx, "choose the double", chromedp.Click(chromedp.CSS(choice)))
	}
	waitFor(t, ctx, "the person's move", fmt.Sprintf(`Number(document.querySelector("article.live.human").dataset.ply) > %d`, before))
	waitFor(t, ctx, "the bot's reply and the person's next turn", count("article.live.human rect.sq.playable")+" > 0")
	last := eval[string](t, ctx, `document.querySelector("article.live.human .last-move").textContent`)
	if !strings.Contains(last, "greedy") {
		t.Errorf("last move %q, want greedy's reply", last)
	}
	screenshot(t, ctx, "play")
}

// resourceRE finds what a page would load from the network.
var resourceRE = regexp.MustCompile(`(?i)(src|href)\s*=\s*["']?\s*(https?:)?//|url\(\s*["']?(https?:)?//|@import`)

// TestReportOffline writes arena report of a finished league and opens it
// in Chromium with the network cut off (every request goes to a proxy that
// is not there): the standings, the chart and the viewer show as on the
// live page, and the live sections (games in play, the play form) do not.
func TestReportOffline(t *testing.T) {
	bin := needBrowser(t)
	dir := t.TempDir()
	results := finishedLeague(t, bin)
	report := filepath.Join(dir, "report.html")
	cmd := exec.Command(bin, "report", results, "-o", report)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("arena report: %v\n%s", err, out)
	}
	html, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	if m := resourceRE.Find(html); m != nil {
		t.Errorf("the report loads %q from the network", m)
	}
	ctx := browser(t, chromedp.Flag("proxy-server", "127.0.0.1:9"), chromedp.Flag("proxy-bypass-list", "<-loopback>"))
	do(t, ctx, "open the report", chromedp.Navigate("file://"+report))
	waitFor(t, ctx, "three standings rows", count("#standings tbody tr")+" === 3")
	if n := eval[int](t, ctx, count("#live, #live-h, #play")); n != 0 {
		t.Errorf("the report has %d elements of the live sections (games in play, play form), want none", n)
	}
	if text := eval[string](t, ctx, "document.body.innerText"); strings.Contains(text, "in play") || !strings.Contains(text, "6 of 6 games") {
		t.Errorf("the report's text speaks of games in play, or lacks its progress (6 of 6 games):\n%s", text)
	}
	if n := eval[int](t, ctx, count("#games tbody tr")); n != 6 {
		t.Errorf("%d finished games, want 6", n)
	}
	if n := eval[int](t, ctx, count("#chart circle.elo")); n != 3 {
		t.Errorf("rating chart: %d bots, want 3", n)
	}
	do(t, ctx, "open a game", chromedp.Click(chromedp.CSS("#games tbody tr:first-child button")))
	waitFor(t, ctx, "the viewer", count("#viewer-board rect.sq")+" === 100")
	do(t, ctx, "step forward", chromedp.KeyEvent(kb.ArrowRight))
	waitFor(t, ctx, "the viewer at ply 1", `document.getElementById("v-ply").textContent.startsWith("ply 1 of")`)
	if got := eval[[]string](t, ctx, `performance.getEntriesByType("resource").map((e) => e.name).filter((n) => !/^(file|data|blob):/.test(n))`); len(got) > 0 {
		t.Errorf("the report fetched %q", got)
	}
	screenshot(t, ctx, "report")
}
