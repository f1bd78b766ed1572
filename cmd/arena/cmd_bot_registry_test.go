package main

import (
	"context"
	"errors"
	"github.com/arenabots/arena/games"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/arenabots/arena/host"
	"github.com/arenabots/arena/host/registry"
)

// registryRoot returns `arena` with a `bot` command holding add and list,
// wired as main wires them.
func registryRoot() *cobra.Command {
	root := &cobra.Command{Use: "arena"}
	bot := &cobra.Command{Use: "bot"}
	bot.AddCommand(newBotAddCmd(), newBotListCmd())
	root.AddCommand(bot)
	fitHelp(root)
	return root
}

// writeScript writes an executable shell script with body at path.
func writeScript(t *testing.T, path, body string) {
	t.Helper()
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
}

// greedyScript writes a bot at dir/name that is the built-in greedy bot
// served by the test binary (which stands in for arena, see TestMain),
// linked into dir: in its sandbox a script sees its own directory only.
func greedyScript(t *testing.T, dir, name string) string {
	t.Helper()
	self, err := host.Self()
	if err != nil {
		t.Fatal(err)
	}
	served := filepath.Join(dir, "arena")
	if _, err := os.Stat(served); err != nil {
		if err := os.Link(self, served); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, name)
	writeScript(t, path, `exec '`+served+`' bot serve builtin:greedy`)
	return path
}

func TestBotAdd(t *testing.T) {
	dir := t.TempDir()
	reg := filepath.Join(dir, "bots.yaml")
	bot := greedyScript(t, dir, "greedy.sh")
	sum, err := registry.FileSHA256(bot)
	if err != nil {
		t.Fatal(err)
	}
	for i, verb := range []string{"registered", "updated"} {
		before := time.Now().UTC().Truncate(time.Second)
		out, _, err := execute(t, context.Background(), registryRoot(), "bot", "add", "mine", bot, "--registry", reg, "--args", "x", "--", "y")
		if err != nil {
			t.Fatalf("add #%d: %v\n%s", i+1, err, out)
		}
		want := verb + " mine in " + reg + ": " + bot + ", sha256 " + sum[:12] + "\n"
		if !strings.HasSuffix(unwrap(out, "  "), want) || !strings.Contains(out, "passed all 8 checks") {
			t.Errorf("add #%d printed:\n%s\nwant the checks and %q", i+1, out, want)
		}
		r, err := registry.Load(reg)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Bots) != 1 {
			t.Fatalf("add #%d: registry holds %d bots, want 1", i+1, len(r.Bots))
		}
		b := r.Bots[0]
		if b.Name != "mine" || b.Path != bot || b.SHA256 != sum || strings.Join(b.Args, " ") != "x y" {
			t.Errorf("add #%d registered %+v, want mine at %s with sha256 %s and args x y", i+1, b, bot, sum)
		}
		if b.Info.Name != "greedy" || b.Info.Author != "arena" || !slices.Equal(b.Info.Games, games.Names()) {
			t.Errorf("add #%d registered Info %+v, want greedy's", i+1, b.Info)
		}
		if b.Checked.Before(before) || b.Checked.After(time.Now()) {
			t.Errorf("add #%d: checked at %v, want now", i+1, b.Checked)
		}
	}
}

