package repocheck

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// module is the import path of arena's module.
const module = "github.com/arenabots/arena"

// The import rules of the module, checked against `go list` as Go's own
// go/build/deps_test.go checks the standard library's. Imports run one way
// (docs/architecture.md draws it):
//
//	cmd → web, course → arena → host → bots → games → referee
//	                          ↘ results ↗        proto (host, bots)
//
// and inside arena/:
//
//	arena/queue, arena/bench → arena → arena/league → arena/tournament → arena/resultsdir → results
//	                             │          ↓
//	                             │     arena/botkind → bots/..., host/...
//	                             ↓          ↓
//	                           arena/lispimage → bots/lisp, host
//
// the distributed queue and the bench above the runner (arena), the runner
// above the league file (arena/league), the league file above the kinds
// of tournament (arena/tournament) and the bot kinds (arena/botkind), the
// tournaments above the results directory's files (arena/resultsdir), the
// runner and the bot kinds above the saved images of Lisp bots
// (arena/lispimage). A package may also import what lies further down its
// arrows, as its rule says: each rule allows only what the module imports
// (TestImportsAllowedAreUsed). A game's package imports only referee;
// outside its folder, only the table of games imports it (games_test.go).
// A path ending in "/..." names a package and every package below it; of
// the rules that name a package, the longest applies (an exact path before
// the same one with "/..."), and a package that none names fails the test,
// so that a new package says where it stands. The rules look at the
// imports of a package's non-test files: tests may use any package of the
// module.

