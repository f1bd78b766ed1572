package probe

import (
	"testing"

	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/games/cavalo"
	"github.com/arenabots/arena/games/dots"
)

func TestConventionsGiven(t *testing.T) {
	calls, reads := conventions(cavalo.Name, lisp.Config{Perspective: lisp.PerspectiveWhite, IndexBase: 1}, []string{"perspective", "index_base"})
	// Perspective white given: one call per estado.
	if len(calls) != Estados(cavalo.Name) || len(reads) != 1 {
		t.Fatalf("%d calls and %d reads, want %d and 1", len(calls), len(reads), Estados(cavalo.Name))
	}
	for _, c := range calls {
		if c.Perspective != lisp.PerspectiveWhite {
			t.Errorf("a call with perspective %s, given white", c.Perspective)
		}
	}
	all, _ := conventions(dots.Name, lisp.Config{}, nil)
	if len(all) != Estados(dots.Name) || len(all) != 2 {
		t.Errorf("%d Dots conventions, want %d", len(all), Estados(dots.Name))
	}
}
