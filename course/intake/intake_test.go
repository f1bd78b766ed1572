package intake

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/arena/lispimage"
	"github.com/arenabots/arena/bots/lisp/probe"
	"github.com/arenabots/arena/course/intake/intaketest"
	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/internal/testbin"
)

func TestMain(m *testing.M) { intaketest.Main(m, probe.Serve) }

// examples is bots/examples/lisp.
var examples = filepath.Join("..", "..", "bots", "examples", "lisp")

// testOptions are Options that probe with arena's binary (testbin.Arena)
// and its compiled driver, as arena intake does, built without the race
// detector; the probe's own code runs under it in this package's probe
// tests (testSpec: the test binary as the probe, which compiles the
// driver).
func testOptions(t testing.TB, game string, tempo time.Duration) Options {
	t.Helper()
	rules, err := games.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	intaketest.Self(t) // fails without sbcl
	self, err := testbin.Arena()
	if err != nil {
		t.Fatal(err)
	}
	images, err := lispimage.DefaultDir() // the test process's own (testbin.CacheHome)
	if err != nil {
		t.Fatal(err)
	}
	return Options{Game: rules, Tempo: tempo, Self: self, Driver: (&lispimage.Cache{Dir: images}).Driver(context.Background())}
}

// TestSamples takes in each sample submission, in a folder or zipped, and
// checks what intake finds: the package, eligibility or the reason, for
// the LispWorks-clock samples the tempo_scale, and for the sample that
// fails late a warning ("yes, but") naming the position.
func TestSamples(t *testing.T) {
	for i, s := range intaketest.Samples {
		t.Run(s.Group, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if err := intaketest.Assemble(examples, dir, s, i%2 == 1); err != nil {
				t.Fatal(err)
			}
			subs, err := List(t.Context(), []string{dir}, filepath.Join(dir, "work"))
			if err != nil || len(subs) != 1 {
				t.Fatalf("List: %v, %+v", err, subs)
			}
			r := submit(context.Background(), subs[0], testOptions(t, s.GameName, 200*time.Millisecond))
			t.Logf("%s: files %v, %s; %s; %s; notes %q", r.Name, r.Files, r.Findings.Conventions, r.Findings.Time, r.Reason, r.Notes)
			if s.Files != nil && !slices.Equal(r.Files, s.Files) {
				t.Errorf("loads %q, want %q (tried %+v)", r.Files, s.Files, r.Tried)
			}
			if g := ParseGroup(s.Group); r.Config.Package != s.Package || r.Name != g.ID || r.Display != g.Display {
				t.Errorf("package %q, name %q, display %q; want %q, %q, %q", r.Config.Package, r.Name, r.Display, s.Package, g.ID, g.Display)
			}
			if r.Eligible != s.Eligible {
				t.Fatalf("eligible %v (%s), want %v", r.Eligible, r.Reason, s.Eligible)
			}
			if !s.Eligible {
				if !strings.Contains(r.Reason, s.Reason) {
					t.Errorf("reason %q, want it to say %q", r.Reason, s.Reason)
				}
				return
			}
			late := slices.ContainsFunc(r.Warnings, func(w string) bool { return strings.Contains(w, "fails on a later position, late game") })
			if late != (s.Shape == "late-failure") {
				t.Errorf("warnings %q: want one naming the late game: %v", r.Warnings, s.Shape == "late-failure")
			}
			if len(r.Findings.Evidence) < 4 {
				t.Errorf("evidence %+v: want one entry per reference position", r.Findings.Evidence)
			}
			wantScale := max(s.Scale, 1) // LispWorksScale: reads its clock in LispWorks units
			if r.Config.TempoScale != wantScale {
				t.Errorf("tempo_scale %d (%s, %s), want %d", r.Config.TempoScale, r.Findings.Time, r.Findings.Time.Evidence(), wantScale)
			}
		})
	}
}

// measured matches the durations that a league file's comments hold.
var measured = regexp.MustCompile(`[0-9.]+(ns|µs|ms|s)\b`)

