package web_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/arenabots/arena/internal/browsertest"
	"github.com/arenabots/arena/results"
)

// The groups of the class's league: a Lisp group and two built-ins, each
// shown by its group's name, long as students' names are.
var groups = map[string]string{
	"p1": "P1 Ana Sofia Silva / Rui Pedro Costa",
	"p2": "P2 Maria Santos / Joana Lopes",
	"p3": "P3 Tiago Ferreira / Inês Martins",
}

// lispLeague returns the results directory of a small Dots and Boxes
// league (2×3 boxes) of three groups, p1 a Lisp submission (the course's
// sample that answers (jogada estado)), played once for the tests that
// read it.
func lispLeague(t *testing.T, bin string) string {
	t.Helper()
	if _, err := exec.LookPath("sbcl"); err != nil {
		t.Skipf("no sbcl (%v): apt-get install sbcl", err)
	}
	samples, err := filepath.Abs(filepath.Join("..", "bots", "examples", "lisp", "dots"))
	if err != nil {
		t.Fatal(err)
	}
	return sharedLeague(t, "turma", func(dir string) string {
		return playLeague(t, bin, dir, "turma", fmt.Sprintf("title: Campeonato IA 2025/26 — Pontos e Caixas\ngame: dots\n"+
			"game_options: {rows: 2, cols: 3}\nseed: 3\nrounds: 1\ntempo_ms: 300\nstart_timeout_ms: 30000\nconcurrency: 2\nbots:\n"+
			"  - {name: p1, display: %q, lisp: {files: [%q], reads: [%q]}}\n"+
			"  - {name: p2, display: %q, builtin: greedy}\n  - {name: p3, display: %q, builtin: random}\n",
			groups["p1"], filepath.Join(samples, "jogada", "jogo.lisp"), filepath.Join(samples, "regras.lisp"), groups["p2"], groups["p3"]))
	})
}

// screens is where the classroom test writes its screenshots:
// $ARENA_SCREENS, or the test's temporary directory.
func screens(t *testing.T) string {
	t.Helper()
	if dir := os.Getenv("ARENA_SCREENS"); dir != "" {
		return dir
	}
	return t.TempDir()
}

