package arena

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arenabots/arena/arena/league"
	"github.com/arenabots/arena/arena/resultsdir"
	"github.com/arenabots/arena/host/sandbox"
)

// clockLeague is a league file with the line clock (none when "").
func clockLeague(out, clock string) string {
	s := "out: " + out + "\nsandbox: off\ntempo_ms: 100\nbots:\n  - {name: a, builtin: greedy}\n  - {name: b, builtin: random}\n"
	if clock != "" {
		s = clock + "\n" + s
	}
	return s
}

func TestClockKey(t *testing.T) {
	for _, tc := range []struct {
		name, line string
		want       string // the clock in force, or the error
		cpu        bool
	}{
		{"default", "", "cpu", true},
		{"cpu", "clock: cpu", "cpu", true},
		{"wall", "clock: wall", "wall", false},
		{"bad", "clock: gpu", `l.yaml:1: clock is "gpu": want "cpu" or "wall"`, false},
		{"not a string", "clock: [cpu]", "l.yaml:1: clock", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, _, err := league.Parse("l.yaml", []byte(clockLeague(t.TempDir(), tc.line)))
			if err != nil {
				if !strings.Contains(err.Error(), tc.want) {
					t.Errorf("error %q, want %q", err, tc.want)
				}
				return
			}
			if cfg.Clock != tc.want || cfg.MatchClock().CPU != tc.cpu {
				t.Errorf("clock %q (CPU %v), want %q (%v)", cfg.Clock, cfg.MatchClock().CPU, tc.want, tc.cpu)
			}
			if !strings.Contains(string(cfg.Resolved()), "\nclock: "+tc.want+"\n") {
				t.Errorf("the resolved config does not say clock: %s:\n%s", tc.want, cfg.Resolved())
			}
		})
	}
}

// TestClockHash checks that the clock is in the hash, and that clock: wall
// hashes as a config from before the key did: its JSON had no Clock.
func TestClockHash(t *testing.T) {
	out := t.TempDir()
	parse := func(line string) *league.Config {
		cfg, _, err := league.Parse("l.yaml", []byte(clockLeague(out, line)))
		if err != nil {
			t.Fatal(err)
		}
		return cfg
	}
	wall, cpu := parse("clock: wall"), parse("")
	before := *wall
	before.Clock = "" // what an arena without the key hashed
	if wall.Hash() != before.Hash() {
		t.Errorf("clock: wall hashes %s, a config from before clocks %s", wall.Hash(), before.Hash())
	}
	if cpu.Hash() == wall.Hash() {
		t.Errorf("clock: cpu and clock: wall hash the same")
	}
}

// TestResumeKeepsTheRecordedClock resumes results directories: one from
// before clocks is resumed on the wall clock when the league file leaves
// clock to its default, with a warning, and refused when the file says
// clock: cpu; results played on either clock resume on it.
func TestResumeKeepsTheRecordedClock(t *testing.T) {
	for _, tc := range []struct {
		name     string
		recorded string // the clock line of the recorded config; "before" for none
		line     string // the league file's
		want     string // the clock in force, or the error
		warned   bool
	}{
		{"before clocks, default", "before", "", "wall", true},
		{"before clocks, wall", "before", "clock: wall", "wall", false},
		{"before clocks, cpu", "before", "clock: cpu", "clock: (none) -> cpu", false},
		{"cpu, default", "clock: cpu", "", "cpu", false},
		{"wall, cpu", "clock: wall", "clock: cpu", "clock: wall -> cpu", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := t.TempDir()
			parse := func(line string) *league.Config {
				cfg, _, err := league.Parse("l.yaml", []byte(clockLeague(out, line)))
				if err != nil {
					t.Fatal(err)
				}
				return cfg
			}
			recorded := string(parse(strings.Replace(tc.recorded, "before", "clock: wall", 1)).Resolved())
			if tc.recorded == "before" {
				recorded = strings.Replace(recorded, "clock: wall\n", "", 1)
			}
			if err := os.WriteFile(filepath.Join(out, resultsdir.ConfigFile), []byte(recorded), 0o644); err != nil {
				t.Fatal(err)
			}
			var warnings []string
			r := &Runner{Config: parse(tc.line), Events: func(e Event) {
				if e.Warning != "" {
					warnings = append(warnings, e.Warning)
				}
			}}
			err := r.prepare(sandbox.Report{})
			switch {
			case strings.Contains(tc.want, "->"):
				if !errors.Is(err, ErrConfigChanged) || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("prepare = %v, want ErrConfigChanged with %q", err, tc.want)
				}
			case err != nil:
				t.Errorf("prepare = %v, want the league resumed", err)
			case r.Config.Clock != tc.want:
				t.Errorf("clock %q, want %q", r.Config.Clock, tc.want)
			}
			if warned := len(warnings) > 0; warned != tc.warned || warned && !strings.Contains(warnings[0], "played on the wall clock") {
				t.Errorf("warnings %q, want one: %v", warnings, tc.warned)
			}
			if err == nil {
				rr, err := ReadResults(out)
				if err != nil || rr.Config.Clock != tc.want {
					t.Fatalf("recorded config %+v (%v), want clock %q", rr, err, tc.want)
				}
			}
		})
	}
	t.Run("recorded before clocks", func(t *testing.T) {
		out := t.TempDir()
		if err := os.WriteFile(filepath.Join(out, resultsdir.ConfigFile), []byte("name: old\ntempo_ms: 100\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		rr, err := ReadResults(out)
		if err != nil || rr.Config.Clock != league.ClockWall {
			t.Fatalf("ReadResults: %+v (%v), want clock wall", rr, err)
		}
	})
}

func TestClockFallback(t *testing.T) {
	for _, tc := range []struct {
		name, line, cpuClock string
		warned               bool
	}{
		{"counted", "", "cgroup v2 cpu.stat usage_usec", false},
		{"not counted", "", sandbox.NoCPUClock, true},
		{"not counted, wall", "clock: wall", sandbox.NoCPUClock, false},
		{"older report", "", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, _, err := league.Parse("l.yaml", []byte(clockLeague(t.TempDir(), tc.line)))
			if err != nil {
				t.Fatal(err)
			}
			w := clockFallback(cfg, sandbox.Report{CPUClock: tc.cpuClock})
			if (w != "") != tc.warned || tc.warned && !strings.Contains(w, "charges each call its wall time") {
				t.Errorf("warning %q, want one: %v", w, tc.warned)
			}
		})
	}
}
