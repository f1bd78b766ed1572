package botkind

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/host"
)

// TestImagesOff checks that a nil Images and a bot with image: false get
// their spec as it is, and no error.
func TestImagesOff(t *testing.T) {
	off := false
	c := lisp.Config{Files: []string{"/x/jogo.lisp"}, Image: &off}
	s := host.Spec{Name: "p1", Args: []string{"bot", "serve", "lisp"}}
	for _, im := range []*Images{nil, {Dir: t.TempDir()}} {
		got, err := im.Apply(context.Background(), s, c)
		if err != nil || !slices.Equal(got.Args, s.Args) || len(got.Files) != 0 {
			t.Errorf("Apply = %v, %v; want the spec as it is", got.Args, err)
		}
	}
}

// TestCheckImage checks what arena takes for a saved image, and the
// reason it keeps of a failed build's last line.
func TestCheckImage(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct{ path, want string }{
		{write("core", "LCBS\x00\x00\x00\x00rest"), ""},
		{write("empty", ""), "no image"},
		{write("text", "not a core"), "not an SBCL core"},
		{dir, "not a regular file"},
	} {
		err := checkImage(tc.path)
		if (err == nil) != (tc.want == "") || err != nil && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("checkImage(%s) = %v, want %q", filepath.Base(tc.path), err, tc.want)
		}
	}
	if got := buildReason("arena: lisp: no saved image: its loading writes dados.txt"); got != "its loading writes dados.txt" {
		t.Errorf("buildReason = %q", got)
	}
}
