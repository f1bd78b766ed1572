package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/arenabots/arena/internal/testbin"
)

// goNewSays is what `bot new mybot` of a Go project in DIR says, among
// other things.
var goNewSays = []string{
	"PASS: ", "arena bot check DIR/mybot\n", "arena play --white DIR/mybot --black builtin:greedy\n",
	"arena bot add mybot DIR/mybot", "# then {name: mybot, registered: mybot} in a league", "{name: mybot, path: DIR/mybot}",
}

// sdkReplace is what a Go project's go.mod says to build against the SDK's
// copy in the project.
const sdkReplace = "replace github.com/arenabots/arena => ./arena-sdk\n"

// TestBotNew writes a project in each language, which `bot new` builds and
// checks with real processes, then checks it again as a user would.
// arena/botkind's TestLineStarters plays the line-protocol starters in
// every game. The Go project is TestBotNewOutsideAClone's but in -short,
// which skips that: building it is most of this test's CPU time.
func TestBotNew(t *testing.T) {
	t.Parallel()
	// Skipped without their tool: .ci/test installs no rustc, and node is
	// new to the machines it runs on.
	optional := map[string]bool{"rust": true, "js": true}
	for _, tc := range []struct {
		lang  string
		tool  string   // what the bot needs on the machine
		check []string // `arena bot check` of the project, DIR for its folder
		out   []string // in the output
	}{
		{"go", "go", []string{"DIR/mybot"}, goNewSays},
		{"c", "cc", []string{"lines:DIR/mybot"}, []string{
			"PASS: ", "edit DIR/mybot.c, then build it again: (cd DIR && cc -O2 -o mybot mybot.c)\n",
			"arena bot check lines:DIR/mybot\n", "arena bot check --game GAME lines:DIR/mybot\n", "(GAME: adji, cavalo, dots, quatro, solitario)\n",
			"{name: mybot, path: DIR/mybot, protocol: lines}",
		}},
		{"python", "python3", []string{"lines:DIR/mybot.py"}, []string{
			"PASS: ", "edit DIR/mybot.py, then check it again:\n", "arena bot check lines:DIR/mybot.py\n",
			"{name: mybot, path: DIR/mybot.py, protocol: lines}",
		}},
		{"rust", "rustc", []string{"lines:DIR/mybot"}, []string{
			"PASS: ", "edit DIR/mybot.rs, then build it again: (cd DIR && rustc -O -o mybot mybot.rs)\n",
			"{name: mybot, path: DIR/mybot, protocol: lines}",
		}},
		{"js", "node", []string{"lines:DIR/mybot.js"}, []string{
			"PASS: ", "edit DIR/mybot.js, then check it again:\n", "{name: mybot, path: DIR/mybot.js, protocol: lines}",
		}},
		{"lisp", "sbcl", []string{"lisp:DIR/jogo.lisp,state=board,answer=state,perspective=white"}, []string{
			"PASS: ", "arena bot check lisp:DIR/jogo.lisp,state=board,answer=state,perspective=white\n",
			"arena play --white lisp:DIR/jogo.lisp,state=board,answer=state,perspective=white --black builtin:greedy\n",
			"{name: mybot, lisp: {files: [DIR/jogo.lisp], state: board, answer: state, perspective: white}}",
		}},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			if tc.lang == "go" && !testing.Short() {
				t.Skip("TestBotNewOutsideAClone makes and checks the Go project")
			}
			if _, err := exec.LookPath(tc.tool); err != nil && optional[tc.lang] {
				t.Skipf("bot new --lang %s needs %s on PATH", tc.lang, tc.tool)
			} else if err != nil {
				t.Fatalf("bot new --lang %s needs %s on PATH (see README)", tc.lang, tc.tool)
			}
			dir := filepath.Join(t.TempDir(), "mybot")
			out, err := arenaOut(t, "bot", "new", "mybot", "--lang", tc.lang, "--dir", dir)
			if err != nil {
				t.Fatalf("bot new: %v\n%s", err, out)
			}
			for _, want := range tc.out {
				if want = strings.ReplaceAll(want, "DIR", dir); !strings.Contains(unwrap(out, "      "), want) {
					t.Errorf("output lacks %q:\n%s", want, out)
				}
			}
			if tc.lang == "go" {
				mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(string(mod), sdkReplace) {
					t.Errorf("go.mod lacks %q:\n%s", sdkReplace, mod)
				}
			}
			args := []string{"bot", "check"}
			for _, a := range tc.check {
				args = append(args, strings.ReplaceAll(a, "DIR", dir))
			}
			if out, err := arenaOut(t, args...); err != nil {
				t.Errorf("arena %s: %v\n%s", strings.Join(args, " "), err, out)
			}
		})
	}
}

