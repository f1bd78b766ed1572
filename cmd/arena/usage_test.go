package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arenabots/arena/host/registry"
)

// TestUsageMistakes checks that every kind of user mistake is one line and
// exit status 2, with nothing else printed: no table, no board.
func TestUsageMistakes(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(plain, []byte("not a bot\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	league := filepath.Join(dir, "l.yaml")
	if err := os.WriteFile(league, []byte("tempo: 100\nbots: [{name: a, builtin: greedy}, {name: b, builtin: random}]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	opening := filepath.Join(dir, "dots.yaml")
	if err := os.WriteFile(opening, []byte("game: dots\nopening_arcs: 6\nbots: [{name: a, builtin: greedy}, {name: b, builtin: random}]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "nonexistent")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"unknown command", []string{"runn"}, `unknown command "runn" for "arena"; did you mean "run"?`},
		{"unknown subcommand", []string{"bot", "chekc"}, `unknown command "chekc" for "arena bot"; did you mean "check"?`},
		{"unknown flag", []string{"run", "--concurency", "3", league}, "unknown flag: --concurency"},
		{"flag without value", []string{"play", "--white"}, "flag needs an argument: --white"},
		{"bad flag value", []string{"board", "--seed", "x"}, `invalid argument "x" for "--seed"`},
		{"missing argument", []string{"run"}, "arena run wants 1 argument(s), CONFIG; got 0"},
		{"extra argument", []string{"schedule", "a", "b"}, "arena schedule wants 1 argument(s), CONFIG; got 2"},
		{"zero concurrency", []string{"run", "--concurrency", "0", league}, "--concurrency: want a whole number of games played at once, 1 or more, got 0"},
		{"negative concurrency", []string{"run", "--concurrency", "-1", league}, "--concurrency: want a whole number of games played at once, 1 or more, got -1"},
		{"bad queue URL", []string{"run", "--queue", "http://h:4222", league}, `--queue: bad queue URL "http://h:4222": want nats://HOST:PORT, or tls://HOST:PORT for TLS, or embedded[:PORT]`},
		{"bad embedded port", []string{"run", "--queue", "embedded:x", league}, `--queue: bad queue URL "embedded:x": want embedded or embedded:PORT`},
		{"queue flag without queue", []string{"run", "--max-deliver", "2", league}, "--max-deliver is for a league played through workers: add --queue URL"},
		{"zero max-deliver", []string{"run", "--queue", "embedded", "--max-deliver", "0", league}, "--max-deliver: want 1 or more, got 0"},
		{"short ack wait", []string{"run", "--queue", "embedded", "--ack-wait", "10ms", league}, "--ack-wait: want 1s or more"},
		{"worker bad URL", []string{"worker", "localhost:4222"}, `bad queue URL "localhost:4222"`},
		{"worker without secret", []string{"worker", "nats://h:4222"}, "--secret: a worker needs the league's secret file"},
		{"worker missing secret file", []string{"worker", "--secret", "/nonexistent", "nats://h:4222"}, "--secret: stat /nonexistent"},
		{"login flag with embedded", []string{"run", "--queue", "embedded", "--user", "me", league}, "--user is for a standalone NATS server"},
		{"listen without embedded", []string{"run", "--queue", "nats://h:4222", "--listen", "0.0.0.0", league}, "--listen is for the embedded server"},
		{"worker without URL", []string{"worker"}, "arena worker wants 1 argument(s), URL; got 0"},
		{"worker zero concurrency", []string{"worker", "--concurrency", "0", "nats://h:4222"}, "--concurrency: want a whole number"},
		{"bad league key", []string{"run", league}, `l.yaml:1: unknown key "tempo": did you mean "tempo_ms"?`},
		{"opening at the top", []string{"run", opening}, "dots.yaml:2: opening_arcs is one of dots's game_options: move it under game_options, e.g. game_options: {opening_arcs: 6}"},
		{"check a missing file", []string{"bot", "check", missing}, "no bot binary at " + missing},
		{"check a directory", []string{"bot", "check", dir}, dir + " is a directory, not a bot binary"},
		{"check a plain file", []string{"bot", "check", plain}, plain + " is not executable"},
		{"check a missing Lisp file", []string{"bot", "check", "--lisp", missing + ".lisp", "state=board"}, "no Lisp file at " + missing + ".lisp"},
		{"check a folder without Lisp", []string{"bot", "check", "--lisp", dir}, dir + ": no Lisp file (.lisp, .lsp, .cl)"},
		{"add a missing file", []string{"bot", "add", "x", missing}, "no bot binary at " + missing},
		{"play a missing bot", []string{"play", "--white", missing, "--black", "builtin:greedy"}, "no bot binary at " + missing},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := arenaOut(t, tc.args...)
			if got := exitStatus(err); got != 2 {
				t.Fatalf("exit status %d (%v), want 2", got, err)
			}
			if msg := err.Error(); !strings.Contains(msg, tc.want) || strings.Contains(msg, "\n") {
				t.Errorf("error %q, want one line saying %q", msg, tc.want)
			}
			if out != "" {
				t.Errorf("a usage mistake printed more than its error:\n%s", out)
			}
		})
	}
}

// TestMeantBot: a bot reference that is the bare name of a built-in or
// registered bot, and no file, is one line naming the bot meant, exit 2.
func TestMeantBot(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	reg := &registry.Registry{}
	bin := filepath.Join(dir, "bin", "p12")
	reg.Put(registry.Registered{Name: "p12", Path: bin, SHA256: strings.Repeat("0", 64)})
	if err := reg.Save(registry.DefaultFile); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"play a built-in", []string{"play", "--white", "greedy", "--black", "builtin:random"}, "no bot binary at " + filepath.Join(dir, "greedy") + ": did you mean builtin:greedy?"},
		{"check a built-in", []string{"bot", "check", "alphabeta"}, "did you mean builtin:alphabeta?"},
		{"play a registered bot", []string{"play", "--white", "builtin:random", "--black", "p12"}, "no bot binary at " + filepath.Join(dir, "p12") + ": did you mean bin/p12, registered as p12 in bots.yaml?"},
		{"a path", []string{"bot", "check", "./greedy"}, "no bot binary at " + filepath.Join(dir, "greedy")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := arenaOut(t, tc.args...)
			if exitStatus(err) != 2 || !strings.HasSuffix(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") || out != "" {
				t.Errorf("error %v (exit %d), output %q; want exit 2 and one line ending %q", err, exitStatus(err), out, tc.want)
			}
		})
	}
}

// TestClosedFolder: as root, a script bot in a folder closed to others is
// one line naming the folder and the fix, exit 2, before any bot starts.
func TestClosedFolder(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only as root does a sandboxed bot run as a uid of its own")
	}
	dir := filepath.Join(t.TempDir(), "closed")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	bot := filepath.Join(dir, "bot.py")
	if err := os.WriteFile(bot, []byte("#!/usr/bin/python3\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	want := dir + " is closed to other users (drwx------), and a sandboxed bot runs as a user of its own when arena runs as root: chmod o+rx " + dir + " (or --sandbox off)"
	for _, args := range [][]string{
		{"bot", "check", bot},
		{"play", "--white", bot, "--black", "builtin:greedy"},
	} {
		out, err := arenaOut(t, args...)
		if exitStatus(err) != 2 || err.Error() != want || out != "" {
			t.Errorf("arena %s: error %v (exit %d), output %q; want exit 2 saying %q", strings.Join(args, " "), err, exitStatus(err), out, want)
		}
	}
}
