package webladder

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	bt "github.com/arenabots/arena/internal/browsertest"
	"github.com/arenabots/arena/internal/testbin"
)

// Chromium is the headless Chromium that the package's tests share, the
// internal and the external ones: each opens its tabs with Chromium.Tab.
// TestMain stops it.
var Chromium = bt.NewShared(1280, 900)

// TestMain runs the package's tests, with a cache of their own for the
// Lisp bots' saved images (testbin.CacheHome), then stops their Chromium.
func TestMain(m *testing.M) {
	code := testbin.Run(m)
	Chromium.Close()
	os.Exit(code)
}

// count is a JavaScript expression counting the elements matching sel.
func count(sel string) string { return fmt.Sprintf("document.querySelectorAll(%q).length", sel) }

// WaitButton waits until group's button in the lecturer's view reads
// text; a table drawn without the group's row fails the test at once.
// The predicate never throws: chromedp's Poll polls in the page, and a
// predicate that throws after its first evaluation leaves it without an
// answer for good, its own timeout included.
func WaitButton(t *testing.T, ctx context.Context, group, text string) {
	t.Helper()
	expr := fmt.Sprintf(`(() => { const b = document.querySelector('#admin-groups button[data-group=%q]'); return !b ? "no button" : b.textContent === %q ? "ok" : ""; })()`,
		group, text)
	got, err := chromedp.Run(ctx, bt.Poll[string](expr, bt.Hang))
	if err == nil && got != "ok" {
		err = fmt.Errorf("the table has no row for %s", group)
	}
	if err != nil {
		t.Fatalf("waiting for %s's button to read %s: %v", group, text, err)
	}
}

// noScroll is true when the page is no wider than the window: it has no
// horizontal scroll of its own (a wide table scrolls in its box).
const noScroll = `document.documentElement.scrollWidth <= window.innerWidth`

// TestPagesFit draws the ladder and a group's page, in both languages,
// at 1,280 px and on a 390 px phone: no horizontal scroll of the page,
// the words of the language, and a student's markup shown as text.
func TestPagesFit(t *testing.T) {
	bt.Need(t)
	for _, lang := range []string{"en", "pt"} {
		_, s := fakeServer(t, Options{Lang: lang})
		ctx := Chromium.Tab(t)
		words := map[string][2]string{"en": {"Standings", "Versions"}, "pt": {"Classificação", "Versões"}}[lang]
		for _, width := range []int64{1280, 390} {
			name := fmt.Sprintf("%s-%d", lang, width)
			bt.Do(t, ctx, "set the window's width", chromedp.EmulateViewport(width, 900))
			bt.Do(t, ctx, "open the ladder", chromedp.Navigate(s.URL+"/"))
			bt.WaitFor(t, ctx, "two rows of standings", count("#standings tbody tr")+" === 2")
			if got := bt.Eval[string](t, ctx, `document.getElementById("standings-h").textContent`); got != words[0] {
				t.Errorf("%s: standings' heading %q, want %q", name, got, words[0])
			}
			if !bt.Eval[bool](t, ctx, noScroll) {
				t.Errorf("%s: the ladder is %d px wide in a window of %d", name, bt.Eval[int](t, ctx, "document.documentElement.scrollWidth"), width)
			}
			if n := bt.Eval[int](t, ctx, count("main img, main script")); n != 0 || !bt.Eval[bool](t, ctx, `document.getElementById("standings").textContent.includes("<img src=x")`) {
				t.Errorf("%s: a student's markup is markup (%d elements), or is not shown as text", name, n)
			}
			if n := bt.Eval[int](t, ctx, count("#standings svg.interval rect.range")); n != 2 {
				t.Errorf("%s: %d interval bars, want 2", name, n)
			}
			bt.Screenshot(t, ctx, "ladder-"+name)

			bt.Do(t, ctx, "open P13's page", chromedp.Navigate(s.URL+"/group/P13"))
			bt.WaitFor(t, ctx, "its versions", count("#versions article.version")+" === 2")
			if !bt.Eval[bool](t, ctx, noScroll) {
				t.Errorf("%s: the group's page is %d px wide in a window of %d", name, bt.Eval[int](t, ctx, "document.documentElement.scrollWidth"), width)
			}
			if got := bt.Eval[string](t, ctx, `document.getElementById("versions-h").textContent`); got != words[1] {
				t.Errorf("%s: versions' heading %q, want %q", name, got, words[1])
			}
			bt.Screenshot(t, ctx, "group-"+name)
		}
	}
}

