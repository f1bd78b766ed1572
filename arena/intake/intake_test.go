package intake

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/arena/intake/intaketest"
	"github.com/arenabots/arena/arena/intake/probe"
	"github.com/arenabots/arena/games"
)

func TestMain(m *testing.M) { intaketest.Main(m, probe.Serve) }

// examples is bots/examples/lisp.
var examples = filepath.Join("..", "..", "bots", "examples", "lisp")

// testOptions are Options that probe with the test binary.
func testOptions(t testing.TB, game string, tempo time.Duration) Options {
	t.Helper()
	rules, err := games.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	return Options{Game: rules, Tempo: tempo, Self: intaketest.Self(t), Spec: intaketest.ProbeSpec}
}

// TestSamples takes in each sample submission, in a folder or zipped, and
// checks what intake finds: the package, eligibility or the reason, and
// for the LispWorks-clock sample the tempo_scale.
func TestSamples(t *testing.T) {
	for i, s := range intaketest.Samples {
		t.Run(s.Group, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if err := intaketest.Assemble(examples, dir, s, i%2 == 1); err != nil {
				t.Fatal(err)
			}
			subs, err := List([]string{dir}, filepath.Join(dir, "work"))
			if err != nil || len(subs) != 1 {
				t.Fatalf("List: %v, %+v", err, subs)
			}
			r := submit(context.Background(), subs[0], testOptions(t, s.Game, 200*time.Millisecond))
			t.Logf("%s: files %v, %s; %s; %s; notes %q", r.Name, r.Files, r.Findings.Conventions, r.Findings.Time, r.Reason, r.Notes)
			if s.Files != nil && !slices.Equal(r.Files, s.Files) {
				t.Errorf("loads %q, want %q (tried %+v)", r.Files, s.Files, r.Tried)
			}
			if r.Config.Package != s.Package || r.Name != s.Package {
				t.Errorf("package %q, name %q; want %q", r.Config.Package, r.Name, s.Package)
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
			if len(r.Findings.Evidence) < 4 {
				t.Errorf("evidence %+v: want one entry per reference position", r.Findings.Evidence)
			}
			wantScale := 1
			if strings.HasSuffix(s.Group, "_P2") { // reads its clock in LispWorks units
				wantScale = probe.LispWorksScale
			}
			if r.Config.TempoScale != wantScale {
				t.Errorf("tempo_scale %d (%s, %s), want %d", r.Config.TempoScale, r.Findings.Time, r.Findings.Time.Measured(), wantScale)
			}
		})
	}
}
