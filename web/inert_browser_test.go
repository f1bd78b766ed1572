package web_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/arenabots/arena/internal/testbin"
)

// TestReportShowsBotTextInert plays the test bot that writes terminal
// escapes and a right-to-left override in its error text and output
// against greedy, writes the report and opens it in Chromium: the faults
// table and the viewer show the escapes as text, and none of the
// characters reaches the page's text.
func TestReportShowsBotTextInert(t *testing.T) {
	bin := needBrowser(t)
	testbot, err := testbin.Testbot()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	data, err := os.ReadFile(testbot)
	if err != nil {
		t.Fatal(err)
	}
	// A copy others may run: a sandboxed bot runs as a uid of its own.
	if err := os.WriteFile(filepath.Join(dir, "testbot"), data, 0o755); err != nil {
		t.Fatal(err)
	}
	file := writeLeague(t, dir, "spoofed", "seed: 5\nrounds: 1\ntempo_ms: 200\ntime_margin_ms: 20000\nbots:\n"+
		"  - {name: greedy, builtin: greedy}\n  - {name: spoof, path: testbot, args: [spoof]}\n")
	cmd := exec.Command(bin, "run", "--plain", file)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("arena run: %v\n%s", err, out)
	}
	report := filepath.Join(dir, "report.html")
	if out, err := exec.Command(bin, "report", filepath.Join(dir, "spoofed"), "-o", report).CombinedOutput(); err != nil {
		t.Fatalf("arena report: %v\n%s", err, out)
	}
	ctx := browser(t)
	do(t, ctx, "open the report", chromedp.Navigate("file://"+report))
	waitFor(t, ctx, "two faults", count("#faults tbody tr")+" === 2")
	const shown = `\x1b[2J\x1b[H\x1b]0;pwned\a\rprobe wins 2-0\u202e 0-2 sniw`
	if got := eval[string](t, ctx, `document.querySelector("#faults tbody tr td:last-child").textContent`); !strings.Contains(got, shown) {
		t.Errorf("the faults table shows %q, want the escapes as text %s", got, shown)
	}
	do(t, ctx, "open a game", chromedp.Click(chromedp.CSS("#games tbody tr:first-child button")))
	waitFor(t, ctx, "the viewer", count("#viewer-board rect.sq")+" === 100")
	if got := eval[string](t, ctx, `document.getElementById("viewer-info").textContent`); !strings.Contains(got, shown) {
		t.Errorf("the viewer says %q, want the escapes as text %s", got, shown)
	}
	text := eval[string](t, ctx, "document.body.innerText")
	for _, c := range []string{"\x1b", "\r", "\a", "\u202e"} {
		if i := strings.Index(text, c); i >= 0 {
			t.Errorf("the page's text holds %q, at %q", c, text[max(0, i-30):min(len(text), i+30)])
		}
	}
	screenshot(t, ctx, "spoofed")
}
