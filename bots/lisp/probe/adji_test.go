package probe

import (
	"testing"

	"github.com/arenabots/arena/bots/lisp"
	"github.com/arenabots/arena/games/adji"
)

// TestAdjiConventions checks what a probe of an Adji-boto bot tries: the
// two estados from both perspectives, one call per estado once the
// perspective is given, and the few words that name what was found.
func TestAdjiConventions(t *testing.T) {
	all, reads := conventions(adji.Name, lisp.Config{}, nil)
	if len(all) != 4 || len(reads) != 1 || Estados(adji.Name) != 2 {
		t.Errorf("%d calls, %d reads, %d estados; want 4, 1, 2", len(all), len(reads), Estados(adji.Name))
	}
	given, _ := conventions(adji.Name, lisp.Config{Perspective: lisp.PerspectiveWhite}, []string{"perspective"})
	if len(given) != Estados(adji.Name) {
		t.Errorf("perspective white given: %d calls, want %d", len(given), Estados(adji.Name))
	}
	for _, tc := range []struct {
		cfg  lisp.Config
		want string
	}{
		{lisp.Config{State: lisp.StateBoard, Perspective: lisp.PerspectiveWhite}, "board, perspective white"},
		{lisp.Config{State: lisp.StateBoardScores, Perspective: lisp.PerspectiveAbsolute}, "defaults"},
	} {
		if got := Short(adji.Name, tc.cfg.WithDefaults()); got != tc.want {
			t.Errorf("Short(%+v) = %q, want %q", tc.cfg, got, tc.want)
		}
	}
}
