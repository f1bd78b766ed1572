package browsertest

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestPollThrows: a condition that throws counts as false and its wait
// still ends, at its hang with the error or when the condition holds;
// chromedp's own poller never answers once a check after the first throws.
func TestPollThrows(t *testing.T) {
	Need(t)
	ctx := Tab(t, 400, 300)
	// Throws from the second check on: the wait ends at its hang.
	Do(t, ctx, "open a page", chromedp.Navigate("data:text/html,<p>a page</p>"))
	Do(t, ctx, "count the checks", chromedp.Evaluate[chromedp.Void](`window.checks = 0`))
	_, err := chromedp.Run(ctx, Poll[chromedp.Void](`++window.checks > 1 && document.querySelector("#none").textContent`, time.Second))
	if err == nil {
		t.Fatal("a condition that throws from its second check on held")
	}
	if got := Eval[string](t, ctx, `window.`+pollError); !strings.Contains(got, "TypeError") {
		t.Errorf("the kept error is %q, want the condition's TypeError", got)
	}
	// Throws until the node comes: the wait ends when it does.
	Do(t, ctx, "add the node in a while", chromedp.Evaluate[chromedp.Void](`window.checks = 0; setTimeout(() => document.body.insertAdjacentHTML("beforeend", "<p id=late>here</p>"), 200)`))
	got, err := chromedp.Run(ctx, Poll[string](`++window.checks > 1 && document.querySelector("#late").textContent`, time.Hour))
	if err != nil || got != "here" {
		t.Errorf("the wait for a node that comes: %q, %v", got, err)
	}
}
