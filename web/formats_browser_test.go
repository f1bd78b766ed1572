package web_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// playLeague plays the league file of body named name in dir and returns
// its results directory.
func playLeague(t *testing.T, bin, dir, name, body string) string {
	t.Helper()
	cmd := exec.Command(bin, "run", "--plain", writeLeague(t, dir, name, body))
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("arena run: %v\n%s", err, out)
	}
	return filepath.Join(dir, name)
}

// TestFormatViews opens the page of a finished knockout, served and as a
// report, and of a finished Swiss: the knockout's bracket shows its seven
// ties, two of them byes, and its winner; the Swiss's standings show its
// tie-breaks.
func TestFormatViews(t *testing.T) {
	bin := needBrowser(t)
	dir := t.TempDir()
	knockout := playLeague(t, bin, dir, "ko", "format: knockout\nseed: 4\ntempo_ms: 50\nconcurrency: 2\nbots:\n"+
		"  - {name: alphabeta, builtin: alphabeta}\n  - {name: greedy, builtin: greedy}\n  - {name: classic, builtin: classic, options: {depth: 1}}\n"+
		"  - {name: random1, builtin: random, options: {seed: 1}}\n  - {name: random2, builtin: random, options: {seed: 2}}\n  - {name: random3, builtin: random, options: {seed: 3}}\n")
	swiss := playLeague(t, bin, dir, "sw", "format: swiss\nrounds: 2\nseed: 4\ntempo_ms: 50\nconcurrency: 2\nbots:\n"+
		"  - {name: greedy, builtin: greedy}\n  - {name: random1, builtin: random, options: {seed: 1}}\n  - {name: random2, builtin: random, options: {seed: 2}}\n"+
		"  - {name: random3, builtin: random, options: {seed: 3}}\n  - {name: random4, builtin: random, options: {seed: 4}}\n")
	report := filepath.Join(dir, "ko.html")
	if out, err := exec.Command(bin, "report", knockout, "-o", report).CombinedOutput(); err != nil {
		t.Fatalf("arena report: %v\n%s", err, out)
	}
	for _, page := range []struct{ what, url string }{
		{"served", startArena(t, bin, dir, "serve", knockout, "--addr", "127.0.0.1:0")},
		{"report", "file://" + report},
	} {
		ctx := browser(t)
		do(t, ctx, "open the knockout's "+page.what+" page", chromedp.Navigate(page.url))
		waitFor(t, ctx, "the bracket", count("#bracket .bracket .tie")+" === 7")
		if n := eval[int](t, ctx, count("#bracket .round")); n != 3 {
			t.Errorf("%s: %d rounds in the bracket, want 3", page.what, n)
		}
		if n := eval[int](t, ctx, count("#bracket .tie.bye")); n != 2 {
			t.Errorf("%s: %d byes, want 2", page.what, n)
		}
		winner := eval[string](t, ctx, `document.querySelector("#bracket .winner strong").textContent`)
		final := eval[string](t, ctx, `document.querySelector("#bracket .round:last-child .entrant.through .bot").textContent`)
		if winner == "" || winner == "still playing" || !strings.HasSuffix(final, " "+winner) {
			t.Errorf("%s: winner %q, the final's %q", page.what, winner, final)
		}
		if n := eval[int](t, ctx, count("#bracket .round:first-child .entrant.through")); n != 4 {
			t.Errorf("%s: %d bots through the first round, want 4", page.what, n)
		}
		screenshot(t, ctx, "knockout-"+page.what)
	}

	ctx := browser(t)
	do(t, ctx, "open the Swiss's page", chromedp.Navigate(startArena(t, bin, dir, "serve", swiss, "--addr", "127.0.0.1:0")))
	waitFor(t, ctx, "five standings rows", count("#standings tbody tr")+" === 5")
	head := eval[string](t, ctx, `[...document.querySelectorAll("#standings th")].map((h) => h.textContent).join(" ")`)
	if !strings.Contains(head, "Buchholz") || !strings.Contains(head, "SB") || !strings.Contains(head, "byes") || !strings.Contains(head, "tiebreak") {
		t.Errorf("Swiss standings header %q, want byes, Buchholz, SB and tiebreak", head)
	}
	caption := eval[string](t, ctx, `document.querySelector("#standings caption").textContent`)
	if !strings.Contains(caption, "Ranked by points, then Buchholz, then Sonneborn-Berger, then wins, then score difference") {
		t.Errorf("Swiss standings caption %q does not give the order", caption)
	}
	byes := eval[int](t, ctx, `[...document.querySelectorAll("#standings tbody tr")].map((r) => +r.children[7].textContent).reduce((a, b) => a + b, 0)`)
	if byes != 2 {
		t.Errorf("%d byes in the standings, want 2 (one a round of 5 bots)", byes)
	}
	if n := eval[int](t, ctx, count("#bracket .tie")); n != 0 {
		t.Errorf("a Swiss shows a bracket of %d ties", n)
	}
	screenshot(t, ctx, "swiss")
}

// TestPlayoffView opens the page of a finished league whose three bots a
// playoff decided, served and as a report: each row's tiebreak cell gives
// the playoff's score, the caption its ties and order, and the progress
// counts its games.
func TestPlayoffView(t *testing.T) {
	bin := needBrowser(t)
	dir := t.TempDir()
	po := playLeague(t, bin, dir, "po", "seed: 9\nrounds: 1\ntempo_ms: 500\nconcurrency: 2\ngame: dots\ngame_options: {rows: 2, cols: 2, opening_arcs: 2}\n"+
		"tiebreak: playoff\nbots:\n  - {name: greedy, builtin: greedy}\n"+
		"  - {name: classic2, builtin: classic, options: {depth: 2}}\n  - {name: classic3, builtin: classic, options: {depth: 3}}\n")
	report := filepath.Join(dir, "po.html")
	if out, err := exec.Command(bin, "report", po, "-o", report).CombinedOutput(); err != nil {
		t.Fatalf("arena report: %v\n%s", err, out)
	}
	for _, page := range []struct{ what, url string }{
		{"served", startArena(t, bin, dir, "serve", po, "--addr", "127.0.0.1:0")},
		{"report", "file://" + report},
	} {
		ctx := browser(t)
		do(t, ctx, "open the playoff's "+page.what+" page", chromedp.Navigate(page.url))
		waitFor(t, ctx, "three standings rows", count("#standings tbody tr")+" === 3")
		rows := eval[string](t, ctx, `[...document.querySelectorAll("#standings tbody tr")].map((r) => r.children[0].textContent + " " + r.children[1].textContent + " " + r.querySelector("td.text").textContent).join("; ")`)
		if want := "1 classic3 playoff 2 of 2 ties, 4.5 points; 2 classic2 playoff 1 of 2 ties, 3.5 points; 3 greedy playoff 0 of 2 ties, 0 points"; rows != want {
			t.Errorf("%s: standings %q, want %q", page.what, rows, want)
		}
		caption := eval[string](t, ctx, `document.querySelector("#standings caption").textContent`)
		for _, want := range []string{"then score difference, then playoff", "Playoff 1 of the bots level at #1: greedy 0-2 classic2;", "order: classic3, classic2, greedy."} {
			if !strings.Contains(caption, want) {
				t.Errorf("%s: caption %q lacks %q", page.what, caption, want)
			}
		}
		if progress := eval[string](t, ctx, `document.querySelector("#progress-text").textContent`); !strings.HasPrefix(progress, "14 of 14 games") {
			t.Errorf("%s: progress %q, want 14 of 14 games", page.what, progress)
		}
	}
}
