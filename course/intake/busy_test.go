package intake

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/course/intake/intaketest"
	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/internal/cpuload"
)

// sampleClass assembles the samples of game into a class's folder under
// dir, every other one zipped, and lists its submissions.
func sampleClass(t testing.TB, dir, game string) []Submission {
	t.Helper()
	class := filepath.Join(dir, "entregas")
	if err := os.MkdirAll(class, 0o755); err != nil {
		t.Fatal(err)
	}
	for i, s := range intaketest.Samples {
		if s.GameName != game {
			continue
		}
		if err := intaketest.Assemble(examples, class, s, i%2 == 0); err != nil {
			t.Fatal(err)
		}
	}
	subs, err := List(context.Background(), []string{class}, filepath.Join(dir, "work"))
	if err != nil {
		t.Fatal(err)
	}
	return subs
}

// leagueOf runs the intake of subs and returns the league file it writes,
// the durations measured in its comments replaced by T, and each
// submission's verdict in one line.
func leagueOf(t testing.TB, dir, game string, subs []Submission, opt Options) (league string, verdicts []string) {
	t.Helper()
	l := League{Name: "intake", GameName: game, Tempo: opt.Tempo, Rounds: 1, Dir: dir,
		Report: filepath.Join(dir, "intake.md"), Sources: []string{filepath.Join(dir, "entregas")}}
	results := Run(context.Background(), subs, opt)
	var b strings.Builder
	if err := WriteLeague(&b, l, results); err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, line := range strings.Split(b.String(), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			line = measured.ReplaceAllString(line, "T")
		}
		lines = append(lines, line)
	}
	for _, r := range results {
		t.Logf("%s: time %s; %s", r.Name, r.Findings.Time, r.Findings.Time.Evidence())
		v := "eligible " + r.Findings.Conventions + fmt.Sprintf(", tempo_scale %d (%s)", r.Config.TempoScale, r.Findings.Time.Note)
		if !r.Eligible {
			v = "not eligible: " + r.Reason
		}
		verdicts = append(verdicts, r.Name+": "+v)
	}
	return strings.Join(lines, "\n"), verdicts
}

// TestSameLeagueBusy takes in the sample classes of every game on a quiet
// machine, then with busy loops on every core (three per CPU, each in a
// session of its own), and checks that the league files are the same, the
// durations measured in their comments aside, and so the verdicts: the
// conventions, the time base and eligibility do not depend on how fast a
// search went, nor, for the bots whose answers depend on their search
// time, on which answer came first or how long a search ran (the busy
// intake is each class's second, its searches several times slower;
// TestCheckFindsWhatIntakeFinds probes such bots four times each). The
// quiet intakes run in parallel, on the machine as it is; the busy ones
// all at once, beside one set of busy loops, which then slow every probe
// as much as before (each probe still shares the machine with the loops)
// and burn their CPU time once.
func TestSameLeagueBusy(t *testing.T) {
	if testing.Short() {
		t.Skip("takes in every sample twice, once with the machine busy")
	}
	type class struct {
		dir      string
		subs     []Submission
		opt      Options
		league   string
		verdicts []string
	}
	var mu sync.Mutex // guards classes while the quiet intakes run
	classes := map[string]*class{}
	root := t.TempDir() // the busy runs take in the quiet runs' folders
	t.Run("quiet", func(t *testing.T) {
		for _, game := range games.Names() { // every game of the table (issue 46)
			t.Run(game, func(t *testing.T) {
				c := &class{dir: filepath.Join(root, game)}
				c.subs = sampleClass(t, c.dir, game)
				// A quarter of a second: the bots that budget by their
				// clock search for all of it, on a quarter of a core or
				// less once the machine is busy.
				c.opt = testOptions(t, game, 250*time.Millisecond)
				c.league, c.verdicts = leagueOf(t, c.dir, game, c.subs, c.opt)
				mu.Lock()
				classes[game] = c
				mu.Unlock()
			})
		}
	})
	// cpuload.PerCPU loops per core, each ending when it has used 3 s of
	// CPU time: more than it uses while the busy intakes run on a quiet
	// machine (the six loops of two cores, 9–12 s in all), and no more
	// when other work beside the test makes the intakes take longer.
	stop := cpuload.Start(t, 0, 3*time.Second)
	defer stop()
	t.Run("busy", func(t *testing.T) {
		// All at once, whatever -test.parallel allows (GOMAXPROCS), and
		// four submissions of a class at a time, not one per core: the
		// loops spin while the longest class is taken in, not while the
		// classes are in turns, and each probe shares the machine with
		// the loops and more probes than when quiet.
		var wg sync.WaitGroup
		for _, game := range games.Names() {
			c := classes[game]
			if c == nil {
				continue // failed quiet
			}
			wg.Go(func() {
				t.Run(game, func(t *testing.T) {
					opt := c.opt
					opt.Concurrency = 4
					busy, busyVerdicts := leagueOf(t, c.dir, game, c.subs, opt)
					t.Logf("quiet: %s", strings.Join(c.verdicts, "; "))
					t.Logf("busy: %s", strings.Join(busyVerdicts, "; "))
					for i := range c.verdicts {
						if c.verdicts[i] != busyVerdicts[i] {
							t.Errorf("quiet %q, busy %q", c.verdicts[i], busyVerdicts[i])
						}
					}
					if c.league != busy {
						t.Errorf("the busy machine wrote another league:\n%s\nthe quiet one:\n%s", busy, c.league)
					}
				})
			})
		}
		wg.Wait()
	})
}

// TestCheckFindsWhatIntakeFinds prepares samples as `arena bot check
// --lisp` does (Prepare), three times each, and checks that every run
// finds the settings that intake finds: the same conventions and time
// base, whatever the bot's search found in the time it had.
func TestCheckFindsWhatIntakeFinds(t *testing.T) {
	if testing.Short() {
		t.Skip("probes each sample four times")
	}
	for _, group := range []string{"lara_2201025_nuno_2201026_P13", "caio_2201005_luis_2201006_P3", "joana_2201023_luis_2201024_P12",
		"eva_2202013_ivo_2202014_D7", "eva_2203011_ivo_2203012_Q5"} { // LispWorks clocks in Dots and Quatro (issue 46)
		t.Run(group, func(t *testing.T) {
			t.Parallel()
			var s intaketest.Sample
			for _, x := range intaketest.Samples {
				if x.Group == group {
					s = x
				}
			}
			dir := t.TempDir()
			if err := intaketest.Assemble(examples, dir, s, false); err != nil {
				t.Fatal(err)
			}
			subs, err := List(context.Background(), []string{dir}, filepath.Join(dir, "work"))
			if err != nil || len(subs) != 1 {
				t.Fatalf("List: %v, %+v", err, subs)
			}
			// A tenth of a second, as cmd/arena's intake tests: the
			// bots that budget by their clock search for all of it, in
			// each of a probe's calls, four probes each here; the
			// conventions and time base found do not depend on the
			// tempo.
			opt := testOptions(t, s.GameName, 100*time.Millisecond)
			r := submit(context.Background(), subs[0], opt)
			want := lisp.Args(r.Config)
			for run := range 3 {
				p, err := Prepare(context.Background(), lisp.Config{Root: subs[0].Root}, nil, opt)
				if err != nil {
					t.Fatalf("run %d: %v", run+1, err)
				}
				if got := lisp.Args(p.Config); !slices.Equal(got, want) {
					t.Errorf("run %d found %q, intake %q", run+1, got, want)
				}
			}
		})
	}
}
