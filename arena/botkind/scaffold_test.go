package botkind

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arenabots/arena/host/scaffold"
)

// TestParseLisp checks the spec of a Lisp bot given by its files and
// settings, as `arena bot new` gives one.
func TestParseLisp(t *testing.T) {
	// The files must exist.
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
			r, err := ParseLisp(tc.words)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("ParseLisp(%q) error = %v, want one naming %q", tc.words, err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseLisp(%q): %v", tc.words, err)
			}
			spec := r.Spec("/usr/bin/arena", r.DefaultName(), "cavalo")
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

// TestScaffolded checks the bot of each kind of project `arena bot new`
// writes: an executable of gRPC or of the line protocol, or a Lisp bot.
func TestScaffolded(t *testing.T) {
	dir := t.TempDir()
	jogo := filepath.Join(dir, "jogo.lisp")
	if err := os.WriteFile(jogo, []byte("(defun jogar (estado tempo) nil)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		p     scaffold.Project
		kind  Kind
		lines bool
	}{
		{"go", scaffold.Project{Name: "g", Lang: scaffold.Go, Dir: dir, Bot: filepath.Join(dir, "g")}, Path, false},
		{"python", scaffold.Project{Name: "p", Lang: scaffold.Python, Dir: dir, Bot: filepath.Join(dir, "p.py"), Lines: true}, Path, true},
		{"lisp", scaffold.Project{Name: "l", Lang: scaffold.Lisp, Dir: dir, Bot: jogo, Settings: []string{"state=board"}}, Lisp, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Scaffolded(&tc.p)
			if err != nil {
				t.Fatal(err)
			}
			if k, _ := r.Kind(); k != tc.kind || r.Lines() != tc.lines {
				t.Errorf("Scaffolded: kind %v, Lines %v; want %v, %v", k, r.Lines(), tc.kind, tc.lines)
			}
		})
	}
}