// imports lists, for each package, the packages of the module it may import
// directly. Paths are relative to the module.
var imports = []struct {
	pkg     string
	allowed []string
}{
	// The bottom: the wire format and the judge.
	{"proto", nil},
	{"referee", nil},
	// Lisp's s-expressions: a leaf, so that a game's Lisp form can use them.
	{"referee/sexp", nil},
	{"referee/gametest", []string{"referee"}},
	// Its table of calls is played in a Cavalo position, found in the table.
	{"referee/judgetest", []string{"referee", "games"}},

	// The games: each game imports only referee (and its s-expressions,
	// for the game's Lisp form); games lists them.
	{"games", []string{"referee", "games/..."}},
	{"games/...", []string{"referee", "referee/sexp"}},

	// results knows games and results, nothing of processes or bots.
	{"results/...", []string{"referee", "results/...", "internal/inert"}},
	// The one writer of every CSV arena writes: a leaf.
	{"results/csvout", nil},

	// The bot's side (bots/): what runs in a bot's process. Nothing here
	// imports arena's side (see botSide below).
	// The SDK, which every Go bot links, and what it shares with the host.
	{"bots", []string{"referee", "proto", "bots/wire"}},
	{"bots/wire", []string{"referee", "proto", "games"}},
	// go-plugin's configuration of the connection, for the host's client
	// and the test bots that go-plugin's own Serve serves.
	{"bots/wire/goplugin", []string{"bots/wire", "proto"}},
	// The search engine, for built-in and external bots: it knows no game
	// (each game's package holds its evaluator).
	{"bots/search", []string{"referee"}},
	{"bots/builtin", []string{"bots", "bots/search", "referee", "games"}},
	// Marks in a process's output pipes: the host's for a bot, the Lisp
	// adapter's for SBCL.
	{"bots/fence", nil},
	// The Lisp adapter, its reader and its probe of a submission's conventions.
	{"bots/lisp", []string{"bots", "bots/fence", "referee/sexp", "referee", "internal/treehash"}},
	{"bots/lisp/probe", []string{"bots", "bots/lisp", "referee", "referee/sexp", "games"}},
	// The line protocol's adapter: a program on stdin and stdout.
	{"bots/lines", []string{"bots", "referee"}},
	// Bot binaries, and the sources `arena bot new` starts from.
	{"bots/examples/...", []string{"bots", "referee"}},
	// The module's root: package sdk, the SDK's sources embedded for
	// `arena bot new`; it imports nothing.
	{".", nil},

	// arena's side of a bot (host/): starting, confining, calling, checking.
	// Containment: processes, never bots.
	{"host/sandbox/...", []string{"host/sandbox/..."}},
	{"host/registry", nil},
	{"host/scaffold", []string{"bots/examples", "."}},
	{"host/...", []string{"host/...", "bots/...", "referee", "proto", "games"}},
	// The tests' bot, which is also a launcher like arena.
	{"host/internal/testbot", []string{"bots", "bots/wire", "bots/wire/goplugin", "host/sandbox/launch", "referee", "proto"}},
	// A person at the keyboard, for play in the terminal and the browser.
	{"web/human", []string{"referee"}},

	// The championship runner (arena/..., one rule each, so that an
	// import inside arena/ is one the design draws): the runner, above the
	// league file, the tournaments, the results directory's files and the
	// saved images of Lisp bots.
	{"arena", []string{"arena/league", "arena/lispimage", "arena/resultsdir", "arena/tournament", "host", "host/sandbox", "referee", "results"}},
	// Leagues on many machines: above the runner, which plays a worker's
	// games.
	{"arena/queue", []string{"arena", "arena/league", "arena/lispimage", "arena/tournament", "host", "host/sandbox", "referee", "results"}},
	// What a league costs: real leagues through the runner.
	{"arena/bench", []string{"arena", "arena/league", "host", "host/sandbox", "referee"}},
	// The bench's child process, the least a bot can be: a leaf.
	{"arena/bench/internal/floorchild", nil},
	// The one home of bot kinds, below the league file and intake.
	{"arena/botkind", []string{"arena/lispimage", "bots/builtin", "bots/lines", "bots/lisp", "bots/lisp/probe", "host", "host/registry", "host/sandbox", "host/scaffold", "internal/treehash", "referee"}},
	// The league file: read, checked, completed, hashed; above the
	// tournaments it hands a league to, never the runner.
	{"arena/league", []string{"arena/botkind", "arena/resultsdir", "arena/tournament", "games", "host", "host/registry", "host/sandbox", "internal/inert", "referee", "results"}},
	// The kinds of tournament, below the league file and the runner: a
	// league as they see it, never the league file (a knockout is seeded
	// from a results directory's standings).
	{"arena/tournament", []string{"arena/resultsdir", "referee", "results"}},
	// The files of a league's results directory, below the runner: files,
	// not leagues.
	{"arena/resultsdir", []string{"referee", "results"}},
	// The saved images of Lisp bots, below bot kinds and the runner.
	{"arena/lispimage", []string{"host", "bots/lisp", "internal/inert"}},
	// The course pipeline: intake of a class's hand-ins, similarity, grades.
	// Similarity reads Lisp and intake's submissions; it runs nothing.
	{"course/similarity", []string{"course/intake", "referee/sexp", "results/csvout"}},
	// intake's test helper gives its tests a cache of their own.
	{"course/intake/intaketest", []string{"host/...", "internal/testbin"}},
	{"course/...", []string{"course/...", "arena/...", "host/...", "bots/...", "games", "referee", "referee/sexp", "results/...", "internal/inert", "internal/treehash"}},
	{"web/...", []string{"web/...", "arena/...", "games", "referee", "results/...", "internal/inert"}},
	// The ladder's pages draw what the ladder (course/ladder) gives them;
	// course never imports web.
	{"web/ladder", []string{"web/...", "course/ladder", "games", "referee", "results/...", "internal/inert"}},
	// Commands wire the rest; no command imports another.
	{"cmd/...", []string{"web/...", "course/...", "arena/...", "host/...", "bots/...", "games", "referee", "referee/sexp", "results/...", "internal/inert"}},

	// Helpers of the tests.
	{"internal/...", []string{"referee", "games"}},
	// What a bot wrote, shown inert: a leaf that every layer above the games may use.
	{"internal/inert", nil},
	// A bot's files hashed as its sandbox shows them, for its keys: a leaf.
	{"internal/treehash", nil},
}

// forbidden lists, for each package, what it must not depend on, directly or
// not (`go list -deps`): module paths are relative, others absolute.
var forbidden = []struct {
	pkg, why string
	deps     []string
}{
	{"referee/...", "the referee knows no wire format", []string{"proto", "google.golang.org/grpc/...", "google.golang.org/protobuf/...", "github.com/hashicorp/go-plugin/..."}},
	{"games/...", "a game's package imports only referee", []string{"proto", "bots/...", "host/...", "arena/...", "course/...", "results/...", "google.golang.org/grpc/..."}},
	{"results/...", "results knows nothing of processes", []string{"os/exec", "bots/...", "host/...", "arena/...", "course/...", "proto"}},
	{"host/sandbox/...", "containment knows processes, not bots", []string{"proto", "referee", "bots/...", "google.golang.org/grpc/...", "google.golang.org/protobuf/...", "github.com/hashicorp/go-plugin/..."}},
	{"bots", "a Go bot's binary links nothing of arena's side", botBinaryForbids},
	{"bots", "the SDK speaks go-plugin's protocol itself: a bot's binary initialises none of go-plugin's server at each start", []string{"github.com/hashicorp/go-plugin/...", "bots/wire/goplugin"}},
	{"bots/examples/...", "a Go bot's binary links nothing of arena's side", botBinaryForbids},
}

