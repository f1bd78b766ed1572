package web_test

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestReportSPRT plays an SPRT match of alphabeta against greedy and opens
// its report in Chromium: the SPRT box says H1 with the LLR past the upper
// bound and the pairs counted.
func TestReportSPRT(t *testing.T) {
	bin := needBrowser(t)
	dir := t.TempDir()
	file := writeLeague(t, dir, "sprt", "seed: 3\nrounds: 60\ntempo_ms: 20\nconcurrency: 2\nsprt: {elo0: 0, elo1: 100}\nbots:\n"+
		"  - {name: alphabeta, builtin: alphabeta}\n  - {name: greedy, builtin: greedy}\n")
	cmd := exec.Command(bin, "run", "--plain", file)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("arena run: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "SPRT decided: H1, alphabeta is better than greedy") {
		t.Errorf("the run's progress does not tell the decision:\n%s", out)
	}
	report := filepath.Join(dir, "report.html")
	if out, err := exec.Command(bin, "report", filepath.Join(dir, "sprt"), "-o", report).CombinedOutput(); err != nil {
		t.Fatalf("arena report: %v\n%s", err, out)
	}
	ctx := browser(t, chromedp.Flag("proxy-server", "127.0.0.1:9"), chromedp.Flag("proxy-bypass-list", "<-loopback>"))
	do(t, ctx, "open the report", chromedp.Navigate("file://"+report))
	waitFor(t, ctx, "the SPRT box", `!document.getElementById("sprt").hidden`)
	text := eval[string](t, ctx, `document.getElementById("sprt").innerText`)
	for _, want := range []string{"H1 accepted: alphabeta is better than greedy", "H0 nElo 0, H1 nElo 100", "pairs by alphabeta's score"} {
		if !strings.Contains(text, want) {
			t.Errorf("the SPRT box lacks %q:\n%s", want, text)
		}
	}
	if p := eval[string](t, ctx, `document.getElementById("progress-text").textContent`); !strings.Contains(p, "SPRT H1, done") {
		t.Errorf("progress %q, want the match done", p)
	}
	if v := eval[float64](t, ctx, `document.querySelector("#sprt meter").value`); v < 2.9 {
		t.Errorf("LLR meter at %v, want the upper bound", v)
	}
	screenshot(t, ctx, "sprt")
}