// TestTimeWarnings checks the warnings of the time measured: past the
// league's deadline, or within reach of it.
func TestTimeWarnings(t *testing.T) {
	const tempo = 300 * time.Millisecond
	for _, tc := range []struct {
		name string
		use  probe.TimeUse
		want string // in the warning; "" for none
	}{
		{"well within the tempo", probe.TimeUse{Tempo: tempo, Scale: 1, Unscaled: 200 * time.Millisecond, Measured: 4}, ""},
		{"within reach of the deadline", probe.TimeUse{Tempo: tempo, Scale: 1, Unscaled: 250 * time.Millisecond, Measured: 4},
			"may lose on time at tempo 300 ms: at worst it takes 250 ms, 300 ms from the league's deadline of 550 ms"},
		{"within the margin", probe.TimeUse{Tempo: tempo, Scale: 1, Unscaled: 320 * time.Millisecond, Measured: 4},
			"may lose on time at tempo 300 ms: at worst it takes 320 ms, 230 ms from the league's deadline"},
		{"over the margin", probe.TimeUse{Tempo: tempo, Scale: 1, Unscaled: 550*time.Millisecond + time.Microsecond, Measured: 4},
			"will lose on time at tempo 300 ms: at worst it takes 550 ms, the league allows 550 ms"},
		{"cut off", probe.TimeUse{Tempo: tempo, Scale: 1, Unscaled: 550 * time.Millisecond, Overran: true, Note: "overruns the tempo"},
			"will lose on time at tempo 300 ms: it thinks more than 550 ms (it overruns the tempo)"},
		{"LispWorks clock, scaled", probe.TimeUse{Tempo: tempo, Scale: probe.LispWorksScale, Unscaled: time.Millisecond, Scaled: 600 * time.Millisecond, Measured: 4},
			"will lose on time at tempo 300 ms: at worst it takes 600 ms"},
		{"the issue's Dots group: 918 ms of 1 s", probe.TimeUse{Tempo: time.Second, Scale: 1, Unscaled: 918 * time.Millisecond, Measured: 4},
			"may lose on time at tempo 1000 ms"},
		{"600 ms of 1 s", probe.TimeUse{Tempo: time.Second, Scale: 1, Unscaled: 600 * time.Millisecond, Measured: 4}, ""},
		{"700 ms of 1 s, with a stall of 100 ms seen", probe.TimeUse{Tempo: time.Second, Scale: 1, Unscaled: 700 * time.Millisecond,
			Median: 700 * time.Millisecond, Measured: 1, Stall: 100 * time.Millisecond, Probed: 12},
			"may lose on time at tempo 1000 ms: at worst it takes 800 ms, 450 ms from the league's deadline of 1250 ms"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := timeWarnings(tc.use, Options{})
			switch {
			case tc.want == "" && len(got) > 0:
				t.Errorf("warnings %q, want none", got)
			case tc.want != "" && (len(got) != 1 || !strings.Contains(got[0], tc.want)):
				t.Errorf("warnings %q, want one saying %q", got, tc.want)
			}
		})
	}
}

// TestTriesTheNextWay takes in a submission whose loader fails when
// loaded (it runs a test that does not exist): intake tries jogar's file
// next, which plays, and says what it tried.
func TestTriesTheNextWay(t *testing.T) {
	if testing.Short() {
		t.Skip("starts SBCL twice")
	}
	read := func(path string) string {
		data, err := os.ReadFile(filepath.Join(examples, path))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	root := writeTree(t, map[string]string{
		"regras.lisp":  read("regras.lisp"),
		"jogo.lisp":    read("entregas/cavalo/dani_2201007_joao_2201008_P4/jogo.lisp"),
		"projeto.lisp": "(load \"jogo.lisp\")\n(testar-tudo)\n",
	})
	r := submit(context.Background(), Submission{Group: "grupo", Source: root, Root: root}, testOptions(t, "cavalo", 100*time.Millisecond))
	if !r.Eligible || !slices.Equal(r.Files, []string{"jogo.lisp"}) {
		t.Fatalf("eligible %v (%s), files %q; want jogo.lisp to play", r.Eligible, r.Reason, r.Files)
	}
	if len(r.Tried) != 2 || !slices.Equal(r.Tried[0].Files, []string{"projeto.lisp"}) ||
		!strings.Contains(r.Tried[0].Outcome, "TESTAR-TUDO") || r.Tried[1].Outcome != "eligible" {
		t.Errorf("tried %+v: want projeto.lisp (failing on TESTAR-TUDO), then jogo.lisp", r.Tried)
	}
	if !slices.ContainsFunc(r.Notes, func(n string) bool {
		return strings.Contains(n, "tried 2 ways of loading it, in order: projeto.lisp; jogo.lisp")
	}) {
		t.Errorf("notes %q do not say what was tried", r.Notes)
	}
}
