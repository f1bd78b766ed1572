package webladder_test

import (
	"archive/zip"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	bt "github.com/arenabots/arena/internal/browsertest"
	webladder "github.com/arenabots/arena/web/ladder"
)

// zipProject writes the files of the project in src, under the folder
// group, to a zip in a temporary folder and returns its path.
func zipProject(t *testing.T, src, group string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), group+".zip")
	out, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	zw := zip.NewWriter(out)
	err = filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		w, err := zw.Create(group + "/" + filepath.ToSlash(rel))
		if err != nil {
			return err
		}
		_, err = w.Write(data)
		return err
	})
	if err == nil {
		err = zw.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// text returns the text of the first element matching sel, "" when none.
func text(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	return bt.Eval[string](t, ctx, `(() => { const e = document.querySelector(`+strconv.Quote(sel)+`); return e ? e.textContent : ""; })()`)
}

// openGame follows the first game link under sel to the viewer, steps it
// to its end and returns the ply it ends at.
func openGame(t *testing.T, ctx context.Context, base, sel string) int {
	t.Helper()
	href := bt.Eval[string](t, ctx, `document.querySelector(`+strconv.Quote(sel+" a[data-game]")+`).getAttribute("href")`)
	bt.Do(t, ctx, "open the game", chromedp.Navigate(base+href))
	bt.WaitFor(t, ctx, "the viewer at ply 0", `document.getElementById("v-ply").textContent.startsWith("ply 0 of")`)
	bt.Do(t, ctx, "go to the end", chromedp.KeyEvent(kb.End))
	bt.WaitFor(t, ctx, "the viewer at the game's end", `(() => { const m = document.getElementById("v-ply").textContent.match(/^ply (\d+) of (\d+)$/); return m && m[1] === m[2]; })()`)
	if n := bt.Eval[int](t, ctx, count("#viewer-board rect.sq")); n != 100 {
		t.Errorf("the viewer's board has %d squares, want 100", n)
	}
	ply, _ := strconv.Atoi(strings.Fields(text(t, ctx, "#v-ply"))[1])
	return ply
}

// TestRealRefusedUpload uploads, to a real ladder, a project that loads
// (printing as it does) but whose jogar signals a Lisp error on every
// call: the group's page shows intake's reason, the position it failed on
// drawn as a board, what jogar answered there, what the bot wrote apart
// from its loading output, and the game it fails in, which opens in the
// viewer and replays to its fault.
func TestRealRefusedUpload(t *testing.T) {
	base, toks, _ := realLadder(t, "P1")
	ctx := webladder.Chromium.Tab(t)
	project := zipProject(t, filepath.Join("..", "..", "course", "intake", "testdata", "fala"), "P1")
	if got := loginAndUpload(t, ctx, base, "P1", toks["P1"], project); !strings.HasPrefix(got, "refused: ") {
		t.Fatalf("a project whose jogar signals an error: %q, want refused", got)
	}
	card := `#versions article.refused[data-version="1"]`
	// The list may show the version refused before the game it fails in
	// is played (another event redrew it); the page draws it again once
	// the upload's answer comes.
	bt.WaitFor(t, ctx, "version 1 refused in the list, with the game it fails in", count(card+" .warning")+" === 1")
	if got := text(t, ctx, card+" .reason"); !strings.Contains(got, "tabuleiro estragado") {
		t.Errorf("the reason says %q, want intake's, with the Lisp error", got)
	}
	if n := bt.Eval[int](t, ctx, count(card+" > .boardbox svg rect.sq")); n != 100 {
		t.Errorf("the position it failed on: %d squares drawn, want a board of 100", n)
	}
	folds := bt.Eval[string](t, ctx, `[...document.querySelectorAll(`+strconv.Quote(card+" > details.output")+`)].map((d) => d.querySelector("summary").textContent + "\n" + d.querySelector("pre").textContent).join("\n--\n")`)
	for _, want := range []string{"what jogar answered there", "tabuleiro estragado", "what the bot wrote", "a pensar em", "loading output", "a carregar as regras"} {
		if !strings.Contains(folds, want) {
			t.Errorf("the refusal's folds lack %q:\n%s", want, folds)
		}
	}
	if _, load, ok := strings.Cut(folds, "loading output"); ok && strings.Contains(load, "a pensar") {
		t.Errorf("the loading output holds what the bot wrote in its calls:\n%s", load)
	}
	warning := text(t, ctx, card+" .warning")
	if !strings.Contains(warning, "The game it fails in:") || !strings.Contains(warning, "crash at ply") {
		t.Errorf("the failing game's line says %q, want the game it fails in, a crash", warning)
	}
	bt.Screenshot(t, ctx, "real-refused-board")
	if ply := openGame(t, ctx, base, card+" .warning"); ply < 1 {
		t.Errorf("the failing game ends at ply %d, want the fault's", ply)
	}
}

// TestRealLateFailure is issue 49's done-when: a student who uploads a
// project that crashes at about ply 12 (the sample P19, whose depth table
// runs out once 20 squares are empty) sees on the group's page the board
// at that ply and the Lisp error, without asking anyone. Intake admits the
// project; its validation game against itself ends there, a crash, and
// opens in the viewer at that ply.
func TestRealLateFailure(t *testing.T) {
	base, toks, zips := realLadder(t, "P1")
	ctx := webladder.Chromium.Tab(t)
	if got := loginAndUpload(t, ctx, base, "P1", toks["P1"], zips["P19"]); got != "accepted: version 1" {
		t.Fatalf("P19's project: %q, want accepted: version 1", got)
	}
	card := `#versions article.accepted[data-version="1"]`
	bt.WaitFor(t, ctx, "version 1 in the list", count(card)+" === 1")
	warnings := bt.Eval[string](t, ctx, `[...document.querySelectorAll(`+strconv.Quote(card+" .warning")+`)].map((w) => w.textContent).join("\n--\n")`)
	t.Logf("warnings:\n%s", warnings)
	m := regexp.MustCompile(`in its validation game against itself: crash at ply (\d+)`).FindStringSubmatch(warnings)
	if m == nil {
		t.Fatalf("no warning of a crash in the validation game against itself:\n%s", warnings)
	}
	ply, _ := strconv.Atoi(m[1])
	if ply < 8 || ply > 20 {
		t.Errorf("the crash at ply %d, want about 12", ply)
	}
	sel := card + ` .warning:has(a[data-game])`
	if n := bt.Eval[int](t, ctx, count(sel+" .boardbox svg rect.sq")); n < 100 {
		t.Errorf("the warning's board: %d squares drawn, want the board at ply %d", n, ply)
	}
	if !strings.Contains(strings.ToLower(warnings), "index 2") {
		t.Errorf("the warnings lack the Lisp error (an index out of bounds):\n%s", warnings)
	}
	bt.Screenshot(t, ctx, "real-late-failure")
	// The fault is the game's ply-th ply: the viewer ends on the position
	// the bot was asked about, after the ply-1 before it.
	if end := openGame(t, ctx, base, sel); end != ply-1 {
		t.Errorf("the game ends at ply %d in the viewer, want %d, before the warning's ply %d", end, ply-1, ply)
	}
}