func TestBotNewUsage(t *testing.T) {
	full := t.TempDir()
	if err := os.WriteFile(filepath.Join(full, "x"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no name", []string{"bot", "new"}, "wants 1 argument(s), NAME"},
		{"bad name", []string{"bot", "new", "a b"}, `bot name "a b"`},
		{"unknown language", []string{"bot", "new", "x", "--lang", "cobol"}, `--lang "cobol": want go, c, python, rust, js or lisp`},
		{"folder not empty", []string{"bot", "new", "x", "--lang", "python", "--dir", full}, full + " already exists and is not empty"},
		{"not an arena tree", []string{"bot", "new", "x", "--sdk", full, "--dir", filepath.Join(full, "y")}, full + " is not an arena source tree"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := arenaOut(t, tc.args...)
			if exitStatus(err) != 2 || !strings.Contains(err.Error(), tc.want) || out != "" {
				t.Errorf("error %v (exit %d), output %q; want exit 2 saying %q and nothing else", err, exitStatus(err), out, tc.want)
			}
		})
	}
}

// TestBotNewOutsideAClone runs arena's binary, as `go install` leaves it,
// in an empty folder outside any arena clone: `bot new` writes a Go bot
// that builds against the SDK's copy in the project, builds it and checks
// it; the bot builds again with the go command and passes `arena bot
// check`. The modules the SDK uses come from the module cache or the Go
// module proxy: without either, the test skips. Not in -short, which
// keeps TestBotNew's Go project (the same bot new, built and checked,
// saying the same).
func TestBotNewOutsideAClone(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("-short: TestBotNew builds and checks a Go project of bot new")
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatal("bot new --lang go needs the go command on PATH")
	}
	bin, err := testbin.Arena()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	run := func(dir, name string, args ...string) string {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil && offline.Match(out) {
			t.Skipf("%s %s: the Go modules the SDK uses are neither in the module cache nor reachable: %s", name, strings.Join(args, " "), offline.Find(out))
		}
		if err != nil {
			t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	out := run(dir, bin, "bot", "new", "mybot")
	if !strings.Contains(out, "PASS: mybot/mybot passed all") {
		t.Errorf("bot new did not pass its checks:\n%s", out)
	}
	for _, want := range goNewSays {
		if want = strings.ReplaceAll(want, "DIR", "mybot"); !strings.Contains(unwrap(out, "      "), want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	project := filepath.Join(dir, "mybot")
	if mod, err := os.ReadFile(filepath.Join(project, "go.mod")); err != nil || !strings.Contains(string(mod), sdkReplace) {
		t.Errorf("go.mod lacks %q (%v):\n%s", sdkReplace, err, mod)
	}
	run(project, gocmd, "build", "-o", "again", ".")
	if out := run(dir, bin, "bot", "check", "mybot/again"); !strings.Contains(out, "PASS: mybot/again passed all") {
		t.Errorf("bot check of the bot built again:\n%s", out)
	}
}

// offline finds the go command's complaints of a module it could not
// download.
var offline = regexp.MustCompile(`GOPROXY=off|dial tcp|no such host|i/o timeout|connection refused|network is unreachable`)
