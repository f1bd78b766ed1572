package botkind

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/arenabots/arena/arena/lispimage"
	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/host"
)

func TestKind(t *testing.T) {
	for _, tc := range []struct {
		name string
		ref  Ref
		want Kind
	}{
		{"builtin", Ref{Builtin: "greedy"}, Builtin},
		{"registered", Ref{Registered: "mine"}, Registered},
		{"path", Ref{Path: "./bot"}, Path},
		{"lisp", Ref{Lisp: &lisp.Config{}}, Lisp},
		{"path of the line protocol", Ref{Path: "./bot", Protocol: ProtocolLines}, Path},
		{"registered of the line protocol", Ref{Registered: "mine", Protocol: ProtocolLines}, Registered},
		{"builtin of the line protocol", Ref{Builtin: "greedy", Protocol: ProtocolLines}, invalid},
		{"unknown protocol", Ref{Path: "./bot", Protocol: "http"}, invalid},
		{"none", Ref{}, invalid},
		{"two", Ref{Builtin: "greedy", Path: "./bot"}, invalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.ref.Kind()
			if got != tc.want || (err != nil) != (tc.want == invalid) {
				t.Errorf("Kind() = %v, %v; want %v", got, err, tc.want)
			}
		})
	}
}

func TestResolve(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name    string
		ref     Ref
		wantKey string // the key a failure names; "" for success
	}{
		{"builtin", Ref{Builtin: "greedy"}, ""},
		{"unknown builtin", Ref{Builtin: "nosuch"}, "builtin"},
		{"bad options", Ref{Builtin: "random", Options: map[string]string{"nosuch": "1"}}, "options"},
		{"options on a path", Ref{Path: "bot", Options: map[string]string{"depth": "1"}}, "options"},
		{"not in the registry", Ref{Registered: "mine"}, "registered"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.ref
			err := r.Resolve("b", dir, &Registry{Path: filepath.Join(dir, "bots.yaml")})
			var fe *FieldError
			switch {
			case tc.wantKey == "" && err != nil:
				t.Fatalf("Resolve: %v", err)
			case tc.wantKey != "" && (!errors.As(err, &fe) || fe.Key != tc.wantKey):
				t.Fatalf("Resolve = %v, want an error at key %q", err, tc.wantKey)
			}
		})
	}
	r := Ref{Path: "bot"}
	if err := r.Resolve("b", dir, nil); err != nil || r.Path != filepath.Join(dir, "bot") {
		t.Errorf("a path resolves to %q (%v), want it under the league's folder", r.Path, err)
	}
}

func TestPreflightNamesTheMeantBuiltin(t *testing.T) {
	dir := t.TempDir()
	r := Ref{Path: "greedy"}
	if err := r.Resolve("g", dir, nil); err != nil {
		t.Fatal(err)
	}
	if msg := r.Preflight("g", filepath.Join(dir, "bots.yaml"), ""); !strings.Contains(msg, "did you mean `builtin: greedy`?") {
		t.Errorf("Preflight = %q, want the built-in bot it meant", msg)
	}
	if msg := (Ref{Builtin: "greedy"}).Preflight("g", "", ""); msg != "" {
		t.Errorf("a built-in bot's preflight says %q", msg)
	}
}

func TestParse(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	r, err := Parse("builtin:random,seed=7", nil, "")
	if err != nil || r.Builtin != "random" || r.Options["seed"] != "7" || r.DefaultName() != "random" {
		t.Errorf("Parse(builtin:random,seed=7) = %+v, %v", r, err)
	}
	if _, err := Parse("builtin:random", []string{"x"}, ""); err == nil {
		t.Error("a built-in bot took arguments")
	}
	if _, err := Parse("greedy", nil, ""); err == nil || !strings.Contains(err.Error(), "did you mean builtin:greedy?") {
		t.Errorf("Parse(greedy) = %v, want the built-in bot it meant", err)
	}
	r, err = Parse(exe, []string{"a"}, "")
	if err != nil || r.Path != exe || !slices.Equal(r.Args, []string{"a"}) {
		t.Errorf("Parse(exe) = %+v, %v", r, err)
	}
	s := r.Spec("/arena", "mine", "cavalo")
	if s.Name != "mine" || s.Path != exe || !slices.Equal(s.Args, []string{"a"}) {
		t.Errorf("Spec = %+v", s)
	}
	// A line bot's path relative to the current folder, as `arena bot new`
	// prints it, reaches the adapter and the sandbox absolute.
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(wd, exe)
	if err != nil {
		t.Fatal(err)
	}
	if r, err = Parse(LinesPrefix+rel, nil, ""); err != nil {
		t.Fatalf("Parse(lines:%s) = %v", rel, err)
	}
	s = r.Spec("/arena", "mine", "cavalo")
	if got := s.Args[len(s.Args)-1]; got != exe || !slices.Contains(s.Files, exe) {
		t.Errorf("lines:%s: program %q, files %q; want %s in both", rel, got, s.Files, exe)
	}
}

