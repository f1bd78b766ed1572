package web_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/arenabots/arena/internal/testbin"
)

// englishWords are words of the referee's and the boards' English
// templates that no Portuguese text holds; names and moves are no such
// words (the test's bots have Portuguese names).
var englishWords = regexp.MustCompile(`\b(white|black|human|reserve|points?|legal move|knight|jump|attacked|answered|after|limit|exited|process|status|wall|timeout|crash|won|Game over|Choose|Back)\b`)

// english returns the English in the visible text of the page in ctx: its
// words from englishWords, and the English texts of the page's own words
// (ARENA_STRINGS.en, where Portuguese says otherwise) that it shows.
func english(t *testing.T, ctx context.Context) []string {
	t.Helper()
	text := eval[string](t, ctx, `document.body.innerText`)
	found := englishWords.FindAllString(text, -1)
	fragments := eval[[]string](t, ctx, `(() => { const en = window.ARENA_STRINGS.en, pt = window.ARENA_STRINGS.pt, out = [];
		for (const k of Object.keys(en)) {
			if (typeof en[k] !== "string" || en[k] === pt[k]) continue;
			for (const f of en[k].split(/\{\d+\}/)) if (f.trim().length >= 6) out.push(f.trim());
		}
		return out; })()`)
	for _, f := range fragments {
		// A whole fragment: "result" is in "resultado".
		if regexp.MustCompile(`(^|[^\pL])` + regexp.QuoteMeta(f) + `($|[^\pL])`).MatchString(text) {
			found = append(found, f)
		}
	}
	return found
}

// TestPortugueseEverywhere reads, with lang: pt, the report of a league
// with a fault of each kind (an illegal move, a timeout, a crash), a game
// with a fault in its viewer, and the served page of a person's game
// against a bot: no English template in their visible text, the verdicts'
// details included (their moves and names kept).
func TestPortugueseEverywhere(t *testing.T) {
	bin := needBrowser(t)
	bot, err := testbin.Testbot()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	file := writeLeague(t, dir, "faltas", "title: Campeonato IA — faltas\nlang: pt\nseed: 2\nrounds: 1\ntempo_ms: 100\ntime_margin_ms: 200\nconcurrency: 2\nsandbox: off\nbots:\n"+
		"  - {name: guloso, builtin: greedy}\n"+
		"  - {name: lento, path: "+bot+", args: [burn, \"400\"]}\n"+
		"  - {name: quebra, path: "+bot+", args: [crash]}\n"+
		"  - {name: batoteiro, path: "+bot+", args: [kept, \"1\"]}\n")
	cmd := exec.Command(bin, "run", "--plain", "--allow-unsandboxed", file)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("arena run: %v\n%s", err, out)
	}
	results := filepath.Join(dir, "faltas")
	report := filepath.Join(dir, "faltas.html")
	if out, err := exec.Command(bin, "report", results, "-o", report).CombinedOutput(); err != nil {
		t.Fatalf("arena report: %v\n%s", err, out)
	}
	ctx := browser(t)
	do(t, ctx, "open the report", chromedp.Navigate("file://"+report))
	waitFor(t, ctx, "the faults", count("#faults tbody tr")+" > 0")
	for _, verdict := range []string{"jogada ilegal", "tempo esgotado", "falha do bot"} {
		if !strings.Contains(eval[string](t, ctx, `document.getElementById("faults").innerText`), verdict) {
			t.Errorf("the report's faults have no %q", verdict)
		}
	}
	if got := english(t, ctx); len(got) > 0 {
		t.Errorf("the Portuguese report shows English: %q", got)
	}
	do(t, ctx, "open a game lost by a fault", chromedp.Click(chromedp.CSS("#faults tbody tr:first-child button")))
	waitFor(t, ctx, "the viewer", `!document.getElementById("viewer").hidden`)
	if got := english(t, ctx); len(got) > 0 {
		t.Errorf("the Portuguese viewer shows English: %q", got)
	}
	screenshot(t, ctx, "pt-report")

	addr := startArena(t, bin, dir, "serve", results, "--play", "--play-out", "pessoas", "--tempo", "100", "--addr", "127.0.0.1:0")
	// The people's league is the page's second: a start stays on it.
	do(t, ctx, "open the people's page", chromedp.Navigate(addr+"?league=1"))
	waitFor(t, ctx, "the play form", count("#play-bot option")+" > 0")
	do(t, ctx, "start a game against guloso",
		chromedp.SetValue(chromedp.CSS("#play-bot"), "guloso"),
		chromedp.SetValue(chromedp.CSS("#play-seed"), "7"),
		chromedp.Click(chromedp.CSS(`#play-form button[type=submit]`)))
	place := "article.live.human [data-target].playable"
	waitFor(t, ctx, "the person's turn", count(place)+" > 0")
	do(t, ctx, "click a place", chromedp.Click(chromedp.CSS(place)))
	if eval[int](t, ctx, count("article.live.human .moves span")) > 0 {
		do(t, ctx, "pick the move", chromedp.Click(chromedp.CSS("article.live.human .moves span + button")))
	}
	waitFor(t, ctx, "guloso's reply", `(document.querySelector("article.live.human .last-move") || {innerText: ""}).innerText.includes("guloso")`)
	if got := eval[[2]string](t, ctx, `[document.getElementById("play-bot").value, document.getElementById("play-seed").value]`); got != [2]string{"guloso", "7"} {
		t.Errorf("the play form after a start: %q, want the bot and seed chosen", got)
	}
	clock := eval[string](t, ctx, `document.querySelector("article.live.human .clocks").innerText`)
	for line := range strings.Lines(clock) {
		if strings.Contains(line, "uma pessoa") && strings.Contains(strings.ToLower(line), "cpu") {
			t.Errorf("the clocks of a person's game show a person's CPU time: %q", clock)
		}
	}
	if got := english(t, ctx); len(got) > 0 {
		t.Errorf("the Portuguese page of a person's game shows English: %q", got)
	}
	screenshot(t, ctx, "pt-play")
}
