package webladder_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/arenabots/arena/course/intake/intaketest"
	"github.com/arenabots/arena/course/ladder"
	bt "github.com/arenabots/arena/internal/browsertest"
	"github.com/arenabots/arena/internal/testbin"
	webladder "github.com/arenabots/arena/web/ladder"
)

// validation bounds the wait for an upload's verdict: intake's probe and
// two validation games of a Lisp project, minutes on a busy machine. It
// only stops a hang.
const validation = 10 * time.Minute

// count is a JavaScript expression counting the elements matching sel.
func count(sel string) string { return fmt.Sprintf("document.querySelectorAll(%q).length", sel) }

// realLadder opens a real ladder of Jogo do Cavalo at 20 ms a move in a
// temporary folder, plays it on one slot until the test ends, serves
// its pages, and returns their address, the groups' tokens and the
// sample class's projects zipped, by group.
func realLadder(t *testing.T, groups ...string) (string, map[string]string, map[string]string) {
	t.Helper()
	bt.Need(t)
	self, err := testbin.Arena()
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	dir := filepath.Join(work, "ladder")
	var roster strings.Builder
	roster.WriteString("group,students\n")
	for _, g := range groups {
		roster.WriteString(g + ",\n")
	}
	path := filepath.Join(work, "roster.csv")
	if err := os.WriteFile(path, []byte(roster.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	members, err := ladder.ReadRoster(path)
	if err != nil {
		t.Fatal(err)
	}
	cfg := ladder.DefaultConfig("cavalo", 20) // P2 thinks its whole tempo: at 200 ms, most of the tests' time
	cfg.Lang = "en"
	if err := ladder.Init(dir, ladder.InitOptions{Config: cfg, Roster: members}); err != nil {
		t.Fatal(err)
	}
	// One slot: the ladder plays all the while a test waits on its pages,
	// and on two its games took twice the CPU time for what the tests
	// see.
	l, err := ladder.Open(dir, ladder.Options{Self: self, Slots: 1})
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	ran := make(chan error, 1)
	go func() { ran <- l.Run(ctx) }()
	t.Cleanup(func() { stop(); <-ran; l.Close() })
	h, err := webladder.New(l, webladder.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)

	toks := map[string]string{}
	data, err := os.ReadFile(filepath.Join(dir, ladder.TokensFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n")[1:] {
		if f := strings.Split(line, ","); len(f) >= 2 {
			toks[f[0]] = f[1]
		}
	}
	zips := map[string]string{}
	examples := filepath.Join("..", "..", "bots", "examples", "lisp")
	for _, s := range intaketest.Samples {
		g := s.Group[strings.LastIndex(s.Group, "_")+1:]
		if s.GameName != "cavalo" || zips[g] != "" {
			continue
		}
		if err := intaketest.AssembleAs(examples, work, s, g, true); err != nil {
			t.Fatal(err)
		}
		zips[g] = filepath.Join(work, g+".zip")
	}
	return srv.URL, toks, zips
}

// loginAndUpload logs the tab in as group with its token through the
// form, uploads zip through the upload form and waits for the verdict:
// the text the page shows under the form.
func loginAndUpload(t *testing.T, ctx context.Context, base, group, token, zip string) string {
	t.Helper()
	bt.Do(t, ctx, "open "+group+"'s page", chromedp.Navigate(base+"/group/"+group))
	if bt.Eval[bool](t, ctx, `document.getElementById("upload-box").hidden`) {
		bt.Do(t, ctx, "log in as "+group, chromedp.SendKeys(chromedp.CSS("#login-token"), token), chromedp.Submit(chromedp.CSS("#login-token")),
			chromedp.WaitVisible(chromedp.CSS("#upload-box")))
	}
	bt.Do(t, ctx, "upload "+filepath.Base(zip), chromedp.SetUploadFiles(chromedp.CSS("#upload-file"), []string{zip}),
		chromedp.Click(chromedp.CSS(`#upload-form button[type=submit]`)))
	bt.WaitWithin(t, ctx, validation, "the verdict of "+filepath.Base(zip),
		`/^(accepted: version|refused: |not uploaded: |the same files)/.test(document.getElementById("upload-stage").textContent)`)
	return bt.Eval[string](t, ctx, `document.getElementById("upload-stage").textContent`)
}

// TestRealLadderPages runs the pages on a real ladder of the sample
// class: a project uploaded through the form is accepted as version 1
// and listed; a project that cannot play is refused, and the group's page
// shows intake's reason and the bot's output; once two groups play, the
// ladder's page, open all along, shows each game as it ends (Server-Sent
// Events); a game's link opens the viewer, which replays it to its
// recorded end; the lecturer disables a group, which stops playing once
// the pairings in play end, and enables it again.
func TestRealLadderPages(t *testing.T) {
	base, toks, zips := realLadder(t, "P1", "P2")
	ctx := webladder.Chromium.Tab(t)

	if got := loginAndUpload(t, ctx, base, "P1", toks["P1"], zips["P1"]); got != "accepted: version 1" {
		t.Fatalf("P1's project: %q, want accepted: version 1", got)
	}
	bt.WaitFor(t, ctx, "version 1 in the list", count(`#versions article.accepted[data-version="1"]`)+" === 1")

	got := loginAndUpload(t, ctx, base, "P1", toks["P1"], zips["P9"])
	if !strings.HasPrefix(got, "refused: ") || !strings.Contains(got, "takes 3 required arguments") {
		t.Errorf("P9's project uploaded by P1: %q, want refused with intake's reason", got)
	}
	bt.WaitFor(t, ctx, "version 2 refused in the list", count(`#versions article.refused[data-version="2"]`)+" === 1")
	if text := bt.Eval[string](t, ctx, `document.querySelector('#versions article[data-version="2"] .reason').textContent`); !strings.Contains(text, "takes 3 required arguments") {
		t.Errorf("the refused version says %q, want intake's reason", text)
	}
	bt.Screenshot(t, ctx, "real-refused")

	// The ladder's page, open before the second group's upload: its games
	// come live.
	lad, cancel := chromedp.NewContext(ctx)
	defer cancel()
	bt.Do(t, lad, "open the ladder", chromedp.Navigate(base+"/"))
	bt.WaitFor(t, lad, "the standings", count("#standings tbody tr")+" >= 1")
	if got := loginAndUpload(t, ctx, base, "P2", toks["P2"], zips["P2"]); got != "accepted: version 1" {
		t.Fatalf("P2's project: %q, want accepted: version 1", got)
	}
	bt.WaitWithin(t, lad, validation, "a ladder game, live", count("#games tbody tr")+" >= 1")
	seen := bt.Eval[int](t, lad, count("#games tbody tr"))
	bt.WaitWithin(t, lad, validation, "another ladder game, live", count("#games tbody tr")+fmt.Sprintf(" > %d", seen))
	bt.Screenshot(t, lad, "real-ladder")

	if end := openGame(t, lad, base, "#games tbody tr"); end == 0 {
		t.Error("the ladder's game ends at ply 0 in the viewer, want its moves")
	}
	bt.Screenshot(t, lad, "real-game")

	// Every game the ladder's and the groups' pages link opens.
	_, ids := ladderNow(t, base)
	for _, g := range []string{"P1", "P2"} {
		r, err := http.Get(base + "/data/group/" + g)
		if err != nil {
			t.Fatal(err)
		}
		var v struct {
			Games []ladder.GroupGame `json:"games"`
		}
		err = json.NewDecoder(r.Body).Decode(&v)
		r.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, gg := range v.Games {
			ids = append(ids, gg.ID)
		}
	}
	// A game between the two groups is in all three lists: each page is
	// opened once (the raced test process renders it, gzipped).
	slices.Sort(ids)
	for _, id := range slices.Compact(ids) {
		r, err := http.Get(fmt.Sprintf("%s/game/%d", base, id))
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		if r.StatusCode != http.StatusOK {
			t.Errorf("game %d's page: %s", id, r.Status)
		}
	}

	// The lecturer disables P2 in the lecturer's view: P1 is left alone,
	// and the ladder plays no more once the pairings in play end. Enabled
	// again, P2 plays.
	adm, cancelAdm := chromedp.NewContext(ctx)
	defer cancelAdm()
	bt.Do(t, adm, "open the lecturer's view", chromedp.Navigate(base+"/admin"))
	bt.Do(t, adm, "log in as the lecturer", chromedp.SendKeys(chromedp.CSS("#login-token"), toks[ladder.AdminGroup]),
		chromedp.Submit(chromedp.CSS("#login-token")), chromedp.WaitVisible(chromedp.CSS("#admin-page")))
	bt.WaitFor(t, adm, "a row per group", count("#admin-groups tbody tr")+" === 2")
	// Clicked in the page, as one step: the table is drawn anew at every
	// game that ends, so a node found first may be gone when clicked.
	clickP2 := `(() => { document.querySelector('#admin-groups button[data-group="P2"]').click(); return true; })()`
	bt.Eval[bool](t, adm, clickP2) // disable
	webladder.WaitButton(t, adm, "P2", "Enable")
	// The games so far, read once the disable is in (the button says
	// so). Read before the click, they left out the games that ended
	// while the click was on its way, before the disable: with the two
	// of the pairing then in play, up to four counted as after it.
	_, before := ladderNow(t, base)
	var after []int64
	// Only go test -timeout bounds the wait: a ladder that never stops
	// fails there.
	for st := (ladder.State{Busy: 1}); st.Busy > 0 || st.Queued > 0; {
		st, after = ladderNow(t, base)
		if st.Busy > 0 || st.Queued > 0 {
			time.Sleep(200 * time.Millisecond) // a condition polled, no duration waited for
		}
	}
	after = slices.DeleteFunc(after, func(id int64) bool { return slices.Contains(before, id) })
	// A pairing is a game pair; one slot holds one pairing.
	if len(after) > 2 {
		t.Errorf("%d games ended after P2 was disabled, want at most the 2 of the pairing in play: %v", len(after), after)
	}
	bt.Screenshot(t, adm, "real-disabled")
	bt.Eval[bool](t, adm, clickP2) // enable
	webladder.WaitButton(t, adm, "P2", "Disable")
	bt.Do(t, lad, "open the ladder", chromedp.Navigate(base+"/"))
	newest := slices.Max(append([]int64{0}, append(before, after...)...))
	bt.WaitWithin(t, lad, validation, "a game after P2 is enabled again",
		fmt.Sprintf(`Array.from(document.querySelectorAll("#games a[data-game]")).some((a) => +a.dataset.game > %d)`, newest))
}

// ladderNow returns the ladder's state and the ids of its last games, as
// its page reads them (GET /data/ladder).
func ladderNow(t *testing.T, base string) (ladder.State, []int64) {
	t.Helper()
	r, err := http.Get(base + "/data/ladder")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	var v struct {
		State ladder.State  `json:"state"`
		Games []ladder.Game `json:"games"`
	}
	if err := json.NewDecoder(r.Body).Decode(&v); err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, g := range v.Games {
		ids = append(ids, g.ID)
	}
	return v.State, ids
}