// botSide names the packages of the bot's side (what runs in a bot's
// process), arenaSide those of arena's side; the rule is one sentence:
// nothing on the bot's side imports arena's side, directly or not.
var (
	botSide    = []string{"bots/..."}
	arenaSide  = []string{"host/...", "arena/...", "course/...", "web/...", "cmd/...", "results/..."}
	botSideWhy = "nothing on the bot's side (bots/) imports arena's side"
)

// onBotSide reports whether pkg is on the bot's side.
func onBotSide(pkg string) bool {
	in := func(ps []string) bool { return slices.ContainsFunc(ps, func(p string) bool { return matches(p, pkg) }) }
	return in(botSide)
}

// checkBotSide returns one line per package of the bot's side and package
// of arena's side it depends on.
func checkBotSide(pkgs []listed) []string {
	var bad []string
	for _, p := range pkgs {
		pkg, _ := rel(p.ImportPath)
		if !onBotSide(pkg) {
			continue
		}
		for _, d := range p.Deps {
			dep, ok := rel(d)
			if ok && slices.ContainsFunc(arenaSide, func(a string) bool { return matches(a, dep) }) {
				bad = append(bad, pkg+" depends on "+dep+": "+botSideWhy)
			}
		}
	}
	return bad
}

// botBinaryForbids are the packages a Go bot must not link.
var botBinaryForbids = []string{"host/...", "bots/lisp/...", "bots/builtin", "arena/...", "course/...", "web/...", "cmd/...", "results/..."}

// listed is what `go list -json` says of a package.
type listed struct {
	ImportPath string
	Imports    []string
	Deps       []string
	GoFiles    []string
}

// listPackages returns the packages of the module, from `go list -json`.
func listPackages(t *testing.T) []listed {
	t.Helper()
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH to run go list")
	}
	cmd := exec.Command(gobin, "list", "-json=ImportPath,Imports,Deps,GoFiles", "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("go list: %v\n%s", err, ee.Stderr)
		}
		t.Fatalf("go list: %v", err)
	}
	var pkgs []listed
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p listed
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("reading go list's output: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) == 0 {
		t.Fatal("go list printed no package")
	}
	return pkgs
}

// rel returns path relative to the module, and whether it is in it.
func rel(path string) (string, bool) {
	if path == module {
		return ".", true
	}
	return strings.CutPrefix(path, module+"/")
}

// matches reports whether pattern (a path, or one ending in "/...") names
// path.
func matches(pattern, path string) bool {
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return path == base || strings.HasPrefix(path, base+"/")
	}
	return pattern == path
}

// ruleFor returns the index of the pattern of patterns that names pkg most
// closely (the longest; a path before its "/..."), or -1.
func ruleFor(patterns []string, pkg string) int {
	best, bestLen := -1, -1
	for i, p := range patterns {
		n := 2 * len(strings.TrimSuffix(p, "/..."))
		if !strings.HasSuffix(p, "/...") {
			n++
		}
		if matches(p, pkg) && n > bestLen {
			best, bestLen = i, n
		}
	}
	return best
}

// checkImports returns one line per import of pkgs that the rules forbid,
// and per package they do not name.
func checkImports(pkgs []listed) []string {
	patterns := make([]string, len(imports))
	for i, r := range imports {
		patterns[i] = r.pkg
	}
	var bad []string
	for _, p := range pkgs {
		pkg, _ := rel(p.ImportPath)
		i := ruleFor(patterns, pkg)
		if i < 0 {
			bad = append(bad, pkg+": no import rule names it: add it to the table in internal/repocheck/deps_test.go")
			continue
		}
		for _, imp := range p.Imports {
			dep, ok := rel(imp)
			if !ok || slices.ContainsFunc(imports[i].allowed, func(a string) bool { return matches(a, dep) }) {
				continue
			}
			bad = append(bad, pkg+" imports "+dep+": not allowed by the rule for "+imports[i].pkg)
		}
	}
	return bad
}

// checkDeps returns one line per package of pkgs and path of forbidden that
// it depends on (naming the first such dependency).
func checkDeps(pkgs []listed) []string {
	var bad []string
	for _, p := range pkgs {
		pkg, _ := rel(p.ImportPath)
		for _, f := range forbidden {
			if !matches(f.pkg, pkg) {
				continue
			}
			for _, x := range f.deps {
				for _, d := range p.Deps {
					dep := d
					if r, ok := rel(d); ok {
						dep = r
					}
					if matches(x, dep) {
						bad = append(bad, pkg+" depends on "+dep+": "+f.why)
						break
					}
				}
			}
		}
	}
	return bad
}

