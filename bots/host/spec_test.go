//go:build linux

package host

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
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