func TestBotAddRefuses(t *testing.T) {
	dir := t.TempDir()
	greedy := greedyScript(t, dir, "greedy.sh")
	garbage := filepath.Join(dir, "garbage.sh")
	writeScript(t, garbage, "echo 'hello, I am a bot'; sleep 1")
	plain := filepath.Join(dir, "plain.sh")
	if err := os.WriteFile(plain, []byte("#!/bin/sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	broken := filepath.Join(dir, "broken.yaml")
	if err := os.WriteFile(broken, []byte("bots: [{name: a, colour: red}]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		args   []string
		usage  bool   // a user mistake (exit 2), else a failure (exit 1)
		errHas string // in the one-line error
	}{
		{"fails the checks", []string{"g", garbage}, false, "g not registered: " + garbage + " failed 8 of 8 checks"},
		{"not executable", []string{"p", plain}, true, plain + " is not executable (chmod +x"},
		{"missing", []string{"m", filepath.Join(dir, "none")}, true, "no bot binary at " + filepath.Join(dir, "none")},
		{"directory", []string{"d", dir}, true, "is a directory, not a bot"},
		{"bad name", []string{"my bot", greedy}, true, `bot name "my bot"`},
		{"built-in", []string{"g", "builtin:greedy"}, true, "builtin:greedy is built into arena"},
		{"one argument", []string{"g"}, true, "wants NAME PATH"},
		{"arguments without --", []string{"g", greedy, "x"}, true, "wants NAME PATH"},
		{"broken registry", []string{"g", greedy, "--registry", broken}, true, "bot registry " + broken},
	} {
		t.Run(tc.name, func(t *testing.T) {
			reg := filepath.Join(t.TempDir(), "bots.yaml")
			args := append([]string{"bot", "add", "--registry", reg}, tc.args...)
			out, _, err := execute(t, context.Background(), registryRoot(), args...)
			if err == nil {
				t.Fatalf("add succeeded, want an error\n%s", out)
			}
			if msg := err.Error(); !strings.Contains(msg, tc.errHas) || strings.Contains(msg, "\n") {
				t.Errorf("error %q, want one line with %q", msg, tc.errHas)
			}
			var u usageError
			if got := errors.As(err, &u); got != tc.usage {
				t.Errorf("usage error: %v, want %v (%v)", got, tc.usage, err)
			}
			if _, err := os.Stat(reg); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("registry %s written (stat: %v)", reg, err)
			}
		})
	}
}

func TestBotList(t *testing.T) {
	cases := []struct {
		name, golden string
		args         []string
		out          string
	}{
		{name: "default registry", golden: "bot_list.golden"},
		{name: "named registry", golden: "bot_list_registry.golden", args: []string{"--registry", "other.yaml"}},
		{name: "empty registry", golden: "bot_list_empty.golden", args: []string{"--registry", "none.yaml"}},
	}
	// The registry's paths are absolute; list shows them relative to the
	// current directory, so the output is the same wherever the test runs.
	// The goldens are compared after this subtest gives the directory back.
	t.Run("in a registry's directory", func(t *testing.T) {
		t.Chdir(t.TempDir())
		writeListRegistry(t, registry.DefaultFile, "other.yaml")
		for i, tc := range cases {
			out, _, err := execute(t, context.Background(), registryRoot(), append([]string{"bot", "list"}, tc.args...)...)
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			cases[i].out = out
		}
	})
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			checkGolden(t, tc.golden, []byte(tc.out))
		})
	}
}

// writeListRegistry writes, in the current directory, bin/ok and
// bin/changed and the registry files names of three bots: alice (binary
// unchanged), bob (changed, with arguments) and carol (binary gone).
func writeListRegistry(t *testing.T, names ...string) {
	t.Helper()
	if err := os.Mkdir("bin", 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"ok", "changed"} {
		writeScript(t, filepath.Join("bin", name), "echo "+name)
	}
	cwd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	okSum, err := registry.FileSHA256(filepath.Join("bin", "ok"))
	if err != nil {
		t.Fatal(err)
	}
	checked := time.Date(2026, 3, 1, 14, 5, 9, 0, time.FixedZone("BRT", -3*3600))
	var reg registry.Registry
	for _, b := range []registry.Registered{
		{Name: "carol", Path: filepath.Join(cwd, "bin", "gone"), SHA256: okSum,
			Info: registry.InfoYAML{Name: "carol", Author: "C."}},
		{Name: "alice", Path: filepath.Join(cwd, "bin", "ok"), SHA256: okSum,
			Info: registry.InfoYAML{Name: "Alice", Author: "A. Student", Version: "2.1", Games: []string{"cavalo"}}},
		{Name: "bob", Path: filepath.Join(cwd, "bin", "changed"), Args: []string{"--depth", "3", "two words"}, SHA256: okSum,
			Info: registry.InfoYAML{Name: "bob", Version: "0.1"}},
	} {
		b.Checked = checked
		reg.Put(b)
	}
	for _, name := range names {
		if err := reg.Save(name); err != nil {
			t.Fatal(err)
		}
	}
}

func TestBotListErrors(t *testing.T) {
	broken := filepath.Join(t.TempDir(), "broken.yaml")
	if err := os.WriteFile(broken, []byte("bots: [{name: a, colour: red}]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, errHas string
		args         []string
	}{
		{"broken registry", "bot registry " + broken, []string{"--registry", broken}},
		{"an argument", "wants 0 argument(s)", []string{"bots.yaml"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := execute(t, context.Background(), registryRoot(), append([]string{"bot", "list"}, tc.args...)...)
			var u usageError
			if !errors.As(err, &u) || !strings.Contains(err.Error(), tc.errHas) {
				t.Errorf("error %v, want a usage error with %q", err, tc.errHas)
			}
		})
	}
}

func TestBotRegistryHelp(t *testing.T) {
	for _, cmd := range []string{"add", "list"} {
		t.Run(cmd, func(t *testing.T) {
			out, _, err := execute(t, context.Background(), registryRoot(), "bot", cmd, "--help")
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, "bot_"+cmd+"_help.golden", []byte(out))
		})
	}
}