func TestSpecKinds(t *testing.T) {
	l := Ref{Lisp: &lisp.Config{Files: []string{"/sub/jogo.lisp"}, Root: "/sub"}, Env: map[string]string{"B": "2", "A": "1"}}
	s := l.Spec("/arena", "g1", "cavalo")
	if s.Path != "/arena" || s.Args[0] != "bot" || s.Args[2] != lisp.Selector || s.Workspace != "/sub" || s.StartTimeout != lisp.RecommendedStartTimeout {
		t.Errorf("Lisp spec = %+v", s)
	}
	if !slices.Equal(s.Env, []string{"A=1", "B=2"}) {
		t.Errorf("Env = %q, want key order", s.Env)
	}
	p := ProbeSpec("/arena", "g1", *l.Lisp, []string{"state"})
	if p.Args[2] != "lisp-probe" || p.Args[3] != "given=state" || p.Workspace != "/sub" {
		t.Errorf("probe spec = %+v", p)
	}
	if got := (Ref{Lisp: l.Lisp}).Files(); !slices.Equal(got, []string{"/sub/jogo.lisp", "/sub"}) {
		t.Errorf("Files = %q", got)
	}
	if got := (Ref{Builtin: "greedy"}).Files(); got != nil {
		t.Errorf("a built-in bot's files: %q", got)
	}
}

// TestBuiltinBesideArena checks what a built-in bot's Spec starts, and through which launcher, with and
// without the launcher alone and the built-in bots alone beside arena.
func TestBuiltinBesideArena(t *testing.T) {
	opts := map[string]string{"seed": "7", "depth": "2"}
	for _, tt := range []struct {
		name     string
		beside   []string // executables beside arena
		path     string   // the bot's executable, in the directory
		args     []string
		launcher []string
	}{
		{"arena alone", nil, "arena", []string{"bot", "serve", "builtin:greedy", "depth=2", "seed=7"}, []string{"arena", "bot", "launch"}},
		{"with the launcher", []string{"arena-launch"}, "arena", []string{"bot", "serve", "builtin:greedy", "depth=2", "seed=7"}, []string{"arena-launch"}},
		{"with both", []string{"arena-launch", "arena-bot"}, "arena-bot", []string{"greedy", "depth=2", "seed=7"}, []string{"arena-launch"}},
		{"not executable", []string{"arena-launch-", "arena-bot-"}, "arena", []string{"bot", "serve", "builtin:greedy", "depth=2", "seed=7"}, []string{"arena", "bot", "launch"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, name := range append([]string{"arena"}, tt.beside...) {
				mode := os.FileMode(0o755)
				if n, ok := strings.CutSuffix(name, "-"); ok {
					name, mode = n, 0o644
				}
				if err := os.WriteFile(filepath.Join(dir, name), nil, mode); err != nil {
					t.Fatal(err)
				}
			}
			spec := Ref{Builtin: "greedy", Options: opts}.Spec(filepath.Join(dir, "arena"), "greedy", "")
			for i, l := range spec.Launcher {
				if i == 0 {
					spec.Launcher[i] = filepath.Base(l)
				}
			}
			if spec.Path != filepath.Join(dir, tt.path) || !slices.Equal(spec.Args, tt.args) || !slices.Equal(spec.Launcher, tt.launcher) {
				t.Errorf("Spec = %s %q launched by %q, want %s %q launched by %q",
					spec.Path, spec.Args, spec.Launcher, filepath.Join(dir, tt.path), tt.args, tt.launcher)
			}
		})
	}
}

