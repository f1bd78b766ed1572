package conformance

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/arenabots/arena/games"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/internal/testbin"
	"github.com/arenabots/arena/referee"
)

// testbot is the path of the test bot binary (host/internal/testbot), built
// once by TestMain.
var testbot string

func TestMain(m *testing.M) {
	var err error
	if testbot, err = testbin.Testbot(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// testSpec returns the Spec of the test bot in mode, launched through the
// test bot's own launch mode so that limits apply as in arena.
func testSpec(mode string) host.Spec {
	return host.Spec{
		Name:     "testbot-" + mode,
		Path:     testbot,
		Args:     []string{mode},
		Launcher: host.SelfLauncher(testbot),
	}
}

func TestRun(t *testing.T) {
	fast := referee.Clock{Tempo: 100 * time.Millisecond, Margin: 100 * time.Millisecond}
	for _, tc := range []struct {
		mode   string
		failed []string // the checks that fail, by the start of their name; nil: all pass
		says   string   // in a failed check's detail
	}{
		{"ok", nil, ""},
		{"illegal", []string{"opening", "midgame 1", "midgame 2", "midgame 3", "double"}, "is not a legal move"},
		{"wrongclaim", []string{"opening", "midgame 1", "midgame 2", "midgame 3", "double"}, "claimed a wrong state"},
		{"sleep", []string{"opening", "midgame 1", "midgame 2", "midgame 3", "double"}, "deadline passed"},
		{"stubborn", []string{"stops cleanly"}, "did not exit on Shutdown"},
		{"exit", []string{"starts", "Info", "opening", "midgame 1", "midgame 2", "midgame 3", "double", "stops cleanly"}, "exited with status 7"},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			results := Run(context.Background(), testSpec(tc.mode), Options{Clock: fast})
			if len(results) != 8 {
				t.Fatalf("got %d results, want 8: %+v", len(results), results)
			}
			var failed []string
			said := false
			for _, r := range results {
				if !r.OK {
					failed = append(failed, r.Name)
					said = said || strings.Contains(r.Detail, tc.says)
				}
			}
			if len(failed) != len(tc.failed) {
				t.Fatalf("failed checks %q, want %q\n%+v", failed, tc.failed, results)
			}
			for i, f := range failed {
				if !strings.HasPrefix(f, tc.failed[i]) {
					t.Errorf("failed check %d is %q, want %q...", i, f, tc.failed[i])
				}
			}
			if tc.failed != nil && !said {
				t.Errorf("no failed check says %q: %+v", tc.says, results)
			}
		})
	}
}

// TestRunOtherGame checks a bot that plays only cavalo on Dots and Boxes:
// the Info check fails and says which games the bot lists.
func TestRunOtherGame(t *testing.T) {
	game, err := games.Lookup("dots")
	if err != nil {
		t.Fatal(err)
	}
	fast := referee.Clock{Tempo: 100 * time.Millisecond, Margin: 100 * time.Millisecond}
	results := Run(context.Background(), testSpec("ok"), Options{Clock: fast, Game: game})
	for _, r := range results {
		if strings.HasPrefix(r.Name, "Info") {
			if r.OK || !strings.Contains(r.Detail, `not dots`) {
				t.Errorf("%s: ok %v, detail %q; want a failure saying the bot does not list dots", r.Name, r.OK, r.Detail)
			}
			return
		}
	}
	t.Fatalf("no Info check in %+v", results)
}
