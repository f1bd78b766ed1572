package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestLispSpec(t *testing.T) {
	// lispSpec wants the files to exist.
	abs := filepath.Join(t.TempDir(), "g12", "jogo.lisp")
	if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(abs, []byte("(defun jogar (estado tempo) nil)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		words   []string
		want    []string // words the serve command line must hold
		wantErr string
	}{
		{"file and settings", []string{abs, "state=board", "side=knight", "root=" + filepath.Dir(abs)},
			[]string{"lisp", "file=" + abs, "state=board", "side=knight", "root=" + filepath.Dir(abs)}, ""},
		{"defaults written out", []string{abs},
			[]string{"file=" + abs, "state=board-player-scores", "side=number"}, ""},
		{"a relative root made absolute", []string{abs, "root=."},
			[]string{"root=" + mustAbs(t, ".")}, ""},
		{"answer, of old, accepted", []string{abs, "answer=state"}, []string{"file=" + abs}, ""},
		{"bad setting", []string{abs, "state=tabuleiro"}, nil, "tabuleiro"},
		{"no file", []string{"state=board"}, nil, "files"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			spec, err := lispSpec("/usr/bin/arena", tc.words, "cavalo")
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("lispSpec(%q) error = %v, want one naming %q", tc.words, err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("lispSpec(%q): %v", tc.words, err)
			}
			if spec.Path != "/usr/bin/arena" || !slices.Equal(spec.Args[:3], []string{"bot", "serve", "lisp"}) {
				t.Errorf("spec runs %s %q, want /usr/bin/arena bot serve lisp ...", spec.Path, spec.Args)
			}
			for _, w := range tc.want {
				if !slices.Contains(spec.Args, w) {
					t.Errorf("args %q lack %q", spec.Args, w)
				}
			}
			if spec.Name != "jogo" {
				t.Errorf("name = %q, want jogo (the first file's)", spec.Name)
			}
		})
	}
}

// mustAbs returns the absolute path of p.
func mustAbs(t *testing.T, p string) string {
	t.Helper()
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
