package intake

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTakeMistakes: what Take refuses before it probes anything is a
// *MistakeError naming the fix, and writes nothing.
func TestTakeMistakes(t *testing.T) {
	dir := t.TempDir()
	empty, class := filepath.Join(dir, "empty"), filepath.Join(dir, "class")
	group := filepath.Join(class, "ana_2201234_rui_2205678_P2")
	for _, d := range []string{empty, group} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(group, "jogo.lisp"), []byte("(defun jogar (estado tempo) nil)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	edited := filepath.Join(dir, "mine.yaml")
	if err := os.WriteFile(edited, []byte("name: mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		c    Class
		want string
	}{
		{"no submission", Class{Dirs: []string{empty}}, "no submission in"},
		{"a person's league file", Class{Dirs: []string{class}, LeagueFile: edited}, "write the league elsewhere with -o, or pass --force"},
		{"unknown game option", Class{Dirs: []string{class}, GameName: "dots", GameOptions: map[string]int{"size": 3}}, `--game dots: game_options: dots has no option "size"`},
		{"admit no one", Class{Dirs: []string{class}, Admit: []string{"P9"}}, "--admit P9: no submission is called so"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.c
			c.Work = filepath.Join(t.TempDir(), "work")
			if c.LeagueFile == "" {
				c.LeagueFile = filepath.Join(c.Work, "league.yaml")
			}
			_, err := Take(t.Context(), c)
			if _, ok := errors.AsType[*MistakeError](err); !ok || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Take: %v, want a *MistakeError saying %q", err, tc.want)
			}
			if _, err := os.Stat(filepath.Join(c.Work, "intake.md")); err == nil {
				t.Error("Take wrote intake.md after a mistake")
			}
		})
	}
}