// TestGroupPageLogin logs in through the form: the group's page shows its
// refusal's reason and logs as text, folded; then a file uploaded
// through the form shows its stages and "accepted: version 3", and the
// version appears in the list, without reloading the page.
func TestGroupPageLogin(t *testing.T) {
	bt.Need(t)
	_, s := fakeServer(t, Options{})
	ctx := Chromium.Tab(t)
	bt.Do(t, ctx, "open P13's page", chromedp.Navigate(s.URL+"/group/P13"))
	bt.WaitFor(t, ctx, "the login form", `!document.getElementById("login").hidden`)
	if n := bt.Eval[int](t, ctx, count("#versions .reason, #versions details")); n != 0 {
		t.Errorf("a visitor sees %d reasons and logs, want none", n)
	}
	bt.Do(t, ctx, "log in", chromedp.SendKeys(chromedp.CSS("#login-token"), tokenP13), chromedp.Submit(chromedp.CSS("#login-token")),
		chromedp.WaitVisible(chromedp.CSS("#upload-box")))
	bt.WaitFor(t, ctx, "the refusal's answer and logs", count(`#versions article.refused details.output`)+" === 3")
	if got := bt.Eval[string](t, ctx, `document.querySelector("#versions article.refused .reason").textContent`); got != "crashed at ply 12: "+hostile {
		t.Errorf("reason %q, want it as text", got)
	}
	if n := bt.Eval[int](t, ctx, count("main img, main script")); n != 0 {
		t.Errorf("%d elements of a student's markup", n)
	}
	if got := bt.Eval[string](t, ctx, `document.getElementById("match").textContent`); got != "version 2 against version 1: not decided after 38 games38 games, LLR 1.25 (bounds -2.94 and 2.94)." {
		t.Errorf("the match reads %q", got)
	}
	if u := bt.Eval[string](t, ctx, "location.href"); u != s.URL+"/group/P13" {
		t.Errorf("after the login the page is %s", u)
	}

	file := filepath.Join(t.TempDir(), "p13.zip")
	if err := os.WriteFile(file, []byte("PK the archive"), 0o644); err != nil {
		t.Fatal(err)
	}
	bt.Do(t, ctx, "upload", chromedp.SetUploadFiles(chromedp.CSS("#upload-file"), []string{file}),
		chromedp.Click(chromedp.CSS(`#upload-form button[type=submit]`)))
	bt.WaitFor(t, ctx, "accepted", `document.getElementById("upload-stage").textContent === "accepted: version 3"`)
	bt.WaitFor(t, ctx, "version 3 in the list", count(`#versions article[data-version="3"]`)+" === 1")
	bt.Screenshot(t, ctx, "upload")
}

// TestAdminPage: the lecturer logs in on /admin, disables a group with its
// button (the row says so), and freezes the ladder: the page shows the
// league file, a student's markup in it as text.
func TestAdminPage(t *testing.T) {
	bt.Need(t)
	f, s := fakeServer(t, Options{})
	ctx := Chromium.Tab(t)
	bt.Do(t, ctx, "open the lecturer's view", chromedp.Navigate(s.URL+"/admin"))
	bt.WaitFor(t, ctx, "the login form", `!document.getElementById("login").hidden`)
	if !bt.Eval[bool](t, ctx, `document.getElementById("admin-page").hidden`) {
		t.Error("the lecturer's view shows before the lecturer's login")
	}
	bt.Do(t, ctx, "log in", chromedp.SendKeys(chromedp.CSS("#login-token"), tokenAdmin), chromedp.Submit(chromedp.CSS("#login-token")),
		chromedp.WaitVisible(chromedp.CSS("#admin-page")))
	bt.WaitFor(t, ctx, "a row per group", count("#admin-groups tbody tr")+" === 2")
	// Clicked in the page, as one step: the table may be drawn anew
	// between chromedp's press and release of the mouse on a node found
	// first, and a click pressed on one button and released on another is
	// no click.
	bt.Eval[bool](t, ctx, `(() => { document.querySelector('#admin-groups button[data-group="P14"]').click(); return true; })()`)
	WaitButton(t, ctx, "P14", "Enable")
	f.mu.Lock()
	off := f.disabled["P14"]
	f.mu.Unlock()
	if !off {
		t.Error("the ladder was not told to disable P14")
	}
	bt.Do(t, ctx, "accept the freeze's confirmation", chromedp.Evaluate[chromedp.Void](`window.confirm = () => true`))
	bt.Do(t, ctx, "freeze", chromedp.Click(chromedp.CSS("#freeze-button")))
	bt.WaitFor(t, ctx, "the league file", count("#freeze-out pre.league-file")+" === 1")
	if got := bt.Eval[string](t, ctx, `document.querySelector("#freeze-out pre").textContent`); got != "name: championship\n# "+hostile+"\n" {
		t.Errorf("league file %q", got)
	}
	if n := bt.Eval[int](t, ctx, count("main img, main script")); n != 0 {
		t.Errorf("%d elements of a student's markup", n)
	}
	bt.Screenshot(t, ctx, "admin")
}