// projected checks the page in ctx as a lecturer projects it, 1280×800:
// nothing wider than the screen, and saves name.png (the screen) and
// name-full.png (the whole page) in dir.
func projected(t *testing.T, ctx context.Context, dir, name string) {
	t.Helper()
	do(t, ctx, "size the window", chromedp.EmulateViewport(1280, 800))
	eval[any](t, ctx, `window.scrollTo(0, 0)`)
	if w := eval[int](t, ctx, `document.documentElement.scrollWidth`); w > 1280 {
		wide := eval[[]string](t, ctx, `[...document.querySelectorAll("body *")].filter((e) => e.getBoundingClientRect().right > 1280).slice(0, 5).map((e) => e.tagName + "#" + e.id + "." + e.className)`)
		t.Errorf("%s: the page is %d px wide, wider than 1280: %q", name, w, wide)
	}
	// A section's own scroll bar would hide what does not fit as well.
	if cut := eval[[]string](t, ctx, `[...document.querySelectorAll("main section > div")].filter((d) => d.offsetParent && d.scrollWidth > d.clientWidth + 1).map((d) => d.id + ": " + d.scrollWidth + " > " + d.clientWidth)`); len(cut) > 0 {
		t.Errorf("%s: sections wider than the page, scrolled: %q", name, cut)
	}
	for _, shot := range []struct {
		suffix string
		take   chromedp.Action[[]byte]
	}{{"", chromedp.CaptureScreenshot()}, {"-full", chromedp.FullScreenshot(100)}} {
		png, err := chromedp.Run(ctx, shot.take)
		if err != nil {
			t.Fatalf("screenshot %s: %v", name, err)
		}
		path := filepath.Join(dir, name+shot.suffix+".png")
		if err := os.WriteFile(path, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot: %s", path)
	}
}

// TestServePlayLisp plays a Lisp group's bot of a league's results
// directory from the page of arena serve --play, to the end: the play
// form offers the league's groups by name, the game is on screen from the
// start, the bot's moves are marked on the board with a legend, and the
// game is recorded.
func TestServePlayLisp(t *testing.T) {
	bin := needBrowser(t)
	dir := t.TempDir()
	league := lispLeague(t, bin)
	shots := screens(t)
	addr := startArena(t, bin, dir, "serve", league, "--play", "--play-out", "people", "--addr", "127.0.0.1:0")
	ctx := browser(t)
	do(t, ctx, "open the page", chromedp.Navigate(addr), chromedp.EmulateViewport(1280, 800))
	waitFor(t, ctx, "the play form", count("#play-bot option")+" > 0")
	offered := eval[map[string]string](t, ctx, `Object.fromEntries([...document.querySelectorAll("#play-bot option")].map((o) => [o.value, o.textContent]))`)
	for name, display := range groups {
		if offered[name] != display {
			t.Errorf("the play form offers %s as %q, want its group's name %q (offered: %v)", name, offered[name], display, offered)
		}
	}
	do(t, ctx, "start a game against the Lisp group",
		chromedp.SetValue(chromedp.CSS("#play-bot"), "p1"),
		chromedp.Click(chromedp.CSS(`#play-form button[type=submit]`)))
	// The page moves to the people's league: the game is there at once,
	// starting while SBCL loads the bot, before any move.
	for try := 0; ; try++ {
		// The page moves while it is polled: that poll fails, the next reads
		// the new page.
		_, err := chromedp.Run(ctx, browsertest.Poll[chromedp.Void](count("article.live.human")+" === 1", hang))
		if err == nil {
			break
		}
		if try == 5 || !strings.Contains(err.Error(), "navigated") && !strings.Contains(err.Error(), "context with specified id") {
			t.Fatalf("waiting for the game started: %v", err)
		}
	}
	if got := eval[string](t, ctx, `location.search`); got != "?league=1" {
		t.Errorf("the page of the game: %q, want the people's league, ?league=1", got)
	}
	if got := eval[string](t, ctx, `document.getElementById("live").textContent`); strings.Contains(got, "No game in play.") {
		t.Errorf("the game started and the page says: %q", got)
	}
	heading := eval[string](t, ctx, `document.querySelector("article.live.human h3").textContent`)
	if !strings.Contains(heading, groups["p1"]) {
		t.Errorf("the game's heading %q lacks the group's name %q", heading, groups["p1"])
	}
	turn := `(() => { const c = document.querySelector("article.live.human"); if (!c) return "";
		if (c.querySelector(".result")) return "over"; return c.querySelector(".moves button") ? "turn " + c.dataset.ply : ""; })()`
	last, marked, moves := "", false, 0
	for moves < 40 {
		state, err := chromedp.Run(ctx, browsertest.Poll[string](fmt.Sprintf(`(() => { const s = %s; return s !== %q && s; })()`, turn, last), hang))
		if err != nil {
			text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText.slice(0, 3000)`))
			t.Fatalf("waiting for the person's turn after %q: %v; the page reads:\n%s", last, err, text)
		}
		if state == "over" {
			break
		}
		last = state
		if eval[int](t, ctx, count("article.live.human .last-move")) > 0 && strings.Contains(eval[string](t, ctx, `document.querySelector("article.live.human .last-move").textContent`), groups["p1"]) {
			// The bot moved last: its arc is marked, and the legend says so.
			if n := eval[int](t, ctx, count("article.live.human svg line.arc.last")); n != 1 {
				t.Errorf("at %s: %d arcs marked as the last move, want 1", state, n)
			}
			if !marked {
				marked = true
				projected(t, ctx, shots, "play-lisp-en")
			}
		}
		do(t, ctx, "play a move", chromedp.Click(chromedp.CSS("article.live.human .moves > button")))
		moves++
	}
	if !marked {
		t.Error("the bot's last move was never marked on the board")
	}
	if got := eval[string](t, ctx, `document.querySelector("article.live.human .legend").textContent`); !strings.Contains(got, groups["p1"]) || !strings.Contains(got, "last move") {
		t.Errorf("the Dots legend %q names neither the group nor the last move", got)
	}
	result := eval[string](t, ctx, `document.querySelector("article.live.human .result").textContent`)
	projected(t, ctx, shots, "play-lisp-over-en")
	waitFor(t, ctx, "the game in the finished games", count("#games tbody tr")+" === 1")
	games, _, err := results.ReadJournal(filepath.Join(dir, "people", results.JournalName))
	if err != nil || len(games) != 1 {
		t.Fatalf("the people's journal: %v (%v), want one game", games, err)
	}
	if g := games[0]; g.White != "human" || g.Black != "p1" || g.Reason.String() != "normal" || !strings.Contains(result, g.Result) {
		t.Errorf("recorded %s vs %s, %s by %s; the page said %q", g.White, g.Black, g.Result, g.Reason, result)
	}
}

// TestClassroomPage opens the page of a finished league of three groups,
// served and as a report, in English and in Portuguese, at 1280×800: it
// fits the screen, names the groups everywhere, shows the podium, marks
// the last move in the viewer, speaks the course's language, and is drawn
// whole at its load event (a plain headless screenshot).
func TestClassroomPage(t *testing.T) {
	bin := needBrowser(t)
	dir := t.TempDir()
	league := lispLeague(t, bin)
	shots := screens(t)
	names := []string{groups["p1"], groups["p2"], groups["p3"]}
	words := map[string]struct{ standings, won, podium string }{
		"en": {"Standings", "won", "Podium"},
		"pt": {"Classificação", "vitórias", "Pódio"},
	}
	for _, lang := range []string{"en", "pt"} {
		report := filepath.Join(dir, "report-"+lang+".html")
		if out, err := exec.Command(bin, "report", league, "-o", report, "--lang", lang).CombinedOutput(); err != nil {
			t.Fatalf("arena report --lang %s: %v\n%s", lang, err, out)
		}
		served := startArena(t, bin, dir, "serve", league, "--lang", lang, "--addr", "127.0.0.1:0")
		// Plain headless Chromium, as a script screenshots a page: what it
		// shows is the DOM at the load event, before any event arrives;
		// with a profile of its own, apart from the shared Chromium's.
		plain := []string{"--headless", "--no-sandbox", "--disable-gpu", "--window-size=1280,800", "--user-data-dir=" + t.TempDir()}
		dom, err := exec.Command(browsertest.Chromium, append(plain, "--dump-dom", served)...).Output()
		if err != nil {
			t.Fatalf("chromium --dump-dom: %v", err)
		}
		if n := strings.Count(string(dom), `<li class="place`); n != 3 || !strings.Contains(string(dom), groups["p1"]) || strings.Contains(string(dom), `<div id="standings"></div>`) {
			t.Errorf("%s: at its load event the page has %d podium places and empty sections or no group names:\n%.2000s", lang, n, dom)
		}
		shot := filepath.Join(shots, "first-load-"+lang+".png")
		if out, err := exec.Command(browsertest.Chromium, append(plain, "--screenshot="+shot, served)...).CombinedOutput(); err != nil {
			t.Errorf("chromium --screenshot: %v\n%s", err, out)
		}
		for _, page := range []struct{ what, url string }{{"served", served}, {"report", "file://" + report}} {
			what := page.what + "-" + lang
			ctx := browser(t)
			do(t, ctx, "open the "+what+" page", chromedp.Navigate(page.url))
			waitFor(t, ctx, "three standings rows", count("#standings tbody tr")+" === 3")
			if got := eval[string](t, ctx, `document.documentElement.lang`); got != lang {
				t.Errorf("%s: html lang %q, want %q", what, got, lang)
			}
			w := words[lang]
			text := eval[string](t, ctx, `document.body.innerText`)
			for _, word := range []string{w.standings, w.won, w.podium} {
				if !strings.Contains(text, word) {
					t.Errorf("%s: the page lacks %q", what, word)
				}
			}
			podium := eval[[]string](t, ctx, `[...document.querySelectorAll("#podium-box:not([hidden]) ol.podium li .who")].map((e) => e.textContent)`)
			first := eval[string](t, ctx, `document.querySelector("#standings tbody tr td.name").textContent`)
			if len(podium) != 3 || podium[0] != first {
				t.Errorf("%s: podium %q, want the three groups, %q first", what, podium, first)
			}
			shown := eval[[]string](t, ctx, `[...document.querySelectorAll("#chart text.bot, #standings td.name, #crosstable td.name, #times td.name, #games td:nth-child(3), #games td:nth-child(4)")].map((e) => e.textContent)`)
			for _, s := range shown {
				if !slices.Contains(names, s) {
					t.Errorf("%s: a bot shown as %q, not by its group's name", what, s)
				}
			}
			projected(t, ctx, shots, what)
			do(t, ctx, "open a game", chromedp.Click(chromedp.CSS("#games tbody tr:first-child button")))
			waitFor(t, ctx, "the viewer", count("#viewer-board svg.dots")+" === 1")
			do(t, ctx, "go to its last move", chromedp.Click(chromedp.CSS("#v-last")))
			if n := eval[int](t, ctx, count("#viewer-board line.arc.drawn.last")); n != 1 {
				t.Errorf("%s: the viewer marks %d arcs as the last move, want 1", what, n)
			}
		}
	}
}

// TestClassroomLive opens arena run --web on a Dots league of three groups
// as it plays, in Portuguese and in English, at 1280×800: the game in play
// is the large board, with both sides' clocks, the last move marked and
// the legend; the next games are listed; nothing is wider than the screen.
// Its first game, p1's against p2, is held in play (see held) to the end.
func TestClassroomLive(t *testing.T) {
	bin := needBrowser(t)
	shots := screens(t)
	for _, lang := range []string{"pt", "en"} {
		dir := t.TempDir()
		hold := holdGames(t)
		file := writeLeague(t, dir, "aovivo", fmt.Sprintf("title: Campeonato IA 2025/26 — Pontos e Caixas\nlang: %s\ngame: dots\n"+
			"game_options: {rows: 3, cols: 3}\nseed: 3\nrounds: 20\ntempo_ms: 150\n"+heldMargin+"concurrency: 1\nbots:\n"+
			"  - {name: p1, display: %q, %s}\n  - {name: p2, display: %q, builtin: greedy}\n  - {name: p3, display: %q, builtin: classic}\n",
			lang, groups["p1"], hold.bot(), groups["p2"], groups["p3"]))
		addr := startArena(t, bin, dir, "run", "--plain", "--web", "127.0.0.1:0", file)
		ctx := browser(t)
		do(t, ctx, "open the page", chromedp.Navigate(addr), chromedp.EmulateViewport(1280, 800))
		// The card of the held game: every check reads the same one.
		waitFor(t, ctx, "a game in play with its last move marked and the next games",
			`(() => { const c = document.querySelector("article.live"); return c && c.querySelector("svg line.arc.drawn.last") && c.querySelector(".legend") &&
				c.querySelectorAll("table.clocks tr").length === 2 && document.querySelectorAll("#next tbody tr").length > 0; })()`)
		if got := eval[string](t, ctx, `document.documentElement.lang`); got != lang {
			t.Errorf("%s: html lang %q", lang, got)
		}
		heading := eval[string](t, ctx, `document.querySelector("#next-h").textContent`)
		if want := map[string]string{"pt": "Próximos jogos", "en": "Next games"}[lang]; heading != want {
			t.Errorf("%s: the next games are headed %q, want %q", lang, heading, want)
		}
		projected(t, ctx, shots, "live-"+lang)
		// The large board, and its clocks on the screen beside it.
		if n := eval[int](t, ctx, `Math.round(document.querySelector("article.live .boardbox svg").getBoundingClientRect().width)`); n < 450 {
			t.Errorf("%s: the board of the game in play is %d px wide, want the large board", lang, n)
		}
		if y := eval[int](t, ctx, `Math.round(document.querySelector("article.live table.clocks").getBoundingClientRect().bottom)`); y > 800 {
			t.Errorf("%s: the clocks end at %d px, below the projected 800", lang, y)
		}
	}
}
