package botkind

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/arenabots/arena/host/registry"
)

// TestLinesIsAProtocol checks that `lines:PATH` on the command line and
// `{path: PATH, protocol: lines}` in a league file of the current folder
// give the same bot: a path bot that speaks the line protocol, with the
// same Ref and the same spec.
func TestLinesIsAProtocol(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(wd, exe)
	if err != nil {
		t.Fatal(err)
	}
	cli, err := Parse(LinesPrefix+rel, []string{"a"}, "")
	if err != nil {
		t.Fatal(err)
	}
	league := Ref{Path: rel, Args: []string{"a"}, Protocol: ProtocolLines}
	if err := league.Resolve("b", wd, nil); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(cli, league) {
		t.Errorf("lines:%s = %+v; the league's entry = %+v", rel, cli, league)
	}
	if k, err := cli.Kind(); k != Path || err != nil || !cli.Lines() {
		t.Errorf("lines:%s: kind %v (%v), Lines %v; want a path bot of the line protocol", rel, k, err, cli.Lines())
	}
	if a, b := cli.Spec("/arena", "b", "cavalo"), league.Spec("/arena", "b", "cavalo"); !reflect.DeepEqual(a, b) {
		t.Errorf("specs differ: %+v from the command line, %+v from a league", a, b)
	}
}

// TestParseForms checks Parse over every form of the command line.
func TestParseForms(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		ref     string
		args    []string
		kind    Kind
		lines   bool
		errWant string // part of the error; "" for success
	}{
		{"builtin", "builtin:greedy", nil, Builtin, false, ""},
		{"builtin with options", "builtin:random,seed=7", nil, Builtin, false, ""},
		{"builtin with bad options", "builtin:random,nosuch=1", nil, invalid, false, "nosuch"},
		{"unknown builtin", "builtin:nosuch", nil, invalid, false, "nosuch"},
		{"builtin with arguments", "builtin:random", []string{"x"}, invalid, false, "not arguments"},
		{"path", exe, []string{"a"}, Path, false, ""},
		{"lines", LinesPrefix + exe, []string{"a"}, Path, true, ""},
		{"lines of a builtin", LinesPrefix + "builtin:greedy", nil, invalid, false, "want lines:PATH"},
		{"lines of nothing", LinesPrefix + "/no/such/bot", nil, invalid, false, "want lines:PATH"},
		{"bare builtin name", "greedy", nil, invalid, false, "did you mean builtin:greedy?"},
		{"no such file", "/no/such/bot", nil, invalid, false, "/no/such/bot"},
		{"empty", "", nil, invalid, false, "empty bot"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Parse(tc.ref, tc.args, "")
			if tc.errWant != "" {
				if err == nil || !strings.Contains(err.Error(), tc.errWant) {
					t.Fatalf("Parse(%q) = %+v, %v; want an error naming %q", tc.ref, r, err, tc.errWant)
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse(%q): %v", tc.ref, err)
			}
			if k, err := r.Kind(); k != tc.kind || err != nil || r.Lines() != tc.lines {
				t.Errorf("Parse(%q): kind %v (%v), Lines %v; want %v, %v", tc.ref, k, err, r.Lines(), tc.kind, tc.lines)
			}
			if tc.kind != Builtin && !slices.Equal(r.Args, tc.args) {
				t.Errorf("Parse(%q): args %q, want %q", tc.ref, r.Args, tc.args)
			}
		})
	}
}

// TestParseRegistrable checks what `arena bot add` registers: an
// executable of gRPC, never a built-in bot or a line bot.
func TestParseRegistrable(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		ref, errWant string
	}{
		{exe, ""},
		{"builtin:greedy", "built into arena"},
		{LinesPrefix + exe, "speaks the line protocol"},
		{"/no/such/bot", "/no/such/bot"},
	} {
		r, err := ParseRegistrable(tc.ref, []string{"a"}, "")
		switch {
		case tc.errWant == "" && (err != nil || r.Path != exe || !slices.Equal(r.Args, []string{"a"})):
			t.Errorf("ParseRegistrable(%q) = %+v, %v; want the executable with its args", tc.ref, r, err)
		case tc.errWant != "" && (err == nil || !strings.Contains(err.Error(), tc.errWant)):
			t.Errorf("ParseRegistrable(%q) = %v; want an error naming %q", tc.ref, err, tc.errWant)
		}
	}
}

// TestNamed checks the bot a bare name picks: a built-in bot first, then a
// registered one.
func TestNamed(t *testing.T) {
	reg := &registry.Registry{Bots: []registry.Registered{
		{Name: "mine", Path: "/bots/mine", Args: []string{"x"}, SHA256: "abc"},
		{Name: "greedy", Path: "/bots/greedy"},
	}}
	for _, tc := range []struct {
		name string
		want Ref
		ok   bool
	}{
		{"greedy", Ref{Builtin: "greedy"}, true},
		{"mine", Ref{Registered: "mine", Path: "/bots/mine", Args: []string{"x"}, SHA256: "abc"}, true},
		{"nosuch", Ref{}, false},
	} {
		got, err := Named(tc.name, reg)
		if !reflect.DeepEqual(got, tc.want) || (err == nil) != tc.ok {
			t.Errorf("Named(%q) = %+v, %v; want %+v", tc.name, got, err, tc.want)
		}
	}
	names := Names(reg, "cavalo")
	if n := len(slices.Compact(slices.Sorted(slices.Values(names)))); !slices.Contains(names, "mine") || n != len(names) {
		t.Errorf("Names = %q, want the built-in bots and mine, each once", names)
	}
}

// TestLispWords checks the Lisp form of the command line, which intake
// completes: lisp:FOLDER or lisp:FILE,...,KEY=VALUE.
func TestLispWords(t *testing.T) {
	for _, tc := range []struct {
		ref  string
		want []string
		ok   bool
	}{
		{"lisp:g12", []string{"g12"}, true},
		{"lisp:g12/jogo.lisp,g12/regras.lisp,state=board", []string{"g12/jogo.lisp", "g12/regras.lisp", "state=board"}, true},
		{"lisp:a.lisp,knights=-3,-4,side=knight", []string{"a.lisp", "knights=-3,-4", "side=knight"}, true},
		{"lisp:", nil, true},
		{"builtin:greedy", nil, false},
		{"./lisp", nil, false},
	} {
		got, ok := lispWords(tc.ref)
		if ok != tc.ok || !slices.Equal(got, tc.want) {
			t.Errorf("lispWords(%q) = %q, %v; want %q, %v", tc.ref, got, ok, tc.want, tc.ok)
		}
	}
}
