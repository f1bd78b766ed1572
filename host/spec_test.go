//go:build linux

package host

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arenabots/arena/host/sandbox"
)

// TestBesideArena checks what BuiltinSpec and SelfLauncher start, with and
// without the launcher alone and the built-in bots alone beside arena.
func TestBesideArena(t *testing.T) {
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
			spec := BuiltinSpec(filepath.Join(dir, "arena"), "greedy", opts)
			for i, l := range spec.Launcher {
				if i == 0 {
					spec.Launcher[i] = filepath.Base(l)
				}
			}
			if spec.Path != filepath.Join(dir, tt.path) || !slices.Equal(spec.Args, tt.args) || !slices.Equal(spec.Launcher, tt.launcher) {
				t.Errorf("BuiltinSpec = %s %q launched by %q, want %s %q launched by %q",
					spec.Path, spec.Args, spec.Launcher, filepath.Join(dir, tt.path), tt.args, tt.launcher)
			}
		})
	}
}

// TestCheckOpen: as root, a sandboxed bot's executable, a script's
// directory and its other files must be open to others; the error names
// the file and the chmod.
func TestCheckOpen(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("CheckOpen checks only as root, where a sandboxed bot runs as a uid of its own")
	}
	for _, tt := range []struct {
		name      string
		dir, file os.FileMode
		script    bool
		sandbox   sandbox.Mode
		want      string // in the error; "" for none
	}{
		{"binary", 0o755, 0o755, false, sandbox.Strict, ""},
		{"binary in a closed folder", 0o700, 0o755, false, sandbox.Strict, ""},
		{"closed binary", 0o755, 0o700, false, sandbox.Strict, "BOT is closed to other users (-rwx------), and a sandboxed bot runs as a user of its own when arena runs as root: chmod o+x BOT"},
		{"script", 0o755, 0o755, true, sandbox.Strict, ""},
		{"script in a closed folder", 0o700, 0o755, true, sandbox.Strict, "DIR is closed to other users (drwx------), and a sandboxed bot runs as a user of its own when arena runs as root: chmod o+rx DIR"},
		{"unreadable script", 0o755, 0o711, true, sandbox.Strict, "chmod o+rx BOT"},
		{"script in a closed folder, no sandbox", 0o700, 0o700, true, sandbox.Off, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "bot")
			if err := os.Mkdir(dir, tt.dir); err != nil {
				t.Fatal(err)
			}
			bot := filepath.Join(dir, "bot")
			data := "\x7fELF"
			if tt.script {
				data = "#!/bin/sh\n"
			}
			if err := os.WriteFile(bot, []byte(data), tt.file); err != nil {
				t.Fatal(err)
			}
			spec := ExecSpec("", bot, nil)
			spec.Sandbox = tt.sandbox
			err := spec.CheckOpen()
			want := strings.NewReplacer("BOT", bot, "DIR", dir).Replace(tt.want)
			if (err == nil) != (want == "") || err != nil && !strings.Contains(err.Error(), want) {
				t.Errorf("CheckOpen = %v, want %q", err, want)
			}
		})
	}
}