func TestServeLeavesOtherCommands(t *testing.T) {
	for _, args := range [][]string{nil, {"run", "league.yaml"}, {"bot", "check", "x"}, {"bot", "serve"}} {
		if handled, err := Serve(context.Background(), args, io.Discard); handled || err != nil {
			t.Errorf("Serve(%q) = %v, %v: want it left to the CLI", args, handled, err)
		}
	}
	if handled, err := Serve(context.Background(), []string{"bot", "serve", "nosuch"}, io.Discard); !handled || err == nil {
		t.Errorf("Serve(bot serve nosuch) = %v, %v: want an error", handled, err)
	}
}

// TestBundled: a bot as a worker runs it from its bundle: its paths
// mapped, a registered bot a path bot of the same binary.
func TestBundled(t *testing.T) {
	rel := func(p string) string { return "b/" + filepath.Base(p) }
	for _, tc := range []struct {
		name string
		ref  Ref
		kind Kind
		path string
	}{
		{"registered", Ref{Registered: "mine", Path: "/reg/mine", SHA256: "ab"}, Path, "b/mine"},
		{"path", Ref{Path: "/x/bot"}, Path, "b/bot"},
		{"builtin", Ref{Builtin: "greedy"}, Builtin, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.ref
			r.Bundled(rel)
			if k, err := r.Kind(); k != tc.kind || err != nil || r.Path != tc.path {
				t.Errorf("Bundled: kind %v (%v), path %q; want %v, %q", k, err, r.Path, tc.kind, tc.path)
			}
		})
	}
}

func TestKindQuestions(t *testing.T) {
	for _, tc := range []struct {
		name                 string
		ref                  Ref
		arenasOwn, imageKind bool
	}{
		{"builtin", Ref{Builtin: "greedy"}, true, false},
		{"registered", Ref{Registered: "mine", Path: "/bots/mine"}, false, false},
		{"path", Ref{Path: "./bot", Protocol: ProtocolLines}, false, false},
		{"lisp", Ref{Lisp: &lisp.Config{}}, false, true},
		{"lisp without images", Ref{Lisp: &lisp.Config{Image: new(bool)}}, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.ref.ArenasOwn(); got != tc.arenasOwn {
				t.Errorf("ArenasOwn() = %v, want %v", got, tc.arenasOwn)
			}
			if got := tc.ref.ImageKind(); got != tc.imageKind {
				t.Errorf("ImageKind() = %v, want %v", got, tc.imageKind)
			}
		})
	}
}

// TestFromImage checks that only a Lisp bot asks the image cache: the
// other kinds start as they are.
func TestFromImage(t *testing.T) {
	ctx := context.Background()
	im := &lispimage.Cache{Dir: t.TempDir(), SBCL: filepath.Join(t.TempDir(), "no-sbcl")}
	s := host.Spec{Path: "/bots/mine", Args: []string{"-q"}}
	for _, r := range []Ref{{Builtin: "greedy"}, {Path: "/bots/mine"}, {Registered: "mine", Path: "/bots/mine"}} {
		if got, err := r.FromImage(ctx, im, s); err != nil || !reflect.DeepEqual(got, s) {
			t.Errorf("%+v: FromImage = %+v, %v; want the spec as it is", r, got, err)
		}
	}
	// A Lisp bot asks the cache, which finds no SBCL here: an error, and
	// the spec as it is, which loads the files.
	lispBot := Ref{Lisp: &lisp.Config{Files: []string{"/hand-ins/g1/jogo.lisp"}}}
	if got, err := lispBot.FromImage(ctx, im, s); err == nil || !reflect.DeepEqual(got, s) {
		t.Errorf("Lisp bot: FromImage = %+v, %v; want the spec as it is and an error", got, err)
	}
	if got, err := lispBot.FromImage(ctx, nil, s); err != nil || !reflect.DeepEqual(got, s) {
		t.Errorf("no cache: FromImage = %+v, %v; want the spec as it is", got, err)
	}
}
