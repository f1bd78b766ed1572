package botkind

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// formRefs returns a bot of every kind and form, resolved, with its files
// under the current folder, and that folder: an executable (gRPC and the
// line protocol), built-in bots, Lisp bots with settings of every kind,
// and a registered bot.
func formRefs(t *testing.T) (string, map[string]Ref) {
	dir := t.TempDir()
	t.Chdir(dir)
	exe := filepath.Join(dir, "bin", "mybot")
	lispFile := filepath.Join(dir, "g12", "jogo.lisp")
	for path, mode := range map[string]os.FileMode{exe: 0o755, lispFile: 0o644, filepath.Join(dir, "g12", "regras.lisp"): 0o644} {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte("#!/bin/sh\n"), mode); err != nil {
			t.Fatal(err)
		}
	}
	refs := map[string]Ref{}
	parse := func(name, ref string) {
		r, err := Parse(ref, nil, "")
		if err != nil {
			t.Fatalf("Parse(%q): %v", ref, err)
		}
		refs[name] = r
	}
	parse("path", exe)
	parse("lines", LinesPrefix+exe)
	parse("builtin", BuiltinPrefix+"greedy")
	parse("builtin with options", BuiltinPrefix+"random,seed=7")
	for name, words := range map[string][]string{
		"lisp":               {lispFile},
		"lisp, two files":    {lispFile, "g12/regras.lisp"},
		"lisp, every key":    {lispFile, "read=g12/regras.lisp", "package=g12", "state=board", "answer=state", "perspective=white", "knights=-3,-4", "index_base=1", "heap_mb=512", "root=g12", "side=knight", "tempo_scale=1000"},
		"lisp, scaffolded":   {lispFile, "state=board", "answer=state", "perspective=white"},
		"lisp, default keys": {lispFile, "state=board-player-scores", "side=number", "knights=-1,-2", "tempo_scale=1"},
	} {
		r, err := ParseLisp(words)
		if err != nil {
			t.Fatalf("ParseLisp(%q): %v", words, err)
		}
		refs[name] = r
	}
	refs["registered"] = Ref{Registered: "mine", Path: exe, SHA256: "ab"}
	return dir, refs
}

// unGiven returns r without the path as it was written, which a form in
// another folder writes otherwise, and with nil for what is empty, which
// YAML leaves out.
func unGiven(r Ref) Ref {
	r.given = ""
	if len(r.Args) == 0 {
		r.Args = nil
	}
	if len(r.Options) == 0 {
		r.Options = nil
	}
	if len(r.Env) == 0 {
		r.Env = nil
	}
	return r
}

// TestFormRoundTrip checks that the command-line form of a bot of every
// kind reads back to the same bot: Parse (ParseSpec's Lisp words, with no
// completer, for a Lisp bot), with paths absolute and relative to the
// current folder; and that ParseSpec of it starts the bot as its Spec does.
func TestFormRoundTrip(t *testing.T) {
	dir, refs := formRefs(t)
	for name, r := range refs {
		if name == "registered" {
			continue // the command line names its path: TestFormOfARegisteredBot
		}
		for _, in := range []string{"", dir} {
			form := r.Form(in)
			if in != "" && strings.Contains(form, dir) {
				t.Errorf("%s: Form(%s) = %q, want paths relative to it", name, in, form)
			}
			var got Ref
			var err error
			if words, ok := lispWords(form); ok {
				got, err = ParseLisp(words)
			} else {
				got, err = Parse(form, r.Args, "")
			}
			if err != nil {
				t.Errorf("%s: Form(%q) = %q, which does not parse: %v", name, in, form, err)
				continue
			}
			if !reflect.DeepEqual(unGiven(got), unGiven(r)) {
				t.Errorf("%s: Form(%q) = %q, read back as %+v; want %+v", name, in, form, got, r)
			}
			want := r.Spec("/usr/bin/arena", r.DefaultName(), "cavalo")
			spec, err := ParseSpec(context.Background(), form, nil, Env{Self: "/usr/bin/arena", Game: game(t, "cavalo")})
			if err != nil || !reflect.DeepEqual(spec, want) {
				t.Errorf("%s: ParseSpec(%q) = %+v, %v; want %+v", name, form, spec, err, want)
			}
		}
	}
}

// TestFormOfARegisteredBot checks that a registered bot's form is its
// executable's path, the command line having no registered form.
func TestFormOfARegisteredBot(t *testing.T) {
	dir, refs := formRefs(t)
	if got, want := refs["registered"].Form(dir), filepath.Join("bin", "mybot"); got != want {
		t.Errorf("Form = %q, want %q", got, want)
	}
}

// TestLeagueEntry checks the league entry of a bot of every kind: what a
// person writes, on one line, which Resolve in its folder reads back to
// the same bot.
func TestLeagueEntry(t *testing.T) {
	dir, refs := formRefs(t)
	want := map[string]string{
		"path":               "{name: b, path: bin/mybot}",
		"lines":              "{name: b, path: bin/mybot, protocol: lines}",
		"builtin":            "{name: b, builtin: greedy}",
		"lisp, scaffolded":   "{name: b, lisp: {files: [g12/jogo.lisp], state: board, answer: state, perspective: white}}",
		"lisp, default keys": "{name: b, lisp: {files: [g12/jogo.lisp]}}",
		"registered":         "{name: b, registered: mine}",
	}
	for name, r := range refs {
		entry, err := r.LeagueEntry("b", dir)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if w, ok := want[name]; ok && entry != w {
			t.Errorf("%s: LeagueEntry = %s, want %s", name, entry, w)
		}
		if strings.Contains(entry, "\n") {
			t.Errorf("%s: LeagueEntry = %q, want one line", name, entry)
		}
		if name == "registered" {
			continue // its path and sha256 come from a registry
		}
		var got struct {
			Name string `yaml:"name"`
			Ref  `yaml:",inline"`
		}
		if err := yaml.Unmarshal([]byte(entry), &got); err != nil {
			t.Errorf("%s: %s does not read as YAML: %v", name, entry, err)
			continue
		}
		if err := got.Ref.Resolve(got.Name, dir, nil); err != nil {
			t.Errorf("%s: %s does not resolve: %v", name, entry, err)
			continue
		}
		if got.Name != "b" || !reflect.DeepEqual(unGiven(got.Ref), unGiven(r)) {
			t.Errorf("%s: %s reads back as %q %+v; want b %+v", name, entry, got.Name, got.Ref, r)
		}
	}
}

// TestRegistrable checks that only an executable of gRPC at a path is
// registered.
func TestRegistrable(t *testing.T) {
	_, refs := formRefs(t)
	for name, r := range refs {
		if got, want := r.Registrable(), name == "path"; got != want {
			t.Errorf("%s: Registrable = %v, want %v", name, got, want)
		}
		reg, ok := r.AsRegistered("mine")
		if want := (Ref{Registered: "mine"}); ok != r.Registrable() || ok && !reflect.DeepEqual(reg, want) {
			t.Errorf("%s: AsRegistered = %+v, %v; want %+v only when registrable", name, reg, ok, want)
		}
	}
}