// TestImportRules checks every package of the module against the import
// rules above.
func TestImportRules(t *testing.T) {
	pkgs := listPackages(t)
	for _, line := range slices.Concat(checkImports(pkgs), checkDeps(pkgs), checkBotSide(pkgs)) {
		t.Error(line)
	}
}

// unusedAllowances returns one line per import a rule allows that no
// package it names makes: the table allows only what the module does.
func unusedAllowances(pkgs []listed) []string {
	patterns := make([]string, len(imports))
	for i, r := range imports {
		patterns[i] = r.pkg
	}
	used := map[[2]string]bool{}
	for _, p := range pkgs {
		pkg, _ := rel(p.ImportPath)
		i := ruleFor(patterns, pkg)
		if i < 0 {
			continue
		}
		for _, imp := range p.Imports {
			if dep, ok := rel(imp); ok {
				for _, a := range imports[i].allowed {
					if matches(a, dep) {
						used[[2]string{imports[i].pkg, a}] = true
					}
				}
			}
		}
	}
	var bad []string
	for _, r := range imports {
		for _, a := range r.allowed {
			if !used[[2]string{r.pkg, a}] {
				bad = append(bad, r.pkg+" may import "+a+", and no package of it does: remove it from the rule")
			}
		}
	}
	return bad
}

// TestImportsAllowedAreUsed checks that the import rules allow only the
// imports the module makes, so that the table draws the module's shape.
func TestImportsAllowedAreUsed(t *testing.T) {
	for _, line := range unusedAllowances(listPackages(t)) {
		t.Error(line)
	}
}

// TestImportRulesCatch checks that the rules can fail: a package made up
// for the purpose, breaking each kind of rule, is caught.
func TestImportRulesCatch(t *testing.T) {
	for _, tc := range []struct {
		name string
		pkg  listed
		want string
	}{
		{"referee imports proto", listed{ImportPath: module + "/referee", Imports: []string{module + "/proto"}}, "referee imports proto"},
		{"a game imports another", listed{ImportPath: module + "/games/dots", Imports: []string{module + "/games/cavalo"}}, "games/dots imports games/cavalo"},
		{"arena imports web", listed{ImportPath: module + "/arena", Imports: []string{module + "/web"}}, "arena imports web"},
		{"the runner imports the queue", listed{ImportPath: module + "/arena", Imports: []string{module + "/arena/queue"}}, "arena imports arena/queue"},
		{"a tournament imports the league file", listed{ImportPath: module + "/arena/tournament", Imports: []string{module + "/arena/league"}}, "arena/tournament imports arena/league"},
		{"a new package", listed{ImportPath: module + "/nowhere"}, "nowhere: no import rule"},
		{"a bot links the host", listed{ImportPath: module + "/bots/examples/first", Deps: []string{module + "/host"}}, "bots/examples/first depends on host"},
		{"the Lisp adapter imports the host", listed{ImportPath: module + "/bots/lisp", Imports: []string{module + "/host"}, Deps: []string{module + "/host", module + "/host/sandbox"}}, "bots/lisp depends on host: nothing on the bot's side"},
		{"the probe imports intake", listed{ImportPath: module + "/bots/lisp/probe", Deps: []string{module + "/course/intake"}}, "bots/lisp/probe depends on course/intake: nothing on the bot's side"},
		{"results runs processes", listed{ImportPath: module + "/results", Deps: []string{"os/exec"}}, "results depends on os/exec"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bad := slices.Concat(checkImports([]listed{tc.pkg}), checkDeps([]listed{tc.pkg}), checkBotSide([]listed{tc.pkg}))
			if !slices.ContainsFunc(bad, func(line string) bool { return strings.HasPrefix(line, tc.want) }) {
				t.Errorf("got %q, want a line starting %q", bad, tc.want)
			}
		})
	}
}

// TestBotSideBuildsElsewhere builds the bot's side for other systems: a
// Go bot, the SDK and the Lisp adapter do not depend on Linux, whose
// sandbox is arena's side.
func TestBotSideBuildsElsewhere(t *testing.T) {
	if testing.Short() {
		t.Skip("cross-compiles the standard library: not in -short")
	}
	for _, goos := range []string{"darwin", "windows"} {
		cmd := exec.Command("go", "build", "./bots/...")
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GOOS="+goos, "GOARCH=amd64", "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("GOOS=%s go build of the bot's side: %v\n%s", goos, err, out)
		}
	}
}
