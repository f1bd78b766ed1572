package intake

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestReportSimilarInert checks that intake.md's "similar to" line shows
// the other group's entry as every other line does: no terminal escape,
// no HTML, no live Markdown link, no | that ends a cell.
func TestReportSimilarInert(t *testing.T) {
	for _, name := range slices.Concat(hostile, []string{"[click](http://evil.example)", "<img src=x onerror=alert(1)>", "a|b`c"}) {
		rs := goldenResults()
		rs[0].Similar = []Similar{{With: name, Score: 0.9, Flagged: true}}
		var b bytes.Buffer
		if err := WriteReport(&b, "arena intake", rs); err != nil {
			t.Fatal(err)
		}
		var line string
		for _, l := range strings.Split(b.String(), "\n") {
			if strings.Contains(l, "**similar** to") {
				line = l
			}
		}
		if line == "" {
			t.Fatalf("no similar line for %q:\n%s", name, b.String())
		}
		if strings.ContainsAny(line, "\x1b\r\a<>\u2028") || regexp.MustCompile(`(^|[^\\])\]\(`).MatchString(line) || strings.Contains(line, "a|b") {
			t.Errorf("the similar line of %q is not inert: %q", name, line)
		}
	}
}
