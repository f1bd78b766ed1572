package web_test

import (
	"encoding/csv"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/arenabots/arena/course/intake/intaketest"
)

// The class of the annulment's test: two of the course's Cavalo samples,
// the similarity check's project alfa (P34), a disguised copy of it
// (testdata/annul: every name renamed, its forms reordered, its comments
// reworded) handed in as P60, and the independent project beta (P22).
const (
	annulOriginal = "P34 alfa/bruno"
	annulCopy     = "P60 copia/carla"
	annulReason   = "cópia confirmada na oral (regulamento, art. 7)"
)

// TestAnnulDisguisedCopy is the course's plagiarism rule end to end, with
// nothing edited by hand: arena intake names the flagged pair, the league
// is played, arena grades --annul decides, and the grades, the page and
// the report mark both groups: no place, bonus 0, the reason, the
// groups below moved up; the podium leaves them out.
func TestAnnulDisguisedCopy(t *testing.T) {
	bin := needBrowser(t)
	if _, err := exec.LookPath("sbcl"); err != nil {
		t.Fatalf("no sbcl (%v): apt-get install sbcl", err)
	}
	examples, err := filepath.Abs(filepath.Join("..", "bots", "examples", "lisp"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	class := filepath.Join(dir, "entregas")
	for _, s := range intaketest.Samples {
		if s.Group == "ana_2201001_rui_2201002_P1" || s.Group == "caio_2201005_luis_2201006_P3" {
			if err := intaketest.Assemble(examples, class, s, false); err != nil {
				t.Fatal(err)
			}
		}
	}
	rules := filepath.Join(examples, "regras.lisp")
	for to, from := range map[string]string{
		"alfa_2209001_bruno_2209002_P34/jogo.lisp":           "../course/similarity/testdata/alfa/jogo.lisp",
		"alfa_2209001_bruno_2209002_P34/regras.lisp":         rules,
		"copia_2209101_carla_2209102_P60/src/principal.lisp": "testdata/annul/copia_2209101_carla_2209102_P60/src/principal.lisp",
		"copia_2209101_carla_2209102_P60/src/regras.lisp":    rules,
		"beta_2209201_duarte_2209202_P22/jogo.lisp":          "../course/similarity/testdata/beta/jogo.lisp",
		"beta_2209201_duarte_2209202_P22/regras.lisp":        rules,
	} {
		data, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(class, filepath.FromSlash(to))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	arena := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("arena %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	out := arena("intake", "entregas", "--tempo", "50", "--margin", "1000", "--rounds", "1", "-o", "league.yaml", "--out", "work")
	if !strings.Contains(strings.Join(strings.Fields(out), " "), annulOriginal+" and "+annulCopy+", score") {
		t.Errorf("arena intake does not name the flagged pair %s and %s:\n%s", annulOriginal, annulCopy, out)
	}
	arena("run", "--plain", "league.yaml")
	results := filepath.Join(dir, "results", "intake")
	before := arena("standings", results)
	out = arena("grades", results, "--intake", "work", "--annul", "P34,P60", "--reason", annulReason, "-o", "grades.csv")
	flat := strings.Join(strings.Fields(out), " ")
	for _, want := range []string{"flagged as similar: " + annulOriginal + " and " + annulCopy, "annulled: " + annulCopy + ": " + annulReason, "marks.json"} {
		if !strings.Contains(flat, want) {
			t.Errorf("arena grades does not say %q:\n%s", want, out)
		}
	}

	// The grades: both rows annulled, no place, bonus 0; the others
	// placed 1, 2, 3 from the top, the winner's bonus 3.
	f, err := os.Open(filepath.Join(dir, "grades.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := func(name string) int { return slices.Index(rows[0], name) }
	var ranks []string
	firsts := 0 // the groups ranked first share the places they cover
	for _, r := range rows[1:] {
		if r[col("rank")] == "1" {
			firsts++
		}
	}
	// places [3, 2], every other eligible group 1: k groups tied first
	// share 3 + 2 + (k-2)·1.
	want := 3.0
	if firsts > 1 {
		want = (5 + float64(firsts-2)) / float64(firsts)
	}
	for _, r := range rows[1:] {
		group, rank, bonus, annulled := r[col("entry")], r[col("rank")], r[col("bonus")], r[col("annulled")]
		switch {
		case strings.HasSuffix(group, "_P34") || strings.HasSuffix(group, "_P60"):
			if rank != "annulled" || bonus != "0" || annulled != annulReason {
				t.Errorf("%s: rank %q, bonus %s, annulled %q; want annulled, 0, the reason", group, rank, bonus, annulled)
			}
		default:
			ranks = append(ranks, rank)
			if got, err := strconv.ParseFloat(bonus, 64); rank == "1" && (err != nil || math.Abs(got-want) > 0.01) {
				t.Errorf("%s: first of %d, bonus %s, want %.2f", group, firsts, bonus, want)
			}
		}
	}
	if len(ranks) != 3 || ranks[0] != "1" || slices.Contains(ranks, "annulled") {
		t.Errorf("the groups left are ranked %q, want from 1, none annulled", ranks)
	}

	// The report and the served page: both groups marked with the reason
	// and the pair, no rank, out of the podium.
	report := filepath.Join(dir, "report.html")
	arena("report", results, "-o", report)
	ctx := browser(t)
	for _, page := range []struct{ what, url string }{
		{"report", "file://" + report},
		{"served", startArena(t, bin, dir, "serve", results, "--addr", "127.0.0.1:0")},
	} {
		do(t, ctx, "open the "+page.what, chromedp.Navigate(page.url))
		waitFor(t, ctx, "the standings", count("#standings tbody tr")+" === 5")
		marked := eval[[]string](t, ctx, `[...document.querySelectorAll("#standings tbody tr")].filter((tr) => tr.querySelector(".mark.annulled")).map((tr) => tr.innerText)`)
		if len(marked) != 2 {
			t.Errorf("%s: %d standings rows marked annulled, want 2: %q", page.what, len(marked), marked)
		}
		for _, row := range marked {
			if !strings.HasPrefix(row, "—") || !strings.Contains(row, annulReason) ||
				!(strings.Contains(row, annulOriginal) && strings.Contains(row, "similar to "+annulCopy) ||
					strings.Contains(row, annulCopy) && strings.Contains(row, "similar to "+annulOriginal)) {
				t.Errorf("%s: an annulled row reads %q: want no rank, the reason and the pair", page.what, row)
			}
		}
		ranks := eval[[]string](t, ctx, `[...document.querySelectorAll("#standings tbody tr")].map((tr) => tr.cells[0].innerText)`)
		if !slices.Equal(ranks[3:], []string{"—", "—"}) || ranks[0] != "1" {
			t.Errorf("%s: ranks %q, want the three groups left from 1, then the two annulled", page.what, ranks)
		}
		podium := eval[string](t, ctx, `document.getElementById("podium").innerText`)
		if strings.Contains(podium, "alfa/bruno") && !strings.Contains(podium, "Annulled") || strings.Count(podium, "copia/carla") > 1 {
			t.Errorf("%s: the podium shows an annulled group: %q", page.what, podium)
		}
		if !strings.Contains(podium, "Annulled") {
			t.Errorf("%s: the podium does not say who was annulled: %q", page.what, podium)
		}
		screenshot(t, ctx, "annul-"+page.what)
	}
	t.Logf("standings before the decision:\n%s", before)
}
