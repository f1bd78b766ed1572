package league

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestKeys checks what changes a league's keys: a bot's key changes with
// its code (a Lisp file, a file under its root, an executable) and its
// settings, never with the folder the league lies in; the league's key
// changes with what every game shares, never with its bots.
func TestKeys(t *testing.T) {
	const base = "tempo_ms: 100\nbots:\n  - {name: lisp, lisp: {files: [g1/jogo.lisp]}}\n  - {name: exe, path: ./exe/bot, args: [-x]}\n  - {name: b, builtin: random, options: {seed: 3}}\n"
	write := func(t *testing.T, dir, name, text string) {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name string
		edit func(t *testing.T, dir string) (newDir, league string)
		// league says whether the league's key changes; bots are the
		// bots whose key changes.
		league bool
		bots   []string
	}{
		{name: "nothing", edit: func(t *testing.T, dir string) (string, string) { return dir, base }},
		{name: "folder moved", edit: func(t *testing.T, dir string) (string, string) {
			moved := dir + "-moved"
			if err := os.Rename(dir, moved); err != nil {
				t.Fatal(err)
			}
			return moved, base
		}},
		{name: "a Lisp file edited", bots: []string{"lisp"}, edit: func(t *testing.T, dir string) (string, string) {
			write(t, dir, "g1/jogo.lisp", "(defun jogar (e tempo) nil) ; v2")
			return dir, base
		}},
		{name: "a file under a Lisp bot's root edited", bots: []string{"lisp"}, edit: func(t *testing.T, dir string) (string, string) {
			write(t, dir, "g1/algoritmo.lisp", "(defun procura () 2)")
			return dir, base
		}},
		{name: "an executable rebuilt", bots: []string{"exe"}, edit: func(t *testing.T, dir string) (string, string) {
			write(t, dir, "exe/bot", "#!/bin/sh\necho v2\n")
			return dir, base
		}},
		{name: "an executable gone", bots: []string{"exe"}, edit: func(t *testing.T, dir string) (string, string) {
			if err := os.Remove(filepath.Join(dir, "exe/bot")); err != nil {
				t.Fatal(err)
			}
			return dir, base
		}},
		// What the sandbox lets a bot read beside the files it names.
		{name: "a file beside a script edited", bots: []string{"exe"}, edit: func(t *testing.T, dir string) (string, string) {
			write(t, dir, "exe/brain.sh", "echo v2\n")
			return dir, base
		}},
		{name: "a link under a Lisp bot's root switched", bots: []string{"lisp"}, edit: func(t *testing.T, dir string) (string, string) {
			link := filepath.Join(dir, "g1/brain.lisp")
			if err := os.Remove(link); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink("v2.lisp", link); err != nil {
				t.Fatal(err)
			}
			return dir, base
		}},
		{name: "the league's results written in a script's folder", edit: func(t *testing.T, dir string) (string, string) {
			write(t, dir, "exe/results/games.jsonl", "{}\n")
			return dir, base + "out: exe/results\n"
		}},
		{name: "args changed", bots: []string{"exe"}, edit: func(t *testing.T, dir string) (string, string) {
			return dir, "tempo_ms: 100\nbots:\n  - {name: lisp, lisp: {files: [g1/jogo.lisp]}}\n  - {name: exe, path: ./exe/bot, args: [-y]}\n  - {name: b, builtin: random, options: {seed: 3}}\n"
		}},
		{name: "a Lisp setting changed", bots: []string{"lisp"}, edit: func(t *testing.T, dir string) (string, string) {
			return dir, "tempo_ms: 100\nbots:\n  - {name: lisp, lisp: {files: [g1/jogo.lisp], tempo_scale: 1000}}\n  - {name: exe, path: ./exe/bot, args: [-x]}\n  - {name: b, builtin: random, options: {seed: 3}}\n"
		}},
		{name: "display, restart and order changed", edit: func(t *testing.T, dir string) (string, string) {
			return dir, "tempo_ms: 100\nbots:\n  - {name: b, builtin: random, options: {seed: 3}, display: Bee, restart: off}\n  - {name: lisp, lisp: {files: [g1/jogo.lisp]}}\n  - {name: exe, path: ./exe/bot, args: [-x]}\n"
		}},
		{name: "tempo changed", league: true, edit: func(t *testing.T, dir string) (string, string) {
			return dir, "tempo_ms: 200\nbots:\n  - {name: lisp, lisp: {files: [g1/jogo.lisp]}}\n  - {name: exe, path: ./exe/bot, args: [-x]}\n  - {name: b, builtin: random, options: {seed: 3}}\n"
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "course")
			write(t, dir, "g1/jogo.lisp", "(defun jogar (e tempo) nil)")
			write(t, dir, "g1/algoritmo.lisp", "(defun procura () 1)")
			write(t, dir, "exe/bot", "#!/bin/sh\n. ./brain.sh\n")
			write(t, dir, "exe/brain.sh", "echo v1\n")
			write(t, dir, "g1/v1.lisp", "(defun avalia () 1)")
			write(t, dir, "g1/v2.lisp", "(defun avalia () 2)")
			if err := os.Symlink("v1.lisp", filepath.Join(dir, "g1/brain.lisp")); err != nil {
				t.Fatal(err)
			}
			keys := func(dir, league string) Keys {
				t.Helper()
				cfg, _, err := Parse(filepath.Join(dir, "l.yaml"), []byte(league))
				if err != nil {
					t.Fatal(err)
				}
				return cfg.Keys()
			}
			before := keys(dir, base)
			after := keys(tc.edit(t, dir))
			if got := before.League != after.League; got != tc.league {
				t.Errorf("league key changed: %v, want %v", got, tc.league)
			}
			var got []string
			for _, name := range []string{"lisp", "exe", "b"} {
				if before.Bots[name] != after.Bots[name] {
					got = append(got, name)
				}
			}
			if len(got) != len(tc.bots) || len(got) > 0 && got[0] != tc.bots[0] {
				t.Errorf("bots whose key changed: %q, want %q", got, tc.bots)
			}
		})
	}
}

// TestLinkOutOfFolderRefused checks that a bot whose folder holds a
// symbolic link out of what its sandbox shows it does not start: the
// sandbox would not let it read there, and its key could not count it.
func TestLinkOutOfFolderRefused(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "secret.lisp")
	if err := os.WriteFile(outside, []byte("(defun avalia () 3)"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, bot, link string }{
		{"Lisp", "{name: lisp, lisp: {files: [g1/jogo.lisp]}}", "g1/sub/brain.lisp"},
		{"script", "{name: exe, path: ./exe/bot}", "exe/brain.sh"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, text := range map[string]string{"g1/jogo.lisp": "(defun jogar (e tempo) nil)", "exe/bot": "#!/bin/sh\n. ./brain.sh\n"} {
				path := filepath.Join(dir, name)
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(text), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			link := filepath.Join(dir, tc.link)
			if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(outside, link); err != nil {
				t.Fatal(err)
			}
			cfg, _, err := Parse(filepath.Join(dir, "l.yaml"), []byte("bots:\n  - "+tc.bot+"\n  - {name: b, builtin: random}\n"))
			if err != nil {
				t.Fatal(err)
			}
			problems := cfg.Preflight()
			if len(problems) != 1 || !strings.Contains(problems[0].Error(), link+" is a symbolic link to "+outside+", outside the bot's files") {
				t.Fatalf("preflight: %v, want the link refused", problems)
			}
		})
	}
}
