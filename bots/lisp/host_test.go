package lisp

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/games/dots"
	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/host/conformance"
	"github.com/arenabots/arena/internal/testbin"
	"github.com/arenabots/arena/referee"
)

// served is the test binary, which serves the Lisp bots and launches them.
var served string

// TestMain makes the test binary a Lisp bot process in role "serve" (see
// testbin.Role): `lisp.test ARGS...` runs Serve(ARGS), as `arena bot serve
// ARGS...` does.
func TestMain(m *testing.M) {
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	served = self
	os.Exit(testbin.Main(m, map[string]func([]string) int{"serve": func(args []string) int {
		if err := Serve(context.Background(), args, os.Stderr); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		return 0
	}}))
}

// hostSpec is how arena starts Lisp bot c (arena/botkind.LispSpec, which
// this package's tests cannot import), for the test binary in serve mode:
// it takes Args directly, without "bot serve".
func hostSpec(t *testing.T, name string, c Config) host.Spec {
	t.Helper()
	requireSBCL(t)
	abs, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	c = c.Resolve(abs)
	s := host.Spec{Name: name, Path: served, Args: Args(c), StartTimeout: RecommendedStartTimeout, Files: c.Seen(), Workspace: c.Root}
	// GORACE: a -race binary sleeps a second at exit by default, longer
	// than the host waits for a clean stop.
	s.Env = []string{testbin.Role("serve"), "GORACE=atexit_sleep_ms=0"}
	s.Launcher = host.SelfLauncher(served) // and the sandbox, by default
	return s
}

// TestHostCheck runs the conformance checks of conformance.Run on the sample
// bots through the real host: go-plugin, the bot process, this adapter and
// SBCL, as `arena bot check --lisp` will.
func TestHostCheck(t *testing.T) {
	type sample struct {
		name string
		cfg  Config
		game referee.Game
	}
	var all []sample
	for _, s := range samples {
		all = append(all, sample{s.name, s.cfg, cavalo.Game{}})
	}
	for _, s := range dotsSamples {
		all = append(all, sample{"dots-" + s.name, s.cfg, dots.Game{}})
	}
	for _, s := range all {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			s.cfg.GameName = s.game.Name()
			results := conformance.Run(context.Background(), hostSpec(t, s.name, s.cfg), conformance.Options{Game: s.game})
			for _, r := range results {
				if !r.OK {
					t.Errorf("check %q failed: %s", r.Name, r.Detail)
				}
			}
			if len(results) < 5 {
				t.Errorf("only %d checks ran: %+v", len(results), results)
			}
		})
	}
}

func TestHostCheckBrokenFile(t *testing.T) {
	results := conformance.Run(context.Background(), hostSpec(t, "syntax", Config{Files: []string{"testdata/syntax.lisp"}}), conformance.Options{})
	if len(results) == 0 || results[0].OK {
		t.Fatalf("the start check passed: %+v", results)
	}
	if d := results[0].Detail; !strings.Contains(d, "syntax.lisp, line 4") || !strings.Contains(d, "not closed before the end of the file") {
		t.Errorf("the start check says %q; want the file, the line and the Lisp error", d)
	}
}
